/* loader.c - Loading: malformed safetensors refused by name and offset, GGUF
   files (llama.cpp's, wm.h's own, hostile ones), their logits and quantized
   bytes. */
#include "test.h"

/* ---- the loader refuses malformed checkpoints, naming file and reason ---- */

static unsigned char *st_make(const char *hdr, uint64_t hlen, size_t data_bytes, size_t *size) {
    size_t n = strlen(hdr);
    unsigned char *buf = (unsigned char *)calloc(8 + n + data_bytes + 1, 1);
    int i;
    for (i = 0; i < 8; i++) buf[i] = (unsigned char)(hlen >> (8 * i));
    memcpy(buf + 8, hdr, n);
    *size = 8 + n + data_bytes;
    return buf;
}

static wm_status open_blob(const char *cfg, const void *data, size_t size, wm_error *e) {
    wm_model_source src;
    wm_blob b;
    wm_model *m = NULL;
    wm_status st;
    b.data = data; b.size = size; b.name = "bad.safetensors";
    src.config_json = cfg; src.config_bytes = strlen(cfg); src.files = &b; src.n_files = 1;
    st = wm_model_open(&m, &src, e);
    if (st == WM_OK) wm_model_free(m);
    return st;
}

static void reject(const char *what, const char *hdr, long long hlen, size_t data, wm_status want, const char *needle) {
    size_t size;
    unsigned char *buf = st_make(hdr, hlen < 0 ? (uint64_t)strlen(hdr) : (uint64_t)hlen, data, &size);
    wm_error e;
    wm_status st = open_blob(CFG_MAMBA2, buf, size, &e);
    check(st == want && strstr(e.message, "bad.safetensors") && strstr(e.message, needle),
          "%s: got %d '%s' (want %d with '%s')", what, st, e.message, want, needle);
    free(buf);
}

void test_loader_rejects(void) {
    memmodel mm;
    wm_error e;
    size_t size;
    unsigned char *buf;
    const char *T4 = "{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":";
    char hdr[512];
    unsigned seed = 1;
    int i;
    buf = st_make("", 0, 0, &size);
    check(open_blob(CFG_MAMBA2, buf, 5, &e) == WM_ERR_FORMAT && strstr(e.message, "shorter"), "5-byte file: %s", e.message);
    free(buf);
    reject("header length past the end", "{}", 1000, 4, WM_ERR_FORMAT, "runs past the end");
    reject("header length over the bound", "{}", 200000000, 4, WM_ERR_FORMAT, "limit");
    snprintf(hdr, sizeof hdr, "{\"a\":%s[0,16]},\"b\":%s[8,24]}}", T4, T4);
    reject("overlapping offsets", hdr, -1, 24, WM_ERR_FORMAT, "overlaps");
    snprintf(hdr, sizeof hdr, "{\"a\":%s[0,16]}}", T4);
    reject("offsets out of bounds", hdr, -1, 8, WM_ERR_FORMAT, "run past the data section");
    reject("trailing bytes", hdr, -1, 20, WM_ERR_FORMAT, "trailing");
    snprintf(hdr, sizeof hdr, "{\"a\":%s[0,16]},\"b\":%s[20,36]}}", T4, T4);
    reject("gap between tensors", hdr, -1, 36, WM_ERR_FORMAT, "unused bytes");
    reject("dtype x shape mismatch", "{\"a\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,16]}}", -1, 16, WM_ERR_FORMAT, "needs 12");
    snprintf(hdr, sizeof hdr, "{\"a\":%s[0,16]},\"a\":%s[16,32]}}", T4, T4);
    reject("duplicate names", hdr, -1, 32, WM_ERR_FORMAT, "appears twice");
    reject("unknown dtype", "{\"a\":{\"dtype\":\"F33\",\"shape\":[4],\"data_offsets\":[0,16]}}", -1, 16, WM_ERR_FORMAT, "F33");
    reject("reversed offsets", "{\"a\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[16,0]}}", -1, 16, WM_ERR_FORMAT, "end before");
    reject("element count overflow", "{\"a\":{\"dtype\":\"F32\",\"shape\":[65536,65536,65536,65536],\"data_offsets\":[0,16]}}", -1, 16,
           WM_ERR_FORMAT, "overflows");
    reject("dimensions past 32 bits", "{\"a\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296,16],\"data_offsets\":[0,16]}}", -1, 16,
           WM_ERR_FORMAT, sizeof(size_t) > 4 ? "overflows" : "is not a size");
    reject("header not JSON", "{\"a\":{\"dtype\"", -1, 0, WM_ERR_FORMAT, "JSON");
    reject("missing data_offsets", "{\"a\":{\"dtype\":\"F32\",\"shape\":[4]}}", -1, 16, WM_ERR_FORMAT, "data_offsets");
    reject("metadata not strings", "{\"__metadata__\":{\"x\":1}}", -1, 0, WM_ERR_FORMAT, "__metadata__");
    if (!memmodel_open(&mm, CFG_MAMBA2, 21, WM_F32)) { check(0, "model"); return; }
    /* a truncated file */
    check(open_blob(CFG_MAMBA2, mm.weights, mm.size - 10, &e) == WM_ERR_FORMAT && strstr(e.message, "run past"), "truncated: %s", e.message);
    /* a tensor missing for the config, a wrong shape, a missing field, an unusable dtype */
    {
        char cfg[1024], *p;
        strcpy(cfg, CFG_MAMBA2);
        p = strstr(cfg, "\"num_hidden_layers\":2");
        p[20] = '3';
        check(open_blob(cfg, mm.weights, mm.size, &e) == WM_ERR_MISSING && strstr(e.message, "backbone.layers.2.norm.weight") &&
                  strstr(e.message, "random.safetensors") == NULL && strstr(e.message, "bad.safetensors"),
              "missing tensor: %s", e.message);
        strcpy(cfg, CFG_MAMBA2);
        p = strstr(cfg, "\"state_size\":8");
        memcpy(p, "\"state_size\":6", 14);
        check(open_blob(cfg, mm.weights, mm.size, &e) == WM_ERR_SHAPE && strstr(e.message, "shape") && strstr(e.message, "expects"),
              "wrong shape: %s", e.message);
        strcpy(cfg, CFG_MAMBA2);
        p = strstr(cfg, "\"num_heads\":4,");
        memmove(p, p + 14, strlen(p + 14) + 1);
        check(open_blob(cfg, mm.weights, mm.size, &e) == WM_ERR_CONFIG && strstr(e.message, "num_heads"), "missing field: %s", e.message);
    }
    {
        unsigned char *cp = (unsigned char *)malloc(mm.size);
        char *f;
        memcpy(cp, mm.weights, mm.size);
        f = strstr((char *)cp + 8, "\"F32\"");
        memcpy(f, "\"I32\"", 5);
        check(open_blob(CFG_MAMBA2, cp, mm.size, &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "I32"), "I32 weight: %s", e.message);
        /* random damage to the header never crashes */
        for (i = 0; i < 3000; i++) {
            size_t at, hl = (size_t)le64((const unsigned char *)mm.weights);
            memcpy(cp, mm.weights, mm.size);
            seed = seed * 1103515245u + 12345u;
            at = (seed >> 4) % (hl + 8);
            cp[at] = (unsigned char)(seed >> 20);
            if (i % 3 == 0) cp[(at * 7) % (hl + 8)] ^= (unsigned char)(seed >> 12);
            open_blob(CFG_MAMBA2, cp, i % 5 == 0 ? mm.size - (seed % 64) : mm.size, &e);
        }
        check(1, "fuzz");
        free(cp);
    }
    /* from files: the message names the path */
    {
        wm_model *m = NULL;
        mkdir("build", 0777);
        mkdir("build/tmp", 0777);
        mkdir("build/tmp/bad-model", 0777);
        write_all("build/tmp/bad-model/config.json", CFG_MAMBA2, strlen(CFG_MAMBA2));
        write_all("build/tmp/bad-model/model.safetensors", mm.weights, mm.size - 1);
        check(wm_model_load(&m, "build/tmp/bad-model", &e) == WM_ERR_FORMAT && strstr(e.message, "model.safetensors") && !m,
              "file error: %s", e.message);
        check(wm_model_load(&m, "build/tmp/no-such-dir", &e) == WM_ERR_IO && strstr(e.message, "no-such-dir: no such file or directory"),
              "missing dir: %s", e.message);
    }
    memmodel_close(&mm);
}

