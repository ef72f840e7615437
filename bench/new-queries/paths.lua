-- wrk script of bench/new-queries.ts: each request asks the next path of a file (one a line).
-- Thread k of n takes the lines k, k + n, k + 2n, ...: the connections of a thread share its
-- Lua state, so no path is asked twice while the list lasts. Past its end a thread starts over
-- (the repeating mix does so on purpose); done() prints how many requests came after that.
--   wrk -t N -c 32 -d 10s -s paths.lua http://127.0.0.1:PORT -- FILE N
local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file, count = args[1], tonumber(args[2])
  paths = {}
  local i = 0
  for line in io.lines(file) do
    if i % count == id then paths[#paths + 1] = line end
    i = i + 1
  end
  asked = 0
  listed = #paths
end

function request()
  local path = paths[asked % listed + 1]
  asked = asked + 1
  return wrk.format("GET", path)
end

function done(summary, latency, requests)
  local repeated = 0
  for _, thread in ipairs(threads) do
    repeated = repeated + math.max(0, thread:get("asked") - thread:get("listed"))
  end
  local e = summary.errors
  io.write(string.format(
    'wrk-result {"requests":%d,"us":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"socket":%d,"timeout":%d,"repeated":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write, e.timeout, repeated))
end
