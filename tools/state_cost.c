/* state_cost - what F16 / BF16 recurrent states cost against the exact F32
   ones (wm_session_params.state_type), on one model:
     - perplexity of a text, decoded token by token (teacher forcing),
     - agreement of the greedy token at every position of that text,
     - max logit drift: max over positions of max|l - l_f32| / (1 + max|l_f32|),
     - greedy generation from the text's first tokens: the first token where
       it leaves the F32 run (or none within N),
     - prefill vs decode of the same tokens under the reduced state (which
       rounds per chunk in prefill, per token in decode): their drift.

     cc -O2 tools/state_cost.c -o build/state_cost -lm
     build/state_cost MODEL TOKENIZER TEXT [N]      (N tokens, default 512)

   Prints one table row per state type. */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    char *b;
    long sz;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = (char *)malloc((size_t)sz + 1);
    if (b && fread(b, 1, (size_t)sz, f) != (size_t)sz) { free(b); b = NULL; }
    fclose(f);
    if (b) { b[sz] = 0; *n = (size_t)sz; }
    return b;
}

static int argmax(const float *l, int V) {
    int i, b = 0;
    for (i = 1; i < V; i++)
        if (l[i] > l[b]) b = i;
    return b;
}

static wm_session *open_session(const wm_model *m, int n_ctx, int stype) {
    wm_session_params p = wm_session_default_params(m);
    wm_session *s = NULL;
    wm_error e;
    p.n_ctx = n_ctx;
    p.n_threads = 1;
    p.state_type = stype;
    if (wm_session_create(&s, m, &p, &e) != WM_OK) { fprintf(stderr, "state_cost: %s\n", e.message); exit(1); }
    return s;
}

int main(int argc, char **argv) {
    static const int types[3] = {WM_F32, WM_F16, WM_BF16};
    wm_model *m;
    wm_tokenizer *t;
    wm_error e;
    size_t n_text = 0, n_ids = 0;
    char *text;
    int32_t *ids;
    float *ref, *l, *lp;
    int N = argc > 4 ? atoi(argv[4]) : 512, V, k, i;
    int32_t gen_ref[1024];
    if (argc < 4) { fprintf(stderr, "usage: state_cost MODEL TOKENIZER TEXT [N]\n"); return 2; }
    if (wm_model_load(&m, argv[1], &e) != WM_OK || wm_tokenizer_load(&t, argv[2], &e) != WM_OK) { fprintf(stderr, "%s\n", e.message); return 1; }
    if (!(text = read_file(argv[3], &n_text))) { fprintf(stderr, "%s: cannot read\n", argv[3]); return 1; }
    V = wm_model_config(m)->vocab_size;
    wm_tokenize(t, text, n_text, 0, NULL, 0, &n_ids);
    ids = (int32_t *)malloc(sizeof(int32_t) * (n_ids + 1));
    wm_tokenize(t, text, n_text, 0, ids, n_ids + 1, &n_ids);
    if ((int)n_ids < N + 1) N = (int)n_ids - 1;
    if (N > 1024) N = 1024;
    ref = (float *)malloc(sizeof(float) * (size_t)N * (size_t)V);
    l = (float *)malloc(sizeof(float) * (size_t)V);
    lp = (float *)malloc(sizeof(float) * (size_t)N * (size_t)V);
    printf("%s, %d tokens of %s (decoded one by one, one thread)\n\n", argv[1], N, argv[3]);
    printf("| state | perplexity | greedy token = F32's | max logit drift | greedy run leaves F32's at | prefill vs decode drift |\n");
    printf("|---|---:|---:|---:|---:|---:|\n");
    for (k = 0; k < 3; k++) {
        wm_session *s = open_session(m, N + 8, types[k]);
        double nll = 0.0, drift = 0.0, pd = 0.0;
        int agree = 0, leave = -1;
        for (i = 0; i < N; i++) { /* teacher forcing: -log p(ids[i+1] | ids[..i]) */
            float *out = k ? l : ref + (size_t)i * V, mx;
            double z = 0.0, d = 0.0, r = 0.0;
            int v;
            if (wm_decode(s, ids[i], out) != WM_OK) { fprintf(stderr, "%s\n", wm_session_error(s)); return 1; }
            mx = out[argmax(out, V)];
            for (v = 0; v < V; v++) z += exp((double)out[v] - mx);
            nll += log(z) + mx - (double)out[ids[i + 1]];
            if (k) {
                const float *rf = ref + (size_t)i * V;
                for (v = 0; v < V; v++) { d = fmax(d, fabs((double)out[v] - rf[v])); r = fmax(r, fabs((double)rf[v])); }
                drift = fmax(drift, d / (1.0 + r));
                agree += argmax(out, V) == argmax(rf, V);
            }
        }
        wm_session_reset(s); /* greedy generation from the text's first 8 tokens */
        wm_prefill(s, ids, 8, l, WM_LOGITS_LAST);
        for (i = 0; i < N; i++) {
            int32_t tok = argmax(l, V);
            if (!k) gen_ref[i] = tok;
            else if (leave < 0 && tok != gen_ref[i]) leave = i;
            if (wm_decode(s, tok, l) != WM_OK) break;
        }
        wm_session_reset(s); /* all positions in prefill (chunks of n_batch), against the decoded ones */
        if (wm_prefill(s, ids, N, lp, WM_LOGITS_ALL) == WM_OK) {
            wm_session *s2 = open_session(m, N + 8, types[k]);
            for (i = 0; i < N; i++) {
                double d = 0.0, r = 0.0;
                int v;
                wm_decode(s2, ids[i], l);
                for (v = 0; v < V; v++) { d = fmax(d, fabs((double)lp[(size_t)i * V + v] - l[v])); r = fmax(r, fabs((double)l[v])); }
                pd = fmax(pd, d / (1.0 + r));
            }
            wm_session_free(s2);
        }
        if (!k) printf("| F32 (exact) | %.4f | - | - | - | %.2e |\n", exp(nll / N), pd);
        else {
            char lv[32];
            if (leave < 0) snprintf(lv, sizeof lv, "never (%d tokens)", N);
            else snprintf(lv, sizeof lv, "token %d", leave);
            printf("| %s | %.4f | %.1f %% | %.2e | %s | %.2e |\n", wm_type_name(types[k]), exp(nll / N), 100.0 * agree / N, drift, lv, pd);
        }
        wm_session_free(s);
    }
    free(ids); free(ref); free(l); free(lp); free(text);
    wm_tokenizer_free(t);
    wm_model_free(m);
    return 0;
}
