-- wrk script: sums the Server-Timing "app;dur=" of every response (the in-worker time) and counts
-- statuses, then prints them as one line for bench/http.py to read.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  app_total, app_count, bad = 0, 0, 0
end

function response(status, headers, body)
  if status >= 400 then bad = bad + 1 end
  local timing = headers["Server-Timing"] or headers["server-timing"]
  if timing then
    local dur = tonumber(string.match(timing, "dur=([%d%.]+)"))
    if dur then
      app_total = app_total + dur
      app_count = app_count + 1
    end
  end
end

function done(summary, latency, requests)
  local total, count, errors = 0, 0, 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("app_total")
    count = count + thread:get("app_count")
    errors = errors + thread:get("bad")
  end
  io.write(string.format("APP %f %d %d\n", total, count, errors))
end
