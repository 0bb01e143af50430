/* lib_tokenizer.c - White-box (included by lib.c): hostile tokenizer input,
   the tokenizer blob, GGUF vocabularies cut short, llama.cpp's regex pre-
   tokenizers, the Unicode tables. */

/* longest probe sequence of the vocab table */
static int vocab_probe_max(const wm_tokenizer *t) {
    uint32_t i, worst = 0;
    for (i = 0; i <= t->vocab_mask; i++) {
        int32_t id = t->vocab_hash[i];
        uint32_t home, d;
        if (id < 0) continue;
        home = wm__hash(t, t->tok_bytes + t->tok_off[id], t->tok_len[id]) & t->vocab_mask;
        d = (i - home) & t->vocab_mask;
        worst = d > worst ? d : worst;
    }
    return (int)worst;
}

static void hostile_int_bools(void) {
    wm_config c;
    wm_error e;
    char js[4096];
    /* integers given as booleans (once: division by zero, lam[-1], reads outside buffers) */
    static const struct { const char *base, *field; } cases[] = {
        {"{\"model_type\":\"cheems\",\"vocab_size\":10,\"hidden_size\":8,\"intermediate_size\":4,\"layers_type\":[\"ssd\",\"attn\"],"
         "\"ssd_num_heads\":2,\"ssd_state_size\":4,\"num_inner_values\":4,\"inner_values_retrieval_size\":4,"
         "\"num_cdmoe_experts\":4,\"num_cdmoe_heads\":1,\"num_cdmoe_experts_per_head\":1,\"expert_retrieval_size\":4,"
         "\"max_position_embeddings\":8,\"num_attention_heads\":2,\"ssd_chunk_size\":4,\"inner_values_topk\":1,%s}",
         "num_attention_heads"},
        {NULL, "ssd_chunk_size"},
        {NULL, "inner_values_topk"},
        {NULL, "ssd_num_heads"},
        {"{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":8,\"intermediate_size\":4,\"num_hidden_layers\":1,"
         "\"is_moe\":true,\"num_experts\":16,\"num_experts_per_tok\":2,\"keep_window_size\":4,\"num_attention_heads\":2,%s}",
         "num_attention_heads"},
        {NULL, "keep_window_size"},
        {NULL, "num_experts_per_tok"},
        {"{\"model_type\":\"mamba2\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"num_heads\":2,"
         "\"head_dim\":4,\"state_size\":4,\"chunk_size\":4,%s}",
         "num_heads"},
        {NULL, "chunk_size"}};
    const char *base = NULL;
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char field[96];
        int b;
        if (cases[k].base) base = cases[k].base;
        for (b = 0; b < 3; b++) {
            static const char *vals[] = {"false", "true", "\"2\""};
            snprintf(field, sizeof field, "\"%s\":%s", cases[k].field, vals[b]);
            snprintf(js, sizeof js, base, field);
            check(wm_config_parse(&c, js, strlen(js), &e) == WM_ERR_CONFIG && strstr(e.message, cases[k].field) &&
                      strstr(e.message, "integer"),
                  "%s %s refused: %s", cases[k].field, vals[b], e.message);
        }
    }
    snprintf(js, sizeof js, "{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":4,\"intermediate_size\":4,"
                            "\"num_hidden_layers\":1,\"num_attention_heads\":8}");
    check(wm_config_parse(&c, js, strlen(js), &e) == WM_ERR_CONFIG && strstr(e.message, "head_dim"),
          "more heads than hidden without head_dim: %s", e.message);
    snprintf(js, sizeof js, "{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":4,\"intermediate_size\":4,"
                            "\"num_hidden_layers\":1,\"num_attention_heads\":2,\"rope_theta\":0}");
    check(wm_config_parse(&c, js, strlen(js), &e) == WM_ERR_CONFIG && strstr(e.message, "rope_theta"), "rope_theta 0: %s", e.message);
    snprintf(js, sizeof js, "{\"model_type\":\"mamba2\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"num_heads\":2,"
                            "\"head_dim\":4,\"state_size\":4,\"time_step_limit\":[1.0,0.5]}");
    check(wm_config_parse(&c, js, strlen(js), &e) == WM_ERR_CONFIG && strstr(e.message, "time_step_limit"), "inverted time_step_limit");
    check(wm_config_parse(&c, NULL, 0, &e) == WM_ERR_INVALID_ARG, "NULL config text (no NULL + 0)");
}

static void hostile_template_no_id(void) {
    wm_error e;
    /* a template item without an id (once: NULL dereference) */
    static const char *items[] = {"{\"SpecialToken\":{}}", "{\"SpecialToken\":{\"id\":5}}", "{\"Foo\":{}}", "7",
                                  "{\"SpecialToken\":{\"id\":\"<x>\"}}", "{\"Sequence\":{\"id\":\"A\"}},{\"Sequence\":{\"id\":\"A\"}}"};
    size_t k;
    for (k = 0; k < sizeof items / sizeof items[0]; k++) {
        char extra[512], *tj;
        wm_tokenizer *t = NULL;
        snprintf(extra, sizeof extra, "\"post_processor\":{\"type\":\"TemplateProcessing\",\"single\":[%s,{\"Sequence\":{\"id\":\"A\"}}],"
                                      "\"special_tokens\":{}}", items[k]);
        tj = tok_json("\"a\":0,\"b\":1", "", extra);
        check(wm_tokenizer_open(&t, tj, strlen(tj), &e) != WM_OK && !t && strstr(e.message, "tokenizer.json"), "template item %s: %s",
              items[k], e.message);
        free(tj);
    }
}

static void hostile_template_items(void) {
    wm_error e;
    /* 200 template items: refused at once, not walked 200 x special_tokens */
    char *extra = (char *)malloc(200 * 64 + 256), *tj, *p;
    wm_tokenizer *t = NULL;
    int k;
    p = extra + sprintf(extra, "\"post_processor\":{\"type\":\"TemplateProcessing\",\"single\":[");
    for (k = 0; k < 200; k++) p += sprintf(p, "{\"SpecialToken\":{\"id\":\"s%d\"}},", k);
    sprintf(p, "{\"Sequence\":{\"id\":\"A\"}}],\"special_tokens\":{}}");
    tj = tok_json("\"a\":0", "", extra);
    check(wm_tokenizer_open(&t, tj, strlen(tj), &e) == WM_ERR_FORMAT && strstr(e.message, "64 items"), "200 template items: %s", e.message);
    free(tj);
    free(extra);
}

