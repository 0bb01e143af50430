/* grammar.c - GBNF grammars and JSON Schema: the compiler's errors, the
   matcher on bytes and tokens, hostile grammars within their bounds, the
   schema converter's grammars (integer ranges exhaustively), the sampler
   with a grammar. */
#include "test.h"
#include <limits.h>

/* a compiled grammar and a byte-level state, or NULL with the error in e */
typedef struct gram {
    wm_grammar *g;
    wm_grammar_state *s;
    void *mem;
    wm_error e;
} gram;

static int gram_open(gram *x, const char *text, size_t n, const wm_tokenizer *t, const wm_grammar_params *p) {
    size_t gb, sb;
    int32_t eos = 0;
    memset(x, 0, sizeof *x);
    if (wm_grammar_bytes(text, n, &gb, &x->e) != WM_OK) return 0;
    sb = wm_grammar_state_bytes(NULL, t, p);
    if (!sb || !(x->mem = malloc(gb + sb))) return 0;
    if (wm_grammar_init(&x->g, text, n, x->mem, gb, &x->e) != WM_OK) return 0;
    return wm_grammar_state_init(&x->s, x->g, t, &eos, t ? 1 : 0, p, (char *)x->mem + gb, sb, &x->e) == WM_OK;
}
static void gram_close(gram *x) { free(x->mem); memset(x, 0, sizeof *x); }

/* 2: text is a sentence of the grammar, 1: a prefix of one, 0: neither, -1: the grammar failed */
static int gram_match(gram *x, const char *text, size_t n) {
    wm_grammar_reset(x->s);
    if (wm_grammar_feed(x->s, text, n) != WM_OK) return 0;
    return wm_grammar_complete(x->s) ? 2 : 1;
}

static int matches(const char *gbnf, const char *text) {
    gram x;
    int r = gram_open(&x, gbnf, strlen(gbnf), NULL, NULL) ? gram_match(&x, text, strlen(text)) : -1;
    gram_close(&x);
    return r;
}

/* the compiler's error for gbnf ("" when it compiles) */
static const char *gram_error(const char *gbnf) {
    static gram x;
    static char msg[320];
    int ok = gram_open(&x, gbnf, strlen(gbnf), NULL, NULL);
    snprintf(msg, sizeof msg, "%s", ok ? "" : x.e.message);
    gram_close(&x);
    return msg;
}

static void grammar_errors(void) {
    static const char *const cases[][2] = { /* grammar, what its error says */
        {"root ::= foo", "line 1, column 10: rule 'foo' is used but not defined"},
        {"root ::= \"a\"\nroot ::= \"b\"", "line 2, column 1: rule 'root' is defined twice"},
        {"a ::= \"x\"", "no rule named 'root'"},
        {"root = \"a\"", "line 1, column 6: expected '::='"},
        {"root ::= \"abc", "unexpected end of the grammar"},
        {"root ::= [a-", "unexpected end"},
        {"root ::= \"\\q\"", "line 1, column 11: unknown escape '\\q'"},
        {"root ::= \"\\x4\"", "\\x needs 2 hex digits"},
        {"root ::= [z-a]", "range end below its start"},
        {"root ::= (\"a\"", "'(' without its ')'"},
        {"root ::= \"a\")", "')' without its '('"},
        {"root ::= * \"a\"", "'*' with nothing before it to repeat"},
        {"root ::= \"a\"{3,1}", "{3,1}: the most is below the least"},
        {"root ::= \"a\"{2", "'{' without its '}'"},
        {"root ::= \"a\"{99999999}", "repetition count over 1000000"},
        {"root ::= root \"a\" | \"b\"", "rule 'root' is left-recursive"},
        {"root ::= a\na ::= b \"x\"\nb ::= a | \"y\"", "is left-recursive"},
        {"root ::= e root \"x\" | \"y\"\ne ::= \"z\"?", "rule 'root' is left-recursive"}, /* through what can be empty */
        {"root ::= (\"a\"?)*", "rule 'root' repeats something that can match nothing"},
        {"root ::= e+\ne ::= \"\" | \"x\"", "repeats something that can match nothing"},
        {"root ::= \"a\" ::= \"b\"", "unexpected ':'"},
        {"root ::= \"\xff\"", "invalid UTF-8"},
    };
    size_t i;
    char deep[2000];
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = gram_error(cases[i][0]);
        check(strstr(got, cases[i][1]) != NULL, "grammar %zu: error '%s', want '%s'", i, got, cases[i][1]);
    }
    memcpy(deep, "root ::= ", 9); /* groups 300 deep */
    for (i = 0; i < 300; i++) deep[9 + i] = '(';
    deep[309] = '"'; deep[310] = 'a'; deep[311] = '"';
    for (i = 0; i < 300; i++) deep[312 + i] = ')';
    deep[612] = 0;
    check(strstr(gram_error(deep), "groups nested deeper than 256") != NULL, "300 nested groups: %s", gram_error(deep));
    deep[9 + 200] = 0; /* 200 deep is fine */
    memmove(deep + 209, "\"a\"", 3);
    for (i = 0; i < 200; i++) deep[212 + i] = ')';
    deep[412] = 0;
    check(matches(deep, "a") == 2, "200 nested groups match 'a'");
}

