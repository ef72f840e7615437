/**
 * The Lua function every writing script uses to append a change-log entry, in the same script
 * (so in the same atomic step) as the records it announces.
 *
 * Positions: the domain's counter `seq` is incremented by one per entry and the entry gets the
 * explicit stream id `<seq>-0`, so ChangeEntry.seq is a plain number, dense (1, 2, 3, ...) and
 * monotonic per domain, and a reader can tell a trimmed gap from an empty log (see
 * change-log.ts). XADD runs before SET: if XADD failed, the counter would not have moved.
 * `at` is the server's clock (TIME), so the age of entries is measured on one clock.
 */
export const APPEND_LOG_LUA = `
local function append_log(seq_key, log_key, kind, ids_json)
  local seq = tonumber(redis.call('GET', seq_key) or '0') + 1
  local t = redis.call('TIME')
  local at = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('XADD', log_key, string.format('%d-0', seq), 'kind', kind, 'ids', ids_json, 'at', string.format('%d', at))
  redis.call('SET', seq_key, seq)
  return seq
end

-- What a products entry wrote, beside it under the same id (keys.ts, "log-w"): the other nodes
-- index from it instead of reading the records back (change-log.ts).
local function append_written(written_key, seq, records, offers)
  redis.call('XADD', written_key, string.format('%d-0', seq), 'records', records, 'offers', offers)
end
`;
