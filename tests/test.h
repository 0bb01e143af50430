/* test.h - what the suite's files share: the harness (check, the counts,
   which suites run), the helpers tests/common.c defines, and every suite
   (main.c runs them in order). tests/lib.c is wm.h's implementation with
   the suites that reach its private functions; each other file is an
   object of its own, linked to it. */
#ifndef WM_TEST_H
#define WM_TEST_H
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include "../wm.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include "helpers.h"
#ifdef _WIN32
#include <direct.h>
#define mkdir(path, mode) _mkdir(path)
#endif

#ifndef WM_ARENA_REDZONE
#define WM_ARENA_REDZONE 0 /* (wm.h's default: no red zones between arena buffers) */
#endif

/* ---- harness (main.c) ---------------------------------------------------- */

extern int g_pass, g_fail;
extern const char *g_suite;
/* check(ok, printf-style message): counts a pass, or prints the failure as
   "FAIL [suite] file:line: message" */
#define check(...) check_at(__FILE__, __LINE__, __VA_ARGS__)
void check_at(const char *file, int line, int ok, const char *fmt, ...);
/* a check of many cases: the first failing one's file:line and message into what */
#define WHAT_AT(what) snprintf(what, sizeof what, "%s:%d: ", __FILE__, __LINE__)
/* RUN("name", fn): fn as suite "name", unless the command line leaves it out */
int should_run(const char *name);
#define RUN(name, fn) if (should_run(name)) g_suite = name, fn()
/* A part that needs a POSIX facility (a POSIX shell, signals, FIFOs): on
   Windows it is left out and listed with why; elsewhere it runs and its
   checks are counted, listed with WM_POSIX_LIST=1, so make test-windows
   checks Windows' count == the native one less these */
int posix_begin(const char *what, const char *why);
void posix_end(void);
#define POSIX_ONLY(call, why) do { if (posix_begin(#call, why)) { call; posix_end(); } } while (0)
#define RUN_POSIX(name, fn, why) if (should_run(name)) { g_suite = name; POSIX_ONLY(fn(), why); }
#define SHELL "runs build/wm through POSIX shell command lines (make test-windows runs it natively against build/win/wm.exe)"

/* ---- helpers (common.c) and what several suites share -------------------- */

typedef struct ref {
    char *buf;
    size_t size;
    wm_json hdr;   /* the JSON header: name -> {"dtype", "shape", "data_offsets"} */
    size_t data;   /* where the tensors' bytes begin */
    int decode_eq; /* __metadata__.decode_equivalent == "1" */
} ref;

typedef struct memmodel {
    wm_model *m;
    void *weights;
    size_t size;
    wm_blob blob;
    const char *cfg;
} memmodel;

typedef struct membuf { unsigned char *p; size_t n, cap; } membuf;

/* a checkpoint directory's config.json and model.safetensors read into a source */
typedef struct dirsrc {
    char *cj;
    void *w;
    wm_blob blob;
    wm_model_source src;
} dirsrc;

typedef struct textbuf { char s[8192]; size_t n; } textbuf;

#define gguf_with_pre(base, n, pre, out) gguf_with_str(base, n, "tokenizer.ggml.pre", pre, out)