static void grammar_bytes_matching(void) {
    static const struct { const char *g, *text; int want; } cases[] = {
        {"root ::= \"a\" b* \"c\"\nb ::= [b-d]", "abdbc", 2},
        {"root ::= \"a\" b* \"c\"\nb ::= [b-d]", "abe", 0},
        {"root ::= \"a\" b* \"c\"\nb ::= [b-d]", "abb", 1},
        {"root ::= [^a-c]+", "xyz", 2},
        {"root ::= [^a-c]+", "xbz", 0},
        {"root ::= \"a\"{2,4}", "a", 1},
        {"root ::= \"a\"{2,4}", "aaaa", 2},
        {"root ::= \"a\"{2,4}", "aaaaa", 0},
        {"root ::= \"ab\"{3}", "ababab", 2},
        {"root ::= \"ab\"{3}", "abababa", 0},
        {"root ::= \"x\"{2,} \"y\"", "xxxxxxxy", 2},
        {"root ::= \"x\"{2,} \"y\"", "xy", 0},
        {"root ::= (\"a\" | \"bc\")? \"d\"", "d", 2},
        {"root ::= (\"a\" | \"bc\")? \"d\"", "bcd", 2},
        {"root ::= (\"a\" | \"bc\")? \"d\"", "bd", 0},
        {"root ::= [α-ω]+ \"!\"", "αβγ!", 2}, /* code point ranges over UTF-8 */
        {"root ::= [α-ω]+ \"!\"", "αaγ!", 0},
        {"root ::= [\\u0100-\\U0001F600]", "\xf0\x9f\x98\x80", 2}, /* U+1F600 */
        {"root ::= [\\u0100-\\U0001F600]", "\xf0\x9f\x98\x81", 0},
        {"root ::= [\\u0100-\\U0001F600]", "\xf0\x9f", 1}, /* a character begun */
        {"root ::= .", "\xe2\x82\xac", 2},
        {"root ::= .", "\xc0\x80", 0}, /* overlong */
        {"root ::= .", "\xed\xa0\x80", 0}, /* a surrogate */
        {"root ::= .", "\xf4\x90\x80\x80", 0}, /* past U+10FFFF */
        {"root ::= [^\\x00-\\x7F]", "\xc3", 1},
        {"root ::= [^\\u0080-\\uFFFF]", "\xc3", 0}, /* no 2-byte character is outside the class's complement */
        {"root ::= \"\\x41\\t\\\\\" [\\]\\[]", "A\t\\]", 2},
        {"root ::= ws \"x\" ws\nws ::= | \" \" | \"\\n\" [ \\t]{0,3}", " x\n\t\t", 2},
        {"# a comment\nroot ::= ( # inside\n  \"a\"\n  | \"b\" # after\n)\n", "b", 2},
        {"root ::= a a a\na ::= \"\" | \"x\"", "xx", 2}, /* empty alternatives */
        {"root ::= \"\"", "", 2},
        {"root ::= \"a\"{0}", "a", 0},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        int got = matches(cases[i].g, cases[i].text);
        check(got == cases[i].want, "match %zu (%s on '%s'): %d, want %d", i, cases[i].g, cases[i].text, got, cases[i].want);
    }
    { /* a character split between feeds matches as whole */
        gram x;
        const char *s = "αβγ!";
        size_t k;
        int ok = gram_open(&x, cases[15].g, strlen(cases[15].g), NULL, NULL);
        wm_grammar_reset(x.s);
        for (k = 0; ok && k < strlen(s); k++) ok = wm_grammar_feed(x.s, s + k, 1) == WM_OK;
        check(ok && wm_grammar_complete(x.s) == 2, "byte by byte: %s", ok ? "incomplete" : wm_grammar_error(x.s));
        gram_close(&x);
    }
}

