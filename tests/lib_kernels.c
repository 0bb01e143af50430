/* lib_kernels.c - White-box (included by lib.c): number conversions, top-k,
   every kernel against its scalar reference bit for bit, the SSD chunked scan
   against the recurrence, attention. */

/* ---- kernels and numbers ----------------------------------------------- */

void test_numbers(void) {
    static const float exact[] = {0.0f, 1.0f, -2.5f, 65504.0f, 0.5f, 5.9604644775390625e-8f, 6.103515625e-5f, -1024.0f};
    size_t i;
    check(wm__f32_to_f16(1.0f) == 0x3c00, "f16(1) = %04x", wm__f32_to_f16(1.0f));
    check(wm__f32_to_f16(65504.0f) == 0x7bff, "f16(65504)");
    check(wm__f32_to_f16(65520.0f) == 0x7c00, "f16(65520) rounds to inf");
    check(wm__f32_to_f16(5.9604644775390625e-8f) == 0x0001, "f16 smallest subnormal");
    check(wm__f32_to_f16(2.0e-8f) == 0x0000, "f16 underflow to 0");
    check(wm__f32_to_f16(1.0f + 1.0f / 2048) == 0x3c00, "f16 tie to even (down)");
    check(wm__f32_to_f16(1.0f + 3.0f / 2048) == 0x3c02, "f16 tie to even (up)");
    check(wm__f16_to_f32(0x7c00) == INFINITY && wm__f16_to_f32(0xfc00) == -INFINITY, "f16 inf");
    check(wm__f32_to_bf16(1.0f) == 0x3f80, "bf16(1)");
    check(wm__f32_to_bf16(1.00390625f) == 0x3f80, "bf16 tie to even (down)");
    check(wm__f32_to_bf16(1.01171875f) == 0x3f82, "bf16 tie to even (up)");
    for (i = 0; i < sizeof exact / sizeof exact[0]; i++) {
        check(wm__f16_to_f32(wm__f32_to_f16(exact[i])) == exact[i], "f16 round trip of %g", (double)exact[i]);
        if (exact[i] != 5.9604644775390625e-8f && exact[i] != 65504.0f) /* not bf16 numbers */
            check(wm__bf16_to_f32(wm__f32_to_bf16(exact[i])) == exact[i], "bf16 round trip of %g", (double)exact[i]);
    }
}

/* torch.topk's choices among ties (tests/fixtures/topk-torch.txt, made by
   tools/gen_topk_cases.py): same elements, same order when sorted. */
void test_topk_torch(void) {
    size_t size;
    char *txt = (char *)read_all("tests/fixtures/topk-torch.txt", &size), *p, *line;
    int cases = 0, bad = 0, first_bad = -1;
    if (!txt) { check(0, "tests/fixtures/topk-torch.txt missing"); return; }
    for (line = txt; line && *line; line = p) {
        int n, k, srt, i, j, *want;
        float *x;
        wm__pair *q;
        char *s;
        p = strchr(line, '\n');
        if (p) *p++ = 0;
        if (sscanf(line, "%d %d %d", &n, &k, &srt) != 3) continue;
        x = (float *)malloc(sizeof(float) * (size_t)n);
        want = (int *)malloc(sizeof(int) * (size_t)k);
        q = (wm__pair *)malloc(sizeof(wm__pair) * (size_t)n);
        s = strchr(line, ';') + 1;
        for (i = 0; i < n; i++) x[i] = strtof(s, &s);
        s = strchr(s, ';') + 1;
        for (i = 0; i < k; i++) want[i] = (int)strtol(s, &s, 10);
        wm__k_topk_pairs(&g_kc_scalar, x, n, k, srt, q);
        for (i = 0; i < k; i++) {
            int hit = 0;
            if (srt) hit = q[i].i == want[i];
            else for (j = 0; j < k; j++) hit |= q[j].i == want[i];
            if (!hit) { bad++; if (first_bad < 0) first_bad = cases; break; }
        }
        cases++;
        free(x); free(want); free(q);
    }
    check(cases >= 100 && bad == 0, "top-k differs from torch.topk on %d of %d tie cases (first: case %d)", bad, cases, first_bad);
    free(txt);
}

void test_select(void) {
    float x[200], val[16], sorted[200];
    wm__pair tmp[200];
    int idx[16], n, k, i, j, trial, bad_topk = -1;
    unsigned seed = 7;
    for (trial = 0; trial < 200; trial++) {
        n = 1 + trial % 97;
        k = 1 + trial % (n < 16 ? n : 16);
        for (i = 0; i < n; i++) {
            seed = seed * 1664525u + 1013904223u;
            x[i] = (float)((seed >> 9) % 23) - 11.0f; /* many ties */
            sorted[i] = x[i];
        }
        for (i = 1; i < n; i++) /* descending insertion sort */
            for (j = i; j > 0 && sorted[j] > sorted[j - 1]; j--) { float t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t; }
        wm__k_topk(&g_kc, x, n, k, idx, val, tmp);
        for (i = 0; i < k; i++)
            if (val[i] != sorted[i] || x[idx[i]] != val[i]) bad_topk = trial;
    }
    check(bad_topk < 0, "topk disagrees with a sort (trial %d)", bad_topk);
    test_topk_torch();
}

