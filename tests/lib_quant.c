/* lib_quant.c - White-box (included by lib.c): quantized blocks as llama.cpp's
   specification and reference quantizers, the int8 dots and the prefill tile. */

/* llama.cpp's own bytes and floats: tests/fixtures/quant-llama.bin holds, per type, 6 rows of 256
   floats (normal, outliers, all positive, tiny, zeros then large, two levels), what ggml_quantize_chunk
   (llama-quantize's path, no importance matrix) made of them, and what ggml's dequantizer makes of those */
static void quant_llama_bytes(void) {
    size_t ln = 0, la = 0;
    unsigned char *lf = (unsigned char *)read_all("tests/fixtures/quant-llama.bin", &ln);
    int types = 0, qsame = 0, dsame = 0;
    while (lf && la + 16 <= ln) {
        uint32_t h[4];
        const float *xs, *ys;
        const unsigned char *qb;
        unsigned char *mine;
        float *dq;
        size_t nx;
        memcpy(h, lf + la, 16);
        nx = (size_t)h[1] * h[2];
        if (h[0] < WM_Q8_0 || h[0] >= WM_TYPES_COMPUTED || la + 16 + 8 * nx + h[3] > ln || wm_type_bytes((int)h[0], nx) != h[3]) break;
        xs = (const float *)(const void *)(lf + la + 16);
        qb = lf + la + 16 + 4 * nx;
        ys = (const float *)(const void *)(qb + h[3]);
        mine = (unsigned char *)malloc(h[3]);
        dq = (float *)malloc(4 * nx);
        wm_quantize((int)h[0], xs, nx, mine);
        wm_dequantize((int)h[0], qb, nx, dq);
        types++;
        if (!memcmp(mine, qb, h[3])) qsame++;
        else check(0, "%s: wm_quantize == llama.cpp's bytes (first difference at byte %d)", qtype_name((int)h[0]), first_diff(mine, qb, h[3]));
        if (!memcmp(dq, ys, 4 * nx)) dsame++;
        else check(0, "%s: wm_dequantize == llama.cpp's floats, bit for bit", qtype_name((int)h[0]));
        free(mine); free(dq);
        la += 16 + 8 * nx + h[3];
    }
    check(types == WM_TYPES_COMPUTED - WM_Q8_0 && qsame == types && dsame == types,
          "%d of %d quantized types byte-identical to llama.cpp's quantizer, %d of them dequantized bit for bit", qsame, types, dsame);
    free(lf);
}

/* activations: per 32, q = rint(x 127 / amax), so |x - d q| <= d/2 for the exact d = amax / 127; the stored d
   has 11 significant bits (off by at most d 2^-11), so |x - d_stored q| <= d/2 + 127 d 2^-11 < 0.57 d; NaN
   poisons its block */
static void quant_activations(unsigned *seed) {
    float x[96];
    wm__qa a[1];
    int i, ok = 1;
    for (i = 0; i < 96; i++) x[i] = gauss(seed) * (i < 32 ? 1e-6f : i < 64 ? 3.0f : 1e4f);
    wm__quant_act(x, 96, a, 0);
    for (i = 0; i < 96; i++) {
        float d = a->d[i / 32];
        uint32_t u;
        memcpy(&u, &d, 4);
        ok &= fabsf(x[i] - d * (float)a->q[i / 32][i % 32]) <= 0.57f * d && (u & 0x1fff) == 0;
    }
    check(ok && a->d[3] == 0.0f && a->sum[7] == 0, "activations quantized within half a step, scales of 11 bits, unused blocks zero");
    {   /* the SIMD rounding equals the scalar one (lrintf: ties to even), a block of exact ties included */
        wm__qa b[1];
        for (i = 64; i < 96; i++) x[i] = i == 64 ? 127.0f : (float)((i % 7) - 3) + 0.5f; /* d = 1: q = rint(x) */
        wm__quant_act(x, 96, a, 0);
        wm__quant_act(x, 96, b, g_kc.simd);
        check(!memcmp(a, b, sizeof a) && a->q[2][1] == 0 && a->q[2][3] == 2 && a->q[2][4] == 2 && a->q[2][6] == -2,
              "activation quantizing: SIMD body == scalar (ties to even: -0.5 1.5 2.5 -2.5 give %d %d %d %d)", a->q[2][1], a->q[2][3], a->q[2][4], a->q[2][6]);
    }
    x[40] = NAN;
    wm__quant_act(x, 96, a, 0);
    check(a->d[1] != a->d[1] && a->d[0] == a->d[0] && a->d[2] == a->d[2], "a NaN makes only its block's scale NaN");
}