static void hostile_hash_collisions(void) {
    wm_error e;
    /* 3000 vocab keys whose FNV-1a low 13 bits collide (once: quadratic loading) spread in the keyed table */
    char *vocab = (char *)malloc(3000 * 24), *p = vocab, *tj;
    wm_tokenizer *t = NULL;
    uint64_t st = 88172645463325252ull;
    int got = 0, worst;
    while (got < 3000) {
        char k[13];
        uint32_t h = 2166136261u;
        int i;
        for (i = 0; i < 12; i++) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; k[i] = (char)('a' + st % 26); h = (h ^ (unsigned char)k[i]) * 16777619u; }
        k[12] = 0;
        if (h & 0x1fff) continue;
        p += sprintf(p, "%s\"%s\":%d", got ? "," : "", k, got);
        got++;
    }
    tj = tok_json(vocab, "", "");
    check(wm_tokenizer_open(&t, tj, strlen(tj), &e) == WM_OK, "colliding vocab: %s", e.message);
    worst = t ? vocab_probe_max(t) : -1;
    check(t && worst < 64, "the longest probe is %d slots (2999 with an unkeyed FNV table)", worst);
    wm_tokenizer_free(t);
    free(tj);
    free(vocab);
}

static void hostile_detok_small(void) {
    /* wm_detokenize into a small buffer: a whole-character prefix, NUL-terminated, nothing stale */
    wm_tokenizer *t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    int32_t ids[16];
    size_t n, len;
    char out[32];
    if (t) {
        wm_tokenize(t, "ab \xe4\xbd\xa0\xe5\xa5\xbd world", 16, 0, ids, 16, &n);
        memset(out, 'Z', sizeof out);
        check(wm_detokenize(t, ids, n, out, 7, &len) == WM_ERR_ARENA && len == 16 && !strcmp(out, "ab \xe4\xbd\xa0"),
              "detokenize into 7 bytes: '%s'", out);
        memset(out, 'Z', sizeof out);
        check(wm_detokenize(t, ids, n, out, 6, &len) == WM_ERR_ARENA && !strcmp(out, "ab "), "detokenize into 6 bytes: '%s'", out);
        check(wm_tokenize(t, NULL, 0, 0, ids, 16, &n) == WM_OK && n == 0, "empty NULL text (no NULL + 0)");
        wm_tokenizer_free(t);
    }
}

static void hostile_long_words(void) {
    wm_error e;
    /* long words: the linear bucket queue merges exactly as the heap does (once: n log n, 5.6 s for 10 MB) */
    wm_tokenizer *t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    static const char *pats[] = {"a", "ab", "aab", "thequickbrownfoxjumpsoverthelazydog", "-", "=======.", "*", NULL};
    int n = 9000, k, j;
    unsigned char *w = (unsigned char *)malloc((size_t)n);
    wm__sym *sy = (wm__sym *)malloc(sizeof(wm__sym) * (size_t)n);
    wm__cand *heap = (wm__cand *)malloc(sizeof(wm__cand) * 3 * (size_t)n);
    int32_t *head = (int32_t *)malloc(sizeof(int32_t) * 80000), *a = (int32_t *)malloc(4 * (size_t)n), *b = (int32_t *)malloc(4 * (size_t)n);
    uint64_t st = 0x9e3779b97f4a7c15ull;
    for (k = 0; t && k < 8; k++) {
        size_t na = 0, nb = 0;
        int m;
        for (j = 0; j < n; j++) {
            st ^= st << 13; st ^= st >> 7; st ^= st << 17;
            w[j] = pats[k] ? (unsigned char)pats[k][j % (int)strlen(pats[k])] : (unsigned char)('a' + st % 26);
        }
        m = wm__bpe_syms(t, w, n, sy);
        check(t->n_merges < 40000 && wm__bpe_long(t, sy, m, heap, head) == 1, "the Doge merges take the bucket queue");
        wm__bpe(t, w, n, sy, heap, NULL, a, (size_t)n, &na);
        wm__bpe(t, w, n, sy, heap, head, b, (size_t)n, &nb);
        check(na == nb && !memcmp(a, b, 4 * na) && na < (size_t)n, "word %d of %d bytes: %zu tokens both ways", k, n, na);
    }
    wm_tokenizer_free(t);
    { /* a merge list out of trained order (a+bc before b+c): detected, the heap decides */
        char *tj = tok_json("\"a\":0,\"b\":1,\"c\":2,\"bc\":3,\"abc\":4,\"ab\":5",
                            "\"a bc\",\"b c\",\"a b\"", "");
        check(wm_tokenizer_open(&t, tj, strlen(tj), &e) == WM_OK, "out-of-order merges: %s", e.message);
        for (j = 0; t && j < 30; j++) w[j] = (unsigned char)"abc"[j % 3];
        if (t) {
            size_t na = 0, nb = 0;
            int m = wm__bpe_syms(t, w, 30, sy);
            check(wm__bpe_long(t, sy, m, heap, head) == 0, "out-of-order merges detected");
            wm__bpe(t, w, 30, sy, heap, NULL, a, 30, &na);
            wm__bpe(t, w, 30, sy, heap, head, b, 30, &nb);
            check(na == 10 && nb == 10 && !memcmp(a, b, 40) && a[0] == 4, "abc x10 -> 10 x abc both ways");
        }
        wm_tokenizer_free(t);
        free(tj);
    }
    free(w); free(sy); free(heap); free(head); free(a); free(b);
}

static void hostile_long_message(void) {
    /* a message longer than its buffer (once: the formatter stopped advancing and hung) */
    char big[1000], msg[64];
    memset(big, 'q', sizeof big - 1);
    big[sizeof big - 1] = 0;
    wm__fmt(msg, sizeof msg, "%s %d %s", big, 123456789, big);
    check(strlen(msg) == sizeof msg - 1, "long message truncated");
    wm__fmt(msg, 8, "%d%d%d%llu", 1234567, 7654321, 42, 12345678901234ull);
    check(!strcmp(msg, "1234567"), "long numbers truncated: %s", msg);
}

static void hostile_session_sampler(void) {
    /* a session blob holding a sampler no check would pass: refused, the session untouched */
    memmodel mm;
    if (memmodel_open(&mm, CFG_MAMBA2, 5, WM_F32)) {
        wm_session_params p = wm_session_default_params(mm.m);
        wm_session *s;
        wm_sampler smp = wm_sampler_default(), got = wm_sampler_default();
        int32_t ids[3] = {1, 2, 3};
        size_t size = 0;
        void *blob;
        wm_session_create(&s, mm.m, &p, NULL);
        wm_prefill(s, ids, 3, NULL, WM_LOGITS_LAST);
        smp.min_p = 2.0f; /* saved as it is */
        wm_session_save(s, &smp, NULL, NULL, 0, &size);
        blob = malloc(size);
        check(wm_session_save(s, &smp, NULL, blob, size, &size) == WM_OK, "save");
        wm_session_reset(s);
        check(wm_session_restore(s, &got, NULL, blob, size) == WM_ERR_FORMAT && strstr(wm_session_error(s), "min_p") &&
                  wm_session_pos(s) == 0 && got.min_p == 0.0f,
              "restore refuses min_p 2: %s", wm_session_error(s));
        free(blob);
        wm_session_free(s);
        memmodel_close(&mm);
    }
}

