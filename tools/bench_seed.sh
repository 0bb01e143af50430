#!/usr/bin/env bash
# The further seed architectures (make bench-seed): a Rodimus+ and an MCSD
# model of ~160M parameters (random weights), F32 and BF16, prompts of 256
# and 4096 tokens then 64 decoded, 1 and 2 threads. Decode is compared with
# the read bandwidth wm bench measures beside it (bytes per token from
# wm_model_decode_bytes: weights, the SW-SKA ring rows read, the states);
# prefill tokens/s at 4096 with that at 256 (linear in T: a bounded window
# and O(1) recurrent states). Writes build/bench/seed.jsonl and seed.md.
set -euo pipefail
cd "$(dirname "$0")/.."
. tools/bench_env.sh
cat > "$out/rodplus.json" <<'JSON'
{"model_type": "rodimus", "block_type": "rodimus_plus", "vocab_size": 32768, "d_model": 768, "n_layer": 16,
 "norm_epsilon": 1e-5, "tie_word_embeddings": true, "max_position_embeddings": 4096,
 "mixer_cfg": {"expand_ratio": 2.0, "mem_size": 64, "input_gate_low_rank": "auto", "normalize_epsilon": 1e-5},
 "attn_cfg": {"num_heads": 6, "num_heads_k": 1, "num_heads_v": 6, "window_size": 4096, "rotary_emb_dim": -1}}
JSON
cat > "$out/mcsd.json" <<'JSON'
{"model_type": "mcsd", "vocab_size": 32768, "hidden_size": 768, "num_channels": 8, "num_hidden_layers": 22,
 "intermediate_size": 2048, "hidden_act": "gelu_pytorch_tanh", "rms_norm_eps": 1e-6, "mcsd_fusion": "concat",
 "slope_exponent": 8.0, "decay_exponent_offset": 5.0, "tie_word_embeddings": true, "max_position_embeddings": 4096}
JSON
for m in rodplus mcsd; do
  for d in f32 bf16; do
    [ -d "$out/$m-$d" ] || "$wm" random "$out/$m.json" "$out/$m-$d" --seed 1 --dtype $d
  done
done
res="$out/seed.jsonl"
: > "$res"
for m in rodplus mcsd; do
  for d in f32 bf16; do
    for t in 1 2; do
      for p in 256 4096; do
        echo "== wm bench $m-$d --prompt-len $p --gen 64 -t $t" >&2
        "$wm" bench "$out/$m-$d" --prompt-len $p --gen 64 -t $t >> "$res"
      done
    done
  done
done
python3 - "$res" > "$out/seed.md" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
print("| model | weights | threads | prompt | prefill tok/s | decode tok/s (median) | MB read per token | GB/s read | bandwidth | share |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    name = r["model"].rsplit("/", 1)[-1]
    print("| %s | %s | %d | %d | %.1f | %.1f | %.0f | %.1f | %.1f | %.0f%% |" % (
        name, r["dtype"], r["threads"], r["prompt_len"], r["prefill_tps"], r["decode_tps_median"],
        r["decode_bytes_per_token"] / 1e6, r["decode_gbps_median"], r["mem_read_gbps"], 100 * r["decode_of_bandwidth"]))
print()
print("| model | weights | threads | prefill tok/s at 256 | at 4096 | ratio |")
print("|---|---|---:|---:|---:|---:|")
key = {}
for r in rows:
    key.setdefault((r["model"].rsplit("/", 1)[-1], r["dtype"], r["threads"]), {})[r["prompt_len"]] = r["prefill_tps"]
for (m, d, t), v in key.items():
    if 256 in v and 4096 in v:
        print("| %s | %s | %d | %.1f | %.1f | %.0f%% |" % (m, d, t, v[256], v[4096], 100 * v[4096] / v[256]))
PY
cat "$out/seed.md"
