/* wm - the command-line front end of wm.h. `wm --help` lists the commands
   and options; README.md shows the same text.

   Every option is checked: an unknown flag, a number that does not parse
   whole or lies outside its range (NaN and infinities included), a missing
   or extra argument exits with status 1 and one line on stderr naming it.
   Output files are written to a temporary name and renamed only when
   complete. */
#define _DEFAULT_SOURCE /* madvise: weights and the bandwidth probe in huge pages */
#define _POSIX_C_SOURCE 200809L
#define _ISOC11_SOURCE
#define _FILE_OFFSET_BITS 64 /* 32-bit Linux: readdir and stat fail on 64-bit inode numbers without it */
#define WM_IMPLEMENTATION
#include "../wm.h"
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "os.h" /* POSIX, or Windows */

double now_s(void) { return os_now(); }

/* "wm: " + the message + newline on stderr; returns 1 (the exit status). */
int fail(const char *fmt, ...) {
    va_list ap;
    fputs("wm: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

void warn(const char *fmt, ...) {
    va_list ap;
    fputs("wm: warning: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- options: one table, strict parsing ------------------------------------ */

typedef enum { K_FLAG, K_STR, K_INT, K_U64, K_NUM } kind;

typedef struct optdef {
    const char *name, *alias, *meta; /* "--temp", NULL, "T" */
    kind k;
    double lo, hi;                   /* numbers: the accepted range */
    const char *help;
} optdef;

static const optdef OPTS[N_OPT] = {
    {"--prompt", "-p", "TEXT", K_STR, 0, 0, "the prompt"},
    {"--file", "-f", "FILE", K_STR, 0, 0, "read the prompt (tokenize: the text) from FILE, - for stdin"},
    {"--n-predict", "-n", "N", K_INT, -1, 2147483647.0, "tokens to generate (generate 128, chat 256; -1: until EOS or a full context)"},
    {"--temp", NULL, "T", K_NUM, 0, 1e6, "temperature (0.8; 0: greedy)"},
    {"--top-k", NULL, "K", K_INT, 0, 2147483647.0, "sample from the K most likely tokens (0: off)"},
    {"--top-p", NULL, "P", K_NUM, 1e-9, 1, "sample from the fewest tokens holding P of the mass (0.95; 1: off)"},
    {"--min-p", NULL, "P", K_NUM, 0, 1, "drop tokens below P times the best one's probability (0: off)"},
    {"--repeat-penalty", NULL, "R", K_NUM, 1e-6, 1e6, "divide the logits of tokens already seen by R (1: off)"},
    {"--repeat-last-n", NULL, "N", K_INT, 0, 2147483647.0, "how many recent tokens the penalty sees (0: all)"},
    {"--seed", "-s", "S", K_U64, 0, 0, "random seed (default or -1: drawn, and printed on stderr)"},
    {"--ctx", "-c", "N", K_INT, 1, 16777216.0, "context length in tokens (default: the model's, at most 4096; also --ctx-size)"},
    {"--threads", "-t", "N", K_INT, 0, 1024, "threads (0: all cores, the default)"},
    {"--tokenizer", NULL, "FILE", K_STR, 0, 0, "tokenizer.json (default: MODEL_DIR/tokenizer.json)"},
    {"--no-bos", NULL, NULL, K_FLAG, 0, 0, "no template (BOS) tokens around the prompt"},
    {"--ignore-eos", NULL, NULL, K_FLAG, 0, 0, "keep generating past EOS"},
    {"--save-session", NULL, "FILE", K_STR, 0, 0, "save the session at the end (-n 0: just the prompt)"},
    {"--load-session", NULL, "FILE", K_STR, 0, 0, "continue a saved session (a prompt is appended to it)"},
    {"--system", NULL, "TEXT", K_STR, 0, 0, "the system message"},
    {"--template", NULL, "NAME", K_STR, 0, 0, "chat format: doge, chatml, rodimus (default: the checkpoint's tokenizer_config.json chat_template, else guessed)"},
    {"--special", NULL, NULL, K_FLAG, 0, 0, "add the template (BOS) tokens"},
    {"--count", NULL, NULL, K_FLAG, 0, 0, "print only the number of tokens (and the speed on stderr)"},
    {"--ids", NULL, "IDS", K_STR, 0, 0, "token ids: 3,17,42"},
    {"--out", NULL, "FILE", K_STR, 0, 0, "output file"},
    {"--decode", NULL, NULL, K_FLAG, 0, 0, "one token at a time through the recurrent path"},
    {"--dtype", NULL, "TYPE", K_STR, 0, 0, "f32, bf16 or f16 (f32)"},
    {"--force", NULL, NULL, K_FLAG, 0, 0, "write into a directory that is not empty"},
    {"--prompt-len", NULL, "N", K_INT, 1, 16777216.0, "prompt tokens (256)"},
    {"--gen", NULL, "N", K_INT, 1, 16777216.0, "decoded tokens (64)"},
    {"--scalar", NULL, NULL, K_FLAG, 0, 0, "the scalar reference kernels (--isa scalar)"},
    {"--isa", NULL, "NAME", K_STR, 0, 0, "kernels: auto (the best this CPU runs, the default), scalar, avx2, avxvnni, avx512, avx512+vnni, avx512+amx, neon, neon+dotprod or helium"},
    {"--type", NULL, "TYPE", K_STR, 0, 0, "llama-quantize's mixes: q8_0 (the default), q4_0, q4_1, q5_0, q5_1, q2_k, q3_k_s/m/l, q4_k_s/m, q5_k_s/m, q6_k, iq4_nl, iq4_xs, f16, bf16, f32"},
    {"--cache-type", NULL, "TYPE", K_STR, 0, 0, "attention K/V cache: f32 (exact, the default), f16 or q8_0"},
    {"--state-type", NULL, "TYPE", K_STR, 0, 0, "recurrent states: f32 (exact, the default), f16 or bf16 (half the RAM; rounded when stored)"},
    {"--batch", "-b", "N", K_INT, 1, 65536, "tokens per prefill step: its scratch (the model's default)"},
    {"--allow-requantize", NULL, NULL, K_FLAG, 0, 0, "quantize a model whose matrices are quantized already"},
    {"--tokenizer-blob", NULL, NULL, K_FLAG, 0, 0, "also write the tokenizer in its in-place form (wm.tokenizer: firmware keeps it in flash)"},
    {"--repetitions", "-r", "N", K_INT, 1, 1000, "llama-bench's table: runs of each test, averaged (5)"},
    {"--output", "-o", "FMT", K_STR, 0, 0, "jsonl (one line of every speed, the default), or llama-bench's md, csv or json"},
    {"--mmap", NULL, NULL, K_FLAG, 0, 0, "map the weight files read-only (fast to open, pages shared between processes; the default but where --no-mmap is)"},
    {"--no-mmap", NULL, NULL, K_FLAG, 0, 0, "read the weights into memory, in huge pages (the default on Linux with transparent huge pages for weights under half the RAM: faster decode)"},
    {"--stop", NULL, "TEXT", K_STR, 0, 0, "stop once the output ends with TEXT (repeatable; also -r, --reverse-prompt)"},
    {"--add-generation-prompt", NULL, NULL, K_FLAG, 0, 0, "end with the assistant's turn opened"},
    {"--context", NULL, "JSON", K_STR, 0, 0, "more template variables: a JSON object, or a file holding one (tools, enable_thinking, ...)"},
    {"--host", NULL, "ADDR", K_STR, 0, 0, "serve: the address to listen on: IPv4, IPv6 or a name resolved once (127.0.0.1: this machine only)"},
    {"--port", NULL, "N", K_INT, 0, 65535, "serve: the TCP port (8080; 0: any free one, printed)"},
    {"--parallel", "-np", "N", K_INT, 1, 256, "serve: slots, requests answered at once in one batch (4)"},
    {"--api-key", NULL, "KEY", K_STR, 0, 0, "serve: require Authorization: Bearer KEY on /v1 (also $WM_API_KEY)"},
    {"--timeout", NULL, "S", K_INT, 1, 86400, "serve: seconds a request may run (600)"},
    {"--cache-ram", NULL, "MB", K_INT, 0, 1048576, "serve: RAM for the prompt cache's checkpoints (512; 0: no cache)"},
    {"--no-cache-prompt", NULL, NULL, K_FLAG, 0, 0, "serve: prefill every prompt whole (no checkpoints restored)"},
    {"--metrics", NULL, NULL, K_FLAG, 0, 0, "serve: GET /metrics, llama-server's Prometheus counters"},
    {"--slot-save-path", NULL, "DIR", K_STR, 0, 0, "serve: where POST /slots/ID?action=save|restore keeps a slot's checkpoint"},
    {"--profile", NULL, NULL, K_FLAG, 0, 0, "bench: the share of time outside threaded loops (serial_fraction_*) and each loop's share, in the JSON line"},
    {"--pool-stats", NULL, NULL, K_FLAG, 0, 0, "bench: what the thread pool did (jobs, jobs run alone, signs of load, items per thread), in the JSON line"},
    {"--project-threads", NULL, "T", K_INT, 1, 1024, "bench: one core runs a T-thread session's items, each timed: the speed-up T threads would reach with no waits and no memory limit, by phase and loop"},
    {"--grammar", NULL, "GBNF", K_STR, 0, 0, "generate: constrain the output to a GBNF grammar (llama.cpp's syntax; starts at root)"},
    {"--grammar-file", NULL, "FILE", K_STR, 0, 0, "the grammar from FILE"},
    {"--json-schema", "-j", "JSON", K_STR, 0, 0, "generate: constrain the output to JSON the JSON Schema accepts ({}: any JSON value)"},
    {"--json-schema-file", NULL, "FILE", K_STR, 0, 0, "the JSON Schema from FILE"},
    {"--help", "-h", NULL, K_FLAG, 0, 0, "this help"},
};

#define SAMPLING O_N, O_TEMP, O_TOP_K, O_TOP_P, O_MIN_P, O_REP_PEN, O_REP_N, O_SEED, O_CTX, O_THREADS, O_TOKENIZER, O_CACHE_TYPE, O_STATE_TYPE, O_ISA, O_MMAP, O_NO_MMAP

struct command {
    const char *name, *args, *synopsis; /* args: the required positionals, in order */
    int n_pos, max_pos;                 /* required and most positionals */
    int opts[28];                       /* terminated by -1 (O_HELP is implied) */
    const char *what;
};

static const command CMDS[] = {
    {"generate", "MODEL_DIR", "(-p TEXT | -f FILE) [options]", 1, 1,
     {O_PROMPT, O_FILE, SAMPLING, O_NO_BOS, O_IGNORE_EOS, O_SAVE, O_LOAD, O_STOP, O_GRAMMAR, O_GRAMMAR_FILE, O_JSON_SCHEMA, O_JSON_SCHEMA_FILE, -1},
     "stream a continuation of the prompt"},
    {"chat", "MODEL_DIR", "[--system TEXT | -p TEXT | -f FILE] [--template NAME] [options]", 1, 1, {O_SYSTEM, O_PROMPT, O_FILE, O_TEMPLATE, SAMPLING, O_STOP, O_GRAMMAR, O_GRAMMAR_FILE, O_JSON_SCHEMA,
     O_JSON_SCHEMA_FILE, -1},
     "chat turn by turn on stdin"},
    {"tokenize", "TOKENIZER", "(TEXT | -f FILE) [--special] [--count]", 1, 2, {O_FILE, O_SPECIAL, O_COUNT, -1},
     "token ids of a text (TOKENIZER: a tokenizer.json, a model directory holding one, or a .gguf)"},
    {"detokenize", "TOKENIZER IDS", "", 2, 2, {-1}, "the text of token ids (IDS: 3,17,42 or \"3 17 42\" or [3, 17, 42])"},
    {"logits", "MODEL_DIR", "--ids IDS --out FILE [--decode] [-t N] [--isa NAME] [--state-type T]", 1, 1,
     {O_IDS, O_OUT, O_DECODE, O_THREADS, O_ISA, O_STATE_TYPE, O_MMAP, O_NO_MMAP, -1},
     "raw F32 [T][vocab] logits"},
    {"info", "MODEL_DIR", "[--mmap | --no-mmap]", 1, 1, {O_MMAP, O_NO_MMAP, -1}, "config, sizes, memory"},
    {"random", "CONFIG_JSON OUT_DIR", "[-s SEED] [--dtype f32|bf16|f16] [--force]", 2, 2, {O_SEED, O_DTYPE, O_FORCE, -1},
     "a random checkpoint of a config"},
    {"convert", "MODEL OUT_GGUF", "[--tokenizer-blob]", 2, 2, {O_TOKBLOB, -1}, "a checkpoint as one GGUF file (tensor types kept)"},
    {"quantize", "MODEL OUT_GGUF", "[TYPE | --type TYPE] [--allow-requantize] [--tokenizer-blob] [-t N]", 2, 3,
     {O_TYPE, O_REQUANT, O_TOKBLOB, O_THREADS, -1},
     "a GGUF file with quantized matrices"},
    {"perplexity", "MODEL", "--file TEXT [--ctx N] [-t N] [--cache-type T] [--state-type T] [--isa NAME]", 1, 1,
     {O_FILE, O_CTX, O_THREADS, O_TOKENIZER, O_CACHE_TYPE, O_STATE_TYPE, O_ISA, O_MMAP, O_NO_MMAP, -1},
     "perplexity of a text (llama-perplexity's method)"},
    {"bench", "MODEL", "[-p|--prompt-len N] [-n|--gen N] [-r N] [-o jsonl|md|csv|json] [-t N] [--isa NAME] [--cache-type T] [--state-type T] [--profile] [--pool-stats] [--project-threads T]", 1, 1,
     {O_PROMPT_LEN, O_GEN, O_REPS, O_OUTPUT, O_THREADS, O_SCALAR, O_ISA, O_CACHE_TYPE, O_STATE_TYPE, O_MMAP, O_NO_MMAP, O_PROFILE, O_POOL_STATS, O_PROJECT, -1},
     "one JSON line of speeds"},
    {"plan", "MODEL", "[--ctx N] [--batch N] [--cache-type T] [--state-type T] [-p TEXT] [-n N] [--grammar TEXT | -j JSON ...]", 1, 1,
     {O_CTX, O_BATCH, O_CACHE_TYPE, O_STATE_TYPE, O_PROMPT, O_N, O_TOKENIZER, O_MMAP, O_NO_MMAP, O_GRAMMAR, O_GRAMMAR_FILE, O_JSON_SCHEMA,
      O_JSON_SCHEMA_FILE, -1},
     "a C header of the bytes a caller-memory (firmware) build needs"},
    {"serve", "MODEL", "[--host ADDR] [--port N] [-np N] [--api-key KEY] [-c N] [-t N] [-n N] [--timeout S] [--cache-ram MB] [--no-cache-prompt] [--metrics] [--slot-save-path DIR] [--template NAME]", 1, 1,
     {O_HOST, O_PORT, O_PARALLEL, O_API_KEY, O_CTX, O_THREADS, O_N, O_TIMEOUT, O_CACHE_RAM, O_NO_CACHE_PROMPT, O_METRICS, O_SLOT_SAVE_PATH, O_TEMPLATE, O_TOKENIZER, O_ISA, O_CACHE_TYPE, O_STATE_TYPE, O_MMAP, O_NO_MMAP, -1},
     "an OpenAI-compatible HTTP server: /v1/chat/completions, /v1/completions, /v1/models, /health, a chat page at /"},
    {"template", "TOKENIZER_CONFIG_JSON MESSAGES_JSON", "[--add-generation-prompt] [--context JSON]", 2, 2, {O_ADD_GEN, O_CONTEXT, -1},
     "a conversation rendered by the checkpoint's Jinja chat template, byte for byte as transformers renders it"},
};
#define N_CMDS ((int)(sizeof CMDS / sizeof CMDS[0]))

static int cmd_takes(const command *c, int o) {
    int k;
    if (o == O_HELP) return 1;
    for (k = 0; c->opts[k] >= 0; k++)
        if (c->opts[k] == o) return 1;
    return 0;
}

/* Parses one value of option o; 1 on failure after printing why. */
static int parse_value(args *a, int o, const char *v) {
    const optdef *d = &OPTS[o];
    char *end;
    errno = 0;
    if (d->k == K_STR) { a->str[o] = v; return 0; }
    if (d->k == K_INT) {
        long long x = strtoll(v, &end, 10);
        if (end == v || *end || errno) return fail("%s: '%s' is not an integer", d->name, v);
        if (x < d->lo || x > d->hi) return fail("%s: %lld is outside %.0f..%.0f", d->name, x, d->lo, d->hi);
        a->i[o] = x;
        return 0;
    }
    if (d->k == K_U64) {
        unsigned long long x;
        if (*v == '-' || *v == '+' || *v == ' ') return fail("%s: '%s' is not a non-negative integer", d->name, v);
        x = strtoull(v, &end, 10);
        if (end == v || *end || errno) return fail("%s: '%s' is not a non-negative integer below 2^64", d->name, v);
        a->u[o] = x;
        return 0;
    }
    {
        double x = strtod(v, &end);
        if (end == v || *end || errno == ERANGE || x != x || x - x != 0.0) return fail("%s: '%s' is not a finite number", d->name, v);
        if (x < d->lo || x > d->hi) { /* a tiny positive lo stands for an open interval at 0 */
            if (d->lo > 0 && d->lo < 1e-3) return fail("%s: %g is outside (0, %g]", d->name, x, d->hi);
            return fail("%s: %g is outside [%g, %g]", d->name, x, d->lo, d->hi);
        }
        a->d[o] = x;
        return 0;
    }
}

static void print_usage(FILE *f, const command *c, int full);

/* llama.cpp's spellings of the same options (its users' habits): the
   name, and the option it means; "_" for "-" in any long name is accepted
   too (--top_k). -m / --model MODEL is the first positional. */
static const struct { const char *cmd, *name; int o; } ALIASES[] = {
    {NULL, "--ctx-size", O_CTX}, {NULL, "--batch-size", O_BATCH}, {NULL, "--predict", O_N},
    {"bench", "-p", O_PROMPT_LEN}, {"bench", "--n-prompt", O_PROMPT_LEN}, {"bench", "-n", O_GEN}, {"bench", "--n-gen", O_GEN}, /* llama-bench's */
    {"generate", "-r", O_STOP}, {"chat", "-r", O_STOP}, {NULL, "--reverse-prompt", O_STOP}, /* llama-cli's reverse prompt */
};

/* argv after the command name; 1 on a mistake (printed), 2 for --help (printed). */
static int parse_args(args *a, const command *c, int argc, char **argv) {
    int i, n_pos = 0, opts_done = 0;
    const char *model = NULL;
    memset(a, 0, sizeof *a);
    a->cmd = c;
    for (i = 0; i < argc; i++) {
        const char *s = argv[i], *eq, *v = NULL;
        char nm[64];
        int o, len, k;
        if (opts_done || s[0] != '-' || !s[1]) { /* a positional ("-" alone is one) */
            if (n_pos >= c->max_pos)
                return fail("%s: unexpected argument '%s' (%s)", c->name, s,
                            !strcmp(c->name, "tokenize") ? "quote a text with spaces" : "see wm " "--help");
            a->pos[n_pos++] = s;
            continue;
        }
        if (!strcmp(s, "--")) { opts_done = 1; continue; }
        eq = strncmp(s, "--", 2) == 0 ? strchr(s, '=') : NULL; /* --name=value */
        len = eq ? (int)(eq - s) : (int)strlen(s);
        if (len >= (int)sizeof nm) len = (int)sizeof nm - 1;
        memcpy(nm, s, (size_t)len);
        nm[len] = 0;
        for (k = 2; nm[0] == '-' && nm[1] == '-' && k < len; k++)
            if (nm[k] == '_') nm[k] = '-'; /* --top_k: --top-k */
        if ((!strcmp(nm, "-m") || !strcmp(nm, "--model")) && c->n_pos >= 1) { /* llama.cpp's -m MODEL: the first positional */
            if (model) return fail("%s: -m given twice", c->name);
            if (eq) model = eq + 1;
            else if (i + 1 < argc) model = argv[++i];
            else return fail("%s: -m needs a value (MODEL)", c->name);
            continue;
        }
        for (o = N_OPT, k = 0; k < (int)(sizeof ALIASES / sizeof ALIASES[0]); k++) /* a command's own alias first (bench's -p) */
            if (!strcmp(ALIASES[k].name, nm) && (!ALIASES[k].cmd || !strcmp(ALIASES[k].cmd, c->name))) { o = ALIASES[k].o; break; }
        if (o == N_OPT)
            for (o = 0; o < N_OPT; o++)
                if (!strcmp(OPTS[o].name, nm) || (OPTS[o].alias && !strcmp(OPTS[o].alias, nm))) break;
        if (o == N_OPT || !cmd_takes(c, o)) return fail("%s: unknown option '%.*s' (wm %s --help lists them)", c->name, len, s, c->name);
        if (o == O_HELP) { print_usage(stdout, c, 1); return 2; }
        if (a->set[o] && o != O_STOP) return fail("%s: %s given twice", c->name, OPTS[o].name);
        a->set[o] = 1;
        if (OPTS[o].k == K_FLAG) {
            if (eq) return fail("%s: %s takes no value", c->name, OPTS[o].name);
            continue;
        }
        if (eq) v = eq + 1;
        else if (i + 1 < argc) v = argv[++i];
        else return fail("%s: %s needs a value (%s)", c->name, OPTS[o].name, OPTS[o].meta);
        if (o == O_SEED && !strcmp(v, "-1")) { a->set[o] = 0; continue; } /* llama.cpp's -s -1: a seed from the clock, printed */
        if (o == O_STOP) {
            if (!*v) return fail("%s: --stop: an empty text", c->name);
            if (a->n_stops == 8) return fail("%s: --stop: at most 8 texts", c->name);
            a->stops[a->n_stops++] = v;
            continue;
        }
        if (parse_value(a, o, v)) return 1;
    }
    if (model) { /* -m MODEL goes first; the positionals given shift after it */
        if (n_pos >= c->max_pos) return fail("%s: -m %s and %d positional arguments: one too many", c->name, model, n_pos);
        memmove(a->pos + 1, a->pos, sizeof a->pos[0] * (size_t)n_pos);
        a->pos[0] = model;
        n_pos++;
    }
    if (a->set[O_MMAP] && a->set[O_NO_MMAP]) return fail("%s: --mmap and --no-mmap: one or the other", c->name);
    if (n_pos < c->n_pos) return fail("%s: missing arguments (usage: wm %s %s%s%s)", c->name, c->name, c->args, *c->synopsis ? " " : "", c->synopsis);
    return 0;
}

/* an option whose meaning or default differs in one command: its help there */
static const struct { const char *cmd; int opt; const char *help; } OPT_NOTES[] = {
    {"chat", O_PROMPT, "the system message (as --system)"},
    {"chat", O_FILE, "read the system message from FILE"},
    {"bench", O_THREADS, "threads (1, the default: one core's speed; 0: all cores)"},
    {"perplexity", O_CTX, "tokens per window (256)"},
    {"perplexity", O_FILE, "the text to score"},
};

static const char *opt_help(const command *c, int opt) {
    size_t k;
    for (k = 0; k < sizeof OPT_NOTES / sizeof OPT_NOTES[0]; k++)
        if (OPT_NOTES[k].opt == opt && !strcmp(OPT_NOTES[k].cmd, c->name)) return OPT_NOTES[k].help;
    return OPTS[opt].help;
}

static void print_usage(FILE *f, const command *c, int full) {
    int k;
    fprintf(f, "%swm %s %s%s%s\n", full ? "usage: " : "  ", c->name, c->args, *c->synopsis ? " " : "", c->synopsis);
    if (!full) return;
    fprintf(f, "%s; options:\n", c->what);
    for (k = 0; c->opts[k] >= 0; k++) {
        const optdef *d = &OPTS[c->opts[k]];
        char flag[48];
        snprintf(flag, sizeof flag, "%s%s%s%s%s", d->alias ? d->alias : "", d->alias ? ", " : "", d->name, d->meta ? " " : "",
                 d->meta ? d->meta : "");
        fprintf(f, "  %-24s %s\n", flag, opt_help(c, c->opts[k]));
    }
}

/* The whole help; README.md shows exactly this text. */
static void print_help(FILE *f) {
    static const int gen_opts[] = {O_N, O_TEMP, O_TOP_K, O_TOP_P, O_MIN_P, O_REP_PEN, O_REP_N, O_SEED, O_CTX, O_THREADS, O_TOKENIZER,
                                   O_PROMPT, O_FILE, O_NO_BOS, O_IGNORE_EOS, O_SAVE, O_LOAD, O_SYSTEM, O_TEMPLATE, O_STOP, O_GRAMMAR,
                                   O_GRAMMAR_FILE, O_JSON_SCHEMA, O_JSON_SCHEMA_FILE, -1};
    int k;
    fprintf(f, "wm %s - Wonderful Matrices language models on the CPU\n\nusage:\n", WM_VERSION_STRING);
    for (k = 0; k < N_CMDS; k++) print_usage(f, &CMDS[k], 0);
    fprintf(f, "\ngenerate and chat options:\n");
    for (k = 0; gen_opts[k] >= 0; k++) {
        const optdef *d = &OPTS[gen_opts[k]];
        char flag[48];
        snprintf(flag, sizeof flag, "%s%s%s%s%s", d->alias ? d->alias : "", d->alias ? ", " : "", d->name, d->meta ? " " : "",
                 d->meta ? d->meta : "");
        fprintf(f, "  %-24s %s\n", flag, d->help);
    }
    fprintf(f, "\nwm COMMAND --help lists a command's options; wm --version prints the version.\n");
}

/* ---- files ---------------------------------------------------------------- */

/* The output file being written (wm_file_create: a regular one goes to
   OUT.tmp, renamed into place when whole): SIGINT, SIGTERM and SIGHUP remove
   its .tmp before the process ends, so no partial file is left. */
static wm_file_out *volatile g_out;

static void drop_out_tmp(void) { /* async-signal-safe */
    wm_file_out *o = g_out;
    if (o && o->tmp[0]) unlink(o->tmp);
}

static void drop_out_and_die(int sig) {
    drop_out_tmp();
    signal(sig, SIG_DFL);
    raise(sig);
}

static int out_open(wm_file_out *o, const char *path) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    struct sigaction sa, old;
    sigset_t block, prev;
    wm_error e;
    wm_status st;
    size_t k;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = drop_out_and_die;
    sigemptyset(&sa.sa_mask);
    sigemptyset(&block);
    for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++) { /* a handler of the command's own (generate's Ctrl-C) stays */
        sigaddset(&block, sigs[k]);
        if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler == SIG_DFL) sigaction(sigs[k], &sa, NULL);
    }
    sigprocmask(SIG_BLOCK, &block, &prev); /* the .tmp and g_out come into being together: a signal now waits for both */
    st = wm_file_create(o, path, &e);
    if (st == WM_OK) g_out = o;
    sigprocmask(SIG_SETMASK, &prev, NULL);
    return st != WM_OK ? fail("%s", e.message) : 0;
}

/* commit: rename into place; else remove the .tmp */
static int out_close(wm_file_out *o, int commit) {
    wm_error e;
    wm_status st;
    sigset_t block, prev;
    sigemptyset(&block);
    sigaddset(&block, SIGINT); sigaddset(&block, SIGTERM); sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &prev); /* (a signal during the rename: after it, with nothing to remove) */
    st = wm_file_close(o, commit, &e);
    g_out = NULL;
    sigprocmask(SIG_SETMASK, &prev, NULL);
    return st != WM_OK ? fail("%s", e.message) : 0;
}

