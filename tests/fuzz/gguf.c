/* One GGUF file -> wm_model_open (the config from its metadata: wm's own
   wm.config_json or llama.cpp's mamba2 keys). A model that loads runs
   (quantized kernels included); wm_model_bytes gives its exact size, which
   works, and one byte less does not; its tokenizer string, when present,
   is found by wm_gguf_string. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wm_model_source src;
    wm_blob blob;
    wm_model *m = NULL, *m2 = NULL;
    wm_error e;
    wm_status st;
    const char *s;
    size_t used, n;
    void *mem;
    blob.data = data;
    blob.size = size;
    blob.name = "model.gguf";
    src.config_json = NULL;
    src.config_bytes = 0;
    src.files = &blob;
    src.n_files = 1;
    st = wm_gguf_string(data, size, "tokenizer.huggingface.json", &s, &n, &e);
    FUZZ_CHECK(st == WM_OK ? s >= (const char *)data && s + n <= (const char *)data + size : st < 0 && e.message[0] != 0);
    st = wm_model_open(&m, &src, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.message[0] && m == NULL);
        return 0;
    }
    used = wm_model_bytes_used(m);
    {
        size_t sized = 0;
        FUZZ_CHECK(wm_model_bytes(&src, &sized, &e) == WM_OK && sized == used);
    }
    mem = malloc(used + 64);
    {
        unsigned char *al = (unsigned char *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
        FUZZ_CHECK(wm_model_init(&m2, &src, al, used, &e) == WM_OK && wm_model_bytes_used(m2) == used);
        if (used > 0) FUZZ_CHECK(wm_model_init(&m2, &src, al, used - 1, &e) == WM_ERR_ARENA);
    }
    if (wm_model_weight_bytes(m) < ((size_t)4 << 20)) fuzz_touch(m);
    free(mem);
    wm_model_free(m);
    return 0;
}