/* both NaN, the same infinity, or within tol relative */
static int same_special(float a, float b, float tol) {
    if (a != a || b != b) return a != a && b != b;
    if (isinf(a) || isinf(b)) return a == b;
    return fabsf(a - b) <= tol * (1.0f + fabsf(a));
}

/* the special blocks: value, step, then mixed with a normal block */
static const float special_kinds[][3] = {{1e-38f, 1e-40f, 0}, {3e-40f, 1e-41f, 0}, {1e-45f, 0, 0}, {3e38f, -1e37f, 0}, {1e30f, 3e29f, 0},
                                         {0, 0, 0}, {NAN, 0, 0}, {INFINITY, 0, 0}, {-INFINITY, 0, 0}, {1e-38f, 1e-40f, 1},
                                         {NAN, 0, 1}, {INFINITY, 0, 1}, {3e38f, 1e36f, 1}};

/* SIMD == scalar on blocks of special values: tiny (below 127 / FLT_MAX,
   where 1/d overflows), subnormal, huge, NaN, +-inf, zeros, and a normal
   block beside each; quantized results bit for bit (the activation
   quantizer's codes, every quantized matmul), float kernels to the same
   NaN / inf / value. Every quantizer's result is the documented one. */
void test_kernels_special(void) {
    enum { N = 256, T = 3, R = 5 };
    const float (*kinds)[3] = special_kinds;
    const wm__kc *S = &g_kc_scalar, *V = &g_kc;
    float x[T * N], w[R * N], y1[T * R], y2[T * R], c[N], d[N], deq[N], r1, r2;
    unsigned char q[R * N * 2];
    wm__qa qa1[R * N / 256], qa2[R * N / 256]; /* [T or R][N / 256] */
    size_t k;
    int bad = 0, dt, i, j, ovf;
    char what[200] = "";
#define SCHECK(cond, ...) do { if (!(cond)) { bad++; if (!what[0]) { int at_ = WHAT_AT(what); snprintf(what + at_, sizeof what - (size_t)at_, __VA_ARGS__); } if (getenv("WM_DEBUG")) { fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } } while (0)
    fill(w, R * N, 31);
    for (k = 0; k < sizeof special_kinds / sizeof special_kinds[0]; k++) {
        float v = kinds[k][0], st = kinds[k][1];
        fill(x, T * N, 32 + (unsigned)k);
        for (i = 0; i < T * N; i++) /* the special block(s): all of x, or every other block of 32 */
            if (!kinds[k][2] || (i / 32) % 2) x[i] = (i % 3 == 1 ? -1.0f : 1.0f) * (v + st * (float)(i % 7));
        ovf = fabsf(v) > 1e36f; /* sums of N such values can overflow */
        /* the activation quantizer */
        wm__quant_act(x, T * N, qa1, 0);
        wm__quant_act(x, T * N, qa2, g_kc.simd);
        SCHECK(!memcmp(qa1, qa2, sizeof(wm__qa) * T * N / 256), "activation quantizer, case %zu (%g)", k, (double)v);
        for (j = 0; j < T * N / 32; j++) {
            const wm__qa *g = &qa1[j / 8];
            int b = j % 8, m, inb = 0, zero = 1;
            for (m = 0; m < 32; m++) { inb |= !(fabsf(x[32 * j + m]) <= 3.40282347e38f); zero &= g->q[b][m] == 0; }
            if (inb) SCHECK(g->d[b] != g->d[b] && zero, "activation block with NaN/inf: d NaN, codes 0 (case %zu)", k);
            else {
                float amax = 0;
                for (m = 0; m < 32; m++) amax = fmaxf(amax, fabsf(x[32 * j + m]));
                if (amax < 3.7e-37f) SCHECK(g->d[b] == 0.0f && zero, "tiny activation block: zeros (case %zu, amax %g)", k, (double)amax);
                else for (m = 0; m < 32; m++) SCHECK(g->q[b][m] >= -127 && g->q[b][m] <= 127, "activation codes in range");
            }
        }
        /* every weight quantizer: defined codes; NaN/inf blocks dequantize to NaN, tiny ones to 0 */
        for (dt = WM_Q8_0; dt < WM_TYPES_COMPUTED; dt++) {
            int bl = wm_type_block(dt);
            for (i = 0; i < N; i += bl) {
                int inb = 0, m;
                float amax = 0;
                wm_quantize(dt, x + i, (size_t)bl, q);
                wm_dequantize(dt, q, (size_t)bl, deq);
                for (m = 0; m < bl; m++) { inb |= !(fabsf(x[i + m]) <= 3.40282347e38f); if (!inb) amax = fmaxf(amax, fabsf(x[i + m])); }
                if (inb) SCHECK(deq[0] != deq[0], "%s block with NaN/inf dequantizes to NaN (case %zu)", wm_type_name(dt), k);
                else if (amax < 3.7e-37f) for (m = 0; m < bl; m++) SCHECK(deq[m] == 0.0f, "tiny %s block dequantizes to 0 (case %zu)", wm_type_name(dt), k);
            }
        }
        /* quantized matmuls (weights normal, activations special), and special weights through Q8_0 */
        for (dt = WM_Q8_0; dt <= WM_TYPES_COMPUTED; dt++) {
            wm__mat W;
            wm__kc Sq = *S, Vq = *V;
            int sp = dt == WM_TYPES_COMPUTED; /* special weights (through Q8_0), normal activations */
            Sq.qa = Vq.qa = qa1;
            if (!sp) wm_quantize(dt, w, (size_t)R * N, q);
            else wm_quantize(WM_Q8_0, x, (size_t)T * N, q);
            W.data = q; W.dtype = !sp ? dt : WM_Q8_0; W.rows = !sp ? R : T; W.cols = N;
            wm__k_matmul(&Sq, y1, W.rows, !sp ? x : w, N, &W, NULL, !sp ? T : R);
            wm__k_matmul(&Vq, y2, W.rows, !sp ? x : w, N, &W, NULL, !sp ? T : R);
            for (i = 0; i < T * R; i++) SCHECK(!memcmp(&y1[i], &y2[i], 4) || (y1[i] != y1[i] && y2[i] != y2[i]), "quantized matmul %d, case %zu: %g vs %g", dt, k, (double)y1[i], (double)y2[i]);
        }
        /* float kernels */
        for (dt = 0; dt < 3; dt++) {
            uint16_t h[N];
            const void *wp = dt == WM_F32 ? (const void *)x : (const void *)h;
            for (i = 0; i < N; i++) h[i] = dt == WM_BF16 ? wm__f32_to_bf16(x[i]) : wm__f32_to_f16(x[i]);
            r1 = wm__k_dot(S, w, wp, dt, N);
            r2 = wm__k_dot(V, w, wp, dt, N);
            /* a sum that overflows is inf or NaN by its order (inf - inf): both non-finite agree */
            SCHECK(same_special(r1, r2, 1e-4f) || (!isfinite(r1) && !isfinite(r2) && ovf),  "dot dtype %d, case %zu: %g vs %g", dt, k, (double)r1, (double)r2);
            memcpy(c, w, sizeof c); memcpy(d, w, sizeof d);
            wm__k_axpy(S, c, 0.37f, wp, dt, N); wm__k_axpy(V, d, 0.37f, wp, dt, N);
            for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 1e-6f), "axpy dtype %d, case %zu", dt, k);
            wm__k_to_f32(S, c, wp, dt, N); wm__k_to_f32(V, d, wp, dt, N);
            for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 0), "to_f32 dtype %d, case %zu", dt, k);
        }
        memcpy(c, x, sizeof c); memcpy(d, x, sizeof d);
        wm__k_scale(S, c, 1.7f, N); wm__k_scale(V, d, 1.7f, N);
        for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 0), "scale, case %zu", k);
        wm__k_exp(S, c, x, N); wm__k_exp(V, d, x, N);
        for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 2e-6f), "exp, case %zu, x %g: %g vs %g", k, (double)x[i], (double)c[i], (double)d[i]);
        wm__k_rmsnorm(S, c, x, w, N, 1e-6f); wm__k_rmsnorm(V, d, x, w, N, 1e-6f);
        for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 1e-5f), "rmsnorm, case %zu: %g vs %g", k, (double)c[i], (double)d[i]);
        SCHECK(same_special(wm__k_max(S, x, N), wm__k_max(V, x, N), 0), "max, case %zu: %g vs %g", k, (double)wm__k_max(S, x, N), (double)wm__k_max(V, x, N));
        memcpy(c, x, sizeof c); memcpy(d, x, sizeof d);
        wm__k_softmax(S, c, N); wm__k_softmax(V, d, N);
        for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 1e-5f), "softmax, case %zu: %g vs %g", k, (double)c[i], (double)d[i]);
        memcpy(c, x, sizeof c); memcpy(d, x, sizeof d);
        wm__k_act_mul(S, c, w, N, WM_ACT_SILU); wm__k_act_mul(V, d, w, N, WM_ACT_SILU);
        for (i = 0; i < N; i++) SCHECK(same_special(c[i], d[i], 1e-5f), "silu, case %zu: %g vs %g", k, (double)c[i], (double)d[i]);
        memcpy(c, x, sizeof c); memcpy(d, x, sizeof d);
        wm__k_rope(S, c, w, w + 128, N); wm__k_rope(V, d, w, w + 128, N);
        for (i = 0; i < N; i++) { /* a c - b s cancels: the error is relative to the inputs */
            double sc = fabs((double)x[i]) + fabs((double)x[i < N / 2 ? i + N / 2 : i - N / 2]);
            SCHECK(same_special(c[i], d[i], 0) || (isfinite(c[i]) && isfinite(d[i]) && fabs((double)c[i] - (double)d[i]) <= 1e-6 * (1.0 + sc)), "rope, case %zu: %g vs %g", k, (double)c[i], (double)d[i]);
        }
    }
    check(bad == 0, "kernels on tiny / subnormal / huge / NaN / inf blocks: %d differ from the scalar reference or the defined result; first: %s", bad, what);
