/* config.c - config.json and the public JSON reader; wm.h's CONTENTS and
   EXTENDING against the code, and the layout the README describes. */
#define _FILE_OFFSET_BITS 64 /* 32-bit Linux: readdir and stat fail on 64-bit inode numbers without it */
#include "test.h"
#include <dirent.h>

/* ---- JSON and config ---------------------------------------------------- */

/* The public JSON reader (wm_json_*): what it takes and refuses, with the
   reason and byte; walking, names with escapes of any length, numbers */
void test_json_api(void) {
    static const struct { const char *text; int flags; const char *why; } bad[] = {
        {"{\"a\": [1, 2,]}", 0, "a trailing comma (at byte 12"}, {"{\"a\" 1}", 0, "':' should follow"},
        {"[1 2]", 0, "',' or ']' should be here (at byte 3"}, {"{\"a\":1} x", 0, "more after the value (at byte 8"},
        {"[NaN]", 0, "not a JSON value (at byte 1"}, {"[-Infinity]", 0, "not a JSON value"}, {"\"a\x01\"", 0, "not closed"},
        {"[[[[1]]]]", 3, "nested too deep"}, {"", 0, "the text ends where a value should be (at byte 0)"}, {"{1:2}", 0, "a member's name"},
        {"\"\xc3\x28\"", 0, "bad UTF-8"}, {"01", 0, "more after the value"},
        {"[\"\\udc00\\ud800\"]", 0, "lone surrogate escape (UTF-8 has no such character) (at byte 2"}, {"\"\\ud800\\u0041\"", 0, "lone surrogate"}};
    wm_json r, k, x, y;
    wm_error er;
    size_t i, n;
    char buf[64], longname[300];
    double d = 0;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int depth = bad[i].flags == 3 ? 3 : 0;
        wm_status st = wm_json_parse(&r, bad[i].text, strlen(bad[i].text), 0, depth, &er);
        check(st == WM_ERR_FORMAT && strstr(er.message, bad[i].why) && r.p == NULL, "json: '%s' refused: %s", bad[i].text, er.message);
    }
    check(wm_json_parse(&r, "[NaN, -Infinity, 1e3]", 21, WM_JSON_LENIENT, 0, &er) == WM_OK && wm_json_count(r) == 3, "json: NaN and Infinity with WM_JSON_LENIENT");
    {
        const char *t = " {\"a\": 1, \"b\": {\"c\": [true, null, \"s\\u00e9\\ud83d\\ude00\\ud800\"]}, \"a\": -2.5e-1, \"k\\\"q\": \"v\"} ";
        check(wm_json_parse(&r, t, strlen(t), 0, 0, &er) == WM_ERR_FORMAT && strstr(er.message, "a lone surrogate escape (UTF-8 has no such character) (at byte 54"),
              "json: a lone surrogate refused (%s)", er.message);
        check(wm_json_parse(&r, t, strlen(t), WM_JSON_LENIENT, 0, &er) == WM_OK && wm_json_type(r) == WM_JSON_OBJECT && wm_json_count(r) == 4, "json: an object of 4 members (%s)", er.message);
        check(wm_json_number(wm_json_get(r, "a"), &d) && d == -0.25, "json: get takes the last of a repeated name (%g)", d);
        x = wm_json_get(wm_json_get(r, "b"), "c");
        check(wm_json_type(x) == WM_JSON_ARRAY && wm_json_count(x) == 3 && wm_json_bytes(x) == strlen("[true, null, \"s\\u00e9\\ud83d\\ude00\\ud800\"]"), "json: an array's count and text");
        y = wm_json_first(x, &k);
        check(wm_json_type(y) == WM_JSON_TRUE && k.p == NULL, "json: an array's elements have no name");
        y = wm_json_next(wm_json_next(y, NULL), NULL);
        n = wm_json_string(y, buf, sizeof buf);
        check(n == 10 && !memcmp(buf, "s\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbd", 10) && !wm_json_next(y, NULL).p, "json: escapes undone, a pair joined, a lone surrogate U+FFFD (%zu bytes)", n);
        check(wm_json_is(wm_json_get(r, "k\"q"), "v") && !wm_json_get(r, "kq").p, "json: a name with an escape found by its text");
        for (y = wm_json_first(r, &k), n = 0; y.p; y = wm_json_next(y, &k)) n += wm_json_is(k, "a");
        check(n == 2, "json: members walked in order with their names");
        check(!wm_json_first(wm_json_get(r, "a"), NULL).p && wm_json_string(wm_json_get(r, "a"), buf, sizeof buf) == 0, "json: a number has no elements and no string");
    }
    for (i = 0; i < 290; i++) longname[i] = (char)('a' + i % 26);
    longname[290] = 0;
    { /* a 290-byte name written with escapes: equal by its decoded bytes */
        char t[700];
        size_t m = 0;
        t[m++] = '{'; t[m++] = '"';
        for (i = 0; i < 290; i++) m += (size_t)sprintf(t + m, i % 7 ? "%c" : "\\u%04x", longname[i]);
        m += (size_t)sprintf(t + m, "\": 7}");
        check(wm_json_parse(&r, t, m, 0, 0, &er) == WM_OK && wm_json_number(wm_json_get(r, longname), &d) && d == 7, "json: a long name with escapes compares whole");
        longname[289] = 'X';
        check(!wm_json_get(r, longname).p, "json: ... and differs by its last byte");
    }
}

