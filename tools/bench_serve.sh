#!/usr/bin/env bash
# wm serve's throughput: tokens/s summed over 1, 2, 4, 8 concurrent streaming
# clients (tools/serve_load.mjs, 127.0.0.1 only), ROUNDS rounds interleaved,
# the server restarted for each run; then the batch step alone
# (tools/batch_bench.c) on the same model. BENCH.md records the output.
# tools/bench_serve.sh MODEL [THREADS] [TOKENS] [ROUNDS]
set -eu
MODEL=$1; TH=${2:-0}; N=${3:-128}; ROUNDS=${4:-2}
make -s build/wm
cc -O2 -std=c99 -pthread tools/batch_bench.c -o build/batch_bench -lm
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cpus; model $MODEL; threads $TH; $N tokens per answer"
for r in $(seq "$ROUNDS"); do
  for c in 1 2 4 8; do
    build/wm serve "$MODEL" --port 0 -np 8 -c 512 -t "$TH" > build/bench-serve.log 2>&1 & pid=$!
    port=; for _ in $(seq 200); do port=$(sed -n 's/.*on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' build/bench-serve.log); [ -n "$port" ] && break; sleep 0.05; done
    node tools/serve_load.mjs "http://127.0.0.1:$port" "$c" 2 "$N" | sed "s/^/round $r: /"
    kill -INT $pid; wait $pid || true
    tail -n 1 build/bench-serve.log | sed "s/^/round $r: /"
  done
done
build/batch_bench "$MODEL" "$TH" 16