/* hostile grammars: bounded by their errors or fast, measured */
static void grammar_hostile(void) {
    char *big = (char *)malloc(1 << 21), *text = (char *)malloc(1 << 16);
    size_t n = 0, i;
    gram x;
    double t0;
    wm_grammar_params p = wm_grammar_default_params();
    /* a chain of 30 optional x, then y: every split of the x's is one parse, states stay linear */
    n = (size_t)sprintf(big, "root ::=");
    for (i = 0; i < 30; i++) n += (size_t)sprintf(big + n, " \"x\"?");
    n += (size_t)sprintf(big + n, " \"y\"");
    check(gram_open(&x, big, n, NULL, NULL), "x? chain: %s", x.e.message);
    t0 = t_now();
    memset(text, 'x', 30);
    text[30] = 'y';
    check(gram_match(&x, text, 31) == 2 && gram_match(&x, text + 5, 26) == 2 && gram_match(&x, text, 30) == 1, "x? chain matches");
    text[30] = 'x';
    check(gram_match(&x, text, 31) == 0, "x? chain: 31 x rejected");
    check(t_now() - t0 < 0.5, "x? chain in %.3f s", t_now() - t0);
    gram_close(&x);
    /* ambiguity that doubles per level: a parse per way, bounded by max_stacks or merged */
    n = (size_t)sprintf(big, "root ::= a+\na ::= \"x\" | \"x\" \"x\" | \"xx\" | \"x\" \"xx\"?");
    check(gram_open(&x, big, n, NULL, NULL), "ambiguous: %s", x.e.message);
    memset(text, 'x', 4096);
    t0 = t_now();
    check(gram_match(&x, text, 4096) == 2, "ambiguous: 4096 x: %s", wm_grammar_error(x.s));
    check(t_now() - t0 < 2.0, "ambiguous: 4096 x in %.3f s", t_now() - t0);
    gram_close(&x);
    /* nesting without end: the nodes run out with a message, no crash */
    p.max_nodes = 1000;
    n = (size_t)sprintf(big, "root ::= \"(\" root \")\" | \"x\"");
    check(gram_open(&x, big, n, NULL, &p), "nested: %s", x.e.message);
    memset(text, '(', 5000);
    wm_grammar_reset(x.s);
    check(wm_grammar_feed(x.s, text, 5000) != WM_OK && strstr(wm_grammar_error(x.s), "more than 1000 parse nodes"), "deep nesting: %s",
          wm_grammar_error(x.s));
    gram_close(&x);
    /* too many parses at once: max_stacks */
    p = wm_grammar_default_params();
    p.max_stacks = 4;
    n = (size_t)sprintf(big, "root ::= \"a\" [b-c] | \"a\" [b-d] | \"a\" [b-e] | \"a\" [b-f] | \"a\" [b-g]");
    check(!gram_open(&x, big, n, NULL, &p) && strstr(x.e.message, "more than 4 parses at once"), "max_stacks: %s", x.e.message);
    gram_close(&x);
    /* a 1 MB grammar: 40,000 rules, compiled and matched in bounded time */
    n = (size_t)sprintf(big, "root ::= r0\n");
    for (i = 0; i < 40000; i++) n += (size_t)sprintf(big + n, "r%zu ::= \"%c\" r%zu | \"end\"  # rule %zu\n", i, 'a' + (int)(i % 26), i + 1, i);
    n += (size_t)sprintf(big + n, "r40000 ::= \"!\"\n");
    t0 = t_now();
    check(n > 1000000 && gram_open(&x, big, n, NULL, NULL), "1 MB grammar (%zu bytes): %s", n, x.e.message);
    check(x.s && gram_match(&x, "abcdend", 7) == 2, "1 MB grammar matches");
    check(t_now() - t0 < 2.0, "1 MB grammar in %.3f s", t_now() - t0);
    gram_close(&x);
    /* {0,1000000}: counted, not copied */
    n = (size_t)sprintf(big, "root ::= (\"ab\" | [c-z]){0,1000000} \"!\"");
    {
        size_t gb = 0;
        wm_error e;
        check(wm_grammar_bytes(big, n, &gb, &e) == WM_OK && gb < 4096, "{0,1000000} compiles to %zu bytes", gb);
    }
    free(big);
    free(text);
}

