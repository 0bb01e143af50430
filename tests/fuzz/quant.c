/* Floats of any bit pattern (NaN, inf, subnormal, tiny, huge) through every
   quantizer: the weight quantizers (wm_quantize / wm_dequantize), the
   activation quantizer, the Q8_0 KV cache (its rows, key dots and value
   sums) and the quantized matrix products. Invariants: the documented
   results (a block holding NaN/inf dequantizes to NaN; a finite block
   within the f16 scale's range dequantizes near itself; codes in range),
   and SIMD == scalar bit for bit (NaN == NaN). Sanitizers catch an
   out-of-range float-to-int conversion. */
#include "fuzz.h"

enum { N_MAX = 1024, ROWS = 3, LAST = WM_TYPES_COMPUTED - 1 }; /* the quantized types: WM_Q8_0 .. LAST (WM_IQ4_XS) */

/* how far a finite block's value may land from its input: a share of the
   block's largest magnitude (the type's resolution, generously), and the
   f16 scale's subnormal spacing times the largest code products */
static float quant_tol(int t, float amax) {
    float rel = t == WM_Q8_0 ? 0.01f
              : t == WM_Q4_0 || t == WM_Q4_1 || t == WM_Q5_0 || t == WM_Q5_1 || t == WM_IQ4_NL || t == WM_IQ4_XS ? 0.2f
              : t == WM_Q2_K || t == WM_Q3_K ? 1.0f : 0.6f;
    float tiny = t == WM_Q8_0 || t == WM_Q4_0 || t == WM_Q5_0 ? 127.0f : t == WM_Q6_K ? 127.0f * 32.0f : 2.0f * 127.0f * 63.0f;
    return rel * amax + tiny * 6e-8f;
}

static int same_bits(const float *a, const float *b, size_t n) {
    size_t i;
    for (i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], 4) && !(a[i] != a[i] && b[i] != b[i])) return 0;
    return 1;
}

