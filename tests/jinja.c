/* jinja.c - Jinja chat templates: real templates against python3-jinja2's
   renderings, and hostile templates bounded in steps, output and memory. */
#include "test.h"

/* wm template: the rendering exactly, the template's own message where it raises, refusal by name */
static void jinja_wm_template(void) {
    size_t n = 0;
    char *js = (char *)read_all("tests/fixtures/chat/gemma3.json", &n), out[8192];
    const char *e = js ? js + n : NULL, *cfg = js ? tj_get(tj_ws(js, e), e, "config") : NULL;
    FILE *f = fopen("build/tmp/gemma3-config.json", "wb");
    if (f && cfg) fwrite(cfg, 1, (size_t)(tj_value(cfg, e) - cfg), f);
    if (f) fclose(f);
    f = fopen("build/tmp/macro-config.json", "wb");
    if (f) { fputs("{\"chat_template\": \"{% macro m() %}x{% endmacro %}{{ m() }}\"}", f); fclose(f); }
    check(run_capture("build/wm template build/tmp/gemma3-config.json '[{\"role\": \"system\", \"content\": \"Be brief.\"}, {\"role\": \"user\", "
                      "\"content\": \" Hi \"}]' --add-generation-prompt", out, sizeof out) == 0 &&
              !strcmp(out, "<bos><start_of_turn>user\nBe brief.\n\nHi<end_of_turn>\n<start_of_turn>model\n"),
          "wm template: gemma3's rendering exactly: '%s'", out);
    check(run_capture("build/wm template build/tmp/gemma3-config.json '[{\"role\": \"user\", \"content\": \"a\"}, {\"role\": \"user\", "
                      "\"content\": \"b\"}]' 2>&1", out, sizeof out) != 0 && !strcmp(out, "Conversation roles must alternate user/assistant/user/assistant/...\n"),
          "wm template: a template that raises: its message, exit non-zero: '%s'", out);
    check(run_capture("build/wm template build/tmp/macro-config.json '[]' 2>&1", out, sizeof out) != 0 && strstr(out, "{% macro %} is not supported"),
          "wm template: a construct it lacks is refused by name: '%s'", out);
    check(run_capture("build/wm template build/tmp/gemma3-config.json '[{\"role\": \"user\", \"content\": \"Hi\"}]' --context '{\"bos_token\": \"<B>\"}'", out,
                      sizeof out) == 0 && !strncmp(out, "<B><start_of_turn>", 18),
          "wm template --context: extra variables: '%s'", out);
    free(js);
}

static void jinja_wm_chat(void);