/* Writes buf to path through out_open, so no partial file is left. */
static int write_file(const char *path, const void *buf, size_t n) {
    wm_file_out o;
    if (out_open(&o, path)) return 1;
    if (fwrite(buf, 1, n, o.f) != n) {
        int e = errno;
        out_close(&o, 0);
        return fail("%s: write failed (%s)", path, strerror(e));
    }
    return out_close(&o, 1);
}

/* A whole file ("-": standard input) as a NUL-terminated buffer to free;
   NULL after printing the error. */
static char *read_text(const char *path, size_t *n) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    size_t cap = 1 << 16, len = 0;
    char *buf = NULL;
    if (!f) { fail("%s: cannot open (%s)", path, strerror(errno)); return NULL; }
    for (;;) {
        char *nb = len + 1 >= cap || !buf ? (char *)realloc(buf, cap *= 2) : buf;
        size_t got;
        if (!nb) { free(buf); buf = NULL; fail("%s: out of memory", path); break; }
        buf = nb;
        got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) { int en = errno; free(buf); buf = NULL; fail("%s: %s", path, en == EISDIR ? "is a directory, not a file" : en ? strerror(en) : "read error"); }
            break;
        }
    }
    if (f != stdin) fclose(f);
    if (buf) { buf[len] = 0; *n = len; }
    return buf;
}

/* "3,17,42" -> ids; the count, or -1 after printing why. */
/* Token ids as people write them: "3,17,42", "3 17 42", "[3, 17, 42]" (what
   wm tokenize prints, or a JSON list); an empty list is 0 ids. */
static int parse_ids(const char *what, const char *s, int32_t **out) {
    int n = 1, i = 0;
    const char *p = s, *e = s + strlen(s), *q;
    int32_t *ids;
    while (p < e && isspace((unsigned char)*p)) p++;
    while (e > p && isspace((unsigned char)e[-1])) e--;
    if (p < e && *p == '[' && e[-1] == ']') { p++; e--; } /* a JSON list */
    for (q = p; q < e; q++) n += *q == ',' || isspace((unsigned char)*q); /* at most this many ids */
    ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n);
    if (!ids) { fail("out of memory"); return -1; }
    while (p < e && isspace((unsigned char)*p)) p++;
    while (p < e) {
        char *end;
        long v;
        errno = 0;
        v = strtol(p, &end, 10);
        if (end == p || end > e || *p == '+' || isspace((unsigned char)*p) || errno || v < -0x7fffffffL - 1 || v > 0x7fffffffL || i >= n) {
            free(ids);
            fail("%s: '%s' is not a list of token ids (3,17,42 or \"3 17 42\" or [3, 17, 42])", what, s);
            return -1;
        }
        ids[i++] = (int32_t)v;
        p = end;
        while (p < e && isspace((unsigned char)*p)) p++;
        if (p < e && *p == ',') { /* one comma between ids */
            p++;
            while (p < e && isspace((unsigned char)*p)) p++;
            if (p == e) { free(ids); fail("%s: '%s' ends with a comma", what, s); return -1; }
        }
    }
    *out = ids;
    return i;
}

/* ---- logits, info, random --------------------------------------------------- */

/* threads: 0 (all) and 1 always work; more need an OpenMP build. */
/* a warning about how the checkpoint was read, once, on stderr */
void warn_model(const wm_model *m) {
    const char *w = wm_model_warning(m);
    int i, n = 0;
    if (*w) fprintf(stderr, "wm: warning: %s\n", w);
    for (i = 0; i < wm_model_n_tensors(m); i++) { /* the unused tensors by name, the first few */
        wm_tensor_info t;
        if (wm_model_tensor(m, i, &t) != WM_OK || t.used || (wm_model_config(m)->tie_embeddings == 1 && !strcmp(t.name, "lm_head.weight"))) continue;
        if (n < 4) fprintf(stderr, "%s'%s'", n ? ", " : "wm: warning: unused: ", t.name);
        n++;
    }
    if (n > 4) fprintf(stderr, " and %d more", n - 4);
    if (n) fprintf(stderr, " (%d of %d tensors)\n", n, wm_model_n_tensors(m));
}

