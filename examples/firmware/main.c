/* wm.h on a microcontroller: greedy generation from a GGUF model that
   stays where it is (flash, QSPI ROM), with every byte of RAM the library
   touches in static buffers sized at compile time.

   plan.h comes from the host: `wm plan MODEL.gguf --ctx 256 --batch 1
   --cache-type q8_0 -p PROMPT -n N` prints the exact byte counts, which
   are the same on a 32-bit target as on the 64-bit host. The platform
   (board.c: Cortex-M with semihosting; host.c: a hosted build of this same
   program, which the tests compare with) supplies fw_write, fw_ticks and
   the model blob fw_model[] (model.S). Output: a "selftest:" line (the
   target's integer kernels against their scalar references), the text as
   it is generated, then "ids:" (prompt and generated token ids) and
   "stats:" lines. A plan made with a grammar (wm plan -j SCHEMA) holds its
   GBNF text: the output then follows it (in the arena too). */
#define WM_NO_MALLOC
#define WM_NO_STDIO
#define WM_WEIGHTS_IN_PLACE
#define WM_IMPLEMENTATION
#include "../../wm.h"
#include "plan.h"
#include "fw.h"

#define FW_ALIGNED(n) (((n) + 63u) & ~(size_t)63u)
/* One arena, in this order; each part starts on a 64-byte boundary. */
#define FW_OFF_TOK FW_ALIGNED(WM_PLAN_MODEL_BYTES)
#define FW_OFF_SESSION (FW_OFF_TOK + FW_ALIGNED(WM_PLAN_TOKENIZER_BYTES))
#define FW_OFF_GEN (FW_OFF_SESSION + FW_ALIGNED(WM_PLAN_SESSION_BYTES))
#define FW_OFF_LOGITS (FW_OFF_GEN + FW_ALIGNED(WM_PLAN_GENERATE_BYTES))
#ifdef WM_PLAN_GRAMMAR /* a grammar constrains the output (wm plan -j SCHEMA): it and its parse state follow */
#define FW_OFF_GRAMMAR (FW_OFF_LOGITS + FW_ALIGNED(WM_PLAN_LOGITS_BYTES))
#define FW_OFF_GSTATE (FW_OFF_GRAMMAR + FW_ALIGNED(WM_PLAN_GRAMMAR_BYTES))
#define FW_ARENA_BYTES (FW_OFF_GSTATE + FW_ALIGNED(WM_PLAN_GRAMMAR_STATE_BYTES))
#else
#define FW_ARENA_BYTES (FW_OFF_LOGITS + FW_ALIGNED(WM_PLAN_LOGITS_BYTES))
#endif

static unsigned char fw_arena[FW_ARENA_BYTES] __attribute__((aligned(64), section(FW_ARENA_SECTION)));

static int32_t fw_ids[WM_PLAN_N_CTX];
static int fw_n_ids;
static uint64_t fw_t_first, fw_t_last;

static void fw_puts(const char *s) { fw_write(s, strlen(s)); }

static void fw_putu(unsigned long long v) { /* decimal, no printf */
    char b[24];
    int i = 23;
    b[i] = 0;
    do b[--i] = (char)('0' + v % 10); while ((v /= 10) && i > 0);
    fw_puts(b + i);
}

static void fw_kv(const char *k, unsigned long long v) {
    fw_puts(" ");
    fw_puts(k);
    fw_puts("=");
    fw_putu(v);
}

static int on_token(void *user, int32_t token, const char *text, size_t len) {
    (void)user;
    if (fw_n_ids == 0) fw_t_first = fw_ticks(); /* the prompt is in: decoding starts */
    fw_t_last = fw_ticks();
    if (fw_n_ids < WM_PLAN_N_CTX) fw_ids[fw_n_ids++] = token;
    fw_write(text, len);
    return 0;
}

static int fw_fail(const char *what, const char *msg) {
    fw_puts("\nerror: ");
    fw_puts(what);
    fw_puts(": ");
    fw_puts(msg);
    fw_puts("\n");
    return 1;
}

/* The integer kernels of this target (Helium on the M55, the DSP
   extension's on the M4F and M33) against their scalar references, bit for
   bit, before the model runs: each quantized type's dot, the activation
   quantizer, decode's Q8_0 matmul, and the grouped key dots of the Q8_0 KV
   cache. Returns the number of mismatches. */
