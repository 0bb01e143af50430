/* tools/jinja_diff.py's other half: renders each template of a batch with
   wm_chat_apply. Input (stdin): the context JSON's length (u32 LE) and bytes,
   then records of a template's length (u32 LE) and bytes. Output (stdout):
   per record a status byte (0 rendered, 1 failed), the length (u32 LE) and
   the rendering or the error message.
   build: cc -O2 -I. tools/jinja_diff.c -o build/jinja_diff -lm */
#define WM_IMPLEMENTATION
#include "wm.h"
#include <stdio.h>
#include <stdlib.h>

static int get_u32(uint32_t *v) {
    unsigned char b[4];
    if (fread(b, 1, 4, stdin) != 4) return 0;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 1;
}

static void put(int st, const char *p, size_t n) {
    unsigned char h[5];
    h[0] = (unsigned char)st;
    h[1] = (unsigned char)n; h[2] = (unsigned char)(n >> 8); h[3] = (unsigned char)(n >> 16); h[4] = (unsigned char)(n >> 24);
    fwrite(h, 1, 5, stdout);
    fwrite(p, 1, n, stdout);
}

int main(void) {
    uint32_t n;
    char *ctx, *t;
    if (!get_u32(&n) || !(ctx = (char *)malloc(n + 1)) || fread(ctx, 1, n, stdin) != n) return 1;
    ctx[n] = 0;
    while (get_u32(&n)) {
        wm_chat_params p;
        wm_error e;
        size_t len = 0;
        char *out;
        if (!(t = (char *)malloc(n + 1)) || fread(t, 1, n, stdin) != n) return 1;
        memset(&p, 0, sizeof p);
        p.template_text = t; p.template_bytes = n;
        p.messages_json = "[]"; p.messages_bytes = 2;
        p.context_json = ctx; p.context_bytes = strlen(ctx);
        p.now = 1764115200;
        if (wm_chat_apply(&p, NULL, 0, &len, &e) != WM_OK || !(out = (char *)malloc(len + 1))) { put(1, e.message, strlen(e.message)); free(t); continue; }
        if (wm_chat_apply(&p, out, len + 1, &len, &e) != WM_OK) put(1, e.message, strlen(e.message));
        else put(0, out, len);
        free(out);
        free(t);
    }
    return 0;
}
