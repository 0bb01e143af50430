/* model.safetensors.index.json -> the shard list. Shard names are plain,
   distinct, NUL-free file names. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *names = (char *)malloc(size + 1);
    const char *shard[64];
    int n = 0, i, j;
    wm_error e;
    wm_status st = wm__index_shards((const char *)data, size, "index.json", names, shard, 64, &n, &e);
    if (st == WM_OK) {
        FUZZ_CHECK(n >= 1 && n <= 64);
        for (i = 0; i < n; i++) {
            FUZZ_CHECK(shard[i][0] && !strchr(shard[i], '/') && !strchr(shard[i], '\\') && strcmp(shard[i], "..") && strcmp(shard[i], "."));
            for (j = 0; j < i; j++) FUZZ_CHECK(strcmp(shard[i], shard[j]) != 0);
        }
    } else {
        FUZZ_CHECK(st < 0 && e.message[0] && n == 0);
    }
    free(names);
    return 0;
}