static int fw_selftest(void) { /* its buffers borrow the arena, which the model has not claimed yet */
    float *w = (float *)(void *)fw_arena, *x = w + 4 * 256;            /* [4][256], [256] */
    unsigned char *q = (unsigned char *)(x + 256);                     /* [4 * 256 * 2] */
    wm__qa *a = (wm__qa *)(void *)(q + 4 * 256 * 2), *b = a + 2;      /* [2], [2] */
    wm__kc vec, ref;
    uint32_t seed = 12345u;
    float s1, s2, S[8];
    int i, t, r, bad = 0;
    memset(&vec, 0, sizeof vec); /* SIMD bodies, one thread, no scratch */
    vec.simd = 1;
    vec.n_threads = 1;
    ref = vec;
    ref.simd = 0; /* the scalar references */
    for (i = 0; i < 4 * 256; i++) { /* uniform in [-1, 1), a few large values */
        seed = seed * 1664525u + 1013904223u;
        w[i] = (float)(int32_t)seed * (i % 61 == 0 ? 4.6566e-9f : 4.6566e-10f);
        if (i < 256) x[i] = (float)(int32_t)(seed * 2654435761u) * 4.6566e-10f;
    }
    wm__quant_act(x, 256, a, 1);
    wm__quant_act(x, 256, b, 0);
    bad += memcmp(a, b, sizeof(wm__qa)) != 0;
    for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) { /* every quantized type */
        if (wm_quantize(t, w, 4 * 256, q) != WM_OK) { bad++; continue; }
        for (r = 0; r < 4; r++) {
            size_t rb = wm_type_bytes(t, 256);
            s1 = wm__k_qdot(&vec, a, q + r * rb, t, 256);
            s2 = wm__k_qdot(&ref, a, q + r * rb, t, 256);
            bad += memcmp(&s1, &s2, sizeof s1) != 0;
        }
    }
    { /* decode's matmul: 4 rows against one token (the DSP build pairs the rows) */
        wm__mat W;
        float y1[4], y2[4];
        W.dtype = WM_Q8_0; W.rows = 4; W.cols = 256; W.data = q;
        wm_quantize(WM_Q8_0, w, 4 * 256, q);
        vec.qa = a; ref.qa = b;
        wm__k_matmul(&vec, y1, 4, x, 256, &W, NULL, 1);
        wm__k_matmul(&ref, y2, 4, x, 256, &W, NULL, 1);
        bad += memcmp(y1, y2, sizeof y1) != 0;
        vec.qa = ref.qa = NULL;
    }
    wm_quantize(WM_Q8_0, w, 8 * 64, q); /* eight keys of 64 */
    wm__k_qdots(&vec, a, q, 64, 8, S);
    for (r = 0; r < 8; r++) {
        s2 = wm__k_qdot(&ref, a, q + r * 68, WM_Q8_0, 64);
        bad += memcmp(&S[r], &s2, sizeof s2) != 0;
    }
    return bad;
}

