/* fixtures.c - Every fixture model against its float64 reference, prefill and
   decode, layer by layer; handover between the two paths, batches, ISAs,
   threads, runtime errors. */
#include "test.h"

/* ---- fixtures: logits and per-layer outputs, prefill and decode ----------- */

typedef struct layer_check {
    const ref *r;
    int D, failed_layer;
    double worst;
} layer_check;

static void layer_hook(void *user, int layer, int pos0, int n, const float *h) {
    layer_check *lc = (layer_check *)user;
    char name[64];
    size_t cnt;
    float *want;
    snprintf(name, sizeof name, "layer.%d.out", layer);
    want = (float *)ref_get(lc->r, name, &cnt);
    if (!want) return;
    {
        double tol = tol_of(want, cnt), err = max_err(h, want + (size_t)pos0 * lc->D, (size_t)n * lc->D);
        if (err > tol && lc->failed_layer < 0) { lc->failed_layer = layer; lc->worst = err; }
    }
    free(want);
}

void fixture_case(const char *name, const char *model_dir, const char *ref_path) {
    wm_model *m;
    wm_error e;
    ref r;
    int32_t *ids;
    float *want, *got;
    size_t T, nl, V;
    int mode;
    if (!ref_load(&r, ref_path)) { check(0, "%s: cannot read %s", name, ref_path); return; }
    if (wm_model_load(&m, model_dir, &e) != WM_OK) { check(0, "%s: %s", name, e.message); ref_free(&r); return; }
    ids = (int32_t *)ref_get(&r, "input_ids", &T);
    want = (float *)ref_get(&r, "logits", &nl);
    V = (size_t)wm_model_config(m)->vocab_size;
    check(nl == T * V, "%s: logits shape", name);
    got = (float *)malloc(sizeof(float) * nl);
    for (mode = 0; mode < 4; mode++) { /* prefill, decode; again in batches of 3 / 1 (a SW-SKA ring of W//2 + n_batch rows wraps) */
        static const char *what[] = {"prefill", "decode", "prefill (batches of 3)", "decode (n_batch 1)"};
        wm_session_params p = wm_session_default_params(m);
        wm_session *s;
        layer_check lc;
        size_t t;
        double err, tol = tol_of(want, nl);
        if (mode % 2 == 1 && !r.decode_eq) continue;
        if (p.n_ctx < (int)T) p.n_ctx = (int)T;
        if (mode >= 2) p.n_batch = mode == 2 ? 3 : 1;
        if (wm_session_create(&s, m, &p, &e) != WM_OK) { check(0, "%s: %s", name, e.message); break; }
        lc.r = &r; lc.D = wm_model_config(m)->hidden_size; lc.failed_layer = -1; lc.worst = 0;
        wm_session_set_layer_hook(s, layer_hook, &lc);
        if (mode % 2 == 0) check(wm_prefill(s, ids, (int)T, got, WM_LOGITS_ALL) == WM_OK, "%s: prefill", name);
        for (t = 0; mode % 2 == 1 && t < T; t++) check(wm_decode(s, ids[t], got + t * V) == WM_OK, "%s: decode", name);
        err = max_err(got, want, nl);
        check(err <= tol, "%s %s: max |logit - ref| = %.3g > %.3g", name, what[mode], err, tol);
        check(lc.failed_layer < 0, "%s %s: layer %d output off by %.3g", name, what[mode], lc.failed_layer, lc.worst);
        if (getenv("WM_TEST_VERBOSE")) printf("  %-16s %-22s max err %.3g (tol %.3g)\n", name, what[mode], err, tol);
        wm_session_free(s);
    }
    { /* cheems-demo: the greedy continuation */
        size_t ng;
        int32_t *greedy = (int32_t *)ref_get(&r, "greedy_ids", &ng);
        if (greedy) {
            wm_session_params p = wm_session_default_params(m);
            wm_session *s;
            size_t i;
            int ok = 1;
            wm_session_create(&s, m, &p, NULL);
            wm_prefill(s, ids, (int)T, got, WM_LOGITS_LAST);
            for (i = T; i < ng; i++) {
                int best = 0;
                size_t v;
                for (v = 1; v < V; v++) if (got[v] > got[best]) best = (int)v;
                ok &= best == greedy[i];
                wm_decode(s, best, got);
            }
            check(ok, "%s: greedy continuation differs from greedy_ids", name);
            wm_session_free(s);
            free(greedy);
        }
    }
    free(ids); free(want); free(got);
    wm_model_free(m);
    ref_free(&r);
}

