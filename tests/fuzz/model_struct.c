/* Structure-aware model loading: a valid random checkpoint of one of the
   tiny configs, edited by the input's operations (dtypes, shapes, offsets,
   names, duplicates, removals, shards, misaligned buffers, truncation,
   config fields), then loaded. A model that loads runs; one that does not
   says why. Raw bytes rarely get past the header; these edits reach the
   binding of every tensor. */
#include "fuzz.h"

typedef struct rec {
    char name[160];
    char dtype[16];
    int ndim;
    long long shape[8];
    size_t src_begin, src_end; /* bytes in the original data section */
    long long d_begin, d_end;  /* edits to the packed offsets */
    int file;                  /* 0 or 1 */
    int drop;
} rec;

#define MAXT 128

static size_t put(char *buf, size_t cap, size_t n, const char *s) {
    size_t l = strlen(s);
    if (n + l < cap) memcpy(buf + n, s, l);
    return n + l;
}

/* Serializes file f of the records: header + packed data into out (NULL: size). */
static size_t serialize(const rec *r, int nr, int f, const unsigned char *src, unsigned char *out, size_t cap) {
    char *hdr = (char *)malloc(1 << 16), tmp[256];
    size_t hn = 0, pos = 0, total;
    int i, k, first = 1;
    hn = put(hdr, 1 << 16, hn, "{\"__metadata__\":{\"format\":\"pt\"}");
    for (i = 0; i < nr; i++) {
        size_t len = r[i].src_end - r[i].src_begin;
        if (r[i].drop || r[i].file != f) continue;
        hn = put(hdr, 1 << 16, hn, ",\"");
        hn = put(hdr, 1 << 16, hn, r[i].name);
        snprintf(tmp, sizeof tmp, "\":{\"dtype\":\"%s\",\"shape\":[", r[i].dtype);
        hn = put(hdr, 1 << 16, hn, tmp);
        for (k = 0; k < r[i].ndim; k++) { snprintf(tmp, sizeof tmp, k ? ",%lld" : "%lld", r[i].shape[k]); hn = put(hdr, 1 << 16, hn, tmp); }
        snprintf(tmp, sizeof tmp, "],\"data_offsets\":[%lld,%lld]}", (long long)pos + r[i].d_begin, (long long)(pos + len) + r[i].d_end);
        hn = put(hdr, 1 << 16, hn, tmp);
        pos += len;
        first = 0;
    }
    (void)first;
    hn = put(hdr, 1 << 16, hn, "}");
    total = 8 + hn + pos;
    if (out && total <= cap && hn < (1 << 16)) {
        uint64_t h = hn;
        for (k = 0; k < 8; k++) out[k] = (unsigned char)(h >> (8 * k));
        memcpy(out + 8, hdr, hn);
        pos = 8 + hn;
        for (i = 0; i < nr; i++) {
            size_t len = r[i].src_end - r[i].src_begin;
            if (r[i].drop || r[i].file != f) continue;
            memcpy(out + pos, src + r[i].src_begin, len);
            pos += len;
        }
    }
    free(hdr);
    return total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *dtypes[] = {"F32", "F16", "BF16", "F64", "I32", "U8", "BOOL", "F8_E4M3", "Q4", ""};
    static const char names_ch[] = "._0123456789abcdefghijklmnopqrstuvwxyz";
    char cfg_text[2048];
    const char *cfg_src;
    wm_config c;
    wm__stfile sf;
    wm_blob blob, blobs[2];
    wm__tensor *tt;
    rec *r;
    size_t n_t = 0, nb = 0, ck_size, i, files_n[2], trunc = 0;
    unsigned char *ck, *buf[2];
    char *names;
    int nr, dtype, misalign = 0, two = 0, k;
    wm_model_source src;
    wm_model *m = NULL;
    wm_error e;
    wm_status st;
    if (size < 3) return 0;
    cfg_src = FUZZ_CFGS[data[0] % FUZZ_N_CFGS];
    dtype = data[1] % 3;
    snprintf(cfg_text, sizeof cfg_text, "%s", cfg_src);
    if (wm_config_parse(&c, cfg_text, strlen(cfg_text), NULL) != WM_OK) abort();
    FUZZ_CHECK(wm_random_checkpoint(&c, data[2], dtype, NULL, 0, &ck_size, NULL) == WM_OK);
    ck = (unsigned char *)malloc(ck_size);
    FUZZ_CHECK(wm_random_checkpoint(&c, data[2], dtype, ck, ck_size, &ck_size, NULL) == WM_OK);
    blob.data = ck; blob.size = ck_size; blob.name = "x";
    FUZZ_CHECK(wm__st_open(&sf, &blob, NULL) == WM_OK && wm__st_count(&sf, &n_t, &nb, NULL) == WM_OK && n_t <= MAXT);
    tt = (wm__tensor *)malloc(sizeof(wm__tensor) * n_t);
    names = (char *)malloc(nb + 1);
    {
        char *np = names;
        n_t = 0;
        FUZZ_CHECK(wm__st_fill(&sf, 0, tt, &n_t, &np, NULL) == WM_OK);
    }
    r = (rec *)calloc(MAXT, sizeof(rec));
    for (i = 0; i < n_t; i++) {
        snprintf(r[i].name, sizeof r[i].name, "%s", tt[i].name);
        snprintf(r[i].dtype, sizeof r[i].dtype, "%s", wm__types[tt[i].dtype].name);
        r[i].ndim = tt[i].ndim;
        for (k = 0; k < tt[i].ndim; k++) r[i].shape[k] = (long long)tt[i].shape[k];
        r[i].src_begin = tt[i].begin;
        r[i].src_end = tt[i].end;
    }
    nr = (int)n_t;
    for (i = 3; i + 4 <= size; i += 4) { /* the edits */
        int op = data[i] % 13, ti = data[i + 1] % nr;
        unsigned v = (unsigned)data[i + 2] | (unsigned)data[i + 3] << 8;
        rec *x = &r[ti];
        switch (op) {
        case 0: snprintf(x->dtype, sizeof x->dtype, "%s", dtypes[v % 10]); break;
        case 1: if (x->ndim) x->shape[v % x->ndim] = (v >> 4) % 3 == 0 ? (long long)(v >> 6) : (v >> 4) % 3 == 1 ? 0 : 4294967297LL * (long long)(v >> 8); break;
        case 2: if (v & 1) { if (x->ndim) x->ndim--; } else if (x->ndim < 8) x->shape[x->ndim++] = 1 + (long long)(v >> 8) % 3; break;
        case 3: x->d_begin += (int16_t)v % 64; break;
        case 4: x->d_end += (int16_t)v % 64; break;
        case 5: x->drop = 1; break;
        case 6: if (nr < MAXT) r[nr++] = *x; break;
        case 7: if (strlen(x->name)) x->name[v % strlen(x->name)] = names_ch[(v >> 8) % (sizeof names_ch - 1)]; break;
        case 8: misalign = (int)(v % 8); break;
        case 9: trunc = v % 512; break;
        case 10: x->file = 1; two = 1; break;
        case 11: { /* a config field, by a textual edit */
            static const char *from[] = {"true", "false", "\"ssd\"", "\"attn\"", ":2,", ":4,", ":8,", "null"};
            static const char *to[] = {"false", "true", "\"none\"", "\"ssd\"", ":3,", ":1,", ":16,", "1"};
            char *at = strstr(cfg_text, from[v % 8]);
            if (at && strlen(cfg_text) - strlen(from[v % 8]) + strlen(to[v % 8]) < sizeof cfg_text - 1) {
                char rest[2048];
                snprintf(rest, sizeof rest, "%s", at + strlen(from[v % 8]));
                snprintf(at, sizeof cfg_text - (size_t)(at - cfg_text), "%s%s", to[v % 8], rest);
            }
            break;
        }
        default: { size_t t2 = x->src_begin; x->src_begin = r[(ti + 1) % nr].src_begin; r[(ti + 1) % nr].src_begin = t2; /* swapped starts */
            if (x->src_begin > x->src_end) x->src_begin = x->src_end;
            if (r[(ti + 1) % nr].src_begin > r[(ti + 1) % nr].src_end) r[(ti + 1) % nr].src_begin = r[(ti + 1) % nr].src_end;
            break; }
        }
    }
    for (k = 0; k < 1 + two; k++) {
        files_n[k] = serialize(r, nr, k, sf.data, NULL, 0);
        buf[k] = (unsigned char *)malloc(files_n[k] + 8);
        serialize(r, nr, k, sf.data, buf[k] + (k == 0 ? misalign : 0), files_n[k]);
        if (k == 0 && trunc < files_n[k]) files_n[k] -= trunc;
        blobs[k].data = buf[k] + (k == 0 ? misalign : 0);
        blobs[k].size = files_n[k];
        blobs[k].name = k ? "model-2.safetensors" : "model-1.safetensors";
    }
    src.config_json = cfg_text;
    src.config_bytes = strlen(cfg_text);
    src.files = blobs;
    src.n_files = 1 + two;
    st = wm_model_open(&m, &src, &e);
    if (st == WM_OK) {
        size_t sized = 0; /* shards and misaligned tensors (copied) sized exactly without building */
        FUZZ_CHECK(wm_model_bytes(&src, &sized, &e) == WM_OK && sized == wm_model_bytes_used(m));
        fuzz_touch(m);
    } else {
        FUZZ_CHECK(st < 0 && e.message[0] && !m);
    }
    wm_model_free(m);
    for (k = 0; k < 1 + two; k++) free(buf[k]);
    free(r); free(tt); free(names); free(ck);
    return 0;
}
