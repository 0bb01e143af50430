/* serve.c - `wm serve`: an OpenAI-compatible HTTP server over wm.h, a part
   of the wm program (examples/wm.c; what it shares with it: examples/cli.h).
   POSIX sockets and poll() (Winsock's on Windows: examples/os.h), one thread for the connections; the model runs
   every busy slot in one wm_batch_step per step (continuous batching:
   requests join and leave between steps).

   The first part (the HTTP reader, the request decoding through wm.h's JSON
   reader, wm_json_*) needs libc and wm.h only and is what the fuzz harness
   tests/fuzz/http.c runs: it defines SERVE_PARSERS_ONLY and includes this
   file.

   Data flow: bytes -> http_parse (a request: method, path, head, body) ->
   srv_route -> req_decode (wm_json_parse, then each field by req_field:
   checked and typed, 400 with a message otherwise) -> srv_start (a slot:
   the prompt's tokens, the sampler) -> srv_step (every busy slot, one
   batch) -> srv_token (text, stops) -> srv_stream / srv_whole (server-sent
   events, or one JSON). */
#ifndef SERVE_PARSERS_ONLY
#define _DEFAULT_SOURCE
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64
#include "../wm.h"
#include "cli.h"
#endif
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- limits (the defaults; --timeout and friends change some) -------------- */
#define SRV_MAX_HEAD    16384   /* bytes of a request's line and headers */
#define SRV_MAX_HEADERS 64
#define SRV_MAX_BODY    (1 << 20)
#define SRV_MAX_DEPTH   32      /* JSON nesting */
#define SRV_MAX_STOPS   4       /* "stop" strings */
#define SRV_MAX_STOP_LEN 256

/* bytes of the UTF-8 sequence at p (end e), 0 when it is not a valid one
   (the writer's check: text from the model may hold bad bytes) */
static int utf8_len(const unsigned char *p, const unsigned char *e) {
    unsigned c = p[0];
    int n, i;
    unsigned cp;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) n = 2, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef) n = 3, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4) n = 4, cp = c & 0x07;
    else return 0;
    if (e - p < n) return 0;
    for (i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (p[i] & 0x3f);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))) return 0;
    return n;
}

/* ---- a growable byte buffer, and JSON text into it ---- */
typedef struct sbuf { char *p; size_t n, cap; int oom; } sbuf;

static void sb_add(sbuf *b, const void *s, size_t n) {
    if (b->oom) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2;
        char *np = (char *)realloc(b->p, cap);
        if (!np) { b->oom = 1; return; }
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}
static void sb_str(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }
static void sb_fmt(sbuf *b, const char *fmt, ...) {
    char tmp[512], *big;
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) { sb_add(b, tmp, (size_t)n); return; }
    if (!(big = (char *)malloc((size_t)n + 1))) { b->oom = 1; return; } /* longer: formatted again, whole */
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_add(b, big, (size_t)n);
    free(big);
}
/* s[n] as a JSON string; bytes that are not UTF-8 become U+FFFD */
static void sb_json(sbuf *b, const char *s, size_t n) {
    size_t i = 0;
    sb_add(b, "\"", 1);
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        int l;
        if (c == '"' || c == '\\') { char e[2] = {'\\', (char)c}; sb_add(b, e, 2); i++; continue; }
        if (c == '\n' || c == '\t' || c == '\r') { char e[2] = {'\\', c == '\n' ? 'n' : c == '\t' ? 't' : 'r'}; sb_add(b, e, 2); i++; continue; }
        if (c < 0x20) { sb_fmt(b, "\\u%04x", c); i++; continue; }
        if (c < 0x80) { sb_add(b, s + i, 1); i++; continue; }
        l = utf8_len((const unsigned char *)s + i, (const unsigned char *)s + n);
        if (l) { sb_add(b, s + i, (size_t)l); i += (size_t)l; }
        else { sb_str(b, "\\ufffd"); i++; }
    }
    sb_add(b, "\"", 1);
}

/* ---- HTTP/1.x requests ------------------------------------------------------------
   A request line, headers, and a body of Content-Length bytes (chunked
   request bodies are refused). Line ends CRLF or LF. */
typedef struct http_req {
    char method[8];
    char path[512];      /* the target without its query */
    char query[128];     /* what follows '?' (up to a '#'), "" none */
    size_t head_len;     /* through the blank line */
    size_t body_len;
    int minor;           /* HTTP/1.minor */
    int keep_alive;
    int n_headers;
    const char *auth;    /* Authorization's value as sent (auth_len bytes; NULL: none) */
    size_t auth_len;
    char ctype[128];     /* Content-Type */
} http_req;

static int http_tchar(int c) { return c > 32 && c < 127 && !strchr("\"(),/:;<=>?@[\\]{}", c); }

/* The request at b[n]: 0 while incomplete, its total length (head + body)
   once complete, or -(an HTTP status) with *why: 400 malformed, 413 body
   too large, 431 head too large, 501 a transfer coding, 505 not HTTP/1.x. */
static long http_parse(const char *b, size_t n, size_t max_body, http_req *r, const char **why) {
    const char *e, *p, *line, *end;
    size_t i, head;
    int have_len = 0;
    memset(r, 0, sizeof *r);
    *why = NULL;
    for (i = 0, e = NULL; i < n && i < SRV_MAX_HEAD; i++) /* the blank line: "\n\n" or "\n\r\n" */
        if (b[i] == '\n' && ((i + 1 < n && b[i + 1] == '\n') || (i + 2 < n && b[i + 1] == '\r' && b[i + 2] == '\n'))) {
            e = b + i + (b[i + 1] == '\n' ? 2 : 3);
            break;
        }
    if (!e) {
        if (n >= SRV_MAX_HEAD) { *why = "request head too large"; return -431; }
        for (i = 0; i < n; i++) /* what cannot start a request is refused before it completes */
            if (!b[i] || ((unsigned char)b[i] < 32 && b[i] != '\r' && b[i] != '\n' && b[i] != '\t')) { *why = "a control character in the head"; return -400; }
        return 0;
    }
    head = (size_t)(e - b);
    r->head_len = head;
    /* the request line: METHOD SP target SP HTTP/1.x */
    p = b;
    end = (const char *)memchr(b, '\n', head);
    for (i = 0; p < end && http_tchar((unsigned char)*p); p++, i++)
        if (i < sizeof r->method - 1) r->method[i] = *p;
    if (i == 0 || i >= sizeof r->method || p >= end || *p != ' ') { *why = "a malformed request line"; return -400; }
    p++;
    if (*p != '/') { *why = "the target must be a path (/...)"; return -400; }
    for (i = 0; p < end && *p != ' ' && *p != '?' && *p != '#'; p++, i++) {
        if ((unsigned char)*p <= 32 || (unsigned char)*p >= 127) { *why = "a bad byte in the target"; return -400; }
        if (i < sizeof r->path - 1) r->path[i] = *p;
        else { *why = "the target is too long"; return -414; }
    }
    i = 0;
    if (p < end && *p == '?') p++, i = 1;
    for (; p < end && *p != ' '; p++) {
        if ((unsigned char)*p <= 32 || (unsigned char)*p >= 127) { *why = "a bad byte in the target"; return -400; }
        if (*p == '#') i = 0;
        if (i && i < sizeof r->query) r->query[i - 1] = *p, i++;
        else if (i) { *why = "the query is too long"; return -414; }
    }
    if (p >= end || *p != ' ') { *why = "a malformed request line"; return -400; }
    p++;
    if (end - p < 8 || memcmp(p, "HTTP/1.", 7) || !isdigit((unsigned char)p[7])) { *why = "not HTTP/1.x"; return -505; }
    r->minor = p[7] - '0';
    p += 8;
    if (p < end && *p == '\r') p++;
    if (p != end) { *why = "a malformed request line"; return -400; }
    r->keep_alive = r->minor >= 1;
    /* headers */
    for (line = end + 1; line < e; line = end + 1) {
        const char *colon, *v, *ve;
        size_t nl;
        end = (const char *)memchr(line, '\n', (size_t)(e - line));
        if (!end) break;
        ve = end > line && end[-1] == '\r' ? end - 1 : end;
        if (ve == line) break; /* the blank line */
        if (++r->n_headers > SRV_MAX_HEADERS) { *why = "too many headers"; return -431; }
        for (colon = line; colon < ve && http_tchar((unsigned char)*colon); colon++) {}
        if (colon == line || colon >= ve || *colon != ':') { *why = "a malformed header"; return -400; }
        nl = (size_t)(colon - line);
        for (v = colon + 1; v < ve && (*v == ' ' || *v == '\t'); v++) {}
        while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t')) ve--;
        for (p = v; p < ve; p++)
            if (((unsigned char)*p < 32 && *p != '\t') || *p == 127) { *why = "a control character in a header"; return -400; }
        if (nl == 14 && !strncasecmp(line, "Content-Length", 14)) {
            size_t len = 0;
            if (v == ve) { *why = "an empty Content-Length"; return -400; }
            for (p = v; p < ve; p++) {
                if (!isdigit((unsigned char)*p)) { *why = "Content-Length is not a number"; return -400; }
                if (len > max_body) break;
                len = len * 10 + (size_t)(*p - '0');
            }
            if (have_len && len != r->body_len) { *why = "two different Content-Lengths"; return -400; }
            if (len > max_body) { *why = "the body is too large"; return -413; }
            r->body_len = len;
            have_len = 1;
        } else if (nl == 17 && !strncasecmp(line, "Transfer-Encoding", 17)) {
            *why = "chunked (or any transfer-coded) request bodies are not supported: send Content-Length";
            return -501;
        } else if (nl == 10 && !strncasecmp(line, "Connection", 10)) {
            if ((size_t)(ve - v) == 5 && !strncasecmp(v, "close", 5)) r->keep_alive = 0;
            if ((size_t)(ve - v) == 10 && !strncasecmp(v, "keep-alive", 10)) r->keep_alive = 1;
        } else if (nl == 13 && !strncasecmp(line, "Authorization", 13)) {
            r->auth = v;
            r->auth_len = (size_t)(ve - v);
        } else if (nl == 12 && !strncasecmp(line, "Content-Type", 12)) {
            size_t l = (size_t)(ve - v);
            if (l >= sizeof r->ctype) l = sizeof r->ctype - 1;
            memcpy(r->ctype, v, l);
            r->ctype[l] = 0;
        }
    }
    if (n - head < r->body_len) return 0;
    return (long)(head + r->body_len);
}

/* ---- the requests: /v1/chat/completions and /v1/completions ------------------- */
typedef struct srv_req {
    int chat;                      /* 1: chat completion */
    char *messages;                /* chat: the messages array's JSON text (the template reads it) */
    size_t messages_len;
    char *prompt;                  /* completion: the prompt */
    size_t prompt_len;
    char **roles, **contents;      /* chat: each message's role and text (the built-in templates) */
    int n_messages;
    int max_tokens;                /* -1: none given */
    double temperature, top_p, min_p, repeat_penalty;
    int top_k;
    int stream, include_usage;
    int ignore_eos;                /* (llama-server's) the model's end-of-text ids do not end the answer */
    int has_seed;
    unsigned long long seed;
    char *stop[SRV_MAX_STOPS];
    size_t stop_len[SRV_MAX_STOPS]; /* its bytes: a stop string may hold NUL ("\u0000") */
    int n_stop;
    int logprobs, top_logprobs;    /* chat: logprobs true, top_logprobs 0..20; completion: logprobs 0..5 (as top) */
    char model[128];
    int no_cache;                  /* cache_prompt: false */
    int n;                         /* choices (0: 1), one after another from the prompt's state */
    double presence, frequency;    /* OpenAI's penalties: over the answer's tokens, minus presence once and frequency per use */
    int32_t *bias_id;              /* [n_bias] logit_bias: ids and what each adds (-100: banned) */
    float *bias;
    int n_bias;
    char *bias_json;               /* logit_bias's text (resolved once the tokenizer is at hand: srv_start) */
    size_t bias_json_len;
    char *grammar;                 /* GBNF: 'grammar', or made from 'json_schema' / response_format's schema (checked here) */
    size_t grammar_len;
    int n_gsrc;                    /* grammar, json_schema and response_format's schema given: at most one */
    char *tools;                   /* chat: the 'tools' array's JSON text (the template's tools) */
    size_t tools_len;
    int n_tools;
    int tool_choice;               /* TC_* */
    char tool_name[65];            /* TC_NAMED: the function */
    int no_parallel;               /* parallel_tool_calls: false (one call at most) */
} srv_req;
enum { TC_AUTO, TC_NONE, TC_REQUIRED, TC_NAMED };

static void req_free(srv_req *q) {
    int i;
    free(q->bias_id); free(q->bias); free(q->bias_json); free(q->grammar); free(q->tools);
    free(q->prompt);
    free(q->messages);
    for (i = 0; i < q->n_stop; i++) free(q->stop[i]);
    for (i = 0; i < q->n_messages; i++) { free(q->roles[i]); free(q->contents[i]); }
    free(q->roles);
    free(q->contents);
    memset(q, 0, sizeof *q);
}

static const char *js_type_name(wm_json v) {
    static const char *const names[] = {"nothing", "null", "false", "true", "a number", "a string", "an array", "an object"};
    return names[wm_json_type(v)];
}

/* a string value in a malloc'd buffer (NUL after its *len bytes, which may hold NUL) */
static char *js_strdup(wm_json v, size_t *len) {
    size_t n = wm_json_string(v, NULL, 0);
    char *s = (char *)malloc(n + 1);
    if (!s) return NULL;
    wm_json_string(v, s, n + 1);
    if (len) *len = n;
    return s;
}

/* a member's name into key[cap] for messages: cut at cap - 1 bytes */
static void js_name(wm_json k, char *key, size_t cap) {
    size_t n = wm_json_string(k, key, cap);
    if (n >= cap) key[cap - 1] = 0;
}

/* the text of a message's content: a string, or an array of {"type": "text", "text": ...} parts joined */
static int req_content(wm_json c, char **out, char *err, size_t cap, int i) {
    size_t n = 0, k;
    wm_json part, f, name;
    if (wm_json_type(c) == WM_JSON_NULL) { *out = (char *)calloc(1, 1); return *out ? 0 : -1; }
    if (wm_json_type(c) == WM_JSON_STRING) return (*out = js_strdup(c, NULL)) ? 0 : -1;
    if (wm_json_type(c) != WM_JSON_ARRAY) { snprintf(err, cap, "messages[%d].content must be a string or an array of text parts, not %s", i, js_type_name(c)); return -1; }
    for (part = wm_json_first(c, NULL); part.p; part = wm_json_next(part, NULL)) { /* checked and sized first */
        int is_text = 0, text = 0;
        if (wm_json_type(part) != WM_JSON_OBJECT) { snprintf(err, cap, "messages[%d].content: a part must be an object", i); return -1; }
        for (f = wm_json_first(part, &name); f.p; f = wm_json_next(f, &name)) {
            if (wm_json_is(name, "type")) is_text = wm_json_is(f, "text");
            else if (wm_json_is(name, "text") && wm_json_type(f) == WM_JSON_STRING) text = 1, n += wm_json_string(f, NULL, 0);
            else { snprintf(err, cap, "messages[%d].content: a part may hold only \"type\" and \"text\"", i); return -1; }
        }
        if (!is_text || !text) { snprintf(err, cap, "messages[%d].content: only {\"type\": \"text\", \"text\": \"...\"} parts are supported", i); return -1; }
    }
    if (!(*out = (char *)malloc(n + 1))) return -1;
    for (part = wm_json_first(c, NULL), k = 0; part.p; part = wm_json_next(part, NULL))
        for (f = wm_json_first(part, &name); f.p; f = wm_json_next(f, &name))
            if (wm_json_is(name, "text")) k += wm_json_string(f, *out + k, n + 1 - k);
    (*out)[k] = 0;
    return 0;
}

#define REQ_ERR(...) do { snprintf(err, cap, __VA_ARGS__); return -1; } while (0)

/* "messages": its JSON text (for the template) and each message's role and text */
static int req_messages(srv_req *q, wm_json v, char *err, size_t cap) {
    static const char *const roles[] = {"system", "developer", "user", "assistant", "tool"};
    size_t len = wm_json_bytes(v), nm = wm_json_count(v);
    wm_json m;
    int i = 0;
    if (nm < 1) REQ_ERR("'messages' is empty");
    if (!(q->messages = (char *)malloc(len + 1))) REQ_ERR("out of memory");
    memcpy(q->messages, v.p, len);
    q->messages[len] = 0;
    q->messages_len = len;
    q->roles = (char **)calloc(nm, sizeof(char *));
    q->contents = (char **)calloc(nm, sizeof(char *));
    if (!q->roles || !q->contents) REQ_ERR("out of memory");
    for (m = wm_json_first(v, NULL); m.p; m = wm_json_next(m, NULL), i++) {
        wm_json g, name, role, content;
        size_t r;
        int calls = 0;
        role.p = content.p = NULL;
        if (wm_json_type(m) != WM_JSON_OBJECT) REQ_ERR("messages[%d] must be an object", i);
        for (g = wm_json_first(m, &name); g.p; g = wm_json_next(g, &name)) {
            if (wm_json_is(name, "role")) role = g;
            else if (wm_json_is(name, "content")) content = g;
            else if (wm_json_is(name, "tool_calls")) calls = wm_json_type(g) == WM_JSON_ARRAY && wm_json_count(g) > 0;
            else if (!wm_json_is(name, "name") && !wm_json_is(name, "tool_call_id") && !wm_json_is(name, "refusal") && !wm_json_is(name, "annotations")) {
                /* (refusal, annotations: in every answer, so in the history clients send back) */
                char key[41];
                js_name(name, key, sizeof key);
                REQ_ERR("messages[%d]: unknown field '%s'", i, key);
            }
        }
        if (wm_json_type(role) != WM_JSON_STRING) REQ_ERR("messages[%d] needs a \"role\" string", i);
        for (r = 0; r < 5 && !wm_json_is(role, roles[r]); r++) {}
        if (r == 5) REQ_ERR("messages[%d].role must be system, developer, user, assistant or tool", i);
        if (!content.p && !calls) REQ_ERR("messages[%d] needs \"content\"", i);
        q->n_messages = i + 1;
        if (!(q->roles[i] = js_strdup(role, NULL))) REQ_ERR("out of memory");
        if (!content.p) { if (!(q->contents[i] = (char *)calloc(1, 1))) REQ_ERR("out of memory"); } /* (an assistant's calls alone) */
        else if (req_content(content, &q->contents[i], err, cap, i)) { if (!*err) snprintf(err, cap, "out of memory"); return -1; }
    }
    return 0;
}

/* "stop": a string or up to SRV_MAX_STOPS of them */
static int req_stop(srv_req *q, wm_json v, char *err, size_t cap) {
    wm_json e;
    int t = wm_json_type(v);
    if (t == WM_JSON_NULL) return 0;
    if (t != WM_JSON_STRING && t != WM_JSON_ARRAY) REQ_ERR("'stop' must be a string or an array of strings");
    if (t == WM_JSON_ARRAY && wm_json_count(v) > SRV_MAX_STOPS) REQ_ERR("'stop': at most %d strings", SRV_MAX_STOPS);
    for (e = t == WM_JSON_STRING ? v : wm_json_first(v, NULL); e.p; e = t == WM_JSON_STRING ? wm_json_first(e, NULL) : wm_json_next(e, NULL)) {
        size_t l;
        if (wm_json_type(e) != WM_JSON_STRING) REQ_ERR("'stop' must hold strings");
        if (!(q->stop[q->n_stop] = js_strdup(e, &l))) REQ_ERR("out of memory");
        q->stop_len[q->n_stop++] = l;
        if (l == 0 || l > SRV_MAX_STOP_LEN) REQ_ERR("a 'stop' string must have 1..%d bytes", SRV_MAX_STOP_LEN);
    }
    return 0;
}

/* a JSON Schema's text into q->grammar (GBNF); -1 with err naming where */
static int req_schema(srv_req *q, const char *what, const char *js, size_t n, char *err, size_t cap) {
    size_t gn = 0;
    wm_error e;
    free(q->grammar);
    q->grammar = NULL;
    q->n_gsrc++;
    if (wm_json_schema_grammar(js, n, NULL, 0, &gn, &e) != WM_OK) REQ_ERR("%s: %s", what, e.message);
    if (!(q->grammar = (char *)malloc(gn + 1))) REQ_ERR("out of memory");
    if (wm_json_schema_grammar(js, n, q->grammar, gn + 1, &q->grammar_len, &e) != WM_OK) REQ_ERR("%s: %s", what, e.message);
    return 0;
}