void test_fixtures(void) {
    static const char *fx[] = {"cheems-tiny", "cheems-variants", "doge-paper", "hf-doge-dense", "hf-doge-moe", "hf-mamba2",
                               "mcsd-tiny", "mcsd-variants", "mcsd-oproj", "rodimus-tiny", "rodimus-plus", "rodimus-plus-variants"};
    static const char *demos[] = {"doge-demo", "cheems-demo"};
    char dir[256], rp[300];
    size_t i;
    for (i = 0; i < sizeof fx / sizeof fx[0]; i++) {
        snprintf(dir, sizeof dir, "tests/fixtures/%s", fx[i]);
        snprintf(rp, sizeof rp, "%s/ref.safetensors", dir);
        fixture_case(fx[i], dir, rp);
    }
    for (i = 0; i < 2; i++) {
        snprintf(dir, sizeof dir, "examples/models/%s", demos[i]);
        snprintf(rp, sizeof rp, "tests/fixtures/%s/ref.safetensors", demos[i]);
        fixture_case(demos[i], dir, rp);
    }
}

/* ---- prefill of a prefix + decode of the rest = one prefill -------------- */

static void handover_case(const char *name, const wm_model *m, int T, int vocab) {
    int32_t *ids = random_ids(T, vocab, 1234u + (unsigned)T);
    float *full = run_split(m, ids, T, T, 0), *odd = run_split(m, ids, T, T, 7);
    size_t n = (size_t)T * (size_t)vocab;
    int splits[3], k;
    splits[0] = 1; splits[1] = T / 2 + 1; splits[2] = T - 1;
    check(full && odd, "%s: runs", name);
    if (!full || !odd) return;
    check(max_err(full, odd, n) <= tol_of(full, n), "%s: n_batch 7 vs default differ by %g", name, max_err(full, odd, n));
    for (k = 0; k < 3; k++) {
        float *part = run_split(m, ids, T, splits[k], 0);
        check(part && max_err(full, part, n) <= tol_of(full, n), "%s: prefill %d + decode %d differs from one prefill by %g", name,
              splits[k], T - splits[k], part ? max_err(full, part, n) : -1.0);
        free(part);
    }
    free(full); free(odd); free(ids);
}

/* ---- batched steps ----------------------------------------------------------
   wm_batch_step: n sessions of one model step together; each session's
   logits after every step, bit for bit, are those of wm_prefill (its prompt,
   one chunk) and wm_decode on it alone. Sessions start in turn, so most
   steps mix a prompt chunk with decoding sessions, and leave in turn. */

