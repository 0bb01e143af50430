#!/usr/bin/env bash
# Thread scaling and ISAs side by side (issue 35): the Mamba-2 130M shape
# (hidden 768, 24 layers, state 128, vocab 32768) as F32, BF16, Q8_0, Q4_0
# and Q4_K_M GGUFs made by `wm random` + `wm quantize` (the Doge tokenizer
# copied in, so llama.cpp loads them too), and the 1.3B shape (hidden 2048,
# 48 layers) as Q4_K_M; `wm bench` at each thread count (its pool statistics
# in the JSON line) and, where LLAMA_BENCH names a llama-bench binary, that
# one on the same files, one after the other; at one thread also
# `--isa avx2` against the default ISA. Rows go to OUT/scale.tsv
# (program, file, threads, ISA asked, ISA run, prefill tok/s, decode tok/s,
# pool jobs, jobs run alone, jobs that woke sleepers, idle workers' yields that lost
# their core); a markdown summary to stdout.
#   WM=build/wm LLAMA_BENCH=... tools/bench_scale.sh OUT "1 4 16" [PROMPT] [GEN] [big]
# (MODELS: where the checkpoints and GGUFs go, reused when there; FILES:
# a subset of the files to run, in the order given; TOKENIZER: a tokenizer.json of 32768 ids;
# BUDGET: seconds after which no further run starts, so a lent machine's minutes end with a summary;
# ISAS1: the ISAs of the quantized files at one thread (default "auto avx2"; e.g. "auto avx512+vnni avx2" beside AMX);
# PROJECT=1: per file also `wm bench --project-threads T` at the largest thread count T, one core running T threads'
# items: what the split allows, printed beside the speed-up measured, whose gap is waits, memory and clocks)
# On a lent many-core machine, whose minutes are few: build wm and a static llama-bench beforehand, carry
# them, and run the slow, telling cells first, e.g. BUDGET=480 FILES="m1300-q4_k_m m130-q4_k_m m130-q8_0
# m130-q4_0 m130-f32 m130-bf16" tools/bench_scale.sh OUT "1 16 4" 512 128 big (drawing the checkpoints
# takes about a minute there: `wm random` on one thread, `wm quantize` on all).
set -euo pipefail
out=$1; threads=$2; plen=${3:-512}; gen=${4:-128}; big=${5:-}
wm=${WM:-build/wm}
tmax=$(printf '%s\n' $threads | sort -n | tail -n 1)
tok=${TOKENIZER:-tests/fixtures/tokenizer-doge/tokenizer.json} # (the 32768-id Doge tokenizer)
mkdir -p "$out"
res="$out/scale.tsv"
: > "$res"
: > "$out/raw.txt" # (every JSON line as it came)
models=${MODELS:-/tmp/wm-scale}
mkdir -p "$models"
cfg() { # hidden layers heads
  printf '{"model_type": "mamba2", "vocab_size": 32768, "hidden_size": %d, "num_hidden_layers": %d, "state_size": 128, "head_dim": 64, "expand": 2, "num_heads": %d, "n_groups": 1, "conv_kernel": 4, "chunk_size": 256, "tie_word_embeddings": true, "bos_token_id": 0, "eos_token_id": 0, "use_conv_bias": true}\n' "$1" "$2" "$3"
}
make_model() { # name hidden layers heads types...
  local name=$1 h=$2 l=$3 nh=$4; shift 4
  if [ ! -d "$models/$name" ]; then
    cfg "$h" "$l" "$nh" > "$models/$name.json"
    "$wm" random "$models/$name.json" "$models/$name" --seed 1 --dtype bf16 >&2
    cp "$tok" "$models/$name/"
  fi
  for t in "$@"; do [ -f "$models/$name-$t.gguf" ] || "$wm" quantize "$models/$name" "$models/$name-$t.gguf" "$t" >&2 & done
  wait
}
make_model m130 768 24 24 f32 bf16 q8_0 q4_0 q4_k_m
files="m130-f32 m130-bf16 m130-q8_0 m130-q4_0 m130-q4_k_m"
if [ -n "$big" ]; then make_model m1300 2048 48 64 q4_k_m; files="$files m1300-q4_k_m"; fi  # (decodes at most 32 tokens)
files=${FILES:-$files} # (FILES="m1300-q4_k_m": only those)
field() { python3 -c 'import json,sys
try: j = json.loads(sys.stdin.read())
except Exception: print("-"); sys.exit()
print(*[j.get(k, "-") for k in sys.argv[1:]], sep="\t")' "$@"; }
start=$(date +%s)
late() { [ -n "${BUDGET:-}" ] && [ $(($(date +%s) - start)) -ge "$BUDGET" ] && echo "bench_scale: BUDGET $BUDGET s spent: $f -t $t and after not run" >&2; }
for f in $files; do
  for t in $threads; do
    if late; then break 2; fi
    isas="auto"; [ "$t" = 1 ] && case $f in m130-q8_0|m130-q4_0|m130-q4_k_m) isas=${ISAS1:-auto avx2};; esac
    g=$gen; case $f in m1300*) g=$((gen < 32 ? gen : 32));; esac
    for isa in $isas; do
      j=$("$wm" bench "$models/$f.gguf" --prompt-len "$plen" --gen "$g" -t "$t" --isa "$isa" --pool-stats 2>/dev/null || true)
      printf '# wm %s -t %s --isa %s\n%s\n' "$f" "$t" "$isa" "$j" >> "$out/raw.txt"
      printf 'wm\t%s\t%s\t%s\t%s\n' "$f" "$t" "$isa" "$(echo "$j" | field isa prefill_tps decode_tps_median pool_jobs pool_jobs_alone pool_woke pool_lost)" | tee -a "$res" >&2
    done
    if [ -n "${PROJECT:-}" ] && [ "$t" = "$tmax" ] && [ "$t" -gt 1 ]; then
      j=$("$wm" bench "$models/$f.gguf" --prompt-len "$plen" --gen "$g" --project-threads "$t" 2>/dev/null || true)
      printf '# wm %s --project-threads %s\n%s\n' "$f" "$t" "$j" >> "$out/raw.txt"
      printf 'projected\t%s\t%s\tauto\t%s\n' "$f" "$t" "$(echo "$j" | field isa projected_speedup_prefill projected_speedup_decode)" | tee -a "$res" >&2
    fi
    if [ -n "${LLAMA_BENCH:-}" ]; then
      j=$("$LLAMA_BENCH" -m "$models/$f.gguf" -t "$t" -p "$plen" -n "$g" -r 1 -o json 2>/dev/null || true)
      printf '# llama-bench %s -t %s\n%s\n' "$f" "$t" "$j" >> "$out/raw.txt"
      printf 'llama.cpp\t%s\t%s\tauto\t%s\n' "$f" "$t" "$(echo "$j" | python3 -c 'import json,sys
