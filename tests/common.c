/* common.c - Helpers the suites share: tolerances, reference files
   (ref.safetensors), in-memory models from a config string, the wm binary and
   its output, tokenizers and JSON ids, gzip fixtures. */
#include "test.h"
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h> /* clocks */
#endif

double tol_of(const float *ref, size_t n) {
    double mx = 0;
    size_t i;
    for (i = 0; i < n; i++) mx = fabs(ref[i]) > mx ? fabs(ref[i]) : mx;
    return 1e-4 * (1.0 + mx);
}

double max_err(const float *a, const float *b, size_t n) {
    double mx = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        double d = fabs((double)a[i] - (double)b[i]);
        if (d > mx || d != d) mx = d != d ? INFINITY : d;
    }
    return mx;
}

/* ---- reference files (ref.safetensors): the header read with wm_json ------ */

int ref_load(ref *r, const char *path) {
    uint64_t hn = 0;
    int k;
    memset(r, 0, sizeof *r);
    r->buf = (char *)read_all(path, &r->size);
    if (!r->buf || r->size < 8) return 0;
    for (k = 7; k >= 0; k--) hn = hn << 8 | (unsigned char)r->buf[k];
    if (hn > r->size - 8 || wm_json_parse(&r->hdr, r->buf + 8, (size_t)hn, 0, 0, NULL) != WM_OK) return 0;
    r->data = 8 + (size_t)hn;
    r->decode_eq = wm_json_is(wm_json_get(wm_json_get(r->hdr, "__metadata__"), "decode_equivalent"), "1");
    return 1;
}

void ref_free(ref *r) { free(r->buf); }

/* Copy of tensor `name` as floats (F32) or ints (I32); NULL if absent. */
void *ref_get(const ref *r, const char *name, size_t *count) {
    wm_json off = wm_json_get(wm_json_get(r->hdr, name), "data_offsets");
    double b = -1, e = -1;
    void *out;
    wm_json_number(wm_json_first(off, NULL), &b);
    wm_json_number(wm_json_next(wm_json_first(off, NULL), NULL), &e);
    if (!(b >= 0 && e >= b && r->data + (size_t)e <= r->size)) return NULL;
    out = malloc((size_t)(e - b) + 4);
    memcpy(out, r->buf + r->data + (size_t)b, (size_t)(e - b));
    if (count) *count = (size_t)(e - b) / 4;
    return out;
}

/* ---- in-memory models from a config string ------------------------------ */

int memmodel_open(memmodel *mm, const char *cfg_json, uint64_t seed, int dtype) {
    wm_config c;
    wm_error e;
    wm_model_source src;
    memset(mm, 0, sizeof *mm);
    mm->cfg = cfg_json;
    if (wm_config_parse(&c, cfg_json, strlen(cfg_json), &e) != WM_OK) { printf("config: %s\n", e.message); return 0; }
    if (wm_random_checkpoint(&c, seed, dtype, NULL, 0, &mm->size, &e) != WM_OK) return 0;
    mm->weights = malloc(mm->size);
    if (wm_random_checkpoint(&c, seed, dtype, mm->weights, mm->size, &mm->size, &e) != WM_OK) return 0;
    mm->blob.data = mm->weights; mm->blob.size = mm->size; mm->blob.name = "random.safetensors";
    src.config_json = cfg_json; src.config_bytes = strlen(cfg_json); src.files = &mm->blob; src.n_files = 1;
    if (wm_model_open(&mm->m, &src, &e) != WM_OK) { printf("open: %s\n", e.message); return 0; }
    return 1;
}

void memmodel_close(memmodel *mm) {
    wm_model_free(mm->m);
    free(mm->weights);
}

/* Logits of ids through one session: prefill of the first `split` tokens
   (all logits) then decode of the rest. split = n: one prefill. */
float *run_split(const wm_model *m, const int32_t *ids, int n, int split, int n_batch) {
    wm_session_params p = wm_session_default_params(m);
    wm_session *s;
    size_t V = (size_t)wm_model_config(m)->vocab_size;
    float *out = (float *)malloc(sizeof(float) * V * (size_t)n);
    int i;
    if (p.n_ctx < n) p.n_ctx = n;
    if (n_batch > 0) p.n_batch = n_batch;
    if (wm_session_create(&s, m, &p, NULL) != WM_OK) { free(out); return NULL; }
    if (split > 0 && wm_prefill(s, ids, split, out, WM_LOGITS_ALL) != WM_OK) { free(out); out = NULL; }
    for (i = split; out && i < n; i++)
        if (wm_decode(s, ids[i], out + (size_t)i * V) != WM_OK) { free(out); out = NULL; }
    wm_session_free(s);
    return out;
}

