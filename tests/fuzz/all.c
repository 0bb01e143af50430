/* Every libFuzzer harness of tests/fuzz in one program, so wm.h is compiled
   with the sanitizers once instead of once per harness (the slowest part of
   `make fuzz-smoke`). build/fuzz/NAME is a link to it; the name it runs
   under picks the harness. A new harness gets a line in each list below. */
#define LLVMFuzzerTestOneInput fz_chat
#include "chat.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_config
#include "config.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_detokenize
#define tok detok_tok
#define g_tok detok_g_tok
#include "detokenize.c"
#undef tok
#undef g_tok
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_gguf
#include "gguf.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_ggvocab
#define put ggv_put
#include "ggvocab.c"
#undef put
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_grammar
#include "grammar.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_http
#include "http.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_index
#include "index.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_jinja
#include "jinja.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_model
#include "model.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_model_struct
#define put ms_put
#include "model_struct.c"
#undef put
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_normalize
#include "normalize.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_quant
#include "quant.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_run
#include "run.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_sample
#include "sample.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_session
#include "session.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_tokblob
#include "tokblob.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_tokenize
#include "tokenize.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fz_tokenizer
#include "tokenizer.c"
#undef LLVMFuzzerTestOneInput

typedef int (*fz_fn)(const uint8_t *data, size_t size);
static const struct { const char *name; fz_fn fn; } fz_all[] = {
    {"chat", fz_chat},         {"config", fz_config}, {"detokenize", fz_detokenize}, {"gguf", fz_gguf},
    {"ggvocab", fz_ggvocab},   {"grammar", fz_grammar},   {"http", fz_http},     {"index", fz_index},   {"jinja", fz_jinja},   {"model", fz_model},           {"model_struct", fz_model_struct},
    {"normalize", fz_normalize}, {"quant", fz_quant}, {"run", fz_run},               {"sample", fz_sample},
    {"session", fz_session},   {"tokblob", fz_tokblob},   {"tokenize", fz_tokenize}, {"tokenizer", fz_tokenizer},
};
static fz_fn fz_pick;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    const char *name = (*argv)[0], *slash = strrchr(name, '/');
    size_t i;
    (void)argc;
    if (slash) name = slash + 1;
    for (i = 0; i < sizeof fz_all / sizeof fz_all[0]; i++)
        if (!strcmp(name, fz_all[i].name)) fz_pick = fz_all[i].fn;
    if (!fz_pick) {
        fprintf(stderr, "fuzz: run as build/fuzz/HARNESS (a link to this program), not as %s\n", name);
        abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fz_pick(data, size); }