/* response_format: {"type": "text"}, {"type": "json_object"[, "schema": S]}
   (any JSON, or S), {"type": "json_schema", "json_schema": {"schema": S, ...}} */
static int req_format(srv_req *q, wm_json v, char *err, size_t cap) {
    wm_json g, name, type, schema, h, hn;
    type.p = schema.p = NULL;
    if (wm_json_type(v) == WM_JSON_NULL) return 0;
    if (wm_json_type(v) != WM_JSON_OBJECT) REQ_ERR("'response_format' must be an object");
    for (g = wm_json_first(v, &name); g.p; g = wm_json_next(g, &name)) {
        if (wm_json_is(name, "type")) type = g;
        else if (wm_json_is(name, "schema")) schema = g;
        else if (wm_json_is(name, "json_schema")) {
            if (wm_json_type(g) != WM_JSON_OBJECT) REQ_ERR("response_format.json_schema must be an object");
            for (h = wm_json_first(g, &hn); h.p; h = wm_json_next(h, &hn)) {
                if (wm_json_is(hn, "schema")) schema = h;
                else if (!wm_json_is(hn, "name") && !wm_json_is(hn, "description") && !wm_json_is(hn, "strict"))
                    REQ_ERR("response_format.json_schema: only name, description, schema and strict are known");
            }
        } else REQ_ERR("response_format: only type, schema and json_schema are known");
    }
    if (wm_json_is(type, "text")) return 0;
    if (!wm_json_is(type, "json_object") && !wm_json_is(type, "json_schema")) REQ_ERR("response_format.type must be text, json_object or json_schema");
    if (!schema.p) return req_schema(q, "response_format", "{}", 2, err, cap);
    return req_schema(q, "response_format's schema", schema.p, wm_json_bytes(schema), err, cap);
}

/* a function name: [a-zA-Z0-9_-]{1,64} (OpenAI's rule) into name[65] */
static int req_fn_name(wm_json v, char *name) {
    size_t n = wm_json_type(v) == WM_JSON_STRING ? wm_json_string(v, name, 65) : 0, i;
    if (n < 1 || n > 64) return -1;
    for (i = 0; i < n; i++) if (!isalnum((unsigned char)name[i]) && name[i] != '_' && name[i] != '-') return -1;
    return 0;
}

/* tools: [{"type": "function", "function": {"name", "description"?, "parameters"?, "strict"?}}, ...] */
static int req_tools(srv_req *q, wm_json v, char *err, size_t cap) {
    wm_json t, f, g, name, fname;
    char nm[65];
    int i = 0;
    if (wm_json_type(v) == WM_JSON_NULL) return 0;
    if (wm_json_type(v) != WM_JSON_ARRAY) REQ_ERR("'tools' must be an array");
    if (wm_json_count(v) > 128) REQ_ERR("'tools' has %zu entries (at most 128)", wm_json_count(v));
    for (t = wm_json_first(v, NULL); t.p; t = wm_json_next(t, NULL), i++) {
        int named = 0;
        f.p = NULL;
        if (wm_json_type(t) != WM_JSON_OBJECT) REQ_ERR("tools[%d] must be an object", i);
        for (g = wm_json_first(t, &name); g.p; g = wm_json_next(g, &name)) {
            if (wm_json_is(name, "type")) { if (!wm_json_is(g, "function")) REQ_ERR("tools[%d].type must be \"function\"", i); }
            else if (wm_json_is(name, "function")) f = g;
            else REQ_ERR("tools[%d]: only type and function are known", i);
        }
        if (wm_json_type(f) != WM_JSON_OBJECT) REQ_ERR("tools[%d] needs a \"function\" object", i);
        for (g = wm_json_first(f, &fname); g.p; g = wm_json_next(g, &fname)) {
            if (wm_json_is(fname, "name")) {
                if (req_fn_name(g, nm)) REQ_ERR("tools[%d].function.name must be 1 to 64 of a-z, A-Z, 0-9, _ and -", i);
                named = 1;
            } else if (wm_json_is(fname, "description")) {
                if (wm_json_type(g) != WM_JSON_STRING) REQ_ERR("tools[%d].function.description must be a string", i);
            } else if (wm_json_is(fname, "parameters")) {
                size_t gn;
                wm_error e;
                if (wm_json_type(g) != WM_JSON_OBJECT) REQ_ERR("tools[%d].function.parameters must be an object (a JSON Schema)", i);
                if (wm_json_schema_grammar(g.p, wm_json_bytes(g), NULL, 0, &gn, &e) != WM_OK) REQ_ERR("tools[%d].function.parameters: %s", i, e.message);
            } else if (wm_json_is(fname, "strict")) {
                if (wm_json_type(g) != WM_JSON_TRUE && wm_json_type(g) != WM_JSON_FALSE) REQ_ERR("tools[%d].function.strict must be true or false", i);
            } else REQ_ERR("tools[%d].function: only name, description, parameters and strict are known", i);
        }
        if (!named) REQ_ERR("tools[%d].function needs a \"name\"", i);
    }
    q->n_tools = i;
    free(q->tools);
    q->tools_len = wm_json_bytes(v);
    if (!(q->tools = (char *)malloc(q->tools_len + 1))) REQ_ERR("out of memory");
    memcpy(q->tools, v.p, q->tools_len);
    q->tools[q->tools_len] = 0;
    return 0;
}

/* tool_choice: "auto", "none", "required" or {"type": "function", "function": {"name": N}} */
static int req_tool_choice(srv_req *q, wm_json v, char *err, size_t cap) {
    wm_json g, name, f, fn;
    int ok = 0;
    if (wm_json_is(v, "auto") || wm_json_type(v) == WM_JSON_NULL) q->tool_choice = TC_AUTO;
    else if (wm_json_is(v, "none")) q->tool_choice = TC_NONE;
    else if (wm_json_is(v, "required")) q->tool_choice = TC_REQUIRED;
    else if (wm_json_type(v) == WM_JSON_OBJECT) {
        for (g = wm_json_first(v, &name); g.p; g = wm_json_next(g, &name)) {
            if (wm_json_is(name, "type")) { if (!wm_json_is(g, "function")) ok = -1; }
            else if (wm_json_is(name, "function") && wm_json_type(g) == WM_JSON_OBJECT) {
                for (f = wm_json_first(g, &fn); f.p; f = wm_json_next(f, &fn))
                    if (wm_json_is(fn, "name") && !req_fn_name(f, q->tool_name) && !ok) ok = 1;
                    else ok = -1;
            } else ok = -1;
        }
        if (ok != 1) REQ_ERR("'tool_choice' as an object must be {\"type\": \"function\", \"function\": {\"name\": NAME}}");
        q->tool_choice = TC_NAMED;
    } else REQ_ERR("'tool_choice' must be \"auto\", \"none\", \"required\" or a function");
    return 0;
}

/* the fields of structured output and tools: 0 (or -1 with err) when key is one of them, else 1 */
static int req_structured(srv_req *q, const char *key, wm_json v, char *err, size_t cap) {
    int chat = q->chat, t = wm_json_type(v);
    if (!strcmp(key, "grammar")) { /* (llama-server's) GBNF */
        if (t == WM_JSON_NULL) return 0;
        if (t != WM_JSON_STRING) REQ_ERR("'grammar' must be a string (GBNF), not %s", js_type_name(v));
        free(q->grammar);
        if (!(q->grammar = js_strdup(v, &q->grammar_len))) REQ_ERR("out of memory");
        q->n_gsrc++;
        return 0;
    }
    if (!strcmp(key, "json_schema")) { /* (llama-server's) */
        if (t == WM_JSON_NULL) return 0;
        if (t != WM_JSON_OBJECT && t != WM_JSON_TRUE) REQ_ERR("'json_schema' must be an object (a JSON Schema)");
        return req_schema(q, "json_schema", v.p, wm_json_bytes(v), err, cap);
    }
    if (!strcmp(key, "response_format")) return req_format(q, v, err, cap);
    if (chat && !strcmp(key, "tools")) return req_tools(q, v, err, cap);
    if (chat && !strcmp(key, "tool_choice")) return req_tool_choice(q, v, err, cap);
    if (chat && !strcmp(key, "parallel_tool_calls")) {
        if (t != WM_JSON_NULL && t != WM_JSON_TRUE && t != WM_JSON_FALSE) REQ_ERR("'parallel_tool_calls' must be true or false");
        q->no_parallel = t == WM_JSON_FALSE;
        return 0;
    }
    return 1;
}

/* one field of the body, checked and typed; *seen: 1 for messages, 2 for prompt */
static int req_field(srv_req *q, const char *key, wm_json v, int *seen, char *err, size_t cap) {
    int chat = q->chat, t = wm_json_type(v), r;
    double x = 0;
    wm_json_number(v, &x);
#define NEED(tt, what) do { if (t != (tt)) REQ_ERR("'%s' must be %s, not %s", key, what, js_type_name(v)); } while (0)
#define NUMBER(lo, hi) do { NEED(WM_JSON_NUMBER, "a number"); if (!(x >= (lo) && x <= (hi))) REQ_ERR("'%s' must be in %.15g..%.15g", key, (double)(lo), (double)(hi)); } while (0)
#define INTEGER(lo, hi) do { NUMBER(lo, hi); if (x != (double)(long long)x) REQ_ERR("'%s' must be an integer", key); } while (0)
#define BOOL(what) do { if (t != WM_JSON_TRUE && t != WM_JSON_FALSE) REQ_ERR("%s must be true or false", what); } while (0)
    r = req_structured(q, key, v, err, cap); /* grammar, json_schema, response_format, tools, ... */
    if (r <= 0) return r;
    if (!strcmp(key, "model")) {
        NEED(WM_JSON_STRING, "a string");
        if (wm_json_string(v, q->model, sizeof q->model) >= sizeof q->model) REQ_ERR("'model' is too long");
    } else if (chat && !strcmp(key, "messages")) {
        NEED(WM_JSON_ARRAY, "an array");
        *seen = 1;
        return req_messages(q, v, err, cap);
    } else if (!chat && !strcmp(key, "prompt")) {
        wm_json s = v;
        if (t == WM_JSON_ARRAY) {
            s = wm_json_first(v, NULL);
            if (wm_json_count(v) != 1 || wm_json_type(s) != WM_JSON_STRING) REQ_ERR("'prompt' must be a string (or an array of one string)");
        } else NEED(WM_JSON_STRING, "a string");
        if (!(q->prompt = js_strdup(s, &q->prompt_len))) REQ_ERR("out of memory");
        *seen = 2;
    } else if (!strcmp(key, "max_tokens") || (chat && !strcmp(key, "max_completion_tokens"))) {
        if (t != WM_JSON_NULL) { INTEGER(0, 2147483647.0); q->max_tokens = (int)x; }
    } else if (!strcmp(key, "temperature")) { if (t != WM_JSON_NULL) { NUMBER(0, 2); q->temperature = x; }
    } else if (!strcmp(key, "top_p")) { if (t != WM_JSON_NULL) { NUMBER(1e-9, 1); q->top_p = x; }
    } else if (!strcmp(key, "min_p")) { NUMBER(0, 1); q->min_p = x;
    } else if (!strcmp(key, "top_k")) { INTEGER(0, 2147483647.0); q->top_k = (int)x;
    } else if (!strcmp(key, "repeat_penalty")) { NUMBER(1e-6, 1e6); q->repeat_penalty = x;
    } else if (!strcmp(key, "frequency_penalty")) { if (t != WM_JSON_NULL) { NUMBER(-2, 2); q->frequency = x; }
    } else if (!strcmp(key, "presence_penalty")) { if (t != WM_JSON_NULL) { NUMBER(-2, 2); q->presence = x; }
    } else if (!strcmp(key, "logit_bias")) { /* {"id" or "text": bias}: checked here, ids resolved in srv_start */
        wm_json g, name;
        if (t == WM_JSON_NULL) return 0;
        NEED(WM_JSON_OBJECT, "an object of token ids (or texts) and biases");
        if (wm_json_count(v) > 1024) REQ_ERR("'logit_bias' has %zu entries (at most 1024)", wm_json_count(v));
        for (g = wm_json_first(v, &name); g.p; g = wm_json_next(g, &name)) {
            double b;
            if (!wm_json_number(g, &b) || !(b >= -100 && b <= 100)) REQ_ERR("logit_bias: each bias must be a number in -100..100");
        }
        free(q->bias_json);
        q->bias_json_len = wm_json_bytes(v);
        if (!(q->bias_json = (char *)malloc(q->bias_json_len + 1))) REQ_ERR("out of memory");
        memcpy(q->bias_json, v.p, q->bias_json_len);
        q->bias_json[q->bias_json_len] = 0;
    } else if (!strcmp(key, "n")) {
        if (t != WM_JSON_NULL) { INTEGER(1, 16); q->n = (int)x; }
    } else if (!strcmp(key, "stream")) {
        if (t != WM_JSON_NULL) { BOOL("'stream'"); q->stream = t == WM_JSON_TRUE; }
    } else if (!strcmp(key, "stream_options")) {
        wm_json g, name;
        if (t == WM_JSON_NULL) return 0;
        NEED(WM_JSON_OBJECT, "an object");
        for (g = wm_json_first(v, &name); g.p; g = wm_json_next(g, &name)) {
            if (!wm_json_is(name, "include_usage")) REQ_ERR("stream_options: only include_usage is known");
            if (wm_json_type(g) != WM_JSON_TRUE && wm_json_type(g) != WM_JSON_FALSE) REQ_ERR("stream_options.include_usage must be true or false");
            q->include_usage = wm_json_type(g) == WM_JSON_TRUE;
        }
    } else if (!strcmp(key, "seed")) {
        if (t != WM_JSON_NULL) { INTEGER(0, 9007199254740991.0); q->seed = (unsigned long long)x; q->has_seed = 1; }
    } else if (!strcmp(key, "stop")) {
        return req_stop(q, v, err, cap);
    } else if (!strcmp(key, "logprobs")) {
        if (t == WM_JSON_NULL) return 0;
        if (chat) { BOOL("'logprobs'"); q->logprobs = t == WM_JSON_TRUE; }
        else { INTEGER(0, 5); q->logprobs = 1; q->top_logprobs = (int)x; }
    } else if (chat && !strcmp(key, "top_logprobs")) {
        if (t != WM_JSON_NULL) { INTEGER(0, 20); q->top_logprobs = (int)x; }
    } else if (!strcmp(key, "user") || !strcmp(key, "service_tier")) { if (t != WM_JSON_NULL) NEED(WM_JSON_STRING, "a string"); /* (accepted, unused) */
    } else if (!strcmp(key, "store")) { if (t != WM_JSON_NULL) BOOL("'store'"); /* (nothing is stored) */
    } else if (!strcmp(key, "metadata")) { if (t != WM_JSON_NULL) NEED(WM_JSON_OBJECT, "an object");
    } else if (!strcmp(key, "cache_prompt")) { /* (llama-server's) false: prefill the whole prompt */
        BOOL("'cache_prompt'");
        q->no_cache = t == WM_JSON_FALSE;
    } else if (!strcmp(key, "ignore_eos")) {
        BOOL("'ignore_eos'");
        q->ignore_eos = t == WM_JSON_TRUE;
    } else if (!chat && !strcmp(key, "echo")) {
        if (t != WM_JSON_FALSE && t != WM_JSON_NULL) REQ_ERR("'echo' is not supported (only false)");
    } else REQ_ERR("unknown field '%s'", key);
#undef NEED
#undef NUMBER
#undef INTEGER
#undef BOOL
    return 0;
}

/* The body of a request, checked field by field: 0, or -1 with err (a 400's
   message). Unknown fields are refused by name, a field given twice too. */
static int req_decode(const char *body, size_t n, int chat, srv_req *q, char *err, size_t cap) {
    wm_json root, v, name, names[64];
    wm_error je;
    int nf = 0, k, seen = 0, got_msgs = 0, got_prompt = 0;
    memset(q, 0, sizeof *q);
    err[0] = 0;
    q->chat = chat;
    q->max_tokens = -1;
    q->temperature = 1.0; q->top_p = 1.0; q->min_p = 0.0; q->repeat_penalty = 1.0;
    if (wm_json_parse(&root, body, n, 0, SRV_MAX_DEPTH, &je) != WM_OK) { snprintf(err, cap, "the body is %s", je.message); return -1; }
    if (wm_json_type(root) != WM_JSON_OBJECT) { snprintf(err, cap, "the body must be a JSON object"); return -1; }
    if (wm_json_count(root) > 64) { snprintf(err, cap, "the body has %zu fields (at most 64)", wm_json_count(root)); return -1; }
    for (v = wm_json_first(root, &name); v.p; v = wm_json_next(v, &name)) {
        char key[64];
        if (wm_json_string(name, key, sizeof key) >= sizeof key) { snprintf(err, cap, "unknown field (a %zu-byte name)", wm_json_string(name, NULL, 0)); goto bad; }
        for (k = 0; k < nf; k++) /* a field twice: refused, not the last one taken */
            if (wm_json_is(names[k], key)) { snprintf(err, cap, "'%s' is given twice", key); goto bad; }
        names[nf++] = name;
        if (req_field(q, key, v, &seen, err, cap)) goto bad;
        got_msgs |= seen == 1;
        got_prompt |= seen == 2;
    }
    if (chat && !got_msgs) { snprintf(err, cap, "'messages' is required"); goto bad; }
    if (!chat && !got_prompt) { snprintf(err, cap, "'prompt' is required"); goto bad; }
    if (chat && q->top_logprobs && !q->logprobs) { snprintf(err, cap, "'top_logprobs' needs 'logprobs': true"); goto bad; }
    if (q->n_gsrc > 1) { snprintf(err, cap, "Cannot use both json_schema and grammar"); goto bad; } /* (llama-server's words) */
    if (q->n_tools && q->n_gsrc && q->tool_choice != TC_NONE) { snprintf(err, cap, "'tools' cannot be used with 'grammar', 'json_schema' or a response_format schema"); goto bad; }
    if ((q->tool_choice == TC_REQUIRED || q->tool_choice == TC_NAMED) && !q->n_tools) { snprintf(err, cap, "'tool_choice' needs 'tools'"); goto bad; }
    if (q->tool_choice == TC_NAMED) { /* a function of tools */
        char nm[65];
        int found = 0;
        wm_json tv, t, f, g, gn;
        if (wm_json_parse(&tv, q->tools, q->tools_len, 0, SRV_MAX_DEPTH, NULL) == WM_OK)
            for (t = wm_json_first(tv, NULL); t.p; t = wm_json_next(t, NULL))
                for (f = wm_json_first(t, &name); f.p; f = wm_json_next(f, &name))
                    if (wm_json_is(name, "function"))
                        for (g = wm_json_first(f, &gn); g.p; g = wm_json_next(g, &gn))
                            if (wm_json_is(gn, "name") && !req_fn_name(g, nm) && !strcmp(nm, q->tool_name)) found = 1;
        if (!found) { snprintf(err, cap, "'tool_choice' names '%s', which is not in 'tools'", q->tool_name); goto bad; }
    }
    if (q->grammar) { /* compiled once here, so a bad one is this request's 400 */
        size_t gb = 0;
        wm_error e;
        wm_grammar *g;
        void *mem;
        if (wm_grammar_bytes(q->grammar, q->grammar_len, &gb, &e) != WM_OK) { snprintf(err, cap, "%s", e.message); goto bad; }
        if (!(mem = malloc(gb))) { snprintf(err, cap, "out of memory"); goto bad; }
        if (wm_grammar_init(&g, q->grammar, q->grammar_len, mem, gb, &e) != WM_OK) { snprintf(err, cap, "%s", e.message); free(mem); goto bad; }
        free(mem);
    }
    return 0;
bad:
    req_free(q);
    return -1;
}
#undef REQ_ERR

#ifndef SERVE_PARSERS_ONLY
/* ==== the server (wm.c's helpers, declared in cli.h: fail, warn, now_s, load_model, ...) ==== */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <time.h>
#define WM_OS_NET
#include "os.h" /* POSIX sockets and poll, or Winsock and WSAPoll */

#define SRV_CHUNK 64           /* prompt tokens per step and slot: fixed, so a prompt is prefilled in the same chunks under any load */
#define SRV_MAX_CONNS 256
#define SRV_MAX_PER_ADDR 64    /* connections from one address (the rest stay open to others) */
#define SRV_HEAD_TIMEOUT 10.0  /* seconds to send a whole request once begun */
#define SRV_IDLE_TIMEOUT 60.0  /* an idle kept-alive connection */
#define SRV_WRITE_STALL 30.0   /* seconds a client may leave our bytes unread */
#define SRV_MAX_OUT (8u << 20) /* bytes waiting for one client before it counts as gone */

