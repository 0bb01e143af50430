/* wm serve's request path: bytes -> http_parse -> (a complete request's
   body) wm_json_parse and req_decode for both endpoints (examples/serve.c,
   its part that needs libc and wm.h only). Invariants: a request is
   complete, incomplete or an error with a status and a reason, and never
   claims more bytes than it was given; every prefix of a complete request
   is incomplete or the same error class; a body either decodes with every
   field in its range or fails with a message; wm.h's JSON reader: a text
   is JSON or refused with a reason at a byte inside it, walking a checked
   text ends, and its strings decode to UTF-8 that survives a round trip
   through serve's JSON writer; bounded time and memory. */
#include "fuzz.h"
#define SERVE_PARSERS_ONLY
#include "../../examples/serve.c"

/* each string (names too) of v: valid UTF-8 after unescaping, the same after a round trip; *budget strings at most */
static void http_check_strings(wm_json v, int depth, int *budget) {
    wm_json x, k;
    int t = wm_json_type(v);
    FUZZ_CHECK(t != WM_JSON_NONE && depth <= SRV_MAX_DEPTH + 1);
    if (t == WM_JSON_STRING && (*budget)-- > 0) {
        size_t len = wm_json_string(v, NULL, 0), i, l2;
        char *s = (char *)malloc(len + 1), *s2;
        sbuf b = {NULL, 0, 0, 0};
        wm_json r2;
        FUZZ_CHECK(s && wm_json_string(v, s, len + 1) == len && len <= wm_json_bytes(v) * 3);
        for (i = 0; i < len; i += (size_t)utf8_len((const unsigned char *)s + i, (const unsigned char *)s + len))
            FUZZ_CHECK(utf8_len((const unsigned char *)s + i, (const unsigned char *)s + len) > 0);
        sb_json(&b, s, len);
        FUZZ_CHECK(!b.oom && wm_json_parse(&r2, b.p, b.n, 0, 0, NULL) == WM_OK && wm_json_type(r2) == WM_JSON_STRING);
        l2 = wm_json_string(r2, NULL, 0);
        s2 = (char *)malloc(l2 + 1);
        FUZZ_CHECK(s2 && wm_json_string(r2, s2, l2 + 1) == len && !memcmp(s, s2, len));
        free(s2);
        free(b.p);
        free(s);
    }
    if (t != WM_JSON_ARRAY && t != WM_JSON_OBJECT) return;
    for (x = wm_json_first(v, &k); x.p && *budget > 0; x = wm_json_next(x, &k)) {
        FUZZ_CHECK(x.p > v.p && x.p < v.p + wm_json_bytes(v));
        if (t == WM_JSON_OBJECT) http_check_strings(k, depth + 1, budget);
        else FUZZ_CHECK(k.p == NULL);
        http_check_strings(x, depth + 1, budget);
    }
}

static void http_check_json(const char *body, size_t n) {
    wm_json r;
    wm_error e;
    int budget = 64;
    if (wm_json_parse(&r, body, n, 0, SRV_MAX_DEPTH, &e) != WM_OK) {
        FUZZ_CHECK(r.p == NULL && !strncmp(e.message, "not JSON: ", 10) && strstr(e.message, "(at byte "));
        return;
    }
    FUZZ_CHECK(r.p >= body && r.p + wm_json_bytes(r) <= body + n);
    http_check_strings(r, 0, &budget);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *b = (const char *)data, *why = NULL;
    http_req r;
    long n = http_parse(b, size, SRV_MAX_BODY, &r, &why);
    int chat;
    if (n < 0) {
        FUZZ_CHECK(why && *why && -n >= 400 && -n < 600);
        return 0;
    }
    if (n == 0) {
        FUZZ_CHECK(size < SRV_MAX_HEAD + SRV_MAX_BODY);
        http_check_json(b, size); /* (the bytes as a body too) */
        for (chat = 0; chat < 2; chat++) {
            srv_req q;
            char err[512];
            if (req_decode(b, size, chat, &q, err, sizeof err)) FUZZ_CHECK(err[0]);
            else req_free(&q);
        }
        return 0;
    }
    FUZZ_CHECK((size_t)n <= size && r.head_len <= (size_t)n && r.head_len + r.body_len == (size_t)n && r.method[0] && r.path[0] == '/');
    { /* a prefix: incomplete, or refused as well */
        http_req r2;
        const char *w2;
        long n2 = http_parse(b, (size_t)n - 1, SRV_MAX_BODY, &r2, &w2);
        FUZZ_CHECK(n2 <= 0);
    }
    http_check_json(b + r.head_len, r.body_len);
    for (chat = 0; chat < 2; chat++) {
        srv_req q;
        char err[512];
        if (req_decode(b + r.head_len, r.body_len, chat, &q, err, sizeof err)) {
            FUZZ_CHECK(err[0]);
            continue;
        }
        FUZZ_CHECK(q.temperature >= 0 && q.temperature <= 2 && q.top_p > 0 && q.top_p <= 1 && q.n_stop <= SRV_MAX_STOPS && q.top_logprobs <= 20);
        FUZZ_CHECK(chat ? q.n_messages >= 1 && q.messages && q.messages_len : q.prompt != NULL);
        {
            int i;
            for (i = 0; i < q.n_messages; i++) FUZZ_CHECK(q.roles[i] && q.contents[i]);
            for (i = 0; i < q.n_stop; i++) FUZZ_CHECK(q.stop_len[i] >= 1 && q.stop_len[i] <= SRV_MAX_STOP_LEN);
        }
        req_free(&q);
    }
    {
        sbuf t = {NULL, 0, 0, 0};
        sb_fmt(&t, "%ld %s", n, r.path);
        sb_str(&t, r.method);
        FUZZ_CHECK(!t.oom && t.n > 0);
        free(t.p);
    }
    return 0;
}
