/* A tokenizer blob (wm_tokenizer_save's in-place form, as firmware reads it
   from flash) -> wm_tokenizer_init_blob. The harness writes the checksum the
   mutated bytes would need, so the fuzzer reaches the field checks behind
   it. Invariants: a blob is refused with a message, or its tokenizer
   encodes and decodes within bounds (ids below n_vocab, valid UTF-8 out);
   the sanitizers catch a read outside the blob. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char sample[] = "Hello world! <|end_of_text|> 12345 \xe4\xbd\xa0\xe5\xa5\xbd \xff\n\n  x\xe2\x96\x81h";
    static uint64_t mem[(WM__SLOT_wm_tokenizer + 128) / 8];
    wm_tokenizer *t;
    wm_error e;
    size_t ram = 0, n, n2, len;
    uint64_t *al = (uint64_t *)malloc(size + 8); /* the blob 8-byte aligned, exactly size bytes readable */
    unsigned char *b = (unsigned char *)al;
    int32_t ids[1024];
    char out[1024];
    wm_status st;
    if (!al) return 0;
    memcpy(b, data, size);
    if (size >= 24) { /* the checksum of what the blob says it holds */
        uint64_t total = wm__le64(b + 8);
        if (total >= 24 && total <= size) wm__le64_put(b + 16, wm__sip(wm__tb_key, b + 24, (size_t)total - 24));
    }
    FUZZ_CHECK(wm_tokenizer_blob_bytes(b, size, &ram, &e) == WM_OK && ram <= sizeof mem);
    st = wm_tokenizer_init_blob(&t, b, size, mem, sizeof mem, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.message[0]);
        free(al);
        return 0;
    }
    FUZZ_CHECK(wm_tokenize(t, sample, sizeof sample - 1, 1, NULL, 0, &n) == WM_OK || n > 0);
    st = wm_tokenize(t, sample, sizeof sample - 1, 1, ids, 1024, &n2);
    FUZZ_CHECK(st == WM_OK || (st == WM_ERR_ARENA && n2 > 1024));
    if (n2 > 1024) n2 = 1024;
    for (n = 0; n < n2; n++) FUZZ_CHECK(ids[n] >= 0 && ids[n] < wm_tokenizer_n_vocab(t));
    st = wm_tokenize(t, (const char *)data, size < 200 ? size : 200, 0, ids, 1024, &n);
    FUZZ_CHECK(st == WM_OK || (st == WM_ERR_ARENA && n > 1024) || st == WM_ERR_NOMEM);
    if (st != WM_OK) n = 0;
    for (n2 = 0; n2 < n; n2++) FUZZ_CHECK(ids[n2] >= 0 && ids[n2] < wm_tokenizer_n_vocab(t));
    for (n2 = 0; n2 < 64; n2++) ids[n2] = (int32_t)((n2 * 7919) % (size_t)wm_tokenizer_n_vocab(t)); /* every kind of token */
    FUZZ_CHECK(wm_detokenize(t, ids, 64, out, sizeof out, &len) != WM_ERR_INVALID_ARG);
    FUZZ_CHECK(wm_utf8_valid(out, strlen(out)));
    free(al);
    return 0;
}