void test_config(void) {
    wm_config c;
    wm_error e;
    const char *s;
    char deep[3000];
    int i;
    s = "{\"model_type\":\"mamba2\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"num_heads\":2,"
        "\"head_dim\":4,\"state_size\":4,\"eos_token_id\":[5,6],\"bos_token_id\":null,"
        "\"time_step_limit\":[0.001,Infinity],\"layer_norm_epsilon\":1e-5}  \n";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_OK, "mamba2 config: %s", e.message);
    check(c.dt_max == INFINITY && fabsf(c.dt_min - 0.001f) < 1e-9f, "bare Infinity in time_step_limit");
    check(c.n_eos == 2 && c.eos_token_ids[1] == 6 && c.bos_token_id == -1, "eos list and null bos");
    check(c.ssd_groups == 1 && c.conv_kernel == 4 && c.ssd_chunk == 256, "mamba2 defaults");
    s = "{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"intermediate_size\":4,"
        "\"num_attention_heads\":2,\"rope_theta\":500000,\"rope_scaling\":{\"type\":\"dynamic\",\"factor\":4.0,"
        "\"original_max_position_embeddings\":2048},\"max_position_embeddings\":8192,\"keep_window_size\":null,"
        "\"head_dim\":null}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_OK, "doge config (old rope keys): %s", e.message);
    check(c.rope_type == WM_ROPE_DYNAMIC && c.rope_factor == 4.0 && c.rope_original_max == 2048 && c.rope_theta == 500000.0,
          "rope_scaling with 'type'");
    check(c.head_dim == 4 && c.n_kv_heads == 2 && c.keep_window > (1 << 29), "doge defaults, null keep_window = no limit");
    s = "{\"model_type\":\"doge\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"intermediate_size\":4,"
        "\"num_attention_heads\":2,\"rope_parameters\":{\"rope_type\":\"linear\",\"factor\":2.0,\"rope_theta\":100.0}}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_OK && c.rope_type == WM_ROPE_LINEAR && c.rope_theta == 100.0,
          "rope_parameters");
    s = "{\"model_type\":\"cheems\",\"vocab_size\":10,\"layers_type\":[\"ssd\"],\"intermediate_size\":4,"
        "\"ssd_num_heads\":2,\"ssd_state_size\":4,\"num_cdmoe_experts\":4,\"num_cdmoe_heads\":1,"
        "\"num_cdmoe_experts_per_head\":1,\"expert_retrieval_size\":4}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG, "missing hidden_size");
    check(strstr(e.message, "hidden_size") != NULL, "message names the field: %s", e.message);
    s = "{\"model_type\":\"gpt2\"}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_UNSUPPORTED && strstr(e.message, "gpt2"), "unknown model type");
    s = "{\"model_type\":\"mamba2\",";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG && strstr(e.message, "JSON"), "truncated JSON");
    for (i = 0; i < 2999; i++) deep[i] = '[';
    deep[2999] = 0;
    check(wm_config_parse(&c, deep, strlen(deep), &e) == WM_ERR_CONFIG, "deep nesting is refused, not recursed");
    s = "{\"model_type\":\"mamba2\",\"vocab_size\":10,\"hidden_size\":8,\"num_hidden_layers\":1,\"num_heads\":3,"
        "\"head_dim\":4,\"state_size\":4,\"n_groups\":2}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG && strstr(e.message, "n_groups"), "heads % groups");
    s = "{\"model_type\":\"mamba2\",\"vocab_size\":-3}";
    check(wm_config_parse(&c, s, strlen(s), &e) == WM_ERR_CONFIG && strstr(e.message, "vocab_size"), "negative size");
    s = "{\"a\":\"\\ud83d\\ude00\\u00e9\"}";
    {
        const char *v = tj_get(s, s + strlen(s), "a");
        char buf[16];
        size_t n = tj_str(v, s + strlen(s), buf, sizeof buf);
        check(n == 6 && !memcmp(buf, "\xf0\x9f\x98\x80\xc3\xa9", 6), "JSON \\u escapes with surrogates");
    }
    s = "{\"a\":\"\xff\"}";
    check(tj_value(s, s + strlen(s)) == NULL, "invalid UTF-8 in a JSON string is refused");
}

