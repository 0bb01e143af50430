/* wm.h - v0.1.0 - Wonderful Matrices language models on the CPU, one header.

   Runs the `cheems` seed architecture (RoPE, chunked SSD scan, InnerFuncAttn
   with dynamic mask, CDMoE), transformers' `doge` (DogeForCausalLM) and
   `mamba2` (Mamba2ForCausalLM) checkpoints. C99, libc + libm only.

   Do this:
      #define WM_IMPLEMENTATION
   before you include this file in *one* C or C++ file to create the
   implementation. Every other file includes it without the define.

   QUICK START

      wm_model *m; wm_session *s; wm_error e;
      if (wm_model_load(&m, "path/to/model_dir", &e) != WM_OK) {
          fprintf(stderr, "%s\n", e.message); return 1;
      }
      wm_session_params p = wm_session_default_params(m);
      if (wm_session_create(&s, m, &p, &e) != WM_OK) { ... }
      float *logits = malloc(sizeof(float) * wm_model_config(m)->vocab_size);
      int32_t prompt[] = {0, 611, 4031};
      wm_prefill(s, prompt, 3, logits, WM_LOGITS_LAST);  (logits of the last token)
      wm_decode(s, next_token, logits);                   (one token, O(1) SSD state)
      wm_session_free(s); wm_model_free(m);

   CONFIGURATION MACROS (define before the implementation include)

      macro              default        meaning
      WM_STATIC          undefined      all functions `static` (private copy per file)
      WM_MALLOC(n)       malloc(n)      allocator of the convenience functions;
      WM_FREE(p)         free(p)        define both or neither
      WM_NO_MALLOC       undefined      no allocator: only the caller-memory API
      WM_NO_STDIO        undefined      no <stdio.h>: no wm_model_load (files)
      WM_NO_SIMD         undefined      compile only the scalar kernels
      WM_ASSERT(x)       (void)0        internal invariants (never file checks)
      WM_MAX_LAYERS      256            most layers a config may declare

   MEMORY

      The caller owns memory. A model is built from caller buffers that hold
      config.json and the safetensors files: weights are used in place (F32,
      F16 and BF16 alike; a tensor whose address is not a multiple of its
      element size is copied once). wm_model_init() lays the model's own small
      data (layer table, F32 copies of norms/biases, tensor directory) into a
      caller buffer; wm_model_open()/wm_model_load() do the same with
      WM_MALLOC. A session (KV cache of attention layers, the O(1) SSD and
      conv states, scratch) needs exactly wm_session_bytes() bytes, measured
      from a 64-byte aligned start; wm_session_init() runs inside a buffer of
      that size and refuses a smaller one.

   ERRORS

      Every call that can fail returns a wm_status (WM_OK = 0, errors < 0).
      Object constructors fill an optional wm_error with a message naming the
      file, tensor and offset; a session keeps its last message, read with
      wm_session_error(). The library never prints, exits or aborts.

   THREADS

      A model is read-only once built: any number of sessions may share it,
      one thread per session.

   CHECKPOINTS

      A Hugging Face style directory: config.json and model.safetensors, or
      shards listed by model.safetensors.index.json. The safetensors reader
      is strict: header length bound, JSON header, known dtypes, offsets that
      tile the data section exactly, sizes that match dtype x shape, no
      duplicate names. Tensors may be F32, F16 or BF16.
*/
#ifndef WM_H_INCLUDE
#define WM_H_INCLUDE

#include <stddef.h>
#include <stdint.h>

#define WM_VERSION_MAJOR 0
#define WM_VERSION_MINOR 1
#define WM_VERSION_PATCH 0
#define WM_VERSION_STRING "0.1.0"

#ifndef WMDEF
#ifdef WM_STATIC
#define WMDEF static
#else
#define WMDEF extern
#endif
#endif

#ifndef WM_MAX_LAYERS
#define WM_MAX_LAYERS 256
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes: one table gives the enum and wm_status_str(). */
#define WM_STATUS_LIST(X)                                                     \
    X(WM_OK,                 0, "ok")                                         \
    X(WM_ERR_INVALID_ARG,   -1, "invalid argument")                           \
    X(WM_ERR_IO,            -2, "i/o error")                                  \
    X(WM_ERR_FORMAT,        -3, "malformed file")                             \
    X(WM_ERR_CONFIG,        -4, "bad model configuration")                    \
    X(WM_ERR_UNSUPPORTED,   -5, "unsupported feature")                        \
    X(WM_ERR_MISSING,       -6, "missing tensor")                             \
    X(WM_ERR_SHAPE,         -7, "tensor shape does not match the config")     \
    X(WM_ERR_NOMEM,         -8, "out of memory")                              \
    X(WM_ERR_ARENA,         -9, "caller buffer too small")                    \
    X(WM_ERR_CONTEXT,      -10, "context full")                               \
    X(WM_ERR_TOKEN,        -11, "token id out of range")

typedef enum wm_status {
#define WM__STATUS_ENUM(name, value, text) name = value,
    WM_STATUS_LIST(WM__STATUS_ENUM)
#undef WM__STATUS_ENUM
    WM__STATUS_END = 1
} wm_status;

/* Filled by constructors on failure (pass NULL to ignore). */
typedef struct wm_error {
    wm_status status;
    char message[320];
} wm_error;

typedef enum wm_model_type {
    WM_MODEL_CHEEMS = 1, /* the seed architecture (SPEC §4) */
    WM_MODEL_DOGE = 2,   /* transformers' DogeForCausalLM */
    WM_MODEL_MAMBA2 = 3  /* transformers' Mamba2ForCausalLM */
} wm_model_type;

/* Sequence module of a layer (cheems layers_type; doge: attention; mamba2: mixer). */
enum { WM_SEQ_NONE = 0, WM_SEQ_SSD = 1, WM_SEQ_ATTN = 2, WM_SEQ_DOGE_ATTN = 3, WM_SEQ_MAMBA2 = 4 };
/* State module of a layer. */
enum { WM_STATE_NONE = 0, WM_STATE_MLP = 1, WM_STATE_CDMOE = 2, WM_STATE_DOGE_MOE = 3 };
enum { WM_ACT_SILU = 0, WM_ACT_GELU = 1, WM_ACT_RELU = 2, WM_ACT_GELU_TANH = 3 };
enum { WM_ROPE_DEFAULT = 0, WM_ROPE_LINEAR = 1, WM_ROPE_DYNAMIC = 2 };
/* Tensor element types (as stored in safetensors). */
enum { WM_F32 = 0, WM_F16 = 1, WM_BF16 = 2 };

/* The parsed config.json. Read-only for the caller. */
typedef struct wm_config {
    wm_model_type model_type;
    int vocab_size, hidden_size, intermediate_size, n_layers;
    int act;                       /* WM_ACT_* */
    float norm_eps;                /* rms_norm_eps / layer_norm_epsilon */
    int tie_embeddings;            /* -1: decided by the presence of lm_head.weight */
    int bos_token_id, pad_token_id;
    int eos_token_ids[4], n_eos;
    int max_position_embeddings;   /* 0 when the config has none */
    /* RoPE */
    int rope_type;                 /* WM_ROPE_* */
    double rope_theta, rope_factor;
    int rope_original_max;
    /* per layer */
    unsigned char layer_seq[WM_MAX_LAYERS];   /* WM_SEQ_* */
    unsigned char layer_state[WM_MAX_LAYERS]; /* WM_STATE_* */
    /* SSD (cheems ssd layers, mamba2 mixers) */
    int ssd_heads, ssd_head_dim, ssd_groups, ssd_state, ssd_chunk;
    int ssd_group_div;             /* 0: head h reads group h mod G; 1: h / (H/G) */
    /* attention */
    int n_heads, n_kv_heads, head_dim;
    int keep_window, sliding_window; /* doge; sliding_window 0 = none */
    int ifa_values, ifa_retrieval, ifa_topk; /* cheems InnerFuncAttn */
    /* cheems CDMoE */
    int cdmoe_experts, cdmoe_heads, cdmoe_topk, cdmoe_retrieval, cdmoe_sequential;
    /* doge MoE */
    int n_experts, experts_per_tok, norm_topk_prob;
    /* mamba2 */
    int conv_kernel;
    float dt_min, dt_max;          /* time_step_limit */
    /* optional biases a random checkpoint of this config carries */
    int bias_proj, bias_mlp, bias_conv;
} wm_config;

/* A caller buffer holding one safetensors file. */
typedef struct wm_blob {
    const void *data;
    size_t size;
    const char *name;              /* for messages, e.g. "model.safetensors" */
} wm_blob;

/* Everything a model is built from; all buffers stay the caller's and must
   outlive the model (weights are used in place). */
typedef struct wm_model_source {
    const char *config_json;       /* config.json text (need not be NUL-terminated) */
    size_t config_bytes;
    const wm_blob *files;          /* safetensors files */
    int n_files;
} wm_model_source;

/* One tensor of the checkpoint, as described by its header. */
typedef struct wm_tensor_info {
    const char *name;              /* NUL-terminated */
    const char *dtype;             /* "F32", "BF16", ... */
    int ndim;
    uint64_t shape[8];
    const void *data;
    size_t size_bytes;
    int used;                      /* bound to the model */
} wm_tensor_info;

typedef struct wm_model wm_model;
typedef struct wm_session wm_session;

typedef struct wm_session_params {
    int n_ctx;    /* most tokens the session holds (bounds the KV cache of
                     attention layers; models without attention are not bounded) */
    int n_batch;  /* most tokens processed at once inside prefill (scratch size) */
} wm_session_params;

/* Which logits wm_prefill writes. */
enum { WM_LOGITS_LAST = 0, WM_LOGITS_ALL = 1 };

/* Called after each layer with the residual stream h [n][hidden] of the
   tokens at positions pos0 .. pos0+n-1. For tests and debugging. */
typedef void (*wm_layer_hook)(void *user, int layer, int pos0, int n, const float *h);

WMDEF const char *wm_status_str(wm_status s);

/* Parses config.json text. Fails with WM_ERR_CONFIG naming the field. */
WMDEF wm_status wm_config_parse(wm_config *cfg, const char *json, size_t json_bytes, wm_error *err);

/* Builds a model from caller buffers, laying its own data into mem
   (mem_bytes long). On success wm_model_bytes_used() tells how many bytes it
   keeps, counted from the first 64-byte aligned address of mem; the rest is
   free again. Fails with WM_ERR_ARENA when mem is too small (the message
   says how much is needed). */
WMDEF wm_status wm_model_init(wm_model **out, const wm_model_source *src, void *mem, size_t mem_bytes,
                              wm_error *err);
WMDEF size_t wm_model_bytes_used(const wm_model *m);
WMDEF const wm_config *wm_model_config(const wm_model *m);
WMDEF int wm_model_n_tensors(const wm_model *m);
WMDEF wm_status wm_model_tensor(const wm_model *m, int i, wm_tensor_info *info);
WMDEF uint64_t wm_model_n_params(const wm_model *m);   /* elements of the tensors the model uses */
WMDEF uint64_t wm_model_weight_bytes(const wm_model *m); /* bytes of those tensors */

#ifndef WM_NO_MALLOC
/* As wm_model_init, with memory from WM_MALLOC. */
WMDEF wm_status wm_model_open(wm_model **out, const wm_model_source *src, wm_error *err);
#ifndef WM_NO_STDIO
/* Reads DIR/config.json and DIR/model.safetensors (or the shards of
   DIR/model.safetensors.index.json) into memory and opens the model. */
WMDEF wm_status wm_model_load(wm_model **out, const char *dir, wm_error *err);
#endif
/* Frees a model from wm_model_open/wm_model_load (no-op for wm_model_init). */
WMDEF void wm_model_free(wm_model *m);
#endif

/* n_ctx = min(max_position_embeddings, 4096) (4096 when absent); n_batch
   from the SSD chunk length (64..512). */
WMDEF wm_session_params wm_session_default_params(const wm_model *m);

/* Exact bytes a session needs, measured from a 64-byte aligned start. */
WMDEF wm_status wm_session_bytes(const wm_model *m, const wm_session_params *p, size_t *bytes,
                                 wm_error *err);
/* Creates a session inside mem (mem_bytes long); no allocation. The session
   is valid while mem and the model are. */
WMDEF wm_status wm_session_init(wm_session **out, const wm_model *m, const wm_session_params *p,
                                void *mem, size_t mem_bytes, wm_error *err);
#ifndef WM_NO_MALLOC
WMDEF wm_status wm_session_create(wm_session **out, const wm_model *m, const wm_session_params *p,
                                  wm_error *err);
#endif
/* Frees a session from wm_session_create (no-op for wm_session_init). */
WMDEF void wm_session_free(wm_session *s);
/* Back to position 0 with empty states. */
WMDEF void wm_session_reset(wm_session *s);
WMDEF int wm_session_pos(const wm_session *s);
WMDEF const wm_session_params *wm_session_get_params(const wm_session *s);
WMDEF const char *wm_session_error(const wm_session *s);
WMDEF void wm_session_set_layer_hook(wm_session *s, wm_layer_hook hook, void *user);

/* Runs n tokens (chunked SSD scan, blocked attention) and advances the
   session. logits: NULL, [vocab] (WM_LOGITS_LAST) or [n][vocab]
   (WM_LOGITS_ALL). On error nothing is changed. */
WMDEF wm_status wm_prefill(wm_session *s, const int32_t *tokens, int n, float *logits, int which);
/* One token through the recurrent path; logits [vocab] or NULL. */
WMDEF wm_status wm_decode(wm_session *s, int32_t token, float *logits);

/* Writes a random safetensors checkpoint of cfg (dtype WM_F32/WM_F16/WM_BF16)
   into buf. With buf NULL only *size is set. Deterministic in seed. */
WMDEF wm_status wm_random_checkpoint(const wm_config *cfg, uint64_t seed, int dtype, void *buf, size_t cap,
                                     size_t *size, wm_error *err);

#ifdef __cplusplus
}
#endif
#endif /* WM_H_INCLUDE */

/* ========================================================================
   Implementation
   ======================================================================== */
#ifdef WM_IMPLEMENTATION
#ifndef WM__IMPLEMENTATION_DONE
#define WM__IMPLEMENTATION_DONE

#include <math.h>
#include <stdarg.h>
#include <stdlib.h> /* qsort; malloc/free unless WM_NO_MALLOC or WM_MALLOC */
#include <string.h>

/* ---- configuration defaults and ISA detection --------------------------- */

#if defined(WM_MALLOC) != defined(WM_FREE)
#error "wm.h: define both WM_MALLOC and WM_FREE, or neither"
#endif
#if !defined(WM_MALLOC) && !defined(WM_NO_MALLOC)
#define WM_MALLOC(n) malloc(n)
#define WM_FREE(p) free(p)
#endif
#ifndef WM_ASSERT
#define WM_ASSERT(x) ((void)0)
#endif

#define WM__ALIGN 64           /* every arena buffer starts on a cache line */

/* Debugging: WM_ARENA_REDZONE=n leaves n bytes between arena buffers and,
   under AddressSanitizer, poisons them, so an overrun from one buffer into
   the next is reported (make test-asan uses it). */
#ifndef WM_ARENA_REDZONE
#define WM_ARENA_REDZONE 0
#endif
#if WM_ARENA_REDZONE > 0 && (defined(__SANITIZE_ADDRESS__) || defined(__has_feature))
#if defined(__SANITIZE_ADDRESS__)
#define WM__ASAN 1
#elif __has_feature(address_sanitizer)
#define WM__ASAN 1
#endif
#endif
#ifdef WM__ASAN
#include <sanitizer/asan_interface.h>
#define WM__POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define WM__UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define WM__POISON(p, n) ((void)(p), (void)(n))
#define WM__UNPOISON(p, n) ((void)(p), (void)(n))
#endif
#define WM__MAX_DIM (1 << 20)  /* bound on every config dimension */
#define WM__MAX_VOCAB (1 << 24)
#define WM__MAX_HEADER 100000000u /* safetensors header length bound */

#define WM__MIN(a, b) ((a) < (b) ? (a) : (b))
#define WM__MAX(a, b) ((a) > (b) ? (a) : (b))

/* ---- checked size arithmetic --------------------------------------------- */

static int wm__mul(size_t a, size_t b, size_t *r) {
    if (b != 0 && a > (size_t)-1 / b) return 0;
    *r = a * b;
    return 1;
}
static int wm__add(size_t a, size_t b, size_t *r) {
    if (a > (size_t)-1 - b) return 0;
    *r = a + b;
    return 1;
}

/* ---- messages: a tiny formatter (%s %d %u %zu %llu %lld %c %%) ----------- */

static void wm__vfmt(char *buf, size_t cap, const char *fmt, va_list ap) {
    size_t n = 0;
    if (cap == 0) return;
#define WM__PUT(ch) do { if (n + 1 < cap) buf[n++] = (char)(ch); } while (0)
    for (; *fmt; fmt++) {
        char num[24];
        int len = 0, neg = 0;
        unsigned long long v = 0;
        if (*fmt != '%') { WM__PUT(*fmt); continue; }
        fmt++;
        if (*fmt == 's') {
            const char *s = va_arg(ap, const char *);
            if (!s) s = "(null)";
            while (*s) WM__PUT(*s++);
            continue;
        } else if (*fmt == 'c') {
            WM__PUT(va_arg(ap, int));
            continue;
        } else if (*fmt == '%') {
            WM__PUT('%');
            continue;
        } else if (*fmt == 'd') {
            long long x = va_arg(ap, int);
            neg = x < 0; v = neg ? (unsigned long long)(-(x + 1)) + 1 : (unsigned long long)x;
        } else if (*fmt == 'u') {
            v = va_arg(ap, unsigned);
        } else if (fmt[0] == 'z' && fmt[1] == 'u') {
            v = va_arg(ap, size_t); fmt++;
        } else if (fmt[0] == 'l' && fmt[1] == 'l' && fmt[2] == 'u') {
            v = va_arg(ap, unsigned long long); fmt += 2;
        } else if (fmt[0] == 'l' && fmt[1] == 'l' && fmt[2] == 'd') {
            long long x = va_arg(ap, long long);
            neg = x < 0; v = neg ? (unsigned long long)(-(x + 1)) + 1 : (unsigned long long)x;
            fmt += 2;
        } else {
            WM__PUT('%');
            if (!*fmt) break;
            WM__PUT(*fmt);
            continue;
        }
        do { num[len++] = (char)('0' + v % 10); v /= 10; } while (v);
        if (neg) WM__PUT('-');
        while (len) WM__PUT(num[--len]);
    }
#undef WM__PUT
    buf[n] = 0;
}

static void wm__fmt(char *buf, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    wm__vfmt(buf, cap, fmt, ap);
    va_end(ap);
}

/* Records an error in e (may be NULL) and returns its status. */
static wm_status wm__fail(wm_error *e, wm_status st, const char *fmt, ...) {
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        e->status = st;
        wm__vfmt(e->message, sizeof e->message, fmt, ap);
        va_end(ap);
    }
    return st;
}

static void wm__ok(wm_error *e) {
    if (e) { e->status = WM_OK; e->message[0] = 0; }
}

WMDEF const char *wm_status_str(wm_status s) {
    switch (s) {
#define WM__STATUS_CASE(name, value, text) case name: return text;
        WM_STATUS_LIST(WM__STATUS_CASE)
#undef WM__STATUS_CASE
    default: return "unknown status";
    }
}

/* ---- the arena: a bump allocator over caller memory ---------------------
   base == NULL measures: allocations return NULL and only `used` grows, so
   one carving function gives both the exact size and the real layout. */

typedef struct wm__arena {
    unsigned char *base;
    size_t cap, used;
    int bad; /* size overflow or out of room */
} wm__arena;

static wm__arena wm__arena_make(void *mem, size_t cap) {
    wm__arena a;
    size_t skip = 0;
    a.base = (unsigned char *)mem;
    a.cap = cap;
    a.used = 0;
    a.bad = 0;
    if (mem) { /* measure from the first aligned byte */
        skip = (WM__ALIGN - (size_t)((uintptr_t)mem % WM__ALIGN)) % WM__ALIGN;
        if (skip > cap) { a.bad = 1; skip = cap; }
        a.base += skip;
        a.cap -= skip;
    }
    return a;
}

static void *wm__alloc(wm__arena *a, size_t count, size_t elsize) {
    size_t n, off, end, start = a->used;
    if (!wm__mul(count, elsize, &n) || !wm__add(a->used, WM__ALIGN - 1 + (a->used ? WM_ARENA_REDZONE : 0), &off)) {
        a->bad = 1;
        return NULL;
    }
    off &= ~(size_t)(WM__ALIGN - 1);
    if (!wm__add(off, n, &end)) { a->bad = 1; return NULL; }
    a->used = end;
    if (!a->base) return NULL;
    if (end > a->cap) { a->bad = 1; return NULL; }
    if (WM_ARENA_REDZONE > 0) {
        WM__POISON(a->base + start, off - start);
        WM__UNPOISON(a->base + off, n);
    }
    return a->base + off;
}

/* float buffer of d0*d1*d2 elements */
static float *wm__falloc(wm__arena *a, size_t d0, size_t d1, size_t d2) {
    size_t n;
    if (!wm__mul(d0, d1, &n) || !wm__mul(n, d2, &n)) { a->bad = 1; return NULL; }
    return (float *)wm__alloc(a, n, sizeof(float));
}

/* ---- half-precision numbers ---------------------------------------------- */

static float wm__bf16_to_f32(uint16_t h) {
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint16_t wm__f32_to_bf16(float f) { /* round to nearest even */
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40); /* quiet NaN */
    u += 0x7fffu + ((u >> 16) & 1);
    return (uint16_t)(u >> 16);
}

static float wm__f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, ex = (h >> 10) & 0x1f, man = h & 0x3ff, u;
    float f;
    if (ex == 0) { /* zero or subnormal: man * 2^-24 */
        f = (float)man * 5.9604644775390625e-8f;
        return sign ? -f : f;
    }
    if (ex == 31) u = sign | 0x7f800000u | (man << 13);
    else u = sign | ((ex + 112) << 23) | (man << 13);
    memcpy(&f, &u, 4);
    return f;
}