try:
    r = json.loads(sys.stdin.read()); pp = [x["avg_ts"] for x in r if x["n_gen"] == 0]; tg = [x["avg_ts"] for x in r if x["n_prompt"] == 0]
    print("-", pp[0] if pp else "-", tg[0] if tg else "-", "-", "-", "-", "-", sep="\t")
except Exception: print("-\t-\t-\t-\t-\t-\t-")')" | tee -a "$res" >&2
    fi
  done
done
python3 - "$res" <<'PY'
import sys
rows = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l]
def get(p, f, t, isa='auto'):
    for r in rows:
        if r[0] == p and r[1] == f and r[2] == t and r[3] == isa:
            try: return float(r[5]), float(r[6]), r
            except ValueError: return None
    return None
def num(x): return f"{x:.1f}"
print("| file | threads | wm.h isa | wm.h pp / tg tok/s | llama.cpp pp / tg tok/s | wm.h / llama.cpp pp / tg | pool jobs (alone; woke, lost) |")
print("|---|---:|---|---:|---:|---:|---:|")
for f in dict.fromkeys(r[1] for r in rows):
    for t in dict.fromkeys(r[2] for r in rows if r[1] == f):
        w = get('wm', f, t, 'auto'); l = get('llama.cpp', f, t)
        if not w: print(f"| {f} | {t} | - | failed | | | |"); continue
        ratio = f"{w[0] / l[0]:.2f} / {w[1] / l[1]:.2f}" if l else "-"
        print(f"| {f} | {t} | {w[2][4]} | {num(w[0])} / {num(w[1])} | {num(l[0]) + ' / ' + num(l[1]) if l else '-'} | {ratio} | {w[2][7]} ({w[2][8]}; {w[2][9]}, {w[2][10]}) |")
print()
print("| file | one thread: default ISA / ISA, prefill | decode |")
print("|---|---:|---:|")
for f in dict.fromkeys(r[1] for r in rows):
    for i in dict.fromkeys(r[3] for r in rows if r[0] == 'wm' and r[1] == f and r[2] == '1' and r[3] != 'auto'):
        a = get('wm', f, '1'); b = get('wm', f, '1', i)
        if a and b: print(f"| {f} | {a[2][4]} / {i}: {a[0] / b[0]:.2f}x ({num(a[0])} / {num(b[0])}) | {a[1] / b[1]:.2f}x |")
for f in dict.fromkeys(r[1] for r in rows):
    ts = sorted({int(r[2]) for r in rows if r[1] == f})
    w1 = get('wm', f, str(ts[0])); wn = get('wm', f, str(ts[-1]))
    pj = get('projected', f, str(ts[-1]))
    pj = f" (projected from one core: {pj[0]:.2f}x, {pj[1]:.2f}x)" if pj else ""
    if w1 and wn and len(ts) > 1: print(f"- {f}: wm.h {ts[-1]} threads / {ts[0]}: prefill {wn[0] / w1[0]:.2f}x, decode {wn[1] / w1[1]:.2f}x{pj}")
PY
