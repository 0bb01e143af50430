/* wm - the command-line front end of wm.h (SPEC.md §8).

     wm generate MODEL_DIR --prompt TEXT [-n N] [--temp T] [--top-k K] [--top-p P] [--min-p P]
                 [--repeat-penalty R] [--seed S] [--tokenizer FILE] [--ctx N] [--threads N] [--no-bos]
                 [--ignore-eos] [--save-session FILE] [--load-session FILE]
     wm chat MODEL_DIR [--system TEXT] [sampling options as for generate]
     wm tokenize TOKENIZER_JSON [--special] (TEXT | --file F [--count])
     wm detokenize TOKENIZER_JSON 3,17,42
     wm logits MODEL_DIR --ids 3,17,42 --out FILE [--decode]
     wm info MODEL_DIR
     wm random CONFIG_JSON OUT_DIR [--seed S] [--dtype f32|bf16|f16]
     wm bench MODEL_DIR [--prompt-len N] [--gen N] [--threads N] [--scalar]

   Errors: exit status 1 and one line on stderr; output files are written
   to a temporary name and renamed only when complete. */
#define _DEFAULT_SOURCE /* madvise: weights and the bandwidth probe in huge pages */
#define _POSIX_C_SOURCE 200809L
#define _ISOC11_SOURCE
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int die(const char *fmt, const char *a, const char *b) {
    fprintf(stderr, "wm: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return 1;
}

static const char *arg_value(int argc, char **argv, const char *flag) {
    int i;
    for (i = 0; i < argc - 1; i++)
        if (!strcmp(argv[i], flag)) return argv[i + 1];
    return NULL;
}

static int arg_flag(int argc, char **argv, const char *flag) {
    int i;
    for (i = 0; i < argc; i++)
        if (!strcmp(argv[i], flag)) return 1;
    return 0;
}

/* Writes buf to path via path.tmp + rename, so no partial file is left. */
static int write_file(const char *path, const void *buf, size_t n) {
    char tmp[4096];
    FILE *f;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "wb");
    if (!f) return die("%s: cannot create (%s)", tmp, strerror(errno));
    if (fwrite(buf, 1, n, f) != n || fflush(f) != 0) {
        fclose(f);
        remove(tmp);
        return die("%s: write failed (%s)", tmp, strerror(errno));
    }
    fclose(f);
    if (rename(tmp, path) != 0) {
        remove(tmp);
        return die("%s: cannot rename into place (%s)", path, strerror(errno));
    }
    return 0;
}

/* The whole file as a NUL-terminated buffer (free it); NULL after printing the error. */
static char *read_text_file(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    long sz;
    char *buf;
    if (!f) { die("%s: cannot open (%s)", path, strerror(errno)); return NULL; }
    if (fseek(f, 0, SEEK_END) != 0 || (sz = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        die("%s: cannot find its size%s", path, "");
        return NULL;
    }
    buf = (char *)malloc((size_t)sz + 1);
    if (!buf || fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
        fclose(f);
        free(buf);
        die("%s: cannot read%s", path, "");
        return NULL;
    }
    fclose(f);
    buf[sz] = 0;
    *n = (size_t)sz;
    return buf;
}

/* "3,17,42" -> ids; returns the count or -1. */
static int parse_ids(const char *s, int32_t **out) {
    int n = 1, i = 0;
    const char *p;
    int32_t *ids;
    for (p = s; *p; p++) n += *p == ',';
    ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n);
    if (!ids) return -1;
    p = s;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0 || v > 0x7fffffffL || (*end && *end != ',')) { free(ids); return -1; }
        ids[i++] = (int32_t)v;
        p = *end ? end + 1 : end;
        if (*end == ',' && !*p) { free(ids); return -1; }
    }
    if (i == 0) { free(ids); return -1; }
    *out = ids;
    return i;
}

