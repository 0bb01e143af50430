/* Can AVX512-BF16 (vdpbf16ps) serve BF16 weights under wm.h's contract?
   BF16 x BF16 products are exact in F32, but the activations are F32: this
   measures, on dots of BF16 weights with F32 activations, the error of
   rounding the activations to one BF16 (hi) or splitting them into two
   (hi + lo, 16 bits of 24) against float64, beside wm.h's exact path
   (activations and widened weights in 8-lane F32 FMAs), and the speed of
   each body on this CPU (the exact path here at 8 lanes, as the row dots;
   the 16-lane tile runs twice as many FMAs a cycle).
     cc -O2 -march=native tools/bf16_split.c -o build/bf16_split -lm && build/bf16_split
   (a CPU with avx512bf16; prints one line per case) */
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t rng = 88172645463325252ull;
static double gauss(void) { /* Box-Muller on xorshift64 */
    double u, v;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; u = ((rng >> 11) + 0.5) / 9007199254740992.0;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; v = ((rng >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}
static uint16_t to_bf16(float f) { /* round to nearest even */
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}
static float from_bf16(uint16_t h) { uint32_t u = (uint32_t)h << 16; float f; memcpy(&f, &u, 4); return f; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

/* the exact path: widened weights, 8-lane FMAs, then the lanes summed */
static float dot_f32(const float *x, const uint16_t *w, int K) {
    __m256 acc = _mm256_setzero_ps();
    float l[8], s = 0;
    int k;
    for (k = 0; k < K; k += 8) {
        __m256 wf = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(w + k))), 16));
        acc = _mm256_fmadd_ps(_mm256_loadu_ps(x + k), wf, acc);
    }
    _mm256_storeu_ps(l, acc);
    for (k = 0; k < 8; k++) s += l[k];
    return s;
}
/* vdpbf16ps: 32 products a step (pairs summed into 16 lanes) */
static float dot_bf16(const uint16_t *xh, const uint16_t *xl, const uint16_t *w, int K) {
    __m512 acc = _mm512_setzero_ps();
    int k;
    for (k = 0; k < K; k += 32) {
        __m512bh wv = (__m512bh)_mm512_loadu_si512(w + k);
        acc = _mm512_dpbf16_ps(acc, (__m512bh)_mm512_loadu_si512(xh + k), wv);
        if (xl) acc = _mm512_dpbf16_ps(acc, (__m512bh)_mm512_loadu_si512(xl + k), wv);
    }
    return _mm512_reduce_add_ps(acc);
}

/* the same bodies on 4 rows at once (independent chains: throughput, not latency), for the timing */
static float dot4_f32(const float *x, const uint16_t *w, int K) {
    __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    int k;
    for (k = 0; k < K; k += 8) {
        __m256 xv = _mm256_loadu_ps(x + k);
#define W8(r) _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(w + (size_t)(r) * K + k))), 16))
        a0 = _mm256_fmadd_ps(xv, W8(0), a0); a1 = _mm256_fmadd_ps(xv, W8(1), a1);
        a2 = _mm256_fmadd_ps(xv, W8(2), a2); a3 = _mm256_fmadd_ps(xv, W8(3), a3);
    }
    a0 = _mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3));
    return _mm256_cvtss_f32(a0);
}
static float dot4_bf16(const uint16_t *xh, const uint16_t *xl, const uint16_t *w, int K) {
    __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    int k;
    for (k = 0; k < K; k += 32) {
        __m512bh h = (__m512bh)_mm512_loadu_si512(xh + k);
#define WB(r) (__m512bh)_mm512_loadu_si512(w + (size_t)(r) * K + k)
        a0 = _mm512_dpbf16_ps(a0, h, WB(0)); a1 = _mm512_dpbf16_ps(a1, h, WB(1));
        a2 = _mm512_dpbf16_ps(a2, h, WB(2)); a3 = _mm512_dpbf16_ps(a3, h, WB(3));
        if (xl) {
            __m512bh l = (__m512bh)_mm512_loadu_si512(xl + k);
            a0 = _mm512_dpbf16_ps(a0, l, WB(0)); a1 = _mm512_dpbf16_ps(a1, l, WB(1));
            a2 = _mm512_dpbf16_ps(a2, l, WB(2)); a3 = _mm512_dpbf16_ps(a3, l, WB(3));
        }
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
}

int main(void) {
    enum { K = 1536, ROWS = 4096 };
    static float x[K];
    static uint16_t w[ROWS][K], xh[K], xl[K];
    double worst[3] = {0, 0, 0}, t[3];
    int r, k, rep, c;
    for (k = 0; k < K; k++) x[k] = (float)(gauss() * (k % 97 == 0 ? 20.0 : 1.0)); /* a few large channels, as norms leave them */
    for (r = 0; r < ROWS; r++)
        for (k = 0; k < K; k++) w[r][k] = to_bf16((float)(gauss() * 0.02));
    for (k = 0; k < K; k++) {
        xh[k] = to_bf16(x[k]);
        xl[k] = to_bf16(x[k] - from_bf16(xh[k]));
    }
    for (r = 0; r < ROWS; r++) {
        double ref = 0, mag = 0, got[3];
        for (k = 0; k < K; k++) ref += (double)x[k] * from_bf16(w[r][k]), mag += fabs((double)x[k] * from_bf16(w[r][k]));
        got[0] = dot_f32(x, w[r], K);
        got[1] = dot_bf16(xh, NULL, w[r], K);
        got[2] = dot_bf16(xh, xl, w[r], K);
        for (c = 0; c < 3; c++) if (fabs(got[c] - ref) / mag > worst[c]) worst[c] = fabs(got[c] - ref) / mag;
    }
    for (c = 0; c < 3; c++) {
        volatile float sink = 0;
        double t0 = now();
        for (rep = 0; rep < 1280; rep++) /* 64 rows (196 KB, in L2) again and again: the arithmetic's speed */
            for (r = 0; r < 64; r += 4)
                sink += c == 0 ? dot4_f32(x, w[r], K) : dot4_bf16(xh, c == 2 ? xl : NULL, w[r], K);
        t[c] = now() - t0;
        (void)sink;
    }
    printf("K %d, %d rows of BF16 weights, F32 activations; max |dot - float64| / sum |x w| and time of 1280 passes over 64 rows (4 a step, one thread):\n", K, ROWS);
    printf("  exact path (F32 FMA, widened weights): %.2e  %.1f ms\n", worst[0], t[0] * 1e3);
    printf("  vdpbf16ps, activations rounded to BF16: %.2e  %.1f ms\n", worst[1], t[1] * 1e3);
    printf("  vdpbf16ps, activations as BF16 hi + lo: %.2e  %.1f ms\n", worst[2], t[2] * 1e3);
    return 0;
}