/* the tokens a state allows: the mask (one walk in byte order, cached) and one token at a time agree */
static void grammar_tokens(void) {
    wm_tokenizer *t = load_tok("examples/models/doge-demo/tokenizer.json");
    const char *g = "root ::= \"{\" ws \"\\\"k\\\"\" ws \":\" ws ( [0-9]+ | \"\\\"\" [^\"]* \"\\\"\" ) ws \"}\"\nws ::= [ \\t\\n]*";
    const char *steps[] = {"", "{", "{ \"", "{ \"k\" :", "{ \"k\" : \"ab", "{ \"k\" : 12", "{ \"k\" : 12 }", "{\"k\":\"\xc3"};
    gram x;
    int nv, k, i, bad = 0, n_allowed[8];
    float *lg;
    if (!t) return;
    nv = wm_tokenizer_n_vocab(t);
    lg = (float *)malloc(sizeof(float) * (size_t)nv);
    check(gram_open(&x, g, strlen(g), t, NULL), "token grammar: %s", x.e.message);
    for (k = 0; x.s && k < 8; k++) {
        wm_grammar_reset(x.s);
        check(wm_grammar_feed(x.s, steps[k], strlen(steps[k])) == WM_OK, "feed '%s'", steps[k]);
        for (i = 0; i < nv; i++) lg[i] = 0.0f;
        wm_grammar_mask(x.s, lg, nv);
        n_allowed[k] = 0;
        for (i = 0; i < nv; i++) {
            int a = wm_grammar_allows(x.s, i), m = lg[i] == 0.0f;
            n_allowed[k] += a;
            if (a != m && bad++ < 3) check(0, "state '%s' token %d: allows %d, mask %d", steps[k], i, a, m);
        }
        wm_grammar_mask(x.s, lg, nv); /* again: from the cache */
    }
    check(bad == 0, "mask equals allows in every state (%d differ)", bad);
    check(n_allowed[0] >= 1 && n_allowed[0] < 50 && n_allowed[4] > nv / 2 && n_allowed[6] == 1, "allowed counts %d %d %d (EOS only at the end)",
          n_allowed[0], n_allowed[4], n_allowed[6]);
    check(x.s && wm_grammar_complete(x.s) == 0, "a partial character is not complete");
    gram_close(&x);
    free(lg);
    wm_tokenizer_free(t);
}

/* the schema's grammar (compiled), or NULL with its error in msg */
static int schema_gram(gram *x, const char *schema, char *msg, size_t cap) {
    size_t n = 0;
    char *gb;
    wm_error e;
    int ok;
    msg[0] = 0;
    if (wm_json_schema_grammar(schema, strlen(schema), NULL, 0, &n, &e) != WM_OK) { snprintf(msg, cap, "%s", e.message); return 0; }
    gb = (char *)malloc(n + 1);
    check(wm_json_schema_grammar(schema, strlen(schema), gb, n + 1, &n, &e) == WM_OK && strlen(gb) == n, "schema grammar written");
    ok = gram_open(x, gb, n, NULL, NULL);
    if (!ok) snprintf(msg, cap, "%s\n%s", x->e.message, gb);
    free(gb);
    return ok;
}