const char *CFG_CHEEMS =
    "{\"model_type\":\"cheems\",\"vocab_size\":97,\"hidden_size\":32,\"intermediate_size\":48,"
    "\"layers_type\":[\"ssd\",\"attn\",\"ssd\",\"none\"],\"state_type\":[\"cdmoe\",\"mlp\",\"cdmoe\",\"mlp\"],"
    "\"ssd_num_heads\":4,\"ssd_num_groups\":2,\"ssd_state_size\":8,\"ssd_chunk_size\":8,"
    "\"num_attention_heads\":2,\"num_inner_values\":6,\"inner_values_retrieval_size\":8,\"inner_values_topk\":2,"
    "\"num_cdmoe_experts\":16,\"num_cdmoe_heads\":2,\"num_cdmoe_experts_per_head\":2,\"expert_retrieval_size\":8,"
    "\"max_position_embeddings\":64,\"hidden_bias\":true,\"tie_word_embeddings\":false}";

const char *CFG_MAMBA2 =
    "{\"model_type\":\"mamba2\",\"vocab_size\":61,\"hidden_size\":32,\"num_hidden_layers\":2,\"num_heads\":4,"
    "\"head_dim\":8,\"state_size\":8,\"n_groups\":2,\"conv_kernel\":4,\"chunk_size\":8,\"use_conv_bias\":true,"
    "\"time_step_limit\":[0.0,{\"__float__\":\"Infinity\"}]}";

const char *CFG_DOGE =
    "{\"model_type\":\"doge\",\"vocab_size\":73,\"hidden_size\":32,\"intermediate_size\":40,\"num_hidden_layers\":2,"
    "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"keep_window_size\":5,\"sliding_window\":9,"
    "\"is_moe\":true,\"num_experts\":16,\"num_experts_per_tok\":3,\"max_position_embeddings\":64,"
    "\"rope_parameters\":{\"rope_type\":\"linear\",\"factor\":2.0,\"rope_theta\":500.0},\"tie_word_embeddings\":true}";

/* Rodimus+: a window of 9 (4 keys before the query), 2 key heads tiled over 4,
   xPos past max_position_embeddings, QK-norm; and one without a window */
const char *CFG_RODPLUS =
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":67,\"d_model\":32,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":8,\"d_conv\":3,\"normalize_epsilon\":1e-5},\"attn_cfg\":{\"num_heads\":4,\"num_heads_k\":2,"
    "\"num_heads_v\":4,\"window_size\":9,\"rotary_emb_dim\":4,\"rotary_emb_scale_base\":16.0,\"softmax_scale\":\"norm\"},"
    "\"max_position_embeddings\":16,\"tie_word_embeddings\":false}";

const char *CFG_RODPLUS_FULL =
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":67,\"d_model\":32,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":8},\"attn_cfg\":{\"num_heads\":2,\"num_heads_k\":1,\"num_heads_v\":1,"
    "\"rotary_emb_interleaved\":true,\"ffn_expand_ratio\":2.5},\"tie_word_embeddings\":true}";

const char *CFG_RODPLUS32 =
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":67,\"d_model\":64,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":8},\"attn_cfg\":{\"num_heads\":2,\"num_heads_k\":1,\"num_heads_v\":2,\"window_size\":12},"
    "\"tie_word_embeddings\":false}";

int32_t *random_ids(int n, int vocab, unsigned seed) {
    int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n);
    int i;
    for (i = 0; i < n; i++) { seed = seed * 1103515245u + 12345u; ids[i] = (int32_t)((seed >> 8) % (unsigned)vocab); }
    return ids;
}

/* ---- random inputs and their comparison -------------------------------- */

float frand(unsigned *s) {
    *s = *s * 1664525u + 1013904223u;
    return (float)((*s >> 8) & 0xffff) / 65536.0f * 2.0f - 1.0f;
}

double rel_err(const float *a, const float *b, size_t n) {
    double mx = 0, scale = 1e-30;
    size_t i;
    for (i = 0; i < n; i++) {
        double d = fabs((double)a[i] - b[i]);
        if (d != d) return INFINITY;
        mx = d > mx ? d : mx;
        scale = fabs(b[i]) > scale ? fabs(b[i]) : scale;
    }
    return mx / scale;
}

