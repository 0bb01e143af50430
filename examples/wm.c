/* wm - the command-line front end of wm.h (SPEC.md §8).

     wm generate MODEL_DIR --prompt TEXT [-n N] [--temp T] [--top-k K] [--top-p P] [--min-p P]
                 [--repeat-penalty R] [--seed S] [--tokenizer FILE] [--ctx N] [--no-bos] [--ignore-eos]
                 [--save-session FILE] [--load-session FILE]
     wm chat MODEL_DIR [--system TEXT] [sampling options as for generate]
     wm tokenize TOKENIZER_JSON [--special] (TEXT | --file F [--count])
     wm detokenize TOKENIZER_JSON 3,17,42
     wm logits MODEL_DIR --ids 3,17,42 --out FILE [--decode]
     wm info MODEL_DIR
     wm random CONFIG_JSON OUT_DIR [--seed S] [--dtype f32|bf16|f16]
     wm bench MODEL_DIR [--prompt-len N] [--gen N]

   Errors: exit status 1 and one line on stderr; output files are written
   to a temporary name and renamed only when complete. */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

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
    FILE *f;
    char *text;
    long n;
    wm_config cfg;
    wm_error e;
    size_t size;
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
    f = fopen(cfg_path, "rb");
    if (!f) return die("%s: cannot open (%s)", cfg_path, strerror(errno));
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) { fclose(f); free(text); return die("%s: cannot read%s", cfg_path, ""); }
    fclose(f);
    if (wm_config_parse(&cfg, text, (size_t)n, &e) != WM_OK) { free(text); return die("%s: %s", cfg_path, e.message); }
    if (wm_random_checkpoint(&cfg, seed, dtype, NULL, 0, &size, &e) != WM_OK) { free(text); return die("%s%s", e.message, ""); }
    buf = malloc(size);
    if (!buf) { free(text); return die("cannot allocate the checkpoint%s%s", "", ""); }
    if (size > (64u << 20)) fprintf(stderr, "wm: drawing %.1f MB of random weights\n", (double)size / 1e6);
    wm_random_checkpoint(&cfg, seed, dtype, buf, size, &size, &e);
    rc = make_dir(out);
    if (!rc) { snprintf(path, sizeof path, "%s/model.safetensors", out); rc = write_file(path, buf, size); }
    if (!rc) { snprintf(path, sizeof path, "%s/config.json", out); rc = write_file(path, text, (size_t)n); }
    free(buf);
    free(text);
    return rc;
}

/* ---- text: tokenize, detokenize, generate, chat ---------------------------- */

static double now_s(void);

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
        FILE *f = fopen(file, "rb");
        long sz;
        if (!f) return die("%s: cannot open (%s)", file, strerror(errno));
        fseek(f, 0, SEEK_END);
        sz = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = (char *)malloc((size_t)sz + 1);
        if (!buf || fread(buf, 1, (size_t)sz, f) != (size_t)sz) { fclose(f); free(buf); return die("%s: cannot read%s", file, ""); }
        fclose(f);
        buf[sz] = 0;
        text = buf;
        len = (size_t)sz;
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

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int argmax(const float *x, int n) {
    int i, b = 0;
    for (i = 1; i < n; i++) if (x[i] > x[b]) b = i;
    return b;
}

/* One JSON line: prefill and decode speed on a random prompt. */
static int cmd_bench(int argc, char **argv) {
    const char *dir = argv[0], *pl = arg_value(argc, argv, "--prompt-len"), *gl = arg_value(argc, argv, "--gen");
    int n_prompt = pl ? atoi(pl) : 256, n_gen = gl ? atoi(gl) : 64, i, rc = 1, tok;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    size_t sb = 0;
    int32_t *ids = NULL;
    float *logits = NULL;
    double t0, t_pre, t_dec;
    unsigned seed = 12345;
    if (n_prompt < 1 || n_gen < 0) return die("--prompt-len must be >= 1 and --gen >= 0%s%s", "", "");
    if (wm_model_load(&m, dir, &e) != WM_OK) return die("%s%s", e.message, "");
    p = wm_session_default_params(m);
    p.n_ctx = n_prompt + n_gen;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { die("%s%s", e.message, ""); goto done; }
    wm_session_bytes(m, &p, &sb, NULL);
    ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n_prompt);
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    if (!ids || !logits) { die("out of memory%s%s", "", ""); goto done; }
    for (i = 0; i < n_prompt; i++) { seed = seed * 1103515245u + 12345u; ids[i] = (int32_t)((seed >> 8) % (unsigned)wm_model_config(m)->vocab_size); }
    fprintf(stderr, "wm bench: prefill of %d tokens, then %d decoded\n", n_prompt, n_gen);
    t0 = now_s();
    if (wm_prefill(s, ids, n_prompt, logits, WM_LOGITS_LAST) != WM_OK) { die("%s: %s", dir, wm_session_error(s)); goto done; }
    t_pre = now_s() - t0;
    t0 = now_s();
    for (i = 0; i < n_gen; i++) {
        tok = argmax(logits, wm_model_config(m)->vocab_size);
        if (wm_decode(s, tok, logits) != WM_OK) { die("%s: %s", dir, wm_session_error(s)); goto done; }
    }
    t_dec = now_s() - t0;
    printf("{\"model\": \"%s\", \"prompt_len\": %d, \"gen\": %d, \"prefill_tps\": %.2f, \"decode_tps\": %.2f, "
           "\"weight_bytes\": %llu, \"session_bytes\": %zu}\n",
           dir, n_prompt, n_gen, n_prompt / t_pre, n_gen ? n_gen / t_dec : 0.0, (unsigned long long)wm_model_weight_bytes(m), sb);
    rc = 0;
done:
    free(ids);
    free(logits);
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
            "              [--repeat-penalty R] [--seed S] [--tokenizer FILE] [--ctx N] [--no-bos] [--ignore-eos]\n"
            "              [--save-session FILE] [--load-session FILE]\n"
            "  wm chat MODEL_DIR [--system TEXT] [-n N] [sampling options]\n"
            "  wm tokenize TOKENIZER_JSON [--special] (TEXT | --file F [--count])\n"
            "  wm detokenize TOKENIZER_JSON 3,17,42\n"
            "  wm logits MODEL_DIR --ids 3,17,42 --out FILE [--decode]\n"
            "  wm info MODEL_DIR\n"
            "  wm random CONFIG_JSON OUT_DIR [--seed S] [--dtype f32|bf16|f16]\n"
            "  wm bench MODEL_DIR [--prompt-len N] [--gen N]\n",
            WM_VERSION_STRING);
    return argc == 1 ? 0 : 1;
}
