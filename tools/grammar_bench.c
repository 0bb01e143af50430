/* grammar_bench.c - what a grammar costs the sampler per token: tokens drawn
   from the logits of a model (or seeded random logits, the worst case: the
   model's own choice is almost never allowed, so most tokens need a mask),
   with and without the grammar, interleaved; prints both and the cost per
   token. Built by make bench-grammar (BENCH.md "Grammars").
     build/grammar_bench TOKENIZER_JSON (GBNF_FILE | SCHEMA.json) [TOKENS] [ROUNDS] */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"
#include "../tests/helpers.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  wm_tokenizer *t;
  wm_error e;
  size_t n = 0, gn = 0, gb, sb;
  char *text, *gbnf;
  wm_grammar *g;
  wm_grammar_state *s;
  void *mem, *work;
  float *lg;
  int nv, k, r, tokens = argc > 3 ? atoi(argv[3]) : 256, rounds = argc > 4 ? atoi(argv[4]) : 3, n_mask = 0;
  uint64_t x = 88172645463325252ull;
  int32_t eos[1];
  if (argc < 3) { fprintf(stderr, "usage: grammar_bench TOKENIZER_JSON GRAMMAR|SCHEMA [TOKENS] [ROUNDS]\n"); return 1; }
  if (wm_tokenizer_load(&t, argv[1], &e) != WM_OK) { fprintf(stderr, "%s\n", e.message); return 1; }
  if (!(text = (char *)read_all(argv[2], &n))) { perror(argv[2]); return 1; }
  gbnf = text;
  if (strstr(argv[2], ".json")) {
    if (wm_json_schema_grammar(text, n, NULL, 0, &gn, &e) != WM_OK) { fprintf(stderr, "%s\n", e.message); return 1; }
    gbnf = (char *)malloc(gn + 1);
    wm_json_schema_grammar(text, n, gbnf, gn + 1, &gn, &e);
    n = gn;
  }
  nv = wm_tokenizer_n_vocab(t);
  eos[0] = nv - 1;
  if (wm_grammar_bytes(gbnf, n, &gb, &e) != WM_OK) { fprintf(stderr, "%s\n", e.message); return 1; }
  sb = wm_grammar_state_bytes(NULL, t, NULL);
  mem = malloc(gb + sb);
  if (wm_grammar_init(&g, gbnf, n, mem, gb, &e) != WM_OK || wm_grammar_state_init(&s, g, t, eos, 1, NULL, (char *)mem + gb, sb, &e) != WM_OK) {
    fprintf(stderr, "%s\n", e.message);
    return 1;
  }
  lg = (float *)malloc(sizeof(float) * (size_t)nv);
  work = malloc(wm_sampler_work_bytes(nv));
  printf("vocab %d, grammar %zu bytes compiled, state %zu bytes\n", nv, gb, sb);
  for (r = 0; r < rounds; r++) {
    double tt[2] = {0, 0};
    int with;
    for (with = 0; with < 2; with++) {
      wm_sampler smp = wm_sampler_default();
      int32_t tok;
      smp.temperature = 1.0f;
      wm_sampler_seed(&smp, (uint64_t)r);
      smp.grammar = with ? s : NULL;
      wm_grammar_reset(s);
      for (k = 0; k < tokens; k++) {
        int i;
        double t0;
        for (i = 0; i < nv; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; lg[i] = (float)(x % 10000) * 1e-3f; }
        if (with && wm_grammar_complete(s) == 2) wm_grammar_reset(s); /* a whole sentence: the next one */
        if (with && !wm_grammar_allows(s, 0)) n_mask++;
        t0 = now();
        if (wm_sample(&smp, lg, nv, NULL, 0, work, &tok) != WM_OK) { fprintf(stderr, "sample: %s\n", wm_grammar_error(s)); return 1; }
        tt[with] += now() - t0;
        if (with && tok == eos[0]) wm_grammar_reset(s);
      }
    }
    printf("round %d: %d tokens: sampling %.3f ms/token without the grammar, %.3f ms/token with it (+%.3f ms)\n", r, tokens,
           1e3 * tt[0] / tokens, 1e3 * tt[1] / tokens, 1e3 * (tt[1] - tt[0]) / tokens);
  }
  (void)n_mask;
  return 0;
}