void test_hostile(void) {
    hostile_int_bools();
    hostile_template_no_id();
    hostile_template_items();
    hostile_hash_collisions();
    hostile_detok_small();
    hostile_long_words();
    hostile_long_message();
    hostile_session_sampler();
}

/* Chat formats: ChatML and Rodimus+ render as their checkpoints do, and the
   template is recognized from tokenizer_config.json or the tokenizer. */
/* Vocabulary-only GGUFs (tokenizer.ggml.*, as llama.cpp writes them) of the
   GPT-2 tokenizer (model "gpt2", merges) and of Llama-2's (model "llama",
   SentencePiece scores), by tools/gen_gguf_vocab.py: the tokenizer wm.h builds
   from each gives llama.cpp's ids (llama-tokenize on the same file) and the
   tokenizers library's on every text. */
void tok_gguf_case(const char *name) {
    size_t size, nc = 0, nl = 0, k = 0, same_hf = 0, same_lc = 0;
    char *js = NULL, *lc = NULL, *text = (char *)malloc(1 << 20), path[256], raw[256];
    int32_t *want = (int32_t *)malloc(sizeof(int32_t) << 18), *got = (int32_t *)malloc(sizeof(int32_t) << 18);
    wm_tokenizer *t = NULL;
    wm_error e;
    const char *ea, *eb, *x, *y;
    tj_it ia, ib;
    snprintf(path, sizeof path, "tests/fixtures/tok/%s-vocab.gguf.gz", name);
    snprintf(raw, sizeof raw, "build/tok-%s-vocab.gguf", name);
    free(gunzip_file(path, raw, &size));
    snprintf(path, sizeof path, "tests/fixtures/tok/%s.cases.json.gz", name);
    js = gunzip_file(path, "build/tok-vocab-hf.json", &nc);
    snprintf(path, sizeof path, "tests/fixtures/tok/%s-vocab.llama.json.gz", name);
    lc = gunzip_file(path, "build/tok-vocab-lc.json", &nl);
    check(wm_tokenizer_load(&t, raw, &e) == WM_OK, "%s GGUF vocabulary: %s", name, e.message);
    { /* no tensors: the file may end where its header does, before the aligned data offset (llama.cpp's own vocabularies) */
        size_t fn = 0;
        char *f = (char *)read_all(raw, &fn);
        wm_blob b;
        wm__stfile sf;
        wm_tokenizer *tc = NULL;
        int32_t i1[64], i2[64];
        size_t n1 = 0, n2 = 0, end = 0;
        b.data = f; b.size = fn; b.name = raw;
        if (f && wm__file_open(&sf, &b, &e) == WM_OK) end = (size_t)(sf.hdr_end - f);
        check(end > 0 && end % 32 != 0 && write_all("build/tok-cut.gguf", f, end) && wm_tokenizer_load(&tc, "build/tok-cut.gguf", &e) == WM_OK &&
                  t && wm_tokenize(t, "Hello, world 123!", 17, 0, i1, 64, &n1) == WM_OK && wm_tokenize(tc, "Hello, world 123!", 17, 0, i2, 64, &n2) == WM_OK &&
                  ids_equal(i1, n1, i2, n2),
              "%s GGUF vocabulary cut at its header's end (%zu of %zu bytes): loads, the same ids: %s", name, end, fn, e.message);
        wm_tokenizer_free(tc);
        free(f);
        remove("build/tok-cut.gguf");
    }
    if (t && js && lc) {
        ea = js + nc; eb = lc + nl;
        tj_iter(&ia, tj_ws(js, ea), ea);
        tj_iter(&ib, tj_ws(lc, eb), eb);
        while (tj_next(&ia, NULL, &x) && tj_next(&ib, NULL, &y)) {
            size_t tl = tj_str(tj_get(x, ea, "text"), ea, text, 1 << 20), nw, ng = 0;
            wm_tokenize(t, text, tl, 0, got, 1 << 18, &ng);
            nw = json_ids(tj_get(x, ea, "ids"), ea, want, 1 << 18);
            same_hf += ids_equal(got, ng, want, nw);
            nw = json_ids(tj_get(y, eb, "ids"), eb, want, 1 << 18);
            same_lc += ids_equal(got, ng, want, nw);
            k++;
        }
    }
    check(k >= 150 && same_lc == k, "%s GGUF vocabulary: llama.cpp's ids on %zu of %zu texts", name, same_lc, k);
    check(k >= 150 && same_hf == k, "%s GGUF vocabulary: the tokenizers library's ids on %zu of %zu texts", name, same_hf, k);
    wm_tokenizer_free(t);
    free(js); free(lc); free(text); free(want); free(got);
    remove(raw); remove("build/tok-vocab-hf.json"); remove("build/tok-vocab-lc.json");
}

/* in a GGUF: wm.tokenizer, 8-byte aligned in the file */
static void tok_blob_in_gguf(const char *js, size_t size, const unsigned char *b, size_t n, size_t ram) {
    static const int32_t want[] = {0, 374, 4078, 293, 260, 2800, 859, 305};
    unsigned char mem[WM__SLOT_wm_tokenizer + 64];
    wm_tokenizer *tb = NULL;
    wm_error e;
    int32_t ids[16];
    size_t ni = 0;
    wm_model *m = NULL;
    char *gg = NULL, *graw = NULL;
    size_t gn = 0;
    const void *gb = NULL;
    size_t gbn = 0;
    check(wm_model_load(&m, "examples/models/doge-demo", &e) == WM_OK, "demo model: %s", e.message);
    if (m) {
        wm_gguf_params p;
        membuf mb = {NULL, 0, 0};
        memset(&p, 0, sizeof p);
        p.mix = WM_MIX_KEEP; p.tokenizer_json = js; p.tokenizer_bytes = size; p.tokenizer_blob = b; p.tokenizer_blob_bytes = n;
        p.write = membuf_write; p.user = &mb;
        check(wm_gguf_write(m, &p, NULL, &e) == WM_OK, "GGUF with the blob: %s", e.message);
        graw = (char *)malloc(mb.n + 64);
        gg = (char *)align64(graw);
        gn = mb.n;
        memcpy(gg, mb.p, gn);
        check(wm_gguf_tokenizer_blob(gg, gn, &gb, &gbn, &e) == WM_OK && gbn == n && (uintptr_t)gb % 8 == 0 && !memcmp(gb, b, n),
              "wm.tokenizer read back aligned: %s", e.message);
        check(wm_tokenizer_init_blob(&tb, gb, gbn, align64(mem), ram, &e) == WM_OK &&
              wm_tokenize(tb, "The secret of a happy life is", 29, 1, ids, 16, &ni) == WM_OK && ids_equal(ids, ni, want, 8),
              "the GGUF's blob tokenizes: %s", e.message);
        free(mb.p); free(graw);
        wm_model_free(m);
    }
    check(wm_gguf_tokenizer_blob(js, size, &gb, &gbn, &e) == WM_ERR_FORMAT, "not a GGUF");
}