#undef SCHECK
}

/* KCHECK(cond, ...): counts a differing kernel result in bad; the first one's file:line and message into what */
#define KCHECK(cond, ...) do { if (!(cond)) { bad++; if (!what[0]) { int at_ = WHAT_AT(what); snprintf(what + at_, sizeof what - (size_t)at_, __VA_ARGS__); } } } while (0)

/* matrix products: odd shapes, every dtype, strided and unaligned (SIMD against the scalar reference) */
static void kernels_matmul(const wm__kc *S, const wm__kc *V) {
    int bad = 0, dt = 0;
    char what[160] = "";
    /* (the last three: AMX-BF16's tiles, whole 32-column steps: 16-row ends, 16-token tails, one tile) */
    static const int shp[][3] = {{1, 7, 9}, {1, 13, 65}, {5, 13, 65}, {6, 9, 1000}, {67, 31, 70}, {2, 4, 8}, {37, 45, 96}, {3, 16, 64}, {49, 70, 1024}};
    size_t k;
    float *pack = (float *)malloc(sizeof(float) * WM__PACK * 2);
    uint32_t *xb = (uint32_t *)malloc(sizeof(uint32_t) * 3 * 512 * WM__XB_T(67));
    wm__kc Sp = *S, Vp = *V;
    Sp.pack = Vp.pack = pack;
    Vp.xb = V->simd == WM_ISA_AMX ? xb : NULL;
    for (k = 0; k < sizeof shp / sizeof shp[0]; k++) {
        int T = shp[k][0], R = shp[k][1], K = shp[k][2];
        float *x = (float *)malloc(sizeof(float) * (size_t)T * (K + 3) + 4) + 1, *w = (float *)malloc(sizeof(float) * (size_t)R * K + 4) + 1;
        float *y1 = (float *)malloc(sizeof(float) * (size_t)T * (R + 2)), *y2 = (float *)malloc(sizeof(float) * (size_t)T * (R + 2));
        uint16_t *wh = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)R * K + 2) + 1;
        float bias[72]; /* (R <= 72) */
        wm__mat W;
        int i;
        fill(x, (size_t)T * (K + 3), 11);
        fill(w, (size_t)R * K, 12);
        fill(bias, 72, 13);
        for (dt = 0; dt < 3; dt++) {
            for (i = 0; i < R * K; i++) wh[i] = dt == WM_BF16 ? wm__f32_to_bf16(w[i]) : wm__f32_to_f16(w[i]);
            W.data = dt == WM_F32 ? (const void *)w : (const void *)wh;
            W.dtype = dt; W.rows = R; W.cols = K;
            wm__k_matmul(&Sp, y1, R + 2, x, K + 3, &W, bias, T);
            wm__k_matmul(&Vp, y2, R + 2, x, K + 3, &W, bias, T);
            for (i = 0; i < T; i++) KCHECK(rel_err(y2 + (size_t)i * (R + 2), y1 + (size_t)i * (R + 2), (size_t)R) < 3e-5, "matmul T%d R%d K%d dtype %d", T, R, K, dt);
            if (dt == WM_BF16 && T > 1) { /* a prefill's token alone (tiled) gives its bits in a batch; inf and NaN stay */
                wm__kc Vt = Vp;
                float y3[72];
                Vt.tiled = 1;
                for (i = 0; i < T; i++) {
                    wm__k_matmul(&Vt, y3, R, x + (size_t)i * (K + 3), K + 3, &W, bias, 1);
                    KCHECK(!memcmp(y3, y2 + (size_t)i * (R + 2), sizeof(float) * (size_t)R), "matmul T%d R%d K%d BF16: token %d alone", T, R, K, i);
                }
                if (V->simd == WM_ISA_AMX) { /* three BF16 parts of x: x . w within 4e-7 of its float64 sum |x w| (two: 1.6e-6) */
                    double e = 0;
                    int r, kk;
                    for (i = 0; i < T * (K + 3); i++) x[i] += x[(i * 7 + 3) % (T * (K + 3))] / 65536.0f; /* (fill's 16 bits: 24 now) */
                    wm__k_matmul(&Vp, y1, R + 2, x, K + 3, &W, NULL, T);
                    for (i = 0; i < T; i++)
                        for (r = 0; r < R; r++) {
                            double d = 0, a = 1e-30;
                            for (kk = 0; kk < K; kk++) d += (double)x[(size_t)i * (K + 3) + kk] * wm__bf16_to_f32(wh[(size_t)r * K + kk]), a += fabs((double)x[(size_t)i * (K + 3) + kk] * wm__bf16_to_f32(wh[(size_t)r * K + kk]));
                            e = fmax(e, fabs(y1[(size_t)i * (R + 2) + r] - d) / a);
                        }
                    KCHECK(e < 4e-7, "matmul T%d R%d K%d BF16: %g of sum |x w| from float64", T, R, K, e);
                }
                x[1] = INFINITY, x[K + 3 + 2] = NAN;
                wm__k_matmul(&Sp, y1, R + 2, x, K + 3, &W, bias, T);
                wm__k_matmul(&Vp, y2, R + 2, x, K + 3, &W, bias, T);
                for (i = 0; i < 2 * (R + 2); i++) KCHECK(i % (R + 2) >= R || same_special(y1[i], y2[i], 3e-5f), "matmul T%d R%d K%d BF16, inf and NaN: %g vs %g", T, R, K, (double)y1[i], (double)y2[i]);
                fill(x, (size_t)T * (K + 3), 11);
            }
        }
        for (i = 0; i < 2; i++) { /* gemm_nt, then gemm_acc in both forms */
            int M = T, N = R;
            memset(y1, 0, sizeof(float) * (size_t)T * (R + 2));
            memset(y2, 0, sizeof(float) * (size_t)T * (R + 2));
            if (i == 0) {
                wm__k_gemm_nt(S, M, N, K, x, K + 3, w, K, y1, R + 2, 0);
                wm__k_gemm_nt(V, M, N, K, x, K + 3, w, K, y2, R + 2, 0);
            } else { /* C[M][N] += A[M][K'] B[K'][N] with K' = min(K, N rows available) */
                int Kp = WM__MIN(K, 60);
                wm__k_gemm_acc(S, M, N, Kp, x, K + 3, 1, w, N, y1, R + 2);
                wm__k_gemm_acc(V, M, N, Kp, x, K + 3, 1, w, N, y2, R + 2);
                wm__k_gemm_acc(S, M, N, WM__MIN(Kp, M), x, 1, K + 3, w, N, y1, R + 2); /* A^T B */
                wm__k_gemm_acc(V, M, N, WM__MIN(Kp, M), x, 1, K + 3, w, N, y2, R + 2);
            }
            for (dt = 0; dt < T; dt++)
                KCHECK(rel_err(y2 + (size_t)dt * (R + 2), y1 + (size_t)dt * (R + 2), (size_t)R) < 3e-5, "gemm %s T%d R%d K%d", i ? "acc" : "nt", T, R, K);
        }
        free(x - 1); free(w - 1); free(y1); free(y2); free(wh - 1);
    }
    free(pack); free(xb);
    check(bad == 0, "%d kernel results differ from the scalar reference; first: %s", bad, what);
    (void)dt;
}

