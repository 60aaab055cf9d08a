// Subscribe this browser to web push: register the service worker, ask PushManager for a
// subscription with the site's VAPID key, and hand it to the server.
(function () {
  "use strict";
  var box = document.getElementById("talk-push");
  if (!box) return;
  var status = document.getElementById("talk-push-status");
  function say(text) { status.textContent = text; }
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    say(box.dataset.unsupported);
    return;
  }
  function keyBytes(b64) {
    var padded = (b64 + "===".slice((b64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }
  function send(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf},
      body: JSON.stringify(body)
    });
  }
  document.getElementById("talk-push-on").addEventListener("click", function () {
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { say(box.dataset.refused); return null; }
      return navigator.serviceWorker.register(box.dataset.worker).then(function (registration) {
        return registration.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.key)});
      }).then(function (subscription) {
        return send(box.dataset.subscribe, subscription.toJSON());
      }).then(function (response) { say(response.ok ? box.dataset.done : box.dataset.failed); });
    }).catch(function (error) { say(String(error)); });
  });
  document.getElementById("talk-push-off").addEventListener("click", function () {
    navigator.serviceWorker.getRegistration(box.dataset.worker).then(function (registration) {
      return registration && registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      var endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () { return send(box.dataset.unsubscribe, {endpoint: endpoint}); });
    }).then(function () { say(box.dataset.done); }).catch(function (error) { say(String(error)); });
  });
})();