void test_tokenizer_blob(void) {
    size_t size, n = 0, ram = 0, bn;
    char *js = (char *)read_all("examples/models/doge-demo/tokenizer.json", &size);
    wm_tokenizer *t = NULL, *tb = NULL;
    wm_error e;
    unsigned char *buf, *b, mem[WM__SLOT_wm_tokenizer + 64];
    static const int32_t want[] = {0, 374, 4078, 293, 260, 2800, 859, 305};
    int32_t ids[16];
    size_t ni = 0;
    if (!js || wm_tokenizer_open(&t, js, size, &e) != WM_OK) { check(0, "demo tokenizer"); free(js); return; }
    check(wm_tokenizer_save(t, NULL, 0, &n, &e) == WM_OK && n > 1000, "blob size: %s", e.message);
    buf = (unsigned char *)malloc(n + 64);
    b = (unsigned char *)align64(buf);
    check(wm_tokenizer_save(t, b, n - 1, &bn, &e) == WM_ERR_ARENA, "save into a buffer one byte short is refused");
    check(wm_tokenizer_save(t, b, n, &bn, &e) == WM_OK && bn == n, "save: %s", e.message);
    check(wm_tokenizer_blob_bytes(b, n, &ram, &e) == WM_OK && ram <= 4096 + 64 && ram < 16384, "RAM of the tokenizer in place: %zu bytes", ram);
    check(wm_tokenizer_init_blob(&tb, b, n, align64(mem), ram - 1, &e) == WM_ERR_ARENA, "one byte less of RAM is refused");
    check(wm_tokenizer_init_blob(&tb, b, n, align64(mem), ram, &e) == WM_OK, "init from the blob: %s", e.message);
    check(tb && wm_tokenize(tb, "The secret of a happy life is", 29, 1, ids, 16, &ni) == WM_OK && ids_equal(ids, ni, want, 8),
          "demo prompt ids from the blob");
    check(wm_tokenizer_find(tb, "<|end_of_text|>") == wm_tokenizer_find(t, "<|end_of_text|>"), "added tokens from the blob");
    { /* damage */
        unsigned char *c = (unsigned char *)malloc(n + 16), *ca = (unsigned char *)(((uintptr_t)c + 7) & ~(uintptr_t)7);
        uint64_t vh_off;
        int32_t bad_id;
        memcpy(ca, b, n); ca[n / 2] ^= 1;
        check(wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "checksum"), "a flipped bit: %s", e.message);
        memcpy(ca, b, n);
        check(wm_tokenizer_init_blob(&tb, ca, n - 8, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "bytes"), "cut short: %s", e.message);
        memcpy(ca + 1, b, n);
        check(wm_tokenizer_init_blob(&tb, ca + 1, n, align64(mem), ram, &e) == WM_ERR_INVALID_ARG && strstr(e.message, "aligned"), "misaligned: %s", e.message);
        memcpy(ca, b, n); /* an id past the vocabulary in the vocab table, checksum redone */
        vh_off = wm__le64(ca + WM__TB_HEAD - 16 * WM__TB_N_ARR + 16 * WM__TB_vocab_hash);
        bad_id = 4096;
        for (bn = 0; bn < 64; bn++) { int32_t v; memcpy(&v, ca + vh_off + 4 * bn, 4); if (v >= 0) { memcpy(ca + vh_off + 4 * bn, &bad_id, 4); break; } }
        wm__le64_put(ca + 16, wm__sip(wm__tb_key, ca + 24, n - 24));
        check(wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "vocab table"), "a bad id: %s", e.message);
        memcpy(ca, b, n); /* the vocab table full: a lookup would never end */
        for (bn = 0; bn < 4096 * 2; bn++) { int32_t v; memcpy(&v, ca + vh_off + 4 * bn, 4); if (v < 0) { v = 5; memcpy(ca + vh_off + 4 * bn, &v, 4); } }
        wm__le64_put(ca + 16, wm__sip(wm__tb_key, ca + 24, n - 24));
        check(wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "probe run"), "a full table: %s", e.message);
        memcpy(ca, b, n); /* a failure link to a deeper node: the automaton's step would not be linear */
        {
            uint64_t ac_off = wm__le64(ca + WM__TB_HEAD - 16 * WM__TB_N_ARR + 16 * WM__TB_ac), ac_n = wm__le64(ca + WM__TB_HEAD - 16 * WM__TB_N_ARR + 16 * WM__TB_ac + 8) / sizeof(wm__acn);
            wm__acn node;
            memcpy(&node, ca + ac_off + sizeof node * (ac_n - 1), sizeof node);
            node.fail = (int32_t)ac_n - 1;
            memcpy(ca + ac_off + sizeof node * (ac_n - 1), &node, sizeof node);
            wm__le64_put(ca + 16, wm__sip(wm__tb_key, ca + 24, n - 24));
            check(ac_n > 2 && wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "failure link"),
                  "a failure link to itself: %s", e.message);
        }
        { /* the automaton's outputs and the added texts (fuzzing round 4: a heap overflow, an endless loop) */
            wm_tokenizer *tv = NULL;
            int32_t longest = 0, i, k, node = -1;
            size_t off_ac, off_len, nn = 0;
            int32_t out_ids[64];
            memcpy(ca, b, n);
            check(wm_tokenizer_init_blob(&tv, ca, n, align64(mem), ram, &e) == WM_OK && tv->n_added > 2 && tv->n_ac > 2, "the blob's view");
            if (tv && tv->n_added > 2) {
                off_ac = (size_t)((unsigned char *)tv->ac - ca);
                off_len = (size_t)((unsigned char *)tv->added_len - ca);
                for (i = 1; i < tv->n_added; i++) if (tv->added_len[i] > tv->added_len[longest]) longest = i;
                for (k = 1; k < tv->n_ac && node < 0; k++) if (tv->ac[k].fail == 0 && tv->ac[k].n_child) node = k; /* a node at depth 1 */
                { /* a long text named at a depth-1 node: its bytes would run past the input */
                    wm__acn nd;
                    memcpy(&nd, ca + off_ac + sizeof nd * (size_t)node, sizeof nd);
                    nd.out[0] = longest;
                    memcpy(ca + off_ac + sizeof nd * (size_t)node, &nd, sizeof nd);
                    wm__le64_put(ca + 16, wm__sip(wm__tb_key, ca + 24, n - 24));
                    check(node > 0 && wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "automaton output"),
                          "an automaton output longer than its node's string: %s", e.message);
                }
                memcpy(ca, b, n); /* an output of the right length that spells another text: loads; tokenizing reads only the input */
                for (k = 1; k < tv->n_ac; k++) {
                    wm__acn nd;
                    memcpy(&nd, ca + off_ac + sizeof nd * (size_t)k, sizeof nd);
                    if (nd.out[0] >= 0) for (i = 0; i < tv->n_added; i++) if (i != nd.out[0] && tv->added_len[i] <= tv->added_len[nd.out[0]]) { nd.out[0] = i; break; }
                    memcpy(ca + off_ac + sizeof nd * (size_t)k, &nd, sizeof nd);
                }
                wm__le64_put(ca + 16, wm__sip(wm__tb_key, ca + 24, n - 24));
                check(wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_OK &&
                          wm_tokenize(tb, "<|end_of_text|>x<|begin", 23, 0, out_ids, 64, &nn) == WM_OK && nn > 0,
                      "outputs that spell other texts: tokenizing stays inside the input (%zu ids)", nn);
                memcpy(ca, b, n); /* an added token of no bytes: wm_tokenize would not advance */
                for (i = 0; i < tv->n_added && i == longest; i++) {}
                { uint32_t z = 0; memcpy(ca + off_len + 4 * (size_t)i, &z, 4); }
                wm__le64_put(ca + 16, wm__sip(wm__tb_key, ca + 24, n - 24));
                check(wm_tokenizer_init_blob(&tb, ca, n, align64(mem), ram, &e) == WM_ERR_FORMAT && strstr(e.message, "added token"),
                      "an added token of length 0: %s", e.message);
            }
        }
        free(c);
    }
    tok_blob_in_gguf(js, size, b, n, ram);
    free(buf);
    free(js);
    wm_tokenizer_free(t);
}

