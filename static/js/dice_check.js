// Recomputes a finished game's draws from its revealed seed (docs/dice.md, dice version 2):
// SHA-256(seed) must equal the published commitment; each draw is HMAC-SHA-256(key = seed,
// message = the counter as 8 bytes big-endian), first 8 bytes as an unsigned integer x, accepted
// when x < 2^64 - (2^64 mod n), giving x mod n; otherwise the next counter is tried.
(function () {
  "use strict";
  const TWO64 = 1n << 64n;
  const enc = new TextEncoder();

  function hex(buffer) {
    return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function counterBytes(counter) {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(counter), false);
    return bytes;
  }

  async function uniform(key, counter, n) {
    const limit = TWO64 - (TWO64 % BigInt(n));
    for (;;) {
      const mac = await crypto.subtle.sign("HMAC", key, counterBytes(counter));
      const x = new DataView(mac).getBigUint64(0, false);
      counter += 1;
      if (x < limit) return [Number(x % BigInt(n)), counter];
    }
  }

  async function check() {
    const out = document.getElementById("dice-result");
    const data = JSON.parse(document.getElementById("dice-data").textContent);
    const digest = hex(await crypto.subtle.digest("SHA-256", enc.encode(data.seed)));
    if (digest !== data.commitment) {
      out.textContent = out.dataset.seedBad;
      out.dataset.ok = "false";
      return;
    }
    const key = await crypto.subtle.importKey("raw", enc.encode(data.seed), { name: "HMAC", hash: "SHA-256" },
      false, ["sign"]);
    let counter = 0;
    for (const [start, n, value, next] of data.draws) {
      const [got, after] = await uniform(key, start, n);
      if (start !== counter || got !== value || after !== next) {
        out.textContent = `${out.dataset.bad} #${start} (n=${n}): ${value} ≠ ${got}`;
        out.dataset.ok = "false";
        return;
      }
      counter = after;
    }
    out.textContent = `${out.dataset.good} ${data.draws.length}`;
    out.dataset.ok = "true";
    out.dataset.count = String(data.draws.length);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", check);
  } else {
    check();
  }
}());