static void grammar_schema(void) {
    static const struct { const char *schema, *yes[4], *no[4]; } cases[] = {
        {"{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},\"b\":{\"type\":\"string\"}},\"required\":[\"a\"]}",
         {"{\"a\": 1}", "{\"a\":-5,\"b\":\"x\"}", "{ \"a\" : 0 , \"b\" : \"\" }", NULL}, {"{}", "{\"b\":\"x\",\"a\":1}", "{\"a\":1,\"c\":2}", "{\"a\":01}"}},
        {"{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"boolean\"},\"y\":{\"type\":\"null\"}}}",
         {"{}", "{\"y\":null}", "{\"x\":true,\"y\":null}", NULL}, {"{\"y\":null,\"x\":true}", "{\"x\":1}", NULL, NULL}},
        {"{\"enum\":[\"red\",1,null,{\"a\": [1, 2]}]}", {"\"red\"", "1", "{\"a\":[1,2]}", NULL}, {"\"blue\"", "2", "{\"a\": [1, 2]}", NULL}},
        {"{\"const\":\"x\\\"y\"}", {"\"x\\\"y\"", NULL, NULL, NULL}, {"\"xy\"", NULL, NULL, NULL}},
        {"{\"type\":\"array\",\"items\":{\"type\":\"number\"},\"minItems\":2,\"maxItems\":3}",
         {"[1,2]", "[1.5, -2e3, 0]", NULL, NULL}, {"[1]", "[1,2,3,4]", "[]", NULL}},
        {"{\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"items\":false}",
         {"[\"a\",1]", NULL, NULL, NULL}, {"[\"a\"]", "[\"a\",1,2]", "[1,\"a\"]", NULL}},
        {"{\"type\":\"string\",\"minLength\":2,\"maxLength\":3}", {"\"ab\"", "\"a\\nc\"", "\"éé\"", NULL}, {"\"a\"", "\"abcd\"", NULL, NULL}},
        {"{\"type\":\"string\",\"pattern\":\"^[a-z]{2,3}-\\\\d+(\\\\.[0-9])?$\"}", {"\"ab-12\"", "\"xyz-0.5\"", NULL, NULL},
         {"\"a-1\"", "\"ab-\"", "\"AB-1\"", NULL}},
        {"{\"type\":\"string\",\"pattern\":\"^[a\\\\-c]{2}[-x]$\"}", {"\"a--\"", "\"-cx\"", NULL, NULL}, {"\"ab-\"", "\"aa\"", NULL, NULL}},
        {"{\"type\":\"string\",\"format\":\"date\"}", {"\"2024-02-28\"", "\"0001-12-31\"", NULL, NULL}, {"\"2024-13-01\"", "\"24-01-01\"", "\"2023-04-31\"", "\"0000-01-01\""}},
        {"{\"type\":\"string\",\"format\":\"uuid\"}", {"\"123e4567-e89b-12d3-a456-426614174000\"", NULL, NULL, NULL}, {"\"123e4567\"", NULL, NULL, NULL}},
        {"{\"anyOf\":[{\"type\":\"integer\"},{\"type\":\"string\",\"maxLength\":1}]}", {"5", "\"a\"", NULL, NULL}, {"\"ab\"", "true", NULL, NULL}},
        {"{\"$defs\":{\"node\":{\"type\":\"object\",\"properties\":{\"v\":{\"type\":\"integer\"},\"next\":{\"$ref\":\"#/$defs/node\"}},\"required\":[\"v\"]}},"
         "\"$ref\":\"#/$defs/node\"}",
         {"{\"v\":1}", "{\"v\":1,\"next\":{\"v\":2,\"next\":{\"v\":3}}}", NULL, NULL}, {"{\"next\":{\"v\":1}}", "{\"v\":1,\"next\":{}}", NULL, NULL}},
        {"{\"type\":[\"string\",\"null\"]}", {"\"\"", "null", NULL, NULL}, {"0", NULL, NULL, NULL}},
        {"{}", {"{\"a\":[1,{\"b\":null}]}", "\"x\"", "-0.5e+3", NULL}, {"{a:1}", "[1,]", NULL, NULL}},
        {"{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}", {"{}", "{\"x\":1,\"y\":2}", NULL, NULL}, {"{\"x\":\"1\"}", NULL, NULL, NULL}},
    };
    static const char *const refused[][2] = { /* a schema, what its error names */
        {"{\"type\":\"object\",\"minProperties\":1}", "keyword 'minProperties' is not supported"},
        {"{\"allOf\":[{\"type\":\"string\"}]}", "keyword 'allOf' is not supported"},
        {"{\"type\":\"object\",\"properties\":{\"a\":{\"not\":{}}}}", "at /a: keyword 'not' is not supported"},
        {"{\"type\":\"string\",\"pattern\":\"[a-z]+\"}", "pattern must be a string ^...$ (anchored"},
        {"{\"type\":\"string\",\"format\":\"email\"}", "format 'email' is not supported"},
        {"{\"type\":\"string\",\"pattern\":\"^[0-&]$\"}", "a class range that runs backwards"},
        {"{\"type\":\"string\",\"pattern\":\"^a{1 b}$\"}", "a '{' that is no {m}, {m,} or {m,n}"},
        {"{\"type\":\"string\",\"pattern\":\"^(|ab){2,3}$\"}", "a repetition of what can match nothing"},
        {"{\"type\":\"number\",\"minimum\":0.5}", "bounds on a number"},
        {"{\"$ref\":\"https://example.com/s.json\"}", "only local refs"},
        {"{\"$ref\":\"#/$defs/missing\"}", "$ref names nothing"},
        {"{\"$defs\":{},\"$ref\":\"#\"}", "at /: $ref reaches itself before matching anything"}, /* (fuzz findings: a grammar */
        {"{\"anyOf\":[{\"$ref\":\"#\"},{\"type\":\"null\"}]}", "at /anyOf/0: $ref reaches itself"},          /*  that did not compile) */
        {"{\"$defs\":{\"a\":{\"$ref\":\"#/$defs/b\"},\"b\":{\"oneOf\":[{\"type\":\"null\"},{\"$ref\":\"#/$defs/a\"}]}},\"$ref\":\"#/$defs/a\"}",
         "$ref reaches itself"},
        {"{\"type\":\"object\",\"properties\":{\"a\":{}},\"required\":[\"b\"]}", "required property is not in properties"},
        {"{\"type\":\"integer\",\"minimum\":5,\"maximum\":1}", "minimum above maximum"},
        {"{\"type\":\"integer\",\"maximum\":-1e121}", "maximum must be a number in its range"},
        {"{\"type\":\"strin\"}", "type 'strin' is not a JSON type"},
        {"{\"type\":", "not one valid JSON value"},
    };
    size_t i, k = 0, n;
    char msg[2048], deep[4096];
    wm_error e;
    for (i = 0, n = 0; i < 40; i++) n += (size_t)sprintf(deep + n, "{\"type\":\"array\",\"items\":");
    n += (size_t)sprintf(deep + n, "{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}");
    for (i = 0; i < 40; i++) deep[n++] = '}';
    deep[n] = 0; /* arrays 40 deep: each items schema written once (as a rule), not 2^40 times */
    check(wm_json_schema_grammar(deep, n, NULL, 0, &k, &e) == WM_OK && k < 8000, "nested arrays: a %zu-byte grammar (%s)", k, e.message);
    for (i = 0; i < sizeof cases / sizeof *cases; i++) {
        gram x;
        if (!schema_gram(&x, cases[i].schema, msg, sizeof msg)) { check(0, "schema %zu: %s", i, msg); gram_close(&x); continue; }
        for (k = 0; k < 4; k++) {
            if (cases[i].yes[k]) check(gram_match(&x, cases[i].yes[k], strlen(cases[i].yes[k])) == 2, "schema %zu accepts %s", i, cases[i].yes[k]);
            if (cases[i].no[k]) check(gram_match(&x, cases[i].no[k], strlen(cases[i].no[k])) != 2, "schema %zu refuses %s", i, cases[i].no[k]);
        }
        gram_close(&x);
    }
    for (i = 0; i < sizeof refused / sizeof *refused; i++) {
        size_t n;
        wm_error e;
        wm_status st = wm_json_schema_grammar(refused[i][0], strlen(refused[i][0]), NULL, 0, &n, &e);
        check(st != WM_OK && strstr(e.message, refused[i][1]), "schema %s: '%s', want '%s'", refused[i][0], st ? e.message : "ok", refused[i][1]);
    }
}