/* The regex matcher's memo and failure records change no match: every one of
   llama.cpp's regexes splits random texts (runs of spaces, letters, digits,
   marks, CJK, as the regex sees them) the same with them as by plain
   backtracking. */
void test_tokenizer_regex_memo(void) {
    static const uint32_t collapsed[] = {'a', 'B', 'z', ' ', ' ', '\n', '\r', '\t', 0x0b, '1', '9', '\'', 's', 'S', 't', 'l', 'e', '!', '.', '$', '~', '<',
                                         '/', '(', ')', 0xd0, 0xd1, 0xd2, 0xd2, 0xd3, 0xd4, 0xd5};
    static const uint32_t wide[] = {'a', 'A', ' ', ' ', '\n', '\r', '\t', 0x0b, '1', '2', '\'', '!', '.', '(', '|', ')', 'I', 'M', 'G', 'Z', '<', '>', ':',
                                    0x4e2d, 0xac00, 0x3042, 0x2026, 0x3002, 0xff0c, 0x964, 0xe9, 0x3b1};
    uint32_t text[40], *buf[2] = {NULL, NULL};
    wm__rxc c;
    int k, bad = 0, n_rx = 0, runs = 0, fits = 0, n_compiled = 0;
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (k = 0; k < WM__N_LRX; k++) {
        int it, ni, nr;
        wm__rxi *in;
        uint32_t *rg;
        if (!wm__rx_compile(&c, wm__lrx[k], NULL, 0, NULL, 0)) continue; /* llama.cpp's own code, not a regex */
        ni = c.ni; nr = c.nr;
        fits += ni <= WM__RX_MAX_INS && nr <= WM__RX_MAX_RANGES;
        n_compiled++;
        in = (wm__rxi *)calloc((size_t)ni, sizeof *in);
        rg = (uint32_t *)calloc((size_t)nr * 2 + 4 * (size_t)ni, sizeof *rg);
        if (!in || !rg || !wm__rx_compile(&c, wm__lrx[k], in, ni, rg, nr)) { bad++; free(in); free(rg); continue; }
        n_rx++;
        for (it = 0; it < 1500; it++) {
            uint32_t n = 0, pairs[2][82], np[2] = {0, 0}, len;
            int mode;
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            len = (uint32_t)(rng >> 59) + (uint32_t)(it % 9);
            while (n < len) { /* runs of one character now and then */
                uint32_t ch, r;
                rng = rng * 6364136223846793005ull + 1442695040888963407ull;
                ch = c.wide ? wide[(rng >> 33) % (sizeof wide / sizeof wide[0])] : collapsed[(rng >> 33) % (sizeof collapsed / sizeof collapsed[0])];
                for (r = (rng >> 60) < 3 ? 1 + (uint32_t)((rng >> 20) % 8) : 1; r-- && n < len;) text[n++] = ch;
            }
            for (mode = 0; mode < 2; mode++) {
                wm__rxm m;
                uint32_t at = 0, ms, me;
                unsigned char memo[41 * 64];
                memset(&m, 0, sizeof m);
                m.in = in; m.rg = rg; m.t = text; m.n = n;
                m.row = ((size_t)ni + 7) / 8;
                m.rep = rg + 2 * nr;
                m.memo = memo;
                m.plain = mode;
                if (m.row * (n + 1) > sizeof memo) { bad++; break; }
                memset(memo, 0, sizeof memo);
                memset(m.rep, 0xff, (size_t)ni * 16);
                while (at <= n && np[mode] < 80 && wm__rx_next(&m, at, &ms, &me)) {
                    pairs[mode][np[mode]++] = ms;
                    pairs[mode][np[mode]++] = me;
                    at = me > ms ? me : ms + 1;
                }
                if (m.fr_heap) free(m.fr);
                runs++;
            }
            if (np[0] != np[1] || memcmp(pairs[0], pairs[1], np[0] * sizeof(uint32_t))) bad++;
        }
        free(in); free(rg);
    }
    free(buf[0]);
    check(n_rx >= 38 && bad == 0, "llama.cpp's regexes: memoized and cached matching == plain backtracking on %d splits of %d regexes (%d differ)", runs / 2, n_rx, bad);
    check(fits == n_compiled && n_compiled >= 38, "llama.cpp's regexes: %d of %d compile within wm__pre_llama's program (%d instructions, %d ranges)", fits,
          n_compiled, WM__RX_MAX_INS, WM__RX_MAX_RANGES);
}

