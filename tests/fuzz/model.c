/* config.json, a NUL, then one safetensors file -> wm_model_init/open. A
   model that loads runs; wm_model_bytes gives its exact size, which works,
   and one byte less does not. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nul = (const uint8_t *)memchr(data, 0, size);
    wm_model_source src;
    wm_blob blob;
    wm_model *m = NULL, *m2 = NULL;
    wm_error e;
    wm_status st;
    size_t used;
    void *mem;
    if (!nul) return 0;
    blob.data = nul + 1;
    blob.size = size - (size_t)(nul + 1 - data);
    blob.name = "model.safetensors";
    src.config_json = (const char *)data;
    src.config_bytes = (size_t)(nul - data);
    src.files = &blob;
    src.n_files = 1;
    st = wm_model_open(&m, &src, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.message[0] && m == NULL);
        return 0;
    }
    used = wm_model_bytes_used(m);
    { /* sized without building: the same number */
        size_t sized = 0;
        FUZZ_CHECK(wm_model_bytes(&src, &sized, &e) == WM_OK && sized == used);
    }
    mem = malloc(used + 64);
    { /* the same build in caller memory: exactly `used` bytes from an aligned start */
        unsigned char *al = (unsigned char *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
        FUZZ_CHECK(wm_model_init(&m2, &src, al, used, &e) == WM_OK && wm_model_bytes_used(m2) == used);
        if (used > 0) FUZZ_CHECK(wm_model_init(&m2, &src, al, used - 1, &e) == WM_ERR_ARENA);
    }
    if (wm_model_weight_bytes(m) < ((size_t)4 << 20)) fuzz_touch(m);
    free(mem);
    wm_model_free(m);
    return 0;
}