/* quantized matrices: SIMD (four-token and one-token bodies) == scalar, and each token's outputs the
   same bits whether it comes alone (decode) or in a batch (prefill) */
static void kernels_quantized_matmul(const wm__kc *S, const wm__kc *V) {
    int bad = 0, dt = 0;
    char what[160] = "";
    int R = 13, K = 512, T = 9, dq, i;
    float *x = (float *)malloc(sizeof(float) * (size_t)T * K), *w = (float *)malloc(sizeof(float) * (size_t)R * K);
    float *y1 = (float *)malloc(sizeof(float) * (size_t)T * R), *y2 = (float *)malloc(sizeof(float) * (size_t)T * R), y3[16];
    unsigned char *q = (unsigned char *)malloc((size_t)R * K * 2);
    wm__qa *qa = (wm__qa *)malloc(sizeof(wm__qa) * (size_t)T * WM__QA_GROUPS(K));
    wm__kc Sq = *S, Vq = *V;
    int same = 1, alone = 1;
    Sq.qa = Vq.qa = qa;
    fill(x, (size_t)T * K, 21);
    fill(w, (size_t)R * K, 22);
    for (dq = WM_Q8_0; dq < WM_TYPES_COMPUTED; dq++) {
        wm__mat W;
        wm_quantize(dq, w, (size_t)R * K, q);
        W.data = q; W.dtype = dq; W.rows = R; W.cols = K;
        wm__k_matmul(&Sq, y1, R, x, K, &W, NULL, T);
        wm__k_matmul(&Vq, y2, R, x, K, &W, NULL, T);
        same &= !memcmp(y1, y2, sizeof(float) * (size_t)T * R);
        for (i = 0; i < T; i++) {
            wm__k_matmul(&Vq, y3, R, x + (size_t)i * K, K, &W, NULL, 1);
            alone &= !memcmp(y3, y2 + (size_t)i * R, sizeof(float) * (size_t)R);
        }
    }
    KCHECK(same, "quantized matmul: SIMD == scalar bit for bit");
    KCHECK(alone, "quantized matmul: a token alone == the same token in a batch");
    free(x); free(w); free(y1); free(y2); free(q); free(qa);
    check(bad == 0, "%d kernel results differ from the scalar reference; first: %s", bad, what);
    (void)dt;
}

