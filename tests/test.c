/* wm.h test suite. Run from the repository root: build/test [FILTER | -FILTER]
   (the suites whose name holds FILTER, or all but those). Prints one line
   per failure and "N passed, N failed" last. */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "helpers.h"

/* ---- harness ----------------------------------------------------------- */

static int g_pass, g_fail;
static const char *g_suite = "";
static wm__kc g_kc = {1, 1, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0}, g_kc_scalar = {0, 1, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0};

/* check(ok, printf-style message): counts a pass, or prints the failure as
   "FAIL [suite] file:line: message" */
#define check(...) check_at(__FILE__, __LINE__, __VA_ARGS__)
static void check_at(const char *file, int line, int ok, const char *fmt, ...) {
    if (ok) { g_pass++; return; }
    g_fail++;
    {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL [%s] %s:%d: ", g_suite, file, line);
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
}
/* a check of many cases: the first failing one's file:line and message into what */
#define WHAT_AT(what) snprintf(what, sizeof what, "%s:%d: ", __FILE__, __LINE__)

static double tol_of(const float *ref, size_t n) {
    double mx = 0;
    size_t i;
    for (i = 0; i < n; i++) mx = fabs(ref[i]) > mx ? fabs(ref[i]) : mx;
    return 1e-4 * (1.0 + mx);
}

static double max_err(const float *a, const float *b, size_t n) {
    double mx = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        double d = fabs((double)a[i] - (double)b[i]);
        if (d > mx || d != d) mx = d != d ? INFINITY : d;
    }
    return mx;
}

/* ---- reference files (ref.safetensors): the header read with wm_json ------ */

typedef struct ref {
    char *buf;
    size_t size;
    wm_json hdr;   /* the JSON header: name -> {"dtype", "shape", "data_offsets"} */
    size_t data;   /* where the tensors' bytes begin */
    int decode_eq; /* __metadata__.decode_equivalent == "1" */
} ref;

