/* The machine's limits, measured in the same run as a benchmark (wm bench):
   memory read bandwidth and FMA throughput at a thread count. Part of the
   wm command-line program (examples/wm.c), not of the library: it uses the
   ISA's intrinsics directly and clock_gettime. Include after <stdio.h>,
   <stdlib.h>, <sys/mman.h> and <time.h>; now_s() is the program's clock. */
#ifndef WM_PROBE_H
#define WM_PROBE_H

#if defined(__AVX2__) && defined(__FMA__) && !defined(WM_NO_SIMD)
#include <immintrin.h>
#define PROBE_AVX2 1
#elif defined(__ARM_NEON) && defined(__aarch64__) && !defined(WM_NO_SIMD)
#define PROBE_NEON 1
#endif

/* Sum of n floats (n a multiple of 32), read with the widest loads. */
static float probe_read(const float *a, size_t n) {
    size_t i;
#if defined(PROBE_AVX2)
    __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
    float o[8];
    for (i = 0; i < n; i += 32) {
        s0 = _mm256_add_ps(s0, _mm256_load_ps(a + i));
        s1 = _mm256_add_ps(s1, _mm256_load_ps(a + i + 8));
        s2 = _mm256_add_ps(s2, _mm256_load_ps(a + i + 16));
        s3 = _mm256_add_ps(s3, _mm256_load_ps(a + i + 24));
    }
    _mm256_storeu_ps(o, _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)));
    return o[0] + o[1] + o[2] + o[3] + o[4] + o[5] + o[6] + o[7];
#elif defined(PROBE_NEON)
    float32x4_t s0 = vdupq_n_f32(0), s1 = s0, s2 = s0, s3 = s0;
    for (i = 0; i < n; i += 16) {
        s0 = vaddq_f32(s0, vld1q_f32(a + i)); s1 = vaddq_f32(s1, vld1q_f32(a + i + 4));
        s2 = vaddq_f32(s2, vld1q_f32(a + i + 8)); s3 = vaddq_f32(s3, vld1q_f32(a + i + 12));
    }
    return vaddvq_f32(vaddq_f32(vaddq_f32(s0, s1), vaddq_f32(s2, s3)));
#else
    float s[8] = {0};
    for (i = 0; i < n; i += 8) {
        int k;
        for (k = 0; k < 8; k++) s[k] += a[i + k];
    }
    return s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7];
#endif
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The bandwidth probe: 512 MB of distinct data in huge pages (as
   wm_model_load places weights), read by n_threads readers. */
typedef struct probe { float *a; size_t per; int n_threads; } probe;

static int probe_open(probe *p, int n_threads) {
    size_t n = (size_t)128 << 20, k;
    p->n_threads = n_threads;
    p->per = n / (size_t)n_threads / 32 * 32;
#ifdef _WIN32
    p->a = (float *)malloc(n * sizeof(float)); /* (no aligned_alloc in its C library; no huge pages granted by default) */
#else
    p->a = (float *)aligned_alloc((size_t)2 << 20, n * sizeof(float));
#endif
    if (!p->a) return 0;
#ifdef MADV_HUGEPAGE
    madvise(p->a, n * sizeof(float), MADV_HUGEPAGE);
#endif
    for (k = 0; k < n; k++) p->a[k] = (float)(k & 4095) * 1e-3f; /* distinct, non-zero pages */
    return 1;
}

/* One pass over the buffer: GB/s. */
static double probe_pass(probe *p) {
    double t0 = now_s(), dt;
    float sink = 0.0f;
    int th;
#ifdef _OPENMP
#pragma omp parallel for num_threads(p->n_threads) reduction(+ : sink)
#endif
    for (th = 0; th < p->n_threads; th++) sink += probe_read(p->a + (size_t)th * p->per, p->per);
    dt = now_s() - t0;
    if (sink == 1.0f) fprintf(stderr, " ");
    return (double)p->per * p->n_threads * 4 / dt / 1e9;
}

/* FMA throughput in GFLOP/s (2 flops per lane): 12 independent chains per thread. */
static double probe_fma(long iters) {
#if defined(PROBE_AVX2)
    __m256 m = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    __m256 c0 = _mm256_set1_ps(0.1f), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0, c8 = c0, c9 = c0, c10 = c0, c11 = c0;
    float o[8];
    long i;
    for (i = 0; i < iters; i++) {
        c0 = _mm256_fmadd_ps(c0, m, b); c1 = _mm256_fmadd_ps(c1, m, b); c2 = _mm256_fmadd_ps(c2, m, b); c3 = _mm256_fmadd_ps(c3, m, b);
        c4 = _mm256_fmadd_ps(c4, m, b); c5 = _mm256_fmadd_ps(c5, m, b); c6 = _mm256_fmadd_ps(c6, m, b); c7 = _mm256_fmadd_ps(c7, m, b);
        c8 = _mm256_fmadd_ps(c8, m, b); c9 = _mm256_fmadd_ps(c9, m, b); c10 = _mm256_fmadd_ps(c10, m, b); c11 = _mm256_fmadd_ps(c11, m, b);
    }
    c0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(c0, c1), _mm256_add_ps(c2, c3)), _mm256_add_ps(_mm256_add_ps(c4, c5), _mm256_add_ps(c6, c7)));
    c0 = _mm256_add_ps(c0, _mm256_add_ps(_mm256_add_ps(c8, c9), _mm256_add_ps(c10, c11)));
    _mm256_storeu_ps(o, c0);
    return (double)o[0] * 1e-30 + (double)iters * 12 * 16;
#elif defined(PROBE_NEON)
    float32x4_t m = vdupq_n_f32(0.999999f), b = vdupq_n_f32(1e-7f), c[12];
    long i;
    int k;
    for (k = 0; k < 12; k++) c[k] = vdupq_n_f32(0.1f);
    for (i = 0; i < iters; i++)
        for (k = 0; k < 12; k++) c[k] = vfmaq_f32(b, c[k], m);
    for (k = 1; k < 12; k++) c[0] = vaddq_f32(c[0], c[k]);
    return (double)vaddvq_f32(c[0]) * 1e-30 + (double)iters * 12 * 8;
#else
    float c[8] = {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f};
    long i;
    int k;
    for (i = 0; i < iters; i++)
        for (k = 0; k < 8; k++) c[k] = c[k] * 0.999999f + 1e-7f;
    return (double)(c[0] + c[7]) * 1e-30 + (double)iters * 8 * 2;
#endif
}

static double measure_fma_gflops(int n_threads) {
    double best = 0.0;
    int r, th;
    for (r = 0; r < 3; r++) {
        double t0 = now_s(), flops = 0.0, dt;
#ifdef _OPENMP
#pragma omp parallel for num_threads(n_threads) reduction(+ : flops)
#endif
        for (th = 0; th < n_threads; th++) flops += probe_fma(20000000);
        dt = now_s() - t0;
        if (flops / dt / 1e9 > best) best = flops / dt / 1e9;
    }
    return best;
}

#endif