static uint16_t wm__f32_to_f16(float f) { /* round to nearest even */
    uint32_t x, sign, ex, man, h, rem;
    int e;
    memcpy(&x, &f, 4);
    sign = (x >> 16) & 0x8000;
    ex = (x >> 23) & 0xff;
    man = x & 0x7fffff;
    if (ex == 0xff) return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
    e = (int)ex - 127 + 15;
    if (e >= 31) return (uint16_t)(sign | 0x7c00);
    if (e <= 0) { /* subnormal half: (1.man) >> (14 - e) */
        uint32_t shift = (uint32_t)(14 - e), mid;
        if (shift > 24) return (uint16_t)sign;
        man |= 0x800000;
        h = man >> shift;
        rem = man & ((1u << shift) - 1);
        mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (h & 1))) h++;
        return (uint16_t)(sign | h);
    }
    h = ((uint32_t)e << 10) | (man >> 13);
    rem = man & 0x1fff;
    if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) h++; /* a carry into the exponent is right */
    return (uint16_t)(sign | h);
}

/* ========================================================================
   Kernels. One scalar reference per kernel; layers call these names only.
   ======================================================================== */

/* A weight matrix used in place: [rows][cols], row-major, F32/F16/BF16. */
typedef struct wm__mat {
    const void *data;
    int dtype; /* WM_F32, WM_F16, WM_BF16 */
    int rows, cols;
} wm__mat;

static float wm__k_dot_f32(const float *a, const float *b, int n) {
    float s = 0.0f;
    int i;
    for (i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

static float wm__k_dot_bf16(const float *a, const uint16_t *b, int n) {
    float s = 0.0f;
    int i;
    for (i = 0; i < n; i++) s += a[i] * wm__bf16_to_f32(b[i]);
    return s;
}

static float wm__k_dot_f16(const float *a, const uint16_t *b, int n) {
    float s = 0.0f;
    int i;
    for (i = 0; i < n; i++) s += a[i] * wm__f16_to_f32(b[i]);
    return s;
}

/* x . W[r] */
static float wm__k_dot_row(const float *x, const wm__mat *W, int r) {
    size_t off = (size_t)r * (size_t)W->cols;
    if (W->dtype == WM_F32) return wm__k_dot_f32(x, (const float *)W->data + off, W->cols);
    if (W->dtype == WM_BF16) return wm__k_dot_bf16(x, (const uint16_t *)W->data + off, W->cols);
    return wm__k_dot_f16(x, (const uint16_t *)W->data + off, W->cols);
}

/* y += a * W[r] */
static void wm__k_axpy_row(float *y, float a, const wm__mat *W, int r) {
    size_t off = (size_t)r * (size_t)W->cols;
    int i, n = W->cols;
    if (W->dtype == WM_F32) {
        const float *w = (const float *)W->data + off;
        for (i = 0; i < n; i++) y[i] += a * w[i];
    } else if (W->dtype == WM_BF16) {
        const uint16_t *w = (const uint16_t *)W->data + off;
        for (i = 0; i < n; i++) y[i] += a * wm__bf16_to_f32(w[i]);
    } else {
        const uint16_t *w = (const uint16_t *)W->data + off;
        for (i = 0; i < n; i++) y[i] += a * wm__f16_to_f32(w[i]);
    }
}

/* dst[cols] = W[r] as floats (embedding lookup) */
static void wm__k_row_f32(float *dst, const wm__mat *W, int r) {
    int i;
    for (i = 0; i < W->cols; i++) dst[i] = 0.0f;
    wm__k_axpy_row(dst, 1.0f, W, r);
}

/* y[t][r] = x[t] . W[r] + bias[r]  for t < T, r < W->rows.
   x rows are ldx floats apart, y rows ldy floats apart. */
static void wm__k_matmul(float *y, int ldy, const float *x, int ldx, const wm__mat *W, const float *bias, int T) {
    int t, r;
    for (t = 0; t < T; t++)
        for (r = 0; r < W->rows; r++)
            y[(size_t)t * ldy + r] = wm__k_dot_row(x + (size_t)t * ldx, W, r) + (bias ? bias[r] : 0.0f);
}

static void wm__k_axpy(float *y, float a, const float *x, int n) {
    int i;
    for (i = 0; i < n; i++) y[i] += a * x[i];
}

static void wm__k_scale(float *y, float a, size_t n) {
    size_t i;
    for (i = 0; i < n; i++) y[i] *= a;
}

/* y = x * rsqrt(mean(x^2) + eps) * w */
static void wm__k_rmsnorm(float *y, const float *x, const float *w, int n, float eps) {
    float ss = wm__k_dot_f32(x, x, n), r;
    int i;
    r = 1.0f / sqrtf(ss / (float)n + eps);
    for (i = 0; i < n; i++) y[i] = x[i] * r * w[i];
}

/* Rotate-half RoPE of x[d] with cos/sin [d/2]. */
static void wm__k_rope(float *x, const float *cs, const float *sn, int d) {
    int i, h = d / 2;
    for (i = 0; i < h; i++) {
        float a = x[i], b = x[i + h];
        x[i] = a * cs[i] - b * sn[i];
        x[i + h] = b * cs[i] + a * sn[i];
    }
}

static float wm__softplus(float x) { return x > 20.0f ? x : log1pf(expf(x)); }

static float wm__act(int act, float x) {
    switch (act) {
    case WM_ACT_GELU: return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f));
    case WM_ACT_RELU: return x > 0.0f ? x : 0.0f;
    case WM_ACT_GELU_TANH:
        return 0.5f * x * (1.0f + tanhf(0.79788456080286536f * (x + 0.044715f * x * x * x)));
    default: return x / (1.0f + expf(-x));
    }
}

/* x = act(x) * g  (gated MLP) */
static void wm__k_act_mul(float *x, const float *g, size_t n, int act) {
    size_t i;
    for (i = 0; i < n; i++) x[i] = wm__act(act, x[i]) * (g ? g[i] : 1.0f);
}

/* In-place softmax of x[n]. */
static void wm__k_softmax(float *x, int n) {
    float mx = x[0], sum = 0.0f;
    int i;
    for (i = 1; i < n; i++) mx = x[i] > mx ? x[i] : mx;
    for (i = 0; i < n; i++) { x[i] = expf(x[i] - mx); sum += x[i]; }
    for (i = 0; i < n; i++) x[i] /= sum;
}

/* ---- top-k, resolving ties as torch.topk does on the CPU -------------------
   Equal scores are common (doge's dynamic mask gives every repeat of a token
   the same value), so which of them survive must match the reference: torch
   orders (value, index) pairs with std::nth_element (k*64 > n) or
   std::partial_sort (k*64 <= n), then std::sort when sorted output is asked
   for. These are the same selection and sorting steps (libstdc++'s
   introselect, heap select, introsort), on pairs compared by value only. */

typedef struct wm__pair { float v; int i; } wm__pair;

static int wm__gt(const wm__pair *a, const wm__pair *b) { /* NaN ranks first */
    return (a->v != a->v && b->v == b->v) || a->v > b->v;
}
static void wm__swap(wm__pair *a, wm__pair *b) { wm__pair t = *a; *a = *b; *b = t; }
static int wm__lg(int n) { int r = 0; while (n > 1) { n >>= 1; r++; } return r; }

static void wm__heap_adjust(wm__pair *f, int hole, int len, wm__pair val) {
    int top = hole, child = hole, parent;
    while (child < (len - 1) / 2) {
        child = 2 * (child + 1);
        if (wm__gt(&f[child], &f[child - 1])) child--;
        f[hole] = f[child];
        hole = child;
    }
    if ((len & 1) == 0 && child == (len - 2) / 2) {
        child = 2 * (child + 1);
        f[hole] = f[child - 1];
        hole = child - 1;
    }
    parent = (hole - 1) / 2;
    while (hole > top && wm__gt(&f[parent], &val)) {
        f[hole] = f[parent];
        hole = parent;
        parent = (hole - 1) / 2;
    }
    f[hole] = val;
}

/* Moves the k "largest" to f[0..k) as a heap (std::__heap_select). */
static void wm__heap_select(wm__pair *f, int k, int n) {
    int parent, i;
    if (k >= 2)
        for (parent = (k - 2) / 2;; parent--) {
            wm__heap_adjust(f, parent, k, f[parent]);
            if (parent == 0) break;
        }
    for (i = k; i < n; i++)
        if (wm__gt(&f[i], &f[0])) {
            wm__pair v = f[i];
            f[i] = f[0];
            wm__heap_adjust(f, 0, k, v);
        }
}

static void wm__sort_heap(wm__pair *f, int n) {
    while (n > 1) {
        wm__pair v = f[--n];
        f[n] = f[0];
        wm__heap_adjust(f, 0, n, v);
    }
}

static void wm__median_to_first(wm__pair *r, wm__pair *a, wm__pair *b, wm__pair *c) {
    if (wm__gt(a, b)) {
        if (wm__gt(b, c)) wm__swap(r, b);
        else if (wm__gt(a, c)) wm__swap(r, c);
        else wm__swap(r, a);
    } else if (wm__gt(a, c)) wm__swap(r, a);
    else if (wm__gt(b, c)) wm__swap(r, c);
    else wm__swap(r, b);
}

/* Partition of f[0..n) around the median of three; returns the cut. */
static int wm__partition(wm__pair *f, int n) {
    int lo = 1, hi = n;
    wm__median_to_first(f, f + 1, f + n / 2, f + n - 1);
    for (;;) {
        while (wm__gt(&f[lo], &f[0])) lo++;
        hi--;
        while (wm__gt(&f[0], &f[hi])) hi--;
        if (!(lo < hi)) return lo;
        wm__swap(&f[lo], &f[hi]);
        lo++;
    }
}

static void wm__insertion_sort(wm__pair *f, int n) { /* std::__insertion_sort */
    int i, j;
    for (i = 1; i < n; i++) {
        wm__pair v = f[i];
        if (wm__gt(&v, &f[0])) {
            for (j = i; j > 0; j--) f[j] = f[j - 1];
            f[0] = v;
        } else {
            for (j = i; wm__gt(&v, &f[j - 1]); j--) f[j] = f[j - 1];
            f[j] = v;
        }
    }
}

static void wm__introsort(wm__pair *f, int n, int depth) {
    while (n > 16) {
        int cut;
        if (depth == 0) { wm__heap_select(f, n, n); wm__sort_heap(f, n); return; }
        depth--;
        cut = wm__partition(f, n);
        wm__introsort(f + cut, n - cut, depth);
        n = cut;
    }
}

static void wm__sort_pairs(wm__pair *f, int n) { /* std::sort */
    if (n < 2) return;
    wm__introsort(f, n, 2 * wm__lg(n));
    if (n > 16) { /* the first 16, then unguarded inserts (a maximum is in front) */
        int i, j;
        wm__insertion_sort(f, 16);
        for (i = 16; i < n; i++) {
            wm__pair v = f[i];
            for (j = i; j > 0 && wm__gt(&v, &f[j - 1]); j--) f[j] = f[j - 1];
            f[j] = v;
        }
    } else {
        wm__insertion_sort(f, n);
    }
}

static void wm__nth_element(wm__pair *f, int nth, int n) { /* std::nth_element */
    int depth = 2 * wm__lg(n);
    while (n > 3) {
        int cut;
        if (depth == 0) { wm__heap_select(f, nth + 1, n); wm__swap(f, f + nth); return; }
        depth--;
        cut = wm__partition(f, n);
        if (cut <= nth) { f += cut; nth -= cut; n -= cut; }
        else n = cut;
    }
    wm__insertion_sort(f, n);
}

/* torch.topk(x[n], k, sorted): leaves the chosen (value, index) pairs in
   q[0..k) (q: scratch of n pairs), in torch's order when sorted. */
static void wm__k_topk_pairs(const float *x, int n, int k, int sorted, wm__pair *q) {
    int j;
    for (j = 0; j < n; j++) { q[j].v = x[j]; q[j].i = j; }
    if (k <= 0 || k > n) return;
    if ((long)k * 64 <= (long)n) {
        wm__heap_select(q, k, n);
        wm__sort_heap(q, k);
    } else {
        wm__nth_element(q, k - 1, n);
        if (sorted) wm__sort_pairs(q, k - 1);
    }
}

/* The k largest of x[n] (k <= n), best first: indices and values. */
static void wm__k_topk(const float *x, int n, int k, int *idx, float *val, wm__pair *tmp) {
    int j;
    wm__k_topk_pairs(x, n, k, 1, tmp);
    for (j = 0; j < k; j++) { idx[j] = tmp[j].i; val[j] = tmp[j].v; }
}

/* o[hd] = sum_j softmax_j(q.k_j * scale + row[j]) v_j over the keys with
   row[j] > -inf (k_j, v_j at k + j*ld, v + j*ld). row is overwritten.
   No visible key gives zeros. */
static void wm__k_attend(float *o, const float *q, const float *k, const float *v, size_t ld, int n, int hd,
                         float scale, float *row) {
    float mx = -INFINITY, sum = 0.0f;
    int j, any = 0;
    for (j = 0; j < hd; j++) o[j] = 0.0f;
    for (j = 0; j < n; j++) {
        float sc;
        if (row[j] == -INFINITY) continue;
        sc = wm__k_dot_f32(q, k + (size_t)j * ld, hd) * scale + row[j];
        row[j] = sc;
        if (!any || sc > mx) mx = sc;
        any = 1;
    }
    if (!any) return;
    for (j = 0; j < n; j++) {
        float e;
        if (row[j] == -INFINITY) continue;
        e = expf(row[j] - mx);
        sum += e;
        wm__k_axpy(o, e, v + (size_t)j * ld, hd);
    }
    wm__k_scale(o, 1.0f / sum, hd);
}

/* ========================================================================
   Model and session structures
   ======================================================================== */

/* One tensor of the checkpoint directory (sorted by name). */
typedef struct wm__tensor {
    const char *name; /* NUL-terminated, decoded */
    int dtype;        /* index into wm__dtypes */
    int ndim;
    uint64_t shape[8];
    size_t begin, end; /* offsets in the data section */
    const unsigned char *data;
    int file;
    int used;
} wm__tensor;

/* The weights of one layer. Vectors are F32 ([D] unless noted); matrices
   stay in the checkpoint's dtype. Absent optional tensors are NULL. */
typedef struct wm__layer {
    int seq, state;                                  /* WM_SEQ_*, WM_STATE_* */
    const float *norm_seq, *norm_state;              /* pre-norms */
    const float *gain_seq, *gain_state;              /* residual gains */
    /* cheems SSD */
    wm__mat ssd_x, ssd_b, ssd_c, ssd_dt, ssd_out;
    const float *ssd_xb, *ssd_bb, *ssd_cb, *ssd_dtb, *ssd_outb;
    const float *A_log, *Dskip;                      /* [H] (also mamba2) */
    /* attention (cheems: q,k,o + inner values; doge: q,k,v,o + dynamic mask) */
    wm__mat q, k, v, o;
    const float *qb, *kb, *vb, *ob;
    const float *q_norm, *k_norm;                    /* [hd] */
    const float *attn_A;                             /* [n_kv] */
    wm__mat dt_proj;                                 /* [n_kv][n_kv*hd] */
    const float *dt_projb;
    wm__mat v_queries;                               /* [dret][D] */
    const float *v_queriesb;
    const float *v_keys;                             /* [n_values][dret] */
    wm__mat v_embed;                                 /* [n_values][D] */
    const float *dyn_mask;                           /* [n_heads][max_pos] */
    /* gated MLP (also the shared expert of doge MoE) */
    wm__mat gate, up, down;
    const float *gateb, *upb, *downb;
    /* cheems CDMoE */
    wm__mat sh_up, sh_down, queries;
    const float *sh_upb, *sh_downb;
    const float *keys;                               /* [heads][num_keys][2][dret/2] */
    /* experts (cheems CDMoE and doge MoE) */
    wm__mat down_embed, up_embed;                    /* [E][D] */
    wm__mat router;                                  /* doge: [2*num_keys][D] */
    /* mamba2 */
    wm__mat in_proj, in_z, in_xbc, in_dt, out_proj;  /* in_* are row slices of in_proj */
    const float *in_projb, *in_zb, *in_xbcb, *in_dtb, *out_projb;
    const float *conv_w;                             /* [C][K] */
    const float *conv_b, *dt_bias, *gnorm;           /* [C], [H], [I] */
} wm__layer;

struct wm_model {
    wm_config cfg;
    wm__tensor *tensors; /* [n_tensors], sorted by name */
    int n_tensors;
    wm__layer *layers;   /* [n_layers] */
    wm__mat embed, lm_head;
    const float *final_norm;
    int num_keys;        /* product keys of the CDMoE / MoE */
    int has_attn;        /* any layer with a KV cache */
    size_t bytes_used;
    void *owned;         /* WM_MALLOC'd block of wm_model_open/load */
    void **owned_files;  /* buffers read by wm_model_load */
    int n_owned_files;
};

/* Per-layer session state. */
typedef struct wm__lstate {
    float *k, *v; /* [n_ctx][n_kv][hd] */
    float *m;     /* [n_ctx][n_kv] doge dynamic mask value of each key */
    float *S;     /* [H][P][N] SSD state */
    float *conv;  /* [K-1][C] mamba2 conv window */
} wm__lstate;

struct wm_session {
    const wm_model *model;
    wm_session_params params;
    int pos;
    wm__lstate *ls;              /* [n_layers] */
    float *h, *x, *y;            /* [n_batch][D] residual, normed input, module output */
    float *rope_cs, *rope_sn;    /* [n_batch][ssd_state/2] RoPE of SSD B/C (cheems) */
    float *arope_cs, *arope_sn;  /* [n_batch][head_dim/2] RoPE of attention q/k */
    unsigned char *work;         /* module scratch, work_bytes long */
    size_t work_bytes;
    wm_layer_hook hook;
    void *hook_user;
    void *owned;                 /* WM_MALLOC'd block of wm_session_create */
    char err[256];
};

/* ========================================================================
   Layers, in data-flow order. Each module carves its scratch with one
   function, used both to measure the session and to run.
   ======================================================================== */

static int wm__attn_hd(const wm_config *c) { return c->head_dim; }
static int wm__ssd_P(const wm_config *c) { return c->ssd_head_dim; }
static int wm__ssd_I(const wm_config *c) { return c->ssd_heads * c->ssd_head_dim; }
static int wm__conv_C(const wm_config *c) { return wm__ssd_I(c) + 2 * c->ssd_groups * c->ssd_state; }

/* ---- RoPE tables ----------------------------------------------------------
   cos/sin [n][d/2] for positions pos0..pos0+n-1 of a call whose last
   position is last_pos (dynamic NTK scales the base from it, once per call). */
static void wm__rope_table(float *cs, float *sn, const wm_config *c, int d, int pos0, int n, int last_pos) {
    double base = c->rope_theta;
    int t, i, h = d / 2;
    if (c->rope_type == WM_ROPE_DYNAMIC) {
        double L = (double)last_pos + 1.0, n0 = (double)c->rope_original_max, f = c->rope_factor;
        if (L > n0 && d > 2) base *= pow(f * L / n0 - (f - 1.0), (double)d / (double)(d - 2));
    }
    for (i = 0; i < h; i++) {
        double inv = 1.0 / pow(base, (double)(2 * i) / (double)d);
        for (t = 0; t < n; t++) {
            double p = (double)(pos0 + t);
            if (c->rope_type == WM_ROPE_LINEAR) p /= c->rope_factor;
            cs[(size_t)t * h + i] = (float)cos(p * inv);
            sn[(size_t)t * h + i] = (float)sin(p * inv);
        }
    }
}

/* ---- SSD: chunked scan (prefill) and recurrence (decode) -----------------
   Per head h: S_t = exp(A dt_t) S_{t-1} + dt_t x_t B_t^T,  y_t = S_t C_t + D x_t.
   xs [nb][.] rows ldx apart (head h at +h*P), B/C rows ldbc apart (group g
   at +g*N), dt [nb][H] after softplus, state S [H][P][N], y [nb][H][P]. */
typedef struct wm__ssd_args {
    float *y, *S;
    const float *xs, *Bm, *Cm, *dt, *A_log, *Dskip;
    int ldx, ldbc, nb, H, P, N, G, group_div, chunk;
} wm__ssd_args;

static int wm__ssd_group(const wm__ssd_args *a, int h) {
    return a->group_div ? h / (a->H / a->G) : h % a->G;
}

/* One token: the O(1) recurrence. */
static void wm__ssd_step(const wm__ssd_args *a) {
    int h, p;
    for (h = 0; h < a->H; h++) {
        int g = wm__ssd_group(a, h);
        float dt = a->dt[h], dA = expf(-expf(a->A_log[h]) * dt);
        const float *x = a->xs + (size_t)h * a->P, *B = a->Bm + (size_t)g * a->N, *C = a->Cm + (size_t)g * a->N;
        float *S = a->S + (size_t)h * a->P * a->N, *y = a->y + (size_t)h * a->P;
        for (p = 0; p < a->P; p++) {
            float *Sp = S + (size_t)p * a->N;
            wm__k_scale(Sp, dA, a->N);
            wm__k_axpy(Sp, dt * x[p], B, a->N);
            y[p] = wm__k_dot_f32(Sp, C, a->N) + a->Dskip[h] * x[p];
        }
    }
}

/* Many tokens: chunks of length Q (the last one shorter). Within a chunk,
   with lam_t = sum_{r<=t} A dt_r:
     y_t = exp(lam_t) S_in C_t + sum_{s<=t} (C_t.B_s) exp(lam_t - lam_s) dt_s x_s + D x_t
     S_out = exp(lam_end) S_in + sum_s exp(lam_end - lam_s) dt_s x_s B_s^T
   lam: scratch [chunk]. */
