/* Grammar text or a JSON Schema, then bytes and token ids -> the compiler,
   the schema converter and the matcher. A grammar either compiles or fails
   with a message; a state walks any bytes within its bounds (an error has a
   message); for tokens of a tiny tokenizer, the mask equals allows() one
   token at a time, and accept() succeeds exactly on an allowed token. */
#include "fuzz.h"

static wm_tokenizer *gram_tok(void) {
  static wm_tokenizer *t;
  if (!t) {
    static char js[16384];
    fuzz_tiny_tokenizer(js, sizeof js);
    if (wm_tokenizer_open(&t, js, strlen(js), NULL) != WM_OK) { fprintf(stderr, "harness tokenizer refused\n"); abort(); }
  }
  return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nul = (const uint8_t *)memchr(data, 0, size);
  size_t tn = nul ? (size_t)(nul - data) : size, rest = nul ? size - tn - 1 : 0, gb = 0, sb, n = 0, i;
  const char *text = (const char *)data, *tail = (const char *)data + tn + (nul != NULL);
  char *gbnf = NULL;
  wm_grammar *g;
  wm_grammar_state *s;
  wm_grammar_params p = wm_grammar_default_params();
  wm_tokenizer *t = gram_tok();
  wm_error e;
  wm_status st;
  void *mem;
  int32_t eos = 270;
  if (tn && text[0] == '{') { /* a JSON Schema: its grammar first */
    st = wm_json_schema_grammar(text, tn, NULL, 0, &n, &e);
    if (st != WM_OK) { FUZZ_CHECK(st < 0 && e.message[0]); return 0; }
    gbnf = (char *)malloc(n + 1);
    FUZZ_CHECK(wm_json_schema_grammar(text, tn, gbnf, n + 1, &n, &e) == WM_OK && strlen(gbnf) == n);
    text = gbnf;
    tn = n;
  }
  st = wm_grammar_bytes(text, tn, &gb, &e);
  if (st != WM_OK) {
    FUZZ_CHECK(st < 0 && e.message[0] && !gbnf); /* the converter's grammars always compile */
    return 0;
  }
  p.max_nodes = 4096;
  p.max_stacks = 64;
  p.max_steps = 50000;
  p.cache = 2;
  sb = wm_grammar_state_bytes(NULL, t, &p);
  mem = malloc(gb + sb);
  st = wm_grammar_init(&g, text, tn, mem, gb, &e); /* (the rules' checks: undefined, root, left recursion) */
  if (st != WM_OK) {
    FUZZ_CHECK(st < 0 && e.message[0] && !gbnf);
    free(mem);
    return 0;
  }
  st = wm_grammar_state_init(&s, g, t, &eos, 1, &p, (char *)mem + gb, sb, &e);
  if (st == WM_OK && rest) {
    if (tail[0] & 1) { /* bytes */
      st = wm_grammar_feed(s, tail + 1, rest - 1);
      FUZZ_CHECK(st == WM_OK || wm_grammar_error(s)[0]);
    } else { /* token ids: the mask and allows() agree, accept() follows allows() */
      int nv = wm_tokenizer_n_vocab(t), k;
      float *lg = (float *)malloc(sizeof(float) * (size_t)nv);
      for (i = 1; i < rest && i < 24; i++) {
        int32_t tok = (int32_t)((unsigned char)tail[i] + ((unsigned char)tail[0] >> 1 & 1) * 14); /* (the added tokens too) */
        for (k = 0; k < nv; k++) lg[k] = 0.0f;
        if (wm_grammar_mask(s, lg, nv) != WM_OK) { FUZZ_CHECK(wm_grammar_error(s)[0]); break; }
        for (k = 0; k < nv; k++) {
          int a = wm_grammar_allows(s, k);
          if (wm_grammar_error(s)[0]) break;
          FUZZ_CHECK(a == (lg[k] == 0.0f));
        }
        if (k < nv) break;
        k = wm_grammar_allows(s, tok);
        st = wm_grammar_accept(s, tok);
        FUZZ_CHECK((st == WM_OK) == (k == 1) || wm_grammar_error(s)[0]);
        FUZZ_CHECK(wm_grammar_complete(s) >= 0 && wm_grammar_complete(s) <= 2);
      }
      free(lg);
    }
  }
  free(mem);
  free(gbnf);
  return 0;
}
