/* lib_model.c - White-box (included by lib.c): the memory plan, arenas, tensor
   layouts, state types' rounding, mmap, the sampler's candidates. */

/* ---- released Rodimus configs: sizes and tensor names as the official code has them ---- */

typedef struct plan_lines { char s[65536]; size_t n; int count; uint64_t params; } plan_lines;

static int plan_line(void *ctx, const wm__need *nd) {
    plan_lines *pl = (plan_lines *)ctx;
    int k, d;
    uint64_t el = 1;
    if (nd->optional && !nd->in_random) return 1; /* only what a checkpoint of the config holds */
    k = snprintf(pl->s + pl->n, sizeof pl->s - pl->n, "%s ", nd->name);
    for (d = 0; d < nd->ndim && k > 0; d++) {
        k += snprintf(pl->s + pl->n + k, sizeof pl->s - pl->n - (size_t)k, d ? ",%llu" : "%llu", (unsigned long long)nd->shape[d]);
        el *= nd->shape[d];
    }
    if (k > 0 && pl->n + (size_t)k + 1 < sizeof pl->s) { pl->n += (size_t)k; pl->s[pl->n++] = '\n'; pl->s[pl->n] = 0; }
    pl->count++;
    pl->params += el;
    return 1;
}

static int cmp_line(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

void test_released(void) {
    static const struct { const char *dir; int layers, D, Di, rank, H, hd, window, F, tie, plus; } rel[] = {
        {"rodimus-1b4", 48, 2048, 4096, 32, 0, 0, 0, 0, 1, 0},
        {"rodimus-plus-coder-1b6", 24, 2048, 4096, 32, 16, 128, 2049, 2736, 1, 1},
        {"rodimus-plus-coder-4b", 32, 3072, 6144, 48, 24, 128, 2049, 4096, 0, 1}};
    static plan_lines pl;
    size_t i;
    for (i = 0; i < sizeof rel / sizeof rel[0]; i++) {
        char path[256], *txt, *lines[1024], *p;
        size_t n, nl = 0, k;
        wm_config c;
        wm_error e;
        int same = 1;
        snprintf(path, sizeof path, "tests/fixtures/rodimus-released/%s/config.json", rel[i].dir);
        txt = (char *)read_all(path, &n);
        if (!txt || wm_config_parse(&c, txt, n, &e) != WM_OK) { check(0, "%s: %s", rel[i].dir, txt ? e.message : "unreadable"); free(txt); continue; }
        free(txt);
        check(c.n_layers == rel[i].layers && c.hidden_size == rel[i].D && c.rod_inner == rel[i].Di && c.rod_mem == 64 && c.rod_rank == rel[i].rank &&
                  c.conv_kernel == 4 && c.tie_embeddings == rel[i].tie && c.vocab_size == 126464,
              "%s: d_model, layers, inner %d, memory, low rank %d, conv, tie, vocab as the released configurations", rel[i].dir, c.rod_inner, c.rod_rank);
        check(!rel[i].plus || (c.layer_state[0] == WM_STATE_SWSKA && c.n_heads == rel[i].H && c.n_kv_heads == 1 && c.ska_v_heads == rel[i].H &&
                               c.head_dim == rel[i].hd && c.ska_window == rel[i].window && c.ska_rot_dim == 128 && !c.ska_interleaved &&
                               c.ska_xpos == 0.0f && !c.ska_qk_norm && c.intermediate_size == rel[i].F && c.rope_theta == 10000.0),
              "%s: SW-SKA heads %d/1/%d of %d, window %d keys, full NeoX rotary, FFN %d", rel[i].dir, c.n_heads, c.ska_v_heads, c.head_dim,
              c.ska_window, c.intermediate_size);
        check(rel[i].plus || c.layer_state[0] == WM_STATE_NONE, "%s: no SW-SKA (attn_cfg ignored for block_type rodimus)", rel[i].dir);
        pl.n = 0; pl.count = 0; pl.params = 0; pl.s[0] = 0;
        wm__plan(&c, NULL, plan_line, &pl);
        snprintf(path, sizeof path, "tests/fixtures/rodimus-released/%s/tensors.txt", rel[i].dir);
        txt = (char *)read_all(path, &n);
        if (!txt) { check(0, "%s unreadable", path); continue; }
        for (p = pl.s; *p && nl < 1024;) {
            char *nx = strchr(p, '\n');
            lines[nl++] = p;
            *nx = 0;
            p = nx + 1;
        }
        qsort(lines, nl, sizeof lines[0], cmp_line);
        p = strchr(txt, '\n') + 1; /* after the comment line */
        for (k = 0; k < nl && *p; k++) {
            char *e2 = strchr(p, '\n');
            if (!e2) break;
            *e2 = 0;
            if (strcmp(lines[k], p)) { if (same) check(0, "%s: wm.h plans '%s', the official state_dict has '%s'", rel[i].dir, lines[k], p); same = 0; }
            p = e2 + 1;
        }
        check(same && k == nl && !*p, "%s: the %d tensors (%llu parameters) wm.h reads are the official state_dict's names and shapes", rel[i].dir,
              pl.count, (unsigned long long)pl.params);
        if (getenv("WM_TEST_VERBOSE")) printf("  %s: %d tensors, %llu parameters\n", rel[i].dir, pl.count, (unsigned long long)pl.params);
        free(txt);
    }
    { /* mcsd: channels that do not divide the width are refused (found by the fuzzer) */
        static const char *bad = "{\"model_type\":\"mcsd\",\"vocab_size\":13,\"hidden_size\":8,\"num_channels\":3,\"num_hidden_layers\":2,"
                                 "\"intermediate_size\":7}";
        wm_config c;
        wm_error e;
        check(wm_config_parse(&c, bad, strlen(bad), &e) == WM_ERR_CONFIG && strstr(e.message, "num_channels 3 must divide hidden_size 8"),
              "mcsd: num_channels not dividing hidden_size refused: %s", e.message);
    }
    { /* a directory with only PyTorch pickle weights is refused by name */
        wm_model *m = NULL;
        wm_error e;
        size_t n = 0;
        char *cj = (char *)read_all("tests/fixtures/rodimus-released/rodimus-1b4/config.json", &n);
        mkdir("build/pickle-test", 0777);
        write_all("build/pickle-test/config.json", cj, n);
        write_all("build/pickle-test/pytorch_model.bin", "PK", 2);
        check(wm_model_load(&m, "build/pickle-test", &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "pytorch_model.bin") && strstr(e.message, "safetensors"),
              "pytorch_model.bin only: refused naming it (%s)", e.message);
        remove("build/pickle-test/pytorch_model.bin");
        remove("build/pickle-test/config.json");
        free(cj);
    }
}

void test_arena(void) {
    memmodel mm;
    wm_session_params p;
    wm_session *s = NULL;
    wm_error e;
    size_t need, V;
    unsigned char *raw;
    float *a, *b;
    int32_t ids[12] = {1, 5, 9, 3, 7, 2, 8, 4, 6, 0, 11, 10};
    if (!memmodel_open(&mm, CFG_CHEEMS, 5, WM_F32)) { check(0, "model"); return; }
    V = 97;
    p = wm_session_default_params(mm.m);
    p.n_ctx = 40;
    p.n_batch = 5;
    check(wm_session_bytes(mm.m, &p, &need, &e) == WM_OK && need > 0, "session bytes");
    raw = (unsigned char *)malloc(need + 64);
    a = (float *)malloc(sizeof(float) * V * 12);
    b = (float *)malloc(sizeof(float) * V * 12);
    memset(raw, 0xa5, need + 64); /* garbage: the session must not rely on zeroed memory */
    check(wm_session_init(&s, mm.m, &p, align64(raw), need - 1, &e) == WM_ERR_ARENA && !s, "one byte less is refused");
    check(strstr(e.message, "too small") != NULL, "clear message: %s", e.message);
    check(wm_session_init(&s, mm.m, &p, align64(raw), need, &e) == WM_OK && s, "exactly wm_session_bytes: %s", e.message);
    if (s) {
        check(wm_prefill(s, ids, 12, a, WM_LOGITS_ALL) == WM_OK, "prefill in the caller's buffer");
        wm_session_free(s); /* no-op */
    }
    {
        float *ref_l = run_split(mm.m, ids, 12, 12, 5);
        check(ref_l && max_err(a, ref_l, V * 12) == 0.0, "arena session equals a malloc'd one");
        free(ref_l);
    }
    /* the model itself in a caller buffer */
    {
        wm_model_source src;
        wm_model *m2 = NULL;
        size_t used = 0;
        unsigned char *mraw;
        src.config_json = mm.cfg; src.config_bytes = strlen(mm.cfg); src.files = &mm.blob; src.n_files = 1;
        check(wm_model_bytes(&src, &used, &e) == WM_OK && used == wm_model_bytes_used(mm.m), "wm_model_bytes %zu = bytes used %zu",
              used, wm_model_bytes_used(mm.m));
        mraw = (unsigned char *)malloc(used + 64);
        check(wm_model_init(&m2, &src, align64(mraw), used - 1, &e) == WM_ERR_ARENA && !m2, "model: one byte less is refused");
        check(wm_model_init(&m2, &src, align64(mraw), used, &e) == WM_OK && m2, "model in exactly wm_model_bytes: %s", e.message);
        if (m2) {
            wm_session *s2;
            check(wm_session_init(&s2, m2, &p, align64(raw), need, &e) == WM_OK, "session on the arena model");
            wm_prefill(s2, ids, 12, b, WM_LOGITS_ALL);
            check(max_err(a, b, V * 12) == 0.0, "arena model gives the same logits");
        }
        free(mraw);
    }
    /* wm_model_bytes of real checkpoints (BF16 norms converted, F32, tied and untied heads): exact, with no model built first */
    {
        static const char *dirs[] = {"examples/models/doge-demo", "examples/models/cheems-demo", "tests/fixtures/hf-mamba2",
                                     "tests/fixtures/hf-doge-moe"};
        int d;
        for (d = 0; d < 4; d++) {
            size_t bytes = 0;
            dirsrc ds;
            wm_model_source src;
            wm_model *m3 = NULL;
            unsigned char *mem;
            if (!dirsrc_open(&ds, dirs[d])) { check(0, "%s readable", dirs[d]); dirsrc_close(&ds); continue; }
            src = ds.src;
            check(wm_model_bytes(&src, &bytes, &e) == WM_OK && bytes > 0, "%s: wm_model_bytes: %s", dirs[d], e.message);
            { /* the WM_NO_MALLOC way: tensors looked up in the headers, no directory */
                size_t probed = 0;
                int exact = 0;
                check(wm__model_build(&m3, &src, NULL, 0, WM__SIZE_OVER_HEADERS, &probed, &exact, NULL) == WM_ERR_ARENA && exact && probed == bytes,
                      "%s: sized over the headers %zu = %zu", dirs[d], probed, bytes);
            }
            mem = (unsigned char *)malloc(bytes + 64);
            check(wm_model_init(&m3, &src, align64(mem), bytes - 1, &e) == WM_ERR_ARENA, "%s: one byte less refused", dirs[d]);
            check(wm_model_init(&m3, &src, align64(mem), bytes, &e) == WM_OK && wm_model_bytes_used(m3) == bytes, "%s: exactly %zu bytes: %s",
                  dirs[d], bytes, e.message);
            free(mem);
            dirsrc_close(&ds);
        }
    }
    /* a model with no attention is not bounded by n_ctx, and its state does not grow */
    {
        memmodel mb;
        size_t s1, s2;
        if (memmodel_open(&mb, CFG_MAMBA2, 6, WM_F32)) {
            p = wm_session_default_params(mb.m);
            p.n_ctx = 16; wm_session_bytes(mb.m, &p, &s1, NULL);
            p.n_ctx = 1 << 20; wm_session_bytes(mb.m, &p, &s2, NULL);
            check(s1 == s2, "SSD session size independent of n_ctx (%zu vs %zu)", s1, s2);
            memmodel_close(&mb);
        }
    }
    free(raw); free(a); free(b);
    memmodel_close(&mm);
}

/* ---- misaligned tensors, shards, random checkpoints -------------------- */

static size_t st_write(unsigned char *out, wm__tensor *t, int n) {
    char hdr[8192];
    size_t h = 0, off = 0, i;
    int k, d;
    h += (size_t)snprintf(hdr + h, sizeof hdr - h, "{");
    for (k = 0; k < n; k++) {
        size_t len = t[k].end - t[k].begin;
        h += (size_t)snprintf(hdr + h, sizeof hdr - h, "%s\"%s\":{\"dtype\":\"%s\",\"shape\":[", k ? "," : "", t[k].name, wm__types[t[k].dtype].name);
        for (d = 0; d < t[k].ndim; d++) h += (size_t)snprintf(hdr + h, sizeof hdr - h, d ? ",%llu" : "%llu", (unsigned long long)t[k].shape[d]);
        h += (size_t)snprintf(hdr + h, sizeof hdr - h, "],\"data_offsets\":[%zu,%zu]}", off, off + len);
        off += len;
    }
    h += (size_t)snprintf(hdr + h, sizeof hdr - h, "}");
    for (i = 0; i < 8; i++) out[i] = (unsigned char)((uint64_t)h >> (8 * i));
    memcpy(out + 8, hdr, h);
    off = 0;
    for (k = 0; k < n; k++) {
        memcpy(out + 8 + h + off, t[k].data, t[k].end - t[k].begin);
        off += t[k].end - t[k].begin;
    }
    return 8 + h + off;
}

void test_layouts(void) {
    memmodel mm, m2;
    wm_error e;
    int32_t *ids = random_ids(17, 73, 9);
    float *want, *got;
    if (!memmodel_open(&mm, CFG_DOGE, 31, WM_BF16)) { check(0, "model"); return; }
    want = run_split(mm.m, ids, 17, 17, 0);
    { /* same checkpoint, header one byte longer: every tensor misaligned */
        size_t hl = (size_t)le64((const unsigned char *)mm.weights), size = mm.size + 1, i;
        unsigned char *raw = (unsigned char *)malloc(size + 64), *cp = raw + 64;
        wm_model_source src;
        wm_blob b;
        wm_model *m;
        memcpy(cp, mm.weights, 8 + hl);
        cp[8 + hl] = ' ';
        memcpy(cp + 9 + hl, (unsigned char *)mm.weights + 8 + hl, mm.size - 8 - hl);
        for (i = 0; i < 8; i++) cp[i] = (unsigned char)((uint64_t)(hl + 1) >> (8 * i));
        b.data = cp; b.size = size; b.name = "odd.safetensors";
        src.config_json = CFG_DOGE; src.config_bytes = strlen(CFG_DOGE); src.files = &b; src.n_files = 1;
        check(wm_model_open(&m, &src, &e) == WM_OK, "misaligned tensors load: %s", e.message);
        got = run_split(m, ids, 17, 17, 0);
        check(got && max_err(want, got, 17 * 73) == 0.0, "misaligned tensors give the same logits");
        free(got);
        wm_model_free(m);
        free(raw);
    }
    { /* two shards + index.json */
        int n = wm_model_n_tensors(mm.m), k;
        wm__tensor *t = mm.m->tensors;
        unsigned char *s1 = (unsigned char *)malloc(mm.size + 8192), *s2 = (unsigned char *)malloc(mm.size + 8192);
        size_t n1 = st_write(s1, t, n / 2), n2 = st_write(s2, t + n / 2, n - n / 2);
        char *idx = (char *)malloc(65536);
        size_t ip = 0;
        wm_model *m;
        mkdir("build", 0777);
        mkdir("build/tmp", 0777);
        mkdir("build/tmp/shards", 0777);
        write_all("build/tmp/shards/config.json", CFG_DOGE, strlen(CFG_DOGE));
        write_all("build/tmp/shards/model-00001-of-00002.safetensors", s1, n1);
        write_all("build/tmp/shards/model-00002-of-00002.safetensors", s2, n2);
        ip += (size_t)snprintf(idx + ip, 65536 - ip, "{\"metadata\":{\"total_size\":%zu},\"weight_map\":{", mm.size);
        for (k = 0; k < n; k++)
            ip += (size_t)snprintf(idx + ip, 65536 - ip, "%s\"%s\":\"model-0000%d-of-00002.safetensors\"", k ? "," : "", t[k].name, k < n / 2 ? 1 : 2);
        ip += (size_t)snprintf(idx + ip, 65536 - ip, "}}");
        write_all("build/tmp/shards/model.safetensors.index.json", idx, ip);
        check(wm_model_load(&m, "build/tmp/shards", &e) == WM_OK, "sharded load: %s", e.message);
        if (m) {
            got = run_split(m, ids, 17, 17, 0);
            check(got && max_err(want, got, 17 * 73) == 0.0, "sharded model gives the same logits");
            free(got);
            wm_model_free(m);
        }
        /* an index that points a tensor at the wrong shard */
        {
            char *p = strstr(idx, "00001-of");
            p[4] = '2';
            write_all("build/tmp/shards/model.safetensors.index.json", idx, ip);
            check(wm_model_load(&m, "build/tmp/shards", &e) == WM_ERR_FORMAT && strstr(e.message, "index"), "wrong shard in index: %s", e.message);
        }
        free(s1); free(s2); free(idx);
    }
    /* random checkpoints: deterministic in the seed, every tensor used */
    if (memmodel_open(&m2, CFG_DOGE, 31, WM_BF16)) {
        int i, unused = 0;
        check(m2.size == mm.size && !memcmp(m2.weights, mm.weights, mm.size), "same seed, same bytes");
        for (i = 0; i < wm_model_n_tensors(m2.m); i++) { wm_tensor_info ti; wm_model_tensor(m2.m, i, &ti); unused += !ti.used; }
        check(unused == 0, "random checkpoint: %d unused tensors", unused);
        memmodel_close(&m2);
    }
    if (memmodel_open(&m2, CFG_DOGE, 32, WM_BF16)) {
        check(memcmp(m2.weights, mm.weights, mm.size) != 0, "another seed, other bytes");
        memmodel_close(&m2);
    }
    free(want);
    free(ids);
    memmodel_close(&mm);
}

/* Added tokens are found leftmost-longest (the first in the file among
   equal texts), single_word matches inside a word skipped, as the tokenizers
   library's find_iter does: random token sets over {a, b, c, ' '} against a
   brute-force search, and a 64 KB token against 64 KB of its prefix (the
   automaton reads it once; a search from every position took seconds). */
/* The tokenizer in place: the demo tokenizer's blob gives the JSON's ids
   with 4 KB of RAM; damage is refused with a message naming what (the
   checksum, or with the checksum redone, the field); a GGUF carries it
   8-byte aligned (wm.tokenizer). */
/* F16 / BF16 recurrent states (wm_session_params.state_type), on a model
   of each kind that keeps one (cheems SSD, mamba2 SSD + conv, rodimus GLA,
   MCSD): the stored state is, bit for bit, the F32 arithmetic rounded when
   stored (after every decoded token; after a prefill call that is one SSD
   or GLA chunk; MCSD's after every token); save / restore keeps it; a session of another state type is
   refused; the RAM shrinks; on the cheems demo the greedy tokens of a
   teacher-forced text stay the F32 ones. */
int state_bits_equal(const wm_session *a, const wm_session *b, int stype, int *n_layers) {
    const wm_config *c = wm_model_config(a->model);
    int l, ok = 1;
    *n_layers = 0;
    for (l = 0; l < c->n_layers; l++) {
        size_t nS, nconv, i;
        wm__lstate_floats(c, l, &nS, &nconv);
        if (!nS || !a->ls[l].S) continue;
        (*n_layers)++;
        for (i = 0; i < nS; i++) {
            uint16_t want = stype == WM_F16 ? wm__f32_to_f16(a->ls[l].S[i]) : wm__f32_to_bf16(a->ls[l].S[i]);
            if (((const uint16_t *)(const void *)b->ls[l].S)[i] != want) ok = 0;
        }
    }
    return ok;
}

int state_bits_equal_rr(const wm_session *a, const wm_session *b, int stype) { /* two sessions' stored states, bit for bit */
    const wm_config *c = wm_model_config(a->model);
    int l, ok = 1;
    for (l = 0; l < c->n_layers; l++) {
        size_t nS, nconv;
        wm__lstate_floats(c, l, &nS, &nconv);
        if (nS && a->ls[l].S && memcmp(a->ls[l].S, b->ls[l].S, nS * (stype == WM_F32 ? 4 : 2))) ok = 0;
    }
    return ok;
}

void state_round(wm_session *a, int stype) { /* a's F32 states rounded to stype and back, in place */
    const wm_config *c = wm_model_config(a->model);
    int l;
    for (l = 0; l < c->n_layers; l++) {
        size_t nS, nconv, i;
        wm__lstate_floats(c, l, &nS, &nconv);
        for (i = 0; nS && a->ls[l].S && i < nS; i++)
            a->ls[l].S[i] = stype == WM_F16 ? wm__f16_to_f32(wm__f32_to_f16(a->ls[l].S[i])) : wm__bf16_to_f32(wm__f32_to_bf16(a->ls[l].S[i]));
    }
}

/* wm_model_load maps weight files read-only (mmap); WM_LOAD_COPY reads them:
   both give the same logits bit for bit, for a GGUF and a safetensors
   directory; the mapping is undone with the model. */
void test_model_mmap(void) {
    static const char *paths[] = {"examples/models/doge-demo", "tests/fixtures/llama-mamba2/q8_0.gguf"};
    size_t k;
    for (k = 0; k < 2; k++) {
        wm_model *a = NULL, *b = NULL;
        wm_error e;
        check(wm_model_load(&a, paths[k], &e) == WM_OK && wm_model_load_opts(&b, paths[k], WM_LOAD_COPY, &e) == WM_OK, "%s: %s", paths[k], e.message);
        if (a && b) {
            int V = wm_model_config(a)->vocab_size, n = 0, i;
            float *la = (float *)malloc(sizeof(float) * (size_t)V * 4), *lb = (float *)malloc(sizeof(float) * (size_t)V * 4);
            static const int32_t ids[4] = {1, 7, 3, 5};
            wm_session *sa = NULL, *sb = NULL;
            wm_session_params p = wm_session_default_params(a);
            p.n_ctx = 16; p.n_threads = 1;
            for (i = 0; i < a->n_owned_files; i++) n += a->owned_files[i].unmap != NULL;
#if defined(WM__MMAP)
            check(n == a->n_owned_files && n > 0, "%s: wm_model_load maps its %d weight file(s)", paths[k], a->n_owned_files);
#elif defined(__linux__)
            check(0, "mmap is compiled in on Linux");
#endif
            for (i = 0, n = 0; i < b->n_owned_files; i++) n += b->owned_files[i].unmap != NULL;
            check(n == 0 && b->n_owned_files > 0, "%s: WM_LOAD_COPY reads them", paths[k]);
            wm_session_create(&sa, a, &p, &e); wm_session_create(&sb, b, &p, &e);
            check(sa && sb && wm_prefill(sa, ids, 4, la, WM_LOGITS_ALL) == WM_OK && wm_prefill(sb, ids, 4, lb, WM_LOGITS_ALL) == WM_OK &&
                      !memcmp(la, lb, sizeof(float) * (size_t)V * 4), "%s: mapped and read weights give the same logits", paths[k]);
            wm_session_free(sa); wm_session_free(sb);
            free(la); free(lb);
        }
        wm_model_free(a); wm_model_free(b);
    }
    {
        wm_model *m = NULL;
        wm_error e;
        check(wm_model_load_opts(&m, "examples/models/doge-demo", 7, &e) == WM_ERR_INVALID_ARG && !m, "load how 7 refused: %s", e.message);
    }
}

/* ---- sampling ------------------------------------------------------------ */

int kept(const wm_sampler *s, const float *lg, int n, const int32_t *hist, int nh, int *out) {
    float tmp[16];
    wm__pair q[16];
    int m, i;
    memcpy(tmp, lg, sizeof(float) * (size_t)n);
    for (i = 0; i < n; i++) q[i].i = 0;
    m = wm__sample_candidates(s, tmp, n, hist, nh, q);
    for (i = 0; i < m; i++) out[i] = q[i].i;
    return m;
}

void gen_text(wm_session *s, const wm_tokenizer *t, wm_sampler smp, const char *prompt, int n, textbuf *out) {
    float *logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(s->model)->vocab_size);
    wm_generate_params gp = gparams(1, n, 1);
    out->n = 0;
    out->s[0] = 0;
    wm_generate(s, t, &smp, logits, prompt, strlen(prompt), &gp, collect, out, NULL);
    free(logits);
}