/* ---- the header's map: CONTENTS true to the banners, EXTENDING's names real, under 1 MiB */

/* a quantized type's block size is written once, in WM__QTYPES: no "* 34", "34 * k", "(wb, 34)", "0, 34)" ... in code elsewhere */
static void contents_block_sizes(char *const *line, size_t nl) {
    int t, in_c = 0, lits = 0;
    size_t i;
    for (i = 0; i < nl; i++) {
        char code[512];
        const char *q = line[i];
        size_t k = 0;
        while (*q && k < sizeof code - 1) { /* the line without its comments */
            if (in_c) { if (q[0] == '*' && q[1] == '/') { in_c = 0; q++; } q++; continue; }
            if (q[0] == '/' && q[1] == '*') { in_c = 1; q += 2; continue; }
            code[k++] = *q++;
        }
        code[k] = 0;
        if (strstr(code, "WM__QTYPES(X)") || !strncmp(code, "    X(", 6)) continue; /* the list itself */
        for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) {
            char pat[7][24]; /* a size in a pointer step, a block's bytes to clear or check, a choice between types */
            int b = (int)wm_type_bytes(t, (uint64_t)wm_type_block(t)), v;
            snprintf(pat[0], 24, "* %d;", b); snprintf(pat[1], 24, "* %d ", b); snprintf(pat[2], 24, " %d * ", b);
            snprintf(pat[3], 24, "(wb, %d)", b); snprintf(pat[4], 24, "(b, 0, %d)", b); snprintf(pat[5], 24, "b, %d, ", b);
            snprintf(pat[6], 24, "? %d :", b);
            for (v = 0; v < 7; v++)
                if (strstr(code, pat[v])) { lits++; if (lits < 4) printf("  wm.h:%zu: a block size written out: %s\n", i + 1, code); }
        }
    }
    check(lits == 0, "no quantized block size written outside WM__QTYPES (%d places)", lits);
}

/* a model type is its row: no code outside wm__model_types compares model_type with a WM_MODEL_* value */
static void contents_model_types(void) {
    static const char *const files[] = {"wm.h", "examples/wm.c", "examples/serve.c", "examples/cli.h", "examples/simple.c", "examples/probe.h"};
    size_t f, tests = 0;
    for (f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t fn = 0;
        char *txt = (char *)read_all(files[f], &fn), *q = txt;
        while (q && (q = strstr(q, "model_type")) != NULL) {
            const char *r2 = q + 10;
            while (*r2 == ' ' || *r2 == ')') r2++;
            if ((r2[0] == '=' || r2[0] == '!') && r2[1] == '=') {
                r2 += 2;
                while (*r2 == ' ') r2++;
                tests += !strncmp(r2, "WM_MODEL_", 9);
            }
            q += 10;
        }
        free(txt);
    }
    check(tests == 0, "no model_type == WM_MODEL_* test outside the model-type table (%zu)", tests);
}