void test_jinja_templates(void) {
    static const char *const names[] = {"llama3_2", "qwen2_5", "qwen3", "gemma3", "mistral_nemo", "deepseek_v3", "doge", "chatml", "rodimus"};
    size_t fi;
    int total = 0, same = 0, raises = 0;
    for (fi = 0; fi < sizeof names / sizeof names[0]; fi++) {
        char path[256];
        size_t n = 0;
        char *js, *cfg_text;
        const char *e, *root, *cfg, *cases, *c, *cfg_end;
        tj_it it;
        int k = 0, ok = 0;
        snprintf(path, sizeof path, "tests/fixtures/chat/%s.json", names[fi]);
        js = (char *)read_all(path, &n);
        if (!js) { check(0, "%s readable", path); continue; }
        e = js + n;
        root = tj_ws(js, e);
        cfg = tj_get(root, e, "config");
        cases = tj_get(root, e, "cases");
        cfg_end = cfg ? tj_value(cfg, e) : NULL;
        cfg_text = cfg && cfg_end ? (char *)cfg : NULL;
        for (tj_iter(&it, cases, e); cfg_text && tj_next(&it, NULL, &c); k++) {
            const char *m = tj_get(c, e, "messages"), *cx = tj_get(c, e, "context"), *g = tj_get(c, e, "add_generation_prompt");
            const char *want = tj_get(c, e, "output"), *err_txt = tj_get(c, e, "error"), *raised = tj_get(c, e, "raised");
            wm_chat_params p;
            wm_error er;
            size_t len = 0, wl;
            char *got = NULL, *w;
            wm_status st;
            memset(&p, 0, sizeof p);
            p.config_json = cfg_text; p.config_bytes = (size_t)(cfg_end - cfg_text);
            p.messages_json = m; p.messages_bytes = (size_t)(tj_value(m, e) - m);
            if (cx) { p.context_json = cx; p.context_bytes = (size_t)(tj_value(cx, e) - cx); }
            p.add_generation_prompt = g && !strncmp(g, "true", 4);
            p.now = 1764115200; /* the generator's clock */
            st = wm_chat_apply(&p, NULL, 0, &len, &er);
            if (st == WM_OK) {
                got = (char *)malloc(len + 1);
                st = wm_chat_apply(&p, got, len + 1, &len, &er);
            }
            total++;
            if (want) {
                wl = tj_str(want, e, NULL, 0);
                w = (char *)malloc(wl + 1);
                tj_str(want, e, w, wl + 1);
                if (st == WM_OK && len == wl && !memcmp(got, w, wl)) { same++; ok++; }
                else {
                    size_t d = 0;
                    while (st == WM_OK && d < len && d < wl && got[d] == w[d]) d++;
                    check(0, "%s case %d: %s (first difference at byte %zu: got '%.40s', want '%.40s')", names[fi], k,
                          st == WM_OK ? "a different rendering" : er.message, d, st == WM_OK ? got + d : "", w + (d < wl ? d : wl));
                }
                free(w);
            } else { /* the template fails: raise_exception's own message, or a failure either way */
                int is_raise = raised && !strncmp(raised, "true", 4);
                wl = tj_str(err_txt, e, NULL, 0);
                w = (char *)malloc(wl + 1);
                tj_str(err_txt, e, w, wl + 1);
                raises += is_raise;
                if (st != WM_OK && (!is_raise || (st == WM_ERR_TEMPLATE && !strcmp(er.message, w)))) { same++; ok++; }
                else check(0, "%s case %d: the template fails ('%s'): wm %s", names[fi], k, w, st == WM_OK ? "rendered it" : er.message);
                free(w);
            }
            free(got);
        }
        if (getenv("WM_TEST_VERBOSE")) printf("  %-13s %d of %d cases as jinja2\n", names[fi], ok, k);
        check(k >= 20, "%s: %d conversations", names[fi], k);
        free(js);
    }
    check(total >= 180 && same == total && raises >= 8, "chat templates: %d of %d renderings byte-identical to jinja2 (9 real templates; %d raise_exception)",
          same, total, raises);
    POSIX_ONLY(jinja_wm_template(), SHELL);
    POSIX_ONLY(jinja_wm_chat(), SHELL);
}

/* wm chat through the checkpoint's template: the first answer is what generate gives for its rendering */
static void jinja_wm_chat(void) {
    if (!getenv("WM_BIN")) {
        size_t n = 0;
        char *js = (char *)read_all("tests/fixtures/chat/doge.json", &n), out[8192], want[8192], cmd[1024];
        const char *e = js ? js + n : NULL, *cfg = js ? tj_get(tj_ws(js, e), e, "config") : NULL;
        FILE *f;
        run("mkdir -p build/tmp/jchat && cp examples/models/doge-demo/config.json examples/models/doge-demo/model.safetensors "
            "examples/models/doge-demo/tokenizer.json build/tmp/jchat/");
        f = fopen("build/tmp/jchat/tokenizer_config.json", "wb");
        if (f && cfg) fwrite(cfg, 1, (size_t)(tj_value(cfg, e) - cfg), f);
        if (f) fclose(f);
        check(run_capture("build/wm template build/tmp/jchat/tokenizer_config.json '[{\"role\": \"system\", \"content\": \"Be kind.\"}, {\"role\": \"user\", "
                          "\"content\": \"Hello there\"}]' --add-generation-prompt > build/tmp/jchat/prompt.txt",
                          out, sizeof out) == 0, "the rendering of the first turn");
        snprintf(cmd, sizeof cmd, "build/wm generate build/tmp/jchat -f build/tmp/jchat/prompt.txt --no-bos -n 12 --temp 0 2>/dev/null | tail -c +%ld",
                 (long)sizeof_file("build/tmp/jchat/prompt.txt") + 1);
        run_capture(cmd, want, sizeof want);
        check(run_capture("printf 'Hello there\\nAnd again?\\n' | build/wm chat build/tmp/jchat -p 'Be kind.' -n 12 --temp 0 2>/dev/null", out, sizeof out) == 0 &&
                  strlen(want) > 1 && !strncmp(out, want, strlen(want) - 1) && strchr(out + strlen(want) - 1, '\n'),
              "wm chat with the checkpoint's Jinja template: the first answer '%s' is generate's for the rendering ('%s')", out, want);
        free(js);
    }
}