/* ---- GGUF: llama.cpp's files, wm convert / quantize round trips ------------ */

/* logits [T][V] of ids through prefill (mode 0) or decode (mode 1) */
static float *gguf_logits(wm_model *m, const int32_t *ids, int T, int mode) {
    wm_session_params p = wm_session_default_params(m);
    wm_session *s;
    size_t V = (size_t)wm_model_config(m)->vocab_size;
    float *out = (float *)malloc(sizeof(float) * V * (size_t)T);
    int t, ok = 1;
    if (!out || wm_session_create(&s, m, &p, NULL) != WM_OK) { free(out); return NULL; }
    if (mode == 0) ok = wm_prefill(s, ids, T, out, WM_LOGITS_ALL) == WM_OK;
    for (t = 0; mode == 1 && t < T; t++) ok &= wm_decode(s, ids[t], out + (size_t)t * V) == WM_OK;
    wm_session_free(s);
    if (!ok) { free(out); return NULL; }
    return out;
}

static double top2_gap(const float *x, size_t n) { /* the largest value minus the second */
    float a = -3e38f, b = -3e38f;
    size_t i;
    for (i = 0; i < n; i++)
        if (x[i] > a) { b = a; a = x[i]; }
        else if (x[i] > b) b = x[i];
    return (double)a - (double)b;
}

int argmax_f(const float *x, size_t n) {
    size_t i, b = 0;
    for (i = 1; i < n; i++) if (x[i] > x[b]) b = i;
    return (int)b;
}

/* the quantized tensors of two models hold the same bytes */
static void same_quant_bytes(const char *what, const wm_model *a, const wm_model *b) {
    int i, j, n = 0, same = 0;
    for (i = 0; i < wm_model_n_tensors(a); i++) {
        wm_tensor_info x, y;
        wm_model_tensor(a, i, &x);
        if (x.type < WM_Q8_0) continue;
        for (j = 0; j < wm_model_n_tensors(b); j++) {
            wm_model_tensor(b, j, &y);
            if (strcmp(x.name, y.name)) continue;
            n++;
            same += y.type == x.type && y.size_bytes == x.size_bytes && !memcmp(x.data, y.data, x.size_bytes);
        }
    }
    check(n >= 5 && same == n, "%s: %d of %d quantized tensors byte-identical to llama-quantize's", what, same, n);
}