void test_kernels(void) {
    static const int sizes[] = {0, 1, 7, 8, 9, 63, 64, 65, 1000};
    const wm__kc *S = &g_kc_scalar, *V = &g_kc;
    float *buf = (float *)malloc(sizeof(float) * 200000), *a = buf + 1, *b = buf + 3001, *c = buf + 6001, *d = buf + 9001; /* unaligned */
    uint16_t *hb = (uint16_t *)malloc(sizeof(uint16_t) * 4001), *hh = hb + 1, hf[2001];
    size_t si;
    int dt, bad = 0;
    char what[160] = "";
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        int n = sizes[si], i;
        float r1, r2;
        fill(a, 1000, 1 + (unsigned)si);
        fill(b, 1000, 7 + (unsigned)si);
        for (i = 0; i < 1000; i++) { hh[i] = wm__f32_to_bf16(b[i]); hf[i] = wm__f32_to_f16(b[i]); }
        for (dt = 0; dt < 3; dt++) { /* dot, axpy, widening of each dtype */
            const void *w = dt == WM_F32 ? (const void *)b : dt == WM_BF16 ? (const void *)hh : (const void *)hf;
            r1 = wm__k_dot(S, a, w, dt, n);
            r2 = wm__k_dot(V, a, w, dt, n);
            KCHECK(fabsf(r1 - r2) <= 1e-5f * (1.0f + fabsf(r1)) * sqrtf((float)n + 1), "dot dtype %d n %d: %g vs %g", dt, n, r1, r2);
            memcpy(c, a, sizeof(float) * 1000); memcpy(d, a, sizeof(float) * 1000);
            wm__k_axpy(S, c, 0.37f, w, dt, n);
            wm__k_axpy(V, d, 0.37f, w, dt, n);
            KCHECK(rel_err(d, c, (size_t)n) < 1e-6, "axpy dtype %d n %d", dt, n);
            wm__k_to_f32(S, c, w, dt, n);
            wm__k_to_f32(V, d, w, dt, n);
            KCHECK(n == 0 || !memcmp(c, d, sizeof(float) * (size_t)n), "to_f32 dtype %d n %d", dt, n);
        }
        memcpy(c, a, sizeof(float) * 1000); memcpy(d, a, sizeof(float) * 1000);
        wm__k_scale(S, c, 1.7f, (size_t)n); wm__k_scale(V, d, 1.7f, (size_t)n);
        KCHECK(n == 0 || !memcmp(c, d, sizeof(float) * (size_t)n), "scale n %d", n);
        for (i = 0; i < n; i++) c[i] = 40.0f * a[i] + (i % 5 == 0 ? -100.0f : 0.0f); /* includes underflow */
        wm__k_exp(S, d, c, n);
        wm__k_exp(V, c + 1000, c, n);
        KCHECK(rel_err(c + 1000, d, (size_t)n) < 2e-6 || n == 0, "exp n %d", n);
        if (n > 0) {
            wm__k_rmsnorm(S, c, a, b, n, 1e-6f);
            wm__k_rmsnorm(V, d, a, b, n, 1e-6f);
            KCHECK(rel_err(d, c, (size_t)n) < 1e-5, "rmsnorm n %d", n);
            KCHECK(wm__k_max(S, a, n) == wm__k_max(V, a, n), "max n %d", n);
            memcpy(c, a, sizeof(float) * (size_t)n); memcpy(d, a, sizeof(float) * (size_t)n);
            c[n / 2] = d[n / 2] = -INFINITY;
            wm__k_softmax(S, c, n); wm__k_softmax(V, d, n);
            KCHECK(rel_err(d, c, (size_t)n) < 1e-5 && d[n / 2] == 0.0f, "softmax n %d", n);
        }
        memcpy(c, a, sizeof(float) * 1000); memcpy(d, a, sizeof(float) * 1000);
        wm__k_act_mul(S, c, b, (size_t)n, WM_ACT_SILU); wm__k_act_mul(V, d, b, (size_t)n, WM_ACT_SILU);
        KCHECK(rel_err(d, c, (size_t)n) < 1e-5 || n == 0, "silu n %d", n);
        if (n > 0 && n <= 200) { /* a causal conv's token: K taps fused in order; rows of e and of the taps transposed ld apart */
            int K = 1 + (int)si % 4, ld = n + 3, kk;
            float wt[4 * 203];
            for (i = 0; i < n; i++)
                for (kk = 0; kk < K; kk++) wt[kk * ld + i] = b[i * K + kk];
            wm__k_conv(S, c, a, b, wt, si % 2 ? b + 800 : NULL, (size_t)ld, n, K);
            wm__k_conv(V, d, a, b, wt, si % 2 ? b + 800 : NULL, (size_t)ld, n, K);
            KCHECK(!memcmp(c, d, sizeof(float) * (size_t)n), "conv n %d K %d", n, K);
            c[0] = si % 2 ? b[800] : 0.0f;
            for (kk = 0; kk < K; kk++) c[0] = WM__FMAF(b[kk], a[kk * ld], c[0]); /* (MinGW's fmaf rounds twice) */
            KCHECK(!memcmp(c, d, sizeof(float)), "conv n %d K %d: channel 0 is not the fused taps in order", n, K);
        }
        { /* a transpose, whole 4 x 4 blocks and the edges: both bodies put each element in its place */
            int r = 3 + n % 21, cc = 1 + n % 37, j, ok = 1;
            wm__k_transpose(S, c, (size_t)r + 1, a, (size_t)cc + 2, r, cc);
            wm__k_transpose(V, d, (size_t)r + 1, a, (size_t)cc + 2, r, cc);
            for (i = 0; i < r; i++)
                for (j = 0; j < cc; j++) ok &= c[j * (r + 1) + i] == a[i * (cc + 2) + j] && d[j * (r + 1) + i] == a[i * (cc + 2) + j];
            KCHECK(ok, "transpose %d x %d", r, cc);
        }
        memcpy(c, a, sizeof(float) * 2000); memcpy(d, a, sizeof(float) * 2000);
        wm__k_rope(S, c, b, b + 500, 2 * n); wm__k_rope(V, d, b, b + 500, 2 * n);
        KCHECK(rel_err(d, c, 2 * (size_t)n) < 1e-6 || n == 0, "rope d %d", 2 * n);
        { /* top-1 fast path vs the torch-exact selection */
            wm__pair q1[1000], q2[1000];
            if (n > 1) {
                wm__k_topk_pairs(S, a, n, 1, 1, q1);
                wm__k_topk_pairs(V, a, n, 1, 1, q2);
                KCHECK(q1[0].i == q2[0].i, "top-1 n %d", n);
            }
        }
    }
    kernels_matmul(S, V);
    kernels_quantized_matmul(S, V);
    check(bad == 0, "%d kernel results differ from the scalar reference; first: %s", bad, what);