/* The Unicode tables decode to the properties they held as plain arrays:
   FNV-1a 64 over every code point's class, set memberships, combining class,
   lowercase, canonical and compatibility decompositions and composability
   (the value the uint32_t tables gave, before they were packed). */
void test_unicode_tables(void) {
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t cp, buf[32];
    int s;
#define UC_MIX(v) do { uint64_t v_ = (uint64_t)(v); int b_; for (b_ = 0; b_ < 8; b_++) { h ^= (v_ >> (8 * b_)) & 0xff; h *= 0x100000001b3ull; } } while (0)
    for (cp = 0; cp < 0x110000; cp++) {
        int bits = wm__uc_class(cp);
        for (s = WM__UC_MARK; s <= WM__UC_LUT; s++) bits |= wm__uc_in(cp, s) << (4 + s);
        if (!bits) continue;
        UC_MIX(cp); UC_MIX(bits);
    }
#ifndef WM_NO_UNICODE_NORM
    for (cp = 0; cp < 0x110000; cp++) {
        size_t n1 = wm__decompose(cp, 0, buf, 0, 16), n2 = wm__decompose(cp, 1, buf + 16, 0, 16), k;
        uint32_t lo = wm__uc_lowercase(cp);
        int c = wm__ccc(cp), cb = wm__composes_back(cp);
        if (n1 == 1 && buf[0] == cp && lo == cp && !c && !cb && n2 == 1 && buf[16] == cp) continue; /* nothing of its own */
        UC_MIX(cp); UC_MIX(lo); UC_MIX(c); UC_MIX(cb); UC_MIX(n1); UC_MIX(n2);
        for (k = 0; k < n1 && k < 16; k++) UC_MIX(buf[k]);
        for (k = 0; k < n2 && k < 16; k++) UC_MIX(buf[16 + k]);
        if (n1 >= 2) UC_MIX(wm__compose(buf[0], buf[1]));
    }
#endif
#ifndef WM_NO_UNICODE_NORM
    { /* what the normalizers pass through as it is: no decomposition, class 0, no part of any composition */
        int bad = 0, k;
        for (cp = 0x300; cp < 0x110000; cp++) {
            if (wm__nfc_active(cp)) continue;
            bad += wm__decompose(cp, 1, buf, 0, 16) != 1 || buf[0] != cp || wm__ccc(cp) || wm__composes_back(cp);
        }
        for (k = 0; k < wm__uc_comp.n; k++) { /* each composite: its pair (the pool's) composes to it, all three active */
            uint32_t c = wm__uc_cp(&wm__uc_comp, k, 0), at = (wm__uc_dec_info(c) - 0x60000u) / 34;
            uint32_t a = wm__uc_cp(&wm__uc_dec_pool, (int)at, 0), b = wm__uc_cp(&wm__uc_dec_pool, (int)at + 1, 0);
            bad += !wm__nfc_active(a) || !wm__nfc_active(b) || !wm__nfc_active(c) || wm__compose(a, b) != c;
        }
        check(bad == 0, "Unicode tables: the characters NFC and NFKC pass through as they are (%d wrong)", bad);
    }
#endif
#undef UC_MIX
    check(h == 0xe7d91d0d818b769eull, "Unicode tables: every code point's properties hash to %016llx", (unsigned long long)h);
}

void test_tokenizer_pre(void) {
    size_t bn = 0, jn = 0, fam = 0, k;
    size_t rn = 0;
    char *base = gunzip_file("tests/fixtures/tok/pre-vocab.gguf.gz", "build/tok-pre-vocab.gguf", &bn);
    char *rawv = gunzip_file("tests/fixtures/tok/pre-raw-vocab.gguf.gz", "build/tok-pre-raw-vocab.gguf", &rn);
    char *js = gunzip_file("tests/fixtures/tok/pre.json.gz", "build/tok-pre.json", &jn), *buf = (char *)malloc((bn > rn ? bn : rn) + 256), *buf2 = (char *)malloc((bn > rn ? bn : rn) + 256), *text = (char *)malloc(1 << 16);
    const char *je = js ? js + jn : NULL, *texts = js ? tj_get(js, je, "texts") : NULL, *pre = js ? tj_get(js, je, "pre") : NULL, *name, *v;
    const char *raws = js ? tj_get(js, je, "raw") : NULL, *models = js ? tj_get(js, je, "model") : NULL;
    int32_t *want = (int32_t *)malloc(sizeof(int32_t) << 16), *got = (int32_t *)malloc(sizeof(int32_t) << 16);
    tj_it it, itx, iti;
    wm_tokenizer *t = NULL;
    wm_error e;
    int loaded = 0, n_names = 0;
    check(base && rawv && texts && pre && raws && models, "pre-tokenizer fixtures read");
    if (!base || !rawv || !texts || !pre || !raws || !models) goto out;
    tj_iter(&it, pre, je);
    while (tj_next(&it, &name, &v)) { /* one family: its name, llama.cpp's ids per text */
        char nm[64];
        size_t len, same = 0, nt = 0;
        const char *x, *y;
        tj_str(name, je, nm, sizeof nm);
        { /* the raw (UTF-8 characters) vocabulary for those names; another tokenizer.ggml.model where the fixture says */
            const char *x2, *mv = tj_get(models, je, nm);
            int raw = 0;
            tj_it ir;
            char r2[64], mdl[32];
            tj_iter(&ir, raws, je);
            while (tj_next(&ir, NULL, &x2)) { tj_str(x2, je, r2, sizeof r2); raw |= !strcmp(r2, nm); }
            len = gguf_with_pre(raw ? rawv : base, raw ? rn : bn, nm, buf);
            if (mv && len) { tj_str(mv, je, mdl, sizeof mdl); memcpy(buf2, buf, len); len = gguf_with_str(buf2, len, "tokenizer.ggml.model", mdl, buf); }
        }
        t = NULL;
        check(len && write_all("build/tok-pre.gguf", buf, len) && wm_tokenizer_load(&t, "build/tok-pre.gguf", &e) == WM_OK, "pre '%s' loads: %s", nm, e.message);
        tj_iter(&itx, texts, je);
        tj_iter(&iti, v, je);
        while (t && tj_next(&itx, NULL, &x) && tj_next(&iti, NULL, &y)) {
            size_t tl = tj_str(x, je, text, 1 << 16), nw = json_ids(y, je, want, 1 << 16), ng = 0;
            same += wm_tokenize(t, text, tl, 0, got, 1 << 16, &ng) == WM_OK && ids_equal(got, ng, want, nw);
            nt++;
        }
        check(nt >= 150 && same == nt, "pre '%s': llama.cpp's ids on %zu of %zu texts", nm, same, nt);
        wm_tokenizer_free(t);
        fam++;
    }
    check(fam >= 31, "%zu pre-tokenizer families against llama.cpp", fam);
    for (k = 0; k < sizeof wm__lpre / sizeof wm__lpre[0]; k++) { /* every name: loads, or (not byte-level) is refused naming it */
        const char *w = wm__lpre[k].names;
        while (*w) {
            char nm[64];
            size_t wl = strcspn(w, " "), len;
            memcpy(nm, w, wl);
            nm[wl] = 0;
            len = gguf_with_pre(base, bn, nm, buf);
            t = NULL;
            if (len && write_all("build/tok-pre.gguf", buf, len)) {
                wm_status st = wm_tokenizer_load(&t, "build/tok-pre.gguf", &e);
                loaded += st == WM_OK;
            }
            wm_tokenizer_free(t);
            n_names++;
            w += wl + (w[wl] == ' ');
        }
    }
    check(n_names == 88 && loaded == 88, "every tokenizer.ggml.pre name loads: %d of %d", loaded, n_names);
    { /* an unknown pre, and WPM / UGM vocabularies, refused by name */
        size_t len = gguf_with_pre(base, bn, "no-such-pre", buf);
        t = NULL;
        check(len && write_all("build/tok-pre.gguf", buf, len) && wm_tokenizer_load(&t, "build/tok-pre.gguf", &e) == WM_ERR_UNSUPPORTED &&
                  strstr(e.message, "'no-such-pre' is not a pre-tokenizer llama.cpp knows"),
              "an unknown tokenizer.ggml.pre is refused by name: %s", e.message);
        len = gguf_with_str(base, bn, "tokenizer.ggml.model", "bert", buf);
        check(len && write_all("build/tok-pre.gguf", buf, len) && wm_tokenizer_load(&t, "build/tok-pre.gguf", &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "'bert' (WPM"),
              "a WPM vocabulary is refused by name: %s", e.message);
        len = gguf_with_str(base, bn, "tokenizer.ggml.model", "t5", buf);
        check(len && write_all("build/tok-pre.gguf", buf, len) && wm_tokenizer_load(&t, "build/tok-pre.gguf", &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "'t5' (UGM"),
              "a UGM vocabulary is refused by name: %s", e.message);
    }
    if (!getenv("WM_BIN")) { /* linear: 200,000 spaces before a digit (DeepSeek LLM's \s+$ backtracks at every space in std::regex) */
        size_t len = gguf_with_pre(base, bn, "deepseek-llm", buf), n = 200000, ng = 0;
        char *s = (char *)malloc(n + 1);
        double t0;
        int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * (n + 16));
        memset(s, ' ', n);
        s[n] = '1';
        int ok;
        t = NULL;
        ok = s && ids && len && write_all("build/tok-pre.gguf", buf, len) && wm_tokenizer_load(&t, "build/tok-pre.gguf", &e) == WM_OK;
        t0 = t_now();
        ok = ok && wm_tokenize(t, s, n + 1, 0, ids, n + 16, &ng) == WM_OK && ng > 0;
        t0 = t_now() - t0;
        check(ok && t0 < 2.0, "deepseek-llm: 200,000 spaces and a digit tokenized in %.2f s (%zu ids)", t0, ng);
        wm_tokenizer_free(t);
        free(s); free(ids);
    }