static const char *srv_page(void); /* the chat page (at the end) */

/* ---- connections and slots ---- */
enum { CS_FREE, CS_READ, CS_WAIT, CS_BUSY, CS_WRITE };

typedef struct conn {
    int fd, state;
    char *in;                /* [in_cap] received bytes */
    size_t in_n, in_cap;
    sbuf out;                /* bytes to send; out_off sent */
    size_t out_off;
    int keep_alive, close_after, slot;
    int head_only;           /* a HEAD request: the response without its body */
    double t_begin;          /* the current request's first byte (reading), or when it was accepted */
    double t_progress;       /* the last time bytes went out (or the response began) */
    srv_req q;               /* a request waiting for a slot */
    long req_len;            /* its bytes in `in` */
    size_t scan;             /* reading a head: the bytes before this were looked at (no blank line, no control byte) */
    size_t need;             /* the head parsed, its body incomplete: the request's whole length */
    unsigned char addr[16];  /* the client's address (IPv4 as ::ffff:a.b.c.d), for the per-address limit */
} conn;

typedef struct slot {
    int busy;                /* 0 idle, 1 prefilling the prompt, 2 generating, 3 refilling (below) */
    int conn;                /* its connection, -1: the client is gone */
    int n_refill;            /* 3: the prompt and answer (hist[0, n_refill)) prefilled from a checkpoint after the answer */
    srv_req q;
    wm_session *s;
    wm_sampler smp;
    int32_t *hist;           /* [n_ctx + 1] the prompt's ids, then the generated ones */
    int n_hist, n_prompt, fed, n_gen, max_gen;
    int cache_n;             /* prompt tokens restored, not prefilled */
    int ckpt;                /* the prompt position whose state is kept when prefill reaches it (-1: none) */
    int last_ck;             /* the checkpoint entry this slot made last (-1: none): what /slots/ID?action=save writes */
    int ch, n_gen_all;       /* n > 1: the choice being written, and the tokens of those before it */
    sbuf choices;            /* n > 1, whole responses: the finished choices' JSON, comma-separated */
    unsigned char *snap0;    /* n > 1: the session after the prompt (snap0_n bytes) and its last logits [V]: each choice starts there */
    size_t snap0_n;
    float *row0;
    int32_t next;            /* the token the next step feeds */
    int32_t stop_ids[12];
    int n_stop_ids;
    void *work;              /* the sampler's */
    unsigned char *seen;     /* [(V + 7) / 8] presence_penalty's scratch (all zero between steps) */
    char *tok_text;          /* one token's text (wm_utf8_push) */
    wm_utf8_stream us;
    sbuf text;               /* the answer so far */
    size_t sent;             /* bytes of it streamed */
    sbuf lp;                 /* logprobs entries not yet sent (stream) or all (whole) */
    sbuf lp_tok, lp_off, lp_top; /* completions' legacy logprobs: tokens, token_logprobs, text_offset / top_logprobs */
    int finish;              /* 0 running, 1 stop, 2 length */
    long id;
    double t0, t_first, t_end, deadline;
    unsigned long long seed;
    void *gmem;              /* the request's grammar and its parse state (gs), or NULL */
    wm_grammar_state *gs;
    int tools;               /* tool calls: 0 none, 1 the grammar waits for a call to begin (tool_choice auto), 2 a call began (or must: call_at) */
    size_t call_at;          /* tools == 2: where in text the call begins */
} slot;

typedef struct checkpoint { /* a session's state after pos prompt tokens (the prompt cache) */
    unsigned char *blob;     /* [n] wm_session_save's */
    size_t n;
    int32_t *toks;           /* [pos] */
    int pos;                 /* 0: a free entry */
    double used;             /* made or last restored (the least recent goes first) */
} checkpoint;

typedef struct server {
    wm_model *m;
    wm_tokenizer *t;
    wm_batch *b;
    const wm_config *c;
    int V, np, n_ctx, max_queue, n_predict;
    slot *slots;             /* [np] */
    conn *conns;             /* [SRV_MAX_CONNS] */
    float *logits;           /* [np][V] */
    int32_t *toks;           /* [rows] a step's tokens */
    int rows;                /* most tokens a step holds: every slot's one and two prompt chunks */
    int lfd;
    char name[128];
    const char *api_key;
    char *tcfg;              /* tokenizer_config.json with a chat_template, or NULL */
    size_t tcfg_n;
    const wm_chat_template *ct; /* else this one */
    int32_t chat_stop;       /* the chat's end-of-turn id, -1 none */
    double timeout;
    long next_id;
    int *queue, n_queue;     /* [max_queue] connections waiting for a slot, oldest first */
    size_t cache_ram, cache_bytes; /* the prompt cache's budget (0: off) and what its checkpoints hold */
    int exact;     /* the model's prefill is split_exact: checkpoints anywhere, answers refilled */
    long n_refill; /* tokens refilled (metrics) */
    unsigned long long n_head_scanned; /* bytes request heads were looked at (metrics) */
    checkpoint *ck;          /* [n_ck] */
    int n_ck;
    long n_requests, n_tokens, n_steps, n_rows;
    int metrics;             /* --metrics: GET /metrics */
    const char *slot_dir;    /* --slot-save-path, or NULL */
    double m_prompt_n, m_prompt_s, m_pred_n, m_pred_s; /* finished requests: tokens prefilled and answered, and their seconds */
    double t_steps, t_model;  /* seconds in steps, and of them in wm_batch_step */
    int verbose;
    int hermes;              /* the template writes <tool_call> {"name", "arguments"} </tool_call> (Qwen, Hermes); else the generic JSON format */
    int tmpl_tools;          /* the template reads a tools variable */
} server;

static volatile sig_atomic_t g_srv_stop;
static void srv_on_signal(int sig) { (void)sig; g_srv_stop++; }

static void conn_close(server *S, int i) {
    conn *c = &S->conns[i];
    if (c->state == CS_FREE) return;
    if (c->slot >= 0) S->slots[c->slot].conn = -1; /* the slot ends at its next step */
    if (c->state == CS_WAIT) {
        int k, j;
        for (k = j = 0; k < S->n_queue; k++) if (S->queue[k] != i) S->queue[j++] = S->queue[k];
        S->n_queue = j;
        req_free(&c->q);
    }
    sock_close(c->fd);
    free(c->in);
    free(c->out.p);
    memset(c, 0, sizeof *c);
    c->fd = -1;
    c->slot = -1;
}

static const char *srv_reason(int st) {
    switch (st) {
    case 200: return "OK"; case 204: return "No Content"; case 400: return "Bad Request"; case 401: return "Unauthorized";
    case 404: return "Not Found"; case 405: return "Method Not Allowed"; case 409: return "Conflict"; case 507: return "Insufficient Storage"; case 408: return "Request Timeout"; case 413: return "Payload Too Large";
    case 414: return "URI Too Long"; case 431: return "Request Header Fields Too Large"; case 500: return "Internal Server Error";
    case 501: return "Not Implemented"; case 503: return "Service Unavailable"; case 505: return "HTTP Version Not Supported";
    default: return "Error";
    }
}

/* queues a whole response; the connection reads its next request after it (keep-alive) or closes */
static void srv_respond(server *S, int i, int status, const char *ctype, const char *body, size_t n, const char *extra) {
    conn *c = &S->conns[i];
    (void)S;
    sb_fmt(&c->out, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nConnection: %s\r\n%s\r\n", status, srv_reason(status), ctype, n,
           c->keep_alive ? "keep-alive" : "close", extra ? extra : "");
    if (!c->head_only) sb_add(&c->out, body, n);
    c->state = CS_WRITE;
    c->t_progress = now_s();
}

static void srv_error(server *S, int i, int status, const char *msg) {
    sbuf b = {NULL, 0, 0, 0};
    const char *type = status == 401 ? "authentication_error" : status == 404 ? "not_found_error" : status == 503 ? "server_busy" :
                       status >= 500 ? "server_error" : "invalid_request_error";
    size_t pl = 0, p0 = msg[0] == '\'';
    while (pl < 64 && (isalnum((unsigned char)msg[p0 + pl]) || msg[p0 + pl] == '_')) pl++;
    if (!(pl && (p0 ? msg[p0 + pl] == '\'' : msg[pl] == '[' || msg[pl] == '.'))) pl = 0; /* the field a message names first: 'seed' must ..., messages[2]... */
    sb_str(&b, "{\"error\":{\"message\":");
    sb_json(&b, msg, strlen(msg));
    sb_fmt(&b, ",\"type\":\"%s\",\"param\":", type);
    if (pl) sb_json(&b, msg + p0, pl);
    else sb_str(&b, "null");
    sb_fmt(&b, ",\"code\":%d}}", status);
    if (status >= 400 && status != 401 && status != 404 && status != 405) S->conns[i].keep_alive = S->conns[i].keep_alive && status < 413;
    srv_respond(S, i, status, "application/json", b.p ? b.p : "{}", b.p ? b.n : 2, status == 401 ? "WWW-Authenticate: Bearer\r\n" : NULL);
    free(b.p);
}

/* ---- a request into a slot ---- */

/* the prompt text of a chat: the checkpoint's Jinja template, else the
   built-in one; with answer, the chat with that answer as its
   last message and no generation prompt: how the next turn begins */
static char *srv_chat_text(server *S, const srv_req *q, const char *answer, size_t alen, size_t *len, char *err, size_t cap) {
    char *out = NULL;
    if (S->tcfg) {
        wm_chat_params p;
        wm_error e;
        sbuf m = {NULL, 0, 0, 0}, ctx = {NULL, 0, 0, 0};
        const char *end = q->messages + q->messages_len;
        memset(&p, 0, sizeof p);
        p.config_json = S->tcfg; p.config_bytes = S->tcfg_n;
        p.messages_json = q->messages; p.messages_bytes = q->messages_len;
        p.add_generation_prompt = !answer;
        p.now = (long long)time(NULL);
        if (S->tmpl_tools && q->n_tools && q->tool_choice != TC_NONE) { /* the template's tools variable */
            sb_str(&ctx, "{\"tools\":");
            sb_add(&ctx, q->tools, q->tools_len);
            sb_str(&ctx, "}");
            if (ctx.oom) { free(ctx.p); return NULL; }
            p.context_json = ctx.p; p.context_bytes = ctx.n;
        }
        if (answer) { /* [..., {"role": "assistant", "content": answer}] */
            while (end > q->messages && end[-1] != ']') end--;
            if (end == q->messages) return NULL;
            sb_add(&m, q->messages, (size_t)(end - 1 - q->messages));
            sb_str(&m, ",{\"role\":\"assistant\",\"content\":");
            sb_json(&m, answer, alen);
            sb_str(&m, "}]");
            if (m.oom || !m.p) { free(m.p); free(ctx.p); return NULL; }
            p.messages_json = m.p; p.messages_bytes = m.n;
        }
        if (wm_chat_apply(&p, NULL, 0, len, &e) != WM_OK || !(out = (char *)malloc(*len + 1)) || wm_chat_apply(&p, out, *len + 1, len, &e) != WM_OK) {
            snprintf(err, cap, "chat template: %s", e.message);
            free(out);
            out = NULL;
        }
        free(m.p);
        free(ctx.p);
        return out;
    } else { /* system first (if any), then user turns with the answers between */
        sbuf b = {NULL, 0, 0, 0};
        const char *sys = NULL;
        int i, first = 1;
        for (i = 0; i < q->n_messages; i++) {
            const char *r = q->roles[i];
            if (!strcmp(r, "system") || !strcmp(r, "developer")) {
                if (i > 0) { snprintf(err, cap, "messages[%d]: a system message comes first (this model's built-in template '%s')", i, S->ct->name); free(b.p); return NULL; }
                sys = q->contents[i];
            } else if (!strcmp(r, "user")) {
                size_t n = wm_chat_render(S->ct, first, sys, q->contents[i], NULL, 0);
                char *t = (char *)malloc(n + 1);
                if (!t) { free(b.p); return NULL; }
                wm_chat_render(S->ct, first, sys, q->contents[i], t, n + 1);
                sb_add(&b, t, n);
                free(t);
                first = 0;
            } else if (!strcmp(r, "assistant")) {
                if (first) { snprintf(err, cap, "messages[%d]: an assistant message before any user message", i); free(b.p); return NULL; }
                sb_str(&b, q->contents[i]);
            } else { snprintf(err, cap, "messages[%d]: role '%s' needs the checkpoint's own chat template (tokenizer_config.json)", i, r); free(b.p); return NULL; }
        }
        if (first) { snprintf(err, cap, "'messages' holds no user message"); free(b.p); return NULL; }
        if (strcmp(q->roles[q->n_messages - 1], "user")) { snprintf(err, cap, "the last message must be the user's"); free(b.p); return NULL; }
        if (answer) sb_add(&b, answer, alen);
        if (b.oom) { free(b.p); return NULL; }
        *len = b.n;
        return b.p;
    }
}

/* ---- tool calls ----
   Two formats. Hermes (a template that writes <tool_call>, as Qwen's and
   Hermes's): the template gets the tools; a call is <tool_call>\n{"name":
   N, "arguments": {...}}\n</tool_call>, after any text. Generic (every other
   template, the built-in ones too): a system message lists the tools, and
   a call is the whole answer, {"tool_calls": [{"name": N, "arguments":
   {...}}]}; earlier calls and role "tool" results are written into the
   history as that text and as user messages. Either way the grammar holds
   the calls to the tools' parameter schemas: from the first token
   (tool_choice required or a function), or once a call begins (auto: the
   answer's first character '{', or <tool_call>). */
static const char *const srv_call_open = "<tool_call>";

/* {"anyOf": [one object per function: {"name": its const, "arguments": its parameters}]} */
static int srv_call_schema(const srv_req *q, sbuf *b) {
    wm_json tv, t, f, nm, pa;
    int n = 0;
    char name[65];
    if (wm_json_parse(&tv, q->tools, q->tools_len, 0, SRV_MAX_DEPTH, NULL) != WM_OK) return -1;
    sb_str(b, "{\"anyOf\":[");
    for (t = wm_json_first(tv, NULL); t.p; t = wm_json_next(t, NULL)) {
        f = wm_json_get(t, "function");
        nm = wm_json_get(f, "name");
        pa = wm_json_get(f, "parameters");
        if (req_fn_name(nm, name) || (q->tool_choice == TC_NAMED && strcmp(name, q->tool_name))) continue;
        sb_str(b, n++ ? ",{" : "{");
        sb_str(b, "\"type\":\"object\",\"properties\":{\"name\":{\"const\":");
        sb_add(b, nm.p, wm_json_bytes(nm));
        sb_str(b, "},\"arguments\":");
        if (pa.p) sb_add(b, pa.p, wm_json_bytes(pa));
        else sb_str(b, "{\"type\":\"object\",\"properties\":{}}");
        sb_str(b, "},\"required\":[\"name\",\"arguments\"]}");
    }
    sb_str(b, "]}");
    return n ? 0 : -1;
}

/* the GBNF of the calls a request allows, malloc'd into *out */
static int srv_tool_grammar(const server *S, const srv_req *q, char **out, size_t *len, char *err, size_t cap) {
    sbuf sch = {NULL, 0, 0, 0}, g = {NULL, 0, 0, 0};
    size_t n = 0;
    char *calls = NULL;
    wm_error e;
    int rc = -1;
    *out = NULL;
    if (!S->hermes) sb_str(&sch, "{\"type\":\"object\",\"properties\":{\"tool_calls\":{\"type\":\"array\",\"items\":");
    if (srv_call_schema(q, &sch)) { snprintf(err, cap, "'tools': no function to call"); goto done; }
    if (!S->hermes) sb_str(&sch, q->no_parallel ? ",\"minItems\":1,\"maxItems\":1}},\"required\":[\"tool_calls\"]}" : ",\"minItems\":1}},\"required\":[\"tool_calls\"]}");
    if (sch.oom || wm_json_schema_grammar(sch.p, sch.n, NULL, 0, &n, &e) != WM_OK || !(calls = (char *)malloc(n + 1)) ||
        wm_json_schema_grammar(sch.p, sch.n, calls, n + 1, &n, &e) != WM_OK) {
        snprintf(err, cap, "tools: %s", sch.oom || !calls ? "out of memory" : e.message);
        goto done;
    }
    if (S->hermes) { /* its root renamed call, inside the tags */
        sb_str(&g, "root ::= \"<tool_call>\\n\" call \"</tool_call>\"");
        sb_str(&g, q->no_parallel ? "\n" : " ( \"\\n<tool_call>\\n\" call \"</tool_call>\" )*\n");
        sb_str(&g, "call");
        sb_add(&g, calls + 4, n - 4);
    } else sb_add(&g, calls, n);
    if (g.oom) { snprintf(err, cap, "out of memory"); goto done; }
    *out = g.p;
    *len = g.n;
    g.p = NULL;
    rc = 0;
done:
    free(sch.p); free(g.p); free(calls);
    return rc;
}

/* the calls of a generic answer or of one <tool_call> body as text: {"tool_calls": [...]} or {"name", "arguments"} */
static void srv_call_text(sbuf *b, wm_json calls, int generic) {
    wm_json c, fn, ag, nm;
    int k = 0;
    if (generic) sb_str(b, "{\"tool_calls\": [");
    for (c = wm_json_first(calls, NULL); c.p; c = wm_json_next(c, NULL), k++) {
        fn = wm_json_get(c, "function");
        nm = wm_json_get(fn, "name");
        ag = wm_json_get(fn, "arguments");
        if (!generic) sb_str(b, k ? "\n<tool_call>\n" : "<tool_call>\n");
        else if (k) sb_str(b, ", ");
        sb_str(b, "{\"name\": ");
        if (nm.p) sb_add(b, nm.p, wm_json_bytes(nm)); else sb_str(b, "\"\"");
        sb_str(b, ", \"arguments\": ");
        if (wm_json_type(ag) == WM_JSON_STRING) { /* (the OpenAI way: JSON in a string) */
            size_t n = wm_json_string(ag, NULL, 0);
            char *a = (char *)malloc(n + 1);
            wm_json av;
            if (a) wm_json_string(ag, a, n + 1);
            if (a && wm_json_parse(&av, a, n, 0, SRV_MAX_DEPTH, NULL) == WM_OK) sb_add(b, a, n);
            else sb_add(b, ag.p, wm_json_bytes(ag));
            free(a);
        } else if (ag.p) sb_add(b, ag.p, wm_json_bytes(ag));
        else sb_str(b, "{}");
        sb_str(b, generic ? "}" : "}\n</tool_call>");
    }
    if (generic) sb_str(b, "]}");
}

/* a message with tool_calls, each call's arguments that came as a JSON string written as that JSON */
static void srv_msg_args(sbuf *b, wm_json m) {
    wm_json v, name;
    wm_json c, g, gn, f, fn;
    int k = 0, j = 0;
    sb_str(b, "{");
    for (v = wm_json_first(m, &name); v.p; v = wm_json_next(v, &name)) {
        if (j++) sb_str(b, ",");
        sb_add(b, name.p, wm_json_bytes(name));
        sb_str(b, ":");
        if (!wm_json_is(name, "tool_calls")) { sb_add(b, v.p, wm_json_bytes(v)); continue; }
        sb_str(b, "[");
        for (c = wm_json_first(v, NULL), k = 0; c.p; c = wm_json_next(c, NULL), k++) {
            int h = 0;
            sb_str(b, k ? ",{" : "{");
            for (g = wm_json_first(c, &gn); g.p; g = wm_json_next(g, &gn)) {
                sb_str(b, h++ ? "," : "");
                sb_add(b, gn.p, wm_json_bytes(gn));
                sb_str(b, ":");
                if (!wm_json_is(gn, "function") || wm_json_type(g) != WM_JSON_OBJECT) { sb_add(b, g.p, wm_json_bytes(g)); continue; }
                sb_str(b, "{");
                int fi = 0;
                for (f = wm_json_first(g, &fn); f.p; f = wm_json_next(f, &fn), fi++) {
                    size_t n = wm_json_type(f) == WM_JSON_STRING ? wm_json_string(f, NULL, 0) : 0;
                    char *a = wm_json_is(fn, "arguments") && n ? (char *)malloc(n + 1) : NULL;
                    wm_json av;
                    if (fi) sb_str(b, ",");
                    sb_add(b, fn.p, wm_json_bytes(fn));
                    sb_str(b, ":");
                    if (a) wm_json_string(f, a, n + 1);
                    if (a && wm_json_parse(&av, a, n, 0, SRV_MAX_DEPTH, NULL) == WM_OK) sb_add(b, a, n);
                    else sb_add(b, f.p, wm_json_bytes(f));
                    free(a);
                }
                sb_str(b, "}");
            }
            sb_str(b, "}");
        }
        sb_str(b, "]");
    }
    sb_str(b, "}");
}

