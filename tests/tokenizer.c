/* tokenizer.c - Tokenizers: the tokenizers library's ids on every fixture
   family, GGUF vocabularies, NFC/NFKC, added tokens, refusals, memory,
   streaming UTF-8. */
#include "test.h"

void test_tokenizer_cases(void) {
    size_t size, k = 0;
    char *js = (char *)read_all("tests/fixtures/tokenizer-doge/cases.json", &size);
    wm_tokenizer *t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    const char *e, *x;
    tj_it it;
    if (!js || !t) { check(0, "tokenizer fixtures"); free(js); wm_tokenizer_free(t); return; }
    e = js + size;
    check(tj_value(js, e) != NULL, "cases.json parses");
    tj_iter(&it, tj_ws(js, e), e);
    while (tj_next(&it, NULL, &x)) {
        char text[4096], dec[4096];
        int32_t want[1024], got[1024], want_s[1024];
        size_t tl = tj_str(tj_get(x, e, "text"), e, text, sizeof text), nw, nws, ng, dl;
        nw = json_ids(tj_get(x, e, "ids"), e, want, 1024);
        nws = json_ids(tj_get(x, e, "ids_with_special"), e, want_s, 1024);
        tj_str(tj_get(x, e, "decoded"), e, dec, sizeof dec);
        check(wm_tokenize(t, text, tl, 0, got, 1024, &ng) == WM_OK && ids_equal(got, ng, want, nw), "case %zu: ids of '%.40s'", k, text);
        check(wm_tokenize(t, text, tl, 1, got, 1024, &ng) == WM_OK && ids_equal(got, ng, want_s, nws), "case %zu: ids with special", k);
        {
            char out[4096];
            wm_detokenize(t, want, nw, out, sizeof out, &dl);
            check(dl == strlen(dec) && !memcmp(out, dec, dl), "case %zu: decoded text", k);
        }
        k++;
    }
    check(k >= 14, "all %zu cases read", k);
    free(js);
    wm_tokenizer_free(t);
}