/* integer dot products: SIMD == scalar bit for bit; both near the float64 product */
static void quant_dots(unsigned *seed) {
    int t;
    for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) {
        static const int lens[] = {256, 512, 768, 2048, 32 * 13, 32 * 3};
        int li, worst_ok = 1, same = 1, cases = 0;
        for (li = 0; li < 6; li++) {
            int N = lens[li], i, k;
            float *x, *w, *y;
            unsigned char *q;
            wm__qa *a;
            if (N % qtype_block(t)) continue;
            x = (float *)malloc(4 * (size_t)N); w = (float *)malloc(4 * (size_t)N); y = (float *)malloc(4 * (size_t)N);
            q = (unsigned char *)malloc((size_t)N * 2);
            a = (wm__qa *)malloc(sizeof(wm__qa) * (size_t)WM__QA_GROUPS(N));
            for (k = 0; k < 4; k++, cases++) {
                float s_simd, s_ref;
                double ref = 0, mag = 0;
                for (i = 0; i < N; i++) { x[i] = gauss(seed) * (k == 3 ? 100.0f : 1.0f); w[i] = gauss(seed) * 0.05f; }
                quantize_row(t, w, N, q);
                if (k == 2) /* arbitrary bytes: every bit pattern of the quants */
                    for (i = 0; i < N / qtype_block(t) * qtype_bytes(t); i++)
                        if (!qtype_scale_byte(t, i))
                            q[i] = (unsigned char)((int)(frand(seed) * 1000) & 255);
                wm__quant_act(x, N, a, 0);
                dequant_row(t, q, N, y);
                for (i = 0; i < N; i++) {
                    double xd = (double)a[i / 256].d[i / 32 % 8] * a[i / 256].q[i / 32 % 8][i % 32];
                    ref += xd * y[i];
                    mag += fabs(xd * y[i]);
                }
                s_simd = wm__k_qdot(&g_kc, a, q, t, N);
                s_ref = wm__k_qdot(&g_kc_scalar, a, q, t, N);
                same &= !memcmp(&s_simd, &s_ref, 4);
                worst_ok &= fabs(s_ref - ref) <= 1e-5 * (mag + 1e-30);
                if (fabs(s_ref - ref) > 1e-5 * (mag + 1e-30))
                    printf("  %s n=%d case %d: %.9g vs float64 %.9g\n", qtype_name(t), N, k, (double)s_ref, ref);
            }
            free(x); free(w); free(y); free(q); free(a);
        }
        check(same, "%s: SIMD dot == scalar reference bit for bit (%d rows)", qtype_name(t), cases);
        check(worst_ok, "%s: dot == the float64 sum of dequantized products within 1e-5 of the magnitudes", qtype_name(t));
    }
}

