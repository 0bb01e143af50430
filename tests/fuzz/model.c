/* config.json, a NUL, then one safetensors file -> wm_model_init/open. A
   model that loads runs; wm_model_bytes gives its exact size, which works,
   and one byte less does not. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nul = (const uint8_t *)memchr(data, 0, size);
    wm_model_source src;
    wm_blob blob;
    if (!nul) return 0;
    blob.data = nul + 1;
    blob.size = size - (size_t)(nul + 1 - data);
    blob.name = "model.safetensors";
    src.config_json = (const char *)data;
    src.config_bytes = (size_t)(nul - data);
    src.files = &blob;
    src.n_files = 1;
    fuzz_open(&src);
    return 0;
}