static void tok_family(const char *name) {
    char gz[256], raw[256];
    size_t size, k = 0, bad_ids = 0, bad_sp = 0, bad_dec = 0, n_ids = 0, text_bytes = 0, n_lists = 0, bad_lists = 0;
    char *js, *text = (char *)malloc(1 << 20), *dec = (char *)malloc(1 << 20), *out = (char *)malloc(1 << 20);
    int32_t *want = (int32_t *)malloc(sizeof(int32_t) << 18), *got = (int32_t *)malloc(sizeof(int32_t) << 18);
    wm_tokenizer *t, *tb;
    void *tb_mem;
    size_t bad_blob = 0;
    const char *e, *x;
    tj_it it;
    snprintf(gz, sizeof gz, "tests/fixtures/tok/%s.tokenizer.json.gz", name);
    snprintf(raw, sizeof raw, "build/tok-%s.tokenizer.json", name);
    js = gunzip_file(gz, raw, &size);
    free(js);
    t = load_tok(raw);
    tb = tok_via_blob(t, &tb_mem);
    snprintf(gz, sizeof gz, "tests/fixtures/tok/%s.cases.json.gz", name);
    snprintf(raw, sizeof raw, "build/tok-%s.cases.json", name);
    js = gunzip_file(gz, raw, &size);
    if (!js || !t) { check(0, "%s: tokenizer and cases load", name); goto done; }
    e = js + size;
    tj_iter(&it, tj_ws(js, e), e);
    while (tj_next(&it, NULL, &x)) {
        size_t tl, nw, ng, dl = 0, want_dl;
        nw = json_ids(tj_get(x, e, "ids"), e, want, 1 << 18);
        want_dl = tj_str(tj_get(x, e, "decoded"), e, dec, 1 << 20);
        if (tj_get(x, e, "decode_only")) { /* a random id list: its decoded text only */
            if (wm_detokenize(t, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl))
                if (!bad_lists++) check(0, "%s: decoded id list %zu differs", name, n_lists);
            if (tb && n_lists % 8 == 0 && (wm_detokenize(tb, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl))) bad_blob++;
            n_lists++;
            continue;
        }
        tl = tj_str(tj_get(x, e, "text"), e, text, 1 << 20);
        if (wm_tokenize(t, text, tl, 0, got, 1 << 18, &ng) != WM_OK || !ids_equal(got, ng, want, nw)) {
            if (!bad_ids++) check(0, "%s: ids of text %zu ('%.30s...') differ", name, k, text);
        }
        if (k % 2 == 0 && (!tb || wm_tokenize(tb, text, tl, k % 4 == 2, got, 1 << 18, &ng) != WM_OK || (k % 4 == 0 && !ids_equal(got, ng, want, nw))))
            bad_blob++; /* every other text through the blob: without the special tokens, or (below) with them */
        if (tb && k % 4 == 2) { /* with the special tokens: the same ids as from the JSON */
            size_t nj = 0;
            int32_t *gj = got + ng;
            if (ng > (1 << 17) || wm_tokenize(t, text, tl, 1, gj, 1 << 17, &nj) != WM_OK || !ids_equal(got, ng, gj, nj)) bad_blob++;
        }
        nw = json_ids(tj_get(x, e, "ids_with_special"), e, want, 1 << 18);
        if (wm_tokenize(t, text, tl, 1, got, 1 << 18, &ng) != WM_OK || !ids_equal(got, ng, want, nw)) {
            if (!bad_sp++) check(0, "%s: ids with special tokens of text %zu differ", name, k);
        }
        nw = json_ids(tj_get(x, e, "ids"), e, want, 1 << 18);
        if (wm_detokenize(t, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl)) {
            if (!bad_dec++) check(0, "%s: decoded text %zu differs", name, k);
        }
        if (tb && k % 4 == 0 && (wm_detokenize(tb, want, nw, out, 1 << 20, &dl) != WM_OK || dl != want_dl || memcmp(out, dec, dl))) bad_blob++;
        n_ids += nw;
        text_bytes += tl;
        k++;
    }
    check(k >= 150 && n_lists >= 300 && !bad_ids && !bad_sp && !bad_dec && !bad_lists,
          "%s: %zu texts (%zu bytes, %zu ids): ids %zu, with special %zu, decoded %zu differ; %zu random id lists: %zu decode differently", name,
          k, text_bytes, n_ids, bad_ids, bad_sp, bad_dec, n_lists, bad_lists);
    check(tb && bad_blob == 0, "%s: the tokenizer in place (wm_tokenizer_init_blob) differs on %zu of %zu texts", name, bad_blob, k);
done:
    free(js); free(text); free(dec); free(out); free(want); free(got); free(tb_mem);
    wm_tokenizer_free(t);
    remove(raw);
    snprintf(raw, sizeof raw, "build/tok-%s.tokenizer.json", name);
    remove(raw);
}

void test_tokenizer_gguf(void) {
    tok_gguf_case("gpt2");
    tok_gguf_case("llama2");
}

/* NFC and NFKC of a base and long runs of combining marks (up to 5,000):
   the tokenizers library's result (tests/fixtures/tok/marks.json, by
   tools/gen_mark_cases.js: the count and FNV-1a 64 of the ids of a
   byte-level tokenizer with no merges, one id per normalized byte) */
