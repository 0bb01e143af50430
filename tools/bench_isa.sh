#!/usr/bin/env bash
# The ISA chosen at run time (issue 22): the plain build (AVX2 bodies under
# target attributes, picked by cpuid) against one compiled for AVX2 as a
# whole (-mavx2 -mfma -mf16c), on the same files, one thread; rounds
# alternate which build goes first; medians and their ratio. Prints a
# markdown table.
#   tools/bench_isa.sh ROUNDS FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=$1; shift
out=${BENCH_DIR:-build/bench}
mkdir -p "$out"
cc -std=c99 -O2 -pthread examples/wm.c examples/serve.c -o "$out/wm-rt" -lm
cc -std=c99 -O2 -pthread -mavx2 -mfma -mf16c examples/wm.c examples/serve.c -o "$out/wm-ct" -lm
res="$out/isa.tsv"
: > "$res"
for r in $(seq "$rounds"); do
  order="rt ct"; [ $((r % 2)) = 0 ] && order="ct rt"
  for f in "$@"; do
    for b in $order; do
      j=$("$out/wm-$b" bench "$f" --prompt-len 256 --gen 32 -t 1 2>/dev/null)
      p=$(echo "$j" | sed 's/.*"prefill_tps": \([0-9.]*\).*/\1/'); d=$(echo "$j" | sed 's/.*"decode_tps_median": \([0-9.]*\).*/\1/')
      i=$(echo "$j" | sed 's/.*"isa": "\([^"]*\)".*/\1/')
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$(basename "$f")" "$b" "$p" "$d" "$i" >> "$res"
      echo "round $r $(basename "$f") $b ($i): prefill $p tok/s, decode $d tok/s" >&2
    done
  done
done
python3 - "$res" <<'PY'
import sys, statistics as st
rows = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l]
files = list(dict.fromkeys(r[1] for r in rows))
def med(f, b, k): return st.median(float(r[k]) for r in rows if r[1] == f and r[2] == b)
print("| file | prefill: run-time / compile-time (tok/s) | ratio | decode: run-time / compile-time (tok/s) | ratio |")
print("|---|---:|---:|---:|---:|")
for f in files:
    p1, p2, d1, d2 = med(f, 'rt', 3), med(f, 'ct', 3), med(f, 'rt', 4), med(f, 'ct', 4)
    print(f"| {f} | {p1:.1f} / {p2:.1f} | {p1 / p2:.2f}x | {d1:.1f} / {d2:.1f} | {d1 / d2:.2f}x |")
PY