void fill(float *x, size_t n, unsigned seed) {
    size_t i;
    for (i = 0; i < n; i++) x[i] = frand(&seed);
}

/* a host's parallel-for (tests): every item, last first, each on worker i mod *pool */
void backwards_pfor(void *pool, int n, wm_task fn, void *arg) {
    int i;
    for (i = n - 1; i >= 0; i--) fn(arg, i, i % *(int *)pool);
}

int membuf_write(void *user, const void *d, size_t n) { /* a wm_gguf_params.write into memory */
    membuf *m = (membuf *)user;
    if (m->n + n > m->cap) {
        size_t c = (m->n + n) * 2;
        unsigned char *q = (unsigned char *)realloc(m->p, c);
        if (!q) return 0;
        m->p = q; m->cap = c;
    }
    memcpy(m->p + m->n, d, n);
    m->n += n;
    return 1;
}

/* ---- caller buffers: aligned memory, a checkpoint directory in memory, a byte sink ---- */

void *align64(void *p) { return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63); }

int dirsrc_open(dirsrc *d, const char *dir) {
    char path[256];
    size_t cn = 0, wn = 0;
    snprintf(path, sizeof path, "%s/config.json", dir);
    d->cj = (char *)read_all(path, &cn);
    snprintf(path, sizeof path, "%s/model.safetensors", dir);
    d->w = read_all(path, &wn);
    d->blob.data = d->w; d->blob.size = wn; d->blob.name = "model.safetensors";
    d->src.config_json = d->cj; d->src.config_bytes = cn; d->src.files = &d->blob; d->src.n_files = 1;
    return d->cj && d->w;
}

void dirsrc_close(dirsrc *d) { free(d->cj); free(d->w); }

/* tokenizer.json with the Doge pre-tokenizer, vocab `vocab` (object body),
   merges `merges` (list body) and extra root members `extra` */
char *tok_json(const char *vocab, const char *merges, const char *extra) {
    static const char *pre =
        "\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":[{\"type\":\"Split\",\"pattern\":{\"Regex\":"
        "\"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\\\r\\\\n\\\\p{L}\\\\p{N}]?\\\\p{L}+|\\\\p{N}{1,3}| ?[^\\\\s\\\\p{L}\\\\p{N}]+[\\\\r\\\\n]*|\\\\s*[\\\\r\\\\n]+|\\\\s+(?!\\\\S)|\\\\s+\"},"
        "\"behavior\":\"Isolated\",\"invert\":false},{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false}]},"
        "\"decoder\":{\"type\":\"ByteLevel\"}";
    size_t n = strlen(vocab) + strlen(merges) + strlen(extra) + strlen(pre) + 128;
    char *js = (char *)malloc(n);
    snprintf(js, n, "{\"model\":{\"type\":\"BPE\",\"vocab\":{%s},\"merges\":[%s]},%s%s%s}", vocab, merges, pre, *extra ? "," : "", extra);
    return js;
}

/* ---- the wm binary: running it, reading what it prints ------------------ */

int file_exists(const char *p) {
    FILE *f = fopen(p, "rb");
    if (f) fclose(f);
    return f != NULL;
}

/* The wm binary under test (WM_BIN may hold a prefix such as "qemu-aarch64 -L ... build/neon/wm"). */
static const char *wm_bin(void) {
    const char *b = getenv("WM_BIN");
    return b && *b ? b : "build/wm";
}

/* cmd with every "build/wm " replaced by wm_bin() */
static const char *wm_cmd(char *buf, size_t cap, const char *cmd) {
    size_t n = 0;
    while (*cmd && n + 1 < cap) {
        if (!strncmp(cmd, "build/wm ", 9)) {
            n += (size_t)snprintf(buf + n, cap - n, "%s ", wm_bin());
            cmd += 9;
        } else {
            buf[n++] = *cmd++;
        }
    }
    buf[n < cap ? n : cap - 1] = 0;
    return buf;
}

/* Runs cmd; stdout into out (NUL-terminated); returns the exit status. */
int run_capture(const char *cmd_, char *out, size_t cap) {
    char cmd[8192];
    FILE *p = popen(wm_cmd(cmd, sizeof cmd, cmd_), "r");
    size_t n = 0;
    int st;
    out[0] = 0;
    if (!p) return -1;
    n = fread(out, 1, cap - 1, p);
    out[n] = 0;
    st = pclose(p);
    return st;
}

int run(const char *cmd_) {
    char cmd[8192];
    return system(wm_cmd(cmd, sizeof cmd, cmd_));
}

/* A test script's cases (lines "ok   ..." / "FAIL ...", the last "N passed,
   N failed"), each counted in the suite's totals; at least min of them. */
void script_cases(const char *tag, const char *cmd, int min) {
    static char out[1 << 17];
    char *line, *last = NULL;
    int p = -1, f = -1, skipped = 0;
    run_capture(cmd, out, sizeof out);
    for (line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "FAIL ", 5)) printf("FAIL [%s] %s\n", tag, line + 5);
        else if (!strncmp(line, "skipped:", 8)) { printf("%s: %s\n", tag, line); skipped++; } /* (a tool missing here: min not asked) */
        else if (!strncmp(line, "  | ", 4)) printf("%s\n", line); /* (what a failed case saw) */
        last = line;
    }
    if (!last || sscanf(last, "%d passed, %d failed", &p, &f) != 2 || (p < min && !skipped)) { check(0, "%s: its last line: %s", cmd, last ? last : "(none)"); return; }
    g_pass += p;
    g_fail += f;
}