#undef KCHECK
    free(buf);
    free(hb);
}

void test_ssd_chunked(void) {
    static const int Ts[] = {1, 5, 16, 53}; /* T = 1, < chunk, = chunk, 3 chunks + 5 */
    static const int Gs[] = {1, 2, 4};
    int H = 4, P = 6, N = 8, Q = 16, ti, gi, mode;
    unsigned seed = 99;
    for (ti = 0; ti < 4; ti++)
        for (gi = 0; gi < 3; gi++)
            for (mode = 0; mode < 2; mode++) {
                int T = Ts[ti], G = Gs[gi], t, i;
                size_t ldx = (size_t)H * P + 3, ldbc = (size_t)G * N + 5; /* strided rows */
                float *xs = (float *)malloc(sizeof(float) * T * ldx), *bc = (float *)malloc(sizeof(float) * T * ldbc * 2);
                float *dt = (float *)malloc(sizeof(float) * T * H), A_log[4], Dsk[4];
                float *CB = (float *)malloc(sizeof(float) * (G * Q * Q + WM__ST_SLOTS(H, g_kc.n_threads) * P * N)), wsm[4 * 16 * 16];
                wm__ssd_ws ws;
                float *S0 = (float *)malloc(sizeof(float) * H * P * N), *S1 = (float *)malloc(sizeof(float) * H * P * N);
                float *y0 = (float *)malloc(sizeof(float) * T * H * P), *y1 = (float *)malloc(sizeof(float) * T * H * P);
                wm__ssd_args a;
                memset(&a, 0, sizeof a); /* F32 states */
                for (i = 0; i < T * (int)ldx; i++) xs[i] = frand(&seed);
                for (i = 0; i < T * (int)ldbc * 2; i++) bc[i] = frand(&seed);
                for (i = 0; i < T * H; i++) dt[i] = 0.05f + 0.5f * (frand(&seed) + 1.0f) / 2.0f;
                for (i = 0; i < H; i++) { A_log[i] = logf(0.05f + 0.95f * (frand(&seed) + 1.0f) / 2.0f); Dsk[i] = 1.0f + 0.1f * frand(&seed); }
                for (i = 0; i < H * P * N; i++) S0[i] = S1[i] = 0.3f * frand(&seed); /* a state handed over */
                a.xs = xs; a.Bm = bc; a.Cm = bc + T * ldbc; a.dt = dt; a.A_log = A_log; a.Dskip = Dsk;
                a.ldx = (int)ldx; a.ldbc = (int)ldbc; a.ldt = H; a.H = H; a.P = P; a.N = N; a.G = G; a.group_div = mode; a.chunk = a.ldq = Q;
                /* reference: the recurrence one token at a time */
                for (t = 0; t < T; t++) {
                    wm__ssd_args r = a;
                    r.nb = 1; r.S = S0; r.y = y0 + (size_t)t * H * P;
                    r.xs = xs + t * ldx; r.Bm = bc + t * ldbc; r.Cm = bc + T * ldbc + t * ldbc; r.dt = dt + t * H;
                    wm__ssd_step(&g_kc_scalar, &r);
                }
                a.nb = T; a.S = S1; a.y = y1;
                ws.M = wsm; ws.CB2 = wsm + Q * Q; ws.lam = ws.CB2 + Q * N; ws.e = ws.lam + Q;
                wm__ssd_chunked(&g_kc, &a, CB, &ws, NULL, 0, 0);
                check(max_err(y0, y1, (size_t)T * H * P) <= tol_of(y0, (size_t)T * H * P), "y: T=%d G=%d %s err %g", T, G,
                      mode ? "h/(H/G)" : "h mod G", max_err(y0, y1, (size_t)T * H * P));
                check(max_err(S0, S1, (size_t)H * P * N) <= tol_of(S0, (size_t)H * P * N), "state: T=%d G=%d err %g", T, G,
                      max_err(S0, S1, (size_t)H * P * N));
                free(xs); free(bc); free(dt); free(S0); free(S1); free(y0); free(y1); free(CB);
            }
}

