/* Writes the seed corpora of the harnesses into DIR/<harness>/ (run from the
   repository root; `make fuzz` does): the tiny configs and checkpoints of
   fuzz.h, fixture configs, session blobs of the fixed models, tokenizer
   texts, index files. Not a harness: built and run natively. */
#include "fuzz.h"

#include <sys/stat.h>

static const char *g_dir;
static int g_n;

static void put(const char *harness, const void *a, size_t na, const void *b, size_t nb) {
    char path[4096];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", g_dir, harness);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/%s/seed-%03d", g_dir, harness, g_n++);
    f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    fwrite(a, 1, na, f);
    if (b) fwrite(b, 1, nb, f);
    fclose(f);
}

/* a tokenizer.json text as a seed of the tokenizer harness, and its blob (wm_tokenizer_save) of tokblob's */
static void put_tok(const char *json) {
    wm_tokenizer *t;
    size_t n = 0;
    put("tokenizer", json, strlen(json), NULL, 0);
    if (wm_tokenizer_open(&t, json, strlen(json), NULL) != WM_OK) return;
    if (wm_tokenizer_save(t, NULL, 0, &n, NULL) == WM_OK) {
        void *b = malloc(n);
        if (b && wm_tokenizer_save(t, b, n, &n, NULL) == WM_OK) put("tokblob", b, n, NULL, 0);
        free(b);
    }
    wm_tokenizer_free(t);
}

/* GGUF seeds: llama.cpp's files of hf-mamba2, and wm convert / quantize
   output of fixtures (build/wm must exist: make fuzz-build builds it) */
static void gguf_seeds(void) {
    static const char *llama[] = {"tests/fixtures/llama-mamba2/q4_0.gguf", "tests/fixtures/llama-mamba2/q8_0.gguf"};
    static const char *own[][2] = {{"tests/fixtures/hf-mamba2", "q4_k_m"}, {"tests/fixtures/hf-doge-dense", "q8_0"},
                                   {"tests/fixtures/cheems-tiny", "f16"}, {"tests/fixtures/hf-doge-moe", "q4_0"}};
    char cmd[512], path[256];
    size_t i, n;
    void *b;
    for (i = 0; i < sizeof llama / sizeof llama[0]; i++)
        if ((b = read_all(llama[i], &n)) != NULL) { put("gguf", b, n, NULL, 0); free(b); }
    for (i = 0; i < sizeof own / sizeof own[0]; i++) {
        snprintf(path, sizeof path, "%s/gguf-seed.tmp", g_dir);
        snprintf(cmd, sizeof cmd, "build/wm quantize %s %s --type %s 2>/dev/null", own[i][0], path, own[i][1]);
        if (system(cmd) == 0 && (b = read_all(path, &n)) != NULL) { put("gguf", b, n, NULL, 0); free(b); }
        remove(path);
    }
}

/* seeds of the quantizer, normalizer and GGUF vocabulary harnesses */
static void numeric_text_seeds(void) {
    static const float special[] = {1e-38f, 3e-40f, 1e-45f, 3e38f, -3.4e38f, 1.0f, -2.5f, 0.0f, 65504.0f, 7e5f, 3.8e-6f, -2.3e-5f};
    static const unsigned char pairs[] = {1, 0, 1, 19, 200, 23, 200, 30, 100, 20, 255, 14, 1, 15, 3, 16, 2};
    static const char *vocabs[] = {"a\xff" "b\xff" "ab\xff" "aab\xff" "abb\xff" "\xe2\x96\x81\xff" "\xe2\x96\x81" "a\xff" "<0x41>\xff" "bc",
                                   "a\xff" "aa\xff" "aaa\xff" "aaaa\xff" "aaaaa\xff" "b"};
    float x[512];
    int k, i;
    for (k = 0; k < 4; k++) { /* blocks of one special value each, then all of them mixed */
        for (i = 0; i < 512; i++) x[i] = special[(k * 3 + (k == 3 ? i : i / 32)) % 12] * (i % 3 == 1 ? -1.0f : 1.0f);
        x[100] = k == 1 ? NAN : x[100];
        x[300] = k == 2 ? INFINITY : x[300];
        put("quant", x, sizeof(float) * (size_t)(128 << (k % 3)), NULL, 0);
    }
    put("normalize", pairs, sizeof pairs, NULL, 0);
    {
        static const char t[] = "\x00" "e\xcc\x81\xcc\xa3 \xe1\x84\x80\xe1\x85\xa1 \xef\xac\x81 A\xcc\x8a";
        put("normalize", t, sizeof t - 1, NULL, 0);
    }
    for (k = 0; k < 2; k++)
        for (i = 0; i < 16; i += 5) { /* modes: llama / gpt2, space prefix, types, BOS */
            unsigned char mode = (unsigned char)((k ? 1 : 0) | i);
            put("ggvocab", &mode, 1, vocabs[k], strlen(vocabs[k]));
        }
    { /* gpt2 with merges */
        static const char g[] = "\x00" "a\xff" "b\xff" "ab\xff" "\xc4\xa0\xff" "\xc4\xa0" "a\xfe" "a b\xff" "\xc4\xa0 a";
        put("ggvocab", g, sizeof g - 1, NULL, 0);
    }
}