/* every loop wm__pfor runs has its row in wm__tasks (wm_task_name names it for a host's profile) */
static void contents_task_names(const char *h) {
    const char *q = h, *tab = strstr(h, "} wm__tasks[] = {"), *tab_end = tab ? strstr(tab, "};") : NULL;
    int loops = 0, unnamed = 0;
    while ((q = strstr(q, "wm__pfor(")) != NULL) {
        const char *r = q + 9;
        char fn[80];
        size_t k = 0;
        int commas = 0;
        q = r;
        if (!strncmp(r, "const wm__kc", 12)) continue; /* its definition */
        while (*r && *r != ')' && commas < 2) commas += *r++ == ',';
        while (*r == ' ') r++;
        while (k + 1 < sizeof fn && (isalnum((unsigned char)r[k]) || r[k] == '_')) { fn[k] = r[k]; k++; }
        fn[k] = 0;
        if (commas < 2 || k < 6) continue;
        loops++;
        if (!tab || !tab_end) { unnamed++; continue; }
        {
            const char *f = strstr(tab, fn);
            if (!f || f > tab_end) { unnamed++; printf("  %s runs through wm__pfor but has no row in wm__tasks\n", fn); }
        }
    }
    check(loops >= 10 && unnamed == 0, "every loop wm__pfor runs is named in wm__tasks (%d loops, %d unnamed)", loops, unnamed);
}