/* --cache-type: WM_F32, WM_F16 or WM_Q8_0; -1 after printing why not */
/* the model at path, mapped (--mmap) or read (--no-mmap); by default read where huge pages pay (os_huge_read_pays:
   decode 1.3-1.4x in a VM), else mapped */
wm_status load_model(const args *a, wm_model **m, const char *path, wm_error *e) {
    int copy = a->set[O_NO_MMAP] || (!a->set[O_MMAP] && os_huge_read_pays(path));
    return wm_model_load_opts(m, path, copy ? WM_LOAD_COPY : WM_LOAD_MMAP, e);
}

int cache_type_of(const args *a) {
    const char *t = a->set[O_CACHE_TYPE] ? a->str[O_CACHE_TYPE] : "f32";
    if (!strcmp(t, "f32")) return WM_F32;
    if (!strcmp(t, "f16")) return WM_F16;
    if (!strcmp(t, "q8_0")) return WM_Q8_0;
    fail("--cache-type: '%s' (expected f32, f16 or q8_0)", t);
    return -1;
}

int state_type_of(const args *a) {
    const char *t = a->set[O_STATE_TYPE] ? a->str[O_STATE_TYPE] : "f32";
    if (!strcmp(t, "f32")) return WM_F32;
    if (!strcmp(t, "f16")) return WM_F16;
    if (!strcmp(t, "bf16")) return WM_BF16;
    fail("--state-type: '%s' (expected f32, f16 or bf16)", t);
    return -1;
}

/* --isa (or --scalar): a WM_ISA_* value; -1 after printing why not */
int isa_of(const args *a) {
    int isa = a->set[O_SCALAR] ? WM_ISA_SCALAR : a->set[O_ISA] ? wm_isa_parse(a->str[O_ISA]) : WM_ISA_AUTO;
    if (isa < 0) fail("--isa: '%s' (expected auto, scalar, avx2, avxvnni, avx512, avx512+vnni, avx512+amx, neon, neon+dotprod or helium)", a->str[O_ISA]);
    return isa;
}

int threads_of(const args *a) {
    int n = a->set[O_THREADS] ? (int)a->i[O_THREADS] : 0;
    int cores = os_cores();
    if (cores > 0 && n > cores) warn("--threads %d: more threads than the %d cores here (the extra ones wait for a core: slower, not faster)", n, cores);
#if !defined(_OPENMP) && !defined(WM_HAVE_POOL)
    if (n > 1) warn("--threads %d: this build has no threads (WM_NO_THREADS, no OpenMP); running on 1 thread", n);
#endif
    return n;
}

static int cmd_logits(const args *a) {
    const char *dir = a->pos[0];
    int n, i, rc = 1;
    int32_t *ids = NULL;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    float *logits = NULL;
    size_t V;
    if (!a->set[O_IDS] || !a->set[O_OUT]) return fail("logits: --ids and --out are required");
    if ((n = parse_ids("--ids", a->str[O_IDS], &ids)) < 0) return 1;
    if (load_model(a, &m, dir, &e) != WM_OK) { free(ids); return fail("%s", e.message); }
    warn_model(m);
    V = (size_t)wm_model_config(m)->vocab_size;
    p = wm_session_default_params(m);
    if (p.n_ctx < n) p.n_ctx = n;
    p.n_threads = threads_of(a);
    if ((p.isa = isa_of(a)) < 0 || (p.state_type = state_type_of(a)) < 0) goto done;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { fail("%s", e.message); goto done; }
    logits = (float *)malloc(sizeof(float) * V * (size_t)n);
    if (!logits) { fail("out of memory"); goto done; }
    if (a->set[O_DECODE]) {
        for (i = 0; i < n; i++)
            if (wm_decode(s, ids[i], logits + (size_t)i * V) != WM_OK) { fail("%s: %s", dir, wm_session_error(s)); goto done; }
    } else if (wm_prefill(s, ids, n, logits, WM_LOGITS_ALL) != WM_OK) {
        fail("%s: %s", dir, wm_session_error(s));
        goto done;
    }
    rc = write_file(a->str[O_OUT], logits, sizeof(float) * V * (size_t)n);
done:
    free(logits);
    free(ids);
    wm_session_free(s);
    wm_model_free(m);
    return rc;
}

static int cmd_info(const args *a) {
    wm_model *m;
    wm_error e;
    const wm_config *c;
    wm_session_params p;
    size_t sb = 0;
    int l, i, unused = 0;
    if (load_model(a, &m, a->pos[0], &e) != WM_OK) return fail("%s", e.message);
    warn_model(m);
    c = wm_model_config(m);
    p = wm_session_default_params(m);
    wm_session_bytes(m, &p, &sb, NULL);
    printf("model_type      %s\n", wm_model_type_name(c->model_type));
    printf("layers          %d:", c->n_layers);
    for (l = 0; l < c->n_layers; l++) printf(" %s/%s", wm_module_name(0, c->layer_seq[l]), wm_module_name(1, c->layer_state[l]));
    printf("\nhidden_size     %d\nvocab_size      %d\n", c->hidden_size, c->vocab_size);
    if (c->intermediate_size) printf("intermediate    %d\n", c->intermediate_size);
    if (c->ssd_heads) printf("ssd             heads %d x %d, groups %d, state %d, chunk %d\n", c->ssd_heads, c->ssd_head_dim, c->ssd_groups, c->ssd_state, c->ssd_chunk);
    if (c->n_heads && c->ska_v_heads) {
        printf("sw-ska          heads %d, key heads %d, value heads %d, head_dim %d, ", c->n_heads, c->n_kv_heads, c->ska_v_heads, c->head_dim);
        if (c->ska_window) printf("window %d keys (ring buffer)", c->ska_window);
        else printf("no window (KV cache of n_ctx)");
        if (c->ska_rot_dim)
            printf(", rotary %d%s base %g%s", c->ska_rot_dim, c->ska_interleaved ? " interleaved" : "", c->rope_theta, c->ska_xpos > 0.0f ? " xPos" : "");
        printf("%s\n", c->ska_qk_norm ? ", QK-norm" : "");
    } else if (c->n_heads)
        printf("attention       heads %d, kv heads %d, head_dim %d\n", c->n_heads, c->n_kv_heads, c->head_dim);
    if (c->rod_inner)
        printf("rodimus flow    inner %d, memory %d, input-gate rank %d, conv %d\n", c->rod_inner, c->rod_mem, c->rod_rank, c->conv_kernel);
    if (c->mcsd_channels)
        printf("mcsd            %d channels of %d, %s fusion, slope exponent %g, decay offset %g\n", c->mcsd_channels,
               c->hidden_size / c->mcsd_channels, c->mcsd_concat ? "concat" : "add", (double)c->mcsd_slope_exp, (double)c->mcsd_decay_off);
    if (c->max_position_embeddings) printf("trained context %d\n", c->max_position_embeddings);
    printf("parameters      %llu\n", (unsigned long long)wm_model_n_params(m));
    printf("weight bytes    %llu\n", (unsigned long long)wm_model_weight_bytes(m));
    printf("model memory    %zu bytes (besides the weights)\n", wm_model_bytes_used(m));
    printf("session memory  %zu bytes (n_ctx %d, n_batch %d)\n", sb, p.n_ctx, p.n_batch);
    printf("kernels         %s (this build and CPU run:", wm_isa_name(WM_ISA_AUTO));
    for (i = WM_ISA_SCALAR; i < WM_ISA_COUNT; i++)
        if (wm_isa_supported(i)) printf(" %s", wm_isa_name(i));
    printf(")\n");
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

/* 0: dir is absent or empty (created if absent); 1 after printing why not. */
static int prepare_dir(const char *path, int force) {
    int any = os_dir_entries(path);
    if (any < 0 && errno != ENOENT) return fail("%s: not a usable directory (%s)", path, strerror(errno));
    if (any >= 0) {
        if (any && !force) return fail("%s: the directory is not empty (--force writes config.json and model.safetensors into it)", path);
        return 0;
    }
    if (mkdir(path, 0777) != 0) return fail("%s: cannot create directory (%s)", path, strerror(errno));
    return 0;
}

static int cmd_random(const args *a) {
    const char *cfg_path = a->pos[0], *out = a->pos[1], *dt = a->set[O_DTYPE] ? a->str[O_DTYPE] : "f32";
    char path[4096];
    char *text;
    wm_config cfg;
    wm_error e;
    size_t size, n;
    void *buf;
    int dtype, rc;
    if (!strcmp(dt, "f32")) dtype = WM_F32;
    else if (!strcmp(dt, "bf16")) dtype = WM_BF16;
    else if (!strcmp(dt, "f16")) dtype = WM_F16;
    else return fail("--dtype: '%s' (expected f32, bf16 or f16)", dt);
    if (strlen(out) > 4000) return fail("%s: path too long", out);
    if (!(text = read_text(cfg_path, &n))) return 1;
    if (wm_config_parse(&cfg, text, n, &e) != WM_OK) { free(text); return fail("%s: %s", cfg_path, e.message); }
    if (wm_random_checkpoint(&cfg, a->u[O_SEED], dtype, NULL, 0, &size, &e) != WM_OK) { free(text); return fail("%s", e.message); }
    if ((rc = prepare_dir(out, a->set[O_FORCE])) != 0) { free(text); return rc; }
    buf = malloc(size);
    if (!buf) { free(text); return fail("cannot allocate the checkpoint (%zu bytes)", size); }
    if (size > (64u << 20)) fprintf(stderr, "wm: drawing %.1f MB of random weights\n", (double)size / 1e6);
    wm_random_checkpoint(&cfg, a->u[O_SEED], dtype, buf, size, &size, &e);
    snprintf(path, sizeof path, "%s/model.safetensors", out);
    rc = write_file(path, buf, size);
    if (!rc) { snprintf(path, sizeof path, "%s/config.json", out); rc = write_file(path, text, n); }
    free(buf);
    free(text);
    return rc;
}

/* ---- GGUF: convert, quantize ----------------------------------------------
   wm_gguf_write through out_open (OUT.tmp, renamed into place when whole). The input is a
   checkpoint directory (its config.json and tokenizer.json go along) or a
   GGUF file (its wm.config_json and tokenizer.huggingface.json). */

typedef struct gg_out {
    wm_file_out o;
    const char *in;
} gg_out;

static int gg_write(void *user, const void *p, size_t n) { return fwrite(p, 1, n, ((gg_out *)user)->o.f) == n; }
static void gg_progress(void *user, uint64_t done, uint64_t total) {
    (void)user;
    if (total > (64u << 20) && isatty(2)) fprintf(stderr, "\rwm: %3d%% %s", (int)(100.0 * (double)done / (double)total), done == total ? "\n" : "");
}
static void gg_warn(void *user, const char *msg) { warn("%s: %s", ((gg_out *)user)->in, msg); }

static int is_gguf(const char *path) {
    FILE *f = fopen(path, "rb");
    char mg[4];
    int yes = f && fread(mg, 1, 4, f) == 4 && !memcmp(mg, "GGUF", 4);
    if (f) fclose(f);
    return yes;
}

/* the model at in, and the config / tokenizer JSON texts that go with it (file: the GGUF's bytes) */
static int gg_open(const char *in, wm_model **m, char **file, size_t *file_n, char **cfg_json, char **tok_json, wm_gguf_params *p) {
    char path[4096];
    size_t n = 0;
    wm_error e;
    if (is_gguf(in)) {
        wm_blob b;
        wm_model_source src;
        if (!(*file = read_text(in, &n))) return 1;
        *file_n = n;
        b.data = *file; b.size = n; b.name = in;
        src.config_json = NULL; src.config_bytes = 0; src.files = &b; src.n_files = 1;
        if (wm_model_open(m, &src, &e) != WM_OK) return fail("%s", e.message);
        if (wm_gguf_string(*file, n, "wm.config_json", &p->config_json, &p->config_bytes, NULL) != WM_OK) p->config_json = NULL;
        if (wm_gguf_string(*file, n, "tokenizer.huggingface.json", &p->tokenizer_json, &p->tokenizer_bytes, NULL) != WM_OK) {
            size_t need = 0; /* llama.cpp's tokenizer.ggml.* keys: the tokenizer.json they make, so the new file keeps a tokenizer */
            p->tokenizer_json = NULL;
            if (wm_gguf_tokenizer_json(*file, n, NULL, 0, &need, NULL) == WM_OK && (*tok_json = (char *)malloc(need + 1)) != NULL &&
                wm_gguf_tokenizer_json(*file, n, *tok_json, need + 1, &p->tokenizer_bytes, NULL) == WM_OK)
                p->tokenizer_json = *tok_json;
        }
    } else {
        if (wm_model_load(m, in, &e) != WM_OK) return fail("%s", e.message);
        snprintf(path, sizeof path, "%s/config.json", in);
        if (!(*cfg_json = read_text(path, &p->config_bytes))) return 1;
        p->config_json = *cfg_json;
        snprintf(path, sizeof path, "%s/tokenizer.json", in);
        if (os_exists(path)) {
            if (!(*tok_json = read_text(path, &p->tokenizer_bytes))) return 1;
            p->tokenizer_json = *tok_json;
        }
    }
    warn_model(*m);
    return 0;
}

static int write_gguf(const char *in, const char *out_path, int mix, int allow_requant, int tok_blob, int threads) {
    char name[256];
    const char *base = strrchr(in, '/');
    wm_model *m = NULL;
    wm_error e;
    wm_gguf_params p;
    wm_gguf_stats st;
    gg_out o;
    char *file = NULL, *cfg_json = NULL, *tok_json = NULL;
    size_t file_n = 0;
    void *blob = NULL;
    int rc = 1;
    double t0 = now_s();
#ifdef WM_HAVE_POOL
    wm_pool *pool = NULL;
#else
    threads = 1;
#endif
    if (strlen(in) > 4000 || strlen(out_path) > 4000) return fail("path too long");
    memset(&p, 0, sizeof p);
    if (gg_open(in, &m, &file, &file_n, &cfg_json, &tok_json, &p)) goto done;
    if (file && wm_gguf_tokenizer_blob(file, file_n, &p.tokenizer_blob, &p.tokenizer_blob_bytes, NULL) != WM_OK) p.tokenizer_blob = NULL;
    if (tok_blob) { /* the tokenizer the model's files give, in its in-place form */
        wm_tokenizer *t = NULL;
        char path[4096];
        size_t n = 0;
        snprintf(path, sizeof path, is_gguf(in) ? "%s" : "%s/tokenizer.json", in);
        if (wm_tokenizer_load(&t, path, &e) != WM_OK) { fail("--tokenizer-blob: %s", e.message); goto done; }
        if (wm_tokenizer_save(t, NULL, 0, &n, &e) != WM_OK || !(blob = malloc(n)) || wm_tokenizer_save(t, blob, n, &n, &e) != WM_OK) {
            wm_tokenizer_free(t);
            fail("--tokenizer-blob: %s", blob ? e.message : "out of memory");
            goto done;
        }
        wm_tokenizer_free(t);
        p.tokenizer_blob = blob;
        p.tokenizer_blob_bytes = n;
    }
    snprintf(name, sizeof name, "%s", base && base[1] ? base + 1 : in);
    if (strlen(name) > 5 && !strcmp(name + strlen(name) - 5, ".gguf")) name[strlen(name) - 5] = 0;
    o.in = in;
    if (out_open(&o.o, out_path)) goto done;
    p.mix = mix; p.allow_requantize = allow_requant; p.name = name;
    p.write = gg_write; p.progress = gg_progress; p.warn = gg_warn; p.user = &o;
#ifdef WM_HAVE_POOL
    if (threads != 1 && wm_pool_create(&pool, threads, &e) != WM_OK) { out_close(&o.o, 0); fail("%s", e.message); goto done; }
    p.parallel_for = pool ? wm_pool_parallel_for : NULL; /* blocks quantized on all threads: the same bytes */
    p.pool = pool;
    if (pool) threads = wm_pool_threads(pool);
#endif
    if (wm_gguf_write(m, &p, &st, &e) != WM_OK) {
        int en = errno;
        out_close(&o.o, 0);
        if (e.status == WM_ERR_IO) fail("%s: write failed (%s)", out_path, strerror(en));
        else fail("%s: %s", in, e.message);
        goto done;
    }
    if (out_close(&o.o, 1)) goto done;
    {
        char types[256];
        size_t k = 0;
        int ty;
        for (ty = WM_Q8_0; ty < WM_TYPES_COMPUTED + WM_Q8_0; ty++) { /* the quantized types first, then F32, F16, BF16 */
            int id = ty % WM_TYPES_COMPUTED;
            if (st.n_type[id] && k < sizeof types - 32) k += (size_t)snprintf(types + k, sizeof types - k, "%s%d %s", k ? ", " : "", st.n_type[id], wm_type_name(id));
        }
        types[k] = 0;
        fprintf(stderr, "wm: %s: %d tensors, %.2f MB of weights (%s) in %.1f s, %d thread%s\n", out_path, st.n_tensors, (double)st.data_bytes / 1e6,
                types, now_s() - t0, threads, threads == 1 ? "" : "s");
    }
    rc = 0;
done:
    free(cfg_json); free(tok_json); free(blob);
#ifdef WM_HAVE_POOL
    if (pool) wm_pool_free(pool);
#endif
    if (m) wm_model_free(m);
    free(file);
    return rc;
}

static int cmd_convert(const args *a) { /* (one thread: tensors are copied as they are) */
    return write_gguf(a->pos[0], a->pos[1], WM_MIX_KEEP, 1, a->set[O_TOKBLOB], 1);
}

static int cmd_quantize(const args *a) {
    const char *t = a->set[O_TYPE] ? a->str[O_TYPE] : a->pos[2] ? a->pos[2] : "q8_0"; /* llama-quantize IN OUT TYPE */
    int mix = wm_mix_parse(t);
    if (a->set[O_TYPE] && a->pos[2]) return fail("quantize: the type given twice (%s and --type %s)", a->pos[2], a->str[O_TYPE]);
    if (mix < 0) return fail("--type: '%s' (expected one of f32, f16, bf16, q8_0, q4_0, q4_1, q5_0, q5_1, q2_k, q3_k_s, q3_k_m, q3_k_l, q4_k_s, "
                             "q4_k_m, q5_k_s, q5_k_m, q6_k, iq4_nl, iq4_xs; q4_k, q5_k, q3_k: the _m mixes)", t);
    return write_gguf(a->pos[0], a->pos[1], mix, a->set[O_REQUANT], a->set[O_TOKBLOB], threads_of(a));
}

/* ---- perplexity ------------------------------------------------------------
   llama-perplexity's method: the text's tokens cut into windows of n_ctx
   (no overlap), each window's first token replaced by BOS (when the model
   has one), the second half of each window scored; prints, as it does, the
   perplexity so far after each window ("[1]17.2345,[2]...") and then
   "Final estimate: PPL = P +/- E" (E from the spread of the token
   log-likelihoods), on stdout; the counts and the time on stderr. */

static int cmd_perplexity(const args *a) {
    const char *dir = a->pos[0];
    wm_model *m = NULL;
    wm_tokenizer *t = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    char *text = NULL, path[4096];
    size_t n_text = 0, n_ids = 0;
    int32_t *ids = NULL;
    float *logits = NULL;
    int n_ctx = a->set[O_CTX] ? (int)a->i[O_CTX] : 256, V, n_win, w, rc = 1, bos;
    double sum = 0.0, sum2 = 0.0, t0 = now_s();
    long count = 0;
    struct stat st;
    if (!a->set[O_FILE]) return fail("perplexity: --file TEXT is required");
    if (n_ctx < 4) return fail("--ctx: at least 4 tokens");
    if (!(text = read_text(a->str[O_FILE], &n_text))) return 1;
    if (load_model(a, &m, dir, &e) != WM_OK) { free(text); return fail("%s", e.message); }
    warn_model(m);
    if (a->set[O_TOKENIZER]) snprintf(path, sizeof path, "%s", a->str[O_TOKENIZER]);
    else if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) snprintf(path, sizeof path, "%s/tokenizer.json", dir);
    else snprintf(path, sizeof path, "%s", dir);
    if (wm_tokenizer_load(&t, path, &e) != WM_OK) { fail("%s", e.message); goto done; }
    V = wm_model_config(m)->vocab_size;
    bos = wm_model_config(m)->bos_token_id;
    if (wm_tokenize(t, text, n_text, 0, NULL, 0, &n_ids) != WM_OK && n_ids == 0) { fail("cannot tokenize %s", a->str[O_FILE]); goto done; }
    ids = (int32_t *)malloc(sizeof(int32_t) * (n_ids + 1));
    logits = (float *)malloc(sizeof(float) * (size_t)n_ctx * (size_t)V);
    if (!ids || !logits) { fail("out of memory"); goto done; }
    wm_tokenize(t, text, n_text, 0, ids, n_ids + 1, &n_ids);
    n_win = (int)(n_ids / (size_t)n_ctx);
    if (n_win < 1) { fail("%s: %zu tokens, fewer than one window of --ctx %d", a->str[O_FILE], n_ids, n_ctx); goto done; }
    p = wm_session_default_params(m);
    p.n_ctx = n_ctx;
    p.n_threads = threads_of(a);
    if ((p.isa = isa_of(a)) < 0) goto done;
    if ((p.cache_type = cache_type_of(a)) < 0 || (p.state_type = state_type_of(a)) < 0) goto done;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { fail("%s", e.message); goto done; }
    fprintf(stderr, "wm perplexity: %zu tokens, %d windows of %d (second halves scored)\n", n_ids, n_win, n_ctx);
    for (w = 0; w < n_win; w++) {
        int32_t *win = ids + (size_t)w * (size_t)n_ctx, first = win[0], j;
        if (bos >= 0 && bos < V) win[0] = bos;
        wm_session_reset(s);
        if (wm_prefill(s, win, n_ctx, logits, WM_LOGITS_ALL) != WM_OK) { win[0] = first; fail("%s", wm_session_error(s)); goto done; }
        win[0] = first;
        for (j = n_ctx / 2; j < n_ctx - 1; j++) { /* -log p(win[j + 1] | win[..j]) */
            const float *l = logits + (size_t)j * (size_t)V;
            double mx = (double)l[0], z = 0.0, nll;
            int v;
            for (v = 1; v < V; v++) mx = (double)l[v] > mx ? (double)l[v] : mx;
            for (v = 0; v < V; v++) z += exp((double)l[v] - mx);
            nll = log(z) + mx - (double)l[win[j + 1]];
            sum += nll;
            sum2 += nll * nll;
            count++;
        }
        printf("[%d]%.4f,", w + 1, exp(sum / (double)count)); /* llama-perplexity's progress: the perplexity so far, chunk by chunk */
        fflush(stdout);
    }
    {
        double mean = sum / (double)count, var = count > 1 ? (sum2 / (double)count - mean * mean) * (double)count / (double)(count - 1) : 0.0;
        double se = sqrt(var > 0 ? var / (double)count : 0.0), ppl = exp(mean);
        printf("\nFinal estimate: PPL = %.4f +/- %.5f\n", ppl, ppl * se);
        fprintf(stderr, "wm: %ld tokens scored in %d windows of %d, %.1f s (%.1f tokens/s)\n", count, n_win, n_ctx, now_s() - t0,
                (double)n_win * n_ctx / (now_s() - t0));
    }
    rc = 0;
done:
    free(ids); free(logits); free(text);
    wm_session_free(s);
    if (t) wm_tokenizer_free(t);
    if (m) wm_model_free(m);
    return rc;
}

