#!/usr/bin/env python3
"""Turns the runs of tools/bench.sh (build/bench/results.jsonl, gemm1.md,
gemm2.md) into BENCH.md: the machine, the commands, every target with its
measured value, and the full table.

usage: tools/bench_report.py BENCH_DIR "COMPILER AND FLAGS" > BENCH.md
"""
import datetime
import json
import os
import subprocess
import sys

out, compiler = sys.argv[1], sys.argv[2]
runs = [json.loads(line) for line in open(os.path.join(out, "results.jsonl")) if line.strip()]
for r in runs:
    r["name"] = os.path.basename(r["model"]).split("-")[0]


def find(name, dtype, prompt, threads, simd=True):
    for r in runs:
        if (r["name"], r["dtype"], r["prompt_len"], r["threads"], r["simd"]) == (name, dtype, prompt, threads, simd):
            return r
    return None


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


cpu = sh("lscpu | sed -n 's/^Model name: *//p'") or "?"
flags = sh("grep -m1 -o -w -E 'avx2|fma|f16c|avx512f' /proc/cpuinfo | sort -u | tr '\\n' ' '")
print("# wm.h benchmarks\n")
print("Written by `tools/bench.sh` (`make bench`) on %s." % datetime.date.today().isoformat())
print("\n## Machine and build\n")
print("- CPU: %s, %s cores (`nproc`), SIMD flags seen: %s" % (cpu, sh("nproc"), flags))
print("- Caches: %s" % sh("lscpu | grep -E '^L[123]' | sed 's/  */ /g' | tr '\\n' ';'"))
print("- Compiler: `%s` (%s)" % (compiler, sh("cc --version | head -1")))
print("- Memory read bandwidth and FMA throughput are measured by `wm bench` itself in every run, at the run's "
      "thread count: `mem_read_gbps` is the median of passes over 512 MB of distinct data in huge pages (as "
      "`wm_model_load` places weights), 4 before prefill, one after every 8th decode step and 4 at the end, because "
      "this virtual machine's bandwidth drifts by 20-60% over minutes; `fma_gflops` is the best of 3 runs of 12 "
      "independent FMA chains per thread. Decode is compared with bandwidth by the same statistic: bytes read per "
      "token (`wm_model_decode_bytes`: weights, gathered rows, KV cache, states) over the median decode step.")
print("\nCommands:\n")
print("```\nmake bench        # = tools/bench.sh\nbuild/bench/wm random build/bench/MODEL.json build/bench/MODEL-DTYPE --seed 1 --dtype DTYPE")
print("build/bench/wm bench build/bench/MODEL-DTYPE --prompt-len {256,4096} --gen 128 --threads {1,2}")
print("build/bench/wm bench build/bench/MODEL-DTYPE --prompt-len 256 --gen 32 --threads 1 --scalar")
print("build/bench/gemm_bench --threads {1,2} --tokens 256   # OpenBLAS sgemm and wm.h side by side\n```")
print("\nThe scalar references run at a 256-token prompt only: they prefill ~10 tokens/s, so a 4096-token prompt "
      "would take ~7 minutes per model.")

# ---- summary first: every target with its measured value
t1 = [r for r in runs if r["simd"]]
met1 = [r for r in t1 if r["decode_of_bandwidth"] >= 0.8]
print("\n## Summary\n")
print("| target | measured | verdict |\n|---|---|---|")
short = [r for r in t1 if r["prompt_len"] == 256]
print("| decode bytes x tok/s >= 80%% of read bandwidth (F32 and BF16, 1 and 2 threads) | %d of %d runs (prompt 256: %d of %d); "
      "lowest %.0f%% (%s %s, %d thread(s), prompt %d), highest %.0f%% | %s |" % (
          len(met1), len(t1), len([r for r in short if r["decode_of_bandwidth"] >= 0.8]), len(short),
          100 * min(r["decode_of_bandwidth"] for r in t1), *[(r["name"], r["dtype"], r["threads"], r["prompt_len"])
                                                               for r in [min(t1, key=lambda r: r["decode_of_bandwidth"])]][0],
          100 * max(r["decode_of_bandwidth"] for r in t1), "met" if len(met1) == len(t1) else "**partly missed**"))


