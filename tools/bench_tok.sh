#!/usr/bin/env bash
# Tokenizer speed (make bench-tok): wm tokenize --count on every tokenizer of
# tests/fixtures/tok/ and the Doge one, one core: English (the held-out GPL
# text, 160 copies, 5.6 MB) and pathological inputs at 1 MB and 4 MB (one
# letter repeated, spaces, random bytes, combining marks, digits, unfinished
# special tokens) for linearity. Writes build/bench/tok.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_DIR:-build/bench}/tok
mkdir -p "$out"
make -s build/wm
python3 - "$out" <<'PY'
import random, sys
d = sys.argv[1]
en = open("tests/fixtures/heldout.txt", encoding="utf-8").read()
open(d + "/en.txt", "w", encoding="utf-8").write(en * 160)
random.seed(1)
for mb in (1, 4):
    n = mb << 20
    open("%s/a%d.txt" % (d, mb), "w").write("a" * n)
    open("%s/s%d.txt" % (d, mb), "w").write(" " * n)
    open("%s/r%d.txt" % (d, mb), "wb").write(bytes(random.getrandbits(8) for _ in range(n)))
    open("%s/m%d.txt" % (d, mb), "w", encoding="utf-8").write("a" + "\u0301" * (n // 2))
    open("%s/d%d.txt" % (d, mb), "w").write("1" * n)
    open("%s/t%d.txt" % (d, mb), "w").write("<|endoftex" * (n // 10))
PY
# best of 3 runs (a shared machine is noisy): "seconds MB/s"
speed() {
  for _ in 1 2 3; do build/wm tokenize "$1" -f "$2" --count 2>&1 >/dev/null | sed -n 's/.* in \([0-9.]*\) s (\([0-9.]*\) MB\/s)/\1 \2/p'; done |
    sort -g | head -1
}
{
  echo "| tokenizer | English MB/s | 1 MB -> 4 MB time ratio (a, spaces, random, marks, digits, <\|...) |"
  echo "|---|---:|---|"
  for gz in tests/fixtures/tok/*.tokenizer.json.gz doge; do
    if [ "$gz" = doge ]; then name=doge; tj=tests/fixtures/tokenizer-doge/tokenizer.json
    else name=$(basename "$gz" .tokenizer.json.gz); tj="$out/$name.json"; gzip -dc "$gz" > "$tj"; fi
    read -r _ mbs < <(speed "$tj" "$out/en.txt")
    ratios=""
    for p in a s r m d t; do
      read -r t1 _ < <(speed "$tj" "$out/${p}1.txt"); read -r t4 _ < <(speed "$tj" "$out/${p}4.txt")
      ratios="$ratios $(python3 -c "print('%.1f' % ($t4 / max($t1, 1e-4)))")"
    done
    echo "| $name | $mbs |$ratios |"
  done
} | tee "$out/../tok.md"