/* ---- chat templates ---------------------------------------------------------
   wm template CONFIG MESSAGES: the rendering on stdout exactly (no newline
   added); a template that raises exits 1 with its message. MESSAGES and
   --context: a file, or the JSON text itself. */

static char *json_arg(const char *s, size_t *n) {
    const char *p = s;
    while (*p == ' ' || *p == '\n' || *p == '\t') p++;
    if (*p == '[' || *p == '{') {
        char *d = strdup(s);
        if (d) *n = strlen(d);
        else fail("out of memory");
        return d;
    }
    return read_text(s, n);
}

static int cmd_template(const args *a) {
    wm_chat_params p;
    wm_error e;
    char *cfg = NULL, *msgs = NULL, *ctx = NULL, *out = NULL;
    size_t cn = 0, mn = 0, xn = 0, len = 0;
    int rc = 1;
    memset(&p, 0, sizeof p);
    if (!(cfg = read_text(a->pos[0], &cn)) || !(msgs = json_arg(a->pos[1], &mn))) goto done;
    if (a->set[O_CONTEXT] && !(ctx = json_arg(a->str[O_CONTEXT], &xn))) goto done;
    p.config_json = cfg; p.config_bytes = cn;
    p.messages_json = msgs; p.messages_bytes = mn;
    p.context_json = ctx; p.context_bytes = xn;
    p.add_generation_prompt = a->set[O_ADD_GEN];
    p.now = (long long)time(NULL);
    if (wm_chat_apply(&p, NULL, 0, &len, &e) != WM_OK) {
        if (e.status == WM_ERR_TEMPLATE) fprintf(stderr, "%s\n", e.message); /* the template's own words */
        else fail("%s: %s", a->pos[0], e.message);
        goto done;
    }
    if (!(out = (char *)malloc(len + 1)) || wm_chat_apply(&p, out, len + 1, &len, &e) != WM_OK) { fail("%s", out ? e.message : "out of memory"); goto done; }
    if (fwrite(out, 1, len, stdout) != len || fflush(stdout) != 0) { fail("stdout: write failed"); goto done; }
    rc = 0;
done:
    free(cfg); free(msgs); free(ctx); free(out);
    return rc;
}

/* ---- text: tokenize, detokenize ------------------------------------------- */

static int cmd_tokenize(const args *a) {
    const char *text = a->pos[1];
    int rc = 0;
    size_t i, n = 0, len;
    wm_tokenizer *t;
    wm_error e;
    int32_t *ids;
    char *buf = NULL;
    double t0, dt;
    if (!text == !a->set[O_FILE]) return fail("tokenize: give the text or -f FILE (not both)");
    if (a->set[O_FILE]) {
        if (!(buf = read_text(a->str[O_FILE], &len))) return 1;
        text = buf;
    } else {
        len = strlen(text);
    }
    if (wm_tokenizer_load(&t, a->pos[0], &e) != WM_OK) { free(buf); return fail("%s", e.message); }
    ids = (int32_t *)malloc(sizeof(int32_t) * (len + 33)); /* a token covers at least one byte; + template ids */
    t0 = now_s();
    if (!ids || wm_tokenize(t, text, len, a->set[O_SPECIAL], ids, len + 33, &n) != WM_OK) rc = fail("tokenize failed (out of memory)");
    dt = now_s() - t0;
    if (!rc && a->set[O_COUNT]) {
        printf("%zu\n", n);
        fprintf(stderr, "wm: %zu bytes -> %zu tokens in %.4f s (%.2f MB/s)\n", len, n, dt, (double)len / (dt > 0 ? dt : 1e-9) / 1e6);
    } else if (!rc) {
        for (i = 0; i < n; i++) printf(i ? ",%d" : "%d", ids[i]);
        printf("\n");
    }
    free(ids);
    free(buf);
    wm_tokenizer_free(t);
    return rc;
}

static int cmd_detokenize(const args *a) {
    int32_t *ids;
    int n, i, rc = 0;
    wm_tokenizer *t;
    wm_error e;
    size_t len;
    char *out;
    if ((n = parse_ids("detokenize", a->pos[1], &ids)) < 0) return 1;
    if (wm_tokenizer_load(&t, a->pos[0], &e) != WM_OK) { free(ids); return fail("%s", e.message); }
    for (i = 0; i < n; i++) /* skipped, as the library call (and the tokenizers library's decode) skips them */
        if (!wm_token_bytes(t, ids[i], NULL)) {
            fprintf(stderr, "wm: detokenize: id %d is not in the tokenizer (%d ids): skipped\n", ids[i], wm_tokenizer_n_vocab(t));
            break;
        }
    wm_detokenize(t, ids, (size_t)n, NULL, 0, &len);
    out = (char *)malloc(len + 1);
    if (!out || wm_detokenize(t, ids, (size_t)n, out, len + 1, &len) != WM_OK) rc = fail("detokenize: out of memory");
    else fwrite(out, 1, len, stdout); /* the text, byte for byte: no newline added */
    free(out);
    free(ids);
    wm_tokenizer_free(t);
    return rc;
}

/* ---- generate and chat --------------------------------------------------------- */

static volatile sig_atomic_t g_sigint; /* Ctrl-C presses since the answer began */

static void on_sigint(int sig) {
    (void)sig;
    if (++g_sigint >= 2) { /* a second Ctrl-C: leave now (no partial output file) */
        static const char nl[] = "\n";
        drop_out_tmp();
        if (write(2, nl, 1) < 0) {}
        _exit(130);
    }
}

/* Ctrl-C stops the answer instead of killing the process (no SA_RESTART:
   a read at the prompt returns EINTR). */
static void catch_sigint(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

/* Streams each token's text, keeps it (chat history), notes when the first came. */
typedef struct stream_ctx {
    double t_first;
    char *text; /* the output so far (NULL: not kept) */
    size_t n, cap;
    const char *const *stops; /* [n_stops]: the output ending with one stops it */
    int n_stops, stopped;     /* stopped: 1 + the index of the text that stopped it */
    int tty;                  /* stdout is a terminal: control bytes shown as ^X */
} stream_ctx;

/* text to stdout; on a terminal a control byte the model wrote (an escape
   sequence would drive the terminal) shows as ^X, as cat -v shows it */
static void put_text(const char *text, size_t len, int tty) {
    size_t i, from = 0;
    for (i = 0; tty && i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c < 32 && c != '\n' && c != '\t') || c == 127) {
            fwrite(text + from, 1, i - from, stdout);
            putchar('^');
            putchar(c == 127 ? '?' : c + 64);
            from = i + 1;
        }
    }
    fwrite(text + from, 1, len - from, stdout);
}

static int on_token(void *user, int32_t tok, const char *text, size_t len) {
    stream_ctx *sc = (stream_ctx *)user;
    if (sc->t_first == 0.0 && tok >= 0) sc->t_first = now_s();
    put_text(text, len, sc->tty);
    fflush(stdout);
    if (sc->text && sc->n + len + 1 > sc->cap) {
        char *nb = (char *)realloc(sc->text, (sc->n + len + 1) * 2);
        if (nb) { sc->text = nb; sc->cap = (sc->n + len + 1) * 2; }
    }
    if (sc->text && sc->n + len + 1 <= sc->cap) {
        int k;
        memcpy(sc->text + sc->n, text, len);
        sc->n += len;
        sc->text[sc->n] = 0;
        for (k = 0; k < sc->n_stops && !sc->stopped; k++) { /* the text may also end inside this token's text */
            size_t sl = strlen(sc->stops[k]), from = sc->n - len >= sl ? sc->n - len - sl + 1 : 0, at;
            for (at = from; at + sl <= sc->n && !sc->stopped; at++)
                if (!memcmp(sc->text + at, sc->stops[k], sl)) sc->stopped = k + 1;
        }
    }
    return g_sigint != 0 || sc->stopped;
}