/* The history as the template will read it: generic, the tools listed in
   the system message, earlier calls as their text, tool results as user
   messages; for a template of its own, arguments that came as JSON strings
   as JSON (templates write them with tojson). q->messages and the roles and
   texts are replaced. */
static int srv_tool_messages(const server *S, srv_req *q, char *err, size_t cap) {
    wm_json mv, m, role, content, calls, v;
    sbuf b = {NULL, 0, 0, 0};
    srv_req nq;
    int generic = !(S->tcfg && S->tmpl_tools), i = 0, has = 0, sys0, list = q->n_tools && q->tool_choice != TC_NONE;
    if (wm_json_parse(&mv, q->messages, q->messages_len, 0, SRV_MAX_DEPTH, NULL) != WM_OK) return 0;
    for (m = wm_json_first(mv, NULL); m.p; m = wm_json_next(m, NULL))
        has |= wm_json_is(wm_json_get(m, "role"), "tool") || wm_json_get(m, "tool_calls").p;
    if (!has && !(generic && list)) return 0;
    m = wm_json_first(mv, NULL);
    sys0 = wm_json_is(wm_json_get(m, "role"), "system") || wm_json_is(wm_json_get(m, "role"), "developer");
    sb_str(&b, "[");
    if (generic && list) { /* the tools, and how to call them */
        wm_json tv, t;
        sbuf s = {NULL, 0, 0, 0};
        if (sys0) { sb_add(&s, q->contents[0], strlen(q->contents[0])); sb_str(&s, "\n\n"); }
        sb_str(&s, "You can call these functions:\n");
        if (wm_json_parse(&tv, q->tools, q->tools_len, 0, SRV_MAX_DEPTH, NULL) == WM_OK)
            for (t = wm_json_first(tv, NULL); t.p; t = wm_json_next(t, NULL)) {
                v = wm_json_get(t, "function");
                sb_add(&s, v.p, wm_json_bytes(v));
                sb_str(&s, "\n");
            }
        sb_str(&s, q->no_parallel ? "To call a function, answer with only {\"tool_calls\": [{\"name\": NAME, \"arguments\": {...}}]}"
                                  : "To call functions, answer with only {\"tool_calls\": [{\"name\": NAME, \"arguments\": {...}}, ...]}");
        sb_str(&s, q->tool_choice == TC_AUTO ? "; otherwise answer in words." : ".");
        sb_str(&b, "{\"role\":\"system\",\"content\":");
        sb_json(&b, s.p ? s.p : "", s.n);
        sb_str(&b, "}");
        b.oom |= s.oom;
        free(s.p);
        if (sys0) m = wm_json_next(m, NULL);
        i = 1;
    }
    for (; m.p; m = wm_json_next(m, NULL), i++) {
        role = wm_json_get(m, "role");
        content = wm_json_get(m, "content");
        calls = wm_json_get(m, "tool_calls");
        if (i) sb_str(&b, ",");
        if (generic && wm_json_is(role, "tool")) { /* {"tool_response": {"tool_call_id": ID, "content": TEXT}} from the user */
            sbuf t = {NULL, 0, 0, 0};
            size_t n = wm_json_type(content) == WM_JSON_STRING ? wm_json_string(content, NULL, 0) : 0;
            char *c = (char *)malloc(n + 1);
            v = wm_json_get(m, "tool_call_id");
            sb_str(&t, "{\"tool_response\": {");
            if (wm_json_type(v) == WM_JSON_STRING) { sb_str(&t, "\"tool_call_id\": "); sb_add(&t, v.p, wm_json_bytes(v)); sb_str(&t, ", "); }
            sb_str(&t, "\"content\": ");
            if (c) { wm_json_string(content, c, n + 1); sb_json(&t, c, n); } else t.oom = 1;
            sb_str(&t, "}}");
            sb_str(&b, "{\"role\":\"user\",\"content\":");
            sb_json(&b, t.p ? t.p : "", t.n);
            sb_str(&b, "}");
            b.oom |= t.oom;
            free(t.p); free(c);
        } else if (calls.p && wm_json_type(calls) == WM_JSON_ARRAY) { /* an answer that called */
            if (generic) {
                sbuf t = {NULL, 0, 0, 0};
                size_t n = wm_json_type(content) == WM_JSON_STRING ? wm_json_string(content, NULL, 0) : 0;
                char *c = (char *)malloc(n + 1);
                if (c) { wm_json_string(content, c, n + 1); sb_add(&t, c, n); } else t.oom = 1;
                srv_call_text(&t, calls, 1);
                sb_str(&b, "{\"role\":\"assistant\",\"content\":");
                sb_json(&b, t.p ? t.p : "", t.n);
                sb_str(&b, "}");
                b.oom |= t.oom;
                free(t.p); free(c);
            } else srv_msg_args(&b, m); /* the message, its arguments as JSON */
        } else sb_add(&b, m.p, wm_json_bytes(m));
    }
    sb_str(&b, "]");
    if (b.oom) { free(b.p); snprintf(err, cap, "out of memory"); return -1; }
    if (wm_json_parse(&mv, b.p, b.n, 0, SRV_MAX_DEPTH, NULL) != WM_OK) { free(b.p); snprintf(err, cap, "'messages': cannot write the tool calls into the history"); return -1; }
    memset(&nq, 0, sizeof nq);
    if (req_messages(&nq, mv, err, cap)) { free(b.p); req_free(&nq); return -1; }
    free(q->messages);
    for (i = 0; i < q->n_messages; i++) { free(q->roles[i]); free(q->contents[i]); }
    free(q->roles); free(q->contents);
    q->messages = nq.messages; q->messages_len = nq.messages_len;
    q->roles = nq.roles; q->contents = nq.contents; q->n_messages = nq.n_messages;
    free(b.p);
    return 0;
}

/* the calls in an answer (from call_at): whole, [{"id", "type", "function": {"name", "arguments"}}, ...];
   stream, {"index", ...} each; the count (0: none, or not well formed) */
static int srv_calls(const slot *sl, sbuf *out, int stream, int hermes) {
    const char *p = sl->text.p ? sl->text.p + sl->call_at : "", *e = sl->text.p ? sl->text.p + sl->text.n : p;
    int n = 0, k;
    wm_json one[64];
    char *keep[64];
    wm_json root, c;
    memset(keep, 0, sizeof keep);
    if (sl->tools != 2) return 0;
    if (hermes) { /* each <tool_call> BODY </tool_call> */
        const char *ol = srv_call_open, *cl = "</tool_call>";
        for (;;) {
            const char *a, *z;
            while (p < e && isspace((unsigned char)*p)) p++;
            if (p == e) break;
            if ((size_t)(e - p) < strlen(ol) || memcmp(p, ol, strlen(ol)) || n == 64) { n = 0; break; }
            a = p + strlen(ol);
            for (z = a; z + strlen(cl) <= e && memcmp(z, cl, strlen(cl)); z++) {}
            if (z + strlen(cl) > e) { n = 0; break; }
            if (!(keep[n] = (char *)malloc((size_t)(z - a) + 1))) { n = 0; break; }
            memcpy(keep[n], a, (size_t)(z - a));
            if (wm_json_parse(&one[n], keep[n], (size_t)(z - a), 0, SRV_MAX_DEPTH, NULL) != WM_OK) { n = 0; break; }
            n++;
            p = z + strlen(cl);
        }
    } else {
        if (wm_json_parse(&root, p, (size_t)(e - p), 0, SRV_MAX_DEPTH, NULL) != WM_OK) return 0;
        for (c = wm_json_first(wm_json_get(root, "tool_calls"), NULL); c.p; c = wm_json_next(c, NULL)) {
            if (n == 64) return 0; /* (more calls than a response holds: the answer stays text) */
            one[n++] = c;
        }
    }
    for (k = 0; k < n; k++) if (!wm_json_get(one[k], "name").p || !wm_json_get(one[k], "arguments").p) n = 0;
    for (k = 0; k < n; k++) {
        wm_json nm = wm_json_get(one[k], "name"), ag = wm_json_get(one[k], "arguments");
        uint64_t h = sl->seed * 0x9e3779b97f4a7c15ull + (uint64_t)(sl->ch * 64 + k + 1);
        h ^= h >> 31; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 29;
        if (stream) sb_fmt(out, "%s{\"index\":%d,", k ? "," : "", k);
        else sb_str(out, k ? ",{" : "{");
        sb_fmt(out, "\"id\":\"call_%016llx\",\"type\":\"function\",\"function\":{\"name\":", (unsigned long long)h);
        sb_add(out, nm.p, wm_json_bytes(nm));
        sb_str(out, ",\"arguments\":");
        sb_json(out, ag.p, wm_json_bytes(ag));
        sb_str(out, "}}");
    }
    for (k = 0; k < 64; k++) free(keep[k]);
    return n > 0 ? n : 0;
}

static uint64_t srv_seed(void) {
    unsigned long long ns = os_wall_ns(), v = (ns / 1000000000ull * 1000000007ull) ^ (ns % 1000000000ull) ^ (os_pid() << 32);
    return v % 1000000000000ull + 1;
}

/* the start of a response object or event: data (SSE) or not, its id, object, time and model */
static void srv_head(sbuf *b, const server *S, const slot *sl, int event, const char *object) {
    sb_fmt(b, "%s{\"id\":\"%s-%ld\",\"object\":\"%s\",\"created\":%ld,\"model\":", event ? "data: " : "", sl->q.chat ? "chatcmpl" : "cmpl", sl->id,
           object, (long)time(NULL));
    sb_json(b, S->name, strlen(S->name));
}

/* the logprobs value: null, chat's {"content": [...]}, or the completions' legacy arrays */
static void srv_lp_json(sbuf *b, const slot *sl) {
    if (!sl->q.logprobs) sb_str(b, "null");
    else if (sl->q.chat) { sb_str(b, "{\"content\":["); sb_add(b, sl->lp.p, sl->lp.n); sb_str(b, "]}"); }
    else {
        sb_str(b, "{\"tokens\":["); sb_add(b, sl->lp_tok.p, sl->lp_tok.n);
        sb_str(b, "],\"token_logprobs\":["); sb_add(b, sl->lp.p, sl->lp.n);
        sb_str(b, "],\"top_logprobs\":["); sb_add(b, sl->lp_top.p, sl->lp_top.n);
        sb_str(b, "],\"text_offset\":["); sb_add(b, sl->lp_off.p, sl->lp_off.n);
        sb_str(b, "]}");
    }
}

/* starts connection i's request q in slot k; 0, or an HTTP status with err */
/* ---- the prompt cache -------------------------------------------------------
   With split_exact sessions (S->exact) a prompt's state is the same bits
   however its prefill was split: each slot keeps the state two tokens short
   of its prompt's end (wm_session_save: recurrent and conv states, held SSD
   tokens, KV rows so far) and, after the answer, the state at the start of
   the conversation's next turn (srv_refill). (Without the cache sessions
   are plain and prompts go in SRV_CHUNK-token chunks from position 0, the
   chunks of wm generate's one call.) A request whose prompt
   begins with a kept checkpoint's tokens restores the longest one (any
   slot's) and prefills the rest, so its answer is the bytes it would be
   without the cache. Checkpoints stay under --cache-ram, the least recently
   used dropped first. */
/* a checkpoint's bytes: pages of their own (mmap), so a dropped one goes
   back to the system whatever its size (malloc's heap would keep the
   holes of ever larger blobs: RSS grew 14 % in a 12 s soak) */
static unsigned char *blob_alloc(size_t n) {
    void *p = os_pages(n + sizeof(size_t));
    if (!p) return NULL;
    memcpy(p, &n, sizeof n);
    return (unsigned char *)p + sizeof(size_t);
}

static void blob_free(unsigned char *b) {
    size_t n;
    if (!b) return;
    memcpy(&n, b - sizeof(size_t), sizeof n);
    os_pages_free(b - sizeof(size_t), n + sizeof(size_t));
}

static void srv_cache_drop(server *S, checkpoint *c) {
    S->cache_bytes -= c->n;
    blob_free(c->blob); free(c->toks);
    memset(c, 0, sizeof *c);
}

/* the longest checkpoint toks begin with, of at most last tokens, or NULL */
static checkpoint *srv_cache_best(server *S, const int32_t *toks, int last) {
    checkpoint *best = NULL;
    int k;
    for (k = 0; k < S->n_ck; k++) {
        checkpoint *c = &S->ck[k];
        if (c->pos > 0 && c->pos <= last && (!best || c->pos > best->pos) && !memcmp(c->toks, toks, sizeof(int32_t) * (size_t)c->pos)) best = c;
    }
    return best;
}

static void srv_cache_restore(server *S, slot *sl, int bypass) {
    int n = sl->n_prompt;
    checkpoint *best;
    sl->ckpt = -1;
    if (!S->cache_ram || bypass) return;
    best = srv_cache_best(S, sl->hist, n - 2); /* (two tokens short: no step feeds one prompt token, which a batch step takes as decoded) */
    if (best) {
        if (wm_session_restore(sl->s, NULL, NULL, best->blob, best->n) == WM_OK) {
            sl->fed = sl->cache_n = best->pos;
            best->used = now_s();
            sl->last_ck = (int)(best - S->ck);
        } else {
            warn("serve: a checkpoint did not restore (%s); prefilling the whole prompt", wm_session_error(sl->s));
            wm_session_reset(sl->s);
        }
    }
    sl->ckpt = n - 2 < sl->cache_n + 2 ? -1 : n - 2; /* the next checkpoint: two tokens short of its end, where a repeat of it restores */
}

/* split_exact: the prompt tokens a step feeds slot sl towards `to`: a chunk,
   never leaving one token alone (a batch step takes one token as decoded) */
static int srv_piece(const slot *sl, int to) {
    int m = to - sl->fed < SRV_CHUNK ? to - sl->fed : SRV_CHUNK;
    return to - sl->fed - m == 1 ? m - 1 : m;
}

/* a checkpoint entry for blob (n bytes, ownership taken) after toks[pos]:
   a free entry, or the least recently used ones' room; 0, or -1 (freed) */
static int srv_cache_put(server *S, unsigned char *blob, size_t n, const int32_t *toks, int pos) {
    int k;
    checkpoint *c = NULL;
    while (n <= S->cache_ram) {
        int lru = -1, free_k = -1;
        for (k = 0; k < S->n_ck; k++) {
            if (!S->ck[k].pos) { if (free_k < 0) free_k = k; }
            else if (lru < 0 || S->ck[k].used < S->ck[lru].used) lru = k;
        }
        if (free_k >= 0 && S->cache_bytes + n <= S->cache_ram) { c = &S->ck[free_k]; break; }
        if (lru < 0) break;
        srv_cache_drop(S, &S->ck[lru]);
    }
    if (!c || !(c->toks = (int32_t *)malloc(sizeof(int32_t) * (size_t)pos))) { blob_free(blob); return -1; }
    memcpy(c->toks, toks, sizeof(int32_t) * (size_t)pos);
    c->blob = blob; c->n = n; c->pos = pos; c->used = now_s();
    S->cache_bytes += n;
    return (int)(c - S->ck);
}

/* the slot's state at sl->ckpt, kept (an entry of the same tokens is only touched) */
static void srv_cache_save(server *S, slot *sl) {
    size_t need = 0, n = 0;
    int k;
    unsigned char *blob;
    for (k = 0; k < S->n_ck; k++)
        if (S->ck[k].pos == sl->ckpt && !memcmp(S->ck[k].toks, sl->hist, sizeof(int32_t) * (size_t)sl->ckpt)) { S->ck[k].used = now_s(); sl->last_ck = k; return; }
    if (wm_session_save(sl->s, NULL, NULL, NULL, 0, &need) != WM_OK || need > S->cache_ram || !(blob = blob_alloc(need))) return;
    if (wm_session_save(sl->s, NULL, NULL, blob, need, &n) != WM_OK) { blob_free(blob); return; }
    if ((k = srv_cache_put(S, blob, n, sl->hist, sl->ckpt)) >= 0) sl->last_ck = k;
}

/* POST /slots/ID?action=save|restore|erase ({"filename": NAME} for the
   first two, a file in --slot-save-path): save writes the slot's last
   checkpoint (its tokens and wm_session_save's blob), restore checks one
   against this model and session (wm_session_restore refuses another
   model, state or cache type) and puts it in the cache, erase drops the
   slot's checkpoint. Names with '/' or a leading '.' are refused. */
static int srv_slot_action(server *S, int i, int id, const char *query, const char *body, size_t blen, char *err, size_t cap) {
    wm_json root, fn;
    wm_error je;
    char name[256], path[4096];
    slot *sl;
    int act = !strcmp(query, "action=save") ? 1 : !strcmp(query, "action=restore") ? 2 : !strcmp(query, "action=erase") ? 3 : 0;
    FILE *f;
    if (!act) { snprintf(err, cap, "the action must be ?action=save, restore or erase"); return 400; }
    if (id < 0 || id >= S->np) { snprintf(err, cap, "no slot %d (0..%d)", id, S->np - 1); return 404; }
    sl = &S->slots[id];
    if (act == 3) { /* its conversation: the last checkpoint and those it began with (its prompt's, before the refill) */
        char ok[64];
        int k, n = 0;
        checkpoint *c = sl->last_ck >= 0 && S->ck[sl->last_ck].pos ? &S->ck[sl->last_ck] : NULL;
        for (k = 0; c && k < S->n_ck; k++)
            if (S->ck[k].pos && S->ck[k].pos < c->pos && !memcmp(S->ck[k].toks, c->toks, sizeof(int32_t) * (size_t)S->ck[k].pos)) srv_cache_drop(S, &S->ck[k]);
        if (c) { n = c->pos; srv_cache_drop(S, c); }
        sl->last_ck = -1;
        snprintf(ok, sizeof ok, "{\"id_slot\":%d,\"n_erased\":%d}", id, n);
        srv_respond(S, i, 200, "application/json", ok, strlen(ok), NULL);
        return 0;
    }
    if (!S->slot_dir) { snprintf(err, cap, "saving and restoring slots needs --slot-save-path DIR"); return 400; }
    if (wm_json_parse(&root, body, blen, 0, SRV_MAX_DEPTH, &je) != WM_OK || wm_json_type(root) != WM_JSON_OBJECT) { snprintf(err, cap, "the body must be a JSON object with a filename"); return 400; }
    fn = wm_json_get(root, "filename");
    if (!fn.p || wm_json_type(fn) != WM_JSON_STRING || wm_json_string(fn, name, sizeof name) >= sizeof name || !name[0] || name[0] == '.' ||
        strchr(name, '/') || strchr(name, '\\') || strchr(name, ':') || strstr(name, "..") || os_device_name(name)) {
        snprintf(err, cap, "'filename' must be a plain file name (no '/', '\\' or ':', no leading '.', no '..', no device name)");
        return 400;
    }
    snprintf(path, sizeof path, "%s/%s", S->slot_dir, name);
    if (act == 1) {
        checkpoint *c = sl->last_ck >= 0 && S->ck[sl->last_ck].pos ? &S->ck[sl->last_ck] : NULL;
        uint32_t pos;
        uint64_t n;
        char ok[384];
        if (sl->busy) { snprintf(err, cap, "slot %d is busy", id); return 409; }
        if (!c) { snprintf(err, cap, "slot %d holds no checkpoint (a prompt of 64 tokens or more makes one)", id); return 400; }
        pos = (uint32_t)c->pos; n = (uint64_t)c->n;
        if (!(f = fopen(path, "wb")) || fwrite("WMSL", 1, 4, f) != 4 || fwrite(&pos, 4, 1, f) != 1 || fwrite(c->toks, 4, pos, f) != pos ||
            fwrite(&n, 8, 1, f) != 1 || fwrite(c->blob, 1, c->n, f) != c->n || fclose(f) != 0) {
            snprintf(err, cap, "%s: cannot write (%s)", name, strerror(errno));
            return 500;
        }
        snprintf(ok, sizeof ok, "{\"id_slot\":%d,\"filename\":\"%s\",\"n_saved\":%u}", id, name, pos);
        srv_respond(S, i, 200, "application/json", ok, strlen(ok), NULL);
        return 0;
    } else {
        char magic[4], ok[384];
        uint32_t pos = 0;
        uint64_t n = 0;
        int32_t *toks = NULL;
        unsigned char *blob = NULL;
        int bad = 0, k;
        if (sl->busy) { snprintf(err, cap, "slot %d is busy", id); return 409; }
        if (!(f = fopen(path, "rb"))) { snprintf(err, cap, "%s: cannot open (%s)", name, strerror(errno)); return 404; }
        bad = fread(magic, 1, 4, f) != 4 || memcmp(magic, "WMSL", 4) || fread(&pos, 4, 1, f) != 1 || pos == 0 || (int)pos > S->n_ctx ||
              !(toks = (int32_t *)malloc(4 * (size_t)pos)) || fread(toks, 4, pos, f) != pos || fread(&n, 8, 1, f) != 1 || n == 0 || n > S->cache_ram ||
              !(blob = blob_alloc((size_t)n)) || fread(blob, 1, (size_t)n, f) != n;
        fclose(f);
        for (k = 0; !bad && k < (int)pos; k++) bad = toks[k] < 0 || toks[k] >= S->V;
        if (bad) { free(toks); blob_free(blob); snprintf(err, cap, "%s: not a slot file of this server (or larger than --cache-ram)", name); return 400; }
        if (wm_session_restore(sl->s, NULL, NULL, blob, (size_t)n) != WM_OK || wm_session_pos(sl->s) != (int)pos) {
            snprintf(err, cap, "%s: %s", name, wm_session_error(sl->s));
            wm_session_reset(sl->s);
            free(toks); blob_free(blob);
            return 400;
        }
        wm_session_reset(sl->s);
        sl->last_ck = srv_cache_put(S, blob, (size_t)n, toks, (int)pos);
        free(toks);
        if (sl->last_ck < 0) { snprintf(err, cap, "%s: no room under --cache-ram", name); return 507; }
        snprintf(ok, sizeof ok, "{\"id_slot\":%d,\"filename\":\"%s\",\"n_restored\":%u}", id, name, pos);
        srv_respond(S, i, 200, "application/json", ok, strlen(ok), NULL);
        return 0;
    }
}