int fw_main(void) {
    static const char prompt[] = WM_PLAN_PROMPT;
    wm_blob blob;
    wm_model_source src;
    wm_model *m;
    wm_tokenizer *t;
    wm_session *s;
    wm_session_params p;
    wm_sampler smp = wm_sampler_default(); /* greedy */
    wm_generate_params gp = wm_generate_default_params();
    wm_generate_stats gs;
    wm_error e;
    const char *tj;
    const void *tk;
    size_t tj_n, tk_n, n_prompt = 0, i;
    int32_t pids[64];
    uint64_t t0;

    i = (size_t)fw_selftest();
    fw_puts(i ? "selftest: FAILED, mismatches " : "selftest: kernels equal their scalar references bit for bit");
    if (i) fw_putu((unsigned long long)i);
    fw_puts("\n");
    if (i) return 1;
    blob.data = fw_model;
    blob.size = (size_t)(fw_model_end - fw_model);
    blob.name = "model.gguf";
    src.config_json = NULL; /* a GGUF carries its config */
    src.config_bytes = 0;
    src.files = &blob;
    src.n_files = 1;
    if (wm_model_init(&m, &src, fw_arena, FW_OFF_TOK, &e) != WM_OK) return fw_fail("model", e.message);
    if (wm_gguf_tokenizer_blob(fw_model, blob.size, &tk, &tk_n, &e) == WM_OK) { /* the tokenizer where it lies: only its struct in RAM */
        if (wm_tokenizer_init_blob(&t, tk, tk_n, fw_arena + FW_OFF_TOK, FW_OFF_SESSION - FW_OFF_TOK, &e) != WM_OK)
            return fw_fail("tokenizer", e.message);
    } else { /* built in RAM from the JSON text */
        if (wm_gguf_string(fw_model, blob.size, "tokenizer.huggingface.json", &tj, &tj_n, &e) != WM_OK) return fw_fail("tokenizer", e.message);
        if (wm_tokenizer_init(&t, tj, tj_n, fw_arena + FW_OFF_TOK, FW_OFF_SESSION - FW_OFF_TOK, &e) != WM_OK)
            return fw_fail("tokenizer", e.message);
    }
    p = wm_session_default_params(m);
    p.n_ctx = WM_PLAN_N_CTX;
    p.n_batch = WM_PLAN_N_BATCH;
    p.cache_type = WM_PLAN_CACHE_TYPE;
    p.state_type = WM_PLAN_STATE_TYPE;
    if (wm_session_init(&s, m, &p, fw_arena + FW_OFF_SESSION, FW_OFF_GEN - FW_OFF_SESSION, &e) != WM_OK)
        return fw_fail("session", e.message);
#ifdef WM_PLAN_GRAMMAR
    { /* compiled into the arena; the state within the plan's bounds */
        static const char gtext[] = WM_PLAN_GRAMMAR;
        wm_grammar *g;
        wm_grammar_params gpar = wm_grammar_default_params();
        int32_t eos[4];
        int k, n_eos = wm_model_config(m)->n_eos;
        for (k = 0; k < n_eos; k++) eos[k] = wm_model_config(m)->eos_token_ids[k];
        gpar.max_nodes = WM_PLAN_GRAMMAR_NODES;
        gpar.max_stacks = WM_PLAN_GRAMMAR_STACKS;
        gpar.cache = WM_PLAN_GRAMMAR_CACHE;
        if (wm_grammar_init(&g, gtext, sizeof gtext - 1, fw_arena + FW_OFF_GRAMMAR, FW_OFF_GSTATE - FW_OFF_GRAMMAR, &e) != WM_OK)
            return fw_fail("grammar", e.message);
        if (wm_grammar_state_init(&smp.grammar, g, t, eos, n_eos, &gpar, fw_arena + FW_OFF_GSTATE, FW_ARENA_BYTES - FW_OFF_GSTATE, &e) != WM_OK)
            return fw_fail("grammar", e.message);
    }
#endif
    gp.max_new = WM_PLAN_MAX_NEW;
    gp.work = fw_arena + FW_OFF_GEN;
    gp.work_bytes = FW_OFF_LOGITS - FW_OFF_GEN;
    fw_puts(prompt);
    t0 = fw_ticks();
    if (wm_generate(s, t, &smp, (float *)(void *)(fw_arena + FW_OFF_LOGITS), prompt, sizeof prompt - 1, &gp, on_token, NULL, &gs) != WM_OK)
        return fw_fail("generate", wm_session_error(s));
    fw_puts("\nids:");
    wm_tokenize(t, prompt, sizeof prompt - 1, 1, pids, 64, &n_prompt);
    for (i = 0; i < n_prompt && i < 64; i++) { fw_puts(" "); fw_putu((unsigned long long)pids[i]); }
    fw_puts(" |");
    for (i = 0; i < (size_t)fw_n_ids; i++) { fw_puts(" "); fw_putu((unsigned long long)fw_ids[i]); }
    fw_puts("\nstats:");
    fw_kv("prompt_tokens", (unsigned long long)gs.n_prompt);
    fw_kv("generated", (unsigned long long)gs.n_generated);
    fw_kv("prefill_ticks", (unsigned long long)(fw_t_first - t0));
    fw_kv("decode_ticks", (unsigned long long)(fw_t_last - fw_t_first)); /* n_generated - 1 decode steps */
    fw_kv("ram_model", WM_PLAN_MODEL_BYTES);
    fw_kv("ram_tokenizer", WM_PLAN_TOKENIZER_BYTES);
    fw_kv("ram_session", WM_PLAN_SESSION_BYTES);
    fw_kv("ram_generate", WM_PLAN_GENERATE_BYTES);
    fw_kv("ram_logits", WM_PLAN_LOGITS_BYTES);
#ifdef WM_PLAN_GRAMMAR
    fw_kv("ram_grammar", WM_PLAN_GRAMMAR_BYTES + WM_PLAN_GRAMMAR_STATE_BYTES);
#endif
    fw_kv("arena", FW_ARENA_BYTES);
    fw_kv("weights", (unsigned long long)blob.size);
    fw_puts("\n");
    return 0;
}