/* ---- tokenizers: loading, ids from JSON, gzip fixtures ------------------ */

wm_tokenizer *load_tok(const char *path) {
    wm_tokenizer *t = NULL;
    wm_error e;
    if (wm_tokenizer_load(&t, path, &e) != WM_OK) check(0, "%s", e.message);
    return t;
}

/* ids of JSON array v */
size_t json_ids(const char *v, const char *e, int32_t *out, size_t cap) {
    tj_it it;
    const char *x;
    size_t n = 0;
    double d = 0;
    tj_iter(&it, v, e);
    while (tj_next(&it, NULL, &x)) { tj_double(x, e, &d); if (n < cap) out[n] = (int32_t)d; n++; }
    return n;
}

int ids_equal(const int32_t *a, size_t na, const int32_t *b, size_t nb) {
    return na == nb && (na == 0 || !memcmp(a, b, na * sizeof(int32_t)));
}

/* Real tokenizers against the tokenizers library: tests/fixtures/tok/NAME.*.gz
   (tools/gen_tok_cases.js), 183 texts of 400 KB each: ids without and with
   the special tokens, and the decoded ids, equal token for token. */
char *gunzip_file(const char *gz, const char *out, size_t *n) {
    char cmd[600];
#ifdef _WIN32 /* no gzip there: make test-windows decompresses every fixture into build/win/gz/ beforehand */
    char *b;
    FILE *f;
    snprintf(cmd, sizeof cmd, "build/win/gz/%s", gz);
    if (!(b = (char *)read_all(cmd, n))) return NULL;
    if ((f = fopen(out, "wb")) != NULL) { fwrite(b, 1, *n, f); fclose(f); }
    return b;
#else
    snprintf(cmd, sizeof cmd, "gzip -dc %s > %s", gz, out);
    if (system(cmd) != 0) return NULL;
    return (char *)read_all(out, n);
#endif
}

/* t in its in-place form (wm_tokenizer_save, then wm_tokenizer_init_blob on
   a copy of the blob): *mem holds the blob and the struct */
wm_tokenizer *tok_via_blob(const wm_tokenizer *t, void **mem) {
    wm_tokenizer *tb = NULL;
    wm_error e;
    size_t n = 0, ram = 0;
    unsigned char *b;
    *mem = NULL;
    if (!t || wm_tokenizer_save(t, NULL, 0, &n, &e) != WM_OK) { check(0, "tokenizer save: %s", t ? e.message : "no tokenizer"); return NULL; }
    wm_tokenizer_blob_bytes(NULL, 0, &ram, NULL);
    *mem = malloc(n + ram + 128);
    b = (unsigned char *)align64(*mem);
    if (wm_tokenizer_save(t, b, n, &n, &e) != WM_OK || wm_tokenizer_init_blob(&tb, b, n, b + n, ram + 64, &e) != WM_OK) {
        check(0, "tokenizer blob: %s", e.message);
        return NULL;
    }
    return tb;
}

/* ---- generation: text into a buffer ------------------------------------- */

int collect(void *user, int32_t tok, const char *text, size_t len) {
    textbuf *b = (textbuf *)user;
    (void)tok;
    if (b->n + len < sizeof b->s) { memcpy(b->s + b->n, text, len); b->n += len; b->s[b->n] = 0; }
    return 0;
}

