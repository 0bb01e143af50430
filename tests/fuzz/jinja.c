/* a chat template and messages (split at the first NUL; the first byte's
   low bit: add_generation_prompt) -> wm_chat_apply. Invariants: a rendering
   or an error with a message, never both; the size query equals the
   rendering's length; a rendering is the same when asked twice; bounded
   time and memory (the interpreter's step, output and arena limits). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wm_chat_params p;
    wm_error e;
    const uint8_t *nul;
    size_t len = 0, len2 = 0;
    char *out, *out2;
    wm_status st;
    if (size < 1) return 0;
    memset(&p, 0, sizeof p);
    p.add_generation_prompt = data[0] & 1;
    p.now = 1764115200;
    data++; size--;
    nul = (const uint8_t *)memchr(data, 0, size);
    p.template_text = (const char *)data;
    p.template_bytes = nul ? (size_t)(nul - data) : size;
    if (nul) { p.messages_json = (const char *)nul + 1; p.messages_bytes = size - p.template_bytes - 1; }
    st = wm_chat_apply(&p, NULL, 0, &len, &e);
    if (st != WM_OK) {
        FUZZ_CHECK(st < 0 && e.message[0]);
        return 0;
    }
    out = (char *)malloc(len + 1);
    out2 = (char *)malloc(len + 1);
    FUZZ_CHECK(out && out2 && wm_chat_apply(&p, out, len + 1, &len2, &e) == WM_OK && len2 == len && out[len] == 0);
    FUZZ_CHECK(wm_chat_apply(&p, out2, len + 1, &len2, &e) == WM_OK && len2 == len && !memcmp(out, out2, len));
    FUZZ_CHECK(wm_chat_apply(&p, out2, len, &len2, &e) == WM_ERR_INVALID_ARG); /* no room for the NUL: refused */
    free(out); free(out2);
    return 0;
}