static int cmd_logits(int argc, char **argv) {
    const char *dir = argv[0], *ids_s = arg_value(argc, argv, "--ids"), *outp = arg_value(argc, argv, "--out");
    int decode = arg_flag(argc, argv, "--decode"), n, i, rc = 1;
    int32_t *ids = NULL;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    float *logits = NULL;
    size_t V;
    wm_status st;
    if (!ids_s || !outp) return die("usage: wm logits MODEL_DIR --ids 3,17,42 --out FILE [--decode]%s%s", "", "");
    if ((n = parse_ids(ids_s, &ids)) < 0) return die("--ids: '%s' is not a comma-separated list of token ids%s", ids_s, "");
    if (wm_model_load(&m, dir, &e) != WM_OK) { free(ids); return die("%s%s", e.message, ""); }
    V = (size_t)wm_model_config(m)->vocab_size;
    p = wm_session_default_params(m);
    if (p.n_ctx < n) p.n_ctx = n;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { die("%s%s", e.message, ""); goto done; }
    logits = (float *)malloc(sizeof(float) * V * (size_t)n);
    if (!logits) { die("out of memory%s%s", "", ""); goto done; }
    if (decode) {
        for (i = 0; i < n; i++)
            if ((st = wm_decode(s, ids[i], logits + (size_t)i * V)) != WM_OK) { die("%s: %s", dir, wm_session_error(s)); goto done; }
    } else if ((st = wm_prefill(s, ids, n, logits, WM_LOGITS_ALL)) != WM_OK) {
        die("%s: %s", dir, wm_session_error(s));
        goto done;
    }
    rc = write_file(outp, logits, sizeof(float) * V * (size_t)n);
done:
    free(logits);
    free(ids);
    wm_session_free(s);
    wm_model_free(m);
    return rc;
}

static const char *seq_name(int s) {
    switch (s) {
    case WM_SEQ_SSD: return "ssd";
    case WM_SEQ_ATTN: return "attn";
    case WM_SEQ_DOGE_ATTN: return "attn";
    case WM_SEQ_MAMBA2: return "mamba2";
    default: return "none";
    }
}
static const char *state_name(int s) {
    switch (s) {
    case WM_STATE_MLP: return "mlp";
    case WM_STATE_CDMOE: return "cdmoe";
    case WM_STATE_DOGE_MOE: return "moe";
    default: return "-";
    }
}

static int cmd_info(int argc, char **argv) {
    const char *dir = argv[0];
    static const char *types[] = {"?", "cheems", "doge", "mamba2"};
    wm_model *m;
    wm_error e;
    const wm_config *c;
    wm_session_params p;
    size_t sb = 0;
    int l, i, unused = 0;
    (void)argc;
    if (wm_model_load(&m, dir, &e) != WM_OK) return die("%s%s", e.message, "");
    c = wm_model_config(m);
    p = wm_session_default_params(m);
    wm_session_bytes(m, &p, &sb, NULL);
    printf("model_type      %s\n", types[c->model_type]);
    printf("layers          %d:", c->n_layers);
    for (l = 0; l < c->n_layers; l++) printf(" %s/%s", seq_name(c->layer_seq[l]), state_name(c->layer_state[l]));
    printf("\nhidden_size     %d\nvocab_size      %d\n", c->hidden_size, c->vocab_size);
    if (c->intermediate_size) printf("intermediate    %d\n", c->intermediate_size);
    if (c->ssd_heads) printf("ssd             heads %d x %d, groups %d, state %d, chunk %d\n", c->ssd_heads, c->ssd_head_dim, c->ssd_groups, c->ssd_state, c->ssd_chunk);
    if (c->n_heads) printf("attention       heads %d, kv heads %d, head_dim %d\n", c->n_heads, c->n_kv_heads, c->head_dim);
    printf("parameters      %llu\n", (unsigned long long)wm_model_n_params(m));
    printf("weight bytes    %llu\n", (unsigned long long)wm_model_weight_bytes(m));
    printf("model memory    %zu bytes (besides the weights)\n", wm_model_bytes_used(m));
    printf("session memory  %zu bytes (n_ctx %d, n_batch %d)\n", sb, p.n_ctx, p.n_batch);
    printf("tensors         %d", wm_model_n_tensors(m));
    for (i = 0; i < wm_model_n_tensors(m); i++) {
        wm_tensor_info t;
        wm_model_tensor(m, i, &t);
        unused += !t.used;
    }
    printf(" (%d unused)\n", unused);
    wm_model_free(m);
    return 0;
}

static int make_dir(const char *path) {
    if (mkdir(path, 0777) == 0 || errno == EEXIST) return 0;
    return die("%s: cannot create directory (%s)", path, strerror(errno));
}

