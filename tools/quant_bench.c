/* quant_bench - wm.h's quantized matrix product in cache, the one-row dots
   (decode's kernel, and prefill's before the tile) against the prefill
   tile (8 rows repacked, 4 tokens at a time), F32 and BF16 beside them.
   Rounds interleave every type and path; medians of 9 rounds.

     cc -O2 -mavx2 -mfma -mf16c tools/quant_bench.c -o build/quant_bench -lm
     build/quant_bench [ROWS COLS TOKENS [ISA]]      (default 1536 768 256, the best ISA)

   Prints G MAC/s (multiply-adds per second) per type and path, one thread. */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ROUNDS = 9, NT = 6 };

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double median(double *v, int n) {
    int a, b;
    for (a = 0; a < n; a++)
        for (b = a + 1; b < n; b++)
            if (v[b] < v[a]) { double z = v[a]; v[a] = v[b]; v[b] = z; }
    return v[n / 2];
}

int main(int argc, char **argv) {
    static const int types[NT] = {WM_F32, WM_BF16, WM_Q8_0, WM_Q4_0, WM_Q4_K, WM_Q6_K};
    int R = argc > 3 ? atoi(argv[1]) : 1536, N = argc > 3 ? atoi(argv[2]) : 768, T = argc > 3 ? atoi(argv[3]) : 256, ti, rd, mode;
    int isa = argc > 4 ? wm_isa_parse(argv[4]) : WM_ISA_AUTO;
    float *x, *w, *y, *pack;
    unsigned char *q[NT];
    wm__qa *qa;
    wm__qr *qr;
    double res[NT][2][ROUNDS], f32 = 0;
    unsigned s = 1;
    size_t i;
    if (R < 8 || N < 256 || N % 256 || T < 4 || isa < 0 || !wm_isa_supported(isa)) { fprintf(stderr, "usage: quant_bench [ROWS >= 8, COLS a multiple of 256, TOKENS >= 4 [an ISA this CPU runs]]\n"); return 2; }
    x = (float *)malloc(sizeof(float) * (size_t)N * (size_t)T);
    w = (float *)malloc(sizeof(float) * (size_t)N * (size_t)R);
    y = (float *)malloc(sizeof(float) * (size_t)R * (size_t)T);
    pack = (float *)malloc(sizeof(float) * WM__PACK);
    qa = (wm__qa *)malloc(sizeof(wm__qa) * (size_t)WM__QA_GROUPS(N) * (size_t)T);
    qr = (wm__qr *)malloc(sizeof(wm__qr) * 2 * (size_t)(N / 32)); /* (two 8-row halves: the 16-row tiles) */
    for (i = 0; i < (size_t)N * (size_t)T; i++) { s = s * 1664525u + 1013904223u; x[i] = (float)((int)(s >> 9) % 2001 - 1000) / 1000.0f; }
    for (i = 0; i < (size_t)N * (size_t)R; i++) { s = s * 1664525u + 1013904223u; w[i] = (float)((int)(s >> 9) % 2001 - 1000) / 20000.0f; }
    for (ti = 0; ti < NT; ti++) {
        q[ti] = (unsigned char *)malloc(wm__row_size(types[ti], (size_t)N) * (size_t)R);
        if (types[ti] == WM_F32) memcpy(q[ti], w, sizeof(float) * (size_t)N * (size_t)R);
        else wm_quantize(types[ti], w, (size_t)N * (size_t)R, q[ti]);
    }
    for (rd = 0; rd < ROUNDS; rd++)
        for (ti = 0; ti < NT; ti++)
            for (mode = 0; mode < 2; mode++) { /* 0: one-row dots (qr NULL), 1: the tile (quantized types) */
                wm__kc kc = {0, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 1};
                wm__mat W;
                double t0;
                kc.simd = wm__kc_simd(isa); kc.pack = pack; kc.qa = qa; kc.qr = mode ? qr : NULL;
                W.data = q[ti]; W.dtype = types[ti]; W.rows = R; W.cols = N;
                t0 = now_s();
                wm__k_matmul(&kc, y, R, x, N, &W, NULL, T);
                res[ti][mode][rd] = (double)R * N * T / (now_s() - t0) * 1e-9;
            }
    printf("%d x %d weights, %d tokens, %s, one thread: G MAC/s, median of %d rounds\n\n", R, N, T, wm_isa_name(isa), ROUNDS);
    printf("| type | one-row dots | prefill tile | tile / dots | tile / F32 |\n|---|---:|---:|---:|---:|\n");
    for (ti = 0; ti < NT; ti++) {
        double a = median(res[ti][0], ROUNDS), b = median(res[ti][1], ROUNDS);
        if (ti == 0) f32 = a;
        if (WM__IS_Q(types[ti])) printf("| %s | %.1f | %.1f | %.2fx | %.2fx |\n", wm_type_name(types[ti]), a, b, b / a, b / f32);
        else printf("| %s | %.1f (GEMM tile) | | | %.2fx |\n", wm_type_name(types[ti]), a, a / f32);
    }
    return 0;
}
