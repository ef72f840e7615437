-- wrk script of bench/workloads/wrk.ts: each request asks the next path of a file (one a line). Thread k
-- of n takes the lines k, k + n, k + 2n, ...: the connections of a thread share its Lua state,
-- so no path is asked twice while the list lasts. Past its end a thread starts over (a
-- repeating mix does so on purpose); done() prints how many requests came after that, and
-- with "statuses" the count of each status (reading every answer costs wrk some time).
--   wrk -t N -c 32 -d 10s -s wrk-paths.lua http://127.0.0.1:PORT -- FILE N [statuses]
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
  statuses = {}
  if args[3] == "statuses" then
    function response(status, headers, body)
      statuses[status] = (statuses[status] or 0) + 1
    end
  end
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
    for status, n in pairs(thread:get("statuses")) do
      io.write(string.format("wrk-status %d %d\n", status, n))
    end
  end
  local e = summary.errors
  io.write(string.format(
    'wrk-result {"requests":%d,"us":%d,"p50":%d,"p99":%d,"p999":%d,"max":%d,"status":%d,"socket":%d,"timeout":%d,"repeated":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), latency.max, e.status, e.connect + e.read + e.write, e.timeout,
    repeated))
end
