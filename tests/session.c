/* session.c - Sessions: state types, sampling, generation, long tokens,
   save/restore, KV cache types, and every reported size. */
#include "test.h"

/* the cheems demo, 96 tokens of held-out text decoded under each: greedy tokens and logits against F32's */
static void state_type_demo_decode(void) {
    wm_model *m = NULL;
    wm_tokenizer *t = NULL;
    wm_error e;
    size_t n = 0, nt = 0;
    char *text = (char *)read_all("tests/fixtures/heldout.txt", &n);
    int32_t ids[200];
    if (text && wm_model_load(&m, "examples/models/cheems-demo", &e) == WM_OK && wm_tokenizer_load(&t, "examples/models/cheems-demo/tokenizer.json", &e) == WM_OK &&
        wm_tokenize(t, text, 2000, 0, ids, 200, &nt) != WM_OK + 1000 && nt >= 96) {
        int V = wm_model_config(m)->vocab_size, k, i, v;
        float *lr = (float *)malloc(sizeof(float) * (size_t)V), *l = (float *)malloc(sizeof(float) * (size_t)V);
        for (k = 1; k <= 2; k++) {
            wm_session_params p = wm_session_default_params(m), q;
            wm_session *f = NULL, *r = NULL;
            int agree = 0;
            double drift = 0.0;
            p.n_ctx = 128; p.n_threads = 1; q = p; q.state_type = k;
            wm_session_create(&f, m, &p, &e); wm_session_create(&r, m, &q, &e);
            for (i = 0; f && r && i < 96; i++) {
                int a = 0, b = 0;
                double dd = 0.0, mx = 0.0;
                wm_decode(f, ids[i], lr); wm_decode(r, ids[i], l);
                for (v = 0; v < V; v++) {
                    if (lr[v] > lr[a]) a = v;
                    if (l[v] > l[b]) b = v;
                    dd = fmax(dd, fabs((double)l[v] - lr[v])); mx = fmax(mx, fabs((double)lr[v]));
                }
                agree += a == b;
                drift = fmax(drift, dd / (1.0 + mx));
            }
            check(agree >= 94 && drift > 0.0 && drift < 1e-2, "cheems demo, %s state: greedy token = F32's at %d of 96 positions, max logit drift %.2e",
                  wm_type_name(k), agree, drift);
            wm_session_free(f); wm_session_free(r);
        }
        free(lr); free(l);
    } else check(0, "cheems demo and held-out text");
    free(text);
    wm_tokenizer_free(t);
    if (m) wm_model_free(m);
}

void test_state_type(void) {
    static const char *dirs[] = {"examples/models/cheems-demo", "tests/fixtures/hf-mamba2", "tests/fixtures/rodimus-tiny", "tests/fixtures/mcsd-tiny"};
    size_t d;
    for (d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        wm_model *m = NULL;
        wm_error e;
        int k, V;
        static const int32_t toks[6] = {5, 17, 3, 9, 11, 2};
        if (wm_model_load(&m, dirs[d], &e) != WM_OK) { check(0, "%s: %s", dirs[d], e.message); continue; }
        V = wm_model_config(m)->vocab_size;
        for (k = 1; k <= 2; k++) { /* WM_F16, WM_BF16 */
            wm_session_params p = wm_session_default_params(m), q;
            wm_session *f = NULL, *r = NULL, *r2 = NULL;
            float *l1 = (float *)malloc(sizeof(float) * (size_t)V * 6), *l2 = (float *)malloc(sizeof(float) * (size_t)V * 6);
            size_t b32 = 0, b16 = 0, size = 0;
            int nl = 0, ok;
            void *blob;
            p.n_ctx = 64; p.n_threads = 1; p.n_batch = 6;
            q = p; q.state_type = k;
            check(wm_session_create(&f, m, &p, &e) == WM_OK && wm_session_create(&r, m, &q, &e) == WM_OK && wm_session_create(&r2, m, &q, &e) == WM_OK,
                  "%s: sessions: %s", dirs[d], e.message);
            if (!f || !r || !r2) { wm_session_free(f); wm_session_free(r); wm_session_free(r2); free(l1); free(l2); continue; }
            /* a decoded token from the zero state: the F32 state, rounded */
            wm_decode(f, toks[0], l1); wm_decode(r, toks[0], l2);
            ok = state_bits_equal(f, r, k, &nl);
            check(nl > 0 && ok, "%s, %s state: after one token, the stored state is the F32 one rounded (%d layers)", dirs[d], wm_type_name(k), nl);
            /* the next token starts from the rounded state */
            state_round(f, k);
            wm_decode(f, toks[1], l1); wm_decode(r, toks[1], l2);
            check(state_bits_equal(f, r, k, &nl), "%s, %s state: the second token works on the rounded state", dirs[d], wm_type_name(k));
            check(!memcmp(l1, l2, sizeof(float) * (size_t)V), "%s, %s state: its logits are the F32 arithmetic on the rounded state", dirs[d],
                  wm_type_name(k));
            /* a prefill call of 4 tokens (one SSD or GLA chunk or less): rounded once, at its end; MCSD's after every token, as its decode */
            wm_session_reset(f); wm_session_reset(r);
            wm_prefill(r, toks, 4, l2, WM_LOGITS_LAST);
            if (strstr(dirs[d], "mcsd")) { /* so two calls of 2 tokens give the same */
                wm_session_reset(r2);
                wm_prefill(r2, toks, 2, l1, WM_LOGITS_LAST);
                wm_prefill(r2, toks + 2, 2, l1, WM_LOGITS_LAST);
                check(state_bits_equal_rr(r2, r, k) && !memcmp(l1, l2, sizeof(float) * (size_t)V), "%s, %s state: prefill rounds after every token (4 tokens in one call == 2 + 2)",
                      dirs[d], wm_type_name(k));
            } else {
                wm_prefill(f, toks, 4, l1, WM_LOGITS_LAST);
                check(state_bits_equal(f, r, k, &nl) && !memcmp(l1, l2, sizeof(float) * (size_t)V), "%s, %s state: prefill rounds once per chunk",
                      dirs[d], wm_type_name(k));
            }
            /* save, restore into another session, continue: the same logits */
            wm_session_save(r, NULL, NULL, NULL, 0, &size);
            blob = malloc(size);
            check(wm_session_save(r, NULL, NULL, blob, size, &size) == WM_OK && wm_session_restore(r2, NULL, NULL, blob, size) == WM_OK,
                  "%s, %s state: save and restore: %s", dirs[d], wm_type_name(k), wm_session_error(r2));
            wm_decode(r, toks[4], l1); wm_decode(r2, toks[4], l2);
            check(!memcmp(l1, l2, sizeof(float) * (size_t)V), "%s, %s state: restored, it continues bit for bit", dirs[d], wm_type_name(k));
            check(wm_session_restore(f, NULL, NULL, blob, size) == WM_ERR_INVALID_ARG && strstr(wm_session_error(f), "states are"),
                  "%s: an F32 session refuses a %s state file: %s", dirs[d], wm_type_name(k), wm_session_error(f));
            free(blob);
            check(wm_session_bytes(m, &p, &b32, &e) == WM_OK && wm_session_bytes(m, &q, &b16, &e) == WM_OK && b16 < b32,
                  "%s: %s states take less RAM (%zu vs %zu bytes)", dirs[d], wm_type_name(k), b16, b32);
            wm_session_free(f); wm_session_free(r); wm_session_free(r2);
            free(l1); free(l2);
        }
        {
            wm_session_params p = wm_session_default_params(m);
            wm_session *s = NULL;
            p.state_type = WM_Q8_0;
            check(wm_session_create(&s, m, &p, &e) == WM_ERR_INVALID_ARG && strstr(e.message, "state_type"), "state_type Q8_0 refused: %s", e.message);
        }
        wm_model_free(m);
    }
    state_type_demo_decode();
}