static void wm__ssd_chunked(const wm__ssd_args *a, float *lam) {
    int c0, h, t, s, p;
    for (c0 = 0; c0 < a->nb; c0 += a->chunk) {
        int q = WM__MIN(a->chunk, a->nb - c0);
        for (h = 0; h < a->H; h++) {
            int g = wm__ssd_group(a, h);
            float A = -expf(a->A_log[h]), acc = 0.0f, lend;
            float *S = a->S + (size_t)h * a->P * a->N;
            for (t = 0; t < q; t++) { acc += A * a->dt[(size_t)(c0 + t) * a->H + h]; lam[t] = acc; }
            for (t = 0; t < q; t++) {
                const float *Ct = a->Cm + (size_t)(c0 + t) * a->ldbc + (size_t)g * a->N;
                const float *xt = a->xs + (size_t)(c0 + t) * a->ldx + (size_t)h * a->P;
                float *yt = a->y + ((size_t)(c0 + t) * a->H + h) * a->P, et = expf(lam[t]);
                for (p = 0; p < a->P; p++)
                    yt[p] = et * wm__k_dot_f32(S + (size_t)p * a->N, Ct, a->N) + a->Dskip[h] * xt[p];
                for (s = 0; s <= t; s++) {
                    const float *Bs = a->Bm + (size_t)(c0 + s) * a->ldbc + (size_t)g * a->N;
                    const float *xs = a->xs + (size_t)(c0 + s) * a->ldx + (size_t)h * a->P;
                    float w = wm__k_dot_f32(Ct, Bs, a->N) * expf(lam[t] - lam[s]) * a->dt[(size_t)(c0 + s) * a->H + h];
                    wm__k_axpy(yt, w, xs, a->P);
                }
            }
            lend = lam[q - 1];
            wm__k_scale(S, expf(lend), (size_t)a->P * a->N);
            for (s = 0; s < q; s++) {
                const float *Bs = a->Bm + (size_t)(c0 + s) * a->ldbc + (size_t)g * a->N;
                const float *xs = a->xs + (size_t)(c0 + s) * a->ldx + (size_t)h * a->P;
                float w = expf(lend - lam[s]) * a->dt[(size_t)(c0 + s) * a->H + h];
                for (p = 0; p < a->P; p++) wm__k_axpy(S + (size_t)p * a->N, w * xs[p], Bs, a->N);
            }
        }
    }
}

static void wm__ssd_run(const wm__ssd_args *a, float *lam) {
    if (a->nb == 1) wm__ssd_step(a);
    else wm__ssd_chunked(a, lam);
}

/* Every module sees one of these. */
typedef struct wm__ctx {
    wm_session *s;
    const wm_model *m;
    const wm_config *c;
    const wm__layer *L;
    wm__lstate *st;
    int nb, pos0; /* tokens of this batch and the position of the first */
} wm__ctx;

/* ---- cheems SSD module (Listing 4 + RoPE on B and C) ------------------- */

typedef struct wm__ssd_bufs {
    float *xs;   /* [nb][H*P] */
    float *Bm;   /* [nb][G*N] */
    float *Cm;   /* [nb][G*N] */
    float *dt;   /* [nb][H] */
    float *yv;   /* [nb][H*P] */
    float *lam;  /* [chunk] */
} wm__ssd_bufs;

static void wm__ssd_carve(wm__arena *a, const wm_config *c, int nb, wm__ssd_bufs *b) {
    size_t I = (size_t)wm__ssd_I(c), GN = (size_t)c->ssd_groups * c->ssd_state;
    b->xs = wm__falloc(a, nb, I, 1);
    b->Bm = wm__falloc(a, nb, GN, 1);
    b->Cm = wm__falloc(a, nb, GN, 1);
    b->dt = wm__falloc(a, nb, c->ssd_heads, 1);
    b->yv = wm__falloc(a, nb, I, 1);
    b->lam = wm__falloc(a, WM__MIN(c->ssd_chunk, nb), 1, 1);
}

static void wm__ssd_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__layer *L = x->L;
    wm__ssd_bufs b;
    wm__ssd_args a;
    int t, g, i, H = c->ssd_heads, G = c->ssd_groups, N = c->ssd_state, D = c->hidden_size;
    wm__ssd_carve(ar, c, x->nb, &b);
    wm__k_matmul(b.xs, wm__ssd_I(c), in, D, &L->ssd_x, L->ssd_xb, x->nb);
    wm__k_matmul(b.Bm, G * N, in, D, &L->ssd_b, L->ssd_bb, x->nb);
    wm__k_matmul(b.Cm, G * N, in, D, &L->ssd_c, L->ssd_cb, x->nb);
    wm__k_matmul(b.dt, H, in, D, &L->ssd_dt, L->ssd_dtb, x->nb);
    for (i = 0; i < x->nb * H; i++) b.dt[i] = wm__softplus(b.dt[i]);
    for (t = 0; t < x->nb; t++)
        for (g = 0; g < G; g++) {
            const float *cs = x->s->rope_cs + (size_t)t * (N / 2), *sn = x->s->rope_sn + (size_t)t * (N / 2);
            wm__k_rope(b.Bm + ((size_t)t * G + g) * N, cs, sn, N);
            wm__k_rope(b.Cm + ((size_t)t * G + g) * N, cs, sn, N);
        }
    a.y = b.yv; a.S = x->st->S; a.xs = b.xs; a.Bm = b.Bm; a.Cm = b.Cm; a.dt = b.dt;
    a.A_log = L->A_log; a.Dskip = L->Dskip;
    a.ldx = wm__ssd_I(c); a.ldbc = G * N; a.nb = x->nb;
    a.H = H; a.P = wm__ssd_P(c); a.N = N; a.G = G; a.group_div = c->ssd_group_div; a.chunk = c->ssd_chunk;
    wm__ssd_run(&a, b.lam);
    wm__k_matmul(out, D, b.yv, wm__ssd_I(c), &L->ssd_out, L->ssd_outb, x->nb);
}

/* ---- mamba2 mixer -----------------------------------------------------------
   in_proj -> [z | xBC | dt]; causal depthwise conv (kernel K) + SiLU on xBC;
   SSD with D skip; y = rmsnorm(y * silu(z)) * w over all I channels; out_proj. */

typedef struct wm__mamba_bufs {
    float *z;    /* [nb][I] */
    float *ext;  /* [K-1+nb][C] conv window followed by this batch's xBC */
    float *xbc;  /* [nb][C] after conv + SiLU */
    float *dt;   /* [nb][H] */
    float *yv;   /* [nb][I] */
    float *lam;  /* [chunk] */
} wm__mamba_bufs;

static void wm__mamba_carve(wm__arena *a, const wm_config *c, int nb, wm__mamba_bufs *b) {
    size_t I = (size_t)wm__ssd_I(c), C = (size_t)wm__conv_C(c);
    b->z = wm__falloc(a, nb, I, 1);
    b->ext = wm__falloc(a, (size_t)c->conv_kernel - 1 + (size_t)nb, C, 1);
    b->xbc = wm__falloc(a, nb, C, 1);
    b->dt = wm__falloc(a, nb, c->ssd_heads, 1);
    b->yv = wm__falloc(a, nb, I, 1);
    b->lam = wm__falloc(a, WM__MIN(c->ssd_chunk, nb), 1, 1);
}

static void wm__mamba_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__layer *L = x->L;
    wm__mamba_bufs b;
    wm__ssd_args a;
    int t, i, k, D = c->hidden_size, I = wm__ssd_I(c), C = wm__conv_C(c), K = c->conv_kernel, H = c->ssd_heads;
    int GN = c->ssd_groups * c->ssd_state;
    wm__mamba_carve(ar, c, x->nb, &b);
    wm__k_matmul(b.z, I, in, D, &L->in_z, L->in_zb, x->nb);
    memcpy(b.ext, x->st->conv, sizeof(float) * (size_t)(K - 1) * C);
    wm__k_matmul(b.ext + (size_t)(K - 1) * C, C, in, D, &L->in_xbc, L->in_xbcb, x->nb);
    wm__k_matmul(b.dt, H, in, D, &L->in_dt, L->in_dtb, x->nb);
    for (t = 0; t < x->nb; t++)
        for (i = 0; i < C; i++) {
            float s = L->conv_b ? L->conv_b[i] : 0.0f;
            for (k = 0; k < K; k++) s += L->conv_w[(size_t)i * K + k] * b.ext[(size_t)(t + k) * C + i];
            b.xbc[(size_t)t * C + i] = wm__act(WM_ACT_SILU, s);
        }
    memcpy(x->st->conv, b.ext + (size_t)x->nb * C, sizeof(float) * (size_t)(K - 1) * C);
    for (t = 0; t < x->nb; t++)
        for (i = 0; i < H; i++) {
            float d = wm__softplus(b.dt[(size_t)t * H + i] + L->dt_bias[i]);
            b.dt[(size_t)t * H + i] = d < c->dt_min ? c->dt_min : (d > c->dt_max ? c->dt_max : d);
        }
    a.y = b.yv; a.S = x->st->S; a.xs = b.xbc; a.Bm = b.xbc + I; a.Cm = b.xbc + I + GN; a.dt = b.dt;
    a.A_log = L->A_log; a.Dskip = L->Dskip;
    a.ldx = C; a.ldbc = C; a.nb = x->nb;
    a.H = H; a.P = wm__ssd_P(c); a.N = c->ssd_state; a.G = c->ssd_groups; a.group_div = 1; a.chunk = c->ssd_chunk;
    wm__ssd_run(&a, b.lam);
    for (t = 0; t < x->nb; t++) {
        float *y = b.yv + (size_t)t * I;
        for (i = 0; i < I; i++) y[i] *= wm__act(WM_ACT_SILU, b.z[(size_t)t * I + i]);
        wm__k_rmsnorm(y, y, L->gnorm, I, c->norm_eps);
    }
    wm__k_matmul(out, D, b.yv, I, &L->out_proj, L->out_projb, x->nb);
}

/* ---- cheems InnerFuncAttn with dynamic mask (Listing 7) -----------------
   v = x * sum_{i in topk(v_queries(x) v_keys^T)} v_embed[i]; RoPE on q, k;
   key position j is hidden from head h when dynamic_mask[h][j] == 0. */

typedef struct wm__ifa_bufs {
    float *q;    /* [nb][D] */
    float *vq;   /* [nb][dret] */
    float *sim;  /* [n_values] */
    float *val;  /* [topk] */
    int *idx;    /* [topk] */
    wm__pair *sel; /* [n_values] top-k scratch */
    float *o;    /* [nb][D] */
    float *row;  /* [n_ctx] */
} wm__ifa_bufs;

static void wm__ifa_carve(wm__arena *a, const wm_config *c, int nb, int n_ctx, wm__ifa_bufs *b) {
    b->q = wm__falloc(a, nb, c->hidden_size, 1);
    b->vq = wm__falloc(a, nb, c->ifa_retrieval, 1);
    b->sim = wm__falloc(a, c->ifa_values, 1, 1);
    b->val = wm__falloc(a, c->ifa_topk, 1, 1);
    b->idx = (int *)wm__alloc(a, (size_t)c->ifa_topk, sizeof(int));
    b->sel = (wm__pair *)wm__alloc(a, (size_t)c->ifa_values, sizeof(wm__pair));
    b->o = wm__falloc(a, nb, c->hidden_size, 1);
    b->row = wm__falloc(a, n_ctx, 1, 1);
}

static void wm__ifa_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__layer *L = x->L;
    wm__ifa_bufs b;
    int D = c->hidden_size, nH = c->n_heads, hd = wm__attn_hd(c), t, h, j, i;
    int maxp = c->max_position_embeddings;
    float *kc = x->st->k + (size_t)x->pos0 * D, *vc = x->st->v + (size_t)x->pos0 * D; /* [nb][nH][hd] */
    float scale = 1.0f / sqrtf((float)hd);
    wm__ifa_carve(ar, c, x->nb, x->s->params.n_ctx, &b);
    wm__k_matmul(b.q, D, in, D, &L->q, L->qb, x->nb);
    wm__k_matmul(kc, D, in, D, &L->k, L->kb, x->nb);
    wm__k_matmul(b.vq, c->ifa_retrieval, in, D, &L->v_queries, L->v_queriesb, x->nb);
    for (t = 0; t < x->nb; t++) {
        const float *cs = x->s->arope_cs + (size_t)t * (hd / 2), *sn = x->s->arope_sn + (size_t)t * (hd / 2);
        float *v = vc + (size_t)t * D;
        for (i = 0; i < c->ifa_values; i++)
            b.sim[i] = wm__k_dot_f32(b.vq + (size_t)t * c->ifa_retrieval, L->v_keys + (size_t)i * c->ifa_retrieval,
                                     c->ifa_retrieval);
        wm__k_topk(b.sim, c->ifa_values, c->ifa_topk, b.idx, b.val, b.sel);
        for (i = 0; i < D; i++) v[i] = 0.0f;
        for (j = 0; j < c->ifa_topk; j++) wm__k_axpy_row(v, 1.0f, &L->v_embed, b.idx[j]);
        for (i = 0; i < D; i++) v[i] *= in[(size_t)t * D + i];
        for (h = 0; h < nH; h++) {
            wm__k_rope(b.q + (size_t)t * D + (size_t)h * hd, cs, sn, hd);
            wm__k_rope(kc + (size_t)t * D + (size_t)h * hd, cs, sn, hd);
        }
    }
    for (t = 0; t < x->nb; t++) {
        int p = x->pos0 + t;
        for (h = 0; h < nH; h++) {
            for (j = 0; j <= p; j++)
                b.row[j] = (j < maxp && L->dyn_mask[(size_t)h * maxp + j] == 0.0f) ? -INFINITY : 0.0f;
            wm__k_attend(b.o + (size_t)t * D + (size_t)h * hd, b.q + (size_t)t * D + (size_t)h * hd,
                         x->st->k + (size_t)h * hd, x->st->v + (size_t)h * hd, (size_t)D, p + 1, hd, scale, b.row);
        }
    }
    wm__k_matmul(out, D, b.o, D, &L->o, L->ob, x->nb);
}

/* ---- doge dynamic-mask attention ---------------------------------------------
   GQA; per key j and kv head: m_j = exp(A * softplus(dt_proj(v_j))); score
   q.k/sqrt(hd) + m_j over keys j <= i (and i - j < sliding_window); past
   keep_window_size visible keys only the keep_window_size largest m stay. */

typedef struct wm__doge_bufs {
    float *q;    /* [nb][nH*hd] */
    float *dt;   /* [nb][n_kv] */
    float *o;    /* [nb][nH*hd] */
    float *row;  /* [n_ctx] */
    wm__pair *sel; /* [n_ctx] keep-window selection */
} wm__doge_bufs;

static void wm__doge_carve(wm__arena *a, const wm_config *c, int nb, int n_ctx, wm__doge_bufs *b) {
    b->q = wm__falloc(a, nb, c->n_heads, c->head_dim);
    b->dt = wm__falloc(a, nb, c->n_kv_heads, 1);
    b->o = wm__falloc(a, nb, c->n_heads, c->head_dim);
    b->row = wm__falloc(a, n_ctx, 1, 1);
    b->sel = (wm__pair *)wm__alloc(a, (size_t)n_ctx, sizeof(wm__pair));
}

static void wm__doge_attn_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__layer *L = x->L;
    wm__doge_bufs b;
    int D = c->hidden_size, nH = c->n_heads, nKV = c->n_kv_heads, hd = c->head_dim, t, h, j;
    int QD = nH * hd, KD = nKV * hd, grp = nH / nKV;
    float *kc = x->st->k + (size_t)x->pos0 * KD, *vc = x->st->v + (size_t)x->pos0 * KD; /* [nb][nKV][hd] */
    float scale = 1.0f / sqrtf((float)hd);
    wm__doge_carve(ar, c, x->nb, x->s->params.n_ctx, &b);
    wm__k_matmul(b.q, QD, in, D, &L->q, L->qb, x->nb);
    wm__k_matmul(kc, KD, in, D, &L->k, L->kb, x->nb);
    wm__k_matmul(vc, KD, in, D, &L->v, L->vb, x->nb);
    wm__k_matmul(b.dt, nKV, vc, KD, &L->dt_proj, L->dt_projb, x->nb);
    for (t = 0; t < x->nb; t++) {
        const float *cs = x->s->arope_cs + (size_t)t * (hd / 2), *sn = x->s->arope_sn + (size_t)t * (hd / 2);
        for (h = 0; h < nH; h++) {
            float *q = b.q + (size_t)t * QD + (size_t)h * hd;
            if (L->q_norm) wm__k_rmsnorm(q, q, L->q_norm, hd, c->norm_eps);
            wm__k_rope(q, cs, sn, hd);
        }
        for (h = 0; h < nKV; h++) {
            float *k = kc + (size_t)t * KD + (size_t)h * hd;
            if (L->k_norm) wm__k_rmsnorm(k, k, L->k_norm, hd, c->norm_eps);
            wm__k_rope(k, cs, sn, hd);
            x->st->m[(size_t)(x->pos0 + t) * nKV + h] =
                expf(L->attn_A[h] * wm__softplus(b.dt[(size_t)t * nKV + h]));
        }
    }
    for (t = 0; t < x->nb; t++) {
        int p = x->pos0 + t, lo = 0, n;
        if (c->sliding_window > 0 && p - c->sliding_window + 1 > 0) lo = p - c->sliding_window + 1;
        n = p - lo + 1;
        for (h = 0; h < nH; h++) {
            int kv = h / grp;
            const float *m = x->st->m + (size_t)lo * nKV + kv;
            for (j = 0; j < n; j++) b.row[j] = m[(size_t)j * nKV];
            if (n > c->keep_window) { /* only the keep_window largest m stay (ties as torch.topk) */
                int r;
                wm__k_topk_pairs(b.row, n, c->keep_window, 0, b.sel);
                for (j = 0; j < n; j++) b.row[j] = -INFINITY;
                for (r = 0; r < c->keep_window; r++) b.row[b.sel[r].i] = b.sel[r].v;
            }
            wm__k_attend(b.o + (size_t)t * QD + (size_t)h * hd, b.q + (size_t)t * QD + (size_t)h * hd,
                         x->st->k + (size_t)lo * KD + (size_t)kv * hd, x->st->v + (size_t)lo * KD + (size_t)kv * hd,
                         (size_t)KD, n, hd, scale, b.row);
        }
    }
    wm__k_matmul(out, D, b.o, QD, &L->o, L->ob, x->nb);
}

/* ---- gated MLP: down(act(gate(x)) * up(x)) -------------------------------- */

typedef struct wm__mlp_bufs {
    float *g;  /* [nb][F] */
    float *u;  /* [nb][F] */
} wm__mlp_bufs;

static void wm__mlp_carve(wm__arena *a, const wm_config *c, int nb, wm__mlp_bufs *b) {
    b->g = wm__falloc(a, nb, c->intermediate_size, 1);
    b->u = wm__falloc(a, nb, c->intermediate_size, 1);
}

static void wm__mlp(const wm__ctx *x, const float *in, float *out, wm__mlp_bufs *b) {
    const wm__layer *L = x->L;
    int D = x->c->hidden_size, F = x->c->intermediate_size;
    wm__k_matmul(b->g, F, in, D, &L->gate, L->gateb, x->nb);
    wm__k_matmul(b->u, F, in, D, &L->up, L->upb, x->nb);
    wm__k_act_mul(b->g, b->u, (size_t)x->nb * F, x->c->act);
    wm__k_matmul(out, D, b->g, F, &L->down, L->downb, x->nb);
}

static void wm__mlp_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    wm__mlp_bufs b;
    wm__mlp_carve(ar, x->c, x->nb, &b);
    wm__mlp(x, in, out, &b);
}

/* ---- product-key top-K: two score halves sx, sy [num_keys]; expert
   i*num_keys + j scores sx[i] + sy[j]. The top K of each half first gives
   the same set. */

typedef struct wm__pk_bufs {
    int *ix, *iy, *ci, *e;      /* [K], [K], [K*K], [K] */
    float *vx, *vy, *cv, *s;    /* [K], [K], [K*K], [K] */
    wm__pair *sel;              /* [max(num_keys, K*K)] */
} wm__pk_bufs;

static void wm__pk_carve(wm__arena *a, int K, int nk, wm__pk_bufs *b) {
    b->ix = (int *)wm__alloc(a, (size_t)K, sizeof(int));
    b->iy = (int *)wm__alloc(a, (size_t)K, sizeof(int));
    b->ci = (int *)wm__alloc(a, (size_t)K * K, sizeof(int));
    b->e = (int *)wm__alloc(a, (size_t)K, sizeof(int));
    b->vx = wm__falloc(a, K, 1, 1);
    b->vy = wm__falloc(a, K, 1, 1);
    b->cv = wm__falloc(a, K, K, 1);
    b->s = wm__falloc(a, K, 1, 1);
    b->sel = (wm__pair *)wm__alloc(a, (size_t)WM__MAX(nk, K * K), sizeof(wm__pair));
}

/* Leaves the experts in b->e and their scores in b->s. */
static void wm__pk_topk(const float *sx, const float *sy, int nk, int K, wm__pk_bufs *b) {
    int i, j;
    wm__k_topk(sx, nk, K, b->ix, b->vx, b->sel);
    wm__k_topk(sy, nk, K, b->iy, b->vy, b->sel);
    for (i = 0; i < K; i++)
        for (j = 0; j < K; j++) b->cv[i * K + j] = b->vx[i] + b->vy[j];
    wm__k_topk(b->cv, K * K, K, b->ci, b->s, b->sel);
    for (i = 0; i < K; i++) b->e[i] = b->ix[b->ci[i] / K] * nk + b->iy[b->ci[i] % K];
}

/* ---- cheems CDMoE (section 3.3, eq. 5) ---------------------------------------
   phi = shared_down(act(shared_up(x))); u = x (parallel) or phi (sequential);
   per retrieval head: product keys pick K experts e with scores s;
   y = phi + sum act((u . down_embed[e]) * softmax_K(s)) up_embed[e]. */

typedef struct wm__cdmoe_bufs {
    float *hid;  /* [nb][F] */
    float *u;    /* [nb][D] (sequential form) */
    float *qv;   /* [nb][2][heads][dret/2] */
    float *sxy;  /* [2][num_keys] */
    wm__pk_bufs pk;
} wm__cdmoe_bufs;