/* logit_bias's entries as ids: a decimal key is an id, any other text
   biases each of its tokens (as llama-server does); 0, or -1 with err */
static int srv_bias(server *S, srv_req *q, char *err, size_t cap) {
    wm_json root, g, name;
    wm_error je;
    int32_t ids[64];
    if (wm_json_parse(&root, q->bias_json, q->bias_json_len, 0, SRV_MAX_DEPTH, &je) != WM_OK) { snprintf(err, cap, "logit_bias: %s", je.message); return -1; }
    for (g = wm_json_first(root, &name); g.p; g = wm_json_next(g, &name)) {
        char key[256];
        size_t kl = wm_json_string(name, key, sizeof key), j, n = 0;
        double b = 0;
        int digits = kl > 0 && kl < 10;
        wm_json_number(g, &b);
        for (j = 0; digits && j < kl; j++) digits = key[j] >= '0' && key[j] <= '9';
        if (digits) {
            long id = strtol(key, NULL, 10);
            if (id >= S->V) { snprintf(err, cap, "logit_bias: token id %ld is out of range (0..%d)", id, S->V - 1); return -1; }
            ids[0] = (int32_t)id;
            n = 1;
        } else if (kl >= sizeof key || wm_tokenize(S->t, key, kl, 0, ids, 64, &n) != WM_OK || !n) {
            snprintf(err, cap, "logit_bias: '%.40s' is no token id, nor a text of 1 to 64 tokens", key);
            return -1;
        }
        for (j = 0; j < n; j++) {
            int32_t *ni = (int32_t *)realloc(q->bias_id, sizeof(int32_t) * (size_t)(q->n_bias + 1));
            float *nb;
            if (ni) q->bias_id = ni;
            nb = (float *)realloc(q->bias, sizeof(float) * (size_t)(q->n_bias + 1));
            if (nb) q->bias = nb;
            if (!ni || !nb) { snprintf(err, cap, "out of memory"); return -1; }
            q->bias_id[q->n_bias] = ids[j];
            q->bias[q->n_bias++] = b <= -100 ? -INFINITY : (float)b; /* -100 bans */
        }
    }
    return 0;
}

/* logit_bias, then OpenAI's presence and frequency penalties over the answer so far */
static void srv_adjust(server *S, slot *sl, float *row) {
    int j;
    for (j = 0; j < sl->q.n_bias; j++) row[sl->q.bias_id[j]] += sl->q.bias[j];
    if (sl->q.presence == 0 && sl->q.frequency == 0) return;
    for (j = sl->n_prompt; j < sl->n_hist; j++) {
        int32_t t = sl->hist[j];
        if (t < 0 || t >= S->V) continue;
        row[t] -= (float)sl->q.frequency;
        if (!(sl->seen[t >> 3] & (1u << (t & 7)))) { sl->seen[t >> 3] |= (unsigned char)(1u << (t & 7)); row[t] -= (float)sl->q.presence; }
    }
    for (j = sl->n_prompt; j < sl->n_hist; j++) if (sl->hist[j] >= 0 && sl->hist[j] < S->V) sl->seen[sl->hist[j] >> 3] = 0;
}

/* the tool-call state of a choice's start: constrained from the first token, or waiting for a call */
static void srv_tool_reset(slot *sl) {
    sl->call_at = 0;
    if (sl->gs) wm_grammar_reset(sl->gs);
    sl->tools = !sl->q.n_tools || sl->q.tool_choice == TC_NONE || !sl->gs ? 0 : sl->q.tool_choice == TC_AUTO ? 1 : 2;
    sl->smp.grammar = sl->tools == 1 ? NULL : sl->gs;
}

/* the request's grammar (its own, or the tools') compiled for the slot; its EOS ids the slot's stop ids */
static int srv_grammar(server *S, slot *sl, const srv_req *q, char *err, size_t cap) {
    char *tg = NULL;
    const char *g = q->grammar;
    size_t n = q->grammar_len, gb = 0, sb;
    wm_grammar *gr;
    wm_error e;
    free(sl->gmem);
    sl->gmem = NULL;
    sl->gs = NULL;
    sl->tools = 0;
    sl->smp.grammar = NULL;
    if (q->chat && q->n_tools && q->tool_choice != TC_NONE) {
        if (srv_tool_grammar(S, q, &tg, &n, err, cap)) return -1;
        g = tg;
    }
    if (!g) return 0;
    if (wm_grammar_bytes(g, n, &gb, &e) != WM_OK) { snprintf(err, cap, "%s", e.message); free(tg); return -1; }
    sb = wm_grammar_state_bytes(NULL, S->t, NULL);
    if (!(sl->gmem = malloc(gb + sb)) || wm_grammar_init(&gr, g, n, sl->gmem, gb, &e) != WM_OK ||
        wm_grammar_state_init(&sl->gs, gr, S->t, sl->stop_ids, sl->n_stop_ids, NULL, (char *)sl->gmem + gb, sb, &e) != WM_OK) {
        snprintf(err, cap, "%s", sl->gmem ? e.message : "grammar: out of memory");
        free(sl->gmem);
        sl->gmem = NULL;
        sl->gs = NULL;
        free(tg);
        return -1;
    }
    free(tg);
    sl->smp.grammar = sl->gs;
    return 0;
}

/* tool_choice auto, after a token (its text from from on): a call begins
   with the answer's first character '{' (generic) or at <tool_call>
   (Hermes); from there the grammar holds it (what came is fed to it) */
static void srv_tool_trigger(const server *S, slot *sl, size_t from) {
    size_t k = 0, l = strlen(srv_call_open);
    if (!S->hermes) {
        while (k < sl->text.n && isspace((unsigned char)sl->text.p[k])) k++;
        if (k == sl->text.n) return;
        if (sl->text.p[k] != '{') { sl->tools = 0; return; } /* words: no call */
    } else {
        for (k = from >= l ? from - l + 1 : 0; k + l <= sl->text.n && memcmp(sl->text.p + k, srv_call_open, l); k++) {} /* (new text only) */
        if (k + l > sl->text.n) return;
    }
    wm_grammar_reset(sl->gs);
    if (wm_grammar_feed(sl->gs, sl->text.p + k, sl->text.n - k) != WM_OK) { sl->tools = 0; return; } /* (not a call after all) */
    sl->tools = 2;
    sl->call_at = k;
    sl->smp.grammar = sl->gs;
}