static int batch_case(const char *name, const wm_model *m, int n_threads, int state_type, int cache_type) {
    enum { NS = 5, STEPS = 7 };
    const wm_config *c = wm_model_config(m);
    int V = c->vocab_size, i, k, step, bad = 0, plen[NS];
    wm_session_params sp = wm_session_default_params(m);
    wm_batch_params bp = wm_batch_default_params(m, NS);
    wm_session *alone[NS], *inb[NS];
    wm_batch *b = NULL;
    wm_error e;
    int32_t *prompt[NS];
    float *want = (float *)malloc(sizeof(float) * (size_t)V * NS * (STEPS + 1)), *got = (float *)malloc(sizeof(float) * (size_t)V * NS);
    sp.n_ctx = 48; sp.n_batch = 16; sp.n_threads = n_threads; sp.state_type = state_type; sp.cache_type = cache_type;
    bp.n_ctx = 48; bp.n_batch = NS + 16; bp.n_threads = n_threads;
    if (wm_batch_create(&b, m, &bp, &e) != WM_OK) { check(0, "%s: batch: %s", name, e.message); free(want); free(got); return 0; }
    for (i = 0; i < NS; i++) {
        plen[i] = 1 + (i * 5) % 13; /* 1, 6, 11, 3, 8 tokens */
        prompt[i] = random_ids(plen[i] + STEPS, V, 77u + (unsigned)i);
        if (wm_session_create(&alone[i], m, &sp, &e) != WM_OK || wm_session_create(&inb[i], m, &sp, &e) != WM_OK) { check(0, "%s: sessions", name); return 0; }
        /* alone: the prompt, then STEPS decoded tokens (the ids after it) */
        if (wm_prefill(alone[i], prompt[i], plen[i], want + (size_t)i * (STEPS + 1) * V, WM_LOGITS_LAST) != WM_OK) bad++;
        for (step = 0; step < STEPS; step++)
            if (wm_decode(alone[i], prompt[i][plen[i] + step], want + ((size_t)i * (STEPS + 1) + 1 + step) * V) != WM_OK) bad++;
    }
    /* together: session i joins at step i with its prompt, then decodes STEPS tokens; a session leaves when done */
    for (step = 0; step < NS + STEPS; step++) {
        wm_session *ss[NS];
        int32_t tok[NS + 16];
        int nt[NS], who[NS], n = 0, r = 0;
        for (k = NS - 1; k >= 0; k--) { /* (the caller's order: newest first, so the order is not the step's) */
            int at = step - k; /* 0: its prompt; 1..STEPS: decoded token at-1 */
            if (at < 0 || at > STEPS) continue;
            ss[n] = inb[k]; who[n] = k;
            if (at == 0) { memcpy(tok + r, prompt[k], sizeof(int32_t) * (size_t)plen[k]); nt[n] = plen[k]; }
            else { tok[r] = prompt[k][plen[k] + at - 1]; nt[n] = 1; }
            r += nt[n++];
        }
        if (wm_batch_step(b, ss, tok, nt, n, got) != WM_OK) { check(0, "%s: step %d: %s", name, step, wm_batch_error(b)); bad++; break; }
        for (i = 0; i < n; i++) {
            int at = step - who[i];
            if (memcmp(got + (size_t)i * V, want + ((size_t)who[i] * (STEPS + 1) + (size_t)at) * V, sizeof(float) * (size_t)V)) {
                if (getenv("WM_DEBUG_BATCH")) printf("%s: step %d session %d (at %d, %d in step): %g vs %g\n", name, step, who[i], at, n,
                                                     (double)got[(size_t)i * V], (double)want[((size_t)who[i] * (STEPS + 1) + (size_t)at) * V]);
                bad++;
            }
        }
    }
    for (i = 0; i < NS; i++) {
        bad += wm_session_pos(inb[i]) != wm_session_pos(alone[i]);
        wm_session_free(alone[i]); wm_session_free(inb[i]); free(prompt[i]);
    }
    wm_batch_free(b);
    free(want); free(got);
    return bad == 0;
}

void test_batch(void) {
    static const char *fx[] = {"cheems-tiny", "cheems-variants", "doge-paper", "hf-doge-dense", "hf-doge-moe", "hf-mamba2",
                               "mcsd-tiny", "mcsd-variants", "mcsd-oproj", "rodimus-tiny", "rodimus-plus", "rodimus-plus-variants"};
    char dir[256];
    size_t i;
    int ok = 0;
    wm_error e;
    for (i = 0; i < sizeof fx / sizeof fx[0]; i++) {
        wm_model *m = NULL;
        snprintf(dir, sizeof dir, "tests/fixtures/%s", fx[i]);
        if (wm_model_load(&m, dir, &e) != WM_OK) { check(0, "%s: %s", fx[i], e.message); continue; }
        ok += batch_case(fx[i], m, 1, WM_F32, WM_F32);
        wm_model_free(m);
    }
    check(ok == (int)(sizeof fx / sizeof fx[0]), "batched steps == each session alone, bit for bit: %d of %d fixture models", ok,
          (int)(sizeof fx / sizeof fx[0]));
    { /* quantized weights (llama.cpp's mixes), 2 threads, reduced states and caches */
        static const int mixes[] = {WM_MIX_Q8_0, WM_MIX_Q4_K_M, WM_MIX_Q5_K_M, WM_MIX_IQ4_XS};
        static const char *qfx[] = {"hf-mamba2", "hf-doge-dense", "cheems-tiny", "rodimus-plus"};
        size_t k;
        for (k = 0; k < 4; k++) {
            wm_model *m = NULL, *q = NULL;
            wm_gguf_params gp;
            membuf mb = {NULL, 0, 0};
            FILE *f;
            snprintf(dir, sizeof dir, "tests/fixtures/%s", qfx[k]);
            char cp[300], *cfg;
            size_t cn = 0;
            snprintf(cp, sizeof cp, "%s/config.json", dir);
            cfg = (char *)read_all(cp, &cn);
            memset(&gp, 0, sizeof gp);
            gp.mix = mixes[k]; gp.write = membuf_write; gp.user = &mb; gp.config_json = cfg; gp.config_bytes = cn;
            if (wm_model_load(&m, dir, &e) != WM_OK || wm_gguf_write(m, &gp, NULL, &e) != WM_OK || !(f = fopen("build/batch-q.gguf", "wb"))) {
                check(0, "%s %s: %s", qfx[k], wm_mix_name(mixes[k]), e.message); wm_model_free(m); free(mb.p); continue;
            }
            fwrite(mb.p, 1, mb.n, f);
            fclose(f);
            free(cfg);
            check(wm_model_load(&q, "build/batch-q.gguf", &e) == WM_OK && batch_case(qfx[k], q, 1, WM_F32, WM_F32) && batch_case(qfx[k], q, 2, WM_F32, WM_F32),
                  "%s %s: batched steps == alone, 1 and 2 threads", qfx[k], wm_mix_name(mixes[k]));
            wm_model_free(q); wm_model_free(m); free(mb.p);
        }
        for (k = 0; k < 4; k++) {
            wm_model *m = NULL;
            snprintf(dir, sizeof dir, "tests/fixtures/%s", k == 3 ? "mcsd-tiny" : qfx[k]);
            int q8 = k % 2 && wm_model_load(&m, dir, &e) == WM_OK && wm_model_config(m)->head_dim % 32 == 0; /* (a Q8_0 cache: head_dim 32 k) */
            check((m || wm_model_load(&m, dir, &e) == WM_OK) && batch_case(dir, m, 2, k % 2 ? WM_BF16 : WM_F16, q8 ? WM_Q8_0 : WM_F16),
                  "%s: batched == alone with %s states, %s caches, 2 threads", dir, k % 2 ? "BF16" : "F16", q8 ? "Q8_0" : "F16");
            wm_model_free(m);
        }
    }
}