static void wm__cdmoe_carve(wm__arena *a, const wm_config *c, int nb, int nk, wm__cdmoe_bufs *b) {
    b->hid = wm__falloc(a, nb, c->intermediate_size, 1);
    b->u = wm__falloc(a, nb, c->hidden_size, 1);
    b->qv = wm__falloc(a, nb, c->cdmoe_heads, (size_t)(c->cdmoe_retrieval / 2) * 2);
    b->sxy = wm__falloc(a, 2, nk, 1);
    wm__pk_carve(a, c->cdmoe_topk, nk, &b->pk);
}

static void wm__cdmoe_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__layer *L = x->L;
    wm__cdmoe_bufs b;
    int D = c->hidden_size, F = c->intermediate_size, nh = c->cdmoe_heads, half = c->cdmoe_retrieval / 2;
    int nk = x->m->num_keys, K = c->cdmoe_topk, t, h, p, k, j;
    const float *u = in;
    wm__cdmoe_carve(ar, c, x->nb, nk, &b);
    wm__k_matmul(b.hid, F, in, D, &L->sh_up, L->sh_upb, x->nb);
    wm__k_act_mul(b.hid, NULL, (size_t)x->nb * F, c->act);
    wm__k_matmul(out, D, b.hid, F, &L->sh_down, L->sh_downb, x->nb);
    if (c->cdmoe_sequential) {
        memcpy(b.u, out, sizeof(float) * (size_t)x->nb * D);
        u = b.u;
    }
    wm__k_matmul(b.qv, 2 * nh * half, u, D, &L->queries, NULL, x->nb);
    for (t = 0; t < x->nb; t++) {
        const float *ut = u + (size_t)t * D;
        for (h = 0; h < nh; h++) {
            for (p = 0; p < 2; p++)
                for (k = 0; k < nk; k++)
                    b.sxy[p * nk + k] = wm__k_dot_f32(b.qv + (((size_t)t * 2 + p) * nh + h) * half,
                                                      L->keys + (((size_t)h * nk + k) * 2 + p) * half, half);
            wm__pk_topk(b.sxy, b.sxy + nk, nk, K, &b.pk);
            wm__k_softmax(b.pk.s, K);
            for (j = 0; j < K; j++) {
                float w = wm__act(c->act, wm__k_dot_row(ut, &L->down_embed, b.pk.e[j]) * b.pk.s[j]);
                wm__k_axpy_row(out + (size_t)t * D, w, &L->up_embed, b.pk.e[j]);
            }
        }
    }
}

/* ---- doge MoE: gated MLP plus router_gate product keys ---------------------
   y += sum act(down_embed[e] . x) * softmax(s)_e * up_embed[e]. */

typedef struct wm__moe_bufs {
    wm__mlp_bufs mlp;
    float *rl;   /* [nb][2*num_keys] */
    wm__pk_bufs pk;
} wm__moe_bufs;

static void wm__moe_carve(wm__arena *a, const wm_config *c, int nb, int nk, wm__moe_bufs *b) {
    wm__mlp_carve(a, c, nb, &b->mlp);
    b->rl = wm__falloc(a, nb, 2 * (size_t)nk, 1);
    wm__pk_carve(a, c->experts_per_tok, nk, &b->pk);
}

static void wm__moe_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__layer *L = x->L;
    wm__moe_bufs b;
    int D = c->hidden_size, nk = x->m->num_keys, K = c->experts_per_tok, t, j;
    wm__moe_carve(ar, c, x->nb, nk, &b);
    wm__mlp(x, in, out, &b.mlp);
    wm__k_matmul(b.rl, 2 * nk, in, D, &L->router, NULL, x->nb);
    for (t = 0; t < x->nb; t++) {
        const float *xt = in + (size_t)t * D, *rl = b.rl + (size_t)t * 2 * nk;
        float sum = 0.0f;
        wm__pk_topk(rl, rl + nk, nk, K, &b.pk);
        wm__k_softmax(b.pk.s, K);
        if (c->norm_topk_prob) {
            for (j = 0; j < K; j++) sum += b.pk.s[j];
            wm__k_scale(b.pk.s, 1.0f / sum, K);
        }
        for (j = 0; j < K; j++) {
            float w = wm__act(c->act, wm__k_dot_row(xt, &L->down_embed, b.pk.e[j])) * b.pk.s[j];
            wm__k_axpy_row(out + (size_t)t * D, w, &L->up_embed, b.pk.e[j]);
        }
    }
}

/* ========================================================================
   Session: layout, forward pass, prefill and decode
   ======================================================================== */

static int wm__model_has(const wm_model *m, int seq, int state) {
    int l;
    for (l = 0; l < m->cfg.n_layers; l++)
        if ((seq >= 0 && m->layers[l].seq == seq) || (state >= 0 && m->layers[l].state == state)) return 1;
    return 0;
}

/* Largest module scratch of this model for batches of nb tokens. */
static size_t wm__work_bytes(const wm_model *m, int nb, int n_ctx, int *bad) {
    const wm_config *c = &m->cfg;
    size_t mx = 0;
    int kind;
    for (kind = 0; kind < 7; kind++) {
        wm__arena a = wm__arena_make(NULL, 0);
        union { wm__ssd_bufs s; wm__mamba_bufs mb; wm__ifa_bufs i; wm__doge_bufs d; wm__mlp_bufs ml; wm__cdmoe_bufs cd; wm__moe_bufs mo; } u;
        switch (kind) {
        case 0: if (!wm__model_has(m, WM_SEQ_SSD, -1)) continue; wm__ssd_carve(&a, c, nb, &u.s); break;
        case 1: if (!wm__model_has(m, WM_SEQ_MAMBA2, -1)) continue; wm__mamba_carve(&a, c, nb, &u.mb); break;
        case 2: if (!wm__model_has(m, WM_SEQ_ATTN, -1)) continue; wm__ifa_carve(&a, c, nb, n_ctx, &u.i); break;
        case 3: if (!wm__model_has(m, WM_SEQ_DOGE_ATTN, -1)) continue; wm__doge_carve(&a, c, nb, n_ctx, &u.d); break;
        case 4: if (!wm__model_has(m, -1, WM_STATE_MLP)) continue; wm__mlp_carve(&a, c, nb, &u.ml); break;
        case 5: if (!wm__model_has(m, -1, WM_STATE_CDMOE)) continue; wm__cdmoe_carve(&a, c, nb, m->num_keys, &u.cd); break;
        default: if (!wm__model_has(m, -1, WM_STATE_DOGE_MOE)) continue; wm__moe_carve(&a, c, nb, m->num_keys, &u.mo); break;
        }
        if (a.bad) *bad = 1;
        mx = WM__MAX(mx, a.used);
    }
    return mx;
}

static wm_status wm__session_params(const wm_model *m, const wm_session_params *in, wm_session_params *out,
                                    wm_error *err) {
    if (!m || !in) return wm__fail(err, WM_ERR_INVALID_ARG, "session: model and params are required");
    *out = *in;
    if (out->n_ctx < 1 || out->n_ctx > (1 << 24))
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: n_ctx %d is outside 1..16777216", out->n_ctx);
    if (out->n_batch < 1 || out->n_batch > (1 << 16))
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: n_batch %d is outside 1..65536", out->n_batch);
    if (m->has_attn && out->n_batch > out->n_ctx) out->n_batch = out->n_ctx;
    return WM_OK;
}

/* Carves the whole session; with a measuring arena only sizes it. */
static wm_session *wm__session_carve(wm__arena *a, const wm_model *m, const wm_session_params *p, size_t work) {
    const wm_config *c = &m->cfg;
    wm_session *s = (wm_session *)wm__alloc(a, 1, sizeof(wm_session));
    wm__lstate *ls = (wm__lstate *)wm__alloc(a, (size_t)c->n_layers, sizeof(wm__lstate));
    int l, B = p->n_batch;
    size_t ctx = m->has_attn ? (size_t)p->n_ctx : 0;
    for (l = 0; l < c->n_layers; l++) {
        wm__lstate st;
        int seq = m->layers[l].seq;
        memset(&st, 0, sizeof st);
        if (seq == WM_SEQ_ATTN) {
            st.k = wm__falloc(a, ctx, c->n_heads, c->head_dim);
            st.v = wm__falloc(a, ctx, c->n_heads, c->head_dim);
        } else if (seq == WM_SEQ_DOGE_ATTN) {
            st.k = wm__falloc(a, ctx, c->n_kv_heads, c->head_dim);
            st.v = wm__falloc(a, ctx, c->n_kv_heads, c->head_dim);
            st.m = wm__falloc(a, ctx, c->n_kv_heads, 1);
        } else if (seq == WM_SEQ_SSD || seq == WM_SEQ_MAMBA2) {
            st.S = wm__falloc(a, c->ssd_heads, wm__ssd_P(c), c->ssd_state);
            if (seq == WM_SEQ_MAMBA2) st.conv = wm__falloc(a, (size_t)c->conv_kernel - 1, wm__conv_C(c), 1);
        }
        if (ls) ls[l] = st;
    }
    if (s) {
        memset(s, 0, sizeof *s);
        s->model = m;
        s->params = *p;
        s->ls = ls;
    }
    {
        float *h = wm__falloc(a, B, c->hidden_size, 1);
        float *x = wm__falloc(a, B, c->hidden_size, 1);
        float *y = wm__falloc(a, B, c->hidden_size, 1);
        int dn = wm__model_has(m, WM_SEQ_SSD, -1) ? c->ssd_state / 2 : 0;
        int dh = m->has_attn ? c->head_dim / 2 : 0;
        float *rc = dn ? wm__falloc(a, B, dn, 1) : NULL, *rs = dn ? wm__falloc(a, B, dn, 1) : NULL;
        float *ac = dh ? wm__falloc(a, B, dh, 1) : NULL, *as = dh ? wm__falloc(a, B, dh, 1) : NULL;
        unsigned char *wk = (unsigned char *)wm__alloc(a, work, 1);
        if (s) {
            s->h = h; s->x = x; s->y = y;
            s->rope_cs = rc; s->rope_sn = rs; s->arope_cs = ac; s->arope_sn = as;
            s->work = wk; s->work_bytes = work;
        }
    }
    return s;
}

WMDEF wm_session_params wm_session_default_params(const wm_model *m) {
    wm_session_params p;
    int mp = m ? m->cfg.max_position_embeddings : 0, ch = m ? m->cfg.ssd_chunk : 0;
    p.n_ctx = mp > 0 ? WM__MIN(mp, 4096) : 4096;
    p.n_batch = WM__MIN(WM__MAX(ch, 64), 512);
    return p;
}

WMDEF wm_status wm_session_bytes(const wm_model *m, const wm_session_params *p, size_t *bytes, wm_error *err) {
    wm_session_params q;
    wm__arena a = wm__arena_make(NULL, 0);
    size_t work;
    int bad = 0;
    wm_status st = wm__session_params(m, p, &q, err);
    if (st != WM_OK) return st;
    work = wm__work_bytes(m, q.n_batch, q.n_ctx, &bad);
    wm__session_carve(&a, m, &q, work);
    if (bad || a.bad) return wm__fail(err, WM_ERR_INVALID_ARG, "session: size overflows size_t (n_ctx %d)", q.n_ctx);
    if (bytes) *bytes = a.used;
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_session_init(wm_session **out, const wm_model *m, const wm_session_params *p, void *mem,
                                size_t mem_bytes, wm_error *err) {
    wm_session_params q;
    wm__arena a;
    wm_session *s;
    size_t need, work;
    int bad = 0;
    wm_status st;
    if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "session: out is NULL");
    *out = NULL;
    st = wm_session_bytes(m, p, &need, err);
    if (st != WM_OK) return st;
    wm__session_params(m, p, &q, NULL);
    if (!mem) return wm__fail(err, WM_ERR_INVALID_ARG, "session: memory is NULL");
    a = wm__arena_make(mem, mem_bytes);
    work = wm__work_bytes(m, q.n_batch, q.n_ctx, &bad);
    s = wm__session_carve(&a, m, &q, work);
    if (a.bad || !s) {
        size_t skip = (WM__ALIGN - (size_t)((uintptr_t)mem % WM__ALIGN)) % WM__ALIGN;
        return wm__fail(err, WM_ERR_ARENA,
                        "session: buffer of %zu bytes is too small: it needs %zu bytes from a %d-byte aligned start "
                        "(this buffer starts %zu bytes before one)",
                        mem_bytes, need, WM__ALIGN, skip);
    }
    wm_session_reset(s);
    *out = s;
    wm__ok(err);
    return WM_OK;
}

#ifndef WM_NO_MALLOC
WMDEF wm_status wm_session_create(wm_session **out, const wm_model *m, const wm_session_params *p, wm_error *err) {
    size_t need, total;
    void *mem;
    wm_status st;
    if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "session: out is NULL");
    *out = NULL;
    st = wm_session_bytes(m, p, &need, err);
    if (st != WM_OK) return st;
    if (!wm__add(need, WM__ALIGN, &total)) return wm__fail(err, WM_ERR_NOMEM, "session: %zu bytes overflow", need);
    mem = WM_MALLOC(total);
    if (!mem) return wm__fail(err, WM_ERR_NOMEM, "session: cannot allocate %zu bytes", total);
    st = wm_session_init(out, m, p, mem, total, err);
    if (st != WM_OK) { WM_FREE(mem); return st; }
    (*out)->owned = mem;
    return WM_OK;
}
#endif

WMDEF void wm_session_free(wm_session *s) {
#ifndef WM_NO_MALLOC
    if (s && s->owned) WM_FREE(s->owned);
#else
    (void)s;
#endif
}

WMDEF void wm_session_reset(wm_session *s) {
    const wm_config *c;
    int l;
    if (!s) return;
    c = &s->model->cfg;
    s->pos = 0;
    s->err[0] = 0;
    for (l = 0; l < c->n_layers; l++) {
        wm__lstate *st = &s->ls[l];
        if (st->S) memset(st->S, 0, sizeof(float) * (size_t)c->ssd_heads * wm__ssd_P(c) * c->ssd_state);
        if (st->conv) memset(st->conv, 0, sizeof(float) * (size_t)(c->conv_kernel - 1) * wm__conv_C(c));
    }
}

WMDEF int wm_session_pos(const wm_session *s) { return s ? s->pos : 0; }
WMDEF const wm_session_params *wm_session_get_params(const wm_session *s) { return s ? &s->params : NULL; }
WMDEF const char *wm_session_error(const wm_session *s) { return s ? s->err : "no session"; }
WMDEF void wm_session_set_layer_hook(wm_session *s, wm_layer_hook hook, void *user) {
    if (s) { s->hook = hook; s->hook_user = user; }
}

static wm_status wm__serr(wm_session *s, wm_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    wm__vfmt(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    return st;
}

/* h = gain * h + y  (gain NULL: 1) over nb rows of D */
static void wm__residual(float *h, const float *gain, const float *y, int nb, int D) {
    int t, i;
    for (t = 0; t < nb; t++)
        for (i = 0; i < D; i++) {
            size_t k = (size_t)t * D + i;
            h[k] = (gain ? gain[i] * h[k] : h[k]) + y[k];
        }
}

static void wm__layer_forward(wm_session *s, int l, int nb, int pos0) {
    const wm_model *m = s->model;
    const wm_config *c = &m->cfg;
    const wm__layer *L = &m->layers[l];
    wm__ctx x;
    wm__arena ar;
    int t, D = c->hidden_size;
    x.s = s; x.m = m; x.c = c; x.L = L; x.st = &s->ls[l]; x.nb = nb; x.pos0 = pos0;
    if (L->seq != WM_SEQ_NONE) {
        for (t = 0; t < nb; t++) wm__k_rmsnorm(s->x + (size_t)t * D, s->h + (size_t)t * D, L->norm_seq, D, c->norm_eps);
        ar = wm__arena_make(s->work, s->work_bytes);
        switch (L->seq) {
        case WM_SEQ_SSD: wm__ssd_module(&x, s->x, s->y, &ar); break;
        case WM_SEQ_MAMBA2: wm__mamba_module(&x, s->x, s->y, &ar); break;
        case WM_SEQ_ATTN: wm__ifa_module(&x, s->x, s->y, &ar); break;
        default: wm__doge_attn_module(&x, s->x, s->y, &ar); break;
        }
        WM_ASSERT(!ar.bad);
        wm__residual(s->h, L->gain_seq, s->y, nb, D);
    }
    if (L->state != WM_STATE_NONE) {
        for (t = 0; t < nb; t++)
            wm__k_rmsnorm(s->x + (size_t)t * D, s->h + (size_t)t * D, L->norm_state, D, c->norm_eps);
        ar = wm__arena_make(s->work, s->work_bytes);
        switch (L->state) {
        case WM_STATE_MLP: wm__mlp_module(&x, s->x, s->y, &ar); break;
        case WM_STATE_CDMOE: wm__cdmoe_module(&x, s->x, s->y, &ar); break;
        default: wm__moe_module(&x, s->x, s->y, &ar); break;
        }
        WM_ASSERT(!ar.bad);
        wm__residual(s->h, L->gain_state, s->y, nb, D);
    }
}

static wm_status wm__forward(wm_session *s, const int32_t *tok, int n, float *logits, int which) {
    const wm_model *m;
    const wm_config *c;
    int i, b0, l, last, D, V;
    if (!s) return WM_ERR_INVALID_ARG;
    m = s->model;
    c = &m->cfg;
    D = c->hidden_size;
    V = c->vocab_size;
    if (n < 1 || !tok) return wm__serr(s, WM_ERR_INVALID_ARG, "prefill: need at least one token (n = %d)", n);
    if (which != WM_LOGITS_LAST && which != WM_LOGITS_ALL)
        return wm__serr(s, WM_ERR_INVALID_ARG, "prefill: which must be WM_LOGITS_LAST or WM_LOGITS_ALL");
    for (i = 0; i < n; i++)
        if (tok[i] < 0 || tok[i] >= V)
            return wm__serr(s, WM_ERR_TOKEN, "token %d at index %d is outside the vocabulary (0..%d)", tok[i], i, V - 1);
    if (m->has_attn ? n > s->params.n_ctx - s->pos : n > INT32_MAX - 1 - s->pos)
        return wm__serr(s, WM_ERR_CONTEXT, "context full: %d tokens held, %d more do not fit in n_ctx %d", s->pos, n,
                        s->params.n_ctx);
    last = s->pos + n - 1;
    for (b0 = 0; b0 < n; b0 += s->params.n_batch) {
        int nb = WM__MIN(s->params.n_batch, n - b0), pos0 = s->pos, t;
        for (t = 0; t < nb; t++) wm__k_row_f32(s->h + (size_t)t * D, &m->embed, tok[b0 + t]);
        if (s->rope_cs) wm__rope_table(s->rope_cs, s->rope_sn, c, c->ssd_state, pos0, nb, last);
        if (s->arope_cs) wm__rope_table(s->arope_cs, s->arope_sn, c, c->head_dim, pos0, nb, last);
        for (l = 0; l < c->n_layers; l++) {
            wm__layer_forward(s, l, nb, pos0);
            if (s->hook) s->hook(s->hook_user, l, pos0, nb, s->h);
        }
        if (logits && (which == WM_LOGITS_ALL || b0 + nb == n)) {
            int t0 = which == WM_LOGITS_ALL ? 0 : nb - 1;
            float *dst = which == WM_LOGITS_ALL ? logits + (size_t)b0 * V : logits;
            for (t = t0; t < nb; t++)
                wm__k_rmsnorm(s->x + (size_t)t * D, s->h + (size_t)t * D, m->final_norm, D, c->norm_eps);
            wm__k_matmul(dst, V, s->x + (size_t)t0 * D, D, &m->lm_head, NULL, nb - t0);
        }
        s->pos += nb;
    }
    s->err[0] = 0;
    return WM_OK;
}

WMDEF wm_status wm_prefill(wm_session *s, const int32_t *tokens, int n, float *logits, int which) {
    return wm__forward(s, tokens, n, logits, which);
}

WMDEF wm_status wm_decode(wm_session *s, int32_t token, float *logits) {
    return wm__forward(s, &token, 1, logits, WM_LOGITS_LAST);
}

/* ========================================================================
   Loader, part 1: a validating JSON reader that never allocates.
   wm__j_value() checks a whole value (syntax, UTF-8, depth) and returns its
   end; the other functions assume a value that passed it.
   ======================================================================== */

#define WM__JSON_DEPTH 64

static const char *wm__j_ws(const char *p, const char *e) {
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    return p;
}

/* Length of the valid UTF-8 sequence at p, 0 if invalid. */
static int wm__utf8_len(const unsigned char *p, const unsigned char *e) {
    unsigned c = p[0];
    int n, i;
    unsigned lo = 0x80, hi = 0xbf;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) { n = 3; if (c == 0xe0) lo = 0xa0; if (c == 0xed) hi = 0x9f; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 4; if (c == 0xf0) lo = 0x90; if (c == 0xf4) hi = 0x8f; }
    else return 0;
    if (e - p < n) return 0;
    if (p[1] < lo || p[1] > hi) return 0;
    for (i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf) return 0;
    return n;
}

static int wm__hex(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* p at '"'; returns the byte after the closing quote, NULL if invalid. */
static const char *wm__j_str_end(const char *p, const char *e) {
    p++;
    while (p < e) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '"') return p + 1;
        if (ch < 0x20) return NULL;
        if (ch == '\\') {
            if (++p >= e) return NULL;
            if (*p == 'u') {
                int i;
                if (e - p < 5) return NULL;
                for (i = 1; i <= 4; i++)
                    if (wm__hex(p[i]) < 0) return NULL;
                p += 5;
            } else if (strchr("\"\\/bfnrt", *p) && *p) {
                p++;
            } else {
                return NULL;
            }
        } else {
            int n = wm__utf8_len((const unsigned char *)p, (const unsigned char *)e);
            if (!n) return NULL;
            p += n;
        }
    }
    return NULL;
}

