#!/usr/bin/env bash
# Held-out perplexity of a model in every llama-quantize mix wm quantize
# writes (BENCH.md, "Perplexity per quant type"):
#   tools/bench_ppl_types.sh MODEL [TEXT] [CTX] [OUT_DIR]
# MODEL: a checkpoint directory or an F32/F16/BF16 GGUF. Prints a markdown
# table: mix, weight MB, perplexity +/- its standard error, change vs F16.
set -eu
cd "$(dirname "$0")/.."
model=$1
text=${2:-tests/fixtures/heldout.txt}
ctx=${3:-256}
out=${4:-build/ppl-types}
wm=build/wm
mkdir -p "$out"
base=""
echo "| mix | weights MB | perplexity | vs F16 |"
echo "|---|---:|---:|---:|"
for t in F16 Q8_0 Q6_K Q5_K_M Q5_K_S Q5_1 Q5_0 Q4_K_M Q4_K_S Q4_1 Q4_0 IQ4_NL IQ4_XS Q3_K_L Q3_K_M Q3_K_S Q2_K; do
  f="$out/$(basename "$model" .gguf)-$t.gguf"
  "$wm" quantize "$model" "$f" "$t" --allow-requantize 2>"$out/q.log" >/dev/null
  mb=$(sed -n 's/.*tensors, \([0-9.]*\) MB of weights.*/\1/p' "$out/q.log")
  r=$("$wm" perplexity "$f" --file "$text" --ctx "$ctx" 2>/dev/null | sed -n 's/^Final estimate: PPL = //p')
  p=${r%% *}
  [ -n "$base" ] || base=$p
  echo "| $t | $mb | $r | $(python3 -c "print('%+.2f %%' % (100 * ($p / $base - 1)))") |"
  rm -f "$f"
done