void test_tokenizer_marks(void) {
    size_t n = 0, tn = 0, k = 0, same = 0;
    char *js = (char *)read_all("tests/fixtures/tok/marks.json", &n), *tj = (char *)read_all("tests/fixtures/tok/marks.tokenizer.json", &tn), *tk = NULL;
    const char *e = js ? js + n : NULL, *c;
    wm_tokenizer *t[2] = {NULL, NULL};
    wm_error er;
    tj_it it;
    int32_t *ids = (int32_t *)malloc(sizeof(int32_t) * 65536);
    char *text = (char *)malloc(65536), *at;
    if (!js || !tj || !ids || !text || !(at = strstr(tj, "\"NFC\""))) { check(0, "tests/fixtures/tok/marks*.json"); goto done; }
    check(wm_tokenizer_open(&t[0], tj, tn, &er) == WM_OK, "marks tokenizer (NFC): %s", er.message);
    tk = (char *)malloc(tn + 2); /* the same with "NFKC" */
    memcpy(tk, tj, (size_t)(at - tj)); memcpy(tk + (at - tj), "\"NFKC\"", 6); memcpy(tk + (at - tj) + 6, at + 5, tn - (size_t)(at - tj) - 5);
    check(wm_tokenizer_open(&t[1], tk, tn + 1, &er) == WM_OK, "marks tokenizer (NFKC): %s", er.message);
    for (tj_iter(&it, tj_ws(js, e), e); t[0] && t[1] && tj_next(&it, NULL, &c); k++) {
        char head[16], mark[16], tail[256], want[24], got[24];
        double kk = 0, wn = 0;
        size_t hl = tj_str(tj_get(c, e, "head"), e, head, sizeof head), ml = tj_str(tj_get(c, e, "mark"), e, mark, sizeof mark);
        size_t tl = tj_str(tj_get(c, e, "tail"), e, tail, sizeof tail), len = 0, ni = 0, j;
        int nfkc = tj_get(c, e, "norm")[2] == 'F' && tj_get(c, e, "norm")[3] == 'K';
        uint64_t h = 0xcbf29ce484222325ull;
        tj_double(tj_get(c, e, "k"), e, &kk);
        tj_double(tj_get(c, e, "n"), e, &wn);
        tj_str(tj_get(c, e, "fnv"), e, want, sizeof want);
        memcpy(text, head, hl); len = hl;
        for (j = 0; j < (size_t)kk && len + ml + tl < 65536; j++) { memcpy(text + len, mark, ml); len += ml; }
        memcpy(text + len, tail, tl); len += tl;
        if (wm_tokenize(t[nfkc], text, len, 0, ids, 65536, &ni) != WM_OK) continue;
        for (j = 0; j < ni; j++) { /* FNV-1a 64 of "id,id,..." */
            char num[16];
            int l = snprintf(num, sizeof num, j ? ",%d" : "%d", ids[j]), q;
            for (q = 0; q < l; q++) { h ^= (unsigned char)num[q]; h *= 0x100000001b3ull; }
        }
        snprintf(got, sizeof got, "%016llx", (unsigned long long)h);
        if (ni == (size_t)wn && !strcmp(got, want)) same++;
        else if (k - same < 4) printf("  marks case %zu (%s, %d marks): %zu ids, the library %d\n", k, nfkc ? "NFKC" : "NFC", (int)kk, ni, (int)wn);
    }
    check(k >= 160 && same == k, "NFC/NFKC of runs of up to 5,000 combining marks: %zu of %zu as the tokenizers library", same, k);
done:
    wm_tokenizer_free(t[0]); wm_tokenizer_free(t[1]);
    free(js); free(tj); free(tk); free(ids); free(text);
}