static const char *wm__j_lit(const char *p, const char *e, const char *lit) {
    size_t n = strlen(lit);
    if ((size_t)(e - p) < n || memcmp(p, lit, n) != 0) return NULL;
    return p + n;
}

static const char *wm__j_num_end(const char *p, const char *e) {
    const char *q;
    if (p < e && *p == '-') p++;
    if ((q = wm__j_lit(p, e, "Infinity")) != NULL) return q;
    if (p >= e) return NULL;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') while (p < e && *p >= '0' && *p <= '9') p++;
    else return NULL;
    if (p < e && *p == '.') {
        p++;
        if (p >= e || *p < '0' || *p > '9') return NULL;
        while (p < e && *p >= '0' && *p <= '9') p++;
    }
    if (p < e && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < e && (*p == '+' || *p == '-')) p++;
        if (p >= e || *p < '0' || *p > '9') return NULL;
        while (p < e && *p >= '0' && *p <= '9') p++;
    }
    return p;
}

static const char *wm__j_value(const char *p, const char *e, int depth) {
    p = wm__j_ws(p, e);
    if (p >= e) return NULL;
    switch (*p) {
    case '{':
    case '[': {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        if (depth <= 0) return NULL;
        p = wm__j_ws(p + 1, e);
        if (p < e && *p == close) return p + 1;
        for (;;) {
            if (obj) {
                p = wm__j_ws(p, e);
                if (p >= e || *p != '"' || !(p = wm__j_str_end(p, e))) return NULL;
                p = wm__j_ws(p, e);
                if (p >= e || *p != ':') return NULL;
                p++;
            }
            if (!(p = wm__j_value(p, e, depth - 1))) return NULL;
            p = wm__j_ws(p, e);
            if (p >= e) return NULL;
            if (*p == close) return p + 1;
            if (*p != ',') return NULL;
            p++;
        }
    }
    case '"': return wm__j_str_end(p, e);
    case 't': return wm__j_lit(p, e, "true");
    case 'f': return wm__j_lit(p, e, "false");
    case 'n': return wm__j_lit(p, e, "null");
    case 'N': return wm__j_lit(p, e, "NaN");
    default: return wm__j_num_end(p, e);
    }
}

/* Iterates an object's members or an array's elements (p at '{' or '['). */
typedef struct wm__jit {
    const char *p, *e;
    int first, obj;
} wm__jit;

static void wm__j_iter(wm__jit *it, const char *p, const char *e) {
    it->p = p + 1;
    it->e = e;
    it->first = 1;
    it->obj = *p == '{';
}

/* Next member: *key at its '"' (objects only), *val at the value. 0 at the end. */
static int wm__j_next(wm__jit *it, const char **key, const char **val) {
    const char *p = wm__j_ws(it->p, it->e);
    if (p >= it->e || *p == '}' || *p == ']') return 0;
    if (!it->first) p = wm__j_ws(p + 1, it->e); /* the ',' */
    it->first = 0;
    if (it->obj) {
        if (key) *key = p;
        p = wm__j_str_end(p, it->e);
        if (!p) return 0;
        p = wm__j_ws(p, it->e) + 1; /* the ':' */
    }
    p = wm__j_ws(p, it->e);
    *val = p;
    it->p = wm__j_value(p, it->e, WM__JSON_DEPTH);
    return it->p != NULL;
}

static void wm__utf8_put(char *buf, size_t cap, size_t *n, unsigned cp) {
    unsigned char tmp[4];
    int k, len;
    if (cp < 0x80) { tmp[0] = (unsigned char)cp; len = 1; }
    else if (cp < 0x800) { tmp[0] = (unsigned char)(0xc0 | cp >> 6); tmp[1] = (unsigned char)(0x80 | (cp & 63)); len = 2; }
    else if (cp < 0x10000) {
        tmp[0] = (unsigned char)(0xe0 | cp >> 12); tmp[1] = (unsigned char)(0x80 | ((cp >> 6) & 63));
        tmp[2] = (unsigned char)(0x80 | (cp & 63)); len = 3;
    } else {
        tmp[0] = (unsigned char)(0xf0 | cp >> 18); tmp[1] = (unsigned char)(0x80 | ((cp >> 12) & 63));
        tmp[2] = (unsigned char)(0x80 | ((cp >> 6) & 63)); tmp[3] = (unsigned char)(0x80 | (cp & 63)); len = 4;
    }
    for (k = 0; k < len; k++, (*n)++)
        if (buf && *n < cap) buf[*n] = (char)tmp[k];
}

/* Decodes the string at p (at '"') into buf (cap bytes, NUL added when it
   fits; buf may be NULL). Returns the decoded length in bytes. */
static size_t wm__j_str(const char *p, const char *e, char *buf, size_t cap) {
    size_t n = 0;
    p++;
    while (p < e && *p != '"') {
        if (*p != '\\') {
            if (buf && n < cap) buf[n] = *p;
            n++;
            p++;
            continue;
        }
        p++;
        if (*p == 'u') {
            unsigned cp = 0;
            int i;
            for (i = 1; i <= 4; i++) cp = cp * 16 + (unsigned)wm__hex(p[i]);
            p += 5;
            if (cp >= 0xd800 && cp < 0xdc00 && e - p >= 6 && p[0] == '\\' && p[1] == 'u') {
                unsigned lo = 0;
                int ok = 1;
                for (i = 2; i <= 5; i++) { int hx = wm__hex(p[i]); if (hx < 0) ok = 0; lo = lo * 16 + (unsigned)(hx < 0 ? 0 : hx); }
                if (ok && lo >= 0xdc00 && lo < 0xe000) { cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00); p += 6; }
            }
            if (cp >= 0xd800 && cp < 0xe000) cp = 0xfffd; /* lone surrogate */
            wm__utf8_put(buf, cap, &n, cp);
            continue;
        }
        {
            char ch = *p == 'b' ? '\b' : *p == 'f' ? '\f' : *p == 'n' ? '\n' : *p == 'r' ? '\r' : *p == 't' ? '\t' : *p;
            if (buf && n < cap) buf[n] = ch;
            n++;
            p++;
        }
    }
    if (buf && n < cap) buf[n] = 0;
    return n;
}

/* Is the string at p equal to s? */
static int wm__j_eq(const char *p, const char *e, const char *s) {
    char tmp[256];
    size_t n = strlen(s), m;
    if (n >= sizeof tmp) return 0;
    m = wm__j_str(p, e, tmp, sizeof tmp);
    return m == n && memcmp(tmp, s, n) == 0;
}

/* The value of key in the object at obj (the last one if repeated). */
static const char *wm__j_get(const char *obj, const char *e, const char *key) {
    wm__jit it;
    const char *k, *v, *found = NULL;
    if (*obj != '{') return NULL;
    wm__j_iter(&it, obj, e);
    while (wm__j_next(&it, &k, &v))
        if (wm__j_eq(k, e, key)) found = v;
    return found;
}

/* Number at p: JSON numbers, NaN, Infinity, -Infinity, and the object
   {"__float__": "Infinity"} some writers use. Returns 0 if not a number. */
static int wm__j_double(const char *p, const char *e, double *out) {
    uint64_t mant = 0;
    int neg = 0, ex = 0, digits = 0, eneg = 0, ev = 0;
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    double v;
    if (*p == '{') {
        const char *f = wm__j_get(p, e, "__float__");
        char tmp[32];
        if (!f || *f != '"') return 0;
        wm__j_str(f, e, tmp, sizeof tmp);
        tmp[sizeof tmp - 1] = 0;
        if (!strcmp(tmp, "Infinity") || !strcmp(tmp, "inf")) { *out = HUGE_VAL; return 1; }
        if (!strcmp(tmp, "-Infinity") || !strcmp(tmp, "-inf")) { *out = -HUGE_VAL; return 1; }
        if (!strcmp(tmp, "NaN") || !strcmp(tmp, "nan")) { *out = NAN; return 1; }
        return 0;
    }
    if (*p == 'N') { *out = NAN; return 1; }
    if (*p == '-') { neg = 1; p++; }
    if (*p == 'I') { *out = neg ? -HUGE_VAL : HUGE_VAL; return 1; }
    if (*p < '0' || *p > '9') return 0;
    for (; p < e && *p >= '0' && *p <= '9'; p++) {
        if (digits < 19) { mant = mant * 10 + (uint64_t)(*p - '0'); if (mant) digits++; }
        else ex++;
    }
    if (p < e && *p == '.')
        for (p++; p < e && *p >= '0' && *p <= '9'; p++)
            if (digits < 19) { mant = mant * 10 + (uint64_t)(*p - '0'); if (mant) digits++; ex--; }
    if (p < e && (*p == 'e' || *p == 'E')) {
        p++;
        if (*p == '+' || *p == '-') eneg = *p++ == '-';
        for (; p < e && *p >= '0' && *p <= '9'; p++) if (ev < 100000) ev = ev * 10 + (*p - '0');
        ex += eneg ? -ev : ev;
    }
    v = (double)mant;
    if (mant < ((uint64_t)1 << 53) && ex >= -22 && ex <= 22) v = ex < 0 ? v / p10[-ex] : v * p10[ex]; /* exact */
    else v *= pow(10.0, (double)ex);
    *out = neg ? -v : v;
    return 1;
}