/* ---- the ISA a session runs ---------------------------------------------------
   Names round-trip; a session runs the best ISA unless pinned; an ISA this
   build or CPU lacks is refused with its name; the scalar ISA pinned gives
   the bits of params.scalar, the best pinned the bits of the default, and
   both stay within the tolerance of each other. */

static float *run_isa(const wm_model *m, const int32_t *ids, int n, int isa, int scalar, int *got) {
    wm_session_params p = wm_session_default_params(m);
    wm_session *s;
    size_t V = (size_t)wm_model_config(m)->vocab_size;
    float *out = (float *)malloc(sizeof(float) * V * (size_t)(n + 1));
    p.n_ctx = n + 1;
    p.isa = isa;
    p.scalar = scalar;
    if (wm_session_create(&s, m, &p, NULL) != WM_OK) { free(out); return NULL; }
    *got = wm_session_get_params(s)->isa;
    if (wm_prefill(s, ids, n, out, WM_LOGITS_ALL) != WM_OK || wm_decode(s, ids[0], out + (size_t)n * V) != WM_OK) { free(out); out = NULL; }
    wm_session_free(s);
    return out;
}

void test_isa(void) {
    int isa, best = wm_isa_best(), n_no = 0, k;
    check(wm_isa_supported(best) && wm_isa_supported(WM_ISA_SCALAR) && !wm_isa_supported(WM_ISA_AUTO) && !wm_isa_supported(WM_ISA_COUNT),
          "best ISA %s is supported; scalar always; auto and out of range not", wm_isa_name(best));
    check(!strcmp(wm_isa_name(WM_ISA_AUTO), wm_isa_name(best)) && !wm_isa_name(-1) && !wm_isa_name(WM_ISA_COUNT), "names: auto is the best's");
    for (isa = 0; isa < WM_ISA_COUNT; isa++) check(wm_isa_parse(wm_isa_name(isa) ? (isa ? wm_isa_name(isa) : "auto") : "") == isa, "parse(name(%d))", isa);
    check(wm_isa_parse("avx2") == WM_ISA_AVX2 && wm_isa_parse("AVX2") == -1 && wm_isa_parse("") == -1 && wm_isa_parse(NULL) == -1, "parse: short and bad names");
    for (k = 0; k < 3; k++) {
        static const char *const names[3] = {"cheems random F32", "llama-mamba2 Q8_0", "llama-mamba2 Q4_0"};
        static const char *const files[3] = {NULL, "tests/fixtures/llama-mamba2/q8_0.gguf", "tests/fixtures/llama-mamba2/q4_0.gguf"};
        memmodel mm;
        wm_error e;
        int32_t ids[21];
        int i, g1 = -1, g2 = -1, g3 = -1, g4 = -1;
        float *a, *b, *c, *d;
        size_t V, n;
        memset(&mm, 0, sizeof mm);
        if (k ? wm_model_load(&mm.m, files[k], &e) != WM_OK : !memmodel_open(&mm, CFG_CHEEMS, 3, WM_F32)) { check(0, "model %s", names[k]); return; }
        V = (size_t)wm_model_config(mm.m)->vocab_size;
        n = V * 22;
        for (i = 0; i < 21; i++) ids[i] = (int32_t)((i * 37 + 5) % (int)V);
        a = run_isa(mm.m, ids, 21, WM_ISA_AUTO, 0, &g1);
        b = run_isa(mm.m, ids, 21, best, 0, &g2);
        c = run_isa(mm.m, ids, 21, WM_ISA_SCALAR, 0, &g3);
        d = run_isa(mm.m, ids, 21, WM_ISA_AUTO, 1, &g4);
        check(a && b && c && d && g1 == best && g2 == best && g3 == WM_ISA_SCALAR && g4 == WM_ISA_SCALAR, "%s: sessions run %d %d %d %d",
              names[k], g1, g2, g3, g4);
        if (a && b && c && d) {
            double mr = 0.0, err = max_err(a, c, n);
            for (i = 0; i < (int)n; i++) mr = fmax(mr, fabs((double)c[i]));
            check(!memcmp(a, b, n * 4), "%s: the best ISA pinned == the default, bit for bit", names[k]);
            check(!memcmp(c, d, n * 4), "%s: isa scalar == params.scalar, bit for bit", names[k]);
            check(err <= 1e-4 * (1.0 + mr), "%s: %s vs scalar: max |diff| %.3g (bound %.3g)", names[k], wm_isa_name(best), err,
                  1e-4 * (1.0 + mr));
        }
        free(a); free(b); free(c); free(d);
        for (isa = -1; isa <= WM_ISA_COUNT; isa++) { /* refusals */
            wm_session_params p = wm_session_default_params(mm.m);
            wm_session *s = NULL;
            wm_error e;
            wm_status st;
            p.isa = isa;
            if (isa == WM_ISA_AMX && wm_isa_supported(isa)) { /* one check either way: the Windows build (no AMX) counts as many */
                st = wm_session_create(&s, mm.m, &p, &e);
                check(st == WM_OK && s, "isa %s accepted here", wm_isa_name(isa));
                wm_session_free(s);
                continue;
            }
            if (isa >= 0 && isa < WM_ISA_COUNT && wm_isa_supported(isa)) continue;
            if (isa == WM_ISA_AUTO) continue;
            st = wm_session_create(&s, mm.m, &p, &e);
            if (isa < 0 || isa == WM_ISA_COUNT)
                check(st == WM_ERR_INVALID_ARG && !s && strstr(e.message, "isa"), "isa %d refused: %s", isa, e.message);
            else {
                n_no++;
                check(st == WM_ERR_UNSUPPORTED && !s && strstr(e.message, wm_isa_name(isa)) && strstr(e.message, wm_isa_name(best)),
                      "isa %s refused here: %s", wm_isa_name(isa), e.message);
            }
            wm_session_free(s);
        }
        memmodel_close(&mm);
    }
    check(n_no > 0, "some ISA is missing on any machine (%d refused)", n_no);
}