/* sc for one answer: the --stop texts, and the output kept when keep (chat's turns, stop texts) */
static void stream_start(stream_ctx *sc, const args *a, int keep) {
    memset(sc, 0, sizeof *sc);
    sc->tty = isatty(1);
    sc->stops = a->stops;
    sc->n_stops = a->n_stops;
    if (keep && (sc->text = (char *)malloc(sc->cap = 256)) != NULL) sc->text[0] = 0;
}

/* The sampler of the options, seeded; *drawn gets a seed that was drawn (else 0). */
static int make_sampler(const args *a, wm_sampler *s, unsigned long long *drawn) {
    wm_error e;
    *s = wm_sampler_default();
    s->temperature = a->set[O_TEMP] ? (float)a->d[O_TEMP] : 0.8f;
    s->top_p = a->set[O_TOP_P] ? (float)a->d[O_TOP_P] : 0.95f;
    if (a->set[O_TOP_K]) s->top_k = (int)a->i[O_TOP_K];
    if (a->set[O_MIN_P]) s->min_p = (float)a->d[O_MIN_P];
    if (a->set[O_REP_PEN]) s->repeat_penalty = (float)a->d[O_REP_PEN];
    if (a->set[O_REP_N]) s->repeat_last_n = (int)a->i[O_REP_N];
    if (a->set[O_SEED]) {
        wm_sampler_seed(s, a->u[O_SEED]);
    } else {
        unsigned long long ns = os_wall_ns(), seed;
        seed = (ns / 1000000000ull * 1000000007ull) ^ (ns % 1000000000ull) ^ (os_pid() << 32);
        seed = seed % 1000000000000ull + 1; /* short enough to retype, never 0 */
        wm_sampler_seed(s, seed);
        *drawn = s->temperature > 0.0f ? seed : 0; /* greedy needs none */
    }
    if (wm_sampler_check(s, &e) != WM_OK) return fail("%s", e.message);
    return 0;
}

/* The grammar of --grammar, --grammar-file, --json-schema or --json-schema-file
   (none: *g stays NULL) over t, ending at the model's EOS ids and the stop
   ids; its memory in *mem (free it). */
/* The GBNF text the grammar options give (a JSON Schema's converted), malloc'd
   into *out (NULL: none given); 1 after an error message. */
static int grammar_text(const args *a, char **out, size_t *len) {
    static const int opts[] = {O_GRAMMAR, O_GRAMMAR_FILE, O_JSON_SCHEMA, O_JSON_SCHEMA_FILE};
    int which = -1, k;
    char *text = NULL, *gbnf;
    size_t n = 0;
    wm_error e;
    *out = NULL;
    for (k = 0; k < 4; k++)
        if (a->set[opts[k]]) {
            if (which >= 0) return fail("%s and %s: give one grammar", OPTS[opts[which]].name, OPTS[opts[k]].name);
            which = k;
        }
    if (which < 0) return 0;
    if (which & 1) { if (!(text = read_text(a->str[opts[which]], &n))) return 1; }
    else if (!(text = strdup(a->str[opts[which]]))) return fail("out of memory");
    else n = strlen(text);
    if (which < 2) { *out = text; *len = n; return 0; }
    if (wm_json_schema_grammar(text, n, NULL, 0, len, &e) != WM_OK) { free(text); return fail("%s", e.message); } /* JSON Schema: its grammar */
    if (!(gbnf = (char *)malloc(*len + 1)) || wm_json_schema_grammar(text, n, gbnf, *len + 1, len, &e) != WM_OK) {
        free(text); free(gbnf);
        return fail("%s", gbnf ? e.message : "out of memory");
    }
    free(text);
    *out = gbnf;
    return 0;
}

/* The grammar options' grammar and its state over t in one malloc'd block
   (*mem; *g NULL when none is given); the model's EOS ids and stop end it. */
static int make_grammar(const args *a, const wm_model *m, const wm_tokenizer *t, const int32_t *stop, int n_stop, wm_grammar_state **g,
                        void **mem) {
    const wm_config *c = wm_model_config(m);
    int k, n_eos = 0, rc = 1;
    char *text;
    size_t n = 0, gb, sb;
    int32_t eos[8];
    wm_grammar *gr;
    wm_error e;
    *g = NULL;
    *mem = NULL;
    if (grammar_text(a, &text, &n)) return 1;
    if (!text) return 0;
    for (k = 0; k < c->n_eos && n_eos < 8; k++) eos[n_eos++] = c->eos_token_ids[k];
    for (k = 0; k < n_stop && n_eos < 8; k++) eos[n_eos++] = stop[k];
    sb = wm_grammar_state_bytes(NULL, t, NULL);
    if (wm_grammar_bytes(text, n, &gb, &e) != WM_OK) fail("%s", e.message);
    else if (!(*mem = malloc(gb + sb)) || wm_grammar_init(&gr, text, n, *mem, gb, &e) != WM_OK ||
             wm_grammar_state_init(g, gr, t, eos, n_eos, NULL, (char *)*mem + gb, sb, &e) != WM_OK)
        fail("%s", *mem ? e.message : "out of memory");
    else rc = 0;
    free(text);
    return rc;
}

static void print_seed(unsigned long long seed) {
    if (seed) fprintf(stderr, "wm: seed %llu (--seed %llu repeats this run)\n", seed, seed);
}

/* Model, tokenizer and session for generate and chat. */
static int open_all(const args *a, wm_model **m, wm_tokenizer **t, wm_session **s) {
    const char *dir = a->pos[0], *tk = a->str[O_TOKENIZER];
    char path[4096];
    wm_error e;
    wm_session_params p;
    const wm_config *c;
    *m = NULL; *t = NULL; *s = NULL;
    if (load_model(a, m, dir, &e) != WM_OK) return fail("%s", e.message);
    warn_model(*m);
    if (!tk) { /* a GGUF file carries its own (tokenizer.huggingface.json) */
        struct stat st;
        if (strlen(dir) > 4000) return fail("%s: path too long", dir);
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) snprintf(path, sizeof path, "%s/tokenizer.json", dir);
        else snprintf(path, sizeof path, "%s", dir);
        tk = path;
    }
    if (wm_tokenizer_load(t, tk, &e) != WM_OK) return fail("%s", e.message);
    c = wm_model_config(*m);
    if (wm_tokenizer_n_vocab(*t) > c->vocab_size)
        warn("the tokenizer has %d ids, the model %d", wm_tokenizer_n_vocab(*t), c->vocab_size);
    p = wm_session_default_params(*m);
    if (a->set[O_CTX]) p.n_ctx = (int)a->i[O_CTX];
    if (a->set[O_CTX] && c->max_position_embeddings > 0 && p.n_ctx > c->max_position_embeddings)
        warn("--ctx %d exceeds the model's trained context (%d tokens)", p.n_ctx, c->max_position_embeddings);
    if (a->set[O_BATCH]) p.n_batch = (int)a->i[O_BATCH];
    p.n_threads = threads_of(a);
    if ((p.isa = isa_of(a)) < 0) return 1;
    if ((p.cache_type = cache_type_of(a)) < 0 || (p.state_type = state_type_of(a)) < 0) return 1;
    if (wm_session_create(s, *m, &p, &e) != WM_OK) return fail("%s", e.message);
    return 0;
}

static void close_all(wm_model *m, wm_tokenizer *t, wm_session *s) {
    wm_session_free(s);
    wm_tokenizer_free(t);
    wm_model_free(m);
}

/* Tokens text[n] becomes (with the template when special), -1 on failure. */
static long count_tokens(const wm_tokenizer *t, const char *text, size_t n, int special) {
    size_t cnt = 0;
    return wm_tokenize(t, text, n, special, NULL, 0, &cnt) == WM_OK ? (long)cnt : -1;
}

static const char *stop_note(const wm_generate_stats *gs, int interrupted, int n_ctx, const stream_ctx *sc) {
    static char buf[96];
    if (interrupted) return ", interrupted";
    if (sc->stopped) { snprintf(buf, sizeof buf, ", stopped at \"%.60s\"", sc->stops[sc->stopped - 1]); return buf; }
    if (gs->stop == WM_STOP_EOS) return ", stopped at EOS";
    if (gs->stop == WM_STOP_CONTEXT) { snprintf(buf, sizeof buf, ", stopped: the context is full (%d tokens)", n_ctx); return buf; }
    return "";
}

static int cmd_generate(const args *a) {
    const char *save = a->str[O_SAVE], *load = a->str[O_LOAD];
    char *prompt_buf = NULL;
    const char *prompt = a->str[O_PROMPT];
    size_t prompt_len = 0;
    int rc = 1;
    wm_model *m = NULL;
    wm_tokenizer *t = NULL;
    wm_session *s = NULL;
    wm_sampler smp;
    wm_generate_params gp = wm_generate_default_params();
    wm_generate_stats gs;
    stream_ctx sc;
    float *logits = NULL;
    double t0, t2, pre;
    unsigned long long seed = 0;
    wm_file_out so; /* --save-session: opened before the work, so a bad path fails first */
    void *blob = NULL, *gmem = NULL;
    size_t blob_n = 0;
    so.f = NULL;
    memset(&sc, 0, sizeof sc); /* its text is freed at the end */
    if (a->set[O_PROMPT] && a->set[O_FILE]) return fail("generate: give -p TEXT or -f FILE, not both");
    if (!a->set[O_PROMPT] && !a->set[O_FILE] && !load) return fail("generate: no prompt (-p TEXT, -f FILE or --load-session FILE)");
    if (make_sampler(a, &smp, &seed)) return 1;
    gp.max_new = a->set[O_N] ? (int)a->i[O_N] : 128;
    gp.add_special = !load && !a->set[O_NO_BOS];
    gp.stop_at_eos = !a->set[O_IGNORE_EOS];
    if (a->set[O_FILE]) {
        if (!(prompt_buf = read_text(a->str[O_FILE], &prompt_len))) return 1;
        prompt = prompt_buf;
    } else if (prompt) {
        prompt_len = strlen(prompt);
    }
    if (open_all(a, &m, &t, &s)) goto done;
    if (make_grammar(a, m, t, gp.stop_ids, gp.n_stop_ids, &smp.grammar, &gmem)) goto done;
    if (save && out_open(&so, save)) goto done;
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    if (!logits) { fail("out of memory"); goto done; }
    if (load) {
        wm_sampler restored = smp;
        if (wm_session_restore_file(s, &restored, logits, load) != WM_OK) { fail("%s", wm_session_error(s)); goto done; }
        if (!a->set[O_SEED]) { memcpy(smp.rng, restored.rng, sizeof smp.rng); seed = 0; } /* continue the same stream */
    }
    if (prompt_len) { /* refused before anything is printed when it cannot fit */
        long n = count_tokens(t, prompt, prompt_len, gp.add_special), room = (long)wm_session_room(s);
        int mp = wm_model_config(m)->max_position_embeddings;
        if (n < 0) { fail("generate: cannot tokenize the prompt"); goto done; }
        if (n > room) {
            fail("generate: the prompt is %ld tokens but the context has room for %ld (-c sets the context length)", n, room);
            goto done;
        }
        if (mp > 0 && n + wm_session_pos(s) > mp) warn("the prompt reaches position %ld, past the model's trained context (%d)", n + wm_session_pos(s), mp);
        print_seed(seed); /* before the text, so the two do not interleave */
        seed = 0;
        put_text(prompt, prompt_len, isatty(1));
        fflush(stdout);
    }
    stream_start(&sc, a, a->n_stops > 0);
    catch_sigint();
    print_seed(seed);
    t0 = now_s();
    if (wm_generate(s, t, &smp, logits, prompt, prompt_len, &gp, on_token, &sc, &gs) != WM_OK) {
        printf("\n");
        fail("%s", wm_session_error(s));
        goto done;
    }
    t2 = now_s();
    printf("\n");
    fflush(stdout);
    if (sc.t_first == 0.0) sc.t_first = t2;
    pre = sc.t_first - t0;
    fprintf(stderr, "wm: prefill %d tokens in %.3f s (%.1f tok/s); decode %d tokens in %.3f s (%.1f tok/s)%s\n", gs.n_prompt, pre,
            gs.n_prompt / (pre > 0 ? pre : 1e-9), gs.n_generated, t2 - sc.t_first,
            gs.n_generated / (t2 - sc.t_first > 0 ? t2 - sc.t_first : 1e-9), stop_note(&gs, g_sigint != 0, wm_session_get_params(s)->n_ctx, &sc));
    if (save) {
        if (wm_session_save(s, &smp, logits, NULL, 0, &blob_n) != WM_OK || !(blob = malloc(blob_n)) ||
            wm_session_save(s, &smp, logits, blob, blob_n, &blob_n) != WM_OK) {
            fail("%s: %s", save, blob ? wm_session_error(s) : "out of memory");
            goto done;
        }
        if (fwrite(blob, 1, blob_n, so.f) != blob_n) { fail("%s: write failed (%s)", save, strerror(errno)); goto done; }
        if (out_close(&so, 1)) goto done;
    }
    rc = g_sigint ? 130 : 0;
done:
    if (so.f) out_close(&so, 0);
    free(blob);
    free(gmem);
    free(prompt_buf);
    free(sc.text);
    free(logits);
    close_all(m, t, s);
    return rc;
}

/* A chat turn kept as text, so a full context can be rebuilt from the latest turns. */
typedef struct turn { char *user, *answer; } turn;

/* Appends the rendering of turns[from..n) (answers included) and then of
   the new message to *buf; the first rendered turn opens the conversation. */
static char *render_chat(const wm_chat_template *ct, const char *sys, const turn *turns, int from, int n, const char *msg, size_t *len) {
    size_t cap = 1, k = 0;
    char *out;
    int j;
    for (j = from; j <= n; j++) {
        cap += wm_chat_render(ct, j == from, sys, j < n ? turns[j].user : msg, NULL, 0);
        if (j < n) cap += strlen(turns[j].answer);
    }
    out = (char *)malloc(cap);
    if (!out) return NULL;
    for (j = from; j <= n; j++) {
        k += wm_chat_render(ct, j == from, sys, j < n ? turns[j].user : msg, out + k, cap - k);
        if (j < n) { memcpy(out + k, turns[j].answer, strlen(turns[j].answer)); k += strlen(turns[j].answer); }
    }
    out[k] = 0;
    *len = k;
    return out;
}

/* The chat template: --template, else the one the checkpoint's
   tokenizer_config.json / tokenizer / model type shows, else doge's. */
const wm_chat_template *pick_template(const args *a, const wm_model *m, const wm_tokenizer *t, int say) {
    const wm_chat_template *ct = NULL;
    char path[4200];
    struct stat st;
    if (a->set[O_TEMPLATE]) return wm_chat_template_get(a->str[O_TEMPLATE]);
    if (strlen(a->pos[0]) < 4000 && stat(a->pos[0], &st) == 0 && S_ISDIR(st.st_mode)) {
        FILE *f;
        snprintf(path, sizeof path, "%s/tokenizer_config.json", a->pos[0]);
        if ((f = fopen(path, "rb")) != NULL) {
            char *buf = (char *)malloc(1 << 20);
            size_t n = buf ? fread(buf, 1, 1 << 20, f) : 0;
            fclose(f);
            if (buf && n < (1 << 20)) ct = wm_chat_template_guess(buf, n, t);
            free(buf);
        }
    }
    if (!ct) ct = wm_chat_template_guess(NULL, 0, t);
    if (!ct) ct = wm_chat_template_get(wm_model_type_name(wm_model_config(m)->model_type)); /* the type's own format (rodimus) */
    if (!ct) ct = wm_chat_template_get("doge");
    if (say) fprintf(stderr, "wm: chat template '%s' (--template chooses another: doge, chatml, rodimus)\n", ct->name);
    return ct;
}

/* ---- chat through the checkpoint's Jinja template ----------------------------
   The whole conversation is rendered each turn (wm_chat_apply, as
   transformers would); when the session already holds a prefix of that
   text, only the rest is fed, else the session starts again from it. An
   answer ends at the template's eos_token (and --stop texts). */

