/* A session blob -> wm_session_restore into a session of one of the tiny
   models (the first byte picks it; with its top bit set the harness mends
   the checksum, so the fields behind it are reached; with bit 6 the sampler
   holds a grammar state, for a "WMS2" blob's). A refused blob changes
   nothing: the session decodes as its untouched twin does, the grammar
   state is still at its start. A restored one has the saved position and
   decodes, and its grammar state walks bytes. */
#include "fuzz.h"

typedef struct fixed { wm_model *m; void *w; wm_session *s, *twin; float *l1, *l2; } fixed;
static fixed g_fx[FUZZ_N_CFGS];

static fixed *fx(int i) {
    fixed *f = &g_fx[i];
    if (!f->m) {
        wm_session_params p;
        int32_t ids[3] = {1, 2, 3};
        f->m = fuzz_model(FUZZ_CFGS[i], strlen(FUZZ_CFGS[i]), 7, WM_F32, (size_t)1 << 20, &f->w);
        FUZZ_CHECK(f->m != NULL);
        p = wm_session_default_params(f->m);
        p.n_ctx = 12;
        FUZZ_CHECK(wm_session_create(&f->s, f->m, &p, NULL) == WM_OK && wm_session_create(&f->twin, f->m, &p, NULL) == WM_OK);
        f->l1 = (float *)malloc(sizeof(float) * (size_t)wm_model_config(f->m)->vocab_size);
        f->l2 = (float *)malloc(sizeof(float) * (size_t)wm_model_config(f->m)->vocab_size);
        FUZZ_CHECK(wm_prefill(f->s, ids, 3, NULL, WM_LOGITS_LAST) == WM_OK && wm_prefill(f->twin, ids, 3, NULL, WM_LOGITS_LAST) == WM_OK);
    }
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fixed *f;
    unsigned char *blob;
    wm_sampler smp = wm_sampler_default(); /* left as it is when the blob holds none */
    wm_status st;
    size_t V;
    int32_t hdr_pos = -1;
    if (size < 1) return 0;
    f = fx((data[0] & 0x3f) % FUZZ_N_CFGS);
    if (data[0] & 0x40) { smp.grammar = fuzz_gram_state(); wm_grammar_reset(smp.grammar); }
    V = (size_t)wm_model_config(f->m)->vocab_size;
    blob = (unsigned char *)malloc(size);
    memcpy(blob, data + 1, size - 1);
    if ((data[0] & 0x80) && size - 1 >= 8) { /* a valid checksum of whatever the rest holds */
        uint64_t h = wm__fnv_bytes(WM__FNV_INIT, blob, size - 1 - 8);
        memcpy(blob + size - 1 - 8, &h, 8);
    }
    if (size - 1 >= 20) memcpy(&hdr_pos, blob + 16, 4);
    st = wm_session_restore(f->s, &smp, f->l1, blob, size - 1);
    if (st == WM_OK) {
        FUZZ_CHECK(wm_session_pos(f->s) == hdr_pos);
        FUZZ_CHECK(wm_sampler_check(&smp, NULL) == WM_OK);
        if (wm_session_pos(f->s) < 12) FUZZ_CHECK(wm_decode(f->s, 1, f->l1) == WM_OK);
        if (smp.grammar) { /* a restored state walks on (a refused byte is no failure) */
            FUZZ_CHECK(wm_grammar_complete(smp.grammar) <= 2);
            (void)wm_grammar_feed(smp.grammar, "xa1yz", 5);
        }
        /* back to the twin's state for the next input */
        wm_session_reset(f->s);
        FUZZ_CHECK(wm_prefill(f->s, (const int32_t[]){1, 2, 3}, 3, NULL, WM_LOGITS_LAST) == WM_OK);
    } else {
        FUZZ_CHECK(st < 0 && wm_session_error(f->s)[0] && wm_session_pos(f->s) == 3);
        if (smp.grammar) FUZZ_CHECK(wm_grammar_feed(smp.grammar, "bxa", 3) == WM_OK); /* still at its start */
        FUZZ_CHECK(wm_decode(f->s, 4, f->l1) == WM_OK && wm_decode(f->twin, 4, f->l2) == WM_OK);
        FUZZ_CHECK(!memcmp(f->l1, f->l2, sizeof(float) * V));
        wm_session_reset(f->s);
        wm_session_reset(f->twin);
        FUZZ_CHECK(wm_prefill(f->s, (const int32_t[]){1, 2, 3}, 3, NULL, WM_LOGITS_LAST) == WM_OK);
        FUZZ_CHECK(wm_prefill(f->twin, (const int32_t[]){1, 2, 3}, 3, NULL, WM_LOGITS_LAST) == WM_OK);
    }
    free(blob);
    return 0;
}