static int cmd_random(int argc, char **argv) {
    const char *cfg_path = argv[0], *out = argv[1], *seed_s = arg_value(argc, argv, "--seed"), *dt = arg_value(argc, argv, "--dtype");
    char path[4096];
    char *text;
    wm_config cfg;
    wm_error e;
    size_t size, n;
    void *buf;
    int dtype = WM_F32, rc;
    unsigned long long seed = seed_s ? strtoull(seed_s, NULL, 10) : 0;
    if (argc < 2) return die("usage: wm random CONFIG_JSON OUT_DIR [--seed S] [--dtype f32|bf16|f16]%s%s", "", "");
    if (dt) {
        if (!strcmp(dt, "f32")) dtype = WM_F32;
        else if (!strcmp(dt, "bf16")) dtype = WM_BF16;
        else if (!strcmp(dt, "f16")) dtype = WM_F16;
        else return die("--dtype: '%s' (expected f32, bf16 or f16)%s", dt, "");
    }
    if (!(text = read_text_file(cfg_path, &n))) return 1;
    if (wm_config_parse(&cfg, text, n, &e) != WM_OK) { free(text); return die("%s: %s", cfg_path, e.message); }
    if (wm_random_checkpoint(&cfg, seed, dtype, NULL, 0, &size, &e) != WM_OK) { free(text); return die("%s%s", e.message, ""); }
    buf = malloc(size);
    if (!buf) { free(text); return die("cannot allocate the checkpoint%s%s", "", ""); }
    if (size > (64u << 20)) fprintf(stderr, "wm: drawing %.1f MB of random weights\n", (double)size / 1e6);
    wm_random_checkpoint(&cfg, seed, dtype, buf, size, &size, &e);
    rc = make_dir(out);
    if (!rc) { snprintf(path, sizeof path, "%s/model.safetensors", out); rc = write_file(path, buf, size); }
    if (!rc) { snprintf(path, sizeof path, "%s/config.json", out); rc = write_file(path, text, n); }
    free(buf);
    free(text);
    return rc;
}

/* ---- text: tokenize, detokenize, generate, chat ---------------------------- */

/* wm tokenize TOKENIZER_JSON [--special] (TEXT | --file F [--count]) */
static int cmd_tokenize(int argc, char **argv) {
    const char *path = argv[0], *text = NULL, *file = arg_value(argc, argv, "--file");
    int special = 0, count_only = arg_flag(argc, argv, "--count"), i, rc = 0;
    wm_tokenizer *t;
    wm_error e;
    int32_t *ids;
    size_t n, len;
    char *buf = NULL;
    double t0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--special")) special = 1;
        else if (!strcmp(argv[i], "--count")) continue;
        else if (!strcmp(argv[i], "--file")) i++;
        else text = argv[i];
    }
    if (file) {
        if (!(buf = read_text_file(file, &len))) return 1;
        text = buf;
    } else {
        len = text ? strlen(text) : 0;
    }
    if (!text) return die("usage: wm tokenize TOKENIZER_JSON [--special] (TEXT | --file F [--count])%s%s", "", "");
    if (wm_tokenizer_load(&t, path, &e) != WM_OK) { free(buf); return die("%s%s", e.message, ""); }
    ids = (int32_t *)malloc(sizeof(int32_t) * (len + 33)); /* a token covers at least one byte; + template ids */
    t0 = now_s();
    if (!ids || wm_tokenize(t, text, len, special, ids, len + 33, &n) != WM_OK) rc = die("tokenize failed%s%s", "", "");
    if (count_only) {
        double dt = now_s() - t0;
        printf("%zu\n", n);
        fprintf(stderr, "wm: %zu bytes -> %zu tokens in %.3f s (%.2f MB/s)\n", len, n, dt, len / dt / 1e6);
    } else {
        for (i = 0; !rc && i < (int)n; i++) printf(i ? ",%d" : "%d", ids[i]);
        if (!rc) printf("\n");
    }
    free(ids);
    free(buf);
    wm_tokenizer_free(t);
    return rc;
}

static int cmd_detokenize(int argc, char **argv) {
    int32_t *ids;
    int n, rc = 0;
    wm_tokenizer *t;
    wm_error e;
    size_t len;
    char *out;
    if (argc < 2) return die("usage: wm detokenize TOKENIZER_JSON 3,17,42%s%s", "", "");
    if ((n = parse_ids(argv[1], &ids)) < 0) return die("'%s' is not a comma-separated list of token ids%s", argv[1], "");
    if (wm_tokenizer_load(&t, argv[0], &e) != WM_OK) { free(ids); return die("%s%s", e.message, ""); }
    wm_detokenize(t, ids, (size_t)n, NULL, 0, &len);
    out = (char *)malloc(len + 1);
    if (!out || wm_detokenize(t, ids, (size_t)n, out, len + 1, &len) != WM_OK) rc = die("detokenize failed%s%s", "", "");
    else { fwrite(out, 1, len, stdout); printf("\n"); }
    free(out);
    free(ids);
    wm_tokenizer_free(t);
    return rc;
}

