# Sourced by the benchmark scripts (tools/bench*.sh): $out (build/bench, or
# $BENCH_DIR), this machine's SIMD flags in $cflags, and $wm, the wm program
# built with them and OpenMP.
out=${BENCH_DIR:-build/bench}
mkdir -p "$out"
simd=""
grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && simd="-mavx2 -mfma"
grep -qw f16c /proc/cpuinfo && simd="$simd -mf16c"
cc=${CC:-cc}
cflags="-std=c99 -O2 -Wall -Wextra -Werror $simd -fopenmp"
wm="$out/wm"
echo "== building $wm ($cc $cflags)" >&2
$cc $cflags examples/wm.c examples/serve.c -o "$wm" -lm