double tol_of(const float *ref, size_t n);
double max_err(const float *a, const float *b, size_t n);
int ref_load(ref *r, const char *path);
void ref_free(ref *r);
void *ref_get(const ref *r, const char *name, size_t *count);
int memmodel_open(memmodel *mm, const char *cfg_json, uint64_t seed, int dtype);
void memmodel_close(memmodel *mm);
float *run_split(const wm_model *m, const int32_t *ids, int n, int split, int n_batch);
extern const char *CFG_CHEEMS;
extern const char *CFG_MAMBA2;
extern const char *CFG_DOGE;
extern const char *CFG_RODPLUS;
extern const char *CFG_RODPLUS_FULL;
extern const char *CFG_RODPLUS32;
int32_t *random_ids(int n, int vocab, unsigned seed);
float frand(unsigned *s);
double rel_err(const float *a, const float *b, size_t n);
void fill(float *x, size_t n, unsigned seed);
int membuf_write(void *user, const void *d, size_t n);
void backwards_pfor(void *pool, int n, wm_task fn, void *arg); /* pool: int *, the workers */
void *align64(void *p);
int dirsrc_open(dirsrc *d, const char *dir);
void dirsrc_close(dirsrc *d);
char *tok_json(const char *vocab, const char *merges, const char *extra);
int file_exists(const char *p);
int run_capture(const char *cmd_, char *out, size_t cap);
int run(const char *cmd_);
void script_cases(const char *tag, const char *cmd, int min);
wm_tokenizer *load_tok(const char *path);
size_t json_ids(const char *v, const char *e, int32_t *out, size_t cap);
int ids_equal(const int32_t *a, size_t na, const int32_t *b, size_t nb);
char *gunzip_file(const char *gz, const char *out, size_t *n);
wm_tokenizer *tok_via_blob(const wm_tokenizer *t, void **mem);
int collect(void *user, int32_t tok, const char *text, size_t len);
wm_generate_params gparams(int add_special, int n, int eos);
void gen_text(wm_session *s, const wm_tokenizer *t, wm_sampler smp, const char *prompt, int n, textbuf *out);
int first_diff(const unsigned char *a, const unsigned char *b, size_t n);
int qtype_bytes(int t);
int qtype_block(int t);
const char *qtype_name(int t);
int qtype_scale_byte(int t, int i);
void quantize_row(int t, const float *x, int n, unsigned char *out);
void dequant_row(int t, const unsigned char *w, int n, float *y);
float gauss(unsigned *s);
long sizeof_file(const char *path);
double t_now(void);
double t_cpu(void);
size_t gguf_with_str(const char *base, size_t n, const char *key, const char *pre, char *out);
int state_bits_equal(const wm_session *a, const wm_session *b, int stype, int *n_layers);
int state_bits_equal_rr(const wm_session *a, const wm_session *b, int stype);
void state_round(wm_session *a, int stype);
int kept(const wm_sampler *s, const float *lg, int n, const int32_t *hist, int nh, int *out);
void fixture_case(const char *name, const char *model_dir, const char *ref_path);
void tok_gguf_case(const char *name);
int argmax_f(const float *x, size_t n);
uint64_t le64(const unsigned char *p); /* little-endian */

/* ---- the suites, by file (lib.c's reach wm.h's private functions) -------- */

void test_numbers(void);
void test_topk_torch(void);
void test_select(void);
void test_kernels_special(void);
void test_kernels(void);
void test_ssd_chunked(void);
void test_attn_core(void);
void test_json_api(void);
void test_config(void);
void test_contents(void);
void test_layout(void);
void test_released(void);
void test_arena(void);
void test_layouts(void);
void test_model_mmap(void);
void test_fixtures(void);
void test_batch(void);
void test_isa(void);
void test_handover(void);
void test_runtime_errors(void);
void test_many(void);
void test_pool_stats(void);
void test_hostile(void);
void test_tokenizer_blob(void);
void test_tokenizer_regex_memo(void);
void test_unicode_tables(void);
void test_tokenizer_pre(void);
void test_loader_rejects(void);
void test_gguf_hostile(void);
void test_gguf(void);
void test_serve(void);
void test_readme(void);
void test_hostile_cli(void);
void test_cli_llama_habits(void);
void test_cli_mistakes(void);
void test_cli_tokenizers(void);
void test_cli(void);
void test_readme_plan(void);
void test_tokenizer_cases(void);
void test_tokenizer_gguf(void);
void test_tokenizer_marks(void);
void test_tokenizer_refusals(void);
void test_tokenizer_nz_added(void);
void test_tokenizer_sp_block(void);
void test_chat_templates(void);
void test_tokenizer_real(void);
void test_tokenizer_own(void);
void test_tokenizer_added_search(void);
void test_tokenizer_memory(void);
void test_utf8_stream(void);
void test_state_type(void);
void test_sampling(void);
void test_generation(void);
void test_generation_long_tokens(void);
void test_session_state(void);
void test_split_exact(void);
void test_grammar(void); /* grammar.c */
void test_grammar_corpus(void);
void test_sizes(void);
void test_cache_types(void);
void test_quant(void);
void test_quant_tile(void);
void test_jinja_templates(void);
void test_jinja_hostile(void);
void run_kernel_suites(const char *only); /* lib.c: the kernels' suites once per vector ISA */
#endif