/* one draw of each sampler from the same 4 logits */
static void draw_pair(wm_sampler *s, wm_sampler *s2, const float *lg, unsigned char *work, int32_t *ta, int32_t *tb) {
    float a[4], b[4];
    memcpy(a, lg, sizeof a);
    memcpy(b, lg, sizeof b);
    wm_sample(s, a, 4, NULL, 0, work, ta);
    wm_sample(s2, b, 4, NULL, 0, work, tb);
}

void test_sampling(void) {
    /* probabilities 0.5, 0.3, 0.15, 0.05 (shuffled) */
    float lg[4];
    int out[16], m, i, same = 1, differ = 0, count0 = 0;
    wm_sampler s = wm_sampler_default(), s2;
    int32_t hist[1] = {0};
    unsigned char work[64 * 8];
    lg[0] = logf(0.15f); lg[1] = logf(0.5f); lg[2] = logf(0.05f); lg[3] = logf(0.3f);
    s.temperature = 1.0f;
    s.top_k = 2;
    m = kept(&s, lg, 4, NULL, 0, out);
    check(m == 2 && out[0] == 1 && out[1] == 3, "top-k 2 keeps {1, 3}");
    s.top_k = 0; s.top_p = 0.75f;
    m = kept(&s, lg, 4, NULL, 0, out);
    check(m == 2 && out[0] == 1 && out[1] == 3, "top-p 0.75 keeps {1, 3}");
    s.top_p = 0.85f;
    m = kept(&s, lg, 4, NULL, 0, out);
    check(m == 3 && out[2] == 0, "top-p 0.85 keeps {1, 3, 0}");
    s.top_p = 1.0f; s.min_p = 0.2f;
    m = kept(&s, lg, 4, NULL, 0, out);
    check(m == 3 && out[0] == 0 && out[1] == 1 && out[2] == 3, "min-p 0.2 keeps p >= 0.1: {0, 1, 3}");
    s.min_p = 0.7f;
    m = kept(&s, lg, 4, NULL, 0, out);
    check(m == 1 && out[0] == 1, "min-p 0.7 keeps {1}");
    s = wm_sampler_default();
    {
        float pen[3] = {2.0f, 1.9f, -1.0f};
        s.repeat_penalty = 2.0f;
        m = kept(&s, pen, 3, hist, 1, out);
        check(m == 1 && out[0] == 1, "repetition penalty divides a seen positive logit");
        pen[0] = -1.0f; pen[1] = -1.5f; pen[2] = -3.0f;
        m = kept(&s, pen, 3, hist, 1, out);
        check(out[0] == 1, "repetition penalty multiplies a seen negative logit");
    }
    /* seeded draws: same seed same sequence, frequencies follow the probabilities */
    s = wm_sampler_default();
    s.temperature = 1.0f;
    wm_sampler_seed(&s, 42);
    s2 = s;
    for (i = 0; i < 4000; i++) {
        int32_t ta, tb;
        draw_pair(&s, &s2, lg, work, &ta, &tb);
        same &= ta == tb;
        count0 += ta == 1;
    }
    check(same, "same seed, same draws");
    check(abs(count0 - 2000) < 120, "p = 0.5 drawn %d of 4000 times", count0);
    wm_sampler_seed(&s2, 43);
    for (i = 0; i < 50; i++) {
        int32_t ta, tb;
        draw_pair(&s, &s2, lg, work, &ta, &tb);
        differ |= ta != tb;
    }
    check(differ, "another seed, other draws");
    /* parameters are checked where they enter; no candidate is a status, not a token */
    {
        static const struct { const char *field; float t, p, mp, rp; int k, ln; } bad[] = {
            {"min_p", 1, 1, 2, 1, 0, 0},        {"min_p", 1, 1, -0.1f, 1, 0, 0}, {"top_p", 1, 0, 0, 1, 0, 0},
            {"top_p", 1, 1.5f, 0, 1, 0, 0},     {"temperature", -1, 1, 0, 1, 0, 0}, {"temperature", NAN, 1, 0, 1, 0, 0},
            {"temperature", INFINITY, 1, 0, 1, 0, 0}, {"repeat_penalty", 1, 1, 0, 0, 0, 0}, {"repeat_penalty", 1, 1, 0, NAN, 0, 0},
            {"top_k", 1, 1, 0, 1, -1, 0},       {"repeat_last_n", 1, 1, 0, 1, 0, -5}};
        size_t k;
        for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            wm_sampler b = wm_sampler_default();
            wm_error e;
            float a[4];
            int32_t tok = 7;
            b.temperature = bad[k].t; b.top_p = bad[k].p; b.min_p = bad[k].mp; b.repeat_penalty = bad[k].rp;
            b.top_k = bad[k].k; b.repeat_last_n = bad[k].ln;
            memcpy(a, lg, sizeof a);
            check(wm_sampler_check(&b, &e) == WM_ERR_INVALID_ARG && strstr(e.message, bad[k].field), "sampler %s refused: %s",
                  bad[k].field, e.message);
            check(wm_sample(&b, a, 4, NULL, 0, work, &tok) == WM_ERR_INVALID_ARG && tok == -1, "wm_sample refuses bad %s", bad[k].field);
        }
    }
    {
        float a[4] = {NAN, NAN, NAN, NAN}, c[4];
        int32_t tok = 7;
        int seen_nan = 0, all_ok = 1, t;
        s = wm_sampler_default();
        check(wm_sample(&s, a, 4, NULL, 0, work, &tok) == WM_ERR_NUMERIC && tok == -1, "all-NaN logits: WM_ERR_NUMERIC, token -1");
        for (t = 0; t < 4; t++) a[t] = -INFINITY;
        check(wm_sample(&s, a, 4, NULL, 0, work, &tok) == WM_ERR_NUMERIC, "all -inf logits: WM_ERR_NUMERIC");
        s.temperature = 1.0f;
        for (i = 0; i < 200; i++) {
            c[0] = NAN; c[1] = 0.0f; c[2] = NAN; c[3] = 0.5f;
            all_ok &= wm_sample(&s, c, 4, NULL, 0, work, &tok) == WM_OK;
            seen_nan |= tok == 0 || tok == 2;
        }
        check(all_ok && !seen_nan, "a NaN logit is never drawn");
        c[0] = 1.0f; c[1] = INFINITY; c[2] = 3.0f; c[3] = NAN;
        check(wm_sample(&s, c, 4, NULL, 0, work, &tok) == WM_OK && tok == 1, "an infinite logit wins: %d", tok);
        s = wm_sampler_default();
        c[0] = NAN; c[1] = 1.0f; c[2] = 3.0f; c[3] = 2.0f;
        check(wm_sample(&s, c, 4, NULL, 0, work, &tok) == WM_OK && tok == 2, "greedy skips NaN: %d", tok);
    }
}