static int srv_start(server *S, int i, int k, srv_req *q, char *err, size_t cap) {
    slot *sl = &S->slots[k];
    char *text = NULL;
    size_t len = 0, n = 0;
    int add_special = !q->chat, room;
    wm_error e;
    if (q->chat) {
        if (srv_tool_messages(S, q, err, cap)) return 400;
        if (!(text = srv_chat_text(S, q, NULL, 0, &len, err, cap))) return err[0] ? 400 : 500;
    } else {
        text = q->prompt; len = q->prompt_len;
    }
    wm_session_reset(sl->s);
    room = wm_session_room(sl->s);
    if (wm_tokenize(S->t, text, len, add_special, sl->hist, (size_t)S->n_ctx + 1, &n) != WM_OK || n == 0) {
        if (n > (size_t)S->n_ctx || wm_tokenize(S->t, text, len, add_special, NULL, 0, &n) == WM_OK)
            snprintf(err, cap, "the prompt is %zu tokens; a slot holds %d (-c sets it)", n, S->n_ctx);
        else snprintf(err, cap, "the prompt cannot be tokenized");
        if (text != q->prompt) free(text);
        return 400;
    }
    if (text != q->prompt) free(text);
    if ((long)n >= room) { snprintf(err, cap, "the prompt is %zu tokens; a slot holds %d with room to answer (-c sets it)", n, S->n_ctx); return 400; }
    if (q->bias_json && srv_bias(S, q, err, cap)) return 400;
    sl->n_prompt = sl->n_hist = (int)n;
    sl->fed = sl->cache_n = 0;
    sl->ch = sl->n_gen_all = 0;
    sl->choices.n = 0;
    srv_cache_restore(S, sl, q->no_cache);
    sl->n_gen = 0;
    sl->max_gen = room - (int)n;
    if (q->max_tokens >= 0 && q->max_tokens < sl->max_gen) sl->max_gen = q->max_tokens;
    if (S->n_predict >= 0 && S->n_predict < sl->max_gen) sl->max_gen = S->n_predict;
    sl->smp = wm_sampler_default();
    sl->smp.temperature = (float)q->temperature;
    sl->smp.top_p = (float)q->top_p;
    sl->smp.top_k = q->top_k;
    sl->smp.min_p = (float)q->min_p;
    sl->smp.repeat_penalty = (float)q->repeat_penalty;
    sl->seed = q->has_seed ? q->seed : srv_seed();
    wm_sampler_seed(&sl->smp, sl->seed);
    if (wm_sampler_check(&sl->smp, &e) != WM_OK) { snprintf(err, cap, "%s", e.message); return 400; }
    sl->n_stop_ids = 0;
    {
        int j;
        for (j = 0; !q->ignore_eos && j < S->c->n_eos && sl->n_stop_ids < 8; j++) sl->stop_ids[sl->n_stop_ids++] = S->c->eos_token_ids[j];
        if (q->chat && !q->ignore_eos && S->chat_stop >= 0) sl->stop_ids[sl->n_stop_ids++] = S->chat_stop;
    }
    if (srv_grammar(S, sl, q, err, cap)) return 400;
    memset(&sl->us, 0, sizeof sl->us);
    sl->text.n = sl->lp.n = sl->lp_tok.n = sl->lp_off.n = sl->lp_top.n = 0;
    sl->text.oom = sl->lp.oom = sl->lp_tok.oom = sl->lp_off.oom = sl->lp_top.oom = 0;
    sl->sent = 0;
    sl->finish = 0;
    sl->q = *q;             /* the slot owns the request now */
    memset(q, 0, sizeof *q);
    srv_tool_reset(sl);
    sl->conn = i;
    sl->busy = 1;
    sl->id = ++S->next_id;
    sl->t0 = now_s();
    sl->t_first = 0;
    sl->deadline = sl->t0 + S->timeout;
    S->conns[i].slot = k;
    S->conns[i].state = CS_BUSY;
    if (sl->q.stream) { /* the head of the event stream, and the first chunk (chat: the role) */
        conn *c = &S->conns[i];
        c->keep_alive = 0;
        sb_str(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\nX-Accel-Buffering: no\r\n\r\n");
        if (sl->q.chat) {
            srv_head(&c->out, S, sl, 1, "chat.completion.chunk");
            sb_str(&c->out, ",\"system_fingerprint\":\"wm-" WM_VERSION_STRING "\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
        }
        c->t_progress = now_s();
    }
    S->n_requests++;
    return 0;
}

/* a token's logprob entry (OpenAI's): token, logprob, bytes, top_logprobs */
static void srv_logprobs(server *S, slot *sl, const float *row, int32_t tok) {
    double mx = -(double)INFINITY, sum = 0.0;
    int v, j, ntop = sl->q.top_logprobs, top[20];
    size_t bl = 0;
    const char *tb;
    for (v = 0; v < S->V; v++) if ((double)row[v] > mx) mx = (double)row[v];
    for (v = 0; v < S->V; v++) sum += exp((double)row[v] - mx);
    sum = log(sum);
    for (j = 0; j < ntop; j++) { /* the ntop best, best first (ties: the lower id): each the best after the one before */
        int best = -1, pv = j ? top[j - 1] : -1;
        for (v = 0; v < S->V; v++)
            if ((pv < 0 || row[v] < row[pv] || (row[v] == row[pv] && v > pv)) && (best < 0 || row[v] > row[best])) best = v;
        top[j] = best;
    }
#define LP(id) ((double)row[id] - mx - sum)
    tb = wm_token_bytes(S->t, tok, &bl);
    if (sl->q.chat) {
        if (sl->lp.n) sb_str(&sl->lp, ",");
        sb_str(&sl->lp, "{\"token\":");
        sb_json(&sl->lp, tb ? tb : "", bl);
        sb_fmt(&sl->lp, ",\"logprob\":%.6g,\"bytes\":[", LP(tok));
        for (v = 0; v < (int)bl; v++) sb_fmt(&sl->lp, "%s%d", v ? "," : "", (unsigned char)tb[v]);
        sb_str(&sl->lp, "],\"top_logprobs\":[");
        for (j = 0; j < ntop; j++) {
            size_t tl = 0;
            const char *tt = wm_token_bytes(S->t, top[j], &tl);
            sb_str(&sl->lp, j ? ",{\"token\":" : "{\"token\":");
            sb_json(&sl->lp, tt ? tt : "", tl);
            sb_fmt(&sl->lp, ",\"logprob\":%.6g,\"bytes\":[", LP(top[j]));
            for (v = 0; v < (int)tl; v++) sb_fmt(&sl->lp, "%s%d", v ? "," : "", (unsigned char)tt[v]);
            sb_str(&sl->lp, "]}");
        }
        sb_str(&sl->lp, "]}");
    } else { /* the legacy arrays */
        if (sl->lp_tok.n) { sb_str(&sl->lp_tok, ","); sb_str(&sl->lp, ","); sb_str(&sl->lp_off, ","); sb_str(&sl->lp_top, ","); }
        sb_json(&sl->lp_tok, tb ? tb : "", bl);
        sb_fmt(&sl->lp, "%.6g", LP(tok));
        sb_fmt(&sl->lp_off, "%zu", sl->text.n);
        sb_str(&sl->lp_top, "{");
        for (j = 0; j < ntop; j++) {
            size_t tl = 0;
            const char *tt = wm_token_bytes(S->t, top[j], &tl);
            if (j) sb_str(&sl->lp_top, ",");
            sb_json(&sl->lp_top, tt ? tt : "", tl);
            sb_fmt(&sl->lp_top, ":%.6g", LP(top[j]));
        }
        sb_str(&sl->lp_top, "}");
    }
#undef LP
}

static const char *srv_finish_name(int f) { return f == 1 ? "stop" : f == 3 ? "tool_calls" : "length"; }

/* 1 when auth[n] is "Bearer KEY": every byte compared whatever differs first, so the time
   taken says nothing of how much of a guess was right (only of its length) */
static int srv_key_ok(const char *key, const char *auth, size_t n) {
    size_t kl = strlen(key), i;
    unsigned char d;
    if (!auth || n < 7 || memcmp(auth, "Bearer ", 7)) return 0;
    d = (unsigned char)(n - 7 != kl);
    for (i = 0; i < kl; i++) d |= (unsigned char)(key[i] ^ (7 + i < n ? auth[7 + i] : ~key[i]));
    return d == 0;
}

/* the usage object */
static void srv_usage(sbuf *b, const slot *sl) {
    int g = sl->n_gen_all + sl->n_gen;
    sb_fmt(b, "\"usage\":{\"prompt_tokens\":%d,\"completion_tokens\":%d,\"total_tokens\":%d}", sl->n_prompt, g, sl->n_prompt + g);
}
/* llama-server's timings: the prompt from the request's start to the first
   token, the answer from there to the end (cache_n: prompt tokens not
   prefilled) */
static void srv_timings(sbuf *b, const slot *sl) {
    double end = now_s(), first = sl->t_first ? sl->t_first : end, pm = 1e3 * (first - sl->t0), gm = 1e3 * (end - first);
    int pn = sl->n_prompt - sl->cache_n;
    sb_fmt(b, "\"timings\":{\"cache_n\":%d,\"prompt_n\":%d,\"prompt_ms\":%.3f,\"prompt_per_token_ms\":%.3f,\"prompt_per_second\":%.3f,"
              "\"predicted_n\":%d,\"predicted_ms\":%.3f,\"predicted_per_token_ms\":%.3f,\"predicted_per_second\":%.3f}",
           sl->cache_n, pn, pm, pn ? pm / pn : 0.0, pm > 0 ? 1e3 * pn / pm : 0.0, sl->n_gen, gm, sl->n_gen ? gm / sl->n_gen : 0.0,
           gm > 0 ? 1e3 * sl->n_gen / gm : 0.0);
}

/* streams the text that is safe to send (a stop string may still begin in the rest), and the end when finished */
static void srv_stream(server *S, slot *sl) {
    conn *c = &S->conns[sl->conn];
    size_t hold = 0, end;
    int j;
    for (j = 0; !sl->finish && j < sl->q.n_stop; j++) {
        size_t l = sl->q.stop_len[j] - 1;
        if (l > hold) hold = l;
    }
    if (sl->tools == 1 && !sl->finish) { /* a call may yet begin: generic, before the first character; Hermes, a partial <tool_call> */
        size_t k = 0;
        if (S->hermes) { if (strlen(srv_call_open) - 1 > hold) hold = strlen(srv_call_open) - 1; }
        else { while (k < sl->text.n && isspace((unsigned char)sl->text.p[k])) k++; if (k == sl->text.n) hold = sl->text.n; }
    }
    end = sl->text.n > hold ? sl->text.n - hold : 0;
    if (sl->tools == 2 && (!sl->finish || sl->finish == 3) && end > sl->call_at) end = sl->call_at; /* a call is not content */
    if (end < sl->sent) end = sl->sent;
    while (end > sl->sent && end < sl->text.n && ((unsigned char)sl->text.p[end] & 0xc0) == 0x80) end--; /* whole characters */
    if (end > sl->sent || (sl->lp.n && sl->q.chat) || sl->lp_tok.n) {
        if (sl->q.chat) {
            srv_head(&c->out, S, sl, 1, "chat.completion.chunk");
            sb_fmt(&c->out, ",\"system_fingerprint\":\"wm-" WM_VERSION_STRING "\",\"choices\":[{\"index\":%d,\"delta\":{\"content\":", sl->ch);
            sb_json(&c->out, sl->text.p + sl->sent, end - sl->sent);
            sb_str(&c->out, "},\"logprobs\":");
            srv_lp_json(&c->out, sl);
            sb_str(&c->out, ",\"finish_reason\":null}]}\n\n");
        } else {
            srv_head(&c->out, S, sl, 1, "text_completion");
            sb_fmt(&c->out, ",\"choices\":[{\"index\":%d,\"text\":", sl->ch);
            sb_json(&c->out, sl->text.p + sl->sent, end - sl->sent);
            sb_str(&c->out, ",\"logprobs\":");
            srv_lp_json(&c->out, sl);
            sb_str(&c->out, ",\"finish_reason\":null}]}\n\n");
        }
        sl->sent = end;
        sl->lp.n = sl->lp_tok.n = sl->lp_off.n = sl->lp_top.n = 0;
    }
    if (sl->finish == 3) { /* the calls, whole, keyed by index */
        srv_head(&c->out, S, sl, 1, "chat.completion.chunk");
        sb_fmt(&c->out, ",\"system_fingerprint\":\"wm-" WM_VERSION_STRING "\",\"choices\":[{\"index\":%d,\"delta\":{\"tool_calls\":[", sl->ch);
        srv_calls(sl, &c->out, 1, S->hermes);
        sb_str(&c->out, "]},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
    }
    if (sl->finish) {
        int last = sl->ch + 1 >= (sl->q.n > 1 ? sl->q.n : 1);
        if (sl->q.chat) {
            srv_head(&c->out, S, sl, 1, "chat.completion.chunk");
            sb_fmt(&c->out, ",\"system_fingerprint\":\"wm-" WM_VERSION_STRING "\",\"choices\":[{\"index\":%d,\"delta\":{},\"logprobs\":null,\"finish_reason\":\"%s\"}]",
                   sl->ch, srv_finish_name(sl->finish));
        } else {
            srv_head(&c->out, S, sl, 1, "text_completion");
            sb_fmt(&c->out, ",\"choices\":[{\"index\":%d,\"text\":\"\",\"logprobs\":null,\"finish_reason\":\"%s\"}]", sl->ch, srv_finish_name(sl->finish));
        }
        if (!last) { sb_str(&c->out, "}\n\n"); return; } /* the next choice follows */
        sb_str(&c->out, ",");
        srv_timings(&c->out, sl); /* (the last chunk's, as llama-server's) */
        sb_str(&c->out, "}\n\n");
        if (sl->q.include_usage) {
            srv_head(&c->out, S, sl, 1, sl->q.chat ? "chat.completion.chunk" : "text_completion");
            sb_str(&c->out, ",\"choices\":[],");
            srv_usage(&c->out, sl);
            sb_str(&c->out, "}\n\n");
        }
        sb_str(&c->out, "data: [DONE]\n\n");
        c->state = CS_WRITE;
        c->close_after = 1;
    }
}

/* the current choice of a whole response: {"index", message or text, logprobs, finish_reason} */
static void srv_choice(const server *S, sbuf *b, const slot *sl) {
    if (sl->q.chat) {
        size_t n = sl->finish == 3 ? sl->call_at : sl->text.n, k = 0;
        sb_fmt(b, "{\"index\":%d,\"message\":{\"role\":\"assistant\",\"content\":", sl->ch);
        while (sl->finish == 3 && k < n && isspace((unsigned char)sl->text.p[k])) k++;
        if (sl->finish == 3 && k == n) sb_str(b, "null");
        else sb_json(b, sl->text.p ? sl->text.p : "", n);
        if (sl->finish == 3) { sb_str(b, ",\"tool_calls\":["); srv_calls(sl, b, 0, S->hermes); sb_str(b, "]"); }
        sb_str(b, ",\"refusal\":null},\"logprobs\":");
    } else {
        sb_fmt(b, "{\"index\":%d,\"text\":", sl->ch);
        sb_json(b, sl->text.p ? sl->text.p : "", sl->text.n);
        sb_str(b, ",\"logprobs\":");
    }
    srv_lp_json(b, sl);
    sb_fmt(b, ",\"finish_reason\":\"%s\"}", srv_finish_name(sl->finish));
}

/* the whole response of a finished slot */
static void srv_whole(server *S, slot *sl) {
    sbuf b = {NULL, 0, 0, 0};
    if (sl->q.chat) {
        srv_head(&b, S, sl, 0, "chat.completion");
        sb_str(&b, ",\"system_fingerprint\":\"wm-" WM_VERSION_STRING "\",\"choices\":[");
    } else {
        srv_head(&b, S, sl, 0, "text_completion");
        sb_str(&b, ",\"choices\":[");
    }
    if (sl->choices.n) { sb_add(&b, sl->choices.p, sl->choices.n); sb_str(&b, ","); } /* (n > 1: those before) */
    b.oom |= sl->choices.oom;
    srv_choice(S, &b, sl);
    sb_str(&b, "],");
    srv_usage(&b, sl);
    sb_str(&b, ",");
    srv_timings(&b, sl);
    sb_str(&b, "}");
    if (b.oom) srv_error(S, sl->conn, 500, "out of memory");
    else srv_respond(S, sl->conn, 200, "application/json", b.p, b.n, NULL);
    free(b.p);
}

/* split_exact, after an answer: how the next turn will begin, into hist
   [0, n_refill), tokenized as a prompt is (the answer's text, not the ids
   sampled): a chat rendered again with the answer as its last message; a
   completion's prompt and answer, but their last token (text after it may
   join it); 0 when that is not known */
static int srv_refill_tokens(server *S, slot *sl) {
    size_t len = 0, n = 0;
    char err[256], *text;
    sbuf b = {NULL, 0, 0, 0};
    if (sl->q.chat) text = srv_chat_text(S, &sl->q, sl->text.p ? sl->text.p : "", sl->text.n, &len, err, sizeof err);
    else {
        sb_add(&b, sl->q.prompt, sl->q.prompt_len);
        sb_add(&b, sl->text.p ? sl->text.p : "", sl->text.n);
        text = b.oom ? NULL : b.p;
        len = b.n;
    }
    if (!text) { free(b.p); return 0; }
    if (wm_tokenize(S->t, text, len, !sl->q.chat, sl->hist, (size_t)S->n_ctx + 1, &n) != WM_OK || n > (size_t)S->n_ctx) n = 0;
    free(text);
    sl->n_refill = (int)n - !sl->q.chat;
    return sl->n_refill > sl->n_prompt + 1; /* (an answer of a token or two: the prompt's checkpoint will do) */
}

/* ... then those tokens prefilled from the longest checkpoint they begin
   with and kept as one (the slot busy meanwhile: no request starts before),
   so the next turn prefills only what it adds; the answer's decoded state
   is not a prefill's bits, and the answer tokenized as a prompt need not be
   the ids sampled */
static void srv_refill(server *S, slot *sl) {
    checkpoint *best = srv_cache_best(S, sl->hist, sl->n_refill - 2);
    if (!best || wm_session_restore(sl->s, NULL, NULL, best->blob, best->n) != WM_OK) return;
    best->used = now_s();
    sl->fed = best->pos;
    sl->busy = 3;
}

static void srv_slot_end(server *S, slot *sl) {
    int refill;
    {
        double end = now_s(), first = sl->t_first ? sl->t_first : end;
        S->m_prompt_n += sl->n_prompt - sl->cache_n; S->m_prompt_s += first - sl->t0;
        S->m_pred_n += sl->n_gen_all + sl->n_gen; S->m_pred_s += end - first;
    }
    if (S->verbose)
        fprintf(stderr, "wm serve: request %ld: %d prompt + %d tokens in %.2f s (%s)%s\n", sl->id, sl->n_prompt, sl->n_gen, now_s() - sl->t0,
                srv_finish_name(sl->finish), sl->conn < 0 ? ", client gone" : "");
    if (sl->conn >= 0) {
        conn *c = &S->conns[sl->conn];
        if (sl->q.stream) srv_stream(S, sl);
        else srv_whole(S, sl);
        c->slot = -1;
    }
    refill = S->exact && S->cache_ram && !sl->q.no_cache && sl->q.n <= 1 && sl->conn >= 0 && sl->n_gen > 0 && srv_refill_tokens(S, sl);
    req_free(&sl->q);
    free(sl->gmem);
    sl->gmem = NULL; sl->gs = NULL; sl->smp.grammar = NULL; sl->tools = 0;
    free(sl->snap0); free(sl->row0);
    sl->snap0 = NULL; sl->row0 = NULL;
    sl->choices.n = 0; sl->choices.oom = 0;
    sl->busy = 0;
    sl->conn = -1;
    if (refill) srv_refill(S, sl);
}

/* n > 1: the finished choice sent (stream) or kept (whole), then the next
   from the prompt's state and logits, its sampler seeded seed + index */
static void srv_token(server *S, slot *sl, float *row);
static void srv_next_choice(server *S, slot *sl) {
    float *row;
    if (sl->q.stream) srv_stream(S, sl);
    else { if (sl->choices.n) sb_str(&sl->choices, ","); srv_choice(S, &sl->choices, sl); }
    sl->n_gen_all += sl->n_gen;
    sl->ch++;
    sl->n_gen = 0; sl->n_hist = sl->n_prompt; sl->finish = 0;
    sl->text.n = sl->lp.n = sl->lp_tok.n = sl->lp_off.n = sl->lp_top.n = 0;
    sl->sent = 0;
    memset(&sl->us, 0, sizeof sl->us);
    wm_sampler_seed(&sl->smp, sl->seed + (unsigned long long)sl->ch);
    srv_tool_reset(sl);
    if (!(row = (float *)malloc(sizeof(float) * (size_t)S->V)) || wm_session_restore(sl->s, NULL, NULL, sl->snap0, sl->snap0_n) != WM_OK) {
        free(row);
        sl->finish = 2;
        return;
    }
    memcpy(row, sl->row0, sizeof(float) * (size_t)S->V);
    srv_token(S, sl, row);
    free(row);
}

/* a sampled token: its text, the stop strings, the limits */
static void srv_token(server *S, slot *sl, float *row) {
    int32_t tok;
    size_t bl = 0, w, from;
    const char *tb;
    int j;
    float *copy = NULL;
    if (sl->n_gen >= sl->max_gen) { sl->finish = 2; return; } /* max_tokens 0 (or -n 0): the prompt read, nothing sampled */
    if (sl->q.logprobs) { /* of the model's distribution: the row before the sampler changes it */
        if (!(copy = (float *)malloc(sizeof(float) * (size_t)S->V))) { sl->finish = 2; return; }
        memcpy(copy, row, sizeof(float) * (size_t)S->V);
    }
    srv_adjust(S, sl, row);
    if (wm_sample(&sl->smp, row, S->V, sl->hist, sl->n_hist, sl->work, &tok) != WM_OK) { sl->finish = 2; free(copy); return; }
    for (j = 0; j < sl->n_stop_ids; j++)
        if (sl->stop_ids[j] == tok) { sl->finish = 1; break; }
    if (copy && !sl->finish) srv_logprobs(S, sl, copy, tok);
    free(copy);
    if (!sl->finish) {
        if (sl->n_hist < S->n_ctx + 1) sl->hist[sl->n_hist++] = tok;
        sl->n_gen++;
        S->n_tokens++;
        if (!sl->t_first) sl->t_first = now_s();
        tb = wm_token_bytes(S->t, tok, &bl);
        w = tb ? wm_utf8_push(&sl->us, tb, bl, sl->tok_text) : 0;
        from = sl->text.n;
        sb_add(&sl->text, sl->tok_text, w);
        if (sl->tools == 1 && !sl->text.oom) srv_tool_trigger(S, sl, from);
        if (sl->smp.grammar && wm_grammar_complete(sl->gs) == 2) sl->finish = 1; /* nothing may follow */
        for (j = 0; j < sl->q.n_stop; j++) { /* a stop string ends the answer before it */
            size_t l = sl->q.stop_len[j], k0 = from >= l ? from - l + 1 : 0, k;
            for (k = k0; k + l <= sl->text.n; k++)
                if (!memcmp(sl->text.p + k, sl->q.stop[j], l)) { sl->text.n = k; sl->finish = 1; break; }
            if (sl->finish) break;
        }
        sl->next = tok;
    }
    if (!sl->finish && (sl->n_gen >= sl->max_gen || wm_session_room(sl->s) < 1)) sl->finish = 2;
    if (sl->finish) { /* the last partial character */
        char tail[16];
        w = wm_utf8_flush(&sl->us, tail);
        if (sl->finish == 2) sb_add(&sl->text, tail, w);
        if (sl->text.p) sl->text.p[sl->text.n] = 0;
        if (sl->tools == 2) { /* the calls, when they are whole */
            sbuf b = {NULL, 0, 0, 0};
            if (srv_calls(sl, &b, 0, S->hermes) > 0) sl->finish = 3;
            free(b.p);
        }
    }
}

/* one step of every busy slot: prompt chunks beside decoded tokens */
static int srv_step(server *S) {
    wm_session *ss[256];
    int32_t *toks = S->toks;
    int nt[256], who[256], n = 0, rows = 0, k, cap = S->rows;
    double t0, t1;
    for (k = 0; k < S->np; k++) { /* the clients that left, or ran out of time, first */
        slot *sl = &S->slots[k];
        if (sl->busy == 3) continue; /* (a refill has no client) */
        if (sl->busy && sl->conn < 0) { sl->finish = 2; srv_slot_end(S, sl); }
        else if (sl->busy && now_s() > sl->deadline) { sl->finish = 2; srv_slot_end(S, sl); }
    }
    for (k = 0; k < S->np; k++) {
        slot *sl = &S->slots[k];
        int m;
        if (sl->busy == 2) m = 1;
        else if (sl->busy == 1 && S->exact) m = srv_piece(sl, sl->ckpt > sl->fed ? sl->ckpt : sl->n_prompt);
        else if (sl->busy == 1) m = sl->n_prompt - sl->fed < SRV_CHUNK ? sl->n_prompt - sl->fed : SRV_CHUNK;
        else if (sl->busy == 3) m = srv_piece(sl, sl->n_refill);
        else continue;
        if (rows + m > cap) continue; /* a whole chunk next step (the same chunks under any load) */
        ss[n] = sl->s; nt[n] = m; who[n] = k;
        if (sl->busy == 2) toks[rows] = sl->next;
        else memcpy(toks + rows, sl->hist + sl->fed, sizeof(int32_t) * (size_t)m);
        rows += m;
        n++;
    }
    if (!n) return 0;
    t0 = now_s();
    if (wm_batch_step(S->b, ss, toks, nt, n, S->logits) != WM_OK) {
        warn("serve: %s", wm_batch_error(S->b));
        for (k = 0; k < n; k++) { S->slots[who[k]].finish = 2; srv_slot_end(S, &S->slots[who[k]]); }
        return n;
    }
    t1 = now_s();
    for (k = 0; k < n; k++) {
        slot *sl = &S->slots[who[k]];
        if (sl->busy == 3) { /* refilled: the conversation so far kept, the slot free */
            sl->fed += nt[k];
            S->n_refill += nt[k];
            if (sl->fed < sl->n_refill) continue;
            sl->ckpt = sl->n_refill;
            srv_cache_save(S, sl);
            sl->busy = 0;
            continue;
        }
        if (sl->busy == 1) {
            sl->fed += nt[k];
            if (sl->fed == sl->ckpt) srv_cache_save(S, sl);
            if (sl->fed < sl->n_prompt) continue;
            sl->busy = 2;
            if (sl->q.n > 1) { /* every choice starts from here */
                size_t need = 0;
                if (wm_session_save(sl->s, NULL, NULL, NULL, 0, &need) != WM_OK || !(sl->snap0 = (unsigned char *)malloc(need)) ||
                    !(sl->row0 = (float *)malloc(sizeof(float) * (size_t)S->V)) ||
                    wm_session_save(sl->s, NULL, NULL, sl->snap0, need, &sl->snap0_n) != WM_OK) { sl->finish = 2; srv_slot_end(S, sl); continue; }
                memcpy(sl->row0, S->logits + (size_t)k * S->V, sizeof(float) * (size_t)S->V);
            }
        }
        srv_token(S, sl, S->logits + (size_t)k * S->V);
        while (sl->finish && sl->ch + 1 < sl->q.n && sl->conn >= 0) srv_next_choice(S, sl);
        if (sl->finish) srv_slot_end(S, sl);
        else if (sl->q.stream && sl->conn >= 0) srv_stream(S, sl);
    }
    S->n_steps++;
    S->n_rows += rows;
    S->t_model += t1 - t0;
    S->t_steps += now_s() - t0;
    return n;
}

/* ---- routing ---- */
static int srv_free_slot(server *S) {
    int k;
    for (k = 0; k < S->np; k++) if (S->slots[k].busy == 3) return -1; /* (a refill first: the next turn of its conversation finds it) */
    for (k = 0; k < S->np; k++) if (!S->slots[k].busy) return k;
    return -1;
}

static void srv_begin(server *S, int i) { /* a parsed request of connection i into a slot, or an error */
    conn *c = &S->conns[i];
    char err[512];
    int k = srv_free_slot(S), st;
    if (k < 0) return;
    err[0] = 0;
    st = srv_start(S, i, k, &c->q, err, sizeof err);
    if (st) {
        req_free(&c->q);
        srv_error(S, i, st, err[0] ? err : "out of memory");
    }
}

static void srv_models(server *S, int i) {
    sbuf b = {NULL, 0, 0, 0};
    sb_str(&b, "{\"object\":\"list\",\"data\":[{\"id\":");
    sb_json(&b, S->name, strlen(S->name));
    sb_fmt(&b, ",\"object\":\"model\",\"created\":%ld,\"owned_by\":\"wm.h\",\"meta\":{\"n_ctx\":%d,\"n_vocab\":%d,\"n_params\":%llu,\"slots\":%d}}]}",
           (long)time(NULL), S->n_ctx, S->V, (unsigned long long)wm_model_n_params(S->m), S->np);
    srv_respond(S, i, 200, "application/json", b.p, b.n, NULL);
    free(b.p);
}

/* POST /tokenize {"content", "add_special", "with_pieces"} and /detokenize
   {"tokens"}, as llama-server answers them: 0, or a status with err */
static int srv_tokens(server *S, int i, int detok, const char *body, size_t n, char *err, size_t cap) {
    wm_json root, v, name;
    wm_error je;
    sbuf b = {NULL, 0, 0, 0};
    char *content = NULL;
    size_t len = 0, nt = 0, k;
    int add_special = 0, pieces = 0, got = 0;
    int32_t *ids = NULL;
    if (wm_json_parse(&root, body, n, 0, SRV_MAX_DEPTH, &je) != WM_OK) { snprintf(err, cap, "the body is %s", je.message); return 400; }
    if (wm_json_type(root) != WM_JSON_OBJECT) { snprintf(err, cap, "the body must be a JSON object"); return 400; }
    for (v = wm_json_first(root, &name); v.p; v = wm_json_next(v, &name)) {
        int t = wm_json_type(v);
        if (!detok && wm_json_is(name, "content")) {
            if (t != WM_JSON_STRING) { snprintf(err, cap, "'content' must be a string"); goto bad; }
            free(content);
            if (!(content = js_strdup(v, &len))) goto oom;
            got = 1;
        } else if (!detok && (wm_json_is(name, "add_special") || wm_json_is(name, "with_pieces") || wm_json_is(name, "parse_special"))) {
            if (t != WM_JSON_TRUE && t != WM_JSON_FALSE) { snprintf(err, cap, "'%s' must be true or false", wm_json_is(name, "add_special") ? "add_special" : wm_json_is(name, "with_pieces") ? "with_pieces" : "parse_special"); goto bad; }
            if (wm_json_is(name, "add_special")) add_special = t == WM_JSON_TRUE;
            else if (wm_json_is(name, "with_pieces")) pieces = t == WM_JSON_TRUE; /* (parse_special: added tokens are always matched) */
        } else if (detok && wm_json_is(name, "tokens")) {
            wm_json e;
            if (t != WM_JSON_ARRAY) { snprintf(err, cap, "'tokens' must be an array of token ids"); goto bad; }
            free(ids);
            if (!(ids = (int32_t *)malloc(sizeof *ids * (wm_json_count(v) + 1)))) goto oom;
            for (nt = 0, e = wm_json_first(v, NULL); e.p; e = wm_json_next(e, NULL)) {
                double x;
                if (!wm_json_number(e, &x) || x != (double)(long)x || x < 0 || x >= wm_tokenizer_n_vocab(S->t)) {
                    snprintf(err, cap, "tokens[%zu] is not a token id (0..%d)", nt, wm_tokenizer_n_vocab(S->t) - 1);
                    goto bad;
                }
                ids[nt++] = (int32_t)x;
            }
            got = 1;
        } else {
            char key[64];
            wm_json_string(name, key, sizeof key);
            snprintf(err, cap, "unknown field '%s'", key);
            goto bad;
        }
    }
    if (!got) { snprintf(err, cap, detok ? "'tokens' is required" : "'content' is required"); goto bad; }
    if (detok) {
        if (wm_detokenize(S->t, ids, nt, NULL, 0, &len) != WM_OK && len == 0) goto oom;
        free(content);
        if (!(content = (char *)malloc(len + 1)) || wm_detokenize(S->t, ids, nt, content, len + 1, &len) != WM_OK) goto oom;
        sb_str(&b, "{\"content\":");
        sb_json(&b, content, len);
        sb_str(&b, "}");
    } else {
        if (wm_tokenize(S->t, content, len, add_special, NULL, 0, &nt) != WM_OK && nt == 0 && len) goto oom;
        if (!(ids = (int32_t *)malloc(sizeof *ids * (nt + 1))) || wm_tokenize(S->t, content, len, add_special, ids, nt + 1, &nt) != WM_OK) goto oom;
        sb_str(&b, "{\"tokens\":[");
        for (k = 0; k < nt; k++) {
            size_t bl = 0;
            const char *tb = wm_token_bytes(S->t, ids[k], &bl);
            if (k) sb_str(&b, ",");
            if (!pieces) { sb_fmt(&b, "%d", (int)ids[k]); continue; }
            sb_fmt(&b, "{\"id\":%d,\"piece\":", (int)ids[k]);
            if (tb && wm_utf8_valid(tb, bl)) sb_json(&b, tb, bl);
            else { /* a piece that is no whole UTF-8: its bytes, as llama-server gives them */
                size_t j;
                sb_str(&b, "[");
                for (j = 0; tb && j < bl; j++) sb_fmt(&b, "%s%u", j ? "," : "", (unsigned)(unsigned char)tb[j]);
                sb_str(&b, "]");
            }
            sb_str(&b, "}");
        }
        sb_str(&b, "]}");
    }
    if (b.oom) goto oom;
    srv_respond(S, i, 200, "application/json", b.p, b.n, NULL);
    free(b.p); free(content); free(ids);
    return 0;
oom:
    snprintf(err, cap, "out of memory");
    free(b.p); free(content); free(ids);
    return 500;
bad:
    free(b.p); free(content); free(ids);
    return 400;
}

/* GET /props, /slots and /metrics: what scripts written for llama-server read */
static void srv_info(server *S, int i, int what) {
    sbuf b = {NULL, 0, 0, 0};
    int k, busy = 0;
    for (k = 0; k < S->np; k++) busy += S->slots[k].busy != 0;
    if (what == 0) { /* /props */
        sb_fmt(&b, "{\"default_generation_settings\":{\"n_ctx\":%d,\"params\":{\"temperature\":1.0,\"top_p\":1.0,\"top_k\":0,\"min_p\":0.0,"
                   "\"repeat_penalty\":1.0,\"n_predict\":%d}},\"total_slots\":%d,\"model_path\":",
               S->n_ctx, S->n_predict, S->np);
        sb_json(&b, S->name, strlen(S->name));
        sb_str(&b, ",\"chat_template\":");
        if (S->tcfg) {
            wm_json root, tpl;
            wm_error je;
            char *t = NULL;
            size_t tl = 0;
            if (wm_json_parse(&root, S->tcfg, S->tcfg_n, 0, SRV_MAX_DEPTH, &je) == WM_OK && (tpl = wm_json_get(root, "chat_template")).p &&
                wm_json_type(tpl) == WM_JSON_STRING && (t = js_strdup(tpl, &tl)) != NULL) sb_json(&b, t, tl);
            else sb_str(&b, "null");
            free(t);
        } else sb_json(&b, S->ct->name, strlen(S->ct->name));
        sb_fmt(&b, ",\"modalities\":{\"vision\":false,\"audio\":false},\"build_info\":\"wm.h " WM_VERSION_STRING "\"}");
        srv_respond(S, i, b.oom ? 500 : 200, "application/json", b.oom ? "" : b.p, b.oom ? 0 : b.n, NULL);
    } else if (what == 1) { /* /slots */
        sb_str(&b, "[");
        for (k = 0; k < S->np; k++) {
            const slot *sl = &S->slots[k];
            sb_fmt(&b, "%s{\"id\":%d,\"n_ctx\":%d,\"is_processing\":%s,\"id_task\":%ld,\"n_prompt_tokens\":%d,\"n_decoded\":%d,\"cache_n\":%d}", k ? "," : "", k,
                   S->n_ctx, sl->busy ? "true" : "false", sl->busy ? sl->id : -1L, sl->busy ? sl->n_prompt : 0, sl->busy ? sl->n_gen : 0, sl->busy ? sl->cache_n : 0);
        }
        sb_str(&b, "]");
        srv_respond(S, i, b.oom ? 500 : 200, "application/json", b.oom ? "" : b.p, b.oom ? 0 : b.n, NULL);
    } else { /* /metrics: llama-server's names, so its dashboards read them */
        sb_fmt(&b, "# HELP llamacpp:prompt_tokens_total Number of prompt tokens processed.\n# TYPE llamacpp:prompt_tokens_total counter\nllamacpp:prompt_tokens_total %.0f\n"
                   "# HELP llamacpp:prompt_seconds_total Prompt process time\n# TYPE llamacpp:prompt_seconds_total counter\nllamacpp:prompt_seconds_total %.6f\n"
                   "# HELP llamacpp:tokens_predicted_total Number of generation tokens processed.\n# TYPE llamacpp:tokens_predicted_total counter\nllamacpp:tokens_predicted_total %.0f\n"
                   "# HELP llamacpp:tokens_predicted_seconds_total Predict process time\n# TYPE llamacpp:tokens_predicted_seconds_total counter\nllamacpp:tokens_predicted_seconds_total %.6f\n"
                   "# HELP llamacpp:n_decode_total Total number of llama_decode() calls\n# TYPE llamacpp:n_decode_total counter\nllamacpp:n_decode_total %ld\n"
                   "# HELP llamacpp:n_busy_slots_per_decode Average number of busy slots per llama_decode() call\n# TYPE llamacpp:n_busy_slots_per_decode gauge\nllamacpp:n_busy_slots_per_decode %.6f\n"
                   "# HELP llamacpp:prompt_tokens_seconds Average prompt throughput in tokens/s.\n# TYPE llamacpp:prompt_tokens_seconds gauge\nllamacpp:prompt_tokens_seconds %.6f\n"
                   "# HELP llamacpp:predicted_tokens_seconds Average generation throughput in tokens/s.\n# TYPE llamacpp:predicted_tokens_seconds gauge\nllamacpp:predicted_tokens_seconds %.6f\n"
                   "# HELP llamacpp:requests_processing Number of requests processing.\n# TYPE llamacpp:requests_processing gauge\nllamacpp:requests_processing %d\n"
                   "# HELP llamacpp:requests_deferred Number of requests deferred.\n# TYPE llamacpp:requests_deferred gauge\nllamacpp:requests_deferred %d\n"
                   "# HELP wm:cache_bytes Bytes of prompt-cache checkpoints.\n# TYPE wm:cache_bytes gauge\nwm:cache_bytes %zu\n"
                   "# HELP wm:refill_tokens_total Tokens prefilled after answers for the next turn's checkpoint.\n# TYPE wm:refill_tokens_total counter\nwm:refill_tokens_total %ld\n"
                   "# HELP wm:http_head_bytes_scanned_total Bytes of request heads looked at.\n# TYPE wm:http_head_bytes_scanned_total counter\nwm:http_head_bytes_scanned_total %llu\n",
               S->m_prompt_n, S->m_prompt_s, S->m_pred_n, S->m_pred_s, S->n_steps, S->n_steps ? (double)S->n_rows / (double)S->n_steps : 0.0,
               S->m_prompt_s > 0 ? S->m_prompt_n / S->m_prompt_s : 0.0, S->m_pred_s > 0 ? S->m_pred_n / S->m_pred_s : 0.0, busy, S->n_queue, S->cache_bytes, S->n_refill, S->n_head_scanned);
        srv_respond(S, i, b.oom ? 500 : 200, "text/plain; version=0.0.4", b.oom ? "" : b.p, b.oom ? 0 : b.n, NULL);
    }
    free(b.p);
}

static void srv_route(server *S, int i, const http_req *r, const char *body) {
    conn *c = &S->conns[i];
    int head = !strcmp(r->method, "HEAD"), get = head || !strcmp(r->method, "GET"), post = !strcmp(r->method, "POST");
    const char *p = r->path;
    int chat = !strcmp(p, "/v1/chat/completions") || !strcmp(p, "/chat/completions");
    int cmpl = !strcmp(p, "/v1/completions") || !strcmp(p, "/completions");
    int models = !strcmp(p, "/v1/models") || !strcmp(p, "/models");
    int tok = !strcmp(p, "/tokenize"), detok = !strcmp(p, "/detokenize"), tpl = !strcmp(p, "/apply-template");
    int info = !strcmp(p, "/props") ? 0 : !strcmp(p, "/slots") ? 1 : !strcmp(p, "/metrics") && S->metrics ? 2 : -1;
    int slot_id = -1, slot_act = !strncmp(p, "/slots/", 7) && p[7] >= '0' && p[7] <= '9' && strlen(p + 7) < 6 && strspn(p + 7, "0123456789") == strlen(p + 7);
    c->keep_alive = r->keep_alive;
    c->head_only = head; /* HEAD: GET's status and headers, no body */
    if (!strcmp(p, "/") || !strcmp(p, "/index.html")) {
        if (!get) { srv_error(S, i, 405, "the page takes GET"); return; }
        srv_respond(S, i, 200, "text/html; charset=utf-8", srv_page(), strlen(srv_page()), "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n");
        return;
    }
    if (!strcmp(p, "/health")) {
        char b[256];
        int k, busy = 0, ck = 0;
        for (k = 0; k < S->np; k++) busy += S->slots[k].busy != 0;
        for (k = 0; k < S->n_ck; k++) ck += S->ck[k].pos > 0;
        snprintf(b, sizeof b, "{\"status\":\"%s\",\"slots_idle\":%d,\"slots_processing\":%d,\"queued\":%d,\"cache_checkpoints\":%d,\"cache_bytes\":%zu}",
                 g_srv_stop ? "draining" : "ok", S->np - busy, busy, S->n_queue, ck, S->cache_bytes);
        if (!get) { srv_error(S, i, 405, "/health takes GET"); return; }
        srv_respond(S, i, g_srv_stop ? 503 : 200, "application/json", b, strlen(b), NULL);
        return;
    }
    if (slot_act) slot_id = atoi(p + 7);
    if (!chat && !cmpl && !models && !tok && !detok && !tpl && info < 0 && !slot_act) {
        srv_error(S, i, 404, !strcmp(p, "/metrics") ? "/metrics is served with --metrics"
                                                   : "no such endpoint: /v1/chat/completions, /v1/completions, /v1/models, /tokenize, /detokenize, "
                                                     "/apply-template, /props, /slots, /metrics (--metrics), /health and / are served");
        return;
    }
    if (S->api_key) {
        if (!srv_key_ok(S->api_key, r->auth, r->auth_len)) {
            srv_error(S, i, 401, "a valid API key is required (Authorization: Bearer KEY)");
            return;
        }
    }
    if (models) {
        if (!get) { srv_error(S, i, 405, "/v1/models takes GET"); return; }
        srv_models(S, i);
        return;
    }
    if (info >= 0) {
        if (!get) { srv_error(S, i, 405, "this endpoint takes GET"); return; }
        srv_info(S, i, info);
        return;
    }
    if (!post) { srv_error(S, i, 405, "this endpoint takes POST"); return; }
    if (slot_act) {
        char err[512];
        int st = srv_slot_action(S, i, slot_id, r->query, body, r->body_len, err, sizeof err);
        if (st) srv_error(S, i, st, err);
        return;
    }
    if (tok || detok) {
        char err[512];
        int st = srv_tokens(S, i, detok, body, r->body_len, err, sizeof err);
        if (st) srv_error(S, i, st, err);
        return;
    }
    if (tpl) { /* llama-server's POST /apply-template {"messages"}: {"prompt": the chat's text} */
        char err[512];
        srv_req q;
        sbuf b = {NULL, 0, 0, 0};
        char *text;
        size_t len = 0;
        err[0] = 0;
        if (req_decode(body, r->body_len, 1, &q, err, sizeof err)) { srv_error(S, i, 400, err); return; }
        if (srv_tool_messages(S, &q, err, sizeof err) || !(text = srv_chat_text(S, &q, NULL, 0, &len, err, sizeof err))) {
            req_free(&q);
            srv_error(S, i, err[0] ? 400 : 500, err[0] ? err : "out of memory");
            return;
        }
        sb_str(&b, "{\"prompt\":");
        sb_json(&b, text, len);
        sb_str(&b, "}");
        if (b.oom) srv_error(S, i, 500, "out of memory");
        else srv_respond(S, i, 200, "application/json", b.p, b.n, NULL);
        free(b.p); free(text); req_free(&q);
        return;
    }
    if (g_srv_stop) { srv_error(S, i, 503, "the server is shutting down"); return; }
    {
        char err[512];
        if (req_decode(body, r->body_len, chat, &c->q, err, sizeof err)) { srv_error(S, i, 400, err); return; }
    }
    if (S->n_queue >= S->max_queue && srv_free_slot(S) < 0) { req_free(&c->q); srv_error(S, i, 503, "every slot is busy and the queue is full; try again"); return; }
    c->state = CS_WAIT;
    S->queue[S->n_queue++] = i;
}

/* 1 once the head is whole (its blank line came), too large, or holds a control byte (http_parse
   then reads it, or refuses it); each byte is looked at once however the head trickles in */
static int srv_head_arrived(server *S, conn *c) {
    size_t i = c->scan > 2 ? c->scan - 2 : 0; /* a blank line may straddle the last read */
    S->n_head_scanned += c->in_n - i; /* (what /metrics counts: the suite checks it stays linear) */
    for (; i < c->in_n; i++) {
        unsigned char b = (unsigned char)c->in[i];
        if (b == '\n' && ((i + 1 < c->in_n && c->in[i + 1] == '\n') || (i + 2 < c->in_n && c->in[i + 1] == '\r' && c->in[i + 2] == '\n'))) return 1;
        if (!b || (b < 32 && b != '\r' && b != '\n' && b != '\t')) return 1;
    }
    c->scan = c->in_n;
    return c->in_n >= SRV_MAX_HEAD;
}

/* bytes in; a complete request routed */
static void srv_read(server *S, int i) {
    conn *c = &S->conns[i];
    for (;;) {
        ssize_t got;
        if (c->in_cap - c->in_n < 4096) {
            size_t cap = c->in_cap ? c->in_cap * 2 : 8192;
            char *np;
            if (cap > SRV_MAX_HEAD + SRV_MAX_BODY + 8192) cap = SRV_MAX_HEAD + SRV_MAX_BODY + 8192;
            if (cap <= c->in_n) { srv_error(S, i, 413, "request too large"); c->keep_alive = 0; return; }
            np = (char *)realloc(c->in, cap);
            if (!np) { conn_close(S, i); return; }
            c->in = np;
            c->in_cap = cap;
        }
        got = sock_recv(c->fd, c->in + c->in_n, c->in_cap - c->in_n);
        if (got == 0) { /* the client closed: a request in flight is abandoned */
            if (c->state == CS_READ || c->state == CS_WAIT || c->state == CS_BUSY) conn_close(S, i);
            return;
        }
        if (got < 0) {
            if (sock_again()) break;
            conn_close(S, i);
            return;
        }
        if (c->state == CS_READ && c->in_n == 0) c->t_begin = now_s();
        c->in_n += (size_t)got;
        if (c->state != CS_READ) {                 /* bytes while busy: pipelining is not supported; keep at most one request */
            if (c->in_n > SRV_MAX_HEAD + SRV_MAX_BODY) { conn_close(S, i); return; }
            continue;
        }
    }
    if (c->state == CS_READ && c->in_n) {
        http_req r;
        const char *why;
        long n;
        if (c->need && c->in_n < c->need) return; /* a body still coming: its head is not parsed again */
        if (!c->need && !srv_head_arrived(S, c)) return;
        n = http_parse(c->in, c->in_n, SRV_MAX_BODY, &r, &why);
        if (n < 0) { c->keep_alive = 0; srv_error(S, i, (int)-n, why); return; }
        if (n == 0) { c->need = r.head_len + r.body_len; return; }
        c->req_len = n;
        c->scan = c->need = 0;
        srv_route(S, i, &r, c->in + r.head_len);
    }
}

/* bytes out; a finished response ends the request */
static void srv_write(server *S, int i) {
    conn *c = &S->conns[i];
    while (c->out_off < c->out.n) {
        ssize_t put = sock_send(c->fd, c->out.p + c->out_off, c->out.n - c->out_off);
        if (put < 0) {
            if (sock_again()) return;
            conn_close(S, i);
            return;
        }
        c->out_off += (size_t)put;
        c->t_progress = now_s();
    }
    c->out.n = c->out_off = 0;
    if (c->state == CS_WRITE) {
        size_t used = (size_t)c->req_len;
        if (!c->keep_alive || c->close_after) { conn_close(S, i); return; }
        if (used > c->in_n) used = c->in_n;
        memmove(c->in, c->in + used, c->in_n - used); /* a pipelined next request */
        c->in_n -= used;
        c->req_len = 0;
        c->scan = c->need = 0;
        c->state = CS_READ;
        c->t_begin = now_s();
        if (c->in_n) srv_read(S, i);
    }
}

/* a client address as 16 bytes (IPv4 as ::ffff:a.b.c.d), for the per-address limit */
static void srv_addr_key(const struct sockaddr_storage *a, socklen_t n, unsigned char key[16]) {
    memset(key, 0, 16);
    if (a->ss_family == AF_INET && n >= (socklen_t)sizeof(struct sockaddr_in)) {
        key[10] = key[11] = 0xff;
        memcpy(key + 12, &((const struct sockaddr_in *)(const void *)a)->sin_addr, 4);
    } else if (a->ss_family == AF_INET6 && n >= (socklen_t)sizeof(struct sockaddr_in6)) {
        memcpy(key, &((const struct sockaddr_in6 *)(const void *)a)->sin6_addr, 16);
    }
}

/* listens on host (an IPv4 or IPv6 address, or a name resolved once, here:
   its first address that binds); *url gets http://ADDR:PORT as bound,
   *loopback 1 for 127.0.0.0/8 or ::1 */
static int srv_listen(const char *host, int port, char *url, size_t url_cap, int *loopback, char *why, size_t cap) {
    struct addrinfo hints, *res = NULL, *ai;
    struct sockaddr_storage got;
    socklen_t gl = sizeof got;
    char ps[16], name[INET6_ADDRSTRLEN];
    int fd = -1, one = 1, rc;
    char err[64] = "no address";
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    snprintf(ps, sizeof ps, "%d", port);
    if ((rc = getaddrinfo(host, ps, &hints, &res)) != 0) { snprintf(why, cap, "--host %s: %s", host, gai_strerror(rc)); return -1; }
    for (ai = res; ai; ai = ai->ai_next) {
        if ((fd = (int)socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol)) < 0) { snprintf(err, sizeof err, "%s", sock_error()); continue; }
#ifdef _WIN32 /* (its SO_REUSEADDR lets another program take the port; a closed one's is reused anyway) */
        (void)one;
#else
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, (const char *)&one, sizeof one);
#endif
        if (bind(fd, ai->ai_addr, (socklen_t)ai->ai_addrlen) == 0 && listen(fd, 128) == 0) break;
        snprintf(err, sizeof err, "%s", sock_error());
        sock_close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) { snprintf(why, cap, "cannot listen on %s port %d: %s", host, port, err); return -1; }
    sock_nonblock(fd);
    memset(&got, 0, sizeof got);
    getsockname(fd, (struct sockaddr *)&got, &gl);
    *loopback = 0;
    if (got.ss_family == AF_INET6) {
        const struct sockaddr_in6 *a6 = (const struct sockaddr_in6 *)(const void *)&got;
        inet_ntop(AF_INET6, &a6->sin6_addr, name, sizeof name);
        *loopback = IN6_IS_ADDR_LOOPBACK(&a6->sin6_addr);
        snprintf(url, url_cap, "http://[%s]:%d", name, ntohs(a6->sin6_port));
    } else {
        const struct sockaddr_in *a4 = (const struct sockaddr_in *)(const void *)&got;
        inet_ntop(AF_INET, &a4->sin_addr, name, sizeof name);
        *loopback = (ntohl(a4->sin_addr.s_addr) >> 24) == 127;
        snprintf(url, url_cap, "http://%s:%d", name, ntohs(a4->sin_port));
    }
    return fd;
}

static void srv_accept(server *S) {
    for (;;) {
        struct sockaddr_storage from;
        socklen_t fl = sizeof from;
        int fd = (int)accept(S->lfd, (struct sockaddr *)&from, &fl), i, one = 1, same = 0, idle = -1, idle_same = -1;
        unsigned char addr[16];
        if (fd < 0) return;
        srv_addr_key(&from, fl, addr);
        sock_nonblock(fd);
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, (const char *)&one, sizeof one);
        for (i = 0; i < SRV_MAX_CONNS; i++) {
            const conn *o = &S->conns[i];
            if (o->state == CS_FREE) continue;
            same += !memcmp(o->addr, addr, 16);
            if (o->state == CS_READ && !o->in_n) { /* idle: kept alive, nothing sent since */
                if (idle < 0 || o->t_begin < S->conns[idle].t_begin) idle = i;
                if (!memcmp(o->addr, addr, 16) && (idle_same < 0 || o->t_begin < S->conns[idle_same].t_begin)) idle_same = i;
            }
        }
        for (i = 0; i < SRV_MAX_CONNS && S->conns[i].state != CS_FREE; i++) {}
        if (same >= SRV_MAX_PER_ADDR && idle_same >= 0) { conn_close(S, idle_same); i = idle_same; same--; } /* the address's longest idle one makes room */
        else if (i == SRV_MAX_CONNS && idle >= 0) { conn_close(S, idle); i = idle; } /* full: the longest idle one makes room */
        if (i == SRV_MAX_CONNS || same >= SRV_MAX_PER_ADDR) { /* full of requests in progress, or this address holds its share: a short 503 */
            static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
            if (sock_send(fd, busy, sizeof busy - 1) < 0) {}
            sock_close(fd);
            continue;
        }
        memset(&S->conns[i], 0, sizeof S->conns[i]);
        S->conns[i].fd = fd;
        S->conns[i].state = CS_READ;
        S->conns[i].slot = -1;
        S->conns[i].t_begin = S->conns[i].t_progress = now_s();
        memcpy(S->conns[i].addr, addr, 16);
    }
}