static void json_str(char **buf, size_t *n, size_t *cap, const char *s) { /* appends s as a JSON string */
    size_t need = *n + 6 * strlen(s) + 8;
    if (need > *cap) { char *nb = (char *)realloc(*buf, need * 2); if (!nb) return; *buf = nb; *cap = need * 2; }
    (*buf)[(*n)++] = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { (*buf)[(*n)++] = '\\'; (*buf)[(*n)++] = (char)c; }
        else if (c < 0x20) *n += (size_t)snprintf(*buf + *n, 8, "\\u%04x", c);
        else (*buf)[(*n)++] = (char)c;
    }
    (*buf)[(*n)++] = '"';
}

/* the JSON messages: the system message, turns[from..n) and the new one */
static char *chat_messages(const char *sys, const turn *turns, int from, int n, const char *msg, size_t *len) {
    size_t cap = 64, k = 0;
    char *b = (char *)malloc(cap);
    int j;
    if (!b) return NULL;
    b[k++] = '[';
#define ADD_LIT(lit) do { size_t l_ = strlen(lit); if (k + l_ + 1 > cap) { char *nb = (char *)realloc(b, cap = 2 * (k + l_ + 1)); if (!nb) { free(b); return NULL; } b = nb; } memcpy(b + k, lit, l_); k += l_; } while (0)
    if (sys) { ADD_LIT("{\"role\": \"system\", \"content\": "); json_str(&b, &k, &cap, sys); ADD_LIT("}"); }
    for (j = from; j <= n; j++) {
        if (k > 1) ADD_LIT(", ");
        ADD_LIT("{\"role\": \"user\", \"content\": ");
        json_str(&b, &k, &cap, j < n ? turns[j].user : msg);
        ADD_LIT("}");
        if (j < n) { ADD_LIT(", {\"role\": \"assistant\", \"content\": "); json_str(&b, &k, &cap, turns[j].answer); ADD_LIT("}"); }
    }
    ADD_LIT("]");
#undef ADD_LIT
    b[k] = 0;
    *len = k;
    return b;
}

/* the rendering of a conversation (NULL: failed, printed) */
static char *chat_render(const char *cfg, size_t cfg_n, const char *sys, const turn *turns, int from, int n, const char *msg, size_t *len) {
    wm_chat_params p;
    wm_error e;
    size_t mn = 0;
    char *msgs = chat_messages(sys, turns, from, n, msg, &mn), *out = NULL;
    if (!msgs) { fail("out of memory"); return NULL; }
    memset(&p, 0, sizeof p);
    p.config_json = cfg; p.config_bytes = cfg_n;
    p.messages_json = msgs; p.messages_bytes = mn;
    p.add_generation_prompt = 1;
    p.now = (long long)time(NULL);
    if (wm_chat_apply(&p, NULL, 0, len, &e) != WM_OK || !(out = (char *)malloc(*len + 1)) || wm_chat_apply(&p, out, *len + 1, len, &e) != WM_OK) {
        fail("chat template: %s", out ? e.message : e.message[0] ? e.message : "out of memory");
        free(out);
        out = NULL;
    }
    free(msgs);
    return out;
}

/* tokenizer_config.json beside the model, when it has a chat_template (else NULL) */
char *chat_config(const char *dir, size_t *n) {
    char path[4200];
    struct stat st;
    char *cfg;
    if (strlen(dir) >= 4000 || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) return NULL;
    snprintf(path, sizeof path, "%s/tokenizer_config.json", dir);
    if (stat(path, &st) != 0) return NULL;
    if (!(cfg = read_text(path, n))) return NULL;
    if (!strstr(cfg, "\"chat_template\"")) { free(cfg); return NULL; }
    return cfg;
}

static int chat_jinja(const args *a, const char *cfg, size_t cfg_n, const char *sys, wm_model *m, wm_tokenizer *t, wm_session *s, wm_sampler *smp,
                      unsigned long long seed) {
    int n_new = a->set[O_N] ? (int)a->i[O_N] : 256, tty = isatty(0), n_ok = 0, n_failed = 0, n_turns = 0, first = 0, cap_turns = 0, rc;
    long n_ctx = wm_session_get_params(s)->n_ctx;
    wm_generate_params gp = wm_generate_default_params();
    float *logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    char *line = NULL, *held = NULL; /* held: the text the session holds */
    size_t line_cap = 0, held_n = 0;
    turn *turns = NULL;
    void *gmem = NULL;
    if (!logits) return fail("out of memory");
    gp.max_new = n_new;
    gp.add_special = 0;
    { /* the answer ends at the config's eos_token */
        wm_chat_params p;
        wm_error e;
        size_t len = 0;
        char eos[256] = "";
        const char *q = strstr(cfg, "\"eos_token\"");
        memset(&p, 0, sizeof p);
        p.config_json = cfg; p.config_bytes = cfg_n; p.template_text = "{{ eos_token }}"; p.template_bytes = 15;
        if (q && wm_chat_apply(&p, eos, sizeof eos, &len, &e) == WM_OK && len && (gp.stop_ids[0] = wm_tokenizer_find(t, eos)) >= 0) gp.n_stop_ids = 1;
    }
    if (make_grammar(a, m, t, gp.stop_ids, gp.n_stop_ids, &smp->grammar, &gmem)) { free(logits); return 1; } /* each answer held to it */
    if (tty) fprintf(stderr, "wm: chat template: the checkpoint's tokenizer_config.json (Jinja)\n");
    for (;;) {
        ssize_t got;
        size_t len, n, skip;
        wm_generate_stats gs;
        stream_ctx sc;
        char *text;
        long need, reserve = n_new >= 0 && n_new < n_ctx / 2 ? n_new : n_ctx / 2;
        g_sigint = 0;
        if (tty) { fprintf(stderr, "> "); fflush(stderr); }
        errno = 0;
        got = getline(&line, &line_cap, stdin);
        if (got < 0) { if (errno == EINTR) fprintf(stderr, "\n"); break; }
        len = (size_t)got;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (!strcmp(line, "/exit")) break;
        if (!len) continue;
        for (;;) { /* the conversation from turns[first]: what the session holds is kept when the text starts with it */
            if (!(text = chat_render(cfg, cfg_n, sys, turns, first, n_turns, line, &n))) break;
            skip = held && wm_session_pos(s) > 0 && n >= held_n && !memcmp(text, held, held_n) ? held_n : 0;
            need = count_tokens(t, text + skip, n - skip, 0) + (skip ? wm_session_pos(s) : 0);
            if (need < 0 || need + reserve <= n_ctx || first == n_turns) break;
            free(text);
            first++; /* the oldest turn goes */
        }
        if (!text) { n_failed++; if (n_turns == 0) break; continue; }
        if (need >= n_ctx || need < 0) {
            fail(need < 0 ? "chat: cannot tokenize the message" : "chat: the message takes %ld tokens; the context holds %ld (-c sets it): not sent", need, n_ctx);
            free(text);
            n_failed++;
            continue;
        }
        if (!skip) {
            if (wm_session_pos(s) > 0 && first > 0) fprintf(stderr, "wm: the context is full: the conversation goes on without its %d oldest turn(s)\n", first);
            wm_session_reset(s);
        }
        stream_start(&sc, a, 1);
        print_seed(seed);
        seed = 0;
        wm_grammar_reset(smp->grammar); /* (NULL: none) */
        if (wm_generate(s, t, smp, logits, text + skip, n - skip, &gp, on_token, &sc, &gs) != WM_OK) {
            printf("\n");
            fail("%s (the conversation starts again)", wm_session_error(s));
            wm_session_reset(s);
            first = n_turns;
            n_failed++;
            free(text); free(sc.text);
            continue;
        }
        printf("\n");
        if (g_sigint) fprintf(stderr, "wm: [answer stopped]\n");
        else if (sc.stopped) fprintf(stderr, "wm: [stopped at \"%.60s\"]\n", a->stops[sc.stopped - 1]);
        else if (gs.stop == WM_STOP_CONTEXT) fprintf(stderr, "wm: [the context is full]\n");
        fflush(stdout);
        free(held); /* the session now holds the rendering and the answer */
        held_n = n + (sc.text ? sc.n : 0);
        held = (char *)malloc(held_n + 1);
        if (held) { memcpy(held, text, n); if (sc.text) memcpy(held + n, sc.text, sc.n); }
        else held_n = 0;
        free(text);
        if (n_turns == cap_turns) {
            turn *nt = (turn *)realloc(turns, sizeof(turn) * (size_t)(cap_turns = cap_turns ? 2 * cap_turns : 16));
            if (!nt) { free(sc.text); fail("out of memory"); break; }
            turns = nt;
        }
        turns[n_turns].user = strdup(line);
        turns[n_turns].answer = sc.text ? sc.text : strdup("");
        if (!turns[n_turns].user || !turns[n_turns].answer) { fail("out of memory"); break; }
        n_turns++;
        n_ok++;
    }
    rc = n_failed > 0 && n_ok == 0 ? 1 : 0;
    while (n_turns > 0) { n_turns--; free(turns[n_turns].user); free(turns[n_turns].answer); }
    free(turns); free(line); free(logits); free(held); free(gmem);
    smp->grammar = NULL;
    return rc;
}

/* The text of a new turn after what the session holds into *text (*n
   bytes). When that leaves no room for the answer (reserve tokens), the
   session starts again from the latest turns that do (a fresh session holds
   none: it starts from turns[*first]). 0; 1: this turn fails (said); -1:
   out of memory (said). */
static int chat_turn_text(const wm_chat_template *ct, const char *sys, const turn *turns, int *first, int n_turns, const char *line,
                          wm_session *s, const wm_tokenizer *t, long reserve, char **text, size_t *n) {
    long need, n_ctx = wm_session_get_params(s)->n_ctx;
    if (wm_session_pos(s) > 0) {
        *n = wm_chat_render(ct, 0, NULL, line, NULL, 0);
        *text = (char *)malloc(*n + 1);
        if (*text) wm_chat_render(ct, 0, NULL, line, *text, *n + 1);
    } else {
        *text = render_chat(ct, sys, turns, *first, n_turns, line, n);
    }
    if (!*text) return fail("out of memory"), -1;
    need = count_tokens(t, *text, *n, 0);
    if (need >= 0 && need + reserve > (long)wm_session_room(s)) {
        int from;
        for (from = *first;; from++) {
            free(*text);
            if (!(*text = render_chat(ct, sys, turns, from, n_turns, line, n))) return fail("out of memory"), -1;
            need = count_tokens(t, *text, *n, 0);
            if (from == n_turns || (need >= 0 && need + reserve <= n_ctx)) break;
        }
        if (need >= n_ctx) {
            free(*text);
            fail("chat: the message takes %ld tokens; the context holds %ld (-c sets it): not sent", need, n_ctx);
            return 1;
        }
        if (from > *first || wm_session_pos(s) > 0) {
            if (from > 0) fprintf(stderr, "wm: the context is full: the conversation goes on without its %d oldest turn(s)\n", from);
            wm_session_reset(s);
        }
        *first = from;
    }
    if (need < 0) { free(*text); fail("chat: cannot tokenize the message"); return 1; }
    return 0;
}

/* the turn (the user's line, the answer: taken) at the end of turns; 1: out of memory (said) */
static int chat_remember(turn **turns, int *n_turns, int *cap, const char *line, char *answer) {
    if (*n_turns == *cap) {
        turn *nt = (turn *)realloc(*turns, sizeof(turn) * (size_t)(*cap ? 2 * *cap : 16));
        if (!nt) { free(answer); return fail("out of memory"); }
        *turns = nt;
        *cap = *cap ? 2 * *cap : 16;
    }
    (*turns)[*n_turns].user = strdup(line);
    (*turns)[*n_turns].answer = answer ? answer : strdup("");
    (*n_turns)++;
    if (!(*turns)[*n_turns - 1].user || !(*turns)[*n_turns - 1].answer) return fail("out of memory");
    return 0;
}

static int cmd_chat(const args *a) {
    const char *sys = a->str[O_SYSTEM];
    char *sys_buf = NULL, *jcfg = NULL; /* jcfg: tokenizer_config.json with a chat_template */
    size_t jcfg_n = 0;
    const wm_chat_template *ct = a->set[O_TEMPLATE] ? wm_chat_template_get(a->str[O_TEMPLATE]) : NULL;
    int n_new = a->set[O_N] ? (int)a->i[O_N] : 256, rc = 1, tty = isatty(0), n_ok = 0, n_failed = 0, n_turns = 0, first = 0, cap_turns = 0;
    wm_model *m = NULL;
    wm_tokenizer *t = NULL;
    wm_session *s = NULL;
    wm_sampler smp;
    wm_generate_params gp = wm_generate_default_params();
    float *logits = NULL;
    char *line = NULL;
    size_t line_cap = 0;
    turn *turns = NULL;
    long n_ctx;
    unsigned long long seed = 0;
    void *gmem = NULL;
    if (a->set[O_TEMPLATE] && !ct) return fail("chat: unknown template '%s' (doge, chatml, rodimus)", a->str[O_TEMPLATE]);
    if (a->set[O_SYSTEM] + a->set[O_PROMPT] + a->set[O_FILE] > 1) return fail("chat: the system message once (--system, -p or -f)");
    if (a->set[O_PROMPT]) sys = a->str[O_PROMPT]; /* llama-cli's conversation mode: -p / -f is the system prompt */
    if (a->set[O_FILE]) {
        size_t n;
        if (!(sys_buf = read_text(a->str[O_FILE], &n))) return 1;
        while (n && (sys_buf[n - 1] == '\n' || sys_buf[n - 1] == '\r')) sys_buf[--n] = 0;
        sys = sys_buf;
    }
    if (make_sampler(a, &smp, &seed)) { free(sys_buf); return 1; }
    if (open_all(a, &m, &t, &s)) goto done;
    if (!a->set[O_TEMPLATE] && (jcfg = chat_config(a->pos[0], &jcfg_n)) != NULL) { /* the checkpoint's own template */
        rc = chat_jinja(a, jcfg, jcfg_n, sys, m, t, s, &smp, seed);
        goto done;
    }
    ct = pick_template(a, m, t, tty); /* said when interactive */
    n_ctx = wm_session_get_params(s)->n_ctx;
    gp.max_new = n_new;
    gp.add_special = 0;
    if ((gp.stop_ids[0] = wm_tokenizer_find(t, ct->stop)) >= 0) gp.n_stop_ids = 1; /* the template's stop token ends an answer */
    if (make_grammar(a, m, t, gp.stop_ids, gp.n_stop_ids, &smp.grammar, &gmem)) goto done; /* each answer held to it */
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    if (!logits) { fail("out of memory"); goto done; }
    catch_sigint();
    for (;;) {
        ssize_t got;
        size_t len, n;
        wm_generate_stats gs;
        stream_ctx sc;
        char *text;
        int k;
        long reserve = n_new >= 0 && n_new < n_ctx / 2 ? n_new : n_ctx / 2; /* room kept for the answer */
        g_sigint = 0;
        if (tty) { fprintf(stderr, "> "); fflush(stderr); }
        errno = 0;
        got = getline(&line, &line_cap, stdin); /* any length: one line is one turn */
        if (got < 0) {
            if (errno == EINTR) fprintf(stderr, "\n");
            break; /* end of input, or Ctrl-C at the prompt */
        }
        len = (size_t)got;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (!strcmp(line, "/exit")) break;
        if (!len) continue;
        k = chat_turn_text(ct, sys, turns, &first, n_turns, line, s, t, reserve, &text, &n);
        if (k < 0) goto done;
        if (k > 0) { n_failed++; continue; }
        stream_start(&sc, a, 1);
        print_seed(seed); /* once, with the first answer */
        seed = 0;
        wm_grammar_reset(smp.grammar);
        if (wm_generate(s, t, &smp, logits, text, n, &gp, on_token, &sc, &gs) != WM_OK) {
            printf("\n");
            fail("%s (the conversation starts again)", wm_session_error(s));
            wm_session_reset(s);
            first = n_turns;
            n_failed++;
            free(text);
            free(sc.text);
            continue;
        }
        free(text);
        printf("\n");
        if (g_sigint) fprintf(stderr, "wm: [answer stopped]\n");
        else if (sc.stopped) fprintf(stderr, "wm: [stopped at \"%.60s\"]\n", a->stops[sc.stopped - 1]);
        else if (gs.stop == WM_STOP_CONTEXT) fprintf(stderr, "wm: [the context is full]\n");
        fflush(stdout);
        if (chat_remember(&turns, &n_turns, &cap_turns, line, sc.text)) goto done;
        n_ok++;
    }
    rc = n_failed > 0 && n_ok == 0 ? 1 : 0; /* non-zero when every turn failed */
done:
    while (n_turns > 0) { n_turns--; free(turns[n_turns].user); free(turns[n_turns].answer); }
    free(turns);
    free(line);
    free(logits);
    free(sys_buf);
    free(jcfg);
    free(gmem);
    close_all(m, t, s);
    return rc;
}