def weighted(fn):
    rows = {}
    for line in open(os.path.join(out, fn)):
        if "time-weighted" in line:
            cells = [c.strip() for c in line.split("|")]
            rows[cells[1]] = cells[-2]
    return rows


w1, w2 = weighted("gemm1.md"), weighted("gemm2.md")
ok2 = all(float(v.rstrip("%")) >= 75 for v in list(w1.values()) + list(w2.values()))
print("| prefill matmul >= 75%% of OpenBLAS sgemm, same shapes and threads | 1 thread: %s; 2 threads: %s | %s |" % (
    ", ".join("%s %s" % kv for kv in w1.items()), ", ".join("%s %s" % kv for kv in w2.items()), "met" if ok2 else "**missed**"))
ratios = []
for d in ("F32", "BF16"):
    for t in (1, 2):
        a, b_ = find("mamba2", d, 256, t), find("mamba2", d, 4096, t)
        if a and b_:
            ratios.append(b_["prefill_tps"] / a["prefill_tps"])
print("| Mamba2 prefill tok/s at 4096 >= 85%% of at 256 | %s | %s |" % (
    ", ".join("%.0f%%" % (100 * x) for x in ratios), "met" if ratios and min(ratios) >= 0.85 else "**missed**"))
sv = []
for name in ("doge", "cheems", "mamba2"):
    a, s = find(name, "F32", 256, 1), find(name, "F32", 256, 1, simd=False)
    if a and s:
        sv.append("%s %.0fx / %.1fx" % (name, a["prefill_tps"] / s["prefill_tps"], a["decode_tps"] / s["decode_tps"]))
print("| SIMD vs scalar (prefill / decode, F32, 1 thread) | %s | reported |" % "; ".join(sv))
bf = []
for t in (1, 2):
    f, b_ = find("doge", "F32", 256, t), find("doge", "BF16", 256, t)
    if f and b_:
        bf.append((t, b_["decode_tps"] / f["decode_tps"]))
print("| Doge BF16 decode >= 1.7x F32 decode (prompt 256) | %s | %s |" % (
    ", ".join("%d thread(s) %.3fx" % x for x in bf), "met" if bf and min(x[1] for x in bf) >= 1.7 else "**missed**"))
print("""
Where a target is missed, this is what the measurements show:

- **Long contexts (Doge at 4096).** A decode step then reads a 302 MB F32 KV
  cache besides 305-610 MB of weights. Scores and P.V stream it one key row
  after another (on this machine a single sequential stream reads fastest;
  rows taken in lock-step, or software prefetch, measured slower), at about
  19-20 GB/s, and the keep-window selection (exactly as torch.topk) costs
  ~1 ms per step on top.
- **BF16 weights at one thread.** A single-stream BF16 dot reads 23-26 GB/s
  here against 26-28 GB/s for F32 (widening takes twice the 16-byte loads per
  cache line). Alternatives measured with no gain: splitting x into even/odd
  halves to widen with one shift and one AND per 32-byte load, several rows in
  lock-step, software prefetch. The fixed per-step costs (attention, norms,
  ~2 ms) weigh twice as much against the halved weight time, so the Doge
  BF16/F32 decode ratio sits at the 1.7x line instead of the ideal 1.9x:
  three interleaved repeats of the Doge prompt-256 runs gave 1.66x, 1.75x and
  1.85x at one thread (1.58x, 1.29x, 1.83x at two, the 1.29x beside a 53 GB/s
  probe transient), so one run's verdict can land on either side.
- **Noise.** This is a shared virtual machine: the same run repeated moves by
  10-15%, and the 2-thread bandwidth probe by up to 60%; a share above 100%
  means the probe sampled a slow minute. The probe is interleaved with decode
  to compare like with like.
""")

print("\n## Targets\n")
print("### 1. Decode reads weights at >= 80% of the measured memory read bandwidth\n")
print("| model | weights | threads | prompt | decode tok/s (mean / median) | GB/s read (median step) | bandwidth (median) | share | target |")
print("|---|---|---:|---:|---:|---:|---:|---:|---|")
for name in ("doge", "cheems", "mamba2"):
    for d in ("F32", "BF16"):
        for t in (1, 2):
            for p in (256, 4096):
                r = find(name, d, p, t)
                if not r:
                    continue
                share = r["decode_of_bandwidth"]
                print("| %s | %s | %d | %d | %.1f / %.1f | %.1f | %.1f | %.0f%% | %s |" % (
                    name, d, t, p, r["decode_tps"], r["decode_tps_median"], r["decode_gbps_median"], r["mem_read_gbps"],
                    100 * share, "met" if share >= 0.8 else "**missed**"))

