#!/usr/bin/env bash
# Quantized weights and KV cache types (make bench-quant): on the Doge-,
# Cheems- and Mamba2-shaped models of tools/bench.sh (random weights, made
# there first), one thread:
#   decode and prefill at F32, BF16, Q8_0, Q4_0, Q4_K_M (wm quantize), the
#   runs interleaved REPS times, medians and ratios in the same run;
#   Doge at a 4096-token prompt with the F32, F16 and Q8_0 KV caches;
#   held-out perplexity of the demo models at each weight type.
# Writes build/bench/quant.md (the tables BENCH.md quotes).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_DIR:-build/bench}
reps=${REPS:-3}
wm="$out/wm"
[ -x "$wm" ] || { echo "run tools/bench.sh first (it builds $wm and the models)"; exit 1; }
res="$out/quant.jsonl"
: > "$res"
for m in doge cheems mamba2; do
  for t in q8_0 q4_0 q4_k_m; do
    [ -f "$out/$m-$t.gguf" ] || "$wm" quantize "$out/$m-f32" "$out/$m-$t.gguf" --type $t
  done
done
for r in $(seq "$reps"); do
  for m in doge cheems mamba2; do
    for f in "$m-f32" "$m-bf16" "$m-q8_0.gguf" "$m-q4_0.gguf" "$m-q4_k_m.gguf"; do
      echo "== [$r/$reps] wm bench $f --prompt-len 256 --gen 64 -t 1" >&2
      "$wm" bench "$out/$f" --prompt-len 256 --gen 64 -t 1 | sed "s/^{/{\"rep\": $r, \"set\": \"types\", /" >> "$res"
    done
  done
  for c in f32 f16 q8_0; do
    echo "== [$r/$reps] wm bench doge-bf16 --prompt-len 4096 --gen 64 -t 1 --cache-type $c" >&2
    "$wm" bench "$out/doge-bf16" --prompt-len 4096 --gen 64 -t 1 --cache-type $c | sed "s/^{/{\"rep\": $r, \"set\": \"cache\", /" >> "$res"
  done
done
ppl="$out/quant-ppl.txt"
: > "$ppl"
for m in doge-demo cheems-demo; do
  for t in bf16 q8_0 q4_0 q4_k_m; do
    [ -f "$out/$m-$t.gguf" ] || "$wm" quantize "examples/models/$m" "$out/$m-$t.gguf" --type $t
    echo "$m $t $("$wm" perplexity "$out/$m-$t.gguf" --file tests/fixtures/heldout.txt --ctx 256 -t 1 2>/dev/null | sed -n 's/^Final estimate: PPL = //p')" >> "$ppl"
  done
done
python3 - "$res" "$ppl" > "$out/quant.md" <<'PY'
import json, sys, statistics as st
rows = [json.loads(l) for l in open(sys.argv[1])]
def med(sel, key):
    v = [r[key] for r in rows if sel(r)]
    return st.median(v) if v else float('nan')
print("| model | weights | weight MB | prefill tok/s | decode tok/s | decode vs BF16 | prefill vs F32 | decode GB/s | of read bandwidth |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
for m in ("doge", "cheems", "mamba2"):
    name = lambda r, f: r["set"] == "types" and r["model"].endswith(f)
    base_d = med(lambda r: name(r, m + "-bf16"), "decode_tps_median"); base_p = med(lambda r: name(r, m + "-f32"), "prefill_tps")
    for f, lab in ((m + "-f32", "F32"), (m + "-bf16", "BF16"), (m + "-q8_0.gguf", "Q8_0"), (m + "-q4_0.gguf", "Q4_0"), (m + "-q4_k_m.gguf", "Q4_K_M")):
        s = lambda r: name(r, f)
        d, p = med(s, "decode_tps_median"), med(s, "prefill_tps")
        wb = med(s, "weight_bytes") / 1e6
        print("| %s | %s | %.0f | %.1f | %.1f | %.2fx | %.2fx | %.1f | %.0f %% |" % (m, lab, wb, p, d, d / base_d, p / base_p,
              med(s, "decode_gbps_median"), 100 * med(s, "decode_of_bandwidth")))
print()
print("| Doge, BF16 weights, 4096-token prompt | prefill tok/s | decode tok/s | decode vs F32 cache |")
print("|---|---:|---:|---:|")
b = med(lambda r: r["set"] == "cache" and r["cache_type"] == "F32", "decode_tps_median")
for c in ("F32", "F16", "Q8_0"):
    s = lambda r: r["set"] == "cache" and r["cache_type"] == c
    print("| %s cache | %.1f | %.1f | %.2fx |" % (c, med(s, "prefill_tps"), med(s, "decode_tps_median"), med(s, "decode_tps_median") / b))
print()
print("| demo model | weights | held-out perplexity (GPL-3 text, ctx 256) | vs BF16 |")
print("|---|---|---:|---:|")
base = {}
for l in open(sys.argv[2]):
    m, t, p, _, e = l.split()[:5]
    base.setdefault(m, float(p))
    print("| %s | %s | %s ± %s | %+.2f %% |" % (m, t.upper(), p, e, 100 * (float(p) / base[m] - 1)))
PY
cat "$out/quant.md"