/* What wm.h does not read fails at load, naming the feature. */
void test_tokenizer_refusals(void) {
    static const struct { const char *json, *needle; } c[] = {
        {"{\"model\":{\"type\":\"WordPiece\",\"vocab\":{\"a\":0}},\"pre_tokenizer\":null,\"decoder\":null}", "WordPiece"},
        {"{\"model\":{\"type\":\"Unigram\",\"vocab\":[[\"a\",0.0]]},\"pre_tokenizer\":null,\"decoder\":null}", "Unigram"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"normalizer\":{\"type\":\"NFD\"},"
         "\"pre_tokenizer\":{\"type\":\"ByteLevel\"},\"decoder\":{\"type\":\"ByteLevel\"}}", "NFD"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":"
         "[{\"type\":\"BertPreTokenizer\"},{\"type\":\"ByteLevel\"}]},\"decoder\":{\"type\":\"ByteLevel\"}}", "BertPreTokenizer"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":"
         "[{\"type\":\"Split\",\"pattern\":{\"Regex\":\"\\\\p{N}{1,4}\"},\"behavior\":\"Isolated\"},{\"type\":\"ByteLevel\",\"use_regex\":false}]},"
         "\"decoder\":{\"type\":\"ByteLevel\"}}", "no matcher for (\\p{N}{1,4};"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"ByteLevel\"},"
         "\"decoder\":{\"type\":\"WordPiece\"}}", "ByteLevel"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":null,\"decoder\":{\"type\":\"CTC\"}}", "CTC"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"normalizer\":{\"type\":\"Replace\",\"pattern\":{\"Regex\":\" +\"},"
         "\"content\":\" \"},\"pre_tokenizer\":null,\"decoder\":{\"type\":\"Fuse\"}}", "Regex"},
        {"{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"pre_tokenizer\":{\"type\":\"Split\",\"pattern\":{\"String\":\" \"},"
         "\"behavior\":\"Isolated\",\"invert\":true},\"decoder\":{\"type\":\"ByteLevel\"}}", "invert"}};
    size_t i;
    for (i = 0; i < sizeof c / sizeof c[0]; i++) {
        wm_tokenizer *t = NULL;
        wm_error e;
        wm_status st = wm_tokenizer_open(&t, c[i].json, strlen(c[i].json), &e);
        check(st == WM_ERR_UNSUPPORTED && strstr(e.message, c[i].needle), "refusal %zu names '%s': %s", i, c[i].needle, st == WM_OK ? "loaded" : e.message);
        wm_tokenizer_free(t);
    }
}

/* "normalized" added tokens: wm_tokenizer_find takes the content as the
   file gives it (not the normalized text it is matched by), and a content
   the normalizer empties is refused at load, naming the token. */
void test_tokenizer_nz_added(void) {
    static const char *strip_all = "{\"model\":{\"type\":\"BPE\",\"vocab\":{\"a\":0},\"merges\":[]},\"normalizer\":{\"type\":\"Strip\","
                                   "\"strip_left\":true,\"strip_right\":true},\"pre_tokenizer\":{\"type\":\"ByteLevel\"},\"decoder\":"
                                   "{\"type\":\"ByteLevel\"},\"added_tokens\":[{\"id\":1,\"content\":\"  \",\"normalized\":true}]}";
    size_t size;
    wm_tokenizer *t;
    wm_error e;
    wm_status st;
    int32_t ids[16];
    size_t n = 0;
    free(gunzip_file("tests/fixtures/tok/gpt2-lower-nzadded.tokenizer.json.gz", "build/tok-nz.json", &size));
    t = load_tok("build/tok-nz.json");
    remove("build/tok-nz.json");
    if (t) {
        int32_t hello = wm_tokenizer_find(t, "HELLO");
        check(hello >= 0 && wm_tokenizer_find(t, "hello") < 0 && wm_tokenizer_find(t, "<MASK>") >= 0,
              "find: contents as given (HELLO %d, hello %d)", (int)hello, (int)wm_tokenizer_find(t, "hello"));
        check(wm_tokenize(t, "hElLo", 5, 0, ids, 16, &n) == WM_OK && n == 1 && ids[0] == hello, "hElLo is the normalized token HELLO (%zu ids)", n);
        check(wm_tokenize(t, "xhello", 6, 0, ids, 16, &n) == WM_OK && n == 2 && ids[1] == hello, "matched inside a word too (%zu ids)", n);
    }
    wm_tokenizer_free(t);
    t = NULL;
    st = wm_tokenizer_open(&t, strip_all, strlen(strip_all), &e);
    check(st == WM_ERR_FORMAT && strstr(e.message, "added token 0") && strstr(e.message, "empty once normalized"), "empty once normalized: %s",
          st == WM_OK ? "loaded" : e.message);
    wm_tokenizer_free(t);
}

