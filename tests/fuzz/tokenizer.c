/* tokenizer.json text -> wm_tokenizer_bytes / wm_tokenizer_init. The size
   query is exact (one byte less is refused); a tokenizer that builds
   encodes and decodes without failing. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char sample[] = "Hello world! <|end_of_text|> 12345 \xe4\xbd\xa0\xe5\xa5\xbd \xff\n\n  x";
    wm_tokenizer *t;
    wm_error e;
    size_t need, n, n2, len;
    void *mem;
    unsigned char *al;
    int32_t ids[1024];
    char out[1024];
    wm_status st = wm_tokenizer_bytes((const char *)data, size, &need, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.message[0]);
        return 0;
    }
    mem = malloc(need + 64);
    al = (unsigned char *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
    if (need > 0) FUZZ_CHECK(wm_tokenizer_init(&t, (const char *)data, size, al, need - 1, &e) == WM_ERR_ARENA);
    st = wm_tokenizer_init(&t, (const char *)data, size, al, need, &e);
    if (st != WM_OK) { /* the size was right; only merges are checked while building (they need the vocab table) */
        FUZZ_CHECK(st == WM_ERR_FORMAT && strstr(e.message, "merge"));
        free(mem);
        return 0;
    }
    FUZZ_CHECK(wm_tokenize(t, sample, sizeof sample - 1, 1, NULL, 0, &n) == WM_OK);
    FUZZ_CHECK(n <= 256 && wm_tokenize(t, sample, sizeof sample - 1, 1, ids, 256, &n2) == WM_OK && n2 == n);
    for (n2 = 0; n2 < n; n2++) FUZZ_CHECK(ids[n2] >= 0 && ids[n2] < wm_tokenizer_n_vocab(t));
    /* normalizing can lengthen a text (NFKC: U+FDFA is 18 characters), and so can ByteLevel's prefix
       spaces: past the buffer the call says so and counts all of them */
    st = wm_tokenize(t, (const char *)data, size < 200 ? size : 200, 0, ids, 1024, &n);
    FUZZ_CHECK(st == WM_OK || (st == WM_ERR_ARENA && n > 1024));
    if (n > 1024) n = 1024;
    for (n2 = 0; n2 < n; n2++) FUZZ_CHECK(ids[n2] >= 0 && ids[n2] < wm_tokenizer_n_vocab(t));
    FUZZ_CHECK(wm_detokenize(t, ids, n < 256 ? n : 256, out, sizeof out, &len) != WM_ERR_INVALID_ARG);
    FUZZ_CHECK(wm_utf8_valid(out, strlen(out)));
    free(mem);
    return 0;
}