/* integer bounds: every number of -1200..1200 (and a few far ones) is accepted exactly when in range */
static void grammar_int_ranges(void) {
    static const long long b[][2] = {{5, 123}, {-50, -3}, {-7, 999}, {0, 0}, {10, LLONG_MAX}, {LLONG_MIN, -100}, {100, 1000}, {-1000, 99},
                                     {LLONG_MIN, 42}, {1, 9}, {19, 21}, {-1, 1}, {987, 1012},
                                     {1000000000000000LL, LLONG_MAX}, {LLONG_MIN, -1000000000000000LL}, {999999999999999LL, LLONG_MAX}};
    size_t i;
    int bad = 0;
    for (i = 0; i < sizeof b / sizeof *b; i++) {
        char schema[160], num[32], msg[2048];
        int n = sprintf(schema, "{\"type\":\"integer\"");
        long long v;
        gram x;
        if (b[i][0] != LLONG_MIN) n += sprintf(schema + n, ",\"minimum\":%lld", b[i][0]);
        if (b[i][1] != LLONG_MAX) n += sprintf(schema + n, ",\"maximum\":%lld", b[i][1]);
        sprintf(schema + n, "}");
        if (!schema_gram(&x, schema, msg, sizeof msg)) { check(0, "%s: %s", schema, msg); gram_close(&x); continue; }
        for (v = -1200; v <= 1200; v++) {
            int in = v >= b[i][0] && v <= b[i][1], got;
            sprintf(num, "%lld", v);
            got = gram_match(&x, num, strlen(num)) == 2;
            if (got != in && bad++ < 5) check(0, "%s: %lld %s", schema, v, in ? "refused" : "accepted");
        }
        for (v = 1; v < 8; v++) { /* (the 16-digit bounds: a fuzz finding, their "more digits" part was {16,15}) */
            static const long long fars[] = {0, 123456789, -123456789, 1000000000000000LL, -1000000000000000LL, 999999999999999LL,
                                             9999999999999999LL, -9999999999999999LL};
            long long far = fars[v];
            int in = far >= b[i][0] && far <= b[i][1];
            sprintf(num, "%lld", far);
            if ((gram_match(&x, num, strlen(num)) == 2) != in && bad++ < 5) check(0, "%s: %lld", schema, far);
        }
        check(gram_match(&x, "-0", 2) != 2 && gram_match(&x, "007", 3) != 2, "%s: no -0 or leading zeros", schema);
        gram_close(&x);
    }
    check(bad == 0, "integer ranges: %d numbers misjudged", bad);
}

