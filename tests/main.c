/* wm.h test suite. Run from the repository root: build/test [FILTER | -FILTER]
   (the suites whose name holds FILTER, or all but those). Prints one line
   per failure and "N passed, N failed" last. The harness and the order the
   suites run in; the suites are in the files test.h lists. */
#include "test.h"

int g_pass, g_fail;
const char *g_suite = "";
static const char *g_only, *g_skip;

void check_at(const char *file, int line, int ok, const char *fmt, ...) {
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

static struct { const char *what, *why; int n; } g_posix[32];
static int g_n_posix, g_posix_at;

int posix_begin(const char *what, const char *why) {
    if (g_n_posix < 32) g_posix[g_n_posix].what = what, g_posix[g_n_posix].why = why;
    g_posix_at = g_pass + g_fail;
#ifdef _WIN32
    g_n_posix++;
    return 0;
#else
    return 1;
#endif
}

void posix_end(void) {
    if (g_n_posix < 32) g_posix[g_n_posix].n = g_pass + g_fail - g_posix_at;
    g_n_posix++;
}

static void posix_list(void) {
    int i;
#ifndef _WIN32
    if (!getenv("WM_POSIX_LIST")) return;
#endif
    for (i = 0; i < g_n_posix && i < 32; i++)
#ifdef _WIN32
        printf("left out on Windows: %s: %s\n", g_posix[i].what, g_posix[i].why);
#else
        printf("POSIX-only: %s: %d checks\n", g_posix[i].what, g_posix[i].n);
#endif
}

int should_run(const char *name) { return (!g_only || strstr(name, g_only)) && (!g_skip || !strstr(name, g_skip)); }

int main(int argc, char **argv) {
    g_only = argc > 1 && argv[1][0] != '-' ? argv[1] : NULL;
    g_skip = argc > 1 && argv[1][0] == '-' ? argv[1] + 1 : NULL;
    RUN("numbers", test_numbers);
    RUN("isa", test_isa);
    run_kernel_suites(g_only);
    RUN("config", test_config);
    RUN("json", test_json_api);
    RUN("config", test_released);
    RUN("fixtures", test_fixtures);
    RUN("handover", test_handover);
    RUN("arena", test_arena);
    RUN("runtime", test_runtime_errors);
    RUN("many", test_many);
    RUN("pool", test_pool_stats);
    RUN("batch", test_batch);
    RUN_POSIX("serve", test_serve, SHELL " (tests/serve.sh); test-windows runs wm.exe serve for curl");
    RUN("hostile", test_hostile);
    RUN_POSIX("hostile", test_hostile_cli, "signals, symlinks and FIFOs through a POSIX shell (tests/hostile_cli.sh)");
    RUN("loader", test_loader_rejects);
    RUN("layouts", test_layouts);
    RUN("chat", test_jinja_templates);
    RUN("chat", test_jinja_hostile);
    RUN_POSIX("cli", test_cli, SHELL);
    RUN_POSIX("cli", test_cli_tokenizers, SHELL);
    RUN_POSIX("cli", test_readme_plan, SHELL);
    RUN_POSIX("cli", test_readme, "README's commands through a POSIX shell and make (tests/readme.sh)");
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
    RUN("grammar", test_grammar);
    RUN_POSIX("grammar", test_grammar_corpus, "a POSIX shell script with python3-lark (tests/grammar.sh)");
    RUN("generate", test_generation);
    RUN("generate", test_generation_long_tokens);
    RUN("session", test_session_state);
    RUN("session", test_split_exact);
    RUN("gguf", test_gguf);
    RUN("gguf", test_gguf_hostile);
    RUN("cache", test_cache_types);
    RUN("sizes", test_sizes);
    RUN("contents", test_contents);
    RUN("contents", test_layout);
    posix_list();
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail != 0;
}
