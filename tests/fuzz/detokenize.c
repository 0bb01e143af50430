/* Token ids (any int32) and a buffer size -> wm_detokenize and the UTF-8
   stream. Output is valid UTF-8, NUL-terminated, a whole-character prefix
   of the full text when it does not fit; streaming in pieces equals one
   call. */
#include "fuzz.h"

static wm_tokenizer *g_tok;

static wm_tokenizer *tok(void) {
    if (!g_tok) {
        static char js[16384];
        fuzz_tiny_tokenizer(js, sizeof js);
        if (wm_tokenizer_open(&g_tok, js, strlen(js), NULL) != WM_OK) { fprintf(stderr, "harness tokenizer refused\n"); abort(); }
    }
    return g_tok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wm_tokenizer *t = tok();
    size_t n, cap, len, len2, i, at = 0, w = 0;
    int32_t *ids;
    char *full, *part, *st_out;
    wm_utf8_stream us;
    if (size < 2) return 0;
    cap = data[0];
    data++; size--;
    n = size / 4;
    ids = (int32_t *)malloc(sizeof(int32_t) * (n + 1));
    for (i = 0; i < n; i++) {
        memcpy(&ids[i], data + 4 * i, 4);
        if (data[4 * i + 3] == 0) ids[i] %= 320; /* mostly ids near the vocab */
    }
    FUZZ_CHECK(wm_detokenize(t, ids, n, NULL, 0, &len) == WM_OK);
    full = (char *)malloc(len + 1);
    part = (char *)malloc(cap + 1);
    memset(part, 0xaa, cap + 1);
    FUZZ_CHECK(wm_detokenize(t, ids, n, full, len + 1, &len2) == WM_OK && len2 == len && full[len] == 0 && wm_utf8_valid(full, len));
    FUZZ_CHECK(wm_detokenize(t, ids, n, part, cap, &len2) == (cap > len ? WM_OK : WM_ERR_ARENA) && len2 == len);
    if (cap > len) {
        FUZZ_CHECK(!memcmp(part, full, len + 1));
    } else if (cap > 0) { /* a NUL ends a whole-character prefix at most one character short of the room (the text may hold NULs too) */
        size_t j = 0, k;
        while (j < cap && part[j] == full[j]) j++;
        k = j < cap ? j : cap - 1;
        while (k > 0 && part[k] != 0) k--;
        FUZZ_CHECK(part[k] == 0 && k + 4 > cap - 1 && wm_utf8_valid(part, k));
    }
    /* the UTF-8 stream, fed byte by byte from the tokens' bytes, gives the same text */
    st_out = (char *)malloc(len + 16);
    us.n = 0;
    for (i = 0; i < n; i++) {
        size_t bl = 0, j;
        const char *b = wm_token_bytes(t, ids[i], &bl);
        for (j = 0; b && j < bl; j++) {
            char tmp[16];
            size_t got = wm_utf8_push(&us, b + j, 1, tmp);
            FUZZ_CHECK(at + got <= len);
            memcpy(st_out + at, tmp, got);
            at += got;
        }
    }
    w = wm_utf8_flush(&us, st_out + at);
    FUZZ_CHECK(at + w == len && !memcmp(st_out, full, len));
    free(ids); free(full); free(part); free(st_out);
    return 0;
}
