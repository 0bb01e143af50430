#!/usr/bin/env bash
# Threads (issue 22): wm bench at -t 1 and -t 2, on a quiet machine and with
# two busy-looping processes beside it, for the default build (wm.h's pool of
# POSIX threads) and an OpenMP build (-fopenmp -DWM_NO_THREADS); rounds
# interleave every case, medians. Prints a markdown table.
#   tools/bench_threads.sh MODEL [ROUNDS] [PROMPT] [GEN]
set -euo pipefail
cd "$(dirname "$0")/.."
model=$1; rounds=${2:-3}; plen=${3:-256}; gen=${4:-32}
source tools/bench_env.sh >/dev/null 2>&1 || true
out=${BENCH_DIR:-build/bench}
mkdir -p "$out"
flags="-std=c99 -O2 $simd"
cc $flags examples/wm.c examples/serve.c -o "$out/wm-pool" -lm
cc $flags -fopenmp -DWM_NO_THREADS examples/wm.c examples/serve.c -o "$out/wm-omp" -lm
res="$out/threads.tsv"
: > "$res"
loopers=()
stop_loopers() { for p in "${loopers[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; loopers=(); }
trap stop_loopers EXIT
for r in $(seq "$rounds"); do
  for load in quiet loaded; do
    if [ "$load" = loaded ]; then
      for _ in 1 2; do (while :; do :; done) & loopers+=($!); done
    fi
    for b in pool omp; do
      for t in 1 2; do
        j=$("$out/wm-$b" bench "$model" --prompt-len "$plen" --gen "$gen" -t "$t" 2>/dev/null)
        p=$(echo "$j" | sed 's/.*"prefill_tps": \([0-9.]*\).*/\1/'); d=$(echo "$j" | sed 's/.*"decode_tps_median": \([0-9.]*\).*/\1/')
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$load" "$b" "$t" "$p" "$d" >> "$res"
        echo "round $r $load $b -t $t: prefill $p tok/s, decode $d tok/s" >&2
      done
    done
    stop_loopers
  done
done
python3 - "$res" <<'PY'
import sys, statistics as st
rows = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l]
def med(load, b, t, k):
    v = [float(r[4 + k]) for r in rows if r[1] == load and r[2] == b and r[3] == str(t)]
    return st.median(v)
print("| machine | build | prefill -t 1 | prefill -t 2 | 2 / 1 | decode -t 1 | decode -t 2 | 2 / 1 |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for load in ("quiet", "loaded"):
    for b in ("pool", "omp"):
        p1, p2, d1, d2 = med(load, b, 1, 0), med(load, b, 2, 0), med(load, b, 1, 1), med(load, b, 2, 1)
        print("| %s | %s | %.1f | %.1f | %.2fx | %.1f | %.1f | %.2fx |" % (
            "quiet" if load == "quiet" else "2 busy loops beside it", "wm.h pool (default)" if b == "pool" else "OpenMP",
            p1, p2, p2 / p1, d1, d2, d2 / d1))
PY