/* the sampler with a grammar: greedy takes the best allowed token; a seeded draw is allowed and repeats */
static void grammar_sampler(void) {
    wm_tokenizer *t = load_tok("examples/models/doge-demo/tokenizer.json");
    const char *g = "root ::= [0-9]+ \" apples\"";
    gram x;
    int nv, i, k, bad = 0;
    float *lg, *lg2;
    void *work;
    int32_t tok = -1, tok2 = -1;
    if (!t) return;
    nv = wm_tokenizer_n_vocab(t);
    lg = (float *)malloc(sizeof(float) * (size_t)nv);
    lg2 = (float *)malloc(sizeof(float) * (size_t)nv);
    work = malloc(wm_sampler_work_bytes(nv));
    check(gram_open(&x, g, strlen(g), t, NULL), "sampler grammar: %s", x.e.message);
    for (k = 0; x.s && k < 40; k++) {
        wm_sampler s = wm_sampler_default(), s2;
        uint64_t r = 0x9e3779b97f4a7c15ull * (uint64_t)(k + 1);
        int best = -1;
        wm_grammar_reset(x.s);
        if (k & 1) wm_grammar_feed(x.s, "12", 2);
        for (i = 0; i < nv; i++) { r ^= r << 13; r ^= r >> 7; r ^= r << 17; lg[i] = (float)(r % 20000) / 1000.0f; }
        for (i = 0; i < nv; i++) if (wm_grammar_allows(x.s, i) && (best < 0 || lg[i] > lg[best])) best = i;
        s.grammar = x.s;
        memcpy(lg2, lg, sizeof(float) * (size_t)nv);
        if (wm_sample(&s, lg2, nv, NULL, 0, work, &tok) != WM_OK || tok != best) bad++;
        wm_grammar_reset(x.s); /* a seeded draw: allowed, and the same from the same seed */
        if (k & 1) wm_grammar_feed(x.s, "12", 2);
        s.temperature = 1.0f;
        wm_sampler_seed(&s, (uint64_t)k);
        s2 = s;
        memcpy(lg2, lg, sizeof(float) * (size_t)nv);
        if (wm_sample(&s, lg2, nv, NULL, 0, work, &tok) != WM_OK) bad++;
        wm_grammar_reset(x.s);
        if (k & 1) wm_grammar_feed(x.s, "12", 2);
        if (!wm_grammar_allows(x.s, tok)) bad++;
        memcpy(lg2, lg, sizeof(float) * (size_t)nv);
        if (wm_sample(&s2, lg2, nv, NULL, 0, work, &tok2) != WM_OK || tok2 != tok) bad++;
    }
    check(bad == 0, "sampler with a grammar: %d of 40 states wrong", bad);
    gram_close(&x);
    free(lg); free(lg2); free(work);
    wm_tokenizer_free(t);
}

/* ---- a saved session holds the grammar's parse state (WMS2): restored, generation goes on as if never stopped */
typedef struct gtext { char s[4096]; size_t n; } gtext;
static int gtext_add(void *u, int32_t tok, const char *p, size_t n) {
    gtext *g = (gtext *)u;
    (void)tok;
    if (g->n + n < sizeof g->s) { memcpy(g->s + g->n, p, n); g->n += n; g->s[g->n] = 0; }
    return 0;
}
static uint64_t fnv64(const unsigned char *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ull;
    while (n--) h = (h ^ *p++) * 0x100000001b3ull;
    return h;
}