/* Non-negative integer at p (digits only). */
static int wm__j_u64(const char *p, const char *e, uint64_t *out) {
    uint64_t v = 0;
    if (p >= e || *p < '0' || *p > '9') return 0;
    for (; p < e && *p >= '0' && *p <= '9'; p++) {
        if (v > (UINT64_MAX - 9) / 10) return 0;
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (p < e && (*p == '.' || *p == 'e' || *p == 'E')) return 0;
    *out = v;
    return 1;
}

/* ========================================================================
   Loader, part 2: config.json
   ======================================================================== */

typedef struct wm__cfgr {
    const char *obj, *e;
    wm_error *err;
    wm_status st;
} wm__cfgr;

static wm_status wm__cfg_fail(wm__cfgr *r, const char *fmt, const char *key) {
    if (r->st == WM_OK) r->st = wm__fail(r->err, WM_ERR_CONFIG, fmt, key);
    return r->st;
}

/* Field value, NULL when absent or null. */
static const char *wm__cfg_get(wm__cfgr *r, const char *obj, const char *key) {
    const char *v = wm__j_get(obj, r->e, key);
    return v && *v == 'n' ? NULL : v;
}

static int wm__cfg_int_in(wm__cfgr *r, const char *obj, const char *key, int req, int def, int lo, int hi) {
    const char *v = wm__cfg_get(r, obj, key);
    double d;
    if (!v) {
        if (req) wm__cfg_fail(r, "config.json: missing required field '%s'", key);
        return def;
    }
    if (*v == 't' || *v == 'f') return *v == 't';
    if (!wm__j_double(v, r->e, &d) || d != floor(d)) {
        wm__cfg_fail(r, "config.json: field '%s' must be an integer", key);
        return def;
    }
    if (d < lo || d > hi) {
        char msg[160];
        long long shown = d > 9e18 ? (long long)9e18 : d < -9e18 ? (long long)-9e18 : (long long)d;
        wm__fmt(msg, sizeof msg, "config.json: field '%%s' = %lld is outside %d..%d", shown, lo, hi);
        wm__cfg_fail(r, msg, key);
        return def;
    }
    return (int)d;
}

static int wm__cfg_int(wm__cfgr *r, const char *key, int req, int def, int lo, int hi) {
    return wm__cfg_int_in(r, r->obj, key, req, def, lo, hi);
}

static double wm__cfg_num_in(wm__cfgr *r, const char *obj, const char *key, double def) {
    const char *v = wm__cfg_get(r, obj, key);
    double d;
    if (!v) return def;
    if (!wm__j_double(v, r->e, &d)) {
        wm__cfg_fail(r, "config.json: field '%s' must be a number", key);
        return def;
    }
    return d;
}

static int wm__cfg_bool(wm__cfgr *r, const char *key, int def) {
    const char *v = wm__cfg_get(r, r->obj, key);
    if (!v) return def;
    if (*v == 't') return 1;
    if (*v == 'f') return 0;
    wm__cfg_fail(r, "config.json: field '%s' must be true or false", key);
    return def;
}

/* String field into buf; 0 when absent. */
static int wm__cfg_str_in(wm__cfgr *r, const char *obj, const char *key, char *buf, size_t cap) {
    const char *v = obj ? wm__cfg_get(r, obj, key) : NULL;
    buf[0] = 0;
    if (!v) return 0;
    if (*v != '"') { wm__cfg_fail(r, "config.json: field '%s' must be a string", key); return 0; }
    if (wm__j_str(v, r->e, buf, cap) >= cap) { wm__cfg_fail(r, "config.json: field '%s' is too long", key); buf[0] = 0; return 0; }
    return 1;
}

static int wm__act_from(const char *s) {
    if (!strcmp(s, "silu") || !strcmp(s, "swish")) return WM_ACT_SILU;
    if (!strcmp(s, "gelu")) return WM_ACT_GELU;
    if (!strcmp(s, "relu")) return WM_ACT_RELU;
    if (!strcmp(s, "gelu_pytorch_tanh") || !strcmp(s, "gelu_new")) return WM_ACT_GELU_TANH;
    return -1;
}

static int wm__isqrt(int n) {
    int r = (int)sqrt((double)n);
    while (r > 0 && r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}

/* rope_parameters (new) or rope_theta + rope_scaling (old). */
static void wm__cfg_rope(wm__cfgr *r, wm_config *c) {
    const char *rp = wm__cfg_get(r, r->obj, "rope_parameters"), *sc;
    char kind[32];
    c->rope_theta = wm__cfg_num_in(r, r->obj, "rope_theta", 10000.0);
    if (rp && *rp == '{') c->rope_theta = wm__cfg_num_in(r, rp, "rope_theta", c->rope_theta);
    sc = rp && *rp == '{' ? rp : wm__cfg_get(r, r->obj, "rope_scaling");
    c->rope_type = WM_ROPE_DEFAULT;
    c->rope_factor = 1.0;
    c->rope_original_max = c->max_position_embeddings;
    if (!sc) return;
    if (*sc != '{') { wm__cfg_fail(r, "config.json: field '%s' must be an object", "rope_scaling"); return; }
    if (!wm__cfg_str_in(r, sc, "rope_type", kind, sizeof kind)) wm__cfg_str_in(r, sc, "type", kind, sizeof kind);
    if (!kind[0] || !strcmp(kind, "default")) return;
    if (!strcmp(kind, "linear")) c->rope_type = WM_ROPE_LINEAR;
    else if (!strcmp(kind, "dynamic")) c->rope_type = WM_ROPE_DYNAMIC;
    else { wm__cfg_fail(r, "config.json: rope type '%s' is not supported (default, linear, dynamic)", kind); return; }
    c->rope_factor = wm__cfg_num_in(r, sc, "factor", 1.0);
    c->rope_original_max = wm__cfg_int_in(r, sc, "original_max_position_embeddings", 0, c->max_position_embeddings, 1, 1 << 24);
    if (!(c->rope_factor > 0.0)) wm__cfg_fail(r, "config.json: rope '%s' must be positive", "factor");
    if (c->rope_type == WM_ROPE_DYNAMIC && c->rope_original_max < 1)
        wm__cfg_fail(r, "config.json: dynamic RoPE needs '%s'", "max_position_embeddings");
}

/* Derived widths stay well inside int (every index is computed in size_t,
   but matrix rows and columns are ints). */
static wm_status wm__cfg_bounds(const wm_config *c, wm_error *err) {
    double lim = (double)(1 << 24);
    double hp = (double)c->ssd_heads * c->ssd_head_dim, gn = (double)c->ssd_groups * c->ssd_state;
    if (hp + 2 * gn + c->ssd_heads > lim || (double)c->ssd_head_dim * c->ssd_state > lim)
        return wm__fail(err, WM_ERR_CONFIG, "config.json: SSD sizes too large (heads x head_dim x state)");
    if ((double)c->n_heads * c->head_dim > lim || (double)c->cdmoe_heads * c->cdmoe_retrieval > lim ||
        (double)c->cdmoe_topk * c->cdmoe_topk > lim || (double)c->experts_per_tok * c->experts_per_tok > lim)
        return wm__fail(err, WM_ERR_CONFIG, "config.json: attention or expert sizes too large");
    return WM_OK;
}

WMDEF wm_status wm_config_parse(wm_config *c, const char *json, size_t n, wm_error *err) {
    wm_status st;
    wm__cfgr r;
    const char *e = json + n, *p, *v;
    char buf[64];
    int l, D;
    if (!c || !json) return wm__fail(err, WM_ERR_INVALID_ARG, "config: NULL argument");
    memset(c, 0, sizeof *c);
    p = wm__j_value(json, e, WM__JSON_DEPTH);
    if (!p || wm__j_ws(p, e) != e)
        return wm__fail(err, WM_ERR_CONFIG, "config.json: not valid JSON (error near byte %zu)",
                        p ? (size_t)(wm__j_ws(p, e) - json) : (size_t)0);
    p = wm__j_ws(json, e);
    if (*p != '{') return wm__fail(err, WM_ERR_CONFIG, "config.json: the top level is not an object");
    r.obj = p; r.e = e; r.err = err; r.st = WM_OK;

    if (!wm__cfg_str_in(&r, p, "model_type", buf, sizeof buf))
        return wm__fail(err, WM_ERR_CONFIG, "config.json: missing required field 'model_type'");
    if (!strcmp(buf, "cheems")) c->model_type = WM_MODEL_CHEEMS;
    else if (!strcmp(buf, "doge")) c->model_type = WM_MODEL_DOGE;
    else if (!strcmp(buf, "mamba2")) c->model_type = WM_MODEL_MAMBA2;
    else return wm__fail(err, WM_ERR_UNSUPPORTED, "config.json: model_type '%s' is not supported (cheems, doge, mamba2)", buf);

    c->vocab_size = wm__cfg_int(&r, "vocab_size", 1, 1, 1, WM__MAX_VOCAB);
    c->hidden_size = D = wm__cfg_int(&r, "hidden_size", 1, 1, 1, WM__MAX_DIM);
    c->max_position_embeddings = wm__cfg_int(&r, "max_position_embeddings", 0, 0, 0, 1 << 24);
    c->bos_token_id = wm__cfg_int(&r, "bos_token_id", 0, -1, -1, WM__MAX_VOCAB);
    c->pad_token_id = wm__cfg_int(&r, "pad_token_id", 0, -1, -1, WM__MAX_VOCAB);
    v = wm__cfg_get(&r, p, "eos_token_id");
    if (v && *v == '[') {
        wm__jit it;
        const char *x;
        wm__j_iter(&it, v, e);
        while (wm__j_next(&it, NULL, &x)) {
            double d;
            if (!wm__j_double(x, e, &d) || d < 0 || d >= WM__MAX_VOCAB || d != floor(d)) {
                wm__cfg_fail(&r, "config.json: field '%s' must hold token ids", "eos_token_id");
                break;
            }
            if (c->n_eos < 4) c->eos_token_ids[c->n_eos++] = (int)d;
        }
    } else if (v) {
        c->eos_token_ids[0] = wm__cfg_int(&r, "eos_token_id", 0, -1, 0, WM__MAX_VOCAB);
        c->n_eos = 1;
    }
    c->act = WM_ACT_SILU;
    if (wm__cfg_str_in(&r, p, "hidden_act", buf, sizeof buf) && (c->act = wm__act_from(buf)) < 0)
        return wm__fail(err, WM_ERR_UNSUPPORTED, "config.json: hidden_act '%s' is not supported", buf);
    v = wm__cfg_get(&r, p, "tie_word_embeddings");
    c->tie_embeddings = v ? wm__cfg_bool(&r, "tie_word_embeddings", 0) : (c->model_type == WM_MODEL_CHEEMS ? 1 : -1);
    wm__cfg_rope(&r, c);

    if (c->model_type == WM_MODEL_CHEEMS) {
        const char *lt = wm__cfg_get(&r, p, "layers_type"), *stt = wm__cfg_get(&r, p, "state_type"), *x;
        wm__jit it;
        int any_ssd = 0, any_attn = 0, any_cdmoe = 0, nl;
        c->norm_eps = (float)wm__cfg_num_in(&r, p, "rms_norm_eps", 1e-6);
        if (!lt || *lt != '[') return wm__fail(err, WM_ERR_CONFIG, "config.json: missing required field 'layers_type' (a list)");
        wm__j_iter(&it, lt, e);
        while (wm__j_next(&it, NULL, &x)) {
            char s[16];
            if (c->n_layers >= WM_MAX_LAYERS) return wm__fail(err, WM_ERR_CONFIG, "config.json: more than %d layers", WM_MAX_LAYERS);
            if (*x != '"') return wm__fail(err, WM_ERR_CONFIG, "config.json: layers_type[%d] is not a string", c->n_layers);
            wm__j_str(x, e, s, sizeof s);
            s[sizeof s - 1] = 0;
            if (!strcmp(s, "ssd")) { c->layer_seq[c->n_layers] = WM_SEQ_SSD; any_ssd = 1; }
            else if (!strcmp(s, "attn")) { c->layer_seq[c->n_layers] = WM_SEQ_ATTN; any_attn = 1; }
            else if (!strcmp(s, "none")) c->layer_seq[c->n_layers] = WM_SEQ_NONE;
            else return wm__fail(err, WM_ERR_CONFIG, "config.json: layers_type[%d] = '%s' (expected ssd, attn or none)", c->n_layers, s);
            c->layer_state[c->n_layers] = WM_STATE_CDMOE;
            c->n_layers++;
        }
        if (c->n_layers == 0) return wm__fail(err, WM_ERR_CONFIG, "config.json: layers_type is empty");
        nl = wm__cfg_int(&r, "num_hidden_layers", 0, c->n_layers, 1, WM_MAX_LAYERS);
        if (r.st == WM_OK && nl != c->n_layers)
            return wm__fail(err, WM_ERR_CONFIG, "config.json: num_hidden_layers = %d but layers_type lists %d", nl, c->n_layers);
        if (stt) {
            int i = 0;
            if (*stt != '[') return wm__fail(err, WM_ERR_CONFIG, "config.json: field 'state_type' must be a list");
            wm__j_iter(&it, stt, e);
            while (wm__j_next(&it, NULL, &x)) {
                char s[16];
                if (i >= c->n_layers || *x != '"') return wm__fail(err, WM_ERR_CONFIG, "config.json: state_type must list one string per layer");
                wm__j_str(x, e, s, sizeof s);
                s[sizeof s - 1] = 0;
                if (!strcmp(s, "cdmoe")) c->layer_state[i] = WM_STATE_CDMOE;
                else if (!strcmp(s, "mlp")) c->layer_state[i] = WM_STATE_MLP;
                else return wm__fail(err, WM_ERR_CONFIG, "config.json: state_type[%d] = '%s' (expected cdmoe or mlp)", i, s);
                i++;
            }
            if (i != c->n_layers) return wm__fail(err, WM_ERR_CONFIG, "config.json: state_type lists %d layers, layers_type %d", i, c->n_layers);
        }
        for (l = 0; l < c->n_layers; l++) any_cdmoe |= c->layer_state[l] == WM_STATE_CDMOE;
        c->intermediate_size = wm__cfg_int(&r, "intermediate_size", 1, 1, 1, WM__MAX_DIM);
        c->bias_proj = wm__cfg_bool(&r, "hidden_bias", 0);
        if (any_ssd) {
            c->ssd_heads = wm__cfg_int(&r, "ssd_num_heads", 1, 1, 1, 4096);
            c->ssd_groups = wm__cfg_int(&r, "ssd_num_groups", 0, 1, 1, 4096);
            c->ssd_state = wm__cfg_int(&r, "ssd_state_size", 1, 2, 2, 4096);
            c->ssd_chunk = wm__cfg_int(&r, "ssd_chunk_size", 0, 256, 1, 65536);
            c->ssd_head_dim = wm__cfg_int(&r, "ssd_head_dim", 0, 0, 1, WM__MAX_DIM); /* 0: rows(x_proj) / H */
            if (r.st == WM_OK && c->ssd_heads % c->ssd_groups)
                return wm__fail(err, WM_ERR_CONFIG, "config.json: ssd_num_heads %d is not a multiple of ssd_num_groups %d", c->ssd_heads, c->ssd_groups);
            if (r.st == WM_OK && c->ssd_state % 2)
                return wm__fail(err, WM_ERR_CONFIG, "config.json: ssd_state_size %d must be even (RoPE on B and C)", c->ssd_state);
        }
        if (any_attn) {
            c->n_heads = c->n_kv_heads = wm__cfg_int(&r, "num_attention_heads", 1, 1, 1, 4096);
            c->ifa_values = wm__cfg_int(&r, "num_inner_values", 1, 1, 1, 1 << 20);
            c->ifa_retrieval = wm__cfg_int(&r, "inner_values_retrieval_size", 1, 1, 1, WM__MAX_DIM);
            c->ifa_topk = wm__cfg_int(&r, "inner_values_topk", 0, 1, 1, 1 << 20);
            if (r.st == WM_OK && (D % c->n_heads || (D / c->n_heads) % 2))
                return wm__fail(err, WM_ERR_CONFIG, "config.json: hidden_size %d must split into num_attention_heads %d heads of even size", D, c->n_heads);
            if (r.st == WM_OK && c->ifa_topk > c->ifa_values)
                return wm__fail(err, WM_ERR_CONFIG, "config.json: inner_values_topk %d exceeds num_inner_values %d", c->ifa_topk, c->ifa_values);
            if (r.st == WM_OK && c->max_position_embeddings < 1)
                return wm__fail(err, WM_ERR_CONFIG, "config.json: missing required field 'max_position_embeddings' (dynamic_mask length)");
            c->head_dim = D / c->n_heads;
        }
        if (any_cdmoe) {
            c->cdmoe_experts = wm__cfg_int(&r, "num_cdmoe_experts", 1, 1, 1, 1 << 24);
            c->cdmoe_heads = wm__cfg_int(&r, "num_cdmoe_heads", 1, 1, 1, 4096);
            c->cdmoe_topk = wm__cfg_int(&r, "num_cdmoe_experts_per_head", 1, 1, 1, 4096);
            c->cdmoe_retrieval = wm__cfg_int(&r, "expert_retrieval_size", 1, 2, 2, WM__MAX_DIM);
            if (wm__cfg_str_in(&r, p, "cdmoe_form", buf, sizeof buf)) {
                if (!strcmp(buf, "sequential")) c->cdmoe_sequential = 1;
                else if (strcmp(buf, "parallel")) return wm__fail(err, WM_ERR_CONFIG, "config.json: cdmoe_form '%s' (expected parallel or sequential)", buf);
            }
            if (r.st == WM_OK) {
                int nk = wm__isqrt(c->cdmoe_experts);
                if (nk * nk != c->cdmoe_experts)
                    return wm__fail(err, WM_ERR_CONFIG, "config.json: num_cdmoe_experts %d is not a square (product keys)", c->cdmoe_experts);
                if (c->cdmoe_topk > nk)
                    return wm__fail(err, WM_ERR_CONFIG, "config.json: num_cdmoe_experts_per_head %d exceeds the %d keys per half", c->cdmoe_topk, nk);
                if (c->cdmoe_retrieval % 2)
                    return wm__fail(err, WM_ERR_CONFIG, "config.json: expert_retrieval_size %d must be even", c->cdmoe_retrieval);
            }
        }
    } else if (c->model_type == WM_MODEL_DOGE) {
        int moe;
        c->norm_eps = (float)wm__cfg_num_in(&r, p, "rms_norm_eps", 1e-6);
        c->n_layers = wm__cfg_int(&r, "num_hidden_layers", 1, 1, 1, WM_MAX_LAYERS);
        c->intermediate_size = wm__cfg_int(&r, "intermediate_size", 1, 1, 1, WM__MAX_DIM);
        c->n_heads = wm__cfg_int(&r, "num_attention_heads", 1, 1, 1, 4096);
        c->n_kv_heads = wm__cfg_int(&r, "num_key_value_heads", 0, c->n_heads, 1, 4096);
        c->head_dim = wm__cfg_int(&r, "head_dim", 0, c->n_heads ? D / c->n_heads : 1, 1, WM__MAX_DIM);
        c->keep_window = wm__cfg_int(&r, "keep_window_size", 0, 2048, 1, 1 << 30);
        if (!wm__cfg_get(&r, p, "keep_window_size") && wm__j_get(p, e, "keep_window_size")) c->keep_window = 1 << 30;
        c->sliding_window = wm__cfg_int(&r, "sliding_window", 0, 0, 1, 1 << 30);
        moe = wm__cfg_bool(&r, "is_moe", 0);
        c->bias_proj = wm__cfg_bool(&r, "attention_bias", 0);
        c->bias_mlp = wm__cfg_bool(&r, "mlp_bias", 0);
        if (moe) {
            int nk;
            c->n_experts = wm__cfg_int(&r, "num_experts", 1, 1, 1, 1 << 24);
            c->experts_per_tok = wm__cfg_int(&r, "num_experts_per_tok", 1, 1, 1, 4096);
            c->norm_topk_prob = wm__cfg_bool(&r, "norm_topk_prob", 0);
            nk = wm__isqrt(c->n_experts);
            if (r.st == WM_OK && c->experts_per_tok > nk)
                return wm__fail(err, WM_ERR_CONFIG, "config.json: num_experts_per_tok %d exceeds the %d keys per half", c->experts_per_tok, nk);
        }
        if (r.st == WM_OK && c->n_heads % c->n_kv_heads)
            return wm__fail(err, WM_ERR_CONFIG, "config.json: num_attention_heads %d is not a multiple of num_key_value_heads %d", c->n_heads, c->n_kv_heads);
        if (r.st == WM_OK && c->head_dim % 2)
            return wm__fail(err, WM_ERR_CONFIG, "config.json: head_dim %d must be even (RoPE)", c->head_dim);
        for (l = 0; l < c->n_layers; l++) {
            c->layer_seq[l] = WM_SEQ_DOGE_ATTN;
            c->layer_state[l] = moe ? WM_STATE_DOGE_MOE : WM_STATE_MLP;
        }
    } else { /* mamba2 */
        const char *lim = wm__cfg_get(&r, p, "time_step_limit");
        c->norm_eps = (float)wm__cfg_num_in(&r, p, "layer_norm_epsilon", 1e-5);
        c->n_layers = wm__cfg_int(&r, "num_hidden_layers", 1, 1, 1, WM_MAX_LAYERS);
        c->ssd_heads = wm__cfg_int(&r, "num_heads", 1, 1, 1, 4096);
        c->ssd_head_dim = wm__cfg_int(&r, "head_dim", 1, 1, 1, WM__MAX_DIM);
        c->ssd_state = wm__cfg_int(&r, "state_size", 1, 1, 1, 4096);
        c->ssd_groups = wm__cfg_int(&r, "n_groups", 0, 1, 1, 4096);
        c->conv_kernel = wm__cfg_int(&r, "conv_kernel", 0, 4, 1, 64);
        c->ssd_chunk = wm__cfg_int(&r, "chunk_size", 0, 256, 1, 65536);
        c->bias_proj = wm__cfg_bool(&r, "use_bias", 0);
        c->bias_conv = wm__cfg_bool(&r, "use_conv_bias", 1);
        c->ssd_group_div = 1;
        c->dt_min = 0.0f;
        c->dt_max = HUGE_VALF;
        if (lim) {
            wm__jit it;
            const char *x;
            double d[2] = {0.0, HUGE_VAL};
            int i = 0;
            if (*lim != '[') return wm__fail(err, WM_ERR_CONFIG, "config.json: time_step_limit must be a list of two numbers");
            wm__j_iter(&it, lim, e);
            while (wm__j_next(&it, NULL, &x)) {
                if (i >= 2 || !wm__j_double(x, e, &d[i])) return wm__fail(err, WM_ERR_CONFIG, "config.json: time_step_limit must be a list of two numbers");
                i++;
            }
            if (i != 2) return wm__fail(err, WM_ERR_CONFIG, "config.json: time_step_limit must be a list of two numbers");
            c->dt_min = (float)d[0];
            c->dt_max = (float)d[1];
        }
        if (r.st == WM_OK && c->ssd_heads % c->ssd_groups)
            return wm__fail(err, WM_ERR_CONFIG, "config.json: num_heads %d is not a multiple of n_groups %d", c->ssd_heads, c->ssd_groups);
        for (l = 0; l < c->n_layers; l++) { c->layer_seq[l] = WM_SEQ_MAMBA2; c->layer_state[l] = WM_STATE_NONE; }
    }
    if (r.st != WM_OK) return r.st;
    if (!(c->norm_eps >= 0.0f)) return wm__fail(err, WM_ERR_CONFIG, "config.json: the norm epsilon must be >= 0");
    st = wm__cfg_bounds(c, err);
    if (st != WM_OK) return st;
    wm__ok(err);
    return WM_OK;
}

/* ========================================================================
   Loader, part 3: safetensors. First 8 bytes: header length N (u64 LE),
   N <= 100,000,000 and 8 + N <= file size; then a JSON object of entries
   {dtype, shape, data_offsets} and an optional __metadata__ string map;
   sorted by offset the tensors tile the data section exactly.
   ======================================================================== */

static const struct { const char *name; int size; } wm__dtypes[] = {
    {"F32", 4}, {"F16", 2}, {"BF16", 2}, /* the three wm.h computes with: WM_F32, WM_F16, WM_BF16 */
    {"F64", 8}, {"I64", 8}, {"U64", 8}, {"I32", 4}, {"U32", 4}, {"I16", 2}, {"U16", 2},
    {"I8", 1},  {"U8", 1},  {"BOOL", 1}, {"F8_E4M3", 1}, {"F8_E5M2", 1}, {"F8_E8M0", 1}, {"C64", 8}};
#define WM__N_DTYPES ((int)(sizeof wm__dtypes / sizeof wm__dtypes[0]))

static uint64_t wm__le64(const unsigned char *p) {
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

typedef struct wm__stfile {
    const wm_blob *blob;
    const char *hdr, *hdr_end;  /* the JSON header */
    const unsigned char *data;  /* the data section */
    size_t data_size;
} wm__stfile;

/* Checks the frame and the header's JSON syntax. */
static wm_status wm__st_open(wm__stfile *f, const wm_blob *b, wm_error *err) {
    const unsigned char *p = (const unsigned char *)b->data;
    const char *end;
    uint64_t n;
    f->blob = b;
    if (!p && b->size) return wm__fail(err, WM_ERR_INVALID_ARG, "%s: data is NULL", b->name);
    if (b->size < 8)
        return wm__fail(err, WM_ERR_FORMAT, "%s: file is %zu bytes, shorter than the 8-byte header length", b->name, b->size);
    n = wm__le64(p);
    if (n > WM__MAX_HEADER)
        return wm__fail(err, WM_ERR_FORMAT, "%s: header length %llu at offset 0 exceeds the 100000000-byte limit", b->name,
                        (unsigned long long)n);
    if (n > (uint64_t)(b->size - 8))
        return wm__fail(err, WM_ERR_FORMAT, "%s: header length %llu at offset 0 runs past the end of the file (%zu bytes)",
                        b->name, (unsigned long long)n, b->size);
    f->hdr = (const char *)p + 8;
    f->hdr_end = f->hdr + n;
    f->data = p + 8 + n;
    f->data_size = b->size - 8 - (size_t)n;
    end = wm__j_value(f->hdr, f->hdr_end, WM__JSON_DEPTH);
    if (!end || wm__j_ws(end, f->hdr_end) != f->hdr_end) {
        size_t at = end ? (size_t)(wm__j_ws(end, f->hdr_end) - f->hdr) : 0;
        return wm__fail(err, WM_ERR_FORMAT, "%s: header is not valid UTF-8 JSON (near file offset %zu)", b->name, 8 + at);
    }
    f->hdr = wm__j_ws(f->hdr, f->hdr_end);
    if (*f->hdr != '{') return wm__fail(err, WM_ERR_FORMAT, "%s: header is not a JSON object", b->name);
    return WM_OK;
}

/* Reads one header entry into t (name into names[, name_len + 1]); with
   t NULL only validates. */
static wm_status wm__st_entry(const wm__stfile *f, const char *key, const char *v, wm__tensor *t, char *names,
                              wm_error *err) {
    const char *e = f->hdr_end, *k, *x, *dt = NULL, *sh = NULL, *of = NULL;
    char name[160];
    wm__jit it;
    uint64_t shape[8], off[2];
    size_t nel = 1, nbytes;
    int ndim = 0, n_off = 0, dtype = -1, i;
    wm__j_str(key, e, name, sizeof name);
    name[sizeof name - 1] = 0;
    if (*v != '{') return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': entry is not an object", f->blob->name, name);
    wm__j_iter(&it, v, e);
    while (wm__j_next(&it, &k, &x)) {
        const char **slot = wm__j_eq(k, e, "dtype") ? &dt : wm__j_eq(k, e, "shape") ? &sh : wm__j_eq(k, e, "data_offsets") ? &of : NULL;
        if (!slot) continue; /* unknown fields are ignored, as the reference parser does */
        if (*slot) return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': a field appears twice", f->blob->name, name);
        *slot = x;
    }
    if (!dt || !sh || !of)
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': missing %s", f->blob->name, name,
                        !dt ? "dtype" : !sh ? "shape" : "data_offsets");
    if (*dt == '"') {
        char s[16];
        wm__j_str(dt, e, s, sizeof s);
        s[sizeof s - 1] = 0;
        for (i = 0; i < WM__N_DTYPES; i++)
            if (!strcmp(s, wm__dtypes[i].name)) dtype = i;
        if (dtype < 0) return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': unknown dtype '%s'", f->blob->name, name, s);
    } else {
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': dtype is not a string", f->blob->name, name);
    }
    if (*sh != '[') return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': shape is not a list", f->blob->name, name);
    wm__j_iter(&it, sh, e);
    while (wm__j_next(&it, NULL, &x)) {
        if (ndim >= 8) return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': more than 8 dimensions", f->blob->name, name);
        if (!wm__j_u64(x, e, &shape[ndim]) || shape[ndim] > (uint64_t)(size_t)-1)
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': shape[%d] is not a size", f->blob->name, name, ndim);
        if (!wm__mul(nel, (size_t)shape[ndim], &nel))
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': element count overflows", f->blob->name, name);
        ndim++;
    }
    if (*of != '[') return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': data_offsets is not a list", f->blob->name, name);
    wm__j_iter(&it, of, e);
    while (wm__j_next(&it, NULL, &x)) {
        if (n_off >= 2 || !wm__j_u64(x, e, &off[n_off]))
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': data_offsets must be two non-negative integers", f->blob->name, name);
        n_off++;
    }
    if (n_off != 2)
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': data_offsets must be two non-negative integers", f->blob->name, name);
    if (off[0] > off[1])
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': data_offsets [%llu, %llu) end before they begin", f->blob->name,
                        name, (unsigned long long)off[0], (unsigned long long)off[1]);
    if (off[1] > (uint64_t)f->data_size)
        return wm__fail(err, WM_ERR_FORMAT,
                        "%s: tensor '%s': data_offsets [%llu, %llu) run past the data section (%zu bytes, file offset %zu)",
                        f->blob->name, name, (unsigned long long)off[0], (unsigned long long)off[1], f->data_size,
                        (size_t)(f->data - (const unsigned char *)f->blob->data));
    if (!wm__mul(nel, (size_t)wm__dtypes[dtype].size, &nbytes))
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': byte size overflows", f->blob->name, name);
    if ((uint64_t)nbytes != off[1] - off[0])
        return wm__fail(err, WM_ERR_FORMAT,
                        "%s: tensor '%s': %llu bytes at data offset %llu, but %s x shape needs %zu", f->blob->name, name,
                        (unsigned long long)(off[1] - off[0]), (unsigned long long)off[0], wm__dtypes[dtype].name, nbytes);
    if (t) {
        size_t len = wm__j_str(key, e, names, (size_t)-1);
        names[len] = 0;
        t->name = names;
        t->dtype = dtype;
        t->ndim = ndim;
        for (i = 0; i < ndim; i++) t->shape[i] = shape[i];
        t->begin = (size_t)off[0];
        t->end = (size_t)off[1];
        t->data = f->data + t->begin;
        t->used = 0;
    }
    return WM_OK;
}

/* Validates every entry; counts them and their decoded name bytes. */
static wm_status wm__st_count(const wm__stfile *f, size_t *n, size_t *name_bytes, wm_error *err) {
    wm__jit it;
    const char *k, *v;
    int meta = 0;
    wm__j_iter(&it, f->hdr, f->hdr_end);
    while (wm__j_next(&it, &k, &v)) {
        if (wm__j_eq(k, f->hdr_end, "__metadata__")) {
            wm__jit mt;
            const char *mk, *mv;
            if (meta++) return wm__fail(err, WM_ERR_FORMAT, "%s: __metadata__ appears twice", f->blob->name);
            if (*v != '{') return wm__fail(err, WM_ERR_FORMAT, "%s: __metadata__ is not an object", f->blob->name);
            wm__j_iter(&mt, v, f->hdr_end);
            while (wm__j_next(&mt, &mk, &mv))
                if (*mv != '"') return wm__fail(err, WM_ERR_FORMAT, "%s: __metadata__ values must be strings", f->blob->name);
            continue;
        }
        {
            wm_status st = wm__st_entry(f, k, v, NULL, NULL, err);
            size_t len = wm__j_str(k, f->hdr_end, NULL, 0);
            if (st != WM_OK) return st;
            if (!wm__add(*name_bytes, len + 1, name_bytes) || !wm__add(*n, 1, n))
                return wm__fail(err, WM_ERR_FORMAT, "%s: header too large", f->blob->name);
        }
    }
    return WM_OK;
}

static wm_status wm__st_fill(const wm__stfile *f, int file, wm__tensor *t, size_t *n, char **names, wm_error *err) {
    wm__jit it;
    const char *k, *v;
    wm__j_iter(&it, f->hdr, f->hdr_end);
    while (wm__j_next(&it, &k, &v)) {
        wm_status st;
        if (wm__j_eq(k, f->hdr_end, "__metadata__")) continue;
        st = wm__st_entry(f, k, v, &t[*n], *names, err);
        if (st != WM_OK) return st;
        t[*n].file = file;
        *names += strlen(*names) + 1;
        (*n)++;
    }
    return WM_OK;
}

static int wm__cmp_offset(const void *a, const void *b) {
    const wm__tensor *x = (const wm__tensor *)a, *y = (const wm__tensor *)b;
    if (x->begin != y->begin) return x->begin < y->begin ? -1 : 1;
    return x->end < y->end ? -1 : x->end > y->end;
}

static int wm__cmp_name(const void *a, const void *b) {
    return strcmp(((const wm__tensor *)a)->name, ((const wm__tensor *)b)->name);
}

/* Sorted by offset, the n tensors of one file must tile its data section. */
static wm_status wm__st_tiling(const wm__stfile *f, wm__tensor *t, size_t n, wm_error *err) {
    size_t i, at = 0, base = (size_t)(f->data - (const unsigned char *)f->blob->data);
    qsort(t, n, sizeof *t, wm__cmp_offset);
    for (i = 0; i < n; i++) {
        if (t[i].begin > at)
            return wm__fail(err, WM_ERR_FORMAT, "%s: %zu unused bytes before tensor '%s' at data offset %zu (file offset %zu)",
                            f->blob->name, t[i].begin - at, t[i].name, at, base + at);
        if (t[i].begin < at)
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s' at data offset %zu overlaps tensor '%s' (file offset %zu)",
                            f->blob->name, t[i].name, t[i].begin, t[i - 1].name, base + t[i].begin);
        at = t[i].end;
    }
    if (at != f->data_size)
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensors end at data offset %zu but the file has %zu trailing bytes after it (file offset %zu)",
                        f->blob->name, at, f->data_size - at, base + at);
    return WM_OK;
}