/* gp: add_special and stop_at_eos on, max_new n and no stop ids, or stop at EOS off */
wm_generate_params gparams(int add_special, int n, int eos) {
    wm_generate_params gp = wm_generate_default_params();
    gp.add_special = add_special;
    gp.max_new = n;
    gp.stop_at_eos = eos;
    return gp;
}

/* ---- quantized types: sizes, scale bytes, rows through wm_quantize ------- */

int first_diff(const unsigned char *a, const unsigned char *b, size_t n) {
    size_t i;
    for (i = 0; i < n && a[i] == b[i]; i++) {}
    return (int)i;
}

int qtype_bytes(int t) { return (int)wm_type_bytes(t, (uint64_t)wm_type_block(t)); }

int qtype_block(int t) { return wm_type_block(t); }

const char *qtype_name(int t) { return wm_type_name(t); }

/* 1: byte i of a row of type t is part of a float16 scale (arbitrary-byte tests keep those finite) */
int qtype_scale_byte(int t, int i) {
    int o = i % qtype_bytes(t);
    switch (t) {
    case WM_Q6_K: return o >= 208;
    case WM_Q2_K: return o >= 80;
    case WM_Q3_K: return o >= 108;
    case WM_Q4_K: case WM_Q5_K: case WM_Q4_1: case WM_Q5_1: return o < 4;
    default: return o < 2; /* Q8_0, Q4_0, Q5_0, IQ4_NL, IQ4_XS */
    }
}

void quantize_row(int t, const float *x, int n, unsigned char *out) {
    if (wm_quantize(t, x, (size_t)n, out) != WM_OK) check(0, "wm_quantize %s", qtype_name(t));
}

void dequant_row(int t, const unsigned char *w, int n, float *y) {
    if (wm_dequantize(t, w, (size_t)n, y) != WM_OK) check(0, "wm_dequantize %s", qtype_name(t));
}

float gauss(unsigned *s) { /* roughly normal: sum of four uniforms */
    return (frand(s) + frand(s) + frand(s) + frand(s)) * 0.866f;
}

/* ---- files and time ----------------------------------------------------- */

long sizeof_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

#ifdef _WIN32
double t_now(void) {
    LARGE_INTEGER c, f;
    QueryPerformanceCounter(&c);
    QueryPerformanceFrequency(&f);
    return (double)c.QuadPart / (double)f.QuadPart;
}

double t_cpu(void) { /* (user + kernel time, in 100 ns units) */
    FILETIME a, b, k, u;
    GetProcessTimes(GetCurrentProcess(), &a, &b, &k, &u);
    return 1e-7 * ((double)k.dwLowDateTime + (double)u.dwLowDateTime + 4294967296.0 * ((double)k.dwHighDateTime + (double)u.dwHighDateTime));
}
#else
double t_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* this process's CPU seconds: for comparing the times of two runs on a loaded machine (time waiting for a core is not counted) */
double t_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif

/* llama.cpp's pre-tokenizers: every tokenizer.ggml.pre name its BPE
   vocabularies use loads, and one name per family gives llama-tokenize's ids
   (tests/fixtures/tok/pre.json.gz, by tools/gen_pre_cases.py) on a
   vocabulary trained on the texts with no split, so that any part drawn
   differently changes the ids (a second one, BPE on UTF-8 characters with
   <0xXX> bytes, for gemma4, sarvam-moe and whitespace). WPM and UGM
   vocabularies are refused by name. */
size_t gguf_with_str(const char *base, size_t n, const char *key, const char *pre, char *out) {
    size_t kl = strlen(key), k, vl, pl = strlen(pre), at;
    uint64_t old;
    for (k = 0; k + 8 + kl + 12 <= n; k++)
        if (!memcmp(base + k + 8, key, kl) && (uint64_t)(unsigned char)base[k] == kl) break;
    if (k + 8 + kl + 12 > n) return 0;
    at = k + 8 + kl + 4; /* the value's length */
    memcpy(&old, base + at, 8);
    vl = (size_t)old;
    memcpy(out, base, at);
    old = pl;
    memcpy(out + at, &old, 8);
    memcpy(out + at + 8, pre, pl);
    memcpy(out + at + 8 + pl, base + at + 8 + vl, n - at - 8 - vl);
    return n - vl + pl;
}

uint64_t le64(const unsigned char *p) {
    uint64_t v = 0;
    int k;
    for (k = 7; k >= 0; k--) v = v << 8 | p[k];
    return v;
}