void test_handover(void) {
    memmodel mm;
    if (memmodel_open(&mm, CFG_CHEEMS, 1, WM_F32)) { handover_case("cheems random (chunk 8)", mm.m, 29, 97); memmodel_close(&mm); }
    else check(0, "cheems random model");
    if (memmodel_open(&mm, CFG_MAMBA2, 2, WM_F32)) { handover_case("mamba2 random (chunk 8)", mm.m, 29, 61); memmodel_close(&mm); }
    else check(0, "mamba2 random model");
    if (memmodel_open(&mm, CFG_DOGE, 3, WM_BF16)) { handover_case("doge random bf16 (window 5, sliding 9)", mm.m, 23, 73); memmodel_close(&mm); }
    else check(0, "doge random model");
    if (memmodel_open(&mm, CFG_RODPLUS, 4, WM_F32)) { handover_case("rodimus+ random (window 9, xPos)", mm.m, 29, 67); memmodel_close(&mm); }
    else check(0, "rodimus+ random model");
    if (memmodel_open(&mm, CFG_RODPLUS_FULL, 5, WM_F32)) { handover_case("rodimus+ random (no window)", mm.m, 29, 67); memmodel_close(&mm); }
    else check(0, "rodimus+ random model without a window");
}

/* ---- runtime errors leave the session usable --------------------------- */