out:
    free(base); free(rawv); free(js); free(buf); free(buf2); free(text); free(want); free(got);
    remove("build/tok-pre-vocab.gguf"); remove("build/tok-pre-raw-vocab.gguf"); remove("build/tok-pre.json"); remove("build/tok-pre.gguf");
}

void test_tokenizer_own(void) {
    wm_tokenizer *t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    size_t n, dl, i, len;
    int32_t ids[64], *big;
    char *text, *back, out[256];
    int bad = 0;
    if (!t) return;
    /* invalid UTF-8: encoded byte by byte, decoded with U+FFFD like the tokenizers library */
    check(wm_tokenize(t, "\xff\xfe ab\xc3", 6, 0, ids, 64, &n) == WM_OK && n > 0, "invalid UTF-8 encodes");
    wm_detokenize(t, ids, n, out, sizeof out, &dl);
    check(dl == 12 && !memcmp(out, "\xef\xbf\xbd\xef\xbf\xbd ab\xef\xbf\xbd", 12), "invalid UTF-8 decodes to U+FFFD: '%s'", out);
    check(wm_tokenize(t, "\xe4\xbd", 2, 0, ids, 64, &n) == WM_OK, "truncated character");
    /* a 100 KB input round-trips exactly, and counting matches encoding */
    len = 100 * 1024;
    text = (char *)malloc(len + 1);
    {
        static const char *words[] = {"the ", "Quick ", "brown ", "fox's ", "42 ", "1234567 ", "caf\xc3\xa9 ", "\xe4\xbd\xa0\xe5\xa5\xbd",
                                      "\n\n", "\t", "  ", "don't ", "WE'LL ", "emoji \xf0\x9f\x99\x82 ", "<|end_of_text|>", "x+=1; ", "\r\n"};
        unsigned seed = 3;
        i = 0;
        while (i < len) {
            const char *w;
            size_t wl;
            seed = seed * 1103515245u + 12345u;
            w = words[(seed >> 8) % (sizeof words / sizeof words[0])];
            wl = strlen(w);
            if (i + wl > len) break;
            memcpy(text + i, w, wl);
            i += wl;
        }
        len = i;
        text[len] = 0;
    }
    wm_tokenize(t, text, len, 0, NULL, 0, &n);
    big = (int32_t *)malloc(sizeof(int32_t) * n);
    back = (char *)malloc(len * 2 + 16);
    check(wm_tokenize(t, text, len, 0, big, n, &n) == WM_OK, "100 KB encodes");
    check(wm_tokenize(t, text, len, 0, big, n - 1, &dl) == WM_ERR_ARENA, "a short output buffer is reported");
    wm_detokenize(t, big, n, back, len * 2 + 16, &dl);
    check(dl == len && !memcmp(back, text, len), "100 KB round trip (%zu tokens)", n);
    free(big);
    /* one 100 KB word (the heap-merge path) */
    memset(text, 'a', len);
    wm_tokenize(t, text, len, 0, NULL, 0, &n);
    big = (int32_t *)malloc(sizeof(int32_t) * n);
    wm_tokenize(t, text, len, 0, big, n, &n);
    wm_detokenize(t, big, n, back, len * 2 + 16, &dl);
    check(dl == len && !memcmp(back, text, len), "one 100 KB word round trip");
    for (i = 1; i + 1 < n; i++) bad |= big[i] != big[0];
    check(!bad && n > 1, "a run of 'a' merges into equal tokens");
    free(big); free(back); free(text);
    /* every added token alone */
    bad = 0;
    for (i = 0; i < (size_t)t->n_added; i++) {
        char tok[256];
        size_t l = t->added_len[i];
        int32_t got[8];
        memcpy(tok, t->added_bytes + t->added_off[i], l);
        if (wm_tokenize(t, tok, l, 0, got, 8, &n) != WM_OK || n != 1 || got[0] != t->added[i]) bad++;
        if (wm_tokenize(t, tok, l, 1, got, 8, &n) != WM_OK || n != 2 || got[0] != 0 || got[1] != t->added[i]) bad++;
    }
    check(t->n_added == 256 && bad == 0, "each of the %d special tokens alone is its id (%d wrong)", t->n_added, bad);
    check(wm_tokenizer_find(t, "<|end_of_text|>") == 1, "find by content");
    wm_tokenizer_free(t);
}

