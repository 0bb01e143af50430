/* Helpers shared by the test programs (the suite, tests/inplace.c) and the
   fuzz harnesses and their seed generator (tests/fuzz/): whole files in and
   out. Include after wm.h. */
#ifndef WM_TESTS_HELPERS_H
#define WM_TESTS_HELPERS_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A whole file in a malloc'd buffer (to free) with 64 zero bytes after its
   *n bytes; NULL when it cannot be read. */
static inline void *read_all(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long sz;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 && (buf = (char *)malloc((size_t)sz + 64)) != NULL) {
        if (fread(buf, 1, (size_t)sz, f) != (size_t)sz) { free(buf); buf = NULL; }
        else { memset(buf + sz, 0, 64); *n = (size_t)sz; }
    }
    fclose(f);
    return buf;
}

/* 1 when buf[n] was written to path whole */
static inline int write_all(const char *path, const void *buf, size_t n) {
    FILE *f = fopen(path, "wb");
    int ok;
    if (!f) return 0;
    ok = fwrite(buf, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

#ifdef WM_H_INCLUDE
/* JSON in the tests (fixture files, command output) through wm.h's public
   reader: a value at p in the text that ends at e */
static inline wm_json tj(const char *p, const char *e) { wm_json v; v.p = p; v.end = e; return v; }
static inline const char *tj_ws(const char *p, const char *e) {
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    return p;
}
/* the end of the value at p (NULL: not JSON) */
static inline const char *tj_value(const char *p, const char *e) {
    size_t n;
    p = tj_ws(p, e);
    n = wm_json_bytes(tj(p, e));
    return n ? p + n : NULL;
}
static inline const char *tj_get(const char *obj, const char *e, const char *key) { return wm_json_get(tj(obj, e), key).p; }
static inline size_t tj_str(const char *p, const char *e, char *buf, size_t cap) { return wm_json_string(tj(p, e), buf, cap); }
static inline int tj_eq(const char *p, const char *e, const char *s) { return wm_json_is(tj(p, e), s); }
static inline int tj_double(const char *p, const char *e, double *d) { return p && wm_json_number(tj(p, e), d); }
typedef struct tj_it { wm_json c, x; int started; } tj_it; /* an array's elements or an object's members */
static inline void tj_iter(tj_it *it, const char *p, const char *e) { it->c = tj(p, e); it->x = tj(NULL, e); it->started = 0; }
static inline int tj_next(tj_it *it, const char **key, const char **val) {
    wm_json k;
    it->x = it->started ? wm_json_next(it->x, &k) : wm_json_first(it->c, &k);
    it->started = 1;
    if (!it->x.p) return 0;
    if (key) *key = k.p;
    *val = it->x.p;
    return 1;
}
#endif
#endif
