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
    wm_error e;
    wm_status st;
    const char *s;
    size_t n;
    blob.data = data;
    blob.size = size;
    blob.name = "model.gguf";
    src.config_json = NULL;
    src.config_bytes = 0;
    src.files = &blob;
    src.n_files = 1;
    st = wm_gguf_string(data, size, "tokenizer.huggingface.json", &s, &n, &e);
    FUZZ_CHECK(st == WM_OK ? s >= (const char *)data && s + n <= (const char *)data + size : st < 0 && e.message[0] != 0);
    fuzz_open(&src);
    return 0;
}