static void grammar_saved(void) {
    const char *schema = "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"maxLength\":12},\"tags\":{\"type\":\"array\","
                         "\"items\":{\"enum\":[\"a\",\"bb\"]},\"maxItems\":3}},\"required\":[\"name\",\"tags\"]}";
    wm_model *m = NULL;
    wm_tokenizer *t = NULL;
    wm_session *s = NULL, *s2 = NULL;
    wm_session_params sp;
    wm_error e;
    gram a, b, other;
    char gbnf[8192];
    size_t gn = 0, size = 0;
    float *l1 = (float *)malloc(sizeof(float) * 4096), *l2 = (float *)malloc(sizeof(float) * 4096);
    unsigned char *blob = NULL, *bad = NULL;
    gtext c, d;
    wm_sampler smp = wm_sampler_default(), r;
    wm_generate_params g8 = wm_generate_default_params(), g60;
    uint64_t h;
    int pos;
    memset(&a, 0, sizeof a); memset(&b, 0, sizeof b); memset(&other, 0, sizeof other);
    if (wm_model_load(&m, "examples/models/doge-demo", &e) != WM_OK || wm_tokenizer_load(&t, "examples/models/doge-demo/tokenizer.json", &e) != WM_OK ||
        (sp = wm_session_default_params(m), wm_session_create(&s, m, &sp, &e)) != WM_OK || wm_session_create(&s2, m, &sp, &e) != WM_OK ||
        wm_json_schema_grammar(schema, strlen(schema), gbnf, sizeof gbnf, &gn, &e) != WM_OK) {
        check(0, "saved grammar state: setup: %s", e.message);
        goto done;
    }
    check(gram_open(&a, gbnf, gn, t, NULL) && gram_open(&b, gbnf, gn, t, NULL) && gram_open(&other, "root ::= [a-z]+", 15, t, NULL), "saved grammar: states");
    smp.temperature = 0.9f;
    wm_sampler_seed(&smp, 5);
    smp.grammar = a.s;
    g8.max_new = 8;
    g60 = g8;
    g60.max_new = 60;
    c.n = d.n = 0;
    wm_generate(s, t, &smp, l1, "P:", 2, &g8, gtext_add, &c, NULL);
    wm_session_save(s, &smp, l1, NULL, 0, &size);
    blob = (unsigned char *)malloc(size);
    bad = (unsigned char *)malloc(size);
    check(blob && wm_session_save(s, &smp, l1, blob, size, &size) == WM_OK && !memcmp(blob, "WMS2", 4), "a session saved with a grammar is WMS2");
    c.n = 0;
    wm_generate(s, t, &smp, l1, NULL, 0, &g60, gtext_add, &c, NULL);
    r = wm_sampler_default();
    r.grammar = b.s;
    check(wm_session_restore(s2, &r, l2, blob, size) == WM_OK, "restore with the grammar's state: %s", wm_session_error(s2));
    wm_generate(s2, t, &r, l2, NULL, 0, &g60, gtext_add, &d, NULL);
    check(c.n > 4 && c.n == d.n && !memcmp(c.s, d.s, c.n) && wm_grammar_complete(a.s) == wm_grammar_complete(b.s),
          "restored, the grammar goes on where it was: '%s' == '%s'", c.s, d.s);
    pos = wm_session_pos(s2);
    r.grammar = NULL;
    check(wm_session_restore(s2, &r, l2, blob, size) == WM_ERR_INVALID_ARG && strstr(wm_session_error(s2), "grammar"), "restored without a grammar: %s",
          wm_session_error(s2));
    r.grammar = other.s;
    check(wm_session_restore(s2, &r, l2, blob, size) == WM_ERR_INVALID_ARG && wm_session_pos(s2) == pos, "restored with another grammar: refused, nothing changed");
    check(wm_session_restore(s2, NULL, NULL, blob, size) == WM_OK, "restored without a sampler: the grammar's state is passed over");
    { /* forged states (checksum made good) of "root ::= [a-c] [x-z]" (words: CLS lo hi CLS lo hi END) at its start: one node
         (pos 0, cnt 0, up -1), one top (0); the blob's last 56 bytes: fingerprint, 6 counts, the node, the top, the checksum */
        static const struct { int field; int32_t v; int ok; } forge[] = {{0, 0, 1}, {0, 3, 1}, {0, 1, 0}, {0, 2, 0}, {0, 6, 0}, {0, 7, 0},
                                                                       {0, 1 << 30, 0}, {1, 1, 0}, {2, 0, 0}, {2, -2, 0}, {3, 1, 0}, {3, -1, 0}};
        gram sm;
        size_t n2 = 0;
        unsigned char *b2;
        int k, bad_n = 0;
        wm_sampler q = wm_sampler_default();
        check(gram_open(&sm, "root ::= [a-c] [x-z]", 20, t, NULL), "small grammar");
        q.grammar = sm.s;
        wm_session_save(s, &q, l1, NULL, 0, &n2);
        b2 = (unsigned char *)malloc(n2);
        check(b2 && wm_session_save(s, &q, l1, b2, n2, &n2) == WM_OK, "save with the small grammar");
        for (k = 0; b2 && k < (int)(sizeof forge / sizeof forge[0]); k++) {
            unsigned char *f = (unsigned char *)malloc(n2);
            int32_t v = forge[k].v;
            memcpy(f, b2, n2);
            memcpy(f + n2 - 56 + 32 + (forge[k].field == 3 ? 12 : 4 * forge[k].field), &v, 4); /* pos, cnt, up; 3: the top */
            h = fnv64(f, n2 - 8);
            memcpy(f + n2 - 8, &h, 8);
            if ((wm_session_restore(s2, &q, l2, f, n2) == WM_OK) != forge[k].ok) { bad_n++; fprintf(stderr, "  forged field %d = %d\n", forge[k].field, v); }
            free(f);
        }
        check(bad_n == 0 && wm_session_pos(s2) == wm_session_pos(s), "forged grammar states: each bad node, count or top refused, good ones taken (%d wrong)", bad_n);
        free(b2);
        gram_close(&sm);
    }
done:
    gram_close(&a); gram_close(&b); gram_close(&other);
    free(blob); free(bad); free(l1); free(l2);
    wm_session_free(s); wm_session_free(s2);
    wm_tokenizer_free(t); wm_model_free(m);
}

/* ---- the corpus: tests/grammar.sh (20 generations of each grammar and schema, checked by
   python3-lark and python3-jsonschema); native, once per make test */
void test_grammar_corpus(void) {
    if (getenv("WM_BIN") || (getenv("WM_SERVE") && !strcmp(getenv("WM_SERVE"), "0"))) return;
    script_cases("grammar", "bash tests/grammar.sh build/wm 2>&1", 66);
}

void test_grammar(void) {
    grammar_errors();
    grammar_bytes_matching();
    grammar_hostile();
    grammar_tokens();
    grammar_schema();
    grammar_int_ranges();
    grammar_sampler();
    grammar_saved();
}
