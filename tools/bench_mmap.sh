#!/usr/bin/env bash
# Loading a model mapped (wm's default) or read into memory (--no-mmap):
# time to first token (wm generate -n 1: open, tokenize, prefill, one
# token) with the page cache dropped (needs root; skipped otherwise) and
# warm, and decode speed (wm bench tg64), pairs interleaved.
#   tools/bench_mmap.sh MODEL.gguf [WM]
# Prints "cold|warm MODE seconds max-RSS-KB" and "bench MODE t/s" lines.
f=${1:?usage: tools/bench_mmap.sh MODEL.gguf [WM]}; wm=${2:-build/wm}
ttft() { /usr/bin/time -f "%e %M" "$wm" generate "$f" -p "The secret of a happy life is" -n 1 --temp 0 -t 1 "$1" 2>&1 >/dev/null | tail -1; }
if [ -w /proc/sys/vm/drop_caches ]; then
  for r in 1 2 3; do for m in --mmap --no-mmap; do sync; echo 3 > /proc/sys/vm/drop_caches; echo "cold $m $(ttft $m)"; done; done
fi
for r in 1 2 3 4 5 6 7; do for m in --mmap --no-mmap; do echo "warm $m $(ttft $m)"; done; done
for r in 1 2 3; do for m in --mmap --no-mmap; do
  echo "bench $m $("$wm" bench "$f" -p 64 -n 64 -r 3 -o csv -t 1 "$m" 2>/dev/null | grep tg64 | cut -d, -f11)"
done; done