/* Streams each token's text and notes when the first one came. */
typedef struct stream_ctx { double t_first; } stream_ctx;

static int on_token(void *user, int32_t tok, const char *text, size_t len) {
    stream_ctx *sc = (stream_ctx *)user;
    if (sc->t_first == 0.0 && tok >= 0) sc->t_first = now_s();
    fwrite(text, 1, len, stdout);
    fflush(stdout);
    return 0;
}

/* Sampling options shared by generate and chat. */
static wm_sampler parse_sampler(int argc, char **argv, int *bad) {
    wm_sampler s = wm_sampler_default();
    const char *v;
    s.temperature = 0.8f;
    s.top_p = 0.95f;
    if ((v = arg_value(argc, argv, "--temp"))) s.temperature = (float)atof(v);
    if ((v = arg_value(argc, argv, "--top-k"))) s.top_k = atoi(v);
    if ((v = arg_value(argc, argv, "--top-p"))) s.top_p = (float)atof(v);
    if ((v = arg_value(argc, argv, "--min-p"))) s.min_p = (float)atof(v);
    if ((v = arg_value(argc, argv, "--repeat-penalty"))) s.repeat_penalty = (float)atof(v);
    if ((v = arg_value(argc, argv, "--repeat-last-n"))) s.repeat_last_n = atoi(v);
    wm_sampler_seed(&s, (v = arg_value(argc, argv, "--seed")) ? strtoull(v, NULL, 10) : 0);
    *bad = s.temperature < 0 || s.top_k < 0 || !(s.top_p > 0 && s.top_p <= 1) || s.min_p < 0 || s.min_p > 1 || !(s.repeat_penalty > 0);
    return s;
}

/* Model, tokenizer and session for generate/chat. */
static int open_all(int argc, char **argv, wm_model **m, wm_tokenizer **t, wm_session **s) {
    const char *dir = argv[0], *tk = arg_value(argc, argv, "--tokenizer"), *ctx = arg_value(argc, argv, "--ctx");
    char path[4096];
    wm_error e;
    wm_session_params p;
    *m = NULL; *t = NULL; *s = NULL;
    if (wm_model_load(m, dir, &e) != WM_OK) return die("%s%s", e.message, "");
    if (!tk) { snprintf(path, sizeof path, "%s/tokenizer.json", dir); tk = path; }
    if (wm_tokenizer_load(t, tk, &e) != WM_OK) return die("%s%s", e.message, "");
    if (wm_tokenizer_n_vocab(*t) > wm_model_config(*m)->vocab_size)
        fprintf(stderr, "wm: warning: the tokenizer has %d ids, the model %d\n", wm_tokenizer_n_vocab(*t), wm_model_config(*m)->vocab_size);
    p = wm_session_default_params(*m);
    if (ctx) p.n_ctx = atoi(ctx);
    if (arg_value(argc, argv, "--threads")) p.n_threads = atoi(arg_value(argc, argv, "--threads"));
    if (wm_session_create(s, *m, &p, &e) != WM_OK) return die("%s%s", e.message, "");
    return 0;
}

static void close_all(wm_model *m, wm_tokenizer *t, wm_session *s) {
    wm_session_free(s);
    wm_tokenizer_free(t);
    wm_model_free(m);
}

