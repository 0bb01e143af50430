#!/bin/sh
# llama.cpp's commands as its users type them, each tool replaced by wm's
# command of the same job: sh tests/llama_commands.sh [WM] [OUT_DIR] [TEXT]
set -e
WM=${1:-build/wm}
OUT=${2:-build/tmp}
TEXT=${3:-tests/fixtures/heldout.txt}
mkdir -p "$OUT"
LLAMA_QUANTIZE="$WM quantize"
LLAMA_CLI="$WM generate"
LLAMA_BENCH="$WM bench"
LLAMA_PERPLEXITY="$WM perplexity"

$LLAMA_QUANTIZE examples/models/doge-demo "$OUT/doge-Q5_K_M.gguf" Q5_K_M
$LLAMA_CLI -m "$OUT/doge-Q5_K_M.gguf" -p "The secret of a happy life is" -n 16 -c 256 -s -1 --top-k 40 --top-p 0.9 --temp 0.7 --repeat-penalty 1.1
$LLAMA_CLI -m "$OUT/doge-Q5_K_M.gguf" -p "The secret of a happy life is" -n 64 --ctx-size 256 --seed 42 --top_k 1 -r "Tolkien"
$LLAMA_BENCH -m "$OUT/doge-Q5_K_M.gguf" -p 512 -n 128 -r 5 -o md
$LLAMA_PERPLEXITY -m "$OUT/doge-Q5_K_M.gguf" -f "$TEXT" -c 256
rm -f "$OUT/doge-Q5_K_M.gguf"