/* save -> restore -> continue equals an uninterrupted run */
static void gen_save_restore(wm_session *s, wm_session *s2, const wm_tokenizer *t, wm_sampler smp) {
    float *l1 = (float *)malloc(sizeof(float) * 4096), *l2 = (float *)malloc(sizeof(float) * 4096);
    wm_sampler s1 = smp, r = wm_sampler_default();
    size_t size;
    void *blob;
    textbuf c, d;
    wm_generate_params g10 = gparams(1, 10, 0), g20 = gparams(0, 20, 0); /* always 10 + 20 tokens */
    wm_session_reset(s);
    c.n = d.n = 0;
    c.s[0] = d.s[0] = 0;
    wm_generate(s, t, &s1, l1, "Never", 5, &g10, collect, &c, NULL);
    wm_session_save(s, &s1, l1, NULL, 0, &size);
    blob = malloc(size);
    check(wm_session_save(s, &s1, l1, blob, size, &size) == WM_OK, "save");
    wm_generate(s, t, &s1, l1, NULL, 0, &g20, collect, &c, NULL);
    check(wm_session_restore(s2, &r, l2, blob, size) == WM_OK, "restore: %s", wm_session_error(s2));
    d.n = 0;
    wm_generate(s2, t, &r, l2, NULL, 0, &g20, collect, &d, NULL);
    check(d.n > 20 && c.n > d.n && !strcmp(c.s + (c.n - d.n), d.s),
          "restored session continues identically ('%s' vs '%s')", c.s, d.s);
    check(wm_session_pos(s) == wm_session_pos(s2), "same position");
    /* damaged blobs are refused and leave the session as it was */
    {
        unsigned char *bad = (unsigned char *)malloc(size);
        int pos = wm_session_pos(s2);
        memcpy(bad, blob, size);
        bad[size / 2] ^= 1;
        check(wm_session_restore(s2, &r, l2, bad, size) == WM_ERR_FORMAT && strstr(wm_session_error(s2), "checksum"), "checksum");
        check(wm_session_restore(s2, &r, l2, blob, size - 3) == WM_ERR_FORMAT, "truncated");
        memcpy(bad, "XXXX", 4);
        check(wm_session_restore(s2, &r, l2, bad, size) == WM_ERR_FORMAT && strstr(wm_session_error(s2), "magic"), "magic");
        check(wm_session_pos(s2) == pos, "failed restores change nothing");
        free(bad);
    }
    /* through a file */
    mkdir("build", 0777);
    mkdir("build/tmp", 0777);
    check(wm_session_save_file(s, &s1, l1, "build/tmp/session.bin") == WM_OK, "save to a file");
    check(wm_session_restore_file(s2, &r, l2, "build/tmp/session.bin") == WM_OK && wm_session_pos(s2) == wm_session_pos(s),
          "restore from a file");
    free(blob); free(l1); free(l2);
}

void test_generation(void) {
    wm_model *m;
    wm_tokenizer *t = load_tok("examples/models/doge-demo/tokenizer.json");
    wm_session *s, *s2;
    wm_session_params p;
    wm_sampler smp = wm_sampler_default();
    wm_error e;
    textbuf a, b;
    if (!t || wm_model_load(&m, "examples/models/doge-demo", &e) != WM_OK) { check(0, "demo model"); return; }
    p = wm_session_default_params(m);
    wm_session_create(&s, m, &p, NULL);
    wm_session_create(&s2, m, &p, NULL);
    { /* transformers' greedy continuation (samples.txt) */
        size_t n;
        char *txt = (char *)read_all("tests/fixtures/doge-demo/samples.txt", &n), *g, *end;
        g = txt ? strstr(txt, "-- greedy: The secret of a happy life is") : NULL;
        end = g ? strstr(g, "\n-- sample:") : NULL;
        gen_text(s, t, smp, "The secret of a happy life is", 64, &a);
        if (g && end) {
            g += strlen("-- greedy: The secret of a happy life is");
            *end = 0;
            check(!strcmp(a.s, g), "demo greedy continuation: got '%s'", a.s);
        } else {
            check(0, "samples.txt greedy line");
        }
        free(txt);
    }
    /* same seed, same text */
    smp.temperature = 0.9f;
    smp.top_p = 0.95f;
    wm_sampler_seed(&smp, 7);
    wm_session_reset(s);
    gen_text(s, t, smp, "A computer is", 40, &a);
    wm_session_reset(s);
    gen_text(s, t, smp, "A computer is", 40, &b);
    check(a.n > 0 && a.n == b.n && !strcmp(a.s, b.s), "same seed, same text");
    { /* in caller memory (as a WM_NO_MALLOC build must): exactly wm_generate_bytes, the same text */
        float *l1 = (float *)malloc(sizeof(float) * 4096);
        wm_sampler s1 = smp;
        wm_generate_params gp = gparams(1, 40, 1);
        size_t need = 0;
        unsigned char *mem;
        textbuf c;
        check(wm_generate_bytes(s, t, 13, &gp, &need) == WM_OK && need > 0, "wm_generate_bytes");
        mem = (unsigned char *)malloc(need + 64);
        gp.work = align64(mem);
        gp.work_bytes = need - 1;
        wm_session_reset(s);
        check(wm_generate(s, t, &s1, l1, "A computer is", 13, &gp, NULL, NULL, NULL) == WM_ERR_ARENA && wm_session_pos(s) == 0,
              "one byte less is refused before anything runs: %s", wm_session_error(s));
        gp.work_bytes = need;
        c.n = 0;
        c.s[0] = 0;
        check(wm_generate(s, t, &s1, l1, "A computer is", 13, &gp, collect, &c, NULL) == WM_OK && !strcmp(c.s, a.s),
              "exactly wm_generate_bytes gives the same text ('%s' vs '%s')", c.s, a.s);
        free(mem);
        free(l1);
    }
    gen_save_restore(s, s2, t, smp);
    /* a session file of another model is refused */
    {
        memmodel mm;
        wm_session *o;
        wm_session_params op;
        if (memmodel_open(&mm, CFG_DOGE, 1, WM_F32)) {
            op = wm_session_default_params(mm.m);
            wm_session_create(&o, mm.m, &op, NULL);
            check(wm_session_restore_file(o, NULL, NULL, "build/tmp/session.bin") == WM_ERR_FORMAT && strstr(wm_session_error(o), "another model"),
                  "other model: %s", wm_session_error(o));
            wm_session_free(o);
            memmodel_close(&mm);
        }
    }
    /* chat: the doge format, turn by turn */
    {
        const wm_chat_template *ct = wm_chat_template_get("doge");
        char out[1024];
        size_t n = wm_chat_render(ct, 1, "Be brief.", "Hi!", out, sizeof out);
        const char *want = "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\nBe brief.<|end_of_text|>\n\n"
                           "<|start_header_id|>user<|end_header_id|>\nHi!<|end_of_text|>\n\n<|start_header_id|>assistant<|end_header_id|>\n";
        check(ct && n == strlen(want) && !strcmp(out, want), "first turn: %s", out);
        n = wm_chat_render(ct, 0, NULL, "More?", out, sizeof out);
        check(!strcmp(out, "<|end_of_text|>\n\n<|start_header_id|>user<|end_header_id|>\nMore?<|end_of_text|>\n\n"
                           "<|start_header_id|>assistant<|end_header_id|>\n"), "later turn: %s", out);
        {
            int32_t ids[64];
            size_t k;
            wm_tokenizer *real = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
            if (real) {
                wm_tokenize(real, want, strlen(want), 0, ids, 64, &k);
                check(k == 23 && ids[0] == 0 && ids[1] == 3 && ids[2] == 17882 && ids[3] == 4 && ids[8] == 1, "the template's special tokens are single ids (%zu ids)", k);
                wm_tokenizer_free(real);
            }
        }
    }
    wm_session_free(s);
    wm_session_free(s2);
    wm_tokenizer_free(t);
    wm_model_free(m);
}

