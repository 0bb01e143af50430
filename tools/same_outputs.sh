#!/usr/bin/env bash
# The outputs a refactor must keep byte-identical, from one wm binary:
# logits (prefill and decode, 40 tokens, one thread) of every fixture and
# demo model as stored and after wm quantize to Q8_0, Q4_0, Q4_K_M, F16 and
# BF16; llama.cpp's mamba2 GGUFs (logits, convert, requantize, the refusal
# without --allow-requantize); wm convert output; wm random checkpoints
# (F32, BF16, F16) of every config; session files (F16, Q8_0, F32 caches)
# and the text generated before and after restoring them.
#   tools/same_outputs.sh OLD_WM old-out && tools/same_outputs.sh NEW_WM new-out
#   diff old-out.md5 new-out.md5          # empty: byte-identical
# (build OLD_WM from an earlier commit: git show REV:wm.h and REV:examples/*, then cc wm.c and serve.c when it has one)
set -u
W=$1; O=$2
cd "$(dirname "$0")/.."
rm -rf "$O"; mkdir -p "$O"
IDS="1 5 9 2 7 3 11 4 8 6 10 12 13 2 1 17 19 3 5 7 9 23 29 31 30 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30"
for d in tests/fixtures/*/ examples/models/*/; do
  [ -f "$d/config.json" ] || continue
  n=$(basename "$d")
  "$W" logits "$d" --ids "$IDS" --out "$O/$n.pre" -t 1 2>/dev/null
  "$W" logits "$d" --ids "$IDS" --out "$O/$n.dec" --decode -t 1 2>/dev/null
  "$W" convert "$d" "$O/$n.conv.gguf" >/dev/null 2>&1
  for q in q8_0 q4_0 q4_k_m f16 bf16; do
    "$W" quantize "$d" "$O/$n.$q.gguf" --type $q >/dev/null 2>&1
    "$W" logits "$O/$n.$q.gguf" --ids "$IDS" --out "$O/$n.$q.pre" -t 1 2>/dev/null
    "$W" logits "$O/$n.$q.gguf" --ids "$IDS" --out "$O/$n.$q.dec" --decode -t 1 2>/dev/null
  done
  for dt in f32 bf16 f16; do "$W" random "$d/config.json" "$O/rnd-$n-$dt" -s 7 --dtype $dt >/dev/null 2>&1; done
done
for g in tests/fixtures/llama-mamba2/*.gguf; do
  n=$(basename "$g" .gguf)
  "$W" logits "$g" --ids "$IDS" --out "$O/lm-$n.pre" -t 1 2>/dev/null
  "$W" logits "$g" --ids "$IDS" --out "$O/lm-$n.dec" --decode -t 1 2>/dev/null
  "$W" convert "$g" "$O/lm-$n.conv.gguf" >/dev/null 2>&1
  for q in q8_0 q4_k_m f16; do "$W" quantize "$g" "$O/lm-$n.$q.gguf" --type $q --allow-requantize >/dev/null 2>&1; done
  "$W" quantize "$g" "$O/lm-$n.rq.gguf" --type q4_0 2>&1 | sed "s|$O/||; s/ in [0-9.]* s\(, \|$\)/\1/" > "$O/lm-$n.rq.txt"
done
for m in cheems-demo doge-demo; do
  for ct in f16 q8_0 f32; do
    "$W" generate examples/models/$m -p "Once upon a time" -n 8 --temp 0 -s 1 --cache-type $ct --save-session "$O/$m-$ct.sess" > "$O/$m-$ct.gen.txt" 2>/dev/null
    "$W" generate examples/models/$m -p " there" -n 4 --temp 0.8 -s 3 --load-session "$O/$m-$ct.sess" > "$O/$m-$ct.gen2.txt" 2>/dev/null
  done
  "$W" generate examples/models/$m -p "Hello" -n 16 --temp 0.9 --top-k 20 -s 5 -t 2 > "$O/$m.gen-t2.txt" 2>/dev/null
done
(cd "$O" && find . -type f | sort | xargs md5sum) > "$O.md5"
echo "$(wc -l < "$O.md5") files in $O.md5"
