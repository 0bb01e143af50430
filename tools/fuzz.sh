#!/usr/bin/env bash
# The fuzz harnesses of tests/fuzz, run by make (make fuzz, fuzz-smoke, fuzz-replay).
#   tools/fuzz.sh run SECONDS [HARNESS...]   each harness for SECONDS (FUZZ_JOBS at a time) on
#                                            build/fuzz/corpus/NAME + the seeds + the regression corpus
#   tools/fuzz.sh replay [HARNESS...]        every input of tests/fuzz/regress/NAME, once
# Prints executions and findings per harness; exits 1 on any finding.
set -u
cd "$(dirname "$0")/.."
mode=$1; shift
secs=0
if [ "$mode" = run ]; then secs=$1; shift; fi
names=${*:-$(ls tests/fuzz/*.c | xargs -n1 basename | sed 's/\.c$//' | grep -v '^seeds$')}
jobs=${FUZZ_JOBS:-2}
out=build/fuzz/logs
mkdir -p "$out"

one() { # harness -> runs it, writes $out/NAME.result
  local n=$1 bin=build/fuzz/$1 reg=tests/fuzz/regress/$1
  mkdir -p "$reg" "build/fuzz/corpus/$n" "build/fuzz/seed/$n"
  if [ "$mode" = replay ]; then
    local files=("$reg"/*) rc=0
    if [ -e "${files[0]}" ]; then WM_ROOT=. "$bin" "${files[@]}" >"$out/$n.log" 2>&1 || rc=$?; fi
    echo "$n ${#files[@]} $rc" >"$out/$n.result"
    [ -e "${files[0]}" ] || echo "$n 0 0" >"$out/$n.result"
    return
  fi
  rm -f build/fuzz/crash-$n-*
  WM_ROOT=. "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/crash-$n-" "build/fuzz/corpus/$n" "build/fuzz/seed/$n" "$reg" >"$out/$n.log" 2>&1
  local rc=$? execs
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$n.log" | grep -o '[0-9]*$' | tail -1)
  echo "$n ${execs:-0} $rc $(ls build/fuzz/crash-$n-* 2>/dev/null | wc -l)" >"$out/$n.result"
}

running=0
for n in $names; do
  one "$n" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

bad=0
if [ "$mode" = replay ]; then
  for n in $names; do
    read -r _ files rc <"$out/$n.result"
    printf 'fuzz replay %-13s %4s inputs  %s\n' "$n" "$files" "$([ "$rc" = 0 ] && echo ok || echo FAILED)"
    [ "$rc" = 0 ] || { bad=1; tail -20 "$out/$n.log"; }
  done
else
  for n in $names; do
    read -r _ execs rc found <"$out/$n.result"
    printf 'fuzz %-13s %10s executions in %ss (%s/s)  %s\n' "$n" "$execs" "$secs" "$((execs / (secs > 0 ? secs : 1)))" \
      "$([ "$found" = 0 ] && [ "$rc" = 0 ] && echo "0 findings" || echo "FINDING: $(ls build/fuzz/crash-$n-* 2>/dev/null | head -3 | tr '\n' ' ')")"
    if [ "$found" != 0 ] || [ "$rc" != 0 ]; then bad=1; grep -m3 -E 'ERROR|invariant|SUMMARY|runtime error' "$out/$n.log"; fi
  done
fi
exit $bad