print("\n### 2. Prefill matmul >= 75% of OpenBLAS sgemm on the same shapes and threads\n")
for t, fn in ((1, "gemm1.md"), (2, "gemm2.md")):
    print("%d thread%s (256 tokens per projection):\n" % (t, "" if t == 1 else "s"))
    print(open(os.path.join(out, fn)).read())

print("\n### 3. SSD prefill scales linearly: tokens/s at 4096 >= 85% of tokens/s at 256 (Mamba2-like)\n")
print("| model | weights | threads | prefill tok/s at 256 | at 4096 | ratio | target |\n|---|---|---:|---:|---:|---:|---|")
for name in ("mamba2", "cheems", "doge"):
    for d in ("F32", "BF16"):
        for t in (1, 2):
            a, b = find(name, d, 256, t), find(name, d, 4096, t)
            if a and b:
                ratio = b["prefill_tps"] / a["prefill_tps"]
                tgt = ("met" if ratio >= 0.85 else "**missed**") if name == "mamba2" else "(no target: attention is quadratic)"
                print("| %s | %s | %d | %.1f | %.1f | %.0f%% | %s |" % (name, d, t, a["prefill_tps"], b["prefill_tps"], 100 * ratio, tgt))

print("\n### 4. SIMD vs scalar, and BF16 decode >= 1.7x F32 decode (Doge-like)\n")
print("| model | weights | prefill SIMD / scalar | decode SIMD / scalar |\n|---|---|---:|---:|")
for name in ("doge", "cheems", "mamba2"):
    for d in ("F32", "BF16"):
        a, s = find(name, d, 256, 1), find(name, d, 256, 1, simd=False)
        if a and s:
            print("| %s | %s | %.1fx (%.1f vs %.1f tok/s) | %.1fx (%.1f vs %.1f tok/s) |" % (
                name, d, a["prefill_tps"] / s["prefill_tps"], a["prefill_tps"], s["prefill_tps"],
                a["decode_tps"] / s["decode_tps"], a["decode_tps"], s["decode_tps"]))
print()
print("| model | threads | prompt | F32 decode tok/s | BF16 decode tok/s | BF16 / F32 | target |\n|---|---:|---:|---:|---:|---:|---|")
for name in ("doge", "cheems", "mamba2"):
    for t in (1, 2):
        for p in (256, 4096):
            f, b = find(name, "F32", p, t), find(name, "BF16", p, t)
            if f and b:
                ratio = b["decode_tps"] / f["decode_tps"]
                tgt = ("met" if ratio >= 1.7 else "**missed**") if name == "doge" else ""
                print("| %s | %d | %d | %.1f | %.1f | %.3fx | %s |" % (name, t, p, f["decode_tps"], b["decode_tps"], ratio, tgt))

print("\n## All runs\n")
print("| model | weights | threads | simd | prompt | gen | prefill tok/s | decode tok/s | decode bytes/token | "
      "read BW median (best) GB/s | FMA GFLOP/s |")
print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
for r in runs:
    print("| %s | %s | %d | %s | %d | %d | %.1f | %.2f | %.1f MB | %.1f (%.1f) | %.0f |" % (
        r["name"], r["dtype"], r["threads"], "yes" if r["simd"] else "no", r["prompt_len"], r["gen"], r["prefill_tps"],
        r["decode_tps"], r["decode_bytes_per_token"] / 1e6, r["mem_read_gbps"], r["mem_read_gbps_best"], r["fma_gflops"]))

# The quantized-weights section (tools/bench_quant.sh, written by hand around
# its tables) is kept from the BENCH.md being replaced.
try:
    old = open("BENCH.md").read()
    at = old.find("\n## Quantized weights")
    if at >= 0:
        end = old.find("\n## All runs", at)
        print(old[at:end if end > at else len(old)].rstrip())
except OSError:
    pass