/* a GGUF with no tensors: metadata only (keys and values as given) */
typedef struct ggb { unsigned char *p; size_t n, cap; } ggb;

static void ggb_put(ggb *b, const void *x, size_t n) {
    if (b->n + n > b->cap) { b->cap = 2 * (b->n + n) + 64; b->p = (unsigned char *)realloc(b->p, b->cap); }
    memcpy(b->p + b->n, x, n);
    b->n += n;
}

static void ggb_u32(ggb *b, uint32_t v) { ggb_put(b, &v, 4); } /* little-endian hosts (every target the suite runs on) */

static void ggb_u64(ggb *b, uint64_t v) { ggb_put(b, &v, 8); }

static void ggb_str(ggb *b, const char *s, size_t n) { ggb_u64(b, n); ggb_put(b, s, n); }

static void ggb_key(ggb *b, const char *k, uint32_t t) { ggb_str(b, k, strlen(k)); ggb_u32(b, t); }

/* GGUF hostile inputs, round 3: duplicate keys found in and across the
   batches of the duplicate check; a "llama" vocabulary a, aa, ..., a^n
   gives its n(n-1)/2 splits as id triples, a text linear in the file (the
   halves spelled out made 2.7 GB of a 2 MB file), and tokenizes. */
void test_gguf_hostile(void) {
    static const int dups[][2] = {{0, 1}, {5, 127}, {0, 128}, {127, 128}, {130, 4000}, {3000, 4094}};
    size_t d;
    for (d = 0; d < sizeof dups / sizeof dups[0]; d++) {
        ggb b = {NULL, 0, 0};
        const char *js;
        size_t jn;
        wm_error e;
        int i, n = 4095;
        char key[32];
        ggb_put(&b, "GGUF", 4); ggb_u32(&b, 3); ggb_u64(&b, 0); ggb_u64(&b, (uint64_t)n);
        for (i = 0; i < n; i++) {
            snprintf(key, sizeof key, "k%d", i == dups[d][1] ? dups[d][0] : i);
            if (i == 2) { ggb_key(&b, key, 9); ggb_u32(&b, 8); ggb_u64(&b, 20000); for (jn = 0; jn < 20000; jn++) ggb_str(&b, "", 0); }
            else { ggb_key(&b, key, 4); ggb_u32(&b, (uint32_t)i); }
        }
        while (b.n % 32) ggb_put(&b, "", 1);
        check(wm_gguf_string(b.p, b.n, "x", &js, &jn, &e) == WM_ERR_FORMAT && strstr(e.message, "appears twice"),
              "GGUF key %d repeated as key %d: refused (%s)", dups[d][0], dups[d][1], e.message);
        free(b.p);
    }
    {
        ggb b = {NULL, 0, 0};
        int n = 300, i;
        size_t jn = 0, jn2 = 0, merges = 0, ni;
        char *js, *tok = (char *)malloc((size_t)n + 1), *at;
        wm_tokenizer *t = NULL;
        wm_error e;
        int32_t ids[16];
        memset(tok, 'a', (size_t)n);
        ggb_put(&b, "GGUF", 4); ggb_u32(&b, 3); ggb_u64(&b, 0); ggb_u64(&b, 3);
        ggb_key(&b, "tokenizer.ggml.model", 8); ggb_str(&b, "llama", 5);
        ggb_key(&b, "tokenizer.ggml.tokens", 9); ggb_u32(&b, 8); ggb_u64(&b, (uint64_t)n);
        for (i = 1; i <= n; i++) ggb_str(&b, tok, (size_t)i);
        ggb_key(&b, "tokenizer.ggml.scores", 9); ggb_u32(&b, 6); ggb_u64(&b, (uint64_t)n);
        for (i = 0; i < n; i++) { float sc = -(float)i; ggb_put(&b, &sc, 4); }
        while (b.n % 32) ggb_put(&b, "", 1);
        check(wm_gguf_tokenizer_json(b.p, b.n, NULL, 0, &jn, &e) == WM_OK, "a..a^300 vocabulary: %s", e.message);
        js = (char *)malloc(jn + 1);
        check(wm_gguf_tokenizer_json(b.p, b.n, js, jn + 1, &jn2, &e) == WM_OK && jn2 == jn, "its JSON is written");
        js[jn] = 0;
        at = strstr(js, "\"merges\":[");
        for (at = at ? at + 9 : NULL; at && (at = strchr(at + 1, '[')) != NULL && at[1] >= '0' && at[1] <= '9';) merges++;
        check(merges == (size_t)n * (n - 1) / 2 && jn < 40 * b.n, "a..a^300: %zu merges (want %d) in %zu bytes of JSON for a %zu-byte file", merges,
              n * (n - 1) / 2, jn, b.n);
        check(wm_tokenizer_open(&t, js, jn, &e) == WM_OK && wm_tokenize(t, tok, 7, 0, ids, 16, &ni) == WM_OK && ni == 1 && ids[0] == 6,
              "a..a^300 tokenizes a^7 as one token (%s)", e.message);
        wm_tokenizer_free(t);
        free(js); free(tok); free(b.p);
    }
}

