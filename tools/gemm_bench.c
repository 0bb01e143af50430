/* gemm_bench - the prefill projections of the benchmark models through
   OpenBLAS sgemm and through wm.h's matmul kernel, side by side, in one run.
   OpenBLAS is a peer for this comparison only; wm.h never links it.

     cc -O2 -mavx2 -mfma -mf16c -fopenmp tools/gemm_bench.c -o build/gemm_bench -lopenblas -lm
     build/gemm_bench [--threads N] [--tokens T]

   Prints one markdown table row per shape and a flop-weighted total per model. */
#define _POSIX_C_SOURCE 200809L
#define _ISOC11_SOURCE /* aligned_alloc under -std=c99 */
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void openblas_set_num_threads(int n);

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct shape { const char *model, *name; int out, in; } shape;

static const shape shapes[] = {
    {"doge", "q_proj, o_proj", 768, 768},   {"doge", "k_proj, v_proj", 384, 768},   {"doge", "gate_proj, up_proj", 1536, 768},
    {"doge", "down_proj", 768, 1536},       {"cheems", "x_proj, out_proj, q/k/o", 768, 768}, {"cheems", "b_proj, c_proj", 128, 768},
    {"cheems", "shared_up_proj", 1536, 768}, {"cheems", "shared_down_proj", 768, 1536}, {"cheems", "queries", 512, 768},
    {"mamba2", "in_proj", 3352, 768},       {"mamba2", "out_proj", 768, 1536},
};
/* how many times each shape occurs per layer of its model */
static const int per_layer[] = {2, 2, 2, 1, 2, 2, 1, 1, 1, 1, 1};

int main(int argc, char **argv) {
    int T = 256, nth = 1, i, s;
    double tot[3][2] = {{0}};
    const char *models[3] = {"doge", "cheems", "mamba2"};
    for (i = 1; i < argc - 1; i++) {
        if (!strcmp(argv[i], "--threads")) nth = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--tokens")) T = atoi(argv[i + 1]);
    }
    openblas_set_num_threads(nth);
    { /* warm-up: clock ramp and first-touch page faults stay out of the measurements */
        int N = 1536, K = 768;
        float *x = (float *)aligned_alloc(64, sizeof(float) * (size_t)T * K), *w = (float *)aligned_alloc(64, sizeof(float) * (size_t)N * K);
        float *y = (float *)aligned_alloc(64, sizeof(float) * (size_t)T * N), *pack = (float *)malloc(sizeof(float) * WM__PACK * (size_t)nth);
        wm__kc kc;
        wm__mat W;
        double t0 = now_s();
        memset(x, 0, sizeof(float) * (size_t)T * K);
        memset(w, 0, sizeof(float) * (size_t)N * K);
        memset(&kc, 0, sizeof kc);
        kc.simd = wm__kc_simd(WM_ISA_AUTO); kc.n_threads = nth; kc.pack = pack;
        W.data = w; W.dtype = WM_F32; W.rows = N; W.cols = K;
        while (now_s() - t0 < 1.0) {
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, T, N, K, 1.0f, x, K, w, K, 0.0f, y, N);
            wm__k_matmul(&kc, y, N, x, K, &W, NULL, T);
        }
        free(x); free(w); free(y); free(pack);
    }
    printf("| model | projection | tokens x in -> out | OpenBLAS GFLOP/s | wm.h GFLOP/s | wm.h / OpenBLAS |\n|---|---|---|---:|---:|---:|\n");
    for (s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); s++) {
        int N = shapes[s].out, K = shapes[s].in, r, mi;
        float *x = (float *)aligned_alloc(64, sizeof(float) * (size_t)T * K), *w = (float *)aligned_alloc(64, sizeof(float) * (size_t)N * K);
        float *y = (float *)aligned_alloc(64, sizeof(float) * (size_t)T * N), *pack = (float *)malloc(sizeof(float) * WM__PACK * (size_t)nth);
        double tb = 1e9, tw = 1e9, fl = 2.0 * T * N * K;
        wm__kc kc;
        wm__mat W;
        memset(&kc, 0, sizeof kc);
        kc.simd = wm__kc_simd(WM_ISA_AUTO);
        kc.n_threads = nth;
        kc.pack = pack;
        for (i = 0; i < T * K; i++) x[i] = (float)((i * 7919) % 1000) * 1e-3f - 0.5f;
        for (i = 0; i < N * K; i++) w[i] = (float)((i * 104729) % 1000) * 1e-3f - 0.5f;
        W.data = w; W.dtype = WM_F32; W.rows = N; W.cols = K;
        for (r = 0; r < 30; r++) { /* interleaved, best of 30 each */
            double t0 = now_s(), t;
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, T, N, K, 1.0f, x, K, w, K, 0.0f, y, N);
            t = now_s() - t0;
            if (t < tb) tb = t;
            t0 = now_s();
            wm__k_matmul(&kc, y, N, x, K, &W, NULL, T);
            t = now_s() - t0;
            if (t < tw) tw = t;
        }
        for (mi = 0; mi < 3; mi++)
            if (!strcmp(models[mi], shapes[s].model)) { tot[mi][0] += per_layer[s] * tb; tot[mi][1] += per_layer[s] * tw; }
        printf("| %s | %s | %d x %d -> %d | %.1f | %.1f | %.0f%% |\n", shapes[s].model, shapes[s].name, T, K, N, fl / tb / 1e9, fl / tw / 1e9,
               100.0 * tb / tw);
        free(x); free(w); free(y); free(pack);
    }
    for (i = 0; i < 3; i++)
        printf("| %s | all projections of a layer (time-weighted) | | | | %.0f%% |\n", models[i], 100.0 * tot[i][0] / tot[i][1]);
    fprintf(stderr, "gemm_bench: %d tokens, %d thread(s)\n", T, nth);
    return 0;
}
