#!/usr/bin/env bash
# The whole test suite: type check, lint, then every bun test. Ends with "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
bin=node_modules/.bin
passed=0
failed=0
step() {
  local name=$1
  shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; else failed=$((failed + 1)); echo "FAILED: $name"; fi
}
step "type check (tsc --noEmit)" "$bin/tsc" --noEmit -p .
step "lint and format (biome check)" "$bin/biome" check .
log=$(mktemp)
"$bin/bun" test "$@" 2>&1 | tee "$log"
test_rc=${PIPESTATUS[0]}
pass=$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | tr -dc 0-9)
fail=$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | tr -dc 0-9)
errors=$(grep -Eo '^ *[0-9]+ errors?$' "$log" | tail -1 | tr -dc 0-9)
rm -f "$log"
passed=$((passed + ${pass:-0}))
failed=$((failed + ${fail:-0} + ${errors:-0}))
# A crashed runner reports no summary: count it as a failure.
if [ "$test_rc" -ne 0 ] && [ "${fail:-0}" -eq 0 ] && [ "${errors:-0}" -eq 0 ]; then failed=$((failed + 1)); fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