/* ========================================================================
   Loader, part 4: the tensor plan. One walk over the config lists every
   tensor a model of it has (name, shape, how a random one is drawn, where it
   binds); the loader binds them and `wm_random_checkpoint` writes them.
   ======================================================================== */

enum { WM__MATRIX = 1, WM__VECTOR = 2 };
enum { WM__INIT_NORMAL, WM__INIT_ALOG, WM__INIT_DTB_CHEEMS, WM__INIT_DTB_MAMBA, WM__INIT_DYNMASK };

typedef struct wm__need {
    const char *name;
    int ndim;
    uint64_t shape[4];
    int kind;       /* WM__MATRIX: wm__mat [shape0][rest]; WM__VECTOR: const float * */
    int optional;   /* may be absent from a checkpoint */
    int in_random;  /* a random checkpoint of this config has it */
    int init;       /* WM__INIT_*; NORMAL draws mean + scale * N(0,1) */
    float mean, scale;
    void *dst;      /* wm__mat * or const float ** (NULL when only listing) */
} wm__need;

typedef int (*wm__need_fn)(void *ctx, const wm__need *n); /* 0 stops the walk */

typedef struct wm__planner {
    wm__need_fn fn;
    void *ctx;
    int ok;
    const char *prefix; /* "model.layers." or "backbone.layers." */
    int layer;          /* -1: a global tensor */
    char name[200];
} wm__planner;

static void wm__plan_t(wm__planner *p, const char *suffix, int kind, int opt, int rnd, int init, float mean, float scale,
                       void *dst, int ndim, uint64_t d0, uint64_t d1, uint64_t d2, uint64_t d3) {
    wm__need n;
    if (!p->ok) return;
    if (p->layer >= 0) wm__fmt(p->name, sizeof p->name, "%s%d.%s", p->prefix, p->layer, suffix);
    else wm__fmt(p->name, sizeof p->name, "%s", suffix);
    n.name = p->name;
    n.ndim = ndim;
    n.shape[0] = d0; n.shape[1] = d1; n.shape[2] = d2; n.shape[3] = d3;
    n.kind = kind; n.optional = opt; n.in_random = rnd; n.init = init;
    n.mean = mean; n.scale = scale; n.dst = dst;
    p->ok = p->fn(p->ctx, &n);
}

