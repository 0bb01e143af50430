/* Sampler fields, logits (raw float bits: NaN and infinities included) and
   a history -> wm_sample. WM_OK gives an id in range whose logit was a
   number; an error gives -1. Nothing outside the buffers is read. */
#include "fuzz.h"

static float take_f(const uint8_t **p, size_t *n) {
    float f = 0.0f;
    if (*n >= 4) { memcpy(&f, *p, 4); *p += 4; *n -= 4; }
    return f;
}
static int32_t take_i(const uint8_t **p, size_t *n) {
    int32_t v = 0;
    if (*n >= 4) { memcpy(&v, *p, 4); *p += 4; *n -= 4; }
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    wm_sampler s = wm_sampler_default();
    int n_vocab, n_hist, i, mode;
    float *logits, *orig;
    int32_t *hist, tok = 5;
    void *work;
    wm_status st;
    if (size < 2) return 0;
    n_vocab = 1 + data[0] % 300;
    mode = data[1];
    data += 2; size -= 2;
    if (mode & 1) { /* raw fields: anything at all */
        s.temperature = take_f(&data, &size); s.top_k = take_i(&data, &size); s.top_p = take_f(&data, &size);
        s.min_p = take_f(&data, &size); s.repeat_penalty = take_f(&data, &size); s.repeat_last_n = take_i(&data, &size);
    } else { /* mostly valid fields, so the filters run */
        s.temperature = (float)(mode >> 1 & 3) * 0.5f;
        s.top_k = mode & 8 ? 3 : 0;
        s.top_p = mode & 16 ? 0.5f : 1.0f;
        s.min_p = mode & 32 ? 0.1f : 0.0f;
        s.repeat_penalty = mode & 64 ? 1.3f : 1.0f;
        s.repeat_last_n = mode & 128 ? 2 : 0;
    }
    wm_sampler_seed(&s, size);
    logits = (float *)malloc(sizeof(float) * (size_t)n_vocab);
    orig = (float *)malloc(sizeof(float) * (size_t)n_vocab);
    for (i = 0; i < n_vocab; i++) logits[i] = size >= 4 ? take_f(&data, &size) : (float)i;
    memcpy(orig, logits, sizeof(float) * (size_t)n_vocab);
    n_hist = (int)(size / 4);
    hist = (int32_t *)malloc(sizeof(int32_t) * (size_t)(n_hist + 1));
    for (i = 0; i < n_hist; i++) hist[i] = take_i(&data, &size); /* any ids, in range or not */
    work = malloc(wm_sampler_work_bytes(n_vocab));
    st = wm_sample(&s, logits, n_vocab, hist, n_hist, work, &tok);
    if (st == WM_OK) FUZZ_CHECK(tok >= 0 && tok < n_vocab && orig[tok] == orig[tok] && orig[tok] != -INFINITY);
    else FUZZ_CHECK(tok == -1 && (st == WM_ERR_INVALID_ARG || st == WM_ERR_NUMERIC));
    if (st == WM_ERR_INVALID_ARG) FUZZ_CHECK(wm_sampler_check(&s, NULL) != WM_OK);
    free(logits); free(orig); free(hist); free(work);
    return 0;
}
