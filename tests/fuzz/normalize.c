/* NFC and NFKC of texts with long runs of combining marks. The first byte
   picks how the rest is read: as raw text, or as indices into a table of
   code points (bases, marks of many classes, Hangul jamo, compatibility
   characters, composites), each repeated up to 255 times, so one base can
   carry thousands of marks. Invariants: the measured length is the written
   one; valid UTF-8 stays valid; the output is in canonical order and
   normalizing it again changes nothing; and it equals a plain reference
   (decompose everything, one stable insertion sort of each stretch of
   marks, compose) however long the run. */
#include "fuzz.h"

#ifndef WM_NO_UNICODE_NORM
static const uint32_t CPS[] = {
    'a', 'e', 'o', 'A', 'Z', ' ', 0xe9, 0xc5, 0x1e0b, 0x1e63, 0x212b, 0xfb01, 0x2460, 0xff21, 0x1100, 0x1161, 0x11a8, 0xac00, 0xd4db,
    0x0301, 0x0300, 0x0302, 0x0308, 0x0323, 0x0316, 0x0327, 0x0328, 0x0334, 0x0335, 0x035c, 0x035d, 0x0345, 0x05b0, 0x05bc, 0x064b,
    0x0651, 0x0670, 0x093c, 0x094d, 0x0e38, 0x0f71, 0x0f72, 0x1dce, 0x1dfa, 0x20d2, 0x302a, 0x302e, 0x3099, 0x309a, 0x0897, 0x1d165,
    0x1d16d, 0x0f73, 0x0344, 0x0958, 0x2adc, 0x1f88, 0x3070, 0x304b, 0x0ccb, 0x0cc6, 0x0cc2, 0x0cd5, 0x0b47, 0x0b3e, 0x0b57};
#define N_CPS ((int)(sizeof CPS / sizeof CPS[0]))

static int put_cp(unsigned char *o, uint32_t c) { return wm__put_cp(o, c); }

/* the reference: every code point decomposed into one array, each stretch
   of marks sorted by (class, position) with qsort, then composed */
typedef struct mark { uint32_t cp; int cc; size_t at; } mark;
static int mark_cmp(const void *x, const void *y) {
    const mark *a = (const mark *)x, *b = (const mark *)y;
    if (a->cc != b->cc) return a->cc < b->cc ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

static size_t reference(int form, const unsigned char *p, size_t n, unsigned char *out, uint32_t *cps, size_t cap) {
    static mark mk[1 << 17];
    size_t k = 0, i, j, len = 0;
    const unsigned char *e = p + n;
    while (p < e) {
        int l;
        uint32_t c = wm__cp(p, e, &l);
        k = wm__decompose(c, form == WM__NORM_NFKC, cps, k, cap);
        p += l;
    }
    FUZZ_CHECK(k <= cap);
    for (i = 0; i < k; i = j + 1) {
        size_t a;
        for (j = i; j < k && wm__ccc(cps[j]); j++) { mk[j - i].cp = cps[j]; mk[j - i].cc = wm__ccc(cps[j]); mk[j - i].at = j; }
        qsort(mk, j - i, sizeof mk[0], mark_cmp);
        for (a = i; a < j; a++) cps[a] = mk[a - i].cp;
    }
    k = wm__compose_run(cps, k, NULL, form); /* sorted already: its insertion sort moves nothing */
    for (i = 0; i < k; i++) len += (size_t)put_cp(out + len, cps[i]);
    return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static unsigned char text[1 << 16], out[1 << 19], again[1 << 19], ref[1 << 19];
    static uint32_t cps[1 << 17];
    size_t n = 0, i;
    int form, valid;
    if (size < 1) return 0;
    if (data[0] & 1) { /* (index, repeat) pairs */
        for (i = 1; i + 1 < size && n + 4 * 256 < 6144; i += 2) { /* up to 6 KB: runs of a few thousand marks */
            int r = data[i + 1] ? data[i + 1] : 1, k;
            uint32_t c = CPS[data[i] % N_CPS];
            for (k = 0; k < r; k++) n += (size_t)put_cp(text + n, c);
        }
    } else {
        n = size - 1 < 4096 ? size - 1 : 4096; /* NFKC can lengthen a character 18 times */
        memcpy(text, data + 1, n);
    }
    valid = wm_utf8_valid((const char *)text, n);
    for (form = WM__NORM_NFC; form <= WM__NORM_NFKC; form++) {
        uint32_t run[256];
        wm__cprun r;
        size_t m, m2, m3, k;
        r.p = run; r.cap = 256; r.heap = 0;
        m = wm__normalize(form, text, text + n, NULL, 0, &r);
        FUZZ_CHECK(m <= sizeof out);
        m2 = wm__normalize(form, text, text + n, out, m, &r);
        FUZZ_CHECK(m2 == m);
        if (r.heap) free(r.p);
        if (!valid) continue;
        FUZZ_CHECK(wm_utf8_valid((const char *)out, m));
        { /* canonical order: no mark followed by one of a lower, nonzero class */
            const unsigned char *p = out, *e = out + m;
            int prev = 0;
            while (p < e) {
                int l, cc;
                cc = wm__ccc(wm__cp(p, e, &l));
                FUZZ_CHECK(!(cc && prev > cc));
                prev = cc;
                p += l;
            }
        }
        r.p = run; r.cap = 256; r.heap = 0; /* idempotent */
        m3 = wm__normalize(form, out, out + m, again, sizeof again, &r);
        if (r.heap) free(r.p);
        FUZZ_CHECK(m3 == m && !memcmp(again, out, m));
        k = reference(form, text, n, ref, cps, sizeof cps / sizeof cps[0]);
        FUZZ_CHECK(k == m && !memcmp(ref, out, m));
    }
    return 0;
}
#else
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { (void)data; (void)size; return 0; }
#endif