void test_runtime_errors(void) {
    memmodel mm;
    wm_session_params p;
    wm_session *s;
    int32_t ids[6] = {1, 2, 3, 4, 5, 6}, bad[2] = {3, 97};
    float *a, *b;
    if (!memmodel_open(&mm, CFG_CHEEMS, 8, WM_F32)) { check(0, "model"); return; }
    p = wm_session_default_params(mm.m);
    p.n_ctx = 6;
    wm_session_create(&s, mm.m, &p, NULL);
    a = (float *)malloc(sizeof(float) * 97 * 6);
    b = (float *)malloc(sizeof(float) * 97 * 6);
    check(wm_prefill(s, ids, 3, a, WM_LOGITS_ALL) == WM_OK, "prefill");
    check(wm_prefill(s, bad, 2, b, WM_LOGITS_ALL) == WM_ERR_TOKEN && wm_session_pos(s) == 3, "bad token refused, position kept");
    check(strstr(wm_session_error(s), "97") != NULL, "message names the token: %s", wm_session_error(s));
    check(wm_decode(s, -1, b) == WM_ERR_TOKEN, "negative token");
    check(wm_prefill(s, ids, 4, b, WM_LOGITS_ALL) == WM_ERR_CONTEXT, "context full");
    check(wm_prefill(s, ids, 0, b, WM_LOGITS_ALL) == WM_ERR_INVALID_ARG, "n = 0");
    check(wm_prefill(s, ids + 3, 3, a + 3 * 97, WM_LOGITS_ALL) == WM_OK, "continues after errors");
    wm_session_reset(s);
    check(wm_prefill(s, ids, 6, b, WM_LOGITS_ALL) == WM_OK && max_err(a, b, 97 * 6) <= tol_of(a, 97 * 6), "reset gives a fresh session");
    wm_session_free(s);
    free(a); free(b);
    memmodel_close(&mm);
}

/* ---- several models and sessions in one process -------------------------- */

