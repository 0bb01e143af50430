/* Shared by the libFuzzer harnesses of wm.h (tests/fuzz/NAME.c) and their seed
   generator. Each harness feeds untrusted bytes to one entry point and
   asserts invariants a correct library keeps; `make fuzz` runs them all. */
#ifndef WM_FUZZ_H
#define WM_FUZZ_H
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
/* a tenth of the library's Jinja limits: a rendering that reaches them
   ends in well under libFuzzer's 10 s under the sanitizers */
#define WM_JINJA_STEPS 2000000L
#define WM_JINJA_OUT ((size_t)4 << 20)
#define WM_JINJA_MEM ((size_t)32 << 20)
#include "../../wm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../helpers.h"

/* An invariant: on failure, report it and abort (libFuzzer keeps the input). */
#define FUZZ_CHECK(x)                                                                                  \
    do {                                                                                               \
        if (!(x)) {                                                                                    \
            fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", #x, __FILE__, __LINE__);           \
            abort();                                                                                   \
        }                                                                                              \
    } while (0)

/* Tiny configs: the seeds of the model harnesses, and the models of the
   harnesses that need a fixed one. Every module kind appears. */
static const char *const FUZZ_CFGS[] = {
    "{\"model_type\":\"cheems\",\"vocab_size\":19,\"hidden_size\":8,\"intermediate_size\":12,"
    "\"layers_type\":[\"ssd\",\"attn\",\"none\"],\"state_type\":[\"cdmoe\",\"mlp\",\"cdmoe\"],"
    "\"ssd_num_heads\":2,\"ssd_num_groups\":2,\"ssd_state_size\":4,\"ssd_chunk_size\":3,"
    "\"num_attention_heads\":2,\"num_inner_values\":4,\"inner_values_retrieval_size\":4,\"inner_values_topk\":2,"
    "\"num_cdmoe_experts\":9,\"num_cdmoe_heads\":2,\"num_cdmoe_experts_per_head\":2,\"expert_retrieval_size\":4,"
    "\"max_position_embeddings\":16,\"hidden_bias\":true,\"tie_word_embeddings\":false}",
    "{\"model_type\":\"cheems\",\"vocab_size\":13,\"hidden_size\":8,\"intermediate_size\":8,\"layers_type\":[\"ssd\",\"ssd\"],"
    "\"ssd_num_heads\":4,\"ssd_state_size\":2,\"ssd_chunk_size\":2,\"num_cdmoe_experts\":4,\"num_cdmoe_heads\":1,"
    "\"num_cdmoe_experts_per_head\":1,\"expert_retrieval_size\":2,\"cdmoe_form\":\"sequential\",\"hidden_act\":\"gelu\","
    "\"rope_scaling\":{\"type\":\"dynamic\",\"factor\":2.0},\"max_position_embeddings\":6}",
    "{\"model_type\":\"doge\",\"vocab_size\":17,\"hidden_size\":8,\"intermediate_size\":10,\"num_hidden_layers\":2,"
    "\"num_attention_heads\":4,\"num_key_value_heads\":2,\"head_dim\":2,\"keep_window_size\":3,\"sliding_window\":5,"
    "\"is_moe\":true,\"num_experts\":9,\"num_experts_per_tok\":2,\"max_position_embeddings\":16,\"norm_topk_prob\":true,"
    "\"rope_parameters\":{\"rope_type\":\"linear\",\"factor\":2.0,\"rope_theta\":50.0},\"tie_word_embeddings\":true}",
    "{\"model_type\":\"doge\",\"vocab_size\":11,\"hidden_size\":8,\"intermediate_size\":6,\"num_hidden_layers\":1,"
    "\"num_attention_heads\":2,\"keep_window_size\":null,\"attention_bias\":true,\"mlp_bias\":true,\"hidden_act\":\"relu\"}",
    "{\"model_type\":\"mamba2\",\"vocab_size\":15,\"hidden_size\":8,\"num_hidden_layers\":2,\"num_heads\":2,\"head_dim\":4,"
    "\"state_size\":4,\"n_groups\":2,\"conv_kernel\":3,\"chunk_size\":3,\"use_conv_bias\":true,\"use_bias\":true,"
    "\"time_step_limit\":[0.0,{\"__float__\":\"Infinity\"}],\"eos_token_id\":[1,2]}",
    "{\"model_type\":\"mcsd\",\"vocab_size\":13,\"hidden_size\":8,\"num_channels\":2,\"num_hidden_layers\":2,"
    "\"intermediate_size\":8,\"mcsd_fusion\":\"concat\"}",
    "{\"model_type\":\"rodimus\",\"vocab_size\":13,\"d_model\":8,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":4,\"d_conv\":3,\"input_gate_low_rank\":2},\"use_norm_embedding\":true}",
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":13,\"d_model\":8,\"n_layer\":2,"
    "\"mixer_cfg\":{\"mem_size\":4,\"input_gate_low_rank\":2},\"attn_cfg\":{\"num_heads\":4,\"num_heads_k\":2,\"num_heads_v\":4,"
    "\"window_size\":5,\"softmax_scale\":\"norm\",\"rotary_emb_scale_base\":32.0},\"max_position_embeddings\":6,\"tie_word_embeddings\":true}",
    "{\"model_type\":\"rodimus\",\"block_type\":\"rodimus_plus\",\"vocab_size\":11,\"d_model\":8,\"n_layer\":1,"
    "\"mixer_cfg\":{\"mem_size\":2,\"d_conv\":1},\"attn_cfg\":{\"num_heads\":2,\"num_heads_k\":1,\"num_heads_v\":2,"
    "\"rotary_emb_interleaved\":true,\"rotary_emb_dim\":2}}",
};
#define FUZZ_N_CFGS ((int)(sizeof FUZZ_CFGS / sizeof FUZZ_CFGS[0]))

/* A model with random weights of a config (NULL when the config is refused
   or the checkpoint is over max_bytes); *weights must be freed after it. */
static inline wm_model *fuzz_model(const char *cfg_json, size_t cfg_len, uint64_t seed, int dtype, size_t max_bytes, void **weights) {
    wm_config c;
    wm_model *m = NULL;
    wm_model_source src;
    wm_blob blob;
    size_t size;
    *weights = NULL;
    if (wm_config_parse(&c, cfg_json, cfg_len, NULL) != WM_OK) return NULL;
    if (wm_random_checkpoint(&c, seed, dtype, NULL, 0, &size, NULL) != WM_OK || size > max_bytes) return NULL;
    *weights = malloc(size);
    if (!*weights) return NULL;
    FUZZ_CHECK(wm_random_checkpoint(&c, seed, dtype, *weights, size, &size, NULL) == WM_OK);
    blob.data = *weights; blob.size = size; blob.name = "random.safetensors";
    src.config_json = cfg_json; src.config_bytes = cfg_len; src.files = &blob; src.n_files = 1;
    if (wm_model_open(&m, &src, NULL) != WM_OK) { free(*weights); *weights = NULL; return NULL; }
    return m;
}

/* Runs a few tokens through a model that loaded: whatever its weights, this
   must not crash; returns 0 when the session could not be made. */
static inline int fuzz_touch(const wm_model *m) {
    wm_session_params p = wm_session_default_params(m);
    wm_session *s;
    int32_t ids[3];
    int V = wm_model_config(m)->vocab_size, i;
    float *logits = (float *)malloc(sizeof(float) * (size_t)V * 3);
    p.n_ctx = 8;
    if (!logits || wm_session_create(&s, m, &p, NULL) != WM_OK) { free(logits); return 0; }
    for (i = 0; i < 3; i++) ids[i] = (int32_t)((i * 7 + 1) % V);
    FUZZ_CHECK(wm_prefill(s, ids, 2, logits, WM_LOGITS_ALL) == WM_OK);
    FUZZ_CHECK(wm_decode(s, ids[2], logits) == WM_OK);
    wm_session_free(s);
    free(logits);
    return 1;
}

/* A small byte-level BPE tokenizer.json: the 256 byte tokens, a few merges
   (one giving a long token), multi-byte tokens, added tokens sharing a
   prefix, a BOS template. */
/* a byte-level state (no tokenizer) of one fixed grammar: the session
   harness restores saved grammar states into it, seeds.c saves them */
static inline wm_grammar_state *fuzz_gram_state(void) {
    static wm_grammar_state *s;
    static const char g[] = "root ::= [a-c] ( \"x\" root | \"yz\" ){0,3} [0-9]*";
    if (!s) {
        size_t gb = 0, sb = wm_grammar_state_bytes(NULL, NULL, NULL);
        wm_grammar *gr;
        void *mem = NULL;
        if (wm_grammar_bytes(g, sizeof g - 1, &gb, NULL) != WM_OK || !(mem = malloc(gb + sb)) ||
            wm_grammar_init(&gr, g, sizeof g - 1, mem, gb, NULL) != WM_OK ||
            wm_grammar_state_init(&s, gr, NULL, NULL, 0, NULL, (char *)mem + gb, sb, NULL) != WM_OK) { fprintf(stderr, "harness grammar refused\n"); abort(); }
    }
    return s;
}

static inline void fuzz_tiny_tokenizer(char *js, size_t cap) {
    size_t n = 0;
    int i, k = 0;
    n += (size_t)snprintf(js + n, cap - n, "{\"model\":{\"type\":\"BPE\",\"vocab\":{");
    for (i = 0; i < 256; i++) { /* the GPT-2 byte alphabet: printable bytes are themselves, the rest U+0100.. in order */
        int cp = (i >= 33 && i <= 126) || (i >= 161 && i <= 172) || i >= 174 ? i : 256 + k++;
        n += (size_t)snprintf(js + n, cap - n, "%s\"\\u%04x\":%d", i ? "," : "", cp, i);
    }
    n += (size_t)snprintf(js + n, cap - n,
                          ",\"he\":256,\"ll\":257,\"hell\":258,\"hello\":259,\"\\u0120w\":260,\"\\u00e4\\u00bd\\u00a0\":261,"
                          "\"xx\":262,\"xxxx\":263,\"xxxxxxxx\":264},"
                          "\"merges\":[\"h e\",\"l l\",\"he ll\",\"hell o\",\"\\u0120 w\",[\"x\",\"x\"],\"xx xx\",\"xxxx xxxx\"]},"
                          "\"added_tokens\":[{\"id\":270,\"content\":\"<|end|>\",\"special\":true},"
                          "{\"id\":271,\"content\":\"<|end_of|>\",\"special\":true},{\"id\":272,\"content\":\"<s>\",\"special\":true}],"
                          "\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":[{\"type\":\"Split\",\"pattern\":{\"Regex\":"
                          "\"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\\\r\\\\n\\\\p{L}\\\\p{N}]?\\\\p{L}+|\\\\p{N}{1,3}| ?[^\\\\s\\\\p{L}\\\\p{N}]+[\\\\r\\\\n]*|\\\\s*[\\\\r\\\\n]+|\\\\s+(?!\\\\S)|\\\\s+\"},"
                          "\"behavior\":\"Isolated\",\"invert\":false},{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false}]},"
                          "\"post_processor\":{\"type\":\"TemplateProcessing\",\"single\":[{\"SpecialToken\":{\"id\":\"<s>\",\"type_id\":0}},"
                          "{\"Sequence\":{\"id\":\"A\",\"type_id\":0}}],\"special_tokens\":{\"<s>\":{\"id\":\"<s>\",\"ids\":[272],\"tokens\":[\"<s>\"]}}},"
                          "\"decoder\":{\"type\":\"ByteLevel\"}}");
}

/* A model that opened from src: wm_model_bytes gives exactly what it uses,
   the same build in caller memory of that size works from an aligned start
   and one byte less does not; a small one then runs (fuzz_touch). */
static inline void fuzz_model_exact(const wm_model_source *src, const wm_model *m) {
    size_t used = wm_model_bytes_used(m), sized = 0;
    wm_model *m2 = NULL;
    wm_error e;
    void *mem;
    unsigned char *al;
    FUZZ_CHECK(wm_model_bytes(src, &sized, &e) == WM_OK && sized == used);
    mem = malloc(used + 64);
    al = (unsigned char *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
    FUZZ_CHECK(wm_model_init(&m2, src, al, used, &e) == WM_OK && wm_model_bytes_used(m2) == used);
    if (used > 0) FUZZ_CHECK(wm_model_init(&m2, src, al, used - 1, &e) == WM_ERR_ARENA);
    if (wm_model_weight_bytes(m) < ((size_t)4 << 20)) fuzz_touch(m);
    free(mem);
}

/* Opens src: a refusal comes with a status and a message and no model, a
   model that opens is exact (fuzz_model_exact) */
static inline void fuzz_open(const wm_model_source *src) {
    wm_model *m = NULL;
    wm_error e;
    wm_status st = wm_model_open(&m, src, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.message[0] && m == NULL);
        return;
    }
    fuzz_model_exact(src, m);
    wm_model_free(m);
}

#endif
