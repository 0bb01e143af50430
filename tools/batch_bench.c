/* Decode throughput of wm_batch_step: B sessions of one model advance
   together (each weight read once per step) against the same B sessions
   decoded one after another with wm_decode. Prints one line per B; the
   steps' tokens are the same either way (checked).
   cc -O2 -pthread tools/batch_bench.c -o build/batch_bench -lm
   build/batch_bench MODEL [threads] [steps] */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
    wm_model *m;
    wm_error e;
    int th = argc > 2 ? atoi(argv[2]) : 0, steps = argc > 3 ? atoi(argv[3]) : 16, Bs[4] = {1, 2, 4, 8}, bi;
    double single = 0;
    if (argc < 2 || wm_model_load(&m, argv[1], &e) != WM_OK) { fprintf(stderr, "usage: batch_bench MODEL [threads] [steps]\n"); return 1; }
    for (bi = 0; bi < 4; bi++) {
        int B = Bs[bi], V = wm_model_config(m)->vocab_size, i, k, round;
        wm_session_params sp = wm_session_default_params(m);
        wm_batch_params bp = wm_batch_default_params(m, B);
        wm_session *s[8], *r[8];
        wm_batch *b;
        float *lg = (float *)malloc(sizeof(float) * (size_t)V * B), *lr = (float *)malloc(sizeof(float) * (size_t)V);
        int32_t tok[8], nt[8];
        double tb = 1e30, ts = 1e30;
        int same = 1;
        sp.n_ctx = bp.n_ctx = 256; sp.n_threads = th; bp.n_threads = th;
        if (wm_batch_create(&b, m, &bp, &e) != WM_OK) { fprintf(stderr, "%s\n", e.message); return 1; }
        for (i = 0; i < B; i++) {
            int32_t p[4] = {1 + i, 2, 3, 4};
            wm_session_create(&s[i], m, &sp, &e);
            wm_session_create(&r[i], m, &sp, &e);
            wm_prefill(s[i], p, 4, NULL, WM_LOGITS_LAST);
            wm_prefill(r[i], p, 4, NULL, WM_LOGITS_LAST);
            nt[i] = 1;
        }
        for (round = 0; round < 3; round++) { /* interleaved A/B rounds; the best of each */
            double t0 = now_s(), t1;
            for (k = 0; k < steps; k++) {
                for (i = 0; i < B; i++) tok[i] = (int32_t)((k * 7 + i * 13 + round) % V);
                if (wm_batch_step(b, s, tok, nt, B, lg) != WM_OK) { fprintf(stderr, "%s\n", wm_batch_error(b)); return 1; }
            }
            t1 = now_s();
            if (t1 - t0 < tb) tb = t1 - t0;
            t0 = now_s();
            for (k = 0; k < steps; k++)
                for (i = 0; i < B; i++) {
                    wm_decode(r[i], (int32_t)((k * 7 + i * 13 + round) % V), lr);
                    if (k == steps - 1 && memcmp(lr, lg + (size_t)i * V, sizeof(float) * (size_t)V)) same = 0;
                }
            t1 = now_s();
            if (t1 - t0 < ts) ts = t1 - t0;
        }
        if (B == 1) single = steps / tb;
        printf("B %d: batched %.1f tok/s (%.2fx one session), one by one %.1f tok/s; batched/one-by-one %.2fx; logits %s\n", B, B * steps / tb,
               B * steps / tb / single, B * steps / ts, ts / tb, same ? "bit-identical" : "DIFFER");
        for (i = 0; i < B; i++) { wm_session_free(s[i]); wm_session_free(r[i]); }
        wm_batch_free(b);
        free(lg); free(lr);
    }
    wm_model_free(m);
    return 0;
}