/* ---- the Jinja interpreter against jinja2 and hostile templates ---------------
   tests/fixtures/chat/cases.json (tools/gen_jinja_cases.py): each case's
   rendering equals jinja2's, or fails where jinja2's does; then templates
   that once crashed, overflowed or ran unbounded: each ends (rendered or
   refused) within its time, and 4x the input takes about 4x the time. */

static int jinja_render(const char *tmpl, const char *ctx, char **out, size_t *len, wm_error *er) {
    size_t n = strlen(tmpl), k = 0, j;
    char *cfg = (char *)malloc(6 * n + 64); /* (a control byte takes 6 escaped) */
    wm_chat_params p;
    wm_status st;
    static const char hex[] = "0123456789abcdef";
    if (!cfg) return WM_ERR_NOMEM;
    k += (size_t)sprintf(cfg, "{\"chat_template\": \"");
    for (j = 0; j < n; j++) { /* as a JSON string */
        unsigned char c = (unsigned char)tmpl[j];
        if (c == '"' || c == '\\') { cfg[k++] = '\\'; cfg[k++] = (char)c; }
        else if (c < 0x20) { cfg[k++] = '\\'; cfg[k++] = 'u'; cfg[k++] = '0'; cfg[k++] = '0'; cfg[k++] = hex[c >> 4]; cfg[k++] = hex[c & 15]; }
        else cfg[k++] = (char)c;
    }
    k += (size_t)sprintf(cfg + k, "\"}");
    memset(&p, 0, sizeof p);
    p.config_json = cfg; p.config_bytes = k;
    p.messages_json = "[]"; p.messages_bytes = 2;
    if (ctx) { p.context_json = ctx; p.context_bytes = strlen(ctx); }
    p.now = 1764115200;
    *out = NULL;
    *len = 0;
    st = wm_chat_apply(&p, NULL, 0, len, er);
    if (st == WM_OK) {
        *out = (char *)malloc(*len + 1);
        st = wm_chat_apply(&p, *out, *len + 1, len, er);
    }
    free(cfg);
    return st;
}

/* a string of n copies of unit between head and tail (malloc'd) */
static char *jinja_repeat(const char *head, const char *unit, size_t n, const char *tail) {
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail), i;
    char *s = (char *)malloc(hl + ul * n + tl + 1), *p = s;
    if (!s) return NULL;
    memcpy(p, head, hl); p += hl;
    for (i = 0; i < n; i++) { memcpy(p, unit, ul); p += ul; }
    memcpy(p, tail, tl + 1);
    return s;
}