static int argmax(const float *x, int n) {
    int i, b = 0;
    for (i = 1; i < n; i++) if (x[i] > x[b]) b = i;
    return b;
}

#include "probe.h" /* the machine's limits: memory read bandwidth, FMA throughput */

/* One JSON line: prefill and decode speed on a random prompt, next to the
   machine's memory read bandwidth and FMA throughput at the same thread
   count. Bandwidth drifts on a shared machine, so probe passes (512 MB each)
   run before prefill, after every 8th decode step and at the end, and decode
   is compared by the same statistic: the median probe pass against the
   median decode step (both ~10-50 ms long); means and bests are printed too.
   A probe pass evicts the caches between decode steps: weights larger than
   the last-level cache are read from memory either way. */
/* llama-bench's report: a prefill test (ppN: N tokens from an empty
   session) and a decode test (tgN: N tokens one at a time, from an empty
   session), each run reps times after a warm-up run, t/s averaged with the
   sample standard deviation; columns and field names as llama-bench's. */
/* the type holding most of the used matrices' bytes (none: no matrix) */
static const char *main_dtype(const wm_model *m, const char *none) { /* the type of most matrices (the mix's: Q5_K_M's is Q5_K) */
    int cnt[WM_TYPES_COMPUTED] = {0}, i, best = -1;
    for (i = 0; i < wm_model_n_tensors(m); i++) {
        wm_tensor_info ti;
        wm_model_tensor(m, i, &ti);
        if (ti.ndim == 2 && ti.used && ti.type >= 0 && ti.type < WM_TYPES_COMPUTED) cnt[ti.type]++;
    }
    for (i = 0; i < WM_TYPES_COMPUTED; i++) if (cnt[i] && (best < 0 || cnt[i] > cnt[best])) best = i;
    return best >= 0 ? wm_type_name(best) : none;
}

static void mean_sd(const double *v, int n, double *mean, double *sd) {
    double s = 0.0, q = 0.0;
    int i;
    for (i = 0; i < n; i++) s += v[i];
    *mean = s / n;
    for (i = 0; i < n; i++) q += (v[i] - *mean) * (v[i] - *mean);
    *sd = n > 1 ? sqrt(q / (n - 1)) : 0.0;
}

static int bench_table(const args *a, const char *fmt) {
    const char *dir = a->pos[0];
    int n_prompt = a->set[O_PROMPT_LEN] ? (int)a->i[O_PROMPT_LEN] : 512, n_gen = a->set[O_GEN] ? (int)a->i[O_GEN] : 128;
    int reps = a->set[O_REPS] ? (int)a->i[O_REPS] : 5, V, i, r, tst, rc = 1;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    int32_t *ids = NULL;
    float *logits = NULL;
    double *ts = NULL, size_b, params;
    char name[128], size_s[32], params_s[32];
    unsigned seed = 12345;
    const wm_config *c;
    if (load_model(a, &m, dir, &e) != WM_OK) return fail("%s", e.message);
    c = wm_model_config(m);
    V = c->vocab_size;
    p = wm_session_default_params(m);
    p.n_ctx = (n_prompt > n_gen ? n_prompt : n_gen) + 1;
    p.n_threads = a->set[O_THREADS] ? threads_of(a) : 1;
    if ((p.isa = isa_of(a)) < 0) goto done;
    if ((p.cache_type = cache_type_of(a)) < 0 || (p.state_type = state_type_of(a)) < 0) goto done;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { fail("%s", e.message); goto done; }
    p = *wm_session_get_params(s);
    ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)(n_prompt > 1 ? n_prompt : 1));
    logits = (float *)malloc(sizeof(float) * (size_t)V);
    ts = (double *)malloc(sizeof(double) * (size_t)reps);
    if (!ids || !logits || !ts) { fail("out of memory"); goto done; }
    for (i = 0; i < n_prompt; i++) { seed = seed * 1103515245u + 12345u; ids[i] = (int32_t)((seed >> 8) % (unsigned)V); }
    size_b = (double)wm_model_weight_bytes(m);
    params = (double)wm_model_n_params(m);
    { /* "mamba2 130M Q8_0", as llama-bench names a model: type, size class, the type of most weights */
        const char *dt = main_dtype(m, "F32");
        if (params >= 1e9) snprintf(name, sizeof name, "%s %.1fB %s", wm_model_type_name(c->model_type), params / 1e9, dt);
        else snprintf(name, sizeof name, "%s %.0fM %s", wm_model_type_name(c->model_type), params / 1e6, dt);
    }
    if (size_b >= 1073741824.0) snprintf(size_s, sizeof size_s, "%.2f GiB", size_b / 1073741824.0);
    else snprintf(size_s, sizeof size_s, "%.2f MiB", size_b / 1048576.0);
    if (params >= 1e9) snprintf(params_s, sizeof params_s, "%.2f B", params / 1e9);
    else snprintf(params_s, sizeof params_s, "%.2f M", params / 1e6);
    fprintf(stderr, "wm bench: %s, %d thread(s), %s: pp%d and tg%d, %d runs each after a warm-up\n", dir, p.n_threads, wm_isa_name(p.isa),
            n_prompt, n_gen, reps);
    if (!strcmp(fmt, "md"))
        printf("| model                          |       size |     params | backend    | threads |            test |                  t/s |\n"
               "| ------------------------------ | ---------: | ---------: | ---------- | ------: | --------------: | -------------------: |\n");
    else if (!strcmp(fmt, "csv"))
        printf("model_type,model_size,model_n_params,backend,n_threads,n_prompt,n_gen,test,avg_ns,stddev_ns,avg_ts,stddev_ts\n");
    else printf("[\n");
    for (tst = 0; tst < 2; tst++) {
        int n = tst ? n_gen : n_prompt;
        double mean, sd, ns_mean, ns_sd, *ns = (double *)malloc(sizeof(double) * (size_t)reps);
        char test[32];
        if (n <= 0 || !ns) { free(ns); continue; }
        snprintf(test, sizeof test, "%s%d", tst ? "tg" : "pp", n);
        for (r = -1; r < reps; r++) { /* run -1: the warm-up */
            double t0;
            int32_t tok = ids[0];
            wm_session_reset(s);
            t0 = now_s();
            if (!tst) {
                if (wm_prefill(s, ids, n, logits, WM_LOGITS_LAST) != WM_OK) { free(ns); fail("%s: %s", dir, wm_session_error(s)); goto done; }
            } else
                for (i = 0; i < n; i++) {
                    if (wm_decode(s, tok, logits) != WM_OK) { free(ns); fail("%s: %s", dir, wm_session_error(s)); goto done; }
                    tok = argmax(logits, V);
                }
            if (r >= 0) { ns[r] = (now_s() - t0) * 1e9; ts[r] = n / (ns[r] * 1e-9); }
        }
        mean_sd(ts, reps, &mean, &sd);
        mean_sd(ns, reps, &ns_mean, &ns_sd);
        if (!strcmp(fmt, "md")) {
            char tps[48];
            snprintf(tps, sizeof tps, "%.2f ± %.2f", mean, sd);
            printf("| %-30s | %10s | %10s | %-10s | %7d | %15s | %20s |\n", name, size_s, params_s, "CPU", p.n_threads, test, tps);
        } else if (!strcmp(fmt, "csv"))
            printf("\"%s\",%.0f,%.0f,\"CPU\",%d,%d,%d,\"%s\",%.0f,%.0f,%.6f,%.6f\n", wm_model_type_name(c->model_type), size_b, params, p.n_threads,
                   tst ? 0 : n, tst ? n : 0, test, ns_mean, ns_sd, mean, sd);
        else {
            printf("  {\"model_type\": \"%s\", \"model_filename\": \"%s\", \"model_size\": %.0f, \"model_n_params\": %.0f, \"backend\": \"CPU\", "
                   "\"isa\": \"%s\", \"n_threads\": %d, \"n_prompt\": %d, \"n_gen\": %d, \"test\": \"%s\", \"avg_ns\": %.0f, \"stddev_ns\": %.0f, "
                   "\"avg_ts\": %.6f, \"stddev_ts\": %.6f, \"samples_ts\": [",
                   name, dir, size_b, params, wm_isa_name(p.isa), p.n_threads, tst ? 0 : n, tst ? n : 0, test, ns_mean, ns_sd, mean, sd);
            for (r = 0; r < reps; r++) printf("%s%.6f", r ? ", " : "", ts[r]);
            printf("]}%s\n", tst == 0 && n_gen > 0 ? "," : "");
        }
        free(ns);
    }
    if (!strcmp(fmt, "json")) printf("]\n");
    rc = 0;
done:
    free(ids); free(logits); free(ts);
    wm_session_free(s);
    wm_model_free(m);
    return rc;
}

/* --profile / --pool-stats: the session's loops through a parallel-for of
   wm bench's own, which times each (by loop) and hands it to a wm_pool
   (none at one thread: the loop runs here). Time outside them is serial.
   --project-threads T: a session of T threads whose items all run here,
   each timed and placed on the first of T idle threads in claim order, as
   the pool's claims would place them with no waits: span, the time T
   threads would take, beside work, the items' time on one. */
typedef struct prof_loop { wm_task fn; long calls, items; double s, work, span; } prof_loop;
typedef struct prof {
    void *pool;         /* a wm_pool, or NULL */
    double in_s;        /* seconds inside the loops */
    double in_span;     /* --project-threads: seconds T threads would take in them */
    int project;        /* --project-threads T, or 0 */
    double *free_at;    /* [project] when each projected thread is idle, in a loop's time */
    prof_loop loop[24]; /* by loop, in the order first seen */
    int n_loop;
} prof;

/* the n items one after another, each on the projected thread idle first; returns the loop's span, *work the items' sum */
static double prof_project(prof *pf, int n, wm_task fn, void *arg, double *work) {
    double span = 0.0, t;
    int i, w, k;
    for (k = 0; k < pf->project; k++) pf->free_at[k] = 0.0;
    for (*work = 0.0, i = 0; i < n; i++) {
        for (w = 0, k = 1; k < pf->project; k++) w = pf->free_at[k] < pf->free_at[w] ? k : w;
        t = now_s();
        fn(arg, i, w);
        t = now_s() - t;
        *work += t;
        pf->free_at[w] += t;
        span = pf->free_at[w] > span ? pf->free_at[w] : span;
    }
    return span;
}

static void prof_pfor(void *user, int n, wm_task fn, void *arg) {
    prof *pf = (prof *)user;
    double t = now_s(), span = 0.0, work = 0.0;
    int i;
    if (pf->project) span = prof_project(pf, n, fn, arg, &work);
    else
#ifdef WM_HAVE_POOL
    if (pf->pool) wm_pool_parallel_for(pf->pool, n, fn, arg);
    else
#endif
        for (i = 0; i < n; i++) fn(arg, i, 0);
    t = now_s() - t;
    pf->in_s += t;
    pf->in_span += span;
    for (i = 0; i < pf->n_loop && pf->loop[i].fn != fn; i++) {}
    if (i == pf->n_loop && i < 24) { pf->loop[i].fn = fn; pf->loop[i].calls = pf->loop[i].items = 0; pf->loop[i].s = pf->loop[i].work = pf->loop[i].span = 0; pf->n_loop++; }
    if (i < 24) { pf->loop[i].calls++; pf->loop[i].items += n; pf->loop[i].s += t; pf->loop[i].work += work; pf->loop[i].span += span; }
}

/* the JSON of one phase's profile (total: its seconds), then the counts cleared. --project-threads T: the
   phase's speed-up at T threads (its serial time, then each loop's span) and each loop's busy share of T threads */
static void prof_json(prof *pf, const char *phase, double total) {
    int i;
    printf(", \"serial_fraction_%s\": %.4f", phase, total > 0 ? 1.0 - pf->in_s / total : 0.0);
    if (pf->project)
        printf(", \"projected_speedup_%s\": %.2f", phase, total > 0 ? total / (total - pf->in_s + pf->in_span) : 0.0);
    printf(", \"loops_%s\": [", phase);
    for (i = 0; i < pf->n_loop; i++) {
        printf("%s{\"loop\": \"%s\", \"calls\": %ld, \"items\": %ld, \"share\": %.4f", i ? ", " : "",
               wm_task_name(pf->loop[i].fn) ? wm_task_name(pf->loop[i].fn) : "?", pf->loop[i].calls, pf->loop[i].items,
               total > 0 ? pf->loop[i].s / total : 0.0);
        if (pf->project) printf(", \"busy\": %.3f", pf->loop[i].span > 0 ? pf->loop[i].work / (pf->project * pf->loop[i].span) : 1.0);
        printf("}");
    }
    printf("]");
    pf->in_s = pf->in_span = 0;
    pf->n_loop = 0;
}

/* the session's loops through prof_pfor, on a pool of p->n_threads (none at one thread; --project-threads:
   none, a session of T); 1: failed (said) */
static int prof_params(prof *pf, wm_session_params *p, const args *a) {
    if (a->set[O_PROJECT] && (a->set[O_THREADS] || a->set[O_POOL_STATS]))
        return fail("bench: --project-threads runs every item on one core (no -t, no --pool-stats)");
    if ((pf->project = a->set[O_PROJECT] ? (int)a->i[O_PROJECT] : 0)) {
        if (!(pf->free_at = (double *)malloc(sizeof(double) * (size_t)pf->project))) return fail("out of memory");
        p->n_threads = pf->project;
        p->parallel_for = prof_pfor;
        p->pool = pf;
        return 0;
    }
#ifdef WM_HAVE_POOL
    wm_error e;
    if (p->n_threads != 1 && wm_pool_create((wm_pool **)&pf->pool, p->n_threads, &e) != WM_OK) return fail("%s", e.message);
    if (pf->pool) p->n_threads = wm_pool_threads((wm_pool *)pf->pool);
#else
    if (p->n_threads != 1) return fail("bench: --profile and --pool-stats need wm.h's thread pool (this build has none): -t 1");
#endif
    p->parallel_for = prof_pfor;
    p->pool = pf;
    return 0;
}

/* --pool-stats: what the pool did, as JSON fields */
static void prof_pool_json(const prof *pf) {
#ifdef WM_HAVE_POOL
    wm_pool_stats ps;
    wm_pool_get_stats((const wm_pool *)pf->pool, &ps);
    printf(", \"pool_jobs\": %ld, \"pool_jobs_alone\": %ld, \"pool_stalls\": %ld, \"pool_absent\": %ld, \"pool_woke\": %ld, \"pool_lost\": %ld, \"pool_items\": %ld, "
           "\"pool_items_caller\": %ld, \"pool_items_worker_min\": %ld, \"pool_items_worker_max\": %ld",
           ps.jobs, ps.jobs_alone, ps.stalls, ps.absent, ps.woke, ps.lost, ps.items, ps.items_caller, ps.items_worker_min, ps.items_worker_max);
#else
    (void)pf;
    printf(", \"pool_jobs\": 0");
#endif
}

