/* Text -> wm_tokenize with the Doge tokenizer (tests/fixtures/tokenizer-doge).
   Counting equals encoding; ids are in range; valid UTF-8 comes back byte
   for byte from wm_detokenize (byte-level BPE loses nothing); any input
   decodes to valid UTF-8; the template adds its ids around the text. */
#include "fuzz.h"

static wm_tokenizer *g_tok;

static wm_tokenizer *tok(void) {
    if (!g_tok) {
        const char *root = getenv("WM_ROOT");
        char path[4096];
        FILE *f;
        long n;
        char *buf;
        snprintf(path, sizeof path, "%s/tests/fixtures/tokenizer-doge/tokenizer.json", root ? root : ".");
        f = fopen(path, "rb");
        if (!f) { fprintf(stderr, "%s: not found (run from the repository root or set WM_ROOT)\n", path); abort(); }
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = (char *)malloc((size_t)n);
        if (fread(buf, 1, (size_t)n, f) != (size_t)n) abort();
        fclose(f);
        FUZZ_CHECK(wm_tokenizer_open(&g_tok, buf, (size_t)n, NULL) == WM_OK);
        free(buf);
    }
    return g_tok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wm_tokenizer *t = tok();
    size_t n, n2, len, len2, i;
    int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * (size + 40)), *ids2 = (int32_t *)malloc(sizeof(int32_t) * (size + 40));
    char *out;
    FUZZ_CHECK(wm_tokenize(t, (const char *)data, size, 0, NULL, 0, &n) == WM_OK && n <= size);
    FUZZ_CHECK(wm_tokenize(t, (const char *)data, size, 0, ids, size + 40, &n2) == WM_OK && n2 == n);
    for (i = 0; i < n; i++) FUZZ_CHECK(ids[i] >= 0 && ids[i] < wm_tokenizer_n_vocab(t));
    if (n > 0) FUZZ_CHECK(wm_tokenize(t, (const char *)data, size, 0, ids2, n - 1, &n2) == WM_ERR_ARENA && n2 == n);
    FUZZ_CHECK(wm_tokenize(t, (const char *)data, size, 1, ids2, size + 40, &n2) == WM_OK && n2 == n + 1 && ids2[0] == 0 &&
               !memcmp(ids2 + 1, ids, sizeof(int32_t) * n));
    FUZZ_CHECK(wm_detokenize(t, ids, n, NULL, 0, &len) == WM_OK);
    out = (char *)malloc(len + 1);
    FUZZ_CHECK(wm_detokenize(t, ids, n, out, len + 1, &len2) == WM_OK && len2 == len && out[len] == 0);
    FUZZ_CHECK(wm_utf8_valid(out, len));
    if (wm_utf8_valid((const char *)data, size)) FUZZ_CHECK(len == size && !memcmp(out, data, size));
    free(out); free(ids); free(ids2);
    return 0;
}