/* session state of SSD/conv/attention models through save/restore (no tokenizer) */
/* Tokens longer than the stream's 256-byte pieces reach the callback whole. */
typedef struct longtok { const wm_tokenizer *t; size_t want, got; int calls; } longtok;

static int collect_len(void *user, int32_t tok, const char *text, size_t len) {
    longtok *lt = (longtok *)user;
    size_t bl = 0;
    if (tok >= 0) wm_token_bytes(lt->t, tok, &bl);
    lt->want += bl;
    lt->got += len;
    lt->calls++;
    (void)text;
    return 0;
}

void test_generation_long_tokens(void) {
    /* vocab: 61 tokens of 257..317 bytes, for the 61-id random mamba2 model */
    static const char *pre =
        "\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":[{\"type\":\"Split\",\"pattern\":{\"Regex\":"
        "\"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\\\r\\\\n\\\\p{L}\\\\p{N}]?\\\\p{L}+|\\\\p{N}{1,3}| ?[^\\\\s\\\\p{L}\\\\p{N}]+[\\\\r\\\\n]*|"
        "\\\\s*[\\\\r\\\\n]+|\\\\s+(?!\\\\S)|\\\\s+\"},\"behavior\":\"Isolated\",\"invert\":false},"
        "{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false}]},\"decoder\":{\"type\":\"ByteLevel\"}";
    char *js = (char *)malloc(64 * 1024), *p;
    int i;
    wm_tokenizer *t = NULL;
    wm_session *s = NULL;
    wm_error e;
    memmodel mm;
    wm_sampler smp = wm_sampler_default();
    float logits[61];
    longtok lt;
    p = js + sprintf(js, "{%s,\"model\":{\"type\":\"BPE\",\"ignore_merges\":true,\"merges\":[],\"vocab\":{", pre);
    for (i = 0; i < 61; i++) { /* id i: 257 + i bytes of 'x' */
        p += sprintf(p, i ? ",\"" : "\"");
        memset(p, 'x', (size_t)(257 + i));
        p += 257 + i;
        p += sprintf(p, "\":%d", i);
    }
    sprintf(p, "}}}");
    if (wm_tokenizer_open(&t, js, strlen(js), &e) != WM_OK) { check(0, "long-token tokenizer: %s", e.message); free(js); return; }
    if (!memmodel_open(&mm, CFG_MAMBA2, 31, WM_F32)) { check(0, "model"); wm_tokenizer_free(t); free(js); return; }
    {
        wm_session_params sp = wm_session_default_params(mm.m);
        wm_session_create(&s, mm.m, &sp, NULL);
    }
    memset(&lt, 0, sizeof lt);
    lt.t = t;
    memset(js, 'x', 257); /* the prompt: token 0 */
    {
        wm_generate_params gp = gparams(0, 4, 1);
        check(wm_generate(s, t, &smp, logits, js, 257, &gp, collect_len, &lt, NULL) == WM_OK && lt.calls > 0, "generate with long tokens");
    }
    check(lt.want > 256 && lt.got == lt.want, "long tokens stream whole: %zu of %zu bytes", lt.got, lt.want);
    wm_session_free(s);
    memmodel_close(&mm);
    wm_tokenizer_free(t);
    free(js);
}

void test_session_state(void) {
    static const char *cfgs[3], *names[3] = {"cheems", "mamba2", "rodimus+ (a wrapped ring)"};
    static const int vocab[3] = {97, 61, 67};
    int k;
    cfgs[0] = CFG_CHEEMS;
    cfgs[1] = CFG_MAMBA2;
    cfgs[2] = CFG_RODPLUS;
    for (k = 0; k < 3; k++) {
        memmodel mm;
        wm_session *a, *b;
        wm_session_params p;
        int V = vocab[k], i;
        int32_t *ids = random_ids(30, V, 77);
        float *full, *l = (float *)malloc(sizeof(float) * (size_t)V * 30);
        size_t size;
        void *blob;
        if (!memmodel_open(&mm, cfgs[k], 40 + (unsigned)k, WM_F32)) { check(0, "model"); continue; }
        full = run_split(mm.m, ids, 30, 30, 0);
        p = wm_session_default_params(mm.m);
        p.n_ctx = 30;
        if (k == 2) p.n_batch = 4; /* a ring of 4 + 4 rows: wrapped by position 13 */
        wm_session_create(&a, mm.m, &p, NULL);
        wm_session_create(&b, mm.m, &p, NULL);
        wm_prefill(a, ids, 13, l, WM_LOGITS_ALL);
        wm_session_save(a, NULL, NULL, NULL, 0, &size);
        blob = malloc(size);
        wm_session_save(a, NULL, NULL, blob, size, &size);
        check(wm_session_restore(b, NULL, NULL, blob, size) == WM_OK, "restore");
        for (i = 13; i < 30; i++) wm_decode(b, ids[i], l + (size_t)i * V);
        check(max_err(full, l, (size_t)V * 30) <= tol_of(full, (size_t)V * 30), "%s: restored state continues like one prefill", names[k]);
        free(blob); free(full); free(l); free(ids);
        wm_session_free(a);
        wm_session_free(b);
        memmodel_close(&mm);
    }
}

/* ---- sizes: every reported size, the same number on every target --------
   Structs take fixed slots in an arena (WM__SLOT), so the bytes a model,
   session, tokenizer and generation need are one number whether a 64-bit
   host plans them or a 32-bit target (make test-arm32) runs them; the suite
   compares them with tests/fixtures/sizes.txt (WM_SIZES_WRITE=1 rewrites it
   after a deliberate change). Each size is also checked to be enough. */

typedef struct sizes_log { char s[8192]; size_t n; } sizes_log;

static void sizes_add(sizes_log *g, const char *name, size_t v) {
    int k = snprintf(g->s + g->n, sizeof g->s - g->n, "%s %zu\n", name, v);
    if (k > 0 && g->n + (size_t)k < sizeof g->s) g->n += (size_t)k;
}

/* tokenizer, and generation over doge-demo */
static void sizes_tokenizer_generate(sizes_log *g) {
    size_t tn = 0, need = 0, mb = 0, sb = 0;
    char *tj = (char *)read_all("examples/models/doge-demo/tokenizer.json", &tn);
    dirsrc ds;
    int have = dirsrc_open(&ds, "examples/models/doge-demo");
    unsigned char *traw = NULL, *mraw = NULL, *sraw = NULL;
    wm_tokenizer *t = NULL;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    if (tj && wm_tokenizer_bytes(tj, tn, &need, &e) == WM_OK) {
        sizes_add(g, "doge-demo.tokenizer", need);
        traw = (unsigned char *)malloc(need + 64);
        check(wm_tokenizer_init(&t, tj, tn, align64(traw), need, &e) == WM_OK, "tokenizer in %zu bytes: %s", need, e.message);
    } else check(0, "doge-demo tokenizer sized");
    if (t && have && wm_model_bytes(&ds.src, &mb, &e) == WM_OK && (mraw = (unsigned char *)malloc(mb + 64)) &&
        wm_model_init(&m, &ds.src, align64(mraw), mb, &e) == WM_OK) {
        p = wm_session_default_params(m);
        p.n_ctx = 256; p.n_batch = 64; p.n_threads = 1;
        if (wm_session_bytes(m, &p, &sb, &e) == WM_OK && (sraw = (unsigned char *)malloc(sb + 64)) &&
            wm_session_init(&s, m, &p, align64(sraw), sb, &e) == WM_OK) {
            wm_generate_params gp = gparams(1, 40, 1);
            check(wm_generate_bytes(s, t, 13, &gp, &need) == WM_OK, "wm_generate_bytes");
            sizes_add(g, "doge-demo.generate.prompt13.new40", need);
            gp = gparams(1, 4096, 1);
            check(wm_generate_bytes(s, t, 1000, &gp, &need) == WM_OK, "wm_generate_bytes");
            sizes_add(g, "doge-demo.generate.prompt1000.new4096", need);
        } else check(0, "doge-demo session: %s", e.message);
    } else check(0, "doge-demo model for generation");
    free(sraw); free(mraw); free(traw); free(tj);
    dirsrc_close(&ds);
}

/* where avx512+amx runs: what a session of p (pinned to scalar, need bytes) adds, 3 parts x 2 bytes x (tokens a step + 31,
   rounded down to 16) x the widest BF16 K (32 | K), or nothing: 1 when it adds, -1 when it is not that */
static int sizes_amx(const wm_model *m, wm_session_params p, size_t need) {
    size_t amx = 0, xt = (size_t)((p.n_batch < p.n_ctx ? p.n_batch : p.n_ctx) + 31) / 16 * 16, d;
    if (!wm_isa_supported(WM_ISA_AMX)) return 0;
    p.isa = WM_ISA_AMX;
    if (wm_session_bytes(m, &p, &amx, NULL) != WM_OK || amx < need) return -1;
    d = amx - need;
    if (WM_ARENA_REDZONE != 0) return d > 0; /* (a red zone before the buffer too) */
    return d == 0 ? 0 : p.n_batch > 1 && d % (6 * xt) == 0 && d / (6 * xt) % 32 == 0 ? 1 : -1;
}

static void sizes_amx_check(int more, int bad) {
    if (wm_isa_supported(WM_ISA_AMX) && posix_begin("avx512+amx's session sizes", "AMX runs where Linux grants it: the Windows build has none")) {
        check(bad == 0 && more >= 4, "avx512+amx: %d sessions of BF16 models hold split activations, %d another size", more, bad);
        posix_end();
    }
}

void test_sizes(void) {
    static const char *dirs[] = {"examples/models/doge-demo", "examples/models/cheems-demo", "tests/fixtures/hf-mamba2",
                                 "tests/fixtures/hf-doge-moe", "tests/fixtures/hf-doge-dense", "tests/fixtures/cheems-tiny",
                                 "tests/fixtures/cheems-variants", "tests/fixtures/doge-paper", "tests/fixtures/mcsd-variants",
                                 "tests/fixtures/rodimus-tiny", "tests/fixtures/rodimus-plus-variants"};
    static const int ctxs[] = {1, 64, 2048}, batches[] = {1, 64, 512};
    static sizes_log g;
    wm_error e;
    int d, i, j, k, amx_more = 0, amx_bad = 0;
    g.n = 0;
    for (d = 0; d < (int)(sizeof dirs / sizeof dirs[0]); d++) {
        char name[160];
        size_t bytes = 0;
        dirsrc ds;
        wm_model_source src;
        wm_model *m = NULL;
        unsigned char *mem;
        const char *base = strrchr(dirs[d], '/') + 1;
        if (!dirsrc_open(&ds, dirs[d])) { check(0, "%s readable", dirs[d]); dirsrc_close(&ds); continue; }
        src = ds.src;
        check(wm_model_bytes(&src, &bytes, &e) == WM_OK, "%s: wm_model_bytes: %s", base, e.message);
        snprintf(name, sizeof name, "%s.model", base);
        sizes_add(&g, name, bytes);
        mem = (unsigned char *)malloc(bytes + 64);
        check(wm_model_init(&m, &src, align64(mem), bytes, &e) == WM_OK, "%s: model in %zu bytes: %s", base, bytes, e.message);
        for (i = 0; m && i < 3; i++)
            for (j = 0; j < 3; j++) {
                wm_session_params p = wm_session_default_params(m);
                wm_session *s = NULL;
                size_t need = 0;
                unsigned char *raw;
                p.n_ctx = ctxs[i]; p.n_batch = batches[j]; p.n_threads = 1; p.isa = WM_ISA_SCALAR; /* (sizes_amx: what AMX adds) */
                check(wm_session_bytes(m, &p, &need, &e) == WM_OK, "%s: session bytes: %s", base, e.message);
                snprintf(name, sizeof name, "%s.session.ctx%d.batch%d", base, ctxs[i], batches[j]);
                sizes_add(&g, name, need);
                k = sizes_amx(m, p, need), amx_more += k > 0, amx_bad += k < 0;
                raw = (unsigned char *)malloc(need + 64);
                check(wm_session_init(&s, m, &p, align64(raw), need, &e) == WM_OK, "%s: session in %zu bytes: %s", name, need, e.message);
                if (s && i == 1 && j == 0) { /* one token runs in it */
                    int32_t id = 1;
                    check(wm_prefill(s, &id, 1, NULL, WM_LOGITS_LAST) == WM_OK, "%s: runs", name);
                }
                free(raw);
            }
        if (m) { /* a batch of 3 sessions steps in its exact bytes (decoding beside a prompt chunk) */
            wm_batch_params bp = wm_batch_default_params(m, 3);
            wm_batch *b = NULL;
            size_t need = 0;
            unsigned char *raw;
            bp.n_ctx = 64; bp.n_threads = 1; bp.isa = WM_ISA_SCALAR;
            check(wm_batch_bytes(m, &bp, &need, &e) == WM_OK, "%s: batch bytes: %s", base, e.message);
            snprintf(name, sizeof name, "%s.batch.seq3.ctx64", base);
            sizes_add(&g, name, need);
            raw = (unsigned char *)malloc(need + 64);
            check(wm_batch_init(&b, m, &bp, align64(raw), need, &e) == WM_OK && wm_batch_init(&b, m, &bp, align64(raw), need - 64, &e) != WM_OK,
                  "%s: a batch in exactly %zu bytes", base, need);
            check(wm_batch_init(&b, m, &bp, align64(raw), need, &e) == WM_OK, "%s: batch", base);
            if (b) {
                wm_session_params p = wm_session_default_params(m);
                wm_session *s[2] = {NULL, NULL};
                int32_t ids[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
                int nt[2] = {1, 8};
                p.n_ctx = 64; p.n_batch = 16; p.n_threads = 1; p.isa = bp.isa;
                check(wm_session_create(&s[0], m, &p, &e) == WM_OK && wm_session_create(&s[1], m, &p, &e) == WM_OK &&
                      wm_batch_step(b, s, ids, nt, 2, NULL) == WM_OK, "%s: a step runs in it: %s", base, wm_batch_error(b));
                wm_session_free(s[0]); wm_session_free(s[1]);
            }
            free(raw);
        }
        free(mem);
        dirsrc_close(&ds);
    }
    sizes_amx_check(amx_more, amx_bad);
    sizes_tokenizer_generate(&g);
    if (getenv("WM_SIZES_WRITE")) {
        FILE *f = fopen("tests/fixtures/sizes.txt", "wb");
        check(f && fwrite(g.s, 1, g.n, f) == g.n, "tests/fixtures/sizes.txt written");
        if (f) fclose(f);
        return;
    }
    if (WM_ARENA_REDZONE != 0) return; /* red zones between buffers: bigger on purpose */
    {
        size_t n = 0;
        char *want = (char *)read_all("tests/fixtures/sizes.txt", &n);
        const char *a = g.s, *b = want;
        int lines = 0, same = 0;
        if (!want) { check(0, "tests/fixtures/sizes.txt readable"); return; }
        while (*a && b < want + n) { /* line by line, naming the first that differs */
            const char *ea = strchr(a, '\n'), *eb = (const char *)memchr(b, '\n', (size_t)(want + n - b));
            if (!ea || !eb) break;
            lines++;
            if (ea - a == eb - b && !memcmp(a, b, (size_t)(ea - a))) same++;
            else check(0, "size differs from tests/fixtures/sizes.txt: got '%.*s', want '%.*s'", (int)(ea - a), a, (int)(eb - b), b);
            a = ea + 1; b = eb + 1;
        }
        check(lines > 80 && same == lines && !*a && b == want + n, "%d of %d sizes as on every target (%zu bytes of %zu)", same, lines,
              g.n, n);
        free(want);
    }
}

/* ---- KV cache types: F16 and Q8_0 beside the exact F32 ------------------- */

static void cache_case(const char *name, const char *dir, const char *ref_path, double tol16, double tol8) {
    wm_model *m;
    wm_error e;
    ref r;
    int32_t *ids;
    float *want, *got[3][2];
    size_t T, nl, V;
    int ct, mode;
    static const int types[3] = {WM_F32, WM_F16, WM_Q8_0};
    if (!ref_load(&r, ref_path) || wm_model_load(&m, dir, &e) != WM_OK) { check(0, "%s: cannot open", name); return; }
    ids = (int32_t *)ref_get(&r, "input_ids", &T);
    want = (float *)ref_get(&r, "logits", &nl);
    V = (size_t)wm_model_config(m)->vocab_size;
    memset(got, 0, sizeof got);
    for (ct = 0; ct < 3; ct++)
        for (mode = 0; mode < 2; mode++) {
            if (types[ct] == WM_Q8_0 && wm_model_config(m)->head_dim % 32) { /* refused, with the reason */
                wm_session_params p = wm_session_default_params(m);
                wm_session *s;
                p.cache_type = WM_Q8_0;
                if (mode == 0)
                    check(wm_session_create(&s, m, &p, &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "head_dim"), "%s: Q8_0 cache refused (head_dim %d)",
                          name, wm_model_config(m)->head_dim);
                continue;
            }
            wm_session_params p = wm_session_default_params(m);
            wm_session *s;
            size_t need = 0, t;
            void *mem;
            got[ct][mode] = (float *)malloc(sizeof(float) * nl);
            p.n_ctx = (int)T + 3;
            p.cache_type = types[ct];
            /* the byte query is exact: that many bytes work, one less does not */
            check(wm_session_bytes(m, &p, &need, &e) == WM_OK && need > 0, "%s %s: session bytes", name, wm_type_name(types[ct]));
            mem = malloc(need + 64);
            check(wm_session_init(&s, m, &p, align64(mem), need - 1, NULL) == WM_ERR_ARENA, "%s %s: %zu - 1 bytes refused", name,
                  wm_type_name(types[ct]), need);
            if (wm_session_init(&s, m, &p, align64(mem), need, &e) != WM_OK) { check(0, "%s: %s", name, e.message); free(mem); continue; }
            if (mode == 0) wm_prefill(s, ids, (int)T, got[ct][mode], WM_LOGITS_ALL);
            for (t = 0; mode == 1 && t < T; t++) wm_decode(s, ids[t], got[ct][mode] + t * V);
            if (ct > 0 && mode == 1) { /* save and restore into a session of the same type; another type is refused */
                size_t sz = 0;
                void *blob;
                float l1[512], l2[512];
                wm_session *s2;
                wm_session_save(s, NULL, NULL, NULL, 0, &sz);
                blob = malloc(sz);
                wm_session_save(s, NULL, NULL, blob, sz, &sz);
                wm_session_create(&s2, m, &p, NULL);
                check(wm_session_restore(s2, NULL, NULL, blob, sz) == WM_OK, "%s %s: restore", name, wm_type_name(types[ct]));
                if (V <= 512) {
                    wm_decode(s, ids[0], l1);
                    wm_decode(s2, ids[0], l2);
                    check(!memcmp(l1, l2, sizeof(float) * V), "%s %s: restored session continues bit for bit", name, wm_type_name(types[ct]));
                }
                wm_session_free(s2);
                p.cache_type = WM_F32;
                wm_session_create(&s2, m, &p, NULL);
                check(wm_session_restore(s2, NULL, NULL, blob, sz) == WM_ERR_INVALID_ARG, "%s: a %s session file into an F32 session is refused", name,
                      wm_type_name(types[ct]));
                wm_session_free(s2);
                free(blob);
            }
            free(mem);
        }
    for (ct = 0; ct < 3; ct++)
        for (mode = 0; mode < 2 && got[ct][mode]; mode++) {
            double err = max_err(got[ct][mode], want, nl), tol = ct == 0 ? tol_of(want, nl) : tol_of(want, nl) * 1e4 * (ct == 1 ? tol16 : tol8);
            size_t t, agree = 0;
            for (t = 0; t < T; t++) agree += argmax_f(got[ct][mode] + t * V, V) == argmax_f(want + t * V, V);
            check(err <= tol && (ct == 0 || agree * 100 >= T * 95), "%s %s cache %s: max |logit - ref| %.3g (tol %.3g), argmax %zu/%zu", name,
                  wm_type_name(types[ct]), mode ? "decode" : "prefill", err, tol, agree, T);
            if (getenv("WM_TEST_VERBOSE")) printf("  %-14s %-4s %-7s max err %.3g (%.2e of 1+max) argmax %zu/%zu\n", name, wm_type_name(types[ct]),
                                                 mode ? "decode" : "prefill", err, err / (tol_of(want, nl) * 1e4), agree, T);
        }
    /* a lower-precision cache still agrees with itself between prefill and decode */
    for (ct = 1; ct < 3 && got[ct][0]; ct++)
        check(max_err(got[ct][0], got[ct][1], nl) <= tol_of(want, nl) * 1e4 * (ct == 1 ? tol16 : tol8), "%s %s cache: prefill vs decode", name,
              wm_type_name(types[ct]));
    for (ct = 0; ct < 3; ct++) { free(got[ct][0]); free(got[ct][1]); }
    free(ids); free(want);
    wm_model_free(m);
    ref_free(&r);
}

void test_cache_types(void) {
    wm_model *m;
    wm_session_params p;
    wm_session *s;
    wm_error e;
    cache_case("hf-doge-dense", "tests/fixtures/hf-doge-dense", "tests/fixtures/hf-doge-dense/ref.safetensors", 5e-4, 6e-3);
    cache_case("hf-doge-moe", "tests/fixtures/hf-doge-moe", "tests/fixtures/hf-doge-moe/ref.safetensors", 5e-4, 6e-3);
    cache_case("doge-paper", "tests/fixtures/doge-paper", "tests/fixtures/doge-paper/ref.safetensors", 5e-4, 6e-3);
    cache_case("cheems-tiny", "tests/fixtures/cheems-tiny", "tests/fixtures/cheems-tiny/ref.safetensors", 5e-4, 6e-3);
    cache_case("doge-demo", "examples/models/doge-demo", "tests/fixtures/doge-demo/ref.safetensors", 5e-4, 6e-3);
    cache_case("cheems-demo", "examples/models/cheems-demo", "tests/fixtures/cheems-demo/ref.safetensors", 5e-4, 6e-3);
    cache_case("rodimus-plus", "tests/fixtures/rodimus-plus", "tests/fixtures/rodimus-plus/ref.safetensors", 5e-4, 6e-3);
    cache_case("rodimus-plus-variants", "tests/fixtures/rodimus-plus-variants", "tests/fixtures/rodimus-plus-variants/ref.safetensors", 5e-4, 6e-3);
    { /* a SW-SKA ring of Q8_0 rows (head_dim 32), wrapped in prefill (n_batch 5) and decode */
        memmodel mm;
        if (memmodel_open(&mm, CFG_RODPLUS32, 6, WM_F32)) {
            int32_t *ids = random_ids(37, 67, 5);
            float *lg[2][2];
            size_t n = (size_t)37 * 67;
            int ct, mode, t;
            for (ct = 0; ct < 2; ct++)
                for (mode = 0; mode < 2; mode++) {
                    p = wm_session_default_params(mm.m);
                    p.cache_type = ct ? WM_Q8_0 : WM_F32;
                    p.n_batch = 5;
                    lg[ct][mode] = (float *)malloc(sizeof(float) * n);
                    if (wm_session_create(&s, mm.m, &p, &e) != WM_OK) { check(0, "rodimus+ Q8_0 session: %s", e.message); memset(lg[ct][mode], 0, sizeof(float) * n); continue; }
                    if (mode == 0) wm_prefill(s, ids, 37, lg[ct][mode], WM_LOGITS_ALL);
                    for (t = 0; mode == 1 && t < 37; t++) wm_decode(s, ids[t], lg[ct][mode] + (size_t)t * 67);
                    wm_session_free(s);
                }
            check(max_err(lg[0][0], lg[0][1], n) <= tol_of(lg[0][0], n), "rodimus+ F32 cache: prefill == decode");
            check(max_err(lg[1][0], lg[1][1], n) <= tol_of(lg[1][0], n), "rodimus+ Q8_0 cache: prefill == decode (%.3g)", max_err(lg[1][0], lg[1][1], n));
            check(max_err(lg[1][0], lg[0][0], n) <= tol_of(lg[0][0], n) * 60 && max_err(lg[1][0], lg[0][0], n) > 0,
                  "rodimus+ Q8_0 cache within 6e-3 (1 + max) of F32: %.3g", max_err(lg[1][0], lg[0][0], n));
            for (ct = 0; ct < 4; ct++) free(lg[ct / 2][ct % 2]);
            free(ids);
            memmodel_close(&mm);
        } else check(0, "rodimus+ random model (head_dim 32)");
    }
    /* the bytes a decode step reads count the cache at its type: doge-demo, 6 layers of 2 KV heads of 64 */
    if (wm_model_load(&m, "examples/models/doge-demo", &e) == WM_OK) {
        static const int types[] = {WM_F32, WM_F16, WM_Q8_0}, row[] = {256, 128, 68};
        int k;
        for (k = 0; k < 3; k++) {
            int32_t ids[5] = {0, 374, 4078, 293, 260};
            p = wm_session_default_params(m);
            p.cache_type = types[k];
            if (wm_session_create(&s, m, &p, &e) != WM_OK) { check(0, "cache session"); continue; }
            wm_prefill(s, ids, 5, NULL, WM_LOGITS_LAST);
            check(wm_session_decode_bytes(s) == wm_model_decode_bytes(m, 5) - 6ull * 6 * 2 * 2 * (256 - row[k]),
                  "decode bytes at position 5 with the %s cache: %llu", wm_type_name(types[k]), (unsigned long long)wm_session_decode_bytes(s));
            wm_session_free(s);
        }
        wm_model_free(m);
    }
    /* refusals: an unknown type, Q8_0 with head_dim not a multiple of 32 */
    if (wm_model_load(&m, "tests/fixtures/hf-doge-dense", &e) == WM_OK) {
        p = wm_session_default_params(m);
        p.cache_type = WM_Q4_0;
        check(wm_session_create(&s, m, &p, &e) == WM_ERR_INVALID_ARG, "cache_type Q4_0 refused");
        if (wm_model_config(m)->head_dim % 32) {
            p.cache_type = WM_Q8_0;
            check(wm_session_create(&s, m, &p, &e) == WM_ERR_UNSUPPORTED, "Q8_0 cache with head_dim %d refused", wm_model_config(m)->head_dim);
        }
        wm_model_free(m);
    }
}

/* ---- split_exact: any split of a prompt gives one call's bits ---------------
   Every fixture model wm_model_split_exact names: a prompt prefilled in one
   call and in random pieces (of 1 to 69 tokens, so chunks are begun, held
   and completed across calls) gives the same logits, bit for bit, for every
   token, then the same decoded ones (held tokens passed on first); saved in
   the middle of a chunk and restored into a fresh session it goes on the
   same; one call matches a session without split_exact; a blob that holds
   tokens is refused by a session without it; at 1 and 2 threads, on this
   machine's kernels and the scalar references. */
static float *split_run(const wm_model *m, const int32_t *ids, int n, unsigned seed, int exact, int isa, int th, int stype, int *bad) {
    const wm_config *c = wm_model_config(m);
    int V = c->vocab_size, at = 0, i;
    float *l = (float *)malloc(sizeof(float) * (size_t)V * (n + 3));
    wm_session_params p = wm_session_default_params(m);
    wm_session *s = NULL;
    p.n_ctx = n + 3; p.n_batch = exact ? 16 : 64; p.split_exact = exact; /* (without split_exact: pieces of whole chunks) */ p.isa = isa; p.n_threads = th; p.state_type = stype;
    if (wm_session_create(&s, m, &p, NULL) != WM_OK) { (*bad)++; free(l); return NULL; }
    while (at < n) {
        int k = n;
        if (seed) {
            seed = seed * 1103515245u + 12345u;
            k = 1 + (int)(seed >> 16) % (seed % 3 ? 69 : 4);
        }
        if (k > n - at) k = n - at;
        if (wm_prefill(s, ids + at, k, l + (size_t)at * V, WM_LOGITS_ALL) != WM_OK) (*bad)++;
        at += k;
        if (seed && at >= n / 2 && at - k < n / 2) { /* saved and restored mid-prompt */
            size_t size = 0;
            void *blob;
            wm_session *s2 = NULL, *s3 = NULL;
            wm_session_params q = p;
            wm_session_save(s, NULL, NULL, NULL, 0, &size);
            blob = malloc(size);
            if (wm_session_save(s, NULL, NULL, blob, size, &size) != WM_OK || wm_session_create(&s2, m, &p, NULL) != WM_OK ||
                wm_session_restore(s2, NULL, NULL, blob, size) != WM_OK) (*bad)++;
            q.split_exact = 0;
            if (wm_session_create(&s3, m, &q, NULL) == WM_OK) { /* tokens held where the model has an SSD and a chunk is begun */
                int grid = 0, l, held;
                for (l = 0; l < c->n_layers; l++) {
                    if (c->layer_seq[l] == WM_SEQ_SSD || c->layer_seq[l] == WM_SEQ_MAMBA2) grid = c->ssd_chunk < 64 ? c->ssd_chunk : 64;
                    if (c->layer_seq[l] == WM_SEQ_RODIMUS) grid = 32; /* (the GLA's chunk) */
                }
                held = grid && at % grid != 0;
                if ((wm_session_restore(s3, NULL, NULL, blob, size) == WM_OK) == held) (*bad)++;
                wm_session_free(s3);
            }
            free(blob);
            wm_session_free(s);
            s = s2;
        }
    }
    for (i = 0; i < 3; i++)
        if (wm_decode(s, ids[i], l + (size_t)(n + i) * V) != WM_OK) (*bad)++;
    wm_session_free(s);
    return l;
}

void test_split_exact(void) {
    static const char *fx[] = {"cheems-tiny", "cheems-variants", "doge-paper", "hf-doge-moe", "hf-mamba2", "mcsd-tiny", "mcsd-oproj", "mcsd-variants",
                               "rodimus-tiny", "rodimus-plus", "rodimus-plus-variants"};
    static const int isas[] = {WM_ISA_AUTO, WM_ISA_SCALAR};
    size_t f;
    for (f = 0; f < sizeof fx / sizeof fx[0]; f++) {
        char dir[256];
        wm_model *m = NULL;
        wm_error e;
        int k, ok = 0, runs = 0, bad = 0, n = 100, V;
        int32_t *ids;
        snprintf(dir, sizeof dir, "tests/fixtures/%s", fx[f]);
        if (wm_model_load(&m, dir, &e) != WM_OK) { check(0, "%s: %s", dir, e.message); continue; }
        check(wm_model_split_exact(m), "%s: wm_model_split_exact", fx[f]);
        V = wm_model_config(m)->vocab_size;
        if (n > wm_model_config(m)->max_position_embeddings - 3 && wm_model_config(m)->max_position_embeddings > 0) n = wm_model_config(m)->max_position_embeddings - 3;
        ids = random_ids(n, V, 501u + (unsigned)f);
        for (k = 0; k < 3; k++) { /* this machine's kernels, the scalar references, F16 states */
            int isa = isas[k & 1], st = k == 2 ? WM_F16 : WM_F32;
            float *one = split_run(m, ids, n, 0, 1, isa, 1, st, &bad), *plain = split_run(m, ids, n, 0, 0, isa, 1, st, &bad);
            unsigned seed;
            runs++;
            ok += one && plain && !memcmp(one, plain, sizeof(float) * (size_t)V * (n + 3));
            for (seed = 1; seed <= 4; seed++) {
                float *l = split_run(m, ids, n, seed * 7919u, 1, isa, 1 + (int)(seed & 1), st, &bad);
                runs++;
                ok += one && l && !memcmp(one, l, sizeof(float) * (size_t)V * (n + 3));
                free(l);
            }
            free(one); free(plain);
        }
        check(ok == runs && !bad, "%s: %d prompts split at random (1 to 69 tokens a call, saved and restored mid-chunk; F32 and F16 states) == one call, every logit bit for bit: %d of %d",
              fx[f], runs - 3, ok, runs);
        free(ids);
        wm_model_free(m);
    }
}