/* llama.cpp's files of hf-mamba2 (F32, Q8_0, Q4_0) against llama.cpp's own logits, and wm quantize of the same weights */
static void gguf_llama_mamba2(void) {
    static const char *lt[] = {"f32", "q8_0", "q4_0"};
    char path[256];
    char cmd[1024];
    int32_t ids[64];
    int T = 0;
    int k;
    int mode;
    wm_model *m;
    wm_model *ours;
    wm_error e;
    { /* llama.cpp's files of hf-mamba2 against llama.cpp's own logits */
        size_t n;
        char *txt = (char *)read_all("tests/fixtures/llama-mamba2/ids.txt", &n), *p = txt;
        while (p && *p && T < 64) { ids[T++] = (int32_t)strtol(p, &p, 10); if (*p == ',') p++; else break; }
        free(txt);
        check(T == 45, "llama-mamba2 ids");
    }
    for (k = 0; k < 3 && T == 45; k++) {
        size_t n;
        float *want;
        snprintf(path, sizeof path, "tests/fixtures/llama-mamba2/%s.logits", lt[k]);
        want = (float *)read_all(path, &n);
        snprintf(path, sizeof path, "tests/fixtures/llama-mamba2/%s.gguf", lt[k]);
        if (!want || wm_model_load(&m, path, &e) != WM_OK) { check(0, "%s: %s", path, want ? e.message : "no logits"); free(want); continue; }
        check(wm_model_config(m)->norm_groups == 2, "%s: llama.cpp's group-wise gated norm", path);
        for (mode = 0; mode < 2; mode++) {
            float *got = gguf_logits(m, ids, T, mode);
            size_t V = 256, t, agree = 0, nl = (size_t)T * V;
            double err, tol;
            if (!got || n != nl * 4) { check(0, "%s: logits", path); free(got); continue; }
            err = max_err(got, want, nl);
            tol = tol_of(want, nl) * (k == 0 ? 1.0 : 200.0); /* 1e-4 or 2e-2 x (1 + max |logit|) */
            for (t = 0; t < (size_t)T; t++) agree += argmax_f(got + t * V, V) == argmax_f(want + t * V, V);
            check(err <= tol && agree * 100 >= (size_t)T * 99, "%s %s vs llama.cpp: max |d| %.3g (tol %.3g), argmax %zu/%d", path,
                  mode ? "decode" : "prefill", err, tol, agree, T);
            if (getenv("WM_TEST_VERBOSE")) printf("  %-34s %-7s max |d| %.3g (tol %.3g) argmax %zu/%d\n", path, mode ? "decode" : "prefill", err, tol, agree, T);
            free(got);
        }
        if (k > 0) { /* wm quantize of the same weights: the same bytes */
            snprintf(cmd, sizeof cmd, "build/wm quantize tests/fixtures/hf-mamba2 build/gguf-test-m2.gguf --type %s 2>/dev/null", lt[k]);
            if (run(cmd) == 0 && wm_model_load(&ours, "build/gguf-test-m2.gguf", &e) == WM_OK) {
                same_quant_bytes(lt[k], ours, m);
                wm_model_free(ours);
            } else check(0, "wm quantize %s", lt[k]);
            remove("build/gguf-test-m2.gguf");
        }
        wm_model_free(m);
        free(want);
    }
}