/* Gemma's vocabulary has one token with U+2581 after another character
   (">\u2581</"): words are still cut before U+2581 runs for speed, except
   after ">". Ids from the tokenizers library. */
void test_tokenizer_sp_block(void) {
    static const struct { const char *text; int32_t ids[6]; size_t n; } c[] = {
        {"> </", {107068}, 1}, {"a > </ b", {236746, 1890, 1454, 518}, 4}, {"x>  </y", {236781, 236813, 138, 954, 236762}, 5}};
    size_t size, i, n;
    int32_t ids[16];
    wm_tokenizer *t;
    free(gunzip_file("tests/fixtures/tok/gemma3.tokenizer.json.gz", "build/tok-g3.json", &size));
    t = load_tok("build/tok-g3.json");
    remove("build/tok-g3.json");
    for (i = 0; t && i < sizeof c / sizeof c[0]; i++) {
        wm_status st = wm_tokenize(t, c[i].text, strlen(c[i].text), 0, ids, 16, &n);
        check(st == WM_OK && ids_equal(ids, n, c[i].ids, c[i].n), "gemma3 '%s': %zu ids as the library's", c[i].text, n);
    }
    wm_tokenizer_free(t);
}

void test_chat_templates(void) {
    static const char *qwen_cfg = "{\"chat_template\": \"{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n'}}{% endfor %}\"}";
    static const char *rod_cfg = "{\"tokenizer_class\": \"RodimusTokenizer\", \"bos_token\": \"<|startoftext|>\"}";
    static const char *llama_cfg = "{\"chat_template\": \"{{ '<|start_header_id|>' + message['role'] + '<|end_header_id|>' }}\"}";
    char out[512];
    const wm_chat_template *c = wm_chat_template_get("chatml"), *r = wm_chat_template_get("rodimus");
    wm_tokenizer *t;
    check(c && wm_chat_render(c, 1, "Be brief.", "Hi", out, sizeof out) > 0 &&
              !strcmp(out, "<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"),
          "chatml first turn: %s", out);
    check(c && wm_chat_render(c, 0, NULL, "More", out, sizeof out) > 0 && !strcmp(out, "<|im_end|>\n<|im_start|>user\nMore<|im_end|>\n<|im_start|>assistant\n"),
          "chatml later turn: %s", out);
    check(r && wm_chat_render(r, 1, "You are Rodimus+.", "Hi", out, sizeof out) > 0 &&
              !strcmp(out, "<role>SYSTEM</role>You are Rodimus+.<role>HUMAN</role>Hi<role>ASSISTANT</role>"), "rodimus first turn: %s", out);
    check(wm_chat_template_guess(qwen_cfg, strlen(qwen_cfg), NULL) == c, "ChatML recognized from its chat_template");
    check(wm_chat_template_guess(rod_cfg, strlen(rod_cfg), NULL) == r, "Rodimus recognized from tokenizer_class");
    check(wm_chat_template_guess(llama_cfg, strlen(llama_cfg), NULL) == wm_chat_template_get("doge"), "header-id format recognized");
    check(wm_chat_template_guess("{}", 2, NULL) == NULL && wm_chat_template_guess("not json", 8, NULL) == NULL, "nothing to recognize: NULL");
    t = load_tok("tests/fixtures/tokenizer-doge/tokenizer.json");
    check(t && wm_chat_template_guess(NULL, 0, t) == wm_chat_template_get("doge"), "doge recognized from its special tokens");
    wm_tokenizer_free(t);
}