static int cmd_generate(int argc, char **argv) {
    const char *prompt = arg_value(argc, argv, "--prompt"), *nv = arg_value(argc, argv, "-n");
    const char *save = arg_value(argc, argv, "--save-session"), *load = arg_value(argc, argv, "--load-session");
    int n_new = nv ? atoi(nv) : 128, bad, rc = 1;
    wm_model *m;
    wm_tokenizer *t;
    wm_session *s;
    wm_sampler smp = parse_sampler(argc, argv, &bad);
    wm_generate_stats gs;
    stream_ctx sc;
    float *logits = NULL;
    double t0, t2;
    if (bad) return die("sampling options out of range (temp >= 0, 0 < top-p <= 1, 0 <= min-p <= 1, repeat-penalty > 0)%s%s", "", "");
    if ((!prompt && !load) || n_new < 0) return die("usage: wm generate MODEL_DIR --prompt TEXT [-n N] [options]%s%s", "", "");
    if (open_all(argc, argv, &m, &t, &s)) goto done;
    if (arg_flag(argc, argv, "--ignore-eos")) ((wm_config *)wm_model_config(m))->n_eos = 0;
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    if (!logits) { die("out of memory%s%s", "", ""); goto done; }
    if (load) {
        wm_sampler restored = smp;
        if (wm_session_restore_file(s, &restored, logits, load) != WM_OK) { die("%s%s", wm_session_error(s), ""); goto done; }
        if (!arg_value(argc, argv, "--seed")) memcpy(smp.rng, restored.rng, sizeof smp.rng); /* continue the same stream */
    }
    if (prompt) { fputs(prompt, stdout); fflush(stdout); }
    sc.t_first = 0.0;
    t0 = now_s();
    if (wm_generate(s, t, &smp, logits, prompt, prompt ? strlen(prompt) : 0, !load && !arg_flag(argc, argv, "--no-bos"), n_new,
                    on_token, &sc, &gs) != WM_OK) {
        printf("\n");
        die("%s%s", wm_session_error(s), "");
        goto done;
    }
    t2 = now_s();
    printf("\n");
    fflush(stdout);
    if (sc.t_first == 0.0) sc.t_first = t2;
    fprintf(stderr, "wm: prefill %d tokens in %.3f s (%.1f tok/s); decode %d tokens in %.3f s (%.1f tok/s)%s\n", gs.n_prompt,
            sc.t_first - t0, gs.n_prompt / (sc.t_first - t0 > 0 ? sc.t_first - t0 : 1e-9), gs.n_generated, t2 - sc.t_first,
            gs.n_generated / (t2 - sc.t_first > 0 ? t2 - sc.t_first : 1e-9), gs.stopped_at_eos ? ", stopped at EOS" : "");
    if (save && wm_session_save_file(s, &smp, logits, save) != WM_OK) { die("%s%s", wm_session_error(s), ""); goto done; }
    rc = 0;
done:
    free(logits);
    close_all(m, t, s);
    return rc;
}

static int cmd_chat(int argc, char **argv) {
    const wm_chat_template *ct = wm_chat_template_get(arg_value(argc, argv, "--template") ? arg_value(argc, argv, "--template") : "doge");
    const char *sys = arg_value(argc, argv, "--system"), *nv = arg_value(argc, argv, "-n");
    int n_new = nv ? atoi(nv) : 256, bad, rc = 1, turn = 0, tty = isatty(0);
    wm_model *m;
    wm_tokenizer *t;
    wm_session *s;
    wm_sampler smp = parse_sampler(argc, argv, &bad);
    float *logits = NULL;
    char line[8192], *text = NULL;
    if (sys && strlen(sys) > 4000) return die("--system: at most 4000 bytes%s%s", "", "");
    if (bad) return die("sampling options out of range%s%s", "", "");
    if (!ct) return die("unknown chat template%s%s", "", "");
    if (open_all(argc, argv, &m, &t, &s)) goto done;
    {
        wm_config *c = (wm_config *)wm_model_config(m); /* the template's stop token ends an answer */
        int32_t stop = wm_tokenizer_find(t, ct->stop);
        if (stop >= 0 && c->n_eos < 4) c->eos_token_ids[c->n_eos++] = stop;
    }
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    text = (char *)malloc(sizeof line * 2 + 4096);
    if (!logits || !text) { die("out of memory%s%s", "", ""); goto done; }
    for (;;) {
        size_t n = 0, len;
        wm_generate_stats gs;
        stream_ctx sc;
        if (tty) { fprintf(stderr, "> "); fflush(stderr); }
        if (!fgets(line, sizeof line, stdin)) break;
        len = strlen(line);
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (!strcmp(line, "/exit")) break;
        if (!len) continue;
        n = wm_chat_render(ct, turn == 0, sys, line, text, sizeof line * 2 + 4096);
        sc.t_first = 0.0;
        if (wm_generate(s, t, &smp, logits, text, n, 0, n_new, on_token, &sc, &gs) != WM_OK) {
            printf("\n");
            fprintf(stderr, "wm: %s (starting a new conversation)\n", wm_session_error(s));
            wm_session_reset(s);
            turn = 0;
            continue;
        }
        printf("\n");
        turn++;
    }
    rc = 0;
done:
    free(logits);
    free(text);
    close_all(m, t, s);
    return rc;
}

static int argmax(const float *x, int n) {
    int i, b = 0;
    for (i = 1; i < n; i++) if (x[i] > x[b]) b = i;
    return b;
}

/* ---- the machine's limits, measured in the same run ------------------------ */

#if defined(__AVX2__) && defined(__FMA__) && !defined(WM_NO_SIMD)
#include <immintrin.h>
#define PROBE_AVX2 1
#elif defined(__ARM_NEON) && defined(__aarch64__) && !defined(WM_NO_SIMD)
#define PROBE_NEON 1
#endif