static void gguf_llama_mixes(void) {
    char path[256];
    char cmd[1024];
    int mode;
    wm_model *m;
    wm_error e;
    /* llama-quantize's mixes of a Mamba-2 the other tests never saw (k256-bf16.gguf: hidden 256, one layer,
     untied output, random BF16 weights; written by wm convert, which llama.cpp reads), each mix by wm
     quantize: every tensor's type and bytes (FNV-1a of its data) as llama-quantize made them, and the
     logits (24 tokens, prefill and decode) near llama.cpp's own on its file: max |d| <= 4e-2 (1 + max
     |logit|). llama.cpp quantizes K-quant activations per 256 and wm.h per 32, so near-ties of this
     flat random model can go either way: the argmax must agree with llama.cpp's wherever its top two
     are further apart than the two results are, and likewise with the float result of the same
     weights (llama.cpp on the file dequantized) */
    static const char *const mixes[] = {"Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q2_K", "Q3_K_M", "Q4_K_M", "Q5_K_M", "Q6_K", "IQ4_NL", "IQ4_XS"};
    size_t hn = 0, n1 = 0, n2 = 0;
    char *hs = (char *)read_all("tests/fixtures/llama-mamba2/k256.hashes", &hn);
    int32_t ki[24];
    int i, mx, lines = 0;
    for (i = 0; i < 24; i++) ki[i] = (i * 37 + 11) % 256;
    for (i = 0; hs && (size_t)i < hn; i++) lines += hs[i] == '\n';
    check(hs && lines == 132, "k256.hashes: 132 tensors of 11 mixes");
    for (mx = getenv("WM_BIN") ? 7 : 0; mx < (getenv("WM_BIN") ? 8 : 11) && hs; mx++) { /* emulated (qemu): Q5_K_M alone, for time */
        float *want, *flt, *got;
        int tensors = 0, same = 0;
        snprintf(cmd, sizeof cmd, "build/wm quantize tests/fixtures/llama-mamba2/k256-bf16.gguf build/k256-%s.gguf %s 2>/dev/null", mixes[mx], mixes[mx]);
        snprintf(path, sizeof path, "build/k256-%s.gguf", mixes[mx]);
        if (run(cmd) != 0 || wm_model_load(&m, path, &e) != WM_OK) { check(0, "wm quantize k256 %s", mixes[mx]); continue; }
        for (i = 0; i < wm_model_n_tensors(m); i++) { /* a line "MIX name TYPE fnv" with its mix, type and hash (names: llama.cpp's) */
            wm_tensor_info ti;
            char tail[64], *at = hs;
            uint64_t h = 0xcbf29ce484222325ull;
            size_t b, ml = strlen(mixes[mx]);
            int found = 0;
            wm_model_tensor(m, i, &ti);
            for (b = 0; b < ti.size_bytes; b++) h = (h ^ ((const unsigned char *)ti.data)[b]) * 0x100000001b3ull;
            snprintf(tail, sizeof tail, " %s %016llx\n", ti.dtype, (unsigned long long)h);
            for (; at && *at && !found; at = strchr(at, '\n'), at = at ? at + 1 : NULL) {
                const char *eol = strchr(at, '\n');
                size_t tl = strlen(tail);
                found = eol && !strncmp(at, mixes[mx], ml) && at[ml] == ' ' && (size_t)(eol + 1 - at) > tl && !strncmp(eol + 1 - tl, tail, tl);
            }
            tensors++;
            if (found) same++;
            else check(0, "k256 %s: tensor %s (%s) as llama-quantize made it", mixes[mx], ti.name, ti.dtype);
        }
        check(tensors == 12 && same == tensors, "k256 %s: %d of %d tensors byte-identical to llama-quantize's (types and data)", mixes[mx], same, tensors);
        snprintf(path, sizeof path, "tests/fixtures/llama-mamba2/k256-%s.logits", mixes[mx]);
        want = (float *)read_all(path, &n1);
        snprintf(path, sizeof path, "tests/fixtures/llama-mamba2/k256-%s.deq.logits", mixes[mx]);
        flt = (float *)read_all(path, &n2);
        for (mode = 0; mode < 2 && want && flt && n1 == 24 * 256 * 4 && n2 == n1; mode++) {
            double err, err_f, tol = tol_of(want, 24 * 256) * 400.0; /* 4e-2 (1 + max |logit|) */
            int t, agree = 0, agree_f = 0, dec = 0, dec_f = 0, agree_d = 0, agree_df = 0;
            got = gguf_logits(m, ki, 24, mode);
            if (!got) { check(0, "k256 %s logits", mixes[mx]); break; }
            err = max_err(got, want, 24 * 256);
            err_f = max_err(got, flt, 24 * 256);
            for (t = 0; t < 24; t++) {
                int g = argmax_f(got + t * 256, 256), a = argmax_f(want + t * 256, 256), af = argmax_f(flt + t * 256, 256);
                agree += g == a;
                agree_f += g == af;
                if (top2_gap(want + t * 256, 256) > err) { dec++; agree_d += g == a; }
                if (top2_gap(flt + t * 256, 256) > err_f) { dec_f++; agree_df += g == af; }
            }
            check(err <= tol && agree_d == dec && agree_df == dec_f,
                  "k256 %s %s vs llama.cpp: max |d| %.3g (tol %.3g), argmax %d/24 (%d/%d where its top two are further apart), vs the float "
                  "result %d/24 (%d/%d)", mixes[mx], mode ? "decode" : "prefill", err, tol, agree, agree_d, dec, agree_f, agree_df, dec_f);
            if (getenv("WM_TEST_VERBOSE"))
                printf("  k256 %-6s %-7s max |d| %.3g (tol %.3g) argmax %d/24 (%d/%d decisive), float: max |d| %.3g argmax %d/24 (%d/%d)\n", mixes[mx],
                       mode ? "decode" : "prefill", err, tol, agree, agree_d, dec, err_f, agree_f, agree_df, dec_f);
            free(got);
        }
        free(want); free(flt);
        wm_model_free(m);
        snprintf(path, sizeof path, "build/k256-%s.gguf", mixes[mx]);
        remove(path);
    }
    free(hs);
}