void test_many(void) {
    memmodel m1, m2;
    wm_session *s[3];
    wm_session_params p;
    int32_t *ids = random_ids(20, 61, 5);
    float *out[3], *solo;
    int i, t;
    if (!memmodel_open(&m1, CFG_MAMBA2, 11, WM_F32) || !memmodel_open(&m2, CFG_MAMBA2, 12, WM_F16)) { check(0, "models"); return; }
    p = wm_session_default_params(m1.m);
    wm_session_create(&s[0], m1.m, &p, NULL);
    wm_session_create(&s[1], m1.m, &p, NULL);
    wm_session_create(&s[2], m2.m, &p, NULL);
    for (i = 0; i < 3; i++) out[i] = (float *)malloc(sizeof(float) * 61 * 20);
    for (t = 0; t < 20; t++) /* interleaved */
        for (i = 0; i < 3; i++) wm_decode(s[i], ids[t], out[i] + t * 61);
    solo = run_split(m1.m, ids, 20, 0, 0);
    check(max_err(out[0], solo, 61 * 20) == 0.0 && max_err(out[1], solo, 61 * 20) == 0.0, "interleaved sessions are independent");
    check(max_err(out[2], solo, 61 * 20) > 1e-3, "a different model gives different logits");
    { /* threads change nothing: every output keeps its summation order. 1 thread; 4 (wm.h's pool, more
         threads than this machine's cores); a host's parallel-for running items backwards on 3 workers;
         the pool handed to a session of wm_session_init */
        static const char *cfgs[3];
        int k;
        cfgs[0] = CFG_CHEEMS; cfgs[1] = CFG_DOGE; cfgs[2] = CFG_MAMBA2;
        for (k = 0; k < 3; k++) {
            memmodel mm;
            int V = k == 0 ? 97 : k == 1 ? 73 : 61, T = 37, th, same = 1, ways = 0;
            int32_t *tk = random_ids(T, V, 31);
            float *res[4];
            if (!memmodel_open(&mm, cfgs[k], 50 + (unsigned)k, WM_BF16)) { check(0, "model"); continue; }
            for (th = 0; th < 4; th++) {
                wm_session_params q = wm_session_default_params(mm.m);
                wm_session *ss = NULL;
                void *mem = NULL;
#ifdef WM_HAVE_POOL
                wm_pool *pool = NULL;
#endif
                q.n_ctx = 64; q.n_batch = 16; q.n_threads = th == 0 ? 1 : th == 1 ? 4 : 3;
                res[th] = NULL;
                if (th == 2) { q.parallel_for = backwards_pfor; q.pool = &q.n_threads; }
                if (th == 3) {
#ifdef WM_HAVE_POOL
                    size_t need = 0;
                    if (wm_pool_create(&pool, 3, NULL) != WM_OK) { check(0, "wm_pool_create"); continue; }
                    q.parallel_for = wm_pool_parallel_for;
                    q.pool = pool;
                    q.n_threads = wm_pool_threads(pool);
                    if (wm_session_bytes(mm.m, &q, &need, NULL) == WM_OK && (mem = malloc(need + 64)))
                        wm_session_init(&ss, mm.m, &q, align64(mem), need, NULL);
#else
                    continue;
#endif
                } else wm_session_create(&ss, mm.m, &q, NULL);
                if (!ss) { check(0, "session of %d threads", q.n_threads); continue; }
                res[th] = (float *)malloc(sizeof(float) * (size_t)V * T);
                wm_prefill(ss, tk, T - 3, res[th], WM_LOGITS_ALL);
                for (i = T - 3; i < T; i++) wm_decode(ss, tk[i], res[th] + (size_t)i * V);
                wm_session_free(ss);
                free(mem);
#ifdef WM_HAVE_POOL
                wm_pool_free(pool);
#endif
                if (th) { same &= !memcmp(res[0], res[th], sizeof(float) * (size_t)V * T); ways++; }
            }
            check(same && ways >= 2, "%s: 1 thread, 4 of wm.h's, 3 of a host's parallel-for (backwards)%s: identical logits",
                  k == 0 ? "cheems" : k == 1 ? "doge" : "mamba2", ways == 3 ? ", a wm_pool given to wm_session_init" : "");
            for (th = 0; th < 4; th++) free(res[th]);
            free(tk);
            memmodel_close(&mm);
        }
    }
    free(solo);
    for (i = 0; i < 3; i++) { wm_session_free(s[i]); free(out[i]); }
    free(ids);
    memmodel_close(&m1);
    memmodel_close(&m2);
}

/* ---- the pool's statistics, and what a profiler's parallel-for sees ---------- */

#ifdef WM_HAVE_POOL
static void spin_task(void *arg, int i, int worker) {
    volatile double *x = (volatile double *)arg;
    int k;
    for (k = 0; k < 2000; k++) x[0] += 1e-9 * (i + worker + k);
}

typedef struct claim_job { int runs[128]; } claim_job;
static void claim_task(void *arg, int i, int worker) { /* counts each run of item i */
    (void)worker;
    __atomic_add_fetch(&((claim_job *)arg)->runs[i], 1, __ATOMIC_RELAXED);
}
#endif

typedef struct seen_loops { wm_task fn[32]; int n, unnamed; long calls; } seen_loops;
static void seeing_pfor(void *user, int n, wm_task fn, void *arg) { /* a profiler's: notes each loop, runs it here */
    seen_loops *sl = (seen_loops *)user;
    int i;
    for (i = 0; i < sl->n && sl->fn[i] != fn; i++) {}
    if (i == sl->n && i < 32) { sl->fn[sl->n++] = fn; sl->unnamed += wm_task_name(fn) == NULL; }
    sl->calls++;
    for (i = 0; i < n; i++) fn(arg, i, 0);
}