/* Sum of n floats (n a multiple of 32), read with the widest loads. */
static float probe_read(const float *a, size_t n) {
    size_t i;
#if defined(PROBE_AVX2)
    __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
    float o[8];
    for (i = 0; i < n; i += 32) {
        s0 = _mm256_add_ps(s0, _mm256_load_ps(a + i));
        s1 = _mm256_add_ps(s1, _mm256_load_ps(a + i + 8));
        s2 = _mm256_add_ps(s2, _mm256_load_ps(a + i + 16));
        s3 = _mm256_add_ps(s3, _mm256_load_ps(a + i + 24));
    }
    _mm256_storeu_ps(o, _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)));
    return o[0] + o[1] + o[2] + o[3] + o[4] + o[5] + o[6] + o[7];
#elif defined(PROBE_NEON)
    float32x4_t s0 = vdupq_n_f32(0), s1 = s0, s2 = s0, s3 = s0;
    for (i = 0; i < n; i += 16) {
        s0 = vaddq_f32(s0, vld1q_f32(a + i)); s1 = vaddq_f32(s1, vld1q_f32(a + i + 4));
        s2 = vaddq_f32(s2, vld1q_f32(a + i + 8)); s3 = vaddq_f32(s3, vld1q_f32(a + i + 12));
    }
    return vaddvq_f32(vaddq_f32(vaddq_f32(s0, s1), vaddq_f32(s2, s3)));
#else
    float s[8] = {0};
    for (i = 0; i < n; i += 8) {
        int k;
        for (k = 0; k < 8; k++) s[k] += a[i + k];
    }
    return s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7];
#endif
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* The bandwidth probe: 512 MB of distinct data in huge pages (as
   wm_model_load places weights), read by n_threads readers. */
typedef struct probe { float *a; size_t per; int n_threads; } probe;

static int probe_open(probe *p, int n_threads) {
    size_t n = (size_t)128 << 20, k;
    p->n_threads = n_threads;
    p->per = n / (size_t)n_threads / 32 * 32;
    p->a = (float *)aligned_alloc((size_t)2 << 20, n * sizeof(float));
    if (!p->a) return 0;
#ifdef MADV_HUGEPAGE
    madvise(p->a, n * sizeof(float), MADV_HUGEPAGE);
#endif
    for (k = 0; k < n; k++) p->a[k] = (float)(k & 4095) * 1e-3f; /* distinct, non-zero pages */
    return 1;
}

/* One pass over the buffer: GB/s. */
static double probe_pass(probe *p) {
    double t0 = now_s(), dt;
    float sink = 0.0f;
    int th;
#ifdef _OPENMP
#pragma omp parallel for num_threads(p->n_threads) reduction(+ : sink)
#endif
    for (th = 0; th < p->n_threads; th++) sink += probe_read(p->a + (size_t)th * p->per, p->per);
    dt = now_s() - t0;
    if (sink == 1.0f) fprintf(stderr, " ");
    return (double)p->per * p->n_threads * 4 / dt / 1e9;
}

/* FMA throughput in GFLOP/s (2 flops per lane): 12 independent chains per thread. */
static double probe_fma(long iters) {
#if defined(PROBE_AVX2)
    __m256 m = _mm256_set1_ps(0.999999f), b = _mm256_set1_ps(1e-7f);
    __m256 c0 = _mm256_set1_ps(0.1f), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0, c8 = c0, c9 = c0, c10 = c0, c11 = c0;
    float o[8];
    long i;
    for (i = 0; i < iters; i++) {
        c0 = _mm256_fmadd_ps(c0, m, b); c1 = _mm256_fmadd_ps(c1, m, b); c2 = _mm256_fmadd_ps(c2, m, b); c3 = _mm256_fmadd_ps(c3, m, b);
        c4 = _mm256_fmadd_ps(c4, m, b); c5 = _mm256_fmadd_ps(c5, m, b); c6 = _mm256_fmadd_ps(c6, m, b); c7 = _mm256_fmadd_ps(c7, m, b);
        c8 = _mm256_fmadd_ps(c8, m, b); c9 = _mm256_fmadd_ps(c9, m, b); c10 = _mm256_fmadd_ps(c10, m, b); c11 = _mm256_fmadd_ps(c11, m, b);
    }
    c0 = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(c0, c1), _mm256_add_ps(c2, c3)), _mm256_add_ps(_mm256_add_ps(c4, c5), _mm256_add_ps(c6, c7)));
    c0 = _mm256_add_ps(c0, _mm256_add_ps(_mm256_add_ps(c8, c9), _mm256_add_ps(c10, c11)));
    _mm256_storeu_ps(o, c0);
    return (double)o[0] * 1e-30 + (double)iters * 12 * 16;
