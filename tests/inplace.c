/* WM_WEIGHTS_IN_PLACE: a checkpoint whose F32 matrices sit misaligned in the
   caller's buffer fails to load, naming the tensor, instead of being copied
   into model memory; aligned, it loads and model memory stays small. Part
   of make test (one line of output, exit status). */
#define WM_WEIGHTS_IN_PLACE
#define WM_IMPLEMENTATION
#include "../wm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "helpers.h"

int main(void) {
    size_t nc, nw, need_ok = 0, need_bad = 0;
    char *cfg = (char *)read_all("tests/fixtures/hf-doge-dense/config.json", &nc);
    char *raw = (char *)read_all("tests/fixtures/hf-doge-dense/model.safetensors", &nw), *buf;
    wm_blob blob;
    wm_model_source src;
    wm_error e;
    wm_status st_ok, st_bad;
    int k, bad_ok = 0;
    if (!cfg || !raw || !(buf = (char *)malloc(nw + 128))) { printf("in-place: FAIL (fixture missing)\n"); return 1; }
    src.config_json = cfg;
    src.config_bytes = nc;
    src.files = &blob;
    src.n_files = 1;
    blob.name = "model.safetensors";
    blob.size = nw;
    /* aligned: the tensors' offsets are multiples of 4 in the file */
    blob.data = buf + (64 - (uintptr_t)buf % 64);
    memcpy((char *)(uintptr_t)blob.data, raw, nw);
    st_ok = wm_model_bytes(&src, &need_ok, &e);
    /* shifted by 2: every F32 matrix misaligned */
    blob.data = buf + (64 - (uintptr_t)buf % 64) + 2;
    memmove((char *)(uintptr_t)blob.data, raw, nw);
    st_bad = wm_model_bytes(&src, &need_bad, &e);
    for (k = 0; e.message[k]; k++)
        if (!strncmp(e.message + k, "WM_WEIGHTS_IN_PLACE", 19)) bad_ok = 1;
    if (st_ok == WM_OK && st_bad == WM_ERR_UNSUPPORTED && bad_ok && strstr(e.message, "tensor '")) {
        printf("in-place: misaligned F32 matrices refused (%s), aligned ones used in place (model memory %zu bytes)\n", e.message, need_ok);
        return 0;
    }
    printf("in-place: FAIL (aligned: %s; misaligned: status %d, %s)\n", wm_status_str(st_ok), (int)st_bad, e.message);
    return 1;
}