void test_pool_stats(void) {
#ifdef WM_HAVE_POOL
    wm_pool *p = NULL;
    wm_pool_stats st;
    volatile double x[1] = {0};
    int k;
    check(wm_pool_create(&p, 3, NULL) == WM_OK, "a pool of 3 threads");
    if (p) {
        for (k = 0; k < 40; k++) wm_pool_parallel_for(p, 64, spin_task, (void *)x);
        wm_pool_parallel_for(p, 1, spin_task, (void *)x); /* one item: not a job */
        wm_pool_get_stats(p, &st);
        check(st.jobs == 40 && st.items + 64 * st.jobs_alone == 40 * 64 && st.items_caller <= st.items && st.items_worker_min <= st.items_worker_max &&
                  st.items_worker_max <= st.items && st.stalls + st.absent <= st.jobs && st.woke <= st.jobs && st.lost >= 0 && st.items_caller + st.items_worker_min + st.items_worker_max == st.items,
              "pool stats add up: %ld jobs (%ld alone, %ld stalls, %ld absent), %ld items (caller %ld, a worker %ld..%ld)", st.jobs, st.jobs_alone,
              st.stalls, st.absent, st.items, st.items_caller, st.items_worker_min, st.items_worker_max);
        wm_pool_stats_reset(p);
        wm_pool_get_stats(p, &st);
        check(st.jobs == 0 && st.items == 0 && st.items_worker_max == 0, "pool stats reset");
        wm_pool_free(p);
    }
    p = NULL;
    check(wm_pool_create(&p, 4, NULL) == WM_OK, "a pool of 4 threads");
    if (p) { /* 20,000 jobs of tiny items, more threads than cores: late workers, workers descheduled mid-job; each item runs once */
        claim_job cj[2]; /* jobs take turns: an item run with the other job's arg shows too */
        int bad = 0, n, i;
        memset(cj, 0, sizeof cj);
        for (k = 0; k < 20000; k++) {
            n = 2 + k * 7919 % 127;
            wm_pool_parallel_for(p, n, claim_task, &cj[k & 1]);
            for (i = 0; i < 128; i++) bad += (cj[k & 1].runs[i] != (i < n)) + (cj[~k & 1].runs[i] != 0), cj[k & 1].runs[i] = 0;
        }
        wm_pool_get_stats(p, &st);
        /* (workers take part: 600,000+ items on a quiet 2-core machine, about 10,000 beside two busy loops, 997 once in
           CI beside the other suites; any hundred shows claims raced) */
        check(bad == 0 && st.items - st.items_caller > 100, "each item of 20,000 jobs ran once (%d runs wrong; %ld items by workers)", bad,
              st.items - st.items_caller);
        wm_pool_free(p);
    }
    p = NULL;
    check(wm_pool_create(&p, 2, NULL) == WM_OK, "a pool of 2 threads");
    if (p) { /* idle workers stay hot through a step, then sleep: after 50 ms of the caller's own work the next job wakes them */
        clock_t c0;
        wm_pool_parallel_for(p, 64, spin_task, (void *)x);
        c0 = clock();
        while ((double)(clock() - c0) < 0.05 * CLOCKS_PER_SEC) x[0] += 1e-9;
        wm_pool_parallel_for(p, 64, spin_task, (void *)x);
        wm_pool_get_stats(p, &st);
        check(st.jobs == 2 && st.woke + st.jobs_alone >= 1, "idle workers sleep: a job after 50 ms woke one (%ld woke, %ld alone)", st.woke,
              st.jobs_alone);
        wm_pool_free(p);
    }
#endif
    { /* a host's parallel-for gets every loop at one thread too, each loop named, the logits the same bits */
        wm_model *m = NULL;
        wm_session *a = NULL, *b = NULL;
        wm_session_params pa, pb;
        seen_loops sl;
        static const int32_t ids[] = {1, 5, 9, 2, 7, 3, 11, 4};
        float *la, *lb;
        memset(&sl, 0, sizeof sl);
        if (wm_model_load(&m, "examples/models/cheems-demo", NULL) != WM_OK) { check(0, "cheems demo"); return; }
        la = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size * 9);
        lb = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size * 9);
        pa = wm_session_default_params(m);
        pa.n_threads = 1;
        pb = pa;
        pb.parallel_for = seeing_pfor;
        pb.pool = &sl;
        check(wm_session_create(&a, m, &pa, NULL) == WM_OK && wm_session_create(&b, m, &pb, NULL) == WM_OK, "two sessions");
        if (a && b) {
            size_t V = (size_t)wm_model_config(m)->vocab_size;
            wm_prefill(a, ids, 8, la, WM_LOGITS_ALL);
            wm_prefill(b, ids, 8, lb, WM_LOGITS_ALL);
            wm_decode(a, 3, la + 8 * V);
            wm_decode(b, 3, lb + 8 * V);
            check(!memcmp(la, lb, sizeof(float) * V * 9), "logits with a host's parallel-for at one thread: the same bits");
            check(sl.calls > 20 && sl.n >= 5 && sl.unnamed == 0, "the host saw %ld loops of %d kinds, every one named (%d unnamed)", sl.calls, sl.n, sl.unnamed);
        }
        wm_session_free(a);
        wm_session_free(b);
        wm_model_free(m);
        free(la);
        free(lb);
    }
}
