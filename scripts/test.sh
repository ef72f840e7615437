#!/usr/bin/env bash
# The whole test suite: type check, lint, dead code, then every bun test, then the HTTP suite
# again against Redis (VITRINA_TEST_STORE=redis: each test's services run with --redis-url on a
# private redis-server) and against a Redis Cluster (VITRINA_TEST_STORE=cluster: one private cluster of
# 3 masters and 3 replicas for the run, --redis-cluster). Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
bin=node_modules/.bin
passed=0
failed=0
# Every failure's name, repeated just before the totals: CI keeps only the tail of a long log.
failures=""
step() {
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok: $name"
  else
    failed=$((failed + 1))
    failures+="FAILED: $name"$'\n'
    echo "FAILED: $name"
  fi
}
# Runs bun test with the given environment and arguments, adding its counts to the totals.
tests() {
  local label=$1
  shift
  local log
  log=$(mktemp)
  echo "== bun test: $label"
  env "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local pass fail errors
  pass=$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | tr -dc 0-9)
  fail=$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | tr -dc 0-9)
  errors=$(grep -Eo '^ *[0-9]+ errors?$' "$log" | tail -1 | tr -dc 0-9)
  local failing
  failing=$(grep -E '^\(fail\)|^error: ' "$log" | awk '!seen[$0]++' | sed "s|^|[$label] |")
  [ -z "$failing" ] || failures+="$failing"$'\n'
  rm -f "$log"
  passed=$((passed + ${pass:-0}))
  failed=$((failed + ${fail:-0} + ${errors:-0}))
  # A crashed runner reports no summary: count it as a failure.
  if [ "$rc" -ne 0 ] && [ "${fail:-0}" -eq 0 ] && [ "${errors:-0}" -eq 0 ]; then failed=$((failed + 1)); fi
}
step "type check (tsc --noEmit)" "$bin/tsc" --noEmit -p .
step "lint and format (biome check)" "$bin/biome" check .
# Exports, files and dependencies that nothing uses (knip.jsonc names the entry points).
step "dead code (knip)" "$bin/knip"
if ! command -v redis-server >/dev/null 2>&1; then
  echo "redis-server is not installed: the Redis-mode tests will fail (apt-get install redis-server)"
fi
if [ ! -x "${VITRINA_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "chromium is not installed: the browser tests will fail (apt-get install chromium)"
fi
tests "embedded (SQLite) mode, every test" "$bin/bun" test --timeout 60000 "$@"
if [ $# -eq 0 ]; then set -- test/http; fi
tests "Redis mode, the HTTP suite" VITRINA_TEST_STORE=redis "$bin/bun" test --timeout 60000 "$@"
tests "Redis Cluster mode, the HTTP suite" VITRINA_TEST_STORE=cluster "$bin/bun" test --timeout 60000 "$@"
if [ -n "$failures" ]; then
  echo "== what failed"
  printf '%s' "$failures"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