int main(int argc, char **argv) {
    static const char *fixture_cfgs[] = {"tests/fixtures/cheems-tiny/config.json", "tests/fixtures/cheems-variants/config.json",
                                         "tests/fixtures/doge-paper/config.json", "tests/fixtures/hf-doge-dense/config.json",
                                         "tests/fixtures/hf-doge-moe/config.json", "tests/fixtures/hf-mamba2/config.json",
                                         "examples/models/cheems-demo/config.json"};
    static const char *texts[] = {"Hello world", "The secret of a happy life is", "<|begin_of_text|>hi<|end_of_text|>",
                                  "  spaces\t\ttabs\n\n\r\nnewlines  ", "1234567 numbers 3.14159", "caf\xc3\xa9 \xe4\xbd\xa0\xe5\xa5\xbd \xf0\x9f\x98\x80",
                                  "it's we'll they'RE", "<<<<|||>>>", "\xff\xfe invalid \xc3", "x"};
    static char js[16384];
    int i, d;
    size_t n;
    if (argc != 2) { fprintf(stderr, "usage: seeds DIR\n"); return 1; }
    g_dir = argv[1];
    mkdir(g_dir, 0777);
    gguf_seeds();
    numeric_text_seeds();
    { /* wm serve's requests (http): what the OpenAI clients send, and some the server refuses */
        static const char *const reqs[] = {
            "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer k\r\nContent-Length: 171\r\n\r\n"
            "{\"model\":\"m\",\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"h\\u00e9\\ud83d\\ude00\"}]}],"
            "\"stream\":true,\"stream_options\":{\"include_usage\":true},\"seed\":4,\"stop\":[\"x\"]}",
            "POST /v1/completions HTTP/1.1\r\nContent-Length: 109\r\n\r\n{\"prompt\":[\"The secret\"],\"max_tokens\":16,\"temperature\":0.8,\"top_p\":0.9,\"logprobs\":2,\"echo\":false,\"stop\":\"is\"}",
            "GET /health HTTP/1.1\r\n\r\nGET /v1/models HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
            "POST /v1/completions HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST /v1/chat/completions?x=1 HTTP/1.1\nContent-Length: 52\n\n{\"messages\":[{\"role\":\"user\",\"content\":null}],\"n\":1}",
        };
        static const char *const bodies[] = { /* structured output and tools (their Content-Length computed) */
            "{\"messages\":[{\"role\":\"user\",\"content\":\"w\"},{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c\",\"type\":\"function\","
            "\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"x\\\":1}\"}}]},{\"role\":\"tool\",\"tool_call_id\":\"c\",\"content\":\"2\"}],"
            "\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\",\"parameters\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"integer\","
            "\"minimum\":0}},\"required\":[\"x\"]}}}],\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"f\"}},\"parallel_tool_calls\":false}",
            "{\"messages\":[{\"role\":\"user\",\"content\":\"j\"}],\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"p\",\"schema\":"
            "{\"type\":\"object\",\"properties\":{\"a\":{\"enum\":[1,\"b\"]},\"d\":{\"type\":\"string\",\"format\":\"date\"}},\"required\":[\"a\"]}}}}",
            "{\"prompt\":\"p\",\"grammar\":\"root ::= (\\\"a\\\" | [b-d]+){2,5} x\\nx ::= \\\"\\\\n\\\"\",\"json_schema\":{}}",
        };
        for (i = 0; i < (int)(sizeof reqs / sizeof reqs[0]); i++) put("http", reqs[i], strlen(reqs[i]), NULL, 0);
        for (i = 0; i < (int)(sizeof bodies / sizeof bodies[0]); i++) {
            char r[2048];
            int n = snprintf(r, sizeof r, "POST /v1/%s HTTP/1.1\r\nContent-Length: %zu\r\n\r\n%s", bodies[i][2] == 'p' ? "completions" : "chat/completions",
                             strlen(bodies[i]), bodies[i]);
            put("http", r, (size_t)n, NULL, 0);
        }
    }
    { /* the real chat templates with a conversation: jinja's seeds */
        static const char *const chats[] = {"llama3_2", "qwen2_5", "qwen3", "gemma3", "mistral_nemo", "deepseek_v3", "doge", "chatml", "rodimus"};
        static const char msgs[] = "[{\"role\": \"system\", \"content\": \"sys\"}, {\"role\": \"user\", \"content\": \"hi\"}, {\"role\": \"assistant\", "
                                   "\"content\": \"yo\", \"tool_calls\": [{\"id\": \"abcdefghi\", \"type\": \"function\", \"function\": {\"name\": \"f\", "
                                   "\"arguments\": {\"x\": 1.5}}}]}, {\"role\": \"tool\", \"content\": \"2\", \"tool_call_id\": \"abcdefghi\"}]";
        for (i = 0; i < (int)(sizeof chats / sizeof chats[0]); i++) {
            char path[256], *tmpl;
            size_t cn = 0, tn;
            char *cj;
            const char *e, *ct;
            snprintf(path, sizeof path, "tests/fixtures/chat/%s.json", chats[i]);
            if (!(cj = (char *)read_all(path, &cn))) continue;
            e = cj + cn;
            ct = wm__j_get(wm__j_get(wm__j_ws(cj, e), e, "config"), e, "chat_template");
            if (ct && *ct == '"' && (tmpl = (char *)malloc((tn = wm__j_str(ct, e, NULL, 0)) + 2)) != NULL) {
                tmpl[0] = 1; /* add_generation_prompt */
                wm__j_str(ct, e, tmpl + 1, tn + 1);
                put("jinja", tmpl, tn + 2, msgs, sizeof msgs - 1); /* the template, its NUL, the messages */
                free(tmpl);
            }
            free(cj);
        }
    }
    for (i = 0; i < FUZZ_N_CFGS; i++) {
        wm_config c;
        size_t size;
        void *w;
        unsigned char knobs[16], ops[3 + 8];
        int k;
        put("config", FUZZ_CFGS[i], strlen(FUZZ_CFGS[i]), NULL, 0);
        wm_config_parse(&c, FUZZ_CFGS[i], strlen(FUZZ_CFGS[i]), NULL);
        for (d = 0; d < 3; d += 2) {
            wm_random_checkpoint(&c, 1, d, NULL, 0, &size, NULL);
            w = malloc(size + 1);
            ((char *)w)[0] = 0;
            wm_random_checkpoint(&c, 1, d, (char *)w + 1, size, &size, NULL);
            put("model", FUZZ_CFGS[i], strlen(FUZZ_CFGS[i]), w, size + 1);
            free(w);
        }
        for (k = 0; k < 16; k++) knobs[k] = (unsigned char)(i * 37 + k * 11);
        knobs[0] = 0;
        put("run", FUZZ_CFGS[i], strlen(FUZZ_CFGS[i]), knobs, sizeof knobs);
        ops[0] = (unsigned char)i; ops[1] = 0; ops[2] = 3;
        put("model_struct", ops, 3, NULL, 0);
        ops[3] = 0; ops[4] = 1; ops[5] = 2; ops[6] = 0; /* a dtype edit */
        ops[7] = 10; ops[8] = 2; ops[9] = 0; ops[10] = 0; /* a second shard */
        put("model_struct", ops, 11, NULL, 0);
        { /* session blobs of the fixed models: with and without sampler and logits */
            wm_model *m = fuzz_model(FUZZ_CFGS[i], strlen(FUZZ_CFGS[i]), 7, WM_F32, (size_t)1 << 20, &w);
            wm_session_params p = wm_session_default_params(m);
            wm_session *s;
            wm_sampler smp = wm_sampler_default();
            int32_t ids[5] = {1, 2, 3, 4, 5};
            float *lg = (float *)malloc(sizeof(float) * (size_t)c.vocab_size);
            unsigned char *blob;
            size_t bn;
            p.n_ctx = 12;
            wm_session_create(&s, m, &p, NULL);
            wm_prefill(s, ids, 5, lg, WM_LOGITS_LAST);
            for (k = 0; k < 3; k++) { /* 2: with a grammar state (WMS2) */
                if (k == 2) { smp.grammar = fuzz_gram_state(); wm_grammar_reset(smp.grammar); wm_grammar_feed(smp.grammar, "axbyz", 5); }
                wm_session_save(s, k ? &smp : NULL, k ? lg : NULL, NULL, 0, &bn);
                blob = (unsigned char *)malloc(bn + 1);
                blob[0] = (unsigned char)(i | (k ? 0x80 : 0) | (k == 2 ? 0x40 : 0));
                wm_session_save(s, k ? &smp : NULL, k ? lg : NULL, blob + 1, bn, &bn);
                put("session", blob, bn + 1, NULL, 0);
                free(blob);
            }
            wm_session_free(s);
            wm_model_free(m);
            free(w);
            free(lg);
        }
    }
    for (i = 0; i < (int)(sizeof fixture_cfgs / sizeof fixture_cfgs[0]); i++) {
        char *t = (char *)read_all(fixture_cfgs[i], &n);
        if (!t) { fprintf(stderr, "%s: missing (run from the repository root)\n", fixture_cfgs[i]); return 1; }
        put("config", t, n, NULL, 0);
        free(t);
    }
    fuzz_tiny_tokenizer(js, sizeof js);
    put_tok(js);
    { /* the other tokenizer paths: SentencePiece-style (normalizer steps, byte fallback, Metaspace decoder, a
         "normalized" added token) and a byte-level one through the general pre-tokenizer pipeline */
        static const char *sp =
            "{\"model\":{\"type\":\"BPE\",\"byte_fallback\":true,\"fuse_unk\":true,\"unk_token\":\"<unk>\",\"vocab\":{\"<unk>\":0,"
            "\"<0x41>\":1,\"<0xE4>\":2,\"<0xBD>\":3,\"<0xA0>\":4,\"\u2581\":5,\"h\":6,\"e\":7,\"l\":8,\"o\":9,\"\u2581h\":10,"
            "\"\u2581he\":11,\"ll\":12,\"\u2581hell\":13,\"\u2581hello\":14,\"1\":15},\"merges\":[[\"\u2581\",\"h\"],[\"\u2581h\",\"e\"],"
            "[\"l\",\"l\"],[\"\u2581he\",\"ll\"],[\"\u2581hell\",\"o\"]]},\"added_tokens\":[{\"id\":0,\"content\":\"<unk>\","
            "\"special\":true,\"lstrip\":true,\"rstrip\":true},{\"id\":16,\"content\":\" HeLLo\",\"normalized\":true,"
            "\"single_word\":true,\"rstrip\":true}],\"normalizer\":{\"type\":\"Sequence\",\"normalizers\":[{\"type\":\"NFKC\"},"
            "{\"type\":\"Lowercase\"},{\"type\":\"Strip\"},{\"type\":\"Prepend\",\"prepend\":\"\u2581\"},{\"type\":\"Replace\","
            "\"pattern\":{\"String\":\" \"},\"content\":\"\u2581\"}]},\"pre_tokenizer\":{\"type\":\"Metaspace\",\"replacement\":"
            "\"\u2581\",\"prepend_scheme\":\"first\",\"split\":true},\"decoder\":{\"type\":\"Sequence\",\"decoders\":[{\"type\":"
            "\"Replace\",\"pattern\":{\"String\":\"\u2581\"},\"content\":\" \"},{\"type\":\"ByteFallback\"},{\"type\":\"Fuse\"},"
            "{\"type\":\"Strip\",\"content\":\" \",\"start\":1,\"stop\":0}]}}";
        char *pl = (char *)malloc(strlen(js) + 600), *at;
        put_tok(sp);
        strcpy(pl, js); /* the tiny byte-level one, its pre-tokenizer replaced by a pipeline */
        at = strstr(pl, "\"pre_tokenizer\"");
        if (at) {
            const char *rest = strstr(js, "\"post_processor\"");
            sprintf(at, "\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":[{\"type\":\"Digits\",\"individual_digits\":true},"
                        "{\"type\":\"Split\",\"pattern\":{\"String\":\"x\"},\"behavior\":\"MergedWithNext\"},{\"type\":\"Punctuation\"},"
                        "{\"type\":\"Split\",\"pattern\":{\"Regex\":\"\\\\p{N}{1,3}\"},\"behavior\":\"Isolated\"},"
                        "{\"type\":\"ByteLevel\",\"add_prefix_space\":true,\"use_regex\":true}]},%s", rest ? rest : "}");
            put_tok(pl);
        }
        free(pl);
        { /* the tiny byte-level one split by GPT-4o's (o200k) regex, inverted-Removed as its file has it */
            char *o = (char *)malloc(strlen(js) + 1200), rx[800];
            wm__jw w;
            w.out = rx; w.cap = sizeof rx - 1; w.n = 0;
            wm__jw_str(&w, wm__pre_regex[WM__PRE_O200K], strlen(wm__pre_regex[WM__PRE_O200K]));
            rx[w.n < sizeof rx ? w.n : sizeof rx - 1] = 0;
            strcpy(o, js);
            at = strstr(o, "\"pre_tokenizer\"");
            if (at) {
                const char *rest = strstr(js, "\"post_processor\"");
                sprintf(at, "\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":[{\"type\":\"Split\",\"pattern\":{\"Regex\":%s},"
                            "\"behavior\":\"Removed\",\"invert\":true},{\"type\":\"ByteLevel\",\"use_regex\":false}]},%s", rx, rest ? rest : "}");
                put_tok(o);
            }
            free(o);
        }
    }
    for (i = 0; i < (int)(sizeof texts / sizeof texts[0]); i++) {
        unsigned char ids[64];
        int k;
        put("tokenize", texts[i], strlen(texts[i]), NULL, 0);
        put("chat", "\x40\x01", 2, texts[i], strlen(texts[i]) + 1);
        ids[0] = (unsigned char)(i * 13);
        for (k = 1; k < 64; k++) ids[k] = (unsigned char)(k % 4 == 3 ? 0 : (unsigned char)(k * 7 + i * 31));
        put("detokenize", ids, 64, NULL, 0);
    }
    put("chat", "\xff\x00You are terse.", 16, "\0Hi!", 4);
    {
        unsigned char smp[2 + 4 * 24];
        for (i = 0; i < (int)sizeof smp; i++) smp[i] = (unsigned char)(i * 29);
        for (d = 0; d < 4; d++) { smp[1] = (unsigned char)(d * 64 + d * 2); put("sample", smp, sizeof smp, NULL, 0); }
    }
    {
        static const char *idx[] = {"{\"metadata\":{\"total_size\":10},\"weight_map\":{\"a.weight\":\"model-00001-of-00002.safetensors\","
                                    "\"b.weight\":\"model-00002-of-00002.safetensors\",\"c\":\"model-00001-of-00002.safetensors\"}}",
                                    "{\"weight_map\":{\"x\":\"../etc/passwd\"}}", "{\"weight_map\":{}}"};
        for (i = 0; i < 3; i++) put("index", idx[i], strlen(idx[i]), NULL, 0);
    }
    { /* the grammar corpus: each grammar or schema, a NUL, then bytes (odd first byte) or token ids (even) */
        static const char *const g[] = {"yesno.gbnf", "arithmetic.gbnf", "json-flat.gbnf", "unicode-greek.gbnf", "nested-parens.gbnf",
                                        "escapes.gbnf", "person.schema.json", "recursive.schema.json", "pattern-alt.schema.json",
                                        "prefix-items.schema.json", "int-negative.schema.json"};
        static const char tail[] = "\x01(1+2)*3 {\"a\": 1}\0\x00hello 12 {\"x\": [1, 2]}";
        for (i = 0; i < (int)(sizeof g / sizeof g[0]); i++) {
            char path[256], *text;
            size_t tn;
            snprintf(path, sizeof path, "tests/fixtures/grammar/%s", g[i]);
            if (!(text = (char *)read_all(path, &tn))) continue;
            text[tn] = 0; /* (read_all leaves a byte for it) */
            put("grammar", text, tn + 1, tail + (i & 1) * 22, (i & 1) ? sizeof tail - 23 : 22);
            free(text);
        }
    }
    printf("%d seeds in %s\n", g_n, g_dir);
    return 0;
}