#elif defined(PROBE_NEON)
    float32x4_t m = vdupq_n_f32(0.999999f), b = vdupq_n_f32(1e-7f), c[12];
    long i;
    int k;
    for (k = 0; k < 12; k++) c[k] = vdupq_n_f32(0.1f);
    for (i = 0; i < iters; i++)
        for (k = 0; k < 12; k++) c[k] = vfmaq_f32(b, c[k], m);
    for (k = 1; k < 12; k++) c[0] = vaddq_f32(c[0], c[k]);
    return (double)vaddvq_f32(c[0]) * 1e-30 + (double)iters * 12 * 8;
#else
    float c[8] = {0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f};
    long i;
    int k;
    for (i = 0; i < iters; i++)
        for (k = 0; k < 8; k++) c[k] = c[k] * 0.999999f + 1e-7f;
    return (double)(c[0] + c[7]) * 1e-30 + (double)iters * 8 * 2;
#endif
}

static double measure_fma_gflops(int n_threads) {
    double best = 0.0;
    int r, th;
    for (r = 0; r < 3; r++) {
        double t0 = now_s(), flops = 0.0, dt;
#ifdef _OPENMP
#pragma omp parallel for num_threads(n_threads) reduction(+ : flops)
#endif
        for (th = 0; th < n_threads; th++) flops += probe_fma(20000000);
        dt = now_s() - t0;
        if (flops / dt / 1e9 > best) best = flops / dt / 1e9;
    }
    return best;
}

/* One JSON line: prefill and decode speed on a random prompt, next to the
   machine's memory read bandwidth and FMA throughput at the same thread
   count. Bandwidth drifts on a shared machine, so probe passes (512 MB each)
   run before prefill, after every 8th decode step and at the end, and decode
   is compared by the same statistic: the median probe pass against the
   median decode step (both ~10-50 ms long); means and bests are printed too.
   A probe pass evicts the caches between decode steps: weights larger than
   the last-level cache are read from memory either way. */