/* The single-query reference of wm__attn_block: one head, one query at p,
   key after key, no blocks. out[hd] = softmax(scores) V. work: [n_ctx]
   floats; keep: [n_ctx] bytes; tmp, hist, sel as wm__k_keep_mask wants. */
static void attn_ref(const wm__kc *kc, const wm__attn_rule *ru, const float *q, const float *kcache, const float *vcache, int hd, int p,
                     float *out, float *work, wm__attn_ws *w) {
    int lo = wm__attn_lo(ru, p), n = p - lo + 1, j, d;
    int keep = ru->add && n > ru->keep;
    if (keep) wm__k_keep_mask(kc, ru->add + lo, n, ru->keep, w->keep, w->tmp, w->hist, w->sel);
    for (j = lo; j <= p; j++) {
        float s = 0.0f;
        for (d = 0; d < hd; d++) s += q[d] * kcache[(size_t)j * hd + d];
        s = s * ru->scale + (ru->add ? ru->add[j] : 0.0f);
        if ((keep && !w->keep[j - lo]) || (ru->hide && j < ru->n_hide && ru->hide[j] == 0.0f)) s = -INFINITY;
        work[j - lo] = s;
    }
    wm__k_softmax(kc, work, n);
    for (d = 0; d < hd; d++) out[d] = 0.0f;
    for (j = lo; j <= p; j++)
        for (d = 0; d < hd; d++) out[d] += work[j - lo] * vcache[(size_t)j * hd + d];
}