void test_contents(void) {
    size_t n = 0, i, nl = 0, rn = 0, nr;
    char *h = (char *)read_all("wm.h", &n), **line, *p, *rd, *q0, **rl = (char **)malloc(sizeof(char *) * 4096);
    static const char *banner = "/* ========================================================================";
    int rows = 0, bad = 0, tags = 0, names = 0;
    check(h != NULL, "wm.h readable");
    if (!h) return;
    check(n < 1048576, "wm.h is %zu bytes, under 1 MiB (what common code tools read whole)", n);
    contents_task_names(h);
    for (i = 0; i < n; i++) nl += h[i] == '\n';
    line = (char **)malloc(sizeof(char *) * (nl + 2));
    for (p = h, nl = 0; p < h + n; nl++) { /* lines, NUL-terminated in place */
        char *e = strchr(p, '\n');
        line[nl] = p;
        if (!e) break;
        *e = 0;
        p = e + 1;
    }
    for (i = 0; i < nl; i++) /* each banner [@TAG]: its row "@TAG <lines>" in the table */
        if (!strcmp(line[i], banner) && i + 1 < nl && !strncmp(line[i + 1], "   [@", 5)) {
            char tag[32], want[64];
            size_t j, k;
            for (k = 0; line[i + 1][5 + k] && line[i + 1][5 + k] != ']' && k < 31; k++) tag[k] = line[i + 1][5 + k];
            tag[k] = 0;
            for (j = i + 2; j < nl && !(!strcmp(line[j], banner) && j + 1 < nl && !strncmp(line[j + 1], "   [@", 5)); j++) {}
            snprintf(want, sizeof want, "      @%-12s %6d  ", tag, (int)(j - i));
            for (k = 0; k < 80 && k < nl && strncmp(line[k], want, strlen(want)); k++) {}
            if (k == 80 || k == nl) { bad++; if (bad < 4) printf("  CONTENTS lacks '%s' (run tools/contents.py)\n", want); }
            rows++;
        }
    check(rows >= 20 && bad == 0, "wm.h CONTENTS: %d of %d sections with their true size (tools/contents.py rewrites it)", rows - bad, rows);
    bad = 0;
    /* README's "Extending wm.h": every @TAG it names marks a section or subsection, every wm__/WM_ name in it exists in the code */
    rd = (char *)read_all("README.md", &rn);
    for (nr = 0, q0 = rd ? strtok(rd, "\n") : NULL; q0 && nr < 4096; q0 = strtok(NULL, "\n")) rl[nr++] = q0;
    for (i = 0; i < nr && !strstr(rl[i], "   EXTENDING"); i++) {}
    for (; i < nr && strcmp(rl[i], "```"); i++) {
        char *q = rl[i];
        while ((q = strpbrk(q, "@w")) != NULL) {
            char word[64];
            size_t k = 0;
            int is_tag = *q == '@';
            if (!is_tag && strncmp(q, "wm__", 4)) { q++; continue; }
            if (is_tag) q++;
            while (k < 63 && (isalnum((unsigned char)q[k]) || q[k] == '_')) { word[k] = q[k]; k++; }
            word[k] = 0;
            q += k;
            if (*q == '<' || k < 3) continue; /* a pattern: wm__cfg_<type> */
            if (is_tag) {
                char sec[80];
                size_t m, found = 0;
                snprintf(sec, sizeof sec, "[@%s]", word); /* a banner's or a subsection's mark */
                tags++;
                for (m = 0; m < nl && !found; m++) found = strstr(line[m], sec) != NULL;
                if (!found) { bad++; printf("  EXTENDING names @%s, which marks no section\n", word); }
            } else {
                size_t m, found = 0;
                names++;
                for (m = 200; m < nl && !found; m++) /* past the header comment */
                    found = strstr(line[m], word) && (strstr(line[m], word)[k] == '(' || strstr(line[m], word)[k] == '[' || strstr(line[m], word)[k] == ' ' ||
                                                       strstr(line[m], word)[k] == ';' || strstr(line[m], word)[k] == ',' || strstr(line[m], word)[k] == ')');
                if (!found) { bad++; printf("  EXTENDING names %s, which the code does not define\n", word); }
            }
        }
    }
    check(tags >= 15 && names >= 20 && bad == 0, "README's Extending wm.h: %d tags and %d names, all in wm.h", tags, names);
    free(rd); free(rl);
    contents_model_types();
    contents_block_sizes(line, nl);
    free(line);
    free(h);
}

/* the length of each function written at column 0 ("name(...) {" to "}")
   in path; the longest one's name and length (lines) into *what, *len */
static int longest_function(const char *path, char *what, size_t cap, int *len) {
    size_t n = 0, i;
    char *txt = (char *)read_all(path, &n), *p, *start_name = NULL;
    int line = 0, start = 0, over = 0;
    *len = 0;
    if (!txt) return -1;
    for (p = txt, i = 0; p < txt + n; line++) {
        char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l > 2 && isalpha((unsigned char)p[0]) && p[l - 1] == '{' && p[l - 2] == ' ' && memchr(p, '(', l) && !memchr(p, '=', l) && !memchr(p, ';', l))
            start = line, start_name = p;
        else if (l == 1 && p[0] == '}' && start_name) {
            if (line - start + 1 > *len) {
                size_t k = 0;
                *len = line - start + 1;
                while (k + 1 < cap && start_name[k] != '(' && start_name[k] != '\n') { what[k] = start_name[k]; k++; }
                what[k] = 0;
            }
            over += line - start + 1 > 100;
            start_name = NULL;
        }
        if (!e) break;
        p = e + 1;
        (void)i;
    }
    free(txt);
    return over;
}

/* The layout the README's Layout section describes: every file of
   examples/, tests/ and tools/ named there, every path it names there;
   no tests/ file over 1,500 lines; no function over 100 lines in wm.h,
   examples/ or tests/ */