static void gguf_vocab_keys(void) {
    wm_error e;
    /* a mamba2 GGUF carries its vocabulary as llama.cpp's tokenizer.ggml.* keys too (so llama.cpp reads the
     file): read back through them, three byte-level tokenizers (GPT-NeoX's ByteLevel regex, Llama 3's
     and Qwen's Split patterns) tokenize texts as their tokenizer.json does */
    static const char *const fams[] = {"mamba2-neox", "llama3", "qwen3"};
    static const char *const texts[] = {"The secret of a happy life is 12345 apples.", "  spaces\n\n\ttabs  and CAPS  ", "naïve café — 東京 🙂 ok",
                                        "<|endoftext|>x<|im_start|>user\nhi<|im_end|>", "it's they'll I'M 3.14159 x=y+z;"};
    wm_model *mm = NULL;
    int fi, same = 0, total = 0, keyed = 0;
    check(wm_model_load(&mm, "tests/fixtures/hf-mamba2", &e) == WM_OK, "hf-mamba2: %s", e.message);
    int nf = getenv("WM_BIN") ? 0 : 3; /* emulated (qemu): none (the vocabularies load slowly there; the keys are text, the same on every target) */
    for (fi = 0; fi < nf && mm; fi++) {
        char gz[256], raw[256], *tj, *back = NULL;
        size_t tn = 0, bn = 0, need = 0, ti;
        wm_gguf_params gp;
        membuf mb = {NULL, 0, 0};
        wm_tokenizer *ta = NULL, *tb = NULL;
        const char *mv;
        size_t ml;
        snprintf(gz, sizeof gz, "tests/fixtures/tok/%s.tokenizer.json.gz", fams[fi]);
        snprintf(raw, sizeof raw, "build/vocab-%s.json", fams[fi]);
        tj = gunzip_file(gz, raw, &tn);
        memset(&gp, 0, sizeof gp);
        gp.mix = WM_MIX_KEEP; gp.tokenizer_json = tj; gp.tokenizer_bytes = tn; gp.write = membuf_write; gp.user = &mb;
        if (!tj || wm_gguf_write(mm, &gp, NULL, &e) != WM_OK) { check(0, "%s: GGUF written", fams[fi]); free(tj); free(mb.p); continue; }
        keyed += wm_gguf_string(mb.p, mb.n, "tokenizer.ggml.model", &mv, &ml, &e) == WM_OK && ml == 4 && !memcmp(mv, "gpt2", 4);
        if (wm_gguf_tokenizer_json(mb.p, mb.n, NULL, 0, &need, &e) == WM_OK && (back = (char *)malloc(need + 1)) &&
            wm_gguf_tokenizer_json(mb.p, mb.n, back, need, &bn, &e) == WM_OK && wm_tokenizer_load(&ta, raw, &e) == WM_OK) {
            FILE *bf = fopen("build/vocab-back.json", "wb");
            if (bf) { fwrite(back, 1, bn, bf); fclose(bf); }
            if (wm_tokenizer_load(&tb, "build/vocab-back.json", &e) == WM_OK)
                for (ti = 0; ti < sizeof texts / sizeof texts[0]; ti++) {
                    int32_t a[128], b2[128];
                    size_t na = 0, nb = 0;
                    int sp;
                    for (sp = 0; sp < 2; sp++, total++)
                        if (wm_tokenize(ta, texts[ti], strlen(texts[ti]), sp, a, 128, &na) == WM_OK &&
                            wm_tokenize(tb, texts[ti], strlen(texts[ti]), sp, b2, 128, &nb) == WM_OK && ids_equal(a, na, b2, nb))
                            same++;
                        else check(0, "%s: '%s' (special %d) through tokenizer.ggml.* as through tokenizer.json", fams[fi], texts[ti], sp);
                }
            else check(0, "%s: the tokenizer.ggml.* vocabulary loads: %s", fams[fi], e.message);
        } else check(0, "%s: tokenizer.ggml.* read back: %s", fams[fi], e.message);
        wm_tokenizer_free(ta); wm_tokenizer_free(tb);
        free(back); free(tj); free(mb.p);
    }
    if (nf)
        check(keyed == nf && total == 10 * nf && same == total, "mamba2 GGUFs carry tokenizer.ggml.* (%d of %d); %d of %d texts tokenize alike through them",
              keyed, nf, same, total);
    wm_model_free(mm);
}

static void gguf_bf16_one_group(void) {
    int mode;
    wm_model *m;
    wm_error e;
    /* llama.cpp's BF16 file of a one-group Mamba-2 against the float64 reference */
    size_t n;
    float *want = (float *)read_all("tests/fixtures/llama-mamba2/g1-bf16.ref", &n);
    int32_t gi[40];
    int i;
    for (i = 0; i < 40; i++) gi[i] = (i * 37 + 11) % 512;
    if (want && n == 40 * 512 * 4 && wm_model_load(&m, "tests/fixtures/llama-mamba2/g1-bf16.gguf", &e) == WM_OK) {
        for (mode = 0; mode < 2; mode++) {
            float *got = gguf_logits(m, gi, 40, mode);
            double err = got ? max_err(got, want, 40 * 512) : 1e30;
            check(err <= tol_of(want, 40 * 512), "llama.cpp g1-bf16.gguf %s: max |logit - ref| %.3g (tol %.3g)", mode ? "decode" : "prefill", err,
                  tol_of(want, 40 * 512));
            free(got);
        }
        wm_model_free(m);
    } else check(0, "g1-bf16 fixture");
    free(want);
}

/* wm convert: the float checkpoints as GGUF give the reference logits, layer by layer */
static void gguf_convert(void) {
    char path[256];
    char cmd[1024];
    static const char *src[][3] = {{"tests/fixtures/hf-mamba2", "tests/fixtures/hf-mamba2/ref.safetensors", "hf-mamba2.gguf"},
                                   {"tests/fixtures/hf-doge-moe", "tests/fixtures/hf-doge-moe/ref.safetensors", "hf-doge-moe.gguf"},
                                   {"examples/models/doge-demo", "tests/fixtures/doge-demo/ref.safetensors", "doge-demo.gguf"},
                                   {"examples/models/cheems-demo", "tests/fixtures/cheems-demo/ref.safetensors", "cheems-demo.gguf"},
                                   {"tests/fixtures/mcsd-variants", "tests/fixtures/mcsd-variants/ref.safetensors", "mcsd-variants.gguf"},
                                   {"tests/fixtures/rodimus-tiny", "tests/fixtures/rodimus-tiny/ref.safetensors", "rodimus-tiny.gguf"},
                                   {"tests/fixtures/rodimus-plus-variants", "tests/fixtures/rodimus-plus-variants/ref.safetensors",
                                    "rodimus-plus-variants.gguf"}};
    size_t i;
    for (i = 0; i < sizeof src / sizeof src[0]; i++) {
        snprintf(path, sizeof path, "build/gguf-test-%s", src[i][2]);
        snprintf(cmd, sizeof cmd, "build/wm convert %s %s 2>/dev/null", src[i][0], path);
        if (run(cmd) != 0) { check(0, "wm convert %s", src[i][0]); continue; }
        fixture_case(src[i][2], path, src[i][1]);
        remove(path);
    }
}