static int finite_all(const float *x, int n) {
    int i;
    for (i = 0; i < n; i++)
        if (!(fabsf(x[i]) <= 3.40282347e38f)) return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static float x[N_MAX], y[N_MAX], w[ROWS * N_MAX], o1[ROWS * N_MAX], o2[ROWS * N_MAX], s1[ROWS * 8], s2[ROWS * 8];
    static unsigned char q[ROWS * N_MAX * 2], qa_mem[2][sizeof(wm__qa) * (N_MAX / 256 + 1) * ROWS];
    wm__kc S = {0, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 1}, V = {1, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 1};
    V.simd = wm__kc_simd(WM_ISA_AUTO);
    wm__qa *qa1 = (wm__qa *)qa_mem[0], *qa2 = (wm__qa *)qa_mem[1];
    int n, i, t, b;
    uint32_t seed = 7;
    if (size < 4) return 0;
    n = (int)(size / 4) < N_MAX ? (int)(size / 4) : N_MAX;
    for (i = 0; i < N_MAX; i++) memcpy(&x[i], data + 4 * (size_t)(i % n), 4); /* the input, repeated to 1024 floats */
    n = n <= 256 ? 256 : n <= 512 ? 512 : N_MAX;
    for (i = 0; i < ROWS * N_MAX; i++) { seed = seed * 1103515245u + 12345u; w[i] = ((float)(seed >> 9) / 8388608.0f - 1.0f) * 0.1f; }

    /* weight quantizers: defined blocks */
    for (t = WM_Q8_0; t <= LAST; t++) {
        int bl = wm_type_block(t);
        FUZZ_CHECK(wm_quantize(t, x, (size_t)n, q) == WM_OK && wm_dequantize(t, q, (size_t)n, y) == WM_OK);
        for (b = 0; b < n; b += bl) {
            float amax = 0.0f;
            if (!finite_all(x + b, bl)) { /* NaN or inf in the block: NaN out */
                for (i = 0; i < bl; i++) FUZZ_CHECK(y[b + i] != y[b + i]);
                continue;
            }
            for (i = 0; i < bl; i++) amax = fmaxf(amax, fabsf(x[b + i]));
            if (amax < 60000.0f) { /* the f16 scale holds it: near the input (the scale's subnormal spacing, 6e-8, bounds tiny blocks) */
                float tol = quant_tol(t, amax);
                for (i = 0; i < bl; i++) {
                    if (!(fabsf(y[b + i] - x[b + i]) <= tol)) fprintf(stderr, "%s: x %g y %g amax %g\n", wm_type_name(t), (double)x[b + i], (double)y[b + i], (double)amax);
                    FUZZ_CHECK(fabsf(y[b + i] - x[b + i]) <= tol);
                }
            }
        }
    }

    /* the activation quantizer: SIMD == scalar, codes in range, tiny blocks zero */
    wm__quant_act(x, n, qa1, 0);
    wm__quant_act(x, n, qa2, V.simd);
    FUZZ_CHECK(!memcmp(qa1, qa2, sizeof(wm__qa) * (size_t)WM__QA_GROUPS(n)));
    for (b = 0; b < n / 32; b++) {
        const wm__qa *g = &qa1[b / 8];
        int k = b % 8, sum = 0;
        for (i = 0; i < 32; i++) { FUZZ_CHECK(g->q[k][i] >= -127 && g->q[k][i] <= 127); sum += g->q[k][i]; }
        FUZZ_CHECK(sum == g->sum[k]);
        if (!finite_all(x + 32 * b, 32)) FUZZ_CHECK(g->d[k] != g->d[k]);
    }

    /* quantized products: the fuzz floats as activations of every type, and as Q8_0 weights */
    for (t = WM_Q8_0; t <= LAST + 1; t++) {
        wm__mat W;
        int special_w = t > LAST;
        S.qa = qa1; V.qa = qa2;
        W.dtype = special_w ? WM_Q8_0 : t;
        W.rows = special_w ? 1 : ROWS;
        W.cols = n;
        FUZZ_CHECK(wm_quantize(W.dtype, special_w ? x : w, (size_t)W.rows * (size_t)n, q) == WM_OK);
        W.data = q;
        wm__k_matmul(&S, o1, W.rows, special_w ? w : x, n, &W, NULL, special_w ? ROWS : 1);
        wm__k_matmul(&V, o2, W.rows, special_w ? w : x, n, &W, NULL, special_w ? ROWS : 1);
        FUZZ_CHECK(same_bits(o1, o2, ROWS));
    }

    /* the prefill tile (8 rows repacked, 4 tokens at a time; 9 rows x 5 tokens
       leave a row and a token to the one-row dots): the fuzz floats as
       weights of every type and as activations, against the scalar reference */
    {
        static float xt[5 * 256], wt[9 * 256], ot1[5 * 9], ot2[5 * 9];
        static wm__qr qr[8];
        wm__kc Vt = V;
        for (i = 0; i < 9 * 256; i++) wt[i] = x[(i * 7) % n];
        for (i = 0; i < 5 * 256; i++) xt[i] = x[(i * 3 + 1) % n];
        Vt.qr = qr;
        for (t = WM_Q8_0; t <= LAST; t++) {
            wm__mat W;
            W.dtype = t; W.rows = 9; W.cols = 256; W.data = q;
            FUZZ_CHECK(wm_quantize(t, wt, 9 * 256, q) == WM_OK);
            wm__k_matmul(&S, ot1, 9, xt, 256, &W, NULL, 5);
            wm__k_matmul(&Vt, ot2, 9, xt, 256, &W, NULL, 5);
            FUZZ_CHECK(same_bits(ot1, ot2, 5 * 9));
        }
    }

    /* the Q8_0 KV cache: rows of the fuzz floats (head_dim 32..256), their key dots and value sums */
    {
        int hd = 32 << (data[0] % 4), nk = n / hd < 8 ? n / hd : 8, j;
        for (j = 0; j < nk; j++)
            for (i = 0; i < hd; i += 32) wm__quant_q8_0(x + j * hd + i, q + (size_t)j * (size_t)(hd / 32) * 34 + (size_t)i / 32 * 34);
        wm__quant_act(w, hd, qa1, V.simd); /* a normal query */
        wm__k_qdots(&S, qa1, q, hd, nk, s1);
        wm__k_qdots(&V, qa1, q, hd, nk, s2);
        FUZZ_CHECK(same_bits(s1, s2, (size_t)nk));
        for (j = 0; j < ROWS * nk; j++) s1[j] = w[j] * 10.0f; /* [ROWS][nk] weights of the values */
        memset(o1, 0, sizeof(float) * ROWS * (size_t)hd);
        memset(o2, 0, sizeof(float) * ROWS * (size_t)hd);
        wm__k_axpy_keys(&S, o1, hd, ROWS, s1, nk, q, (size_t)(hd / 32) * 34, WM_Q8_0, hd, nk);
        wm__k_axpy_keys(&V, o2, hd, ROWS, s1, nk, q, (size_t)(hd / 32) * 34, WM_Q8_0, hd, nk);
        for (i = 0; i < ROWS * hd; i++) { /* float sums (FMA or not, key by key): the same value, or both NaN / the same inf,
                                              or apart by rounding, which is relative to the terms' magnitudes, not to a sum they cancel in */
            double mag = 0.0;
            for (j = 0; j < nk; j++) {
                float v;
                FUZZ_CHECK(wm_dequantize(WM_Q8_0, q + (size_t)j * (size_t)(hd / 32) * 34 + (size_t)(i % hd) / 32 * 34, 32, y) == WM_OK);
                v = y[i % 32];
                mag += fabs((double)s1[(i / hd) * nk + j] * (double)v);
            }
            FUZZ_CHECK((o1[i] != o1[i] && o2[i] != o2[i]) || o1[i] == o2[i] || !(mag <= 3.40282347e38) ||
                       fabs((double)o1[i] - (double)o2[i]) <= 1e-5 * (1.0 + mag) ||
                       (!(fabsf(o1[i]) <= 3.40282347e38f) && !(fabsf(o2[i]) <= 3.40282347e38f)));
        }
    }
    return 0;
}