void test_tokenizer_real(void) {
    static const char *fam[] = {"gpt2", "llama3", "qwen3", "claude", "llama2", "deepseek_v3", "gpt2-added", "llama2-metaspace",
                                "mamba2-neox", "gpt2-prefix", "gpt2-digits", "llama2-splits", "llama2-wsplit", "gpt2-lower", "llama2-lower",
                                "llama2-nzadded", "gpt2-lower-nzadded", "llama2-metaspace-nzadded",
                                "gemma3", "gpt4o", "mistral_nemo"};
    size_t i;
    mkdir("build", 0777);
    for (i = 0; i < sizeof fam / sizeof fam[0]; i++) tok_family(fam[i]);
}

void test_tokenizer_memory(void) {
    size_t size, need;
    char *js = (char *)read_all("examples/models/doge-demo/tokenizer.json", &size), *cp;
    unsigned char *raw;
    wm_tokenizer *t;
    wm_error e;
    unsigned seed = 11;
    int i;
    if (!js) { check(0, "demo tokenizer"); return; }
    check(wm_tokenizer_bytes(js, size, &need, &e) == WM_OK, "tokenizer bytes: %s", e.message);
    raw = (unsigned char *)malloc(need + 64);
    check(wm_tokenizer_init(&t, js, size, align64(raw), need - 1, &e) == WM_ERR_ARENA, "one byte less is refused");
    check(wm_tokenizer_init(&t, js, size, align64(raw), need, &e) == WM_OK, "exactly wm_tokenizer_bytes");
    {
        int32_t ids[16];
        size_t n;
        static const int32_t want[] = {0, 374, 4078, 293, 260, 2800, 859, 305};
        check(wm_tokenize(t, "The secret of a happy life is", 29, 1, ids, 16, &n) == WM_OK && ids_equal(ids, n, want, 8),
              "demo prompt ids");
    }
    free(raw);
    check(wm_tokenizer_open(&t, "{\"model\":{\"type\":\"WordPiece\"}}", 30, &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "BPE"),
          "unsupported model: %s", e.message);
    check(wm_tokenizer_open(&t, "{\"model\":", 9, &e) == WM_ERR_FORMAT, "not JSON");
    /* damaged files never crash */
    cp = (char *)malloc(size);
    for (i = 0; i < 300; i++) {
        memcpy(cp, js, size);
        seed = seed * 1103515245u + 12345u;
        cp[(seed >> 4) % size] = (char)(seed >> 20);
        seed = seed * 1103515245u + 12345u;
        cp[(seed >> 4) % 2048] = (char)(seed >> 22);
        if (wm_tokenizer_open(&t, cp, i % 7 ? size : size / 2, &e) == WM_OK) {
            int32_t ids[64];
            size_t n;
            wm_tokenize(t, "Hello <|end_of_text|> world", 27, 1, ids, 64, &n);
            wm_tokenizer_free(t);
        }
    }
    check(1, "fuzzed tokenizer.json");
    free(cp);
    free(js);
}

void test_utf8_stream(void) {
    const char *in = "a\xc3\xa9\xf0\x9f\x99\x82\xe4\xb8\xad\xff!\xe4\xb8";
    wm_utf8_stream st;
    char out[64], all[128];
    size_t i, n, total = 0;
    int broken = 0;
    st.n = 0;
    for (i = 0; i < strlen(in); i++) {
        n = wm_utf8_push(&st, in + i, 1, out);
        broken |= !wm_utf8_valid(out, n);
        memcpy(all + total, out, n);
        total += n;
    }
    n = wm_utf8_flush(&st, out);
    memcpy(all + total, out, n);
    total += n;
    check(!broken, "byte-by-byte pushes only ever give whole characters");
    check(total == 17 && !memcmp(all, "a\xc3\xa9\xf0\x9f\x99\x82\xe4\xb8\xad\xef\xbf\xbd!\xef\xbf\xbd", 17), "stream text (%zu bytes)", total);
}
