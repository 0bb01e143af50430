#!/usr/bin/env bash
# Benchmarks wm.h on three model shapes and writes BENCH.md (make bench).
#   Doge-160M-like, Cheems-like (21 ssd + 3 attn, CDMoE), Mamba2-130M-like;
#   F32 and BF16 weights; prompts of 256 and 4096 tokens, 128 generated;
#   1 and 2 threads; SIMD and the scalar references; OpenBLAS sgemm beside
#   wm.h's matmul on the same projection shapes.
# Needs: a C compiler with OpenMP, libopenblas-dev (the peer), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/bench_env.sh
$cc $cflags tools/gemm_bench.c -o "$out/gemm_bench" -lopenblas -lm

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
doge = {"model_type": "doge", "vocab_size": 32768, "hidden_size": 768, "intermediate_size": 1536, "num_hidden_layers": 24,
        "num_attention_heads": 6, "num_key_value_heads": 3, "max_position_embeddings": 8192, "keep_window_size": 2048,
        "is_moe": False, "tie_word_embeddings": True, "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0},
        "bos_token_id": 0, "eos_token_id": 1}
cheems = {"model_type": "cheems", "vocab_size": 32768, "hidden_size": 768, "intermediate_size": 1536,
          "layers_type": (["ssd"] * 7 + ["attn"]) * 3, "ssd_num_heads": 12, "ssd_num_groups": 1, "ssd_state_size": 128,
          "ssd_chunk_size": 256, "num_attention_heads": 12, "num_inner_values": 8, "inner_values_retrieval_size": 128,
          "num_cdmoe_experts": 1024, "num_cdmoe_heads": 4, "num_cdmoe_experts_per_head": 8, "expert_retrieval_size": 128,
          "max_position_embeddings": 8192, "tie_word_embeddings": True, "bos_token_id": 0, "eos_token_id": 1}
mamba2 = {"model_type": "mamba2", "vocab_size": 50288, "hidden_size": 768, "num_hidden_layers": 24, "state_size": 128,
          "head_dim": 64, "expand": 2, "num_heads": 24, "n_groups": 1, "conv_kernel": 4, "chunk_size": 256,
          "tie_word_embeddings": True, "bos_token_id": 0, "eos_token_id": 0, "use_conv_bias": True}
for name, cfg in (("doge", doge), ("cheems", cheems), ("mamba2", mamba2)):
    json.dump(cfg, open("%s/%s.json" % (out, name), "w"), indent=1)
PY

for m in doge cheems mamba2; do
  for d in f32 bf16; do
    [ -f "$out/$m-$d/model.safetensors" ] || "$out/wm" random "$out/$m.json" "$out/$m-$d" --seed 1 --dtype $d
  done
done

# the GEMM comparison (wm.h beside OpenBLAS) and BENCH.md from the runs
report() {
  "$out/gemm_bench" --threads 1 --tokens 256 > "$out/gemm1.md"
  "$out/gemm_bench" --threads 2 --tokens 256 > "$out/gemm2.md"
  python3 tools/bench_report.py "$out" "$cc $cflags" > BENCH.md
  echo "wrote BENCH.md"
}

res="$out/results.jsonl"
if [ "${1:-}" = "--report-only" ]; then report; exit 0; fi  # keep the runs, redo the GEMM comparison and the report
: > "$res"
for m in doge cheems mamba2; do
  for d in f32 bf16; do
    for p in 256 4096; do
      for t in 1 2; do
        echo "== wm bench $m-$d --prompt-len $p --gen 128 --threads $t" >&2
        "$out/wm" bench "$out/$m-$d" --prompt-len $p --gen 128 --threads $t >> "$res"
      done
    done
    echo "== wm bench $m-$d --prompt-len 256 --gen 32 --threads 1 --scalar" >&2
    "$out/wm" bench "$out/$m-$d" --prompt-len 256 --gen 32 --threads 1 --scalar >> "$res"
  done
done
report