/* the JSON fields of --profile, --project-threads and --pool-stats (pre: prefill's loops, pf: decode's) */
static void prof_print(const args *a, prof *pre, prof *pf, double t_pre, double t_dec) {
    if (pf->project) printf(", \"project_threads\": %d", pf->project);
    if (a->set[O_PROFILE] || pf->project) {
        prof_json(pre, "prefill", t_pre);
        prof_json(pf, "decode", t_dec);
    }
    if (a->set[O_POOL_STATS]) prof_pool_json(pf);
}

/* a prefill to warm up (as llama-bench's: buffers touched, pages mapped), then an empty session and no counts */
static int bench_warmup(wm_session *s, const int32_t *ids, int n, float *logits, prof *pf) {
    if (wm_prefill(s, ids, n, logits, WM_LOGITS_LAST) != WM_OK) return 1;
    wm_session_reset(s);
    memset(pf->loop, 0, sizeof pf->loop);
    pf->n_loop = 0;
    pf->in_s = pf->in_span = 0;
#ifdef WM_HAVE_POOL
    wm_pool_stats_reset((wm_pool *)pf->pool);
#endif
    return 0;
}

static int cmd_bench(const args *a) {
    int n_prompt = a->set[O_PROMPT_LEN] ? (int)a->i[O_PROMPT_LEN] : 256, n_gen = a->set[O_GEN] ? (int)a->i[O_GEN] : 64, i, rc = 1, tok;
    wm_model *m = NULL;
    wm_session *s = NULL;
    wm_session_params p;
    wm_error e;
    size_t sb = 0;
    int32_t *ids = NULL;
    float *logits = NULL;
    double t0, t_pre, t_dec = 0.0, gflops, *bw = NULL, *step = NULL, bw_med, bw_best = 0.0, step_med;
    int n_bw = 0, profiled = a->set[O_PROFILE] || a->set[O_POOL_STATS] || a->set[O_PROJECT], cores;
    probe pr;
    uint64_t bytes = 0;
    unsigned seed = 12345;
    const char *dir = a->pos[0], *dtype = "?", *fmt = a->set[O_OUTPUT] ? a->str[O_OUTPUT] : "jsonl";
    prof pf, pre; /* --profile, --pool-stats: the loops through prof_pfor; pre: prefill's */
    memset(&pf, 0, sizeof pf); pr.a = NULL;
    if (strcmp(fmt, "jsonl") && strcmp(fmt, "md") && strcmp(fmt, "csv") && strcmp(fmt, "json"))
        return fail("bench: -o '%s' (expected jsonl, md, csv or json)", fmt);
    if (strcmp(fmt, "jsonl")) return bench_table(a, fmt);
    if (a->set[O_REPS]) return bench_table(a, "md"); /* -r without -o: llama-bench's table, as its users expect */
    if (load_model(a, &m, dir, &e) != WM_OK) return fail("%s", e.message);
    warn_model(m);
    {
        int mp = wm_model_config(m)->max_position_embeddings;
        if (mp > 0 && n_prompt + n_gen > mp)
            warn("--prompt-len %d + --gen %d reach position %d, past the model's trained context (%d): speed is measured, the text would not "
                 "be meaningful", n_prompt, n_gen, n_prompt + n_gen, mp);
    }
    p = wm_session_default_params(m);
    p.n_ctx = n_prompt + n_gen;
    p.n_threads = a->set[O_THREADS] ? threads_of(a) : 1;
    if ((p.isa = isa_of(a)) < 0) goto done;
    if ((p.cache_type = cache_type_of(a)) < 0 || (p.state_type = state_type_of(a)) < 0) goto done;
    if (profiled && prof_params(&pf, &p, a)) goto done;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { fail("%s", e.message); goto done; }
    wm_session_bytes(m, &p, &sb, NULL);
    p = *wm_session_get_params(s);
    dtype = main_dtype(m, "?");
    ids = (int32_t *)malloc(sizeof(int32_t) * (size_t)n_prompt);
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(m)->vocab_size);
    step = (double *)malloc(sizeof(double) * (size_t)n_gen);
    bw = (double *)malloc(sizeof(double) * (size_t)(n_gen / 8 + 16));
    pr.a = NULL;
    cores = pf.project ? 1 : p.n_threads; /* threads that run: --project-threads, one */
    if (!ids || !logits || !step || !bw || !probe_open(&pr, cores)) { fail("out of memory"); goto done; }
    for (i = 0; i < n_prompt; i++) { seed = seed * 1103515245u + 12345u; ids[i] = (int32_t)((seed >> 8) % (unsigned)wm_model_config(m)->vocab_size); }
    probe_pass(&pr); /* warm-up */
    for (i = 0; i < 4; i++) bw[n_bw++] = probe_pass(&pr);
    gflops = measure_fma_gflops(cores);
    fprintf(stderr, "wm bench: %s, %d thread(s)%s, %s: prefill of %d tokens, then %d decoded\n", dir, cores,
            pf.project ? " running a projected session's items" : "", wm_isa_name(p.isa), n_prompt, n_gen);
    if (bench_warmup(s, ids, n_prompt, logits, &pf)) { fail("%s: %s", dir, wm_session_error(s)); goto done; }
    t0 = now_s();
    if (wm_prefill(s, ids, n_prompt, logits, WM_LOGITS_LAST) != WM_OK) { fail("%s: %s", dir, wm_session_error(s)); goto done; }
    t_pre = now_s() - t0;
    pre = pf;
    pf.in_s = pf.in_span = 0;
    pf.n_loop = 0;
    for (i = 0; i < n_gen; i++) {
        double ts;
        tok = argmax(logits, wm_model_config(m)->vocab_size);
        bytes += wm_session_decode_bytes(s);
        ts = now_s();
        if (wm_decode(s, tok, logits) != WM_OK) { fail("%s: %s", dir, wm_session_error(s)); goto done; }
        step[i] = now_s() - ts;
        t_dec += step[i];
        if (i % 8 == 7) bw[n_bw++] = probe_pass(&pr); /* bandwidth sampled over the same minutes as decode */
    }
    for (i = 0; i < 4; i++) bw[n_bw++] = probe_pass(&pr);
    for (i = 0; i < n_bw; i++) bw_best = bw[i] > bw_best ? bw[i] : bw_best;
    bw_med = median(bw, n_bw);
    step_med = median(step, n_gen);
    bytes /= (uint64_t)n_gen;
    printf("{\"model\": \"%s\", \"dtype\": \"%s\", \"cache_type\": \"%s\", \"threads\": %d, \"simd\": %s, \"isa\": \"%s\", \"prompt_len\": %d, \"gen\": %d, "
           "\"prefill_tps\": %.2f, \"decode_tps\": %.2f, \"decode_tps_median\": %.2f, \"decode_bytes_per_token\": %llu, "
           "\"decode_gbps\": %.2f, \"decode_gbps_median\": %.2f, \"mem_read_gbps\": %.2f, \"mem_read_gbps_best\": %.2f, "
           "\"decode_of_bandwidth\": %.3f, \"fma_gflops\": %.1f, \"weight_bytes\": %llu, \"session_bytes\": %zu",
           dir, dtype, wm_type_name(p.cache_type), cores, p.scalar ? "false" : "true", wm_isa_name(p.isa), n_prompt, n_gen, n_prompt / t_pre, n_gen / t_dec, 1.0 / step_med,
           (unsigned long long)bytes, (double)bytes * n_gen / t_dec / 1e9, (double)bytes / step_med / 1e9, bw_med, bw_best,
           (double)bytes / step_med / 1e9 / bw_med, gflops, (unsigned long long)wm_model_weight_bytes(m), sb);
    prof_print(a, &pre, &pf, t_pre, t_dec);
    printf("}\n");
    rc = 0;
done:
    free(ids);
    free(logits);
    free(step);
    free(bw);
    free(pr.a);
    free(pf.free_at);
    wm_session_free(s);
#ifdef WM_HAVE_POOL
    wm_pool_free((wm_pool *)pf.pool);
#endif
    wm_model_free(m);
    return rc;
}

/* ---- plan: the memory of a caller-memory (firmware) build ------------------- */

/* text as a C string literal */
static void print_c_string(const char *t) {
    putchar('"');
    for (; *t; t++) {
        unsigned char c = (unsigned char)*t;
        if (c == '"' || c == '\\' || c == '?') printf("\\%c", c); /* (\? so that no ?? makes a trigraph) */
        else if (c < 32 || c > 126) printf("\\%03o", c);
        else putchar(c);
    }
    putchar('"');
}

static int cmd_plan(const args *a) {
    wm_model *m;
    wm_tokenizer *t;
    wm_session *s;
    wm_error e;
    wm_generate_params gp = wm_generate_default_params();
    const wm_session_params *p;
    wm_session_params p1;
    const char *prompt = a->set[O_PROMPT] ? a->str[O_PROMPT] : "", *js = NULL, *tk = a->str[O_TOKENIZER];
    char *file = NULL;
    size_t n_file = 0, js_n = 0, mb, tb = 0, sb = 0, gb = 0, lb, gn = 0, grb = 0, gsb = 0;
    char *gtext = NULL;
    wm_grammar_params gp2;
    struct stat st;
    int rc = 1, in_place = 0;
    if (a->set[O_N]) gp.max_new = (int)a->i[O_N];
    if (open_all(a, &m, &t, &s)) { close_all(m, t, s); return 1; }
    /* the tokenizer's JSON text: tokenizer.json, or the GGUF's tokenizer.huggingface.json */
    if (!tk) tk = stat(a->pos[0], &st) == 0 && S_ISDIR(st.st_mode) ? NULL : a->pos[0];
    if (tk) file = read_text(tk, &n_file);
    else {
        char path[4096];
        snprintf(path, sizeof path, "%s/tokenizer.json", a->pos[0]);
        file = read_text(path, &n_file);
    }
    if (!file) goto done;
    if (n_file >= 4 && !memcmp(file, "GGUF", 4)) {
        const void *blob;
        size_t blob_n;
        if (wm_gguf_tokenizer_blob(file, n_file, &blob, &blob_n, NULL) == WM_OK) in_place = 1; /* firmware uses it where it lies */
        else if (wm_gguf_string(file, n_file, "tokenizer.huggingface.json", &js, &js_n, &e) != WM_OK) { fail("%s", e.message); goto done; }
    } else {
        js = file;
        js_n = n_file;
    }
    p1 = *wm_session_get_params(s);
    if (!a->set[O_THREADS]) p1.n_threads = 1; /* a board's one core, unless -t says otherwise */
    p = &p1;
    mb = wm_model_bytes_used(m);
    if ((in_place ? wm_tokenizer_blob_bytes(NULL, 0, &tb, &e) : wm_tokenizer_bytes(js, js_n, &tb, &e)) != WM_OK ||
        wm_session_bytes(m, p, &sb, &e) != WM_OK) { fail("%s", e.message); goto done; }
    if (wm_generate_bytes(s, t, strlen(prompt), &gp, &gb) != WM_OK) { fail("plan: the prompt does not fit --ctx %d", p->n_ctx); goto done; }
    lb = sizeof(float) * (size_t)wm_model_config(m)->vocab_size;
    if (grammar_text(a, &gtext, &gn)) goto done;
    if (gtext) { /* a board's bounds: 1,024 parse nodes, 64 parses at once, one cached mask */
        gp2 = wm_grammar_default_params();
        gp2.max_nodes = 1024; gp2.max_stacks = 64; gp2.cache = 1;
        if (wm_grammar_bytes(gtext, gn, &grb, &e) != WM_OK) { fail("%s", e.message); goto done; }
        gsb = wm_grammar_state_bytes(NULL, t, &gp2);
    }
    printf("/* wm.h memory plan for %s (wm plan): bytes counted from 64-byte aligned\n"
           "   starts, the same numbers on 32- and 64-bit targets. */\n", a->pos[0]);
    printf("#define WM_PLAN_MODEL_BYTES %zu     /* wm_model_init */\n", mb);
    printf("#define WM_PLAN_TOKENIZER_BYTES %zu /* %s */\n", tb, in_place ? "wm_tokenizer_init_blob (the GGUF's wm.tokenizer, in place)" : "wm_tokenizer_init");
    printf("#define WM_PLAN_SESSION_BYTES %zu   /* wm_session_init */\n", sb);
    printf("#define WM_PLAN_GENERATE_BYTES %zu  /* wm_generate_params.work */\n", gb);
    printf("#define WM_PLAN_LOGITS_BYTES %zu    /* float logits[vocab] */\n", lb);
    if (gtext) {
        printf("#define WM_PLAN_GRAMMAR_BYTES %zu   /* wm_grammar_init */\n", grb);
        printf("#define WM_PLAN_GRAMMAR_STATE_BYTES %zu /* wm_grammar_state_init, with the bounds below */\n", gsb);
    }
    printf("#define WM_PLAN_RAM_BYTES %zu       /* all of the above */\n", mb + tb + sb + gb + lb + (gtext ? grb + gsb : 0));
    printf("#define WM_PLAN_N_CTX %d\n#define WM_PLAN_N_BATCH %d\n#define WM_PLAN_CACHE_TYPE WM_%s\n#define WM_PLAN_STATE_TYPE WM_%s\n", p->n_ctx,
           p->n_batch, wm_type_name(p->cache_type) ? wm_type_name(p->cache_type) : "F32", wm_type_name(p->state_type) ? wm_type_name(p->state_type) : "F32");
    printf("#define WM_PLAN_MAX_NEW %d\n#define WM_PLAN_VOCAB %d\n#define WM_PLAN_PROMPT ", gp.max_new, wm_model_config(m)->vocab_size);
    print_c_string(prompt);
    printf("\n");
    if (gtext) {
        printf("#define WM_PLAN_GRAMMAR_NODES %d\n#define WM_PLAN_GRAMMAR_STACKS %d\n#define WM_PLAN_GRAMMAR_CACHE %d\n#define WM_PLAN_GRAMMAR ",
               gp2.max_nodes, gp2.max_stacks, gp2.cache);
        print_c_string(gtext);
        printf("\n");
    }
    rc = 0;
done:
    free(gtext);
    free(file);
    close_all(m, t, s);
    return rc;
}

int main(int argc, char **argv) {
    static int (*const run[])(const args *) = {cmd_generate, cmd_chat, cmd_tokenize, cmd_detokenize, cmd_logits, cmd_info, cmd_random, cmd_convert, cmd_quantize, cmd_perplexity, cmd_bench, cmd_plan, cmd_serve, cmd_template};
    args a;
    int k, rc;
    argv = os_args(&argc, argv);
    if (argc < 2) {
        print_help(stderr);
        return 1;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        if (argc > 2 && !strcmp(argv[1], "help")) { /* wm help COMMAND: that command's help */
            for (k = 0; k < N_CMDS; k++)
                if (!strcmp(argv[2], CMDS[k].name)) { print_usage(stdout, &CMDS[k], 1); return 0; }
            return fail("help: unknown command '%s' (wm --help lists them)", argv[2]);
        }
        print_help(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("wm %s\n", WM_VERSION_STRING);
        return 0;
    }
    for (k = 0; k < N_CMDS; k++)
        if (!strcmp(argv[1], CMDS[k].name)) break;
    if (k == N_CMDS) return fail("unknown command '%s' (wm --help lists them)", argv[1]);
    rc = parse_args(&a, &CMDS[k], argc - 2, argv + 2);
    if (rc) return rc == 2 ? 0 : 1;
    return run[k](&a);
}