/* the seed architectures quantized. Their fixtures are random, untrained weights, on which
   4-bit rounding moves the logits a lot, so: Q8_0 near the float64 reference; Q4_0 near
   the same model dequantized to F32 (what is left is the Q8_0 rounding of activations);
   both with prefill == decode (the same integer dots either way) and the argmax kept */
static void gguf_seed_quantized(void) {
    char path[256];
    char cmd[1024];
    char rp[300];
    static const char *fx[] = {"mcsd-variants", "rodimus-tiny", "rodimus-plus", "rodimus-plus-variants"};
    static const char *types[] = {"q8_0", "q4_0"};
    size_t i, k;
    for (i = 0; i < sizeof fx / sizeof fx[0]; i++)
        for (k = 0; k < 2; k++) {
            ref r;
            size_t T = 0, nl = 0, V, t;
            int32_t *ids;
            float *want = NULL, *pre, *dec;
            wm_model *m, *mf = NULL;
            wm_error e;
            char deq[300];
            int agree = 0;
            snprintf(rp, sizeof rp, "tests/fixtures/%s/ref.safetensors", fx[i]);
            snprintf(path, sizeof path, "build/gguf-test-%s-%s.gguf", fx[i], types[k]);
            snprintf(deq, sizeof deq, "build/gguf-test-%s-%s-f32.gguf", fx[i], types[k]);
            snprintf(cmd, sizeof cmd, "build/wm quantize tests/fixtures/%s %s --type %s 2>/dev/null && build/wm quantize %s %s --type f32 2>/dev/null",
                     fx[i], path, types[k], path, deq);
            if (!ref_load(&r, rp) || run(cmd) != 0 || wm_model_load(&m, path, &e) != WM_OK) { check(0, "%s %s: quantize and load", fx[i], types[k]); continue; }
            ids = (int32_t *)ref_get(&r, "input_ids", &T);
            V = (size_t)wm_model_config(m)->vocab_size;
            nl = T * V;
            if (k == 0) want = (float *)ref_get(&r, "logits", &nl);
            else if (wm_model_load(&mf, deq, &e) == WM_OK) want = gguf_logits(mf, ids, (int)T, 0);
            pre = gguf_logits(m, ids, (int)T, 0);
            dec = gguf_logits(m, ids, (int)T, 1);
            if (pre && dec && want) {
                double err = max_err(pre, want, nl), tol = tol_of(want, nl) * 1e4 * 5e-2, pd = max_err(pre, dec, nl);
                for (t = 0; t < T; t++) agree += argmax_f(pre + t * V, V) == argmax_f(want + t * V, V);
                check(err <= tol, "%s %s: max |logit - %s| %.3g > %.3g", fx[i], types[k], k ? "dequantized" : "ref", err, tol);
                check(pd <= tol_of(pre, nl), "%s %s: prefill and decode differ by %.3g", fx[i], types[k], pd);
                check(agree >= (int)T * 9 / 10, "%s %s: argmax agrees at %d of %zu positions", fx[i], types[k], agree, T);
                if (getenv("WM_TEST_VERBOSE"))
                    printf("  %s %s: max err vs %s %.3g = %.2g x (1+max), prefill vs decode %.3g, argmax %d/%zu\n", fx[i], types[k],
                           k ? "dequantized F32" : "float64 ref", err, err / (tol_of(want, nl) * 1e4), pd, agree, T);
            } else check(0, "%s %s: runs", fx[i], types[k]);
            free(pre); free(dec); free(ids); free(want);
            wm_model_free(m);
            wm_model_free(mf);
            ref_free(&r);
            remove(path);
            remove(deq);
        }
}

/* quantized demo models: greedy text and held-out perplexity (wm perplexity, on the
   first 8 KB of the held-out text: emulated targets run this suite too) */
static void gguf_heldout_head(void) {
    size_t hn;
    char *ht = (char *)read_all("tests/fixtures/heldout.txt", &hn);
    FILE *hf = fopen("build/heldout-head.txt", "wb");
    check(ht && hf && hn > 8192 && fwrite(ht, 1, 8192, hf) == 8192, "held-out text");
    if (hf) fclose(hf);
    free(ht);
}