void test_quant(void) {
    size_t n = 0, at = 0;
    unsigned char *f = (unsigned char *)read_all("tests/fixtures/quant-cases.bin", &n);
    int deq_ok = 0, deq_n = 0, q_ok = 0, q_n = 0, t;
    unsigned seed = 7;
    if (!f) { check(0, "tests/fixtures/quant-cases.bin readable"); return; }
    while (at + 12 <= n) { /* records: tag, count, bytes, block bytes, floats */
        uint32_t tag, cnt, by;
        const unsigned char *blob;
        const float *vals;
        memcpy(&tag, f + at, 4); memcpy(&cnt, f + at + 4, 4); memcpy(&by, f + at + 8, 4);
        blob = f + at + 12;
        vals = (const float *)(const void *)(blob + by);
        if (at + 12 + by + 4 * (size_t)cnt > n) break;
        if (tag < 100) { /* one block and its floats, bit for bit */
            float y[256];
            deq_n++;
            wm__types[(int)tag].deq(blob, y);
            if (cnt == (uint32_t)qtype_block((int)tag) && !memcmp(y, vals, 4 * cnt)) deq_ok++;
            else check(0, "%s block %d dequantizes as the specification says", qtype_name((int)tag), deq_n);
        } else { /* a row and llama.cpp's reference quantizer bytes */
            unsigned char q[256];
            float x[64];
            int tt = (int)tag - 100;
            memcpy(x, vals, sizeof x);
            q_n++;
            quantize_row(tt, x, 64, q);
            if ((int)by == 2 * qtype_bytes(tt) && !memcmp(q, blob, by)) q_ok++;
            else check(0, "%s row %d quantizes byte for byte as quantize_row_%s_ref", qtype_name(tt), q_n, tt == WM_Q8_0 ? "q8_0" : "q4_0");
        }
        at += 12 + by + 4 * (size_t)cnt;
    }
    check(deq_n == 24 && deq_ok == deq_n, "%d of %d fixture blocks dequantize bit for bit", deq_ok, deq_n);
    quant_llama_bytes();
    check(q_n == 16 && q_ok == q_n, "%d of %d rows quantize byte-identical to llama.cpp's reference Q8_0/Q4_0", q_ok, q_n);
    free(f);
    /* round trips: relative RMS error of quantize -> dequantize on normal weights */
    for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) {
        /* bounds around the measured errors (Q8_0 0.0051, Q4_0 0.080, Q4_K 0.069, Q6_K 0.018, Q4_1 0.075, Q5_0 0.040,
           Q5_1 0.036, Q2_K 0.28, Q3_K 0.15, Q5_K 0.034, IQ4_NL 0.074, IQ4_XS 0.075): a type that rounds worse, or
           keeps more bits than it has, fails */
        static const double most[] = {0, 0, 0, 0.0065, 0.1, 0.085, 0.023, 0.09, 0.05, 0.045, 0.33, 0.18, 0.042, 0.09, 0.09},
                            least[] = {0, 0, 0, 0.003, 0.05, 0.04, 0.01, 0.05, 0.025, 0.022, 0.2, 0.1, 0.02, 0.05, 0.05};
        int N = 4096, i;
        float *x = (float *)malloc(4 * (size_t)N), *y = (float *)malloc(4 * (size_t)N);
        unsigned char *q = (unsigned char *)malloc((size_t)N * 2);
        double e = 0, s = 0;
        for (i = 0; i < N; i++) x[i] = gauss(&seed) * (i % 512 < 32 ? 4.0f : 1.0f); /* a block of outliers */
        quantize_row(t, x, N, q);
        dequant_row(t, q, N, y);
        for (i = 0; i < N; i++) { e += ((double)x[i] - y[i]) * ((double)x[i] - y[i]); s += (double)x[i] * x[i]; }
        e = sqrt(e / s);
        printf("  %s round trip: relative RMS error %.4f\n", qtype_name(t), e);
        check(e < most[t] && e > least[t], "%s round trip: relative RMS error %.4f in (%.3f, %.3f)", qtype_name(t), e, least[t], most[t]);
        free(x); free(y); free(q);
    }
    quant_activations(&seed);
    /* a KV cache's keys: the grouped dots equal one dot per row, bit for bit */
    {
        static const int hds[] = {32, 64, 128, 256, 96};
        int hi, same = 1;
        for (hi = 0; hi < 5; hi++) {
            int n = hds[hi], nr = 13, i, j;
            float *x = (float *)malloc(4 * (size_t)n), *w = (float *)malloc(4 * (size_t)n * nr), S[13];
            unsigned char *q = (unsigned char *)malloc((size_t)n * nr * 2);
            wm__qa *a = (wm__qa *)malloc(sizeof(wm__qa) * (size_t)WM__QA_GROUPS(n));
            wm__kc kc = g_kc;
            for (i = 0; i < n; i++) x[i] = gauss(&seed);
            for (i = 0; i < n * nr; i++) w[i] = gauss(&seed) * (i % 7 == 0 ? 10.0f : 1.0f);
            wm_quantize(WM_Q8_0, w, (size_t)n * nr, q);
            wm__quant_act(x, n, a, g_kc.simd);
            wm__k_qdots(&kc, a, q, n, nr, S);
            for (j = 0; j < nr; j++) {
                float one = wm__k_qdot(&kc, a, q + (size_t)j * (size_t)(n / 32 * 34), WM_Q8_0, n);
                same &= !memcmp(&one, &S[j], 4);
            }
            free(x); free(w); free(q); free(a);
        }
        check(same, "Q8_0 key rows dotted in groups of 8 blocks == one row at a time, bit for bit (head sizes 32..256)");
    }
    quant_dots(&seed);
}

