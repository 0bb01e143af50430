/* Helpers shared by the test programs (tests/test.c, tests/inplace.c) and the
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
#endif