/* every connection's deadlines: a request sent too slowly, an idle one, a client not reading */
static void srv_timeouts(server *S, double now) {
    int i;
    for (i = 0; i < SRV_MAX_CONNS; i++) {
        conn *c = &S->conns[i];
        if (c->state == CS_READ && c->in_n && now - c->t_begin > SRV_HEAD_TIMEOUT) { c->keep_alive = 0; srv_error(S, i, 408, "the request came too slowly"); }
        else if (c->state == CS_READ && !c->in_n && now - c->t_begin > SRV_IDLE_TIMEOUT) conn_close(S, i);
        else if (c->out.n > c->out_off && (now - c->t_progress > SRV_WRITE_STALL || c->out.n - c->out_off > SRV_MAX_OUT)) conn_close(S, i);
    }
}

static int srv_setup(server *S, const args *a, char *why, size_t cap) {
    wm_error e;
    wm_session_params sp;
    wm_batch_params bp;
    int k;
    char path[4200];
    struct stat st;
    const char *dir = a->pos[0], *base;
    if (load_model(a, &S->m, dir, &e) != WM_OK) { snprintf(why, cap, "%s", e.message); return 1; }
    warn_model(S->m);
    S->c = wm_model_config(S->m);
    S->V = S->c->vocab_size;
    if (a->str[O_TOKENIZER]) snprintf(path, sizeof path, "%s", a->str[O_TOKENIZER]);
    else if (strlen(dir) < 4000 && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) snprintf(path, sizeof path, "%s/tokenizer.json", dir);
    else snprintf(path, sizeof path, "%.4000s", dir);
    if (wm_tokenizer_load(&S->t, path, &e) != WM_OK) { snprintf(why, cap, "%s", e.message); return 1; }
    base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    snprintf(S->name, sizeof S->name, "%.120s", base);
    { size_t l = strlen(S->name); while (l > 1 && S->name[l - 1] == '/') S->name[--l] = 0; }
    S->tcfg = a->set[O_TEMPLATE] ? NULL : chat_config(dir, &S->tcfg_n);
    S->chat_stop = -1;
    S->tmpl_tools = S->tcfg && strstr(S->tcfg, "tools"); /* (the template's text is in the config, as a JSON string) */
    S->hermes = S->tmpl_tools && strstr(S->tcfg, "<tool_call>");
    if (S->tcfg) {
        wm_chat_params p;
        size_t len = 0;
        char eos[256] = "";
        memset(&p, 0, sizeof p);
        p.config_json = S->tcfg; p.config_bytes = S->tcfg_n; p.template_text = "{{ eos_token }}"; p.template_bytes = 15;
        if (strstr(S->tcfg, "\"eos_token\"") && wm_chat_apply(&p, eos, sizeof eos, &len, &e) == WM_OK && len) S->chat_stop = wm_tokenizer_find(S->t, eos);
    } else {
        S->ct = pick_template(a, S->m, S->t, 0);
        if (!S->ct) { snprintf(why, cap, "--template %s: unknown (doge, chatml, rodimus)", a->str[O_TEMPLATE]); return 1; }
        S->chat_stop = wm_tokenizer_find(S->t, S->ct->stop);
    }
    S->np = a->set[O_PARALLEL] ? (int)a->i[O_PARALLEL] : 4;
    S->max_queue = 4 * S->np + 16;
    S->n_predict = a->set[O_N] ? (int)a->i[O_N] : -1;
    S->timeout = a->set[O_TIMEOUT] ? (double)a->i[O_TIMEOUT] : 600.0;
    S->cache_ram = a->set[O_NO_CACHE_PROMPT] ? 0 : (size_t)(a->set[O_CACHE_RAM] ? a->i[O_CACHE_RAM] : 512) << 20;
    S->n_ck = 4 * S->np + 4; /* (a conversation or two per slot; RAM bounds them first) */
    S->metrics = a->set[O_METRICS];
    S->slot_dir = a->set[O_SLOT_SAVE_PATH] ? a->str[O_SLOT_SAVE_PATH] : NULL;
    sp = wm_session_default_params(S->m);
    if (a->set[O_CTX]) sp.n_ctx = (int)a->i[O_CTX];
    sp.n_batch = SRV_CHUNK;
    S->exact = S->cache_ram && wm_model_split_exact(S->m);
    sp.split_exact = S->exact;
    sp.n_threads = 1; /* (a session runs inside the batch, whose threads count) */
    if ((sp.isa = isa_of(a)) < 0 || (sp.cache_type = cache_type_of(a)) < 0 || (sp.state_type = state_type_of(a)) < 0) { why[0] = 0; return 1; }
    bp = wm_batch_default_params(S->m, S->np);
    bp.n_batch = S->rows = S->np + 2 * SRV_CHUNK;
    bp.n_ctx = sp.n_ctx;
    bp.n_threads = threads_of(a);
    bp.isa = sp.isa;
    if (wm_batch_create(&S->b, S->m, &bp, &e) != WM_OK) { snprintf(why, cap, "%s", e.message); return 1; }
    S->n_ctx = sp.n_ctx;
    S->slots = (slot *)calloc((size_t)S->np, sizeof(slot));
    S->conns = (conn *)calloc(SRV_MAX_CONNS, sizeof(conn));
    S->queue = (int *)calloc((size_t)S->max_queue, sizeof(int));
    S->logits = (float *)malloc(sizeof(float) * (size_t)S->V * (size_t)S->np);
    S->toks = (int32_t *)malloc(sizeof(int32_t) * (size_t)S->rows);
    S->ck = (checkpoint *)calloc((size_t)S->n_ck, sizeof(checkpoint));
    if (!S->slots || !S->conns || !S->queue || !S->logits || !S->toks || !S->ck) { snprintf(why, cap, "out of memory"); return 1; }
    for (k = 0; k < SRV_MAX_CONNS; k++) { S->conns[k].fd = -1; S->conns[k].slot = -1; }
    for (k = 0; k < S->np; k++) {
        slot *sl = &S->slots[k];
        sl->conn = -1;
        sl->last_ck = -1;
        if (wm_session_create(&sl->s, S->m, &sp, &e) != WM_OK) { snprintf(why, cap, "%s", e.message); return 1; }
        sl->hist = (int32_t *)malloc(sizeof(int32_t) * ((size_t)sp.n_ctx + 1));
        sl->work = malloc(wm_sampler_work_bytes(S->V));
        sl->seen = (unsigned char *)calloc(((size_t)S->V + 7) / 8, 1);
        sl->tok_text = (char *)malloc(4096);
        if (!sl->hist || !sl->work || !sl->seen || !sl->tok_text) { snprintf(why, cap, "out of memory"); return 1; }
    }
    return 0;
}