/* linear time: each at 1x and 4x its size; the 4x run within 10x the 1x run's time (quadratic would be 16x) */
static void jinja_linear_time(void) {
    static const struct { const char *head, *unit, *tail, *ctx; size_t n; } lin[] = {
        {"{% set s = '", "aé", "' %}{% for i in range(s | length) %}{{ s[i] }}{% endfor %}", NULL, 20000},    /* indexing by position */
        {"{% set s = '", "aé", "' %}{% for i in range(s | length) %}{{ s[i:i+2] }}{% endfor %}", NULL, 20000}, /* slicing */
        {"{% set s = '", "ab", "' %}{% for i in range(4000) %}{{ s | length }}{% endfor %}", NULL, 20000},    /* length per use */
        {"{% set s = '", "a", "b' %}{% for i in range(200) %}{{ ('a' * 3000 ~ 'b') in s }}{% endfor %}", NULL, 20000}, /* in */
        {"{% set s = '", "a", "b' %}{% for i in range(200) %}{{ s.find('a' * 3000 ~ 'b') }}{% endfor %}", NULL, 20000}, /* find */
        {"{% set l = [", "'x', ", "'y'] %}{{ l | unique | list | length }}", NULL, 20000},                        /* unique */
        {"{{ d.k0 }}{{ d | length }}", "", "", NULL, 20000},                                                      /* a JSON dict of many keys */
    };
    size_t l;
    for (l = 0; l < sizeof lin / sizeof lin[0]; l++) {
        double t1 = 0, t4 = 0;
        int m, ok = 1;
        for (m = 1; m <= 4; m += 3) {
            char *t, *ctx = NULL, *got;
            size_t len, i, cl = 0;
            wm_error er;
            double t0;
            int st, rep;
            if (l == 6) { /* {"d": {"k0": 0, "k1": 1, ...}} */
                ctx = (char *)malloc(32 * lin[l].n * (size_t)m + 64);
                cl += (size_t)sprintf(ctx, "{\"d\": {");
                for (i = 0; i < lin[l].n * (size_t)m; i++) cl += (size_t)sprintf(ctx + cl, "%s\"k%zu\": %zu", i ? ", " : "", i, i);
                sprintf(ctx + cl, "}}");
            }
            t = jinja_repeat(lin[l].head, lin[l].unit, lin[l].n * (size_t)m, lin[l].tail);
            for (rep = 0; rep < 3; rep++) { /* the fastest of three: the machine's other work only adds time */
                t0 = t_cpu();
                st = jinja_render(t, ctx, &got, &len, &er);
                t0 = t_cpu() - t0;
                if (!rep || t0 < *(m == 1 ? &t1 : &t4)) *(m == 1 ? &t1 : &t4) = t0;
                if (rep < 2) free(got);
            }
            ok &= st == WM_OK;
            if (st != WM_OK) printf("  jinja linear case %zu: %s\n", l, er.message);
            free(got); free(t); free(ctx);
        }
        check(ok && t4 < 10 * t1 + 0.05, "jinja: linear time (case %zu): %.3f s at 1x, %.3f s at 4x", l, t1, t4);
        if (getenv("WM_TEST_VERBOSE")) printf("  jinja linear case %zu: %.4f s at 1x, %.4f s at 4x\n", l, t1, t4);
    }
}

/* bounded: each ends within seconds, refused by the budget or a limit */
static void jinja_bounded(void) {
    static const char *const slow[] = {
        "{{ '' * 9000000000000000000 }}x",                                                        /* renders: an empty repeat costs nothing */
        NULL, /* (20,000 chained filters run 1,000 times: built below) */
        "{% set s = 'a' * 1000000 %}{% for i in range(1000000) %}{{ s | indent(2000000000) }}{% endfor %}",
        "{% for i in range(1000000) %}{% for j in range(1000000) %}{{ i }}{% endfor %}{% endfor %}",
    };
    size_t b;
    for (b = 0; b < sizeof slow / sizeof slow[0]; b++) {
        char *got, *chain = b == 1 ? jinja_repeat("{% for i in range(1000) %}{% if i", " | abs", 20000, " %}{% endif %}{% endfor %}") : NULL;
        size_t len;
        wm_error er;
        double t0 = t_now(), dt;
        int st = jinja_render(chain ? chain : slow[b], NULL, &got, &len, &er);
        dt = t_now() - t0;
        free(chain);
        check(dt < 60 && (b == 0 ? st == WM_OK && !strcmp(got, "x") : st != WM_OK) && (b != 1 || strstr(er.message, "too long")), /* (native ~1 s; sanitizers 5x) */
              "jinja bounded %zu: %.2f s, %s", b, dt, st == WM_OK ? "rendered" : er.message);
        if (getenv("WM_TEST_VERBOSE")) printf("  jinja bounded %zu: %.3f s (%s)\n", b, dt, st == WM_OK ? "rendered" : er.message);
        free(got);
    }
}