/* The blocked attention core against its single-query reference: plain,
   static mask (cheems), sliding window, keep window with ties (doge), grouped
   heads, one query and blocks, from position 0 and later. */
void test_attn_core(void) {
    static const int grps[] = {1, 3}, bqs[] = {1, 5, 16}, p0s[] = {0, 9, 40};
    int hd = 12, ld = 64, rule, gi, bi, pi;
    unsigned seed = 7;
    float *kc_ = (float *)malloc(sizeof(float) * ld * hd), *vc = (float *)malloc(sizeof(float) * ld * hd), add[64], hide[30];
    float *q = (float *)malloc(sizeof(float) * 16 * 3 * hd), *o = (float *)malloc(sizeof(float) * 16 * 3 * hd), ref[12], work[64];
    wm__arena ar;
    wm__attn_ws *ws;
    size_t need;
    void *mem;
    int i;
    ar = wm__arena_make(NULL, 0);
    wm__attn_ws_carve(&ar, ld, hd, 1);
    need = ar.used + WM__ALIGN;
    mem = malloc(need);
    ar = wm__arena_make(mem, need);
    ws = wm__attn_ws_carve(&ar, ld, hd, 1);
    for (i = 0; i < ld * hd; i++) { kc_[i] = frand(&seed); vc[i] = frand(&seed); }
    for (i = 0; i < ld; i++) add[i] = (float)(i % 7) * 0.25f; /* repeated values: ties at the keep boundary */
    for (i = 0; i < 30; i++) hide[i] = i % 4 == 1 ? 0.0f : 1.0f;
    for (rule = 0; rule < 4; rule++)
        for (gi = 0; gi < 2; gi++)
            for (bi = 0; bi < 3; bi++)
                for (pi = 0; pi < 3; pi++) {
                    int grp = grps[gi], bq = bqs[bi], p0 = p0s[pi], ldq = 3 * hd, t, g;
                    double worst = 0, scale = 0;
                    wm__attn_rule ru;
                    memset(&ru, 0, sizeof ru);
                    ru.scale = 0.3f;
                    if (rule == 1) { ru.hide = hide; ru.n_hide = 30; }
                    if (rule >= 2) { ru.add = add; ru.keep = 1 << 30; }
                    if (rule == 2) ru.window = 9;
                    if (rule == 3) ru.keep = 6;
                    for (i = 0; i < 16 * 3 * hd; i++) { q[i] = frand(&seed); o[i] = 0.0f; }
                    wm__attn_block(&g_kc, ws, &ru, q, ldq, o, ldq, grp, kc_, vc, WM_F32, ld, 0, hd, p0, bq);
                    for (t = 0; t < bq; t++)
                        for (g = 0; g < grp; g++) {
                            int d;
                            attn_ref(&g_kc_scalar, &ru, q + (size_t)t * ldq + (size_t)g * hd, kc_, vc, hd, p0 + t, ref, work, ws);
                            for (d = 0; d < hd; d++) {
                                double e = fabs((double)ref[d] - o[(size_t)t * ldq + (size_t)g * hd + d]);
                                worst = e > worst ? e : worst;
                                scale = fabs(ref[d]) > scale ? fabs(ref[d]) : scale;
                            }
                        }
                    check(worst <= 1e-5 * (1.0 + scale) && scale > 0, "rule %d grp %d bq %d p0 %d: err %g", rule, grp, bq, p0, worst);
                }
    free(kc_); free(vc); free(q); free(o); free(mem);
}
