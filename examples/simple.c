/* simple.c - the smallest host program: load a model, stream generated text.

     cc -O2 examples/simple.c -o simple -lm
     ./simple examples/models/doge-demo "The secret of a happy life is"   */
#define WM_IMPLEMENTATION
#include "../wm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int print_token(void *user, int32_t token, const char *text, size_t len) {
    (void)user, (void)token;
    fwrite(text, 1, len, stdout); /* whole UTF-8 characters only */
    fflush(stdout);
    return 0; /* nonzero would stop */
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "examples/models/doge-demo";
    const char *prompt = argc > 2 ? argv[2] : "The secret of a happy life is";
    char path[4096];
    wm_model *model;
    wm_tokenizer *tok;
    wm_session *session;
    wm_session_params params;
    wm_sampler sampler = wm_sampler_default();
    wm_generate_params gen;
    wm_error err;
    float *logits;

    snprintf(path, sizeof path, "%s/tokenizer.json", dir);
    if (wm_model_load(&model, dir, &err) != WM_OK || wm_tokenizer_load(&tok, path, &err) != WM_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    params = wm_session_default_params(model);
    if (wm_session_create(&session, model, &params, &err) != WM_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
    sampler.temperature = 0.8f;
    sampler.top_p = 0.95f;
    wm_sampler_seed(&sampler, 42);
    logits = (float *)malloc(sizeof(float) * (size_t)wm_model_config(model)->vocab_size);

    printf("%s", prompt);
    gen = wm_generate_default_params(); /* BOS, stop at EOS */
    gen.max_new = 64;
    if (wm_generate(session, tok, &sampler, logits, prompt, strlen(prompt), &gen, print_token, NULL, NULL) != WM_OK)
        fprintf(stderr, "\n%s\n", wm_session_error(session));
    printf("\n");

    free(logits);
    wm_session_free(session);
    wm_tokenizer_free(tok);
    wm_model_free(model);
    return 0;
}
