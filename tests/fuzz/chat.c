/* system and user text (split at the first NUL; a byte picks the buffer
   size) -> wm_chat_render. The measured length is the written length, the
   output is NUL-terminated and a prefix of the full rendering. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const wm_chat_template *ct = wm_chat_template_get("doge");
    char *sys, *user, *full, *part;
    const uint8_t *nul;
    size_t n, n2, cap, sn;
    int first;
    if (size < 2) return 0;
    cap = data[0];
    first = data[1] & 1;
    data += 2; size -= 2;
    nul = (const uint8_t *)memchr(data, 0, size);
    sn = nul ? (size_t)(nul - data) : 0;
    sys = (char *)malloc(sn + 1);
    memcpy(sys, data, sn);
    sys[sn] = 0;
    user = (char *)malloc(size - sn + 1);
    memcpy(user, data + (nul ? sn + 1 : 0), size - (nul ? sn + 1 : 0));
    user[size - (nul ? sn + 1 : 0)] = 0;
    n = wm_chat_render(ct, first, nul ? sys : NULL, user, NULL, 0);
    full = (char *)malloc(n + 1);
    part = (char *)malloc(cap + 1);
    n2 = wm_chat_render(ct, first, nul ? sys : NULL, user, full, n + 1);
    FUZZ_CHECK(n2 == n && full[n] == 0 && strlen(full) == n);
    n2 = wm_chat_render(ct, first, nul ? sys : NULL, user, part, cap);
    FUZZ_CHECK(n2 == n);
    if (cap > n) FUZZ_CHECK(!memcmp(part, full, n + 1));
    else if (cap > 0) FUZZ_CHECK(!memcmp(part, full, cap));
    free(sys); free(user); free(full); free(part);
    return 0;
}