static int ref_load(ref *r, const char *path) {
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

static void ref_free(ref *r) { free(r->buf); }

/* Copy of tensor `name` as floats (F32) or ints (I32); NULL if absent. */
static void *ref_get(const ref *r, const char *name, size_t *count) {
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

typedef struct memmodel {
    wm_model *m;
    void *weights;
    size_t size;
    wm_blob blob;
    const char *cfg;
} memmodel;

static int memmodel_open(memmodel *mm, const char *cfg_json, uint64_t seed, int dtype) {
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

static void memmodel_close(memmodel *mm) {
    wm_model_free(mm->m);
    free(mm->weights);
}

/* Logits of ids through one session: prefill of the first `split` tokens
   (all logits) then decode of the rest. split = n: one prefill. */
static float *run_split(const wm_model *m, const int32_t *ids, int n, int split, int n_batch) {
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

static const char *CFG_CHEEMS =
    "{\"model_type\":\"cheems\",\"vocab_size\":97,\"hidden_size\":32,\"intermediate_size\":48,"
    "\"layers_type\":[\"ssd\",\"attn\",\"ssd\",\"none\"],\"state_type\":[\"cdmoe\",\"mlp\",\"cdmoe\",\"mlp\"],"
    "\"ssd_num_heads\":4,\"ssd_num_groups\":2,\"ssd_state_size\":8,\"ssd_chunk_size\":8,"
    "\"num_attention_heads\":2,\"num_inner_values\":6,\"inner_values_retrieval_size\":8,\"inner_values_topk\":2,"
    "\"num_cdmoe_experts\":16,\"num_cdmoe_heads\":2,\"num_cdmoe_experts_per_head\":2,\"expert_retrieval_size\":8,"
    "\"max_position_embeddings\":64,\"hidden_bias\":true,\"tie_word_embeddings\":false}";
static const char *CFG_MAMBA2 =
    "{\"model_type\":\"mamba2\",\"vocab_size\":61,\"hidden_size\":32,\"num_hidden_layers\":2,\"num_heads\":4,"
    "\"head_dim\":8,\"state_size\":8,\"n_groups\":2,\"conv_kernel\":4,\"chunk_size\":8,\"use_conv_bias\":true,"
    "\"time_step_limit\":[0.0,{\"__float__\":\"Infinity\"}]}";
static const char *CFG_DOGE =
    "{\"model_type\":\"doge\",\"vocab_size\":73,\"hidden_size\":32,\"intermediate_size\":40,\"num_hidden_layers\":2,"
    "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"keep_window_size\":5,\"sliding_window\":9,"
    "\"is_moe\":true,\"num_experts\":16,\"num_experts_per_tok\":3,\"max_position_embeddings\":64,"
    "\"rope_parameters\":{\"rope_type\":\"linear\",\"factor\":2.0,\"rope_theta\":500.0},\"tie_word_embeddings\":true}";

/* Rodimus+: a window of 9 (4 keys before the query), 2 key heads tiled over 4,
   xPos past max_position_embeddings, QK-norm; and one without a window */
static const char *CFG_RODPLUS =
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":67,\"d_model\":32,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":8,\"d_conv\":3,\"normalize_epsilon\":1e-5},\"attn_cfg\":{\"num_heads\":4,\"num_heads_k\":2,"
    "\"num_heads_v\":4,\"window_size\":9,\"rotary_emb_dim\":4,\"rotary_emb_scale_base\":16.0,\"softmax_scale\":\"norm\"},"
    "\"max_position_embeddings\":16,\"tie_word_embeddings\":false}";
static const char *CFG_RODPLUS_FULL =
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":67,\"d_model\":32,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":8},\"attn_cfg\":{\"num_heads\":2,\"num_heads_k\":1,\"num_heads_v\":1,"
    "\"rotary_emb_interleaved\":true,\"ffn_expand_ratio\":2.5},\"tie_word_embeddings\":true}";

static const char *CFG_RODPLUS32 =
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":67,\"d_model\":64,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":8},\"attn_cfg\":{\"num_heads\":2,\"num_heads_k\":1,\"num_heads_v\":2,\"window_size\":12},"
    "\"tie_word_embeddings\":false}";

static int32_t *random_ids(int n, int vocab, unsigned seed) {
    int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n);
    int i;
    for (i = 0; i < n; i++) { seed = seed * 1103515245u + 12345u; ids[i] = (int32_t)((seed >> 8) % (unsigned)vocab); }
    return ids;
}

/* ---- kernels and numbers ----------------------------------------------- */

static void test_numbers(void) {
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
static void test_topk_torch(void) {
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

static void test_select(void) {
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

/* ---- every SIMD kernel equals its scalar reference -------------------------- */

static float frand(unsigned *s) {
    *s = *s * 1664525u + 1013904223u;
    return (float)((*s >> 8) & 0xffff) / 65536.0f * 2.0f - 1.0f;
}

static double rel_err(const float *a, const float *b, size_t n) {
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

static void fill(float *x, size_t n, unsigned seed) {
    size_t i;
    for (i = 0; i < n; i++) x[i] = frand(&seed);
}

/* both NaN, the same infinity, or within tol relative */
static int same_special(float a, float b, float tol) {
    if (a != a || b != b) return a != a && b != b;
    if (isinf(a) || isinf(b)) return a == b;
    return fabsf(a - b) <= tol * (1.0f + fabsf(a));
}

/* SIMD == scalar on blocks of special values: tiny (below 127 / FLT_MAX,
   where 1/d overflows), subnormal, huge, NaN, +-inf, zeros, and a normal
   block beside each; quantized results bit for bit (the activation
   quantizer's codes, every quantized matmul), float kernels to the same
   NaN / inf / value. Every quantizer's result is the documented one. */
static void test_kernels_special(void) {
    enum { N = 256, T = 3, R = 5 };
    static const float kinds[][3] = { /* value, step, then mixed with a normal block */
        {1e-38f, 1e-40f, 0}, {3e-40f, 1e-41f, 0}, {1e-45f, 0, 0}, {3e38f, -1e37f, 0}, {1e30f, 3e29f, 0}, {0, 0, 0}, {NAN, 0, 0}, {INFINITY, 0, 0},
        {-INFINITY, 0, 0}, {1e-38f, 1e-40f, 1}, {NAN, 0, 1}, {INFINITY, 0, 1}, {3e38f, 1e36f, 1}};
    const wm__kc *S = &g_kc_scalar, *V = &g_kc;
    float x[T * N], w[R * N], y1[T * R], y2[T * R], c[N], d[N], deq[N];
    unsigned char q[R * N * 2];
    wm__qa qa1[R * N / 256], qa2[R * N / 256]; /* [T or R][N / 256] */
    size_t k;
    int bad = 0, dt, i, j, ovf;
    float r1, r2;
    char what[200] = "";
#define SCHECK(cond, ...) do { if (!(cond)) { bad++; if (!what[0]) { int at_ = WHAT_AT(what); snprintf(what + at_, sizeof what - (size_t)at_, __VA_ARGS__); } if (getenv("WM_DEBUG")) { fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); } } } while (0)
    fill(w, R * N, 31);
    for (k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
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

static void test_kernels(void) {
    static const int sizes[] = {0, 1, 7, 8, 9, 63, 64, 65, 1000};
    const wm__kc *S = &g_kc_scalar, *V = &g_kc;
    float *buf = (float *)malloc(sizeof(float) * 200000), *a = buf + 1, *b = buf + 3001, *c = buf + 6001, *d = buf + 9001; /* unaligned */
    uint16_t *hb = (uint16_t *)malloc(sizeof(uint16_t) * 4001), *hh = hb + 1, hf[2001];
    size_t si;
    int dt, bad = 0;
    char what[160] = "";
#define KCHECK(cond, ...) do { if (!(cond)) { bad++; if (!what[0]) { int at_ = WHAT_AT(what); snprintf(what + at_, sizeof what - (size_t)at_, __VA_ARGS__); } } } while (0)
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
    /* matrix products: odd shapes, every dtype, strided and unaligned */
    {
        static const int shp[][3] = {{1, 7, 9}, {1, 13, 65}, {5, 13, 65}, {6, 9, 1000}, {67, 31, 70}, {2, 4, 8}};
        size_t k;
        float *pack = (float *)malloc(sizeof(float) * 3 * 1000 * 2);
        wm__kc Sp = *S, Vp = *V;
        Sp.pack = Vp.pack = pack;
        for (k = 0; k < sizeof shp / sizeof shp[0]; k++) {
            int T = shp[k][0], R = shp[k][1], K = shp[k][2];
            float *x = (float *)malloc(sizeof(float) * (size_t)T * (K + 3) + 4) + 1, *w = (float *)malloc(sizeof(float) * (size_t)R * K + 4) + 1;
            float *y1 = (float *)malloc(sizeof(float) * (size_t)T * (R + 2)), *y2 = (float *)malloc(sizeof(float) * (size_t)T * (R + 2));
            uint16_t *wh = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)R * K + 2) + 1;
            float bias[64];
            wm__mat W;
            int i;
            fill(x, (size_t)T * (K + 3), 11);
            fill(w, (size_t)R * K, 12);
            fill(bias, 64, 13);
            for (dt = 0; dt < 3; dt++) {
                for (i = 0; i < R * K; i++) wh[i] = dt == WM_BF16 ? wm__f32_to_bf16(w[i]) : wm__f32_to_f16(w[i]);
                W.data = dt == WM_F32 ? (const void *)w : (const void *)wh;
                W.dtype = dt; W.rows = R; W.cols = K;
                wm__k_matmul(&Sp, y1, R + 2, x, K + 3, &W, bias, T);
                wm__k_matmul(&Vp, y2, R + 2, x, K + 3, &W, bias, T);
                for (i = 0; i < T; i++) KCHECK(rel_err(y2 + (size_t)i * (R + 2), y1 + (size_t)i * (R + 2), (size_t)R) < 3e-5, "matmul T%d R%d K%d dtype %d", T, R, K, dt);
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
        free(pack);
    }
    /* quantized matrices: SIMD (four-token and one-token bodies) == scalar, and each token's
       outputs the same bits whether it comes alone (decode) or in a batch (prefill) */
    {
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
    }
    check(bad == 0, "%d kernel results differ from the scalar reference; first: %s", bad, what);
#undef KCHECK
    free(buf);
    free(hb);
}

/* ---- JSON and config ---------------------------------------------------- */

/* The public JSON reader (wm_json_*): what it takes and refuses, with the
   reason and byte; walking, names with escapes of any length, numbers */
static void test_json_api(void) {
    static const struct { const char *text; int flags; const char *why; } bad[] = {
        {"{\"a\": [1, 2,]}", 0, "a trailing comma (at byte 12"}, {"{\"a\" 1}", 0, "':' should follow"},
        {"[1 2]", 0, "',' or ']' should be here (at byte 3"}, {"{\"a\":1} x", 0, "more after the value (at byte 8"},
        {"[NaN]", 0, "not a JSON value (at byte 1"}, {"[-Infinity]", 0, "not a JSON value"}, {"\"a\x01\"", 0, "not closed"},
        {"[[[[1]]]]", 3, "nested too deep"}, {"", 0, "the text ends where a value should be (at byte 0)"}, {"{1:2}", 0, "a member's name"},
        {"\"\xc3\x28\"", 0, "bad UTF-8"}, {"01", 0, "more after the value"},
        {"[\"\\udc00\\ud800\"]", 0, "lone surrogate escape (UTF-8 has no such character) (at byte 2"}, {"\"\\ud800\\u0041\"", 0, "lone surrogate"}};
    wm_json r, k, x, y;
    wm_error er;
    size_t i, n;
    char buf[64], longname[300];
    double d = 0;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int depth = bad[i].flags == 3 ? 3 : 0;
        wm_status st = wm_json_parse(&r, bad[i].text, strlen(bad[i].text), 0, depth, &er);
        check(st == WM_ERR_FORMAT && strstr(er.message, bad[i].why) && r.p == NULL, "json: '%s' refused: %s", bad[i].text, er.message);
    }
    check(wm_json_parse(&r, "[NaN, -Infinity, 1e3]", 21, WM_JSON_LENIENT, 0, &er) == WM_OK && wm_json_count(r) == 3, "json: NaN and Infinity with WM_JSON_LENIENT");
    {
        const char *t = " {\"a\": 1, \"b\": {\"c\": [true, null, \"s\\u00e9\\ud83d\\ude00\\ud800\"]}, \"a\": -2.5e-1, \"k\\\"q\": \"v\"} ";
        check(wm_json_parse(&r, t, strlen(t), 0, 0, &er) == WM_ERR_FORMAT && strstr(er.message, "a lone surrogate escape (UTF-8 has no such character) (at byte 54"),
              "json: a lone surrogate refused (%s)", er.message);
        check(wm_json_parse(&r, t, strlen(t), WM_JSON_LENIENT, 0, &er) == WM_OK && wm_json_type(r) == WM_JSON_OBJECT && wm_json_count(r) == 4, "json: an object of 4 members (%s)", er.message);
        check(wm_json_number(wm_json_get(r, "a"), &d) && d == -0.25, "json: get takes the last of a repeated name (%g)", d);
        x = wm_json_get(wm_json_get(r, "b"), "c");
        check(wm_json_type(x) == WM_JSON_ARRAY && wm_json_count(x) == 3 && wm_json_bytes(x) == strlen("[true, null, \"s\\u00e9\\ud83d\\ude00\\ud800\"]"), "json: an array's count and text");
        y = wm_json_first(x, &k);
        check(wm_json_type(y) == WM_JSON_TRUE && k.p == NULL, "json: an array's elements have no name");
        y = wm_json_next(wm_json_next(y, NULL), NULL);
        n = wm_json_string(y, buf, sizeof buf);
        check(n == 10 && !memcmp(buf, "s\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbd", 10) && !wm_json_next(y, NULL).p, "json: escapes undone, a pair joined, a lone surrogate U+FFFD (%zu bytes)", n);
        check(wm_json_is(wm_json_get(r, "k\"q"), "v") && !wm_json_get(r, "kq").p, "json: a name with an escape found by its text");
        for (y = wm_json_first(r, &k), n = 0; y.p; y = wm_json_next(y, &k)) n += wm_json_is(k, "a");
        check(n == 2, "json: members walked in order with their names");
        check(!wm_json_first(wm_json_get(r, "a"), NULL).p && wm_json_string(wm_json_get(r, "a"), buf, sizeof buf) == 0, "json: a number has no elements and no string");
    }
    for (i = 0; i < 290; i++) longname[i] = (char)('a' + i % 26);
    longname[290] = 0;
    { /* a 290-byte name written with escapes: equal by its decoded bytes */
        char t[700];
        size_t m = 0;
        t[m++] = '{'; t[m++] = '"';
        for (i = 0; i < 290; i++) m += (size_t)sprintf(t + m, i % 7 ? "%c" : "\\u%04x", longname[i]);
        m += (size_t)sprintf(t + m, "\": 7}");
        check(wm_json_parse(&r, t, m, 0, 0, &er) == WM_OK && wm_json_number(wm_json_get(r, longname), &d) && d == 7, "json: a long name with escapes compares whole");
        longname[289] = 'X';
        check(!wm_json_get(r, longname).p, "json: ... and differs by its last byte");
    }
}

static void test_config(void) {
    wm_config c;
    wm_error e;
    const char *s;
    char deep[3000];
    int i;
    s = "{\"model_type\":\"mamba2\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"num_heads\":2,"
        "\"head_dim\":4,\"state_size\":4,\"eos_token_id\":[5,6],\"bos_token_id\":null,"
        "\"time_step_limit\":[0.001,Infinity],\"layer_norm_epsilon\":1e-5}  \n";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_OK, "mamba2 config: %s", e.message);
    check(c.dt_max == INFINITY && fabsf(c.dt_min - 0.001f) < 1e-9f, "bare Infinity in time_step_limit");
    check(c.n_eos == 2 && c.eos_token_ids[1] == 6 && c.bos_token_id == -1, "eos list and null bos");
    check(c.ssd_groups == 1 && c.conv_kernel == 4 && c.ssd_chunk == 256, "mamba2 defaults");
    s = "{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"intermediate_size\":4,"
        "\"num_attention_heads\":2,\"rope_theta\":500000,\"rope_scaling\":{\"type\":\"dynamic\",\"factor\":4.0,"
        "\"original_max_position_embeddings\":2048},\"max_position_embeddings\":8192,\"keep_window_size\":null,"
        "\"head_dim\":null}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_OK, "doge config (old rope keys): %s", e.message);
    check(c.rope_type == WM_ROPE_DYNAMIC && c.rope_factor == 4.0 && c.rope_original_max == 2048 && c.rope_theta == 500000.0,
          "rope_scaling with 'type'");
    check(c.head_dim == 4 && c.n_kv_heads == 2 && c.keep_window > (1 << 29), "doge defaults, null keep_window = no limit");
    s = "{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"intermediate_size\":4,"
        "\"num_attention_heads\":2,\"rope_parameters\":{\"rope_type\":\"linear\",\"factor\":2.0,\"rope_theta\":100.0}}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_OK && c.rope_type == WM_ROPE_LINEAR && c.rope_theta == 100.0,
          "rope_parameters");
    s = "{\"model_type\":\"cheems\",\"vocab_size\":10,\"layers_type\":[\"ssd\"],\"intermediate_size\":4,"
        "\"ssd_num_heads\":2,\"ssd_state_size\":4,\"num_cdmoe_experts\":4,\"num_cdmoe_heads\":1,"
        "\"num_cdmoe_experts_per_head\":1,\"expert_retrieval_size\":4}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG, "missing hidden_size");
    check(strstr(e.message, "hidden_size") != NULL, "message names the field: %s", e.message);
    s = "{\"model_type\":\"gpt2\"}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "gpt2"), "unknown model type");
    s = "{\"model_type\":\"mamba2\",";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG && strstr(e.message, "JSON"), "truncated JSON");
    for (i = 0; i < 2999; i++) deep[i] = '[';
    deep[2999] = 0;
    check(wm_config_parse(&c, deep, strlen(deep), &e) == WM_ERR_CONFIG, "deep nesting is refused, not recursed");
    s = "{\"model_type\":\"mamba2\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"num_heads\":3,"
        "\"head_dim\":4,\"state_size\":4,\"n_groups\":2}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG && strstr(e.message, "n_groups"), "heads % groups");
    s = "{\"model_type\":\"mamba2\",\"vocab_size\":-3}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG && strstr(e.message, "vocab_size"), "negative size");
    s = "{\"a\":\"\\ud83d\\ude00\\u00e9\"}";
    {
        const char *v = tj_get(s, s + strlen(s), "a");
        char buf[16];
        size_t n = tj_str(v, s + strlen(s), buf, sizeof buf);
        check(n == 6 && !memcmp(buf, "\xf0\x9f\x98\x80\xc3\xa9", 6), "JSON \\u escapes with surrogates");
    }
    s = "{\"a\":\"\xff\"}";
    check(tj_value(s, s + strlen(s), 8) == NULL, "invalid UTF-8 in a JSON string is refused");
}

/* ---- SSD: chunked scan equals the recurrence ------------------------------ */


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

static void test_released(void) {
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
        size_t n;
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

static void test_ssd_chunked(void) {
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
                float *CB = (float *)malloc(sizeof(float) * G * Q * Q), wsm[4 * 16 * 16];
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
                a.ldx = (int)ldx; a.ldbc = (int)ldbc; a.H = H; a.P = P; a.N = N; a.G = G; a.group_div = mode; a.chunk = Q;
                /* reference: the recurrence one token at a time */
                for (t = 0; t < T; t++) {
                    wm__ssd_args r = a;
                    r.nb = 1; r.S = S0; r.y = y0 + (size_t)t * H * P;
                    r.xs = xs + t * ldx; r.Bm = bc + t * ldbc; r.Cm = bc + T * ldbc + t * ldbc; r.dt = dt + t * H;
                    wm__ssd_step(&g_kc_scalar, &r);
                }
                a.nb = T; a.S = S1; a.y = y1;
                ws.M = wsm; ws.CB2 = wsm + Q * Q; ws.lam = ws.CB2 + Q * N; ws.e = ws.lam + Q;
                wm__ssd_chunked(&g_kc, &a, CB, &ws);
                check(max_err(y0, y1, (size_t)T * H * P) <= tol_of(y0, (size_t)T * H * P), "y: T=%d G=%d %s err %g", T, G,
                      mode ? "h/(H/G)" : "h mod G", max_err(y0, y1, (size_t)T * H * P));
                check(max_err(S0, S1, (size_t)H * P * N) <= tol_of(S0, (size_t)H * P * N), "state: T=%d G=%d err %g", T, G,
                      max_err(S0, S1, (size_t)H * P * N));
                free(xs); free(bc); free(dt); free(S0); free(S1); free(y0); free(y1); free(CB);
            }
}

/* The blocked attention core against its single-query reference: plain,
   static mask (cheems), sliding window, keep window with ties (doge), grouped
   heads, one query and blocks, from position 0 and later. */
static void test_attn_core(void) {
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
                            wm__attn_ref(&g_kc_scalar, &ru, q + (size_t)t * ldq + (size_t)g * hd, kc_, vc, hd, p0 + t, ref, work, ws);
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

static void fixture_case(const char *name, const char *model_dir, const char *ref_path) {
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

static void test_fixtures(void) {
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

typedef struct membuf { unsigned char *p; size_t n, cap; } membuf;
static int membuf_write(void *user, const void *d, size_t n) { /* a wm_gguf_params.write into memory */
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

static void test_batch(void) {
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

static void test_isa(void) {
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
            if (isa >= 0 && isa < WM_ISA_COUNT && wm_isa_supported(isa)) continue;
            if (isa == WM_ISA_AUTO) continue;
            p.isa = isa;
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

static void test_handover(void) {
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

/* ---- memory: exact arena sizes, caller buffers ---------------------------- */

static void *align64(void *p) { return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63); }

/* a checkpoint directory's config.json and model.safetensors read into a source */
typedef struct dirsrc {
    char *cj;
    void *w;
    wm_blob blob;
    wm_model_source src;
} dirsrc;

static int dirsrc_open(dirsrc *d, const char *dir) {
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

static void dirsrc_close(dirsrc *d) { free(d->cj); free(d->w); }

static void test_arena(void) {
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

/* ---- runtime errors leave the session usable --------------------------- */

static void test_runtime_errors(void) {
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

/* ---- hostile input: each way the library was once crashed, hung or fooled ---- */

static wm_tokenizer *load_tok(const char *path);

/* tokenizer.json with the Doge pre-tokenizer, vocab `vocab` (object body),
   merges `merges` (list body) and extra root members `extra` */
static char *tok_json(const char *vocab, const char *merges, const char *extra) {
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

static void test_hostile(void) {
    wm_config c;
    wm_error e;
    char js[4096];
    { /* integers given as booleans (once: division by zero, lam[-1], reads outside buffers) */
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
    { /* a template item without an id (once: NULL dereference) */
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
    { /* 200 template items: refused at once, not walked 200 x special_tokens */
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
    { /* 3000 vocab keys whose FNV-1a low 13 bits collide (once: quadratic loading) spread in the keyed table */
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
    { /* wm_detokenize into a small buffer: a whole-character prefix, NUL-terminated, nothing stale */
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
    { /* long words: the linear bucket queue merges exactly as the heap does (once: n log n, 5.6 s for 10 MB) */
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
    { /* a message longer than its buffer (once: the formatter stopped advancing and hung) */
        char big[1000], msg[64];
        memset(big, 'q', sizeof big - 1);
        big[sizeof big - 1] = 0;
        wm__fmt(msg, sizeof msg, "%s %d %s", big, 123456789, big);
        check(strlen(msg) == sizeof msg - 1, "long message truncated");
        wm__fmt(msg, 8, "%d%d%d%llu", 1234567, 7654321, 42, 12345678901234ull);
        check(!strcmp(msg, "1234567"), "long numbers truncated: %s", msg);
    }
    { /* a session blob holding a sampler no check would pass: refused, the session untouched */
        memmodel mm;
        if (memmodel_open(&mm, CFG_MAMBA2, 5, WM_F32)) {
            wm_session_params p = wm_session_default_params(mm.m);
            wm_session *s;
            wm_sampler smp = wm_sampler_default(), got = wm_sampler_default();
            int32_t ids[3] = {1, 2, 3};
            size_t size;
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
}

/* ---- several models and sessions in one process -------------------------- */

/* a host's parallel-for (tests): every item, last first, each on worker i mod *pool */
static void backwards_pfor(void *pool, int n, wm_task fn, void *arg) {
    int i;
    for (i = n - 1; i >= 0; i--) fn(arg, i, i % *(int *)pool);
}

static void test_many(void) {
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

static void test_loader_rejects(void) {
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
            size_t at, hl = (size_t)wm__le64((const unsigned char *)mm.weights);
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

static void test_layouts(void) {
    memmodel mm, m2;
    wm_error e;
    int32_t *ids = random_ids(17, 73, 9);
    float *want, *got;
    if (!memmodel_open(&mm, CFG_DOGE, 31, WM_BF16)) { check(0, "model"); return; }
    want = run_split(mm.m, ids, 17, 17, 0);
    { /* same checkpoint, header one byte longer: every tensor misaligned */
        size_t hl = (size_t)wm__le64((const unsigned char *)mm.weights), size = mm.size + 1, i;
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

/* ---- the command line: wm logits matches the references ----------------- */

static int file_exists(const char *p) {
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
static int run_capture(const char *cmd_, char *out, size_t cap) {
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

static int run(const char *cmd_) {
    char cmd[8192];
    return system(wm_cmd(cmd, sizeof cmd, cmd_));
}

/* A test script's cases (lines "ok   ..." / "FAIL ...", the last "N passed,
   N failed"), each counted in the suite's totals; at least min of them. */
static void script_cases(const char *tag, const char *cmd, int min) {
    static char out[1 << 17];
    char *line, *last = NULL;
    int p = -1, f = -1;
    run_capture(cmd, out, sizeof out);
    for (line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "FAIL ", 5)) printf("FAIL [%s] %s\n", tag, line + 5);
        else if (!strncmp(line, "skipped:", 8)) printf("%s: %s\n", tag, line);
        last = line;
    }
    if (!last || sscanf(last, "%d passed, %d failed", &p, &f) != 2 || p < min) { check(0, "%s: its last line: %s", cmd, last ? last : "(none)"); return; }
    g_pass += p;
    g_fail += f;
}

/* ---- wm serve: tests/serve.sh (curl cases, concurrent clients, the openai
   npm client and the chat page where installed); each of its cases counts */
static void test_serve(void) {
    if (getenv("WM_BIN") || (getenv("WM_SERVE") && !strcmp(getenv("WM_SERVE"), "0"))) return; /* (native only: sockets, curl, node; once per make test) */
    script_cases("serve", "bash tests/serve.sh build/wm 2>&1", 40);
}

/* ---- README.md's commands as written, and its C program as C and C++:
   tests/readme.sh (native, once per make test: it runs make and a server) */
static void test_readme(void) {
    if (getenv("WM_BIN") || (getenv("WM_SERVE") && !strcmp(getenv("WM_SERVE"), "0"))) return;
    script_cases("readme", "bash tests/readme.sh 2>&1", 8);
}

/* ---- the CLI against a user's files and signals: tests/hostile_cli.sh
   (outputs through symlinks and FIFOs, no OUT.tmp after a signal) */
static void test_hostile_cli(void) {
    if (getenv("WM_BIN")) return; /* native only: signals and FIFOs, once per make test */
    script_cases("hostile_cli", "bash tests/hostile_cli.sh build/wm 2>&1", 22);
}

/* A user's mistakes: each exits non-zero with one line on stderr naming the problem. */
/* llama.cpp's spellings, as its users type them: -m MODEL, -c / --ctx-size,
   --top_k, -s -1 (a seed from the clock, printed), quantize's type as a
   third positional in any case. */
static void test_cli_llama_habits(void) {
    char out[8192], want[8192], err[8192];
    size_t n = 0;
    char *e;
    check(run_capture("build/wm generate -m examples/models/doge-demo -p 'The secret of a happy life is' -n 8 -c 128 --top_k 40 --temp 0 "
                      "--repeat_penalty 1.0 2>/dev/null", out, sizeof out) == 0 &&
              run_capture("build/wm generate examples/models/doge-demo -p 'The secret of a happy life is' -n 8 --ctx 128 --top-k 40 --temp 0 "
                          "2>/dev/null", want, sizeof want) == 0 && !strcmp(out, want) && strlen(out) > 30,
          "-m MODEL -c N --top_k K --repeat_penalty: the same text as the own spellings ('%s')", out);
    check(run_capture("build/wm generate -m examples/models/doge-demo -p Hi -n 2 -s -1 --ctx-size 64 2>build/tmp/seed.err >/dev/null", out, sizeof out) == 0,
          "-s -1 and --ctx-size accepted");
    e = (char *)read_all("build/tmp/seed.err", &n);
    snprintf(err, sizeof err, "%s", e ? e : "");
    free(e);
    check(strstr(err, "seed ") != NULL, "-s -1 draws a seed and prints it: %s", err);
    check(run_capture("build/wm quantize examples/models/doge-demo build/tmp/habit.gguf Q4_K_M 2>&1", out, sizeof out) == 0 && strstr(out, "38 Q4_K"),
          "quantize IN OUT Q4_K_M (positional, upper case): %s", out);
    check(run_capture("build/wm quantize examples/models/doge-demo build/tmp/habit.gguf q8_0 --type q4_0 2>&1", out, sizeof out) != 0 &&
              strstr(out, "twice"), "quantize: a type both ways is refused: %s", out);
    check(run_capture("build/wm generate -m examples/models/doge-demo examples/models/doge-demo -p x 2>&1", out, sizeof out) != 0 &&
              strstr(out, "one too many"), "-m and a positional model: refused: %s", out);
    remove("build/tmp/habit.gguf");
    check(run_capture("build/wm generate -m examples/models/doge-demo -p 'The secret of a happy life is' -n 8 --temp 0 --no-mmap 2>/dev/null", out,
                      sizeof out) == 0 && !strcmp(out, want), "--no-mmap: the same text ('%s')", out);
    check(run_capture("build/wm info examples/models/doge-demo --mmap --no-mmap 2>&1", out, sizeof out) != 0 && strstr(out, "one or the other"),
          "--mmap with --no-mmap refused: %s", out);
    if (!getenv("WM_BIN")) { /* a script of llama.cpp's commands, unchanged but for the tool's name (tests/llama_commands.sh) */
        static char all[1 << 16];
        size_t hn = 0;
        char *ht = (char *)read_all("tests/fixtures/heldout.txt", &hn);
        FILE *hf = fopen("build/heldout-head.txt", "wb");
        if (ht && hf && hn > 8192) fwrite(ht, 1, 8192, hf);
        if (hf) fclose(hf);
        free(ht);
        check(run_capture("sh tests/llama_commands.sh build/wm build/tmp build/heldout-head.txt 2>&1", all, sizeof all) == 0 && strstr(all, " 38 Q5_K,") &&
                  strstr(all, "wm: seed ") && strstr(all, "stopped at \"Tolkien\"") && strstr(all, "| doge 6M Q5_K ") && strstr(all, "pp512 |") &&
                  strstr(all, "tg128 |") && strstr(all, "[1]") && strstr(all, ",[9]") && strstr(all, "Final estimate: PPL = "),
              "llama.cpp's commands (quantize IN OUT Q5_K_M, -m -p -n -c -s -1 --top-k, -r, bench -p 512 -n 128 -r 5 -o md, perplexity -f -c) run "
              "with wm: %s", all);
    }
    /* llama-bench's command and its tables */
    check(run_capture("build/wm bench -m examples/models/doge-demo -p 16 -n 4 -r 2 -o md 2>/dev/null", out, sizeof out) == 0 &&
              !strncmp(out, "| model ", 8) && strstr(out, "| t/s") == NULL && strstr(out, "t/s |") && strstr(out, "pp16 |") && strstr(out, "tg4 |") &&
              strstr(out, " \xc2\xb1 ") && strstr(out, "| CPU "),
          "bench -p -n -r -o md: llama-bench's table: %s", out);
    check(run_capture("build/wm bench examples/models/doge-demo -p 16 -n 4 -r 2 -o csv 2>/dev/null", out, sizeof out) == 0 &&
              !strncmp(out, "model_type,model_size,model_n_params,backend,n_threads,n_prompt,n_gen,test,avg_ns,stddev_ns,avg_ts,stddev_ts\n", 104) &&
              strstr(out, "\"pp16\"") && strstr(out, "\"tg4\""),
          "bench -o csv: %s", out);
    check(run_capture("build/wm bench examples/models/doge-demo -p 16 -n 4 -r 3 -o json 2>/dev/null", out, sizeof out) == 0 && out[0] == '[' &&
              strstr(out, "\"avg_ts\"") && strstr(out, "\"samples_ts\": [") && tj_value(out, out + strlen(out), 8) != NULL,
          "bench -o json: valid JSON: %s", out);
    check(run_capture("build/wm bench examples/models/doge-demo -o xml 2>&1", out, sizeof out) != 0 && strstr(out, "xml"), "bench -o xml refused: %s", out);
    check(run_capture("build/wm bench examples/models/doge-demo -p 8 -n 2 -r 2 2>/dev/null", out, sizeof out) == 0 && strstr(out, "| model") && strstr(out, "pp8"),
          "bench -r without -o: llama-bench's markdown table, as its users expect: %s", out);
}

static void test_cli_mistakes(void) {
    static const struct { const char *args, *needle; } bad[] = {
        {"generate D -p hi --bogus 3", "'--bogus'"},
        {"generate D -p hi --temperature 0.5", "'--temperature'"},
        {"generate D -p hi --temp abc", "--temp: 'abc'"},
        {"generate D -p hi --temp nan", "--temp: 'nan'"},
        {"generate D -p hi --temp inf", "--temp: 'inf'"},
        {"generate D -p hi --temp -1", "--temp: -1"},
        {"generate D -p hi -n abc", "--n-predict: 'abc'"},
        {"generate D -p hi -n 5x", "--n-predict: '5x'"},
        {"generate D -p hi -n -2", "--n-predict: -2"},
        {"generate D -p hi --seed abc", "--seed: 'abc'"},
        {"generate D -p hi -s -2", "--seed: '-2'"},
        {"generate D -p hi --top-p 1.5", "--top-p: 1.5"},
        {"generate D -p hi --min-p 2", "--min-p: 2"},
        {"generate D -p hi --top-k 2.5", "--top-k: '2.5'"},
        {"generate D -p hi -c 0", "--ctx: 0"},
        {"generate D -p hi -t x", "--threads: 'x'"},
        {"generate D -p hi extra", "'extra'"},
        {"generate D -p hi -p again", "given twice"},
        {"generate D", "no prompt"},
        {"generate D -p hi -f README.md", "not both"},
        {"generate D -p hi --temp", "--temp needs a value"},
        {"generate D -p \"$(printf 'word %.0s' $(seq 1500))\"", "the prompt is 150"},
        {"chat D -n abc", "--n-predict: 'abc'"},
        {"chat D --template nope", "unknown template 'nope'"},
        {"tokenize T hello world", "'world'"},
        {"tokenize T", "give the text or -f FILE"},
        {"tokenize T hi -f README.md", "not both"},
        {"tokenize build/tmp/none.json --count hi", "none.json"},
        {"detokenize T 1,,2", "'1,,2'"},
        {"generate examples/models/doge-demo/model.safetensors -p hi", "neither a directory nor a GGUF file"},
        {"generate build/tmp/full -p hi", "no config.json in this directory"},
        {"tokenize build/tmp/full hi", "a directory without tokenizer.json"},
        {"quantize tests/fixtures/llama-mamba2/q8_0.gguf build/tmp/rq.gguf --type q4_0", "--allow-requantize"},
        {"detokenize T", "missing arguments (usage: wm detokenize TOKENIZER IDS)"},
        {"logits D --ids 1,2", "--out are required"},
        {"random tests/fixtures/hf-mamba2/config.json build/tmp/full", "not empty"}, /* never a real model directory */
        {"random tests/fixtures/hf-mamba2/config.json build/tmp/rr --dtype f8", "'f8'"},
        {"bench D --prompt-len 20000000", "--prompt-len: 20000000"},
        {"bench D --gen 0", "--gen: 0"},
        {"info D --decode", "'--decode'"},
        {"frobnicate", "unknown command 'frobnicate'"}};
    char cmd[8192], args[4096];
    size_t k;
    run("mkdir -p build/tmp/full && echo x > build/tmp/full/keep");
    for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        const char *a = bad[k].args;
        size_t n = 0, len;
        char *msg;
        int rc;
        for (; *a && n + 64 < sizeof args; a++) { /* D: the demo model, T: its tokenizer */
            if (*a == 'D' && (a[1] == ' ' || !a[1]) && a[-1] == ' ') n += (size_t)sprintf(args + n, "examples/models/doge-demo");
            else if (*a == 'T' && (a[1] == ' ' || !a[1]) && a[-1] == ' ') n += (size_t)sprintf(args + n, "examples/models/doge-demo/tokenizer.json");
            else args[n++] = *a;
        }
        args[n] = 0;
        snprintf(cmd, sizeof cmd, "build/wm %s </dev/null >build/tmp/cli.out 2>build/tmp/cli.err", args);
        rc = run(cmd);
        msg = (char *)read_all("build/tmp/cli.err", &len);
        check(rc != 0 && msg && strstr(msg, bad[k].needle) && strchr(msg, '\n') == msg + len - 1,
              "wm %s: exit %d, one line naming '%s': %s", args, rc, bad[k].needle, msg ? msg : "(none)");
        free(msg);
    }
    /* and what works */
    {
        char out[8192];
        size_t len;
        char *readme = (char *)read_all("README.md", &len);
        check(run_capture("build/wm --help", out, sizeof out) == 0 && readme && strstr(readme, out), "README shows exactly `wm --help`");
        free(readme);
        check(run_capture("build/wm generate --help", out, sizeof out) == 0 && strstr(out, "--top-p"), "wm generate --help: exit 0");
        check(run_capture("build/wm --version", out, sizeof out) == 0 && !strncmp(out, "wm " WM_VERSION_STRING, 3 + strlen(WM_VERSION_STRING)),
              "wm --version");
        check(run_capture("build/wm generate examples/models/doge-demo -p hi -n 3 2>build/tmp/cli.err", out, sizeof out) == 0, "generate");
        { /* the habits a new user brings */
            char o1[8192], o2[8192];
            check(run_capture("build/wm generate examples/models/doge-demo -p '' -n 3 --seed 1 2>/dev/null", o1, sizeof o1) == 0 &&
                      strlen(o1) > 1, "generate -p '': starts from BOS (%s)", o1);
            check(run_capture("build/wm tokenize examples/models/doge-demo 'Hi there'", o1, sizeof o1) == 0 &&
                      run_capture("build/wm tokenize examples/models/doge-demo/tokenizer.json 'Hi there'", o2, sizeof o2) == 0 && !strcmp(o1, o2),
                  "tokenize MODEL_DIR: its tokenizer.json (%s)", o1);
            check(run_capture("build/wm quantize tests/fixtures/llama-mamba2/q8_0.gguf build/tmp/rq.gguf --type q4_0 --allow-requantize 2>/dev/null",
                              o1, sizeof o1) == 0, "quantize --allow-requantize");
            check(run_capture("build/wm info tests/fixtures/llama-mamba2/q8_0.gguf | grep parameters", o1, sizeof o1) == 0 &&
                      run_capture("build/wm info tests/fixtures/llama-mamba2/f32.gguf | grep parameters", o2, sizeof o2) == 0 && !strcmp(o1, o2) &&
                      strstr(o1, "93552"), "info: a Q8_0 file's parameters are its elements, not its blocks (%s)", o1);
            check(run_capture("build/wm bench examples/models/doge-demo --prompt-len 1020 --gen 8 2>&1 >/dev/null | grep 'trained context'", o1,
                              sizeof o1) == 0, "bench past the trained context warns");
        }
        {
            char *msg = (char *)read_all("build/tmp/cli.err", &len), *at = msg ? strstr(msg, "--seed ") : NULL;
            char again[512], out2[8192];
            unsigned long long seed = at ? strtoull(at + 7, NULL, 10) : 0;
            check(at != NULL, "a drawn seed is printed: %s", msg ? msg : "");
            snprintf(again, sizeof again, "build/wm generate examples/models/doge-demo -p hi -n 3 --seed %llu 2>/dev/null", seed);
            check(at && run_capture(again, out2, sizeof out2) == 0 && !strcmp(out, out2), "the printed seed repeats the run");
            free(msg);
        }
        check(run_capture("build/wm generate examples/models/doge-demo -p Once -n -1 --temp 0 --ignore-eos -c 40 2>build/tmp/cli.err", out,
                          sizeof out) == 0,
              "generation that fills the context exits 0");
        {
            char *msg = (char *)read_all("build/tmp/cli.err", &len);
            check(msg && strstr(msg, "decode 37 tokens") && strstr(msg, "context is full"), "it stops with its stats line: %s", msg ? msg : "");
            free(msg);
        }
        {
            char a2[256];
            check(run_capture("printf 'Hello world' | build/wm tokenize examples/models/doge-demo/tokenizer.json -f -", out, sizeof out) == 0 &&
                      run_capture("build/wm tokenize examples/models/doge-demo/tokenizer.json 'Hello world'", a2, sizeof a2) == 0 &&
                      !strcmp(out, a2) && strlen(out) > 2,
                  "tokenize -f - reads stdin: %s", out);
        }
        check(run_capture("build/wm generate examples/models/doge-demo -p hi -n 1 --temp 0 -c 2048 2>build/tmp/cli.err", out, sizeof out) == 0,
              "generate -c past the trained context runs");
        {
            char *msg = (char *)read_all("build/tmp/cli.err", &len);
            check(msg && strstr(msg, "warning: --ctx 2048 exceeds the model's trained context (1024"), "and warns: %s", msg ? msg : "");
            free(msg);
        }
        /* chat: a full context drops the oldest turns and says so; a line of any length is one turn; exit 1 when every turn failed */
        check(run_capture("for i in 1 2 3 4 5 6; do echo \"Tell me a story about the number $i please\"; done | "
                          "build/wm chat examples/models/doge-demo -n 24 --temp 0 -c 96 2>build/tmp/cli.err", out, sizeof out) == 0,
              "chat past its context exits 0");
        {
            char *msg = (char *)read_all("build/tmp/cli.err", &len);
            check(msg && strstr(msg, "the context is full: the conversation goes on without its"), "chat drops its oldest turns: %s", msg ? msg : "");
            free(msg);
        }
        check(run("python3 -c \"print('word ' * 3000)\" | build/wm chat examples/models/doge-demo -c 256 >/dev/null 2>build/tmp/cli.err") != 0,
              "chat: the only turn failed: exit 1");
        {
            char *msg = (char *)read_all("build/tmp/cli.err", &len);
            check(msg && strstr(msg, "the message takes 30") && strstr(msg, "not sent") && strchr(msg, '\n') == msg + len - 1,
                  "one turn, one line: %s", msg ? msg : "");
            free(msg);
        }
        mkdir("build/tmp/rnd-force", 0777);
        remove("build/tmp/rnd-force/model.safetensors");
        remove("build/tmp/rnd-force/config.json");
        check(write_all("build/tmp/rnd-force/keep.txt", "x", 1) &&
                  run("build/wm random tests/fixtures/hf-mamba2/config.json build/tmp/rnd-force 2>/dev/null") != 0 &&
                  !file_exists("build/tmp/rnd-force/model.safetensors") &&
                  run("build/wm random tests/fixtures/hf-mamba2/config.json build/tmp/rnd-force --force") == 0 &&
                  file_exists("build/tmp/rnd-force/model.safetensors"),
              "wm random: a non-empty directory only with --force");
    }
}

/* wm generate with the tokenizer a checkpoint ships: a Mamba-2 directory with
   a GPT-NeoX-style tokenizer.json (NFC + byte-level), and llama.cpp's GGUF
   with its own vocabulary (tokenizer.ggml.*) */
static void test_cli_tokenizers(void) {
    char out[4096];
    check(run_capture("build/wm generate tests/fixtures/hf-mamba2 -p \"Hello world\" -n 4 --temp 0 2>/dev/null", out, sizeof out) == 0 &&
              !strncmp(out, "Hello world", 11), "generate: a Mamba-2 directory with its tokenizer.json: '%s'", out);
    check(run_capture("build/wm generate tests/fixtures/llama-mamba2/f32.gguf -p \"Hello world\" -n 4 --temp 0 2>/dev/null", out, sizeof out) == 0 &&
              !strncmp(out, "Hello world", 11), "generate: llama.cpp's Mamba-2 GGUF with its own vocabulary: '%s'", out);
    check(run_capture("build/wm tokenize tests/fixtures/hf-mamba2/tokenizer.json \"Hello\" 2>/dev/null", out, sizeof out) == 0 &&
              !strcmp(out, "41,70,77,77,80\n"), "tokenize with the Mamba-2 tokenizer.json: '%s'", out);
}

static void test_cli(void) {
    static const char *fx[] = {"tests/fixtures/cheems-tiny", "tests/fixtures/cheems-variants", "tests/fixtures/doge-paper",
                               "tests/fixtures/hf-doge-dense", "tests/fixtures/hf-doge-moe", "tests/fixtures/hf-mamba2"};
    char cmd[4096], rp[256], ids_s[2048];
    size_t i, k;
    int mode;
    if (!getenv("WM_BIN") && !file_exists("build/wm")) { check(0, "build/wm is missing (run make)"); return; }
    mkdir("build/tmp", 0777);
    for (i = 0; i < sizeof fx / sizeof fx[0]; i++) {
        ref r;
        size_t T, nl, n = 0;
        int32_t *ids;
        float *want;
        snprintf(rp, sizeof rp, "%s/ref.safetensors", fx[i]);
        if (!ref_load(&r, rp)) { check(0, "%s", rp); continue; }
        ids = (int32_t *)ref_get(&r, "input_ids", &T);
        want = (float *)ref_get(&r, "logits", &nl);
        ids_s[0] = 0;
        for (k = 0; k < T; k++) n += (size_t)snprintf(ids_s + n, sizeof ids_s - n, k ? ",%d" : "%d", ids[k]);
        for (mode = 0; mode < 1 + r.decode_eq; mode++) {
            size_t got_n;
            float *got;
            remove("build/tmp/cli.bin");
            snprintf(cmd, sizeof cmd, "build/wm logits %s --ids %s --out build/tmp/cli.bin%s", fx[i], ids_s, mode ? " --decode" : "");
            check(run(cmd) == 0, "%s exits 0", cmd);
            got = (float *)read_all("build/tmp/cli.bin", &got_n);
            check(got && got_n == nl * 4 && max_err(got, want, nl) <= tol_of(want, nl), "wm logits %s%s within tolerance", fx[i],
                  mode ? " --decode" : "");
            free(got);
        }
        free(ids); free(want);
        ref_free(&r);
    }
    remove("build/tmp/cli.bin");
    check(run("build/wm logits tests/fixtures/hf-mamba2 --ids 1,2,999 --out build/tmp/cli.bin 2>build/tmp/cli.err") != 0 &&
              !file_exists("build/tmp/cli.bin") && !file_exists("build/tmp/cli.bin.tmp"),
          "bad token id: non-zero exit, no output file");
    {
        size_t n;
        char *msg = (char *)read_all("build/tmp/cli.err", &n);
        check(msg && strstr(msg, "999") && strchr(msg, '\n') == msg + n - 1, "one line on stderr naming the token: %s", msg ? msg : "");
        free(msg);
    }
    check(run("build/wm logits build/tmp/nowhere --ids 1 --out build/tmp/cli.bin 2>/dev/null") != 0, "missing model dir");
    check(run("build/wm logits tests/fixtures/hf-mamba2 --ids 1,,2 --out build/tmp/cli.bin 2>/dev/null") != 0, "malformed --ids");
    check(run("build/wm random tests/fixtures/hf-doge-moe/config.json build/tmp/rnd --seed 3 --dtype bf16 --force") == 0 &&
              run("build/wm logits build/tmp/rnd --ids 1,2,3 --out build/tmp/cli.bin") == 0,
          "wm random writes a checkpoint wm logits runs");
    /* text commands */
    {
        char out[4096];
        const char *tk = "tests/fixtures/tokenizer-doge/tokenizer.json";
        snprintf(cmd, sizeof cmd, "build/wm tokenize %s \"Hello world\"", tk);
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, "15916,1158\n"), "wm tokenize: %s", out);
        snprintf(cmd, sizeof cmd, "build/wm tokenize %s --special \"Hello world\"", tk);
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, "0,15916,1158\n"), "wm tokenize --special: %s", out);
        snprintf(cmd, sizeof cmd, "build/wm detokenize %s 0,15916,1158,1", tk);
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, "<|begin_of_text|>Hello world<|end_of_text|>"), "wm detokenize: %s", out);
        snprintf(cmd, sizeof cmd, "build/wm detokenize %s '[0, 15916, 1158, 1]'", tk); /* a JSON list, as the tokenizers library prints ids */
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, "<|begin_of_text|>Hello world<|end_of_text|>"), "wm detokenize '[...]': %s", out);
        snprintf(cmd, sizeof cmd, "build/wm detokenize %s '15916 1158'", tk);
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, "Hello world"), "wm detokenize 'a b': %s", out);
        snprintf(cmd, sizeof cmd, "build/wm detokenize %s ''", tk);
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, ""), "wm detokenize '' (no ids: no text): %s", out);
        snprintf(cmd, sizeof cmd, "build/wm detokenize %s 15916,99999,1158 2>build/tmp/cli.err", tk); /* skipped as the library skips it, with a word */
        check(run_capture(cmd, out, sizeof out) == 0 && !strcmp(out, "Hello world"), "wm detokenize skips an unknown id: %s", out);
        check(run_capture("build/wm tokenize build/tmp/none.json hi 2>/dev/null", out, sizeof out) != 0, "missing tokenizer file");
        check(run_capture("build/wm generate examples/models/doge-demo --prompt \"The secret of a happy life is\" -n 64 --temp 0 2>/dev/null",
                          out, sizeof out) == 0 &&
                  !strcmp(out, "The secret of a happy life is that you can't get away with it.\n\t\t-- J. R. R. Tolkien\n"),
              "wm generate greedy: %s", out);
        {
            char a[4096], b[4096];
            int ok = run_capture("build/wm generate examples/models/doge-demo --prompt \"Hacker: I have\" -n 0 --seed 5 "
                                 "--save-session build/tmp/cli.session 2>/dev/null", a, sizeof a) == 0;
            ok &= run_capture("build/wm generate examples/models/doge-demo --load-session build/tmp/cli.session -n 30 --ignore-eos 2>/dev/null",
                              b, sizeof b) == 0;
            ok &= run_capture("build/wm generate examples/models/doge-demo --prompt \"Hacker: I have\" -n 30 --seed 5 --ignore-eos 2>/dev/null",
                              out, sizeof out) == 0;
            a[strlen(a) - 1] = 0; /* drop the newline after the prompt */
            strncat(a, b, sizeof a - strlen(a) - 1);
            check(ok && strlen(out) > 40 && !strcmp(a, out), "CLI save + load = uninterrupted: '%s' vs '%s'", a, out);
        }
        check(run_capture("build/wm generate examples/models/doge-demo --load-session tests/fixtures/hf-mamba2/config.json 2>/dev/null",
                          out, sizeof out) != 0, "a bad session file is refused");
    }
    test_cli_mistakes();
    test_cli_llama_habits();
}

/* ---- tokenizer: parity with the tokenizers library ----------------------- */

static wm_tokenizer *load_tok(const char *path) {
    wm_tokenizer *t = NULL;
    wm_error e;
    if (wm_tokenizer_load(&t, path, &e) != WM_OK) check(0, "%s", e.message);
    return t;
}

/* ids of JSON array v */
static size_t json_ids(const char *v, const char *e, int32_t *out, size_t cap) {
    tj_it it;
    const char *x;
    size_t n = 0;
    double d = 0;
    tj_iter(&it, v, e);
    while (tj_next(&it, NULL, &x)) { tj_double(x, e, &d); if (n < cap) out[n] = (int32_t)d; n++; }
    return n;
}

static int ids_equal(const int32_t *a, size_t na, const int32_t *b, size_t nb) {
    return na == nb && (na == 0 || !memcmp(a, b, na * sizeof(int32_t)));
}

static void test_tokenizer_cases(void) {
    size_t size, k = 0;
    char *js = (char *)read_all("tests/fixtures/tokenizer-doge/cases.json", &size);
    wm_tokenizer *t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    const char *e, *x;
    tj_it it;
    if (!js || !t) { check(0, "tokenizer fixtures"); free(js); wm_tokenizer_free(t); return; }
    e = js + size;
    check(tj_value(js, e, 64) != NULL, "cases.json parses");
    tj_iter(&it, tj_ws(js, e), e);
    while (tj_next(&it, NULL, &x)) {
        char text[4096], dec[4096];
        int32_t want[1024], got[1024], want_s[1024];
        size_t tl = tj_str(tj_get(x, e, "text"), e, text, sizeof text), nw, nws, ng, dl;
        nw = json_ids(tj_get(x, e, "ids"), e, want, 1024);
        nws = json_ids(tj_get(x, e, "ids_with_special"), e, want_s, 1024);
        tj_str(tj_get(x, e, "decoded"), e, dec, sizeof dec);
        check(wm_tokenize(t, text, tl, 0, got, 1024, &ng) == WM_OK && ids_equal(got, ng, want, nw), "case %zu: ids of '%.40s'", k, text);
        check(wm_tokenize(t, text, tl, 1, got, 1024, &ng) == WM_OK && ids_equal(got, ng, want_s, nws), "case %zu: ids with special", k);
        {
            char out[4096];
            wm_detokenize(t, want, nw, out, sizeof out, &dl);
            check(dl == strlen(dec) && !memcmp(out, dec, dl), "case %zu: decoded text", k);
        }
        k++;
    }
    check(k >= 14, "all %zu cases read", k);
    free(js);
    wm_tokenizer_free(t);
}

/* Real tokenizers against the tokenizers library: tests/fixtures/tok/NAME.*.gz
   (tools/gen_tok_cases.js), 183 texts of 400 KB each: ids without and with
   the special tokens, and the decoded ids, equal token for token. */
static char *gunzip_file(const char *gz, const char *out, size_t *n) {
    char cmd[600];
    snprintf(cmd, sizeof cmd, "gzip -dc %s > %s", gz, out);
    if (system(cmd) != 0) return NULL;
    return (char *)read_all(out, n);
}

/* t in its in-place form (wm_tokenizer_save, then wm_tokenizer_init_blob on
   a copy of the blob): *mem holds the blob and the struct */
static wm_tokenizer *tok_via_blob(const wm_tokenizer *t, void **mem) {
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

static void tok_family(const char *name) {
    char gz[256], raw[256];
    size_t size, k = 0, bad_ids = 0, bad_sp = 0, bad_dec = 0, n_ids = 0, text_bytes = 0, n_lists = 0, bad_lists = 0;
    char *js, *text = (char *)malloc(1 << 20), *dec = (char *)malloc(1 << 20), *out = (char *)malloc(1 << 20);
    int32_t *want = (int32_t *)malloc(sizeof(int32_t) << 18), *got = (int32_t *)malloc(sizeof(int32_t) << 18);
    wm_tokenizer *t, *tb;
    void *tb_mem;
    size_t bad_blob = 0;
    const char *e, *x;
    tj_it it;
    snprintf(gz, sizeof gz, "tests/fixtures/tok/%s.tokenizer.json.gz", name);
    snprintf(raw, sizeof raw, "build/tok-%s.tokenizer.json", name);
    js = gunzip_file(gz, raw, &size);
    free(js);
    t = load_tok(raw);
    tb = tok_via_blob(t, &tb_mem);
    snprintf(gz, sizeof gz, "tests/fixtures/tok/%s.cases.json.gz", name);
    snprintf(raw, sizeof raw, "build/tok-%s.cases.json", name);
    js = gunzip_file(gz, raw, &size);
    if (!js || !t) { check(0, "%s: tokenizer and cases load", name); goto done; }
    e = js + size;
    tj_iter(&it, tj_ws(js, e), e);
    while (tj_next(&it, NULL, &x)) {
        size_t tl, nw, ng, dl = 0, want_dl;
        nw = json_ids(tj_get(x, e, "ids"), e, want, 1 << 18);
        want_dl = tj_str(tj_get(x, e, "decoded"), e, dec, 1 << 20);
        if (tj_get(x, e, "decode_only")) { /* a random id list: its decoded text only */
            if (wm_detokenize(t, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl))
                if (!bad_lists++) check(0, "%s: decoded id list %zu differs", name, n_lists);
            if (tb && n_lists % 8 == 0 && (wm_detokenize(tb, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl))) bad_blob++;
            n_lists++;
            continue;
        }
        tl = tj_str(tj_get(x, e, "text"), e, text, 1 << 20);
        if (wm_tokenize(t, text, tl, 0, got, 1 << 18, &ng) != WM_OK || !ids_equal(got, ng, want, nw)) {
            if (!bad_ids++) check(0, "%s: ids of text %zu ('%.30s...') differ", name, k, text);
        }
        if (k % 2 == 0 && (!tb || wm_tokenize(tb, text, tl, k % 4 == 2, got, 1 << 18, &ng) != WM_OK || (k % 4 == 0 && !ids_equal(got, ng, want, nw))))
            bad_blob++; /* every other text through the blob: without the special tokens, or (below) with them */
        if (tb && k % 4 == 2) { /* with the special tokens: the same ids as from the JSON */
            size_t nj = 0;
            int32_t *gj = got + ng;
            if (ng > (1 << 17) || wm_tokenize(t, text, tl, 1, gj, 1 << 17, &nj) != WM_OK || !ids_equal(got, ng, gj, nj)) bad_blob++;
        }
        nw = json_ids(tj_get(x, e, "ids_with_special"), e, want, 1 << 18);
        if (wm_tokenize(t, text, tl, 1, got, 1 << 18, &ng) != WM_OK || !ids_equal(got, ng, want, nw)) {
            if (!bad_sp++) check(0, "%s: ids with special tokens of text %zu differ", name, k);
        }
        nw = json_ids(tj_get(x, e, "ids"), e, want, 1 << 18);
        if (wm_detokenize(t, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl)) {
            if (!bad_dec++) check(0, "%s: decoded text %zu differs", name, k);
        }
        if (tb && k % 4 == 0 && (wm_detokenize(tb, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl))) bad_blob++;
        n_ids += nw;
        text_bytes += tl;
        k++;
    }
    check(k >= 150 && n_lists >= 300 && !bad_ids && !bad_sp && !bad_dec && !bad_lists,
          "%s: %zu texts (%zu bytes, %zu ids): ids %zu, with special %zu, decoded %zu differ; %zu random id lists: %zu decode differently", name,
          k, text_bytes, n_ids, bad_ids, bad_sp, bad_dec, n_lists, bad_lists);
    check(tb && bad_blob == 0, "%s: the tokenizer in place (wm_tokenizer_init_blob) differs on %zu of %zu texts", name, bad_blob, k);
done:
    free(js); free(text); free(dec); free(out); free(want); free(got); free(tb_mem);
    wm_tokenizer_free(t);
    remove(raw);
    snprintf(raw, sizeof raw, "build/tok-%s.tokenizer.json", name);
    remove(raw);
}

/* Chat formats: ChatML and Rodimus+ render as their checkpoints do, and the
   template is recognized from tokenizer_config.json or the tokenizer. */
/* Vocabulary-only GGUFs (tokenizer.ggml.*, as llama.cpp writes them) of the
   GPT-2 tokenizer (model "gpt2", merges) and of Llama-2's (model "llama",
   SentencePiece scores), by tools/gen_gguf_vocab.py: the tokenizer wm.h builds
   from each gives llama.cpp's ids (llama-tokenize on the same file) and the
   tokenizers library's on every text. */
static void tok_gguf_case(const char *name) {
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

static void test_tokenizer_gguf(void) {
    tok_gguf_case("gpt2");
    tok_gguf_case("llama2");
}

/* NFC and NFKC of a base and long runs of combining marks (up to 5,000):
   the tokenizers library's result (tests/fixtures/tok/marks.json, by
   tools/gen_mark_cases.js: the count and FNV-1a 64 of the ids of a
   byte-level tokenizer with no merges, one id per normalized byte) */
static void test_tokenizer_marks(void) {
    size_t n = 0, tn = 0, k = 0, same = 0;
    char *js = (char *)read_all("tests/fixtures/tok/marks.json", &n), *tj = (char *)read_all("tests/fixtures/tok/marks.tokenizer.json", &tn), *tk = NULL;
    const char *e = js ? js + n : NULL, *c;
    wm_tokenizer *t[2] = {NULL, NULL};
    wm_error er;
    tj_it it;
    int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * 65536);
    char *text = (char *)malloc(65536), *at;
    if (!js || !tj || !ids || !text || !(at = strstr(tj, "\"NFC\""))) { check(0, "tests/fixtures/tok/marks*.json"); goto done; }
    check(wm_tokenizer_open(&t[0], tj, tn, &er) == WM_OK, "marks tokenizer (NFC): %s", er.message);
    tk = (char *)malloc(tn + 2); /* the same with "NFKC" */
    memcpy(tk, tj, (size_t)(at - tj)); memcpy(tk + (at - tj), "\"NFKC\"", 6); memcpy(tk + (at - tj) + 6, at + 5, tn - (size_t)(at - tj) - 5);
    check(wm_tokenizer_open(&t[1], tk, tn + 1, &er) == WM_OK, "marks tokenizer (NFKC): %s", er.message);
    for (tj_iter(&it, tj_ws(js, e), e); t[0] && t[1] && tj_next(&it, NULL, &c); k++) {
        char head[16], mark[16], tail[256], want[24], got[24];
        double kk = 0, wn = 0;
        size_t hl = tj_str(tj_get(c, e, "head"), e, head, sizeof head), ml = tj_str(tj_get(c, e, "mark"), e, mark, sizeof mark);
        size_t tl = tj_str(tj_get(c, e, "tail"), e, tail, sizeof tail), len = 0, ni = 0, j;
        int nfkc = tj_get(c, e, "norm")[2] == 'F' && tj_get(c, e, "norm")[3] == 'K';
        uint64_t h = 0xcbf29ce484222325ull;
        tj_double(tj_get(c, e, "k"), e, &kk);
        tj_double(tj_get(c, e, "n"), e, &wn);
        tj_str(tj_get(c, e, "fnv"), e, want, sizeof want);
        memcpy(text, head, hl); len = hl;
        for (j = 0; j < (size_t)kk && len + ml + tl < 65536; j++) { memcpy(text + len, mark, ml); len += ml; }
        memcpy(text + len, tail, tl); len += tl;
        if (wm_tokenize(t[nfkc], text, len, 0, ids, 65536, &ni) != WM_OK) continue;
        for (j = 0; j < ni; j++) { /* FNV-1a 64 of "id,id,..." */
            char num[16];
            int l = snprintf(num, sizeof num, j ? ",%d" : "%d", ids[j]), q;
            for (q = 0; q < l; q++) { h ^= (unsigned char)num[q]; h *= 0x100000001b3ull; }
        }
        snprintf(got, sizeof got, "%016llx", (unsigned long long)h);
        if (ni == (size_t)wn && !strcmp(got, want)) same++;
        else if (k - same < 4) printf("  marks case %zu (%s, %d marks): %zu ids, the library %d\n", k, nfkc ? "NFKC" : "NFC", (int)kk, ni, (int)wn);
    }
    check(k >= 160 && same == k, "NFC/NFKC of runs of up to 5,000 combining marks: %zu of %zu as the tokenizers library", same, k);
done:
    wm_tokenizer_free(t[0]); wm_tokenizer_free(t[1]);
    free(js); free(tj); free(tk); free(ids); free(text);
}

/* What wm.h does not read fails at load, naming the feature. */
static void test_tokenizer_refusals(void) {
    static const struct { const char *json, *needle; } c[] = {
        {"{\"model\":{\"type\":\"WordPiece\",\"vocab\":{\"a\":0}},\"pre_tokenizer\":null,\"decoder\":null}", "WordPiece"},
        {"{\"model\":{\"type\":\"Unigram\",\"vocab\":[[\"a\",0.0]]},\"pre_tokenizer\":null,\"decoder\":null}", "Unigram"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"normalizer\":{\"type\":\"NFD\"},"
         "\"pre_tokenizer\":{\"type\":\"ByteLevel\"},\"decoder\":{\"type\":\"ByteLevel\"}}", "NFD"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":"
         "[{\"type\":\"BertPreTokenizer\"},{\"type\":\"ByteLevel\"}]},\"decoder\":{\"type\":\"ByteLevel\"}}", "BertPreTokenizer"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":"
         "[{\"type\":\"Split\",\"pattern\":{\"Regex\":\"\\\\p{N}{1,4}\"},\"behavior\":\"Isolated\"},{\"type\":\"ByteLevel\",\"use_regex\":false}]},"
         "\"decoder\":{\"type\":\"ByteLevel\"}}", "no matcher for (\\p{N}{1,4};"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"ByteLevel\"},"
         "\"decoder\":{\"type\":\"WordPiece\"}}", "ByteLevel"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":null,\"decoder\":{\"type\":\"CTC\"}}", "CTC"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"normalizer\":{\"type\":\"Replace\",\"pattern\":{\"Regex\":\" +\"},"
         "\"content\":\" \"},\"pre_tokenizer\":null,\"decoder\":{\"type\":\"Fuse\"}}", "Regex"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"Split\",\"pattern\":{\"String\":\" \"},"
         "\"behavior\":\"Isolated\",\"invert\":true},\"decoder\":{\"type\":\"ByteLevel\"}}", "invert"}};
    size_t i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        wm_tokenizer *t = NULL;
        wm_error e;
        wm_status st = wm_tokenizer_open(&t, c[i].json, strlen(c[i].json), &e);
        check(st == WM_ERR_UNSUPPORTED && strstr(e.message, c[i].needle), "refusal %zu names '%s': %s", i, c[i].needle, st == WM_OK ? "loaded" : e.message);
        wm_tokenizer_free(t);
    }
}

/* "normalized" added tokens: wm_tokenizer_find takes the content as the
   file gives it (not the normalized text it is matched by), and a content
   the normalizer empties is refused at load, naming the token. */
static void test_tokenizer_nz_added(void) {
    static const char *strip_all = "{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"normalizer\":{\"type\":\"Strip\","
                                   "\"strip_left\":true,\"strip_right\":true},\"pre_tokenizer\":{\"type\":\"ByteLevel\"},\"decoder\":"
                                   "{\"type\":\"ByteLevel\"},\"added_tokens\":[{\"id\":1,\"content\":\"  \",\"normalized\":true}]}";
    size_t size;
    wm_tokenizer *t;
    wm_error e;
    wm_status st;
    int32_t ids[16];
    size_t n = 0;
    free(gunzip_file("tests/fixtures/tok/gpt2-lower-nzadded.tokenizer.json.gz", "build/tok-nz.json", &size));
    t = load_tok("build/tok-nz.json");
    remove("build/tok-nz.json");
    if (t) {
        int32_t hello = wm_tokenizer_find(t, "HELLO");
        check(hello >= 0 && wm_tokenizer_find(t, "hello") < 0 && wm_tokenizer_find(t, "<MASK>") >= 0,
              "find: contents as given (HELLO %d, hello %d)", (int)hello, (int)wm_tokenizer_find(t, "hello"));
        check(wm_tokenize(t, "hElLo", 5, 0, ids, 16, &n) == WM_OK && n == 1 && ids[0] == hello, "hElLo is the normalized token HELLO (%zu ids)", n);
        check(wm_tokenize(t, "xhello", 6, 0, ids, 16, &n) == WM_OK && n == 2 && ids[1] == hello, "matched inside a word too (%zu ids)", n);
    }
    wm_tokenizer_free(t);
    t = NULL;
    st = wm_tokenizer_open(&t, strip_all, strlen(strip_all), &e);
    check(st == WM_ERR_FORMAT && strstr(e.message, "added token 0") && strstr(e.message, "empty once normalized"), "empty once normalized: %s",
          st == WM_OK ? "loaded" : e.message);
    wm_tokenizer_free(t);
}

/* Gemma's vocabulary has one token with U+2581 after another character
   (">\u2581</"): words are still cut before U+2581 runs for speed, except
   after ">". Ids from the tokenizers library. */
static void test_tokenizer_sp_block(void) {
    static const struct { const char *text; int32_t ids[6]; size_t n; } c[] = {
        {"> </", {107068}, 1}, {"a > </ b", {236746, 1890, 1454, 518}, 4}, {"x>  </y", {236781, 236813, 138, 954, 236762}, 5}};
    size_t size, i, n;
    int32_t ids[16];
    wm_tokenizer *t;
    free(gunzip_file("tests/fixtures/tok/gemma3.tokenizer.json.gz", "build/tok-g3.json", &size));
    t = load_tok("build/tok-g3.json");
    remove("build/tok-g3.json");
    for (i = 0; t && i < sizeof c / sizeof c[0]; i++) {
        wm_status st = wm_tokenize(t, c[i].text, strlen(c[i].text), 0, ids, 16, &n);
        check(st == WM_OK && ids_equal(ids, n, c[i].ids, c[i].n), "gemma3 '%s': %zu ids as the library's", c[i].text, n);
    }
    wm_tokenizer_free(t);
}

static void test_chat_templates(void) {
    static const char *qwen_cfg = "{\"chat_template\": \"{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n'}}{% endfor %}\"}";
    static const char *rod_cfg = "{\"tokenizer_class\": \"RodimusTokenizer\", \"bos_token\": \"<|startoftext|>\"}";
    static const char *llama_cfg = "{\"chat_template\": \"{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>' }}\"}";
    char out[512];
    const wm_chat_template *c = wm_chat_template_get("chatml"), *r = wm_chat_template_get("rodimus");
    wm_tokenizer *t;
    check(c && wm_chat_render(c, 1, "Be brief.", "Hi", out, sizeof out) > 0 &&
              !strcmp(out, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"),
          "chatml first turn: %s", out);
    check(c && wm_chat_render(c, 0, NULL, "More", out, sizeof out) > 0 && !strcmp(out, "<|im_end|>\n<|im_start|>user\nMore<|im_end|>\n<|im_start|>assistant\n"),
          "chatml later turn: %s", out);
    check(r && wm_chat_render(r, 1, "You are Rodimus+.", "Hi", out, sizeof out) > 0 &&
              !strcmp(out, "<role>SYSTEM</role>You are Rodimus+.<role>HUMAN</role>Hi<role>ASSISTANT</role>"), "rodimus first turn: %s", out);
    check(wm_chat_template_guess(qwen_cfg, strlen(qwen_cfg), NULL) == c, "ChatML recognized from its chat_template");
    check(wm_chat_template_guess(rod_cfg, strlen(rod_cfg), NULL) == r, "Rodimus recognized from tokenizer_class");
    check(wm_chat_template_guess(llama_cfg, strlen(llama_cfg), NULL) == wm_chat_template_get("doge"), "header-id format recognized");
    check(wm_chat_template_guess("{}", 2, NULL) == NULL && wm_chat_template_guess("not json", 8, NULL) == NULL, "nothing to recognize: NULL");
    t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    check(t && wm_chat_template_guess(NULL, 0, t) == wm_chat_template_get("doge"), "doge recognized from its special tokens");
    wm_tokenizer_free(t);
}

static void test_tokenizer_real(void) {
    static const char *fam[] = {"gpt2", "llama3", "qwen3", "claude", "llama2", "deepseek_v3", "gpt2-added", "llama2-metaspace",
                                "mamba2-neox", "gpt2-prefix", "gpt2-digits", "llama2-splits", "llama2-wsplit", "gpt2-lower", "llama2-lower",
                                "llama2-nzadded", "gpt2-lower-nzadded", "llama2-metaspace-nzadded",
                                "gemma3", "gpt4o", "mistral_nemo"};
    size_t i;
    mkdir("build", 0777);
    for (i = 0; i < sizeof fam / sizeof fam[0]; i++) tok_family(fam[i]);
}

static void test_tokenizer_own(void) {
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
   chunk); save / restore keeps it; a session of another state type is
   refused; the RAM shrinks; on the cheems demo the greedy tokens of a
   teacher-forced text stay the F32 ones. */
static int state_bits_equal(const wm_session *a, const wm_session *b, int stype, int *n_layers) {
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

static void state_round(wm_session *a, int stype) { /* a's F32 states rounded to stype and back, in place */
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
static void test_model_mmap(void) {
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

static void test_state_type(void) {
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
            /* a prefill call of 4 tokens (one SSD chunk or less; one GLA / MCSD call): rounded once, at its end */
            wm_session_reset(f); wm_session_reset(r);
            wm_prefill(f, toks, 4, l1, WM_LOGITS_LAST); wm_prefill(r, toks, 4, l2, WM_LOGITS_LAST);
            check(state_bits_equal(f, r, k, &nl) && !memcmp(l1, l2, sizeof(float) * (size_t)V), "%s, %s state: prefill rounds once per call",
                  dirs[d], wm_type_name(k));
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
    { /* the cheems demo, 96 tokens of held-out text decoded under each: greedy tokens and logits against F32's */
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
}


static void test_tokenizer_blob(void) {
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
    { /* in a GGUF: wm.tokenizer, 8-byte aligned in the file */
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
    free(buf);
    free(js);
    wm_tokenizer_free(t);
}

static void test_tokenizer_added_search(void) {
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

/* README's firmware RAM table is what `make plan` prints: wm plan on each
   demo model at Q8_0 with the firmware's settings. */
static void test_readme_plan(void) {
    static const char *models[2] = {"cheems", "doge"}, *prompts[2] = {"The secret of a happy life is", "I think that"};
    static const char *keys[] = {"WM_PLAN_MODEL_BYTES", "WM_PLAN_TOKENIZER_BYTES", "WM_PLAN_SESSION_BYTES", "WM_PLAN_GENERATE_BYTES",
                                 "WM_PLAN_LOGITS_BYTES", "WM_PLAN_RAM_BYTES"};
    size_t len, k;
    char *readme = (char *)read_all("README.md", &len);
    int m, rows = 0, bad = 0;
    if (!readme) { check(0, "README.md"); return; }
    for (m = 0; m < 2; m++) {
        char cmd[512], out[8192];
        snprintf(cmd, sizeof cmd, "build/wm quantize examples/models/%s-demo build/tmp/plan-%s.gguf --type q8_0 --tokenizer-blob 2>/dev/null && "
                                  "build/wm plan build/tmp/plan-%s.gguf --ctx 256 --batch 1 --cache-type q8_0 -p '%s' -n 24",
                 models[m], models[m], models[m], prompts[m]);
        if (run_capture(cmd, out, sizeof out) != 0) { check(0, "wm plan of %s", models[m]); continue; }
        for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            char pat[64], *at, *row, num[32];
            long want = -1, got = -1;
            int col = 0, j = 0;
            snprintf(pat, sizeof pat, "#define %s ", keys[k]);
            if ((at = strstr(out, pat)) != NULL) want = strtol(at + strlen(pat), NULL, 10);
            snprintf(pat, sizeof pat, "(`%s`) |", keys[k]);
            if (!(row = strstr(readme, pat))) { bad++; continue; }
            row += strlen(pat);
            for (; *row && *row != '\n' && col <= m; row++) { /* the m-th number column, commas dropped */
                if (*row == '|') { if (col == m) break; col++; j = 0; continue; }
                if (col == m && *row >= '0' && *row <= '9' && j < 31) num[j++] = *row;
            }
            num[j] = 0;
            got = j ? strtol(num, NULL, 10) : -1;
            rows++;
            if (got != want) { bad++; fprintf(stderr, "  README %s %s: %ld, wm plan: %ld\n", models[m], keys[k], got, want); }
        }
    }
    check(rows == 12 && !bad, "README's firmware RAM table equals `wm plan` for both demo models (%d rows, %d differ)", rows, bad);
    free(readme);
}

static void test_tokenizer_memory(void) {
    size_t size, need;
    char *js = (char *)read_all("examples/models/doge-demo/tokenizer.json", &size), *cp;
    unsigned char *raw;
    wm_tokenizer *t;
    wm_error e;
    unsigned seed = 11;
    int i;
    if (!js) { check(0, "demo tokenizer"); return; }
    check(wm_tokenizer_bytes(js, size, &need, &e) == WM_OK, "tokenizer bytes: %s", e.message);
    raw = (unsigned char *)malloc(need + 64);
    check(wm_tokenizer_init(&t, js, size, align64(raw), need - 1, &e) == WM_ERR_ARENA, "one byte less is refused");
    check(wm_tokenizer_init(&t, js, size, align64(raw), need, &e) == WM_OK, "exactly wm_tokenizer_bytes");
    {
        int32_t ids[16];
        size_t n;
        static const int32_t want[] = {0, 374, 4078, 293, 260, 2800, 859, 305};
        check(wm_tokenize(t, "The secret of a happy life is", 29, 1, ids, 16, &n) == WM_OK && ids_equal(ids, n, want, 8),
              "demo prompt ids");
    }
    free(raw);
    check(wm_tokenizer_open(&t, "{\"model\":{\"type\":\"WordPiece\"}}", 30, &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "BPE"),
          "unsupported model: %s", e.message);
    check(wm_tokenizer_open(&t, "{\"model\":", 9, &e) == WM_ERR_FORMAT, "not JSON");
    /* damaged files never crash */
    cp = (char *)malloc(size);
    for (i = 0; i < 300; i++) {
        memcpy(cp, js, size);
        seed = seed * 1103515245u + 12345u;
        cp[(seed >> 4) % size] = (char)(seed >> 20);
        seed = seed * 1103515245u + 12345u;
        cp[(seed >> 4) % 2048] = (char)(seed >> 22);
        if (wm_tokenizer_open(&t, cp, i % 7 ? size : size / 2, &e) == WM_OK) {
            int32_t ids[64];
            size_t n;
            wm_tokenize(t, "Hello <|end_of_text|> world", 27, 1, ids, 64, &n);
            wm_tokenizer_free(t);
        }
    }
    check(1, "fuzzed tokenizer.json");
    free(cp);
    free(js);
}

static void test_utf8_stream(void) {
    const char *in = "a\xc3\xa9\xf0\x9f\x99\x82\xe4\xb8\xad\xff!\xe4\xb8";
    wm_utf8_stream st;
    char out[64], all[128];
    size_t i, n, total = 0;
    int broken = 0;
    st.n = 0;
    for (i = 0; i < strlen(in); i++) {
        n = wm_utf8_push(&st, in + i, 1, out);
        broken |= !wm_utf8_valid(out, n);
        memcpy(all + total, out, n);
        total += n;
    }
    n = wm_utf8_flush(&st, out);
    memcpy(all + total, out, n);
    total += n;
    check(!broken, "byte-by-byte pushes only ever give whole characters");
    check(total == 17 && !memcmp(all, "a\xc3\xa9\xf0\x9f\x99\x82\xe4\xb8\xad\xef\xbf\xbd!\xef\xbf\xbd", 17), "stream text (%zu bytes)", total);
}

/* ---- sampling ------------------------------------------------------------ */

static int kept(const wm_sampler *s, const float *lg, int n, const int32_t *hist, int nh, int *out) {
    float tmp[16];
    wm__pair q[16];
    int m, i;
    memcpy(tmp, lg, sizeof(float) * (size_t)n);
    for (i = 0; i < n; i++) q[i].i = 0;
    m = wm__sample_candidates(s, tmp, n, hist, nh, q);
    for (i = 0; i < m; i++) out[i] = q[i].i;
    return m;
}

/* one draw of each sampler from the same 4 logits */
static void draw_pair(wm_sampler *s, wm_sampler *s2, const float *lg, unsigned char *work, int32_t *ta, int32_t *tb) {
    float a[4], b[4];
    memcpy(a, lg, sizeof a);
    memcpy(b, lg, sizeof b);
    wm_sample(s, a, 4, NULL, 0, work, ta);
    wm_sample(s2, b, 4, NULL, 0, work, tb);
}

static void test_sampling(void) {
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

/* ---- generation: demo text, determinism, save/restore, chat ------------- */

typedef struct textbuf { char s[8192]; size_t n; } textbuf;

static int collect(void *user, int32_t tok, const char *text, size_t len) {
    textbuf *b = (textbuf *)user;
    (void)tok;
    if (b->n + len < sizeof b->s) { memcpy(b->s + b->n, text, len); b->n += len; b->s[b->n] = 0; }
    return 0;
}

/* gp: add_special and stop_at_eos on, max_new n and no stop ids, or stop at EOS off */
static wm_generate_params gparams(int add_special, int n, int eos) {
    wm_generate_params gp = wm_generate_default_params();
    gp.add_special = add_special;
    gp.max_new = n;
    gp.stop_at_eos = eos;
    return gp;
}

static void gen_text(wm_session *s, const wm_tokenizer *t, wm_sampler smp, const char *prompt, int n, textbuf *out) {
    float *logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(s->model)->vocab_size);
    wm_generate_params gp = gparams(1, n, 1);
    out->n = 0;
    out->s[0] = 0;
    wm_generate(s, t, &smp, logits, prompt, strlen(prompt), &gp, collect, out, NULL);
    free(logits);
}

static void test_generation(void) {
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
    /* save -> restore -> continue equals an uninterrupted run */
    {
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

static void test_generation_long_tokens(void) {
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

static void test_session_state(void) {
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

/* ---- quantized blocks: dequantizing, quantizing, integer dot products -------
   Against tests/fixtures/quant-cases.bin, written by tools/gen_quant_cases.py
   from the block specifications (llama.cpp's layouts and reference quantizer
   arithmetic) independently of wm.h. */

static int first_diff(const unsigned char *a, const unsigned char *b, size_t n) {
    size_t i;
    for (i = 0; i < n && a[i] == b[i]; i++) {}
    return (int)i;
}
static int qtype_bytes(int t) { return (int)wm_type_bytes(t, (uint64_t)wm_type_block(t)); }
static int qtype_block(int t) { return wm_type_block(t); }
static const char *qtype_name(int t) { return wm_type_name(t); }
/* 1: byte i of a row of type t is part of a float16 scale (arbitrary-byte tests keep those finite) */
static int qtype_scale_byte(int t, int i) {
    int o = i % qtype_bytes(t);
    switch (t) {
    case WM_Q6_K: return o >= 208;
    case WM_Q2_K: return o >= 80;
    case WM_Q3_K: return o >= 108;
    case WM_Q4_K: case WM_Q5_K: case WM_Q4_1: case WM_Q5_1: return o < 4;
    default: return o < 2; /* Q8_0, Q4_0, Q5_0, IQ4_NL, IQ4_XS */
    }
}

static void quantize_row(int t, const float *x, int n, unsigned char *out) {
    if (wm_quantize(t, x, (size_t)n, out) != WM_OK) check(0, "wm_quantize %s", qtype_name(t));
}

static void dequant_row(int t, const unsigned char *w, int n, float *y) {
    if (wm_dequantize(t, w, (size_t)n, y) != WM_OK) check(0, "wm_dequantize %s", qtype_name(t));
}

static float gauss(unsigned *s) { /* roughly normal: sum of four uniforms */
    return (frand(s) + frand(s) + frand(s) + frand(s)) * 0.866f;
}

static void test_quant(void) {
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
    { /* llama.cpp's own bytes and floats: tests/fixtures/quant-llama.bin holds, per type, 6 rows of 256
         floats (normal, outliers, all positive, tiny, zeros then large, two levels), what ggml_quantize_chunk
         (llama-quantize's path, no importance matrix) made of them, and what ggml's dequantizer makes of those */
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
    /* activations: per 32, q = rint(x 127 / amax), so |x - d q| <= d/2 for the exact d = amax / 127; the stored d
       has 11 significant bits (off by at most d 2^-11), so |x - d_stored q| <= d/2 + 127 d 2^-11 < 0.57 d; NaN
       poisons its block */
    {
        float x[96];
        wm__qa a[1];
        int i, ok = 1;
        for (i = 0; i < 96; i++) x[i] = gauss(&seed) * (i < 32 ? 1e-6f : i < 64 ? 3.0f : 1e4f);
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
    /* integer dot products: SIMD == scalar bit for bit; both near the float64 product */
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
                for (i = 0; i < N; i++) { x[i] = gauss(&seed) * (k == 3 ? 100.0f : 1.0f); w[i] = gauss(&seed) * 0.05f; }
                quantize_row(t, w, N, q);
                if (k == 2) /* arbitrary bytes: every bit pattern of the quants */
                    for (i = 0; i < N / qtype_block(t) * qtype_bytes(t); i++)
                        if (!qtype_scale_byte(t, i))
                            q[i] = (unsigned char)((int)(frand(&seed) * 1000) & 255);
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

/* the prefill tile (8 rows repacked, every token) and the one-row SIMD
   dots against the scalar reference, output by output, bit for bit: arbitrary
   quant bytes, rows that do not fill a tile, blocks that do not fill a group */
static void test_quant_tile(void) {
    static const int lens[] = {256, 32 * 13, 768};
    unsigned seed = 11;
    int t;
    for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) {
        int li, same = 1, outs = 0, tiled = 0;
        for (li = 0; li < 3; li++) {
            int N = lens[li], R = 21, T = 6, i, r, tk, nq = WM__QA_GROUPS(N);
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
            qr = (wm__qr *)malloc(sizeof(wm__qr) * (size_t)(N / 32));
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
        check(same, "%s matmul of 6 tokens x 21 rows%s == the scalar reference, bit for bit (%d outputs)", qtype_name(t),
              tiled ? " (8-row tiles)" : "", outs);
    }
}

/* ---- chat templates: real tokenizer_config.json files (tests/fixtures/chat, written
   by tools/gen_chat_cases.py with python3-jinja2 configured as transformers) ------ */
static long sizeof_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void test_jinja_templates(void) {
    static const char *const names[] = {"llama3_2", "qwen2_5", "qwen3", "gemma3", "mistral_nemo", "deepseek_v3", "doge", "chatml", "rodimus"};
    size_t fi;
    int total = 0, same = 0, raises = 0;
    for (fi = 0; fi < sizeof names / sizeof names[0]; fi++) {
        char path[256];
        size_t n = 0;
        char *js, *cfg_text;
        const char *e, *root, *cfg, *cases, *c, *cfg_end;
        tj_it it;
        int k = 0, ok = 0;
        snprintf(path, sizeof path, "tests/fixtures/chat/%s.json", names[fi]);
        js = (char *)read_all(path, &n);
        if (!js) { check(0, "%s readable", path); continue; }
        e = js + n;
        root = tj_ws(js, e);
        cfg = tj_get(root, e, "config");
        cases = tj_get(root, e, "cases");
        cfg_end = cfg ? tj_value(cfg, e, 64) : NULL;
        cfg_text = cfg && cfg_end ? (char *)cfg : NULL;
        for (tj_iter(&it, cases, e); cfg_text && tj_next(&it, NULL, &c); k++) {
            const char *m = tj_get(c, e, "messages"), *cx = tj_get(c, e, "context"), *g = tj_get(c, e, "add_generation_prompt");
            const char *want = tj_get(c, e, "output"), *err_txt = tj_get(c, e, "error"), *raised = tj_get(c, e, "raised");
            wm_chat_params p;
            wm_error er;
            size_t len = 0, wl;
            char *got = NULL, *w;
            wm_status st;
            memset(&p, 0, sizeof p);
            p.config_json = cfg_text; p.config_bytes = (size_t)(cfg_end - cfg_text);
            p.messages_json = m; p.messages_bytes = (size_t)(tj_value(m, e, 64) - m);
            if (cx) { p.context_json = cx; p.context_bytes = (size_t)(tj_value(cx, e, 64) - cx); }
            p.add_generation_prompt = g && !strncmp(g, "true", 4);
            p.now = 1764115200; /* the generator's clock */
            st = wm_chat_apply(&p, NULL, 0, &len, &er);
            if (st == WM_OK) {
                got = (char *)malloc(len + 1);
                st = wm_chat_apply(&p, got, len + 1, &len, &er);
            }
            total++;
            if (want) {
                wl = tj_str(want, e, NULL, 0);
                w = (char *)malloc(wl + 1);
                tj_str(want, e, w, wl + 1);
                if (st == WM_OK && len == wl && !memcmp(got, w, wl)) { same++; ok++; }
                else {
                    size_t d = 0;
                    while (st == WM_OK && d < len && d < wl && got[d] == w[d]) d++;
                    check(0, "%s case %d: %s (first difference at byte %zu: got '%.40s', want '%.40s')", names[fi], k,
                          st == WM_OK ? "a different rendering" : er.message, d, st == WM_OK ? got + d : "", w + (d < wl ? d : wl));
                }
                free(w);
            } else { /* the template fails: raise_exception's own message, or a failure either way */
                int is_raise = raised && !strncmp(raised, "true", 4);
                wl = tj_str(err_txt, e, NULL, 0);
                w = (char *)malloc(wl + 1);
                tj_str(err_txt, e, w, wl + 1);
                raises += is_raise;
                if (st != WM_OK && (!is_raise || (st == WM_ERR_TEMPLATE && !strcmp(er.message, w)))) { same++; ok++; }
                else check(0, "%s case %d: the template fails ('%s'): wm %s", names[fi], k, w, st == WM_OK ? "rendered it" : er.message);
                free(w);
            }
            free(got);
        }
        if (getenv("WM_TEST_VERBOSE")) printf("  %-13s %d of %d cases as jinja2\n", names[fi], ok, k);
        check(k >= 20, "%s: %d conversations", names[fi], k);
        free(js);
    }
    check(total >= 180 && same == total && raises >= 8, "chat templates: %d of %d renderings byte-identical to jinja2 (9 real templates; %d raise_exception)",
          same, total, raises);
    { /* wm template: the rendering exactly, the template's own message where it raises, refusal by name */
        size_t n = 0;
        char *js = (char *)read_all("tests/fixtures/chat/gemma3.json", &n), out[8192];
        const char *e = js ? js + n : NULL, *cfg = js ? tj_get(tj_ws(js, e), e, "config") : NULL;
        FILE *f = fopen("build/tmp/gemma3-config.json", "wb");
        if (f && cfg) fwrite(cfg, 1, (size_t)(tj_value(cfg, e, 64) - cfg), f);
        if (f) fclose(f);
        f = fopen("build/tmp/macro-config.json", "wb");
        if (f) { fputs("{\"chat_template\": \"{% macro m() %}x{% endmacro %}{{ m() }}\"}", f); fclose(f); }
        check(run_capture("build/wm template build/tmp/gemma3-config.json '[{\"role\": \"system\", \"content\": \"Be brief.\"}, {\"role\": \"user\", "
                          "\"content\": \" Hi \"}]' --add-generation-prompt", out, sizeof out) == 0 &&
                  !strcmp(out, "<bos><start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\n"),
              "wm template: gemma3's rendering exactly: '%s'", out);
        check(run_capture("build/wm template build/tmp/gemma3-config.json '[{\"role\": \"user\", \"content\": \"a\"}, {\"role\": \"user\", "
                          "\"content\": \"b\"}]' 2>&1", out, sizeof out) != 0 && !strcmp(out, "Conversation roles must alternate user/assistant/user/assistant/...\n"),
              "wm template: a template that raises: its message, exit non-zero: '%s'", out);
        check(run_capture("build/wm template build/tmp/macro-config.json '[]' 2>&1", out, sizeof out) != 0 && strstr(out, "{% macro %} is not supported"),
              "wm template: a construct it lacks is refused by name: '%s'", out);
        check(run_capture("build/wm template build/tmp/gemma3-config.json '[{\"role\": \"user\", \"content\": \"Hi\"}]' --context '{\"bos_token\": \"<B>\"}'", out,
                          sizeof out) == 0 && !strncmp(out, "<B><start_of_turn>", 18),
              "wm template --context: extra variables: '%s'", out);
        free(js);
    }
    if (!getenv("WM_BIN")) { /* wm chat through the checkpoint's template: the first answer is what generate gives for its rendering */
        size_t n = 0;
        char *js = (char *)read_all("tests/fixtures/chat/doge.json", &n), out[8192], want[8192], cmd[1024];
        const char *e = js ? js + n : NULL, *cfg = js ? tj_get(tj_ws(js, e), e, "config") : NULL;
        FILE *f;
        run("mkdir -p build/tmp/jchat && cp examples/models/doge-demo/config.json examples/models/doge-demo/model.safetensors "
            "examples/models/doge-demo/tokenizer.json build/tmp/jchat/");
        f = fopen("build/tmp/jchat/tokenizer_config.json", "wb");
        if (f && cfg) fwrite(cfg, 1, (size_t)(tj_value(cfg, e, 64) - cfg), f);
        if (f) fclose(f);
        check(run_capture("build/wm template build/tmp/jchat/tokenizer_config.json '[{\"role\": \"system\", \"content\": \"Be kind.\"}, {\"role\": \"user\", "
                          "\"content\": \"Hello there\"}]' --add-generation-prompt > build/tmp/jchat/prompt.txt",
                          out, sizeof out) == 0, "the rendering of the first turn");
        snprintf(cmd, sizeof cmd, "build/wm generate build/tmp/jchat -f build/tmp/jchat/prompt.txt --no-bos -n 12 --temp 0 2>/dev/null | tail -c +%ld",
                 (long)sizeof_file("build/tmp/jchat/prompt.txt") + 1);
        run_capture(cmd, want, sizeof want);
        check(run_capture("printf 'Hello there\\nAnd again?\\n' | build/wm chat build/tmp/jchat -p 'Be kind.' -n 12 --temp 0 2>/dev/null", out, sizeof out) == 0 &&
                  strlen(want) > 1 && !strncmp(out, want, strlen(want) - 1) && strchr(out + strlen(want) - 1, '\n'),
              "wm chat with the checkpoint's Jinja template: the first answer '%s' is generate's for the rendering ('%s')", out, want);
        free(js);
    }
}

/* ---- the Jinja interpreter against jinja2 and hostile templates ---------------
   tests/fixtures/chat/cases.json (tools/gen_jinja_cases.py): each case's
   rendering equals jinja2's, or fails where jinja2's does; then templates
   that once crashed, overflowed or ran unbounded: each ends (rendered or
   refused) within its time, and 4x the input takes about 4x the time. */
static int jinja_render(const char *tmpl, const char *ctx, char **out, size_t *len, wm_error *er) {
    size_t n = strlen(tmpl), k = 0, j;
    char *cfg = (char *)malloc(6 * n + 64); /* (a control byte takes 6 escaped) */
    wm_chat_params p;
    wm_status st;
    static const char hex[] = "0123456789abcdef";
    if (!cfg) return WM_ERR_NOMEM;
    k += (size_t)sprintf(cfg, "{\"chat_template\": \"");
    for (j = 0; j < n; j++) { /* as a JSON string */
        unsigned char c = (unsigned char)tmpl[j];
        if (c == '"' || c == '\\') { cfg[k++] = '\\'; cfg[k++] = (char)c; }
        else if (c < 0x20) { cfg[k++] = '\\'; cfg[k++] = 'u'; cfg[k++] = '0'; cfg[k++] = '0'; cfg[k++] = hex[c >> 4]; cfg[k++] = hex[c & 15]; }
        else cfg[k++] = (char)c;
    }
    k += (size_t)sprintf(cfg + k, "\"}");
    memset(&p, 0, sizeof p);
    p.config_json = cfg; p.config_bytes = k;
    p.messages_json = "[]"; p.messages_bytes = 2;
    if (ctx) { p.context_json = ctx; p.context_bytes = strlen(ctx); }
    p.now = 1764115200;
    *out = NULL;
    *len = 0;
    st = wm_chat_apply(&p, NULL, 0, len, er);
    if (st == WM_OK) {
        *out = (char *)malloc(*len + 1);
        st = wm_chat_apply(&p, *out, *len + 1, len, er);
    }
    free(cfg);
    return st;
}

static double t_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* a string of n copies of unit between head and tail (malloc'd) */
static char *jinja_repeat(const char *head, const char *unit, size_t n, const char *tail) {
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail), i;
    char *s = (char *)malloc(hl + ul * n + tl + 1), *p = s;
    if (!s) return NULL;
    memcpy(p, head, hl); p += hl;
    for (i = 0; i < n; i++) { memcpy(p, unit, ul); p += ul; }
    memcpy(p, tail, tl + 1);
    return s;
}

static void test_jinja_hostile(void) {
    size_t n = 0;
    char *js = (char *)read_all("tests/fixtures/chat/cases.json", &n);
    const char *e = js ? js + n : NULL, *c;
    tj_it it;
    int k = 0, same = 0;
    const char *cases = js ? tj_get(tj_ws(js, e), e, "cases") : NULL, *cv = js ? tj_get(tj_ws(js, e), e, "context") : NULL;
    char *ctx = NULL;
    if (!js || !cases || !cv) { check(0, "tests/fixtures/chat/cases.json readable"); free(js); return; }
    { /* the variables the cases read */
        size_t cl = (size_t)(tj_value(cv, e, 64) - cv);
        ctx = (char *)malloc(cl + 1);
        memcpy(ctx, cv, cl);
        ctx[cl] = 0;
    }
    for (tj_iter(&it, cases, e); tj_next(&it, NULL, &c); k++) {
        const char *tv = tj_get(c, e, "template"), *want = tj_get(c, e, "output"), *err_txt = tj_get(c, e, "error");
        size_t tl = tj_str(tv, e, NULL, 0), wl = 0, len;
        char *t = (char *)malloc(tl + 1), *w = NULL, *got;
        wm_error er;
        int st;
        tj_str(tv, e, t, tl + 1);
        if (want) { wl = tj_str(want, e, NULL, 0); w = (char *)malloc(wl + 1); tj_str(want, e, w, wl + 1); }
        st = jinja_render(t, ctx, &got, &len, &er);
        if (want ? st == WM_OK && len == wl && !memcmp(got, w, wl) : err_txt && st != WM_OK) same++;
        else check(0, "jinja case %d '%.60s': jinja2 %s '%.80s', wm.h %s '%.80s'", k, t, want ? "renders" : "fails", want ? w : "",
                   st == WM_OK ? "renders" : "fails", st == WM_OK ? got : er.message);
        free(t); free(w); free(got);
    }
    check(k >= 60 && same == k, "jinja cases: %d of %d as jinja2 (tests/fixtures/chat/cases.json)", same, k);
    free(js);
    free(ctx);
    if (getenv("WM_BIN")) return; /* the timed and heavy cases natively only (plain C: an emulated run tells nothing more, slowly) */
    { /* crashes once: each fails cleanly now */
        static const char *const bad[] = {
            "{{ (-9223372036854775807 - 1) is divisibleby(-1) }}", /* SIGFPE */
            "{{ 'ab' * 4611686018427387904 }}",                    /* an overflowing length check */
            "{{ 1e999 | int }}", "{{ 1e300 | int }}", "{{ 'nan' | float | int }}",
        };
        size_t b;
        for (b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            char *got;
            size_t len;
            wm_error er;
            int st = jinja_render(bad[b], NULL, &got, &len, &er);
            check(b == 0 ? st == WM_OK && !strcmp(got, "True") : st != WM_OK, "'%s': %s", bad[b], st == WM_OK ? got : er.message);
            free(got);
        }
    }
    { /* deep syntax and deep values: a clean error, no stack overflow */
        static const struct { const char *head, *unit, *tail; size_t n; } deep[] = {
            {"{{ ", "not ", "1 }}", 60000},
            {"{{ ", "1 if x else ", "2 }}", 15000},
            {"{{ ", "- ", "1 }}", 60000},
            {"{% set ns = namespace(v=1) %}{% for i in range(60000) %}{% set ns.v = [ns.v] %}{% endfor %}", "", "{{ ns.v | tojson }}", 0},
            {"{% set ns = namespace(v=1) %}{% for i in range(60000) %}{% set ns.v = [ns.v] %}{% endfor %}", "", "{{ ns.v }}", 0},
            {"{% set ns = namespace(v=1) %}{% for i in range(60000) %}{% set ns.v = {'k': ns.v} %}{% endfor %}", "", "{{ ns.v == ns.v }}", 0},
        };
        size_t d;
        for (d = 0; d < sizeof deep / sizeof deep[0]; d++) {
            char *t = jinja_repeat(deep[d].head, deep[d].unit, deep[d].n, deep[d].tail), *got;
            size_t len;
            wm_error er;
            int st = jinja_render(t, NULL, &got, &len, &er);
            check(st != WM_OK && strstr(er.message, "deep"), "nested %zu deep (%.30s...): refused: %s", deep[d].n ? deep[d].n : 60000, t, st == WM_OK ? "rendered" : er.message);
            free(got);
            free(t);
        }
    }
    { /* linear time: each at 1x and 4x its size; the 4x run within 10x the 1x run's time (quadratic would be 16x) */
        static const struct { const char *head, *unit, *tail, *ctx; size_t n; } lin[] = {
            {"{% set s = '", "aé", "' %}{% for i in range(s | length) %}{{ s[i] }}{% endfor %}", NULL, 20000},    /* indexing by position */
            {"{% set s = '", "aé", "' %}{% for i in range(s | length) %}{{ s[i:i+2] }}{% endfor %}", NULL, 20000}, /* slicing */
            {"{% set s = '", "ab", "' %}{% for i in range(4000) %}{{ s | length }}{% endfor %}", NULL, 20000},    /* length per use */
            {"{% set s = '", "a", "b' %}{% for i in range(200) %}{{ ('a' * 3000 ~ 'b') in s }}{% endfor %}", NULL, 20000}, /* in */
            {"{% set s = '", "a", "b' %}{% for i in range(200) %}{{ s.find('a' * 3000 ~ 'b') }}{% endfor %}", NULL, 20000}, /* find */
            {"{% set l = [", "'x', ", "'y'] %}{{ l | unique | list | length }}", NULL, 20000},                        /* unique */
            {"{{ d.k0 }}{{ d | length }}", "", "", NULL, 20000},                                                      /* a JSON dict of many keys */
        };
        size_t l;
        for (l = 0; l < sizeof lin / sizeof lin[0]; l++) {
            double t1 = 0, t4 = 0;
            int m, ok = 1;
            for (m = 1; m <= 4; m += 3) {
                char *t, *ctx = NULL, *got;
                size_t len, i, cl = 0;
                wm_error er;
                double t0;
                int st, rep;
                if (l == 6) { /* {"d": {"k0": 0, "k1": 1, ...}} */
                    ctx = (char *)malloc(32 * lin[l].n * (size_t)m + 64);
                    cl += (size_t)sprintf(ctx, "{\"d\": {");
                    for (i = 0; i < lin[l].n * (size_t)m; i++) cl += (size_t)sprintf(ctx + cl, "%s\"k%zu\": %zu", i ? ", " : "", i, i);
                    sprintf(ctx + cl, "}}");
                }
                t = jinja_repeat(lin[l].head, lin[l].unit, lin[l].n * (size_t)m, lin[l].tail);
                for (rep = 0; rep < 3; rep++) { /* the fastest of three: the machine's other work only adds time */
                    t0 = t_now();
                    st = jinja_render(t, ctx, &got, &len, &er);
                    t0 = t_now() - t0;
                    if (!rep || t0 < *(m == 1 ? &t1 : &t4)) *(m == 1 ? &t1 : &t4) = t0;
                    if (rep < 2) free(got);
                }
                ok &= st == WM_OK;
                if (st != WM_OK) printf("  jinja linear case %zu: %s\n", l, er.message);
                free(got); free(t); free(ctx);
            }
            check(ok && t4 < 10 * t1 + 0.05, "jinja: linear time (case %zu): %.3f s at 1x, %.3f s at 4x", l, t1, t4);
            if (getenv("WM_TEST_VERBOSE")) printf("  jinja linear case %zu: %.4f s at 1x, %.4f s at 4x\n", l, t1, t4);
        }
    }
    { /* bounded: each ends within seconds, refused by the budget or a limit */
        static const char *const slow[] = {
            "{{ '' * 9000000000000000000 }}x",                                                        /* renders: an empty repeat costs nothing */
            NULL, /* (20,000 chained filters run 1,000 times: built below) */
            "{% set s = 'a' * 1000000 %}{% for i in range(1000000) %}{{ s | indent(2000000000) }}{% endfor %}",
            "{% for i in range(1000000) %}{% for j in range(1000000) %}{{ i }}{% endfor %}{% endfor %}",
        };
        size_t b;
        for (b = 0; b < sizeof slow / sizeof slow[0]; b++) {
            char *got, *chain = b == 1 ? jinja_repeat("{% for i in range(1000) %}{% if i", " | abs", 20000, " %}{% endif %}{% endfor %}") : NULL;
            size_t len;
            wm_error er;
            double t0 = t_now(), dt;
            int st = jinja_render(chain ? chain : slow[b], NULL, &got, &len, &er);
            dt = t_now() - t0;
            free(chain);
            check(dt < 60 && (b == 0 ? st == WM_OK && !strcmp(got, "x") : st != WM_OK) && (b != 1 || strstr(er.message, "too long")), /* (native ~1 s; sanitizers 5x) */
                  "jinja bounded %zu: %.2f s, %s", b, dt, st == WM_OK ? "rendered" : er.message);
            if (getenv("WM_TEST_VERBOSE")) printf("  jinja bounded %zu: %.3f s (%s)\n", b, dt, st == WM_OK ? "rendered" : er.message);
            free(got);
        }
    }
    { /* memory: a 120,000-token template and a 100,000-item loop render */
        char *t = jinja_repeat("", "{{ 1 }}", 40000, ""), *got; /* 3 tokens each */
        size_t len;
        wm_error er;
        int st = jinja_render(t, NULL, &got, &len, &er);
        check(st == WM_OK && len == 40000, "120,000 tokens: %s", st == WM_OK ? "rendered" : er.message);
        free(got); free(t);
        st = jinja_render("{% for i in range(1000000) %}{% set a = i %}{% set b = loop.index %}{% endfor %}done", NULL, &got, &len, &er);
        check(st == WM_OK && !strcmp(got, "done"), "a 1,000,000-item loop: %s", st == WM_OK ? got : er.message);
        free(got);
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

static void test_sizes(void) {
    static const char *dirs[] = {"examples/models/doge-demo", "examples/models/cheems-demo", "tests/fixtures/hf-mamba2",
                                 "tests/fixtures/hf-doge-moe", "tests/fixtures/hf-doge-dense", "tests/fixtures/cheems-tiny",
                                 "tests/fixtures/cheems-variants", "tests/fixtures/doge-paper", "tests/fixtures/mcsd-variants",
                                 "tests/fixtures/rodimus-tiny", "tests/fixtures/rodimus-plus-variants"};
    static const int ctxs[] = {1, 64, 2048}, batches[] = {1, 64, 512};
    static sizes_log g;
    wm_error e;
    int d, i, j;
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
                p.n_ctx = ctxs[i]; p.n_batch = batches[j]; p.n_threads = 1;
                check(wm_session_bytes(m, &p, &need, &e) == WM_OK, "%s: session bytes: %s", base, e.message);
                snprintf(name, sizeof name, "%s.session.ctx%d.batch%d", base, ctxs[i], batches[j]);
                sizes_add(&g, name, need);
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
            bp.n_ctx = 64; bp.n_threads = 1;
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
                p.n_ctx = 64; p.n_batch = 16; p.n_threads = 1;
                check(wm_session_create(&s[0], m, &p, &e) == WM_OK && wm_session_create(&s[1], m, &p, &e) == WM_OK &&
                      wm_batch_step(b, s, ids, nt, 2, NULL) == WM_OK, "%s: a step runs in it: %s", base, wm_batch_error(b));
                wm_session_free(s[0]); wm_session_free(s[1]);
            }
            free(raw);
        }
        free(mem);
        dirsrc_close(&ds);
    }
    { /* tokenizer, and generation over doge-demo */
        size_t tn = 0, need = 0, mb = 0, sb = 0;
        char *tj = (char *)read_all("examples/models/doge-demo/tokenizer.json", &tn);
        dirsrc ds;
        int have = dirsrc_open(&ds, "examples/models/doge-demo");
        unsigned char *traw = NULL, *mraw = NULL, *sraw = NULL;
        wm_tokenizer *t = NULL;
        wm_model *m = NULL;
        wm_session *s = NULL;
        wm_session_params p;
        if (tj && wm_tokenizer_bytes(tj, tn, &need, &e) == WM_OK) {
            sizes_add(&g, "doge-demo.tokenizer", need);
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
                sizes_add(&g, "doge-demo.generate.prompt13.new40", need);
                gp = gparams(1, 4096, 1);
                check(wm_generate_bytes(s, t, 1000, &gp, &need) == WM_OK, "wm_generate_bytes");
                sizes_add(&g, "doge-demo.generate.prompt1000.new4096", need);
            } else check(0, "doge-demo session: %s", e.message);
        } else check(0, "doge-demo model for generation");
        free(sraw); free(mraw); free(traw); free(tj);
        dirsrc_close(&ds);
    }
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
static int argmax_f(const float *x, size_t n) {
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
static void test_gguf_hostile(void) {
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

static void test_gguf(void) {
    static const char *lt[] = {"f32", "q8_0", "q4_0"};
    char path[256], cmd[1024], out[4096], rp[300];
    int32_t ids[64];
    int T = 0, k, mode;
    wm_model *m, *ours;
    wm_error e;
    if (!getenv("WM_BIN") && !file_exists("build/wm")) { check(0, "build/wm is missing (run make)"); return; }
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
    { /* llama-quantize's mixes of a Mamba-2 the other tests never saw (k256-bf16.gguf: hidden 256, one layer,
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
    { /* a mamba2 GGUF carries its vocabulary as llama.cpp's tokenizer.ggml.* keys too (so llama.cpp reads the
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
    { /* llama.cpp's BF16 file of a one-group Mamba-2 against the float64 reference */
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
    {
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
    {
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
    {
        size_t hn;
        char *ht = (char *)read_all("tests/fixtures/heldout.txt", &hn);
        FILE *hf = fopen("build/heldout-head.txt", "wb");
        check(ht && hf && hn > 8192 && fwrite(ht, 1, 8192, hf) == 8192, "held-out text");
        if (hf) fclose(hf);
        free(ht);
    }
    {
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

static void test_cache_types(void) {
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

/* ---- the header's map: CONTENTS true to the banners, EXTENDING's names real, under 1 MiB */

static void test_contents(void) {
    size_t n = 0, i, nl = 0;
    char *h = (char *)read_all("wm.h", &n), **line, *p;
    static const char *banner = "/* ========================================================================";
    int rows = 0, bad = 0, tags = 0, names = 0;
    check(h != NULL, "wm.h readable");
    if (!h) return;
    check(n < 1048576, "wm.h is %zu bytes, under 1 MiB (what common code tools read whole)", n);
    for (i = 0; i < n; i++) nl += h[i] == '\n';
    line = (char **)malloc(sizeof(char *) * (nl + 2));
    for (p = h, nl = 0; p < h + n; nl++) { /* lines, NUL-terminated in place */
        char *e = strchr(p, '\n');
        line[nl] = p;
        if (!e) break;
        *e = 0;
        p = e + 1;
    }
    for (i = 0; i < nl; i++) /* each banner [@TAG]: its row "@TAG <lines>" in the table */
        if (!strcmp(line[i], banner) && i + 1 < nl && !strncmp(line[i + 1], "   [@", 5)) {
            char tag[32], want[64];
            size_t j, k;
            for (k = 0; line[i + 1][5 + k] && line[i + 1][5 + k] != ']' && k < 31; k++) tag[k] = line[i + 1][5 + k];
            tag[k] = 0;
            for (j = i + 2; j < nl && !(!strcmp(line[j], banner) && j + 1 < nl && !strncmp(line[j + 1], "   [@", 5)); j++) {}
            snprintf(want, sizeof want, "      @%-12s %6d  ", tag, (int)(j - i));
            for (k = 0; k < 80 && k < nl && strncmp(line[k], want, strlen(want)); k++) {}
            if (k == 80 || k == nl) { bad++; if (bad < 4) printf("  CONTENTS lacks '%s' (run tools/contents.py)\n", want); }
            rows++;
        }
    check(rows >= 20 && bad == 0, "wm.h CONTENTS: %d of %d sections with their true size (tools/contents.py rewrites it)", rows - bad, rows);
    bad = 0;
    /* EXTENDING: every @TAG it names marks a section or subsection, every wm__/WM_ name in it exists in the code */
    for (i = 0; i < nl && !strstr(line[i], "   EXTENDING"); i++) {}
    for (; i < nl && strcmp(line[i], "*/"); i++) {
        char *q = line[i];
        while ((q = strpbrk(q, "@w")) != NULL) {
            char word[64];
            size_t k = 0;
            int is_tag = *q == '@';
            if (!is_tag && strncmp(q, "wm__", 4)) { q++; continue; }
            if (is_tag) q++;
            while (k < 63 && (isalnum((unsigned char)q[k]) || q[k] == '_')) { word[k] = q[k]; k++; }
            word[k] = 0;
            q += k;
            if (*q == '<' || k < 3) continue; /* a pattern: wm__cfg_<type> */
            if (is_tag) {
                char sec[80];
                size_t m, found = 0;
                snprintf(sec, sizeof sec, "[@%s]", word); /* a banner's or a subsection's mark */
                tags++;
                for (m = 0; m < nl && !found; m++) found = strstr(line[m], sec) != NULL;
                if (!found) { bad++; printf("  EXTENDING names @%s, which marks no section\n", word); }
            } else {
                size_t m, found = 0;
                names++;
                for (m = 200; m < nl && !found; m++) /* past the header comment */
                    found = strstr(line[m], word) && (strstr(line[m], word)[k] == '(' || strstr(line[m], word)[k] == '[' || strstr(line[m], word)[k] == ' ' ||
                                                       strstr(line[m], word)[k] == ';' || strstr(line[m], word)[k] == ',' || strstr(line[m], word)[k] == ')');
                if (!found) { bad++; printf("  EXTENDING names %s, which the code does not define\n", word); }
            }
        }
    }
    check(tags >= 15 && names >= 20 && bad == 0, "wm.h EXTENDING: %d tags and %d names, all in the code", tags, names);
    { /* a model type is its row: no code outside wm__model_types compares model_type with a WM_MODEL_* value */
        static const char *const files[] = {"wm.h", "examples/wm.c", "examples/serve.c", "examples/cli.h", "examples/simple.c", "examples/probe.h"};
        size_t f, tests = 0;
        for (f = 0; f < sizeof files / sizeof files[0]; f++) {
            size_t fn = 0;
            char *txt = (char *)read_all(files[f], &fn), *q = txt;
            while (q && (q = strstr(q, "model_type")) != NULL) {
                const char *r2 = q + 10;
                while (*r2 == ' ' || *r2 == ')') r2++;
                if ((r2[0] == '=' || r2[0] == '!') && r2[1] == '=') {
                    r2 += 2;
                    while (*r2 == ' ') r2++;
                    tests += !strncmp(r2, "WM_MODEL_", 9);
                }
                q += 10;
            }
            free(txt);
        }
        check(tests == 0, "no model_type == WM_MODEL_* test outside the model-type table (%zu)", tests);
    }
    { /* a quantized type's block size is written once, in WM__QTYPES: no "* 34", "34 * k", "(wb, 34)", "0, 34)" ... in code elsewhere */
        int t, in_c = 0, lits = 0;
        for (i = 0; i < nl; i++) {
            char code[512];
            const char *q = line[i];
            size_t k = 0;
            while (*q && k < sizeof code - 1) { /* the line without its comments */
                if (in_c) { if (q[0] == '*' && q[1] == '/') { in_c = 0; q++; } q++; continue; }
                if (q[0] == '/' && q[1] == '*') { in_c = 1; q += 2; continue; }
                code[k++] = *q++;
            }
            code[k] = 0;
            if (strstr(code, "WM__QTYPES(X)") || !strncmp(code, "    X(", 6)) continue; /* the list itself */
            for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) {
                char pat[7][24]; /* a size in a pointer step, a block's bytes to clear or check, a choice between types */
                int b = (int)wm_type_bytes(t, (uint64_t)wm_type_block(t)), v;
                snprintf(pat[0], 24, "* %d;", b); snprintf(pat[1], 24, "* %d ", b); snprintf(pat[2], 24, " %d * ", b);
                snprintf(pat[3], 24, "(wb, %d)", b); snprintf(pat[4], 24, "(b, 0, %d)", b); snprintf(pat[5], 24, "b, %d, ", b);
                snprintf(pat[6], 24, "? %d :", b);
                for (v = 0; v < 7; v++)
                    if (strstr(code, pat[v])) { lits++; if (lits < 4) printf("  wm.h:%zu: a block size written out: %s\n", i + 1, code); }
            }
        }
        check(lits == 0, "no quantized block size written outside WM__QTYPES (%d places)", lits);
    }
    free(line);
    free(h);
}

/* llama.cpp's pre-tokenizers: every tokenizer.ggml.pre name its BPE
   vocabularies use loads, and one name per family gives llama-tokenize's ids
   (tests/fixtures/tok/pre.json.gz, by tools/gen_pre_cases.py) on a
   vocabulary trained on the texts with no split, so that any part drawn
   differently changes the ids (a second one, BPE on UTF-8 characters with
   <0xXX> bytes, for gemma4, sarvam-moe and whitespace). WPM and UGM
   vocabularies are refused by name. */
static size_t gguf_with_str(const char *base, size_t n, const char *key, const char *pre, char *out) {
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
#define gguf_with_pre(base, n, pre, out) gguf_with_str(base, n, "tokenizer.ggml.pre", pre, out)

/* The regex matcher's memo and failure records change no match: every one of
   llama.cpp's regexes splits random texts (runs of spaces, letters, digits,
   marks, CJK, as the regex sees them) the same with them as by plain
   backtracking. */
static void test_tokenizer_regex_memo(void) {
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
static void test_unicode_tables(void) {
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
        for (k = 0; k < wm__uc_comp.n; k++)
            bad += !wm__nfc_active(wm__uc_cp(&wm__uc_comp, k, 0)) || !wm__nfc_active(wm__uc_cp(&wm__uc_comp, k, 3));
        check(bad == 0, "Unicode tables: the characters NFC and NFKC pass through as they are (%d wrong)", bad);
    }
#endif
#undef UC_MIX
    check(h == 0xe7d91d0d818b769eull, "Unicode tables: every code point's properties hash to %016llx", (unsigned long long)h);
}

static void test_tokenizer_pre(void) {
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

int main(int argc, char **argv) {
    const char *only = argc > 1 && argv[1][0] != '-' ? argv[1] : NULL, *skip = argc > 1 && argv[1][0] == '-' ? argv[1] + 1 : NULL;
#define RUN(name, fn) if ((!only || strstr(name, only)) && (!skip || !strstr(name, skip))) g_suite = name, fn()
    RUN("numbers", test_numbers);
    RUN("isa", test_isa);
    { /* the kernels' suites, once per vector ISA this build and CPU run (the scalar references alone where none) */
        int isa, ran = 0;
        for (isa = WM_ISA_COUNT - 1; isa >= WM_ISA_SCALAR; isa--) {
            if (!wm_isa_supported(isa) || (isa == WM_ISA_SCALAR && ran)) continue;
            g_kc.simd = wm__kc_simd(isa);
            ran++;
            if (!only || strstr("kernels", only) || strstr("quant", only)) printf("kernels: %s\n", wm_isa_name(isa));
            RUN("select", test_select);
            RUN("kernels", test_kernels);
            RUN("kernels", test_kernels_special);
            RUN("ssd", test_ssd_chunked);
            RUN("attention", test_attn_core);
            RUN("quant", test_quant);
            RUN("quant", test_quant_tile);
        }
        g_kc.simd = wm__kc_simd(WM_ISA_AUTO); /* the rest: the session default */
    }
    RUN("config", test_config);
    RUN("json", test_json_api);
    RUN("config", test_released);
    RUN("fixtures", test_fixtures);
    RUN("handover", test_handover);
    RUN("arena", test_arena);
    RUN("runtime", test_runtime_errors);
    RUN("many", test_many);
    RUN("batch", test_batch);
    RUN("serve", test_serve);
    RUN("hostile", test_hostile);
    RUN("hostile", test_hostile_cli);
    RUN("loader", test_loader_rejects);
    RUN("layouts", test_layouts);
    RUN("chat", test_jinja_templates);
    RUN("chat", test_jinja_hostile);
    RUN("cli", test_cli);
    RUN("cli", test_cli_tokenizers);
    RUN("cli", test_readme_plan);
    RUN("cli", test_readme);
    RUN("tokenizer", test_tokenizer_cases);
    RUN("tokenizer", test_tokenizer_own);
    RUN("tokenizer", test_tokenizer_real);
    RUN("tokenizer", test_chat_templates);
    RUN("tokenizer", test_tokenizer_gguf);
    RUN("tokenizer", test_tokenizer_pre);
    RUN("tokenizer", test_tokenizer_regex_memo);
    RUN("tokenizer", test_tokenizer_refusals);
    RUN("tokenizer", test_tokenizer_marks);
    RUN("tokenizer", test_unicode_tables);
    RUN("tokenizer", test_tokenizer_nz_added);
    RUN("tokenizer", test_tokenizer_sp_block);
    RUN("tokenizer", test_tokenizer_memory);
    RUN("tokenizer", test_tokenizer_blob);
    RUN("state", test_state_type);
    RUN("loader", test_model_mmap);
    RUN("tokenizer", test_tokenizer_added_search);
    RUN("utf8", test_utf8_stream);
    RUN("sampling", test_sampling);
    RUN("generate", test_generation);
    RUN("generate", test_generation_long_tokens);
    RUN("session", test_session_state);
    RUN("gguf", test_gguf);
    RUN("gguf", test_gguf_hostile);
    RUN("cache", test_cache_types);
    RUN("sizes", test_sizes);
    RUN("contents", test_contents);
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail != 0;
}
