/* wm.h - v0.1.0 - Wonderful Matrices language models on the CPU, one header.

   Runs the `cheems` seed architecture (RoPE, chunked SSD scan, InnerFuncAttn
   with dynamic mask, CDMoE), transformers' `doge` (DogeForCausalLM) and
   `mamba2` (Mamba2ForCausalLM) checkpoints, `rodimus` (codefuse-ai's
   Rodimus and Rodimus+, SW-SKA with a ring-buffer cache) and `mcsd` (the
   seed papers' multi-channel slope and decay model), from safetensors or GGUF (F32,
   F16, BF16 and llama.cpp's Q8_0, Q4_0, Q4_K, Q6_K). C99, libc + libm only.

   Do this:
      #define WM_IMPLEMENTATION
   before you include this file in *one* C or C++ file to create the
   implementation. Every other file includes it without the define.

   CONTENTS (grep a tag to reach its section; sizes in lines, kept true by
   tools/contents.py and checked by make test). The implementation reads top
   to bottom in data-flow order: numbers and kernels, the layers, config and
   models, the session, the file formats, the tokenizer, generation.
   Inside @KERNELS, @SIMD marks the one SIMD mapping (AVX2, NEON, Helium).

      tag            lines  section
      @API             595  Public interface
      @BASICS          285  Implementation basics
      @TYPES          1288  Tensor types
      @KERNELS        1989  Kernels
      @STRUCTS          77  Model and session structures
      @PLAN             73  Module descriptions
      @LAYERS         1823  Layers, in data-flow order
      @JSON            307  JSON: a validating reader that never allocates
      @CONFIG          371  config.json
      @MODELS          270  Models
      @SESSION         584  Session
      @SAFETENSORS     214  safetensors
      @GGUF            495  GGUF reader (v2 and v3, llama.cpp's file format)
      @GGUF_WRITE      570  GGUF writing
      @TENSOR_PLAN      29  The tensor plan
      @BIND            510  Binding the plan to the directory, building the model
      @RANDOM          161  Random checkpoints (benchmarks and tests)
      @TOKENIZER      3278  Tokenizer
      @SAMPLING        132  Sampling
      @SAVE            150  Session save / restore
      @GENERATE        212  Generation and chat templates
      @STDIO           410  stdio helpers
      @UNICODE        2508  Unicode tables and their lookups (an appendix)

   EXTENDING (every place each kind of addition touches)

      A model type (config.json's model_type):
        @API       a WM_MODEL_* value; wm_config fields it adds
        @CONFIG    its reader wm__cfg_<type>(): its fields, then each layer's
                   layer_seq / layer_state
        @MODELS    wm__stack_<type>() (a layer's norm and module tensors) and
                   its row of wm__model_types (name, reader, the modules its
                   layers may hold, tie default, embedding / layer prefix /
                   final norm names, stacking)
        modules it lacks: as below; tests: tests/fixtures/<name>/ (config.json,
        model.safetensors, ref.safetensors from the float64 reference) and its
        name in test_fixtures (tests/test.c)
      A module (what a layer's sequence or state slot runs):
        @API       a WM_SEQ_* or WM_STATE_* value (its row of wm__modules)
        @LAYERS    a subsection: its weights wm__<m>_w and wm__<m>_check,
                   _plan, _lstate and _lstate_floats (when it keeps session
                   state), _scratch, the run function wm__<m>_module,
                   _decode_bytes; a loop to thread: a task wm__<m>_*_task
                   (per-thread scratch by its worker) run by wm__pfor
        @MODELS    wm__<m>_w in the wm__layer union of its slot, its row of
                   wm__modules, its bit in the model types that may use it
        @CONFIG    readers of the config fields it adds
      A tensor type:
        @API       a WM_* id after WM_Q6_K (types computed with come first)
        @TYPES     its block layout in the comment there, wm__deq_<t>,
                   wm__quant_<t>, for a quantized type wm__qdot_<t> (the
                   reference dot against int8 activations), and its row of
                   wm__types at its id (its named-only row goes); then
                   wm_quantize, wm_dequantize, binding, the kernels and GGUF
                   reading and writing take it from the row
        @SIMD      optional: its case in wm__qw8_unpack and wm__qw8_dot, and
                   simd 1 in its row (wm__v_qdot's generic loop and
                   wm__v_qdot4 then run it; a streaming loop of its own in
                   wm__v_qdot is optional)
        tests: its blocks in tools/gen_quant_cases.py (independent of wm.h)
      A SIMD ISA:
        @BASICS    its detection (compiler macros -> WM__<ISA>, WM__SIMD) and
                   the intrinsics header
        @SIMD      one block of the mapping: wm__vf, WM__VL, the WM__V_*
                   operations and loads (F32, F16, BF16), wm__v_hsum; the
                   int8 part: wm__vb, wm__vs, wm__vd, wm__vq8, wm__vsc16 /
                   wm__vsc with their operations, wm__v_round_q8,
                   wm__v_deq_q8_0, wm__vq8_h8
        @TYPES     wm__h, when the ISA converts half precision itself
        Makefile: a cross build whose make test runs under an emulator (as
        test-neon does); every SIMD body must equal the scalar reference
      A tokenizer feature (tokenizer.json):
        @TOKENIZER its scan (wm__tok_scan_norm, _pre or _dec, whose refusal
                   lists what wm.h reads), its step kind (WM__OP_* normalizer,
                   WM__PS_* pre-tokenizer) and where it applies
                   (wm__strop_apply, wm__pre_step, wm_detokenize); a GGUF
                   pre-tokenizer name: wm__gg_pre_kind
        @UNICODE   a new character set: its table (tools/gen_unicode.py) and
                   WM__UC_* row in wm__uc_in
        tests: tests/fixtures/tok/ (tools/gen_tok_cases.js: the tokenizers
        library's ids) and test_tokenizer_cases
      A target board (firmware, examples/firmware/):
        <board>.ld (its flash and RAM; includes common.ld), board.c where its
        start-up or console differ, Makefile: FW_<board> (CPU flags) and its
        build/firmware/<board>-%.elf rule in FW_ELFS, tests/firmware.sh (its
        QEMU machine); the library itself needs nothing (WM_NO_MALLOC,
        WM_NO_STDIO, WM_WEIGHTS_IN_PLACE and `wm plan` serve every board)

   QUICK START

      wm_model *m; wm_tokenizer *t; wm_session *s; wm_error e;
      if (wm_model_load(&m, "path/to/model_dir", &e) != WM_OK ||
          wm_tokenizer_load(&t, "path/to/model_dir/tokenizer.json", &e) != WM_OK) {
          fprintf(stderr, "%s\n", e.message); return 1;
      }
      wm_session_params p = wm_session_default_params(m);
      wm_session_create(&s, m, &p, &e);
      wm_sampler smp = wm_sampler_default();       (greedy; set temperature, top_p, ...)
      float *logits = malloc(sizeof(float) * wm_model_config(m)->vocab_size);
      wm_generate(s, t, &smp, logits, "Once upon", 9, NULL, on_token, NULL, NULL);
                                                   (NULL: wm_generate_default_params)
      (or by hand: wm_tokenize, wm_prefill(s, ids, n, logits, WM_LOGITS_LAST),
       wm_sample, wm_decode(s, token, logits): one token, O(1) SSD state)
      wm_session_free(s); wm_tokenizer_free(t); wm_model_free(m);

   CONFIGURATION MACROS (define before the implementation include)

      macro              default        meaning
      WM_STATIC          undefined      all functions `static` (private copy per file)
      WM_MALLOC(n)       malloc(n)      allocator of the convenience functions;
      WM_FREE(p)         free(p)        define both or neither
      WM_NO_MALLOC       undefined      no allocator: only the caller-memory API
      WM_NO_STDIO        undefined      no <stdio.h>: no wm_model_load (files)
      WM_NO_SIMD         undefined      compile only the scalar kernels
      WM_NO_THREADS      undefined      leave out the pool of POSIX threads
                                        (wm_pool; on by itself on Unix hosts
                                        with malloc)
      WM_WEIGHTS_IN_PLACE undefined     never copy a weight matrix into RAM: a
                                        misaligned one fails the load instead
                                        (weights executed from flash)
      WM_FLOAT_MATH      (see right)    single precision in the inference path
                                        (RoPE angles); on by itself on Arm
                                        and RISC-V targets without a
                                        double-precision FPU
      WM_NO_MMAP         undefined      wm_model_load reads weight files instead of
                                        mapping them (mmap needs POSIX visible:
                                        _POSIX_C_SOURCE, or GNU C's default)
      WM_NO_HUGEPAGES    undefined      wm_model_load: no madvise(MADV_HUGEPAGE) on
                                        weight buffers (Linux, default allocator,
                                        _DEFAULT_SOURCE visible)
      WM_ASSERT(x)       (void)0        internal invariants (never file checks)
      WM_MAX_LAYERS      256            most layers a config may declare
      WM_TOKENIZER_STACK_WORD  64       words up to this many bytes are BPE-merged
                                        with stack scratch, longer ones with WM_MALLOC
      WM_TOKENIZER_STACK_NORM  1024     NFC/NFKC-normalized text up to this many bytes
                                        on the stack, longer with WM_MALLOC
      WM_NO_UNICODE_NORM undefined      leave out the NFC/NFKC tables (107 KB): such
                                        tokenizers are then refused at load
      WM_ARENA_REDZONE   0              debugging: bytes left (and, under ASan,
                                        poisoned) between arena buffers

   MEMORY

      The caller owns memory. A model is built from caller buffers that hold
      config.json and the safetensors files: weights are used in place (F32,
      F16 and BF16 alike; a tensor whose address is not a multiple of its
      element size is copied once). wm_model_init() lays the model's own small
      data (layer table, F32 copies of norms/biases, tensor directory) into a
      caller buffer of wm_model_bytes(); wm_model_open()/wm_model_load() do
      the same with WM_MALLOC. A wm_generate() call takes its buffers from
      params.work (wm_generate_bytes() long) or WM_MALLOC. A session (KV cache of attention layers, the O(1) SSD and
      conv states, scratch) needs exactly wm_session_bytes() bytes, measured
      from a 64-byte aligned start; wm_session_init() runs inside a buffer of
      that size and refuses a smaller one. Every one of these sizes is the
      same number on a 32-bit target as on a 64-bit host (structs take fixed
      slots), so a host tool can plan a microcontroller's memory (`wm plan`
      prints them as a C header; examples/firmware builds on it).

   ERRORS

      Every call that can fail returns a wm_status (WM_OK = 0, errors < 0).
      Object constructors fill an optional wm_error with a message naming the
      file, tensor and offset; a session keeps its last message, read with
      wm_session_error(). The library never prints, exits or aborts.

   SIMD AND THREADS

      Kernels have a scalar reference plus AVX2+FMA+F16C (x86-64), NEON
      (aarch64) and Helium (Arm MVE with floats: Cortex-M55, M85) bodies.
      On x86-64 with GCC or Clang the AVX2 bodies are compiled with target
      attributes and chosen at run time (cpuid), so a plain build runs on
      any x86-64 CPU; built with -mavx2 -mfma the program assumes them.
      NEON and Helium are chosen at compile time; on aarch64 Linux the
      integer dots also have an Armv8.2 sdot version (WM_ISA_NEON_DOT),
      run where the kernel's hwcaps report it. A session runs the best
      ISA here (wm_isa_best) or the one wm_session_params.isa pins
      (WM_ISA_SCALAR: the references); WM_NO_SIMD builds only the
      references, WM_NO_DISPATCH no run-time choice.
      A session runs its outer loops on n_threads threads (0: all cores)
      through a parallel-for: a host's own (wm_session_params.parallel_for:
      an RTOS's cores, an existing pool), else wm.h's pool of POSIX threads
      (wm_session_create makes one; wm_pool_create for wm_session_init),
      else OpenMP when built with it, else none. Pool workers persist and
      wait by spinning briefly, then sleeping; items are claimed one at a
      time, so a descheduled worker leaves its share to the others. Outputs
      keep their summation order: results do not depend on the threads.
      WM_NO_THREADS leaves the pool out.
      A model is read-only once built: any number of sessions may share it,
      each used by one caller thread at a time.

   CHECKPOINTS

      A Hugging Face style directory: config.json and model.safetensors, or
      shards listed by model.safetensors.index.json. The safetensors reader
      is strict: header length bound, JSON header, known dtypes, offsets that
      tile the data section exactly, sizes that match dtype x shape, no
      duplicate names. Or one GGUF file (a wm_model_source with no config and
      that file): the config comes from its wm.config_json key, or from
      llama.cpp's mamba2.* keys (its tensor names are mapped); read as
      strictly (bounded counts and strings, unique keys and names, known
      types, aligned offsets inside the data section). Tensors may be F32,
      F16, BF16, or (GGUF) Q8_0, Q4_0, Q4_K, Q6_K in llama.cpp's block
      layouts, all used in place. Quantized matrices multiply activations
      quantized per 32 with integer dots whose SIMD bodies equal the scalar
      reference bit for bit. Attention layers may keep their KV cache as
      F32 (exact), F16 or Q8_0 (wm_session_params.cache_type). Numbers are
      read as little-endian, the byte order of every target wm.h builds for.

   TOKENIZER AND GENERATION

      tokenizer.json BPE tokenizers, byte-level (GPT-2, Llama-3, Qwen,
      DeepSeek-V3) or SentencePiece-style (Llama-2), with their normalizers
      (NFC, NFKC, Lowercase, Prepend, Replace, Strip), pre-tokenizers, added
      tokens, templates and decoders, or built from a llama.cpp GGUF's
      tokenizer.ggml.* keys; token for token equal to the tokenizers library
      on its fixtures; top-k choices everywhere follow
      torch.topk, ties included. Sampling (temperature, top-k, top-p, min-p,
      repetition penalty) draws from a seeded xoshiro256** stream; streamed
      text is always whole UTF-8 characters. Sessions save to and restore from
      a buffer or a file (position, KV cache, SSD/conv states, sampler, last
      logits).
*/
/* ========================================================================
   [@API] Public interface. Types, status codes, every wm_* declaration
   ======================================================================== */
#ifndef WM_H_INCLUDE
#define WM_H_INCLUDE

#include <stddef.h>
#include <stdint.h>

#define WM_VERSION_MAJOR 0
#define WM_VERSION_MINOR 1
#define WM_VERSION_PATCH 0
#define WM_VERSION_STRING "0.1.0"

/* hot helpers of the kernels, inlined where the compiler can be told */
#if defined(__GNUC__) || defined(__clang__)
#define WM__INLINE __inline__ __attribute__((always_inline))
#else
#define WM__INLINE
#endif

/* a function the includer may not call (WM_STATIC API, test-only references) */
#if defined(__GNUC__) || defined(__clang__)
#define WM__UNUSED __attribute__((unused))
#else
#define WM__UNUSED
#endif

#ifndef WMDEF
#ifdef WM_STATIC
#define WMDEF static WM__UNUSED
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
    X(WM_ERR_TOKEN,        -11, "token id out of range")                     \
    X(WM_ERR_NUMERIC,      -12, "no logit is a number")

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
    WM_MODEL_CHEEMS = 1, /* the seed architecture of the Wonderful Matrices paper */
    WM_MODEL_DOGE = 2,   /* transformers' DogeForCausalLM */
    WM_MODEL_MAMBA2 = 3, /* transformers' Mamba2ForCausalLM */
    WM_MODEL_MCSD = 4,   /* the multi-channel slope and decay model of the seed papers */
    WM_MODEL_RODIMUS = 5 /* codefuse-ai's RodimusForCausalLM, block_type "rodimus" or "rodimus_plus" */
} wm_model_type;

/* Sequence module of a layer (cheems layers_type; doge: attention; mamba2: mixer). */
enum { WM_SEQ_NONE = 0, WM_SEQ_SSD = 1, WM_SEQ_ATTN = 2, WM_SEQ_DOGE_ATTN = 3, WM_SEQ_MAMBA2 = 4, WM_SEQ_MCSD = 5, WM_SEQ_RODIMUS = 6 };
/* State module of a layer (rodimus_plus: SW-SKA + FFN, windowed or not). */
enum { WM_STATE_NONE = 0, WM_STATE_MLP = 1, WM_STATE_CDMOE = 2, WM_STATE_DOGE_MOE = 3, WM_STATE_SWSKA = 4, WM_STATE_SWSKA_FULL = 5 };
enum { WM_ACT_SILU = 0, WM_ACT_GELU = 1, WM_ACT_RELU = 2, WM_ACT_GELU_TANH = 3 };
enum { WM_ROPE_DEFAULT = 0, WM_ROPE_LINEAR = 1, WM_ROPE_DYNAMIC = 2 };
/* Tensor element types: F32, F16, BF16 (safetensors and GGUF) and llama.cpp's
   quantized blocks (GGUF): Q8_0, Q4_0 (32 weights a block), Q4_K, Q6_K (256). */
enum {
    WM_F32 = 0, WM_F16 = 1, WM_BF16 = 2, WM_Q8_0 = 3, WM_Q4_0 = 4, WM_Q4_K = 5, WM_Q6_K = 6,
    WM_Q4_1 = 7, WM_Q5_0 = 8, WM_Q5_1 = 9, WM_Q2_K = 10, WM_Q3_K = 11, WM_Q5_K = 12, WM_IQ4_NL = 13, WM_IQ4_XS = 14
};
#define WM_TYPES_COMPUTED 15 /* the ids above: every type wm.h computes with */

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
    float embed_scale;             /* the embedding rows times this (rodimus use_scale_embedding: sqrt(mem_size)) */
    int embed_norm;                /* then an RMSNorm (rodimus use_norm_embedding: model.embed_norm.weight) */
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
    int norm_groups;               /* the gated RMSNorm over I / norm_groups channels at a time: 1 in
                                      transformers, n_groups in mamba_ssm and llama.cpp (config key
                                      "gated_norm_groups", which wm.h adds; llama.cpp GGUFs imply it) */
    float dt_min, dt_max;          /* time_step_limit */
    /* optional biases a random checkpoint of this config carries */
    int bias_proj, bias_mlp, bias_conv;
    /* mcsd */
    int mcsd_channels, mcsd_concat; /* C (divides hidden_size); 1: concat fusion [T][2D], 0: add */
    float mcsd_slope_exp, mcsd_decay_off; /* slope beta_c = 2^(-e (c+1) / C), decay alpha_c = 1 - 2^(-o - c) */
    /* rodimus (conv_kernel above is its ShortConv length) */
    int rod_inner, rod_mem, rod_rank; /* Di = align8(D expand_ratio), n = mem_size, l: the input gate's low rank */
    float rod_k_eps;                  /* the L2 normalisation of k (normalize_epsilon) */
    /* rodimus_plus SW-SKA (H = n_heads, Hk = n_kv_heads, head_dim, base rope_theta) and FFN (intermediate_size) */
    int ska_v_heads;                  /* Hv */
    int ska_window;                   /* keys a query sees: window_size // 2 + 1 (itself included); 0: all before it */
    int ska_rot_dim, ska_interleaved; /* rotary on the first rot_dim channels of a head (0: none); GPT-J pairs */
    float ska_xpos;                   /* rotary_emb_scale_base (xPos), 0: none */
    int ska_qk_norm;                  /* softmax_scale "norm": q/|q| s_h, k/|k|, scale 1 */
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
    int type;                      /* WM_F32 .. WM_IQ4_XS, or -1 (a type wm.h does not compute with) */
    int neg_exp;                   /* 1: data holds -exp(x) of this tensor x (llama.cpp's ssm_a for A_log) */
} wm_tensor_info;

typedef struct wm_model wm_model;
typedef struct wm_session wm_session;

/* A parallel-for runs fn(arg, i, worker) for every i in [0, n) and returns
   when all have returned. worker (0 .. n_threads - 1) names the thread
   making the call; two calls running at once never share one (per-thread
   scratch is indexed by it). */
typedef void (*wm_task)(void *arg, int i, int worker);
typedef void (*wm_parallel_for)(void *pool, int n, wm_task fn, void *arg);

typedef struct wm_session_params {
    int n_ctx;     /* most tokens the session holds (bounds the KV cache of
                      attention layers; models without attention are not bounded) */
    int n_batch;   /* most tokens processed at once inside prefill (scratch size) */
    int n_threads; /* threads (0: all cores; 1 without threads) */
    int scalar;    /* 1: run the scalar reference kernels (for comparisons; same as isa WM_ISA_SCALAR) */
    int cache_type; /* K and V of attention layers: WM_F32 (exact, the default), WM_F16 or WM_Q8_0
                       (head_dim a multiple of 32) */
    int isa;       /* WM_ISA_AUTO (0): the best here; or one to pin, refused where this build or CPU lacks it */
    int state_type; /* recurrent states (SSD, GLA, MCSD): WM_F32 (exact, the default: decode and prefill agree to rounding),
                       WM_F16 or WM_BF16 storage, half the RAM; arithmetic stays F32 and a state is rounded each time
                       it is stored: after every decoded token, at the end of every prefill chunk (SSD) or call (GLA, MCSD) */
    wm_parallel_for parallel_for; /* a host's parallel-for (workers < n_threads, which it must give);
                                     NULL: wm.h's own (wm_session_create), OpenMP, or none */
    void *pool;                   /* its first argument (a wm_pool with wm_pool_parallel_for) */
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
/* Exact bytes wm_model_init needs for src, counted from a 64-byte aligned
   start (a buffer that may start anywhere needs 63 more). It builds the
   tensor directory in a temporary WM_MALLOC block (n log n in the tensors);
   under WM_NO_MALLOC it looks each tensor up in the headers instead
   (tensors x entries: meant for firmware-sized checkpoints). */
WMDEF wm_status wm_model_bytes(const wm_model_source *src, size_t *bytes, wm_error *err);
WMDEF const wm_config *wm_model_config(const wm_model *m);
/* The name of a model type (config.json's model_type: "cheems", ...) and of
   a layer's module (slot 0: a WM_SEQ_* kind, "ssd", ...; slot 1: a
   WM_STATE_* kind, "mlp", ...); NULL for an unknown one. */
WMDEF const char *wm_model_type_name(int type);
WMDEF const char *wm_module_name(int slot, int kind);
/* "" or a warning about how the checkpoint was read, e.g. a tied LM head
   next to a stored lm_head.weight that differs from the embedding. */
WMDEF const char *wm_model_warning(const wm_model *m);
WMDEF int wm_model_n_tensors(const wm_model *m);
WMDEF wm_status wm_model_tensor(const wm_model *m, int i, wm_tensor_info *info);
WMDEF uint64_t wm_model_n_params(const wm_model *m);   /* elements of the tensors the model uses */
WMDEF uint64_t wm_model_weight_bytes(const wm_model *m); /* bytes of those tensors */
/* Bytes one decode step reads at position pos: every matrix it multiplies,
   the embedding and expert rows it gathers, norms, the KV cache rows and
   dynamic-mask values it attends over, SSD and conv states. (Benchmarks
   divide measured speed by it to compare with memory bandwidth.) */
WMDEF uint64_t wm_model_decode_bytes(const wm_model *m, int pos);
/* The same for the session's next decode step: its position and its KV cache type. */
WMDEF uint64_t wm_session_decode_bytes(const wm_session *s);

#ifndef WM_NO_MALLOC
/* As wm_model_init, with memory from WM_MALLOC. */
WMDEF wm_status wm_model_open(wm_model **out, const wm_model_source *src, wm_error *err);
#ifndef WM_NO_STDIO
/* Opens DIR/config.json with DIR/model.safetensors (or the shards of
   DIR/model.safetensors.index.json); dir may also be a GGUF file. The
   weight files are mapped read-only where the OS can (POSIX mmap: pages
   load on first use, processes share them), else read into memory. */
WMDEF wm_status wm_model_load(wm_model **out, const char *dir, wm_error *err);
/* The same with a choice: WM_LOAD_MMAP (wm_model_load's) or WM_LOAD_COPY
   (read into memory, 2 MB aligned with transparent huge pages advised on
   Linux: slower to open, fewer TLB misses while decode streams weights). */
enum { WM_LOAD_MMAP = 0, WM_LOAD_COPY = 1 };
WMDEF wm_status wm_model_load_opts(wm_model **out, const char *dir, int how, wm_error *err);
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
#if !defined(WM_NO_THREADS) && !defined(WM_NO_MALLOC) && (defined(__unix__) || defined(__APPLE__))
#define WM_HAVE_POOL 1
/* wm.h's thread pool: n_threads - 1 POSIX threads beside the caller (0: one
   per core), for sessions of wm_session_init (pass wm_pool_parallel_for
   and the pool, and n_threads = wm_pool_threads); wm_session_create makes
   its own. One parallel-for at a time per pool. */
typedef struct wm_pool wm_pool;
WMDEF wm_status wm_pool_create(wm_pool **out, int n_threads, wm_error *err);
WMDEF void wm_pool_free(wm_pool *p);
WMDEF int wm_pool_threads(const wm_pool *p);
WMDEF void wm_pool_parallel_for(void *pool, int n, wm_task fn, void *arg);
#endif
/* Back to position 0 with empty states. */
WMDEF void wm_session_reset(wm_session *s);
WMDEF int wm_session_pos(const wm_session *s);
/* Tokens the session can still take: n_ctx - pos with attention layers
   (a KV cache), else all positions an int holds. */
WMDEF int wm_session_room(const wm_session *s);
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

/* ---- tensor types and GGUF files ---------------------------------------------
   For tools that write checkpoints (wm quantize): the types' names and
   sizes, and the quantizers. Q8_0 and Q4_0 round to nearest per block as
   llama.cpp's reference quantizers do (the same bytes); Q4_K and Q6_K fit
   each sub-block's scale (and min) by least squares. Any float input has a
   defined result: a block holding NaN or inf gets a NaN scale (it
   dequantizes to NaN) and zero codes, a block whose 1/scale overflows
   (largest magnitude below ~3.7e-37) zero codes. */

WMDEF const char *wm_type_name(int type);        /* "Q8_0"; NULL for an unknown type */

/* Vector instruction sets of the kernels. A session runs the best one this
   build has and this CPU runs (WM_ISA_AUTO), or the one it pins. */
enum { WM_ISA_AUTO = 0, WM_ISA_SCALAR = 1, WM_ISA_AVX2 = 2, WM_ISA_NEON = 3, WM_ISA_HELIUM = 4, WM_ISA_NEON_DOT = 5, WM_ISA_DSP = 6,
       WM_ISA_COUNT = 7 };
WMDEF int wm_isa_best(void);            /* the ISA a session runs by default here */
WMDEF int wm_isa_supported(int isa);    /* 1: built in and this CPU runs it (WM_ISA_SCALAR always) */
WMDEF const char *wm_isa_name(int isa); /* "scalar", "avx2+fma+f16c", "neon", "helium", "neon+dotprod", "arm-dsp" (Cortex-M4/M7/M33:
                                           the Q8_0 dots by SMLAD); WM_ISA_AUTO: the best's; NULL: unknown */
WMDEF int wm_isa_parse(const char *name); /* a name above, or "auto" -> its id; -1: unknown */
WMDEF int wm_type_block(int type);               /* elements per block (1: F32/F16/BF16); 0: unknown */
WMDEF int wm_type_ggml(int type);                /* GGML's id of the type; -1: unknown */
WMDEF size_t wm_type_bytes(int type, uint64_t n); /* bytes of n elements; 0 unless n is whole blocks */
/* x[n] (whole blocks) into out (wm_type_bytes(type, n) bytes) */
WMDEF wm_status wm_quantize(int type, const float *x, size_t n, void *out);
/* in (n elements of type, whole blocks) into y[n] */
WMDEF wm_status wm_dequantize(int type, const void *in, size_t n, float *y);
/* The string value of key in the GGUF file held by data (size bytes), not
   NUL-terminated: e.g. "tokenizer.huggingface.json". WM_ERR_MISSING when the
   file has no such string; WM_ERR_FORMAT when it is not a valid GGUF. */
WMDEF wm_status wm_gguf_string(const void *data, size_t size, const char *key, const char **str, size_t *len, wm_error *err);
/* The tokenizer blob a GGUF carries as wm.tokenizer (wm_tokenizer_save's
   form, for wm_tokenizer_init_blob), where it lies in data. WM_ERR_MISSING
   when the file has none. */
WMDEF wm_status wm_gguf_tokenizer_blob(const void *data, size_t size, const void **blob, size_t *len, wm_error *err);
/* A tokenizer.json text built from a llama.cpp GGUF's tokenizer.ggml.* keys
   (model "gpt2": tokens, token_type, merges, pre, bos/eos, add_bos_token;
   model "llama": tokens, scores, types, one merge per split of a token into
   two tokens, written as id triples [a, b, a+b] under "wm_id_merges", so the
   text stays linear in the vocabulary) into out (NULL or too small: only
   *len); wm_tokenizer_load does this for a GGUF without
   tokenizer.huggingface.json. */
WMDEF wm_status wm_gguf_tokenizer_json(const void *data, size_t size, char *out, size_t cap, size_t *len, wm_error *err);

/* Writes a model as a GGUF v3 file any GGUF reader opens (wm convert, wm
   quantize): general.* keys, config_json as wm.config_json (for mamba2
   without one: built from the config), tokenizer_json as
   tokenizer.huggingface.json, tensors at 32-byte aligned offsets. A mamba2
   model gets llama.cpp's names and keys (mamba2.*), so llama.cpp reads it
   too. mix picks the types as llama-quantize does (its mixes, without an
   importance matrix): matrices (2-D .weight, no norms or conv kernels) take
   the mix's type, everything else F32; the output (or a tied embedding)
   Q6_K; v_proj, down_proj and o_proj more bits by llama.cpp's rules (under
   Q4_K_M: Q6_K in the first and last eighth of the layers and every third
   between); rows that are not whole blocks fall back as in llama.cpp (Q4_K
   to Q5_0, Q5_K to Q5_1, Q6_K to Q8_0, Q2_K/Q3_K to Q4_0, IQ4_XS to
   IQ4_NL; rows not whole blocks of 32 stay as they are, where llama.cpp
   writes F16). A model already quantized is refused unless
   allow_requantize.
   The bytes go to write() in order; scratch from WM_MALLOC. */
enum {
    WM_MIX_KEEP = -1, WM_MIX_F32, WM_MIX_F16, WM_MIX_BF16, WM_MIX_Q8_0, WM_MIX_Q4_0, WM_MIX_Q4_K_M, WM_MIX_Q4_1, WM_MIX_Q5_0, WM_MIX_Q5_1,
    WM_MIX_Q2_K, WM_MIX_Q3_K_S, WM_MIX_Q3_K_M, WM_MIX_Q3_K_L, WM_MIX_Q4_K_S, WM_MIX_Q5_K_S, WM_MIX_Q5_K_M, WM_MIX_Q6_K, WM_MIX_IQ4_NL,
    WM_MIX_IQ4_XS, WM_MIX_COUNT
};
WMDEF const char *wm_mix_name(int mix);  /* "Q4_K_M", ... (llama-quantize's names) */
WMDEF int wm_mix_parse(const char *name); /* a WM_MIX_* from its name in any case (Q4_K, Q5_K, Q3_K: the _M mixes), or -1 */
typedef struct wm_gguf_params {
    int mix;                       /* WM_MIX_*: KEEP writes each tensor as it is */
    int allow_requantize;
    const char *name;              /* general.name */
    const char *config_json;       /* or NULL */
    size_t config_bytes;
    const char *tokenizer_json;    /* or NULL */
    size_t tokenizer_bytes;
    const void *tokenizer_blob;    /* wm_tokenizer_save's blob, written as wm.tokenizer (8-byte aligned in the file), or NULL */
    size_t tokenizer_blob_bytes;
    int (*write)(void *user, const void *data, size_t n);              /* 0: failed (the write stops) */
    void (*progress)(void *user, uint64_t done, uint64_t total);       /* data bytes written, or NULL */
    void (*warn)(void *user, const char *message);                     /* e.g. NaN/inf weights, or NULL */
    void *user;
} wm_gguf_params;
typedef struct wm_gguf_stats {
    int n_tensors;
    int n_type[16];                /* tensors of each type WM_F32 .. WM_IQ4_XS */
    uint64_t data_bytes;           /* tensor data, padding included */
} wm_gguf_stats;
#ifndef WM_NO_MALLOC
WMDEF wm_status wm_gguf_write(const wm_model *m, const wm_gguf_params *p, wm_gguf_stats *stats, wm_error *err);
#endif

/* ---- tokenizer: BPE from tokenizer.json (or a GGUF's vocabulary) ----------
   Unicode as the tokenizers library has it: the pre-tokenizers' character
   classes and Lowercase of Unicode 16.0, NFC / NFKC of Unicode 15.0 (the
   library does not apply 16.0's new compositions). */

typedef struct wm_tokenizer wm_tokenizer;

/* Exact bytes wm_tokenizer_init needs for this tokenizer.json text. */
WMDEF wm_status wm_tokenizer_bytes(const char *json, size_t json_bytes, size_t *bytes, wm_error *err);
/* Builds a tokenizer inside mem; the JSON text may be freed afterwards. */
WMDEF wm_status wm_tokenizer_init(wm_tokenizer **out, const char *json, size_t json_bytes, void *mem, size_t mem_bytes,
                                  wm_error *err);
/* The tokenizer in place (flash, a mapped file): wm_tokenizer_save writes t
   as a relocatable little-endian blob (buf NULL: only *len); a GGUF carries
   it as wm.tokenizer (wm_gguf_params.tokenizer_blob, wm_gguf_tokenizer_blob).
   wm_tokenizer_init_blob checks every field of it (checksum, ranges,
   offsets, table probe runs) and uses it where it lies, 8-byte aligned and
   unchanged while the tokenizer lives: RAM is the struct alone,
   wm_tokenizer_blob_bytes (4 KB and its alignment). */
WMDEF wm_status wm_tokenizer_save(const wm_tokenizer *t, void *buf, size_t cap, size_t *len, wm_error *err);
WMDEF wm_status wm_tokenizer_blob_bytes(const void *blob, size_t blob_bytes, size_t *bytes, wm_error *err);
WMDEF wm_status wm_tokenizer_init_blob(wm_tokenizer **out, const void *blob, size_t blob_bytes, void *mem, size_t mem_bytes, wm_error *err);
#ifndef WM_NO_MALLOC
WMDEF wm_status wm_tokenizer_open(wm_tokenizer **out, const char *json, size_t json_bytes, wm_error *err);
#ifndef WM_NO_STDIO
/* path: a tokenizer.json, or a GGUF file with tokenizer.huggingface.json */
WMDEF wm_status wm_tokenizer_load(wm_tokenizer **out, const char *path, wm_error *err);
#endif
WMDEF void wm_tokenizer_free(wm_tokenizer *t);
#endif
WMDEF int wm_tokenizer_n_vocab(const wm_tokenizer *t);
/* Id of the added token whose text is `content` (e.g. "<|end_of_text|>"), -1 if none. */
WMDEF int32_t wm_tokenizer_find(const wm_tokenizer *t, const char *content);
/* Encodes len bytes of text (invalid UTF-8 is encoded byte by byte). Added
   tokens are matched first; add_special applies the post-processor template
   (BOS). ids may be NULL to count; *n_ids gets the count, and WM_ERR_ARENA
   means cap was too small. Thread-safe. Words over WM_TOKENIZER_STACK_WORD
   bytes (64) take scratch from WM_MALLOC (WM_ERR_NOMEM without it). */
WMDEF wm_status wm_tokenize(const wm_tokenizer *t, const char *text, size_t len, int add_special, int32_t *ids, size_t cap,
                            size_t *n_ids);
/* The raw bytes of one token, NULL for an id the tokenizer does not know. */
WMDEF const char *wm_token_bytes(const wm_tokenizer *t, int32_t id, size_t *len);
/* Decodes ids to UTF-8 (invalid byte sequences become U+FFFD, unknown ids
   are skipped), as the tokenizers library does. *len gets the full length;
   out may be NULL to size. out (cap > 0) always ends NUL-terminated: with
   WM_ERR_ARENA it holds the longest whole-character prefix that fits. */
WMDEF wm_status wm_detokenize(const wm_tokenizer *t, const int32_t *ids, size_t n, char *out, size_t cap, size_t *len);

/* Streaming text: holds back an incomplete UTF-8 sequence between tokens,
   so what it returns is always whole characters (U+FFFD for invalid bytes).
   out must hold 3 * (n + 4) bytes; returns the bytes written. */
typedef struct wm_utf8_stream { unsigned char pend[4]; int n; } wm_utf8_stream;
WMDEF size_t wm_utf8_push(wm_utf8_stream *st, const char *bytes, size_t n, char *out);
WMDEF size_t wm_utf8_flush(wm_utf8_stream *st, char *out);
/* 1 when s[n] is valid UTF-8 (no overlong forms, surrogates or code points
   past U+10FFFF) */
WMDEF int wm_utf8_valid(const char *s, size_t n);

/* ---- sampling ------------------------------------------------------------ */

typedef struct wm_sampler {
    float temperature;    /* <= 0: greedy */
    int top_k;            /* 0: off */
    float top_p;          /* >= 1: off */
    float min_p;          /* 0: off; keep p >= min_p * p_max */
    float repeat_penalty; /* 1: off; divides positive, multiplies negative logits of seen tokens */
    int repeat_last_n;    /* how much history the penalty sees (0: all it is given) */
    uint64_t rng[4];      /* xoshiro256** state (wm_sampler_seed) */
} wm_sampler;

WMDEF wm_sampler wm_sampler_default(void); /* greedy, seed 0 */
WMDEF void wm_sampler_seed(wm_sampler *s, uint64_t seed);
WMDEF size_t wm_sampler_work_bytes(int n_vocab);
/* WM_OK when every field is in range: temperature finite and >= 0, top_k
   >= 0, 0 < top_p <= 1, 0 <= min_p <= 1, repeat_penalty finite and > 0,
   repeat_last_n >= 0; else WM_ERR_INVALID_ARG with the field in err. */
WMDEF wm_status wm_sampler_check(const wm_sampler *s, wm_error *err);
/* Picks the next token into *token. logits [n_vocab] are overwritten
   (NaN counts as -inf); history: the tokens so far (for the repetition
   penalty); work: wm_sampler_work_bytes(n_vocab) bytes. Returns
   WM_ERR_INVALID_ARG for a sampler wm_sampler_check refuses or bad
   arguments, WM_ERR_NUMERIC when every logit is NaN or -inf; *token is
   then -1. */
WMDEF wm_status wm_sample(wm_sampler *s, float *logits, int n_vocab, const int32_t *history, int n_history, void *work,
                          int32_t *token);

/* ---- session save and restore --------------------------------------------
   Position, KV cache rows in use, SSD and conv states, and optionally a
   sampler and the last logits. The blob is checked on load (model
   fingerprint, sizes, checksum). */
WMDEF wm_status wm_session_save(const wm_session *s, const wm_sampler *smp, const float *logits, void *buf, size_t cap,
                                size_t *size);
WMDEF wm_status wm_session_restore(wm_session *s, wm_sampler *smp, float *logits, const void *buf, size_t size);
#if !defined(WM_NO_STDIO)
WMDEF wm_status wm_session_save_file(wm_session *s, const wm_sampler *smp, const float *logits, const char *path);
#ifndef WM_NO_MALLOC
WMDEF wm_status wm_session_restore_file(wm_session *s, wm_sampler *smp, float *logits, const char *path);
#endif
#endif

/* ---- generation ------------------------------------------------------------ */

/* Called once per generated token with the text it completes (possibly
   empty); return nonzero to stop. */
typedef int (*wm_token_fn)(void *user, int32_t token, const char *text, size_t len);

/* Why generation stopped. */
typedef enum wm_stop {
    WM_STOP_LENGTH = 0,   /* max_new tokens generated */
    WM_STOP_EOS = 1,      /* a stop id (EOS of the config, or of the params) was sampled */
    WM_STOP_CONTEXT = 2,  /* the session is full (n_ctx) */
    WM_STOP_CALLBACK = 3  /* the callback returned nonzero */
} wm_stop;

typedef struct wm_generate_stats {
    int n_prompt, n_generated;
    wm_stop stop;
} wm_generate_stats;

/* How wm_generate runs. */
typedef struct wm_generate_params {
    int max_new;           /* most new tokens (128); < 0: until a stop or a full session */
    int add_special;       /* the tokenizer's template (BOS) around the prompt (1) */
    int stop_at_eos;       /* the config's EOS ids end generation (1) */
    int32_t stop_ids[8];   /* more ids that end it (a chat template's stop token) */
    int n_stop_ids;        /* 0..8 */
    void *work;            /* the call's buffers (wm_generate_bytes long), or NULL: WM_MALLOC (NULL) */
    size_t work_bytes;
} wm_generate_params;

WMDEF wm_generate_params wm_generate_default_params(void);

/* Exact bytes of gp->work for a wm_generate call on s with a prompt of
   prompt_len bytes: the prompt's ids and the history the repetition penalty
   sees (prompt + min(max_new, n_ctx) tokens; past that the oldest half
   drops out), the sampler's work, one token's text. */
WMDEF wm_status wm_generate_bytes(const wm_session *s, const wm_tokenizer *t, size_t prompt_len, const wm_generate_params *gp,
                                  size_t *bytes);

/* Tokenizes prompt and prefills it, then samples up to max_new tokens,
   stopping at a stop id (not fed to the session) or when the session is
   full. Every token given to fn is in the session afterwards, so chat
   turns and saved sessions continue where this stops. logits [vocab] is
   the caller's: with an empty prompt it must hold the session's last
   logits (e.g. from wm_session_restore); it ends as the last ones. An
   empty prompt in an empty session starts from the tokenizer's template
   tokens (add_special), else from the model's BOS token. The
   repetition penalty sees this call's prompt and output. A prompt that
   does not fit the session fails with WM_ERR_CONTEXT before anything is
   generated. gp NULL: wm_generate_default_params(). */
WMDEF wm_status wm_generate(wm_session *s, const wm_tokenizer *t, wm_sampler *smp, float *logits, const char *prompt,
                            size_t prompt_len, const wm_generate_params *gp, wm_token_fn fn, void *user,
                            wm_generate_stats *stats);

/* ---- chat templates ------------------------------------------------------ */

typedef struct wm_chat_template {
    const char *name;
    const char *bos;              /* once, before the first turn */
    const char *system;           /* printf-like with one %s */
    const char *user;             /* one %s */
    const char *assistant_prefix; /* opens the model's answer */
    const char *turn_end;         /* closes an answer (the stop token and what follows it) */
    const char *stop;             /* the token that ends an answer */
} wm_chat_template;

/* The template called name ("doge", "chatml", "rodimus"), NULL if unknown. */
WMDEF const wm_chat_template *wm_chat_template_get(const char *name);
/* The template a checkpoint uses, recognized from its tokenizer_config.json
   (the chat_template's markers, or tokenizer_class; may be NULL) and its
   tokenizer's special tokens (may be NULL); NULL if none is recognized. */
WMDEF const wm_chat_template *wm_chat_template_guess(const char *tokenizer_config, size_t n, const wm_tokenizer *t);
/* Renders one user turn as text to prefill: the first turn opens with bos
   and the system block (system may be NULL), later turns with turn_end,
   which closes the previous answer; it ends with assistant_prefix. Returns
   the length; writes out (NUL-terminated) when cap is larger. */
WMDEF size_t wm_chat_render(const wm_chat_template *ct, int first_turn, const char *system, const char *user, char *out,
                            size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* WM_H_INCLUDE */

/* ========================================================================
   [@BASICS] Implementation basics: configuration, ISA detection, checked arithmetic,
   messages, the arena
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
#define WM__LIBC_ALLOC 1 /* memory from posix_memalign may be given to WM_FREE */
#endif
#ifndef WM_ASSERT
#define WM_ASSERT(x) ((void)0)
#endif

/* Single-precision math where double would be emulated in software. */
#if defined(WM_FLOAT_MATH) || (defined(__ARM_FP) && !(__ARM_FP & 8)) || (defined(__riscv) && !(defined(__riscv_flen) && __riscv_flen >= 64))
#define WM__FLOAT_MATH 1
#endif

/* SIMD. x86-64: the AVX2+FMA+F16C bodies are always built with GCC or
   Clang. Built with -mavx2 -mfma the whole program assumes them; otherwise
   (the default) only those bodies are compiled for them, between
   WM__TARGET_BEGIN and WM__TARGET_END, and a session runs them where cpuid
   says the CPU has all three (WM__AVX2_RT), the scalar references elsewhere.
   Arm: NEON (aarch64) and Helium are chosen at compile time; on aarch64
   Linux the integer dots also come in an sdot version (Armv8.2's dot
   product, WM_ISA_NEON_DOT), run where the kernel's hwcaps report it. A
   session can pin any ISA it may run (wm_session_params.isa), the scalar
   one included; WM_NO_SIMD builds the references only. */
#if !defined(WM_NO_SIMD) && defined(__AVX2__) && defined(__FMA__)
#define WM__AVX2 1
#include <immintrin.h>
#ifdef __F16C__
#define WM__F16C 1
#endif
#elif !defined(WM_NO_SIMD) && !defined(WM_NO_DISPATCH) && defined(__x86_64__) && defined(__GNUC__) && !defined(__INTEL_COMPILER)
#define WM__AVX2 1
#define WM__AVX2_RT 1 /* chosen at run time */
#define WM__F16C 1    /* required with AVX2 at run time */
#include <immintrin.h>
#include <cpuid.h>
#if defined(__clang__)
#define WM__TARGET_BEGIN _Pragma("clang attribute push(__attribute__((target(\"avx2,fma,f16c\"))), apply_to = function)")
#define WM__TARGET_END _Pragma("clang attribute pop")
#else
#define WM__TARGET_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,fma,f16c\")")
#define WM__TARGET_END _Pragma("GCC pop_options")
#endif
#elif !defined(WM_NO_SIMD) && defined(__ARM_NEON) && defined(__aarch64__)
#define WM__NEON 1
#include <arm_neon.h>
#if !defined(__ARM_FEATURE_DOTPROD) && !defined(WM_NO_DISPATCH) && defined(__linux__) && defined(__GNUC__)
#define WM__NEON_HWCAP 1 /* Armv8.2's sdot chosen at run time: the kernel's hwcaps */
#include <sys/auxv.h>
#endif
#elif !defined(WM_NO_SIMD) && defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
#define WM__MVE 1 /* Arm Helium with floats (Cortex-M55, M85) */
#include <arm_mve.h>
#elif !defined(WM_NO_SIMD) && defined(__ARM_FEATURE_DSP) && defined(__ARM_FEATURE_SIMD32) && !defined(__aarch64__) && defined(__GNUC__)
#define WM__DSP 1 /* the DSP extension's 32-bit SIMD (Cortex-M4, M7, M33): integer dots by SMLAD, no vector floats */
#include <arm_acle.h>
#endif
#if defined(WM__AVX2) || defined(WM__NEON) || defined(WM__MVE)
#define WM__SIMD 1 /* vector bodies exist (the mapping below) */
#endif
#ifndef WM__TARGET_BEGIN /* the vector bodies' region: the whole build's ISA */
#define WM__TARGET_BEGIN
#define WM__TARGET_END
#endif

#define WM__ALIGN 64           /* every arena buffer starts on a cache line */

/* A struct in an arena takes a fixed slot of n bytes on every target: its
   size on a 64-bit one (checked here at compile time; a 32-bit target
   leaves the rest unused). So every size the library reports -- model,
   session, tokenizer, generation -- is the same number on a 32-bit
   microcontroller and on the 64-bit host that plans its memory (make
   test-arm32 compares them). Adding a field: raise n to the new sizeof. */
#define WM__SLOT(T, n) \
    enum { WM__SLOT_##T = n }; \
    typedef char wm__slot_fits_##T[sizeof(T) <= (n) ? 1 : -1]

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

static int wm__in(int v, int lo, int hi) { return v >= lo && v <= hi; }

/* 64-bit FNV-1a: the model fingerprint and the session checksum */
#define WM__FNV_INIT 0xcbf29ce484222325ull
static uint64_t wm__fnv(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }
static uint64_t wm__fnv_bytes(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < n; i++) h = wm__fnv(h, b[i]);
    return h;
}

/* ---- messages: a tiny formatter (%s %d %u %zu %llu %lld %c %%) ----------- */

static void wm__putc(char *buf, size_t cap, size_t *n, int ch) {
    if (*n + 1 < cap) buf[(*n)++] = (char)ch;
}

static void wm__vfmt(char *buf, size_t cap, const char *fmt, va_list ap) {
    size_t n = 0;
    if (cap == 0) return;
#define WM__PUT(ch) wm__putc(buf, cap, &n, (ch)) /* a function: its argument is always evaluated once */
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

/* ========================================================================
   [@TYPES] Tensor types: numbers, llama.cpp's block layouts, quantizers, the
   reference dot products, and one row per type (wm__types)
   ======================================================================== */

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

/* ---- quantized blocks ---------------------------------------------------------
   llama.cpp's block layouts (ggml-common.h), byte for byte, so GGUF files
   are used in place (little-endian; f16 = IEEE half):
     Q8_0  34 bytes / 32 weights: f16 d, int8 q[32];               w_j = q_j d
     Q4_0  18 bytes / 32: f16 d, b[16];   w_j = ((b_j & 15) - 8) d, w_(j+16) = ((b_j >> 4) - 8) d
     Q4_K 144 bytes / 256: f16 d, f16 dmin, 12 bytes of 6-bit (scale, min)
          pairs of 8 sub-blocks of 32, 128 bytes of nibbles (64-weight chunk c:
          bytes 32c..32c+31, low nibbles sub-block 2c, high 2c+1);
                                                             w = (d sc) q - dmin m
     Q6_K 210 bytes / 256: ql[128] low nibbles, qh[64] high bit pairs, int8
          scales[16] of sub-blocks of 16, f16 d;            w = (d sc) (q - 32)
   Dequantizing repeats llama.cpp's float operations, so both give the same
   floats (with -std=c99 neither compiler fuses a*b-c into one FMA). */


#define WM__QK 32   /* weights per Q8_0/Q4_0 block; activations are quantized per 32 too */
#define WM__QKK 256 /* weights per Q4_K/Q6_K super-block */

#if defined(WM__AVX2) && defined(__F16C__)
static float wm__h(const unsigned char *p) { return _cvtsh_ss((unsigned short)(p[0] | p[1] << 8)); } /* exact either way */
#elif defined(__GNUC__) && defined(__arm__) && defined(__ARM_FP) && ((__ARM_FP & 2) || (defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'))
static float wm__h(const unsigned char *p) { /* the FPU's half-precision conversion (exact either way; every M-profile FPU has it) */
    float f;
    uint32_t b = (uint32_t)(p[0] | p[1] << 8);
    __asm__("vmov %0, %1\n\tvcvtb.f32.f16 %0, %0" : "=t"(f) : "r"(b));
    return f;
}
#else
static float wm__h(const unsigned char *p) { return wm__f16_to_f32((uint16_t)(p[0] | p[1] << 8)); }
#endif

static void wm__put_h(unsigned char *p, float f) {
    uint16_t h = wm__f32_to_f16(f);
    p[0] = (unsigned char)(h & 255);
    p[1] = (unsigned char)(h >> 8);
}

/* Q4_K's 6-bit scale and min of sub-block j */
static void wm__q4k_scale(const unsigned char *s, int j, int *sc, int *m) {
    if (j < 4) {
        *sc = s[j] & 63;
        *m = s[j + 4] & 63;
    } else {
        *sc = (s[j + 4] & 15) | ((s[j - 4] >> 6) << 4);
        *m = (s[j + 4] >> 4) | ((s[j] >> 6) << 4);
    }
}

static uint32_t wm__le32(const unsigned char *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* y[block] = one block at b, as floats: one function per type (the traits
   row's deq). The float types' "block" is one element. */
static void wm__deq_f32(const unsigned char *b, float *y) { memcpy(y, b, 4); }
static void wm__deq_f16(const unsigned char *b, float *y) { *y = wm__f16_to_f32((uint16_t)(b[0] | b[1] << 8)); }
static void wm__deq_bf16(const unsigned char *b, float *y) { *y = wm__bf16_to_f32((uint16_t)(b[0] | b[1] << 8)); }

#if defined(WM__SIMD) && !defined(WM__AVX2_RT) /* where the build assumes its ISA */
static void wm__v_deq_q8_0(const unsigned char *b, float d, float *y);
#endif
static void wm__deq_q8_0(const unsigned char *b, float *y) {
    float d = wm__h(b);
#if defined(WM__SIMD) && !defined(WM__AVX2_RT)
    wm__v_deq_q8_0(b + 2, d, y); /* the products are exact: any order gives these floats */
#else
    int j;
    for (j = 0; j < WM__QK; j++) y[j] = (float)(int8_t)b[2 + j] * d;
#endif
}

static void wm__deq_q4_0(const unsigned char *b, float *y) {
    float d = wm__h(b);
    int j;
    for (j = 0; j < WM__QK / 2; j++) {
        y[j] = (float)((b[2 + j] & 15) - 8) * d;
        y[j + WM__QK / 2] = (float)((b[2 + j] >> 4) - 8) * d;
    }
}

static void wm__deq_q4_k(const unsigned char *b, float *y) {
    float d = wm__h(b), dmin = wm__h(b + 2);
    const unsigned char *q = b + 16;
    int j, c;
    for (c = 0; c < 4; c++, q += 32, y += 64) {
        int s0, m0, s1, m1;
        float d0, n0, d1, n1;
        wm__q4k_scale(b + 4, 2 * c, &s0, &m0);
        wm__q4k_scale(b + 4, 2 * c + 1, &s1, &m1);
        d0 = d * (float)s0; n0 = dmin * (float)m0;
        d1 = d * (float)s1; n1 = dmin * (float)m1;
        for (j = 0; j < 32; j++) {
            float a = d0 * (float)(q[j] & 15), e = d1 * (float)(q[j] >> 4);
            y[j] = a - n0;
            y[32 + j] = e - n1;
        }
    }
}

static void wm__deq_q6_k(const unsigned char *b, float *y) {
    const unsigned char *ql = b, *qh = b + 128;
    const int8_t *sc = (const int8_t *)(b + 192);
    float d = wm__h(b + 208);
    int j, c;
    for (c = 0; c < 2; c++, ql += 64, qh += 32, sc += 8, y += 128)
        for (j = 0; j < 32; j++) {
            int is = j / 16;
            y[j] = d * (float)sc[is] * (float)(((ql[j] & 15) | ((qh[j] & 3) << 4)) - 32);
            y[j + 32] = d * (float)sc[is + 2] * (float)(((ql[j + 32] & 15) | (((qh[j] >> 2) & 3) << 4)) - 32);
            y[j + 64] = d * (float)sc[is + 4] * (float)(((ql[j] >> 4) | (((qh[j] >> 4) & 3) << 4)) - 32);
            y[j + 96] = d * (float)sc[is + 6] * (float)(((ql[j + 32] >> 4) | (((qh[j] >> 6) & 3) << 4)) - 32);
        }
}

/* IQ4's 16 non-linear levels (ggml's kvalues_iq4nl) */
static const int8_t wm__iq4nl[16] = {-127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113};

/* Q3_K's 6-bit scale of sub-block s (of 16), minus 32 */
static int wm__q3k_scale(const unsigned char *sc, int s) {
    int lo = s < 8 ? sc[s] & 15 : sc[s - 8] >> 4, hi = (sc[8 + s % 4] >> (2 * (s / 4))) & 3;
    return (lo | hi << 4) - 32;
}

static void wm__deq_q4_1(const unsigned char *b, float *y) {
    float d = wm__h(b), m = wm__h(b + 2);
    int j;
    for (j = 0; j < 16; j++) {
        float a = (float)(b[4 + j] & 15) * d, c = (float)(b[4 + j] >> 4) * d;
        y[j] = a + m;
        y[j + 16] = c + m;
    }
}

/* Q5_0 and Q5_1's fifth bits: weight j's is bit j of the 32-bit qh */
static void wm__deq_q5_0(const unsigned char *b, float *y) {
    float d = wm__h(b);
    uint32_t qh = wm__le32(b + 2);
    int j;
    for (j = 0; j < 16; j++) {
        y[j] = (float)(((b[6 + j] & 15) | (int)(qh >> j & 1) << 4) - 16) * d;
        y[j + 16] = (float)(((b[6 + j] >> 4) | (int)(qh >> (j + 16) & 1) << 4) - 16) * d;
    }
}

static void wm__deq_q5_1(const unsigned char *b, float *y) {
    float d = wm__h(b), m = wm__h(b + 2);
    uint32_t qh = wm__le32(b + 4);
    int j;
    for (j = 0; j < 16; j++) {
        float a = (float)((b[8 + j] & 15) | (int)(qh >> j & 1) << 4) * d, c = (float)((b[8 + j] >> 4) | (int)(qh >> (j + 16) & 1) << 4) * d;
        y[j] = a + m;
        y[j + 16] = c + m;
    }
}

/* Q2_K and Q3_K's 2-bit codes: weight e = 128 n + 32 j + l is bits 2j..2j+1 of q[32 n + l] */
#define WM__Q2(q, e) (((q)[32 * ((e) / 128) + (e) % 32] >> (2 * ((e) % 128 / 32))) & 3)

static void wm__deq_q2_k(const unsigned char *b, float *y) {
    float d = wm__h(b + 80), dmin = wm__h(b + 82);
    int e;
    for (e = 0; e < 256; e++) {
        float dl = d * (float)(b[e / 16] & 15), ml = dmin * (float)(b[e / 16] >> 4), a = dl * (float)WM__Q2(b + 16, e);
        y[e] = a - ml;
    }
}

static void wm__deq_q3_k(const unsigned char *b, float *y) {
    float d = wm__h(b + 108);
    int e;
    for (e = 0; e < 256; e++) { /* the high bit of weight e: bit e / 32 of byte e % 32; clear means - 4 */
        float dl = d * (float)wm__q3k_scale(b + 96, e / 16);
        y[e] = dl * (float)(WM__Q2(b + 32, e) - (b[e % 32] >> (e / 32) & 1 ? 0 : 4));
    }
}

static void wm__deq_q5_k(const unsigned char *b, float *y) {
    float d = wm__h(b), dmin = wm__h(b + 2);
    int j, l;
    for (j = 0; j < 8; j++, y += 32) { /* sub-block j: nibbles of chunk j / 2, fifth bits at bit j of qh */
        int s, m;
        float d1, m1;
        const unsigned char *q = b + 48 + 32 * (j / 2);
        wm__q4k_scale(b + 4, j, &s, &m);
        d1 = d * (float)s;
        m1 = dmin * (float)m;
        for (l = 0; l < 32; l++) {
            float a = d1 * (float)((j & 1 ? q[l] >> 4 : q[l] & 15) + (b[16 + l] >> j & 1 ? 16 : 0));
            y[l] = a - m1;
        }
    }
}

static void wm__deq_iq4_nl(const unsigned char *b, float *y) {
    float d = wm__h(b);
    int j;
    for (j = 0; j < 16; j++) {
        y[j] = d * (float)wm__iq4nl[b[2 + j] & 15];
        y[j + 16] = d * (float)wm__iq4nl[b[2 + j] >> 4];
    }
}

/* IQ4_XS's 6-bit scale of sub-block j, minus 32 */
static int wm__iq4xs_scale(const unsigned char *b, int j) { return ((b[4 + j / 2] >> 4 * (j % 2) & 15) | ((b[2] | b[3] << 8) >> 2 * j & 3) << 4) - 32; }

static void wm__deq_iq4_xs(const unsigned char *b, float *y) {
    float d = wm__h(b);
    int j, l;
    for (j = 0; j < 8; j++, y += 32) {
        float dl = d * (float)wm__iq4xs_scale(b, j);
        for (l = 0; l < 16; l++) {
            y[l] = dl * (float)wm__iq4nl[b[8 + 16 * j + l] & 15];
            y[l + 16] = dl * (float)wm__iq4nl[b[8 + 16 * j + l] >> 4];
        }
    }
}

/* ---- quantizing weights (wm quantize) ------------------------------------------
   Q8_0 and Q4_0 round to nearest per block exactly as llama.cpp's reference
   quantizers (quantize_row_q8_0_ref / q4_0_ref), so the bytes are the same.
   Q4_K and Q6_K: min-max scales per sub-block, then a few rounds of
   least-squares refitting of each sub-block's scale (and min).
   Every quantizer (these, the activations' and the Q8_0 KV cache's) defines
   its result for any float input: a block holding NaN or inf gets the scale
   NaN, so its values dequantize to NaN as float arithmetic would give, and
   the codes of zero; a block so small that 1/d overflows (largest magnitude
   below 127 / FLT_MAX, about 3.7e-37) gets the codes of zero; every rounding
   is clamped to the code range before it is converted to an integer, so no
   conversion is out of range (C11 6.3.1.4). Elsewhere the results are
   llama.cpp's. */

static int wm__all_finite(const float *x, int n) {
    int j, bad = 0;
    for (j = 0; j < n; j++) bad |= !(fabsf(x[j]) <= 3.40282347e38f);
    return !bad;
}

/* v rounded to nearest even and clamped to [lo, hi] (lo <= 0 <= hi); NaN gives 0 */
static int wm__rint_clamp(float v, int lo, int hi) {
    if (v != v) return 0;
    if (v <= (float)lo) return lo;
    if (v >= (float)hi) return hi;
    return (int)lrintf(v);
}

static void wm__quant_f32(const float *x, unsigned char *b) { memcpy(b, x, 4); }
static void wm__quant_f16(const float *x, unsigned char *b) { wm__put_h(b, *x); }
static void wm__quant_bf16(const float *x, unsigned char *b) {
    uint16_t h = wm__f32_to_bf16(*x);
    b[0] = (unsigned char)(h & 255);
    b[1] = (unsigned char)(h >> 8);
}

static void wm__quant_q8_0(const float *x, unsigned char *b) {
    float amax = 0.0f, d, id;
    int j;
    if (!wm__all_finite(x, WM__QK)) { wm__put_h(b, NAN); memset(b + 2, 0, WM__QK); return; }
    for (j = 0; j < WM__QK; j++) amax = WM__MAX(amax, fabsf(x[j]));
    d = amax / 127.0f;
    id = d != 0.0f ? 1.0f / d : 0.0f;
    wm__put_h(b, d);
    if (!(id <= 3.40282347e38f)) id = 0.0f; /* 1/d overflowed: codes of zero */
    for (j = 0; j < WM__QK; j++) /* |x id| <= 127 */ b[2 + j] = (unsigned char)(int8_t)roundf(x[j] * id);
}

static void wm__quant_q4_0(const float *x, unsigned char *b) {
    float amax = 0.0f, max = 0.0f, d, id;
    int j;
    if (!wm__all_finite(x, WM__QK)) { wm__put_h(b, NAN); memset(b + 2, 0x88, WM__QK / 2); return; }
    for (j = 0; j < WM__QK; j++)
        if (amax < fabsf(x[j])) { amax = fabsf(x[j]); max = x[j]; }
    d = max / -8.0f;
    id = d != 0.0f ? 1.0f / d : 0.0f;
    wm__put_h(b, d);
    if (!(fabsf(id) <= 3.40282347e38f)) id = 0.0f; /* 1/d overflowed: codes of zero */
    for (j = 0; j < WM__QK / 2; j++) { /* x id in [-8, 8] */
        int a = (int8_t)(x[j] * id + 8.5f), c = (int8_t)(x[j + WM__QK / 2] * id + 8.5f);
        b[2 + j] = (unsigned char)(WM__MIN(15, a) | WM__MIN(15, c) << 4);
    }
}

/* The K-quants and IQ4 pick scales by llama.cpp's reference searches
   (ggml-quants.c: make_qkx2_quants, make_q3_quants, make_qx_quants,
   quantize_row_iq4_nl_impl; no importance matrix), with the same float
   operations in the same order, one per statement so that no compiler
   fuses a multiply and an add: the bytes are llama-quantize's. */

/* llama.cpp's nearest_int: to nearest, ties to even, by adding 1.5 2^23
   (exact for |f| < 2^22; defined for every float, NaN included) */
static int wm__nearest(float f) {
    float v = f + 12582912.0f;
    uint32_t i;
    memcpy(&i, &v, 4);
    return (int)(i & 0x7fffff) - 0x400000;
}
#define WM__CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

/* a block with NaN or inf: its scales NaN (at the offsets in sc, -1 ends), codes of zero */
static int wm__quant_bad(const float *x, int n, unsigned char *b, int size, const int *sc) {
    if (wm__all_finite(x, n)) return 0;
    memset(b, 0, (size_t)size);
    for (; *sc >= 0; sc++) wm__put_h(b + *sc, NAN);
    return 1;
}

/* x[n] ~ scale L - the_min, L in 0..nmax, weights w: min-max start, then
   nstep + 1 trial scales (rmin + rdelta is + nmax) / (max - min), each
   refit by weighted least squares; the lowest error (squared, or absolute
   with mad) wins. Returns the scale. */
static float wm__qkx2(int n, int nmax, const float *x, const float *w, uint8_t *L, float *the_min, float rmin, float rdelta, int nstep, int mad) {
    uint8_t La[32];
    float min = x[0], max = x[0], sum_w = w[0], sum_x = sum_w * x[0], iscale, scale, best = 0.0f, t;
    int i, is;
    for (i = 1; i < n; i++) {
        if (x[i] < min) min = x[i];
        if (x[i] > max) max = x[i];
        sum_w += w[i];
        t = w[i] * x[i];
        sum_x += t;
    }
    if (min > 0) min = 0;
    if (max == min) {
        memset(L, 0, (size_t)n);
        *the_min = -min;
        return 0.0f;
    }
    iscale = (float)nmax / (max - min);
    scale = 1 / iscale;
    for (i = 0; i < n; i++) {
        int l = wm__nearest(iscale * (x[i] - min));
        float diff;
        L[i] = (uint8_t)WM__CLAMP(l, 0, nmax);
        diff = scale * (float)L[i];
        diff = diff + min;
        diff = diff - x[i];
        diff = mad ? fabsf(diff) : diff * diff;
        t = w[i] * diff;
        best += t;
    }
    for (is = 0; is <= nstep; is++) {
        float sum_l = 0, sum_l2 = 0, sum_xl = 0, D, u;
        t = rdelta * (float)is;
        t = rmin + t;
        iscale = (t + (float)nmax) / (max - min);
        for (i = 0; i < n; i++) {
            int l = wm__nearest(iscale * (x[i] - min));
            float wl;
            l = WM__CLAMP(l, 0, nmax);
            La[i] = (uint8_t)l;
            wl = w[i] * (float)l;
            sum_l += wl;
            t = wl * (float)l;
            sum_l2 += t;
            t = wl * x[i];
            sum_xl += t;
        }
        t = sum_w * sum_l2;
        u = sum_l * sum_l;
        D = t - u;
        if (D > 0) {
            float this_scale, this_min, err = 0;
            t = sum_w * sum_xl;
            u = sum_x * sum_l;
            this_scale = (t - u) / D;
            t = sum_l2 * sum_x;
            u = sum_l * sum_xl;
            this_min = (t - u) / D;
            if (this_min > 0) {
                this_min = 0;
                this_scale = sum_xl / sum_l2;
            }
            for (i = 0; i < n; i++) {
                float diff = this_scale * (float)La[i];
                diff = diff + this_min;
                diff = diff - x[i];
                diff = mad ? fabsf(diff) : diff * diff;
                t = w[i] * diff;
                err += t;
            }
            if (err < best) {
                memcpy(L, La, (size_t)n);
                best = err;
                scale = this_scale;
                min = this_min;
            }
        }
    }
    *the_min = -min;
    return scale;
}

/* the largest magnitude of x[n] and its signed value */
static float wm__amax(const float *x, int n, float *max) {
    float amax = 0.0f;
    int i;
    *max = 0.0f;
    for (i = 0; i < n; i++)
        if (fabsf(x[i]) > amax) { amax = fabsf(x[i]); *max = x[i]; }
    return amax;
}

/* x[16] ~ scale (L - 4), L in 0..7: start at -4 for the largest magnitude,
   then up to 5 passes moving single codes where the x^2-weighted fit improves */
static float wm__q3_fit(const float *x, int8_t *L) {
    float max, iscale, sumlx = 0, suml2 = 0, w, t;
    int i, it;
    if (wm__amax(x, 16, &max) < 1e-15f) {
        memset(L, 0, 16);
        return 0.0f;
    }
    iscale = -4.0f / max;
    for (i = 0; i < 16; i++) {
        int l = wm__nearest(iscale * x[i]);
        L[i] = (int8_t)WM__CLAMP(l, -4, 3);
        w = x[i] * x[i];
        t = w * x[i];
        t = t * (float)L[i];
        sumlx += t;
        t = w * (float)L[i];
        t = t * (float)L[i];
        suml2 += t;
    }
    for (it = 0; it < 5; it++) {
        int changed = 0;
        for (i = 0; i < 16; i++) {
            float slx, sl2;
            w = x[i] * x[i];
            t = w * x[i];
            t = t * (float)L[i];
            slx = sumlx - t;
            if (slx > 0) {
                int nl;
                t = w * (float)L[i];
                t = t * (float)L[i];
                sl2 = suml2 - t;
                nl = wm__nearest(x[i] * sl2 / slx);
                nl = WM__CLAMP(nl, -4, 3);
                if (nl != L[i]) {
                    float a, c;
                    t = w * x[i];
                    t = t * (float)nl;
                    slx += t;
                    t = w * (float)nl;
                    t = t * (float)nl;
                    sl2 += t;
                    a = slx * slx;
                    a = a * suml2;
                    c = sumlx * sumlx;
                    c = c * sl2;
                    if (sl2 > 0 && a > c) {
                        L[i] = (int8_t)nl;
                        sumlx = slx;
                        suml2 = sl2;
                        changed++;
                    }
                }
            }
        }
        if (!changed) break;
    }
    for (i = 0; i < 16; i++) L[i] = (int8_t)(L[i] + 4);
    return suml2 > 0.0f ? sumlx / suml2 : 0.0f;
}

/* x[16] ~ scale (L - 32), L in 0..63: 19 trial scales around -32 for the
   largest magnitude, each refit by x^2-weighted least squares */
static float wm__q6_fit(const float *x, int8_t *L) {
    float max, iscale, sumlx, suml2, scale = 0, best = 0, t;
    int i, is;
    if (wm__amax(x, 16, &max) < 1e-15f) {
        memset(L, 0, 16);
        return 0.0f;
    }
    for (is = 0; is <= 19; is++) { /* is 0: the start; then -9..9 but 0 */
        int k = is - 10;
        if (is == 10) continue;
        t = 0.1f * (float)k;
        iscale = is ? -(32.0f + t) / max : -32.0f / max;
        sumlx = suml2 = 0;
        for (i = 0; i < 16; i++) {
            int l = wm__nearest(iscale * x[i]);
            float w = x[i] * x[i];
            l = WM__CLAMP(l, -32, 31);
            if (!is) L[i] = (int8_t)(l + 32);
            t = w * x[i];
            t = t * (float)l;
            sumlx += t;
            t = w * (float)l;
            t = t * (float)l;
            suml2 += t;
        }
        if (!is) {
            scale = suml2 != 0 ? sumlx / suml2 : 0.0f;
            best = scale * sumlx;
            continue;
        }
        if (suml2 > 0) {
            float a = sumlx * sumlx, c = best * suml2;
            if (a > c) {
                for (i = 0; i < 16; i++) {
                    int l = wm__nearest(iscale * x[i]);
                    L[i] = (int8_t)(WM__CLAMP(l, -32, 31) + 32);
                }
                scale = sumlx / suml2;
                best = scale * sumlx;
            }
        }
    }
    return scale;
}

/* the 6-bit (scale, min) pairs of Q4_K and Q5_K: 8 sub-blocks of 32 fitted
   with weights sqrt(mean x^2) + |x|, their scales to 6 bits against the
   largest; then each sub-block's codes against the stored values */
static void wm__qk_scales(const float *x, unsigned char *b, uint8_t *L, int nmax, float rmin, int nstep) {
    float w[32], sc[8], mn[8], ms = 0, mm = 0, is, im, d, dm, t;
    int j, l;
    for (j = 0; j < 8; j++) {
        const float *xb = x + 32 * j;
        float s2 = 0, av;
        for (l = 0; l < 32; l++) {
            t = xb[l] * xb[l];
            s2 += t;
        }
        av = sqrtf(s2 / 32);
        for (l = 0; l < 32; l++) w[l] = av + fabsf(xb[l]);
        sc[j] = wm__qkx2(32, nmax, xb, w, L + 32 * j, &mn[j], rmin, 0.1f, nstep, 0);
        if (sc[j] > ms) ms = sc[j];
        if (mn[j] > mm) mm = mn[j];
    }
    is = ms > 0 ? 63.f / ms : 0.f;
    im = mm > 0 ? 63.f / mm : 0.f;
    memset(b + 4, 0, 12);
    for (j = 0; j < 8; j++) {
        int ls = (uint8_t)wm__nearest(is * sc[j]), lm = (uint8_t)wm__nearest(im * mn[j]);
        ls = WM__MIN(63, ls);
        lm = WM__MIN(63, lm);
        if (j < 4) {
            b[4 + j] = (unsigned char)ls;
            b[8 + j] = (unsigned char)lm;
        } else {
            b[8 + j] = (unsigned char)((ls & 15) | (lm & 15) << 4);
            b[j] |= (unsigned char)((ls >> 4) << 6);
            b[4 + j] |= (unsigned char)((lm >> 4) << 6);
        }
    }
    wm__put_h(b, ms / 63.f);
    wm__put_h(b + 2, mm / 63.f);
    for (j = 0; j < 8; j++) {
        int s, m;
        wm__q4k_scale(b + 4, j, &s, &m);
        d = wm__h(b) * (float)s;
        if (d == 0) continue;
        dm = wm__h(b + 2) * (float)m;
        for (l = 0; l < 32; l++) {
            int v = wm__nearest((x[32 * j + l] + dm) / d);
            L[32 * j + l] = (uint8_t)WM__CLAMP(v, 0, nmax);
        }
    }
}

static void wm__quant_q4_k(const float *x, unsigned char *b) {
    static const int sc[] = {0, -1};
    uint8_t L[256];
    int j, l;
    if (wm__quant_bad(x, 256, b, 144, sc)) return;
    wm__qk_scales(x, b, L, 15, -1.0f, 20);
    for (j = 0; j < 4; j++) /* chunk j: sub-block 2j low nibbles, 2j + 1 high */
        for (l = 0; l < 32; l++) b[16 + 32 * j + l] = (unsigned char)(L[64 * j + l] | L[64 * j + 32 + l] << 4);
}

static void wm__quant_q5_k(const float *x, unsigned char *b) {
    static const int sc[] = {0, -1};
    uint8_t L[256];
    int j, l;
    if (wm__quant_bad(x, 256, b, 176, sc)) return;
    wm__qk_scales(x, b, L, 31, -0.5f, 15);
    memset(b + 16, 0, 32);
    for (j = 0; j < 8; j++) /* sub-block j: nibbles of chunk j/2, fifth bits at bit j of qh */
        for (l = 0; l < 32; l++) {
            int v = L[32 * j + l];
            unsigned char *q = b + 48 + 32 * (j / 2) + l;
            *q = (unsigned char)(j & 1 ? (*q & 15) | (v & 15) << 4 : v & 15);
            b[16 + l] |= (unsigned char)((v >> 4) << j);
        }
}

/* 2-bit codes of 4 quarter-blocks of 32 packed per byte (Q2_K, Q3_K) */
static void wm__pack2(const uint8_t *L, unsigned char *q) {
    int j, l;
    for (j = 0; j < 256; j += 128)
        for (l = 0; l < 32; l++)
            q[j / 4 + l] = (unsigned char)(L[j + l] | L[j + l + 32] << 2 | L[j + l + 64] << 4 | L[j + l + 96] << 6);
}

static void wm__quant_q2_k(const float *x, unsigned char *b) {
    static const int scs[] = {80, -1};
    uint8_t L[256];
    float w[16], sc[16], mn[16], ms = 0, mm = 0, is, d, dm;
    int j, l;
    if (wm__quant_bad(x, 256, b, 84, scs)) return;
    for (j = 0; j < 16; j++) {
        for (l = 0; l < 16; l++) w[l] = fabsf(x[16 * j + l]);
        sc[j] = wm__qkx2(16, 3, x + 16 * j, w, L + 16 * j, &mn[j], -0.5f, 0.1f, 15, 1);
        if (sc[j] > ms) ms = sc[j];
        if (mn[j] > mm) mm = mn[j];
    }
    is = ms > 0 ? 15.f / ms : 0.f;
    for (j = 0; j < 16; j++) b[j] = ms > 0 ? (unsigned char)wm__nearest(is * sc[j]) : 0;
    wm__put_h(b + 80, ms > 0 ? ms / 15.f : 0.f);
    if (mm > 0) {
        is = 15.f / mm;
        for (j = 0; j < 16; j++) b[j] = (unsigned char)(b[j] | (unsigned)wm__nearest(is * mn[j]) << 4);
    }
    wm__put_h(b + 82, mm > 0 ? mm / 15.f : 0.f);
    for (j = 0; j < 16; j++) {
        d = wm__h(b + 80) * (float)(b[j] & 15);
        if (d == 0) continue;
        dm = wm__h(b + 82) * (float)(b[j] >> 4);
        for (l = 0; l < 16; l++) {
            int v = wm__nearest((x[16 * j + l] + dm) / d);
            L[16 * j + l] = (uint8_t)WM__CLAMP(v, 0, 3);
        }
    }
    wm__pack2(L, b + 16);
}

static void wm__quant_q3_k(const float *x, unsigned char *b) {
    static const int scs[] = {108, -1};
    int8_t L[256];
    float sc[16], amax = 0, ms = 0;
    int j, l, m, hm;
    if (wm__quant_bad(x, 256, b, 110, scs)) return;
    for (j = 0; j < 16; j++) {
        sc[j] = wm__q3_fit(x + 16 * j, L + 16 * j);
        if (fabsf(sc[j]) > amax) { amax = fabsf(sc[j]); ms = sc[j]; }
    }
    memset(b + 96, 0, 12);
    if (ms != 0) {
        float is = -32.f / ms;
        for (j = 0; j < 16; j++) {
            int v = wm__nearest(is * sc[j]) & 255; /* as int8_t, wrapped */
            v = v > 127 ? v - 256 : v;
            v = WM__CLAMP(v, -32, 31) + 32;
            if (j < 8) b[96 + j] = (unsigned char)(v & 15);
            else b[96 + j - 8] |= (unsigned char)((v & 15) << 4);
            b[104 + j % 4] |= (unsigned char)((v >> 4) << (2 * (j / 4)));
        }
        wm__put_h(b + 108, 1 / is);
    } else wm__put_h(b + 108, 0.f);
    for (j = 0; j < 16; j++) {
        float d = wm__h(b + 108) * (float)wm__q3k_scale(b + 96, j);
        if (d == 0) continue;
        for (l = 0; l < 16; l++) {
            int v = wm__nearest(x[16 * j + l] / d);
            L[16 * j + l] = (int8_t)(WM__CLAMP(v, -4, 3) + 4);
        }
    }
    memset(b, 0, 32); /* the high bits: weight j at bit j / 32 of byte j % 32 */
    for (j = 0, m = 0, hm = 1; j < 256; j++) {
        if (L[j] > 3) {
            b[m] |= (unsigned char)hm;
            L[j] = (int8_t)(L[j] - 4);
        }
        if (++m == 32) { m = 0; hm <<= 1; }
    }
    wm__pack2((const uint8_t *)L, b + 32);
}

static void wm__quant_q6_k(const float *x, unsigned char *b) {
    static const int scs[] = {208, -1};
    int8_t L[256];
    float sc[16], amax = 0, ms = 0, is;
    int j, l;
    if (wm__quant_bad(x, 256, b, 210, scs)) return;
    for (j = 0; j < 16; j++) {
        sc[j] = wm__q6_fit(x + 16 * j, L + 16 * j);
        if (fabsf(sc[j]) > amax) { amax = fabsf(sc[j]); ms = sc[j]; }
    }
    if (amax < 1e-15f) { /* all zero */
        memset(b, 0, 210);
        return;
    }
    is = -128.f / ms;
    wm__put_h(b + 208, 1 / is);
    for (j = 0; j < 16; j++) {
        int v = wm__nearest(is * sc[j]);
        b[192 + j] = (unsigned char)WM__MIN(127, v); /* as int8_t, wrapped */
    }
    for (j = 0; j < 16; j++) {
        float d = wm__h(b + 208) * (float)(int8_t)b[192 + j];
        if (d == 0) continue;
        for (l = 0; l < 16; l++) {
            int v = wm__nearest(x[16 * j + l] / d);
            L[16 * j + l] = (int8_t)(WM__CLAMP(v, -32, 31) + 32);
        }
    }
    for (j = 0; j < 256; j += 128)
        for (l = 0; l < 32; l++) {
            const int8_t *q = L + j + l;
            b[j / 2 + l] = (unsigned char)((q[0] & 15) | (q[64] & 15) << 4);
            b[j / 2 + l + 32] = (unsigned char)((q[32] & 15) | (q[96] & 15) << 4);
            b[128 + j / 4 + l] = (unsigned char)((q[0] >> 4) | (q[32] >> 4) << 2 | (q[64] >> 4) << 4 | (q[96] >> 4) << 6);
        }
}

/* Q4_1 and Q5_1: min-max per block of 32, as quantize_row_q4_1_ref / q5_1_ref */
static void wm__quant_minmax(const float *x, unsigned char *b, int bits) {
    static const int scs[] = {0, 2, -1};
    float min = 3.40282347e38f, max = -3.40282347e38f, d, id;
    uint32_t qh = 0;
    int j, nmax = (1 << bits) - 1, o = bits == 4 ? 4 : 8;
    if (wm__quant_bad(x, 32, b, bits == 4 ? 20 : 24, scs)) return;
    for (j = 0; j < 32; j++) {
        if (x[j] < min) min = x[j];
        if (x[j] > max) max = x[j];
    }
    d = (max - min) / (float)nmax;
    id = d != 0 ? 1.0f / d : 0.0f;
    if (!(id <= 3.40282347e38f)) id = 0.0f; /* 1/d overflowed: codes of zero (what x86 gives llama.cpp) */
    wm__put_h(b, d);
    wm__put_h(b + 2, min);
    for (j = 0; j < 16; j++) {
        float x0 = (x[j] - min) * id, x1 = (x[j + 16] - min) * id;
        float a0 = x0 + 0.5f, c0 = x1 + 0.5f; /* truncated, as (uint8_t)(x + 0.5f); NaN (inf times 0) gives 0, as x86 gives llama.cpp */
        int a = (int)(a0 > 0.0f ? (a0 < (float)nmax ? a0 : (float)nmax) : 0.0f), c = (int)(c0 > 0.0f ? (c0 < (float)nmax ? c0 : (float)nmax) : 0.0f);
        b[o + j] = (unsigned char)((a & 15) | (c & 15) << 4);
        qh |= (uint32_t)(a >> 4) << j | (uint32_t)(c >> 4) << (j + 16);
    }
    if (bits == 5) for (j = 0; j < 4; j++) b[4 + j] = (unsigned char)(qh >> 8 * j);
}
static void wm__quant_q4_1(const float *x, unsigned char *b) { wm__quant_minmax(x, b, 4); }
static void wm__quant_q5_1(const float *x, unsigned char *b) { wm__quant_minmax(x, b, 5); }

static void wm__quant_q5_0(const float *x, unsigned char *b) { /* as quantize_row_q5_0_ref */
    float max, d, id;
    uint32_t qh = 0;
    int j;
    if (!wm__all_finite(x, 32)) { memset(b, 0, 22); wm__put_h(b, NAN); return; }
    wm__amax(x, 32, &max);
    d = max / -16.0f;
    id = d != 0 ? 1.0f / d : 0.0f;
    if (!(fabsf(id) <= 3.40282347e38f)) id = 0.0f;
    wm__put_h(b, d);
    for (j = 0; j < 16; j++) { /* x id in [-16, 16] */
        int a = (int8_t)(x[j] * id + 16.5f), c = (int8_t)(x[j + 16] * id + 16.5f);
        a = WM__MIN(31, a);
        c = WM__MIN(31, c);
        b[6 + j] = (unsigned char)((a & 15) | (c & 15) << 4);
        qh |= (uint32_t)(a >> 4) << j | (uint32_t)(c >> 4) << (j + 16);
    }
    for (j = 0; j < 4; j++) b[2 + j] = (unsigned char)(qh >> 8 * j);
}

static int wm__iq4_index(float x) { /* the nearest level, the lower one on a tie */
    int lo = 0, hi = 15;
    if (x <= (float)wm__iq4nl[0]) return 0;
    if (x >= (float)wm__iq4nl[15]) return 15;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (x < (float)wm__iq4nl[mid]) hi = mid;
        else lo = mid;
    }
    return x - (float)wm__iq4nl[hi - 1] < (float)wm__iq4nl[hi] - x ? hi - 1 : hi;
}

/* the x^2-weighted fit of one block of 32 to d levels: 15 trial scales
   around -max / -127, as quantize_row_iq4_nl_impl (ntry 7) */
static float wm__iq4_fit(const float *x) {
    float max, d, id, sqx = 0, sq2 = 0, best, t;
    int j, it;
    if (wm__amax(x, 32, &max) < 1e-15f) return 0.0f;
    d = -max / -127.0f;
    id = 1 / d;
    for (j = 0; j < 32; j++) {
        float q = (float)wm__iq4nl[wm__iq4_index(id * x[j])], w = x[j] * x[j];
        t = w * q;
        t = t * x[j];
        sqx += t;
        t = w * q;
        t = t * q;
        sq2 += t;
    }
    d = sq2 > 0 ? sqx / sq2 : 0.f;
    best = d * sqx;
    for (it = -7; it <= 7; it++) {
        id = (float)(it - 127) / max;
        sqx = sq2 = 0;
        for (j = 0; j < 32; j++) {
            float q = (float)wm__iq4nl[wm__iq4_index(id * x[j])], w = x[j] * x[j];
            t = w * q;
            t = t * x[j];
            sqx += t;
            t = w * q;
            t = t * q;
            sq2 += t;
        }
        if (sq2 > 0) {
            float a = sqx * sqx, c = best * sq2;
            if (a > c) {
                d = sqx / sq2;
                best = d * sqx;
            }
        }
    }
    return d;
}

/* 32 codes of x against the levels times 1/d (id), packed as Q4_0's nibbles */
static void wm__iq4_pack(const float *x, float id, unsigned char *q) {
    int j;
    for (j = 0; j < 16; j++) q[j] = (unsigned char)(wm__iq4_index(id * x[j]) | wm__iq4_index(id * x[j + 16]) << 4);
}

static void wm__quant_iq4_nl(const float *x, unsigned char *b) {
    float d;
    if (!wm__all_finite(x, 32)) { memset(b, 0, 18); wm__put_h(b, NAN); return; }
    d = wm__iq4_fit(x);
    wm__put_h(b, d);
    wm__iq4_pack(x, d != 0 ? 1 / d : 0, b + 2);
}

static void wm__quant_iq4_xs(const float *x, unsigned char *b) {
    float sc[8], amax = 0, ms = 0, d, id;
    unsigned sh = 0;
    int j;
    if (!wm__all_finite(x, 256)) { memset(b, 0, 136); wm__put_h(b, NAN); return; }
    for (j = 0; j < 8; j++) {
        sc[j] = wm__iq4_fit(x + 32 * j);
        if (fabsf(sc[j]) > amax) { amax = fabsf(sc[j]); ms = sc[j]; }
    }
    d = -ms / 32;
    wm__put_h(b, d);
    id = d != 0 ? 1 / d : 0.f;
    memset(b + 4, 0, 4);
    for (j = 0; j < 8; j++) {
        int l = wm__nearest(id * sc[j]);
        float dl;
        l = WM__CLAMP(l, -32, 31);
        dl = d * (float)l;
        wm__iq4_pack(x + 32 * j, dl != 0 ? 1 / dl : 0.f, b + 8 + 16 * j);
        l += 32;
        b[4 + j / 2] |= (unsigned char)((l & 15) << 4 * (j % 2));
        sh |= (unsigned)(l >> 4) << 2 * j;
    }
    b[2] = (unsigned char)(sh & 255);
    b[3] = (unsigned char)(sh >> 8);
}

/* ---- quantized activations ----------------------------------------------------
   A matrix with quantized weights multiplies activations quantized per 32 to
   int8 (as llama.cpp does; that is what makes integer dot products fast).
   The scale keeps an f16's 11 significant bits but a float's range, so
   d_w d_x is exact in float; q = x / d rounded to nearest even. Blocks are
   stored in groups of 8, scales and sums together, so a SIMD body loads the
   8 scales of a group as one vector. */
typedef struct wm__qa { /* 8 blocks of 32: 320 bytes on every target */
    float d[8];      /* scales, 11 significant bits */
    int32_t sum[8];  /* sums of q (Q4_0's offset, Q4_K's mins) */
    int8_t q[8][WM__QK];
} wm__qa;
#define WM__QA_GROUPS(n) (((n) / WM__QK + 7) / 8) /* groups of a row of n (a multiple of 32) */

static float wm__round11(float f) { /* to 11 significant bits, nearest even (f16's mantissa) */
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7f800000u) != 0x7f800000u) u = (u + 0xfffu + ((u >> 13) & 1)) & ~0x1fffu;
    memcpy(&f, &u, 4);
    return f;
}

/* x[n] (n a multiple of 32) into WM__QA_GROUPS(n) groups; a non-finite block
   gets d NaN; the unused blocks of the last group are zero */
#ifdef WM__SIMD
static int32_t wm__v_round_q8(const float *x, float id, int8_t *q);
#endif
static void wm__quant_act(const float *x, int n, wm__qa *out, int simd) {
    int b, j, nb = n / WM__QK;
    if (nb % 8) memset(&out[nb / 8], 0, sizeof(wm__qa));
    for (b = 0; b < nb; b++, x += WM__QK) {
        wm__qa *o = &out[b / 8];
        int k = b % 8;
        float amax = 0.0f, d, id;
        int32_t s = 0, bad = 0;
        for (j = 0; j < WM__QK; j++) {
            amax = WM__MAX(amax, fabsf(x[j]));
            bad |= !(fabsf(x[j]) <= 3.40282347e38f);
        }
        if (bad) { /* inf or NaN: the products come out NaN */
            o->d[k] = NAN;
            o->sum[k] = 0;
            memset(o->q[k], 0, WM__QK);
            continue;
        }
        d = amax / 127.0f;
        id = d != 0.0f ? 1.0f / d : 0.0f;
        if (!(id <= 3.40282347e38f)) { /* 1/d overflowed (amax below ~3.7e-37): a block of zeros */
            o->d[k] = 0.0f;
            o->sum[k] = 0;
            memset(o->q[k], 0, WM__QK);
            continue;
        }
#ifdef WM__SIMD
        if (simd) { /* the same products, rounded to nearest even as lrintf does */
            o->d[k] = wm__round11(d);
            o->sum[k] = wm__v_round_q8(x, id, o->q[k]);
            continue;
        }
#else
        (void)simd;
#endif
        for (j = 0; j < WM__QK; j++) {
            int v = wm__rint_clamp(x[j] * id, -127, 127);
            o->q[k][j] = (int8_t)v;
            s += v;
        }
        o->d[k] = wm__round11(d);
        o->sum[k] = s;
    }
}

/* ---- quantized dot products -----------------------------------------------------
   x . w for activations x (groups of 8 wm__qa blocks) and one quantized
   weight row w of n weights. Integer sums are exact; floats enter only as
     acc[k] = fma(d_w d_x, isum, acc[k])        k: activation block mod 8
   (Q4_K's sub-blocks are those blocks, plus fma(-dmin_w d_x, m sum_x, acc[k])),
   then one fixed tree over acc[8]. d_w d_x is exact and every isum is below
   2^24 in magnitude, so the SIMD bodies, which form the integer sums and
   scales of 8 blocks at once, equal the scalar reference bit for bit.
   Q4_0 and Q4_K multiply unsigned nibbles (maddubs needs no sign trick):
   Q4_0's isum = sum(n x) - 8 sum(x). */

static float wm__qsum8(const float *a) { return ((a[0] + a[4]) + (a[2] + a[6])) + ((a[1] + a[5]) + (a[3] + a[7])); }

/* blocks [b, nb) of the scalar reference (and the tail of the SIMD bodies):
   one function per type (the traits row's qdot) */
static void wm__qdot_q8_0(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) {
    for (; b < nb; b++) {
        const wm__qa *g = &x[b / 8];
        const unsigned char *wb = w + (size_t)b * 34;
        int k = b & 7, j;
        int32_t s = 0;
        for (j = 0; j < WM__QK; j++) s += (int8_t)wb[2 + j] * g->q[k][j];
        acc[k] = fmaf(wm__h(wb) * g->d[k], (float)s, acc[k]);
    }
}

static void wm__qdot_q4_0(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) {
    for (; b < nb; b++) {
        const wm__qa *g = &x[b / 8];
        const int8_t *q = g->q[b & 7];
        const unsigned char *wb = w + (size_t)b * 18;
        int k = b & 7, j;
        int32_t s = 0;
        for (j = 0; j < WM__QK / 2; j++) s += ((wb[2 + j] & 15) - 8) * q[j] + ((wb[2 + j] >> 4) - 8) * q[j + 16];
        acc[k] = fmaf(wm__h(wb) * g->d[k], (float)s, acc[k]);
    }
}

static void wm__qdot_q4_k(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) {
    for (; b < nb; b++) { /* block k: sub-block k, nibbles of chunk k/2 */
        const wm__qa *g = &x[b / 8];
        int k = b & 7, j, sc, m;
        const unsigned char *wb = w + (size_t)(b / 8) * 144, *n = wb + 16 + 32 * (k / 2);
        float dx = g->d[k];
        int32_t s = 0;
        wm__q4k_scale(wb + 4, k, &sc, &m);
        for (j = 0; j < WM__QK; j++) s += (k & 1 ? n[j] >> 4 : n[j] & 15) * g->q[k][j];
        acc[k] = fmaf(wm__h(wb) * dx, (float)(sc * s), acc[k]);
        acc[k] = fmaf(-(wm__h(wb + 2) * dx), (float)(m * g->sum[k]), acc[k]);
    }
}

static void wm__qdot_q6_k(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) {
    for (; b < nb; b++) { /* block k is half k/4, quarter k%4; sub-blocks 2k, 2k+1 */
        const wm__qa *g = &x[b / 8];
        int k = b & 7, j, sh = k & 2 ? 4 : 0, hs = 2 * (k & 3);
        const unsigned char *wb = w + (size_t)(b / 8) * 210, *ql = wb + 64 * (k / 4) + 32 * (k & 1), *qh = wb + 128 + 32 * (k / 4);
        const int8_t *sc = (const int8_t *)(wb + 192) + 2 * k;
        int32_t s = 0, s1 = 0;
        for (j = 0; j < WM__QK; j++) {
            int v = (((ql[j] >> sh) & 15) | (((qh[j] >> hs) & 3) << 4)) - 32;
            if (j < 16) s += v * g->q[k][j];
            else s1 += v * g->q[k][j];
        }
        acc[k] = fmaf(wm__h(wb + 208) * g->d[k], (float)(sc[0] * s + sc[1] * s1), acc[k]);
    }
}

/* The other types' blocks of 32 as signed bytes, the codes their dots
   multiply (Q2_K: times the sub-block's scale, mq its min; Q5_0: q - 16;
   Q3_K: q - 4 where the high bit is clear; IQ4: the levels), block b of
   row w. The scalar references below and the SIMD bodies' cases both
   start from these, then apply each type's scales as the table says. */
static void wm__qcodes(int dt, const unsigned char *w, int b, int8_t *q, int8_t *mq) {
    int k = b & 7, l;
    const unsigned char *wb, *n;
    uint32_t qh;
    switch (dt) {
    case WM_Q4_1: case WM_IQ4_NL: /* nibbles, low ones first */
        n = dt == WM_Q4_1 ? w + (size_t)b * 20 + 4 : w + (size_t)b * 18 + 2;
        for (l = 0; l < 16; l++) { q[l] = (int8_t)(n[l] & 15); q[l + 16] = (int8_t)(n[l] >> 4); }
        if (dt == WM_IQ4_NL) for (l = 0; l < 32; l++) q[l] = wm__iq4nl[q[l]];
        break;
    case WM_Q5_0: case WM_Q5_1: {
        int o = dt == WM_Q5_0 ? -16 : 0;
        wb = w + (size_t)b * (dt == WM_Q5_0 ? 22 : 24);
        n = wb + (dt == WM_Q5_0 ? 6 : 8);
        qh = wm__le32(wb + (dt == WM_Q5_0 ? 2 : 4));
        for (l = 0; l < 16; l++) {
            q[l] = (int8_t)(((n[l] & 15) | (int)(qh >> l & 1) << 4) + o);
            q[l + 16] = (int8_t)(((n[l] >> 4) | (int)(qh >> (l + 16) & 1) << 4) + o);
        }
        break;
    }
    case WM_Q2_K:
        wb = w + (size_t)(b / 8) * 84;
        for (l = 0; l < 32; l++) {
            int s = wb[2 * k + l / 16];
            q[l] = (int8_t)((s & 15) * WM__Q2(wb + 16, 32 * k + l));
            mq[l] = (int8_t)(s >> 4);
        }
        break;
    case WM_Q3_K:
        wb = w + (size_t)(b / 8) * 110;
        for (l = 0; l < 32; l++) q[l] = (int8_t)(WM__Q2(wb + 32, 32 * k + l) - (wb[l] >> k & 1 ? 0 : 4));
        break;
    case WM_Q5_K:
        wb = w + (size_t)(b / 8) * 176;
        n = wb + 48 + 32 * (k / 2);
        for (l = 0; l < 32; l++) q[l] = (int8_t)((k & 1 ? n[l] >> 4 : n[l] & 15) | (wb[16 + l] >> k & 1) << 4);
        break;
    default: /* WM_IQ4_XS */
        n = w + (size_t)(b / 8) * 136 + 8 + 16 * k;
        for (l = 0; l < 16; l++) { q[l] = wm__iq4nl[n[l] & 15]; q[l + 16] = wm__iq4nl[n[l] >> 4]; }
    }
}

/* blocks [b, nb): the integer sums of each half of the codes, then
     Q4_1, Q5_1:   fma(d dx, s, acc), fma(m dx, sum x, acc)
     Q5_0, IQ4_NL: fma(d dx, s, acc)
     Q2_K:         fma(d dx, s, acc), fma(-dmin dx, mq . x, acc)
     Q3_K:         fma(d dx, sc0 s0 + sc1 s1, acc)     (its sub-blocks of 16)
     Q5_K:         as Q4_K
     IQ4_XS:       fma(d dx, (ls - 32) s, acc) */
static void wm__qdot_codes(int dt, const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) {
    for (; b < nb; b++) {
        const wm__qa *g = &x[b / 8];
        int k = b & 7, l, sc, m;
        int8_t q[32], mq[32];
        int32_t s0 = 0, s1 = 0, sm = 0;
        float dx = g->d[k];
        const unsigned char *wb;
        wm__qcodes(dt, w, b, q, mq);
        for (l = 0; l < 16; l++) s0 += q[l] * g->q[k][l];
        for (; l < 32; l++) s1 += q[l] * g->q[k][l];
        switch (dt) {
        case WM_Q4_1: case WM_Q5_1:
            wb = w + (size_t)b * (dt == WM_Q4_1 ? 20 : 24);
            acc[k] = fmaf(wm__h(wb) * dx, (float)(s0 + s1), acc[k]);
            acc[k] = fmaf(wm__h(wb + 2) * dx, (float)g->sum[k], acc[k]);
            break;
        case WM_Q5_0: case WM_IQ4_NL:
            acc[k] = fmaf(wm__h(w + (size_t)b * (dt == WM_Q5_0 ? 22 : 18)) * dx, (float)(s0 + s1), acc[k]);
            break;
        case WM_Q2_K:
            wb = w + (size_t)(b / 8) * 84;
            for (l = 0; l < 32; l++) sm += mq[l] * g->q[k][l];
            acc[k] = fmaf(wm__h(wb + 80) * dx, (float)(s0 + s1), acc[k]);
            acc[k] = fmaf(-(wm__h(wb + 82) * dx), (float)sm, acc[k]);
            break;
        case WM_Q3_K:
            wb = w + (size_t)(b / 8) * 110;
            acc[k] = fmaf(wm__h(wb + 108) * dx, (float)(wm__q3k_scale(wb + 96, 2 * k) * s0 + wm__q3k_scale(wb + 96, 2 * k + 1) * s1), acc[k]);
            break;
        case WM_Q5_K:
            wb = w + (size_t)(b / 8) * 176;
            wm__q4k_scale(wb + 4, k, &sc, &m);
            acc[k] = fmaf(wm__h(wb) * dx, (float)(sc * (s0 + s1)), acc[k]);
            acc[k] = fmaf(-(wm__h(wb + 2) * dx), (float)(m * g->sum[k]), acc[k]);
            break;
        default: /* WM_IQ4_XS */
            wb = w + (size_t)(b / 8) * 136;
            acc[k] = fmaf(wm__h(wb) * dx, (float)(wm__iq4xs_scale(wb, k) * (s0 + s1)), acc[k]);
        }
    }
}
#define WM__QDOT_CODES(t, T) \
    static void wm__qdot_##t(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) { wm__qdot_codes(T, x, w, b, nb, acc); }
WM__QDOT_CODES(q4_1, WM_Q4_1)
WM__QDOT_CODES(q5_0, WM_Q5_0)
WM__QDOT_CODES(q5_1, WM_Q5_1)
WM__QDOT_CODES(q2_k, WM_Q2_K)
WM__QDOT_CODES(q3_k, WM_Q3_K)
WM__QDOT_CODES(q5_k, WM_Q5_K)
WM__QDOT_CODES(iq4_nl, WM_IQ4_NL)
WM__QDOT_CODES(iq4_xs, WM_IQ4_XS)

/* ---- the tensor types ---------------------------------------------------------
   One row per type, in the order of the public ids (WM_F32 .. WM_Q6_K, then
   the types wm.h only names). A type wm.h computes with has deq and quant;
   a quantized one (act WM__ACT_Q8) multiplies int8 activations with its
   qdot, and with simd set, the SIMD bodies' case in wm__qw8_unpack and
   wm__qw8_dot. The float types widen in the kernels themselves (wm__elem,
   wm__v_ld). */
enum { WM__ACT_F32, WM__ACT_Q8 };
typedef struct wm__type {
    const char *name;
    int size, block; /* bytes per block of `block` elements */
    int st, gg;      /* st: a safetensors dtype; gg: its GGML type id (-1: none) */
    int act;         /* what a matrix of it multiplies: floats, or wm__qa groups */
    int simd;        /* WM__ACT_Q8: wm__qw8_unpack and wm__qw8_dot have its case */
    void (*deq)(const unsigned char *b, float *y);                                     /* one block to floats (NULL: only named) */
    void (*quant)(const float *x, unsigned char *b);                                   /* one block from floats */
    void (*qdot)(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc); /* reference dot of blocks [b, nb) */
} wm__type;
#define WM__NAMED(name, size, block, st, gg) {name, size, block, st, gg, WM__ACT_F32, 0, NULL, NULL, NULL}
static const wm__type wm__types[] = {
    {"F32", 4, 1, 1, 0, WM__ACT_F32, 0, wm__deq_f32, wm__quant_f32, NULL},
    {"F16", 2, 1, 1, 1, WM__ACT_F32, 0, wm__deq_f16, wm__quant_f16, NULL},
    {"BF16", 2, 1, 1, 30, WM__ACT_F32, 0, wm__deq_bf16, wm__quant_bf16, NULL},
    {"Q8_0", 34, 32, 0, 8, WM__ACT_Q8, 1, wm__deq_q8_0, wm__quant_q8_0, wm__qdot_q8_0},
    {"Q4_0", 18, 32, 0, 2, WM__ACT_Q8, 1, wm__deq_q4_0, wm__quant_q4_0, wm__qdot_q4_0},
    {"Q4_K", 144, 256, 0, 12, WM__ACT_Q8, 1, wm__deq_q4_k, wm__quant_q4_k, wm__qdot_q4_k},
    {"Q6_K", 210, 256, 0, 14, WM__ACT_Q8, 1, wm__deq_q6_k, wm__quant_q6_k, wm__qdot_q6_k},
    {"Q4_1", 20, 32, 0, 3, WM__ACT_Q8, 1, wm__deq_q4_1, wm__quant_q4_1, wm__qdot_q4_1},
    {"Q5_0", 22, 32, 0, 6, WM__ACT_Q8, 1, wm__deq_q5_0, wm__quant_q5_0, wm__qdot_q5_0},
    {"Q5_1", 24, 32, 0, 7, WM__ACT_Q8, 1, wm__deq_q5_1, wm__quant_q5_1, wm__qdot_q5_1},
    {"Q2_K", 84, 256, 0, 10, WM__ACT_Q8, 1, wm__deq_q2_k, wm__quant_q2_k, wm__qdot_q2_k},
    {"Q3_K", 110, 256, 0, 11, WM__ACT_Q8, 1, wm__deq_q3_k, wm__quant_q3_k, wm__qdot_q3_k},
    {"Q5_K", 176, 256, 0, 13, WM__ACT_Q8, 1, wm__deq_q5_k, wm__quant_q5_k, wm__qdot_q5_k},
    {"IQ4_NL", 18, 32, 0, 20, WM__ACT_Q8, 1, wm__deq_iq4_nl, wm__quant_iq4_nl, wm__qdot_iq4_nl},
    {"IQ4_XS", 136, 256, 0, 23, WM__ACT_Q8, 1, wm__deq_iq4_xs, wm__quant_iq4_xs, wm__qdot_iq4_xs},
    WM__NAMED("F64", 8, 1, 1, 28), WM__NAMED("I64", 8, 1, 1, 27), WM__NAMED("U64", 8, 1, 1, -1), WM__NAMED("I32", 4, 1, 1, 26),
    WM__NAMED("U32", 4, 1, 1, -1), WM__NAMED("I16", 2, 1, 1, 25), WM__NAMED("U16", 2, 1, 1, -1), WM__NAMED("I8", 1, 1, 1, 24),
    WM__NAMED("U8", 1, 1, 1, -1), WM__NAMED("BOOL", 1, 1, 1, -1), WM__NAMED("F8_E4M3", 1, 1, 1, -1), WM__NAMED("F8_E5M2", 1, 1, 1, -1),
    WM__NAMED("F8_E8M0", 1, 1, 1, -1), WM__NAMED("C64", 8, 1, 1, -1),
    /* GGML types wm.h names but does not compute with */
    WM__NAMED("Q8_1", 36, 32, 0, 9), WM__NAMED("Q8_K", 292, 256, 0, 15)};
#define WM__N_TYPES ((int)(sizeof wm__types / sizeof wm__types[0]))

/* bytes of a row of n elements of dtype (n a multiple of its block) */
static size_t wm__row_size(int dtype, size_t n) { return n / (size_t)wm__types[dtype].block * (size_t)wm__types[dtype].size; }
#define WM__IS_Q(dtype) (wm__types[dtype].act == WM__ACT_Q8)

WMDEF const char *wm_type_name(int type) { return type >= 0 && type < WM__N_TYPES ? wm__types[type].name : NULL; }

/* The CPU's vector units, asked at run time where the build does not
   assume them: cpuid's AVX2, FMA and F16C bits, and the OS saving the YMM
   registers (XCR0 bits 1 and 2). */
WMDEF int wm_isa_supported(int isa) {
    if (isa == WM_ISA_SCALAR) return 1;
#if defined(WM__AVX2_RT)
    if (isa == WM_ISA_AVX2) {
        unsigned a, b, c, d, lo, hi;
        if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
        if (!(c & (1u << 12)) || !(c & (1u << 29)) || !(c & (1u << 27))) return 0; /* FMA, F16C, OSXSAVE */
        __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        (void)hi;
        if ((lo & 6) != 6) return 0; /* XMM and YMM state */
        if (__get_cpuid_max(0, NULL) < 7) return 0;
        __cpuid_count(7, 0, a, b, c, d);
        return (b & (1u << 5)) != 0; /* AVX2 */
    }
#elif defined(WM__AVX2)
    if (isa == WM_ISA_AVX2) return 1;
#elif defined(WM__NEON)
    if (isa == WM_ISA_NEON) return 1;
#if defined(__ARM_FEATURE_DOTPROD)
    if (isa == WM_ISA_NEON_DOT) return 1;
#elif defined(WM__NEON_HWCAP)
    if (isa == WM_ISA_NEON_DOT) return (getauxval(AT_HWCAP) & (1ul << 20)) != 0; /* HWCAP_ASIMDDP */
#endif
#elif defined(WM__MVE)
    if (isa == WM_ISA_HELIUM) return 1;
#elif defined(WM__DSP)
    if (isa == WM_ISA_DSP) return 1;
#endif
    return 0;
}
WMDEF int wm_isa_best(void) {
    int isa;
    for (isa = WM_ISA_COUNT - 1; isa > WM_ISA_SCALAR; isa--)
        if (wm_isa_supported(isa)) return isa;
    return WM_ISA_SCALAR;
}
static const char *const wm__isa_names[WM_ISA_COUNT] = {"auto", "scalar", "avx2+fma+f16c", "neon", "helium", "neon+dotprod", "arm-dsp"};
WMDEF const char *wm_isa_name(int isa) {
    if (isa == WM_ISA_AUTO) isa = wm_isa_best();
    return isa > 0 && isa < WM_ISA_COUNT ? wm__isa_names[isa] : NULL;
}
WMDEF int wm_isa_parse(const char *name) {
    int isa;
    if (name && !strcmp(name, "avx2")) return WM_ISA_AVX2;
    for (isa = 0; name && isa < WM_ISA_COUNT; isa++)
        if (!strcmp(name, wm__isa_names[isa])) return isa;
    return -1;
}
WMDEF int wm_type_block(int type) { return type >= 0 && type < WM__N_TYPES ? wm__types[type].block : 0; }
WMDEF int wm_type_ggml(int type) { return type >= 0 && type < WM__N_TYPES ? wm__types[type].gg : -1; }
WMDEF size_t wm_type_bytes(int type, uint64_t n) {
    size_t r;
    if (type < 0 || type >= WM__N_TYPES || n % (uint64_t)wm__types[type].block || n > (uint64_t)(size_t)-1) return 0;
    return wm__mul((size_t)n / (size_t)wm__types[type].block, (size_t)wm__types[type].size, &r) ? r : 0;
}

/* 1: a type wm.h computes with */
static int wm__computed(int type) { return type >= 0 && type < WM__N_TYPES && wm__types[type].deq; }

WMDEF wm_status wm_quantize(int type, const float *x, size_t n, void *out) {
    unsigned char *o = (unsigned char *)out;
    size_t i, bl, bs;
    if (!wm__computed(type) || !x || !out || n % (size_t)wm__types[type].block) return WM_ERR_INVALID_ARG;
    bl = (size_t)wm__types[type].block;
    bs = (size_t)wm__types[type].size;
    for (i = 0; i < n; i += bl, o += bs) wm__types[type].quant(x + i, o);
    return WM_OK;
}

WMDEF wm_status wm_dequantize(int type, const void *in, size_t n, float *y) {
    const unsigned char *p = (const unsigned char *)in;
    size_t i, bl, bs;
    if (!wm__computed(type) || !in || !y || n % (size_t)wm__types[type].block) return WM_ERR_INVALID_ARG;
    bl = (size_t)wm__types[type].block;
    bs = (size_t)wm__types[type].size;
    for (i = 0; i < n; i += bl, p += bs) wm__types[type].deq(p, y + i);
    return WM_OK;
}

/* ========================================================================
   [@KERNELS] Kernels. One scalar reference per kernel, always compiled; the AVX2+FMA
   and NEON bodies handle whole vectors and finish with the same scalar tail.
   Layers call the dispatching names (wm__k_*) only, passing a kernel context
   that can force the scalar references at run time. Every path accumulates
   in float.
   ======================================================================== */

/* A weight matrix used in place: [rows][cols], row-major; a quantized row
   is cols / block blocks. */
typedef struct wm__mat {
    const void *data;
    int dtype; /* WM_F32 .. WM_IQ4_XS */
    int rows, cols;
} wm__mat;

/* row r of W, in place */
static const void *wm__row(const wm__mat *W, int r) { return (const unsigned char *)W->data + (size_t)r * wm__row_size(W->dtype, (size_t)W->cols); }

/* How kernels run for one session. */
typedef struct wm__kc {
    int simd;      /* 0: the scalar references */
    int n_threads; /* threads of outer loops (per-thread scratch: n_threads of each) */
    wm_parallel_for pfor; /* the parallel-for, or NULL (OpenMP or none) */
    void *pool;
    float *pack;   /* matmul scratch: [n_threads][3][WM__KB] half-precision slices widened for the GEMM */
    wm__qa *qa;    /* matmul scratch: [n_batch][cols / 256 groups] activations of quantized matrices */
    struct wm__qr *qr; /* matmul scratch: [n_threads][cols / 32] quantized rows repacked 8 at a time (NULL: n_batch < WM__QT_MIN) */
} wm__kc;

/* kc->simd of a WM_ISA_* value (WM_ISA_AUTO: the best here) */
static int wm__kc_simd(int isa) {
    if (isa == WM_ISA_AUTO) isa = wm_isa_best();
    return isa == WM_ISA_SCALAR ? 0 : isa;
}

#if defined(_OPENMP)
#include <omp.h>
#endif

/* fn(arg, i, worker) for i in [0, n): on the session's parallel-for, else
   OpenMP's threads, else here. Every loop that threads runs through it. */
static void wm__pfor(const wm__kc *kc, int n, wm_task fn, void *arg) {
    int i;
    if (n > 1 && kc->n_threads > 1 && kc->pfor) {
        kc->pfor(kc->pool, n, fn, arg);
        return;
    }
#if defined(_OPENMP)
    if (n > 1 && kc->n_threads > 1) {
#pragma omp parallel for num_threads(kc->n_threads) schedule(dynamic, 1)
        for (i = 0; i < n; i++) fn(arg, i, omp_get_thread_num());
        return;
    }
#endif
    for (i = 0; i < n; i++) fn(arg, i, 0);
}

/* element i of a weight row of any dtype */
static float wm__elem(const void *w, int dtype, size_t i) {
    if (dtype == WM_F32) return ((const float *)w)[i];
    if (dtype == WM_BF16) return wm__bf16_to_f32(((const uint16_t *)w)[i]);
    return wm__f16_to_f32(((const uint16_t *)w)[i]);
}

/* ---- [@SIMD] SIMD mapping ----------------------------------------------------
   Every vector body below is written once, against these names (after ggml's
   simd-mappings.h): an ISA supplies a float vector wm__vf of WM__VL lanes,
   the operations on it, the widening loads of each float weight type and
   the two reductions, then the int8 vectors of the quantized dots (wm__vb
   bytes, wm__vs / wm__vd sums, wm__vq8 the 8 scales of a group). AVX2, NEON
   and Helium (Cortex-M55/M85) have a block each; another ISA (AVX-512,
   RISC-V V) is one more. A quantized tensor type adds its case to
   wm__qw8_unpack / wm__qw8_dot, not to the mapping. The lane order of a
   reduction is the ISA's own, so each ISA is deterministic, not equal to
   the others to the last bit. Everything that touches these vectors lies
   between WM__TARGET_BEGIN and WM__TARGET_END (compiled for the ISA where
   it is chosen at run time); the scalar references lie outside. */

WM__TARGET_BEGIN
#if defined(WM__AVX2)
#define WM__SIMD 1
#define WM__VL 8
typedef __m256 wm__vf;
#define WM__V_LOAD(p) _mm256_loadu_ps(p)
#define WM__V_STORE(p, v) _mm256_storeu_ps(p, v)
#define WM__V_SET1(x) _mm256_set1_ps(x)
#define WM__V_ZERO() _mm256_setzero_ps()
#define WM__V_ADD(a, b) _mm256_add_ps(a, b)
#define WM__V_SUB(a, b) _mm256_sub_ps(a, b)
#define WM__V_MUL(a, b) _mm256_mul_ps(a, b)
#define WM__V_DIV(a, b) _mm256_div_ps(a, b)
#define WM__V_MIN(a, b) _mm256_min_ps(a, b)
#define WM__V_MAX(a, b) _mm256_max_ps(a, b)
#define WM__V_FMA(c, a, b) _mm256_fmadd_ps(a, b, c)   /* c + a b, one rounding */
#define WM__V_FNMA(c, a, b) _mm256_fnmadd_ps(a, b, c) /* c - a b, one rounding */
#define WM__V_FLOOR(a) _mm256_floor_ps(a)
/* 2^n for integral n in [-126, 127] */
#define WM__V_POW2I(n) _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23))
/* y, with 0 where x < lim */
#define WM__V_ZERO_BELOW(y, x, lim) _mm256_andnot_ps(_mm256_cmp_ps(x, lim, _CMP_LT_OQ), y)
/* y, with a where x > lim; y, with x where x is NaN; the larger, NaN if either is */
#define WM__V_ABOVE(y, x, lim, a) _mm256_blendv_ps(y, a, _mm256_cmp_ps(x, lim, _CMP_GT_OQ))
#define WM__V_NAN_OF(y, x) _mm256_blendv_ps(y, x, _mm256_cmp_ps(x, x, _CMP_UNORD_Q))
#define WM__V_NANMAX(a, b) _mm256_blendv_ps(_mm256_max_ps(a, b), a, _mm256_cmp_ps(a, a, _CMP_UNORD_Q))
/* WM__VL elements of a weight row at p + k, widened to F32 in registers */
#define WM__V_LD_F32(p, k) _mm256_loadu_ps((const float *)(p) + (k))
#define WM__V_LD_BF16(p, k) _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)(p) + (k)))), 16))
#ifdef WM__F16C
#define WM__V_LD_F16(p, k) _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)((const uint16_t *)(p) + (k))))
#else
#define WM__V_LD_F16(p, k) wm__v_ld_f16((const uint16_t *)(p) + (k))
static __m256 wm__v_ld_f16(const uint16_t *h) { /* no F16C: widened one by one */
    float t[8];
    int k;
    for (k = 0; k < 8; k++) t[k] = wm__f16_to_f32(h[k]);
    return _mm256_loadu_ps(t);
}
#endif
static float wm__v_hsum(__m256 v) {
    __m128 a = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    a = _mm_add_ps(a, _mm_movehl_ps(a, a));
    a = _mm_add_ss(a, _mm_movehdup_ps(a));
    return _mm_cvtss_f32(a);
}
/* quantized blocks: 32 int8 (wm__vb), 8 int32 (wm__vs), 8 float lanes (wm__vq8) */
typedef __m256i wm__vb;
typedef __m256i wm__vs;
typedef __m256 wm__vq8;
typedef wm__vs wm__vd; /* a block's dot: 8 lanes of partial sums */
#define WM__VB_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
static wm__vb wm__vb_nib16(const unsigned char *p) { /* 16 bytes: low nibbles, then high nibbles */
    __m256i q = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p)); /* no lane shuffle */
    return _mm256_and_si256(_mm256_srlv_epi32(q, _mm256_setr_epi32(0, 0, 0, 0, 4, 4, 4, 4)), _mm256_set1_epi8(15));
}
static wm__vb wm__vb_shr_and(wm__vb v, int shift, int mask) { /* (v_j >> shift) & mask, unsigned bytes */
    if (shift) v = _mm256_srl_epi16(v, _mm_cvtsi32_si128(shift));
    return _mm256_and_si256(v, _mm256_set1_epi8((char)mask));
}
static wm__vb wm__vb_2bits_at4(wm__vb v, int shift) { /* ((v_j >> shift) & 3) << 4, shift even: one shift, one mask */
    if (shift < 4) v = _mm256_sll_epi16(v, _mm_cvtsi32_si128(4 - shift));
    else if (shift > 4) v = _mm256_srl_epi16(v, _mm_cvtsi32_si128(shift - 4));
    return _mm256_and_si256(v, _mm256_set1_epi8(0x30));
}
static wm__vb wm__vb_bits(const unsigned char *p, int shift, int mask) { /* (p[j] >> shift) & mask, 32 bytes */
    return wm__vb_shr_and(WM__VB_LOAD(p), shift, mask);
}
#define WM__VB_OR(a, b) _mm256_or_si256(a, b)
#define WM__VB_SUB(a, k) _mm256_sub_epi8(a, _mm256_set1_epi8(k))
/* u x for unsigned u (< 128) and signed x: 8 lanes, each the sum of 4
   products (AVX-VNNI's vpdpbusd measured no faster here) */
#define WM__VB_UDOT(u, x) _mm256_madd_epi16(_mm256_maddubs_epi16(u, x), _mm256_set1_epi16(1))
static wm__vs wm__vb_dot(wm__vb w, wm__vb x, int sd) { /* 8 lanes, each the sum of 4 products w_j x_j (sd: unused) */
    (void)sd;
    return WM__VB_UDOT(_mm256_sign_epi8(w, w), _mm256_sign_epi8(x, w));
}
/* Q6_K's 16 scales of a group: block k's pair (2k, 2k+1) as 16-bit lanes
   (the first 8 lanes 2k, the last 8 2k+1), picked by one byte shuffle */
typedef struct wm__vsc16 { __m256i lo, hi; } wm__vsc16;
typedef __m256i wm__vsc;
static wm__vsc16 wm__vsc16_load(const int8_t *p) {
    __m256i s = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(const void *)p));
    wm__vsc16 r;
    r.lo = _mm256_permute2x128_si256(s, s, 0x00);
    r.hi = _mm256_permute2x128_si256(s, s, 0x11);
    return r;
}
static const unsigned char wm__vsc_ctl[4][32] = { /* bytes of lanes 2j (first half) and 2j+1 (second half) */
    {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3},
    {4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 4, 5, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7, 6, 7},
    {8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11},
    {12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 12, 13, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15, 14, 15}};
static wm__vsc wm__vsc_pick(const wm__vsc16 *s, int k) {
    return _mm256_shuffle_epi8(k < 4 ? s->lo : s->hi, WM__VB_LOAD(wm__vsc_ctl[k & 3]));
}
static wm__vs wm__vb_dot_sc(wm__vb w, wm__vb x, wm__vsc sc, int sd) { /* products of the first 16 times sc's first scale, of the last 16 its second */
    (void)sd;
    return _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_sign_epi8(w, w), _mm256_sign_epi8(x, w)), sc);
}
static wm__vs wm__vs_totals8(const wm__vd *v) { /* lane k: the sum of v[k]'s lanes */
    __m256i a = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
    __m256i b = _mm256_hadd_epi32(_mm256_hadd_epi32(v[4], v[5]), _mm256_hadd_epi32(v[6], v[7]));
    return _mm256_add_epi32(_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31));
}
#define WM__VS_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
static wm__vs wm__vs_u8x8(uint64_t b) { return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)b)); } /* lane k: byte k of b */
#define WM__VS_MUL(a, b) _mm256_mullo_epi32(a, b)
#define WM__VQ8_LOAD(p) _mm256_loadu_ps(p)
#define WM__VQ8_STORE(p, v) _mm256_storeu_ps(p, v)
#define WM__VQ8_FMAV(acc, d, s) _mm256_fmadd_ps(d, _mm256_cvtepi32_ps(s), acc) /* acc + d s, one rounding */
#define WM__VQ8_MUL(a, b) _mm256_mul_ps(a, b)
#define WM__VQ8_SET1(x) _mm256_set1_ps(x)
#define WM__VS_SUB_SHL3(a, b) _mm256_sub_epi32(a, _mm256_slli_epi32(b, 3)) /* a - 8 b */
static wm__vs wm__vb_udot(wm__vb u, wm__vb x, int sd) { (void)sd; return WM__VB_UDOT(u, x); } /* u unsigned (< 128): no sign trick */
static int32_t wm__v_round_q8(const float *x, float id, int8_t *q) { /* q = clamp(rint(x id)), 32 of them; returns their sum */
    __m256 s = _mm256_set1_ps(id);
    __m256i a = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_loadu_ps(x), s)), b = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_loadu_ps(x + 8), s));
    __m256i c = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_loadu_ps(x + 16), s)), d = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_loadu_ps(x + 24), s));
    __m256i ab = _mm256_packs_epi32(a, b), cd = _mm256_packs_epi32(c, d), v = _mm256_packs_epi16(ab, cd), t;
    v = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)); /* undo the packs' lane interleave */
    v = _mm256_max_epi8(v, _mm256_set1_epi8(-127));
    _mm256_storeu_si256((__m256i *)(void *)q, v);
    t = _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_set1_epi8(1), v), _mm256_set1_epi16(1));
    t = _mm256_add_epi32(t, _mm256_permute2x128_si256(t, t, 1));
    t = _mm256_add_epi32(t, _mm256_shuffle_epi32(t, 0x4e));
    t = _mm256_add_epi32(t, _mm256_shuffle_epi32(t, 0xb1));
    return _mm256_cvtsi256_si32(t);
}
static void wm__v_deq_q8_0(const unsigned char *b, float d, float *y) { /* y = d q, 32 of them */
    __m256 s = _mm256_set1_ps(d);
    int k;
    for (k = 0; k < 32; k += 8)
        _mm256_storeu_ps(y + k, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(b + k)))), s));
}
#ifdef WM__F16C
static short wm__u16(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return (short)v; } /* little-endian */
#define WM__U16(p) wm__u16(p)
#endif
static wm__vq8 wm__vq8_h8(const unsigned char *p, size_t st) { /* 8 f16 scales st bytes apart */
#ifdef WM__F16C /* built in a register: 8 small stores and a wide load would stall store forwarding */
    return _mm256_cvtph_ps(_mm_setr_epi16(WM__U16(p), WM__U16(p + st), WM__U16(p + 2 * st), WM__U16(p + 3 * st), WM__U16(p + 4 * st),
                                          WM__U16(p + 5 * st), WM__U16(p + 6 * st), WM__U16(p + 7 * st)));
#else
    return _mm256_setr_ps(wm__h(p), wm__h(p + st), wm__h(p + 2 * st), wm__h(p + 3 * st), wm__h(p + 4 * st), wm__h(p + 5 * st),
                          wm__h(p + 6 * st), wm__h(p + 7 * st));
#endif
}
/* one f16 scale, converted in this region (a call out of it would cost a
   switch of vector state on every block) */
#ifdef WM__F16C
static float wm__vh1(const unsigned char *p) { return _cvtsh_ss((unsigned short)(p[0] | p[1] << 8)); }
#else
#define wm__vh1 wm__h
#endif
/* rows in lanes (the quantized prefill tile, wm__qr): a wm__vb holds 4
   consecutive quants of each of 8 rows (row r in bytes 4r..4r+3) and meets
   4 quants of one token broadcast; the 16-bit sums of products (wm__vh)
   are exact while the callers' bounds keep them below 2^15 */
#define WM__VR8 1
typedef __m256i wm__vh;
#define WM__VB_BCAST4(p) _mm256_castps_si256(_mm256_broadcast_ss((const float *)(const void *)(p))) /* a load, no shuffle */
#define WM__VH_UDOT(u, x) _mm256_maddubs_epi16(u, x)                        /* u unsigned: pairs u x, summed */
#define WM__VH_SDOT(w, wa, x) _mm256_maddubs_epi16(wa, _mm256_sign_epi8(x, w)) /* wa = |w|: pairs w x, summed */
#define WM__VH_ADD(a, b) _mm256_add_epi16(a, b)
#define WM__VH_SUMS(h, sc) _mm256_madd_epi16(h, sc) /* lane r: sc_2r h_2r + sc_2r+1 h_2r+1 (16-bit sc) */
#define WM__VH_LOADSC(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define WM__VH_ONES() _mm256_set1_epi16(1)
#define WM__VB_ABS(v) _mm256_abs_epi8(v) /* -128 stays 0x80: 128 as unsigned */
#define WM__VB_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define WM__VS_ADD(a, b) _mm256_add_epi32(a, b)
#define WM__VS_SET1(x) _mm256_set1_epi32(x)
#define WM__VQ8_FMAF(acc, a, b) _mm256_fmadd_ps(a, b, acc) /* acc + a b, one rounding */
#define WM__VQ8_CVT(s) _mm256_cvtepi32_ps(s)
#define WM__VQ8_ADD(a, b) _mm256_add_ps(a, b)

#elif defined(WM__NEON)
#define WM__SIMD 1
#define WM__VL 4
typedef float32x4_t wm__vf;
#define WM__V_LOAD(p) vld1q_f32(p)
#define WM__V_STORE(p, v) vst1q_f32(p, v)
#define WM__V_SET1(x) vdupq_n_f32(x)
#define WM__V_ZERO() vdupq_n_f32(0.0f)
#define WM__V_ADD(a, b) vaddq_f32(a, b)
#define WM__V_SUB(a, b) vsubq_f32(a, b)
#define WM__V_MUL(a, b) vmulq_f32(a, b)
#define WM__V_DIV(a, b) vdivq_f32(a, b)
#define WM__V_MIN(a, b) vminq_f32(a, b)
#define WM__V_MAX(a, b) vmaxq_f32(a, b)
#define WM__V_FMA(c, a, b) vfmaq_f32(c, a, b)
#define WM__V_FNMA(c, a, b) vfmsq_f32(c, a, b)
#define WM__V_FLOOR(a) vrndmq_f32(a)
#define WM__V_POW2I(n) vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vcvtq_s32_f32(n), vdupq_n_s32(127)), 23))
#define WM__V_ZERO_BELOW(y, x, lim) vreinterpretq_f32_u32(vbicq_u32(vreinterpretq_u32_f32(y), vcltq_f32(x, lim)))
#define WM__V_ABOVE(y, x, lim, a) vbslq_f32(vcgtq_f32(x, lim), a, y)
#define WM__V_NAN_OF(y, x) vbslq_f32(vceqq_f32(x, x), y, x)
#define WM__V_NANMAX(a, b) vmaxq_f32(a, b) /* NaN if either is */
#define WM__V_LD_F32(p, k) vld1q_f32((const float *)(p) + (k))
#define WM__V_LD_BF16(p, k) vreinterpretq_f32_u32(vshll_n_u16(vld1_u16((const uint16_t *)(p) + (k)), 16))
#define WM__V_LD_F16(p, k) vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16((const uint16_t *)(p) + (k))))
static float wm__v_hsum(float32x4_t v) { return vaddvq_f32(v); }
/* quantized blocks: 32 int8 (wm__vb), 8 int32 (wm__vs), 8 float lanes (wm__vq8) */
typedef int8x16x2_t wm__vb;
typedef int32x4x2_t wm__vs;
typedef float32x4x2_t wm__vq8;
typedef wm__vs wm__vd; /* a block's dot: 8 lanes of partial sums */

#elif defined(WM__MVE)
/* Helium: 128-bit vectors like NEON, but no float division or float
   across-vector sum (done by lanes), comparisons give predicates, and
   int8 dot products reduce straight to a scalar (vmladav): a block's dot
   (wm__vd) is its total. */
#define WM__SIMD 1
#define WM__VL 4
typedef float32x4_t wm__vf;
#define WM__V_LOAD(p) vld1q_f32(p)
#define WM__V_STORE(p, v) vst1q_f32(p, v)
#define WM__V_SET1(x) vdupq_n_f32(x)
#define WM__V_ZERO() vdupq_n_f32(0.0f)
#define WM__V_ADD(a, b) vaddq_f32(a, b)
#define WM__V_SUB(a, b) vsubq_f32(a, b)
#define WM__V_MUL(a, b) vmulq_f32(a, b)
#define WM__V_DIV(a, b) wm__v_div(a, b)
static float32x4_t wm__v_div(float32x4_t a, float32x4_t b) { /* lane by lane, as the scalar code divides */
    float x[4], y[4];
    int k;
    vst1q_f32(x, a);
    vst1q_f32(y, b);
    for (k = 0; k < 4; k++) x[k] /= y[k];
    return vld1q_f32(x);
}
#define WM__V_MIN(a, b) vminnmq_f32(a, b)
#define WM__V_MAX(a, b) vmaxnmq_f32(a, b)
#define WM__V_FMA(c, a, b) vfmaq_f32(c, a, b)
#define WM__V_FNMA(c, a, b) vfmsq_f32(c, a, b)
#define WM__V_FLOOR(a) vrndmq_f32(a)
#define WM__V_POW2I(n) vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vcvtq_s32_f32(n), vdupq_n_s32(127)), 23))
#define WM__V_ZERO_BELOW(y, x, lim) vpselq_f32(vdupq_n_f32(0.0f), y, vcmpltq_f32(x, lim))
#define WM__V_ABOVE(y, x, lim, a) vpselq_f32(a, y, vcmpgtq_f32(x, lim))
#define WM__V_NAN_OF(y, x) vpselq_f32(y, x, vcmpeqq_f32(x, x))
#define WM__V_NANMAX(a, b) WM__V_NAN_OF(WM__V_NAN_OF(vmaxnmq_f32(a, b), b), a)
#define WM__V_LD_F32(p, k) vld1q_f32((const float *)(p) + (k))
#define WM__V_LD_BF16(p, k) vreinterpretq_f32_u32(vshlq_n_u32(vldrhq_u32((const uint16_t *)(p) + (k)), 16))
#define WM__V_LD_F16(p, k) vcvtbq_f32_f16(vreinterpretq_f16_u32(vldrhq_u32((const uint16_t *)(p) + (k))))
static float wm__v_hsum(float32x4_t v) {
    return (vgetq_lane_f32(v, 0) + vgetq_lane_f32(v, 2)) + (vgetq_lane_f32(v, 1) + vgetq_lane_f32(v, 3));
}
/* quantized blocks: 32 int8 (wm__vb), 8 int32 (wm__vs), 8 float lanes (wm__vq8) */
typedef struct wm__vb { int8x16_t val[2]; } wm__vb;
typedef struct wm__vs { int32x4_t val[2]; } wm__vs;
typedef struct wm__vq8 { float32x4_t val[2]; } wm__vq8;
typedef int32_t wm__vd; /* a block's dot: its total (vmladav) */
#endif

/* NEON and Helium share the 128-bit intrinsics of the quantized blocks (two
   vectors each); their dot products and conversions follow apart. */
#if defined(WM__NEON) || defined(WM__MVE)
#define wm__vh1 wm__h /* one f16 scale */
static wm__vb wm__vb_load(const void *p) {
    wm__vb r;
    r.val[0] = vld1q_s8((const int8_t *)p);
    r.val[1] = vld1q_s8((const int8_t *)p + 16);
    return r;
}
#define WM__VB_LOAD(p) wm__vb_load(p)
static wm__vb wm__vb_nib16(const unsigned char *p) {
    uint8x16_t q = vld1q_u8(p);
    wm__vb r;
    r.val[0] = vreinterpretq_s8_u8(vandq_u8(q, vdupq_n_u8(15)));
    r.val[1] = vreinterpretq_s8_u8(vshrq_n_u8(q, 4));
    return r;
}
static wm__vb wm__vb_shr_and(wm__vb v, int shift, int mask) {
    int8x16_t sh = vdupq_n_s8((int8_t)-shift);
    uint8x16_t m = vdupq_n_u8((uint8_t)mask);
    wm__vb r;
    r.val[0] = vreinterpretq_s8_u8(vandq_u8(vshlq_u8(vreinterpretq_u8_s8(v.val[0]), sh), m));
    r.val[1] = vreinterpretq_s8_u8(vandq_u8(vshlq_u8(vreinterpretq_u8_s8(v.val[1]), sh), m));
    return r;
}
static wm__vb wm__vb_bits(const unsigned char *p, int shift, int mask) { return wm__vb_shr_and(WM__VB_LOAD(p), shift, mask); }
static wm__vb wm__vb_2bits_at4(wm__vb v, int shift) { /* ((v_j >> shift) & 3) << 4 */
    int8x16_t sh = vdupq_n_s8((int8_t)(4 - shift));
    uint8x16_t m = vdupq_n_u8(0x30);
    v.val[0] = vreinterpretq_s8_u8(vandq_u8(vshlq_u8(vreinterpretq_u8_s8(v.val[0]), sh), m));
    v.val[1] = vreinterpretq_s8_u8(vandq_u8(vshlq_u8(vreinterpretq_u8_s8(v.val[1]), sh), m));
    return v;
}
static wm__vb wm__vb_or(wm__vb a, wm__vb b) {
    a.val[0] = vorrq_s8(a.val[0], b.val[0]);
    a.val[1] = vorrq_s8(a.val[1], b.val[1]);
    return a;
}
#define WM__VB_OR(a, b) wm__vb_or(a, b)
static wm__vb wm__vb_sub(wm__vb a, int k) {
    a.val[0] = vsubq_s8(a.val[0], vdupq_n_s8((int8_t)k));
    a.val[1] = vsubq_s8(a.val[1], vdupq_n_s8((int8_t)k));
    return a;
}
#define WM__VB_SUB(a, k) wm__vb_sub(a, k)
typedef struct wm__vsc16 { const int8_t *p; } wm__vsc16; /* Q6_K's 16 scales of a group */
typedef struct wm__vsc { int32_t s0, s1; } wm__vsc;        /* block k's pair */
static wm__vsc16 wm__vsc16_load(const int8_t *p) {
    wm__vsc16 r;
    r.p = p;
    return r;
}
static wm__vsc wm__vsc_pick(const wm__vsc16 *s, int k) {
    wm__vsc r;
    r.s0 = s->p[2 * k];
    r.s1 = s->p[2 * k + 1];
    return r;
}
static wm__vs wm__vs_load(const int32_t *p) {
    wm__vs r;
    r.val[0] = vld1q_s32(p);
    r.val[1] = vld1q_s32(p + 4);
    return r;
}
#define WM__VS_LOAD(p) wm__vs_load(p)
static wm__vs wm__vs_mul(wm__vs a, wm__vs b) {
    a.val[0] = vmulq_s32(a.val[0], b.val[0]);
    a.val[1] = vmulq_s32(a.val[1], b.val[1]);
    return a;
}
#define WM__VS_MUL(a, b) wm__vs_mul(a, b)
static wm__vs wm__vs_sub_shl3(wm__vs a, wm__vs b) {
    a.val[0] = vsubq_s32(a.val[0], vshlq_n_s32(b.val[0], 3));
    a.val[1] = vsubq_s32(a.val[1], vshlq_n_s32(b.val[1], 3));
    return a;
}
#define WM__VS_SUB_SHL3(a, b) wm__vs_sub_shl3(a, b)
static wm__vq8 wm__vq8_load(const float *p) {
    wm__vq8 r;
    r.val[0] = vld1q_f32(p);
    r.val[1] = vld1q_f32(p + 4);
    return r;
}
#define WM__VQ8_LOAD(p) wm__vq8_load(p)
static void wm__vq8_store(float *p, wm__vq8 v) {
    vst1q_f32(p, v.val[0]);
    vst1q_f32(p + 4, v.val[1]);
}
#define WM__VQ8_STORE(p, v) wm__vq8_store(p, v)
static wm__vq8 wm__vq8_fmav(wm__vq8 acc, wm__vq8 d, wm__vs s) {
    acc.val[0] = vfmaq_f32(acc.val[0], d.val[0], vcvtq_f32_s32(s.val[0]));
    acc.val[1] = vfmaq_f32(acc.val[1], d.val[1], vcvtq_f32_s32(s.val[1]));
    return acc;
}
#define WM__VQ8_FMAV(acc, d, s) wm__vq8_fmav(acc, d, s)
static wm__vq8 wm__vq8_mul(wm__vq8 a, wm__vq8 b) {
    a.val[0] = vmulq_f32(a.val[0], b.val[0]);
    a.val[1] = vmulq_f32(a.val[1], b.val[1]);
    return a;
}
#define WM__VQ8_MUL(a, b) wm__vq8_mul(a, b)
static wm__vq8 wm__vq8_set1(float x) {
    wm__vq8 r;
    r.val[0] = r.val[1] = vdupq_n_f32(x);
    return r;
}
#define WM__VQ8_SET1(x) wm__vq8_set1(x)
#endif
#if defined(WM__NEON)
/* Armv8.2's dot product (sdot): with -march=armv8.2-a+dotprod the
   intrinsic; otherwise its encoding on fixed registers, so that a plain
   aarch64 build (whose assembler refuses the mnemonic) holds it and runs it
   where the kernel's hwcaps say (WM_ISA_NEON_DOT) */
#if defined(__ARM_FEATURE_DOTPROD)
#define WM__SDOT(w, x) vdotq_s32(vdupq_n_s32(0), w, x)
#else
#define WM__SDOT(w, x) wm__sdot(w, x)
static WM__INLINE int32x4_t wm__sdot(int8x16_t w, int8x16_t x) {
    register int32x4_t r __asm__("v16") = vdupq_n_s32(0);
    register int8x16_t a __asm__("v17") = w, b __asm__("v18") = x;
    __asm__(".inst 0x4e929630 /* sdot v16.4s, v17.16b, v18.16b */" : "+w"(r) : "w"(a), "w"(b));
    return r;
}
#endif
/* lane i: the sum of products of bytes 4i..4i+3 (sd: by sdot; both group them alike) */
static WM__INLINE int32x4_t wm__dot16(int8x16_t w, int8x16_t x, int sd) {
    int16x8_t lo, hi;
    if (sd) return WM__SDOT(w, x);
    lo = vmull_s8(vget_low_s8(w), vget_low_s8(x));
    hi = vmull_s8(vget_high_s8(w), vget_high_s8(x));
    return vpaddq_s32(vpaddlq_s16(lo), vpaddlq_s16(hi));
}
static WM__INLINE wm__vs wm__vb_dot(wm__vb w, wm__vb x, int sd) {
    wm__vs r;
    r.val[0] = wm__dot16(w.val[0], x.val[0], sd);
    r.val[1] = wm__dot16(w.val[1], x.val[1], sd);
    return r;
}
#define wm__vb_udot wm__vb_dot /* the signed dot takes nibbles as they are */
static WM__INLINE wm__vs wm__vb_dot_sc(wm__vb w, wm__vb x, wm__vsc sc, int sd) {
    wm__vs r;
    r.val[0] = vmulq_n_s32(wm__dot16(w.val[0], x.val[0], sd), sc.s0);
    r.val[1] = vmulq_n_s32(wm__dot16(w.val[1], x.val[1], sd), sc.s1);
    return r;
}
static wm__vs wm__vs_totals8(const wm__vd *v) {
    int32_t t[8];
    int k;
    wm__vs r;
    for (k = 0; k < 8; k++) t[k] = vaddvq_s32(vaddq_s32(v[k].val[0], v[k].val[1]));
    r.val[0] = vld1q_s32(t);
    r.val[1] = vld1q_s32(t + 4);
    return r;
}
static wm__vs wm__vs_u8x8(uint64_t b) { /* lane k: byte k of b */
    uint16x8_t h = vmovl_u8(vcreate_u8(b));
    wm__vs r;
    r.val[0] = vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(h)));
    r.val[1] = vreinterpretq_s32_u32(vmovl_u16(vget_high_u16(h)));
    return r;
}
static void wm__v_deq_q8_0(const unsigned char *b, float d, float *y) { /* y = d q, 32 of them */
    int k;
    for (k = 0; k < 32; k += 8) {
        int16x8_t h = vmovl_s8(vld1_s8((const int8_t *)b + k));
        vst1q_f32(y + k, vmulq_n_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(h))), d));
        vst1q_f32(y + k + 4, vmulq_n_f32(vcvtq_f32_s32(vmovl_s16(vget_high_s16(h))), d));
    }
}
static int32_t wm__v_round_q8(const float *x, float id, int8_t *q) { /* q = clamp(rint(x id)), 32 of them; returns their sum */
    int32_t s = 0;
    int k;
    for (k = 0; k < 32; k += 8) {
        int32x4_t a = vcvtnq_s32_f32(vmulq_n_f32(vld1q_f32(x + k), id)), b = vcvtnq_s32_f32(vmulq_n_f32(vld1q_f32(x + k + 4), id));
        int16x8_t h = vcombine_s16(vqmovn_s32(a), vqmovn_s32(b));
        int8x8_t v = vmax_s8(vqmovn_s16(h), vdup_n_s8(-127));
        vst1_s8(q + k, v);
        s += vaddlvq_s16(vmovl_s8(v));
    }
    return s;
}
static wm__vq8 wm__vq8_h8(const unsigned char *p, size_t st) {
    uint16_t h[8];
    wm__vq8 r;
    int k;
    for (k = 0; k < 8; k++) h[k] = (uint16_t)(p[st * (size_t)k] | p[st * (size_t)k + 1] << 8);
    r.val[0] = vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(h)));
    r.val[1] = vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(h + 4)));
    return r;
}
#elif defined(WM__MVE)
static wm__vd wm__vb_dot(wm__vb w, wm__vb x, int sd) { (void)sd; return vmladavaq_s8(vmladavq_s8(w.val[0], x.val[0]), w.val[1], x.val[1]); }
#define wm__vb_udot wm__vb_dot /* nibbles are valid signed bytes */
static wm__vd wm__vb_dot_sc(wm__vb w, wm__vb x, wm__vsc sc, int sd) {
    (void)sd;
    return sc.s0 * vmladavq_s8(w.val[0], x.val[0]) + sc.s1 * vmladavq_s8(w.val[1], x.val[1]);
}
static wm__vs wm__vs_totals8(const wm__vd *v) {
    wm__vs r;
    r.val[0] = vld1q_s32(v);
    r.val[1] = vld1q_s32(v + 4);
    return r;
}
static wm__vs wm__vs_u8x8(uint64_t b) { /* lane k: byte k of b */
    uint8_t t[8];
    wm__vs r;
    int k;
    for (k = 0; k < 8; k++) t[k] = (uint8_t)(b >> (8 * k));
    r.val[0] = vreinterpretq_s32_u32(vldrbq_u32(t));
    r.val[1] = vreinterpretq_s32_u32(vldrbq_u32(t + 4));
    return r;
}
static void wm__v_deq_q8_0(const unsigned char *b, float d, float *y) { /* y = d q, 32 of them */
    int k;
    for (k = 0; k < 32; k += 4) vst1q_f32(y + k, vmulq_n_f32(vcvtq_f32_s32(vldrbq_s32((const int8_t *)b + k)), d));
}
static int32_t wm__v_round_q8(const float *x, float id, int8_t *q) { /* q = clamp(rint(x id)), 32 of them; returns their sum */
    int32_t s = 0;
    int k;
    for (k = 0; k < 32; k += 4) {
        int32x4_t v = vcvtnq_s32_f32(vmulq_n_f32(vld1q_f32(x + k), id));
        v = vmaxq_s32(vminq_s32(v, vdupq_n_s32(127)), vdupq_n_s32(-127));
        vstrbq_s32(q + k, v); /* the low byte of each lane */
        s = vaddvaq_s32(s, v);
    }
    return s;
}
static wm__vq8 wm__vq8_h8(const unsigned char *p, size_t st) {
    float f[8];
    int k;
    for (k = 0; k < 8; k++) f[k] = wm__h(p + st * (size_t)k);
    return wm__vq8_load(f);
}
#endif

#ifdef WM__SIMD
/* WM__VL elements of a weight row of any dtype at element i */
static wm__vf wm__v_ld(const void *w, int dtype, size_t i) {
    if (dtype == WM_F32) return WM__V_LD_F32(w, i);
    if (dtype == WM_BF16) return WM__V_LD_BF16(w, i);
    return WM__V_LD_F16(w, i);
}

/* e^x, Cephes-style: |rel err| < 2e-7 on [-87, 88]; 0 below -87.3, like an underflowing expf */
static wm__vf wm__v_exp(wm__vf x) {
    const wm__vf lo = WM__V_SET1(-87.33654475f), hi = WM__V_SET1(88.72283172607421875f); /* expf(hi) is finite, the next float's not */
    wm__vf x0 = x, fx, fa, r, y;
    x = WM__V_MAX(WM__V_MIN(x, hi), lo);
    fx = WM__V_FLOOR(WM__V_FMA(WM__V_SET1(0.5f), x, WM__V_SET1(1.44269504088896341f)));
    r = WM__V_FNMA(x, fx, WM__V_SET1(0.693359375f));
    r = WM__V_FNMA(r, fx, WM__V_SET1(-2.12194440e-4f));
    y = WM__V_SET1(1.9875691500e-4f);
    y = WM__V_FMA(WM__V_SET1(1.3981999507e-3f), y, r);
    y = WM__V_FMA(WM__V_SET1(8.3334519073e-3f), y, r);
    y = WM__V_FMA(WM__V_SET1(4.1665795894e-2f), y, r);
    y = WM__V_FMA(WM__V_SET1(1.6666665459e-1f), y, r);
    y = WM__V_FMA(WM__V_SET1(5.0000001201e-1f), y, r);
    y = WM__V_FMA(WM__V_ADD(r, WM__V_SET1(1.0f)), y, WM__V_MUL(r, r));
    fa = WM__V_FLOOR(WM__V_MUL(fx, WM__V_SET1(0.5f))); /* 2^fx (fx up to 128) as two exact powers */
    y = WM__V_MUL(WM__V_MUL(y, WM__V_POW2I(fa)), WM__V_POW2I(WM__V_SUB(fx, fa)));
    y = WM__V_ABOVE(WM__V_ZERO_BELOW(y, x0, lo), x0, hi, WM__V_SET1(INFINITY));
    return WM__V_NAN_OF(y, x0); /* as expf: 0 below, inf above, NaN of NaN */
}

/* ---- vector basics ----------------------------------------------------------
   Each kernel has a vector body here, which does whole vectors and returns
   where it stopped, and a dispatcher below it (wm__k_*, outside the vector
   region), which calls the body when the session's ISA has one and ends
   with the scalar reference as the tail. */

/* x . w[0..n) with w of dtype (F32/BF16/F16 widened in registers); four
   accumulators, one loop per dtype. */
#define WM__DOT4(LD)                                                                                     \
    {                                                                                                    \
        wm__vf a0 = WM__V_ZERO(), a1 = a0, a2 = a0, a3 = a0;                                             \
        for (; i + 4 * WM__VL <= n; i += 4 * WM__VL) {                                                   \
            a0 = WM__V_FMA(a0, WM__V_LOAD(x + i), LD(w, i));                                             \
            a1 = WM__V_FMA(a1, WM__V_LOAD(x + i + WM__VL), LD(w, i + WM__VL));                           \
            a2 = WM__V_FMA(a2, WM__V_LOAD(x + i + 2 * WM__VL), LD(w, i + 2 * WM__VL));                   \
            a3 = WM__V_FMA(a3, WM__V_LOAD(x + i + 3 * WM__VL), LD(w, i + 3 * WM__VL));                   \
        }                                                                                                \
        for (; i + WM__VL <= n; i += WM__VL) a0 = WM__V_FMA(a0, WM__V_LOAD(x + i), LD(w, i));           \
        s = wm__v_hsum(WM__V_ADD(WM__V_ADD(a0, a1), WM__V_ADD(a2, a3)));                                 \
    }
static float wm__v_dotf(const float *x, const void *w, int dtype, int n, int *end) {
    float s;
    int i = 0;
    if (dtype == WM_F32) WM__DOT4(WM__V_LD_F32)
    else if (dtype == WM_BF16) WM__DOT4(WM__V_LD_BF16)
    else WM__DOT4(WM__V_LD_F16)
    *end = i;
    return s;
}

/* y[0..n) += a * w[0..n) (w of dtype); one loop per dtype, as in the dot */
#define WM__AXPY(LD) for (; i + WM__VL <= n; i += WM__VL) WM__V_STORE(y + i, WM__V_FMA(WM__V_LOAD(y + i), av, LD(w, i)))
static int wm__v_axpy(float *y, float a, const void *w, int dtype, int n) {
    wm__vf av = WM__V_SET1(a);
    int i = 0;
    if (dtype == WM_F32) WM__AXPY(WM__V_LD_F32);
    else if (dtype == WM_BF16) WM__AXPY(WM__V_LD_BF16);
    else WM__AXPY(WM__V_LD_F16);
    return i;
}

static int wm__v_to_f32(float *dst, const void *w, int dtype, int n) {
    int i = 0;
    for (; i + WM__VL <= n; i += WM__VL) WM__V_STORE(dst + i, wm__v_ld(w, dtype, (size_t)i));
    return i;
}

static size_t wm__v_scale(float *y, float a, size_t n) {
    wm__vf av = WM__V_SET1(a);
    size_t i = 0;
    for (; i + WM__VL <= n; i += WM__VL) WM__V_STORE(y + i, WM__V_MUL(WM__V_LOAD(y + i), av));
    return i;
}

static int wm__v_exps(float *y, const float *x, int n) {
    int i = 0;
    for (; i + WM__VL <= n; i += WM__VL) WM__V_STORE(y + i, wm__v_exp(WM__V_LOAD(x + i)));
    return i;
}

static int wm__v_mul_rw(float *y, const float *x, float r, const float *w, int n) { /* y = x r w */
    wm__vf rv = WM__V_SET1(r);
    int i = 0;
    for (; i + WM__VL <= n; i += WM__VL) WM__V_STORE(y + i, WM__V_MUL(WM__V_MUL(WM__V_LOAD(x + i), rv), WM__V_LOAD(w + i)));
    return i;
}

static int wm__v_rope(float *x, const float *cs, const float *sn, int h) {
    int i = 0;
    for (; i + WM__VL <= h; i += WM__VL) {
        wm__vf a = WM__V_LOAD(x + i), b = WM__V_LOAD(x + i + h), c = WM__V_LOAD(cs + i), s = WM__V_LOAD(sn + i);
        WM__V_STORE(x + i, WM__V_FNMA(WM__V_MUL(a, c), b, s));
        WM__V_STORE(x + i + h, WM__V_FMA(WM__V_MUL(b, c), a, s));
    }
    return i;
}

static size_t wm__v_silu_mul(float *x, const float *g, size_t n) {
    size_t i = 0;
    for (; i + WM__VL <= n; i += WM__VL) {
        wm__vf v = WM__V_LOAD(x + i), s = WM__V_DIV(v, WM__V_ADD(WM__V_SET1(1.0f), wm__v_exp(WM__V_SUB(WM__V_ZERO(), v))));
        WM__V_STORE(x + i, g ? WM__V_MUL(s, WM__V_LOAD(g + i)) : s);
    }
    return i;
}

static int wm__v_max(const float *x, int n, float *mp) { /* n >= WM__VL */
    wm__vf mv = WM__V_LOAD(x);
    float lane[WM__VL], m;
    int i, k;
    for (i = WM__VL; i + WM__VL <= n; i += WM__VL) mv = WM__V_NANMAX(mv, WM__V_LOAD(x + i));
    WM__V_STORE(lane, mv);
    for (m = lane[0], k = 1; k < WM__VL; k++) m = lane[k] > m || lane[k] != lane[k] ? lane[k] : m;
    *mp = m;
    return i;
}

static void wm__v_deq_q8_0_row(const unsigned char *v, int nb, float *y) { /* y[32 nb] = nb Q8_0 blocks at v */
    int b;
    for (b = 0; b < nb; b++) wm__v_deq_q8_0(v + (size_t)b * 34 + 2, wm__vh1(v + (size_t)b * 34), y + (size_t)b * WM__QK);
}
#endif /* WM__SIMD */
WM__TARGET_END

/* Rows of quantized weights met one at a time (gathered expert and
   embedding rows): each block widened to floats, then the F32 kernel. */
#define WM__QROW(dtype, w, n, BODY)                                                                   \
    {                                                                                                 \
        float blk_[WM__QKK];                                                                          \
        int nb_ = wm__types[dtype].block, b_;                                                        \
        for (b_ = 0; b_ < (n) / nb_; b_++) {                                                          \
            wm__types[dtype].deq((const unsigned char *)(w) + (size_t)b_ * (size_t)wm__types[dtype].size, blk_);       \
            BODY;                                                                                     \
        }                                                                                             \
    }

/* x . w[0..n) for w of a float type (F32, F16, BF16) */
static float wm__k_dotf(const wm__kc *kc, const float *x, const void *w, int dtype, int n) {
    float s = 0.0f;
    int i = 0;
#ifdef WM__SIMD
    if (kc->simd) s = wm__v_dotf(x, w, dtype, n, &i);
#else
    (void)kc;
#endif
    if (dtype == WM_F32) { /* the scalar reference, and the tail of the vector bodies */
        const float *wf = (const float *)w;
        for (; i < n; i++) s += x[i] * wf[i];
    } else {
        for (; i < n; i++) s += x[i] * wm__elem(w, dtype, (size_t)i);
    }
    return s;
}

/* x . w[0..n) for w of any type (rows met one at a time: embeddings, experts) */
static float wm__k_dot(const wm__kc *kc, const float *x, const void *w, int dtype, int n) {
    float s = 0.0f;
    if (!WM__IS_Q(dtype)) return wm__k_dotf(kc, x, w, dtype, n);
    WM__QROW(dtype, w, n, s += wm__k_dotf(kc, x + (size_t)b_ * (size_t)nb_, blk_, WM_F32, nb_)) /* n a multiple of the block */
    return s;
}

/* y[0..n) += a * w[0..n) (w of dtype) */
static void wm__k_axpy(const wm__kc *kc, float *y, float a, const void *w, int dtype, int n) {
    int i = 0;
    if (WM__IS_Q(dtype)) {
        WM__QROW(dtype, w, n, wm__k_axpy(kc, y + (size_t)b_ * (size_t)nb_, a, blk_, WM_F32, nb_))
        return;
    }
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_axpy(y, a, w, dtype, n);
#else
    (void)kc;
#endif
    if (dtype == WM_F32) { /* the scalar reference, and the tail of the vector bodies */
        const float *wf = (const float *)w;
        for (; i < n; i++) y[i] += a * wf[i];
    } else {
        for (; i < n; i++) y[i] += a * wm__elem(w, dtype, (size_t)i);
    }
}

/* o[r] += sum_j S[r][j] v_j over keys j < nk of an F16 or Q8_0 cache (value
   rows rb bytes apart), rows r < rows, skipping zero probabilities (masked
   keys): each value row widened once for all rows, then per output element
   the steps of wm__k_axpy on that row, key after key. */
static void wm__k_to_f32(const wm__kc *kc, float *dst, const void *w, int dtype, int n);
static void wm__k_axpy_keys(const wm__kc *kc, float *o, int ldo, int rows, const float *S, int ld, const unsigned char *V, size_t rb,
                            int ctype, int hd, int nk) {
    float blk[512]; /* [hd] */
    int j, r, b;
    for (j = 0; j < nk; j++) {
        const unsigned char *v = V + (size_t)j * rb; /* [hd] of ctype */
        int any = 0;
        for (r = 0; r < rows; r++) any |= S[(size_t)r * ld + (size_t)j] != 0.0f;
        if (!any) continue;
        if (hd > 512) { /* wider than the buffer: row by row */
            for (r = 0; r < rows; r++)
                if (S[(size_t)r * ld + (size_t)j] != 0.0f) wm__k_axpy(kc, o + (size_t)r * ldo, S[(size_t)r * ld + (size_t)j], v, ctype, hd);
            continue;
        }
        if (ctype == WM_Q8_0) {
#ifdef WM__SIMD
            if (kc->simd) wm__v_deq_q8_0_row(v, hd / WM__QK, blk); /* the same floats (exact products) */
            else
#endif
                for (b = 0; b < hd / WM__QK; b++) wm__deq_q8_0(v + (size_t)b * 34, blk + (size_t)b * WM__QK);
        } else
            wm__k_to_f32(kc, blk, v, ctype, hd);
        for (r = 0; r < rows; r++)
            if (S[(size_t)r * ld + (size_t)j] != 0.0f) wm__k_axpy(kc, o + (size_t)r * ldo, S[(size_t)r * ld + (size_t)j], blk, WM_F32, hd);
    }
}

/* dst[0..n) = w[0..n) as F32 (embedding rows, packing half-precision weights) */
static void wm__k_to_f32(const wm__kc *kc, float *dst, const void *w, int dtype, int n) {
    int i = 0;
    if (WM__IS_Q(dtype)) {
        WM__QROW(dtype, w, n, memcpy(dst + (size_t)b_ * (size_t)nb_, blk_, sizeof(float) * (size_t)nb_))
        return;
    }
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_to_f32(dst, w, dtype, n);
#else
    (void)kc;
#endif
    for (; i < n; i++) dst[i] = wm__elem(w, dtype, (size_t)i);
}

WM__TARGET_BEGIN
#ifdef WM__SIMD
/* all 8 scales and mins of a Q4_K super-block, one byte each (byte j:
   sub-block j), with 32-bit word operations */
static void wm__q4k_scales8(const unsigned char *s, uint64_t *sc, uint64_t *m) {
    uint32_t u0 = wm__le32(s), u1 = wm__le32(s + 4), u2 = wm__le32(s + 8);
    *sc = (uint64_t)(u0 & 0x3f3f3f3fu) | (uint64_t)((u2 & 0x0f0f0f0fu) | ((u0 >> 6 & 0x03030303u) << 4)) << 32;
    *m = (uint64_t)(u1 & 0x3f3f3f3fu) | (uint64_t)((u2 >> 4 & 0x0f0f0f0fu) | ((u1 >> 6 & 0x03030303u) << 4)) << 32;
}

/* One group of 8 blocks of weights, unpacked: the quants (Q4_0, Q4_K:
   unsigned nibbles), the scale vector and what the integer sums need. */
typedef struct wm__qw8 {
    wm__vb q[8];
    wm__vq8 dw, dmw;   /* d of each block (Q4_K: -dmin, all lanes) */
    wm__vs sc, mn;     /* Q4_K: each block's scale and min */
    wm__vsc sc6[8];    /* Q6_K, Q3_K: each block's two scales */
    wm__vb m[8];       /* Q2_K: the min codes */
} wm__qw8;

/* the 8 blocks of a group written out: gcc -O2 does not unroll, and the
   per-block shifts and scale picks must be constants (AVX2, NEON). Helium,
   with 8 vector registers and dots that end in a scalar, loops instead. */
#ifdef WM__MVE
#define WM__EACH8(X)                                                                                                                         \
    {                                                                                                                                      \
        int k8_;                                                                                                                           \
        for (k8_ = 0; k8_ < 8; k8_++) { X(k8_) }                                                                                           \
    }
#else
#define WM__EACH8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#endif

static WM__INLINE void wm__qw8_unpack(wm__qw8 *u, const unsigned char *w, int dtype, int b) {
    switch (dtype) {
    case WM_Q8_0: {
        const unsigned char *wb = w + (size_t)b * 34;
#define WM__Q8_UNP(k) u->q[k] = WM__VB_LOAD(wb + 34 * k + 2);
        WM__EACH8(WM__Q8_UNP)
        u->dw = wm__vq8_h8(wb, 34);
        break;
    }
    case WM_Q4_0: {
        const unsigned char *wb = w + (size_t)b * 18;
#define WM__Q40_UNP(k) u->q[k] = wm__vb_nib16(wb + 18 * k + 2);
        WM__EACH8(WM__Q40_UNP)
        u->dw = wm__vq8_h8(wb, 18);
        break;
    }
    case WM_Q4_K: {
        const unsigned char *wb = w + (size_t)(b / 8) * 144;
        uint64_t sc, mn;
        wm__q4k_scales8(wb + 4, &sc, &mn);
        u->sc = wm__vs_u8x8(sc);
        u->mn = wm__vs_u8x8(mn);
#define WM__Q4K_UNP(k) u->q[k] = wm__vb_bits(wb + 16 + 16 * (k & 6), k & 1 ? 4 : 0, 15);
        WM__EACH8(WM__Q4K_UNP)
        u->dw = WM__VQ8_SET1(wm__vh1(wb));
        u->dmw = WM__VQ8_SET1(-wm__vh1(wb + 2));
        break;
    }
    case WM_Q6_K: {
        const unsigned char *wb = w + (size_t)(b / 8) * 210;
        wm__vsc16 s = wm__vsc16_load((const int8_t *)(wb + 192));
#define WM__Q6K_UNP(k)                                                                                                                       \
    u->q[k] = WM__VB_SUB(WM__VB_OR(wm__vb_bits(wb + 16 * (k & 4) + 32 * (k & 1), k & 2 ? 4 : 0, 15),                                      \
                                   wm__vb_2bits_at4(WM__VB_LOAD(wb + 128 + 8 * (k & 4)), 2 * (k & 3))),                                    \
                         32);                                                                                                              \
    u->sc6[k] = wm__vsc_pick(&s, k);
        WM__EACH8(WM__Q6K_UNP)
        u->dw = WM__VQ8_SET1(wm__vh1(wb + 208));
        break;
    }
    default: { /* the other types: their codes (wm__qcodes), then each type's scales */
        int8_t q[8][32], mq[8][32], s16[16];
        int32_t s8[8];
        int k;
        const unsigned char *wb = w + (size_t)b * (size_t)wm__types[dtype].size; /* the group's first block of 32 */
        if (wm__types[dtype].block == WM__QKK) wb = w + (size_t)(b / 8) * (size_t)wm__types[dtype].size;
        for (k = 0; k < 8; k++) {
            wm__qcodes(dtype, w, b + k, q[k], mq[k]);
            u->q[k] = WM__VB_LOAD(q[k]);
            if (dtype == WM_Q2_K) u->m[k] = WM__VB_LOAD(mq[k]);
        }
        switch (dtype) {
        case WM_Q4_1: case WM_Q5_1: u->dmw = wm__vq8_h8(wb + 2, (size_t)wm__types[dtype].size); /* fall through */
        case WM_Q5_0: case WM_IQ4_NL: u->dw = wm__vq8_h8(wb, (size_t)wm__types[dtype].size); break;
        case WM_Q2_K: u->dw = WM__VQ8_SET1(wm__vh1(wb + 80)); u->dmw = WM__VQ8_SET1(-wm__vh1(wb + 82)); break;
        case WM_Q3_K: {
            wm__vsc16 s;
            for (k = 0; k < 16; k++) s16[k] = (int8_t)wm__q3k_scale(wb + 96, k);
            s = wm__vsc16_load(s16);
            for (k = 0; k < 8; k++) u->sc6[k] = wm__vsc_pick(&s, k);
            u->dw = WM__VQ8_SET1(wm__vh1(wb + 108));
            break;
        }
        case WM_Q5_K: {
            uint64_t sc, mn;
            wm__q4k_scales8(wb + 4, &sc, &mn);
            u->sc = wm__vs_u8x8(sc);
            u->mn = wm__vs_u8x8(mn);
            u->dw = WM__VQ8_SET1(wm__vh1(wb));
            u->dmw = WM__VQ8_SET1(-wm__vh1(wb + 2));
            break;
        }
        default: /* WM_IQ4_XS */
            for (k = 0; k < 8; k++) s8[k] = wm__iq4xs_scale(wb, k);
            u->sc = WM__VS_LOAD(s8);
            u->dw = WM__VQ8_SET1(wm__vh1(wb));
        }
    }
    }
}

/* acc + one group of unpacked weights against one group of activations */
static WM__INLINE wm__vq8 wm__qw8_dot(wm__vq8 acc, const wm__qw8 *u, const wm__qa *a, int dtype, int sd) {
    wm__vd v[8];
    wm__vq8 dx = WM__VQ8_LOAD(a->d);
    switch (dtype) {
    case WM_Q8_0:
#define WM__Q8_DOT(k) v[k] = wm__vb_dot(u->q[k], WM__VB_LOAD(a->q[k]), sd);
        WM__EACH8(WM__Q8_DOT)
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), wm__vs_totals8(v));
    case WM_Q4_0:
#define WM__Q4_DOT(k) v[k] = wm__vb_udot(u->q[k], WM__VB_LOAD(a->q[k]), sd);
        WM__EACH8(WM__Q4_DOT)
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), WM__VS_SUB_SHL3(wm__vs_totals8(v), WM__VS_LOAD(a->sum)));
    case WM_Q4_K:
        WM__EACH8(WM__Q4_DOT)
        acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), WM__VS_MUL(wm__vs_totals8(v), u->sc));
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dmw, dx), WM__VS_MUL(u->mn, WM__VS_LOAD(a->sum)));
    case WM_Q6_K: case WM_Q3_K:
#define WM__Q6_DOT(k) v[k] = wm__vb_dot_sc(u->q[k], WM__VB_LOAD(a->q[k]), u->sc6[k], sd);
        WM__EACH8(WM__Q6_DOT)
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), wm__vs_totals8(v));
    case WM_Q4_1: case WM_Q5_1: /* codes 0..31: the unsigned dot */
        WM__EACH8(WM__Q4_DOT)
        acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), wm__vs_totals8(v));
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dmw, dx), WM__VS_LOAD(a->sum));
    case WM_Q5_0: case WM_IQ4_NL:
        WM__EACH8(WM__Q8_DOT)
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), wm__vs_totals8(v));
    case WM_Q2_K: { /* codes times scales 0..45, min codes 0..15 */
        wm__vd vm[8];
#define WM__Q2_MDOT(k) vm[k] = wm__vb_udot(u->m[k], WM__VB_LOAD(a->q[k]), sd);
        WM__EACH8(WM__Q4_DOT)
        WM__EACH8(WM__Q2_MDOT)
        acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), wm__vs_totals8(v));
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dmw, dx), wm__vs_totals8(vm));
    }
    case WM_Q5_K:
        WM__EACH8(WM__Q4_DOT)
        acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), WM__VS_MUL(wm__vs_totals8(v), u->sc));
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dmw, dx), WM__VS_MUL(u->mn, WM__VS_LOAD(a->sum)));
    default: /* WM_IQ4_XS: signed levels, a signed scale per block */
        WM__EACH8(WM__Q8_DOT)
        return WM__VQ8_FMAV(acc, WM__VQ8_MUL(u->dw, dx), WM__VS_MUL(wm__vs_totals8(v), u->sc));
    }
}

/* whole groups of 8 blocks; returns the blocks done. One loop per type,
   each block's quants used as they are loaded (decode streams the row once). */
static WM__INLINE int wm__v_qdot_t(const wm__qa *x, const unsigned char *w, int dtype, int nb, float *accp, int sd) {
    wm__vq8 acc = WM__VQ8_SET1(0.0f);
    int b;
    switch (dtype) {
    case WM_Q8_0:
        for (b = 0; b + 8 <= nb; b += 8) {
            const unsigned char *wb = w + (size_t)b * 34;
            const wm__qa *a = &x[b / 8];
            wm__vd v[8];
#define WM__Q8_BLK(k) v[k] = wm__vb_dot(WM__VB_LOAD(wb + 34 * k + 2), WM__VB_LOAD(a->q[k]), sd);
            WM__EACH8(WM__Q8_BLK)
            acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(wm__vq8_h8(wb, 34), WM__VQ8_LOAD(a->d)), wm__vs_totals8(v));
        }
        break;
    case WM_Q4_0:
        for (b = 0; b + 8 <= nb; b += 8) {
            const unsigned char *wb = w + (size_t)b * 18;
            const wm__qa *a = &x[b / 8];
            wm__vd v[8];
#define WM__Q40_BLK(k) v[k] = wm__vb_udot(wm__vb_nib16(wb + 18 * k + 2), WM__VB_LOAD(a->q[k]), sd);
            WM__EACH8(WM__Q40_BLK)
            acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(wm__vq8_h8(wb, 18), WM__VQ8_LOAD(a->d)), WM__VS_SUB_SHL3(wm__vs_totals8(v), WM__VS_LOAD(a->sum)));
        }
        break;
    case WM_Q4_K: /* a group is one super-block: each 32-byte chunk of nibbles loaded once for two blocks */
        for (b = 0; b + 8 <= nb; b += 8) {
            const unsigned char *wb = w + (size_t)(b / 8) * 144;
            const wm__qa *a = &x[b / 8];
            uint64_t sc, mn;
            wm__vd v[8];
            wm__vb n;
#define WM__Q4K_BLK(k)                                                                                                                       \
    if (!(k & 1)) n = WM__VB_LOAD(wb + 16 + 16 * k);                                                                                      \
    v[k] = wm__vb_udot(wm__vb_shr_and(n, k & 1 ? 4 : 0, 15), WM__VB_LOAD(a->q[k]), sd);
            WM__EACH8(WM__Q4K_BLK)
            wm__q4k_scales8(wb + 4, &sc, &mn);
            acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(WM__VQ8_SET1(wm__vh1(wb)), WM__VQ8_LOAD(a->d)), WM__VS_MUL(wm__vs_totals8(v), wm__vs_u8x8(sc)));
            acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(WM__VQ8_SET1(-wm__vh1(wb + 2)), WM__VQ8_LOAD(a->d)), WM__VS_MUL(wm__vs_u8x8(mn), WM__VS_LOAD(a->sum)));
        }
        break;
    case WM_Q6_K: /* low nibbles of 64 bytes and high bit pairs of 32 per half, each loaded once */
        for (b = 0; b + 8 <= nb; b += 8) {
            const unsigned char *wb = w + (size_t)(b / 8) * 210;
            wm__vsc16 s = wm__vsc16_load((const int8_t *)(wb + 192));
            const wm__qa *a = &x[b / 8];
            wm__vd v[8];
            wm__vb l0, l1, hb;
#define WM__Q6K_BLK(k)                                                                                                                       \
    if (!(k & 3)) l0 = WM__VB_LOAD(wb + 16 * k), l1 = WM__VB_LOAD(wb + 16 * k + 32), hb = WM__VB_LOAD(wb + 128 + 8 * k);                 \
    v[k] = wm__vb_dot_sc(WM__VB_SUB(WM__VB_OR(wm__vb_shr_and(k & 1 ? l1 : l0, k & 2 ? 4 : 0, 15), wm__vb_2bits_at4(hb, 2 * (k & 3))), 32), \
                         WM__VB_LOAD(a->q[k]), wm__vsc_pick(&s, k), sd);
            WM__EACH8(WM__Q6K_BLK)
            acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(WM__VQ8_SET1(wm__vh1(wb + 208)), WM__VQ8_LOAD(a->d)), wm__vs_totals8(v));
        }
        break;
    default: /* a type with no loop of its own: its wm__qw8_unpack and wm__qw8_dot cases, one loop each */
#define WM__QDOT_GEN(dt)                                                                                                                     \
    case dt:                                                                                                                               \
        for (b = 0; b + 8 <= nb; b += 8) {                                                                                                \
            wm__qw8 u;                                                                                                                     \
            wm__qw8_unpack(&u, w, dt, b);                                                                                                  \
            acc = wm__qw8_dot(acc, &u, &x[b / 8], dt, sd);                                                                                 \
        }                                                                                                                                  \
        break;
        switch (dtype) {
            WM__QDOT_GEN(WM_Q4_1) WM__QDOT_GEN(WM_Q5_0) WM__QDOT_GEN(WM_Q5_1) WM__QDOT_GEN(WM_Q2_K)
            WM__QDOT_GEN(WM_Q3_K) WM__QDOT_GEN(WM_Q5_K) WM__QDOT_GEN(WM_IQ4_NL) WM__QDOT_GEN(WM_IQ4_XS)
        default: b = 0;
        }
    }
    WM__VQ8_STORE(accp, acc);
    return b;
}

/* Four tokens against one weight row (prefill): each group of weights is
   unpacked once for the four; acc: [4][8]. The same float steps per output
   as wm__v_qdot, so the same bits. */
static WM__INLINE int wm__v_qdot4_t(const wm__qa *const *x, const unsigned char *w, int dtype, int nb, float *acc, int sd) {
    wm__vq8 a0 = WM__VQ8_LOAD(acc), a1 = WM__VQ8_LOAD(acc + 8), a2 = WM__VQ8_LOAD(acc + 16), a3 = WM__VQ8_LOAD(acc + 24);
    wm__qw8 u;
    int b = 0;
#define WM__QDOT4_LOOP(dt)                                                                                                                   \
    for (b = 0; b + 8 <= nb; b += 8) {                                                                                                    \
        wm__qw8_unpack(&u, w, dt, b);                                                                                                      \
        a0 = wm__qw8_dot(a0, &u, &x[0][b / 8], dt, sd);                                                                                     \
        a1 = wm__qw8_dot(a1, &u, &x[1][b / 8], dt, sd);                                                                                     \
        a2 = wm__qw8_dot(a2, &u, &x[2][b / 8], dt, sd);                                                                                     \
        a3 = wm__qw8_dot(a3, &u, &x[3][b / 8], dt, sd);                                                                                     \
    }
    switch (dtype) { /* one loop per type: the type's case of unpack and dot inlined */
    case WM_Q8_0: WM__QDOT4_LOOP(WM_Q8_0) break;
    case WM_Q4_0: WM__QDOT4_LOOP(WM_Q4_0) break;
    case WM_Q4_K: WM__QDOT4_LOOP(WM_Q4_K) break;
    case WM_Q6_K: WM__QDOT4_LOOP(WM_Q6_K) break;
    case WM_Q4_1: WM__QDOT4_LOOP(WM_Q4_1) break;
    case WM_Q5_0: WM__QDOT4_LOOP(WM_Q5_0) break;
    case WM_Q5_1: WM__QDOT4_LOOP(WM_Q5_1) break;
    case WM_Q2_K: WM__QDOT4_LOOP(WM_Q2_K) break;
    case WM_Q3_K: WM__QDOT4_LOOP(WM_Q3_K) break;
    case WM_Q5_K: WM__QDOT4_LOOP(WM_Q5_K) break;
    case WM_IQ4_NL: WM__QDOT4_LOOP(WM_IQ4_NL) break;
    case WM_IQ4_XS: WM__QDOT4_LOOP(WM_IQ4_XS) break;
    }
    WM__VQ8_STORE(acc, a0); WM__VQ8_STORE(acc + 8, a1); WM__VQ8_STORE(acc + 16, a2); WM__VQ8_STORE(acc + 24, a3);
    return b;
}

/* the bodies above, once per integer dot: the mapping's own, and on aarch64
   Armv8.2's sdot (WM_ISA_NEON_DOT); the session's ISA picks one */
static int wm__v_qdot_0(const wm__qa *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot_t(x, w, dtype, nb, acc, 0); }
static int wm__v_qdot4_0(const wm__qa *const *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot4_t(x, w, dtype, nb, acc, 0); }
#if defined(WM__NEON)
static int wm__v_qdot_sd(const wm__qa *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot_t(x, w, dtype, nb, acc, 1); }
static int wm__v_qdot4_sd(const wm__qa *const *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot4_t(x, w, dtype, nb, acc, 1); }
#define wm__v_qdot(isa, x, w, dtype, nb, acc) ((isa) == WM_ISA_NEON_DOT ? wm__v_qdot_sd(x, w, dtype, nb, acc) : wm__v_qdot_0(x, w, dtype, nb, acc))
#define wm__v_qdot4(isa, x, w, dtype, nb, acc) ((isa) == WM_ISA_NEON_DOT ? wm__v_qdot4_sd(x, w, dtype, nb, acc) : wm__v_qdot4_0(x, w, dtype, nb, acc))
#else
#define wm__v_qdot(isa, x, w, dtype, nb, acc) ((void)(isa), wm__v_qdot_0(x, w, dtype, nb, acc))
#define wm__v_qdot4(isa, x, w, dtype, nb, acc) ((void)(isa), wm__v_qdot4_0(x, w, dtype, nb, acc))
#endif
#endif
WM__TARGET_END

#ifdef WM__DSP
/* Q8_0 blocks [0, nb) as wm__qdot_q8_0 computes them: each block's exact
   integer sum four products at a time (SXTB16 sign-extends bytes 0 and 2,
   or 1 and 3 after a rotation, into 16-bit halves; SMLAD multiplies both
   halves and adds them), then the same float step per block. */
static uint32_t wm__sxtb16_r8(uint32_t x) { /* bytes 1 and 3, sign-extended (SXTB16 with its rotation, one instruction) */
    uint32_t r;
    __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(x));
    return r;
}

static void wm__dsp_qdot_q8_0(const wm__qa *x, const unsigned char *w, int nb, float *acc) {
    int b;
    for (b = 0; b < nb; b++) {
        const wm__qa *g = &x[b / 8];
        const unsigned char *wb = w + (size_t)b * 34 + 2;
        const unsigned char *a = (const unsigned char *)g->q[b & 7];
        int32_t s = 0;
        uint32_t u, v;
#define WM__DSP4(j)                                                              \
    memcpy(&u, wb + (j), 4);                                                     \
    memcpy(&v, a + (j), 4);                                                      \
    s = __smlad(__sxtb16(u), __sxtb16(v), s);                                    \
    s = __smlad(wm__sxtb16_r8(u), wm__sxtb16_r8(v), s)
        WM__DSP4(0); WM__DSP4(4); WM__DSP4(8); WM__DSP4(12); WM__DSP4(16); WM__DSP4(20); WM__DSP4(24); WM__DSP4(28);
#undef WM__DSP4
        acc[b & 7] = fmaf(wm__h(wb - 2) * g->d[b & 7], (float)s, acc[b & 7]);
    }
}

/* The same for two rows of weights against one activation row: the
   activation's bytes are sign-extended once for both (decode's matmul). */
static void wm__dsp_qdot2_q8_0(const wm__qa *x, const unsigned char *w0, const unsigned char *w1, int nb, float *acc0, float *acc1) {
    int b;
    for (b = 0; b < nb; b++) {
        const wm__qa *g = &x[b / 8];
        const unsigned char *p0 = w0 + (size_t)b * 34 + 2, *p1 = w1 + (size_t)b * 34 + 2;
        const unsigned char *a = (const unsigned char *)g->q[b & 7];
        int32_t s0 = 0, s1 = 0;
        uint32_t u, v, lo, hi;
        float dx = g->d[b & 7];
#define WM__DSP4(j)                                                              \
    memcpy(&v, a + (j), 4);                                                      \
    lo = __sxtb16(v);                                                            \
    hi = wm__sxtb16_r8(v);                                                       \
    memcpy(&u, p0 + (j), 4);                                                     \
    s0 = __smlad(__sxtb16(u), lo, s0);                                           \
    s0 = __smlad(wm__sxtb16_r8(u), hi, s0);                                      \
    memcpy(&u, p1 + (j), 4);                                                     \
    s1 = __smlad(__sxtb16(u), lo, s1);                                           \
    s1 = __smlad(wm__sxtb16_r8(u), hi, s1)
        WM__DSP4(0); WM__DSP4(4); WM__DSP4(8); WM__DSP4(12); WM__DSP4(16); WM__DSP4(20); WM__DSP4(24); WM__DSP4(28);
#undef WM__DSP4
        acc0[b & 7] = fmaf(wm__h(p0 - 2) * dx, (float)s0, acc0[b & 7]);
        acc1[b & 7] = fmaf(wm__h(p1 - 2) * dx, (float)s1, acc1[b & 7]);
    }
}
#endif

static float wm__k_qdot(const wm__kc *kc, const wm__qa *x, const void *w, int dtype, int n) {
    float acc[8];
    int b = 0, nb = n / WM__QK, k;
#ifdef WM__SIMD
    if (kc->simd && wm__types[dtype].simd) b = wm__v_qdot(kc->simd, x, (const unsigned char *)w, dtype, nb, acc); /* writes all of acc */
    else
#else
    (void)kc;
#endif
        for (k = 0; k < 8; k++) acc[k] = 0.0f;
#ifdef WM__DSP
    if (kc->simd && dtype == WM_Q8_0) { wm__dsp_qdot_q8_0(x, (const unsigned char *)w, nb, acc); b = nb; }
#endif
    if (b < nb) wm__types[dtype].qdot(x, (const unsigned char *)w, b, nb, acc); /* the tail (all of it without SIMD) */
    return wm__qsum8(acc);
}

/* S[j] = wm__k_qdot(x, row j) for nr consecutive Q8_0 rows of n (a KV
   cache's keys), bit for bit: when a row's n/32 blocks divide 8, the rows of
   one group of 8 blocks go through the 8-block body together, each block's
   term d_w d_x isum landing in its own lane, then each row's lanes summed as
   wm__k_qdot sums them. */
static void wm__k_qdots(const wm__kc *kc, const wm__qa *x, const unsigned char *W, int n, int nr, float *S) {
    int nb = n / WM__QK, j = 0;
    size_t rb = (size_t)nb * 34;
#ifdef WM__SIMD
    if (kc->simd && nb < 8 && 8 % nb == 0) {
        wm__qa xr; /* x's blocks repeated: block k is x's k mod nb */
        int k, per = 8 / nb;
        for (k = 0; k < 8; k++) {
            xr.d[k] = x->d[k % nb];
            xr.sum[k] = x->sum[k % nb];
            memcpy(xr.q[k], x->q[k % nb], WM__QK);
        }
        for (; j + per <= nr; j += per) {
            float acc[8], a[8];
            int r, b;
            wm__v_qdot(kc->simd, &xr, W + (size_t)j * rb, WM_Q8_0, 8, acc);
            for (r = 0; r < per; r++) {
                for (b = 0; b < 8; b++) a[b] = b < nb ? acc[r * nb + b] : 0.0f;
                S[j + r] = wm__qsum8(a);
            }
        }
    }
#endif
    for (; j < nr; j++) S[j] = wm__k_qdot(kc, x, W + (size_t)j * rb, WM_Q8_0, n);
}

static void wm__k_scale(const wm__kc *kc, float *y, float a, size_t n) {
    size_t i = 0;
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_scale(y, a, n);
#else
    (void)kc;
#endif
    for (; i < n; i++) y[i] *= a;
}

/* y[i] = e^x[i] (in place when y == x) */
static void wm__k_exp(const wm__kc *kc, float *y, const float *x, int n) {
    int i = 0;
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_exps(y, x, n);
#else
    (void)kc;
#endif
    for (; i < n; i++) y[i] = expf(x[i]);
}

/* y = x * rsqrt(mean(x^2) + eps) * w */
static void wm__k_rmsnorm(const wm__kc *kc, float *y, const float *x, const float *w, int n, float eps) {
    float ss = wm__k_dot(kc, x, x, WM_F32, n), r = 1.0f / sqrtf(ss / (float)n + eps);
    int i = 0;
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_mul_rw(y, x, r, w, n);
#endif
    for (; i < n; i++) y[i] = x[i] * r * w[i];
}

/* Rotate-half RoPE of x[d] with cos/sin [d/2]. */
static void wm__k_rope(const wm__kc *kc, float *x, const float *cs, const float *sn, int d) {
    int i = 0, h = d / 2;
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_rope(x, cs, sn, h);
#else
    (void)kc;
#endif
    for (; i < h; i++) {
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

/* x = act(x) * g (gated MLP; g NULL: 1). SiLU is vectorized. */
static void wm__k_act_mul(const wm__kc *kc, float *x, const float *g, size_t n, int act) {
    size_t i = 0;
#ifdef WM__SIMD
    if (kc->simd && act == WM_ACT_SILU) i = wm__v_silu_mul(x, g, n);
#else
    (void)kc;
#endif
    for (; i < n; i++) x[i] = wm__act(act, x[i]) * (g ? g[i] : 1.0f);
}

/* Largest of x[n] (n >= 1); NaN if any is NaN. */
static float wm__k_max(const wm__kc *kc, const float *x, int n) {
    float m = x[0];
    int i = 0;
#ifdef WM__SIMD
    if (kc->simd && n >= WM__VL) i = wm__v_max(x, n, &m);
#else
    (void)kc;
#endif
    for (; i < n; i++) m = x[i] > m || x[i] != x[i] ? x[i] : m; /* a NaN stays */
    return m;
}

/* In-place softmax of x[n]; entries of -inf get exactly 0. Returns 0 when
   every entry is -inf (then x is all zeros). */
static int wm__k_softmax(const wm__kc *kc, float *x, int n) {
    float mx = wm__k_max(kc, x, n), sum = 0.0f;
    int i;
    if (mx == -INFINITY) {
        for (i = 0; i < n; i++) x[i] = 0.0f;
        return 0;
    }
    for (i = 0; i < n; i++) x[i] -= mx;
    wm__k_exp(kc, x, x, n);
    for (i = 0; i < n; i++) sum += x[i];
    wm__k_scale(kc, x, 1.0f / sum, (size_t)n);
    return 1;
}

/* ---- matrix products -------------------------------------------------------
   wm__k_matmul: y[t][r] = x[t] . W[r] + b[r], the projections. One token:
   rows streamed once, four at a time, half precision widened in registers.
   Many tokens: 4-token x 3-row register tiles over row blocks that stay in
   L1, tokens in blocks of 64 that stay in L2, columns in slices of 768 so a
   tile's rows fit L1; F16/BF16 slices are widened once per token block into
   a per-thread pack buffer. Threads take
   contiguous ranges of rows, so every output keeps its summation order. */

#define WM__TB 64  /* tokens per block (their rows stay in L2) */
#define WM__KB 768 /* columns per slice (a tile's 3 + 4 rows of it, 21 KB, stay in L1) */

WM__TARGET_BEGIN
#ifdef WM__SIMD
/* y[4][3] (row stride ldy) (+)= x[4][K] . w[3][K]  (K >= 0): twelve
   accumulators, each x vector used thrice, each w vector four times */
static void wm__tile43(const float *x, size_t ldx, const float *w, size_t ldw, int K, float *y, size_t ldy, int acc) {
    wm__vf c00 = WM__V_ZERO(), c01 = c00, c02 = c00, c10 = c00, c11 = c00, c12 = c00;
    wm__vf c20 = c00, c21 = c00, c22 = c00, c30 = c00, c31 = c00, c32 = c00;
    float r[4][3];
    int k = 0, i, j;
    for (; k + WM__VL <= K; k += WM__VL) {
        wm__vf w0 = WM__V_LOAD(w + k), w1 = WM__V_LOAD(w + ldw + k), w2 = WM__V_LOAD(w + 2 * ldw + k), a;
        a = WM__V_LOAD(x + k);
        c00 = WM__V_FMA(c00, a, w0); c01 = WM__V_FMA(c01, a, w1); c02 = WM__V_FMA(c02, a, w2);
        a = WM__V_LOAD(x + ldx + k);
        c10 = WM__V_FMA(c10, a, w0); c11 = WM__V_FMA(c11, a, w1); c12 = WM__V_FMA(c12, a, w2);
        a = WM__V_LOAD(x + 2 * ldx + k);
        c20 = WM__V_FMA(c20, a, w0); c21 = WM__V_FMA(c21, a, w1); c22 = WM__V_FMA(c22, a, w2);
        a = WM__V_LOAD(x + 3 * ldx + k);
        c30 = WM__V_FMA(c30, a, w0); c31 = WM__V_FMA(c31, a, w1); c32 = WM__V_FMA(c32, a, w2);
    }
    r[0][0] = wm__v_hsum(c00); r[0][1] = wm__v_hsum(c01); r[0][2] = wm__v_hsum(c02);
    r[1][0] = wm__v_hsum(c10); r[1][1] = wm__v_hsum(c11); r[1][2] = wm__v_hsum(c12);
    r[2][0] = wm__v_hsum(c20); r[2][1] = wm__v_hsum(c21); r[2][2] = wm__v_hsum(c22);
    r[3][0] = wm__v_hsum(c30); r[3][1] = wm__v_hsum(c31); r[3][2] = wm__v_hsum(c32);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 3; j++) {
            float s = r[i][j];
            int kk;
            for (kk = k; kk < K; kk++) s += x[i * ldx + (size_t)kk] * w[j * ldw + (size_t)kk]; /* the scalar tail */
            y[i * ldy + (size_t)j] = acc ? y[i * ldy + (size_t)j] + s : s;
        }
}
#endif
WM__TARGET_END

/* y[nt][nr] (+)= x[nt][K] . w[nr][K] for a tile of up to 4 x 3. */
static void wm__tile(const wm__kc *kc, const float *x, size_t ldx, const float *w, size_t ldw, int K, float *y, size_t ldy,
                     int nt, int nr, int acc) {
    int i, j;
#ifdef WM__SIMD
    if (kc->simd && nt == 4 && nr == 3) { wm__tile43(x, ldx, w, ldw, K, y, ldy, acc); return; }
#endif
    for (i = 0; i < nt; i++)
        for (j = 0; j < nr; j++) {
            float s = wm__k_dot(kc, x + i * ldx, w + j * ldw, WM_F32, K);
            y[i * ldy + (size_t)j] = acc ? y[i * ldy + (size_t)j] + s : s;
        }
}

/* One token: y[r] = x . W[r] for r in [r0, r1), one row after another: a
   single sequential stream reads faster than interleaved rows, and x stays
   in L1. */
static void wm__matvec(const wm__kc *kc, float *y, const float *x, const wm__mat *W, int r0, int r1) {
    int r;
    for (r = r0; r < r1; r++) y[r] = wm__k_dotf(kc, x, wm__row(W, r), W->dtype, W->cols); /* W of a float type */
}

/* Rows [r0, r1) of y = x . W^T for T >= 2 tokens; pack: [3][WM__KB] floats. */
static void wm__gemm_rows(const wm__kc *kc, float *y, size_t ldy, const float *x, size_t ldx, const wm__mat *W, int T, int r0,
                          int r1, float *pack) {
    size_t K = (size_t)W->cols, esz = (size_t)wm__types[W->dtype].size;
    int t0, r, t;
    if (!kc->simd) { /* the scalar reference: one dot per output */
        for (t = 0; t < T; t++)
            for (r = r0; r < r1; r++) y[(size_t)t * ldy + (size_t)r] = wm__k_dotf(kc, x + (size_t)t * ldx, wm__row(W, r), W->dtype, (int)K);
        return;
    }
    for (t0 = 0; t0 < T; t0 += WM__TB) {
        int tb = WM__MIN(WM__TB, T - t0);
        size_t k0;
        for (k0 = 0; k0 < K; k0 += WM__KB) {
            int kb = (int)WM__MIN((size_t)WM__KB, K - k0);
            for (r = r0; r < r1; r += 3) {
                int nr = WM__MIN(3, r1 - r), j;
                const float *w = pack;
                size_t ldw = WM__KB;
                if (W->dtype == WM_F32) {
                    w = (const float *)wm__row(W, r) + k0;
                    ldw = K;
                } else { /* widen this 3 x kb slice once for the whole token block */
                    for (j = 0; j < nr; j++) wm__k_to_f32(kc, pack + (size_t)j * WM__KB, (const unsigned char *)wm__row(W, r + j) + k0 * esz, W->dtype, kb);
                }
                for (t = t0; t < t0 + tb; t += 4)
                    wm__tile(kc, x + (size_t)t * ldx + k0, ldx, w, ldw, kb, y + (size_t)t * ldy + (size_t)r, ldy, WM__MIN(4, t0 + tb - t), nr,
                             k0 > 0);
            }
        }
    }
}

/* ---- the quantized prefill tile ------------------------------------------------
   With several tokens, 8 rows of a quantized matrix are repacked once per
   call, one wm__qr per block of 32 columns, so that a vector holds 4
   quants of each of the 8 rows: a token's 4 quants, broadcast, meet all 8
   rows in one multiply, and a block's 8 integer sums land in 8 lanes with
   no horizontal reduction (the one-row dots pay one per block). Q4_0 and
   Q4_K (unsigned nibbles, |sum of a pair| <= 2 15 127) sum a whole block in
   16 bits, Q6_K (|q| <= 32) each half, Q8_0 each step. The float steps of
   each output are wm__k_qdot's, lane by lane (acc[k] by block mod 8, then
   wm__qsum8's tree), so the tile gives the same bits as decode. */
#define WM__QT_MIN 4 /* tokens from which a call repacks */
typedef struct wm__qr {
    int8_t q[8][32];   /* step s: row r's quants 4s..4s+3 at bytes 4r..4r+3 (Q4_0, Q4_K: unsigned nibbles) */
    uint8_t qa[8][32]; /* |q| (Q8_0, Q6_K) */
    float d[8];        /* each row's d_w */
    float dm[8];       /* Q4_K: -dmin */
    float mn[8];       /* Q4_K: the block's min */
    int16_t sc[2][16]; /* Q4_K: the block's scale; Q6_K: its halves' scales (each twice per row) */
} wm__qr;

WM__TARGET_BEGIN
#ifdef WM__VR8
/* P[nb]: rows [r0, r0 + 8) of W, block by block, 4 quants (a 32-bit word)
   at a time */
static uint32_t wm__ld32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static void wm__qr_pack(wm__qr *P, const wm__mat *W, int r0, int nb) {
    int b, r, st;
    for (b = 0; b < nb; b++, P++) {
        int k = b & 7;
        for (r = 0; r < 8; r++) {
            const unsigned char *w = (const unsigned char *)wm__row(W, r0 + r), *wb;
            uint32_t v[8]; /* quants 4st..4st+3, one byte each */
            int sc0 = 0, sc1 = 0;
            switch (W->dtype) {
            case WM_Q8_0:
                wb = w + (size_t)b * 34;
                for (st = 0; st < 8; st++) v[st] = wm__ld32(wb + 2 + 4 * st);
                P->d[r] = wm__vh1(wb);
                break;
            case WM_Q4_0: /* low nibbles are quants 0..15, high ones 16..31 */
                wb = w + (size_t)b * 18;
                for (st = 0; st < 4; st++) {
                    uint32_t u = wm__ld32(wb + 2 + 4 * st);
                    v[st] = u & 0x0f0f0f0fu;
                    v[st + 4] = u >> 4 & 0x0f0f0f0fu;
                }
                P->d[r] = wm__vh1(wb);
                break;
            case WM_Q4_K: {
                int m;
                wb = w + (size_t)(b / 8) * 144;
                for (st = 0; st < 8; st++) v[st] = wm__ld32(wb + 16 + 32 * (k / 2) + 4 * st) >> (k & 1 ? 4 : 0) & 0x0f0f0f0fu;
                wm__q4k_scale(wb + 4, k, &sc0, &m);
                sc1 = sc0;
                P->d[r] = wm__vh1(wb);
                P->dm[r] = -wm__vh1(wb + 2);
                P->mn[r] = (float)m;
                break;
            }
            default: { /* WM_Q6_K: q in 0..63, then q - 32 as a byte (bit 5 set: clear it; else set bits 5-7) */
                const unsigned char *ql, *qh;
                wb = w + (size_t)(b / 8) * 210;
                ql = wb + 64 * (k / 4) + 32 * (k & 1);
                qh = wb + 128 + 32 * (k / 4);
                for (st = 0; st < 8; st++) {
                    uint32_t u = (wm__ld32(ql + 4 * st) >> (k & 2 ? 4 : 0) & 0x0f0f0f0fu) | (wm__ld32(qh + 4 * st) >> (2 * (k & 3)) & 0x03030303u) << 4;
                    uint32_t b5 = u >> 5 & 0x01010101u;
                    v[st] = u ^ 0xe0e0e0e0u ^ (b5 << 7 | b5 << 6);
                }
                sc0 = ((const int8_t *)(wb + 192))[2 * k];
                sc1 = ((const int8_t *)(wb + 192))[2 * k + 1];
                P->d[r] = wm__vh1(wb + 208);
            }
            }
            for (st = 0; st < 8; st++) memcpy(&P->q[st][4 * r], &v[st], 4); /* byte order kept: every step above works within bytes */
            P->sc[0][2 * r] = P->sc[0][2 * r + 1] = (int16_t)sc0;
            P->sc[1][2 * r] = P->sc[1][2 * r + 1] = (int16_t)sc1;
        }
        if (W->dtype == WM_Q8_0 || W->dtype == WM_Q6_K)
            for (st = 0; st < 8; st++) WM__VB_STORE(P->qa[st], WM__VB_ABS(WM__VB_LOAD(P->q[st])));
    }
}

/* one block of 8 packed rows against n <= 4 tokens (q[u]: token u's 32
   quants, sum[u] their sum): s[u] lane r = the block's integer sum for row
   r and token u, as wm__k_qdot forms it (Q4_K: times the scale; Q6_K: each
   half times its scale). Each step's weights are loaded once for the n.
   Written out (steps st and tokens u literal), so every sum stays in a
   register. */
#define WM__EACH4N(X, st) X(st, 0) if (n > 1) X(st, 1) if (n > 2) X(st, 2) if (n > 3) X(st, 3)
#define WM__QT_Q8(st, u) { wm__vs t_ = WM__VH_SUMS(WM__VH_SDOT(w, wa, WM__VB_BCAST4(q[u] + 4 * st)), one); s[u] = st ? WM__VS_ADD(s[u], t_) : t_; }
#define WM__QT_Q8_ST(st) { wm__vb w = WM__VB_LOAD(P->q[st]), wa = WM__VB_LOAD(P->qa[st]); WM__EACH4N(WM__QT_Q8, st) }
#define WM__QT_Q4(st, u) { wm__vh t_ = WM__VH_UDOT(w, WM__VB_BCAST4(q[u] + 4 * st)); h[u] = st ? WM__VH_ADD(h[u], t_) : t_; }
#define WM__QT_Q4_ST(st) { wm__vb w = WM__VB_LOAD(P->q[st]); WM__EACH4N(WM__QT_Q4, st) }
#define WM__QT_Q6(st, u)                                                                                                                     \
    {                                                                                                                                      \
        wm__vh t_ = WM__VH_SDOT(w, wa, WM__VB_BCAST4(q[u] + 4 * st));                                                                      \
        if (st < 4) h[u] = st ? WM__VH_ADD(h[u], t_) : t_;                                                                                 \
        else h1[u] = st > 4 ? WM__VH_ADD(h1[u], t_) : t_;                                                                                  \
    }
#define WM__QT_Q6_ST(st) { wm__vb w = WM__VB_LOAD(P->q[st]), wa = WM__VB_LOAD(P->qa[st]); WM__EACH4N(WM__QT_Q6, st) }
#define WM__QT_S40(st, u) s[u] = WM__VS_SUB_SHL3(WM__VH_SUMS(h[u], one), WM__VS_SET1(sum[u]));
#define WM__QT_S4K(st, u) s[u] = WM__VH_SUMS(h[u], WM__VH_LOADSC(P->sc[0]));
#define WM__QT_S6K(st, u) s[u] = WM__VS_ADD(WM__VH_SUMS(h[u], WM__VH_LOADSC(P->sc[0])), WM__VH_SUMS(h1[u], WM__VH_LOADSC(P->sc[1])));
static WM__INLINE void wm__qt_sums(const wm__qr *P, int dtype, const int8_t *const *q, const int32_t *sum, int n, wm__vs *s) {
    wm__vh one = WM__VH_ONES(), h[4], h1[4];
    h[0] = h[1] = h[2] = h[3] = h1[0] = h1[1] = h1[2] = h1[3] = one; /* every sum is set before use; this quiets -Wmaybe-uninitialized */
    switch (dtype) {
    case WM_Q8_0: /* |pair sums| <= 2 128 127: each step to 32 bits */
        WM__EACH8(WM__QT_Q8_ST)
        break;
    case WM_Q4_0: /* unsigned nibbles: 8 steps of pair sums <= 2 15 127 stay below 2^15 */
        WM__EACH8(WM__QT_Q4_ST)
        WM__EACH4N(WM__QT_S40, 0)
        break;
    case WM_Q4_K:
        WM__EACH8(WM__QT_Q4_ST)
        WM__EACH4N(WM__QT_S4K, 0)
        break;
    default: /* WM_Q6_K, |q| <= 32: a half's 4 steps of pair sums <= 2 32 127 stay below 2^15 */
        WM__EACH8(WM__QT_Q6_ST)
        WM__EACH4N(WM__QT_S6K, 0)
    }
}

/* y[u][0..8) (rows ldy apart) = n <= 4 tokens (x[u]: their groups) against
   the 8 rows packed in P[nb] */
#define WM__QT_ZERO(st, u) A[u][0] = A[u][1] = A[u][2] = A[u][3] = A[u][4] = A[u][5] = A[u][6] = A[u][7] = WM__VQ8_SET1(0.0f);
#define WM__QT_X(st, u) q[u] = x[u][b / 8].q[k], sum[u] = x[u][b / 8].sum[k];
#define WM__QT_ACC(st, u)                                                                                                                    \
    {                                                                                                                                      \
        wm__vq8 dx = WM__VQ8_SET1(x[u][b / 8].d[k]);                                                                                       \
        A[u][k] = WM__VQ8_FMAF(A[u][k], WM__VQ8_MUL(d, dx), WM__VQ8_CVT(s[u]));                                                            \
        if (dtype == WM_Q4_K) /* then the mins' term, as wm__qdot_q4_k */                                                                  \
            A[u][k] = WM__VQ8_FMAF(A[u][k], WM__VQ8_MUL(WM__VQ8_LOAD(P->dm), dx), WM__VQ8_MUL(WM__VQ8_LOAD(P->mn), WM__VQ8_SET1((float)sum[u]))); \
    }
#define WM__QT_OUT(st, u) /* wm__qsum8's tree, lane by lane */                                                                               \
    WM__VQ8_STORE(y + (size_t)u * ldy, WM__VQ8_ADD(WM__VQ8_ADD(WM__VQ8_ADD(A[u][0], A[u][4]), WM__VQ8_ADD(A[u][2], A[u][6])),             \
                                                   WM__VQ8_ADD(WM__VQ8_ADD(A[u][1], A[u][5]), WM__VQ8_ADD(A[u][3], A[u][7]))));
static WM__INLINE void wm__v_qtile_n(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy) {
    wm__vq8 A[4][8];
    const int8_t *q[4] = {NULL, NULL, NULL, NULL};
    int32_t sum[4] = {0, 0, 0, 0};
    wm__vs s[4];
    int b, k;
    s[0] = s[1] = s[2] = s[3] = WM__VS_SET1(0); /* set for u < n before use; this quiets -Wmaybe-uninitialized */
    WM__EACH4N(WM__QT_ZERO, 0)
    for (b = 0; b < nb; b++, P++) {
        wm__vq8 d = WM__VQ8_LOAD(P->d);
        k = b & 7;
        WM__EACH4N(WM__QT_X, 0)
        wm__qt_sums(P, dtype, q, sum, n, s);
        WM__EACH4N(WM__QT_ACC, 0)
    }
    WM__EACH4N(WM__QT_OUT, 0)
}

/* the same for one type and 4 tokens, or fewer: one specialized loop each */
static void wm__v_qtile(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy) {
#define WM__QT_CASE(dt)                                                                                                                      \
    case dt:                                                                                                                               \
        if (n == 4) wm__v_qtile_n(P, nb, dt, x, 4, y, ldy);                                                                                \
        else wm__v_qtile_n(P, nb, dt, x, n, y, ldy);                                                                                       \
        break;
    switch (dtype) {
        WM__QT_CASE(WM_Q8_0)
        WM__QT_CASE(WM_Q4_0)
        WM__QT_CASE(WM_Q4_K)
        WM__QT_CASE(WM_Q6_K)
    }
}
#endif
WM__TARGET_END

/* Quantized W: the T activation rows quantized once (kc->qa), then one
   integer dot per output, rows in blocks of 4 against every token (a block
   of rows stays in L1, the quantized tokens in L2). Prefill and decode give
   the same bits: each output is the same wm__k_qdot. */
static void wm__qmatmul(const wm__kc *kc, float *y, size_t ldy, const float *x, size_t ldx, const wm__mat *W, int T, int r0, int r1,
                        wm__qr *qr) {
    int nq = WM__QA_GROUPS(W->cols), r, rb = r0, t;
    (void)x; (void)ldx; (void)qr;
#ifdef WM__VR8
    if (kc->simd && qr && T >= WM__QT_MIN && W->dtype <= WM_Q6_K) /* 8 rows repacked, then every token (the types wm__qr_pack knows) */
        for (; rb + 8 <= r1; rb += 8) {
            wm__qr_pack(qr, W, rb, W->cols / WM__QK);
            for (t = 0; t < T; t += 4) {
                const wm__qa *xs[4];
                int u, n = WM__MIN(4, T - t);
                for (u = 0; u < n; u++) xs[u] = kc->qa + (size_t)(t + u) * (size_t)nq;
                wm__v_qtile(qr, W->cols / WM__QK, W->dtype, xs, n, y + (size_t)t * ldy + (size_t)rb, ldy);
            }
        }
#endif
    for (; rb < r1; rb += 4)
        for (t = 0; t < T; t++) {
#ifdef WM__SIMD
            if (kc->simd && wm__types[W->dtype].simd && t + 4 <= T) { /* four tokens per pass over a row */
                for (r = rb; r < WM__MIN(rb + 4, r1); r++) {
                    const wm__qa *xs[4];
                    float acc[32];
                    int j, b;
                    for (j = 0; j < 4; j++) xs[j] = kc->qa + (size_t)(t + j) * (size_t)nq;
                    memset(acc, 0, sizeof acc);
                    b = wm__v_qdot4(kc->simd, xs, (const unsigned char *)wm__row(W, r), W->dtype, W->cols / WM__QK, acc);
                    for (j = 0; j < 4; j++) {
                        if (b < W->cols / WM__QK) wm__types[W->dtype].qdot(xs[j], (const unsigned char *)wm__row(W, r), b, W->cols / WM__QK, acc + 8 * j);
                        y[(size_t)(t + j) * ldy + (size_t)r] = wm__qsum8(acc + 8 * j);
                    }
                }
                t += 3;
                continue;
            }
#endif
            r = rb;
#ifdef WM__DSP
            if (kc->simd && W->dtype == WM_Q8_0) /* rows in pairs: each activation byte sign-extended once for both */
                for (; r + 2 <= WM__MIN(rb + 4, r1); r += 2) {
                    float a0[8] = {0}, a1[8] = {0};
                    wm__dsp_qdot2_q8_0(kc->qa + (size_t)t * (size_t)nq, (const unsigned char *)wm__row(W, r), (const unsigned char *)wm__row(W, r + 1),
                                       W->cols / WM__QK, a0, a1);
                    y[(size_t)t * ldy + (size_t)r] = wm__qsum8(a0);
                    y[(size_t)t * ldy + (size_t)r + 1] = wm__qsum8(a1);
                }
#endif
            for (; r < WM__MIN(rb + 4, r1); r++)
                y[(size_t)t * ldy + (size_t)r] = wm__k_qdot(kc, kc->qa + (size_t)t * (size_t)nq, wm__row(W, r), W->dtype, W->cols);
        }
}

/* y[t][r] = x[t] . W[r] + bias[r] (t < T <= n_batch, r < W->rows); x rows
   ldx apart, y rows ldy apart; scratch from kc (pack: half-precision weights
   with T >= 2; qa: quantized weights). */
typedef struct wm__mm_job {
    const wm__kc *kc;
    float *y;
    const float *x;
    const wm__mat *W;
    const float *bias;
    int ldy, ldx, T, per; /* per: rows of an item, whole 3-row tiles */
} wm__mm_job;

static void wm__mm_quant_task(void *arg, int t, int worker) { /* token t's activations, quantized */
    const wm__mm_job *j = (const wm__mm_job *)arg;
    (void)worker;
    wm__quant_act(j->x + (size_t)t * (size_t)j->ldx, j->W->cols, j->kc->qa + (size_t)t * (size_t)WM__QA_GROUPS(j->W->cols), j->kc->simd);
}

static void wm__mm_task(void *arg, int item, int worker) { /* rows [item per, +per) */
    const wm__mm_job *j = (const wm__mm_job *)arg;
    const wm__kc *kc = j->kc;
    const wm__mat *W = j->W;
    int r0 = item * j->per, r1 = WM__MIN(W->rows, r0 + j->per), t;
    if (r0 >= r1) return;
    if (WM__IS_Q(W->dtype)) wm__qmatmul(kc, j->y, (size_t)j->ldy, j->x, (size_t)j->ldx, W, j->T, r0, r1, kc->qr ? kc->qr + (size_t)worker * (size_t)(W->cols / WM__QK) : NULL);
    else if (j->T == 1) wm__matvec(kc, j->y, j->x, W, r0, r1);
    else wm__gemm_rows(kc, j->y, (size_t)j->ldy, j->x, (size_t)j->ldx, W, j->T, r0, r1, kc->pack + (size_t)worker * 3 * WM__KB);
    if (j->bias)
        for (t = 0; t < j->T; t++) {
            int r;
            for (r = r0; r < r1; r++) j->y[(size_t)t * j->ldy + (size_t)r] += j->bias[r];
        }
}

static void wm__k_matmul(const wm__kc *kc, float *y, int ldy, const float *x, int ldx, const wm__mat *W, const float *bias, int T) {
    /* items: up to 4 per thread of at least 16 rows each, in whole 3-row tiles (each row is computed by
       the same tile whatever the split); claimed one at a time, so a descheduled thread holds back one */
    int items = kc->n_threads > 1 ? WM__MAX(1, WM__MIN(4 * kc->n_threads, W->rows / 16)) : 1;
    wm__mm_job j;
    j.kc = kc; j.y = y; j.x = x; j.W = W; j.bias = bias; j.ldy = ldy; j.ldx = ldx; j.T = T;
    j.per = ((W->rows + items - 1) / items + 2) / 3 * 3;
    items = (W->rows + j.per - 1) / j.per;
    if (WM__IS_Q(W->dtype)) wm__pfor(kc, T, wm__mm_quant_task, &j);
    wm__pfor(kc, items, wm__mm_task, &j);
}

/* C[i][j] (+)= A[i] . B[j] for i < M, j < N over K: A rows lda apart, B
   rows ldb apart (both F32). The SSD's C.B^T and attention's q.k. */
static void wm__k_gemm_nt(const wm__kc *kc, int M, int N, int K, const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                          int accumulate) {
    int i, j;
    float tile[12];
    if (M < 4) { /* a few rows (decode attention): B row after B row, in address order (one stream
                    reads DRAM fastest; B rows taken in lock-step do not), each used by every row of A */
        for (j = 0; j < N; j++)
            for (i = 0; i < M; i++) {
                float s = wm__k_dot(kc, A + (size_t)i * lda, B + (size_t)j * ldb, WM_F32, K), *c = C + (size_t)i * ldc + j;
                *c = accumulate ? *c + s : s;
            }
        return;
    }
    for (i = 0; i < M; i += 4)
        for (j = 0; j < N; j += 3) {
            int nt = WM__MIN(4, M - i), nr = WM__MIN(3, N - j), a, b;
            wm__tile(kc, A + (size_t)i * lda, (size_t)lda, B + (size_t)j * ldb, (size_t)ldb, K, tile, 3, nt, nr, 0);
            for (a = 0; a < nt; a++)
                for (b = 0; b < nr; b++) {
                    float *c = C + (size_t)(i + a) * ldc + (size_t)(j + b);
                    *c = accumulate ? *c + tile[a * 3 + b] : tile[a * 3 + b];
                }
        }
}

WM__TARGET_BEGIN
#ifdef WM__SIMD
/* rows [0, i) of wm__k_gemm_acc, 4 at a time; returns i */
static int wm__v_gemm_acc(int M, int N, int K, const float *A, int ai, int ak, const float *B, int ldb, float *C, int ldc) {
    int i = 0, j, k;
    for (; i + 4 <= M; i += 4) {
        float *c0 = C + (size_t)i * ldc, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
        for (j = 0; j + 2 * WM__VL <= N; j += 2 * WM__VL) {
            wm__vf c00 = WM__V_LOAD(c0 + j), c01 = WM__V_LOAD(c0 + j + WM__VL), c10 = WM__V_LOAD(c1 + j), c11 = WM__V_LOAD(c1 + j + WM__VL);
            wm__vf c20 = WM__V_LOAD(c2 + j), c21 = WM__V_LOAD(c2 + j + WM__VL), c30 = WM__V_LOAD(c3 + j), c31 = WM__V_LOAD(c3 + j + WM__VL);
            for (k = 0; k < K; k++) {
                const float *bk = B + (size_t)k * ldb + j, *ap = A + (size_t)i * ai + (size_t)k * ak;
                wm__vf b0 = WM__V_LOAD(bk), b1 = WM__V_LOAD(bk + WM__VL), a;
                a = WM__V_SET1(ap[0]); c00 = WM__V_FMA(c00, a, b0); c01 = WM__V_FMA(c01, a, b1);
                a = WM__V_SET1(ap[ai]); c10 = WM__V_FMA(c10, a, b0); c11 = WM__V_FMA(c11, a, b1);
                a = WM__V_SET1(ap[2 * (size_t)ai]); c20 = WM__V_FMA(c20, a, b0); c21 = WM__V_FMA(c21, a, b1);
                a = WM__V_SET1(ap[3 * (size_t)ai]); c30 = WM__V_FMA(c30, a, b0); c31 = WM__V_FMA(c31, a, b1);
            }
            WM__V_STORE(c0 + j, c00); WM__V_STORE(c0 + j + WM__VL, c01); WM__V_STORE(c1 + j, c10); WM__V_STORE(c1 + j + WM__VL, c11);
            WM__V_STORE(c2 + j, c20); WM__V_STORE(c2 + j + WM__VL, c21); WM__V_STORE(c3 + j, c30); WM__V_STORE(c3 + j + WM__VL, c31);
        }
        for (; j < N; j++) /* columns left over: the scalar tail */
            for (k = 0; k < K; k++) {
                const float *ap = A + (size_t)i * ai + (size_t)k * ak;
                float bk = B[(size_t)k * ldb + j];
                c0[j] += ap[0] * bk;
                c1[j] += ap[ai] * bk;
                c2[j] += ap[2 * (size_t)ai] * bk;
                c3[j] += ap[3 * (size_t)ai] * bk;
            }
    }
    return i;
}
#endif
WM__TARGET_END

/* C[i][0..N) += sum_k A(i,k) B[k][0..N) with A(i,k) = A[i*ai + k*ak]:
   A.B (ai = lda, ak = 1) or A^T.B (ai = 1, ak = lda). Vectorized along N:
   4 rows x 2 vectors of C stay in registers over all of K. */
static void wm__k_gemm_acc(const wm__kc *kc, int M, int N, int K, const float *A, int ai, int ak, const float *B, int ldb, float *C,
                           int ldc) {
    int i = 0, k;
#ifdef WM__SIMD
    if (kc->simd) i = wm__v_gemm_acc(M, N, K, A, ai, ak, B, ldb, C, ldc);
#else
    (void)kc;
#endif
    if (i < M) { /* rows left over (all of them on the scalar path): B row after B row, a single stream,
                    each B row used by every row left while it is in L1 */
        int r;
        for (k = 0; k < K; k++)
            for (r = i; r < M; r++) wm__k_axpy(kc, C + (size_t)r * ldc, A[(size_t)r * ai + (size_t)k * ak], B + (size_t)k * ldb, WM_F32, N);
    }
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
static void wm__k_topk_pairs(const wm__kc *kc, const float *x, int n, int k, int sorted, wm__pair *q) {
    int j;
    if (k == 1 && n > 1 && kc->simd) { /* a unique, finite maximum: no tie to resolve */
        float m = wm__k_max(kc, x, n);
        int cnt = 0, at = 0, nan = 0;
        for (j = 0; j < n; j++) {
            if (x[j] == m) { cnt++; at = j; }
            nan |= x[j] != x[j];
        }
        if (cnt == 1 && !nan) { q[0].v = m; q[0].i = at; return; }
    }
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

/* The k-th largest (1-based) of a[n]; reorders a (quickselect). */
static float wm__quickselect(float *a, int n, int k) {
    int lo = 0, hi = n - 1, want = k - 1;
    while (lo < hi) {
        float piv = a[lo + (hi - lo) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (a[i] > piv) i++;
            while (a[j] < piv) j--;
            if (i <= j) { float t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
        }
        if (want <= j) hi = j;
        else if (want >= i) lo = i;
        else return a[want];
    }
    return a[want];
}

/* order-preserving unsigned key of a float */
static uint32_t wm__fkey(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

/* The k-th largest (1-based) of m[n], branch-free where it counts: a
   2048-bucket histogram of the top key bits finds the bucket that holds it,
   a quickselect inside that bucket the value. tmp: [n], hist: [2048]. */
static float wm__kth_largest(const float *m, int n, int k, float *tmp, unsigned *hist) {
    int i, b, above = 0, c = 0;
    memset(hist, 0, 2048 * sizeof(unsigned));
    for (i = 0; i < n; i++) hist[wm__fkey(m[i]) >> 21]++;
    for (b = 2047; b > 0 && above + (int)hist[b] < k; b--) above += (int)hist[b];
    for (i = 0; i < n; i++)
        if ((int)(wm__fkey(m[i]) >> 21) == b) tmp[c++] = m[i];
    return wm__quickselect(tmp, c, k - above);
}

/* keep[j] = 1 for the k largest of m[n] as torch.topk(sorted=False) picks
   them (k < n). When no tie straddles the k-th value the set is unique and
   any selection finds it; otherwise the exact emulation decides.
   tmp: [n] floats, hist: [2048], sel: [n] pairs. */
static void wm__k_keep_mask(const wm__kc *kc, const float *m, int n, int k, unsigned char *keep, float *tmp, unsigned *hist,
                            wm__pair *sel) {
    float v = wm__kth_largest(m, n, k, tmp, hist);
    int j, above = 0, equal = 0, nan = 0;
    for (j = 0; j < n; j++) {
        above += m[j] > v;
        equal += m[j] == v;
        nan |= m[j] != m[j];
    }
    if (!nan && above + equal == k) {
        for (j = 0; j < n; j++) keep[j] = m[j] >= v;
        return;
    }
    wm__k_topk_pairs(kc, m, n, k, 0, sel);
    memset(keep, 0, (size_t)n);
    for (j = 0; j < k; j++) keep[sel[j].i] = 1;
}

/* The k largest of x[n] (k <= n), best first: indices and values. */
static void wm__k_topk(const wm__kc *kc, const float *x, int n, int k, int *idx, float *val, wm__pair *tmp) {
    int j;
    wm__k_topk_pairs(kc, x, n, k, 1, tmp);
    for (j = 0; j < k; j++) { idx[j] = tmp[j].i; val[j] = tmp[j].v; }
}

/* ========================================================================
   [@STRUCTS] Model and session structures
   ======================================================================== */

/* One tensor of the checkpoint directory (sorted by name). */
typedef struct wm__tensor {
    const char *name; /* NUL-terminated, decoded */
    int dtype;        /* index into wm__types */
    int ndim;
    uint64_t shape[8];
    size_t begin, end; /* offsets in the data section */
    const unsigned char *data;
    int file;
    int used;
    int conv;         /* WM__CONV_NEGLOG: the file holds -exp(x) of the vector x the model wants */
} wm__tensor;
WM__SLOT(wm__tensor, 120);
enum { WM__CONV_NEGLOG = 1 };

/* The weights of one layer: its norms and each slot's module weights, by
   kind (defined with the module table, after the modules). */
typedef struct wm__layer wm__layer;

struct wm_model {
    wm_config cfg;
    wm__tensor *tensors; /* [n_tensors], sorted by name */
    int n_tensors;
    struct wm__probe *probe; /* sizing without a directory: tensors looked up in the headers (wm__find) */
    wm__layer *layers;   /* [n_layers] */
    wm__mat embed, lm_head;
    const float *final_norm;
    const float *embed_norm; /* [D] or NULL */
    int num_keys;        /* product keys of the CDMoE / MoE */
    int has_attn;        /* any layer with a KV cache */
    int qcols;           /* most columns of a quantized matrix (its activations are quantized in the session) */
    uint64_t fingerprint; /* of the tensor directory and data edges (session files) */
    size_t bytes_used;
    void *owned;         /* WM_MALLOC'd block of wm_model_open/load */
    struct wm__ofile *owned_files; /* [n_owned_files] the files wm_model_load read or mapped */
    int n_owned_files;
    int tied_head_differs; /* tie_word_embeddings, yet a different lm_head.weight is stored (wm_model_warning) */
};
WM__SLOT(wm_model, 936);

/* Per-layer session state. */
typedef struct wm__lstate {
    unsigned char *k, *v; /* [n_kv][n_ctx][hd] of the cache type: head-major, so a head's keys are one stream */
    float *m;     /* [n_kv][n_ctx] doge dynamic mask value of each key */
    float *S;     /* [H][P][N] SSD state (and the GLA / MCSD states): F32, or uint16_t F16 / BF16 values under a
                     session's state_type (wm__st_widen / wm__st_narrow) */
    float *conv;  /* [K-1][C] mamba2 conv window */
    int n_heads;  /* heads of k (and m), and of v unless n_vheads */
    int n_vheads; /* heads of v when they differ (SW-SKA), else 0 */
    int ring;     /* rows per head of a ring buffer (key j in row j mod ring), 0: [n_ctx] rows, key j in row j */
} wm__lstate;
WM__SLOT(wm__lstate, 56);

struct wm_session {
    const wm_model *model;
    wm_session_params params;
    wm__kc kc;                   /* SIMD or scalar, threads */
    int pos;
    wm__lstate *ls;              /* [n_layers] */
    float *h, *x, *y;            /* [n_batch][D] residual, normed input, module output */
    float *rope_cs, *rope_sn;    /* [n_batch][ssd_state/2] RoPE of SSD B/C (cheems) */
    float *arope_cs, *arope_sn;  /* [n_batch][head_dim/2] RoPE of attention q/k */
    unsigned char *work;         /* module scratch, work_bytes long */
    float *swork;                /* F32 working copy of a reduced state (wm__st_work_floats), or NULL */
    size_t work_bytes;
    wm_layer_hook hook;
    void *hook_user;
    void *owned;                 /* WM_MALLOC'd block of wm_session_create */
    void *own_pool;              /* the wm_pool wm_session_create started (NULL: none) */
    char err[256];
};
WM__SLOT(wm_session, 488);

/* ========================================================================
   [@PLAN] Module descriptions: the tensors of a module (its plan), walked by the
   loader and by `wm_random_checkpoint`; bytes a decode step reads.
   ======================================================================== */

/* floor(sqrt(n)): product keys are sqrt(experts) a side */
static int wm__isqrt(int n) {
    int r = (int)sqrt((double)n);
    while (r > 0 && r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}

enum { WM__MATRIX = 1, WM__VECTOR = 2 };
enum { WM__OPTIONAL = 1, WM__IN_RANDOM = 2 }; /* may be absent from a checkpoint; a random checkpoint has it */
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

static void wm__plan_t(wm__planner *p, const char *suffix, int kind, int flags, int init, float mean, float scale,
                       void *dst, int ndim, uint64_t d0, uint64_t d1, uint64_t d2, uint64_t d3) {
    wm__need n;
    if (!p->ok) return;
    if (p->layer >= 0) wm__fmt(p->name, sizeof p->name, "%s%d.%s", p->prefix, p->layer, suffix);
    else wm__fmt(p->name, sizeof p->name, "%s", suffix);
    n.name = p->name;
    n.ndim = ndim;
    n.shape[0] = d0; n.shape[1] = d1; n.shape[2] = d2; n.shape[3] = d3;
    n.kind = kind; n.optional = (flags & WM__OPTIONAL) != 0; n.in_random = (flags & WM__IN_RANDOM) != 0; n.init = init;
    n.mean = mean; n.scale = scale; n.dst = dst;
    p->ok = p->fn(p->ctx, &n);
}

/* weight [o][i] with an optional bias [o] */
static void wm__plan_linear(wm__planner *p, const char *base, wm__mat *w, const float **b, int o, int i, int bias,
                            float scale) {
    char nm[96];
    wm__fmt(nm, sizeof nm, "%s.weight", base);
    wm__plan_t(p, nm, WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0.0f, scale, w, 2, (uint64_t)o, (uint64_t)i, 0, 0);
    wm__fmt(nm, sizeof nm, "%s.bias", base);
    wm__plan_t(p, nm, WM__VECTOR, WM__OPTIONAL | (bias ? WM__IN_RANDOM : 0), WM__INIT_NORMAL, 0.0f, 0.1f, (void *)b, 1, (uint64_t)o, 0, 0, 0);
}
#define WM__LIN(p, base, w, f, o, i, bias) \
    wm__plan_linear(p, base, w ? &w->f : NULL, w ? &w->f##b : NULL, o, i, bias, 1.0f / sqrtf((float)(i)))
#define WM__VEC1(p, nm, dst, n, flags, init, mean, scale) \
    wm__plan_t(p, nm, WM__VECTOR, flags, init, mean, scale, dst, 1, (uint64_t)(n), 0, 0, 0)


static uint64_t wm__row_bytes(const wm__mat *w) { return (uint64_t)wm__row_size(w->dtype, (size_t)w->cols); }

static uint64_t wm__mat_bytes(const wm__mat *w) { return w->data ? (uint64_t)w->rows * wm__row_bytes(w) : 0; }

/* ========================================================================
   [@LAYERS] Layers, in data-flow order. Each module carves its scratch with one
   function, used both to measure the session and to run; per-thread pieces
   are carved n_threads times.
   ======================================================================== */

static int wm__ssd_P(const wm_config *c) { return c->ssd_head_dim; }
static int wm__ssd_I(const wm_config *c) { return c->ssd_heads * c->ssd_head_dim; }
static int wm__conv_C(const wm_config *c) { return wm__ssd_I(c) + 2 * c->ssd_groups * c->ssd_state; }

#define WM__QB 16 /* queries per attention block */

/* ---- RoPE tables ----------------------------------------------------------
   cos/sin [n][d/2] for positions pos0..pos0+n-1 of a call whose last
   position is last_pos (dynamic NTK scales the base from it, once per call).
   Angles stay in double: a float angle p * inv is off by up to 1.5e-4 in its
   cosine below position 4096 and 1.2e-3 below 32768 (d = 64, theta 1e4),
   past the tolerance against the float64 reference; the table is built once
   per call for all layers, so double costs nothing measurable. */
#ifdef WM__FLOAT_MATH
/* Single precision (no double-precision FPU): the angle p inv as an exact
   float sum hi + lo (fma), cos/sin of hi corrected to first order by lo.
   inv itself is one powf (~1 ulp): below position 1024 the cosines stay
   within 1e-4 of the double ones. */
static void wm__rope_table(float *cs, float *sn, const wm_config *c, int d, int pos0, int n, int last_pos) {
    float base = (float)c->rope_theta;
    int t, i, h = d / 2;
    if (c->rope_type == WM_ROPE_DYNAMIC) {
        float L = (float)last_pos + 1.0f, n0 = (float)c->rope_original_max, f = (float)c->rope_factor;
        if (L > n0 && d > 2) base *= powf(f * L / n0 - (f - 1.0f), (float)d / (float)(d - 2));
    }
    for (i = 0; i < h; i++) {
        float inv = 1.0f / powf(base, (float)(2 * i) / (float)d);
        for (t = 0; t < n; t++) {
            float p = (float)(pos0 + t), hi, lo, ch, sh;
            if (c->rope_type == WM_ROPE_LINEAR) p /= (float)c->rope_factor;
            hi = p * inv;
            lo = fmaf(p, inv, -hi);
            ch = cosf(hi);
            sh = sinf(hi);
            cs[(size_t)t * h + i] = ch - sh * lo;
            sn[(size_t)t * h + i] = sh + ch * lo;
        }
    }
}
#else
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
#endif

/* ---- recurrent states in F16 / BF16 (wm_session_params.state_type) --------
   A state of n values is stored as uint16_t where the session asks for it;
   the modules widen what they update into F32 (a row, a head, or the whole
   state: ctx.sw) and narrow it back, rounding to nearest even. */
static float *wm__st_alloc(wm__arena *a, size_t n, int stype) { return (float *)wm__alloc(a, n, stype == WM_F32 ? sizeof(float) : 2); }

static void wm__st_widen(float *dst, const void *src, size_t n, int stype) { /* dst[n] = the stored values at src */
    const uint16_t *h = (const uint16_t *)src;
    size_t i;
    if (stype == WM_F16) for (i = 0; i < n; i++) dst[i] = wm__f16_to_f32(h[i]);
    else for (i = 0; i < n; i++) dst[i] = wm__bf16_to_f32(h[i]);
}

static void wm__st_narrow(void *dst, const float *src, size_t n, int stype) { /* stores src[n] at dst */
    uint16_t *h = (uint16_t *)dst;
    size_t i;
    if (stype == WM_F16) for (i = 0; i < n; i++) h[i] = wm__f32_to_f16(src[i]);
    else for (i = 0; i < n; i++) h[i] = wm__f32_to_bf16(src[i]);
}

/* ---- SSD: chunked scan (prefill) and recurrence (decode) -----------------
   Per head h: S_t = exp(A dt_t) S_{t-1} + dt_t x_t B_t^T,  y_t = S_t C_t + D x_t.
   xs [nb][.] rows ldx apart (head h at +h*P), B/C rows ldbc apart (group g
   at +g*N), dt [nb][H] after softplus, state S [H][P][N], y [nb][H][P]. */
typedef struct wm__ssd_args {
    float *y, *S;  /* S: [H][P][N], F32 or (stype F16 / BF16) uint16_t */
    const float *xs, *Bm, *Cm, *dt, *A_log, *Dskip;
    int ldx, ldbc, nb, H, P, N, G, group_div, chunk;
    int stype;     /* the state's storage */
    float *sw;     /* reduced states: [n_threads][N] (a token) or [n_threads][P][N] (a chunk), F32 */
} wm__ssd_args;

/* one thread's scratch for the chunked scan */
typedef struct wm__ssd_ws {
    float *M;    /* [Q][Q] C.B^T masked by the decay, of one head */
    float *CB2;  /* [Q][N] exp(lam_t) C_t, then exp(lam_end - lam_s) dt_s B_s */
    float *lam;  /* [Q] cumulative A dt within the chunk */
    float *e;    /* [Q] exponent row */
} wm__ssd_ws;
WM__SLOT(wm__ssd_ws, 32);

static void wm__ssd_ws_carve(wm__arena *ar, int Q, int N, wm__ssd_ws *w) {
    w->M = wm__falloc(ar, Q, Q, 1);
    w->CB2 = wm__falloc(ar, Q, N, 1);
    w->lam = wm__falloc(ar, Q, 1, 1);
    w->e = wm__falloc(ar, Q, 1, 1);
}

static int wm__ssd_group(const wm__ssd_args *a, int h) {
    return a->group_div ? h / (a->H / a->G) : h % a->G;
}

/* a loop's context for wm__pfor: the kernel context and the arguments */
typedef struct wm__ssd_job {
    const wm__kc *kc;
    const wm__ssd_args *a;
    float *CB;       /* chunked: [G][Q][Q] */
    wm__ssd_ws *ws;  /* chunked: one per thread */
    int c0, q, Q;    /* chunked: the chunk */
} wm__ssd_job;

/* One token: the O(1) recurrence, head h. */
static void wm__ssd_step_task(void *arg, int h, int worker) {
    const wm__kc *kc = ((const wm__ssd_job *)arg)->kc;
    const wm__ssd_args *a = ((const wm__ssd_job *)arg)->a;
    int g = wm__ssd_group(a, h), p;
    float dt = a->dt[h], dA = expf(-expf(a->A_log[h]) * dt);
    const float *x = a->xs + (size_t)h * a->P, *B = a->Bm + (size_t)g * a->N, *C = a->Cm + (size_t)g * a->N;
    float *y = a->y + (size_t)h * a->P;
    size_t at = (size_t)h * a->P * a->N; /* the head's state */
    for (p = 0; p < a->P; p++, at += (size_t)a->N) {
        float *Sp = a->stype == WM_F32 ? a->S + at : a->sw + (size_t)worker * a->N; /* a reduced state: its row widened */
        if (a->stype != WM_F32) wm__st_widen(Sp, (const uint16_t *)(const void *)a->S + at, (size_t)a->N, a->stype);
        wm__k_scale(kc, Sp, dA, (size_t)a->N);
        wm__k_axpy(kc, Sp, dt * x[p], B, WM_F32, a->N);
        y[p] = wm__k_dot(kc, C, Sp, WM_F32, a->N) + a->Dskip[h] * x[p];
        if (a->stype != WM_F32) wm__st_narrow((uint16_t *)(void *)a->S + at, Sp, (size_t)a->N, a->stype);
    }
}

static void wm__ssd_step(const wm__kc *kc, const wm__ssd_args *a) {
    wm__ssd_job j;
    memset(&j, 0, sizeof j);
    j.kc = kc;
    j.a = a;
    if (a->H >= 8) wm__pfor(kc, a->H, wm__ssd_step_task, &j);
    else {
        int h;
        for (h = 0; h < a->H; h++) wm__ssd_step_task(&j, h, 0);
    }
}

/* Many tokens, as small matrix products per chunk of Q tokens; with
   lam_t = sum_{r<=t} A dt_r inside the chunk:
     y    = D x + M X + diag(exp(lam)) C S_in^T,  M[t][s] = (C_t.B_s) exp(lam_t - lam_s) dt_s  (s <= t)
     S_out = exp(lam_end) S_in + X^T diag(exp(lam_end - lam_s) dt_s) B
   CB: [G][Q][Q] scratch; ws: one per thread. Differences of lam are
   exponentiated, never ratios of exponentials. */
static void wm__ssd_cb_task(void *arg, int g, int worker) { /* group g's C.B^T of the chunk */
    const wm__ssd_job *j = (const wm__ssd_job *)arg;
    const wm__ssd_args *a = j->a;
    (void)worker;
    wm__k_gemm_nt(j->kc, j->q, j->q, a->N, a->Cm + (size_t)j->c0 * a->ldbc + (size_t)g * a->N, a->ldbc,
                  a->Bm + (size_t)j->c0 * a->ldbc + (size_t)g * a->N, a->ldbc, j->CB + (size_t)g * j->Q * j->Q, j->Q, 0);
}

static void wm__ssd_head_task(void *arg, int h, int worker) { /* head h through the chunk */
    const wm__ssd_job *j = (const wm__ssd_job *)arg;
    const wm__kc *kc = j->kc;
    const wm__ssd_args *a = j->a;
    const float *CB = j->CB;
    int c0 = j->c0, q = j->q, Q = j->Q;
    wm__ssd_ws *w = &j->ws[worker];
    int gg = wm__ssd_group(a, h), t, s, p, n;
    size_t at = (size_t)h * a->P * a->N, PN = (size_t)a->P * a->N; /* the head's state: F32, or widened into sw */
    float A = -expf(a->A_log[h]), acc = 0.0f, lend, *S = a->stype == WM_F32 ? a->S + at : a->sw + (size_t)worker * PN;
    const float *X = a->xs + (size_t)c0 * a->ldx + (size_t)h * a->P, *cb = CB + (size_t)gg * Q * Q;
    const float *Cg = a->Cm + (size_t)c0 * a->ldbc + (size_t)gg * a->N, *Bg = a->Bm + (size_t)c0 * a->ldbc + (size_t)gg * a->N;
    float *Y = a->y + ((size_t)c0 * a->H + (size_t)h) * a->P;
    size_t ldy = (size_t)a->H * a->P;
    if (a->stype != WM_F32) wm__st_widen(S, (const uint16_t *)(const void *)a->S + at, PN, a->stype);
    for (t = 0; t < q; t++) { acc += A * a->dt[(size_t)(c0 + t) * a->H + h]; w->lam[t] = acc; }
    for (t = 0; t < q; t++) { /* the masked decay matrix, row by row */
        float *m = w->M + (size_t)t * Q;
        for (s = 0; s <= t; s++) w->e[s] = w->lam[t] - w->lam[s];
        wm__k_exp(kc, w->e, w->e, t + 1);
        for (s = 0; s <= t; s++) m[s] = cb[(size_t)t * Q + s] * w->e[s] * a->dt[(size_t)(c0 + s) * a->H + h];
        for (; s < q; s++) m[s] = 0.0f;
    }
    for (t = 0; t < q; t++) /* y = D x */
        for (p = 0; p < a->P; p++) Y[(size_t)t * ldy + p] = a->Dskip[h] * X[(size_t)t * a->ldx + p];
    wm__k_gemm_acc(kc, q, a->P, q, w->M, Q, 1, X, a->ldx, Y, (int)ldy); /* += M X */
    for (t = 0; t < q; t++) w->e[t] = w->lam[t];
    wm__k_exp(kc, w->e, w->e, q);
    for (t = 0; t < q; t++) /* += exp(lam_t) C_t S^T */
        for (n = 0; n < a->N; n++) w->CB2[(size_t)t * a->N + n] = w->e[t] * Cg[(size_t)t * a->ldbc + n];
    wm__k_gemm_nt(kc, q, a->P, a->N, w->CB2, a->N, S, a->N, Y, (int)ldy, 1);
    lend = w->lam[q - 1];
    for (s = 0; s < q; s++) w->e[s] = lend - w->lam[s];
    wm__k_exp(kc, w->e, w->e, q);
    for (s = 0; s < q; s++) { /* state passing */
        float ws_ = w->e[s] * a->dt[(size_t)(c0 + s) * a->H + h];
        for (n = 0; n < a->N; n++) w->CB2[(size_t)s * a->N + n] = ws_ * Bg[(size_t)s * a->ldbc + n];
    }
    wm__k_scale(kc, S, expf(lend), (size_t)a->P * a->N);
    wm__k_gemm_acc(kc, a->P, a->N, q, X, 1, a->ldx, w->CB2, a->N, S, a->N);
    if (a->stype != WM_F32) wm__st_narrow((uint16_t *)(void *)a->S + at, S, PN, a->stype);
}

static void wm__ssd_chunked(const wm__kc *kc, const wm__ssd_args *a, float *CB, wm__ssd_ws *ws) {
    wm__ssd_job j;
    j.kc = kc; j.a = a; j.CB = CB; j.ws = ws;
    j.Q = a->chunk < a->nb ? a->chunk : a->nb;
    for (j.c0 = 0; j.c0 < a->nb; j.c0 += a->chunk) {
        j.q = WM__MIN(a->chunk, a->nb - j.c0);
        wm__pfor(kc, a->G, wm__ssd_cb_task, &j);
        wm__pfor(kc, a->H, wm__ssd_head_task, &j);
    }
}

/* Every module sees one of these. */
typedef struct wm__ctx {
    const wm_model *m;
    const wm_config *c;
    const wm__kc *kc;
    const void *w;       /* this slot's weights: the module's own wm__*_w */
    wm__lstate *st;      /* this layer's session state */
    int nb, pos0;        /* tokens of this batch and the position of the first */
    int n_ctx, ctype;    /* the session's context (KV cache rows) and cache type */
    int stype;           /* the session's state_type: WM_F32, or F16 / BF16 states (wm__st_widen) */
    float *sw;           /* F32 working copy of a reduced state: wm__st_work_floats of them, or NULL */
    const float *rope_cs, *rope_sn;   /* [nb][ssd_state/2] RoPE of SSD B/C (cheems), or NULL */
    const float *arope_cs, *arope_sn; /* [nb][head_dim/2] RoPE of attention q/k, or NULL */
} wm__ctx;

/* ---- cheems SSD module (Listing 4 + RoPE on B and C) ------------------- */

typedef struct wm__ssd_w {
    wm__mat x_proj, b_proj, c_proj;      /* [H*P][D], [G*N][D], [G*N][D] */
    wm__mat dt_proj, out_proj;           /* [H][D], [D][H*P] */
    const float *x_projb, *b_projb, *c_projb, *dt_projb, *out_projb; /* optional biases */
    const float *A_log, *Dskip;          /* [H] */
} wm__ssd_w;

typedef struct wm__ssd_bufs {
    float *xs;   /* [nb][H*P] */
    float *Bm;   /* [nb][G*N] */
    float *Cm;   /* [nb][G*N] */
    float *dt;   /* [nb][H] */
    float *yv;   /* [nb][H*P] */
    float *CB;   /* [G][Q][Q] */
    wm__ssd_ws *ws; /* [n_threads] */
} wm__ssd_bufs;

static void wm__scan_carve(wm__arena *a, const wm_config *c, int nb, int nth, float **CB, wm__ssd_ws **ws) {
    int Q = WM__MIN(c->ssd_chunk, nb), i;
    *CB = wm__falloc(a, c->ssd_groups, Q, Q);
    *ws = (wm__ssd_ws *)wm__alloc(a, (size_t)nth, WM__SLOT_wm__ssd_ws);
    for (i = 0; i < nth; i++) {
        wm__ssd_ws w;
        wm__ssd_ws_carve(a, Q, c->ssd_state, &w);
        if (*ws) (*ws)[i] = w;
    }
}

static void wm__ssd_carve(wm__arena *a, const wm_config *c, int nb, int nth, wm__ssd_bufs *b) {
    size_t I = (size_t)wm__ssd_I(c), GN = (size_t)c->ssd_groups * c->ssd_state;
    b->xs = wm__falloc(a, nb, I, 1);
    b->Bm = wm__falloc(a, nb, GN, 1);
    b->Cm = wm__falloc(a, nb, GN, 1);
    b->dt = wm__falloc(a, nb, c->ssd_heads, 1);
    b->yv = wm__falloc(a, nb, I, 1);
    wm__scan_carve(a, c, nb, nth, &b->CB, &b->ws);
}

static void wm__ssd_run(const wm__kc *kc, const wm__ssd_args *a, float *CB, wm__ssd_ws *ws) {
    if (a->nb == 1) wm__ssd_step(kc, a);
    else wm__ssd_chunked(kc, a, CB, ws);
}

static void wm__ssd_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__ssd_w *w = (const wm__ssd_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__ssd_bufs b;
    wm__ssd_args a;
    int t, g, i, H = c->ssd_heads, G = c->ssd_groups, N = c->ssd_state, D = c->hidden_size;
    wm__ssd_carve(ar, c, x->nb, kc->n_threads, &b);
    wm__k_matmul(kc, b.xs, wm__ssd_I(c), in, D, &w->x_proj, w->x_projb, x->nb);
    wm__k_matmul(kc, b.Bm, G * N, in, D, &w->b_proj, w->b_projb, x->nb);
    wm__k_matmul(kc, b.Cm, G * N, in, D, &w->c_proj, w->c_projb, x->nb);
    wm__k_matmul(kc, b.dt, H, in, D, &w->dt_proj, w->dt_projb, x->nb);
    for (i = 0; i < x->nb * H; i++) b.dt[i] = wm__softplus(b.dt[i]);
    for (t = 0; t < x->nb; t++)
        for (g = 0; g < G; g++) {
            const float *cs = x->rope_cs + (size_t)t * (N / 2), *sn = x->rope_sn + (size_t)t * (N / 2);
            wm__k_rope(kc, b.Bm + ((size_t)t * G + g) * N, cs, sn, N);
            wm__k_rope(kc, b.Cm + ((size_t)t * G + g) * N, cs, sn, N);
        }
    a.y = b.yv; a.S = x->st->S; a.xs = b.xs; a.Bm = b.Bm; a.Cm = b.Cm; a.dt = b.dt;
    a.stype = x->stype; a.sw = x->sw;
    a.A_log = w->A_log; a.Dskip = w->Dskip;
    a.ldx = wm__ssd_I(c); a.ldbc = G * N; a.nb = x->nb;
    a.H = H; a.P = wm__ssd_P(c); a.N = N; a.G = G; a.group_div = c->ssd_group_div; a.chunk = c->ssd_chunk;
    wm__ssd_run(kc, &a, b.CB, b.ws);
    wm__k_matmul(kc, out, D, b.yv, wm__ssd_I(c), &w->out_proj, w->out_projb, x->nb);
}

/* its tensors, per-layer state, scratch and decode traffic (the module table) */
/* the config of an SSD (cheems' and mamba2's): head_dim from min_hd (cheems:
   0 = rows(x_proj) / heads) */
static wm_status wm__ssd_sizes_check(const wm_config *c, int min_hd, wm_error *err) {
    if (!wm__in(c->ssd_heads, 1, 4096) || !wm__in(c->ssd_groups, 1, 4096) || !wm__in(c->ssd_state, 1, 4096) || !wm__in(c->ssd_chunk, 1, 65536) ||
        !wm__in(c->ssd_head_dim, min_hd, WM__MAX_DIM))
        return wm__fail(err, WM_ERR_CONFIG, "config: SSD sizes out of range");
    if (c->ssd_heads % c->ssd_groups)
        return wm__fail(err, WM_ERR_CONFIG, "config: the SSD's %d heads (ssd_num_heads / num_heads) are not a multiple of its %d groups (ssd_num_groups / n_groups)",
                        c->ssd_heads, c->ssd_groups);
    return WM_OK;
}

static wm_status wm__ssd_check(const wm_config *c, wm_error *err) {
    wm_status st = wm__ssd_sizes_check(c, 0, err);
    if (st == WM_OK && c->ssd_state % 2) return wm__fail(err, WM_ERR_CONFIG, "config: ssd_state_size %d must be even (RoPE on B and C)", c->ssd_state);
    return st;
}

static void wm__ssd_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__ssd_w *w = (wm__ssd_w *)wv;
    int D = c->hidden_size, H = c->ssd_heads, GN = c->ssd_groups * c->ssd_state, HP = H * c->ssd_head_dim, hb = c->bias_proj;
    float sd = 1.0f / sqrtf((float)D);
    WM__LIN(p, "ssd.x_proj", w, x_proj, HP, D, hb);
    WM__LIN(p, "ssd.b_proj", w, b_proj, GN, D, hb);
    WM__LIN(p, "ssd.c_proj", w, c_proj, GN, D, hb);
    wm__plan_t(p, "ssd.dt_proj.weight", WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 0.1f * sd, w ? &w->dt_proj : NULL, 2, (uint64_t)H, (uint64_t)D, 0, 0);
    WM__VEC1(p, "ssd.dt_proj.bias", w ? &w->dt_projb : NULL, H, WM__OPTIONAL | (hb ? WM__IN_RANDOM : 0), WM__INIT_DTB_CHEEMS, 0, 0);
    WM__LIN(p, "ssd.out_proj", w, out_proj, D, HP, hb);
    WM__VEC1(p, "ssd.A_log", w ? &w->A_log : NULL, H, WM__IN_RANDOM, WM__INIT_ALOG, 0, 0);
    WM__VEC1(p, "ssd.D", w ? &w->Dskip : NULL, H, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
}

/* floats of its recurrent state S and conv window (the module table's state_floats) */
static void wm__ssd_lstate_floats(const wm_config *c, size_t *S, size_t *conv) {
    *S = (size_t)c->ssd_heads * wm__ssd_P(c) * c->ssd_state;
    *conv = 0;
}

static void wm__ssd_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    size_t S, conv;
    (void)n_batch; (void)n_ctx; (void)ctype;
    wm__ssd_lstate_floats(c, &S, &conv);
    st->S = wm__st_alloc(a, S, stype);
}

static void wm__ssd_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__ssd_bufs b;
    (void)n_ctx;
    wm__ssd_carve(a, &m->cfg, nb, nth, &b);
}

static uint64_t wm__ssd_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__ssd_w *w = (const wm__ssd_w *)wv;
    const wm_config *c = &m->cfg;
    (void)kv; (void)ctype;
    return wm__mat_bytes(&w->x_proj) + wm__mat_bytes(&w->b_proj) + wm__mat_bytes(&w->c_proj) + wm__mat_bytes(&w->dt_proj) +
           wm__mat_bytes(&w->out_proj) + 4ull * c->ssd_heads * c->ssd_head_dim * c->ssd_state;
}

/* ---- mamba2 mixer -----------------------------------------------------------
   in_proj -> [z | xBC | dt]; causal depthwise conv (kernel K) + SiLU on xBC;
   SSD with D skip; y = rmsnorm(y * silu(z)) * w over all I channels; out_proj. */

typedef struct wm__mamba_w {
    wm__mat in_proj;                     /* [I+C+H][D] */
    wm__mat in_z, in_xbc, in_dt;         /* its row slices [I], [C], [H] */
    wm__mat out_proj;                    /* [D][I] */
    const float *in_projb, *in_zb, *in_xbcb, *in_dtb, *out_projb; /* optional biases */
    const float *conv_w;                 /* [C][K] */
    const float *conv_b, *dt_bias;       /* [C] (optional), [H] */
    const float *A_log, *Dskip;          /* [H] */
    const float *gnorm;                  /* [I] */
} wm__mamba_w;

typedef struct wm__mamba_bufs {
    float *z;    /* [nb][I] */
    float *ext;  /* [K-1+nb][C] conv window followed by this batch's xBC */
    float *xbc;  /* [nb][C] after conv + SiLU */
    float *dt;   /* [nb][H] */
    float *yv;   /* [nb][I] */
    float *CB;   /* [G][Q][Q] */
    wm__ssd_ws *ws; /* [n_threads] */
} wm__mamba_bufs;

static void wm__mamba_carve(wm__arena *a, const wm_config *c, int nb, int nth, wm__mamba_bufs *b) {
    size_t I = (size_t)wm__ssd_I(c), C = (size_t)wm__conv_C(c);
    b->z = wm__falloc(a, nb, I, 1);
    b->ext = wm__falloc(a, (size_t)c->conv_kernel - 1 + (size_t)nb, C, 1);
    b->xbc = wm__falloc(a, nb, C, 1);
    b->dt = wm__falloc(a, nb, c->ssd_heads, 1);
    b->yv = wm__falloc(a, nb, I, 1);
    wm__scan_carve(a, c, nb, nth, &b->CB, &b->ws);
}

static void wm__mamba_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__mamba_w *w = (const wm__mamba_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__mamba_bufs b;
    wm__ssd_args a;
    int t, i, k, D = c->hidden_size, I = wm__ssd_I(c), C = wm__conv_C(c), K = c->conv_kernel, H = c->ssd_heads;
    int GN = c->ssd_groups * c->ssd_state;
    wm__mamba_carve(ar, c, x->nb, kc->n_threads, &b);
    wm__k_matmul(kc, b.z, I, in, D, &w->in_z, w->in_zb, x->nb);
    memcpy(b.ext, x->st->conv, sizeof(float) * (size_t)(K - 1) * C);
    wm__k_matmul(kc, b.ext + (size_t)(K - 1) * C, C, in, D, &w->in_xbc, w->in_xbcb, x->nb);
    wm__k_matmul(kc, b.dt, H, in, D, &w->in_dt, w->in_dtb, x->nb);
    for (t = 0; t < x->nb; t++) {
        float *o = b.xbc + (size_t)t * C;
        for (i = 0; i < C; i++) {
            float s = w->conv_b ? w->conv_b[i] : 0.0f;
            for (k = 0; k < K; k++) s += w->conv_w[(size_t)i * K + k] * b.ext[(size_t)(t + k) * C + i];
            o[i] = s;
        }
        wm__k_act_mul(kc, o, NULL, (size_t)C, WM_ACT_SILU);
    }
    memcpy(x->st->conv, b.ext + (size_t)x->nb * C, sizeof(float) * (size_t)(K - 1) * C);
    for (t = 0; t < x->nb; t++)
        for (i = 0; i < H; i++) {
            float d = wm__softplus(b.dt[(size_t)t * H + i] + w->dt_bias[i]);
            b.dt[(size_t)t * H + i] = d < c->dt_min ? c->dt_min : (d > c->dt_max ? c->dt_max : d);
        }
    a.y = b.yv; a.S = x->st->S; a.xs = b.xbc; a.Bm = b.xbc + I; a.Cm = b.xbc + I + GN; a.dt = b.dt;
    a.stype = x->stype; a.sw = x->sw;
    a.A_log = w->A_log; a.Dskip = w->Dskip;
    a.ldx = C; a.ldbc = C; a.nb = x->nb;
    a.H = H; a.P = wm__ssd_P(c); a.N = c->ssd_state; a.G = c->ssd_groups; a.group_div = 1; a.chunk = c->ssd_chunk;
    wm__ssd_run(kc, &a, b.CB, b.ws);
    for (t = 0; t < x->nb; t++) {
        float *y = b.yv + (size_t)t * I, *z = b.z + (size_t)t * I;
        wm__k_act_mul(kc, z, NULL, (size_t)I, WM_ACT_SILU);
        for (i = 0; i < I; i++) y[i] *= z[i];
        for (i = 0; i < I; i += I / c->norm_groups) wm__k_rmsnorm(kc, y + i, y + i, w->gnorm + i, I / c->norm_groups, c->norm_eps);
    }
    wm__k_matmul(kc, out, D, b.yv, I, &w->out_proj, w->out_projb, x->nb);
}

static wm_status wm__mamba_check(const wm_config *c, wm_error *err) {
    wm_status st = wm__ssd_sizes_check(c, 1, err);
    if (st != WM_OK) return st;
    if (!wm__in(c->conv_kernel, 1, 64) || !(c->dt_min >= 0.0f && c->dt_min <= c->dt_max))
        return wm__fail(err, WM_ERR_CONFIG, "config: conv_kernel or time_step_limit out of range");
    if (!wm__in(c->norm_groups, 1, 4096) || (c->ssd_heads * c->ssd_head_dim) % c->norm_groups)
        return wm__fail(err, WM_ERR_CONFIG, "config: gated_norm_groups %d does not divide the inner size %d", c->norm_groups,
                        c->ssd_heads * c->ssd_head_dim);
    return WM_OK;
}

static void wm__mamba_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__mamba_w *w = (wm__mamba_w *)wv;
    int D = c->hidden_size, H = c->ssd_heads, I = wm__ssd_I(c), C = wm__conv_C(c), K = c->conv_kernel, ub = c->bias_proj;
    WM__LIN(p, "mixer.in_proj", w, in_proj, I + C + H, D, ub);
    wm__plan_t(p, "mixer.conv1d.weight", WM__VECTOR, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 1.0f / sqrtf((float)K), w ? &w->conv_w : NULL, 3,
               (uint64_t)C, 1, (uint64_t)K, 0);
    WM__VEC1(p, "mixer.conv1d.bias", w ? &w->conv_b : NULL, C, WM__OPTIONAL | (c->bias_conv ? WM__IN_RANDOM : 0), WM__INIT_NORMAL, 0, 0.1f);
    WM__VEC1(p, "mixer.dt_bias", w ? &w->dt_bias : NULL, H, WM__IN_RANDOM, WM__INIT_DTB_MAMBA, 0, 0);
    WM__VEC1(p, "mixer.A_log", w ? &w->A_log : NULL, H, WM__IN_RANDOM, WM__INIT_ALOG, 0, 0);
    WM__VEC1(p, "mixer.D", w ? &w->Dskip : NULL, H, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "mixer.norm.weight", w ? &w->gnorm : NULL, I, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__LIN(p, "mixer.out_proj", w, out_proj, D, I, ub);
}

/* Slices mamba2's in_proj into [z | xBC | dt] rows. */
static void wm__mamba_slices(const wm_config *c, void *wv) {
    wm__mamba_w *w = (wm__mamba_w *)wv;
    int I = wm__ssd_I(c), C = wm__conv_C(c), H = c->ssd_heads;
    w->in_z = w->in_proj; w->in_z.rows = I;
    w->in_xbc = w->in_proj; w->in_xbc.rows = C; w->in_xbc.data = wm__row(&w->in_proj, I);
    w->in_dt = w->in_proj; w->in_dt.rows = H; w->in_dt.data = wm__row(&w->in_proj, I + C);
    w->in_zb = w->in_projb;
    w->in_xbcb = w->in_projb ? w->in_projb + I : NULL;
    w->in_dtb = w->in_projb ? w->in_projb + I + C : NULL;
}

static void wm__mamba_lstate_floats(const wm_config *c, size_t *S, size_t *conv) {
    wm__ssd_lstate_floats(c, S, conv);
    *conv = (size_t)(c->conv_kernel - 1) * (size_t)wm__conv_C(c);
}

static void wm__mamba_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    size_t S, conv;
    (void)n_batch; (void)n_ctx; (void)ctype;
    wm__mamba_lstate_floats(c, &S, &conv);
    st->S = wm__st_alloc(a, S, stype);
    st->conv = wm__falloc(a, conv, 1, 1);
}

static void wm__mamba_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__mamba_bufs b;
    (void)n_ctx;
    wm__mamba_carve(a, &m->cfg, nb, nth, &b);
}

static uint64_t wm__mamba_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__mamba_w *w = (const wm__mamba_w *)wv;
    const wm_config *c = &m->cfg;
    (void)kv; (void)ctype;
    return wm__mat_bytes(&w->in_proj) + wm__mat_bytes(&w->out_proj) + 4ull * c->ssd_heads * c->ssd_head_dim * c->ssd_state +
           4ull * (uint64_t)wm__conv_C(c) * (uint64_t)(2 * c->conv_kernel - 1) + 4ull * (uint64_t)wm__ssd_I(c);
}

/* ---- MCSD: multi-channel slope and decay (seed paper; names ours) --------------
   Per channel c of Dc = D / C features, from per-channel projections
   U, V, F, E = x_c W[c] (weights [C][in][out]):
     slope  A_t: the softmax-weighted mean of earlier V (slope beta_c), token 0 itself
     decay  B_t = alpha_c (B_{t-1} + E_{t-1}): the decayed sum of earlier E, token 0 itself
     theta  = silu(slope) U (+ or ||) sigmoid(F) RMSNorm_Dc(decay) gain
   then o_proj (optional with add). Prefill runs the recurrence too: it is
   element-wise, O(T D), and equals the parallel form. State per layer:
   A [D], B [D], z [C] (z = sum_j exp(-j beta_c); 0 before the first token). */

typedef struct wm__mcsd_w {
    const float *u, *v, *f, *e;  /* [C][Dc][Dc], [in][out] */
    const float *dnorm;          /* [D] */
    wm__mat o;                   /* [D][D] or [D][2D]; absent (add only): identity */
    const float *ob;             /* never stored (no biases) */
} wm__mcsd_w;

static size_t wm__mcsd_theta(const wm_config *c) { return (size_t)c->hidden_size * (c->mcsd_concat ? 2u : 1u); }

static void wm__mcsd_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__mcsd_w *w = (const wm__mcsd_w *)x->w;
    const wm__kc *kc = x->kc;
    int D = c->hidden_size, C = c->mcsd_channels, Dc = D / C, t, ch, i, o;
    size_t TW = wm__mcsd_theta(c);
    float *th = wm__falloc(ar, (size_t)x->nb, TW, 1); /* [nb][D or 2D] */
    float *p = wm__falloc(ar, 5, (size_t)Dc, 1);       /* U, V, F, E, RMSNorm(decay): [5][Dc] */
    size_t nS = 2 * (size_t)D + (size_t)C;
    float *A = x->stype == WM_F32 ? x->st->S : x->sw, *B = A + D, *z = B + D; /* [D], [D], [C]; a reduced state widened into sw */
    if (x->stype != WM_F32) wm__st_widen(A, x->st->S, nS, x->stype);
    for (t = 0; t < x->nb; t++) {
        const float *xt = in + (size_t)t * D;
        for (ch = 0; ch < C; ch++) {
            const float *xc = xt + (size_t)ch * Dc, *W[4];
            float *U = p, *V = p + Dc, *F = p + 2 * Dc, *E = p + 3 * Dc, *R = p + 4 * Dc, *Ac = A + (size_t)ch * Dc, *Bc = B + (size_t)ch * Dc;
            float beta = exp2f(-c->mcsd_slope_exp * (float)(ch + 1) / (float)C), alpha = 1.0f - exp2f(-c->mcsd_decay_off - (float)ch);
            float *ts = th + (size_t)t * TW + (size_t)ch * (c->mcsd_concat ? 2 * Dc : Dc), *td = c->mcsd_concat ? ts + Dc : ts;
            int first = z[ch] == 0.0f, k;
            W[0] = w->u; W[1] = w->v; W[2] = w->f; W[3] = w->e;
            for (k = 0; k < 4; k++) { /* y[o] = sum_i x[i] W[c][i][o]: one row of W per input feature */
                float *y = p + (size_t)k * Dc;
                memset(y, 0, sizeof(float) * (size_t)Dc);
                for (i = 0; i < Dc; i++) wm__k_axpy(kc, y, xc[i], W[k] + ((size_t)ch * Dc + (size_t)i) * Dc, WM_F32, Dc);
            }
            wm__k_rmsnorm(kc, R, first ? E : Bc, w->dnorm + (size_t)ch * Dc, Dc, c->norm_eps);
            for (o = 0; o < Dc; o++) {
                float sl = first ? V[o] : Ac[o], g = 1.0f / (1.0f + expf(-F[o]));
                float vs = sl / (1.0f + expf(-sl)) * U[o], vd = g * R[o];
                if (c->mcsd_concat) { ts[o] = vs; td[o] = vd; }
                else ts[o] = vs + vd;
            }
            z[ch] = 1.0f + expf(-beta) * z[ch];
            for (o = 0; o < Dc; o++) {
                Ac[o] = (1.0f - 1.0f / z[ch]) * Ac[o] + V[o] / z[ch];
                Bc[o] = alpha * (Bc[o] + E[o]);
            }
        }
    }
    if (x->stype != WM_F32) wm__st_narrow(x->st->S, A, nS, x->stype);
    if (w->o.data) wm__k_matmul(kc, out, D, th, (int)TW, &w->o, NULL, x->nb);
    else memcpy(out, th, sizeof(float) * (size_t)x->nb * (size_t)D);
}

static wm_status wm__mcsd_check(const wm_config *c, wm_error *err) {
    if (!wm__in(c->mcsd_channels, 1, c->hidden_size) || c->hidden_size % c->mcsd_channels)
        return wm__fail(err, WM_ERR_CONFIG, "config: num_channels %d must divide hidden_size %d (each channel has hidden_size / num_channels of them)",
                        c->mcsd_channels, c->hidden_size);
    return WM_OK;
}

static void wm__mcsd_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__mcsd_w *w = (wm__mcsd_w *)wv;
    int D = c->hidden_size, C = c->mcsd_channels, Dc = C > 0 ? D / C : 0;
    static const char *nm[4] = {"mcsd.u_proj.weight", "mcsd.v_proj.weight", "mcsd.f_proj.weight", "mcsd.e_proj.weight"};
    int k;
    for (k = 0; k < 4; k++)
        wm__plan_t(p, nm[k], WM__VECTOR, WM__IN_RANDOM, WM__INIT_NORMAL, 0.0f, 1.0f / sqrtf((float)(Dc > 0 ? Dc : 1)),
                   w ? (void *)(k == 0 ? &w->u : k == 1 ? &w->v : k == 2 ? &w->f : &w->e) : NULL, 3, (uint64_t)C, (uint64_t)Dc, (uint64_t)Dc, 0);
    WM__VEC1(p, "mcsd.decay_norm.weight", w ? &w->dnorm : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_t(p, "mcsd.o_proj.weight", WM__MATRIX, c->mcsd_concat ? WM__IN_RANDOM : WM__OPTIONAL, WM__INIT_NORMAL, 0.0f,
               1.0f / sqrtf((float)wm__mcsd_theta(c)), w ? &w->o : NULL, 2, (uint64_t)D, (uint64_t)wm__mcsd_theta(c), 0, 0);
}

static void wm__mcsd_lstate_floats(const wm_config *c, size_t *S, size_t *conv) {
    *S = 2 * (size_t)c->hidden_size + (size_t)c->mcsd_channels;
    *conv = 0;
}

static void wm__mcsd_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    size_t S, conv;
    (void)n_batch; (void)n_ctx; (void)ctype;
    wm__mcsd_lstate_floats(c, &S, &conv);
    st->S = wm__st_alloc(a, S, stype);
}

static void wm__mcsd_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    const wm_config *c = &m->cfg;
    (void)n_ctx; (void)nth;
    wm__falloc(a, (size_t)nb, wm__mcsd_theta(c), 1);
    wm__falloc(a, 5, (size_t)(c->hidden_size / c->mcsd_channels), 1);
}

static uint64_t wm__mcsd_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__mcsd_w *w = (const wm__mcsd_w *)wv;
    const wm_config *c = &m->cfg;
    uint64_t D = (uint64_t)c->hidden_size;
    (void)kv; (void)ctype;
    return 4ull * 4 * D * (D / (uint64_t)c->mcsd_channels) + 4 * D + wm__mat_bytes(&w->o) + 4ull * (2 * D + (uint64_t)c->mcsd_channels);
}

/* ---- Rodimus flow (block_type "rodimus"; the Rodimus paper's §3.1, eq. 9-11) ----
   [a | z] = fc(x); x' = silu(conv(a)); [q | k] = in_proj(x');
   u = sigmoid(W2 W1 a + b2) a (the pre-conv a); [s | r] = mem_gate(x');
   g = softplus(s), tau = sigmoid(r); k^ = k / max(|k|, eps) g^tau;
   S_t = diag(exp(-g tau)) S_{t-1} + k^T u   (gated linear attention, S [n][Di])
   o = (q / sqrt n) S_t + x' residual_weight;  out = out_proj(RMSNorm(o silu(z)) act_norm).
   Decode runs the recurrence; prefill the chunked form (wm__rod_chunk). State per
   layer: the last K-1 values of a [K-1][Di] and S [n][Di]. */

typedef struct wm__rod_w {
    wm__mat fc, in_proj, ch0, ch1, mem_gate, out_proj; /* [2Di][D], [2n][Di], [l][Di], [Di][l], [2n][Di], [D][Di] */
    const float *fcb, *in_projb, *ch0b, *ch1b, *mem_gateb, *out_projb; /* ch1b [Di], mem_gateb [2n]; the others absent */
    const float *conv_w, *conv_b;      /* [Di][K], [Di] */
    const float *resw, *act_norm;      /* [Di], [Di] */
} wm__rod_w;

typedef struct wm__rod_bufs {
    float *az;   /* [nb][2Di] */
    float *ext;  /* [K-1+nb][Di] conv window followed by this batch's a */
    float *xs;   /* [nb][Di] x' */
    float *qk;   /* [nb][2n] */
    float *lo;   /* [nb][l] */
    float *beta; /* [nb][Di] */
    float *mg;   /* [nb][2n] */
    float *o;    /* [nb][Di] */
    float *A;    /* [Q][Q] intra-chunk weights (prefill) */
    float *kd;   /* [n] a key's channels times their decay to the chunk's end */
} wm__rod_bufs;

#define WM__ROD_CHUNK 32 /* tokens per chunk of the prefill's GLA */

static void wm__rod_carve(wm__arena *a, const wm_config *c, int nb, wm__rod_bufs *b) {
    size_t Di = (size_t)c->rod_inner, n = (size_t)c->rod_mem;
    b->az = wm__falloc(a, nb, 2 * Di, 1);
    b->ext = wm__falloc(a, (size_t)c->conv_kernel - 1 + (size_t)nb, Di, 1);
    b->xs = wm__falloc(a, nb, Di, 1);
    b->qk = wm__falloc(a, nb, 2 * n, 1);
    b->lo = wm__falloc(a, nb, (size_t)c->rod_rank, 1);
    b->beta = wm__falloc(a, nb, Di, 1);
    b->mg = wm__falloc(a, nb, 2 * n, 1);
    b->o = wm__falloc(a, nb, Di, 1);
    b->A = wm__falloc(a, (size_t)WM__MIN(nb, WM__ROD_CHUNK), (size_t)WM__MIN(nb, WM__ROD_CHUNK), 1);
    b->kd = wm__falloc(a, n, 1, 1);
}

/* The GLA of a chunk of L tokens (prefill), state S [n][Di] in and out.
   q [L] rows of 2n (q / sqrt(n) first), k^ and the log decay lg in rows of
   2n, u [L][Di]; o [L][Di] accumulates. With G_t = sum_{r<=t} lg_r (per key
   channel, from the chunk's start):
     o_t += sum_{s<=t} (sum_i q_t[i] k_s[i] exp(G_t[i] - G_s[i])) u_s + (q_t exp(G_t)) S
     S    = exp(G_end) S + sum_s (k_s exp(G_end - G_s))^T u_s
   only differences of G are exponentiated (all <= 0). */
static void wm__rod_chunk(const wm__kc *kc, const wm__rod_bufs *b, float *S, int L, int n, int Di, float *G, const float *q, const float *k,
                          const float *u, float *o, float qs) {
    int t, s2, i;
    for (t = 1; t < L; t++) /* G: running sums in place, rows of 2n */
        for (i = 0; i < n; i++) G[(size_t)t * 2 * n + i] += G[(size_t)(t - 1) * 2 * n + i];
    for (t = 0; t < L; t++) {
        const float *Gt = G + (size_t)t * 2 * n, *qt = q + (size_t)t * 2 * n;
        for (s2 = 0; s2 <= t; s2++) {
            const float *Gs = G + (size_t)s2 * 2 * n, *ks = k + (size_t)s2 * 2 * n;
            float a = 0.0f;
            for (i = 0; i < n; i++) a += qt[i] * ks[i] * expf(Gt[i] - Gs[i]);
            b->A[(size_t)t * L + s2] = a * qs;
        }
        for (s2 = 0; s2 <= t; s2++) wm__k_axpy(kc, o + (size_t)t * Di, b->A[(size_t)t * L + s2], u + (size_t)s2 * Di, WM_F32, Di);
        for (i = 0; i < n; i++) wm__k_axpy(kc, o + (size_t)t * Di, qt[i] * qs * expf(Gt[i]), S + (size_t)i * Di, WM_F32, Di);
    }
    {
        const float *Ge = G + (size_t)(L - 1) * 2 * n;
        for (i = 0; i < n; i++) wm__k_scale(kc, S + (size_t)i * Di, expf(Ge[i]), (size_t)Di);
        for (s2 = 0; s2 < L; s2++) {
            const float *Gs = G + (size_t)s2 * 2 * n, *ks = k + (size_t)s2 * 2 * n;
            for (i = 0; i < n; i++) b->kd[i] = ks[i] * expf(Ge[i] - Gs[i]);
            for (i = 0; i < n; i++) wm__k_axpy(kc, S + (size_t)i * Di, b->kd[i], u + (size_t)s2 * Di, WM_F32, Di);
        }
    }
}

static void wm__rod_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__rod_w *w = (const wm__rod_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__rod_bufs b;
    int D = c->hidden_size, Di = c->rod_inner, n = c->rod_mem, K = c->conv_kernel, t, i, k;
    float *S = x->stype == WM_F32 ? x->st->S : x->sw, qs = 1.0f / sqrtf((float)n); /* [n][Di]; a reduced state widened into sw */
    wm__rod_carve(ar, c, x->nb, &b);
    if (x->stype != WM_F32) wm__st_widen(S, x->st->S, (size_t)n * (size_t)Di, x->stype);
    wm__k_matmul(kc, b.az, 2 * Di, in, D, &w->fc, NULL, x->nb);
    memcpy(b.ext, x->st->conv, sizeof(float) * (size_t)(K - 1) * Di);
    for (t = 0; t < x->nb; t++) memcpy(b.ext + (size_t)(K - 1 + t) * Di, b.az + (size_t)t * 2 * Di, sizeof(float) * (size_t)Di);
    memcpy(x->st->conv, b.ext + (size_t)x->nb * Di, sizeof(float) * (size_t)(K - 1) * Di);
    for (t = 0; t < x->nb; t++) { /* x' = silu(b + sum_k w_k a_{t-K+1+k}) */
        float *o = b.xs + (size_t)t * Di;
        for (i = 0; i < Di; i++) {
            float s = w->conv_b ? w->conv_b[i] : 0.0f;
            for (k = 0; k < K; k++) s += w->conv_w[(size_t)i * K + k] * b.ext[(size_t)(t + k) * Di + i];
            o[i] = s;
        }
        wm__k_act_mul(kc, o, NULL, (size_t)Di, WM_ACT_SILU);
    }
    wm__k_matmul(kc, b.qk, 2 * n, b.xs, Di, &w->in_proj, NULL, x->nb);
    wm__k_matmul(kc, b.mg, 2 * n, b.xs, Di, &w->mem_gate, w->mem_gateb, x->nb);
    wm__k_matmul(kc, b.lo, c->rod_rank, b.az, 2 * Di, &w->ch0, NULL, x->nb); /* a: the first half of each row of az */
    wm__k_matmul(kc, b.beta, Di, b.lo, c->rod_rank, &w->ch1, w->ch1b, x->nb);
    for (t = 0; t < x->nb; t++) {
        const float *a = b.az + (size_t)t * 2 * Di, *q = b.qk + (size_t)t * 2 * n, *xs = b.xs + (size_t)t * Di;
        float *kk = b.qk + (size_t)t * 2 * n + n, *mg = b.mg + (size_t)t * 2 * n, *u = b.beta + (size_t)t * Di, *o = b.o + (size_t)t * Di;
        float nrm = 0.0f;
        for (i = 0; i < Di; i++) u[i] = a[i] / (1.0f + expf(-u[i])); /* beta a */
        for (i = 0; i < n; i++) nrm += kk[i] * kk[i];
        nrm = sqrtf(nrm);
        nrm = nrm > c->rod_k_eps ? nrm : c->rod_k_eps;
        for (i = 0; i < n; i++) { /* mg: [log decay | -] ; kk: k^ */
            float g = wm__softplus(mg[i]), tau = 1.0f / (1.0f + expf(-mg[n + i]));
            kk[i] = kk[i] / nrm * powf(g, tau);
            mg[i] = -g * tau;
        }
        for (i = 0; i < Di; i++) o[i] = xs[i] * w->resw[i];
        if (x->nb == 1)
            for (k = 0; k < n; k++) { /* decode: S_k = decay_k S_k + k^_k u;  o += q_k / sqrt(n) S_k */
                float *Sk = S + (size_t)k * Di;
                wm__k_scale(kc, Sk, expf(mg[k]), (size_t)Di);
                wm__k_axpy(kc, Sk, kk[k], u, WM_F32, Di);
                wm__k_axpy(kc, o, q[k] * qs, Sk, WM_F32, Di);
            }
    }
    for (t = 0; x->nb > 1 && t < x->nb; t += WM__ROD_CHUNK) { /* prefill: chunk after chunk */
        int L = WM__MIN(WM__ROD_CHUNK, x->nb - t);
        wm__rod_chunk(kc, &b, S, L, n, Di, b.mg + (size_t)t * 2 * n, b.qk + (size_t)t * 2 * n, b.qk + (size_t)t * 2 * n + n, b.beta + (size_t)t * Di,
                      b.o + (size_t)t * Di, qs);
    }
    for (t = 0; t < x->nb; t++) {
        float *o = b.o + (size_t)t * Di;
        {   /* gated RMSNorm: o silu(z), normalised, times act_norm */
            float *z = b.az + (size_t)t * 2 * Di + Di;
            wm__k_act_mul(kc, z, NULL, (size_t)Di, WM_ACT_SILU);
            for (i = 0; i < Di; i++) o[i] *= z[i];
            wm__k_rmsnorm(kc, o, o, w->act_norm, Di, c->norm_eps);
        }
    }
    if (x->stype != WM_F32) wm__st_narrow(x->st->S, S, (size_t)n * (size_t)Di, x->stype);
    wm__k_matmul(kc, out, D, b.o, Di, &w->out_proj, NULL, x->nb);
}

static wm_status wm__rod_check(const wm_config *c, wm_error *err) {
    if (!wm__in(c->rod_inner, 1, WM__MAX_DIM) || !wm__in(c->rod_mem, 1, 4096) || !wm__in(c->rod_rank, 1, WM__MAX_DIM) ||
        !wm__in(c->conv_kernel, 1, 64) || !(c->rod_k_eps >= 0.0f && c->rod_k_eps < 1.0f))
        return wm__fail(err, WM_ERR_CONFIG, "config: rodimus flow sizes out of range (inner, mem_size, low rank, d_conv, normalize_epsilon)");
    return WM_OK;
}

static void wm__rod_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__rod_w *w = (wm__rod_w *)wv;
    int D = c->hidden_size, Di = c->rod_inner, n = c->rod_mem, l = c->rod_rank, K = c->conv_kernel;
    WM__LIN(p, "mixer.fc", w, fc, 2 * Di, D, 0);
    wm__plan_t(p, "mixer.inner_mixer.short_conv.conv1d.weight", WM__VECTOR, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 1.0f / sqrtf((float)K),
               w ? &w->conv_w : NULL, 3, (uint64_t)Di, 1, (uint64_t)K, 0);
    WM__VEC1(p, "mixer.inner_mixer.short_conv.conv1d.bias", w ? &w->conv_b : NULL, Di, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 0.1f);
    WM__LIN(p, "mixer.inner_mixer.in_proj", w, in_proj, 2 * n, Di, 0);
    WM__LIN(p, "mixer.inner_mixer.ch_gate_proj.0", w, ch0, l, Di, 0);
    WM__LIN(p, "mixer.inner_mixer.ch_gate_proj.1", w, ch1, Di, l, 1);
    WM__LIN(p, "mixer.inner_mixer.mem_gate_proj", w, mem_gate, 2 * n, Di, 1);
    WM__VEC1(p, "mixer.inner_mixer.residual_weight", w ? &w->resw : NULL, Di, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "mixer.act_norm.weight", w ? &w->act_norm : NULL, Di, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__LIN(p, "mixer.out_proj", w, out_proj, D, Di, 0);
}

static void wm__rod_lstate_floats(const wm_config *c, size_t *S, size_t *conv) {
    *S = (size_t)c->rod_mem * (size_t)c->rod_inner;
    *conv = (size_t)(c->conv_kernel - 1) * (size_t)c->rod_inner;
}

static void wm__rod_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    size_t S, conv;
    (void)n_batch; (void)n_ctx; (void)ctype;
    wm__rod_lstate_floats(c, &S, &conv);
    st->S = wm__st_alloc(a, S, stype);
    st->conv = wm__falloc(a, conv, 1, 1);
}

static void wm__rod_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__rod_bufs b;
    (void)n_ctx; (void)nth;
    wm__rod_carve(a, &m->cfg, nb, &b);
}

static uint64_t wm__rod_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__rod_w *w = (const wm__rod_w *)wv;
    const wm_config *c = &m->cfg;
    uint64_t Di = (uint64_t)c->rod_inner;
    (void)kv; (void)ctype;
    return wm__mat_bytes(&w->fc) + wm__mat_bytes(&w->in_proj) + wm__mat_bytes(&w->ch0) + wm__mat_bytes(&w->ch1) + wm__mat_bytes(&w->mem_gate) +
           wm__mat_bytes(&w->out_proj) + 4 * Di * (uint64_t)(2 * c->conv_kernel - 1 + 4) + 8 * Di * (uint64_t)c->rod_mem;
}

/* ---- attention over the cache, a block of queries at a time ----------------
   Scores [QB][n_ctx] of one head (never T x T), then softmax, then P.V. */

typedef struct wm__attn_ws {
    float *S;            /* [QB][n_ctx] scores, then probabilities */
    float *tmp;          /* [n_ctx] keep-window selection (doge) */
    unsigned *hist;      /* [2048] */
    wm__pair *sel;       /* [n_ctx] */
    unsigned char *keep; /* [QB][n_ctx] the keys each query of the block keeps */
    wm__qa *qa;          /* [QB][groups of hd] queries quantized against a Q8_0 cache */
} wm__attn_ws;
WM__SLOT(wm__attn_ws, 48);

static wm__attn_ws *wm__attn_ws_carve(wm__arena *a, int n_ctx, int hd, int nth) {
    wm__attn_ws *ws = (wm__attn_ws *)wm__alloc(a, (size_t)nth, WM__SLOT_wm__attn_ws);
    int i;
    for (i = 0; i < nth; i++) {
        wm__attn_ws w;
        w.S = wm__falloc(a, WM__QB, n_ctx, 1);
        w.tmp = wm__falloc(a, n_ctx, 1, 1);
        w.hist = (unsigned *)wm__alloc(a, 2048, sizeof(unsigned));
        w.sel = (wm__pair *)wm__alloc(a, (size_t)n_ctx, sizeof(wm__pair));
        w.keep = (unsigned char *)wm__alloc(a, (size_t)WM__QB * n_ctx, 1);
        w.qa = (wm__qa *)wm__alloc(a, (size_t)WM__QB * (size_t)WM__QA_GROUPS(hd + WM__QK - 1), sizeof(wm__qa));
        if (ws) ws[i] = w;
    }
    return ws;
}

/* Which keys a query at position p sees, and its scores: keys j in
   [lo, p], lo = p - window + 1 (window 0: from 0), minus the keys a static
   mask hides (hide[j] == 0, j < n_hide); score q.k * scale + add[j] (add
   NULL: no bias). With more than `keep` keys in [lo, p], only the keep
   largest add[j] stay (doge's keep window). */
typedef struct wm__attn_rule {
    const float *add;  /* [n_ctx] per-key bias of this kv head, or NULL */
    const float *hide; /* [n_hide] 0: key hidden from this head, or NULL */
    int n_hide;
    int window;        /* 0: none */
    int keep;          /* used with add */
    float scale;
} wm__attn_rule;

static int wm__attn_lo(const wm__attn_rule *ru, int p) { return ru->window > 0 && p - ru->window + 1 > 0 ? p - ru->window + 1 : 0; }

/* Softmax scores of one query at position p over its keys [jlo, pmax]: row
   holds q.k for those keys and gets the probabilities; kp[j] (j in [lo, p])
   is the keep mask when the keep window applies, else NULL. */
static void wm__attn_probs(const wm__kc *kc, const wm__attn_rule *ru, float *row, int jlo, int pmax, int p, const unsigned char *kp) {
    int lo = wm__attn_lo(ru, p), j;
    float *sc = row - jlo; /* sc[j] for j in [jlo, pmax] */
    for (j = jlo; j < lo; j++) sc[j] = -INFINITY; /* outside the sliding window */
    if (kp)                                        /* branch-free: the keep mask is not predictable */
        for (j = lo; j <= p; j++) {
            float v = sc[j] * ru->scale + ru->add[j];
            sc[j] = kp[j] ? v : -INFINITY;
        }
    else if (ru->add)
        for (j = lo; j <= p; j++) sc[j] = sc[j] * ru->scale + ru->add[j];
    else
        for (j = lo; j <= p; j++) sc[j] = sc[j] * ru->scale;
    if (ru->hide)
        for (j = lo; j <= p && j < ru->n_hide; j++)
            if (ru->hide[j] == 0.0f) sc[j] = -INFINITY;
    for (j = p + 1; j <= pmax; j++) sc[j] = -INFINITY; /* causal */
    wm__k_softmax(kc, row, pmax - jlo + 1);
}

/* The blocked attention of the attention modules: one kv head, queries at
   positions p0 .. p0+bq-1 of its grp query heads, o += softmax(scores) V.
   q, o: query i of head g at q + i*ldq + g*hd; kcache/vcache: this kv head's cache
   rows [n_rows][hd] of ctype, key j in row j (ring 0) or row j mod ring (a ring
   buffer: the keys of [jlo, pmax] are then one or two runs of rows). Scores
   [QB][ld] (never T x T): the rows are bq queries of one head, or, for a single
   query, the grp heads (each key and value row read once). An F16 cache is read
   by the F16 dot and axpy; against a Q8_0 cache the queries are quantized as a
   quantized matrix's activations are (integer dots), and the values widened
   block by block. */
static void wm__attn_block(const wm__kc *kc, wm__attn_ws *w, const wm__attn_rule *ru, const float *q, int ldq, float *o, int ldo,
                           int grp, const void *kcache, const void *vcache, int ctype, int ld, int ring, int hd, int p0, int bq) {
    int pmax = p0 + bq - 1, jlo = wm__attn_lo(ru, p0), nk = pmax - jlo + 1, one = bq == 1 && grp <= WM__QB, i, g, run;
    size_t rb = wm__row_size(ctype, (size_t)hd), ng = (size_t)WM__QA_GROUPS(hd + WM__QK - 1);
    int r0 = ring ? jlo % ring : jlo, n0 = ring ? WM__MIN(nk, ring - r0) : nk; /* run 0: rows r0.., n0 keys; run 1: rows 0.., nk - n0 */
    const unsigned char *kp[WM__QB];
    for (i = 0; i < bq; i++) { /* the keep mask of each query, shared by its heads */
        int p = p0 + i, lo = wm__attn_lo(ru, p), n = p - lo + 1;
        kp[i] = NULL;
        if (ru->add && n > ru->keep) {
            wm__k_keep_mask(kc, ru->add + lo, n, ru->keep, w->keep + (size_t)i * ld, w->tmp, w->hist, w->sel);
            kp[i] = w->keep + (size_t)i * ld - lo; /* kp[i][j] for j in [lo, p] */
        }
    }
    for (g = 0; g < (one ? 1 : grp); g++) {
        int rows = one ? grp : bq, r, j;
        int lda = one ? hd : ldq, ldb = one ? hd : ldo;
        const float *qg = q + (size_t)g * hd;
        float *og = o + (size_t)g * hd;
        for (run = 0; run < 2; run++) { /* scores key after key, in position order */
            int col = run ? n0 : 0, nr = run ? nk - n0 : n0;
            const unsigned char *K = (const unsigned char *)kcache + (size_t)(run ? 0 : r0) * rb;
            if (nr < 1) continue;
            if (ctype == WM_F32) wm__k_gemm_nt(kc, rows, nr, hd, qg, lda, (const float *)(const void *)K, hd, w->S + col, ld, 0);
            for (r = 0; ctype != WM_F32 && r < rows; r++) {
                const float *qr = qg + (size_t)r * lda;
                float *S = w->S + (size_t)r * ld + col;
                if (ctype == WM_Q8_0) {
                    if (!run) wm__quant_act(qr, hd, w->qa + (size_t)r * ng, kc->simd);
                    wm__k_qdots(kc, w->qa + (size_t)r * ng, K, hd, nr, S);
                } else {
                    for (j = 0; j < nr; j++) S[j] = wm__k_dot(kc, qr, K + (size_t)j * rb, ctype, hd);
                }
            }
        }
        for (r = 0; r < rows; r++) {
            int ii = one ? 0 : r;
            wm__attn_probs(kc, ru, w->S + (size_t)r * ld, jlo, pmax, p0 + ii, kp[ii]);
        }
        for (run = 0; run < 2; run++) {
            int col = run ? n0 : 0, nr = run ? nk - n0 : n0;
            const unsigned char *V = (const unsigned char *)vcache + (size_t)(run ? 0 : r0) * rb;
            if (nr < 1) continue;
            if (ctype == WM_F32) wm__k_gemm_acc(kc, rows, hd, nr, w->S + col, ld, 1, (const float *)(const void *)V, hd, og, ldb);
            else wm__k_axpy_keys(kc, og, ldb, rows, w->S + col, ld, V, rb, ctype, hd, nr);
        }
    }
}

/* row `at` of a cache of ctype = x[hd] */
static void wm__kv_put(unsigned char *cache, int ctype, size_t at, const float *x, int hd) {
    unsigned char *dst = cache + at * wm__row_size(ctype, (size_t)hd);
    int i;
    if (ctype == WM_F32) memcpy(dst, x, sizeof(float) * (size_t)hd);
    else if (ctype == WM_F16)
        for (i = 0; i < hd; i++) { uint16_t h = wm__f32_to_f16(x[i]); memcpy(dst + 2 * i, &h, 2); }
    else
        for (i = 0; i < hd; i += WM__QK) wm__quant_q8_0(x + i, dst + (size_t)i / WM__QK * 34);
}

/* The single-query reference of wm__attn_block (for the tests): one head,
   one query at p, key after key, no blocks. out[hd] = softmax(scores) V. work: [n_ctx]
   floats; keep: [n_ctx] bytes; tmp, hist, sel as wm__k_keep_mask wants. */
WM__UNUSED static void wm__attn_ref(const wm__kc *kc, const wm__attn_rule *ru, const float *q, const float *kcache, const float *vcache, int hd, int p,
                         float *out, float *work, wm__attn_ws *w) {
    int lo = wm__attn_lo(ru, p), n = p - lo + 1, j, d;
    int keep = ru->add && n > ru->keep;
    if (keep) wm__k_keep_mask(kc, ru->add + lo, n, ru->keep, w->keep, w->tmp, w->hist, w->sel);
    for (j = lo; j <= p; j++) {
        float s = 0.0f;
        for (d = 0; d < hd; d++) s += q[d] * kcache[(size_t)j * hd + d];
        s = s * ru->scale + (ru->add ? ru->add[j] : 0.0f);
        if ((keep && !w->keep[j - lo]) || (ru->hide && j < ru->n_hide && ru->hide[j] == 0.0f)) s = -INFINITY;
        work[j - lo] = s;
    }
    wm__k_softmax(kc, work, n);
    for (d = 0; d < hd; d++) out[d] = 0.0f;
    for (j = lo; j <= p; j++)
        for (d = 0; d < hd; d++) out[d] += work[j - lo] * vcache[(size_t)j * hd + d];
}

/* the heads of an attention module (cheems' and doge's) */
static wm_status wm__attn_heads_check(const wm_config *c, wm_error *err) {
    if (!wm__in(c->n_heads, 1, 4096) || !wm__in(c->n_kv_heads, 1, 4096) || c->n_heads % c->n_kv_heads)
        return wm__fail(err, WM_ERR_CONFIG, "config: num_attention_heads %d is not a multiple of num_key_value_heads %d", c->n_heads, c->n_kv_heads);
    if (!wm__in(c->head_dim, 2, WM__MAX_DIM) || c->head_dim % 2)
        return wm__fail(err, WM_ERR_CONFIG, "config: head_dim %d must be even and >= 2 (RoPE)", c->head_dim);
    return WM_OK;
}

/* ---- cheems InnerFuncAttn with dynamic mask (Listing 7) -----------------
   v = x * sum_{i in topk(v_queries(x) v_keys^T)} v_embed[i]; RoPE on q, k;
   key position j is hidden from head h when dynamic_mask[h][j] == 0. */

typedef struct wm__ifa_w {
    wm__mat q, k, o;                     /* [D][D] */
    const float *qb, *kb, *ob;           /* optional biases */
    wm__mat v_queries;                   /* [dret][D] */
    const float *v_queriesb;
    const float *v_keys;                 /* [n_values][dret] */
    wm__mat v_embed;                     /* [n_values][D] */
    const float *dyn_mask;               /* [n_heads][max_pos] 0: key hidden */
} wm__ifa_w;

typedef struct wm__ifa_bufs {
    float *q;    /* [nb][D] */
    float *k;    /* [nb][D] */
    float *v;    /* [nb][D] */
    float *vq;   /* [nb][dret] */
    float *sim;  /* [nb][n_values] */
    float *val;  /* [nb][topk] */
    int *idx;    /* [nb][topk] */
    wm__pair *sel; /* [n_threads][n_values] */
    float *o;    /* [nb][D] */
    wm__attn_ws *ws; /* [n_threads] */
} wm__ifa_bufs;

static void wm__ifa_carve(wm__arena *a, const wm_config *c, int nb, int n_ctx, int nth, wm__ifa_bufs *b) {
    b->q = wm__falloc(a, nb, c->hidden_size, 1);
    b->k = wm__falloc(a, nb, c->hidden_size, 1);
    b->v = wm__falloc(a, nb, c->hidden_size, 1);
    b->vq = wm__falloc(a, nb, c->ifa_retrieval, 1);
    b->sim = wm__falloc(a, nb, c->ifa_values, 1);
    b->val = wm__falloc(a, nb, c->ifa_topk, 1);
    b->idx = (int *)wm__alloc(a, (size_t)nb * c->ifa_topk, sizeof(int));
    b->sel = (wm__pair *)wm__alloc(a, (size_t)nth * c->ifa_values, sizeof(wm__pair));
    b->o = wm__falloc(a, nb, c->hidden_size, 1);
    b->ws = wm__attn_ws_carve(a, n_ctx, c->head_dim, nth);
}

/* the module's loops for wm__pfor: its context, input and buffers */
typedef struct wm__ifa_job {
    const wm__ctx *x;
    const float *in;
    wm__ifa_bufs b;
    int n_blk;
} wm__ifa_job;

static void wm__ifa_token_task(void *arg, int t, int worker) { /* token t: its values, RoPE, the cache */
    const wm__ifa_job *jb = (const wm__ifa_job *)arg;
    const wm__ctx *x = jb->x;
    const wm_config *c = x->c;
    const wm__ifa_w *w = (const wm__ifa_w *)x->w;
    const wm__kc *kc = x->kc;
    const float *in = jb->in;
    wm__ifa_bufs b = jb->b;
    int D = c->hidden_size, nH = c->n_heads, hd = c->head_dim, nv = c->ifa_values, K = c->ifa_topk, ld = x->n_ctx, ct = x->ctype;
    unsigned char *kcache = x->st->k, *vcache = x->st->v; /* [nH][n_ctx][hd] of ct */
    const float *cs = x->arope_cs + (size_t)t * (hd / 2), *sn = x->arope_sn + (size_t)t * (hd / 2);
    float *v = b.v + (size_t)t * D;
    int i, j, h;
    wm__k_topk(kc, b.sim + (size_t)t * nv, nv, K, b.idx + (size_t)t * K, b.val + (size_t)t * K, b.sel + (size_t)worker * nv);
    for (i = 0; i < D; i++) v[i] = 0.0f;
    for (j = 0; j < K; j++)
        wm__k_axpy(kc, v, 1.0f, wm__row(&w->v_embed, b.idx[(size_t)t * K + j]), w->v_embed.dtype, D);
    for (i = 0; i < D; i++) v[i] *= in[(size_t)t * D + i];
    for (h = 0; h < nH; h++) { /* RoPE, then k and v into the head-major cache */
        size_t at = (size_t)h * ld + (size_t)(x->pos0 + t);
        wm__k_rope(kc, b.q + (size_t)t * D + (size_t)h * hd, cs, sn, hd);
        wm__k_rope(kc, b.k + (size_t)t * D + (size_t)h * hd, cs, sn, hd);
        wm__kv_put(kcache, ct, at, b.k + (size_t)t * D + (size_t)h * hd, hd);
        wm__kv_put(vcache, ct, at, v + (size_t)h * hd, hd);
    }
}

static void wm__ifa_attn_task(void *arg, int task, int worker) { /* a head and a block of queries */
    const wm__ifa_job *jb = (const wm__ifa_job *)arg;
    const wm__ctx *x = jb->x;
    const wm_config *c = x->c;
    const wm__ifa_w *w = (const wm__ifa_w *)x->w;
    int D = c->hidden_size, hd = c->head_dim, maxp = c->max_position_embeddings, ld = x->n_ctx, ct = x->ctype;
    int h = task / jb->n_blk, t0 = (task % jb->n_blk) * WM__QB;
    size_t rb = wm__row_size(ct, (size_t)hd);
    wm__attn_rule ru;
    memset(&ru, 0, sizeof ru);
    ru.hide = w->dyn_mask + (size_t)h * maxp;
    ru.n_hide = maxp;
    ru.scale = 1.0f / sqrtf((float)hd);
    wm__attn_block(x->kc, &jb->b.ws[worker], &ru, jb->b.q + (size_t)t0 * D + (size_t)h * hd, D, jb->b.o + (size_t)t0 * D + (size_t)h * hd, D, 1,
                   x->st->k + (size_t)h * ld * rb, x->st->v + (size_t)h * ld * rb, ct, ld, 0, hd, x->pos0 + t0, WM__MIN(WM__QB, x->nb - t0));
}

static void wm__ifa_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__ifa_w *w = (const wm__ifa_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__ifa_job jb;
    int D = c->hidden_size, nv = c->ifa_values;
    jb.x = x;
    jb.in = in;
    jb.n_blk = (x->nb + WM__QB - 1) / WM__QB;
    wm__ifa_carve(ar, c, x->nb, x->n_ctx, kc->n_threads, &jb.b);
    wm__k_matmul(kc, jb.b.q, D, in, D, &w->q, w->qb, x->nb);
    wm__k_matmul(kc, jb.b.k, D, in, D, &w->k, w->kb, x->nb);
    wm__k_matmul(kc, jb.b.vq, c->ifa_retrieval, in, D, &w->v_queries, w->v_queriesb, x->nb);
    wm__k_gemm_nt(kc, x->nb, nv, c->ifa_retrieval, jb.b.vq, c->ifa_retrieval, w->v_keys, c->ifa_retrieval, jb.b.sim, nv, 0);
    wm__pfor(kc, x->nb, wm__ifa_token_task, &jb);
    memset(jb.b.o, 0, sizeof(float) * (size_t)x->nb * D);
    wm__pfor(kc, c->n_heads * jb.n_blk, wm__ifa_attn_task, &jb);
    wm__k_matmul(kc, out, D, jb.b.o, D, &w->o, w->ob, x->nb);
}

static wm_status wm__ifa_check(const wm_config *c, wm_error *err) {
    wm_status st = wm__attn_heads_check(c, err);
    if (st != WM_OK) return st;
    if (c->n_heads * c->head_dim != c->hidden_size)
        return wm__fail(err, WM_ERR_CONFIG, "config: hidden_size %d must split into num_attention_heads %d heads of even size", c->hidden_size, c->n_heads);
    if (!wm__in(c->ifa_values, 1, 1 << 20) || !wm__in(c->ifa_retrieval, 1, WM__MAX_DIM) || !wm__in(c->ifa_topk, 1, c->ifa_values))
        return wm__fail(err, WM_ERR_CONFIG, "config: inner_values_topk %d must be in 1..num_inner_values %d", c->ifa_topk, c->ifa_values);
    if (c->max_position_embeddings < 1)
        return wm__fail(err, WM_ERR_CONFIG, "config: missing required field 'max_position_embeddings' (dynamic_mask length)");
    return WM_OK;
}

static void wm__ifa_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__ifa_w *w = (wm__ifa_w *)wv;
    int D = c->hidden_size, nv = c->ifa_values, dr = c->ifa_retrieval, hb = c->bias_proj;
    WM__LIN(p, "attn.q_proj", w, q, D, D, hb);
    WM__LIN(p, "attn.k_proj", w, k, D, D, hb);
    WM__LIN(p, "attn.v_queries", w, v_queries, dr, D, hb);
    wm__plan_t(p, "attn.v_keys", WM__VECTOR, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 1, w ? &w->v_keys : NULL, 2, (uint64_t)nv, (uint64_t)dr, 0, 0);
    wm__plan_t(p, "attn.v_embed.weight", WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.5f, w ? &w->v_embed : NULL, 2, (uint64_t)nv, (uint64_t)D, 0, 0);
    wm__plan_t(p, "attn.dynamic_mask", WM__VECTOR, WM__IN_RANDOM, WM__INIT_DYNMASK, 0, 0, w ? &w->dyn_mask : NULL, 2,
               (uint64_t)c->n_heads, (uint64_t)c->max_position_embeddings, 0, 0);
    WM__LIN(p, "attn.o_proj", w, o, D, D, hb);
}

/* a head-major KV cache [heads][n_ctx][hd] (+ one mask value per key) */
static void wm__kv_state(wm__arena *a, int heads, size_t n_ctx, int hd, int ctype, int with_m, wm__lstate *st) {
    size_t rb = wm__row_size(ctype, (size_t)hd), n;
    if (!wm__mul((size_t)heads * n_ctx, rb, &n)) { a->bad = 1; n = 0; }
    st->k = (unsigned char *)wm__alloc(a, n, 1);
    st->v = (unsigned char *)wm__alloc(a, n, 1);
    st->m = with_m ? wm__falloc(a, heads, n_ctx, 1) : NULL;
    st->n_heads = heads;
}

static void wm__ifa_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    (void)n_batch; (void)stype;
    wm__kv_state(a, c->n_heads, n_ctx, c->head_dim, ctype, 0, st);
}

static void wm__ifa_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__ifa_bufs b;
    wm__ifa_carve(a, &m->cfg, nb, n_ctx, nth, &b);
}

static uint64_t wm__ifa_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__ifa_w *w = (const wm__ifa_w *)wv;
    const wm_config *c = &m->cfg;
    return wm__mat_bytes(&w->q) + wm__mat_bytes(&w->k) + wm__mat_bytes(&w->o) + wm__mat_bytes(&w->v_queries) +
           4ull * c->ifa_values * c->ifa_retrieval + (uint64_t)c->ifa_topk * wm__row_bytes(&w->v_embed) +
           kv * (2ull * (uint64_t)c->n_heads * wm__row_size(ctype, (size_t)c->head_dim) + 4ull * c->n_heads);
}

/* ---- doge dynamic-mask attention ---------------------------------------------
   GQA; per key j and kv head: m_j = exp(A * softplus(dt_proj(v_j))); score
   q.k/sqrt(hd) + m_j over keys j <= i (and i - j < sliding_window); past
   keep_window_size visible keys only the keep_window_size largest m stay. */

typedef struct wm__doge_attn_w {
    wm__mat q, k, v, o;                  /* [nH*hd][D], [nKV*hd][D] x2, [D][nH*hd] */
    const float *qb, *kb, *vb, *ob;      /* optional biases */
    const float *q_norm, *k_norm;        /* [hd], optional */
    const float *A;                      /* [nKV] */
    wm__mat dt_proj;                     /* [nKV][nKV*hd] */
    const float *dt_projb;
} wm__doge_attn_w;

typedef struct wm__doge_bufs {
    float *q;    /* [nb][nH*hd] */
    float *k;    /* [nb][nKV*hd] */
    float *v;    /* [nb][nKV*hd] */
    float *dt;   /* [nb][n_kv] */
    float *o;    /* [nb][nH*hd] */
    wm__attn_ws *ws; /* [n_threads] */
} wm__doge_bufs;

static void wm__doge_carve(wm__arena *a, const wm_config *c, int nb, int n_ctx, int nth, wm__doge_bufs *b) {
    b->q = wm__falloc(a, nb, c->n_heads, c->head_dim);
    b->k = wm__falloc(a, nb, c->n_kv_heads, c->head_dim);
    b->v = wm__falloc(a, nb, c->n_kv_heads, c->head_dim);
    b->dt = wm__falloc(a, nb, c->n_kv_heads, 1);
    b->o = wm__falloc(a, nb, c->n_heads, c->head_dim);
    b->ws = wm__attn_ws_carve(a, n_ctx, c->head_dim, nth);
}

typedef struct wm__doge_job { const wm__ctx *x; wm__doge_bufs b; int n_blk; } wm__doge_job;

static void wm__doge_attn_task(void *arg, int task, int worker) { /* a kv head and a block of queries: its grp heads share keys and masks */
    const wm__doge_job *jb = (const wm__doge_job *)arg;
    const wm__ctx *x = jb->x;
    const wm_config *c = x->c;
    int hd = c->head_dim, QD = c->n_heads * hd, grp = c->n_heads / c->n_kv_heads, ld = x->n_ctx, ct = x->ctype;
    int kv = task / jb->n_blk, t0 = (task % jb->n_blk) * WM__QB;
    size_t q0 = (size_t)t0 * QD + (size_t)kv * grp * hd, rb = wm__row_size(ct, (size_t)hd);
    wm__attn_rule ru;
    memset(&ru, 0, sizeof ru);
    ru.add = x->st->m + (size_t)kv * ld;
    ru.window = c->sliding_window;
    ru.keep = c->keep_window;
    ru.scale = 1.0f / sqrtf((float)hd);
    wm__attn_block(x->kc, &jb->b.ws[worker], &ru, jb->b.q + q0, QD, jb->b.o + q0, QD, grp, x->st->k + (size_t)kv * ld * rb,
                   x->st->v + (size_t)kv * ld * rb, ct, ld, 0, hd, x->pos0 + t0, WM__MIN(WM__QB, x->nb - t0));
}

static void wm__doge_attn_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__doge_attn_w *w = (const wm__doge_attn_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__doge_bufs b;
    wm__doge_job jb;
    int D = c->hidden_size, nH = c->n_heads, nKV = c->n_kv_heads, hd = c->head_dim, t, ld = x->n_ctx;
    int QD = nH * hd, KD = nKV * hd, n_blk = (x->nb + WM__QB - 1) / WM__QB;
    unsigned char *kcache = x->st->k, *vcache = x->st->v; /* [nKV][n_ctx][hd] of ct */
    float *mm = x->st->m;                                 /* [nKV][n_ctx] */
    int ct = x->ctype;
    wm__doge_carve(ar, c, x->nb, x->n_ctx, kc->n_threads, &b);
    wm__k_matmul(kc, b.q, QD, in, D, &w->q, w->qb, x->nb);
    wm__k_matmul(kc, b.k, KD, in, D, &w->k, w->kb, x->nb);
    wm__k_matmul(kc, b.v, KD, in, D, &w->v, w->vb, x->nb);
    wm__k_matmul(kc, b.dt, nKV, b.v, KD, &w->dt_proj, w->dt_projb, x->nb);
    for (t = 0; t < x->nb; t++) {
        const float *cs = x->arope_cs + (size_t)t * (hd / 2), *sn = x->arope_sn + (size_t)t * (hd / 2);
        int h;
        for (h = 0; h < nH; h++) {
            float *q = b.q + (size_t)t * QD + (size_t)h * hd;
            if (w->q_norm) wm__k_rmsnorm(kc, q, q, w->q_norm, hd, c->norm_eps);
            wm__k_rope(kc, q, cs, sn, hd);
        }
        for (h = 0; h < nKV; h++) { /* k, v and the mask value into the head-major cache */
            float *k = b.k + (size_t)t * KD + (size_t)h * hd;
            size_t at = (size_t)h * ld + (size_t)(x->pos0 + t);
            if (w->k_norm) wm__k_rmsnorm(kc, k, k, w->k_norm, hd, c->norm_eps);
            wm__k_rope(kc, k, cs, sn, hd);
            wm__kv_put(kcache, ct, at, k, hd);
            wm__kv_put(vcache, ct, at, b.v + (size_t)t * KD + (size_t)h * hd, hd);
            mm[at] = expf(w->A[h] * wm__softplus(b.dt[(size_t)t * nKV + h]));
        }
    }
    memset(b.o, 0, sizeof(float) * (size_t)x->nb * QD);
    jb.x = x;
    jb.b = b;
    jb.n_blk = n_blk;
    wm__pfor(kc, nKV * n_blk, wm__doge_attn_task, &jb);
    wm__k_matmul(kc, out, D, b.o, QD, &w->o, w->ob, x->nb);
}

static wm_status wm__doge_attn_check(const wm_config *c, wm_error *err) {
    wm_status st = wm__attn_heads_check(c, err);
    if (st == WM_OK && (c->keep_window < 1 || c->sliding_window < 0))
        return wm__fail(err, WM_ERR_CONFIG, "config: keep_window_size must be >= 1 and sliding_window >= 0");
    return st;
}

static void wm__doge_attn_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__doge_attn_w *w = (wm__doge_attn_w *)wv;
    int D = c->hidden_size, hd = c->head_dim, QD = c->n_heads * hd, KD = c->n_kv_heads * hd, ab = c->bias_proj;
    WM__LIN(p, "self_attn.q_proj", w, q, QD, D, ab);
    WM__LIN(p, "self_attn.k_proj", w, k, KD, D, ab);
    WM__LIN(p, "self_attn.v_proj", w, v, KD, D, ab);
    WM__VEC1(p, "self_attn.q_norm.weight", w ? &w->q_norm : NULL, hd, WM__OPTIONAL | WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "self_attn.k_norm.weight", w ? &w->k_norm : NULL, hd, WM__OPTIONAL | WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "self_attn.A", w ? &w->A : NULL, c->n_kv_heads, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 0.5f);
    WM__LIN(p, "self_attn.dt_proj", w, dt_proj, c->n_kv_heads, KD, ab);
    WM__LIN(p, "self_attn.o_proj", w, o, D, QD, ab);
}

static void wm__doge_attn_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    (void)n_batch; (void)stype;
    wm__kv_state(a, c->n_kv_heads, n_ctx, c->head_dim, ctype, 1, st);
}

static void wm__doge_attn_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__doge_bufs b;
    wm__doge_carve(a, &m->cfg, nb, n_ctx, nth, &b);
}

static uint64_t wm__doge_attn_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__doge_attn_w *w = (const wm__doge_attn_w *)wv;
    const wm_config *c = &m->cfg;
    return wm__mat_bytes(&w->q) + wm__mat_bytes(&w->k) + wm__mat_bytes(&w->v) + wm__mat_bytes(&w->o) + wm__mat_bytes(&w->dt_proj) +
           kv * (2ull * c->n_kv_heads * wm__row_size(ctype, (size_t)c->head_dim) + 4ull * c->n_kv_heads);
}

/* the FFN of every state module */
static wm_status wm__ffn_check(const wm_config *c, wm_error *err) {
    return c->intermediate_size < 1 ? wm__fail(err, WM_ERR_CONFIG, "config: intermediate_size must be >= 1") : WM_OK;
}

/* ---- Rodimus+: SW-SKA, then its FFN (the paper's §3.2; RoPE and window as the code) --
   The state slot of a rodimus_plus layer. It receives s = x + Flow(..) as it is
   (no pre-norm) and returns FFN(RMSNorm_ffn(s + SWSKA(RMSNorm_attn(s)))), so the
   layer's x <- s + out is the two-hop residual: the attention reaches the
   stream only through the FFN's input.
   SWSKA: q [H][hd], k [Hk][hd], v [Hv][hd]; "norm" scale: q/|q| s_h, k/|k|, then
   scale 1 (else 1/sqrt(hd)); rotary on the first rot_dim channels (NeoX halves or
   GPT-J pairs) with optional xPos, whose factor the official code applies to k
   with the query's table too; query head h reads key head h mod Hk and value
   head h mod Hv (tiled, not grouped); query i sees keys i - W//2 .. i.
   FFN: [a | g] = fc(x), out_proj(silu(g) a).
   Cache: per head a ring of W//2 + n_batch rows (key j in row j mod rows; O(1) in
   the sequence), or without a window n_ctx rows (then it is bounded by n_ctx). */

typedef struct wm__ska_w {
    wm__mat q, k, v, o;                  /* [H*hd][D], [Hk*hd][D], [Hv*hd][D], [D][H*hd] */
    wm__mat fc, down;                    /* [2F][D] rows [a | g], [D][F] */
    const float *qb, *kb, *vb, *ob, *fcb, *downb; /* absent in the official code; read when present */
    const float *attn_norm, *ffn_norm;   /* [D] */
    const float *s;                      /* [ns] "norm" gains (attn.s [ns][1]), NULL: 1, 1 + H, 1 + 2H, .. */
} wm__ska_w;

typedef struct wm__ska_bufs {
    float *xn;   /* [nb][D] RMSNorm_attn(s), then RMSNorm_ffn(s + attention) */
    float *q;    /* [nb][H*hd] */
    float *k;    /* [nb][Hk*hd] */
    float *v;    /* [nb][Hv*hd] */
    float *o;    /* [nb][H*hd] */
    float *a;    /* [nb][D] attention output */
    float *cs, *sn; /* [nb][rot_dim/2] rotary tables, xPos included */
    float *ag;   /* [nb][2F] FFN [a | g], then silu(g) a in the g half */
    wm__attn_ws *ws; /* [n_threads] */
} wm__ska_bufs;

/* rows per head of the cache: a ring of W//2 + n_batch, or n_ctx */
static int wm__ska_rows(const wm_config *c, int n_ctx, int n_batch) { return c->ska_window ? c->ska_window - 1 + n_batch : n_ctx; }

static void wm__ska_carve(wm__arena *a, const wm_config *c, int nb, int rows, int nth, wm__ska_bufs *b) {
    size_t hd = (size_t)c->head_dim;
    b->xn = wm__falloc(a, nb, c->hidden_size, 1);
    b->q = wm__falloc(a, nb, (size_t)c->n_heads, hd);
    b->k = wm__falloc(a, nb, (size_t)c->n_kv_heads, hd);
    b->v = wm__falloc(a, nb, (size_t)c->ska_v_heads, hd);
    b->o = wm__falloc(a, nb, (size_t)c->n_heads, hd);
    b->a = wm__falloc(a, nb, c->hidden_size, 1);
    b->cs = wm__falloc(a, nb, (size_t)c->ska_rot_dim / 2 + 1, 1);
    b->sn = wm__falloc(a, nb, (size_t)c->ska_rot_dim / 2 + 1, 1);
    b->ag = wm__falloc(a, nb, 2 * (size_t)c->intermediate_size, 1);
    b->ws = wm__attn_ws_carve(a, rows, c->head_dim, nth);
}

/* the rotary tables of positions pos0 .. pos0+n-1, [n][rot_dim/2]. xPos: both
   times zeta_i^((p - c) / base), zeta_i = (2i + 0.4 rd) / (1.4 rd), c half the
   official table's length max(max_position_embeddings, p + 1): decode and
   prefill agree; the official prefill builds one table for its whole call, which
   differs only past max_position_embeddings. */
static void wm__ska_table(float *cs, float *sn, const wm_config *c, int pos0, int n) {
    int rd = c->ska_rot_dim, h = rd / 2, t, i;
    wm__rope_table(cs, sn, c, rd, pos0, n, pos0 + n - 1);
    if (c->ska_xpos == 0.0f) return;
    for (t = 0; t < n; t++) {
        int p = pos0 + t, len = WM__MAX(c->max_position_embeddings, p + 1);
        for (i = 0; i < h; i++) {
#ifdef WM__FLOAT_MATH
            float zeta = ((float)(2 * i) + 0.4f * (float)rd) / (1.4f * (float)rd), sc = powf(zeta, (float)(p - len / 2) / c->ska_xpos);
#else
            float sc = (float)pow((2.0 * i + 0.4 * rd) / (1.4 * rd), (double)(p - len / 2) / (double)c->ska_xpos);
#endif
            cs[(size_t)t * h + i] *= sc;
            sn[(size_t)t * h + i] *= sc;
        }
    }
}

/* one head's q or k: the "norm" scaling (gain g), then the rotary */
static void wm__ska_head(const wm__kc *kc, const wm_config *c, float *x, const float *cs, const float *sn, float g) {
    int hd = c->head_dim, rd = c->ska_rot_dim, i;
    if (c->ska_qk_norm) {
        float nrm = sqrtf(wm__k_dot(kc, x, x, WM_F32, hd));
        wm__k_scale(kc, x, g / (nrm > 1e-12f ? nrm : 1e-12f), (size_t)hd);
    }
    if (rd && !c->ska_interleaved) wm__k_rope(kc, x, cs, sn, rd);
    for (i = 0; rd && c->ska_interleaved && i < rd / 2; i++) { /* GPT-J pairs (2i, 2i+1) */
        float a = x[2 * i], b = x[2 * i + 1];
        x[2 * i] = a * cs[i] - b * sn[i];
        x[2 * i + 1] = b * cs[i] + a * sn[i];
    }
}

typedef struct wm__ska_job { const wm__ctx *x; wm__ska_bufs b; int n_blk; } wm__ska_job;

static void wm__ska_attn_task(void *arg, int task, int worker) { /* a query head and a block of queries */
    const wm__ska_job *jb = (const wm__ska_job *)arg;
    const wm__ctx *x = jb->x;
    const wm_config *c = x->c;
    int hd = c->head_dim, QD = c->n_heads * hd, R = x->st->ring, ct = x->ctype;
    int h = task / jb->n_blk, t0 = (task % jb->n_blk) * WM__QB;
    size_t rb = wm__row_size(ct, (size_t)hd);
    wm__attn_rule ru;
    memset(&ru, 0, sizeof ru);
    ru.window = c->ska_window;
    ru.scale = c->ska_qk_norm ? 1.0f : 1.0f / sqrtf((float)hd);
    wm__attn_block(x->kc, &jb->b.ws[worker], &ru, jb->b.q + (size_t)t0 * QD + (size_t)h * hd, QD, jb->b.o + (size_t)t0 * QD + (size_t)h * hd, QD, 1,
                   x->st->k + (size_t)(h % c->n_kv_heads) * R * rb, x->st->v + (size_t)(h % c->ska_v_heads) * R * rb, ct, R, R, hd, x->pos0 + t0,
                   WM__MIN(WM__QB, x->nb - t0));
}

static void wm__ska_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__ska_w *w = (const wm__ska_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__ska_bufs b;
    wm__ska_job jb;
    int D = c->hidden_size, H = c->n_heads, Hk = c->n_kv_heads, Hv = c->ska_v_heads, hd = c->head_dim, F = c->intermediate_size;
    int QD = H * hd, KD = Hk * hd, VD = Hv * hd, h2 = c->ska_rot_dim / 2, t, n_blk = (x->nb + WM__QB - 1) / WM__QB;
    int R = x->st->ring, ns = (15 + H - 1) / H, ct = x->ctype;
    unsigned char *kcache = x->st->k, *vcache = x->st->v; /* [Hk][R][hd], [Hv][R][hd] of ct */
    size_t rb = wm__row_size(ct, (size_t)hd);
    wm__ska_carve(ar, c, x->nb, R, kc->n_threads, &b);
    for (t = 0; t < x->nb; t++) wm__k_rmsnorm(kc, b.xn + (size_t)t * D, in + (size_t)t * D, w->attn_norm, D, c->norm_eps);
    wm__k_matmul(kc, b.q, QD, b.xn, D, &w->q, w->qb, x->nb);
    wm__k_matmul(kc, b.k, KD, b.xn, D, &w->k, w->kb, x->nb);
    wm__k_matmul(kc, b.v, VD, b.xn, D, &w->v, w->vb, x->nb);
    if (h2) wm__ska_table(b.cs, b.sn, c, x->pos0, x->nb);
    for (t = 0; t < x->nb; t++) { /* q, k after scaling and rotary; k, v into their rows of the ring */
        const float *cs = b.cs + (size_t)t * h2, *sn = b.sn + (size_t)t * h2;
        size_t row = (size_t)((x->pos0 + t) % R);
        int h;
        for (h = 0; h < H; h++) {
            float g = !c->ska_qk_norm ? 1.0f : w->s ? w->s[ns == 1 ? 0 : h] : 1.0f + (float)(ns == 1 ? 0 : h * H);
            wm__ska_head(kc, c, b.q + (size_t)t * QD + (size_t)h * hd, cs, sn, g);
        }
        for (h = 0; h < Hk; h++) {
            float *k = b.k + (size_t)t * KD + (size_t)h * hd;
            wm__ska_head(kc, c, k, cs, sn, 1.0f);
            wm__kv_put(kcache + (size_t)h * R * rb, ct, row, k, hd);
        }
        for (h = 0; h < Hv; h++) wm__kv_put(vcache + (size_t)h * R * rb, ct, row, b.v + (size_t)t * VD + (size_t)h * hd, hd);
    }
    memset(b.o, 0, sizeof(float) * (size_t)x->nb * QD);
    jb.x = x;
    jb.b = b;
    jb.n_blk = n_blk;
    wm__pfor(kc, H * n_blk, wm__ska_attn_task, &jb);
    wm__k_matmul(kc, b.a, D, b.o, QD, &w->o, w->ob, x->nb);
    for (t = 0; t < x->nb; t++) { /* RMSNorm_ffn(s + attention) */
        float *a = b.a + (size_t)t * D;
        wm__k_axpy(kc, a, 1.0f, in + (size_t)t * D, WM_F32, D);
        wm__k_rmsnorm(kc, b.xn + (size_t)t * D, a, w->ffn_norm, D, c->norm_eps);
    }
    wm__k_matmul(kc, b.ag, 2 * F, b.xn, D, &w->fc, w->fcb, x->nb);
    for (t = 0; t < x->nb; t++) {
        float *ag = b.ag + (size_t)t * 2 * F;
        wm__k_act_mul(kc, ag + F, ag, (size_t)F, WM_ACT_SILU); /* silu(g) a */
    }
    wm__k_matmul(kc, out, D, b.ag + F, 2 * F, &w->down, w->downb, x->nb);
}

static wm_status wm__ska_check(const wm_config *c, wm_error *err) {
    if (wm__ffn_check(c, err) != WM_OK) return WM_ERR_CONFIG;
    if (!wm__in(c->n_heads, 1, 4096) || !wm__in(c->n_kv_heads, 1, 4096) || !wm__in(c->ska_v_heads, 1, 4096) || c->n_heads % c->n_kv_heads ||
        c->n_heads % c->ska_v_heads)
        return wm__fail(err, WM_ERR_CONFIG, "config: attn_cfg.num_heads %d must be a multiple of num_heads_k %d and num_heads_v %d", c->n_heads,
                        c->n_kv_heads, c->ska_v_heads);
    if (c->n_heads * c->head_dim != c->hidden_size || !wm__in(c->ska_rot_dim, 0, c->head_dim) || c->ska_rot_dim % 2)
        return wm__fail(err, WM_ERR_CONFIG, "config: d_model %d must split into num_heads %d heads, rotary_emb_dim %d even and at most the head size",
                        c->hidden_size, c->n_heads, c->ska_rot_dim);
    if (c->ska_window < 0 || (c->ska_window == 0) != (c->layer_state[0] == WM_STATE_SWSKA_FULL) || !(c->ska_xpos >= 0.0f && c->ska_xpos < 1e30f))
        return wm__fail(err, WM_ERR_CONFIG, "config: attn_cfg.window_size or rotary_emb_scale_base out of range");
    if (c->ska_qk_norm && (15 + c->n_heads - 1) / c->n_heads != 1 && (15 + c->n_heads - 1) / c->n_heads != c->n_heads)
        return wm__fail(err, WM_ERR_CONFIG, "config: softmax_scale 'norm' needs num_heads 4 or >= 15");
    return WM_OK;
}

static void wm__ska_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__ska_w *w = (wm__ska_w *)wv;
    int D = c->hidden_size, hd = c->head_dim, F = c->intermediate_size, ns = (15 + c->n_heads - 1) / c->n_heads;
    WM__VEC1(p, "attn_norm.weight", w ? &w->attn_norm : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__LIN(p, "attn.q_proj", w, q, c->n_heads * hd, D, 0);
    WM__LIN(p, "attn.k_proj", w, k, c->n_kv_heads * hd, D, 0);
    WM__LIN(p, "attn.v_proj", w, v, c->ska_v_heads * hd, D, 0);
    if (c->ska_qk_norm) /* a persistent buffer: absent from a random checkpoint, so its default is used */
        wm__plan_t(p, "attn.s", WM__VECTOR, WM__OPTIONAL, WM__INIT_NORMAL, 0, 0, w ? &w->s : NULL, 2, (uint64_t)ns, 1, 0, 0);
    else if (w)
        w->s = NULL;
    WM__LIN(p, "attn.out_proj", w, o, D, c->n_heads * hd, 0);
    WM__VEC1(p, "ffn_norm.weight", w ? &w->ffn_norm : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__LIN(p, "ffn.fc", w, fc, 2 * F, D, 0);
    WM__LIN(p, "ffn.out_proj", w, down, D, F, 0);
}

static void wm__ska_lstate(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st) {
    size_t rows = (size_t)wm__ska_rows(c, (int)n_ctx, n_batch), rb = wm__row_size(ctype, (size_t)c->head_dim), nk, nv;
    if (!wm__mul((size_t)c->n_kv_heads * rows, rb, &nk) || !wm__mul((size_t)c->ska_v_heads * rows, rb, &nv)) { a->bad = 1; nk = nv = 0; }
    st->k = (unsigned char *)wm__alloc(a, nk, 1);
    st->v = (unsigned char *)wm__alloc(a, nv, 1);
    st->n_heads = c->n_kv_heads;
    st->n_vheads = c->ska_v_heads;
    st->ring = (int)rows;
    (void)stype;
}

static void wm__ska_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__ska_bufs b;
    wm__ska_carve(a, &m->cfg, nb, wm__ska_rows(&m->cfg, n_ctx, nb), nth, &b);
}

static uint64_t wm__ska_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__ska_w *w = (const wm__ska_w *)wv;
    const wm_config *c = &m->cfg;
    uint64_t keys = c->ska_window ? WM__MIN(kv, (uint64_t)c->ska_window) : kv;
    return wm__mat_bytes(&w->q) + wm__mat_bytes(&w->k) + wm__mat_bytes(&w->v) + wm__mat_bytes(&w->o) + wm__mat_bytes(&w->fc) +
           wm__mat_bytes(&w->down) + keys * (uint64_t)(c->n_kv_heads + c->ska_v_heads) * wm__row_size(ctype, (size_t)c->head_dim);
}

/* ---- gated MLP: down(act(gate(x)) * up(x)) -------------------------------- */

typedef struct wm__mlp_w {
    wm__mat gate, up, down;              /* [F][D], [F][D], [D][F] */
    const float *gateb, *upb, *downb;    /* optional biases */
} wm__mlp_w;

typedef struct wm__mlp_bufs {
    float *g;  /* [nb][F] */
    float *u;  /* [nb][F] */
} wm__mlp_bufs;

static void wm__mlp_carve(wm__arena *a, const wm_config *c, int nb, wm__mlp_bufs *b) {
    b->g = wm__falloc(a, nb, c->intermediate_size, 1);
    b->u = wm__falloc(a, nb, c->intermediate_size, 1);
}

/* x->w: a wm__mlp_w, or a struct that starts with one (doge MoE's shared expert) */
static void wm__mlp_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm__mlp_w *w = (const wm__mlp_w *)x->w;
    int D = x->c->hidden_size, F = x->c->intermediate_size;
    wm__mlp_bufs b;
    wm__mlp_carve(ar, x->c, x->nb, &b);
    wm__k_matmul(x->kc, b.g, F, in, D, &w->gate, w->gateb, x->nb);
    wm__k_matmul(x->kc, b.u, F, in, D, &w->up, w->upb, x->nb);
    wm__k_act_mul(x->kc, b.g, b.u, (size_t)x->nb * F, x->c->act);
    wm__k_matmul(x->kc, out, D, b.g, F, &w->down, w->downb, x->nb);
}

static void wm__mlp_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__mlp_w *w = (wm__mlp_w *)wv;
    int D = c->hidden_size, F = c->intermediate_size, b = c->model_type == WM_MODEL_DOGE ? c->bias_mlp : c->bias_proj;
    WM__LIN(p, "mlp.gate_proj", w, gate, F, D, b);
    WM__LIN(p, "mlp.up_proj", w, up, F, D, b);
    WM__LIN(p, "mlp.down_proj", w, down, D, F, b);
}

static void wm__mlp_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__mlp_bufs b;
    (void)n_ctx; (void)nth;
    wm__mlp_carve(a, &m->cfg, nb, &b);
}

static uint64_t wm__mlp_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__mlp_w *w = (const wm__mlp_w *)wv;
    (void)m; (void)kv; (void)ctype;
    return wm__mat_bytes(&w->gate) + wm__mat_bytes(&w->up) + wm__mat_bytes(&w->down);
}

/* ---- product-key top-K: two score halves sx, sy [num_keys]; expert
   i*num_keys + j scores sx[i] + sy[j]. The top K of each half first gives
   the same set. */

typedef struct wm__pk_bufs {
    int *ix, *iy, *ci, *e;      /* [K], [K], [K*K], [K] */
    float *vx, *vy, *cv, *s;    /* [K], [K], [K*K], [K] */
    wm__pair *sel;              /* [max(num_keys, K*K)] */
} wm__pk_bufs;
WM__SLOT(wm__pk_bufs, 72);

static wm__pk_bufs *wm__pk_carve(wm__arena *a, int K, int nk, int nth) {
    wm__pk_bufs *pb = (wm__pk_bufs *)wm__alloc(a, (size_t)nth, WM__SLOT_wm__pk_bufs);
    int i;
    for (i = 0; i < nth; i++) {
        wm__pk_bufs b;
        b.ix = (int *)wm__alloc(a, (size_t)K, sizeof(int));
        b.iy = (int *)wm__alloc(a, (size_t)K, sizeof(int));
        b.ci = (int *)wm__alloc(a, (size_t)K * K, sizeof(int));
        b.e = (int *)wm__alloc(a, (size_t)K, sizeof(int));
        b.vx = wm__falloc(a, K, 1, 1);
        b.vy = wm__falloc(a, K, 1, 1);
        b.cv = wm__falloc(a, K, K, 1);
        b.s = wm__falloc(a, K, 1, 1);
        b.sel = (wm__pair *)wm__alloc(a, (size_t)WM__MAX(nk, K * K), sizeof(wm__pair));
        if (pb) pb[i] = b;
    }
    return pb;
}

/* Leaves the experts in b->e and their scores in b->s. */
static void wm__pk_topk(const wm__kc *kc, const float *sx, const float *sy, int nk, int K, wm__pk_bufs *b) {
    int i, j;
    wm__k_topk(kc, sx, nk, K, b->ix, b->vx, b->sel);
    wm__k_topk(kc, sy, nk, K, b->iy, b->vy, b->sel);
    for (i = 0; i < K; i++)
        for (j = 0; j < K; j++) b->cv[i * K + j] = b->vx[i] + b->vy[j];
    wm__k_topk(kc, b->cv, K * K, K, b->ci, b->s, b->sel);
    for (i = 0; i < K; i++) b->e[i] = b->ix[b->ci[i] / K] * nk + b->iy[b->ci[i] % K];
}

/* the expert tables of both MoE kinds */
typedef struct wm__experts_w {
    wm__mat down_embed, up_embed;        /* [E][D] */
} wm__experts_w;

static void wm__plan_experts(wm__planner *p, wm__experts_w *ex, const char *prefix, int E, int D, float up_scale) {
    char nm[64];
    wm__fmt(nm, sizeof nm, "%s.down_embed.weight", prefix);
    wm__plan_t(p, nm, WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 1.0f / sqrtf((float)D), ex ? &ex->down_embed : NULL, 2, (uint64_t)E, (uint64_t)D, 0, 0);
    wm__fmt(nm, sizeof nm, "%s.up_embed.weight", prefix);
    wm__plan_t(p, nm, WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0, up_scale, ex ? &ex->up_embed : NULL, 2, (uint64_t)E, (uint64_t)D, 0, 0);
}

/* The retrieved experts of one token, both MoE kinds: out[D] += sum_j
   g_j up_embed[e_j] with g_j = act((x . down_embed[e_j]) s_j) (cheems, eq. 5:
   the score inside the activation) or act(x . down_embed[e_j]) s_j (doge). */
static void wm__experts(const wm__kc *kc, const wm__experts_w *ex, int act, int score_inside, const float *x, float *out, int D,
                        const int *e, const float *sc, int K) {
    int j;
    for (j = 0; j < K; j++) {
        float d = wm__k_dot(kc, x, wm__row(&ex->down_embed, e[j]), ex->down_embed.dtype, D);
        float g = score_inside ? wm__act(act, d * sc[j]) : wm__act(act, d) * sc[j];
        wm__k_axpy(kc, out, g, wm__row(&ex->up_embed, e[j]), ex->up_embed.dtype, D);
    }
}

/* ---- cheems CDMoE (section 3.3, eq. 5) ---------------------------------------
   phi = shared_down(act(shared_up(x))); u = x (parallel) or phi (sequential);
   per retrieval head: product keys pick K experts e with scores s;
   y = phi + sum act((u . down_embed[e]) * softmax_K(s)) up_embed[e]. */

typedef struct wm__cdmoe_w {
    wm__mat sh_up, sh_down;              /* shared expert [F][D], [D][F] */
    const float *sh_upb, *sh_downb;      /* optional biases */
    wm__mat queries;                     /* [2*heads*dret/2][D] */
    const float *keys;                   /* [heads][num_keys][2][dret/2] */
    wm__experts_w ex;
} wm__cdmoe_w;

typedef struct wm__cdmoe_bufs {
    float *hid;  /* [nb][F] */
    float *u;    /* [nb][D] (sequential form) */
    float *qv;   /* [nb][2][heads][dret/2] */
    float *sxy;  /* [nb][heads][2][num_keys] */
    wm__pk_bufs *pk; /* [n_threads] */
} wm__cdmoe_bufs;

static void wm__cdmoe_carve(wm__arena *a, const wm_config *c, int nb, int nk, int nth, wm__cdmoe_bufs *b) {
    b->hid = wm__falloc(a, nb, c->intermediate_size, 1);
    b->u = wm__falloc(a, nb, c->hidden_size, 1);
    b->qv = wm__falloc(a, nb, c->cdmoe_heads, (size_t)(c->cdmoe_retrieval / 2) * 2);
    b->sxy = wm__falloc(a, nb, c->cdmoe_heads, 2 * (size_t)nk);
    b->pk = wm__pk_carve(a, c->cdmoe_topk, nk, nth);
}

typedef struct wm__cdmoe_job { const wm__ctx *x; const float *u; float *out; wm__cdmoe_bufs b; } wm__cdmoe_job;

static void wm__cdmoe_task(void *arg, int t, int worker) { /* token t: each head's experts */
    const wm__cdmoe_job *jb = (const wm__cdmoe_job *)arg;
    const wm__ctx *x = jb->x;
    const wm_config *c = x->c;
    const wm__cdmoe_w *w = (const wm__cdmoe_w *)x->w;
    wm__pk_bufs *pk = &jb->b.pk[worker];
    int D = c->hidden_size, nh = c->cdmoe_heads, nk = x->m->num_keys, K = c->cdmoe_topk, hh;
    const float *ut = jb->u + (size_t)t * D;
    for (hh = 0; hh < nh; hh++) {
        const float *sx = jb->b.sxy + ((size_t)t * nh + hh) * 2 * nk;
        wm__pk_topk(x->kc, sx, sx + nk, nk, K, pk);
        wm__k_softmax(x->kc, pk->s, K);
        wm__experts(x->kc, &w->ex, c->act, 1, ut, jb->out + (size_t)t * D, D, pk->e, pk->s, K);
    }
}

static void wm__cdmoe_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__cdmoe_w *w = (const wm__cdmoe_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__cdmoe_bufs b;
    wm__cdmoe_job jb;
    int D = c->hidden_size, F = c->intermediate_size, nh = c->cdmoe_heads, half = c->cdmoe_retrieval / 2;
    int nk = x->m->num_keys, h, p;
    const float *u = in;
    wm__cdmoe_carve(ar, c, x->nb, nk, kc->n_threads, &b);
    wm__k_matmul(kc, b.hid, F, in, D, &w->sh_up, w->sh_upb, x->nb);
    wm__k_act_mul(kc, b.hid, NULL, (size_t)x->nb * F, c->act);
    wm__k_matmul(kc, out, D, b.hid, F, &w->sh_down, w->sh_downb, x->nb);
    if (c->cdmoe_sequential) {
        memcpy(b.u, out, sizeof(float) * (size_t)x->nb * D);
        u = b.u;
    }
    wm__k_matmul(kc, b.qv, 2 * nh * half, u, D, &w->queries, NULL, x->nb);
    for (h = 0; h < nh; h++) /* sim[t][h][p][k] = q[t][p][h] . keys[h][k][p] */
        for (p = 0; p < 2; p++)
            wm__k_gemm_nt(kc, x->nb, nk, half, b.qv + ((size_t)p * nh + h) * half, 2 * nh * half, w->keys + ((size_t)h * nk * 2 + p) * half,
                          2 * half, b.sxy + ((size_t)h * 2 + p) * nk, nh * 2 * nk, 0);
    jb.x = x;
    jb.u = u;
    jb.out = out;
    jb.b = b;
    wm__pfor(kc, x->nb, wm__cdmoe_task, &jb);
}

static wm_status wm__cdmoe_check(const wm_config *c, wm_error *err) {
    int nk = wm__in(c->cdmoe_experts, 1, 1 << 24) ? wm__isqrt(c->cdmoe_experts) : 0;
    if (wm__ffn_check(c, err) != WM_OK) return WM_ERR_CONFIG;
    if (nk * nk != c->cdmoe_experts || nk < 1)
        return wm__fail(err, WM_ERR_CONFIG, "config: num_cdmoe_experts %d is not a square (product keys)", c->cdmoe_experts);
    if (!wm__in(c->cdmoe_topk, 1, nk) || !wm__in(c->cdmoe_heads, 1, 4096))
        return wm__fail(err, WM_ERR_CONFIG, "config: num_cdmoe_experts_per_head %d must be in 1..%d (the keys per half)", c->cdmoe_topk, nk);
    if (!wm__in(c->cdmoe_retrieval, 2, WM__MAX_DIM) || c->cdmoe_retrieval % 2)
        return wm__fail(err, WM_ERR_CONFIG, "config: expert_retrieval_size %d must be even and >= 2", c->cdmoe_retrieval);
    return WM_OK;
}

static void wm__cdmoe_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__cdmoe_w *w = (wm__cdmoe_w *)wv;
    int D = c->hidden_size, F = c->intermediate_size, hb = c->bias_proj;
    int nh = c->cdmoe_heads, half = c->cdmoe_retrieval / 2, E = c->cdmoe_experts, nk = wm__isqrt(E);
    float sd = 1.0f / sqrtf((float)D);
    WM__LIN(p, "cdmoe.shared_up_proj", w, sh_up, F, D, hb);
    WM__LIN(p, "cdmoe.shared_down_proj", w, sh_down, D, F, hb);
    wm__plan_t(p, "cdmoe.queries.weight", WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0, sd, w ? &w->queries : NULL, 2, (uint64_t)(2 * nh * half), (uint64_t)D, 0, 0);
    wm__plan_t(p, "cdmoe.keys", WM__VECTOR, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 1, w ? &w->keys : NULL, 4, (uint64_t)nh, (uint64_t)nk, 2, (uint64_t)half);
    wm__plan_experts(p, w ? &w->ex : NULL, "cdmoe", E, D, 1.0f / sqrtf((float)(nh * c->cdmoe_topk)));
}

static void wm__cdmoe_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__cdmoe_bufs b;
    (void)n_ctx;
    wm__cdmoe_carve(a, &m->cfg, nb, m->num_keys, nth, &b);
}

static uint64_t wm__cdmoe_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__cdmoe_w *w = (const wm__cdmoe_w *)wv;
    const wm_config *c = &m->cfg;
    (void)kv; (void)ctype;
    return wm__mat_bytes(&w->sh_up) + wm__mat_bytes(&w->sh_down) + wm__mat_bytes(&w->queries) +
           4ull * c->cdmoe_heads * m->num_keys * c->cdmoe_retrieval +
           (uint64_t)c->cdmoe_heads * c->cdmoe_topk * (wm__row_bytes(&w->ex.down_embed) + wm__row_bytes(&w->ex.up_embed));
}

/* ---- doge MoE: gated MLP plus router_gate product keys ---------------------
   y += sum act(down_embed[e] . x) * softmax(s)_e * up_embed[e]. */

typedef struct wm__moe_w {
    wm__mlp_w mlp;                       /* the shared expert: first, so the MLP module runs it */
    wm__mat router;                      /* [2*num_keys][D] */
    wm__experts_w ex;
} wm__moe_w;

typedef struct wm__moe_bufs { /* after the MLP module's own */
    float *rl;   /* [nb][2*num_keys] */
    wm__pk_bufs *pk; /* [n_threads] */
} wm__moe_bufs;

static void wm__moe_carve(wm__arena *a, const wm_config *c, int nb, int nk, int nth, wm__moe_bufs *b) {
    b->rl = wm__falloc(a, nb, 2 * (size_t)nk, 1);
    b->pk = wm__pk_carve(a, c->experts_per_tok, nk, nth);
}

typedef struct wm__moe_job { const wm__ctx *x; const float *u; float *out; wm__moe_bufs b; } wm__moe_job;

static void wm__moe_task(void *arg, int t, int worker) { /* token t: its experts */
    const wm__moe_job *jb = (const wm__moe_job *)arg;
    const wm__ctx *x = jb->x;
    const wm_config *c = x->c;
    const wm__moe_w *w = (const wm__moe_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__pk_bufs *pk = &jb->b.pk[worker];
    int D = c->hidden_size, nk = x->m->num_keys, K = c->experts_per_tok, j;
    const float *xt = jb->u + (size_t)t * D, *rl = jb->b.rl + (size_t)t * 2 * nk;
    float sum = 0.0f;
    wm__pk_topk(kc, rl, rl + nk, nk, K, pk);
    wm__k_softmax(kc, pk->s, K);
    if (c->norm_topk_prob) {
        for (j = 0; j < K; j++) sum += pk->s[j];
        wm__k_scale(kc, pk->s, 1.0f / sum, (size_t)K);
    }
    wm__experts(kc, &w->ex, c->act, 0, xt, jb->out + (size_t)t * D, D, pk->e, pk->s, K);
}

static void wm__moe_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
    const wm_config *c = x->c;
    const wm__moe_w *w = (const wm__moe_w *)x->w;
    const wm__kc *kc = x->kc;
    wm__moe_bufs b;
    wm__moe_job jb;
    int D = c->hidden_size, nk = x->m->num_keys;
    wm__mlp_module(x, in, out, ar);
    wm__moe_carve(ar, c, x->nb, nk, kc->n_threads, &b);
    wm__k_matmul(kc, b.rl, 2 * nk, in, D, &w->router, NULL, x->nb);
    jb.x = x;
    jb.u = in;
    jb.out = out;
    jb.b = b;
    wm__pfor(kc, x->nb, wm__moe_task, &jb);
}

static wm_status wm__moe_check(const wm_config *c, wm_error *err) {
    int nk = wm__in(c->n_experts, 1, 1 << 24) ? wm__isqrt(c->n_experts) : 0;
    if (wm__ffn_check(c, err) != WM_OK) return WM_ERR_CONFIG;
    if (nk < 1 || !wm__in(c->experts_per_tok, 1, nk))
        return wm__fail(err, WM_ERR_CONFIG, "config: num_experts_per_tok %d must be in 1..%d (the keys per half of num_experts %d)",
                        c->experts_per_tok, nk, c->n_experts);
    return WM_OK;
}

static void wm__moe_plan(wm__planner *p, const wm_config *c, void *wv) {
    wm__moe_w *w = (wm__moe_w *)wv;
    int D = c->hidden_size, E = c->n_experts, nk = wm__isqrt(E);
    float sd = 1.0f / sqrtf((float)D);
    wm__mlp_plan(p, c, w ? &w->mlp : NULL);
    wm__plan_t(p, "mlp.router_gate.weight", WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0, sd, w ? &w->router : NULL, 2, (uint64_t)(2 * nk), (uint64_t)D, 0, 0);
    wm__plan_experts(p, w ? &w->ex : NULL, "mlp", E, D, 1.0f / sqrtf((float)c->experts_per_tok));
}

static void wm__moe_scratch(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth) {
    wm__moe_bufs b;
    wm__mlp_scratch(a, m, nb, n_ctx, nth);
    wm__moe_carve(a, &m->cfg, nb, m->num_keys, nth, &b);
}

static uint64_t wm__moe_decode_bytes(const wm_model *m, const void *wv, uint64_t kv, int ctype) {
    const wm__moe_w *w = (const wm__moe_w *)wv;
    const wm_config *c = &m->cfg;
    return wm__mlp_decode_bytes(m, &w->mlp, kv, ctype) + wm__mat_bytes(&w->router) +
           (uint64_t)c->experts_per_tok * (wm__row_bytes(&w->ex.down_embed) + wm__row_bytes(&w->ex.up_embed));
}

/* ========================================================================
   [@JSON] JSON: a validating reader that never allocates.
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

/* The values of n keys of one object in a single pass (as wm__j_get:
   the last of a repeated key; NULL when absent or null). Big objects such
   as a tokenizer's root are walked once instead of once per key. */
static void wm__j_fields(const char *obj, const char *e, const char *const *keys, int n, const char **vals) {
    wm__jit it;
    const char *k, *v;
    int i;
    for (i = 0; i < n; i++) vals[i] = NULL;
    if (*obj != '{') return;
    wm__j_iter(&it, obj, e);
    while (wm__j_next(&it, &k, &v))
        for (i = 0; i < n; i++)
            if (wm__j_eq(k, e, keys[i])) vals[i] = *v == 'n' ? NULL : v;
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
        if (!strcmp(tmp, "NaN") || !strcmp(tmp, "nan")) { *out = (double)NAN; return 1; }
        return 0;
    }
    if (*p == 'N') { *out = (double)NAN; return 1; }
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
   [@CONFIG] config.json: the fields every model reads, and each model type's reader
   ======================================================================== */

typedef struct wm__cfgr {
    const char *obj, *e;
    const char *file; /* for messages: "config.json", "tokenizer.json" */
    wm_status code;   /* the status a bad field gives */
    wm_error *err;
    wm_status st;
} wm__cfgr;

/* Records the first bad field: "<file>: " + the message. */
static wm_status wm__cfg_fail(wm__cfgr *r, const char *fmt, ...) {
    if (r->st == WM_OK) {
        char msg[256];
        va_list ap;
        va_start(ap, fmt);
        wm__vfmt(msg, sizeof msg, fmt, ap);
        va_end(ap);
        r->st = wm__fail(r->err, r->code, "%s: %s", r->file, msg);
    }
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
        if (req) wm__cfg_fail(r, "missing required field '%s'", key);
        return def;
    }
    if (!wm__j_double(v, r->e, &d) || d != floor(d)) { /* true/false, strings, NaN, Infinity are not integers */
        wm__cfg_fail(r, "field '%s' must be an integer", key);
        return def;
    }
    if (d < lo || d > hi) {
        char msg[160];
        long long shown = d > 9e18 ? (long long)9e18 : d < -9e18 ? (long long)-9e18 : (long long)d;
        wm__fmt(msg, sizeof msg, "field '%%s' = %lld is outside %d..%d", shown, lo, hi);
        wm__cfg_fail(r, msg, key);
        return def;
    }
    return (int)d;
}

static int wm__cfg_int(wm__cfgr *r, const char *key, int req, int def, int lo, int hi) {
    return wm__cfg_int_in(r, r->obj, key, req, def, lo, hi);
}

/* A finite number (NaN and the infinities are refused). */
static double wm__cfg_num_in(wm__cfgr *r, const char *obj, const char *key, double def) {
    const char *v = wm__cfg_get(r, obj, key);
    double d;
    if (!v) return def;
    if (!wm__j_double(v, r->e, &d) || d != d || d - d != 0.0) {
        wm__cfg_fail(r, "field '%s' must be a finite number", key);
        return def;
    }
    return d;
}

static int wm__cfg_bool(wm__cfgr *r, const char *key, int def) {
    const char *v = wm__cfg_get(r, r->obj, key);
    if (!v) return def;
    if (*v == 't') return 1;
    if (*v == 'f') return 0;
    wm__cfg_fail(r, "field '%s' must be true or false", key);
    return def;
}

/* String field into buf; 0 when absent. */
static int wm__cfg_str_in(wm__cfgr *r, const char *obj, const char *key, char *buf, size_t cap) {
    const char *v = obj ? wm__cfg_get(r, obj, key) : NULL;
    buf[0] = 0;
    if (!v) return 0;
    if (*v != '"') { wm__cfg_fail(r, "field '%s' must be a string", key); return 0; }
    if (wm__j_str(v, r->e, buf, cap) >= cap) { wm__cfg_fail(r, "field '%s' is too long", key); buf[0] = 0; return 0; }
    return 1;
}

static int wm__act_from(const char *s) {
    if (!strcmp(s, "silu") || !strcmp(s, "swish")) return WM_ACT_SILU;
    if (!strcmp(s, "gelu")) return WM_ACT_GELU;
    if (!strcmp(s, "relu")) return WM_ACT_RELU;
    if (!strcmp(s, "gelu_pytorch_tanh") || !strcmp(s, "gelu_new")) return WM_ACT_GELU_TANH;
    return -1;
}

/* rope_parameters (new) or rope_theta + rope_scaling (old). */
static void wm__cfg_rope(wm__cfgr *r, wm_config *c) {
    const char *rp = wm__cfg_get(r, r->obj, "rope_parameters"), *sc;
    char kind[32];
    c->rope_theta = wm__cfg_num_in(r, r->obj, "rope_theta", 10000.0);
    if (rp && *rp == '{') c->rope_theta = wm__cfg_num_in(r, rp, "rope_theta", c->rope_theta);
    if (!(c->rope_theta > 0.0)) wm__cfg_fail(r, "'%s' must be positive", "rope_theta");
    sc = rp && *rp == '{' ? rp : wm__cfg_get(r, r->obj, "rope_scaling");
    c->rope_type = WM_ROPE_DEFAULT;
    c->rope_factor = 1.0;
    c->rope_original_max = c->max_position_embeddings;
    if (!sc) return;
    if (*sc != '{') { wm__cfg_fail(r, "field '%s' must be an object", "rope_scaling"); return; }
    if (!wm__cfg_str_in(r, sc, "rope_type", kind, sizeof kind)) wm__cfg_str_in(r, sc, "type", kind, sizeof kind);
    if (!kind[0] || !strcmp(kind, "default")) return;
    if (!strcmp(kind, "linear")) c->rope_type = WM_ROPE_LINEAR;
    else if (!strcmp(kind, "dynamic")) c->rope_type = WM_ROPE_DYNAMIC;
    else { wm__cfg_fail(r, "rope type '%s' is not supported (default, linear, dynamic)", kind); return; }
    c->rope_factor = wm__cfg_num_in(r, sc, "factor", 1.0);
    c->rope_original_max = wm__cfg_int_in(r, sc, "original_max_position_embeddings", 0, c->max_position_embeddings, 1, 1 << 24);
    if (!(c->rope_factor > 0.0)) wm__cfg_fail(r, "rope '%s' must be positive", "factor");
    if (c->rope_type == WM_ROPE_DYNAMIC && c->rope_original_max < 1)
        wm__cfg_fail(r, "dynamic RoPE needs '%s'", "max_position_embeddings");
}

/* ---- the invariants of a config, wherever it comes from --------------------
   Everything the forward pass divides by, indexes with or multiplies into a
   size: checked here once, for wm_config_parse and for a wm_config a
   caller fills in (wm_random_checkpoint). */

/* Derived widths stay well inside int (every index is computed in size_t,
   but matrix rows and columns are ints). */
static wm_status wm__cfg_bounds(const wm_config *c, wm_error *err) {
    double lim = (double)(1 << 24);
    double hp = (double)c->ssd_heads * c->ssd_head_dim, gn = (double)c->ssd_groups * c->ssd_state;
    if (hp + 2 * gn + c->ssd_heads > lim || (double)c->ssd_head_dim * c->ssd_state > lim)
        return wm__fail(err, WM_ERR_CONFIG, "config: SSD sizes too large (heads x head_dim x state)");
    if ((double)c->n_heads * c->head_dim > lim || (double)c->cdmoe_heads * c->cdmoe_retrieval > lim ||
        (double)c->cdmoe_topk * c->cdmoe_topk > lim || (double)c->experts_per_tok * c->experts_per_tok > lim)
        return wm__fail(err, WM_ERR_CONFIG, "config: attention or expert sizes too large");
    return WM_OK;
}


/* ---- config.json, field by field -------------------------------------------- */

static void wm__cfg_cheems(wm__cfgr *r, wm_config *c) {
    const char *p = r->obj, *e = r->e, *lt = wm__cfg_get(r, p, "layers_type"), *stt = wm__cfg_get(r, p, "state_type"), *x;
    wm__jit it;
    char buf[32];
    int any_ssd = 0, any_attn = 0, any_cdmoe = 0, l, nl, i = 0;
    c->norm_eps = (float)wm__cfg_num_in(r, p, "rms_norm_eps", 1e-6);
    if (!lt || *lt != '[') { wm__cfg_fail(r, "missing required field '%s' (a list)", "layers_type"); return; }
    wm__j_iter(&it, lt, e);
    while (wm__j_next(&it, NULL, &x)) {
        char s[16];
        if (c->n_layers >= WM_MAX_LAYERS) { wm__cfg_fail(r, "more than %d layers", WM_MAX_LAYERS); return; }
        if (*x != '"' || wm__j_str(x, e, s, sizeof s) >= sizeof s) s[0] = 0;
        if (!strcmp(s, "ssd")) { c->layer_seq[c->n_layers] = WM_SEQ_SSD; any_ssd = 1; }
        else if (!strcmp(s, "attn")) { c->layer_seq[c->n_layers] = WM_SEQ_ATTN; any_attn = 1; }
        else if (!strcmp(s, "none")) c->layer_seq[c->n_layers] = WM_SEQ_NONE;
        else { wm__cfg_fail(r, "layers_type[%d] is not ssd, attn or none", c->n_layers); return; }
        c->layer_state[c->n_layers++] = WM_STATE_CDMOE;
    }
    if (c->n_layers == 0) { wm__cfg_fail(r, "%s is empty", "layers_type"); return; }
    nl = wm__cfg_int(r, "num_hidden_layers", 0, c->n_layers, 1, WM_MAX_LAYERS);
    if (r->st == WM_OK && nl != c->n_layers) { wm__cfg_fail(r, "num_hidden_layers = %d but layers_type lists %d", nl, c->n_layers); return; }
    if (stt) {
        if (*stt != '[') { wm__cfg_fail(r, "field '%s' must be a list", "state_type"); return; }
        wm__j_iter(&it, stt, e);
        while (wm__j_next(&it, NULL, &x)) {
            char s[16];
            if (i >= c->n_layers) break;
            if (*x != '"' || wm__j_str(x, e, s, sizeof s) >= sizeof s) s[0] = 0;
            if (!strcmp(s, "cdmoe")) c->layer_state[i] = WM_STATE_CDMOE;
            else if (!strcmp(s, "mlp")) c->layer_state[i] = WM_STATE_MLP;
            else { wm__cfg_fail(r, "state_type[%d] is not cdmoe or mlp", i); return; }
            i++;
        }
        if (i != c->n_layers || wm__j_next(&it, NULL, &x)) { wm__cfg_fail(r, "state_type must list one string per layer (%d)", c->n_layers); return; }
    }
    for (l = 0; l < c->n_layers; l++) any_cdmoe |= c->layer_state[l] == WM_STATE_CDMOE;
    c->intermediate_size = wm__cfg_int(r, "intermediate_size", 1, 1, 1, WM__MAX_DIM);
    c->bias_proj = wm__cfg_bool(r, "hidden_bias", 0);
    if (any_ssd) {
        c->ssd_heads = wm__cfg_int(r, "ssd_num_heads", 1, 1, 1, 4096);
        c->ssd_groups = wm__cfg_int(r, "ssd_num_groups", 0, 1, 1, 4096);
        c->ssd_state = wm__cfg_int(r, "ssd_state_size", 1, 2, 2, 4096);
        c->ssd_chunk = wm__cfg_int(r, "ssd_chunk_size", 0, 256, 1, 65536);
        c->ssd_head_dim = wm__cfg_int(r, "ssd_head_dim", 0, 0, 1, WM__MAX_DIM); /* 0: rows(x_proj) / H */
    }
    if (any_attn) {
        c->n_heads = c->n_kv_heads = wm__cfg_int(r, "num_attention_heads", 1, 1, 1, 4096);
        c->head_dim = c->hidden_size / c->n_heads;
        c->ifa_values = wm__cfg_int(r, "num_inner_values", 1, 1, 1, 1 << 20);
        c->ifa_retrieval = wm__cfg_int(r, "inner_values_retrieval_size", 1, 1, 1, WM__MAX_DIM);
        c->ifa_topk = wm__cfg_int(r, "inner_values_topk", 0, 1, 1, 1 << 20);
    }
    if (any_cdmoe) {
        c->cdmoe_experts = wm__cfg_int(r, "num_cdmoe_experts", 1, 1, 1, 1 << 24);
        c->cdmoe_heads = wm__cfg_int(r, "num_cdmoe_heads", 1, 1, 1, 4096);
        c->cdmoe_topk = wm__cfg_int(r, "num_cdmoe_experts_per_head", 1, 1, 1, 4096);
        c->cdmoe_retrieval = wm__cfg_int(r, "expert_retrieval_size", 1, 2, 2, WM__MAX_DIM);
        if (wm__cfg_str_in(r, p, "cdmoe_form", buf, sizeof buf)) {
            if (!strcmp(buf, "sequential")) c->cdmoe_sequential = 1;
            else if (strcmp(buf, "parallel")) wm__cfg_fail(r, "cdmoe_form '%s' (expected parallel or sequential)", buf);
        }
    }
}

static void wm__cfg_doge(wm__cfgr *r, wm_config *c) {
    const char *p = r->obj;
    int moe, l;
    c->norm_eps = (float)wm__cfg_num_in(r, p, "rms_norm_eps", 1e-6);
    c->n_layers = wm__cfg_int(r, "num_hidden_layers", 1, 1, 1, WM_MAX_LAYERS);
    c->intermediate_size = wm__cfg_int(r, "intermediate_size", 1, 1, 1, WM__MAX_DIM);
    c->n_heads = wm__cfg_int(r, "num_attention_heads", 1, 1, 1, 4096);
    c->n_kv_heads = wm__cfg_int(r, "num_key_value_heads", 0, c->n_heads, 1, 4096);
    c->head_dim = wm__cfg_int(r, "head_dim", 0, c->hidden_size / c->n_heads, 1, WM__MAX_DIM); /* transformers' default */
    if (r->st == WM_OK && c->head_dim < 1)
        wm__cfg_fail(r, "hidden_size %d / num_attention_heads %d leaves head_dim 0 (set head_dim)", c->hidden_size, c->n_heads);
    c->keep_window = wm__cfg_int(r, "keep_window_size", 0, 2048, 1, 1 << 30);
    if (!wm__cfg_get(r, p, "keep_window_size") && wm__j_get(p, r->e, "keep_window_size")) c->keep_window = 1 << 30; /* null: no limit */
    c->sliding_window = wm__cfg_int(r, "sliding_window", 0, 0, 1, 1 << 30);
    moe = wm__cfg_bool(r, "is_moe", 0);
    c->bias_proj = wm__cfg_bool(r, "attention_bias", 0);
    c->bias_mlp = wm__cfg_bool(r, "mlp_bias", 0);
    if (moe) {
        c->n_experts = wm__cfg_int(r, "num_experts", 1, 1, 1, 1 << 24);
        c->experts_per_tok = wm__cfg_int(r, "num_experts_per_tok", 1, 1, 1, 4096);
        c->norm_topk_prob = wm__cfg_bool(r, "norm_topk_prob", 0);
    }
    for (l = 0; l < c->n_layers; l++) {
        c->layer_seq[l] = WM_SEQ_DOGE_ATTN;
        c->layer_state[l] = moe ? WM_STATE_DOGE_MOE : WM_STATE_MLP;
    }
}

static void wm__cfg_mamba2(wm__cfgr *r, wm_config *c) {
    const char *p = r->obj, *lim = wm__cfg_get(r, p, "time_step_limit");
    int l;
    c->norm_eps = (float)wm__cfg_num_in(r, p, "layer_norm_epsilon", 1e-5);
    c->n_layers = wm__cfg_int(r, "num_hidden_layers", 1, 1, 1, WM_MAX_LAYERS);
    c->ssd_heads = wm__cfg_int(r, "num_heads", 1, 1, 1, 4096);
    c->ssd_head_dim = wm__cfg_int(r, "head_dim", 1, 1, 1, WM__MAX_DIM);
    c->ssd_state = wm__cfg_int(r, "state_size", 1, 1, 1, 4096);
    c->ssd_groups = wm__cfg_int(r, "n_groups", 0, 1, 1, 4096);
    c->conv_kernel = wm__cfg_int(r, "conv_kernel", 0, 4, 1, 64);
    c->norm_groups = wm__cfg_int(r, "gated_norm_groups", 0, 1, 1, 4096);
    c->ssd_chunk = wm__cfg_int(r, "chunk_size", 0, 256, 1, 65536);
    c->bias_proj = wm__cfg_bool(r, "use_bias", 0);
    c->bias_conv = wm__cfg_bool(r, "use_conv_bias", 1);
    c->ssd_group_div = 1;
    c->dt_min = 0.0f;
    c->dt_max = HUGE_VALF;
    if (lim) { /* [min, max], Infinity allowed */
        wm__jit it;
        const char *x;
        double d[2] = {0.0, HUGE_VAL};
        int i = 0;
        if (*lim == '[') {
            wm__j_iter(&it, lim, r->e);
            while (i <= 2 && wm__j_next(&it, NULL, &x)) i = i < 2 && wm__j_double(x, r->e, &d[i]) ? i + 1 : 3;
        }
        if (i != 2 || !(d[0] >= 0.0 && d[0] <= d[1])) /* NaN fails too */
            wm__cfg_fail(r, "field '%s' must be two numbers 0 <= min <= max", "time_step_limit");
        c->dt_min = (float)d[0];
        c->dt_max = (float)d[1];
    }
    for (l = 0; l < c->n_layers; l++) { c->layer_seq[l] = WM_SEQ_MAMBA2; c->layer_state[l] = WM_STATE_NONE; }
}

/* mcsd (names ours: no code was published) */
static void wm__cfg_mcsd(wm__cfgr *r, wm_config *c) {
    const char *p = r->obj;
    char buf[16];
    int l;
    c->norm_eps = (float)wm__cfg_num_in(r, p, "rms_norm_eps", 1e-6);
    c->n_layers = wm__cfg_int(r, "num_hidden_layers", 1, 1, 1, WM_MAX_LAYERS);
    c->intermediate_size = wm__cfg_int(r, "intermediate_size", 1, 1, 1, WM__MAX_DIM);
    c->mcsd_channels = wm__cfg_int(r, "num_channels", 1, 1, 1, WM__MAX_DIM);
    c->mcsd_slope_exp = (float)wm__cfg_num_in(r, p, "slope_exponent", 8.0);
    c->mcsd_decay_off = (float)wm__cfg_num_in(r, p, "decay_exponent_offset", 5.0);
    c->mcsd_concat = 0;
    if (wm__cfg_str_in(r, p, "mcsd_fusion", buf, sizeof buf)) {
        if (!strcmp(buf, "concat")) c->mcsd_concat = 1;
        else if (strcmp(buf, "add")) wm__cfg_fail(r, "field 'mcsd_fusion' must be \"add\" or \"concat\"");
    }
    for (l = 0; l < c->n_layers; l++) { c->layer_seq[l] = WM_SEQ_MCSD; c->layer_state[l] = WM_STATE_MLP; }
}

/* rodimus_plus: attn_cfg, SlideWindowSharedKeyAttention's arguments (RodimusConfig) */
static void wm__cfg_ska(wm__cfgr *r, wm_config *c) {
    const char *ac = wm__cfg_get(r, r->obj, "attn_cfg"), *top = r->obj;
    char buf[32];
    int D = c->hidden_size, W, rd;
    double ratio;
    if (!ac || *ac != '{') { wm__cfg_fail(r, "block_type 'rodimus_plus' needs the object '%s'", "attn_cfg"); return; }
    r->obj = ac;
    c->n_heads = wm__cfg_int(r, "num_heads", 0, D / 128, 0, 4096);
    c->n_kv_heads = wm__cfg_int(r, "num_heads_k", 1, 1, 1, 4096); /* required: the official class has no usable default */
    c->ska_v_heads = wm__cfg_int(r, "num_heads_v", 1, 1, 1, 4096);
    if (r->st != WM_OK) { r->obj = top; return; }
    if (c->n_heads < 1 || D % c->n_heads)
        wm__cfg_fail(r, "attn_cfg.num_heads %d must divide d_model %d (default d_model // 128)", c->n_heads, D);
    else if (c->n_heads % c->n_kv_heads || c->n_heads % c->ska_v_heads)
        wm__cfg_fail(r, "attn_cfg.num_heads %d must be a multiple of num_heads_k %d and num_heads_v %d", c->n_heads, c->n_kv_heads, c->ska_v_heads);
    c->head_dim = c->n_heads > 0 ? D / c->n_heads : 1;
    W = wm__cfg_int(r, "window_size", 0, 0, -(1 << 30), 1 << 30);
    c->ska_window = W > 0 ? W / 2 + 1 : 0; /* flash-attn window (W // 2, 0): W // 2 keys before the query, and itself */
    rd = wm__cfg_int(r, "rotary_emb_dim", 0, -1, -(1 << 30), WM__MAX_DIM);
    c->ska_rot_dim = rd < 0 ? c->head_dim : rd;
    if (c->ska_rot_dim % 2 || c->ska_rot_dim > c->head_dim)
        wm__cfg_fail(r, "attn_cfg.rotary_emb_dim %d must be even and at most the head size %d", c->ska_rot_dim, c->head_dim);
    c->rope_theta = wm__cfg_num_in(r, ac, "rotary_emb_base", 10000.0);
    c->ska_interleaved = wm__cfg_bool(r, "rotary_emb_interleaved", 0);
    c->ska_xpos = (float)wm__cfg_num_in(r, ac, "rotary_emb_scale_base", 0.0);
    if (wm__cfg_get(r, ac, "rotary_emb_scale_base") && !(c->ska_xpos > 0.0f))
        wm__cfg_fail(r, "attn_cfg.rotary_emb_scale_base must be positive (xPos)");
    if (wm__cfg_get(r, ac, "softmax_scale") && *wm__cfg_get(r, ac, "softmax_scale") == '"') { /* a number is ignored, as officially */
        wm__cfg_str_in(r, ac, "softmax_scale", buf, sizeof buf);
        c->ska_qk_norm = !strcmp(buf, "norm");
    }
    if (c->ska_qk_norm && c->n_heads > 0 && (15 + c->n_heads - 1) / c->n_heads != 1 && (15 + c->n_heads - 1) / c->n_heads != c->n_heads)
        wm__cfg_fail(r, "attn_cfg.softmax_scale 'norm' needs num_heads 4 or >= 15: its gains arange(1, 16, num_heads) must be one "
                        "or one per head (the official code fails for %d heads)", c->n_heads);
    ratio = wm__cfg_num_in(r, ac, "ffn_expand_ratio", 4.0 / 3.0);
    if (!(ratio > 0.0 && ratio * D < (double)WM__MAX_DIM)) wm__cfg_fail(r, "field '%s' out of range", "attn_cfg.ffn_expand_ratio");
    else c->intermediate_size = ((int)((double)D * ratio) + 7) / 8 * 8;
    r->obj = top;
}

/* rodimus: d_model, n_layer, norm_epsilon, and mixer_cfg's fields */
static void wm__cfg_rodimus(wm__cfgr *r, wm_config *c) {
    const char *p = r->obj, *mc = wm__cfg_get(r, p, "mixer_cfg"), *top = r->obj, *lr;
    char buf[32];
    double ratio = 2.0;
    int l, plus = 0;
    c->norm_eps = (float)wm__cfg_num_in(r, p, "norm_epsilon", 1e-5);
    c->n_layers = wm__cfg_int(r, "n_layer", 1, 24, 1, WM_MAX_LAYERS);
    if (wm__cfg_str_in(r, p, "block_type", buf, sizeof buf) && strcmp(buf, "rodimus")) {
        if (strcmp(buf, "rodimus_plus")) {
            r->code = WM_ERR_UNSUPPORTED;
            wm__cfg_fail(r, "block_type '%s' is not supported (rodimus, rodimus_plus)", buf);
            return;
        }
        plus = 1;
    }
    if (!wm__j_get(p, r->e, "max_position_embeddings")) c->max_position_embeddings = 2048; /* RodimusConfig's default; null: none */
    c->embed_norm = wm__cfg_bool(r, "use_norm_embedding", 0);
    if (mc && *mc != '{') { wm__cfg_fail(r, "field '%s' must be an object", "mixer_cfg"); return; }
    if (mc) r->obj = mc;
    c->conv_kernel = wm__cfg_int(r, "d_conv", 0, 4, 1, 64);
    ratio = wm__cfg_num_in(r, r->obj, "expand_ratio", 2.0);
    c->rod_mem = wm__cfg_int(r, "mem_size", 0, 64, 1, 4096);
    c->rod_k_eps = (float)wm__cfg_num_in(r, r->obj, "normalize_epsilon", 1e-12);
    c->rod_rank = c->hidden_size / 64 > 16 ? c->hidden_size / 64 : 16; /* "auto": max(D // 64, 16) */
    lr = wm__cfg_get(r, r->obj, "input_gate_low_rank");
    if (lr && *lr != '"') c->rod_rank = wm__cfg_int(r, "input_gate_low_rank", 0, 16, 1, WM__MAX_DIM);
    else if (lr && wm__cfg_str_in(r, r->obj, "input_gate_low_rank", buf, sizeof buf) && strcmp(buf, "auto")) {
        char *end;
        long v = strtol(buf, &end, 10); /* the official code evaluates a numeric string */
        if (end == buf || *end || v < 1 || v > WM__MAX_DIM) wm__cfg_fail(r, "field '%s' must be \"auto\" or a positive integer", "input_gate_low_rank");
        c->rod_rank = (int)v;
    }
    r->obj = top;
    if (wm__cfg_bool(r, "use_scale_embedding", 0)) c->embed_scale = sqrtf((float)c->rod_mem); /* sqrt(mem_size, 64 when absent) */
    if (!(ratio > 0.0 && ratio * c->hidden_size < (double)WM__MAX_DIM)) wm__cfg_fail(r, "field '%s' out of range", "mixer_cfg.expand_ratio");
    else c->rod_inner = ((int)((double)c->hidden_size * ratio) + 7) / 8 * 8;
    if (plus) wm__cfg_ska(r, c);
    for (l = 0; l < c->n_layers; l++) {
        c->layer_seq[l] = WM_SEQ_RODIMUS;
        c->layer_state[l] = !plus ? WM_STATE_NONE : c->ska_window ? WM_STATE_SWSKA : WM_STATE_SWSKA_FULL;
    }
}

/* ========================================================================
   [@MODELS] Models: the module table (every module kind, its functions) and the
   model-type table (config.json's model_type, its reader, its layer
   stacking), then a config's checks and wm_config_parse
   ======================================================================== */

/* ---- the module table ---------------------------------------------------------
   Every module kind, once, in the order of the public ids: the WM_SEQ_*
   kinds (rows 0 .. WM__N_SEQ - 1), then the WM_STATE_* kinds. A layer has a
   sequence slot and a state slot (the FFN, or Rodimus+'s SW-SKA and FFN,
   after the sequence module); each slot's weights are its module's wm__*_w
   in the wm__layer unions. A row: name, tensors (plan), per-layer session
   state (lstate) and its recurrent floats, scratch, run, decode traffic, a
   hook after binding, the module's config check, and whether it keeps a KV
   cache of n_ctx rows. The module code is in [@LAYERS]. */
struct wm__layer {
    int seq, state;                      /* WM_SEQ_*, WM_STATE_* */
    const float *norm_seq, *norm_state;  /* pre-norms [D] */
    const float *gain_seq, *gain_state;  /* residual gains [D], NULL: 1 */
    union { wm__ssd_w ssd; wm__ifa_w ifa; wm__doge_attn_w attn; wm__mamba_w mamba; wm__mcsd_w mcsd; wm__rod_w rod; } seq_w; /* by seq */
    union { wm__mlp_w mlp; wm__cdmoe_w cdmoe; wm__moe_w moe; wm__ska_w ska; } state_w;     /* by state */
};
WM__SLOT(wm__layer, 480);

typedef struct wm__module {
    const char *name;
    void (*plan)(wm__planner *p, const wm_config *c, void *w); /* w: the module's wm__*_w, NULL to list */
    void (*lstate)(wm__arena *a, const wm_config *c, size_t n_ctx, int n_batch, int ctype, int stype, wm__lstate *st); /* its per-layer session state (KV cache, S, conv), or NULL */
    void (*lstate_floats)(const wm_config *c, size_t *S, size_t *conv); /* floats of its S and conv window (reset, save), or NULL */
    void (*scratch)(wm__arena *a, const wm_model *m, int nb, int n_ctx, int nth);
    void (*run)(const wm__ctx *x, const float *in, float *out, wm__arena *ar);
    uint64_t (*decode_bytes)(const wm_model *m, const void *w, uint64_t kv, int ctype); /* kv keys in a cache of ctype */
    void (*bound)(const wm_config *c, void *w); /* after its tensors are bound, or NULL */
    wm_status (*check)(const wm_config *c, wm_error *err); /* its config fields, once per model that uses it (NULL: none) */
    int attends; /* keeps a KV cache: bounded by n_ctx */
} wm__module;

#define WM__N_SEQ 7
static const wm__module wm__modules[] = {
    {"none", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0},
    {"ssd", wm__ssd_plan, wm__ssd_lstate, wm__ssd_lstate_floats, wm__ssd_scratch, wm__ssd_module, wm__ssd_decode_bytes, NULL, wm__ssd_check, 0},
    {"attn", wm__ifa_plan, wm__ifa_lstate, NULL, wm__ifa_scratch, wm__ifa_module, wm__ifa_decode_bytes, NULL, wm__ifa_check, 1},
    {"doge_attn", wm__doge_attn_plan, wm__doge_attn_lstate, NULL, wm__doge_attn_scratch, wm__doge_attn_module, wm__doge_attn_decode_bytes, NULL,
     wm__doge_attn_check, 1},
    {"mamba2", wm__mamba_plan, wm__mamba_lstate, wm__mamba_lstate_floats, wm__mamba_scratch, wm__mamba_module, wm__mamba_decode_bytes, wm__mamba_slices, wm__mamba_check, 0},
    {"mcsd", wm__mcsd_plan, wm__mcsd_lstate, wm__mcsd_lstate_floats, wm__mcsd_scratch, wm__mcsd_module, wm__mcsd_decode_bytes, NULL, wm__mcsd_check, 0},
    {"rodimus", wm__rod_plan, wm__rod_lstate, wm__rod_lstate_floats, wm__rod_scratch, wm__rod_module, wm__rod_decode_bytes, NULL, wm__rod_check, 0},
    {"none", NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0},
    {"mlp", wm__mlp_plan, NULL, NULL, wm__mlp_scratch, wm__mlp_module, wm__mlp_decode_bytes, NULL, wm__ffn_check, 0},
    {"cdmoe", wm__cdmoe_plan, NULL, NULL, wm__cdmoe_scratch, wm__cdmoe_module, wm__cdmoe_decode_bytes, NULL, wm__cdmoe_check, 0},
    {"doge_moe", wm__moe_plan, NULL, NULL, wm__moe_scratch, wm__moe_module, wm__moe_decode_bytes, NULL, wm__moe_check, 0},
    {"swska_ffn", wm__ska_plan, wm__ska_lstate, NULL, wm__ska_scratch, wm__ska_module, wm__ska_decode_bytes, NULL, wm__ska_check, 0},
    {"ska_ffn", wm__ska_plan, wm__ska_lstate, NULL, wm__ska_scratch, wm__ska_module, wm__ska_decode_bytes, NULL, wm__ska_check, 1}, /* no window */
};
#define WM__N_MODULES ((int)(sizeof wm__modules / sizeof wm__modules[0]))

/* floats of layer l's recurrent state S and conv window (its sequence module's) */
static void wm__lstate_floats(const wm_config *c, int l, size_t *S, size_t *conv) {
    const wm__module *md = &wm__modules[c->layer_seq[l]];
    *S = *conv = 0;
    if (md->lstate_floats) md->lstate_floats(c, S, conv);
}

/* the module of a layer's slot (0: sequence, 1: state) */
static const wm__module *wm__slot_module(const wm__layer *L, int slot) {
    return &wm__modules[slot ? WM__N_SEQ + L->state : L->seq];
}

/* and its weights */
static const void *wm__slot_weights(const wm__layer *L, int slot) {
    return slot ? (const void *)&L->state_w : (const void *)&L->seq_w;
}

/* a slot's module tensors into its weights (L NULL: only listing) */
static void wm__plan_module(wm__planner *p, const wm_config *c, wm__layer *L, int kind) {
    void *w = !L ? NULL : kind < WM__N_SEQ ? (void *)&L->seq_w : (void *)&L->state_w;
    if (wm__modules[kind].plan) wm__modules[kind].plan(p, c, w);
}

/* ---- model types -------------------------------------------------------------
   A row each: config.json's model_type, its field reader, the modules its
   layers may hold, and its block stacking (tensor names of the embedding,
   each layer's norms and modules, the final norm). A new model type is a
   row, its reader and its stacking function (plus new modules' rows). */

/* cheems: Cheems/Doge block stacking, either slot may be any module */
static void wm__stack_cheems(wm__planner *p, const wm_config *c, wm__layer *L, int l) {
    int D = c->hidden_size;
    if (c->layer_seq[l] != WM_SEQ_NONE) {
        WM__VEC1(p, "pre_sequence_layernorm.weight", L ? &L->norm_seq : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
        WM__VEC1(p, "post_sequence_residual.weight", L ? &L->gain_seq : NULL, D, WM__OPTIONAL, WM__INIT_NORMAL, 1.0f, 0.1f);
        wm__plan_module(p, c, L, c->layer_seq[l]);
    }
    WM__VEC1(p, "pre_state_layernorm.weight", L ? &L->norm_state : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "post_state_residual.weight", L ? &L->gain_state : NULL, D, WM__OPTIONAL, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, WM__N_SEQ + c->layer_state[l]);
}

/* transformers' DogeDecoderLayer */
static void wm__stack_doge(wm__planner *p, const wm_config *c, wm__layer *L, int l) {
    int D = c->hidden_size;
    WM__VEC1(p, "input_layernorm.weight", L ? &L->norm_seq : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, c->layer_seq[l]);
    WM__VEC1(p, "input_residual", L ? &L->gain_seq : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "post_attention_layernorm.weight", L ? &L->norm_state : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    WM__VEC1(p, "post_attention_residual", L ? &L->gain_state : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, WM__N_SEQ + c->layer_state[l]);
}

/* mcsd: pre-norm MCSD block, then a pre-norm gated MLP */
static void wm__stack_mcsd(wm__planner *p, const wm_config *c, wm__layer *L, int l) {
    int D = c->hidden_size;
    WM__VEC1(p, "pre_mcsd_layernorm.weight", L ? &L->norm_seq : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, c->layer_seq[l]);
    WM__VEC1(p, "pre_mlp_layernorm.weight", L ? &L->norm_state : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, WM__N_SEQ + c->layer_state[l]);
}

/* rodimus: x + Flow(RMSNorm(x)); rodimus_plus: s = x + Flow(RMSNorm(x)), then
   x = s + the SW-SKA/FFN module of s (its norms are its own: norm_state NULL) */
static void wm__stack_rodimus(wm__planner *p, const wm_config *c, wm__layer *L, int l) {
    WM__VEC1(p, "mixer_norm.weight", L ? &L->norm_seq : NULL, c->hidden_size, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, c->layer_seq[l]);
    if (L) L->norm_state = NULL;
    wm__plan_module(p, c, L, WM__N_SEQ + c->layer_state[l]);
}

/* transformers' Mamba2Block */
static void wm__stack_mamba2(wm__planner *p, const wm_config *c, wm__layer *L, int l) {
    WM__VEC1(p, "norm.weight", L ? &L->norm_seq : NULL, c->hidden_size, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    wm__plan_module(p, c, L, c->layer_seq[l]);
}

#define WM__BIT(k) (1u << (k))
typedef struct wm__model_type {
    const char *name;                        /* config.json's model_type */
    void (*read)(wm__cfgr *r, wm_config *c); /* its own fields, layer_seq/layer_state included */
    unsigned seqs, states;                   /* WM__BIT(WM_SEQ_*), WM__BIT(WM_STATE_*): what its layers may hold */
    int tie_default;                         /* tie_word_embeddings when absent; -1: untied when lm_head is present */
    const char *embed, *prefix, *final_norm; /* tensor names: embedding, layer prefix, final norm */
    void (*stack)(wm__planner *p, const wm_config *c, wm__layer *L, int l); /* a layer's norms and modules */
} wm__model_type;

static const wm__model_type wm__model_types[] = {
    {NULL, NULL, 0, 0, 0, NULL, NULL, NULL, NULL}, /* WM_MODEL_* start at 1 */
    {"cheems", wm__cfg_cheems, WM__BIT(WM_SEQ_NONE) | WM__BIT(WM_SEQ_SSD) | WM__BIT(WM_SEQ_ATTN),
     WM__BIT(WM_STATE_MLP) | WM__BIT(WM_STATE_CDMOE), 1, "model.embed_tokens.weight", "model.layers.", "model.norm.weight", wm__stack_cheems},
    {"doge", wm__cfg_doge, WM__BIT(WM_SEQ_DOGE_ATTN), WM__BIT(WM_STATE_MLP) | WM__BIT(WM_STATE_DOGE_MOE), -1, "model.embed_tokens.weight",
     "model.layers.", "model.norm.weight", wm__stack_doge},
    {"mamba2", wm__cfg_mamba2, WM__BIT(WM_SEQ_MAMBA2), WM__BIT(WM_STATE_NONE), -1, "backbone.embeddings.weight", "backbone.layers.",
     "backbone.norm_f.weight", wm__stack_mamba2},
    {"mcsd", wm__cfg_mcsd, WM__BIT(WM_SEQ_MCSD), WM__BIT(WM_STATE_MLP), 1, "model.embed_tokens.weight", "model.layers.", "model.norm.weight",
     wm__stack_mcsd},
    {"rodimus", wm__cfg_rodimus, WM__BIT(WM_SEQ_RODIMUS), WM__BIT(WM_STATE_NONE) | WM__BIT(WM_STATE_SWSKA) | WM__BIT(WM_STATE_SWSKA_FULL), 0, "model.embeddings.weight", "model.layers.", "model.norm_f.weight",
     wm__stack_rodimus},
};
#define WM__N_MODEL_TYPES ((int)(sizeof wm__model_types / sizeof wm__model_types[0]))

WMDEF const char *wm_model_type_name(int type) { return type >= 1 && type < WM__N_MODEL_TYPES ? wm__model_types[type].name : NULL; }
WMDEF const char *wm_module_name(int slot, int kind) {
    int n = slot == 0 ? WM__N_SEQ : WM__N_MODULES - WM__N_SEQ;
    if ((slot != 0 && slot != 1) || kind < 0 || kind >= n) return NULL;
    return wm__modules[slot * WM__N_SEQ + kind].name;
}

/* A config's invariants: its type's, each layer's modules allowed to it,
   the fields every model reads, then each module it uses checks its own. */
static wm_status wm__cfg_check(const wm_config *c, wm_error *err) {
    int l, k;
    unsigned used = 0; /* WM__BIT(row of wm__modules) */
    const char *bad = NULL;
    const wm__model_type *mt;
    if (!wm__in((int)c->model_type, 1, WM__N_MODEL_TYPES - 1)) return wm__fail(err, WM_ERR_CONFIG, "config: unknown model_type %d", (int)c->model_type);
    mt = &wm__model_types[c->model_type];
    if (!wm__in(c->n_layers, 1, WM_MAX_LAYERS)) return wm__fail(err, WM_ERR_CONFIG, "config: %d layers (1..%d)", c->n_layers, WM_MAX_LAYERS);
    if (!wm__in(c->vocab_size, 1, WM__MAX_VOCAB) || !wm__in(c->hidden_size, 1, WM__MAX_DIM) || !wm__in(c->intermediate_size, 0, WM__MAX_DIM))
        return wm__fail(err, WM_ERR_CONFIG, "config: vocab_size, hidden_size or intermediate_size out of range");
    for (l = 0; l < c->n_layers; l++) { /* the modules a type can have */
        int s = c->layer_seq[l], t = c->layer_state[l];
        int ok = wm__in(s, 0, WM__N_SEQ - 1) && wm__in(t, 0, WM__N_MODULES - WM__N_SEQ - 1) && (mt->seqs >> s & 1u) && (mt->states >> t & 1u);
        if (!ok) return wm__fail(err, WM_ERR_CONFIG, "config: layer %d has modules its model type does not", l);
        used |= WM__BIT(s) | WM__BIT(WM__N_SEQ + t);
    }
    if (!(c->norm_eps >= 0.0f && c->norm_eps <= 1.0f)) bad = "the norm epsilon must be in 0..1";
    else if (!(c->rope_theta > 0.0 && c->rope_theta < 1e300)) bad = "rope_theta must be positive";
    else if (!(c->rope_factor > 0.0 && c->rope_factor < 1e300) || !wm__in(c->rope_type, WM_ROPE_DEFAULT, WM_ROPE_DYNAMIC)) bad = "rope scaling is malformed";
    else if (c->rope_type == WM_ROPE_DYNAMIC && c->rope_original_max < 1) bad = "dynamic RoPE needs max_position_embeddings";
    else if (!wm__in(c->n_eos, 0, 4) || !wm__in(c->act, WM_ACT_SILU, WM_ACT_GELU_TANH) || c->max_position_embeddings < 0) bad = "malformed eos, activation or max_position_embeddings";
    if (bad) return wm__fail(err, WM_ERR_CONFIG, "config: %s", bad);
    for (l = 0; l < c->n_eos; l++)
        if (!wm__in(c->eos_token_ids[l], 0, WM__MAX_VOCAB)) return wm__fail(err, WM_ERR_CONFIG, "config: eos_token_id %d is not a token id", c->eos_token_ids[l]);
    for (k = 0; k < WM__N_MODULES; k++)
        if ((used >> k & 1u) && wm__modules[k].check && wm__modules[k].check(c, err) != WM_OK) return WM_ERR_CONFIG;
    return wm__cfg_bounds(c, err);
}

WMDEF wm_status wm_config_parse(wm_config *c, const char *json, size_t n, wm_error *err) {
    wm__cfgr r;
    const char *e, *p, *v;
    char buf[64];
    int k;
    if (!c || !json) return wm__fail(err, WM_ERR_INVALID_ARG, "config: NULL argument");
    e = json + n;
    memset(c, 0, sizeof *c);
    p = wm__j_value(json, e, WM__JSON_DEPTH);
    if (!p || wm__j_ws(p, e) != e)
        return wm__fail(err, WM_ERR_CONFIG, "config.json: not valid JSON (error near byte %zu)",
                        p ? (size_t)(wm__j_ws(p, e) - json) : (size_t)0);
    p = wm__j_ws(json, e);
    if (*p != '{') return wm__fail(err, WM_ERR_CONFIG, "config.json: the top level is not an object");
    r.obj = p; r.e = e; r.file = "config.json"; r.code = WM_ERR_CONFIG; r.err = err; r.st = WM_OK;
    /* what every type has */
    if (!wm__cfg_str_in(&r, p, "model_type", buf, sizeof buf))
        return wm__fail(err, WM_ERR_CONFIG, "config.json: missing required field 'model_type'");
    for (k = 1; k < WM__N_MODEL_TYPES; k++)
        if (!strcmp(buf, wm__model_types[k].name)) c->model_type = (wm_model_type)k;
    if (!c->model_type) {
        char names[128];
        size_t at = 0;
        for (k = 1; k < WM__N_MODEL_TYPES; k++)
        {
            wm__fmt(names + at, sizeof names - at, "%s%s", k > 1 ? ", " : "", wm__model_types[k].name);
            at += strlen(names + at);
        }
        return wm__fail(err, WM_ERR_UNSUPPORTED, "config.json: model_type '%s' is not supported (%s)", buf, names);
    }
    c->vocab_size = wm__cfg_int(&r, "vocab_size", 1, 1, 1, WM__MAX_VOCAB);
    c->hidden_size = wm__cfg_int(&r, c->model_type == WM_MODEL_RODIMUS ? "d_model" : "hidden_size", 1, 1, 1, WM__MAX_DIM);
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
                wm__cfg_fail(&r, "field '%s' must hold token ids", "eos_token_id");
                break;
            }
            if (c->n_eos < 4) c->eos_token_ids[c->n_eos++] = (int)d;
        }
    } else if (v) {
        c->eos_token_ids[0] = wm__cfg_int(&r, "eos_token_id", 0, -1, 0, WM__MAX_VOCAB);
        c->n_eos = 1;
    }
    c->act = WM_ACT_SILU;
    c->embed_scale = 1.0f;
    if (wm__cfg_str_in(&r, p, "hidden_act", buf, sizeof buf) && (c->act = wm__act_from(buf)) < 0)
        return wm__fail(err, WM_ERR_UNSUPPORTED, "config.json: hidden_act '%s' is not supported", buf);
    v = wm__cfg_get(&r, p, "tie_word_embeddings");
    c->tie_embeddings = v ? wm__cfg_bool(&r, "tie_word_embeddings", 0) : wm__model_types[c->model_type].tie_default;
    wm__cfg_rope(&r, c);
    /* then the type's own fields, then the invariants across fields */
    if (r.st == WM_OK) wm__model_types[c->model_type].read(&r, c);
    if (r.st != WM_OK) return r.st;
    if (wm__cfg_check(c, err) != WM_OK) {
        if (err) { /* the messages name config.json's fields */
            char msg[sizeof err->message];
            memcpy(msg, err->message, sizeof msg);
            wm__fail(err, WM_ERR_CONFIG, "config.json: %s", !strncmp(msg, "config: ", 8) ? msg + 8 : msg);
        }
        return WM_ERR_CONFIG;
    }
    wm__ok(err);
    return WM_OK;
}

/* ========================================================================
   [@SESSION] Session: layout, forward pass, prefill and decode
   ======================================================================== */

/* Largest module scratch of this model for batches of nb tokens. */
static int wm__model_uses(const wm_model *m, const wm__module *md) {
    int l;
    for (l = 0; l < m->cfg.n_layers; l++)
        if (wm__slot_module(&m->layers[l], 0) == md || wm__slot_module(&m->layers[l], 1) == md) return 1;
    return 0;
}

static size_t wm__work_bytes(const wm_model *m, int nb, int n_ctx, int nth, int *bad) {
    size_t mx = 0;
    int k;
    for (k = 0; k < WM__N_MODULES; k++) {
        wm__arena a = wm__arena_make(NULL, 0);
        if (!wm__modules[k].scratch || !wm__model_uses(m, &wm__modules[k])) continue;
        wm__modules[k].scratch(&a, m, nb, n_ctx, nth);
        if (a.bad) *bad = 1;
        mx = WM__MAX(mx, a.used);
    }
    return mx;
}

#ifdef WM_HAVE_POOL
static int wm__n_cpus(void);
#endif
static wm_status wm__session_params(const wm_model *m, const wm_session_params *in, wm_session_params *out,
                                    wm_error *err) {
    if (!m || !in) return wm__fail(err, WM_ERR_INVALID_ARG, "session: model and params are required");
    *out = *in;
    if (out->n_ctx < 1 || out->n_ctx > (1 << 24))
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: n_ctx %d is outside 1..16777216", out->n_ctx);
    if (out->n_batch < 1 || out->n_batch > (1 << 16))
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: n_batch %d is outside 1..65536", out->n_batch);
    if (m->has_attn && out->n_batch > out->n_ctx) out->n_batch = out->n_ctx;
    if (out->n_threads < 0 || out->n_threads > 1024)
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: n_threads %d is outside 0..1024", out->n_threads);
    if (out->parallel_for && out->n_threads == 0)
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: a parallel_for needs n_threads (the workers it numbers), not 0");
#if defined(WM_HAVE_POOL)
    if (out->n_threads == 0) out->n_threads = wm__n_cpus();
#elif defined(_OPENMP)
    if (out->n_threads == 0) out->n_threads = omp_get_max_threads();
#else
    if (!out->parallel_for) out->n_threads = 1; /* no threads of its own */
#endif
    out->scalar = out->scalar != 0;
    if (out->isa < 0 || out->isa >= WM_ISA_COUNT)
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: isa %d is not a WM_ISA_* value", out->isa);
    if (out->scalar) out->isa = WM_ISA_SCALAR;
    if (out->isa == WM_ISA_AUTO) out->isa = wm_isa_best();
    if (!wm_isa_supported(out->isa))
        return wm__fail(err, WM_ERR_UNSUPPORTED, "session: isa %s is not available here (this build and CPU run: %s)", wm_isa_name(out->isa),
                        wm_isa_name(WM_ISA_AUTO));
    out->scalar = out->isa == WM_ISA_SCALAR;
    if (out->cache_type != WM_F32 && out->cache_type != WM_F16 && out->cache_type != WM_Q8_0)
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: cache_type %d is not WM_F32, WM_F16 or WM_Q8_0", out->cache_type);
    if (out->state_type != WM_F32 && out->state_type != WM_F16 && out->state_type != WM_BF16)
        return wm__fail(err, WM_ERR_INVALID_ARG, "session: state_type %d is not WM_F32, WM_F16 or WM_BF16", out->state_type);
    if (out->cache_type == WM_Q8_0 && (m->has_attn || wm__model_uses(m, &wm__modules[WM__N_SEQ + WM_STATE_SWSKA])) && m->cfg.head_dim % WM__QK)
        return wm__fail(err, WM_ERR_UNSUPPORTED, "session: a Q8_0 KV cache needs head_dim %d to be a multiple of 32", m->cfg.head_dim);
    return WM_OK;
}

/* Floats of F32 working copy a reduced state_type needs: the largest of an
   SSD layer's [n_threads][N] (a decoded token, row by row) or
   [n_threads][P][N] (a prefill chunk, head by head) and a GLA / MCSD
   layer's whole state. */
static size_t wm__st_work_floats(const wm_model *m, const wm_session_params *p) {
    const wm_config *c = &m->cfg;
    size_t most = 0, nS, nconv;
    int l;
    if (p->state_type == WM_F32) return 0;
    for (l = 0; l < c->n_layers; l++) {
        const wm__module *md = wm__slot_module(&m->layers[l], 0);
        wm__lstate_floats(c, l, &nS, &nconv);
        if (!nS) continue;
        if (md == &wm__modules[WM_SEQ_SSD] || md == &wm__modules[WM_SEQ_MAMBA2])
            nS = (size_t)p->n_threads * (size_t)c->ssd_state * (p->n_batch > 1 ? (size_t)c->ssd_head_dim : 1);
        most = WM__MAX(most, nS);
    }
    return most;
}

/* Carves the whole session; with a measuring arena only sizes it. */
static wm_session *wm__session_carve(wm__arena *a, const wm_model *m, const wm_session_params *p, size_t work) {
    const wm_config *c = &m->cfg;
    wm_session *s = (wm_session *)wm__alloc(a, 1, WM__SLOT_wm_session);
    wm__lstate *ls = (wm__lstate *)wm__alloc(a, (size_t)c->n_layers, WM__SLOT_wm__lstate);
    int l, B = p->n_batch;
    size_t ctx = m->has_attn ? (size_t)p->n_ctx : 0;
    for (l = 0; l < c->n_layers; l++) {
        wm__lstate st;
        int slot;
        memset(&st, 0, sizeof st);
        for (slot = 0; slot < 2; slot++) { /* each module its own fields */
            const wm__module *md = wm__slot_module(&m->layers[l], slot);
            if (md->lstate) md->lstate(a, c, ctx, B, p->cache_type, p->state_type, &st);
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
        int dn = wm__model_uses(m, &wm__modules[WM_SEQ_SSD]) ? c->ssd_state / 2 : 0;
        int dh = m->has_attn ? c->head_dim / 2 : 0;
        float *rc = dn ? wm__falloc(a, B, dn, 1) : NULL, *rs = dn ? wm__falloc(a, B, dn, 1) : NULL;
        float *ac = dh ? wm__falloc(a, B, dh, 1) : NULL, *as = dh ? wm__falloc(a, B, dh, 1) : NULL;
        unsigned char *wk = (unsigned char *)wm__alloc(a, work, 1);
        size_t nsw = wm__st_work_floats(m, p);
        float *sw = nsw ? wm__falloc(a, nsw, 1, 1) : NULL;
        float *pack = wm__falloc(a, p->n_threads, 3, WM__KB);
        wm__qa *qa = m->qcols ? (wm__qa *)wm__alloc(a, (size_t)B * (size_t)WM__QA_GROUPS(m->qcols), sizeof(wm__qa)) : NULL;
        wm__qr *qr = m->qcols && B >= WM__QT_MIN ? (wm__qr *)wm__alloc(a, (size_t)p->n_threads * (size_t)(m->qcols / WM__QK), sizeof(wm__qr)) : NULL;
        if (s) {
            s->kc.simd = wm__kc_simd(p->isa); /* resolved by wm__session_params */
            s->kc.n_threads = p->n_threads;
            s->kc.pfor = p->parallel_for;
            s->kc.pool = p->pool;
            s->kc.pack = pack;
            s->kc.qa = qa;
            s->kc.qr = qr;
            s->h = h; s->x = x; s->y = y;
            s->rope_cs = rc; s->rope_sn = rs; s->arope_cs = ac; s->arope_sn = as;
            s->work = wk; s->work_bytes = work;
            s->swork = sw;
        }
    }
    return s;
}

WMDEF wm_session_params wm_session_default_params(const wm_model *m) {
    wm_session_params p;
    int mp = m ? m->cfg.max_position_embeddings : 0, ch = m ? m->cfg.ssd_chunk : 0;
    memset(&p, 0, sizeof p); /* fields added later default to 0 */
    p.n_ctx = mp > 0 ? WM__MIN(mp, 4096) : 4096;
    p.n_batch = WM__MIN(WM__MAX(ch, 64), 512);
    p.n_threads = 0;
    p.scalar = 0;
    p.cache_type = WM_F32;
    p.isa = WM_ISA_AUTO;
    p.parallel_for = NULL;
    p.pool = NULL;
    return p;
}

WMDEF wm_status wm_session_bytes(const wm_model *m, const wm_session_params *p, size_t *bytes, wm_error *err) {
    wm_session_params q;
    wm__arena a = wm__arena_make(NULL, 0);
    size_t work;
    int bad = 0;
    wm_status st;
    memset(&q, 0, sizeof q); /* (set by wm__session_params; gcc -O3 cannot tell) */
    st = wm__session_params(m, p, &q, err);
    if (st != WM_OK) return st;
    work = wm__work_bytes(m, q.n_batch, q.n_ctx, q.n_threads, &bad);
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
    work = wm__work_bytes(m, q.n_batch, q.n_ctx, q.n_threads, &bad);
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

#ifdef WM_HAVE_POOL
/* ---- wm.h's thread pool --------------------------------------------------------
   Workers persist. A parallel-for publishes (fn, arg, n) under a new
   generation; every thread, the caller included, then claims items one at
   a time from a counter tagged with the generation (a worker still leaving
   an old job cannot take an item of the new one), and the caller returns
   when all n are done. A descheduled worker therefore delays a job only
   by the item it holds. Waiting: a worker spins WM__POOL_SPIN rounds on
   the generation, then sleeps on a condition variable; the caller, waiting
   for items others hold, spins briefly, then yields its core (the holder
   may be the thread the scheduler set aside). */
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#ifndef WM__POOL_SPIN
#define WM__POOL_SPIN 4000
#endif

typedef struct wm__pool_worker { wm_pool *p; int w; } wm__pool_worker;
struct wm_pool {
    int n;                    /* threads, the caller's included */
    pthread_t *th;            /* [n - 1] */
    wm__pool_worker *wk;      /* [n - 1] */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    wm_task fn;               /* the job: written by the caller before the generation */
    void *arg;
    int items;
    uint64_t claim;           /* generation << 32 | next item (0xffffffff while the job is written) */
    int done;                 /* items of this generation finished */
    unsigned gen;
    int sleeping, stop;
    long jobs, solo_until;    /* the caller's: jobs posted; before solo_until it runs them alone */
    long backoff, good;       /* jobs to run alone after a stall; parallel jobs since the last one */
    long w_jobs, w_items, w_own; /* this window's parallel jobs, their items, the caller's share */
};

static void wm__pool_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

/* items of generation g, run as worker w until none is left; returns how many */
static int wm__pool_run(wm_pool *p, unsigned g, int w) {
    int ran = 0;
    for (;; ran++) {
        uint64_t c = __atomic_load_n(&p->claim, __ATOMIC_ACQUIRE);
        if ((unsigned)(c >> 32) != g || (uint32_t)c >= (uint32_t)__atomic_load_n(&p->items, __ATOMIC_RELAXED)) return ran;
        if (!__atomic_compare_exchange_n(&p->claim, &c, c + 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) continue;
        /* an item of g is held, so g is not over: fn and arg are g's */
        __atomic_load_n(&p->fn, __ATOMIC_ACQUIRE)(__atomic_load_n(&p->arg, __ATOMIC_ACQUIRE), (int)(uint32_t)c, w);
        __atomic_add_fetch(&p->done, 1, __ATOMIC_RELEASE);
    }
}

static void *wm__pool_main(void *a) {
    wm__pool_worker *wk = (wm__pool_worker *)a;
    wm_pool *p = wk->p;
    unsigned seen = 0;
    for (;;) {
        unsigned g;
        int spins = 0;
        while ((g = __atomic_load_n(&p->gen, __ATOMIC_SEQ_CST)) == seen) {
            if (__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE)) return NULL;
            if (++spins < WM__POOL_SPIN) {
                wm__pool_pause();
                continue;
            }
            pthread_mutex_lock(&p->mu); /* then sleep until a job or stop */
            __atomic_add_fetch(&p->sleeping, 1, __ATOMIC_SEQ_CST);
            while (__atomic_load_n(&p->gen, __ATOMIC_SEQ_CST) == seen && !__atomic_load_n(&p->stop, __ATOMIC_SEQ_CST))
                pthread_cond_wait(&p->cv, &p->mu);
            __atomic_sub_fetch(&p->sleeping, 1, __ATOMIC_SEQ_CST);
            pthread_mutex_unlock(&p->mu);
            spins = 0;
        }
        seen = g;
        wm__pool_run(p, g, wk->w);
    }
}

static void wm__pool_wake(wm_pool *p) {
    if (__atomic_load_n(&p->sleeping, __ATOMIC_SEQ_CST) > 0) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
    }
}

/* seconds, roughly, from the CPU's counter (no POSIX clock under -std=c99):
   only the ratio of two waits and a 100 us floor depend on it */
static double wm__pool_now(void) {
#if defined(__x86_64__) || defined(__i386__)
    return (double)__builtin_ia32_rdtsc() / 3e9; /* the TSC, taken as 3 GHz */
#elif defined(__aarch64__)
    uint64_t t, f;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(t));
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
    return f ? (double)t / (double)f : 0.0;
#else
    return (double)clock() / CLOCKS_PER_SEC; /* processor time: a coarse stand-in */
#endif
}

/* On a loaded machine threads hurt: a worker the OS sets aside while it
   holds an item stalls the caller, and a worker spinning for work takes
   the core share the caller needs. So the caller watches two signs: a
   stall (its own items done, it waits for the others beyond 2x its work
   + 100 us) and absent workers (over a window of 32 parallel jobs that
   kept it busy 20 us or more, it ran more than (1 + 1/n) / 2 of the items
   itself, n threads: the others did under half their share). Either makes the next `backoff` jobs run on
   the caller alone (64 .. 8192 jobs, doubling each time, forgotten after
   4096 good parallel jobs); the workers then sleep and leave their cores
   to whoever needs them. Results are the same bits either way. */
static void wm__pool_solo(wm_pool *p) {
    p->backoff = WM__MIN(2 * p->backoff + 64, 8192);
    p->solo_until = p->jobs + p->backoff;
    p->good = 0;
}

WMDEF void wm_pool_parallel_for(void *pool, int n, wm_task fn, void *arg) {
    wm_pool *p = (wm_pool *)pool;
    unsigned g;
    int i, own, spins = 0;
    double t0, t1;
    if (n <= 0) return;
    if (!p || p->n < 2 || n == 1 || p->jobs++ < p->solo_until) {
        for (i = 0; i < n; i++) fn(arg, i, 0);
        return;
    }
    g = p->gen + 1; /* only the caller writes gen */
    __atomic_store_n(&p->claim, (uint64_t)g << 32 | 0xffffffffu, __ATOMIC_SEQ_CST); /* no worker of an old job claims from here on */
    __atomic_store_n(&p->fn, fn, __ATOMIC_RELAXED);
    __atomic_store_n(&p->arg, arg, __ATOMIC_RELAXED);
    __atomic_store_n(&p->items, n, __ATOMIC_RELAXED);
    __atomic_store_n(&p->done, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&p->claim, (uint64_t)g << 32, __ATOMIC_RELEASE);
    __atomic_store_n(&p->gen, g, __ATOMIC_SEQ_CST);
    wm__pool_wake(p);
    t0 = wm__pool_now();
    own = wm__pool_run(p, g, 0);
    t1 = wm__pool_now();
    while (__atomic_load_n(&p->done, __ATOMIC_ACQUIRE) < n) {
        if (++spins < 1000) wm__pool_pause();
        else sched_yield();
    }
    if (t1 - t0 > 20e-6) { /* long enough for every present worker to join in */
        p->w_jobs++;
        p->w_items += n;
        p->w_own += own;
    }
    if (spins && wm__pool_now() - t1 > 2.0 * (t1 - t0) + 100e-6) wm__pool_solo(p); /* a stall */
    else if (p->w_jobs == 32 && 2 * p->n * p->w_own > (p->n + 1) * p->w_items) wm__pool_solo(p); /* absent workers */
    else if (++p->good > 4096) p->backoff = 0;
    if (p->w_jobs == 32 || p->good == 0) p->w_jobs = p->w_items = p->w_own = 0;
}

static int wm__n_cpus(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

WMDEF int wm_pool_threads(const wm_pool *p) { return p ? p->n : 1; }

WMDEF void wm_pool_free(wm_pool *p) {
    int i;
    if (!p) return;
    __atomic_store_n(&p->stop, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_lock(&p->mu);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (i = 0; i < p->n - 1; i++) pthread_join(p->th[i], NULL);
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    WM_FREE(p);
}

WMDEF wm_status wm_pool_create(wm_pool **out, int n_threads, wm_error *err) {
    wm_pool *p;
    int n, i;
    if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "pool: out is NULL");
    *out = NULL;
    if (n_threads < 0 || n_threads > 1024) return wm__fail(err, WM_ERR_INVALID_ARG, "pool: n_threads %d is outside 0..1024", n_threads);
    n = n_threads ? n_threads : wm__n_cpus();
    p = (wm_pool *)WM_MALLOC(sizeof(wm_pool) + (size_t)n * (sizeof(pthread_t) + sizeof(wm__pool_worker)));
    if (!p) return wm__fail(err, WM_ERR_NOMEM, "pool: cannot allocate %d threads", n);
    memset(p, 0, sizeof *p);
    p->th = (pthread_t *)(void *)(p + 1);
    p->wk = (wm__pool_worker *)(void *)(p->th + n);
    p->n = 1;
    if (pthread_mutex_init(&p->mu, NULL)) { WM_FREE(p); return wm__fail(err, WM_ERR_NOMEM, "pool: pthread_mutex_init failed"); }
    if (pthread_cond_init(&p->cv, NULL)) {
        pthread_mutex_destroy(&p->mu);
        WM_FREE(p);
        return wm__fail(err, WM_ERR_NOMEM, "pool: pthread_cond_init failed");
    }
    for (i = 0; i < n - 1; i++) {
        p->wk[i].p = p;
        p->wk[i].w = i + 1;
        if (pthread_create(&p->th[i], NULL, wm__pool_main, &p->wk[i])) {
            wm_pool_free(p); /* joins the ones started */
            return wm__fail(err, WM_ERR_NOMEM, "pool: cannot start thread %d of %d", i + 2, n);
        }
        p->n = i + 2;
    }
    *out = p;
    wm__ok(err);
    return WM_OK;
}
#endif

#ifndef WM_NO_MALLOC
WMDEF wm_status wm_session_create(wm_session **out, const wm_model *m, const wm_session_params *p, wm_error *err) {
    size_t need = 0, total;
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
#ifdef WM_HAVE_POOL
    if (!(*out)->kc.pfor && (*out)->kc.n_threads > 1) { /* threads of its own (without them: one thread, as before) */
        wm_pool *pool = NULL;
        if (wm_pool_create(&pool, (*out)->kc.n_threads, NULL) == WM_OK) {
            (*out)->own_pool = pool;
            (*out)->kc.pfor = wm_pool_parallel_for;
            (*out)->kc.pool = pool;
        }
    }
#endif
    return WM_OK;
}
#endif

WMDEF void wm_session_free(wm_session *s) {
#ifndef WM_NO_MALLOC
#ifdef WM_HAVE_POOL
    if (s && s->own_pool) wm_pool_free((wm_pool *)s->own_pool);
#endif
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
        size_t nS, nconv;
        wm__lstate_floats(c, l, &nS, &nconv);
        if (st->S) memset(st->S, 0, (s->params.state_type == WM_F32 ? sizeof(float) : 2) * nS); /* F16 / BF16 zero: all bits 0 */
        if (st->conv) memset(st->conv, 0, sizeof(float) * nconv);
    }
}

WMDEF int wm_session_pos(const wm_session *s) { return s ? s->pos : 0; }
static uint64_t wm__decode_bytes(const wm_model *m, int pos, int ctype);
WMDEF uint64_t wm_session_decode_bytes(const wm_session *s) { return s ? wm__decode_bytes(s->model, s->pos, s->params.cache_type) : 0; }
WMDEF int wm_session_room(const wm_session *s) {
    if (!s) return 0;
    return s->model->has_attn ? s->params.n_ctx - s->pos : INT32_MAX - 1 - s->pos;
}
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
static void wm__residual(const wm__kc *kc, float *h, const float *gain, const float *y, int nb, int D) {
    int t, i;
    for (t = 0; t < nb; t++) {
        float *ht = h + (size_t)t * D;
        if (gain)
            for (i = 0; i < D; i++) ht[i] *= gain[i];
        wm__k_axpy(kc, ht, 1.0f, y + (size_t)t * D, WM_F32, D);
    }
}

static void wm__layer_forward(wm_session *s, int l, int nb, int pos0) {
    const wm_model *m = s->model;
    const wm_config *c = &m->cfg;
    const wm__layer *L = &m->layers[l];
    wm__ctx x;
    int t, slot, D = c->hidden_size;
    x.m = m; x.c = c; x.kc = &s->kc; x.st = &s->ls[l]; x.nb = nb; x.pos0 = pos0;
    x.n_ctx = s->params.n_ctx; x.ctype = s->params.cache_type;
    x.stype = s->params.state_type; x.sw = s->swork;
    x.rope_cs = s->rope_cs; x.rope_sn = s->rope_sn; x.arope_cs = s->arope_cs; x.arope_sn = s->arope_sn;
    for (slot = 0; slot < 2; slot++) { /* sequence module, then state module: h = gain * h + module(rmsnorm(h)) */
        const wm__module *md = wm__slot_module(L, slot);
        const float *nw = slot ? L->norm_state : L->norm_seq;
        wm__arena ar;
        if (!md->run) continue;
        x.w = wm__slot_weights(L, slot);
        if (!nw) memcpy(s->x, s->h, sizeof(float) * (size_t)nb * D); /* a module that norms its input itself (rodimus_plus) */
        for (t = 0; nw && t < nb; t++) wm__k_rmsnorm(&s->kc, s->x + (size_t)t * D, s->h + (size_t)t * D, nw, D, c->norm_eps);
        ar = wm__arena_make(s->work, s->work_bytes);
        md->run(&x, s->x, s->y, &ar);
        WM_ASSERT(!ar.bad);
        wm__residual(&s->kc, s->h, slot ? L->gain_state : L->gain_seq, s->y, nb, D);
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
    if (n > wm_session_room(s))
        return wm__serr(s, WM_ERR_CONTEXT, "context full: %d tokens held, %d more do not fit in n_ctx %d", s->pos, n,
                        s->params.n_ctx);
    last = s->pos + n - 1;
    for (b0 = 0; b0 < n; b0 += s->params.n_batch) {
        int nb = WM__MIN(s->params.n_batch, n - b0), pos0 = s->pos, t;
        for (t = 0; t < nb; t++) {
            float *h = s->h + (size_t)t * D;
            wm__k_to_f32(&s->kc, h, wm__row(&m->embed, tok[b0 + t]), m->embed.dtype, D);
            if (c->embed_scale != 1.0f) wm__k_scale(&s->kc, h, c->embed_scale, (size_t)D);
            if (m->embed_norm) wm__k_rmsnorm(&s->kc, h, h, m->embed_norm, D, c->norm_eps);
        }
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
                wm__k_rmsnorm(&s->kc, s->x + (size_t)t * D, s->h + (size_t)t * D, m->final_norm, D, c->norm_eps);
            wm__k_matmul(&s->kc, dst, V, s->x + (size_t)t0 * D, D, &m->lm_head, NULL, nb - t0);
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
   [@SAFETENSORS] safetensors. First 8 bytes: header length N (u64 LE),
   N <= 100,000,000 and 8 + N <= file size; then a JSON object of entries
   {dtype, shape, data_offsets} and an optional __metadata__ string map;
   sorted by offset the tensors tile the data section exactly.
   ======================================================================== */


static uint64_t wm__le64(const unsigned char *p) {
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* One checkpoint file: safetensors or GGUF. */
typedef struct wm__stfile {
    const wm_blob *blob;
    const char *hdr, *hdr_end;  /* the JSON header (GGUF: the tensor infos) */
    const unsigned char *data;  /* the data section */
    size_t data_size;
    int gguf;                   /* GGUF: */
    int arch;                   /* WM_MODEL_MAMBA2: llama.cpp's names; else 0 */
    const unsigned char *kv;    /* the metadata */
    uint64_t n_kv, n_tensors;
    uint32_t align;             /* of the tensor data */
} wm__stfile;
WM__SLOT(wm__stfile, 80);

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
        for (i = 0; i < WM__N_TYPES; i++)
            if (wm__types[i].st && !strcmp(s, wm__types[i].name)) dtype = i;
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
    if (!wm__mul(nel, (size_t)wm__types[dtype].size, &nbytes))
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': byte size overflows", f->blob->name, name);
    if ((uint64_t)nbytes != off[1] - off[0])
        return wm__fail(err, WM_ERR_FORMAT,
                        "%s: tensor '%s': %llu bytes at data offset %llu, but %s x shape needs %zu", f->blob->name, name,
                        (unsigned long long)(off[1] - off[0]), (unsigned long long)off[0], wm__types[dtype].name, nbytes);
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
        t->conv = 0;
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
   [@GGUF] GGUF reader (v2 and v3, llama.cpp's file format). "GGUF", u32
   version, u64 tensor count, u64 metadata count; the metadata (string key,
   u32 value type, value); the tensor infos (string name, u32 n_dims <= 4,
   u64 ne[n_dims] innermost first, u32 GGML type, u64 offset); zero padding
   to general.alignment (32 unless set); the tensor data, each tensor at an
   aligned offset. A string is a u64 length and its bytes. Read strictly:
   every count and length bounded by the bytes left, arrays nested at most
   twice, keys and names unique, known types, whole blocks per row, offsets
   aligned, tensors inside the data section and not overlapping.
   Shapes are reversed into the row-major order of safetensors ([rows][cols]).
   The model comes from the key wm.config_json (a config.json, as `wm
   convert` writes for every model type) or, for llama.cpp's own `mamba2`
   files, from its mamba2.* keys; their tensor names are mapped to
   transformers' (blk.N.ssm_in.weight -> backbone.layers.N.mixer.in_proj.weight).
   ======================================================================== */

#define WM__GG_MAX_KV 4096u        /* metadata entries */
#define WM__GG_MAX_TENSORS 1000000u
enum { WM__GGV_U8 = 0, WM__GGV_I8, WM__GGV_U16, WM__GGV_I16, WM__GGV_U32, WM__GGV_I32, WM__GGV_F32, WM__GGV_BOOL, WM__GGV_STR,
       WM__GGV_ARR, WM__GGV_U64, WM__GGV_I64, WM__GGV_F64, WM__GGV_N };
static const unsigned char wm__gg_vsize[WM__GGV_N] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};

/* a bounded reader over the file */
typedef struct wm__gr {
    const unsigned char *p, *end, *base;
} wm__gr;

static int wm__gr_u32(wm__gr *r, uint32_t *v) {
    if (r->end - r->p < 4) return 0;
    *v = wm__le32(r->p);
    r->p += 4;
    return 1;
}
static int wm__gr_u64(wm__gr *r, uint64_t *v) {
    if (r->end - r->p < 8) return 0;
    *v = wm__le64(r->p);
    r->p += 8;
    return 1;
}
static int wm__gr_str(wm__gr *r, const char **s, size_t *n) {
    uint64_t len;
    if (!wm__gr_u64(r, &len) || len > (uint64_t)(r->end - r->p)) return 0;
    *s = (const char *)r->p;
    *n = (size_t)len;
    r->p += len;
    return 1;
}
static size_t wm__gr_off(const wm__gr *r) { return (size_t)(r->p - r->base); }

/* skips one value of type t; arrays nest at most twice */
static int wm__gr_skip(wm__gr *r, uint32_t t, int depth) {
    const char *s;
    size_t n;
    if (t >= WM__GGV_N) return 0;
    if (t == WM__GGV_STR) return wm__gr_str(r, &s, &n);
    if (t == WM__GGV_ARR) {
        uint32_t et;
        uint64_t cnt, i;
        if (depth >= 2 || !wm__gr_u32(r, &et) || !wm__gr_u64(r, &cnt) || et >= WM__GGV_N) return 0;
        if (et != WM__GGV_STR && et != WM__GGV_ARR) {
            if (cnt > (uint64_t)(r->end - r->p) / wm__gg_vsize[et]) return 0;
            r->p += cnt * wm__gg_vsize[et];
            return 1;
        }
        for (i = 0; i < cnt; i++) /* each element takes at least 8 bytes, so this ends with the file */
            if (!wm__gr_skip(r, et, depth + 1)) return 0;
        return 1;
    }
    if ((size_t)(r->end - r->p) < wm__gg_vsize[t]) return 0;
    if (t == WM__GGV_BOOL && *r->p > 1) return 0;
    r->p += wm__gg_vsize[t];
    return 1;
}

/* s[n] as a NUL-terminated string for messages (cut to cap - 1 bytes) */
static const char *wm__cstr(char *buf, size_t cap, const char *s, size_t n) {
    n = WM__MIN(n, cap - 1);
    memcpy(buf, s, n);
    buf[n] = 0;
    return buf;
}

static int wm__gg_is(const wm_blob *b) { return b->data && b->size >= 4 && !memcmp(b->data, "GGUF", 4); }

/* the value of metadata key (validated file), or NULL */
static const unsigned char *wm__gg_kv(const wm__stfile *f, const char *key, uint32_t *type) {
    wm__gr r;
    uint64_t i;
    size_t kl = strlen(key);
    r.base = (const unsigned char *)f->blob->data;
    r.p = f->kv;
    r.end = (const unsigned char *)f->hdr;
    for (i = 0; i < f->n_kv; i++) {
        const char *k;
        size_t n;
        uint32_t t;
        const unsigned char *v;
        if (!wm__gr_str(&r, &k, &n) || !wm__gr_u32(&r, &t)) return NULL;
        v = r.p;
        if (n == kl && !memcmp(k, key, n)) { *type = t; return v; }
        if (!wm__gr_skip(&r, t, 0)) return NULL;
    }
    return NULL;
}

/* a numeric metadata value as a double (integers, floats, bool) */
static int wm__gg_num(const wm__stfile *f, const char *key, double *out) {
    uint32_t t;
    const unsigned char *v = wm__gg_kv(f, key, &t);
    uint64_t u;
    if (!v) return 0;
    switch (t) {
    case WM__GGV_U8: case WM__GGV_BOOL: *out = v[0]; return 1;
    case WM__GGV_I8: *out = (int8_t)v[0]; return 1;
    case WM__GGV_U16: *out = (uint16_t)(v[0] | v[1] << 8); return 1;
    case WM__GGV_I16: *out = (int16_t)(uint16_t)(v[0] | v[1] << 8); return 1;
    case WM__GGV_U32: *out = wm__le32(v); return 1;
    case WM__GGV_I32: *out = (int32_t)wm__le32(v); return 1;
    case WM__GGV_F32: { uint32_t b = wm__le32(v); float x; memcpy(&x, &b, 4); *out = (double)x; return 1; }
    case WM__GGV_U64: *out = (double)wm__le64(v); return 1;
    case WM__GGV_I64: u = wm__le64(v); *out = (double)(int64_t)u; return 1;
    case WM__GGV_F64: { double x; u = wm__le64(v); memcpy(&x, &u, 8); *out = x; return 1; }
    default: return 0;
    }
}

/* a string metadata value (not NUL-terminated) */
static const char *wm__gg_strv(const wm__stfile *f, const char *key, size_t *n) {
    uint32_t t;
    const unsigned char *v = wm__gg_kv(f, key, &t);
    wm__gr r;
    const char *s;
    if (!v || t != WM__GGV_STR) return NULL;
    r.base = v; r.p = v; r.end = (const unsigned char *)f->hdr;
    return wm__gr_str(&r, &s, n) ? s : NULL;
}

/* a GGUF array value of key: element type, count, reader at the first element */
static int wm__gg_arr(const wm__stfile *f, const char *key, uint32_t *et, uint64_t *cnt, wm__gr *r) {
    uint32_t t;
    const unsigned char *v = wm__gg_kv(f, key, &t);
    if (!v || t != WM__GGV_ARR) return 0;
    r->base = (const unsigned char *)f->blob->data; r->p = v; r->end = (const unsigned char *)f->hdr;
    return wm__gr_u32(r, et) && wm__gr_u64(r, cnt);
}

/* Checks the frame, the metadata and the tensor infos' framing; finds the
   data section. */
static wm_status wm__gg_open(wm__stfile *f, const wm_blob *b, wm_error *err) {
    wm__gr r;
    uint32_t version;
    uint64_t i, j;
    size_t at, data_at;
    double al;
    char kb[96];
    f->blob = b;
    f->gguf = 1;
    f->arch = 0;
    r.base = (const unsigned char *)b->data;
    r.p = r.base + 4;
    r.end = r.base + b->size;
    if (!wm__gr_u32(&r, &version) || !wm__gr_u64(&r, &f->n_tensors) || !wm__gr_u64(&r, &f->n_kv))
        return wm__fail(err, WM_ERR_FORMAT, "%s: GGUF header is cut short (%zu bytes)", b->name, b->size);
    if (version != 2 && version != 3)
        return wm__fail(err, WM_ERR_UNSUPPORTED, "%s: GGUF version %u at offset 4; wm.h reads versions 2 and 3", b->name, version);
    if (f->n_tensors > WM__GG_MAX_TENSORS || f->n_kv > WM__GG_MAX_KV)
        return wm__fail(err, WM_ERR_FORMAT, "%s: GGUF counts at offset 8 (%llu tensors, %llu keys) exceed wm.h's bounds (%u, %u)",
                        b->name, (unsigned long long)f->n_tensors, (unsigned long long)f->n_kv, WM__GG_MAX_TENSORS, WM__GG_MAX_KV);
    f->kv = r.p;
    for (i = 0; i < f->n_kv; i++) {
        const char *k;
        size_t n;
        uint32_t t;
        at = wm__gr_off(&r);
        if (!wm__gr_str(&r, &k, &n) || n == 0 || n > 65535 || !wm__gr_u32(&r, &t))
            return wm__fail(err, WM_ERR_FORMAT, "%s: metadata entry %llu at offset %zu: bad key", b->name, (unsigned long long)i, at);
        if (!wm__gr_skip(&r, t, 0))
            return wm__fail(err, WM_ERR_FORMAT, "%s: metadata '%s' at offset %zu: bad value (type %u)", b->name, wm__cstr(kb, sizeof kb, k, n), at, t);
    }
    f->hdr = (const char *)r.p;
    { /* keys are unique: the keys are taken 128 at a time and each later key
         compared with them, so the values (string arrays of any length) are
         walked once per batch: at most 32 walks for the 4096 keys allowed */
        const unsigned char *bk[128], *start = f->kv;
        size_t bn[128];
        for (i = 0; i < f->n_kv; i += 128) {
            wm__gr a;
            uint32_t t = 0, nb = 0;
            a.base = r.base; a.p = start; a.end = r.p;
            for (j = i; j < f->n_kv; j++) {
                const char *k = NULL;
                size_t n = 0;
                uint32_t q;
                wm__gr_str(&a, &k, &n); wm__gr_u32(&a, &t); wm__gr_skip(&a, t, 0);
                for (q = 0; q < nb; q++)
                    if (bn[q] == n && !memcmp(bk[q], k, n))
                        return wm__fail(err, WM_ERR_FORMAT, "%s: metadata key '%s' appears twice", b->name, wm__cstr(kb, sizeof kb, k, n));
                if (j < i + 128) { bk[nb] = (const unsigned char *)k; bn[nb++] = n; if (j + 1 == i + 128) start = a.p; }
            }
        }
    }
    f->align = 32;
    if (wm__gg_kv(f, "general.alignment", &version)) {
        if (version != WM__GGV_U32 || !wm__gg_num(f, "general.alignment", &al) || al < 1 || al > 65536 || ((uint32_t)al & ((uint32_t)al - 1)))
            return wm__fail(err, WM_ERR_FORMAT, "%s: general.alignment must be a u32 power of two up to 65536", b->name);
        f->align = (uint32_t)al;
    }
    for (i = 0; i < f->n_tensors; i++) { /* framing only; wm__gg_entry checks the contents */
        const char *s;
        size_t n;
        uint32_t nd, t;
        uint64_t x;
        at = wm__gr_off(&r);
        if (!wm__gr_str(&r, &s, &n) || !wm__gr_u32(&r, &nd) || nd < 1 || nd > 4)
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor info %llu at offset %zu: bad name or dimension count", b->name, (unsigned long long)i, at);
        for (j = 0; j < nd; j++)
            if (!wm__gr_u64(&r, &x)) break;
        if (j < nd || !wm__gr_u32(&r, &t) || !wm__gr_u64(&r, &x))
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor info %llu at offset %zu is cut short", b->name, (unsigned long long)i, at);
    }
    f->hdr_end = (const char *)r.p;
    at = wm__gr_off(&r);
    data_at = (at + f->align - 1) / f->align * f->align;
    if (data_at > b->size)
        return wm__fail(err, WM_ERR_FORMAT, "%s: data section at offset %zu starts past the end of the file (%zu bytes)", b->name, data_at, b->size);
    for (; at < data_at; at++)
        if (r.base[at]) return wm__fail(err, WM_ERR_FORMAT, "%s: nonzero padding byte at offset %zu", b->name, at);
    f->data = r.base + data_at;
    f->data_size = b->size - data_at;
    {
        size_t n;
        const char *arch = wm__gg_strv(f, "general.architecture", &n);
        if (arch && n == 6 && !memcmp(arch, "mamba2", 6)) f->arch = WM_MODEL_MAMBA2;
    }
    return WM_OK;
}

/* llama.cpp's mamba2 names: per layer (after "blk.N.") and top-level. flat:
   the tensor is a vector in transformers; conv: [C][K] is [C][1][K] there;
   neglog: the file holds A = -exp(A_log). */
enum { WM__GGM_FLAT = 1, WM__GGM_CONV = 2, WM__GGM_NEGLOG = 4, WM__GGM_COL = 8, WM__GGM_GROUPS = 16 }; /* COL, GROUPS: written [1][n], [G][n/G] */
static const struct { const char *gg, *hf; int how; } wm__gg_mamba2_names[] = {
    {"attn_norm.weight", "norm.weight", 0},
    {"ssm_in.weight", "mixer.in_proj.weight", 0},
    {"ssm_in.bias", "mixer.in_proj.bias", 0},
    {"ssm_conv1d.weight", "mixer.conv1d.weight", WM__GGM_CONV},
    {"ssm_conv1d.bias", "mixer.conv1d.bias", 0},
    {"ssm_dt.bias", "mixer.dt_bias", WM__GGM_FLAT},
    {"ssm_a", "mixer.A_log", WM__GGM_FLAT | WM__GGM_NEGLOG | WM__GGM_COL},
    {"ssm_d", "mixer.D", WM__GGM_FLAT | WM__GGM_COL},
    {"ssm_norm.weight", "mixer.norm.weight", WM__GGM_FLAT | WM__GGM_GROUPS},
    {"ssm_out.weight", "mixer.out_proj.weight", 0},
    {"ssm_out.bias", "mixer.out_proj.bias", 0},
    {"token_embd.weight", "backbone.embeddings.weight", -1},
    {"output_norm.weight", "backbone.norm_f.weight", -1},
    {"output.weight", "lm_head.weight", -1}};
#define WM__GG_N_MAMBA2 ((int)(sizeof wm__gg_mamba2_names / sizeof wm__gg_mamba2_names[0]))

/* The name a tensor goes by (into out[256]) and how its shape changes;
   returns the name's length. */
static size_t wm__gg_name(const wm__stfile *f, const char *s, size_t n, char *out, int *how) {
    int i;
    *how = 0;
    if (f->arch == WM_MODEL_MAMBA2) {
        unsigned layer = 0;
        size_t k = 0;
        if (n > 4 && !memcmp(s, "blk.", 4)) {
            for (k = 4; k < n && k < 12 && s[k] >= '0' && s[k] <= '9'; k++) layer = layer * 10 + (unsigned)(s[k] - '0');
            if (k > 4 && k < n && s[k] == '.') {
                k++;
                for (i = 0; i < WM__GG_N_MAMBA2; i++)
                    if (wm__gg_mamba2_names[i].how >= 0 && strlen(wm__gg_mamba2_names[i].gg) == n - k && !memcmp(s + k, wm__gg_mamba2_names[i].gg, n - k)) {
                        wm__fmt(out, 256, "backbone.layers.%u.%s", layer, wm__gg_mamba2_names[i].hf);
                        *how = wm__gg_mamba2_names[i].how;
                        return strlen(out);
                    }
            }
        }
        for (i = 0; i < WM__GG_N_MAMBA2; i++)
            if (wm__gg_mamba2_names[i].how < 0 && strlen(wm__gg_mamba2_names[i].gg) == n && !memcmp(s, wm__gg_mamba2_names[i].gg, n)) {
                wm__fmt(out, 256, "%s", wm__gg_mamba2_names[i].hf);
                return strlen(out);
            }
    }
    memcpy(out, s, n);
    out[n] = 0;
    return n;
}

/* Reads the tensor info at r into t (its name into names) and advances r;
   with t NULL only validates. */
static wm_status wm__gg_entry(const wm__stfile *f, wm__gr *r, wm__tensor *t, char *names, size_t *name_len, wm_error *err) {
    const char *s;
    char name[256];
    size_t n, nel = 1, bytes, at = wm__gr_off(r), len;
    uint32_t nd = 0, type = 0, i;
    uint64_t ne[4] = {0, 0, 0, 0}, off = 0;
    int dtype = -1, how, k, ok;
    ok = wm__gr_str(r, &s, &n) && wm__gr_u32(r, &nd) && nd >= 1 && nd <= 4; /* framing checked by wm__gg_open */
    for (i = 0; ok && i < nd; i++) ok = wm__gr_u64(r, &ne[i]);
    if (!ok || !wm__gr_u32(r, &type) || !wm__gr_u64(r, &off))
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor info at offset %zu is cut short", f->blob->name, at);
    if (n == 0 || n > 200 || memchr(s, 0, n))
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor info at offset %zu: name of %zu bytes (1..200, no NUL)", f->blob->name, at, n);
    len = wm__gg_name(f, s, n, name, &how);
    for (k = 0; k < WM__N_TYPES; k++)
        if (wm__types[k].gg == (int)type) dtype = k;
    if (dtype < 0) return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': unknown GGML type %u", f->blob->name, name, type);
    for (i = 0; i < nd; i++)
        if (ne[i] > (uint64_t)(size_t)-1 || !wm__mul(nel, (size_t)ne[i], &nel))
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': element count overflows", f->blob->name, name);
    if (ne[0] % (uint64_t)wm__types[dtype].block)
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': rows of %llu are not whole %s blocks of %d", f->blob->name, name,
                        (unsigned long long)ne[0], wm__types[dtype].name, wm__types[dtype].block);
    if (!wm__mul(nel / (size_t)wm__types[dtype].block, (size_t)wm__types[dtype].size, &bytes))
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': byte size overflows", f->blob->name, name);
    if (off % f->align)
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': data offset %llu is not a multiple of the alignment %u", f->blob->name, name,
                        (unsigned long long)off, f->align);
    if (off > (uint64_t)f->data_size || (uint64_t)bytes > (uint64_t)f->data_size - off)
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': %zu bytes at data offset %llu run past the data section (%zu bytes, file offset %zu)",
                        f->blob->name, name, bytes, (unsigned long long)off, f->data_size, (size_t)(f->data - (const unsigned char *)f->blob->data));
    if ((how & WM__GGM_CONV) && (nd != 2 || dtype > WM_BF16))
        return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s': a conv kernel must be 2-D F32/F16/BF16", f->blob->name, name);
    if ((how & WM__GGM_NEGLOG) && dtype != WM_F32) return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s' must be F32", f->blob->name, name);
    if (name_len) *name_len = len;
    if (t) {
        memcpy(names, name, len + 1);
        t->name = names;
        t->dtype = dtype;
        if (how & WM__GGM_FLAT) {
            t->ndim = 1;
            t->shape[0] = (uint64_t)nel;
        } else if (how & WM__GGM_CONV) { /* ne = [K, C] */
            t->ndim = 3;
            t->shape[0] = ne[1]; t->shape[1] = 1; t->shape[2] = ne[0];
        } else {
            t->ndim = (int)nd;
            for (i = 0; i < nd; i++) t->shape[i] = ne[nd - 1 - i];
        }
        t->begin = (size_t)off;
        t->end = (size_t)off + bytes;
        t->data = f->data + t->begin;
        t->conv = how & WM__GGM_NEGLOG ? WM__CONV_NEGLOG : 0;
        t->used = 0;
    }
    return WM_OK;
}

static wm_status wm__gg_count(const wm__stfile *f, size_t *n, size_t *name_bytes, wm_error *err) {
    wm__gr r;
    uint64_t i;
    r.base = (const unsigned char *)f->blob->data; r.p = (const unsigned char *)f->hdr; r.end = (const unsigned char *)f->hdr_end;
    for (i = 0; i < f->n_tensors; i++) {
        size_t len;
        wm_status st = wm__gg_entry(f, &r, NULL, NULL, &len, err);
        if (st != WM_OK) return st;
        if (!wm__add(*name_bytes, len + 1, name_bytes) || !wm__add(*n, 1, n)) return wm__fail(err, WM_ERR_FORMAT, "%s: too many tensors", f->blob->name);
    }
    return WM_OK;
}

static wm_status wm__gg_fill(const wm__stfile *f, int file, wm__tensor *t, size_t *n, char **names, wm_error *err) {
    wm__gr r;
    uint64_t i;
    r.base = (const unsigned char *)f->blob->data; r.p = (const unsigned char *)f->hdr; r.end = (const unsigned char *)f->hdr_end;
    for (i = 0; i < f->n_tensors; i++) {
        size_t len;
        wm_status st = wm__gg_entry(f, &r, &t[*n], *names, &len, err);
        if (st != WM_OK) return st;
        t[*n].file = file;
        *names += len + 1;
        (*n)++;
    }
    return WM_OK;
}

/* Sorted by offset, the tensors may leave gaps (alignment) but not overlap. */
static wm_status wm__gg_tiling(const wm__stfile *f, wm__tensor *t, size_t n, wm_error *err) {
    size_t i;
    qsort(t, n, sizeof *t, wm__cmp_offset);
    for (i = 1; i < n; i++)
        if (t[i].begin < t[i - 1].end)
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s' at data offset %zu overlaps tensor '%s'", f->blob->name, t[i].name, t[i].begin,
                            t[i - 1].name);
    return WM_OK;
}

/* The tensor called name (after mapping), walking the infos: sizing
   without a directory. */
static int wm__gg_probe(const wm__stfile *f, const char *name, wm__tensor *t, char *names) {
    wm__gr r;
    uint64_t i;
    r.base = (const unsigned char *)f->blob->data; r.p = (const unsigned char *)f->hdr; r.end = (const unsigned char *)f->hdr_end;
    for (i = 0; i < f->n_tensors; i++) {
        size_t len;
        if (wm__gg_entry(f, &r, t, names, &len, NULL) != WM_OK) return 0;
        if (!strcmp(names, name)) return 1;
    }
    return 0;
}

/* The config: wm.config_json, or llama.cpp's mamba2 keys. */
static wm_status wm__gg_config(const wm__stfile *f, wm_config *cfg, wm_error *err) {
    size_t n;
    const char *js = wm__gg_strv(f, "wm.config_json", &n), *arch;
    if (js) return wm_config_parse(cfg, js, n, err);
    arch = wm__gg_strv(f, "general.architecture", &n);
    if (f->arch == WM_MODEL_MAMBA2) {
        static const char *keys[] = {"mamba2.embedding_length", "mamba2.block_count", "mamba2.ssm.inner_size", "mamba2.ssm.state_size",
                                     "mamba2.ssm.time_step_rank", "mamba2.ssm.group_count", "mamba2.ssm.conv_kernel"};
        double v[7], eps = 1e-5, bos = -1, eos = -1;
        char json[1024], nm[256];
        wm__tensor t;
        uint64_t vocab = 0;
        int i, tied;
        for (i = 0; i < 7; i++)
            if (!wm__gg_num(f, keys[i], &v[i]) || !(v[i] >= 1 && v[i] <= 1e9) || v[i] != (double)(int64_t)v[i])
                return wm__fail(err, WM_ERR_CONFIG, "%s: metadata '%s' is missing or not a positive integer", f->blob->name, keys[i]);
        wm__gg_num(f, "mamba2.attention.layer_norm_rms_epsilon", &eps);
        wm__gg_num(f, "tokenizer.ggml.bos_token_id", &bos);
        wm__gg_num(f, "tokenizer.ggml.eos_token_id", &eos);
        if (!(eps > 0 && eps < 1)) return wm__fail(err, WM_ERR_CONFIG, "%s: layer_norm_rms_epsilon must be in (0, 1)", f->blob->name);
        if ((uint64_t)v[2] % (uint64_t)v[4]) return wm__fail(err, WM_ERR_CONFIG, "%s: ssm.inner_size is not a multiple of ssm.time_step_rank", f->blob->name);
        if (wm__gg_probe(f, "backbone.embeddings.weight", &t, nm) && t.ndim == 2) vocab = t.shape[0];
        if (!vocab || vocab > 100000000) return wm__fail(err, WM_ERR_CONFIG, "%s: no 2-D token_embd.weight gives the vocabulary", f->blob->name);
        tied = !wm__gg_probe(f, "lm_head.weight", &t, nm);
        wm__fmt(json, sizeof json,
                "{\"model_type\":\"mamba2\",\"vocab_size\":%llu,\"hidden_size\":%llu,\"num_hidden_layers\":%llu,\"num_heads\":%llu,"
                "\"head_dim\":%llu,\"state_size\":%llu,\"n_groups\":%llu,\"conv_kernel\":%llu,\"layer_norm_epsilon\":%llue-15,"
                "\"tie_word_embeddings\":%s,\"use_conv_bias\":true,\"bos_token_id\":%lld,\"eos_token_id\":%lld,\"gated_norm_groups\":%llu}",
                (unsigned long long)vocab, (unsigned long long)v[0], (unsigned long long)v[1], (unsigned long long)v[4],
                (unsigned long long)((uint64_t)v[2] / (uint64_t)v[4]), (unsigned long long)v[3], (unsigned long long)v[5],
                (unsigned long long)v[6], (unsigned long long)llround(eps * 1e15), tied ? "true" : "false",
                (long long)(bos >= 0 && bos < 1e9 ? bos : -1), (long long)(eos >= 0 && eos < 1e9 ? eos : -1), (unsigned long long)v[5]);
        return wm_config_parse(cfg, json, strlen(json), err);
    }
    {
        char ab[48];
        return wm__fail(err, WM_ERR_UNSUPPORTED, "%s: GGUF without wm.config_json, architecture '%s' (wm.h reads llama.cpp's mamba2 and its own files)",
                        f->blob->name, arch ? wm__cstr(ab, sizeof ab, arch, n) : "none");
    }
}

/* ---- either format ---------------------------------------------------------- */

static wm_status wm__file_open(wm__stfile *f, const wm_blob *b, wm_error *err) {
    memset(f, 0, sizeof *f);
    return wm__gg_is(b) ? wm__gg_open(f, b, err) : wm__st_open(f, b, err);
}
static wm_status wm__file_count(const wm__stfile *f, size_t *n, size_t *name_bytes, wm_error *err) {
    return f->gguf ? wm__gg_count(f, n, name_bytes, err) : wm__st_count(f, n, name_bytes, err);
}
static wm_status wm__file_fill(const wm__stfile *f, int file, wm__tensor *t, size_t *n, char **names, wm_error *err) {
    return f->gguf ? wm__gg_fill(f, file, t, n, names, err) : wm__st_fill(f, file, t, n, names, err);
}
static wm_status wm__file_tiling(const wm__stfile *f, wm__tensor *t, size_t n, wm_error *err) {
    return f->gguf ? wm__gg_tiling(f, t, n, err) : wm__st_tiling(f, t, n, err);
}

WMDEF wm_status wm_gguf_string(const void *data, size_t size, const char *key, const char **str, size_t *len, wm_error *err) {
    wm_blob b;
    wm__stfile f;
    wm_status st;
    if (!data || !key || !str || !len) return wm__fail(err, WM_ERR_INVALID_ARG, "gguf: data, key, str and len are required");
    b.data = data; b.size = size; b.name = "gguf";
    if (!wm__gg_is(&b)) return wm__fail(err, WM_ERR_FORMAT, "gguf: not a GGUF file (no GGUF magic)");
    if ((st = wm__file_open(&f, &b, err)) != WM_OK) return st;
    *str = wm__gg_strv(&f, key, len);
    if (!*str) return wm__fail(err, WM_ERR_MISSING, "gguf: no string '%s' in the metadata", key);
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_gguf_tokenizer_blob(const void *data, size_t size, const void **blob, size_t *len, wm_error *err) {
    wm_blob b;
    wm__stfile f;
    wm__gr r;
    uint32_t et;
    uint64_t cnt;
    wm_status st;
    if (!data || !blob || !len) return wm__fail(err, WM_ERR_INVALID_ARG, "gguf: data, blob and len are required");
    b.data = data; b.size = size; b.name = "gguf";
    if (!wm__gg_is(&b)) return wm__fail(err, WM_ERR_FORMAT, "gguf: not a GGUF file (no GGUF magic)");
    if ((st = wm__file_open(&f, &b, err)) != WM_OK) return st;
    if (!wm__gg_arr(&f, "wm.tokenizer", &et, &cnt, &r)) return wm__fail(err, WM_ERR_MISSING, "gguf: no wm.tokenizer in the metadata");
    if (et != WM__GGV_U8 || cnt < 1 || cnt > (uint64_t)(r.end - r.p) || r.p[0] < 1 || r.p[0] > 8 || cnt < r.p[0])
        return wm__fail(err, WM_ERR_FORMAT, "gguf: wm.tokenizer at offset %zu is not a padded byte array", (size_t)(r.p - r.base));
    *blob = r.p + r.p[0];
    *len = (size_t)cnt - r.p[0];
    wm__ok(err);
    return WM_OK;
}

/* ========================================================================
   [@GGUF_WRITE] GGUF writing: wm_gguf_write, behind wm convert and wm
   quantize. The header (keys, then each tensor's name, dims, type and
   offset), zeros to 32 bytes, then each tensor's data padded to 32 bytes;
   a tensor kept in its type is copied, any other dequantized to floats
   and quantized anew.
   ======================================================================== */
#ifndef WM_NO_MALLOC

typedef struct wm__gw { /* the output stream */
    const wm_gguf_params *p;
    uint64_t at; /* bytes written */
    int ok;
} wm__gw;

static void wm__gw_bytes(wm__gw *o, const void *d, size_t n) {
    if (n && o->ok && !o->p->write(o->p->user, d, n)) o->ok = 0;
    o->at += n;
}
static void wm__gw_u32(wm__gw *o, uint32_t v) {
    unsigned char b[4];
    b[0] = (unsigned char)v; b[1] = (unsigned char)(v >> 8); b[2] = (unsigned char)(v >> 16); b[3] = (unsigned char)(v >> 24);
    wm__gw_bytes(o, b, 4);
}
static void wm__gw_u64(wm__gw *o, uint64_t v) {
    wm__gw_u32(o, (uint32_t)v);
    wm__gw_u32(o, (uint32_t)(v >> 32));
}
static void wm__gw_str(wm__gw *o, const char *s, size_t n) {
    wm__gw_u64(o, n);
    wm__gw_bytes(o, s, n);
}
static void wm__gw_zeros(wm__gw *o, uint64_t n) { /* n < 32 */
    static const char zeros[32] = {0};
    wm__gw_bytes(o, zeros, (size_t)n);
}
enum { WM__GGUF_U32 = 4, WM__GGUF_F32 = 6, WM__GGUF_STR = 8 };
static void wm__gw_kv_str(wm__gw *o, const char *k, const char *v, size_t n) {
    wm__gw_str(o, k, strlen(k));
    wm__gw_u32(o, WM__GGUF_STR);
    wm__gw_str(o, v, n);
}
static void wm__gw_kv_u32(wm__gw *o, const char *k, uint32_t v) {
    wm__gw_str(o, k, strlen(k));
    wm__gw_u32(o, WM__GGUF_U32);
    wm__gw_u32(o, v);
}
static void wm__gw_kv_f32(wm__gw *o, const char *k, float v) {
    uint32_t u;
    memcpy(&u, &v, 4);
    wm__gw_str(o, k, strlen(k));
    wm__gw_u32(o, WM__GGUF_F32);
    wm__gw_u32(o, u);
}

/* llama.cpp's tokenizer.ggml.* keys, from a byte-level BPE tokenizer.json
   (as its convert_hf_to_gguf.py writes them), so that llama.cpp reads a
   mamba2 file wm.h writes: each id's token as the JSON has it (holes:
   "[PAD<id>]", unused), token types (1 normal, 3 control: special added
   tokens, 4 user-defined: other added ones, 5 unused), the merges as
   "a b", and the pre-tokenizer's name in llama.cpp (gpt-2: ByteLevel's own
   regex; llama-bpe and qwen2: their Split patterns). Another tokenizer gets
   no such keys (llama.cpp then refuses the file; wm.h reads
   tokenizer.huggingface.json either way). */
typedef struct wm__gv {
    const char **tok;    /* [n] each id's token: a JSON string literal (at its '"'), NULL: a hole */
    unsigned char *type; /* [n] llama.cpp's token type */
    int n;
    const char *merges, *e; /* model.merges (at '['); the JSON's end */
    uint64_t n_merges;
    const char *pre;
} wm__gv;

static const char wm__gv_llama3[] = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
static const char wm__gv_qwen2[] = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

/* the llama.cpp name of a pre-tokenizer object (NULL: none it knows) */
static const char *wm__gv_pre(const char *pt, const char *e) {
    const char *ty = pt && *pt == '{' ? wm__j_get(pt, e, "type") : NULL, *v, *ur;
    wm__jit it;
    int byte_level = 0;
    const char *name = NULL;
    if (!ty) return NULL;
    if (wm__j_eq(ty, e, "ByteLevel")) return (ur = wm__j_get(pt, e, "use_regex")) && !strncmp(ur, "false", 5) ? NULL : "gpt-2";
    if (!wm__j_eq(ty, e, "Sequence") || !(v = wm__j_get(pt, e, "pretokenizers")) || *v != '[') return NULL;
    wm__j_iter(&it, v, e);
    while (wm__j_next(&it, NULL, &v)) {
        const char *t = *v == '{' ? wm__j_get(v, e, "type") : NULL, *pat = t ? wm__j_get(v, e, "pattern") : NULL, *re;
        char buf[160];
        if (t && wm__j_eq(t, e, "ByteLevel")) byte_level = 1;
        if (!t || !wm__j_eq(t, e, "Split") || !pat || *pat != '{' || !(re = wm__j_get(pat, e, "Regex")) || *re != '"') continue;
        if (wm__j_str(re, e, buf, sizeof buf) >= sizeof buf) return NULL;
        name = !strcmp(buf, wm__gv_llama3) ? "llama-bpe" : !strcmp(buf, wm__gv_qwen2) ? "qwen2" : NULL;
        if (!name) return NULL;
    }
    return byte_level ? name : NULL;
}

/* 1: the keys can be written (v filled; free v->tok and v->type), 0: not
   this tokenizer, -1: out of memory */
static int wm__gv_build(wm__gv *v, const char *js, size_t jn) {
    const char *e = js + jn, *root = wm__j_ws(js, e), *model, *vocab, *at, *k, *val;
    wm__jit it;
    int n = 0, id;
    double d;
    memset(v, 0, sizeof *v);
    if (root >= e || *root != '{' || !(model = wm__j_get(root, e, "model")) || *model != '{') return 0;
    if (!(val = wm__j_get(model, e, "type")) || !wm__j_eq(val, e, "BPE")) return 0;
    if (!(vocab = wm__j_get(model, e, "vocab")) || *vocab != '{' || !(v->merges = wm__j_get(model, e, "merges")) || *v->merges != '[') return 0;
    if (!(v->pre = wm__gv_pre(wm__j_get(root, e, "pre_tokenizer"), e))) return 0;
    at = wm__j_get(root, e, "added_tokens");
    for (wm__j_iter(&it, vocab, e); wm__j_next(&it, &k, &val);) /* the number of ids */
        if (wm__j_double(val, e, &d) && d >= 0 && d < WM__MAX_VOCAB) n = WM__MAX(n, (int)d + 1);
    if (at && *at != '[') at = NULL;
    for (at ? wm__j_iter(&it, at, e) : (void)0; at && wm__j_next(&it, NULL, &val);)
        if (*val == '{' && (k = wm__j_get(val, e, "id")) && wm__j_double(k, e, &d) && d >= 0 && d < WM__MAX_VOCAB) n = WM__MAX(n, (int)d + 1);
    if (n == 0) return 0;
    v->n = n;
    v->e = e;
    v->tok = (const char **)WM_MALLOC(sizeof(char *) * (size_t)n);
    v->type = (unsigned char *)WM_MALLOC((size_t)n);
    if (!v->tok || !v->type) {
        if (v->tok) WM_FREE((void *)v->tok);
        if (v->type) WM_FREE(v->type);
        return -1;
    }
    for (id = 0; id < n; id++) { v->tok[id] = NULL; v->type[id] = 5; }
    for (wm__j_iter(&it, vocab, e); wm__j_next(&it, &k, &val);)
        if (wm__j_double(val, e, &d) && d >= 0 && d < n) { v->tok[(int)d] = k; v->type[(int)d] = 1; }
    for (at ? wm__j_iter(&it, at, e) : (void)0; at && wm__j_next(&it, NULL, &val);) {
        const char *c = *val == '{' ? wm__j_get(val, e, "content") : NULL, *sp = c ? wm__j_get(val, e, "special") : NULL;
        if (c && *c == '"' && (k = wm__j_get(val, e, "id")) && wm__j_double(k, e, &d) && d >= 0 && d < n) {
            v->tok[(int)d] = c;
            v->type[(int)d] = sp && !strncmp(sp, "true", 4) ? 3 : 4;
        }
    }
    for (wm__j_iter(&it, v->merges, e); wm__j_next(&it, NULL, &val);) v->n_merges++;
    return 1;
}

/* a JSON string literal (at '"') as a GGUF string; sep: a pair's "a b" */
static void wm__gw_jstr(wm__gw *o, const char *lit, const char *e) {
    char small[256], *buf = small;
    size_t n = wm__j_str(lit, e, NULL, 0);
    if (n >= sizeof small && !(buf = (char *)WM_MALLOC(n + 1))) { o->ok = 0; return; }
    wm__j_str(lit, e, buf, n + 1);
    wm__gw_str(o, buf, n);
    if (buf != small) WM_FREE(buf);
}

static int wm__gv_keys(const wm__gv *v, const wm_config *c) { return v->n ? 5 + (c->bos_token_id >= 0) + (c->n_eos > 0) + (c->pad_token_id >= 0) : 0; }

static void wm__gw_vocab(wm__gw *o, const wm__gv *v, const wm_config *c) {
    const char *val;
    wm__jit it;
    int id;
    char pad[24];
    if (!v->n) return;
    wm__gw_kv_str(o, "tokenizer.ggml.model", "gpt2", 4);
    wm__gw_kv_str(o, "tokenizer.ggml.pre", v->pre, strlen(v->pre));
    wm__gw_str(o, "tokenizer.ggml.tokens", 21);
    wm__gw_u32(o, WM__GGV_ARR);
    wm__gw_u32(o, WM__GGV_STR);
    wm__gw_u64(o, (uint64_t)v->n);
    for (id = 0; id < v->n; id++)
        if (v->tok[id]) wm__gw_jstr(o, v->tok[id], v->e);
        else {
            wm__fmt(pad, sizeof pad, "[PAD%d]", id);
            wm__gw_str(o, pad, strlen(pad));
        }
    wm__gw_str(o, "tokenizer.ggml.token_type", 25);
    wm__gw_u32(o, WM__GGV_ARR);
    wm__gw_u32(o, WM__GGV_I32);
    wm__gw_u64(o, (uint64_t)v->n);
    for (id = 0; id < v->n; id++) wm__gw_u32(o, v->type[id]);
    wm__gw_str(o, "tokenizer.ggml.merges", 21);
    wm__gw_u32(o, WM__GGV_ARR);
    wm__gw_u32(o, WM__GGV_STR);
    wm__gw_u64(o, v->n_merges);
    for (wm__j_iter(&it, v->merges, v->e); wm__j_next(&it, NULL, &val);)
        if (*val == '"') wm__gw_jstr(o, val, v->e);
        else { /* ["a", "b"]: "a b" */
            const char *a = NULL, *b = NULL, *x;
            wm__jit p;
            size_t na, nb;
            char small[256], *buf = small;
            for (wm__j_iter(&p, val, v->e); *val == '[' && wm__j_next(&p, NULL, &x);) {
                if (!a) a = x;
                else if (!b) b = x;
            }
            na = a && *a == '"' ? wm__j_str(a, v->e, NULL, 0) : 0;
            nb = b && *b == '"' ? wm__j_str(b, v->e, NULL, 0) : 0;
            if (na + nb + 2 > sizeof small && !(buf = (char *)WM_MALLOC(na + nb + 2))) { o->ok = 0; return; }
            if (na) wm__j_str(a, v->e, buf, na + 1);
            buf[na] = ' ';
            if (nb) wm__j_str(b, v->e, buf + na + 1, nb + 1);
            wm__gw_str(o, buf, na + 1 + nb);
            if (buf != small) WM_FREE(buf);
        }
    if (c->bos_token_id >= 0) wm__gw_kv_u32(o, "tokenizer.ggml.bos_token_id", (uint32_t)c->bos_token_id);
    if (c->n_eos > 0) wm__gw_kv_u32(o, "tokenizer.ggml.eos_token_id", (uint32_t)c->eos_token_ids[0]);
    if (c->pad_token_id >= 0) wm__gw_kv_u32(o, "tokenizer.ggml.padding_token_id", (uint32_t)c->pad_token_id);
}

typedef struct wm__gwt { /* one tensor of the output */
    char name[256];
    int n_dims, type, how; /* type: WM_* of the output; how: WM__GGM_* (mamba2) */
    uint64_t ne[4], off, bytes, nel; /* bytes: of the output; nel: elements */
    wm_tensor_info in;
} wm__gwt;

/* the GGUF name and dims of a tensor: llama.cpp's for mamba2 (the reader's
   table, read backwards) */
static void wm__gw_place(wm__gwt *g, const wm_config *c) {
    const char *s = g->in.name;
    unsigned layer = 0;
    int i;
    size_t k = 16;
    g->how = 0;
    wm__fmt(g->name, sizeof g->name, "%s", s);
    g->n_dims = g->in.ndim;
    for (i = 0; i < g->in.ndim; i++) g->ne[i] = g->in.shape[g->in.ndim - 1 - i];
    if (c->model_type != WM_MODEL_MAMBA2) return;
    for (i = 0; i < WM__GG_N_MAMBA2; i++)
        if (wm__gg_mamba2_names[i].how < 0 && !strcmp(s, wm__gg_mamba2_names[i].hf)) wm__fmt(g->name, sizeof g->name, "%s", wm__gg_mamba2_names[i].gg);
    if (strncmp(s, "backbone.layers.", 16) || !(s[16] >= '0' && s[16] <= '9')) return;
    for (; s[k] >= '0' && s[k] <= '9' && k < 24; k++) layer = layer * 10 + (unsigned)(s[k] - '0');
    if (s[k] != '.') return;
    for (i = 0; i < WM__GG_N_MAMBA2; i++)
        if (wm__gg_mamba2_names[i].how >= 0 && !strcmp(s + k + 1, wm__gg_mamba2_names[i].hf)) {
            const wm_tensor_info *t = &g->in;
            wm__fmt(g->name, sizeof g->name, "blk.%u.%s", layer, wm__gg_mamba2_names[i].gg);
            g->how = wm__gg_mamba2_names[i].how;
            if (g->how & WM__GGM_COL) { g->n_dims = 2; g->ne[0] = 1; g->ne[1] = t->shape[0]; }
            if ((g->how & WM__GGM_CONV) && t->ndim == 3) { g->n_dims = 2; g->ne[0] = t->shape[2]; g->ne[1] = t->shape[0]; }
            if ((g->how & WM__GGM_GROUPS) && c->ssd_groups > 0) { g->n_dims = 2; g->ne[0] = t->shape[0] / (uint64_t)c->ssd_groups; g->ne[1] = (uint64_t)c->ssd_groups; }
        }
}

/* the layer number after the leading letters, '_' and '.' of a name; -1: none */
static int wm__gw_layer(const char *s) {
    int l = 0;
    while ((*s >= 'a' && *s <= 'z') || *s == '_' || *s == '.') s++;
    if (!(*s >= '0' && *s <= '9')) return -1;
    for (; *s >= '0' && *s <= '9' && l < 100000000; s++) l = l * 10 + (*s - '0');
    return l;
}

/* The mixes after llama-quantize's (llama_tensor_get_type, no importance
   matrix): each mix's default type for matrices and its general.file_type.
   Then per tensor: the output (and a tied embedding) Q6_K (Q8_0 where the
   rows are not whole blocks of the default, or under Q8_0); the more
   sensitive matrices more bits by the rules below (v_proj = attn_v,
   down_proj = ffn_down, o_proj = attn_output; n_gqa = heads per KV head);
   a type whose block does not divide the rows falls back as llama.cpp's
   tensor_type_fallback does. */
static const struct { const char *name; int type, ftype; } wm__mixes[WM_MIX_COUNT] = {
    {"F32", WM_F32, 0}, {"F16", WM_F16, 1}, {"BF16", WM_BF16, 32}, {"Q8_0", WM_Q8_0, 7}, {"Q4_0", WM_Q4_0, 2},
    {"Q4_K_M", WM_Q4_K, 15}, {"Q4_1", WM_Q4_1, 3}, {"Q5_0", WM_Q5_0, 8}, {"Q5_1", WM_Q5_1, 9}, {"Q2_K", WM_Q2_K, 10},
    {"Q3_K_S", WM_Q3_K, 11}, {"Q3_K_M", WM_Q3_K, 12}, {"Q3_K_L", WM_Q3_K, 13}, {"Q4_K_S", WM_Q4_K, 14}, {"Q5_K_S", WM_Q5_K, 16},
    {"Q5_K_M", WM_Q5_K, 17}, {"Q6_K", WM_Q6_K, 18}, {"IQ4_NL", WM_IQ4_NL, 25}, {"IQ4_XS", WM_IQ4_XS, 30}};

WMDEF const char *wm_mix_name(int mix) { return mix >= 0 && mix < WM_MIX_COUNT ? wm__mixes[mix].name : NULL; }
WMDEF int wm_mix_parse(const char *name) {
    static const char *const alias[][2] = {{"Q4_K", "Q4_K_M"}, {"Q5_K", "Q5_K_M"}, {"Q3_K", "Q3_K_M"}}; /* llama-quantize's */
    char u[16];
    int i;
    for (i = 0; name && name[i] && i < 15; i++) u[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 32 : name[i]);
    if (!name || name[i]) return -1;
    u[i] = 0;
    for (i = 0; i < 3; i++)
        if (!strcmp(u, alias[i][0])) return wm_mix_parse(alias[i][1]);
    for (i = 0; i < WM_MIX_COUNT; i++)
        if (!strcmp(u, wm__mixes[i].name)) return i;
    return -1;
}

/* llama.cpp's use_more_bits: the first and last eighth, every third between */
static int wm__more_bits(int i, int n) { return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2; }

/* the output type of a tensor under mix (see wm_gguf_params); i_v counts the
   v_proj matrices met so far of n_v */
static int wm__gw_pick(int mix, const wm_tensor_info *t, const wm_config *c, int tied, int *i_v, int n_v) {
    int out = !strcmp(t->name, "lm_head.weight") || (tied && (!strcmp(t->name, "model.embed_tokens.weight") || !strcmp(t->name, "backbone.embeddings.weight")));
    int type, l = wm__gw_layer(t->name), nl = c->n_layers, gqa = c->n_kv_heads > 0 ? c->n_heads / c->n_kv_heads : 1;
    size_t n = strlen(t->name);
    uint64_t cols = t->ndim >= 1 ? t->shape[t->ndim - 1] : 1;
    int matrix = t->ndim == 2 && n > 7 && !strcmp(t->name + n - 7, ".weight") && !strstr(t->name, "norm") && !strstr(t->name, "conv1d");
    if (mix == WM_MIX_KEEP) return t->type;
    if (!matrix || mix == WM_MIX_F32) return WM_F32; /* norms and other small tensors: F32 (as llama.cpp), used in place */
    type = wm__mixes[mix].type;
    if (type < WM_Q8_0) return type;
    if (out) type = type == WM_Q8_0 || cols % (uint64_t)wm_type_block(type) ? WM_Q8_0 : WM_Q6_K;
    else if (strstr(t->name, "v_proj")) {
        int i = (*i_v)++;
        switch (mix) {
        case WM_MIX_Q2_K: type = gqa >= 4 ? WM_Q4_K : WM_Q3_K; break;
        case WM_MIX_Q3_K_M: type = i < 2 ? WM_Q5_K : WM_Q4_K; break;
        case WM_MIX_Q3_K_L: type = WM_Q5_K; break;
        case WM_MIX_IQ4_NL: case WM_MIX_IQ4_XS: if (gqa >= 4) type = WM_Q5_K; break;
        case WM_MIX_Q4_K_M: case WM_MIX_Q5_K_M: if (wm__more_bits(i, n_v)) type = WM_Q6_K; break;
        case WM_MIX_Q4_K_S: if (i < 4) type = WM_Q5_K; break;
        }
    } else if (strstr(t->name, "down_proj") && l >= 0) {
        switch (mix) {
        case WM_MIX_Q2_K: type = WM_Q3_K; break;
        case WM_MIX_Q3_K_M: type = l < nl / 16 ? WM_Q5_K : WM_Q4_K; break;
        case WM_MIX_Q3_K_L: type = WM_Q5_K; break;
        case WM_MIX_Q4_K_M: case WM_MIX_Q5_K_M: if (wm__more_bits(l, nl)) type = WM_Q6_K; break;
        case WM_MIX_IQ4_NL: case WM_MIX_IQ4_XS: case WM_MIX_Q4_K_S: if (l < nl / 8) type = WM_Q5_K; break;
        }
    } else if (strstr(t->name, "o_proj"))
        type = mix == WM_MIX_Q2_K ? WM_Q3_K : mix == WM_MIX_Q3_K_M ? WM_Q4_K : mix == WM_MIX_Q3_K_L ? WM_Q5_K : type;
    if (cols % (uint64_t)wm_type_block(type)) /* llama.cpp's fallbacks */
        switch (type) {
        case WM_IQ4_XS: type = WM_IQ4_NL; break;
        case WM_Q2_K: case WM_Q3_K: type = WM_Q4_0; break;
        case WM_Q4_K: type = WM_Q5_0; break;
        case WM_Q5_K: type = WM_Q5_1; break;
        case WM_Q6_K: type = WM_Q8_0; break;
        }
    if (cols % (uint64_t)wm_type_block(type)) type = t->type > WM_BF16 ? WM_F32 : t->type; /* llama.cpp: F16 */
    return type;
}

/* general.file_type (llama.cpp's LLAMA_FTYPE_*) */
static int wm__gw_ftype(int mix, const int *cnt) {
    if (mix >= WM_MIX_F32) return wm__mixes[mix].ftype;
    return cnt[WM_Q4_K] + cnt[WM_Q6_K] ? 15 : cnt[WM_Q4_0] ? 2 : cnt[WM_Q8_0] ? 7 : cnt[WM_BF16] ? 32 : cnt[WM_F16] ? 1 : 0; /* what the file holds */
}

/* the tensors to write, their output types and offsets */
static wm_status wm__gw_plan(const wm_model *m, const wm_gguf_params *p, wm__gwt *ts, wm_gguf_stats *st, wm_error *err) {
    const wm_config *c = wm_model_config(m);
    int i, tied = 1, i_v = 0, n_v = 0, nt = wm_model_n_tensors(m);
    for (i = 0; i < nt; i++) {
        wm_tensor_info t;
        wm_model_tensor(m, i, &t);
        if (t.used && !strcmp(t.name, "lm_head.weight")) tied = 0;
        if (t.used && strstr(t.name, "v_proj")) n_v++;
        if (t.used && p->mix >= WM_MIX_Q8_0 && !p->allow_requantize && t.type >= WM_Q8_0) /* as llama-quantize: not twice by accident */
            return wm__fail(err, WM_ERR_INVALID_ARG, "already quantized (tensor '%s' is %s); quantizing again loses precision: quantize the "
                            "F32/F16/BF16 checkpoint, or pass --allow-requantize", t.name, t.dtype);
    }
    for (i = 0; i < nt; i++) {
        wm__gwt *g = &ts[st->n_tensors];
        wm_model_tensor(m, i, &g->in);
        if (!g->in.used) continue;
        if (g->in.type < 0) return wm__fail(err, WM_ERR_UNSUPPORTED, "tensor '%s' has type %s, which wm.h cannot convert", g->in.name, g->in.dtype);
        wm__gw_place(g, c);
        g->type = wm__gw_pick(p->mix, &g->in, c, tied, &i_v, n_v);
        if (g->how & WM__GGM_COL) g->type = WM_F32; /* llama.cpp reads ssm_a, ssm_d as F32 */
        g->nel = (uint64_t)(g->in.size_bytes / wm_type_bytes(g->in.type, (uint64_t)wm_type_block(g->in.type))) * (uint64_t)wm_type_block(g->in.type);
        g->bytes = wm_type_bytes(g->type, g->nel);
        g->off = st->data_bytes;
        st->data_bytes += (g->bytes + 31) / 32 * 32;
        st->n_type[g->type]++;
        st->n_tensors++;
    }
    return WM_OK;
}

/* the header: keys, then the tensor infos, padded to 32 bytes */
static void wm__gw_header(wm__gw *o, const wm_model *m, const wm__gwt *ts, const wm_gguf_stats *st, const char *cj, size_t cj_n, const wm__gv *gv) {
    const wm_gguf_params *p = o->p;
    const wm_config *c = wm_model_config(m);
    const char *arch = wm_model_type_name(c->model_type), *name = p->name ? p->name : arch;
    int i, d, quant = p->mix >= WM_MIX_Q8_0, t, mamba2 = c->model_type == WM_MODEL_MAMBA2;
    for (t = WM_Q8_0; t < WM_TYPES_COMPUTED; t++) quant |= st->n_type[t] > 0;
    wm__gw_bytes(o, "GGUF", 4);
    wm__gw_u32(o, 3);
    wm__gw_u64(o, (uint64_t)st->n_tensors);
    wm__gw_u64(o, (uint64_t)(6 + (cj != NULL) + (p->tokenizer_json != NULL) + (p->tokenizer_blob != NULL) + quant + (mamba2 ? 11 : 0) + wm__gv_keys(gv, c)));
    wm__gw_kv_str(o, "general.architecture", arch, strlen(arch));
    wm__gw_kv_str(o, "general.name", name, strlen(name));
    wm__gw_kv_str(o, "general.type", "model", 5);
    wm__gw_kv_u32(o, "general.alignment", 32);
    wm__gw_kv_u32(o, "general.file_type", (uint32_t)wm__gw_ftype(p->mix, st->n_type));
    wm__gw_kv_str(o, "wm.writer", "wm.h " WM_VERSION_STRING, strlen("wm.h " WM_VERSION_STRING));
    if (quant) wm__gw_kv_u32(o, "general.quantization_version", 2);
    if (mamba2) { /* llama.cpp's keys */
        wm__gw_kv_u32(o, "mamba2.context_length", 1048576);
        wm__gw_kv_u32(o, "mamba2.embedding_length", (uint32_t)c->hidden_size);
        wm__gw_kv_u32(o, "mamba2.feed_forward_length", 0);
        wm__gw_kv_u32(o, "mamba2.attention.head_count", 0);
        wm__gw_kv_u32(o, "mamba2.block_count", (uint32_t)c->n_layers);
        wm__gw_kv_u32(o, "mamba2.ssm.conv_kernel", (uint32_t)c->conv_kernel);
        wm__gw_kv_u32(o, "mamba2.ssm.inner_size", (uint32_t)(c->ssd_heads * c->ssd_head_dim));
        wm__gw_kv_u32(o, "mamba2.ssm.state_size", (uint32_t)c->ssd_state);
        wm__gw_kv_u32(o, "mamba2.ssm.time_step_rank", (uint32_t)c->ssd_heads);
        wm__gw_kv_u32(o, "mamba2.ssm.group_count", (uint32_t)c->ssd_groups);
        wm__gw_kv_f32(o, "mamba2.attention.layer_norm_rms_epsilon", c->norm_eps);
    }
    if (cj) wm__gw_kv_str(o, "wm.config_json", cj, cj_n);
    if (p->tokenizer_json) wm__gw_kv_str(o, "tokenizer.huggingface.json", p->tokenizer_json, p->tokenizer_bytes);
    wm__gw_vocab(o, gv, c);
    if (p->tokenizer_blob) { /* u8 array: pad bytes (the first says how many) put the blob 8-byte aligned in the file */
        unsigned char pad[8] = {0};
        wm__gw_str(o, "wm.tokenizer", 12);
        wm__gw_u32(o, WM__GGV_ARR);
        wm__gw_u32(o, WM__GGV_U8);
        pad[0] = (unsigned char)(8 - (o->at + 8) % 8);
        wm__gw_u64(o, (uint64_t)pad[0] + p->tokenizer_blob_bytes);
        wm__gw_bytes(o, pad, pad[0]);
        wm__gw_bytes(o, p->tokenizer_blob, p->tokenizer_blob_bytes);
    }
    for (i = 0; i < st->n_tensors; i++) {
        wm__gw_str(o, ts[i].name, strlen(ts[i].name));
        wm__gw_u32(o, (uint32_t)ts[i].n_dims);
        for (d = 0; d < ts[i].n_dims; d++) wm__gw_u64(o, ts[i].ne[d]);
        wm__gw_u32(o, (uint32_t)wm_type_ggml(ts[i].type));
        wm__gw_u64(o, ts[i].off);
    }
    wm__gw_zeros(o, (o->at + 31) / 32 * 32 - o->at);
}

/* one tensor's data in its output type, padded to 32 bytes; f, q: scratch
   of its elements (floats, and 4 bytes each + 64) */
static void wm__gw_data(wm__gw *o, const wm__gwt *g, float *f, void *q) {
    int neglog = (g->how & WM__GGM_NEGLOG) && !g->in.neg_exp;
    size_t nel = (size_t)g->nel, k, bad = 0, first = 0;
    if (g->type == g->in.type && !neglog) {
        wm__gw_bytes(o, g->in.data, g->in.size_bytes); /* as it is */
    } else {
        wm_dequantize(g->in.type, g->in.data, nel, f);
        if (neglog)
            for (k = 0; k < nel; k++) f[k] = (float)-exp((double)f[k]); /* llama.cpp stores A = -exp(A_log) */
        for (k = 0; k < nel; k++)
            if (!(fabsf(f[k]) <= 3.40282347e38f) && !bad++) first = k;
        if (bad && o->p->warn && WM__IS_Q(g->type)) { /* wm_quantize's result for such a block: scale NaN, so the whole block reads NaN */
            char msg[512];
            wm__fmt(msg, sizeof msg, "tensor '%s' holds %zu NaN/inf values (the first at element %zu): each quantized block with one reads as NaN",
                    g->name, bad, first);
            o->p->warn(o->p->user, msg);
        }
        wm_quantize(g->type, f, nel, q);
        wm__gw_bytes(o, q, (size_t)g->bytes);
    }
    wm__gw_zeros(o, (g->bytes + 31) / 32 * 32 - g->bytes);
}

/* f as printf's "%.9g" writes it (9 significant digits, enough to read the
   same float back), into out[24]: f times a power of ten computed exactly
   in 32-bit limbs, rounded half to even as glibc rounds. */
static void wm__f9(float f, char *out) {
    uint32_t u, big[8], q9 = 0, rem = 0;
    int q, e, s, i, k, n = 0, sticky = 0, len;
    char dig[12];
    memcpy(&u, &f, 4);
    if (u >> 31) out[n++] = '-';
    if (((u >> 23) & 255) == 255) { memcpy(out + n, u & 0x7fffff ? "nan" : "inf", 4); return; }
    if (!(u & 0x7fffffff)) { memcpy(out + n, "0", 2); return; }
    q = (int)((u >> 23) & 255);
    u = q ? (u & 0x7fffff) | 0x800000 : u & 0x7fffff; /* f = u 2^q */
    q = (q ? q : 1) - 150;
    e = (int)floor(log10(fabs((double)f)));
    for (;;) { /* s = 8 - e: 10^8 <= |f| 10^s < 10^9 once rounded */
        s = 8 - e;
        memset(big, 0, sizeof big);
        big[0] = u;
        for (k = 0; k < s; k++) /* times 10^s */
            for (i = 0, rem = 0; i < 8; i++) { uint64_t t = (uint64_t)big[i] * 10u + rem; big[i] = (uint32_t)t; rem = (uint32_t)(t >> 32); }
        for (k = 0; k < q; k++) /* times 2^q */
            for (i = 7; i >= 0; i--) big[i] = big[i] << 1 | (i ? big[i - 1] >> 31 : 0);
        rem = 0; sticky = 0;
        for (k = 0; k < -q; k++) { /* over 2^-q: rem, the last bit out; sticky, any before */
            sticky |= (int)rem;
            rem = big[0] & 1;
            for (i = 0; i < 8; i++) big[i] = big[i] >> 1 | (i < 7 ? big[i + 1] << 31 : 0);
        }
        rem *= 5; /* as a digit: 0 or half */
        for (k = 0; k < -s; k++) { /* over 10^-s: rem, the last digit out */
            uint64_t r = 0;
            sticky |= rem != 0;
            for (i = 7; i >= 0; i--) { uint64_t t = r << 32 | big[i]; big[i] = (uint32_t)(t / 10u); r = t % 10u; }
            rem = (uint32_t)r;
        }
        q9 = big[0]; /* below 2^32: at most 10^9 */
        if (rem > 5 || (rem == 5 && (sticky || (q9 & 1)))) q9++;
        if (q9 >= 1000000000u) { e++; continue; }
        if (q9 < 100000000u) { e--; continue; }
        break;
    }
    for (i = 8; i >= 0; i--, q9 /= 10) dig[i] = (char)('0' + q9 % 10);
    for (len = 9; len > 1 && dig[len - 1] == '0'; len--) {}
    if (e < -4 || e >= 9) { /* d.ddde-XX */
        out[n++] = dig[0];
        if (len > 1) { out[n++] = '.'; memcpy(out + n, dig + 1, (size_t)len - 1); n += len - 1; }
        out[n++] = 'e'; out[n++] = e < 0 ? '-' : '+';
        k = e < 0 ? -e : e;
        if (k >= 10) out[n++] = (char)('0' + k / 10);
        else out[n++] = '0';
        out[n++] = (char)('0' + k % 10);
    } else if (e >= 0) {
        for (i = 0; i <= e; i++) out[n++] = dig[i];
        if (len > e + 1) { out[n++] = '.'; for (; i < len; i++) out[n++] = dig[i]; }
    } else {
        out[n++] = '0'; out[n++] = '.';
        for (i = 0; i < -e - 1; i++) out[n++] = '0';
        memcpy(out + n, dig, (size_t)len); n += len;
    }
    out[n] = 0;
}

/* config.json of a mamba2 model from llama.cpp (which has none), so the output carries one */
static size_t wm__gw_mamba2_json(const wm_config *c, char *buf, size_t cap) {
    char eps[24];
    wm__f9(c->norm_eps, eps);
    wm__fmt(buf, cap,
            "{\"model_type\": \"mamba2\", \"vocab_size\": %d, \"hidden_size\": %d, \"num_hidden_layers\": %d, \"num_heads\": %d, "
            "\"head_dim\": %d, \"state_size\": %d, \"n_groups\": %d, \"conv_kernel\": %d, \"chunk_size\": %d, \"layer_norm_epsilon\": %s, "
            "\"tie_word_embeddings\": %s, \"bos_token_id\": %d, \"eos_token_id\": %d, \"gated_norm_groups\": %d}",
            c->vocab_size, c->hidden_size, c->n_layers, c->ssd_heads, c->ssd_head_dim, c->ssd_state, c->ssd_groups, c->conv_kernel,
            c->ssd_chunk, eps, c->tie_embeddings == 1 ? "true" : "false", c->bos_token_id, c->n_eos ? c->eos_token_ids[0] : -1,
            c->norm_groups);
    return strlen(buf);
}

WMDEF wm_status wm_gguf_write(const wm_model *m, const wm_gguf_params *p, wm_gguf_stats *stats, wm_error *err) {
    wm__gwt *ts; /* [n_tensors + 1] the tensors written */
    wm__gw o;
    wm_gguf_stats st;
    wm_status rc;
    const char *cj;
    char json[2048];
    wm__gv gv;   /* the vocabulary as llama.cpp's keys (mamba2) */
    size_t cj_n, most = 0;
    float *f = NULL; /* [most] a converted tensor's floats */
    void *q = NULL;  /* [4 most + 64] bytes: its new blocks */
    uint64_t done = 0;
    int i;
    if (!m || !p || !p->write || p->mix < WM_MIX_KEEP || p->mix >= WM_MIX_COUNT)
        return wm__fail(err, WM_ERR_INVALID_ARG, "gguf write: a model, params with write() and a WM_MIX_* mix are required");
    memset(&st, 0, sizeof st);
    cj = p->config_json;
    cj_n = p->config_bytes;
    if (!cj && m->cfg.model_type == WM_MODEL_MAMBA2) {
        cj_n = wm__gw_mamba2_json(&m->cfg, json, sizeof json);
        cj = json;
    }
    ts = (wm__gwt *)WM_MALLOC(sizeof *ts * ((size_t)m->n_tensors + 1));
    if (!ts) return wm__fail(err, WM_ERR_NOMEM, "gguf write: out of memory");
    if ((rc = wm__gw_plan(m, p, ts, &st, err)) != WM_OK) { WM_FREE(ts); return rc; }
    for (i = 0; i < st.n_tensors; i++)
        if (ts[i].type != ts[i].in.type || (ts[i].how & WM__GGM_NEGLOG)) most = WM__MAX(most, (size_t)ts[i].nel);
    if (most && (!(f = (float *)WM_MALLOC(sizeof(float) * most)) || !(q = WM_MALLOC(most * 4 + 64)))) {
        WM_FREE(ts); if (f) WM_FREE(f);
        return wm__fail(err, WM_ERR_NOMEM, "gguf write: out of memory (%zu elements of scratch)", most);
    }
    memset(&gv, 0, sizeof gv);
    if (m->cfg.model_type == WM_MODEL_MAMBA2 && p->tokenizer_json && wm__gv_build(&gv, p->tokenizer_json, p->tokenizer_bytes) < 0) {
        WM_FREE(ts); if (f) { WM_FREE(f); WM_FREE(q); }
        return wm__fail(err, WM_ERR_NOMEM, "gguf write: out of memory (the vocabulary's tokenizer.ggml.* keys)");
    }
    o.p = p; o.at = 0; o.ok = 1;
    wm__gw_header(&o, m, ts, &st, cj, cj_n, &gv);
    if (gv.n) { WM_FREE((void *)gv.tok); WM_FREE(gv.type); }
    for (i = 0; i < st.n_tensors && o.ok; i++) {
        wm__gw_data(&o, &ts[i], f, q);
        done += (ts[i].bytes + 31) / 32 * 32;
        if (p->progress) p->progress(p->user, done, st.data_bytes);
    }
    WM_FREE(ts);
    if (f) { WM_FREE(f); WM_FREE(q); }
    if (stats) *stats = st;
    if (!o.ok) return wm__fail(err, WM_ERR_IO, "gguf write: the output refused bytes at offset %llu", (unsigned long long)o.at);
    return WM_OK;
}
#endif

/* ========================================================================
   [@TENSOR_PLAN] The tensor plan. One walk over the config lists every
   tensor a model of it has (name, shape, how a random one is drawn, where it
   binds); the loader binds them and `wm_random_checkpoint` writes them.
   ======================================================================== */

static int wm__plan(const wm_config *c, wm_model *m, wm__need_fn fn, void *ctx) {
    const wm__model_type *mt = &wm__model_types[c->model_type];
    wm__planner pl, *p = &pl;
    int D = c->hidden_size, V = c->vocab_size, l;
    float sd = 1.0f / sqrtf((float)D);
    pl.fn = fn; pl.ctx = ctx; pl.ok = 1; pl.layer = -1;
    pl.prefix = mt->prefix;
    wm__plan_t(p, mt->embed, WM__MATRIX, WM__IN_RANDOM, WM__INIT_NORMAL, 0, 1, m ? &m->embed : NULL, 2, (uint64_t)V, (uint64_t)D, 0, 0);
    if (c->embed_norm) WM__VEC1(p, "model.embed_norm.weight", m ? &m->embed_norm : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    for (l = 0; l < c->n_layers && pl.ok; l++) {
        wm__layer *L = m ? &m->layers[l] : NULL;
        pl.layer = l;
        if (L) { L->seq = c->layer_seq[l]; L->state = c->layer_state[l]; }
        mt->stack(p, c, L, l);
    }
    pl.layer = -1;
    WM__VEC1(p, mt->final_norm, m ? &m->final_norm : NULL, D, WM__IN_RANDOM, WM__INIT_NORMAL, 1.0f, 0.1f);
    if (c->tie_embeddings != 1)
        wm__plan_t(p, "lm_head.weight", WM__MATRIX, (c->tie_embeddings < 0 ? WM__OPTIONAL : 0) | (c->tie_embeddings == 0 ? WM__IN_RANDOM : 0), WM__INIT_NORMAL, 0, sd,
                   m ? &m->lm_head : NULL, 2, (uint64_t)V, (uint64_t)D, 0, 0);
    return pl.ok;
}

/* ========================================================================
   [@BIND] Binding the plan to the directory, building the model
   ======================================================================== */

typedef struct wm__binder {
    wm_model *m;
    const wm_model_source *src;
    wm__arena *a;  /* copies of misaligned or converted tensors */
    int measure;   /* only count the copies */
    wm_error *err;
    wm_status st;
} wm__binder;

/* One tensor found by walking the headers (the model is only being sized,
   so it has no directory yet). */
typedef struct wm__probe {
    const wm_model_source *src;
    wm__tensor t;
    char name[256];
} wm__probe;

static wm__tensor *wm__find(const wm_model *m, const char *name) {
    wm__tensor key;
    int i;
    if (!m->probe) {
        key.name = name;
        return (wm__tensor *)bsearch(&key, m->tensors, (size_t)m->n_tensors, sizeof key, wm__cmp_name);
    }
    for (i = 0; i < m->probe->src->n_files; i++) {
        wm__stfile f;
        wm__jit it;
        const char *k, *v;
        if (wm__file_open(&f, &m->probe->src->files[i], NULL) != WM_OK) continue;
        if (f.gguf) {
            if (!wm__gg_probe(&f, name, &m->probe->t, m->probe->name)) continue;
            m->probe->t.file = i;
            return &m->probe->t;
        }
        wm__j_iter(&it, f.hdr, f.hdr_end);
        while (wm__j_next(&it, &k, &v))
            if (wm__j_eq(k, f.hdr_end, name) && wm__st_entry(&f, k, v, &m->probe->t, m->probe->name, NULL) == WM_OK) {
                m->probe->t.file = i;
                return &m->probe->t;
            }
    }
    return NULL;
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

/* a vector tensor t (nel elements) as F32 in place, or converted once into
   the model's memory (llama.cpp's -exp(A_log) back to A_log) */
static int wm__bind_vector(wm__binder *b, const wm__need *n, const wm__tensor *t, const char *file, size_t nel) {
    const float *data = (const float *)(const void *)t->data;
    size_t k, blk = (size_t)wm__types[t->dtype].block, esz = (size_t)wm__types[t->dtype].size;
    if (t->conv == WM__CONV_NEGLOG) {
        float *cp = wm__falloc(b->a, nel, 1, 1);
        for (k = 0; k < nel; k++) {
            float v;
            memcpy(&v, t->data + 4 * k, 4);
            if (!(v <= 0.0f)) {
                b->st = wm__fail(b->err, WM_ERR_FORMAT, "%s: tensor '%s' (-exp(A_log)) holds %s value at element %zu", file, n->name,
                                 v != v ? "a NaN" : "a positive", k);
                return 0;
            }
            if (!b->measure && cp) cp[k] = (float)log(-(double)v);
        }
        data = cp;
    } else if (t->dtype != WM_F32 || (uintptr_t)t->data % 4) { /* convert to F32 once */
        float *cp = wm__falloc(b->a, nel, 1, 1);
        if (!b->measure && cp)
            for (k = 0; k < nel; k += blk) wm__types[t->dtype].deq(t->data + k / blk * esz, cp + k);
        data = cp;
    }
    if (!b->measure && n->dst) *(const float **)n->dst = data;
    return 1;
}

static int wm__bind(void *ctx, const wm__need *n) {
    wm__binder *b = (wm__binder *)ctx;
    wm__tensor *t = wm__find(b->m, n->name);
    const char *file;
    char want[96], have[96];
    int i, same;
    size_t nel = 1, esz, blk, bytes;
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
    if (!wm__computed(t->dtype)) {
        char list[128] = "";
        for (i = 0; i < WM__N_TYPES; i++)
            if (wm__computed(i)) wm__fmt(list + strlen(list), sizeof list - strlen(list), "%s%s", *list ? ", " : "", wm__types[i].name);
        b->st = wm__fail(b->err, WM_ERR_UNSUPPORTED, "%s: tensor '%s' has dtype %s; wm.h reads %s", file, n->name, wm__types[t->dtype].name, list);
        return 0;
    }
    for (i = 0; i < n->ndim; i++) nel *= (size_t)n->shape[i]; /* fits: the file holds it */
    blk = (size_t)wm__types[t->dtype].block;
    if (blk > 1 && (n->ndim < 1 || (uint64_t)(nel / (n->shape[0] ? n->shape[0] : 1)) % blk)) {
        b->st = wm__fail(b->err, WM_ERR_SHAPE, "%s: tensor '%s' is %s, whose rows must be whole blocks of %d", file, n->name,
                         wm__types[t->dtype].name, (int)blk);
        return 0;
    }
    esz = (size_t)wm__types[t->dtype].size;
    bytes = nel / blk * esz;
    t->used = 1;
    if (n->kind == WM__MATRIX) {
        const void *data = t->data;
        if (blk == 1 && (uintptr_t)data % esz) { /* misaligned in the buffer: copy once (blocks are read bytewise) */
            void *cp;
#ifdef WM_WEIGHTS_IN_PLACE
            b->st = wm__fail(b->err, WM_ERR_UNSUPPORTED,
                             "%s: tensor '%s' at offset %zu is not aligned to its %zu-byte elements, and WM_WEIGHTS_IN_PLACE forbids "
                             "copying it (%zu bytes) into RAM: place the file at an address aligned to 64",
                             file, n->name, (size_t)(t->data - (const unsigned char *)b->src->files[t->file].data), esz, bytes);
            return 0;
#endif
            cp = wm__alloc(b->a, bytes, 1);
            if (!b->measure && cp) memcpy(cp, data, bytes);
            data = cp;
        }
        if (!b->measure && n->dst) {
            wm__mat *w = (wm__mat *)n->dst;
            w->data = data;
            w->dtype = t->dtype;
            w->rows = (int)n->shape[0];
            w->cols = (int)(nel / (n->shape[0] ? n->shape[0] : 1));
            if (WM__IS_Q(t->dtype)) b->m->qcols = WM__MAX(b->m->qcols, w->cols);
        }
    } else if (!wm__bind_vector(b, n, t, file, nel)) {
        return 0;
    }
    if (!b->measure && b->a->bad) {
        b->st = wm__fail(b->err, WM_ERR_ARENA, "model: buffer too small while binding '%s'", n->name);
        return 0;
    }
    return 1;
}

/* Config facts the checkpoint decides: cheems without ssd_head_dim takes
   P = rows(x_proj) / H. */
static wm_status wm__derive_cfg(wm_model *m, wm_error *err) {
    const wm_config *cfg = &m->cfg;
    int l;
    if (cfg->model_type != WM_MODEL_CHEEMS || !cfg->ssd_heads || cfg->ssd_head_dim) return WM_OK;
    for (l = 0; l < cfg->n_layers && cfg->layer_seq[l] != WM_SEQ_SSD; l++) {}
    {
        char nm[96];
        wm__tensor *t;
        int H = cfg->ssd_heads;
        wm__fmt(nm, sizeof nm, "model.layers.%d.ssd.x_proj.weight", l);
        t = wm__find(m, nm);
        m->cfg.ssd_head_dim = cfg->hidden_size / H;
        if (t && t->ndim == 2 && t->shape[0] % (uint64_t)H == 0 && t->shape[0] / (uint64_t)H <= WM__MAX_DIM && t->shape[0] > 0)
            m->cfg.ssd_head_dim = (int)(t->shape[0] / (uint64_t)H);
    }
    return wm__cfg_bounds(&m->cfg, err);
}

/* Phase 2 of a build: the directory of every file's tensors, sorted by
   name; each file's tensors must tile its data section, names be unique. */
static wm_status wm__model_directory(wm_model *m, const wm_model_source *src, wm__stfile *files, char *names, wm_error *err) {
    size_t n_t = 0, k;
    int i;
    for (i = 0; i < src->n_files; i++) {
        size_t first = n_t;
        wm_status st;
        wm__file_open(&files[i], &src->files[i], NULL);
        if ((st = wm__file_fill(&files[i], i, m->tensors, &n_t, &names, err)) != WM_OK) return st;
        if ((st = wm__file_tiling(&files[i], m->tensors + first, n_t - first, err)) != WM_OK) return st;
    }
    qsort(m->tensors, n_t, sizeof(wm__tensor), wm__cmp_name);
    for (k = 1; k < n_t; k++)
        if (!strcmp(m->tensors[k].name, m->tensors[k - 1].name))
            return wm__fail(err, WM_ERR_FORMAT, "%s: tensor '%s' appears twice%s%s", src->files[m->tensors[k].file].name,
                            m->tensors[k].name, m->tensors[k].file != m->tensors[k - 1].file ? " (also in " : "",
                            m->tensors[k].file != m->tensors[k - 1].file ? src->files[m->tensors[k - 1].file].name : "");
    return WM_OK;
}

/* Sizing without a directory: the binding pass over the headers, measured
   from `fixed` (the directory's bytes). *need: the exact total, or on an
   error the directory's. */
static wm_status wm__model_size(const wm_config *cfg, const wm_model_source *src, size_t fixed, size_t *need, int *exact,
                                wm_error *err) {
    wm_model mm;
    wm__probe pr;
    wm__binder b;
    wm__arena meas = wm__arena_make(NULL, 0);
    wm_status st;
    memset(&mm, 0, sizeof mm);
    mm.cfg = *cfg;
    mm.probe = &pr;
    pr.src = src;
    *need = fixed;
    if ((st = wm__derive_cfg(&mm, err)) != WM_OK) return st;
    meas.used = fixed;
    b.m = &mm; b.src = src; b.err = err; b.st = WM_OK; b.a = &meas; b.measure = 1;
    if (!wm__plan(&mm.cfg, NULL, wm__bind, &b)) return b.st;
    *need = meas.used;
    *exact = 1;
    return WM_ERR_ARENA;
}

/* Phase 3: binds the plan's tensors into m, copies in a; measured first,
   so a buffer too small fails before anything is written. */
static wm_status wm__model_bind(wm_model *m, const wm_model_source *src, wm__arena *a, size_t nf, size_t *need, int *exact,
                                wm_error *err) {
    wm__binder b;
    wm__arena meas = *a;
    int k;
    b.m = m; b.src = src; b.err = err; b.st = WM_OK;
    meas.base = NULL;
    b.a = &meas;
    b.measure = 1;
    if (!wm__plan(&m->cfg, NULL, wm__bind, &b)) return b.st;
    *need = meas.used;
    *exact = 1;
    if (meas.used > a->cap)
        return wm__fail(err, WM_ERR_ARENA,
                        "model: buffer of %zu bytes is too small: the model needs %zu bytes from a %d-byte aligned start "
                        "(this buffer starts %zu bytes before one)", a->cap + nf, meas.used, WM__ALIGN, nf);
    for (k = 0; k < m->n_tensors; k++) m->tensors[k].used = 0;
    b.a = a;
    b.measure = 0;
    return wm__plan(&m->cfg, m, wm__bind, &b) ? WM_OK : b.st;
}

/* Phase 4: facts derived from the bound model, and its fingerprint (names,
   dtypes, shapes and the first/last bytes of every tensor) for session files. */
static void wm__model_finish(wm_model *m) {
    uint64_t fh = WM__FNV_INIT ^ (uint64_t)m->cfg.model_type;
    int l, k;
    if (!m->lm_head.data) m->lm_head = m->embed;
    if (m->cfg.tie_embeddings == 1 && !m->probe) { /* transformers' result then depends on how it loads (README) */
        const wm__tensor *e = wm__find(m, wm__model_types[m->cfg.model_type].embed), *h = wm__find(m, "lm_head.weight");
        m->tied_head_differs = e && h && (e->dtype != h->dtype || e->end - e->begin != h->end - h->begin || memcmp(e->data, h->data, e->end - e->begin));
    }
    if (m->cfg.model_type == WM_MODEL_CHEEMS) m->num_keys = wm__isqrt(m->cfg.cdmoe_experts);
    if (m->cfg.model_type == WM_MODEL_DOGE) m->num_keys = wm__isqrt(m->cfg.n_experts);
    for (l = 0; l < m->cfg.n_layers; l++) {
        const wm__module *md = wm__slot_module(&m->layers[l], 0);
        m->has_attn |= md->attends | wm__slot_module(&m->layers[l], 1)->attends;
        if (md->bound) md->bound(&m->cfg, &m->layers[l].seq_w);
    }
    for (k = 0; k < m->n_tensors; k++) {
        const wm__tensor *t = &m->tensors[k];
        size_t nb = t->end - t->begin, j;
        fh = wm__fnv_bytes(fh, t->name, strlen(t->name));
        for (j = 0; j < (size_t)t->ndim; j++) fh = wm__fnv(fh, t->shape[j]);
        fh = wm__fnv(fh, (uint64_t)t->dtype);
        fh = wm__fnv_bytes(fh, t->data, WM__MIN(nb, 16));
        fh = wm__fnv_bytes(fh, t->data + (nb > 16 ? nb - 16 : 0), WM__MIN(nb, 16));
    }
    m->fingerprint = fh;
}

/* Builds the model in mem (cap bytes). When it does not fit (or mem is
   NULL), WM_ERR_ARENA with *need the exact bytes (*exact = 1); when sizing
   fails, the error, with *need the directory's bytes (its checks come first
   in a build that has them). Phase 1 validates every header and counts. */
enum { WM__BUILD = 0, WM__SIZE_OVER_HEADERS = 1 }; /* without a buffer: the directory's size, or the exact size by header walks */

static wm_status wm__model_build(wm_model **out, const wm_model_source *src, void *mem, size_t cap, int mode, size_t *need,
                                 int *exact, wm_error *err) {
    wm_config cfg;
    wm__stfile *files;
    wm__arena a;
    wm_model *m;
    wm__tensor *tensors;
    wm__layer *layers;
    size_t n_t = 0, name_bytes = 0, nf;
    char *names;
    wm_status st;
    int i;
    *need = 0;
    *exact = 0;
    if (!out || !src || (!src->config_json && src->config_bytes) || (src->n_files > 0 && !src->files) || src->n_files < 1)
        return wm__fail(err, WM_ERR_INVALID_ARG, "model: a config and at least one safetensors file (or one GGUF file) are required");
    if (src->n_files > 4096) return wm__fail(err, WM_ERR_INVALID_ARG, "model: more than 4096 files");
    for (i = 0; i < src->n_files; i++)
        if (wm__gg_is(&src->files[i]) && src->n_files > 1)
            return wm__fail(err, WM_ERR_INVALID_ARG, "model: a GGUF file (%s) comes alone", src->files[i].name);
    if (!src->config_json && wm__gg_is(&src->files[0])) { /* the config inside the GGUF */
        wm__stfile f;
        if ((st = wm__file_open(&f, &src->files[0], err)) != WM_OK) return st;
        if ((st = wm__gg_config(&f, &cfg, err)) != WM_OK) return st;
    } else if ((st = wm_config_parse(&cfg, src->config_json, src->config_bytes, err)) != WM_OK) return st;
    for (i = 0; i < src->n_files; i++) {
        wm__stfile f;
        if ((st = wm__file_open(&f, &src->files[i], err)) != WM_OK) return st;
        if ((st = wm__file_count(&f, &n_t, &name_bytes, err)) != WM_OK) return st;
    }
    if (n_t > (size_t)INT32_MAX) return wm__fail(err, WM_ERR_FORMAT, "model: too many tensors");
    /* the fixed part: model, directory, names, file views, layers */
    a = wm__arena_make(mem, cap);
    m = (wm_model *)wm__alloc(&a, 1, WM__SLOT_wm_model);
    tensors = (wm__tensor *)wm__alloc(&a, n_t, WM__SLOT_wm__tensor);
    names = (char *)wm__alloc(&a, name_bytes, 1);
    files = (wm__stfile *)wm__alloc(&a, (size_t)src->n_files, WM__SLOT_wm__stfile);
    layers = (wm__layer *)wm__alloc(&a, (size_t)cfg.n_layers, WM__SLOT_wm__layer);
    nf = (size_t)(a.base ? a.base - (unsigned char *)mem : 0);
    if ((!mem || a.bad) && mode == WM__SIZE_OVER_HEADERS) {
        st = wm__model_size(&cfg, src, a.used, need, exact, err);
        if (st != WM_ERR_ARENA) return st;
        return wm__fail(err, WM_ERR_ARENA, "model: the model needs %zu bytes from a %d-byte aligned start", *need, WM__ALIGN);
    }
    if (!mem || a.bad) {
        *need = a.used;
        return wm__fail(err, WM_ERR_ARENA,
                        "model: buffer of %zu bytes is too small: the directory alone needs %zu bytes from a %d-byte aligned start "
                        "(wm_model_bytes tells the whole size)", cap, a.used, WM__ALIGN);
    }
    memset(m, 0, sizeof *m);
    m->tensors = tensors;
    m->layers = layers;
    m->cfg = cfg;
    m->n_tensors = (int)n_t;
    memset(m->layers, 0, sizeof(wm__layer) * (size_t)cfg.n_layers);
    if ((st = wm__model_directory(m, src, files, names, err)) != WM_OK) return st;
    if ((st = wm__derive_cfg(m, err)) != WM_OK) return st;
    if ((st = wm__model_bind(m, src, &a, nf, need, exact, err)) != WM_OK) return st;
    wm__model_finish(m);
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
    return wm__model_build(out, src, mem, mem_bytes, WM__BUILD, &need, &exact, err);
}

WMDEF wm_status wm_model_bytes(const wm_model_source *src, size_t *bytes, wm_error *err) {
    wm_model *m = NULL;
    size_t need = 0;
    int exact = 0;
    wm_status st;
    if (!bytes) return wm__fail(err, WM_ERR_INVALID_ARG, "model: bytes is NULL");
    *bytes = 0;
#ifndef WM_NO_MALLOC
    { /* a temporary directory, so each tensor is found by binary search: n log n in the tensors */
        void *tmp;
        st = wm__model_build(&m, src, NULL, 0, WM__BUILD, &need, &exact, err);
        if (st != WM_ERR_ARENA || need == 0) return st; /* ARENA with the directory's size is expected */
        tmp = WM_MALLOC(need + WM__ALIGN - 1);
        if (!tmp) return wm__fail(err, WM_ERR_NOMEM, "model: cannot allocate %zu bytes", need + WM__ALIGN - 1);
        st = wm__model_build(&m, src, tmp, need + WM__ALIGN - 1, WM__BUILD, &need, &exact, err);
        if (st == WM_OK) need = m->bytes_used; /* nothing to copy: the directory is all */
        WM_FREE(tmp);
        if (st != WM_OK && (st != WM_ERR_ARENA || !exact)) return st;
    }
#else
    /* no allocator: each tensor looked up by walking the headers (tensors x entries; firmware-sized models) */
    st = wm__model_build(&m, src, NULL, 0, WM__SIZE_OVER_HEADERS, &need, &exact, err);
    if (st != WM_ERR_ARENA || !exact) return st;
#endif
    *bytes = need;
    wm__ok(err);
    return WM_OK;
}

WMDEF size_t wm_model_bytes_used(const wm_model *m) { return m ? m->bytes_used : 0; }
WMDEF const wm_config *wm_model_config(const wm_model *m) { return m ? &m->cfg : NULL; }
WMDEF int wm_model_n_tensors(const wm_model *m) { return m ? m->n_tensors : 0; }
WMDEF const char *wm_model_warning(const wm_model *m) {
    if (m && m->tied_head_differs)
        return "tie_word_embeddings is true, but the checkpoint also stores an lm_head.weight that differs from the embedding: "
               "wm.h uses the embedding for both (as transformers does when it re-ties after loading, e.g. with a device_map; "
               "a plain from_pretrained would use lm_head.weight for both)";
    return "";
}

WMDEF wm_status wm_model_tensor(const wm_model *m, int i, wm_tensor_info *info) {
    const wm__tensor *t;
    int d;
    if (!m || !info || i < 0 || i >= m->n_tensors) return WM_ERR_INVALID_ARG;
    t = &m->tensors[i];
    info->name = t->name;
    info->dtype = wm__types[t->dtype].name;
    info->ndim = t->ndim;
    for (d = 0; d < 8; d++) info->shape[d] = d < t->ndim ? t->shape[d] : 0;
    info->data = t->data;
    info->size_bytes = t->end - t->begin;
    info->used = t->used;
    info->type = wm__types[t->dtype].deq ? t->dtype : -1;
    info->neg_exp = t->conv == WM__CONV_NEGLOG;
    return WM_OK;
}

WMDEF uint64_t wm_model_n_params(const wm_model *m) {
    uint64_t n = 0;
    int i;
    for (i = 0; m && i < m->n_tensors; i++)
        if (m->tensors[i].used) /* blocks times the elements of a block (32 or 256 for quantized types) */
            n += (uint64_t)((m->tensors[i].end - m->tensors[i].begin) / (size_t)wm__types[m->tensors[i].dtype].size) *
                 (uint64_t)wm__types[m->tensors[i].dtype].block;
    return n;
}

WMDEF uint64_t wm_model_weight_bytes(const wm_model *m) {
    uint64_t n = 0;
    int i;
    for (i = 0; m && i < m->n_tensors; i++)
        if (m->tensors[i].used) n += (uint64_t)(m->tensors[i].end - m->tensors[i].begin);
    return n;
}

WMDEF uint64_t wm_model_decode_bytes(const wm_model *m, int pos) { return wm__decode_bytes(m, pos, WM_F32); }

static uint64_t wm__decode_bytes(const wm_model *m, int pos, int ctype) {
    const wm_config *c;
    uint64_t n = 0, D, kv = (uint64_t)(pos < 0 ? 0 : pos) + 1;
    int l, slot;
    if (!m) return 0;
    c = &m->cfg;
    D = (uint64_t)c->hidden_size;
    n += wm__row_bytes(&m->embed) + wm__mat_bytes(&m->lm_head) + 4 * D;
    for (l = 0; l < c->n_layers; l++) {
        const wm__layer *L = &m->layers[l];
        n += 4 * D * (uint64_t)((L->norm_seq != NULL) + (L->norm_state != NULL) + (L->gain_seq != NULL) + (L->gain_state != NULL));
        for (slot = 0; slot < 2; slot++) {
            const wm__module *md = wm__slot_module(L, slot);
            if (md->decode_bytes) n += md->decode_bytes(m, wm__slot_weights(L, slot), kv, ctype);
        }
    }
    return n;
}

/* a weight file wm_model_load holds: read into memory (unmap NULL: WM_FREE
   frees it) or mapped (unmap undoes it) */
typedef struct wm__ofile {
    void *p;
    size_t n;
    void (*unmap)(void *p, size_t n);
} wm__ofile;

#ifndef WM_NO_MALLOC
static void wm__model_release(wm_model *m) {
    int i;
    wm__ofile *files = m->owned_files;
    int n = m->n_owned_files;
    void *owned = m->owned;
    for (i = 0; i < n; i++) {
        if (files[i].unmap) files[i].unmap(files[i].p, files[i].n);
        else WM_FREE(files[i].p);
    }
    if (files) WM_FREE(files);
    WM_FREE(owned);
}

WMDEF wm_status wm_model_open(wm_model **out, const wm_model_source *src, wm_error *err) {
    size_t need = 0;
    int exact = 0, tries;
    wm_status st;
    if (out) *out = NULL;
    st = wm__model_build(out, src, NULL, 0, WM__BUILD, &need, &exact, err); /* the directory's size */
    if (st != WM_ERR_ARENA || need == 0) return st;
    for (tries = 0; tries < 2; tries++) { /* the directory, then (when copies need more) the exact size */
        size_t cap = need + WM__ALIGN - 1; /* malloc's alignment may be less than 64 */
        void *mem = WM_MALLOC(cap);
        if (!mem) return wm__fail(err, WM_ERR_NOMEM, "model: cannot allocate %zu bytes", cap);
        st = wm__model_build(out, src, mem, cap, WM__BUILD, &need, &exact, err);
        if (st == WM_OK) { (*out)->owned = mem; return WM_OK; }
        WM_FREE(mem);
        if (st != WM_ERR_ARENA || !exact) break;
    }
    return st;
}

WMDEF void wm_model_free(wm_model *m) {
    if (m && m->owned) wm__model_release(m);
}
#endif

/* ========================================================================
   [@RANDOM] Random checkpoints (benchmarks and tests): the plan, drawn from a seeded
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
    int dtype, esz, pass, overflow; /* overflow: the checkpoint's size does not fit size_t */
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
    default: return (float)((double)n->mean + (double)n->scale * wm__rng_normal(r));
    }
}

static int wm__write_need(void *ctx, const wm__need *n) {
    wm__writer *w = (wm__writer *)ctx;
    char tmp[160];
    size_t nel = 1, k;
    int i;
    if (!n->in_random) return 1;
    for (i = 0; i < n->ndim; i++)
        if (!wm__mul(nel, (size_t)n->shape[i], &nel)) w->overflow = 1;
    wm__w_text(w, ",\"");
    wm__w_text(w, n->name);
    wm__w_text(w, "\":{\"dtype\":\"");
    wm__w_text(w, wm__types[n->kind == WM__VECTOR ? WM_F32 : w->dtype].name);
    wm__w_text(w, "\",\"shape\":[");
    for (i = 0; i < n->ndim; i++) {
        wm__fmt(tmp, sizeof tmp, i ? ",%llu" : "%llu", (unsigned long long)n->shape[i]);
        wm__w_text(w, tmp);
    }
    {
        size_t esz = n->kind == WM__VECTOR ? 4 : (size_t)w->esz, nb;
        if (!wm__mul(nel, esz, &nb) || !wm__add(w->data_pos, nb, &nb)) { w->overflow = 1; return 0; }
        wm__fmt(tmp, sizeof tmp, "],\"data_offsets\":[%zu,%zu]}", w->data_pos, nb);
        wm__w_text(w, tmp);
        if (w->buf && w->pass == 1) {
            unsigned char *dst = w->buf + 8 + w->hdr_len + w->data_pos;
            for (k = 0; k < nel; k++) {
                float v = wm__draw(w, n, k);
                wm__types[n->kind == WM__VECTOR ? WM_F32 : w->dtype].quant(&v, dst + esz * k);
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
    if (wm__cfg_check(cfg, err) != WM_OK) return WM_ERR_CONFIG;
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
    w.esz = wm__types[dtype].size;
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
            if (w.overflow || !wm__add(w.hdr_len, w.data_pos, &total) || !wm__add(total, 8, &total))
                return wm__fail(err, WM_ERR_CONFIG, "random: the checkpoint of this config is larger than size_t can count");
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
   [@TOKENIZER] Tokenizer: BPE as tokenizer.json describes it.
   Added tokens are matched first (leftmost, longest); the rest is
   normalized, its "normalized" added tokens matched in it, split by the
   pre-tokenizer (exact matchers of the known
   regexes, or the general pipeline of steps), and each word's bytes
   (byte-level) or characters (SentencePiece style, byte fallback) are
   BPE-merged by rank (lowest rank first, then leftmost, as the tokenizers
   library does). Byte-level vocab keys are stored as raw bytes: the GPT-2
   byte<->unicode mapping is undone at load.
   ======================================================================== */

#ifndef WM_TOKENIZER_STACK_WORD
#define WM_TOKENIZER_STACK_WORD 64
#endif

/* ---- Unicode lookups: the tables (tools/gen_unicode.py) and their binary
   searches are the appendix at the end of this file. */
enum { WM__CL_L = 1, WM__CL_N = 2, WM__CL_S = 4 };
enum { WM__UC_MARK, WM__UC_PUNCT, WM__UC_SYMBOL, WM__UC_WORD, WM__UC_LL, WM__UC_LUT }; /* \p{M}, \p{P}, \p{S}, \w, Ll, Lu|Lt */
static int wm__uc_class(uint32_t cp);      /* letter / number / whitespace class (0: none of them) */
static int wm__uc_in(uint32_t cp, int set); /* cp in a WM__UC_* set */
#ifndef WM_NO_UNICODE_NORM
#define WM__HANGUL_S 0xac00u
#define WM__HANGUL_L 0x1100u
#define WM__HANGUL_V 0x1161u
#define WM__HANGUL_T 0x11a7u
static int wm__ccc(uint32_t cp);                                                         /* canonical combining class */
static size_t wm__decompose(uint32_t cp, int compat, uint32_t *buf, size_t n, size_t cap); /* full decomposition appended */
static uint32_t wm__compose(uint32_t a, uint32_t b);                                     /* primary composite, or 0 */
static int wm__composes_back(uint32_t cp);                                               /* a starter composing with what precedes */
static uint32_t wm__uc_lowercase(uint32_t cp);                                           /* char::to_lowercase's single code point */
#endif

/* ---- a tokenizer.json from llama.cpp's tokenizer.ggml.* keys -------------- */

/* The Split regexes wm.h knows, each as an exact hand-written matcher (the
   tokenizer.json pattern must be one of these strings, byte for byte). */
enum { WM__PRE_LLAMA3 = 0, WM__PRE_QWEN2 = 1, WM__PRE_GPT2 = 2, WM__PRE_DS_NUM = 3, WM__PRE_DS_CJK = 4, WM__PRE_DS_MAIN = 5, WM__PRE_O200K = 6,
       WM__PRE_TEKKEN = 7, WM__N_PRE = 8 };
static const char *const wm__pre_regex[WM__N_PRE] = {
    /* Llama-3 / cl100k (and Doge) */
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
    /* Qwen2: digits one at a time */
    "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
    /* GPT-2 (ByteLevel's use_regex) */
    "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+",
    /* DeepSeek-V3's three Splits: numbers by three, CJK runs, then the rest */
    "\\p{N}{1,3}",
    "[\xe4\xb8\x80-\xe9\xbe\xa5\xe3\x81\x80-\xe3\x82\x9f\xe3\x82\xa0-\xe3\x83\xbf]+",
    ("[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*|"
     "\\s*[\r\n]+|\\s+(?!\\S)|\\s+"),
    /* GPT-4o (o200k): words by letter case, with contractions; numbers by three */
    ("[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"
     "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"
     "\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"),
    /* Mistral Tekken: the same without contractions, digits one at a time */
    ("[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+|"
     "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*|"
     "\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+")};


typedef struct wm__jw { char *out; size_t cap, n; } wm__jw; /* JSON text writer (measures past cap) */
#define WM__JW_LIT(w, lit) wm__jw_raw(w, lit, sizeof lit - 1)

static void wm__jw_raw(wm__jw *w, const char *s, size_t n) {
    if (w->out && w->n + n <= w->cap) memcpy(w->out + w->n, s, n);
    w->n += n;
}

static void wm__jw_str(wm__jw *w, const char *s, size_t n) { /* a JSON string literal */
    size_t i;
    wm__jw_raw(w, "\"", 1);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c == '"' || c == '\\') { esc[0] = '\\'; esc[1] = (char)c; wm__jw_raw(w, esc, 2); }
        else if (c < 0x20) { /* \u00XX */
            static const char hx[] = "0123456789abcdef";
            esc[0] = '\\'; esc[1] = 'u'; esc[2] = '0'; esc[3] = '0'; esc[4] = hx[c >> 4]; esc[5] = hx[c & 15];
            wm__jw_raw(w, esc, 6);
        }
        else wm__jw_raw(w, s + i, 1);
    }
    wm__jw_raw(w, "\"", 1);
}

/* tokenizer.ggml.model "llama" (SentencePiece BPE with scores, as llama.cpp
   runs it: repeatedly merge the adjacent pair whose concatenation is a token,
   highest score first, leftmost among equals; unknown characters as <0xXX>
   byte tokens): a BPE tokenizer.json with one merge (a, b) for every split of
   every normal token into two tokens, ranked by the token's score. A space
   goes in front of each text segment (add_space_prefix), spaces become U+2581.
   The splits are found in time linear in the vocabulary's bytes: the tokens
   sorted by text (and by reversed text) give each token its longest proper
   prefix (suffix) that is a token, so a token's prefix and suffix tokens are
   chains; a split is a prefix length whose complement is a suffix length.
   The merges are written as id triples [a, b, a+b] ("wm_id_merges"): there
   are at most as many as the vocabulary has bytes, and spelling both halves
   out would make the text quadratic in a token's length. */
static uint64_t wm__fnv64(const unsigned char *p, int n) {
    uint64_t h = 0xcbf29ce484222325ull;
    int i;
    for (i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

#ifndef WM_NO_MALLOC
typedef struct wm__spm_m { float score; int32_t id, a, b; uint32_t split; } wm__spm_m; /* a + b -> id, ranked by score */
typedef struct wm__spm_s { const unsigned char *p; uint32_t n; int32_t id; } wm__spm_s;

static int wm__spm_cmp(const void *x, const void *y) {
    const wm__spm_m *a = (const wm__spm_m *)x, *b = (const wm__spm_m *)y;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    if (a->id != b->id) return a->id < b->id ? -1 : 1;
    return a->split < b->split ? -1 : a->split > b->split;
}

/* texts in byte order (a prefix first), equal ones by id */
static int wm__spm_fwd(const void *x, const void *y) {
    const wm__spm_s *a = (const wm__spm_s *)x, *b = (const wm__spm_s *)y;
    int c = memcmp(a->p, b->p, WM__MIN(a->n, b->n));
    if (c) return c;
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* texts read backwards in byte order (a suffix first), equal ones by id */
static int wm__spm_rev(const void *x, const void *y) {
    const wm__spm_s *a = (const wm__spm_s *)x, *b = (const wm__spm_s *)y;
    uint32_t k, m = WM__MIN(a->n, b->n);
    for (k = 1; k <= m; k++)
        if (a->p[a->n - k] != b->p[b->n - k]) return a->p[a->n - k] < b->p[b->n - k] ? -1 : 1;
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    return a->id < b->id ? -1 : a->id > b->id;
}

/* One sorted order walked with a stack of the tokens that are prefixes
   (rev: suffixes) of the current one: up[i] = the longest proper one of
   token i (-1: none), first[i] = the first id with token i's text. Each
   step compares two neighbours only as far as they agree: linear. */
static void wm__spm_chain(wm__spm_s *o, uint64_t nt, int rev, int32_t *up, int32_t *first, int32_t *stk) {
    uint64_t i;
    int top = 0;
    for (i = 0; i < nt; i++) {
        uint32_t l = 0, m;
        if (i) { /* the common prefix (suffix) with the previous text */
            m = WM__MIN(o[i].n, o[i - 1].n);
            if (!rev) while (l < m && o[i].p[l] == o[i - 1].p[l]) l++;
            else while (l < m && o[i].p[o[i].n - 1 - l] == o[i - 1].p[o[i - 1].n - 1 - l]) l++;
        }
        while (top > 0 && o[stk[top - 1]].n > l) top--; /* the rest are prefixes of this text too */
        if (top > 0 && o[stk[top - 1]].n == o[i].n) { /* the same text again */
            first[o[i].id] = o[stk[top - 1]].id;
            up[o[i].id] = up[o[stk[top - 1]].id];
            continue;
        }
        first[o[i].id] = o[i].id;
        up[o[i].id] = top > 0 ? o[stk[top - 1]].id : -1;
        stk[top++] = (int32_t)i;
    }
}

/* A "llama" vocabulary on its way to tokenizer.json: the arrays of its
   tokens (views into the file), then the merges found. */
typedef struct wm__spm {
    uint64_t nt;
    const char **str;       /* [nt] token texts */
    uint32_t *sl, max_len;  /* [nt] their lengths, the longest */
    float *score;           /* [nt] */
    unsigned char *type;    /* [nt] llama.cpp's token types (1 normal, 2 unknown, 3 control, 4 user-defined) */
    wm__spm_m *m;           /* [nm] the merges, best first */
    size_t nm;
    double bos, unk, add_bos, add_space;
} wm__spm;

static void wm__spm_free(wm__spm *v) {
    if (v->str) WM_FREE((void *)v->str);
    if (v->sl) WM_FREE(v->sl);
    if (v->score) WM_FREE(v->score);
    if (v->type) WM_FREE(v->type);
    if (v->m) WM_FREE(v->m);
}

/* the tokens, scores and types of f into v */
static wm_status wm__spm_read(const wm__stfile *f, wm__spm *v, wm_error *err) {
    wm__gr rt, rs, rty;
    uint32_t et, es, ety = 0;
    uint64_t ns, nty = 0, i;
    int has_types;
    if (!wm__gg_arr(f, "tokenizer.ggml.tokens", &et, &v->nt, &rt) || et != WM__GGV_STR || v->nt == 0 || v->nt > WM__MAX_VOCAB)
        return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.tokens is not a list of strings");
    if (!wm__gg_arr(f, "tokenizer.ggml.scores", &es, &ns, &rs) || es != WM__GGV_F32 || ns != v->nt)
        return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.scores is not one float32 per token");
    has_types = wm__gg_arr(f, "tokenizer.ggml.token_type", &ety, &nty, &rty);
    if (has_types && ((ety != WM__GGV_I32 && ety != WM__GGV_U32) || nty != v->nt))
        return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.token_type is not one int32 per token");
    v->bos = v->unk = -1;
    v->add_bos = v->add_space = 1;
    wm__gg_num(f, "tokenizer.ggml.bos_token_id", &v->bos);
    wm__gg_num(f, "tokenizer.ggml.unknown_token_id", &v->unk);
    wm__gg_num(f, "tokenizer.ggml.add_bos_token", &v->add_bos);
    wm__gg_num(f, "tokenizer.ggml.add_space_prefix", &v->add_space);
    v->str = (const char **)WM_MALLOC(sizeof(char *) * v->nt);
    v->sl = (uint32_t *)WM_MALLOC(sizeof(uint32_t) * v->nt);
    v->score = (float *)WM_MALLOC(sizeof(float) * v->nt);
    v->type = (unsigned char *)WM_MALLOC(v->nt);
    if (!v->str || !v->sl || !v->score || !v->type) return wm__fail(err, WM_ERR_NOMEM, "gguf: out of memory");
    for (i = 0; i < v->nt; i++) {
        size_t n;
        uint32_t ty = 1, sb;
        if (!wm__gr_str(&rt, &v->str[i], &n) || n > 0xffff || !wm__gr_u32(&rs, &sb) || (has_types && !wm__gr_u32(&rty, &ty)))
            return wm__fail(err, WM_ERR_FORMAT, "gguf: the tokenizer arrays are cut short (or a token is over 65535 bytes), token %llu",
                            (unsigned long long)i);
        v->sl[i] = (uint32_t)n;
        v->max_len = WM__MAX(v->max_len, v->sl[i]);
        memcpy(&v->score[i], &sb, 4);
        v->type[i] = (unsigned char)(ty < 8 ? ty : 0);
    }
    return WM_OK;
}

/* every split of a normal token into two tokens (the first id of each text),
   at character boundaries: counted (m NULL), then listed into m; the count */
static size_t wm__spm_splits(const wm__spm *v, const int32_t *pre, const int32_t *suf, const int32_t *first, int32_t *at, wm__spm_m *m) {
    size_t nm = 0;
    uint64_t i;
    for (i = 0; i < v->nt; i++) {
        const unsigned char *p = (const unsigned char *)v->str[i];
        int32_t q;
        if (v->type[i] != 1 || v->sl[i] < 2) continue;
        for (q = pre[i]; q >= 0; q = pre[q]) at[v->sl[q]] = first[q];
        for (q = suf[i]; q >= 0; q = suf[q]) {
            uint32_t c = v->sl[i] - v->sl[q];
            if (at[c] < 0 || (p[c] & 0xc0) == 0x80) continue;
            if (m) { m[nm].score = v->score[i]; m[nm].id = (int32_t)i; m[nm].a = at[c]; m[nm].b = first[q]; m[nm].split = c; }
            nm++;
        }
        for (q = pre[i]; q >= 0; q = pre[q]) at[v->sl[q]] = -1;
    }
    return nm;
}

/* v's merges (v->m, v->nm), best first: each token's prefix and suffix tokens
   from two sorted orders (wm__spm_chain), then its splits */
static wm_status wm__spm_merges(wm__spm *v, wm_error *err) {
    uint64_t i, nt = v->nt;
    wm__spm_s *o = (wm__spm_s *)WM_MALLOC(sizeof(wm__spm_s) * nt); /* [nt] the tokens in a sorted order */
    int32_t *pre = (int32_t *)WM_MALLOC(sizeof(int32_t) * nt), *suf = (int32_t *)WM_MALLOC(sizeof(int32_t) * nt); /* [nt] chains */
    int32_t *first = (int32_t *)WM_MALLOC(sizeof(int32_t) * nt), *stk = (int32_t *)WM_MALLOC(sizeof(int32_t) * nt); /* [nt] */
    int32_t *at = (int32_t *)WM_MALLOC(sizeof(int32_t) * ((size_t)v->max_len + 1)); /* the prefix token of each length, or -1 */
    wm_status st = WM_OK;
    if (!o || !pre || !suf || !first || !stk || !at) { st = wm__fail(err, WM_ERR_NOMEM, "gguf: out of memory"); goto done; }
    for (i = 0; i < nt; i++) { o[i].p = (const unsigned char *)v->str[i]; o[i].n = v->sl[i]; o[i].id = (int32_t)i; }
    qsort(o, nt, sizeof *o, wm__spm_fwd);
    wm__spm_chain(o, nt, 0, pre, first, stk);
    qsort(o, nt, sizeof *o, wm__spm_rev);
    wm__spm_chain(o, nt, 1, suf, first, stk);
    for (i = 0; i <= v->max_len; i++) at[i] = -1;
    v->nm = wm__spm_splits(v, pre, suf, first, at, NULL);
    if (v->nm > WM__MAX_VOCAB) {
        st = wm__fail(err, WM_ERR_FORMAT, "gguf: the vocabulary splits into %zu token pairs, more than wm.h's bound (%u)", v->nm, (unsigned)WM__MAX_VOCAB);
        goto done;
    }
    if (v->nm && !(v->m = (wm__spm_m *)WM_MALLOC(sizeof(wm__spm_m) * v->nm))) { st = wm__fail(err, WM_ERR_NOMEM, "gguf: out of memory"); goto done; }
    if (v->nm) {
        wm__spm_splits(v, pre, suf, first, at, v->m);
        qsort(v->m, v->nm, sizeof *v->m, wm__spm_cmp);
    }
done:
    if (o) WM_FREE(o);
    if (pre) WM_FREE(pre);
    if (suf) WM_FREE(suf);
    if (first) WM_FREE(first);
    if (stk) WM_FREE(stk);
    if (at) WM_FREE(at);
    return st;
}

/* the tokenizer.json text of v: SentencePiece's normalizer and decoder,
   the unknown / control / user-defined tokens as added tokens, BPE with
   byte fallback and the merges as id triples */
static void wm__spm_write(const wm__spm *v, wm__jw *w) {
    uint64_t i;
    size_t k;
    WM__JW_LIT(w, "{\"version\":\"1.0\",\"pre_tokenizer\":null,\"normalizer\":");
    if (v->add_space != 0) WM__JW_LIT(w, "{\"type\":\"Sequence\",\"normalizers\":[{\"type\":\"Prepend\",\"prepend\":\"\\u2581\"},");
    else WM__JW_LIT(w, "{\"type\":\"Sequence\",\"normalizers\":[");
    WM__JW_LIT(w, "{\"type\":\"Replace\",\"pattern\":{\"String\":\" \"},\"content\":\"\\u2581\"}]},\"decoder\":{\"type\":\"Sequence\",\"decoders\":["
                  "{\"type\":\"Replace\",\"pattern\":{\"String\":\"\\u2581\"},\"content\":\" \"},{\"type\":\"ByteFallback\"},{\"type\":\"Fuse\"}");
    if (v->add_space != 0) WM__JW_LIT(w, ",{\"type\":\"Strip\",\"content\":\" \",\"start\":1,\"stop\":0}");
    WM__JW_LIT(w, "]},\"added_tokens\":[");
    for (i = 0, k = 0; i < v->nt; i++) { /* unknown (2), control (3) and user-defined (4) tokens are matched as added tokens */
        char num[48];
        if ((v->type[i] < 2 || v->type[i] > 4) || !v->sl[i]) continue;
        if (k++) WM__JW_LIT(w, ",");
        wm__fmt(num, sizeof num, "{\"id\":%llu,\"content\":", (unsigned long long)i);
        wm__jw_raw(w, num, strlen(num));
        wm__jw_str(w, v->str[i], v->sl[i]);
        if (v->type[i] != 4) WM__JW_LIT(w, ",\"normalized\":false,\"special\":true}"); /* llama.cpp matches them on the raw text */
        else WM__JW_LIT(w, ",\"normalized\":false,\"special\":false}");
    }
    WM__JW_LIT(w, "]");
    if (v->add_bos != 0 && v->bos >= 0 && v->bos < (double)v->nt) {
        char tb[200];
        wm__fmt(tb, sizeof tb, ",\"post_processor\":{\"type\":\"TemplateProcessing\",\"single\":[{\"SpecialToken\":{\"id\":\"bos\"}},"
                               "{\"Sequence\":{\"id\":\"A\"}}],\"special_tokens\":{\"bos\":{\"ids\":[%d]}}}", (int)v->bos);
        wm__jw_raw(w, tb, strlen(tb));
    }
    WM__JW_LIT(w, ",\"model\":{\"type\":\"BPE\",\"byte_fallback\":true,\"fuse_unk\":true,\"wm_id_merges\":true,\"unk_token\":");
    if (v->unk >= 0 && v->unk < (double)v->nt) wm__jw_str(w, v->str[(size_t)v->unk], v->sl[(size_t)v->unk]);
    else WM__JW_LIT(w, "null");
    WM__JW_LIT(w, ",\"vocab\":{");
    for (i = 0; i < v->nt; i++) {
        char num[32];
        if (i) WM__JW_LIT(w, ",");
        wm__jw_str(w, v->str[i], v->sl[i]);
        wm__fmt(num, sizeof num, ":%llu", (unsigned long long)i);
        wm__jw_raw(w, num, strlen(num));
    }
    WM__JW_LIT(w, "},\"merges\":[");
    for (k = 0; k < v->nm; k++) {
        char num[48];
        wm__fmt(num, sizeof num, "%s[%d,%d,%d]", k ? "," : "", (int)v->m[k].a, (int)v->m[k].b, (int)v->m[k].id);
        wm__jw_raw(w, num, strlen(num));
    }
    WM__JW_LIT(w, "]}}");
}
#endif

static wm_status wm__gg_spm_json(const wm__stfile *f, char *out, size_t cap, size_t *len, wm_error *err) {
#ifdef WM_NO_MALLOC
    (void)f; (void)out; (void)cap; (void)len;
    return wm__fail(err, WM_ERR_UNSUPPORTED, "gguf: a \"llama\" (SentencePiece) vocabulary needs WM_MALLOC");
#else
    wm__spm v;
    wm__jw w;
    wm_status st;
    memset(&v, 0, sizeof v);
    if ((st = wm__spm_read(f, &v, err)) == WM_OK && (st = wm__spm_merges(&v, err)) == WM_OK) {
        w.out = out; w.cap = out ? cap : 0; w.n = 0;
        wm__spm_write(&v, &w);
        *len = w.n;
        wm__ok(err);
    }
    wm__spm_free(&v);
    return st;
#endif
}

/* llama.cpp's pre-tokenizer name: the WM__PRE_* split wm.h matches it with, or -1 */
static int wm__gg_pre_kind(const char *name) {
    static const struct { const char *name; int kind; } known[] = {
        {"gpt-2", WM__PRE_GPT2}, {"gpt2", WM__PRE_GPT2}, {"mpt", WM__PRE_GPT2}, {"olmo", WM__PRE_GPT2}, {"phi-2", WM__PRE_GPT2},
        {"jais", WM__PRE_GPT2}, {"llama3", WM__PRE_LLAMA3}, {"llama-bpe", WM__PRE_LLAMA3}, {"llama-v3", WM__PRE_LLAMA3},
        {"smaug-bpe", WM__PRE_LLAMA3}, {"qwen2", WM__PRE_QWEN2}, {"gpt-4o", WM__PRE_O200K}, {"tekken", WM__PRE_TEKKEN}};
    int k;
    for (k = 0; k < (int)(sizeof known / sizeof known[0]); k++)
        if (!strcmp(name, known[k].name)) return known[k].kind;
    return -1;
}

/* tokenizer.json of a "gpt2" (byte-level BPE) vocabulary with pre-tokenizer kind */
static wm_status wm__gg_bpe_json(const wm__stfile *fp, int kind, char *out, size_t cap, size_t *len, wm_error *err) {
    wm__stfile f = *fp;
    wm__jw w;
    wm__gr rt, rty, rm;
    uint32_t et, ety = 0, em;
    uint64_t nt, nty = 0, nm = 0, i;
    int k, has_types, has_merges;
    double bos = -1, add_bos = 0;
    if (!wm__gg_arr(&f, "tokenizer.ggml.tokens", &et, &nt, &rt) || et != WM__GGV_STR || nt == 0 || nt > WM__MAX_VOCAB)
        return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.tokens is not a list of strings");
    has_types = wm__gg_arr(&f, "tokenizer.ggml.token_type", &ety, &nty, &rty);
    if (has_types && ((ety != WM__GGV_I32 && ety != WM__GGV_U32) || nty != nt))
        return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.token_type is not one int32 per token");
    has_merges = wm__gg_arr(&f, "tokenizer.ggml.merges", &em, &nm, &rm);
    if (has_merges && em != WM__GGV_STR) return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.merges is not a list of strings");
    wm__gg_num(&f, "tokenizer.ggml.bos_token_id", &bos);
    wm__gg_num(&f, "tokenizer.ggml.add_bos_token", &add_bos);
    w.out = out; w.cap = out ? cap : 0; w.n = 0;
    WM__JW_LIT(&w, "{\"version\":\"1.0\",\"normalizer\":null,\"pre_tokenizer\":");
    if (kind == WM__PRE_GPT2) WM__JW_LIT(&w, "{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":true}");
    else {
        WM__JW_LIT(&w, "{\"type\":\"Sequence\",\"pretokenizers\":[{\"type\":\"Split\",\"behavior\":\"Isolated\",\"pattern\":{\"Regex\":");
        wm__jw_str(&w, wm__pre_regex[kind], strlen(wm__pre_regex[kind]));
        WM__JW_LIT(&w, "}},{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false}]}");
    }
    WM__JW_LIT(&w, ",\"decoder\":{\"type\":\"ByteLevel\"},\"added_tokens\":[");
    for (i = 0, k = 0; i < nt; i++) { /* control (3) and user-defined (4) tokens are matched as added tokens */
        const char *s;
        size_t n;
        uint32_t ty = 1;
        char num[48];
        if (!wm__gr_str(&rt, &s, &n)) return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.tokens is cut short");
        if (has_types && !wm__gr_u32(&rty, &ty)) return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.token_type is cut short");
        if (ty < 2 || ty > 4 || !n) continue; /* unknown (2), control (3), user-defined (4) */
        if (k++) WM__JW_LIT(&w, ",");
        WM__JW_LIT(&w, "{\"id\":");
        wm__fmt(num, sizeof num, "%llu,\"content\":", (unsigned long long)i);
        wm__jw_raw(&w, num, strlen(num));
        wm__jw_str(&w, s, n);
        if (ty != 4) WM__JW_LIT(&w, ",\"normalized\":false,\"special\":true}");
        else WM__JW_LIT(&w, ",\"normalized\":false,\"special\":false}");
    }
    WM__JW_LIT(&w, "]");
    if (add_bos != 0 && bos >= 0 && bos < (double)nt) {
        char t[200];
        wm__fmt(t, sizeof t, ",\"post_processor\":{\"type\":\"TemplateProcessing\",\"single\":[{\"SpecialToken\":{\"id\":\"bos\"}},"
                             "{\"Sequence\":{\"id\":\"A\"}}],\"special_tokens\":{\"bos\":{\"ids\":[%d]}}}", (int)bos);
        wm__jw_raw(&w, t, strlen(t));
    }
    WM__JW_LIT(&w, ",\"model\":{\"type\":\"BPE\",\"wm_lenient_merges\":true,\"vocab\":{");
    if (!wm__gg_arr(&f, "tokenizer.ggml.tokens", &et, &nt, &rt)) return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.tokens");
    for (i = 0; i < nt; i++) {
        const char *s = "";
        size_t n = 0;
        char num[32];
        wm__gr_str(&rt, &s, &n);
        if (i) WM__JW_LIT(&w, ",");
        wm__jw_str(&w, s, n);
        wm__fmt(num, sizeof num, ":%llu", (unsigned long long)i);
        wm__jw_raw(&w, num, strlen(num));
    }
    WM__JW_LIT(&w, "},\"merges\":[");
    for (i = 0; has_merges && i < nm; i++) {
        const char *s;
        size_t n;
        if (!wm__gr_str(&rm, &s, &n)) return wm__fail(err, WM_ERR_FORMAT, "gguf: tokenizer.ggml.merges is cut short");
        if (i) WM__JW_LIT(&w, ",");
        wm__jw_str(&w, s, n);
    }
    WM__JW_LIT(&w, "]}}");
    *len = w.n;
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_gguf_tokenizer_json(const void *data, size_t size, char *out, size_t cap, size_t *len, wm_error *err) {
    wm_blob b;
    wm__stfile f;
    const char *model, *pre;
    size_t ml, pl = 0;
    char name[64];
    int kind;
    wm_status st;
    if (!data || !len) return wm__fail(err, WM_ERR_INVALID_ARG, "gguf: data and len are required");
    b.data = data; b.size = size; b.name = "gguf";
    if (!wm__gg_is(&b)) return wm__fail(err, WM_ERR_FORMAT, "gguf: not a GGUF file (no GGUF magic)");
    if ((st = wm__file_open(&f, &b, err)) != WM_OK) return st;
    model = wm__gg_strv(&f, "tokenizer.ggml.model", &ml);
    if (!model) return wm__fail(err, WM_ERR_MISSING, "gguf: no tokenizer (neither tokenizer.huggingface.json nor tokenizer.ggml.model)");
    if (ml == 5 && !memcmp(model, "llama", 5)) return wm__gg_spm_json(&f, out, cap, len, err);
    if (ml != 4 || memcmp(model, "gpt2", 4))
        return wm__fail(err, WM_ERR_UNSUPPORTED, "gguf: tokenizer.ggml.model '%s' is not supported (wm.h reads \"gpt2\", byte-level BPE, and \"llama\", SentencePiece)",
                        wm__cstr(name, sizeof name, model, ml));
    pre = wm__gg_strv(&f, "tokenizer.ggml.pre", &pl);
    wm__cstr(name, sizeof name, pre ? pre : "default", pre ? pl : 7);
    if ((kind = wm__gg_pre_kind(name)) < 0)
        return wm__fail(err, WM_ERR_UNSUPPORTED,
                        "gguf: tokenizer.ggml.pre '%s' is not supported (known: gpt-2, mpt, olmo, phi-2, jais, llama3, llama-bpe, smaug-bpe, qwen2, gpt-4o, tekken)",
                        name);
    return wm__gg_bpe_json(&f, kind, out, cap, len, err);
}





static uint32_t wm__cp(const unsigned char *p, const unsigned char *e, int *len);

/* The character ending at q (q > lo): back over continuation bytes, not
   before lo, to *start; its code point (0xffffffff for an invalid byte). */
static uint32_t wm__cp_before(const unsigned char *lo, const unsigned char *q, const unsigned char **start) {
    const unsigned char *s = q;
    int l;
    do s--; while (s > lo && (*s & 0xc0) == 0x80);
    if (start) *start = s;
    return wm__cp(s, q, &l);
}

/* Code point at p (0xffffffff for an invalid byte) and its length. */
static uint32_t wm__cp(const unsigned char *p, const unsigned char *e, int *len) {
    int n;
    if (p[0] < 0x80) { *len = 1; return p[0]; }
    n = wm__utf8_len(p, e);
    if (n == 0) { *len = 1; return 0xffffffffu; }
    *len = n;
    if (n == 1) return p[0];
    if (n == 2) return (uint32_t)(p[0] & 0x1f) << 6 | (p[1] & 0x3f);
    if (n == 3) return (uint32_t)(p[0] & 0x0f) << 12 | (uint32_t)(p[1] & 0x3f) << 6 | (p[2] & 0x3f);
    return (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3f) << 12 | (uint32_t)(p[2] & 0x3f) << 6 | (p[3] & 0x3f);
}

/* ---- NFC and NFKC (UAX #15): decompose, order marks, compose ---------------
   The text is normalized run by run: a run ends before a code point whose
   decomposition starts with a starter that nothing composes with (a safe
   point), so nothing crosses it. Invalid bytes pass through unchanged. */
enum { WM__NORM_NONE = 0, WM__NORM_NFC = 1, WM__NORM_NFKC = 2 };
#ifndef WM_NO_UNICODE_NORM
/* code point cp as UTF-8 into d (4 bytes of room); its length */
static int wm__put_cp(unsigned char *d, uint32_t cp) {
    if (cp < 0x80) { d[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) { d[0] = (unsigned char)(0xc0 | cp >> 6); d[1] = (unsigned char)(0x80 | (cp & 0x3f)); return 2; }
    if (cp < 0x10000) {
        d[0] = (unsigned char)(0xe0 | cp >> 12); d[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f)); d[2] = (unsigned char)(0x80 | (cp & 0x3f));
        return 3;
    }
    d[0] = (unsigned char)(0xf0 | cp >> 18); d[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    d[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f)); d[3] = (unsigned char)(0x80 | (cp & 0x3f));
    return 4;
}






/* The code points of a run being normalized: a stack array, grown on the
   heap (when there is one) for a base with any number of marks, so the
   marks are ordered as one run as the tokenizers library does. */
typedef struct wm__cprun { uint32_t *p; size_t cap; int heap; } wm__cprun;

static int wm__cprun_grow(wm__cprun *r, size_t need, size_t keep) {
#ifndef WM_NO_MALLOC
    size_t cap = WM__MAX(2 * r->cap, need + 64);
    uint32_t *q = cap < ((size_t)-1) / 4 ? (uint32_t *)WM_MALLOC(cap * sizeof(uint32_t)) : NULL;
    if (!q) return 0;
    memcpy(q, r->p, keep * sizeof(uint32_t));
    if (r->heap) WM_FREE(r->p);
    r->p = q; r->cap = cap; r->heap = 1;
    return 1;
#else
    (void)r; (void)need; (void)keep;
    return 0; /* without a heap a longer run is ordered in pieces of cap */
#endif
}

/* canonical order, then canonical composition of run[n] in place; the new
   count. Each stretch of marks is sorted by class, stably: by insertion
   when short or without scratch, else by counting into tmp[n] (classes are
   bytes), so a stretch of any length costs linear time. */
static size_t wm__compose_run(uint32_t *run, size_t n, uint32_t *tmp, int form) {
    size_t i, j, out;
    int last_cc = -1;
    long starter = -1;
    for (i = 0; i < n;) {
        size_t a = i, b;
        while (a < n && !wm__ccc(run[a])) a++;
        for (b = a; b < n && wm__ccc(run[b]); b++) {}
        i = b;
        if (b - a < 64 || !tmp) {
            uint32_t *st = run + a; /* the stretch, st[0 .. b - a) */
            for (j = 1; j < b - a; j++) {
                uint32_t c = st[j];
                int cc = wm__ccc(c);
                size_t k;
                for (k = j; k > 0 && wm__ccc(st[k - 1]) > cc; k--) st[k] = st[k - 1];
                st[k] = c;
            }
        } else { /* counting sort into tmp and back */
            size_t pos[256], k;
            int cl;
            memset(pos, 0, sizeof pos);
            for (k = a; k < b; k++) pos[wm__ccc(run[k])]++;
            for (k = 0, cl = 0; cl < 256; cl++) { size_t c = pos[cl]; pos[cl] = k; k += c; }
            for (k = a; k < b; k++) tmp[pos[wm__ccc(run[k])]++] = run[k];
            memcpy(run + a, tmp, (b - a) * sizeof(uint32_t));
        }
    }
    (void)form;
    for (i = 0, out = 0; i < n; i++) {
        uint32_t c = run[i], p;
        int cc = wm__ccc(c);
        if (starter >= 0 && (last_cc < cc || (last_cc == 0 && (size_t)starter == out - 1)) && (p = wm__compose(run[starter], c)) != 0) {
            run[starter] = p; /* not blocked: composed, c dropped */
            continue;
        }
        if (cc == 0) starter = (long)out;
        last_cc = cc;
        run[out++] = c;
    }
    return out;
}

/* dst = the form's normalization of src[p, e) when it fits in cap bytes;
   returns its length either way (measure with cap 0). r: the code point
   scratch, grown for long runs (without a heap, a run longer than its
   capacity, many marks on one base, is composed in pieces). */
static size_t wm__normalize(int form, const unsigned char *p, const unsigned char *e, unsigned char *dst, size_t cap, wm__cprun *r) {
    size_t n = 0, len = 0, i;
    unsigned char tmp[4];
    while (p <= e) {
        int l = 0;
        uint32_t cp = 0;
        size_t m = n;
        int flush = p == e;
        if (!flush) {
            cp = wm__cp(p, e, &l);
            if (cp == 0xffffffffu) flush = 1; /* an invalid byte: a boundary, copied as it is */
            else {
                m = wm__decompose(cp, form == WM__NORM_NFKC, r->p, n, r->cap);
                if (m > r->cap && wm__cprun_grow(r, m, n)) m = wm__decompose(cp, form == WM__NORM_NFKC, r->p, n, r->cap);
                flush = m > r->cap || (n && !wm__ccc(r->p[n]) && !wm__composes_back(r->p[n]));
            }
        }
        if (flush && n) { /* the run before this code point */
            size_t k, used = WM__MIN(m, r->cap);
            if (n >= 64 && r->cap - used < n) wm__cprun_grow(r, used + n, used); /* scratch for the sort */
            k = wm__compose_run(r->p, n, r->cap - used >= n ? r->p + used : NULL, form);
            for (i = 0; i < k; i++) {
                int b = wm__put_cp(tmp, r->p[i]);
                if (len + (size_t)b <= cap) memcpy(dst + len, tmp, (size_t)b);
                len += (size_t)b;
            }
            if (m > r->cap || p == e || cp == 0xffffffffu) n = 0;
            else { memmove(r->p, r->p + n, (m - n) * sizeof(uint32_t)); n = m - n; m = n; }
        }
        if (p == e) break;
        if (cp == 0xffffffffu) {
            if (len < cap) dst[len] = *p;
            len++;
            p++;
            continue;
        }
        if (m > r->cap) m = wm__decompose(cp, form == WM__NORM_NFKC, r->p, 0, r->cap); /* a fresh run */
        n = m;
        p += l;
    }
    return len;
}
#endif

/* a run of code points of class cl from q; its end */
static const unsigned char *wm__run(const unsigned char *q, const unsigned char *e, int cl) {
    while (q < e) {
        int l;
        if (wm__uc_class(wm__cp(q, e, &l)) != cl) break;
        q += l;
    }
    return q;
}

/* \s+(?!\S) | \s+ from p (a whitespace code point): the run, less its last
   code point when a non-space follows a run of two or more */
static const unsigned char *wm__spaces(const unsigned char *p, const unsigned char *e, const unsigned char **last_nl) {
    const unsigned char *q = p, *prev = p;
    *last_nl = NULL;
    while (q < e) {
        int l;
        uint32_t cp = wm__cp(q, e, &l);
        if (wm__uc_class(cp) != WM__CL_S) break;
        if (cp == '\r' || cp == '\n') *last_nl = q;
        prev = q;
        q += l;
    }
    if (q == e || prev == p) return q; /* to the end, or a single space */
    return prev;
}

/* One GPT-2 match at p:
     's|'t|'re|'ve|'m|'ll|'d | ?\p{L}+ | ?\p{N}+ | ?[^\s\p{L}\p{N}]+ | \s+(?!\S) | \s+ */
static const unsigned char *wm__pretok_gpt2(const unsigned char *p, const unsigned char *e) {
    int l0, l1 = 0, c0, c1 = -1;
    uint32_t cp0 = wm__cp(p, e, &l0), cp1 = 0;
    const unsigned char *nl;
    c0 = wm__uc_class(cp0);
    if (p + l0 < e) { cp1 = wm__cp(p + l0, e, &l1); c1 = wm__uc_class(cp1); }
    if (cp0 == '\'' && l1) { /* case-sensitive contractions */
        if (cp1 == 's' || cp1 == 't' || cp1 == 'm' || cp1 == 'd') return p + 2;
        if (p + 2 < e && ((cp1 == 'r' && p[2] == 'e') || (cp1 == 'v' && p[2] == 'e') || (cp1 == 'l' && p[2] == 'l'))) return p + 3;
    }
    if (c0 == WM__CL_L || c0 == WM__CL_N || c0 == 0) return wm__run(p + l0, e, c0);
    if (cp0 == ' ' && l1 && c1 != WM__CL_S) return wm__run(p + 1 + l1, e, c1); /* ' ?' before a letter, digit or other run */
    return wm__spaces(p, e, &nl);
}

/* (?i:'s|'t|'re|'ve|'m|'ll|'d) at p: its end, or p (U+017F, long s, folds to s). */
static const unsigned char *wm__contraction(const unsigned char *p, const unsigned char *e) {
    int l1, l2;
    uint32_t a, b;
    if (p >= e || *p != '\'' || p + 1 >= e) return p;
    a = wm__cp(p + 1, e, &l1);
    a = a < 128 ? (a | 32) : a;
    if (a == 's' || a == 0x17f || a == 't' || a == 'm' || a == 'd') return p + 1 + l1;
    if ((a == 'r' || a == 'v' || a == 'l') && p + 1 + l1 < e) {
        b = wm__cp(p + 1 + l1, e, &l2);
        b = b < 128 ? (b | 32) : b;
        if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l')) return p + 1 + l1 + l2;
    }
    return p;
}

/* The alternatives the cl100k-style regexes end with, at p (cp0, its
   length l0 and class c0 already read):
     \p{N}{1,ndig} | ?[^\s\p{L}\p{N}]+[\r\n]* (slash: [\r\n/]*) | \s*[\r\n]+ | \s+(?!\S) | \s+ */
static const unsigned char *wm__pretok_tail(const unsigned char *p, const unsigned char *e, uint32_t cp0, int l0, int c0, int ndig, int slash) {
    const unsigned char *q = NULL, *last_nl, *end;
    int k;
    if (c0 == WM__CL_N) {
        for (q = p, k = 0; k < ndig && q < e; k++) {
            int l;
            if (wm__uc_class(wm__cp(q, e, &l)) != WM__CL_N) break;
            q += l;
        }
        return q;
    }
    if (c0 == 0) q = p;
    else if (cp0 == ' ' && p + 1 < e) { int l; if (wm__uc_class(wm__cp(p + 1, e, &l)) == 0) q = p + 1; }
    if (q) {
        while (q < e) {
            int l;
            if (wm__uc_class(wm__cp(q, e, &l)) != 0) break;
            q += l;
        }
        while (q < e && (*q == '\r' || *q == '\n' || (slash && *q == '/'))) q++;
        return q;
    }
    end = wm__spaces(p, e, &last_nl);
    if (last_nl) return last_nl + 1;
    return end > p ? end : p + l0; /* (a lone byte, which cannot happen) */
}

/* One match of the Llama-3 pre-tokenizer at p (ndig 3), or Qwen2's (ndig 1);
   alternatives tried in order, with the backtracking an Oniguruma match would do:
     (?i:'s|'t|'re|'ve|'m|'ll|'d) | [^\r\n\p{L}\p{N}]?\p{L}+ | \p{N}{1,ndig}
     | ?[^\s\p{L}\p{N}]+[\r\n]* | \s*[\r\n]+ | \s+(?!\S) | \s+
   Returns the end of the match. */
static const unsigned char *wm__pretok_llama3(const unsigned char *p, const unsigned char *e, int ndig) {
    int l0, l1 = 0, c0;
    uint32_t cp0 = wm__cp(p, e, &l0);
    const unsigned char *q = wm__contraction(p, e);
    if (q > p) return q;
    c0 = wm__uc_class(cp0);
    /* [^\r\n\p{L}\p{N}]?\p{L}+ */
    q = NULL;
    if (c0 == WM__CL_L) q = p;
    else if (cp0 != '\r' && cp0 != '\n' && c0 != WM__CL_N && p + l0 < e && wm__uc_class(wm__cp(p + l0, e, &l1)) == WM__CL_L) q = p + l0;
    if (q) {
        while (q < e) {
            int l;
            uint32_t cp = wm__cp(q, e, &l);
            if (wm__uc_class(cp) != WM__CL_L) break;
            q += l;
        }
        return q;
    }
    return wm__pretok_tail(p, e, cp0, l0, c0, ndig, 0);
}

/* DeepSeek-V3's splits; each returns p when nothing matches at p (the text
   up to the next match is then a part of its own) */
static int wm__ds_cjk(uint32_t cp) { return (cp >= 0x4e00 && cp <= 0x9fa5) || (cp >= 0x3040 && cp <= 0x309f) || (cp >= 0x30a0 && cp <= 0x30ff); }
static int wm__ds_cls(uint32_t cp) { /* 1 letter, 2 mark, 3 punctuation, 4 symbol, 0 other */
    if (cp == 0xffffffffu) return 0;
    if (wm__uc_class(cp) == WM__CL_L) return 1;
    if (cp >= 0x300 && wm__uc_in(cp, WM__UC_MARK)) return 2;
    if (cp < 128) return (cp >= 33 && cp <= 126 && !((cp | 32) >= 'a' && (cp | 32) <= 'z') && !(cp >= '0' && cp <= '9')) ? (strchr("$+<=>^`|~", (int)cp) ? 4 : 3) : 0;
    if (wm__uc_in(cp, WM__UC_PUNCT)) return 3;
    if (wm__uc_in(cp, WM__UC_SYMBOL)) return 4;
    return 0;
}

static const unsigned char *wm__pretok_ds(int pre, const unsigned char *p, const unsigned char *e) {
    int l0, l1 = 0, c0, k;
    uint32_t cp0 = wm__cp(p, e, &l0), cp1 = 0;
    const unsigned char *q;
    if (pre == WM__PRE_DS_NUM) { /* \p{N}{1,3} */
        for (q = p, k = 0; k < 3 && q < e; k++) { int l; if (wm__uc_class(wm__cp(q, e, &l)) != WM__CL_N) break; q += l; }
        return q;
    }
    if (pre == WM__PRE_DS_CJK) { /* [CJK]+ */
        for (q = p; q < e;) { int l; if (!wm__ds_cjk(wm__cp(q, e, &l))) break; q += l; }
        return q;
    }
    if (p + l0 < e) cp1 = wm__cp(p + l0, e, &l1);
    /* [ASCII punctuation][A-Za-z]+ */
    if (cp0 < 128 && cp0 >= 33 && cp0 <= 126 && !((cp0 | 32) >= 'a' && (cp0 | 32) <= 'z') && !(cp0 >= '0' && cp0 <= '9') && l1 && (cp1 | 32) >= 'a' &&
        (cp1 | 32) <= 'z') {
        for (q = p + 1; q < e && (*q | 32) >= 'a' && (*q | 32) <= 'z'; q++) {}
        return q;
    }
    c0 = wm__ds_cls(cp0);
    { /* [^\r\n\p{L}\p{P}\p{S}]?[\p{L}\p{M}]+ (without the optional character when what follows is no letter) */
        const unsigned char *from = NULL;
        if (cp0 != '\r' && cp0 != '\n' && c0 != 1 && c0 != 3 && c0 != 4 && l1 && (wm__ds_cls(cp1) == 1 || wm__ds_cls(cp1) == 2)) from = p + l0;
        else if (c0 == 1 || c0 == 2) from = p;
        if (from) {
            for (q = from; q < e;) { int l, c = wm__ds_cls(wm__cp(q, e, &l)); if (c != 1 && c != 2) break; q += l; }
            return q;
        }
    }
    { /* ' ?[\p{P}\p{S}]+[\r\n]*' */
        const unsigned char *from = NULL;
        if (c0 == 3 || c0 == 4) from = p;
        else if (cp0 == ' ' && l1 && (wm__ds_cls(cp1) == 3 || wm__ds_cls(cp1) == 4)) from = p + 1;
        if (from) {
            for (q = from; q < e;) { int l, c = wm__ds_cls(wm__cp(q, e, &l)); if (c != 3 && c != 4) break; q += l; }
            while (q < e && (*q == '\r' || *q == '\n')) q++;
            return q;
        }
    }
    if (wm__uc_class(cp0) == WM__CL_S) { /* \s*[\r\n]+ | \s+(?!\S) | \s+ */
        const unsigned char *last_nl, *end = wm__spaces(p, e, &last_nl);
        return last_nl ? last_nl + 1 : end;
    }
    return p; /* no match here */
}

/* GPT-4o's (o200k) and Mistral Tekken's letter classes: U = [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
   (bit 1) and W = [\p{Ll}\p{Lm}\p{Lo}\p{M}] (bit 2); 0 for neither. */
static int wm__case_cls(uint32_t cp) {
    if (cp < 128) return (cp >= 'A' && cp <= 'Z') ? 1 : (cp >= 'a' && cp <= 'z') ? 2 : 0;
    if (cp == 0xffffffffu) return 0;
    if (wm__uc_class(cp) == WM__CL_L) {
        if (wm__uc_in(cp, WM__UC_LL)) return 2;
        if (wm__uc_in(cp, WM__UC_LUT)) return 1;
        return 3; /* Lm, Lo */
    }
    return wm__uc_in(cp, WM__UC_MARK) ? 3 : 0;
}

/* The end of a run of characters whose class has bit m, from p. */
static const unsigned char *wm__case_run(const unsigned char *p, const unsigned char *e, int m) {
    while (p < e) {
        int l;
        if (!(wm__case_cls(wm__cp(p, e, &l)) & m)) break;
        p += l;
    }
    return p;
}

/* One match of the GPT-4o (o200k; ndig 3, contractions) or Tekken (ndig 1)
   pre-tokenizer at p, with an Oniguruma match's backtracking:
     P?U*W+C? | P?U+W*C? | \p{N}{1,ndig} | ?[^\s\p{L}\p{N}]+[\r\n/]* | \s*[\r\n]+ | \s+(?!\S) | \s+
   P = [^\r\n\p{L}\p{N}], U and W the letter classes above, C the
   contractions. U*W+ gives characters of U back from the end of its run
   until one of W starts the W+ run. Linear: a run scanned in vain is then
   taken whole by U+W*. */
static const unsigned char *wm__pretok_case(const unsigned char *p, const unsigned char *e, int ndig, int contr) {
    int l0, c0, alt;
    uint32_t cp0 = wm__cp(p, e, &l0);
    c0 = wm__uc_class(cp0);
    for (alt = 0; alt < 2; alt++) {
        int with;
        for (with = 1; with >= 0; with--) { /* P? greedy: with the optional character first */
            const unsigned char *s0 = p, *u, *end = NULL;
            if (with) {
                if (cp0 == '\r' || cp0 == '\n' || c0 == WM__CL_L || c0 == WM__CL_N) continue;
                s0 = p + l0;
            }
            u = wm__case_run(s0, e, 1);
            if (alt == 0) { /* U*W+: the last position from the run's end back to s0 where a W character starts */
                const unsigned char *k0 = u;
                for (;;) {
                    int l;
                    if (k0 < e && (wm__case_cls(wm__cp(k0, e, &l)) & 2)) { end = wm__case_run(k0, e, 2); break; }
                    if (k0 == s0) break;
                    do k0--; while (k0 > s0 && (*k0 & 0xc0) == 0x80);
                }
            } else if (u > s0) { /* U+W* */
                end = wm__case_run(u, e, 2);
            }
            if (end) return contr ? wm__contraction(end, e) : end;
        }
    }
    return wm__pretok_tail(p, e, cp0, l0, c0, ndig, 1);
}

static const unsigned char *wm__pretok(int pre, const unsigned char *p, const unsigned char *e) {
    if (pre >= WM__PRE_O200K) return wm__pretok_case(p, e, pre == WM__PRE_O200K ? 3 : 1, pre == WM__PRE_O200K);
    if (pre >= WM__PRE_DS_NUM) return wm__pretok_ds(pre, p, e);
    return pre == WM__PRE_GPT2 ? wm__pretok_gpt2(p, e) : wm__pretok_llama3(p, e, pre == WM__PRE_QWEN2 ? 1 : 3);
}

/* The GPT-2 byte <-> unicode table: printable bytes map to themselves, the
   other 68 (0-32, 127-160, 173) to U+0100.. in byte order. */
static int wm__printable(int b) { return (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255); }

static int wm__cp_to_byte(uint32_t cp) {
    if (cp < 256) return wm__printable((int)cp) ? (int)cp : -1;
    if (cp < 256 + 33) return (int)cp - 256;              /* bytes 0..32 */
    if (cp < 256 + 67) return 127 + (int)(cp - 256 - 33); /* bytes 127..160 */
    return cp == 256 + 67 ? 173 : -1;
}

/* Un-maps a byte-level string s[n] into out (NULL: measure). Returns the
   byte count, or -1 when a character is outside the byte-level alphabet. */
static long wm__unmap(const char *s, size_t n, unsigned char *out) {
    const unsigned char *p = (const unsigned char *)s, *e = p + n;
    long k = 0;
    while (p < e) {
        int l, b;
        uint32_t cp = wm__cp(p, e, &l);
        b = cp == 0xffffffffu ? -1 : wm__cp_to_byte(cp);
        if (b < 0) return -1;
        if (out) out[k] = (unsigned char)b;
        k++;
        p += l;
    }
    return k;
}

enum { WM__TOK_PRESENT = 1, WM__TOK_ADDED = 2, WM__TOK_SPECIAL = 4, WM__TOK_HASHED = 8, WM__TOK_BYTE = 16,
       WM__TOK_LSTRIP = 32, WM__TOK_RSTRIP = 64, WM__TOK_SINGLE = 128 }; /* the last three: added-token options */

typedef struct wm__merge { int32_t a, b, rank, id; } wm__merge;
WM__SLOT(wm__merge, 16);

/* A node of the added tokens' Aho-Corasick automaton over their reversed
   texts (wm__ac_build): the node of a string s stands for texts ending in
   reverse(s). Children are consecutive nodes sorted by byte. out[nz]: the
   added token (index into t->added) of set nz that is the longest text this
   node's string or a suffix of it spells, -1 if none. While the automaton is
   built, out[0], out[1] and child hold the node's range of added_rorder and
   its depth. */
typedef struct wm__acn { int32_t child, fail, out[2]; uint16_t n_child; unsigned char byte, pad; } wm__acn;
WM__SLOT(wm__acn, 20);

/* a pre-tokenizer step of the general pipeline (t->steps): each splits a piece
   into smaller ones; the last pieces are the words BPE merges */
enum { WM__PS_REGEX = 1, WM__PS_DIGITS, WM__PS_WHITESPACE, WM__PS_WSPLIT, WM__PS_PUNCT, WM__PS_STRING, WM__PS_PREFIX };
enum { WM__SB_ISOLATED = 0, WM__SB_REMOVED, WM__SB_PREV, WM__SB_NEXT, WM__SB_CONTIGUOUS };
typedef struct wm__pstep { unsigned char kind, arg, beh, ls; unsigned char s[16]; } wm__pstep;

/* a normalizer step after NFC/NFKC: Prepend(b) (a empty), Replace(a -> b),
   Lowercase, or Strip (whitespace on the left a[0], right a[1]) */
enum { WM__OP_STRING = 0, WM__OP_LOWER = 1, WM__OP_STRIP = 2 };
typedef struct wm__strop { unsigned char a[16], b[16]; unsigned char la, lb, kind; } wm__strop;
enum { WM__META_NONE = 0, WM__META_ALWAYS = 1, WM__META_FIRST = 2, WM__META_NEVER = 3 };

struct wm_tokenizer {
    int n_vocab;                /* largest id + 1 */
    uint32_t *tok_off, *tok_len; /* [n_vocab] token bytes in tok_bytes */
    unsigned char *tok_bytes;
    unsigned char *tok_flags;   /* [n_vocab] WM__TOK_* */
    int32_t *vocab_hash;        /* [vocab_mask + 1] ids by token bytes, -1 empty */
    uint32_t vocab_mask;
    wm__merge *merge_hash;      /* [merge_mask + 1] by (a, b); a = -1 empty */
    uint32_t merge_mask;
    int32_t byte_tok[256];      /* token of each single byte, -1 if none */
    int32_t *added;             /* [n_added] added token ids, sorted by their text (wm__added_sort) */
    uint32_t *added_off, *added_len; /* [n_added] the texts they match in added_bytes (normalized ones: the normalizer's output) */
    uint32_t *added_roff, *added_rlen; /* [n_added] their content as the file gives it, in added_bytes */
    unsigned char *added_nz;    /* [n_added] 1: "normalized": matched in the normalized text, after the others */
    unsigned char *added_bytes;
    int n_added, n_added_nz;
    int added_first[257];       /* added tokens starting with byte b: [added_first[b], added_first[b+1]) */
    int32_t *added_rorder;      /* [n_added] their indices sorted by text read backwards */
    wm__acn *ac;                /* [n_ac] the automaton of their reversed texts (node 0: the root) */
    int n_ac;
    size_t added_max;           /* bytes of the longest text they match */
    size_t added_depth;         /* bytes the narrowing search reads before the automaton takes over (64; 1 in tests) */
    unsigned char added_lead[256]; /* bit 0: a raw-matched added token starts with byte b; bit 1: a normalized one */
    int32_t prefix[16], suffix[16];
    int n_prefix, n_suffix;
    int ignore_merges;
    int pre;                    /* WM__PRE_*: the pre-tokenizer's split (byte-level) */
    int norm;                   /* WM__NORM_*: the normalizer */
    int byte_level;             /* 1: GPT-2 byte-level BPE; 0: SentencePiece-style BPE on characters */
    int byte_fallback, fuse_unk;
    wm__strop ops[4];           /* Prepend / Replace steps after the normalizer */
    int n_ops;
    int meta, meta_split;       /* Metaspace pre-tokenizer (WM__META_*), splitting at its spaces */
    int sp_split;               /* words split before each run of U+2581, unless after a character of sp_block */
    uint32_t sp_block[8];       /* the characters some token has just before a U+2581 (">" in Gemma's ">\u2581</") */
    int n_sp_block;
    wm__pstep steps[8];         /* the general pre-tokenizer pipeline (n_steps 0: the classic paths above) */
    int n_steps;
    int dec_strip;              /* leading spaces a full decode drops */
    uint32_t *dec_off, *dec_len; /* [n_vocab] non-byte-level: the decoded text of each token in dec_bytes */
    unsigned char *dec_bytes;
    int32_t unk;
    size_t max_len;             /* bytes of the longest token */
    uint64_t hash_key[2], pair_add; /* keys of the vocab and merge tables (wm__sip_key) */
    int merge_shift;            /* 64 - log2(merge_mask + 1) */
    int n_merges;               /* ranks are 0 .. n_merges - 1 */
    size_t bytes_used;
    void *owned;
};
WM__SLOT(wm_tokenizer, 4096);

/* SipHash-1-3, the keyed hash of Rust's HashMap. The vocab and merge tables
   are keyed by a hash of the whole tokenizer.json, so no file can choose
   entries that collide in them (which would make loading quadratic). */
#define WM__ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define WM__SIPROUND(v0, v1, v2, v3)                                                            \
    do {                                                                                       \
        v0 += v1; v1 = WM__ROTL(v1, 13); v1 ^= v0; v0 = WM__ROTL(v0, 32);                      \
        v2 += v3; v3 = WM__ROTL(v3, 16); v3 ^= v2;                                             \
        v0 += v3; v3 = WM__ROTL(v3, 21); v3 ^= v0;                                             \
        v2 += v1; v1 = WM__ROTL(v1, 17); v1 ^= v2; v2 = WM__ROTL(v2, 32);                      \
    } while (0)

static uint64_t wm__sip(const uint64_t key[2], const unsigned char *p, size_t n) {
    uint64_t v0 = key[0] ^ 0x736f6d6570736575ull, v1 = key[1] ^ 0x646f72616e646f6dull;
    uint64_t v2 = key[0] ^ 0x6c7967656e657261ull, v3 = key[1] ^ 0x7465646279746573ull, m;
    size_t i = 0;
    int k;
    for (; i + 8 <= n; i += 8) {
        for (m = 0, k = 7; k >= 0; k--) m = m << 8 | p[i + (size_t)k];
        v3 ^= m;
        WM__SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    for (m = (uint64_t)n << 56, k = 0; i + (size_t)k < n; k++) m |= (uint64_t)p[i + (size_t)k] << (8 * k);
    v3 ^= m;
    WM__SIPROUND(v0, v1, v2, v3);
    v0 ^= m;
    v2 ^= 0xff;
    WM__SIPROUND(v0, v1, v2, v3);
    WM__SIPROUND(v0, v1, v2, v3);
    WM__SIPROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

/* The table key of a tokenizer: SipHash of its whole JSON under a fixed key. */
static void wm__sip_key(uint64_t key[2], const char *json, size_t n) {
    static const uint64_t fixed[2] = {0x0706050403020100ull, 0x0f0e0d0c0b0a0908ull};
    key[0] = wm__sip(fixed, (const unsigned char *)json, n);
    key[1] = wm__sip(key, (const unsigned char *)"pair", 4);
}

static uint32_t wm__hash(const wm_tokenizer *t, const unsigned char *p, size_t n) {
    return (uint32_t)wm__sip(t->hash_key, p, n);
}

/* Merge pairs: vector multiply-shift with the same secret, strongly
   universal for 32-bit id pairs (Thorup 2015), much cheaper than a string
   hash on the BPE hot path. Returns the table slot (the top bits). */
static uint32_t wm__pair_slot(const wm_tokenizer *t, int32_t a, int32_t b) {
    uint64_t x = t->hash_key[0] * (uint64_t)(uint32_t)a + t->hash_key[1] * (uint64_t)(uint32_t)b + t->pair_add;
    return (uint32_t)(x >> t->merge_shift);
}

static int32_t wm__vocab_get(const wm_tokenizer *t, const unsigned char *p, size_t n) {
    uint32_t h = wm__hash(t, p, n) & t->vocab_mask;
    for (;; h = (h + 1) & t->vocab_mask) {
        int32_t id = t->vocab_hash[h];
        if (id < 0) return -1;
        if (t->tok_len[id] == n && !memcmp(t->tok_bytes + t->tok_off[id], p, n)) return id;
    }
}

static const wm__merge *wm__merge_get(const wm_tokenizer *t, int32_t a, int32_t b) {
    uint32_t h = wm__pair_slot(t, a, b);
    for (;; h = (h + 1) & t->merge_mask) {
        const wm__merge *m = &t->merge_hash[h];
        if (m->a < 0) return NULL;
        if (m->a == a && m->b == b) return m;
    }
}

static uint32_t wm__pow2_above(size_t n) {
    uint32_t s = 16;
    while (s < 2 * n && s < 0x40000000u) s <<= 1;
    return s;
}

/* Shared by the measuring and the building pass. */
typedef struct wm__tokb {
    const char *json, *e;
    const char *vocab, *merges, *added, *tmpl;             /* JSON values */
    const char *unk;                                       /* unk_token string, or NULL */
    size_t n_entries, n_merges, n_added, vocab_bytes, added_text;
    size_t added_match;                                    /* bytes of the normalized added tokens' normalized texts */
    int32_t max_id;
    int ignore_merges;
    int pre;                                               /* WM__PRE_* */
    int norm;                                              /* WM__NORM_* */
    int byte_level, byte_fallback, fuse_unk;
    int lenient;                                           /* merges naming missing tokens are skipped (GGUF vocabularies) */
    int id_merges;                                         /* merges are id triples [a, b, a+b] (GGUF "llama" vocabularies) */
    wm__strop ops[4];                                      /* Prepend / Replace steps after norm */
    int n_ops;
    int meta, meta_split;                                  /* Metaspace pre-tokenizer: WM__META_*, split at its spaces */
    int dec_strip;                                         /* leading spaces a full decode drops */
    wm__pstep steps[8];                                    /* the general pre-tokenizer pipeline, or n_steps 0 */
    int n_steps;
    int32_t prefix[16], suffix[16];                        /* the template's ids around the text */
    int n_prefix, n_suffix;
    wm_error *err;
} wm__tokb;

static wm_status wm__tok_fail(wm_error *err, const char *what) {
    return wm__fail(err, WM_ERR_UNSUPPORTED, "tokenizer.json: %s", what);
}

/* TemplateProcessing 'single': the ids before and after the text ($A),
   checked once here. Items are few in real files (at most 64 here), so the
   special_tokens lookups stay linear in the file. */
static wm_status wm__tok_template(wm__tokb *b) {
    const char *e = b->e, *single = wm__j_get(b->tmpl, e, "single"), *special = wm__j_get(b->tmpl, e, "special_tokens"), *item;
    wm__jit it;
    int seen_seq = 0, n_items = 0;
    if (!single || *single != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: TemplateProcessing 'single' is not a list");
    if (special && *special != '{' && *special != 'n')
        return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: TemplateProcessing 'special_tokens' is not an object");
    wm__j_iter(&it, single, e);
    while (wm__j_next(&it, NULL, &item))
        if (++n_items > 64) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: TemplateProcessing 'single' has more than 64 items");
    n_items = 0;
    wm__j_iter(&it, single, e);
    while (wm__j_next(&it, NULL, &item)) {
        const char *st = wm__j_get(item, e, "SpecialToken"), *sq = wm__j_get(item, e, "Sequence"), *idv, *entry, *ids, *x;
        char name[256];
        wm__jit ii;
        n_items++;
        if (!st == !sq || *(st ? st : sq) != '{')
            return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: template item %d is not {\"SpecialToken\": {...}} or {\"Sequence\": {...}}",
                            n_items - 1);
        if (sq) {
            if (seen_seq++) return wm__tok_fail(b->err, "a template with two sequences ($A twice)");
            continue;
        }
        idv = wm__j_get(st, e, "id");
        if (!idv || *idv != '"' || wm__j_str(idv, e, name, sizeof name) >= sizeof name)
            return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: template item %d: SpecialToken needs an 'id' string", n_items - 1);
        entry = special && *special == '{' ? wm__j_get(special, e, name) : NULL;
        ids = entry ? wm__j_get(entry, e, "ids") : NULL;
        if (!ids || *ids != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: template token '%s' has no ids", name);
        wm__j_iter(&ii, ids, e);
        while (wm__j_next(&ii, NULL, &x)) {
            double d;
            int *cnt = seen_seq ? &b->n_suffix : &b->n_prefix;
            if (!wm__j_double(x, e, &d) || !(d >= 0 && d <= b->max_id) || d != floor(d))
                return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: template token '%s' has an id outside the vocab", name);
            if (*cnt >= 16) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: more than 16 template ids around the text");
            (seen_seq ? b->suffix : b->prefix)[(*cnt)++] = (int32_t)d;
        }
    }
    if (!seen_seq) return wm__tok_fail(b->err, "a template without the sequence ($A)");
    return WM_OK;
}

/* Reads the structure; checks what wm.h supports; counts sizes. */
/* A short JSON string into dst[16]; its length, or -1 when longer than 15 bytes. */
static int wm__short_str(const char *v, const char *e, unsigned char *dst) {
    size_t n;
    if (!v || *v != '"' || (n = wm__j_str(v, e, NULL, 0)) > 15) return -1;
    wm__j_str(v, e, (char *)dst, 16);
    return (int)n;
}

/* The pre_tokenizer: ByteLevel with use_regex (the GPT-2 split), or a
   Split on one of the known regexes (Isolated) then ByteLevel without its
   regex; alone or in a Sequence. Anything else is refused by name. */
/* pre_tokenizer Metaspace: ' ' -> U+2581, a U+2581 in front (always / first
   segment / never), words at each */
static wm_status wm__tok_scan_meta(wm__cfgr *r, wm__tokb *b, const char *pre) {
    unsigned char rep[16];
    char sch[16] = "always";
    const char *ps = wm__cfg_get(r, pre, "prepend_scheme"), *ap = wm__cfg_get(r, pre, "add_prefix_space"), *sp = wm__cfg_get(r, pre, "split");
    if (wm__short_str(wm__cfg_get(r, pre, "replacement"), b->e, rep) != 3 || memcmp(rep, "\xe2\x96\x81", 3))
        return wm__tok_fail(b->err, "pre_tokenizer Metaspace with a replacement other than U+2581");
    if (ps) wm__cfg_str_in(r, pre, "prepend_scheme", sch, sizeof sch);
    else if (ap && *ap == 'f') strcpy(sch, "never");
    b->meta = !strcmp(sch, "always") ? WM__META_ALWAYS : !strcmp(sch, "first") ? WM__META_FIRST : !strcmp(sch, "never") ? WM__META_NEVER : 0;
    if (!b->meta) return wm__tok_fail(b->err, "pre_tokenizer Metaspace prepend_scheme other than always, first, never");
    b->meta_split = !(sp && *sp == 'f');
    b->byte_level = 0;
    return WM_OK;
}

/* a Split step (step: its JSON) into ps: on a String, or on a regex wm.h has a matcher for */
static wm_status wm__tok_scan_split(wm__cfgr *r, wm__tokb *b, const char *step, wm__pstep *ps) {
    const char *e = b->e, *pt = wm__cfg_get(r, step, "pattern"), *rx = pt && *pt == '{' ? wm__cfg_get(r, pt, "Regex") : NULL, *v;
    const char *st = pt && *pt == '{' ? wm__cfg_get(r, pt, "String") : NULL;
    char pat[320];
    int ls, k;
    if (st) {
        if ((ls = wm__short_str(st, e, ps->s)) < 1) return wm__tok_fail(b->err, "pre_tokenizer Split on a String pattern of other than 1..15 bytes");
        ps->kind = WM__PS_STRING; ps->ls = (unsigned char)ls;
        v = wm__cfg_get(r, step, "invert");
    } else {
        pat[0] = 0;
        if (rx && *rx == '"' && wm__j_str(rx, e, pat, sizeof pat) >= sizeof pat) pat[0] = 0;
        for (k = 0; k < WM__N_PRE && strcmp(pat, wm__pre_regex[k]); k++) {}
        if (k == WM__N_PRE) { /* named by its start (a long one: by its length) */
            char msg[200], head[48];
            size_t hl = strlen(pat) > 40 ? 40 : strlen(pat);
            memcpy(head, pat, hl);
            strcpy(head + hl, strlen(pat) > 40 ? "..." : "");
            wm__fmt(msg, sizeof msg, "pre_tokenizer Split on a regex wm.h has no matcher for (%s; known: the GPT-2, Llama-3, Qwen2, DeepSeek-V3, GPT-4o and Tekken ones)",
                    pat[0] ? head : "one of 320 bytes or more");
            return wm__tok_fail(b->err, msg);
        }
        v = wm__cfg_get(r, step, "invert");
        if (v && *v == 't' && ps->beh == WM__SB_REMOVED) v = NULL; /* the matches kept, the text between them dropped */
        else if (ps->beh != WM__SB_ISOLATED) return wm__tok_fail(b->err, "pre_tokenizer Split on a regex other than Isolated (or Removed, inverted)");
        ps->kind = WM__PS_REGEX; ps->arg = (unsigned char)k;
    }
    if (v && *v == 't') return wm__tok_fail(b->err, "pre_tokenizer Split with invert: true");
    return WM_OK;
}

static wm_status wm__tok_scan_pre(wm__cfgr *r, wm__tokb *b, const char *pre) {
    const char *e = b->e, *x, *v, *steps[8];
    char ty[32];
    int n = 0, i;
    wm__jit it;
    b->byte_level = 1;
    if (!pre) { b->byte_level = 0; return WM_OK; } /* SentencePiece-style: the normalized text is one word */
    wm__cfg_str_in(r, pre, "type", ty, sizeof ty);
    if (!strcmp(ty, "Metaspace")) return wm__tok_scan_meta(r, b, pre);
    if (!strcmp(ty, "Sequence")) {
        const char *seq = wm__cfg_get(r, pre, "pretokenizers");
        if (!seq || *seq != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: pre_tokenizer Sequence without a pretokenizers list");
        wm__j_iter(&it, seq, e);
        while (wm__j_next(&it, NULL, &x)) {
            if (n == 8) return wm__tok_fail(b->err, "a pre_tokenizer Sequence of more than 8 steps");
            steps[n++] = x;
        }
    } else {
        steps[n++] = pre;
    }
    b->n_steps = 0;
    b->byte_level = 0;
    for (i = 0; i < n; i++) {
        static const char *const behs[5] = {"Isolated", "Removed", "MergedWithPrevious", "MergedWithNext", "Contiguous"};
        char beh[32] = "Isolated";
        wm__pstep *ps = &b->steps[b->n_steps];
        int k;
        if (b->n_steps >= 7) return wm__tok_fail(b->err, "a pre_tokenizer of more than 7 steps");
        memset(ps, 0, sizeof *ps);
        wm__cfg_str_in(r, steps[i], "type", ty, sizeof ty);
        if (!wm__cfg_str_in(r, steps[i], "behavior", beh, sizeof beh)) strcpy(beh, "Isolated");
        for (k = 0; k < 5 && strcmp(beh, behs[k]); k++) {}
        if (k == 5) return wm__tok_fail(b->err, "a pre_tokenizer behavior other than Isolated, Removed, MergedWith*, Contiguous");
        ps->beh = (unsigned char)k;
        if (!strcmp(ty, "Split")) {
            wm_status st = wm__tok_scan_split(r, b, steps[i], ps);
            if (st != WM_OK) return st;
        } else if (!strcmp(ty, "ByteLevel")) {
            v = wm__cfg_get(r, steps[i], "add_prefix_space");
            if (v && *v == 't') { ps->kind = WM__PS_PREFIX; ps = &b->steps[++b->n_steps]; memset(ps, 0, sizeof *ps); }
            v = wm__cfg_get(r, steps[i], "use_regex");
            if (!(v && *v == 'f')) { ps->kind = WM__PS_REGEX; ps->arg = WM__PRE_GPT2; } /* use_regex defaults to true */
            else b->n_steps--;
            b->byte_level = 1;
        } else if (!strcmp(ty, "Digits")) {
            v = wm__cfg_get(r, steps[i], "individual_digits");
            ps->kind = WM__PS_DIGITS; ps->arg = v && *v == 't';
        } else if (!strcmp(ty, "Whitespace")) {
            ps->kind = WM__PS_WHITESPACE;
        } else if (!strcmp(ty, "WhitespaceSplit")) {
            ps->kind = WM__PS_WSPLIT;
        } else if (!strcmp(ty, "Punctuation")) {
            ps->kind = WM__PS_PUNCT;
        } else {
            char msg[96];
            wm__fmt(msg, sizeof msg, "pre_tokenizer '%s' (wm.h reads Split, ByteLevel, Digits, Whitespace, WhitespaceSplit, Punctuation, Metaspace)", ty);
            return wm__tok_fail(b->err, msg);
        }
        b->n_steps++;
    }
    /* the classic single split keeps its fast loop */
    if (b->n_steps == 1 && b->steps[0].kind == WM__PS_REGEX && (b->steps[0].arg < WM__PRE_DS_NUM || b->steps[0].arg >= WM__PRE_O200K)) {
        b->pre = b->steps[0].arg; /* (these regexes match everywhere: no gaps to keep or drop) */
        b->n_steps = 0;
    } else if (b->n_steps == 0) {
        b->pre = -1; /* no split: a ByteLevel without its regex splits nothing */
    }
    return WM_OK;
}

/* The normalizer: null, NFC, NFKC, Prepend, Replace (a String pattern), alone
   or in a Sequence (NFC/NFKC first, then up to 4 Prepend/Replace steps). */
static wm_status wm__tok_scan_norm(wm__cfgr *r, wm__tokb *b, const char *nz) {
    const char *e = b->e, *x, *steps[8];
    char ty[32];
    int n = 0, i;
    wm__jit it;
    b->norm = WM__NORM_NONE;
    b->n_ops = 0;
    if (!nz) return WM_OK;
    wm__cfg_str_in(r, nz, "type", ty, sizeof ty);
    if (!strcmp(ty, "Sequence")) {
        const char *seq = wm__cfg_get(r, nz, "normalizers");
        if (!seq || *seq != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: normalizer Sequence without a normalizers list");
        wm__j_iter(&it, seq, e);
        while (wm__j_next(&it, NULL, &x)) {
            if (n == 5) return wm__tok_fail(b->err, "a normalizer Sequence of more than 5 steps");
            steps[n++] = x;
        }
    } else {
        steps[n++] = nz;
    }
    for (i = 0; i < n; i++) {
        wm__strop *op = &b->ops[b->n_ops];
        int la, lb;
        wm__cfg_str_in(r, steps[i], "type", ty, sizeof ty);
        if ((!strcmp(ty, "NFC") || !strcmp(ty, "NFKC")) && i == 0) {
            b->norm = ty[2] == 'K' ? WM__NORM_NFKC : WM__NORM_NFC;
#ifdef WM_NO_UNICODE_NORM
            return wm__tok_fail(b->err, "an NFC/NFKC normalizer, and this build has WM_NO_UNICODE_NORM");
#endif
        } else if (!strcmp(ty, "Prepend") && b->n_ops < 4) {
            lb = wm__short_str(wm__cfg_get(r, steps[i], "prepend"), e, op->b);
            if (lb < 1) return wm__tok_fail(b->err, "normalizer Prepend of other than a string of 1..15 bytes");
            op->la = 0; op->lb = (unsigned char)lb; op->kind = WM__OP_STRING;
            b->n_ops++;
        } else if (!strcmp(ty, "Lowercase") && b->n_ops < 4) {
#ifdef WM_NO_UNICODE_NORM
            return wm__tok_fail(b->err, "a Lowercase normalizer, and this build has WM_NO_UNICODE_NORM");
#endif
            memset(op, 0, sizeof *op);
            op->kind = WM__OP_LOWER;
            b->n_ops++;
        } else if (!strcmp(ty, "Strip") && b->n_ops < 4) {
            const char *l = wm__cfg_get(r, steps[i], "strip_left"), *rr = wm__cfg_get(r, steps[i], "strip_right");
            memset(op, 0, sizeof *op);
            op->kind = WM__OP_STRIP;
            op->a[0] = !(l && *l == 'f');
            op->a[1] = !(rr && *rr == 'f');
            b->n_ops++;
        } else if (!strcmp(ty, "Replace") && b->n_ops < 4) {
            const char *pt = wm__cfg_get(r, steps[i], "pattern");
            la = wm__short_str(pt && *pt == '{' ? wm__cfg_get(r, pt, "String") : NULL, e, op->a);
            lb = wm__short_str(wm__cfg_get(r, steps[i], "content"), e, op->b);
            if (la < 1 || lb < 0) return wm__tok_fail(b->err, "normalizer Replace other than a String pattern of 1..15 bytes (a Regex pattern)");
            op->la = (unsigned char)la; op->lb = (unsigned char)lb; op->kind = WM__OP_STRING;
            b->n_ops++;
        } else {
            char msg[120];
            wm__fmt(msg, sizeof msg, "normalizer '%s' here (wm.h reads NFC, NFKC, then Prepend, Replace, Lowercase, Strip)", ty);
            return wm__tok_fail(b->err, msg);
        }
    }
    return WM_OK;
}

/* post_processor: the TemplateProcessing (alone or in a Sequence) into b->tmpl. */
static wm_status wm__tok_scan_post(wm__cfgr *r, wm__tokb *b, const char *post) {
    const char *e = b->e, *x;
    char s[64];
    wm__jit it;
    b->tmpl = NULL;
    if (post) {
        const char *procs = wm__cfg_get(r, post, "processors");
        wm__cfg_str_in(r, post, "type", s, sizeof s);
        if (!strcmp(s, "TemplateProcessing")) b->tmpl = post;
        else if (!strcmp(s, "Sequence") && procs && *procs == '[') {
            wm__j_iter(&it, procs, e);
            while (wm__j_next(&it, NULL, &x)) {
                wm__cfg_str_in(r, x, "type", s, sizeof s);
                if (!strcmp(s, "TemplateProcessing")) b->tmpl = x;
                else if (strcmp(s, "ByteLevel")) return wm__tok_fail(b->err, "post_processor other than TemplateProcessing/ByteLevel");
            }
        } else if (strcmp(s, "ByteLevel")) {
            return wm__tok_fail(b->err, "post_processor other than TemplateProcessing/ByteLevel");
        }
    }
    return WM_OK;
}

/* An added token matched in normalized text ("normalized": true; missing:
   not special, as the tokenizers library's default). */
static int wm__added_is_nz(const char *x, const char *e) {
    const char *v = wm__j_get(x, e, "normalized"), *sp = wm__j_get(x, e, "special");
    return v ? *v == 't' : !(sp && *sp == 't');
}

static wm_status wm__added_nz_text(const wm__tokb *b, const char *content, unsigned char *dst, size_t *len);

/* Counts vocab entries, merges and added tokens (the sizes of the tables),
   checking ids and added-token fields. */
static wm_status wm__tok_scan_count(wm__cfgr *r, wm__tokb *b) {
    const char *e = b->e, *k, *v, *x;
    wm__jit it;
    wm__j_iter(&it, b->vocab, e);
    while (wm__j_next(&it, &k, &v)) {
        double d;
        size_t len = wm__j_str(k, e, NULL, 0);
        if (!wm__j_double(v, e, &d) || d < 0 || d >= WM__MAX_VOCAB || d != floor(d))
            return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: vocab ids must be integers in 0..16777215");
        if ((int32_t)d > b->max_id) b->max_id = (int32_t)d;
        b->n_entries++;
        b->vocab_bytes += len;
    }
    wm__j_iter(&it, b->merges, e);
    while (wm__j_next(&it, NULL, &v)) b->n_merges++;
    if (b->added) {
        if (*b->added != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: added_tokens is not a list");
        wm__j_iter(&it, b->added, e);
        while (wm__j_next(&it, NULL, &x)) {
            const char *c = wm__cfg_get(r, x, "content"), *idv = wm__cfg_get(r, x, "id");
            double d;
            if (!c || *c != '"' || !idv || !wm__j_double(idv, e, &d) || d < 0 || d >= WM__MAX_VOCAB || d != floor(d))
                return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: added token %zu needs an integer id and a content string", b->n_added);
            if (wm__j_str(c, e, NULL, 0) == 0) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: an added token is empty");
            if ((int32_t)d > b->max_id) b->max_id = (int32_t)d;
            b->added_text += wm__j_str(c, e, NULL, 0);
            if (wm__added_is_nz(x, e)) { /* its normalized text too */
                size_t nl;
                wm_status st = wm__added_nz_text(b, c, NULL, &nl);
                if (st != WM_OK) return st;
                if (!nl) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: added token %zu is empty once normalized", b->n_added);
                b->added_match += nl;
            }
            b->n_added++;
        }
    }
    if (b->max_id < 0) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: empty vocab");
    if (b->n_merges > WM__MAX_VOCAB || b->n_entries > WM__MAX_VOCAB || b->n_added > 1000000 || b->vocab_bytes > 0x40000000u ||
        b->added_text > 0x40000000u || b->added_match > 0x40000000u)
        return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: too many vocab entries, merges or added tokens");
    return WM_OK;
}

/* The decoder: ByteLevel for a byte-level BPE; otherwise Replace(U+2581 ->
   ' '), ByteFallback, Fuse, Strip(' ', n, 0) or Metaspace, alone or in a
   Sequence. The token texts are decoded once at load (dec_bytes). */
static wm_status wm__tok_scan_dec(wm__cfgr *r, wm__tokb *b, const char *dc) {
    const char *e = b->e, *x, *steps[8];
    char ty[32];
    int n = 0, i, space = 0;
    wm__jit it;
    if (!dc) return wm__tok_fail(b->err, "decoder null");
    wm__cfg_str_in(r, dc, "type", ty, sizeof ty);
    if (!strcmp(ty, "Sequence")) {
        const char *seq = wm__cfg_get(r, dc, "decoders");
        if (!seq || *seq != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: decoder Sequence without a decoders list");
        wm__j_iter(&it, seq, e);
        while (wm__j_next(&it, NULL, &x)) {
            if (n == 8) return wm__tok_fail(b->err, "a decoder Sequence of more than 8 steps");
            steps[n++] = x;
        }
    } else {
        steps[n++] = dc;
    }
    b->dec_strip = 0;
    for (i = 0; i < n; i++) {
        unsigned char a[16], c[16];
        wm__cfg_str_in(r, steps[i], "type", ty, sizeof ty);
        if (b->byte_level) {
            if (strcmp(ty, "ByteLevel")) return wm__tok_fail(b->err, "a byte-level BPE's decoder other than ByteLevel");
            space = 1;
        } else if (!strcmp(ty, "Replace")) {
            const char *pt = wm__cfg_get(r, steps[i], "pattern");
            if (wm__short_str(pt && *pt == '{' ? wm__cfg_get(r, pt, "String") : NULL, e, a) != 3 || memcmp(a, "\xe2\x96\x81", 3) ||
                wm__short_str(wm__cfg_get(r, steps[i], "content"), e, c) != 1 || c[0] != ' ')
                return wm__tok_fail(b->err, "decoder Replace other than U+2581 -> ' '");
            space = 1;
        } else if (!strcmp(ty, "Metaspace")) {
            char sch[16] = "always";
            const char *ps = wm__cfg_get(r, steps[i], "prepend_scheme"), *ap = wm__cfg_get(r, steps[i], "add_prefix_space");
            if (ps) wm__cfg_str_in(r, steps[i], "prepend_scheme", sch, sizeof sch);
            else if (ap && *ap == 'f') strcpy(sch, "never");
            b->dec_strip = strcmp(sch, "never") != 0;
            space = 1;
        } else if (!strcmp(ty, "Strip")) {
            int start = wm__cfg_int_in(r, steps[i], "start", 0, 0, 0, 64), stop = wm__cfg_int_in(r, steps[i], "stop", 0, 0, 0, 64);
            if (wm__short_str(wm__cfg_get(r, steps[i], "content"), e, c) != 1 || c[0] != ' ' || stop)
                return wm__tok_fail(b->err, "decoder Strip other than of leading spaces");
            b->dec_strip = start;
        } else if (strcmp(ty, "ByteFallback") && strcmp(ty, "Fuse")) {
            char msg[96];
            wm__fmt(msg, sizeof msg, "decoder '%s'", ty);
            return wm__tok_fail(b->err, msg);
        }
    }
    if (!space) return wm__tok_fail(b->err, "a decoder without ByteLevel, Metaspace or Replace(U+2581 -> ' ')");
    return WM_OK;
}

static wm_status wm__tok_scan(wm__tokb *b, const char *json, size_t n) {
    static const char *const root_keys[6] = {"model", "normalizer", "pre_tokenizer", "decoder", "post_processor", "added_tokens"};
    static const char *const model_keys[8] = {"type", "byte_fallback", "continuing_subword_prefix", "end_of_word_suffix",
                                              "vocab", "merges", "ignore_merges", "unk_token"};
    const char *e = json + n, *p, *root, *model, *pre, *v, *rv[6], *mv[8];
    char s[64];
    wm__cfgr r;
    wm_status st;
    wm_error *err = b->err;
    memset(b, 0, sizeof *b);
    b->err = err;
    b->json = json;
    b->e = e;
    b->max_id = -1;
    p = wm__j_value(json, e, WM__JSON_DEPTH);
    if (!p || wm__j_ws(p, e) != e) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: not valid JSON");
    root = wm__j_ws(json, e);
    if (*root != '{') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: the top level is not an object");
    r.obj = root; r.e = e; r.file = "tokenizer.json"; r.code = WM_ERR_FORMAT; r.err = b->err; r.st = WM_OK;
    wm__j_fields(root, e, root_keys, 6, rv);
    model = rv[0];
    if (!model || *model != '{') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: no model object");
    wm__j_fields(model, e, model_keys, 8, mv);
    if (!mv[0] || *mv[0] != '"' || wm__j_str(mv[0], e, s, sizeof s) >= sizeof s || strcmp(s, "BPE")) {
        char msg[128];
        s[sizeof s - 1] = 0; /* a long name, cut */
        wm__fmt(msg, sizeof msg, "model '%s' is not supported (wm.h reads BPE; not WordPiece or Unigram)", mv[0] && *mv[0] == '"' ? s : "?");
        return wm__tok_fail(b->err, msg);
    }

    if ((mv[2] && *mv[2] == '"' && wm__j_str(mv[2], e, NULL, 0)) || (mv[3] && *mv[3] == '"' && wm__j_str(mv[3], e, NULL, 0)))
        return wm__tok_fail(b->err, "BPE continuing_subword_prefix / end_of_word_suffix (other than \"\")");
    if ((st = wm__tok_scan_norm(&r, b, rv[1])) != WM_OK) return st;
    pre = rv[2];
    if ((st = wm__tok_scan_pre(&r, b, pre)) != WM_OK) return st;
    b->byte_fallback = mv[1] && *mv[1] == 't';
    v = wm__j_get(model, e, "fuse_unk");
    b->fuse_unk = v && *v == 't';
    v = wm__j_get(model, e, "wm_lenient_merges"); /* wm_gguf_tokenizer_json's: llama.cpp keeps merges of a cut vocabulary */
    b->lenient = v && *v == 't';
    v = wm__j_get(model, e, "wm_id_merges"); /* wm_gguf_tokenizer_json's SentencePiece merges: [a, b, a+b] ids */
    b->id_merges = v && *v == 't';
    if (b->byte_level && b->byte_fallback) return wm__tok_fail(b->err, "byte_fallback in a byte-level BPE");

    if ((st = wm__tok_scan_dec(&r, b, rv[3])) != WM_OK) return st;
    b->vocab = mv[4];
    b->merges = mv[5];
    if (!b->vocab || *b->vocab != '{' || !b->merges || *b->merges != '[')
        return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: model needs a vocab object and a merges list");
    v = mv[6];
    b->ignore_merges = v && *v == 't';
    b->unk = mv[7];
    if (b->unk && *b->unk != '"') b->unk = NULL;
    if ((st = wm__tok_scan_post(&r, b, rv[4])) != WM_OK) return st;
    b->added = rv[5];
    if ((st = wm__tok_scan_count(&r, b)) != WM_OK) return st;
    if (r.st != WM_OK) return r.st;
    return b->tmpl ? wm__tok_template(b) : WM_OK;
}

/* Carves the tokenizer (measuring when a->base is NULL). */
static wm_tokenizer *wm__tok_carve(wm__arena *a, const wm__tokb *b) {
    wm_tokenizer *t = (wm_tokenizer *)wm__alloc(a, 1, WM__SLOT_wm_tokenizer);
    size_t nv = (size_t)b->max_id + 1;
    uint32_t vm = wm__pow2_above(b->n_entries + b->n_added), mm = wm__pow2_above(b->n_merges);
    uint32_t *off = (uint32_t *)wm__alloc(a, nv, 4), *len = (uint32_t *)wm__alloc(a, nv, 4);
    unsigned char *bytes = (unsigned char *)wm__alloc(a, b->vocab_bytes + b->added_text + 1, 1);
    unsigned char *flags = (unsigned char *)wm__alloc(a, nv, 1);
    int32_t *vh = (int32_t *)wm__alloc(a, vm, 4);
    wm__merge *mh = (wm__merge *)wm__alloc(a, mm, WM__SLOT_wm__merge);
    int32_t *added = (int32_t *)wm__alloc(a, b->n_added + 1, 4);
    uint32_t *aoff = (uint32_t *)wm__alloc(a, b->n_added + 1, 4), *alen = (uint32_t *)wm__alloc(a, b->n_added + 1, 4);
    uint32_t *aroff = (uint32_t *)wm__alloc(a, b->n_added + 1, 4), *arlen = (uint32_t *)wm__alloc(a, b->n_added + 1, 4);
    unsigned char *anz = (unsigned char *)wm__alloc(a, b->n_added + 1, 1);
    unsigned char *abytes = (unsigned char *)wm__alloc(a, b->added_text + b->added_match + 2, 1); /* contents, NUL, normalized texts */
    wm__acn *ac = (wm__acn *)wm__alloc(a, b->added_text + b->added_match + 1, WM__SLOT_wm__acn); /* a node per byte at most, and the root */
    int32_t *aro = (int32_t *)wm__alloc(a, b->n_added + 1, 4);
    uint32_t *doff = b->byte_level ? NULL : (uint32_t *)wm__alloc(a, nv, 4), *dlen = b->byte_level ? NULL : (uint32_t *)wm__alloc(a, nv, 4);
    unsigned char *dbytes = b->byte_level ? NULL : (unsigned char *)wm__alloc(a, b->vocab_bytes + b->added_text + 1, 1);
    if (t) {
        memset(t, 0, sizeof *t);
        t->n_vocab = (int)nv;
        t->tok_off = off; t->tok_len = len; t->tok_bytes = bytes; t->tok_flags = flags;
        t->vocab_hash = vh; t->vocab_mask = vm - 1;
        t->merge_hash = mh; t->merge_mask = mm - 1;
        t->added = added; t->added_off = aoff; t->added_len = alen; t->added_bytes = abytes;
        t->added_roff = aroff; t->added_rlen = arlen; t->added_nz = anz; t->ac = ac; t->added_rorder = aro;
        t->dec_off = doff; t->dec_len = dlen; t->dec_bytes = dbytes;
        t->byte_level = b->byte_level;
    }
    return t;
}

static void wm__vocab_put(wm_tokenizer *t, int32_t id) {
    uint32_t h = wm__hash(t, t->tok_bytes + t->tok_off[id], t->tok_len[id]) & t->vocab_mask;
    while (t->vocab_hash[h] >= 0) {
        int32_t o = t->vocab_hash[h];
        if (t->tok_len[o] == t->tok_len[id] && !memcmp(t->tok_bytes + t->tok_off[o], t->tok_bytes + t->tok_off[id], t->tok_len[id])) {
            t->vocab_hash[h] = id; /* the same bytes twice: the later id wins, as in a JSON object */
            return;
        }
        h = (h + 1) & t->vocab_mask;
    }
    t->vocab_hash[h] = id;
}

/* Added token i before j: text in lexicographic order (a prefix first),
   then file order (their contents were laid out in file order). */
static int wm__added_before(const wm_tokenizer *t, int i, int j) {
    uint32_t li = t->added_len[i], lj = t->added_len[j];
    int c = memcmp(t->added_bytes + t->added_off[i], t->added_bytes + t->added_off[j], WM__MIN(li, lj));
    if (c) return c < 0;
    if (li != lj) return li < lj;
    return t->added_roff[i] < t->added_roff[j];
}

/* The same with the texts read backwards (a suffix first). */
static int wm__added_before_rev(const wm_tokenizer *t, int i, int j) {
    uint32_t li = t->added_len[i], lj = t->added_len[j], k, m = WM__MIN(li, lj);
    const unsigned char *a = t->added_bytes + t->added_off[i] + li, *b = t->added_bytes + t->added_off[j] + lj;
    for (k = 1; k <= m; k++)
        if (a[-(long)k] != b[-(long)k]) return a[-(long)k] < b[-(long)k];
    if (li != lj) return li < lj;
    return t->added_roff[i] < t->added_roff[j];
}

static void wm__added_swap(wm_tokenizer *t, int i, int j) {
    int32_t id = t->added[i];
    uint32_t o = t->added_off[i], l = t->added_len[i], ro = t->added_roff[i], rl = t->added_rlen[i];
    unsigned char nz = t->added_nz[i];
    t->added[i] = t->added[j]; t->added_off[i] = t->added_off[j]; t->added_len[i] = t->added_len[j];
    t->added_roff[i] = t->added_roff[j]; t->added_rlen[i] = t->added_rlen[j]; t->added_nz[i] = t->added_nz[j];
    t->added[j] = id; t->added_off[j] = o; t->added_len[j] = l;
    t->added_roff[j] = ro; t->added_rlen[j] = rl; t->added_nz[j] = nz;
}

/* The child of node s with byte c, or -1 (binary search of its children). */
static int32_t wm__ac_child(const wm_tokenizer *t, int32_t s, unsigned char c) {
    int32_t lo = t->ac[s].child, hi = lo + t->ac[s].n_child;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (t->ac[mid].byte < c) lo = mid + 1; else hi = mid;
    }
    return lo < t->ac[s].child + t->ac[s].n_child && t->ac[lo].byte == c ? lo : -1;
}

/* The automaton's step from node s on byte c (failure links until a child has c). */
static int32_t wm__ac_step(const wm_tokenizer *t, int32_t s, unsigned char c) {
    for (;;) {
        int32_t g = wm__ac_child(t, s, c);
        if (g >= 0) return g;
        if (s == 0) return 0;
        s = t->ac[s].fail;
    }
}

/* Sorts the added tokens (heapsort, O(n log n) in place) so that the
   tokens sharing a prefix form a range, indexes them by first byte, and
   builds the Aho-Corasick automaton of their reversed texts breadth first
   (rorder: their indices sorted by reversed text): each node splits its
   range of rorder by the next byte (read backwards) into its children,
   whose failure links come from the parent's, so the nodes are at most the
   texts' bytes and the build is linear in them (times the 256 bytes a node
   can branch). */
static void wm__added_sort(wm_tokenizer *t) {
    int n = t->n_added, i = n / 2 - 1, j, end = n, k;
    int32_t s, *ro = t->added_rorder;
    for (;;) { /* heapify, then move the largest to the end */
        int root, child;
        if (i >= 0) root = i--;
        else if (--end > 0) { wm__added_swap(t, 0, end); root = 0; }
        else break;
        while ((child = 2 * root + 1) < end) {
            if (child + 1 < end && wm__added_before(t, child, child + 1)) child++;
            if (!wm__added_before(t, root, child)) break;
            wm__added_swap(t, root, child);
            root = child;
        }
    }
    for (i = 0, j = 0; i <= 256; i++) {
        while (j < n && t->added_bytes[t->added_off[j]] < i) j++;
        t->added_first[i] = j;
    }
    memset(t->added_lead, 0, sizeof t->added_lead);
    t->added_max = 0;
    for (i = 0; i < n; i++) {
        if (!t->added_len[i]) continue;
        t->added_lead[t->added_bytes[t->added_off[i]]] |= (unsigned char)(1 << t->added_nz[i]);
        t->added_max = WM__MAX(t->added_max, (size_t)t->added_len[i]);
    }
    for (i = 0; i < n; i++) ro[i] = i;
    for (i = n / 2 - 1, end = n;;) { /* the same heapsort of the indices, by reversed text */
        int root, child;
        int32_t tmp;
        if (i >= 0) root = i--;
        else if (--end > 0) { tmp = ro[0]; ro[0] = ro[end]; ro[end] = tmp; root = 0; }
        else break;
        while ((child = 2 * root + 1) < end) {
            if (child + 1 < end && wm__added_before_rev(t, ro[child], ro[child + 1])) child++;
            if (!wm__added_before_rev(t, ro[root], ro[child])) break;
            tmp = ro[root]; ro[root] = ro[child]; ro[child] = tmp;
            root = child;
        }
    }
    t->added_depth = 64;
    memset(&t->ac[0], 0, sizeof t->ac[0]);
    t->ac[0].out[0] = 0; t->ac[0].out[1] = n; t->ac[0].child = 0; /* the root: range [0, n), depth 0 */
    t->n_ac = 1;
    for (s = 0; s < t->n_ac; s++) {
        wm__acn *x = &t->ac[s];
        int lo = x->out[0], hi = x->out[1];
        uint32_t d = (uint32_t)x->child;
        int32_t term[2] = {-1, -1};
        for (; lo < hi && t->added_len[ro[lo]] == d; lo++) /* the texts spelled here: the first of each set in file order */
            if (d && term[t->added_nz[ro[lo]]] < 0) term[t->added_nz[ro[lo]]] = ro[lo];
        x->child = t->n_ac;
        x->n_child = 0;
        while (lo < hi) { /* a child per byte d (read backwards) */
            const unsigned char c = t->added_bytes[t->added_off[ro[lo]] + t->added_len[ro[lo]] - 1 - d];
            wm__acn *y = &t->ac[t->n_ac];
            int g = lo;
            while (g < hi && t->added_bytes[t->added_off[ro[g]] + t->added_len[ro[g]] - 1 - d] == c) g++;
            memset(y, 0, sizeof *y);
            y->byte = c;
            y->out[0] = lo; y->out[1] = g; y->child = (int32_t)(d + 1);
            if (s == 0) y->fail = 0;
            else { /* the longest proper suffix of the child's string that is a node */
                int32_t f = x->fail, h;
                while ((h = wm__ac_child(t, f, c)) < 0 && f) f = t->ac[f].fail;
                y->fail = h >= 0 ? h : 0;
            }
            x->n_child++;
            t->n_ac++;
            lo = g;
        }
        for (k = 0; k < 2; k++) x->out[k] = term[k] >= 0 ? term[k] : s ? t->ac[x->fail].out[k] : -1;
    }
}

/* The added token of set nz (0: matched in the raw text, 1: in normalized
   text) at p (leftmost-longest: the longest one starting here, the first
   in the file among equal ones), -1 if none, -2 when the text at p agrees
   with some token for more than max_depth bytes (then the automaton
   decides). The tokens sharing the bytes read so far are a range of the
   sorted list; each byte narrows it by binary search, so a position costs
   O(depth log n): the fast path, as most positions match a few bytes. */
static int wm__added_at(const wm_tokenizer *t, const unsigned char *p, const unsigned char *e, int nz, size_t max_depth) {
    int lo = t->added_first[*p], hi = t->added_first[*p + 1], best = -1;
    size_t k = 1, room = (size_t)(e - p);
    while (lo < hi) {
        int a, b;
        if (t->added_len[lo] == k) { /* the tokens equal to p[0..k): the first of the set (nz) in file order */
            for (; lo < hi && t->added_len[lo] == k; lo++)
                if (best < 0 || t->added_len[best] < k) { if (t->added_nz[lo] == nz) best = lo; }
        }
        if (lo >= hi || k >= room) break;
        if (k >= max_depth) return -2;
        for (a = lo, b = hi; a < b;) { /* first with byte k >= p[k] */
            int mid = a + (b - a) / 2;
            if (t->added_bytes[t->added_off[mid] + k] < p[k]) a = mid + 1; else b = mid;
        }
        lo = a;
        for (b = hi; a < b;) { /* first with byte k > p[k] */
            int mid = a + (b - a) / 2;
            if (t->added_bytes[t->added_off[mid] + k] <= p[k]) a = mid + 1; else b = mid;
        }
        hi = a;
        k++;
    }
    return best;
}

/* The added tokens of set nz starting at each position of a window of the
   text: win[i] for p + i is the longest one (the first in the file among
   equal texts), -1 if none. The automaton reads the text backwards from
   the window's end plus the longest text (or from e), so a window costs its
   length plus that margin. */
static void wm__added_window(const wm_tokenizer *t, const unsigned char *p, size_t n, const unsigned char *e, int nz, int32_t *win) {
    const unsigned char *q = (size_t)(e - p) - n > t->added_max ? p + n + t->added_max : e;
    int32_t s = 0;
    while (q > p) {
        s = wm__ac_step(t, s, *--q);
        if ((size_t)(q - p) < n) win[q - p] = t->ac[s].out[nz];
    }
}

/* Fills a carved tokenizer from the JSON. */
/* Phase 1 of the fill: empty tables and the secret of the keyed hashes. */
static void wm__tok_fill_tables(wm_tokenizer *t, const wm__tokb *b) {
    const char *e = b->e;
    int i;
    memset(t->tok_flags, 0, (size_t)t->n_vocab);
    memset(t->tok_len, 0, sizeof(uint32_t) * (size_t)t->n_vocab);
    memset(t->tok_off, 0, sizeof(uint32_t) * (size_t)t->n_vocab);
    for (i = 0; i <= (int)t->vocab_mask; i++) t->vocab_hash[i] = -1;
    for (i = 0; i <= (int)t->merge_mask; i++) t->merge_hash[i].a = -1;
    wm__sip_key(t->hash_key, b->json, (size_t)(e - b->json));
    t->pair_add = t->hash_key[0] ^ WM__ROTL(t->hash_key[1], 29);
    for (t->merge_shift = 64; ((uint64_t)1 << (64 - t->merge_shift)) <= t->merge_mask; t->merge_shift--) {}
    t->unk = -1;
}

/* Phase 2: the model vocab (bytes after un-mapping, or the raw text when it
   is not byte-level) into the text pool from *pos. */
static void wm__tok_fill_vocab(wm_tokenizer *t, const wm__tokb *b, size_t *pos_io) {
    const char *e = b->e, *k, *v;
    size_t pos = *pos_io;
    wm__jit it;
    int i;
    wm__j_iter(&it, b->vocab, e);
    while (wm__j_next(&it, &k, &v)) {
        double d;
        char *dst = (char *)t->tok_bytes + pos;
        size_t len = wm__j_str(k, e, dst, (size_t)-1);
        long ub = t->byte_level ? wm__unmap(dst, len, NULL) : (long)len;
        int32_t id;
        wm__j_double(v, e, &d);
        id = (int32_t)d;
        if (ub >= 0 && t->byte_level) { wm__unmap(dst, len, (unsigned char *)dst); len = (size_t)ub; }
        t->tok_off[id] = (uint32_t)pos;
        t->tok_len[id] = (uint32_t)len;
        t->tok_flags[id] = WM__TOK_PRESENT | (ub >= 0 ? WM__TOK_HASHED : 0);
        pos += len;
    }
    for (i = 0; i < t->n_vocab; i++)
        if (t->tok_flags[i] & WM__TOK_HASHED) wm__vocab_put(t, i);
    *pos_io = pos;
}

/* Non-byte-level: the decoded text of each token (U+2581 -> ' ', a
   byte-fallback token <0xXX> -> that byte; added tokens as they are). */
static void wm__tok_fill_dec(wm_tokenizer *t) {
    size_t pos = 0;
    int i;
    for (i = 0; i < 256; i++) /* byte tokens first: they decode to their byte */
        if (t->byte_tok[i] >= 0) { t->dec_bytes[pos] = (unsigned char)i; t->dec_off[t->byte_tok[i]] = (uint32_t)pos++; t->dec_len[t->byte_tok[i]] = 1; }
    for (i = 0; i < t->n_vocab; i++) {
        const unsigned char *p = t->tok_bytes + t->tok_off[i];
        size_t n = t->tok_len[i], k;
        if (t->tok_flags[i] & WM__TOK_BYTE) continue;
        t->dec_off[i] = (uint32_t)pos;
        for (k = 0; k < n; k++) {
            if (k + 2 < n && p[k] == 0xe2 && p[k + 1] == 0x96 && p[k + 2] == 0x81) {
                t->dec_bytes[pos++] = ' ';
                k += 2;
            } else {
                t->dec_bytes[pos++] = p[k];
            }
        }
        t->dec_len[i] = (uint32_t)(pos - t->dec_off[i]);
    }
}

/* Phase 3: added tokens, matched on raw text, or ("normalized") on the
   normalized text as the normalizer writes their content, as the
   tokenizers library does; decoded through the byte-level map when they
   can be. Then the single-byte tokens. */
static wm_status wm__tok_fill_added(wm_tokenizer *t, const wm__tokb *b, size_t pos) {
    const char *e = b->e, *x;
    wm__jit it;
    size_t apos = 0, npos = b->added_text + 1; /* contents from 0 (each written with a NUL after it), normalized texts after them */
    int i;
    t->n_added = t->n_added_nz = 0;
    if (b->added) {
        wm__j_iter(&it, b->added, e);
        while (wm__j_next(&it, NULL, &x)) {
            const char *c = wm__j_get(x, e, "content"), *sp = wm__j_get(x, e, "special");
            double d;
            size_t len;
            char *dst = (char *)t->tok_bytes + pos;
            int32_t id;
            long ub;
            int k = t->n_added++;
            wm__j_double(wm__j_get(x, e, "id"), e, &d);
            id = (int32_t)d;
            len = wm__j_str(c, e, (char *)t->added_bytes + apos, (size_t)-1);
            t->added[k] = id;
            t->added_roff[k] = t->added_off[k] = (uint32_t)apos;
            t->added_rlen[k] = t->added_len[k] = (uint32_t)len;
            t->added_nz[k] = (unsigned char)wm__added_is_nz(x, e);
            if (t->added_nz[k]) { /* matched as the normalizer writes it */
                size_t nl;
                wm_status st = wm__added_nz_text(b, c, t->added_bytes + npos, &nl);
                if (st != WM_OK) return st;
                t->added_off[k] = (uint32_t)npos;
                t->added_len[k] = (uint32_t)nl;
                npos += nl;
                t->n_added_nz++;
            }
            memcpy(dst, t->added_bytes + apos, len);
            ub = t->byte_level ? wm__unmap(dst, len, NULL) : -1;
            if (ub >= 0) { wm__unmap(dst, len, (unsigned char *)dst); len = (size_t)ub; }
            if (ub >= 0 || !t->byte_level) { /* content the model's vocab has as a key: the library uses that id */
                int32_t vid = wm__vocab_get(t, (const unsigned char *)dst, len);
                if (vid >= 0 && vid != id && (t->tok_flags[vid] & WM__TOK_HASHED)) t->added[k] = vid;
            }
            t->tok_off[id] = (uint32_t)pos;
            t->tok_len[id] = (uint32_t)len;
            {
                const char *ls = wm__j_get(x, e, "lstrip"), *rs = wm__j_get(x, e, "rstrip"), *sw = wm__j_get(x, e, "single_word");
                t->tok_flags[id] = (unsigned char)(WM__TOK_PRESENT | WM__TOK_ADDED | (sp && *sp == 't' ? WM__TOK_SPECIAL : 0) |
                                                   (ls && *ls == 't' ? WM__TOK_LSTRIP : 0) | (rs && *rs == 't' ? WM__TOK_RSTRIP : 0) |
                                                   (sw && *sw == 't' ? WM__TOK_SINGLE : 0));
                if (t->added[k] != id) /* matched under the vocab's id: its options go there */
                    t->tok_flags[t->added[k]] |= (unsigned char)(t->tok_flags[id] & (WM__TOK_LSTRIP | WM__TOK_RSTRIP | WM__TOK_SINGLE));
            }
            pos += len;
            apos += t->added_rlen[k];
        }
    }
    for (t->max_len = 0, i = 0; i < t->n_vocab; i++) t->max_len = WM__MAX(t->max_len, (size_t)t->tok_len[i]);
    wm__added_sort(t);
    for (i = 0; i < 256; i++) { /* the token of each byte: itself, or <0xXX> with byte_fallback */
        unsigned char byte = (unsigned char)i, hex[8];
        static const char hx[] = "0123456789ABCDEF";
        hex[0] = '<'; hex[1] = '0'; hex[2] = 'x'; hex[3] = (unsigned char)hx[i >> 4]; hex[4] = (unsigned char)hx[i & 15]; hex[5] = '>';
        t->byte_tok[i] = t->byte_level ? wm__vocab_get(t, &byte, 1) : b->byte_fallback ? wm__vocab_get(t, hex, 6) : -1;
        if (t->byte_tok[i] >= 0 && !t->byte_level) t->tok_flags[t->byte_tok[i]] |= WM__TOK_BYTE;
    }
    if (!t->byte_level) wm__tok_fill_dec(t);
    /* merges cannot cross "x U+2581" unless some token spans one: the x of such tokens (a few at most) block a split */
    t->sp_split = !t->byte_level;
    t->n_sp_block = 0;
    for (i = 0; t->sp_split && i < t->n_vocab; i++) {
        const unsigned char *p = t->tok_bytes + t->tok_off[i];
        size_t n = t->tok_len[i], k;
        if (!(t->tok_flags[i] & WM__TOK_HASHED)) continue;
        for (k = 1; k + 2 < n; k++)
            if (p[k] == 0xe2 && p[k + 1] == 0x96 && p[k + 2] == 0x81 && !(k >= 3 && p[k - 3] == 0xe2 && p[k - 2] == 0x96 && p[k - 1] == 0x81)) {
                uint32_t before = wm__cp_before(p, p + k, NULL);
                int j;
                for (j = 0; j < t->n_sp_block && t->sp_block[j] != before; j++) {}
                if (j < t->n_sp_block) continue;
                if (t->n_sp_block == (int)(sizeof t->sp_block / sizeof t->sp_block[0])) { t->sp_split = 0; break; } /* too many: no split */
                t->sp_block[t->n_sp_block++] = before;
            }
    }
    return WM_OK;
}

/* Phase 4: merges, "a b" strings or ["a", "b"] pairs; rank = position; a
   repeated pair keeps the later rank. */
static wm_status wm__tok_fill_merges(wm_tokenizer *t, const wm__tokb *b) {
    const char *e = b->e, *v;
    size_t rank = 0;
    wm__jit it;
    wm__j_iter(&it, b->merges, e);
    while (wm__j_next(&it, NULL, &v)) {
        char buf[4096], *sp; /* a merge's text, then its bytes (un-mapped in place: never longer) */
        unsigned char *ab = (unsigned char *)buf;
        size_t la, lb;
        long ua, ub;
        int32_t ia, ib, inew;
        uint32_t h;
        if (b->id_merges) { /* [a, b, a+b]: ids in range, lengths that add up (the texts are the builder's) */
            wm__jit pi;
            const char *q;
            double x[3];
            int cnt = 0;
            if (*v != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is not an id triple", rank);
            wm__j_iter(&pi, v, e);
            while (wm__j_next(&pi, NULL, &q)) {
                if (cnt < 3 && !wm__j_double(q, e, &x[cnt])) cnt = 4;
                cnt++;
            }
            if (cnt != 3 || x[0] < 0 || x[1] < 0 || x[2] < 0 || x[0] >= t->n_vocab || x[1] >= t->n_vocab || x[2] >= t->n_vocab ||
                x[0] != (int32_t)x[0] || x[1] != (int32_t)x[1] || x[2] != (int32_t)x[2])
                return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is not a triple of token ids", rank);
            ia = (int32_t)x[0]; ib = (int32_t)x[1]; inew = (int32_t)x[2];
            if (!(t->tok_flags[ia] & WM__TOK_PRESENT) || !(t->tok_flags[ib] & WM__TOK_PRESENT) || !(t->tok_flags[inew] & WM__TOK_PRESENT) ||
                (uint64_t)t->tok_len[ia] + t->tok_len[ib] != t->tok_len[inew])
                return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu: tokens %d + %d do not make token %d", rank, (int)ia, (int)ib,
                                (int)inew);
            goto insert;
        }
        if (*v == '"') {
            if (wm__j_str(v, e, buf, sizeof buf) >= sizeof buf)
                return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is longer than %d bytes", rank, (int)sizeof buf - 1);
            sp = strchr(buf, ' ');
            if (!sp) return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is not 'a b'", rank);
            *sp = 0;
            la = (size_t)(sp - buf);
            lb = strlen(sp + 1);
            memmove(buf + la, sp + 1, lb + 1);
        } else {
            wm__jit pi;
            const char *pa = NULL, *pb = NULL, *q;
            int cnt = 0;
            if (*v != '[') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is neither a string nor a pair", rank);
            wm__j_iter(&pi, v, e);
            while (wm__j_next(&pi, NULL, &q)) { if (cnt == 0) pa = q; else pb = q; cnt++; }
            if (cnt != 2 || *pa != '"' || *pb != '"') return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is not a pair of strings", rank);
            la = wm__j_str(pa, e, NULL, 0);
            lb = wm__j_str(pb, e, NULL, 0);
            if (la + lb >= sizeof buf)
                return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu is longer than %d bytes", rank, (int)sizeof buf - 1);
            wm__j_str(pa, e, buf, la + 1);
            wm__j_str(pb, e, buf + la, lb + 1);
        }
        ua = t->byte_level ? wm__unmap(buf, la, ab) : (long)la;
        ub = ua >= 0 ? (t->byte_level ? wm__unmap(buf + la, lb, ab + ua) : (long)lb) : -1;
        ia = ua >= 0 ? wm__vocab_get(t, ab, (size_t)ua) : -1;
        ib = ub >= 0 ? wm__vocab_get(t, ab + ua, (size_t)ub) : -1;
        inew = ia >= 0 && ib >= 0 ? wm__vocab_get(t, ab, (size_t)(ua + ub)) : -1;
        if (inew < 0 && b->lenient) { rank++; continue; } /* it can never apply */
        if (inew < 0) {
            buf[la + lb] = 0;
            return wm__fail(b->err, WM_ERR_FORMAT, "tokenizer.json: merge %zu uses a token missing from the vocab", rank);
        }
    insert:
        for (h = wm__pair_slot(t, ia, ib); t->merge_hash[h].a >= 0; h = (h + 1) & t->merge_mask)
            if (t->merge_hash[h].a == ia && t->merge_hash[h].b == ib) break;
        t->merge_hash[h].a = ia;
        t->merge_hash[h].b = ib;
        t->merge_hash[h].rank = (int32_t)rank;
        t->merge_hash[h].id = inew;
        rank++;
    }
    t->n_merges = (int)rank;
    t->n_merges = (int)rank;
    return WM_OK;
}

static wm_status wm__tok_fill(wm_tokenizer *t, const wm__tokb *b) {
    const char *e = b->e;
    size_t pos = 0;
    int i;
    wm_status st;
    wm__tok_fill_tables(t, b);
    wm__tok_fill_vocab(t, b, &pos);
    if ((st = wm__tok_fill_added(t, b, pos)) != WM_OK) return st;
    if ((st = wm__tok_fill_merges(t, b)) != WM_OK) return st;
    memcpy(t->prefix, b->prefix, sizeof t->prefix);
    memcpy(t->suffix, b->suffix, sizeof t->suffix);
    t->n_prefix = b->n_prefix;
    t->n_suffix = b->n_suffix;
    t->ignore_merges = b->ignore_merges;
    t->pre = b->pre;
    t->norm = b->norm;
    t->byte_fallback = b->byte_fallback;
    t->fuse_unk = b->fuse_unk;
    memcpy(t->ops, b->ops, sizeof t->ops);
    t->n_ops = b->n_ops;
    t->meta = b->meta;
    t->meta_split = b->meta_split;
    t->dec_strip = b->dec_strip;
    memcpy(t->steps, b->steps, sizeof t->steps);
    t->n_steps = b->n_steps;
    if (b->unk) {
        char name[256];
        size_t n = wm__j_str(b->unk, e, name, sizeof name);
        int32_t id = -1;
        for (i = 0; n < sizeof name && i < t->n_vocab; i++) /* unk_token names a vocab entry by its text */
            if ((t->tok_flags[i] & WM__TOK_PRESENT) && t->tok_len[i] == n && !memcmp(t->tok_bytes + t->tok_off[i], name, n)) id = i;
        t->unk = id;
    }
    return WM_OK;
}

/* ---- encoding -------------------------------------------------------------- */

typedef struct wm__sym { int32_t id, prev, next, alive; } wm__sym;
typedef struct wm__cand { int32_t rank, pos; } wm__cand;

static int wm__cand_less(const wm__cand *a, const wm__cand *b) {
    return a->rank != b->rank ? a->rank < b->rank : a->pos < b->pos;
}

static void wm__heap_push(wm__cand *h, int *n, wm__cand c) {
    int i = (*n)++;
    while (i > 0 && wm__cand_less(&c, &h[(i - 1) / 2])) { h[i] = h[(i - 1) / 2]; i = (i - 1) / 2; }
    h[i] = c;
}

/* Places v at hole i of the heap h[n], moving smaller children up. */
static void wm__heap_down(wm__cand *h, int n, int i, wm__cand v) {
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && wm__cand_less(&h[c + 1], &h[c])) c++;
        if (!wm__cand_less(&h[c], &v)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = v;
}

static wm__cand wm__heap_pop(wm__cand *h, int *n) {
    wm__cand top = h[0], last = h[--(*n)];
    if (*n > 0) wm__heap_down(h, *n, 0, last);
    return top;
}

/* Appends id to the output (counting past cap). */
static void wm__emit(int32_t *ids, size_t cap, size_t *n, int32_t id) {
    if (ids && *n < cap) ids[*n] = id;
    (*n)++;
}

/* BPE of a long pre-token in linear time, or 0 to say "use wm__bpe": the
   same merges in the same order, found by a bucket queue over ranks instead
   of a heap. It relies on what trained merges have: a merge creates a token
   only later merges use, so each merge's new pairs rank above it and the
   ranks are taken in increasing order, each bucket once; a merge list
   without that property is detected when a pair at or below the current
   rank appears, and the caller starts over with the heap. Within a rank,
   only runs of one symbol overlap (a pair names its rank): each run is
   merged left to right from its start, as the heap's (rank, position) order
   does. head: [2][n_merges] (heads, tails); pool: [3m] entries (rank = next link). */
static int wm__bpe_long(const wm_tokenizer *t, wm__sym *sy, int m, wm__cand *pool, int32_t *head) {
    int32_t *tail = head + t->n_merges; /* FIFO buckets: each merge's pushes come left to right, so a bucket
                                           is a few ascending sweeps of the word, not random jumps */
    int i, np = 0, r, k;
    for (r = 0; r < t->n_merges; r++) head[r] = -1;
    for (i = 0; i + 1 < m; i++) {
        const wm__merge *mg = wm__merge_get(t, sy[i].id, sy[i + 1].id);
        if (!mg) continue;
        pool[np].pos = i; pool[np].rank = -1;
        if (head[mg->rank] < 0) head[mg->rank] = np; else pool[tail[mg->rank]].rank = np;
        tail[mg->rank] = np++;
    }
    for (r = 0; r < t->n_merges; r++) {
        for (k = head[r]; k >= 0; k = pool[k].rank) {
            int p = pool[k].pos, nx;
            const wm__merge *mg;
            if (!sy[p].alive || (nx = sy[p].next) < 0 || !(mg = wm__merge_get(t, sy[p].id, sy[nx].id)) || mg->rank != r) continue;
            for (;;) { /* back to the start of a run of this pair */
                const wm__merge *l = sy[p].prev >= 0 ? wm__merge_get(t, sy[sy[p].prev].id, sy[p].id) : NULL;
                if (!l || l->rank != r) break;
                p = sy[p].prev;
            }
            while (p >= 0 && (nx = sy[p].next) >= 0 && (mg = wm__merge_get(t, sy[p].id, sy[nx].id)) != NULL && mg->rank == r) {
                const wm__merge *nb[2];
                int s;
                sy[p].id = mg->id;
                sy[nx].alive = 0;
                sy[p].next = sy[nx].next;
                if (sy[nx].next >= 0) sy[sy[nx].next].prev = p;
                nb[0] = sy[p].prev >= 0 ? wm__merge_get(t, sy[sy[p].prev].id, sy[p].id) : NULL;
                nb[1] = sy[p].next >= 0 ? wm__merge_get(t, sy[p].id, sy[sy[p].next].id) : NULL;
                for (s = 0; s < 2; s++) {
                    int q;
                    if (!nb[s]) continue;
                    if ((q = nb[s]->rank) <= r) return 0; /* not a trained merge order */
                    pool[np].pos = s ? p : sy[p].prev; pool[np].rank = -1;
                    if (head[q] < 0) head[q] = np; else pool[tail[q]].rank = np;
                    tail[q] = np++;
                }
                p = sy[p].next;
            }
        }
    }
    return 1;
}

/* One symbol per byte of w[n] (a byte without a token becomes unk or is
   dropped), linked; returns their number. */
static void wm__sym_add(wm__sym *sy, int *m, int32_t id) {
    sy[*m].id = id; sy[*m].prev = *m - 1; sy[*m].next = -1; sy[*m].alive = 1;
    if (*m > 0) sy[*m - 1].next = *m;
    (*m)++;
}

static int wm__all_bytes(const wm_tokenizer *t, const unsigned char *p, int l) {
    int k;
    for (k = 0; k < l; k++) if (t->byte_tok[p[k]] < 0) return 0;
    return 1;
}

/* The first symbols of a word: its bytes (byte-level), or its characters,
   an unknown one as its <0xXX> byte tokens (byte_fallback) or unk (fused
   with an unk before it under fuse_unk). */
static int wm__bpe_syms(const wm_tokenizer *t, const unsigned char *w, int n, wm__sym *sy) {
    int i, m = 0, l;
    for (i = 0; i < n; i += l) {
        int32_t id;
        l = 1;
        if (t->byte_level) {
            id = t->byte_tok[w[i]] >= 0 ? t->byte_tok[w[i]] : t->unk;
            if (id >= 0) wm__sym_add(sy, &m, id);
            continue;
        }
        l = wm__utf8_len(w + i, w + n);
        if (l == 0) l = 1;
        id = wm__vocab_get(t, w + i, (size_t)l);
        if (id >= 0) wm__sym_add(sy, &m, id);
        else if (t->byte_fallback && wm__all_bytes(t, w + i, l)) {
            int k;
            for (k = 0; k < l; k++) wm__sym_add(sy, &m, t->byte_tok[w[i + k]]);
        } else if (t->unk >= 0 && !(t->fuse_unk && m > 0 && sy[m - 1].id == t->unk)) {
            wm__sym_add(sy, &m, t->unk);
        }
    }
    return m;
}

/* BPE of one pre-token w[n] with scratch for n symbols and 3n candidates;
   head ([2][n_merges], or NULL) tries the linear bucket queue first. */
static void wm__bpe(const wm_tokenizer *t, const unsigned char *w, int n, wm__sym *sy, wm__cand *heap, int32_t *head, int32_t *ids,
                    size_t cap, size_t *out_n) {
    int i, nh = 0, m;
    if (t->ignore_merges) {
        int32_t id = wm__vocab_get(t, w, (size_t)n);
        if (id >= 0) { wm__emit(ids, cap, out_n, id); return; }
    }
    m = wm__bpe_syms(t, w, n, sy);
    if (head && wm__bpe_long(t, sy, m, heap, head)) goto emit;
    if (head) m = wm__bpe_syms(t, w, n, sy); /* the heap starts over */
    for (i = 0; i + 1 < m; i++) { /* the first candidates, then one O(m) heapify */
        const wm__merge *mg = wm__merge_get(t, sy[i].id, sy[i + 1].id);
        if (mg) { heap[nh].rank = mg->rank; heap[nh++].pos = i; }
    }
    for (i = nh / 2 - 1; i >= 0; i--) wm__heap_down(heap, nh, i, heap[i]);
    while (nh > 0) {
        wm__cand c = wm__heap_pop(heap, &nh);
        int nx = sy[c.pos].next;
        const wm__merge *mg;
        if (!sy[c.pos].alive || nx < 0) continue;
        mg = wm__merge_get(t, sy[c.pos].id, sy[nx].id);
        if (!mg || mg->rank != c.rank) continue; /* stale: the pair changed since */
        sy[c.pos].id = mg->id;
        sy[nx].alive = 0;
        sy[c.pos].next = sy[nx].next;
        if (sy[nx].next >= 0) sy[sy[nx].next].prev = c.pos;
        if (sy[c.pos].prev >= 0) {
            const wm__merge *l = wm__merge_get(t, sy[sy[c.pos].prev].id, sy[c.pos].id);
            if (l) { wm__cand d; d.rank = l->rank; d.pos = sy[c.pos].prev; wm__heap_push(heap, &nh, d); }
        }
        if (sy[c.pos].next >= 0) {
            const wm__merge *r = wm__merge_get(t, sy[c.pos].id, sy[sy[c.pos].next].id);
            if (r) { wm__cand d; d.rank = r->rank; d.pos = c.pos; wm__heap_push(heap, &nh, d); }
        }
    }
emit:
    for (i = m > 0 ? 0 : -1; i >= 0; i = sy[i].next) wm__emit(ids, cap, out_n, sy[i].id);
}

/* ---- a word cache for one long wm_tokenize call ------------------------------
   Words up to WM__WC_WORD bytes and their ids, so a repeated word is merged
   once. It lives for the call only (nothing is kept between calls, so
   tokenizing stays thread-safe); probes are bounded and the tables fixed,
   so no input makes it slower than merging every word. */
#define WM__WC_WORD 32
#define WM__WC_SLOTS 16384
#define WM__WC_ENTRIES 8192
typedef struct wm__wentry { uint64_t h; uint32_t boff, ioff; unsigned char blen, nid; } wm__wentry;
typedef struct wm__wcache {
    uint32_t slot[WM__WC_SLOTS];         /* entry + 1, 0 empty */
    wm__wentry ent[WM__WC_ENTRIES];
    unsigned char bytes[WM__WC_ENTRIES * 16];
    int32_t ids[WM__WC_ENTRIES * 8];
    uint32_t n_ent, n_bytes, n_ids;
} wm__wcache;

static void wm__bpe_cached(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *w, int n, wm__sym *sy, wm__cand *heap, int32_t *ids,
                           size_t cap, size_t *out_n) {
    uint64_t h = wm__fnv64(w, n);
    uint32_t s = (uint32_t)(h >> 50) & (WM__WC_SLOTS - 1), probe;
    int32_t tmp[WM__WC_WORD];
    size_t k = 0, i;
    for (probe = 0; probe < 8; probe++, s = (s + 1) & (WM__WC_SLOTS - 1)) {
        const wm__wentry *en;
        if (!wc->slot[s]) break;
        en = &wc->ent[wc->slot[s] - 1];
        if (en->h == h && en->blen == n && !memcmp(wc->bytes + en->boff, w, (size_t)n)) {
            for (i = 0; i < en->nid; i++) wm__emit(ids, cap, out_n, wc->ids[en->ioff + i]);
            return;
        }
    }
    wm__bpe(t, w, n, sy, heap, NULL, tmp, WM__WC_WORD, &k); /* at most one id per byte */
    for (i = 0; i < k; i++) wm__emit(ids, cap, out_n, tmp[i]);
    if (probe < 8 && !wc->slot[s] && wc->n_ent < WM__WC_ENTRIES && wc->n_bytes + (uint32_t)n <= sizeof wc->bytes &&
        wc->n_ids + k <= sizeof wc->ids / sizeof wc->ids[0]) {
        wm__wentry *en = &wc->ent[wc->n_ent];
        en->h = h; en->boff = wc->n_bytes; en->blen = (unsigned char)n; en->ioff = wc->n_ids; en->nid = (unsigned char)k;
        memcpy(wc->bytes + wc->n_bytes, w, (size_t)n);
        memcpy(wc->ids + wc->n_ids, tmp, k * sizeof(int32_t));
        wc->n_bytes += (uint32_t)n;
        wc->n_ids += (uint32_t)k;
        wc->slot[s] = ++wc->n_ent;
    }
}

/* BPE-encodes one word: from the call's word cache, with stack scratch, or
   (a long word) with WM_MALLOC'd scratch in linear time. */
static wm_status wm__bpe_word(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *p, const unsigned char *q, int32_t *ids, size_t cap,
                              size_t *n) {
    wm__sym sy_stack[WM_TOKENIZER_STACK_WORD];
    wm__cand heap_stack[3 * WM_TOKENIZER_STACK_WORD];
    size_t len = (size_t)(q - p);
    if (wc && len <= WM__WC_WORD) {
        wm__bpe_cached(t, wc, p, (int)len, sy_stack, heap_stack, ids, cap, n);
    } else if (len <= WM_TOKENIZER_STACK_WORD) {
        wm__bpe(t, p, (int)len, sy_stack, heap_stack, NULL, ids, cap, n);
    } else {
#ifndef WM_NO_MALLOC
        /* a word long against the merge list is merged in linear time (the buckets cost n_merges) */
        size_t nh = len >= (size_t)t->n_merges / 8 ? 2 * (size_t)t->n_merges : 0;
        wm__sym *sy = len < (size_t)INT32_MAX / 64 ? (wm__sym *)WM_MALLOC(len * (sizeof(wm__sym) + 3 * sizeof(wm__cand)) + nh * 4) : NULL;
        wm__cand *heap = (wm__cand *)(sy + len);
        if (!sy) return WM_ERR_NOMEM;
        wm__bpe(t, p, (int)len, sy, heap, nh ? (int32_t *)(heap + 3 * len) : NULL, ids, cap, n);
        WM_FREE(sy);
#else
        return WM_ERR_NOMEM;
#endif
    }
    return WM_OK;
}

/* ---- the general pre-tokenizer pipeline -------------------------------------
   Step i splits the piece [p, e) and hands each part to step i + 1; after
   the last step a part is a word. Digits (\p{N}), Whitespace (\w+|[^\w\s]+,
   spaces dropped), WhitespaceSplit, Punctuation (each \p{P} or ASCII
   punctuation character), Split on a string (five behaviors) or a known
   regex, and ByteLevel's add_prefix_space (a space in front of a part that
   lacks one). */
static int wm__is_word(uint32_t cp) { return cp < 128 ? (cp == '_' || ((cp | 32) >= 'a' && (cp | 32) <= 'z') || (cp >= '0' && cp <= '9')) : wm__uc_in(cp, WM__UC_WORD); }
static int wm__is_punct(uint32_t cp) {
    if (cp < 128) return (cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126);
    return wm__uc_in(cp, WM__UC_PUNCT);
}

static wm_status wm__pre_step(const wm_tokenizer *t, wm__wcache *wc, int i, const unsigned char *p, const unsigned char *e, int32_t *ids,
                              size_t cap, size_t *n);

/* the parts of p..e around the matches of a class test (Isolated; Contiguous: runs of matches; Removed: matches dropped) */
static wm_status wm__pre_class(const wm_tokenizer *t, wm__wcache *wc, int i, const unsigned char *p, const unsigned char *e, int32_t *ids,
                               size_t cap, size_t *n, int (*is)(uint32_t), int runs, int drop) {
    const unsigned char *q = p;
    wm_status st;
    while (q < e) {
        int l;
        uint32_t cp = wm__cp(q, e, &l);
        if (is(cp)) {
            const unsigned char *m = q + l;
            while (runs && m < e) { int l2; if (!is(wm__cp(m, e, &l2))) break; m += l2; }
            if ((st = wm__pre_step(t, wc, i + 1, p, q, ids, cap, n)) != WM_OK) return st;
            if (!drop && (st = wm__pre_step(t, wc, i + 1, q, m, ids, cap, n)) != WM_OK) return st;
            p = q = m;
        } else {
            q += l;
        }
    }
    return wm__pre_step(t, wc, i + 1, p, e, ids, cap, n);
}

static int wm__is_numeric(uint32_t cp) { return wm__uc_class(cp) == WM__CL_N; }
static int wm__is_space(uint32_t cp) { return wm__uc_class(cp) == WM__CL_S; }

static wm_status wm__pre_step(const wm_tokenizer *t, wm__wcache *wc, int i, const unsigned char *p, const unsigned char *e, int32_t *ids,
                              size_t cap, size_t *n) {
    const wm__pstep *ps = &t->steps[i];
    const unsigned char *q;
    wm_status st;
    if (p >= e) return WM_OK;
    if (i == t->n_steps) return wm__bpe_word(t, wc, p, e, ids, cap, n);
    switch (ps->kind) {
    case WM__PS_REGEX: { /* each match a part; the text between matches (a regex that does not cover all) too, unless inverted-Removed */
        const unsigned char *gap = p;
        int keep_gaps = ps->beh != WM__SB_REMOVED;
        while (p < e) {
            q = wm__pretok(ps->arg, p, e);
            if (q == p) { int l; wm__cp(p, e, &l); p += l; continue; }
            if (keep_gaps && (st = wm__pre_step(t, wc, i + 1, gap, p, ids, cap, n)) != WM_OK) return st;
            if ((st = wm__pre_step(t, wc, i + 1, p, q, ids, cap, n)) != WM_OK) return st;
            p = gap = q;
        }
        return keep_gaps ? wm__pre_step(t, wc, i + 1, gap, e, ids, cap, n) : WM_OK;
    }
    case WM__PS_DIGITS: return wm__pre_class(t, wc, i, p, e, ids, cap, n, wm__is_numeric, !ps->arg, 0);
    case WM__PS_PUNCT: return wm__pre_class(t, wc, i, p, e, ids, cap, n, wm__is_punct, 0, 0);
    case WM__PS_WSPLIT: return wm__pre_class(t, wc, i, p, e, ids, cap, n, wm__is_space, 1, 1);
    case WM__PS_WHITESPACE: /* \w+ | [^\w\s]+ ; whitespace between them dropped */
        while (p < e) {
            int l, w;
            uint32_t cp = wm__cp(p, e, &l);
            if (wm__is_space(cp)) { p += l; continue; }
            w = wm__is_word(cp);
            for (q = p + l; q < e;) {
                int l2;
                uint32_t c2 = wm__cp(q, e, &l2);
                if (wm__is_space(c2) || wm__is_word(c2) != w) break;
                q += l2;
            }
            if ((st = wm__pre_step(t, wc, i + 1, p, q, ids, cap, n)) != WM_OK) return st;
            p = q;
        }
        return WM_OK;
    case WM__PS_STRING: { /* each occurrence of s: a part of its own, dropped, or joined to the part before / after */
        const unsigned char *from = p, *x = p;
        while (x + ps->ls <= e) {
            const unsigned char *m;
            if (*x != ps->s[0]) { /* on to the next candidate */
                x = (const unsigned char *)memchr(x, ps->s[0], (size_t)(e - x));
                if (!x) break;
                continue;
            }
            if (memcmp(x, ps->s, ps->ls)) { x++; continue; }
            m = x + ps->ls;
            while (ps->beh == WM__SB_CONTIGUOUS && m + ps->ls <= e && !memcmp(m, ps->s, ps->ls)) m += ps->ls;
            if (ps->beh == WM__SB_PREV) { if ((st = wm__pre_step(t, wc, i + 1, from, m, ids, cap, n)) != WM_OK) return st; from = m; }
            else if (ps->beh == WM__SB_NEXT) { if ((st = wm__pre_step(t, wc, i + 1, from, x, ids, cap, n)) != WM_OK) return st; from = x; }
            else {
                if ((st = wm__pre_step(t, wc, i + 1, from, x, ids, cap, n)) != WM_OK) return st;
                if (ps->beh != WM__SB_REMOVED && (st = wm__pre_step(t, wc, i + 1, x, m, ids, cap, n)) != WM_OK) return st;
                from = m;
            }
            x = m;
        }
        return wm__pre_step(t, wc, i + 1, from, e, ids, cap, n);
    }
    case WM__PS_PREFIX: { /* ByteLevel add_prefix_space: " " + the part, unless it starts with one */
        unsigned char small[256], *buf = small;
        size_t len = (size_t)(e - p);
        if (*p == ' ') return wm__pre_step(t, wc, i + 1, p, e, ids, cap, n);
        if (len + 1 > sizeof small) {
#ifndef WM_NO_MALLOC
            buf = (unsigned char *)WM_MALLOC(len + 1);
#else
            buf = NULL;
#endif
            if (!buf) return WM_ERR_NOMEM;
        }
        buf[0] = ' ';
        memcpy(buf + 1, p, len);
        st = wm__pre_step(t, wc, i + 1, buf, buf + len + 1, ids, cap, n);
#ifndef WM_NO_MALLOC
        if (buf != small) WM_FREE(buf);
#endif
        return st;
    }
    default: return wm__bpe_word(t, wc, p, e, ids, cap, n);
    }
}

/* Pre-tokenizes and BPE-encodes normalized text. */
static wm_status wm__encode_normed(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *p, const unsigned char *e, int32_t *ids, size_t cap,
                                   size_t *n) {
    wm_status st;
    if (t->n_steps) return wm__pre_step(t, wc, 0, p, e, ids, cap, n);
    while (p < e) {
        const unsigned char *q = t->byte_level && t->pre >= 0 ? wm__pretok(t->pre, p, e) : e; /* no split: one word */
        if ((st = wm__bpe_word(t, wc, p, q, ids, cap, n)) != WM_OK) return st;
        p = q;
    }
    return WM_OK;
}

#ifndef WM_TOKENIZER_STACK_NORM
#define WM_TOKENIZER_STACK_NORM 1024 /* bytes of normalized text kept on the stack (longer: WM_MALLOC) */
#endif

/* Added-token options: a word character (\\w, as Rust's regex: alphabetic, mark, decimal digit, connector) just
   before p / at p; the start of the whitespace run ending at p (not before
   lo); the end of the whitespace run from p. */
static int wm__word_before(const unsigned char *lo, const unsigned char *p) { return p > lo && wm__is_word(wm__cp_before(lo, p, NULL)); }

static int wm__word_at(const unsigned char *p, const unsigned char *e) {
    int l;
    return p < e && wm__is_word(wm__cp(p, e, &l));
}

static const unsigned char *wm__space_before(const unsigned char *lo, const unsigned char *p) {
    while (p > lo) {
        const unsigned char *q;
        if (wm__uc_class(wm__cp_before(lo, p, &q)) != WM__CL_S) break;
        p = q;
    }
    return p;
}

static const unsigned char *wm__space_after(const unsigned char *p, const unsigned char *e) {
    while (p < e) {
        int l;
        if (wm__uc_class(wm__cp(p, e, &l)) != WM__CL_S) break;
        p += l;
    }
    return p;
}

/* A normalizer step on src[n] into dst (NULL: measure); the output length.
   Prepend: in front of non-empty text; Replace: each occurrence, left to right. */
static size_t wm__strop_apply(const wm__strop *op, const unsigned char *p, size_t n, unsigned char *dst) {
    size_t i = 0, k = 0;
    if (op->kind == WM__OP_STRIP) { /* whitespace off the ends */
        const unsigned char *a = p, *e = p + n;
        if (op->a[0]) a = wm__space_after(a, e);
        if (op->a[1]) e = wm__space_before(a, e);
        if (dst) memmove(dst, a, (size_t)(e - a));
        return (size_t)(e - a);
    }
#ifndef WM_NO_UNICODE_NORM
    if (op->kind == WM__OP_LOWER) { /* each character's lowercase (char::to_lowercase); invalid bytes as they are */
        while (i < n) {
            int l;
            uint32_t cp, low;
            unsigned char tmp[8];
            int w;
            if (p[i] < 0x80) { /* ASCII run: byte by byte */
                size_t j = i;
                while (j < n && p[j] < 0x80) j++;
                if (dst)
                    for (; i < j; i++) dst[k++] = (unsigned char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i]);
                else k += j - i, i = j;
                continue;
            }
            cp = wm__cp(p + i, p + n, &l);
            if (cp == 0xffffffffu) { if (dst) dst[k] = p[i]; k++; i++; continue; }
            low = wm__uc_lowercase(cp);
            w = cp == 0x130 ? (tmp[0] = 'i', wm__put_cp(tmp + 1, 0x307) + 1) : wm__put_cp(tmp, low); /* U+0130: i + U+0307 */
            if (dst) memcpy(dst + k, tmp, (size_t)w);
            k += (size_t)w;
            i += (size_t)l;
        }
        return k;
    }
#endif
    if (!op->la) {
        if (!n) return 0;
        if (dst) { memcpy(dst, op->b, op->lb); memcpy(dst + op->lb, p, n); }
        return n + op->lb;
    }
    while (i < n) { /* the text up to the next candidate (its first byte) as a block, then the match or one byte */
        const unsigned char *c = (const unsigned char *)memchr(p + i, op->a[0], n - i);
        size_t j = c ? (size_t)(c - p) : n;
        if (dst) memcpy(dst + k, p + i, j - i);
        k += j - i;
        i = j;
        if (i == n) break;
        if (i + op->la <= n && !memcmp(p + i, op->a, op->la)) {
            if (dst) memcpy(dst + k, op->b, op->lb);
            k += op->lb;
            i += op->la;
        } else {
            if (dst) dst[k] = p[i];
            k++;
            i++;
        }
    }
    return k;
}

/* Text that a normalizer step wrote: on the stack when short, else WM_MALLOC'd. */
typedef struct wm__nbuf { unsigned char *p; size_t n; int heap; } wm__nbuf;

static int wm__nbuf_get(wm__nbuf *b, unsigned char *stack, size_t stack_n, size_t n) {
    b->n = n;
    b->heap = n > stack_n;
    if (!b->heap) { b->p = stack; return 1; }
#ifndef WM_NO_MALLOC
    b->p = (unsigned char *)WM_MALLOC(n ? n : 1);
    return b->p != NULL;
#else
    b->p = NULL;
    return 0;
#endif
}

static void wm__nbuf_free(wm__nbuf *b) {
#ifndef WM_NO_MALLOC
    if (b->heap) WM_FREE(b->p);
#endif
    b->heap = 0;
}

/* A split at q (before U+2581) that a token could span: the character
   before it is one of sp_block. */
static int wm__sp_blocked(const wm_tokenizer *t, const unsigned char *lo, const unsigned char *q) {
    uint32_t x;
    int j;
    if (!t->n_sp_block || q <= lo) return 0;
    x = wm__cp_before(lo, q, NULL);
    for (j = 0; j < t->n_sp_block; j++)
        if (t->sp_block[j] == x) return 1;
    return 0;
}

/* Metaspace and non-byte-level words: one word per segment, or (Metaspace
   split) a word starting at each U+2581. */
static wm_status wm__encode_words(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *p, const unsigned char *e, int32_t *ids, size_t cap,
                                  size_t *n) {
    const unsigned char *q;
    wm_status st;
    int every = t->meta && t->meta_split; /* Metaspace: a word at each U+2581; else (sp_split) at each run of them */
    if (t->byte_level || !(every || t->sp_split)) return wm__encode_normed(t, wc, p, e, ids, cap, n);
    while (p < e) {
        for (q = p + 1; q < e; q++)
            if (e - q >= 3 && q[0] == 0xe2 && q[1] == 0x96 && q[2] == 0x81 &&
                (every || ((q - p < 3 || !(q[-3] == 0xe2 && q[-2] == 0x96 && q[-1] == 0x81)) && !wm__sp_blocked(t, p, q))))
                break;
        if ((st = wm__encode_normed(t, wc, p, q, ids, cap, n)) != WM_OK) return st;
        p = q;
    }
    return WM_OK;
}

/* Text through a normalizer (NFC / NFKC, then its steps: Prepend, Replace,
   Lowercase, Strip) into *out: the input itself when nothing changes it,
   else on the stack (stack[0] / stack[1], alternately) when short enough,
   else WM_MALLOC'd. 0: out of memory. */
static int wm__norm_chain(int norm, const wm__strop *ops, int n_ops, const unsigned char *p, const unsigned char *e,
                          unsigned char (*stack)[WM_TOKENIZER_STACK_NORM], wm__nbuf *out) {
    wm__nbuf cur, nxt;
    int i;
    cur.p = (unsigned char *)(uintptr_t)p; cur.n = (size_t)(e - p); cur.heap = 0;
#ifndef WM_NO_UNICODE_NORM
    if (norm != WM__NORM_NONE) {
        const unsigned char *q;
        uint32_t run[256];
        wm__cprun r;
        r.p = run; r.cap = 256; r.heap = 0;
        for (q = p; q < e && *q < (norm == WM__NORM_NFC ? 0xcc : 0xc2); q++) {} /* below U+0300 (NFC) / U+00A0 (NFKC): unchanged */
        if (q < e) {
            int ok = wm__nbuf_get(&nxt, stack[0], sizeof stack[0], wm__normalize(norm, p, e, NULL, 0, &r));
            if (ok) wm__normalize(norm, p, e, nxt.p, nxt.n, &r);
#ifndef WM_NO_MALLOC
            if (r.heap) WM_FREE(r.p);
#endif
            if (!ok) return 0;
            cur = nxt;
        }
    }
#else
    (void)norm;
#endif
    for (i = 0; i < n_ops; i++) {
        int k = cur.p == stack[0] ? 1 : 0;
        if (!wm__nbuf_get(&nxt, stack[k], sizeof stack[k], wm__strop_apply(&ops[i], cur.p, cur.n, NULL))) { wm__nbuf_free(&cur); return 0; }
        wm__strop_apply(&ops[i], cur.p, cur.n, nxt.p);
        wm__nbuf_free(&cur);
        cur = nxt;
    }
    *out = cur;
    return 1;
}

/* The normalized text of a "normalized" added token's content (a JSON
   string): its length, and the text when dst is not NULL. */
static wm_status wm__added_nz_text(const wm__tokb *b, const char *content, unsigned char *dst, size_t *len) {
    unsigned char stack[2][WM_TOKENIZER_STACK_NORM], small[256], *raw = small;
    size_t n = wm__j_str(content, b->e, NULL, 0);
    wm__nbuf out;
    int ok;
    if (n > sizeof small) {
#ifndef WM_NO_MALLOC
        raw = (unsigned char *)WM_MALLOC(n);
#else
        raw = NULL;
#endif
        if (!raw) return wm__fail(b->err, WM_ERR_NOMEM, "tokenizer.json: out of memory normalizing an added token");
    }
    wm__j_str(content, b->e, (char *)raw, n);
    ok = wm__norm_chain(b->norm, b->ops, b->n_ops, raw, raw + n, stack, &out);
    if (ok) {
        *len = out.n;
        if (dst) memcpy(dst, out.p, out.n);
        wm__nbuf_free(&out);
    }
#ifndef WM_NO_MALLOC
    if (raw != small) WM_FREE(raw);
#endif
    return ok ? WM_OK : wm__fail(b->err, WM_ERR_NOMEM, "tokenizer.json: out of memory normalizing an added token");
}

/* The Metaspace pre-tokenizer on a normalized piece: each ' ' becomes
   U+2581 and one goes in front unless there already (prepend_scheme
   "first": only when the piece starts the input); then its words. */
static wm_status wm__encode_meta(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *p, const unsigned char *e, int32_t *ids,
                                 size_t cap, size_t *n, int first) {
    unsigned char stack[2][WM_TOKENIZER_STACK_NORM];
    wm__strop ops[2];
    wm__nbuf cur;
    wm_status st;
    int n_ops = 1;
    if (!t->meta || p >= e) return wm__encode_words(t, wc, p, e, ids, cap, n);
    memset(ops, 0, sizeof ops);
    ops[0].a[0] = ' '; ops[0].la = 1; memcpy(ops[0].b, "\xe2\x96\x81", 3); ops[0].lb = 3;
    if (*p != ' ' && !(e - p >= 3 && !memcmp(p, "\xe2\x96\x81", 3)) && t->meta != WM__META_NEVER && (t->meta != WM__META_FIRST || first)) {
        memcpy(ops[1].b, "\xe2\x96\x81", 3); ops[1].lb = 3; /* Prepend */
        n_ops = 2;
    }
    if (!wm__norm_chain(WM__NORM_NONE, ops, n_ops, p, e, stack, &cur)) return WM_ERR_NOMEM;
    st = wm__encode_words(t, wc, cur.p, cur.p + cur.n, ids, cap, n);
    wm__nbuf_free(&cur);
    return st;
}

static wm_status wm__encode_plain(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *p, const unsigned char *e, int32_t *ids,
                                  size_t cap, size_t *n, int first);

/* The added tokens of set nz in [lo, e) (0: the raw text, 1: a normalized
   piece), leftmost-longest, their options judged within [lo, e); the text
   between them goes on to the next stage (raw: normalizing, normalized:
   pre-tokenizing), first when it starts the input (first and at lo). */
static wm_status wm__encode_added(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *lo, const unsigned char *e, int nz, int first,
                                  int32_t *ids, size_t cap, size_t *n) {
    /* Each position is searched by narrowing the sorted list, up to 64 bytes
       deep; a deeper agreement (a long token's prefix, repeated: quadratic
       for the narrowing) hands a window of positions to the automaton, which
       costs the window plus the longest text. Windows as long as the longest
       text keep it linear. */
    const unsigned char *q = lo, *seg = lo, *w0 = lo, *w1 = lo; /* the window [w0, w1) of win */
    int32_t small[256], *win = small;
    size_t wn = sizeof small / sizeof small[0];
    wm_status st = WM_OK;
#ifndef WM_NO_MALLOC
    int32_t *big = NULL;
#endif
    while (q < e && (!nz || t->n_added_nz)) {
        int best;
        const unsigned char *end, *cut = q;
        unsigned char fl;
        if (!(t->added_lead[*q] & (1 << nz))) { q++; continue; }
        if (q < w1) best = win[q - w0];
        else if ((best = wm__added_at(t, q, e, nz, t->added_depth)) == -2) { /* a window from q */
#ifndef WM_NO_MALLOC
            if (!big && t->added_max > wn && (big = (int32_t *)WM_MALLOC(sizeof(int32_t) * t->added_max)) != NULL) {
                win = big;
                wn = t->added_max;
            }
#endif
            w0 = q;
            w1 = q + WM__MIN(wn, (size_t)(e - q));
            wm__added_window(t, w0, (size_t)(w1 - w0), e, nz, win);
            best = win[0];
        }
        if (best < 0) { q++; continue; }
        end = q + t->added_len[best];
        fl = t->tok_flags[t->added[best]];
        if ((fl & WM__TOK_SINGLE) && (wm__word_before(lo, q) || wm__word_at(end, e))) { q = end; continue; } /* inside a word: the search goes on after it */
        if (fl & WM__TOK_LSTRIP) cut = wm__space_before(seg, q); /* the spaces before it go with it */
        if (fl & WM__TOK_RSTRIP) end = wm__space_after(end, e);  /* and after it */
        st = nz ? wm__encode_meta(t, wc, seg, cut, ids, cap, n, first && seg == lo) : wm__encode_plain(t, wc, seg, cut, ids, cap, n, first && seg == lo);
        if (st != WM_OK) break;
        wm__emit(ids, cap, n, t->added[best]);
        q = seg = end;
    }
#ifndef WM_NO_MALLOC
    if (big) WM_FREE(big);
#endif
    if (st != WM_OK) return st;
    return nz ? wm__encode_meta(t, wc, seg, e, ids, cap, n, first && seg == lo) : wm__encode_plain(t, wc, seg, e, ids, cap, n, first && seg == lo);
}

/* Normalizes, pre-tokenizes and BPE-encodes text that holds no raw-matched
   added token (first: it starts the input). The "normalized" added tokens
   are found in the normalized text, and the pieces between them are
   pre-tokenized one by one. */
static wm_status wm__encode_plain(const wm_tokenizer *t, wm__wcache *wc, const unsigned char *p, const unsigned char *e, int32_t *ids,
                                  size_t cap, size_t *n, int first) {
    unsigned char stack[2][WM_TOKENIZER_STACK_NORM];
    wm__nbuf cur;
    wm_status st;
    if (t->norm == WM__NORM_NONE && !t->n_ops && !t->n_added_nz) return wm__encode_meta(t, wc, p, e, ids, cap, n, first);
    if (!wm__norm_chain(t->norm, t->ops, t->n_ops, p, e, stack, &cur)) return WM_ERR_NOMEM;
    st = wm__encode_added(t, wc, cur.p, cur.p + cur.n, 1, first, ids, cap, n);
    wm__nbuf_free(&cur);
    return st;
}

WMDEF wm_status wm_tokenize(const wm_tokenizer *t, const char *text, size_t len, int add_special, int32_t *ids, size_t cap,
                            size_t *n_ids) {
    const unsigned char *p = (const unsigned char *)(text ? text : ""), *e;
    wm__wcache *wc = NULL;
    size_t n = 0;
    int i;
    wm_status st;
    if (!t || (!text && len) || !n_ids) return WM_ERR_INVALID_ARG;
    e = p + len;
#ifndef WM_NO_MALLOC
    if (len >= 16384) { /* long text: a word cache for this call (zeroed slots; the rest is written before it is read) */
        wc = (wm__wcache *)WM_MALLOC(sizeof(wm__wcache));
        if (wc) { memset(wc->slot, 0, sizeof wc->slot); wc->n_ent = wc->n_bytes = wc->n_ids = 0; }
    }
#endif
    if (add_special)
        for (i = 0; i < t->n_prefix; i++) wm__emit(ids, cap, &n, t->prefix[i]);
    if ((st = wm__encode_added(t, wc, p, e, 0, 1, ids, cap, &n)) != WM_OK) goto done; /* added tokens first */
    if (add_special)
        for (i = 0; i < t->n_suffix; i++) wm__emit(ids, cap, &n, t->suffix[i]);
    *n_ids = n;
    st = ids && n > cap ? WM_ERR_ARENA : WM_OK;
done:
#ifndef WM_NO_MALLOC
    if (wc) WM_FREE(wc);
#endif
    return st;
}

/* ---- decoding ---------------------------------------------------------------- */

WMDEF const char *wm_token_bytes(const wm_tokenizer *t, int32_t id, size_t *len) {
    if (!t || id < 0 || id >= t->n_vocab || !(t->tok_flags[id] & WM__TOK_PRESENT)) { if (len) *len = 0; return NULL; }
    if (t->dec_bytes) { /* non-byte-level: the decoded text */
        if (len) *len = t->dec_len[id];
        return (const char *)t->dec_bytes + t->dec_off[id];
    }
    if (len) *len = t->tok_len[id];
    return (const char *)t->tok_bytes + t->tok_off[id];
}

/* Length of the valid prefix of the character at p: the whole character
   (>= 1) when complete and valid, else how many bytes form the longest
   valid start (0 for an invalid first byte); *need = its full length. */
static int wm__utf8_prefix(const unsigned char *p, size_t n, int *need) {
    unsigned c = p[0];
    unsigned lo = 0x80, hi = 0xbf;
    int len, k;
    if (c < 0x80) { *need = 1; return 1; }
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) { len = 3; if (c == 0xe0) lo = 0xa0; if (c == 0xed) hi = 0x9f; }
    else if (c >= 0xf0 && c <= 0xf4) { len = 4; if (c == 0xf0) lo = 0x90; if (c == 0xf4) hi = 0x8f; }
    else { *need = 1; return 0; }
    *need = len;
    for (k = 1; k < len && (size_t)k < n; k++) {
        unsigned b = p[k], l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xbf;
        if (b < l || b > h) return k;
    }
    return k;
}

/* Whole characters of p[n] into out (U+FFFD per maximal invalid part); with
   final == 0 an incomplete character at the end is left: returns the bytes
   consumed, *out_n the bytes written. */
static size_t wm__utf8_clean(const unsigned char *p, size_t n, int final, char *out, size_t *out_n) {
    size_t i = 0, o = 0;
    while (i < n) {
        int need, ok = wm__utf8_prefix(p + i, n - i, &need);
        if (ok == need) { memcpy(out + o, p + i, (size_t)need); o += (size_t)need; i += (size_t)need; continue; }
        if (!final && (size_t)ok == n - i && ok > 0) break; /* may complete later */
        memcpy(out + o, "\xef\xbf\xbd", 3);
        o += 3;
        i += ok > 0 ? (size_t)ok : 1;
    }
    *out_n = o;
    return i;
}

WMDEF size_t wm_utf8_push(wm_utf8_stream *st, const char *bytes, size_t n, char *out) {
    size_t done = 0, written = 0, w;
    while (done < n || st->n) {
        unsigned char buf[260];
        size_t take = WM__MIN(n - done, sizeof buf - (size_t)st->n), used;
        memcpy(buf, st->pend, (size_t)st->n);
        memcpy(buf + st->n, bytes + done, take);
        used = wm__utf8_clean(buf, (size_t)st->n + take, 0, out + written, &w);
        written += w;
        done += take;
        st->n = (int)((size_t)st->n + take - used);
        memcpy(st->pend, buf + used, (size_t)st->n);
        if (done >= n) break;
    }
    return written;
}

WMDEF size_t wm_utf8_flush(wm_utf8_stream *st, char *out) {
    size_t w = 0;
    wm__utf8_clean(st->pend, (size_t)st->n, 1, out, &w);
    st->n = 0;
    return w;
}

WMDEF int wm_utf8_valid(const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s, *e = p + n;
    while (p < e) {
        int l = wm__utf8_len(p, e);
        if (!l) return 0;
        p += l;
    }
    return 1;
}

/* Whether the bytes of byte-fallback tokens ids[i, j) (one byte each) are
   valid UTF-8 as a whole (Rust's String::from_utf8). */
static int wm__byte_run_valid(const wm_tokenizer *t, const int32_t *ids, size_t i, size_t j) {
    int need = 0;
    unsigned lo = 0x80, hi = 0xbf;
    for (; i < j; i++) {
        size_t bl;
        unsigned c = (unsigned char)*wm_token_bytes(t, ids[i], &bl);
        if (need) {
            if (c < lo || c > hi) return 0;
            need--; lo = 0x80; hi = 0xbf;
            continue;
        }
        if (c < 0x80) continue;
        if (c < 0xc2 || c > 0xf4) return 0;
        need = c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
        if (c == 0xe0) lo = 0xa0;
        else if (c == 0xed) hi = 0x9f;
        else if (c == 0xf0) lo = 0x90;
        else if (c == 0xf4) hi = 0x8f;
    }
    return need == 0;
}

static int wm__is_byte_tok(const wm_tokenizer *t, int32_t id) {
    return id >= 0 && id < t->n_vocab && (t->tok_flags[id] & WM__TOK_BYTE) && (t->tok_flags[id] & WM__TOK_PRESENT);
}

WMDEF wm_status wm_detokenize(const wm_tokenizer *t, const int32_t *ids, size_t n, char *out, size_t cap, size_t *len) {
    wm_utf8_stream st;
    char tmp[3 * (256 + 4)];
    size_t i, total = 0, kept = 0, bad_until = 0; /* kept: bytes written to out, whole characters, < cap */
    int full = 0, strip;
    if (!t || (!ids && n) || !len) return WM_ERR_INVALID_ARG;
    strip = t->dec_strip;
    st.n = 0;
    for (i = 0; i <= n; i++) {
        size_t bl = 0, w, k;
        const char *b = i < n ? wm_token_bytes(t, ids[i], &bl) : NULL;
        if (i < n && t->byte_fallback && !t->byte_level && i >= bad_until && wm__is_byte_tok(t, ids[i]) &&
            (i == 0 || !wm__is_byte_tok(t, ids[i - 1]))) { /* a run of byte tokens: invalid UTF-8 as a whole gives U+FFFD per byte (ByteFallback) */
            size_t j = i;
            while (j < n && wm__is_byte_tok(t, ids[j])) j++;
            if (!wm__byte_run_valid(t, ids, i, j)) bad_until = j;
        }
        if (i < bad_until) { b = "\xef\xbf\xbd"; bl = 3; }
        while (strip > 0 && bl > 0 && *b == ' ') { b++; bl--; strip--; } /* the decoder's Strip / Metaspace: leading spaces */
        if (bl > 0) strip = 0;
        for (k = 0; k < bl || (i == n && k == 0); k += 256) {
            w = i < n ? wm_utf8_push(&st, b + k, WM__MIN(256, bl - k), tmp) : wm_utf8_flush(&st, tmp);
            if (out && !full) { /* as much as fits with the NUL, ending on a character boundary */
                size_t take = w;
                if (kept + take >= cap) {
                    take = cap > kept ? cap - kept - 1 : 0;
                    while (take > 0 && ((unsigned char)tmp[take] & 0xc0) == 0x80) take--;
                    full = 1;
                }
                memcpy(out + kept, tmp, take);
                kept += take;
            }
            total += w;
            if (i == n) break;
        }
    }
    if (out && cap) out[kept] = 0;
    *len = total;
    return out && total >= cap ? WM_ERR_ARENA : WM_OK;
}

/* ---- construction ------------------------------------------------------------ */

/* Scans the JSON once and measures the tokenizer it describes. */
static wm_status wm__tok_measure(wm__tokb *b, const char *json, size_t json_bytes, size_t *need, wm_error *err) {
    wm__arena a = wm__arena_make(NULL, 0);
    wm_status st;
    if (!json) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: NULL argument");
    b->err = err;
    if ((st = wm__tok_scan(b, json, json_bytes)) != WM_OK) return st;
    wm__tok_carve(&a, b);
    if (a.bad) return wm__fail(err, WM_ERR_FORMAT, "tokenizer.json: too large");
    *need = a.used;
    return WM_OK;
}

/* Builds a scanned tokenizer inside mem. */
static wm_status wm__tok_build(wm_tokenizer **out, const wm__tokb *b, size_t need, void *mem, size_t mem_bytes, wm_error *err) {
    wm__arena a;
    wm_tokenizer *t;
    wm_status st;
    if (!mem) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: memory is NULL");
    a = wm__arena_make(mem, mem_bytes);
    t = wm__tok_carve(&a, b);
    if (a.bad || !t)
        return wm__fail(err, WM_ERR_ARENA, "tokenizer: buffer of %zu bytes is too small: it needs %zu bytes from a %d-byte aligned start",
                        mem_bytes, need, WM__ALIGN);
    if ((st = wm__tok_fill(t, b)) != WM_OK) return st;
    t->bytes_used = a.used;
    *out = t;
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_tokenizer_bytes(const char *json, size_t json_bytes, size_t *bytes, wm_error *err) {
    wm__tokb b;
    size_t need = 0;
    wm_status st;
    if (!bytes) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: NULL argument");
    if ((st = wm__tok_measure(&b, json, json_bytes, &need, err)) != WM_OK) return st;
    *bytes = need;
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_tokenizer_init(wm_tokenizer **out, const char *json, size_t json_bytes, void *mem, size_t mem_bytes,
                                  wm_error *err) {
    wm__tokb b;
    size_t need = 0;
    wm_status st;
    if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: out is NULL");
    *out = NULL;
    if ((st = wm__tok_measure(&b, json, json_bytes, &need, err)) != WM_OK) return st;
    return wm__tok_build(out, &b, need, mem, mem_bytes, err);
}

#ifndef WM_NO_MALLOC
WMDEF wm_status wm_tokenizer_open(wm_tokenizer **out, const char *json, size_t json_bytes, wm_error *err) {
    wm__tokb b;
    size_t need = 0;
    void *mem;
    wm_status st;
    if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: out is NULL");
    *out = NULL;
    if ((st = wm__tok_measure(&b, json, json_bytes, &need, err)) != WM_OK) return st;
    mem = WM_MALLOC(need + WM__ALIGN);
    if (!mem) return wm__fail(err, WM_ERR_NOMEM, "tokenizer: cannot allocate %zu bytes", need);
    if ((st = wm__tok_build(out, &b, need, mem, need + WM__ALIGN, err)) != WM_OK) { WM_FREE(mem); return st; }
    (*out)->owned = mem;
    return WM_OK;
}

WMDEF void wm_tokenizer_free(wm_tokenizer *t) {
    if (t && t->owned) WM_FREE(t->owned);
}
#endif

WMDEF int wm_tokenizer_n_vocab(const wm_tokenizer *t) { return t ? t->n_vocab : 0; }

WMDEF int32_t wm_tokenizer_find(const wm_tokenizer *t, const char *content) {
    size_t n;
    int i;
    if (!t || !content || !*content) return -1;
    n = strlen(content);
    for (i = 0; i < t->n_added; i++)
        if (t->added_rlen[i] == n && !memcmp(t->added_bytes + t->added_roff[i], content, n)) return t->added[i];
    return -1;
}

/* ---- the tokenizer in place ------------------------------------------------
   wm_tokenizer_save writes a built tokenizer as one relocatable blob that
   wm_tokenizer_init_blob uses where it lies (flash, a mapped file): only the
   wm_tokenizer struct goes to RAM. Layout (little-endian, the arrays 8-byte
   aligned from the blob's start, which must be 8-byte aligned in memory):
     "WMTOKEN1" | u64 bytes | u64 SipHash of the bytes after it |
     i64 [WM__TB_N_INT] | the fixed-size members, raw | {u64 offset, u64 bytes} [WM__TB_N_ARR] | the arrays
   Every field is checked on load (ranges, offsets, the tables' probe runs,
   the automaton's breadth-first order), so a blob costs what a
   tokenizer.json costs to trust: tokenizing stays linear, reads stay inside.
   A new field of wm_tokenizer goes into one of these lists. */
#define WM__TB_INTS(X)                                                                                                         \
    X(n_vocab) X(vocab_mask) X(merge_mask) X(n_added) X(n_added_nz) X(n_ac) X(added_max) X(added_depth) X(n_prefix)          \
    X(n_suffix) X(ignore_merges) X(pre) X(norm) X(byte_level) X(byte_fallback) X(fuse_unk) X(n_ops) X(meta) X(meta_split)    \
    X(sp_split) X(n_sp_block) X(n_steps) X(dec_strip) X(unk) X(max_len) X(merge_shift) X(n_merges)
#define WM__TB_RAWS(X) X(byte_tok) X(added_first) X(added_lead) X(prefix) X(suffix) X(ops) X(sp_block) X(steps) X(hash_key) X(pair_add)
#define WM__TB_ARRS(X)                                                                                                         \
    X(tok_off) X(tok_len) X(tok_bytes) X(tok_flags) X(vocab_hash) X(merge_hash) X(added) X(added_off) X(added_len)           \
    X(added_roff) X(added_rlen) X(added_nz) X(added_bytes) X(added_rorder) X(ac) X(dec_off) X(dec_len) X(dec_bytes)
#define WM__TB_ENUM(f) WM__TB_##f,
enum { WM__TB_INTS(WM__TB_ENUM) WM__TB_N_INT };
enum { WM__TB_ARRS(WM__TB_ENUM) WM__TB_N_ARR };
#undef WM__TB_ENUM
#define WM__TB_RAW_SIZE(f) + sizeof(((wm_tokenizer *)0)->f)
enum { WM__TB_RAW_BYTES = 0 WM__TB_RAWS(WM__TB_RAW_SIZE), WM__TB_MAX_RUN = 256 };
#undef WM__TB_RAW_SIZE
#define WM__TB_HEAD ((size_t)24 + 8 * WM__TB_N_INT + ((WM__TB_RAW_BYTES + 7) & ~7) + 16 * WM__TB_N_ARR)

static const uint64_t wm__tb_key[2] = {0x6b6f74696d6e6f77ull, 0x31626f6c622e6d77ull}; /* the checksum's SipHash key */

static void wm__le64_put(unsigned char *p, uint64_t v) {
    int i;
    for (i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static int wm__little_endian(void) {
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

/* the array pointers of t, their element sizes, and the elements each holds */
static void wm__tb_arrays(wm_tokenizer *t, void ***ptr, size_t *el) {
#define WM__TB_PTR(f) ptr[WM__TB_##f] = (void **)(void *)&t->f; el[WM__TB_##f] = sizeof(*t->f);
    WM__TB_ARRS(WM__TB_PTR)
#undef WM__TB_PTR
}

static uint64_t wm__tb_count(const wm_tokenizer *t, int k) { /* elements of array k a blob holds */
    uint64_t m = 0;
    int i;
    switch (k) {
    case WM__TB_tok_off: case WM__TB_tok_len: case WM__TB_tok_flags: return (uint64_t)t->n_vocab;
    case WM__TB_dec_off: case WM__TB_dec_len: return t->byte_level ? 0 : (uint64_t)t->n_vocab;
    case WM__TB_vocab_hash: return (uint64_t)t->vocab_mask + 1;
    case WM__TB_merge_hash: return (uint64_t)t->merge_mask + 1;
    case WM__TB_added: case WM__TB_added_off: case WM__TB_added_len: case WM__TB_added_roff: case WM__TB_added_rlen:
    case WM__TB_added_nz: case WM__TB_added_rorder: return (uint64_t)t->n_added;
    case WM__TB_ac: return (uint64_t)t->n_ac;
    case WM__TB_tok_bytes:
        for (i = 0; i < t->n_vocab; i++) m = WM__MAX(m, (uint64_t)t->tok_off[i] + t->tok_len[i]);
        return m;
    case WM__TB_added_bytes:
        for (i = 0; i < t->n_added; i++) m = WM__MAX(m, WM__MAX((uint64_t)t->added_off[i] + t->added_len[i], (uint64_t)t->added_roff[i] + t->added_rlen[i]));
        return m;
    default: /* dec_bytes */
        for (i = 0; !t->byte_level && i < t->n_vocab; i++) m = WM__MAX(m, (uint64_t)t->dec_off[i] + t->dec_len[i]);
        return m;
    }
}

/* The longest run of occupied slots of a linear-probing table (wrapping):
   what one lookup can cost at most. */
static uint32_t wm__tb_run(const void *tab, size_t el, uint32_t mask) {
    uint32_t i, e0 = 0, run = 0, best = 0;
    int32_t v;
    for (;; e0++) { /* an empty slot to start from; none: the table is full (a lookup would not end) */
        if (e0 > mask) return mask + 1;
        memcpy(&v, (const unsigned char *)tab + (size_t)e0 * el, 4); /* -1: empty (the id, or a merge's a) */
        if (v < 0) break;
    }
    for (i = 1; i <= mask + 1; i++) {
        memcpy(&v, (const unsigned char *)tab + (size_t)((e0 + i) & mask) * el, 4);
        if (v < 0) run = 0;
        else best = WM__MAX(best, ++run);
    }
    return best;
}

WMDEF wm_status wm_tokenizer_save(const wm_tokenizer *tc, void *buf, size_t cap, size_t *len, wm_error *err) {
    wm_tokenizer *t = (wm_tokenizer *)(uintptr_t)tc; /* read only */
    void **ptr[WM__TB_N_ARR];
    size_t el[WM__TB_N_ARR], at = WM__TB_HEAD, raw = 24 + 8 * WM__TB_N_INT;
    uint64_t cnt[WM__TB_N_ARR], off[WM__TB_N_ARR];
    unsigned char *o = (unsigned char *)buf;
    int k;
    if (!t || !len) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer save: NULL argument");
    if (!wm__little_endian()) return wm__fail(err, WM_ERR_UNSUPPORTED, "tokenizer save: the in-place form is little-endian; this CPU is not");
    if (wm__tb_run(t->vocab_hash, 4, t->vocab_mask) > WM__TB_MAX_RUN || wm__tb_run(t->merge_hash, sizeof(wm__merge), t->merge_mask) > WM__TB_MAX_RUN)
        return wm__fail(err, WM_ERR_UNSUPPORTED, "tokenizer save: a hash table has a probe run over %d slots", WM__TB_MAX_RUN);
    wm__tb_arrays(t, ptr, el);
    for (k = 0; k < WM__TB_N_ARR; k++) {
        cnt[k] = wm__tb_count(t, k);
        off[k] = at;
        at += (size_t)((cnt[k] * el[k] + 7) & ~(uint64_t)7);
    }
    *len = at;
    if (!buf) { wm__ok(err); return WM_OK; }
    if (cap < at) return wm__fail(err, WM_ERR_ARENA, "tokenizer save: the buffer holds %zu bytes of the %zu needed", cap, at);
    memset(o, 0, at);
    memcpy(o, "WMTOKEN1", 8);
    wm__le64_put(o + 8, (uint64_t)at);
    {
        int64_t v[WM__TB_N_INT];
#define WM__TB_GET(f) v[WM__TB_##f] = (int64_t)t->f;
        WM__TB_INTS(WM__TB_GET)
#undef WM__TB_GET
        for (k = 0; k < WM__TB_N_INT; k++) wm__le64_put(o + 24 + 8 * k, (uint64_t)v[k]);
    }
#define WM__TB_PUT(f) memcpy(o + raw, &t->f, sizeof t->f); raw += sizeof t->f;
    WM__TB_RAWS(WM__TB_PUT)
#undef WM__TB_PUT
    for (k = 0; k < WM__TB_N_ARR; k++) {
        unsigned char *d = o + WM__TB_HEAD - 16 * WM__TB_N_ARR + 16 * k;
        wm__le64_put(d, off[k]);
        wm__le64_put(d + 8, cnt[k] * el[k]);
        if (cnt[k]) memcpy(o + off[k], *ptr[k], (size_t)(cnt[k] * el[k]));
    }
    wm__le64_put(o + 16, wm__sip(wm__tb_key, o + 24, at - 24));
    wm__ok(err);
    return WM_OK;
}

/* The checks of a blob's tokenizer t (arrays of bytes[k] bytes). */
static wm_status wm__tb_check(const wm_tokenizer *t, const uint64_t *bytes, wm_error *err) {
    const char *what = NULL;
    uint64_t run, i;
    int k;
#define WM__TB_NEED(c, w) do { if (!(c)) { what = (w); goto bad; } } while (0)
#define WM__TB_ID(x) ((x) >= 0 && (x) < t->n_vocab)
    WM__TB_NEED(t->n_vocab >= 1 && t->n_vocab <= (1 << 28), "n_vocab");
    WM__TB_NEED(t->vocab_mask >= 15 && t->vocab_mask < 0x40000000u && !(t->vocab_mask & (t->vocab_mask + 1)), "vocab table size");
    WM__TB_NEED(t->merge_mask >= 15 && t->merge_mask < 0x40000000u && !(t->merge_mask & (t->merge_mask + 1)), "merge table size");
    WM__TB_NEED(t->merge_shift >= 34 && t->merge_shift <= 60 && ((uint64_t)1 << (64 - t->merge_shift)) == (uint64_t)t->merge_mask + 1, "merge_shift");
    WM__TB_NEED(t->n_merges >= 0 && (uint64_t)t->n_merges <= (uint64_t)t->merge_mask + 1, "n_merges");
    WM__TB_NEED(t->n_added >= 0 && t->n_added_nz >= 0 && t->n_added_nz <= t->n_added && t->n_ac >= 1, "added token counts");
    WM__TB_NEED(t->n_prefix >= 0 && t->n_prefix <= 16 && t->n_suffix >= 0 && t->n_suffix <= 16, "template length");
    WM__TB_NEED(t->pre >= 0 && t->pre < WM__N_PRE && t->norm >= WM__NORM_NONE && t->norm <= WM__NORM_NFKC, "pre-tokenizer or normalizer");
    WM__TB_NEED(!(t->ignore_merges >> 1) && !(t->byte_level >> 1) && !(t->byte_fallback >> 1) && !(t->fuse_unk >> 1) &&
                    !(t->meta_split >> 1) && !(t->sp_split >> 1) && t->meta >= 0 && t->meta <= WM__META_NEVER, "a flag");
    WM__TB_NEED(t->n_ops >= 0 && t->n_ops <= 4 && t->n_steps >= 0 && t->n_steps <= 8 && t->n_sp_block >= 0 && t->n_sp_block <= 8, "step counts");
    WM__TB_NEED(t->dec_strip >= 0 && t->dec_strip <= 64 && t->added_depth >= 1 && t->added_depth <= 64, "dec_strip or added_depth");
    WM__TB_NEED(t->unk == -1 || WM__TB_ID(t->unk), "unk");
    for (k = 0; k < WM__TB_N_ARR; k++) /* the fixed-size arrays: exactly their elements */
        if (k != WM__TB_tok_bytes && k != WM__TB_added_bytes && k != WM__TB_dec_bytes) {
            void **ptr[WM__TB_N_ARR];
            size_t el[WM__TB_N_ARR];
            wm__tb_arrays((wm_tokenizer *)(uintptr_t)t, ptr, el);
            WM__TB_NEED(bytes[k] == wm__tb_count(t, k) * el[k], "an array's size");
        }
    for (k = 0; k < t->n_ops; k++)
        WM__TB_NEED(t->ops[k].kind <= WM__OP_STRIP && t->ops[k].la <= 16 && t->ops[k].lb <= 16, "a normalizer step");
    for (k = 0; k < t->n_steps; k++) {
        const wm__pstep *s = &t->steps[k];
        WM__TB_NEED(s->kind >= WM__PS_REGEX && s->kind <= WM__PS_PREFIX && s->beh <= WM__SB_CONTIGUOUS && s->ls <= 16 &&
                        (s->kind != WM__PS_STRING || s->ls >= 1) && (s->kind != WM__PS_REGEX || s->arg < WM__N_PRE), "a pre-tokenizer step");
    }
    for (k = 0; k < 256; k++) WM__TB_NEED(t->byte_tok[k] == -1 || WM__TB_ID(t->byte_tok[k]), "byte_tok");
    for (k = 0; k < t->n_prefix; k++) WM__TB_NEED(WM__TB_ID(t->prefix[k]), "the template's ids");
    for (k = 0; k < t->n_suffix; k++) WM__TB_NEED(WM__TB_ID(t->suffix[k]), "the template's ids");
    for (k = 0; k <= 256; k++) WM__TB_NEED(t->added_first[k] >= (k ? t->added_first[k - 1] : 0) && t->added_first[k] <= t->n_added, "added_first");
    for (run = 0, i = 0; i < (uint64_t)t->n_vocab; i++) { /* the tokens' bytes */
        WM__TB_NEED((uint64_t)t->tok_off[i] + t->tok_len[i] <= bytes[WM__TB_tok_bytes], "a token's bytes");
        WM__TB_NEED(t->byte_level || (uint64_t)t->dec_off[i] + t->dec_len[i] <= bytes[WM__TB_dec_bytes], "a token's decoded bytes");
        run = WM__MAX(run, (uint64_t)t->tok_len[i]);
    }
    WM__TB_NEED(run == t->max_len, "max_len");
    for (i = 0; i <= t->vocab_mask; i++) WM__TB_NEED(t->vocab_hash[i] == -1 || WM__TB_ID(t->vocab_hash[i]), "the vocab table");
    for (i = 0; i <= t->merge_mask; i++) {
        const wm__merge *m = &t->merge_hash[i];
        WM__TB_NEED(m->a == -1 || (WM__TB_ID(m->a) && WM__TB_ID(m->b) && WM__TB_ID(m->id) && m->rank >= 0 && m->rank < t->n_merges), "the merge table");
    }
    WM__TB_NEED(wm__tb_run(t->vocab_hash, 4, t->vocab_mask) <= WM__TB_MAX_RUN &&
                    wm__tb_run(t->merge_hash, sizeof(wm__merge), t->merge_mask) <= WM__TB_MAX_RUN, "a hash table's probe run");
    for (run = 0, i = 0; i < (uint64_t)t->n_added; i++) {
        WM__TB_NEED(WM__TB_ID(t->added[i]) && t->added_nz[i] <= 1 && t->added_rorder[i] >= 0 && t->added_rorder[i] < t->n_added, "an added token");
        WM__TB_NEED((uint64_t)t->added_off[i] + t->added_len[i] <= bytes[WM__TB_added_bytes] &&
                        (uint64_t)t->added_roff[i] + t->added_rlen[i] <= bytes[WM__TB_added_bytes], "an added token's text");
        run = WM__MAX(run, (uint64_t)t->added_len[i]);
    }
    WM__TB_NEED(run == t->added_max, "added_max");
    { /* the automaton: breadth first (each node's children the next nodes in order, sorted by byte), failure links to shallower nodes */
        uint64_t next = 1, level = 0, level_end = 1, next_end = 1;
        for (i = 0; i < (uint64_t)t->n_ac; i++) {
            const wm__acn *x = &t->ac[i];
            uint32_t c;
            if (i == level_end) { level = level_end; level_end = next_end; }
            WM__TB_NEED(i < level_end, "the automaton's order");
            WM__TB_NEED(i == 0 ? x->fail == 0 : x->fail >= 0 && (uint64_t)x->fail < level, "a failure link");
            WM__TB_NEED(x->out[0] >= -1 && x->out[0] < t->n_added && x->out[1] >= -1 && x->out[1] < t->n_added, "an automaton output");
            if (x->n_child) {
                WM__TB_NEED((uint64_t)x->child == next && next + x->n_child <= (uint64_t)t->n_ac, "the automaton's children");
                for (c = 1; c < x->n_child; c++) WM__TB_NEED(t->ac[next + c - 1].byte < t->ac[next + c].byte, "the automaton's children");
                next += x->n_child;
                next_end = next;
            }
        }
        WM__TB_NEED(next == (uint64_t)t->n_ac, "the automaton's nodes");
    }
#undef WM__TB_NEED
#undef WM__TB_ID
    return WM_OK;
bad:
    return wm__fail(err, WM_ERR_FORMAT, "tokenizer blob: %s out of range or inconsistent", what);
}

WMDEF wm_status wm_tokenizer_blob_bytes(const void *blob, size_t blob_bytes, size_t *bytes, wm_error *err) {
    wm__arena a = wm__arena_make(NULL, 0);
    (void)blob; (void)blob_bytes;
    if (!bytes) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: NULL argument");
    wm__alloc(&a, 1, WM__SLOT_wm_tokenizer);
    *bytes = a.used;
    wm__ok(err);
    return WM_OK;
}

WMDEF wm_status wm_tokenizer_init_blob(wm_tokenizer **out, const void *blob, size_t blob_bytes, void *mem, size_t mem_bytes, wm_error *err) {
    const unsigned char *b = (const unsigned char *)blob;
    wm__arena a;
    wm_tokenizer *t;
    void **ptr[WM__TB_N_ARR];
    size_t el[WM__TB_N_ARR], raw = 24 + 8 * WM__TB_N_INT;
    uint64_t total, bytes[WM__TB_N_ARR];
    int k;
    if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: out is NULL");
    *out = NULL;
    if (!b || !mem) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: blob or memory is NULL");
    if (!wm__little_endian()) return wm__fail(err, WM_ERR_UNSUPPORTED, "tokenizer blob: the in-place form is little-endian; this CPU is not");
    if (blob_bytes < WM__TB_HEAD || memcmp(b, "WMTOKEN1", 8))
        return wm__fail(err, WM_ERR_FORMAT, "tokenizer blob: no WMTOKEN1 header (%zu bytes)", blob_bytes);
    if ((uintptr_t)b % 8) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer blob: at an address not 8-byte aligned (it is used in place)");
    total = wm__le64(b + 8);
    if (total < WM__TB_HEAD || total > blob_bytes)
        return wm__fail(err, WM_ERR_FORMAT, "tokenizer blob: says %llu bytes, %zu given", (unsigned long long)total, blob_bytes);
    if (wm__sip(wm__tb_key, b + 24, (size_t)total - 24) != wm__le64(b + 16))
        return wm__fail(err, WM_ERR_FORMAT, "tokenizer blob: checksum mismatch (damaged or cut)");
    a = wm__arena_make(mem, mem_bytes);
    t = (wm_tokenizer *)wm__alloc(&a, 1, WM__SLOT_wm_tokenizer);
    if (a.bad || !t)
        return wm__fail(err, WM_ERR_ARENA, "tokenizer: buffer of %zu bytes is too small: it needs %d bytes from a %d-byte aligned start", mem_bytes,
                        (int)WM__SLOT_wm_tokenizer, WM__ALIGN);
    memset(t, 0, sizeof *t);
    for (k = 0; k < WM__TB_N_INT; k++) { /* every count and flag fits an int: -1 .. 2^31 - 1 */
        int64_t v = (int64_t)wm__le64(b + 24 + 8 * k);
        if (v < -1 || v > 0x7fffffff) return wm__fail(err, WM_ERR_FORMAT, "tokenizer blob: field %d out of range at offset %d", k, 24 + 8 * k);
    }
#define WM__TB_SET(f) t->f = (int64_t)wm__le64(b + 24 + 8 * WM__TB_##f);
    WM__TB_INTS(WM__TB_SET)
#undef WM__TB_SET
#define WM__TB_GETRAW(f) memcpy(&t->f, b + raw, sizeof t->f); raw += sizeof t->f;
    WM__TB_RAWS(WM__TB_GETRAW)
#undef WM__TB_GETRAW
    wm__tb_arrays(t, ptr, el);
    for (k = 0; k < WM__TB_N_ARR; k++) {
        const unsigned char *d = b + WM__TB_HEAD - 16 * WM__TB_N_ARR + 16 * k;
        uint64_t o = wm__le64(d);
        bytes[k] = wm__le64(d + 8);
        if (o % 8 || o < WM__TB_HEAD || o > total || bytes[k] > total - o || bytes[k] % el[k])
            return wm__fail(err, WM_ERR_FORMAT, "tokenizer blob: array %d at offset %llu (%llu bytes) outside the blob", k, (unsigned long long)o,
                            (unsigned long long)bytes[k]);
        *ptr[k] = (void *)(uintptr_t)(b + o); /* used in place, never written */
    }
    if (t->byte_level) t->dec_off = t->dec_len = NULL, t->dec_bytes = NULL; /* as built: no decoded texts */
    {
        wm_status st = wm__tb_check(t, bytes, err);
        if (st != WM_OK) return st;
    }
    t->bytes_used = a.used;
    *out = t;
    wm__ok(err);
    return WM_OK;
}

/* ========================================================================
   [@SAMPLING] Sampling: repetition penalty, temperature, top-k, top-p, min-p, then a
   draw from the seeded xoshiro256** stream.
   ======================================================================== */

WMDEF wm_sampler wm_sampler_default(void) {
    wm_sampler s;
    memset(&s, 0, sizeof s);
    s.temperature = 0.0f;
    s.top_p = 1.0f;
    s.repeat_penalty = 1.0f;
    wm_sampler_seed(&s, 0);
    return s;
}

WMDEF void wm_sampler_seed(wm_sampler *s, uint64_t seed) {
    wm__rng r;
    if (!s) return;
    wm__rng_seed(&r, seed);
    memcpy(s->rng, r.s, sizeof s->rng);
}

WMDEF size_t wm_sampler_work_bytes(int n_vocab) { return (size_t)(n_vocab > 0 ? n_vocab : 0) * sizeof(wm__pair); }

static int wm__finite(float x) { return x == x && x - x == 0.0f; }

WMDEF wm_status wm_sampler_check(const wm_sampler *s, wm_error *err) {
    const char *bad = NULL;
    if (!s) return wm__fail(err, WM_ERR_INVALID_ARG, "sampler: NULL");
    if (!(wm__finite(s->temperature) && s->temperature >= 0.0f)) bad = "temperature must be a finite number >= 0";
    else if (s->top_k < 0) bad = "top_k must be >= 0";
    else if (!(s->top_p > 0.0f && s->top_p <= 1.0f)) bad = "top_p must be in (0, 1]";
    else if (!(s->min_p >= 0.0f && s->min_p <= 1.0f)) bad = "min_p must be in [0, 1]";
    else if (!(wm__finite(s->repeat_penalty) && s->repeat_penalty > 0.0f)) bad = "repeat_penalty must be a finite number > 0";
    else if (s->repeat_last_n < 0) bad = "repeat_last_n must be >= 0";
    if (bad) return wm__fail(err, WM_ERR_INVALID_ARG, "sampler: %s", bad);
    wm__ok(err);
    return WM_OK;
}

/* Applies penalty, temperature and the filters; leaves the candidates in q
   with their probabilities (summing to 1) and returns how many (>= 1, or 0
   when no logit is above -inf): best first when top-k or top-p is on, else
   in id order. logits become scratch; NaN counts as -inf. */
static int wm__sample_candidates(const wm_sampler *s, float *logits, int n, const int32_t *hist, int n_hist, wm__pair *q) {
    wm__kc kc;
    int i, m = 0, k;
    float mx, sum = 0.0f, z = 0.0f;
    kc.simd = wm__kc_simd(WM_ISA_AUTO);
    kc.n_threads = 1;
    for (i = 0; i < n; i++)
        if (logits[i] != logits[i]) logits[i] = -INFINITY;
    if (s->repeat_penalty != 1.0f && hist) {
        int from = s->repeat_last_n > 0 && n_hist > s->repeat_last_n ? n_hist - s->repeat_last_n : 0;
        for (i = from; i < n_hist; i++) { /* each distinct token once (q[].i marks the seen ones) */
            int32_t tk = hist[i];
            if (tk < 0 || tk >= n || q[tk].i == -2) continue;
            q[tk].i = -2;
            logits[tk] = logits[tk] > 0.0f ? logits[tk] / s->repeat_penalty : logits[tk] * s->repeat_penalty;
        }
    }
    mx = wm__k_max(&kc, logits, n);
    if (mx == -INFINITY) return 0;
    if (s->temperature <= 0.0f || mx == INFINITY) { /* greedy: the first of the largest (an infinite logit wins outright) */
        int b = 0;
        for (i = 1; i < n; i++) if (logits[i] > logits[b]) b = i;
        q[0].i = b;
        q[0].v = 1.0f;
        return 1;
    }
    /* probabilities, unnormalized: e^((l - max) / T) */
    for (i = 0; i < n; i++) logits[i] = (logits[i] - mx) / s->temperature;
    wm__k_exp(&kc, logits, logits, n);
    for (i = 0; i < n; i++) z += logits[i];
    if (s->top_k > 0 || s->top_p < 1.0f) { /* best first: the top-k, or enough of the best to hold top-p */
        k = s->top_k > 0 && s->top_k < n ? s->top_k : (s->top_k > 0 ? n : WM__MIN(n, 256));
        for (;;) {
            float cum = 0.0f;
            wm__k_topk_pairs(&kc, logits, n, k, 1, q);
            for (i = 0; i < k; i++) cum += q[i].v;
            if (s->top_k > 0 || k == n || cum >= s->top_p * z) break;
            k = WM__MIN(n, 4 * k);
        }
        m = k;
        for (i = 0; i < m; i++) q[i].v /= z;
        if (s->top_k > 0) { /* renormalize within the top-k before top-p, as the filters chain */
            for (sum = 0.0f, i = 0; i < m; i++) sum += q[i].v;
            for (i = 0; i < m; i++) q[i].v /= sum;
        }
        if (s->top_p < 1.0f) { /* smallest prefix whose mass reaches top_p */
            float cum = 0.0f;
            for (i = 0; i < m; i++) {
                cum += q[i].v;
                if (cum >= s->top_p) { m = i + 1; break; }
            }
        }
        if (s->min_p > 0.0f) {
            float thr = s->min_p * q[0].v;
            for (i = 1; i < m; i++) if (q[i].v < thr) { m = i; break; }
        }
    } else { /* min-p or nothing: every token above the threshold, in id order */
        float thr = s->min_p > 0.0f ? s->min_p : 0.0f; /* p_max is e^0 = 1 here */
        for (i = 0; i < n; i++)
            if (logits[i] > 0.0f && logits[i] >= thr) { q[m].i = i; q[m].v = logits[i] / z; m++; }
    }
    while (m > 1 && !(q[m - 1].v > 0.0f)) m--; /* a token of probability 0 is never drawn, rounding or not */
    for (sum = 0.0f, i = 0; i < m; i++) sum += q[i].v;
    for (i = 0; i < m; i++) q[i].v /= sum;
    return m;
}

WMDEF wm_status wm_sample(wm_sampler *s, float *logits, int n_vocab, const int32_t *history, int n_history, void *work,
                          int32_t *token) {
    wm__pair *q = (wm__pair *)work;
    wm__rng r;
    double u, cum = 0.0;
    int m, i;
    if (token) *token = -1;
    if (!s || !logits || n_vocab < 1 || !q || !token || n_history < 0 || (n_history > 0 && !history)) return WM_ERR_INVALID_ARG;
    if (wm_sampler_check(s, NULL) != WM_OK) return WM_ERR_INVALID_ARG;
    for (i = 0; i < n_vocab; i++) q[i].i = 0;
    m = wm__sample_candidates(s, logits, n_vocab, history, n_history, q);
    if (m < 1) return WM_ERR_NUMERIC;
    if (m == 1) { *token = q[0].i; return WM_OK; }
    memcpy(r.s, s->rng, sizeof r.s);
    u = wm__rng_uniform(&r);
    memcpy(s->rng, r.s, sizeof r.s);
    for (i = 0; i < m - 1 && u >= cum + (double)q[i].v; i++) cum += (double)q[i].v;
    *token = q[i].i;
    return WM_OK;
}

/* ========================================================================
   [@SAVE] Session save / restore. Layout (little-endian): "WMS1", u64 model
   fingerprint, i32 layers, pos, n_vocab, flags; per layer the KV rows in use
   and the SSD/conv states; the sampler; the logits; u64 FNV-1a of all before.
   ======================================================================== */

typedef struct wm__blob_io {
    unsigned char *w;        /* writing into a buffer (NULL: only sizing) */
    const unsigned char *r;  /* reading */
    int (*sink)(void *ctx, const void *p, size_t n); /* or writing to a stream */
    void *sink_ctx;
    size_t pos, cap;
    uint64_t h;
    int bad;
} wm__blob_io;

/* One field of the blob: saving reads it from src, restoring writes it to
   dst (NULL: skipped), sizing only counts. */
static void wm__io2(wm__blob_io *io, const void *src, void *dst, size_t n) {
    if (io->bad) return;
    if (io->r) {
        if (n > io->cap - io->pos) { io->bad = 1; return; }
        if (dst) memcpy(dst, io->r + io->pos, n);
        io->h = wm__fnv_bytes(io->h, io->r + io->pos, n);
    } else if (io->w || io->sink) {
        if (io->w && n > io->cap - io->pos) { io->bad = 1; return; }
        io->h = wm__fnv_bytes(io->h, src, n);
        if (io->w) memcpy(io->w + io->pos, src, n);
        else if (!io->sink(io->sink_ctx, src, n)) io->bad = 1;
    }
    io->pos += n; /* neither: only sizing */
}

static void wm__io(wm__blob_io *io, void *data, size_t n) { wm__io2(io, data, data, n); }

/* The sampler and the logits after the states: the sampler is read into
   tmp (its fields are checked before anything is restored). */
static void wm__session_io_tail(wm__blob_io *io, wm_sampler *tmp, const float *logits_in, float *logits_out, const int32_t *hdr) {
    if (hdr[3] & 1) {
        wm__io(io, &tmp->temperature, 4); wm__io(io, &tmp->top_k, 4); wm__io(io, &tmp->top_p, 4); wm__io(io, &tmp->min_p, 4);
        wm__io(io, &tmp->repeat_penalty, 4); wm__io(io, &tmp->repeat_last_n, 4); wm__io(io, tmp->rng, sizeof tmp->rng);
    }
    if (hdr[3] & 2) wm__io2(io, logits_in, logits_out, sizeof(float) * (size_t)hdr[2]);
}

/* Walks the state in one order for saving (r NULL: from the session, smp_in
   and logits_in) and restoring (into the session, smp_out, logits_out). */
static void wm__session_io(wm__blob_io *io, const wm_session *s, const wm_sampler *smp_in, wm_sampler *smp_out, const float *logits_in,
                           float *logits_out, int32_t *hdr) {
    const wm_config *c = &s->model->cfg;
    int l;
    size_t pos = (size_t)hdr[1];
    for (l = 0; l < c->n_layers; l++) { /* per head, the rows in use of the head-major caches */
        wm__lstate *st = &s->ls[l];
        int h, nh = st->n_heads, nv = st->n_vheads ? st->n_vheads : nh;
        size_t ctx = st->ring ? (size_t)st->ring : (size_t)s->params.n_ctx, rb = wm__row_size(s->params.cache_type, (size_t)c->head_dim);
        size_t used = WM__MIN(pos, ctx), nS, nconv; /* a ring's rows all hold keys once it has wrapped */
        for (h = 0; st->k && h < WM__MAX(nh, nv); h++) {
            if (h < nh) wm__io(io, st->k + (size_t)h * ctx * rb, rb * used);
            if (h < nv) wm__io(io, st->v + (size_t)h * ctx * rb, rb * used);
            if (st->m && h < nh) wm__io(io, st->m + (size_t)h * ctx, sizeof(float) * used);
        }
        wm__lstate_floats(c, l, &nS, &nconv);
        if (st->S) wm__io(io, st->S, (s->params.state_type == WM_F32 ? sizeof(float) : 2) * nS);
        if (st->conv) wm__io(io, st->conv, sizeof(float) * nconv);
    }
    {
        wm_sampler tmp;
        memset(&tmp, 0, sizeof tmp);
        if (!io->r && smp_in) tmp = *smp_in;
        wm__session_io_tail(io, &tmp, logits_in, logits_out, hdr);
        if (io->r && smp_out && !io->bad && (hdr[3] & 1)) *smp_out = tmp; /* a blob without a sampler leaves it as it is */
    }
}

static wm_status wm__session_save(const wm_session *s, const wm_sampler *smp, const float *logits, wm__blob_io *io_in,
                                  size_t *size) {
    wm__blob_io io = *io_in;
    int32_t hdr[4];
    uint64_t fp;
    io.h = WM__FNV_INIT;
    fp = s->model->fingerprint;
    hdr[0] = s->model->cfg.n_layers; hdr[1] = s->pos; hdr[2] = s->model->cfg.vocab_size;
    hdr[3] = (smp ? 1 : 0) | (logits ? 2 : 0) | s->params.cache_type << 2 | s->params.state_type << 5; /* cache type: bits 2..4; state: 5..6 */
    wm__io2(&io, "WMS1", NULL, 4);
    wm__io(&io, &fp, 8);
    wm__io(&io, hdr, sizeof hdr);
    wm__session_io(&io, s, smp, NULL, logits, NULL, hdr);
    { uint64_t h = io.h; wm__io(&io, &h, 8); }
    *size = io.pos;
    io_in->bad = io.bad;
    return io.bad ? WM_ERR_ARENA : WM_OK;
}

WMDEF wm_status wm_session_save(const wm_session *s, const wm_sampler *smp, const float *logits, void *buf, size_t cap,
                                size_t *size) {
    wm__blob_io io;
    if (!s || !size) return WM_ERR_INVALID_ARG;
    memset(&io, 0, sizeof io);
    io.w = (unsigned char *)buf;
    io.cap = cap;
    return wm__session_save(s, smp, logits, &io, size);
}

WMDEF wm_status wm_session_restore(wm_session *s, wm_sampler *smp, float *logits, const void *buf, size_t size) {
    wm__blob_io io, sz;
    int32_t hdr[4];
    uint64_t fp = 0, want, h;
    char magic[4] = {0, 0, 0, 0};
    if (!s || !buf) return WM_ERR_INVALID_ARG;
    memset(&io, 0, sizeof io);
    io.r = (const unsigned char *)buf;
    io.cap = size;
    wm__io(&io, magic, 4);
    wm__io(&io, &fp, 8);
    wm__io(&io, hdr, sizeof hdr);
    if (io.bad || memcmp(magic, "WMS1", 4)) return wm__serr(s, WM_ERR_FORMAT, "session file: not a wm.h session (bad magic)");
    if (fp != s->model->fingerprint || hdr[0] != s->model->cfg.n_layers || hdr[2] != s->model->cfg.vocab_size)
        return wm__serr(s, WM_ERR_FORMAT, "session file: saved from another model");
    if (hdr[1] < 0 || (s->model->has_attn && hdr[1] > s->params.n_ctx))
        return wm__serr(s, WM_ERR_CONTEXT, "session file: position %d does not fit n_ctx %d", hdr[1], s->params.n_ctx);
    if (hdr[3] & ~127) return wm__serr(s, WM_ERR_FORMAT, "session file: unknown flags");
    if ((hdr[3] >> 5) != s->params.state_type)
        return wm__serr(s, WM_ERR_INVALID_ARG, "session file: its states are %s, this session's %s", wm__types[(hdr[3] >> 5) & 3].name,
                        wm__types[s->params.state_type].name);
    if (((hdr[3] >> 2) & 7) != s->params.cache_type)
        return wm__serr(s, WM_ERR_INVALID_ARG, "session file: its KV cache is %s, this session's %s", wm__types[(hdr[3] >> 2) & 7].name,
                        wm__types[s->params.cache_type].name);
    memset(&sz, 0, sizeof sz); /* sizes only: nothing is read or written */
    sz.pos = io.pos;
    wm__session_io(&sz, s, NULL, NULL, NULL, NULL, hdr);
    if (sz.pos + 8 != size) return wm__serr(s, WM_ERR_FORMAT, "session file: %zu bytes, expected %zu", size, sz.pos + 8);
    h = wm__fnv_bytes(WM__FNV_INIT, io.r, size - 8);
    memcpy(&want, io.r + size - 8, 8);
    if (h != want) return wm__serr(s, WM_ERR_FORMAT, "session file: checksum mismatch (damaged)");
    if (hdr[3] & 1) { /* the sampler's fields, checked before any state is touched */
        wm__blob_io tail = io;
        wm_sampler tmp;
        wm_error e;
        memset(&tmp, 0, sizeof tmp);
        tail.pos = sz.pos - (sizeof(float) * 6 + sizeof tmp.rng) - (hdr[3] & 2 ? sizeof(float) * (size_t)hdr[2] : 0);
        wm__session_io_tail(&tail, &tmp, NULL, NULL, hdr);
        if (wm_sampler_check(&tmp, &e) != WM_OK) return wm__serr(s, WM_ERR_FORMAT, "session file: %s", e.message);
    }
    wm__session_io(&io, s, NULL, smp, NULL, logits, hdr);
    s->pos = hdr[1];
    s->err[0] = 0;
    return WM_OK;
}

/* ========================================================================
   [@GENERATE] Generation and chat templates
   ======================================================================== */

WMDEF wm_generate_params wm_generate_default_params(void) {
    wm_generate_params p;
    memset(&p, 0, sizeof p);
    p.max_new = 128;
    p.add_special = 1;
    p.stop_at_eos = 1;
    return p;
}

static int wm__is_stop(const wm_config *c, const wm_generate_params *gp, int32_t tok) {
    int i;
    for (i = 0; gp->stop_at_eos && i < c->n_eos; i++) if (c->eos_token_ids[i] == tok) return 1;
    for (i = 0; i < gp->n_stop_ids; i++) if (gp->stop_ids[i] == tok) return 1;
    return 0;
}

/* The buffers of one wm_generate call (measuring when a->base is NULL). */
typedef struct wm__gen_bufs {
    int32_t *hist; /* [hist_cap] prompt ids, then the generated ones */
    size_t hist_cap;
    void *work;    /* wm_sampler_work_bytes(vocab) */
    char *text;    /* one token's text: wm_utf8_push needs 3 * (bytes + 4) */
} wm__gen_bufs;

static int wm__gen_carve(wm__arena *a, const wm_session *s, const wm_tokenizer *t, size_t prompt_len, int max_new, wm__gen_bufs *b) {
    size_t gen = (size_t)s->params.n_ctx; /* a token covers at least one byte of the prompt */
    if (max_new >= 0 && (size_t)max_new < gen) gen = (size_t)max_new;
    if (!wm__add(prompt_len, (size_t)(t->n_prefix + t->n_suffix) + gen + 1, &b->hist_cap) || b->hist_cap > (size_t)INT32_MAX) return 0;
    b->hist = (int32_t *)wm__alloc(a, b->hist_cap, sizeof(int32_t));
    b->work = wm__alloc(a, wm_sampler_work_bytes(s->model->cfg.vocab_size), 1);
    b->text = (char *)wm__alloc(a, 3 * (t->max_len + 4), 1);
    return !a->bad;
}

WMDEF wm_status wm_generate_bytes(const wm_session *s, const wm_tokenizer *t, size_t prompt_len, const wm_generate_params *gp,
                                  size_t *bytes) {
    wm__arena a = wm__arena_make(NULL, 0);
    wm__gen_bufs b;
    if (!s || !t || !bytes) return WM_ERR_INVALID_ARG;
    if (!wm__gen_carve(&a, s, t, prompt_len, gp ? gp->max_new : wm_generate_default_params().max_new, &b)) return WM_ERR_CONTEXT;
    *bytes = a.used;
    return WM_OK;
}

WMDEF wm_status wm_generate(wm_session *s, const wm_tokenizer *t, wm_sampler *smp, float *logits, const char *prompt,
                            size_t prompt_len, const wm_generate_params *gp_in, wm_token_fn fn, void *user, wm_generate_stats *stats) {
    const wm_generate_params gp = gp_in ? *gp_in : wm_generate_default_params();
    const int max_new = gp.max_new;
    const wm_config *c;
    size_t n_prompt = 0, need;
    int32_t tok;
    wm__gen_bufs b;
    wm__arena a;
    void *owned = NULL;
    wm_utf8_stream us;
    wm_status st = WM_OK;
    wm_error e;
    int n_hist = 0, i;
    wm_stop stop = WM_STOP_LENGTH;
    size_t w;
    if (stats) memset(stats, 0, sizeof *stats);
    if (!s || !t || !smp || !logits || (!prompt && prompt_len)) return WM_ERR_INVALID_ARG;
    c = &s->model->cfg;
    if (gp.n_stop_ids < 0 || gp.n_stop_ids > 8) return wm__serr(s, WM_ERR_INVALID_ARG, "generate: n_stop_ids %d is outside 0..8", gp.n_stop_ids);
    if (wm_sampler_check(smp, &e) != WM_OK) return wm__serr(s, WM_ERR_INVALID_ARG, "generate: %s", e.message);
    if (wm_generate_bytes(s, t, prompt_len, &gp, &need) != WM_OK) return wm__serr(s, WM_ERR_CONTEXT, "generate: prompt too long");
    if (gp.work) {
        a = wm__arena_make(gp.work, gp.work_bytes);
    } else {
#ifndef WM_NO_MALLOC
        owned = WM_MALLOC(need + WM__ALIGN - 1);
        if (!owned) return wm__serr(s, WM_ERR_NOMEM, "generate: cannot allocate %zu bytes", need + WM__ALIGN - 1);
        a = wm__arena_make(owned, need + WM__ALIGN - 1);
#else
        return wm__serr(s, WM_ERR_INVALID_ARG, "generate: params.work is NULL in a WM_NO_MALLOC build (wm_generate_bytes says how much)");
#endif
    }
    if (!wm__gen_carve(&a, s, t, prompt_len, max_new, &b))
        return wm__serr(s, WM_ERR_ARENA, "generate: work of %zu bytes is too small: this call needs %zu from a %d-byte aligned start",
                        gp.work_bytes, need, WM__ALIGN);
    if ((prompt_len || gp.add_special) && (st = wm_tokenize(t, prompt, prompt_len, gp.add_special, b.hist, b.hist_cap, &n_prompt)) != WM_OK) {
        st = wm__serr(s, st, "generate: cannot tokenize the prompt");
        goto done;
    }
    if (n_prompt == 0 && s->pos == 0) { /* nothing to continue: start from BOS, as llama.cpp does */
        if (c->bos_token_id < 0 || c->bos_token_id >= c->vocab_size) {
            st = wm__serr(s, WM_ERR_INVALID_ARG, "generate: empty prompt, empty session, and the model has no BOS token to start from");
            goto done;
        }
        b.hist[0] = c->bos_token_id;
        n_prompt = 1;
    }
    if (n_prompt && (st = wm_prefill(s, b.hist, (int)n_prompt, logits, WM_LOGITS_LAST)) != WM_OK) goto done;
    n_hist = (int)n_prompt;
    if (stats) stats->n_prompt = (int)n_prompt;
    us.n = 0;
    for (i = 0; max_new < 0 || i < max_new; i++) {
        size_t bl = 0;
        const char *tb;
        if ((st = wm_sample(smp, logits, c->vocab_size, b.hist, n_hist, b.work, &tok)) != WM_OK) {
            st = wm__serr(s, st, "generate: %s", st == WM_ERR_NUMERIC ? "the logits hold no number (NaN or -inf only)" : "cannot sample");
            goto done;
        }
        if (wm__is_stop(c, &gp, tok)) { stop = WM_STOP_EOS; break; } /* not fed: a chat turn's end text adds it back */
        if (wm_session_room(s) < 1) { stop = WM_STOP_CONTEXT; break; } /* it could not join the session */
        if ((size_t)n_hist == b.hist_cap) { /* (only past n_ctx tokens, so only without attention) the oldest half drops out */
            size_t keep = b.hist_cap / 2;
            memmove(b.hist, b.hist + (b.hist_cap - keep), sizeof(int32_t) * keep);
            n_hist = (int)keep;
        }
        tb = wm_token_bytes(t, tok, &bl);
        w = tb ? wm_utf8_push(&us, tb, bl, b.text) : 0;
        if (fn && fn(user, tok, b.text, w)) stop = WM_STOP_CALLBACK;
        b.hist[n_hist++] = tok;
        if (stats) stats->n_generated++;
        if ((st = wm_decode(s, tok, logits)) != WM_OK) goto done;
        if (stop == WM_STOP_CALLBACK) break;
    }
    if (stats) stats->stop = stop;
    w = wm_utf8_flush(&us, b.text);
    if (fn && w) fn(user, -1, b.text, w);
done:
#ifndef WM_NO_MALLOC
    if (owned) WM_FREE(owned);
#endif
    (void)owned;
    return st;
}

/* Chat formats, one row each. */
static const wm_chat_template wm__chat_templates[] = {
    {"doge", "<|begin_of_text|>", "<|start_header_id|>system<|end_header_id|>\n%s<|end_of_text|>\n\n",
     "<|start_header_id|>user<|end_header_id|>\n%s<|end_of_text|>\n\n", "<|start_header_id|>assistant<|end_header_id|>\n",
     "<|end_of_text|>\n\n", "<|end_of_text|>"},
    /* ChatML (Qwen, newer SmallDoge instruct checkpoints) */
    {"chatml", "", "<|im_start|>system\n%s<|im_end|>\n", "<|im_start|>user\n%s<|im_end|>\n", "<|im_start|>assistant\n", "<|im_end|>\n",
     "<|im_end|>"},
    /* Rodimus+ chat (the official RodimusTokenizer's "rodimus_chat" format: roles, no separators; answers end at <|endoftext|>) */
    {"rodimus", "", "<role>SYSTEM</role>%s", "<role>HUMAN</role>%s", "<role>ASSISTANT</role>", "", "<|endoftext|>"},
};

/* s[0..n) holds the bytes of x */
static int wm__has(const char *s, size_t n, const char *x) {
    size_t k = strlen(x), i;
    for (i = 0; i + k <= n; i++) if (!memcmp(s + i, x, k)) return 1;
    return 0;
}

WMDEF const wm_chat_template *wm_chat_template_guess(const char *tokenizer_config, size_t n, const wm_tokenizer *t) {
    wm__cfgr r;
    const char *e, *p, *v;
    char cls[64];
    if (tokenizer_config && wm__j_value(tokenizer_config, tokenizer_config + n, WM__JSON_DEPTH) &&
        *(p = wm__j_ws(tokenizer_config, tokenizer_config + n)) == '{') {
        e = tokenizer_config + n;
        r.obj = p; r.e = e; r.file = "tokenizer_config.json"; r.code = WM_ERR_FORMAT; r.err = NULL; r.st = WM_OK;
        v = wm__cfg_get(&r, p, "chat_template");
        if (v && *v == '"') { /* the Jinja text (as JSON): recognized by its markers */
            size_t vn = (size_t)(wm__j_str_end(v, e) - v);
            if (wm__has(v, vn, "<|im_start|>")) return &wm__chat_templates[1];
            if (wm__has(v, vn, "<role>") && wm__has(v, vn, "HUMAN")) return &wm__chat_templates[2];
            if (wm__has(v, vn, "<|start_header_id|>")) return &wm__chat_templates[0];
        }
        if (wm__cfg_str_in(&r, p, "tokenizer_class", cls, sizeof cls) && !strcmp(cls, "RodimusTokenizer")) return &wm__chat_templates[2];
    }
    if (t && wm_tokenizer_find(t, "<|im_start|>") >= 0) return &wm__chat_templates[1];
    if (t && wm_tokenizer_find(t, "<|start_header_id|>") >= 0) return &wm__chat_templates[0];
    return NULL;
}

WMDEF const wm_chat_template *wm_chat_template_get(const char *name) {
    size_t i;
    for (i = 0; name && i < sizeof wm__chat_templates / sizeof wm__chat_templates[0]; i++)
        if (!strcmp(wm__chat_templates[i].name, name)) return &wm__chat_templates[i];
    return NULL;
}

/* Appends fmt with its one %s replaced by arg. */
static void wm__put_fmt(char *out, size_t cap, size_t *n, const char *fmt, const char *arg) {
    for (; *fmt; fmt++) {
        if (fmt[0] == '%' && fmt[1] == 's') {
            const char *a = arg ? arg : "";
            for (; *a; a++, (*n)++) if (*n < cap) out[*n] = *a;
            fmt++;
            continue;
        }
        if (*n < cap) out[*n] = *fmt;
        (*n)++;
    }
}

WMDEF size_t wm_chat_render(const wm_chat_template *ct, int first_turn, const char *system, const char *user, char *out,
                            size_t cap) {
    size_t n = 0;
    if (!ct) return 0;
    if (!out) cap = 0;
    if (first_turn) {
        wm__put_fmt(out, cap, &n, ct->bos, NULL);
        if (system) wm__put_fmt(out, cap, &n, ct->system, system);
    } else {
        wm__put_fmt(out, cap, &n, ct->turn_end, NULL);
    }
    wm__put_fmt(out, cap, &n, ct->user, user);
    wm__put_fmt(out, cap, &n, ct->assistant_prefix, NULL);
    if (n < cap) out[n] = 0;
    return n;
}

/* ========================================================================
   [@STDIO] stdio helpers: a checkpoint directory from files
   ======================================================================== */
#if !defined(WM_NO_STDIO) && !defined(WM_NO_MALLOC)
#include <errno.h>
#include <stdio.h>
#if defined(__linux__) && defined(WM__LIBC_ALLOC) && !defined(WM_NO_HUGEPAGES)
#include <sys/mman.h>
#if defined(MADV_HUGEPAGE) /* visible with _DEFAULT_SOURCE / _GNU_SOURCE */
#define WM__HUGE 1 /* weights in transparent huge pages: fewer TLB misses while decode streams them (~10%) */
#endif
#endif

#if (defined(__unix__) || defined(__APPLE__)) && !defined(WM_NO_MMAP) &&                                                     \
    (defined(_POSIX_C_SOURCE) || defined(_XOPEN_SOURCE) || defined(_DEFAULT_SOURCE) || defined(_GNU_SOURCE) || defined(__APPLE__))
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define WM__MMAP 1
static void wm__munmap(void *p, size_t n) { munmap(p, n); }

/* Maps a file read-only (private: nothing writes it). WM_ERR_UNSUPPORTED
   where it cannot be mapped (an empty file, a pipe): then it is read. */
static wm_status wm__map_file(const char *path, wm__ofile *f, wm_error *err) {
    struct stat st;
    void *p;
    int fd = open(path, O_RDONLY);
    if (fd < 0) return wm__fail(err, WM_ERR_IO, "%s: cannot open (%s)", path, strerror(errno));
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || (unsigned long long)st.st_size > (unsigned long long)((size_t)-1 / 2)) {
        close(fd);
        return wm__fail(err, WM_ERR_UNSUPPORTED, "%s: not a file that can be mapped", path);
    }
    p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (p == MAP_FAILED) return wm__fail(err, WM_ERR_UNSUPPORTED, "%s: mmap failed (%s)", path, strerror(errno));
    f->p = p;
    f->n = (size_t)st.st_size;
    f->unmap = wm__munmap;
    return WM_OK;
}
#endif

/* Reads a whole file into a WM_MALLOC'd buffer. */
/* 1: path opens but cannot be read, as a directory does (fopen of a
   directory succeeds where POSIX allows it; the first read fails) */
static int wm__is_dir(const char *path) {
    FILE *f = fopen(path, "rb");
    int d = 0;
    if (!f) return 0;
    errno = 0;
    if (fgetc(f) == EOF && ferror(f)) d = 1;
    fclose(f);
    return d;
}

static int wm__exists(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

static wm_status wm__read_file(const char *path, void **out, size_t *size, wm_error *err) {
    FILE *f = fopen(path, "rb");
    long n;
    unsigned char *buf;
    size_t got;
    *out = NULL;
    *size = 0;
    if (!f) return wm__fail(err, WM_ERR_IO, "%s: cannot open (%s)", path, strerror(errno));
    if (fgetc(f) == EOF && ferror(f)) { /* a directory, or unreadable */
        int e = errno;
        fclose(f);
        return wm__fail(err, WM_ERR_IO, "%s: cannot read (%s)", path, strerror(e));
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return wm__fail(err, WM_ERR_IO, "%s: cannot find its size", path);
    }
    if ((unsigned long)n > (unsigned long)((size_t)-1 - 1)) {
        fclose(f);
        return wm__fail(err, WM_ERR_NOMEM, "%s: too large for this machine", path);
    }
#ifdef WM__HUGE
    if ((size_t)n >= ((size_t)4 << 20)) { /* big files: 2 MB aligned, huge pages advised (a no-op where unavailable) */
        void *p = NULL;
        size_t len = ((size_t)n + 1 + ((size_t)2 << 20) - 1) & ~(((size_t)2 << 20) - 1);
        if (posix_memalign(&p, (size_t)2 << 20, len) != 0) p = NULL;
        if (p) madvise(p, len, MADV_HUGEPAGE);
        buf = (unsigned char *)p;
    } else
#endif
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

/* model.safetensors.index.json: the distinct shard names of its weight_map,
   in order of first mention, decoded into names (index_n + 1 bytes hold
   them all) and listed in shard[0..*n_shards). Every name must be a plain
   file name; at most max shards. */
static wm_status wm__index_shards(const char *index, size_t index_n, const char *path, char *names, const char **shard, int max,
                                  int *n_shards, wm_error *err) {
    const char *e = index + index_n, *p, *wmap, *k, *v;
    wm__jit it;
    size_t total = 0;
    int n = 0, i;
    *n_shards = 0;
    p = wm__j_value(index, e, WM__JSON_DEPTH);
    wmap = p && wm__j_ws(p, e) == e ? wm__j_get(wm__j_ws(index, e), e, "weight_map") : NULL;
    if (!wmap || *wmap != '{') return wm__fail(err, WM_ERR_FORMAT, "%s: not JSON with a weight_map object", path);
    wm__j_iter(&it, wmap, e);
    while (wm__j_next(&it, &k, &v)) {
        char *nm = names + total;
        size_t len;
        int seen = 0;
        if (*v != '"') return wm__fail(err, WM_ERR_FORMAT, "%s: weight_map values must be file names", path);
        len = wm__j_str(v, e, nm, index_n + 1 - total);
        if (len == 0 || len != strlen(nm) || strchr(nm, '/') || strchr(nm, '\\') || !strcmp(nm, "..") || !strcmp(nm, "."))
            return wm__fail(err, WM_ERR_FORMAT, "%s: shard name '%s' is not a plain file name", path, nm);
        for (i = 0; i < n; i++) seen |= !strcmp(shard[i], nm);
        if (seen) continue;
        if (n >= max) return wm__fail(err, WM_ERR_FORMAT, "%s: more than %d shards", path, max);
        shard[n++] = nm;
        total += len + 1;
    }
    if (n == 0) return wm__fail(err, WM_ERR_FORMAT, "%s: weight_map is empty", path);
    *n_shards = n;
    return WM_OK;
}

/* Every tensor the index names must be in that shard of the model. */
static wm_status wm__index_check(const wm_model *m, const wm_blob *blobs, const char *index, size_t index_n, wm_error *err) {
    const char *e = index + index_n, *k, *v;
    wm__jit it;
    wm__j_iter(&it, wm__j_get(wm__j_ws(index, e), e, "weight_map"), e);
    while (wm__j_next(&it, &k, &v)) {
        char tn[256], fn[256];
        wm__tensor *t;
        if (wm__j_str(k, e, tn, sizeof tn) >= sizeof tn || wm__j_str(v, e, fn, sizeof fn) >= sizeof fn)
            return wm__fail(err, WM_ERR_FORMAT, "model.safetensors.index.json: a name longer than 255 bytes");
        t = wm__find(m, tn);
        if (!t || strcmp(blobs[t->file].name, fn))
            return wm__fail(err, WM_ERR_FORMAT, "model.safetensors.index.json: tensor '%s' is not in %s", tn, fn);
    }
    return WM_OK;
}

/* 1 when path is a file that starts with the GGUF magic */
static int wm__is_gguf_file(const char *path) {
    char m[4];
    FILE *f = fopen(path, "rb");
    int yes = f && fread(m, 1, 4, f) == 4 && !memcmp(m, "GGUF", 4);
    if (f) fclose(f);
    return yes;
}

/* A weight file, mapped (how WM_LOAD_MMAP, where the OS can) or read. */
static wm_status wm__weight_file(const char *path, int how, wm__ofile *f, wm_error *err) {
    wm_status st;
#ifdef WM__MMAP
    if (how == WM_LOAD_MMAP && (st = wm__map_file(path, f, err)) != WM_ERR_UNSUPPORTED) return st;
#else
    (void)how;
#endif
    f->unmap = NULL;
    st = wm__read_file(path, &f->p, &f->n, err);
    return st;
}

static void wm__ofile_free(wm__ofile *f) {
    if (!f->p) return;
    if (f->unmap) f->unmap(f->p, f->n);
    else WM_FREE(f->p);
    f->p = NULL;
}

/* a GGUF file: the model keeps the buffer */
static wm_status wm__model_load_gguf(wm_model **out, const char *path, int how, wm_error *err) {
    wm__ofile buf;
    wm_blob blob;
    wm_model_source src;
    wm_status st;
    const char *base = strrchr(path, '/');
    if ((st = wm__weight_file(path, how, &buf, err)) != WM_OK) return st;
    blob.size = buf.n;
    blob.data = buf.p;
    blob.name = base ? base + 1 : path;
    src.config_json = NULL;
    src.config_bytes = 0;
    src.files = &blob;
    src.n_files = 1;
    if ((st = wm_model_open(out, &src, err)) != WM_OK) { wm__ofile_free(&buf); return st; }
    (*out)->owned_files = (wm__ofile *)WM_MALLOC(sizeof(wm__ofile));
    if (!(*out)->owned_files) {
        wm_model_free(*out);
        *out = NULL;
        wm__ofile_free(&buf);
        return wm__fail(err, WM_ERR_NOMEM, "model: out of memory");
    }
    (*out)->owned_files[0] = buf;
    (*out)->n_owned_files = 1;
    return WM_OK;
}

WMDEF wm_status wm_model_load(wm_model **out, const char *dir, wm_error *err) { return wm_model_load_opts(out, dir, WM_LOAD_MMAP, err); }

WMDEF wm_status wm_model_load_opts(wm_model **out, const char *dir, int how, wm_error *err) {
    char path[4096], *names = NULL;
    void *cfg = NULL, *index = NULL;
    wm__ofile *bufs = NULL;
    size_t cfg_n, index_n = 0;
    wm_blob *blobs = NULL;
    const char **shard = NULL;
    wm_model_source src;
    wm_status st;
    int n = 0, i;
    FILE *probe;
    if (out) *out = NULL;
    if (!out || !dir) return wm__fail(err, WM_ERR_INVALID_ARG, "model: out and dir are required");
    if (strlen(dir) > 3000) return wm__fail(err, WM_ERR_INVALID_ARG, "model: directory path too long");
    if (how != WM_LOAD_MMAP && how != WM_LOAD_COPY) return wm__fail(err, WM_ERR_INVALID_ARG, "model: how %d is not WM_LOAD_MMAP or WM_LOAD_COPY", how);
    if (wm__is_gguf_file(dir)) return wm__model_load_gguf(out, dir, how, err);
    if (!wm__is_dir(dir))
        return wm__fail(err, WM_ERR_IO, "%s: %s; a model is a directory (config.json and model.safetensors or its shards) or a .gguf file", dir,
                        wm__exists(dir) ? "neither a directory nor a GGUF file" : "no such file or directory");
    wm__path(path, sizeof path, dir, "config.json");
    if (!wm__exists(path))
        return wm__fail(err, WM_ERR_IO, "%s: no config.json in this directory; a model is a directory (config.json and model.safetensors "
                                        "or its shards) or a .gguf file, given by its own path", dir);
    if ((st = wm__read_file(path, &cfg, &cfg_n, err)) != WM_OK) return st;
    wm__path(path, sizeof path, dir, "model.safetensors.index.json");
    probe = fopen(path, "rb");
    if (probe) {
        fclose(probe);
        if ((st = wm__read_file(path, &index, &index_n, err)) != WM_OK) goto done;
        names = (char *)WM_MALLOC(index_n + 1);
        shard = (const char **)WM_MALLOC(sizeof(char *) * 4096);
        if (!names || !shard) { st = wm__fail(err, WM_ERR_NOMEM, "model: out of memory"); goto done; }
        if ((st = wm__index_shards((const char *)index, index_n, path, names, shard, 4096, &n, err)) != WM_OK) goto done;
    } else {
        static const char *single = "model.safetensors";
        wm__path(path, sizeof path, dir, single);
        probe = fopen(path, "rb");
        if (probe) fclose(probe);
        else {
            wm__path(path, sizeof path, dir, "pytorch_model.bin");
            probe = fopen(path, "rb");
            if (!probe) {
                wm__path(path, sizeof path, dir, "pytorch_model.bin.index.json");
                probe = fopen(path, "rb");
            }
            if (probe) { /* a released checkpoint may come as a PyTorch pickle only */
                fclose(probe);
                st = wm__fail(err, WM_ERR_UNSUPPORTED, "%s: PyTorch pickle weights are not read (they can run code when loaded); "
                              "save the model as safetensors first (transformers: save_pretrained(dir, safe_serialization=True))", path);
                goto done;
            }
        }
        shard = &single;
        n = 1;
    }
    bufs = (wm__ofile *)WM_MALLOC(sizeof(wm__ofile) * (size_t)n);
    blobs = (wm_blob *)WM_MALLOC(sizeof(wm_blob) * (size_t)n);
    if (!bufs || !blobs) { n = 0; st = wm__fail(err, WM_ERR_NOMEM, "model: out of memory"); goto done; }
    for (i = 0; i < n; i++) bufs[i].p = NULL;
    for (i = 0; i < n; i++) {
        wm__path(path, sizeof path, dir, shard[i]);
        if ((st = wm__weight_file(path, how, &bufs[i], err)) != WM_OK) goto done;
        blobs[i].data = bufs[i].p;
        blobs[i].size = bufs[i].n;
        blobs[i].name = shard[i];
    }
    src.config_json = (const char *)cfg;
    src.config_bytes = cfg_n;
    src.files = blobs;
    src.n_files = n;
    st = wm_model_open(out, &src, err);
    if (st == WM_OK && index && (st = wm__index_check(*out, blobs, (const char *)index, index_n, err)) != WM_OK) {
        wm_model_free(*out);
        *out = NULL;
    }
    if (st == WM_OK) { /* the model keeps the shard buffers */
        (*out)->owned_files = bufs;
        (*out)->n_owned_files = n;
        bufs = NULL;
    }
done:
    if (bufs) {
        for (i = 0; i < n; i++) wm__ofile_free(&bufs[i]);
        WM_FREE(bufs);
    }
    if (blobs) WM_FREE(blobs);
    if (names) WM_FREE(names);
    if (index && shard) WM_FREE((void *)shard);
    if (index) WM_FREE(index);
    if (cfg) WM_FREE(cfg);
    return st;
}
WMDEF wm_status wm_tokenizer_load(wm_tokenizer **out, const char *path, wm_error *err) {
    void *buf;
    size_t n;
    wm_status st;
    wm__ofile f;
    if (out) *out = NULL;
    if (!path) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: path is NULL");
    if (wm__is_dir(path)) { /* a model directory: its tokenizer.json */
        char sub[4096];
        if (strlen(path) > 4000) return wm__fail(err, WM_ERR_INVALID_ARG, "tokenizer: path too long");
        wm__path(sub, sizeof sub, path, "tokenizer.json");
        if (!wm__exists(sub))
            return wm__fail(err, WM_ERR_IO, "%s: a directory without tokenizer.json; give a tokenizer.json, a model directory holding one, "
                                            "or a .gguf file", path);
        return wm_tokenizer_load(out, sub, err);
    }
    if (wm__is_gguf_file(path)) { /* mapped: a GGUF is mostly weights this reads nothing of */
        if ((st = wm__weight_file(path, WM_LOAD_MMAP, &f, err)) != WM_OK) return st;
    } else {
        if ((st = wm__read_file(path, &f.p, &f.n, err)) != WM_OK) return st;
        f.unmap = NULL;
    }
    buf = f.p;
    n = f.n;
    if (n >= 4 && !memcmp(buf, "GGUF", 4)) { /* a GGUF file: its tokenizer.huggingface.json, or one built from tokenizer.ggml.* */
        const char *js;
        size_t jn;
        if ((st = wm_gguf_string(buf, n, "tokenizer.huggingface.json", &js, &jn, err)) == WM_OK)
            st = wm_tokenizer_open(out, js, jn, err);
        else if (st == WM_ERR_MISSING && (st = wm_gguf_tokenizer_json(buf, n, NULL, 0, &jn, err)) == WM_OK) {
            char *made = (char *)WM_MALLOC(jn ? jn : 1);
            if (!made) st = wm__fail(err, WM_ERR_NOMEM, "tokenizer: out of memory");
            else {
                wm_gguf_tokenizer_json(buf, n, made, jn, &jn, err);
                st = wm_tokenizer_open(out, made, jn, err);
                WM_FREE(made);
            }
        }
    } else
        st = wm_tokenizer_open(out, (const char *)buf, n, err);
    if (st != WM_OK && err) { /* name the file */
        char msg[sizeof err->message];
        memcpy(msg, err->message, sizeof msg);
        wm__fail(err, st, "%s: %s", path, msg);
    }
    wm__ofile_free(&f);
    return st;
}

WMDEF wm_status wm_session_restore_file(wm_session *s, wm_sampler *smp, float *logits, const char *path) {
    void *buf;
    size_t n;
    wm_error e;
    wm_status st;
    if (!s || !path) return WM_ERR_INVALID_ARG;
    if ((st = wm__read_file(path, &buf, &n, &e)) != WM_OK) return wm__serr(s, st, "%s", e.message);
    st = wm_session_restore(s, smp, logits, buf, n);
    if (st != WM_OK) {
        char msg[sizeof s->err];
        memcpy(msg, s->err, sizeof msg);
        wm__serr(s, st, "%s: %s", path, msg);
    }
    WM_FREE(buf);
    return st;
}
#endif /* stdio + malloc */

#ifndef WM_NO_STDIO
#include <stdio.h>
static int wm__file_sink(void *f, const void *p, size_t n) { return fwrite(p, 1, n, (FILE *)f) == n; }

/* Streams the session to PATH.tmp and renames it, so no partial file is left. */
WMDEF wm_status wm_session_save_file(wm_session *s, const wm_sampler *smp, const float *logits, const char *path) {
    char tmp[4096];
    FILE *f;
    size_t size = 0;
    wm__blob_io io;
    int ok;
    if (!s || !path || strlen(path) > sizeof tmp - 8) return WM_ERR_INVALID_ARG;
    wm__fmt(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "wb");
    if (!f) return wm__serr(s, WM_ERR_IO, "%s: cannot create", tmp);
    memset(&io, 0, sizeof io);
    io.sink = wm__file_sink;
    io.sink_ctx = f;
    ok = wm__session_save(s, smp, logits, &io, &size) == WM_OK;
    ok &= fflush(f) == 0;
    ok &= fclose(f) == 0;
    if (!ok) { remove(tmp); return wm__serr(s, WM_ERR_IO, "%s: write failed", tmp); }
    if (rename(tmp, path) != 0) { remove(tmp); return wm__serr(s, WM_ERR_IO, "%s: cannot rename into place", path); }
    return WM_OK;
}
#endif

/* ========================================================================
   [@UNICODE] Unicode tables and their lookups (an appendix). Generated by
   tools/gen_unicode.py (character classes and Lowercase of Unicode 16.0,
   NFC/NFKC of 15.0); the tokenizer uses them through the functions
   declared at its start.
   ======================================================================== */

/* BEGIN UNICODE TABLES: generated by tools/gen_unicode.py from UnicodeData.txt, PropList.txt and
   CompositionExclusions.txt, DerivedCoreProperties.txt: classes and lowercase of Unicode 16.0.0, normalization of
   Unicode 15.0.0 (as the tokenizers library has them): 677 letter, 144 number, 10 White_Space,
   796 word (\w), 198 punctuation, 236 symbol, 321 mark, 662 Ll and 654 Lu/Lt ranges; 388 combining-class runs,
   5857 decompositions, 941 canonical compositions. Do not edit. */
static const uint32_t wm__uc_letter[1354] = { /* [lo, hi] pairs */
    0x41,0x5a,0x61,0x7a,0xaa,0xaa,0xb5,0xb5,0xba,0xba,0xc0,0xd6,0xd8,0xf6,0xf8,0x2c1,0x2c6,0x2d1,0x2e0,0x2e4,0x2ec,
    0x2ec,0x2ee,0x2ee,0x370,0x374,0x376,0x377,0x37a,0x37d,0x37f,0x37f,0x386,0x386,0x388,0x38a,0x38c,0x38c,0x38e,
    0x3a1,0x3a3,0x3f5,0x3f7,0x481,0x48a,0x52f,0x531,0x556,0x559,0x559,0x560,0x588,0x5d0,0x5ea,0x5ef,0x5f2,0x620,
    0x64a,0x66e,0x66f,0x671,0x6d3,0x6d5,0x6d5,0x6e5,0x6e6,0x6ee,0x6ef,0x6fa,0x6fc,0x6ff,0x6ff,0x710,0x710,0x712,
    0x72f,0x74d,0x7a5,0x7b1,0x7b1,0x7ca,0x7ea,0x7f4,0x7f5,0x7fa,0x7fa,0x800,0x815,0x81a,0x81a,0x824,0x824,0x828,
    0x828,0x840,0x858,0x860,0x86a,0x870,0x887,0x889,0x88e,0x8a0,0x8c9,0x904,0x939,0x93d,0x93d,0x950,0x950,0x958,
    0x961,0x971,0x980,0x985,0x98c,0x98f,0x990,0x993,0x9a8,0x9aa,0x9b0,0x9b2,0x9b2,0x9b6,0x9b9,0x9bd,0x9bd,0x9ce,
    0x9ce,0x9dc,0x9dd,0x9df,0x9e1,0x9f0,0x9f1,0x9fc,0x9fc,0xa05,0xa0a,0xa0f,0xa10,0xa13,0xa28,0xa2a,0xa30,0xa32,
    0xa33,0xa35,0xa36,0xa38,0xa39,0xa59,0xa5c,0xa5e,0xa5e,0xa72,0xa74,0xa85,0xa8d,0xa8f,0xa91,0xa93,0xaa8,0xaaa,
    0xab0,0xab2,0xab3,0xab5,0xab9,0xabd,0xabd,0xad0,0xad0,0xae0,0xae1,0xaf9,0xaf9,0xb05,0xb0c,0xb0f,0xb10,0xb13,
    0xb28,0xb2a,0xb30,0xb32,0xb33,0xb35,0xb39,0xb3d,0xb3d,0xb5c,0xb5d,0xb5f,0xb61,0xb71,0xb71,0xb83,0xb83,0xb85,
    0xb8a,0xb8e,0xb90,0xb92,0xb95,0xb99,0xb9a,0xb9c,0xb9c,0xb9e,0xb9f,0xba3,0xba4,0xba8,0xbaa,0xbae,0xbb9,0xbd0,
    0xbd0,0xc05,0xc0c,0xc0e,0xc10,0xc12,0xc28,0xc2a,0xc39,0xc3d,0xc3d,0xc58,0xc5a,0xc5d,0xc5d,0xc60,0xc61,0xc80,
    0xc80,0xc85,0xc8c,0xc8e,0xc90,0xc92,0xca8,0xcaa,0xcb3,0xcb5,0xcb9,0xcbd,0xcbd,0xcdd,0xcde,0xce0,0xce1,0xcf1,
    0xcf2,0xd04,0xd0c,0xd0e,0xd10,0xd12,0xd3a,0xd3d,0xd3d,0xd4e,0xd4e,0xd54,0xd56,0xd5f,0xd61,0xd7a,0xd7f,0xd85,
    0xd96,0xd9a,0xdb1,0xdb3,0xdbb,0xdbd,0xdbd,0xdc0,0xdc6,0xe01,0xe30,0xe32,0xe33,0xe40,0xe46,0xe81,0xe82,0xe84,
    0xe84,0xe86,0xe8a,0xe8c,0xea3,0xea5,0xea5,0xea7,0xeb0,0xeb2,0xeb3,0xebd,0xebd,0xec0,0xec4,0xec6,0xec6,0xedc,
    0xedf,0xf00,0xf00,0xf40,0xf47,0xf49,0xf6c,0xf88,0xf8c,0x1000,0x102a,0x103f,0x103f,0x1050,0x1055,0x105a,0x105d,
    0x1061,0x1061,0x1065,0x1066,0x106e,0x1070,0x1075,0x1081,0x108e,0x108e,0x10a0,0x10c5,0x10c7,0x10c7,0x10cd,
    0x10cd,0x10d0,0x10fa,0x10fc,0x1248,0x124a,0x124d,0x1250,0x1256,0x1258,0x1258,0x125a,0x125d,0x1260,0x1288,
    0x128a,0x128d,0x1290,0x12b0,0x12b2,0x12b5,0x12b8,0x12be,0x12c0,0x12c0,0x12c2,0x12c5,0x12c8,0x12d6,0x12d8,
    0x1310,0x1312,0x1315,0x1318,0x135a,0x1380,0x138f,0x13a0,0x13f5,0x13f8,0x13fd,0x1401,0x166c,0x166f,0x167f,
    0x1681,0x169a,0x16a0,0x16ea,0x16f1,0x16f8,0x1700,0x1711,0x171f,0x1731,0x1740,0x1751,0x1760,0x176c,0x176e,
    0x1770,0x1780,0x17b3,0x17d7,0x17d7,0x17dc,0x17dc,0x1820,0x1878,0x1880,0x1884,0x1887,0x18a8,0x18aa,0x18aa,
    0x18b0,0x18f5,0x1900,0x191e,0x1950,0x196d,0x1970,0x1974,0x1980,0x19ab,0x19b0,0x19c9,0x1a00,0x1a16,0x1a20,
    0x1a54,0x1aa7,0x1aa7,0x1b05,0x1b33,0x1b45,0x1b4c,0x1b83,0x1ba0,0x1bae,0x1baf,0x1bba,0x1be5,0x1c00,0x1c23,
    0x1c4d,0x1c4f,0x1c5a,0x1c7d,0x1c80,0x1c8a,0x1c90,0x1cba,0x1cbd,0x1cbf,0x1ce9,0x1cec,0x1cee,0x1cf3,0x1cf5,
    0x1cf6,0x1cfa,0x1cfa,0x1d00,0x1dbf,0x1e00,0x1f15,0x1f18,0x1f1d,0x1f20,0x1f45,0x1f48,0x1f4d,0x1f50,0x1f57,
    0x1f59,0x1f59,0x1f5b,0x1f5b,0x1f5d,0x1f5d,0x1f5f,0x1f7d,0x1f80,0x1fb4,0x1fb6,0x1fbc,0x1fbe,0x1fbe,0x1fc2,
    0x1fc4,0x1fc6,0x1fcc,0x1fd0,0x1fd3,0x1fd6,0x1fdb,0x1fe0,0x1fec,0x1ff2,0x1ff4,0x1ff6,0x1ffc,0x2071,0x2071,
    0x207f,0x207f,0x2090,0x209c,0x2102,0x2102,0x2107,0x2107,0x210a,0x2113,0x2115,0x2115,0x2119,0x211d,0x2124,
    0x2124,0x2126,0x2126,0x2128,0x2128,0x212a,0x212d,0x212f,0x2139,0x213c,0x213f,0x2145,0x2149,0x214e,0x214e,
    0x2183,0x2184,0x2c00,0x2ce4,0x2ceb,0x2cee,0x2cf2,0x2cf3,0x2d00,0x2d25,0x2d27,0x2d27,0x2d2d,0x2d2d,0x2d30,
    0x2d67,0x2d6f,0x2d6f,0x2d80,0x2d96,0x2da0,0x2da6,0x2da8,0x2dae,0x2db0,0x2db6,0x2db8,0x2dbe,0x2dc0,0x2dc6,
    0x2dc8,0x2dce,0x2dd0,0x2dd6,0x2dd8,0x2dde,0x2e2f,0x2e2f,0x3005,0x3006,0x3031,0x3035,0x303b,0x303c,0x3041,
    0x3096,0x309d,0x309f,0x30a1,0x30fa,0x30fc,0x30ff,0x3105,0x312f,0x3131,0x318e,0x31a0,0x31bf,0x31f0,0x31ff,
    0x3400,0x4dbf,0x4e00,0xa48c,0xa4d0,0xa4fd,0xa500,0xa60c,0xa610,0xa61f,0xa62a,0xa62b,0xa640,0xa66e,0xa67f,
    0xa69d,0xa6a0,0xa6e5,0xa717,0xa71f,0xa722,0xa788,0xa78b,0xa7cd,0xa7d0,0xa7d1,0xa7d3,0xa7d3,0xa7d5,0xa7dc,
    0xa7f2,0xa801,0xa803,0xa805,0xa807,0xa80a,0xa80c,0xa822,0xa840,0xa873,0xa882,0xa8b3,0xa8f2,0xa8f7,0xa8fb,
    0xa8fb,0xa8fd,0xa8fe,0xa90a,0xa925,0xa930,0xa946,0xa960,0xa97c,0xa984,0xa9b2,0xa9cf,0xa9cf,0xa9e0,0xa9e4,
    0xa9e6,0xa9ef,0xa9fa,0xa9fe,0xaa00,0xaa28,0xaa40,0xaa42,0xaa44,0xaa4b,0xaa60,0xaa76,0xaa7a,0xaa7a,0xaa7e,
    0xaaaf,0xaab1,0xaab1,0xaab5,0xaab6,0xaab9,0xaabd,0xaac0,0xaac0,0xaac2,0xaac2,0xaadb,0xaadd,0xaae0,0xaaea,
    0xaaf2,0xaaf4,0xab01,0xab06,0xab09,0xab0e,0xab11,0xab16,0xab20,0xab26,0xab28,0xab2e,0xab30,0xab5a,0xab5c,
    0xab69,0xab70,0xabe2,0xac00,0xd7a3,0xd7b0,0xd7c6,0xd7cb,0xd7fb,0xf900,0xfa6d,0xfa70,0xfad9,0xfb00,0xfb06,
    0xfb13,0xfb17,0xfb1d,0xfb1d,0xfb1f,0xfb28,0xfb2a,0xfb36,0xfb38,0xfb3c,0xfb3e,0xfb3e,0xfb40,0xfb41,0xfb43,
    0xfb44,0xfb46,0xfbb1,0xfbd3,0xfd3d,0xfd50,0xfd8f,0xfd92,0xfdc7,0xfdf0,0xfdfb,0xfe70,0xfe74,0xfe76,0xfefc,
    0xff21,0xff3a,0xff41,0xff5a,0xff66,0xffbe,0xffc2,0xffc7,0xffca,0xffcf,0xffd2,0xffd7,0xffda,0xffdc,0x10000,
    0x1000b,0x1000d,0x10026,0x10028,0x1003a,0x1003c,0x1003d,0x1003f,0x1004d,0x10050,0x1005d,0x10080,0x100fa,
    0x10280,0x1029c,0x102a0,0x102d0,0x10300,0x1031f,0x1032d,0x10340,0x10342,0x10349,0x10350,0x10375,0x10380,
    0x1039d,0x103a0,0x103c3,0x103c8,0x103cf,0x10400,0x1049d,0x104b0,0x104d3,0x104d8,0x104fb,0x10500,0x10527,
    0x10530,0x10563,0x10570,0x1057a,0x1057c,0x1058a,0x1058c,0x10592,0x10594,0x10595,0x10597,0x105a1,0x105a3,
    0x105b1,0x105b3,0x105b9,0x105bb,0x105bc,0x105c0,0x105f3,0x10600,0x10736,0x10740,0x10755,0x10760,0x10767,
    0x10780,0x10785,0x10787,0x107b0,0x107b2,0x107ba,0x10800,0x10805,0x10808,0x10808,0x1080a,0x10835,0x10837,
    0x10838,0x1083c,0x1083c,0x1083f,0x10855,0x10860,0x10876,0x10880,0x1089e,0x108e0,0x108f2,0x108f4,0x108f5,
    0x10900,0x10915,0x10920,0x10939,0x10980,0x109b7,0x109be,0x109bf,0x10a00,0x10a00,0x10a10,0x10a13,0x10a15,
    0x10a17,0x10a19,0x10a35,0x10a60,0x10a7c,0x10a80,0x10a9c,0x10ac0,0x10ac7,0x10ac9,0x10ae4,0x10b00,0x10b35,
    0x10b40,0x10b55,0x10b60,0x10b72,0x10b80,0x10b91,0x10c00,0x10c48,0x10c80,0x10cb2,0x10cc0,0x10cf2,0x10d00,
    0x10d23,0x10d4a,0x10d65,0x10d6f,0x10d85,0x10e80,0x10ea9,0x10eb0,0x10eb1,0x10ec2,0x10ec4,0x10f00,0x10f1c,
    0x10f27,0x10f27,0x10f30,0x10f45,0x10f70,0x10f81,0x10fb0,0x10fc4,0x10fe0,0x10ff6,0x11003,0x11037,0x11071,
    0x11072,0x11075,0x11075,0x11083,0x110af,0x110d0,0x110e8,0x11103,0x11126,0x11144,0x11144,0x11147,0x11147,
    0x11150,0x11172,0x11176,0x11176,0x11183,0x111b2,0x111c1,0x111c4,0x111da,0x111da,0x111dc,0x111dc,0x11200,
    0x11211,0x11213,0x1122b,0x1123f,0x11240,0x11280,0x11286,0x11288,0x11288,0x1128a,0x1128d,0x1128f,0x1129d,
    0x1129f,0x112a8,0x112b0,0x112de,0x11305,0x1130c,0x1130f,0x11310,0x11313,0x11328,0x1132a,0x11330,0x11332,
    0x11333,0x11335,0x11339,0x1133d,0x1133d,0x11350,0x11350,0x1135d,0x11361,0x11380,0x11389,0x1138b,0x1138b,
    0x1138e,0x1138e,0x11390,0x113b5,0x113b7,0x113b7,0x113d1,0x113d1,0x113d3,0x113d3,0x11400,0x11434,0x11447,
    0x1144a,0x1145f,0x11461,0x11480,0x114af,0x114c4,0x114c5,0x114c7,0x114c7,0x11580,0x115ae,0x115d8,0x115db,
    0x11600,0x1162f,0x11644,0x11644,0x11680,0x116aa,0x116b8,0x116b8,0x11700,0x1171a,0x11740,0x11746,0x11800,
    0x1182b,0x118a0,0x118df,0x118ff,0x11906,0x11909,0x11909,0x1190c,0x11913,0x11915,0x11916,0x11918,0x1192f,
    0x1193f,0x1193f,0x11941,0x11941,0x119a0,0x119a7,0x119aa,0x119d0,0x119e1,0x119e1,0x119e3,0x119e3,0x11a00,
    0x11a00,0x11a0b,0x11a32,0x11a3a,0x11a3a,0x11a50,0x11a50,0x11a5c,0x11a89,0x11a9d,0x11a9d,0x11ab0,0x11af8,
    0x11bc0,0x11be0,0x11c00,0x11c08,0x11c0a,0x11c2e,0x11c40,0x11c40,0x11c72,0x11c8f,0x11d00,0x11d06,0x11d08,
    0x11d09,0x11d0b,0x11d30,0x11d46,0x11d46,0x11d60,0x11d65,0x11d67,0x11d68,0x11d6a,0x11d89,0x11d98,0x11d98,
    0x11ee0,0x11ef2,0x11f02,0x11f02,0x11f04,0x11f10,0x11f12,0x11f33,0x11fb0,0x11fb0,0x12000,0x12399,0x12480,
    0x12543,0x12f90,0x12ff0,0x13000,0x1342f,0x13441,0x13446,0x13460,0x143fa,0x14400,0x14646,0x16100,0x1611d,
    0x16800,0x16a38,0x16a40,0x16a5e,0x16a70,0x16abe,0x16ad0,0x16aed,0x16b00,0x16b2f,0x16b40,0x16b43,0x16b63,
    0x16b77,0x16b7d,0x16b8f,0x16d40,0x16d6c,0x16e40,0x16e7f,0x16f00,0x16f4a,0x16f50,0x16f50,0x16f93,0x16f9f,
    0x16fe0,0x16fe1,0x16fe3,0x16fe3,0x17000,0x187f7,0x18800,0x18cd5,0x18cff,0x18d08,0x1aff0,0x1aff3,0x1aff5,
    0x1affb,0x1affd,0x1affe,0x1b000,0x1b122,0x1b132,0x1b132,0x1b150,0x1b152,0x1b155,0x1b155,0x1b164,0x1b167,
    0x1b170,0x1b2fb,0x1bc00,0x1bc6a,0x1bc70,0x1bc7c,0x1bc80,0x1bc88,0x1bc90,0x1bc99,0x1d400,0x1d454,0x1d456,
    0x1d49c,0x1d49e,0x1d49f,0x1d4a2,0x1d4a2,0x1d4a5,0x1d4a6,0x1d4a9,0x1d4ac,0x1d4ae,0x1d4b9,0x1d4bb,0x1d4bb,
    0x1d4bd,0x1d4c3,0x1d4c5,0x1d505,0x1d507,0x1d50a,0x1d50d,0x1d514,0x1d516,0x1d51c,0x1d51e,0x1d539,0x1d53b,
    0x1d53e,0x1d540,0x1d544,0x1d546,0x1d546,0x1d54a,0x1d550,0x1d552,0x1d6a5,0x1d6a8,0x1d6c0,0x1d6c2,0x1d6da,
    0x1d6dc,0x1d6fa,0x1d6fc,0x1d714,0x1d716,0x1d734,0x1d736,0x1d74e,0x1d750,0x1d76e,0x1d770,0x1d788,0x1d78a,
    0x1d7a8,0x1d7aa,0x1d7c2,0x1d7c4,0x1d7cb,0x1df00,0x1df1e,0x1df25,0x1df2a,0x1e030,0x1e06d,0x1e100,0x1e12c,
    0x1e137,0x1e13d,0x1e14e,0x1e14e,0x1e290,0x1e2ad,0x1e2c0,0x1e2eb,0x1e4d0,0x1e4eb,0x1e5d0,0x1e5ed,0x1e5f0,
    0x1e5f0,0x1e7e0,0x1e7e6,0x1e7e8,0x1e7eb,0x1e7ed,0x1e7ee,0x1e7f0,0x1e7fe,0x1e800,0x1e8c4,0x1e900,0x1e943,
    0x1e94b,0x1e94b,0x1ee00,0x1ee03,0x1ee05,0x1ee1f,0x1ee21,0x1ee22,0x1ee24,0x1ee24,0x1ee27,0x1ee27,0x1ee29,
    0x1ee32,0x1ee34,0x1ee37,0x1ee39,0x1ee39,0x1ee3b,0x1ee3b,0x1ee42,0x1ee42,0x1ee47,0x1ee47,0x1ee49,0x1ee49,
    0x1ee4b,0x1ee4b,0x1ee4d,0x1ee4f,0x1ee51,0x1ee52,0x1ee54,0x1ee54,0x1ee57,0x1ee57,0x1ee59,0x1ee59,0x1ee5b,
    0x1ee5b,0x1ee5d,0x1ee5d,0x1ee5f,0x1ee5f,0x1ee61,0x1ee62,0x1ee64,0x1ee64,0x1ee67,0x1ee6a,0x1ee6c,0x1ee72,
    0x1ee74,0x1ee77,0x1ee79,0x1ee7c,0x1ee7e,0x1ee7e,0x1ee80,0x1ee89,0x1ee8b,0x1ee9b,0x1eea1,0x1eea3,0x1eea5,
    0x1eea9,0x1eeab,0x1eebb,0x20000,0x2a6df,0x2a700,0x2b739,0x2b740,0x2b81d,0x2b820,0x2cea1,0x2ceb0,0x2ebe0,
    0x2ebf0,0x2ee5d,0x2f800,0x2fa1d,0x30000,0x3134a,0x31350,0x323af,
};
static const uint32_t wm__uc_number[288] = { /* [lo, hi] pairs */
    0x30,0x39,0xb2,0xb3,0xb9,0xb9,0xbc,0xbe,0x660,0x669,0x6f0,0x6f9,0x7c0,0x7c9,0x966,0x96f,0x9e6,0x9ef,0x9f4,
    0x9f9,0xa66,0xa6f,0xae6,0xaef,0xb66,0xb6f,0xb72,0xb77,0xbe6,0xbf2,0xc66,0xc6f,0xc78,0xc7e,0xce6,0xcef,0xd58,
    0xd5e,0xd66,0xd78,0xde6,0xdef,0xe50,0xe59,0xed0,0xed9,0xf20,0xf33,0x1040,0x1049,0x1090,0x1099,0x1369,0x137c,
    0x16ee,0x16f0,0x17e0,0x17e9,0x17f0,0x17f9,0x1810,0x1819,0x1946,0x194f,0x19d0,0x19da,0x1a80,0x1a89,0x1a90,
    0x1a99,0x1b50,0x1b59,0x1bb0,0x1bb9,0x1c40,0x1c49,0x1c50,0x1c59,0x2070,0x2070,0x2074,0x2079,0x2080,0x2089,
    0x2150,0x2182,0x2185,0x2189,0x2460,0x249b,0x24ea,0x24ff,0x2776,0x2793,0x2cfd,0x2cfd,0x3007,0x3007,0x3021,
    0x3029,0x3038,0x303a,0x3192,0x3195,0x3220,0x3229,0x3248,0x324f,0x3251,0x325f,0x3280,0x3289,0x32b1,0x32bf,
    0xa620,0xa629,0xa6e6,0xa6ef,0xa830,0xa835,0xa8d0,0xa8d9,0xa900,0xa909,0xa9d0,0xa9d9,0xa9f0,0xa9f9,0xaa50,
    0xaa59,0xabf0,0xabf9,0xff10,0xff19,0x10107,0x10133,0x10140,0x10178,0x1018a,0x1018b,0x102e1,0x102fb,0x10320,
    0x10323,0x10341,0x10341,0x1034a,0x1034a,0x103d1,0x103d5,0x104a0,0x104a9,0x10858,0x1085f,0x10879,0x1087f,
    0x108a7,0x108af,0x108fb,0x108ff,0x10916,0x1091b,0x109bc,0x109bd,0x109c0,0x109cf,0x109d2,0x109ff,0x10a40,
    0x10a48,0x10a7d,0x10a7e,0x10a9d,0x10a9f,0x10aeb,0x10aef,0x10b58,0x10b5f,0x10b78,0x10b7f,0x10ba9,0x10baf,
    0x10cfa,0x10cff,0x10d30,0x10d39,0x10d40,0x10d49,0x10e60,0x10e7e,0x10f1d,0x10f26,0x10f51,0x10f54,0x10fc5,
    0x10fcb,0x11052,0x1106f,0x110f0,0x110f9,0x11136,0x1113f,0x111d0,0x111d9,0x111e1,0x111f4,0x112f0,0x112f9,
    0x11450,0x11459,0x114d0,0x114d9,0x11650,0x11659,0x116c0,0x116c9,0x116d0,0x116e3,0x11730,0x1173b,0x118e0,
    0x118f2,0x11950,0x11959,0x11bf0,0x11bf9,0x11c50,0x11c6c,0x11d50,0x11d59,0x11da0,0x11da9,0x11f50,0x11f59,
    0x11fc0,0x11fd4,0x12400,0x1246e,0x16130,0x16139,0x16a60,0x16a69,0x16ac0,0x16ac9,0x16b50,0x16b59,0x16b5b,
    0x16b61,0x16d70,0x16d79,0x16e80,0x16e96,0x1ccf0,0x1ccf9,0x1d2c0,0x1d2d3,0x1d2e0,0x1d2f3,0x1d360,0x1d378,
    0x1d7ce,0x1d7ff,0x1e140,0x1e149,0x1e2f0,0x1e2f9,0x1e4f0,0x1e4f9,0x1e5f1,0x1e5fa,0x1e8c7,0x1e8cf,0x1e950,
    0x1e959,0x1ec71,0x1ecab,0x1ecad,0x1ecaf,0x1ecb1,0x1ecb4,0x1ed01,0x1ed2d,0x1ed2f,0x1ed3d,0x1f100,0x1f10c,
    0x1fbf0,0x1fbf9,
};
static const uint32_t wm__uc_space[20] = { /* [lo, hi] pairs */
    0x9,0xd,0x20,0x20,0x85,0x85,0xa0,0xa0,0x1680,0x1680,0x2000,0x200a,0x2028,0x2029,0x202f,0x202f,0x205f,0x205f,
    0x3000,0x3000,
};
static const uint32_t wm__uc_word[1592] = { /* [lo, hi] pairs */
    0x30,0x39,0x41,0x5a,0x5f,0x5f,0x61,0x7a,0xaa,0xaa,0xb5,0xb5,0xba,0xba,0xc0,0xd6,0xd8,0xf6,0xf8,0x2c1,0x2c6,
    0x2d1,0x2e0,0x2e4,0x2ec,0x2ec,0x2ee,0x2ee,0x300,0x374,0x376,0x377,0x37a,0x37d,0x37f,0x37f,0x386,0x386,0x388,
    0x38a,0x38c,0x38c,0x38e,0x3a1,0x3a3,0x3f5,0x3f7,0x481,0x483,0x52f,0x531,0x556,0x559,0x559,0x560,0x588,0x591,
    0x5bd,0x5bf,0x5bf,0x5c1,0x5c2,0x5c4,0x5c5,0x5c7,0x5c7,0x5d0,0x5ea,0x5ef,0x5f2,0x610,0x61a,0x620,0x669,0x66e,
    0x6d3,0x6d5,0x6dc,0x6df,0x6e8,0x6ea,0x6fc,0x6ff,0x6ff,0x710,0x74a,0x74d,0x7b1,0x7c0,0x7f5,0x7fa,0x7fa,0x7fd,
    0x7fd,0x800,0x82d,0x840,0x85b,0x860,0x86a,0x870,0x887,0x889,0x88e,0x897,0x8e1,0x8e3,0x963,0x966,0x96f,0x971,
    0x983,0x985,0x98c,0x98f,0x990,0x993,0x9a8,0x9aa,0x9b0,0x9b2,0x9b2,0x9b6,0x9b9,0x9bc,0x9c4,0x9c7,0x9c8,0x9cb,
    0x9ce,0x9d7,0x9d7,0x9dc,0x9dd,0x9df,0x9e3,0x9e6,0x9f1,0x9fc,0x9fc,0x9fe,0x9fe,0xa01,0xa03,0xa05,0xa0a,0xa0f,
    0xa10,0xa13,0xa28,0xa2a,0xa30,0xa32,0xa33,0xa35,0xa36,0xa38,0xa39,0xa3c,0xa3c,0xa3e,0xa42,0xa47,0xa48,0xa4b,
    0xa4d,0xa51,0xa51,0xa59,0xa5c,0xa5e,0xa5e,0xa66,0xa75,0xa81,0xa83,0xa85,0xa8d,0xa8f,0xa91,0xa93,0xaa8,0xaaa,
    0xab0,0xab2,0xab3,0xab5,0xab9,0xabc,0xac5,0xac7,0xac9,0xacb,0xacd,0xad0,0xad0,0xae0,0xae3,0xae6,0xaef,0xaf9,
    0xaff,0xb01,0xb03,0xb05,0xb0c,0xb0f,0xb10,0xb13,0xb28,0xb2a,0xb30,0xb32,0xb33,0xb35,0xb39,0xb3c,0xb44,0xb47,
    0xb48,0xb4b,0xb4d,0xb55,0xb57,0xb5c,0xb5d,0xb5f,0xb63,0xb66,0xb6f,0xb71,0xb71,0xb82,0xb83,0xb85,0xb8a,0xb8e,
    0xb90,0xb92,0xb95,0xb99,0xb9a,0xb9c,0xb9c,0xb9e,0xb9f,0xba3,0xba4,0xba8,0xbaa,0xbae,0xbb9,0xbbe,0xbc2,0xbc6,
    0xbc8,0xbca,0xbcd,0xbd0,0xbd0,0xbd7,0xbd7,0xbe6,0xbef,0xc00,0xc0c,0xc0e,0xc10,0xc12,0xc28,0xc2a,0xc39,0xc3c,
    0xc44,0xc46,0xc48,0xc4a,0xc4d,0xc55,0xc56,0xc58,0xc5a,0xc5d,0xc5d,0xc60,0xc63,0xc66,0xc6f,0xc80,0xc83,0xc85,
    0xc8c,0xc8e,0xc90,0xc92,0xca8,0xcaa,0xcb3,0xcb5,0xcb9,0xcbc,0xcc4,0xcc6,0xcc8,0xcca,0xccd,0xcd5,0xcd6,0xcdd,
    0xcde,0xce0,0xce3,0xce6,0xcef,0xcf1,0xcf3,0xd00,0xd0c,0xd0e,0xd10,0xd12,0xd44,0xd46,0xd48,0xd4a,0xd4e,0xd54,
    0xd57,0xd5f,0xd63,0xd66,0xd6f,0xd7a,0xd7f,0xd81,0xd83,0xd85,0xd96,0xd9a,0xdb1,0xdb3,0xdbb,0xdbd,0xdbd,0xdc0,
    0xdc6,0xdca,0xdca,0xdcf,0xdd4,0xdd6,0xdd6,0xdd8,0xddf,0xde6,0xdef,0xdf2,0xdf3,0xe01,0xe3a,0xe40,0xe4e,0xe50,
    0xe59,0xe81,0xe82,0xe84,0xe84,0xe86,0xe8a,0xe8c,0xea3,0xea5,0xea5,0xea7,0xebd,0xec0,0xec4,0xec6,0xec6,0xec8,
    0xece,0xed0,0xed9,0xedc,0xedf,0xf00,0xf00,0xf18,0xf19,0xf20,0xf29,0xf35,0xf35,0xf37,0xf37,0xf39,0xf39,0xf3e,
    0xf47,0xf49,0xf6c,0xf71,0xf84,0xf86,0xf97,0xf99,0xfbc,0xfc6,0xfc6,0x1000,0x1049,0x1050,0x109d,0x10a0,0x10c5,
    0x10c7,0x10c7,0x10cd,0x10cd,0x10d0,0x10fa,0x10fc,0x1248,0x124a,0x124d,0x1250,0x1256,0x1258,0x1258,0x125a,
    0x125d,0x1260,0x1288,0x128a,0x128d,0x1290,0x12b0,0x12b2,0x12b5,0x12b8,0x12be,0x12c0,0x12c0,0x12c2,0x12c5,
    0x12c8,0x12d6,0x12d8,0x1310,0x1312,0x1315,0x1318,0x135a,0x135d,0x135f,0x1380,0x138f,0x13a0,0x13f5,0x13f8,
    0x13fd,0x1401,0x166c,0x166f,0x167f,0x1681,0x169a,0x16a0,0x16ea,0x16ee,0x16f8,0x1700,0x1715,0x171f,0x1734,
    0x1740,0x1753,0x1760,0x176c,0x176e,0x1770,0x1772,0x1773,0x1780,0x17d3,0x17d7,0x17d7,0x17dc,0x17dd,0x17e0,
    0x17e9,0x180b,0x180d,0x180f,0x1819,0x1820,0x1878,0x1880,0x18aa,0x18b0,0x18f5,0x1900,0x191e,0x1920,0x192b,
    0x1930,0x193b,0x1946,0x196d,0x1970,0x1974,0x1980,0x19ab,0x19b0,0x19c9,0x19d0,0x19d9,0x1a00,0x1a1b,0x1a20,
    0x1a5e,0x1a60,0x1a7c,0x1a7f,0x1a89,0x1a90,0x1a99,0x1aa7,0x1aa7,0x1ab0,0x1ace,0x1b00,0x1b4c,0x1b50,0x1b59,
    0x1b6b,0x1b73,0x1b80,0x1bf3,0x1c00,0x1c37,0x1c40,0x1c49,0x1c4d,0x1c7d,0x1c80,0x1c8a,0x1c90,0x1cba,0x1cbd,
    0x1cbf,0x1cd0,0x1cd2,0x1cd4,0x1cfa,0x1d00,0x1f15,0x1f18,0x1f1d,0x1f20,0x1f45,0x1f48,0x1f4d,0x1f50,0x1f57,
    0x1f59,0x1f59,0x1f5b,0x1f5b,0x1f5d,0x1f5d,0x1f5f,0x1f7d,0x1f80,0x1fb4,0x1fb6,0x1fbc,0x1fbe,0x1fbe,0x1fc2,
    0x1fc4,0x1fc6,0x1fcc,0x1fd0,0x1fd3,0x1fd6,0x1fdb,0x1fe0,0x1fec,0x1ff2,0x1ff4,0x1ff6,0x1ffc,0x200c,0x200d,
    0x203f,0x2040,0x2054,0x2054,0x2071,0x2071,0x207f,0x207f,0x2090,0x209c,0x20d0,0x20f0,0x2102,0x2102,0x2107,
    0x2107,0x210a,0x2113,0x2115,0x2115,0x2119,0x211d,0x2124,0x2124,0x2126,0x2126,0x2128,0x2128,0x212a,0x212d,
    0x212f,0x2139,0x213c,0x213f,0x2145,0x2149,0x214e,0x214e,0x2160,0x2188,0x24b6,0x24e9,0x2c00,0x2ce4,0x2ceb,
    0x2cf3,0x2d00,0x2d25,0x2d27,0x2d27,0x2d2d,0x2d2d,0x2d30,0x2d67,0x2d6f,0x2d6f,0x2d7f,0x2d96,0x2da0,0x2da6,
    0x2da8,0x2dae,0x2db0,0x2db6,0x2db8,0x2dbe,0x2dc0,0x2dc6,0x2dc8,0x2dce,0x2dd0,0x2dd6,0x2dd8,0x2dde,0x2de0,
    0x2dff,0x2e2f,0x2e2f,0x3005,0x3007,0x3021,0x302f,0x3031,0x3035,0x3038,0x303c,0x3041,0x3096,0x3099,0x309a,
    0x309d,0x309f,0x30a1,0x30fa,0x30fc,0x30ff,0x3105,0x312f,0x3131,0x318e,0x31a0,0x31bf,0x31f0,0x31ff,0x3400,
    0x4dbf,0x4e00,0xa48c,0xa4d0,0xa4fd,0xa500,0xa60c,0xa610,0xa62b,0xa640,0xa672,0xa674,0xa67d,0xa67f,0xa6f1,
    0xa717,0xa71f,0xa722,0xa788,0xa78b,0xa7cd,0xa7d0,0xa7d1,0xa7d3,0xa7d3,0xa7d5,0xa7dc,0xa7f2,0xa827,0xa82c,
    0xa82c,0xa840,0xa873,0xa880,0xa8c5,0xa8d0,0xa8d9,0xa8e0,0xa8f7,0xa8fb,0xa8fb,0xa8fd,0xa92d,0xa930,0xa953,
    0xa960,0xa97c,0xa980,0xa9c0,0xa9cf,0xa9d9,0xa9e0,0xa9fe,0xaa00,0xaa36,0xaa40,0xaa4d,0xaa50,0xaa59,0xaa60,
    0xaa76,0xaa7a,0xaac2,0xaadb,0xaadd,0xaae0,0xaaef,0xaaf2,0xaaf6,0xab01,0xab06,0xab09,0xab0e,0xab11,0xab16,
    0xab20,0xab26,0xab28,0xab2e,0xab30,0xab5a,0xab5c,0xab69,0xab70,0xabea,0xabec,0xabed,0xabf0,0xabf9,0xac00,
    0xd7a3,0xd7b0,0xd7c6,0xd7cb,0xd7fb,0xf900,0xfa6d,0xfa70,0xfad9,0xfb00,0xfb06,0xfb13,0xfb17,0xfb1d,0xfb28,
    0xfb2a,0xfb36,0xfb38,0xfb3c,0xfb3e,0xfb3e,0xfb40,0xfb41,0xfb43,0xfb44,0xfb46,0xfbb1,0xfbd3,0xfd3d,0xfd50,
    0xfd8f,0xfd92,0xfdc7,0xfdf0,0xfdfb,0xfe00,0xfe0f,0xfe20,0xfe2f,0xfe33,0xfe34,0xfe4d,0xfe4f,0xfe70,0xfe74,
    0xfe76,0xfefc,0xff10,0xff19,0xff21,0xff3a,0xff3f,0xff3f,0xff41,0xff5a,0xff66,0xffbe,0xffc2,0xffc7,0xffca,
    0xffcf,0xffd2,0xffd7,0xffda,0xffdc,0x10000,0x1000b,0x1000d,0x10026,0x10028,0x1003a,0x1003c,0x1003d,0x1003f,
    0x1004d,0x10050,0x1005d,0x10080,0x100fa,0x10140,0x10174,0x101fd,0x101fd,0x10280,0x1029c,0x102a0,0x102d0,
    0x102e0,0x102e0,0x10300,0x1031f,0x1032d,0x1034a,0x10350,0x1037a,0x10380,0x1039d,0x103a0,0x103c3,0x103c8,
    0x103cf,0x103d1,0x103d5,0x10400,0x1049d,0x104a0,0x104a9,0x104b0,0x104d3,0x104d8,0x104fb,0x10500,0x10527,
    0x10530,0x10563,0x10570,0x1057a,0x1057c,0x1058a,0x1058c,0x10592,0x10594,0x10595,0x10597,0x105a1,0x105a3,
    0x105b1,0x105b3,0x105b9,0x105bb,0x105bc,0x105c0,0x105f3,0x10600,0x10736,0x10740,0x10755,0x10760,0x10767,
    0x10780,0x10785,0x10787,0x107b0,0x107b2,0x107ba,0x10800,0x10805,0x10808,0x10808,0x1080a,0x10835,0x10837,
    0x10838,0x1083c,0x1083c,0x1083f,0x10855,0x10860,0x10876,0x10880,0x1089e,0x108e0,0x108f2,0x108f4,0x108f5,
    0x10900,0x10915,0x10920,0x10939,0x10980,0x109b7,0x109be,0x109bf,0x10a00,0x10a03,0x10a05,0x10a06,0x10a0c,
    0x10a13,0x10a15,0x10a17,0x10a19,0x10a35,0x10a38,0x10a3a,0x10a3f,0x10a3f,0x10a60,0x10a7c,0x10a80,0x10a9c,
    0x10ac0,0x10ac7,0x10ac9,0x10ae6,0x10b00,0x10b35,0x10b40,0x10b55,0x10b60,0x10b72,0x10b80,0x10b91,0x10c00,
    0x10c48,0x10c80,0x10cb2,0x10cc0,0x10cf2,0x10d00,0x10d27,0x10d30,0x10d39,0x10d40,0x10d65,0x10d69,0x10d6d,
    0x10d6f,0x10d85,0x10e80,0x10ea9,0x10eab,0x10eac,0x10eb0,0x10eb1,0x10ec2,0x10ec4,0x10efc,0x10f1c,0x10f27,
    0x10f27,0x10f30,0x10f50,0x10f70,0x10f85,0x10fb0,0x10fc4,0x10fe0,0x10ff6,0x11000,0x11046,0x11066,0x11075,
    0x1107f,0x110ba,0x110c2,0x110c2,0x110d0,0x110e8,0x110f0,0x110f9,0x11100,0x11134,0x11136,0x1113f,0x11144,
    0x11147,0x11150,0x11173,0x11176,0x11176,0x11180,0x111c4,0x111c9,0x111cc,0x111ce,0x111da,0x111dc,0x111dc,
    0x11200,0x11211,0x11213,0x11237,0x1123e,0x11241,0x11280,0x11286,0x11288,0x11288,0x1128a,0x1128d,0x1128f,
    0x1129d,0x1129f,0x112a8,0x112b0,0x112ea,0x112f0,0x112f9,0x11300,0x11303,0x11305,0x1130c,0x1130f,0x11310,
    0x11313,0x11328,0x1132a,0x11330,0x11332,0x11333,0x11335,0x11339,0x1133b,0x11344,0x11347,0x11348,0x1134b,
    0x1134d,0x11350,0x11350,0x11357,0x11357,0x1135d,0x11363,0x11366,0x1136c,0x11370,0x11374,0x11380,0x11389,
    0x1138b,0x1138b,0x1138e,0x1138e,0x11390,0x113b5,0x113b7,0x113c0,0x113c2,0x113c2,0x113c5,0x113c5,0x113c7,
    0x113ca,0x113cc,0x113d3,0x113e1,0x113e2,0x11400,0x1144a,0x11450,0x11459,0x1145e,0x11461,0x11480,0x114c5,
    0x114c7,0x114c7,0x114d0,0x114d9,0x11580,0x115b5,0x115b8,0x115c0,0x115d8,0x115dd,0x11600,0x11640,0x11644,
    0x11644,0x11650,0x11659,0x11680,0x116b8,0x116c0,0x116c9,0x116d0,0x116e3,0x11700,0x1171a,0x1171d,0x1172b,
    0x11730,0x11739,0x11740,0x11746,0x11800,0x1183a,0x118a0,0x118e9,0x118ff,0x11906,0x11909,0x11909,0x1190c,
    0x11913,0x11915,0x11916,0x11918,0x11935,0x11937,0x11938,0x1193b,0x11943,0x11950,0x11959,0x119a0,0x119a7,
    0x119aa,0x119d7,0x119da,0x119e1,0x119e3,0x119e4,0x11a00,0x11a3e,0x11a47,0x11a47,0x11a50,0x11a99,0x11a9d,
    0x11a9d,0x11ab0,0x11af8,0x11bc0,0x11be0,0x11bf0,0x11bf9,0x11c00,0x11c08,0x11c0a,0x11c36,0x11c38,0x11c40,
    0x11c50,0x11c59,0x11c72,0x11c8f,0x11c92,0x11ca7,0x11ca9,0x11cb6,0x11d00,0x11d06,0x11d08,0x11d09,0x11d0b,
    0x11d36,0x11d3a,0x11d3a,0x11d3c,0x11d3d,0x11d3f,0x11d47,0x11d50,0x11d59,0x11d60,0x11d65,0x11d67,0x11d68,
    0x11d6a,0x11d8e,0x11d90,0x11d91,0x11d93,0x11d98,0x11da0,0x11da9,0x11ee0,0x11ef6,0x11f00,0x11f10,0x11f12,
    0x11f3a,0x11f3e,0x11f42,0x11f50,0x11f5a,0x11fb0,0x11fb0,0x12000,0x12399,0x12400,0x1246e,0x12480,0x12543,
    0x12f90,0x12ff0,0x13000,0x1342f,0x13440,0x13455,0x13460,0x143fa,0x14400,0x14646,0x16100,0x16139,0x16800,
    0x16a38,0x16a40,0x16a5e,0x16a60,0x16a69,0x16a70,0x16abe,0x16ac0,0x16ac9,0x16ad0,0x16aed,0x16af0,0x16af4,
    0x16b00,0x16b36,0x16b40,0x16b43,0x16b50,0x16b59,0x16b63,0x16b77,0x16b7d,0x16b8f,0x16d40,0x16d6c,0x16d70,
    0x16d79,0x16e40,0x16e7f,0x16f00,0x16f4a,0x16f4f,0x16f87,0x16f8f,0x16f9f,0x16fe0,0x16fe1,0x16fe3,0x16fe4,
    0x16ff0,0x16ff1,0x17000,0x187f7,0x18800,0x18cd5,0x18cff,0x18d08,0x1aff0,0x1aff3,0x1aff5,0x1affb,0x1affd,
    0x1affe,0x1b000,0x1b122,0x1b132,0x1b132,0x1b150,0x1b152,0x1b155,0x1b155,0x1b164,0x1b167,0x1b170,0x1b2fb,
    0x1bc00,0x1bc6a,0x1bc70,0x1bc7c,0x1bc80,0x1bc88,0x1bc90,0x1bc99,0x1bc9d,0x1bc9e,0x1ccf0,0x1ccf9,0x1cf00,
    0x1cf2d,0x1cf30,0x1cf46,0x1d165,0x1d169,0x1d16d,0x1d172,0x1d17b,0x1d182,0x1d185,0x1d18b,0x1d1aa,0x1d1ad,
    0x1d242,0x1d244,0x1d400,0x1d454,0x1d456,0x1d49c,0x1d49e,0x1d49f,0x1d4a2,0x1d4a2,0x1d4a5,0x1d4a6,0x1d4a9,
    0x1d4ac,0x1d4ae,0x1d4b9,0x1d4bb,0x1d4bb,0x1d4bd,0x1d4c3,0x1d4c5,0x1d505,0x1d507,0x1d50a,0x1d50d,0x1d514,
    0x1d516,0x1d51c,0x1d51e,0x1d539,0x1d53b,0x1d53e,0x1d540,0x1d544,0x1d546,0x1d546,0x1d54a,0x1d550,0x1d552,
    0x1d6a5,0x1d6a8,0x1d6c0,0x1d6c2,0x1d6da,0x1d6dc,0x1d6fa,0x1d6fc,0x1d714,0x1d716,0x1d734,0x1d736,0x1d74e,
    0x1d750,0x1d76e,0x1d770,0x1d788,0x1d78a,0x1d7a8,0x1d7aa,0x1d7c2,0x1d7c4,0x1d7cb,0x1d7ce,0x1d7ff,0x1da00,
    0x1da36,0x1da3b,0x1da6c,0x1da75,0x1da75,0x1da84,0x1da84,0x1da9b,0x1da9f,0x1daa1,0x1daaf,0x1df00,0x1df1e,
    0x1df25,0x1df2a,0x1e000,0x1e006,0x1e008,0x1e018,0x1e01b,0x1e021,0x1e023,0x1e024,0x1e026,0x1e02a,0x1e030,
    0x1e06d,0x1e08f,0x1e08f,0x1e100,0x1e12c,0x1e130,0x1e13d,0x1e140,0x1e149,0x1e14e,0x1e14e,0x1e290,0x1e2ae,
    0x1e2c0,0x1e2f9,0x1e4d0,0x1e4f9,0x1e5d0,0x1e5fa,0x1e7e0,0x1e7e6,0x1e7e8,0x1e7eb,0x1e7ed,0x1e7ee,0x1e7f0,
    0x1e7fe,0x1e800,0x1e8c4,0x1e8d0,0x1e8d6,0x1e900,0x1e94b,0x1e950,0x1e959,0x1ee00,0x1ee03,0x1ee05,0x1ee1f,
    0x1ee21,0x1ee22,0x1ee24,0x1ee24,0x1ee27,0x1ee27,0x1ee29,0x1ee32,0x1ee34,0x1ee37,0x1ee39,0x1ee39,0x1ee3b,
    0x1ee3b,0x1ee42,0x1ee42,0x1ee47,0x1ee47,0x1ee49,0x1ee49,0x1ee4b,0x1ee4b,0x1ee4d,0x1ee4f,0x1ee51,0x1ee52,
    0x1ee54,0x1ee54,0x1ee57,0x1ee57,0x1ee59,0x1ee59,0x1ee5b,0x1ee5b,0x1ee5d,0x1ee5d,0x1ee5f,0x1ee5f,0x1ee61,
    0x1ee62,0x1ee64,0x1ee64,0x1ee67,0x1ee6a,0x1ee6c,0x1ee72,0x1ee74,0x1ee77,0x1ee79,0x1ee7c,0x1ee7e,0x1ee7e,
    0x1ee80,0x1ee89,0x1ee8b,0x1ee9b,0x1eea1,0x1eea3,0x1eea5,0x1eea9,0x1eeab,0x1eebb,0x1f130,0x1f149,0x1f150,
    0x1f169,0x1f170,0x1f189,0x1fbf0,0x1fbf9,0x20000,0x2a6df,0x2a700,0x2b739,0x2b740,0x2b81d,0x2b820,0x2cea1,
    0x2ceb0,0x2ebe0,0x2ebf0,0x2ee5d,0x2f800,0x2fa1d,0x30000,0x3134a,0x31350,0x323af,0xe0100,0xe01ef,
};
static const uint32_t wm__uc_punct[396] = { /* [lo, hi] pairs */
    0x21,0x23,0x25,0x2a,0x2c,0x2f,0x3a,0x3b,0x3f,0x40,0x5b,0x5d,0x5f,0x5f,0x7b,0x7b,0x7d,0x7d,0xa1,0xa1,0xa7,0xa7,
    0xab,0xab,0xb6,0xb7,0xbb,0xbb,0xbf,0xbf,0x37e,0x37e,0x387,0x387,0x55a,0x55f,0x589,0x58a,0x5be,0x5be,0x5c0,
    0x5c0,0x5c3,0x5c3,0x5c6,0x5c6,0x5f3,0x5f4,0x609,0x60a,0x60c,0x60d,0x61b,0x61b,0x61d,0x61f,0x66a,0x66d,0x6d4,
    0x6d4,0x700,0x70d,0x7f7,0x7f9,0x830,0x83e,0x85e,0x85e,0x964,0x965,0x970,0x970,0x9fd,0x9fd,0xa76,0xa76,0xaf0,
    0xaf0,0xc77,0xc77,0xc84,0xc84,0xdf4,0xdf4,0xe4f,0xe4f,0xe5a,0xe5b,0xf04,0xf12,0xf14,0xf14,0xf3a,0xf3d,0xf85,
    0xf85,0xfd0,0xfd4,0xfd9,0xfda,0x104a,0x104f,0x10fb,0x10fb,0x1360,0x1368,0x1400,0x1400,0x166e,0x166e,0x169b,
    0x169c,0x16eb,0x16ed,0x1735,0x1736,0x17d4,0x17d6,0x17d8,0x17da,0x1800,0x180a,0x1944,0x1945,0x1a1e,0x1a1f,
    0x1aa0,0x1aa6,0x1aa8,0x1aad,0x1b4e,0x1b4f,0x1b5a,0x1b60,0x1b7d,0x1b7f,0x1bfc,0x1bff,0x1c3b,0x1c3f,0x1c7e,
    0x1c7f,0x1cc0,0x1cc7,0x1cd3,0x1cd3,0x2010,0x2027,0x2030,0x2043,0x2045,0x2051,0x2053,0x205e,0x207d,0x207e,
    0x208d,0x208e,0x2308,0x230b,0x2329,0x232a,0x2768,0x2775,0x27c5,0x27c6,0x27e6,0x27ef,0x2983,0x2998,0x29d8,
    0x29db,0x29fc,0x29fd,0x2cf9,0x2cfc,0x2cfe,0x2cff,0x2d70,0x2d70,0x2e00,0x2e2e,0x2e30,0x2e4f,0x2e52,0x2e5d,
    0x3001,0x3003,0x3008,0x3011,0x3014,0x301f,0x3030,0x3030,0x303d,0x303d,0x30a0,0x30a0,0x30fb,0x30fb,0xa4fe,
    0xa4ff,0xa60d,0xa60f,0xa673,0xa673,0xa67e,0xa67e,0xa6f2,0xa6f7,0xa874,0xa877,0xa8ce,0xa8cf,0xa8f8,0xa8fa,
    0xa8fc,0xa8fc,0xa92e,0xa92f,0xa95f,0xa95f,0xa9c1,0xa9cd,0xa9de,0xa9df,0xaa5c,0xaa5f,0xaade,0xaadf,0xaaf0,
    0xaaf1,0xabeb,0xabeb,0xfd3e,0xfd3f,0xfe10,0xfe19,0xfe30,0xfe52,0xfe54,0xfe61,0xfe63,0xfe63,0xfe68,0xfe68,
    0xfe6a,0xfe6b,0xff01,0xff03,0xff05,0xff0a,0xff0c,0xff0f,0xff1a,0xff1b,0xff1f,0xff20,0xff3b,0xff3d,0xff3f,
    0xff3f,0xff5b,0xff5b,0xff5d,0xff5d,0xff5f,0xff65,0x10100,0x10102,0x1039f,0x1039f,0x103d0,0x103d0,0x1056f,
    0x1056f,0x10857,0x10857,0x1091f,0x1091f,0x1093f,0x1093f,0x10a50,0x10a58,0x10a7f,0x10a7f,0x10af0,0x10af6,
    0x10b39,0x10b3f,0x10b99,0x10b9c,0x10d6e,0x10d6e,0x10ead,0x10ead,0x10f55,0x10f59,0x10f86,0x10f89,0x11047,
    0x1104d,0x110bb,0x110bc,0x110be,0x110c1,0x11140,0x11143,0x11174,0x11175,0x111c5,0x111c8,0x111cd,0x111cd,
    0x111db,0x111db,0x111dd,0x111df,0x11238,0x1123d,0x112a9,0x112a9,0x113d4,0x113d5,0x113d7,0x113d8,0x1144b,
    0x1144f,0x1145a,0x1145b,0x1145d,0x1145d,0x114c6,0x114c6,0x115c1,0x115d7,0x11641,0x11643,0x11660,0x1166c,
    0x116b9,0x116b9,0x1173c,0x1173e,0x1183b,0x1183b,0x11944,0x11946,0x119e2,0x119e2,0x11a3f,0x11a46,0x11a9a,
    0x11a9c,0x11a9e,0x11aa2,0x11b00,0x11b09,0x11be1,0x11be1,0x11c41,0x11c45,0x11c70,0x11c71,0x11ef7,0x11ef8,
    0x11f43,0x11f4f,0x11fff,0x11fff,0x12470,0x12474,0x12ff1,0x12ff2,0x16a6e,0x16a6f,0x16af5,0x16af5,0x16b37,
    0x16b3b,0x16b44,0x16b44,0x16d6d,0x16d6f,0x16e97,0x16e9a,0x16fe2,0x16fe2,0x1bc9f,0x1bc9f,0x1da87,0x1da8b,
    0x1e5ff,0x1e5ff,0x1e95e,0x1e95f,
};
static const uint32_t wm__uc_symbol[472] = { /* [lo, hi] pairs */
    0x24,0x24,0x2b,0x2b,0x3c,0x3e,0x5e,0x5e,0x60,0x60,0x7c,0x7c,0x7e,0x7e,0xa2,0xa6,0xa8,0xa9,0xac,0xac,0xae,0xb1,
    0xb4,0xb4,0xb8,0xb8,0xd7,0xd7,0xf7,0xf7,0x2c2,0x2c5,0x2d2,0x2df,0x2e5,0x2eb,0x2ed,0x2ed,0x2ef,0x2ff,0x375,
    0x375,0x384,0x385,0x3f6,0x3f6,0x482,0x482,0x58d,0x58f,0x606,0x608,0x60b,0x60b,0x60e,0x60f,0x6de,0x6de,0x6e9,
    0x6e9,0x6fd,0x6fe,0x7f6,0x7f6,0x7fe,0x7ff,0x888,0x888,0x9f2,0x9f3,0x9fa,0x9fb,0xaf1,0xaf1,0xb70,0xb70,0xbf3,
    0xbfa,0xc7f,0xc7f,0xd4f,0xd4f,0xd79,0xd79,0xe3f,0xe3f,0xf01,0xf03,0xf13,0xf13,0xf15,0xf17,0xf1a,0xf1f,0xf34,
    0xf34,0xf36,0xf36,0xf38,0xf38,0xfbe,0xfc5,0xfc7,0xfcc,0xfce,0xfcf,0xfd5,0xfd8,0x109e,0x109f,0x1390,0x1399,
    0x166d,0x166d,0x17db,0x17db,0x1940,0x1940,0x19de,0x19ff,0x1b61,0x1b6a,0x1b74,0x1b7c,0x1fbd,0x1fbd,0x1fbf,
    0x1fc1,0x1fcd,0x1fcf,0x1fdd,0x1fdf,0x1fed,0x1fef,0x1ffd,0x1ffe,0x2044,0x2044,0x2052,0x2052,0x207a,0x207c,
    0x208a,0x208c,0x20a0,0x20c0,0x2100,0x2101,0x2103,0x2106,0x2108,0x2109,0x2114,0x2114,0x2116,0x2118,0x211e,
    0x2123,0x2125,0x2125,0x2127,0x2127,0x2129,0x2129,0x212e,0x212e,0x213a,0x213b,0x2140,0x2144,0x214a,0x214d,
    0x214f,0x214f,0x218a,0x218b,0x2190,0x2307,0x230c,0x2328,0x232b,0x2429,0x2440,0x244a,0x249c,0x24e9,0x2500,
    0x2767,0x2794,0x27c4,0x27c7,0x27e5,0x27f0,0x2982,0x2999,0x29d7,0x29dc,0x29fb,0x29fe,0x2b73,0x2b76,0x2b95,
    0x2b97,0x2bff,0x2ce5,0x2cea,0x2e50,0x2e51,0x2e80,0x2e99,0x2e9b,0x2ef3,0x2f00,0x2fd5,0x2ff0,0x2fff,0x3004,
    0x3004,0x3012,0x3013,0x3020,0x3020,0x3036,0x3037,0x303e,0x303f,0x309b,0x309c,0x3190,0x3191,0x3196,0x319f,
    0x31c0,0x31e5,0x31ef,0x31ef,0x3200,0x321e,0x322a,0x3247,0x3250,0x3250,0x3260,0x327f,0x328a,0x32b0,0x32c0,
    0x33ff,0x4dc0,0x4dff,0xa490,0xa4c6,0xa700,0xa716,0xa720,0xa721,0xa789,0xa78a,0xa828,0xa82b,0xa836,0xa839,
    0xaa77,0xaa79,0xab5b,0xab5b,0xab6a,0xab6b,0xfb29,0xfb29,0xfbb2,0xfbc2,0xfd40,0xfd4f,0xfdcf,0xfdcf,0xfdfc,
    0xfdff,0xfe62,0xfe62,0xfe64,0xfe66,0xfe69,0xfe69,0xff04,0xff04,0xff0b,0xff0b,0xff1c,0xff1e,0xff3e,0xff3e,
    0xff40,0xff40,0xff5c,0xff5c,0xff5e,0xff5e,0xffe0,0xffe6,0xffe8,0xffee,0xfffc,0xfffd,0x10137,0x1013f,0x10179,
    0x10189,0x1018c,0x1018e,0x10190,0x1019c,0x101a0,0x101a0,0x101d0,0x101fc,0x10877,0x10878,0x10ac8,0x10ac8,
    0x10d8e,0x10d8f,0x1173f,0x1173f,0x11fd5,0x11ff1,0x16b3c,0x16b3f,0x16b45,0x16b45,0x1bc9c,0x1bc9c,0x1cc00,
    0x1ccef,0x1cd00,0x1ceb3,0x1cf50,0x1cfc3,0x1d000,0x1d0f5,0x1d100,0x1d126,0x1d129,0x1d164,0x1d16a,0x1d16c,
    0x1d183,0x1d184,0x1d18c,0x1d1a9,0x1d1ae,0x1d1ea,0x1d200,0x1d241,0x1d245,0x1d245,0x1d300,0x1d356,0x1d6c1,
    0x1d6c1,0x1d6db,0x1d6db,0x1d6fb,0x1d6fb,0x1d715,0x1d715,0x1d735,0x1d735,0x1d74f,0x1d74f,0x1d76f,0x1d76f,
    0x1d789,0x1d789,0x1d7a9,0x1d7a9,0x1d7c3,0x1d7c3,0x1d800,0x1d9ff,0x1da37,0x1da3a,0x1da6d,0x1da74,0x1da76,
    0x1da83,0x1da85,0x1da86,0x1e14f,0x1e14f,0x1e2ff,0x1e2ff,0x1ecac,0x1ecac,0x1ecb0,0x1ecb0,0x1ed2e,0x1ed2e,
    0x1eef0,0x1eef1,0x1f000,0x1f02b,0x1f030,0x1f093,0x1f0a0,0x1f0ae,0x1f0b1,0x1f0bf,0x1f0c1,0x1f0cf,0x1f0d1,
    0x1f0f5,0x1f10d,0x1f1ad,0x1f1e6,0x1f202,0x1f210,0x1f23b,0x1f240,0x1f248,0x1f250,0x1f251,0x1f260,0x1f265,
    0x1f300,0x1f6d7,0x1f6dc,0x1f6ec,0x1f6f0,0x1f6fc,0x1f700,0x1f776,0x1f77b,0x1f7d9,0x1f7e0,0x1f7eb,0x1f7f0,
    0x1f7f0,0x1f800,0x1f80b,0x1f810,0x1f847,0x1f850,0x1f859,0x1f860,0x1f887,0x1f890,0x1f8ad,0x1f8b0,0x1f8bb,
    0x1f8c0,0x1f8c1,0x1f900,0x1fa53,0x1fa60,0x1fa6d,0x1fa70,0x1fa7c,0x1fa80,0x1fa89,0x1fa8f,0x1fac6,0x1face,
    0x1fadc,0x1fadf,0x1fae9,0x1faf0,0x1faf8,0x1fb00,0x1fb92,0x1fb94,0x1fbef,
};
static const uint32_t wm__uc_mark[642] = { /* [lo, hi] pairs */
    0x300,0x36f,0x483,0x489,0x591,0x5bd,0x5bf,0x5bf,0x5c1,0x5c2,0x5c4,0x5c5,0x5c7,0x5c7,0x610,0x61a,0x64b,0x65f,
    0x670,0x670,0x6d6,0x6dc,0x6df,0x6e4,0x6e7,0x6e8,0x6ea,0x6ed,0x711,0x711,0x730,0x74a,0x7a6,0x7b0,0x7eb,0x7f3,
    0x7fd,0x7fd,0x816,0x819,0x81b,0x823,0x825,0x827,0x829,0x82d,0x859,0x85b,0x897,0x89f,0x8ca,0x8e1,0x8e3,0x903,
    0x93a,0x93c,0x93e,0x94f,0x951,0x957,0x962,0x963,0x981,0x983,0x9bc,0x9bc,0x9be,0x9c4,0x9c7,0x9c8,0x9cb,0x9cd,
    0x9d7,0x9d7,0x9e2,0x9e3,0x9fe,0x9fe,0xa01,0xa03,0xa3c,0xa3c,0xa3e,0xa42,0xa47,0xa48,0xa4b,0xa4d,0xa51,0xa51,
    0xa70,0xa71,0xa75,0xa75,0xa81,0xa83,0xabc,0xabc,0xabe,0xac5,0xac7,0xac9,0xacb,0xacd,0xae2,0xae3,0xafa,0xaff,
    0xb01,0xb03,0xb3c,0xb3c,0xb3e,0xb44,0xb47,0xb48,0xb4b,0xb4d,0xb55,0xb57,0xb62,0xb63,0xb82,0xb82,0xbbe,0xbc2,
    0xbc6,0xbc8,0xbca,0xbcd,0xbd7,0xbd7,0xc00,0xc04,0xc3c,0xc3c,0xc3e,0xc44,0xc46,0xc48,0xc4a,0xc4d,0xc55,0xc56,
    0xc62,0xc63,0xc81,0xc83,0xcbc,0xcbc,0xcbe,0xcc4,0xcc6,0xcc8,0xcca,0xccd,0xcd5,0xcd6,0xce2,0xce3,0xcf3,0xcf3,
    0xd00,0xd03,0xd3b,0xd3c,0xd3e,0xd44,0xd46,0xd48,0xd4a,0xd4d,0xd57,0xd57,0xd62,0xd63,0xd81,0xd83,0xdca,0xdca,
    0xdcf,0xdd4,0xdd6,0xdd6,0xdd8,0xddf,0xdf2,0xdf3,0xe31,0xe31,0xe34,0xe3a,0xe47,0xe4e,0xeb1,0xeb1,0xeb4,0xebc,
    0xec8,0xece,0xf18,0xf19,0xf35,0xf35,0xf37,0xf37,0xf39,0xf39,0xf3e,0xf3f,0xf71,0xf84,0xf86,0xf87,0xf8d,0xf97,
    0xf99,0xfbc,0xfc6,0xfc6,0x102b,0x103e,0x1056,0x1059,0x105e,0x1060,0x1062,0x1064,0x1067,0x106d,0x1071,0x1074,
    0x1082,0x108d,0x108f,0x108f,0x109a,0x109d,0x135d,0x135f,0x1712,0x1715,0x1732,0x1734,0x1752,0x1753,0x1772,
    0x1773,0x17b4,0x17d3,0x17dd,0x17dd,0x180b,0x180d,0x180f,0x180f,0x1885,0x1886,0x18a9,0x18a9,0x1920,0x192b,
    0x1930,0x193b,0x1a17,0x1a1b,0x1a55,0x1a5e,0x1a60,0x1a7c,0x1a7f,0x1a7f,0x1ab0,0x1ace,0x1b00,0x1b04,0x1b34,
    0x1b44,0x1b6b,0x1b73,0x1b80,0x1b82,0x1ba1,0x1bad,0x1be6,0x1bf3,0x1c24,0x1c37,0x1cd0,0x1cd2,0x1cd4,0x1ce8,
    0x1ced,0x1ced,0x1cf4,0x1cf4,0x1cf7,0x1cf9,0x1dc0,0x1dff,0x20d0,0x20f0,0x2cef,0x2cf1,0x2d7f,0x2d7f,0x2de0,
    0x2dff,0x302a,0x302f,0x3099,0x309a,0xa66f,0xa672,0xa674,0xa67d,0xa69e,0xa69f,0xa6f0,0xa6f1,0xa802,0xa802,
    0xa806,0xa806,0xa80b,0xa80b,0xa823,0xa827,0xa82c,0xa82c,0xa880,0xa881,0xa8b4,0xa8c5,0xa8e0,0xa8f1,0xa8ff,
    0xa8ff,0xa926,0xa92d,0xa947,0xa953,0xa980,0xa983,0xa9b3,0xa9c0,0xa9e5,0xa9e5,0xaa29,0xaa36,0xaa43,0xaa43,
    0xaa4c,0xaa4d,0xaa7b,0xaa7d,0xaab0,0xaab0,0xaab2,0xaab4,0xaab7,0xaab8,0xaabe,0xaabf,0xaac1,0xaac1,0xaaeb,
    0xaaef,0xaaf5,0xaaf6,0xabe3,0xabea,0xabec,0xabed,0xfb1e,0xfb1e,0xfe00,0xfe0f,0xfe20,0xfe2f,0x101fd,0x101fd,
    0x102e0,0x102e0,0x10376,0x1037a,0x10a01,0x10a03,0x10a05,0x10a06,0x10a0c,0x10a0f,0x10a38,0x10a3a,0x10a3f,
    0x10a3f,0x10ae5,0x10ae6,0x10d24,0x10d27,0x10d69,0x10d6d,0x10eab,0x10eac,0x10efc,0x10eff,0x10f46,0x10f50,
    0x10f82,0x10f85,0x11000,0x11002,0x11038,0x11046,0x11070,0x11070,0x11073,0x11074,0x1107f,0x11082,0x110b0,
    0x110ba,0x110c2,0x110c2,0x11100,0x11102,0x11127,0x11134,0x11145,0x11146,0x11173,0x11173,0x11180,0x11182,
    0x111b3,0x111c0,0x111c9,0x111cc,0x111ce,0x111cf,0x1122c,0x11237,0x1123e,0x1123e,0x11241,0x11241,0x112df,
    0x112ea,0x11300,0x11303,0x1133b,0x1133c,0x1133e,0x11344,0x11347,0x11348,0x1134b,0x1134d,0x11357,0x11357,
    0x11362,0x11363,0x11366,0x1136c,0x11370,0x11374,0x113b8,0x113c0,0x113c2,0x113c2,0x113c5,0x113c5,0x113c7,
    0x113ca,0x113cc,0x113d0,0x113d2,0x113d2,0x113e1,0x113e2,0x11435,0x11446,0x1145e,0x1145e,0x114b0,0x114c3,
    0x115af,0x115b5,0x115b8,0x115c0,0x115dc,0x115dd,0x11630,0x11640,0x116ab,0x116b7,0x1171d,0x1172b,0x1182c,
    0x1183a,0x11930,0x11935,0x11937,0x11938,0x1193b,0x1193e,0x11940,0x11940,0x11942,0x11943,0x119d1,0x119d7,
    0x119da,0x119e0,0x119e4,0x119e4,0x11a01,0x11a0a,0x11a33,0x11a39,0x11a3b,0x11a3e,0x11a47,0x11a47,0x11a51,
    0x11a5b,0x11a8a,0x11a99,0x11c2f,0x11c36,0x11c38,0x11c3f,0x11c92,0x11ca7,0x11ca9,0x11cb6,0x11d31,0x11d36,
    0x11d3a,0x11d3a,0x11d3c,0x11d3d,0x11d3f,0x11d45,0x11d47,0x11d47,0x11d8a,0x11d8e,0x11d90,0x11d91,0x11d93,
    0x11d97,0x11ef3,0x11ef6,0x11f00,0x11f01,0x11f03,0x11f03,0x11f34,0x11f3a,0x11f3e,0x11f42,0x11f5a,0x11f5a,
    0x13440,0x13440,0x13447,0x13455,0x1611e,0x1612f,0x16af0,0x16af4,0x16b30,0x16b36,0x16f4f,0x16f4f,0x16f51,
    0x16f87,0x16f8f,0x16f92,0x16fe4,0x16fe4,0x16ff0,0x16ff1,0x1bc9d,0x1bc9e,0x1cf00,0x1cf2d,0x1cf30,0x1cf46,
    0x1d165,0x1d169,0x1d16d,0x1d172,0x1d17b,0x1d182,0x1d185,0x1d18b,0x1d1aa,0x1d1ad,0x1d242,0x1d244,0x1da00,
    0x1da36,0x1da3b,0x1da6c,0x1da75,0x1da75,0x1da84,0x1da84,0x1da9b,0x1da9f,0x1daa1,0x1daaf,0x1e000,0x1e006,
    0x1e008,0x1e018,0x1e01b,0x1e021,0x1e023,0x1e024,0x1e026,0x1e02a,0x1e08f,0x1e08f,0x1e130,0x1e136,0x1e2ae,
    0x1e2ae,0x1e2ec,0x1e2ef,0x1e4ec,0x1e4ef,0x1e5ee,0x1e5ef,0x1e8d0,0x1e8d6,0x1e944,0x1e94a,0xe0100,0xe01ef,
};
static const uint32_t wm__uc_ll[1324] = { /* [lo, hi] pairs */
    0x61,0x7a,0xb5,0xb5,0xdf,0xf6,0xf8,0xff,0x101,0x101,0x103,0x103,0x105,0x105,0x107,0x107,0x109,0x109,0x10b,
    0x10b,0x10d,0x10d,0x10f,0x10f,0x111,0x111,0x113,0x113,0x115,0x115,0x117,0x117,0x119,0x119,0x11b,0x11b,0x11d,
    0x11d,0x11f,0x11f,0x121,0x121,0x123,0x123,0x125,0x125,0x127,0x127,0x129,0x129,0x12b,0x12b,0x12d,0x12d,0x12f,
    0x12f,0x131,0x131,0x133,0x133,0x135,0x135,0x137,0x138,0x13a,0x13a,0x13c,0x13c,0x13e,0x13e,0x140,0x140,0x142,
    0x142,0x144,0x144,0x146,0x146,0x148,0x149,0x14b,0x14b,0x14d,0x14d,0x14f,0x14f,0x151,0x151,0x153,0x153,0x155,
    0x155,0x157,0x157,0x159,0x159,0x15b,0x15b,0x15d,0x15d,0x15f,0x15f,0x161,0x161,0x163,0x163,0x165,0x165,0x167,
    0x167,0x169,0x169,0x16b,0x16b,0x16d,0x16d,0x16f,0x16f,0x171,0x171,0x173,0x173,0x175,0x175,0x177,0x177,0x17a,
    0x17a,0x17c,0x17c,0x17e,0x180,0x183,0x183,0x185,0x185,0x188,0x188,0x18c,0x18d,0x192,0x192,0x195,0x195,0x199,
    0x19b,0x19e,0x19e,0x1a1,0x1a1,0x1a3,0x1a3,0x1a5,0x1a5,0x1a8,0x1a8,0x1aa,0x1ab,0x1ad,0x1ad,0x1b0,0x1b0,0x1b4,
    0x1b4,0x1b6,0x1b6,0x1b9,0x1ba,0x1bd,0x1bf,0x1c6,0x1c6,0x1c9,0x1c9,0x1cc,0x1cc,0x1ce,0x1ce,0x1d0,0x1d0,0x1d2,
    0x1d2,0x1d4,0x1d4,0x1d6,0x1d6,0x1d8,0x1d8,0x1da,0x1da,0x1dc,0x1dd,0x1df,0x1df,0x1e1,0x1e1,0x1e3,0x1e3,0x1e5,
    0x1e5,0x1e7,0x1e7,0x1e9,0x1e9,0x1eb,0x1eb,0x1ed,0x1ed,0x1ef,0x1f0,0x1f3,0x1f3,0x1f5,0x1f5,0x1f9,0x1f9,0x1fb,
    0x1fb,0x1fd,0x1fd,0x1ff,0x1ff,0x201,0x201,0x203,0x203,0x205,0x205,0x207,0x207,0x209,0x209,0x20b,0x20b,0x20d,
    0x20d,0x20f,0x20f,0x211,0x211,0x213,0x213,0x215,0x215,0x217,0x217,0x219,0x219,0x21b,0x21b,0x21d,0x21d,0x21f,
    0x21f,0x221,0x221,0x223,0x223,0x225,0x225,0x227,0x227,0x229,0x229,0x22b,0x22b,0x22d,0x22d,0x22f,0x22f,0x231,
    0x231,0x233,0x239,0x23c,0x23c,0x23f,0x240,0x242,0x242,0x247,0x247,0x249,0x249,0x24b,0x24b,0x24d,0x24d,0x24f,
    0x293,0x295,0x2af,0x371,0x371,0x373,0x373,0x377,0x377,0x37b,0x37d,0x390,0x390,0x3ac,0x3ce,0x3d0,0x3d1,0x3d5,
    0x3d7,0x3d9,0x3d9,0x3db,0x3db,0x3dd,0x3dd,0x3df,0x3df,0x3e1,0x3e1,0x3e3,0x3e3,0x3e5,0x3e5,0x3e7,0x3e7,0x3e9,
    0x3e9,0x3eb,0x3eb,0x3ed,0x3ed,0x3ef,0x3f3,0x3f5,0x3f5,0x3f8,0x3f8,0x3fb,0x3fc,0x430,0x45f,0x461,0x461,0x463,
    0x463,0x465,0x465,0x467,0x467,0x469,0x469,0x46b,0x46b,0x46d,0x46d,0x46f,0x46f,0x471,0x471,0x473,0x473,0x475,
    0x475,0x477,0x477,0x479,0x479,0x47b,0x47b,0x47d,0x47d,0x47f,0x47f,0x481,0x481,0x48b,0x48b,0x48d,0x48d,0x48f,
    0x48f,0x491,0x491,0x493,0x493,0x495,0x495,0x497,0x497,0x499,0x499,0x49b,0x49b,0x49d,0x49d,0x49f,0x49f,0x4a1,
    0x4a1,0x4a3,0x4a3,0x4a5,0x4a5,0x4a7,0x4a7,0x4a9,0x4a9,0x4ab,0x4ab,0x4ad,0x4ad,0x4af,0x4af,0x4b1,0x4b1,0x4b3,
    0x4b3,0x4b5,0x4b5,0x4b7,0x4b7,0x4b9,0x4b9,0x4bb,0x4bb,0x4bd,0x4bd,0x4bf,0x4bf,0x4c2,0x4c2,0x4c4,0x4c4,0x4c6,
    0x4c6,0x4c8,0x4c8,0x4ca,0x4ca,0x4cc,0x4cc,0x4ce,0x4cf,0x4d1,0x4d1,0x4d3,0x4d3,0x4d5,0x4d5,0x4d7,0x4d7,0x4d9,
    0x4d9,0x4db,0x4db,0x4dd,0x4dd,0x4df,0x4df,0x4e1,0x4e1,0x4e3,0x4e3,0x4e5,0x4e5,0x4e7,0x4e7,0x4e9,0x4e9,0x4eb,
    0x4eb,0x4ed,0x4ed,0x4ef,0x4ef,0x4f1,0x4f1,0x4f3,0x4f3,0x4f5,0x4f5,0x4f7,0x4f7,0x4f9,0x4f9,0x4fb,0x4fb,0x4fd,
    0x4fd,0x4ff,0x4ff,0x501,0x501,0x503,0x503,0x505,0x505,0x507,0x507,0x509,0x509,0x50b,0x50b,0x50d,0x50d,0x50f,
    0x50f,0x511,0x511,0x513,0x513,0x515,0x515,0x517,0x517,0x519,0x519,0x51b,0x51b,0x51d,0x51d,0x51f,0x51f,0x521,
    0x521,0x523,0x523,0x525,0x525,0x527,0x527,0x529,0x529,0x52b,0x52b,0x52d,0x52d,0x52f,0x52f,0x560,0x588,0x10d0,
    0x10fa,0x10fd,0x10ff,0x13f8,0x13fd,0x1c80,0x1c88,0x1c8a,0x1c8a,0x1d00,0x1d2b,0x1d6b,0x1d77,0x1d79,0x1d9a,
    0x1e01,0x1e01,0x1e03,0x1e03,0x1e05,0x1e05,0x1e07,0x1e07,0x1e09,0x1e09,0x1e0b,0x1e0b,0x1e0d,0x1e0d,0x1e0f,
    0x1e0f,0x1e11,0x1e11,0x1e13,0x1e13,0x1e15,0x1e15,0x1e17,0x1e17,0x1e19,0x1e19,0x1e1b,0x1e1b,0x1e1d,0x1e1d,
    0x1e1f,0x1e1f,0x1e21,0x1e21,0x1e23,0x1e23,0x1e25,0x1e25,0x1e27,0x1e27,0x1e29,0x1e29,0x1e2b,0x1e2b,0x1e2d,
    0x1e2d,0x1e2f,0x1e2f,0x1e31,0x1e31,0x1e33,0x1e33,0x1e35,0x1e35,0x1e37,0x1e37,0x1e39,0x1e39,0x1e3b,0x1e3b,
    0x1e3d,0x1e3d,0x1e3f,0x1e3f,0x1e41,0x1e41,0x1e43,0x1e43,0x1e45,0x1e45,0x1e47,0x1e47,0x1e49,0x1e49,0x1e4b,
    0x1e4b,0x1e4d,0x1e4d,0x1e4f,0x1e4f,0x1e51,0x1e51,0x1e53,0x1e53,0x1e55,0x1e55,0x1e57,0x1e57,0x1e59,0x1e59,
    0x1e5b,0x1e5b,0x1e5d,0x1e5d,0x1e5f,0x1e5f,0x1e61,0x1e61,0x1e63,0x1e63,0x1e65,0x1e65,0x1e67,0x1e67,0x1e69,
    0x1e69,0x1e6b,0x1e6b,0x1e6d,0x1e6d,0x1e6f,0x1e6f,0x1e71,0x1e71,0x1e73,0x1e73,0x1e75,0x1e75,0x1e77,0x1e77,
    0x1e79,0x1e79,0x1e7b,0x1e7b,0x1e7d,0x1e7d,0x1e7f,0x1e7f,0x1e81,0x1e81,0x1e83,0x1e83,0x1e85,0x1e85,0x1e87,
    0x1e87,0x1e89,0x1e89,0x1e8b,0x1e8b,0x1e8d,0x1e8d,0x1e8f,0x1e8f,0x1e91,0x1e91,0x1e93,0x1e93,0x1e95,0x1e9d,
    0x1e9f,0x1e9f,0x1ea1,0x1ea1,0x1ea3,0x1ea3,0x1ea5,0x1ea5,0x1ea7,0x1ea7,0x1ea9,0x1ea9,0x1eab,0x1eab,0x1ead,
    0x1ead,0x1eaf,0x1eaf,0x1eb1,0x1eb1,0x1eb3,0x1eb3,0x1eb5,0x1eb5,0x1eb7,0x1eb7,0x1eb9,0x1eb9,0x1ebb,0x1ebb,
    0x1ebd,0x1ebd,0x1ebf,0x1ebf,0x1ec1,0x1ec1,0x1ec3,0x1ec3,0x1ec5,0x1ec5,0x1ec7,0x1ec7,0x1ec9,0x1ec9,0x1ecb,
    0x1ecb,0x1ecd,0x1ecd,0x1ecf,0x1ecf,0x1ed1,0x1ed1,0x1ed3,0x1ed3,0x1ed5,0x1ed5,0x1ed7,0x1ed7,0x1ed9,0x1ed9,
    0x1edb,0x1edb,0x1edd,0x1edd,0x1edf,0x1edf,0x1ee1,0x1ee1,0x1ee3,0x1ee3,0x1ee5,0x1ee5,0x1ee7,0x1ee7,0x1ee9,
    0x1ee9,0x1eeb,0x1eeb,0x1eed,0x1eed,0x1eef,0x1eef,0x1ef1,0x1ef1,0x1ef3,0x1ef3,0x1ef5,0x1ef5,0x1ef7,0x1ef7,
    0x1ef9,0x1ef9,0x1efb,0x1efb,0x1efd,0x1efd,0x1eff,0x1f07,0x1f10,0x1f15,0x1f20,0x1f27,0x1f30,0x1f37,0x1f40,
    0x1f45,0x1f50,0x1f57,0x1f60,0x1f67,0x1f70,0x1f7d,0x1f80,0x1f87,0x1f90,0x1f97,0x1fa0,0x1fa7,0x1fb0,0x1fb4,
    0x1fb6,0x1fb7,0x1fbe,0x1fbe,0x1fc2,0x1fc4,0x1fc6,0x1fc7,0x1fd0,0x1fd3,0x1fd6,0x1fd7,0x1fe0,0x1fe7,0x1ff2,
    0x1ff4,0x1ff6,0x1ff7,0x210a,0x210a,0x210e,0x210f,0x2113,0x2113,0x212f,0x212f,0x2134,0x2134,0x2139,0x2139,
    0x213c,0x213d,0x2146,0x2149,0x214e,0x214e,0x2184,0x2184,0x2c30,0x2c5f,0x2c61,0x2c61,0x2c65,0x2c66,0x2c68,
    0x2c68,0x2c6a,0x2c6a,0x2c6c,0x2c6c,0x2c71,0x2c71,0x2c73,0x2c74,0x2c76,0x2c7b,0x2c81,0x2c81,0x2c83,0x2c83,
    0x2c85,0x2c85,0x2c87,0x2c87,0x2c89,0x2c89,0x2c8b,0x2c8b,0x2c8d,0x2c8d,0x2c8f,0x2c8f,0x2c91,0x2c91,0x2c93,
    0x2c93,0x2c95,0x2c95,0x2c97,0x2c97,0x2c99,0x2c99,0x2c9b,0x2c9b,0x2c9d,0x2c9d,0x2c9f,0x2c9f,0x2ca1,0x2ca1,
    0x2ca3,0x2ca3,0x2ca5,0x2ca5,0x2ca7,0x2ca7,0x2ca9,0x2ca9,0x2cab,0x2cab,0x2cad,0x2cad,0x2caf,0x2caf,0x2cb1,
    0x2cb1,0x2cb3,0x2cb3,0x2cb5,0x2cb5,0x2cb7,0x2cb7,0x2cb9,0x2cb9,0x2cbb,0x2cbb,0x2cbd,0x2cbd,0x2cbf,0x2cbf,
    0x2cc1,0x2cc1,0x2cc3,0x2cc3,0x2cc5,0x2cc5,0x2cc7,0x2cc7,0x2cc9,0x2cc9,0x2ccb,0x2ccb,0x2ccd,0x2ccd,0x2ccf,
    0x2ccf,0x2cd1,0x2cd1,0x2cd3,0x2cd3,0x2cd5,0x2cd5,0x2cd7,0x2cd7,0x2cd9,0x2cd9,0x2cdb,0x2cdb,0x2cdd,0x2cdd,
    0x2cdf,0x2cdf,0x2ce1,0x2ce1,0x2ce3,0x2ce4,0x2cec,0x2cec,0x2cee,0x2cee,0x2cf3,0x2cf3,0x2d00,0x2d25,0x2d27,
    0x2d27,0x2d2d,0x2d2d,0xa641,0xa641,0xa643,0xa643,0xa645,0xa645,0xa647,0xa647,0xa649,0xa649,0xa64b,0xa64b,
    0xa64d,0xa64d,0xa64f,0xa64f,0xa651,0xa651,0xa653,0xa653,0xa655,0xa655,0xa657,0xa657,0xa659,0xa659,0xa65b,
    0xa65b,0xa65d,0xa65d,0xa65f,0xa65f,0xa661,0xa661,0xa663,0xa663,0xa665,0xa665,0xa667,0xa667,0xa669,0xa669,
    0xa66b,0xa66b,0xa66d,0xa66d,0xa681,0xa681,0xa683,0xa683,0xa685,0xa685,0xa687,0xa687,0xa689,0xa689,0xa68b,
    0xa68b,0xa68d,0xa68d,0xa68f,0xa68f,0xa691,0xa691,0xa693,0xa693,0xa695,0xa695,0xa697,0xa697,0xa699,0xa699,
    0xa69b,0xa69b,0xa723,0xa723,0xa725,0xa725,0xa727,0xa727,0xa729,0xa729,0xa72b,0xa72b,0xa72d,0xa72d,0xa72f,
    0xa731,0xa733,0xa733,0xa735,0xa735,0xa737,0xa737,0xa739,0xa739,0xa73b,0xa73b,0xa73d,0xa73d,0xa73f,0xa73f,
    0xa741,0xa741,0xa743,0xa743,0xa745,0xa745,0xa747,0xa747,0xa749,0xa749,0xa74b,0xa74b,0xa74d,0xa74d,0xa74f,
    0xa74f,0xa751,0xa751,0xa753,0xa753,0xa755,0xa755,0xa757,0xa757,0xa759,0xa759,0xa75b,0xa75b,0xa75d,0xa75d,
    0xa75f,0xa75f,0xa761,0xa761,0xa763,0xa763,0xa765,0xa765,0xa767,0xa767,0xa769,0xa769,0xa76b,0xa76b,0xa76d,
    0xa76d,0xa76f,0xa76f,0xa771,0xa778,0xa77a,0xa77a,0xa77c,0xa77c,0xa77f,0xa77f,0xa781,0xa781,0xa783,0xa783,
    0xa785,0xa785,0xa787,0xa787,0xa78c,0xa78c,0xa78e,0xa78e,0xa791,0xa791,0xa793,0xa795,0xa797,0xa797,0xa799,
    0xa799,0xa79b,0xa79b,0xa79d,0xa79d,0xa79f,0xa79f,0xa7a1,0xa7a1,0xa7a3,0xa7a3,0xa7a5,0xa7a5,0xa7a7,0xa7a7,
    0xa7a9,0xa7a9,0xa7af,0xa7af,0xa7b5,0xa7b5,0xa7b7,0xa7b7,0xa7b9,0xa7b9,0xa7bb,0xa7bb,0xa7bd,0xa7bd,0xa7bf,
    0xa7bf,0xa7c1,0xa7c1,0xa7c3,0xa7c3,0xa7c8,0xa7c8,0xa7ca,0xa7ca,0xa7cd,0xa7cd,0xa7d1,0xa7d1,0xa7d3,0xa7d3,
    0xa7d5,0xa7d5,0xa7d7,0xa7d7,0xa7d9,0xa7d9,0xa7db,0xa7db,0xa7f6,0xa7f6,0xa7fa,0xa7fa,0xab30,0xab5a,0xab60,
    0xab68,0xab70,0xabbf,0xfb00,0xfb06,0xfb13,0xfb17,0xff41,0xff5a,0x10428,0x1044f,0x104d8,0x104fb,0x10597,0x105a1,
    0x105a3,0x105b1,0x105b3,0x105b9,0x105bb,0x105bc,0x10cc0,0x10cf2,0x10d70,0x10d85,0x118c0,0x118df,0x16e60,
    0x16e7f,0x1d41a,0x1d433,0x1d44e,0x1d454,0x1d456,0x1d467,0x1d482,0x1d49b,0x1d4b6,0x1d4b9,0x1d4bb,0x1d4bb,
    0x1d4bd,0x1d4c3,0x1d4c5,0x1d4cf,0x1d4ea,0x1d503,0x1d51e,0x1d537,0x1d552,0x1d56b,0x1d586,0x1d59f,0x1d5ba,
    0x1d5d3,0x1d5ee,0x1d607,0x1d622,0x1d63b,0x1d656,0x1d66f,0x1d68a,0x1d6a5,0x1d6c2,0x1d6da,0x1d6dc,0x1d6e1,
    0x1d6fc,0x1d714,0x1d716,0x1d71b,0x1d736,0x1d74e,0x1d750,0x1d755,0x1d770,0x1d788,0x1d78a,0x1d78f,0x1d7aa,
    0x1d7c2,0x1d7c4,0x1d7c9,0x1d7cb,0x1d7cb,0x1df00,0x1df09,0x1df0b,0x1df1e,0x1df25,0x1df2a,0x1e922,0x1e943,
};
static const uint32_t wm__uc_lut[1308] = { /* [lo, hi] pairs */
    0x41,0x5a,0xc0,0xd6,0xd8,0xde,0x100,0x100,0x102,0x102,0x104,0x104,0x106,0x106,0x108,0x108,0x10a,0x10a,0x10c,
    0x10c,0x10e,0x10e,0x110,0x110,0x112,0x112,0x114,0x114,0x116,0x116,0x118,0x118,0x11a,0x11a,0x11c,0x11c,0x11e,
    0x11e,0x120,0x120,0x122,0x122,0x124,0x124,0x126,0x126,0x128,0x128,0x12a,0x12a,0x12c,0x12c,0x12e,0x12e,0x130,
    0x130,0x132,0x132,0x134,0x134,0x136,0x136,0x139,0x139,0x13b,0x13b,0x13d,0x13d,0x13f,0x13f,0x141,0x141,0x143,
    0x143,0x145,0x145,0x147,0x147,0x14a,0x14a,0x14c,0x14c,0x14e,0x14e,0x150,0x150,0x152,0x152,0x154,0x154,0x156,
    0x156,0x158,0x158,0x15a,0x15a,0x15c,0x15c,0x15e,0x15e,0x160,0x160,0x162,0x162,0x164,0x164,0x166,0x166,0x168,
    0x168,0x16a,0x16a,0x16c,0x16c,0x16e,0x16e,0x170,0x170,0x172,0x172,0x174,0x174,0x176,0x176,0x178,0x179,0x17b,
    0x17b,0x17d,0x17d,0x181,0x182,0x184,0x184,0x186,0x187,0x189,0x18b,0x18e,0x191,0x193,0x194,0x196,0x198,0x19c,
    0x19d,0x19f,0x1a0,0x1a2,0x1a2,0x1a4,0x1a4,0x1a6,0x1a7,0x1a9,0x1a9,0x1ac,0x1ac,0x1ae,0x1af,0x1b1,0x1b3,0x1b5,
    0x1b5,0x1b7,0x1b8,0x1bc,0x1bc,0x1c4,0x1c5,0x1c7,0x1c8,0x1ca,0x1cb,0x1cd,0x1cd,0x1cf,0x1cf,0x1d1,0x1d1,0x1d3,
    0x1d3,0x1d5,0x1d5,0x1d7,0x1d7,0x1d9,0x1d9,0x1db,0x1db,0x1de,0x1de,0x1e0,0x1e0,0x1e2,0x1e2,0x1e4,0x1e4,0x1e6,
    0x1e6,0x1e8,0x1e8,0x1ea,0x1ea,0x1ec,0x1ec,0x1ee,0x1ee,0x1f1,0x1f2,0x1f4,0x1f4,0x1f6,0x1f8,0x1fa,0x1fa,0x1fc,
    0x1fc,0x1fe,0x1fe,0x200,0x200,0x202,0x202,0x204,0x204,0x206,0x206,0x208,0x208,0x20a,0x20a,0x20c,0x20c,0x20e,
    0x20e,0x210,0x210,0x212,0x212,0x214,0x214,0x216,0x216,0x218,0x218,0x21a,0x21a,0x21c,0x21c,0x21e,0x21e,0x220,
    0x220,0x222,0x222,0x224,0x224,0x226,0x226,0x228,0x228,0x22a,0x22a,0x22c,0x22c,0x22e,0x22e,0x230,0x230,0x232,
    0x232,0x23a,0x23b,0x23d,0x23e,0x241,0x241,0x243,0x246,0x248,0x248,0x24a,0x24a,0x24c,0x24c,0x24e,0x24e,0x370,
    0x370,0x372,0x372,0x376,0x376,0x37f,0x37f,0x386,0x386,0x388,0x38a,0x38c,0x38c,0x38e,0x38f,0x391,0x3a1,0x3a3,
    0x3ab,0x3cf,0x3cf,0x3d2,0x3d4,0x3d8,0x3d8,0x3da,0x3da,0x3dc,0x3dc,0x3de,0x3de,0x3e0,0x3e0,0x3e2,0x3e2,0x3e4,
    0x3e4,0x3e6,0x3e6,0x3e8,0x3e8,0x3ea,0x3ea,0x3ec,0x3ec,0x3ee,0x3ee,0x3f4,0x3f4,0x3f7,0x3f7,0x3f9,0x3fa,0x3fd,
    0x42f,0x460,0x460,0x462,0x462,0x464,0x464,0x466,0x466,0x468,0x468,0x46a,0x46a,0x46c,0x46c,0x46e,0x46e,0x470,
    0x470,0x472,0x472,0x474,0x474,0x476,0x476,0x478,0x478,0x47a,0x47a,0x47c,0x47c,0x47e,0x47e,0x480,0x480,0x48a,
    0x48a,0x48c,0x48c,0x48e,0x48e,0x490,0x490,0x492,0x492,0x494,0x494,0x496,0x496,0x498,0x498,0x49a,0x49a,0x49c,
    0x49c,0x49e,0x49e,0x4a0,0x4a0,0x4a2,0x4a2,0x4a4,0x4a4,0x4a6,0x4a6,0x4a8,0x4a8,0x4aa,0x4aa,0x4ac,0x4ac,0x4ae,
    0x4ae,0x4b0,0x4b0,0x4b2,0x4b2,0x4b4,0x4b4,0x4b6,0x4b6,0x4b8,0x4b8,0x4ba,0x4ba,0x4bc,0x4bc,0x4be,0x4be,0x4c0,
    0x4c1,0x4c3,0x4c3,0x4c5,0x4c5,0x4c7,0x4c7,0x4c9,0x4c9,0x4cb,0x4cb,0x4cd,0x4cd,0x4d0,0x4d0,0x4d2,0x4d2,0x4d4,
    0x4d4,0x4d6,0x4d6,0x4d8,0x4d8,0x4da,0x4da,0x4dc,0x4dc,0x4de,0x4de,0x4e0,0x4e0,0x4e2,0x4e2,0x4e4,0x4e4,0x4e6,
    0x4e6,0x4e8,0x4e8,0x4ea,0x4ea,0x4ec,0x4ec,0x4ee,0x4ee,0x4f0,0x4f0,0x4f2,0x4f2,0x4f4,0x4f4,0x4f6,0x4f6,0x4f8,
    0x4f8,0x4fa,0x4fa,0x4fc,0x4fc,0x4fe,0x4fe,0x500,0x500,0x502,0x502,0x504,0x504,0x506,0x506,0x508,0x508,0x50a,
    0x50a,0x50c,0x50c,0x50e,0x50e,0x510,0x510,0x512,0x512,0x514,0x514,0x516,0x516,0x518,0x518,0x51a,0x51a,0x51c,
    0x51c,0x51e,0x51e,0x520,0x520,0x522,0x522,0x524,0x524,0x526,0x526,0x528,0x528,0x52a,0x52a,0x52c,0x52c,0x52e,
    0x52e,0x531,0x556,0x10a0,0x10c5,0x10c7,0x10c7,0x10cd,0x10cd,0x13a0,0x13f5,0x1c89,0x1c89,0x1c90,0x1cba,0x1cbd,
    0x1cbf,0x1e00,0x1e00,0x1e02,0x1e02,0x1e04,0x1e04,0x1e06,0x1e06,0x1e08,0x1e08,0x1e0a,0x1e0a,0x1e0c,0x1e0c,
    0x1e0e,0x1e0e,0x1e10,0x1e10,0x1e12,0x1e12,0x1e14,0x1e14,0x1e16,0x1e16,0x1e18,0x1e18,0x1e1a,0x1e1a,0x1e1c,
    0x1e1c,0x1e1e,0x1e1e,0x1e20,0x1e20,0x1e22,0x1e22,0x1e24,0x1e24,0x1e26,0x1e26,0x1e28,0x1e28,0x1e2a,0x1e2a,
    0x1e2c,0x1e2c,0x1e2e,0x1e2e,0x1e30,0x1e30,0x1e32,0x1e32,0x1e34,0x1e34,0x1e36,0x1e36,0x1e38,0x1e38,0x1e3a,
    0x1e3a,0x1e3c,0x1e3c,0x1e3e,0x1e3e,0x1e40,0x1e40,0x1e42,0x1e42,0x1e44,0x1e44,0x1e46,0x1e46,0x1e48,0x1e48,
    0x1e4a,0x1e4a,0x1e4c,0x1e4c,0x1e4e,0x1e4e,0x1e50,0x1e50,0x1e52,0x1e52,0x1e54,0x1e54,0x1e56,0x1e56,0x1e58,
    0x1e58,0x1e5a,0x1e5a,0x1e5c,0x1e5c,0x1e5e,0x1e5e,0x1e60,0x1e60,0x1e62,0x1e62,0x1e64,0x1e64,0x1e66,0x1e66,
    0x1e68,0x1e68,0x1e6a,0x1e6a,0x1e6c,0x1e6c,0x1e6e,0x1e6e,0x1e70,0x1e70,0x1e72,0x1e72,0x1e74,0x1e74,0x1e76,
    0x1e76,0x1e78,0x1e78,0x1e7a,0x1e7a,0x1e7c,0x1e7c,0x1e7e,0x1e7e,0x1e80,0x1e80,0x1e82,0x1e82,0x1e84,0x1e84,
    0x1e86,0x1e86,0x1e88,0x1e88,0x1e8a,0x1e8a,0x1e8c,0x1e8c,0x1e8e,0x1e8e,0x1e90,0x1e90,0x1e92,0x1e92,0x1e94,
    0x1e94,0x1e9e,0x1e9e,0x1ea0,0x1ea0,0x1ea2,0x1ea2,0x1ea4,0x1ea4,0x1ea6,0x1ea6,0x1ea8,0x1ea8,0x1eaa,0x1eaa,
    0x1eac,0x1eac,0x1eae,0x1eae,0x1eb0,0x1eb0,0x1eb2,0x1eb2,0x1eb4,0x1eb4,0x1eb6,0x1eb6,0x1eb8,0x1eb8,0x1eba,
    0x1eba,0x1ebc,0x1ebc,0x1ebe,0x1ebe,0x1ec0,0x1ec0,0x1ec2,0x1ec2,0x1ec4,0x1ec4,0x1ec6,0x1ec6,0x1ec8,0x1ec8,
    0x1eca,0x1eca,0x1ecc,0x1ecc,0x1ece,0x1ece,0x1ed0,0x1ed0,0x1ed2,0x1ed2,0x1ed4,0x1ed4,0x1ed6,0x1ed6,0x1ed8,
    0x1ed8,0x1eda,0x1eda,0x1edc,0x1edc,0x1ede,0x1ede,0x1ee0,0x1ee0,0x1ee2,0x1ee2,0x1ee4,0x1ee4,0x1ee6,0x1ee6,
    0x1ee8,0x1ee8,0x1eea,0x1eea,0x1eec,0x1eec,0x1eee,0x1eee,0x1ef0,0x1ef0,0x1ef2,0x1ef2,0x1ef4,0x1ef4,0x1ef6,
    0x1ef6,0x1ef8,0x1ef8,0x1efa,0x1efa,0x1efc,0x1efc,0x1efe,0x1efe,0x1f08,0x1f0f,0x1f18,0x1f1d,0x1f28,0x1f2f,
    0x1f38,0x1f3f,0x1f48,0x1f4d,0x1f59,0x1f59,0x1f5b,0x1f5b,0x1f5d,0x1f5d,0x1f5f,0x1f5f,0x1f68,0x1f6f,0x1f88,
    0x1f8f,0x1f98,0x1f9f,0x1fa8,0x1faf,0x1fb8,0x1fbc,0x1fc8,0x1fcc,0x1fd8,0x1fdb,0x1fe8,0x1fec,0x1ff8,0x1ffc,
    0x2102,0x2102,0x2107,0x2107,0x210b,0x210d,0x2110,0x2112,0x2115,0x2115,0x2119,0x211d,0x2124,0x2124,0x2126,
    0x2126,0x2128,0x2128,0x212a,0x212d,0x2130,0x2133,0x213e,0x213f,0x2145,0x2145,0x2183,0x2183,0x2c00,0x2c2f,
    0x2c60,0x2c60,0x2c62,0x2c64,0x2c67,0x2c67,0x2c69,0x2c69,0x2c6b,0x2c6b,0x2c6d,0x2c70,0x2c72,0x2c72,0x2c75,
    0x2c75,0x2c7e,0x2c80,0x2c82,0x2c82,0x2c84,0x2c84,0x2c86,0x2c86,0x2c88,0x2c88,0x2c8a,0x2c8a,0x2c8c,0x2c8c,
    0x2c8e,0x2c8e,0x2c90,0x2c90,0x2c92,0x2c92,0x2c94,0x2c94,0x2c96,0x2c96,0x2c98,0x2c98,0x2c9a,0x2c9a,0x2c9c,
    0x2c9c,0x2c9e,0x2c9e,0x2ca0,0x2ca0,0x2ca2,0x2ca2,0x2ca4,0x2ca4,0x2ca6,0x2ca6,0x2ca8,0x2ca8,0x2caa,0x2caa,
    0x2cac,0x2cac,0x2cae,0x2cae,0x2cb0,0x2cb0,0x2cb2,0x2cb2,0x2cb4,0x2cb4,0x2cb6,0x2cb6,0x2cb8,0x2cb8,0x2cba,
    0x2cba,0x2cbc,0x2cbc,0x2cbe,0x2cbe,0x2cc0,0x2cc0,0x2cc2,0x2cc2,0x2cc4,0x2cc4,0x2cc6,0x2cc6,0x2cc8,0x2cc8,
    0x2cca,0x2cca,0x2ccc,0x2ccc,0x2cce,0x2cce,0x2cd0,0x2cd0,0x2cd2,0x2cd2,0x2cd4,0x2cd4,0x2cd6,0x2cd6,0x2cd8,
    0x2cd8,0x2cda,0x2cda,0x2cdc,0x2cdc,0x2cde,0x2cde,0x2ce0,0x2ce0,0x2ce2,0x2ce2,0x2ceb,0x2ceb,0x2ced,0x2ced,
    0x2cf2,0x2cf2,0xa640,0xa640,0xa642,0xa642,0xa644,0xa644,0xa646,0xa646,0xa648,0xa648,0xa64a,0xa64a,0xa64c,
    0xa64c,0xa64e,0xa64e,0xa650,0xa650,0xa652,0xa652,0xa654,0xa654,0xa656,0xa656,0xa658,0xa658,0xa65a,0xa65a,
    0xa65c,0xa65c,0xa65e,0xa65e,0xa660,0xa660,0xa662,0xa662,0xa664,0xa664,0xa666,0xa666,0xa668,0xa668,0xa66a,
    0xa66a,0xa66c,0xa66c,0xa680,0xa680,0xa682,0xa682,0xa684,0xa684,0xa686,0xa686,0xa688,0xa688,0xa68a,0xa68a,
    0xa68c,0xa68c,0xa68e,0xa68e,0xa690,0xa690,0xa692,0xa692,0xa694,0xa694,0xa696,0xa696,0xa698,0xa698,0xa69a,
    0xa69a,0xa722,0xa722,0xa724,0xa724,0xa726,0xa726,0xa728,0xa728,0xa72a,0xa72a,0xa72c,0xa72c,0xa72e,0xa72e,
    0xa732,0xa732,0xa734,0xa734,0xa736,0xa736,0xa738,0xa738,0xa73a,0xa73a,0xa73c,0xa73c,0xa73e,0xa73e,0xa740,
    0xa740,0xa742,0xa742,0xa744,0xa744,0xa746,0xa746,0xa748,0xa748,0xa74a,0xa74a,0xa74c,0xa74c,0xa74e,0xa74e,
    0xa750,0xa750,0xa752,0xa752,0xa754,0xa754,0xa756,0xa756,0xa758,0xa758,0xa75a,0xa75a,0xa75c,0xa75c,0xa75e,
    0xa75e,0xa760,0xa760,0xa762,0xa762,0xa764,0xa764,0xa766,0xa766,0xa768,0xa768,0xa76a,0xa76a,0xa76c,0xa76c,
    0xa76e,0xa76e,0xa779,0xa779,0xa77b,0xa77b,0xa77d,0xa77e,0xa780,0xa780,0xa782,0xa782,0xa784,0xa784,0xa786,
    0xa786,0xa78b,0xa78b,0xa78d,0xa78d,0xa790,0xa790,0xa792,0xa792,0xa796,0xa796,0xa798,0xa798,0xa79a,0xa79a,
    0xa79c,0xa79c,0xa79e,0xa79e,0xa7a0,0xa7a0,0xa7a2,0xa7a2,0xa7a4,0xa7a4,0xa7a6,0xa7a6,0xa7a8,0xa7a8,0xa7aa,
    0xa7ae,0xa7b0,0xa7b4,0xa7b6,0xa7b6,0xa7b8,0xa7b8,0xa7ba,0xa7ba,0xa7bc,0xa7bc,0xa7be,0xa7be,0xa7c0,0xa7c0,
    0xa7c2,0xa7c2,0xa7c4,0xa7c7,0xa7c9,0xa7c9,0xa7cb,0xa7cc,0xa7d0,0xa7d0,0xa7d6,0xa7d6,0xa7d8,0xa7d8,0xa7da,
    0xa7da,0xa7dc,0xa7dc,0xa7f5,0xa7f5,0xff21,0xff3a,0x10400,0x10427,0x104b0,0x104d3,0x10570,0x1057a,0x1057c,
    0x1058a,0x1058c,0x10592,0x10594,0x10595,0x10c80,0x10cb2,0x10d50,0x10d65,0x118a0,0x118bf,0x16e40,0x16e5f,
    0x1d400,0x1d419,0x1d434,0x1d44d,0x1d468,0x1d481,0x1d49c,0x1d49c,0x1d49e,0x1d49f,0x1d4a2,0x1d4a2,0x1d4a5,
    0x1d4a6,0x1d4a9,0x1d4ac,0x1d4ae,0x1d4b5,0x1d4d0,0x1d4e9,0x1d504,0x1d505,0x1d507,0x1d50a,0x1d50d,0x1d514,
    0x1d516,0x1d51c,0x1d538,0x1d539,0x1d53b,0x1d53e,0x1d540,0x1d544,0x1d546,0x1d546,0x1d54a,0x1d550,0x1d56c,
    0x1d585,0x1d5a0,0x1d5b9,0x1d5d4,0x1d5ed,0x1d608,0x1d621,0x1d63c,0x1d655,0x1d670,0x1d689,0x1d6a8,0x1d6c0,
    0x1d6e2,0x1d6fa,0x1d71c,0x1d734,0x1d756,0x1d76e,0x1d790,0x1d7a8,0x1d7ca,0x1d7ca,0x1e900,0x1e921,
};
#ifndef WM_NO_UNICODE_NORM /* the NFC / NFKC / Lowercase normalizers' tables, 107 KB */
static const uint32_t wm__uc_lower[2920] = { /* [code point, its lowercase], sorted */
    0x41,0x61,0x42,0x62,0x43,0x63,0x44,0x64,0x45,0x65,0x46,0x66,0x47,0x67,0x48,0x68,0x49,0x69,0x4a,0x6a,0x4b,0x6b,
    0x4c,0x6c,0x4d,0x6d,0x4e,0x6e,0x4f,0x6f,0x50,0x70,0x51,0x71,0x52,0x72,0x53,0x73,0x54,0x74,0x55,0x75,0x56,0x76,
    0x57,0x77,0x58,0x78,0x59,0x79,0x5a,0x7a,0xc0,0xe0,0xc1,0xe1,0xc2,0xe2,0xc3,0xe3,0xc4,0xe4,0xc5,0xe5,0xc6,0xe6,
    0xc7,0xe7,0xc8,0xe8,0xc9,0xe9,0xca,0xea,0xcb,0xeb,0xcc,0xec,0xcd,0xed,0xce,0xee,0xcf,0xef,0xd0,0xf0,0xd1,0xf1,
    0xd2,0xf2,0xd3,0xf3,0xd4,0xf4,0xd5,0xf5,0xd6,0xf6,0xd8,0xf8,0xd9,0xf9,0xda,0xfa,0xdb,0xfb,0xdc,0xfc,0xdd,0xfd,
    0xde,0xfe,0x100,0x101,0x102,0x103,0x104,0x105,0x106,0x107,0x108,0x109,0x10a,0x10b,0x10c,0x10d,0x10e,0x10f,
    0x110,0x111,0x112,0x113,0x114,0x115,0x116,0x117,0x118,0x119,0x11a,0x11b,0x11c,0x11d,0x11e,0x11f,0x120,0x121,
    0x122,0x123,0x124,0x125,0x126,0x127,0x128,0x129,0x12a,0x12b,0x12c,0x12d,0x12e,0x12f,0x130,0x69,0x132,0x133,
    0x134,0x135,0x136,0x137,0x139,0x13a,0x13b,0x13c,0x13d,0x13e,0x13f,0x140,0x141,0x142,0x143,0x144,0x145,0x146,
    0x147,0x148,0x14a,0x14b,0x14c,0x14d,0x14e,0x14f,0x150,0x151,0x152,0x153,0x154,0x155,0x156,0x157,0x158,0x159,
    0x15a,0x15b,0x15c,0x15d,0x15e,0x15f,0x160,0x161,0x162,0x163,0x164,0x165,0x166,0x167,0x168,0x169,0x16a,0x16b,
    0x16c,0x16d,0x16e,0x16f,0x170,0x171,0x172,0x173,0x174,0x175,0x176,0x177,0x178,0xff,0x179,0x17a,0x17b,0x17c,
    0x17d,0x17e,0x181,0x253,0x182,0x183,0x184,0x185,0x186,0x254,0x187,0x188,0x189,0x256,0x18a,0x257,0x18b,0x18c,
    0x18e,0x1dd,0x18f,0x259,0x190,0x25b,0x191,0x192,0x193,0x260,0x194,0x263,0x196,0x269,0x197,0x268,0x198,0x199,
    0x19c,0x26f,0x19d,0x272,0x19f,0x275,0x1a0,0x1a1,0x1a2,0x1a3,0x1a4,0x1a5,0x1a6,0x280,0x1a7,0x1a8,0x1a9,0x283,
    0x1ac,0x1ad,0x1ae,0x288,0x1af,0x1b0,0x1b1,0x28a,0x1b2,0x28b,0x1b3,0x1b4,0x1b5,0x1b6,0x1b7,0x292,0x1b8,0x1b9,
    0x1bc,0x1bd,0x1c4,0x1c6,0x1c5,0x1c6,0x1c7,0x1c9,0x1c8,0x1c9,0x1ca,0x1cc,0x1cb,0x1cc,0x1cd,0x1ce,0x1cf,0x1d0,
    0x1d1,0x1d2,0x1d3,0x1d4,0x1d5,0x1d6,0x1d7,0x1d8,0x1d9,0x1da,0x1db,0x1dc,0x1de,0x1df,0x1e0,0x1e1,0x1e2,0x1e3,
    0x1e4,0x1e5,0x1e6,0x1e7,0x1e8,0x1e9,0x1ea,0x1eb,0x1ec,0x1ed,0x1ee,0x1ef,0x1f1,0x1f3,0x1f2,0x1f3,0x1f4,0x1f5,
    0x1f6,0x195,0x1f7,0x1bf,0x1f8,0x1f9,0x1fa,0x1fb,0x1fc,0x1fd,0x1fe,0x1ff,0x200,0x201,0x202,0x203,0x204,0x205,
    0x206,0x207,0x208,0x209,0x20a,0x20b,0x20c,0x20d,0x20e,0x20f,0x210,0x211,0x212,0x213,0x214,0x215,0x216,0x217,
    0x218,0x219,0x21a,0x21b,0x21c,0x21d,0x21e,0x21f,0x220,0x19e,0x222,0x223,0x224,0x225,0x226,0x227,0x228,0x229,
    0x22a,0x22b,0x22c,0x22d,0x22e,0x22f,0x230,0x231,0x232,0x233,0x23a,0x2c65,0x23b,0x23c,0x23d,0x19a,0x23e,0x2c66,
    0x241,0x242,0x243,0x180,0x244,0x289,0x245,0x28c,0x246,0x247,0x248,0x249,0x24a,0x24b,0x24c,0x24d,0x24e,0x24f,
    0x370,0x371,0x372,0x373,0x376,0x377,0x37f,0x3f3,0x386,0x3ac,0x388,0x3ad,0x389,0x3ae,0x38a,0x3af,0x38c,0x3cc,
    0x38e,0x3cd,0x38f,0x3ce,0x391,0x3b1,0x392,0x3b2,0x393,0x3b3,0x394,0x3b4,0x395,0x3b5,0x396,0x3b6,0x397,0x3b7,
    0x398,0x3b8,0x399,0x3b9,0x39a,0x3ba,0x39b,0x3bb,0x39c,0x3bc,0x39d,0x3bd,0x39e,0x3be,0x39f,0x3bf,0x3a0,0x3c0,
    0x3a1,0x3c1,0x3a3,0x3c3,0x3a4,0x3c4,0x3a5,0x3c5,0x3a6,0x3c6,0x3a7,0x3c7,0x3a8,0x3c8,0x3a9,0x3c9,0x3aa,0x3ca,
    0x3ab,0x3cb,0x3cf,0x3d7,0x3d8,0x3d9,0x3da,0x3db,0x3dc,0x3dd,0x3de,0x3df,0x3e0,0x3e1,0x3e2,0x3e3,0x3e4,0x3e5,
    0x3e6,0x3e7,0x3e8,0x3e9,0x3ea,0x3eb,0x3ec,0x3ed,0x3ee,0x3ef,0x3f4,0x3b8,0x3f7,0x3f8,0x3f9,0x3f2,0x3fa,0x3fb,
    0x3fd,0x37b,0x3fe,0x37c,0x3ff,0x37d,0x400,0x450,0x401,0x451,0x402,0x452,0x403,0x453,0x404,0x454,0x405,0x455,
    0x406,0x456,0x407,0x457,0x408,0x458,0x409,0x459,0x40a,0x45a,0x40b,0x45b,0x40c,0x45c,0x40d,0x45d,0x40e,0x45e,
    0x40f,0x45f,0x410,0x430,0x411,0x431,0x412,0x432,0x413,0x433,0x414,0x434,0x415,0x435,0x416,0x436,0x417,0x437,
    0x418,0x438,0x419,0x439,0x41a,0x43a,0x41b,0x43b,0x41c,0x43c,0x41d,0x43d,0x41e,0x43e,0x41f,0x43f,0x420,0x440,
    0x421,0x441,0x422,0x442,0x423,0x443,0x424,0x444,0x425,0x445,0x426,0x446,0x427,0x447,0x428,0x448,0x429,0x449,
    0x42a,0x44a,0x42b,0x44b,0x42c,0x44c,0x42d,0x44d,0x42e,0x44e,0x42f,0x44f,0x460,0x461,0x462,0x463,0x464,0x465,
    0x466,0x467,0x468,0x469,0x46a,0x46b,0x46c,0x46d,0x46e,0x46f,0x470,0x471,0x472,0x473,0x474,0x475,0x476,0x477,
    0x478,0x479,0x47a,0x47b,0x47c,0x47d,0x47e,0x47f,0x480,0x481,0x48a,0x48b,0x48c,0x48d,0x48e,0x48f,0x490,0x491,
    0x492,0x493,0x494,0x495,0x496,0x497,0x498,0x499,0x49a,0x49b,0x49c,0x49d,0x49e,0x49f,0x4a0,0x4a1,0x4a2,0x4a3,
    0x4a4,0x4a5,0x4a6,0x4a7,0x4a8,0x4a9,0x4aa,0x4ab,0x4ac,0x4ad,0x4ae,0x4af,0x4b0,0x4b1,0x4b2,0x4b3,0x4b4,0x4b5,
    0x4b6,0x4b7,0x4b8,0x4b9,0x4ba,0x4bb,0x4bc,0x4bd,0x4be,0x4bf,0x4c0,0x4cf,0x4c1,0x4c2,0x4c3,0x4c4,0x4c5,0x4c6,
    0x4c7,0x4c8,0x4c9,0x4ca,0x4cb,0x4cc,0x4cd,0x4ce,0x4d0,0x4d1,0x4d2,0x4d3,0x4d4,0x4d5,0x4d6,0x4d7,0x4d8,0x4d9,
    0x4da,0x4db,0x4dc,0x4dd,0x4de,0x4df,0x4e0,0x4e1,0x4e2,0x4e3,0x4e4,0x4e5,0x4e6,0x4e7,0x4e8,0x4e9,0x4ea,0x4eb,
    0x4ec,0x4ed,0x4ee,0x4ef,0x4f0,0x4f1,0x4f2,0x4f3,0x4f4,0x4f5,0x4f6,0x4f7,0x4f8,0x4f9,0x4fa,0x4fb,0x4fc,0x4fd,
    0x4fe,0x4ff,0x500,0x501,0x502,0x503,0x504,0x505,0x506,0x507,0x508,0x509,0x50a,0x50b,0x50c,0x50d,0x50e,0x50f,
    0x510,0x511,0x512,0x513,0x514,0x515,0x516,0x517,0x518,0x519,0x51a,0x51b,0x51c,0x51d,0x51e,0x51f,0x520,0x521,
    0x522,0x523,0x524,0x525,0x526,0x527,0x528,0x529,0x52a,0x52b,0x52c,0x52d,0x52e,0x52f,0x531,0x561,0x532,0x562,
    0x533,0x563,0x534,0x564,0x535,0x565,0x536,0x566,0x537,0x567,0x538,0x568,0x539,0x569,0x53a,0x56a,0x53b,0x56b,
    0x53c,0x56c,0x53d,0x56d,0x53e,0x56e,0x53f,0x56f,0x540,0x570,0x541,0x571,0x542,0x572,0x543,0x573,0x544,0x574,
    0x545,0x575,0x546,0x576,0x547,0x577,0x548,0x578,0x549,0x579,0x54a,0x57a,0x54b,0x57b,0x54c,0x57c,0x54d,0x57d,
    0x54e,0x57e,0x54f,0x57f,0x550,0x580,0x551,0x581,0x552,0x582,0x553,0x583,0x554,0x584,0x555,0x585,0x556,0x586,
    0x10a0,0x2d00,0x10a1,0x2d01,0x10a2,0x2d02,0x10a3,0x2d03,0x10a4,0x2d04,0x10a5,0x2d05,0x10a6,0x2d06,0x10a7,
    0x2d07,0x10a8,0x2d08,0x10a9,0x2d09,0x10aa,0x2d0a,0x10ab,0x2d0b,0x10ac,0x2d0c,0x10ad,0x2d0d,0x10ae,0x2d0e,
    0x10af,0x2d0f,0x10b0,0x2d10,0x10b1,0x2d11,0x10b2,0x2d12,0x10b3,0x2d13,0x10b4,0x2d14,0x10b5,0x2d15,0x10b6,
    0x2d16,0x10b7,0x2d17,0x10b8,0x2d18,0x10b9,0x2d19,0x10ba,0x2d1a,0x10bb,0x2d1b,0x10bc,0x2d1c,0x10bd,0x2d1d,
    0x10be,0x2d1e,0x10bf,0x2d1f,0x10c0,0x2d20,0x10c1,0x2d21,0x10c2,0x2d22,0x10c3,0x2d23,0x10c4,0x2d24,0x10c5,
    0x2d25,0x10c7,0x2d27,0x10cd,0x2d2d,0x13a0,0xab70,0x13a1,0xab71,0x13a2,0xab72,0x13a3,0xab73,0x13a4,0xab74,
    0x13a5,0xab75,0x13a6,0xab76,0x13a7,0xab77,0x13a8,0xab78,0x13a9,0xab79,0x13aa,0xab7a,0x13ab,0xab7b,0x13ac,
    0xab7c,0x13ad,0xab7d,0x13ae,0xab7e,0x13af,0xab7f,0x13b0,0xab80,0x13b1,0xab81,0x13b2,0xab82,0x13b3,0xab83,
    0x13b4,0xab84,0x13b5,0xab85,0x13b6,0xab86,0x13b7,0xab87,0x13b8,0xab88,0x13b9,0xab89,0x13ba,0xab8a,0x13bb,
    0xab8b,0x13bc,0xab8c,0x13bd,0xab8d,0x13be,0xab8e,0x13bf,0xab8f,0x13c0,0xab90,0x13c1,0xab91,0x13c2,0xab92,
    0x13c3,0xab93,0x13c4,0xab94,0x13c5,0xab95,0x13c6,0xab96,0x13c7,0xab97,0x13c8,0xab98,0x13c9,0xab99,0x13ca,
    0xab9a,0x13cb,0xab9b,0x13cc,0xab9c,0x13cd,0xab9d,0x13ce,0xab9e,0x13cf,0xab9f,0x13d0,0xaba0,0x13d1,0xaba1,
    0x13d2,0xaba2,0x13d3,0xaba3,0x13d4,0xaba4,0x13d5,0xaba5,0x13d6,0xaba6,0x13d7,0xaba7,0x13d8,0xaba8,0x13d9,
    0xaba9,0x13da,0xabaa,0x13db,0xabab,0x13dc,0xabac,0x13dd,0xabad,0x13de,0xabae,0x13df,0xabaf,0x13e0,0xabb0,
    0x13e1,0xabb1,0x13e2,0xabb2,0x13e3,0xabb3,0x13e4,0xabb4,0x13e5,0xabb5,0x13e6,0xabb6,0x13e7,0xabb7,0x13e8,
    0xabb8,0x13e9,0xabb9,0x13ea,0xabba,0x13eb,0xabbb,0x13ec,0xabbc,0x13ed,0xabbd,0x13ee,0xabbe,0x13ef,0xabbf,
    0x13f0,0x13f8,0x13f1,0x13f9,0x13f2,0x13fa,0x13f3,0x13fb,0x13f4,0x13fc,0x13f5,0x13fd,0x1c89,0x1c8a,0x1c90,
    0x10d0,0x1c91,0x10d1,0x1c92,0x10d2,0x1c93,0x10d3,0x1c94,0x10d4,0x1c95,0x10d5,0x1c96,0x10d6,0x1c97,0x10d7,
    0x1c98,0x10d8,0x1c99,0x10d9,0x1c9a,0x10da,0x1c9b,0x10db,0x1c9c,0x10dc,0x1c9d,0x10dd,0x1c9e,0x10de,0x1c9f,
    0x10df,0x1ca0,0x10e0,0x1ca1,0x10e1,0x1ca2,0x10e2,0x1ca3,0x10e3,0x1ca4,0x10e4,0x1ca5,0x10e5,0x1ca6,0x10e6,
    0x1ca7,0x10e7,0x1ca8,0x10e8,0x1ca9,0x10e9,0x1caa,0x10ea,0x1cab,0x10eb,0x1cac,0x10ec,0x1cad,0x10ed,0x1cae,
    0x10ee,0x1caf,0x10ef,0x1cb0,0x10f0,0x1cb1,0x10f1,0x1cb2,0x10f2,0x1cb3,0x10f3,0x1cb4,0x10f4,0x1cb5,0x10f5,
    0x1cb6,0x10f6,0x1cb7,0x10f7,0x1cb8,0x10f8,0x1cb9,0x10f9,0x1cba,0x10fa,0x1cbd,0x10fd,0x1cbe,0x10fe,0x1cbf,
    0x10ff,0x1e00,0x1e01,0x1e02,0x1e03,0x1e04,0x1e05,0x1e06,0x1e07,0x1e08,0x1e09,0x1e0a,0x1e0b,0x1e0c,0x1e0d,
    0x1e0e,0x1e0f,0x1e10,0x1e11,0x1e12,0x1e13,0x1e14,0x1e15,0x1e16,0x1e17,0x1e18,0x1e19,0x1e1a,0x1e1b,0x1e1c,
    0x1e1d,0x1e1e,0x1e1f,0x1e20,0x1e21,0x1e22,0x1e23,0x1e24,0x1e25,0x1e26,0x1e27,0x1e28,0x1e29,0x1e2a,0x1e2b,
    0x1e2c,0x1e2d,0x1e2e,0x1e2f,0x1e30,0x1e31,0x1e32,0x1e33,0x1e34,0x1e35,0x1e36,0x1e37,0x1e38,0x1e39,0x1e3a,
    0x1e3b,0x1e3c,0x1e3d,0x1e3e,0x1e3f,0x1e40,0x1e41,0x1e42,0x1e43,0x1e44,0x1e45,0x1e46,0x1e47,0x1e48,0x1e49,
    0x1e4a,0x1e4b,0x1e4c,0x1e4d,0x1e4e,0x1e4f,0x1e50,0x1e51,0x1e52,0x1e53,0x1e54,0x1e55,0x1e56,0x1e57,0x1e58,
    0x1e59,0x1e5a,0x1e5b,0x1e5c,0x1e5d,0x1e5e,0x1e5f,0x1e60,0x1e61,0x1e62,0x1e63,0x1e64,0x1e65,0x1e66,0x1e67,
    0x1e68,0x1e69,0x1e6a,0x1e6b,0x1e6c,0x1e6d,0x1e6e,0x1e6f,0x1e70,0x1e71,0x1e72,0x1e73,0x1e74,0x1e75,0x1e76,
    0x1e77,0x1e78,0x1e79,0x1e7a,0x1e7b,0x1e7c,0x1e7d,0x1e7e,0x1e7f,0x1e80,0x1e81,0x1e82,0x1e83,0x1e84,0x1e85,
    0x1e86,0x1e87,0x1e88,0x1e89,0x1e8a,0x1e8b,0x1e8c,0x1e8d,0x1e8e,0x1e8f,0x1e90,0x1e91,0x1e92,0x1e93,0x1e94,
    0x1e95,0x1e9e,0xdf,0x1ea0,0x1ea1,0x1ea2,0x1ea3,0x1ea4,0x1ea5,0x1ea6,0x1ea7,0x1ea8,0x1ea9,0x1eaa,0x1eab,0x1eac,
    0x1ead,0x1eae,0x1eaf,0x1eb0,0x1eb1,0x1eb2,0x1eb3,0x1eb4,0x1eb5,0x1eb6,0x1eb7,0x1eb8,0x1eb9,0x1eba,0x1ebb,
    0x1ebc,0x1ebd,0x1ebe,0x1ebf,0x1ec0,0x1ec1,0x1ec2,0x1ec3,0x1ec4,0x1ec5,0x1ec6,0x1ec7,0x1ec8,0x1ec9,0x1eca,
    0x1ecb,0x1ecc,0x1ecd,0x1ece,0x1ecf,0x1ed0,0x1ed1,0x1ed2,0x1ed3,0x1ed4,0x1ed5,0x1ed6,0x1ed7,0x1ed8,0x1ed9,
    0x1eda,0x1edb,0x1edc,0x1edd,0x1ede,0x1edf,0x1ee0,0x1ee1,0x1ee2,0x1ee3,0x1ee4,0x1ee5,0x1ee6,0x1ee7,0x1ee8,
    0x1ee9,0x1eea,0x1eeb,0x1eec,0x1eed,0x1eee,0x1eef,0x1ef0,0x1ef1,0x1ef2,0x1ef3,0x1ef4,0x1ef5,0x1ef6,0x1ef7,
    0x1ef8,0x1ef9,0x1efa,0x1efb,0x1efc,0x1efd,0x1efe,0x1eff,0x1f08,0x1f00,0x1f09,0x1f01,0x1f0a,0x1f02,0x1f0b,
    0x1f03,0x1f0c,0x1f04,0x1f0d,0x1f05,0x1f0e,0x1f06,0x1f0f,0x1f07,0x1f18,0x1f10,0x1f19,0x1f11,0x1f1a,0x1f12,
    0x1f1b,0x1f13,0x1f1c,0x1f14,0x1f1d,0x1f15,0x1f28,0x1f20,0x1f29,0x1f21,0x1f2a,0x1f22,0x1f2b,0x1f23,0x1f2c,
    0x1f24,0x1f2d,0x1f25,0x1f2e,0x1f26,0x1f2f,0x1f27,0x1f38,0x1f30,0x1f39,0x1f31,0x1f3a,0x1f32,0x1f3b,0x1f33,
    0x1f3c,0x1f34,0x1f3d,0x1f35,0x1f3e,0x1f36,0x1f3f,0x1f37,0x1f48,0x1f40,0x1f49,0x1f41,0x1f4a,0x1f42,0x1f4b,
    0x1f43,0x1f4c,0x1f44,0x1f4d,0x1f45,0x1f59,0x1f51,0x1f5b,0x1f53,0x1f5d,0x1f55,0x1f5f,0x1f57,0x1f68,0x1f60,
    0x1f69,0x1f61,0x1f6a,0x1f62,0x1f6b,0x1f63,0x1f6c,0x1f64,0x1f6d,0x1f65,0x1f6e,0x1f66,0x1f6f,0x1f67,0x1f88,
    0x1f80,0x1f89,0x1f81,0x1f8a,0x1f82,0x1f8b,0x1f83,0x1f8c,0x1f84,0x1f8d,0x1f85,0x1f8e,0x1f86,0x1f8f,0x1f87,
    0x1f98,0x1f90,0x1f99,0x1f91,0x1f9a,0x1f92,0x1f9b,0x1f93,0x1f9c,0x1f94,0x1f9d,0x1f95,0x1f9e,0x1f96,0x1f9f,
    0x1f97,0x1fa8,0x1fa0,0x1fa9,0x1fa1,0x1faa,0x1fa2,0x1fab,0x1fa3,0x1fac,0x1fa4,0x1fad,0x1fa5,0x1fae,0x1fa6,
    0x1faf,0x1fa7,0x1fb8,0x1fb0,0x1fb9,0x1fb1,0x1fba,0x1f70,0x1fbb,0x1f71,0x1fbc,0x1fb3,0x1fc8,0x1f72,0x1fc9,
    0x1f73,0x1fca,0x1f74,0x1fcb,0x1f75,0x1fcc,0x1fc3,0x1fd8,0x1fd0,0x1fd9,0x1fd1,0x1fda,0x1f76,0x1fdb,0x1f77,
    0x1fe8,0x1fe0,0x1fe9,0x1fe1,0x1fea,0x1f7a,0x1feb,0x1f7b,0x1fec,0x1fe5,0x1ff8,0x1f78,0x1ff9,0x1f79,0x1ffa,
    0x1f7c,0x1ffb,0x1f7d,0x1ffc,0x1ff3,0x2126,0x3c9,0x212a,0x6b,0x212b,0xe5,0x2132,0x214e,0x2160,0x2170,0x2161,
    0x2171,0x2162,0x2172,0x2163,0x2173,0x2164,0x2174,0x2165,0x2175,0x2166,0x2176,0x2167,0x2177,0x2168,0x2178,
    0x2169,0x2179,0x216a,0x217a,0x216b,0x217b,0x216c,0x217c,0x216d,0x217d,0x216e,0x217e,0x216f,0x217f,0x2183,
    0x2184,0x24b6,0x24d0,0x24b7,0x24d1,0x24b8,0x24d2,0x24b9,0x24d3,0x24ba,0x24d4,0x24bb,0x24d5,0x24bc,0x24d6,
    0x24bd,0x24d7,0x24be,0x24d8,0x24bf,0x24d9,0x24c0,0x24da,0x24c1,0x24db,0x24c2,0x24dc,0x24c3,0x24dd,0x24c4,
    0x24de,0x24c5,0x24df,0x24c6,0x24e0,0x24c7,0x24e1,0x24c8,0x24e2,0x24c9,0x24e3,0x24ca,0x24e4,0x24cb,0x24e5,
    0x24cc,0x24e6,0x24cd,0x24e7,0x24ce,0x24e8,0x24cf,0x24e9,0x2c00,0x2c30,0x2c01,0x2c31,0x2c02,0x2c32,0x2c03,
    0x2c33,0x2c04,0x2c34,0x2c05,0x2c35,0x2c06,0x2c36,0x2c07,0x2c37,0x2c08,0x2c38,0x2c09,0x2c39,0x2c0a,0x2c3a,
    0x2c0b,0x2c3b,0x2c0c,0x2c3c,0x2c0d,0x2c3d,0x2c0e,0x2c3e,0x2c0f,0x2c3f,0x2c10,0x2c40,0x2c11,0x2c41,0x2c12,
    0x2c42,0x2c13,0x2c43,0x2c14,0x2c44,0x2c15,0x2c45,0x2c16,0x2c46,0x2c17,0x2c47,0x2c18,0x2c48,0x2c19,0x2c49,
    0x2c1a,0x2c4a,0x2c1b,0x2c4b,0x2c1c,0x2c4c,0x2c1d,0x2c4d,0x2c1e,0x2c4e,0x2c1f,0x2c4f,0x2c20,0x2c50,0x2c21,
    0x2c51,0x2c22,0x2c52,0x2c23,0x2c53,0x2c24,0x2c54,0x2c25,0x2c55,0x2c26,0x2c56,0x2c27,0x2c57,0x2c28,0x2c58,
    0x2c29,0x2c59,0x2c2a,0x2c5a,0x2c2b,0x2c5b,0x2c2c,0x2c5c,0x2c2d,0x2c5d,0x2c2e,0x2c5e,0x2c2f,0x2c5f,0x2c60,
    0x2c61,0x2c62,0x26b,0x2c63,0x1d7d,0x2c64,0x27d,0x2c67,0x2c68,0x2c69,0x2c6a,0x2c6b,0x2c6c,0x2c6d,0x251,0x2c6e,
    0x271,0x2c6f,0x250,0x2c70,0x252,0x2c72,0x2c73,0x2c75,0x2c76,0x2c7e,0x23f,0x2c7f,0x240,0x2c80,0x2c81,0x2c82,
    0x2c83,0x2c84,0x2c85,0x2c86,0x2c87,0x2c88,0x2c89,0x2c8a,0x2c8b,0x2c8c,0x2c8d,0x2c8e,0x2c8f,0x2c90,0x2c91,
    0x2c92,0x2c93,0x2c94,0x2c95,0x2c96,0x2c97,0x2c98,0x2c99,0x2c9a,0x2c9b,0x2c9c,0x2c9d,0x2c9e,0x2c9f,0x2ca0,
    0x2ca1,0x2ca2,0x2ca3,0x2ca4,0x2ca5,0x2ca6,0x2ca7,0x2ca8,0x2ca9,0x2caa,0x2cab,0x2cac,0x2cad,0x2cae,0x2caf,
    0x2cb0,0x2cb1,0x2cb2,0x2cb3,0x2cb4,0x2cb5,0x2cb6,0x2cb7,0x2cb8,0x2cb9,0x2cba,0x2cbb,0x2cbc,0x2cbd,0x2cbe,
    0x2cbf,0x2cc0,0x2cc1,0x2cc2,0x2cc3,0x2cc4,0x2cc5,0x2cc6,0x2cc7,0x2cc8,0x2cc9,0x2cca,0x2ccb,0x2ccc,0x2ccd,
    0x2cce,0x2ccf,0x2cd0,0x2cd1,0x2cd2,0x2cd3,0x2cd4,0x2cd5,0x2cd6,0x2cd7,0x2cd8,0x2cd9,0x2cda,0x2cdb,0x2cdc,
    0x2cdd,0x2cde,0x2cdf,0x2ce0,0x2ce1,0x2ce2,0x2ce3,0x2ceb,0x2cec,0x2ced,0x2cee,0x2cf2,0x2cf3,0xa640,0xa641,
    0xa642,0xa643,0xa644,0xa645,0xa646,0xa647,0xa648,0xa649,0xa64a,0xa64b,0xa64c,0xa64d,0xa64e,0xa64f,0xa650,
    0xa651,0xa652,0xa653,0xa654,0xa655,0xa656,0xa657,0xa658,0xa659,0xa65a,0xa65b,0xa65c,0xa65d,0xa65e,0xa65f,
    0xa660,0xa661,0xa662,0xa663,0xa664,0xa665,0xa666,0xa667,0xa668,0xa669,0xa66a,0xa66b,0xa66c,0xa66d,0xa680,
    0xa681,0xa682,0xa683,0xa684,0xa685,0xa686,0xa687,0xa688,0xa689,0xa68a,0xa68b,0xa68c,0xa68d,0xa68e,0xa68f,
    0xa690,0xa691,0xa692,0xa693,0xa694,0xa695,0xa696,0xa697,0xa698,0xa699,0xa69a,0xa69b,0xa722,0xa723,0xa724,
    0xa725,0xa726,0xa727,0xa728,0xa729,0xa72a,0xa72b,0xa72c,0xa72d,0xa72e,0xa72f,0xa732,0xa733,0xa734,0xa735,
    0xa736,0xa737,0xa738,0xa739,0xa73a,0xa73b,0xa73c,0xa73d,0xa73e,0xa73f,0xa740,0xa741,0xa742,0xa743,0xa744,
    0xa745,0xa746,0xa747,0xa748,0xa749,0xa74a,0xa74b,0xa74c,0xa74d,0xa74e,0xa74f,0xa750,0xa751,0xa752,0xa753,
    0xa754,0xa755,0xa756,0xa757,0xa758,0xa759,0xa75a,0xa75b,0xa75c,0xa75d,0xa75e,0xa75f,0xa760,0xa761,0xa762,
    0xa763,0xa764,0xa765,0xa766,0xa767,0xa768,0xa769,0xa76a,0xa76b,0xa76c,0xa76d,0xa76e,0xa76f,0xa779,0xa77a,
    0xa77b,0xa77c,0xa77d,0x1d79,0xa77e,0xa77f,0xa780,0xa781,0xa782,0xa783,0xa784,0xa785,0xa786,0xa787,0xa78b,
    0xa78c,0xa78d,0x265,0xa790,0xa791,0xa792,0xa793,0xa796,0xa797,0xa798,0xa799,0xa79a,0xa79b,0xa79c,0xa79d,0xa79e,
    0xa79f,0xa7a0,0xa7a1,0xa7a2,0xa7a3,0xa7a4,0xa7a5,0xa7a6,0xa7a7,0xa7a8,0xa7a9,0xa7aa,0x266,0xa7ab,0x25c,0xa7ac,
    0x261,0xa7ad,0x26c,0xa7ae,0x26a,0xa7b0,0x29e,0xa7b1,0x287,0xa7b2,0x29d,0xa7b3,0xab53,0xa7b4,0xa7b5,0xa7b6,
    0xa7b7,0xa7b8,0xa7b9,0xa7ba,0xa7bb,0xa7bc,0xa7bd,0xa7be,0xa7bf,0xa7c0,0xa7c1,0xa7c2,0xa7c3,0xa7c4,0xa794,
    0xa7c5,0x282,0xa7c6,0x1d8e,0xa7c7,0xa7c8,0xa7c9,0xa7ca,0xa7cb,0x264,0xa7cc,0xa7cd,0xa7d0,0xa7d1,0xa7d6,0xa7d7,
    0xa7d8,0xa7d9,0xa7da,0xa7db,0xa7dc,0x19b,0xa7f5,0xa7f6,0xff21,0xff41,0xff22,0xff42,0xff23,0xff43,0xff24,0xff44,
    0xff25,0xff45,0xff26,0xff46,0xff27,0xff47,0xff28,0xff48,0xff29,0xff49,0xff2a,0xff4a,0xff2b,0xff4b,0xff2c,
    0xff4c,0xff2d,0xff4d,0xff2e,0xff4e,0xff2f,0xff4f,0xff30,0xff50,0xff31,0xff51,0xff32,0xff52,0xff33,0xff53,
    0xff34,0xff54,0xff35,0xff55,0xff36,0xff56,0xff37,0xff57,0xff38,0xff58,0xff39,0xff59,0xff3a,0xff5a,0x10400,
    0x10428,0x10401,0x10429,0x10402,0x1042a,0x10403,0x1042b,0x10404,0x1042c,0x10405,0x1042d,0x10406,0x1042e,
    0x10407,0x1042f,0x10408,0x10430,0x10409,0x10431,0x1040a,0x10432,0x1040b,0x10433,0x1040c,0x10434,0x1040d,
    0x10435,0x1040e,0x10436,0x1040f,0x10437,0x10410,0x10438,0x10411,0x10439,0x10412,0x1043a,0x10413,0x1043b,
    0x10414,0x1043c,0x10415,0x1043d,0x10416,0x1043e,0x10417,0x1043f,0x10418,0x10440,0x10419,0x10441,0x1041a,
    0x10442,0x1041b,0x10443,0x1041c,0x10444,0x1041d,0x10445,0x1041e,0x10446,0x1041f,0x10447,0x10420,0x10448,
    0x10421,0x10449,0x10422,0x1044a,0x10423,0x1044b,0x10424,0x1044c,0x10425,0x1044d,0x10426,0x1044e,0x10427,
    0x1044f,0x104b0,0x104d8,0x104b1,0x104d9,0x104b2,0x104da,0x104b3,0x104db,0x104b4,0x104dc,0x104b5,0x104dd,
    0x104b6,0x104de,0x104b7,0x104df,0x104b8,0x104e0,0x104b9,0x104e1,0x104ba,0x104e2,0x104bb,0x104e3,0x104bc,
    0x104e4,0x104bd,0x104e5,0x104be,0x104e6,0x104bf,0x104e7,0x104c0,0x104e8,0x104c1,0x104e9,0x104c2,0x104ea,
    0x104c3,0x104eb,0x104c4,0x104ec,0x104c5,0x104ed,0x104c6,0x104ee,0x104c7,0x104ef,0x104c8,0x104f0,0x104c9,
    0x104f1,0x104ca,0x104f2,0x104cb,0x104f3,0x104cc,0x104f4,0x104cd,0x104f5,0x104ce,0x104f6,0x104cf,0x104f7,
    0x104d0,0x104f8,0x104d1,0x104f9,0x104d2,0x104fa,0x104d3,0x104fb,0x10570,0x10597,0x10571,0x10598,0x10572,
    0x10599,0x10573,0x1059a,0x10574,0x1059b,0x10575,0x1059c,0x10576,0x1059d,0x10577,0x1059e,0x10578,0x1059f,
    0x10579,0x105a0,0x1057a,0x105a1,0x1057c,0x105a3,0x1057d,0x105a4,0x1057e,0x105a5,0x1057f,0x105a6,0x10580,
    0x105a7,0x10581,0x105a8,0x10582,0x105a9,0x10583,0x105aa,0x10584,0x105ab,0x10585,0x105ac,0x10586,0x105ad,
    0x10587,0x105ae,0x10588,0x105af,0x10589,0x105b0,0x1058a,0x105b1,0x1058c,0x105b3,0x1058d,0x105b4,0x1058e,
    0x105b5,0x1058f,0x105b6,0x10590,0x105b7,0x10591,0x105b8,0x10592,0x105b9,0x10594,0x105bb,0x10595,0x105bc,
    0x10c80,0x10cc0,0x10c81,0x10cc1,0x10c82,0x10cc2,0x10c83,0x10cc3,0x10c84,0x10cc4,0x10c85,0x10cc5,0x10c86,
    0x10cc6,0x10c87,0x10cc7,0x10c88,0x10cc8,0x10c89,0x10cc9,0x10c8a,0x10cca,0x10c8b,0x10ccb,0x10c8c,0x10ccc,
    0x10c8d,0x10ccd,0x10c8e,0x10cce,0x10c8f,0x10ccf,0x10c90,0x10cd0,0x10c91,0x10cd1,0x10c92,0x10cd2,0x10c93,
    0x10cd3,0x10c94,0x10cd4,0x10c95,0x10cd5,0x10c96,0x10cd6,0x10c97,0x10cd7,0x10c98,0x10cd8,0x10c99,0x10cd9,
    0x10c9a,0x10cda,0x10c9b,0x10cdb,0x10c9c,0x10cdc,0x10c9d,0x10cdd,0x10c9e,0x10cde,0x10c9f,0x10cdf,0x10ca0,
    0x10ce0,0x10ca1,0x10ce1,0x10ca2,0x10ce2,0x10ca3,0x10ce3,0x10ca4,0x10ce4,0x10ca5,0x10ce5,0x10ca6,0x10ce6,
    0x10ca7,0x10ce7,0x10ca8,0x10ce8,0x10ca9,0x10ce9,0x10caa,0x10cea,0x10cab,0x10ceb,0x10cac,0x10cec,0x10cad,
    0x10ced,0x10cae,0x10cee,0x10caf,0x10cef,0x10cb0,0x10cf0,0x10cb1,0x10cf1,0x10cb2,0x10cf2,0x10d50,0x10d70,
    0x10d51,0x10d71,0x10d52,0x10d72,0x10d53,0x10d73,0x10d54,0x10d74,0x10d55,0x10d75,0x10d56,0x10d76,0x10d57,
    0x10d77,0x10d58,0x10d78,0x10d59,0x10d79,0x10d5a,0x10d7a,0x10d5b,0x10d7b,0x10d5c,0x10d7c,0x10d5d,0x10d7d,
    0x10d5e,0x10d7e,0x10d5f,0x10d7f,0x10d60,0x10d80,0x10d61,0x10d81,0x10d62,0x10d82,0x10d63,0x10d83,0x10d64,
    0x10d84,0x10d65,0x10d85,0x118a0,0x118c0,0x118a1,0x118c1,0x118a2,0x118c2,0x118a3,0x118c3,0x118a4,0x118c4,
    0x118a5,0x118c5,0x118a6,0x118c6,0x118a7,0x118c7,0x118a8,0x118c8,0x118a9,0x118c9,0x118aa,0x118ca,0x118ab,
    0x118cb,0x118ac,0x118cc,0x118ad,0x118cd,0x118ae,0x118ce,0x118af,0x118cf,0x118b0,0x118d0,0x118b1,0x118d1,
    0x118b2,0x118d2,0x118b3,0x118d3,0x118b4,0x118d4,0x118b5,0x118d5,0x118b6,0x118d6,0x118b7,0x118d7,0x118b8,
    0x118d8,0x118b9,0x118d9,0x118ba,0x118da,0x118bb,0x118db,0x118bc,0x118dc,0x118bd,0x118dd,0x118be,0x118de,
    0x118bf,0x118df,0x16e40,0x16e60,0x16e41,0x16e61,0x16e42,0x16e62,0x16e43,0x16e63,0x16e44,0x16e64,0x16e45,
    0x16e65,0x16e46,0x16e66,0x16e47,0x16e67,0x16e48,0x16e68,0x16e49,0x16e69,0x16e4a,0x16e6a,0x16e4b,0x16e6b,
    0x16e4c,0x16e6c,0x16e4d,0x16e6d,0x16e4e,0x16e6e,0x16e4f,0x16e6f,0x16e50,0x16e70,0x16e51,0x16e71,0x16e52,
    0x16e72,0x16e53,0x16e73,0x16e54,0x16e74,0x16e55,0x16e75,0x16e56,0x16e76,0x16e57,0x16e77,0x16e58,0x16e78,
    0x16e59,0x16e79,0x16e5a,0x16e7a,0x16e5b,0x16e7b,0x16e5c,0x16e7c,0x16e5d,0x16e7d,0x16e5e,0x16e7e,0x16e5f,
    0x16e7f,0x1e900,0x1e922,0x1e901,0x1e923,0x1e902,0x1e924,0x1e903,0x1e925,0x1e904,0x1e926,0x1e905,0x1e927,
    0x1e906,0x1e928,0x1e907,0x1e929,0x1e908,0x1e92a,0x1e909,0x1e92b,0x1e90a,0x1e92c,0x1e90b,0x1e92d,0x1e90c,
    0x1e92e,0x1e90d,0x1e92f,0x1e90e,0x1e930,0x1e90f,0x1e931,0x1e910,0x1e932,0x1e911,0x1e933,0x1e912,0x1e934,
    0x1e913,0x1e935,0x1e914,0x1e936,0x1e915,0x1e937,0x1e916,0x1e938,0x1e917,0x1e939,0x1e918,0x1e93a,0x1e919,
    0x1e93b,0x1e91a,0x1e93c,0x1e91b,0x1e93d,0x1e91c,0x1e93e,0x1e91d,0x1e93f,0x1e91e,0x1e940,0x1e91f,0x1e941,
    0x1e920,0x1e942,0x1e921,0x1e943,
};
static const uint32_t wm__uc_ccc[1164] = { /* [lo, hi, canonical combining class] runs */
    0x300,0x314,0xe6,0x315,0x315,0xe8,0x316,0x319,0xdc,0x31a,0x31a,0xe8,0x31b,0x31b,0xd8,0x31c,0x320,0xdc,0x321,
    0x322,0xca,0x323,0x326,0xdc,0x327,0x328,0xca,0x329,0x333,0xdc,0x334,0x338,0x1,0x339,0x33c,0xdc,0x33d,0x344,
    0xe6,0x345,0x345,0xf0,0x346,0x346,0xe6,0x347,0x349,0xdc,0x34a,0x34c,0xe6,0x34d,0x34e,0xdc,0x350,0x352,0xe6,
    0x353,0x356,0xdc,0x357,0x357,0xe6,0x358,0x358,0xe8,0x359,0x35a,0xdc,0x35b,0x35b,0xe6,0x35c,0x35c,0xe9,0x35d,
    0x35e,0xea,0x35f,0x35f,0xe9,0x360,0x361,0xea,0x362,0x362,0xe9,0x363,0x36f,0xe6,0x483,0x487,0xe6,0x591,0x591,
    0xdc,0x592,0x595,0xe6,0x596,0x596,0xdc,0x597,0x599,0xe6,0x59a,0x59a,0xde,0x59b,0x59b,0xdc,0x59c,0x5a1,0xe6,
    0x5a2,0x5a7,0xdc,0x5a8,0x5a9,0xe6,0x5aa,0x5aa,0xdc,0x5ab,0x5ac,0xe6,0x5ad,0x5ad,0xde,0x5ae,0x5ae,0xe4,0x5af,
    0x5af,0xe6,0x5b0,0x5b0,0xa,0x5b1,0x5b1,0xb,0x5b2,0x5b2,0xc,0x5b3,0x5b3,0xd,0x5b4,0x5b4,0xe,0x5b5,0x5b5,0xf,
    0x5b6,0x5b6,0x10,0x5b7,0x5b7,0x11,0x5b8,0x5b8,0x12,0x5b9,0x5ba,0x13,0x5bb,0x5bb,0x14,0x5bc,0x5bc,0x15,0x5bd,
    0x5bd,0x16,0x5bf,0x5bf,0x17,0x5c1,0x5c1,0x18,0x5c2,0x5c2,0x19,0x5c4,0x5c4,0xe6,0x5c5,0x5c5,0xdc,0x5c7,0x5c7,
    0x12,0x610,0x617,0xe6,0x618,0x618,0x1e,0x619,0x619,0x1f,0x61a,0x61a,0x20,0x64b,0x64b,0x1b,0x64c,0x64c,0x1c,
    0x64d,0x64d,0x1d,0x64e,0x64e,0x1e,0x64f,0x64f,0x1f,0x650,0x650,0x20,0x651,0x651,0x21,0x652,0x652,0x22,0x653,
    0x654,0xe6,0x655,0x656,0xdc,0x657,0x65b,0xe6,0x65c,0x65c,0xdc,0x65d,0x65e,0xe6,0x65f,0x65f,0xdc,0x670,0x670,
    0x23,0x6d6,0x6dc,0xe6,0x6df,0x6e2,0xe6,0x6e3,0x6e3,0xdc,0x6e4,0x6e4,0xe6,0x6e7,0x6e8,0xe6,0x6ea,0x6ea,0xdc,
    0x6eb,0x6ec,0xe6,0x6ed,0x6ed,0xdc,0x711,0x711,0x24,0x730,0x730,0xe6,0x731,0x731,0xdc,0x732,0x733,0xe6,0x734,
    0x734,0xdc,0x735,0x736,0xe6,0x737,0x739,0xdc,0x73a,0x73a,0xe6,0x73b,0x73c,0xdc,0x73d,0x73d,0xe6,0x73e,0x73e,
    0xdc,0x73f,0x741,0xe6,0x742,0x742,0xdc,0x743,0x743,0xe6,0x744,0x744,0xdc,0x745,0x745,0xe6,0x746,0x746,0xdc,
    0x747,0x747,0xe6,0x748,0x748,0xdc,0x749,0x74a,0xe6,0x7eb,0x7f1,0xe6,0x7f2,0x7f2,0xdc,0x7f3,0x7f3,0xe6,0x7fd,
    0x7fd,0xdc,0x816,0x819,0xe6,0x81b,0x823,0xe6,0x825,0x827,0xe6,0x829,0x82d,0xe6,0x859,0x85b,0xdc,0x898,0x898,
    0xe6,0x899,0x89b,0xdc,0x89c,0x89f,0xe6,0x8ca,0x8ce,0xe6,0x8cf,0x8d3,0xdc,0x8d4,0x8e1,0xe6,0x8e3,0x8e3,0xdc,
    0x8e4,0x8e5,0xe6,0x8e6,0x8e6,0xdc,0x8e7,0x8e8,0xe6,0x8e9,0x8e9,0xdc,0x8ea,0x8ec,0xe6,0x8ed,0x8ef,0xdc,0x8f0,
    0x8f0,0x1b,0x8f1,0x8f1,0x1c,0x8f2,0x8f2,0x1d,0x8f3,0x8f5,0xe6,0x8f6,0x8f6,0xdc,0x8f7,0x8f8,0xe6,0x8f9,0x8fa,
    0xdc,0x8fb,0x8ff,0xe6,0x93c,0x93c,0x7,0x94d,0x94d,0x9,0x951,0x951,0xe6,0x952,0x952,0xdc,0x953,0x954,0xe6,0x9bc,
    0x9bc,0x7,0x9cd,0x9cd,0x9,0x9fe,0x9fe,0xe6,0xa3c,0xa3c,0x7,0xa4d,0xa4d,0x9,0xabc,0xabc,0x7,0xacd,0xacd,0x9,
    0xb3c,0xb3c,0x7,0xb4d,0xb4d,0x9,0xbcd,0xbcd,0x9,0xc3c,0xc3c,0x7,0xc4d,0xc4d,0x9,0xc55,0xc55,0x54,0xc56,0xc56,
    0x5b,0xcbc,0xcbc,0x7,0xccd,0xccd,0x9,0xd3b,0xd3c,0x9,0xd4d,0xd4d,0x9,0xdca,0xdca,0x9,0xe38,0xe39,0x67,0xe3a,
    0xe3a,0x9,0xe48,0xe4b,0x6b,0xeb8,0xeb9,0x76,0xeba,0xeba,0x9,0xec8,0xecb,0x7a,0xf18,0xf19,0xdc,0xf35,0xf35,0xdc,
    0xf37,0xf37,0xdc,0xf39,0xf39,0xd8,0xf71,0xf71,0x81,0xf72,0xf72,0x82,0xf74,0xf74,0x84,0xf7a,0xf7d,0x82,0xf80,
    0xf80,0x82,0xf82,0xf83,0xe6,0xf84,0xf84,0x9,0xf86,0xf87,0xe6,0xfc6,0xfc6,0xdc,0x1037,0x1037,0x7,0x1039,0x103a,
    0x9,0x108d,0x108d,0xdc,0x135d,0x135f,0xe6,0x1714,0x1715,0x9,0x1734,0x1734,0x9,0x17d2,0x17d2,0x9,0x17dd,0x17dd,
    0xe6,0x18a9,0x18a9,0xe4,0x1939,0x1939,0xde,0x193a,0x193a,0xe6,0x193b,0x193b,0xdc,0x1a17,0x1a17,0xe6,0x1a18,
    0x1a18,0xdc,0x1a60,0x1a60,0x9,0x1a75,0x1a7c,0xe6,0x1a7f,0x1a7f,0xdc,0x1ab0,0x1ab4,0xe6,0x1ab5,0x1aba,0xdc,
    0x1abb,0x1abc,0xe6,0x1abd,0x1abd,0xdc,0x1abf,0x1ac0,0xdc,0x1ac1,0x1ac2,0xe6,0x1ac3,0x1ac4,0xdc,0x1ac5,0x1ac9,
    0xe6,0x1aca,0x1aca,0xdc,0x1acb,0x1ace,0xe6,0x1b34,0x1b34,0x7,0x1b44,0x1b44,0x9,0x1b6b,0x1b6b,0xe6,0x1b6c,
    0x1b6c,0xdc,0x1b6d,0x1b73,0xe6,0x1baa,0x1bab,0x9,0x1be6,0x1be6,0x7,0x1bf2,0x1bf3,0x9,0x1c37,0x1c37,0x7,0x1cd0,
    0x1cd2,0xe6,0x1cd4,0x1cd4,0x1,0x1cd5,0x1cd9,0xdc,0x1cda,0x1cdb,0xe6,0x1cdc,0x1cdf,0xdc,0x1ce0,0x1ce0,0xe6,
    0x1ce2,0x1ce8,0x1,0x1ced,0x1ced,0xdc,0x1cf4,0x1cf4,0xe6,0x1cf8,0x1cf9,0xe6,0x1dc0,0x1dc1,0xe6,0x1dc2,0x1dc2,
    0xdc,0x1dc3,0x1dc9,0xe6,0x1dca,0x1dca,0xdc,0x1dcb,0x1dcc,0xe6,0x1dcd,0x1dcd,0xea,0x1dce,0x1dce,0xd6,0x1dcf,
    0x1dcf,0xdc,0x1dd0,0x1dd0,0xca,0x1dd1,0x1df5,0xe6,0x1df6,0x1df6,0xe8,0x1df7,0x1df8,0xe4,0x1df9,0x1df9,0xdc,
    0x1dfa,0x1dfa,0xda,0x1dfb,0x1dfb,0xe6,0x1dfc,0x1dfc,0xe9,0x1dfd,0x1dfd,0xdc,0x1dfe,0x1dfe,0xe6,0x1dff,0x1dff,
    0xdc,0x20d0,0x20d1,0xe6,0x20d2,0x20d3,0x1,0x20d4,0x20d7,0xe6,0x20d8,0x20da,0x1,0x20db,0x20dc,0xe6,0x20e1,
    0x20e1,0xe6,0x20e5,0x20e6,0x1,0x20e7,0x20e7,0xe6,0x20e8,0x20e8,0xdc,0x20e9,0x20e9,0xe6,0x20ea,0x20eb,0x1,
    0x20ec,0x20ef,0xdc,0x20f0,0x20f0,0xe6,0x2cef,0x2cf1,0xe6,0x2d7f,0x2d7f,0x9,0x2de0,0x2dff,0xe6,0x302a,0x302a,
    0xda,0x302b,0x302b,0xe4,0x302c,0x302c,0xe8,0x302d,0x302d,0xde,0x302e,0x302f,0xe0,0x3099,0x309a,0x8,0xa66f,
    0xa66f,0xe6,0xa674,0xa67d,0xe6,0xa69e,0xa69f,0xe6,0xa6f0,0xa6f1,0xe6,0xa806,0xa806,0x9,0xa82c,0xa82c,0x9,
    0xa8c4,0xa8c4,0x9,0xa8e0,0xa8f1,0xe6,0xa92b,0xa92d,0xdc,0xa953,0xa953,0x9,0xa9b3,0xa9b3,0x7,0xa9c0,0xa9c0,0x9,
    0xaab0,0xaab0,0xe6,0xaab2,0xaab3,0xe6,0xaab4,0xaab4,0xdc,0xaab7,0xaab8,0xe6,0xaabe,0xaabf,0xe6,0xaac1,0xaac1,
    0xe6,0xaaf6,0xaaf6,0x9,0xabed,0xabed,0x9,0xfb1e,0xfb1e,0x1a,0xfe20,0xfe26,0xe6,0xfe27,0xfe2d,0xdc,0xfe2e,
    0xfe2f,0xe6,0x101fd,0x101fd,0xdc,0x102e0,0x102e0,0xdc,0x10376,0x1037a,0xe6,0x10a0d,0x10a0d,0xdc,0x10a0f,
    0x10a0f,0xe6,0x10a38,0x10a38,0xe6,0x10a39,0x10a39,0x1,0x10a3a,0x10a3a,0xdc,0x10a3f,0x10a3f,0x9,0x10ae5,0x10ae5,
    0xe6,0x10ae6,0x10ae6,0xdc,0x10d24,0x10d27,0xe6,0x10eab,0x10eac,0xe6,0x10efd,0x10eff,0xdc,0x10f46,0x10f47,0xdc,
    0x10f48,0x10f4a,0xe6,0x10f4b,0x10f4b,0xdc,0x10f4c,0x10f4c,0xe6,0x10f4d,0x10f50,0xdc,0x10f82,0x10f82,0xe6,
    0x10f83,0x10f83,0xdc,0x10f84,0x10f84,0xe6,0x10f85,0x10f85,0xdc,0x11046,0x11046,0x9,0x11070,0x11070,0x9,0x1107f,
    0x1107f,0x9,0x110b9,0x110b9,0x9,0x110ba,0x110ba,0x7,0x11100,0x11102,0xe6,0x11133,0x11134,0x9,0x11173,0x11173,
    0x7,0x111c0,0x111c0,0x9,0x111ca,0x111ca,0x7,0x11235,0x11235,0x9,0x11236,0x11236,0x7,0x112e9,0x112e9,0x7,
    0x112ea,0x112ea,0x9,0x1133b,0x1133c,0x7,0x1134d,0x1134d,0x9,0x11366,0x1136c,0xe6,0x11370,0x11374,0xe6,0x11442,
    0x11442,0x9,0x11446,0x11446,0x7,0x1145e,0x1145e,0xe6,0x114c2,0x114c2,0x9,0x114c3,0x114c3,0x7,0x115bf,0x115bf,
    0x9,0x115c0,0x115c0,0x7,0x1163f,0x1163f,0x9,0x116b6,0x116b6,0x9,0x116b7,0x116b7,0x7,0x1172b,0x1172b,0x9,
    0x11839,0x11839,0x9,0x1183a,0x1183a,0x7,0x1193d,0x1193e,0x9,0x11943,0x11943,0x7,0x119e0,0x119e0,0x9,0x11a34,
    0x11a34,0x9,0x11a47,0x11a47,0x9,0x11a99,0x11a99,0x9,0x11c3f,0x11c3f,0x9,0x11d42,0x11d42,0x7,0x11d44,0x11d45,
    0x9,0x11d97,0x11d97,0x9,0x11f41,0x11f42,0x9,0x16af0,0x16af4,0x1,0x16b30,0x16b36,0xe6,0x16ff0,0x16ff1,0x6,
    0x1bc9e,0x1bc9e,0x1,0x1d165,0x1d166,0xd8,0x1d167,0x1d169,0x1,0x1d16d,0x1d16d,0xe2,0x1d16e,0x1d172,0xd8,0x1d17b,
    0x1d182,0xdc,0x1d185,0x1d189,0xe6,0x1d18a,0x1d18b,0xdc,0x1d1aa,0x1d1ad,0xe6,0x1d242,0x1d244,0xe6,0x1e000,
    0x1e006,0xe6,0x1e008,0x1e018,0xe6,0x1e01b,0x1e021,0xe6,0x1e023,0x1e024,0xe6,0x1e026,0x1e02a,0xe6,0x1e08f,
    0x1e08f,0xe6,0x1e130,0x1e136,0xe6,0x1e2ae,0x1e2ae,0xe6,0x1e2ec,0x1e2ef,0xe6,0x1e4ec,0x1e4ed,0xe8,0x1e4ee,
    0x1e4ee,0xdc,0x1e4ef,0x1e4ef,0xe6,0x1e8d0,0x1e8d6,0xdc,0x1e944,0x1e949,0xe6,0x1e94a,0x1e94a,0x7,
};
static const uint32_t wm__uc_dec[11714] = { /* [code point, pool offset | length << 16 | compatibility << 24] */
    0xa0,0x1010000,0xa8,0x1020001,0xaa,0x1010003,0xaf,0x1020004,0xb2,0x1010006,0xb3,0x1010007,0xb4,0x1020008,0xb5,
    0x101000a,0xb8,0x102000b,0xb9,0x101000d,0xba,0x101000e,0xbc,0x103000f,0xbd,0x1030012,0xbe,0x1030015,0xc0,
    0x20018,0xc1,0x2001a,0xc2,0x2001c,0xc3,0x2001e,0xc4,0x20020,0xc5,0x20022,0xc7,0x20024,0xc8,0x20026,0xc9,
    0x20028,0xca,0x2002a,0xcb,0x2002c,0xcc,0x2002e,0xcd,0x20030,0xce,0x20032,0xcf,0x20034,0xd1,0x20036,0xd2,
    0x20038,0xd3,0x2003a,0xd4,0x2003c,0xd5,0x2003e,0xd6,0x20040,0xd9,0x20042,0xda,0x20044,0xdb,0x20046,0xdc,
    0x20048,0xdd,0x2004a,0xe0,0x2004c,0xe1,0x2004e,0xe2,0x20050,0xe3,0x20052,0xe4,0x20054,0xe5,0x20056,0xe7,
    0x20058,0xe8,0x2005a,0xe9,0x2005c,0xea,0x2005e,0xeb,0x20060,0xec,0x20062,0xed,0x20064,0xee,0x20066,0xef,
    0x20068,0xf1,0x2006a,0xf2,0x2006c,0xf3,0x2006e,0xf4,0x20070,0xf5,0x20072,0xf6,0x20074,0xf9,0x20076,0xfa,
    0x20078,0xfb,0x2007a,0xfc,0x2007c,0xfd,0x2007e,0xff,0x20080,0x100,0x20082,0x101,0x20084,0x102,0x20086,0x103,
    0x20088,0x104,0x2008a,0x105,0x2008c,0x106,0x2008e,0x107,0x20090,0x108,0x20092,0x109,0x20094,0x10a,0x20096,
    0x10b,0x20098,0x10c,0x2009a,0x10d,0x2009c,0x10e,0x2009e,0x10f,0x200a0,0x112,0x200a2,0x113,0x200a4,0x114,
    0x200a6,0x115,0x200a8,0x116,0x200aa,0x117,0x200ac,0x118,0x200ae,0x119,0x200b0,0x11a,0x200b2,0x11b,0x200b4,
    0x11c,0x200b6,0x11d,0x200b8,0x11e,0x200ba,0x11f,0x200bc,0x120,0x200be,0x121,0x200c0,0x122,0x200c2,0x123,
    0x200c4,0x124,0x200c6,0x125,0x200c8,0x128,0x200ca,0x129,0x200cc,0x12a,0x200ce,0x12b,0x200d0,0x12c,0x200d2,
    0x12d,0x200d4,0x12e,0x200d6,0x12f,0x200d8,0x130,0x200da,0x132,0x10200dc,0x133,0x10200de,0x134,0x200e0,0x135,
    0x200e2,0x136,0x200e4,0x137,0x200e6,0x139,0x200e8,0x13a,0x200ea,0x13b,0x200ec,0x13c,0x200ee,0x13d,0x200f0,
    0x13e,0x200f2,0x13f,0x10200f4,0x140,0x10200f6,0x143,0x200f8,0x144,0x200fa,0x145,0x200fc,0x146,0x200fe,0x147,
    0x20100,0x148,0x20102,0x149,0x1020104,0x14c,0x20106,0x14d,0x20108,0x14e,0x2010a,0x14f,0x2010c,0x150,0x2010e,
    0x151,0x20110,0x154,0x20112,0x155,0x20114,0x156,0x20116,0x157,0x20118,0x158,0x2011a,0x159,0x2011c,0x15a,
    0x2011e,0x15b,0x20120,0x15c,0x20122,0x15d,0x20124,0x15e,0x20126,0x15f,0x20128,0x160,0x2012a,0x161,0x2012c,
    0x162,0x2012e,0x163,0x20130,0x164,0x20132,0x165,0x20134,0x168,0x20136,0x169,0x20138,0x16a,0x2013a,0x16b,
    0x2013c,0x16c,0x2013e,0x16d,0x20140,0x16e,0x20142,0x16f,0x20144,0x170,0x20146,0x171,0x20148,0x172,0x2014a,
    0x173,0x2014c,0x174,0x2014e,0x175,0x20150,0x176,0x20152,0x177,0x20154,0x178,0x20156,0x179,0x20158,0x17a,
    0x2015a,0x17b,0x2015c,0x17c,0x2015e,0x17d,0x20160,0x17e,0x20162,0x17f,0x1010164,0x1a0,0x20165,0x1a1,0x20167,
    0x1af,0x20169,0x1b0,0x2016b,0x1c4,0x102016d,0x1c5,0x102016f,0x1c6,0x1020171,0x1c7,0x1020173,0x1c8,0x1020175,
    0x1c9,0x1020177,0x1ca,0x1020179,0x1cb,0x102017b,0x1cc,0x102017d,0x1cd,0x2017f,0x1ce,0x20181,0x1cf,0x20183,
    0x1d0,0x20185,0x1d1,0x20187,0x1d2,0x20189,0x1d3,0x2018b,0x1d4,0x2018d,0x1d5,0x2018f,0x1d6,0x20191,0x1d7,
    0x20193,0x1d8,0x20195,0x1d9,0x20197,0x1da,0x20199,0x1db,0x2019b,0x1dc,0x2019d,0x1de,0x2019f,0x1df,0x201a1,
    0x1e0,0x201a3,0x1e1,0x201a5,0x1e2,0x201a7,0x1e3,0x201a9,0x1e6,0x201ab,0x1e7,0x201ad,0x1e8,0x201af,0x1e9,
    0x201b1,0x1ea,0x201b3,0x1eb,0x201b5,0x1ec,0x201b7,0x1ed,0x201b9,0x1ee,0x201bb,0x1ef,0x201bd,0x1f0,0x201bf,
    0x1f1,0x10201c1,0x1f2,0x10201c3,0x1f3,0x10201c5,0x1f4,0x201c7,0x1f5,0x201c9,0x1f8,0x201cb,0x1f9,0x201cd,0x1fa,
    0x201cf,0x1fb,0x201d1,0x1fc,0x201d3,0x1fd,0x201d5,0x1fe,0x201d7,0x1ff,0x201d9,0x200,0x201db,0x201,0x201dd,
    0x202,0x201df,0x203,0x201e1,0x204,0x201e3,0x205,0x201e5,0x206,0x201e7,0x207,0x201e9,0x208,0x201eb,0x209,
    0x201ed,0x20a,0x201ef,0x20b,0x201f1,0x20c,0x201f3,0x20d,0x201f5,0x20e,0x201f7,0x20f,0x201f9,0x210,0x201fb,
    0x211,0x201fd,0x212,0x201ff,0x213,0x20201,0x214,0x20203,0x215,0x20205,0x216,0x20207,0x217,0x20209,0x218,
    0x2020b,0x219,0x2020d,0x21a,0x2020f,0x21b,0x20211,0x21e,0x20213,0x21f,0x20215,0x226,0x20217,0x227,0x20219,
    0x228,0x2021b,0x229,0x2021d,0x22a,0x2021f,0x22b,0x20221,0x22c,0x20223,0x22d,0x20225,0x22e,0x20227,0x22f,
    0x20229,0x230,0x2022b,0x231,0x2022d,0x232,0x2022f,0x233,0x20231,0x2b0,0x1010233,0x2b1,0x1010234,0x2b2,
    0x1010235,0x2b3,0x1010236,0x2b4,0x1010237,0x2b5,0x1010238,0x2b6,0x1010239,0x2b7,0x101023a,0x2b8,0x101023b,
    0x2d8,0x102023c,0x2d9,0x102023e,0x2da,0x1020240,0x2db,0x1020242,0x2dc,0x1020244,0x2dd,0x1020246,0x2e0,
    0x1010248,0x2e1,0x1010249,0x2e2,0x101024a,0x2e3,0x101024b,0x2e4,0x101024c,0x340,0x1024d,0x341,0x1024e,0x343,
    0x1024f,0x344,0x20250,0x374,0x10252,0x37a,0x1020253,0x37e,0x10255,0x384,0x1020256,0x385,0x20258,0x386,0x2025a,
    0x387,0x1025c,0x388,0x2025d,0x389,0x2025f,0x38a,0x20261,0x38c,0x20263,0x38e,0x20265,0x38f,0x20267,0x390,
    0x20269,0x3aa,0x2026b,0x3ab,0x2026d,0x3ac,0x2026f,0x3ad,0x20271,0x3ae,0x20273,0x3af,0x20275,0x3b0,0x20277,
    0x3ca,0x20279,0x3cb,0x2027b,0x3cc,0x2027d,0x3cd,0x2027f,0x3ce,0x20281,0x3d0,0x1010283,0x3d1,0x1010284,0x3d2,
    0x1010285,0x3d3,0x20286,0x3d4,0x20288,0x3d5,0x101028a,0x3d6,0x101028b,0x3f0,0x101028c,0x3f1,0x101028d,0x3f2,
    0x101028e,0x3f4,0x101028f,0x3f5,0x1010290,0x3f9,0x1010291,0x400,0x20292,0x401,0x20294,0x403,0x20296,0x407,
    0x20298,0x40c,0x2029a,0x40d,0x2029c,0x40e,0x2029e,0x419,0x202a0,0x439,0x202a2,0x450,0x202a4,0x451,0x202a6,
    0x453,0x202a8,0x457,0x202aa,0x45c,0x202ac,0x45d,0x202ae,0x45e,0x202b0,0x476,0x202b2,0x477,0x202b4,0x4c1,
    0x202b6,0x4c2,0x202b8,0x4d0,0x202ba,0x4d1,0x202bc,0x4d2,0x202be,0x4d3,0x202c0,0x4d6,0x202c2,0x4d7,0x202c4,
    0x4da,0x202c6,0x4db,0x202c8,0x4dc,0x202ca,0x4dd,0x202cc,0x4de,0x202ce,0x4df,0x202d0,0x4e2,0x202d2,0x4e3,
    0x202d4,0x4e4,0x202d6,0x4e5,0x202d8,0x4e6,0x202da,0x4e7,0x202dc,0x4ea,0x202de,0x4eb,0x202e0,0x4ec,0x202e2,
    0x4ed,0x202e4,0x4ee,0x202e6,0x4ef,0x202e8,0x4f0,0x202ea,0x4f1,0x202ec,0x4f2,0x202ee,0x4f3,0x202f0,0x4f4,
    0x202f2,0x4f5,0x202f4,0x4f8,0x202f6,0x4f9,0x202f8,0x587,0x10202fa,0x622,0x202fc,0x623,0x202fe,0x624,0x20300,
    0x625,0x20302,0x626,0x20304,0x675,0x1020306,0x676,0x1020308,0x677,0x102030a,0x678,0x102030c,0x6c0,0x2030e,
    0x6c2,0x20310,0x6d3,0x20312,0x929,0x20314,0x931,0x20316,0x934,0x20318,0x958,0x2031a,0x959,0x2031c,0x95a,
    0x2031e,0x95b,0x20320,0x95c,0x20322,0x95d,0x20324,0x95e,0x20326,0x95f,0x20328,0x9cb,0x2032a,0x9cc,0x2032c,
    0x9dc,0x2032e,0x9dd,0x20330,0x9df,0x20332,0xa33,0x20334,0xa36,0x20336,0xa59,0x20338,0xa5a,0x2033a,0xa5b,
    0x2033c,0xa5e,0x2033e,0xb48,0x20340,0xb4b,0x20342,0xb4c,0x20344,0xb5c,0x20346,0xb5d,0x20348,0xb94,0x2034a,
    0xbca,0x2034c,0xbcb,0x2034e,0xbcc,0x20350,0xc48,0x20352,0xcc0,0x20354,0xcc7,0x20356,0xcc8,0x20358,0xcca,
    0x2035a,0xccb,0x2035c,0xd4a,0x2035e,0xd4b,0x20360,0xd4c,0x20362,0xdda,0x20364,0xddc,0x20366,0xddd,0x20368,
    0xdde,0x2036a,0xe33,0x102036c,0xeb3,0x102036e,0xedc,0x1020370,0xedd,0x1020372,0xf0c,0x1010374,0xf43,0x20375,
    0xf4d,0x20377,0xf52,0x20379,0xf57,0x2037b,0xf5c,0x2037d,0xf69,0x2037f,0xf73,0x20381,0xf75,0x20383,0xf76,
    0x20385,0xf77,0x1020387,0xf78,0x20389,0xf79,0x102038b,0xf81,0x2038d,0xf93,0x2038f,0xf9d,0x20391,0xfa2,0x20393,
    0xfa7,0x20395,0xfac,0x20397,0xfb9,0x20399,0x1026,0x2039b,0x10fc,0x101039d,0x1b06,0x2039e,0x1b08,0x203a0,0x1b0a,
    0x203a2,0x1b0c,0x203a4,0x1b0e,0x203a6,0x1b12,0x203a8,0x1b3b,0x203aa,0x1b3d,0x203ac,0x1b40,0x203ae,0x1b41,
    0x203b0,0x1b43,0x203b2,0x1d2c,0x10103b4,0x1d2d,0x10103b5,0x1d2e,0x10103b6,0x1d30,0x10103b7,0x1d31,0x10103b8,
    0x1d32,0x10103b9,0x1d33,0x10103ba,0x1d34,0x10103bb,0x1d35,0x10103bc,0x1d36,0x10103bd,0x1d37,0x10103be,0x1d38,
    0x10103bf,0x1d39,0x10103c0,0x1d3a,0x10103c1,0x1d3c,0x10103c2,0x1d3d,0x10103c3,0x1d3e,0x10103c4,0x1d3f,
    0x10103c5,0x1d40,0x10103c6,0x1d41,0x10103c7,0x1d42,0x10103c8,0x1d43,0x10103c9,0x1d44,0x10103ca,0x1d45,
    0x10103cb,0x1d46,0x10103cc,0x1d47,0x10103cd,0x1d48,0x10103ce,0x1d49,0x10103cf,0x1d4a,0x10103d0,0x1d4b,
    0x10103d1,0x1d4c,0x10103d2,0x1d4d,0x10103d3,0x1d4f,0x10103d4,0x1d50,0x10103d5,0x1d51,0x10103d6,0x1d52,
    0x10103d7,0x1d53,0x10103d8,0x1d54,0x10103d9,0x1d55,0x10103da,0x1d56,0x10103db,0x1d57,0x10103dc,0x1d58,
    0x10103dd,0x1d59,0x10103de,0x1d5a,0x10103df,0x1d5b,0x10103e0,0x1d5c,0x10103e1,0x1d5d,0x10103e2,0x1d5e,
    0x10103e3,0x1d5f,0x10103e4,0x1d60,0x10103e5,0x1d61,0x10103e6,0x1d62,0x10103e7,0x1d63,0x10103e8,0x1d64,
    0x10103e9,0x1d65,0x10103ea,0x1d66,0x10103eb,0x1d67,0x10103ec,0x1d68,0x10103ed,0x1d69,0x10103ee,0x1d6a,
    0x10103ef,0x1d78,0x10103f0,0x1d9b,0x10103f1,0x1d9c,0x10103f2,0x1d9d,0x10103f3,0x1d9e,0x10103f4,0x1d9f,
    0x10103f5,0x1da0,0x10103f6,0x1da1,0x10103f7,0x1da2,0x10103f8,0x1da3,0x10103f9,0x1da4,0x10103fa,0x1da5,
    0x10103fb,0x1da6,0x10103fc,0x1da7,0x10103fd,0x1da8,0x10103fe,0x1da9,0x10103ff,0x1daa,0x1010400,0x1dab,
    0x1010401,0x1dac,0x1010402,0x1dad,0x1010403,0x1dae,0x1010404,0x1daf,0x1010405,0x1db0,0x1010406,0x1db1,
    0x1010407,0x1db2,0x1010408,0x1db3,0x1010409,0x1db4,0x101040a,0x1db5,0x101040b,0x1db6,0x101040c,0x1db7,
    0x101040d,0x1db8,0x101040e,0x1db9,0x101040f,0x1dba,0x1010410,0x1dbb,0x1010411,0x1dbc,0x1010412,0x1dbd,
    0x1010413,0x1dbe,0x1010414,0x1dbf,0x1010415,0x1e00,0x20416,0x1e01,0x20418,0x1e02,0x2041a,0x1e03,0x2041c,0x1e04,
    0x2041e,0x1e05,0x20420,0x1e06,0x20422,0x1e07,0x20424,0x1e08,0x20426,0x1e09,0x20428,0x1e0a,0x2042a,0x1e0b,
    0x2042c,0x1e0c,0x2042e,0x1e0d,0x20430,0x1e0e,0x20432,0x1e0f,0x20434,0x1e10,0x20436,0x1e11,0x20438,0x1e12,
    0x2043a,0x1e13,0x2043c,0x1e14,0x2043e,0x1e15,0x20440,0x1e16,0x20442,0x1e17,0x20444,0x1e18,0x20446,0x1e19,
    0x20448,0x1e1a,0x2044a,0x1e1b,0x2044c,0x1e1c,0x2044e,0x1e1d,0x20450,0x1e1e,0x20452,0x1e1f,0x20454,0x1e20,
    0x20456,0x1e21,0x20458,0x1e22,0x2045a,0x1e23,0x2045c,0x1e24,0x2045e,0x1e25,0x20460,0x1e26,0x20462,0x1e27,
    0x20464,0x1e28,0x20466,0x1e29,0x20468,0x1e2a,0x2046a,0x1e2b,0x2046c,0x1e2c,0x2046e,0x1e2d,0x20470,0x1e2e,
    0x20472,0x1e2f,0x20474,0x1e30,0x20476,0x1e31,0x20478,0x1e32,0x2047a,0x1e33,0x2047c,0x1e34,0x2047e,0x1e35,
    0x20480,0x1e36,0x20482,0x1e37,0x20484,0x1e38,0x20486,0x1e39,0x20488,0x1e3a,0x2048a,0x1e3b,0x2048c,0x1e3c,
    0x2048e,0x1e3d,0x20490,0x1e3e,0x20492,0x1e3f,0x20494,0x1e40,0x20496,0x1e41,0x20498,0x1e42,0x2049a,0x1e43,
    0x2049c,0x1e44,0x2049e,0x1e45,0x204a0,0x1e46,0x204a2,0x1e47,0x204a4,0x1e48,0x204a6,0x1e49,0x204a8,0x1e4a,
    0x204aa,0x1e4b,0x204ac,0x1e4c,0x204ae,0x1e4d,0x204b0,0x1e4e,0x204b2,0x1e4f,0x204b4,0x1e50,0x204b6,0x1e51,
    0x204b8,0x1e52,0x204ba,0x1e53,0x204bc,0x1e54,0x204be,0x1e55,0x204c0,0x1e56,0x204c2,0x1e57,0x204c4,0x1e58,
    0x204c6,0x1e59,0x204c8,0x1e5a,0x204ca,0x1e5b,0x204cc,0x1e5c,0x204ce,0x1e5d,0x204d0,0x1e5e,0x204d2,0x1e5f,
    0x204d4,0x1e60,0x204d6,0x1e61,0x204d8,0x1e62,0x204da,0x1e63,0x204dc,0x1e64,0x204de,0x1e65,0x204e0,0x1e66,
    0x204e2,0x1e67,0x204e4,0x1e68,0x204e6,0x1e69,0x204e8,0x1e6a,0x204ea,0x1e6b,0x204ec,0x1e6c,0x204ee,0x1e6d,
    0x204f0,0x1e6e,0x204f2,0x1e6f,0x204f4,0x1e70,0x204f6,0x1e71,0x204f8,0x1e72,0x204fa,0x1e73,0x204fc,0x1e74,
    0x204fe,0x1e75,0x20500,0x1e76,0x20502,0x1e77,0x20504,0x1e78,0x20506,0x1e79,0x20508,0x1e7a,0x2050a,0x1e7b,
    0x2050c,0x1e7c,0x2050e,0x1e7d,0x20510,0x1e7e,0x20512,0x1e7f,0x20514,0x1e80,0x20516,0x1e81,0x20518,0x1e82,
    0x2051a,0x1e83,0x2051c,0x1e84,0x2051e,0x1e85,0x20520,0x1e86,0x20522,0x1e87,0x20524,0x1e88,0x20526,0x1e89,
    0x20528,0x1e8a,0x2052a,0x1e8b,0x2052c,0x1e8c,0x2052e,0x1e8d,0x20530,0x1e8e,0x20532,0x1e8f,0x20534,0x1e90,
    0x20536,0x1e91,0x20538,0x1e92,0x2053a,0x1e93,0x2053c,0x1e94,0x2053e,0x1e95,0x20540,0x1e96,0x20542,0x1e97,
    0x20544,0x1e98,0x20546,0x1e99,0x20548,0x1e9a,0x102054a,0x1e9b,0x2054c,0x1ea0,0x2054e,0x1ea1,0x20550,0x1ea2,
    0x20552,0x1ea3,0x20554,0x1ea4,0x20556,0x1ea5,0x20558,0x1ea6,0x2055a,0x1ea7,0x2055c,0x1ea8,0x2055e,0x1ea9,
    0x20560,0x1eaa,0x20562,0x1eab,0x20564,0x1eac,0x20566,0x1ead,0x20568,0x1eae,0x2056a,0x1eaf,0x2056c,0x1eb0,
    0x2056e,0x1eb1,0x20570,0x1eb2,0x20572,0x1eb3,0x20574,0x1eb4,0x20576,0x1eb5,0x20578,0x1eb6,0x2057a,0x1eb7,
    0x2057c,0x1eb8,0x2057e,0x1eb9,0x20580,0x1eba,0x20582,0x1ebb,0x20584,0x1ebc,0x20586,0x1ebd,0x20588,0x1ebe,
    0x2058a,0x1ebf,0x2058c,0x1ec0,0x2058e,0x1ec1,0x20590,0x1ec2,0x20592,0x1ec3,0x20594,0x1ec4,0x20596,0x1ec5,
    0x20598,0x1ec6,0x2059a,0x1ec7,0x2059c,0x1ec8,0x2059e,0x1ec9,0x205a0,0x1eca,0x205a2,0x1ecb,0x205a4,0x1ecc,
    0x205a6,0x1ecd,0x205a8,0x1ece,0x205aa,0x1ecf,0x205ac,0x1ed0,0x205ae,0x1ed1,0x205b0,0x1ed2,0x205b2,0x1ed3,
    0x205b4,0x1ed4,0x205b6,0x1ed5,0x205b8,0x1ed6,0x205ba,0x1ed7,0x205bc,0x1ed8,0x205be,0x1ed9,0x205c0,0x1eda,
    0x205c2,0x1edb,0x205c4,0x1edc,0x205c6,0x1edd,0x205c8,0x1ede,0x205ca,0x1edf,0x205cc,0x1ee0,0x205ce,0x1ee1,
    0x205d0,0x1ee2,0x205d2,0x1ee3,0x205d4,0x1ee4,0x205d6,0x1ee5,0x205d8,0x1ee6,0x205da,0x1ee7,0x205dc,0x1ee8,
    0x205de,0x1ee9,0x205e0,0x1eea,0x205e2,0x1eeb,0x205e4,0x1eec,0x205e6,0x1eed,0x205e8,0x1eee,0x205ea,0x1eef,
    0x205ec,0x1ef0,0x205ee,0x1ef1,0x205f0,0x1ef2,0x205f2,0x1ef3,0x205f4,0x1ef4,0x205f6,0x1ef5,0x205f8,0x1ef6,
    0x205fa,0x1ef7,0x205fc,0x1ef8,0x205fe,0x1ef9,0x20600,0x1f00,0x20602,0x1f01,0x20604,0x1f02,0x20606,0x1f03,
    0x20608,0x1f04,0x2060a,0x1f05,0x2060c,0x1f06,0x2060e,0x1f07,0x20610,0x1f08,0x20612,0x1f09,0x20614,0x1f0a,
    0x20616,0x1f0b,0x20618,0x1f0c,0x2061a,0x1f0d,0x2061c,0x1f0e,0x2061e,0x1f0f,0x20620,0x1f10,0x20622,0x1f11,
    0x20624,0x1f12,0x20626,0x1f13,0x20628,0x1f14,0x2062a,0x1f15,0x2062c,0x1f18,0x2062e,0x1f19,0x20630,0x1f1a,
    0x20632,0x1f1b,0x20634,0x1f1c,0x20636,0x1f1d,0x20638,0x1f20,0x2063a,0x1f21,0x2063c,0x1f22,0x2063e,0x1f23,
    0x20640,0x1f24,0x20642,0x1f25,0x20644,0x1f26,0x20646,0x1f27,0x20648,0x1f28,0x2064a,0x1f29,0x2064c,0x1f2a,
    0x2064e,0x1f2b,0x20650,0x1f2c,0x20652,0x1f2d,0x20654,0x1f2e,0x20656,0x1f2f,0x20658,0x1f30,0x2065a,0x1f31,
    0x2065c,0x1f32,0x2065e,0x1f33,0x20660,0x1f34,0x20662,0x1f35,0x20664,0x1f36,0x20666,0x1f37,0x20668,0x1f38,
    0x2066a,0x1f39,0x2066c,0x1f3a,0x2066e,0x1f3b,0x20670,0x1f3c,0x20672,0x1f3d,0x20674,0x1f3e,0x20676,0x1f3f,
    0x20678,0x1f40,0x2067a,0x1f41,0x2067c,0x1f42,0x2067e,0x1f43,0x20680,0x1f44,0x20682,0x1f45,0x20684,0x1f48,
    0x20686,0x1f49,0x20688,0x1f4a,0x2068a,0x1f4b,0x2068c,0x1f4c,0x2068e,0x1f4d,0x20690,0x1f50,0x20692,0x1f51,
    0x20694,0x1f52,0x20696,0x1f53,0x20698,0x1f54,0x2069a,0x1f55,0x2069c,0x1f56,0x2069e,0x1f57,0x206a0,0x1f59,
    0x206a2,0x1f5b,0x206a4,0x1f5d,0x206a6,0x1f5f,0x206a8,0x1f60,0x206aa,0x1f61,0x206ac,0x1f62,0x206ae,0x1f63,
    0x206b0,0x1f64,0x206b2,0x1f65,0x206b4,0x1f66,0x206b6,0x1f67,0x206b8,0x1f68,0x206ba,0x1f69,0x206bc,0x1f6a,
    0x206be,0x1f6b,0x206c0,0x1f6c,0x206c2,0x1f6d,0x206c4,0x1f6e,0x206c6,0x1f6f,0x206c8,0x1f70,0x206ca,0x1f71,
    0x106cc,0x1f72,0x206cd,0x1f73,0x106cf,0x1f74,0x206d0,0x1f75,0x106d2,0x1f76,0x206d3,0x1f77,0x106d5,0x1f78,
    0x206d6,0x1f79,0x106d8,0x1f7a,0x206d9,0x1f7b,0x106db,0x1f7c,0x206dc,0x1f7d,0x106de,0x1f80,0x206df,0x1f81,
    0x206e1,0x1f82,0x206e3,0x1f83,0x206e5,0x1f84,0x206e7,0x1f85,0x206e9,0x1f86,0x206eb,0x1f87,0x206ed,0x1f88,
    0x206ef,0x1f89,0x206f1,0x1f8a,0x206f3,0x1f8b,0x206f5,0x1f8c,0x206f7,0x1f8d,0x206f9,0x1f8e,0x206fb,0x1f8f,
    0x206fd,0x1f90,0x206ff,0x1f91,0x20701,0x1f92,0x20703,0x1f93,0x20705,0x1f94,0x20707,0x1f95,0x20709,0x1f96,
    0x2070b,0x1f97,0x2070d,0x1f98,0x2070f,0x1f99,0x20711,0x1f9a,0x20713,0x1f9b,0x20715,0x1f9c,0x20717,0x1f9d,
    0x20719,0x1f9e,0x2071b,0x1f9f,0x2071d,0x1fa0,0x2071f,0x1fa1,0x20721,0x1fa2,0x20723,0x1fa3,0x20725,0x1fa4,
    0x20727,0x1fa5,0x20729,0x1fa6,0x2072b,0x1fa7,0x2072d,0x1fa8,0x2072f,0x1fa9,0x20731,0x1faa,0x20733,0x1fab,
    0x20735,0x1fac,0x20737,0x1fad,0x20739,0x1fae,0x2073b,0x1faf,0x2073d,0x1fb0,0x2073f,0x1fb1,0x20741,0x1fb2,
    0x20743,0x1fb3,0x20745,0x1fb4,0x20747,0x1fb6,0x20749,0x1fb7,0x2074b,0x1fb8,0x2074d,0x1fb9,0x2074f,0x1fba,
    0x20751,0x1fbb,0x10753,0x1fbc,0x20754,0x1fbd,0x1020756,0x1fbe,0x10758,0x1fbf,0x1020759,0x1fc0,0x102075b,0x1fc1,
    0x2075d,0x1fc2,0x2075f,0x1fc3,0x20761,0x1fc4,0x20763,0x1fc6,0x20765,0x1fc7,0x20767,0x1fc8,0x20769,0x1fc9,
    0x1076b,0x1fca,0x2076c,0x1fcb,0x1076e,0x1fcc,0x2076f,0x1fcd,0x20771,0x1fce,0x20773,0x1fcf,0x20775,0x1fd0,
    0x20777,0x1fd1,0x20779,0x1fd2,0x2077b,0x1fd3,0x1077d,0x1fd6,0x2077e,0x1fd7,0x20780,0x1fd8,0x20782,0x1fd9,
    0x20784,0x1fda,0x20786,0x1fdb,0x10788,0x1fdd,0x20789,0x1fde,0x2078b,0x1fdf,0x2078d,0x1fe0,0x2078f,0x1fe1,
    0x20791,0x1fe2,0x20793,0x1fe3,0x10795,0x1fe4,0x20796,0x1fe5,0x20798,0x1fe6,0x2079a,0x1fe7,0x2079c,0x1fe8,
    0x2079e,0x1fe9,0x207a0,0x1fea,0x207a2,0x1feb,0x107a4,0x1fec,0x207a5,0x1fed,0x207a7,0x1fee,0x107a9,0x1fef,
    0x107aa,0x1ff2,0x207ab,0x1ff3,0x207ad,0x1ff4,0x207af,0x1ff6,0x207b1,0x1ff7,0x207b3,0x1ff8,0x207b5,0x1ff9,
    0x107b7,0x1ffa,0x207b8,0x1ffb,0x107ba,0x1ffc,0x207bb,0x1ffd,0x107bd,0x1ffe,0x10207be,0x2000,0x107c0,0x2001,
    0x107c1,0x2002,0x10107c2,0x2003,0x10107c3,0x2004,0x10107c4,0x2005,0x10107c5,0x2006,0x10107c6,0x2007,0x10107c7,
    0x2008,0x10107c8,0x2009,0x10107c9,0x200a,0x10107ca,0x2011,0x10107cb,0x2017,0x10207cc,0x2024,0x10107ce,0x2025,
    0x10207cf,0x2026,0x10307d1,0x202f,0x10107d4,0x2033,0x10207d5,0x2034,0x10307d7,0x2036,0x10207da,0x2037,
    0x10307dc,0x203c,0x10207df,0x203e,0x10207e1,0x2047,0x10207e3,0x2048,0x10207e5,0x2049,0x10207e7,0x2057,
    0x10407e9,0x205f,0x10107ed,0x2070,0x10107ee,0x2071,0x10107ef,0x2074,0x10107f0,0x2075,0x10107f1,0x2076,
    0x10107f2,0x2077,0x10107f3,0x2078,0x10107f4,0x2079,0x10107f5,0x207a,0x10107f6,0x207b,0x10107f7,0x207c,
    0x10107f8,0x207d,0x10107f9,0x207e,0x10107fa,0x207f,0x10107fb,0x2080,0x10107fc,0x2081,0x10107fd,0x2082,
    0x10107fe,0x2083,0x10107ff,0x2084,0x1010800,0x2085,0x1010801,0x2086,0x1010802,0x2087,0x1010803,0x2088,
    0x1010804,0x2089,0x1010805,0x208a,0x1010806,0x208b,0x1010807,0x208c,0x1010808,0x208d,0x1010809,0x208e,
    0x101080a,0x2090,0x101080b,0x2091,0x101080c,0x2092,0x101080d,0x2093,0x101080e,0x2094,0x101080f,0x2095,
    0x1010810,0x2096,0x1010811,0x2097,0x1010812,0x2098,0x1010813,0x2099,0x1010814,0x209a,0x1010815,0x209b,
    0x1010816,0x209c,0x1010817,0x20a8,0x1020818,0x2100,0x103081a,0x2101,0x103081d,0x2102,0x1010820,0x2103,
    0x1020821,0x2105,0x1030823,0x2106,0x1030826,0x2107,0x1010829,0x2109,0x102082a,0x210a,0x101082c,0x210b,
    0x101082d,0x210c,0x101082e,0x210d,0x101082f,0x210e,0x1010830,0x210f,0x1010831,0x2110,0x1010832,0x2111,
    0x1010833,0x2112,0x1010834,0x2113,0x1010835,0x2115,0x1010836,0x2116,0x1020837,0x2119,0x1010839,0x211a,
    0x101083a,0x211b,0x101083b,0x211c,0x101083c,0x211d,0x101083d,0x2120,0x102083e,0x2121,0x1030840,0x2122,
    0x1020843,0x2124,0x1010845,0x2126,0x10846,0x2128,0x1010847,0x212a,0x10848,0x212b,0x10849,0x212c,0x101084a,
    0x212d,0x101084b,0x212f,0x101084c,0x2130,0x101084d,0x2131,0x101084e,0x2133,0x101084f,0x2134,0x1010850,0x2135,
    0x1010851,0x2136,0x1010852,0x2137,0x1010853,0x2138,0x1010854,0x2139,0x1010855,0x213b,0x1030856,0x213c,
    0x1010859,0x213d,0x101085a,0x213e,0x101085b,0x213f,0x101085c,0x2140,0x101085d,0x2145,0x101085e,0x2146,
    0x101085f,0x2147,0x1010860,0x2148,0x1010861,0x2149,0x1010862,0x2150,0x1030863,0x2151,0x1030866,0x2152,
    0x1040869,0x2153,0x103086d,0x2154,0x1030870,0x2155,0x1030873,0x2156,0x1030876,0x2157,0x1030879,0x2158,
    0x103087c,0x2159,0x103087f,0x215a,0x1030882,0x215b,0x1030885,0x215c,0x1030888,0x215d,0x103088b,0x215e,
    0x103088e,0x215f,0x1020891,0x2160,0x1010893,0x2161,0x1020894,0x2162,0x1030896,0x2163,0x1020899,0x2164,
    0x101089b,0x2165,0x102089c,0x2166,0x103089e,0x2167,0x10408a1,0x2168,0x10208a5,0x2169,0x10108a7,0x216a,
    0x10208a8,0x216b,0x10308aa,0x216c,0x10108ad,0x216d,0x10108ae,0x216e,0x10108af,0x216f,0x10108b0,0x2170,
    0x10108b1,0x2171,0x10208b2,0x2172,0x10308b4,0x2173,0x10208b7,0x2174,0x10108b9,0x2175,0x10208ba,0x2176,
    0x10308bc,0x2177,0x10408bf,0x2178,0x10208c3,0x2179,0x10108c5,0x217a,0x10208c6,0x217b,0x10308c8,0x217c,
    0x10108cb,0x217d,0x10108cc,0x217e,0x10108cd,0x217f,0x10108ce,0x2189,0x10308cf,0x219a,0x208d2,0x219b,0x208d4,
    0x21ae,0x208d6,0x21cd,0x208d8,0x21ce,0x208da,0x21cf,0x208dc,0x2204,0x208de,0x2209,0x208e0,0x220c,0x208e2,
    0x2224,0x208e4,0x2226,0x208e6,0x222c,0x10208e8,0x222d,0x10308ea,0x222f,0x10208ed,0x2230,0x10308ef,0x2241,
    0x208f2,0x2244,0x208f4,0x2247,0x208f6,0x2249,0x208f8,0x2260,0x208fa,0x2262,0x208fc,0x226d,0x208fe,0x226e,
    0x20900,0x226f,0x20902,0x2270,0x20904,0x2271,0x20906,0x2274,0x20908,0x2275,0x2090a,0x2278,0x2090c,0x2279,
    0x2090e,0x2280,0x20910,0x2281,0x20912,0x2284,0x20914,0x2285,0x20916,0x2288,0x20918,0x2289,0x2091a,0x22ac,
    0x2091c,0x22ad,0x2091e,0x22ae,0x20920,0x22af,0x20922,0x22e0,0x20924,0x22e1,0x20926,0x22e2,0x20928,0x22e3,
    0x2092a,0x22ea,0x2092c,0x22eb,0x2092e,0x22ec,0x20930,0x22ed,0x20932,0x2329,0x10934,0x232a,0x10935,0x2460,
    0x1010936,0x2461,0x1010937,0x2462,0x1010938,0x2463,0x1010939,0x2464,0x101093a,0x2465,0x101093b,0x2466,
    0x101093c,0x2467,0x101093d,0x2468,0x101093e,0x2469,0x102093f,0x246a,0x1020941,0x246b,0x1020943,0x246c,
    0x1020945,0x246d,0x1020947,0x246e,0x1020949,0x246f,0x102094b,0x2470,0x102094d,0x2471,0x102094f,0x2472,
    0x1020951,0x2473,0x1020953,0x2474,0x1030955,0x2475,0x1030958,0x2476,0x103095b,0x2477,0x103095e,0x2478,
    0x1030961,0x2479,0x1030964,0x247a,0x1030967,0x247b,0x103096a,0x247c,0x103096d,0x247d,0x1040970,0x247e,
    0x1040974,0x247f,0x1040978,0x2480,0x104097c,0x2481,0x1040980,0x2482,0x1040984,0x2483,0x1040988,0x2484,
    0x104098c,0x2485,0x1040990,0x2486,0x1040994,0x2487,0x1040998,0x2488,0x102099c,0x2489,0x102099e,0x248a,
    0x10209a0,0x248b,0x10209a2,0x248c,0x10209a4,0x248d,0x10209a6,0x248e,0x10209a8,0x248f,0x10209aa,0x2490,
    0x10209ac,0x2491,0x10309ae,0x2492,0x10309b1,0x2493,0x10309b4,0x2494,0x10309b7,0x2495,0x10309ba,0x2496,
    0x10309bd,0x2497,0x10309c0,0x2498,0x10309c3,0x2499,0x10309c6,0x249a,0x10309c9,0x249b,0x10309cc,0x249c,
    0x10309cf,0x249d,0x10309d2,0x249e,0x10309d5,0x249f,0x10309d8,0x24a0,0x10309db,0x24a1,0x10309de,0x24a2,
    0x10309e1,0x24a3,0x10309e4,0x24a4,0x10309e7,0x24a5,0x10309ea,0x24a6,0x10309ed,0x24a7,0x10309f0,0x24a8,
    0x10309f3,0x24a9,0x10309f6,0x24aa,0x10309f9,0x24ab,0x10309fc,0x24ac,0x10309ff,0x24ad,0x1030a02,0x24ae,
    0x1030a05,0x24af,0x1030a08,0x24b0,0x1030a0b,0x24b1,0x1030a0e,0x24b2,0x1030a11,0x24b3,0x1030a14,0x24b4,
    0x1030a17,0x24b5,0x1030a1a,0x24b6,0x1010a1d,0x24b7,0x1010a1e,0x24b8,0x1010a1f,0x24b9,0x1010a20,0x24ba,
    0x1010a21,0x24bb,0x1010a22,0x24bc,0x1010a23,0x24bd,0x1010a24,0x24be,0x1010a25,0x24bf,0x1010a26,0x24c0,
    0x1010a27,0x24c1,0x1010a28,0x24c2,0x1010a29,0x24c3,0x1010a2a,0x24c4,0x1010a2b,0x24c5,0x1010a2c,0x24c6,
    0x1010a2d,0x24c7,0x1010a2e,0x24c8,0x1010a2f,0x24c9,0x1010a30,0x24ca,0x1010a31,0x24cb,0x1010a32,0x24cc,
    0x1010a33,0x24cd,0x1010a34,0x24ce,0x1010a35,0x24cf,0x1010a36,0x24d0,0x1010a37,0x24d1,0x1010a38,0x24d2,
    0x1010a39,0x24d3,0x1010a3a,0x24d4,0x1010a3b,0x24d5,0x1010a3c,0x24d6,0x1010a3d,0x24d7,0x1010a3e,0x24d8,
    0x1010a3f,0x24d9,0x1010a40,0x24da,0x1010a41,0x24db,0x1010a42,0x24dc,0x1010a43,0x24dd,0x1010a44,0x24de,
    0x1010a45,0x24df,0x1010a46,0x24e0,0x1010a47,0x24e1,0x1010a48,0x24e2,0x1010a49,0x24e3,0x1010a4a,0x24e4,
    0x1010a4b,0x24e5,0x1010a4c,0x24e6,0x1010a4d,0x24e7,0x1010a4e,0x24e8,0x1010a4f,0x24e9,0x1010a50,0x24ea,
    0x1010a51,0x2a0c,0x1040a52,0x2a74,0x1030a56,0x2a75,0x1020a59,0x2a76,0x1030a5b,0x2adc,0x20a5e,0x2c7c,0x1010a60,
    0x2c7d,0x1010a61,0x2d6f,0x1010a62,0x2e9f,0x1010a63,0x2ef3,0x1010a64,0x2f00,0x1010a65,0x2f01,0x1010a66,0x2f02,
    0x1010a67,0x2f03,0x1010a68,0x2f04,0x1010a69,0x2f05,0x1010a6a,0x2f06,0x1010a6b,0x2f07,0x1010a6c,0x2f08,
    0x1010a6d,0x2f09,0x1010a6e,0x2f0a,0x1010a6f,0x2f0b,0x1010a70,0x2f0c,0x1010a71,0x2f0d,0x1010a72,0x2f0e,
    0x1010a73,0x2f0f,0x1010a74,0x2f10,0x1010a75,0x2f11,0x1010a76,0x2f12,0x1010a77,0x2f13,0x1010a78,0x2f14,
    0x1010a79,0x2f15,0x1010a7a,0x2f16,0x1010a7b,0x2f17,0x1010a7c,0x2f18,0x1010a7d,0x2f19,0x1010a7e,0x2f1a,
    0x1010a7f,0x2f1b,0x1010a80,0x2f1c,0x1010a81,0x2f1d,0x1010a82,0x2f1e,0x1010a83,0x2f1f,0x1010a84,0x2f20,
    0x1010a85,0x2f21,0x1010a86,0x2f22,0x1010a87,0x2f23,0x1010a88,0x2f24,0x1010a89,0x2f25,0x1010a8a,0x2f26,
    0x1010a8b,0x2f27,0x1010a8c,0x2f28,0x1010a8d,0x2f29,0x1010a8e,0x2f2a,0x1010a8f,0x2f2b,0x1010a90,0x2f2c,
    0x1010a91,0x2f2d,0x1010a92,0x2f2e,0x1010a93,0x2f2f,0x1010a94,0x2f30,0x1010a95,0x2f31,0x1010a96,0x2f32,
    0x1010a97,0x2f33,0x1010a98,0x2f34,0x1010a99,0x2f35,0x1010a9a,0x2f36,0x1010a9b,0x2f37,0x1010a9c,0x2f38,
    0x1010a9d,0x2f39,0x1010a9e,0x2f3a,0x1010a9f,0x2f3b,0x1010aa0,0x2f3c,0x1010aa1,0x2f3d,0x1010aa2,0x2f3e,
    0x1010aa3,0x2f3f,0x1010aa4,0x2f40,0x1010aa5,0x2f41,0x1010aa6,0x2f42,0x1010aa7,0x2f43,0x1010aa8,0x2f44,
    0x1010aa9,0x2f45,0x1010aaa,0x2f46,0x1010aab,0x2f47,0x1010aac,0x2f48,0x1010aad,0x2f49,0x1010aae,0x2f4a,
    0x1010aaf,0x2f4b,0x1010ab0,0x2f4c,0x1010ab1,0x2f4d,0x1010ab2,0x2f4e,0x1010ab3,0x2f4f,0x1010ab4,0x2f50,
    0x1010ab5,0x2f51,0x1010ab6,0x2f52,0x1010ab7,0x2f53,0x1010ab8,0x2f54,0x1010ab9,0x2f55,0x1010aba,0x2f56,
    0x1010abb,0x2f57,0x1010abc,0x2f58,0x1010abd,0x2f59,0x1010abe,0x2f5a,0x1010abf,0x2f5b,0x1010ac0,0x2f5c,
    0x1010ac1,0x2f5d,0x1010ac2,0x2f5e,0x1010ac3,0x2f5f,0x1010ac4,0x2f60,0x1010ac5,0x2f61,0x1010ac6,0x2f62,
    0x1010ac7,0x2f63,0x1010ac8,0x2f64,0x1010ac9,0x2f65,0x1010aca,0x2f66,0x1010acb,0x2f67,0x1010acc,0x2f68,
    0x1010acd,0x2f69,0x1010ace,0x2f6a,0x1010acf,0x2f6b,0x1010ad0,0x2f6c,0x1010ad1,0x2f6d,0x1010ad2,0x2f6e,
    0x1010ad3,0x2f6f,0x1010ad4,0x2f70,0x1010ad5,0x2f71,0x1010ad6,0x2f72,0x1010ad7,0x2f73,0x1010ad8,0x2f74,
    0x1010ad9,0x2f75,0x1010ada,0x2f76,0x1010adb,0x2f77,0x1010adc,0x2f78,0x1010add,0x2f79,0x1010ade,0x2f7a,
    0x1010adf,0x2f7b,0x1010ae0,0x2f7c,0x1010ae1,0x2f7d,0x1010ae2,0x2f7e,0x1010ae3,0x2f7f,0x1010ae4,0x2f80,
    0x1010ae5,0x2f81,0x1010ae6,0x2f82,0x1010ae7,0x2f83,0x1010ae8,0x2f84,0x1010ae9,0x2f85,0x1010aea,0x2f86,
    0x1010aeb,0x2f87,0x1010aec,0x2f88,0x1010aed,0x2f89,0x1010aee,0x2f8a,0x1010aef,0x2f8b,0x1010af0,0x2f8c,
    0x1010af1,0x2f8d,0x1010af2,0x2f8e,0x1010af3,0x2f8f,0x1010af4,0x2f90,0x1010af5,0x2f91,0x1010af6,0x2f92,
    0x1010af7,0x2f93,0x1010af8,0x2f94,0x1010af9,0x2f95,0x1010afa,0x2f96,0x1010afb,0x2f97,0x1010afc,0x2f98,
    0x1010afd,0x2f99,0x1010afe,0x2f9a,0x1010aff,0x2f9b,0x1010b00,0x2f9c,0x1010b01,0x2f9d,0x1010b02,0x2f9e,
    0x1010b03,0x2f9f,0x1010b04,0x2fa0,0x1010b05,0x2fa1,0x1010b06,0x2fa2,0x1010b07,0x2fa3,0x1010b08,0x2fa4,
    0x1010b09,0x2fa5,0x1010b0a,0x2fa6,0x1010b0b,0x2fa7,0x1010b0c,0x2fa8,0x1010b0d,0x2fa9,0x1010b0e,0x2faa,
    0x1010b0f,0x2fab,0x1010b10,0x2fac,0x1010b11,0x2fad,0x1010b12,0x2fae,0x1010b13,0x2faf,0x1010b14,0x2fb0,
    0x1010b15,0x2fb1,0x1010b16,0x2fb2,0x1010b17,0x2fb3,0x1010b18,0x2fb4,0x1010b19,0x2fb5,0x1010b1a,0x2fb6,
    0x1010b1b,0x2fb7,0x1010b1c,0x2fb8,0x1010b1d,0x2fb9,0x1010b1e,0x2fba,0x1010b1f,0x2fbb,0x1010b20,0x2fbc,
    0x1010b21,0x2fbd,0x1010b22,0x2fbe,0x1010b23,0x2fbf,0x1010b24,0x2fc0,0x1010b25,0x2fc1,0x1010b26,0x2fc2,
    0x1010b27,0x2fc3,0x1010b28,0x2fc4,0x1010b29,0x2fc5,0x1010b2a,0x2fc6,0x1010b2b,0x2fc7,0x1010b2c,0x2fc8,
    0x1010b2d,0x2fc9,0x1010b2e,0x2fca,0x1010b2f,0x2fcb,0x1010b30,0x2fcc,0x1010b31,0x2fcd,0x1010b32,0x2fce,
    0x1010b33,0x2fcf,0x1010b34,0x2fd0,0x1010b35,0x2fd1,0x1010b36,0x2fd2,0x1010b37,0x2fd3,0x1010b38,0x2fd4,
    0x1010b39,0x2fd5,0x1010b3a,0x3000,0x1010b3b,0x3036,0x1010b3c,0x3038,0x1010b3d,0x3039,0x1010b3e,0x303a,
    0x1010b3f,0x304c,0x20b40,0x304e,0x20b42,0x3050,0x20b44,0x3052,0x20b46,0x3054,0x20b48,0x3056,0x20b4a,0x3058,
    0x20b4c,0x305a,0x20b4e,0x305c,0x20b50,0x305e,0x20b52,0x3060,0x20b54,0x3062,0x20b56,0x3065,0x20b58,0x3067,
    0x20b5a,0x3069,0x20b5c,0x3070,0x20b5e,0x3071,0x20b60,0x3073,0x20b62,0x3074,0x20b64,0x3076,0x20b66,0x3077,
    0x20b68,0x3079,0x20b6a,0x307a,0x20b6c,0x307c,0x20b6e,0x307d,0x20b70,0x3094,0x20b72,0x309b,0x1020b74,0x309c,
    0x1020b76,0x309e,0x20b78,0x309f,0x1020b7a,0x30ac,0x20b7c,0x30ae,0x20b7e,0x30b0,0x20b80,0x30b2,0x20b82,0x30b4,
    0x20b84,0x30b6,0x20b86,0x30b8,0x20b88,0x30ba,0x20b8a,0x30bc,0x20b8c,0x30be,0x20b8e,0x30c0,0x20b90,0x30c2,
    0x20b92,0x30c5,0x20b94,0x30c7,0x20b96,0x30c9,0x20b98,0x30d0,0x20b9a,0x30d1,0x20b9c,0x30d3,0x20b9e,0x30d4,
    0x20ba0,0x30d6,0x20ba2,0x30d7,0x20ba4,0x30d9,0x20ba6,0x30da,0x20ba8,0x30dc,0x20baa,0x30dd,0x20bac,0x30f4,
    0x20bae,0x30f7,0x20bb0,0x30f8,0x20bb2,0x30f9,0x20bb4,0x30fa,0x20bb6,0x30fe,0x20bb8,0x30ff,0x1020bba,0x3131,
    0x1010bbc,0x3132,0x1010bbd,0x3133,0x1010bbe,0x3134,0x1010bbf,0x3135,0x1010bc0,0x3136,0x1010bc1,0x3137,
    0x1010bc2,0x3138,0x1010bc3,0x3139,0x1010bc4,0x313a,0x1010bc5,0x313b,0x1010bc6,0x313c,0x1010bc7,0x313d,
    0x1010bc8,0x313e,0x1010bc9,0x313f,0x1010bca,0x3140,0x1010bcb,0x3141,0x1010bcc,0x3142,0x1010bcd,0x3143,
    0x1010bce,0x3144,0x1010bcf,0x3145,0x1010bd0,0x3146,0x1010bd1,0x3147,0x1010bd2,0x3148,0x1010bd3,0x3149,
    0x1010bd4,0x314a,0x1010bd5,0x314b,0x1010bd6,0x314c,0x1010bd7,0x314d,0x1010bd8,0x314e,0x1010bd9,0x314f,
    0x1010bda,0x3150,0x1010bdb,0x3151,0x1010bdc,0x3152,0x1010bdd,0x3153,0x1010bde,0x3154,0x1010bdf,0x3155,
    0x1010be0,0x3156,0x1010be1,0x3157,0x1010be2,0x3158,0x1010be3,0x3159,0x1010be4,0x315a,0x1010be5,0x315b,
    0x1010be6,0x315c,0x1010be7,0x315d,0x1010be8,0x315e,0x1010be9,0x315f,0x1010bea,0x3160,0x1010beb,0x3161,
    0x1010bec,0x3162,0x1010bed,0x3163,0x1010bee,0x3164,0x1010bef,0x3165,0x1010bf0,0x3166,0x1010bf1,0x3167,
    0x1010bf2,0x3168,0x1010bf3,0x3169,0x1010bf4,0x316a,0x1010bf5,0x316b,0x1010bf6,0x316c,0x1010bf7,0x316d,
    0x1010bf8,0x316e,0x1010bf9,0x316f,0x1010bfa,0x3170,0x1010bfb,0x3171,0x1010bfc,0x3172,0x1010bfd,0x3173,
    0x1010bfe,0x3174,0x1010bff,0x3175,0x1010c00,0x3176,0x1010c01,0x3177,0x1010c02,0x3178,0x1010c03,0x3179,
    0x1010c04,0x317a,0x1010c05,0x317b,0x1010c06,0x317c,0x1010c07,0x317d,0x1010c08,0x317e,0x1010c09,0x317f,
    0x1010c0a,0x3180,0x1010c0b,0x3181,0x1010c0c,0x3182,0x1010c0d,0x3183,0x1010c0e,0x3184,0x1010c0f,0x3185,
    0x1010c10,0x3186,0x1010c11,0x3187,0x1010c12,0x3188,0x1010c13,0x3189,0x1010c14,0x318a,0x1010c15,0x318b,
    0x1010c16,0x318c,0x1010c17,0x318d,0x1010c18,0x318e,0x1010c19,0x3192,0x1010c1a,0x3193,0x1010c1b,0x3194,
    0x1010c1c,0x3195,0x1010c1d,0x3196,0x1010c1e,0x3197,0x1010c1f,0x3198,0x1010c20,0x3199,0x1010c21,0x319a,
    0x1010c22,0x319b,0x1010c23,0x319c,0x1010c24,0x319d,0x1010c25,0x319e,0x1010c26,0x319f,0x1010c27,0x3200,
    0x1030c28,0x3201,0x1030c2b,0x3202,0x1030c2e,0x3203,0x1030c31,0x3204,0x1030c34,0x3205,0x1030c37,0x3206,
    0x1030c3a,0x3207,0x1030c3d,0x3208,0x1030c40,0x3209,0x1030c43,0x320a,0x1030c46,0x320b,0x1030c49,0x320c,
    0x1030c4c,0x320d,0x1030c4f,0x320e,0x1040c52,0x320f,0x1040c56,0x3210,0x1040c5a,0x3211,0x1040c5e,0x3212,
    0x1040c62,0x3213,0x1040c66,0x3214,0x1040c6a,0x3215,0x1040c6e,0x3216,0x1040c72,0x3217,0x1040c76,0x3218,
    0x1040c7a,0x3219,0x1040c7e,0x321a,0x1040c82,0x321b,0x1040c86,0x321c,0x1040c8a,0x321d,0x1070c8e,0x321e,
    0x1060c95,0x3220,0x1030c9b,0x3221,0x1030c9e,0x3222,0x1030ca1,0x3223,0x1030ca4,0x3224,0x1030ca7,0x3225,
    0x1030caa,0x3226,0x1030cad,0x3227,0x1030cb0,0x3228,0x1030cb3,0x3229,0x1030cb6,0x322a,0x1030cb9,0x322b,
    0x1030cbc,0x322c,0x1030cbf,0x322d,0x1030cc2,0x322e,0x1030cc5,0x322f,0x1030cc8,0x3230,0x1030ccb,0x3231,
    0x1030cce,0x3232,0x1030cd1,0x3233,0x1030cd4,0x3234,0x1030cd7,0x3235,0x1030cda,0x3236,0x1030cdd,0x3237,
    0x1030ce0,0x3238,0x1030ce3,0x3239,0x1030ce6,0x323a,0x1030ce9,0x323b,0x1030cec,0x323c,0x1030cef,0x323d,
    0x1030cf2,0x323e,0x1030cf5,0x323f,0x1030cf8,0x3240,0x1030cfb,0x3241,0x1030cfe,0x3242,0x1030d01,0x3243,
    0x1030d04,0x3244,0x1010d07,0x3245,0x1010d08,0x3246,0x1010d09,0x3247,0x1010d0a,0x3250,0x1030d0b,0x3251,
    0x1020d0e,0x3252,0x1020d10,0x3253,0x1020d12,0x3254,0x1020d14,0x3255,0x1020d16,0x3256,0x1020d18,0x3257,
    0x1020d1a,0x3258,0x1020d1c,0x3259,0x1020d1e,0x325a,0x1020d20,0x325b,0x1020d22,0x325c,0x1020d24,0x325d,
    0x1020d26,0x325e,0x1020d28,0x325f,0x1020d2a,0x3260,0x1010d2c,0x3261,0x1010d2d,0x3262,0x1010d2e,0x3263,
    0x1010d2f,0x3264,0x1010d30,0x3265,0x1010d31,0x3266,0x1010d32,0x3267,0x1010d33,0x3268,0x1010d34,0x3269,
    0x1010d35,0x326a,0x1010d36,0x326b,0x1010d37,0x326c,0x1010d38,0x326d,0x1010d39,0x326e,0x1020d3a,0x326f,
    0x1020d3c,0x3270,0x1020d3e,0x3271,0x1020d40,0x3272,0x1020d42,0x3273,0x1020d44,0x3274,0x1020d46,0x3275,
    0x1020d48,0x3276,0x1020d4a,0x3277,0x1020d4c,0x3278,0x1020d4e,0x3279,0x1020d50,0x327a,0x1020d52,0x327b,
    0x1020d54,0x327c,0x1050d56,0x327d,0x1040d5b,0x327e,0x1020d5f,0x3280,0x1010d61,0x3281,0x1010d62,0x3282,
    0x1010d63,0x3283,0x1010d64,0x3284,0x1010d65,0x3285,0x1010d66,0x3286,0x1010d67,0x3287,0x1010d68,0x3288,
    0x1010d69,0x3289,0x1010d6a,0x328a,0x1010d6b,0x328b,0x1010d6c,0x328c,0x1010d6d,0x328d,0x1010d6e,0x328e,
    0x1010d6f,0x328f,0x1010d70,0x3290,0x1010d71,0x3291,0x1010d72,0x3292,0x1010d73,0x3293,0x1010d74,0x3294,
    0x1010d75,0x3295,0x1010d76,0x3296,0x1010d77,0x3297,0x1010d78,0x3298,0x1010d79,0x3299,0x1010d7a,0x329a,
    0x1010d7b,0x329b,0x1010d7c,0x329c,0x1010d7d,0x329d,0x1010d7e,0x329e,0x1010d7f,0x329f,0x1010d80,0x32a0,
    0x1010d81,0x32a1,0x1010d82,0x32a2,0x1010d83,0x32a3,0x1010d84,0x32a4,0x1010d85,0x32a5,0x1010d86,0x32a6,
    0x1010d87,0x32a7,0x1010d88,0x32a8,0x1010d89,0x32a9,0x1010d8a,0x32aa,0x1010d8b,0x32ab,0x1010d8c,0x32ac,
    0x1010d8d,0x32ad,0x1010d8e,0x32ae,0x1010d8f,0x32af,0x1010d90,0x32b0,0x1010d91,0x32b1,0x1020d92,0x32b2,
    0x1020d94,0x32b3,0x1020d96,0x32b4,0x1020d98,0x32b5,0x1020d9a,0x32b6,0x1020d9c,0x32b7,0x1020d9e,0x32b8,
    0x1020da0,0x32b9,0x1020da2,0x32ba,0x1020da4,0x32bb,0x1020da6,0x32bc,0x1020da8,0x32bd,0x1020daa,0x32be,
    0x1020dac,0x32bf,0x1020dae,0x32c0,0x1020db0,0x32c1,0x1020db2,0x32c2,0x1020db4,0x32c3,0x1020db6,0x32c4,
    0x1020db8,0x32c5,0x1020dba,0x32c6,0x1020dbc,0x32c7,0x1020dbe,0x32c8,0x1020dc0,0x32c9,0x1030dc2,0x32ca,
    0x1030dc5,0x32cb,0x1030dc8,0x32cc,0x1020dcb,0x32cd,0x1030dcd,0x32ce,0x1020dd0,0x32cf,0x1030dd2,0x32d0,
    0x1010dd5,0x32d1,0x1010dd6,0x32d2,0x1010dd7,0x32d3,0x1010dd8,0x32d4,0x1010dd9,0x32d5,0x1010dda,0x32d6,
    0x1010ddb,0x32d7,0x1010ddc,0x32d8,0x1010ddd,0x32d9,0x1010dde,0x32da,0x1010ddf,0x32db,0x1010de0,0x32dc,
    0x1010de1,0x32dd,0x1010de2,0x32de,0x1010de3,0x32df,0x1010de4,0x32e0,0x1010de5,0x32e1,0x1010de6,0x32e2,
    0x1010de7,0x32e3,0x1010de8,0x32e4,0x1010de9,0x32e5,0x1010dea,0x32e6,0x1010deb,0x32e7,0x1010dec,0x32e8,
    0x1010ded,0x32e9,0x1010dee,0x32ea,0x1010def,0x32eb,0x1010df0,0x32ec,0x1010df1,0x32ed,0x1010df2,0x32ee,
    0x1010df3,0x32ef,0x1010df4,0x32f0,0x1010df5,0x32f1,0x1010df6,0x32f2,0x1010df7,0x32f3,0x1010df8,0x32f4,
    0x1010df9,0x32f5,0x1010dfa,0x32f6,0x1010dfb,0x32f7,0x1010dfc,0x32f8,0x1010dfd,0x32f9,0x1010dfe,0x32fa,
    0x1010dff,0x32fb,0x1010e00,0x32fc,0x1010e01,0x32fd,0x1010e02,0x32fe,0x1010e03,0x32ff,0x1020e04,0x3300,
    0x1040e06,0x3301,0x1040e0a,0x3302,0x1040e0e,0x3303,0x1030e12,0x3304,0x1040e15,0x3305,0x1030e19,0x3306,
    0x1030e1c,0x3307,0x1050e1f,0x3308,0x1040e24,0x3309,0x1030e28,0x330a,0x1030e2b,0x330b,0x1030e2e,0x330c,
    0x1040e31,0x330d,0x1040e35,0x330e,0x1030e39,0x330f,0x1030e3c,0x3310,0x1020e3f,0x3311,0x1030e41,0x3312,
    0x1040e44,0x3313,0x1040e48,0x3314,0x1020e4c,0x3315,0x1050e4e,0x3316,0x1060e53,0x3317,0x1050e59,0x3318,
    0x1030e5e,0x3319,0x1050e61,0x331a,0x1050e66,0x331b,0x1040e6b,0x331c,0x1030e6f,0x331d,0x1030e72,0x331e,
    0x1030e75,0x331f,0x1040e78,0x3320,0x1050e7c,0x3321,0x1040e81,0x3322,0x1030e85,0x3323,0x1030e88,0x3324,
    0x1030e8b,0x3325,0x1020e8e,0x3326,0x1020e90,0x3327,0x1020e92,0x3328,0x1020e94,0x3329,0x1030e96,0x332a,
    0x1030e99,0x332b,0x1050e9c,0x332c,0x1030ea1,0x332d,0x1040ea4,0x332e,0x1050ea8,0x332f,0x1030ead,0x3330,
    0x1020eb0,0x3331,0x1020eb2,0x3332,0x1050eb4,0x3333,0x1040eb9,0x3334,0x1050ebd,0x3335,0x1030ec2,0x3336,
    0x1050ec5,0x3337,0x1020eca,0x3338,0x1030ecc,0x3339,0x1030ecf,0x333a,0x1030ed2,0x333b,0x1030ed5,0x333c,
    0x1030ed8,0x333d,0x1040edb,0x333e,0x1030edf,0x333f,0x1020ee2,0x3340,0x1030ee4,0x3341,0x1030ee7,0x3342,
    0x1030eea,0x3343,0x1040eed,0x3344,0x1030ef1,0x3345,0x1030ef4,0x3346,0x1030ef7,0x3347,0x1050efa,0x3348,
    0x1040eff,0x3349,0x1020f03,0x334a,0x1050f05,0x334b,0x1020f0a,0x334c,0x1040f0c,0x334d,0x1040f10,0x334e,
    0x1030f14,0x334f,0x1030f17,0x3350,0x1030f1a,0x3351,0x1040f1d,0x3352,0x1020f21,0x3353,0x1030f23,0x3354,
    0x1040f26,0x3355,0x1020f2a,0x3356,0x1050f2c,0x3357,0x1030f31,0x3358,0x1020f34,0x3359,0x1020f36,0x335a,
    0x1020f38,0x335b,0x1020f3a,0x335c,0x1020f3c,0x335d,0x1020f3e,0x335e,0x1020f40,0x335f,0x1020f42,0x3360,
    0x1020f44,0x3361,0x1020f46,0x3362,0x1030f48,0x3363,0x1030f4b,0x3364,0x1030f4e,0x3365,0x1030f51,0x3366,
    0x1030f54,0x3367,0x1030f57,0x3368,0x1030f5a,0x3369,0x1030f5d,0x336a,0x1030f60,0x336b,0x1030f63,0x336c,
    0x1030f66,0x336d,0x1030f69,0x336e,0x1030f6c,0x336f,0x1030f6f,0x3370,0x1030f72,0x3371,0x1030f75,0x3372,
    0x1020f78,0x3373,0x1020f7a,0x3374,0x1030f7c,0x3375,0x1020f7f,0x3376,0x1020f81,0x3377,0x1020f83,0x3378,
    0x1030f85,0x3379,0x1030f88,0x337a,0x1020f8b,0x337b,0x1020f8d,0x337c,0x1020f8f,0x337d,0x1020f91,0x337e,
    0x1020f93,0x337f,0x1040f95,0x3380,0x1020f99,0x3381,0x1020f9b,0x3382,0x1020f9d,0x3383,0x1020f9f,0x3384,
    0x1020fa1,0x3385,0x1020fa3,0x3386,0x1020fa5,0x3387,0x1020fa7,0x3388,0x1030fa9,0x3389,0x1040fac,0x338a,
    0x1020fb0,0x338b,0x1020fb2,0x338c,0x1020fb4,0x338d,0x1020fb6,0x338e,0x1020fb8,0x338f,0x1020fba,0x3390,
    0x1020fbc,0x3391,0x1030fbe,0x3392,0x1030fc1,0x3393,0x1030fc4,0x3394,0x1030fc7,0x3395,0x1020fca,0x3396,
    0x1020fcc,0x3397,0x1020fce,0x3398,0x1020fd0,0x3399,0x1020fd2,0x339a,0x1020fd4,0x339b,0x1020fd6,0x339c,
    0x1020fd8,0x339d,0x1020fda,0x339e,0x1020fdc,0x339f,0x1030fde,0x33a0,0x1030fe1,0x33a1,0x1020fe4,0x33a2,
    0x1030fe6,0x33a3,0x1030fe9,0x33a4,0x1030fec,0x33a5,0x1020fef,0x33a6,0x1030ff1,0x33a7,0x1030ff4,0x33a8,
    0x1040ff7,0x33a9,0x1020ffb,0x33aa,0x1030ffd,0x33ab,0x1031000,0x33ac,0x1031003,0x33ad,0x1031006,0x33ae,
    0x1051009,0x33af,0x106100e,0x33b0,0x1021014,0x33b1,0x1021016,0x33b2,0x1021018,0x33b3,0x102101a,0x33b4,
    0x102101c,0x33b5,0x102101e,0x33b6,0x1021020,0x33b7,0x1021022,0x33b8,0x1021024,0x33b9,0x1021026,0x33ba,
    0x1021028,0x33bb,0x102102a,0x33bc,0x102102c,0x33bd,0x102102e,0x33be,0x1021030,0x33bf,0x1021032,0x33c0,
    0x1021034,0x33c1,0x1021036,0x33c2,0x1041038,0x33c3,0x102103c,0x33c4,0x102103e,0x33c5,0x1021040,0x33c6,
    0x1041042,0x33c7,0x1031046,0x33c8,0x1021049,0x33c9,0x102104b,0x33ca,0x102104d,0x33cb,0x102104f,0x33cc,
    0x1021051,0x33cd,0x1021053,0x33ce,0x1021055,0x33cf,0x1021057,0x33d0,0x1021059,0x33d1,0x102105b,0x33d2,
    0x103105d,0x33d3,0x1021060,0x33d4,0x1021062,0x33d5,0x1031064,0x33d6,0x1031067,0x33d7,0x102106a,0x33d8,
    0x104106c,0x33d9,0x1031070,0x33da,0x1021073,0x33db,0x1021075,0x33dc,0x1021077,0x33dd,0x1021079,0x33de,
    0x103107b,0x33df,0x103107e,0x33e0,0x1021081,0x33e1,0x1021083,0x33e2,0x1021085,0x33e3,0x1021087,0x33e4,
    0x1021089,0x33e5,0x102108b,0x33e6,0x102108d,0x33e7,0x102108f,0x33e8,0x1021091,0x33e9,0x1031093,0x33ea,
    0x1031096,0x33eb,0x1031099,0x33ec,0x103109c,0x33ed,0x103109f,0x33ee,0x10310a2,0x33ef,0x10310a5,0x33f0,
    0x10310a8,0x33f1,0x10310ab,0x33f2,0x10310ae,0x33f3,0x10310b1,0x33f4,0x10310b4,0x33f5,0x10310b7,0x33f6,
    0x10310ba,0x33f7,0x10310bd,0x33f8,0x10310c0,0x33f9,0x10310c3,0x33fa,0x10310c6,0x33fb,0x10310c9,0x33fc,
    0x10310cc,0x33fd,0x10310cf,0x33fe,0x10310d2,0x33ff,0x10310d5,0xa69c,0x10110d8,0xa69d,0x10110d9,0xa770,
    0x10110da,0xa7f2,0x10110db,0xa7f3,0x10110dc,0xa7f4,0x10110dd,0xa7f8,0x10110de,0xa7f9,0x10110df,0xab5c,
    0x10110e0,0xab5d,0x10110e1,0xab5e,0x10110e2,0xab5f,0x10110e3,0xab69,0x10110e4,0xf900,0x110e5,0xf901,0x110e6,
    0xf902,0x110e7,0xf903,0x110e8,0xf904,0x110e9,0xf905,0x110ea,0xf906,0x110eb,0xf907,0x110ec,0xf908,0x110ed,
    0xf909,0x110ee,0xf90a,0x110ef,0xf90b,0x110f0,0xf90c,0x110f1,0xf90d,0x110f2,0xf90e,0x110f3,0xf90f,0x110f4,
    0xf910,0x110f5,0xf911,0x110f6,0xf912,0x110f7,0xf913,0x110f8,0xf914,0x110f9,0xf915,0x110fa,0xf916,0x110fb,
    0xf917,0x110fc,0xf918,0x110fd,0xf919,0x110fe,0xf91a,0x110ff,0xf91b,0x11100,0xf91c,0x11101,0xf91d,0x11102,
    0xf91e,0x11103,0xf91f,0x11104,0xf920,0x11105,0xf921,0x11106,0xf922,0x11107,0xf923,0x11108,0xf924,0x11109,
    0xf925,0x1110a,0xf926,0x1110b,0xf927,0x1110c,0xf928,0x1110d,0xf929,0x1110e,0xf92a,0x1110f,0xf92b,0x11110,
    0xf92c,0x11111,0xf92d,0x11112,0xf92e,0x11113,0xf92f,0x11114,0xf930,0x11115,0xf931,0x11116,0xf932,0x11117,
    0xf933,0x11118,0xf934,0x11119,0xf935,0x1111a,0xf936,0x1111b,0xf937,0x1111c,0xf938,0x1111d,0xf939,0x1111e,
    0xf93a,0x1111f,0xf93b,0x11120,0xf93c,0x11121,0xf93d,0x11122,0xf93e,0x11123,0xf93f,0x11124,0xf940,0x11125,
    0xf941,0x11126,0xf942,0x11127,0xf943,0x11128,0xf944,0x11129,0xf945,0x1112a,0xf946,0x1112b,0xf947,0x1112c,
    0xf948,0x1112d,0xf949,0x1112e,0xf94a,0x1112f,0xf94b,0x11130,0xf94c,0x11131,0xf94d,0x11132,0xf94e,0x11133,
    0xf94f,0x11134,0xf950,0x11135,0xf951,0x11136,0xf952,0x11137,0xf953,0x11138,0xf954,0x11139,0xf955,0x1113a,
    0xf956,0x1113b,0xf957,0x1113c,0xf958,0x1113d,0xf959,0x1113e,0xf95a,0x1113f,0xf95b,0x11140,0xf95c,0x11141,
    0xf95d,0x11142,0xf95e,0x11143,0xf95f,0x11144,0xf960,0x11145,0xf961,0x11146,0xf962,0x11147,0xf963,0x11148,
    0xf964,0x11149,0xf965,0x1114a,0xf966,0x1114b,0xf967,0x1114c,0xf968,0x1114d,0xf969,0x1114e,0xf96a,0x1114f,
    0xf96b,0x11150,0xf96c,0x11151,0xf96d,0x11152,0xf96e,0x11153,0xf96f,0x11154,0xf970,0x11155,0xf971,0x11156,
    0xf972,0x11157,0xf973,0x11158,0xf974,0x11159,0xf975,0x1115a,0xf976,0x1115b,0xf977,0x1115c,0xf978,0x1115d,
    0xf979,0x1115e,0xf97a,0x1115f,0xf97b,0x11160,0xf97c,0x11161,0xf97d,0x11162,0xf97e,0x11163,0xf97f,0x11164,
    0xf980,0x11165,0xf981,0x11166,0xf982,0x11167,0xf983,0x11168,0xf984,0x11169,0xf985,0x1116a,0xf986,0x1116b,
    0xf987,0x1116c,0xf988,0x1116d,0xf989,0x1116e,0xf98a,0x1116f,0xf98b,0x11170,0xf98c,0x11171,0xf98d,0x11172,
    0xf98e,0x11173,0xf98f,0x11174,0xf990,0x11175,0xf991,0x11176,0xf992,0x11177,0xf993,0x11178,0xf994,0x11179,
    0xf995,0x1117a,0xf996,0x1117b,0xf997,0x1117c,0xf998,0x1117d,0xf999,0x1117e,0xf99a,0x1117f,0xf99b,0x11180,
    0xf99c,0x11181,0xf99d,0x11182,0xf99e,0x11183,0xf99f,0x11184,0xf9a0,0x11185,0xf9a1,0x11186,0xf9a2,0x11187,
    0xf9a3,0x11188,0xf9a4,0x11189,0xf9a5,0x1118a,0xf9a6,0x1118b,0xf9a7,0x1118c,0xf9a8,0x1118d,0xf9a9,0x1118e,
    0xf9aa,0x1118f,0xf9ab,0x11190,0xf9ac,0x11191,0xf9ad,0x11192,0xf9ae,0x11193,0xf9af,0x11194,0xf9b0,0x11195,
    0xf9b1,0x11196,0xf9b2,0x11197,0xf9b3,0x11198,0xf9b4,0x11199,0xf9b5,0x1119a,0xf9b6,0x1119b,0xf9b7,0x1119c,
    0xf9b8,0x1119d,0xf9b9,0x1119e,0xf9ba,0x1119f,0xf9bb,0x111a0,0xf9bc,0x111a1,0xf9bd,0x111a2,0xf9be,0x111a3,
    0xf9bf,0x111a4,0xf9c0,0x111a5,0xf9c1,0x111a6,0xf9c2,0x111a7,0xf9c3,0x111a8,0xf9c4,0x111a9,0xf9c5,0x111aa,
    0xf9c6,0x111ab,0xf9c7,0x111ac,0xf9c8,0x111ad,0xf9c9,0x111ae,0xf9ca,0x111af,0xf9cb,0x111b0,0xf9cc,0x111b1,
    0xf9cd,0x111b2,0xf9ce,0x111b3,0xf9cf,0x111b4,0xf9d0,0x111b5,0xf9d1,0x111b6,0xf9d2,0x111b7,0xf9d3,0x111b8,
    0xf9d4,0x111b9,0xf9d5,0x111ba,0xf9d6,0x111bb,0xf9d7,0x111bc,0xf9d8,0x111bd,0xf9d9,0x111be,0xf9da,0x111bf,
    0xf9db,0x111c0,0xf9dc,0x111c1,0xf9dd,0x111c2,0xf9de,0x111c3,0xf9df,0x111c4,0xf9e0,0x111c5,0xf9e1,0x111c6,
    0xf9e2,0x111c7,0xf9e3,0x111c8,0xf9e4,0x111c9,0xf9e5,0x111ca,0xf9e6,0x111cb,0xf9e7,0x111cc,0xf9e8,0x111cd,
    0xf9e9,0x111ce,0xf9ea,0x111cf,0xf9eb,0x111d0,0xf9ec,0x111d1,0xf9ed,0x111d2,0xf9ee,0x111d3,0xf9ef,0x111d4,
    0xf9f0,0x111d5,0xf9f1,0x111d6,0xf9f2,0x111d7,0xf9f3,0x111d8,0xf9f4,0x111d9,0xf9f5,0x111da,0xf9f6,0x111db,
    0xf9f7,0x111dc,0xf9f8,0x111dd,0xf9f9,0x111de,0xf9fa,0x111df,0xf9fb,0x111e0,0xf9fc,0x111e1,0xf9fd,0x111e2,
    0xf9fe,0x111e3,0xf9ff,0x111e4,0xfa00,0x111e5,0xfa01,0x111e6,0xfa02,0x111e7,0xfa03,0x111e8,0xfa04,0x111e9,
    0xfa05,0x111ea,0xfa06,0x111eb,0xfa07,0x111ec,0xfa08,0x111ed,0xfa09,0x111ee,0xfa0a,0x111ef,0xfa0b,0x111f0,
    0xfa0c,0x111f1,0xfa0d,0x111f2,0xfa10,0x111f3,0xfa12,0x111f4,0xfa15,0x111f5,0xfa16,0x111f6,0xfa17,0x111f7,
    0xfa18,0x111f8,0xfa19,0x111f9,0xfa1a,0x111fa,0xfa1b,0x111fb,0xfa1c,0x111fc,0xfa1d,0x111fd,0xfa1e,0x111fe,
    0xfa20,0x111ff,0xfa22,0x11200,0xfa25,0x11201,0xfa26,0x11202,0xfa2a,0x11203,0xfa2b,0x11204,0xfa2c,0x11205,
    0xfa2d,0x11206,0xfa2e,0x11207,0xfa2f,0x11208,0xfa30,0x11209,0xfa31,0x1120a,0xfa32,0x1120b,0xfa33,0x1120c,
    0xfa34,0x1120d,0xfa35,0x1120e,0xfa36,0x1120f,0xfa37,0x11210,0xfa38,0x11211,0xfa39,0x11212,0xfa3a,0x11213,
    0xfa3b,0x11214,0xfa3c,0x11215,0xfa3d,0x11216,0xfa3e,0x11217,0xfa3f,0x11218,0xfa40,0x11219,0xfa41,0x1121a,
    0xfa42,0x1121b,0xfa43,0x1121c,0xfa44,0x1121d,0xfa45,0x1121e,0xfa46,0x1121f,0xfa47,0x11220,0xfa48,0x11221,
    0xfa49,0x11222,0xfa4a,0x11223,0xfa4b,0x11224,0xfa4c,0x11225,0xfa4d,0x11226,0xfa4e,0x11227,0xfa4f,0x11228,
    0xfa50,0x11229,0xfa51,0x1122a,0xfa52,0x1122b,0xfa53,0x1122c,0xfa54,0x1122d,0xfa55,0x1122e,0xfa56,0x1122f,
    0xfa57,0x11230,0xfa58,0x11231,0xfa59,0x11232,0xfa5a,0x11233,0xfa5b,0x11234,0xfa5c,0x11235,0xfa5d,0x11236,
    0xfa5e,0x11237,0xfa5f,0x11238,0xfa60,0x11239,0xfa61,0x1123a,0xfa62,0x1123b,0xfa63,0x1123c,0xfa64,0x1123d,
    0xfa65,0x1123e,0xfa66,0x1123f,0xfa67,0x11240,0xfa68,0x11241,0xfa69,0x11242,0xfa6a,0x11243,0xfa6b,0x11244,
    0xfa6c,0x11245,0xfa6d,0x11246,0xfa70,0x11247,0xfa71,0x11248,0xfa72,0x11249,0xfa73,0x1124a,0xfa74,0x1124b,
    0xfa75,0x1124c,0xfa76,0x1124d,0xfa77,0x1124e,0xfa78,0x1124f,0xfa79,0x11250,0xfa7a,0x11251,0xfa7b,0x11252,
    0xfa7c,0x11253,0xfa7d,0x11254,0xfa7e,0x11255,0xfa7f,0x11256,0xfa80,0x11257,0xfa81,0x11258,0xfa82,0x11259,
    0xfa83,0x1125a,0xfa84,0x1125b,0xfa85,0x1125c,0xfa86,0x1125d,0xfa87,0x1125e,0xfa88,0x1125f,0xfa89,0x11260,
    0xfa8a,0x11261,0xfa8b,0x11262,0xfa8c,0x11263,0xfa8d,0x11264,0xfa8e,0x11265,0xfa8f,0x11266,0xfa90,0x11267,
    0xfa91,0x11268,0xfa92,0x11269,0xfa93,0x1126a,0xfa94,0x1126b,0xfa95,0x1126c,0xfa96,0x1126d,0xfa97,0x1126e,
    0xfa98,0x1126f,0xfa99,0x11270,0xfa9a,0x11271,0xfa9b,0x11272,0xfa9c,0x11273,0xfa9d,0x11274,0xfa9e,0x11275,
    0xfa9f,0x11276,0xfaa0,0x11277,0xfaa1,0x11278,0xfaa2,0x11279,0xfaa3,0x1127a,0xfaa4,0x1127b,0xfaa5,0x1127c,
    0xfaa6,0x1127d,0xfaa7,0x1127e,0xfaa8,0x1127f,0xfaa9,0x11280,0xfaaa,0x11281,0xfaab,0x11282,0xfaac,0x11283,
    0xfaad,0x11284,0xfaae,0x11285,0xfaaf,0x11286,0xfab0,0x11287,0xfab1,0x11288,0xfab2,0x11289,0xfab3,0x1128a,
    0xfab4,0x1128b,0xfab5,0x1128c,0xfab6,0x1128d,0xfab7,0x1128e,0xfab8,0x1128f,0xfab9,0x11290,0xfaba,0x11291,
    0xfabb,0x11292,0xfabc,0x11293,0xfabd,0x11294,0xfabe,0x11295,0xfabf,0x11296,0xfac0,0x11297,0xfac1,0x11298,
    0xfac2,0x11299,0xfac3,0x1129a,0xfac4,0x1129b,0xfac5,0x1129c,0xfac6,0x1129d,0xfac7,0x1129e,0xfac8,0x1129f,
    0xfac9,0x112a0,0xfaca,0x112a1,0xfacb,0x112a2,0xfacc,0x112a3,0xfacd,0x112a4,0xface,0x112a5,0xfacf,0x112a6,
    0xfad0,0x112a7,0xfad1,0x112a8,0xfad2,0x112a9,0xfad3,0x112aa,0xfad4,0x112ab,0xfad5,0x112ac,0xfad6,0x112ad,
    0xfad7,0x112ae,0xfad8,0x112af,0xfad9,0x112b0,0xfb00,0x10212b1,0xfb01,0x10212b3,0xfb02,0x10212b5,0xfb03,
    0x10312b7,0xfb04,0x10312ba,0xfb05,0x10212bd,0xfb06,0x10212bf,0xfb13,0x10212c1,0xfb14,0x10212c3,0xfb15,
    0x10212c5,0xfb16,0x10212c7,0xfb17,0x10212c9,0xfb1d,0x212cb,0xfb1f,0x212cd,0xfb20,0x10112cf,0xfb21,0x10112d0,
    0xfb22,0x10112d1,0xfb23,0x10112d2,0xfb24,0x10112d3,0xfb25,0x10112d4,0xfb26,0x10112d5,0xfb27,0x10112d6,0xfb28,
    0x10112d7,0xfb29,0x10112d8,0xfb2a,0x212d9,0xfb2b,0x212db,0xfb2c,0x212dd,0xfb2d,0x212df,0xfb2e,0x212e1,0xfb2f,
    0x212e3,0xfb30,0x212e5,0xfb31,0x212e7,0xfb32,0x212e9,0xfb33,0x212eb,0xfb34,0x212ed,0xfb35,0x212ef,0xfb36,
    0x212f1,0xfb38,0x212f3,0xfb39,0x212f5,0xfb3a,0x212f7,0xfb3b,0x212f9,0xfb3c,0x212fb,0xfb3e,0x212fd,0xfb40,
    0x212ff,0xfb41,0x21301,0xfb43,0x21303,0xfb44,0x21305,0xfb46,0x21307,0xfb47,0x21309,0xfb48,0x2130b,0xfb49,
    0x2130d,0xfb4a,0x2130f,0xfb4b,0x21311,0xfb4c,0x21313,0xfb4d,0x21315,0xfb4e,0x21317,0xfb4f,0x1021319,0xfb50,
    0x101131b,0xfb51,0x101131c,0xfb52,0x101131d,0xfb53,0x101131e,0xfb54,0x101131f,0xfb55,0x1011320,0xfb56,
    0x1011321,0xfb57,0x1011322,0xfb58,0x1011323,0xfb59,0x1011324,0xfb5a,0x1011325,0xfb5b,0x1011326,0xfb5c,
    0x1011327,0xfb5d,0x1011328,0xfb5e,0x1011329,0xfb5f,0x101132a,0xfb60,0x101132b,0xfb61,0x101132c,0xfb62,
    0x101132d,0xfb63,0x101132e,0xfb64,0x101132f,0xfb65,0x1011330,0xfb66,0x1011331,0xfb67,0x1011332,0xfb68,
    0x1011333,0xfb69,0x1011334,0xfb6a,0x1011335,0xfb6b,0x1011336,0xfb6c,0x1011337,0xfb6d,0x1011338,0xfb6e,
    0x1011339,0xfb6f,0x101133a,0xfb70,0x101133b,0xfb71,0x101133c,0xfb72,0x101133d,0xfb73,0x101133e,0xfb74,
    0x101133f,0xfb75,0x1011340,0xfb76,0x1011341,0xfb77,0x1011342,0xfb78,0x1011343,0xfb79,0x1011344,0xfb7a,
    0x1011345,0xfb7b,0x1011346,0xfb7c,0x1011347,0xfb7d,0x1011348,0xfb7e,0x1011349,0xfb7f,0x101134a,0xfb80,
    0x101134b,0xfb81,0x101134c,0xfb82,0x101134d,0xfb83,0x101134e,0xfb84,0x101134f,0xfb85,0x1011350,0xfb86,
    0x1011351,0xfb87,0x1011352,0xfb88,0x1011353,0xfb89,0x1011354,0xfb8a,0x1011355,0xfb8b,0x1011356,0xfb8c,
    0x1011357,0xfb8d,0x1011358,0xfb8e,0x1011359,0xfb8f,0x101135a,0xfb90,0x101135b,0xfb91,0x101135c,0xfb92,
    0x101135d,0xfb93,0x101135e,0xfb94,0x101135f,0xfb95,0x1011360,0xfb96,0x1011361,0xfb97,0x1011362,0xfb98,
    0x1011363,0xfb99,0x1011364,0xfb9a,0x1011365,0xfb9b,0x1011366,0xfb9c,0x1011367,0xfb9d,0x1011368,0xfb9e,
    0x1011369,0xfb9f,0x101136a,0xfba0,0x101136b,0xfba1,0x101136c,0xfba2,0x101136d,0xfba3,0x101136e,0xfba4,
    0x101136f,0xfba5,0x1011370,0xfba6,0x1011371,0xfba7,0x1011372,0xfba8,0x1011373,0xfba9,0x1011374,0xfbaa,
    0x1011375,0xfbab,0x1011376,0xfbac,0x1011377,0xfbad,0x1011378,0xfbae,0x1011379,0xfbaf,0x101137a,0xfbb0,
    0x101137b,0xfbb1,0x101137c,0xfbd3,0x101137d,0xfbd4,0x101137e,0xfbd5,0x101137f,0xfbd6,0x1011380,0xfbd7,
    0x1011381,0xfbd8,0x1011382,0xfbd9,0x1011383,0xfbda,0x1011384,0xfbdb,0x1011385,0xfbdc,0x1011386,0xfbdd,
    0x1011387,0xfbde,0x1011388,0xfbdf,0x1011389,0xfbe0,0x101138a,0xfbe1,0x101138b,0xfbe2,0x101138c,0xfbe3,
    0x101138d,0xfbe4,0x101138e,0xfbe5,0x101138f,0xfbe6,0x1011390,0xfbe7,0x1011391,0xfbe8,0x1011392,0xfbe9,
    0x1011393,0xfbea,0x1021394,0xfbeb,0x1021396,0xfbec,0x1021398,0xfbed,0x102139a,0xfbee,0x102139c,0xfbef,
    0x102139e,0xfbf0,0x10213a0,0xfbf1,0x10213a2,0xfbf2,0x10213a4,0xfbf3,0x10213a6,0xfbf4,0x10213a8,0xfbf5,
    0x10213aa,0xfbf6,0x10213ac,0xfbf7,0x10213ae,0xfbf8,0x10213b0,0xfbf9,0x10213b2,0xfbfa,0x10213b4,0xfbfb,
    0x10213b6,0xfbfc,0x10113b8,0xfbfd,0x10113b9,0xfbfe,0x10113ba,0xfbff,0x10113bb,0xfc00,0x10213bc,0xfc01,
    0x10213be,0xfc02,0x10213c0,0xfc03,0x10213c2,0xfc04,0x10213c4,0xfc05,0x10213c6,0xfc06,0x10213c8,0xfc07,
    0x10213ca,0xfc08,0x10213cc,0xfc09,0x10213ce,0xfc0a,0x10213d0,0xfc0b,0x10213d2,0xfc0c,0x10213d4,0xfc0d,
    0x10213d6,0xfc0e,0x10213d8,0xfc0f,0x10213da,0xfc10,0x10213dc,0xfc11,0x10213de,0xfc12,0x10213e0,0xfc13,
    0x10213e2,0xfc14,0x10213e4,0xfc15,0x10213e6,0xfc16,0x10213e8,0xfc17,0x10213ea,0xfc18,0x10213ec,0xfc19,
    0x10213ee,0xfc1a,0x10213f0,0xfc1b,0x10213f2,0xfc1c,0x10213f4,0xfc1d,0x10213f6,0xfc1e,0x10213f8,0xfc1f,
    0x10213fa,0xfc20,0x10213fc,0xfc21,0x10213fe,0xfc22,0x1021400,0xfc23,0x1021402,0xfc24,0x1021404,0xfc25,
    0x1021406,0xfc26,0x1021408,0xfc27,0x102140a,0xfc28,0x102140c,0xfc29,0x102140e,0xfc2a,0x1021410,0xfc2b,
    0x1021412,0xfc2c,0x1021414,0xfc2d,0x1021416,0xfc2e,0x1021418,0xfc2f,0x102141a,0xfc30,0x102141c,0xfc31,
    0x102141e,0xfc32,0x1021420,0xfc33,0x1021422,0xfc34,0x1021424,0xfc35,0x1021426,0xfc36,0x1021428,0xfc37,
    0x102142a,0xfc38,0x102142c,0xfc39,0x102142e,0xfc3a,0x1021430,0xfc3b,0x1021432,0xfc3c,0x1021434,0xfc3d,
    0x1021436,0xfc3e,0x1021438,0xfc3f,0x102143a,0xfc40,0x102143c,0xfc41,0x102143e,0xfc42,0x1021440,0xfc43,
    0x1021442,0xfc44,0x1021444,0xfc45,0x1021446,0xfc46,0x1021448,0xfc47,0x102144a,0xfc48,0x102144c,0xfc49,
    0x102144e,0xfc4a,0x1021450,0xfc4b,0x1021452,0xfc4c,0x1021454,0xfc4d,0x1021456,0xfc4e,0x1021458,0xfc4f,
    0x102145a,0xfc50,0x102145c,0xfc51,0x102145e,0xfc52,0x1021460,0xfc53,0x1021462,0xfc54,0x1021464,0xfc55,
    0x1021466,0xfc56,0x1021468,0xfc57,0x102146a,0xfc58,0x102146c,0xfc59,0x102146e,0xfc5a,0x1021470,0xfc5b,
    0x1021472,0xfc5c,0x1021474,0xfc5d,0x1021476,0xfc5e,0x1031478,0xfc5f,0x103147b,0xfc60,0x103147e,0xfc61,
    0x1031481,0xfc62,0x1031484,0xfc63,0x1031487,0xfc64,0x102148a,0xfc65,0x102148c,0xfc66,0x102148e,0xfc67,
    0x1021490,0xfc68,0x1021492,0xfc69,0x1021494,0xfc6a,0x1021496,0xfc6b,0x1021498,0xfc6c,0x102149a,0xfc6d,
    0x102149c,0xfc6e,0x102149e,0xfc6f,0x10214a0,0xfc70,0x10214a2,0xfc71,0x10214a4,0xfc72,0x10214a6,0xfc73,
    0x10214a8,0xfc74,0x10214aa,0xfc75,0x10214ac,0xfc76,0x10214ae,0xfc77,0x10214b0,0xfc78,0x10214b2,0xfc79,
    0x10214b4,0xfc7a,0x10214b6,0xfc7b,0x10214b8,0xfc7c,0x10214ba,0xfc7d,0x10214bc,0xfc7e,0x10214be,0xfc7f,
    0x10214c0,0xfc80,0x10214c2,0xfc81,0x10214c4,0xfc82,0x10214c6,0xfc83,0x10214c8,0xfc84,0x10214ca,0xfc85,
    0x10214cc,0xfc86,0x10214ce,0xfc87,0x10214d0,0xfc88,0x10214d2,0xfc89,0x10214d4,0xfc8a,0x10214d6,0xfc8b,
    0x10214d8,0xfc8c,0x10214da,0xfc8d,0x10214dc,0xfc8e,0x10214de,0xfc8f,0x10214e0,0xfc90,0x10214e2,0xfc91,
    0x10214e4,0xfc92,0x10214e6,0xfc93,0x10214e8,0xfc94,0x10214ea,0xfc95,0x10214ec,0xfc96,0x10214ee,0xfc97,
    0x10214f0,0xfc98,0x10214f2,0xfc99,0x10214f4,0xfc9a,0x10214f6,0xfc9b,0x10214f8,0xfc9c,0x10214fa,0xfc9d,
    0x10214fc,0xfc9e,0x10214fe,0xfc9f,0x1021500,0xfca0,0x1021502,0xfca1,0x1021504,0xfca2,0x1021506,0xfca3,
    0x1021508,0xfca4,0x102150a,0xfca5,0x102150c,0xfca6,0x102150e,0xfca7,0x1021510,0xfca8,0x1021512,0xfca9,
    0x1021514,0xfcaa,0x1021516,0xfcab,0x1021518,0xfcac,0x102151a,0xfcad,0x102151c,0xfcae,0x102151e,0xfcaf,
    0x1021520,0xfcb0,0x1021522,0xfcb1,0x1021524,0xfcb2,0x1021526,0xfcb3,0x1021528,0xfcb4,0x102152a,0xfcb5,
    0x102152c,0xfcb6,0x102152e,0xfcb7,0x1021530,0xfcb8,0x1021532,0xfcb9,0x1021534,0xfcba,0x1021536,0xfcbb,
    0x1021538,0xfcbc,0x102153a,0xfcbd,0x102153c,0xfcbe,0x102153e,0xfcbf,0x1021540,0xfcc0,0x1021542,0xfcc1,
    0x1021544,0xfcc2,0x1021546,0xfcc3,0x1021548,0xfcc4,0x102154a,0xfcc5,0x102154c,0xfcc6,0x102154e,0xfcc7,
    0x1021550,0xfcc8,0x1021552,0xfcc9,0x1021554,0xfcca,0x1021556,0xfccb,0x1021558,0xfccc,0x102155a,0xfccd,
    0x102155c,0xfcce,0x102155e,0xfccf,0x1021560,0xfcd0,0x1021562,0xfcd1,0x1021564,0xfcd2,0x1021566,0xfcd3,
    0x1021568,0xfcd4,0x102156a,0xfcd5,0x102156c,0xfcd6,0x102156e,0xfcd7,0x1021570,0xfcd8,0x1021572,0xfcd9,
    0x1021574,0xfcda,0x1021576,0xfcdb,0x1021578,0xfcdc,0x102157a,0xfcdd,0x102157c,0xfcde,0x102157e,0xfcdf,
    0x1021580,0xfce0,0x1021582,0xfce1,0x1021584,0xfce2,0x1021586,0xfce3,0x1021588,0xfce4,0x102158a,0xfce5,
    0x102158c,0xfce6,0x102158e,0xfce7,0x1021590,0xfce8,0x1021592,0xfce9,0x1021594,0xfcea,0x1021596,0xfceb,
    0x1021598,0xfcec,0x102159a,0xfced,0x102159c,0xfcee,0x102159e,0xfcef,0x10215a0,0xfcf0,0x10215a2,0xfcf1,
    0x10215a4,0xfcf2,0x10315a6,0xfcf3,0x10315a9,0xfcf4,0x10315ac,0xfcf5,0x10215af,0xfcf6,0x10215b1,0xfcf7,
    0x10215b3,0xfcf8,0x10215b5,0xfcf9,0x10215b7,0xfcfa,0x10215b9,0xfcfb,0x10215bb,0xfcfc,0x10215bd,0xfcfd,
    0x10215bf,0xfcfe,0x10215c1,0xfcff,0x10215c3,0xfd00,0x10215c5,0xfd01,0x10215c7,0xfd02,0x10215c9,0xfd03,
    0x10215cb,0xfd04,0x10215cd,0xfd05,0x10215cf,0xfd06,0x10215d1,0xfd07,0x10215d3,0xfd08,0x10215d5,0xfd09,
    0x10215d7,0xfd0a,0x10215d9,0xfd0b,0x10215db,0xfd0c,0x10215dd,0xfd0d,0x10215df,0xfd0e,0x10215e1,0xfd0f,
    0x10215e3,0xfd10,0x10215e5,0xfd11,0x10215e7,0xfd12,0x10215e9,0xfd13,0x10215eb,0xfd14,0x10215ed,0xfd15,
    0x10215ef,0xfd16,0x10215f1,0xfd17,0x10215f3,0xfd18,0x10215f5,0xfd19,0x10215f7,0xfd1a,0x10215f9,0xfd1b,
    0x10215fb,0xfd1c,0x10215fd,0xfd1d,0x10215ff,0xfd1e,0x1021601,0xfd1f,0x1021603,0xfd20,0x1021605,0xfd21,
    0x1021607,0xfd22,0x1021609,0xfd23,0x102160b,0xfd24,0x102160d,0xfd25,0x102160f,0xfd26,0x1021611,0xfd27,
    0x1021613,0xfd28,0x1021615,0xfd29,0x1021617,0xfd2a,0x1021619,0xfd2b,0x102161b,0xfd2c,0x102161d,0xfd2d,
    0x102161f,0xfd2e,0x1021621,0xfd2f,0x1021623,0xfd30,0x1021625,0xfd31,0x1021627,0xfd32,0x1021629,0xfd33,
    0x102162b,0xfd34,0x102162d,0xfd35,0x102162f,0xfd36,0x1021631,0xfd37,0x1021633,0xfd38,0x1021635,0xfd39,
    0x1021637,0xfd3a,0x1021639,0xfd3b,0x102163b,0xfd3c,0x102163d,0xfd3d,0x102163f,0xfd50,0x1031641,0xfd51,
    0x1031644,0xfd52,0x1031647,0xfd53,0x103164a,0xfd54,0x103164d,0xfd55,0x1031650,0xfd56,0x1031653,0xfd57,
    0x1031656,0xfd58,0x1031659,0xfd59,0x103165c,0xfd5a,0x103165f,0xfd5b,0x1031662,0xfd5c,0x1031665,0xfd5d,
    0x1031668,0xfd5e,0x103166b,0xfd5f,0x103166e,0xfd60,0x1031671,0xfd61,0x1031674,0xfd62,0x1031677,0xfd63,
    0x103167a,0xfd64,0x103167d,0xfd65,0x1031680,0xfd66,0x1031683,0xfd67,0x1031686,0xfd68,0x1031689,0xfd69,
    0x103168c,0xfd6a,0x103168f,0xfd6b,0x1031692,0xfd6c,0x1031695,0xfd6d,0x1031698,0xfd6e,0x103169b,0xfd6f,
    0x103169e,0xfd70,0x10316a1,0xfd71,0x10316a4,0xfd72,0x10316a7,0xfd73,0x10316aa,0xfd74,0x10316ad,0xfd75,
    0x10316b0,0xfd76,0x10316b3,0xfd77,0x10316b6,0xfd78,0x10316b9,0xfd79,0x10316bc,0xfd7a,0x10316bf,0xfd7b,
    0x10316c2,0xfd7c,0x10316c5,0xfd7d,0x10316c8,0xfd7e,0x10316cb,0xfd7f,0x10316ce,0xfd80,0x10316d1,0xfd81,
    0x10316d4,0xfd82,0x10316d7,0xfd83,0x10316da,0xfd84,0x10316dd,0xfd85,0x10316e0,0xfd86,0x10316e3,0xfd87,
    0x10316e6,0xfd88,0x10316e9,0xfd89,0x10316ec,0xfd8a,0x10316ef,0xfd8b,0x10316f2,0xfd8c,0x10316f5,0xfd8d,
    0x10316f8,0xfd8e,0x10316fb,0xfd8f,0x10316fe,0xfd92,0x1031701,0xfd93,0x1031704,0xfd94,0x1031707,0xfd95,
    0x103170a,0xfd96,0x103170d,0xfd97,0x1031710,0xfd98,0x1031713,0xfd99,0x1031716,0xfd9a,0x1031719,0xfd9b,
    0x103171c,0xfd9c,0x103171f,0xfd9d,0x1031722,0xfd9e,0x1031725,0xfd9f,0x1031728,0xfda0,0x103172b,0xfda1,
    0x103172e,0xfda2,0x1031731,0xfda3,0x1031734,0xfda4,0x1031737,0xfda5,0x103173a,0xfda6,0x103173d,0xfda7,
    0x1031740,0xfda8,0x1031743,0xfda9,0x1031746,0xfdaa,0x1031749,0xfdab,0x103174c,0xfdac,0x103174f,0xfdad,
    0x1031752,0xfdae,0x1031755,0xfdaf,0x1031758,0xfdb0,0x103175b,0xfdb1,0x103175e,0xfdb2,0x1031761,0xfdb3,
    0x1031764,0xfdb4,0x1031767,0xfdb5,0x103176a,0xfdb6,0x103176d,0xfdb7,0x1031770,0xfdb8,0x1031773,0xfdb9,
    0x1031776,0xfdba,0x1031779,0xfdbb,0x103177c,0xfdbc,0x103177f,0xfdbd,0x1031782,0xfdbe,0x1031785,0xfdbf,
    0x1031788,0xfdc0,0x103178b,0xfdc1,0x103178e,0xfdc2,0x1031791,0xfdc3,0x1031794,0xfdc4,0x1031797,0xfdc5,
    0x103179a,0xfdc6,0x103179d,0xfdc7,0x10317a0,0xfdf0,0x10317a3,0xfdf1,0x10317a6,0xfdf2,0x10417a9,0xfdf3,
    0x10417ad,0xfdf4,0x10417b1,0xfdf5,0x10417b5,0xfdf6,0x10417b9,0xfdf7,0x10417bd,0xfdf8,0x10417c1,0xfdf9,
    0x10317c5,0xfdfa,0x11217c8,0xfdfb,0x10817da,0xfdfc,0x10417e2,0xfe10,0x10117e6,0xfe11,0x10117e7,0xfe12,
    0x10117e8,0xfe13,0x10117e9,0xfe14,0x10117ea,0xfe15,0x10117eb,0xfe16,0x10117ec,0xfe17,0x10117ed,0xfe18,
    0x10117ee,0xfe19,0x10117ef,0xfe30,0x10117f0,0xfe31,0x10117f1,0xfe32,0x10117f2,0xfe33,0x10117f3,0xfe34,
    0x10117f4,0xfe35,0x10117f5,0xfe36,0x10117f6,0xfe37,0x10117f7,0xfe38,0x10117f8,0xfe39,0x10117f9,0xfe3a,
    0x10117fa,0xfe3b,0x10117fb,0xfe3c,0x10117fc,0xfe3d,0x10117fd,0xfe3e,0x10117fe,0xfe3f,0x10117ff,0xfe40,
    0x1011800,0xfe41,0x1011801,0xfe42,0x1011802,0xfe43,0x1011803,0xfe44,0x1011804,0xfe47,0x1011805,0xfe48,
    0x1011806,0xfe49,0x1011807,0xfe4a,0x1011808,0xfe4b,0x1011809,0xfe4c,0x101180a,0xfe4d,0x101180b,0xfe4e,
    0x101180c,0xfe4f,0x101180d,0xfe50,0x101180e,0xfe51,0x101180f,0xfe52,0x1011810,0xfe54,0x1011811,0xfe55,
    0x1011812,0xfe56,0x1011813,0xfe57,0x1011814,0xfe58,0x1011815,0xfe59,0x1011816,0xfe5a,0x1011817,0xfe5b,
    0x1011818,0xfe5c,0x1011819,0xfe5d,0x101181a,0xfe5e,0x101181b,0xfe5f,0x101181c,0xfe60,0x101181d,0xfe61,
    0x101181e,0xfe62,0x101181f,0xfe63,0x1011820,0xfe64,0x1011821,0xfe65,0x1011822,0xfe66,0x1011823,0xfe68,
    0x1011824,0xfe69,0x1011825,0xfe6a,0x1011826,0xfe6b,0x1011827,0xfe70,0x1021828,0xfe71,0x102182a,0xfe72,
    0x102182c,0xfe74,0x102182e,0xfe76,0x1021830,0xfe77,0x1021832,0xfe78,0x1021834,0xfe79,0x1021836,0xfe7a,
    0x1021838,0xfe7b,0x102183a,0xfe7c,0x102183c,0xfe7d,0x102183e,0xfe7e,0x1021840,0xfe7f,0x1021842,0xfe80,
    0x1011844,0xfe81,0x1011845,0xfe82,0x1011846,0xfe83,0x1011847,0xfe84,0x1011848,0xfe85,0x1011849,0xfe86,
    0x101184a,0xfe87,0x101184b,0xfe88,0x101184c,0xfe89,0x101184d,0xfe8a,0x101184e,0xfe8b,0x101184f,0xfe8c,
    0x1011850,0xfe8d,0x1011851,0xfe8e,0x1011852,0xfe8f,0x1011853,0xfe90,0x1011854,0xfe91,0x1011855,0xfe92,
    0x1011856,0xfe93,0x1011857,0xfe94,0x1011858,0xfe95,0x1011859,0xfe96,0x101185a,0xfe97,0x101185b,0xfe98,
    0x101185c,0xfe99,0x101185d,0xfe9a,0x101185e,0xfe9b,0x101185f,0xfe9c,0x1011860,0xfe9d,0x1011861,0xfe9e,
    0x1011862,0xfe9f,0x1011863,0xfea0,0x1011864,0xfea1,0x1011865,0xfea2,0x1011866,0xfea3,0x1011867,0xfea4,
    0x1011868,0xfea5,0x1011869,0xfea6,0x101186a,0xfea7,0x101186b,0xfea8,0x101186c,0xfea9,0x101186d,0xfeaa,
    0x101186e,0xfeab,0x101186f,0xfeac,0x1011870,0xfead,0x1011871,0xfeae,0x1011872,0xfeaf,0x1011873,0xfeb0,
    0x1011874,0xfeb1,0x1011875,0xfeb2,0x1011876,0xfeb3,0x1011877,0xfeb4,0x1011878,0xfeb5,0x1011879,0xfeb6,
    0x101187a,0xfeb7,0x101187b,0xfeb8,0x101187c,0xfeb9,0x101187d,0xfeba,0x101187e,0xfebb,0x101187f,0xfebc,
    0x1011880,0xfebd,0x1011881,0xfebe,0x1011882,0xfebf,0x1011883,0xfec0,0x1011884,0xfec1,0x1011885,0xfec2,
    0x1011886,0xfec3,0x1011887,0xfec4,0x1011888,0xfec5,0x1011889,0xfec6,0x101188a,0xfec7,0x101188b,0xfec8,
    0x101188c,0xfec9,0x101188d,0xfeca,0x101188e,0xfecb,0x101188f,0xfecc,0x1011890,0xfecd,0x1011891,0xfece,
    0x1011892,0xfecf,0x1011893,0xfed0,0x1011894,0xfed1,0x1011895,0xfed2,0x1011896,0xfed3,0x1011897,0xfed4,
    0x1011898,0xfed5,0x1011899,0xfed6,0x101189a,0xfed7,0x101189b,0xfed8,0x101189c,0xfed9,0x101189d,0xfeda,
    0x101189e,0xfedb,0x101189f,0xfedc,0x10118a0,0xfedd,0x10118a1,0xfede,0x10118a2,0xfedf,0x10118a3,0xfee0,
    0x10118a4,0xfee1,0x10118a5,0xfee2,0x10118a6,0xfee3,0x10118a7,0xfee4,0x10118a8,0xfee5,0x10118a9,0xfee6,
    0x10118aa,0xfee7,0x10118ab,0xfee8,0x10118ac,0xfee9,0x10118ad,0xfeea,0x10118ae,0xfeeb,0x10118af,0xfeec,
    0x10118b0,0xfeed,0x10118b1,0xfeee,0x10118b2,0xfeef,0x10118b3,0xfef0,0x10118b4,0xfef1,0x10118b5,0xfef2,
    0x10118b6,0xfef3,0x10118b7,0xfef4,0x10118b8,0xfef5,0x10218b9,0xfef6,0x10218bb,0xfef7,0x10218bd,0xfef8,
    0x10218bf,0xfef9,0x10218c1,0xfefa,0x10218c3,0xfefb,0x10218c5,0xfefc,0x10218c7,0xff01,0x10118c9,0xff02,
    0x10118ca,0xff03,0x10118cb,0xff04,0x10118cc,0xff05,0x10118cd,0xff06,0x10118ce,0xff07,0x10118cf,0xff08,
    0x10118d0,0xff09,0x10118d1,0xff0a,0x10118d2,0xff0b,0x10118d3,0xff0c,0x10118d4,0xff0d,0x10118d5,0xff0e,
    0x10118d6,0xff0f,0x10118d7,0xff10,0x10118d8,0xff11,0x10118d9,0xff12,0x10118da,0xff13,0x10118db,0xff14,
    0x10118dc,0xff15,0x10118dd,0xff16,0x10118de,0xff17,0x10118df,0xff18,0x10118e0,0xff19,0x10118e1,0xff1a,
    0x10118e2,0xff1b,0x10118e3,0xff1c,0x10118e4,0xff1d,0x10118e5,0xff1e,0x10118e6,0xff1f,0x10118e7,0xff20,
    0x10118e8,0xff21,0x10118e9,0xff22,0x10118ea,0xff23,0x10118eb,0xff24,0x10118ec,0xff25,0x10118ed,0xff26,
    0x10118ee,0xff27,0x10118ef,0xff28,0x10118f0,0xff29,0x10118f1,0xff2a,0x10118f2,0xff2b,0x10118f3,0xff2c,
    0x10118f4,0xff2d,0x10118f5,0xff2e,0x10118f6,0xff2f,0x10118f7,0xff30,0x10118f8,0xff31,0x10118f9,0xff32,
    0x10118fa,0xff33,0x10118fb,0xff34,0x10118fc,0xff35,0x10118fd,0xff36,0x10118fe,0xff37,0x10118ff,0xff38,
    0x1011900,0xff39,0x1011901,0xff3a,0x1011902,0xff3b,0x1011903,0xff3c,0x1011904,0xff3d,0x1011905,0xff3e,
    0x1011906,0xff3f,0x1011907,0xff40,0x1011908,0xff41,0x1011909,0xff42,0x101190a,0xff43,0x101190b,0xff44,
    0x101190c,0xff45,0x101190d,0xff46,0x101190e,0xff47,0x101190f,0xff48,0x1011910,0xff49,0x1011911,0xff4a,
    0x1011912,0xff4b,0x1011913,0xff4c,0x1011914,0xff4d,0x1011915,0xff4e,0x1011916,0xff4f,0x1011917,0xff50,
    0x1011918,0xff51,0x1011919,0xff52,0x101191a,0xff53,0x101191b,0xff54,0x101191c,0xff55,0x101191d,0xff56,
    0x101191e,0xff57,0x101191f,0xff58,0x1011920,0xff59,0x1011921,0xff5a,0x1011922,0xff5b,0x1011923,0xff5c,
    0x1011924,0xff5d,0x1011925,0xff5e,0x1011926,0xff5f,0x1011927,0xff60,0x1011928,0xff61,0x1011929,0xff62,
    0x101192a,0xff63,0x101192b,0xff64,0x101192c,0xff65,0x101192d,0xff66,0x101192e,0xff67,0x101192f,0xff68,
    0x1011930,0xff69,0x1011931,0xff6a,0x1011932,0xff6b,0x1011933,0xff6c,0x1011934,0xff6d,0x1011935,0xff6e,
    0x1011936,0xff6f,0x1011937,0xff70,0x1011938,0xff71,0x1011939,0xff72,0x101193a,0xff73,0x101193b,0xff74,
    0x101193c,0xff75,0x101193d,0xff76,0x101193e,0xff77,0x101193f,0xff78,0x1011940,0xff79,0x1011941,0xff7a,
    0x1011942,0xff7b,0x1011943,0xff7c,0x1011944,0xff7d,0x1011945,0xff7e,0x1011946,0xff7f,0x1011947,0xff80,
    0x1011948,0xff81,0x1011949,0xff82,0x101194a,0xff83,0x101194b,0xff84,0x101194c,0xff85,0x101194d,0xff86,
    0x101194e,0xff87,0x101194f,0xff88,0x1011950,0xff89,0x1011951,0xff8a,0x1011952,0xff8b,0x1011953,0xff8c,
    0x1011954,0xff8d,0x1011955,0xff8e,0x1011956,0xff8f,0x1011957,0xff90,0x1011958,0xff91,0x1011959,0xff92,
    0x101195a,0xff93,0x101195b,0xff94,0x101195c,0xff95,0x101195d,0xff96,0x101195e,0xff97,0x101195f,0xff98,
    0x1011960,0xff99,0x1011961,0xff9a,0x1011962,0xff9b,0x1011963,0xff9c,0x1011964,0xff9d,0x1011965,0xff9e,
    0x1011966,0xff9f,0x1011967,0xffa0,0x1011968,0xffa1,0x1011969,0xffa2,0x101196a,0xffa3,0x101196b,0xffa4,
    0x101196c,0xffa5,0x101196d,0xffa6,0x101196e,0xffa7,0x101196f,0xffa8,0x1011970,0xffa9,0x1011971,0xffaa,
    0x1011972,0xffab,0x1011973,0xffac,0x1011974,0xffad,0x1011975,0xffae,0x1011976,0xffaf,0x1011977,0xffb0,
    0x1011978,0xffb1,0x1011979,0xffb2,0x101197a,0xffb3,0x101197b,0xffb4,0x101197c,0xffb5,0x101197d,0xffb6,
    0x101197e,0xffb7,0x101197f,0xffb8,0x1011980,0xffb9,0x1011981,0xffba,0x1011982,0xffbb,0x1011983,0xffbc,
    0x1011984,0xffbd,0x1011985,0xffbe,0x1011986,0xffc2,0x1011987,0xffc3,0x1011988,0xffc4,0x1011989,0xffc5,
    0x101198a,0xffc6,0x101198b,0xffc7,0x101198c,0xffca,0x101198d,0xffcb,0x101198e,0xffcc,0x101198f,0xffcd,
    0x1011990,0xffce,0x1011991,0xffcf,0x1011992,0xffd2,0x1011993,0xffd3,0x1011994,0xffd4,0x1011995,0xffd5,
    0x1011996,0xffd6,0x1011997,0xffd7,0x1011998,0xffda,0x1011999,0xffdb,0x101199a,0xffdc,0x101199b,0xffe0,
    0x101199c,0xffe1,0x101199d,0xffe2,0x101199e,0xffe3,0x101199f,0xffe4,0x10119a0,0xffe5,0x10119a1,0xffe6,
    0x10119a2,0xffe8,0x10119a3,0xffe9,0x10119a4,0xffea,0x10119a5,0xffeb,0x10119a6,0xffec,0x10119a7,0xffed,
    0x10119a8,0xffee,0x10119a9,0x10781,0x10119aa,0x10782,0x10119ab,0x10783,0x10119ac,0x10784,0x10119ad,0x10785,
    0x10119ae,0x10787,0x10119af,0x10788,0x10119b0,0x10789,0x10119b1,0x1078a,0x10119b2,0x1078b,0x10119b3,0x1078c,
    0x10119b4,0x1078d,0x10119b5,0x1078e,0x10119b6,0x1078f,0x10119b7,0x10790,0x10119b8,0x10791,0x10119b9,0x10792,
    0x10119ba,0x10793,0x10119bb,0x10794,0x10119bc,0x10795,0x10119bd,0x10796,0x10119be,0x10797,0x10119bf,0x10798,
    0x10119c0,0x10799,0x10119c1,0x1079a,0x10119c2,0x1079b,0x10119c3,0x1079c,0x10119c4,0x1079d,0x10119c5,0x1079e,
    0x10119c6,0x1079f,0x10119c7,0x107a0,0x10119c8,0x107a1,0x10119c9,0x107a2,0x10119ca,0x107a3,0x10119cb,0x107a4,
    0x10119cc,0x107a5,0x10119cd,0x107a6,0x10119ce,0x107a7,0x10119cf,0x107a8,0x10119d0,0x107a9,0x10119d1,0x107aa,
    0x10119d2,0x107ab,0x10119d3,0x107ac,0x10119d4,0x107ad,0x10119d5,0x107ae,0x10119d6,0x107af,0x10119d7,0x107b0,
    0x10119d8,0x107b2,0x10119d9,0x107b3,0x10119da,0x107b4,0x10119db,0x107b5,0x10119dc,0x107b6,0x10119dd,0x107b7,
    0x10119de,0x107b8,0x10119df,0x107b9,0x10119e0,0x107ba,0x10119e1,0x1109a,0x219e2,0x1109c,0x219e4,0x110ab,
    0x219e6,0x1112e,0x219e8,0x1112f,0x219ea,0x1134b,0x219ec,0x1134c,0x219ee,0x114bb,0x219f0,0x114bc,0x219f2,
    0x114be,0x219f4,0x115ba,0x219f6,0x115bb,0x219f8,0x11938,0x219fa,0x1d15e,0x219fc,0x1d15f,0x219fe,0x1d160,
    0x21a00,0x1d161,0x21a02,0x1d162,0x21a04,0x1d163,0x21a06,0x1d164,0x21a08,0x1d1bb,0x21a0a,0x1d1bc,0x21a0c,
    0x1d1bd,0x21a0e,0x1d1be,0x21a10,0x1d1bf,0x21a12,0x1d1c0,0x21a14,0x1d400,0x1011a16,0x1d401,0x1011a17,0x1d402,
    0x1011a18,0x1d403,0x1011a19,0x1d404,0x1011a1a,0x1d405,0x1011a1b,0x1d406,0x1011a1c,0x1d407,0x1011a1d,0x1d408,
    0x1011a1e,0x1d409,0x1011a1f,0x1d40a,0x1011a20,0x1d40b,0x1011a21,0x1d40c,0x1011a22,0x1d40d,0x1011a23,0x1d40e,
    0x1011a24,0x1d40f,0x1011a25,0x1d410,0x1011a26,0x1d411,0x1011a27,0x1d412,0x1011a28,0x1d413,0x1011a29,0x1d414,
    0x1011a2a,0x1d415,0x1011a2b,0x1d416,0x1011a2c,0x1d417,0x1011a2d,0x1d418,0x1011a2e,0x1d419,0x1011a2f,0x1d41a,
    0x1011a30,0x1d41b,0x1011a31,0x1d41c,0x1011a32,0x1d41d,0x1011a33,0x1d41e,0x1011a34,0x1d41f,0x1011a35,0x1d420,
    0x1011a36,0x1d421,0x1011a37,0x1d422,0x1011a38,0x1d423,0x1011a39,0x1d424,0x1011a3a,0x1d425,0x1011a3b,0x1d426,
    0x1011a3c,0x1d427,0x1011a3d,0x1d428,0x1011a3e,0x1d429,0x1011a3f,0x1d42a,0x1011a40,0x1d42b,0x1011a41,0x1d42c,
    0x1011a42,0x1d42d,0x1011a43,0x1d42e,0x1011a44,0x1d42f,0x1011a45,0x1d430,0x1011a46,0x1d431,0x1011a47,0x1d432,
    0x1011a48,0x1d433,0x1011a49,0x1d434,0x1011a4a,0x1d435,0x1011a4b,0x1d436,0x1011a4c,0x1d437,0x1011a4d,0x1d438,
    0x1011a4e,0x1d439,0x1011a4f,0x1d43a,0x1011a50,0x1d43b,0x1011a51,0x1d43c,0x1011a52,0x1d43d,0x1011a53,0x1d43e,
    0x1011a54,0x1d43f,0x1011a55,0x1d440,0x1011a56,0x1d441,0x1011a57,0x1d442,0x1011a58,0x1d443,0x1011a59,0x1d444,
    0x1011a5a,0x1d445,0x1011a5b,0x1d446,0x1011a5c,0x1d447,0x1011a5d,0x1d448,0x1011a5e,0x1d449,0x1011a5f,0x1d44a,
    0x1011a60,0x1d44b,0x1011a61,0x1d44c,0x1011a62,0x1d44d,0x1011a63,0x1d44e,0x1011a64,0x1d44f,0x1011a65,0x1d450,
    0x1011a66,0x1d451,0x1011a67,0x1d452,0x1011a68,0x1d453,0x1011a69,0x1d454,0x1011a6a,0x1d456,0x1011a6b,0x1d457,
    0x1011a6c,0x1d458,0x1011a6d,0x1d459,0x1011a6e,0x1d45a,0x1011a6f,0x1d45b,0x1011a70,0x1d45c,0x1011a71,0x1d45d,
    0x1011a72,0x1d45e,0x1011a73,0x1d45f,0x1011a74,0x1d460,0x1011a75,0x1d461,0x1011a76,0x1d462,0x1011a77,0x1d463,
    0x1011a78,0x1d464,0x1011a79,0x1d465,0x1011a7a,0x1d466,0x1011a7b,0x1d467,0x1011a7c,0x1d468,0x1011a7d,0x1d469,
    0x1011a7e,0x1d46a,0x1011a7f,0x1d46b,0x1011a80,0x1d46c,0x1011a81,0x1d46d,0x1011a82,0x1d46e,0x1011a83,0x1d46f,
    0x1011a84,0x1d470,0x1011a85,0x1d471,0x1011a86,0x1d472,0x1011a87,0x1d473,0x1011a88,0x1d474,0x1011a89,0x1d475,
    0x1011a8a,0x1d476,0x1011a8b,0x1d477,0x1011a8c,0x1d478,0x1011a8d,0x1d479,0x1011a8e,0x1d47a,0x1011a8f,0x1d47b,
    0x1011a90,0x1d47c,0x1011a91,0x1d47d,0x1011a92,0x1d47e,0x1011a93,0x1d47f,0x1011a94,0x1d480,0x1011a95,0x1d481,
    0x1011a96,0x1d482,0x1011a97,0x1d483,0x1011a98,0x1d484,0x1011a99,0x1d485,0x1011a9a,0x1d486,0x1011a9b,0x1d487,
    0x1011a9c,0x1d488,0x1011a9d,0x1d489,0x1011a9e,0x1d48a,0x1011a9f,0x1d48b,0x1011aa0,0x1d48c,0x1011aa1,0x1d48d,
    0x1011aa2,0x1d48e,0x1011aa3,0x1d48f,0x1011aa4,0x1d490,0x1011aa5,0x1d491,0x1011aa6,0x1d492,0x1011aa7,0x1d493,
    0x1011aa8,0x1d494,0x1011aa9,0x1d495,0x1011aaa,0x1d496,0x1011aab,0x1d497,0x1011aac,0x1d498,0x1011aad,0x1d499,
    0x1011aae,0x1d49a,0x1011aaf,0x1d49b,0x1011ab0,0x1d49c,0x1011ab1,0x1d49e,0x1011ab2,0x1d49f,0x1011ab3,0x1d4a2,
    0x1011ab4,0x1d4a5,0x1011ab5,0x1d4a6,0x1011ab6,0x1d4a9,0x1011ab7,0x1d4aa,0x1011ab8,0x1d4ab,0x1011ab9,0x1d4ac,
    0x1011aba,0x1d4ae,0x1011abb,0x1d4af,0x1011abc,0x1d4b0,0x1011abd,0x1d4b1,0x1011abe,0x1d4b2,0x1011abf,0x1d4b3,
    0x1011ac0,0x1d4b4,0x1011ac1,0x1d4b5,0x1011ac2,0x1d4b6,0x1011ac3,0x1d4b7,0x1011ac4,0x1d4b8,0x1011ac5,0x1d4b9,
    0x1011ac6,0x1d4bb,0x1011ac7,0x1d4bd,0x1011ac8,0x1d4be,0x1011ac9,0x1d4bf,0x1011aca,0x1d4c0,0x1011acb,0x1d4c1,
    0x1011acc,0x1d4c2,0x1011acd,0x1d4c3,0x1011ace,0x1d4c5,0x1011acf,0x1d4c6,0x1011ad0,0x1d4c7,0x1011ad1,0x1d4c8,
    0x1011ad2,0x1d4c9,0x1011ad3,0x1d4ca,0x1011ad4,0x1d4cb,0x1011ad5,0x1d4cc,0x1011ad6,0x1d4cd,0x1011ad7,0x1d4ce,
    0x1011ad8,0x1d4cf,0x1011ad9,0x1d4d0,0x1011ada,0x1d4d1,0x1011adb,0x1d4d2,0x1011adc,0x1d4d3,0x1011add,0x1d4d4,
    0x1011ade,0x1d4d5,0x1011adf,0x1d4d6,0x1011ae0,0x1d4d7,0x1011ae1,0x1d4d8,0x1011ae2,0x1d4d9,0x1011ae3,0x1d4da,
    0x1011ae4,0x1d4db,0x1011ae5,0x1d4dc,0x1011ae6,0x1d4dd,0x1011ae7,0x1d4de,0x1011ae8,0x1d4df,0x1011ae9,0x1d4e0,
    0x1011aea,0x1d4e1,0x1011aeb,0x1d4e2,0x1011aec,0x1d4e3,0x1011aed,0x1d4e4,0x1011aee,0x1d4e5,0x1011aef,0x1d4e6,
    0x1011af0,0x1d4e7,0x1011af1,0x1d4e8,0x1011af2,0x1d4e9,0x1011af3,0x1d4ea,0x1011af4,0x1d4eb,0x1011af5,0x1d4ec,
    0x1011af6,0x1d4ed,0x1011af7,0x1d4ee,0x1011af8,0x1d4ef,0x1011af9,0x1d4f0,0x1011afa,0x1d4f1,0x1011afb,0x1d4f2,
    0x1011afc,0x1d4f3,0x1011afd,0x1d4f4,0x1011afe,0x1d4f5,0x1011aff,0x1d4f6,0x1011b00,0x1d4f7,0x1011b01,0x1d4f8,
    0x1011b02,0x1d4f9,0x1011b03,0x1d4fa,0x1011b04,0x1d4fb,0x1011b05,0x1d4fc,0x1011b06,0x1d4fd,0x1011b07,0x1d4fe,
    0x1011b08,0x1d4ff,0x1011b09,0x1d500,0x1011b0a,0x1d501,0x1011b0b,0x1d502,0x1011b0c,0x1d503,0x1011b0d,0x1d504,
    0x1011b0e,0x1d505,0x1011b0f,0x1d507,0x1011b10,0x1d508,0x1011b11,0x1d509,0x1011b12,0x1d50a,0x1011b13,0x1d50d,
    0x1011b14,0x1d50e,0x1011b15,0x1d50f,0x1011b16,0x1d510,0x1011b17,0x1d511,0x1011b18,0x1d512,0x1011b19,0x1d513,
    0x1011b1a,0x1d514,0x1011b1b,0x1d516,0x1011b1c,0x1d517,0x1011b1d,0x1d518,0x1011b1e,0x1d519,0x1011b1f,0x1d51a,
    0x1011b20,0x1d51b,0x1011b21,0x1d51c,0x1011b22,0x1d51e,0x1011b23,0x1d51f,0x1011b24,0x1d520,0x1011b25,0x1d521,
    0x1011b26,0x1d522,0x1011b27,0x1d523,0x1011b28,0x1d524,0x1011b29,0x1d525,0x1011b2a,0x1d526,0x1011b2b,0x1d527,
    0x1011b2c,0x1d528,0x1011b2d,0x1d529,0x1011b2e,0x1d52a,0x1011b2f,0x1d52b,0x1011b30,0x1d52c,0x1011b31,0x1d52d,
    0x1011b32,0x1d52e,0x1011b33,0x1d52f,0x1011b34,0x1d530,0x1011b35,0x1d531,0x1011b36,0x1d532,0x1011b37,0x1d533,
    0x1011b38,0x1d534,0x1011b39,0x1d535,0x1011b3a,0x1d536,0x1011b3b,0x1d537,0x1011b3c,0x1d538,0x1011b3d,0x1d539,
    0x1011b3e,0x1d53b,0x1011b3f,0x1d53c,0x1011b40,0x1d53d,0x1011b41,0x1d53e,0x1011b42,0x1d540,0x1011b43,0x1d541,
    0x1011b44,0x1d542,0x1011b45,0x1d543,0x1011b46,0x1d544,0x1011b47,0x1d546,0x1011b48,0x1d54a,0x1011b49,0x1d54b,
    0x1011b4a,0x1d54c,0x1011b4b,0x1d54d,0x1011b4c,0x1d54e,0x1011b4d,0x1d54f,0x1011b4e,0x1d550,0x1011b4f,0x1d552,
    0x1011b50,0x1d553,0x1011b51,0x1d554,0x1011b52,0x1d555,0x1011b53,0x1d556,0x1011b54,0x1d557,0x1011b55,0x1d558,
    0x1011b56,0x1d559,0x1011b57,0x1d55a,0x1011b58,0x1d55b,0x1011b59,0x1d55c,0x1011b5a,0x1d55d,0x1011b5b,0x1d55e,
    0x1011b5c,0x1d55f,0x1011b5d,0x1d560,0x1011b5e,0x1d561,0x1011b5f,0x1d562,0x1011b60,0x1d563,0x1011b61,0x1d564,
    0x1011b62,0x1d565,0x1011b63,0x1d566,0x1011b64,0x1d567,0x1011b65,0x1d568,0x1011b66,0x1d569,0x1011b67,0x1d56a,
    0x1011b68,0x1d56b,0x1011b69,0x1d56c,0x1011b6a,0x1d56d,0x1011b6b,0x1d56e,0x1011b6c,0x1d56f,0x1011b6d,0x1d570,
    0x1011b6e,0x1d571,0x1011b6f,0x1d572,0x1011b70,0x1d573,0x1011b71,0x1d574,0x1011b72,0x1d575,0x1011b73,0x1d576,
    0x1011b74,0x1d577,0x1011b75,0x1d578,0x1011b76,0x1d579,0x1011b77,0x1d57a,0x1011b78,0x1d57b,0x1011b79,0x1d57c,
    0x1011b7a,0x1d57d,0x1011b7b,0x1d57e,0x1011b7c,0x1d57f,0x1011b7d,0x1d580,0x1011b7e,0x1d581,0x1011b7f,0x1d582,
    0x1011b80,0x1d583,0x1011b81,0x1d584,0x1011b82,0x1d585,0x1011b83,0x1d586,0x1011b84,0x1d587,0x1011b85,0x1d588,
    0x1011b86,0x1d589,0x1011b87,0x1d58a,0x1011b88,0x1d58b,0x1011b89,0x1d58c,0x1011b8a,0x1d58d,0x1011b8b,0x1d58e,
    0x1011b8c,0x1d58f,0x1011b8d,0x1d590,0x1011b8e,0x1d591,0x1011b8f,0x1d592,0x1011b90,0x1d593,0x1011b91,0x1d594,
    0x1011b92,0x1d595,0x1011b93,0x1d596,0x1011b94,0x1d597,0x1011b95,0x1d598,0x1011b96,0x1d599,0x1011b97,0x1d59a,
    0x1011b98,0x1d59b,0x1011b99,0x1d59c,0x1011b9a,0x1d59d,0x1011b9b,0x1d59e,0x1011b9c,0x1d59f,0x1011b9d,0x1d5a0,
    0x1011b9e,0x1d5a1,0x1011b9f,0x1d5a2,0x1011ba0,0x1d5a3,0x1011ba1,0x1d5a4,0x1011ba2,0x1d5a5,0x1011ba3,0x1d5a6,
    0x1011ba4,0x1d5a7,0x1011ba5,0x1d5a8,0x1011ba6,0x1d5a9,0x1011ba7,0x1d5aa,0x1011ba8,0x1d5ab,0x1011ba9,0x1d5ac,
    0x1011baa,0x1d5ad,0x1011bab,0x1d5ae,0x1011bac,0x1d5af,0x1011bad,0x1d5b0,0x1011bae,0x1d5b1,0x1011baf,0x1d5b2,
    0x1011bb0,0x1d5b3,0x1011bb1,0x1d5b4,0x1011bb2,0x1d5b5,0x1011bb3,0x1d5b6,0x1011bb4,0x1d5b7,0x1011bb5,0x1d5b8,
    0x1011bb6,0x1d5b9,0x1011bb7,0x1d5ba,0x1011bb8,0x1d5bb,0x1011bb9,0x1d5bc,0x1011bba,0x1d5bd,0x1011bbb,0x1d5be,
    0x1011bbc,0x1d5bf,0x1011bbd,0x1d5c0,0x1011bbe,0x1d5c1,0x1011bbf,0x1d5c2,0x1011bc0,0x1d5c3,0x1011bc1,0x1d5c4,
    0x1011bc2,0x1d5c5,0x1011bc3,0x1d5c6,0x1011bc4,0x1d5c7,0x1011bc5,0x1d5c8,0x1011bc6,0x1d5c9,0x1011bc7,0x1d5ca,
    0x1011bc8,0x1d5cb,0x1011bc9,0x1d5cc,0x1011bca,0x1d5cd,0x1011bcb,0x1d5ce,0x1011bcc,0x1d5cf,0x1011bcd,0x1d5d0,
    0x1011bce,0x1d5d1,0x1011bcf,0x1d5d2,0x1011bd0,0x1d5d3,0x1011bd1,0x1d5d4,0x1011bd2,0x1d5d5,0x1011bd3,0x1d5d6,
    0x1011bd4,0x1d5d7,0x1011bd5,0x1d5d8,0x1011bd6,0x1d5d9,0x1011bd7,0x1d5da,0x1011bd8,0x1d5db,0x1011bd9,0x1d5dc,
    0x1011bda,0x1d5dd,0x1011bdb,0x1d5de,0x1011bdc,0x1d5df,0x1011bdd,0x1d5e0,0x1011bde,0x1d5e1,0x1011bdf,0x1d5e2,
    0x1011be0,0x1d5e3,0x1011be1,0x1d5e4,0x1011be2,0x1d5e5,0x1011be3,0x1d5e6,0x1011be4,0x1d5e7,0x1011be5,0x1d5e8,
    0x1011be6,0x1d5e9,0x1011be7,0x1d5ea,0x1011be8,0x1d5eb,0x1011be9,0x1d5ec,0x1011bea,0x1d5ed,0x1011beb,0x1d5ee,
    0x1011bec,0x1d5ef,0x1011bed,0x1d5f0,0x1011bee,0x1d5f1,0x1011bef,0x1d5f2,0x1011bf0,0x1d5f3,0x1011bf1,0x1d5f4,
    0x1011bf2,0x1d5f5,0x1011bf3,0x1d5f6,0x1011bf4,0x1d5f7,0x1011bf5,0x1d5f8,0x1011bf6,0x1d5f9,0x1011bf7,0x1d5fa,
    0x1011bf8,0x1d5fb,0x1011bf9,0x1d5fc,0x1011bfa,0x1d5fd,0x1011bfb,0x1d5fe,0x1011bfc,0x1d5ff,0x1011bfd,0x1d600,
    0x1011bfe,0x1d601,0x1011bff,0x1d602,0x1011c00,0x1d603,0x1011c01,0x1d604,0x1011c02,0x1d605,0x1011c03,0x1d606,
    0x1011c04,0x1d607,0x1011c05,0x1d608,0x1011c06,0x1d609,0x1011c07,0x1d60a,0x1011c08,0x1d60b,0x1011c09,0x1d60c,
    0x1011c0a,0x1d60d,0x1011c0b,0x1d60e,0x1011c0c,0x1d60f,0x1011c0d,0x1d610,0x1011c0e,0x1d611,0x1011c0f,0x1d612,
    0x1011c10,0x1d613,0x1011c11,0x1d614,0x1011c12,0x1d615,0x1011c13,0x1d616,0x1011c14,0x1d617,0x1011c15,0x1d618,
    0x1011c16,0x1d619,0x1011c17,0x1d61a,0x1011c18,0x1d61b,0x1011c19,0x1d61c,0x1011c1a,0x1d61d,0x1011c1b,0x1d61e,
    0x1011c1c,0x1d61f,0x1011c1d,0x1d620,0x1011c1e,0x1d621,0x1011c1f,0x1d622,0x1011c20,0x1d623,0x1011c21,0x1d624,
    0x1011c22,0x1d625,0x1011c23,0x1d626,0x1011c24,0x1d627,0x1011c25,0x1d628,0x1011c26,0x1d629,0x1011c27,0x1d62a,
    0x1011c28,0x1d62b,0x1011c29,0x1d62c,0x1011c2a,0x1d62d,0x1011c2b,0x1d62e,0x1011c2c,0x1d62f,0x1011c2d,0x1d630,
    0x1011c2e,0x1d631,0x1011c2f,0x1d632,0x1011c30,0x1d633,0x1011c31,0x1d634,0x1011c32,0x1d635,0x1011c33,0x1d636,
    0x1011c34,0x1d637,0x1011c35,0x1d638,0x1011c36,0x1d639,0x1011c37,0x1d63a,0x1011c38,0x1d63b,0x1011c39,0x1d63c,
    0x1011c3a,0x1d63d,0x1011c3b,0x1d63e,0x1011c3c,0x1d63f,0x1011c3d,0x1d640,0x1011c3e,0x1d641,0x1011c3f,0x1d642,
    0x1011c40,0x1d643,0x1011c41,0x1d644,0x1011c42,0x1d645,0x1011c43,0x1d646,0x1011c44,0x1d647,0x1011c45,0x1d648,
    0x1011c46,0x1d649,0x1011c47,0x1d64a,0x1011c48,0x1d64b,0x1011c49,0x1d64c,0x1011c4a,0x1d64d,0x1011c4b,0x1d64e,
    0x1011c4c,0x1d64f,0x1011c4d,0x1d650,0x1011c4e,0x1d651,0x1011c4f,0x1d652,0x1011c50,0x1d653,0x1011c51,0x1d654,
    0x1011c52,0x1d655,0x1011c53,0x1d656,0x1011c54,0x1d657,0x1011c55,0x1d658,0x1011c56,0x1d659,0x1011c57,0x1d65a,
    0x1011c58,0x1d65b,0x1011c59,0x1d65c,0x1011c5a,0x1d65d,0x1011c5b,0x1d65e,0x1011c5c,0x1d65f,0x1011c5d,0x1d660,
    0x1011c5e,0x1d661,0x1011c5f,0x1d662,0x1011c60,0x1d663,0x1011c61,0x1d664,0x1011c62,0x1d665,0x1011c63,0x1d666,
    0x1011c64,0x1d667,0x1011c65,0x1d668,0x1011c66,0x1d669,0x1011c67,0x1d66a,0x1011c68,0x1d66b,0x1011c69,0x1d66c,
    0x1011c6a,0x1d66d,0x1011c6b,0x1d66e,0x1011c6c,0x1d66f,0x1011c6d,0x1d670,0x1011c6e,0x1d671,0x1011c6f,0x1d672,
    0x1011c70,0x1d673,0x1011c71,0x1d674,0x1011c72,0x1d675,0x1011c73,0x1d676,0x1011c74,0x1d677,0x1011c75,0x1d678,
    0x1011c76,0x1d679,0x1011c77,0x1d67a,0x1011c78,0x1d67b,0x1011c79,0x1d67c,0x1011c7a,0x1d67d,0x1011c7b,0x1d67e,
    0x1011c7c,0x1d67f,0x1011c7d,0x1d680,0x1011c7e,0x1d681,0x1011c7f,0x1d682,0x1011c80,0x1d683,0x1011c81,0x1d684,
    0x1011c82,0x1d685,0x1011c83,0x1d686,0x1011c84,0x1d687,0x1011c85,0x1d688,0x1011c86,0x1d689,0x1011c87,0x1d68a,
    0x1011c88,0x1d68b,0x1011c89,0x1d68c,0x1011c8a,0x1d68d,0x1011c8b,0x1d68e,0x1011c8c,0x1d68f,0x1011c8d,0x1d690,
    0x1011c8e,0x1d691,0x1011c8f,0x1d692,0x1011c90,0x1d693,0x1011c91,0x1d694,0x1011c92,0x1d695,0x1011c93,0x1d696,
    0x1011c94,0x1d697,0x1011c95,0x1d698,0x1011c96,0x1d699,0x1011c97,0x1d69a,0x1011c98,0x1d69b,0x1011c99,0x1d69c,
    0x1011c9a,0x1d69d,0x1011c9b,0x1d69e,0x1011c9c,0x1d69f,0x1011c9d,0x1d6a0,0x1011c9e,0x1d6a1,0x1011c9f,0x1d6a2,
    0x1011ca0,0x1d6a3,0x1011ca1,0x1d6a4,0x1011ca2,0x1d6a5,0x1011ca3,0x1d6a8,0x1011ca4,0x1d6a9,0x1011ca5,0x1d6aa,
    0x1011ca6,0x1d6ab,0x1011ca7,0x1d6ac,0x1011ca8,0x1d6ad,0x1011ca9,0x1d6ae,0x1011caa,0x1d6af,0x1011cab,0x1d6b0,
    0x1011cac,0x1d6b1,0x1011cad,0x1d6b2,0x1011cae,0x1d6b3,0x1011caf,0x1d6b4,0x1011cb0,0x1d6b5,0x1011cb1,0x1d6b6,
    0x1011cb2,0x1d6b7,0x1011cb3,0x1d6b8,0x1011cb4,0x1d6b9,0x1011cb5,0x1d6ba,0x1011cb6,0x1d6bb,0x1011cb7,0x1d6bc,
    0x1011cb8,0x1d6bd,0x1011cb9,0x1d6be,0x1011cba,0x1d6bf,0x1011cbb,0x1d6c0,0x1011cbc,0x1d6c1,0x1011cbd,0x1d6c2,
    0x1011cbe,0x1d6c3,0x1011cbf,0x1d6c4,0x1011cc0,0x1d6c5,0x1011cc1,0x1d6c6,0x1011cc2,0x1d6c7,0x1011cc3,0x1d6c8,
    0x1011cc4,0x1d6c9,0x1011cc5,0x1d6ca,0x1011cc6,0x1d6cb,0x1011cc7,0x1d6cc,0x1011cc8,0x1d6cd,0x1011cc9,0x1d6ce,
    0x1011cca,0x1d6cf,0x1011ccb,0x1d6d0,0x1011ccc,0x1d6d1,0x1011ccd,0x1d6d2,0x1011cce,0x1d6d3,0x1011ccf,0x1d6d4,
    0x1011cd0,0x1d6d5,0x1011cd1,0x1d6d6,0x1011cd2,0x1d6d7,0x1011cd3,0x1d6d8,0x1011cd4,0x1d6d9,0x1011cd5,0x1d6da,
    0x1011cd6,0x1d6db,0x1011cd7,0x1d6dc,0x1011cd8,0x1d6dd,0x1011cd9,0x1d6de,0x1011cda,0x1d6df,0x1011cdb,0x1d6e0,
    0x1011cdc,0x1d6e1,0x1011cdd,0x1d6e2,0x1011cde,0x1d6e3,0x1011cdf,0x1d6e4,0x1011ce0,0x1d6e5,0x1011ce1,0x1d6e6,
    0x1011ce2,0x1d6e7,0x1011ce3,0x1d6e8,0x1011ce4,0x1d6e9,0x1011ce5,0x1d6ea,0x1011ce6,0x1d6eb,0x1011ce7,0x1d6ec,
    0x1011ce8,0x1d6ed,0x1011ce9,0x1d6ee,0x1011cea,0x1d6ef,0x1011ceb,0x1d6f0,0x1011cec,0x1d6f1,0x1011ced,0x1d6f2,
    0x1011cee,0x1d6f3,0x1011cef,0x1d6f4,0x1011cf0,0x1d6f5,0x1011cf1,0x1d6f6,0x1011cf2,0x1d6f7,0x1011cf3,0x1d6f8,
    0x1011cf4,0x1d6f9,0x1011cf5,0x1d6fa,0x1011cf6,0x1d6fb,0x1011cf7,0x1d6fc,0x1011cf8,0x1d6fd,0x1011cf9,0x1d6fe,
    0x1011cfa,0x1d6ff,0x1011cfb,0x1d700,0x1011cfc,0x1d701,0x1011cfd,0x1d702,0x1011cfe,0x1d703,0x1011cff,0x1d704,
    0x1011d00,0x1d705,0x1011d01,0x1d706,0x1011d02,0x1d707,0x1011d03,0x1d708,0x1011d04,0x1d709,0x1011d05,0x1d70a,
    0x1011d06,0x1d70b,0x1011d07,0x1d70c,0x1011d08,0x1d70d,0x1011d09,0x1d70e,0x1011d0a,0x1d70f,0x1011d0b,0x1d710,
    0x1011d0c,0x1d711,0x1011d0d,0x1d712,0x1011d0e,0x1d713,0x1011d0f,0x1d714,0x1011d10,0x1d715,0x1011d11,0x1d716,
    0x1011d12,0x1d717,0x1011d13,0x1d718,0x1011d14,0x1d719,0x1011d15,0x1d71a,0x1011d16,0x1d71b,0x1011d17,0x1d71c,
    0x1011d18,0x1d71d,0x1011d19,0x1d71e,0x1011d1a,0x1d71f,0x1011d1b,0x1d720,0x1011d1c,0x1d721,0x1011d1d,0x1d722,
    0x1011d1e,0x1d723,0x1011d1f,0x1d724,0x1011d20,0x1d725,0x1011d21,0x1d726,0x1011d22,0x1d727,0x1011d23,0x1d728,
    0x1011d24,0x1d729,0x1011d25,0x1d72a,0x1011d26,0x1d72b,0x1011d27,0x1d72c,0x1011d28,0x1d72d,0x1011d29,0x1d72e,
    0x1011d2a,0x1d72f,0x1011d2b,0x1d730,0x1011d2c,0x1d731,0x1011d2d,0x1d732,0x1011d2e,0x1d733,0x1011d2f,0x1d734,
    0x1011d30,0x1d735,0x1011d31,0x1d736,0x1011d32,0x1d737,0x1011d33,0x1d738,0x1011d34,0x1d739,0x1011d35,0x1d73a,
    0x1011d36,0x1d73b,0x1011d37,0x1d73c,0x1011d38,0x1d73d,0x1011d39,0x1d73e,0x1011d3a,0x1d73f,0x1011d3b,0x1d740,
    0x1011d3c,0x1d741,0x1011d3d,0x1d742,0x1011d3e,0x1d743,0x1011d3f,0x1d744,0x1011d40,0x1d745,0x1011d41,0x1d746,
    0x1011d42,0x1d747,0x1011d43,0x1d748,0x1011d44,0x1d749,0x1011d45,0x1d74a,0x1011d46,0x1d74b,0x1011d47,0x1d74c,
    0x1011d48,0x1d74d,0x1011d49,0x1d74e,0x1011d4a,0x1d74f,0x1011d4b,0x1d750,0x1011d4c,0x1d751,0x1011d4d,0x1d752,
    0x1011d4e,0x1d753,0x1011d4f,0x1d754,0x1011d50,0x1d755,0x1011d51,0x1d756,0x1011d52,0x1d757,0x1011d53,0x1d758,
    0x1011d54,0x1d759,0x1011d55,0x1d75a,0x1011d56,0x1d75b,0x1011d57,0x1d75c,0x1011d58,0x1d75d,0x1011d59,0x1d75e,
    0x1011d5a,0x1d75f,0x1011d5b,0x1d760,0x1011d5c,0x1d761,0x1011d5d,0x1d762,0x1011d5e,0x1d763,0x1011d5f,0x1d764,
    0x1011d60,0x1d765,0x1011d61,0x1d766,0x1011d62,0x1d767,0x1011d63,0x1d768,0x1011d64,0x1d769,0x1011d65,0x1d76a,
    0x1011d66,0x1d76b,0x1011d67,0x1d76c,0x1011d68,0x1d76d,0x1011d69,0x1d76e,0x1011d6a,0x1d76f,0x1011d6b,0x1d770,
    0x1011d6c,0x1d771,0x1011d6d,0x1d772,0x1011d6e,0x1d773,0x1011d6f,0x1d774,0x1011d70,0x1d775,0x1011d71,0x1d776,
    0x1011d72,0x1d777,0x1011d73,0x1d778,0x1011d74,0x1d779,0x1011d75,0x1d77a,0x1011d76,0x1d77b,0x1011d77,0x1d77c,
    0x1011d78,0x1d77d,0x1011d79,0x1d77e,0x1011d7a,0x1d77f,0x1011d7b,0x1d780,0x1011d7c,0x1d781,0x1011d7d,0x1d782,
    0x1011d7e,0x1d783,0x1011d7f,0x1d784,0x1011d80,0x1d785,0x1011d81,0x1d786,0x1011d82,0x1d787,0x1011d83,0x1d788,
    0x1011d84,0x1d789,0x1011d85,0x1d78a,0x1011d86,0x1d78b,0x1011d87,0x1d78c,0x1011d88,0x1d78d,0x1011d89,0x1d78e,
    0x1011d8a,0x1d78f,0x1011d8b,0x1d790,0x1011d8c,0x1d791,0x1011d8d,0x1d792,0x1011d8e,0x1d793,0x1011d8f,0x1d794,
    0x1011d90,0x1d795,0x1011d91,0x1d796,0x1011d92,0x1d797,0x1011d93,0x1d798,0x1011d94,0x1d799,0x1011d95,0x1d79a,
    0x1011d96,0x1d79b,0x1011d97,0x1d79c,0x1011d98,0x1d79d,0x1011d99,0x1d79e,0x1011d9a,0x1d79f,0x1011d9b,0x1d7a0,
    0x1011d9c,0x1d7a1,0x1011d9d,0x1d7a2,0x1011d9e,0x1d7a3,0x1011d9f,0x1d7a4,0x1011da0,0x1d7a5,0x1011da1,0x1d7a6,
    0x1011da2,0x1d7a7,0x1011da3,0x1d7a8,0x1011da4,0x1d7a9,0x1011da5,0x1d7aa,0x1011da6,0x1d7ab,0x1011da7,0x1d7ac,
    0x1011da8,0x1d7ad,0x1011da9,0x1d7ae,0x1011daa,0x1d7af,0x1011dab,0x1d7b0,0x1011dac,0x1d7b1,0x1011dad,0x1d7b2,
    0x1011dae,0x1d7b3,0x1011daf,0x1d7b4,0x1011db0,0x1d7b5,0x1011db1,0x1d7b6,0x1011db2,0x1d7b7,0x1011db3,0x1d7b8,
    0x1011db4,0x1d7b9,0x1011db5,0x1d7ba,0x1011db6,0x1d7bb,0x1011db7,0x1d7bc,0x1011db8,0x1d7bd,0x1011db9,0x1d7be,
    0x1011dba,0x1d7bf,0x1011dbb,0x1d7c0,0x1011dbc,0x1d7c1,0x1011dbd,0x1d7c2,0x1011dbe,0x1d7c3,0x1011dbf,0x1d7c4,
    0x1011dc0,0x1d7c5,0x1011dc1,0x1d7c6,0x1011dc2,0x1d7c7,0x1011dc3,0x1d7c8,0x1011dc4,0x1d7c9,0x1011dc5,0x1d7ca,
    0x1011dc6,0x1d7cb,0x1011dc7,0x1d7ce,0x1011dc8,0x1d7cf,0x1011dc9,0x1d7d0,0x1011dca,0x1d7d1,0x1011dcb,0x1d7d2,
    0x1011dcc,0x1d7d3,0x1011dcd,0x1d7d4,0x1011dce,0x1d7d5,0x1011dcf,0x1d7d6,0x1011dd0,0x1d7d7,0x1011dd1,0x1d7d8,
    0x1011dd2,0x1d7d9,0x1011dd3,0x1d7da,0x1011dd4,0x1d7db,0x1011dd5,0x1d7dc,0x1011dd6,0x1d7dd,0x1011dd7,0x1d7de,
    0x1011dd8,0x1d7df,0x1011dd9,0x1d7e0,0x1011dda,0x1d7e1,0x1011ddb,0x1d7e2,0x1011ddc,0x1d7e3,0x1011ddd,0x1d7e4,
    0x1011dde,0x1d7e5,0x1011ddf,0x1d7e6,0x1011de0,0x1d7e7,0x1011de1,0x1d7e8,0x1011de2,0x1d7e9,0x1011de3,0x1d7ea,
    0x1011de4,0x1d7eb,0x1011de5,0x1d7ec,0x1011de6,0x1d7ed,0x1011de7,0x1d7ee,0x1011de8,0x1d7ef,0x1011de9,0x1d7f0,
    0x1011dea,0x1d7f1,0x1011deb,0x1d7f2,0x1011dec,0x1d7f3,0x1011ded,0x1d7f4,0x1011dee,0x1d7f5,0x1011def,0x1d7f6,
    0x1011df0,0x1d7f7,0x1011df1,0x1d7f8,0x1011df2,0x1d7f9,0x1011df3,0x1d7fa,0x1011df4,0x1d7fb,0x1011df5,0x1d7fc,
    0x1011df6,0x1d7fd,0x1011df7,0x1d7fe,0x1011df8,0x1d7ff,0x1011df9,0x1e030,0x1011dfa,0x1e031,0x1011dfb,0x1e032,
    0x1011dfc,0x1e033,0x1011dfd,0x1e034,0x1011dfe,0x1e035,0x1011dff,0x1e036,0x1011e00,0x1e037,0x1011e01,0x1e038,
    0x1011e02,0x1e039,0x1011e03,0x1e03a,0x1011e04,0x1e03b,0x1011e05,0x1e03c,0x1011e06,0x1e03d,0x1011e07,0x1e03e,
    0x1011e08,0x1e03f,0x1011e09,0x1e040,0x1011e0a,0x1e041,0x1011e0b,0x1e042,0x1011e0c,0x1e043,0x1011e0d,0x1e044,
    0x1011e0e,0x1e045,0x1011e0f,0x1e046,0x1011e10,0x1e047,0x1011e11,0x1e048,0x1011e12,0x1e049,0x1011e13,0x1e04a,
    0x1011e14,0x1e04b,0x1011e15,0x1e04c,0x1011e16,0x1e04d,0x1011e17,0x1e04e,0x1011e18,0x1e04f,0x1011e19,0x1e050,
    0x1011e1a,0x1e051,0x1011e1b,0x1e052,0x1011e1c,0x1e053,0x1011e1d,0x1e054,0x1011e1e,0x1e055,0x1011e1f,0x1e056,
    0x1011e20,0x1e057,0x1011e21,0x1e058,0x1011e22,0x1e059,0x1011e23,0x1e05a,0x1011e24,0x1e05b,0x1011e25,0x1e05c,
    0x1011e26,0x1e05d,0x1011e27,0x1e05e,0x1011e28,0x1e05f,0x1011e29,0x1e060,0x1011e2a,0x1e061,0x1011e2b,0x1e062,
    0x1011e2c,0x1e063,0x1011e2d,0x1e064,0x1011e2e,0x1e065,0x1011e2f,0x1e066,0x1011e30,0x1e067,0x1011e31,0x1e068,
    0x1011e32,0x1e069,0x1011e33,0x1e06a,0x1011e34,0x1e06b,0x1011e35,0x1e06c,0x1011e36,0x1e06d,0x1011e37,0x1ee00,
    0x1011e38,0x1ee01,0x1011e39,0x1ee02,0x1011e3a,0x1ee03,0x1011e3b,0x1ee05,0x1011e3c,0x1ee06,0x1011e3d,0x1ee07,
    0x1011e3e,0x1ee08,0x1011e3f,0x1ee09,0x1011e40,0x1ee0a,0x1011e41,0x1ee0b,0x1011e42,0x1ee0c,0x1011e43,0x1ee0d,
    0x1011e44,0x1ee0e,0x1011e45,0x1ee0f,0x1011e46,0x1ee10,0x1011e47,0x1ee11,0x1011e48,0x1ee12,0x1011e49,0x1ee13,
    0x1011e4a,0x1ee14,0x1011e4b,0x1ee15,0x1011e4c,0x1ee16,0x1011e4d,0x1ee17,0x1011e4e,0x1ee18,0x1011e4f,0x1ee19,
    0x1011e50,0x1ee1a,0x1011e51,0x1ee1b,0x1011e52,0x1ee1c,0x1011e53,0x1ee1d,0x1011e54,0x1ee1e,0x1011e55,0x1ee1f,
    0x1011e56,0x1ee21,0x1011e57,0x1ee22,0x1011e58,0x1ee24,0x1011e59,0x1ee27,0x1011e5a,0x1ee29,0x1011e5b,0x1ee2a,
    0x1011e5c,0x1ee2b,0x1011e5d,0x1ee2c,0x1011e5e,0x1ee2d,0x1011e5f,0x1ee2e,0x1011e60,0x1ee2f,0x1011e61,0x1ee30,
    0x1011e62,0x1ee31,0x1011e63,0x1ee32,0x1011e64,0x1ee34,0x1011e65,0x1ee35,0x1011e66,0x1ee36,0x1011e67,0x1ee37,
    0x1011e68,0x1ee39,0x1011e69,0x1ee3b,0x1011e6a,0x1ee42,0x1011e6b,0x1ee47,0x1011e6c,0x1ee49,0x1011e6d,0x1ee4b,
    0x1011e6e,0x1ee4d,0x1011e6f,0x1ee4e,0x1011e70,0x1ee4f,0x1011e71,0x1ee51,0x1011e72,0x1ee52,0x1011e73,0x1ee54,
    0x1011e74,0x1ee57,0x1011e75,0x1ee59,0x1011e76,0x1ee5b,0x1011e77,0x1ee5d,0x1011e78,0x1ee5f,0x1011e79,0x1ee61,
    0x1011e7a,0x1ee62,0x1011e7b,0x1ee64,0x1011e7c,0x1ee67,0x1011e7d,0x1ee68,0x1011e7e,0x1ee69,0x1011e7f,0x1ee6a,
    0x1011e80,0x1ee6c,0x1011e81,0x1ee6d,0x1011e82,0x1ee6e,0x1011e83,0x1ee6f,0x1011e84,0x1ee70,0x1011e85,0x1ee71,
    0x1011e86,0x1ee72,0x1011e87,0x1ee74,0x1011e88,0x1ee75,0x1011e89,0x1ee76,0x1011e8a,0x1ee77,0x1011e8b,0x1ee79,
    0x1011e8c,0x1ee7a,0x1011e8d,0x1ee7b,0x1011e8e,0x1ee7c,0x1011e8f,0x1ee7e,0x1011e90,0x1ee80,0x1011e91,0x1ee81,
    0x1011e92,0x1ee82,0x1011e93,0x1ee83,0x1011e94,0x1ee84,0x1011e95,0x1ee85,0x1011e96,0x1ee86,0x1011e97,0x1ee87,
    0x1011e98,0x1ee88,0x1011e99,0x1ee89,0x1011e9a,0x1ee8b,0x1011e9b,0x1ee8c,0x1011e9c,0x1ee8d,0x1011e9d,0x1ee8e,
    0x1011e9e,0x1ee8f,0x1011e9f,0x1ee90,0x1011ea0,0x1ee91,0x1011ea1,0x1ee92,0x1011ea2,0x1ee93,0x1011ea3,0x1ee94,
    0x1011ea4,0x1ee95,0x1011ea5,0x1ee96,0x1011ea6,0x1ee97,0x1011ea7,0x1ee98,0x1011ea8,0x1ee99,0x1011ea9,0x1ee9a,
    0x1011eaa,0x1ee9b,0x1011eab,0x1eea1,0x1011eac,0x1eea2,0x1011ead,0x1eea3,0x1011eae,0x1eea5,0x1011eaf,0x1eea6,
    0x1011eb0,0x1eea7,0x1011eb1,0x1eea8,0x1011eb2,0x1eea9,0x1011eb3,0x1eeab,0x1011eb4,0x1eeac,0x1011eb5,0x1eead,
    0x1011eb6,0x1eeae,0x1011eb7,0x1eeaf,0x1011eb8,0x1eeb0,0x1011eb9,0x1eeb1,0x1011eba,0x1eeb2,0x1011ebb,0x1eeb3,
    0x1011ebc,0x1eeb4,0x1011ebd,0x1eeb5,0x1011ebe,0x1eeb6,0x1011ebf,0x1eeb7,0x1011ec0,0x1eeb8,0x1011ec1,0x1eeb9,
    0x1011ec2,0x1eeba,0x1011ec3,0x1eebb,0x1011ec4,0x1f100,0x1021ec5,0x1f101,0x1021ec7,0x1f102,0x1021ec9,0x1f103,
    0x1021ecb,0x1f104,0x1021ecd,0x1f105,0x1021ecf,0x1f106,0x1021ed1,0x1f107,0x1021ed3,0x1f108,0x1021ed5,0x1f109,
    0x1021ed7,0x1f10a,0x1021ed9,0x1f110,0x1031edb,0x1f111,0x1031ede,0x1f112,0x1031ee1,0x1f113,0x1031ee4,0x1f114,
    0x1031ee7,0x1f115,0x1031eea,0x1f116,0x1031eed,0x1f117,0x1031ef0,0x1f118,0x1031ef3,0x1f119,0x1031ef6,0x1f11a,
    0x1031ef9,0x1f11b,0x1031efc,0x1f11c,0x1031eff,0x1f11d,0x1031f02,0x1f11e,0x1031f05,0x1f11f,0x1031f08,0x1f120,
    0x1031f0b,0x1f121,0x1031f0e,0x1f122,0x1031f11,0x1f123,0x1031f14,0x1f124,0x1031f17,0x1f125,0x1031f1a,0x1f126,
    0x1031f1d,0x1f127,0x1031f20,0x1f128,0x1031f23,0x1f129,0x1031f26,0x1f12a,0x1031f29,0x1f12b,0x1011f2c,0x1f12c,
    0x1011f2d,0x1f12d,0x1021f2e,0x1f12e,0x1021f30,0x1f130,0x1011f32,0x1f131,0x1011f33,0x1f132,0x1011f34,0x1f133,
    0x1011f35,0x1f134,0x1011f36,0x1f135,0x1011f37,0x1f136,0x1011f38,0x1f137,0x1011f39,0x1f138,0x1011f3a,0x1f139,
    0x1011f3b,0x1f13a,0x1011f3c,0x1f13b,0x1011f3d,0x1f13c,0x1011f3e,0x1f13d,0x1011f3f,0x1f13e,0x1011f40,0x1f13f,
    0x1011f41,0x1f140,0x1011f42,0x1f141,0x1011f43,0x1f142,0x1011f44,0x1f143,0x1011f45,0x1f144,0x1011f46,0x1f145,
    0x1011f47,0x1f146,0x1011f48,0x1f147,0x1011f49,0x1f148,0x1011f4a,0x1f149,0x1011f4b,0x1f14a,0x1021f4c,0x1f14b,
    0x1021f4e,0x1f14c,0x1021f50,0x1f14d,0x1021f52,0x1f14e,0x1031f54,0x1f14f,0x1021f57,0x1f16a,0x1021f59,0x1f16b,
    0x1021f5b,0x1f16c,0x1021f5d,0x1f190,0x1021f5f,0x1f200,0x1021f61,0x1f201,0x1021f63,0x1f202,0x1011f65,0x1f210,
    0x1011f66,0x1f211,0x1011f67,0x1f212,0x1011f68,0x1f213,0x1011f69,0x1f214,0x1011f6a,0x1f215,0x1011f6b,0x1f216,
    0x1011f6c,0x1f217,0x1011f6d,0x1f218,0x1011f6e,0x1f219,0x1011f6f,0x1f21a,0x1011f70,0x1f21b,0x1011f71,0x1f21c,
    0x1011f72,0x1f21d,0x1011f73,0x1f21e,0x1011f74,0x1f21f,0x1011f75,0x1f220,0x1011f76,0x1f221,0x1011f77,0x1f222,
    0x1011f78,0x1f223,0x1011f79,0x1f224,0x1011f7a,0x1f225,0x1011f7b,0x1f226,0x1011f7c,0x1f227,0x1011f7d,0x1f228,
    0x1011f7e,0x1f229,0x1011f7f,0x1f22a,0x1011f80,0x1f22b,0x1011f81,0x1f22c,0x1011f82,0x1f22d,0x1011f83,0x1f22e,
    0x1011f84,0x1f22f,0x1011f85,0x1f230,0x1011f86,0x1f231,0x1011f87,0x1f232,0x1011f88,0x1f233,0x1011f89,0x1f234,
    0x1011f8a,0x1f235,0x1011f8b,0x1f236,0x1011f8c,0x1f237,0x1011f8d,0x1f238,0x1011f8e,0x1f239,0x1011f8f,0x1f23a,
    0x1011f90,0x1f23b,0x1011f91,0x1f240,0x1031f92,0x1f241,0x1031f95,0x1f242,0x1031f98,0x1f243,0x1031f9b,0x1f244,
    0x1031f9e,0x1f245,0x1031fa1,0x1f246,0x1031fa4,0x1f247,0x1031fa7,0x1f248,0x1031faa,0x1f250,0x1011fad,0x1f251,
    0x1011fae,0x1fbf0,0x1011faf,0x1fbf1,0x1011fb0,0x1fbf2,0x1011fb1,0x1fbf3,0x1011fb2,0x1fbf4,0x1011fb3,0x1fbf5,
    0x1011fb4,0x1fbf6,0x1011fb5,0x1fbf7,0x1011fb6,0x1fbf8,0x1011fb7,0x1fbf9,0x1011fb8,0x2f800,0x11fb9,0x2f801,
    0x11fba,0x2f802,0x11fbb,0x2f803,0x11fbc,0x2f804,0x11fbd,0x2f805,0x11fbe,0x2f806,0x11fbf,0x2f807,0x11fc0,
    0x2f808,0x11fc1,0x2f809,0x11fc2,0x2f80a,0x11fc3,0x2f80b,0x11fc4,0x2f80c,0x11fc5,0x2f80d,0x11fc6,0x2f80e,
    0x11fc7,0x2f80f,0x11fc8,0x2f810,0x11fc9,0x2f811,0x11fca,0x2f812,0x11fcb,0x2f813,0x11fcc,0x2f814,0x11fcd,
    0x2f815,0x11fce,0x2f816,0x11fcf,0x2f817,0x11fd0,0x2f818,0x11fd1,0x2f819,0x11fd2,0x2f81a,0x11fd3,0x2f81b,
    0x11fd4,0x2f81c,0x11fd5,0x2f81d,0x11fd6,0x2f81e,0x11fd7,0x2f81f,0x11fd8,0x2f820,0x11fd9,0x2f821,0x11fda,
    0x2f822,0x11fdb,0x2f823,0x11fdc,0x2f824,0x11fdd,0x2f825,0x11fde,0x2f826,0x11fdf,0x2f827,0x11fe0,0x2f828,
    0x11fe1,0x2f829,0x11fe2,0x2f82a,0x11fe3,0x2f82b,0x11fe4,0x2f82c,0x11fe5,0x2f82d,0x11fe6,0x2f82e,0x11fe7,
    0x2f82f,0x11fe8,0x2f830,0x11fe9,0x2f831,0x11fea,0x2f832,0x11feb,0x2f833,0x11fec,0x2f834,0x11fed,0x2f835,
    0x11fee,0x2f836,0x11fef,0x2f837,0x11ff0,0x2f838,0x11ff1,0x2f839,0x11ff2,0x2f83a,0x11ff3,0x2f83b,0x11ff4,
    0x2f83c,0x11ff5,0x2f83d,0x11ff6,0x2f83e,0x11ff7,0x2f83f,0x11ff8,0x2f840,0x11ff9,0x2f841,0x11ffa,0x2f842,
    0x11ffb,0x2f843,0x11ffc,0x2f844,0x11ffd,0x2f845,0x11ffe,0x2f846,0x11fff,0x2f847,0x12000,0x2f848,0x12001,
    0x2f849,0x12002,0x2f84a,0x12003,0x2f84b,0x12004,0x2f84c,0x12005,0x2f84d,0x12006,0x2f84e,0x12007,0x2f84f,
    0x12008,0x2f850,0x12009,0x2f851,0x1200a,0x2f852,0x1200b,0x2f853,0x1200c,0x2f854,0x1200d,0x2f855,0x1200e,
    0x2f856,0x1200f,0x2f857,0x12010,0x2f858,0x12011,0x2f859,0x12012,0x2f85a,0x12013,0x2f85b,0x12014,0x2f85c,
    0x12015,0x2f85d,0x12016,0x2f85e,0x12017,0x2f85f,0x12018,0x2f860,0x12019,0x2f861,0x1201a,0x2f862,0x1201b,
    0x2f863,0x1201c,0x2f864,0x1201d,0x2f865,0x1201e,0x2f866,0x1201f,0x2f867,0x12020,0x2f868,0x12021,0x2f869,
    0x12022,0x2f86a,0x12023,0x2f86b,0x12024,0x2f86c,0x12025,0x2f86d,0x12026,0x2f86e,0x12027,0x2f86f,0x12028,
    0x2f870,0x12029,0x2f871,0x1202a,0x2f872,0x1202b,0x2f873,0x1202c,0x2f874,0x1202d,0x2f875,0x1202e,0x2f876,
    0x1202f,0x2f877,0x12030,0x2f878,0x12031,0x2f879,0x12032,0x2f87a,0x12033,0x2f87b,0x12034,0x2f87c,0x12035,
    0x2f87d,0x12036,0x2f87e,0x12037,0x2f87f,0x12038,0x2f880,0x12039,0x2f881,0x1203a,0x2f882,0x1203b,0x2f883,
    0x1203c,0x2f884,0x1203d,0x2f885,0x1203e,0x2f886,0x1203f,0x2f887,0x12040,0x2f888,0x12041,0x2f889,0x12042,
    0x2f88a,0x12043,0x2f88b,0x12044,0x2f88c,0x12045,0x2f88d,0x12046,0x2f88e,0x12047,0x2f88f,0x12048,0x2f890,
    0x12049,0x2f891,0x1204a,0x2f892,0x1204b,0x2f893,0x1204c,0x2f894,0x1204d,0x2f895,0x1204e,0x2f896,0x1204f,
    0x2f897,0x12050,0x2f898,0x12051,0x2f899,0x12052,0x2f89a,0x12053,0x2f89b,0x12054,0x2f89c,0x12055,0x2f89d,
    0x12056,0x2f89e,0x12057,0x2f89f,0x12058,0x2f8a0,0x12059,0x2f8a1,0x1205a,0x2f8a2,0x1205b,0x2f8a3,0x1205c,
    0x2f8a4,0x1205d,0x2f8a5,0x1205e,0x2f8a6,0x1205f,0x2f8a7,0x12060,0x2f8a8,0x12061,0x2f8a9,0x12062,0x2f8aa,
    0x12063,0x2f8ab,0x12064,0x2f8ac,0x12065,0x2f8ad,0x12066,0x2f8ae,0x12067,0x2f8af,0x12068,0x2f8b0,0x12069,
    0x2f8b1,0x1206a,0x2f8b2,0x1206b,0x2f8b3,0x1206c,0x2f8b4,0x1206d,0x2f8b5,0x1206e,0x2f8b6,0x1206f,0x2f8b7,
    0x12070,0x2f8b8,0x12071,0x2f8b9,0x12072,0x2f8ba,0x12073,0x2f8bb,0x12074,0x2f8bc,0x12075,0x2f8bd,0x12076,
    0x2f8be,0x12077,0x2f8bf,0x12078,0x2f8c0,0x12079,0x2f8c1,0x1207a,0x2f8c2,0x1207b,0x2f8c3,0x1207c,0x2f8c4,
    0x1207d,0x2f8c5,0x1207e,0x2f8c6,0x1207f,0x2f8c7,0x12080,0x2f8c8,0x12081,0x2f8c9,0x12082,0x2f8ca,0x12083,
    0x2f8cb,0x12084,0x2f8cc,0x12085,0x2f8cd,0x12086,0x2f8ce,0x12087,0x2f8cf,0x12088,0x2f8d0,0x12089,0x2f8d1,
    0x1208a,0x2f8d2,0x1208b,0x2f8d3,0x1208c,0x2f8d4,0x1208d,0x2f8d5,0x1208e,0x2f8d6,0x1208f,0x2f8d7,0x12090,
    0x2f8d8,0x12091,0x2f8d9,0x12092,0x2f8da,0x12093,0x2f8db,0x12094,0x2f8dc,0x12095,0x2f8dd,0x12096,0x2f8de,
    0x12097,0x2f8df,0x12098,0x2f8e0,0x12099,0x2f8e1,0x1209a,0x2f8e2,0x1209b,0x2f8e3,0x1209c,0x2f8e4,0x1209d,
    0x2f8e5,0x1209e,0x2f8e6,0x1209f,0x2f8e7,0x120a0,0x2f8e8,0x120a1,0x2f8e9,0x120a2,0x2f8ea,0x120a3,0x2f8eb,
    0x120a4,0x2f8ec,0x120a5,0x2f8ed,0x120a6,0x2f8ee,0x120a7,0x2f8ef,0x120a8,0x2f8f0,0x120a9,0x2f8f1,0x120aa,
    0x2f8f2,0x120ab,0x2f8f3,0x120ac,0x2f8f4,0x120ad,0x2f8f5,0x120ae,0x2f8f6,0x120af,0x2f8f7,0x120b0,0x2f8f8,
    0x120b1,0x2f8f9,0x120b2,0x2f8fa,0x120b3,0x2f8fb,0x120b4,0x2f8fc,0x120b5,0x2f8fd,0x120b6,0x2f8fe,0x120b7,
    0x2f8ff,0x120b8,0x2f900,0x120b9,0x2f901,0x120ba,0x2f902,0x120bb,0x2f903,0x120bc,0x2f904,0x120bd,0x2f905,
    0x120be,0x2f906,0x120bf,0x2f907,0x120c0,0x2f908,0x120c1,0x2f909,0x120c2,0x2f90a,0x120c3,0x2f90b,0x120c4,
    0x2f90c,0x120c5,0x2f90d,0x120c6,0x2f90e,0x120c7,0x2f90f,0x120c8,0x2f910,0x120c9,0x2f911,0x120ca,0x2f912,
    0x120cb,0x2f913,0x120cc,0x2f914,0x120cd,0x2f915,0x120ce,0x2f916,0x120cf,0x2f917,0x120d0,0x2f918,0x120d1,
    0x2f919,0x120d2,0x2f91a,0x120d3,0x2f91b,0x120d4,0x2f91c,0x120d5,0x2f91d,0x120d6,0x2f91e,0x120d7,0x2f91f,
    0x120d8,0x2f920,0x120d9,0x2f921,0x120da,0x2f922,0x120db,0x2f923,0x120dc,0x2f924,0x120dd,0x2f925,0x120de,
    0x2f926,0x120df,0x2f927,0x120e0,0x2f928,0x120e1,0x2f929,0x120e2,0x2f92a,0x120e3,0x2f92b,0x120e4,0x2f92c,
    0x120e5,0x2f92d,0x120e6,0x2f92e,0x120e7,0x2f92f,0x120e8,0x2f930,0x120e9,0x2f931,0x120ea,0x2f932,0x120eb,
    0x2f933,0x120ec,0x2f934,0x120ed,0x2f935,0x120ee,0x2f936,0x120ef,0x2f937,0x120f0,0x2f938,0x120f1,0x2f939,
    0x120f2,0x2f93a,0x120f3,0x2f93b,0x120f4,0x2f93c,0x120f5,0x2f93d,0x120f6,0x2f93e,0x120f7,0x2f93f,0x120f8,
    0x2f940,0x120f9,0x2f941,0x120fa,0x2f942,0x120fb,0x2f943,0x120fc,0x2f944,0x120fd,0x2f945,0x120fe,0x2f946,
    0x120ff,0x2f947,0x12100,0x2f948,0x12101,0x2f949,0x12102,0x2f94a,0x12103,0x2f94b,0x12104,0x2f94c,0x12105,
    0x2f94d,0x12106,0x2f94e,0x12107,0x2f94f,0x12108,0x2f950,0x12109,0x2f951,0x1210a,0x2f952,0x1210b,0x2f953,
    0x1210c,0x2f954,0x1210d,0x2f955,0x1210e,0x2f956,0x1210f,0x2f957,0x12110,0x2f958,0x12111,0x2f959,0x12112,
    0x2f95a,0x12113,0x2f95b,0x12114,0x2f95c,0x12115,0x2f95d,0x12116,0x2f95e,0x12117,0x2f95f,0x12118,0x2f960,
    0x12119,0x2f961,0x1211a,0x2f962,0x1211b,0x2f963,0x1211c,0x2f964,0x1211d,0x2f965,0x1211e,0x2f966,0x1211f,
    0x2f967,0x12120,0x2f968,0x12121,0x2f969,0x12122,0x2f96a,0x12123,0x2f96b,0x12124,0x2f96c,0x12125,0x2f96d,
    0x12126,0x2f96e,0x12127,0x2f96f,0x12128,0x2f970,0x12129,0x2f971,0x1212a,0x2f972,0x1212b,0x2f973,0x1212c,
    0x2f974,0x1212d,0x2f975,0x1212e,0x2f976,0x1212f,0x2f977,0x12130,0x2f978,0x12131,0x2f979,0x12132,0x2f97a,
    0x12133,0x2f97b,0x12134,0x2f97c,0x12135,0x2f97d,0x12136,0x2f97e,0x12137,0x2f97f,0x12138,0x2f980,0x12139,
    0x2f981,0x1213a,0x2f982,0x1213b,0x2f983,0x1213c,0x2f984,0x1213d,0x2f985,0x1213e,0x2f986,0x1213f,0x2f987,
    0x12140,0x2f988,0x12141,0x2f989,0x12142,0x2f98a,0x12143,0x2f98b,0x12144,0x2f98c,0x12145,0x2f98d,0x12146,
    0x2f98e,0x12147,0x2f98f,0x12148,0x2f990,0x12149,0x2f991,0x1214a,0x2f992,0x1214b,0x2f993,0x1214c,0x2f994,
    0x1214d,0x2f995,0x1214e,0x2f996,0x1214f,0x2f997,0x12150,0x2f998,0x12151,0x2f999,0x12152,0x2f99a,0x12153,
    0x2f99b,0x12154,0x2f99c,0x12155,0x2f99d,0x12156,0x2f99e,0x12157,0x2f99f,0x12158,0x2f9a0,0x12159,0x2f9a1,
    0x1215a,0x2f9a2,0x1215b,0x2f9a3,0x1215c,0x2f9a4,0x1215d,0x2f9a5,0x1215e,0x2f9a6,0x1215f,0x2f9a7,0x12160,
    0x2f9a8,0x12161,0x2f9a9,0x12162,0x2f9aa,0x12163,0x2f9ab,0x12164,0x2f9ac,0x12165,0x2f9ad,0x12166,0x2f9ae,
    0x12167,0x2f9af,0x12168,0x2f9b0,0x12169,0x2f9b1,0x1216a,0x2f9b2,0x1216b,0x2f9b3,0x1216c,0x2f9b4,0x1216d,
    0x2f9b5,0x1216e,0x2f9b6,0x1216f,0x2f9b7,0x12170,0x2f9b8,0x12171,0x2f9b9,0x12172,0x2f9ba,0x12173,0x2f9bb,
    0x12174,0x2f9bc,0x12175,0x2f9bd,0x12176,0x2f9be,0x12177,0x2f9bf,0x12178,0x2f9c0,0x12179,0x2f9c1,0x1217a,
    0x2f9c2,0x1217b,0x2f9c3,0x1217c,0x2f9c4,0x1217d,0x2f9c5,0x1217e,0x2f9c6,0x1217f,0x2f9c7,0x12180,0x2f9c8,
    0x12181,0x2f9c9,0x12182,0x2f9ca,0x12183,0x2f9cb,0x12184,0x2f9cc,0x12185,0x2f9cd,0x12186,0x2f9ce,0x12187,
    0x2f9cf,0x12188,0x2f9d0,0x12189,0x2f9d1,0x1218a,0x2f9d2,0x1218b,0x2f9d3,0x1218c,0x2f9d4,0x1218d,0x2f9d5,
    0x1218e,0x2f9d6,0x1218f,0x2f9d7,0x12190,0x2f9d8,0x12191,0x2f9d9,0x12192,0x2f9da,0x12193,0x2f9db,0x12194,
    0x2f9dc,0x12195,0x2f9dd,0x12196,0x2f9de,0x12197,0x2f9df,0x12198,0x2f9e0,0x12199,0x2f9e1,0x1219a,0x2f9e2,
    0x1219b,0x2f9e3,0x1219c,0x2f9e4,0x1219d,0x2f9e5,0x1219e,0x2f9e6,0x1219f,0x2f9e7,0x121a0,0x2f9e8,0x121a1,
    0x2f9e9,0x121a2,0x2f9ea,0x121a3,0x2f9eb,0x121a4,0x2f9ec,0x121a5,0x2f9ed,0x121a6,0x2f9ee,0x121a7,0x2f9ef,
    0x121a8,0x2f9f0,0x121a9,0x2f9f1,0x121aa,0x2f9f2,0x121ab,0x2f9f3,0x121ac,0x2f9f4,0x121ad,0x2f9f5,0x121ae,
    0x2f9f6,0x121af,0x2f9f7,0x121b0,0x2f9f8,0x121b1,0x2f9f9,0x121b2,0x2f9fa,0x121b3,0x2f9fb,0x121b4,0x2f9fc,
    0x121b5,0x2f9fd,0x121b6,0x2f9fe,0x121b7,0x2f9ff,0x121b8,0x2fa00,0x121b9,0x2fa01,0x121ba,0x2fa02,0x121bb,
    0x2fa03,0x121bc,0x2fa04,0x121bd,0x2fa05,0x121be,0x2fa06,0x121bf,0x2fa07,0x121c0,0x2fa08,0x121c1,0x2fa09,
    0x121c2,0x2fa0a,0x121c3,0x2fa0b,0x121c4,0x2fa0c,0x121c5,0x2fa0d,0x121c6,0x2fa0e,0x121c7,0x2fa0f,0x121c8,
    0x2fa10,0x121c9,0x2fa11,0x121ca,0x2fa12,0x121cb,0x2fa13,0x121cc,0x2fa14,0x121cd,0x2fa15,0x121ce,0x2fa16,
    0x121cf,0x2fa17,0x121d0,0x2fa18,0x121d1,0x2fa19,0x121d2,0x2fa1a,0x121d3,0x2fa1b,0x121d4,0x2fa1c,0x121d5,
    0x2fa1d,0x121d6,
};
static const uint32_t wm__uc_dec_pool[8663] = { /* the decompositions' code points */
    0x20,0x20,0x308,0x61,0x20,0x304,0x32,0x33,0x20,0x301,0x3bc,0x20,0x327,0x31,0x6f,0x31,0x2044,0x34,0x31,0x2044,
    0x32,0x33,0x2044,0x34,0x41,0x300,0x41,0x301,0x41,0x302,0x41,0x303,0x41,0x308,0x41,0x30a,0x43,0x327,0x45,0x300,
    0x45,0x301,0x45,0x302,0x45,0x308,0x49,0x300,0x49,0x301,0x49,0x302,0x49,0x308,0x4e,0x303,0x4f,0x300,0x4f,0x301,
    0x4f,0x302,0x4f,0x303,0x4f,0x308,0x55,0x300,0x55,0x301,0x55,0x302,0x55,0x308,0x59,0x301,0x61,0x300,0x61,0x301,
    0x61,0x302,0x61,0x303,0x61,0x308,0x61,0x30a,0x63,0x327,0x65,0x300,0x65,0x301,0x65,0x302,0x65,0x308,0x69,0x300,
    0x69,0x301,0x69,0x302,0x69,0x308,0x6e,0x303,0x6f,0x300,0x6f,0x301,0x6f,0x302,0x6f,0x303,0x6f,0x308,0x75,0x300,
    0x75,0x301,0x75,0x302,0x75,0x308,0x79,0x301,0x79,0x308,0x41,0x304,0x61,0x304,0x41,0x306,0x61,0x306,0x41,0x328,
    0x61,0x328,0x43,0x301,0x63,0x301,0x43,0x302,0x63,0x302,0x43,0x307,0x63,0x307,0x43,0x30c,0x63,0x30c,0x44,0x30c,
    0x64,0x30c,0x45,0x304,0x65,0x304,0x45,0x306,0x65,0x306,0x45,0x307,0x65,0x307,0x45,0x328,0x65,0x328,0x45,0x30c,
    0x65,0x30c,0x47,0x302,0x67,0x302,0x47,0x306,0x67,0x306,0x47,0x307,0x67,0x307,0x47,0x327,0x67,0x327,0x48,0x302,
    0x68,0x302,0x49,0x303,0x69,0x303,0x49,0x304,0x69,0x304,0x49,0x306,0x69,0x306,0x49,0x328,0x69,0x328,0x49,0x307,
    0x49,0x4a,0x69,0x6a,0x4a,0x302,0x6a,0x302,0x4b,0x327,0x6b,0x327,0x4c,0x301,0x6c,0x301,0x4c,0x327,0x6c,0x327,
    0x4c,0x30c,0x6c,0x30c,0x4c,0xb7,0x6c,0xb7,0x4e,0x301,0x6e,0x301,0x4e,0x327,0x6e,0x327,0x4e,0x30c,0x6e,0x30c,
    0x2bc,0x6e,0x4f,0x304,0x6f,0x304,0x4f,0x306,0x6f,0x306,0x4f,0x30b,0x6f,0x30b,0x52,0x301,0x72,0x301,0x52,0x327,
    0x72,0x327,0x52,0x30c,0x72,0x30c,0x53,0x301,0x73,0x301,0x53,0x302,0x73,0x302,0x53,0x327,0x73,0x327,0x53,0x30c,
    0x73,0x30c,0x54,0x327,0x74,0x327,0x54,0x30c,0x74,0x30c,0x55,0x303,0x75,0x303,0x55,0x304,0x75,0x304,0x55,0x306,
    0x75,0x306,0x55,0x30a,0x75,0x30a,0x55,0x30b,0x75,0x30b,0x55,0x328,0x75,0x328,0x57,0x302,0x77,0x302,0x59,0x302,
    0x79,0x302,0x59,0x308,0x5a,0x301,0x7a,0x301,0x5a,0x307,0x7a,0x307,0x5a,0x30c,0x7a,0x30c,0x73,0x4f,0x31b,0x6f,
    0x31b,0x55,0x31b,0x75,0x31b,0x44,0x17d,0x44,0x17e,0x64,0x17e,0x4c,0x4a,0x4c,0x6a,0x6c,0x6a,0x4e,0x4a,0x4e,0x6a,
    0x6e,0x6a,0x41,0x30c,0x61,0x30c,0x49,0x30c,0x69,0x30c,0x4f,0x30c,0x6f,0x30c,0x55,0x30c,0x75,0x30c,0xdc,0x304,
    0xfc,0x304,0xdc,0x301,0xfc,0x301,0xdc,0x30c,0xfc,0x30c,0xdc,0x300,0xfc,0x300,0xc4,0x304,0xe4,0x304,0x226,0x304,
    0x227,0x304,0xc6,0x304,0xe6,0x304,0x47,0x30c,0x67,0x30c,0x4b,0x30c,0x6b,0x30c,0x4f,0x328,0x6f,0x328,0x1ea,
    0x304,0x1eb,0x304,0x1b7,0x30c,0x292,0x30c,0x6a,0x30c,0x44,0x5a,0x44,0x7a,0x64,0x7a,0x47,0x301,0x67,0x301,0x4e,
    0x300,0x6e,0x300,0xc5,0x301,0xe5,0x301,0xc6,0x301,0xe6,0x301,0xd8,0x301,0xf8,0x301,0x41,0x30f,0x61,0x30f,0x41,
    0x311,0x61,0x311,0x45,0x30f,0x65,0x30f,0x45,0x311,0x65,0x311,0x49,0x30f,0x69,0x30f,0x49,0x311,0x69,0x311,0x4f,
    0x30f,0x6f,0x30f,0x4f,0x311,0x6f,0x311,0x52,0x30f,0x72,0x30f,0x52,0x311,0x72,0x311,0x55,0x30f,0x75,0x30f,0x55,
    0x311,0x75,0x311,0x53,0x326,0x73,0x326,0x54,0x326,0x74,0x326,0x48,0x30c,0x68,0x30c,0x41,0x307,0x61,0x307,0x45,
    0x327,0x65,0x327,0xd6,0x304,0xf6,0x304,0xd5,0x304,0xf5,0x304,0x4f,0x307,0x6f,0x307,0x22e,0x304,0x22f,0x304,
    0x59,0x304,0x79,0x304,0x68,0x266,0x6a,0x72,0x279,0x27b,0x281,0x77,0x79,0x20,0x306,0x20,0x307,0x20,0x30a,0x20,
    0x328,0x20,0x303,0x20,0x30b,0x263,0x6c,0x73,0x78,0x295,0x300,0x301,0x313,0x308,0x301,0x2b9,0x20,0x345,0x3b,
    0x20,0x301,0xa8,0x301,0x391,0x301,0xb7,0x395,0x301,0x397,0x301,0x399,0x301,0x39f,0x301,0x3a5,0x301,0x3a9,0x301,
    0x3ca,0x301,0x399,0x308,0x3a5,0x308,0x3b1,0x301,0x3b5,0x301,0x3b7,0x301,0x3b9,0x301,0x3cb,0x301,0x3b9,0x308,
    0x3c5,0x308,0x3bf,0x301,0x3c5,0x301,0x3c9,0x301,0x3b2,0x3b8,0x3a5,0x3d2,0x301,0x3d2,0x308,0x3c6,0x3c0,0x3ba,
    0x3c1,0x3c2,0x398,0x3b5,0x3a3,0x415,0x300,0x415,0x308,0x413,0x301,0x406,0x308,0x41a,0x301,0x418,0x300,0x423,
    0x306,0x418,0x306,0x438,0x306,0x435,0x300,0x435,0x308,0x433,0x301,0x456,0x308,0x43a,0x301,0x438,0x300,0x443,
    0x306,0x474,0x30f,0x475,0x30f,0x416,0x306,0x436,0x306,0x410,0x306,0x430,0x306,0x410,0x308,0x430,0x308,0x415,
    0x306,0x435,0x306,0x4d8,0x308,0x4d9,0x308,0x416,0x308,0x436,0x308,0x417,0x308,0x437,0x308,0x418,0x304,0x438,
    0x304,0x418,0x308,0x438,0x308,0x41e,0x308,0x43e,0x308,0x4e8,0x308,0x4e9,0x308,0x42d,0x308,0x44d,0x308,0x423,
    0x304,0x443,0x304,0x423,0x308,0x443,0x308,0x423,0x30b,0x443,0x30b,0x427,0x308,0x447,0x308,0x42b,0x308,0x44b,
    0x308,0x565,0x582,0x627,0x653,0x627,0x654,0x648,0x654,0x627,0x655,0x64a,0x654,0x627,0x674,0x648,0x674,0x6c7,
    0x674,0x64a,0x674,0x6d5,0x654,0x6c1,0x654,0x6d2,0x654,0x928,0x93c,0x930,0x93c,0x933,0x93c,0x915,0x93c,0x916,
    0x93c,0x917,0x93c,0x91c,0x93c,0x921,0x93c,0x922,0x93c,0x92b,0x93c,0x92f,0x93c,0x9c7,0x9be,0x9c7,0x9d7,0x9a1,
    0x9bc,0x9a2,0x9bc,0x9af,0x9bc,0xa32,0xa3c,0xa38,0xa3c,0xa16,0xa3c,0xa17,0xa3c,0xa1c,0xa3c,0xa2b,0xa3c,0xb47,
    0xb56,0xb47,0xb3e,0xb47,0xb57,0xb21,0xb3c,0xb22,0xb3c,0xb92,0xbd7,0xbc6,0xbbe,0xbc7,0xbbe,0xbc6,0xbd7,0xc46,
    0xc56,0xcbf,0xcd5,0xcc6,0xcd5,0xcc6,0xcd6,0xcc6,0xcc2,0xcca,0xcd5,0xd46,0xd3e,0xd47,0xd3e,0xd46,0xd57,0xdd9,
    0xdca,0xdd9,0xdcf,0xddc,0xdca,0xdd9,0xddf,0xe4d,0xe32,0xecd,0xeb2,0xeab,0xe99,0xeab,0xea1,0xf0b,0xf42,0xfb7,
    0xf4c,0xfb7,0xf51,0xfb7,0xf56,0xfb7,0xf5b,0xfb7,0xf40,0xfb5,0xf71,0xf72,0xf71,0xf74,0xfb2,0xf80,0xfb2,0xf81,
    0xfb3,0xf80,0xfb3,0xf81,0xf71,0xf80,0xf92,0xfb7,0xf9c,0xfb7,0xfa1,0xfb7,0xfa6,0xfb7,0xfab,0xfb7,0xf90,0xfb5,
    0x1025,0x102e,0x10dc,0x1b05,0x1b35,0x1b07,0x1b35,0x1b09,0x1b35,0x1b0b,0x1b35,0x1b0d,0x1b35,0x1b11,0x1b35,
    0x1b3a,0x1b35,0x1b3c,0x1b35,0x1b3e,0x1b35,0x1b3f,0x1b35,0x1b42,0x1b35,0x41,0xc6,0x42,0x44,0x45,0x18e,0x47,0x48,
    0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x222,0x50,0x52,0x54,0x55,0x57,0x61,0x250,0x251,0x1d02,0x62,0x64,0x65,0x259,
    0x25b,0x25c,0x67,0x6b,0x6d,0x14b,0x6f,0x254,0x1d16,0x1d17,0x70,0x74,0x75,0x1d1d,0x26f,0x76,0x1d25,0x3b2,0x3b3,
    0x3b4,0x3c6,0x3c7,0x69,0x72,0x75,0x76,0x3b2,0x3b3,0x3c1,0x3c6,0x3c7,0x43d,0x252,0x63,0x255,0xf0,0x25c,0x66,
    0x25f,0x261,0x265,0x268,0x269,0x26a,0x1d7b,0x29d,0x26d,0x1d85,0x29f,0x271,0x270,0x272,0x273,0x274,0x275,0x278,
    0x282,0x283,0x1ab,0x289,0x28a,0x1d1c,0x28b,0x28c,0x7a,0x290,0x291,0x292,0x3b8,0x41,0x325,0x61,0x325,0x42,0x307,
    0x62,0x307,0x42,0x323,0x62,0x323,0x42,0x331,0x62,0x331,0xc7,0x301,0xe7,0x301,0x44,0x307,0x64,0x307,0x44,0x323,
    0x64,0x323,0x44,0x331,0x64,0x331,0x44,0x327,0x64,0x327,0x44,0x32d,0x64,0x32d,0x112,0x300,0x113,0x300,0x112,
    0x301,0x113,0x301,0x45,0x32d,0x65,0x32d,0x45,0x330,0x65,0x330,0x228,0x306,0x229,0x306,0x46,0x307,0x66,0x307,
    0x47,0x304,0x67,0x304,0x48,0x307,0x68,0x307,0x48,0x323,0x68,0x323,0x48,0x308,0x68,0x308,0x48,0x327,0x68,0x327,
    0x48,0x32e,0x68,0x32e,0x49,0x330,0x69,0x330,0xcf,0x301,0xef,0x301,0x4b,0x301,0x6b,0x301,0x4b,0x323,0x6b,0x323,
    0x4b,0x331,0x6b,0x331,0x4c,0x323,0x6c,0x323,0x1e36,0x304,0x1e37,0x304,0x4c,0x331,0x6c,0x331,0x4c,0x32d,0x6c,
    0x32d,0x4d,0x301,0x6d,0x301,0x4d,0x307,0x6d,0x307,0x4d,0x323,0x6d,0x323,0x4e,0x307,0x6e,0x307,0x4e,0x323,0x6e,
    0x323,0x4e,0x331,0x6e,0x331,0x4e,0x32d,0x6e,0x32d,0xd5,0x301,0xf5,0x301,0xd5,0x308,0xf5,0x308,0x14c,0x300,
    0x14d,0x300,0x14c,0x301,0x14d,0x301,0x50,0x301,0x70,0x301,0x50,0x307,0x70,0x307,0x52,0x307,0x72,0x307,0x52,
    0x323,0x72,0x323,0x1e5a,0x304,0x1e5b,0x304,0x52,0x331,0x72,0x331,0x53,0x307,0x73,0x307,0x53,0x323,0x73,0x323,
    0x15a,0x307,0x15b,0x307,0x160,0x307,0x161,0x307,0x1e62,0x307,0x1e63,0x307,0x54,0x307,0x74,0x307,0x54,0x323,
    0x74,0x323,0x54,0x331,0x74,0x331,0x54,0x32d,0x74,0x32d,0x55,0x324,0x75,0x324,0x55,0x330,0x75,0x330,0x55,0x32d,
    0x75,0x32d,0x168,0x301,0x169,0x301,0x16a,0x308,0x16b,0x308,0x56,0x303,0x76,0x303,0x56,0x323,0x76,0x323,0x57,
    0x300,0x77,0x300,0x57,0x301,0x77,0x301,0x57,0x308,0x77,0x308,0x57,0x307,0x77,0x307,0x57,0x323,0x77,0x323,0x58,
    0x307,0x78,0x307,0x58,0x308,0x78,0x308,0x59,0x307,0x79,0x307,0x5a,0x302,0x7a,0x302,0x5a,0x323,0x7a,0x323,0x5a,
    0x331,0x7a,0x331,0x68,0x331,0x74,0x308,0x77,0x30a,0x79,0x30a,0x61,0x2be,0x17f,0x307,0x41,0x323,0x61,0x323,0x41,
    0x309,0x61,0x309,0xc2,0x301,0xe2,0x301,0xc2,0x300,0xe2,0x300,0xc2,0x309,0xe2,0x309,0xc2,0x303,0xe2,0x303,
    0x1ea0,0x302,0x1ea1,0x302,0x102,0x301,0x103,0x301,0x102,0x300,0x103,0x300,0x102,0x309,0x103,0x309,0x102,0x303,
    0x103,0x303,0x1ea0,0x306,0x1ea1,0x306,0x45,0x323,0x65,0x323,0x45,0x309,0x65,0x309,0x45,0x303,0x65,0x303,0xca,
    0x301,0xea,0x301,0xca,0x300,0xea,0x300,0xca,0x309,0xea,0x309,0xca,0x303,0xea,0x303,0x1eb8,0x302,0x1eb9,0x302,
    0x49,0x309,0x69,0x309,0x49,0x323,0x69,0x323,0x4f,0x323,0x6f,0x323,0x4f,0x309,0x6f,0x309,0xd4,0x301,0xf4,0x301,
    0xd4,0x300,0xf4,0x300,0xd4,0x309,0xf4,0x309,0xd4,0x303,0xf4,0x303,0x1ecc,0x302,0x1ecd,0x302,0x1a0,0x301,0x1a1,
    0x301,0x1a0,0x300,0x1a1,0x300,0x1a0,0x309,0x1a1,0x309,0x1a0,0x303,0x1a1,0x303,0x1a0,0x323,0x1a1,0x323,0x55,
    0x323,0x75,0x323,0x55,0x309,0x75,0x309,0x1af,0x301,0x1b0,0x301,0x1af,0x300,0x1b0,0x300,0x1af,0x309,0x1b0,0x309,
    0x1af,0x303,0x1b0,0x303,0x1af,0x323,0x1b0,0x323,0x59,0x300,0x79,0x300,0x59,0x323,0x79,0x323,0x59,0x309,0x79,
    0x309,0x59,0x303,0x79,0x303,0x3b1,0x313,0x3b1,0x314,0x1f00,0x300,0x1f01,0x300,0x1f00,0x301,0x1f01,0x301,0x1f00,
    0x342,0x1f01,0x342,0x391,0x313,0x391,0x314,0x1f08,0x300,0x1f09,0x300,0x1f08,0x301,0x1f09,0x301,0x1f08,0x342,
    0x1f09,0x342,0x3b5,0x313,0x3b5,0x314,0x1f10,0x300,0x1f11,0x300,0x1f10,0x301,0x1f11,0x301,0x395,0x313,0x395,
    0x314,0x1f18,0x300,0x1f19,0x300,0x1f18,0x301,0x1f19,0x301,0x3b7,0x313,0x3b7,0x314,0x1f20,0x300,0x1f21,0x300,
    0x1f20,0x301,0x1f21,0x301,0x1f20,0x342,0x1f21,0x342,0x397,0x313,0x397,0x314,0x1f28,0x300,0x1f29,0x300,0x1f28,
    0x301,0x1f29,0x301,0x1f28,0x342,0x1f29,0x342,0x3b9,0x313,0x3b9,0x314,0x1f30,0x300,0x1f31,0x300,0x1f30,0x301,
    0x1f31,0x301,0x1f30,0x342,0x1f31,0x342,0x399,0x313,0x399,0x314,0x1f38,0x300,0x1f39,0x300,0x1f38,0x301,0x1f39,
    0x301,0x1f38,0x342,0x1f39,0x342,0x3bf,0x313,0x3bf,0x314,0x1f40,0x300,0x1f41,0x300,0x1f40,0x301,0x1f41,0x301,
    0x39f,0x313,0x39f,0x314,0x1f48,0x300,0x1f49,0x300,0x1f48,0x301,0x1f49,0x301,0x3c5,0x313,0x3c5,0x314,0x1f50,
    0x300,0x1f51,0x300,0x1f50,0x301,0x1f51,0x301,0x1f50,0x342,0x1f51,0x342,0x3a5,0x314,0x1f59,0x300,0x1f59,0x301,
    0x1f59,0x342,0x3c9,0x313,0x3c9,0x314,0x1f60,0x300,0x1f61,0x300,0x1f60,0x301,0x1f61,0x301,0x1f60,0x342,0x1f61,
    0x342,0x3a9,0x313,0x3a9,0x314,0x1f68,0x300,0x1f69,0x300,0x1f68,0x301,0x1f69,0x301,0x1f68,0x342,0x1f69,0x342,
    0x3b1,0x300,0x3ac,0x3b5,0x300,0x3ad,0x3b7,0x300,0x3ae,0x3b9,0x300,0x3af,0x3bf,0x300,0x3cc,0x3c5,0x300,0x3cd,
    0x3c9,0x300,0x3ce,0x1f00,0x345,0x1f01,0x345,0x1f02,0x345,0x1f03,0x345,0x1f04,0x345,0x1f05,0x345,0x1f06,0x345,
    0x1f07,0x345,0x1f08,0x345,0x1f09,0x345,0x1f0a,0x345,0x1f0b,0x345,0x1f0c,0x345,0x1f0d,0x345,0x1f0e,0x345,0x1f0f,
    0x345,0x1f20,0x345,0x1f21,0x345,0x1f22,0x345,0x1f23,0x345,0x1f24,0x345,0x1f25,0x345,0x1f26,0x345,0x1f27,0x345,
    0x1f28,0x345,0x1f29,0x345,0x1f2a,0x345,0x1f2b,0x345,0x1f2c,0x345,0x1f2d,0x345,0x1f2e,0x345,0x1f2f,0x345,0x1f60,
    0x345,0x1f61,0x345,0x1f62,0x345,0x1f63,0x345,0x1f64,0x345,0x1f65,0x345,0x1f66,0x345,0x1f67,0x345,0x1f68,0x345,
    0x1f69,0x345,0x1f6a,0x345,0x1f6b,0x345,0x1f6c,0x345,0x1f6d,0x345,0x1f6e,0x345,0x1f6f,0x345,0x3b1,0x306,0x3b1,
    0x304,0x1f70,0x345,0x3b1,0x345,0x3ac,0x345,0x3b1,0x342,0x1fb6,0x345,0x391,0x306,0x391,0x304,0x391,0x300,0x386,
    0x391,0x345,0x20,0x313,0x3b9,0x20,0x313,0x20,0x342,0xa8,0x342,0x1f74,0x345,0x3b7,0x345,0x3ae,0x345,0x3b7,0x342,
    0x1fc6,0x345,0x395,0x300,0x388,0x397,0x300,0x389,0x397,0x345,0x1fbf,0x300,0x1fbf,0x301,0x1fbf,0x342,0x3b9,
    0x306,0x3b9,0x304,0x3ca,0x300,0x390,0x3b9,0x342,0x3ca,0x342,0x399,0x306,0x399,0x304,0x399,0x300,0x38a,0x1ffe,
    0x300,0x1ffe,0x301,0x1ffe,0x342,0x3c5,0x306,0x3c5,0x304,0x3cb,0x300,0x3b0,0x3c1,0x313,0x3c1,0x314,0x3c5,0x342,
    0x3cb,0x342,0x3a5,0x306,0x3a5,0x304,0x3a5,0x300,0x38e,0x3a1,0x314,0xa8,0x300,0x385,0x60,0x1f7c,0x345,0x3c9,
    0x345,0x3ce,0x345,0x3c9,0x342,0x1ff6,0x345,0x39f,0x300,0x38c,0x3a9,0x300,0x38f,0x3a9,0x345,0xb4,0x20,0x314,
    0x2002,0x2003,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x20,0x2010,0x20,0x333,0x2e,0x2e,0x2e,0x2e,0x2e,0x2e,
    0x20,0x2032,0x2032,0x2032,0x2032,0x2032,0x2035,0x2035,0x2035,0x2035,0x2035,0x21,0x21,0x20,0x305,0x3f,0x3f,0x3f,
    0x21,0x21,0x3f,0x2032,0x2032,0x2032,0x2032,0x20,0x30,0x69,0x34,0x35,0x36,0x37,0x38,0x39,0x2b,0x2212,0x3d,0x28,
    0x29,0x6e,0x30,0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,0x2b,0x2212,0x3d,0x28,0x29,0x61,0x65,0x6f,0x78,
    0x259,0x68,0x6b,0x6c,0x6d,0x6e,0x70,0x73,0x74,0x52,0x73,0x61,0x2f,0x63,0x61,0x2f,0x73,0x43,0xb0,0x43,0x63,0x2f,
    0x6f,0x63,0x2f,0x75,0x190,0xb0,0x46,0x67,0x48,0x48,0x48,0x68,0x127,0x49,0x49,0x4c,0x6c,0x4e,0x4e,0x6f,0x50,
    0x51,0x52,0x52,0x52,0x53,0x4d,0x54,0x45,0x4c,0x54,0x4d,0x5a,0x3a9,0x5a,0x4b,0xc5,0x42,0x43,0x65,0x45,0x46,0x4d,
    0x6f,0x5d0,0x5d1,0x5d2,0x5d3,0x69,0x46,0x41,0x58,0x3c0,0x3b3,0x393,0x3a0,0x2211,0x44,0x64,0x65,0x69,0x6a,0x31,
    0x2044,0x37,0x31,0x2044,0x39,0x31,0x2044,0x31,0x30,0x31,0x2044,0x33,0x32,0x2044,0x33,0x31,0x2044,0x35,0x32,
    0x2044,0x35,0x33,0x2044,0x35,0x34,0x2044,0x35,0x31,0x2044,0x36,0x35,0x2044,0x36,0x31,0x2044,0x38,0x33,0x2044,
    0x38,0x35,0x2044,0x38,0x37,0x2044,0x38,0x31,0x2044,0x49,0x49,0x49,0x49,0x49,0x49,0x49,0x56,0x56,0x56,0x49,0x56,
    0x49,0x49,0x56,0x49,0x49,0x49,0x49,0x58,0x58,0x58,0x49,0x58,0x49,0x49,0x4c,0x43,0x44,0x4d,0x69,0x69,0x69,0x69,
    0x69,0x69,0x69,0x76,0x76,0x76,0x69,0x76,0x69,0x69,0x76,0x69,0x69,0x69,0x69,0x78,0x78,0x78,0x69,0x78,0x69,0x69,
    0x6c,0x63,0x64,0x6d,0x30,0x2044,0x33,0x2190,0x338,0x2192,0x338,0x2194,0x338,0x21d0,0x338,0x21d4,0x338,0x21d2,
    0x338,0x2203,0x338,0x2208,0x338,0x220b,0x338,0x2223,0x338,0x2225,0x338,0x222b,0x222b,0x222b,0x222b,0x222b,
    0x222e,0x222e,0x222e,0x222e,0x222e,0x223c,0x338,0x2243,0x338,0x2245,0x338,0x2248,0x338,0x3d,0x338,0x2261,0x338,
    0x224d,0x338,0x3c,0x338,0x3e,0x338,0x2264,0x338,0x2265,0x338,0x2272,0x338,0x2273,0x338,0x2276,0x338,0x2277,
    0x338,0x227a,0x338,0x227b,0x338,0x2282,0x338,0x2283,0x338,0x2286,0x338,0x2287,0x338,0x22a2,0x338,0x22a8,0x338,
    0x22a9,0x338,0x22ab,0x338,0x227c,0x338,0x227d,0x338,0x2291,0x338,0x2292,0x338,0x22b2,0x338,0x22b3,0x338,0x22b4,
    0x338,0x22b5,0x338,0x3008,0x3009,0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,0x31,0x30,0x31,0x31,0x31,0x32,
    0x31,0x33,0x31,0x34,0x31,0x35,0x31,0x36,0x31,0x37,0x31,0x38,0x31,0x39,0x32,0x30,0x28,0x31,0x29,0x28,0x32,0x29,
    0x28,0x33,0x29,0x28,0x34,0x29,0x28,0x35,0x29,0x28,0x36,0x29,0x28,0x37,0x29,0x28,0x38,0x29,0x28,0x39,0x29,0x28,
    0x31,0x30,0x29,0x28,0x31,0x31,0x29,0x28,0x31,0x32,0x29,0x28,0x31,0x33,0x29,0x28,0x31,0x34,0x29,0x28,0x31,0x35,
    0x29,0x28,0x31,0x36,0x29,0x28,0x31,0x37,0x29,0x28,0x31,0x38,0x29,0x28,0x31,0x39,0x29,0x28,0x32,0x30,0x29,0x31,
    0x2e,0x32,0x2e,0x33,0x2e,0x34,0x2e,0x35,0x2e,0x36,0x2e,0x37,0x2e,0x38,0x2e,0x39,0x2e,0x31,0x30,0x2e,0x31,0x31,
    0x2e,0x31,0x32,0x2e,0x31,0x33,0x2e,0x31,0x34,0x2e,0x31,0x35,0x2e,0x31,0x36,0x2e,0x31,0x37,0x2e,0x31,0x38,0x2e,
    0x31,0x39,0x2e,0x32,0x30,0x2e,0x28,0x61,0x29,0x28,0x62,0x29,0x28,0x63,0x29,0x28,0x64,0x29,0x28,0x65,0x29,0x28,
    0x66,0x29,0x28,0x67,0x29,0x28,0x68,0x29,0x28,0x69,0x29,0x28,0x6a,0x29,0x28,0x6b,0x29,0x28,0x6c,0x29,0x28,0x6d,
    0x29,0x28,0x6e,0x29,0x28,0x6f,0x29,0x28,0x70,0x29,0x28,0x71,0x29,0x28,0x72,0x29,0x28,0x73,0x29,0x28,0x74,0x29,
    0x28,0x75,0x29,0x28,0x76,0x29,0x28,0x77,0x29,0x28,0x78,0x29,0x28,0x79,0x29,0x28,0x7a,0x29,0x41,0x42,0x43,0x44,
    0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,
    0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,
    0x77,0x78,0x79,0x7a,0x30,0x222b,0x222b,0x222b,0x222b,0x3a,0x3a,0x3d,0x3d,0x3d,0x3d,0x3d,0x3d,0x2add,0x338,0x6a,
    0x56,0x2d61,0x6bcd,0x9f9f,0x4e00,0x4e28,0x4e36,0x4e3f,0x4e59,0x4e85,0x4e8c,0x4ea0,0x4eba,0x513f,0x5165,0x516b,
    0x5182,0x5196,0x51ab,0x51e0,0x51f5,0x5200,0x529b,0x52f9,0x5315,0x531a,0x5338,0x5341,0x535c,0x5369,0x5382,
    0x53b6,0x53c8,0x53e3,0x56d7,0x571f,0x58eb,0x5902,0x590a,0x5915,0x5927,0x5973,0x5b50,0x5b80,0x5bf8,0x5c0f,
    0x5c22,0x5c38,0x5c6e,0x5c71,0x5ddb,0x5de5,0x5df1,0x5dfe,0x5e72,0x5e7a,0x5e7f,0x5ef4,0x5efe,0x5f0b,0x5f13,
    0x5f50,0x5f61,0x5f73,0x5fc3,0x6208,0x6236,0x624b,0x652f,0x6534,0x6587,0x6597,0x65a4,0x65b9,0x65e0,0x65e5,
    0x66f0,0x6708,0x6728,0x6b20,0x6b62,0x6b79,0x6bb3,0x6bcb,0x6bd4,0x6bdb,0x6c0f,0x6c14,0x6c34,0x706b,0x722a,
    0x7236,0x723b,0x723f,0x7247,0x7259,0x725b,0x72ac,0x7384,0x7389,0x74dc,0x74e6,0x7518,0x751f,0x7528,0x7530,
    0x758b,0x7592,0x7676,0x767d,0x76ae,0x76bf,0x76ee,0x77db,0x77e2,0x77f3,0x793a,0x79b8,0x79be,0x7a74,0x7acb,
    0x7af9,0x7c73,0x7cf8,0x7f36,0x7f51,0x7f8a,0x7fbd,0x8001,0x800c,0x8012,0x8033,0x807f,0x8089,0x81e3,0x81ea,
    0x81f3,0x81fc,0x820c,0x821b,0x821f,0x826e,0x8272,0x8278,0x864d,0x866b,0x8840,0x884c,0x8863,0x897e,0x898b,
    0x89d2,0x8a00,0x8c37,0x8c46,0x8c55,0x8c78,0x8c9d,0x8d64,0x8d70,0x8db3,0x8eab,0x8eca,0x8f9b,0x8fb0,0x8fb5,
    0x9091,0x9149,0x91c6,0x91cc,0x91d1,0x9577,0x9580,0x961c,0x96b6,0x96b9,0x96e8,0x9751,0x975e,0x9762,0x9769,
    0x97cb,0x97ed,0x97f3,0x9801,0x98a8,0x98db,0x98df,0x9996,0x9999,0x99ac,0x9aa8,0x9ad8,0x9adf,0x9b25,0x9b2f,
    0x9b32,0x9b3c,0x9b5a,0x9ce5,0x9e75,0x9e7f,0x9ea5,0x9ebb,0x9ec3,0x9ecd,0x9ed1,0x9ef9,0x9efd,0x9f0e,0x9f13,
    0x9f20,0x9f3b,0x9f4a,0x9f52,0x9f8d,0x9f9c,0x9fa0,0x20,0x3012,0x5341,0x5344,0x5345,0x304b,0x3099,0x304d,0x3099,
    0x304f,0x3099,0x3051,0x3099,0x3053,0x3099,0x3055,0x3099,0x3057,0x3099,0x3059,0x3099,0x305b,0x3099,0x305d,
    0x3099,0x305f,0x3099,0x3061,0x3099,0x3064,0x3099,0x3066,0x3099,0x3068,0x3099,0x306f,0x3099,0x306f,0x309a,
    0x3072,0x3099,0x3072,0x309a,0x3075,0x3099,0x3075,0x309a,0x3078,0x3099,0x3078,0x309a,0x307b,0x3099,0x307b,
    0x309a,0x3046,0x3099,0x20,0x3099,0x20,0x309a,0x309d,0x3099,0x3088,0x308a,0x30ab,0x3099,0x30ad,0x3099,0x30af,
    0x3099,0x30b1,0x3099,0x30b3,0x3099,0x30b5,0x3099,0x30b7,0x3099,0x30b9,0x3099,0x30bb,0x3099,0x30bd,0x3099,
    0x30bf,0x3099,0x30c1,0x3099,0x30c4,0x3099,0x30c6,0x3099,0x30c8,0x3099,0x30cf,0x3099,0x30cf,0x309a,0x30d2,
    0x3099,0x30d2,0x309a,0x30d5,0x3099,0x30d5,0x309a,0x30d8,0x3099,0x30d8,0x309a,0x30db,0x3099,0x30db,0x309a,
    0x30a6,0x3099,0x30ef,0x3099,0x30f0,0x3099,0x30f1,0x3099,0x30f2,0x3099,0x30fd,0x3099,0x30b3,0x30c8,0x1100,
    0x1101,0x11aa,0x1102,0x11ac,0x11ad,0x1103,0x1104,0x1105,0x11b0,0x11b1,0x11b2,0x11b3,0x11b4,0x11b5,0x111a,
    0x1106,0x1107,0x1108,0x1121,0x1109,0x110a,0x110b,0x110c,0x110d,0x110e,0x110f,0x1110,0x1111,0x1112,0x1161,
    0x1162,0x1163,0x1164,0x1165,0x1166,0x1167,0x1168,0x1169,0x116a,0x116b,0x116c,0x116d,0x116e,0x116f,0x1170,
    0x1171,0x1172,0x1173,0x1174,0x1175,0x1160,0x1114,0x1115,0x11c7,0x11c8,0x11cc,0x11ce,0x11d3,0x11d7,0x11d9,
    0x111c,0x11dd,0x11df,0x111d,0x111e,0x1120,0x1122,0x1123,0x1127,0x1129,0x112b,0x112c,0x112d,0x112e,0x112f,
    0x1132,0x1136,0x1140,0x1147,0x114c,0x11f1,0x11f2,0x1157,0x1158,0x1159,0x1184,0x1185,0x1188,0x1191,0x1192,
    0x1194,0x119e,0x11a1,0x4e00,0x4e8c,0x4e09,0x56db,0x4e0a,0x4e2d,0x4e0b,0x7532,0x4e59,0x4e19,0x4e01,0x5929,
    0x5730,0x4eba,0x28,0x1100,0x29,0x28,0x1102,0x29,0x28,0x1103,0x29,0x28,0x1105,0x29,0x28,0x1106,0x29,0x28,0x1107,
    0x29,0x28,0x1109,0x29,0x28,0x110b,0x29,0x28,0x110c,0x29,0x28,0x110e,0x29,0x28,0x110f,0x29,0x28,0x1110,0x29,
    0x28,0x1111,0x29,0x28,0x1112,0x29,0x28,0x1100,0x1161,0x29,0x28,0x1102,0x1161,0x29,0x28,0x1103,0x1161,0x29,0x28,
    0x1105,0x1161,0x29,0x28,0x1106,0x1161,0x29,0x28,0x1107,0x1161,0x29,0x28,0x1109,0x1161,0x29,0x28,0x110b,0x1161,
    0x29,0x28,0x110c,0x1161,0x29,0x28,0x110e,0x1161,0x29,0x28,0x110f,0x1161,0x29,0x28,0x1110,0x1161,0x29,0x28,
    0x1111,0x1161,0x29,0x28,0x1112,0x1161,0x29,0x28,0x110c,0x116e,0x29,0x28,0x110b,0x1169,0x110c,0x1165,0x11ab,
    0x29,0x28,0x110b,0x1169,0x1112,0x116e,0x29,0x28,0x4e00,0x29,0x28,0x4e8c,0x29,0x28,0x4e09,0x29,0x28,0x56db,0x29,
    0x28,0x4e94,0x29,0x28,0x516d,0x29,0x28,0x4e03,0x29,0x28,0x516b,0x29,0x28,0x4e5d,0x29,0x28,0x5341,0x29,0x28,
    0x6708,0x29,0x28,0x706b,0x29,0x28,0x6c34,0x29,0x28,0x6728,0x29,0x28,0x91d1,0x29,0x28,0x571f,0x29,0x28,0x65e5,
    0x29,0x28,0x682a,0x29,0x28,0x6709,0x29,0x28,0x793e,0x29,0x28,0x540d,0x29,0x28,0x7279,0x29,0x28,0x8ca1,0x29,
    0x28,0x795d,0x29,0x28,0x52b4,0x29,0x28,0x4ee3,0x29,0x28,0x547c,0x29,0x28,0x5b66,0x29,0x28,0x76e3,0x29,0x28,
    0x4f01,0x29,0x28,0x8cc7,0x29,0x28,0x5354,0x29,0x28,0x796d,0x29,0x28,0x4f11,0x29,0x28,0x81ea,0x29,0x28,0x81f3,
    0x29,0x554f,0x5e7c,0x6587,0x7b8f,0x50,0x54,0x45,0x32,0x31,0x32,0x32,0x32,0x33,0x32,0x34,0x32,0x35,0x32,0x36,
    0x32,0x37,0x32,0x38,0x32,0x39,0x33,0x30,0x33,0x31,0x33,0x32,0x33,0x33,0x33,0x34,0x33,0x35,0x1100,0x1102,0x1103,
    0x1105,0x1106,0x1107,0x1109,0x110b,0x110c,0x110e,0x110f,0x1110,0x1111,0x1112,0x1100,0x1161,0x1102,0x1161,
    0x1103,0x1161,0x1105,0x1161,0x1106,0x1161,0x1107,0x1161,0x1109,0x1161,0x110b,0x1161,0x110c,0x1161,0x110e,
    0x1161,0x110f,0x1161,0x1110,0x1161,0x1111,0x1161,0x1112,0x1161,0x110e,0x1161,0x11b7,0x1100,0x1169,0x110c,
    0x116e,0x110b,0x1174,0x110b,0x116e,0x4e00,0x4e8c,0x4e09,0x56db,0x4e94,0x516d,0x4e03,0x516b,0x4e5d,0x5341,
    0x6708,0x706b,0x6c34,0x6728,0x91d1,0x571f,0x65e5,0x682a,0x6709,0x793e,0x540d,0x7279,0x8ca1,0x795d,0x52b4,
    0x79d8,0x7537,0x5973,0x9069,0x512a,0x5370,0x6ce8,0x9805,0x4f11,0x5199,0x6b63,0x4e0a,0x4e2d,0x4e0b,0x5de6,
    0x53f3,0x533b,0x5b97,0x5b66,0x76e3,0x4f01,0x8cc7,0x5354,0x591c,0x33,0x36,0x33,0x37,0x33,0x38,0x33,0x39,0x34,
    0x30,0x34,0x31,0x34,0x32,0x34,0x33,0x34,0x34,0x34,0x35,0x34,0x36,0x34,0x37,0x34,0x38,0x34,0x39,0x35,0x30,0x31,
    0x6708,0x32,0x6708,0x33,0x6708,0x34,0x6708,0x35,0x6708,0x36,0x6708,0x37,0x6708,0x38,0x6708,0x39,0x6708,0x31,
    0x30,0x6708,0x31,0x31,0x6708,0x31,0x32,0x6708,0x48,0x67,0x65,0x72,0x67,0x65,0x56,0x4c,0x54,0x44,0x30a2,0x30a4,
    0x30a6,0x30a8,0x30aa,0x30ab,0x30ad,0x30af,0x30b1,0x30b3,0x30b5,0x30b7,0x30b9,0x30bb,0x30bd,0x30bf,0x30c1,
    0x30c4,0x30c6,0x30c8,0x30ca,0x30cb,0x30cc,0x30cd,0x30ce,0x30cf,0x30d2,0x30d5,0x30d8,0x30db,0x30de,0x30df,
    0x30e0,0x30e1,0x30e2,0x30e4,0x30e6,0x30e8,0x30e9,0x30ea,0x30eb,0x30ec,0x30ed,0x30ef,0x30f0,0x30f1,0x30f2,
    0x4ee4,0x548c,0x30a2,0x30d1,0x30fc,0x30c8,0x30a2,0x30eb,0x30d5,0x30a1,0x30a2,0x30f3,0x30da,0x30a2,0x30a2,
    0x30fc,0x30eb,0x30a4,0x30cb,0x30f3,0x30b0,0x30a4,0x30f3,0x30c1,0x30a6,0x30a9,0x30f3,0x30a8,0x30b9,0x30af,
    0x30fc,0x30c9,0x30a8,0x30fc,0x30ab,0x30fc,0x30aa,0x30f3,0x30b9,0x30aa,0x30fc,0x30e0,0x30ab,0x30a4,0x30ea,
    0x30ab,0x30e9,0x30c3,0x30c8,0x30ab,0x30ed,0x30ea,0x30fc,0x30ac,0x30ed,0x30f3,0x30ac,0x30f3,0x30de,0x30ae,
    0x30ac,0x30ae,0x30cb,0x30fc,0x30ad,0x30e5,0x30ea,0x30fc,0x30ae,0x30eb,0x30c0,0x30fc,0x30ad,0x30ed,0x30ad,
    0x30ed,0x30b0,0x30e9,0x30e0,0x30ad,0x30ed,0x30e1,0x30fc,0x30c8,0x30eb,0x30ad,0x30ed,0x30ef,0x30c3,0x30c8,
    0x30b0,0x30e9,0x30e0,0x30b0,0x30e9,0x30e0,0x30c8,0x30f3,0x30af,0x30eb,0x30bc,0x30a4,0x30ed,0x30af,0x30ed,
    0x30fc,0x30cd,0x30b1,0x30fc,0x30b9,0x30b3,0x30eb,0x30ca,0x30b3,0x30fc,0x30dd,0x30b5,0x30a4,0x30af,0x30eb,
    0x30b5,0x30f3,0x30c1,0x30fc,0x30e0,0x30b7,0x30ea,0x30f3,0x30b0,0x30bb,0x30f3,0x30c1,0x30bb,0x30f3,0x30c8,
    0x30c0,0x30fc,0x30b9,0x30c7,0x30b7,0x30c9,0x30eb,0x30c8,0x30f3,0x30ca,0x30ce,0x30ce,0x30c3,0x30c8,0x30cf,
    0x30a4,0x30c4,0x30d1,0x30fc,0x30bb,0x30f3,0x30c8,0x30d1,0x30fc,0x30c4,0x30d0,0x30fc,0x30ec,0x30eb,0x30d4,
    0x30a2,0x30b9,0x30c8,0x30eb,0x30d4,0x30af,0x30eb,0x30d4,0x30b3,0x30d3,0x30eb,0x30d5,0x30a1,0x30e9,0x30c3,
    0x30c9,0x30d5,0x30a3,0x30fc,0x30c8,0x30d6,0x30c3,0x30b7,0x30a7,0x30eb,0x30d5,0x30e9,0x30f3,0x30d8,0x30af,
    0x30bf,0x30fc,0x30eb,0x30da,0x30bd,0x30da,0x30cb,0x30d2,0x30d8,0x30eb,0x30c4,0x30da,0x30f3,0x30b9,0x30da,
    0x30fc,0x30b8,0x30d9,0x30fc,0x30bf,0x30dd,0x30a4,0x30f3,0x30c8,0x30dc,0x30eb,0x30c8,0x30db,0x30f3,0x30dd,
    0x30f3,0x30c9,0x30db,0x30fc,0x30eb,0x30db,0x30fc,0x30f3,0x30de,0x30a4,0x30af,0x30ed,0x30de,0x30a4,0x30eb,
    0x30de,0x30c3,0x30cf,0x30de,0x30eb,0x30af,0x30de,0x30f3,0x30b7,0x30e7,0x30f3,0x30df,0x30af,0x30ed,0x30f3,
    0x30df,0x30ea,0x30df,0x30ea,0x30d0,0x30fc,0x30eb,0x30e1,0x30ac,0x30e1,0x30ac,0x30c8,0x30f3,0x30e1,0x30fc,
    0x30c8,0x30eb,0x30e4,0x30fc,0x30c9,0x30e4,0x30fc,0x30eb,0x30e6,0x30a2,0x30f3,0x30ea,0x30c3,0x30c8,0x30eb,
    0x30ea,0x30e9,0x30eb,0x30d4,0x30fc,0x30eb,0x30fc,0x30d6,0x30eb,0x30ec,0x30e0,0x30ec,0x30f3,0x30c8,0x30b2,
    0x30f3,0x30ef,0x30c3,0x30c8,0x30,0x70b9,0x31,0x70b9,0x32,0x70b9,0x33,0x70b9,0x34,0x70b9,0x35,0x70b9,0x36,
    0x70b9,0x37,0x70b9,0x38,0x70b9,0x39,0x70b9,0x31,0x30,0x70b9,0x31,0x31,0x70b9,0x31,0x32,0x70b9,0x31,0x33,0x70b9,
    0x31,0x34,0x70b9,0x31,0x35,0x70b9,0x31,0x36,0x70b9,0x31,0x37,0x70b9,0x31,0x38,0x70b9,0x31,0x39,0x70b9,0x32,
    0x30,0x70b9,0x32,0x31,0x70b9,0x32,0x32,0x70b9,0x32,0x33,0x70b9,0x32,0x34,0x70b9,0x68,0x50,0x61,0x64,0x61,0x41,
    0x55,0x62,0x61,0x72,0x6f,0x56,0x70,0x63,0x64,0x6d,0x64,0x6d,0xb2,0x64,0x6d,0xb3,0x49,0x55,0x5e73,0x6210,0x662d,
    0x548c,0x5927,0x6b63,0x660e,0x6cbb,0x682a,0x5f0f,0x4f1a,0x793e,0x70,0x41,0x6e,0x41,0x3bc,0x41,0x6d,0x41,0x6b,
    0x41,0x4b,0x42,0x4d,0x42,0x47,0x42,0x63,0x61,0x6c,0x6b,0x63,0x61,0x6c,0x70,0x46,0x6e,0x46,0x3bc,0x46,0x3bc,
    0x67,0x6d,0x67,0x6b,0x67,0x48,0x7a,0x6b,0x48,0x7a,0x4d,0x48,0x7a,0x47,0x48,0x7a,0x54,0x48,0x7a,0x3bc,0x2113,
    0x6d,0x2113,0x64,0x2113,0x6b,0x2113,0x66,0x6d,0x6e,0x6d,0x3bc,0x6d,0x6d,0x6d,0x63,0x6d,0x6b,0x6d,0x6d,0x6d,
    0xb2,0x63,0x6d,0xb2,0x6d,0xb2,0x6b,0x6d,0xb2,0x6d,0x6d,0xb3,0x63,0x6d,0xb3,0x6d,0xb3,0x6b,0x6d,0xb3,0x6d,
    0x2215,0x73,0x6d,0x2215,0x73,0xb2,0x50,0x61,0x6b,0x50,0x61,0x4d,0x50,0x61,0x47,0x50,0x61,0x72,0x61,0x64,0x72,
    0x61,0x64,0x2215,0x73,0x72,0x61,0x64,0x2215,0x73,0xb2,0x70,0x73,0x6e,0x73,0x3bc,0x73,0x6d,0x73,0x70,0x56,0x6e,
    0x56,0x3bc,0x56,0x6d,0x56,0x6b,0x56,0x4d,0x56,0x70,0x57,0x6e,0x57,0x3bc,0x57,0x6d,0x57,0x6b,0x57,0x4d,0x57,
    0x6b,0x3a9,0x4d,0x3a9,0x61,0x2e,0x6d,0x2e,0x42,0x71,0x63,0x63,0x63,0x64,0x43,0x2215,0x6b,0x67,0x43,0x6f,0x2e,
    0x64,0x42,0x47,0x79,0x68,0x61,0x48,0x50,0x69,0x6e,0x4b,0x4b,0x4b,0x4d,0x6b,0x74,0x6c,0x6d,0x6c,0x6e,0x6c,0x6f,
    0x67,0x6c,0x78,0x6d,0x62,0x6d,0x69,0x6c,0x6d,0x6f,0x6c,0x50,0x48,0x70,0x2e,0x6d,0x2e,0x50,0x50,0x4d,0x50,0x52,
    0x73,0x72,0x53,0x76,0x57,0x62,0x56,0x2215,0x6d,0x41,0x2215,0x6d,0x31,0x65e5,0x32,0x65e5,0x33,0x65e5,0x34,
    0x65e5,0x35,0x65e5,0x36,0x65e5,0x37,0x65e5,0x38,0x65e5,0x39,0x65e5,0x31,0x30,0x65e5,0x31,0x31,0x65e5,0x31,0x32,
    0x65e5,0x31,0x33,0x65e5,0x31,0x34,0x65e5,0x31,0x35,0x65e5,0x31,0x36,0x65e5,0x31,0x37,0x65e5,0x31,0x38,0x65e5,
    0x31,0x39,0x65e5,0x32,0x30,0x65e5,0x32,0x31,0x65e5,0x32,0x32,0x65e5,0x32,0x33,0x65e5,0x32,0x34,0x65e5,0x32,
    0x35,0x65e5,0x32,0x36,0x65e5,0x32,0x37,0x65e5,0x32,0x38,0x65e5,0x32,0x39,0x65e5,0x33,0x30,0x65e5,0x33,0x31,
    0x65e5,0x67,0x61,0x6c,0x44a,0x44c,0xa76f,0x43,0x46,0x51,0x126,0x153,0xa727,0xab37,0x26b,0xab52,0x28d,0x8c48,
    0x66f4,0x8eca,0x8cc8,0x6ed1,0x4e32,0x53e5,0x9f9c,0x9f9c,0x5951,0x91d1,0x5587,0x5948,0x61f6,0x7669,0x7f85,
    0x863f,0x87ba,0x88f8,0x908f,0x6a02,0x6d1b,0x70d9,0x73de,0x843d,0x916a,0x99f1,0x4e82,0x5375,0x6b04,0x721b,
    0x862d,0x9e1e,0x5d50,0x6feb,0x85cd,0x8964,0x62c9,0x81d8,0x881f,0x5eca,0x6717,0x6d6a,0x72fc,0x90ce,0x4f86,
    0x51b7,0x52de,0x64c4,0x6ad3,0x7210,0x76e7,0x8001,0x8606,0x865c,0x8def,0x9732,0x9b6f,0x9dfa,0x788c,0x797f,
    0x7da0,0x83c9,0x9304,0x9e7f,0x8ad6,0x58df,0x5f04,0x7c60,0x807e,0x7262,0x78ca,0x8cc2,0x96f7,0x58d8,0x5c62,
    0x6a13,0x6dda,0x6f0f,0x7d2f,0x7e37,0x964b,0x52d2,0x808b,0x51dc,0x51cc,0x7a1c,0x7dbe,0x83f1,0x9675,0x8b80,
    0x62cf,0x6a02,0x8afe,0x4e39,0x5be7,0x6012,0x7387,0x7570,0x5317,0x78fb,0x4fbf,0x5fa9,0x4e0d,0x6ccc,0x6578,
    0x7d22,0x53c3,0x585e,0x7701,0x8449,0x8aaa,0x6bba,0x8fb0,0x6c88,0x62fe,0x82e5,0x63a0,0x7565,0x4eae,0x5169,
    0x51c9,0x6881,0x7ce7,0x826f,0x8ad2,0x91cf,0x52f5,0x5442,0x5973,0x5eec,0x65c5,0x6ffe,0x792a,0x95ad,0x9a6a,
    0x9e97,0x9ece,0x529b,0x66c6,0x6b77,0x8f62,0x5e74,0x6190,0x6200,0x649a,0x6f23,0x7149,0x7489,0x79ca,0x7df4,
    0x806f,0x8f26,0x84ee,0x9023,0x934a,0x5217,0x52a3,0x54bd,0x70c8,0x88c2,0x8aaa,0x5ec9,0x5ff5,0x637b,0x6bae,
    0x7c3e,0x7375,0x4ee4,0x56f9,0x5be7,0x5dba,0x601c,0x73b2,0x7469,0x7f9a,0x8046,0x9234,0x96f6,0x9748,0x9818,
    0x4f8b,0x79ae,0x91b4,0x96b8,0x60e1,0x4e86,0x50da,0x5bee,0x5c3f,0x6599,0x6a02,0x71ce,0x7642,0x84fc,0x907c,
    0x9f8d,0x6688,0x962e,0x5289,0x677b,0x67f3,0x6d41,0x6e9c,0x7409,0x7559,0x786b,0x7d10,0x985e,0x516d,0x622e,
    0x9678,0x502b,0x5d19,0x6dea,0x8f2a,0x5f8b,0x6144,0x6817,0x7387,0x9686,0x5229,0x540f,0x5c65,0x6613,0x674e,
    0x68a8,0x6ce5,0x7406,0x75e2,0x7f79,0x88cf,0x88e1,0x91cc,0x96e2,0x533f,0x6eba,0x541d,0x71d0,0x7498,0x85fa,
    0x96a3,0x9c57,0x9e9f,0x6797,0x6dcb,0x81e8,0x7acb,0x7b20,0x7c92,0x72c0,0x7099,0x8b58,0x4ec0,0x8336,0x523a,
    0x5207,0x5ea6,0x62d3,0x7cd6,0x5b85,0x6d1e,0x66b4,0x8f3b,0x884c,0x964d,0x898b,0x5ed3,0x5140,0x55c0,0x585a,
    0x6674,0x51de,0x732a,0x76ca,0x793c,0x795e,0x7965,0x798f,0x9756,0x7cbe,0x7fbd,0x8612,0x8af8,0x9038,0x90fd,
    0x98ef,0x98fc,0x9928,0x9db4,0x90de,0x96b7,0x4fae,0x50e7,0x514d,0x52c9,0x52e4,0x5351,0x559d,0x5606,0x5668,
    0x5840,0x58a8,0x5c64,0x5c6e,0x6094,0x6168,0x618e,0x61f2,0x654f,0x65e2,0x6691,0x6885,0x6d77,0x6e1a,0x6f22,
    0x716e,0x722b,0x7422,0x7891,0x793e,0x7949,0x7948,0x7950,0x7956,0x795d,0x798d,0x798e,0x7a40,0x7a81,0x7bc0,
    0x7df4,0x7e09,0x7e41,0x7f72,0x8005,0x81ed,0x8279,0x8279,0x8457,0x8910,0x8996,0x8b01,0x8b39,0x8cd3,0x8d08,
    0x8fb6,0x9038,0x96e3,0x97ff,0x983b,0x6075,0x242ee,0x8218,0x4e26,0x51b5,0x5168,0x4f80,0x5145,0x5180,0x52c7,
    0x52fa,0x559d,0x5555,0x5599,0x55e2,0x585a,0x58b3,0x5944,0x5954,0x5a62,0x5b28,0x5ed2,0x5ed9,0x5f69,0x5fad,
    0x60d8,0x614e,0x6108,0x618e,0x6160,0x61f2,0x6234,0x63c4,0x641c,0x6452,0x6556,0x6674,0x6717,0x671b,0x6756,
    0x6b79,0x6bba,0x6d41,0x6edb,0x6ecb,0x6f22,0x701e,0x716e,0x77a7,0x7235,0x72af,0x732a,0x7471,0x7506,0x753b,
    0x761d,0x761f,0x76ca,0x76db,0x76f4,0x774a,0x7740,0x78cc,0x7ab1,0x7bc0,0x7c7b,0x7d5b,0x7df4,0x7f3e,0x8005,
    0x8352,0x83ef,0x8779,0x8941,0x8986,0x8996,0x8abf,0x8af8,0x8acb,0x8b01,0x8afe,0x8aed,0x8b39,0x8b8a,0x8d08,
    0x8f38,0x9072,0x9199,0x9276,0x967c,0x96e3,0x9756,0x97db,0x97ff,0x980b,0x983b,0x9b12,0x9f9c,0x2284a,0x22844,
    0x233d5,0x3b9d,0x4018,0x4039,0x25249,0x25cd0,0x27ed3,0x9f43,0x9f8e,0x66,0x66,0x66,0x69,0x66,0x6c,0x66,0x66,
    0x69,0x66,0x66,0x6c,0x17f,0x74,0x73,0x74,0x574,0x576,0x574,0x565,0x574,0x56b,0x57e,0x576,0x574,0x56d,0x5d9,
    0x5b4,0x5f2,0x5b7,0x5e2,0x5d0,0x5d3,0x5d4,0x5db,0x5dc,0x5dd,0x5e8,0x5ea,0x2b,0x5e9,0x5c1,0x5e9,0x5c2,0xfb49,
    0x5c1,0xfb49,0x5c2,0x5d0,0x5b7,0x5d0,0x5b8,0x5d0,0x5bc,0x5d1,0x5bc,0x5d2,0x5bc,0x5d3,0x5bc,0x5d4,0x5bc,0x5d5,
    0x5bc,0x5d6,0x5bc,0x5d8,0x5bc,0x5d9,0x5bc,0x5da,0x5bc,0x5db,0x5bc,0x5dc,0x5bc,0x5de,0x5bc,0x5e0,0x5bc,0x5e1,
    0x5bc,0x5e3,0x5bc,0x5e4,0x5bc,0x5e6,0x5bc,0x5e7,0x5bc,0x5e8,0x5bc,0x5e9,0x5bc,0x5ea,0x5bc,0x5d5,0x5b9,0x5d1,
    0x5bf,0x5db,0x5bf,0x5e4,0x5bf,0x5d0,0x5dc,0x671,0x671,0x67b,0x67b,0x67b,0x67b,0x67e,0x67e,0x67e,0x67e,0x680,
    0x680,0x680,0x680,0x67a,0x67a,0x67a,0x67a,0x67f,0x67f,0x67f,0x67f,0x679,0x679,0x679,0x679,0x6a4,0x6a4,0x6a4,
    0x6a4,0x6a6,0x6a6,0x6a6,0x6a6,0x684,0x684,0x684,0x684,0x683,0x683,0x683,0x683,0x686,0x686,0x686,0x686,0x687,
    0x687,0x687,0x687,0x68d,0x68d,0x68c,0x68c,0x68e,0x68e,0x688,0x688,0x698,0x698,0x691,0x691,0x6a9,0x6a9,0x6a9,
    0x6a9,0x6af,0x6af,0x6af,0x6af,0x6b3,0x6b3,0x6b3,0x6b3,0x6b1,0x6b1,0x6b1,0x6b1,0x6ba,0x6ba,0x6bb,0x6bb,0x6bb,
    0x6bb,0x6c0,0x6c0,0x6c1,0x6c1,0x6c1,0x6c1,0x6be,0x6be,0x6be,0x6be,0x6d2,0x6d2,0x6d3,0x6d3,0x6ad,0x6ad,0x6ad,
    0x6ad,0x6c7,0x6c7,0x6c6,0x6c6,0x6c8,0x6c8,0x677,0x6cb,0x6cb,0x6c5,0x6c5,0x6c9,0x6c9,0x6d0,0x6d0,0x6d0,0x6d0,
    0x649,0x649,0x626,0x627,0x626,0x627,0x626,0x6d5,0x626,0x6d5,0x626,0x648,0x626,0x648,0x626,0x6c7,0x626,0x6c7,
    0x626,0x6c6,0x626,0x6c6,0x626,0x6c8,0x626,0x6c8,0x626,0x6d0,0x626,0x6d0,0x626,0x6d0,0x626,0x649,0x626,0x649,
    0x626,0x649,0x6cc,0x6cc,0x6cc,0x6cc,0x626,0x62c,0x626,0x62d,0x626,0x645,0x626,0x649,0x626,0x64a,0x628,0x62c,
    0x628,0x62d,0x628,0x62e,0x628,0x645,0x628,0x649,0x628,0x64a,0x62a,0x62c,0x62a,0x62d,0x62a,0x62e,0x62a,0x645,
    0x62a,0x649,0x62a,0x64a,0x62b,0x62c,0x62b,0x645,0x62b,0x649,0x62b,0x64a,0x62c,0x62d,0x62c,0x645,0x62d,0x62c,
    0x62d,0x645,0x62e,0x62c,0x62e,0x62d,0x62e,0x645,0x633,0x62c,0x633,0x62d,0x633,0x62e,0x633,0x645,0x635,0x62d,
    0x635,0x645,0x636,0x62c,0x636,0x62d,0x636,0x62e,0x636,0x645,0x637,0x62d,0x637,0x645,0x638,0x645,0x639,0x62c,
    0x639,0x645,0x63a,0x62c,0x63a,0x645,0x641,0x62c,0x641,0x62d,0x641,0x62e,0x641,0x645,0x641,0x649,0x641,0x64a,
    0x642,0x62d,0x642,0x645,0x642,0x649,0x642,0x64a,0x643,0x627,0x643,0x62c,0x643,0x62d,0x643,0x62e,0x643,0x644,
    0x643,0x645,0x643,0x649,0x643,0x64a,0x644,0x62c,0x644,0x62d,0x644,0x62e,0x644,0x645,0x644,0x649,0x644,0x64a,
    0x645,0x62c,0x645,0x62d,0x645,0x62e,0x645,0x645,0x645,0x649,0x645,0x64a,0x646,0x62c,0x646,0x62d,0x646,0x62e,
    0x646,0x645,0x646,0x649,0x646,0x64a,0x647,0x62c,0x647,0x645,0x647,0x649,0x647,0x64a,0x64a,0x62c,0x64a,0x62d,
    0x64a,0x62e,0x64a,0x645,0x64a,0x649,0x64a,0x64a,0x630,0x670,0x631,0x670,0x649,0x670,0x20,0x64c,0x651,0x20,
    0x64d,0x651,0x20,0x64e,0x651,0x20,0x64f,0x651,0x20,0x650,0x651,0x20,0x651,0x670,0x626,0x631,0x626,0x632,0x626,
    0x645,0x626,0x646,0x626,0x649,0x626,0x64a,0x628,0x631,0x628,0x632,0x628,0x645,0x628,0x646,0x628,0x649,0x628,
    0x64a,0x62a,0x631,0x62a,0x632,0x62a,0x645,0x62a,0x646,0x62a,0x649,0x62a,0x64a,0x62b,0x631,0x62b,0x632,0x62b,
    0x645,0x62b,0x646,0x62b,0x649,0x62b,0x64a,0x641,0x649,0x641,0x64a,0x642,0x649,0x642,0x64a,0x643,0x627,0x643,
    0x644,0x643,0x645,0x643,0x649,0x643,0x64a,0x644,0x645,0x644,0x649,0x644,0x64a,0x645,0x627,0x645,0x645,0x646,
    0x631,0x646,0x632,0x646,0x645,0x646,0x646,0x646,0x649,0x646,0x64a,0x649,0x670,0x64a,0x631,0x64a,0x632,0x64a,
    0x645,0x64a,0x646,0x64a,0x649,0x64a,0x64a,0x626,0x62c,0x626,0x62d,0x626,0x62e,0x626,0x645,0x626,0x647,0x628,
    0x62c,0x628,0x62d,0x628,0x62e,0x628,0x645,0x628,0x647,0x62a,0x62c,0x62a,0x62d,0x62a,0x62e,0x62a,0x645,0x62a,
    0x647,0x62b,0x645,0x62c,0x62d,0x62c,0x645,0x62d,0x62c,0x62d,0x645,0x62e,0x62c,0x62e,0x645,0x633,0x62c,0x633,
    0x62d,0x633,0x62e,0x633,0x645,0x635,0x62d,0x635,0x62e,0x635,0x645,0x636,0x62c,0x636,0x62d,0x636,0x62e,0x636,
    0x645,0x637,0x62d,0x638,0x645,0x639,0x62c,0x639,0x645,0x63a,0x62c,0x63a,0x645,0x641,0x62c,0x641,0x62d,0x641,
    0x62e,0x641,0x645,0x642,0x62d,0x642,0x645,0x643,0x62c,0x643,0x62d,0x643,0x62e,0x643,0x644,0x643,0x645,0x644,
    0x62c,0x644,0x62d,0x644,0x62e,0x644,0x645,0x644,0x647,0x645,0x62c,0x645,0x62d,0x645,0x62e,0x645,0x645,0x646,
    0x62c,0x646,0x62d,0x646,0x62e,0x646,0x645,0x646,0x647,0x647,0x62c,0x647,0x645,0x647,0x670,0x64a,0x62c,0x64a,
    0x62d,0x64a,0x62e,0x64a,0x645,0x64a,0x647,0x626,0x645,0x626,0x647,0x628,0x645,0x628,0x647,0x62a,0x645,0x62a,
    0x647,0x62b,0x645,0x62b,0x647,0x633,0x645,0x633,0x647,0x634,0x645,0x634,0x647,0x643,0x644,0x643,0x645,0x644,
    0x645,0x646,0x645,0x646,0x647,0x64a,0x645,0x64a,0x647,0x640,0x64e,0x651,0x640,0x64f,0x651,0x640,0x650,0x651,
    0x637,0x649,0x637,0x64a,0x639,0x649,0x639,0x64a,0x63a,0x649,0x63a,0x64a,0x633,0x649,0x633,0x64a,0x634,0x649,
    0x634,0x64a,0x62d,0x649,0x62d,0x64a,0x62c,0x649,0x62c,0x64a,0x62e,0x649,0x62e,0x64a,0x635,0x649,0x635,0x64a,
    0x636,0x649,0x636,0x64a,0x634,0x62c,0x634,0x62d,0x634,0x62e,0x634,0x645,0x634,0x631,0x633,0x631,0x635,0x631,
    0x636,0x631,0x637,0x649,0x637,0x64a,0x639,0x649,0x639,0x64a,0x63a,0x649,0x63a,0x64a,0x633,0x649,0x633,0x64a,
    0x634,0x649,0x634,0x64a,0x62d,0x649,0x62d,0x64a,0x62c,0x649,0x62c,0x64a,0x62e,0x649,0x62e,0x64a,0x635,0x649,
    0x635,0x64a,0x636,0x649,0x636,0x64a,0x634,0x62c,0x634,0x62d,0x634,0x62e,0x634,0x645,0x634,0x631,0x633,0x631,
    0x635,0x631,0x636,0x631,0x634,0x62c,0x634,0x62d,0x634,0x62e,0x634,0x645,0x633,0x647,0x634,0x647,0x637,0x645,
    0x633,0x62c,0x633,0x62d,0x633,0x62e,0x634,0x62c,0x634,0x62d,0x634,0x62e,0x637,0x645,0x638,0x645,0x627,0x64b,
    0x627,0x64b,0x62a,0x62c,0x645,0x62a,0x62d,0x62c,0x62a,0x62d,0x62c,0x62a,0x62d,0x645,0x62a,0x62e,0x645,0x62a,
    0x645,0x62c,0x62a,0x645,0x62d,0x62a,0x645,0x62e,0x62c,0x645,0x62d,0x62c,0x645,0x62d,0x62d,0x645,0x64a,0x62d,
    0x645,0x649,0x633,0x62d,0x62c,0x633,0x62c,0x62d,0x633,0x62c,0x649,0x633,0x645,0x62d,0x633,0x645,0x62d,0x633,
    0x645,0x62c,0x633,0x645,0x645,0x633,0x645,0x645,0x635,0x62d,0x62d,0x635,0x62d,0x62d,0x635,0x645,0x645,0x634,
    0x62d,0x645,0x634,0x62d,0x645,0x634,0x62c,0x64a,0x634,0x645,0x62e,0x634,0x645,0x62e,0x634,0x645,0x645,0x634,
    0x645,0x645,0x636,0x62d,0x649,0x636,0x62e,0x645,0x636,0x62e,0x645,0x637,0x645,0x62d,0x637,0x645,0x62d,0x637,
    0x645,0x645,0x637,0x645,0x64a,0x639,0x62c,0x645,0x639,0x645,0x645,0x639,0x645,0x645,0x639,0x645,0x649,0x63a,
    0x645,0x645,0x63a,0x645,0x64a,0x63a,0x645,0x649,0x641,0x62e,0x645,0x641,0x62e,0x645,0x642,0x645,0x62d,0x642,
    0x645,0x645,0x644,0x62d,0x645,0x644,0x62d,0x64a,0x644,0x62d,0x649,0x644,0x62c,0x62c,0x644,0x62c,0x62c,0x644,
    0x62e,0x645,0x644,0x62e,0x645,0x644,0x645,0x62d,0x644,0x645,0x62d,0x645,0x62d,0x62c,0x645,0x62d,0x645,0x645,
    0x62d,0x64a,0x645,0x62c,0x62d,0x645,0x62c,0x645,0x645,0x62e,0x62c,0x645,0x62e,0x645,0x645,0x62c,0x62e,0x647,
    0x645,0x62c,0x647,0x645,0x645,0x646,0x62d,0x645,0x646,0x62d,0x649,0x646,0x62c,0x645,0x646,0x62c,0x645,0x646,
    0x62c,0x649,0x646,0x645,0x64a,0x646,0x645,0x649,0x64a,0x645,0x645,0x64a,0x645,0x645,0x628,0x62e,0x64a,0x62a,
    0x62c,0x64a,0x62a,0x62c,0x649,0x62a,0x62e,0x64a,0x62a,0x62e,0x649,0x62a,0x645,0x64a,0x62a,0x645,0x649,0x62c,
    0x645,0x64a,0x62c,0x62d,0x649,0x62c,0x645,0x649,0x633,0x62e,0x649,0x635,0x62d,0x64a,0x634,0x62d,0x64a,0x636,
    0x62d,0x64a,0x644,0x62c,0x64a,0x644,0x645,0x64a,0x64a,0x62d,0x64a,0x64a,0x62c,0x64a,0x64a,0x645,0x64a,0x645,
    0x645,0x64a,0x642,0x645,0x64a,0x646,0x62d,0x64a,0x642,0x645,0x62d,0x644,0x62d,0x645,0x639,0x645,0x64a,0x643,
    0x645,0x64a,0x646,0x62c,0x62d,0x645,0x62e,0x64a,0x644,0x62c,0x645,0x643,0x645,0x645,0x644,0x62c,0x645,0x646,
    0x62c,0x62d,0x62c,0x62d,0x64a,0x62d,0x62c,0x64a,0x645,0x62c,0x64a,0x641,0x645,0x64a,0x628,0x62d,0x64a,0x643,
    0x645,0x645,0x639,0x62c,0x645,0x635,0x645,0x645,0x633,0x62e,0x64a,0x646,0x62c,0x64a,0x635,0x644,0x6d2,0x642,
    0x644,0x6d2,0x627,0x644,0x644,0x647,0x627,0x643,0x628,0x631,0x645,0x62d,0x645,0x62f,0x635,0x644,0x639,0x645,
    0x631,0x633,0x648,0x644,0x639,0x644,0x64a,0x647,0x648,0x633,0x644,0x645,0x635,0x644,0x649,0x635,0x644,0x649,
    0x20,0x627,0x644,0x644,0x647,0x20,0x639,0x644,0x64a,0x647,0x20,0x648,0x633,0x644,0x645,0x62c,0x644,0x20,0x62c,
    0x644,0x627,0x644,0x647,0x631,0x6cc,0x627,0x644,0x2c,0x3001,0x3002,0x3a,0x3b,0x21,0x3f,0x3016,0x3017,0x2026,
    0x2025,0x2014,0x2013,0x5f,0x5f,0x28,0x29,0x7b,0x7d,0x3014,0x3015,0x3010,0x3011,0x300a,0x300b,0x3008,0x3009,
    0x300c,0x300d,0x300e,0x300f,0x5b,0x5d,0x203e,0x203e,0x203e,0x203e,0x5f,0x5f,0x5f,0x2c,0x3001,0x2e,0x3b,0x3a,
    0x3f,0x21,0x2014,0x28,0x29,0x7b,0x7d,0x3014,0x3015,0x23,0x26,0x2a,0x2b,0x2d,0x3c,0x3e,0x3d,0x5c,0x24,0x25,0x40,
    0x20,0x64b,0x640,0x64b,0x20,0x64c,0x20,0x64d,0x20,0x64e,0x640,0x64e,0x20,0x64f,0x640,0x64f,0x20,0x650,0x640,
    0x650,0x20,0x651,0x640,0x651,0x20,0x652,0x640,0x652,0x621,0x622,0x622,0x623,0x623,0x624,0x624,0x625,0x625,
    0x626,0x626,0x626,0x626,0x627,0x627,0x628,0x628,0x628,0x628,0x629,0x629,0x62a,0x62a,0x62a,0x62a,0x62b,0x62b,
    0x62b,0x62b,0x62c,0x62c,0x62c,0x62c,0x62d,0x62d,0x62d,0x62d,0x62e,0x62e,0x62e,0x62e,0x62f,0x62f,0x630,0x630,
    0x631,0x631,0x632,0x632,0x633,0x633,0x633,0x633,0x634,0x634,0x634,0x634,0x635,0x635,0x635,0x635,0x636,0x636,
    0x636,0x636,0x637,0x637,0x637,0x637,0x638,0x638,0x638,0x638,0x639,0x639,0x639,0x639,0x63a,0x63a,0x63a,0x63a,
    0x641,0x641,0x641,0x641,0x642,0x642,0x642,0x642,0x643,0x643,0x643,0x643,0x644,0x644,0x644,0x644,0x645,0x645,
    0x645,0x645,0x646,0x646,0x646,0x646,0x647,0x647,0x647,0x647,0x648,0x648,0x649,0x649,0x64a,0x64a,0x64a,0x64a,
    0x644,0x622,0x644,0x622,0x644,0x623,0x644,0x623,0x644,0x625,0x644,0x625,0x644,0x627,0x644,0x627,0x21,0x22,0x23,
    0x24,0x25,0x26,0x27,0x28,0x29,0x2a,0x2b,0x2c,0x2d,0x2e,0x2f,0x30,0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,
    0x3a,0x3b,0x3c,0x3d,0x3e,0x3f,0x40,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,
    0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x5b,0x5c,0x5d,0x5e,0x5f,0x60,0x61,0x62,0x63,0x64,0x65,
    0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x7b,
    0x7c,0x7d,0x7e,0x2985,0x2986,0x3002,0x300c,0x300d,0x3001,0x30fb,0x30f2,0x30a1,0x30a3,0x30a5,0x30a7,0x30a9,
    0x30e3,0x30e5,0x30e7,0x30c3,0x30fc,0x30a2,0x30a4,0x30a6,0x30a8,0x30aa,0x30ab,0x30ad,0x30af,0x30b1,0x30b3,
    0x30b5,0x30b7,0x30b9,0x30bb,0x30bd,0x30bf,0x30c1,0x30c4,0x30c6,0x30c8,0x30ca,0x30cb,0x30cc,0x30cd,0x30ce,
    0x30cf,0x30d2,0x30d5,0x30d8,0x30db,0x30de,0x30df,0x30e0,0x30e1,0x30e2,0x30e4,0x30e6,0x30e8,0x30e9,0x30ea,
    0x30eb,0x30ec,0x30ed,0x30ef,0x30f3,0x3099,0x309a,0x3164,0x3131,0x3132,0x3133,0x3134,0x3135,0x3136,0x3137,
    0x3138,0x3139,0x313a,0x313b,0x313c,0x313d,0x313e,0x313f,0x3140,0x3141,0x3142,0x3143,0x3144,0x3145,0x3146,
    0x3147,0x3148,0x3149,0x314a,0x314b,0x314c,0x314d,0x314e,0x314f,0x3150,0x3151,0x3152,0x3153,0x3154,0x3155,
    0x3156,0x3157,0x3158,0x3159,0x315a,0x315b,0x315c,0x315d,0x315e,0x315f,0x3160,0x3161,0x3162,0x3163,0xa2,0xa3,
    0xac,0xaf,0xa6,0xa5,0x20a9,0x2502,0x2190,0x2191,0x2192,0x2193,0x25a0,0x25cb,0x2d0,0x2d1,0xe6,0x299,0x253,0x2a3,
    0xab66,0x2a5,0x2a4,0x256,0x257,0x1d91,0x258,0x25e,0x2a9,0x264,0x262,0x260,0x29b,0x127,0x29c,0x267,0x284,0x2aa,
    0x2ab,0x26c,0x1df04,0xa78e,0x26e,0x1df05,0x28e,0x1df06,0xf8,0x276,0x277,0x71,0x27a,0x1df08,0x27d,0x27e,0x280,
    0x2a8,0x2a6,0xab67,0x2a7,0x288,0x2c71,0x28f,0x2a1,0x2a2,0x298,0x1c0,0x1c1,0x1c2,0x1df0a,0x1df1e,0x11099,
    0x110ba,0x1109b,0x110ba,0x110a5,0x110ba,0x11131,0x11127,0x11132,0x11127,0x11347,0x1133e,0x11347,0x11357,
    0x114b9,0x114ba,0x114b9,0x114b0,0x114b9,0x114bd,0x115b8,0x115af,0x115b9,0x115af,0x11935,0x11930,0x1d157,
    0x1d165,0x1d158,0x1d165,0x1d15f,0x1d16e,0x1d15f,0x1d16f,0x1d15f,0x1d170,0x1d15f,0x1d171,0x1d15f,0x1d172,
    0x1d1b9,0x1d165,0x1d1ba,0x1d165,0x1d1bb,0x1d16e,0x1d1bc,0x1d16e,0x1d1bb,0x1d16f,0x1d1bc,0x1d16f,0x41,0x42,0x43,
    0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,
    0x5a,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,
    0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,
    0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,
    0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,
    0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x65,0x66,
    0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x43,
    0x44,0x47,0x4a,0x4b,0x4e,0x4f,0x50,0x51,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x66,0x68,
    0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,
    0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,
    0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,
    0x78,0x79,0x7a,0x41,0x42,0x44,0x45,0x46,0x47,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x53,0x54,0x55,0x56,0x57,
    0x58,0x59,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,
    0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x44,0x45,0x46,0x47,0x49,0x4a,0x4b,0x4c,0x4d,0x4f,0x53,0x54,0x55,0x56,
    0x57,0x58,0x59,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,
    0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,
    0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,
    0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,
    0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,
    0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,
    0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,
    0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,
    0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,
    0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,
    0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,
    0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,
    0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,
    0x78,0x79,0x7a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,
    0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x61,0x62,0x63,0x64,0x65,0x66,0x67,0x68,0x69,0x6a,0x6b,0x6c,0x6d,0x6e,0x6f,
    0x70,0x71,0x72,0x73,0x74,0x75,0x76,0x77,0x78,0x79,0x7a,0x131,0x237,0x391,0x392,0x393,0x394,0x395,0x396,0x397,
    0x398,0x399,0x39a,0x39b,0x39c,0x39d,0x39e,0x39f,0x3a0,0x3a1,0x3f4,0x3a3,0x3a4,0x3a5,0x3a6,0x3a7,0x3a8,0x3a9,
    0x2207,0x3b1,0x3b2,0x3b3,0x3b4,0x3b5,0x3b6,0x3b7,0x3b8,0x3b9,0x3ba,0x3bb,0x3bc,0x3bd,0x3be,0x3bf,0x3c0,0x3c1,
    0x3c2,0x3c3,0x3c4,0x3c5,0x3c6,0x3c7,0x3c8,0x3c9,0x2202,0x3f5,0x3d1,0x3f0,0x3d5,0x3f1,0x3d6,0x391,0x392,0x393,
    0x394,0x395,0x396,0x397,0x398,0x399,0x39a,0x39b,0x39c,0x39d,0x39e,0x39f,0x3a0,0x3a1,0x3f4,0x3a3,0x3a4,0x3a5,
    0x3a6,0x3a7,0x3a8,0x3a9,0x2207,0x3b1,0x3b2,0x3b3,0x3b4,0x3b5,0x3b6,0x3b7,0x3b8,0x3b9,0x3ba,0x3bb,0x3bc,0x3bd,
    0x3be,0x3bf,0x3c0,0x3c1,0x3c2,0x3c3,0x3c4,0x3c5,0x3c6,0x3c7,0x3c8,0x3c9,0x2202,0x3f5,0x3d1,0x3f0,0x3d5,0x3f1,
    0x3d6,0x391,0x392,0x393,0x394,0x395,0x396,0x397,0x398,0x399,0x39a,0x39b,0x39c,0x39d,0x39e,0x39f,0x3a0,0x3a1,
    0x3f4,0x3a3,0x3a4,0x3a5,0x3a6,0x3a7,0x3a8,0x3a9,0x2207,0x3b1,0x3b2,0x3b3,0x3b4,0x3b5,0x3b6,0x3b7,0x3b8,0x3b9,
    0x3ba,0x3bb,0x3bc,0x3bd,0x3be,0x3bf,0x3c0,0x3c1,0x3c2,0x3c3,0x3c4,0x3c5,0x3c6,0x3c7,0x3c8,0x3c9,0x2202,0x3f5,
    0x3d1,0x3f0,0x3d5,0x3f1,0x3d6,0x391,0x392,0x393,0x394,0x395,0x396,0x397,0x398,0x399,0x39a,0x39b,0x39c,0x39d,
    0x39e,0x39f,0x3a0,0x3a1,0x3f4,0x3a3,0x3a4,0x3a5,0x3a6,0x3a7,0x3a8,0x3a9,0x2207,0x3b1,0x3b2,0x3b3,0x3b4,0x3b5,
    0x3b6,0x3b7,0x3b8,0x3b9,0x3ba,0x3bb,0x3bc,0x3bd,0x3be,0x3bf,0x3c0,0x3c1,0x3c2,0x3c3,0x3c4,0x3c5,0x3c6,0x3c7,
    0x3c8,0x3c9,0x2202,0x3f5,0x3d1,0x3f0,0x3d5,0x3f1,0x3d6,0x391,0x392,0x393,0x394,0x395,0x396,0x397,0x398,0x399,
    0x39a,0x39b,0x39c,0x39d,0x39e,0x39f,0x3a0,0x3a1,0x3f4,0x3a3,0x3a4,0x3a5,0x3a6,0x3a7,0x3a8,0x3a9,0x2207,0x3b1,
    0x3b2,0x3b3,0x3b4,0x3b5,0x3b6,0x3b7,0x3b8,0x3b9,0x3ba,0x3bb,0x3bc,0x3bd,0x3be,0x3bf,0x3c0,0x3c1,0x3c2,0x3c3,
    0x3c4,0x3c5,0x3c6,0x3c7,0x3c8,0x3c9,0x2202,0x3f5,0x3d1,0x3f0,0x3d5,0x3f1,0x3d6,0x3dc,0x3dd,0x30,0x31,0x32,0x33,
    0x34,0x35,0x36,0x37,0x38,0x39,0x30,0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,0x30,0x31,0x32,0x33,0x34,0x35,
    0x36,0x37,0x38,0x39,0x30,0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,0x30,0x31,0x32,0x33,0x34,0x35,0x36,0x37,
    0x38,0x39,0x430,0x431,0x432,0x433,0x434,0x435,0x436,0x437,0x438,0x43a,0x43b,0x43c,0x43e,0x43f,0x440,0x441,
    0x442,0x443,0x444,0x445,0x446,0x447,0x448,0x44b,0x44d,0x44e,0xa689,0x4d9,0x456,0x458,0x4e9,0x4af,0x4cf,0x430,
    0x431,0x432,0x433,0x434,0x435,0x436,0x437,0x438,0x43a,0x43b,0x43e,0x43f,0x441,0x443,0x444,0x445,0x446,0x447,
    0x448,0x44a,0x44b,0x491,0x456,0x455,0x45f,0x4ab,0xa651,0x4b1,0x627,0x628,0x62c,0x62f,0x648,0x632,0x62d,0x637,
    0x64a,0x643,0x644,0x645,0x646,0x633,0x639,0x641,0x635,0x642,0x631,0x634,0x62a,0x62b,0x62e,0x630,0x636,0x638,
    0x63a,0x66e,0x6ba,0x6a1,0x66f,0x628,0x62c,0x647,0x62d,0x64a,0x643,0x644,0x645,0x646,0x633,0x639,0x641,0x635,
    0x642,0x634,0x62a,0x62b,0x62e,0x636,0x63a,0x62c,0x62d,0x64a,0x644,0x646,0x633,0x639,0x635,0x642,0x634,0x62e,
    0x636,0x63a,0x6ba,0x66f,0x628,0x62c,0x647,0x62d,0x637,0x64a,0x643,0x645,0x646,0x633,0x639,0x641,0x635,0x642,
    0x634,0x62a,0x62b,0x62e,0x636,0x638,0x63a,0x66e,0x6a1,0x627,0x628,0x62c,0x62f,0x647,0x648,0x632,0x62d,0x637,
    0x64a,0x644,0x645,0x646,0x633,0x639,0x641,0x635,0x642,0x631,0x634,0x62a,0x62b,0x62e,0x630,0x636,0x638,0x63a,
    0x628,0x62c,0x62f,0x648,0x632,0x62d,0x637,0x64a,0x644,0x645,0x646,0x633,0x639,0x641,0x635,0x642,0x631,0x634,
    0x62a,0x62b,0x62e,0x630,0x636,0x638,0x63a,0x30,0x2e,0x30,0x2c,0x31,0x2c,0x32,0x2c,0x33,0x2c,0x34,0x2c,0x35,
    0x2c,0x36,0x2c,0x37,0x2c,0x38,0x2c,0x39,0x2c,0x28,0x41,0x29,0x28,0x42,0x29,0x28,0x43,0x29,0x28,0x44,0x29,0x28,
    0x45,0x29,0x28,0x46,0x29,0x28,0x47,0x29,0x28,0x48,0x29,0x28,0x49,0x29,0x28,0x4a,0x29,0x28,0x4b,0x29,0x28,0x4c,
    0x29,0x28,0x4d,0x29,0x28,0x4e,0x29,0x28,0x4f,0x29,0x28,0x50,0x29,0x28,0x51,0x29,0x28,0x52,0x29,0x28,0x53,0x29,
    0x28,0x54,0x29,0x28,0x55,0x29,0x28,0x56,0x29,0x28,0x57,0x29,0x28,0x58,0x29,0x28,0x59,0x29,0x28,0x5a,0x29,
    0x3014,0x53,0x3015,0x43,0x52,0x43,0x44,0x57,0x5a,0x41,0x42,0x43,0x44,0x45,0x46,0x47,0x48,0x49,0x4a,0x4b,0x4c,
    0x4d,0x4e,0x4f,0x50,0x51,0x52,0x53,0x54,0x55,0x56,0x57,0x58,0x59,0x5a,0x48,0x56,0x4d,0x56,0x53,0x44,0x53,0x53,
    0x50,0x50,0x56,0x57,0x43,0x4d,0x43,0x4d,0x44,0x4d,0x52,0x44,0x4a,0x307b,0x304b,0x30b3,0x30b3,0x30b5,0x624b,
    0x5b57,0x53cc,0x30c7,0x4e8c,0x591a,0x89e3,0x5929,0x4ea4,0x6620,0x7121,0x6599,0x524d,0x5f8c,0x518d,0x65b0,
    0x521d,0x7d42,0x751f,0x8ca9,0x58f0,0x5439,0x6f14,0x6295,0x6355,0x4e00,0x4e09,0x904a,0x5de6,0x4e2d,0x53f3,
    0x6307,0x8d70,0x6253,0x7981,0x7a7a,0x5408,0x6e80,0x6709,0x6708,0x7533,0x5272,0x55b6,0x914d,0x3014,0x672c,
    0x3015,0x3014,0x4e09,0x3015,0x3014,0x4e8c,0x3015,0x3014,0x5b89,0x3015,0x3014,0x70b9,0x3015,0x3014,0x6253,
    0x3015,0x3014,0x76d7,0x3015,0x3014,0x52dd,0x3015,0x3014,0x6557,0x3015,0x5f97,0x53ef,0x30,0x31,0x32,0x33,0x34,
    0x35,0x36,0x37,0x38,0x39,0x4e3d,0x4e38,0x4e41,0x20122,0x4f60,0x4fae,0x4fbb,0x5002,0x507a,0x5099,0x50e7,0x50cf,
    0x349e,0x2063a,0x514d,0x5154,0x5164,0x5177,0x2051c,0x34b9,0x5167,0x518d,0x2054b,0x5197,0x51a4,0x4ecc,0x51ac,
    0x51b5,0x291df,0x51f5,0x5203,0x34df,0x523b,0x5246,0x5272,0x5277,0x3515,0x52c7,0x52c9,0x52e4,0x52fa,0x5305,
    0x5306,0x5317,0x5349,0x5351,0x535a,0x5373,0x537d,0x537f,0x537f,0x537f,0x20a2c,0x7070,0x53ca,0x53df,0x20b63,
    0x53eb,0x53f1,0x5406,0x549e,0x5438,0x5448,0x5468,0x54a2,0x54f6,0x5510,0x5553,0x5563,0x5584,0x5584,0x5599,
    0x55ab,0x55b3,0x55c2,0x5716,0x5606,0x5717,0x5651,0x5674,0x5207,0x58ee,0x57ce,0x57f4,0x580d,0x578b,0x5832,
    0x5831,0x58ac,0x214e4,0x58f2,0x58f7,0x5906,0x591a,0x5922,0x5962,0x216a8,0x216ea,0x59ec,0x5a1b,0x5a27,0x59d8,
    0x5a66,0x36ee,0x36fc,0x5b08,0x5b3e,0x5b3e,0x219c8,0x5bc3,0x5bd8,0x5be7,0x5bf3,0x21b18,0x5bff,0x5c06,0x5f53,
    0x5c22,0x3781,0x5c60,0x5c6e,0x5cc0,0x5c8d,0x21de4,0x5d43,0x21de6,0x5d6e,0x5d6b,0x5d7c,0x5de1,0x5de2,0x382f,
    0x5dfd,0x5e28,0x5e3d,0x5e69,0x3862,0x22183,0x387c,0x5eb0,0x5eb3,0x5eb6,0x5eca,0x2a392,0x5efe,0x22331,0x22331,
    0x8201,0x5f22,0x5f22,0x38c7,0x232b8,0x261da,0x5f62,0x5f6b,0x38e3,0x5f9a,0x5fcd,0x5fd7,0x5ff9,0x6081,0x393a,
    0x391c,0x6094,0x226d4,0x60c7,0x6148,0x614c,0x614e,0x614c,0x617a,0x618e,0x61b2,0x61a4,0x61af,0x61de,0x61f2,
    0x61f6,0x6210,0x621b,0x625d,0x62b1,0x62d4,0x6350,0x22b0c,0x633d,0x62fc,0x6368,0x6383,0x63e4,0x22bf1,0x6422,
    0x63c5,0x63a9,0x3a2e,0x6469,0x647e,0x649d,0x6477,0x3a6c,0x654f,0x656c,0x2300a,0x65e3,0x66f8,0x6649,0x3b19,
    0x6691,0x3b08,0x3ae4,0x5192,0x5195,0x6700,0x669c,0x80ad,0x43d9,0x6717,0x671b,0x6721,0x675e,0x6753,0x233c3,
    0x3b49,0x67fa,0x6785,0x6852,0x6885,0x2346d,0x688e,0x681f,0x6914,0x3b9d,0x6942,0x69a3,0x69ea,0x6aa8,0x236a3,
    0x6adb,0x3c18,0x6b21,0x238a7,0x6b54,0x3c4e,0x6b72,0x6b9f,0x6bba,0x6bbb,0x23a8d,0x21d0b,0x23afa,0x6c4e,0x23cbc,
    0x6cbf,0x6ccd,0x6c67,0x6d16,0x6d3e,0x6d77,0x6d41,0x6d69,0x6d78,0x6d85,0x23d1e,0x6d34,0x6e2f,0x6e6e,0x3d33,
    0x6ecb,0x6ec7,0x23ed1,0x6df9,0x6f6e,0x23f5e,0x23f8e,0x6fc6,0x7039,0x701e,0x701b,0x3d96,0x704a,0x707d,0x7077,
    0x70ad,0x20525,0x7145,0x24263,0x719c,0x243ab,0x7228,0x7235,0x7250,0x24608,0x7280,0x7295,0x24735,0x24814,0x737a,
    0x738b,0x3eac,0x73a5,0x3eb8,0x3eb8,0x7447,0x745c,0x7471,0x7485,0x74ca,0x3f1b,0x7524,0x24c36,0x753e,0x24c92,
    0x7570,0x2219f,0x7610,0x24fa1,0x24fb8,0x25044,0x3ffc,0x4008,0x76f4,0x250f3,0x250f2,0x25119,0x25133,0x771e,
    0x771f,0x771f,0x774a,0x4039,0x778b,0x4046,0x4096,0x2541d,0x784e,0x788c,0x78cc,0x40e3,0x25626,0x7956,0x2569a,
    0x256c5,0x798f,0x79eb,0x412f,0x7a40,0x7a4a,0x7a4f,0x2597c,0x25aa7,0x25aa7,0x7aee,0x4202,0x25bab,0x7bc6,0x7bc9,
    0x4227,0x25c80,0x7cd2,0x42a0,0x7ce8,0x7ce3,0x7d00,0x25f86,0x7d63,0x4301,0x7dc7,0x7e02,0x7e45,0x4334,0x26228,
    0x26247,0x4359,0x262d9,0x7f7a,0x2633e,0x7f95,0x7ffa,0x8005,0x264da,0x26523,0x8060,0x265a8,0x8070,0x2335f,
    0x43d5,0x80b2,0x8103,0x440b,0x813e,0x5ab5,0x267a7,0x267b5,0x23393,0x2339c,0x8201,0x8204,0x8f9e,0x446b,0x8291,
    0x828b,0x829d,0x52b3,0x82b1,0x82b3,0x82bd,0x82e6,0x26b3c,0x82e5,0x831d,0x8363,0x83ad,0x8323,0x83bd,0x83e7,
    0x8457,0x8353,0x83ca,0x83cc,0x83dc,0x26c36,0x26d6b,0x26cd5,0x452b,0x84f1,0x84f3,0x8516,0x273ca,0x8564,0x26f2c,
    0x455d,0x4561,0x26fb1,0x270d2,0x456b,0x8650,0x865c,0x8667,0x8669,0x86a9,0x8688,0x870e,0x86e2,0x8779,0x8728,
    0x876b,0x8786,0x45d7,0x87e1,0x8801,0x45f9,0x8860,0x8863,0x27667,0x88d7,0x88de,0x4635,0x88fa,0x34bb,0x278ae,
    0x27966,0x46be,0x46c7,0x8aa0,0x8aed,0x8b8a,0x8c55,0x27ca8,0x8cab,0x8cc1,0x8d1b,0x8d77,0x27f2f,0x20804,0x8dcb,
    0x8dbc,0x8df0,0x208de,0x8ed4,0x8f38,0x285d2,0x285ed,0x9094,0x90f1,0x9111,0x2872e,0x911b,0x9238,0x92d7,0x92d8,
    0x927c,0x93f9,0x9415,0x28bfa,0x958b,0x4995,0x95b7,0x28d77,0x49e6,0x96c3,0x5db2,0x9723,0x29145,0x2921a,0x4a6e,
    0x4a76,0x97e0,0x2940a,0x4ab2,0x29496,0x980b,0x980b,0x9829,0x295b6,0x98e2,0x4b33,0x9929,0x99a7,0x99c2,0x99fe,
    0x4bce,0x29b30,0x9b12,0x9c40,0x9cfd,0x4cce,0x4ced,0x9d67,0x2a0ce,0x4cf8,0x2a105,0x2a20e,0x2a291,0x9ebb,0x4d56,
    0x9ef9,0x9efe,0x9f05,0x9f0f,0x9f16,0x9f3b,0x2a600,
};
static const uint32_t wm__uc_comp[2823] = { /* [first, second, composite], sorted */
    0x3c,0x338,0x226e,0x3d,0x338,0x2260,0x3e,0x338,0x226f,0x41,0x300,0xc0,0x41,0x301,0xc1,0x41,0x302,0xc2,0x41,
    0x303,0xc3,0x41,0x304,0x100,0x41,0x306,0x102,0x41,0x307,0x226,0x41,0x308,0xc4,0x41,0x309,0x1ea2,0x41,0x30a,
    0xc5,0x41,0x30c,0x1cd,0x41,0x30f,0x200,0x41,0x311,0x202,0x41,0x323,0x1ea0,0x41,0x325,0x1e00,0x41,0x328,0x104,
    0x42,0x307,0x1e02,0x42,0x323,0x1e04,0x42,0x331,0x1e06,0x43,0x301,0x106,0x43,0x302,0x108,0x43,0x307,0x10a,0x43,
    0x30c,0x10c,0x43,0x327,0xc7,0x44,0x307,0x1e0a,0x44,0x30c,0x10e,0x44,0x323,0x1e0c,0x44,0x327,0x1e10,0x44,0x32d,
    0x1e12,0x44,0x331,0x1e0e,0x45,0x300,0xc8,0x45,0x301,0xc9,0x45,0x302,0xca,0x45,0x303,0x1ebc,0x45,0x304,0x112,
    0x45,0x306,0x114,0x45,0x307,0x116,0x45,0x308,0xcb,0x45,0x309,0x1eba,0x45,0x30c,0x11a,0x45,0x30f,0x204,0x45,
    0x311,0x206,0x45,0x323,0x1eb8,0x45,0x327,0x228,0x45,0x328,0x118,0x45,0x32d,0x1e18,0x45,0x330,0x1e1a,0x46,0x307,
    0x1e1e,0x47,0x301,0x1f4,0x47,0x302,0x11c,0x47,0x304,0x1e20,0x47,0x306,0x11e,0x47,0x307,0x120,0x47,0x30c,0x1e6,
    0x47,0x327,0x122,0x48,0x302,0x124,0x48,0x307,0x1e22,0x48,0x308,0x1e26,0x48,0x30c,0x21e,0x48,0x323,0x1e24,0x48,
    0x327,0x1e28,0x48,0x32e,0x1e2a,0x49,0x300,0xcc,0x49,0x301,0xcd,0x49,0x302,0xce,0x49,0x303,0x128,0x49,0x304,
    0x12a,0x49,0x306,0x12c,0x49,0x307,0x130,0x49,0x308,0xcf,0x49,0x309,0x1ec8,0x49,0x30c,0x1cf,0x49,0x30f,0x208,
    0x49,0x311,0x20a,0x49,0x323,0x1eca,0x49,0x328,0x12e,0x49,0x330,0x1e2c,0x4a,0x302,0x134,0x4b,0x301,0x1e30,0x4b,
    0x30c,0x1e8,0x4b,0x323,0x1e32,0x4b,0x327,0x136,0x4b,0x331,0x1e34,0x4c,0x301,0x139,0x4c,0x30c,0x13d,0x4c,0x323,
    0x1e36,0x4c,0x327,0x13b,0x4c,0x32d,0x1e3c,0x4c,0x331,0x1e3a,0x4d,0x301,0x1e3e,0x4d,0x307,0x1e40,0x4d,0x323,
    0x1e42,0x4e,0x300,0x1f8,0x4e,0x301,0x143,0x4e,0x303,0xd1,0x4e,0x307,0x1e44,0x4e,0x30c,0x147,0x4e,0x323,0x1e46,
    0x4e,0x327,0x145,0x4e,0x32d,0x1e4a,0x4e,0x331,0x1e48,0x4f,0x300,0xd2,0x4f,0x301,0xd3,0x4f,0x302,0xd4,0x4f,
    0x303,0xd5,0x4f,0x304,0x14c,0x4f,0x306,0x14e,0x4f,0x307,0x22e,0x4f,0x308,0xd6,0x4f,0x309,0x1ece,0x4f,0x30b,
    0x150,0x4f,0x30c,0x1d1,0x4f,0x30f,0x20c,0x4f,0x311,0x20e,0x4f,0x31b,0x1a0,0x4f,0x323,0x1ecc,0x4f,0x328,0x1ea,
    0x50,0x301,0x1e54,0x50,0x307,0x1e56,0x52,0x301,0x154,0x52,0x307,0x1e58,0x52,0x30c,0x158,0x52,0x30f,0x210,0x52,
    0x311,0x212,0x52,0x323,0x1e5a,0x52,0x327,0x156,0x52,0x331,0x1e5e,0x53,0x301,0x15a,0x53,0x302,0x15c,0x53,0x307,
    0x1e60,0x53,0x30c,0x160,0x53,0x323,0x1e62,0x53,0x326,0x218,0x53,0x327,0x15e,0x54,0x307,0x1e6a,0x54,0x30c,0x164,
    0x54,0x323,0x1e6c,0x54,0x326,0x21a,0x54,0x327,0x162,0x54,0x32d,0x1e70,0x54,0x331,0x1e6e,0x55,0x300,0xd9,0x55,
    0x301,0xda,0x55,0x302,0xdb,0x55,0x303,0x168,0x55,0x304,0x16a,0x55,0x306,0x16c,0x55,0x308,0xdc,0x55,0x309,
    0x1ee6,0x55,0x30a,0x16e,0x55,0x30b,0x170,0x55,0x30c,0x1d3,0x55,0x30f,0x214,0x55,0x311,0x216,0x55,0x31b,0x1af,
    0x55,0x323,0x1ee4,0x55,0x324,0x1e72,0x55,0x328,0x172,0x55,0x32d,0x1e76,0x55,0x330,0x1e74,0x56,0x303,0x1e7c,
    0x56,0x323,0x1e7e,0x57,0x300,0x1e80,0x57,0x301,0x1e82,0x57,0x302,0x174,0x57,0x307,0x1e86,0x57,0x308,0x1e84,
    0x57,0x323,0x1e88,0x58,0x307,0x1e8a,0x58,0x308,0x1e8c,0x59,0x300,0x1ef2,0x59,0x301,0xdd,0x59,0x302,0x176,0x59,
    0x303,0x1ef8,0x59,0x304,0x232,0x59,0x307,0x1e8e,0x59,0x308,0x178,0x59,0x309,0x1ef6,0x59,0x323,0x1ef4,0x5a,
    0x301,0x179,0x5a,0x302,0x1e90,0x5a,0x307,0x17b,0x5a,0x30c,0x17d,0x5a,0x323,0x1e92,0x5a,0x331,0x1e94,0x61,0x300,
    0xe0,0x61,0x301,0xe1,0x61,0x302,0xe2,0x61,0x303,0xe3,0x61,0x304,0x101,0x61,0x306,0x103,0x61,0x307,0x227,0x61,
    0x308,0xe4,0x61,0x309,0x1ea3,0x61,0x30a,0xe5,0x61,0x30c,0x1ce,0x61,0x30f,0x201,0x61,0x311,0x203,0x61,0x323,
    0x1ea1,0x61,0x325,0x1e01,0x61,0x328,0x105,0x62,0x307,0x1e03,0x62,0x323,0x1e05,0x62,0x331,0x1e07,0x63,0x301,
    0x107,0x63,0x302,0x109,0x63,0x307,0x10b,0x63,0x30c,0x10d,0x63,0x327,0xe7,0x64,0x307,0x1e0b,0x64,0x30c,0x10f,
    0x64,0x323,0x1e0d,0x64,0x327,0x1e11,0x64,0x32d,0x1e13,0x64,0x331,0x1e0f,0x65,0x300,0xe8,0x65,0x301,0xe9,0x65,
    0x302,0xea,0x65,0x303,0x1ebd,0x65,0x304,0x113,0x65,0x306,0x115,0x65,0x307,0x117,0x65,0x308,0xeb,0x65,0x309,
    0x1ebb,0x65,0x30c,0x11b,0x65,0x30f,0x205,0x65,0x311,0x207,0x65,0x323,0x1eb9,0x65,0x327,0x229,0x65,0x328,0x119,
    0x65,0x32d,0x1e19,0x65,0x330,0x1e1b,0x66,0x307,0x1e1f,0x67,0x301,0x1f5,0x67,0x302,0x11d,0x67,0x304,0x1e21,0x67,
    0x306,0x11f,0x67,0x307,0x121,0x67,0x30c,0x1e7,0x67,0x327,0x123,0x68,0x302,0x125,0x68,0x307,0x1e23,0x68,0x308,
    0x1e27,0x68,0x30c,0x21f,0x68,0x323,0x1e25,0x68,0x327,0x1e29,0x68,0x32e,0x1e2b,0x68,0x331,0x1e96,0x69,0x300,
    0xec,0x69,0x301,0xed,0x69,0x302,0xee,0x69,0x303,0x129,0x69,0x304,0x12b,0x69,0x306,0x12d,0x69,0x308,0xef,0x69,
    0x309,0x1ec9,0x69,0x30c,0x1d0,0x69,0x30f,0x209,0x69,0x311,0x20b,0x69,0x323,0x1ecb,0x69,0x328,0x12f,0x69,0x330,
    0x1e2d,0x6a,0x302,0x135,0x6a,0x30c,0x1f0,0x6b,0x301,0x1e31,0x6b,0x30c,0x1e9,0x6b,0x323,0x1e33,0x6b,0x327,0x137,
    0x6b,0x331,0x1e35,0x6c,0x301,0x13a,0x6c,0x30c,0x13e,0x6c,0x323,0x1e37,0x6c,0x327,0x13c,0x6c,0x32d,0x1e3d,0x6c,
    0x331,0x1e3b,0x6d,0x301,0x1e3f,0x6d,0x307,0x1e41,0x6d,0x323,0x1e43,0x6e,0x300,0x1f9,0x6e,0x301,0x144,0x6e,
    0x303,0xf1,0x6e,0x307,0x1e45,0x6e,0x30c,0x148,0x6e,0x323,0x1e47,0x6e,0x327,0x146,0x6e,0x32d,0x1e4b,0x6e,0x331,
    0x1e49,0x6f,0x300,0xf2,0x6f,0x301,0xf3,0x6f,0x302,0xf4,0x6f,0x303,0xf5,0x6f,0x304,0x14d,0x6f,0x306,0x14f,0x6f,
    0x307,0x22f,0x6f,0x308,0xf6,0x6f,0x309,0x1ecf,0x6f,0x30b,0x151,0x6f,0x30c,0x1d2,0x6f,0x30f,0x20d,0x6f,0x311,
    0x20f,0x6f,0x31b,0x1a1,0x6f,0x323,0x1ecd,0x6f,0x328,0x1eb,0x70,0x301,0x1e55,0x70,0x307,0x1e57,0x72,0x301,0x155,
    0x72,0x307,0x1e59,0x72,0x30c,0x159,0x72,0x30f,0x211,0x72,0x311,0x213,0x72,0x323,0x1e5b,0x72,0x327,0x157,0x72,
    0x331,0x1e5f,0x73,0x301,0x15b,0x73,0x302,0x15d,0x73,0x307,0x1e61,0x73,0x30c,0x161,0x73,0x323,0x1e63,0x73,0x326,
    0x219,0x73,0x327,0x15f,0x74,0x307,0x1e6b,0x74,0x308,0x1e97,0x74,0x30c,0x165,0x74,0x323,0x1e6d,0x74,0x326,0x21b,
    0x74,0x327,0x163,0x74,0x32d,0x1e71,0x74,0x331,0x1e6f,0x75,0x300,0xf9,0x75,0x301,0xfa,0x75,0x302,0xfb,0x75,
    0x303,0x169,0x75,0x304,0x16b,0x75,0x306,0x16d,0x75,0x308,0xfc,0x75,0x309,0x1ee7,0x75,0x30a,0x16f,0x75,0x30b,
    0x171,0x75,0x30c,0x1d4,0x75,0x30f,0x215,0x75,0x311,0x217,0x75,0x31b,0x1b0,0x75,0x323,0x1ee5,0x75,0x324,0x1e73,
    0x75,0x328,0x173,0x75,0x32d,0x1e77,0x75,0x330,0x1e75,0x76,0x303,0x1e7d,0x76,0x323,0x1e7f,0x77,0x300,0x1e81,
    0x77,0x301,0x1e83,0x77,0x302,0x175,0x77,0x307,0x1e87,0x77,0x308,0x1e85,0x77,0x30a,0x1e98,0x77,0x323,0x1e89,
    0x78,0x307,0x1e8b,0x78,0x308,0x1e8d,0x79,0x300,0x1ef3,0x79,0x301,0xfd,0x79,0x302,0x177,0x79,0x303,0x1ef9,0x79,
    0x304,0x233,0x79,0x307,0x1e8f,0x79,0x308,0xff,0x79,0x309,0x1ef7,0x79,0x30a,0x1e99,0x79,0x323,0x1ef5,0x7a,0x301,
    0x17a,0x7a,0x302,0x1e91,0x7a,0x307,0x17c,0x7a,0x30c,0x17e,0x7a,0x323,0x1e93,0x7a,0x331,0x1e95,0xa8,0x300,
    0x1fed,0xa8,0x301,0x385,0xa8,0x342,0x1fc1,0xc2,0x300,0x1ea6,0xc2,0x301,0x1ea4,0xc2,0x303,0x1eaa,0xc2,0x309,
    0x1ea8,0xc4,0x304,0x1de,0xc5,0x301,0x1fa,0xc6,0x301,0x1fc,0xc6,0x304,0x1e2,0xc7,0x301,0x1e08,0xca,0x300,0x1ec0,
    0xca,0x301,0x1ebe,0xca,0x303,0x1ec4,0xca,0x309,0x1ec2,0xcf,0x301,0x1e2e,0xd4,0x300,0x1ed2,0xd4,0x301,0x1ed0,
    0xd4,0x303,0x1ed6,0xd4,0x309,0x1ed4,0xd5,0x301,0x1e4c,0xd5,0x304,0x22c,0xd5,0x308,0x1e4e,0xd6,0x304,0x22a,0xd8,
    0x301,0x1fe,0xdc,0x300,0x1db,0xdc,0x301,0x1d7,0xdc,0x304,0x1d5,0xdc,0x30c,0x1d9,0xe2,0x300,0x1ea7,0xe2,0x301,
    0x1ea5,0xe2,0x303,0x1eab,0xe2,0x309,0x1ea9,0xe4,0x304,0x1df,0xe5,0x301,0x1fb,0xe6,0x301,0x1fd,0xe6,0x304,0x1e3,
    0xe7,0x301,0x1e09,0xea,0x300,0x1ec1,0xea,0x301,0x1ebf,0xea,0x303,0x1ec5,0xea,0x309,0x1ec3,0xef,0x301,0x1e2f,
    0xf4,0x300,0x1ed3,0xf4,0x301,0x1ed1,0xf4,0x303,0x1ed7,0xf4,0x309,0x1ed5,0xf5,0x301,0x1e4d,0xf5,0x304,0x22d,
    0xf5,0x308,0x1e4f,0xf6,0x304,0x22b,0xf8,0x301,0x1ff,0xfc,0x300,0x1dc,0xfc,0x301,0x1d8,0xfc,0x304,0x1d6,0xfc,
    0x30c,0x1da,0x102,0x300,0x1eb0,0x102,0x301,0x1eae,0x102,0x303,0x1eb4,0x102,0x309,0x1eb2,0x103,0x300,0x1eb1,
    0x103,0x301,0x1eaf,0x103,0x303,0x1eb5,0x103,0x309,0x1eb3,0x112,0x300,0x1e14,0x112,0x301,0x1e16,0x113,0x300,
    0x1e15,0x113,0x301,0x1e17,0x14c,0x300,0x1e50,0x14c,0x301,0x1e52,0x14d,0x300,0x1e51,0x14d,0x301,0x1e53,0x15a,
    0x307,0x1e64,0x15b,0x307,0x1e65,0x160,0x307,0x1e66,0x161,0x307,0x1e67,0x168,0x301,0x1e78,0x169,0x301,0x1e79,
    0x16a,0x308,0x1e7a,0x16b,0x308,0x1e7b,0x17f,0x307,0x1e9b,0x1a0,0x300,0x1edc,0x1a0,0x301,0x1eda,0x1a0,0x303,
    0x1ee0,0x1a0,0x309,0x1ede,0x1a0,0x323,0x1ee2,0x1a1,0x300,0x1edd,0x1a1,0x301,0x1edb,0x1a1,0x303,0x1ee1,0x1a1,
    0x309,0x1edf,0x1a1,0x323,0x1ee3,0x1af,0x300,0x1eea,0x1af,0x301,0x1ee8,0x1af,0x303,0x1eee,0x1af,0x309,0x1eec,
    0x1af,0x323,0x1ef0,0x1b0,0x300,0x1eeb,0x1b0,0x301,0x1ee9,0x1b0,0x303,0x1eef,0x1b0,0x309,0x1eed,0x1b0,0x323,
    0x1ef1,0x1b7,0x30c,0x1ee,0x1ea,0x304,0x1ec,0x1eb,0x304,0x1ed,0x226,0x304,0x1e0,0x227,0x304,0x1e1,0x228,0x306,
    0x1e1c,0x229,0x306,0x1e1d,0x22e,0x304,0x230,0x22f,0x304,0x231,0x292,0x30c,0x1ef,0x391,0x300,0x1fba,0x391,0x301,
    0x386,0x391,0x304,0x1fb9,0x391,0x306,0x1fb8,0x391,0x313,0x1f08,0x391,0x314,0x1f09,0x391,0x345,0x1fbc,0x395,
    0x300,0x1fc8,0x395,0x301,0x388,0x395,0x313,0x1f18,0x395,0x314,0x1f19,0x397,0x300,0x1fca,0x397,0x301,0x389,
    0x397,0x313,0x1f28,0x397,0x314,0x1f29,0x397,0x345,0x1fcc,0x399,0x300,0x1fda,0x399,0x301,0x38a,0x399,0x304,
    0x1fd9,0x399,0x306,0x1fd8,0x399,0x308,0x3aa,0x399,0x313,0x1f38,0x399,0x314,0x1f39,0x39f,0x300,0x1ff8,0x39f,
    0x301,0x38c,0x39f,0x313,0x1f48,0x39f,0x314,0x1f49,0x3a1,0x314,0x1fec,0x3a5,0x300,0x1fea,0x3a5,0x301,0x38e,
    0x3a5,0x304,0x1fe9,0x3a5,0x306,0x1fe8,0x3a5,0x308,0x3ab,0x3a5,0x314,0x1f59,0x3a9,0x300,0x1ffa,0x3a9,0x301,
    0x38f,0x3a9,0x313,0x1f68,0x3a9,0x314,0x1f69,0x3a9,0x345,0x1ffc,0x3ac,0x345,0x1fb4,0x3ae,0x345,0x1fc4,0x3b1,
    0x300,0x1f70,0x3b1,0x301,0x3ac,0x3b1,0x304,0x1fb1,0x3b1,0x306,0x1fb0,0x3b1,0x313,0x1f00,0x3b1,0x314,0x1f01,
    0x3b1,0x342,0x1fb6,0x3b1,0x345,0x1fb3,0x3b5,0x300,0x1f72,0x3b5,0x301,0x3ad,0x3b5,0x313,0x1f10,0x3b5,0x314,
    0x1f11,0x3b7,0x300,0x1f74,0x3b7,0x301,0x3ae,0x3b7,0x313,0x1f20,0x3b7,0x314,0x1f21,0x3b7,0x342,0x1fc6,0x3b7,
    0x345,0x1fc3,0x3b9,0x300,0x1f76,0x3b9,0x301,0x3af,0x3b9,0x304,0x1fd1,0x3b9,0x306,0x1fd0,0x3b9,0x308,0x3ca,
    0x3b9,0x313,0x1f30,0x3b9,0x314,0x1f31,0x3b9,0x342,0x1fd6,0x3bf,0x300,0x1f78,0x3bf,0x301,0x3cc,0x3bf,0x313,
    0x1f40,0x3bf,0x314,0x1f41,0x3c1,0x313,0x1fe4,0x3c1,0x314,0x1fe5,0x3c5,0x300,0x1f7a,0x3c5,0x301,0x3cd,0x3c5,
    0x304,0x1fe1,0x3c5,0x306,0x1fe0,0x3c5,0x308,0x3cb,0x3c5,0x313,0x1f50,0x3c5,0x314,0x1f51,0x3c5,0x342,0x1fe6,
    0x3c9,0x300,0x1f7c,0x3c9,0x301,0x3ce,0x3c9,0x313,0x1f60,0x3c9,0x314,0x1f61,0x3c9,0x342,0x1ff6,0x3c9,0x345,
    0x1ff3,0x3ca,0x300,0x1fd2,0x3ca,0x301,0x390,0x3ca,0x342,0x1fd7,0x3cb,0x300,0x1fe2,0x3cb,0x301,0x3b0,0x3cb,
    0x342,0x1fe7,0x3ce,0x345,0x1ff4,0x3d2,0x301,0x3d3,0x3d2,0x308,0x3d4,0x406,0x308,0x407,0x410,0x306,0x4d0,0x410,
    0x308,0x4d2,0x413,0x301,0x403,0x415,0x300,0x400,0x415,0x306,0x4d6,0x415,0x308,0x401,0x416,0x306,0x4c1,0x416,
    0x308,0x4dc,0x417,0x308,0x4de,0x418,0x300,0x40d,0x418,0x304,0x4e2,0x418,0x306,0x419,0x418,0x308,0x4e4,0x41a,
    0x301,0x40c,0x41e,0x308,0x4e6,0x423,0x304,0x4ee,0x423,0x306,0x40e,0x423,0x308,0x4f0,0x423,0x30b,0x4f2,0x427,
    0x308,0x4f4,0x42b,0x308,0x4f8,0x42d,0x308,0x4ec,0x430,0x306,0x4d1,0x430,0x308,0x4d3,0x433,0x301,0x453,0x435,
    0x300,0x450,0x435,0x306,0x4d7,0x435,0x308,0x451,0x436,0x306,0x4c2,0x436,0x308,0x4dd,0x437,0x308,0x4df,0x438,
    0x300,0x45d,0x438,0x304,0x4e3,0x438,0x306,0x439,0x438,0x308,0x4e5,0x43a,0x301,0x45c,0x43e,0x308,0x4e7,0x443,
    0x304,0x4ef,0x443,0x306,0x45e,0x443,0x308,0x4f1,0x443,0x30b,0x4f3,0x447,0x308,0x4f5,0x44b,0x308,0x4f9,0x44d,
    0x308,0x4ed,0x456,0x308,0x457,0x474,0x30f,0x476,0x475,0x30f,0x477,0x4d8,0x308,0x4da,0x4d9,0x308,0x4db,0x4e8,
    0x308,0x4ea,0x4e9,0x308,0x4eb,0x627,0x653,0x622,0x627,0x654,0x623,0x627,0x655,0x625,0x648,0x654,0x624,0x64a,
    0x654,0x626,0x6c1,0x654,0x6c2,0x6d2,0x654,0x6d3,0x6d5,0x654,0x6c0,0x928,0x93c,0x929,0x930,0x93c,0x931,0x933,
    0x93c,0x934,0x9c7,0x9be,0x9cb,0x9c7,0x9d7,0x9cc,0xb47,0xb3e,0xb4b,0xb47,0xb56,0xb48,0xb47,0xb57,0xb4c,0xb92,
    0xbd7,0xb94,0xbc6,0xbbe,0xbca,0xbc6,0xbd7,0xbcc,0xbc7,0xbbe,0xbcb,0xc46,0xc56,0xc48,0xcbf,0xcd5,0xcc0,0xcc6,
    0xcc2,0xcca,0xcc6,0xcd5,0xcc7,0xcc6,0xcd6,0xcc8,0xcca,0xcd5,0xccb,0xd46,0xd3e,0xd4a,0xd46,0xd57,0xd4c,0xd47,
    0xd3e,0xd4b,0xdd9,0xdca,0xdda,0xdd9,0xdcf,0xddc,0xdd9,0xddf,0xdde,0xddc,0xdca,0xddd,0x1025,0x102e,0x1026,
    0x1b05,0x1b35,0x1b06,0x1b07,0x1b35,0x1b08,0x1b09,0x1b35,0x1b0a,0x1b0b,0x1b35,0x1b0c,0x1b0d,0x1b35,0x1b0e,
    0x1b11,0x1b35,0x1b12,0x1b3a,0x1b35,0x1b3b,0x1b3c,0x1b35,0x1b3d,0x1b3e,0x1b35,0x1b40,0x1b3f,0x1b35,0x1b41,
    0x1b42,0x1b35,0x1b43,0x1e36,0x304,0x1e38,0x1e37,0x304,0x1e39,0x1e5a,0x304,0x1e5c,0x1e5b,0x304,0x1e5d,0x1e62,
    0x307,0x1e68,0x1e63,0x307,0x1e69,0x1ea0,0x302,0x1eac,0x1ea0,0x306,0x1eb6,0x1ea1,0x302,0x1ead,0x1ea1,0x306,
    0x1eb7,0x1eb8,0x302,0x1ec6,0x1eb9,0x302,0x1ec7,0x1ecc,0x302,0x1ed8,0x1ecd,0x302,0x1ed9,0x1f00,0x300,0x1f02,
    0x1f00,0x301,0x1f04,0x1f00,0x342,0x1f06,0x1f00,0x345,0x1f80,0x1f01,0x300,0x1f03,0x1f01,0x301,0x1f05,0x1f01,
    0x342,0x1f07,0x1f01,0x345,0x1f81,0x1f02,0x345,0x1f82,0x1f03,0x345,0x1f83,0x1f04,0x345,0x1f84,0x1f05,0x345,
    0x1f85,0x1f06,0x345,0x1f86,0x1f07,0x345,0x1f87,0x1f08,0x300,0x1f0a,0x1f08,0x301,0x1f0c,0x1f08,0x342,0x1f0e,
    0x1f08,0x345,0x1f88,0x1f09,0x300,0x1f0b,0x1f09,0x301,0x1f0d,0x1f09,0x342,0x1f0f,0x1f09,0x345,0x1f89,0x1f0a,
    0x345,0x1f8a,0x1f0b,0x345,0x1f8b,0x1f0c,0x345,0x1f8c,0x1f0d,0x345,0x1f8d,0x1f0e,0x345,0x1f8e,0x1f0f,0x345,
    0x1f8f,0x1f10,0x300,0x1f12,0x1f10,0x301,0x1f14,0x1f11,0x300,0x1f13,0x1f11,0x301,0x1f15,0x1f18,0x300,0x1f1a,
    0x1f18,0x301,0x1f1c,0x1f19,0x300,0x1f1b,0x1f19,0x301,0x1f1d,0x1f20,0x300,0x1f22,0x1f20,0x301,0x1f24,0x1f20,
    0x342,0x1f26,0x1f20,0x345,0x1f90,0x1f21,0x300,0x1f23,0x1f21,0x301,0x1f25,0x1f21,0x342,0x1f27,0x1f21,0x345,
    0x1f91,0x1f22,0x345,0x1f92,0x1f23,0x345,0x1f93,0x1f24,0x345,0x1f94,0x1f25,0x345,0x1f95,0x1f26,0x345,0x1f96,
    0x1f27,0x345,0x1f97,0x1f28,0x300,0x1f2a,0x1f28,0x301,0x1f2c,0x1f28,0x342,0x1f2e,0x1f28,0x345,0x1f98,0x1f29,
    0x300,0x1f2b,0x1f29,0x301,0x1f2d,0x1f29,0x342,0x1f2f,0x1f29,0x345,0x1f99,0x1f2a,0x345,0x1f9a,0x1f2b,0x345,
    0x1f9b,0x1f2c,0x345,0x1f9c,0x1f2d,0x345,0x1f9d,0x1f2e,0x345,0x1f9e,0x1f2f,0x345,0x1f9f,0x1f30,0x300,0x1f32,
    0x1f30,0x301,0x1f34,0x1f30,0x342,0x1f36,0x1f31,0x300,0x1f33,0x1f31,0x301,0x1f35,0x1f31,0x342,0x1f37,0x1f38,
    0x300,0x1f3a,0x1f38,0x301,0x1f3c,0x1f38,0x342,0x1f3e,0x1f39,0x300,0x1f3b,0x1f39,0x301,0x1f3d,0x1f39,0x342,
    0x1f3f,0x1f40,0x300,0x1f42,0x1f40,0x301,0x1f44,0x1f41,0x300,0x1f43,0x1f41,0x301,0x1f45,0x1f48,0x300,0x1f4a,
    0x1f48,0x301,0x1f4c,0x1f49,0x300,0x1f4b,0x1f49,0x301,0x1f4d,0x1f50,0x300,0x1f52,0x1f50,0x301,0x1f54,0x1f50,
    0x342,0x1f56,0x1f51,0x300,0x1f53,0x1f51,0x301,0x1f55,0x1f51,0x342,0x1f57,0x1f59,0x300,0x1f5b,0x1f59,0x301,
    0x1f5d,0x1f59,0x342,0x1f5f,0x1f60,0x300,0x1f62,0x1f60,0x301,0x1f64,0x1f60,0x342,0x1f66,0x1f60,0x345,0x1fa0,
    0x1f61,0x300,0x1f63,0x1f61,0x301,0x1f65,0x1f61,0x342,0x1f67,0x1f61,0x345,0x1fa1,0x1f62,0x345,0x1fa2,0x1f63,
    0x345,0x1fa3,0x1f64,0x345,0x1fa4,0x1f65,0x345,0x1fa5,0x1f66,0x345,0x1fa6,0x1f67,0x345,0x1fa7,0x1f68,0x300,
    0x1f6a,0x1f68,0x301,0x1f6c,0x1f68,0x342,0x1f6e,0x1f68,0x345,0x1fa8,0x1f69,0x300,0x1f6b,0x1f69,0x301,0x1f6d,
    0x1f69,0x342,0x1f6f,0x1f69,0x345,0x1fa9,0x1f6a,0x345,0x1faa,0x1f6b,0x345,0x1fab,0x1f6c,0x345,0x1fac,0x1f6d,
    0x345,0x1fad,0x1f6e,0x345,0x1fae,0x1f6f,0x345,0x1faf,0x1f70,0x345,0x1fb2,0x1f74,0x345,0x1fc2,0x1f7c,0x345,
    0x1ff2,0x1fb6,0x345,0x1fb7,0x1fbf,0x300,0x1fcd,0x1fbf,0x301,0x1fce,0x1fbf,0x342,0x1fcf,0x1fc6,0x345,0x1fc7,
    0x1ff6,0x345,0x1ff7,0x1ffe,0x300,0x1fdd,0x1ffe,0x301,0x1fde,0x1ffe,0x342,0x1fdf,0x2190,0x338,0x219a,0x2192,
    0x338,0x219b,0x2194,0x338,0x21ae,0x21d0,0x338,0x21cd,0x21d2,0x338,0x21cf,0x21d4,0x338,0x21ce,0x2203,0x338,
    0x2204,0x2208,0x338,0x2209,0x220b,0x338,0x220c,0x2223,0x338,0x2224,0x2225,0x338,0x2226,0x223c,0x338,0x2241,
    0x2243,0x338,0x2244,0x2245,0x338,0x2247,0x2248,0x338,0x2249,0x224d,0x338,0x226d,0x2261,0x338,0x2262,0x2264,
    0x338,0x2270,0x2265,0x338,0x2271,0x2272,0x338,0x2274,0x2273,0x338,0x2275,0x2276,0x338,0x2278,0x2277,0x338,
    0x2279,0x227a,0x338,0x2280,0x227b,0x338,0x2281,0x227c,0x338,0x22e0,0x227d,0x338,0x22e1,0x2282,0x338,0x2284,
    0x2283,0x338,0x2285,0x2286,0x338,0x2288,0x2287,0x338,0x2289,0x2291,0x338,0x22e2,0x2292,0x338,0x22e3,0x22a2,
    0x338,0x22ac,0x22a8,0x338,0x22ad,0x22a9,0x338,0x22ae,0x22ab,0x338,0x22af,0x22b2,0x338,0x22ea,0x22b3,0x338,
    0x22eb,0x22b4,0x338,0x22ec,0x22b5,0x338,0x22ed,0x3046,0x3099,0x3094,0x304b,0x3099,0x304c,0x304d,0x3099,0x304e,
    0x304f,0x3099,0x3050,0x3051,0x3099,0x3052,0x3053,0x3099,0x3054,0x3055,0x3099,0x3056,0x3057,0x3099,0x3058,
    0x3059,0x3099,0x305a,0x305b,0x3099,0x305c,0x305d,0x3099,0x305e,0x305f,0x3099,0x3060,0x3061,0x3099,0x3062,
    0x3064,0x3099,0x3065,0x3066,0x3099,0x3067,0x3068,0x3099,0x3069,0x306f,0x3099,0x3070,0x306f,0x309a,0x3071,
    0x3072,0x3099,0x3073,0x3072,0x309a,0x3074,0x3075,0x3099,0x3076,0x3075,0x309a,0x3077,0x3078,0x3099,0x3079,
    0x3078,0x309a,0x307a,0x307b,0x3099,0x307c,0x307b,0x309a,0x307d,0x309d,0x3099,0x309e,0x30a6,0x3099,0x30f4,
    0x30ab,0x3099,0x30ac,0x30ad,0x3099,0x30ae,0x30af,0x3099,0x30b0,0x30b1,0x3099,0x30b2,0x30b3,0x3099,0x30b4,
    0x30b5,0x3099,0x30b6,0x30b7,0x3099,0x30b8,0x30b9,0x3099,0x30ba,0x30bb,0x3099,0x30bc,0x30bd,0x3099,0x30be,
    0x30bf,0x3099,0x30c0,0x30c1,0x3099,0x30c2,0x30c4,0x3099,0x30c5,0x30c6,0x3099,0x30c7,0x30c8,0x3099,0x30c9,
    0x30cf,0x3099,0x30d0,0x30cf,0x309a,0x30d1,0x30d2,0x3099,0x30d3,0x30d2,0x309a,0x30d4,0x30d5,0x3099,0x30d6,
    0x30d5,0x309a,0x30d7,0x30d8,0x3099,0x30d9,0x30d8,0x309a,0x30da,0x30db,0x3099,0x30dc,0x30db,0x309a,0x30dd,
    0x30ef,0x3099,0x30f7,0x30f0,0x3099,0x30f8,0x30f1,0x3099,0x30f9,0x30f2,0x3099,0x30fa,0x30fd,0x3099,0x30fe,
    0x11099,0x110ba,0x1109a,0x1109b,0x110ba,0x1109c,0x110a5,0x110ba,0x110ab,0x11131,0x11127,0x1112e,0x11132,
    0x11127,0x1112f,0x11347,0x1133e,0x1134b,0x11347,0x11357,0x1134c,0x114b9,0x114b0,0x114bc,0x114b9,0x114ba,
    0x114bb,0x114b9,0x114bd,0x114be,0x115b8,0x115af,0x115ba,0x115b9,0x115af,0x115bb,0x11935,0x11930,0x11938,
};
static const uint32_t wm__uc_comp2[24] = { /* starters that compose with a preceding character, sorted */
    0x9be,0x9d7,0xb3e,0xb56,0xb57,0xbbe,0xbd7,0xcc2,0xcd5,0xcd6,0xd3e,0xd57,0xdcf,0xddf,0x102e,0x1b35,0x11127,
    0x1133e,0x11357,0x114b0,0x114ba,0x114bd,0x115af,0x11930,
};
#endif
/* END UNICODE TABLES */

static int wm__in_ranges(uint32_t cp, const uint32_t *r, int n_pairs) {
    int lo = 0, hi = n_pairs - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cp < r[2 * mid]) hi = mid - 1;
        else if (cp > r[2 * mid + 1]) lo = mid + 1;
        else return 1;
    }
    return 0;
}

/* Letter / number / whitespace class of a code point (0: none of them). */
static int wm__uc_class(uint32_t cp) {
    if (cp < 128) {
        if ((cp | 32) >= 'a' && (cp | 32) <= 'z') return WM__CL_L;
        if (cp >= '0' && cp <= '9') return WM__CL_N;
        if (cp == ' ' || (cp >= 9 && cp <= 13)) return WM__CL_S;
        return 0;
    }
    if (cp == 0xffffffffu) return 0; /* an invalid byte */
    if (wm__in_ranges(cp, wm__uc_letter, (int)(sizeof wm__uc_letter / sizeof wm__uc_letter[0] / 2))) return WM__CL_L;
    if (wm__in_ranges(cp, wm__uc_number, (int)(sizeof wm__uc_number / sizeof wm__uc_number[0] / 2))) return WM__CL_N;
    if (wm__in_ranges(cp, wm__uc_space, (int)(sizeof wm__uc_space / sizeof wm__uc_space[0] / 2))) return WM__CL_S;
    return 0;
}

/* cp in one of the WM__UC_* sets of [lo, hi] ranges */
static int wm__uc_in(uint32_t cp, int set) {
    static const struct { const uint32_t *r; int n; } sets[] = { /* in WM__UC_* order */
        {wm__uc_mark, (int)(sizeof wm__uc_mark / sizeof wm__uc_mark[0] / 2)}, {wm__uc_punct, (int)(sizeof wm__uc_punct / sizeof wm__uc_punct[0] / 2)},
        {wm__uc_symbol, (int)(sizeof wm__uc_symbol / sizeof wm__uc_symbol[0] / 2)}, {wm__uc_word, (int)(sizeof wm__uc_word / sizeof wm__uc_word[0] / 2)},
        {wm__uc_ll, (int)(sizeof wm__uc_ll / sizeof wm__uc_ll[0] / 2)}, {wm__uc_lut, (int)(sizeof wm__uc_lut / sizeof wm__uc_lut[0] / 2)}};
    return wm__in_ranges(cp, sets[set].r, sets[set].n);
}

#ifndef WM_NO_UNICODE_NORM
static int wm__ccc(uint32_t cp) {
    int lo = 0, hi = (int)(sizeof wm__uc_ccc / sizeof wm__uc_ccc[0] / 3) - 1;
    if (cp < 0x300) return 0;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cp < wm__uc_ccc[3 * mid]) hi = mid - 1;
        else if (cp > wm__uc_ccc[3 * mid + 1]) lo = mid + 1;
        else return (int)wm__uc_ccc[3 * mid + 2];
    }
    return 0;
}

/* appends the full decomposition of cp (canonical; compat: compatibility too)
   to buf[n..], as far as cap allows; returns the new count */
static size_t wm__decompose(uint32_t cp, int compat, uint32_t *buf, size_t n, size_t cap) {
    int lo = 0, hi = (int)(sizeof wm__uc_dec / sizeof wm__uc_dec[0] / 2) - 1;
    if (cp - WM__HANGUL_S < 11172u) { /* Hangul syllables: L V (T), by arithmetic */
        uint32_t si = cp - WM__HANGUL_S, parts[3];
        int k, np = si % 28 ? 3 : 2;
        parts[0] = WM__HANGUL_L + si / 588; parts[1] = WM__HANGUL_V + (si % 588) / 28; parts[2] = WM__HANGUL_T + si % 28;
        for (k = 0; k < np; k++, n++) if (n < cap) buf[n] = parts[k];
        return n;
    }
    while (cp >= 0xa0 && lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cp < wm__uc_dec[2 * mid]) hi = mid - 1;
        else if (cp > wm__uc_dec[2 * mid]) lo = mid + 1;
        else {
            uint32_t info = wm__uc_dec[2 * mid + 1], off = info & 0xffff, len = (info >> 16) & 0xff, i;
            if ((info >> 24) && !compat) break;
            for (i = 0; i < len; i++) n = wm__decompose(wm__uc_dec_pool[off + i], compat, buf, n, cap);
            return n;
        }
    }
    if (n < cap) buf[n] = cp;
    return n + 1;
}

/* the primary composite of a + b, or 0 */
static uint32_t wm__compose(uint32_t a, uint32_t b) {
    int lo = 0, hi = (int)(sizeof wm__uc_comp / sizeof wm__uc_comp[0] / 3) - 1;
    if (a - WM__HANGUL_L < 19u && b - WM__HANGUL_V < 21u) return WM__HANGUL_S + ((a - WM__HANGUL_L) * 21 + (b - WM__HANGUL_V)) * 28;
    if (a - WM__HANGUL_S < 11172u && (a - WM__HANGUL_S) % 28 == 0 && b - WM__HANGUL_T - 1 < 27u) return a + (b - WM__HANGUL_T);
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const uint32_t *r = wm__uc_comp + 3 * mid;
        if (a < r[0] || (a == r[0] && b < r[1])) hi = mid - 1;
        else if (a > r[0] || b > r[1]) lo = mid + 1;
        else return r[2];
    }
    return 0;
}

/* a starter that may compose with what precedes it */
static int wm__composes_back(uint32_t cp) {
    int lo = 0, hi = (int)(sizeof wm__uc_comp2 / sizeof wm__uc_comp2[0]) - 1;
    if (cp - WM__HANGUL_V < 21u || cp - WM__HANGUL_T - 1 < 27u) return 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cp < wm__uc_comp2[mid]) hi = mid - 1;
        else if (cp > wm__uc_comp2[mid]) lo = mid + 1;
        else return 1;
    }
    return 0;
}

static uint32_t wm__uc_lowercase(uint32_t cp) {
    int lo = 0, hi = (int)(sizeof wm__uc_lower / sizeof wm__uc_lower[0] / 2) - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cp < wm__uc_lower[2 * mid]) hi = mid - 1;
        else if (cp > wm__uc_lower[2 * mid]) lo = mid + 1;
        else return wm__uc_lower[2 * mid + 1];
    }
    return cp;
}
#endif

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
