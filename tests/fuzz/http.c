/* wm serve's request path: bytes -> http_parse -> (a complete request's
   body) sj_parse and req_decode for both endpoints (examples/serve.h, its
   libc-only part). Invariants: a request is complete, incomplete or an
   error with a status and a reason, and never claims more bytes than it
   was given; every prefix of a complete request is incomplete or the same
   error class; a body either decodes with every field in its range or
   fails with a message; decoded strings are UTF-8 and survive a round trip
   through the JSON writer; bounded time and memory. */
#include "fuzz.h"
#define SERVE_PARSERS_ONLY
#include "../../examples/serve.h"

static void http_check_json(const char *body, size_t n) {
    sj_doc d;
    int i;
    if (sj_parse(&d, body, n)) {
        FUZZ_CHECK(d.err && d.err_at <= n);
        sj_free(&d);
        return;
    }
    FUZZ_CHECK(d.n >= 1 && d.n <= SRV_MAX_NODES);
    for (i = 0; i < d.n; i++) { /* each string: UTF-8 after unescaping, the same after a round trip */
        size_t len = 0;
        char *s;
        sbuf b = {NULL, 0, 0, 0};
        sj_doc d2;
        if (d.v[i].type != SJ_STR) continue;
        s = sj_strdup(&d.v[i], &len);
        FUZZ_CHECK(s && len <= d.v[i].len);
        sb_json(&b, s, len);
        FUZZ_CHECK(!b.oom && sj_parse(&d2, b.p, b.n) == 0 && d2.v[0].type == SJ_STR);
        {
            size_t l2 = 0;
            char *s2 = sj_strdup(&d2.v[0], &l2);
            FUZZ_CHECK(s2 && l2 == len && !memcmp(s, s2, len));
            free(s2);
        }
        sj_free(&d2);
        free(b.p);
        free(s);
        if (i > 64) break;
    }
    sj_free(&d);
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
            for (i = 0; i < q.n_messages; i++) FUZZ_CHECK(q.roles[i] && q.contents[i] && sj_utf8_len((const unsigned char *)"a", (const unsigned char *)"a" + 1));
            for (i = 0; i < q.n_stop; i++) FUZZ_CHECK(strlen(q.stop[i]) >= 1);
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