/* weight [o][i] with an optional bias [o] */
static void wm__plan_linear(wm__planner *p, const char *base, wm__mat *w, const float **b, int o, int i, int bias,
                            float scale) {
    char nm[96];
    wm__fmt(nm, sizeof nm, "%s.weight", base);
    wm__plan_t(p, nm, WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0.0f, scale, w, 2, (uint64_t)o, (uint64_t)i, 0, 0);
    wm__fmt(nm, sizeof nm, "%s.bias", base);
    wm__plan_t(p, nm, WM__VECTOR, 1, bias, WM__INIT_NORMAL, 0.0f, 0.1f, (void *)b, 1, (uint64_t)o, 0, 0, 0);
}
#define WM__LIN(p, base, L, f, o, i, bias) \
    wm__plan_linear(p, base, L ? &L->f : NULL, L ? &L->f##b : NULL, o, i, bias, 1.0f / sqrtf((float)(i)))
#define WM__VEC1(p, nm, dst, n, opt, rnd, init, mean, scale) \
    wm__plan_t(p, nm, WM__VECTOR, opt, rnd, init, mean, scale, dst, 1, (uint64_t)(n), 0, 0, 0)

static int wm__plan(const wm_config *c, wm_model *m, wm__need_fn fn, void *ctx) {
    wm__planner pl, *p = &pl;
    int D = c->hidden_size, F = c->intermediate_size, V = c->vocab_size, l;
    float sd = 1.0f / sqrtf((float)D);
    pl.fn = fn; pl.ctx = ctx; pl.ok = 1; pl.layer = -1;
    pl.prefix = c->model_type == WM_MODEL_MAMBA2 ? "backbone.layers." : "model.layers.";
    if (c->model_type == WM_MODEL_MAMBA2) {
        wm__plan_t(p, "backbone.embeddings.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, 1, m ? &m->embed : NULL, 2, (uint64_t)V, (uint64_t)D, 0, 0);
    } else {
        wm__plan_t(p, "model.embed_tokens.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, 1, m ? &m->embed : NULL, 2, (uint64_t)V, (uint64_t)D, 0, 0);
    }
    for (l = 0; l < c->n_layers && pl.ok; l++) {
        wm__layer *L = m ? &m->layers[l] : NULL;
        pl.layer = l;
        if (L) { L->seq = c->layer_seq[l]; L->state = c->layer_state[l]; }
        if (c->model_type == WM_MODEL_CHEEMS) {
            int seq = c->layer_seq[l], hb = c->bias_proj;
            if (seq != WM_SEQ_NONE) {
                WM__VEC1(p, "pre_sequence_layernorm.weight", L ? &L->norm_seq : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
                WM__VEC1(p, "post_sequence_residual.weight", L ? &L->gain_seq : NULL, D, 1, 0, WM__INIT_NORMAL, 1.0f, 0.1f);
            }
            if (seq == WM_SEQ_SSD) {
                int H = c->ssd_heads, GN = c->ssd_groups * c->ssd_state, HP = H * c->ssd_head_dim;
                WM__LIN(p, "ssd.x_proj", L, ssd_x, HP, D, hb);
                WM__LIN(p, "ssd.b_proj", L, ssd_b, GN, D, hb);
                WM__LIN(p, "ssd.c_proj", L, ssd_c, GN, D, hb);
                wm__plan_t(p, "ssd.dt_proj.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, 0.1f * sd, L ? &L->ssd_dt : NULL, 2, (uint64_t)H, (uint64_t)D, 0, 0);
                WM__VEC1(p, "ssd.dt_proj.bias", L ? &L->ssd_dtb : NULL, H, 1, hb, WM__INIT_DTB_CHEEMS, 0, 0);
                WM__LIN(p, "ssd.out_proj", L, ssd_out, D, HP, hb);
                WM__VEC1(p, "ssd.A_log", L ? &L->A_log : NULL, H, 0, 1, WM__INIT_ALOG, 0, 0);
                WM__VEC1(p, "ssd.D", L ? &L->Dskip : NULL, H, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            } else if (seq == WM_SEQ_ATTN) {
                int nv = c->ifa_values, dr = c->ifa_retrieval;
                WM__LIN(p, "attn.q_proj", L, q, D, D, hb);
                WM__LIN(p, "attn.k_proj", L, k, D, D, hb);
                WM__LIN(p, "attn.v_queries", L, v_queries, dr, D, hb);
                wm__plan_t(p, "attn.v_keys", WM__VECTOR, 0, 1, WM__INIT_NORMAL, 0, 1, L ? &L->v_keys : NULL, 2, (uint64_t)nv, (uint64_t)dr, 0, 0);
                wm__plan_t(p, "attn.v_embed.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 1.0f, 0.5f, L ? &L->v_embed : NULL, 2, (uint64_t)nv, (uint64_t)D, 0, 0);
                wm__plan_t(p, "attn.dynamic_mask", WM__VECTOR, 0, 1, WM__INIT_DYNMASK, 0, 0, L ? &L->dyn_mask : NULL, 2,
                           (uint64_t)c->n_heads, (uint64_t)c->max_position_embeddings, 0, 0);
                WM__LIN(p, "attn.o_proj", L, o, D, D, hb);
            }
            WM__VEC1(p, "pre_state_layernorm.weight", L ? &L->norm_state : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__VEC1(p, "post_state_residual.weight", L ? &L->gain_state : NULL, D, 1, 0, WM__INIT_NORMAL, 1.0f, 0.1f);
            if (c->layer_state[l] == WM_STATE_CDMOE) {
                int nh = c->cdmoe_heads, half = c->cdmoe_retrieval / 2, E = c->cdmoe_experts, nk = wm__isqrt(E);
                WM__LIN(p, "cdmoe.shared_up_proj", L, sh_up, F, D, hb);
                WM__LIN(p, "cdmoe.shared_down_proj", L, sh_down, D, F, hb);
                wm__plan_t(p, "cdmoe.queries.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, sd, L ? &L->queries : NULL, 2, (uint64_t)(2 * nh * half), (uint64_t)D, 0, 0);
                wm__plan_t(p, "cdmoe.keys", WM__VECTOR, 0, 1, WM__INIT_NORMAL, 0, 1, L ? &L->keys : NULL, 4, (uint64_t)nh, (uint64_t)nk, 2, (uint64_t)half);
                wm__plan_t(p, "cdmoe.down_embed.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, sd, L ? &L->down_embed : NULL, 2, (uint64_t)E, (uint64_t)D, 0, 0);
                wm__plan_t(p, "cdmoe.up_embed.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, 1.0f / sqrtf((float)(nh * c->cdmoe_topk)),
                           L ? &L->up_embed : NULL, 2, (uint64_t)E, (uint64_t)D, 0, 0);
            } else {
                WM__LIN(p, "mlp.gate_proj", L, gate, F, D, hb);
                WM__LIN(p, "mlp.up_proj", L, up, F, D, hb);
                WM__LIN(p, "mlp.down_proj", L, down, D, F, hb);
            }
        } else if (c->model_type == WM_MODEL_DOGE) {
            int hd = c->head_dim, QD = c->n_heads * hd, KD = c->n_kv_heads * hd, ab = c->bias_proj, mb = c->bias_mlp;
            WM__VEC1(p, "input_layernorm.weight", L ? &L->norm_seq : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__LIN(p, "self_attn.q_proj", L, q, QD, D, ab);
            WM__LIN(p, "self_attn.k_proj", L, k, KD, D, ab);
            WM__LIN(p, "self_attn.v_proj", L, v, KD, D, ab);
            WM__VEC1(p, "self_attn.q_norm.weight", L ? &L->q_norm : NULL, hd, 1, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__VEC1(p, "self_attn.k_norm.weight", L ? &L->k_norm : NULL, hd, 1, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__VEC1(p, "self_attn.A", L ? &L->attn_A : NULL, c->n_kv_heads, 0, 1, WM__INIT_NORMAL, 0, 0.5f);
            WM__LIN(p, "self_attn.dt_proj", L, dt_proj, c->n_kv_heads, KD, ab);
            WM__LIN(p, "self_attn.o_proj", L, o, D, QD, ab);
            WM__VEC1(p, "input_residual", L ? &L->gain_seq : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__VEC1(p, "post_attention_layernorm.weight", L ? &L->norm_state : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__VEC1(p, "post_attention_residual", L ? &L->gain_state : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__LIN(p, "mlp.gate_proj", L, gate, F, D, mb);
            WM__LIN(p, "mlp.up_proj", L, up, F, D, mb);
            WM__LIN(p, "mlp.down_proj", L, down, D, F, mb);
            if (c->layer_state[l] == WM_STATE_DOGE_MOE) {
                int E = c->n_experts, nk = wm__isqrt(E);
                wm__plan_t(p, "mlp.router_gate.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, sd, L ? &L->router : NULL, 2, (uint64_t)(2 * nk), (uint64_t)D, 0, 0);
                wm__plan_t(p, "mlp.down_embed.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, sd, L ? &L->down_embed : NULL, 2, (uint64_t)E, (uint64_t)D, 0, 0);
                wm__plan_t(p, "mlp.up_embed.weight", WM__MATRIX, 0, 1, WM__INIT_NORMAL, 0, 1.0f / sqrtf((float)c->experts_per_tok),
                           L ? &L->up_embed : NULL, 2, (uint64_t)E, (uint64_t)D, 0, 0);
            }
        } else {
            int H = c->ssd_heads, I = wm__ssd_I(c), C = wm__conv_C(c), K = c->conv_kernel, ub = c->bias_proj;
            WM__VEC1(p, "norm.weight", L ? &L->norm_seq : NULL, D, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__LIN(p, "mixer.in_proj", L, in_proj, I + C + H, D, ub);
            wm__plan_t(p, "mixer.conv1d.weight", WM__VECTOR, 0, 1, WM__INIT_NORMAL, 0, 1.0f / sqrtf((float)K), L ? &L->conv_w : NULL, 3,
                       (uint64_t)C, 1, (uint64_t)K, 0);
            WM__VEC1(p, "mixer.conv1d.bias", L ? &L->conv_b : NULL, C, 1, c->bias_conv, WM__INIT_NORMAL, 0, 0.1f);
            WM__VEC1(p, "mixer.dt_bias", L ? &L->dt_bias : NULL, H, 0, 1, WM__INIT_DTB_MAMBA, 0, 0);
            WM__VEC1(p, "mixer.A_log", L ? &L->A_log : NULL, H, 0, 1, WM__INIT_ALOG, 0, 0);
            WM__VEC1(p, "mixer.D", L ? &L->Dskip : NULL, H, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__VEC1(p, "mixer.norm.weight", L ? &L->gnorm : NULL, I, 0, 1, WM__INIT_NORMAL, 1.0f, 0.1f);
            WM__LIN(p, "mixer.out_proj", L, out_proj, D, I, ub);
        }
    }
    pl.layer = -1;
    WM__VEC1(p, c->model_type == WM_MODEL_MAMBA2 ? "backbone.norm_f.weight" : "model.norm.weight", m ? &m->final_norm : NULL, D, 0, 1,
             WM__INIT_NORMAL, 1.0f, 0.1f);
    if (c->tie_embeddings != 1)
        wm__plan_t(p, "lm_head.weight", WM__MATRIX, c->tie_embeddings < 0, c->tie_embeddings == 0, WM__INIT_NORMAL, 0, sd,
                   m ? &m->lm_head : NULL, 2, (uint64_t)V, (uint64_t)D, 0, 0);
    return pl.ok;
}

/* ========================================================================
   Loader, part 5: binding the plan to the directory, building the model
   ======================================================================== */

typedef struct wm__binder {
    wm_model *m;
    const wm_model_source *src;
    wm__arena *a;  /* copies of misaligned or converted tensors */
    int measure;   /* only count the copies */
    wm_error *err;
    wm_status st;
} wm__binder;

static wm__tensor *wm__find(const wm_model *m, const char *name) {
    wm__tensor key;
    key.name = name;
    return (wm__tensor *)bsearch(&key, m->tensors, (size_t)m->n_tensors, sizeof key, wm__cmp_name);
}

static const char *wm__src_name(const wm_model_source *src) {
    return src->n_files == 1 && src->files[0].name ? src->files[0].name : "checkpoint";
}

static void wm__shape_str(char *buf, size_t cap, int ndim, const uint64_t *shape) {
    size_t n = 0;
    int i;
    buf[n++] = '[';
    for (i = 0; i < ndim && n + 24 < cap; i++) {
        wm__fmt(buf + n, cap - n, i ? ", %llu" : "%llu", (unsigned long long)shape[i]);
        n += strlen(buf + n);
    }
    wm__fmt(buf + n, cap - n, "]");
}

static int wm__bind(void *ctx, const wm__need *n) {
    wm__binder *b = (wm__binder *)ctx;
    wm__tensor *t = wm__find(b->m, n->name);
    const char *file;
    char want[96], have[96];
    int i, same;
    size_t nel = 1, esz;
    if (!t) {
        if (n->optional) {
            if (!b->measure && n->dst) {
                if (n->kind == WM__MATRIX) memset(n->dst, 0, sizeof(wm__mat));
                else *(const float **)n->dst = NULL;
            }
            return 1;
        }
        wm__shape_str(want, sizeof want, n->ndim, n->shape);
        b->st = wm__fail(b->err, WM_ERR_MISSING, "%s: missing tensor '%s' (the config expects shape %s)",
                         wm__src_name(b->src), n->name, want);
        return 0;
    }
    file = b->src->files[t->file].name;
    same = t->ndim == n->ndim;
    for (i = 0; same && i < n->ndim; i++) same = t->shape[i] == n->shape[i];
    if (!same) {
        wm__shape_str(want, sizeof want, n->ndim, n->shape);
        wm__shape_str(have, sizeof have, t->ndim, t->shape);
        b->st = wm__fail(b->err, WM_ERR_SHAPE, "%s: tensor '%s' has shape %s but the config expects %s", file, n->name, have, want);
        return 0;
    }
    if (t->dtype > WM_BF16) {
        b->st = wm__fail(b->err, WM_ERR_UNSUPPORTED, "%s: tensor '%s' has dtype %s; wm.h reads F32, F16 and BF16", file, n->name,
                         wm__dtypes[t->dtype].name);
        return 0;
    }
    for (i = 0; i < n->ndim; i++) nel *= (size_t)n->shape[i]; /* fits: the file holds it */
    esz = (size_t)wm__dtypes[t->dtype].size;
    t->used = 1;
    if (n->kind == WM__MATRIX) {
        const void *data = t->data;
        if ((uintptr_t)data % esz) { /* misaligned in the buffer: copy once */
            void *cp = wm__alloc(b->a, nel, esz);
            if (!b->measure && cp) memcpy(cp, data, nel * esz);
            data = cp;
        }
        if (!b->measure && n->dst) {
            wm__mat *w = (wm__mat *)n->dst;
            w->data = data;
            w->dtype = t->dtype;
            w->rows = (int)n->shape[0];
            w->cols = (int)(nel / (n->shape[0] ? n->shape[0] : 1));
        }
    } else {
        const float *data = (const float *)(const void *)t->data;
        if (t->dtype != WM_F32 || (uintptr_t)t->data % 4) { /* convert to F32 once */
            float *cp = wm__falloc(b->a, nel, 1, 1);
            if (!b->measure && cp) {
                size_t k;
                for (k = 0; k < nel; k++) {
                    uint16_t h;
                    if (t->dtype == WM_F32) memcpy(&cp[k], t->data + 4 * k, 4);
                    else {
                        memcpy(&h, t->data + 2 * k, 2);
                        cp[k] = t->dtype == WM_BF16 ? wm__bf16_to_f32(h) : wm__f16_to_f32(h);
                    }
                }
            }
            data = cp;
        }
        if (!b->measure && n->dst) *(const float **)n->dst = data;
    }
    if (!b->measure && b->a->bad) {
        b->st = wm__fail(b->err, WM_ERR_ARENA, "model: buffer too small while binding '%s'", n->name);
        return 0;
    }
    return 1;
}

/* Slices mamba2's in_proj into [z | xBC | dt] rows. */
static void wm__mamba_slices(const wm_config *c, wm__layer *L) {
    int I = wm__ssd_I(c), C = wm__conv_C(c), H = c->ssd_heads, esz = L->in_proj.dtype == WM_F32 ? 4 : 2;
    const unsigned char *base = (const unsigned char *)L->in_proj.data;
    size_t row = (size_t)L->in_proj.cols * esz;
    L->in_z = L->in_proj; L->in_z.rows = I;
    L->in_xbc = L->in_proj; L->in_xbc.rows = C; L->in_xbc.data = base + row * I;
    L->in_dt = L->in_proj; L->in_dt.rows = H; L->in_dt.data = base + row * (I + C);
    L->in_zb = L->in_projb;
    L->in_xbcb = L->in_projb ? L->in_projb + I : NULL;
    L->in_dtb = L->in_projb ? L->in_projb + I + C : NULL;
}

/* Builds the model in mem (cap bytes). When it does not fit, *need tells the
   bytes required (*exact = 0: a lower bound, the directory alone). mem NULL
   only sizes the directory part. */
static wm_status wm__model_build(wm_model **out, const wm_model_source *src, void *mem, size_t cap, size_t *need,
                                 int *exact, wm_error *err) {
    wm_config cfg;
    wm__stfile *files = NULL;
    wm__arena a;
    wm_model *m;
    wm__binder b;
    wm__tensor *tensors;
    wm__layer *layers;
    size_t n_t = 0, name_bytes = 0, k, fixed, nf;
    char *names;
    wm_status st;
    int i, l;
    *need = 0;
    *exact = 0;
    if (!out || !src || (!src->config_json && src->config_bytes) || (src->n_files > 0 && !src->files) || src->n_files < 1)
        return wm__fail(err, WM_ERR_INVALID_ARG, "model: a config and at least one safetensors file are required");
    if (src->n_files > 4096) return wm__fail(err, WM_ERR_INVALID_ARG, "model: more than 4096 files");
    st = wm_config_parse(&cfg, src->config_json, src->config_bytes, err);
    if (st != WM_OK) return st;
    /* pass 1: validate every header, count entries */
    for (i = 0; i < src->n_files; i++) {
        wm__stfile f;
        if ((st = wm__st_open(&f, &src->files[i], err)) != WM_OK) return st;
        if ((st = wm__st_count(&f, &n_t, &name_bytes, err)) != WM_OK) return st;
    }
    if (n_t > (size_t)INT32_MAX) return wm__fail(err, WM_ERR_FORMAT, "model: too many tensors");
    /* the fixed part: model, directory, names, layers, file views */
    a = wm__arena_make(mem, cap);
    m = (wm_model *)wm__alloc(&a, 1, sizeof(wm_model));
    tensors = (wm__tensor *)wm__alloc(&a, n_t, sizeof(wm__tensor));
    names = (char *)wm__alloc(&a, name_bytes, 1);
    files = (wm__stfile *)wm__alloc(&a, (size_t)src->n_files, sizeof(wm__stfile));
    layers = (wm__layer *)wm__alloc(&a, (size_t)cfg.n_layers, sizeof(wm__layer));
    fixed = a.used;
    nf = (size_t)(a.base ? a.base - (unsigned char *)mem : 0);
    if (!mem || a.bad) {
        *need = fixed + (WM__ALIGN - 1);
        return wm__fail(err, WM_ERR_ARENA,
                        "model: buffer of %zu bytes is too small: the directory alone needs %zu bytes from a %d-byte aligned start",
                        cap, fixed, WM__ALIGN);
    }
    memset(m, 0, sizeof *m);
    m->tensors = tensors;
    m->layers = layers;
    m->cfg = cfg;
    m->n_tensors = (int)n_t;
    memset(m->layers, 0, sizeof(wm__layer) * (size_t)cfg.n_layers);
    /* pass 2: fill the directory; tiling per file, names unique overall */
    n_t = 0;
    for (i = 0; i < src->n_files; i++) {
        size_t first = n_t;
        wm__st_open(&files[i], &src->files[i], NULL);
        if ((st = wm__st_fill(&files[i], i, m->tensors, &n_t, &names, err)) != WM_OK) return st;
        if ((st = wm__st_tiling(&files[i], m->tensors + first, n_t - first, err)) != WM_OK) return st;
    }
    qsort(m->tensors, n_t, sizeof(wm__tensor), wm__cmp_name);
    for (k = 1; k < n_t; k++)
        if (!strcmp(m->tensors[k].name, m->tensors[k - 1].name))
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s' appears twice%s%s", src->files[m->tensors[k].file].name,
                            m->tensors[k].name, m->tensors[k].file != m->tensors[k - 1].file ? " (also in " : "",
                            m->tensors[k].file != m->tensors[k - 1].file ? src->files[m->tensors[k - 1].file].name : "");
    /* cheems without ssd_head_dim: P = rows(x_proj) / H */
    if (cfg.model_type == WM_MODEL_CHEEMS && cfg.ssd_heads && !cfg.ssd_head_dim) {
        for (l = 0; l < cfg.n_layers && cfg.layer_seq[l] != WM_SEQ_SSD; l++) {}
        {
            char nm[96];
            wm__tensor *t;
            wm__fmt(nm, sizeof nm, "model.layers.%d.ssd.x_proj.weight", l);
            t = wm__find(m, nm);
            m->cfg.ssd_head_dim = cfg.hidden_size / cfg.ssd_heads;
            if (t && t->ndim == 2 && t->shape[0] % (uint64_t)cfg.ssd_heads == 0 && t->shape[0] / (uint64_t)cfg.ssd_heads <= WM__MAX_DIM &&
                t->shape[0] > 0)
                m->cfg.ssd_head_dim = (int)(t->shape[0] / (uint64_t)cfg.ssd_heads);
        }
        if ((st = wm__cfg_bounds(&m->cfg, err)) != WM_OK) return st;
    }
    /* pass 3: bind, measuring the copies; then for real */
    b.m = m; b.src = src; b.err = err; b.st = WM_OK;
    {
        wm__arena meas = a;
        meas.base = NULL;
        b.a = &meas;
        b.measure = 1;
        if (!wm__plan(&m->cfg, NULL, wm__bind, &b)) return b.st;
        *need = meas.used + nf;
        *exact = 1;
        if (meas.used > a.cap)
            return wm__fail(err, WM_ERR_ARENA,
                            "model: buffer of %zu bytes is too small: the model needs %zu bytes from a %d-byte aligned start "
                            "(this buffer starts %zu bytes before one)", cap, meas.used, WM__ALIGN, nf);
    }
    for (k = 0; k < n_t; k++) m->tensors[k].used = 0;
    b.a = &a;
    b.measure = 0;
    if (!wm__plan(&m->cfg, m, wm__bind, &b)) return b.st;
    /* derived facts */
    if (!m->lm_head.data) m->lm_head = m->embed;
    if (m->cfg.model_type == WM_MODEL_CHEEMS) m->num_keys = wm__isqrt(m->cfg.cdmoe_experts);
    if (m->cfg.model_type == WM_MODEL_DOGE) m->num_keys = wm__isqrt(m->cfg.n_experts);
    for (l = 0; l < m->cfg.n_layers; l++) {
        if (m->layers[l].seq == WM_SEQ_ATTN || m->layers[l].seq == WM_SEQ_DOGE_ATTN) m->has_attn = 1;
        if (m->layers[l].seq == WM_SEQ_MAMBA2) wm__mamba_slices(&m->cfg, &m->layers[l]);
    }
    m->bytes_used = a.used;
    *out = m;
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_model_init(wm_model **out, const wm_model_source *src, void *mem, size_t mem_bytes, wm_error *err) {
    size_t need;
    int exact;
    if (out) *out = NULL;
    if (!mem) return wm__fail(err, WM_ERR_INVALID_ARG, "model: memory is NULL");
    return wm__model_build(out, src, mem, mem_bytes, &need, &exact, err);
}

WMDEF size_t wm_model_bytes_used(const wm_model *m) { return m ? m->bytes_used : 0; }
WMDEF const wm_config *wm_model_config(const wm_model *m) { return m ? &m->cfg : NULL; }
WMDEF int wm_model_n_tensors(const wm_model *m) { return m ? m->n_tensors : 0; }

WMDEF wm_status wm_model_tensor(const wm_model *m, int i, wm_tensor_info *info) {
    const wm__tensor *t;
    int d;
    if (!m || !info || i < 0 || i >= m->n_tensors) return WM_ERR_INVALID_ARG;
    t = &m->tensors[i];
    info->name = t->name;
    info->dtype = wm__dtypes[t->dtype].name;
    info->ndim = t->ndim;
    for (d = 0; d < 8; d++) info->shape[d] = d < t->ndim ? t->shape[d] : 0;
    info->data = t->data;
    info->size_bytes = t->end - t->begin;
    info->used = t->used;
    return WM_OK;
}

WMDEF uint64_t wm_model_n_params(const wm_model *m) {
    uint64_t n = 0;
    int i;
    for (i = 0; m && i < m->n_tensors; i++)
        if (m->tensors[i].used) n += (uint64_t)((m->tensors[i].end - m->tensors[i].begin) / (size_t)wm__dtypes[m->tensors[i].dtype].size);
    return n;
}

WMDEF uint64_t wm_model_weight_bytes(const wm_model *m) {
    uint64_t n = 0;
    int i;
    for (i = 0; m && i < m->n_tensors; i++)
        if (m->tensors[i].used) n += (uint64_t)(m->tensors[i].end - m->tensors[i].begin);
    return n;
}

#ifndef WM_NO_MALLOC
static void wm__model_release(wm_model *m) {
    int i;
    void **files = m->owned_files;
    int n = m->n_owned_files;
    void *owned = m->owned;
    for (i = 0; i < n; i++) WM_FREE(files[i]);
    if (files) WM_FREE(files);
    WM_FREE(owned);
}

WMDEF wm_status wm_model_open(wm_model **out, const wm_model_source *src, wm_error *err) {
    size_t need = 0, cap = 0;
    int exact = 0, tries;
    wm_status st = WM_ERR_ARENA;
    if (out) *out = NULL;
    wm__model_build(out, src, NULL, 0, &need, &exact, NULL); /* directory size */
    if (need == 0) return wm__model_build(out, src, NULL, 0, &need, &exact, err); /* the real error */
    for (tries = 0; tries < 3 && st == WM_ERR_ARENA; tries++) {
        void *mem;
        cap = need + WM__ALIGN;
        mem = WM_MALLOC(cap);
        if (!mem) return wm__fail(err, WM_ERR_NOMEM, "model: cannot allocate %zu bytes", cap);
        st = wm__model_build(out, src, mem, cap, &need, &exact, err);
        if (st == WM_OK) { (*out)->owned = mem; return WM_OK; }
        WM_FREE(mem);
        if (st == WM_ERR_ARENA && !exact) break;
    }
    return st;
}

WMDEF void wm_model_free(wm_model *m) {
    if (m && m->owned) wm__model_release(m);
}
#endif

/* ========================================================================
   Random checkpoints (benchmarks and tests): the plan, drawn from a seeded
   xoshiro256** stream, written as safetensors.
   ======================================================================== */

typedef struct wm__rng {
    uint64_t s[4];
    int has_spare;
    double spare;
} wm__rng;

static uint64_t wm__rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t wm__rng_next(wm__rng *r) {
    uint64_t res = wm__rotl(r->s[1] * 5, 7) * 9, t = r->s[1] << 17;
    r->s[2] ^= r->s[0]; r->s[3] ^= r->s[1]; r->s[1] ^= r->s[2]; r->s[0] ^= r->s[3];
    r->s[2] ^= t; r->s[3] = wm__rotl(r->s[3], 45);
    return res;
}

static void wm__rng_seed(wm__rng *r, uint64_t seed) {
    int i;
    for (i = 0; i < 4; i++) { /* splitmix64 */
        uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        r->s[i] = z ^ (z >> 31);
    }
    r->has_spare = 0;
}

static double wm__rng_uniform(wm__rng *r) { return (double)(wm__rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

static double wm__rng_normal(wm__rng *r) {
    double u, v, s;
    if (r->has_spare) { r->has_spare = 0; return r->spare; }
    do {
        u = 2.0 * wm__rng_uniform(r) - 1.0;
        v = 2.0 * wm__rng_uniform(r) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    s = sqrt(-2.0 * log(s) / s);
    r->spare = v * s;
    r->has_spare = 1;
    return u * s;
}

typedef struct wm__writer {
    const wm_config *cfg;
    unsigned char *buf; /* NULL: size only */
    size_t hdr_len, hdr_pos, data_pos, n_tensors;
    int dtype, esz, pass;
    wm__rng rng;
} wm__writer;

static void wm__w_text(wm__writer *w, const char *s) {
    size_t n = strlen(s);
    if (w->buf && w->pass == 1) memcpy(w->buf + 8 + w->hdr_pos, s, n);
    w->hdr_pos += n;
}

static float wm__draw(wm__writer *w, const wm__need *n, size_t k) {
    wm__rng *r = &w->rng;
    switch (n->init) {
    case WM__INIT_ALOG: return (float)log(wm__rng_uniform(r) * 0.95 + 0.05);
    case WM__INIT_DTB_CHEEMS: return (float)log(expm1(wm__rng_uniform(r) * 0.5 + 0.05));
    case WM__INIT_DTB_MAMBA: return (float)log(expm1(wm__rng_uniform(r) * 0.45 + 0.05));
    case WM__INIT_DYNMASK: {
        double v = 1.0 + 0.3 * wm__rng_normal(r);
        if (wm__rng_uniform(r) < 0.15) v = 0.0;
        if (k % (size_t)n->shape[1] == 0) v = 1.0; /* every query keeps position 0 */
        return (float)v;
    }
    default: return (float)(n->mean + n->scale * wm__rng_normal(r));
    }
}

static int wm__write_need(void *ctx, const wm__need *n) {
    wm__writer *w = (wm__writer *)ctx;
    char tmp[160];
    size_t nel = 1, k;
    int i;
    if (!n->in_random) return 1;
    for (i = 0; i < n->ndim; i++) nel *= (size_t)n->shape[i];
    wm__w_text(w, ",\"");
    wm__w_text(w, n->name);
    wm__w_text(w, "\":{\"dtype\":\"");
    wm__w_text(w, wm__dtypes[n->kind == WM__VECTOR ? WM_F32 : w->dtype].name);
    wm__w_text(w, "\",\"shape\":[");
    for (i = 0; i < n->ndim; i++) {
        wm__fmt(tmp, sizeof tmp, i ? ",%llu" : "%llu", (unsigned long long)n->shape[i]);
        wm__w_text(w, tmp);
    }
    {
        size_t esz = n->kind == WM__VECTOR ? 4 : (size_t)w->esz;
        wm__fmt(tmp, sizeof tmp, "],\"data_offsets\":[%zu,%zu]}", w->data_pos, w->data_pos + nel * esz);
        wm__w_text(w, tmp);
        if (w->buf && w->pass == 1) {
            unsigned char *dst = w->buf + 8 + w->hdr_len + w->data_pos;
            for (k = 0; k < nel; k++) {
                float v = wm__draw(w, n, k);
                if (esz == 4) memcpy(dst + 4 * k, &v, 4);
                else {
                    uint16_t h = w->dtype == WM_BF16 ? wm__f32_to_bf16(v) : wm__f32_to_f16(v);
                    memcpy(dst + 2 * k, &h, 2);
                }
            }
        }
        w->data_pos += nel * esz;
    }
    w->n_tensors++;
    return 1;
}

WMDEF wm_status wm_random_checkpoint(const wm_config *cfg, uint64_t seed, int dtype, void *buf, size_t cap, size_t *size,
                                     wm_error *err) {
    wm__writer w;
    wm_config c;
    int pass;
    if (!cfg || !size) return wm__fail(err, WM_ERR_INVALID_ARG, "random: cfg and size are required");
    if (dtype != WM_F32 && dtype != WM_F16 && dtype != WM_BF16) return wm__fail(err, WM_ERR_INVALID_ARG, "random: dtype must be F32, F16 or BF16");
    c = *cfg;
    if (c.model_type == WM_MODEL_CHEEMS && c.ssd_heads && !c.ssd_head_dim) {
        if (c.hidden_size % c.ssd_heads)
            return wm__fail(err, WM_ERR_CONFIG, "random: hidden_size %d is not a multiple of ssd_num_heads %d (set ssd_head_dim)",
                            c.hidden_size, c.ssd_heads);
        c.ssd_head_dim = c.hidden_size / c.ssd_heads;
    }
    memset(&w, 0, sizeof w);
    w.cfg = &c;
    w.dtype = dtype;
    w.esz = dtype == WM_F32 ? 4 : 2;
    for (pass = 0; pass < 2; pass++) {
        w.pass = pass;
        w.hdr_pos = 0;
        w.data_pos = 0;
        w.n_tensors = 0;
        wm__rng_seed(&w.rng, seed);
        wm__w_text(&w, "{\"__metadata__\":{\"format\":\"pt\"}");
        wm__plan(&c, NULL, wm__write_need, &w);
        wm__w_text(&w, "}");
        if (pass == 0) {
            size_t total;
            w.hdr_len = (w.hdr_pos + 7) & ~(size_t)7;
            total = 8 + w.hdr_len + w.data_pos;
            *size = total;
            if (!buf) { wm__ok(err); return WM_OK; }
            if (cap < total) return wm__fail(err, WM_ERR_ARENA, "random: buffer of %zu bytes is too small (%zu needed)", cap, total);
            w.buf = (unsigned char *)buf;
        }
    }
    {
        size_t k;
        uint64_t n = w.hdr_len;
        for (k = 0; k < 8; k++) w.buf[k] = (unsigned char)(n >> (8 * k));
        for (k = w.hdr_pos; k < w.hdr_len; k++) w.buf[8 + k] = ' ';
    }
    wm__ok(err);
    return WM_OK;
}

/* ========================================================================
   stdio helpers: a checkpoint directory from files
   ======================================================================== */
#if !defined(WM_NO_STDIO) && !defined(WM_NO_MALLOC)
#include <errno.h>
#include <stdio.h>

/* Reads a whole file into a WM_MALLOC'd buffer. */
static wm_status wm__read_file(const char *path, void **out, size_t *size, wm_error *err) {
    FILE *f = fopen(path, "rb");
    long n;
    unsigned char *buf;
    size_t got;
    *out = NULL;
    *size = 0;
    if (!f) return wm__fail(err, WM_ERR_IO, "%s: cannot open (%s)", path, strerror(errno));
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return wm__fail(err, WM_ERR_IO, "%s: cannot find its size", path);
    }
    if ((unsigned long)n > (unsigned long)((size_t)-1 - 1)) {
        fclose(f);
        return wm__fail(err, WM_ERR_NOMEM, "%s: too large for this machine", path);
    }
    buf = (unsigned char *)WM_MALLOC((size_t)n + 1);
    if (!buf) {
        fclose(f);
        return wm__fail(err, WM_ERR_NOMEM, "%s: cannot allocate %zu bytes", path, (size_t)n);
    }
    got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    if (got != (size_t)n) {
        WM_FREE(buf);
        return wm__fail(err, WM_ERR_IO, "%s: read %zu of %zu bytes", path, got, (size_t)n);
    }
    buf[n] = 0;
    *out = buf;
    *size = (size_t)n;
    return WM_OK;
}

static void wm__path(char *buf, size_t cap, const char *dir, const char *name) {
    size_t n = strlen(dir);
    wm__fmt(buf, cap, (n && (dir[n - 1] == '/' || dir[n - 1] == '\\')) ? "%s%s" : "%s/%s", dir, name);
}

WMDEF wm_status wm_model_load(wm_model **out, const char *dir, wm_error *err) {
    char path[4096], *names = NULL;
    void *cfg = NULL, *index = NULL, **bufs = NULL;
    size_t cfg_n, index_n = 0;
    wm_blob *blobs = NULL;
    wm_model_source src;
    wm_status st;
    int n = 0, i;
    FILE *probe;
    if (out) *out = NULL;
    if (!out || !dir) return wm__fail(err, WM_ERR_INVALID_ARG, "model: out and dir are required");
    if (strlen(dir) > 3000) return wm__fail(err, WM_ERR_INVALID_ARG, "model: directory path too long");
    wm__path(path, sizeof path, dir, "config.json");
    if ((st = wm__read_file(path, &cfg, &cfg_n, err)) != WM_OK) return st;
    wm__path(path, sizeof path, dir, "model.safetensors.index.json");
    probe = fopen(path, "rb");
    if (probe) {
        const char *e, *p, *wmap, *k, *v;
        wm__jit it;
        size_t total = 0;
        fclose(probe);
        if ((st = wm__read_file(path, &index, &index_n, err)) != WM_OK) goto done;
        e = (const char *)index + index_n;
        p = wm__j_value((const char *)index, e, WM__JSON_DEPTH);
        wmap = p && wm__j_ws(p, e) == e ? wm__j_get(wm__j_ws((const char *)index, e), e, "weight_map") : NULL;
        if (!wmap || *wmap != '{') {
            st = wm__fail(err, WM_ERR_FORMAT, "%s: not JSON with a weight_map object", path);
            goto done;
        }
        /* distinct shard names, in order of first mention */
        names = (char *)WM_MALLOC(index_n + 1);
        bufs = (void **)WM_MALLOC(sizeof(void *) * 4096);
        blobs = (wm_blob *)WM_MALLOC(sizeof(wm_blob) * 4096);
        if (!names || !bufs || !blobs) { st = wm__fail(err, WM_ERR_NOMEM, "model: out of memory"); goto done; }
        wm__j_iter(&it, wmap, e);
        while (wm__j_next(&it, &k, &v)) {
            char *nm = names + total;
            size_t len;
            int seen = 0;
            if (*v != '"') { st = wm__fail(err, WM_ERR_FORMAT, "%s: weight_map values must be file names", path); goto done; }
            len = wm__j_str(v, e, nm, index_n + 1 - total);
            if (len == 0 || strchr(nm, '/') || strchr(nm, '\\') || !strcmp(nm, "..") || !strcmp(nm, ".")) {
                st = wm__fail(err, WM_ERR_FORMAT, "%s: shard name '%s' is not a plain file name", path, nm);
                goto done;
            }
            for (i = 0; i < n; i++) seen |= !strcmp(blobs[i].name, nm);
            if (seen) continue;
            if (n >= 4096) { st = wm__fail(err, WM_ERR_FORMAT, "%s: more than 4096 shards", path); goto done; }
            blobs[n].name = nm;
            total += len + 1;
            bufs[n++] = NULL;
        }
        if (n == 0) { st = wm__fail(err, WM_ERR_FORMAT, "%s: weight_map is empty", path); goto done; }
        for (i = 0; i < n; i++) {
            wm__path(path, sizeof path, dir, blobs[i].name);
            if ((st = wm__read_file(path, &bufs[i], &blobs[i].size, err)) != WM_OK) goto done;
            blobs[i].data = bufs[i];
        }
    } else {
        bufs = (void **)WM_MALLOC(sizeof(void *));
        blobs = (wm_blob *)WM_MALLOC(sizeof(wm_blob));
        if (!bufs || !blobs) { st = wm__fail(err, WM_ERR_NOMEM, "model: out of memory"); goto done; }
        wm__path(path, sizeof path, dir, "model.safetensors");
        if ((st = wm__read_file(path, &bufs[0], &blobs[0].size, err)) != WM_OK) goto done;
        blobs[0].data = bufs[0];
        blobs[0].name = "model.safetensors";
        n = 1;
    }
    src.config_json = (const char *)cfg;
    src.config_bytes = cfg_n;
    src.files = blobs;
    src.n_files = n;
    st = wm_model_open(out, &src, err);
    if (st == WM_OK && index) { /* every tensor the index names must be in that shard */
        const char *e = (const char *)index + index_n, *k, *v;
        wm__jit it;
        wm__j_iter(&it, wm__j_get(wm__j_ws((const char *)index, e), e, "weight_map"), e);
        while (st == WM_OK && wm__j_next(&it, &k, &v)) {
            char tn[256], fn[256];
            wm__tensor *t;
            wm__j_str(k, e, tn, sizeof tn);
            wm__j_str(v, e, fn, sizeof fn);
            tn[255] = fn[255] = 0;
            t = wm__find(*out, tn);
            if (!t || strcmp(blobs[t->file].name, fn))
                st = wm__fail(err, WM_ERR_FORMAT, "model.safetensors.index.json: tensor '%s' is not in %s", tn, fn);
        }
        if (st != WM_OK) { wm_model_free(*out); *out = NULL; }
    }
    if (st == WM_OK) { /* the model keeps the shard buffers */
        (*out)->owned_files = bufs;
        (*out)->n_owned_files = n;
        bufs = NULL;
    }
done:
    if (bufs) {
        for (i = 0; i < n; i++) if (bufs[i]) WM_FREE(bufs[i]);
        WM_FREE(bufs);
    }
    if (blobs) WM_FREE(blobs);
    if (names) WM_FREE(names);
    if (index) WM_FREE(index);
    if (cfg) WM_FREE(cfg);
    return st;
}
#endif /* stdio */

#endif /* WM__IMPLEMENTATION_DONE */
#endif /* WM_IMPLEMENTATION */

/*
   LICENSE (MIT)

   Copyright (c) 2026 the wm.h authors

   Permission is hereby granted, free of charge, to any person obtaining a
   copy of this software and associated documentation files (the "Software"),
   to deal in the Software without restriction, including without limitation
   the rights to use, copy, modify, merge, publish, distribute, sublicense,
   and/or sell copies of the Software, and to permit persons to whom the
   Software is furnished to do so, subject to the following conditions:

   The above copyright notice and this permission notice shall be included in
   all copies or substantial portions of the Software.

   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
   IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
   FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
   AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
   LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
   FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
   DEALINGS IN THE SOFTWARE.
*/