/* the prefill tile (8 rows repacked, every token) and the one-row SIMD
   dots against the scalar reference, output by output, bit for bit: arbitrary
   quant bytes, rows that do not fill a tile, blocks that do not fill a group */
void test_quant_tile(void) {
    static const int lens[] = {256, 32 * 13, 768};
    unsigned seed = 11;
    int t;
    for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) {
        int li, same = 1, outs = 0, tiled = 0;
        for (li = 0; li < 3; li++) {
            int N = lens[li], R = 29, T = 22, i, r, tk, nq = WM__QA_GROUPS(N);
            size_t rb;
            float *x, *w, *y;
            unsigned char *q;
            wm__qa *a;
            wm__qr *qr;
            wm__kc kc = g_kc;
            wm__mat W;
            if (N % qtype_block(t)) continue;
            rb = (size_t)(N / qtype_block(t) * qtype_bytes(t));
            x = (float *)malloc(4 * (size_t)N * T); w = (float *)malloc(4 * (size_t)N * R); y = (float *)malloc(4 * (size_t)R * T);
            q = (unsigned char *)malloc(rb * R);
            a = (wm__qa *)malloc(sizeof(wm__qa) * (size_t)nq * T);
            qr = (wm__qr *)malloc(sizeof(wm__qr) * 2 * (size_t)(N / 32)); /* two 8-row blocks (the 16-row tiles) */
            for (i = 0; i < N * T; i++) x[i] = gauss(&seed) * (i % 97 == 0 ? 50.0f : 1.0f);
            for (i = 0; i < N * R; i++) w[i] = gauss(&seed) * 0.05f;
            quantize_row(t, w, N * R, q);
            for (r = 10; r < R; r++) /* arbitrary bytes (scales kept finite): every bit pattern of the quants */
                for (i = 0; i < (int)rb; i++)
                    if (!qtype_scale_byte(t, i))
                        q[(size_t)r * rb + (size_t)i] = (unsigned char)((int)(frand(&seed) * 1000) & 255);
            W.data = q; W.dtype = t; W.rows = R; W.cols = N;
            kc.qa = a;
            kc.qr = qr;
            wm__k_matmul(&kc, y, R, x, N, &W, NULL, T);
            for (tk = 0; tk < T; tk++)
                for (r = 0; r < R; r++) {
                    float ref = wm__k_qdot(&g_kc_scalar, a + (size_t)tk * (size_t)nq, q + (size_t)r * rb, t, N);
                    same &= !memcmp(&ref, &y[(size_t)tk * R + (size_t)r], 4);
                    outs++;
                }
#ifdef WM__VR8
            tiled = 1;
#endif
            free(x); free(w); free(y); free(q); free(a); free(qr);
        }
        check(same, "%s matmul of 22 tokens x 29 rows%s == the scalar reference, bit for bit (%d outputs)", qtype_name(t),
              !tiled ? "" : g_kc.simd == WM_ISA_AMX ? " (AMX, 16- and 8-row tiles)" : g_kc.simd >= WM_ISA_AVX_VNNI ? " (16- and 8-row tiles)" : " (8-row tiles)", outs);
    }
}