void test_jinja_hostile(void) {
    size_t n = 0;
    char *js = (char *)read_all("tests/fixtures/chat/cases.json", &n);
    const char *e = js ? js + n : NULL, *c;
    tj_it it;
    int k = 0, same = 0;
    const char *cases = js ? tj_get(tj_ws(js, e), e, "cases") : NULL, *cv = js ? tj_get(tj_ws(js, e), e, "context") : NULL;
    char *ctx = NULL;
    if (!js || !cases || !cv) { check(0, "tests/fixtures/chat/cases.json readable"); free(js); return; }
    { /* the variables the cases read */
        size_t cl = (size_t)(tj_value(cv, e) - cv);
        ctx = (char *)malloc(cl + 1);
        memcpy(ctx, cv, cl);
        ctx[cl] = 0;
    }
    for (tj_iter(&it, cases, e); tj_next(&it, NULL, &c); k++) {
        const char *tv = tj_get(c, e, "template"), *want = tj_get(c, e, "output"), *err_txt = tj_get(c, e, "error");
        size_t tl = tj_str(tv, e, NULL, 0), wl = 0, len;
        char *t = (char *)malloc(tl + 1), *w = NULL, *got;
        wm_error er;
        int st;
        tj_str(tv, e, t, tl + 1);
        if (want) { wl = tj_str(want, e, NULL, 0); w = (char *)malloc(wl + 1); tj_str(want, e, w, wl + 1); }
        st = jinja_render(t, ctx, &got, &len, &er);
        if (want ? st == WM_OK && len == wl && !memcmp(got, w, wl) : err_txt && st != WM_OK) same++;
        else check(0, "jinja case %d '%.60s': jinja2 %s '%.80s', wm.h %s '%.80s'", k, t, want ? "renders" : "fails", want ? w : "",
                   st == WM_OK ? "renders" : "fails", st == WM_OK ? got : er.message);
        free(t); free(w); free(got);
    }
    check(k >= 60 && same == k, "jinja cases: %d of %d as jinja2 (tests/fixtures/chat/cases.json)", same, k);
    free(js);
    free(ctx);
    if (getenv("WM_BIN")) return; /* the timed and heavy cases natively only (plain C: an emulated run tells nothing more, slowly) */
    { /* crashes once: each fails cleanly now */
        static const char *const bad[] = {
            "{{ (-9223372036854775807 - 1) is divisibleby(-1) }}", /* SIGFPE */
            "{{ 'ab' * 4611686018427387904 }}",                    /* an overflowing length check */
            "{{ 1e999 | int }}", "{{ 1e300 | int }}", "{{ 'nan' | float | int }}",
        };
        size_t b;
        for (b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            char *got;
            size_t len;
            wm_error er;
            int st = jinja_render(bad[b], NULL, &got, &len, &er);
            check(b == 0 ? st == WM_OK && !strcmp(got, "True") : st != WM_OK, "'%s': %s", bad[b], st == WM_OK ? got : er.message);
            free(got);
        }
    }
    { /* deep syntax and deep values: a clean error, no stack overflow */
        static const struct { const char *head, *unit, *tail; size_t n; } deep[] = {
            {"{{ ", "not ", "1 }}", 60000},
            {"{{ ", "1 if x else ", "2 }}", 15000},
            {"{{ ", "- ", "1 }}", 60000},
            {"{% set ns = namespace(v=1) %}{% for i in range(60000) %}{% set ns.v = [ns.v] %}{% endfor %}", "", "{{ ns.v | tojson }}", 0},
            {"{% set ns = namespace(v=1) %}{% for i in range(60000) %}{% set ns.v = [ns.v] %}{% endfor %}", "", "{{ ns.v }}", 0},
            {"{% set ns = namespace(v=1) %}{% for i in range(60000) %}{% set ns.v = {'k': ns.v} %}{% endfor %}", "", "{{ ns.v == ns.v }}", 0},
        };
        size_t d;
        for (d = 0; d < sizeof deep / sizeof deep[0]; d++) {
            char *t = jinja_repeat(deep[d].head, deep[d].unit, deep[d].n, deep[d].tail), *got;
            size_t len;
            wm_error er;
            int st = jinja_render(t, NULL, &got, &len, &er);
            check(st != WM_OK && strstr(er.message, "deep"), "nested %zu deep (%.30s...): refused: %s", deep[d].n ? deep[d].n : 60000, t, st == WM_OK ? "rendered" : er.message);
            free(got);
            free(t);
        }
    }
    jinja_linear_time();
    jinja_bounded();
    { /* memory: a 120,000-token template and a 100,000-item loop render */
        char *t = jinja_repeat("", "{{ 1 }}", 40000, ""), *got; /* 3 tokens each */
        size_t len;
        wm_error er;
        int st = jinja_render(t, NULL, &got, &len, &er);
        check(st == WM_OK && len == 40000, "120,000 tokens: %s", st == WM_OK ? "rendered" : er.message);
        free(got); free(t);
        st = jinja_render("{% for i in range(1000000) %}{% set a = i %}{% set b = loop.index %}{% endfor %}done", NULL, &got, &len, &er);
        check(st == WM_OK && !strcmp(got, "done"), "a 1,000,000-item loop: %s", st == WM_OK ? got : er.message);
        free(got);
    }
}