void test_layout(void) {
    static const char *const dirs[] = {"examples", "tests", "tools"};
    size_t n = 0, d;
    char *readme = (char *)read_all("README.md", &n), *sec, *end, *q;
    int unnamed = 0, missing = 0, named = 0, long_files = 0, long_fns = 0, files = 0;
    check(readme != NULL, "README.md readable");
    if (!readme) return;
    sec = strstr(readme, "\n## Layout\n");
    end = sec ? strstr(sec + 1, "\n## ") : NULL;
    check(sec && end, "README has a Layout section");
    if (!sec || !end) { free(readme); return; }
    *end = 0;
    for (d = 0; d < 3; d++) {
        DIR *dir = opendir(dirs[d]);
        struct dirent *de;
        if (!dir) { unnamed++; printf("  %s: cannot list it (%s)\n", dirs[d], strerror(errno)); }
        while (dir && (de = readdir(dir)) != NULL) {
            char path[300], full[320], bare[320];
            struct stat st;
            if (de->d_name[0] == '.' || strlen(de->d_name) > 200) continue;
            snprintf(path, sizeof path, "%s/%s", dirs[d], de->d_name);
            if (stat(path, &st) != 0) continue;
            snprintf(full, sizeof full, S_ISDIR(st.st_mode) ? "`%s/`" : "`%s`", path); /* `tests/fuzz/`, `tests/cli.c` */
            snprintf(bare, sizeof bare, S_ISDIR(st.st_mode) ? "`%s/`" : "`%s`", de->d_name); /* or its name in a row of its folder */
            files++;
            if (!strstr(sec, full) && !strstr(sec, bare)) { unnamed++; printf("  README's Layout does not name %s\n", path); }
            if (!S_ISDIR(st.st_mode) && d == 1) { /* tests/: no file over 1,500 lines */
                size_t m = 0, k, lines = 0;
                char *t = (char *)read_all(path, &m);
                for (k = 0; t && k < m; k++) lines += t[k] == '\n';
                if (lines > 1500) { long_files++; printf("  %s: %zu lines\n", path, lines); }
                free(t);
            }
        }
        if (dir) closedir(dir);
    }
    for (q = sec; (q = strstr(q, "\n| `")) != NULL; q++) { /* each row's paths exist */
        char path[300];
        const char *r = q + 3;
        while (*r == '`') {
            size_t k = 0;
            struct stat st;
            r++;
            while (r[k] && r[k] != '`' && k + 1 < sizeof path) { path[k] = r[k]; k++; }
            path[k] = 0;
            if (path[k - 1] == '/') path[k - 1] = 0;
            named++;
            if (stat(path, &st) != 0) { missing++; printf("  README's Layout names %s, which is not there\n", path); }
            r += k + 1;
            if (r[0] == ',' && r[1] == ' ' && r[2] == '`') r += 2; else break;
        }
    }
    check(files > 60 && unnamed == 0, "README's Layout names every file of examples/, tests/ and tools/ (%d unnamed of %d)", unnamed, files);
    check(named > 50 && missing == 0, "every path README's Layout names is there (%d of %d missing)", missing, named);
    check(long_files == 0, "no file in tests/ over 1,500 lines (%d)", long_files);
    {
        static const char *const srcs[] = {"wm.h", "examples/wm.c", "examples/serve.c", "examples/simple.c", "examples/probe.h", "examples/cli.h",
                                           "tests/main.c", "tests/common.c", "tests/config.c", "tests/fixtures.c", "tests/loader.c", "tests/cli.c",
                                           "tests/tokenizer.c", "tests/session.c", "tests/jinja.c", "tests/lib.c", "tests/lib_kernels.c",
                                           "tests/lib_quant.c", "tests/lib_model.c", "tests/lib_tokenizer.c", "tests/inplace.c"};
        size_t f;
        for (f = 0; f < sizeof srcs / sizeof srcs[0]; f++) {
            char name[120];
            int len = 0, over = longest_function(srcs[f], name, sizeof name, &len);
            if (over != 0) { long_fns += over < 0 ? 1 : over; printf("  %s: %d function(s) over 100 lines, the longest %s (%d)\n", srcs[f], over, over < 0 ? "(unreadable)" : name, len); }
        }
        check(long_fns == 0, "no function over 100 lines in wm.h, examples/ or tests/ (%d)", long_fns);
    }
    free(readme);
}
