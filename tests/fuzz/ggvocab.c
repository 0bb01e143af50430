/* A GGUF vocabulary (tokenizer.ggml.*) built from the input -> the
   tokenizer.json wm_gguf_tokenizer_json writes -> a tokenizer -> text.
   Byte 0: bit 0 "llama" (SentencePiece scores) or "gpt2" (merges), bit 1
   add_space_prefix, bit 2 token types from each token's last byte, bit 3 a
   BOS id, bits 4-7 and the input's length parity: the tokenizer.ggml.pre
   name (a family of llama.cpp's splits, wm__lpre); the rest: tokens separated by 0xff, then (gpt2) after 0xfe the
   merges "a b" separated by 0xff. Invariants: the measured JSON length is
   the written one; the tokenizer loads or is refused with a message; every
   merge of a "llama" vocabulary joins two tokens into the token they spell
   (and, for small vocabularies, there are as many as a brute-force count of
   the splits); texts tokenize the same when counted, and decode to valid
   UTF-8. Time and memory stay linear (libFuzzer's -timeout and rss limit). */
#include "fuzz.h"

typedef struct buf { unsigned char *p; size_t n, cap; } buf;

static void put(buf *b, const void *x, size_t n) {
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 256;
        b->p = (unsigned char *)realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, x, n);
    b->n += n;
}
static void put_u32(buf *b, uint32_t v) { unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)}; put(b, x, 4); }
static void put_u64(buf *b, uint64_t v) { put_u32(b, (uint32_t)v); put_u32(b, (uint32_t)(v >> 32)); }
static void put_str(buf *b, const void *s, size_t n) { put_u64(b, n); put(b, s, n); }
static void put_key(buf *b, const char *k, uint32_t type) { put_str(b, k, strlen(k)); put_u32(b, type); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    enum { MAX_TOK = 4096 };
    static const unsigned char *tok[MAX_TOK], *mer[MAX_TOK];
    static size_t tl[MAX_TOK], ml[MAX_TOK];
    buf g = {NULL, 0, 0};
    const unsigned char *p, *e;
    size_t nt = 0, nm = 0, i, jn = 0, jn2 = 0, n_kv = 4;
    int mode, llama;
    char *js = NULL;
    wm_tokenizer *t = NULL;
    wm_error err;
    if (size < 2) return 0;
    mode = data[0];
    llama = mode & 1;
    p = data + 1;
    e = data + size;
    { /* tokens, then merges */
        const unsigned char *s = p, *end = e;
        const unsigned char *sep = (const unsigned char *)memchr(p, 0xfe, (size_t)(e - p));
        if (sep && !llama) end = sep;
        for (; p <= end && nt < MAX_TOK; p++)
            if (p == end || *p == 0xff) { tok[nt] = s; tl[nt++] = (size_t)(p - s); s = p + 1; }
        if (sep && !llama)
            for (s = p = sep + 1; p <= e && nm < MAX_TOK; p++)
                if (p == e || *p == 0xff) { mer[nm] = s; ml[nm++] = (size_t)(p - s); s = p + 1; }
    }
    /* the GGUF: header, metadata, no tensors */
    put(&g, "GGUF", 4);
    put_u32(&g, 3);
    put_u64(&g, 0);
    n_kv += (mode & 2 ? 1u : 0u) + (mode & 4 ? 1u : 0u) + (mode & 8 ? 1u : 0u) + (llama ? 1u : nm ? 1u : 0u);
    put_u64(&g, n_kv);
    put_key(&g, "general.architecture", 8); put_str(&g, "llama", 5);
    put_key(&g, "tokenizer.ggml.model", 8); put_str(&g, llama ? "llama" : "gpt2", llama ? 5 : 4);
    { /* the first name of a family of llama.cpp's splits */
        size_t nf = sizeof wm__lpre / sizeof wm__lpre[0], f = ((size_t)(mode >> 4) * 2 + (size & 1)) % nf;
        const char *nm = wm__lpre[f].names;
        put_key(&g, "tokenizer.ggml.pre", 8); put_str(&g, nm, strcspn(nm, " "));
    }
    put_key(&g, "tokenizer.ggml.tokens", 9); put_u32(&g, 8); put_u64(&g, nt);
    for (i = 0; i < nt; i++) put_str(&g, tok[i], tl[i]);
    if (llama) { /* scores from the tokens' bytes */
        put_key(&g, "tokenizer.ggml.scores", 9); put_u32(&g, 6); put_u64(&g, nt);
        for (i = 0; i < nt; i++) {
            float sc = -(float)((tl[i] ? tok[i][0] : 0) % 7) - 0.5f * (float)(i % 3);
            uint32_t u;
            memcpy(&u, &sc, 4);
            put_u32(&g, u);
        }
    } else if (nm) {
        put_key(&g, "tokenizer.ggml.merges", 9); put_u32(&g, 8); put_u64(&g, nm);
        for (i = 0; i < nm; i++) put_str(&g, mer[i], ml[i]);
    }
    if (mode & 2) { put_key(&g, "tokenizer.ggml.add_space_prefix", 7); put(&g, "\0", 1); }
    if (mode & 4) { /* types 1..6 from each token's last byte */
        put_key(&g, "tokenizer.ggml.token_type", 9); put_u32(&g, 5); put_u64(&g, nt);
        for (i = 0; i < nt; i++) put_u32(&g, 1u + (tl[i] ? tok[i][tl[i] - 1] % 6u : 0u));
    }
    if (mode & 8) { put_key(&g, "tokenizer.ggml.bos_token_id", 4); put_u32(&g, (uint32_t)(mode >> 4)); }
    while (g.n % 32) put(&g, "\0", 1);

    if (wm_gguf_tokenizer_json(g.p, g.n, NULL, 0, &jn, &err) != WM_OK) { FUZZ_CHECK(err.message[0]); goto done; }
    js = (char *)malloc(jn + 1);
    FUZZ_CHECK(js && wm_gguf_tokenizer_json(g.p, g.n, js, jn + 1, &jn2, &err) == WM_OK && jn2 == jn);
    if (wm_tokenizer_open(&t, js, jn, &err) != WM_OK) { FUZZ_CHECK(err.message[0]); goto done; }
    if (llama) { /* every merge spells its token; small vocabularies: as many as the splits */
        uint32_t h;
        size_t count = 0, want = 0, a, b;
        for (h = 0; h <= t->merge_mask; h++) {
            const wm__merge *m = &t->merge_hash[h];
            if (m->a < 0) continue;
            count++;
            FUZZ_CHECK(t->tok_len[m->a] + t->tok_len[m->b] == t->tok_len[m->id] &&
                       !memcmp(t->tok_bytes + t->tok_off[m->a], t->tok_bytes + t->tok_off[m->id], t->tok_len[m->a]) &&
                       !memcmp(t->tok_bytes + t->tok_off[m->b], t->tok_bytes + t->tok_off[m->id] + t->tok_len[m->a], t->tok_len[m->b]));
        }
        if (nt <= 48 && !(mode & 4)) { /* every split (a, b) of a token into two tokens, as distinct pairs */
            static int32_t pa[48 * 64], pb[48 * 64];
            size_t np = 0, k;
            for (i = 0; i < nt; i++)
                for (k = 1; k < tl[i]; k++) {
                    int32_t ia = -1, ib = -1;
                    if ((tok[i][k] & 0xc0) == 0x80) continue;
                    for (a = 0; a < nt && ia < 0; a++) if (tl[a] == k && !memcmp(tok[a], tok[i], k)) ia = (int32_t)a;
                    for (b = 0; b < nt && ib < 0; b++) if (tl[b] == tl[i] - k && !memcmp(tok[b], tok[i] + k, tl[i] - k)) ib = (int32_t)b;
                    if (ia < 0 || ib < 0) continue;
                    for (a = 0; a < np && !(pa[a] == ia && pb[a] == ib); a++) {}
                    if (a == np && np < 48 * 64) { pa[np] = ia; pb[np] = ib; np++; }
                }
            want = np;
            FUZZ_CHECK(count == want);
        }
    }
    { /* texts: the tokens run together, and a fixed one */
        static char text[1 << 16];
        static int32_t ids[1 << 17];
        static char out[1 << 19];
        size_t n = 0, got = 0, got2 = 0, dl = 0;
        for (i = 0; i < nt && n + tl[i] + 1 < sizeof text; i++) { memcpy(text + n, tok[i], tl[i]); n += tl[i]; text[n++] = ' '; }
        for (i = 0; i < 2; i++) {
            const char *x = i ? "Hello world, \xc3\xa9t\xc3\xa9 <s> 123" : text;
            size_t xn = i ? strlen(x) : n;
            wm_status st = wm_tokenize(t, x, xn, 1, NULL, 0, &got);
            if (st != WM_OK) continue;
            FUZZ_CHECK(got <= sizeof ids / sizeof ids[0]);
            FUZZ_CHECK(wm_tokenize(t, x, xn, 1, ids, got, &got2) == WM_OK && got2 == got);
            if (wm_detokenize(t, ids, got, out, sizeof out, &dl) == WM_OK) FUZZ_CHECK(wm_utf8_valid(out, dl));
        }
    }
done:
    if (t) wm_tokenizer_free(t);
    free(js);
    free(g.p);
    return 0;
}