void test_tokenizer_added_search(void) {
    unsigned seed = 11;
    int round, bad = 0, worst = -1;
    for (round = 0; round < 300; round++) {
        char json[8192], txt[64], toks[12][8];
        int n_tok = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 10, i, single[12];
        size_t jl = 0, tl, n, m = 0, k;
        int32_t ids[128], want[128];
        wm_tokenizer *t = NULL;
        void *mem;
        size_t bytes;
        jl += (size_t)snprintf(json + jl, sizeof json - jl, "{\"added_tokens\":[");
        for (i = 0; i < n_tok; i++) {
            int len = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 5, c;
            for (c = 0; c < len; c++) toks[i][c] = "abc "[((seed = seed * 1103515245u + 12345u) >> 16) % (c ? 4 : 3)];
            toks[i][len] = 0;
            single[i] = ((seed = seed * 1103515245u + 12345u) >> 16) % 4 == 0;
            jl += (size_t)snprintf(json + jl, sizeof json - jl, "%s{\"id\":%d,\"content\":\"%s\",\"single_word\":%s,\"special\":true}", i ? "," : "",
                                   4 + i, toks[i], single[i] ? "true" : "false");
        }
        snprintf(json + jl, sizeof json - jl, "],\"pre_tokenizer\":{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false},"
                 "\"decoder\":{\"type\":\"ByteLevel\"},\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0,\"b\":1,\"c\":2,\"\\u0120\":3},\"merges\":[]}}");
        if (wm_tokenizer_bytes(json, strlen(json), &bytes, NULL) != WM_OK || !(mem = malloc(bytes + 64))) { bad++; continue; }
        if (wm_tokenizer_init(&t, json, strlen(json), align64(mem), bytes, NULL) != WM_OK) { bad++; free(mem); continue; }
        tl = 1 + ((seed = seed * 1103515245u + 12345u) >> 16) % 40;
        for (k = 0; k < tl; k++) txt[k] = "abc "[((seed = seed * 1103515245u + 12345u) >> 16) % 4];
        if (round % 2) t->added_depth = 1; /* every other round: the automaton for every position */
        for (k = 0; k < tl;) { /* the reference: at each position the longest token, the first among equal texts */
            int best = -1;
            for (i = 0; i < n_tok; i++) {
                size_t l = strlen(toks[i]);
                if (l <= tl - k && !memcmp(txt + k, toks[i], l) && (best < 0 || l > strlen(toks[best]))) best = i;
            }
            if (best >= 0) {
                size_t l = strlen(toks[best]);
                int word = (k > 0 && txt[k - 1] != ' ') || (k + l < tl && txt[k + l] != ' ');
                if (single[best] && word) { /* skipped: its bytes go on as text */
                    size_t j;
                    for (j = 0; j < l; j++) want[m++] = txt[k + j] == ' ' ? 3 : txt[k + j] - 'a';
                } else want[m++] = l == 1 && txt[k] != ' ' ? txt[k] - 'a' : 4 + best; /* a vocab key keeps its vocab id */
                k += l;
            } else { want[m++] = txt[k] == ' ' ? 3 : txt[k] - 'a'; k++; }
        }
        if (wm_tokenize(t, txt, tl, 0, ids, 128, &n) != WM_OK || !ids_equal(ids, n, want, m)) {
            bad++;
            if (worst < 0) {
                worst = round;
                if (getenv("WM_DEBUG")) {
                    fprintf(stderr, "text '%.*s'\n", (int)tl, txt);
                    for (i = 0; i < n_tok; i++) fprintf(stderr, " tok %d '%s' single %d\n", 4 + i, toks[i], single[i]);
                    for (k = 0; k < n; k++) fprintf(stderr, "%d ", ids[k]);
                    fprintf(stderr, "\n");
                    for (k = 0; k < m; k++) fprintf(stderr, "%d ", want[k]);
                    fprintf(stderr, "\n");
                }
            }
        }
        free(mem);
    }
    check(!bad, "added tokens leftmost-longest on 300 random token sets, by narrowing and by the automaton (%d differ, first round %d)", bad,
          worst);
    { /* a 64 KB token against 64 KB of its prefix, then the token itself after it */
        size_t L = 65536, jl, n, bytes;
        char *json = (char *)malloc(L + 1024), *txt = (char *)malloc(2 * L + 2);
        int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * (2 * L + 2));
        wm_tokenizer *t = NULL;
        void *mem = NULL;
        clock_t c0;
        jl = (size_t)sprintf(json, "{\"added_tokens\":[{\"id\":2,\"content\":\"");
        memset(json + jl, 'a', L); jl += L;
        sprintf(json + jl, "b\",\"special\":true}],\"pre_tokenizer\":{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false},"
                           "\"decoder\":{\"type\":\"ByteLevel\"},\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0,\"b\":1},\"merges\":[]}}");
        memset(txt, 'a', 2 * L); txt[2 * L] = 'b';
        if (wm_tokenizer_bytes(json, strlen(json), &bytes, NULL) == WM_OK && (mem = malloc(bytes + 64)) &&
            wm_tokenizer_init(&t, json, strlen(json), align64(mem), bytes, NULL) == WM_OK) {
            c0 = clock();
            check(wm_tokenize(t, txt, 2 * L + 1, 0, ids, 2 * L + 2, &n) == WM_OK && n == L + 1 && ids[L] == 2 && ids[0] == 0,
                  "a 64 KB added token found after 64 KB of its prefix (%zu ids)", n);
            check(clock() - c0 < CLOCKS_PER_SEC, "... in linear time (%.2f s)", (double)(clock() - c0) / CLOCKS_PER_SEC);
        } else check(0, "the 64 KB added token loads");
        free(mem); free(json); free(txt); free(ids);
    }
}