static void srv_teardown(server *S) {
    int k;
    for (k = 0; S->conns && k < SRV_MAX_CONNS; k++) conn_close(S, k);
    for (k = 0; S->slots && k < S->np; k++) {
        slot *sl = &S->slots[k];
        req_free(&sl->q);
        free(sl->gmem);
        wm_session_free(sl->s);
        free(sl->hist); free(sl->work); free(sl->tok_text); free(sl->seen); free(sl->choices.p);
        free(sl->text.p); free(sl->lp.p); free(sl->lp_tok.p); free(sl->lp_off.p); free(sl->lp_top.p);
    }
    for (k = 0; S->ck && k < S->n_ck; k++) srv_cache_drop(S, &S->ck[k]);
    free(S->ck);
    free(S->slots); free(S->conns); free(S->queue); free(S->logits); free(S->toks); free(S->tcfg);
    if (S->lfd >= 0) sock_close(S->lfd);
    wm_batch_free(S->b);
    wm_tokenizer_free(S->t);
    wm_model_free(S->m);
}

int cmd_serve(const args *a) {
    server S;
    char why[512], url[128];
    int loopback = 1;
    const char *host = a->set[O_HOST] ? a->str[O_HOST] : "127.0.0.1";
    int port = a->set[O_PORT] ? (int)a->i[O_PORT] : 8080, rc = 1;
    double drain_until = 0;
    struct sigaction sa;
    memset(&S, 0, sizeof S);
    S.lfd = -1;
    S.api_key = a->set[O_API_KEY] ? a->str[O_API_KEY] : getenv("WM_API_KEY");
    if (S.api_key && !*S.api_key) S.api_key = NULL;
    S.verbose = 1;
    why[0] = 0;
    if (srv_setup(&S, a, why, sizeof why)) { if (why[0]) fail("serve: %s", why); goto done; }
    if (!os_net_start()) { fail("serve: the sockets cannot be started (%s)", sock_error()); goto done; }
    if ((S.lfd = srv_listen(host, port, url, sizeof url, &loopback, why, sizeof why)) < 0) { fail("serve: %s", why); goto done; }
    if (!loopback && !S.api_key) warn("serve: listening on %s without --api-key: anyone who reaches it can use it", host);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = srv_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    fprintf(stderr, "wm serve: %s on %s (%d slots of %d tokens, %s%s)\n", S.name, url, S.np, S.n_ctx,
            S.tcfg ? "the checkpoint's chat template" : S.ct->name, S.api_key ? ", API key required" : "");
    fflush(stderr);
    for (;;) {
        struct pollfd pf[SRV_MAX_CONNS + 1];
        int map[SRV_MAX_CONNS + 1], np = 0, i, busy = 0, k;
        double now = now_s();
        if (g_srv_stop && S.lfd >= 0) { /* Ctrl-C / SIGTERM: no new work; the busy slots finish, then we leave */
            sock_close(S.lfd);
            S.lfd = -1;
            drain_until = now + (S.timeout < 30 ? S.timeout : 30);
            fprintf(stderr, "wm serve: shutting down: finishing the requests in progress (again to stop now)\n");
            while (S.n_queue) { int q = S.queue[0]; conn_close(&S, q); }
        }
        for (k = 0; k < S.np; k++) busy += S.slots[k].busy != 0;
        if (g_srv_stop) {
            int pending = 0;
            for (i = 0; i < SRV_MAX_CONNS; i++) pending += S.conns[i].state != CS_FREE && S.conns[i].out.n > S.conns[i].out_off;
            if ((!busy && !pending) || g_srv_stop > 1 || now > drain_until) break;
        }
        while (S.n_queue && srv_free_slot(&S) >= 0) { /* the oldest waiting request takes a free slot */
            int q = S.queue[0];
            memmove(S.queue, S.queue + 1, sizeof(int) * (size_t)--S.n_queue);
            srv_begin(&S, q);
            busy++;
        }
        if (S.lfd >= 0) { pf[np].fd = S.lfd; pf[np].events = POLLIN; map[np++] = -1; }
        for (i = 0; i < SRV_MAX_CONNS; i++) {
            conn *c = &S.conns[i];
            if (c->state == CS_FREE) continue;
            pf[np].fd = c->fd;
            pf[np].events = (short)((c->out.n > c->out_off ? POLLOUT : 0) | POLLIN);
            map[np++] = i;
        }
        if (os_poll(pf, (nfds_t)np, busy ? 0 : 200) < 0 && !sock_again()) { fail("serve: poll: %s", sock_error()); goto done; }
        for (k = 0; k < np; k++) {
            if (!pf[k].revents) continue;
            if (map[k] < 0) { srv_accept(&S); continue; }
            i = map[k];
            if (S.conns[i].state == CS_FREE) continue;
            if (pf[k].revents & (POLLERR | POLLNVAL)) { conn_close(&S, i); continue; }
            if (pf[k].revents & (POLLIN | POLLHUP)) srv_read(&S, i);
            if (S.conns[i].state != CS_FREE && (pf[k].revents & POLLOUT)) srv_write(&S, i);
        }
        srv_step(&S);
        for (i = 0; i < SRV_MAX_CONNS; i++) /* what the step and the routing queued */
            if (S.conns[i].state != CS_FREE && S.conns[i].out.n > S.conns[i].out_off) srv_write(&S, i);
        srv_timeouts(&S, now_s());
    }
    fprintf(stderr, "wm serve: stopped after %ld requests, %ld tokens; %ld steps of %.1f tokens, %.1f ms each (%.1f ms in the model)\n", S.n_requests,
            S.n_tokens, S.n_steps, S.n_steps ? (double)S.n_rows / (double)S.n_steps : 0.0, S.n_steps ? 1e3 * S.t_steps / (double)S.n_steps : 0.0,
            S.n_steps ? 1e3 * S.t_model / (double)S.n_steps : 0.0);
    rc = 0;
done:
    srv_teardown(&S);
    return rc;
}

/* ---- the chat page at / : one file, no outside resources; replies stream in
   (fetch + the event stream); the API key, when the server wants one, is
   kept in the browser (localStorage). ?seed=N fixes the sampling seed. */
static const char *srv_page(void) {
    return
"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n"
"<title>wm.h chat</title>\n<style>\n"
":root{color-scheme:light dark;--bg:#fafafa;--fg:#1b1b1b;--me:#dbeafe;--it:#ececec;--line:#ccc}\n"
"@media(prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e6e6e6;--me:#1e3a5f;--it:#2a2d33;--line:#444}}\n"
"body{margin:0;font:15px/1.45 system-ui,sans-serif;background:var(--bg);color:var(--fg);display:flex;flex-direction:column;height:100vh}\n"
"header{padding:8px 14px;border-bottom:1px solid var(--line);display:flex;gap:12px;align-items:center;flex-wrap:wrap}\n"
"header b{font-size:16px}header label{font-size:13px;opacity:.8}header input{width:6em}\n"
"#log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px}\n"
".msg{max-width:75%;padding:8px 12px;border-radius:10px;white-space:pre-wrap;word-wrap:break-word}\n"
".user{align-self:flex-end;background:var(--me)}.assistant{align-self:flex-start;background:var(--it)}\n"
".err{align-self:center;color:#c0392b}\n"
"form{display:flex;gap:8px;padding:10px 14px;border-top:1px solid var(--line)}\n"
"textarea{flex:1;resize:none;font:inherit;padding:8px;border-radius:8px;border:1px solid var(--line);background:var(--bg);color:var(--fg)}\n"
"button{font:inherit;padding:0 18px;border-radius:8px;border:1px solid var(--line);cursor:pointer}\n"
"#status{font-size:12px;opacity:.7}\n"
"</style></head><body>\n"
"<header><b>wm.h</b><span id=\"model\">&hellip;</span>\n"
"<label>temperature <input id=\"temp\" type=\"number\" min=\"0\" max=\"2\" step=\"0.1\" value=\"0.8\"></label>\n"
"<label>max tokens <input id=\"max\" type=\"number\" min=\"1\" value=\"256\"></label>\n"
"<label>API key <input id=\"key\" type=\"password\" style=\"width:9em\"></label>\n"
"<button id=\"clear\" type=\"button\">new chat</button><span id=\"status\" data-state=\"idle\"></span></header>\n"
"<div id=\"log\"></div>\n"
"<form id=\"form\"><textarea id=\"msg\" rows=\"2\" placeholder=\"Message (Enter sends, Shift+Enter: a new line)\"></textarea>"
"<button id=\"send\" type=\"submit\">Send</button></form>\n"
"<script>\n"
"'use strict';\n"
"const $=id=>document.getElementById(id),log=$('log'),msg=$('msg'),st=$('status'),keyIn=$('key');\n"
"const seed=new URLSearchParams(location.search).get('seed');\n"
"let history=[],busy=false;\n"
"keyIn.value=localStorage.getItem('wm-key')||'';keyIn.onchange=()=>localStorage.setItem('wm-key',keyIn.value);\n"
"function hdrs(){const h={'Content-Type':'application/json'};if(keyIn.value)h.Authorization='Bearer '+keyIn.value;return h;}\n"
"function bubble(cls,text){const d=document.createElement('div');d.className='msg '+cls;d.textContent=text;log.appendChild(d);log.scrollTop=log.scrollHeight;return d;}\n"
"function state(s,text){st.dataset.state=s;st.textContent=text;}\n"
"fetch('/v1/models',{headers:hdrs()}).then(r=>r.json()).then(j=>{$('model').textContent=j.data?j.data[0].id:'';}).catch(()=>{});\n"
"async function send(text){\n"
" busy=true;$('send').disabled=true;history.push({role:'user',content:text});bubble('user',text);\n"
" const out=bubble('assistant','');let answer='',n=0;const t0=performance.now();state('streaming','…');\n"
" const body={messages:history,stream:true,max_tokens:+$('max').value||256,temperature:+$('temp').value};\n"
" if(seed!==null)body.seed=+seed;\n"
" try{\n"
"  const res=await fetch('/v1/chat/completions',{method:'POST',headers:hdrs(),body:JSON.stringify(body)});\n"
"  if(!res.ok){let m=res.status+' '+res.statusText;try{m=(await res.json()).error.message;}catch(e){}throw new Error(m);}\n"
"  const rd=res.body.getReader(),dec=new TextDecoder();let buf='',fin='';\n"
"  for(;;){const {value,done}=await rd.read();if(done)break;buf+=dec.decode(value,{stream:true});let i;\n"
"   while((i=buf.indexOf('\\n\\n'))>=0){const ev=buf.slice(0,i);buf=buf.slice(i+2);\n"
"    for(const line of ev.split('\\n')){if(!line.startsWith('data: '))continue;const d=line.slice(6);if(d==='[DONE]')continue;\n"
"     const j=JSON.parse(d),c=j.choices&&j.choices[0];if(!c)continue;\n"
"     if(c.delta&&c.delta.content){answer+=c.delta.content;n++;out.textContent=answer;log.scrollTop=log.scrollHeight;}\n"
"     if(c.finish_reason)fin=c.finish_reason;}}}\n"
"  history.push({role:'assistant',content:answer});\n"
"  const s=(performance.now()-t0)/1000;state('done',n+' chunks in '+s.toFixed(2)+' s'+(fin?' ('+fin+')':''));\n"
" }catch(e){history.pop();out.remove();bubble('err',String(e.message||e));state('error',String(e.message||e));}\n"
" busy=false;$('send').disabled=false;msg.focus();\n"
"}\n"
"$('form').onsubmit=e=>{e.preventDefault();const t=msg.value.trim();if(!t||busy)return;msg.value='';send(t);};\n"
"msg.onkeydown=e=>{if(e.key==='Enter'&&!e.shiftKey){e.preventDefault();$('form').requestSubmit();}};\n"
"$('clear').onclick=()=>{if(busy)return;history=[];log.textContent='';state('idle','');};\n"
"msg.focus();\n"
"</script></body></html>\n";
}
#endif /* SERVE_PARSERS_ONLY */
