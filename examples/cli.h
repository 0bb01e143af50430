/* cli.h - what the parts of the wm program share: its options, the parsed
   command line, and the helpers examples/wm.c defines for examples/serve.c
   (messages, the clock, loading a model as the options say). */
#ifndef WM_CLI_H
#define WM_CLI_H

enum { /* every option of every command (their table: OPTS in wm.c) */
    O_PROMPT, O_FILE, O_N, O_TEMP, O_TOP_K, O_TOP_P, O_MIN_P, O_REP_PEN, O_REP_N, O_SEED, O_CTX, O_THREADS, O_TOKENIZER,
    O_NO_BOS, O_IGNORE_EOS, O_SAVE, O_LOAD, O_SYSTEM, O_TEMPLATE, O_SPECIAL, O_COUNT, O_IDS, O_OUT, O_DECODE, O_DTYPE,
    O_FORCE, O_PROMPT_LEN, O_GEN, O_SCALAR, O_ISA, O_TYPE, O_CACHE_TYPE, O_STATE_TYPE, O_BATCH, O_REQUANT, O_TOKBLOB, O_REPS, O_OUTPUT, O_MMAP, O_NO_MMAP, O_STOP, O_ADD_GEN, O_CONTEXT, O_HOST, O_PORT, O_PARALLEL, O_API_KEY, O_TIMEOUT, O_CACHE_RAM, O_NO_CACHE_PROMPT, O_METRICS, O_SLOT_SAVE_PATH, O_PROFILE, O_POOL_STATS, O_PROJECT, O_GRAMMAR, O_GRAMMAR_FILE, O_JSON_SCHEMA, O_JSON_SCHEMA_FILE, O_HELP, N_OPT
};

typedef struct command command;
typedef struct args { /* a command line, parsed and range-checked */
    const command *cmd;
    const char *pos[4];
    int set[N_OPT];
    const char *str[N_OPT];
    long long i[N_OPT];
    unsigned long long u[N_OPT];
    double d[N_OPT];
    const char *stops[8]; /* --stop / -r, in order */
    int n_stops;
} args;

double now_s(void);                    /* a monotonic clock, seconds */
int fail(const char *fmt, ...);        /* "wm: " + the message on stderr; returns 1 (the exit status) */
void warn(const char *fmt, ...);       /* "wm: warning: " + the message on stderr */
void warn_model(const wm_model *m);    /* what a loaded model should say (unused tensors) */
wm_status load_model(const args *a, wm_model **m, const char *path, wm_error *e); /* --mmap / --no-mmap as given */
int cache_type_of(const args *a);      /* --cache-type */
int state_type_of(const args *a);      /* --state-type */
int isa_of(const args *a);             /* --isa, --scalar */
int threads_of(const args *a);         /* --threads */
const wm_chat_template *pick_template(const args *a, const wm_model *m, const wm_tokenizer *t, int say);
char *chat_config(const char *dir, size_t *n); /* the directory's tokenizer_config.json (malloc'd), or NULL */

int cmd_serve(const args *a);          /* serve.c */
#endif