static int cmd_bench(int argc, char **argv) {
    const char *dir = argv[0], *pl = arg_value(argc, argv, "--prompt-len"), *gl = arg_value(argc, argv, "--gen");
    const char *th = arg_value(argc, argv, "--threads");
    int n_prompt = pl ? atoi(pl) : 256, n_gen = gl ? atoi(gl) : 64, i, rc = 1, tok;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    size_t sb = 0;
    int32_t *ids = NULL;
    float *logits = NULL;
    double t0, t_pre, t_dec = 0.0, gflops, *bw = NULL, *step = NULL, bw_med, bw_best = 0.0, step_med;
    int n_bw = 0;
    probe pr;
    uint64_t bytes = 0;
    unsigned seed = 12345;
    const char *dtype = "?";
    if (n_prompt < 1 || n_gen < 1) return die("--prompt-len and --gen must be >= 1%s%s", "", "");
    if (wm_model_load(&m, dir, &e) != WM_OK) return die("%s%s", e.message, "");
    p = wm_session_default_params(m);
    p.n_ctx = n_prompt + n_gen;
    p.n_threads = th ? atoi(th) : 1;
    p.scalar = arg_flag(argc, argv, "--scalar");
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { die("%s%s", e.message, ""); goto done; }
    wm_session_bytes(m, &p, &sb, NULL);
    p = *wm_session_get_params(s);
    for (i = 0; i < wm_model_n_tensors(m); i++) {
        wm_tensor_info ti;
        wm_model_tensor(m, i, &ti);
        if (ti.ndim == 2 && ti.used) dtype = ti.dtype;
    }
    ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n_prompt);
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    step = (double *)malloc(sizeof(double) * (size_t)n_gen);
    bw = (double *)malloc(sizeof(double) * (size_t)(n_gen / 8 + 16));
    pr.a = NULL;
    if (!ids || !logits || !step || !bw || !probe_open(&pr, p.n_threads)) { die("out of memory%s%s", "", ""); goto done; }
    for (i = 0; i < n_prompt; i++) { seed = seed * 1103515245u + 12345u; ids[i] = (int32_t)((seed >> 8) % (unsigned)wm_model_config(m)->vocab_size); }
    probe_pass(&pr); /* warm-up */
    for (i = 0; i < 4; i++) bw[n_bw++] = probe_pass(&pr);
    gflops = measure_fma_gflops(p.n_threads);
    fprintf(stderr, "wm bench: %s, %d thread(s), %s: prefill of %d tokens, then %d decoded\n", dir, p.n_threads, p.scalar ? "scalar" : "simd",
            n_prompt, n_gen);
    t0 = now_s();
    if (wm_prefill(s, ids, n_prompt, logits, WM_LOGITS_LAST) != WM_OK) { die("%s: %s", dir, wm_session_error(s)); goto done; }
    t_pre = now_s() - t0;
    for (i = 0; i < n_gen; i++) {
        double ts;
        tok = argmax(logits, wm_model_config(m)->vocab_size);
        bytes += wm_model_decode_bytes(m, wm_session_pos(s));
        ts = now_s();
        if (wm_decode(s, tok, logits) != WM_OK) { die("%s: %s", dir, wm_session_error(s)); goto done; }
        step[i] = now_s() - ts;
        t_dec += step[i];
        if (i % 8 == 7) bw[n_bw++] = probe_pass(&pr); /* bandwidth sampled over the same minutes as decode */
    }
    for (i = 0; i < 4; i++) bw[n_bw++] = probe_pass(&pr);
    for (i = 0; i < n_bw; i++) bw_best = bw[i] > bw_best ? bw[i] : bw_best;
    bw_med = median(bw, n_bw);
    step_med = median(step, n_gen);
    bytes /= (uint64_t)n_gen;
    printf("{\"model\": \"%s\", \"dtype\": \"%s\", \"threads\": %d, \"simd\": %s, \"prompt_len\": %d, \"gen\": %d, "
           "\"prefill_tps\": %.2f, \"decode_tps\": %.2f, \"decode_tps_median\": %.2f, \"decode_bytes_per_token\": %llu, "
           "\"decode_gbps\": %.2f, \"decode_gbps_median\": %.2f, \"mem_read_gbps\": %.2f, \"mem_read_gbps_best\": %.2f, "
           "\"decode_of_bandwidth\": %.3f, \"fma_gflops\": %.1f, \"weight_bytes\": %llu, \"session_bytes\": %zu}\n",
           dir, dtype, p.n_threads, p.scalar ? "false" : "true", n_prompt, n_gen, n_prompt / t_pre, n_gen / t_dec, 1.0 / step_med,
           (unsigned long long)bytes, (double)bytes * n_gen / t_dec / 1e9, (double)bytes / step_med / 1e9, bw_med, bw_best,
           (double)bytes / step_med / 1e9 / bw_med, gflops, (unsigned long long)wm_model_weight_bytes(m), sb);
    rc = 0;
done:
    free(ids);
    free(logits);
    free(step);
    free(bw);
    free(pr.a);
    wm_session_free(s);
    wm_model_free(m);
    return rc;
}

int main(int argc, char **argv) {
    if (argc >= 3 && !strcmp(argv[1], "generate")) return cmd_generate(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "chat")) return cmd_chat(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "tokenize")) return cmd_tokenize(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "detokenize")) return cmd_detokenize(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "logits")) return cmd_logits(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "info")) return cmd_info(argc - 2, argv + 2);
    if (argc >= 4 && !strcmp(argv[1], "random")) return cmd_random(argc - 2, argv + 2);
    if (argc >= 3 && !strcmp(argv[1], "bench")) return cmd_bench(argc - 2, argv + 2);
    fprintf(stderr,
            "wm %s - Wonderful Matrices models on the CPU\n"
            "usage:\n"
            "  wm generate MODEL_DIR --prompt TEXT [-n N] [--temp T] [--top-k K] [--top-p P] [--min-p P]\n"
            "              [--repeat-penalty R] [--seed S] [--tokenizer FILE] [--ctx N] [--threads N] [--no-bos] [--ignore-eos]\n"
            "              [--save-session FILE] [--load-session FILE]\n"
            "  wm chat MODEL_DIR [--system TEXT] [-n N] [sampling options]\n"
            "  wm tokenize TOKENIZER_JSON [--special] (TEXT | --file F [--count])\n"
            "  wm detokenize TOKENIZER_JSON 3,17,42\n"
            "  wm logits MODEL_DIR --ids 3,17,42 --out FILE [--decode]\n"
            "  wm info MODEL_DIR\n"
            "  wm random CONFIG_JSON OUT_DIR [--seed S] [--dtype f32|bf16|f16]\n"
            "  wm bench MODEL_DIR [--prompt-len N] [--gen N] [--threads N] [--scalar]\n",
            WM_VERSION_STRING);
    return argc == 1 ? 0 : 1;
}