static void gguf_demo_quantized(void) {
    char path[256];
    char cmd[1024];
    char out[4096];
    static const struct { const char *model, *type, *greedy; double ppl; } q[] = {
        {"doge-demo", "q8_0", "The secret of a happy life is that you can't get away with it.\n\t\t-- J. R. R. Tolkien\n", 70.2964},
        {"doge-demo", "q4_0", "The secret of a happy life is that you can't get away with it.\n\t\t-- J. R. R. Tolkien\n", 71.1646},
        {"doge-demo", "q4_k_m", "The secret of a happy life is that you can't get away.\n\t\t-- J. R. R. Tolkien\n", 70.8140},
        {"cheems-demo", "q8_0", "The secret of a happy life is a man who can't tell me how he's there\nafter all, she is a song.\n\t\t\n", 95.9821},
        {"cheems-demo", "q4_0", "The secret of a happy life is a man who can't be a song.\n\t\t-- Erica\n", 96.6198},
        {"cheems-demo", "q4_k_m", "The secret of a happy life is that it's ain't worth a horse.\n", 96.6415}};
    size_t i;
    for (i = 0; i < sizeof q / sizeof q[0]; i++) {
        double ppl = 0;
        if (getenv("WM_BIN") && i != 1 && i != 5) continue; /* emulated (qemu): two of the six, for time */
        snprintf(path, sizeof path, "build/gguf-test-%s-%s.gguf", q[i].model, q[i].type);
        snprintf(cmd, sizeof cmd, "build/wm quantize examples/models/%s %s --type %s 2>/dev/null", q[i].model, path, q[i].type);
        if (run(cmd) != 0) { check(0, "wm quantize %s %s", q[i].model, q[i].type); continue; }
        snprintf(cmd, sizeof cmd, "build/wm perplexity %s --file build/heldout-head.txt --ctx 256 2>/dev/null", path);
        /* the values were taken with AVX2; elsewhere float kernels differ in the last bits, and a
           quantized activation can then round the other way: 0.13 % seen on NEON */
        check(run_capture(cmd, out, sizeof out) == 0 && !strncmp(out, "[1]", 3) && strstr(out, ",[9]") && strstr(out, "Final estimate: PPL = ") &&
                  sscanf(strstr(out, "Final estimate: PPL = ") + 22, "%lf", &ppl) == 1 && fabs(ppl - q[i].ppl) <= 5e-3 * q[i].ppl,
              "%s %s: held-out perplexity %.4f, expected %.4f", q[i].model, q[i].type, ppl, q[i].ppl);
        snprintf(cmd, sizeof cmd, "build/wm generate %s -p \"The secret of a happy life is\" -n 24 --temp 0 2>/dev/null", path);
        if (wm_isa_best() == WM_ISA_AVX2)
            check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, q[i].greedy), "%s %s: greedy text '%s'", q[i].model, q[i].type, out);
        else /* other ISAs: near-ties may go the other way later on; the first words agree */
            check(run_capture(cmd, out, sizeof out) == 0 && !strncmp(out, q[i].greedy, 40), "%s %s: greedy text '%s'", q[i].model, q[i].type, out);
        if (getenv("WM_TEST_VERBOSE")) printf("  %s %s: ppl %.4f, greedy: %s\n", q[i].model, q[i].type, ppl, out);
        remove(path);
    }
}

/* wm_gguf_write with a parallel-for: the same bytes as without one, whatever order the slices run in */
static void gguf_write_threads(void) {
    static const int mixes[] = {WM_MIX_Q8_0, WM_MIX_BF16, WM_MIX_Q4_K_M, WM_MIX_IQ4_XS, WM_MIX_Q3_K_M};
    wm_model *m = NULL;
    wm_error e;
    int k, way, same = 0, one = 1, n = getenv("WM_BIN") ? 1 : 5; /* emulated: Q8_0 alone, for time */
#ifdef WM_HAVE_POOL
    wm_pool *pool = NULL;
    if (wm_pool_create(&pool, 3, &e) != WM_OK) pool = NULL;
#endif
    if (wm_model_load(&m, "examples/models/doge-demo", &e) != WM_OK) { check(0, "doge-demo: %s", e.message); return; }
    for (k = 0; k < n; k++) {
        membuf mb[3] = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
        int ok = 1;
        for (way = 0; way < 3; way++) { /* one thread; slices in reverse; wm.h's pool of 3 */
            wm_gguf_params gp;
            memset(&gp, 0, sizeof gp);
            gp.mix = mixes[k]; gp.write = membuf_write; gp.user = &mb[way];
            if (way == 1) { gp.parallel_for = backwards_pfor; gp.pool = &one; }
#ifdef WM_HAVE_POOL
            if (way == 2 && pool) { gp.parallel_for = wm_pool_parallel_for; gp.pool = pool; }
#endif
            ok &= wm_gguf_write(m, &gp, NULL, &e) == WM_OK;
        }
        ok = ok && mb[0].n > 2000000 && mb[1].n == mb[0].n && mb[2].n == mb[0].n && !memcmp(mb[0].p, mb[1].p, mb[0].n) && !memcmp(mb[0].p, mb[2].p, mb[0].n);
        same += ok;
        if (!ok) check(0, "doge-demo %s: GGUF bytes by slices (reversed, pool of 3) == one thread's (%zu, %zu, %zu bytes)", wm_mix_name(mixes[k]), mb[0].n, mb[1].n, mb[2].n);
        for (way = 0; way < 3; way++) free(mb[way].p);
    }
    check(same == n, "doge-demo: %d of %d mixes written by slices (in reverse, on a pool of 3 threads) byte-identical to one thread's "
          "(its embedding 16 slices, each MLP matrix 3)", same, n);
#ifdef WM_HAVE_POOL
    if (pool) wm_pool_free(pool);
#endif
    wm_model_free(m);
}

void test_gguf(void) {
    POSIX_ONLY(gguf_llama_mamba2(), SHELL);
    POSIX_ONLY(gguf_llama_mixes(), SHELL);
    gguf_vocab_keys();
    gguf_write_threads();
    gguf_bf16_one_group();
    POSIX_ONLY(gguf_convert(), SHELL);
    POSIX_ONLY(gguf_seed_quantized(), SHELL);
    gguf_heldout_head();
    POSIX_ONLY(gguf_demo_quantized(), SHELL);
}
