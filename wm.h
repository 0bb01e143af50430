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
      @API             730  Public interface
      @BASICS          299  Implementation basics
      @TYPES          1244  Tensor types
      @KERNELS        2606  Kernels
      @STRUCTS          80  Model and session structures
      @PLAN             73  Module descriptions
      @LAYERS         2016  Layers, in data-flow order
      @JSON            465  JSON: a validating reader that never allocates
      @CONFIG          371  config.json
      @MODELS          282  Models
      @SESSION         938  Session
      @SAFETENSORS     214  safetensors
      @GGUF            496  GGUF reader (v2 and v3, llama.cpp's file format)
      @GGUF_WRITE      565  GGUF writing
      @TENSOR_PLAN      29  The tensor plan
      @BIND            516  Binding the plan to the directory, building the model
      @RANDOM          161  Random checkpoints (benchmarks and tests)
      @TOKENIZER      4037  Tokenizer
      @SAMPLING        132  Sampling
      @SAVE            154  Session save / restore
      @GENERATE        212  Generation and chat templates
      @JINJA          2655  Jinja chat templates
      @STDIO           469  stdio helpers
      @UNICODE         701  Unicode tables and their lookups (an appendix)

   EXTENDING (every place each kind of addition touches)

      A model type (config.json's model_type):
        @API       a WM_MODEL_* value; wm_config fields it adds
        @CONFIG    its reader wm__cfg_<type>(): its fields, then each layer's
                   layer_seq / layer_state
        @MODELS    wm__stack_<type>() (a layer's norm and module tensors) and
                   its row of wm__model_types (name, reader, the modules its
                   layers may hold, tie default, embedding / layer prefix /
                   final norm names, stacking, hidden_size's key, MLP bias,
                   experts, a derived ssd_head_dim, llama.cpp's GGUF): no
                   other place tests a model type (the suite counts)
        modules it lacks: as below; tests: tests/fixtures/<name>/ (config.json,
        model.safetensors, ref.safetensors from the float64 reference) and its
        name in test_fixtures (tests/fixtures.c)
      A module (what a layer's sequence or state slot runs):
        @API       a WM_SEQ_* or WM_STATE_* value (its row of wm__modules)
        @LAYERS    a subsection: its weights wm__<m>_w and wm__<m>_check,
                   _plan, _lstate and _lstate_floats (when it keeps session
                   state), _scratch, the run function wm__<m>_module (its
                   projections over all x->nb rows; its recurrence or
                   attention once per sequence of x->seq, with that
                   sequence's state, positions and kc: wm_batch_step),
                   _decode_bytes; a loop to thread: a task wm__<m>_*_task
                   (per-thread scratch by its worker) run by wm__pfor
        @MODELS    wm__<m>_w in the wm__layer union of its slot, its row of
                   wm__modules, its bit in the model types that may use it
        @CONFIG    readers of the config fields it adds
      A tensor type:
        @API       a WM_* id after WM_IQ4_XS (types computed with come first;
                   WM_TYPES_COMPUTED counts them)
        @TYPES     its block layout in the comment there, wm__deq_<t>,
                   wm__quant_<t>; quantized: its WM__QTYPES row at its id
                   (writes its wm__types row, WM__QB_<ID> and switch
                   cases) and, own 0, its wm__qcodes case, own 1, a
                   wm__qdot_<t> and a wm__v_qdot loop; a float type: its
                   wm__types row. Quantizing, binding, the kernels and
                   GGUF take it from the row
        @SIMD      its case in wm__qw8_unpack and wm__qw8_dot (wm__v_qdot
                   and wm__v_qdot4 then run it); a wm__qr_pack case for the
                   prefill tile is optional
        tests: its blocks in tools/gen_quant_cases.py (independent of wm.h),
        which test_quant (tests/lib_quant.c) reads
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
        library's ids) and test_tokenizer_cases (tests/tokenizer.c)
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
      WM_NO_JINJA        undefined      leave out the Jinja interpreter ([@JINJA],
                                        wm_chat_apply)
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
      WM_JINJA_STEPS     20000000       wm_chat_apply's budget: a unit per expression,
                                        statement, filter, test, call, subscript,
                                        and per 16 bytes any of them produces
      WM_JINJA_OUT       64 MB          wm_chat_apply: bytes of one rendering
      WM_JINJA_MEM       256 MB         wm_chat_apply: bytes of its values

   MEMORY

      The caller owns memory. A model is built from caller buffers holding
      config.json and the weights, used in place (a misaligned tensor is
      copied once); wm_model_init() lays the model's own small data into a
      buffer of wm_model_bytes() (wm_model_load(): WM_MALLOC). A session
      (KV cache, O(1) SSD and conv states, scratch) needs exactly
      wm_session_bytes() from a 64-byte aligned start (wm_session_init), a
      wm_generate() call wm_generate_bytes() (params.work). Each size is the
      same on a 32-bit target as on a 64-bit host: `wm plan` prints them as a
      C header for a microcontroller (examples/firmware).

   ERRORS

      Every call that can fail returns a wm_status (WM_OK = 0, errors < 0).
      Object constructors fill an optional wm_error with a message naming the
      file, tensor and offset; a session keeps its last message, read with
      wm_session_error(). The library never prints, exits or aborts.

   SIMD AND THREADS

      Kernels: a scalar reference plus AVX2+FMA+F16C (x86-64), NEON
      (aarch64) and Helium (Cortex-M55, M85) bodies; on x86-64 (GCC, Clang)
      chosen at run time (cpuid), with the quantized prefill tile also in
      AVX-512 (16 rows a vector), AVX-512 VNNI and AVX-VNNI versions, each
      with the scalar reference's bits. NEON and Helium are chosen at
      compile time; aarch64 Linux adds Armv8.2's sdot where the hwcaps say
      (WM_ISA_NEON_DOT). A session runs the best ISA (wm_isa_best) or the
      one wm_session_params.isa pins; WM_NO_SIMD builds only the references,
      WM_NO_DISPATCH no run-time choice.
      Outer loops run on n_threads threads (0: all cores) through a host's
      parallel-for (wm_session_params.parallel_for), else wm.h's pool of
      POSIX threads (wm_pool_create), else OpenMP, else none. Items are
      claimed one at a time (a descheduled worker leaves its share to the
      others); results do not depend on the threads.
      A model is read-only once built: any number of sessions may share it,
      each used by one caller thread at a time.

   CHECKPOINTS

      A Hugging Face style directory: config.json and model.safetensors, or
      shards listed by model.safetensors.index.json, read strictly (header
      bounds, known dtypes, offsets tiling the data exactly, sizes matching
      the shapes, no duplicate names). Or one GGUF file: the config from its wm.config_json
      key or llama.cpp's keys; read as strictly. Tensors may be F32, F16,
      BF16, or (GGUF) llama.cpp's quantized blocks, all used in place. Quantized matrices multiply activations
      quantized per 32 with integer dots whose SIMD bodies equal the scalar
      reference bit for bit. Attention layers may keep their KV cache as
      F32 (exact), F16 or Q8_0 (wm_session_params.cache_type). Numbers are
      read as little-endian, the byte order of every target wm.h builds for.

   TOKENIZER AND GENERATION

      tokenizer.json BPE tokenizers, byte-level or SentencePiece-style, with
      their normalizers, pre-tokenizers, added tokens, templates and
      decoders, or a llama.cpp GGUF's tokenizer.ggml.* keys: token for token
      the tokenizers library's (llama.cpp's) ids. Top-k follows torch.topk,
      ties included. Sampling draws from a seeded xoshiro256** stream;
      streamed text is whole UTF-8 characters. Sessions save to and restore
      from a buffer or a file.
*/
/* ========================================================================
   [@API] Public interface. Types, status codes, every wm_* declaration
   ======================================================================== */
#ifndef WM_H_INCLUDE
#define WM_H_INCLUDE

#include <stddef.h>
#include <stdint.h>
#if !defined(WM_NO_STDIO)
#include <stdio.h> /* wm_file_out */
#endif

#define WM_VERSION_MAJOR 0
#define WM_VERSION_MINOR 1
#define WM_VERSION_PATCH 0
#define WM_VERSION_STRING "0.1.0"

/* hot helpers of the kernels, inlined where the compiler can be told */
#if defined(__GNUC__) || defined(__clang__)
#define WM__INLINE __inline__ __attribute__((always_inline))
#define WM__PREFETCH(p) __builtin_prefetch(p) /* a cache line that is read soon (no fault past an end) */
#else
#define WM__INLINE
#define WM__PREFETCH(p) ((void)(p))
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
#define WM_STATUS_LIST(X) \
    X(WM_OK,                 0, "ok") \
    X(WM_ERR_INVALID_ARG,   -1, "invalid argument") \
    X(WM_ERR_IO,            -2, "i/o error") \
    X(WM_ERR_FORMAT,        -3, "malformed file") \
    X(WM_ERR_CONFIG,        -4, "bad model configuration") \
    X(WM_ERR_UNSUPPORTED,   -5, "unsupported feature") \
    X(WM_ERR_MISSING,       -6, "missing tensor") \
    X(WM_ERR_SHAPE,         -7, "tensor shape does not match the config") \
    X(WM_ERR_NOMEM,         -8, "out of memory") \
    X(WM_ERR_ARENA,         -9, "caller buffer too small") \
    X(WM_ERR_CONTEXT,      -10, "context full") \
    X(WM_ERR_TOKEN,        -11, "token id out of range") \
    X(WM_ERR_NUMERIC,      -12, "no logit is a number") \
    X(WM_ERR_TEMPLATE,     -13, "the chat template raised an exception")

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
  int act; /* WM_ACT_* */
  float norm_eps; /* rms_norm_eps / layer_norm_epsilon */
  int tie_embeddings; /* -1: decided by the presence of lm_head.weight */
  int bos_token_id, pad_token_id;
  int eos_token_ids[4], n_eos;
  int max_position_embeddings;   /* 0 when the config has none */
  float embed_scale; /* the embedding rows times this (rodimus use_scale_embedding: sqrt(mem_size)) */
  int embed_norm; /* then an RMSNorm (rodimus use_norm_embedding: model.embed_norm.weight) */
  /* RoPE */
  int rope_type; /* WM_ROPE_* */
  double rope_theta, rope_factor;
  int rope_original_max;
  /* per layer */
  unsigned char layer_seq[WM_MAX_LAYERS];   /* WM_SEQ_* */
  unsigned char layer_state[WM_MAX_LAYERS]; /* WM_STATE_* */
  /* SSD (cheems ssd layers, mamba2 mixers) */
  int ssd_heads, ssd_head_dim, ssd_groups, ssd_state, ssd_chunk;
  int ssd_group_div; /* 0: head h reads group h mod G; 1: h / (H/G) */
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
  int norm_groups; /* the gated RMSNorm over I / norm_groups channels at a time: 1 in
                                    transformers, n_groups in mamba_ssm and llama.cpp (config key
                                    "gated_norm_groups", which wm.h adds; llama.cpp GGUFs imply it) */
  float dt_min, dt_max; /* time_step_limit */
  /* optional biases a random checkpoint of this config carries */
  int bias_proj, bias_mlp, bias_conv;
  /* mcsd */
  int mcsd_channels, mcsd_concat; /* C (divides hidden_size); 1: concat fusion [T][2D], 0: add */
  float mcsd_slope_exp, mcsd_decay_off; /* slope beta_c = 2^(-e (c+1) / C), decay alpha_c = 1 - 2^(-o - c) */
  /* rodimus (conv_kernel above is its ShortConv length) */
  int rod_inner, rod_mem, rod_rank; /* Di = align8(D expand_ratio), n = mem_size, l: the input gate's low rank */
  float rod_k_eps; /* the L2 normalisation of k (normalize_epsilon) */
  /* rodimus_plus SW-SKA (H = n_heads, Hk = n_kv_heads, head_dim, base rope_theta) and FFN (intermediate_size) */
  int ska_v_heads; /* Hv */
  int ska_window; /* keys a query sees: window_size // 2 + 1 (itself included); 0: all before it */
  int ska_rot_dim, ska_interleaved; /* rotary on the first rot_dim channels of a head (0: none); GPT-J pairs */
  float ska_xpos; /* rotary_emb_scale_base (xPos), 0: none */
  int ska_qk_norm; /* softmax_scale "norm": q/|q| s_h, k/|k|, scale 1 */
} wm_config;

/* A caller buffer holding one safetensors file. */
typedef struct wm_blob {
  const void *data;
  size_t size;
  const char *name; /* for messages, e.g. "model.safetensors" */
} wm_blob;

/* Everything a model is built from; all buffers stay the caller's and must
   outlive the model (weights are used in place). */
typedef struct wm_model_source {
  const char *config_json; /* config.json text (need not be NUL-terminated) */
  size_t config_bytes;
  const wm_blob *files; /* safetensors files */
  int n_files;
} wm_model_source;

/* One tensor of the checkpoint, as described by its header. */
typedef struct wm_tensor_info {
  const char *name; /* NUL-terminated */
  const char *dtype; /* "F32", "BF16", ... */
  int ndim;
  uint64_t shape[8];
  const void *data;
  size_t size_bytes;
  int used; /* bound to the model */
  int type; /* WM_F32 .. WM_IQ4_XS, or -1 (a type wm.h does not compute with) */
  int neg_exp; /* 1: data holds -exp(x) of this tensor x (llama.cpp's ssm_a for A_log) */
} wm_tensor_info;

typedef struct wm_model wm_model;
typedef struct wm_session wm_session;

/* A parallel-for runs fn(arg, i, worker) for every i in [0, n) and returns
   when all have returned. worker (0 .. n_threads - 1) names the thread
   making the call; two calls running at once never share one (per-thread
   scratch is indexed by it). */
typedef void (*wm_task)(void *arg, int i, int worker);
typedef void (*wm_parallel_for)(void *pool, int n, wm_task fn, void *arg);
/* what a loop a parallel-for gets computes ("matmul", "ssd: scan by head",
   ...), for a host's profile; NULL: not one of wm.h's */
WMDEF const char *wm_task_name(wm_task fn);

typedef struct wm_session_params {
  int n_ctx; /* most tokens the session holds (bounds the KV cache of
                    attention layers; models without attention are not bounded) */
  int n_batch;   /* most tokens processed at once inside prefill (scratch size) */
  int n_threads; /* threads (0: all cores; 1 without threads) */
  int scalar; /* 1: run the scalar reference kernels (for comparisons; same as isa WM_ISA_SCALAR) */
  int cache_type; /* K and V of attention layers: WM_F32 (exact, the default), WM_F16 or WM_Q8_0
                     (head_dim a multiple of 32) */
  int isa; /* WM_ISA_AUTO (0): the best here; or one to pin, refused where this build or CPU lacks it */
  int state_type; /* recurrent states (SSD, GLA, MCSD): WM_F32 (exact, the default: decode and prefill agree to rounding),
                     WM_F16 or WM_BF16 storage, half the RAM; arithmetic stays F32 and a state is rounded each time
                     it is stored: after every token (MCSD) or chunk (SSD, GLA) */
  int split_exact; /* 1: any split of a prompt into wm_prefill calls gives one call's bits: a scan's last chunk
                      short of 64 tokens (GLA: 32) is held (64 rows per layer more) until a call completes it or a
                      decode passes it on. 0: splits at multiples of 64 agree */
  wm_parallel_for parallel_for; /* a host's parallel-for (workers < n_threads, which it must give; it gets
                                   every loop, of one item too and at n_threads 1); NULL: wm.h's own
                                   (wm_session_create), OpenMP, or none */
  void *pool; /* its first argument (a wm_pool with wm_pool_parallel_for) */
} wm_session_params;

/* Which logits wm_prefill writes. */
enum { WM_LOGITS_LAST = 0, WM_LOGITS_ALL = 1 };

/* Called after each layer with the residual stream h [n][hidden] of the
   tokens at positions pos0 .. pos0+n-1. For tests and debugging. */
typedef void (*wm_layer_hook)(void *user, int layer, int pos0, int n, const float *h);

WMDEF const char *wm_status_str(wm_status s);

/* Parses config.json text. Fails with WM_ERR_CONFIG naming the field. */
WMDEF wm_status wm_config_parse(wm_config *cfg, const char *json, size_t json_bytes, wm_error *err);

/* JSON read in place, nothing allocated (config.json's reader; wm serve's
   bodies). wm_json_parse checks a whole text (RFC 8259, UTF-8, no lone
   surrogate, depth <= max_depth, 0: 64; WM_JSON_LENIENT: NaN, Infinity and
   lone surrogates too); the rest walk it, "none" (p NULL, 0) on a wrong type. */
typedef struct wm_json {
  const char *p;   /* the value's first byte; NULL: none */
  const char *end; /* the end of the whole text */
} wm_json;
enum { WM_JSON_NONE, WM_JSON_NULL, WM_JSON_FALSE, WM_JSON_TRUE, WM_JSON_NUMBER, WM_JSON_STRING, WM_JSON_ARRAY, WM_JSON_OBJECT };
#define WM_JSON_LENIENT 1
/* WM_ERR_FORMAT: "not JSON: <why> (at byte N, 'c')" */
WMDEF wm_status wm_json_parse(wm_json *root, const char *text, size_t n, int flags, int max_depth, wm_error *err);
WMDEF int wm_json_type(wm_json v); /* WM_JSON_* */
WMDEF size_t wm_json_bytes(wm_json v); /* the bytes of v's text (a string's with its quotes) */
WMDEF wm_json wm_json_first(wm_json v, wm_json *key);  /* an array's first element or an object's first member (*key: its name) */
WMDEF wm_json wm_json_next(wm_json v, wm_json *key);   /* the element or member after v; for (x = first; x.p; x = next) */
WMDEF size_t wm_json_count(wm_json v); /* elements or members */
WMDEF wm_json wm_json_get(wm_json obj, const char *key); /* the member named key (the last one if repeated) */
/* a string, unescaped, into buf[cap] (NUL when it fits; buf may be NULL); returns its bytes */
WMDEF size_t wm_json_string(wm_json s, char *buf, size_t cap);
WMDEF int wm_json_is(wm_json s, const char *str); /* a string equal to str */
WMDEF int wm_json_number(wm_json v, double *out); /* 1: a number into *out */

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
/* 1: split_exact sessions hold (every model type) */
WMDEF int wm_model_split_exact(const wm_model *m);
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
/* What a pool did since made or reset: did its jobs run on all threads? */
typedef struct wm_pool_stats {
  long jobs; /* parallel-fors of more than one item */
  long jobs_alone; /* of those, run by the caller alone after a sign of load: */
  long stalls; /* the caller waited past twice its own items' time */
  long absent; /* over 32 jobs, the others ran under half their share */
  long woke; /* jobs that woke sleeping workers (not evidence of absence) */
  long items; /* items of the jobs run on the threads; the caller's */
  long items_caller;
  long items_worker_min; /* the fewest and most items of one worker */
  long items_worker_max;
} wm_pool_stats;
WMDEF void wm_pool_get_stats(const wm_pool *p, wm_pool_stats *st);
WMDEF void wm_pool_stats_reset(wm_pool *p);
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

/* ---- batched steps: several sessions of one model at once -------------------
   wm_batch_step advances n sessions together, session i by n_tokens[i]
   tokens (1: a decoded token; more: a prefill chunk), reading each weight
   once for all of them (decode reads memory, so n sessions cost about one).
   Each session's logits and state are bit for bit those of wm_decode (one
   token) or wm_prefill (a chunk) on that session alone, whatever else runs
   beside it. A batch holds rows and scratch only, no state: sessions come
   and go between steps (continuous batching). Rules: every session of the
   batch's model, each at most once, n_ctx <= the batch's, its n_batch >= its
   tokens (and, with a sliding window, <= the batch's), isa the batch's (its
   kernels give the bits).
   On error nothing changes; wm_batch_error says why. */
typedef struct wm_batch wm_batch;
typedef struct wm_batch_params {
  int n_seq; /* most sessions one step advances */
  int n_batch;   /* most tokens one step holds, all sessions together (>= n_seq) */
  int n_ctx; /* most n_ctx of the sessions it advances */
  int n_threads; /* as wm_session_params' (0: all cores) */
  int isa; /* WM_ISA_AUTO: the best here */
  wm_parallel_for parallel_for;
  void *pool;
} wm_batch_params;
/* n_seq sessions; n_batch n_seq + 64 (a prefill chunk beside them); the model's default n_ctx */
WMDEF wm_batch_params wm_batch_default_params(const wm_model *m, int n_seq);
WMDEF wm_status wm_batch_bytes(const wm_model *m, const wm_batch_params *p, size_t *bytes, wm_error *err);
WMDEF wm_status wm_batch_init(wm_batch **out, const wm_model *m, const wm_batch_params *p, void *mem, size_t mem_bytes, wm_error *err);
#ifndef WM_NO_MALLOC
WMDEF wm_status wm_batch_create(wm_batch **out, const wm_model *m, const wm_batch_params *p, wm_error *err);
#endif
WMDEF void wm_batch_free(wm_batch *b);
/* tokens: session 0's n_tokens[0], then session 1's, ...; logits NULL or
   [n][vocab]: row i after session i's last token */
WMDEF wm_status wm_batch_step(wm_batch *b, wm_session *const *sessions, const int32_t *tokens, const int *n_tokens, int n, float *logits);
WMDEF const char *wm_batch_error(const wm_batch *b);

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

WMDEF const char *wm_type_name(int type); /* "Q8_0"; NULL for an unknown type */

/* Vector instruction sets of the kernels. A session runs the best one this
   build has and this CPU runs (WM_ISA_AUTO), or the one it pins. */
enum { WM_ISA_AUTO = 0, WM_ISA_SCALAR = 1, WM_ISA_AVX2 = 2, WM_ISA_NEON = 3, WM_ISA_HELIUM = 4, WM_ISA_NEON_DOT = 5, WM_ISA_DSP = 6,
     WM_ISA_AVX_VNNI = 7, WM_ISA_AVX512 = 8, WM_ISA_AVX512_VNNI = 9, WM_ISA_COUNT = 10 }; /* (the x86 ones: each has AVX2's bodies too) */
WMDEF int wm_isa_best(void); /* the ISA a session runs by default here */
WMDEF int wm_isa_supported(int isa); /* 1: built in and this CPU runs it (WM_ISA_SCALAR always) */
WMDEF const char *wm_isa_name(int isa); /* "scalar", "avx2+fma+f16c", "neon", "helium", "neon+dotprod", "arm-dsp" (Cortex-M4/M7/M33:
                                           the Q8_0 dots by SMLAD), "avxvnni", "avx512", "avx512+vnni"; WM_ISA_AUTO: the best's;
                                           NULL: unknown */
WMDEF int wm_isa_parse(const char *name); /* a name above, or "auto" -> its id; -1: unknown */
WMDEF int wm_type_block(int type); /* elements per block (1: F32/F16/BF16); 0: unknown */
WMDEF int wm_type_ggml(int type); /* GGML's id of the type; -1: unknown */
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
  int mix; /* WM_MIX_*: KEEP writes each tensor as it is */
  int allow_requantize;
  const char *name; /* general.name */
  const char *config_json; /* or NULL */
  size_t config_bytes;
  const char *tokenizer_json; /* or NULL */
  size_t tokenizer_bytes;
  const void *tokenizer_blob; /* wm_tokenizer_save's blob, written as wm.tokenizer (8-byte aligned in the file), or NULL */
  size_t tokenizer_blob_bytes;
  int (*write)(void *user, const void *data, size_t n); /* 0: failed (the write stops) */
  void (*progress)(void *user, uint64_t done, uint64_t total); /* data bytes written, or NULL */
  void (*warn)(void *user, const char *message); /* e.g. NaN/inf weights, or NULL */
  void *user;
} wm_gguf_params;
typedef struct wm_gguf_stats {
  int n_tensors;
  int n_type[16]; /* tensors of each type WM_F32 .. WM_IQ4_XS */
  uint64_t data_bytes; /* tensor data, padding included */
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
  float temperature; /* <= 0: greedy */
  int top_k; /* 0: off */
  float top_p; /* >= 1: off */
  float min_p; /* 0: off; keep p >= min_p * p_max */
  float repeat_penalty; /* 1: off; divides positive, multiplies negative logits of seen tokens */
  int repeat_last_n; /* how much history the penalty sees (0: all it is given) */
  uint64_t rng[4]; /* xoshiro256** state (wm_sampler_seed) */
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

/* ---- writing a file, as wm.h and its CLI do --------------------------------
   wm_file_create opens PATH for writing: a regular file (or a new one) is
   written as PATH.tmp and renamed over PATH by wm_file_close(o, 1), so no
   partial file is ever left under the name; a symlink is followed to the file
   it names (as cp does); a device, FIFO or socket is written directly
   (nothing replaces it); a directory is refused. wm_file_close(o, 0) removes
   the .tmp (a signal handler may unlink o->tmp itself: it is "" when none).
   The message of a failure names PATH and the reason (errno's). */
typedef struct wm_file_out {
  FILE *f; /* write the bytes here */
  char path[4096]; /* the file written: PATH, or the file its symlinks name */
  char tmp[4096];  /* path + ".tmp", renamed onto path when whole; "" when written directly */
} wm_file_out;
WMDEF wm_status wm_file_create(wm_file_out *o, const char *path, wm_error *err);
WMDEF wm_status wm_file_close(wm_file_out *o, int commit, wm_error *err);
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
  WM_STOP_EOS = 1, /* a stop id (EOS of the config, or of the params) was sampled */
  WM_STOP_CONTEXT = 2,  /* the session is full (n_ctx) */
  WM_STOP_CALLBACK = 3  /* the callback returned nonzero */
} wm_stop;

typedef struct wm_generate_stats {
  int n_prompt, n_generated;
  wm_stop stop;
} wm_generate_stats;

/* How wm_generate runs. */
typedef struct wm_generate_params {
  int max_new; /* most new tokens (128); < 0: until a stop or a full session */
  int add_special; /* the tokenizer's template (BOS) around the prompt (1) */
  int stop_at_eos; /* the config's EOS ids end generation (1) */
  int32_t stop_ids[8];   /* more ids that end it (a chat template's stop token) */
  int n_stop_ids; /* 0..8 */
  void *work; /* the call's buffers (wm_generate_bytes long), or NULL: WM_MALLOC (NULL) */
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
  const char *bos; /* once, before the first turn */
  const char *system; /* printf-like with one %s */
  const char *user; /* one %s */
  const char *assistant_prefix; /* opens the model's answer */
  const char *turn_end; /* closes an answer (the stop token and what follows it) */
  const char *stop; /* the token that ends an answer */
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

/* A chat rendered by the checkpoint's own Jinja chat template, byte for byte
   as transformers' apply_chat_template(tokenize=False) gives it (jinja2's
   sandbox, trim_blocks, lstrip_blocks, loop controls; tojson as
   json.dumps(ensure_ascii=False); raise_exception; strftime_now). The
   template: template_text, else config_json's chat_template (a string, or
   the list entry named "default"); config_json also gives bos_token and
   eos_token. messages_json: a JSON array of messages ({"role", "content",
   "tool_calls", ...}, as the template reads them); context_json: a JSON
   object of more variables (tools, documents, enable_thinking,
   date_string, ...) or NULL; now: strftime_now's time (seconds since 1970,
   UTC). out NULL (cap 0) asks *len only; else the text and a NUL. A
   template that raises gives WM_ERR_TEMPLATE with its own message; a
   construct wm.h does not render gives WM_ERR_FORMAT naming it. Uses
   WM_MALLOC (bounded: 256 MB of values, 64 MB of text, 2e7 steps). Not
   with WM_NO_JINJA, WM_NO_MALLOC or WM_NO_STDIO. */
#if !defined(WM_NO_MALLOC) && !defined(WM_NO_STDIO) && !defined(WM_NO_JINJA)
typedef struct wm_chat_params {
  const char *config_json; /* tokenizer_config.json text, or NULL */
  size_t config_bytes;
  const char *template_text; /* a template itself, or NULL (the config's) */
  size_t template_bytes;
  const char *messages_json;
  size_t messages_bytes;
  const char *context_json; /* or NULL */
  size_t context_bytes;
  int add_generation_prompt;
  long long now;
} wm_chat_params;
WMDEF wm_status wm_chat_apply(const wm_chat_params *p, char *out, size_t cap, size_t *len, wm_error *err);
#endif

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
#define WM__F16C 1 /* required with AVX2 at run time */
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
/* x86-64, GCC or Clang: the AVX-512 and VNNI tiles (WM__X512), each
   compiled for its ISA (WM__TARGET_PUSH), run where cpuid and XCR0 say */
#if defined(WM__AVX2) && defined(__x86_64__) && defined(__GNUC__) && !defined(__INTEL_COMPILER) && !defined(WM_NO_DISPATCH)
#define WM__X512 1
#include <cpuid.h>
#define WM__PRAGMA(x) _Pragma(#x)
#if defined(__clang__)
#define WM__TARGET_PUSH(t) WM__PRAGMA(clang attribute push(__attribute__((target(t))), apply_to = function))
#define WM__TARGET_POP _Pragma("clang attribute pop")
#else
#define WM__TARGET_PUSH(t) _Pragma("GCC push_options") WM__PRAGMA(GCC target(t))
#define WM__TARGET_POP _Pragma("GCC pop_options")
#endif
#endif

#define WM__ALIGN 64 /* every arena buffer starts on a cache line */

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

/* The quantized types in public-id order: X(ID, suffix, bytes and weights
   per block, GGML id, fallback: llama-quantize's type when rows are not
   whole blocks (itself: none), own: 1 with a loop and wm__qdot_<t> of its
   own, 0 through wm__qcodes). Their wm__types rows, switches and WM__QB_<ID>
   sizes are written from it: a block size is written here only. */
#define WM__QTYPES(X) \
    X(Q8_0, q8_0, 34, 32, 8, Q8_0, 1) X(Q4_0, q4_0, 18, 32, 2, Q4_0, 1) X(Q4_K, q4_k, 144, 256, 12, Q5_0, 1) \
    X(Q6_K, q6_k, 210, 256, 14, Q8_0, 1) X(Q4_1, q4_1, 20, 32, 3, Q4_1, 0) X(Q5_0, q5_0, 22, 32, 6, Q5_0, 0) \
    X(Q5_1, q5_1, 24, 32, 7, Q5_1, 0) X(Q2_K, q2_k, 84, 256, 10, Q4_0, 0) X(Q3_K, q3_k, 110, 256, 11, Q4_0, 0) \
    X(Q5_K, q5_k, 176, 256, 13, Q5_1, 0) X(IQ4_NL, iq4_nl, 18, 32, 20, IQ4_NL, 0) X(IQ4_XS, iq4_xs, 136, 256, 23, IQ4_NL, 0)
#define WM__QB_ENUM(T, t, bytes, n, gg, fb, own) WM__QB_##T = bytes,
enum { WM__QTYPES(WM__QB_ENUM) WM__QB_END_ };
/* the list in id order: each row's position is its public id (checked when compiled) */
#define WM__QI_ENUM(T, t, bytes, n, gg, fb, own) WM__QI_##T,
enum { WM__QI_BEFORE_ = WM_Q8_0 - 1, WM__QTYPES(WM__QI_ENUM) WM__QI_END_ };
#define WM__QI_CHECK(T, t, bytes, n, gg, fb, own) typedef char wm__qi_check_##T[(int)WM__QI_##T == (int)WM_##T ? 1 : -1];
WM__QTYPES(WM__QI_CHECK)
/* WM__OWN_<own>(code): code for the types through their codes only */
#define WM__OWN_0(code) code
#define WM__OWN_1(code)


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

/* n bytes from p asked for, line by line: rows a loop reads next (the
   hardware's stream detectors fall behind on short rows and repacks) */
static WM__INLINE void wm__prefetch(const void *p, size_t n) {
  size_t o;
  for (o = 0; o < n; o += 64) WM__PREFETCH((const char *)p + o);
}

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
   Q8_0 and Q4_0 round to nearest per block as llama.cpp's reference
   quantizers (quantize_row_q8_0_ref / q4_0_ref): the same bytes. Q4_K and
   Q6_K: min-max scales per sub-block, then least-squares refits of each
   sub-block's scale (and min). Every quantizer (these, the activations',
   the Q8_0 KV cache's) defines its result for any input: a block holding
   NaN or inf gets scale NaN (its values dequantize to NaN) and the codes
   of zero; one so small that 1/d overflows (max below 127 / FLT_MAX, about
   3.7e-37) the codes of zero; every rounding is clamped to the code range
   before its conversion (C11 6.3.1.4). Elsewhere the results are llama.cpp's. */

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
  if (wm__quant_bad(x, 256, b, WM__QB_Q4_K, sc)) return;
  wm__qk_scales(x, b, L, 15, -1.0f, 20);
  for (j = 0; j < 4; j++) /* chunk j: sub-block 2j low nibbles, 2j + 1 high */
      for (l = 0; l < 32; l++) b[16 + 32 * j + l] = (unsigned char)(L[64 * j + l] | L[64 * j + 32 + l] << 4);
}

static void wm__quant_q5_k(const float *x, unsigned char *b) {
  static const int sc[] = {0, -1};
  uint8_t L[256];
  int j, l;
  if (wm__quant_bad(x, 256, b, WM__QB_Q5_K, sc)) return;
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
  if (wm__quant_bad(x, 256, b, WM__QB_Q2_K, scs)) return;
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
  if (wm__quant_bad(x, 256, b, WM__QB_Q3_K, scs)) return;
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
  if (wm__quant_bad(x, 256, b, WM__QB_Q6_K, scs)) return;
  for (j = 0; j < 16; j++) {
    sc[j] = wm__q6_fit(x + 16 * j, L + 16 * j);
    if (fabsf(sc[j]) > amax) { amax = fabsf(sc[j]); ms = sc[j]; }
  }
  if (amax < 1e-15f) { /* all zero */
    memset(b, 0, WM__QB_Q6_K);
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
  if (wm__quant_bad(x, 32, b, bits == 4 ? WM__QB_Q4_1 : WM__QB_Q5_1, scs)) return;
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
  if (!wm__all_finite(x, 32)) { memset(b, 0, WM__QB_Q5_0); wm__put_h(b, NAN); return; }
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

/* the x^2-weighted sums of one block of 32 against the levels times 1/d (id):
   sum w q x and sum w q q */
static void wm__iq4_sums(const float *x, float id, float *sqx, float *sq2) {
  float t;
  int j;
  *sqx = *sq2 = 0;
  for (j = 0; j < 32; j++) {
    float q = (float)wm__iq4nl[wm__iq4_index(id * x[j])], w = x[j] * x[j];
    t = w * q;
    t = t * x[j];
    *sqx += t;
    t = w * q;
    t = t * q;
    *sq2 += t;
  }
}

/* the x^2-weighted fit of one block of 32 to d levels: 15 trial scales
   around -max / -127, as quantize_row_iq4_nl_impl (ntry 7) */
static float wm__iq4_fit(const float *x) {
  float max, d, sqx, sq2, best;
  int it;
  if (wm__amax(x, 32, &max) < 1e-15f) return 0.0f;
  d = -max / -127.0f;
  wm__iq4_sums(x, 1 / d, &sqx, &sq2);
  d = sq2 > 0 ? sqx / sq2 : 0.f;
  best = d * sqx;
  for (it = -7; it <= 7; it++) {
    wm__iq4_sums(x, (float)(it - 127) / max, &sqx, &sq2);
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
  if (!wm__all_finite(x, 32)) { memset(b, 0, WM__QB_IQ4_NL); wm__put_h(b, NAN); return; }
  d = wm__iq4_fit(x);
  wm__put_h(b, d);
  wm__iq4_pack(x, d != 0 ? 1 / d : 0, b + 2);
}

static void wm__quant_iq4_xs(const float *x, unsigned char *b) {
  float sc[8], amax = 0, ms = 0, d, id;
  unsigned sh = 0;
  int j;
  if (!wm__all_finite(x, 256)) { memset(b, 0, WM__QB_IQ4_XS); wm__put_h(b, NAN); return; }
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
  float d[8]; /* scales, 11 significant bits */
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
    const unsigned char *wb = w + (size_t)b * WM__QB_Q8_0;
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
    const unsigned char *wb = w + (size_t)b * WM__QB_Q4_0;
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
    const unsigned char *wb = w + (size_t)(b / 8) * WM__QB_Q4_K, *n = wb + 16 + 32 * (k / 2);
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
    const unsigned char *wb = w + (size_t)(b / 8) * WM__QB_Q6_K, *ql = wb + 64 * (k / 4) + 32 * (k & 1), *qh = wb + 128 + 32 * (k / 4);
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
    n = dt == WM_Q4_1 ? w + (size_t)b * WM__QB_Q4_1 + 4 : w + (size_t)b * WM__QB_IQ4_NL + 2;
    for (l = 0; l < 16; l++) { q[l] = (int8_t)(n[l] & 15); q[l + 16] = (int8_t)(n[l] >> 4); }
    if (dt == WM_IQ4_NL) for (l = 0; l < 32; l++) q[l] = wm__iq4nl[q[l]];
    break;
  case WM_Q5_0: case WM_Q5_1: {
  int o = dt == WM_Q5_0 ? -16 : 0;
  wb = w + (size_t)b * (dt == WM_Q5_0 ? WM__QB_Q5_0 : WM__QB_Q5_1);
  n = wb + (dt == WM_Q5_0 ? 6 : 8);
  qh = wm__le32(wb + (dt == WM_Q5_0 ? 2 : 4));
  for (l = 0; l < 16; l++) {
    q[l] = (int8_t)(((n[l] & 15) | (int)(qh >> l & 1) << 4) + o);
    q[l + 16] = (int8_t)(((n[l] >> 4) | (int)(qh >> (l + 16) & 1) << 4) + o);
  }
  break;
}
  case WM_Q2_K:
    wb = w + (size_t)(b / 8) * WM__QB_Q2_K;
    for (l = 0; l < 32; l++) {
      int s = wb[2 * k + l / 16];
      q[l] = (int8_t)((s & 15) * WM__Q2(wb + 16, 32 * k + l));
      mq[l] = (int8_t)(s >> 4);
    }
    break;
  case WM_Q3_K:
    wb = w + (size_t)(b / 8) * WM__QB_Q3_K;
    for (l = 0; l < 32; l++) q[l] = (int8_t)(WM__Q2(wb + 32, 32 * k + l) - (wb[l] >> k & 1 ? 0 : 4));
    break;
  case WM_Q5_K:
    wb = w + (size_t)(b / 8) * WM__QB_Q5_K;
    n = wb + 48 + 32 * (k / 2);
    for (l = 0; l < 32; l++) q[l] = (int8_t)((k & 1 ? n[l] >> 4 : n[l] & 15) | (wb[16 + l] >> k & 1) << 4);
    break;
  default: /* WM_IQ4_XS */
    n = w + (size_t)(b / 8) * WM__QB_IQ4_XS + 8 + 16 * k;
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
      wb = w + (size_t)b * (dt == WM_Q4_1 ? WM__QB_Q4_1 : WM__QB_Q5_1);
      acc[k] = fmaf(wm__h(wb) * dx, (float)(s0 + s1), acc[k]);
      acc[k] = fmaf(wm__h(wb + 2) * dx, (float)g->sum[k], acc[k]);
      break;
    case WM_Q5_0: case WM_IQ4_NL:
      acc[k] = fmaf(wm__h(w + (size_t)b * (dt == WM_Q5_0 ? WM__QB_Q5_0 : WM__QB_IQ4_NL)) * dx, (float)(s0 + s1), acc[k]);
      break;
    case WM_Q2_K:
      wb = w + (size_t)(b / 8) * WM__QB_Q2_K;
      for (l = 0; l < 32; l++) sm += mq[l] * g->q[k][l];
      acc[k] = fmaf(wm__h(wb + 80) * dx, (float)(s0 + s1), acc[k]);
      acc[k] = fmaf(-(wm__h(wb + 82) * dx), (float)sm, acc[k]);
      break;
    case WM_Q3_K:
      wb = w + (size_t)(b / 8) * WM__QB_Q3_K;
      acc[k] = fmaf(wm__h(wb + 108) * dx, (float)(wm__q3k_scale(wb + 96, 2 * k) * s0 + wm__q3k_scale(wb + 96, 2 * k + 1) * s1), acc[k]);
      break;
    case WM_Q5_K:
      wb = w + (size_t)(b / 8) * WM__QB_Q5_K;
      wm__q4k_scale(wb + 4, k, &sc, &m);
      acc[k] = fmaf(wm__h(wb) * dx, (float)(sc * (s0 + s1)), acc[k]);
      acc[k] = fmaf(-(wm__h(wb + 2) * dx), (float)(m * g->sum[k]), acc[k]);
      break;
    default: /* WM_IQ4_XS */
      wb = w + (size_t)(b / 8) * WM__QB_IQ4_XS;
      acc[k] = fmaf(wm__h(wb) * dx, (float)(wm__iq4xs_scale(wb, k) * (s0 + s1)), acc[k]);
    }
  }
}
#define WM__QDOT_CODES(t, T) \
    static void wm__qdot_##t(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc) { wm__qdot_codes(T, x, w, b, nb, acc); }
#define WM__QDOT_CODES_X(T, t, bytes, n, gg, fb, own) WM__OWN_##own(WM__QDOT_CODES(t, WM_##T))
WM__QTYPES(WM__QDOT_CODES_X)

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
  int st, gg; /* st: a safetensors dtype; gg: its GGML type id (-1: none) */
  int act; /* what a matrix of it multiplies: floats, or wm__qa groups */
  int simd; /* WM__ACT_Q8: wm__qw8_unpack and wm__qw8_dot have its case */
  void (*deq)(const unsigned char *b, float *y); /* one block to floats (NULL: only named) */
  void (*quant)(const float *x, unsigned char *b); /* one block from floats */
  void (*qdot)(const wm__qa *x, const unsigned char *w, int b, int nb, float *acc); /* reference dot of blocks [b, nb) */
} wm__type;
#define WM__NAMED(name, size, block, st, gg) {name, size, block, st, gg, WM__ACT_F32, 0, NULL, NULL, NULL}
static const wm__type wm__types[] = {
  {"F32", 4, 1, 1, 0, WM__ACT_F32, 0, wm__deq_f32, wm__quant_f32, NULL},
  {"F16", 2, 1, 1, 1, WM__ACT_F32, 0, wm__deq_f16, wm__quant_f16, NULL},
  {"BF16", 2, 1, 1, 30, WM__ACT_F32, 0, wm__deq_bf16, wm__quant_bf16, NULL},
#define WM__Q_ROW(T, t, bytes, n, gg, fb, own) {#T, bytes, n, 0, gg, WM__ACT_Q8, 1, wm__deq_##t, wm__quant_##t, wm__qdot_##t},
  WM__QTYPES(WM__Q_ROW)
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
  int simd; /* 0: the scalar references */
  int n_threads; /* threads of outer loops (per-thread scratch: n_threads of each) */
  wm_parallel_for pfor; /* the parallel-for, or NULL (OpenMP or none) */
  void *pool;
  float *pack;   /* matmul scratch: [n_threads][3][WM__KB] float slices for the GEMM (half types widened; AVX-512: 4 rows paired) */
  wm__qa *qa; /* matmul scratch: [n_batch][cols / 256 groups] activations of quantized matrices */
  struct wm__qr *qr; /* matmul scratch: [n_threads][2][cols / 32] quantized rows repacked 8 at a time, two such (NULL: n_batch < WM__QT_MIN) */
  const int *seg; /* a batch step (wm_batch_step): rows in nseg segments of seg[i] rows, or NULL; segment 0 holds the
                        decoding sessions' tokens, each computed as wm_decode computes it alone, then each prefill chunk
                        as wm_prefill computes it alone, all of them while a row block is in cache (wm__mm_task, wm__k_gemm_nt) */
  int nseg;
  int rowwise; /* set for segment 0: float matrices by one dot per output (wm__matvec's), token after token */
  int tiled; /* prefill: float dots by the tile's steps (one token too): a token's outputs are its own */
} wm__kc;

/* kc->simd of a WM_ISA_* value (WM_ISA_AUTO: the best here) */
static int wm__kc_simd(int isa) {
  if (isa == WM_ISA_AUTO) isa = wm_isa_best();
  return isa == WM_ISA_SCALAR ? 0 : isa;
}

#if defined(_OPENMP)
#include <omp.h>
#endif

/* fn(arg, i, worker) for i in [0, n): on the session's parallel-for (every
   loop, one item and one thread too: a host's profiler sees them all), else
   OpenMP's threads, else here. Every loop that threads runs through it. */
static void wm__pfor(const wm__kc *kc, int n, wm_task fn, void *arg) {
  int i;
  if (n > 0 && kc->pfor) {
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

/* items for a per-token loop of n tokens: a few per thread (one at one thread); item i of them is tokens
   [wm__row_at(n, i, items), wm__row_at(n, i + 1, items)) */
static int wm__row_items(const wm__kc *kc, int n) { return n < 1 ? 1 : WM__MIN(n, kc->n_threads > 1 ? 4 * kc->n_threads : 1); }
static int wm__row_at(int n, int i, int items) { return (int)((long)n * i / items); }

/* element i of a weight row of any dtype */
static float wm__elem(const void *w, int dtype, size_t i) {
  if (dtype == WM_F32) return ((const float *)w)[i];
  if (dtype == WM_BF16) return wm__bf16_to_f32(((const uint16_t *)w)[i]);
  return wm__f16_to_f32(((const uint16_t *)w)[i]);
}

/* ---- [@SIMD] SIMD mapping ----------------------------------------------------
   Every vector body below is written once against these names (after
   ggml's simd-mappings.h): a float vector wm__vf of WM__VL lanes, its
   operations, widening loads and reductions, then the int8 vectors of the
   quantized dots (wm__vb bytes, wm__vs / wm__vd sums, wm__vq8 a group's 8
   scales): one block for AVX2, one for NEON and Helium; the wide x86 tiles
   have their own (wm__zi, after wm__v_gemm_acc). A quantized type adds its
   case to wm__qw8_unpack / wm__qw8_dot, not to the mapping. Float
   reductions run in each ISA's lane order (deterministic, not equal across
   ISAs to the last bit). Vector code lies between WM__TARGET_BEGIN and
   WM__TARGET_END (or WM__TARGET_PUSH / POP); the scalar references outside. */

/* the ISAs: which this build holds and this CPU runs, and their names */

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
#endif
#if defined(WM__X512) /* AVX2 and: AVX-VNNI; or AVX-512 F, BW, VL (+ VNNI) with the OS saving opmask and ZMM state (XCR0 5-7) */
  if (isa >= WM_ISA_AVX_VNNI && isa <= WM_ISA_AVX512_VNNI) {
    unsigned a, b, c, d, lo, hi;
    if (!wm_isa_supported(WM_ISA_AVX2) || __get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    if (isa == WM_ISA_AVX_VNNI) {
      __cpuid_count(7, 1, a, b, c, d);
      return (a & (1u << 4)) != 0;
    }
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & 0xe6) == 0xe6 && (b & (1u << 16)) && (b & (1u << 30)) && (b & (1u << 31)) && (isa == WM_ISA_AVX512 || (c & (1u << 11)));
  }
#endif
#if defined(WM__AVX2)
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
static const char *const wm__isa_names[WM_ISA_COUNT] = {"auto", "scalar", "avx2+fma+f16c", "neon", "helium", "neon+dotprod", "arm-dsp",
                                                       "avxvnni", "avx512", "avx512+vnni"};
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
static wm__vb wm__vb_lut16(wm__vb idx, const int8_t *t) { /* t[idx_j] for indices 0..15 (IQ4's levels): one byte shuffle */
  return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)t)), idx);
}
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
#define WM__VH_UDOT(u, x) _mm256_maddubs_epi16(u, x) /* u unsigned: pairs u x, summed */
#define WM__VH_SDOT(w, wa, x) _mm256_maddubs_epi16(wa, _mm256_sign_epi8(x, w)) /* wa = |w|: pairs w x, summed */
#define WM__VH_ADD(a, b) _mm256_add_epi16(a, b)
#define WM__VH_SUMS(h, sc) _mm256_madd_epi16(h, sc) /* lane r: sc_2r h_2r + sc_2r+1 h_2r+1 (16-bit sc) */
static WM__INLINE void wm__vb_t8(wm__vb *v) { /* 8 x 8 32-bit words transposed: word j of v[i] to word i of v[j] */
  __m256i t[8], u[8];
  int i;
  for (i = 0; i < 8; i += 2) t[i] = _mm256_unpacklo_epi32(v[i], v[i + 1]), t[i + 1] = _mm256_unpackhi_epi32(v[i], v[i + 1]);
  for (i = 0; i < 8; i += 4) {
    u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]), u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
    u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]), u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
  }
  for (i = 0; i < 4; i++) v[i] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x20), v[i + 4] = _mm256_permute2x128_si256(u[i], u[i + 4], 0x31);
}
#define WM__VH_LOADSC(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define WM__VH_ONES() _mm256_set1_epi16(1)
#define WM__VB_ABS(v) _mm256_abs_epi8(v) /* -128 stays 0x80: 128 as unsigned */
#define WM__VB_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define WM__VS_ADD(a, b) _mm256_add_epi32(a, b)
#define WM__VS_SET1(x) _mm256_set1_epi32(x)
#define WM__VQ8_FMAF(acc, a, b) _mm256_fmadd_ps(a, b, acc) /* acc + a b, one rounding */
#define WM__VQ8_CVT(s) _mm256_cvtepi32_ps(s)
#define WM__VQ8_ADD(a, b) _mm256_add_ps(a, b)

#elif defined(WM__NEON) || defined(WM__MVE)
/* Arm's 128-bit vectors, one block: NEON (aarch64) and Helium (Cortex-M55 /
   M85): each one's types and float operations, the int8 helpers both use,
   then each one's dot products */
#if defined(WM__NEON)
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

#else /* WM__MVE */
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
#endif /* NEON | Helium: types and float operations */

/* NEON and Helium share the 128-bit intrinsics of the quantized blocks (two
   vectors each); their dot products and conversions follow apart. */
#define wm__vh1 wm__h /* one f16 scale */
static wm__vb wm__vb_load(const void *p) {
  wm__vb r;
  r.val[0] = vld1q_s8((const int8_t *)p);
  r.val[1] = vld1q_s8((const int8_t *)p + 16);
  return r;
}
#define WM__VB_LOAD(p) wm__vb_load(p)
static wm__vb wm__vb_lut16(wm__vb idx, const int8_t *t) { /* t[idx_j] for indices 0..15 (IQ4's levels) */
#if defined(WM__NEON)
  int8x16_t tv = vld1q_s8(t);
  idx.val[0] = vqtbl1q_s8(tv, vreinterpretq_u8_s8(idx.val[0]));
  idx.val[1] = vqtbl1q_s8(tv, vreinterpretq_u8_s8(idx.val[1]));
  return idx;
#else /* Helium has no table lookup: through memory */
  int8_t b[32];
  int j;
  vst1q_s8(b, idx.val[0]);
  vst1q_s8(b + 16, idx.val[1]);
  for (j = 0; j < 32; j++) b[j] = t[b[j] & 15];
  return wm__vb_load(b);
#endif
}
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
typedef struct wm__vsc { int32_t s0, s1; } wm__vsc; /* block k's pair */
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
/* each one's dot products and conversions */
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
#else /* WM__MVE: each block's dot its total */
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
#endif /* AVX2 | Arm */

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
#define WM__DOT4(LD) \
    { \
      wm__vf a0 = WM__V_ZERO(), a1 = a0, a2 = a0, a3 = a0; \
      for (; i + 4 * WM__VL <= n; i += 4 * WM__VL) { \
        a0 = WM__V_FMA(a0, WM__V_LOAD(x + i), LD(w, i)); \
        a1 = WM__V_FMA(a1, WM__V_LOAD(x + i + WM__VL), LD(w, i + WM__VL)); \
        a2 = WM__V_FMA(a2, WM__V_LOAD(x + i + 2 * WM__VL), LD(w, i + 2 * WM__VL)); \
        a3 = WM__V_FMA(a3, WM__V_LOAD(x + i + 3 * WM__VL), LD(w, i + 3 * WM__VL)); \
      } \
      for (; i + WM__VL <= n; i += WM__VL) a0 = WM__V_FMA(a0, WM__V_LOAD(x + i), LD(w, i)); \
      s = wm__v_hsum(WM__V_ADD(WM__V_ADD(a0, a1), WM__V_ADD(a2, a3))); \
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

/* the same for two tokens x, x2 against one row: each its own four
   accumulators in WM__DOT4's order (so each equals wm__v_dotf bit for bit),
   the row's vectors loaded and widened once for both */
#define WM__DOT4X2(LD) \
    { \
      wm__vf a0 = WM__V_ZERO(), a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0, b2 = a0, b3 = a0, w_; \
      for (; i + 4 * WM__VL <= n; i += 4 * WM__VL) { \
        w_ = LD(w, i); \
        a0 = WM__V_FMA(a0, WM__V_LOAD(x + i), w_); b0 = WM__V_FMA(b0, WM__V_LOAD(x2 + i), w_); \
        w_ = LD(w, i + WM__VL); \
        a1 = WM__V_FMA(a1, WM__V_LOAD(x + i + WM__VL), w_); b1 = WM__V_FMA(b1, WM__V_LOAD(x2 + i + WM__VL), w_); \
        w_ = LD(w, i + 2 * WM__VL); \
        a2 = WM__V_FMA(a2, WM__V_LOAD(x + i + 2 * WM__VL), w_); b2 = WM__V_FMA(b2, WM__V_LOAD(x2 + i + 2 * WM__VL), w_); \
        w_ = LD(w, i + 3 * WM__VL); \
        a3 = WM__V_FMA(a3, WM__V_LOAD(x + i + 3 * WM__VL), w_); b3 = WM__V_FMA(b3, WM__V_LOAD(x2 + i + 3 * WM__VL), w_); \
      } \
      for (; i + WM__VL <= n; i += WM__VL) { \
        w_ = LD(w, i); \
        a0 = WM__V_FMA(a0, WM__V_LOAD(x + i), w_); b0 = WM__V_FMA(b0, WM__V_LOAD(x2 + i), w_); \
      } \
      s[0] = wm__v_hsum(WM__V_ADD(WM__V_ADD(a0, a1), WM__V_ADD(a2, a3))); \
      s[1] = wm__v_hsum(WM__V_ADD(WM__V_ADD(b0, b1), WM__V_ADD(b2, b3))); \
    }
/* four tokens (rows x, ldx apart): sixteen accumulators, the row's vectors widened once for all four */
#define WM__DOT4X4_T(a, t, k) a = WM__V_FMA(a, WM__V_LOAD(x + (t) * ldx + i + (k) * WM__VL), w_)
#define WM__DOT4X4(LD) \
    { \
      wm__vf a00 = WM__V_ZERO(), a01 = a00, a02 = a00, a03 = a00, a10 = a00, a11 = a00, a12 = a00, a13 = a00; \
      wm__vf a20 = a00, a21 = a00, a22 = a00, a23 = a00, a30 = a00, a31 = a00, a32 = a00, a33 = a00, w_; \
      for (; i + 4 * WM__VL <= n; i += 4 * WM__VL) { \
        w_ = LD(w, i); \
        WM__DOT4X4_T(a00, 0, 0); WM__DOT4X4_T(a10, 1, 0); WM__DOT4X4_T(a20, 2, 0); WM__DOT4X4_T(a30, 3, 0); \
        w_ = LD(w, i + WM__VL); \
        WM__DOT4X4_T(a01, 0, 1); WM__DOT4X4_T(a11, 1, 1); WM__DOT4X4_T(a21, 2, 1); WM__DOT4X4_T(a31, 3, 1); \
        w_ = LD(w, i + 2 * WM__VL); \
        WM__DOT4X4_T(a02, 0, 2); WM__DOT4X4_T(a12, 1, 2); WM__DOT4X4_T(a22, 2, 2); WM__DOT4X4_T(a32, 3, 2); \
        w_ = LD(w, i + 3 * WM__VL); \
        WM__DOT4X4_T(a03, 0, 3); WM__DOT4X4_T(a13, 1, 3); WM__DOT4X4_T(a23, 2, 3); WM__DOT4X4_T(a33, 3, 3); \
      } \
      for (; i + WM__VL <= n; i += WM__VL) { \
        w_ = LD(w, i); \
        WM__DOT4X4_T(a00, 0, 0); WM__DOT4X4_T(a10, 1, 0); WM__DOT4X4_T(a20, 2, 0); WM__DOT4X4_T(a30, 3, 0); \
      } \
      s[0] = wm__v_hsum(WM__V_ADD(WM__V_ADD(a00, a01), WM__V_ADD(a02, a03))); \
      s[1] = wm__v_hsum(WM__V_ADD(WM__V_ADD(a10, a11), WM__V_ADD(a12, a13))); \
      s[2] = wm__v_hsum(WM__V_ADD(WM__V_ADD(a20, a21), WM__V_ADD(a22, a23))); \
      s[3] = wm__v_hsum(WM__V_ADD(WM__V_ADD(a30, a31), WM__V_ADD(a32, a33))); \
    }
static int wm__v_dotf4(const float *x, size_t ldx, const void *w, int dtype, int n, float *s) {
  int i = 0;
  if (dtype == WM_F32) WM__DOT4X4(WM__V_LD_F32)
  else if (dtype == WM_BF16) WM__DOT4X4(WM__V_LD_BF16)
  else WM__DOT4X4(WM__V_LD_F16)
  return i;
}
static int wm__v_dotf2(const float *x, const float *x2, const void *w, int dtype, int n, float *s) {
  int i = 0;
  if (dtype == WM_F32) WM__DOT4X2(WM__V_LD_F32)
  else if (dtype == WM_BF16) WM__DOT4X2(WM__V_LD_BF16)
  else WM__DOT4X2(WM__V_LD_F16)
  return i;
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

/* One row of a recurrent state in one pass (n a multiple of 4 WM__VL):
   S = S dA, then S += a B, then C . S, each step as wm__v_scale,
   wm__v_axpy and wm__v_dotf take it (the same bits), the row read and
   written once instead of thrice (the SSD decode step) */
static float wm__v_state_row(float *S, float dA, float a, const float *B, const float *C, int n) {
  wm__vf d = WM__V_SET1(dA), av = WM__V_SET1(a), a0 = WM__V_ZERO(), a1 = a0, a2 = a0, a3 = a0, s;
  int i;
  for (i = 0; i < n; i += 4 * WM__VL) {
#define WM__SROW(j, acc) \
s = WM__V_FMA(WM__V_MUL(WM__V_LOAD(S + i + j * WM__VL), d), av, WM__V_LOAD(B + i + j * WM__VL)); \
WM__V_STORE(S + i + j * WM__VL, s); \
acc = WM__V_FMA(acc, WM__V_LOAD(C + i + j * WM__VL), s);
    WM__SROW(0, a0) WM__SROW(1, a1) WM__SROW(2, a2) WM__SROW(3, a3)
  }
  return wm__v_hsum(WM__V_ADD(WM__V_ADD(a0, a1), WM__V_ADD(a2, a3)));
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
  for (b = 0; b < nb; b++) wm__v_deq_q8_0(v + (size_t)b * WM__QB_Q8_0 + 2, wm__vh1(v + (size_t)b * WM__QB_Q8_0), y + (size_t)b * WM__QK);
}
#endif /* WM__SIMD */
WM__TARGET_END

/* Rows of quantized weights met one at a time (gathered expert and
   embedding rows): each block widened to floats, then the F32 kernel. */
#define WM__QROW(dtype, w, n, BODY) \
    { \
      float blk_[WM__QKK]; \
      int nb_ = wm__types[dtype].block, b_; \
      for (b_ = 0; b_ < (n) / nb_; b_++) { \
        wm__types[dtype].deq((const unsigned char *)(w) + (size_t)b_ * (size_t)wm__types[dtype].size, blk_); \
        BODY; \
      } \
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

/* s[0] = x . w, s[1] = x2 . w: each the bits of wm__k_dotf, the row read once */
static void wm__k_dotf2(const wm__kc *kc, const float *x, const float *x2, const void *w, int dtype, int n, float *s) {
  int i = 0, i0;
  s[0] = s[1] = 0.0f;
#ifdef WM__SIMD
  if (kc->simd) i = wm__v_dotf2(x, x2, w, dtype, n, s);
#else
  (void)kc;
#endif
  for (i0 = i; i < n; i++) s[0] += x[i] * (dtype == WM_F32 ? ((const float *)w)[i] : wm__elem(w, dtype, (size_t)i)); /* the tails, as wm__k_dotf's */
  for (i = i0; i < n; i++) s[1] += x2[i] * (dtype == WM_F32 ? ((const float *)w)[i] : wm__elem(w, dtype, (size_t)i));
}

/* s[t] = x[t] . w for four tokens x rows ldx apart, each the bits of wm__k_dotf */
static void wm__k_dotf4(const wm__kc *kc, const float *x, size_t ldx, const void *w, int dtype, int n, float *s) {
  int i = 0, i0, t;
  s[0] = s[1] = s[2] = s[3] = 0.0f;
#ifdef WM__SIMD
  if (kc->simd) i = wm__v_dotf4(x, ldx, w, dtype, n, s);
#else
  (void)kc;
#endif
  for (t = 0, i0 = i; t < 4; t++) /* the tails, as wm__k_dotf's */
      for (i = i0; i < n; i++) s[t] += x[(size_t)t * ldx + (size_t)i] * (dtype == WM_F32 ? ((const float *)w)[i] : wm__elem(w, dtype, (size_t)i));
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
          for (b = 0; b < hd / WM__QK; b++) wm__deq_q8_0(v + (size_t)b * WM__QB_Q8_0, blk + (size_t)b * WM__QK);
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
static WM__INLINE void wm__q4k_scales8(const unsigned char *s, uint64_t *sc, uint64_t *m) {
  uint32_t u0 = wm__le32(s), u1 = wm__le32(s + 4), u2 = wm__le32(s + 8);
  *sc = (uint64_t)(u0 & 0x3f3f3f3fu) | (uint64_t)((u2 & 0x0f0f0f0fu) | ((u0 >> 6 & 0x03030303u) << 4)) << 32;
  *m = (uint64_t)(u1 & 0x3f3f3f3fu) | (uint64_t)((u2 >> 4 & 0x0f0f0f0fu) | ((u1 >> 6 & 0x03030303u) << 4)) << 32;
}

/* One group of 8 blocks of weights, unpacked: the quants (Q4_0, Q4_K:
   unsigned nibbles), the scale vector and what the integer sums need. */
typedef struct wm__qw8 {
  wm__vb q[8];
  wm__vq8 dw, dmw;   /* d of each block (Q4_K: -dmin, all lanes) */
  wm__vs sc, mn; /* Q4_K: each block's scale and min */
  wm__vsc sc6[8]; /* Q6_K, Q3_K, Q2_K: each block's two scales */
  wm__vsc mn6[8]; /* Q2_K: each block's two mins */
} wm__qw8;

/* the 8 blocks of a group written out: gcc -O2 does not unroll, and the
   per-block shifts and scale picks must be constants (AVX2, NEON). Helium,
   with 8 vector registers and dots that end in a scalar, loops instead. */
#ifdef WM__MVE
#define WM__EACH8(X) \
    { \
      int k8_; \
      for (k8_ = 0; k8_ < 8; k8_++) { X(k8_) } \
    }
#else
#define WM__EACH8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#endif

/* 4 bits to 4 bytes of 0x10 (bit j: byte j), little-endian: Q5_0/Q5_1's fifth bits */
static const uint32_t wm__bit16x4[16] = {0x00000000u, 0x00000010u, 0x00001000u, 0x00001010u, 0x00100000u, 0x00100010u, 0x00101000u, 0x00101010u,
                                       0x10000000u, 0x10000010u, 0x10001000u, 0x10001010u, 0x10100000u, 0x10100010u, 0x10101000u, 0x10101010u};
/* the other types' codes in vectors, then each type's scales (wm__qw8_unpack's default) */
static WM__INLINE void wm__qw8_unpack_other(wm__qw8 *u, const unsigned char *w, int dtype, int b) {
  int8_t s16[16], m16[16];
  int32_t s8[8];
  int k;
  const unsigned char *wb = w + (size_t)b * (size_t)wm__types[dtype].size; /* the group's first block of 32 */
  if (wm__types[dtype].block == WM__QKK) wb = w + (size_t)(b / 8) * (size_t)wm__types[dtype].size;
  switch (dtype) {
  case WM_Q4_1: case WM_Q5_0: case WM_Q5_1: { /* nibbles as Q4_0's, the fifth bits spread to 0x10 per byte */
  int sz = wm__types[dtype].size, qo = dtype == WM_Q4_1 ? 4 : dtype == WM_Q5_0 ? 6 : 8;
  for (k = 0; k < 8; k++) {
    wm__vb v = wm__vb_nib16(wb + sz * k + qo);
    if (dtype != WM_Q4_1) {
      uint32_t qh = wm__le32(wb + sz * k + (dtype == WM_Q5_0 ? 2 : 4)), t[8];
      int j;
      for (j = 0; j < 8; j++) t[j] = wm__bit16x4[qh >> (4 * j) & 15];
      v = WM__VB_OR(v, WM__VB_LOAD(t));
      if (dtype == WM_Q5_0) v = WM__VB_SUB(v, 16);
    }
    u->q[k] = v;
  }
  u->dw = wm__vq8_h8(wb, (size_t)sz);
  if (dtype != WM_Q5_0) u->dmw = wm__vq8_h8(wb + 2, (size_t)sz);
  break;
}
  case WM_Q2_K: { /* 2-bit codes; each half's scale and min as Q6_K's pairs */
  wm__vsc16 sv, mv;
  for (k = 0; k < 16; k++) { s16[k] = (int8_t)(wb[k] & 15); m16[k] = (int8_t)(wb[k] >> 4); }
  sv = wm__vsc16_load(s16);
  mv = wm__vsc16_load(m16);
  for (k = 0; k < 8; k++) {
    u->q[k] = wm__vb_bits(wb + 16 + 32 * (k / 4), 2 * (k & 3), 3);
    u->sc6[k] = wm__vsc_pick(&sv, k);
    u->mn6[k] = wm__vsc_pick(&mv, k);
  }
  u->dw = WM__VQ8_SET1(wm__vh1(wb + 80));
  u->dmw = WM__VQ8_SET1(-wm__vh1(wb + 82));
  break;
}
  case WM_Q3_K: { /* (2-bit code | high bit << 2) - 4 */
  wm__vsc16 sv;
  wm__vb hm = WM__VB_LOAD(wb);
  for (k = 0; k < 16; k++) s16[k] = (int8_t)wm__q3k_scale(wb + 96, k);
  sv = wm__vsc16_load(s16);
  for (k = 0; k < 8; k++) {
    u->q[k] = WM__VB_SUB(WM__VB_OR(wm__vb_bits(wb + 32 + 32 * (k / 4), 2 * (k & 3), 3), wm__vb_shr_and(wm__vb_2bits_at4(hm, k), 2, 4)), 4);
    u->sc6[k] = wm__vsc_pick(&sv, k);
  }
  u->dw = WM__VQ8_SET1(wm__vh1(wb + 108));
  break;
}
  case WM_Q5_K: { /* Q4_K's nibbles | the fifth bit (bit k of qh) at 0x10 */
  uint64_t sc, mn;
  wm__vb qh = WM__VB_LOAD(wb + 16);
  for (k = 0; k < 8; k++)
      u->q[k] = WM__VB_OR(wm__vb_bits(wb + 48 + 16 * (k & 6), k & 1 ? 4 : 0, 15), wm__vb_shr_and(wm__vb_2bits_at4(qh, k), 0, 0x10));
  wm__q4k_scales8(wb + 4, &sc, &mn);
  u->sc = wm__vs_u8x8(sc);
  u->mn = wm__vs_u8x8(mn);
  u->dw = WM__VQ8_SET1(wm__vh1(wb));
  u->dmw = WM__VQ8_SET1(-wm__vh1(wb + 2));
  break;
}
  default: /* WM_IQ4_NL, WM_IQ4_XS: the levels of each nibble */
    for (k = 0; k < 8; k++) u->q[k] = wm__vb_lut16(wm__vb_nib16(dtype == WM_IQ4_NL ? wb + WM__QB_IQ4_NL * k + 2 : wb + 8 + 16 * k), wm__iq4nl);
    if (dtype == WM_IQ4_NL) u->dw = wm__vq8_h8(wb, WM__QB_IQ4_NL);
    else {
      for (k = 0; k < 8; k++) s8[k] = wm__iq4xs_scale(wb, k);
      u->sc = WM__VS_LOAD(s8);
      u->dw = WM__VQ8_SET1(wm__vh1(wb));
    }
  }
}

static WM__INLINE void wm__qw8_unpack(wm__qw8 *u, const unsigned char *w, int dtype, int b) {
  switch (dtype) {
  case WM_Q8_0: {
  const unsigned char *wb = w + (size_t)b * WM__QB_Q8_0;
#define WM__Q8_UNP(k) u->q[k] = WM__VB_LOAD(wb + WM__QB_Q8_0 * k + 2);
  WM__EACH8(WM__Q8_UNP)
  u->dw = wm__vq8_h8(wb, WM__QB_Q8_0);
  break;
}
  case WM_Q4_0: {
  const unsigned char *wb = w + (size_t)b * WM__QB_Q4_0;
#define WM__Q40_UNP(k) u->q[k] = wm__vb_nib16(wb + WM__QB_Q4_0 * k + 2);
  WM__EACH8(WM__Q40_UNP)
  u->dw = wm__vq8_h8(wb, WM__QB_Q4_0);
  break;
}
  case WM_Q4_K: {
  const unsigned char *wb = w + (size_t)(b / 8) * WM__QB_Q4_K;
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
  const unsigned char *wb = w + (size_t)(b / 8) * WM__QB_Q6_K;
  wm__vsc16 s = wm__vsc16_load((const int8_t *)(wb + 192));
#define WM__Q6K_UNP(k) \
u->q[k] = WM__VB_SUB(WM__VB_OR(wm__vb_bits(wb + 16 * (k & 4) + 32 * (k & 1), k & 2 ? 4 : 0, 15), \
                             wm__vb_2bits_at4(WM__VB_LOAD(wb + 128 + 8 * (k & 4)), 2 * (k & 3))), \
                   32); \
u->sc6[k] = wm__vsc_pick(&s, k);
  WM__EACH8(WM__Q6K_UNP)
  u->dw = WM__VQ8_SET1(wm__vh1(wb + 208));
  break;
}
  default: wm__qw8_unpack_other(u, w, dtype, b); /* the other types: their codes in vectors, then each type's scales */
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
  case WM_Q2_K: { /* codes times each half's scale; ones times each half's min */
  static const int8_t ones[32] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  wm__vd vm[8];
  wm__vb one = WM__VB_LOAD(ones);
#define WM__Q2_MDOT(k) vm[k] = wm__vb_dot_sc(one, WM__VB_LOAD(a->q[k]), u->mn6[k], sd);
  WM__EACH8(WM__Q6_DOT)
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
      const unsigned char *wb = w + (size_t)b * WM__QB_Q8_0;
      const wm__qa *a = &x[b / 8];
      wm__vd v[8];
#define WM__Q8_BLK(k) v[k] = wm__vb_dot(WM__VB_LOAD(wb + WM__QB_Q8_0 * k + 2), WM__VB_LOAD(a->q[k]), sd);
      WM__EACH8(WM__Q8_BLK)
      acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(wm__vq8_h8(wb, WM__QB_Q8_0), WM__VQ8_LOAD(a->d)), wm__vs_totals8(v));
    }
    break;
  case WM_Q4_0:
    for (b = 0; b + 8 <= nb; b += 8) {
      const unsigned char *wb = w + (size_t)b * WM__QB_Q4_0;
      const wm__qa *a = &x[b / 8];
      wm__vd v[8];
#define WM__Q40_BLK(k) v[k] = wm__vb_udot(wm__vb_nib16(wb + WM__QB_Q4_0 * k + 2), WM__VB_LOAD(a->q[k]), sd);
      WM__EACH8(WM__Q40_BLK)
      acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(wm__vq8_h8(wb, WM__QB_Q4_0), WM__VQ8_LOAD(a->d)), WM__VS_SUB_SHL3(wm__vs_totals8(v), WM__VS_LOAD(a->sum)));
    }
    break;
  case WM_Q4_K: /* a group is one super-block: each 32-byte chunk of nibbles loaded once for two blocks */
    for (b = 0; b + 8 <= nb; b += 8) {
      const unsigned char *wb = w + (size_t)(b / 8) * WM__QB_Q4_K;
      const wm__qa *a = &x[b / 8];
      uint64_t sc, mn;
      wm__vd v[8];
      wm__vb n;
#define WM__Q4K_BLK(k) \
if (!(k & 1)) n = WM__VB_LOAD(wb + 16 + 16 * k); \
v[k] = wm__vb_udot(wm__vb_shr_and(n, k & 1 ? 4 : 0, 15), WM__VB_LOAD(a->q[k]), sd);
      WM__EACH8(WM__Q4K_BLK)
      wm__q4k_scales8(wb + 4, &sc, &mn);
      acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(WM__VQ8_SET1(wm__vh1(wb)), WM__VQ8_LOAD(a->d)), WM__VS_MUL(wm__vs_totals8(v), wm__vs_u8x8(sc)));
      acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(WM__VQ8_SET1(-wm__vh1(wb + 2)), WM__VQ8_LOAD(a->d)), WM__VS_MUL(wm__vs_u8x8(mn), WM__VS_LOAD(a->sum)));
    }
    break;
  case WM_Q6_K: /* low nibbles of 64 bytes and high bit pairs of 32 per half, each loaded once */
    for (b = 0; b + 8 <= nb; b += 8) {
      const unsigned char *wb = w + (size_t)(b / 8) * WM__QB_Q6_K;
      wm__vsc16 s = wm__vsc16_load((const int8_t *)(wb + 192));
      const wm__qa *a = &x[b / 8];
      wm__vd v[8];
      wm__vb l0, l1, hb;
#define WM__Q6K_BLK(k) \
if (!(k & 3)) l0 = WM__VB_LOAD(wb + 16 * k), l1 = WM__VB_LOAD(wb + 16 * k + 32), hb = WM__VB_LOAD(wb + 128 + 8 * k); \
v[k] = wm__vb_dot_sc(WM__VB_SUB(WM__VB_OR(wm__vb_shr_and(k & 1 ? l1 : l0, k & 2 ? 4 : 0, 15), wm__vb_2bits_at4(hb, 2 * (k & 3))), 32), \
                   WM__VB_LOAD(a->q[k]), wm__vsc_pick(&s, k), sd);
      WM__EACH8(WM__Q6K_BLK)
      acc = WM__VQ8_FMAV(acc, WM__VQ8_MUL(WM__VQ8_SET1(wm__vh1(wb + 208)), WM__VQ8_LOAD(a->d)), wm__vs_totals8(v));
    }
    break;
  default: /* a type with no loop of its own: its wm__qw8_unpack and wm__qw8_dot cases, one loop each */
#define WM__QDOT_GEN(dt) \
  case dt: \
    for (b = 0; b + 8 <= nb; b += 8) { \
      wm__qw8 u; \
      wm__qw8_unpack(&u, w, dt, b); \
      acc = wm__qw8_dot(acc, &u, &x[b / 8], dt, sd); \
    } \
    break;
#define WM__QDOT_GEN_X(T, t, bytes, n, gg, fb, own) WM__OWN_##own(WM__QDOT_GEN(WM_##T))
    switch (dtype) {
      WM__QTYPES(WM__QDOT_GEN_X)
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
#define WM__QDOT4_LOOP(dt) \
  for (b = 0; b + 8 <= nb; b += 8) { \
    wm__qw8_unpack(&u, w, dt, b); \
    a0 = wm__qw8_dot(a0, &u, &x[0][b / 8], dt, sd); \
    a1 = wm__qw8_dot(a1, &u, &x[1][b / 8], dt, sd); \
    a2 = wm__qw8_dot(a2, &u, &x[2][b / 8], dt, sd); \
    a3 = wm__qw8_dot(a3, &u, &x[3][b / 8], dt, sd); \
  }
  switch (dtype) { /* one loop per type: the type's case of unpack and dot inlined */
#define WM__QDOT4_CASE(T, t, bytes, n, gg, fb, own) case WM_##T: WM__QDOT4_LOOP(WM_##T) break;
    WM__QTYPES(WM__QDOT4_CASE)
  }
  WM__VQ8_STORE(acc, a0); WM__VQ8_STORE(acc + 8, a1); WM__VQ8_STORE(acc + 16, a2); WM__VQ8_STORE(acc + 24, a3);
  return b;
}

/* the bodies above, once per integer dot: the mapping's own, and on aarch64
   Armv8.2's sdot (WM_ISA_NEON_DOT); the session's ISA picks one */
/* four rows rb bytes apart against one token (decode), acc [4][8]: one
   call for the four (short rows pay the call and dispatch once; the
   token's activations stay in L1), each row wm__v_qdot's bits (not on
   Helium: firmware's flash keeps one copy of the row dot) */
static int wm__v_qdot_0(const wm__qa *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot_t(x, w, dtype, nb, acc, 0); }
#ifndef WM__MVE
static WM__INLINE int wm__v_qdot_r4_t(const wm__qa *x, const unsigned char *w, size_t rb, int dtype, int nb, float *acc, int sd) {
  wm__prefetch(w + 4 * rb, 4 * rb); /* the next four rows */
  wm__v_qdot_t(x, w, dtype, nb, acc, sd);
  wm__v_qdot_t(x, w + rb, dtype, nb, acc + 8, sd);
  wm__v_qdot_t(x, w + 2 * rb, dtype, nb, acc + 16, sd);
  return wm__v_qdot_t(x, w + 3 * rb, dtype, nb, acc + 24, sd);
}
static int wm__v_qdot_r4_0(const wm__qa *x, const unsigned char *w, size_t rb, int dtype, int nb, float *acc) { return wm__v_qdot_r4_t(x, w, rb, dtype, nb, acc, 0); }
#endif
static int wm__v_qdot4_0(const wm__qa *const *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot4_t(x, w, dtype, nb, acc, 0); }
#if defined(WM__NEON)
static int wm__v_qdot_sd(const wm__qa *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot_t(x, w, dtype, nb, acc, 1); }
static int wm__v_qdot_r4_sd(const wm__qa *x, const unsigned char *w, size_t rb, int dtype, int nb, float *acc) { return wm__v_qdot_r4_t(x, w, rb, dtype, nb, acc, 1); }
#define wm__v_qdot_r4(isa, x, w, rb, dtype, nb, acc) ((isa) == WM_ISA_NEON_DOT ? wm__v_qdot_r4_sd(x, w, rb, dtype, nb, acc) : wm__v_qdot_r4_0(x, w, rb, dtype, nb, acc))
static int wm__v_qdot4_sd(const wm__qa *const *x, const unsigned char *w, int dtype, int nb, float *acc) { return wm__v_qdot4_t(x, w, dtype, nb, acc, 1); }
#define wm__v_qdot(isa, x, w, dtype, nb, acc) ((isa) == WM_ISA_NEON_DOT ? wm__v_qdot_sd(x, w, dtype, nb, acc) : wm__v_qdot_0(x, w, dtype, nb, acc))
#define wm__v_qdot4(isa, x, w, dtype, nb, acc) ((isa) == WM_ISA_NEON_DOT ? wm__v_qdot4_sd(x, w, dtype, nb, acc) : wm__v_qdot4_0(x, w, dtype, nb, acc))
#else
#define wm__v_qdot(isa, x, w, dtype, nb, acc) ((void)(isa), wm__v_qdot_0(x, w, dtype, nb, acc))
#define wm__v_qdot_r4(isa, x, w, rb, dtype, nb, acc) ((void)(isa), wm__v_qdot_r4_0(x, w, rb, dtype, nb, acc))
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
    const unsigned char *wb = w + (size_t)b * WM__QB_Q8_0 + 2;
    const unsigned char *a = (const unsigned char *)g->q[b & 7];
    int32_t s = 0;
    uint32_t u, v;
#define WM__DSP4(j) \
memcpy(&u, wb + (j), 4); \
memcpy(&v, a + (j), 4); \
s = __smlad(__sxtb16(u), __sxtb16(v), s); \
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
    const unsigned char *p0 = w0 + (size_t)b * WM__QB_Q8_0 + 2, *p1 = w1 + (size_t)b * WM__QB_Q8_0 + 2;
    const unsigned char *a = (const unsigned char *)g->q[b & 7];
    int32_t s0 = 0, s1 = 0;
    uint32_t u, v, lo, hi;
    float dx = g->d[b & 7];
#define WM__DSP4(j) \
memcpy(&v, a + (j), 4); \
lo = __sxtb16(v); \
hi = wm__sxtb16_r8(v); \
memcpy(&u, p0 + (j), 4); \
s0 = __smlad(__sxtb16(u), lo, s0); \
s0 = __smlad(wm__sxtb16_r8(u), hi, s0); \
memcpy(&u, p1 + (j), 4); \
s1 = __smlad(__sxtb16(u), lo, s1); \
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
  size_t rb = (size_t)nb * WM__QB_Q8_0;
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

/* C . S after S = S dA + a B: one row of a recurrent state (n floats), as
   wm__k_scale, wm__k_axpy and wm__k_dot take it; the vector body in one pass */
static float wm__k_state_row(const wm__kc *kc, float *S, float dA, float a, const float *B, const float *C, int n) {
#ifdef WM__SIMD
  if (kc->simd && n % (4 * WM__VL) == 0) return wm__v_state_row(S, dA, a, B, C, n);
#endif
  wm__k_scale(kc, S, dA, (size_t)n);
  wm__k_axpy(kc, S, a, B, WM_F32, n);
  return wm__k_dot(kc, C, S, WM_F32, n);
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
   accumulators, each x vector used thrice, each w vector four times
   (AVX-512's 16 lanes measured slower here: 0.89x of these 8) */
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

/* x . w[0, *end) by wm__tile43's steps for one output */
static float wm__v_dot1(const float *x, const float *w, int K, int *end) {
  wm__vf c = WM__V_ZERO();
  int k = 0;
  for (; k + WM__VL <= K; k += WM__VL) c = WM__V_FMA(c, WM__V_LOAD(x + k), WM__V_LOAD(w + k));
  *end = k;
  return wm__v_hsum(c);
}
#endif
WM__TARGET_END

/* x . w[0..K), F32, as a GEMM tile sums it (tiles' leftovers, one token) */
static float wm__k_dot1(const wm__kc *kc, const float *x, const float *w, int K) {
  float s = 0.0f;
  int k = 0;
#ifdef WM__SIMD
  if (kc->simd) s = wm__v_dot1(x, w, K, &k);
#else
  (void)kc;
#endif
  for (; k < K; k++) s += x[k] * w[k];
  return s;
}

/* y[nt][nr] (+)= x[nt][K] . w[nr][K] for a tile of up to 4 x 3. */
static void wm__tile(const wm__kc *kc, const float *x, size_t ldx, const float *w, size_t ldw, int K, float *y, size_t ldy,
                     int nt, int nr, int acc) {
  int i, j;
#ifdef WM__SIMD
  if (kc->simd && nt == 4 && nr == 3) { wm__tile43(x, ldx, w, ldw, K, y, ldy, acc); return; }
#endif
  for (i = 0; i < nt; i++)
      for (j = 0; j < nr; j++) {
        float s = wm__k_dot1(kc, x + i * ldx, w + j * ldw, K);
        y[i * ldy + (size_t)j] = acc ? y[i * ldy + (size_t)j] + s : s;
      }
}

/* One token: y[r] = x . W[r] for r in [r0, r1), one row after another: a
   single sequential stream reads faster than interleaved rows, and x stays
   in L1. */
static void wm__matvec(const wm__kc *kc, float *y, const float *x, const wm__mat *W, int r0, int r1) {
  size_t rb = wm__row_size(W->dtype, (size_t)W->cols);
  int r;
  for (r = r0; r < r1; r++) {
    if (W->dtype != WM_F32) wm__prefetch((const char *)wm__row(W, r) + rb, rb); /* the next row (F32 streams at the bandwidth already) */
    y[r] = wm__k_dotf(kc, x, wm__row(W, r), W->dtype, W->cols); /* W of a float type */
  }
}

#ifdef WM__X512 /* the F32 tile at 16 lanes (after wm__v_gemm_acc_z) */
static void wm__zpack_f(float *pack, const unsigned char *w, size_t rb, int nr, int dtype, int kb);
static void wm__ztile_f(const float *x, size_t ldx, const float *pack, int kb, float *y, size_t ldy, int n, int nr, int acc);
#endif

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
#ifdef WM__X512
  if (kc->simd >= WM_ISA_AVX512 && K % 8 == 0) { /* 16 lanes: 4 rows (slices of 3/4 WM__KB fill the pack) by up to 8 tokens
                                                  (4 WM__TB a block: L2s of 1-2 MB); every output wm__tile43's steps, wherever
                                                  a thread's rows start */
    for (t0 = 0; t0 < T; t0 += 4 * WM__TB) {
      int tb = WM__MIN(4 * WM__TB, T - t0);
      size_t k0;
      for (k0 = 0; k0 < K; k0 += WM__KB / 4 * 3) {
        int kb = (int)WM__MIN((size_t)WM__KB / 4 * 3, K - k0);
        for (r = r0; r < r1; r += 4) {
          int nr = WM__MIN(4, r1 - r);
          wm__zpack_f(pack, (const unsigned char *)wm__row(W, r) + k0 * esz, wm__row_size(W->dtype, K), nr, W->dtype, kb);
          for (t = t0; t < t0 + tb; t += 8)
              wm__ztile_f(x + (size_t)t * ldx + k0, ldx, pack, kb, y + (size_t)t * ldy + (size_t)r, ldy, WM__MIN(8, t0 + tb - t), nr, k0 > 0);
        }
      }
    }
    return;
  }
#endif
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
   call (a wm__qr per 32 columns: a vector holds 4 quants of each row), so a
   token's 4 quants, broadcast, meet 8 rows in one multiply, a block's 8
   sums in 8 lanes with no horizontal reduction. Q4_0 and
   Q4_K (unsigned nibbles, |sum of a pair| <= 2 15 127) sum a whole block in
   16 bits, Q6_K (|q| <= 32) each half, Q8_0 each step. The float steps of
   each output are wm__k_qdot's, lane by lane (acc[k] by block mod 8, then
   wm__qsum8's tree), so the tile gives the same bits as decode. */
#define WM__QT_MIN 4 /* tokens from which a call repacks */
typedef struct wm__qr {
  int8_t q[8][32];   /* step s: row r's quants 4s..4s+3 at bytes 4r..4r+3 (Q4_0, Q4_K: unsigned nibbles) */
  uint8_t qa[8][32]; /* |q| (Q8_0, Q6_K) */
  float d[8]; /* each row's d_w */
  float dm[8]; /* Q4_K: -dmin */
  float mn[8]; /* Q4_K: the block's min */
  int16_t sc[2][16]; /* Q4_K: the block's scale; Q6_K: its halves' scales (each twice per row) */
} wm__qr;
#ifdef WM__X512 /* the wide tiles (after wm__v_gemm_acc) */
static void wm__ztile_avx512(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy);
static void wm__ztile_avx512vnni(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy);
static void wm__ztile_avxvnni(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy);
#endif

WM__TARGET_BEGIN
#ifdef WM__VR8
/* P[nb]: rows [r0, r0 + 8) of W, block by block, 4 quants (a 32-bit word)
   at a time */
static uint32_t wm__ld32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static void wm__qr_pack(wm__qr *P, const wm__mat *W, int r0, int nb) {
  int b, r, st;
  for (b = 0; b < nb; b++, P++) {
    int k = b & 7;
    wm__vb v[8]; /* [row]: the block's 32 quants as bytes (Q6_K: q - 32), then [step] by wm__vb_t8 */
    for (r = 0; r < 8; r++) {
      const unsigned char *w = (const unsigned char *)wm__row(W, r0 + r), *wb;
      int sc0 = 0, sc1 = 0, m;
      switch (W->dtype) {
      case WM_Q8_0:
        wb = w + (size_t)b * WM__QB_Q8_0;
        v[r] = WM__VB_LOAD(wb + 2);
        P->d[r] = wm__vh1(wb);
        break;
      case WM_Q4_0:
        wb = w + (size_t)b * WM__QB_Q4_0;
        v[r] = wm__vb_nib16(wb + 2);
        P->d[r] = wm__vh1(wb);
        break;
      case WM_Q4_K:
        wb = w + (size_t)(b / 8) * WM__QB_Q4_K;
        v[r] = wm__vb_shr_and(WM__VB_LOAD(wb + 16 + 32 * (k / 2)), k & 1 ? 4 : 0, 15);
        wm__q4k_scale(wb + 4, k, &sc0, &m);
        sc1 = sc0;
        P->d[r] = wm__vh1(wb);
        P->dm[r] = -wm__vh1(wb + 2);
        P->mn[r] = (float)m;
        break;
      default: /* WM_Q6_K */
        wb = w + (size_t)(b / 8) * WM__QB_Q6_K;
        v[r] = WM__VB_SUB(WM__VB_OR(wm__vb_shr_and(WM__VB_LOAD(wb + 64 * (k / 4) + 32 * (k & 1)), k & 2 ? 4 : 0, 15),
                                    wm__vb_2bits_at4(WM__VB_LOAD(wb + 128 + 32 * (k / 4)), 2 * (k & 3))), 32);
        sc0 = ((const int8_t *)(wb + 192))[2 * k];
        sc1 = ((const int8_t *)(wb + 192))[2 * k + 1];
        P->d[r] = wm__vh1(wb + 208);
      }
      P->sc[0][2 * r] = P->sc[0][2 * r + 1] = (int16_t)sc0;
      P->sc[1][2 * r] = P->sc[1][2 * r + 1] = (int16_t)sc1;
    }
    wm__vb_t8(v);
    for (st = 0; st < 8; st++) WM__VB_STORE(P->q[st], v[st]);
    if (W->dtype == WM_Q8_0 || W->dtype == WM_Q6_K)
        for (st = 0; st < 8; st++) WM__VB_STORE(P->qa[st], WM__VB_ABS(v[st]));
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
#define WM__QT_Q6(st, u) \
    { \
      wm__vh t_ = WM__VH_SDOT(w, wa, WM__VB_BCAST4(q[u] + 4 * st)); \
      if (st < 4) h[u] = st ? WM__VH_ADD(h[u], t_) : t_; \
      else h1[u] = st > 4 ? WM__VH_ADD(h1[u], t_) : t_; \
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
#define WM__QT_ACC(st, u) \
    { \
      wm__vq8 dx = WM__VQ8_SET1(x[u][b / 8].d[k]); \
      A[u][k] = WM__VQ8_FMAF(A[u][k], WM__VQ8_MUL(d, dx), WM__VQ8_CVT(s[u])); \
      if (dtype == WM_Q4_K) /* then the mins' term, as wm__qdot_q4_k */ \
          A[u][k] = WM__VQ8_FMAF(A[u][k], WM__VQ8_MUL(WM__VQ8_LOAD(P->dm), dx), WM__VQ8_MUL(WM__VQ8_LOAD(P->mn), WM__VQ8_SET1((float)sum[u]))); \
    }
#define WM__QT_OUT(st, u) /* wm__qsum8's tree, lane by lane */ \
    WM__VQ8_STORE(y + (size_t)u * ldy, WM__VQ8_ADD(WM__VQ8_ADD(WM__VQ8_ADD(A[u][0], A[u][4]), WM__VQ8_ADD(A[u][2], A[u][6])), \
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
#define WM__QT_CASE(dt) \
    case dt: \
      if (n == 4) wm__v_qtile_n(P, nb, dt, x, 4, y, ldy); \
      else wm__v_qtile_n(P, nb, dt, x, n, y, ldy); \
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
#ifdef WM__X512
  if (kc->simd >= WM_ISA_AVX_VNNI && qr && T >= WM__QT_MIN && !kc->rowwise && W->dtype <= WM_Q6_K) { /* the wide tiles: 16 rows (8 for AVX-VNNI) */
    int nb = W->cols / WM__QK, wide = kc->simd == WM_ISA_AVX_VNNI ? 8 : 16;
    for (; rb + wide <= r1; rb += wide) {
      if (rb + 2 * wide <= r1) wm__prefetch(wm__row(W, rb + wide), (size_t)wide * wm__row_size(W->dtype, (size_t)W->cols)); /* the next rows, read while these tiles run */
      wm__qr_pack(qr, W, rb, nb);
      if (wide == 16) wm__qr_pack(qr + nb, W, rb + 8, nb);
      for (t = 0; t < T; t += 4) {
        const wm__qa *xs[4];
        int u, n = WM__MIN(4, T - t);
        float *yt = y + (size_t)t * ldy + (size_t)rb;
        for (u = 0; u < n; u++) xs[u] = kc->qa + (size_t)(t + u) * (size_t)nq;
        if (kc->simd == WM_ISA_AVX512_VNNI) wm__ztile_avx512vnni(qr, nb, W->dtype, xs, n, yt, ldy);
        else if (kc->simd == WM_ISA_AVX512) wm__ztile_avx512(qr, nb, W->dtype, xs, n, yt, ldy);
        else wm__ztile_avxvnni(qr, nb, W->dtype, xs, n, yt, ldy);
      }
    }
  }
#endif
#ifdef WM__VR8
  if (kc->simd && qr && T >= WM__QT_MIN && !kc->rowwise && W->dtype <= WM_Q6_K) /* 8 rows repacked, then every token (the types wm__qr_pack knows; not for a batch step's few decoded tokens: the repacking would cost what it saves) */
      for (; rb + 8 <= r1; rb += 8) {
        if (rb + 16 <= r1) wm__prefetch(wm__row(W, rb + 8), 8 * wm__row_size(W->dtype, (size_t)W->cols)); /* the next rows, read while these tiles run */
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
#if defined(WM__SIMD) && !defined(WM__MVE)
        if (kc->simd && wm__types[W->dtype].simd && rb + 4 <= r1) { /* four rows in one call, each as wm__k_qdot */
          float acc[32];
          const wm__qa *xt = kc->qa + (size_t)t * (size_t)nq;
          int j, b = wm__v_qdot_r4(kc->simd, xt, (const unsigned char *)wm__row(W, rb), wm__row_size(W->dtype, (size_t)W->cols), W->dtype,
                                   W->cols / WM__QK, acc);
          for (j = 0; j < 4; j++) {
            if (b < W->cols / WM__QK) wm__types[W->dtype].qdot(xt, (const unsigned char *)wm__row(W, rb + j), b, W->cols / WM__QK, acc + 8 * j);
            y[(size_t)t * ldy + (size_t)rb + j] = wm__qsum8(acc + 8 * j);
          }
          r = rb + 4;
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

static void wm__mm_rows(const wm__mm_job *j, int item, int worker) { /* rows [item per, +per) of every token */
  const wm__kc *kc = j->kc;
  const wm__mat *W = j->W;
  int r0 = item * j->per, r1 = WM__MIN(W->rows, r0 + j->per), t;
  if (r0 >= r1) return;
  if (WM__IS_Q(W->dtype)) wm__qmatmul(kc, j->y, (size_t)j->ldy, j->x, (size_t)j->ldx, W, j->T, r0, r1, kc->qr ? kc->qr + 2 * (size_t)worker * (size_t)(W->cols / WM__QK) : NULL);
  else if (j->T == 1 && !kc->tiled) wm__matvec(kc, j->y, j->x, W, r0, r1);
  else if (kc->rowwise) { /* a batch step's decoded tokens: a row read once for them all, four tokens per pass, each output wm__matvec's */
    size_t ldx = (size_t)j->ldx, ldy = (size_t)j->ldy;
    int r;
    for (r = r0; r < r1; r++) {
      const void *wr = wm__row(W, r);
      for (t = 0; t + 4 <= j->T; t += 4) {
        float s4[4];
        int u;
        wm__k_dotf4(kc, j->x + (size_t)t * ldx, ldx, wr, W->dtype, W->cols, s4);
        for (u = 0; u < 4; u++) j->y[(size_t)(t + u) * ldy + (size_t)r] = s4[u];
      }
      for (; t + 2 <= j->T; t += 2) {
        float s2[2];
        wm__k_dotf2(kc, j->x + (size_t)t * ldx, j->x + (size_t)(t + 1) * ldx, wr, W->dtype, W->cols, s2);
        j->y[(size_t)t * ldy + (size_t)r] = s2[0];
        j->y[(size_t)(t + 1) * ldy + (size_t)r] = s2[1];
      }
      if (t < j->T) j->y[(size_t)t * ldy + (size_t)r] = wm__k_dotf(kc, j->x + (size_t)t * ldx, wr, W->dtype, W->cols);
    }
  }
  else wm__gemm_rows(kc, j->y, (size_t)j->ldy, j->x, (size_t)j->ldx, W, j->T, r0, r1, kc->pack + (size_t)worker * 3 * WM__KB);
  if (j->bias)
      for (t = 0; t < j->T; t++) {
        int r;
        for (r = r0; r < r1; r++) j->y[(size_t)t * j->ldy + (size_t)r] += j->bias[r];
      }
}

/* An item's rows for every token: in a batch step segment after segment
   (its decoded tokens, then each prefill chunk), each as when alone, while
   the item's rows are in cache: a weight comes from memory once per step. */
static void wm__mm_task(void *arg, int item, int worker) {
  const wm__mm_job *j = (const wm__mm_job *)arg;
  const wm__kc *kc = j->kc;
  wm__mm_job s;
  wm__kc k1;
  int i, r = 0;
  if (!kc->seg) { wm__mm_rows(j, item, worker); return; }
  s = *j;
  k1 = *kc;
  k1.seg = NULL;
  s.kc = &k1;
  for (i = 0; i < kc->nseg; r += kc->seg[i++]) {
    if (!kc->seg[i]) continue;
    k1.rowwise = i == 0;
    k1.tiled = i > 0;
    k1.qa = kc->qa ? kc->qa + (size_t)r * (size_t)WM__QA_GROUPS(j->W->cols) : NULL; /* the segment's quantized tokens */
    s.y = j->y + (size_t)r * (size_t)j->ldy;
    s.x = j->x + (size_t)r * (size_t)j->ldx;
    s.T = kc->seg[i];
    wm__mm_rows(&s, item, worker);
  }
}

static void wm__k_matmul(const wm__kc *kc, float *y, int ldy, const float *x, int ldx, const wm__mat *W, const float *bias, int T) {
  /* items: up to 4 per thread of at least 16 rows each, in whole 3-row tiles (each row is computed by
     the same tile whatever the split), quantized ones in whole 16-row tiles (any tile gives the same
     bits); claimed one at a time, so a descheduled thread holds back one */
  int items = kc->n_threads > 1 ? WM__MAX(1, WM__MIN(4 * kc->n_threads, W->rows / 16)) : 1, tile = WM__IS_Q(W->dtype) ? 16 : 3;
  wm__mm_job j;
  j.kc = kc; j.y = y; j.x = x; j.W = W; j.bias = bias; j.ldy = ldy; j.ldx = ldx; j.T = T;
  j.per = ((W->rows + items - 1) / items + tile - 1) / tile * tile;
  items = (W->rows + j.per - 1) / j.per;
  if (WM__IS_Q(W->dtype)) wm__pfor(kc, T, wm__mm_quant_task, &j);
  wm__pfor(kc, items, wm__mm_task, &j);
}

/* C[i][j] (+)= A[i] . B[j] for i < M, j < N over K: A rows lda apart, B
   rows ldb apart (both F32). The SSD's C.B^T and attention's q.k. */
static void wm__k_gemm_nt(const wm__kc *kc, int M, int N, int K, const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                          int accumulate) {
  int i, j, jb;
  float tile[12];
  if (kc->seg) { /* a batch step: its decoding rows one at a time, each prefill chunk as one call */
    wm__kc k1 = *kc;
    int r = 0, s;
    k1.seg = NULL;
    for (s = 0; s < kc->nseg; r += kc->seg[s++])
        for (k1.tiled = s > 0, i = 0; i < (s ? 1 : kc->seg[0]) && kc->seg[s]; i++)
            wm__k_gemm_nt(&k1, s ? kc->seg[s] : 1, N, K, A + (size_t)(r + i) * lda, lda, B, ldb, C + (size_t)(r + i) * ldc, ldc, accumulate);
    return;
  }
  if (M < 4 && !kc->tiled) { /* a few rows (decode attention): B row after B row, in address order (one stream
                reads DRAM fastest; B rows taken in lock-step do not), each used by every row of A */
    for (j = 0; j < N; j++)
        for (i = 0; i < M; i++) {
          float s = wm__k_dot(kc, A + (size_t)i * lda, B + (size_t)j * ldb, WM_F32, K), *c = C + (size_t)i * ldc + j;
          *c = accumulate ? *c + s : s;
        }
    return;
  }
  j = 0;
#ifdef WM__X512
  if (kc->simd >= WM_ISA_AVX512 && K % 8 == 0 && K <= 512) { /* 4 B rows by up to 8 A rows at 16 lanes (wm__ztile_f) */
    float pack[4 * 512], t8[8 * 4];
    for (; j < N; j += 4) {
      int nr = WM__MIN(4, N - j);
      wm__zpack_f(pack, (const unsigned char *)(B + (size_t)j * ldb), (size_t)ldb * sizeof *B, nr, WM_F32, K);
      for (i = 0; i < M; i += 8) {
        int nt = WM__MIN(8, M - i), a, b;
        wm__ztile_f(A + (size_t)i * lda, (size_t)lda, pack, K, t8, 4, nt, nr, 0);
        for (a = 0; a < nt; a++)
            for (b = 0; b < nr; b++) {
              float *c = C + (size_t)(i + a) * ldc + (size_t)(j + b);
              *c = accumulate ? *c + t8[a * 4 + b] : t8[a * 4 + b];
            }
      }
    }
  }
#endif
  for (jb = j, i = 0; i < M && jb < N; i += 4)
      for (j = jb; j < N; j += 3) {
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
/* rows [0, i) of wm__k_gemm_acc, 4 at a time; returns i. Written once,
   compiled per ISA: V names its mapping (V##_LOAD, ..., V##L lanes), VT
   its vector type; each output's FMAs come in the same order at any width. */
#define WM__GEMM_ACC(SFX, V, VT) \
    static void wm__v_gemm_acc1_##SFX(int N, int K, const float *A, int ak, const float *B, int ldb, float *c, int j) { /* one row from column j */ \
      int k; \
      for (; j + V##L <= N; j += V##L) { \
        VT c0 = V##_LOAD(c + j); \
        for (k = 0; k < K; k++) c0 = V##_FMA(c0, V##_SET1(A[(size_t)k * ak]), V##_LOAD(B + (size_t)k * ldb + j)); \
        V##_STORE(c + j, c0); \
      } \
      for (; j < N; j++) /* the scalar tail */ \
          for (k = 0; k < K; k++) c[j] += A[(size_t)k * ak] * B[(size_t)k * ldb + j]; \
    } \
    static int wm__v_gemm_acc_##SFX(int M, int N, int K, const float *A, int ai, int ak, const float *B, int ldb, float *C, int ldc) { \
      int i = 0, j = 0, k; \
      for (; i + 4 <= M; i += 4) { \
        float *c0 = C + (size_t)i * ldc, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc; \
        for (j = 0; j + 2 * V##L <= N; j += 2 * V##L) { \
          VT c00 = V##_LOAD(c0 + j), c01 = V##_LOAD(c0 + j + V##L), c10 = V##_LOAD(c1 + j), c11 = V##_LOAD(c1 + j + V##L); \
          VT c20 = V##_LOAD(c2 + j), c21 = V##_LOAD(c2 + j + V##L), c30 = V##_LOAD(c3 + j), c31 = V##_LOAD(c3 + j + V##L); \
          for (k = 0; k < K; k++) { \
            const float *bk = B + (size_t)k * ldb + j, *ap = A + (size_t)i * ai + (size_t)k * ak; \
            VT b0 = V##_LOAD(bk), b1 = V##_LOAD(bk + V##L), a; \
            a = V##_SET1(ap[0]); c00 = V##_FMA(c00, a, b0); c01 = V##_FMA(c01, a, b1); \
            a = V##_SET1(ap[ai]); c10 = V##_FMA(c10, a, b0); c11 = V##_FMA(c11, a, b1); \
            a = V##_SET1(ap[2 * (size_t)ai]); c20 = V##_FMA(c20, a, b0); c21 = V##_FMA(c21, a, b1); \
            a = V##_SET1(ap[3 * (size_t)ai]); c30 = V##_FMA(c30, a, b0); c31 = V##_FMA(c31, a, b1); \
          } \
          V##_STORE(c0 + j, c00); V##_STORE(c0 + j + V##L, c01); V##_STORE(c1 + j, c10); V##_STORE(c1 + j + V##L, c11); \
          V##_STORE(c2 + j, c20); V##_STORE(c2 + j + V##L, c21); V##_STORE(c3 + j, c30); V##_STORE(c3 + j + V##L, c31); \
        } \
        for (k = 0; k < 4 && j < N; k++) wm__v_gemm_acc1_##SFX(N, K, A + (size_t)(i + k) * ai, ak, B, ldb, C + (size_t)(i + k) * ldc, j); \
      } \
      for (; i < M; i++) wm__v_gemm_acc1_##SFX(N, K, A + (size_t)i * ai, ak, B, ldb, C + (size_t)i * ldc, 0); /* (the same FMAs) */ \
      return i; \
    }
WM__GEMM_ACC(v, WM__V, wm__vf)
#endif
WM__TARGET_END

#ifdef WM__X512
/* ---- the wide tiles (x86: AVX-512, AVX-512 VNNI, AVX-VNNI) --------------------
   The tile above at 16 rows (AVX-512: P[0, nb) rows r..r+7 beside P[nb,
   2 nb) rows r+8..r+15) or 8 (AVX-VNNI); 4 quants of a token and of each
   row summed to 32 bits at once (vpdpbusd; plain AVX-512 maddubs + madd);
   Q6_K (and Q8_0 without VNNI) as |w| times x negated where w < 0, Q8_0 by
   VNNI as (w + 128) x less 128 sum(x): the 8-row tile's sums and float
   steps, so the same bits. Written once (WM__ZTILE), compiled per
   ISA with its mapping (wm__zi int lanes, wm__zf float, wm__zm w's signs). */
#define WM__ZT_UN(st, u) s[u] = WM__ZI_UDOT(st ? s[u] : zero, w, WM__ZI_BC4(q[u] + 4 * st));
#define WM__ZT_UN_ST(st) { wm__zi w = WM__ZI_LDQ(P, nb, q[st]); WM__EACH4N(WM__ZT_UN, st) }
#define WM__ZT_SG(st, u) /* Q6_K: steps 4..7 (the second half) in s1 */ \
    { \
      wm__zi x_ = WM__ZI_NEG(WM__ZI_BC4(q[u] + 4 * st), m); \
      if (st < 4 || dtype == WM_Q8_0) s[u] = WM__ZI_UDOT(st ? s[u] : zero, wa, x_); \
      else s1[u] = WM__ZI_UDOT(st > 4 ? s1[u] : zero, wa, x_); \
    }
#define WM__ZT_OF_ST(st) { wm__zi w = WM__ZI_XOR80(WM__ZI_LDQ(P, nb, q[st])); WM__EACH4N(WM__ZT_UN, st) }
#define WM__ZT_SG_ST(st) { wm__zi wa = WM__ZI_LDQ(P, nb, qa[st]); wm__zm m = WM__ZI_SIGNS(WM__ZI_LDQ(P, nb, q[st])); WM__EACH4N(WM__ZT_SG, st) }
#define WM__ZT_S(st, u) /* as the 8-row tile's sums: Q4_0 - 8 sum(x), Q4_K times the scale, Q6_K each half times its scale */ \
    { \
      if (dtype == WM_Q4_0) s[u] = WM__ZI_SUB(s[u], WM__ZI_SET1(8 * sum[u])); \
      if (dtype == WM_Q8_0 && WM__ZI_U8) s[u] = WM__ZI_SUB(s[u], WM__ZI_SET1(128 * sum[u])); \
      if (dtype == WM_Q4_K) s[u] = WM__ZI_MUL(s[u], c0); \
      if (dtype == WM_Q6_K) s[u] = WM__ZI_ADD(WM__ZI_MUL(s[u], c0), WM__ZI_MUL(s1[u], c1)); \
    }
#define WM__ZT_ACC(st, u) \
    { \
      wm__zf dx = WM__ZF_SET1(x[u][b / 8].d[k]); \
      A[u][k] = WM__ZF_FMA(A[u][k], WM__ZF_MUL(d, dx), WM__ZF_CVT(s[u])); \
      if (dtype == WM_Q4_K) A[u][k] = WM__ZF_FMA(A[u][k], WM__ZF_MUL(dm, dx), WM__ZF_MUL(mn, WM__ZF_SET1((float)sum[u]))); \
    }
#define WM__ZT_OUT(st, u) \
    WM__ZF_STORE(y + (size_t)u * ldy, WM__ZF_ADD(WM__ZF_ADD(WM__ZF_ADD(A[u][0], A[u][4]), WM__ZF_ADD(A[u][2], A[u][6])), \
                                                 WM__ZF_ADD(WM__ZF_ADD(A[u][1], A[u][5]), WM__ZF_ADD(A[u][3], A[u][7]))));
#define WM__ZT_CASE(SFX, dt) case dt: if (n == 4) wm__ztile_n_##SFX(P, nb, dt, x, 4, y, ldy); else wm__ztile_n_##SFX(P, nb, dt, x, n, y, ldy); break;
#define WM__ZTILE(SFX) /* y[u][0..WM__ZR) (rows ldy apart) = n <= 4 tokens against the rows packed in P */ \
    static WM__INLINE void wm__ztile_n_##SFX(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy) { \
      wm__zf A[4][8], d, dm, mn; \
      const int8_t *q[4] = {NULL, NULL, NULL, NULL}; \
      int32_t sum[4] = {0, 0, 0, 0}; \
      wm__zi zero = WM__ZI_SET1(0), s[4], s1[4], c0 = zero, c1 = zero; \
      int b, k; \
      s[0] = s[1] = s[2] = s[3] = s1[0] = s1[1] = s1[2] = s1[3] = zero; \
      for (k = 0; k < 32; k++) A[k / 8][k % 8] = WM__ZF_SET1(0.0f); \
      for (b = 0; b < nb; b++, P++) { \
        d = WM__ZF_LD(P, nb, d); \
        if (dtype == WM_Q4_K) dm = WM__ZF_LD(P, nb, dm), mn = WM__ZF_LD(P, nb, mn); \
        k = b & 7; \
        WM__EACH4N(WM__QT_X, 0) \
        if (dtype == WM_Q4_K || dtype == WM_Q6_K) c0 = WM__ZI_SC32(WM__ZI_LDQ(P, nb, sc[0])); \
        if (dtype == WM_Q6_K) c1 = WM__ZI_SC32(WM__ZI_LDQ(P, nb, sc[1])); /* (Q4_K: one scale a block) */ \
        if (dtype == WM_Q8_0 && WM__ZI_U8) { WM__EACH8(WM__ZT_OF_ST) } \
        else if (dtype == WM_Q8_0 || dtype == WM_Q6_K) { WM__EACH8(WM__ZT_SG_ST) } \
        else { WM__EACH8(WM__ZT_UN_ST) } \
        WM__EACH4N(WM__ZT_S, 0) \
        WM__EACH4N(WM__ZT_ACC, 0) \
      } \
      WM__EACH4N(WM__ZT_OUT, 0) \
    } \
    static void wm__ztile_##SFX(const wm__qr *P, int nb, int dtype, const wm__qa *const *x, int n, float *y, size_t ldy) { \
      switch (dtype) { WM__ZT_CASE(SFX, WM_Q8_0) WM__ZT_CASE(SFX, WM_Q4_0) WM__ZT_CASE(SFX, WM_Q4_K) WM__ZT_CASE(SFX, WM_Q6_K) } \
    }

/* a 32-bit lane holds a scale twice (wm__qr.sc): WM__ZI_SC32 keeps one, 1 lo + 0 hi */
#define WM__ZI_BC4S(p) ((int)wm__ld32((const unsigned char *)(p))) /* a token's 4 quants as one 32-bit word */
/* the mapping: _mm512_ or _mm256_ (WM__Z) names the same operation at either width */
#define WM__ZC(a, b) a##b
#define WM__ZX(w, op) WM__ZC(w, op)
#define WM__ZI_SET1(v) WM__ZX(WM__Z, set1_epi32)(v)
#define WM__ZI_BC4(p) WM__ZI_SET1(WM__ZI_BC4S(p))
#define WM__ZI_ADD(a, b) WM__ZX(WM__Z, add_epi32)(a, b)
#define WM__ZI_SUB(a, b) WM__ZX(WM__Z, sub_epi32)(a, b)
#define WM__ZI_MUL(a, b) WM__ZX(WM__Z, mullo_epi32)(a, b)
#define WM__ZI_SC32(v) WM__ZX(WM__Z, madd_epi16)(v, WM__ZI_SET1(1))
#define WM__ZI_XOR80(v) WM__ZX(WM__Z, add_epi8)(v, WM__ZX(WM__Z, set1_epi8)((char)0x80)) /* w + 128 as unsigned bytes */
#define WM__ZF_SET1(v) WM__ZX(WM__Z, set1_ps)(v)
#define WM__ZF_FMA(acc, a, b) WM__ZX(WM__Z, fmadd_ps)(a, b, acc)
#define WM__ZF_MUL(a, b) WM__ZX(WM__Z, mul_ps)(a, b)
#define WM__ZF_ADD(a, b) WM__ZX(WM__Z, add_ps)(a, b)
#define WM__ZF_STORE(p, v) WM__ZX(WM__Z, storeu_ps)(p, v)
WM__TARGET_PUSH("avx2,fma,f16c,avx512f,avx512bw,avx512vl")
#define WM__Z _mm512_
#define wm__zi __m512i
#define wm__zf __m512
#define wm__zm __mmask64
#define WM__ZI_LD2(a, b) _mm512_mask_loadu_epi64(_mm512_maskz_loadu_epi64(0x0f, a), 0xf0, (const char *)(b) - 32) /* a's 32 bytes, then b's */
#define WM__ZI_LDQ(P, nb, f) WM__ZI_LD2((P)->f, ((P) + (nb))->f)
#define WM__ZF_LD(P, nb, f) _mm512_castsi512_ps(WM__ZI_LD2((P)->f, ((P) + (nb))->f))
#define WM__ZI_SIGNS(w) _mm512_movepi8_mask(w)
#define WM__ZI_NEG(x, m) _mm512_mask_sub_epi8(x, m, _mm512_setzero_si512(), x)
#define WM__ZF_CVT(v) _mm512_maskz_cvtepi32_ps((__mmask16)-1, v) /* (g++ 12 warns of the unmasked form) */
#define WM__ZI_UDOT(acc, u, x) _mm512_add_epi32(acc, _mm512_madd_epi16(_mm512_maddubs_epi16(u, x), _mm512_set1_epi16(1)))
#define WM__ZI_U8 0 /* UDOT's u may reach 255 (VNNI) */
WM__ZTILE(avx512)
/* the float GEMM bodies at 16 lanes (any AVX-512 ISA) */
#define WM__ZFL 16
#define WM__ZF_LOAD(p) _mm512_loadu_ps(p)
WM__GEMM_ACC(z, WM__ZF, __m512)
/* nr <= 4 rows of a slice, kb columns (kb % 8 == 0), widened to floats and
   paired (rows past nr zero): pack[p][k / 8] = 8 columns of row 2p, then
   the same 8 of row 2p + 1 */
static void wm__zpack_f(float *pack, const unsigned char *w, size_t rb, int nr, int dtype, int kb) {
  int r, k;
  for (r = 0; r < 4; r++, w += rb) {
    float *o = pack + (size_t)(r / 2) * 2 * (size_t)kb + 8 * (r & 1);
    for (k = 0; k < kb; k += 8, o += 16) {
      __m256 v;
      if (r >= nr) v = _mm256_setzero_ps();
      else if (dtype == WM_F32) v = _mm256_loadu_ps((const float *)(const void *)w + k);
      else if (dtype == WM_BF16) v = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(w + 2 * k))), 16));
      else v = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(const void *)(w + 2 * k))); /* WM_F16 */
      _mm256_storeu_ps(o, v);
    }
  }
}
/* y[u][0..nr) (+)= x[u] . the packed rows, u < n <= 8: a token broadcast to
   both halves meets a row pair; each half is wm__tile43's 8-lane
   accumulator, summed by the same wm__v_hsum, so the same bits */
#define WM__ZF_BC8(p) _mm512_castpd_ps(_mm512_maskz_broadcast_f64x4(0xff, _mm256_castps_pd(_mm256_loadu_ps(p)))) /* 8 floats, twice */
#define WM__ZTF_STEP(u) if (u < n) { __m512 a_ = WM__ZF_BC8(x + (size_t)u * ldx + k); c[u][0] = _mm512_fmadd_ps(a_, w0, c[u][0]); c[u][1] = _mm512_fmadd_ps(a_, w1, c[u][1]); }
static WM__INLINE void wm__ztile_f_n(const float *x, size_t ldx, const float *pack, int kb, float *y, size_t ldy, int n, int nr, int acc) {
  __m512 c[8][2];
  const float *p0 = pack, *p1 = pack + 2 * (size_t)kb;
  int u, k, j;
  for (u = 0; u < 8; u++) c[u][0] = c[u][1] = _mm512_setzero_ps();
  for (k = 0; k < kb; k += 8, p0 += 16, p1 += 16) {
    __m512 w0 = _mm512_loadu_ps(p0), w1 = _mm512_loadu_ps(p1);
    WM__ZTF_STEP(0) WM__ZTF_STEP(1) WM__ZTF_STEP(2) WM__ZTF_STEP(3) WM__ZTF_STEP(4) WM__ZTF_STEP(5) WM__ZTF_STEP(6) WM__ZTF_STEP(7)
  }
  for (u = 0; u < n; u++)
      for (j = 0; j < nr; j++) {
        __m512 v = c[u][j / 2];
        float s = wm__v_hsum(_mm256_castpd_ps(j & 1 ? _mm512_maskz_extractf64x4_pd(0xff, _mm512_castps_pd(v), 1) /* (g++ 12 warns of the unmasked forms) */
                                                    : _mm512_maskz_extractf64x4_pd(0xff, _mm512_castps_pd(v), 0)));
        y[(size_t)u * ldy + (size_t)j] = acc ? y[(size_t)u * ldy + (size_t)j] + s : s;
      }
}
static void wm__ztile_f(const float *x, size_t ldx, const float *pack, int kb, float *y, size_t ldy, int n, int nr, int acc) {
  if (n == 8) wm__ztile_f_n(x, ldx, pack, kb, y, ldy, 8, nr, acc); /* (the common case, unrolled) */
  else wm__ztile_f_n(x, ldx, pack, kb, y, ldy, n, nr, acc);
}
WM__TARGET_POP
WM__TARGET_PUSH("avx2,fma,f16c,avx512f,avx512bw,avx512vl,avx512vnni")
#undef WM__ZI_UDOT
#undef WM__ZI_U8
#define WM__ZI_UDOT(acc, u, x) _mm512_dpbusd_epi32(acc, u, x)
#define WM__ZI_U8 1
WM__ZTILE(avx512vnni)
WM__TARGET_POP
WM__TARGET_PUSH("avx2,fma,f16c,avxvnni") /* 256 bits: one 8-row block */
#undef WM__Z
#undef wm__zi
#undef wm__zf
#undef wm__zm
#undef WM__ZI_LDQ
#undef WM__ZF_LD
#undef WM__ZI_SIGNS
#undef WM__ZI_NEG
#undef WM__ZF_CVT
#undef WM__ZI_UDOT
#define WM__Z _mm256_
#define wm__zi __m256i
#define wm__zf __m256
#define wm__zm __m256i
#define WM__ZI_LDQ(P, nb, f) _mm256_loadu_si256((const __m256i *)(const void *)(P)->f)
#define WM__ZF_LD(P, nb, f) _mm256_loadu_ps((P)->f)
#define WM__ZI_SIGNS(w) (w)
#define WM__ZI_NEG(x, m) _mm256_sign_epi8(x, m)
#define WM__ZF_CVT(v) _mm256_cvtepi32_ps(v)
#define WM__ZI_UDOT(acc, u, x) _mm256_dpbusd_avx_epi32(acc, u, x)
WM__ZTILE(avxvnni)
WM__TARGET_POP
#endif

/* C[i][0..N) += sum_k A(i,k) B[k][0..N) with A(i,k) = A[i*ai + k*ak]:
   A.B (ai = lda, ak = 1) or A^T.B (ai = 1, ak = lda). Vectorized along N:
   4 rows x 2 vectors of C stay in registers over all of K. */
static void wm__k_gemm_acc(const wm__kc *kc, int M, int N, int K, const float *A, int ai, int ak, const float *B, int ldb, float *C,
                           int ldc) {
  int i = 0, k;
#ifdef WM__SIMD
#ifdef WM__X512
  if (kc->simd >= WM_ISA_AVX512) i = wm__v_gemm_acc_z(M, N, K, A, ai, ak, B, ldb, C, ldc);
  else
#endif
  if (kc->simd) i = wm__v_gemm_acc_v(M, N, K, A, ai, ak, B, ldb, C, ldc);
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
  int dtype; /* index into wm__types */
  int ndim;
  uint64_t shape[8];
  size_t begin, end; /* offsets in the data section */
  const unsigned char *data;
  int file;
  int used;
  int conv; /* WM__CONV_NEGLOG: the file holds -exp(x) of the vector x the model wants */
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
  int num_keys; /* product keys of the CDMoE / MoE */
  int has_attn; /* any layer with a KV cache */
  int qcols; /* most columns of a quantized matrix (its activations are quantized in the session) */
  uint64_t fingerprint; /* of the tensor directory and data edges (session files) */
  size_t bytes_used;
  void *owned; /* WM_MALLOC'd block of wm_model_open/load */
  struct wm__ofile *owned_files; /* [n_owned_files] the files wm_model_load read or mapped */
  int n_owned_files;
  unsigned tied_head_differs : 1; /* tie_word_embeddings, yet a different lm_head.weight is stored (wm_model_warning) */
  unsigned n_unused : 31; /* tensors the config leaves unused (wm_model_warning; wm_model_tensor names them) */
};
WM__SLOT(wm_model, 936);

/* Per-layer session state. */
typedef struct wm__lstate {
  unsigned char *k, *v; /* [n_kv][n_ctx][hd] of the cache type: head-major, so a head's keys are one stream */
  float *m; /* [n_kv][n_ctx] doge dynamic mask value of each key */
  float *S; /* [H][P][N] SSD state (and the GLA / MCSD states): F32, or uint16_t F16 / BF16 values under a
                   session's state_type (wm__st_widen / wm__st_narrow) */
  float *conv;  /* [K-1][C] mamba2 conv window */
  int n_heads;  /* heads of k (and m), and of v unless n_vheads */
  int n_vheads; /* heads of v when they differ (SW-SKA), else 0 */
  int ring; /* rows per head of a ring buffer (key j in row j mod ring), 0: [n_ctx] rows, key j in row j */
  float *pin; /* [WM__GRID][x | B | C | dt] (GLA: lg | q k | u | o) split_exact: held tokens' inputs */
} wm__lstate;
WM__SLOT(wm__lstate, 64);

struct wm_session {
  const wm_model *model;
  wm_session_params params;
  wm__kc kc; /* SIMD or scalar, threads */
  int pos;
  int pend; /* split_exact: tokens held in each layer's pin */
  wm__lstate *ls; /* [n_layers] */
  float *h, *x, *y; /* [n_batch][D] residual, normed input, module output */
  float *rope_cs, *rope_sn; /* [n_batch][ssd_state/2] RoPE of SSD B/C (cheems) */
  float *arope_cs, *arope_sn;  /* [n_batch][head_dim/2] RoPE of attention q/k */
  unsigned char *work; /* module scratch, work_bytes long */
  float *swork; /* F32 working copy of a reduced state (wm__st_work_floats), or NULL */
  size_t work_bytes;
  wm_layer_hook hook;
  void *hook_user;
  void *owned; /* WM_MALLOC'd block of wm_session_create */
  void *own_pool; /* the wm_pool wm_session_create started (NULL: none) */
  char err[256];
};
WM__SLOT(wm_session, 512);

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
  int kind; /* WM__MATRIX: wm__mat [shape0][rest]; WM__VECTOR: const float * */
  int optional;   /* may be absent from a checkpoint */
  int in_random;  /* a random checkpoint of this config has it */
  int init; /* WM__INIT_*; NORMAL draws mean + scale * N(0,1) */
  float mean, scale;
  void *dst; /* wm__mat * or const float ** (NULL when only listing) */
} wm__need;

typedef int (*wm__need_fn)(void *ctx, const wm__need *n); /* 0 stops the walk */

typedef struct wm__planner {
  wm__need_fn fn;
  void *ctx;
  int ok;
  const char *prefix; /* "model.layers." or "backbone.layers." */
  int layer; /* -1: a global tensor */
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
/* the SSD's prefill chunk: chunk_size up to 64 */
#define WM__GRID 64
static int wm__grid(const wm_config *c) { return WM__MIN(c->ssd_chunk, WM__GRID); }

typedef struct wm__ssd_args {
  float *y, *S;  /* S: [H][P][N], F32 or (stype F16 / BF16) uint16_t */
  const float *xs, *Bm, *Cm, *dt, *A_log, *Dskip;
  int ldx, ldbc, ldt, nb, H, P, N, G, group_div, chunk; /* rows of xs, of Bm and Cm, of dt apart */
  int ldq; /* rows of the scratch CB and M: min(chunk, the rows it was carved for) */
  int stype; /* the state's storage */
  float *sw; /* reduced states: [n_threads][N] (a token) or [n_threads][P][N] (a chunk), F32 */
} wm__ssd_args;

/* one thread's scratch for the chunked scan */
typedef struct wm__ssd_ws {
  float *M; /* [Q][Q] C.B^T masked by the decay, of one head */
  float *CB2;  /* [Q][N] exp(lam_t) C_t, then exp(lam_end - lam_s) dt_s B_s */
  float *lam;  /* [Q] cumulative A dt within the chunk */
  float *e; /* [Q] exponent row */
} wm__ssd_ws;
WM__SLOT(wm__ssd_ws, 32);

static void wm__ssd_ws_carve(wm__arena *ar, int Q, int N, wm__ssd_ws *w) {
  w->M = wm__falloc(ar, Q, Q, 1);
  w->CB2 = wm__falloc(ar, Q, N, 1);
  w->lam = wm__falloc(ar, (Q + 15) / 16 * 16, 1, 1);
  w->e = wm__falloc(ar, (Q + 15) / 16 * 16, 1, 1);
}

static int wm__ssd_group(const wm__ssd_args *a, int h) {
  return a->group_div ? h / (a->H / a->G) : h % a->G;
}

/* a loop's context for wm__pfor: the kernel context and the arguments */
typedef struct wm__ssd_job {
  const wm__kc *kc;
  const wm__ssd_args *a;
  float *CB; /* chunked: [G][Q][Q] */
  wm__ssd_ws *ws;  /* chunked: one per thread */
  int c0, q, Q; /* chunked: the chunk */
  int t0, yr, pass; /* rows t0.. output (t0 to y row yr); pass: S passed on */
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
    size_t esz = a->stype == WM_F32 ? sizeof(float) : 2;
    wm__prefetch((const char *)a->S + (at + 2 * (size_t)a->N) * esz, (size_t)a->N * esz); /* the state row two on */
    if (a->stype != WM_F32) wm__st_widen(Sp, (const uint16_t *)(const void *)a->S + at, (size_t)a->N, a->stype);
    y[p] = wm__k_state_row(kc, Sp, dA, dt * x[p], B, C, a->N) + a->Dskip[h] * x[p];
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
/* C.B^T of the chunk, item i: group i / nblk, rows from 16 (i % nblk) to
   the next block's (the last takes the rest, so no block has under 4 rows
   where the chunk has not), columns past the block's last row (the head
   task reads s <= t only) to a multiple of 12. Rows start at multiples of
   16 and columns at 0 and end where the whole chunk's 4 x 3 (AVX-512:
   8 x 4) tiles do, so every output is the one gemm_nt of the whole chunk
   would give. */
#define WM__SSD_CB_BLOCKS(q) WM__MAX(1, (q) / 16)
static void wm__ssd_cb_task(void *arg, int i, int worker) {
  const wm__ssd_job *j = (const wm__ssd_job *)arg;
  const wm__ssd_args *a = j->a;
  int nblk = WM__SSD_CB_BLOCKS(j->q), g = i / nblk, r0 = 16 * (i % nblk), r1 = i % nblk == nblk - 1 ? j->q : r0 + 16;
  (void)worker;
  wm__k_gemm_nt(j->kc, r1 - r0, WM__MIN(j->q, (r1 + 11) / 12 * 12), a->N, a->Cm + (size_t)(j->c0 + r0) * a->ldbc + (size_t)g * a->N, a->ldbc,
                a->Bm + (size_t)j->c0 * a->ldbc + (size_t)g * a->N, a->ldbc, j->CB + (size_t)g * j->Q * j->Q + (size_t)r0 * j->Q, j->Q, 0);
}

static void wm__ssd_head_task(void *arg, int h, int worker) { /* head h through the chunk */
  const wm__ssd_job *j = (const wm__ssd_job *)arg;
  const wm__kc *kc = j->kc;
  const wm__ssd_args *a = j->a;
  const float *CB = j->CB;
  int c0 = j->c0, q = j->q, Q = j->Q, t0 = j->t0;
  wm__ssd_ws *w = &j->ws[worker];
  int gg = wm__ssd_group(a, h), t, s;
  size_t at = (size_t)h * a->P * a->N, PN = (size_t)a->P * a->N; /* the head's state: F32, or widened into sw */
  float A = -expf(a->A_log[h]), acc = 0.0f, lend, *S = a->stype == WM_F32 ? a->S + at : a->sw + (size_t)worker * PN;
  const float *X = a->xs + (size_t)c0 * a->ldx + (size_t)h * a->P, *cb = CB + (size_t)gg * Q * Q;
  const float *Cg = a->Cm + (size_t)c0 * a->ldbc + (size_t)gg * a->N, *Bg = a->Bm + (size_t)c0 * a->ldbc + (size_t)gg * a->N;
  float *Y = a->y + ((size_t)j->yr * a->H + (size_t)h) * a->P; /* row t (>= t0) at Y + (t - t0) ldy */
  size_t ldy = (size_t)a->H * a->P;
  if (a->stype != WM_F32) wm__st_widen(S, (const uint16_t *)(const void *)a->S + at, PN, a->stype);
  for (t = 0; t < q; t++) { acc += A * a->dt[(size_t)(c0 + t) * a->ldt + h]; w->lam[t] = acc; }
  for (; t < (q + 15) / 16 * 16; t++) w->lam[t] = 0.0f; /* (exp over whole 16s: a row's lane whatever q) */
  for (t = t0; t < q; t++) { /* the masked decay matrix, row by row */
    float *m = w->M + (size_t)t * Q;
    for (s = 0; s <= t; s++) w->e[s] = w->lam[t] - w->lam[s];
    wm__k_exp(kc, w->e, w->e, t + 1);
    for (s = 0; s <= t; s++) m[s] = cb[(size_t)t * Q + s] * w->e[s] * a->dt[(size_t)(c0 + s) * a->ldt + h];
    for (; s < q; s++) m[s] = 0.0f;
  }
  for (t = t0; t < q; t++) { /* y = D x */
    memcpy(Y + (size_t)(t - t0) * ldy, X + (size_t)t * a->ldx, (size_t)a->P * sizeof *Y);
    wm__k_scale(kc, Y + (size_t)(t - t0) * ldy, a->Dskip[h], (size_t)a->P);
  }
  for (t = t0 / 16 * 16; t < q; t += 16) { /* += M X by 16 rows: M is lower triangular (columns past a block add 0) */
    int r = WM__MAX(t, t0);
    wm__k_gemm_acc(kc, WM__MIN(16, q - t) - (r - t), a->P, WM__MIN(q, t + 16), w->M + (size_t)r * Q, Q, 1, X, a->ldx, Y + (size_t)(r - t0) * ldy, (int)ldy);
  }
  for (t = 0; t < (q + 15) / 16 * 16; t++) w->e[t] = w->lam[t];
  wm__k_exp(kc, w->e, w->e, (q + 15) / 16 * 16);
  for (t = t0; t < q; t++) { /* += exp(lam_t) C_t S^T */
    memcpy(w->CB2 + (size_t)t * a->N, Cg + (size_t)t * a->ldbc, (size_t)a->N * sizeof *Cg);
    wm__k_scale(kc, w->CB2 + (size_t)t * a->N, w->e[t], (size_t)a->N);
  }
  if (t0 < q) wm__k_gemm_nt(kc, q - t0, a->P, a->N, w->CB2 + (size_t)t0 * a->N, a->N, S, a->N, Y, (int)ldy, 1);
  if (!j->pass) return; /* (S untouched: a reduced state's widened copy is dropped) */
  lend = w->lam[q - 1];
  for (s = 0; s < q; s++) w->e[s] = lend - w->lam[s];
  wm__k_exp(kc, w->e, w->e, q);
  for (s = 0; s < q; s++) { /* state passing */
    memcpy(w->CB2 + (size_t)s * a->N, Bg + (size_t)s * a->ldbc, (size_t)a->N * sizeof *Bg);
    wm__k_scale(kc, w->CB2 + (size_t)s * a->N, w->e[s] * a->dt[(size_t)(c0 + s) * a->ldt + h], (size_t)a->N);
  }
  wm__k_scale(kc, S, expf(lend), (size_t)a->P * a->N);
  wm__k_gemm_acc(kc, a->P, a->N, q, X, 1, a->ldx, w->CB2, a->N, S, a->N);
  if (a->stype != WM_F32) wm__st_narrow((uint16_t *)(void *)a->S + at, S, PN, a->stype);
}

static void wm__ssd_chunk(const wm__kc *kc, const wm__ssd_args *a, float *CB, wm__ssd_ws *ws, int c0, int q, int t0, int yr, int pass) {
  wm__ssd_job j;
  j.kc = kc; j.a = a; j.CB = CB; j.ws = ws; j.Q = a->ldq;
  j.c0 = c0; j.q = q; j.t0 = t0; j.yr = yr; j.pass = pass;
  wm__pfor(kc, a->G * WM__SSD_CB_BLOCKS(q), wm__ssd_cb_task, &j);
  wm__pfor(kc, a->H, wm__ssd_head_task, &j);
}

/* Many tokens: chunks of Q from the last boundary; pin holds pend tokens'
   x | B | C | dt: the chunk begun is staged there, only new rows output.
   keep: a last chunk short of Q stays in pin, not in S. */
static void wm__pin_put(const wm__ssd_args *a, float *pin, int c0, int n) { /* rows c0.. of x | B | C | dt, n of them */
  size_t I = (size_t)a->H * a->P, GN = (size_t)a->G * a->N, t;
  for (t = 0; t < (size_t)n; t++, pin += I + 2 * GN + a->H) {
    memcpy(pin, a->xs + (c0 + t) * a->ldx, sizeof(float) * I);
    memcpy(pin + I, a->Bm + (c0 + t) * a->ldbc, sizeof(float) * GN);
    memcpy(pin + I + GN, a->Cm + (c0 + t) * a->ldbc, sizeof(float) * GN);
    memcpy(pin + I + 2 * GN, a->dt + (c0 + t) * a->ldt, sizeof(float) * (size_t)a->H);
  }
}
static wm__ssd_args wm__pin_args(const wm__ssd_args *a, float *pin) { /* a's scan over the rows in pin */
  wm__ssd_args s = *a;
  int I = a->H * a->P, GN = a->G * a->N;
  s.xs = pin; s.Bm = pin + I; s.Cm = pin + I + GN; s.dt = pin + I + 2 * GN; s.ldx = s.ldbc = s.ldt = I + 2 * GN + a->H;
  return s;
}
static int wm__ssd_chunked(const wm__kc *kc, const wm__ssd_args *a, float *CB, wm__ssd_ws *ws, float *pin, int pend, int keep) {
  int Q = a->chunk, c0 = 0, q, I = a->H * a->P, GN = a->G * a->N, pw = I + 2 * GN + a->H;
  if (pend) { /* the chunk begun: staged in pin */
    wm__ssd_args s = wm__pin_args(a, pin);
    q = WM__MIN(Q, pend + a->nb);
    wm__pin_put(a, pin + (size_t)pend * pw, 0, q - pend);
    wm__ssd_chunk(kc, &s, CB, ws, 0, q, pend, 0, !(keep && q < Q));
    if (keep && q < Q) return q;
    c0 = q - pend;
  }
  for (; c0 < a->nb; c0 += Q) {
    q = WM__MIN(Q, a->nb - c0);
    wm__ssd_chunk(kc, a, CB, ws, c0, q, 0, c0, !(keep && q < Q));
    if (keep && q < Q) { wm__pin_put(a, pin, c0, q); return q; } /* held */
  }
  return 0;
}

/* Every module sees one of these. */
typedef struct wm__ctx {
  const wm_model *m;
  const wm_config *c;
  const wm__kc *kc;
  const void *w; /* this slot's weights: the module's own wm__*_w */
  wm__lstate *st; /* this layer's session state */
  int nb, pos0; /* tokens of this batch and the position of the first */
  int n_ctx, ctype; /* the session's context (KV cache rows) and cache type */
  int stype; /* the session's state_type: WM_F32, or F16 / BF16 states (wm__st_widen) */
  float *sw; /* F32 working copy of a reduced state: wm__st_work_floats of them, or NULL */
  const float *rope_cs, *rope_sn;   /* [nb][ssd_state/2] RoPE of SSD B/C (cheems), or NULL */
  const float *arope_cs, *arope_sn; /* [nb][head_dim/2] RoPE of attention q/k, or NULL */
  int r0; /* a sequence's first row in its batch (below) */
  int pend, keep; /* held tokens (split_exact); keep: hold a short last chunk */
  int nseq; /* sequences of these nb rows: 1, or several sessions' (wm_batch_step) */
  const struct wm__ctx *seq; /* [nseq] each one's rows r0 .. r0+nb-1, state, positions and plain kernels (kc without
                                segments), which its recurrence and attention use; rows and the RoPE tables indexed by
                                row stay the batch's. A module's per-token work runs over all nb rows at once. */
} wm__ctx;
WM__SLOT(wm__ctx, 144);

/* scratch rows of a scan: held tokens join a sequence's rows */
static int wm__scan_rows(const wm__ctx *x) {
  int q;
  for (q = 0; q < x->nseq; q++)
      if (x->seq[q].pend || x->seq[q].keep) return x->nb + WM__GRID - 1;
  return x->nb;
}

/* ---- cheems SSD module (Listing 4 + RoPE on B and C) ------------------- */

typedef struct wm__ssd_w {
  wm__mat x_proj, b_proj, c_proj; /* [H*P][D], [G*N][D], [G*N][D] */
  wm__mat dt_proj, out_proj; /* [H][D], [D][H*P] */
  const float *x_projb, *b_projb, *c_projb, *dt_projb, *out_projb; /* optional biases */
  const float *A_log, *Dskip; /* [H] */
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
  int Q = WM__MIN(wm__grid(c), nb), i;
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

/* a decode by the O(1) step (held tokens passed on first), a prefill by chunks */
static void wm__ssd_run(const wm__ctx *sq, const wm__ssd_args *a, float *CB, wm__ssd_ws *ws) {
  if (sq->kc->tiled) { wm__ssd_chunked(sq->kc, a, CB, ws, sq->st->pin, sq->pend, sq->keep); return; }
  if (sq->pend) { /* held rows passed on (no output) */
    wm__ssd_args s = wm__pin_args(a, sq->st->pin);
    wm__ssd_chunk(sq->kc, &s, CB, ws, 0, sq->pend, sq->pend, 0, 1);
  }
  wm__ssd_step(sq->kc, a);
}

static void wm__ssd_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
  const wm_config *c = x->c;
  const wm__ssd_w *w = (const wm__ssd_w *)x->w;
  const wm__kc *kc = x->kc;
  wm__ssd_bufs b;
  wm__ssd_args a;
  int t, g, i, q, H = c->ssd_heads, G = c->ssd_groups, N = c->ssd_state, D = c->hidden_size, nq = wm__scan_rows(x);
  wm__ssd_carve(ar, c, nq, kc->n_threads, &b);
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
  a.A_log = w->A_log; a.Dskip = w->Dskip;
  a.ldx = wm__ssd_I(c); a.ldbc = G * N; a.ldt = H;
  a.H = H; a.P = wm__ssd_P(c); a.N = N; a.G = G; a.group_div = c->ssd_group_div; a.chunk = wm__grid(c); a.ldq = WM__MIN(a.chunk, nq);
  for (q = 0; q < x->nseq; q++) { /* each sequence its scan */
    const wm__ctx *sq = &x->seq[q];
    size_t r = (size_t)sq->r0;
    a.y = b.yv + r * a.ldx; a.S = sq->st->S; a.xs = b.xs + r * a.ldx; a.Bm = b.Bm + r * a.ldbc; a.Cm = b.Cm + r * a.ldbc; a.dt = b.dt + r * H;
    a.stype = sq->stype; a.sw = sq->sw; a.nb = sq->nb;
    wm__ssd_run(sq, &a, b.CB, b.ws);
  }
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
  wm__mat in_proj; /* [I+C+H][D] */
  wm__mat in_z, in_xbc, in_dt; /* its row slices [I], [C], [H] */
  wm__mat out_proj; /* [D][I] */
  const float *in_projb, *in_zb, *in_xbcb, *in_dtb, *out_projb; /* optional biases */
  const float *conv_w; /* [C][K] */
  const float *conv_b, *dt_bias; /* [C] (optional), [H] */
  const float *A_log, *Dskip; /* [H] */
  const float *gnorm; /* [I] */
} wm__mamba_w;

typedef struct wm__mamba_bufs {
  float *z; /* [nb][I] */
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

/* the mixer's per-token steps, threaded by blocks of tokens (as wm__rows_job) */
typedef struct wm__mamba_job {
  const wm_config *c;
  const wm__mamba_w *w;
  const wm__kc *kc;
  const wm__mamba_bufs *b;
  const float *e; /* the conv: this sequence's window, [K-1+nb][C] */
  int r0, nb, items;
} wm__mamba_job;

static void wm__mamba_conv_task(void *arg, int item, int worker) { /* the causal conv and SiLU of a block of tokens */
  const wm__mamba_job *j = (const wm__mamba_job *)arg;
  int C = wm__conv_C(j->c), K = j->c->conv_kernel, i, k, t, t1 = wm__row_at(j->nb, item + 1, j->items);
  (void)worker;
  for (t = wm__row_at(j->nb, item, j->items); t < t1; t++) {
    float *o = j->b->xbc + (size_t)(j->r0 + t) * C;
    for (i = 0; i < C; i++) {
      float s = j->w->conv_b ? j->w->conv_b[i] : 0.0f;
      for (k = 0; k < K; k++) s += j->w->conv_w[(size_t)i * K + k] * j->e[(size_t)(t + k) * C + i];
      o[i] = s;
    }
    wm__k_act_mul(j->kc, o, NULL, (size_t)C, WM_ACT_SILU);
  }
}

static void wm__mamba_gate_task(void *arg, int item, int worker) { /* y * SiLU(z), then the group-wise RMSNorm, a block of tokens */
  const wm__mamba_job *j = (const wm__mamba_job *)arg;
  int I = wm__ssd_I(j->c), g = I / j->c->norm_groups, i, t, t1 = wm__row_at(j->nb, item + 1, j->items);
  (void)worker;
  for (t = wm__row_at(j->nb, item, j->items); t < t1; t++) {
    float *y = j->b->yv + (size_t)t * I, *z = j->b->z + (size_t)t * I;
    wm__k_act_mul(j->kc, z, NULL, (size_t)I, WM_ACT_SILU);
    for (i = 0; i < I; i++) y[i] *= z[i];
    for (i = 0; i < I; i += g) wm__k_rmsnorm(j->kc, y + i, y + i, j->w->gnorm + i, g, j->c->norm_eps);
  }
}

static void wm__mamba_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
  const wm_config *c = x->c;
  const wm__mamba_w *w = (const wm__mamba_w *)x->w;
  const wm__kc *kc = x->kc;
  wm__mamba_bufs b;
  wm__ssd_args a;
  int t, i, q, D = c->hidden_size, I = wm__ssd_I(c), C = wm__conv_C(c), K = c->conv_kernel, H = c->ssd_heads;
  int GN = c->ssd_groups * c->ssd_state, nq = wm__scan_rows(x);
  wm__mamba_carve(ar, c, nq, kc->n_threads, &b);
  wm__k_matmul(kc, b.z, I, in, D, &w->in_z, w->in_zb, x->nb);
  wm__k_matmul(kc, b.ext + (size_t)(K - 1) * C, C, in, D, &w->in_xbc, w->in_xbcb, x->nb);
  wm__k_matmul(kc, b.dt, H, in, D, &w->in_dt, w->in_dtb, x->nb);
  for (q = 0; q < x->nseq; q++) { /* each sequence: its conv window just before its rows (over the rows of the one before) */
    const wm__ctx *sq = &x->seq[q];
    float *e = b.ext + (size_t)sq->r0 * C; /* [K-1+nb][C] */
    wm__mamba_job j;
    memcpy(e, sq->st->conv, sizeof(float) * (size_t)(K - 1) * C);
    j.c = c; j.w = w; j.kc = kc; j.b = &b; j.e = e; j.r0 = sq->r0; j.nb = sq->nb; j.items = wm__row_items(kc, sq->nb);
    wm__pfor(kc, j.items, wm__mamba_conv_task, &j);
    memcpy(sq->st->conv, e + (size_t)sq->nb * C, sizeof(float) * (size_t)(K - 1) * C);
  }
  for (t = 0; t < x->nb; t++)
      for (i = 0; i < H; i++) {
        float d = wm__softplus(b.dt[(size_t)t * H + i] + w->dt_bias[i]);
        b.dt[(size_t)t * H + i] = d < c->dt_min ? c->dt_min : (d > c->dt_max ? c->dt_max : d);
      }
  a.A_log = w->A_log; a.Dskip = w->Dskip;
  a.ldx = C; a.ldbc = C; a.ldt = H;
  a.H = H; a.P = wm__ssd_P(c); a.N = c->ssd_state; a.G = c->ssd_groups; a.group_div = 1; a.chunk = wm__grid(c); a.ldq = WM__MIN(a.chunk, nq);
  for (q = 0; q < x->nseq; q++) {
    const wm__ctx *sq = &x->seq[q];
    float *xbc = b.xbc + (size_t)sq->r0 * C;
    a.y = b.yv + (size_t)sq->r0 * I; a.S = sq->st->S; a.xs = xbc; a.Bm = xbc + I; a.Cm = xbc + I + GN; a.dt = b.dt + (size_t)sq->r0 * H;
    a.stype = sq->stype; a.sw = sq->sw; a.nb = sq->nb;
    wm__ssd_run(sq, &a, b.CB, b.ws);
  }
  {
    wm__mamba_job j;
    j.c = c; j.w = w; j.kc = kc; j.b = &b; j.e = NULL; j.r0 = 0; j.nb = x->nb; j.items = wm__row_items(kc, x->nb);
    wm__pfor(kc, j.items, wm__mamba_gate_task, &j);
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
  const float *dnorm; /* [D] */
  wm__mat o; /* [D][D] or [D][2D]; absent (add only): identity */
  const float *ob; /* never stored (no biases) */
} wm__mcsd_w;

static size_t wm__mcsd_theta(const wm_config *c) { return (size_t)c->hidden_size * (c->mcsd_concat ? 2u : 1u); }

static void wm__mcsd_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
  const wm_config *c = x->c;
  const wm__mcsd_w *w = (const wm__mcsd_w *)x->w;
  const wm__kc *kc = x->kc;
  int D = c->hidden_size, C = c->mcsd_channels, Dc = D / C, t, ch, i, o;
  size_t TW = wm__mcsd_theta(c);
  float *th = wm__falloc(ar, (size_t)x->nb, TW, 1); /* [nb][D or 2D] */
  float *p = wm__falloc(ar, 5, (size_t)Dc, 1); /* U, V, F, E, RMSNorm(decay): [5][Dc] */
  size_t nS = 2 * (size_t)D + (size_t)C;
  int q;
  for (q = 0; q < x->nseq; q++) { /* each sequence its recurrence, over its rows */
    const wm__ctx *sq = &x->seq[q];
    float *A = sq->stype == WM_F32 ? sq->st->S : sq->sw, *B = A + D, *z = B + D; /* [D], [D], [C]; a reduced state widened into sw */
    if (sq->stype != WM_F32) wm__st_widen(A, sq->st->S, nS, sq->stype);
    for (t = sq->r0; t < sq->r0 + sq->nb; t++) {
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
      if (sq->stype != WM_F32) { /* a reduced state rounded after each token, as a decode's */
        wm__st_narrow(sq->st->S, A, nS, sq->stype);
        wm__st_widen(A, sq->st->S, nS, sq->stype);
      }
    }
  }
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
  const float *conv_w, *conv_b; /* [Di][K], [Di] */
  const float *resw, *act_norm; /* [Di], [Di] */
} wm__rod_w;

typedef struct wm__rod_bufs {
  float *az;   /* [nb][2Di] */
  float *ext;  /* [K-1+nb][Di] conv window followed by this batch's a */
  float *xs;   /* [nb][Di] x' */
  float *qk;   /* [nb][2n] */
  float *lo;   /* [nb][l] */
  float *beta; /* [nb][Di] */
  float *mg;   /* [nb][2n] */
  float *o; /* [nb][Di] */
  float *A; /* [Q][Q] intra-chunk weights (prefill) */
  float *Gc; /* [Q][n] the chunk's running sums of the log decay */
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
  b->Gc = wm__falloc(a, (size_t)WM__MIN(nb, WM__ROD_CHUNK), n, 1);
  b->kd = wm__falloc(a, n, 1, 1);
}

/* The GLA of a chunk of L tokens (prefill), state S [n][Di] in and (pass)
   out; rows ld (u, o: ldu) apart: log decay lg, q (/ sqrt(n)), k^, u [Di];
   o accumulates. With G_t = sum_{r<=t} lg_r (from the chunk's start, in Gc):
     o_t += sum_{s<=t} (sum_i q_t[i] k_s[i] exp(G_t[i] - G_s[i])) u_s + (q_t exp(G_t)) S
     S    = exp(G_end) S + sum_s (k_s exp(G_end - G_s))^T u_s
   only differences of G are exponentiated (all <= 0); o_t does not depend on L. */
static void wm__rod_chunk(const wm__kc *kc, const wm__rod_bufs *b, float *S, int L, int n, int Di, const float *lg, const float *q, const float *k,
                          const float *u, float *o, int ld, int ldu, float qs, int pass) {
  float *G = b->Gc;
  int t, s2, i;
  for (t = 0; t < L; t++)
      for (i = 0; i < n; i++) G[(size_t)t * n + i] = t ? G[(size_t)(t - 1) * n + i] + lg[(size_t)t * ld + i] : lg[i];
  for (t = 0; t < L; t++) {
    const float *Gt = G + (size_t)t * n, *qt = q + (size_t)t * ld;
    for (s2 = 0; s2 <= t; s2++) {
      const float *Gs = G + (size_t)s2 * n, *ks = k + (size_t)s2 * ld;
      float a = 0.0f;
      for (i = 0; i < n; i++) a += qt[i] * ks[i] * expf(Gt[i] - Gs[i]);
      b->A[(size_t)t * L + s2] = a * qs;
    }
    for (s2 = 0; s2 <= t; s2++) wm__k_axpy(kc, o + (size_t)t * ldu, b->A[(size_t)t * L + s2], u + (size_t)s2 * ldu, WM_F32, Di);
    for (i = 0; i < n; i++) wm__k_axpy(kc, o + (size_t)t * ldu, qt[i] * qs * expf(Gt[i]), S + (size_t)i * Di, WM_F32, Di);
  }
  if (pass) {
    const float *Ge = G + (size_t)(L - 1) * n;
    for (i = 0; i < n; i++) wm__k_scale(kc, S + (size_t)i * Di, expf(Ge[i]), (size_t)Di);
    for (s2 = 0; s2 < L; s2++) {
      const float *Gs = G + (size_t)s2 * n, *ks = k + (size_t)s2 * ld;
      for (i = 0; i < n; i++) b->kd[i] = ks[i] * expf(Ge[i] - Gs[i]);
      for (i = 0; i < n; i++) wm__k_axpy(kc, S + (size_t)i * Di, b->kd[i], u + (size_t)s2 * ldu, WM_F32, Di);
    }
  }
}

/* held rows of a GLA: lg | q k^ | u | o */
static void wm__rod_pin_put(float *pin, const wm__rod_bufs *b, size_t r, int m, int n, int Di) {
  size_t pw = 4 * (size_t)n + 2 * (size_t)Di;
  int t;
  for (t = 0; t < m; t++, r++, pin += pw) {
    memcpy(pin, b->mg + r * 2 * n, sizeof(float) * (size_t)n);
    memcpy(pin + 2 * n, b->qk + r * 2 * n, sizeof(float) * 2 * (size_t)n);
    memcpy(pin + 4 * n, b->beta + r * Di, sizeof(float) * (size_t)Di);
    memcpy(pin + 4 * n + Di, b->o + r * Di, sizeof(float) * (size_t)Di);
  }
}

/* a sequence's prefill by chunks from the last boundary, held rows first; keep: hold a short last one; reduced states rounded per chunk */
static void wm__rod_round(const wm__ctx *sq, float *S, size_t nS) {
  if (sq->stype == WM_F32) return;
  wm__st_narrow(sq->st->S, S, nS, sq->stype);
  wm__st_widen(S, sq->st->S, nS, sq->stype);
}
static void wm__rod_prefill(const wm__ctx *sq, const wm__rod_bufs *b, float *S, size_t r, int n, int Di, float qs) {
  const wm__kc *kc = sq->kc;
  float *pin = sq->st->pin;
  int Q = WM__ROD_CHUNK, c0 = 0, L, t, pw = 4 * n + 2 * Di, pend = sq->pend, keep = sq->keep, nb = sq->nb;
  if (pend) { /* the chunk begun: staged in pin */
    L = WM__MIN(Q, pend + nb);
    wm__rod_pin_put(pin + (size_t)pend * pw, b, r, L - pend, n, Di);
    wm__rod_chunk(kc, b, S, L, n, Di, pin, pin + 2 * n, pin + 3 * n, pin + 4 * n, pin + 4 * n + Di, pw, pw, qs, !(keep && L < Q));
    for (t = pend; t < L; t++) memcpy(b->o + (r + (size_t)(t - pend)) * Di, pin + (size_t)t * pw + 4 * n + Di, sizeof(float) * (size_t)Di);
    if (keep && L < Q) return;
    wm__rod_round(sq, S, (size_t)n * Di);
    c0 = L - pend;
  }
  for (; c0 < nb; c0 += Q) {
    size_t rt = r + (size_t)c0;
    L = WM__MIN(Q, nb - c0);
    if (keep && L < Q) wm__rod_pin_put(pin, b, rt, L, n, Di); /* held */
    wm__rod_chunk(kc, b, S, L, n, Di, b->mg + rt * 2 * n, b->qk + rt * 2 * n, b->qk + rt * 2 * n + n, b->beta + rt * Di, b->o + rt * Di, 2 * n, Di,
                  qs, !(keep && L < Q));
    if (keep && L < Q) return;
    wm__rod_round(sq, S, (size_t)n * Di);
  }
}

static void wm__rod_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
  const wm_config *c = x->c;
  const wm__rod_w *w = (const wm__rod_w *)x->w;
  const wm__kc *kc = x->kc;
  wm__rod_bufs b;
  int D = c->hidden_size, Di = c->rod_inner, n = c->rod_mem, K = c->conv_kernel, t, i, k, q;
  float qs = 1.0f / sqrtf((float)n);
  wm__rod_carve(ar, c, wm__scan_rows(x), &b);
  wm__k_matmul(kc, b.az, 2 * Di, in, D, &w->fc, NULL, x->nb);
  for (q = 0; q < x->nseq; q++) { /* each sequence: its conv window just before its rows (over the rows of the one before) */
    const wm__ctx *sq = &x->seq[q];
    float *e = b.ext + (size_t)sq->r0 * Di; /* [K-1+nb][Di] */
    memcpy(e, sq->st->conv, sizeof(float) * (size_t)(K - 1) * Di);
    for (t = 0; t < sq->nb; t++) memcpy(e + (size_t)(K - 1 + t) * Di, b.az + (size_t)(sq->r0 + t) * 2 * Di, sizeof(float) * (size_t)Di);
    memcpy(sq->st->conv, e + (size_t)sq->nb * Di, sizeof(float) * (size_t)(K - 1) * Di);
    for (t = 0; t < sq->nb; t++) { /* x' = silu(b + sum_k w_k a_{t-K+1+k}) */
      float *o = b.xs + (size_t)(sq->r0 + t) * Di;
      for (i = 0; i < Di; i++) {
        float s = w->conv_b ? w->conv_b[i] : 0.0f;
        for (k = 0; k < K; k++) s += w->conv_w[(size_t)i * K + k] * e[(size_t)(t + k) * Di + i];
        o[i] = s;
      }
      wm__k_act_mul(kc, o, NULL, (size_t)Di, WM_ACT_SILU);
    }
  }
  wm__k_matmul(kc, b.qk, 2 * n, b.xs, Di, &w->in_proj, NULL, x->nb);
  wm__k_matmul(kc, b.mg, 2 * n, b.xs, Di, &w->mem_gate, w->mem_gateb, x->nb);
  wm__k_matmul(kc, b.lo, c->rod_rank, b.az, 2 * Di, &w->ch0, NULL, x->nb); /* a: the first half of each row of az */
  wm__k_matmul(kc, b.beta, Di, b.lo, c->rod_rank, &w->ch1, w->ch1b, x->nb);
  for (t = 0; t < x->nb; t++) {
    const float *a = b.az + (size_t)t * 2 * Di, *xs = b.xs + (size_t)t * Di;
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
  }
  for (q = 0; q < x->nseq; q++) { /* each sequence its recurrence */
    const wm__ctx *sq = &x->seq[q];
    float *S = sq->stype == WM_F32 ? sq->st->S : sq->sw; /* [n][Di]; a reduced state widened into sw */
    size_t r = (size_t)sq->r0;
    if (sq->stype != WM_F32) wm__st_widen(S, sq->st->S, (size_t)n * (size_t)Di, sq->stype);
    if (!sq->kc->tiled && sq->pend) { /* a decode: held rows passed into S first */
      float *p = sq->st->pin;
      int pw = 4 * n + 2 * Di;
      wm__rod_chunk(sq->kc, &b, S, sq->pend, n, Di, p, p + 2 * n, p + 3 * n, p + 4 * n, p + 4 * n + Di, pw, pw, qs, 1);
      wm__rod_round(sq, S, (size_t)n * Di);
    }
    if (!sq->kc->tiled) {
      const float *qv = b.qk + r * 2 * n, *kk = qv + n, *mg = b.mg + r * 2 * n, *u = b.beta + r * Di;
      float *o = b.o + r * Di;
      for (k = 0; k < n; k++) { /* decode: S_k = decay_k S_k + k^_k u;  o += q_k / sqrt(n) S_k */
        float *Sk = S + (size_t)k * Di;
        wm__k_scale(sq->kc, Sk, expf(mg[k]), (size_t)Di);
        wm__k_axpy(sq->kc, Sk, kk[k], u, WM_F32, Di);
        wm__k_axpy(sq->kc, o, qv[k] * qs, Sk, WM_F32, Di);
      }
    }
    else wm__rod_prefill(sq, &b, S, r, n, Di, qs);
    if (sq->stype != WM_F32) wm__st_narrow(sq->st->S, S, (size_t)n * (size_t)Di, sq->stype);
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
  float *S; /* [QB][n_ctx] scores, then probabilities */
  float *tmp; /* [n_ctx] keep-window selection (doge) */
  unsigned *hist; /* [2048] */
  wm__pair *sel; /* [n_ctx] */
  unsigned char *keep; /* [QB][n_ctx] the keys each query of the block keeps */
  wm__qa *qa; /* [QB][groups of hd] queries quantized against a Q8_0 cache */
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
  int window; /* 0: none */
  int keep; /* used with add */
  float scale;
} wm__attn_rule;

static int wm__attn_lo(const wm__attn_rule *ru, int p) { return ru->window > 0 && p - ru->window + 1 > 0 ? p - ru->window + 1 : 0; }

/* Softmax scores of one query at position p over its keys [jlo, pmax]: row
   holds q.k for those keys and gets the probabilities; kp[j] (j in [lo, p])
   is the keep mask when the keep window applies, else NULL. */
static void wm__attn_probs(const wm__kc *kc, const wm__attn_rule *ru, float *row, int jlo, int pmax, int p, const unsigned char *kp) {
  int lo = wm__attn_lo(ru, p), j;
  float *sc = row - jlo; /* sc[j] for j in [jlo, pmax] */
  if (kp) /* branch-free: the keep mask is not predictable */
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
  wm__k_softmax(kc, sc + lo, p - lo + 1); /* over the query's own keys only */
  for (j = jlo; j < lo; j++) sc[j] = 0.0f; /* outside the sliding window */
  for (j = p + 1; j <= pmax; j++) sc[j] = 0.0f; /* causal */
}

/* The blocked attention: one kv head, queries at p0 .. p0+bq-1 of its grp
   query heads, o += softmax(scores) V. q, o: query i of head g at q + i*ldq
   + g*hd; kcache/vcache: the head's rows [n_rows][hd] of ctype, key j in row
   j (ring 0) or j mod ring (keys [jlo, pmax] then one or two runs). Scores
   [QB][ld] (never T x T): bq queries of one head, or for one query its grp
   heads (each key and value row read once). F16 caches by the F16 dot and
   axpy; against Q8_0 the queries are quantized as activations (integer
   dots), the values widened block by block. */
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
      for (i = 0; i < hd; i += WM__QK) wm__quant_q8_0(x + i, dst + (size_t)i / WM__QK * WM__QB_Q8_0);
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
  wm__mat q, k, o; /* [D][D] */
  const float *qb, *kb, *ob; /* optional biases */
  wm__mat v_queries; /* [dret][D] */
  const float *v_queriesb;
  const float *v_keys; /* [n_values][dret] */
  wm__mat v_embed; /* [n_values][D] */
  const float *dyn_mask; /* [n_heads][max_pos] 0: key hidden */
} wm__ifa_w;

typedef struct wm__ifa_bufs {
  float *q; /* [nb][D] */
  float *k; /* [nb][D] */
  float *v; /* [nb][D] */
  float *vq;   /* [nb][dret] */
  float *sim;  /* [nb][n_values] */
  float *val;  /* [nb][topk] */
  int *idx; /* [nb][topk] */
  wm__pair *sel; /* [n_threads][n_values] */
  float *o; /* [nb][D] */
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

static void wm__ifa_token_task(void *arg, int tl, int worker) { /* token tl of the sequence: its values, RoPE, the cache */
  const wm__ifa_job *jb = (const wm__ifa_job *)arg;
  const wm__ctx *x = jb->x;
  int t = x->r0 + tl; /* its row */
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
    size_t at = (size_t)h * ld + (size_t)(x->pos0 + tl);
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
  size_t r = (size_t)(x->r0 + t0); /* the block's first row */
  wm__attn_block(x->kc, &jb->b.ws[worker], &ru, jb->b.q + r * D + (size_t)h * hd, D, jb->b.o + r * D + (size_t)h * hd, D, 1,
                 x->st->k + (size_t)h * ld * rb, x->st->v + (size_t)h * ld * rb, ct, ld, 0, hd, x->pos0 + t0, WM__MIN(WM__QB, x->nb - t0));
}

static void wm__ifa_module(const wm__ctx *x, const float *in, float *out, wm__arena *ar) {
  const wm_config *c = x->c;
  const wm__ifa_w *w = (const wm__ifa_w *)x->w;
  const wm__kc *kc = x->kc;
  wm__ifa_job jb;
  int D = c->hidden_size, nv = c->ifa_values, q;
  jb.in = in;
  wm__ifa_carve(ar, c, x->nb, x->n_ctx, kc->n_threads, &jb.b);
  wm__k_matmul(kc, jb.b.q, D, in, D, &w->q, w->qb, x->nb);
  wm__k_matmul(kc, jb.b.k, D, in, D, &w->k, w->kb, x->nb);
  wm__k_matmul(kc, jb.b.vq, c->ifa_retrieval, in, D, &w->v_queries, w->v_queriesb, x->nb);
  wm__k_gemm_nt(kc, x->nb, nv, c->ifa_retrieval, jb.b.vq, c->ifa_retrieval, w->v_keys, c->ifa_retrieval, jb.b.sim, nv, 0);
  memset(jb.b.o, 0, sizeof(float) * (size_t)x->nb * D);
  for (q = 0; q < x->nseq; q++) { /* each sequence: its keys and values into its cache, then its attention */
    jb.x = &x->seq[q];
    jb.n_blk = (jb.x->nb + WM__QB - 1) / WM__QB;
    wm__pfor(jb.x->kc, jb.x->nb, wm__ifa_token_task, &jb);
    wm__pfor(jb.x->kc, c->n_heads * jb.n_blk, wm__ifa_attn_task, &jb);
  }
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
  wm__mat q, k, v, o; /* [nH*hd][D], [nKV*hd][D] x2, [D][nH*hd] */
  const float *qb, *kb, *vb, *ob; /* optional biases */
  const float *q_norm, *k_norm; /* [hd], optional */
  const float *A; /* [nKV] */
  wm__mat dt_proj; /* [nKV][nKV*hd] */
  const float *dt_projb;
} wm__doge_attn_w;

typedef struct wm__doge_bufs {
  float *q; /* [nb][nH*hd] */
  float *k; /* [nb][nKV*hd] */
  float *v; /* [nb][nKV*hd] */
  float *dt;   /* [nb][n_kv] */
  float *o; /* [nb][nH*hd] */
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
  size_t q0 = (size_t)(x->r0 + t0) * QD + (size_t)kv * grp * hd, rb = wm__row_size(ct, (size_t)hd);
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
  int D = c->hidden_size, nH = c->n_heads, nKV = c->n_kv_heads, hd = c->head_dim, t, q;
  int QD = nH * hd, KD = nKV * hd;
  wm__doge_carve(ar, c, x->nb, x->n_ctx, kc->n_threads, &b);
  wm__k_matmul(kc, b.q, QD, in, D, &w->q, w->qb, x->nb);
  wm__k_matmul(kc, b.k, KD, in, D, &w->k, w->kb, x->nb);
  wm__k_matmul(kc, b.v, KD, in, D, &w->v, w->vb, x->nb);
  wm__k_matmul(kc, b.dt, nKV, b.v, KD, &w->dt_proj, w->dt_projb, x->nb);
  memset(b.o, 0, sizeof(float) * (size_t)x->nb * QD);
  jb.b = b;
  for (q = 0; q < x->nseq; q++) { /* each sequence: its keys, values and masks into its cache, then its attention */
    const wm__ctx *sq = &x->seq[q];
    unsigned char *kcache = sq->st->k, *vcache = sq->st->v; /* [nKV][n_ctx][hd] of ct */
    float *mm = sq->st->m; /* [nKV][n_ctx] */
    int ct = sq->ctype, ld = sq->n_ctx;
    for (t = sq->r0; t < sq->r0 + sq->nb; t++) {
      const float *cs = x->arope_cs + (size_t)t * (hd / 2), *sn = x->arope_sn + (size_t)t * (hd / 2);
      int h;
      for (h = 0; h < nH; h++) {
        float *qh = b.q + (size_t)t * QD + (size_t)h * hd;
        if (w->q_norm) wm__k_rmsnorm(kc, qh, qh, w->q_norm, hd, c->norm_eps);
        wm__k_rope(kc, qh, cs, sn, hd);
      }
      for (h = 0; h < nKV; h++) { /* k, v and the mask value into the head-major cache */
        float *k = b.k + (size_t)t * KD + (size_t)h * hd;
        size_t at = (size_t)h * ld + (size_t)(sq->pos0 + t - sq->r0);
        if (w->k_norm) wm__k_rmsnorm(kc, k, k, w->k_norm, hd, c->norm_eps);
        wm__k_rope(kc, k, cs, sn, hd);
        wm__kv_put(kcache, ct, at, k, hd);
        wm__kv_put(vcache, ct, at, b.v + (size_t)t * KD + (size_t)h * hd, hd);
        mm[at] = expf(w->A[h] * wm__softplus(b.dt[(size_t)t * nKV + h]));
      }
    }
    jb.x = sq;
    jb.n_blk = (sq->nb + WM__QB - 1) / WM__QB;
    wm__pfor(sq->kc, nKV * jb.n_blk, wm__doge_attn_task, &jb);
  }
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
   The state slot of a rodimus_plus layer: takes s = x + Flow(..) as it is
   (no pre-norm), returns FFN(RMSNorm_ffn(s + SWSKA(RMSNorm_attn(s)))), so
   x <- s + out is the two-hop residual (attention reaches the stream only
   through the FFN's input). SWSKA: q [H][hd], k [Hk][hd], v [Hv][hd];
   "norm" scale: q/|q| s_h, k/|k|, scale 1 (else 1/sqrt(hd)); rotary on the
   first rot_dim channels (NeoX halves or GPT-J pairs), optional xPos (the
   official code applies k's factor with the query's table); query head h
   reads key head h mod Hk, value head h mod Hv; query i sees keys i - W//2
   .. i. FFN: [a | g] = fc(x), out_proj(silu(g) a). Cache: per head a ring
   of W//2 + n_batch rows (key j in row j mod rows), or without a window
   n_ctx rows. */

typedef struct wm__ska_w {
  wm__mat q, k, v, o; /* [H*hd][D], [Hk*hd][D], [Hv*hd][D], [D][H*hd] */
  wm__mat fc, down; /* [2F][D] rows [a | g], [D][F] */
  const float *qb, *kb, *vb, *ob, *fcb, *downb; /* absent in the official code; read when present */
  const float *attn_norm, *ffn_norm;   /* [D] */
  const float *s; /* [ns] "norm" gains (attn.s [ns][1]), NULL: 1, 1 + H, 1 + 2H, .. */
} wm__ska_w;

typedef struct wm__ska_bufs {
  float *xn;   /* [nb][D] RMSNorm_attn(s), then RMSNorm_ffn(s + attention) */
  float *q; /* [nb][H*hd] */
  float *k; /* [nb][Hk*hd] */
  float *v; /* [nb][Hv*hd] */
  float *o; /* [nb][H*hd] */
  float *a; /* [nb][D] attention output */
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
  size_t rb = wm__row_size(ct, (size_t)hd), r = (size_t)(x->r0 + t0); /* the block's first row */
  wm__attn_rule ru;
  memset(&ru, 0, sizeof ru);
  ru.window = c->ska_window;
  ru.scale = c->ska_qk_norm ? 1.0f : 1.0f / sqrtf((float)hd);
  wm__attn_block(x->kc, &jb->b.ws[worker], &ru, jb->b.q + r * QD + (size_t)h * hd, QD, jb->b.o + r * QD + (size_t)h * hd, QD, 1,
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
  int QD = H * hd, KD = Hk * hd, VD = Hv * hd, h2 = c->ska_rot_dim / 2, t, q, ns = (15 + H - 1) / H, rows = 0;
  for (q = 0; q < x->nseq; q++) rows = WM__MAX(rows, x->seq[q].st->ring);
  wm__ska_carve(ar, c, x->nb, rows, kc->n_threads, &b);
  for (t = 0; t < x->nb; t++) wm__k_rmsnorm(kc, b.xn + (size_t)t * D, in + (size_t)t * D, w->attn_norm, D, c->norm_eps);
  wm__k_matmul(kc, b.q, QD, b.xn, D, &w->q, w->qb, x->nb);
  wm__k_matmul(kc, b.k, KD, b.xn, D, &w->k, w->kb, x->nb);
  wm__k_matmul(kc, b.v, VD, b.xn, D, &w->v, w->vb, x->nb);
  memset(b.o, 0, sizeof(float) * (size_t)x->nb * QD);
  jb.b = b;
  for (q = 0; q < x->nseq; q++) { /* each sequence: q, k after scaling and rotary; k, v into their rows of its ring; its attention */
    const wm__ctx *sq = &x->seq[q];
    int R = sq->st->ring, ct = sq->ctype;
    unsigned char *kcache = sq->st->k, *vcache = sq->st->v; /* [Hk][R][hd], [Hv][R][hd] of ct */
    size_t rb = wm__row_size(ct, (size_t)hd);
    if (h2) wm__ska_table(b.cs + (size_t)sq->r0 * h2, b.sn + (size_t)sq->r0 * h2, c, sq->pos0, sq->nb);
    for (t = sq->r0; t < sq->r0 + sq->nb; t++) {
      const float *cs = b.cs + (size_t)t * h2, *sn = b.sn + (size_t)t * h2;
      size_t row = (size_t)((sq->pos0 + t - sq->r0) % R);
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
    jb.x = sq;
    jb.n_blk = (sq->nb + WM__QB - 1) / WM__QB;
    wm__pfor(sq->kc, H * jb.n_blk, wm__ska_attn_task, &jb);
  }
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
  wm__mat gate, up, down; /* [F][D], [F][D], [D][F] */
  const float *gateb, *upb, *downb; /* optional biases */
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

static int wm__mlp_bias(const wm_config *c); /* its model type's MLP bias flag ([@MODELS]) */
static void wm__mlp_plan(wm__planner *p, const wm_config *c, void *wv) {
  wm__mlp_w *w = (wm__mlp_w *)wv;
  int D = c->hidden_size, F = c->intermediate_size, b = wm__mlp_bias(c);
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
  int *ix, *iy, *ci, *e; /* [K], [K], [K*K], [K] */
  float *vx, *vy, *cv, *s; /* [K], [K], [K*K], [K] */
  wm__pair *sel; /* [max(num_keys, K*K)] */
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
  wm__mat down_embed, up_embed; /* [E][D] */
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
  wm__mat sh_up, sh_down; /* shared expert [F][D], [D][F] */
  const float *sh_upb, *sh_downb; /* optional biases */
  wm__mat queries; /* [2*heads*dret/2][D] */
  const float *keys; /* [heads][num_keys][2][dret/2] */
  wm__experts_w ex;
} wm__cdmoe_w;

typedef struct wm__cdmoe_bufs {
  float *hid;  /* [nb][F] */
  float *u; /* [nb][D] (sequential form) */
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
  wm__mlp_w mlp; /* the shared expert: first, so the MLP module runs it */
  wm__mat router; /* [2*num_keys][D] */
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

/* the first \\uD800-\\uDFFF escape of the checked string [p, e) that is not
   half of a high-low pair, or NULL */
static const char *wm__j_lone_surrogate(const char *p, const char *e) {
  for (p++; p < e; p++) {
    unsigned u = 0, lo = 0;
    int i;
    if (*p != '\\') continue;
    if (p[1] != 'u') { p++; continue; }
    for (i = 2; i < 6; i++) u = u * 16 + (unsigned)wm__hex(p[i]);
    if (u < 0xd800 || u >= 0xe000) { p += 5; continue; }
    if (u >= 0xdc00 || e - p < 12 || p[6] != '\\' || p[7] != 'u') return p;
    for (i = 8; i < 12; i++) lo = lo * 16 + (unsigned)wm__hex(p[i]);
    if (lo < 0xdc00 || lo >= 0xe000) return p;
    p += 11;
  }
  return NULL;
}

/* what a failing check found: where and why; strict: RFC 8259 only (no NaN, Infinity, lone surrogate escapes) */
typedef struct wm__jchk {
  const char *bad, *why;
  int strict;
} wm__jchk;
#define WM__J_BAD(at, reason) do { if (c) c->bad = (at), c->why = (reason); return NULL; } while (0)
/* The end of the JSON value at p, or NULL; c (when not NULL) says where and
   why a failing value went wrong */
static const char *wm__j_value_or(const char *p, const char *e, int depth, wm__jchk *c) {
  const char *r;
  p = wm__j_ws(p, e);
  if (p >= e) WM__J_BAD(p, "the text ends where a value should be");
  switch (*p) {
  case '{':
  case '[': {
  char close = *p == '{' ? '}' : ']';
  int obj = *p == '{';
  if (depth <= 0) WM__J_BAD(p, "arrays and objects nested too deep");
  p = wm__j_ws(p + 1, e);
  if (p < e && *p == close) return p + 1;
  for (;;) {
    if (obj) {
      p = wm__j_ws(p, e);
      if (p >= e || *p != '"') WM__J_BAD(p, "a member's name should be a string here");
      if (!(r = wm__j_str_end(p, e))) WM__J_BAD(p, "a string that is not closed, or holds a control character, bad UTF-8 or a bad escape");
      p = wm__j_ws(r, e);
      if (p >= e || *p != ':') WM__J_BAD(p, "':' should follow a member's name");
      p++;
    }
    if (!(r = wm__j_value_or(p, e, depth - 1, c))) return NULL;
    p = r;
    p = wm__j_ws(p, e);
    if (p >= e) WM__J_BAD(p, "the text ends inside an array or object");
    if (*p == close) return p + 1;
    if (*p != ',') WM__J_BAD(p, obj ? "',' or '}' should be here" : "',' or ']' should be here");
    p++;
    if (wm__j_ws(p, e) < e && *wm__j_ws(p, e) == close) WM__J_BAD(wm__j_ws(p, e), "a trailing comma");
  }
}
  case '"':
    if (!(r = wm__j_str_end(p, e))) WM__J_BAD(p, "a string that is not closed, or holds a control character, bad UTF-8 or a bad escape");
    if (c && c->strict && (p = wm__j_lone_surrogate(p, r)) != NULL) WM__J_BAD(p, "a lone surrogate escape (UTF-8 has no such character)");
    return r;
  case 't': r = wm__j_lit(p, e, "true"); break;
  case 'f': r = wm__j_lit(p, e, "false"); break;
  case 'n': r = wm__j_lit(p, e, "null"); break;
  case 'N': r = c && c->strict ? NULL : wm__j_lit(p, e, "NaN"); break;
  default: r = wm__j_num_end(p, e);
    if (r && c && c->strict && (p[0] == 'I' || (p[0] == '-' && p[1] == 'I'))) r = NULL;
  }
  if (!r) WM__J_BAD(p, "not a JSON value");
  return r;
}
#undef WM__J_BAD
static const char *wm__j_value(const char *p, const char *e, int depth) { return wm__j_value_or(p, e, depth, NULL); }


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

/* One character of a string's text at *p (not at the closing quote): its
   UTF-8 bytes into out[4], *p past it; returns their count. An escape is
   undone; a lone surrogate becomes U+FFFD. */
static int wm__j_char(const char **pp, const char *e, char *out) {
  const char *p = *pp;
  size_t n = 0;
  if (*p != '\\') { out[0] = *p; *pp = p + 1; return 1; }
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
    wm__utf8_put(out, 4, &n, cp);
    *pp = p;
    return (int)n;
  }
  out[0] = *p == 'b' ? '\b' : *p == 'f' ? '\f' : *p == 'n' ? '\n' : *p == 'r' ? '\r' : *p == 't' ? '\t' : *p;
  *pp = p + 1;
  return 1;
}

/* Decodes the string at p (at '"') into buf (cap bytes, NUL added when it
   fits; buf may be NULL). Returns the decoded length in bytes. */
static size_t wm__j_str(const char *p, const char *e, char *buf, size_t cap) {
  size_t n = 0;
  p++;
  while (p < e && *p != '"') {
    char c4[4];
    int k, m = wm__j_char(&p, e, c4);
    for (k = 0; k < m; k++, n++)
        if (buf && n < cap) buf[n] = c4[k];
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

/* ---- the public reader: a host's own JSON (wm serve's request bodies) ---- */

WMDEF wm_status wm_json_parse(wm_json *root, const char *text, size_t n, int flags, int max_depth, wm_error *err) {
  wm__jchk chk;
  const char *e, *p;
  if (!root || (!text && n)) return wm__fail(err, WM_ERR_INVALID_ARG, "wm_json_parse: NULL argument");
  root->p = NULL;
  root->end = text + n;
  if (max_depth <= 0) max_depth = WM__JSON_DEPTH;
  e = text + n;
  chk.bad = text; chk.why = "not a JSON value"; chk.strict = !(flags & WM_JSON_LENIENT);
  p = wm__j_value_or(text, e, max_depth, &chk);
  if (p && wm__j_ws(p, e) != e) { chk.bad = wm__j_ws(p, e); chk.why = "more after the value"; p = NULL; }
  if (!p) {
    unsigned char ch = chk.bad < e ? (unsigned char)*chk.bad : 0;
    return wm__fail(err, WM_ERR_FORMAT, ch > 32 && ch < 127 ? "not JSON: %s (at byte %zu, '%c')" : "not JSON: %s (at byte %zu)", chk.why,
                    (size_t)(chk.bad - text), ch);
  }
  root->p = wm__j_ws(text, e);
  return WM_OK;
}

WMDEF int wm_json_type(wm_json v) {
  if (!v.p || v.p >= v.end) return WM_JSON_NONE;
  switch (*v.p) {
  case 'n': return WM_JSON_NULL;
  case 'f': return WM_JSON_FALSE;
  case 't': return WM_JSON_TRUE;
  case '"': return WM_JSON_STRING;
  case '[': return WM_JSON_ARRAY;
  case '{': return WM_JSON_OBJECT;
  default: return WM_JSON_NUMBER;
  }
}

WMDEF size_t wm_json_bytes(wm_json v) {
  const char *q = v.p && v.p < v.end ? wm__j_value(v.p, v.end, WM__JSON_DEPTH * 16) : NULL;
  return q ? (size_t)(q - v.p) : 0;
}

/* the member or element at p (after '{', '[' or ','): key and value */
static wm_json wm__json_at(const char *p, const char *e, wm_json *key) {
  wm_json v;
  v.end = e;
  v.p = NULL;
  p = wm__j_ws(p, e);
  if (key) key->p = NULL, key->end = e;
  if (p >= e || *p == '}' || *p == ']') return v;
  if (*p == '"') { /* an object's key, or an array's string element */
    const char *q = wm__j_ws(wm__j_str_end(p, e), e);
    if (q < e && *q == ':') {
      if (key) key->p = p;
      p = wm__j_ws(q + 1, e);
    }
  }
  v.p = p;
  return v;
}

WMDEF wm_json wm_json_first(wm_json v, wm_json *key) {
  int t = wm_json_type(v);
  if (t != WM_JSON_ARRAY && t != WM_JSON_OBJECT) { v.p = NULL; if (key) key->p = NULL, key->end = v.end; return v; }
  return wm__json_at(v.p + 1, v.end, key);
}

WMDEF wm_json wm_json_next(wm_json v, wm_json *key) {
  const char *q = v.p ? wm__j_value(v.p, v.end, WM__JSON_DEPTH * 16) : NULL;
  if (q) q = wm__j_ws(q, v.end);
  if (!q || q >= v.end || *q != ',') { v.p = NULL; if (key) key->p = NULL, key->end = v.end; return v; }
  return wm__json_at(q + 1, v.end, key);
}

WMDEF size_t wm_json_count(wm_json v) {
  size_t n = 0;
  wm_json x;
  for (x = wm_json_first(v, NULL); x.p; x = wm_json_next(x, NULL)) n++;
  return n;
}

WMDEF wm_json wm_json_get(wm_json obj, const char *key) {
  wm_json k, x, found;
  found.p = NULL;
  found.end = obj.end;
  if (wm_json_type(obj) != WM_JSON_OBJECT || !key) return found;
  for (x = wm_json_first(obj, &k); x.p; x = wm_json_next(x, &k))
      if (wm_json_is(k, key)) found = x;
  return found;
}

WMDEF size_t wm_json_string(wm_json s, char *buf, size_t cap) {
  if (wm_json_type(s) != WM_JSON_STRING) { if (buf && cap) buf[0] = 0; return 0; }
  return wm__j_str(s.p, s.end, buf, cap);
}

WMDEF int wm_json_is(wm_json s, const char *str) {
  size_t n = str ? strlen(str) : 0, i = 0;
  const char *p, *e = s.end;
  if (wm_json_type(s) != WM_JSON_STRING || !str) return 0;
  for (p = s.p + 1; p < e && *p != '"';) { /* decoded a character at a time: no buffer, any length */
    char c4[4];
    int k, m = wm__j_char(&p, e, c4);
    for (k = 0; k < m; k++, i++)
        if (i >= n || c4[k] != str[i]) return 0;
  }
  return i == n;
}

WMDEF int wm_json_number(wm_json v, double *out) {
  double x;
  if (wm_json_type(v) != WM_JSON_NUMBER || !wm__j_double(v.p, v.end, &x)) return 0;
  if (out) *out = x;
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
  int seq, state; /* WM_SEQ_*, WM_STATE_* */
  const float *norm_seq, *norm_state;  /* pre-norms [D] */
  const float *gain_seq, *gain_state;  /* residual gains [D], NULL: 1 */
  union { wm__ssd_w ssd; wm__ifa_w ifa; wm__doge_attn_w attn; wm__mamba_w mamba; wm__mcsd_w mcsd; wm__rod_w rod; } seq_w; /* by seq */
  union { wm__mlp_w mlp; wm__cdmoe_w cdmoe; wm__moe_w moe; wm__ska_w ska; } state_w; /* by state */
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
/* the product-key experts of a type's mixture-of-experts layers (their keys: its square root) */
static int wm__experts_cheems(const wm_config *c) { return c->cdmoe_experts; }
static int wm__experts_doge(const wm_config *c) { return c->n_experts; }

typedef struct wm__model_type {
  const char *name; /* config.json's model_type */
  void (*read)(wm__cfgr *r, wm_config *c); /* its own fields, layer_seq/layer_state included */
  unsigned seqs, states; /* WM__BIT(WM_SEQ_*), WM__BIT(WM_STATE_*): what its layers may hold */
  int tie_default; /* tie_word_embeddings when absent; -1: untied when lm_head is present */
  const char *embed, *prefix, *final_norm; /* tensor names: embedding, layer prefix, final norm */
  void (*stack)(wm__planner *p, const wm_config *c, wm__layer *L, int l); /* a layer's norms and modules */
  const char *hidden_key; /* config.json's name of hidden_size */
  int mlp_bias_mlp; /* its MLP's bias: 1 config's mlp_bias, 0 its bias_proj */
  int (*experts)(const wm_config *c); /* product-key experts (wm_model's num_keys), or NULL */
  int ssd_head_dim_derived; /* 1: ssd_head_dim, when absent, is hidden_size / ssd_num_heads */
  int llama_gguf; /* 1: llama.cpp reads it: GGUF writing adds its keys and tensor names */
} wm__model_type;

static const wm__model_type wm__model_types[] = {
  {NULL, NULL, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0, 0}, /* WM_MODEL_* start at 1 */
  {"cheems", wm__cfg_cheems, WM__BIT(WM_SEQ_NONE) | WM__BIT(WM_SEQ_SSD) | WM__BIT(WM_SEQ_ATTN),
 WM__BIT(WM_STATE_MLP) | WM__BIT(WM_STATE_CDMOE), 1, "model.embed_tokens.weight", "model.layers.", "model.norm.weight", wm__stack_cheems,
 "hidden_size", 0, wm__experts_cheems, 1, 0},
  {"doge", wm__cfg_doge, WM__BIT(WM_SEQ_DOGE_ATTN), WM__BIT(WM_STATE_MLP) | WM__BIT(WM_STATE_DOGE_MOE), -1, "model.embed_tokens.weight",
 "model.layers.", "model.norm.weight", wm__stack_doge, "hidden_size", 1, wm__experts_doge, 0, 0},
  {"mamba2", wm__cfg_mamba2, WM__BIT(WM_SEQ_MAMBA2), WM__BIT(WM_STATE_NONE), -1, "backbone.embeddings.weight", "backbone.layers.",
 "backbone.norm_f.weight", wm__stack_mamba2, "hidden_size", 0, NULL, 0, 1},
  {"mcsd", wm__cfg_mcsd, WM__BIT(WM_SEQ_MCSD), WM__BIT(WM_STATE_MLP), 1, "model.embed_tokens.weight", "model.layers.", "model.norm.weight",
 wm__stack_mcsd, "hidden_size", 0, NULL, 0, 0},
  {"rodimus", wm__cfg_rodimus, WM__BIT(WM_SEQ_RODIMUS), WM__BIT(WM_STATE_NONE) | WM__BIT(WM_STATE_SWSKA) | WM__BIT(WM_STATE_SWSKA_FULL), 0, "model.embeddings.weight", "model.layers.", "model.norm_f.weight",
 wm__stack_rodimus, "d_model", 0, NULL, 0, 0},
};
#define WM__N_MODEL_TYPES ((int)(sizeof wm__model_types / sizeof wm__model_types[0]))
static int wm__mlp_bias(const wm_config *c) { return wm__model_types[c->model_type].mlp_bias_mlp ? c->bias_mlp : c->bias_proj; }

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
  wm__jchk chk;
  const char *e, *p, *v;
  char buf[64];
  int k;
  if (!c || !json) return wm__fail(err, WM_ERR_INVALID_ARG, "config: NULL argument");
  e = json + n;
  memset(c, 0, sizeof *c);
  chk.bad = json; chk.why = NULL; chk.strict = 0;
  p = wm__j_value_or(json, e, WM__JSON_DEPTH, &chk);
  if (!p || wm__j_ws(p, e) != e)
      return wm__fail(err, WM_ERR_CONFIG, "config.json: not valid JSON (error near byte %zu)", (size_t)((p ? wm__j_ws(p, e) : chk.bad) - json));
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
  c->hidden_size = wm__cfg_int(&r, wm__model_types[c->model_type].hidden_key, 1, 1, 1, WM__MAX_DIM);
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

/* the scan's chunk (split_exact holds fewer tokens), or 0 */
static int wm__model_grid(const wm_model *m) {
  if (wm__model_uses(m, &wm__modules[WM_SEQ_RODIMUS])) return WM__ROD_CHUNK;
  return wm__model_uses(m, &wm__modules[WM_SEQ_SSD]) || wm__model_uses(m, &wm__modules[WM_SEQ_MAMBA2]) ? wm__grid(&m->cfg) : 0;
}

/* floats of a held token in layer l, or 0 */
static size_t wm__pin_floats(const wm_model *m, int l) {
  const wm__module *md = wm__slot_module(&m->layers[l], 0);
  const wm_config *c = &m->cfg;
  if (md == &wm__modules[WM_SEQ_RODIMUS]) return 4 * (size_t)c->rod_mem + 2 * (size_t)c->rod_inner;
  if (md != &wm__modules[WM_SEQ_SSD] && md != &wm__modules[WM_SEQ_MAMBA2]) return 0;
  return (size_t)wm__ssd_I(c) + 2 * (size_t)c->ssd_groups * c->ssd_state + (size_t)c->ssd_heads;
}

WMDEF int wm_model_split_exact(const wm_model *m) { return m != NULL; }

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
        nS = (size_t)p->n_threads * (size_t)c->ssd_state * (p->n_batch > 1 || p->split_exact ? (size_t)c->ssd_head_dim : 1);
    most = WM__MAX(most, nS);
  }
  return most;
}

/* Carves the whole session; with a measuring arena only sizes it. Without
   its layers' states (with_state 0) it holds the rows of a batch step. */
static wm_session *wm__session_carve(wm__arena *a, const wm_model *m, const wm_session_params *p, size_t work, int with_state) {
  const wm_config *c = &m->cfg;
  wm_session *s = (wm_session *)wm__alloc(a, 1, WM__SLOT_wm_session);
  wm__lstate *ls = with_state ? (wm__lstate *)wm__alloc(a, (size_t)c->n_layers, WM__SLOT_wm__lstate) : NULL;
  int l, B = p->n_batch;
  size_t ctx = m->has_attn ? (size_t)p->n_ctx : 0;
  for (l = 0; with_state && l < c->n_layers; l++) {
    wm__lstate st;
    int slot;
    memset(&st, 0, sizeof st);
    for (slot = 0; slot < 2; slot++) { /* each module its own fields */
      const wm__module *md = wm__slot_module(&m->layers[l], slot);
      if (md->lstate) md->lstate(a, c, ctx, B, p->cache_type, p->state_type, &st);
    }
    if (p->split_exact && wm__pin_floats(m, l)) st.pin = wm__falloc(a, WM__GRID, wm__pin_floats(m, l), 1);
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
    wm__qr *qr = m->qcols && B >= WM__QT_MIN ? (wm__qr *)wm__alloc(a, 2 * (size_t)p->n_threads * (size_t)(m->qcols / WM__QK), sizeof(wm__qr)) : NULL;
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
  work = wm__work_bytes(m, q.n_batch + (q.split_exact ? WM__GRID - 1 : 0), q.n_ctx, q.n_threads, &bad);
  wm__session_carve(&a, m, &q, work, 1);
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
  work = wm__work_bytes(m, q.n_batch + (q.split_exact ? WM__GRID - 1 : 0), q.n_ctx, q.n_threads, &bad);
  s = wm__session_carve(&a, m, &q, work, 1);
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
   generation; every thread, the caller too, claims items one at a time
   from a counter tagged with it (a worker leaving an old job cannot take
   a new one's item); the caller returns when all n are done, so a
   descheduled worker delays a job by the item it holds only. A worker
   spins WM__POOL_SPIN rounds, then sleeps on a condition variable; the
   caller, waiting for items others hold, spins, then yields its core. */
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#ifndef WM__POOL_SPIN
#define WM__POOL_SPIN 4000
#endif

typedef struct wm__pool_worker { wm_pool *p; int w; long items; /* items it ran (its own counter) */ } wm__pool_worker;
struct wm_pool {
  int n; /* threads, the caller's included */
  pthread_t *th; /* [n - 1] */
  wm__pool_worker *wk; /* [n - 1] */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  wm_task fn; /* the job: written by the caller before the generation */
  void *arg;
  int items;
  uint64_t claim; /* generation << 32 | next item (0xffffffff while the job is written) */
  int done; /* items of this generation finished */
  unsigned gen;
  int sleeping, stop;
  long jobs, solo_until; /* the caller's: jobs posted; before solo_until it runs them alone */
  long backoff, good; /* jobs to run alone after a stall; parallel jobs since the last one */
  long w_jobs, w_items, w_own; /* this window's parallel jobs, their items, the caller's share */
  wm_pool_stats st; /* the caller's counts (wm_pool_get_stats adds the workers') */
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
  for (;;) {
    uint64_t c = __atomic_load_n(&p->claim, __ATOMIC_ACQUIRE);
    if ((unsigned)(c >> 32) != g || (uint32_t)c >= (uint32_t)__atomic_load_n(&p->items, __ATOMIC_RELAXED)) return ran;
    if (!__atomic_compare_exchange_n(&p->claim, &c, c + 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) continue; /* (not an item run) */
    /* an item of g is held, so g is not over: fn and arg are g's */
    __atomic_load_n(&p->fn, __ATOMIC_ACQUIRE)(__atomic_load_n(&p->arg, __ATOMIC_ACQUIRE), (int)(uint32_t)c, w);
    __atomic_add_fetch(&p->done, 1, __ATOMIC_RELEASE);
    ran++;
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
    __atomic_add_fetch(&wk->items, wm__pool_run(p, g, wk->w), __ATOMIC_RELAXED);
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

/* On a loaded machine threads hurt (a descheduled worker holding an item
   stalls the caller; spinning ones take its core). Signs, in jobs that
   woke no sleeping worker (one woken joins late on a quiet machine too: a
   16-core VM's wake-ups measured past 100 us): a stall (its own items
   done, the caller waits past 2x their time + 100 us) and absent workers
   (over 32 jobs of 20 us or more, it ran over (1 + 1/n) / 2 of the items). Either runs the next `backoff` jobs
   on the caller alone (64 .. 8192, doubling; halved after each 512 good
   jobs). Same bits either way. */
static void wm__pool_solo(wm_pool *p, int stall) {
  p->st.stalls += stall;
  p->st.absent += !stall;
  p->backoff = WM__MIN(2 * p->backoff + 64, 8192);
  p->solo_until = p->jobs + p->backoff;
  p->good = 0;
}

WMDEF void wm_pool_parallel_for(void *pool, int n, wm_task fn, void *arg) {
  wm_pool *p = (wm_pool *)pool;
  unsigned g;
  int i, own, slept, spins = 0;
  double t0, t1;
  if (n <= 0) return;
  if (p && n > 1) p->st.jobs++;
  if (!p || p->n < 2 || n == 1 || p->jobs++ < p->solo_until) {
    if (p && p->n > 1 && n > 1) p->st.jobs_alone++;
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
  slept = __atomic_load_n(&p->sleeping, __ATOMIC_SEQ_CST) > 0; /* (those join late on a quiet machine too) */
  p->st.woke += slept;
  wm__pool_wake(p);
  t0 = wm__pool_now();
  own = wm__pool_run(p, g, 0);
  t1 = wm__pool_now();
  while (__atomic_load_n(&p->done, __ATOMIC_ACQUIRE) < n) {
    if (++spins < 1000) wm__pool_pause();
    else sched_yield();
  }
  p->st.items += n;
  p->st.items_caller += own;
  if (t1 - t0 > 20e-6 && !slept) { /* long enough for every awake worker to join in */
    p->w_jobs++;
    p->w_items += n;
    p->w_own += own;
  }
  if (spins && !slept && wm__pool_now() - t1 > 2.0 * (t1 - t0) + 100e-6) wm__pool_solo(p, 1); /* a stall */
  else if (p->w_jobs == 32 && 2 * p->n * p->w_own > (p->n + 1) * p->w_items) wm__pool_solo(p, 0); /* absent workers */
  else if (++p->good >= 512) p->backoff /= 2, p->good = 0; /* signs grow old */
  if (p->w_jobs == 32 || p->good == 0) p->w_jobs = p->w_items = p->w_own = 0;
}

static int wm__n_cpus(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 1024 ? 1024 : (int)n;
}

WMDEF int wm_pool_threads(const wm_pool *p) { return p ? p->n : 1; }

WMDEF void wm_pool_get_stats(const wm_pool *p, wm_pool_stats *st) {
  int i;
  if (!st) return;
  memset(st, 0, sizeof *st);
  if (!p) return;
  *st = p->st;
  for (i = 0; i < p->n - 1; i++) {
    long w = __atomic_load_n(&p->wk[i].items, __ATOMIC_RELAXED);
    if (i == 0 || w < st->items_worker_min) st->items_worker_min = w;
    if (i == 0 || w > st->items_worker_max) st->items_worker_max = w;
  }
}

WMDEF void wm_pool_stats_reset(wm_pool *p) {
  int i;
  if (!p) return;
  memset(&p->st, 0, sizeof p->st);
  for (i = 0; i < p->n - 1; i++) __atomic_store_n(&p->wk[i].items, 0, __ATOMIC_RELAXED);
}

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
    p->wk[i].items = 0;
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
  s->pend = 0;
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

/* a layer's per-token steps, threaded by blocks of tokens (rows [nb i / items, nb (i+1) / items)) */
typedef struct wm__rows_job {
  const wm__kc *kc;
  float *h; /* [nb][D]: the residual stream */
  float *x; /* [nb][D]: the norm's output (norm) */
  const float *w, *gain, *y; /* the norm's weight; the residual's gain (NULL: 1) and the module's output */
  float eps;
  int D, nb, items;
} wm__rows_job;

static void wm__norm_task(void *arg, int item, int worker) { /* x = rmsnorm(h), a block of tokens */
  const wm__rows_job *j = (const wm__rows_job *)arg;
  int t, t1 = wm__row_at(j->nb, item + 1, j->items);
  (void)worker;
  for (t = wm__row_at(j->nb, item, j->items); t < t1; t++) wm__k_rmsnorm(j->kc, j->x + (size_t)t * j->D, j->h + (size_t)t * j->D, j->w, j->D, j->eps);
}

static void wm__residual_task(void *arg, int item, int worker) { /* h = gain * h + y, a block of tokens */
  const wm__rows_job *j = (const wm__rows_job *)arg;
  int t, i, t1 = wm__row_at(j->nb, item + 1, j->items);
  (void)worker;
  for (t = wm__row_at(j->nb, item, j->items); t < t1; t++) {
    float *ht = j->h + (size_t)t * j->D;
    if (j->gain)
        for (i = 0; i < j->D; i++) ht[i] *= j->gain[i];
    wm__k_axpy(j->kc, ht, 1.0f, j->y + (size_t)t * j->D, WM_F32, j->D);
  }
}

/* x = rmsnorm(h) with weight nw, or h = gain * h + y (nw NULL), over nb rows of D */
static void wm__rows(const wm__kc *kc, float *h, float *x, const float *nw, float eps, const float *gain, const float *y, int nb, int D) {
  wm__rows_job j;
  j.kc = kc; j.h = h; j.x = x; j.w = nw; j.gain = gain; j.y = y; j.eps = eps; j.D = D; j.nb = nb; j.items = wm__row_items(kc, nb);
  wm__pfor(kc, j.items, nw ? wm__norm_task : wm__residual_task, &j);
}

/* ---- the loops wm__pfor runs, by name (wm_task_name: a host's profile) ---- */

static const struct { wm_task fn; const char *name; } wm__tasks[] = {
  {wm__mm_quant_task, "matmul: activations to int8"}, {wm__mm_task, "matmul"}, {wm__ssd_step_task, "ssd: decode step by head"},
  {wm__ssd_head_task, "ssd: scan by head"}, {wm__ssd_cb_task, "ssd: C.B^T by group and rows"}, {wm__ifa_token_task, "innerfuncattn: tokens"},
  {wm__ifa_attn_task, "innerfuncattn: attention"}, {wm__doge_attn_task, "doge attention"}, {wm__ska_attn_task, "sw-ska attention"},
  {wm__cdmoe_task, "cdmoe experts"}, {wm__moe_task, "moe experts"}, {wm__mamba_conv_task, "mamba: conv by tokens"},
  {wm__mamba_gate_task, "mamba: gate and norm by tokens"}, {wm__norm_task, "layer: norm by tokens"},
  {wm__residual_task, "layer: residual by tokens"}};

WMDEF const char *wm_task_name(wm_task fn) {
  size_t i;
  for (i = 0; i < sizeof wm__tasks / sizeof wm__tasks[0]; i++)
      if (wm__tasks[i].fn == fn) return wm__tasks[i].name;
  return NULL;
}

/* One layer over the nb rows of a pass (below): the batch context x (every
   row; kc of segments in a batch step) and each sequence's in cq. */
static void wm__layer_forward(wm_session *w, const wm__kc *kc, wm_session *const *ss, const int *ns, int nseq, int nb, int l, wm__ctx *cq) {
  const wm_model *m = w->model;
  const wm_config *c = &m->cfg;
  const wm__layer *L = &m->layers[l];
  wm__ctx x;
  wm__kc kt = w->kc; /* a batch's prefill chunks: tiled */
  int q, r, slot, D = c->hidden_size;
  kt.tiled = 1;
  memset(&x, 0, sizeof x);
  x.m = m; x.c = c; x.kc = kc; x.nb = nb;
  x.n_ctx = w->params.n_ctx; x.ctype = w->params.cache_type;
  x.stype = w->params.state_type; x.sw = w->swork;
  x.rope_cs = w->rope_cs; x.rope_sn = w->rope_sn; x.arope_cs = w->arope_cs; x.arope_sn = w->arope_sn;
  for (q = 0, r = 0; q < nseq; r += ns[q++]) {
    wm__ctx *sq = &cq[q];
    *sq = x;
    sq->kc = kc->seg && ns[q] > 1 ? &kt : &w->kc;
    sq->st = &ss[q]->ls[l]; sq->pos0 = ss[q]->pos; sq->nb = ns[q]; sq->r0 = r;
    sq->pend = ss[q]->pend; sq->keep = ss[q]->params.split_exact && sq->kc->tiled;
    sq->n_ctx = ss[q]->params.n_ctx; sq->ctype = ss[q]->params.cache_type; sq->stype = ss[q]->params.state_type;
    sq->nseq = 1; sq->seq = sq;
  }
  if (nseq == 1) { x.st = cq[0].st; x.pos0 = cq[0].pos0; }
  x.nseq = nseq; x.seq = cq;
  for (slot = 0; slot < 2; slot++) { /* sequence module, then state module: h = gain * h + module(rmsnorm(h)) */
    const wm__module *md = wm__slot_module(L, slot);
    const float *nw = slot ? L->norm_state : L->norm_seq;
    wm__arena ar;
    if (!md->run) continue;
    x.w = wm__slot_weights(L, slot);
    for (q = 0; q < nseq; q++) cq[q].w = x.w;
    if (!nw) memcpy(w->x, w->h, sizeof(float) * (size_t)nb * D); /* a module that norms its input itself (rodimus_plus) */
    if (nw) wm__rows(&w->kc, w->h, w->x, nw, c->norm_eps, NULL, NULL, nb, D);
    ar = wm__arena_make(w->work, w->work_bytes);
    md->run(&x, w->x, w->y, &ar);
    WM_ASSERT(!ar.bad);
    wm__rows(&w->kc, w->h, NULL, NULL, 0.0f, slot ? L->gain_state : L->gain_seq, w->y, nb, D);
  }
}

/* One pass of nb rows through the layers: nseq sequences, sequence q the
   ns[q] tokens tok[r0 ..] of session ss[q] from its position on (r0: the
   rows of the ones before), last[q] the last position of its call (dynamic
   RoPE). w holds the rows (h, x, y, RoPE tables: [nb]), the scratch and the
   kernels: the one session itself, or a batch's; cq [nseq] the contexts. */
static void wm__pass(wm_session *w, const wm__kc *kc, wm_session *const *ss, const int *ns, const int *last, int nseq, const int32_t *tok, int nb,
                     wm__ctx *cq) {
  const wm_model *m = w->model;
  const wm_config *c = &m->cfg;
  int t, l, q, r, D = c->hidden_size;
  for (t = 0; t < nb; t++) {
    float *h = w->h + (size_t)t * D;
    wm__k_to_f32(&w->kc, h, wm__row(&m->embed, tok[t]), m->embed.dtype, D);
    if (c->embed_scale != 1.0f) wm__k_scale(&w->kc, h, c->embed_scale, (size_t)D);
    if (m->embed_norm) wm__k_rmsnorm(&w->kc, h, h, m->embed_norm, D, c->norm_eps);
  }
  for (q = 0, r = 0; q < nseq; r += ns[q++]) {
    if (w->rope_cs) wm__rope_table(w->rope_cs + (size_t)r * (c->ssd_state / 2), w->rope_sn + (size_t)r * (c->ssd_state / 2), c, c->ssd_state, ss[q]->pos, ns[q], last[q]);
    if (w->arope_cs) wm__rope_table(w->arope_cs + (size_t)r * (c->head_dim / 2), w->arope_sn + (size_t)r * (c->head_dim / 2), c, c->head_dim, ss[q]->pos, ns[q], last[q]);
  }
  for (l = 0; l < c->n_layers; l++) {
    wm__layer_forward(w, kc, ss, ns, nseq, nb, l, cq);
    for (q = 0, r = 0; q < nseq; r += ns[q++])
        if (ss[q]->hook) ss[q]->hook(ss[q]->hook_user, l, ss[q]->pos, ns[q], w->h + (size_t)r * D);
  }
  for (q = 0; q < nseq; q++) /* the tokens each now holds (split_exact) */
      ss[q]->pend = cq[q].keep && wm__model_grid(m) ? (ss[q]->pend + ns[q]) % wm__model_grid(m) : 0;
}

static wm_status wm__forward(wm_session *s, const int32_t *tok, int n, float *logits, int which, int decode) {
  wm__kc kl;
  const wm_model *m;
  const wm_config *c;
  int i, b0, last, D, V;
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
    int nb = WM__MIN(s->params.n_batch, n - b0), t;
    wm__ctx cq[1];
    s->kc.tiled = !decode && (nb > 1 || s->params.split_exact); /* (else one token is a decode, as in a batch) */
    kl = s->kc;
    kl.tiled = 0; /* the last token's logits as a batch's */
    wm__pass(s, &s->kc, &s, &nb, &last, 1, tok + b0, nb, cq);
    if (logits && (which == WM_LOGITS_ALL || b0 + nb == n)) {
      int t0 = which == WM_LOGITS_ALL ? 0 : nb - 1;
      float *dst = which == WM_LOGITS_ALL ? logits + (size_t)b0 * V : logits;
      for (t = t0; t < nb; t++)
          wm__k_rmsnorm(&s->kc, s->x + (size_t)t * D, s->h + (size_t)t * D, m->final_norm, D, c->norm_eps);
      wm__k_matmul(which == WM_LOGITS_ALL ? &s->kc : &kl, dst, V, s->x + (size_t)t0 * D, D, &m->lm_head, NULL, nb - t0);
    }
    s->pos += nb;
  }
  s->err[0] = 0;
  return WM_OK;
}

WMDEF wm_status wm_prefill(wm_session *s, const int32_t *tokens, int n, float *logits, int which) {
  return wm__forward(s, tokens, n, logits, which, 0);
}

WMDEF wm_status wm_decode(wm_session *s, int32_t token, float *logits) {
  return wm__forward(s, &token, 1, logits, WM_LOGITS_LAST, 1);
}

/* ---- batched steps -------------------------------------------------------------
   A batch is a session without layer states (its rows, scratch, kernels)
   and the step's bookkeeping. The step orders the sessions decoding ones
   first: their rows form segment 0 of the kernels' segments (each token as
   when alone), each prefill chunk a segment of its own. */
struct wm_batch {
  wm_session *w; /* rows [n_batch], scratch, kernels; no state */
  wm_batch_params params;
  wm_session **ss; /* [n_seq] this step's sessions, decoding first */
  int *ns, *last, *ord; /* [n_seq] their tokens, last positions, index in the caller's order */
  int *seg; /* [n_seq + 1] the kernels' row segments */
  int32_t *tok; /* [n_batch] */
  wm__ctx *cq; /* [n_seq] */
  void *owned, *own_pool;
  char err[256];
};
WM__SLOT(wm_batch, 384);

static wm_status wm__batch_params(const wm_model *m, const wm_batch_params *in, wm_batch_params *out, wm_session_params *w, wm_error *err) {
  wm_session_params q = wm_session_default_params(m);
  if (!m || !in) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: model and params are required");
  *out = *in;
  if (out->n_seq < 1 || out->n_seq > 4096) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: n_seq %d is outside 1..4096", out->n_seq);
  if (out->n_batch < out->n_seq || out->n_batch > (1 << 16))
      return wm__fail(err, WM_ERR_INVALID_ARG, "batch: n_batch %d is outside n_seq %d..65536", out->n_batch, out->n_seq);
  q.n_ctx = out->n_ctx; q.n_batch = out->n_batch; q.n_threads = out->n_threads; q.isa = out->isa;
  q.parallel_for = out->parallel_for; q.pool = out->pool;
  q.state_type = WM_F16; /* (sizes the F32 working copy a session's reduced state may need) */
  if (wm__session_params(m, &q, w, err) != WM_OK) return WM_ERR_INVALID_ARG;
  if (w->n_batch < out->n_seq) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: n_ctx %d is below n_seq %d", out->n_ctx, out->n_seq);
  out->n_batch = w->n_batch; out->n_threads = w->n_threads; out->isa = w->isa;
  return WM_OK;
}

static wm_batch *wm__batch_carve(wm__arena *a, const wm_model *m, const wm_batch_params *p, const wm_session_params *q, size_t work) {
  wm_batch *b = (wm_batch *)wm__alloc(a, 1, WM__SLOT_wm_batch);
  wm_session *w = wm__session_carve(a, m, q, work, 0);
  size_t n = (size_t)p->n_seq;
  wm_session **ss = (wm_session **)wm__alloc(a, n, 8); /* (8 bytes a pointer on every target: one size everywhere) */
  int *ns = (int *)wm__alloc(a, n, sizeof(int)), *last = (int *)wm__alloc(a, n, sizeof(int)), *ord = (int *)wm__alloc(a, n, sizeof(int));
  int *seg = (int *)wm__alloc(a, n + 1, sizeof(int));
  int32_t *tok = (int32_t *)wm__alloc(a, (size_t)p->n_batch, sizeof(int32_t));
  wm__ctx *cq = (wm__ctx *)wm__alloc(a, n, WM__SLOT_wm__ctx);
  if (b) {
    memset(b, 0, sizeof *b);
    b->w = w; b->params = *p; b->ss = ss; b->ns = ns; b->last = last; b->ord = ord; b->seg = seg; b->tok = tok; b->cq = cq;
  }
  return b;
}

WMDEF wm_batch_params wm_batch_default_params(const wm_model *m, int n_seq) {
  wm_batch_params p;
  wm_session_params q = wm_session_default_params(m);
  memset(&p, 0, sizeof p);
  p.n_seq = n_seq;
  p.n_batch = n_seq + 64;
  p.n_ctx = q.n_ctx;
  p.isa = WM_ISA_AUTO;
  return p;
}

WMDEF wm_status wm_batch_bytes(const wm_model *m, const wm_batch_params *p, size_t *bytes, wm_error *err) {
  wm_batch_params bp;
  wm_session_params q;
  wm__arena a = wm__arena_make(NULL, 0);
  size_t work;
  int bad = 0;
  wm_status st;
  memset(&q, 0, sizeof q);
  st = wm__batch_params(m, p, &bp, &q, err);
  if (st != WM_OK) return st;
  work = wm__work_bytes(m, q.n_batch + WM__GRID - 1, q.n_ctx, q.n_threads, &bad);
  wm__batch_carve(&a, m, &bp, &q, work);
  if (bad || a.bad) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: size overflows size_t (n_ctx %d)", q.n_ctx);
  if (bytes) *bytes = a.used;
  wm__ok(err);
  return WM_OK;
}

WMDEF wm_status wm_batch_init(wm_batch **out, const wm_model *m, const wm_batch_params *p, void *mem, size_t mem_bytes, wm_error *err) {
  wm_batch_params bp;
  wm_session_params q;
  wm__arena a;
  wm_batch *b;
  size_t need, work;
  int bad = 0;
  wm_status st;
  if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: out is NULL");
  *out = NULL;
  st = wm_batch_bytes(m, p, &need, err);
  if (st != WM_OK) return st;
  memset(&q, 0, sizeof q);
  wm__batch_params(m, p, &bp, &q, NULL);
  if (!mem) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: memory is NULL");
  a = wm__arena_make(mem, mem_bytes);
  work = wm__work_bytes(m, q.n_batch + WM__GRID - 1, q.n_ctx, q.n_threads, &bad);
  b = wm__batch_carve(&a, m, &bp, &q, work);
  if (a.bad || !b) return wm__fail(err, WM_ERR_NOMEM, "batch: needs %zu bytes (+ alignment), got %zu", need, mem_bytes);
  *out = b;
  wm__ok(err);
  return WM_OK;
}

#ifndef WM_NO_MALLOC
WMDEF wm_status wm_batch_create(wm_batch **out, const wm_model *m, const wm_batch_params *p, wm_error *err) {
  size_t need = 0, total;
  void *mem;
  wm_status st;
  if (!out) return wm__fail(err, WM_ERR_INVALID_ARG, "batch: out is NULL");
  *out = NULL;
  st = wm_batch_bytes(m, p, &need, err);
  if (st != WM_OK) return st;
  if (!wm__add(need, WM__ALIGN, &total)) return wm__fail(err, WM_ERR_NOMEM, "batch: %zu bytes overflow", need);
  mem = WM_MALLOC(total);
  if (!mem) return wm__fail(err, WM_ERR_NOMEM, "batch: cannot allocate %zu bytes", total);
  st = wm_batch_init(out, m, p, mem, total, err);
  if (st != WM_OK) { WM_FREE(mem); return st; }
  (*out)->owned = mem;
#ifdef WM_HAVE_POOL
  if (!(*out)->w->kc.pfor && (*out)->w->kc.n_threads > 1) {
    wm_pool *pool = NULL;
    if (wm_pool_create(&pool, (*out)->w->kc.n_threads, NULL) == WM_OK) {
      (*out)->own_pool = pool;
      (*out)->w->kc.pfor = wm_pool_parallel_for;
      (*out)->w->kc.pool = pool;
    }
  }
#endif
  return WM_OK;
}
#endif

WMDEF void wm_batch_free(wm_batch *b) {
#ifndef WM_NO_MALLOC
#ifdef WM_HAVE_POOL
  if (b && b->own_pool) wm_pool_free((wm_pool *)b->own_pool);
#endif
  if (b && b->owned) WM_FREE(b->owned);
#else
  (void)b;
#endif
}

WMDEF const char *wm_batch_error(const wm_batch *b) { return b ? b->err : "no batch"; }

static wm_status wm__berr(wm_batch *b, wm_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  wm__vfmt(b->err, sizeof b->err, fmt, ap);
  va_end(ap);
  return st;
}

WMDEF wm_status wm_batch_step(wm_batch *b, wm_session *const *sessions, const int32_t *tokens, const int *n_tokens, int n, float *logits) {
  const wm_model *m;
  const wm_config *c;
  wm_session *w;
  wm__kc kseg;
  int i, j, k, r, nd = 0, rows = 0, D, V;
  if (!b) return WM_ERR_INVALID_ARG;
  w = b->w;
  m = w->model;
  c = &m->cfg;
  D = c->hidden_size;
  V = c->vocab_size;
  if (n < 1 || n > b->params.n_seq || !sessions || !tokens || !n_tokens)
      return wm__berr(b, WM_ERR_INVALID_ARG, "batch: %d sessions (1..n_seq %d, with sessions, tokens and n_tokens)", n, b->params.n_seq);
  for (i = 0; i < n; i++) { /* everything checked before anything changes */
    const wm_session *s = sessions[i];
    int nt = n_tokens[i];
    if (!s || s->model != m) return wm__berr(b, WM_ERR_INVALID_ARG, "batch: session %d is %s", i, s ? "of another model" : "NULL");
    for (j = 0; j < i; j++)
        if (sessions[j] == s) return wm__berr(b, WM_ERR_INVALID_ARG, "batch: session %d is session %d again", i, j);
    if (nt < 1 || nt > s->params.n_batch)
        return wm__berr(b, WM_ERR_INVALID_ARG, "batch: session %d: %d tokens (1..its n_batch %d)", i, nt, s->params.n_batch);
    if (s->params.n_ctx > w->params.n_ctx || s->params.isa != w->params.isa)
        return wm__berr(b, WM_ERR_INVALID_ARG, "batch: session %d (n_ctx %d, isa %s) needs n_ctx <= %d and isa %s", i, s->params.n_ctx,
                        wm_isa_name(s->params.isa), w->params.n_ctx, wm_isa_name(w->params.isa));
    for (j = 0; j < c->n_layers; j++) /* a sliding window's ring (window - 1 + the session's n_batch rows) within the batch's scratch */
        if (s->ls[j].ring && s->ls[j].ring > wm__ska_rows(c, w->params.n_ctx, w->params.n_batch))
            return wm__berr(b, WM_ERR_INVALID_ARG, "batch: session %d: its n_batch %d is over the batch's %d (a sliding window's ring)", i,
                            s->params.n_batch, w->params.n_batch);
    if (nt > wm_session_room(s))
        return wm__berr(b, WM_ERR_CONTEXT, "batch: session %d: context full: %d tokens held, %d more do not fit in n_ctx %d", i, s->pos, nt,
                        s->params.n_ctx);
    for (j = 0; j < nt; j++)
        if (tokens[rows + j] < 0 || tokens[rows + j] >= V)
            return wm__berr(b, WM_ERR_TOKEN, "batch: session %d: token %d at index %d is outside the vocabulary (0..%d)", i, tokens[rows + j], j, V - 1);
    rows += nt;
    if (rows > w->params.n_batch) return wm__berr(b, WM_ERR_INVALID_ARG, "batch: more than n_batch %d tokens", w->params.n_batch);
  }
  b->seg[0] = 0;
  for (k = 0; k < 2; k++) /* decoding sessions first (segment 0), then the prefill chunks, each a segment */
      for (i = 0, r = 0; i < n; r += n_tokens[i++])
          if ((n_tokens[i] > 1) == k) {
            j = nd++;
            b->ss[j] = sessions[i]; b->ns[j] = n_tokens[i]; b->ord[j] = i;
            b->last[j] = sessions[i]->pos + n_tokens[i] - 1;
            if (k) b->seg[j - b->seg[0] + 1] = n_tokens[i];
            else b->seg[0]++;
          }
  for (j = 0, r = 0; j < n; r += b->ns[j++]) { /* the tokens in that order */
    int src = 0;
    for (i = 0; i < b->ord[j]; i++) src += n_tokens[i];
    memcpy(b->tok + r, tokens + src, sizeof(int32_t) * (size_t)b->ns[j]);
  }
  kseg = w->kc;
  kseg.seg = b->seg;
  kseg.nseg = 1 + n - b->seg[0];
  wm__pass(w, &kseg, b->ss, b->ns, b->last, n, b->tok, rows, b->cq);
  if (logits) { /* each session's last row, normed into x in the caller's order; one dot per output, as alone */
    wm__kc k1 = w->kc;
    for (j = 0, r = 0; j < n; r += b->ns[j++])
        wm__k_rmsnorm(&w->kc, w->x + (size_t)b->ord[j] * D, w->h + (size_t)(r + b->ns[j] - 1) * D, m->final_norm, D, c->norm_eps);
    k1.rowwise = 1;
    wm__k_matmul(&k1, logits, V, w->x, D, &m->lm_head, NULL, n);
  }
  for (j = 0; j < n; j++) {
    b->ss[j]->pos += b->ns[j];
    b->ss[j]->err[0] = 0;
  }
  b->err[0] = 0;
  return WM_OK;
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
  int gguf; /* GGUF: */
  int arch; /* WM_MODEL_MAMBA2: llama.cpp's names; else 0 */
  const unsigned char *kv; /* the metadata */
  uint64_t n_kv, n_tensors;
  uint32_t align; /* of the tensor data */
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

#define WM__GG_MAX_KV 4096u /* metadata entries */
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
  if (data_at > b->size && f->n_tensors == 0) data_at = b->size; /* no tensors: the file may end before the aligned data offset (llama.cpp's vocabularies do) */
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

/* llama.cpp's tokenizer.ggml.* keys from a byte-level BPE tokenizer.json
   (as convert_hf_to_gguf.py writes them, so llama.cpp reads a mamba2 file
   wm.h writes): each id's token (holes "[PAD<id>]", unused), token types (1
   normal, 3 control: special added, 4 user-defined: other added, 5 unused),
   merges as "a b", llama.cpp's pre-tokenizer name (gpt-2, llama-bpe, qwen2).
   Another tokenizer gets none (llama.cpp refuses the file; wm.h reads
   tokenizer.huggingface.json either way). */
typedef struct wm__gv {
  const char **tok; /* [n] each id's token: a JSON string literal (at its '"'), NULL: a hole */
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
  if (!wm__model_types[c->model_type].llama_gguf) return;
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
      switch (type) { /* each type's fallback column */
#define WM__QFB_CASE(T, t, bytes, n, gg, fb, own) case WM_##T: type = WM_##fb; break;
        WM__QTYPES(WM__QFB_CASE)
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
  int i, d, quant = p->mix >= WM_MIX_Q8_0, t, mamba2 = wm__model_types[c->model_type].llama_gguf;
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
  if (!cj && wm__model_types[m->cfg.model_type].llama_gguf) {
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
  if (wm__model_types[m->cfg.model_type].llama_gguf && p->tokenizer_json && wm__gv_build(&gv, p->tokenizer_json, p->tokenizer_bytes) < 0) {
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
  if (!wm__model_types[cfg->model_type].ssd_head_dim_derived || !cfg->ssd_heads || cfg->ssd_head_dim) return WM_OK;
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
  if (wm__model_types[m->cfg.model_type].experts) m->num_keys = wm__isqrt(wm__model_types[m->cfg.model_type].experts(&m->cfg));
  for (l = 0; l < m->cfg.n_layers; l++) {
    const wm__module *md = wm__slot_module(&m->layers[l], 0);
    m->has_attn |= md->attends | wm__slot_module(&m->layers[l], 1)->attends;
    if (md->bound) md->bound(&m->cfg, &m->layers[l].seq_w);
  }
  for (k = 0; k < m->n_tensors; k++) { /* a tied lm_head.weight is the one unused tensor that is expected */
    const wm__tensor *t = &m->tensors[k];
    m->n_unused += !t->used && !(m->cfg.tie_embeddings == 1 && !strcmp(t->name, "lm_head.weight"));
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
  if (m && m->n_unused)
      return "the config leaves some of the checkpoint's tensors unused (does num_hidden_layers, or another size, "
             "describe these weights?); wm_model_tensor's used field names them";
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
  if (wm__model_types[c.model_type].ssd_head_dim_derived && c.ssd_heads && !c.ssd_head_dim) {
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
   byte<->unicode mapping is undone at load. Its subsections, in order:
   Unicode lookups; a tokenizer.json from llama.cpp's tokenizer.ggml.* keys;
   NFC and NFKC; pre-tokenizer splits (hand-written matchers); llama.cpp's
   regex splits (a regex matcher); the byte map; the tokenizer's structure;
   hashing; tokenizer.json: scanning; tokenizer.json: filling; encoding; a
   word cache; the general pre-tokenizer pipeline; decoding; construction;
   the tokenizer in place.
   ======================================================================== */

#ifndef WM_TOKENIZER_STACK_WORD
#define WM_TOKENIZER_STACK_WORD 64
#endif

/* ---- Unicode lookups: the tables (tools/gen_unicode.py) and their binary
   searches are the appendix at the end of this file. */
enum { WM__CL_L = 1, WM__CL_N = 2, WM__CL_S = 4 };
enum { WM__UC_MARK, WM__UC_PUNCT, WM__UC_SYMBOL, WM__UC_WORD, WM__UC_LL, WM__UC_LUT }; /* \p{M}, \p{P}, \p{S}, \w, Ll, Lu|Lt */
static int wm__uc_class(uint32_t cp); /* letter / number / whitespace class (0: none of them) */
static int wm__uc_in(uint32_t cp, int set); /* cp in a WM__UC_* set */
#ifndef WM_NO_UNICODE_NORM
#define WM__HANGUL_S 0xac00u
#define WM__HANGUL_L 0x1100u
#define WM__HANGUL_V 0x1161u
#define WM__HANGUL_T 0x11a7u
static int wm__ccc(uint32_t cp); /* canonical combining class */
static size_t wm__decompose(uint32_t cp, int compat, uint32_t *buf, size_t n, size_t cap); /* full decomposition appended */
static uint32_t wm__compose(uint32_t a, uint32_t b); /* primary composite, or 0 */
static int wm__composes_back(uint32_t cp); /* a starter composing with what precedes */
static int wm__nfc_active(uint32_t cp); /* NFC or NFKC may change it or join it */
static uint32_t wm__uc_lowercase(uint32_t cp); /* char::to_lowercase's single code point */
#if !defined(WM_NO_MALLOC) && !defined(WM_NO_STDIO) && !defined(WM_NO_JINJA)
static uint32_t wm__uc_uppercase(uint32_t cp); /* the first code point whose lowercase cp is */
#endif
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

/* llama.cpp's pre-tokenizer regexes (src/llama-vocab.cpp), as its GGUF
   vocabularies name them by tokenizer.ggml.pre; wm.h runs each as llama.cpp
   does (its std::regex semantics, or for four its own splitting code). */
#define WM__N_LRX 43
static const char *const wm__lrx[WM__N_LRX] = {
  /*  0 Llama-3 (wm.h's Llama-3 matcher, as llama.cpp's own) */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /*  1 Jais-2 */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s{512}(?!\\S)|\\s{256}(?!\\S)|\\s{128}(?!\\S)|\\s{64}(?!\\S)|\\s{32}(?!\\S)|\\s{16}(?!\\S)|\\s{8}(?!\\S)|\\s{4}(?!\\S)|\\s{1,2}(?!\\S)|\\s{1}",
  /*  2 DeepSeek LLM/Coder: line ends */ "[\r\n]",
  /*  3 DeepSeek LLM: letters */ "\\s?[A-Za-z\xc2\xb5\xc3\x80-\xc3\x96\xc3\x98-\xc3\xb6\xc3\xb8-\xc6\xba\xc6\xbc-\xc6\xbf\xc7\x84-\xca\x93\xca\x95-\xca\xaf\xcd\xb0-\xcd\xb3\xcd\xb6\xcd\xb7\xcd\xbb-\xcd\xbd\xcd\xbf\xce\x86\xce\x88-\xce\x8a\xce\x8c\xce\x8e-\xce\xa1\xce\xa3-\xcf\xb5\xcf\xb7-\xd2\x81\xd2\x8a-\xd4\xaf\xd4\xb1-\xd5\x96\xe1\x82\xa0-\xe1\x83\x85\xe1\x8e\xa0-\xe1\x8f\xb5\xe1\x8f\xb8-\xe1\x8f\xbd\xe1\xb2\x90-\xe1\xb2\xba\xe1\xb2\xbd-\xe1\xb2\xbf\xe1\xb4\x80-\xe1\xb4\xab\xe1\xb5\xab-\xe1\xb5\xb7\xe1\xb5\xb9-\xe1\xb6\x9a\xe1\xb8\x80-\xe1\xbc\x95\xe1\xbc\x98-\xe1\xbc\x9d\xe1\xbc\xa0-\xe1\xbd\x85\xe1\xbd\x88-\xe1\xbd\x8d\xe1\xbd\x90-\xe1\xbd\x97\xe1\xbd\x99\xe1\xbd\x9b\xe1\xbd\x9d\xe1\xbd\x9f-\xe1\xbd\xbd\xe1\xbe\x80-\xe1\xbe\xb4\xe1\xbe\xb6-\xe1\xbe\xbc\xe1\xbe\xbe\xe1\xbf\x82-\xe1\xbf\x84\xe1\xbf\x86-\xe1\xbf\x8c\xe1\xbf\x90-\xe1\xbf\x93\xe1\xbf\x96-\xe1\xbf\x9b\xe1\xbf\xa0-\xe1\xbf\xac\xe1\xbf\xb2-\xe1\xbf\xb4\xe1\xbf\xb6-\xe1\xbf\xbc\xe2\x84\x82\xe2\x84\x87\xe2\x84\x8a-\xe2\x84\x93\xe2\x84\x95\xe2\x84\x99-\xe2\x84\x9d\xe2\x84\xa4\xe2\x84\xa6\xe2\x84\xa8\xe2\x84\xaa-\xe2\x84\xad\xe2\x84\xaf-\xe2\x84\xb4\xe2\x84\xb9\xe2\x84\xbc-\xe2\x84\xbf\xe2\x85\x85-\xe2\x85\x89\xe2\x85\x8e\xe2\x86\x83\xe2\x86\x84\xe2\xb0\x80-\xe2\xb1\xbb\xe2\xb1\xbe-\xe2\xb3\xa4\xe2\xb3\xab-\xe2\xb3\xae\xe2\xb3\xb2\xe2\xb3\xb3\xea\x99\x80-\xea\x99\xad\xea\x9a\x80-\xea\x9a\x9b\xea\x9c\xa2-\xea\x9d\xaf\xea\x9d\xb1-\xea\x9e\x87\xea\x9e\x8b-\xea\x9e\x8e\xea\xad\xb0-\xea\xae\xbf\xef\xac\x80-\xef\xac\x86\xef\xac\x93-\xef\xac\x97\xef\xbc\xa1-\xef\xbc\xba\xef\xbd\x81-\xef\xbd\x9a\xf0\x90\x90\x80-\xf0\x90\x91\x8f\xf0\x90\x92\xb0-\xf0\x90\x93\x93\xf0\x90\x93\x98-\xf0\x90\x93\xbb\xf0\x90\xb2\x80-\xf0\x90\xb2\xb2\xf0\x90\xb3\x80-\xf0\x90\xb3\xb2\xf0\x91\xa2\xa0-\xf0\x91\xa3\x9f\xf0\x9e\xa4\x80-\xf0\x9e\xa5\x83]+",
  /*  4 DeepSeek LLM: punctuation */ "\\s?[!-/:-~\xef\xbc\x81-\xef\xbc\x8f\xef\xbc\x9a-\xef\xbd\x9e\xe2\x80\x98-\xe2\x80\x9f\xe3\x80\x80-\xe3\x80\x82]+",
  /*  5 DeepSeek LLM: trailing spaces */ "\\s+$",
  /*  6 DeepSeek LLM/Coder: CJK, Hangul */ "[\xe4\xb8\x80-\xe9\xbe\xa5\xe0\xa0\x80-\xe4\xb8\x80\xea\xb0\x80-\xed\x9f\xbf]+",
  /*  7 numbers */ "\\p{N}+",
  /*  8 numbers by three */ "\\p{N}{1,3}",
  /*  9 DeepSeek-V3: CJK */ "[\xe4\xb8\x80-\xe9\xbe\xa5\xe3\x81\x80-\xe3\x82\x9f\xe3\x82\xa0-\xe3\x83\xbf]+",
  /* 10 DeepSeek-V3: the rest */ "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*|\\s*[\r\n]+|\\s+(?!\\S)|\\s+",
  /* 11 Youtu: CJK, Hangul */ "[\xea\xb0\x80-\xed\x9e\xa3\xe3\x84\xb1-\xe3\x86\x8e]+|[\xef\xbc\x81\xe2\x80\xa6\xe2\x80\x9c\xe2\x80\x9d\xe2\x80\x98\xe2\x80\x99\xe2\x80\x94\xef\xbc\x9a\xef\xbc\x9b\xef\xbc\x8c\xe3\x80\x81-\xe3\x80\xbf\xef\xb8\xb0-\xef\xb9\x8f]+|[\xe3\x84\x85-\xe3\x84\xaf]+|[\xe4\xb8\x80-\xe9\xbe\xa5\xe3\x81\x80-\xe3\x82\x9f\xe3\x82\xa0-\xe3\x83\xbf]+",
  /* 12 Youtu: words by case */ "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 13 DeepSeek Coder: letters */ "\\s?\\p{L}+",
  /* 14 DeepSeek Coder: punctuation */ "\\s?\\p{P}+",
  /* 15 digits one by one */ "\\p{N}",
  /* 16 Falcon: punctuation */ "[\\p{P}\\$\\+<=>\\^~\\|`]+",
  /* 17 GPT-2 (wm.h's GPT-2 matcher, as llama.cpp's own) */ "'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)",
  /* 18 three ASCII digits */ "[0-9][0-9][0-9]",
  /* 19 Qwen2 (wm.h's Qwen2 matcher, as llama.cpp's own) */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 20 Qwen3.5 */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?[\\p{L}\\p{M}]+|\\p{N}| ?[^\\s\\p{L}\\p{M}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 21 BLOOM */ " ?[^(\\s|.,!?\xe2\x80\xa6\xe3\x80\x82\xef\xbc\x8c\xe3\x80\x81\xe0\xa5\xa4\xdb\x94\xd8\x8c)]+",
  /* 22 Tekken */ "[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))*((?=[\\p{L}])([^A-Z]))+|[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))+((?=[\\p{L}])([^A-Z]))*|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 23 Chameleon: sentinels */ "<sentinel:[0-9]+>",
  /* 24 Chameleon: image tokens */ "(IMGIMG)((A|B|C|D|E|F|G|H|I){1,4})Z",
  /* 25 Chameleon: tabs, newlines, spaces */ "([\\t\\n]|    |  )",
  /* 26 Chameleon: punctuation */ "[\\p{P}!-/:-@\\[-`{-~]",
  /* 27 GPT-4o */ "[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))*((?=[\\p{L}])([^A-Z]))+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}])([^a-z]))+((?=[\\p{L}])([^A-Z]))*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 28 Granite embedding */ "[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}\\p{M}])([^a-z]))*((?=[\\p{L}\\p{M}])([^A-Z]))+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?((?=[\\p{L}\\p{M}])([^a-z]))+((?=[\\p{L}\\p{M}])([^A-Z]))*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 29 Tiny Aya: digits from the right (llama.cpp's own code) */ "\\d{1,3}(?=(?:\\d{3})*\\b)",
  /* 30 Tiny Aya: words */ "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 31 Kimi-K2 (llama.cpp's own code) */ "\\p{Han}+",
  /* 32 SuperBPE: before each three digits (llama.cpp's own code) */ "(?=(\\d{3})+(?!\\d))",
  /* 33 Bailing */ "'(?:[sSdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+",
  /* 34 Seed-Coder */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1}| ?[^\\s\\p{L}\\p{N}\\r\\n]+|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 35 AFMoE: digits from the right (llama.cpp's own code) */ "\\p{AFMoE_digits}",
  /* 36 AFMoE: CJK and Southeast Asian scripts */ "[\xe4\xb8\x80-\xe9\xbf\xbf\xe3\x90\x80-\xe4\xb6\xbf\xe8\xb1\x88-\xef\xab\xbf\xe3\x81\x80-\xe3\x82\x9f\xe3\x82\xa0-\xe3\x83\xbf\xef\xbd\xa5-\xef\xbe\x9f\xe2\xbc\x80-\xe2\xbf\x9f\xe0\xb9\x80-\xe0\xb9\xbf\xe0\xba\x80-\xe0\xbb\xbf\xe1\x9e\x80-\xe1\x9f\xbf\xe1\x80\x80-\xe1\x82\x9f\xea\xa9\xa0-\xea\xa9\xbf\xea\xa7\xa0-\xea\xa7\xbf\xea\xb0\x80-\xed\x9e\xaf\xe1\x84\x80-\xe1\x87\xbf]+",
  /* 37 AFMoE: the rest */ "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\\r\\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 38 lines */ "[^\\n]+|[\\n]+",
  /* 39 EXAONE-MoE */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?(?:\\p{L}\\p{M}*(?: \\p{L}\\p{M}*)*)+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]?|\\s*[\\r\\n]|\\s+(?!\\S)|\\s+",
  /* 40 MiniCPM5 */ "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}+| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
  /* 41 whitespace-separated */ "\\S+",
  /* 42 default: punctuation */ "[\\p{P}\\$\\+<=>\\^~\\|]+",
};

/* tokenizer.ggml.pre names: the regexes llama.cpp splits with, in order */
/* IGNORE_MERGES: a word in the vocabulary is one token; RAW: BPE on UTF-8 characters (not byte-level), unknown
   ones as <0xXX>; ESCAPE: spaces as U+2581; NL_WHOLE: a word of newlines in the vocabulary is one token */
enum { WM__LP_IGNORE_MERGES = 1, WM__LP_RAW = 2, WM__LP_ESCAPE = 4, WM__LP_NL_WHOLE = 8 };
static const struct { const char *names; unsigned char flags, n_rx, rx[6]; } wm__lpre[] = {
  {"default", 0, 4, {42, 17, 7, 18}},
  {"llama3 llama-v3 llama-bpe falcon3 falcon-h1 pixtral midm-2.0 lfm2 jina-v5-nano", WM__LP_IGNORE_MERGES, 1, {0}},
  {"dbrx smaug-bpe glm4 chatglm-bpe", 0, 1, {0}},
  {"minicpm5", WM__LP_IGNORE_MERGES, 2, {8, 40}},
  {"deepseek-llm", 0, 6, {2, 3, 4, 5, 6, 7}},
  {"deepseek-coder", 0, 5, {2, 13, 14, 6, 15}},
  {"deepseek-v3 hunyuan-dense joyai-llm", 0, 3, {8, 9, 10}},
  {"youtu", WM__LP_IGNORE_MERGES, 2, {11, 12}},
  {"falcon", 0, 3, {16, 17, 18}},
  {"gpt-2 gpt2 mpt olmo jais phi-2 jina-es jina-de gigachat jina-v2-es jina-v2-de a.x-4.0 mellum modern-bert exaone4 jina-v1-en jina-v2-code "
 "roberta-bpe trillion granite-docling", 0, 1, {17}},
  {"starcoder refact command-r smollm codeshell exaone minerva-7b mellum2", 0, 2, {15, 17}},
  {"jais-2", 0, 1, {1}},
  {"qwen2 deepseek-r1-qwen kormo f2llmv2 megrez stablelm2 hunyuan grok-2 solar-open", 0, 1, {19}},
  {"qwen35", 0, 1, {20}},
  {"poro-chat bloom gpt3-finnish", 0, 1, {21}},
  {"viking", 0, 2, {21, 15}},
  {"tekken", WM__LP_IGNORE_MERGES, 1, {22}},
  {"chameleon", 0, 6, {23, 24, 25, 15, 26, 17}},
  {"gpt-4o llama4 kanana2 talkie minimax-m2", 0, 1, {27}},
  {"granite-embed-multi-97m", WM__LP_IGNORE_MERGES, 1, {28}},
  {"tiny_aya cohere2moe", 0, 2, {29, 30}},
  {"kimi-k2", 0, 1, {31}},
  {"superbpe", 0, 2, {7, 32}},
  {"bailingmoe bailingmoe2 llada-moe", 0, 1, {33}},
  {"seed-coder", 0, 1, {34}},
  {"afmoe", 0, 3, {35, 36, 37}},
  {"laguna", 0, 2, {38, 19}},
  {"exaone-moe", 0, 1, {39}},
  {"gemma4 granite-embed-multi-311m", WM__LP_RAW | WM__LP_ESCAPE | WM__LP_NL_WHOLE, 1, {38}},
  {"sarvam-moe", WM__LP_RAW | WM__LP_ESCAPE, 1, {38}},
  {"whitespace", WM__LP_RAW, 1, {41}}};


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

/* tokenizer.ggml.model "llama" (SentencePiece BPE with scores as llama.cpp
   runs it: merge the adjacent pair whose concatenation is a token, highest
   score first, leftmost among equals; unknown characters as <0xXX>): a BPE
   tokenizer.json with a merge (a, b) for every split of every normal token
   in two tokens, ranked by its score; a space before each text segment
   (add_space_prefix), spaces as U+2581. Splits in time linear in the
   vocabulary's bytes: tokens sorted by text (and reversed text) give each
   its longest proper prefix (suffix) token, so prefix and suffix tokens are
   chains; a split is a prefix length whose complement is a suffix length.
   Merges as id triples [a, b, a+b] ("wm_id_merges": at most the vocabulary's
   bytes of them; spelled out, the text would be quadratic in a token). */
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
  const char **str; /* [nt] token texts */
  uint32_t *sl, max_len;  /* [nt] their lengths, the longest */
  float *score; /* [nt] */
  unsigned char *type; /* [nt] llama.cpp's token types (1 normal, 2 unknown, 3 control, 4 user-defined) */
  wm__spm_m *m; /* [nm] the merges, best first */
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

/* llama.cpp's pre-tokenizer name: its row in wm__lpre, or -1 */
static int wm__gg_pre_kind(const char *name) {
  size_t len = strlen(name);
  int k;
  for (k = 0; k < (int)(sizeof wm__lpre / sizeof wm__lpre[0]); k++) {
    const char *w = wm__lpre[k].names;
    while (*w) {
      size_t wl = strcspn(w, " ");
      if (wl == len && !memcmp(w, name, len)) return k;
      w += wl + (w[wl] == ' ');
    }
  }
  return -1;
}

/* tokenizer.json of a "gpt2" (byte-level BPE) vocabulary with pre-tokenizer kind */
static wm_status wm__gg_bpe_json(const wm__stfile *fp, int kind, int ws_model, char *out, size_t cap, size_t *len, wm_error *err) {
  wm__stfile f = *fp;
  wm__jw w;
  wm__gr rt, rty, rm;
  uint32_t et, ety = 0, em;
  uint64_t nt, nty = 0, nm = 0, i;
  int k, has_types, has_merges, raw;
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
  raw = wm__lpre[kind].flags & WM__LP_RAW;
  WM__JW_LIT(&w, "{\"version\":\"1.0\",\"normalizer\":");
  if (wm__lpre[kind].flags & WM__LP_ESCAPE) WM__JW_LIT(&w, "{\"type\":\"Replace\",\"pattern\":{\"String\":\" \"},\"content\":\"\xe2\x96\x81\"}");
  else WM__JW_LIT(&w, "null");
  WM__JW_LIT(&w, ",\"pre_tokenizer\":{\"type\":\"Sequence\",\"pretokenizers\":[");
  if (ws_model) WM__JW_LIT(&w, "{\"type\":\"WhitespaceSplit\"},"); /* model "whitespace": whitespace dropped first */
  for (k = 0; k < wm__lpre[kind].n_rx; k++) { /* each Split as llama.cpp runs it ("wm_llama") */
    const char *rx = wm__lrx[wm__lpre[kind].rx[k]];
    if (k) WM__JW_LIT(&w, ",");
    WM__JW_LIT(&w, "{\"type\":\"Split\",\"behavior\":\"Isolated\",\"wm_llama\":true,\"pattern\":{\"Regex\":");
    wm__jw_str(&w, rx, strlen(rx));
    WM__JW_LIT(&w, "}}");
  }
  if (!raw) WM__JW_LIT(&w, ",{\"type\":\"ByteLevel\",\"add_prefix_space\":false,\"use_regex\":false}]},\"decoder\":{\"type\":\"ByteLevel\"}");
  else
      WM__JW_LIT(&w, "]},\"decoder\":{\"type\":\"Sequence\",\"decoders\":[{\"type\":\"Replace\",\"pattern\":{\"String\":\"\xe2\x96\x81\"},\"content\":\" \"},"
                     "{\"type\":\"ByteFallback\"},{\"type\":\"Fuse\"}]}");
  WM__JW_LIT(&w, ",\"added_tokens\":[");
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
  WM__JW_LIT(&w, ",\"model\":{\"type\":\"BPE\",\"wm_lenient_merges\":true,");
  if (wm__lpre[kind].flags & WM__LP_IGNORE_MERGES) WM__JW_LIT(&w, "\"ignore_merges\":true,");
  if (wm__lpre[kind].flags & WM__LP_NL_WHOLE) WM__JW_LIT(&w, "\"wm_ignore_merges_newlines\":true,");
  if (raw) WM__JW_LIT(&w, "\"byte_fallback\":true,");
  WM__JW_LIT(&w, "\"vocab\":{");
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
  int kind, ws_model;
  wm_status st;
  if (!data || !len) return wm__fail(err, WM_ERR_INVALID_ARG, "gguf: data and len are required");
  b.data = data; b.size = size; b.name = "gguf";
  if (!wm__gg_is(&b)) return wm__fail(err, WM_ERR_FORMAT, "gguf: not a GGUF file (no GGUF magic)");
  if ((st = wm__file_open(&f, &b, err)) != WM_OK) return st;
  model = wm__gg_strv(&f, "tokenizer.ggml.model", &ml);
  if (!model) return wm__fail(err, WM_ERR_MISSING, "gguf: no tokenizer (neither tokenizer.huggingface.json nor tokenizer.ggml.model)");
  if (ml == 5 && !memcmp(model, "llama", 5)) return wm__gg_spm_json(&f, out, cap, len, err);
  ws_model = ml == 10 && !memcmp(model, "whitespace", 10); /* byte-level BPE's words split at whitespace first (llama.cpp's jina-v2-zh) */
  if (!ws_model && (ml != 4 || memcmp(model, "gpt2", 4))) {
    static const char *const kinds[][2] = {{"bert", "WPM, WordPiece"}, {"t5", "UGM, Unigram"}, {"rwkv", "RWKV"}, {"plamo2", "PLaMo-2"}, {"no", "no vocabulary"}};
    const char *what = "unknown";
    size_t k2;
    wm__cstr(name, sizeof name, model, ml);
    for (k2 = 0; k2 < sizeof kinds / sizeof kinds[0]; k2++)
        if (!strcmp(name, kinds[k2][0])) what = kinds[k2][1];
    return wm__fail(err, WM_ERR_UNSUPPORTED, "gguf: tokenizer.ggml.model '%s' (%s) is not supported (wm.h reads \"gpt2\" and \"whitespace\", BPE, and \"llama\", SentencePiece)",
                    name, what);
  }
  pre = wm__gg_strv(&f, "tokenizer.ggml.pre", &pl);
  wm__cstr(name, sizeof name, pre ? pre : "default", pre ? pl : 7); /* none: llama.cpp's default */
  if ((kind = wm__gg_pre_kind(name)) < 0)
      return wm__fail(err, WM_ERR_UNSUPPORTED, "gguf: tokenizer.ggml.pre '%s' is not a pre-tokenizer llama.cpp knows", name);
  return wm__gg_bpe_json(&f, kind, ws_model, out, cap, len, err);
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
    int l = 0, as_is = 0;
    uint32_t cp = 0;
    size_t m = n;
    int flush = p == e;
    if (!flush) {
      cp = wm__cp(p, e, &l);
      if (cp == 0xffffffffu) flush = as_is = 1; /* an invalid byte: a boundary, copied as it is */
      else if (cp >= 0x300 && !wm__nfc_active(cp)) flush = as_is = 1; /* nothing to change, nothing joins it: the same */
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
      if (m > r->cap || p == e || as_is) n = 0;
      else { memmove(r->p, r->p + n, (m - n) * sizeof(uint32_t)); n = m - n; m = n; }
    }
    if (p == e) break;
    if (as_is) { /* its bytes (an invalid one: that byte) */
      if (len + (size_t)l <= cap) memcpy(dst + len, p, (size_t)l);
      len += (size_t)l;
      p += l;
      continue;
    }
    if (m > r->cap) m = wm__decompose(cp, form == WM__NORM_NFKC, r->p, 0, r->cap); /* a fresh run */
    n = m;
    p += l;
  }
  return len;
}
#endif

/* ---- pre-tokenizer splits: hand-written matchers of the common regexes ------
   One function per regex family (GPT-2, Llama-3 / Qwen2, DeepSeek-V3,
   GPT-4o / Tekken), each the end of the match at p; wm__pretok picks one. */

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

/* ---- llama.cpp's regex splits, run as llama.cpp runs them -------------------

   llama.cpp runs a pre-tokenizer regex it has no splitter for through
   std::regex (ECMAScript: alternatives in order, greedy) on a rewritten
   text. With \p{..} the text is "collapsed": a character >= 128 becomes one
   byte per category (whitespace 0x0B, N 0xD1, L 0xD2, P 0xD3, M 0xD4, S
   0xD5, else 0xD0) and \p{X} means that byte plus X's ASCII members (\p{Lu}
   .. \p{Lo}: L; '~' in neither P nor S); without, code points, non-ASCII
   whitespace as 0x0B. wm.h compiles the regex and backtracks in the same
   order, memoizing each failed (instruction, position): linear time. */

#define WM__RX_INF 0xffffu
#define WM__RX_FAIL 0xffffffffu
#define WM__RX_MAX_INS 128 /* instructions of the largest of llama.cpp's regexes compiled: 118 (the suite checks) */
#define WM__RX_MAX_RANGES 160 /* and class ranges: 137 */
enum { WM__RX_CLS, WM__RX_REP, WM__RX_SPLIT, WM__RX_JMP, WM__RX_LOOK, WM__RX_EOL, WM__RX_MATCH };

/* an instruction: CLS/REP a class (ranges a .. a+b, neg) min..max times;
   SPLIT try a, then b; JMP to a; LOOK run a.. to its MATCH, go on at b when
   it matched (neg: when it did not); EOL the end of the part */
typedef struct wm__rxi {
  unsigned char op, neg, memo_on, in_look;
  uint16_t a, b, min, max, memo, pad; /* 16 bytes: the ranges after the program stay aligned */
} wm__rxi;

typedef struct wm__rxc {
  const char *s;
  int i, n; /* the pattern and the parse position */
  int wide; /* 1: code points; 0: the collapsed text */
  wm__rxi *in; /* [capi] instructions, NULL while counting */
  int ni, capi;
  uint32_t *rg; /* [capr][2] class ranges, NULL while counting */
  int nr, capr;
  int look, bad;
  wm__rxi dummy;
} wm__rxc;

static wm__rxi *wm__rx_at(wm__rxc *c, int k) { return c->in && k >= 0 && k < c->capi ? &c->in[k] : &c->dummy; }

static int wm__rx_emit(wm__rxc *c, int op) {
  wm__rxi *x = wm__rx_at(c, c->ni);
  memset(x, 0, sizeof *x);
  x->op = (unsigned char)op;
  x->in_look = (unsigned char)(c->look > 0);
  if (c->ni >= 0xfff0) c->bad = 1;
  return c->ni++;
}

static void wm__rx_range(wm__rxc *c, uint32_t lo, uint32_t hi) {
  if (c->rg && c->nr < c->capr) { c->rg[2 * c->nr] = lo; c->rg[2 * c->nr + 1] = hi; }
  c->nr++;
}

/* \p{name}'s members in the collapsed text */
static void wm__rx_cat(wm__rxc *c, const char *nm, int len) {
  static const struct { const char *name; const char *ascii; unsigned char marker; } cats[] = {
    {"N", "09", 0xd1}, {"L", "AZaz", 0xd2}, {"Lu", "AZaz", 0xd2}, {"Ll", "AZaz", 0xd2}, {"Lt", "AZaz", 0xd2}, {"Lm", "AZaz", 0xd2},
    {"Lo", "AZaz", 0xd2}, {"P", "!#%*,/::;;?@[]__{{}}", 0xd3}, {"M", "", 0xd4}, {"S", "$$++<>^^``||", 0xd5}};
  int k;
  const char *a;
  if (c->wide) { c->bad = 1; return; }
  for (k = 0; k < (int)(sizeof cats / sizeof cats[0]); k++)
      if ((int)strlen(cats[k].name) == len && !memcmp(cats[k].name, nm, (size_t)len)) break;
  if (k == (int)(sizeof cats / sizeof cats[0])) { c->bad = 1; return; }
  wm__rx_range(c, cats[k].marker, cats[k].marker);
  for (a = cats[k].ascii; *a; a += 2) wm__rx_range(c, (unsigned char)a[0], (unsigned char)a[1]);
}

/* the pattern's next character (an escape's code point after the backslash) */
static uint32_t wm__rx_char(wm__rxc *c) {
  int l;
  uint32_t cp;
  if (c->i >= c->n) { c->bad = 1; return 0; }
  cp = wm__cp((const unsigned char *)c->s + c->i, (const unsigned char *)c->s + c->n, &l);
  c->i += l;
  if (cp == 0xffffffffu) c->bad = 1;
  return cp;
}

/* after a backslash: a class escape adds its ranges and returns 1 (*neg for
   \S); a character escape stores its code point in *cp and returns 0 */
static int wm__rx_escape(wm__rxc *c, uint32_t *cp, int *neg) {
  uint32_t ch = wm__rx_char(c);
  *neg = 0;
  switch (ch) {
  case 'r': *cp = '\r'; return 0;
  case 'n': *cp = '\n'; return 0;
  case 't': *cp = '\t'; return 0;
  case 'd': wm__rx_range(c, '0', '9'); return 1;
  case 'S': *neg = 1; /* fall through */
  case 's': wm__rx_range(c, 9, 13); wm__rx_range(c, ' ', ' '); return 1;
  case 'p': {
  int st = c->i + 1;
  if (c->i >= c->n || c->s[c->i] != '{') { c->bad = 1; return 1; }
  while (c->i < c->n && c->s[c->i] != '}') c->i++;
  if (c->i >= c->n) { c->bad = 1; return 1; }
  wm__rx_cat(c, c->s + st, c->i - st);
  c->i++;
  return 1;
}
  default:
    if ((ch | 32) >= 'a' && (ch | 32) <= 'z') c->bad = 1; /* \b, \w, ...: not used by any split */
    *cp = ch;
    return 0;
  }
}

/* [...] : its ranges (the instruction's a, b, neg set by the caller) */
static void wm__rx_class(wm__rxc *c, int *neg) {
  *neg = 0;
  c->i++; /* [ */
  if (c->i < c->n && c->s[c->i] == '^') { *neg = 1; c->i++; }
  while (c->i < c->n && c->s[c->i] != ']' && !c->bad) {
    uint32_t lo, hi;
    int eneg = 0;
    if (c->s[c->i] == '\\') {
      c->i++;
      if (wm__rx_escape(c, &lo, &eneg)) { if (eneg) c->bad = 1; continue; }
    } else {
      lo = wm__rx_char(c);
    }
    hi = lo;
    if (c->i + 1 < c->n && c->s[c->i] == '-' && c->s[c->i + 1] != ']') {
      c->i++;
      if (c->s[c->i] == '\\') { c->i++; if (wm__rx_escape(c, &hi, &eneg)) c->bad = 1; }
      else hi = wm__rx_char(c);
      if (hi < lo) c->bad = 1;
    }
    wm__rx_range(c, lo, hi);
  }
  if (c->i >= c->n) c->bad = 1;
  c->i++; /* ] */
}

/* the index after the group or class starting at j (escapes skipped) */
static int wm__rx_skip(const wm__rxc *c, int j) {
  int depth = 0, in_cls = 0;
  for (; j < c->n; j++) {
    char ch = c->s[j];
    if (ch == '\\') { j++; continue; }
    if (in_cls) { if (ch == ']') in_cls = 0; continue; }
    if (ch == '[') in_cls = 1;
    else if (ch == '(') depth++;
    else if (ch == ')' && --depth == 0) return j + 1;
  }
  return c->n;
}

/* whether another alternative follows at this nesting level */
static int wm__rx_more(const wm__rxc *c) {
  int j = c->i;
  while (j < c->n) {
    char ch = c->s[j];
    if (ch == '|') return 1;
    if (ch == ')') return 0;
    if (ch == '\\') j += 2;
    else if (ch == '(') j = wm__rx_skip(c, j);
    else if (ch == '[') {
      for (j++; j < c->n && c->s[j] != ']'; j++)
          if (c->s[j] == '\\') j++;
      j++;
    } else j++;
  }
  return 0;
}

/* a quantifier at the parse position: min, max (1, 1 without one) */
static void wm__rx_quant(wm__rxc *c, unsigned *mn, unsigned *mx) {
  char ch = c->i < c->n ? c->s[c->i] : 0;
  *mn = *mx = 1;
  if (ch == '?') { *mn = 0; c->i++; }
  else if (ch == '*') { *mn = 0; *mx = WM__RX_INF; c->i++; }
  else if (ch == '+') { *mx = WM__RX_INF; c->i++; }
  else if (ch == '{') {
    unsigned a = 0, b;
    for (c->i++; c->i < c->n && c->s[c->i] >= '0' && c->s[c->i] <= '9'; c->i++) a = a * 10 + (unsigned)(c->s[c->i] - '0');
    b = a;
    if (c->i < c->n && c->s[c->i] == ',') {
      b = c->i + 1 < c->n && c->s[c->i + 1] == '}' ? WM__RX_INF : 0;
      for (c->i++; c->i < c->n && c->s[c->i] >= '0' && c->s[c->i] <= '9'; c->i++) b = b * 10 + (unsigned)(c->s[c->i] - '0');
    }
    if (c->i >= c->n || c->s[c->i] != '}' || a > 1024 || (b != WM__RX_INF && (b < a || b > 1024))) c->bad = 1;
    c->i++;
    *mn = a; *mx = b;
  }
}

static void wm__rx_alt(wm__rxc *c);

/* (...) at the parse position, with its quantifier */
static void wm__rx_group(wm__rxc *c) {
  int body, end = wm__rx_skip(c, c->i), k;
  unsigned mn, mx, r;
  if (c->i + 2 < c->n && c->s[c->i + 1] == '?' && (c->s[c->i + 2] == '=' || c->s[c->i + 2] == '!')) { /* lookahead */
    int lk = wm__rx_emit(c, WM__RX_LOOK);
    wm__rx_at(c, lk)->neg = c->s[c->i + 2] == '!';
    c->i += 3;
    c->look++;
    wm__rx_alt(c);
    wm__rx_emit(c, WM__RX_MATCH);
    c->look--;
    if (c->i >= c->n || c->s[c->i] != ')') c->bad = 1;
    c->i++;
    wm__rx_at(c, lk)->a = (uint16_t)(lk + 1);
    wm__rx_at(c, lk)->b = (uint16_t)c->ni;
    return;
  }
  body = c->i + 1 + (c->i + 2 < c->n && c->s[c->i + 1] == '?' && c->s[c->i + 2] == ':' ? 2 : 0);
  c->i = end;
  wm__rx_quant(c, &mn, &mx);
  end = c->i;
#define WM__RX_BODY() \
  do { \
    c->i = body; \
    wm__rx_alt(c); \
    if (c->i >= c->n || c->s[c->i] != ')') c->bad = 1; \
  } while (0)
  for (r = 0; r < mn && !c->bad; r++) WM__RX_BODY();
  if (mx == WM__RX_INF) { /* L: SPLIT body, out; body; JMP L */
    int sp = wm__rx_emit(c, WM__RX_SPLIT);
    wm__rx_at(c, sp)->a = (uint16_t)(sp + 1);
    WM__RX_BODY();
    k = wm__rx_emit(c, WM__RX_JMP);
    wm__rx_at(c, k)->a = (uint16_t)sp;
    wm__rx_at(c, sp)->b = (uint16_t)c->ni;
  } else if (mx > mn) { /* optional copies, each skipping the rest */
    int first = c->ni, sp;
    for (r = mn; r < mx && !c->bad; r++) {
      sp = wm__rx_emit(c, WM__RX_SPLIT);
      wm__rx_at(c, sp)->a = (uint16_t)(sp + 1);
      WM__RX_BODY();
    }
    for (k = first; k < c->ni; k++)
        if (wm__rx_at(c, k)->op == WM__RX_SPLIT && wm__rx_at(c, k)->b == 0) wm__rx_at(c, k)->b = (uint16_t)c->ni;
  }
#undef WM__RX_BODY
  c->i = end;
}

static void wm__rx_seq(wm__rxc *c) {
  while (c->i < c->n && c->s[c->i] != '|' && c->s[c->i] != ')' && !c->bad) {
    char ch = c->s[c->i];
    int k, neg = 0, r0 = c->nr;
    unsigned mn, mx;
    uint32_t cp;
    if (ch == '(') { wm__rx_group(c); continue; }
    if (ch == '$') { wm__rx_emit(c, WM__RX_EOL); c->i++; continue; }
    if (ch == '[') wm__rx_class(c, &neg);
    else if (ch == '\\') { c->i++; if (!wm__rx_escape(c, &cp, &neg)) wm__rx_range(c, cp, cp); }
    else if (ch == '.' || ch == '^' || ch == '*' || ch == '+' || ch == '?' || ch == '{') { c->bad = 1; return; }
    else { cp = wm__rx_char(c); wm__rx_range(c, cp, cp); }
    wm__rx_quant(c, &mn, &mx);
    k = wm__rx_emit(c, mn == 1 && mx == 1 ? WM__RX_CLS : WM__RX_REP);
    wm__rx_at(c, k)->a = (uint16_t)r0;
    wm__rx_at(c, k)->b = (uint16_t)(c->nr - r0);
    wm__rx_at(c, k)->neg = (unsigned char)neg;
    wm__rx_at(c, k)->min = (uint16_t)mn;
    wm__rx_at(c, k)->max = (uint16_t)mx;
    if (c->nr > 0xfff0) c->bad = 1;
  }
}

/* alternatives: SPLIT a1, next; a1; JMP out; next: SPLIT a2, ... */
static void wm__rx_alt(wm__rxc *c) {
  int jmp[64], nj = 0, k;
  for (;;) {
    int sp = wm__rx_more(c) ? wm__rx_emit(c, WM__RX_SPLIT) : -1;
    if (sp >= 0) wm__rx_at(c, sp)->a = (uint16_t)(sp + 1);
    wm__rx_seq(c);
    if (sp < 0 || c->bad) break;
    if (c->i >= c->n || c->s[c->i] != '|') { c->bad = 1; break; }
    c->i++;
    if (nj == 64) { c->bad = 1; break; }
    jmp[nj++] = wm__rx_emit(c, WM__RX_JMP);
    wm__rx_at(c, sp)->b = (uint16_t)c->ni;
  }
  for (k = 0; k < nj; k++) wm__rx_at(c, jmp[k])->a = (uint16_t)c->ni;
}

/* compiles s (in[capi], rg[capr]; NULL to count): 1, or 0 for a regex it does not read */
static int wm__rx_compile(wm__rxc *c, const char *s, wm__rxi *in, int capi, uint32_t *rg, int capr) {
  int k, nm = 0;
  memset(c, 0, sizeof *c);
  c->s = s; c->n = (int)strlen(s);
  c->wide = !strstr(s, "\\p{");
  c->in = in; c->capi = capi; c->rg = rg; c->capr = capr;
  wm__rx_alt(c);
  wm__rx_emit(c, WM__RX_MATCH);
  if (c->i != c->n) c->bad = 1;
  if (c->bad || !in) return !c->bad;
  if (c->ni > capi || c->nr > capr) return 0;
  /* memoized: the choice points and where backtracking resumes (outside lookaheads) */
  for (k = 0; k < c->ni; k++) {
    wm__rxi *x = &in[k];
    if (x->in_look) continue;
    if (x->op == WM__RX_SPLIT || x->op == WM__RX_REP || x->op == WM__RX_LOOK) x->memo_on = 1;
    if (x->op == WM__RX_SPLIT && x->b < c->ni && !in[x->b].in_look) in[x->b].memo_on = 1;
    if (x->op == WM__RX_REP && !in[k + 1].in_look) in[k + 1].memo_on = 1;
  }
  for (k = 0; k < c->ni; k++)
      if (in[k].memo_on) in[k].memo = (uint16_t)nm++;
  return 1;
}

typedef struct wm__rxm {
  const wm__rxi *in;
  const uint32_t *rg;
  const uint32_t *t;  /* [n] the part as the regex sees it */
  uint32_t n;
  unsigned char *memo; /* [n + 1][row] a bit per memoized instruction: failed there */
  size_t row;
  uint32_t *rep; /* [instructions][4] REP: run scanned from [0] ends at [1]; every continuation in [2]..[3] failed */
  uint32_t *fr; /* [capfr][3] backtracking: pc (| tags), position, REP end */
  size_t nfr, capfr;
  int nomem, fr_heap;  /* fr from WM_MALLOC (else the caller's stack) */
  int plain; /* 1: no memo, failure records or run cache (the suite's reference) */
} wm__rxm;

#define WM__RX_DONE 0x40000000u /* a REP whose every count failed */
#define WM__RX_BACK 0x80000000u /* a REP's next shorter count */

static int wm__rx_has(const wm__rxm *m, const wm__rxi *x, uint32_t ch) {
  const uint32_t *r = m->rg + 2u * x->a;
  unsigned k;
  for (k = 0; k < x->b; k++)
      if (ch >= r[2 * k] && ch <= r[2 * k + 1]) return !x->neg;
  return x->neg;
}

static int wm__rx_push(wm__rxm *m, uint32_t a, uint32_t b, uint32_t c) {
  if (m->nfr == m->capfr) {
#ifndef WM_NO_MALLOC
    size_t cap = m->capfr ? 2 * m->capfr : 64;
    uint32_t *f = cap < ((size_t)-1) / 12 ? (uint32_t *)WM_MALLOC(cap * 12) : NULL;
    if (!f) { m->nomem = 1; return 0; }
    if (m->nfr) memcpy(f, m->fr, m->nfr * 12);
    if (m->fr_heap) WM_FREE(m->fr);
    m->fr = f;
    m->fr_heap = 1;
    m->capfr = cap;
#else
    m->nomem = 1;
    return 0;
#endif
  }
  m->fr[3 * m->nfr] = a; m->fr[3 * m->nfr + 1] = b; m->fr[3 * m->nfr + 2] = c;
  m->nfr++;
  return 1;
}

/* the end of the match of in[pc..] at pos, or WM__RX_FAIL */
static uint32_t wm__rx_run(wm__rxm *m, uint32_t pc, uint32_t pos) {
  size_t base = m->nfr;
  for (;;) {
    const wm__rxi *x = &m->in[pc];
    if (x->memo_on && !m->plain) {
      size_t bit = (size_t)pos * m->row * 8 + x->memo;
      if (m->memo[bit >> 3] & (1u << (bit & 7))) goto fail;
      m->memo[bit >> 3] |= (unsigned char)(1u << (bit & 7));
    }
    switch (x->op) {
    case WM__RX_CLS:
      if (pos < m->n && wm__rx_has(m, x, m->t[pos])) { pos++; pc++; continue; }
      goto fail;
    case WM__RX_REP: {
    uint32_t *rc = m->rep + 4u * pc, end;
    if (x->max == WM__RX_INF && rc[1] != WM__RX_FAIL && pos >= rc[0] && pos <= rc[1] && !m->plain) end = rc[1]; /* inside a run scanned before */
    else {
      for (end = pos; end < m->n && end - pos < x->max && wm__rx_has(m, x, m->t[end]); end++) {}
      if (x->max == WM__RX_INF) { rc[0] = pos; rc[1] = end; }
    }
    if (end - pos < x->min) goto fail;
    if (rc[3] != WM__RX_FAIL && pos + x->min >= rc[2] && end <= rc[3] && !m->plain) goto fail; /* every count failed before */
    if (!wm__rx_push(m, pc | WM__RX_DONE, pos, end)) return WM__RX_FAIL;
    if (end - pos > x->min && !wm__rx_push(m, pc | WM__RX_BACK, pos, end - 1)) return WM__RX_FAIL;
    pos = end; pc++;
    continue;
  }
    case WM__RX_SPLIT:
      if (!wm__rx_push(m, x->b, pos, 0)) return WM__RX_FAIL;
      pc = x->a;
      continue;
    case WM__RX_JMP: pc = x->a; continue;
    case WM__RX_LOOK: {
    uint32_t r = wm__rx_run(m, pc + 1, pos);
    if (m->nomem) return WM__RX_FAIL;
    if ((r != WM__RX_FAIL) != x->neg) { pc = x->b; continue; }
    goto fail;
  }
    case WM__RX_EOL:
      if (pos == m->n) { pc++; continue; }
      goto fail;
    default: m->nfr = base; return pos; /* MATCH */
    }
fail:
    for (;;) {
      uint32_t *f, tag;
      if (m->nfr == base) return WM__RX_FAIL;
      f = m->fr + 3 * (m->nfr - 1);
      tag = f[0] & (WM__RX_DONE | WM__RX_BACK);
      pc = f[0] & ~(WM__RX_DONE | WM__RX_BACK);
      pos = f[1];
      if (tag == WM__RX_DONE) { /* remember the continuations that failed, joined to those before when they touch */
        uint32_t *rc = m->rep + 4u * pc, lo = pos + m->in[pc].min, hi = f[2];
        if (rc[3] != WM__RX_FAIL && lo <= rc[3] + 1 && hi + 1 >= rc[2]) { if (rc[2] < lo) lo = rc[2]; if (rc[3] > hi) hi = rc[3]; }
        rc[2] = lo; rc[3] = hi;
        m->nfr--;
        continue;
      }
      if (tag == WM__RX_BACK) {
        uint32_t end = f[2];
        if (end - pos > m->in[pc].min) f[2] = end - 1; /* the next try: one shorter */
        else m->nfr--;
        pos = end; pc++;
        break;
      }
      m->nfr--; /* a SPLIT's second way */
      break;
    }
  }
}

/* the leftmost match at or after *k: [*ms, *me), 1; 0 when none (or m->nomem) */
static int wm__rx_next(wm__rxm *m, uint32_t k, uint32_t *ms, uint32_t *me) {
  for (; k <= m->n; k++) {
    uint32_t end = wm__rx_run(m, 0, k);
    if (m->nomem) return 0;
    if (end == WM__RX_FAIL) continue;
    memset(m->memo + (size_t)end * m->row, 0, m->row); /* the match's own path ended there: not a failure */
    *ms = k; *me = end;
    return 1;
  }
  return 0;
}

/* the byte a character stands for in the collapsed text */
static uint32_t wm__rx_collapse(uint32_t cp) {
  int c;
  if (cp < 128) return cp;
  c = wm__uc_class(cp);
  if (c == WM__CL_S) return 0x0b;
  if (c == WM__CL_N) return 0xd1;
  if (c == WM__CL_L) return 0xd2;
  if (wm__uc_in(cp, WM__UC_PUNCT)) return 0xd3;
  if (wm__uc_in(cp, WM__UC_MARK)) return 0xd4;
  if (wm__uc_in(cp, WM__UC_SYMBOL)) return 0xd5;
  return 0xd0;
}

/* llama.cpp's own splitters for three of its regexes (unicode.cpp), each as
   a list of part ends over the part's code points t[n] */
static int wm__lsp_is_han(uint32_t cp) {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0x20000 && cp <= 0x2a6df) || (cp >= 0x2a700 && cp <= 0x2ebef) ||
         (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0x2f800 && cp <= 0x2fa1f);
}

/* flags of position k: 1 letter, 2 number, 4 whitespace, 8 any character (0 past the end) */
static int wm__lsp_fl(const uint32_t *t, size_t n, size_t k) {
  int c;
  if (k >= n) return 0;
  c = wm__uc_class(t[k]);
  return 8 | (c == WM__CL_L ? 1 : c == WM__CL_N ? 2 : c == WM__CL_S ? 4 : 0);
}

/* the end of the part starting at pos: Kimi-K2's Han runs, then Llama-3's split over the other letters */
static size_t wm__lsp_kimi(const uint32_t *t, size_t n, size_t pos) {
  uint32_t cp = t[pos];
  int f = wm__lsp_fl(t, n, pos), f2;
  size_t k, nws, last_nl;
#define WM__KL(k) ((wm__lsp_fl(t, n, k) & 1) && !wm__lsp_is_han(t[k]))
  if (wm__lsp_is_han(cp)) {
    while (pos < n && wm__lsp_is_han(t[pos])) pos++;
    return pos;
  }
  if (WM__KL(pos) || (!(cp == '\r' || cp == '\n' || (f & 3)) && pos + 1 < n && WM__KL(pos + 1))) {
    k = pos + !(cp == '\r' || cp == '\n' || (f & 3)); /* the optional leading character */
    while (k < n && WM__KL(k)) k++;
    if (k + 1 < n && t[k] == '\'') { /* (?:'s|'t|'re|'ve|'m|'ll|'d) */
      uint32_t a = t[k + 1] | 32, b = k + 2 < n ? t[k + 2] | 32 : 0;
      if (t[k + 1] < 128 && (a == 's' || a == 't' || a == 'm' || a == 'd')) k += 2;
      else if (k + 2 < n && t[k + 1] < 128 && t[k + 2] < 128 && ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l'))) k += 3;
    }
    return k;
  }
#undef WM__KL
  if (f & 2) { /* \p{N}{1,3} */
    for (k = pos; k < n && k - pos < 3 && (wm__lsp_fl(t, n, k) & 2); k++) {}
    return k;
  }
  f2 = cp == ' ' ? wm__lsp_fl(t, n, pos + 1) : f;
  if (!(f2 & 7) && f2) { /*  ?[^\s\p{L}\p{N}]+[\r\n]* */
    k = pos + (cp == ' ');
    while (k < n && !(wm__lsp_fl(t, n, k) & 7)) k++;
    while (k < n && (t[k] == '\r' || t[k] == '\n')) k++;
    return k;
  }
  for (nws = 0, last_nl = 0; (wm__lsp_fl(t, n, pos + nws) & 4); nws++)
      if (t[pos + nws] == '\r' || t[pos + nws] == '\n') last_nl = pos + nws + 1;
  if (last_nl) return last_nl; /* \s*[\r\n]+ */
  if (nws > 1 && pos + nws < n) return pos + nws - 1; /* \s+(?!\S) */
  if (nws) return pos + nws; /* \s+ */
  return pos + 1;
}

/* superbpe's (?=(\d{3})+(?!\d)): an empty match where the ASCII digits from k to their run's end are a multiple of 3 */
static int wm__lsp_thousands(const uint32_t *t, size_t n, size_t k, size_t *run_end) {
  if (k >= n || t[k] < '0' || t[k] > '9') return 0;
  if (*run_end <= k) for (*run_end = k; *run_end < n && t[*run_end] >= '0' && t[*run_end] <= '9'; (*run_end)++) {}
  return (*run_end - k) % 3 == 0;
}


/* ---- the byte map: GPT-2's bytes <-> characters of byte-level BPE ----------- */

/* The GPT-2 byte <-> unicode table: printable bytes map to themselves, the
   other 68 (0-32, 127-160, 173) to U+0100.. in byte order. */
static int wm__printable(int b) { return (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255); }

static int wm__cp_to_byte(uint32_t cp) {
  if (cp < 256) return wm__printable((int)cp) ? (int)cp : -1;
  if (cp < 256 + 33) return (int)cp - 256; /* bytes 0..32 */
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

/* ---- the tokenizer's structure: token flags, merges, the added tokens'
   automaton, pre-tokenizer steps, normalizer operations -------------------- */

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
enum { WM__PS_REGEX = 1, WM__PS_DIGITS, WM__PS_WHITESPACE, WM__PS_WSPLIT, WM__PS_PUNCT, WM__PS_STRING, WM__PS_PREFIX, WM__PS_LLAMA };
enum { WM__SB_ISOLATED = 0, WM__SB_REMOVED, WM__SB_PREV, WM__SB_NEXT, WM__SB_CONTIGUOUS };
typedef struct wm__pstep { unsigned char kind, arg, beh, ls; unsigned char s[16]; } wm__pstep;

/* a normalizer step after NFC/NFKC: Prepend(b) (a empty), Replace(a -> b),
   Lowercase, or Strip (whitespace on the left a[0], right a[1]) */
enum { WM__OP_STRING = 0, WM__OP_LOWER = 1, WM__OP_STRIP = 2 };
typedef struct wm__strop { unsigned char a[16], b[16]; unsigned char la, lb, kind; } wm__strop;
enum { WM__META_NONE = 0, WM__META_ALWAYS = 1, WM__META_FIRST = 2, WM__META_NEVER = 3 };

struct wm_tokenizer {
  int n_vocab; /* largest id + 1 */
  uint32_t *tok_off, *tok_len; /* [n_vocab] token bytes in tok_bytes */
  unsigned char *tok_bytes;
  unsigned char *tok_flags;   /* [n_vocab] WM__TOK_* */
  int32_t *vocab_hash; /* [vocab_mask + 1] ids by token bytes, -1 empty */
  uint32_t vocab_mask;
  wm__merge *merge_hash; /* [merge_mask + 1] by (a, b); a = -1 empty */
  uint32_t merge_mask;
  int32_t byte_tok[256]; /* token of each single byte, -1 if none */
  int32_t *added; /* [n_added] added token ids, sorted by their text (wm__added_sort) */
  uint32_t *added_off, *added_len; /* [n_added] the texts they match in added_bytes (normalized ones: the normalizer's output) */
  uint32_t *added_roff, *added_rlen; /* [n_added] their content as the file gives it, in added_bytes */
  unsigned char *added_nz; /* [n_added] 1: "normalized": matched in the normalized text, after the others */
  unsigned char *added_bytes;
  int n_added, n_added_nz;
  int added_first[257]; /* added tokens starting with byte b: [added_first[b], added_first[b+1]) */
  int32_t *added_rorder; /* [n_added] their indices sorted by text read backwards */
  wm__acn *ac; /* [n_ac] the automaton of their reversed texts (node 0: the root) */
  int n_ac;
  size_t added_max; /* bytes of the longest text they match */
  size_t added_depth; /* bytes the narrowing search reads before the automaton takes over (64; 1 in tests) */
  unsigned char added_lead[256]; /* bit 0: a raw-matched added token starts with byte b; bit 1: a normalized one */
  int32_t prefix[16], suffix[16];
  int n_prefix, n_suffix;
  int ignore_merges; /* 1: a word in the vocabulary is one token; 2: a word of newlines only */
  int pre; /* WM__PRE_*: the pre-tokenizer's split (byte-level) */
  int norm; /* WM__NORM_*: the normalizer */
  int byte_level; /* 1: GPT-2 byte-level BPE; 0: SentencePiece-style BPE on characters */
  int byte_fallback, fuse_unk;
  wm__strop ops[4]; /* Prepend / Replace steps after the normalizer */
  int n_ops;
  int meta, meta_split; /* Metaspace pre-tokenizer (WM__META_*), splitting at its spaces */
  int sp_split; /* words split before each run of U+2581, unless after a character of sp_block */
  uint32_t sp_block[8]; /* the characters some token has just before a U+2581 (">" in Gemma's ">\u2581</") */
  int n_sp_block;
  wm__pstep steps[8]; /* the general pre-tokenizer pipeline (n_steps 0: the classic paths above) */
  int n_steps;
  int dec_strip; /* leading spaces a full decode drops */
  uint32_t *dec_off, *dec_len; /* [n_vocab] non-byte-level: the decoded text of each token in dec_bytes */
  unsigned char *dec_bytes;
  int32_t unk;
  size_t max_len; /* bytes of the longest token */
  uint64_t hash_key[2], pair_add; /* keys of the vocab and merge tables (wm__sip_key) */
  int merge_shift; /* 64 - log2(merge_mask + 1) */
  int n_merges; /* ranks are 0 .. n_merges - 1 */
  size_t bytes_used;
  void *owned;
};
WM__SLOT(wm_tokenizer, 4096);

/* ---- hashing: SipHash keyed by the tokenizer (vocabulary and merge tables) ---- */

/* SipHash-1-3, the keyed hash of Rust's HashMap. The vocab and merge tables
   are keyed by a hash of the whole tokenizer.json, so no file can choose
   entries that collide in them (which would make loading quadratic). */
#define WM__ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define WM__SIPROUND(v0, v1, v2, v3) \
    do { \
      v0 += v1; v1 = WM__ROTL(v1, 13); v1 ^= v0; v0 = WM__ROTL(v0, 32); \
      v2 += v3; v3 = WM__ROTL(v3, 16); v3 ^= v2; \
      v0 += v3; v3 = WM__ROTL(v3, 21); v3 ^= v0; \
      v2 += v1; v1 = WM__ROTL(v1, 17); v1 ^= v2; v2 = WM__ROTL(v2, 32); \
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

/* ---- tokenizer.json: scanning (what it declares, checked, and measured) ---- */

/* Shared by the measuring and the building pass. */
typedef struct wm__tokb {
  const char *json, *e;
  const char *vocab, *merges, *added, *tmpl; /* JSON values */
  const char *unk; /* unk_token string, or NULL */
  size_t n_entries, n_merges, n_added, vocab_bytes, added_text;
  size_t added_match; /* bytes of the normalized added tokens' normalized texts */
  int32_t max_id;
  int ignore_merges; /* 1: a word in the vocabulary is one token; 2: a word of newlines only */
  int pre; /* WM__PRE_* */
  int norm; /* WM__NORM_* */
  int byte_level, byte_fallback, fuse_unk;
  int lenient; /* merges naming missing tokens are skipped (GGUF vocabularies) */
  int id_merges; /* merges are id triples [a, b, a+b] (GGUF "llama" vocabularies) */
  wm__strop ops[4]; /* Prepend / Replace steps after norm */
  int n_ops;
  int meta, meta_split; /* Metaspace pre-tokenizer: WM__META_*, split at its spaces */
  int dec_strip; /* leading spaces a full decode drops */
  wm__pstep steps[8]; /* the general pre-tokenizer pipeline, or n_steps 0 */
  int n_steps;
  int32_t prefix[16], suffix[16]; /* the template's ids around the text */
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
  } else if ((v = wm__cfg_get(r, step, "wm_llama")) && *v == 't') { /* one of llama.cpp's regexes, run as llama.cpp runs it */
    char lpat[1024];
    lpat[0] = 0;
    if (rx && *rx == '"' && wm__j_str(rx, e, lpat, sizeof lpat) >= sizeof lpat) lpat[0] = 0;
    for (k = 0; k < WM__N_LRX && strcmp(lpat, wm__lrx[k]); k++) {}
    if (k == WM__N_LRX) return wm__tok_fail(b->err, "pre_tokenizer Split (wm_llama) on a regex that is not one of llama.cpp's");
    if (ps->beh != WM__SB_ISOLATED) return wm__tok_fail(b->err, "pre_tokenizer Split (wm_llama) other than Isolated");
    ps->kind = WM__PS_LLAMA; ps->arg = (unsigned char)k;
    if (k == 0 || k == 17 || k == 19) { /* llama.cpp's own Llama-3, GPT-2 and Qwen2 splitters: wm.h's matchers */
      ps->kind = WM__PS_REGEX; ps->arg = k == 0 ? WM__PRE_LLAMA3 : k == 17 ? WM__PRE_GPT2 : WM__PRE_QWEN2;
    }
    v = NULL;
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
  v = wm__j_get(model, e, "wm_ignore_merges_newlines"); /* llama.cpp's Gemma 4: a word of newlines in the vocabulary is one token */
  if (!b->ignore_merges && v && *v == 't') b->ignore_merges = 2;
  b->unk = mv[7];
  if (b->unk && *b->unk != '"') b->unk = NULL;
  if ((st = wm__tok_scan_post(&r, b, rv[4])) != WM_OK) return st;
  b->added = rv[5];
  if ((st = wm__tok_scan_count(&r, b)) != WM_OK) return st;
  if (r.st != WM_OK) return r.st;
  return b->tmpl ? wm__tok_template(b) : WM_OK;
}

/* ---- tokenizer.json: filling the carved tokenizer (vocabulary, added tokens
   and their automaton, merges, decoding tables) ------------------------------ */

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

/* BPE of a long pre-token in linear time, or 0 ("use wm__bpe"): the same
   merges in the same order, by a bucket queue over ranks instead of a heap.
   Trained merges create tokens only later merges use, so new pairs rank
   above the merge and ranks are taken in increasing order, each bucket
   once; a list without that property shows a pair at or below the current
   rank, and the caller starts over with the heap. Within a rank only runs
   of one symbol overlap: each run merges left to right, as the heap's
   (rank, position) order does. head: [2][n_merges] (heads, tails); pool:
   [3m] entries (rank = next link). */
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

static int wm__all_newlines(const unsigned char *w, int n) { int i; for (i = 0; i < n && w[i] == '\n'; i++) {} return i == n; }

/* BPE of one pre-token w[n] with scratch for n symbols and 3n candidates;
   head ([2][n_merges], or NULL) tries the linear bucket queue first. */
static void wm__bpe(const wm_tokenizer *t, const unsigned char *w, int n, wm__sym *sy, wm__cand *heap, int32_t *head, int32_t *ids,
                    size_t cap, size_t *out_n) {
  int i, nh = 0, m;
  if (t->ignore_merges == 1 || (t->ignore_merges == 2 && n > 0 && wm__all_newlines(w, n))) {
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
  uint32_t slot[WM__WC_SLOTS]; /* entry + 1, 0 empty */
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

/* A llama.cpp split (t->steps[i].arg: its regex in wm__lrx) of p..e: each
   match a part, the text between matches too; each part on to step i + 1. */
static wm_status wm__pre_llama(const wm_tokenizer *t, wm__wcache *wc, int i, const unsigned char *p, const unsigned char *e, int32_t *ids,
                               size_t cap, size_t *n) {
  const char *rx = wm__lrx[t->steps[i].arg];
  uint32_t small[1024], frames[3 * 128], rg[2 * WM__RX_MAX_RANGES];
  wm__rxi in[WM__RX_MAX_INS]; /* the regex, compiled once for this part */
  unsigned char *blk = (unsigned char *)small;
  uint32_t *cps, *off, np = 0, k, gap = 0;
  const unsigned char *q;
  wm__rxc c;
  wm__rxm m;
  size_t need, ni, memo_bytes;
  wm_status st = WM_OK;
  int kind = rx[0] == '\\' && rx[1] == 'p' && rx[2] == '{' && (rx[3] == 'H' || rx[3] == 'A') ? rx[3] : !strcmp(rx, "\\d{1,3}(?=(?:\\d{3})*\\b)") ? 'A'
             : !strcmp(rx, "(?=(\\d{3})+(?!\\d))") ? 'T' : 0; /* Han (Kimi-K2), AFMoE digits, Thousands (superbpe): llama.cpp's own code */
  for (q = p; q < e; np++) { int l; wm__cp(q, e, &l); q += l; }
  if ((size_t)np + 1 > ((size_t)-1) / 64) return WM_ERR_NOMEM;
  if (!kind) {
    if (!wm__rx_compile(&c, rx, in, WM__RX_MAX_INS, rg, WM__RX_MAX_RANGES)) return WM_ERR_UNSUPPORTED;
    ni = (size_t)c.ni;
  } else {
    ni = 0;
  }
  memset(&m, 0, sizeof m);
  m.fr = frames; m.capfr = 128;
  m.row = (ni + 7) / 8;
  if (m.row && (size_t)np + 1 > ((size_t)-1 - 4096) / m.row) return WM_ERR_NOMEM;
  memo_bytes = m.row * ((size_t)np + 1);
  need = 8 * ((size_t)np + 1) + ni * 16 + memo_bytes + 16;
  if (need > sizeof small) {
#ifndef WM_NO_MALLOC
    if (!(blk = (unsigned char *)WM_MALLOC(need))) return WM_ERR_NOMEM;
#else
    return WM_ERR_NOMEM;
#endif
  }
  /* [np + 1] code points (as the regex sees them), [np + 1] their byte offsets, REP state, memo */
  cps = (uint32_t *)(void *)blk;
  off = cps + np + 1;
  for (q = p, k = 0; q < e; k++) {
    int l;
    uint32_t cp = wm__cp(q, e, &l);
    if (cp == 0xffffffffu) cp = 0xfffd; /* llama.cpp reads an invalid byte as U+FFFD */
    cps[k] = kind ? cp : !c.wide ? wm__rx_collapse(cp) : cp > 0x7f && wm__uc_class(cp) == WM__CL_S ? 0x0b : cp;
    off[k] = (uint32_t)(q - p);
    q += l;
  }
  off[np] = (uint32_t)(e - p);
#define WM__LPART(a, b) do { if ((b) > (a) && (st = wm__pre_step(t, wc, i + 1, p + off[a], p + off[b], ids, cap, n)) != WM_OK) goto done; } while (0)
  if (kind == 'H') {
    for (k = 0; k < np;) { uint32_t end = (uint32_t)wm__lsp_kimi(cps, np, k); WM__LPART(k, end); k = end; }
  } else if (kind == 'A') { /* each digit run: its first 1-2 digits (joined to what precedes them), then threes */
    for (k = 0; k < np;) {
      uint32_t cur = k;
      if (wm__uc_class(cps[k]) != WM__CL_N) { k++; continue; }
      while (k < np && wm__uc_class(cps[k]) == WM__CL_N) k++;
      if ((k - cur) % 3) { cur += (k - cur) % 3; WM__LPART(gap, cur); gap = cur; }
      for (; cur < k; gap = cur) { cur += 3; WM__LPART(gap, cur); }
    }
    WM__LPART(gap, np);
  } else if (kind == 'T') {
    size_t run_end = 0;
    for (k = 0; k < np; k++)
        if (wm__lsp_thousands(cps, np, k, &run_end)) { WM__LPART(gap, k); gap = k; }
    WM__LPART(gap, np);
  } else {
    m.in = in; m.rg = rg; m.t = cps; m.n = np;
    m.rep = off + np + 1;
    m.memo = (unsigned char *)(m.rep + 4 * ni);
    memset(m.rep, 0xff, ni * 16);
    memset(m.memo, 0, memo_bytes);
    for (k = 0; k <= np;) { /* the leftmost match from k; after an empty one, from the next character */
      uint32_t ms, me;
      if (!wm__rx_next(&m, k, &ms, &me)) break;
      WM__LPART(gap, ms);
      WM__LPART(ms, me);
      gap = me;
      k = me > ms ? me : ms + 1;
    }
    if (m.nomem) { st = WM_ERR_NOMEM; goto done; }
    WM__LPART(gap, np);
  }
#undef WM__LPART
done:
#ifndef WM_NO_MALLOC
  if (m.fr_heap) WM_FREE(m.fr);
  if (blk != (unsigned char *)small) WM_FREE(blk);
#endif
  return st;
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
  case WM__PS_LLAMA: return wm__pre_llama(t, wc, i, p, e, ids, cap, n);
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
    if (best < 0 || t->added_len[best] > (size_t)(e - q) || !t->added_len[best] ||
        memcmp(q, t->added_bytes + t->added_off[best], t->added_len[best])) { q++; continue; } /* (a damaged automaton: no match) */
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
   wm_tokenizer_init_blob uses where it lies (flash, a mapped file; only the
   struct goes to RAM). Little-endian, arrays 8-byte aligned (the blob too):
     "WMTOKEN1" | u64 bytes | u64 SipHash of the bytes after it |
     i64 [WM__TB_N_INT] | the fixed-size members, raw | {u64 offset, u64 bytes} [WM__TB_N_ARR] | the arrays
   Every field is checked on load (ranges, offsets, probe runs, the
   automaton's breadth-first order): tokenizing stays linear, reads inside.
   A new field of wm_tokenizer goes into one of these lists. */
#define WM__TB_INTS(X) \
    X(n_vocab) X(vocab_mask) X(merge_mask) X(n_added) X(n_added_nz) X(n_ac) X(added_max) X(added_depth) X(n_prefix) \
    X(n_suffix) X(ignore_merges) X(pre) X(norm) X(byte_level) X(byte_fallback) X(fuse_unk) X(n_ops) X(meta) X(meta_split) \
    X(sp_split) X(n_sp_block) X(n_steps) X(dec_strip) X(unk) X(max_len) X(merge_shift) X(n_merges)
#define WM__TB_RAWS(X) X(byte_tok) X(added_first) X(added_lead) X(prefix) X(suffix) X(ops) X(sp_block) X(steps) X(hash_key) X(pair_add)
#define WM__TB_ARRS(X) \
    X(tok_off) X(tok_len) X(tok_bytes) X(tok_flags) X(vocab_hash) X(merge_hash) X(added) X(added_off) X(added_len) \
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
    if (e0 > mask) return 0xffffffffu; /* (over any bound, however small the table) */
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
  WM__TB_NEED(t->ignore_merges >= 0 && t->ignore_merges <= 2 && !(t->byte_level >> 1) && !(t->byte_fallback >> 1) && !(t->fuse_unk >> 1) &&
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
    WM__TB_NEED(s->kind >= WM__PS_REGEX && s->kind <= WM__PS_LLAMA && s->beh <= WM__SB_CONTIGUOUS && s->ls <= 16 &&
                    (s->kind != WM__PS_STRING || s->ls >= 1) && (s->kind != WM__PS_REGEX || s->arg < WM__N_PRE) &&
                    (s->kind != WM__PS_LLAMA || s->arg < WM__N_LRX), "a pre-tokenizer step");
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
    WM__TB_NEED(WM__TB_ID(t->added[i]) && t->added_nz[i] <= 1 && t->added_rorder[i] >= 0 && t->added_rorder[i] < t->n_added && t->added_len[i] >= 1,
                "an added token");
    WM__TB_NEED((uint64_t)t->added_off[i] + t->added_len[i] <= bytes[WM__TB_added_bytes] &&
                    (uint64_t)t->added_roff[i] + t->added_rlen[i] <= bytes[WM__TB_added_bytes], "an added token's text");
    run = WM__MAX(run, (uint64_t)t->added_len[i]);
  }
  WM__TB_NEED(run == t->added_max, "added_max");
  { /* the automaton: breadth first (each node's children the next nodes in order, sorted by byte), failure links to shallower nodes */
    uint64_t next = 1, level = 0, level_end = 1, next_end = 1, depth = 0; /* depth: of node i, the length of its string */
    for (i = 0; i < (uint64_t)t->n_ac; i++) {
      const wm__acn *x = &t->ac[i];
      uint32_t c;
      if (i == level_end) { level = level_end; level_end = next_end; depth++; }
      WM__TB_NEED(i < level_end, "the automaton's order");
      WM__TB_NEED(i == 0 ? x->fail == 0 : x->fail >= 0 && (uint64_t)x->fail < level, "a failure link");
      WM__TB_NEED(x->out[0] >= -1 && x->out[0] < t->n_added && x->out[1] >= -1 && x->out[1] < t->n_added &&
                      (x->out[0] < 0 || t->added_len[x->out[0]] <= depth) && (x->out[1] < 0 || t->added_len[x->out[1]] <= depth),
                  "an automaton output"); /* a text no longer than the node's string (its bytes are compared where it is used) */
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
  unsigned char *w; /* writing into a buffer (NULL: only sizing) */
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
    if ((hdr[3] >> 7) && st->pin) wm__io(io, st->pin, sizeof(float) * (size_t)(hdr[3] >> 7) * wm__pin_floats(s->model, l)); /* held tokens */
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
  hdr[3] = (smp ? 1 : 0) | (logits ? 2 : 0) | s->params.cache_type << 2 | s->params.state_type << 5 | s->pend << 7; /* cache type: bits 2..4; state: 5..6; held: 7.. */
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
  if (hdr[3] < 0 || (hdr[3] >> 7) >= WM__MAX(wm__model_grid(s->model), 1)) return wm__serr(s, WM_ERR_FORMAT, "session file: unknown flags");
  if ((hdr[3] >> 7) && !s->params.split_exact)
      return wm__serr(s, WM_ERR_INVALID_ARG, "session file: it holds %d tokens of a chunk: restore it with split_exact", hdr[3] >> 7);
  if (((hdr[3] >> 5) & 3) != s->params.state_type)
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
  s->pend = hdr[3] >> 7;
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
  void *work; /* wm_sampler_work_bytes(vocab) */
  char *text; /* one token's text: wm_utf8_push needs 3 * (bytes + 4) */
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
   [@JINJA] Jinja chat templates: an interpreter of jinja2's language for
   wm_chat_apply (lexer, expressions, calls, filters and tests, statements,
   jinja2's scoping). WM_NO_JINJA leaves it out.
   ======================================================================== */

/* A checkpoint's tokenizer_config.json carries its chat format as a Jinja
   template (chat_template). wm_chat_apply renders one as transformers does
   (jinja2's sandbox with trim_blocks, lstrip_blocks and loop controls; its
   tojson, raise_exception and strftime_now), byte for byte, for the subset
   real templates use: text, {{ }}, {% if/elif/else %}, {% for %} (tuple
   targets, an if filter, loop.*, else, break/continue), {% set %} (names,
   namespace attributes, blocks), comments, whitespace control; literals,
   lists, dicts, + - * / // % ~, comparisons, in, and/or/not, a if c else b,
   subscripts and slices, attributes and the str/dict methods templates
   call, the filters and tests below, range, namespace, raise_exception,
   strftime_now. A construct outside it is refused by name. The template is
   lexed once into tokens and interpreted over them (a loop body is re-read
   per item; a branch not taken is read in skip mode: parsed, not run).
   Work is bounded: steps, output, nesting and memory (one arena). A host
   feature: it formats numbers with <stdio.h>'s snprintf. */
#if !defined(WM_NO_MALLOC) && !defined(WM_NO_STDIO) && !defined(WM_NO_JINJA)
#include <errno.h>
#include <stdio.h>
enum { WM__JV_UNDEF, WM__JV_NONE, WM__JV_BOOL, WM__JV_INT, WM__JV_FLOAT, WM__JV_STR, WM__JV_LIST, WM__JV_DICT, WM__JV_FN };
typedef struct wm__jarr wm__jarr;
/* the Python object a LIST value stands for (its ns): how it prints, its truth, len and errors */
enum { WM__JK_LIST = 0, WM__JK_TUPLE, WM__JK_RANGE, WM__JK_ITEMS, WM__JK_KEYS, WM__JK_VALUES, WM__JK_GEN_SELECT, WM__JK_GEN_MAP,
     WM__JK_GEN_UNIQUE, WM__JK_GEN_ITEMS, WM__JK_REVERSED };
#define WM__JK_LAZY(v) ((v)->t == WM__JV_LIST && (v)->ns >= WM__JK_GEN_SELECT) /* an iterator: truthy, no len */
typedef struct wm__jv {
  int t;
  int ns; /* DICT: a namespace() (its attributes may be set); LIST: its WM__JK_ kind; STR: 1 for Markup (|safe) */
  long long i;   /* BOOL, INT; a RANGE list's start */
  double f; /* FLOAT; a RANGE list's stop */
  const char *s; /* STR (n bytes); FN: the function's name */
  size_t n; /* STR; a RANGE list's step (as a signed value) */
  wm__jarr *a;   /* LIST, DICT; FN: a bound method's object (its v[0]), or NULL */
} wm__jv;
struct wm__jarr { /* list items, or dict values with their keys (insertion order) */
  wm__jv *v, *k;
  int n, cap;
  int *hx, hcap; /* a dict of more than 8 keys: [hcap] open-addressed 1 + index of a string key, 0 empty */
};

enum { WM__JT_TEXT, WM__JT_VAR, WM__JT_VAREND, WM__JT_BLK, WM__JT_BLKEND, WM__JT_NAME, WM__JT_INT, WM__JT_FLOAT, WM__JT_STR, WM__JT_OP, WM__JT_EOF };
typedef struct wm__jtok {
  int t;
  const char *s; /* its text (TEXT: already trimmed as the tags ask) */
  size_t n;
} wm__jtok;

typedef struct wm__jblk { struct wm__jblk *next; size_t used, cap; } wm__jblk;
#ifndef WM_JINJA_STEPS
#define WM_JINJA_STEPS 20000000L /* the budget of one rendering: a unit per expression, statement, filter, test,
                                    call and subscript, and one per 16 bytes any of them produces */
#endif
#ifndef WM_JINJA_OUT
#define WM_JINJA_OUT ((size_t)64 << 20) /* bytes of output */
#endif
#ifndef WM_JINJA_MEM
#define WM_JINJA_MEM ((size_t)256 << 20) /* bytes of values */
#endif
#define WM__J_STEPS ((long)(WM_JINJA_STEPS))
#define WM__J_OUT ((size_t)(WM_JINJA_OUT))
#define WM__J_MEM ((size_t)(WM_JINJA_MEM))
#define WM__J_DEPTH 128 /* nesting of expressions, blocks and loops */
#define WM__J_VDEPTH 512 /* nesting of values that printing, tojson and == walk (Python's own limit is near 1000) */
typedef struct wm__jx {
  wm__jtok *tk;
  int ntk, pos;
  char *out; /* [cap] the rendering so far */
  size_t len, cap;
  wm__jarr *scope[WM__J_DEPTH]; /* names: [0] the context, then one per loop iteration */
  int nscope, depth, brk; /* brk: 1 break, 2 continue, pending */
  long long steps, now;
  wm__jblk *mem;
  size_t mem_used;
  int err; /* 1: failed, 2: raise_exception (msg: its message) */
  int hard; /* the failure is a limit's (budget, memory, depth): nothing catches it */
  wm__jarr *frames[WM__J_DEPTH];  /* the names each enclosing frame (the top level, then each loop) uses (wm__jroot_scope) */
  int nframes;
  char msg[512];
  /* the string last measured or indexed by code point: its count, whether it is ASCII, one
     code point's byte offset; so s[i] over i, slices and |length stay linear in the string */
  const char *ps;
  size_t pn, pcount, pbi;
  long long pci;
  int pascii;
} wm__jx;

/* one unit of the budget (0 after the failure it causes) */
static int wm__jstep(wm__jx *x, long long units);
static const char *wm__jtype(const wm__jv *v);
/* v as a sequence of another kind (WM__JK_*) */
static wm__jv wm__jkind(wm__jv v, int kind) { v.ns = kind; return v; }

static int wm__jfail(wm__jx *x, const char *fmt, ...) {
  va_list ap;
  if (x->err) return 0;
  x->err = 1;
  va_start(ap, fmt);
  vsnprintf(x->msg, sizeof x->msg, fmt, ap);
  va_end(ap);
  return 0;
}

static int wm__jstep(wm__jx *x, long long units) {
  if ((x->steps += units) <= WM__J_STEPS) return 1;
  x->hard = 1;
  return wm__jfail(x, "the template runs too long (more than %ld steps)", WM__J_STEPS);
}

static void *wm__jalloc(wm__jx *x, size_t n) {
  wm__jblk *b = x->mem;
  unsigned char *p;
  n = (n + 15) & ~(size_t)15;
  if (!b || b->used + n > b->cap) {
    size_t cap = n > 65536 ? n : 65536;
    if (x->mem_used + cap > WM__J_MEM || !(b = (wm__jblk *)WM_MALLOC(sizeof(wm__jblk) + 16 + cap))) {
      x->hard = 1;
      wm__jfail(x, "the template needs more than %u MB of values", (unsigned)(WM__J_MEM >> 20));
      return NULL;
    }
    b->next = x->mem;
    b->used = 0;
    b->cap = cap;
    x->mem = b;
    x->mem_used += cap;
  }
  p = (unsigned char *)(b + 1);
  p += (16 - (uintptr_t)p % 16) % 16;
  b->used += n;
  return p + b->used - n;
}

/* values */
static wm__jv wm__jval(int t) { wm__jv v; memset(&v, 0, sizeof v); v.t = t; return v; }
static wm__jv wm__jint(long long i) { wm__jv v = wm__jval(WM__JV_INT); v.i = i; return v; }
static wm__jv wm__jbool(int b) { wm__jv v = wm__jval(WM__JV_BOOL); v.i = b != 0; return v; }
static wm__jv wm__jflt(double f) { wm__jv v = wm__jval(WM__JV_FLOAT); v.f = f; return v; }
static wm__jv wm__jstr(const char *s, size_t n) { wm__jv v = wm__jval(WM__JV_STR); v.s = s ? s : ""; v.n = n; return v; }
static wm__jv wm__jnew(wm__jx *x, int t) { /* an empty list or dict */
  wm__jv v = wm__jval(t);
  v.a = (wm__jarr *)wm__jalloc(x, sizeof(wm__jarr));
  if (!v.a) return wm__jval(WM__JV_UNDEF);
  memset(v.a, 0, sizeof *v.a);
  return v;
}
static void wm__jpush(wm__jx *x, wm__jarr *a, const wm__jv *k, wm__jv v) { /* k: a dict's key, or NULL */
  if (!a) return;
  if (a->n == a->cap) {
    int cap = a->cap ? 2 * a->cap : 4;
    wm__jv *nv = (wm__jv *)wm__jalloc(x, sizeof(wm__jv) * (size_t)cap), *nk = k ? (wm__jv *)wm__jalloc(x, sizeof(wm__jv) * (size_t)cap) : NULL;
    if (!nv || (k && !nk)) return;
    if (a->n) memcpy(nv, a->v, sizeof(wm__jv) * (size_t)a->n);
    if (k && a->n) memcpy(nk, a->k, sizeof(wm__jv) * (size_t)a->n);
    a->v = nv;
    if (k) a->k = nk;
    a->cap = cap;
  }
  if (k) a->k[a->n] = *k;
  a->v[a->n++] = v;
}
static int wm__jseq(const wm__jv *a, const char *s, size_t n) { return a->t == WM__JV_STR && a->n == n && !memcmp(a->s, s, n); }
static unsigned wm__jhash(const char *s, size_t n) { uint64_t h = wm__fnv_bytes(WM__FNV_INIT, s, n); return (unsigned)(h ^ (h >> 32)); }
/* a dict's index of its string keys (built when it passes 8 keys, kept at most half full) */
static void wm__jindex_keys(wm__jx *x, wm__jarr *d) {
  int i, cap = 32, *hx;
  while (cap < 4 * d->n) cap *= 2;
  if (!(hx = (int *)wm__jalloc(x, sizeof(int) * (size_t)cap))) return;
  memset(hx, 0, sizeof(int) * (size_t)cap);
  for (i = 0; i < d->n; i++) {
    unsigned h;
    if (d->k[i].t != WM__JV_STR) continue;
    for (h = wm__jhash(d->k[i].s, d->k[i].n) & (unsigned)(cap - 1); hx[h]; h = (h + 1) & (unsigned)(cap - 1)) {}
    hx[h] = i + 1;
  }
  d->hx = hx;
  d->hcap = cap;
}
static wm__jv *wm__jget(wm__jarr *d, const char *s, size_t n) { /* a dict's value by key, or NULL */
  int i;
  unsigned h;
  if (!d) return NULL;
  if (!d->hx) {
    for (i = 0; i < d->n; i++)
        if (wm__jseq(&d->k[i], s, n)) return &d->v[i];
    return NULL;
  }
  for (h = wm__jhash(s, n) & (unsigned)(d->hcap - 1); d->hx[h]; h = (h + 1) & (unsigned)(d->hcap - 1))
      if (wm__jseq(&d->k[d->hx[h] - 1], s, n)) return &d->v[d->hx[h] - 1];
  return NULL;
}
static void wm__jput(wm__jx *x, wm__jarr *d, const char *s, size_t n, wm__jv v) {
  wm__jv *o = wm__jget(d, s, n), k = wm__jstr(s, n);
  if (o) { *o = v; return; }
  wm__jpush(x, d, &k, v);
  if (!d || !d->n || d->k[d->n - 1].s != s) return;
  if (d->hx && 2 * d->n <= d->hcap) { /* the new key into the index */
    unsigned h;
    for (h = wm__jhash(s, n) & (unsigned)(d->hcap - 1); d->hx[h]; h = (h + 1) & (unsigned)(d->hcap - 1)) {}
    d->hx[h] = d->n;
  } else if (d->n > 8) wm__jindex_keys(x, d);
}
static char *wm__jdup(wm__jx *x, const char *s, size_t n) {
  char *d = (char *)wm__jalloc(x, n + 1);
  if (d) { memcpy(d, s, n); d[n] = 0; }
  return d;
}

/* a growing string */
typedef struct wm__jsb { wm__jx *x; char *p; size_t n, cap; } wm__jsb;
static void wm__jsb_put(wm__jsb *b, const char *s, size_t n) {
  if (!n || !wm__jstep(b->x, (long long)((n + 15) >> 4))) return;
  if (b->n + n > b->cap) {
    size_t cap = 2 * (b->n + n) + 32;
    char *np = (char *)wm__jalloc(b->x, cap);
    if (!np) return;
    if (b->n) memcpy(np, b->p, b->n);
    b->p = np;
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
}
static void wm__jsb_c(wm__jsb *b, char c) { wm__jsb_put(b, &c, 1); }
static void wm__jsb_z(wm__jsb *b, const char *s) { wm__jsb_put(b, s, strlen(s)); }

/* Python's repr of a float: the fewest digits that read back, scientific
   below 1e-4 and from 1e16 */
static void wm__jfloat_str(wm__jsb *b, double f) {
  char buf[64], dig[32];
  int p, e, nd, k;
  if (f != f) { wm__jsb_z(b, "nan"); return; }
  if (f > 1.7976931348623157e308 || f < -1.7976931348623157e308) { wm__jsb_z(b, f > 0 ? "inf" : "-inf"); return; }
  for (p = 1; p <= 17; p++) {
    snprintf(buf, sizeof buf, "%.*e", p - 1, f);
    if (strtod(buf, NULL) == f) break;
  }
  /* buf: [-]d.ddde[+-]XX */
  {
    const char *q = buf, *ep = strchr(buf, 'e');
    if (*q == '-') { wm__jsb_c(b, '-'); q++; }
    for (nd = 0; q < ep; q++)
        if (*q != '.') dig[nd++] = *q;
    e = atoi(ep + 1);
  }
  while (nd > 1 && dig[nd - 1] == '0') nd--;
  if (e < -4 || e >= 16) {
    wm__jsb_c(b, dig[0]);
    if (nd > 1) { wm__jsb_c(b, '.'); wm__jsb_put(b, dig + 1, (size_t)nd - 1); }
    snprintf(buf, sizeof buf, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    wm__jsb_z(b, buf);
  } else if (e < 0) {
    wm__jsb_z(b, "0.");
    for (k = 0; k < -e - 1; k++) wm__jsb_c(b, '0');
    wm__jsb_put(b, dig, (size_t)nd);
  } else {
    for (k = 0; k <= e; k++) wm__jsb_c(b, k < nd ? dig[k] : '0');
    wm__jsb_c(b, '.');
    if (nd > e + 1) wm__jsb_put(b, dig + e + 1, (size_t)(nd - e - 1));
    else wm__jsb_c(b, '0');
  }
}

/* Python's str() (repr: 1, for items inside a list or dict) */
static void wm__jrepr_str(wm__jsb *b, const char *s, size_t n) {
  char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
  size_t i;
  wm__jsb_c(b, q);
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    char e[8];
    if (c == (unsigned char)q || c == '\\') { wm__jsb_c(b, '\\'); wm__jsb_c(b, (char)c); }
    else if (c == '\n') wm__jsb_z(b, "\\n");
    else if (c == '\r') wm__jsb_z(b, "\\r");
    else if (c == '\t') wm__jsb_z(b, "\\t");
    else if (c < 0x20 || c == 0x7f) { snprintf(e, sizeof e, "\\x%02x", c); wm__jsb_z(b, e); }
    else if (c >= 0x80) { /* Python's repr escapes what is not printable: separators, format, private and unassigned code points */
      int l;
      uint32_t cp = wm__cp((const unsigned char *)s + i, (const unsigned char *)s + n, &l);
      char u[12];
      if (cp == 0xffffffffu) { wm__jsb_c(b, (char)c); continue; }
      if ((wm__uc_class(cp) & (WM__CL_L | WM__CL_N)) || wm__uc_in(cp, WM__UC_MARK) || wm__uc_in(cp, WM__UC_PUNCT) || wm__uc_in(cp, WM__UC_SYMBOL))
          wm__jsb_put(b, s + i, (size_t)l);
      else {
        snprintf(u, sizeof u, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)cp);
        wm__jsb_z(b, u);
      }
      i += (size_t)l - 1;
    } else wm__jsb_c(b, (char)c);
  }
  wm__jsb_c(b, q);
}
static void wm__jto_str_d(wm__jsb *b, const wm__jv *v, int repr, int d) {
  char buf[32];
  int i;
  if (d > WM__J_VDEPTH && (v->t == WM__JV_LIST || v->t == WM__JV_DICT)) { wm__jfail(b->x, "values nested too deep to print (more than %d levels)", WM__J_VDEPTH); return; }
  switch (v->t) {
  case WM__JV_UNDEF: break;
  case WM__JV_NONE: wm__jsb_z(b, "None"); break;
  case WM__JV_BOOL: wm__jsb_z(b, v->i ? "True" : "False"); break;
  case WM__JV_INT: snprintf(buf, sizeof buf, "%lld", v->i); wm__jsb_z(b, buf); break;
  case WM__JV_FLOAT: wm__jfloat_str(b, v->f); break;
  case WM__JV_STR: if (repr) wm__jrepr_str(b, v->s, v->n); else wm__jsb_put(b, v->s, v->n); break;
  case WM__JV_LIST: {
  static const char *const gen[] = {"select_or_reject", "sync_do_map", "do_unique", "do_items"};
  int k = v->ns;
  if (k == WM__JK_RANGE) { /* range(start, stop[, step]) */
    long long step = (long long)v->n;
    snprintf(buf, sizeof buf, "range(%lld, %lld", v->i, (long long)v->f);
    wm__jsb_z(b, buf);
    if (step != 1) { snprintf(buf, sizeof buf, ", %lld", step); wm__jsb_z(b, buf); }
    wm__jsb_c(b, ')');
    break;
  }
  if (k >= WM__JK_GEN_SELECT && k <= WM__JK_GEN_ITEMS) { wm__jsb_z(b, "<generator object "); wm__jsb_z(b, gen[k - WM__JK_GEN_SELECT]); wm__jsb_c(b, '>'); break; }
  if (k == WM__JK_REVERSED) { /* reversed() of a list, tuple, range, dict or dict view */
    static const char *const rev[] = {"list_reverseiterator", "reversed", "range_iterator", "dict_reverseitemiterator", "dict_reversekeyiterator",
                                    "dict_reversevalueiterator"};
    wm__jsb_c(b, '<');
    wm__jsb_z(b, rev[v->n < 6 ? v->n : 0]);
    wm__jsb_z(b, " object>");
    break;
  }
  if (k == WM__JK_ITEMS) wm__jsb_z(b, "dict_items(");
  if (k == WM__JK_KEYS) wm__jsb_z(b, "dict_keys(");
  if (k == WM__JK_VALUES) wm__jsb_z(b, "dict_values(");
  wm__jsb_c(b, k == WM__JK_TUPLE ? '(' : '[');
  for (i = 0; i < v->a->n && !b->x->err; i++) { if (i) wm__jsb_z(b, ", "); wm__jto_str_d(b, &v->a->v[i], 1, d + 1); }
  if (k == WM__JK_TUPLE && v->a->n == 1) wm__jsb_c(b, ',');
  wm__jsb_c(b, k == WM__JK_TUPLE ? ')' : ']');
  if (k >= WM__JK_ITEMS && k <= WM__JK_VALUES) wm__jsb_c(b, ')');
  break;
}
  case WM__JV_DICT:
    if (v->ns) wm__jsb_z(b, "<Namespace ");
    wm__jsb_c(b, '{');
    for (i = 0; i < v->a->n && !b->x->err; i++) {
      if (i) wm__jsb_z(b, ", ");
      wm__jto_str_d(b, &v->a->k[i], 1, d + 1);
      wm__jsb_z(b, ": ");
      wm__jto_str_d(b, &v->a->v[i], 1, d + 1);
    }
    wm__jsb_c(b, '}');
    if (v->ns) wm__jsb_c(b, '>');
    break;
  default: wm__jsb_z(b, "<function>");
  }
}
static void wm__jto_str(wm__jsb *b, const wm__jv *v, int repr) { wm__jto_str_d(b, v, repr, 0); }

/* json.dumps(v, ensure_ascii=False, indent, separators) as transformers' tojson */
static int wm__jto_json(wm__jx *x, wm__jsb *b, const wm__jv *v, int indent, int level, const char *item_sep, const char *key_sep) {
  int i, k;
  char buf[32];
  switch (v->t) {
  case WM__JV_NONE: wm__jsb_z(b, "null"); return 1;
  case WM__JV_BOOL: wm__jsb_z(b, v->i ? "true" : "false"); return 1;
  case WM__JV_INT: snprintf(buf, sizeof buf, "%lld", v->i); wm__jsb_z(b, buf); return 1;
  case WM__JV_FLOAT:
    if (v->f != v->f) wm__jsb_z(b, "NaN");
    else if (v->f > 1.7976931348623157e308 || v->f < -1.7976931348623157e308) wm__jsb_z(b, v->f > 0 ? "Infinity" : "-Infinity");
    else wm__jfloat_str(b, v->f);
    return 1;
  case WM__JV_STR: {
  size_t j;
  wm__jsb_c(b, '"');
  for (j = 0; j < v->n; j++) {
    unsigned char c = (unsigned char)v->s[j];
    if (c == '"' || c == '\\') { wm__jsb_c(b, '\\'); wm__jsb_c(b, (char)c); }
    else if (c == '\n') wm__jsb_z(b, "\\n");
    else if (c == '\r') wm__jsb_z(b, "\\r");
    else if (c == '\t') wm__jsb_z(b, "\\t");
    else if (c == '\b') wm__jsb_z(b, "\\b");
    else if (c == '\f') wm__jsb_z(b, "\\f");
    else if (c < 0x20) { snprintf(buf, sizeof buf, "\\u%04x", c); wm__jsb_z(b, buf); }
    else wm__jsb_c(b, (char)c);
  }
  wm__jsb_c(b, '"');
  return 1;
}
  case WM__JV_LIST: case WM__JV_DICT: {
  int dict = v->t == WM__JV_DICT;
  if (v->t == WM__JV_LIST && v->ns > WM__JK_TUPLE) return wm__jfail(x, "tojson: Object of type %s is not JSON serializable", wm__jtype(v));
  if (level >= WM__J_VDEPTH) return wm__jfail(x, "tojson: values nested too deep (more than %d levels)", WM__J_VDEPTH);
  wm__jsb_c(b, dict ? '{' : '[');
  if (v->a->n == 0) { wm__jsb_c(b, dict ? '}' : ']'); return 1; }
  for (i = 0; i < v->a->n; i++) {
    if (i) wm__jsb_z(b, item_sep);
    if (indent >= 0) { wm__jsb_c(b, '\n'); for (k = 0; k < indent * (level + 1); k++) wm__jsb_c(b, ' '); }
    if (dict) {
      if (v->a->k[i].t != WM__JV_STR) return wm__jfail(x, "tojson: a key that is not a string");
      wm__jto_json(x, b, &v->a->k[i], indent, level + 1, item_sep, key_sep);
      wm__jsb_z(b, key_sep);
    }
    if (!wm__jto_json(x, b, &v->a->v[i], indent, level + 1, item_sep, key_sep) || x->err) return 0;
  }
  if (indent >= 0) { wm__jsb_c(b, '\n'); for (k = 0; k < indent * level; k++) wm__jsb_c(b, ' '); }
  wm__jsb_c(b, dict ? '}' : ']');
  return 1;
}
  default: return wm__jfail(x, "tojson: %s is not JSON serializable", v->t == WM__JV_UNDEF ? "an undefined value" : "a function");
  }
}

/* JSON text into values */
static wm__jv wm__jfrom_json(wm__jx *x, const char *p, const char *e, int depth) {
  wm__jit it;
  const char *k, *val;
  wm__jv r;
  if (depth > WM__J_DEPTH) { wm__jfail(x, "JSON nested too deep"); return wm__jval(WM__JV_UNDEF); }
  p = wm__j_ws(p, e);
  if (p >= e) return wm__jval(WM__JV_UNDEF);
  if (*p == '{' || *p == '[') {
    r = wm__jnew(x, *p == '{' ? WM__JV_DICT : WM__JV_LIST);
    for (wm__j_iter(&it, p, e); !x->err && wm__j_next(&it, *p == '{' ? &k : NULL, &val);) {
      wm__jv item = wm__jfrom_json(x, val, e, depth + 1);
      if (*p == '{') {
        size_t n = wm__j_str(k, e, NULL, 0);
        char *s = (char *)wm__jalloc(x, n + 1);
        if (!s) break;
        wm__j_str(k, e, s, n + 1);
        wm__jput(x, r.a, s, n, item);
      } else wm__jpush(x, r.a, NULL, item);
    }
    return r;
  }
  if (*p == '"') {
    size_t n = wm__j_str(p, e, NULL, 0);
    char *s = (char *)wm__jalloc(x, n + 1);
    if (s) wm__j_str(p, e, s, n + 1);
    return wm__jstr(s ? s : "", s ? n : 0);
  }
  if (!strncmp(p, "true", 4)) return wm__jbool(1);
  if (!strncmp(p, "false", 5)) return wm__jbool(0);
  if (!strncmp(p, "null", 4)) return wm__jval(WM__JV_NONE);
  {
    const char *q = wm__j_num_end(p, e), *c;
    int flt = 0;
    double d;
    for (c = p; q && c < q; c++) flt |= *c == '.' || *c == 'e' || *c == 'E';
    if (!q) return wm__jval(WM__JV_UNDEF);
    wm__j_double(p, e, &d);
    if (!flt && d > -9e18 && d < 9e18) return wm__jint(strtoll(p, NULL, 10));
    return wm__jflt(d);
  }
}

/* ---- the lexer: text and tags into tokens ----------------------------------- */
static void wm__jtok_add(wm__jx *x, int t, const char *s, size_t n) {
  if (x->ntk == 0 || (x->ntk >= 256 && !(x->ntk & (x->ntk - 1)))) { /* room for 256, then doubled at each power of two */
    size_t cap = x->ntk ? 2 * (size_t)x->ntk : 256;
    wm__jtok *nt = (wm__jtok *)wm__jalloc(x, sizeof(wm__jtok) * cap);
    if (!nt) return;
    if (x->ntk) memcpy(nt, x->tk, sizeof(wm__jtok) * (size_t)x->ntk);
    x->tk = nt;
  }
  x->tk[x->ntk].t = t;
  x->tk[x->ntk].s = s;
  x->tk[x->ntk].n = n;
  x->ntk++;
}

static void wm__jtext(wm__jx *x, const char *s, size_t n) {
  if (n) wm__jtok_add(x, WM__JT_TEXT, s, n);
}

/* the source with its line ends as jinja2 reads them (\r\n and \r: \n), before lexing: tags,
   literals and the whitespace control all see \n; *n becomes the new length */
static const char *wm__jnewlines(wm__jx *x, const char *s, size_t *n) {
  size_t i, j = 0;
  char *d;
  if (!*n || !memchr(s, '\r', *n)) return s;
  if (!(d = (char *)wm__jalloc(x, *n))) return NULL;
  for (i = 0; i < *n; i++)
      if (s[i] != '\r') d[j++] = s[i];
      else { d[j++] = '\n'; if (i + 1 < *n && s[i + 1] == '\n') i++; }
  *n = j;
  return d;
}

static int wm__jlex(wm__jx *x, const char *src, size_t n) {
  const char *p, *e;
  int line_start = 1, depth;
  if (!(src = wm__jnewlines(x, src, &n))) return 0;
  p = src, e = src + n;
  if (n && e[-1] == '\n') e--; /* keep_trailing_newline off: one final newline goes */
  while (p < e && !x->err) {
    const char *t = p, *text_end;
    int kind; /* '{', '%', '#' */
    while (t + 1 < e && !(t[0] == '{' && (t[1] == '{' || t[1] == '%' || t[1] == '#'))) t++;
    if (t + 1 >= e) { wm__jtext(x, p, (size_t)(e - p)); break; }
    kind = t[1];
    text_end = t;
    if (t + 2 < e && t[2] == '-') { /* {{- {%- {#-: the whitespace before goes */
      while (text_end > p && (text_end[-1] == ' ' || text_end[-1] == '\t' || text_end[-1] == '\n' || text_end[-1] == '\r' || text_end[-1] == '\f' || text_end[-1] == '\v'))
          text_end--;
    } else if (kind != '{' && !(t + 2 < e && t[2] == '+')) { /* lstrip_blocks: spaces before a block at a line's start go */
      const char *ls = t;
      while (ls > p && (ls[-1] == ' ' || ls[-1] == '\t')) ls--;
      if ((ls > p && ls[-1] == '\n') || (ls == p && line_start)) text_end = ls;
    }
    wm__jtext(x, p, (size_t)(text_end - p));
    p = t + 2;
    if (p < e && (*p == '-' || *p == '+')) p++;
    if (kind == '#') { /* a comment */
      const char *c = p;
      while (c + 1 < e && !(c[0] == '#' && c[1] == '}')) c++;
      if (c + 1 >= e) return wm__jfail(x, "a comment {# is not closed");
      p = c + 2;
      if (c > t + 3 && c[-1] == '-') { while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++; }
      else if (p < e && *p == '\n') p++; /* trim_blocks */
      line_start = p > src && p[-1] == '\n';
      continue;
    }
    wm__jtok_add(x, kind == '{' ? WM__JT_VAR : WM__JT_BLK, t, 2);
    for (depth = 0;;) { /* the tag's tokens (depth: brackets open) */
      while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
      if (p >= e) return wm__jfail(x, "a tag %s is not closed", kind == '{' ? "{{" : "{%");
      if ((*p == '-' && p + 2 < e && p[1] == (kind == '{' ? '}' : '%') && p[2] == '}') || (p + 1 < e && p[0] == (kind == '{' ? '}' : '%') && p[1] == '}')) {
        int dash = *p == '-';
        if (depth > 0 && !dash) goto token; /* inside brackets: a dict literal's "}}" is two braces */
        p += dash ? 3 : 2;
        wm__jtok_add(x, kind == '{' ? WM__JT_VAREND : WM__JT_BLKEND, p - 2, 2);
        if (dash) { while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')) p++; }
        else if (kind == '%' && p < e && *p == '\n') p++; /* trim_blocks */
        line_start = p > src && p[-1] == '\n';
        break;
      }
  token:
      if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
        const char *s = p;
        while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')) p++;
        wm__jtok_add(x, WM__JT_NAME, s, (size_t)(p - s));
      } else if (*p >= '0' && *p <= '9') {
        const char *s = p;
        int flt = 0;
        while (p < e && ((*p >= '0' && *p <= '9') || *p == '_')) p++;
        if (p + 1 < e && *p == '.' && p[1] >= '0' && p[1] <= '9') { flt = 1; p++; while (p < e && *p >= '0' && *p <= '9') p++; }
        if (p < e && (*p == 'e' || *p == 'E')) {
          const char *q = p + 1;
          if (q < e && (*q == '+' || *q == '-')) q++;
          if (q < e && *q >= '0' && *q <= '9') { flt = 1; p = q; while (p < e && *p >= '0' && *p <= '9') p++; }
        }
        wm__jtok_add(x, flt ? WM__JT_FLOAT : WM__JT_INT, s, (size_t)(p - s));
      } else if (*p == '\'' || *p == '"') {
        const char *s = p;
        char q = *p++;
        while (p < e && *p != q) p += *p == '\\' && p + 1 < e ? 2 : 1;
        if (p >= e) return wm__jfail(x, "a string is not closed");
        p++;
        wm__jtok_add(x, WM__JT_STR, s, (size_t)(p - s));
      } else {
        static const char *const ops[] = {"**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">", "=", ".", ",", ":",
                                        "|", "(", ")", "[", "]", "{", "}"};
        size_t k;
        for (k = 0; k < sizeof ops / sizeof ops[0]; k++)
            if ((size_t)(e - p) >= strlen(ops[k]) && !strncmp(p, ops[k], strlen(ops[k]))) break;
        if (k == sizeof ops / sizeof ops[0]) return wm__jfail(x, "unexpected character '%c' in a tag", *p);
        wm__jtok_add(x, WM__JT_OP, p, strlen(ops[k]));
        if (*p == '(' || *p == '[' || *p == '{') depth++;
        else if ((*p == ')' || *p == ']' || *p == '}') && depth > 0) depth--;
        p += strlen(ops[k]);
      }
    }
  }
  wm__jtok_add(x, WM__JT_EOF, e, 0);
  return !x->err;
}

/* ---- expressions ------------------------------------------------------------
   Each parse step reads its tokens and, unless sk, computes the value
   (sk: parse only; the result is undefined). */
static wm__jtok *wm__jcur(wm__jx *x) { return &x->tk[x->pos]; }
static int wm__jis(wm__jx *x, int t, const char *s) { /* the current token is t with text s (s NULL: any) */
  wm__jtok *k = wm__jcur(x);
  return k->t == t && (!s || (k->n == strlen(s) && !memcmp(k->s, s, k->n)));
}
static int wm__jaccept(wm__jx *x, int t, const char *s) {
  if (!wm__jis(x, t, s)) return 0;
  x->pos++;
  return 1;
}
static int wm__jexpect(wm__jx *x, int t, const char *s) {
  wm__jtok *k = wm__jcur(x);
  if (wm__jaccept(x, t, s)) return 1;
  if (k->t == WM__JT_EOF) return wm__jfail(x, "the template ends where '%s' was expected", s ? s : "a name");
  return wm__jfail(x, "'%.*s' where '%s' was expected", (int)(k->n > 40 ? 40 : k->n), k->s, s ? s : t == WM__JT_NAME ? "a name" : "a tag's end");
}

static int wm__jtruthy(const wm__jv *v) {
  switch (v->t) {
  case WM__JV_BOOL: case WM__JV_INT: return v->i != 0;
  case WM__JV_FLOAT: return v->f != 0;
  case WM__JV_STR: return v->n > 0;
  case WM__JV_LIST: return WM__JK_LAZY(v) || v->a->n > 0;
  case WM__JV_DICT: return v->a->n > 0;
  case WM__JV_FN: return 1;
  default: return 0;
  }
}
static const char *wm__jtype(const wm__jv *v) {
  static const char *const n[] = {"undefined", "NoneType", "bool", "int", "float", "str", "list", "dict", "function"};
  static const char *const k[] = {"list", "tuple", "range", "dict_items", "dict_keys", "dict_values", "generator", "generator", "generator",
                                "generator", "list_reverseiterator"};
  return v->t == WM__JV_LIST ? k[v->ns] : n[v->t];
}
static int wm__jnum(const wm__jv *v) { return v->t == WM__JV_INT || v->t == WM__JV_FLOAT || v->t == WM__JV_BOOL; }
static double wm__jf(const wm__jv *v) { return v->t == WM__JV_FLOAT ? v->f : (double)v->i; }
static int wm__jset_like(const wm__jv *v);
static int wm__jsubset(wm__jx *x, const wm__jv *a, const wm__jv *b);
static int wm__jeq_d(wm__jx *x, const wm__jv *a, const wm__jv *b, int d) {
  int i;
  if (wm__jnum(a) && wm__jnum(b)) return wm__jf(a) == wm__jf(b);
  if (d > WM__J_VDEPTH) return wm__jfail(x, "values nested too deep to compare (more than %d levels)", WM__J_VDEPTH);
  if (a->t != b->t) return 0;
  if (wm__jset_like(a) && wm__jset_like(b)) return wm__jsubset(x, a, b) && wm__jsubset(x, b, a); /* (as sets) */
  if (a->t == WM__JV_LIST && a->ns == WM__JK_VALUES) return a->a == b->a; /* dict_values: by identity */
  if (a->t == WM__JV_LIST && (a->ns != b->ns || WM__JK_LAZY(a))) return WM__JK_LAZY(a) && a->a == b->a; /* [1] != (1,); an iterator is itself */
  switch (a->t) {
  case WM__JV_STR: return a->n == b->n && !memcmp(a->s, b->s, a->n);
  case WM__JV_LIST: case WM__JV_DICT:
    if (a->a->n != b->a->n) return 0;
    for (i = 0; i < a->a->n; i++) {
      if (a->t == WM__JV_DICT) {
        wm__jv *o = wm__jget(b->a, a->a->k[i].s, a->a->k[i].n);
        if (!o || !wm__jeq_d(x, &a->a->v[i], o, d + 1)) return 0;
      } else if (!wm__jeq_d(x, &a->a->v[i], &b->a->v[i], d + 1)) return 0;
    }
    return 1;
  case WM__JV_FN: return a->s == b->s && a->a == b->a;
  default: return 1; /* none, undefined */
  }
}
static int wm__jeq(wm__jx *x, const wm__jv *a, const wm__jv *b) { return wm__jeq_d(x, a, b, 0); }
static int wm__jeq(wm__jx *x, const wm__jv *a, const wm__jv *b);
/* dict_keys and dict_items compare as Python's sets: a <= b when every item of a is in b */
static int wm__jset_like(const wm__jv *v) { return v->t == WM__JV_LIST && (v->ns == WM__JK_KEYS || v->ns == WM__JK_ITEMS); }
static int wm__jsubset(wm__jx *x, const wm__jv *a, const wm__jv *b) {
  int i, j, found = 1;
  if (!wm__jstep(x, (long long)a->a->n * b->a->n / 16)) return 0;
  for (i = 0; i < a->a->n && found && !x->err; i++)
      for (found = 0, j = 0; j < b->a->n && !found && !x->err; j++) found = wm__jeq(x, &a->a->v[i], &b->a->v[j]);
  return found && !x->err;
}
static int wm__jcmp(wm__jx *x, const wm__jv *a, const wm__jv *b, int *r);
/* a op b for op <, <=, > or >= (op[1] '=' for the latter of each) */
static int wm__jorder(wm__jx *x, const wm__jv *a, const wm__jv *b, const char *op) {
  int c = 0;
  if (wm__jset_like(a) && wm__jset_like(b)) { /* subsets, not an order */
    int lt = op[0] == '<', sub = wm__jsubset(x, lt ? a : b, lt ? b : a);
    return op[1] == '=' ? sub : sub && !wm__jsubset(x, lt ? b : a, lt ? a : b);
  }
  if (!wm__jcmp(x, a, b, &c)) return 0;
  return op[0] == '<' ? (op[1] == '=' ? c <= 0 : c < 0) : (op[1] == '=' ? c >= 0 : c > 0);
}
static int wm__jcmp(wm__jx *x, const wm__jv *a, const wm__jv *b, int *r) { /* <0, 0, >0 */
  if (wm__jnum(a) && wm__jnum(b)) { double p = wm__jf(a), q = wm__jf(b); *r = p < q ? -1 : p > q; return 1; }
  if (a->t == WM__JV_STR && b->t == WM__JV_STR) {
    int c = memcmp(a->s, b->s, a->n < b->n ? a->n : b->n);
    *r = c ? c : a->n < b->n ? -1 : a->n > b->n;
    return 1;
  }
  if (a->t == WM__JV_LIST && b->t == WM__JV_LIST && a->ns == b->ns && a->ns <= WM__JK_TUPLE) { /* the first items that differ decide */
    int i;
    for (i = 0; i < a->a->n && i < b->a->n; i++) {
      if (wm__jeq(x, &a->a->v[i], &b->a->v[i])) continue;
      if (x->err) return 0;
      return wm__jcmp(x, &a->a->v[i], &b->a->v[i], r);
    }
    *r = a->a->n < b->a->n ? -1 : a->a->n > b->a->n;
    return !x->err;
  }
  return wm__jfail(x, "'<' not supported between '%s' and '%s'", wm__jtype(a), wm__jtype(b));
}
static size_t wm__jutf8_count(const char *s, size_t n) { size_t i, c = 0; for (i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xc0) != 0x80; return c; }
/* s[n] becomes the string of x's position cache (one scan when it is a new one) */
static void wm__jpos_of(wm__jx *x, const char *s, size_t n) {
  size_t i;
  if (x->ps == s && x->pn == n) return;
  x->ps = s; x->pn = n; x->pci = 0; x->pbi = 0; x->pcount = 0; x->pascii = 1;
  for (i = 0; i < n; i++) { x->pcount += ((unsigned char)s[i] & 0xc0) != 0x80; x->pascii &= (unsigned char)s[i] < 0x80; }
  wm__jstep(x, (long long)(n >> 4));
}
/* byte offset of code point ci of s[n] (n: past the end), walked from the cached one */
static size_t wm__jutf8_at(wm__jx *x, const char *s, size_t n, long long ci) {
  wm__jpos_of(x, s, n);
  if (ci < 0 || ci >= (long long)x->pcount) return n;
  if (x->pascii) return (size_t)ci;
  while (x->pci < ci) { x->pbi++; while (x->pbi < n && ((unsigned char)s[x->pbi] & 0xc0) == 0x80) x->pbi++; x->pci++; }
  while (x->pci > ci) { x->pbi--; while (x->pbi > 0 && ((unsigned char)s[x->pbi] & 0xc0) == 0x80) x->pbi--; x->pci--; }
  return x->pbi;
}
static long long wm__jlen(wm__jx *x, const wm__jv *v) {
  if (v->t == WM__JV_STR) { wm__jpos_of(x, v->s, v->n); return (long long)x->pcount; }
  if (WM__JK_LAZY(v)) return -1; /* an iterator has no len() */
  return v->t == WM__JV_LIST || v->t == WM__JV_DICT ? v->a->n : -1;
}

/* the items a for loop or a filter sees: a list's, a dict's keys, a string's characters */
static wm__jv wm__jlist_of(wm__jx *x, const wm__jv *v) {
  wm__jv r;
  size_t i;
  int k;
  if (WM__JK_LAZY(v) && v->i == 2 && v->a && v->a->n) { /* its items, then its error */
    const wm__jv *m = &v->a->v[v->a->n - 1];
    wm__jfail(x, "%.*s", (int)m->n, m->s);
    return wm__jnew(x, WM__JV_LIST);
  }
  if (WM__JK_LAZY(v) && v->i) { wm__jfail(x, "'%s' object is not iterable", v->a && v->a->n ? wm__jtype(&v->a->v[0]) : "value"); return wm__jnew(x, WM__JV_LIST); }
  if (v->t == WM__JV_LIST) return *v;
  r = wm__jnew(x, WM__JV_LIST);
  if (v->t == WM__JV_DICT) for (k = 0; k < v->a->n; k++) wm__jpush(x, r.a, NULL, v->a->k[k]);
  else if (v->t == WM__JV_STR)
      for (i = 0; i < v->n;) {
        size_t j = i + 1;
        while (j < v->n && ((unsigned char)v->s[j] & 0xc0) == 0x80) j++;
        wm__jpush(x, r.a, NULL, wm__jstr(v->s + i, j - i));
        i = j;
      }
  else if (v->t != WM__JV_UNDEF) wm__jfail(x, "'%s' object is not iterable", wm__jtype(v));
  return r;
}

static wm__jv wm__jlookup(wm__jx *x, const char *s, size_t n) {
  int i;
  for (i = x->nscope - 1; i >= 0; i--) {
    wm__jv *v = wm__jget(x->scope[i], s, n);
    if (v) return *v;
  }
  {
    static const char *const fns[] = {"range", "namespace", "raise_exception", "strftime_now", "dict", "joiner", "cycler", "lipsum"};
    size_t k;
    for (k = 0; k < 5; k++)
        if (strlen(fns[k]) == n && !memcmp(fns[k], s, n)) { wm__jv f = wm__jval(WM__JV_FN); f.s = fns[k]; return f; }
  }
  return wm__jval(WM__JV_UNDEF);
}

/* string unescaping of a literal (Python's escapes) */
static wm__jv wm__jliteral(wm__jx *x, const wm__jtok *k) {
  const char *s = k->s + 1, *e = k->s + k->n - 1;
  char *d = (char *)wm__jalloc(x, k->n * 2 + 4);
  size_t n = 0;
  if (!d) return wm__jval(WM__JV_UNDEF);
  while (s < e) {
    if (*s != '\\' || s + 1 >= e) { d[n++] = *s++; continue; }
    s++;
    switch (*s) {
    case 'n': d[n++] = '\n'; s++; break;
    case 't': d[n++] = '\t'; s++; break;
    case 'r': d[n++] = '\r'; s++; break;
    case '0': d[n++] = 0; s++; break;
    case 'b': d[n++] = '\b'; s++; break;
    case 'f': d[n++] = '\f'; s++; break;
    case 'v': d[n++] = '\v'; s++; break;
    case 'a': d[n++] = '\a'; s++; break;
    case '\\': case '\'': case '"': d[n++] = *s++; break;
    case '\n': s++; break;
    case 'x': case 'u': case 'U': {
    int len = *s == 'x' ? 2 : *s == 'u' ? 4 : 8, j;
    unsigned cp = 0;
    s++;
    for (j = 0; j < len && s < e; j++, s++) {
      int h = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;
      if (h < 0) break;
      cp = cp * 16 + (unsigned)h;
    }
    wm__utf8_put(d, k->n * 2 + 4, &n, cp);
    break;
  }
    default: d[n++] = '\\'; d[n++] = *s++; /* an unknown escape stays */
    }
  }
  return wm__jstr(d, n);
}

static wm__jv wm__jexpr(wm__jx *x, int sk);
static wm__jv wm__jor(wm__jx *x, int sk);
static wm__jv wm__junary(wm__jx *x, int sk, int filters);
static wm__jv wm__jcall(wm__jx *x, const wm__jv *fn, const wm__jv *args, int na, const wm__jv *kw, const char *const *kn, const size_t *kl, int nk);

#define WM__J_MAXARGS 16
typedef struct wm__jargs { wm__jv v[WM__J_MAXARGS], kv[WM__J_MAXARGS]; const char *kn[WM__J_MAXARGS]; size_t kl[WM__J_MAXARGS]; int n, nk; } wm__jargs;
static void wm__jparse_args(wm__jx *x, int sk, wm__jargs *a) { /* after '(': positional, then name=value, up to ')' */
  a->n = a->nk = 0;
  while (!x->err && !wm__jaccept(x, WM__JT_OP, ")")) {
    if (a->n + a->nk) wm__jexpect(x, WM__JT_OP, ",");
    if (wm__jaccept(x, WM__JT_OP, ")")) break; /* a trailing comma */
    if (wm__jis(x, WM__JT_NAME, NULL) && x->tk[x->pos + 1].t == WM__JT_OP && x->tk[x->pos + 1].n == 1 && x->tk[x->pos + 1].s[0] == '=') {
      if (a->nk == WM__J_MAXARGS) { wm__jfail(x, "too many arguments"); return; }
      a->kn[a->nk] = wm__jcur(x)->s;
      a->kl[a->nk] = wm__jcur(x)->n;
      x->pos += 2;
      a->kv[a->nk++] = wm__jexpr(x, sk);
    } else {
      if (a->n == WM__J_MAXARGS) { wm__jfail(x, "too many arguments"); return; }
      a->v[a->n++] = wm__jexpr(x, sk);
    }
  }
}
static const wm__jv *wm__jkw(const wm__jargs *a, const char *name, int pos) { /* argument pos, or keyword name */
  int i;
  for (i = 0; i < a->nk; i++)
      if (a->kl[i] == strlen(name) && !memcmp(a->kn[i], name, a->kl[i])) return &a->kv[i];
  return pos >= 0 && pos < a->n ? &a->v[pos] : NULL;
}

/* obj.name as jinja2's sandbox reads it: a method where the type has one by
   that name, else the dict's item; undefined where neither */
static wm__jv wm__jattr(wm__jx *x, const wm__jv *o, const char *s, size_t n) {
  static const char *const str_m[] = {"strip", "lstrip", "rstrip", "split", "startswith", "endswith", "upper", "lower", "title", "capitalize",
                                    "replace", "find", "join", "count", "splitlines", "format", "isdigit", "isalpha", "isspace", "rsplit"};
  static const char *const dict_m[] = {"items", "keys", "values", "get"}, *const list_m[] = {"count", "index"};
  const char *const *m = o->t == WM__JV_STR ? str_m : o->t == WM__JV_LIST ? list_m : dict_m;
  size_t k, nm = o->t == WM__JV_STR ? sizeof str_m / sizeof str_m[0] : o->t == WM__JV_DICT && !o->ns ? sizeof dict_m / sizeof dict_m[0]
               : o->t == WM__JV_LIST && o->ns <= WM__JK_TUPLE ? sizeof list_m / sizeof list_m[0] : 0;
  if (!wm__jstep(x, 1)) return wm__jval(WM__JV_UNDEF);
  if (o->t == WM__JV_UNDEF) { wm__jfail(x, "'%.*s' of an undefined value (jinja2: UndefinedError)", (int)n, s); return *o; }
  for (k = 0; k < nm; k++)
      if (strlen(m[k]) == n && !memcmp(m[k], s, n)) {
        wm__jv f = wm__jval(WM__JV_FN);
        f.s = m[k];
        f.a = (wm__jarr *)wm__jalloc(x, sizeof(wm__jarr));
        if (f.a) { memset(f.a, 0, sizeof *f.a); wm__jpush(x, f.a, NULL, *o); }
        return f;
      }
  if (o->t == WM__JV_DICT) {
    wm__jv *v = wm__jget(o->a, s, n);
    if (v) return *v;
  }
  return wm__jval(WM__JV_UNDEF);
}

/* o[key] (sl: a slice start:stop:step, each may be absent) */
static wm__jv wm__jindex(wm__jx *x, const wm__jv *o, const wm__jv *key) {
  if (!wm__jstep(x, 1)) return wm__jval(WM__JV_UNDEF);
  if (o->t == WM__JV_UNDEF) { wm__jfail(x, "an index into an undefined value (jinja2: UndefinedError)"); return *o; }
  if (o->t == WM__JV_DICT) {
    wm__jv *v = key->t == WM__JV_STR ? wm__jget(o->a, key->s, key->n) : NULL;
    if (v) return *v;
    return key->t == WM__JV_STR ? wm__jattr(x, o, key->s, key->n) : wm__jval(WM__JV_UNDEF);
  }
  if (o->t == WM__JV_LIST && o->ns > WM__JK_RANGE) return wm__jval(WM__JV_UNDEF); /* dict views and iterators: not subscriptable */
  if ((o->t == WM__JV_LIST || o->t == WM__JV_STR) && (key->t == WM__JV_INT || key->t == WM__JV_BOOL)) {
    long long n = wm__jlen(x, o), i = key->i < 0 ? key->i + n : key->i;
    if (i < 0 || i >= n) return wm__jval(WM__JV_UNDEF);
    if (o->t == WM__JV_LIST) return o->a->v[i];
    {
      size_t b = wm__jutf8_at(x, o->s, o->n, i), c = wm__jutf8_at(x, o->s, o->n, i + 1);
      return wm__jstr(o->s + b, c - b);
    }
  }
  if (o->t == WM__JV_STR && key->t == WM__JV_STR) return wm__jattr(x, o, key->s, key->n);
  return wm__jval(WM__JV_UNDEF);
}
static wm__jv wm__jslice(wm__jx *x, const wm__jv *o, const wm__jv *a, const wm__jv *b, const wm__jv *c) {
  long long n = wm__jlen(x, o), st = c->t == WM__JV_INT ? c->i : 1, lo, hi, i;
  wm__jv r;
  if (!wm__jstep(x, 1)) return wm__jval(WM__JV_UNDEF);
  if (o->t == WM__JV_UNDEF) { wm__jfail(x, "a slice of an undefined value (jinja2: UndefinedError)"); return *o; }
  if ((o->t != WM__JV_LIST && o->t != WM__JV_STR) || (o->t == WM__JV_LIST && o->ns > WM__JK_RANGE)) {
    wm__jfail(x, o->t == WM__JV_DICT ? "unhashable type: 'slice'" : "'%s' object is not subscriptable", wm__jtype(o));
    return wm__jval(WM__JV_UNDEF);
  }
  if (st == 0) { wm__jfail(x, "slice step cannot be zero"); return wm__jval(WM__JV_UNDEF); }
  if (st > n) st = n + 1; /* a step past the end takes one item, as any larger one does */
  if (st < -n) st = -n - 1;
#define WM__J_BOUND(v, d) ((v)->t == WM__JV_INT ? ((v)->i < 0 ? ((v)->i + n < (st > 0 ? 0 : -1) ? (st > 0 ? 0 : -1) : (v)->i + n) : ((v)->i > n ? (st > 0 ? n : n - 1) : (v)->i)) : (d))
  lo = WM__J_BOUND(a, st > 0 ? 0 : n - 1);
  hi = WM__J_BOUND(b, st > 0 ? n : -1);
  if (st < 0 && lo > n - 1) lo = n - 1;
  if (o->t == WM__JV_LIST) { /* a tuple's slice is a tuple, a range's a range */
    r = wm__jkind(wm__jnew(x, WM__JV_LIST), o->ns);
    for (i = lo; st > 0 ? i < hi : i > hi; i += st) wm__jpush(x, r.a, NULL, o->a->v[i]);
    if (o->ns == WM__JK_RANGE) {
      long long step = (long long)o->n;
      r.i = o->i + lo * step; r.f = (double)(o->i + hi * step); r.n = (size_t)(step * st);
    }
    return r;
  } else {
    wm__jsb sb = {x, NULL, 0, 0};
    for (i = lo; st > 0 ? i < hi : i > hi; i += st) {
      size_t p = wm__jutf8_at(x, o->s, o->n, i), q = wm__jutf8_at(x, o->s, o->n, i + 1);
      wm__jsb_put(&sb, o->s + p, q - p);
    }
    return wm__jstr(sb.p ? sb.p : "", sb.n);
  }
}

static wm__jv wm__jfilter(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a);
static int wm__jtest(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a);

static wm__jv wm__jprimary(wm__jx *x, int sk) {
  wm__jtok *k = wm__jcur(x);
  wm__jv v = wm__jval(WM__JV_UNDEF);
  if (!wm__jstep(x, 1)) return v;
  switch (k->t) {
  case WM__JT_NAME:
    x->pos++;
    if ((k->n == 4 && (!memcmp(k->s, "true", 4) || !memcmp(k->s, "True", 4)))) return wm__jbool(1);
    if ((k->n == 5 && (!memcmp(k->s, "false", 5) || !memcmp(k->s, "False", 5)))) return wm__jbool(0);
    if ((k->n == 4 && (!memcmp(k->s, "none", 4) || !memcmp(k->s, "None", 4)))) return wm__jval(WM__JV_NONE);
    return sk ? v : wm__jlookup(x, k->s, k->n);
  case WM__JT_INT: case WM__JT_FLOAT: { /* Python's 1_000: the underscores go */
  char num[64];
  size_t j, d = 0;
  x->pos++;
  for (j = 0; j < k->n && d < sizeof num - 1; j++) if (k->s[j] != '_') num[d++] = k->s[j];
  num[d] = 0;
  if (k->t == WM__JT_FLOAT) return wm__jflt(strtod(num, NULL));
  errno = 0;
  v = wm__jint(strtoll(num, NULL, 10));
  if (errno == ERANGE || j < k->n) wm__jfail(x, "the integer %.*s is beyond 64 bits", (int)(k->n > 40 ? 40 : k->n), k->s);
  return v;
}
  case WM__JT_STR: { /* adjacent literals join */
  wm__jsb sb = {x, NULL, 0, 0};
  while (wm__jis(x, WM__JT_STR, NULL)) {
    wm__jv s = wm__jliteral(x, wm__jcur(x));
    wm__jsb_put(&sb, s.s ? s.s : "", s.n);
    x->pos++;
  }
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}
  case WM__JT_OP:
    if (wm__jaccept(x, WM__JT_OP, "(")) { /* a parenthesized expression, or a tuple (a list here) */
      wm__jv first;
      if (wm__jaccept(x, WM__JT_OP, ")")) return sk ? v : wm__jkind(wm__jnew(x, WM__JV_LIST), WM__JK_TUPLE);
      first = wm__jexpr(x, sk);
      if (wm__jis(x, WM__JT_OP, ",")) {
        v = sk ? v : wm__jkind(wm__jnew(x, WM__JV_LIST), WM__JK_TUPLE);
        if (!sk) wm__jpush(x, v.a, NULL, first);
        while (!x->err && wm__jaccept(x, WM__JT_OP, ",") && !wm__jis(x, WM__JT_OP, ")")) {
          wm__jv it = wm__jexpr(x, sk);
          if (!sk) wm__jpush(x, v.a, NULL, it);
        }
        wm__jexpect(x, WM__JT_OP, ")");
        return v;
      }
      wm__jexpect(x, WM__JT_OP, ")");
      return first;
    }
    if (wm__jaccept(x, WM__JT_OP, "[")) {
      int nitems = 0;
      v = sk ? v : wm__jnew(x, WM__JV_LIST);
      while (!x->err && !wm__jaccept(x, WM__JT_OP, "]")) {
        wm__jv it;
        if (nitems++) wm__jexpect(x, WM__JT_OP, ",");
        if (wm__jaccept(x, WM__JT_OP, "]")) break;
        it = wm__jexpr(x, sk);
        if (!sk) wm__jpush(x, v.a, NULL, it);
      }
      return v;
    }
    if (wm__jaccept(x, WM__JT_OP, "{")) {
      int nitems = 0;
      v = sk ? v : wm__jnew(x, WM__JV_DICT);
      while (!x->err && !wm__jaccept(x, WM__JT_OP, "}")) {
        wm__jv key, val;
        if (nitems++) wm__jexpect(x, WM__JT_OP, ",");
        if (wm__jaccept(x, WM__JT_OP, "}")) break;
        key = wm__jexpr(x, sk);
        wm__jexpect(x, WM__JT_OP, ":");
        val = wm__jexpr(x, sk);
        if (!sk && !x->err) {
          if (key.t != WM__JV_STR) { wm__jfail(x, "a dict literal's keys must be strings here"); break; }
          wm__jput(x, v.a, key.s, key.n, val);
        }
      }
      return v;
    }
    /* fall through */
  default:
    if (k->t == WM__JT_EOF) wm__jfail(x, "the template ends inside an expression");
    else wm__jfail(x, "unexpected '%.*s' in an expression", (int)(k->n > 40 ? 40 : k->n), k->s);
    return v;
  }
}

/* subscripts, attributes and calls after a primary */
static wm__jv wm__jpostfix(wm__jx *x, wm__jv v, int sk) {
  for (;;) {
    if (x->err) return v;
    if (wm__jaccept(x, WM__JT_OP, ".")) {
      wm__jtok *k = wm__jcur(x);
      if (!wm__jexpect(x, WM__JT_NAME, NULL)) return v;
      if (!sk) v = wm__jattr(x, &v, k->s, k->n);
    } else if (wm__jaccept(x, WM__JT_OP, "[")) {
      wm__jv a = wm__jval(WM__JV_NONE), b = a, c = a;
      int slice = 0;
      if (wm__jaccept(x, WM__JT_OP, "]")) { /* o[]: an empty tuple key (jinja2), which nothing holds */
        if (!sk && v.t == WM__JV_UNDEF) wm__jfail(x, "an index into an undefined value (jinja2: UndefinedError)");
        if (!sk) v = wm__jval(WM__JV_UNDEF);
        continue;
      }
      if (!wm__jis(x, WM__JT_OP, ":")) a = wm__jexpr(x, sk);
      if (wm__jis(x, WM__JT_OP, ",")) { /* o[a, b]: a tuple key, as jinja2 reads it */
        wm__jv t = sk ? a : wm__jkind(wm__jnew(x, WM__JV_LIST), WM__JK_TUPLE);
        if (!sk) wm__jpush(x, t.a, NULL, a);
        while (!x->err && wm__jaccept(x, WM__JT_OP, ",") && !wm__jis(x, WM__JT_OP, "]")) {
          wm__jv it = wm__jexpr(x, sk);
          if (!sk) wm__jpush(x, t.a, NULL, it);
        }
        a = t;
      }
      if (wm__jaccept(x, WM__JT_OP, ":")) {
        slice = 1;
        if (!wm__jis(x, WM__JT_OP, ":") && !wm__jis(x, WM__JT_OP, "]")) b = wm__jexpr(x, sk);
        if (wm__jaccept(x, WM__JT_OP, ":") && !wm__jis(x, WM__JT_OP, "]")) c = wm__jexpr(x, sk);
      }
      wm__jexpect(x, WM__JT_OP, "]");
      if (!sk) v = slice ? wm__jslice(x, &v, &a, &b, &c) : wm__jindex(x, &v, &a);
    } else if (wm__jaccept(x, WM__JT_OP, "(")) {
      wm__jargs a;
      wm__jparse_args(x, sk, &a);
      if (!sk && !x->err) v = wm__jcall(x, &v, a.v, a.n, a.kv, a.kn, a.kl, a.nk);
    } else return v;
  }
}

/* filters (|name(args)) and tests (is [not] name args) after a unary */
static wm__jv wm__jfilters(wm__jx *x, wm__jv v, int sk) {
  for (;;) {
    if (x->err) return v;
    if (wm__jaccept(x, WM__JT_OP, "|")) {
      wm__jtok *k = wm__jcur(x);
      wm__jargs a;
      a.n = a.nk = 0;
      if (!wm__jexpect(x, WM__JT_NAME, NULL)) return v;
      if (wm__jaccept(x, WM__JT_OP, "(")) wm__jparse_args(x, sk, &a);
      if (!sk && !x->err) v = wm__jfilter(x, &v, k->s, k->n, &a);
    } else if (wm__jaccept(x, WM__JT_NAME, "is")) {
      int neg = wm__jaccept(x, WM__JT_NAME, "not"), r;
      wm__jtok *k = wm__jcur(x);
      wm__jargs a;
      a.n = a.nk = 0;
      if (!wm__jexpect(x, WM__JT_NAME, NULL)) return v;
      if (wm__jaccept(x, WM__JT_OP, "(")) wm__jparse_args(x, sk, &a);
      else if ((wm__jis(x, WM__JT_NAME, NULL) && !wm__jis(x, WM__JT_NAME, "else") && !wm__jis(x, WM__JT_NAME, "or") &&
                !wm__jis(x, WM__JT_NAME, "and")) ||
               wm__jis(x, WM__JT_STR, NULL) || wm__jis(x, WM__JT_INT, NULL) || wm__jis(x, WM__JT_FLOAT, NULL) || wm__jis(x, WM__JT_OP, "[") ||
               wm__jis(x, WM__JT_OP, "{") || wm__jis(x, WM__JT_OP, "(")) {
        a.v[0] = wm__jpostfix(x, wm__jprimary(x, sk), sk); /* one argument without parentheses: `is equalto 'x'` */
        a.n = 1;
      }
      if (!sk && !x->err) { r = wm__jtest(x, &v, k->s, k->n, &a); v = wm__jbool(neg ? !r : r); }
    } else return v;
  }
}

static wm__jv wm__junary(wm__jx *x, int sk, int filters) {
  wm__jv v;
  if (++x->depth > WM__J_DEPTH) { x->depth--; wm__jfail(x, "an expression nested too deep"); return wm__jval(WM__JV_UNDEF); }
  if (wm__jaccept(x, WM__JT_OP, "-")) {
    v = wm__junary(x, sk, 0);
    if (!sk && !x->err) {
      if ((v.t == WM__JV_INT || v.t == WM__JV_BOOL) && v.i == (-9223372036854775807LL - 1)) wm__jfail(x, "an integer beyond 64 bits");
      else if (v.t == WM__JV_INT || v.t == WM__JV_BOOL) v = wm__jint(-v.i);
      else if (v.t == WM__JV_FLOAT) v = wm__jflt(-v.f);
      else wm__jfail(x, "bad operand type for unary -: '%s'", wm__jtype(&v));
    }
  } else if (wm__jaccept(x, WM__JT_OP, "+")) v = wm__junary(x, sk, 0);
  else v = wm__jpostfix(x, wm__jprimary(x, sk), sk);
  if (filters) v = wm__jfilters(x, v, sk);
  x->depth--;
  return v;
}

static wm__jv wm__jarith(wm__jx *x, char op, const wm__jv *a, const wm__jv *b) {
  if (op == '+' && a->t == WM__JV_STR && b->t == WM__JV_STR && a->ns != b->ns) { /* Markup + str: the plain one HTML-escaped */
    wm__jsb sb = {x, NULL, 0, 0};
    int k;
    for (k = 0; k < 2; k++) {
      const wm__jv *o = k ? b : a;
      size_t j;
      if (o->ns) { wm__jsb_put(&sb, o->s, o->n); continue; }
      for (j = 0; j < o->n; j++) {
        char c = o->s[j];
        if (c == '&') wm__jsb_z(&sb, "&amp;");
        else if (c == '<') wm__jsb_z(&sb, "&lt;");
        else if (c == '>') wm__jsb_z(&sb, "&gt;");
        else if (c == '"') wm__jsb_z(&sb, "&#34;");
        else if (c == '\'') wm__jsb_z(&sb, "&#39;");
        else wm__jsb_c(&sb, c);
      }
    }
    {
      wm__jv r = wm__jstr(sb.p ? sb.p : "", sb.n);
      r.ns = 1;
      return r;
    }
  }
  if (op == '+' && a->t == WM__JV_STR && b->t == WM__JV_STR) {
    char *s = (char *)wm__jalloc(x, a->n + b->n + 1);
    if (!s) return wm__jval(WM__JV_UNDEF);
    memcpy(s, a->s, a->n); memcpy(s + a->n, b->s, b->n);
    {
      wm__jv r = wm__jstr(s, a->n + b->n);
      r.ns = a->ns; /* Markup + Markup stays Markup */
      return r;
    }
  }
  if (op == '+' && a->t == WM__JV_LIST && b->t == WM__JV_LIST && a->ns == b->ns && a->ns <= WM__JK_TUPLE) { /* list + list, tuple + tuple */
    wm__jv r = wm__jkind(wm__jnew(x, WM__JV_LIST), a->ns);
    int i;
    for (i = 0; i < a->a->n; i++) wm__jpush(x, r.a, NULL, a->a->v[i]);
    for (i = 0; i < b->a->n; i++) wm__jpush(x, r.a, NULL, b->a->v[i]);
    return r;
  }
  if (op == '*' && b->t == WM__JV_STR && (a->t == WM__JV_INT || a->t == WM__JV_BOOL)) return wm__jarith(x, op, b, a); /* 3 * 'ab' */
  if (op == '*' && a->t == WM__JV_LIST && a->ns <= WM__JK_TUPLE && (b->t == WM__JV_INT || b->t == WM__JV_BOOL)) { /* [1, 2] * 3 */
    wm__jv r = wm__jkind(wm__jnew(x, WM__JV_LIST), a->ns);
    long long k;
    int j;
    if (a->a->n && b->i > (long long)(WM__J_OUT / 16 / (size_t)a->a->n)) { wm__jfail(x, "a list repeated past the output limit"); return wm__jval(WM__JV_UNDEF); }
    for (k = 0; k < b->i && !x->err; k++) for (j = 0; j < a->a->n; j++) wm__jpush(x, r.a, NULL, a->a->v[j]);
    return r;
  }
  if (op == '*' && b->t == WM__JV_LIST && (a->t == WM__JV_INT || a->t == WM__JV_BOOL)) return wm__jarith(x, op, b, a);
  if (op == '*' && a->t == WM__JV_STR && (b->t == WM__JV_INT || b->t == WM__JV_BOOL)) {
    wm__jsb sb = {x, NULL, 0, 0};
    long long i;
    if (a->n && b->i > (long long)(WM__J_OUT / a->n)) { wm__jfail(x, "a string repeated past the output limit"); return wm__jval(WM__JV_UNDEF); }
    for (i = 0; a->n && i < b->i && !x->err; i++) wm__jsb_put(&sb, a->s, a->n);
    return wm__jstr(sb.p ? sb.p : "", sb.n);
  }
  if (wm__jnum(a) && wm__jnum(b)) {
    int ints = a->t != WM__JV_FLOAT && b->t != WM__JV_FLOAT;
    double p = wm__jf(a), q = wm__jf(b);
    if ((op == '/' || op == 'f' || op == '%') && q == 0) { wm__jfail(x, "division by zero"); return wm__jval(WM__JV_UNDEF); }
    if (ints) { /* Python's integers do not overflow; these would: refused (exact tests, no wrap) */
      const long long mx = 9223372036854775807LL, mn = -mx - 1, u = a->i, w = b->i;
      int over = op == '+' ? (w > 0 ? u > mx - w : u < mn - w)
               : op == '-' ? (w < 0 ? u > mx + w : u < mn + w)
               : op == '*' ? (u != 0 && w != 0 && (u == -1 ? w == mn : w == -1 ? u == mn : (u > 0) == (w > 0) ? (u > 0 ? u > mx / w : u < mx / w) : (u > 0 ? w < mn / u : u < mn / w)))
               : (op == 'f' || op == '%') && w == -1 && u == mn && op == 'f';
      if (over) { wm__jfail(x, "an integer beyond 64 bits"); return wm__jval(WM__JV_UNDEF); }
      if ((op == 'f' || op == '%') && w == -1) return op == '%' ? wm__jint(0) : wm__jint(-u); /* (mn % -1 traps in C) */
    }
    switch (op) {
    case '+': return ints ? wm__jint(a->i + b->i) : wm__jflt(p + q);
    case '-': return ints ? wm__jint(a->i - b->i) : wm__jflt(p - q);
    case '*': return ints ? wm__jint(a->i * b->i) : wm__jflt(p * q);
    case '/': return wm__jflt(p / q);
    case 'f': case '%': { /* Python's floor division and modulo (float_divmod's steps: signed zeros included) */
    double m, dv, fl;
    if (ints) {
      long long d = a->i / b->i, r = a->i % b->i;
      if (r != 0 && ((r < 0) != (b->i < 0))) { d--; r += b->i; }
      return wm__jint(op == 'f' ? d : r);
    }
    m = fmod(p, q);
    dv = (p - m) / q;
    if (m != 0.0) { if ((q < 0) != (m < 0)) { m += q; dv -= 1.0; } }
    else m = copysign(0.0, q);
    if (dv != 0.0) { fl = floor(dv); if (dv - fl > 0.5) fl += 1.0; }
    else fl = copysign(0.0, p / q);
    return wm__jflt(op == 'f' ? fl : m);
  }
    }
  }
  if (op == '%' && a->t == WM__JV_STR) { wm__jfail(x, "string %% formatting is not supported (Python's printf-style formats)"); return wm__jval(WM__JV_UNDEF); }
  wm__jfail(x, "unsupported operand types for %s: '%s' and '%s'", op == 'f' ? "//" : op == '+' ? "+" : op == '-' ? "-" : op == '*' ? "*" : op == '/' ? "/" : "%",
            wm__jtype(a), wm__jtype(b));
  return wm__jval(WM__JV_UNDEF);
}

static wm__jv wm__jmath2(wm__jx *x, int sk) { /* * / // % */
  wm__jv a = wm__junary(x, sk, 1);
  for (;;) {
    char op = wm__jis(x, WM__JT_OP, "*") ? '*' : wm__jis(x, WM__JT_OP, "/") ? '/' : wm__jis(x, WM__JT_OP, "//") ? 'f' : wm__jis(x, WM__JT_OP, "%") ? '%' : 0;
    wm__jv b;
    if (!op || x->err) return a;
    x->pos++;
    b = wm__junary(x, sk, 1);
    if (!sk) a = wm__jarith(x, op, &a, &b);
  }
}
static wm__jv wm__jconcat(wm__jx *x, int sk) { /* ~ */
  wm__jv a = wm__jmath2(x, sk);
  while (!x->err && wm__jaccept(x, WM__JT_OP, "~")) {
    wm__jv b = wm__jmath2(x, sk);
    if (!sk) {
      wm__jsb sb = {x, NULL, 0, 0};
      wm__jto_str(&sb, &a, 0);
      wm__jto_str(&sb, &b, 0);
      a = wm__jstr(sb.p ? sb.p : "", sb.n);
    }
  }
  return a;
}
static wm__jv wm__jmath1(wm__jx *x, int sk) { /* + - */
  wm__jv a = wm__jconcat(x, sk);
  for (;;) {
    char op = wm__jis(x, WM__JT_OP, "+") ? '+' : wm__jis(x, WM__JT_OP, "-") ? '-' : 0;
    wm__jv b;
    if (!op || x->err) return a;
    x->pos++;
    b = wm__jconcat(x, sk);
    if (!sk) a = wm__jarith(x, op, &a, &b);
  }
}
/* the first p[m] in s[n] at or after byte from: its offset, or n when none. Linear in n + m
   (Knuth-Morris-Pratt; a short needle is compared directly: at most 16 bytes a position) */
static size_t wm__jfind(wm__jx *x, const char *s, size_t n, const char *p, size_t m, size_t from) {
  size_t i, k, *fail, r = n;
  if (m > n || from > n - m) return n;
  if (m <= 16) {
    for (i = from; i + m <= n && r == n; i++) if (s[i] == p[0] && !memcmp(s + i, p, m)) r = i;
  } else if ((fail = (size_t *)wm__jalloc(x, sizeof(size_t) * m)) != NULL) {
    fail[0] = 0;
    for (i = 1, k = 0; i < m; i++) { while (k && p[i] != p[k]) k = fail[k - 1]; if (p[i] == p[k]) k++; fail[i] = k; }
    for (i = from, k = 0; i < n && r == n; i++) {
      while (k && s[i] != p[k]) k = fail[k - 1];
      if (s[i] == p[k] && ++k == m) r = i + 1 - m;
    }
  }
  wm__jstep(x, (long long)((r - from + m) >> 4)); /* the bytes scanned */
  return r;
}

static int wm__jin(wm__jx *x, const wm__jv *a, const wm__jv *b) {
  int i;
  if (b->t == WM__JV_STR) {
    if (a->t != WM__JV_STR) return wm__jfail(x, "'in <string>' requires a string as left operand, not '%s'", wm__jtype(a));
    return a->n == 0 || wm__jfind(x, b->s, b->n, a->s, a->n, 0) < b->n;
  }
  if ((b->t == WM__JV_DICT || (b->t == WM__JV_LIST && b->ns == WM__JK_KEYS)) &&
      (a->t == WM__JV_DICT || (a->t == WM__JV_LIST && a->ns != WM__JK_TUPLE && a->ns != WM__JK_RANGE && a->ns != WM__JK_VALUES && !WM__JK_LAZY(a))))
      return wm__jfail(x, "unhashable type: '%s'", wm__jtype(a)); /* a dict and its keys view hash what they look for (dict_values: by identity) */
  if (b->t == WM__JV_LIST && WM__JK_LAZY(b) && b->i == 2 && b->a) { /* an iterator failing after its items: found before, or its error */
    for (i = 0; i + 1 < b->a->n && !x->err; i++) if (wm__jeq(x, a, &b->a->v[i])) return 1;
  }
  if (b->t == WM__JV_LIST) {
    wm__jv l = wm__jlist_of(x, b); /* (an iterator that cannot iterate fails here) */
    for (i = 0; l.a && i < l.a->n && !x->err; i++) if (wm__jeq(x, a, &l.a->v[i])) return 1;
    return 0;
  }
  if (b->t == WM__JV_DICT) { for (i = 0; i < b->a->n; i++) if (wm__jeq(x, a, &b->a->k[i])) return 1; return 0; }
  if (b->t == WM__JV_UNDEF) return 0;
  return wm__jfail(x, "argument of type '%s' is not iterable", wm__jtype(b));
}
static wm__jv wm__jcompare(wm__jx *x, int sk) {
  wm__jv a = wm__jmath1(x, sk);
  int result = 1, any = 0;
  for (;;) {
    const char *op = NULL;
    wm__jv b;
    int r = 0;
    if (x->err) return a;
    if (wm__jis(x, WM__JT_OP, "==") || wm__jis(x, WM__JT_OP, "!=") || wm__jis(x, WM__JT_OP, "<") || wm__jis(x, WM__JT_OP, ">") ||
        wm__jis(x, WM__JT_OP, "<=") || wm__jis(x, WM__JT_OP, ">="))
        op = wm__jcur(x)->s, x->pos++;
    else if (wm__jis(x, WM__JT_NAME, "in")) op = "in", x->pos++;
    else if (wm__jis(x, WM__JT_NAME, "not") && x->tk[x->pos + 1].t == WM__JT_NAME && x->tk[x->pos + 1].n == 2 && !memcmp(x->tk[x->pos + 1].s, "in", 2))
        op = "ni", x->pos += 2;
    else break;
    b = wm__jmath1(x, sk);
    any = 1;
    if (sk || !result) { a = b; continue; }
    if (op[0] == '=' ) r = wm__jeq(x, &a, &b);
    else if (op[0] == '!') r = !wm__jeq(x, &a, &b);
    else if (op[0] == 'i') r = wm__jin(x, &a, &b);
    else if (op[0] == 'n') r = !wm__jin(x, &a, &b);
    else r = wm__jorder(x, &a, &b, op);
    result = r;
    a = b;
  }
  return any ? (sk ? wm__jval(WM__JV_UNDEF) : wm__jbool(result)) : a;
}
static wm__jv wm__jnot(wm__jx *x, int sk) {
  if (wm__jaccept(x, WM__JT_NAME, "not")) {
    wm__jv v;
    if (++x->depth > WM__J_DEPTH) { x->depth--; wm__jfail(x, "an expression nested too deep"); return wm__jval(WM__JV_UNDEF); }
    v = wm__jnot(x, sk);
    x->depth--;
    return sk ? v : wm__jbool(!wm__jtruthy(&v));
  }
  return wm__jcompare(x, sk);
}
static wm__jv wm__jand(wm__jx *x, int sk) {
  wm__jv a = wm__jnot(x, sk);
  while (!x->err && wm__jaccept(x, WM__JT_NAME, "and")) {
    int skip_b = sk || !wm__jtruthy(&a);
    wm__jv b = wm__jnot(x, skip_b);
    if (!skip_b) a = b;
  }
  return a;
}
static wm__jv wm__jor(wm__jx *x, int sk) {
  wm__jv a = wm__jand(x, sk);
  while (!x->err && wm__jaccept(x, WM__JT_NAME, "or")) {
    int skip_b = sk || wm__jtruthy(&a);
    wm__jv b = wm__jand(x, skip_b);
    if (!skip_b) a = b;
  }
  return a;
}
/* 1: a conditional expression starts here (an `if` at this bracket level before the expression's end) */
static int wm__jcond_ahead(wm__jx *x) {
  int i, depth = 0;
  for (i = x->pos; i < x->ntk; i++) {
    wm__jtok *k = &x->tk[i];
    if (k->t == WM__JT_VAREND || k->t == WM__JT_BLKEND || k->t == WM__JT_EOF) return 0;
    if (k->t == WM__JT_OP && k->n == 1) {
      char c = k->s[0];
      if (c == '(' || c == '[' || c == '{') depth++;
      else if (c == ')' || c == ']' || c == '}') { if (--depth < 0) return 0; }
      else if ((c == ',' || c == ':') && depth == 0) return 0;
    }
    if (k->t == WM__JT_NAME && depth == 0 && k->n == 2 && !memcmp(k->s, "if", 2)) return 1;
    if (k->t == WM__JT_NAME && depth == 0 && k->n == 4 && !memcmp(k->s, "else", 4)) return 0;
  }
  return 0;
}

/* a if c else b: c first, then only the side taken is computed (the other is read in skip mode) */
static wm__jv wm__jexpr(wm__jx *x, int sk) {
  int at, end;
  wm__jv a, c, b = wm__jval(WM__JV_UNDEF);
  if (!wm__jcond_ahead(x)) return wm__jor(x, sk);
  if (++x->depth > WM__J_DEPTH) { x->depth--; wm__jfail(x, "an expression nested too deep"); return b; }
  at = x->pos;
  wm__jor(x, 1);
  if (!wm__jexpect(x, WM__JT_NAME, "if")) { x->depth--; return b; }
  c = wm__jor(x, sk);
  if (wm__jaccept(x, WM__JT_NAME, "else")) b = wm__jexpr(x, sk || wm__jtruthy(&c));
  x->depth--;
  if (sk || !wm__jtruthy(&c)) return b;
  end = x->pos;
  x->pos = at;
  a = wm__jor(x, 0);
  x->pos = end;
  return a;
}

/* ---- calls: globals and methods ----------------------------------------------- */
/* Python's str whitespace (isspace, split(), strip()): bytes of the code point at s[i] when it
   is one (\t-\r, \x1c-\x1f, space, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
   U+205F, U+3000), else 0 */
static int wm__jws_at(const char *s, size_t n, size_t i) {
  int l;
  uint32_t c;
  if (i >= n) return 0;
  c = wm__cp((const unsigned char *)s + i, (const unsigned char *)s + n, &l);
  return (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x20) || c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
                 c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000
             ? l
             : 0;
}
/* the start of the code point that ends at s[b] (b > 0) */
static size_t wm__jcp_start(const char *s, size_t b) {
  size_t a = b - 1;
  while (a > 0 && b - a < 4 && ((unsigned char)s[a] & 0xc0) == 0x80) a--;
  return a;
}
/* the bytes of the code point at s[i] (1 for a stray byte) */
static size_t wm__jcp_len(const char *s, size_t n, size_t i) {
  int l = wm__utf8_len((const unsigned char *)s + i, (const unsigned char *)s + n);
  return l > 0 ? (size_t)l : 1;
}
/* 1: s[a..b) is a whitespace code point (chars NULL) or one of the code points of chars */
static int wm__jstrip_has(const char *s, size_t n, size_t a, size_t b, const wm__jv *chars) {
  size_t j;
  if (!chars || chars->t != WM__JV_STR) return (size_t)wm__jws_at(s, n, a) == b - a;
  for (j = 0; j < chars->n; j += wm__jcp_len(chars->s, chars->n, j))
      if (wm__jcp_len(chars->s, chars->n, j) == b - a && !memcmp(chars->s + j, s + a, b - a)) return 1;
  return 0;
}
/* s stripped of chars (NULL: whitespace) at the left (l) and right (r), code point by code point */
static wm__jv wm__jstrip(wm__jx *x, const wm__jv *s, const wm__jv *chars, int l, int r) {
  size_t a = 0, b = s->n, c;
  long long per = chars && chars->t == WM__JV_STR ? (long long)(chars->n >> 4) + 1 : 0; /* the budget: each test scans chars */
  if (chars && chars->t != WM__JV_STR && chars->t != WM__JV_NONE && chars->t != WM__JV_UNDEF) { wm__jfail(x, "strip arg must be None or str"); return *s; }
  if (chars && chars->t != WM__JV_STR) chars = NULL;
  while (l && a < b && wm__jstep(x, per) && wm__jstrip_has(s->s, s->n, a, a + wm__jcp_len(s->s, b, a), chars)) a += wm__jcp_len(s->s, b, a);
  while (r && b > a && wm__jstep(x, per) && wm__jstrip_has(s->s, s->n, c = wm__jcp_start(s->s, b) < a ? a : wm__jcp_start(s->s, b), b, chars)) b = c;
  return wm__jstr(s->s + a, b - a);
}
static int wm__jstarts(const wm__jv *s, const wm__jv *p, int end) {
  int i;
  if (p->t == WM__JV_LIST) { for (i = 0; i < p->a->n; i++) if (wm__jstarts(s, &p->a->v[i], end)) return 1; return 0; }
  if (p->t != WM__JV_STR || p->n > s->n) return 0;
  return !memcmp(end ? s->s + s->n - p->n : s->s, p->s, p->n);
}
static wm__jv wm__jsplit(wm__jx *x, const wm__jv *s, const wm__jv *sep, long long max) {
  wm__jv r = wm__jnew(x, WM__JV_LIST);
  size_t i = 0, st;
  int w;
  if (!sep || sep->t == WM__JV_NONE || sep->t == WM__JV_UNDEF) { /* runs of whitespace; with max, the rest as it is (its end kept) */
    while (i < s->n && !x->err) {
      while ((w = wm__jws_at(s->s, s->n, i)) > 0) i += (size_t)w;
      if (i >= s->n) break;
      if (max >= 0 && r.a && r.a->n == max) { wm__jpush(x, r.a, NULL, wm__jstr(s->s + i, s->n - i)); break; }
      st = i;
      while (i < s->n && !wm__jws_at(s->s, s->n, i)) i++;
      wm__jpush(x, r.a, NULL, wm__jstr(s->s + st, i - st));
    }
    return r;
  }
  if (sep->t != WM__JV_STR || sep->n == 0) { wm__jfail(x, "split: empty separator"); return r; }
  for (st = 0; i + sep->n <= s->n;) {
    if ((max < 0 || r.a->n < max) && !memcmp(s->s + i, sep->s, sep->n)) {
      wm__jpush(x, r.a, NULL, wm__jstr(s->s + st, i - st));
      i += sep->n;
      st = i;
    } else i++;
  }
  wm__jpush(x, r.a, NULL, wm__jstr(s->s + st, s->n - st));
  return r;
}
/* case of code point cp (Python's single-character mappings): 1 upper, 2 lower; *cased: it
   is a cased letter; the tables of the tokenizer's Lowercase (their inverse for upper) */
static uint32_t wm__jcase_cp(uint32_t cp, int up, int *cased) {
  if (cp < 0x80) {
    *cased = (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
    return up && cp >= 'a' && cp <= 'z' ? cp - 32 : !up && cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
  }
  *cased = wm__uc_in(cp, WM__UC_LL) || wm__uc_in(cp, WM__UC_LUT);
#ifndef WM_NO_UNICODE_NORM
  if (!up) return wm__uc_lowercase(cp);
  if (wm__uc_in(cp, WM__UC_LL)) return wm__uc_uppercase(cp);
#endif
  return cp;
}
/* 1 upper, 2 lower, 3 str.title() (a letter after a cased letter is lower), 4 capitalize,
   5 the title filter (a word's first character upper after -, whitespace, ( { [ <) */
static wm__jv wm__jcase(wm__jx *x, const wm__jv *s, int mode) {
  wm__jsb sb = {x, NULL, 0, 0};
  size_t i, l;
  int word = 0, first = 1;
  wm__jstep(x, (long long)(s->n >> 4));
  for (i = 0; i < s->n && !x->err; i += l) {
    char d[8];
    size_t dn = 0;
    int cased, up = mode == 1 || ((mode == 3 || mode == 5) && !word) || (mode == 4 && first), n8;
    uint32_t cp;
    l = wm__jcp_len(s->s, s->n, i);
    if (l == 1 && (unsigned char)s->s[i] >= 0x80) { wm__jsb_put(&sb, s->s + i, 1); word = mode == 5; first = 0; continue; } /* a stray byte */
    cp = l == 1 ? (unsigned char)s->s[i] : wm__cp((const unsigned char *)s->s + i, (const unsigned char *)s->s + s->n, &n8);
    cp = wm__jcase_cp(cp, up, &cased);
    wm__utf8_put(d, sizeof d, &dn, cp);
    wm__jsb_put(&sb, d, dn);
    if (mode == 5) word = !(wm__jws_at(s->s, s->n, i) || s->s[i] == '-' || s->s[i] == '(' || s->s[i] == '{' || s->s[i] == '[' || s->s[i] == '<');
    else word = cased;
    first = 0;
  }
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}
static wm__jv wm__jreplace(wm__jx *x, const wm__jv *s, const wm__jv *a, const wm__jv *b, long long count) {
  wm__jsb sb = {x, NULL, 0, 0};
  size_t i = 0;
  if (a->t != WM__JV_STR || b->t != WM__JV_STR) { wm__jfail(x, "replace: strings expected"); return *s; }
  while (i <= s->n) {
    if (count != 0 && a->n == 0) { wm__jsb_put(&sb, b->s, b->n); if (count > 0) count--; if (i < s->n) wm__jsb_c(&sb, s->s[i]); i++; continue; }
    if (count != 0 && a->n && i + a->n <= s->n && !memcmp(s->s + i, a->s, a->n)) { wm__jsb_put(&sb, b->s, b->n); i += a->n; if (count > 0) count--; }
    else { if (i < s->n) wm__jsb_c(&sb, s->s[i]); i++; }
  }
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

/* strftime_now's directives on a UTC time */
static void wm__jstrftime(wm__jsb *b, const wm__jv *fmt, long long now) {
  static const char *const mon[] = {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"};
  static const char *const day[] = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
  long long days = now >= 0 ? now / 86400 : (now - 86399) / 86400, secs = now - days * 86400, z = days + 719468, era, doe, yoe, y, doy, mp, d, m;
  char buf[32];
  size_t i;
  era = (z >= 0 ? z : z - 146096) / 146097; /* civil from days (Howard Hinnant's algorithm) */
  doe = z - era * 146097;
  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = yoe + era * 400;
  doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
  for (i = 0; i < fmt->n; i++) {
    char c = fmt->s[i];
    long long wd = ((days % 7) + 7 + 3) % 7; /* 1970-01-01 was a Thursday */
    long long yday = 0;
    if (c != '%' || i + 1 >= fmt->n) { wm__jsb_c(b, c); continue; }
    c = fmt->s[++i];
    { long long k; static const int cum[] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334}; k = cum[m - 1] + d; if (m > 2 && ((y % 4 == 0 && y % 100) || y % 400 == 0)) k++; yday = k; }
    switch (c) {
    case 'Y': snprintf(buf, sizeof buf, "%lld", y); break;
    case 'y': snprintf(buf, sizeof buf, "%02lld", y % 100); break;
    case 'm': snprintf(buf, sizeof buf, "%02lld", m); break;
    case 'd': snprintf(buf, sizeof buf, "%02lld", d); break;
    case 'e': snprintf(buf, sizeof buf, "%2lld", d); break;
    case 'j': snprintf(buf, sizeof buf, "%03lld", yday); break;
    case 'H': snprintf(buf, sizeof buf, "%02lld", secs / 3600); break;
    case 'I': snprintf(buf, sizeof buf, "%02lld", (secs / 3600) % 12 ? (secs / 3600) % 12 : 12); break;
    case 'M': snprintf(buf, sizeof buf, "%02lld", secs / 60 % 60); break;
    case 'S': snprintf(buf, sizeof buf, "%02lld", secs % 60); break;
    case 'p': snprintf(buf, sizeof buf, "%s", secs < 43200 ? "AM" : "PM"); break;
    case 'B': snprintf(buf, sizeof buf, "%s", mon[m - 1]); break;
    case 'b': snprintf(buf, sizeof buf, "%.3s", mon[m - 1]); break;
    case 'A': snprintf(buf, sizeof buf, "%s", day[wd]); break;
    case 'a': snprintf(buf, sizeof buf, "%.3s", day[wd]); break;
    case '%': snprintf(buf, sizeof buf, "%%"); break;
    default: snprintf(buf, sizeof buf, "%%%c", c);
    }
    wm__jsb_z(b, buf);
  }
}

/* the globals and methods, each a function of the table in wm__jcall: self (NULL for a global), the
   name it was called by, the call's arguments */
typedef struct wm__jcargs { const wm__jv *args; int na; const wm__jv *kw; const char *const *kn; const size_t *kl; int nk; } wm__jcargs;
typedef wm__jv (*wm__jcall_fn)(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c);
#define WM__JA0 (c->na > 0 ? &c->args[0] : NULL)
static wm__jv wm__jnot_supported(wm__jx *x, const wm__jv *self, const char *f) {
  wm__jfail(x, self && self->t == WM__JV_STR ? "the string method '%s' is not supported" : "the method '%s' is not supported", f);
  return wm__jval(WM__JV_NONE);
}

static wm__jv wm__jg_raise(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  wm__jsb sb = {x, NULL, 0, 0};
  (void)self; (void)f; /* (unused here) */
  if (c->na) wm__jto_str(&sb, &c->args[0], 0);
  wm__jfail(x, "%.*s", (int)(sb.n > 500 ? 500 : sb.n), sb.p ? sb.p : "");
  x->err = 2;
  return wm__jval(WM__JV_NONE);
}

static wm__jv wm__jg_strftime(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  wm__jsb sb = {x, NULL, 0, 0};
  (void)self; (void)f; /* (unused here) */
  if (c->na && c->args[0].t == WM__JV_STR) wm__jstrftime(&sb, &c->args[0], x->now);
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

static wm__jv wm__jg_namespace(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* namespace(), dict() */
  wm__jv r = wm__jnew(x, WM__JV_DICT);
  int i;
  (void)self; /* (unused here) */
  if (c->na && c->args[0].t == WM__JV_DICT)
      for (i = 0; i < c->args[0].a->n; i++) wm__jput(x, r.a, c->args[0].a->k[i].s, c->args[0].a->k[i].n, c->args[0].a->v[i]);
  for (i = 0; i < c->nk; i++) wm__jput(x, r.a, c->kn[i], c->kl[i], c->kw[i]);
  r.ns = f[0] == 'n';
  return r;
}

static wm__jv wm__jg_range(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  const wm__jv *args = c->args;
  int na = c->na, i;
  long long lo = 0, hi = na > 1 ? args[1].i : na ? args[0].i : 0, st = na > 2 ? args[2].i : 1, v;
  wm__jv r = wm__jnew(x, WM__JV_LIST);
  (void)self; (void)f; /* (unused here) */
  if (na > 1) lo = args[0].i;
  for (i = 0; i < na; i++)
      if (args[i].t != WM__JV_INT || args[i].i > (1LL << 53) || args[i].i < -(1LL << 53)) { wm__jfail(x, "range: integers within 2^53 expected"); return r; }
  if (st == 0) { wm__jfail(x, "range: the step is 0"); return r; }
  if (((double)hi - (double)lo) / (double)st > 1e6) { wm__jfail(x, "range: more than a million items"); return r; }
  for (v = 0; st > 0 ? lo < hi && v <= (hi - 1 - lo) / st : lo > hi && v <= (lo - 1 - hi) / -st; v++) wm__jpush(x, r.a, NULL, wm__jint(lo + v * st));
  r.ns = WM__JK_RANGE;
  r.i = lo; r.f = (double)hi; r.n = (size_t)st;
  return r;
}

static wm__jv wm__js_strip(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* strip, lstrip, rstrip */
  return wm__jstrip(x, self, WM__JA0, f[0] != 'r', f[0] != 'l');
}

static wm__jv wm__js_split(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  (void)f; /* (unused here) */
  return wm__jsplit(x, self, WM__JA0, c->na > 1 && c->args[1].t == WM__JV_INT ? c->args[1].i : -1);
}

static wm__jv wm__js_starts(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* startswith, endswith */
  (void)x; /* (unused here) */
  return wm__jbool(WM__JA0 && wm__jstarts(self, WM__JA0, f[0] == 'e'));
}

static wm__jv wm__js_case(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* upper, lower, title, capitalize */
  (void)c; /* (unused here) */
  return wm__jcase(x, self, f[0] == 'u' ? 1 : f[0] == 'l' ? 2 : f[0] == 't' ? 3 : 4);
}

static wm__jv wm__js_replace(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  if (c->na < 2) return wm__jnot_supported(x, self, f);
  return wm__jreplace(x, self, &c->args[0], &c->args[1], c->na > 2 && c->args[2].t == WM__JV_INT ? c->args[2].i : -1);
}

static wm__jv wm__js_find(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  const wm__jv *a0 = WM__JA0;
  size_t j;
  if (!a0 || a0->t != WM__JV_STR) return wm__jnot_supported(x, self, f);
  j = a0->n ? wm__jfind(x, self->s, self->n, a0->s, a0->n, 0) : 0;
  return wm__jint(j < self->n || !a0->n ? (long long)wm__jutf8_count(self->s, j) : -1);
}

static wm__jv wm__js_count(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  const wm__jv *a0 = WM__JA0;
  size_t j = 0;
  long long n = 0;
  if (!a0 || a0->t != WM__JV_STR || !a0->n) return wm__jnot_supported(x, self, f);
  while ((j = wm__jfind(x, self->s, self->n, a0->s, a0->n, j)) < self->n) { n++; j += a0->n; }
  return wm__jint(n);
}

static wm__jv wm__js_join(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  wm__jv l;
  wm__jsb sb = {x, NULL, 0, 0};
  int i;
  if (!WM__JA0) return wm__jnot_supported(x, self, f);
  l = wm__jlist_of(x, WM__JA0);
  for (i = 0; l.a && i < l.a->n; i++) { if (i) wm__jsb_put(&sb, self->s, self->n); wm__jto_str(&sb, &l.a->v[i], 0); }
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

static wm__jv wm__js_splitlines(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  wm__jv r = wm__jnew(x, WM__JV_LIST);
  size_t j, st = 0;
  (void)f; (void)c; /* (unused here) */
  for (j = 0; j < self->n; j++)
      if (self->s[j] == '\n' || self->s[j] == '\r') {
        wm__jpush(x, r.a, NULL, wm__jstr(self->s + st, j - st));
        if (self->s[j] == '\r' && j + 1 < self->n && self->s[j + 1] == '\n') j++;
        st = j + 1;
      }
  if (st < self->n) wm__jpush(x, r.a, NULL, wm__jstr(self->s + st, self->n - st));
  return r;
}

static wm__jv wm__js_is(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* isdigit, isalpha, isspace */
  size_t j;
  int ok = self->n > 0;
  (void)x; (void)c; /* (unused here) */
  for (j = 0; j < self->n; j++) {
    char ch = self->s[j];
    if (f[2] == 's') { int w = wm__jws_at(self->s, self->n, j); ok &= w > 0; if (w > 1) j += (size_t)w - 1; continue; }
    ok &= f[2] == 'd' ? ch >= '0' && ch <= '9' : (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
  }
  return wm__jbool(ok);
}

static wm__jv wm__jl_count(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* list.count, list.index */
  long long n = 0;
  int i;
  if (c->na != 1) return wm__jnot_supported(x, self, f);
  for (i = 0; i < self->a->n && !x->err; i++)
      if (wm__jeq(x, &self->a->v[i], &c->args[0])) { if (f[0] == 'i') return wm__jint(i); n++; }
  if (f[0] == 'i') { wm__jfail(x, "list.index(x): x not in list"); return wm__jval(WM__JV_NONE); }
  return wm__jint(n);
}

static wm__jv wm__jd_view(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) { /* items, keys, values */
  wm__jv r = wm__jkind(wm__jnew(x, WM__JV_LIST), f[0] == 'k' ? WM__JK_KEYS : f[0] == 'v' ? WM__JK_VALUES : WM__JK_ITEMS);
  int i;
  (void)c; /* (unused here) */
  for (i = 0; i < self->a->n; i++) {
    if (f[0] == 'k') wm__jpush(x, r.a, NULL, self->a->k[i]);
    else if (f[0] == 'v') wm__jpush(x, r.a, NULL, self->a->v[i]);
    else {
      wm__jv pr = wm__jkind(wm__jnew(x, WM__JV_LIST), WM__JK_TUPLE);
      wm__jpush(x, pr.a, NULL, self->a->k[i]);
      wm__jpush(x, pr.a, NULL, self->a->v[i]);
      wm__jpush(x, r.a, NULL, pr);
    }
  }
  return r;
}

static wm__jv wm__jd_get(wm__jx *x, const wm__jv *self, const char *f, const wm__jcargs *c) {
  wm__jv *v;
  if (!c->na) return wm__jnot_supported(x, self, f);
  v = c->args[0].t == WM__JV_STR ? wm__jget(self->a, c->args[0].s, c->args[0].n) : NULL;
  return v ? *v : c->na > 1 ? c->args[1] : wm__jval(WM__JV_NONE);
}
#undef WM__JA0

static wm__jv wm__jcall(wm__jx *x, const wm__jv *fn, const wm__jv *args, int na, const wm__jv *kw, const char *const *kn, const size_t *kl, int nk) {
  enum { G = 0, S = 1, L = 2, D = 3 }; /* what the callee is a method of: nothing (a global), a str, a list or tuple, a dict */
  static const struct { unsigned char of; const char *name; wm__jcall_fn fn; } calls[] = {
    {G, "raise_exception", wm__jg_raise}, {G, "strftime_now", wm__jg_strftime}, {G, "namespace", wm__jg_namespace}, {G, "dict", wm__jg_namespace},
    {G, "range", wm__jg_range}, {S, "strip", wm__js_strip}, {S, "lstrip", wm__js_strip}, {S, "rstrip", wm__js_strip}, {S, "split", wm__js_split},
    {S, "startswith", wm__js_starts}, {S, "endswith", wm__js_starts}, {S, "upper", wm__js_case}, {S, "lower", wm__js_case},
    {S, "title", wm__js_case}, {S, "capitalize", wm__js_case}, {S, "replace", wm__js_replace}, {S, "find", wm__js_find},
    {S, "count", wm__js_count}, {S, "join", wm__js_join}, {S, "splitlines", wm__js_splitlines}, {S, "isdigit", wm__js_is},
    {S, "isalpha", wm__js_is}, {S, "isspace", wm__js_is}, {L, "count", wm__jl_count}, {L, "index", wm__jl_count},
    {D, "items", wm__jd_view}, {D, "keys", wm__jd_view}, {D, "values", wm__jd_view}, {D, "get", wm__jd_get}};
  const wm__jv *self = fn->a && fn->a->n ? &fn->a->v[0] : NULL;
  wm__jcargs c;
  size_t k;
  int of;
  if (!wm__jstep(x, 1)) return wm__jval(WM__JV_NONE);
  if (fn->t != WM__JV_FN) {
    wm__jfail(x, fn->t == WM__JV_UNDEF ? "a call of an undefined function" : "'%s' object is not callable", wm__jtype(fn));
    return wm__jval(WM__JV_UNDEF);
  }
  of = !self ? G : self->t == WM__JV_STR ? S : self->t == WM__JV_LIST && self->ns <= WM__JK_TUPLE ? L : self->t == WM__JV_DICT ? D : -1;
  c.args = args; c.na = na; c.kw = kw; c.kn = kn; c.kl = kl; c.nk = nk;
  for (k = 0; k < sizeof calls / sizeof calls[0]; k++)
      if (calls[k].of == of && !strcmp(calls[k].name, fn->s)) return calls[k].fn(x, self, fn->s, &c);
  return wm__jnot_supported(x, self, fn->s);
}

/* ---- filters and tests ---------------------------------------------------------- */

/* Python's int(s) (1, *i) or else float(s) (2, *f) of a string, 0 when neither reads it:
   whitespace around, a sign, digits with single underscores between them; an integer beyond
   64 bits fails (Python's are not bounded) */
static int wm__jparse_num(wm__jx *x, const wm__jv *v, long long *i, double *f) {
  char buf[128], *end;
  size_t a = 0, b = v->n, j, n = 0;
  int w;
  while ((w = wm__jws_at(v->s, v->n, a)) > 0) a += (size_t)w;
  while (b > a && (w = wm__jws_at(v->s, v->n, wm__jcp_start(v->s, b))) > 0 && wm__jcp_start(v->s, b) + (size_t)w == b) b -= (size_t)w;
  if (b == a || b - a >= sizeof buf) return 0;
  for (j = a; j < b; j++) {
    char c = v->s[j];
    if (c == '_') { /* only between two digits */
      if (j == a || j + 1 >= b || !(v->s[j - 1] >= '0' && v->s[j - 1] <= '9') || !(v->s[j + 1] >= '0' && v->s[j + 1] <= '9')) return 0;
      continue;
    }
    if (c == 'x' || c == 'X' || c == 'p' || c == 'P' || (unsigned char)c < 0x21 || (unsigned char)c >= 0x80) return 0; /* no C hex floats, no inner spaces */
    buf[n++] = c;
  }
  buf[n] = 0;
  for (j = buf[0] == '+' || buf[0] == '-'; j < n && buf[j] >= '0' && buf[j] <= '9'; j++) {}
  if (j == n && j > (size_t)(buf[0] == '+' || buf[0] == '-')) {
    errno = 0;
    *i = strtoll(buf, &end, 10);
    if (errno == ERANGE) return wm__jfail(x, "an integer beyond 64 bits");
    return 1;
  }
  *f = strtod(buf, &end);
  return *end == 0 ? 2 : 0;
}
static int wm__jname_is(const char *s, size_t n, const char *name) { return strlen(name) == n && !memcmp(s, name, n); }

/* *r: an iterator of kind over v that fails when it is iterated, as jinja2's lazy
   filters (map, select, unique, ...) do over what cannot be iterated; 0 when v can */
/* an iterator of kind that fails when iterated (i = 1), naming what as the value it could not iterate */
static wm__jv wm__jbroken(wm__jx *x, int kind, wm__jv what) {
  wm__jv r = wm__jkind(wm__jnew(x, WM__JV_LIST), kind);
  r.i = 1;
  if (r.a) wm__jpush(x, r.a, NULL, what);
  return r;
}
/* an iterator of kind that yields the items of r (a list) and then fails with msg (i = 2; msg its last item) */
static wm__jv wm__jbroken_after(wm__jx *x, wm__jv r, int kind, const char *msg) {
  r = wm__jkind(r, kind);
  r.i = 2;
  if (r.a) wm__jpush(x, r.a, NULL, wm__jstr(wm__jdup(x, msg, strlen(msg)), strlen(msg)));
  return r;
}
static int wm__jlazy_bad(wm__jx *x, const wm__jv *v, int kind, int mapping_only, wm__jv *r) {
  if (v->t == WM__JV_UNDEF || v->t == WM__JV_DICT || (!mapping_only && (v->t == WM__JV_LIST || v->t == WM__JV_STR))) return 0;
  if ((kind == WM__JK_GEN_SELECT || kind == WM__JK_GEN_MAP) && !wm__jtruthy(v)) *r = wm__jkind(wm__jnew(x, WM__JV_LIST), kind); /* (`if seq:` first) */
  else *r = wm__jbroken(x, kind, *v);
  return 1;
}

/* v's attribute by a dotted path ("function.name"), as jinja2's attrgetter */
static wm__jv wm__jpath(wm__jx *x, const wm__jv *v, const wm__jv *path) {
  wm__jv r = *v;
  size_t i = 0, st = 0;
  if (path->t == WM__JV_INT) return wm__jindex(x, v, path);
  if (path->t != WM__JV_STR) return wm__jval(WM__JV_UNDEF);
  for (; i <= path->n; i++)
      if (i == path->n || path->s[i] == '.') {
        wm__jv key = wm__jstr(path->s + st, i - st);
        if (r.t == WM__JV_UNDEF) return r;
        r = wm__jindex(x, &r, &key);
        st = i + 1;
      }
  return r;
}

/* a test's value, by its row: what it checks (WM__JTK_*) and its variant */
enum { WM__JTK_TYPE, WM__JTK_CMP, WM__JTK_MOD, WM__JTK_CASE };
static int wm__jtest_type(const wm__jv *v, int which) {
  int t = v->t;
  switch (which) {
  case 0: return t != WM__JV_UNDEF; /* defined */
  case 1: return t == WM__JV_UNDEF; /* undefined */
  case 2: return t == WM__JV_NONE; /* none */
  case 3: return t == WM__JV_STR; /* string */
  case 4: return t == WM__JV_INT || t == WM__JV_FLOAT || t == WM__JV_BOOL; /* number */
  case 5: return t == WM__JV_INT; /* integer */
  case 6: return t == WM__JV_FLOAT; /* float */
  case 7: return t == WM__JV_BOOL; /* boolean */
  case 8: return t == WM__JV_BOOL && v->i; /* true */
  case 9: return t == WM__JV_BOOL && !v->i; /* false */
  case 10: return t == WM__JV_DICT; /* mapping */
  case 11: /* sequence: len and getitem (undefined has both; dict views and iterators not) */
    return t == WM__JV_STR || (t == WM__JV_LIST && v->ns <= WM__JK_RANGE) || t == WM__JV_DICT || t == WM__JV_UNDEF;
  case 12: return t == WM__JV_STR || t == WM__JV_LIST || t == WM__JV_DICT || t == WM__JV_UNDEF; /* iterable */
  default: return t == WM__JV_FN || t == WM__JV_UNDEF; /* callable (Undefined has __call__: calling it fails) */
  }
}
/* str(value).islower()/isupper() (upper: 1): no letter of the other case, and a cased one */
static int wm__jtest_case(wm__jx *x, const wm__jv *v, int upper) {
  wm__jsb sb = {x, NULL, 0, 0};
  size_t i, l;
  int cased = 0, n8;
  wm__jto_str(&sb, v, 0);
  for (i = 0; i < sb.n; i += l) {
    uint32_t cp;
    l = wm__jcp_len(sb.p, sb.n, i);
    cp = l == 1 ? (unsigned char)sb.p[i] : wm__cp((const unsigned char *)sb.p + i, (const unsigned char *)sb.p + sb.n, &n8);
    if (cp < 0x80 ? (!upper ? cp >= 'A' && cp <= 'Z' : cp >= 'a' && cp <= 'z') : wm__uc_in(cp, !upper ? WM__UC_LUT : WM__UC_LL)) return 0;
    cased |= cp < 0x80 ? (cp | 32) >= 'a' && (cp | 32) <= 'z' : wm__uc_in(cp, WM__UC_LL) || wm__uc_in(cp, WM__UC_LUT);
  }
  return cased;
}
static int wm__jtest(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  static const struct { const char *name; unsigned char kind, arg; } tests[] = { /* CMP: 0 ==, 1 !=, 2 in, 3 <, 4 <=, 5 >, 6 >=; MOD: the divisor (0: the argument) */
    {"defined", WM__JTK_TYPE, 0}, {"undefined", WM__JTK_TYPE, 1}, {"none", WM__JTK_TYPE, 2}, {"string", WM__JTK_TYPE, 3},
    {"number", WM__JTK_TYPE, 4}, {"integer", WM__JTK_TYPE, 5}, {"float", WM__JTK_TYPE, 6}, {"boolean", WM__JTK_TYPE, 7},
    {"true", WM__JTK_TYPE, 8}, {"false", WM__JTK_TYPE, 9}, {"mapping", WM__JTK_TYPE, 10}, {"sequence", WM__JTK_TYPE, 11},
    {"iterable", WM__JTK_TYPE, 12}, {"callable", WM__JTK_TYPE, 13}, {"equalto", WM__JTK_CMP, 0}, {"eq", WM__JTK_CMP, 0},
    {"==", WM__JTK_CMP, 0}, {"sameas", WM__JTK_CMP, 0}, {"ne", WM__JTK_CMP, 1}, {"!=", WM__JTK_CMP, 1}, {"in", WM__JTK_CMP, 2},
    {"lt", WM__JTK_CMP, 3}, {"lessthan", WM__JTK_CMP, 3}, {"le", WM__JTK_CMP, 4}, {"gt", WM__JTK_CMP, 5},
    {"greaterthan", WM__JTK_CMP, 5}, {"ge", WM__JTK_CMP, 6}, {"odd", WM__JTK_MOD, 2}, {"even", WM__JTK_MOD, 2},
    {"divisibleby", WM__JTK_MOD, 0}, {"lower", WM__JTK_CASE, 0}, {"upper", WM__JTK_CASE, 1}};
  const wm__jv *a0 = a->n ? &a->v[0] : NULL;
  size_t k;
  if (!wm__jstep(x, 1)) return 0;
  for (k = 0; k < sizeof tests / sizeof tests[0] && !wm__jname_is(name, nl, tests[k].name); k++) {}
  if (k == sizeof tests / sizeof tests[0]) return wm__jfail(x, "the test '%.*s' is not supported", (int)nl, name);
  if (a->n + a->nk > 0 && tests[k].kind != WM__JTK_CMP && !(tests[k].kind == WM__JTK_MOD && !tests[k].arg))
      return wm__jfail(x, "test_%.*s() takes 1 positional argument but %d were given", (int)nl, name, 1 + a->n + a->nk);
  switch (tests[k].kind) {
  case WM__JTK_TYPE: return wm__jtest_type(v, tests[k].arg);
  case WM__JTK_CASE: return wm__jtest_case(x, v, tests[k].arg);
  case WM__JTK_CMP:
    if (!a0) return tests[k].arg <= 2 ? 0 : wm__jfail(x, "the test '%.*s' is not supported", (int)nl, name);
    if (tests[k].arg == 0) return wm__jeq(x, v, a0);
    if (tests[k].arg == 1) return !wm__jeq(x, v, a0);
    if (tests[k].arg == 2) return wm__jin(x, v, a0);
    return wm__jorder(x, v, a0, tests[k].arg == 3 ? "<" : tests[k].arg == 4 ? "<=" : tests[k].arg == 5 ? ">" : ">=");
  default: { /* odd, even, divisibleby: value % n as Python computes it, numbers only */
  wm__jv two = wm__jint(2), m;
  const wm__jv *d = tests[k].arg ? &two : a0;
  if (v->t == WM__JV_UNDEF) return wm__jfail(x, "the test '%.*s' of an undefined value (jinja2: UndefinedError)", (int)nl, name);
  if (!d || !wm__jnum(v) || !wm__jnum(d)) return wm__jfail(x, "unsupported operand type(s) for %%: '%s' and '%s'", wm__jtype(v), d ? wm__jtype(d) : "nothing");
  m = wm__jarith(x, '%', v, d);
  if (x->err) return 0;
  return wm__jf(&m) == (name[0] == 'o' ? 1.0 : 0.0);
}
  }
}

static wm__jv wm__jfilter_now(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a);
/* a filter; jinja2's lazy ones (map, select, reject, selectattr, rejectattr, unique, items) fail
   only when their result is iterated: an error inside one becomes an iterator that fails then */
static wm__jv wm__jfilter(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jfilter_now(x, v, name, nl, a);
  if (x->err == 1 && !x->hard && (wm__jname_is(name, nl, "map") || wm__jname_is(name, nl, "select") || wm__jname_is(name, nl, "reject") ||
                                   wm__jname_is(name, nl, "selectattr") || wm__jname_is(name, nl, "rejectattr") ||
                                   wm__jname_is(name, nl, "unique") || wm__jname_is(name, nl, "items"))) {
    x->err = 0;
    r = wm__jbroken(x, name[0] == 'm' ? WM__JK_GEN_MAP : name[0] == 'u' ? WM__JK_GEN_UNIQUE : name[0] == 'i' ? WM__JK_GEN_ITEMS : WM__JK_GEN_SELECT,
                    wm__jstr("value", 5));
  }
  return r;
}
/* the filters, each a function of the table below (name and nl: the name it was called by) */
typedef wm__jv (*wm__jfilter_fn)(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a);
static wm__jv wm__jf_safe(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) { /* Markup(value): a string marked safe (+ with a plain one escapes that one) */
  wm__jv r = wm__jval(WM__JV_UNDEF);
  wm__jsb sb = {x, NULL, 0, 0};
  (void)name; (void)nl; (void)a; /* (unused here) */
  if (v->t == WM__JV_STR) { r = *v; r.ns = 1; return r; }
  wm__jto_str(&sb, v, 0);
  r = wm__jstr(sb.p ? sb.p : "", sb.n);
  r.ns = 1;
  return r;
}

static wm__jv wm__jf_trim(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jsb sb = {x, NULL, 0, 0};
  wm__jv s;
  (void)name; (void)nl; /* (unused here) */
  wm__jto_str(&sb, v, 0);
  s = wm__jstr(sb.p ? sb.p : "", sb.n);
  return wm__jstrip(x, &s, wm__jkw(a, "chars", 0), 1, 1);
}

static wm__jv wm__jf_string(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jsb sb = {x, NULL, 0, 0};
  (void)name; (void)nl; (void)a; /* (unused here) */
  if (v->t == WM__JV_STR) return *v;
  wm__jto_str(&sb, v, 0);
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

static wm__jv wm__jf_tojson(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  const wm__jv *ind = wm__jkw(a, "indent", 0), *sep = wm__jkw(a, "separators", -1);
  wm__jsb sb = {x, NULL, 0, 0};
  int indent = ind && ind->t == WM__JV_INT ? (int)ind->i : -1;
  const char *is = indent >= 0 ? "," : ", ", *ks = ": ";
  (void)name; (void)nl; /* (unused here) */
  if (sep && sep->t == WM__JV_LIST && sep->a->n == 2 && sep->a->v[0].t == WM__JV_STR && sep->a->v[1].t == WM__JV_STR) {
    is = wm__jdup(x, sep->a->v[0].s, sep->a->v[0].n);
    ks = wm__jdup(x, sep->a->v[1].s, sep->a->v[1].n);
    if (!is || !ks) return r;
  }
  if (indent > 64) indent = 64;
  if (!wm__jto_json(x, &sb, v, indent, 0, is, ks)) return r;
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

static wm__jv wm__jf_length(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  long long n = wm__jlen(x, v);
  (void)name; (void)nl; (void)a; /* (unused here) */
  if (n < 0 && v->t != WM__JV_UNDEF) { wm__jfail(x, "object of type '%s' has no len()", wm__jtype(v)); return r; }
  return wm__jint(n < 0 ? 0 : n);
}

static wm__jv wm__jf_list(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  int i;
  (void)name; (void)nl; (void)a; /* (unused here) */
  r = wm__jlist_of(x, v); if (r.t == WM__JV_LIST && r.a == v->a) { wm__jv c = wm__jnew(x, WM__JV_LIST); for (i = 0; i < r.a->n; i++) wm__jpush(x, c.a, NULL, r.a->v[i]); return c; } return wm__jkind(r, WM__JK_LIST);
}

static wm__jv wm__jf_first_last(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  wm__jv l;
  (void)nl; (void)a; /* (unused here) */
  if (name[0] == 'f' && WM__JK_LAZY(v) && v->i == 2 && v->a && v->a->n > 1) return v->a->v[0]; /* next(): before its error */
  l = wm__jlist_of(x, v);
  if (name[0] == 'l' && WM__JK_LAZY(v)) { wm__jfail(x, "'%s' object is not reversible", wm__jtype(v)); return r; }
  return l.a && l.a->n ? l.a->v[name[0] == 'f' ? 0 : l.a->n - 1] : r;
}

static wm__jv wm__jf_reverse(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  int i;
  wm__jv l = wm__jlist_of(x, v);
  (void)name; (void)nl; (void)a; /* (unused here) */
  r = wm__jnew(x, WM__JV_LIST);
  for (i = l.a ? l.a->n - 1 : -1; i >= 0; i--) wm__jpush(x, r.a, NULL, l.a->v[i]);
  if (v->t == WM__JV_STR) {
    wm__jsb sb = {x, NULL, 0, 0};
    for (i = 0; i < r.a->n; i++) wm__jsb_put(&sb, r.a->v[i].s, r.a->v[i].n);
    return wm__jstr(sb.p ? sb.p : "", sb.n);
  }
  if (WM__JK_LAZY(v)) return r;
  r = wm__jkind(r, WM__JK_REVERSED);
  if (v->t == WM__JV_UNDEF) { r.n = WM__JK_TUPLE; return r; } /* reversed(Undefined): a "reversed" object */
  r.n = v->t == WM__JV_LIST ? (size_t)v->ns : v->t == WM__JV_DICT ? (size_t)WM__JK_KEYS : 0; /* what it reverses: its name */
  return r;
}

static wm__jv wm__jf_join(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  int i;
  wm__jv l = wm__jlist_of(x, v);
  const wm__jv *d = wm__jkw(a, "d", 0), *at = wm__jkw(a, "attribute", 1);
  wm__jsb sb = {x, NULL, 0, 0};
  (void)name; (void)nl; /* (unused here) */
  for (i = 0; l.a && i < l.a->n; i++) {
    wm__jv it = at ? wm__jpath(x, &l.a->v[i], at) : l.a->v[i];
    if (i && d) wm__jto_str(&sb, d, 0);
    wm__jto_str(&sb, &it, 0);
  }
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

static wm__jv wm__jf_case(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jsb sb = {x, NULL, 0, 0};
  wm__jv s;
  (void)nl; (void)a; /* (unused here) */
  wm__jto_str(&sb, v, 0);
  s = wm__jstr(sb.p ? sb.p : "", sb.n);
  return wm__jcase(x, &s, name[0] == 'u' ? 1 : name[0] == 'l' ? 2 : name[0] == 't' ? 5 : 4);
}

static wm__jv wm__jf_replace(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jsb sb = {x, NULL, 0, 0};
  wm__jv s;
  if (!(a->n >= 2)) { wm__jfail(x, "the filter '%.*s' is not supported", (int)nl, name); return wm__jval(WM__JV_UNDEF); }
  wm__jto_str(&sb, v, 0);
  s = wm__jstr(sb.p ? sb.p : "", sb.n);
  return wm__jreplace(x, &s, &a->v[0], &a->v[1], a->n > 2 && a->v[2].t == WM__JV_INT ? a->v[2].i : -1);
}

static wm__jv wm__jf_default(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  const wm__jv *a0 = a->n ? &a->v[0] : NULL;
  const wm__jv *bo = wm__jkw(a, "boolean", 1);
  int use = v->t == WM__JV_UNDEF || (bo && wm__jtruthy(bo) && !wm__jtruthy(v));
  (void)x; (void)name; (void)nl; /* (unused here) */
  return use ? (a0 ? *a0 : wm__jstr("", 0)) : *v;
}

static wm__jv wm__jf_items(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  (void)name; (void)nl; (void)a; /* (unused here) */
  wm__jargs none;
  wm__jv fn = wm__jval(WM__JV_FN);
  if (v->t == WM__JV_UNDEF) return wm__jkind(wm__jnew(x, WM__JV_LIST), WM__JK_GEN_ITEMS); /* an empty generator */
  if (wm__jlazy_bad(x, v, WM__JK_GEN_ITEMS, 1, &r)) return r; /* ("Can only get item pairs from a mapping", when iterated) */
  fn.s = "items";
  fn.a = (wm__jarr *)wm__jalloc(x, sizeof(wm__jarr));
  if (!fn.a) return r;
  memset(fn.a, 0, sizeof *fn.a);
  wm__jpush(x, fn.a, NULL, *v);
  none.n = none.nk = 0;
  return wm__jkind(wm__jcall(x, &fn, none.v, 0, none.kv, none.kn, none.kl, 0), WM__JK_GEN_ITEMS);
}

static wm__jv wm__jf_select(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  const wm__jv *a0 = a->n ? &a->v[0] : NULL;
  wm__jv r = wm__jval(WM__JV_UNDEF);
  int i;
  int attr = name[6] == 'a', keep = name[0] == 's';
  wm__jv l;
  (void)nl; /* (unused here) */
  if (wm__jlazy_bad(x, v, WM__JK_GEN_SELECT, 0, &r)) return r;
  l = wm__jlist_of(x, v);
  r = wm__jnew(x, WM__JV_LIST);
  for (i = 0; l.a && i < l.a->n && !x->err; i++) {
    wm__jv it = attr ? (a0 ? wm__jpath(x, &l.a->v[i], a0) : wm__jval(WM__JV_UNDEF)) : l.a->v[i];
    int k = attr ? 1 : 0, ok;
    if (a->n > k && a->v[k].t == WM__JV_STR) {
      wm__jargs ta;
      int j;
      ta.n = ta.nk = 0;
      for (j = k + 1; j < a->n; j++) ta.v[ta.n++] = a->v[j];
      ok = wm__jtest(x, &it, a->v[k].s, a->v[k].n, &ta);
    } else ok = wm__jtruthy(&it);
    if (ok == keep) wm__jpush(x, r.a, NULL, l.a->v[i]);
  }
  return wm__jkind(r, WM__JK_GEN_SELECT);
}

static wm__jv wm__jf_map(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  const wm__jv *a0 = a->n ? &a->v[0] : NULL;
  wm__jv r = wm__jval(WM__JV_UNDEF);
  int i;
  wm__jv l;
  (void)name; (void)nl; /* (unused here) */
  if (wm__jlazy_bad(x, v, WM__JK_GEN_MAP, 0, &r)) return r;
  l = wm__jlist_of(x, v);
  const wm__jv *at = wm__jkw(a, "attribute", -1), *dflt = wm__jkw(a, "default", -1);
  r = wm__jnew(x, WM__JV_LIST);
  for (i = 0; l.a && i < l.a->n && !x->err; i++) {
    wm__jv it;
    if (at) { it = wm__jpath(x, &l.a->v[i], at); if (it.t == WM__JV_UNDEF && dflt) it = *dflt; }
    else if (a0 && a0->t == WM__JV_STR) {
      wm__jargs fa;
      int j;
      fa.n = fa.nk = 0;
      for (j = 1; j < a->n; j++) fa.v[fa.n++] = a->v[j];
      it = wm__jfilter(x, &l.a->v[i], a0->s, a0->n, &fa);
    } else it = l.a->v[i];
    wm__jpush(x, r.a, NULL, it);
  }
  return wm__jkind(r, WM__JK_GEN_MAP);
}

static wm__jv wm__jf_unique(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) { /* jinja2's: a set of the keys (strings lowered unless case_sensitive), the first item of each */
  wm__jv r = wm__jval(WM__JV_UNDEF);
  int i;
  wm__jv l, *keys;
  const wm__jv *cs = wm__jkw(a, "case_sensitive", 0), *at = wm__jkw(a, "attribute", 1);
  int cap = 16, *hx, lower = !(cs && wm__jtruthy(cs));
  (void)name; (void)nl; /* (unused here) */
  if (wm__jlazy_bad(x, v, WM__JK_GEN_UNIQUE, 0, &r)) return r;
  l = wm__jlist_of(x, v);
  r = wm__jnew(x, WM__JV_LIST);
  if (!l.a || x->err) return r;
  while (cap < 2 * l.a->n) cap *= 2;
  hx = (int *)wm__jalloc(x, sizeof(int) * (size_t)cap);
  keys = (wm__jv *)wm__jalloc(x, sizeof(wm__jv) * (size_t)(l.a->n + 1));
  if (!hx || !keys) return r;
  memset(hx, 0, sizeof(int) * (size_t)cap);
  for (i = 0; i < l.a->n && !x->err; i++) {
    wm__jv k = at ? wm__jpath(x, &l.a->v[i], at) : l.a->v[i];
    uint64_t h = WM__FNV_INIT;
    unsigned p;
    if (k.t == WM__JV_LIST || k.t == WM__JV_DICT) { /* jinja2's unique yields the items before it, then fails */
      char msg[48];
      wm__fmt(msg, sizeof msg, "unhashable type: '%s'", wm__jtype(&k));
      return wm__jbroken_after(x, r, WM__JK_GEN_UNIQUE, msg);
    }
    if (k.t == WM__JV_STR && lower) k = wm__jcase(x, &k, 2);
    if (k.t == WM__JV_STR) h = wm__fnv_bytes(h, k.s, k.n);
    else if (wm__jnum(&k)) { double d = wm__jf(&k) + 0.0; h = wm__fnv_bytes(h ^ 1, &d, sizeof d); } /* 1 == 1.0 == True */
    else h ^= (uint64_t)k.t;
    for (p = (unsigned)(h ^ (h >> 32)) & (unsigned)(cap - 1); hx[p] && !wm__jeq(x, &keys[hx[p] - 1], &k); p = (p + 1) & (unsigned)(cap - 1)) {}
    if (hx[p]) continue;
    keys[r.a->n] = k;
    hx[p] = r.a->n + 1;
    wm__jpush(x, r.a, NULL, l.a->v[i]);
  }
  return wm__jkind(r, WM__JK_GEN_UNIQUE);
}

static wm__jv wm__jf_number(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  const wm__jv *dflt = wm__jkw(a, "default", 0);
  long long k = 0;
  double f = 0.0;
  int got = wm__jnum(v) ? (v->t == WM__JV_FLOAT ? 2 : 1) : v->t == WM__JV_STR ? wm__jparse_num(x, v, &k, &f) : 0;
  if (v->t == WM__JV_UNDEF) { wm__jfail(x, "%.*s of an undefined value (jinja2: UndefinedError)", (int)nl, name); return r; }
  if (got == 1 && v->t != WM__JV_STR) k = v->i;
  if (got == 2 && v->t == WM__JV_FLOAT) f = v->f;
  if (name[0] == 'f') return got ? wm__jflt(got == 1 ? (double)k : f) : dflt ? *dflt : wm__jflt(0.0);
  if (got == 2) { /* int(float): toward zero; beyond 64 bits refused (Python's integers are not bounded), inf/nan fail as in Python */
    if (f != f || f >= 9223372036854775808.0 || f < -9223372036854775808.0) { wm__jfail(x, f != f ? "cannot convert float NaN to integer" : "an integer beyond 64 bits"); return r; }
    return wm__jint((long long)f);
  }
  return got ? wm__jint(k) : dflt ? *dflt : wm__jint(0);
}

static wm__jv wm__jf_abs(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  (void)name; (void)nl; (void)a; /* (unused here) */
  if (v->t == WM__JV_FLOAT) return wm__jflt(fabs(v->f));
  if (v->t != WM__JV_INT && v->t != WM__JV_BOOL) { wm__jfail(x, "bad operand type for abs(): '%s'", wm__jtype(v)); return r; }
  if (v->i == (-9223372036854775807LL - 1)) { wm__jfail(x, "an integer beyond 64 bits"); return r; }
  return wm__jint(v->i < 0 ? -v->i : v->i);
}

static wm__jv wm__jf_indent(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  wm__jv r = wm__jval(WM__JV_UNDEF);
  const wm__jv *w = wm__jkw(a, "width", 0), *first = wm__jkw(a, "first", 1);
  long long width = w && w->t == WM__JV_INT ? w->i : 4;
  wm__jsb sb = {x, NULL, 0, 0}, src = {x, NULL, 0, 0};
  size_t j, st = 0;
  char *pad;
  (void)name; (void)nl; /* (unused here) */
  if (w && w->t == WM__JV_STR) { wm__jfail(x, "indent: a string width is not supported"); return r; }
  if (v->t != WM__JV_STR) { wm__jfail(x, "indent: a string expected, not '%s' (jinja2: TypeError)", wm__jtype(v)); return r; }
  if (width < 0) width = 0;
  if (width > (long long)WM__J_OUT) { wm__jfail(x, "indent: a width past the output limit"); return r; }
  if (!(pad = (char *)wm__jalloc(x, (size_t)width + 1))) return r;
  memset(pad, ' ', (size_t)width);
  wm__jto_str(&src, v, 0);
  if (first && wm__jtruthy(first)) wm__jsb_put(&sb, pad, (size_t)width);
  for (j = 0; j < src.n && !x->err; j++)
      if (src.p[j] == '\n' && j + 1 < src.n && src.p[j + 1] != '\n') { wm__jsb_put(&sb, src.p + st, j + 1 - st); wm__jsb_put(&sb, pad, (size_t)width); st = j + 1; }
  wm__jsb_put(&sb, src.p + st, src.n - st);
  return wm__jstr(sb.p ? sb.p : "", sb.n);
}

static wm__jv wm__jfilter_now(wm__jx *x, const wm__jv *v, const char *name, size_t nl, const wm__jargs *a) {
  static const struct { const char *name; wm__jfilter_fn fn; } filters[] = {
    {"safe", wm__jf_safe}, {"trim", wm__jf_trim}, {"string", wm__jf_string}, {"tojson", wm__jf_tojson},
    {"length", wm__jf_length}, {"count", wm__jf_length}, {"list", wm__jf_list}, {"first", wm__jf_first_last},
    {"last", wm__jf_first_last}, {"reverse", wm__jf_reverse}, {"join", wm__jf_join}, {"upper", wm__jf_case},
    {"lower", wm__jf_case}, {"title", wm__jf_case}, {"capitalize", wm__jf_case}, {"replace", wm__jf_replace},
    {"default", wm__jf_default}, {"d", wm__jf_default}, {"items", wm__jf_items}, {"selectattr", wm__jf_select},
    {"rejectattr", wm__jf_select}, {"select", wm__jf_select}, {"reject", wm__jf_select}, {"map", wm__jf_map},
    {"unique", wm__jf_unique}, {"int", wm__jf_number}, {"float", wm__jf_number}, {"abs", wm__jf_abs},
    {"indent", wm__jf_indent}};
  size_t k;
  if (!wm__jstep(x, 1)) return wm__jval(WM__JV_UNDEF);
  for (k = 0; k < sizeof filters / sizeof filters[0]; k++)
      if (wm__jname_is(name, nl, filters[k].name)) return filters[k].fn(x, v, name, nl, a);
  wm__jfail(x, "the filter '%.*s' is not supported", (int)nl, name);
  return wm__jval(WM__JV_UNDEF);
}

/* ---- statements ------------------------------------------------------------------ */
static void wm__jemit(wm__jx *x, const char *s, size_t n) {
  if (!n) return;
  if (x->len + n > WM__J_OUT) { wm__jfail(x, "the rendering exceeds %u MB", (unsigned)(WM__J_OUT >> 20)); return; }
  if (x->len + n > x->cap) {
    size_t cap = 2 * (x->len + n) + 256;
    char *o = (char *)WM_MALLOC(cap);
    if (!o) { wm__jfail(x, "out of memory (the rendering)"); return; }
    if (x->len) memcpy(o, x->out, x->len);
    if (x->out) WM_FREE(x->out);
    x->out = o;
    x->cap = cap;
  }
  memcpy(x->out + x->len, s, n);
  x->len += n;
}

enum { WM__JE_EOF, WM__JE_ELIF, WM__JE_ELSE, WM__JE_ENDIF, WM__JE_ENDFOR, WM__JE_ENDSET };
static int wm__jblock(wm__jx *x, int skip);

static void wm__jassign(wm__jx *x, const char *s, size_t n, wm__jv v) { wm__jput(x, x->scope[x->nscope - 1], s, n, v); }

static void wm__jstmt_if(wm__jx *x, int skip) {
  wm__jv c = wm__jor(x, skip);
  int done, taken, r;
  wm__jexpect(x, WM__JT_BLKEND, NULL);
  taken = !skip && wm__jtruthy(&c);
  done = taken;
  r = wm__jblock(x, skip || !taken);
  while (r == WM__JE_ELIF && !x->err) {
    c = wm__jor(x, skip || done);
    wm__jexpect(x, WM__JT_BLKEND, NULL);
    taken = !skip && !done && wm__jtruthy(&c);
    r = wm__jblock(x, skip || !taken);
    done |= taken;
  }
  if (r == WM__JE_ELSE && !x->err) {
    wm__jexpect(x, WM__JT_BLKEND, NULL);
    r = wm__jblock(x, skip || done);
  }
  if (!x->err && r != WM__JE_ENDIF) wm__jfail(x, "{%% if %%} without its {%% endif %%}");
  wm__jexpect(x, WM__JT_BLKEND, NULL);
}

static void wm__jloop_scope(wm__jx *x, int body, int set_block, wm__jv *uses, wm__jv *undef);
/* a block in a scope and frame of its own, as a loop body's in jinja2 (kind: wm__jloop_scope's; 2: a for's
   else, whose sets are not seen after the loop; 1: a {% set %} block's): a name it stores first, no enclosing
   frame using it, starts undefined. After the block's end tag; returns how the block ended, -1 when it could
   not start */
static int wm__jframed_block(wm__jx *x, int skip, int kind) {
  wm__jv own = wm__jnew(x, WM__JV_DICT), uses, undef;
  int framed = 0, u, r;
  if (x->nscope == WM__J_DEPTH || x->nframes == WM__J_DEPTH || !own.a) { wm__jfail(x, kind == 2 ? "loops nested too deep" : "blocks nested too deep"); return -1; }
  if (!skip && !x->err) {
    wm__jloop_scope(x, x->pos, kind, &uses, &undef);
    if (x->err || !uses.a || !undef.a) return -1;
    for (u = 0; u < undef.a->n; u++) wm__jput(x, own.a, undef.a->v[u].s, undef.a->v[u].n, wm__jval(WM__JV_UNDEF));
    x->frames[x->nframes++] = uses.a;
    framed = 1;
  }
  x->scope[x->nscope++] = own.a;
  r = wm__jblock(x, skip);
  x->nscope--;
  x->nframes -= framed;
  return r;
}

/* a for's else body (skip: the loop had items); returns how the block ended */
static int wm__jfor_else(wm__jx *x, int skip) {
  int r;
  wm__jexpect(x, WM__JT_BLKEND, NULL);
  r = wm__jframed_block(x, skip, 2);
  return r < 0 ? WM__JE_EOF : r;
}
static void wm__jstmt_for(wm__jx *x, int skip) {
  wm__jtok *t1 = wm__jcur(x), *t2 = NULL;
  int cond_at = -1, body, r, i, n_items, paren = wm__jaccept(x, WM__JT_OP, "("), u;
  wm__jv seq, items, scope, loop, uses, undef;
  t1 = wm__jcur(x);
  if (!wm__jexpect(x, WM__JT_NAME, NULL)) return;
  if (wm__jaccept(x, WM__JT_OP, ",")) { t2 = wm__jcur(x); if (!wm__jexpect(x, WM__JT_NAME, NULL)) return; }
  if (paren) wm__jexpect(x, WM__JT_OP, ")");
  wm__jexpect(x, WM__JT_NAME, "in");
  seq = wm__jor(x, skip);
  if (wm__jaccept(x, WM__JT_NAME, "if")) { cond_at = x->pos; wm__jor(x, 1); }
  if (wm__jis(x, WM__JT_NAME, "recursive")) { wm__jfail(x, "{%% for ... recursive %%} is not supported"); return; }
  wm__jexpect(x, WM__JT_BLKEND, NULL);
  body = x->pos;
  if (skip || x->err) {
    r = wm__jblock(x, 1);
    if (r == WM__JE_ELSE) { wm__jexpect(x, WM__JT_BLKEND, NULL); r = wm__jblock(x, 1); }
    if (!x->err && r != WM__JE_ENDFOR) wm__jfail(x, "{%% for %%} without its {%% endfor %%}");
    wm__jexpect(x, WM__JT_BLKEND, NULL);
    return;
  }
  if (seq.t == WM__JV_NONE) { wm__jfail(x, "'NoneType' object is not iterable"); return; }
  seq = wm__jlist_of(x, &seq);
  if (x->err) return;
  if (x->nscope == WM__J_DEPTH) { wm__jfail(x, "loops nested too deep"); return; }
  items = wm__jnew(x, WM__JV_LIST); /* the items the if filter keeps */
  scope = wm__jnew(x, WM__JV_DICT);   /* the names of one iteration: one dict, emptied for each (memory stays flat) */
  loop = wm__jnew(x, WM__JV_DICT);
  wm__jloop_scope(x, body, 0, &uses, &undef);
  if (x->err || x->nframes == WM__J_DEPTH) { wm__jfail(x, "loops nested too deep"); return; }
  for (i = 0; seq.a && i < seq.a->n && !x->err; i++) {
    int keep = 1;
    if (cond_at >= 0) {
      int save = x->pos;
      wm__jv c;
      scope.a->n = 0; scope.a->hx = NULL;
      x->scope[x->nscope++] = scope.a;
      if (t2) {
        wm__jv k0 = wm__jint(0), k1 = wm__jint(1);
        wm__jassign(x, t1->s, t1->n, wm__jindex(x, &seq.a->v[i], &k0));
        wm__jassign(x, t2->s, t2->n, wm__jindex(x, &seq.a->v[i], &k1));
      } else wm__jassign(x, t1->s, t1->n, seq.a->v[i]);
      x->pos = cond_at;
      c = wm__jor(x, 0);
      keep = wm__jtruthy(&c);
      x->pos = save;
      x->nscope--;
    }
    if (keep) wm__jpush(x, items.a, NULL, seq.a->v[i]);
  }
  n_items = items.a ? items.a->n : 0;
  r = WM__JE_EOF;
  x->frames[x->nframes++] = uses.a;
  for (i = 0; i < n_items && !x->err; i++) {
    wm__jv it = items.a->v[i];
    x->pos = body;
    scope.a->n = 0; scope.a->hx = NULL;
    x->scope[x->nscope++] = scope.a;
    for (u = 0; u < undef.a->n; u++) wm__jput(x, scope.a, undef.a->v[u].s, undef.a->v[u].n, wm__jval(WM__JV_UNDEF));
    wm__jput(x, loop.a, "index", 5, wm__jint(i + 1));
    wm__jput(x, loop.a, "index0", 6, wm__jint(i));
    wm__jput(x, loop.a, "revindex", 8, wm__jint(n_items - i));
    wm__jput(x, loop.a, "revindex0", 9, wm__jint(n_items - i - 1));
    wm__jput(x, loop.a, "first", 5, wm__jbool(i == 0));
    wm__jput(x, loop.a, "last", 4, wm__jbool(i == n_items - 1));
    wm__jput(x, loop.a, "length", 6, wm__jint(n_items));
    wm__jput(x, loop.a, "depth", 5, wm__jint(1));
    wm__jput(x, loop.a, "depth0", 6, wm__jint(0));
    wm__jput(x, loop.a, "previtem", 8, i ? items.a->v[i - 1] : wm__jval(WM__JV_UNDEF));
    wm__jput(x, loop.a, "nextitem", 8, i + 1 < n_items ? items.a->v[i + 1] : wm__jval(WM__JV_UNDEF));
    wm__jassign(x, "loop", 4, loop);
    if (t2) {
      wm__jv k0 = wm__jint(0), k1 = wm__jint(1);
      wm__jassign(x, t1->s, t1->n, wm__jindex(x, &it, &k0));
      wm__jassign(x, t2->s, t2->n, wm__jindex(x, &it, &k1));
    } else wm__jassign(x, t1->s, t1->n, it);
    r = wm__jblock(x, 0);
    x->nscope--;
    if (x->brk == 1) { x->brk = 0; break; }
    x->brk = 0;
  }
  x->nframes--;
  if (x->err) return;
  if (n_items == 0) { x->pos = body; r = wm__jblock(x, 1); }
  else if (i < n_items || r == WM__JE_EOF) { x->pos = body; r = wm__jblock(x, 1); } /* after a break: read past the body */
  if (r == WM__JE_ELSE) r = wm__jfor_else(x, n_items != 0);
  if (!x->err && r != WM__JE_ENDFOR) wm__jfail(x, "{%% for %%} without its {%% endfor %%}");
  wm__jexpect(x, WM__JT_BLKEND, NULL);
}

static void wm__jstmt_set(wm__jx *x, int skip) {
  wm__jtok *t = wm__jcur(x), *attr = NULL;
  wm__jv v;
  if (!wm__jexpect(x, WM__JT_NAME, NULL)) return;
  if (wm__jaccept(x, WM__JT_OP, ".")) { attr = wm__jcur(x); if (!wm__jexpect(x, WM__JT_NAME, NULL)) return; }
  if (wm__jaccept(x, WM__JT_OP, "=")) {
    v = wm__jexpr(x, skip);
    wm__jexpect(x, WM__JT_BLKEND, NULL);
  } else { /* {% set x %}...{% endset %}: what the block renders (its body a scope of its own, as jinja2's) */
    size_t at = x->len;
    int r;
    wm__jexpect(x, WM__JT_BLKEND, NULL);
    if ((r = wm__jframed_block(x, skip, 1)) < 0) return;
    if (!x->err && r != WM__JE_ENDSET) wm__jfail(x, "{%% set %%} block without its {%% endset %%}");
    wm__jexpect(x, WM__JT_BLKEND, NULL);
    v = wm__jstr(wm__jdup(x, x->out ? x->out + at : "", x->len - at), x->len - at);
    x->len = at;
  }
  if (skip || x->err) return;
  if (attr) {
    wm__jv ns = wm__jlookup(x, t->s, t->n);
    if (ns.t != WM__JV_DICT || !ns.ns) { wm__jfail(x, "{%% set %.*s.%.*s %%}: only a namespace's attributes can be set", (int)t->n, t->s, (int)attr->n, attr->s); return; }
    wm__jput(x, ns.a, attr->s, attr->n, v);
  } else wm__jassign(x, t->s, t->n, v);
}

/* runs (or, with skip, reads) statements up to the tag that ends the block:
   returns it (WM__JE_*), the position after its keyword */
static int wm__jblock(wm__jx *x, int skip) {
  static const char *const ends[] = {"", "elif", "else", "endif", "endfor", "endset"};
  int r;
  if (++x->depth > WM__J_DEPTH) { x->depth--; wm__jfail(x, "blocks nested too deep"); return WM__JE_EOF; }
  while (!x->err) {
    wm__jtok *k = wm__jcur(x);
    int sk = skip || x->brk;
    if (!wm__jstep(x, 1)) break;
    if (k->t == WM__JT_EOF) break;
    if (k->t == WM__JT_TEXT) { if (!sk) wm__jemit(x, k->s, k->n); x->pos++; continue; }
    if (k->t == WM__JT_VAR) {
      wm__jv v;
      x->pos++;
      v = wm__jexpr(x, sk);
      wm__jexpect(x, WM__JT_VAREND, NULL);
      if (!sk && !x->err) {
        if (v.t == WM__JV_STR) wm__jemit(x, v.s, v.n);
        else { wm__jsb sb = {x, NULL, 0, 0}; wm__jto_str(&sb, &v, 0); if (sb.n) wm__jemit(x, sb.p, sb.n); }
      }
      continue;
    }
    if (k->t != WM__JT_BLK) { wm__jfail(x, "unexpected '%.*s'", (int)k->n, k->s); break; }
    x->pos++;
    k = wm__jcur(x);
    if (!wm__jexpect(x, WM__JT_NAME, NULL)) break;
    for (r = 1; r < (int)(sizeof ends / sizeof ends[0]); r++)
        if (wm__jname_is(k->s, k->n, ends[r])) break;
    if (r < (int)(sizeof ends / sizeof ends[0])) { x->depth--; return r; }
    if (wm__jname_is(k->s, k->n, "if")) wm__jstmt_if(x, sk);
    else if (wm__jname_is(k->s, k->n, "for")) wm__jstmt_for(x, sk);
    else if (wm__jname_is(k->s, k->n, "set")) wm__jstmt_set(x, sk);
    else if (wm__jname_is(k->s, k->n, "break") || wm__jname_is(k->s, k->n, "continue")) {
      if (!sk) x->brk = k->s[0] == 'b' ? 1 : 2;
      wm__jexpect(x, WM__JT_BLKEND, NULL);
    } else if (wm__jname_is(k->s, k->n, "generation") || wm__jname_is(k->s, k->n, "endgeneration")) /* transformers' assistant-mask markers: nothing to render */
        wm__jexpect(x, WM__JT_BLKEND, NULL);
    else wm__jfail(x, "{%% %.*s %%} is not supported (wm.h renders if/for/set/break/continue)", (int)(k->n > 30 ? 30 : k->n), k->s);
  }
  x->depth--;
  return WM__JE_EOF;
}

/* ---- jinja2's scoping of the template's own top level ----------------------------
   jinja2 compiles the top level's names as locals: one whose first use there
   (in template order, outside loop and set-block bodies, every branch of an if
   storing it) is a {% set %} starts undefined, hiding the context's value, so a
   loop before the set sees it undefined. A first use that reads it, or a set
   in only some branches, starts it from the context (wm.h's lookup as is).
   This pass reads the tags (not the expressions' structure) and binds the
   former to undefined in the context before rendering. */
enum { WM__JS_NONE = 0, WM__JS_LOAD = 1, WM__JS_STORE = 2 };
typedef struct wm__jscope { wm__jx *x; int depth; } wm__jscope; /* the pass's state; its dicts map a name to WM__JS_* (an INT) */

static void wm__js_mark(wm__jscope *c, wm__jarr *into, const wm__jtok *k, int what) {
  wm__jv *o = wm__jget(into, k->s, k->n);
  if (!o) wm__jput(c->x, into, k->s, k->n, wm__jint(what));
}
/* the names an expression reads, from tokens [i, end): a NAME not after '.', '|' or `is [not]`, not a
   keyword argument, not a keyword */
static void wm__js_loads(wm__jscope *c, wm__jarr *into, int i, int end) {
  static const char *const kw[] = {"and", "or", "not", "in", "is", "if", "else", "true", "false", "none", "True", "False", "None", "recursive"};
  for (; i < end; i++) {
    const wm__jtok *k = &c->x->tk[i], *p = i ? &c->x->tk[i - 1] : NULL, *n = &c->x->tk[i + 1];
    size_t q;
    int skip = 0;
    if (k->t != WM__JT_NAME) continue;
    for (q = 0; q < sizeof kw / sizeof kw[0]; q++) if (wm__jname_is(k->s, k->n, kw[q])) skip = 1;
    if (p && p->t == WM__JT_OP && p->n == 1 && (p->s[0] == '.' || p->s[0] == '|')) skip = 1;
    if (p && p->t == WM__JT_NAME && (wm__jname_is(p->s, p->n, "is") || (wm__jname_is(p->s, p->n, "not") && i > 1 && wm__jname_is(c->x->tk[i - 2].s, c->x->tk[i - 2].n, "is")))) skip = 1;
    if (n->t == WM__JT_OP && n->n == 1 && n->s[0] == '=') skip = 1;
    if (!skip) wm__js_mark(c, into, k, WM__JS_LOAD);
  }
}
/* the end of the tag whose first token is at i (its BLKEND or VAREND) */
static int wm__js_tag_end(const wm__jx *x, int i) {
  while (i < x->ntk && x->tk[i].t != WM__JT_BLKEND && x->tk[i].t != WM__JT_VAREND && x->tk[i].t != WM__JT_EOF) i++;
  return i;
}
/* the statements from token i at the top level (into: this branch's first uses), up to a tag named
   in stop (its position returned, at its keyword) or the end */
static int wm__js_block(wm__jscope *c, wm__jarr *into, int i, const char *const *stop, int nstop);
/* past the body of a loop or set block at i: its nested loops and blocks skipped whole */
static int wm__js_skip(wm__jx *x, int i, const char *open, const char *close) {
  int depth = 1;
  for (; i < x->ntk && x->tk[i].t != WM__JT_EOF; i++) {
    const wm__jtok *k = &x->tk[i];
    if (x->tk[i > 0 ? i - 1 : 0].t != WM__JT_BLK || k->t != WM__JT_NAME) continue;
    if (wm__jname_is(k->s, k->n, close) && --depth == 0) return i;
    if (wm__jname_is(k->s, k->n, open)) {
      int e = wm__js_tag_end(x, i); /* a {% set x = ... %} opens nothing */
      int j, eq = 0;
      for (j = i; j < e; j++) eq |= x->tk[j].t == WM__JT_OP && x->tk[j].n == 1 && x->tk[j].s[0] == '=';
      if (!eq) depth++;
    }
  }
  return i;
}
static int wm__js_block(wm__jscope *c, wm__jarr *into, int i, const char *const *stop, int nstop) {
  wm__jx *x = c->x;
  while (i < x->ntk && x->tk[i].t != WM__JT_EOF && !x->err) {
    const wm__jtok *k = &x->tk[i];
    int e, s;
    if (k->t == WM__JT_VAR) { e = wm__js_tag_end(x, i); wm__js_loads(c, into, i + 1, e); i = e + 1; continue; }
    if (k->t != WM__JT_BLK || x->tk[i + 1].t != WM__JT_NAME) { i++; continue; }
    k = &x->tk[i + 1];
    e = wm__js_tag_end(x, i);
    for (s = 0; s < nstop; s++) if (wm__jname_is(k->s, k->n, stop[s])) return i + 1;
    if (wm__jname_is(k->s, k->n, "if")) { /* each branch its own first uses; a store in every branch counts as a store */
      static const char *const ends[] = {"elif", "else", "endif"};
      wm__jv br[32];
      int nb = 0, has_else = 0, j, q, at;
      wm__js_loads(c, into, i + 2, e);
      at = e + 1;
      if (++c->depth > WM__J_DEPTH) return x->ntk; /* (the interpreter refuses it) */
      for (;;) {
        wm__jv b = wm__jnew(x, WM__JV_DICT);
        int kwi;
        if (x->err || nb == 32 || !wm__jstep(x, 1)) return x->ntk; /* (more elifs: the pass gives up, wm.h's own lookup stays) */
        at = wm__js_block(c, b.a, at, ends, 3);
        br[nb++] = b;
        if (at >= x->ntk || x->tk[at].t != WM__JT_NAME) return x->ntk;
        kwi = x->tk[at].s[1] == 'l' && x->tk[at].n == 4 ? (x->tk[at].s[2] == 'i' ? 0 : 1) : 2;
        if (kwi == 2) { at = wm__js_tag_end(x, at) + 1; break; }
        if (kwi == 1) has_else = 1;
        else wm__js_loads(c, into, at + 1, wm__js_tag_end(x, at));
        at = wm__js_tag_end(x, at) + 1;
      }
      for (j = 0; j < nb; j++) /* merge: a store in every branch (an else among them) is a store; anything else a load */
          for (q = 0; br[j].a && q < br[j].a->n; q++) {
            const wm__jv *name = &br[j].a->k[q];
            int all = has_else, m;
            if (wm__jget(into, name->s, name->n)) continue;
            for (m = 0; all && m < nb; m++) { wm__jv *o = wm__jget(br[m].a, name->s, name->n); all = o && o->i == WM__JS_STORE; }
            wm__jtok t;
            t.t = WM__JT_NAME; t.s = name->s; t.n = name->n;
            wm__js_mark(c, into, &t, all ? WM__JS_STORE : WM__JS_LOAD);
          }
      c->depth--;
      i = at;
      continue;
    }
    if (wm__jname_is(k->s, k->n, "for")) { /* the iterable is read here; the body and else are the loop's own */
      int j = i + 2, f;
      while (j < e && !(x->tk[j].t == WM__JT_NAME && wm__jname_is(x->tk[j].s, x->tk[j].n, "in"))) j++;
      for (f = j; f < e && !(x->tk[f].t == WM__JT_NAME && wm__jname_is(x->tk[f].s, x->tk[f].n, "if")); f++) {}
      wm__js_loads(c, into, j + 1, f);
      i = wm__js_skip(x, e + 1, "for", "endfor");
      i = wm__js_tag_end(x, i) + 1;
      continue;
    }
    if (wm__jname_is(k->s, k->n, "set") && x->tk[i + 2].t == WM__JT_NAME) { /* the value is read first, then the name stored */
      const wm__jtok *name = &x->tk[i + 2];
      int eq = i + 3;
      while (eq < e && !(x->tk[eq].t == WM__JT_OP && x->tk[eq].n == 1 && x->tk[eq].s[0] == '=')) eq++;
      if (eq < e) {
        wm__js_loads(c, into, eq + 1, e);
        if (x->tk[i + 3].t == WM__JT_OP && x->tk[i + 3].s[0] == '.') wm__js_mark(c, into, name, WM__JS_LOAD); /* ns.attr: reads ns */
        else wm__js_mark(c, into, name, WM__JS_STORE);
        i = e + 1;
      } else { /* {% set name %}...{% endset %} */
        wm__js_mark(c, into, name, WM__JS_STORE);
        i = wm__js_skip(x, e + 1, "set", "endset");
        i = wm__js_tag_end(x, i) + 1;
      }
      continue;
    }
    i = e + 1;
  }
  return i;
}
static void wm__jroot_scope(wm__jx *x, wm__jarr *ctx) {
  wm__jscope c;
  wm__jv seen = wm__jnew(x, WM__JV_DICT);
  int k;
  c.x = x;
  c.depth = 0;
  if (!seen.a) return;
  wm__js_block(&c, seen.a, 0, NULL, 0);
  for (k = 0; k < seen.a->n && !x->err; k++) /* stored first: undefined until the template sets it */
      if (seen.a->v[k].i == WM__JS_STORE) wm__jput(x, ctx, seen.a->k[k].s, seen.a->k[k].n, wm__jval(WM__JV_UNDEF));
  x->frames[x->nframes++] = seen.a;
}
/* a loop body's (set_block 1: a set block's, 2: a for's else body's) frame from token body: its first uses
   (*uses), and the names it stores first that no enclosing frame uses (*undef: undefined at each iteration's
   start until set, as jinja2's locals) */
static void wm__jloop_scope(wm__jx *x, int body, int set_block, wm__jv *uses, wm__jv *undef) {
  static const char *const stops[] = {"else", "endfor"}, *const set_stops[] = {"endset"}, *const else_stops[] = {"endfor"};
  wm__jscope c;
  int k, f;
  *uses = wm__jnew(x, WM__JV_DICT);
  *undef = wm__jnew(x, WM__JV_LIST);
  if (!uses->a || !undef->a) return;
  c.x = x; c.depth = 0;
  wm__js_block(&c, uses->a, body, set_block == 1 ? set_stops : set_block == 2 ? else_stops : stops, set_block ? 1 : 2);
  for (k = 0; k < uses->a->n && !x->err; k++) {
    const wm__jv *name = &uses->a->k[k];
    int outer = 0;
    if (uses->a->v[k].i != WM__JS_STORE) continue;
    for (f = 0; f < x->nframes && !outer; f++) outer = wm__jget(x->frames[f], name->s, name->n) != NULL;
    if (!outer) wm__jpush(x, undef->a, NULL, *name);
  }
}

/* the config's chat_template (a string, or a list of {name, template}: "default"), bos_token, eos_token */
static const char *wm__jconfig_str(wm__jx *x, const char *cfg, const char *e, const char *key, size_t *n) {
  const char *v = wm__j_get(cfg, e, key);
  char *s;
  if (v && *v == '{') v = wm__j_get(v, e, "content"); /* an AddedToken */
  if (!v || *v != '"') { *n = 0; return NULL; }
  *n = wm__j_str(v, e, NULL, 0);
  if (!(s = (char *)wm__jalloc(x, *n + 1))) return NULL;
  wm__j_str(v, e, s, *n + 1);
  return s;
}

WMDEF wm_status wm_chat_apply(const wm_chat_params *p, char *out, size_t cap, size_t *len, wm_error *err) {
  wm__jx *x;
  const char *tmpl = NULL, *bos = NULL, *eos = NULL;
  size_t tn = 0, bn = 0, en = 0;
  wm__jv ctx, msgs;
  wm_status st = WM_OK;
  if (!p || !len) return wm__fail(err, WM_ERR_INVALID_ARG, "chat template: params and len are required");
  *len = 0;
  if (!(x = (wm__jx *)WM_MALLOC(sizeof *x))) return wm__fail(err, WM_ERR_NOMEM, "chat template: out of memory");
  memset(x, 0, sizeof *x);
  x->now = p->now;
  ctx = wm__jnew(x, WM__JV_DICT);
  x->scope[x->nscope++] = ctx.a;
  if (p->config_json) { /* tokenizer_config.json */
    const char *e = p->config_json + p->config_bytes, *root = wm__j_ws(p->config_json, e), *ct;
    if (root >= e || *root != '{' || !wm__j_value(root, e, WM__JSON_DEPTH)) { wm__jfail(x, "tokenizer_config.json is not a JSON object"); goto done; }
    bos = wm__jconfig_str(x, root, e, "bos_token", &bn);
    eos = wm__jconfig_str(x, root, e, "eos_token", &en);
    ct = wm__j_get(root, e, "chat_template");
    if (ct && *ct == '[') { /* named templates: the one called "default" */
      wm__jit it;
      const char *item;
      for (wm__j_iter(&it, ct, e); wm__j_next(&it, NULL, &item);) {
        const char *nm = *item == '{' ? wm__j_get(item, e, "name") : NULL;
        if (nm && wm__j_eq(nm, e, "default")) ct = wm__j_get(item, e, "template");
      }
    }
    if (!p->template_text) {
      if (!ct || *ct != '"') { wm__jfail(x, "tokenizer_config.json has no chat_template"); goto done; }
      char *t;
      tn = wm__j_str(ct, e, NULL, 0);
      if ((t = (char *)wm__jalloc(x, tn + 1)) != NULL) wm__j_str(ct, e, t, tn + 1);
      tmpl = t;
    }
  }
  if (p->template_text) { tmpl = p->template_text; tn = p->template_bytes; }
  if (!tmpl) { wm__jfail(x, "no chat template (config_json or template_text)"); goto done; }
  if (bos) wm__jput(x, ctx.a, "bos_token", 9, wm__jstr(bos, bn));
  if (eos) wm__jput(x, ctx.a, "eos_token", 9, wm__jstr(eos, en));
  if (p->config_json) { /* the other special tokens transformers passes */
    const char *e = p->config_json + p->config_bytes, *root = wm__j_ws(p->config_json, e), *t;
    size_t k;
    if ((t = wm__jconfig_str(x, root, e, "unk_token", &k)) != NULL) wm__jput(x, ctx.a, "unk_token", 9, wm__jstr(t, k));
    if ((t = wm__jconfig_str(x, root, e, "pad_token", &k)) != NULL) wm__jput(x, ctx.a, "pad_token", 9, wm__jstr(t, k));
  }
  wm__jput(x, ctx.a, "tools", 5, wm__jval(WM__JV_NONE)); /* as apply_chat_template passes them */
  wm__jput(x, ctx.a, "documents", 9, wm__jval(WM__JV_NONE));
  if (p->context_json) { /* extra variables: tools, enable_thinking, date_string, ... */
    const char *e = p->context_json + p->context_bytes, *root = wm__j_ws(p->context_json, e);
    wm__jv c;
    int i;
    if (root >= e || *root != '{' || !wm__j_value(root, e, WM__JSON_DEPTH)) { wm__jfail(x, "the context is not a JSON object"); goto done; }
    c = wm__jfrom_json(x, root, e, 0);
    for (i = 0; c.a && i < c.a->n; i++) wm__jput(x, ctx.a, c.a->k[i].s, c.a->k[i].n, c.a->v[i]);
  }
  if (p->messages_json) {
    const char *e = p->messages_json + p->messages_bytes, *root = wm__j_ws(p->messages_json, e);
    if (root >= e || *root != '[' || !wm__j_value(root, e, WM__JSON_DEPTH)) { wm__jfail(x, "the messages are not a JSON array"); goto done; }
    msgs = wm__jfrom_json(x, root, e, 0);
  } else msgs = wm__jnew(x, WM__JV_LIST);
  wm__jput(x, ctx.a, "messages", 8, msgs);
  if (!wm__jget(ctx.a, "add_generation_prompt", 21)) wm__jput(x, ctx.a, "add_generation_prompt", 21, wm__jbool(p->add_generation_prompt));
  if (x->err || !wm__jlex(x, tmpl, tn)) goto done;
  wm__jroot_scope(x, ctx.a);
  if (wm__jblock(x, 0) != WM__JE_EOF && !x->err) {
    wm__jtok *k = &x->tk[x->pos - 1];
    wm__jfail(x, "{%% %.*s %%} without its opening tag", (int)k->n, k->s);
  }
done:
  if (x->err) st = wm__fail(err, x->err == 2 ? WM_ERR_TEMPLATE : x->mem_used >= WM__J_MEM ? WM_ERR_NOMEM : WM_ERR_FORMAT, "%s%s", x->err == 2 ? "" : "chat template: ", x->msg);
  else {
    *len = x->len;
    if (out && cap > x->len) { if (x->len) memcpy(out, x->out, x->len); out[x->len] = 0; }
    else if (out || cap) st = wm__fail(err, WM_ERR_INVALID_ARG, "chat template: the rendering takes %zu bytes, out has room for %zu", x->len + 1, cap);
    if (st == WM_OK) wm__ok(err);
  }
  while (x->mem) { wm__jblk *b = x->mem; x->mem = b->next; WM_FREE(b); }
  if (x->out) WM_FREE(x->out);
  WM_FREE(x);
  return st;
}
#endif

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

#if (defined(__unix__) || defined(__APPLE__)) && !defined(WM_NO_MMAP) && \
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
#include <errno.h>
#include <stdio.h>
#if (defined(__unix__) || defined(__APPLE__)) && \
    (defined(_XOPEN_SOURCE) || defined(_DEFAULT_SOURCE) || defined(_GNU_SOURCE) || defined(__APPLE__))
#include <limits.h>
#include <sys/stat.h>
#define WM__POSIX_FILES 1 /* lstat, realpath: symlinks and devices told apart */
#endif

WMDEF wm_status wm_file_create(wm_file_out *o, const char *path, wm_error *err) {
  int direct = 0;
  memset(o, 0, sizeof *o);
  if (!path || !*path) return wm__fail(err, WM_ERR_INVALID_ARG, "no output path");
  if (strlen(path) >= sizeof o->path - 4) return wm__fail(err, WM_ERR_INVALID_ARG, "%.64s...: path too long", path);
  memcpy(o->path, path, strlen(path) + 1);
#ifdef WM__POSIX_FILES
  {
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) { /* follow it: the file it names is the one written */
      char real[PATH_MAX];
      if (realpath(path, real) && strlen(real) < sizeof o->path - 4) memcpy(o->path, real, strlen(real) + 1);
      else direct = 1; /* dangling: fopen creates what it names */
    }
    if (!direct && stat(o->path, &st) == 0) {
      if (S_ISDIR(st.st_mode)) return wm__fail(err, WM_ERR_IO, "%s: is a directory", path);
      if (!S_ISREG(st.st_mode)) direct = 1; /* a device, FIFO or socket: written through, never replaced */
    }
  }
#endif
  if (!direct) wm__fmt(o->tmp, sizeof o->tmp, "%s.tmp", o->path);
  o->f = fopen(direct ? o->path : o->tmp, "wb");
  if (!o->f) {
    int e = errno;
    o->tmp[0] = 0;
    return wm__fail(err, WM_ERR_IO, "%s: cannot create%s (%s)", path, direct ? "" : " its temporary file", strerror(e));
  }
  return WM_OK;
}

WMDEF wm_status wm_file_close(wm_file_out *o, int commit, wm_error *err) {
  int ok = 1, e = 0;
  if (!o->f) return WM_OK;
  if (fflush(o->f) != 0) ok = 0, e = errno;
  if (fclose(o->f) != 0 && ok) ok = 0, e = errno;
  o->f = NULL;
  if (!commit || !ok) {
    if (o->tmp[0]) remove(o->tmp);
    o->tmp[0] = 0;
    return ok ? WM_OK : wm__fail(err, WM_ERR_IO, "%s: write failed (%s)", o->path, strerror(e));
  }
  if (o->tmp[0] && rename(o->tmp, o->path) != 0) {
    e = errno;
    remove(o->tmp);
    o->tmp[0] = 0;
    return wm__fail(err, WM_ERR_IO, "%s: cannot rename into place (%s)", o->path, strerror(e));
  }
  o->tmp[0] = 0;
  return WM_OK;
}

static int wm__file_sink(void *f, const void *p, size_t n) { return fwrite(p, 1, n, (FILE *)f) == n; }

/* Streams the session through wm_file_create, so no partial file is left. */
WMDEF wm_status wm_session_save_file(wm_session *s, const wm_sampler *smp, const float *logits, const char *path) {
  wm_file_out o;
  wm_error e;
  size_t size = 0;
  wm__blob_io io;
  int ok;
  if (!s || !path) return WM_ERR_INVALID_ARG;
  if (wm_file_create(&o, path, &e) != WM_OK) return wm__serr(s, e.status, "%s", e.message);
  memset(&io, 0, sizeof io);
  io.sink = wm__file_sink;
  io.sink_ctx = o.f;
  ok = wm__session_save(s, smp, logits, &io, &size) == WM_OK;
  if (!ok) {
    int en = errno;
    wm_file_close(&o, 0, &e);
    return wm__serr(s, WM_ERR_IO, "%s: write failed (%s)", path, strerror(en));
  }
  if (wm_file_close(&o, 1, &e) != WM_OK) return wm__serr(s, e.status, "%s", e.message);
  return WM_OK;
}
#endif

/* ========================================================================
   [@UNICODE] Unicode tables and their lookups (an appendix). Generated by
   tools/gen_unicode.py (character classes and Lowercase of Unicode 16.0,
   NFC/NFKC of 15.0); the tokenizer uses them through the functions
   declared at its start.
   ======================================================================== */

/* A packed table: n records of w characters, 2^k records per string chunk;
   every value base-91 digits (printable ASCII but " ? and backslash, least
   significant first), code points of plane 14 stored in plane 4; ix: for
   each block of 256 code points of the BMP, the first record at or past it
   (by its code point, or a range's by its last). */
typedef struct wm__uct { const char *const *s; const char *ix; int n, w, k, ranges; } wm__uct; /* ranges: [lo, hi - lo (2 digits)], ix by hi */

/* a digit's value, by its character - 33 */
static const unsigned char wm__uc_digit[94] = { /* (" ? and backslash are no digit) */
   0,  0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
  23, 24, 25, 26, 27, 28,  0, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45,
  46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56,  0, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68,
  69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90};

/* the value of nd digits at p */
static uint32_t wm__uc_num(const unsigned char *p, int nd) {
  uint32_t v = 0;
  while (nd--) v = v * 91 + wm__uc_digit[p[nd] - 33];
  return v;
}
/* field of record r at character offset at, nd digits (a code point: 3) */
static uint32_t wm__uc_get(const wm__uct *t, int r, int at, int nd) {
  return wm__uc_num((const unsigned char *)t->s[r >> t->k] + (r & ((1 << t->k) - 1)) * t->w + at, nd);
}
static uint32_t wm__uc_cp(const wm__uct *t, int r, int at) { uint32_t v = wm__uc_get(t, r, at, 3); return v < 0x40000u ? v : v + 0xa0000u; }
static uint32_t wm__uc_hi(const wm__uct *t, int r) { return wm__uc_cp(t, r, 0) + wm__uc_get(t, r, 3, 2); } /* a range's last */
/* the records a search for cp needs: [*lo, *hi] */
static void wm__uc_bounds(const wm__uct *t, uint32_t cp, int *lo, int *hi) {
  const unsigned char *p = (const unsigned char *)t->ix + 2 * (cp >> 8);
  int next;
  *lo = 0; *hi = t->n - 1;
  if (cp >= 0x10000) return;
  *lo = (int)wm__uc_num(p, 2);
  next = (int)wm__uc_num(p + 2, 2) - !t->ranges; /* (a range there may start in this block) */
  if (next < *hi) *hi = next;
}

/* BEGIN UNICODE TABLES: generated by tools/gen_unicode.py from UnicodeData.txt, PropList.txt and
   CompositionExclusions.txt, DerivedCoreProperties.txt: classes and lowercase of Unicode 16.0.0, normalization of
   Unicode 15.0.0 (as the tokenizers library has them): 677 letter, 144 number, 10 White_Space,
   796 word (\w), 198 punctuation, 236 symbol, 321 mark, 662 Ll and 654 Lu/Lt ranges; 388 combining-class runs,
   5857 decompositions, 941 canonical compositions. Do not edit. */
static const char *const wm__uc_letter_s[2] = { /* [lo, hi - lo] ranges */
  "e!!;!(#!;!s#!!!~#!!!&$!!!,$!8!E$!A!f$!$'m)!-!**!&!6*!!!8*!!!a+!&!g+!#!k+!%!p+!!!w+!!!y+!$!}+!!!!,!5!7,!v!0-!R#j.!n#Z0!H!&1!!!-1!K!C2!<!c2!%!73!M!*4!#!-4!)#65!!!G5!#!P5!#!]5!$!b5!!!s5!!!u5!@!T6!|!^7!!!"
  "w7!C!E8!#!K8!!!Q8!7!l8!!!v8!!!z8!!!59!:!V9!,!g9!9!#:!'!::!L!D;!X!~;!!!4<!!!<<!+!V<!1!k<!)!u<!#!y<!7!3=!(!;=!!!@=!%!G=!!!X=!!!g=!#!j=!$!{=!#!*>!!!3>!'!=>!#!B>!7!Y>!(!b>!#!e>!#!h>!#!,@!%!1@!!!F@!$!Y@!*!"
  "d@!$!h@!7!!A!(!*A!#!-A!&!5A!!!IA!!!YA!#!sA!!!!B!)!,B!#!0B!7!HB!(!PB!#!SB!&![B!!!{B!#!~B!$!3C!!!FC!!!HC!'!QC!$!UC!%!]C!#!`C!!!bC!#!gC!#!lC!$!rC!-!7D!!!nD!)!wD!$!{D!8!6E!1!JE!!!fE!$!kE!!!nE!#!1F!!!6F!)!"
  "@F!$!DF!8!]F!+!hF!&!pF!!!3G!#!6G!#!HG!#![G!*!fG!$!jG!K!8H!!!JH!!!PH!$![H!$!wH!'!%I!3!:I!9!TI!*!_I!!!bI!(!GJ!R!yJ!#!*K!(!mK!#!pK!!!rK!&!xK!9!4L!!!6L!+!BL!#!ML!!!PL!&!VL!!!mL!%!4M!!!vM!)!!N!F!cN!&!#P!M!"
  "dP!!!uP!'!!Q!%!)Q!!!-Q!#!6Q!$!=Q!.!WQ!!!jQ!H!4R!!!:R!!!=R!M!kR!_%LV!%!RV!(!ZV!!!]V!%!cV!K!0W!%!6W!C!YW!%!`W!(!hW!!!jW!%!pW!0!#X![!_X!%!eX!f!rY!1!5Z!y!2[!'!;[!m(,c!2!>c!;!_c!n!Td!)!dd!3!&e!4!He!3!ie!.!"
  "we!$!,f!V!(g!!!-g!!!sg!|!xh!&!!i!D!Fi!!!Li!i!Aj!A!5k!@!Vk!&!gk!N!:l!;!/m!8!Pm!W!}n!!!#p!Q!ep!)!Gq!@!sq!#!!r!N!jr!F![s!$!is!F!2t!,!Ct!M!qt!$!Au!%!Fu!'!Mu!#!Ru!!!Xu!+$Gx!&%N{!'!V{!H!!|!'!*|!)!3|!!!5|!!!"
  "7|!!!9|!A![|!W!5}!(!=}!!!B}!$!F}!(!P}!%!V}!'!a}!.!s}!$!w}!(!:!#!!I!#!!Z!#.!r##!!w##!!z##+!($#!!,$#&!7$#!!9$#!!;$#!!=$#%!C$#,!P$#%!Y$#&!c$#!!;%##!kC#Q$DF#%!KF##!YF#H!$G#!!*G#!!-G#Z!nG#!!!H#8!CH#(!KH#(!"
  "SH#(![H#(!dH#(!lH#(!tH#(!|H#(!xI#!!*O##!WO#&!bO##!hO#y!iP#$!mP#}!mQ#%!vQ#M!FR#$#ZS#B!OT#1!<Z#JlJH$~~JH%~~JH&Na_*'P!2+'z$1.'1!L.'#!c.'Q!F/'A!h/'i!'1'*!21'-#A2'f!*3'#!-3'!!/3')!M3'1!_3'$!c3'%!h3'8!@4'V!"
  "&5'T!;6''!E6'!!G6'#!T6'=!{6'8!O7'>!t7'Q!d8'!!u8'&!{8'+!29'&!89'K!z9'$!~9')!=:'8!X:'!!]:'T!3;'!!7;'#!;;'&!C;'!!E;'!!_;'$!d;',!v;'$!(<''!0<''!8<''!H<'(!P<'(!X<'M!(='/!<='9#s>'~~s>(iBj`(8!(a(S!Oc)#&Sg)0#"
  ",i)(!@i)&!Ji)!!Li)+!Wi).!fi)&!li)!!ni)#!qi)#!ti)2#Jk)}%[o)c!Bp)X!Eq)-!kr)&!qr)N#ft);!)u);!Ou)|!Pv)'!Xv)'!av)'!iv)$!2w)-!@w);![w)4!pw)#!sw)0!'x)/!Xx)B#5~)>!V~)S![!*B!,#*5!B#*)!P#*H!$$*@!E$*F!n$*)!J%*f#"
  "D'*F!m'*F!8(*J!j(*V!N)*,!Z)*0!k)*(!s)*#!v)*,!%**0!5**(!=**#!C**V!'+*H%W.*7!x.*)!;/*'!C/*L!o/**!b0*'!j0*!!l0*N!<1*#!B1*!!E1*8!g1*8!*2*A!/3*4!D3*#!P3*7!q3*;!v4*Z!X5*#!>6*!!O6*%!T6*$!X6*>!D7*>!e7*>!I8*)!"
  "R8*=!-9*X!o9*7!2:*4!S:*3!y;*l!B=*U!&>*U!h>*F!V@*=!|@*8!|C*L!PD*#!cD*$!EE*>!mE*!!vE*7!ZF*3!>G*6!pG*8!6H*W!JI*#!NI*!!]I*O!NJ*:!%K*F!hK*!!kK*!!tK*E!=L*!!KL*R!-M*%!GM*!!IM*!!nM*3!$N*:!QN*#!6O*(!>O*!!AO*%!"
  "FO*0!VO*+!hO*Q!bP*)!lP*#!pP*7!*Q*(!2Q*#!5Q*&!=Q*!!QQ*!!_Q*&!%R*+!0R*!!3R*!!5R*H!^R*!!xR*!!zR*!!KS*W!6T*%!OT*$!qT*R!YU*#!]U*!!`W*Q!]X*%!(Y*R!nY*!!NZ*M!*[*!!t[*<!",
  "X]*(!c_*N!La*c!Pb*)!Zb*!!^b*)!gb*#!jb*9!4c*!!6c*!!:d*)!Ed*I!}d*!!!e*!!@e*!!Ke*J!{e*!!4f*!!Af*P!&g*!!9g*l!8j*C!zj**!'k*G!_k*!!4l*@!im*(!qm*#!tm*H!Sn*!!nn*'!un*#!xn*B!Jo*!!%s*4!Hs*!!Js*.!Xs*D!@u*!!4v*-,"
  "r%+/$}E+'#5G+j-2S+'!RS+uNN#,G('w,@!h--8()4-A!Z4-r!`5-@!36-R!u6-%!;7-6!V7-4!R<-O!A@-c!KB-n!@C-!!'D-.!vD-#!yD-!!9E-Igj,.Y/o:.+!-C/%!2C/(!:C/#!=C/3%`F/!!~F/$!&G/!!5G/%!BG/B&'f/1#<g/.!Mg/*!^g/+!WM0x!RN0j!"
  ">O0#!CO0!!FO0#!JO0%!OO0-!]O0!!_O0(!gO0d!MP0%!SP0)!]P0(!eP0=!%Q0%!*Q0&!0Q0!!4Q0(!<Q0f%&U0:!AU0:![U0A!|U0:!9V0A!ZV0:!uV0A!8W0:!SW0A!tW0:!1X0)!Rm0A!xm0'!rp0a!/s0O!hs0(!!t0!!Tw0@!(x0N!s}0=!b#1@!%$1!!O)1(!"
  "W)1%!])1#!`)10!p)10$_,1g!N-1!!e:1%!j:1<!);1#!,;1!!/;1!!1;1+!<;1%!B;1!!D;1!!K;1!!P;1!!R;1!!T;1!!V;1$!Z;1#!^;1!!a;1!!c;1!!e;1!!g;1!!i;1!!k;1#!n;1!!q;1%!v;1(!~;1%!&<1%!+<1!!-<1+!8<12!O<1$!S<1&!Y<12!Co1~~"
  "Co2~~Co3~~Co4~~Co5~~Co6K00~6^PsO7J$AR7>cm58,v*-9o($P9z'Sg9:YrA:'Q",
};
static const char wm__uc_letter_ix[] =
    "!!)!)!.!7!8!>!G!N!W!i!}!5#H#U#d#h#u#u#%$+$+$+$0$8$=$C$F$K$U$V$V$j$m${${${${${${${${${${${$~$/%0%0%7%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%;%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%<%"
    "<%<%<%<%<%<%<%<%<%<%<%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%=%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%>%A%A%G%M%V%_%m%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%u%"
    "u%u%u%u%u%v%v%v%v%v%v%v%v%v%v%v%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%y%{%(&(&,&.&5&";
static const wm__uct wm__uc_letter = {wm__uc_letter_s, wm__uc_letter_ix, 685, 5, 9, 1};
static const char *const wm__uc_number_s[1] = { /* [lo, hi - lo] ranges */
  "S!!+!{#!#!%$!!!($!$!y3!+!R5!+!m7!+!K<!+!q=!+!!>!'!9@!+!`A!+!(C!+!4C!'!ND!.!tE!+!)F!(!<G!+!TH!(!cH!4!+J!+!:K!+!aL!+!UM!5!eP!+!YQ!+!ZY!5!Qd!$!1g!+!Bg!+!cg!+!+k!+![l!,!Un!+!fn!+!pp!+!uq!+!Ns!+!_s!+!9!#!!"
  "=!#'!J!#+!e$#U!=%#&!A-#_!q.#7!#6#@!VF#!!,O#!!GO#*!_O#$!LS#%!#U#+!LU#)!UU#0!(V#+!ZV#0!B.'+!R0'+!/4''!v5'+!J6'+!e8'+!(9'+!-:'+!c>'+!Tt)+!(z)O!cz)[!Q{)#!;!*<!|!*%!A#*!!J#*!!w$*&!3'*+!_1*)!#2*(!R2**!K3*&!"
  "g3*'!V5*#!Z5*1!m5*P!#7**!b7*#!%8*$!u8*&!*:*)!K:*)!}:*(!b>*'!;@*+!L@*+![C*A!cE*+!:F*%!TG*(!*I*@!oJ*+!YK*+!<M*+!NM*5!LP*+!@T*+!fU*+!zY*+!2[*+!C[*5!H]*-!0b*4!Fc*+!jj*+!ok*>!^n*+!Ro*+!:t*+!Pu*6!L$+5#Xw,+!"
  "J4-+!O5-+!(7-+!37-(!&=-+!%A-8!d80+!'J05!HJ05!nK0:!;X0T!qs0+!Yx0+!6~0+!&$1+!$,1*!S-1+!A61^!~61$!%71%!w71O!I810!0D1.!xc1+!",
};
static const char wm__uc_number_ix[] =
    "!!&!&!&!&!&!&!(!)!)!,!.!1!4!7!9!:!<!<!<!=!=!=!>!A!B!D!F!H!J!J!J!J!M!O!O!O!Q!Q!Q!R!R!R!R!R!S!S!S!S!V!W!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!"
    "]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!]!_!_!a!d!e!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!"
    "f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!f!g!";
static const wm__uct wm__uc_number = {wm__uc_number_s, wm__uc_number_ix, 144, 5, 9, 1};
static const char *const wm__uc_space_s[1] = { /* [lo, hi - lo] ranges */
  "+!!&!C!!!!M#!!!i#!!!=c!!!$~!,!M~!#!T~!!!(!#!!%O#!!",
};
static const char wm__uc_space_ix[] =
    "!!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!&!'!'!'!'!'!'!'!'!'!'!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!"
    ",!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!"
    ",!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!,!";
static const wm__uct wm__uc_space = {wm__uc_space_s, wm__uc_space_ix, 10, 5, 9, 1};
static const char *const wm__uc_word_s[2] = { /* [lo, hi - lo] ranges */
  "S!!+!e!!;!&#!!!(#!;!s#!!!~#!!!&$!!!,$!8!E$!A!f$!$'m)!-!**!&!6*!!!8*!!!K*!;#g+!#!k+!%!p+!!!w+!!!y+!$!}+!!!!,!5!7,!v!0-!R#c.!u#Z0!H!&1!!!-1!K!`1!O!12!!!32!#!62!#!92!!!C2!<!c2!%!'3!,!73!m!*4!,#65!)!A5!+!"
  "L5!4!b5!!!s5!^!T6!+#m7!X!K8!!!N8!!!Q8!P!59!=!V9!,!g9!9!#:!'!1:!n!!;!H#K<!+!V<!4!k<!)!u<!#!y<!7!3=!(!;=!!!@=!%!F=!*!Q=!#!U=!%!b=!!!g=!#!j=!&!q=!-!*>!!!,>!!!/>!$!3>!'!=>!#!B>!7!Y>!(!b>!#!e>!#!h>!#!l>!!!"
  "n>!&!w>!#!{>!$!$@!!!,@!%!1@!!!9@!1!U@!$!Y@!*!d@!$!h@!7!!A!(!*A!#!-A!&!4A!+!@A!$!DA!$!IA!!!YA!%!`A!+!sA!(!{A!$!!B!)!,B!#!0B!7!HB!(!PB!#!SB!&!ZB!*!fB!#!jB!$!tB!$!{B!#!~B!&!(C!+!3C!!!EC!#!HC!'!QC!$!UC!%!"
  "]C!#!`C!!!bC!#!gC!#!lC!$!rC!-!%D!&!-D!$!1D!%!7D!!!>D!!!ND!+!iD!.!wD!$!{D!8!6E!1!IE!*!SE!$!WE!%!cE!#!fE!$!kE!!!nE!%!tE!+!1F!%!6F!)!@F!$!DF!8!]F!+!hF!&!oF!*!yF!$!}F!%!+G!#!3G!#!6G!%!<G!+!HG!$!WG!.!fG!$!"
  "jG!U!BH!$!FH!&!PH!%![H!&!cH!+!wH!'!~H!$!%I!3!:I!9!TI!*!_I!!!bI!(!lI!!!qI!'!xI!!!zI!)!+J!+!7J!#!GJ!]!*K!0!:K!+!mK!#!pK!!!rK!&!xK!9!4L!!!6L!8!PL!&!VL!!!XL!(!aL!+!mL!%!4M!!!MM!#!UM!+!kM!!!mM!!!oM!!!tM!+!"
  "!N!F!KN!5!aN!3!tN!F!EO!!!#P!m!uP!q!jQ!H!4R!!!:R!!!=R!M!kR!_%LV!%!RV!(!ZV!!!]V!%!cV!K!0W!%!6W!C!YW!%!`W!(!hW!!!jW!%!pW!0!#X![!_X!%!eX!f!NY!$!rY!1!5Z!y!2[!'!;[!m(,c!2!>c!;!_c!n!Qd!,!dd!7!&e!7!He!5!ie!.!"
  "we!$!{e!#!,f!w!(g!!!-g!#!1g!+!^g!$!bg!,!sg!|!xh!M!Li!i!Aj!A!bj!-!rj!-!+k!J!Vk!&!gk!N!:l!;![l!+!/m!=!Pm!b!4n!>!Tn!,!fn!+!}n!!!)o!A!{o!p!pp!+!.q!*!Dq!:#jr!Z!Ns!+![s!S!2t!,!Ct!M!qt!$!'u!$!+u!I!Xu!r'N{!'!"
  "V{!H!!|!'!*|!)!3|!!!5|!!!7|!!!9|!A![|!W!5}!(!=}!!!B}!$!F}!(!P}!%!V}!'!a}!.!s}!$!w}!(!0~!#!e~!#!z~!!!:!#!!I!#!!Z!#.!>##C!r##!!w##!!z##+!($#!!,$#&!7$#!!9$#!!;$#!!=$#%!C$#,!P$#%!Y$#&!c$#!!u$#K!;.#V!kC#Q$"
  "DF#*!YF#H!$G#!!*G#!!-G#Z!nG#!!~G#9!CH#(!KH#(!SH#(![H#(!dH#(!lH#(!tH#(!|H#(!'I#B!xI#!!*O#$!GO#0!WO#&!_O#&!hO#y!eP##!iP#$!mP#}!mQ#%!vQ#M!FR#$#ZS#B!OT#1!<Z#JlJH$~~JH%~~JH&Na_*'P!2+'z$1.'=!c.'U!:/'+!F/'9#"
  "'1'*!21'-#A2'f!*3'#!-3'!!/3')!M3'X!+4'!!@4'V!$5'i!v5'+!)6'9!E6'!!G6'S!{6'F!O7'>!p7'd!d8',!u8'A!89'Y!z9'/!-:'+!=:'8!X:'l!_;'$!d;'1!v;'&!(<''!0<''!8<''!H<'(!P<'(!X<'M!(='/!<='B#_>'#!c>'+!s>'~~s>(iBj`(8!"
  "(a(S!Oc)#&Sg)0#,i)(!@i)&!Ji)-!Wi).!fi)&!li)!!ni)#!qi)#!ti)2#Jk)}%[o)c!Bp)X!Eq)-!Uq)1!vq)1!,r)#!Gr)$!kr)&!qr)N#Tt)+!ft);!'u)!!)u);!Ou)|!Pv)'!Xv)'!av)'!iv)$!2w)-!@w);![w)4!pw)#!sw)0!'x)/!Xx)B#cz)W!j|)!!"
  "5~)>!V~)S!:!*!![!*B!,#*@!P#*M!$$*@!E$*F!n$*)!w$*&!J%*f#3'*+!D'*F!m'*F!8(*J!j(*V!N)*,!Z)*0!k)*(!s)*#!v)*,!%**0!5**(!=**#!C**V!'+*H%W.*7!x.*)!;/*'!C/*L!o/**!b0*'!j0*!!l0*N!<1*#!B1*!!E1*8!g1*8!*2*A!/3*4!"
  "D3*#!P3*7!q3*;!v4*Z!X5*#!>6*%!D6*#!K6*)!T6*$!X6*>!x6*$!!7*!!D7*>!e7*>!I8*)!R8*@!-9*X!o9*7!2:*4!S:*3!y;*l!B=*U!&>*U!h>*J!;@*+!L@*H!v@*&!|@*8!|C*L!KD*#!PD*#!cD*$!",
  "AE*C!mE*!!vE*C!ZF*7!>G*6!pG*8!3H*j!>I*1!XI*_!@J*!!NJ*:!oJ*+!!K*W!YK*+!hK*%!tK*F!=L*!!HL*h!5M*%!:M*.!IM*!!nM*3!$N*G!PN*%!6O*(!>O*!!AO*%!FO*0!VO*+!hO*^!LP*+!]P*%!bP*)!lP*#!pP*7!*Q*(!2Q*#!5Q*&!;Q*+!HQ*#!"
  "LQ*$!QQ*!!XQ*!!_Q*(!hQ*(!rQ*&!%R*+!0R*!!3R*!!5R*H!^R*+!iR*!!lR*!!nR*%!sR*)!+S*#!KS*n!@T*+!NT*%!qT*i!]U*!!fU*+!`W*X!;X**!]X*'!(Y*d!nY*!!zY*+!NZ*[!2[*+!C[*5!t[*<!4]*0!H]*+!X]*(!c_*^!La*m!Pb*)!Zb*!!^b*)!"
  "gb*#!jb*@!,c*#!0c**!Fc*+!:d*)!Ed*P!vd*)!!e*#!@e*b!+f*!!4f*m!&g*!!9g*l!8j*C!jj*+!zj**!'k*O!Vk**!ok*+!4l*@!Ul*7!ml*/!im*(!qm*#!tm*N!Gn*!!In*#!Ln**!^n*+!nn*'!un*#!xn*G!Bo*#!Eo*'!Ro*+!%s*8!Fs*2!Xs*K!(t*&!"
  ":t*,!@u*!!4v*-,L$+5#r%+/$}E+'#5G+j-1S+7!RS+uNN#,G('w,]!h--8()4-A!J4-+!Z4-r!O5-+!`5-@!#6-&!36-Y!u6-%!(7-+!;7-6!V7-4!R<-O!&=-+!A@-c!KB-n!>C-[!#D-2!vD-#!yD-#!)E-#!9E-Igj,.Y/o:.+!-C/%!2C/(!:C/#!=C/3%`F/!!"
  "~F/$!&G/!!5G/%!BG/B&'f/1#<g/.!Mg/*!^g/+!kg/#!d80+!Q>0P!%@08!8F0&!AF0'!OF0)!YF0(!!G0%!aH0$!WM0x!RN0j!>O0#!CO0!!FO0#!JO0%!OO0-!]O0!!_O0(!gO0d!MP0%!SP0)!]P0(!eP0=!%Q0%!*Q0&!0Q0!!4Q0(!<Q0f%&U0:!AU0:![U0A!"
  "|U0:!9V0A!ZV0:!uV0A!8W0:!SW0A!tW0:!1X0)!;X0T!L_0Y!+`0T!g`0!!v`0!!0a0&!6a00!Rm0A!xm0'!Ap0(!Ip02!]p0(!ep0#!hp0&!rp0a!vq0!!/s0O!as0/!qs0+!!t0!!Tw0A!(x0]!s}0L!b#1M!O)1(!W)1%!])1#!`)10!p)10$-,1(!_,1o!S-1+!"
  "e:1%!j:1<!);1#!,;1!!/;1!!1;1+!<;1%!B;1!!D;1!!K;1!!P;1!!R;1!!T;1!!V;1$!Z;1#!^;1!!a;1!!c;1!!e;1!!g;1!!i;1!!k;1#!n;1!!q;1%!v;1(!~;1%!&<1%!+<1!!-<1+!8<12!O<1$!S<1&!Y<12!bD1;!%E1;!FE1;!xc1+!Co1~~Co2~~Co3~~"
  "Co4~~Co5~~Co6K00~6^PsO7J$AR7>cm58,v*-9o($P9z'Sg9:YrA:'QRbB]$",
};
static const char wm__uc_word_ix[] =
    "!!+!+!0!9!:!F!M!R!X!k!,#L#g#|#-$9$@$@$M$T$T$T$Y$d$i$q$x$|$'%'%'%:%B%P%P%P%Q%Q%Q%Q%Q%Q%Q%Q%S%c%d%d%m%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%q%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%r%"
    "r%r%r%r%r%r%r%r%r%r%r%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%t%v%v%{%$&+&1&9&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&"
    "D&D&D&D&D&E&E&E&E&E&E&E&E&E&E&E&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&H&J&S&S&W&^&g&";
static const wm__uct wm__uc_word = {wm__uc_word_s, wm__uc_word_ix, 804, 5, 9, 1};
static const char *const wm__uc_punct_s[1] = { /* [lo, hi - lo] ranges */
  "D!!$!H!!'!O!!%!^!!#!c!!#!!#!$!&#!!!C#!!!E#!!!j#!!!p#!!!t#!!!!$!#!'$!!!+$!!!o+!!!x+!!!'1!'!W1!#!02!!!22!!!52!!!82!!!g2!#!}2!#!#3!#!23!!!43!$!&4!%!55!!!c5!/!H8!$!%9!0!T9!!!I<!#!U<!!!+>!!!J@!!!jA!!!(F!!!"
  "5F!!!9J!!!9K!!!EK!#!8M!0!IM!!!pM!%!`N!!!OO!&!XO!#!oP!'!jR!!!QY!*!:[!!!+c!!!Yc!#!Nd!$!<e!#!%g!$!)g!$!Rg!,!)k!#!Nm!#!vn!(!~n!'!np!#!zp!(!Aq!$!fr!%!Is!&!0t!#!tt!)!*u!!!4~!9!U~!5!k~!.!y~!-!G!##!W!##!U)#%!"
  "w)##!r5#/!t6##!87#+!k;#7!e<#%!,=##!RF#%!WF##!oG#!!HI#Q!yI#B!>J#-!&O#$!-O#+!9O#-!VO#!!dO#!!lP#!!lQ#!!0+'#!..'$!9/'!!E/'!!_0''!u4'%!t5'#!B6'$!F6'!!y6'#!N7'!!U8'.!s8'#!9:'%!b;'#!t;'#!^>'!!Io)#!fq)+!)r)E!"
  "Nr)/!^r)!!cr)!!er)#!Et)$!It)'!Pt)%!_t)#!dt)#!#u)$!'u)!!Du)!!Fu)!!Hu)(!~y)$!D$*!!v$*!!M)*!!^1*!!p3*!!34*!!37**!d7*!!z8*(!h9*(!m:*%!{@*!!MD*!!>F*&!qF*%!|H*(!8J*#!;J*%!dK*%!;L*#!1M*%!9M*!!HM*!!JM*$!JN*'!"
  "aO*!!{R*#!~R*#!:T*&!JT*#!MT*!![U*!!EX*8!kY*$!-Z*.!+[*!!T]*$!B`*!!9c*$!~d*!!#f*)!#g*$!'g*&!.h*+!Zj*!!`k*&!2l*#!<s*#!-t*.!3v*!!b%+&!&G+#!X4-#!(6-!!l6-&!y6-!!#=-$!<A-%!xD-!!mg/!!y`0&!4$1!!b-1#!",
};
static const char wm__uc_punct_ix[] =
    "!!1!1!1!3!3!:!A!C!E!H!J!J!L!M!O!U!W!W!W!X!Y!Y!]!`!a!b!e!i!m!m!m!m!s!s!s!u!u!u!u!x!x!{!{!{!}!~!$#$#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#"
    "+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#+#,#,#0#0#4#8#;#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#"
    "<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#<#=#D#N#";
static const wm__uct wm__uc_punct = {wm__uc_punct_s, wm__uc_punct_ix, 198, 5, 9, 1};
static const char *const wm__uc_symbol_s[1] = { /* [lo, hi - lo] ranges */
  "G!!!!N!!!!`!!$!%#!!!'#!!!D#!!!F#!!!k#!&!q#!#!u#!!!w#!%!}#!!!$$!!!D$!!!e$!!!i)!%!y)!/!/*!(!7*!!!9*!2!f+!!!u+!#!/-!!!b.!!![1!$!z2!$!!3!!!%3!#!@5!!!K5!!!`5!#!G8!!!O8!#!!:!!!}=!#!(>!#!kA!!!2C!!![D!)!0F!!!"
  "KH!!!vH!!!)K!!!5M!$!HM!!!JM!$!OM!'!jM!!!lM!!!nM!!!<O!)!FO!'!MO!#!TO!%!hQ!#!%Z!+!*c!!!,g!!!%k!!!jl!D!$q!+!7q!*!<}!!!>}!$!M}!$!^}!$!n}!$!~}!#!j~!!!x~!!!D!#$!T!#$!k!#C!p###!s##%!x###!'$#!!)$#$!1$#'!8$#!!"
  ":$#!!<$#!!B$#!!N$##!T$#&!_$#%!d$#!!C%##!I%#-&Y)#>!y)#l$},#,!~-#q!*/#i(B6#S!v6#A!C7#I&$<#b!i<#B!.=#+&:B#B!]B#/#=F#'!<J##!nJ#;!,K#|!6L#B$rN#1!)O#!!7O##!FO#!!]O##!eO##!gP##!JS##!PS#+!{S#H!NT#!!`T#A!-U#@!"
  "TU#!!eU#B!2V#I!jV#Q%fG$c!z)'Y!m0'8!01'#!>2'#!'4'%!54'%!U:'$!'='!!6='#!Vi)!!(k)2!Ko)1!#q)!!Qq)%!]r)!!_r)$!dr)!!Ht)!!Ot)!!at)$!&u)!!(u)!!Eu)!!Gu)!!ov)(!wv)(!.w)#!Yz)*!@{)2!S{)$!W{).!h{)!!;|)O!~1*#!Q8*!!"
  ">A*#!W]*!!fu*>!q6-%!z6-!!jg/!!(60]$t80k&F@0:#@B0c$.E0I!XE0_!=F0$!WF0#!aF0@!&G0`!zG0e!dH0!!iJ0z!@U0!!ZU0!!{U0!!8V0!!YV0!!tV0!!7W0!!RW0!!sW0!!0X0!!oX0[''`0%!_`0)!h`0/!w`0#!#t0!!ix0!!}61!!$71!!H81!!C=1#!"
  "BA1N!sA1*#+C10!<C10!MC10!^C1G!=D1i#bF1>!/G1N!aG1*!qG1#!$H1'!kI1m,^T12!rT1.!%U1=#FV1%#PW1-!aW1!!qW1-!$X1Z!fX1+!vX1J!JY1@!kY1-!{Y1#!`Z1f%S_1/!d_1.!t_1+!&`1Z!g`10!x`1,!,a1*!<a1Z#wb1!#",
};
static const char wm__uc_symbol_ix[] =
    "!!1!1!6!9!:!;!B!D!E!G!H!J!K!M!N!Y!Z!Z!Z![![![!]!^!^!`!`!b!b!b!b!h!m!|!|!~!$#$#$#'#'#*#*#-#.#.#1#3#9#=#C#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#D#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#"
    "E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#E#F#F#F#I#K#K#L#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#"
    "N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#N#P#P#S#V#a#";
static const wm__uct wm__uc_symbol = {wm__uc_symbol_s, wm__uc_symbol_ix, 236, 5, 9, 1};
static const char *const wm__uc_mark_s[1] = { /* [lo, hi - lo] ranges */
  "K*!6#c.!(!`1!O!12!!!32!#!62!#!92!!!'3!,!d3!6!,4!!!75!(!A5!'!I5!#!L5!%!t5!!!66!<!R7!,!;8!*!N8!!!h8!%!m8!*!w8!$!{8!&!O9!$!1:!*!f:!9!!;!C!{;!$!!<!3!5<!(!G<!#!g<!$!F=!!!H=!(!Q=!#!U=!$!b=!!!m=!#!,>!!!/>!$!"
  "l>!!!n>!&!w>!#!{>!$!$@!!!D@!#!I@!!!U@!$!4A!!!6A!)!@A!$!DA!$![A!#!tA!'!{A!$!ZB!!!]B!(!fB!#!jB!$!tB!$!$C!#!EC!!!%D!&!-D!$!1D!%!>D!!!iD!&!IE!!!KE!(!SE!$!WE!%!cE!#!pE!#!2F!$!oF!!!qF!(!yF!$!}F!%!+G!#!8G!#!"
  "JG!!!WG!%!6H!#!9H!(!BH!$!FH!%!SH!!!_H!#!~H!$!lI!!!qI!'!xI!!!zI!)!7J!#!xJ!!!{J!(!1K!)!AL!!!DL!*!XL!(!MM!#!kM!!!mM!!!oM!!!tM!#!KN!5!aN!#!hN!,!tN!F!EO!!!OP!5!{P!%!&Q!$!*Q!$!/Q!(!9Q!%!KQ!-!XQ!!!dQ!%!NY!$!"
  "vd!%!9e!$!Ze!#!{e!#!bf!B!.g!!!^g!$!bg!!!}h!#!Ei!!!bj!-!rj!-!Gm!&!)n!+!4n!>!Tn!!!)o!A!{o!&!Sp!2!.q!*!Dq!$!fq!.!Or!/!1s!5!'u!$!+u!6!Eu!!!Lu!!!Ou!$!cw!c!>##C!HF#$!~G#!!'I#B!PO#'!eP##!5/'%!:/'+!f/'#!]0'#!"
  "^3'!!b3'!!g3'!!!4'&!+4'!!$5'#!Y5'3!)6'3!I6'!!q6')!57'.!p7'%!G8'/!z8'!!c9'/!}9'!!):'#!Y:'$!2;'!!4;'$!9;'#!A;'#!D;'!!o;'&!y;'#!U>')!_>'#!Ki)!!Uq)1!vq)1!j|)!!:!*!!w#*&!@6*$!D6*#!K6*%!x6*$!!7*!!o8*#!/@*%!"
  "v@*&!KD*#!AE*%!/F*,!mF*%!3H*$!mH*0!II*!!LI*#!XI*%!-J*,!@J*!!!K*$!JK*/!iK*#!:L*!!HL*$!|L*/!5M*%!:M*#!=N*-!PN*!!SN*!!:P*-!]P*%!;Q*#!>Q*(!HQ*#!LQ*$!XQ*!!dQ*#!hQ*(!rQ*&!_R**!iR*!!lR*!!nR*%!sR*&!yR*!!+S*#!"
  "$T*3!NT*!!EU*5!2X*(!;X**!aX*#!YY*2!zZ*.!4]*0!2`*0!%c*'!,c*#!0c*%!5c*!!7c*#!md*(!vd*(!#e*!!Ae*+!te*(!|e*%!+f*!!5f*,!pf*1!Mk*)!Vk*)!Ul*7!ml*/!=n*'!Gn*!!In*#!Ln*(!Tn*!!;o*&!Bo*#!Eo*&!8s*%!Fs*#!Is*!!{s*(!"
  "(t*&!Et*!!1S+!!8S+0!Fw,3!#6-&!e6-(!>C-!!AC-Y!#D-%!zD-!!)E-#!kg/#!Q>0P!%@08!8F0&!AF0'!OF0)!YF0(!!G0%!aH0$!L_0Y!+`0T!g`0!!v`0!!0a0&!6a00!Ap0(!Ip02!]p0(!ep0#!hp0&!vq0!!as0(!sw0!!Ux0%!2~0%!#$1#!-,1(!G-1(!"
  "RbB]$",
};
static const char wm__uc_mark_ix[] =
    "!!!!!!!!#!$!)!0!5!<!J!Y!f!u!%#+#5#>#>#>#@#@#@#@#F#J#L#Q#W#^#_#_#_#`#`#`#`#`#`#`#`#`#`#`#`#a#c#c#c#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#"
    "e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#e#i#i#r#w#%$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$"
    "'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$'$($($($*$*$";
static const wm__uct wm__uc_mark = {wm__uc_mark_s, wm__uc_mark_ix, 321, 5, 9, 1};
static const char *const wm__uc_ll_s[2] = { /* [lo, hi - lo] ranges */
  "(#!;!~#!!!L$!9!f$!)!o$!!!q$!!!s$!!!u$!!!w$!!!y$!!!{$!!!}$!!!!%!!!$%!!!&%!!!(%!!!*%!!!,%!!!.%!!!0%!!!2%!!!4%!!!6%!!!8%!!!:%!!!<%!!!>%!!!A%!!!C%!!!E%!!!G%!!!I%!#!L%!!!N%!!!P%!!!R%!!!T%!!!V%!!!X%!!!Z%!#!"
  "^%!!!`%!!!b%!!!d%!!!f%!!!h%!!!j%!!!l%!!!n%!!!p%!!!r%!!!t%!!!v%!!!x%!!!z%!!!|%!!!~%!!!#&!!!%&!!!'&!!!)&!!!+&!!!-&!!!0&!!!2&!!!4&!$!9&!!!;&!!!>&!!!C&!#!I&!!!L&!!!P&!$!U&!!!X&!!!Z&!!!]&!!!`&!!!b&!#!e&!!!"
  "h&!!!l&!!!n&!!!q&!#!u&!$!~&!!!$'!!!''!!!)'!!!+'!!!-'!!!/'!!!1'!!!3'!!!5'!!!7'!#!:'!!!<'!!!>'!!!A'!!!C'!!!E'!!!G'!!!I'!!!K'!#!O'!!!Q'!!!U'!!!W'!!!Y'!!!['!!!^'!!!`'!!!b'!!!d'!!!f'!!!h'!!!j'!!!l'!!!n'!!!"
  "p'!!!r'!!!t'!!!v'!!!x'!!!z'!!!|'!!!~'!!!#(!!!%(!!!'(!!!)(!!!+(!!!-(!!!/(!!!1(!!!3(!(!<(!!!@(!#!C(!!!H(!!!J(!!!L(!!!N(!!!P(!h!:)!<!b+!!!d+!!!h+!!!l+!$!$,!!!A,!E!f,!#!k,!$!o,!!!q,!!!s,!!!u,!!!w,!!!y,!!!"
  "{,!!!},!!!!-!!!$-!!!&-!!!(-!&!.-!!!1-!!!4-!#!k-!R!@.!!!B.!!!D.!!!F.!!!H.!!!J.!!!L.!!!N.!!!P.!!!R.!!!T.!!!V.!!!X.!!!Z.!!!].!!!_.!!!a.!!!k.!!!m.!!!o.!!!q.!!!s.!!!u.!!!w.!!!y.!!!{.!!!}.!!!!/!!!$/!!!&/!!!"
  "(/!!!*/!!!,/!!!./!!!0/!!!2/!!!4/!!!6/!!!8/!!!:/!!!</!!!>/!!!A/!!!C/!!!F/!!!H/!!!J/!!!L/!!!N/!!!P/!!!R/!#!U/!!!W/!!!Y/!!![/!!!^/!!!`/!!!b/!!!d/!!!f/!!!h/!!!j/!!!l/!!!n/!!!p/!!!r/!!!t/!!!v/!!!x/!!!z/!!!"
  "|/!!!~/!!!#0!!!%0!!!'0!!!)0!!!+0!!!-0!!!/0!!!10!!!30!!!50!!!70!!!90!!!;0!!!=0!!!@0!!!B0!!!D0!!!F0!!!H0!!!J0!!!L0!!!N0!!!P0!!!R0!!!T0!!!V0!!!X0!!!-1!K!=R!M!lR!$!2[!'!2t!*!<t!!!Xu!N!iv!.!wv!D!Hx!!!Jx!!!"
  "Lx!!!Nx!!!Px!!!Rx!!!Tx!!!Vx!!!Xx!!!Zx!!!]x!!!_x!!!ax!!!cx!!!ex!!!gx!!!ix!!!kx!!!mx!!!ox!!!qx!!!sx!!!ux!!!wx!!!yx!!!{x!!!}x!!!!y!!!$y!!!&y!!!(y!!!*y!!!,y!!!.y!!!0y!!!2y!!!4y!!!6y!!!8y!!!:y!!!<y!!!>y!!!"
  "Ay!!!Cy!!!Ey!!!Gy!!!Iy!!!Ky!!!My!!!Oy!!!Qy!!!Sy!!!Uy!!!Wy!!!Yy!!![y!!!^y!!!`y!!!by!!!dy!!!fy!!!hy!!!jy!!!ly!!!ny!!!py!!!ry!!!ty!!!vy!!!xy!!!zy!!!|y!!!~y!!!#z!!!%z!*!/z!!!1z!!!3z!!!5z!!!7z!!!9z!!!;z!!!"
  "=z!!!@z!!!Bz!!!Dz!!!Fz!!!Hz!!!Jz!!!Lz!!!Nz!!!Pz!!!Rz!!!Tz!!!Vz!!!Xz!!!Zz!!!]z!!!_z!!!az!!!cz!!!ez!!!gz!!!iz!!!kz!!!mz!!!oz!!!qz!!!sz!!!uz!!!wz!!!yz!!!{z!!!}z!!!!{!!!${!!!&{!!!({!!!*{!!!,{!!!.{!!!0{!!!"
  "2{!!!4{!*!F{!'!V{!)!g{!)!w{!'!*|!)!:|!)!K|!/![|!)!l|!)!||!)!/}!&!5}!#!=}!!!B}!$!F}!#!P}!%!V}!#!a}!)!s}!$!w}!#!z##!!~###!&$#!!C$#!!H$#!!M$#!!P$##!Z$#%!c$#!!<%#!!>D#R!qD#!!uD##!xD#!!zD#!!|D#!!$E#!!&E##!"
  ")E#'!4E#!!6E#!!8E#!!:E#!!<E#!!>E#!!AE#!!CE#!!EE#!!GE#!!IE#!!KE#!!ME#!!OE#!!QE#!!SE#!!UE#!!WE#!!YE#!![E#!!^E#!!`E#!!bE#!!dE#!!fE#!!hE#!!jE#!!lE#!!nE#!!pE#!!rE#!!tE#!!vE#!!xE#!!zE#!!|E#!!~E#!!#F#!!%F#!!"
  "'F#!!)F#!!+F#!!-F#!!/F#!!1F#!!3F#!!5F#!!7F#!!9F#!!;F##!EF#!!GF#!!LF#!!YF#H!$G#!!*G#!!d.'!!f.'!!h.'!!j.'!!l.'!!n.'!!p.'!!r.'!!t.'!!v.'!!x.'!!z.'!!|.'!!~.'!!#/'!!",
  "%/'!!'/'!!)/'!!+/'!!-/'!!//'!!1/'!!3/'!!H/'!!J/'!!L/'!!N/'!!P/'!!R/'!!T/'!!V/'!!X/'!!Z/'!!]/'!!_/'!!a/'!!c/'!!31'!!51'!!71'!!91'!!;1'!!=1'!!@1'$!D1'!!F1'!!H1'!!J1'!!L1'!!N1'!!P1'!!R1'!!T1'!!V1'!!X1'!!"
  "Z1'!!]1'!!_1'!!a1'!!c1'!!e1'!!g1'!!i1'!!k1'!!m1'!!o1'!!q1'!!s1'!!u1'!!w1'!!y1'!!{1'!!}1'!!!2'!!$2'!!&2')!/2'!!12'!!42'!!62'!!82'!!:2'!!<2'!!B2'!!D2'!!G2'!!I2'$!M2'!!O2'!!Q2'!!S2'!!U2'!!W2'!!Y2'!![2'!!"
  "^2'!!`2'!!f2'!!l2'!!n2'!!p2'!!r2'!!t2'!!v2'!!x2'!!z2'!!!3'!!$3'!!'3'!!+3'!!-3'!!/3'!!13'!!33'!!53'!!Q3'!!U3'!!X<'M!,='*!<='s!,i)(!@i)&!)u);!s%*J!m'*F!v)*,!%**0!5**(!=**#!&>*U!}@*7!ma*B!b@-B!rM0;!JN0(!"
  "RN03!!O0;!WO0%!]O0!!_O0(!gO0,!/P0;!eP0;!<Q0;!rQ0;!JR0;!!S0;!WS0;!/T0;!eT0=!AU0:![U0'!|U0:!9V0'!ZV0:!uV0'!8W0:!SW0'!tW0:!1X0'!8X0!!Rm0+!^m05!xm0'!$-1D!",
};
static const char wm__uc_ll_ix[] =
    "!!&!6#Z#r#c$|$|$|$|$|$|$|$|$|$|$|$~$~$~$!%!%!%!%!%!%!%!%!%$%'%H&^&^&h&h&h&h&h&h&h&h&h&h&h&J'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'"
    "M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M's'h(h(h(h(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k("
    "k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(k(m(m(m(m(n(";
static const wm__uct wm__uc_ll = {wm__uc_ll_s, wm__uc_ll_ix, 662, 5, 9, 1};
static const char *const wm__uc_lut_s[2] = { /* [lo, hi - lo] ranges */
  "e!!;!,$!8!E$!(!n$!!!p$!!!r$!!!t$!!!v$!!!x$!!!z$!!!|$!!!~$!!!#%!!!%%!!!'%!!!)%!!!+%!!!-%!!!/%!!!1%!!!3%!!!5%!!!7%!!!9%!!!;%!!!=%!!!@%!!!B%!!!D%!!!F%!!!H%!!!K%!!!M%!!!O%!!!Q%!!!S%!!!U%!!!W%!!!Y%!!!]%!!!"
  "_%!!!a%!!!c%!!!e%!!!g%!!!i%!!!k%!!!m%!!!o%!!!q%!!!s%!!!u%!!!w%!!!y%!!!{%!!!}%!!!!&!!!$&!!!&&!!!(&!!!*&!!!,&!!!.&!#!1&!!!3&!!!7&!#!:&!!!<&!#!@&!$!E&!%!J&!#!M&!$!S&!#!V&!#!Y&!!![&!!!^&!#!a&!!!d&!!!f&!#!"
  "i&!$!m&!!!o&!#!t&!!!|&!#!!'!#!%'!#!('!!!*'!!!,'!!!.'!!!0'!!!2'!!!4'!!!6'!!!9'!!!;'!!!='!!!@'!!!B'!!!D'!!!F'!!!H'!!!J'!!!M'!#!P'!!!R'!$!V'!!!X'!!!Z'!!!]'!!!_'!!!a'!!!c'!!!e'!!!g'!!!i'!!!k'!!!m'!!!o'!!!"
  "q'!!!s'!!!u'!!!w'!!!y'!!!{'!!!}'!!!!(!!!$(!!!&(!!!((!!!*(!!!,(!!!.(!!!0(!!!2(!!!:(!#!=(!#!B(!!!D(!%!I(!!!K(!!!M(!!!O(!!!a+!!!c+!!!g+!!!p+!!!w+!!!y+!$!}+!!!!,!#!%,!2!7,!*!e,!!!h,!$!n,!!!p,!!!r,!!!t,!!!"
  "v,!!!x,!!!z,!!!|,!!!~,!!!#-!!!%-!!!'-!!!--!!!0-!!!2-!#!6-!U!>.!!!A.!!!C.!!!E.!!!G.!!!I.!!!K.!!!M.!!!O.!!!Q.!!!S.!!!U.!!!W.!!!Y.!!![.!!!^.!!!`.!!!j.!!!l.!!!n.!!!p.!!!r.!!!t.!!!v.!!!x.!!!z.!!!|.!!!~.!!!"
  "#/!!!%/!!!'/!!!)/!!!+/!!!-/!!!//!!!1/!!!3/!!!5/!!!7/!!!9/!!!;/!!!=/!!!@/!!!B/!!!D/!#!G/!!!I/!!!K/!!!M/!!!O/!!!Q/!!!T/!!!V/!!!X/!!!Z/!!!]/!!!_/!!!a/!!!c/!!!e/!!!g/!!!i/!!!k/!!!m/!!!o/!!!q/!!!s/!!!u/!!!"
  "w/!!!y/!!!{/!!!}/!!!!0!!!$0!!!&0!!!(0!!!*0!!!,0!!!.0!!!00!!!20!!!40!!!60!!!80!!!:0!!!<0!!!>0!!!A0!!!C0!!!E0!!!G0!!!I0!!!K0!!!M0!!!O0!!!Q0!!!S0!!!U0!!!W0!!!Z0!H!jQ!H!4R!!!:R!!!5Z!y!;t!!!Ct!M!qt!$!Gx!!!"
  "Ix!!!Kx!!!Mx!!!Ox!!!Qx!!!Sx!!!Ux!!!Wx!!!Yx!!![x!!!^x!!!`x!!!bx!!!dx!!!fx!!!hx!!!jx!!!lx!!!nx!!!px!!!rx!!!tx!!!vx!!!xx!!!zx!!!|x!!!~x!!!#y!!!%y!!!'y!!!)y!!!+y!!!-y!!!/y!!!1y!!!3y!!!5y!!!7y!!!9y!!!;y!!!"
  "=y!!!@y!!!By!!!Dy!!!Fy!!!Hy!!!Jy!!!Ly!!!Ny!!!Py!!!Ry!!!Ty!!!Vy!!!Xy!!!Zy!!!]y!!!_y!!!ay!!!cy!!!ey!!!gy!!!iy!!!ky!!!my!!!oy!!!qy!!!sy!!!uy!!!wy!!!yy!!!{y!!!}y!!!!z!!!$z!!!.z!!!0z!!!2z!!!4z!!!6z!!!8z!!!"
  ":z!!!<z!!!>z!!!Az!!!Cz!!!Ez!!!Gz!!!Iz!!!Kz!!!Mz!!!Oz!!!Qz!!!Sz!!!Uz!!!Wz!!!Yz!!![z!!!^z!!!`z!!!bz!!!dz!!!fz!!!hz!!!jz!!!lz!!!nz!!!pz!!!rz!!!tz!!!vz!!!xz!!!zz!!!|z!!!~z!!!#{!!!%{!!!'{!!!){!!!+{!!!-{!!!"
  "/{!!!1{!!!3{!!!={!)!N{!'!_{!)!o{!)!!|!'!3|!!!5|!!!7|!!!9|!!!C|!)!d|!)!t|!)!'}!)!7}!&!H}!&!X}!%!i}!&!y}!&!r##!!w##!!{##$!#$#$!($#!!,$#&!7$#!!9$#!!;$#!!=$#%!D$#%!R$##!Y$#!!;%#!!kC#R!pD#!!rD#$!wD#!!yD#!!"
  "{D#!!}D#%!%E#!!(E#!!1E#$!5E#!!7E#!!9E#!!;E#!!=E#!!@E#!!BE#!!DE#!!FE#!!HE#!!JE#!!LE#!!NE#!!PE#!!RE#!!TE#!!VE#!!XE#!!ZE#!!]E#!!_E#!!aE#!!cE#!!eE#!!gE#!!iE#!!kE#!!mE#!!oE#!!qE#!!sE#!!uE#!!wE#!!yE#!!{E#!!"
  "}E#!!!F#!!$F#!!&F#!!(F#!!*F#!!,F#!!.F#!!0F#!!2F#!!4F#!!6F#!!8F#!!:F#!!DF#!!FF#!!KF#!!c.'!!e.'!!g.'!!i.'!!k.'!!m.'!!o.'!!q.'!!s.'!!u.'!!w.'!!y.'!!{.'!!}.'!!!/'!!",
  "$/'!!&/'!!(/'!!*/'!!,/'!!./'!!0/'!!2/'!!G/'!!I/'!!K/'!!M/'!!O/'!!Q/'!!S/'!!U/'!!W/'!!Y/'!![/'!!^/'!!`/'!!b/'!!21'!!41'!!61'!!81'!!:1'!!<1'!!>1'!!C1'!!E1'!!G1'!!I1'!!K1'!!M1'!!O1'!!Q1'!!S1'!!U1'!!W1'!!"
  "Y1'!![1'!!^1'!!`1'!!b1'!!d1'!!f1'!!h1'!!j1'!!l1'!!n1'!!p1'!!r1'!!t1'!!v1'!!x1'!!z1'!!|1'!!~1'!!#2'!!.2'!!02'!!22'#!52'!!72'!!92'!!;2'!!A2'!!C2'!!F2'!!H2'!!L2'!!N2'!!P2'!!R2'!!T2'!!V2'!!X2'!!Z2'!!]2'!!"
  "_2'!!a2'&!g2'&!m2'!!o2'!!q2'!!s2'!!u2'!!w2'!!y2'!!{2'%!#3'!!%3'#!*3'!!03'!!23'!!43'!!63'!!P3'!!ft);!J%*J!D'*F!N)*,!Z)*0!k)*(!s)*#!B=*U!]@*7!La*B!A@-B!WM0;!/N0;!eN0;!<O0!!>O0#!CO0!!FO0#!JO0%!OO0)!rO0;!"
  "JP0#!MP0%!SP0)!]P0(!!Q0#!%Q0%!*Q0&!0Q0!!4Q0(!WQ0;!/R0;!eR0;!<S0;!rS0;!JT0;!&U0:!bU0:!@V0:!{V0:!YW0:!7X0!!_,1D!",
};
static const char wm__uc_lut_ix[] =
    "!!%!5#X#t#e$~$~$~$~$~$~$~$~$~$~$~$$%$%$%%%%%%%%%%%%%%%%%%%(%(%J&]&]&k&k&k&k&k&k&k&k&k&k&k&M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'"
    "M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M'M's'e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e("
    "e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(e(f(";
static const wm__uct wm__uc_lut = {wm__uc_lut_s, wm__uc_lut_ix, 654, 5, 9, 1};
#ifndef WM_NO_UNICODE_NORM /* the NFC / NFKC / Lowercase normalizers' tables */
static const char *const wm__uc_nfc_s[2] = { /* [lo, hi - lo] ranges */
  "`!!$!e!!1!v!!*!(#!1!9#!*!i#!!!q#!!!s#!!!x#!!!{#!%!$$!$!($!$!,$!1!=$!'!E$!'!M$!1!_$!'!f$!'!m$!2!#%!5!9%!*!D%!'!K%!)!U%!(!_%!'!g%!3!{%!9!W&!#!g&!#!o&!!!|&!:!9'!'!B'!1!T'!F!{'!#!&(!/!7)!!!V)!*!!*!'!**!&!"
  "K*!r!@+!B!e+!!!k+!!!o+!!!u+!(!}+!!!!,!%!),!!!+,!!!-,!!!3,!!!5,!!!9,!!!=,!*!J,!!!L,!!!N,!!!T,!!!V,!!!Z,!!!_,!'!f,!(!)-!$!--!#!2-!!!9-!#!<-!!!@-!#!F-!$!J-!!!M-!!!O-!'!X-!!!^-!!!b-!!!f-!!!h-!!!k-!!!n-!!!"
  "p-!'!y-!!!~-!!!%.!!!).!!!+.!!!..!#!1.!!!4.!#!:.!$!S.!%!c.!&!E/!#!T/!%!Z/!+!g/!5!}/!#!U1!!!`1!O!12!!!32!#!62!#!92!!!'3!,!93!'!a3!!!c3!7!,4!!!14!%!~4!$!35!#!65!)!A5!'!I5!#!L5!%!t5!!!66!<!;8!*!N8!!!h8!%!"
  "m8!*!w8!$!{8!&!O9!$!2:!)!f:!9!!;!>!i;!#!q;!#!t;!#!};!!!1<!!!5<!%!<<!)!F=!!!H=!!!Q=!!!U=!$!b=!!!g=!#!j=!!!,>!!!c>!!!f>!!!l>!!!}>!!!,@!$!1@!!!4A!!!FA!!!ZB!!!]B!!!fB!#!jB!$!uB!#!{B!#!UC!!!WC!!!%D!!!-D!#!"
  "1D!%!>D!!!IE!!!SE!!!UE!!!ZE!!!cE!#!oF!!!rF!#!uF!!!yF!$!}F!#!#G!!!+G!#!6H!#!9H!!!BH!#!FH!%!SH!!!lI!!!qI!!!{I!#!~I!%!zJ!!!!K!$!2K!%!CL!!!HL!$!XL!%!mL!#!AM!!!MM!#!kM!!!mM!!!oM!!!yM!!!&N!!!+N!!!0N!!!5N!!!"
  "CN!!!KN!.!ZN!&!aN!#!nN!!!xN!!!}N!!!%O!!!*O!!!7O!!!EO!!!IP!#!RP!!![P!!!^P!#!VQ!!!kR!!!oR!4!uS!6!aT!<!NY!$!xd!#!;e!!!#g!!!.g!!!Ei!!!{j!$!Gm!#!4n!!!Jn!)!Tn!!!)o!/!8o!1!#p!+!/p!#!Sp!#!Yp!,!.q!*!oq!#!Or!!!"
  "[r!#!Es!!!'u!$!+u!.!9u!(!Eu!!!Lu!!!Pu!#!(v!$!,v!,!8v!3!Lv!=!vv!!!<w!n$0z!}!5{!7!N{!'!V{!H!!|!'!*|!)!3|!!!5|!!!7|!!!9|!A![|!W!5}!0!F}!/!V}!'!^}!4!s}!$!w}!*!$~!,!5~!!!;~!!!I~!$!T~!!!X~!#![~!#!b~!!!d~!!!"
  "m~!$!}~!!!(!#!!9!##!=!#<!Z!#.!s!#!!>##.!P##!!T##-!p##%!u##$!y##,!($##!,$#&!3$#$!7$#!!9$#!!;$#!!=$#%!C$#$!G$#(!O$#'!Y$#&!e$#R!B%#!!I%#!!K%#!!M%#!!S%##!h%#!!*&#%!/&#!!1&#!!b&##!g&##!j&##!%'#%!.'##!1'##!"
  ">'#!!D'#!!F'#$!J'#$!P'#!!d'#$!h'##!q'#2!'(#+!8(##!J(#!!P(##!S(#&!Z(#%!,)#%!6)#%!w)##!A-#R#<=#!!J>#$!W@#!!/E##!HF#$!nG#!!~G#!!'I#B!0K#!!)L#!!6L#B$%O#!!PO#'!]O#!!_O#$!mO#!!rO#9!.P#'!9P#0!`P#!!eP#(!rP#!!"
  "wP#9!3Q#'!>Q#0!`Q#%!eQ#!!hQ#%!nQ#$!FR#$#LS#/!`T#A!#U#J!TU#Q!(V#5&5/'!!:/'+!d/'%!]0'#!%2'!!M3'$!S3'#!b3'!!+4'!!j5'!!)6'3!v6'$!B7'!!G8'!!T8'!!2;'!!4;'$!9;'#!A;'#!D;'!!z;'!!(='%!5='!!`>'!!s>'~~s>(iBOc){$"
  "Nf)!!Pf)!!Sf)+!_f)!!af)!!df)#!if)g!Sg)0#,i)(!@i)&!Ji);!fi)&!li)!!ni)#!qi)#!ti)2#Jk)}%[o)c!Bp)X!Eq).!fq)+!vq)G!Ar)-!Nr)4!cr)%!kr)$!or)!!qr)N#Et))$Pv)'!Xv)'!av)'!iv)$!ov)(!wv)(!j|)!!:!*!!w#*&!</*&!C/*L!"
  "o/**!L6*!!N6*!!x6*$!!7*!!o8*#!/@*%!KD*#!BE*$!/F*,!mF*%!{H*!!II*!!XI*!!sI*%!!J*!!(J*!!6J*#!!K*$!JK*!!QK*#!TK*%!:L*!!,M*!!6M*!!GN*#!EP*#!;Q*#!>Q*!!HQ*!!LQ*$!XQ*!!hQ*(!rQ*&!1T*!!5T*!!NT*!!EU*!!NU*'!WU*#!"
  "2X*!!;X*%!CX*#!iY*!!([*#!C]*!!@`*#!%c*!!*c*!!-c*!!2c*#!8c*!!|d*!!ue*!!+f*!!!g*!!^k*!!On*!!Qn*#!Io*!!+t*#!#6-&!e6-(!)E-#!lg/!!1F0-!AF0'!OF0)!YF0(!!G0%!3G0'!aH0$!",
  "WM0x!RN0j!>O0#!CO0!!FO0#!JO0%!OO0-!]O0!!_O0(!gO0d!MP0%!SP0)!]P0(!eP0=!%Q0%!*Q0&!0Q0!!4Q0(!<Q0f%&U04%;X0T!Ap0(!Ip02!]p0(!ep0#!hp0&!rp0a!vq0!!as0(!sw0!!Ux0%!2~0%!-,1(!G-1(!e:1%!j:1<!);1#!,;1!!/;1!!1;1+!"
  "<;1%!B;1!!D;1!!K;1!!P;1!!R;1!!T;1!!V;1$!Z;1#!^;1!!a;1!!c;1!!e;1!!g;1!!i;1!!k;1#!n;1!!q;1%!v;1(!~;1%!&<1%!+<1!!-<1+!8<12!O<1$!S<1&!Y<12!0D1,!AD1A!bD1B!@E1$!gE1!!|F1$!/G1N!aG1*!qG1#!xc1+!$P9z'",
};
static const char wm__uc_nfc_ix[] =
    "!!4!D!K!f!(#.#:#>#G#V#_#k#w##$*$@$F$I$I$J$J$J$J$N$O$P$V$_$f$k$m$}$3%L%c%d%e%e%e%e%e%e%h%h%j%m%o%p%%&'&*&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&"
    "+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&+&/&2&6&:&A&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&D&"
    "D&D&D&D&D&E&E&E&E&E&E&E&E&E&E&E&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&F&O&W&W&[&d&k&";
static const wm__uct wm__uc_nfc = {wm__uc_nfc_s, wm__uc_nfc_ix, 590, 5, 9, 1};
static const char *const wm__uc_lower_s[1] = { /* [lo, hi - lo, 2 lo's lowercase + 1 if every other]: lo + i's is lo's + i */
  "e!!;!.$!,$!8!x&!E$!(!L'!n$!Q!`'!B%!!!>$!D%!&!i(!K%!0!w(!]%!O!<)!.&!!!Z'!/&!&!@*!7&!!!)/!8&!$!R*!<&!!!+/!=&!!![*!@&!#!//!B&!!!d*!E&!!!O,!F&!!!5/!G&!!!9/!H&!!!p*!J&!!!D/!K&!!!J/!M&!!!V/!N&!!!T/!O&!!!~*!"
  "S&!!!c/!T&!!!i/!V&!!!o/!W&!&!2+!^&!!!(0!_&!!!@+!a&!!!.0!d&!!!J+!f&!!!80!g&!!!P+!i&!#!<0!k&!$!Y+!o&!!!M0!p&!!!c+!t&!!!k+!|&!!!}+!}&!!!}+!!'!!!&,!#'!!!&,!%'!!!,,!&'!2!-,!9'!2!T,!M'!!!|,!N'!$!},!R'!!!v*!"
  "S'!!!o+!T'!I!,-!}'!!!++!!(!2!%.!:(!!!kg$;(!!!W.!=(!!!#+!>(!!!mg$B(!!!d.!D(!!!K*!E(!!!:0!F(!!!A0!G(!*!o.!a+!$!E5!g+!!!P5!p+!!!68!w+!!!`6!y+!$!b6!}+!!!D7!!,!#!F7!%,!2!j6!7,!*!17!e,!!!Z7!n,!8!`7!--!!!x6!"
  "0-!!!A8!2-!!!48!3-!!!G8!6-!$!X5!9-!1!::!J-!B!V9!>.!C!_:!j.!W!W;!D/!!!'=!E/!.!k<!T/!%#,=!Z0!H!:A!jQ!H!3k$4R!!!&l$:R!!!2l$5Z!s!WY,*[!'!C7#;t!!!Wi#Ct!M!Y%#qt!$!X&#Gx!]#oq#.z!!!v&!0z!%#Bu#={!)!Iw#N{!'!jw#"
  "_{!)!-x#o{!)!Nx#!|!'!ox#3|!(!5y#C|!)!Sy#d|!)!7z#t|!)!Xz#'}!)!yz#7}!#!<{#9}!#!ty#;}!!!C{#H}!%!xy#L}!!!d{#X}!#!~{#Z}!#!#z#i}!#!B|#k}!#!+z#m}!!!L|#y}!#!'z#{}!#!/z#}}!!!i|#9$#!!=7!=$#!!C$!>$#!!%'!F$#!!F'$"
  "u$#1!.($;%#!!W($;.#;!-;$kC#R![f$pD#!!cg$rD#!!Z/!sD#!!wn#tD#!!!0!wD#&!rg$}D#!!%/!~D#!!g/!!E#!!#/!#E#!!'/!%E#!!*h$(E#!!0h$1E##!^.!3E#)#Hh$DF#$!ij$KF#!!vj$c.'O!I;,G/'<!o<,21'.!FA,C1'`!gA,.2'$!=C,22'!!on#"
  "32'*!HC,A2'!!bC,C2'!!N/!F2'$!mC,L2'4!yC,a2'!!P/!b2'!!;/!c2'!!F/!d2'!!]/!e2'!!X/!g2'!!f0!h2'!!60!i2'!!d0!j2'!!yX,k2'0!YD,{2'!!rC,|2'!!,0!}2'!!<o#~2'$!#E,%3'!!L/!&3'!!,E,*3'!!4E,03'&!BE,63'!!%+!P3'!!#F,"
  "ft);!0k1J%*J!g)2D'*F!Z-2N)*,!m12Z)*0!(22k)*(!I22s)*#!Y22B=*U!*[2]@*7!{_2La*B!ZC3A@-B!D_8_,1D!&8A",
};
static const char wm__uc_lower_ix[] =
    "!!%!V!c!s!y!{!{!{!{!{!{!{!{!{!{!{!~!~!~!##################&#&#)#A#A#G#G#G#H#H#H#H#H#H#H#H#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#"
    "X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#X#Z#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#"
    "x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#x#y#";
static const wm__uct wm__uc_lower = {wm__uc_lower_s, wm__uc_lower_ix, 187, 8, 8, 1};
static const char *const wm__uc_ccc_s[1] = { /* [lo, hi - lo, canonical combining class] runs */
  "K*!6!S$a*!!!U$b*!%!I$f*!!!U$g*!!!E$h*!&!I$m*!#!6$o*!%!I$s*!#!6$u*!,!I$#+!&!#!(+!%!I$,+!)!S$4+!!!^$5+!!!S$6+!$!I$9+!$!S$<+!#!I$@+!$!S$C+!%!I$G+!!!S$H+!!!U$I+!#!I$K+!!!S$L+!!!V$M+!#!W$O+!!!V$P+!#!W$R+!!"
  "!V$S+!.!S$c.!&!S$`1!!!I$a1!%!S$e1!!!I$f1!$!S$i1!!!K$j1!!!I$k1!'!S$q1!'!I$w1!#!S$y1!!!I$z1!#!S$|1!!!K$}1!!!Q$~1!!!S$!2!!!,!#2!!!-!$2!!!.!%2!!!/!&2!!!0!'2!!!1!(2!!!2!)2!!!3!*2!!!4!+2!#!5!-2!!!6!.2!!!7!/"
  "2!!!8!12!!!9!32!!!:!42!!!;!62!!!S$72!!!I$92!!!4!'3!)!S$/3!!!A!03!!!B!13!!!C!d3!!!=!e3!!!>!f3!!!@!g3!!!A!h3!!!B!i3!!!C!j3!!!D!k3!!!E!l3!#!S$n3!#!I$p3!&!S$u3!!!I$v3!#!S$x3!!!I$,4!!!F!75!(!S$A5!%!S$E5!!!"
  "I$F5!!!S$I5!#!S$L5!!!I$M5!#!S$O5!!!I$t5!!!G!66!!!S$76!!!I$86!#!S$:6!!!I$;6!#!S$=6!$!I$A6!!!S$B6!#!I$D6!!!S$E6!!!I$F6!$!S$I6!!!I$J6!!!S$K6!!!I$L6!!!S$M6!!!I$N6!!!S$O6!!!I$P6!#!S$;8!(!S$C8!!!I$D8!!!S$N8"
  "!!!I$h8!%!S$m8!*!S$w8!$!S${8!&!S$O9!$!I$2:!!!S$3:!$!I$6:!%!S$f:!&!S$k:!&!I$p:!/!S$!;!!!I$#;!#!S$%;!!!I$&;!#!S$(;!!!I$);!$!S$,;!$!I$/;!!!=!0;!!!>!1;!!!@!2;!$!S$5;!!!I$6;!#!S$8;!#!I$:;!&!S$};!!!)!1<!!!+"
  "!5<!!!S$6<!!!I$7<!#!S$F=!!!)!W=!!!+!,>!!!S$l>!!!)!}>!!!+!4A!!!)!FA!!!+!ZB!!!)!lB!!!+!4D!!!+!IE!!!)!ZE!!!+!cE!!!x!dE!!!!#oF!!!)!#G!!!+!6H!#!+!IH!!!+!lI!!!+!!K!#!.#$K!!!+!2K!%!2#HL!#!=#JL!!!+!XL!%!B#MM!"
  "#!I$kM!!!I$mM!!!I$oM!!!E$KN!!!I#LN!!!J#NN!!!L#TN!%!J#ZN!!!J#]N!#!S$_N!!!+!aN!#!S$EO!!!I$[P!!!)!^P!#!+!VQ!!!I$NY!$!S$xd!#!+!;e!!!+!#g!!!+!.g!!!S$Ei!!!Q${j!!!K$|j!!!S$}j!!!I$Gm!!!S$Hm!!!I$4n!!!+!Jn!)!S$"
  "Tn!!!I$)o!&!S$.o!'!I$4o!#!S$6o!!!I$8o!#!I$:o!#!S$<o!#!I$>o!&!S$Do!!!I$Eo!%!S$Sp!!!)!dp!!!+!.q!!!S$/q!!!I$0q!(!S$oq!#!+!Or!!!)![r!#!+!Es!!!)!'u!$!S$+u!!!#!,u!&!I$1u!#!S$3u!%!I$7u!!!S$9u!(!#!Eu!!!I$Lu!!"
  "!S$Pu!#!S$cw!#!S$ew!!!I$fw!(!S$mw!!!I$nw!#!S$pw!!!W$qw!!!C$rw!!!I$sw!!!6$tw!G!S$<x!!!U$=x!#!Q$@x!!!I$Ax!!!G$Bx!!!S$Cx!!!V$Dx!!!I$Ex!!!S$Fx!!!I$>###!S$A###!#!C##%!S$G##$!#!J###!S$P##!!S$T###!#!V##!!S$W"
  "##!!I$X##!!S$Y###!#![##%!I$`##!!S$HF#$!S$~G#!!+!'I#B!S$PO#!!G$QO#!!Q$RO#!!U$SO#!!K$TO##!M$eP##!*!5/'!!S$:/'+!S$f/'#!S$]0'#!S$b3'!!+!+4'!!+!j5'!!+!)6'3!S$v6'$!I$B7'!!+!G8'!!)!T8'!!+!2;'!!S$4;'#!S$6;'!!"
  "I$9;'#!S$A;'#!S$D;'!!S$z;'!!+!`>'!!+!Ki)!!<!vq)(!S$}q)(!I$'r)#!S$j|)!!I$:!*!!I$w#*&!S$L6*!!I$N6*!!S$x6*!!S$y6*!!#!z6*!!I$!7*!!+!o8*!!S$p8*!!I$/@*%!S$KD*#!S$BE*$!I$/F*#!I$1F*$!S$4F*!!I$5F*!!S$6F*%!I$mF"
  "*!!S$nF*!!I$oF*!!S$pF*!!I${H*!!+!II*!!+!XI*!!+!6J*!!+!7J*!!)!!K*$!S$VK*#!+!:L*!!)!,M*!!+!6M*!!)!GN*!!+!HN*!!)!EP*!!)!FP*!!+!;Q*#!)!NQ*!!+!hQ*(!S$rQ*&!S$1T*!!+!5T*!!)!NT*!!S$WU*!!+!XU*!!)!CX*!!+!DX*!!)"
  "!iY*!!+!([*!!+!)[*!!)!C]*!!+!@`*!!+!A`*!!)!2c*#!+!8c*!!)!|d*!!+!ue*!!+!+f*!!+!!g*!!+!^k*!!+!On*!!)!Qn*#!+!Io*!!+!+t*#!+!#6-&!#!e6-(!S$)E-#!(!lg/!!#!8F0#!E$:F0$!#!AF0!!O$BF0&!E$OF0)!I$YF0&!S$_F0#!I$!G0"
  "%!S$aH0$!S$Ap0(!S$Ip02!S$]p0(!S$ep0#!S$hp0&!S$vq0!!S$as0(!S$sw0!!S$Ux0%!S$2~0#!U$4~0!!I$5~0!!S$-,1(!I$G-1'!S$M-1!!)!",
};
static const char wm__uc_ccc_ix[] =
    "!!!!!!!!A!B!d!!#:#U#^#b#e#k#n#t#$$'$'$'$($($($($,$-$0$@$H$S$g$g$g$t$t$t$t$t$t$t$t$t$t$t$t$u$w$w$w$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$"
    "}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$}$$%$%(%,%3%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%"
    "4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%4%5%5%5%8%8%";
static const wm__uct wm__uc_ccc = {wm__uc_ccc_s, wm__uc_ccc_ix, 388, 7, 9, 1};
static const char *const wm__uc_dec_s[11] = { /* [lo, hi - lo, lo's 2 c + compat. (of c alone) or 0x60000 + (2 pool offset + compat.) 17 + length - 2]: lo + i's is lo's + 2 i (or 34 length i) */
  "i#!!!e!!q#!!!8ORs#!!!/$!x#!!!~OR{#!#!,#!}#!!!gPR~#!!!$7!$$!!!OQR%$!!!*#!&$!!!L$!($!$!8RR,$!'!HUR3$!*!uYR=$!'![aRF$!&!+fRM$!'!piRT$!*!@nR_$!'!&uRg$!&!SyRm$!2!:}R#%!5!|,S9%!*!w;SD%!#!oCSF%!%!.ESK%!'!-HS"
  "Q%!#!lLSU%!'!+NS[%!!!jRS_%!'!ASSg%!3!nWS{%!8!:fS5&!!!T$!W&!#!LwSg&!#!zxS|&!*!]zS('!1!1$T9'!'!-0TB'!,!Z4TM'!$!#=TP'!#!(@TT'!F!VAT{'!#!M]T&(!/!{^TV)!!!=$!W)!!!Q/!X)!!!B$!Y)!!!R$!Z)!!!x/![)!!!|/!])!!!+0!"
  "^)!!!]$!_)!!!a$!!*!'!ZiT**!!!K/!+*!!!F$!,*!!!T$!-*!!!_$!.*!!!T0!/+!#!t2!2+!!!=3!3+!!!vmTe+!!!@1!k+!!!pnTo+!!!=#!u+!!!XoTv+!#!/pTx+!!!$&!y+!$!^qT}+!!!tsT!,!$!]tT>,!(!svT`,!&!+|Tf,!!!m6!g,!!!y6!h,!!!R6!"
  "i,!#!p!Uk,!!!87!l,!!!,7!)-!!!}6!*-!#!.7!--!!!76!.-!!!s6!2-!!!N6!9-!#!A$U<-!!!o%UA-!!!W&UF-!$!@'US-!!!V)Ut-!!!>*U..!#!'+U1.!!!U,U5.!!!=-U:.!$!&.UU.!#!<0UE/!#!k1UT/!%!;3UZ/!#!:6U_/!'!i7Ug/!'!8<Uo/!-!fAU"
  "}/!#!cJUU1!!!ELU93!&!yLU14!%!rPU~4!!!`SU#5!!!HTU45!!!0UUj;!!!vUUr;!!!_VUu;!!!GWU<<!)!/XUU=!#!-_Ug=!#![`Uj=!!!,bUc>!!!rbUf>!!!ZcU,@!$!CdU1@!!!YfUgB!!!BgUjB!#!*hU{B!#!XiUWC!!!)kU1D!$!okUUE!!!(nUsF!!!nnU"
  "zF!#!VoU}F!#!'qUFH!$!UrU|I!!!ltU~I!$!TuUzJ!!!|wUCL!!!exUmL!#!MyUAM!!!_x!yM!!!jzU&N!!!R{U+N!!!:|U0N!!!#}U5N!!!i}UCN!!!Q~UMN!!!9!VON!#!!#VQN!!!b$VRN!!!8%VSN!!!2&V[N!!!g&VnN!!!O'VxN!!!7(V}N!!!}(V%O!!!f)V"
  "*O!!!N*V7O!!!6+VJP!!!|+VkR!!!s%#$p!!!e,V&p!!!M-V(p!!!5.V*p!!!{.V,p!!!d/V0p!!!L0VZp!!!41V]p!!!z1V`p!#!c2Vcp!!!34V(v!!!K#!)v!!!D&!*v!!!M#!,v!#!Q#!.v!!!i*!/v!)!W#!8v!!!h#!9v!!!#.!:v!!!j#!;v!!!n#!<v!#!r#!"
  ">v!!!x#!@v!!!/$!Av!#!$/!Cv!!!6l#Dv!!!1$!Ev!#!5$!Gv!!!6/!Hv!#!:/!Jv!!!;$!Lv!!!D$!Mv!!!H$!Nv!!!<)!Ov!!!L$!Pv!!!,/!Qv!#!`l#Sv!!!N$!Tv!#!V$!Vv!!!nl#Wv!!!d/!Xv!!!Z$!Yv!!!~l#Zv!$!m6!^v!#!87!`v!!!@$!av!!!R$!"
  "bv!#!X$!dv!#!m6!fv!!!.7!gv!#!87!vv!!!r9!<w!!!(/!=w!!!3$!>w!!!./!@w!!!<'!Aw!!!</!Bw!!!9$!Cw!!!C/!Dw!!!G/!Ew!!!O/!Fw!$!U/!Iw!!!tn#Jw!!!e0!Kw!!!`/!Lw!!!+o#Mw!!!i0!Nw!!!h/!Ow!!!f/!Pw!%!j/!Tw!!!v/!Uw!#!-0!"
  "Ww!!!G+!Xw!#!;0!Zw!!!ll#[w!#!@0!^w!!!c$!_w!$!J0!bw!!!y6!Gx!b#y4V*z!!!4NW+z!!!iNW0z!}!QOW5{!7!i6XN{!'!4HXV{!H!bLX!|!'!)jX*|!)!VnX3|!!!TtX5|!!!<uX7|!!!%vX9|!3!kvXL|!!!`6!M|!!!7'YN|!!!b6!O|!!!}'YP|!!!d6!"
  "Q|!!!f(YR|!!!f6!S|!!!N)YT|!!!D7!U|!!!6*YV|!!!F7!",
  "W|!!!|*YX|!!!H7![|!W!e+Y5}!&!@TY:}!!!o5!;}!!!'XY<}!!!~XY=}!!!z6!>}!#!gYYA}!%!&[YF}!$!%_YI}!!!s5!J}!!!;aYK}!!!u5!L}!(!$bYS}!!!&6!V}!&!9gY[}!!!w5!^}!'!~jYd}!!!h6!e}!(!NoYl}!!!!6!m}!#!dtYo}!!!m5!p}!!!,$!"
  "s}!$!4vYw}!$!KxYz}!!!{5!{}!!!bzY|}!!!$6!}}!!!J{Y~}!!!{%!!~!!!D|Y$~!#!*}#&~!!!e!!'~!!!e!!(~!!!e!!)~!!!e!!*~!!!e!!+~!!!e!!,~!!!e!!-~!!!e!!.~!!!e!!5~!!!H}#;~!!!,}YI~!!!$#!J~!!!r}YK~!!![~YT~!!!e!!X~!!!f!Z"
  "Y~!!!O#Z[~!!!Y$Z]~!!!C%Zb~!!!M&Zd~!!!5'Zm~!$!{'Z}~!!!6*Z(!#!!e!!9!#!!(#!:!#!!@$!=!#'!0#!D!#!!{!!E!#!!d+$F!#!!C#!G!##!u!!I!#!!J$!J!#+!(#!T!#!!{!!U!#!!d+$V!#!!C#!W!##!u!!Z!#!!/$![!#!!7$!]!#!!L$!^!#!!_$!"
  "_!#!!6/!`!#!!=$!a!#%!D$!e!#!!N$!f!##!T$!s!#!!c+Zp###!L,Zr##!!O#!s##!!b.Zu###!K/Zw##!!m*!y##!!a1Zz##!!;$!{##!!Y#!|##!!Y#!}##!!Y#!~##!!=$!!$#!!P(!#$#!![#!$$#!![#!%$#!!b#!&$#!!F$!($#!!f#!)$#!!I2Z,$#$!j#!"
  "/$#!!n#!0$#!!n#!3$#!!13Z4$#!!x3Z5$#!!%5Z7$#!!~#!9$#!!Y6!;$#!!~#!=$#!!_#!>$#!!A&!@$##!M#!C$#!!7$!D$##!S#!G$#!!d#!H$#!!L$!I$#%!eC!M$#!!@$!O$#!!l5ZP$#!!,7!Q$#!!o6!R$#!!-6!S$#!!H6!T$#!!b+$Y$#!!Q#!Z$##!5$!"
  "]$##!@$!e$##!w6Zg$#!!19Zh$#-!_:Zt$#!!*IZu$#!![#!v$#!!pIZw$#!!YJZx$#!!dKZy$#!!v#!z$#!!LLZ{$#!!5MZ|$#!!BNZ}$#!!nOZ~$#!!z#!!%#!!VPZ#%#!!@QZ$%#!!b#!%%##!O#!'%#!!d#!(%#!!@$!)%#!!JRZ*%#!!3SZ+%#!!=TZ,%#!!Z$!"
  "-%#!!&UZ.%#!!mUZ/%#!!yVZ0%#!!HXZ1%#!!_$!2%#!!0YZ3%#!!wYZ4%#!!F$!5%##!3$!7%#!!H$!B%#!!%[ZS%##!{[Zh%#!!L^Z*&#$!4_Zc&#!!KaZh&#!!3bZk&#!!ybZ&'#!!bcZ('#!!JdZ.'#!!DeZ/'#!!-fZ1'#!!7gZ2'#!!~gZD'#!!whZG'#!!`iZ"
  "J'#!!HjZL'#!!0kZd'#!!vkZf'#!!_lZq'#&!GmZx'##!.qZ|'##!]rZ'(##!-tZ+(##![uZ/(##!,wZT(#%!ZxZ,)#%!Y{Z6)#%!X~Zw)##!8|$A-#*!*#!J-#,!i$[U-#*!~,[_-#,!*7[j-#*!QH[s-#G!8O[;.#;!K#!V.#;!/$!q.#!!(#!<=#!!fy[J>#!!5{["
  "K>#!!@|[L>#!!)}[W@#!!!~[/E#!!B$!0E#!!v#!nG#!!Am$0K#!!T`()L#!!+s+6L#!!sn&7L#!!ho&8L#!!'p&9L#!!9p&:L#!!op&;L#!!lq&<L#!!zq&=L#!!Fr&>L#!!{r&@L#!!.$'AL#!!|$'BL#!!+%'CL#!!Z%'DL#!!&&'EL#!!Q&'FL#!!a''GL#!!.('"
  "HL#!!E('IL#!!k+'JL#!!q-'KL#!!M.'LL#!!W.'ML#!!7/'NL#!!J/'OL#!!$0'PL#!!>0'QL#!!r0'RL#!!!2'SL#!!G2'TL#!!~2'UL#!!ZD'VL#!!3F'WL#!!=P'XL#!!mP'YL#!!}P'ZL#!!6Q'[L#!![Q']L#!!<S'^L#!!j^'_L#!!o_'`L#!!Mb'aL#!!|b'"
  "bL#!!Fc'cL#!!sc'dL#!!'e'eL#!!-e'fL#!!)m'gL#!!=m'",
  "hL#!!Vm'iL#!!qm'jL#!!Gp'kL#!!Wp'lL#!!bp'mL#!!9s'nL#!!Ns'oL#!!is'pL#!!ys'qL#!!;u'rL#!!_u'sL#!!&v'tL#!!mw'uL#!!W'(vL#!!X((wL#!!&)(xL#!!>9(yL#!!I9(zL#!!8;({L#!!Y;(|L#!!t;(}L#!!B<(~L#!!4=(!M#!!>=(#M#!!2D("
  "$M#!!dD(%M#!!HE(&M#!!g[('M#!!3^((M#!!c^()M#!!|_(*M#!!P`(+M#!!c`(,M#!!q`(-M#!!~a(.M#!!+b(/M#!!mb(0M#!!Rz(1M#!!B')2M#!!Z')3M#!!e')4M#!!m')5M#!!}')6M#!!E()7M#!!I()8M#!!4*)9M#!!z.):M#!!'/);M#!!Q6)<M#!!f6)"
  "=M#!!o7)>M#!!}7)@M#!!28)AM#!!C8)BM#!!C:)CM#!!Q:)DM#!!R@)EM#!!a@)FM#!!hA)GM#!!-B)HM#!!0C)IM#!!DH)JM#!!RH)KM#!!uH)LM#!!)P)MM#!!qR)NM#!!}R)OM#!!}V)PM#!!uX)QM#!!vY)RM#!!5c)SM#!!.f)TM#!!hr)UM#!!Bs)VM#!!Yt)"
  "WM#!!eu)XM#!!5w)YM#!!Lw)ZM#!!Xw)[M#!!>x)]M#!!}y)^M#!!4z)_M#!!m$*`M#!!{$*aM#!!0%*bM#!!C%*cM#!!d%*dM#!!%&*eM#!!-&*fM#!!r'*gM#!!z'*hM#!!)(*iM#!!^=*jM#!!=>*kM#!!ZI*lM#!!sI*mM#!!EJ*nM#!!YP*oM#!!tP*pM#!!KR*"
  "qM#!!LS*rM#!!w`*sM#!!8a*tM#!!Wa*uM#!!Bb*vM#!!0c*wM#!!Sg*xM#!!lg*yM#!!:i*zM#!!en*{M#!!Go*|M#!!~s*}M#!!Lt*~M#!!Vt*!N#!!Gy*#N#!!K}*$N#!!3#+%N#!!@#+&N#!!J#+'N#!!{7+(N#!!08+)N#!!X;+*N#!!|>++N#!!%@+,N#!!(A+"
  "-N#!!EC+.N#!!`C+/N#!!hC+0N#!!vC+1N#!!'F+2N#!!mF+3N#!!yF+4N#!!8G+5N#!!wJ+6N#!!%L+7N#!!-L+8N#!!/P+9N#!!5P+:N#!!]P+;N#!!1V+<N#!!6W+=N#!!EW+>N#!!wX+@N#!!.Y+AN#!!4Y+BN#!!IY+CN#!!)Z+DN#!!ic+EN#!!Ul+FN#!!jl+"
  "GN#!!Zm+HN#!!*n+IN#!!:n+JN#!!On+KN#!!Wn+LN#!!Lo+MN#!!To+NN#!!wo+ON#!!$p+PN#!!>p+QN#!!vp+RN#!!7q+SN#!!Hq+TN#!!dr+UN#!!%s+VN#!!-s+%O#!!e!!]O#!!N|$_O#!!J/'`O##!P/'sO#!!h~[uO#!!P!]wO#!!8#]yO#!!~#]{O#!!g$]"
  "}O#!!O%]!P#!!7&]$P#!!}&]&P#!!f'](P#!!N(]*P#!!6)],P#!!|)]/P#!!e*]1P#!!M+]3P#!!5,]:P##!{,]=P##!L.]AP##!z/]DP##!K1]GP##!y2]`P#!!J4]gP##!D5]jP#!!a6]kP#!!Z7]xP#!!18]zP#!!w8]|P#!!`9]~P#!!H:]#Q#!!0;]%Q#!!v;]"
  "'Q#!!_<])Q#!!G=]+Q#!!/>]-Q#!!u>]/Q#!!^@]1Q#!!FA]4Q#!!.B]6Q#!!tB]8Q#!!]C]@Q##!ED]CQ##!sE]FQ##!DG]IQ##!rH]LQ##!CJ]eQ#!!qK]hQ#%!YL]oQ#!!XO]pQ#!!RP]FR##!`&#HR#!!G*#IR#!!d&#JR##!K*#LR#$!f&#OR#'!S*#UR#!!7'#"
  "VR#$!l&#YR#!!F'#ZR#+!r&#eR#6!l(#zR#!!j(#{R##!+'#}R##!%+#!S#!!/+##S#!!3+#$S#!!=+#%S#!!F+#&S#!!J+#'S#!!;'#(S#!!R+#)S#!!V+#*S##!='#,S#!!D'#-S##!H'#/S#!!R'#0S#!!V'#1S#&!Z'#6S#!!i'#7S#!!q'#8S#!!((#9S#!!6(#"
  ":S#!!A(#;S##!{+#=S#$!W(#AS##!V)#CS#!!_)#DS##!q)#",
  "FS#!!w)#GS#!!.*#HS#!!4*#LS#!!sn&MS#!!zq&NS#!!(o&OS#!!cD'PS#!!*o&QS#!!ro&RS#!!,o&SS#!!G8)TS#!!op&US#!!Io&VS#!!un&WS#!!`Q'XS#!!VF'YS#!!{r&`T#/!;Q]nT#0!}a]}T#!!Jx]~T#!!%{]#U#F!8}]HU#!!~:'IU#!![p'JU#!!8;("
  "KU#!!4^)TU#!!YI^UU#0!dJ^eU#!!`&#fU##!d&#hU#$!j&#kU#!!r&#lU##!v&#nU#&!|&#sU#/!wU^$V#!!Ha^%V#!!:c^&V#!!gd^(V#!!sn&)V#!!zq&*V#!!(o&+V#!!cD',V#!!-r&-V#!!/%'.V#!!yn&/V#!!+%'0V#!!wp&1V#!!J/'2V#!!dD(3V#!!Rz("
  "4V#!!mb(5V#!!HE(6V#!!J#+7V#!!3F'8V#!!>=(9V#!!)K(:V#!!fD(;V#!!1P)<V#!!w3'=V#!!)))>V#!!8c*@V#!!qP)AV#!!A,'BV#!!US)CV#!!Q8)DV#!!<S'EV#!!Rx*FV#!!a#'GV#!!M0'HV#!!if(IV#!!AG+JV#!!st&KV#!!,&'LV#!!5^(MV#!!*o&"
  "NV#!!ro&OV#!!,o&PV#!!@m'QV#!!B3'RV#!!=/'SV#!!A`'TV#!!9_'UV#!!wB)VV#!!Rt&WV#!!)d*XV#!!q/'YV#!!EQ'ZV#9!Oe^sV#$!Jw^vV#!!kz^wV#!!T{^xV#!!_|^yV#!!H}^zV#!!^!%{V#!!b!%|V#!!f!%}V#!!j!%~V##!n!%#W#!!t!%$W#!!x!%"
  "%W#!!|!%&W#!!##%'W#!!'#%(W#!!+#%)W#!!/#%*W#!!3#%+W#!!7#%,W#!!;#%-W#!!@#%.W#!!F#%/W#!!J#%0W#!!N#%1W#'!R#%7W#!!c#%8W#!!i#%9W#!!o#%:W#!!u#%;W#&!{#%AW#!!*$%BW#!!.$%CW#'!2$%IW#%!A$%MW#!!R~^NW#$!<!_QW#!!i&_"
  "RW#!!u'_SW##!E)_UW#!!^+_VW#!!P-_WW#$!}._ZW##!C2_]W##!A5__W#!!V7_`W#!!@8_aW##!L9_cW#!!I<_dW#!!4=_eW#!!)@_fW#!!>B_gW#!!0D_hW##!=E_jW#!!$I_kW#$!QJ_nW#!!tM_oW#!!FO_pW#!!8Q_qW#$!fR_tW#%!)V_xW##!)Y_zW#!!B[_"
  "{W#!!3^_|W#!!@__}W#!!o`_~W#!!ab_!X##!kc_$X#!!>e_%X#!!1g_&X#!!ah_'X#!!Rj_(X#!!`k_)X#!!Pm_*X#&!9n_/X#!!ss_0X#!!Cu_1X#!!Mv_2X#$!6w_5X#!!Yz_6X#$!)|_9X#!!M!`:X#!!@$`;X#!!l%`<X#!!W&`=X#!!H(`>X##!2)`AX#$!0,`"
  "DX#!!S/`EX#!!!1`FX#!!i1`GX#!!u2`HX#!!D4`IX#!!/5`JX#!!~6`KX#+!+8`UX#1!X@`fX##!QR`hX#!!#T`iX#$!-U`lX##!EW`nX#&!ZY`sX#!!D^`tX#)!p_`|X#!!oe`}X#!!{f`~X#(!Jh`(Y#%!am`,Y#+!/r`6Y##!]y`8Y#!!r{`9Y#$![|`<Y#!!|!a"
  "=Y##!f#a@Y#!!}%aAY#!!L'aBY#%!5(aFY#!!e,aGY#!!Y.aHY#3!l0aZY#!!:>a[Y#$!g@a_Y#!!!Ca`Y#!!ODaaY#+!YEakY#!!)MalY##!3NanY##!cOapY#!!xQaqY#!!cRarY#!!2TasY#%!<UawY##!<XayY#*!RZa%Z#8!9bad/'!!/:!e/'!!3:!%2'!!'C,"
  "M3'!!O#!N3'!!U#!O3'!!l#!S3'!!N(!T3'!!M)!(='!!NA,)='!!AX,*='!![/!+='!!xX,5='!!D0!Oc)!!;a*Pc)!!9D(Qc)!!Fo*Rc)!!*d*Sc)!!Pq(Tc)!!{o&Uc)!!$3'Vc)!!$s+Wc)!!$s+Xc)!!SR'Yc)!!I#+Zc)!!5<'[c)!!AR']c)!!1'(^c)!!6@)"
  "_c)!!Nt)`c)!!@=*ac)!!_F*bc)!!^M*cc)!!By*dc)!!KU(",
  "ec)!!sg(fc)!!x|(gc)!!w0)hc)!!$2*ic)!!0~*jc)!!.R+kc)!!eq&lc)!!V0'mc)!!,[(nc)!!!')oc)!!x<*pc)!!]j+qc)!!#j'rc)!!cw(sc)!!n:*tc)!!#P*uc)!!m+(vc)!!U$*wc)!!sH*xc)!!@r'yc)!!$E(zc)!!Zi({c)!!z+)|c)!!fz*}c)!!Jw&"
  "~c)!!i&'!d)!!8-'#d)!!z6($d)!!%Z(%d)!!i&)&d)!!~B)'d)!!4w)(d)!!(<*)d)!!{=**d)!!Wj*+d)!!bB+,d)!!SZ+-d)!!pi+.d)!!8L)/d)!!XQ)0d)!!ni)1d)!!N/*2d)!!1*+3d)!!il+4d)!!/X*5d)!!$P'6d)!!Ys'7d)!!kb)8d)!!zy)9d)!!V()"
  ":d)!!ZM);d)!!{c*<d)!!FA+=d)!!sO'>d)!!kd'@d)!!nU(Ad)!!(l(Bd)!!rr(Cd)!!Ag)Dd)!!.m)Ed)!!Z<+Fd)!!},'Gd)!!7z)Hd)!!W''Id)!!6''Jd)!!%U)Kd)!!Nj)Ld)!!C0*Md)!!S=+Nd)!!t[*Od)!!y+(Pd)!!KU(Qd)!!$Y*Rd)!!,p&Sd)!!)b'"
  "Td)!!Sy'Ud)!!!/)Vd)!!h9)Wd)!!P.'Xd)!!bN)Yd)!!bx&Zd)!!6w'[d)!!/o&]d)!!.f(^d)!!v:(_d)!!&g)`d)!!;2'ad)!!3M'bd)!!VC)cd)!!<2*dd)!!2W*ed)!!,`(fd)!!Kt*gd)!!^d(hd)!!|,(id)!!M**jd)!!S0(kd)!!Q9)ld)!!br&md)!!&%'"
  "nd)!!0''od)!!}L(pd)!!he)qd)!!s'*rd)!!'X*sd)!!E#+td)!!h-'ud)!!(5'vd)!!;S'wd)!!(s'xd)!!Y<(yd)!!,x(zd)!!eO){d)!!.9+|d)!!lT+}d)!!<m+~d)!!Pn+!e)!!j+'#e)!!8C($e)!!^^(%e)!!fr*&e)!!Jp''e)!!x$((e)!!F'()e)!!$6("
  "*e)!!=s(+e)!!F!),e)!!a4)-e)!!7S).e)!!`k)/e)!![y)0e)!!Hq*1e)!!w5*2e)!!|v*3e)!!d++4e)!!s('5e)!!z+'6e)!!j7'7e)!!U|(8e)!!LL*9e)!!2W*:e)!!=r';e)!!ux'<e)!!e/(=e)!!q_(>e)!!%b)@e)!!Z.)Ae)!!ss&Be)!!BE'Ce)!!)b'"
  "De)!!Bl'Ee)!!hy'Fe)!!z/)Ge)!!|3)He)!!yt)Ie)!!ex)Je)!!Y%+Ke)!!DA+Le)!!1C+Me)!!gG+Ne)!!Tw&Oe)!![R)Pe)!!k!+Qe)!!!@+Re)!!)~'Se)!!mq&Te)!!v~&Ue)!!7b'Ve)!!#d'We)!!];(Xe)!!KU(Ye)!!>%)Ze)!!D>)[e)!!66*]e)!!xx*"
  "^e)!!cr+_e)!!tA(`e)!!|;+ae)!!E+'be)!!6G(ce)!!rI(de)!!dh(ee)!!Ap(fe)!!r1)ge)!!89)he)!!RK)ie)!!_f)je)!!;I+ke)!!.%'le)!!G((me)!!Y=+ne)!!'{&oe)!!mh'pe)!!Il(qe)!!Pq*re)!!Vv'se)!!9#(te)!!_J(ue)!!!/)ve)!!v=+"
  "we)!!:)'xe)!!z3'ye)!!qd'ze)!!>>({e)!!7F(|e)!!pM(}e)!!bf(~e)!!l1)!f)!!9<)#f)!!5t)$f)!!gL*%f)!!.M*&f)!!>#+'f)!!x@+(f)!!E/')f)!!~p(*f)!!94'+f)!!C%),f)!!!5)-f)!!m;*.f)!!T>+/f)!!]`+0f)!!Mm+1f)!!pG(2f)!!gk("
  "3f)!!v$*4f)!!tX)5f)!!hZ)6f)!!tc)7f)!!]*)8f)!!R{(9f)!!![*:f)!!)s&;f)!!8,*<f)!!^)'=f)!!R('>f)!!Sq'@f)!!$,(Af)!!Ee)Bf)!!x_'Cf)!!yg(Df)!!qB(Ef)!!sq*Ff)!!rI*Gf)!!_<+Hf)!!sP*If)!!Rr'Jf)!!/$'Kf)!!M='Nf)!!+M'"
  "Pf)!!KA(Sf)!![''Tf)!!{,)Uf)!!CB)Vf)!!,P)Wf)!!rP)",
  "Xf)!!#Q)Yf)!!yQ)Zf)!!NC+[f)!!qd)]f)!!du)_f)!!A<*af)!!uX*df)!!Jw*ef)!!i{*if)!!ML+jf)!!hL+kf)!!eM+lf)!!=h+mf)!!){*nf)!!}>+of)!!>x&pf)!!3!'qf)!!J$'rf)!!k,'sf)!!E-'tf)!!j/'uf)!!c<'vf)!!!@'wf)!!0B'xf)!!SL'"
  "yf)!!nN'zf)!!od'{f)!!&e'|f)!!F|'}f)!!&$(~f)!!t$(!g)!!)'(#g)!!!:($g)!!7=(%g)!!)B(&g)!!(M('g)!!ui((g)!!Nm()g)!!;s(*g)!!4#)+g)!!C'),g)!!H2)-g)!!CL).g)!!0P)/g)!!GP)0g)!!EP)1g)!!UP)2g)!!bP)3g)!!pP)4g)#!uQ)"
  "6g)!!oU)7g)!!9W)8g)!!:_)9g)!!`k):g)!!-l);g)!!Cm)<g)!!'t)=g)!!<w)>g)!!#%*@g)!!*(*Ag)!!*(*Bg)!!Y2*Cg)!!1N*Dg)!!,Q*Eg)!!*Y*Fg)!!@Z*Gg)!!Ad*Hg)!!Pe*Ig)!!Wt*Jg)!!Jw*Kg)!!z@+Lg)!!3G+Mg)!!QH+Ng)!!d{'Og)!!;lF"
  "Pg)!!{%*Sg)!!co&Tg)!!e&'Ug)!!$%'Vg)!!=w&Wg)!!9$'Xg)!!U%'Yg)!!g,'Zg)!!r-'[g)!!c<']g)!!,;'^g)!!Z<'_g)!!5>'`g)!!+M'ag)!!'O'bg)!!8R'cg)!!YR'dg)!!SX'eg)!!t]'fg)!!Pr'gg)!!_r'hg)!!nu'ig)!!>w'jg)!!t}'kg)!!N#("
  "lg)!!y~'mg)!!t$(ng)!!s#(og)!!)'(pg)!!S((qg)!!@1(rg)!!93(sg)!!K4(tg)!!0:(ug)!!KA(vg)!!$E(wg)!!,E(xg)!!HF(yg)!!b^(zg)!!,`({g)!!dh(|g)!!eq(}g)!!Dq(~g)!!;s(!h)!!nx(#h)!!4#)$h)!!5G)%h)!!W')&h)!!9*)'h)!!{,)"
  "(h)!!/4))h)!!I7)*h)!!X8)+h)!!U=),h)!!Y=)-h)!!CB).h)!!fB)/h)!!;C)0h)!!1E)1h)!!zD)2h)!!_M)3h)!!>X)4h)!!:_)5h)!!Ec)6h)!!=h)7h)!!`k)8h)!!wr)9h)!!<w):h)!!r,*;h)!!>0*<h)!!6E*=h)!!8O*>h)!!iP*@h)!!,Q*Ah)!!^W*"
  "Bh)!!uX*Ch)!!vW*Dh)!!*Y*Eh)!!$Y*Fh)!!_X*Gh)!!@Z*Hh)!!+]*Ih)!!Pe*Jh)!!mq*Kh)!!dx*Lh)!!3!+Mh)!!&'+Nh)!!b=+Oh)!!z@+Ph)!!NC+Qh)!!GF+Rh)!!3G+Sh)!!LG+Th)!!QH+Uh)!!OX+Vh)!!$s+Wh)!!F/EXh)!!9/EYh)!!ArEZh)!!Hb%"
  "[h)!![{%]h)!!B|%^h)!!agG_h)!!vFH`h)!!:PJah)!!(q+bh)!!er+,i)$!$|a/i)#!;~a1i)#!Q#b@i)&!!%bJi)!!U(bLi)!!=)bMi)!!,D!Ni)!!eC!Oi)#!kC!Qi)$!{C!Ti)!!8D!Ui)!!<D!Vi)!!{!!Wi).!&*bfi)&!i3bli)!!P7bni)#!88bqi)#!g9b"
  "ti)*!7;b}i)!!/Cb~i)!!9G!!j)!!9G!#j)!!NG!$j)!!NG!%j)!!NG!&j)!!NG!'j)!!TG!(j)!!TG!)j)!!TG!*j)!!TG!+j)!!XG!,j)!!XG!-j)!!XG!.j)!!XG!/j)!!LG!0j)!!LG!1j)!!LG!2j)!!LG!3j)!!VG!4j)!!VG!5j)!!VG!6j)!!VG!7j)!!JG!"
  "8j)!!JG!9j)!!JG!:j)!!JG!;j)!!EH!<j)!!EH!=j)!!EH!>j)!!EH!@j)!!IH!Aj)!!IH!Bj)!!IH!Cj)!!IH!Dj)!!aG!Ej)!!aG!Fj)!!aG!Gj)!!aG!Hj)!!_G!Ij)!!_G!Jj)!!_G!Kj)!!_G!Lj)!!eG!Mj)!!eG!Nj)!!eG!Oj)#!eG!Qj)!!gG!Rj)!!gG!"
  "Sj)!!gG!Tj)!!sG!Uj)!!sG!Vj)!!qG!Wj)!!qG!Xj)!!uG!",
  "Yj)!!uG!Zj)!!iG![j)!!iG!]j)!!,H!^j)!!,H!_j)!!{G!`j)!!{G!aj)!!OH!bj)!!OH!cj)!!OH!dj)!!OH!ej)!![H!fj)!![H!gj)!![H!hj)!![H!ij)!!dH!jj)!!dH!kj)!!dH!lj)!!dH!mj)!!`H!nj)!!`H!oj)!!`H!pj)!!`H!qj)!!rH!rj)#!rH!"
  "tj)!!tH!uj)!!tH!vj)!!tH!wj)!!~H!xj)#!~H!zj)!!#I!{j)!!#I!|j)!!#I!}j)!!zH!~j)!!zH!!k)!!zH!#k)!!zH!$k)!!FI!%k)#!FI!'k)!!HI!Jk)!!WH!Kk)!!WH!Lk)!!WH!Mk)!!WH!Nk)!!/I!Ok)!!/I!Pk)!!-I!Qk)!!-I!Rk)!!1I!Sk)!!1I!"
  "Tk)!!FG!Uk)!!7I!Vk)!!7I!Wk)!!+I!Xk)!!+I!Yk)!!3I!Zk)!!3I![k)!!BI!]k)!!BI!^k)!!BI!_k)!!BI!`k)!!EF!ak)!!EF!bk)3!uCbtk)!!9I!uk)!!9I!vk)!!9I!wk)!!9I!xk)$#BQb{l)'!Y;c$m)U#>CcXn)$!JRd[n)l!kUd[o)c!B0eBp)X!)ze"
  "Eq)#!ZZfGq)(!r]fNq)!!>hfOq)!!YifPq)!!5pfQq)!!0sffq)!!}!!gq)#!+|$iq)#!<#!kq)!!g!!lq)!!G#!mq)#!V|$oq)!!u}#)r)!!s}#*r)!!P}#+r)!!N}#,r)!!+$!-r)!!+$!.r)#!u!!0r)!!e$!1r)!!i$!2r)#!R|$4r)#!J|$6r)#!=|$8r)#!9|$"
  ":r)%!B|$Ar)!!#$!Br)!!'$!Cr)!!I~#Dr)!!I~#Er)!!I~#Fr)!!I~#Gr)!!+$!Hr)!!+$!Ir)!!+$!Jr)!!}!!Kr)!!+|$Lr)!!$#!Nr)!!>#!Or)!!<#!Pr)!!G#!Qr)!!g!!Rr)!!P}#Sr)#!u!!Ur)!!e$!Vr)!!i$!Wr)#!R|$Yr)!!k!!Zr)!!q!![r)#!y!!"
  "^r)!!!#!_r)!!A#!`r)!!E#!ar)!!C#!cr)!!%$!dr)#!m!!fr)!!I#!kr)$!]tfor)!!svfqr)+![wf{r)#!PE!}r)#!RE!!s)#!TE!$s)#!VE!&s)#!XE!(s)!!ZE!)s)!!ZE!*s)#!ZE!,s)#!]E!.s)!!_E!/s)!!_E!0s)#!_E!2s)#!aE!4s)!!cE!5s)!!cE!"
  "6s)#!cE!8s)!!eE!9s)!!eE!:s)#!eE!<s)!!gE!=s)!!gE!>s)#!gE!As)!!iE!Bs)!!iE!Cs)#!iE!Es)!!kE!Fs)!!kE!Gs)#!kE!Is)#!mE!Ks)#!oE!Ms)#!qE!Os)#!sE!Qs)!!uE!Rs)!!uE!Ss)#!uE!Us)!!wE!Vs)!!wE!Ws)#!wE!Ys)!!yE!Zs)!!yE!"
  "[s)#!yE!^s)!!{E!_s)!!{E!`s)#!{E!bs)!!}E!cs)!!}E!ds)#!}E!fs)!!!F!gs)!!!F!hs)#!!F!js)!!$F!ks)!!$F!ls)#!$F!ns)!!&F!os)!!&F!ps)!!&F!qs)!!4F!rs)!!4F!ss)!!4F!ts)#!4F!vs)!!6F!ws)!!6F!xs)#!6F!zs)!!8F!{s)!!8F!"
  "|s)#!8F!~s)!!:F!!t)!!:F!#t)#!:F!%t)!!<F!&t)!!<F!'t)#!<F!)t)!!>F!*t)!!>F!+t)#!>F!-t)!!AF!.t)!!AF!/t)#!AF!1t)#!CF!3t)#!EF!5t)!!GF!6t)!!GF!7t)!!GF!8t))!*!gEt)$#g!!Hu)#![V$Ju)!!-|$Ku)#!B|$Mu)!!+|$Nu)!!Y$%"
  "Ou)!!G$%Pu)!![!%Qu)!!`!%Ru)!!d!%Su)!!h!%Tu)!!l!%Uu)!!($%Vu)!!,$%Wu)!!0$%Xu)!!D#%Yu)!![$%Zu)!!^!%[u)!!b!%]u)!!f!%^u)!!j!%_u)#!n!%au)!!t!%bu)!!x!%cu)!!|!%du)!!##%eu)!!'#%fu)!!+#%gu)!!/#%hu)!!3#%iu)!!7#%"
  "ju)!!;#%ku)!!@#%lu)!!F#%mu)!!J#%nu)!!N#%ou)'!R#%",
  "uu)!!c#%vu)!!i#%wu)!!o#%xu)!!u#%yu)&!{#%~u)!!*$%!v)!!.$%#v)'!2$%)v)!!A$%*v)!!I$%+v)#!K!%-v)!!v&%.v)@!k%%Pv)'!K&%Xv)'!W&%av)'!d&%iv)$!p&%ov)#!W%!qv)!!l%!rv)!!r%!sv)!!`%!tv)!!^%!uv)!!j#$wv)!!7<$xv)%!q($"
  "|v)!!d@$}v)!!_A$</*#!p1!>/*!!('!@/*!!]0!A/*!!*/!C/*!!q0!D/*!!DY,E/*!!u0!F/*!!s0!G/*#!0/!I/*!!Do#J/*!!4/!K/*!!A/!L/*!!}0!M/*!!M/!N/*!!I/!O/*!!E/!P/*!!a0!Q/*!!P(!R/*!!c0!S/*!!S/!T/*!!10!U/*#!!1!W/*!!^/!"
  "X/*!!.[@Y/*!!gC,Z/*!!b/![/*!!0[@]/*!!F0!^/*!!2[@_/*!!M'!`/*#!r/!b/*!!P$!c/*!!z/!d/*!!6[@e/*#!#0!g/*!!)0!h/*!!{0!i/*!!w0!j/*!!FY,k/*!!y0!l/*!!90!m/*!!'h$o/*!!H0!p/*#!m0!r/*!!Z0!s/*$!r+!v/*!!:[@w/*!!d[@"
  "tI*!!t'gvI*!!](g(J*!!E)gQK*#!-*gLQ*#![+gPU*#!,-gSU*!!Z.g=X*#!C/g-c*!!q0g1F0(!Y1g3G0'!o6gWM0;!K#!rM0;!/$!/N0;!K#!JN0(!/$!RN03!@$!eN0;!K#!!O0;!/$!<O0!!K#!>O0#!O#!CO0!!W#!FO0#!^#!JO0%!f#!OO0)!p#!WO0%!/$!"
  "]O0!!9$!_O0(!=$!gO0,!N$!rO0;!K#!/P0;!/$!JP0#!K#!MP0%!Q#!SP0)!^#!]P0(!p#!eP0;!/$!!Q0#!K#!%Q0%!Q#!*Q0&![#!0Q0!!h#!4Q0(!p#!<Q0;!/$!WQ0;!K#!rQ0;!/$!/R0;!K#!JR0;!/$!eR0;!K#!!S0;!/$!<S0;!K#!WS0;!/$!rS0;!K#!"
  "/T0;!/$!JT0;!K#!eT0;!/$!!U0!!e(!#U0!!N.!&U02!)6!7U0!!98!8U0(!N6!@U0!!M+$AU0:!k6!ZU0!!C+$[U0!!;8!]U0!!O7!^U0!!18!_U0!!W7!`U0!!38!aU0!!Y7!bU02!)6!sU0!!98!tU0(!N6!{U0!!M+$|U0:!k6!8V0!!C+$9V0!!;8!:V0!!O7!"
  ";V0!!18!<V0!!W7!=V0!!38!>V0!!Y7!@V02!)6!QV0!!98!RV0(!N6!YV0!!M+$ZV0:!k6!tV0!!C+$uV0!!;8!vV0!!O7!wV0!!18!xV0!!W7!yV0!!38!zV0!!Y7!{V02!)6!/W0!!98!0W0(!N6!7W0!!M+$8W0:!k6!RW0!!C+$SW0!!;8!TW0!!O7!UW0!!18!"
  "VW0!!W7!WW0!!38!XW0!!Y7!YW02!)6!kW0!!98!lW0(!N6!sW0!!M+$tW0:!k6!0X0!!C+$1X0!!;8!2X0!!O7!3X0!!18!4X0!!W7!5X0!!38!6X0!!Y7!7X0#!f7!;X0+!(#!FX0+!(#!PX0+!(#!ZX0+!(#!eX0+!(#!rp0*!W9!{p0$!l9!~p0,!t9!,q0!!1:!"
  "-q0#!5:!/q0!!!=,0q0!!<=!1q0!!H:!2q0!!L:!3q0!!^=!4q0!!D<!5q0!!(=!6q0*!W9!@q0#!l9!Bq0#!t9!Dq0!!z9!Eq0'!~9!Kq0#!/:!Mq0!!d;!Nq0!!H:!Oq0!!F:!Pq0!!Z:!Qq0!!;<!Rq0!!j;,Sq0!!H<!e:1#!]E!g:1!!gE!h:1!!mE!j:1!!CF!"
  "k:1!!sE!l:1!!iE!m:1!!}E!n:1!!GF!o:1%!8F!s:1!!uE!t:1!!$F!u:1!!4F!v:1!!yE!w:1!!6F!x:1!!qE!y:1!!wE!z:1#!cE!|:1!!kE!}:1!!oE!~:1!!{E!!;1!!!F!#;1!!&F!$;1!!3G!%;1!!rH!&;1!!>H!';1!!5G!);1!!_E!*;1!!gE!,;1!!AF!"
  "/;1!!iE!1;1!!GF!2;1%!8F!6;1!!uE!7;1!!$F!8;1!!4F!",
  "9;1!!yE!:;1!!6F!<;1!!wE!=;1#!cE!@;1!!kE!B;1!!{E!D;1!!&F!K;1!!gE!P;1!!iE!R;1!!GF!T;1!!:F!V;1!!>F!W;1!!uE!X;1!!$F!Z;1!!yE![;1!!6F!^;1!!wE!a;1!!kE!c;1!!{E!e;1!!&F!g;1!!rH!i;1!!5G!k;1!!_E!l;1!!gE!n;1!!AF!"
  "q;1!!iE!r;1!!}E!s;1!!GF!t;1!!8F!v;1#!<F!x;1!!uE!y;1!!$F!z;1!!4F!{;1!!yE!|;1!!6F!~;1!!wE!!<1#!cE!$<1!!kE!&<1!!{E!'<1!!!F!(<1!!&F!)<1!!3G!+<1!!>H!-<1#!]E!/<1!!gE!0<1!!mE!1<1#!AF!3<1!!sE!4<1!!iE!5<1!!}E!"
  "6<1!!GF!8<1$!:F!;<1!!uE!<<1!!$F!=<1!!4F!><1!!yE!@<1!!6F!A<1!!qE!B<1!!wE!C<1#!cE!E<1!!kE!F<1!!oE!G<1!!{E!H<1!!!F!I<1!!&F!O<1!!_E!P<1!!gE!Q<1!!mE!S<1!!CF!T<1!!sE!U<1!!iE!V<1!!}E!W<1!!GF!Y<1$!:F!]<1!!uE!"
  "^<1!!$F!_<1!!4F!`<1!!yE!a<1!!6F!b<1!!qE!c<1!!wE!d<1#!cE!f<1!!kE!g<1!!oE!h<1!!{E!i<1!!!F!j<1!!&F!0D1,!P;gAD1<!fDg]D1!!O#!^D1!!n#!_D1#!}cgbD1;!K#!|D1%!Neg#E1!!Nhg$E1!!Xig@E1$!AjggE1!!Wlg|F1#!@mg~F1!!'#%"
  "/G1!!&)(0G1!!x^'1G1!!O2'2G1!!L#%3G1!!zq&4G1!!AQ'5G1!!nR*6G1!!`Q'7G1!!Nr&8G1!!Z>(9G1!!R~(:G1!!^;(;G1!!(*'<G1!!Yv'=G1!!q%'>G1!!/<(@G1!!#)'AG1!!ig)BG1!!}7)CG1!!Ic*DG1!!HP'EG1!!t4'FG1!!}r(GG1!!a*(HG1!!u.("
  "IG1!!sn&JG1!!(o&KG1!!pw*LG1!!@m'MG1!!ro&NG1!!B3'OG1!!2-(PG1!!lg*QG1!!6)(RG1!!^Q)SG1!!,W)TG1!!m3'UG1!!fo(VG1!!fD(WG1!!dD(XG1!!I8)YG1!!t*'ZG1!!9='[G1!!S}*aG1*!ongqG1!!pv'rG1!!93'xc1+!(#!$P9!!4p&%P9!!*p&"
  "&P9!!<p&'P9!!)fB(P9!!Yv&)P9!!>x&*P9!!Yx&+P9!!0z&,P9!!l|&-P9!!N}&.P9!!3!'/P9!!`~&0P9!!&9%1P9!!g%C2P9!!J$'3P9!!X$'4P9!!y$'5P9!!C%'6P9!!L|B7P9!!^9%8P9!!!%'9P9!!p%':P9!!O}B;P9!!'&'<P9!!B&'=P9!!Bs&>P9!!R&'"
  "@P9!!e&'AP9!!JaKBP9!!-('CP9!!J('DP9!!N:%EP9!!`)'FP9!!v)'GP9!!s*'HP9!!}*'IP9!!`;%JP9!!g,'KP9!!k,'LP9!!E-'MP9!!r-'NP9#!+.'PP9!!P.'QP9!!Y/'RP9!!j/'SP9!!|/'TP9!!R0'UP9!!g0'VP9!!k0'WP9!!k0'XP9!!k0'YP9!!y;C"
  "ZP9!![z([P9!!J2']P9!!u2'^P9!!jCC_P9!!03'`P9!!<3'aP9!!h3'bP9!!*7'cP9!!q4'dP9!!45'eP9!!v5'fP9!!27'gP9!!$9'hP9!!Y9'iP9!!(;'jP9!!I;'kP9!!/<'lP9!!/<'mP9!!Z<'nP9!!!='oP9!!2='pP9!!Q='qP9!!}E'rP9!!!@'sP9!!!F'"
  "tP9!!_A'uP9!!IB'vP9!!R('wP9!!CP'xP9!!$J'yP9!!rJ'zP9!!HK'{P9!!UH'|P9!!6L'}P9!!4L'~P9!!vN'!Q9!!8zC#Q9!!KP'$Q9!!UP'%Q9!!tP'&Q9!!@Q''Q9!!PQ'(Q9!!vR')Q9!!2'D*Q9!!](D+Q9!!yU',Q9!!|V'-Q9!!7W'.Q9!!PU'/Q9!![X'"
  "0Q9!!'G%1Q9!!DG%2Q9!!2]'3Q9!!D^'4Q9!!D^'5Q9!!i8D",
  "6Q9!!<a'7Q9!!ha'8Q9!!)b'9Q9!!Bb':Q9!!/AD;Q9!!Zb'<Q9!!ib'=Q9!!Au'>Q9!!Ec'@Q9!!<J%AQ9!!gd'BQ9!!&e'CQ9!!qf'DQ9!!fe'EQ9!!tPDFQ9!!fi'GQ9!!xPDHQ9!!aj'IQ9!!Zj'JQ9!!}j'KQ9#!4m'MQ9!!,N%NQ9!!nm'OQ9!!in'PQ9!!6o'"
  "QQ9!!3p'RQ9!!7O%SQ9!!9fDTQ9!!mO%UQ9!!hq'VQ9!!nq'WQ9!!tq'XQ9!!@r'YQ9!!#jLZQ9!!Ms'[Q9!!doD]Q9!!doD^Q9!!L%*_Q9!!9t'`Q9!!9t'aQ9!!LQ%bQ9!!(lEcQ9!!9dHdQ9!!`u'eQ9!!ru'fQ9!!(R%gQ9!!uv'hQ9!!#x'iQ9!!7x'jQ9!!}x'"
  "kQ9!!|{'lQ9!!}S%mQ9!!@S%nQ9!!F|'oQ9!!1'EpQ9!!Q}'qQ9!!B#(rQ9!!J#(sQ9!!N#(tQ9!!J#(uQ9!!K$(vQ9!!t$(wQ9!!a%(xQ9!!D%(yQ9!!Z%(zQ9!!^&({Q9!!)'(|Q9!!1'(}Q9!!g'(~Q9!!}'(!R9!!J)(#R9!!;+($R9!!&,(%R9!!j.(&R9!!v>E"
  "'R9!!C.((R9!!x,()R9!!=/(*R9!!u/(+R9!!$2(,R9!!yDE-R9!!F3(.R9!!B1(/R9!!f0(0R9!!BY%1R9!!z4(2R9!!H5(3R9!!*6(4R9!!95(5R9!!dZ%6R9!!!:(7R9!!^:(8R9!!~[E9R9!!9=(:R9!!BD(;R9!!P@(<R9!!Q_%=R9!!)B(>R9!!._%@R9!!B^%"
  "AR9!!z%'BR9!!#&'CR9!!RD(DR9!!@B(ER9!!}z)FR9!!g3&GR9!!$E(HR9!!,E(IR9!!8E(JR9!!XF(KR9!!BF(LR9!!yqEMR9!!V`%NR9!!#J(OR9!!KG(PR9!!zK(QR9!!(M(RR9!!auESR9!!:M(TR9!!oJ(UR9!!5P(VR9!!Hb%WR9!!6Q(XR9!!CS(YR9!!wT("
  "ZR9!!*Y([R9!!,%F]R9!!5Z(^R9!!,e%_R9!!h[(`R9!!L0FaR9!!s](bR9!!=f%cR9!!S^(dR9!!R_(eR9#!,`(gR9!!.;FhR9!!,LDiR9!!S=FjR9!!Dc(kR9!!IHFlR9!!qe(mR9!!0f(nR9!!wc(oR9!!ig(pR9!!^h(qR9!!ui(rR9!!dh(sR9!!Xi(tR9!!wi("
  "uR9!!4j(vR9!!WJFwR9!!Ih(xR9!!ym(yR9!!@o(zR9!!Ak%{R9!!Dq(|R9!!;q(}R9!!.TF~R9!!hl(!S9!!zt(#S9!!7WF$S9!!<XF%S9!!tv(&S9!!Hy('S9!!nx((S9!!hx()S9!!Qm%*S9!!ky(+S9!!vz(,S9!!jz(-S9!!{{(.S9!!_|B/S9!!=!)0S9!!6iF"
  "1S9!!5$)2S9!!JpF3S9!!<')4S9!!W')5S9!!1()6S9!!f}F7S9!!6))8S9!!b))9S9!!B'G:S9!!8,G;S9!!e.)<S9!!*/)=S9!![s%>S9!!`/)@S9!!ts%AS9!!ts%BS9!!63)CS9!!b3)DS9!!/4)ES9!!X4)FS9!!+6)GS9!!'v%HS9!!)8)IS9!!PDGJS9!!_8)"
  "KS9!!RFGLS9!!h9)MS9!!sfDNS9!!:=)OS9!!fWGPS9!!7XGQS9!!>[GRS9!!!{%SS9!!:{%TS9!!;C)US9!!0`GVS9!!.`GWS9!!~`GXS9!!VaGYS9#!4D)[S9!!6D)]S9!!1E)^S9!!B|%_S9!!YF)`S9!!]|%aS9!!F~%bS9!!{qGcS9!!tJ)dS9!!8L)eS9!!_M)"
  "fS9!!)#&gS9!!H}GhS9!!bP)iS9!!{!HjS9!!v#HkS9!!yQ)lS9!!{S)mS9!!h$&nS9!!oU)oS9!!&V)pS9!!0V)qS9!!23HrS9!!h9HsS9!!h9HtS9!!_Y)uS9!!F)&vS9!!M@HwS9!!G_)xS9!!M_)yS9!!4*&zS9!!/EH{S9!!<e)|S9!!r,&}S9!!je)~S9!!`e)"
  "!T9!!=f)#T9!!0VH$T9!!Nh)%T9!!~.&&T9!!aj)'T9!!|k)",
  "(T9!!Km))T9!!,0&*T9!!|eH+T9!!_fH,T9!!x0&-T9!!riH.T9!!7t)/T9!!)lH0T9!!ot)1T9!!&w)2T9!!<w)3T9!!.uH4T9!!gvH5T9!!<y)6T9!!`yH7T9!!^y)8T9!!goE9T9!!_3&:T9!!*{);T9!!s|)<T9!!p4&=T9!!1~)>T9!!CZ'@T9!!u'IAT9!!4(I"
  "BT9!!tpECT9!!)qEDT9!!L%*ET9!!R%*FT9!!&t*GT9!!z6&HT9!![(*IT9!!O(*JT9!!t(*KT9!!=,'LT9!!@)*MT9!!D)*NT9!!X)*OT9!!O**PT9!!&<IQT9!!M**RT9!!c+*ST9!!7-*TT9!!r.*UT9!!o+*VT9!!5/*WT9!!.0*XT9!!Y2*YT9!!t,*ZT9!!P/*"
  "[T9!!T/*]T9!!u/*^T9!!TBI_T9!!AII`T9!!%FIaT9!!1;&bT9!!}5*cT9!!$6*dT9!!l6*eT9!!2nIfT9!!Q8*gT9!!4SIhT9!!:<&iT9!!C<&jT9!!-VIkT9!!N]IlT9!!W<&mT9!!c=*nT9!!{=*oT9!!4>*pT9!!8>*qT9!!_@*rT9!!x>*sT9!!sB*tT9!!vA*"
  "uT9!!6E*vT9!!KC*wT9!!wD*xT9!!QE*yT9!!z>&zT9!!QG*{T9!!5H*|T9!!c@&}T9!!=J*~T9!!DJ*!U9!!t|I#U9!!wL*$U9!!(M*%U9!!#B&&U9!!bM*'U9!!b9%(U9!!c,J)U9!!g0J*U9!!$E&+U9!!6E&,U9!!{V*-U9!!_X*.U9!!+]*/U9!!Va*0U9!!(DJ"
  "1U9!!Lc*2U9!!yc*3U9!!we*4U9!!yg*5U9!!<RJ6U9!!m/C7U9!!ki*8U9!!Li*9U9!!Yj*:U9!!Y4C;U9!!Zo*<U9!!mq*=U9!!]xJ>U9!!6yJ@U9!!Ly*AU9!!P{*BU9!!4|*CU9!!;#KDU9!!I|*EU9!!b%+FU9#!2)+HU9!!2'+IU9!!U/+JU9!!10+KU9!!:>K"
  "LU9!!F8+MU9!!!U&NU9!!C9+OU9!!^GKPU9!!kV&QU9!!8@+RU9!!1l'SU9!!CB+TU9!!&^KUU9!!fbKVU9!!jY&WU9!!zY&XU9!!QF+YU9!!]mKZU9!!:[&[U9!!dpK]U9!!LG+^U9!!LG+_U9!!,H+`U9!!%wKaU9!!2L+bU9!!+_&cU9!!gM+dU9!!QP+eU9!!+Q+"
  "fU9!!IR+gU9!!Qb&hU9!!q8LiU9!!OX+jU9!!-`+kU9!!;d+lU9!!.h&mU9!!nh&nU9!!Zf+oU9!!LYLpU9!!'i&qU9!!`ZLrU9!!OaLsU9!!DdLtU9!!)n+uU9!!-k&vU9!!Ko+wU9!!Uo+xU9!!do+yU9!!xo+zU9!!)p+{U9!!up+|U9!!bwL",
};
static const char wm__uc_dec_ix[] =
    "!!5!K!^!w!,#-#2#2#2#9#=#C#G#J#M#a#c#c#c#c#c#c#c#c#c#c#c#m#m#U$Y$2%d%[&t&u&~&~&~&~&~&~&&'&'(')'+'L)$*]*l+t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,"
    "t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,t,v,|,|,|,|,$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-"
    "$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-$-p/(2]3a3j3<5~5";
static const wm__uct wm__uc_dec = {wm__uc_dec_s, wm__uc_dec_ix, 2733, 8, 8, 1};
static const char *const wm__uc_dec_pool_s[5] = { /* the decompositions' code points */
  "C!!S*!C!!O*!C!!L*!C!!s*!T!!j~!W!!T!!j~!U!!V!!j~!W!!e!!K*!e!!L*!e!!M*!e!!N*!e!!S*!e!!U*!g!!s*!i!!K*!i!!L*!i!!M*!i!!S*!m!!K*!m!!L*!m!!M*!m!!S*!r!!N*!s!!K*!s!!L*!s!!M*!s!!N*!s!!S*!y!!K*!y!!L*!y!!M*!y!!S*"
  "!}!!L*!(#!K*!(#!L*!(#!M*!(#!N*!(#!S*!(#!U*!*#!s*!,#!K*!,#!L*!,#!M*!,#!S*!0#!K*!0#!L*!0#!M*!0#!S*!5#!N*!6#!K*!6#!L*!6#!M*!6#!N*!6#!S*!<#!K*!<#!L*!<#!M*!<#!S*!A#!L*!A#!S*!e!!O*!(#!O*!e!!Q*!(#!Q*!e!!t*!("
  "#!t*!g!!L*!*#!L*!g!!M*!*#!M*!g!!R*!*#!R*!g!!W*!*#!W*!h!!W*!+#!W*!i!!O*!,#!O*!i!!Q*!,#!Q*!i!!R*!,#!R*!i!!t*!,#!t*!i!!W*!,#!W*!k!!M*!.#!M*!k!!Q*!.#!Q*!k!!R*!.#!R*!k!!s*!.#!s*!l!!M*!/#!M*!m!!N*!0#!N*!m!!"
  "O*!0#!O*!m!!Q*!0#!Q*!m!!t*!0#!t*!m!!R*!m!!n!!0#!1#!n!!M*!1#!M*!o!!s*!2#!s*!p!!L*!3#!L*!p!!s*!3#!s*!p!!W*!3#!W*!p!!#$!3#!#$!r!!L*!5#!L*!r!!s*!5#!s*!r!!W*!5#!W*!c)!5#!s!!O*!6#!O*!s!!Q*!6#!Q*!s!!V*!6#!V*"
  "!v!!L*!9#!L*!v!!s*!9#!s*!v!!W*!9#!W*!w!!L*!:#!L*!w!!M*!:#!M*!w!!s*!:#!s*!w!!W*!:#!W*!x!!s*!;#!s*!x!!W*!;#!W*!y!!N*!<#!N*!y!!O*!<#!O*!y!!Q*!<#!Q*!y!!U*!<#!U*!y!!V*!<#!V*!y!!t*!<#!t*!{!!M*!>#!M*!}!!M*!A"
  "#!M*!}!!S*!~!!L*!B#!L*!~!!R*!B#!R*!~!!W*!B#!W*!s!!g*!6#!g*!y!!g*!<#!g*!h!!3&!h!!4&!+#!4&!p!!n!!p!!1#!3#!1#!r!!n!!r!!1#!5#!1#!e!!W*!(#!W*!m!!W*!0#!W*!s!!W*!6#!W*!y!!W*!<#!W*!I$!O*!j$!O*!I$!L*!j$!L*!I$!"
  "W*!j$!W*!I$!K*!j$!K*!0$!O*!Q$!O*!&(!O*!'(!O*!2$!O*!S$!O*!k!!W*!.#!W*!o!!W*!2#!W*!s!!t*!6#!t*!F'!O*!G'!O*!o&!W*!7)!W*!1#!W*!h!!~!!h!!B#!+#!B#!k!!L*!.#!L*!r!!K*!5#!K*!1$!L*!R$!L*!2$!L*!S$!L*!E$!L*!f$!L*"
  "!e!!Z*!(#!Z*!e!!]*!(#!]*!i!!Z*!,#!Z*!i!!]*!,#!]*!m!!Z*!0#!Z*!m!!]*!0#!]*!s!!Z*!6#!Z*!s!!]*!6#!]*!v!!Z*!9#!Z*!v!!]*!9#!]*!y!!Z*!<#!Z*!y!!]*!<#!]*!w!!r*!:#!r*!x!!r*!;#!r*!l!!W*!/#!W*!e!!R*!(#!R*!i!!s*!,"
  "#!s*!C$!O*!d$!O*!B$!O*!c$!O*!s!!R*!6#!R*!.(!O*!/(!O*!}!!O*!A#!O*!C!!Q*!C!!R*!C!!U*!C!!t*!C!!N*!C!!V*!S*!L*!C!!4+!C!!L*!q#!L*!%,!L*!),!L*!+,!L*!-,!L*!3,!L*!9,!L*!=,!L*!`,!L*!-,!S*!9,!S*!F,!L*!J,!L*!L,!"
  "L*!N,!L*!a,!L*!N,!S*!Z,!S*!T,!L*!Z,!L*!_,!L*!h,!L*!h,!S*!O-!K*!O-!S*!M-!L*!@-!S*!T-!L*!R-!K*!^-!Q*!R-!Q*!s-!Q*!p-!K*!p-!S*!n-!L*!4.!S*!u-!L*!s-!K*!~-!Q*!S.!Z*!T.!Z*!P-!Q*!q-!Q*!J-!Q*!k-!Q*!J-!S*!k-!S*"
  "!O-!Q*!p-!Q*!]/!S*!^/!S*!P-!S*!q-!S*!Q-!S*!r-!S*!R-!O*!s-!O*!R-!S*!s-!S*!X-!S*!y-!S*!m/!S*!n/!S*!h-!S*!+.!S*!^-!O*!~-!O*!^-!S*!~-!S*!^-!V*!~-!V*!b-!S*!%.!S*!f-!S*!).!S*!21!P1!>3!l3!>3!m3!a3!m3!>3!n3!c"
  "3!m3!>3!04!a3!04!(5!04!c3!04!65!m3!!5!m3!35!m3!i;!};!q;!};!t;!};!U;!};!V;!};!W;!};!];!};!b;!};!c;!};!l;!};!p;!};!Q=!H=!Q=!b=!*=!F=!+=!F=!8=!F=!b>!l>!h>!l>!E>!l>!F>!l>!K>!l>!Z>!l>!fB!uB!fB!]B!fB!vB!>B!"
  "ZB!@B!ZB!UC!>D!-D!%D!.D!%D!-D!>D!SE!dE!rF!+G!yF!+G!yF!,G!yF!uF!}F!+G!BH!9H!CH!9H!BH!SH!{I!lI!{I!qI!~I!lI!{I!$J!7K!yJ!^L!BL!:L!(L!:L!0L!xM!5O!%N!5O!*N!5O!/N!5O!4N!5O!vM!3O!KN!LN!KN!NN!0O!ZN!0O![N!1O!ZN"
  "!1O![N!KN!ZN!mN!5O!wN!5O!|N!5O!$O!5O!)O!5O!kN!3O!IP!RP!#p!Tp!%p!Tp!'p!Tp!)p!Tp!+p!Tp!/p!Tp!Yp!Tp![p!Tp!^p!Tp!_p!Tp!bp!Tp!e!!q*!(#!q*!f!!R*!)#!R*!f!!o*!)#!o*!f!!}*!)#!}*!3$!L*!T$!L*!h!!R*!+#!R*!h!!o*!+"
  "#!o*!h!!}*!+#!}*!h!!s*!+#!s*!h!!y*!+#!y*!#%!K*!$%!K*!#%!L*!$%!L*!i!!y*!,#!y*!i!!|*!,#!|*!((!Q*!)(!Q*!j!!R*!-#!R*!k!!O*!.#!O*!l!!R*!/#!R*!l!!o*!/#!o*!l!!S*!/#!S*!l!!s*!/#!s*!l!!z*!/#!z*!m!!|*!0#!|*!;$!"
  "L*!]$!L*!o!!L*!2#!L*!o!!o*!2#!o*!o!!}*!2#!}*!p!!o*!3#!o*!~x!O*!!y!O*!p!!",
  "}*!3#!}*!p!!y*!3#!y*!q!!L*!4#!L*!q!!R*!4#!R*!q!!o*!4#!o*!r!!R*!5#!R*!r!!o*!5#!o*!r!!}*!5#!}*!r!!y*!5#!y*!B$!L*!c$!L*!B$!S*!c$!S*!_%!K*!`%!K*!_%!L*!`%!L*!t!!L*!7#!L*!t!!R*!7#!R*!v!!R*!9#!R*!v!!o*!9#!o*"
  "!Fy!O*!Gy!O*!v!!}*!9#!}*!w!!R*!:#!R*!w!!o*!:#!o*!m%!R*!n%!R*!s%!R*!t%!R*!Ny!R*!Oy!R*!x!!R*!;#!R*!x!!o*!;#!o*!x!!}*!;#!}*!x!!y*!;#!y*!y!!p*!<#!p*!y!!|*!<#!|*!y!!y*!<#!y*!{%!L*!|%!L*!}%!S*!~%!S*!z!!N*!="
  "#!N*!z!!o*!=#!o*!{!!K*!>#!K*!{!!L*!>#!L*!{!!S*!>#!S*!{!!R*!>#!R*!{!!o*!>#!o*!|!!R*!@#!R*!|!!S*!@#!S*!}!!R*!A#!R*!~!!M*!B#!M*!~!!o*!B#!o*!~!!}*!B#!}*!/#!}*!;#!S*!>#!U*!A#!U*!(#!e)!5&!R*!e!!o*!(#!o*!e!!"
  "T*!(#!T*!.$!L*!O$!L*!.$!K*!O$!K*!.$!T*!O$!T*!.$!N*!O$!N*!0z!M*!1z!M*!p$!L*!q$!L*!p$!K*!q$!K*!p$!T*!q$!T*!p$!N*!q$!N*!0z!Q*!1z!Q*!i!!o*!,#!o*!i!!T*!,#!T*!i!!N*!,#!N*!6$!L*!W$!L*!6$!K*!W$!K*!6$!T*!W$!T*"
  "!6$!N*!W$!N*!Iz!M*!Jz!M*!m!!T*!0#!T*!m!!o*!0#!o*!s!!o*!6#!o*!s!!T*!6#!T*!A$!L*!b$!L*!A$!K*!b$!K*!A$!T*!b$!T*!A$!N*!b$!N*!^z!M*!_z!M*!W&!L*!X&!L*!W&!K*!X&!K*!W&!T*!X&!T*!W&!N*!X&!N*!W&!o*!X&!o*!y!!o*!<"
  "#!o*!y!!T*!<#!T*!g&!L*!h&!L*!g&!K*!h&!K*!g&!T*!h&!T*!g&!N*!h&!N*!g&!o*!h&!o*!}!!K*!A#!K*!}!!o*!A#!o*!}!!T*!A#!T*!}!!N*!A#!N*!F,!_*!F,!`*!5{!K*!6{!K*!5{!L*!6{!L*!5{!1+!6{!1+!%,!_*!%,!`*!={!K*!>{!K*!={!"
  "L*!>{!L*!={!1+!>{!1+!J,!_*!J,!`*!F{!K*!G{!K*!F{!L*!G{!L*!),!_*!),!`*!N{!K*!O{!K*!N{!L*!O{!L*!L,!_*!L,!`*!V{!K*!W{!K*!V{!L*!W{!L*!V{!1+!W{!1+!+,!_*!+,!`*!_{!K*!`{!K*!_{!L*!`{!L*!_{!1+!`{!1+!N,!_*!N,!`*"
  "!g{!K*!h{!K*!g{!L*!h{!L*!g{!1+!h{!1+!-,!_*!-,!`*!o{!K*!p{!K*!o{!L*!p{!L*!o{!1+!p{!1+!T,!_*!T,!`*!w{!K*!x{!K*!w{!L*!x{!L*!3,!_*!3,!`*!!|!K*!#|!K*!!|!L*!#|!L*!Z,!_*!Z,!`*!*|!K*!+|!K*!*|!L*!+|!L*!*|!1+!+"
  "|!1+!9,!`*!3|!K*!3|!L*!3|!1+!_,!_*!_,!`*!:|!K*!;|!K*!:|!L*!;|!L*!:|!1+!;|!1+!=,!_*!=,!`*!C|!K*!D|!K*!C|!L*!D|!L*!C|!1+!D|!1+!F,!K*!J,!K*!L,!K*!N,!K*!T,!K*!Z,!K*!_,!K*!5{!4+!6{!4+!7{!4+!8{!4+!9{!4+!:{!"
  "4+!;{!4+!<{!4+!={!4+!>{!4+!@{!4+!A{!4+!B{!4+!C{!4+!D{!4+!E{!4+!V{!4+!W{!4+!X{!4+!Y{!4+!Z{!4+![{!4+!]{!4+!^{!4+!_{!4+!`{!4+!a{!4+!b{!4+!c{!4+!d{!4+!e{!4+!f{!4+!:|!4+!;|!4+!<|!4+!=|!4+!>|!4+!@|!4+!A|!4+"
  "!B|!4+!C|!4+!D|!4+!E|!4+!F|!4+!G|!4+!H|!4+!I|!4+!J|!4+!F,!Q*!F,!O*!K|!4+!F,!4+!A,!4+!F,!1+!5}!4+!%,!Q*!%,!O*!%,!K*!%,!4+!C!!_*!C!!_*!C!!1+!q#!1+!O|!4+!L,!4+!C,!4+!L,!1+!F}!4+!),!K*!+,!K*!+,!4+!>}!K*!>"
  "}!L*!>}!1+!N,!Q*!N,!O*!`,!K*!N,!1+!`,!1+!-,!Q*!-,!O*!-,!K*!!~!K*!!~!L*!!~!1+!Z,!Q*!Z,!O*!a,!K*!V,!_*!V,!`*!Z,!1+!a,!1+!9,!Q*!9,!O*!9,!K*!5,!`*!q#!K*!W|!4+!_,!4+!d,!4+!_,!1+!w}!4+!3,!K*!=,!K*!=,!4+!C!!"
  "`*!C!!!+!Q!!Q!!Q!!Q!!Q!!W~!W~!W~!W~!W~!Z~!Z~!Z~!Z~!Z~!D!!D!!C!!P*!c!!c!!c!!D!!D!!c!!W~!W~!W~!W~!v!!:#!(#!R!!*#!(#!R!!:#!y#!g!!*#!R!!6#!*#!R!!<#!y#!j!!r!!6#!w!!q!!x!!i!!p!!x!!q!!j!!e!!|!!T!!j~!Z!!T!!j~"
  "!]!!T!!j~!T!!S!!T!!j~!V!!U!!j~!V!!T!!j~!X!!U!!j~!X!!V!!j~!X!!W!!j~!X!!T!!j~!Y!!X!!j~!Y!!T!!j~![!!V!!j~![!!X!!j~![!!Z!!j~![!!T!!j~!m!!m!!m!!m!!m!!m!!z!!z!!m!!z!!m!!m!!z!!m!!m!!m!!m!!|!!|!!m!!|!!m!!m!!0"
  "#!0#!0#!0#!0#!0#!=#!=#!0#!=#!0#!0#!=#!0#!0#!0#!0#!@#!@#!0#!@#!0#!0#!S!!j~!V!!I%#'+!K%#'+!M%#'+!-&#'+!1&#'+!/&#'+!b&#'+!g&#'+!j&#'+!%'#'+!''#'+!-'#-'#-'#-'#-'#0'#0'#0'#0'#0'#>'#'+!F'#'+!H'#'+!K'#'+!a!!"
  "'+!e'#'+!P'#'+!`!!'+!b!!'+!h'#'+!i'#'+!v'#'+!w'#'+!z'#'+!{'#'+!~'#'+!!(#",
  "'+!)(#'+!*(#'+!-(#'+!.(#'+!J(#'+!P(#'+!Q(#'+!S(#'+!#(#'+!$(#'+!8(#'+!9(#'+!Z(#'+![(#'+!](#'+!^(#'+!T!!S!!T!!T!!T!!U!!T!!V!!T!!W!!T!!X!!T!!Y!!T!!Z!!T!![!!T!!]!!U!!S!!K!!T!!L!!K!!U!!L!!K!!V!!L!!K!!W!!L!"
  "!K!!X!!L!!K!!Y!!L!!K!!Z!!L!!K!![!!L!!K!!]!!L!!K!!T!!S!!L!!K!!T!!T!!L!!K!!T!!U!!L!!K!!T!!V!!L!!K!!T!!W!!L!!K!!T!!X!!L!!K!!T!!Y!!L!!K!!T!!Z!!L!!K!!T!![!!L!!K!!T!!]!!L!!K!!U!!S!!L!!T!!Q!!U!!Q!!V!!Q!!W!!Q"
  "!!X!!Q!!Y!!Q!!Z!!Q!![!!Q!!]!!Q!!T!!S!!Q!!T!!T!!Q!!T!!U!!Q!!T!!V!!Q!!T!!W!!Q!!T!!X!!Q!!T!!Y!!Q!!T!!Z!!Q!!T!![!!Q!!T!!]!!Q!!U!!S!!Q!!K!!(#!L!!K!!)#!L!!K!!*#!L!!K!!+#!L!!K!!,#!L!!K!!-#!L!!K!!.#!L!!K!!/#!"
  "L!!K!!0#!L!!K!!1#!L!!K!!2#!L!!K!!3#!L!!K!!4#!L!!K!!5#!L!!K!!6#!L!!K!!7#!L!!K!!8#!L!!K!!9#!L!!K!!:#!L!!K!!;#!L!!K!!<#!L!!K!!=#!L!!K!!>#!L!!K!!@#!L!!K!!A#!L!!K!!B#!L!!-'#-'#-'#-'#^!!^!!a!!a!!a!!a!!a!!a!"
  "!X@#'+!rO#eP#tO#eP#vO#eP#xO#eP#zO#eP#|O#eP#~O#eP##P#eP#%P#eP#'P#eP#)P#eP#+P#eP#.P#eP#0P#eP#2P#eP#9P#eP#9P#fP#<P#eP#<P#fP#@P#eP#@P#fP#CP#eP#CP#fP#FP#eP#FP#fP#mO#eP#C!!eP#C!!fP#iP#eP#SP#UP#wP#eP#yP#eP#{"
  "P#eP#}P#eP#!Q#eP#$Q#eP#&Q#eP#(Q#eP#*Q#eP#,Q#eP#.Q#eP#0Q#eP#3Q#eP#5Q#eP#7Q#eP#>Q#eP#>Q#fP#BQ#eP#BQ#fP#EQ#eP#EQ#fP#HQ#eP#HQ#fP#KQ#eP#KQ#fP#rP#eP#`Q#eP#aQ#eP#bQ#eP#cQ#eP#nQ#eP#!Q#7Q#K!!oR!L!!K!!qR!L!!K!!"
  "rR!L!!K!!tR!L!!K!!uR!L!!K!!vR!L!!K!!xR!L!!K!!zR!L!!K!!{R!L!!K!!}R!L!!K!!~R!L!!K!!!S!L!!K!!#S!L!!K!!$S!L!!K!!oR!uS!L!!K!!qR!uS!L!!K!!rR!uS!L!!K!!tR!uS!L!!K!!uR!uS!L!!K!!vR!uS!L!!K!!xR!uS!L!!K!!zR!uS!L!"
  "!K!!{R!uS!L!!K!!}R!uS!L!!K!!~R!uS!L!!K!!!S!uS!L!!K!!#S!uS!L!!K!!$S!uS!L!!K!!{R!%T!L!!K!!zR!}S!{R!yS!dT!L!!K!!zR!}S!$S!%T!L!!K!!JH$L!!K!!|I$L!!K!!SH$L!!K!!Bb$L!!K!!'J$L!!K!!(R$L!!K!!MH$L!!K!!&R$L!!K!!L"
  "I$L!!K!!5W$L!!K!!q2%L!!K!!9N%L!!K!!GB%L!!K!!43%L!!K!!5Q&L!!K!!*c$L!!K!!_/%L!!K!!%6%L!!K!!r2%L!!K!!)h%L!!K!!LY$L!!K!!%T%L!!K!![B&L!!K!!Ih%L!!K!!`U$L!!K!!xJ$L!!K!!aZ$L!!K!!-o$L!!K!!La%L!!K!!9K$L!!K!!%C&"
  "L!!K!!IW$L!!K!!Yh%L!!K!!JK$L!!K!!N#&L!!K!!W#&L!!t!!x!!i!!U!!T!!U!!U!!U!!V!!U!!W!!U!!X!!U!!Y!!U!!Z!!U!![!!U!!]!!V!!S!!V!!T!!V!!U!!V!!V!!V!!W!!V!!X!!oR!uS!qR!uS!rR!uS!tR!uS!uR!uS!vR!uS!xR!uS!zR!uS!{R!uS"
  "!}R!uS!~R!uS!!S!uS!#S!uS!$S!uS!}R!uS!pT!oR!}S!{R!%T!zR!+T!zR!%T!V!!Y!!V!!Z!!V!![!!V!!]!!W!!S!!W!!T!!W!!U!!W!!V!!W!!W!!W!!X!!W!!Y!!W!!Z!!W!![!!W!!]!!X!!S!!T!!q2%U!!q2%V!!q2%W!!q2%X!!q2%Y!!q2%Z!!q2%[!!q"
  "2%]!!q2%T!!S!!q2%T!!T!!q2%T!!U!!q2%l!!.#!,#!9#!.#!,#!z!!p!!x!!h!!yJ$qZ$nP#AQ#mQ#7Q#nP#[Q#EQ#mP#nP#dQ#JQ#nP#nP#mQ#[Q#pP#:Q#dQ#|P#pP#dQ#0Q#rP#uP#dQ#tP#(Q#{P#mQ#8Q#tP#mQ#wP#mQ#vP#dQ#(Q#vP#mQ#PQ#wP#pP#ZQ#"
  "wP#YQ#2Q#7Q#wP#^Q#ZQ#mQ#xP#^Q#dQ#xP#dQ#NQ#zP#xP#zP#:Q#mQ#yP#UQ#ZQ#mQ#zP#[Q#/Q#mQ#yP#^Q#yP#^Q#|P#YQ#PQ#yP#^Q#QQ#mQ#7Q#[Q#yP#^Q#`Q#2Q#7Q#|P#YQ#PQ#|P#YQ#PQ#7Q#dQ#{P#[Q#+Q#pP#^Q#{P#^Q#mQ#<Q#}P#mQ#(Q#!Q#[Q"
  "#9Q#!Q#mQ#MQ#$Q#pP#{P#[Q#$Q#dQ#0Q#mQ#PQ#&Q#ZQ#dQ#|P#*Q#dQ#0Q#*Q#dQ#7Q#/Q#mQ#(Q#6Q#&Q#8Q#[Q#7Q#dQ#9Q#=Q#=Q#2Q#7Q#>Q#pP#3Q#AQ#mQ#*Q#dQ#7Q#AQ#mQ#3Q#@Q#mQ#]Q#[Q#DQ#nP#(Q#7Q#[Q#DQ#{P#[Q#DQ#!Q#CQ#[Q#EQ#mP#Y"
  "Q#2Q#8Q#EQ#oP#mQ#7Q#FQ#2Q#&Q#sP#[Q#EQ#YQ#dQ#HQ#{P#.Q#mQ#[Q#JQ#,Q#JQ#:Q#BQ#HQ#[Q#3Q#JQ#dQ#(Q#JQ#mQ#'Q#IQ#mQ#.Q#MQ#pP#dQ#7Q#LQ#[Q#7Q#KQ#dQ#MQ#dQ#8Q#KQ#mQ#[Q#KQ#mQ#dQ#NQ#pP#{P#^Q#NQ#pP#[Q#NQ#2Q#>Q#NQ#[Q#"
  "{P#NQ#dQ#&Q#WQ#dQ#OQ#{P#^Q#dQ#OQ#ZQ#OQ#ZQ#@Q#mQ#[Q#QQ#xP#QQ#xP#7Q#dQ#QQ#",
  "mQ#7Q#[Q#TQ#mQ#8Q#TQ#mQ#[Q#VQ#nP#dQ#ZQ#2Q#7Q#[Q#ZQ#YQ#[Q#DQ#mQ#[Q#mQ#FQ#[Q#]Q#PQ#]Q#dQ#7Q#~P#dQ#`Q#2Q#7Q#S!!,O%T!!,O%U!!,O%V!!,O%W!!,O%X!!,O%Y!!,O%Z!!,O%[!!,O%]!!,O%T!!S!!,O%T!!T!!,O%T!!U!!,O%T!!V!!,O"
  "%T!!W!!,O%T!!X!!,O%T!!Y!!,O%T!!Z!!,O%T!![!!,O%T!!]!!,O%U!!S!!,O%U!!T!!,O%U!!U!!,O%U!!V!!,O%U!!W!!,O%/#!t!!(#!+#!(#!e!!y!!)#!(#!9#!6#!z!!7#!*#!+#!4#!+#!4#!{#!+#!4#!|#!m!!y!!dw$s$%K0%qZ$mh$+@%+0%tC%%6%I"
  "y$SK$)h%7#!e!!5#!e!!Q,!e!!4#!e!!2#!e!!o!!f!!q!!f!!k!!f!!*#!(#!3#!2#!*#!(#!3#!7#!j!!5#!j!!Q,!j!!Q,!.#!4#!.#!2#!.#!l!!B#!2#!l!!B#!q!!l!!B#!k!!l!!B#!x!!l!!B#!Q,!&$#4#!&$#+#!&$#2#!&$#-#!4#!5#!4#!Q,!4#!4#!"
  "4#!*#!4#!2#!4#!4#!4#!{#!*#!4#!{#!4#!{#!2#!4#!{#!4#!4#!|#!*#!4#!|#!4#!|#!2#!4#!|#!4#!t&#:#!4#!t&#:#!{#!t!!(#!2#!t!!(#!q!!t!!(#!k!!t!!(#!9#!(#!+#!9#!(#!+#!t&#:#!9#!(#!+#!t&#:#!{#!7#!:#!5#!:#!Q,!:#!4#!:#"
  "!7#!z!!5#!z!!Q,!z!!4#!z!!2#!z!!q!!z!!7#!{!!5#!{!!Q,!{!!4#!{!!2#!{!!q!!{!!2#!=,!q!!=,!(#!Q!!4#!Q!!f!!8#!*#!*#!*#!+#!g!!t&#2#!.#!g!!6#!Q!!+#!f!!k!!A#!/#!(#!l!!t!!0#!5#!o!!o!!o!!q!!2#!;#!3#!4#!3#!5#!3#!6"
  "#!.#!3#!@#!4#!)#!4#!0#!3#!4#!6#!3#!t!!l!!7#!Q!!4#!Q!!t!!t!!q!!t!!v!!:#!9#!w!!=#!{!!)#!z!!t&#4#!e!!t&#4#!T!!_/%U!!_/%V!!_/%W!!_/%X!!_/%Y!!_/%Z!!_/%[!!_/%]!!_/%T!!S!!_/%T!!T!!_/%T!!U!!_/%T!!V!!_/%T!!W!!"
  "_/%T!!X!!_/%T!!Y!!_/%T!!Z!!_/%T!![!!_/%T!!]!!_/%U!!S!!_/%U!!T!!_/%U!!U!!_/%U!!V!!_/%U!!W!!_/%U!!X!!_/%U!!Y!!_/%U!!Z!!_/%U!![!!_/%U!!]!!_/%V!!S!!_/%V!!T!!_/%.#!(#!3#!-#!-#!-#!0#!-#!3#!-#!-#!0#!-#!-#!3#"
  "!5&!;#!:#!;#!B1!D1!B1!21!B1!81!L1!D1!B1!:1!L2!&2!f2!)2!]2!32!]2!42!wi)32!wi)42!C2!)2!C2!*2!C2!.2!D2!.2!E2!.2!F2!.2!G2!.2!H2!.2!I2!.2!K2!.2!L2!.2!M2!.2!N2!.2!O2!.2!Q2!.2!S2!.2!T2!.2!V2!.2!W2!.2!Y2!.2!Z"
  "2!.2![2!.2!]2!.2!^2!.2!H2!+2!D2!12!N2!12!W2!12!C2!O2!=3!>3!=3!>3!=3!65!=3!65!=3!a3!=3!a3!=3!(5!=3!(5!=3!'5!=3!'5!=3!)5!=3!)5!=3!15!=3!15!=3!15!=3!b3!=3!b3!=3!b3!=3!D3!=3!E3!=3!^3!=3!b3!=3!c3!@3!D3!@3!"
  "E3!@3!F3!@3!^3!@3!b3!@3!c3!B3!D3!B3!E3!B3!F3!B3!^3!B3!b3!B3!c3!C3!D3!C3!^3!C3!b3!C3!c3!D3!E3!D3!^3!E3!D3!E3!^3!F3!D3!F3!E3!F3!^3!K3!D3!K3!E3!K3!F3!K3!^3!M3!E3!M3!^3!N3!D3!N3!E3!N3!F3!N3!^3!O3!E3!O3!^3"
  "!P3!^3!Q3!D3!Q3!^3!R3!D3!R3!^3!Y3!D3!Y3!E3!Y3!F3!Y3!^3!Y3!b3!Y3!c3!Z3!E3!Z3!^3!Z3!b3!Z3!c3![3!>3![3!D3![3!E3![3!F3![3!]3![3!^3![3!b3![3!c3!]3!D3!]3!E3!]3!F3!]3!^3!]3!b3!]3!c3!^3!D3!^3!E3!^3!F3!^3!^3!^"
  "3!b3!^3!c3!_3!D3!_3!E3!_3!F3!_3!^3!_3!b3!_3!c3!`3!D3!`3!^3!`3!b3!`3!c3!c3!D3!c3!E3!c3!F3!c3!^3!c3!b3!c3!c3!H3!,4!I3!,4!b3!,4!C!!e3!j3!C!!f3!j3!C!!g3!j3!C!!h3!j3!C!!i3!j3!C!!j3!,4!=3!I3!=3!J3!=3!^3!=3!"
  "_3!=3!b3!=3!c3!@3!I3!@3!J3!@3!^3!@3!_3!@3!b3!@3!c3!B3!I3!B3!J3!B3!^3!B3!_3!B3!b3!B3!c3!C3!I3!C3!J3!C3!^3!C3!_3!C3!b3!C3!c3!Y3!b3!Y3!c3!Z3!b3!Z3!c3![3!>3![3!]3![3!^3![3!b3![3!c3!]3!^3!]3!b3!]3!c3!^3!>3"
  "!^3!^3!_3!I3!_3!J3!_3!^3!_3!_3!_3!b3!_3!c3!b3!,4!c3!I3!c3!J3!c3!^3!c3!_3!c3!b3!c3!c3!=3!D3!=3!E3!=3!F3!=3!^3!=3!`3!@3!D3!@3!E3!@3!F3!@3!^3!@3!`3!B3!D3!B3!E3!B3!F3!B3!^3!B3!`3!C3!^3!D3!E3!D3!^3!E3!D3!E"
  "3!^3!F3!D3!F3!^3!K3!D3!K3!E3!K3!F3!K3!^3!M3!E3!M3!F3!M3!^3!N3!D3!N3!E3!N3!F3!N3!^3!O3!E3!P3!^3!Q3!D3!Q3!^3!R3!D3!R3!^3!Y3!D3!Y3!E3!Y3!F3!Y3!^3!Z3!E3!Z3!^3![3!D3![3!E3![3!F3![3!]3![3!^3!]3!D3!]3!E3!]3!"
  "F3!]3!^3!]3!`3!^3!D3!^3!E3!^3!F3!^3!^3!_3!D3!_3!E3!_3!F3!_3!^3!_3!`3!`3!",
  "D3!`3!^3!`3!,4!c3!D3!c3!E3!c3!F3!c3!^3!c3!`3!=3!^3!=3!`3!@3!^3!@3!`3!B3!^3!B3!`3!C3!^3!C3!`3!K3!^3!K3!`3!L3!^3!L3!`3![3!]3![3!^3!]3!^3!_3!^3!_3!`3!c3!^3!c3!`3!X3!g3!j3!X3!h3!j3!X3!i3!j3!O3!b3!O3!c3!Q3"
  "!b3!Q3!c3!R3!b3!R3!c3!K3!b3!K3!c3!L3!b3!L3!c3!E3!b3!E3!c3!D3!b3!D3!c3!F3!b3!F3!c3!M3!b3!M3!c3!N3!b3!N3!c3!L3!D3!L3!E3!L3!F3!L3!^3!L3!I3!K3!I3!M3!I3!N3!I3!O3!b3!O3!c3!Q3!b3!Q3!c3!R3!b3!R3!c3!K3!b3!K3!c"
  "3!L3!b3!L3!c3!E3!b3!E3!c3!D3!b3!D3!c3!F3!b3!F3!c3!M3!b3!M3!c3!N3!b3!N3!c3!L3!D3!L3!E3!L3!F3!L3!^3!L3!I3!K3!I3!M3!I3!N3!I3!L3!D3!L3!E3!L3!F3!L3!^3!K3!`3!L3!`3!O3!^3!K3!D3!K3!E3!K3!F3!L3!D3!L3!E3!L3!F3!"
  "O3!^3!P3!^3!>3!d3!>3!d3!B3!D3!^3!B3!E3!D3!B3!E3!D3!B3!E3!^3!B3!F3!^3!B3!^3!D3!B3!^3!E3!B3!^3!F3!D3!^3!E3!D3!^3!E3!E3!^3!c3!E3!^3!b3!K3!E3!D3!K3!D3!E3!K3!D3!b3!K3!^3!E3!K3!^3!E3!K3!^3!D3!K3!^3!^3!K3!^3"
  "!^3!M3!E3!E3!M3!E3!E3!M3!^3!^3!L3!E3!^3!L3!E3!^3!L3!D3!c3!L3!^3!F3!L3!^3!F3!L3!^3!^3!L3!^3!^3!N3!E3!b3!N3!F3!^3!N3!F3!^3!O3!^3!E3!O3!^3!E3!O3!^3!^3!O3!^3!c3!Q3!D3!^3!Q3!^3!^3!Q3!^3!^3!Q3!^3!b3!R3!^3!^"
  "3!R3!^3!c3!R3!^3!b3!Y3!F3!^3!Y3!F3!^3!Z3!^3!E3!Z3!^3!^3!]3!E3!^3!]3!E3!c3!]3!E3!b3!]3!D3!D3!]3!D3!D3!]3!F3!^3!]3!F3!^3!]3!^3!E3!]3!^3!E3!^3!E3!D3!^3!E3!^3!^3!E3!c3!^3!D3!E3!^3!D3!^3!^3!F3!D3!^3!F3!^3!"
  "^3!D3!F3!`3!^3!D3!`3!^3!^3!_3!E3!^3!_3!E3!b3!_3!D3!^3!_3!D3!^3!_3!D3!b3!_3!^3!c3!_3!^3!b3!c3!^3!^3!c3!^3!^3!@3!F3!c3!B3!D3!c3!B3!D3!b3!B3!F3!c3!B3!F3!b3!B3!^3!c3!B3!^3!b3!D3!^3!c3!D3!E3!b3!D3!^3!b3!K3"
  "!F3!b3!M3!E3!c3!L3!E3!c3!N3!E3!c3!]3!D3!c3!]3!^3!c3!c3!E3!c3!c3!D3!c3!c3!^3!c3!^3!^3!c3!Z3!^3!c3!_3!E3!c3!Z3!^3!E3!]3!E3!^3!Q3!^3!c3![3!^3!c3!_3!D3!E3!^3!F3!c3!]3!D3!^3![3!^3!^3!]3!D3!^3!_3!D3!E3!D3!E"
  "3!c3!E3!D3!c3!^3!D3!c3!Y3!^3!c3!@3!E3!c3![3!^3!^3!Q3!D3!^3!M3!^3!^3!K3!F3!c3!_3!D3!c3!M3!]3!35!Z3!]3!35!>3!]3!]3!`3!>3![3!@3!I3!^3!E3!^3!G3!M3!]3!Q3!^3!I3!K3!a3!]3!Q3!]3!c3!`3!a3!K3!]3!^3!M3!]3!b3!M3!"
  "]3!b3!C!!>3!]3!]3!`3!C!!Q3!]3!c3!`3!C!!a3!K3!]3!^3!D3!]3!C!!D3!]3!>3!]3!`3!I3!-5!>3!]3!C!!d3!X3!d3!C!!e3!C!!f3!C!!g3!X3!g3!C!!h3!X3!h3!C!!i3!X3!i3!C!!j3!X3!j3!C!!k3!X3!k3!]3!93!]3!93!]3!:3!]3!:3!]3!<3"
  "!]3!<3!]3!>3!]3!>3!sI*7J*uI*7J*!J*7J*TK*JK*UK*JK*HQ*>Q*HQ*XQ*NU*OU*NU*EU*NU*RU*;X*2X*<X*2X**c*%c**F08F0+F08F02F0BF02F0CF02F0DF02F0EF02F0FF01G08F02G08F03G0BF04G0BF03G0CF04G0CF0S!!Q!!S!!O!!T!!O!!U!!O!!V"
  "!!O!!W!!O!!X!!O!!Y!!O!!Z!!O!![!!O!!]!!O!!K!!e!!L!!K!!f!!L!!K!!g!!L!!K!!h!!L!!K!!i!!L!!K!!j!!L!!K!!k!!L!!K!!l!!L!!K!!m!!L!!K!!n!!L!!K!!o!!L!!K!!p!!L!!K!!q!!L!!K!!r!!L!!K!!s!!L!!K!!t!!L!!K!!u!!L!!K!!v!!"
  "L!!K!!w!!L!!K!!x!!L!!K!!y!!L!!K!!z!!L!!K!!{!!L!!K!!|!!L!!K!!}!!L!!K!!~!!L!!9O#w!!:O#g!!h!!{!!~!!l!!z!!q!!z!!w!!h!!w!!w!!t!!t!!z!!{!!g!!q!!g!!q!!h!!q!!v!!h!!n!!FP#rO#!Q#!Q#9O#83%:O#9O#SH$:O#9O#|I$:O#9O"
  "#Qo$:O#9O#,O%:O#9O#Z%%:O#9O#@a%:O#9O#,V$:O#9O#*.%:O#",
};
static const char wm__uc_dec_pool_ix[] =
    "!!#!#!#!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!+!l7x7K;K;K;K;K;K;K;K;M;M;M;M;M;M;+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>+>4>4>4>4>4>4>4>4>J>J>J>J>J>J>J>J>J>J>J>J>J>"
    "J>J>J>J>M>M>M>M>M>M>M>M>M>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>V>.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J"
    ".J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.J.JHWHWHWHWHW";
static const wm__uct wm__uc_dec_pool = {wm__uc_dec_pool_s, wm__uc_dec_pool_ix, 4980, 3, 10, 0};
static const char *const wm__uc_comp_s[4] = { /* [first, second, composite], sorted */
  "`!!'+!r'#a!!'+!d'#b!!'+!s'#e!!K*!,$!e!!L*!-$!e!!M*!.$!e!!N*!/$!e!!O*!n$!e!!Q*!p$!e!!R*!&(!e!!S*!0$!e!!T*!2z!e!!U*!1$!e!!W*!('!e!!Z*!]'!e!!]*!_'!e!!o*!0z!e!!q*!Gx!e!!t*!r$!f!!R*!Ix!f!!o*!Kx!f!!}*!Mx!g!"
  "!L*!t$!g!!M*!v$!g!!R*!x$!g!!W*!z$!g!!s*!3$!h!!R*!Qx!h!!W*!|$!h!!o*!Sx!h!!s*!Wx!h!!y*!Yx!h!!}*!Ux!i!!K*!4$!i!!L*!5$!i!!M*!6$!i!!N*!Mz!i!!O*!#%!i!!Q*!%%!i!!R*!'%!i!!S*!7$!i!!T*!Kz!i!!W*!+%!i!!Z*!a'!i!!]"
  "*!c'!i!!o*!Iz!i!!s*!((!i!!t*!)%!i!!y*!`x!i!!|*!bx!j!!R*!fx!k!!L*!P'!k!!M*!-%!k!!O*!hx!k!!Q*!/%!k!!R*!1%!k!!W*!B'!k!!s*!3%!l!!M*!5%!l!!R*!jx!l!!S*!nx!l!!W*!{'!l!!o*!lx!l!!s*!px!l!!z*!rx!m!!K*!8$!m!!L*!"
  "9$!m!!M*!:$!m!!N*!9%!m!!O*!;%!m!!Q*!=%!m!!R*!B%!m!!S*!;$!m!!T*!Yz!m!!W*!*'!m!!Z*!e'!m!!]*!g'!m!!o*![z!m!!t*!@%!m!!|*!tx!n!!M*!F%!o!!L*!xx!o!!W*!D'!o!!o*!zx!o!!s*!H%!o!!}*!|x!p!!L*!K%!p!!W*!O%!p!!o*!~x"
  "!p!!s*!M%!p!!y*!'y!p!!}*!%y!q!!L*!)y!q!!R*!+y!q!!o*!-y!r!!K*!T'!r!!L*!U%!r!!N*!=$!r!!R*!/y!r!!W*!Y%!r!!o*!1y!r!!s*!W%!r!!y*!5y!r!!}*!3y!s!!K*!>$!s!!L*!@$!s!!M*!A$!s!!N*!B$!s!!O*!_%!s!!Q*!a%!s!!R*!.(!s"
  "!!S*!C$!s!!T*!`z!s!!V*!c%!s!!W*!,'!s!!Z*!i'!s!!]*!k'!s!!g*!W&!s!!o*!^z!s!!t*!F'!t!!L*!@y!t!!R*!By!v!!L*!g%!v!!R*!Dy!v!!W*!k%!v!!Z*!m'!v!!]*!o'!v!!o*!Fy!v!!s*!i%!v!!}*!Jy!w!!L*!m%!w!!M*!o%!w!!R*!Ly!w!!"
  "W*!s%!w!!o*!Ny!w!!r*!u'!w!!s*!q%!x!!R*!Vy!x!!W*!w%!x!!o*!Xy!x!!r*!w'!x!!s*!u%!x!!y*!]y!x!!}*!Zy!y!!K*!F$!y!!L*!G$!y!!M*!H$!y!!N*!{%!y!!O*!}%!y!!Q*!!&!y!!S*!I$!y!!T*!xz!y!!U*!$&!y!!V*!&&!y!!W*!.'!y!!Z*"
  "!q'!y!!]*!s'!y!!g*!g&!y!!o*!vz!y!!p*!_y!y!!t*!(&!y!!y*!cy!y!!|*!ay!z!!N*!iy!z!!o*!ky!{!!K*!my!{!!L*!oy!{!!M*!*&!{!!R*!sy!{!!S*!qy!{!!o*!uy!|!!R*!wy!|!!S*!yy!}!!K*!'{!}!!L*!J$!}!!M*!,&!}!!N*!-{!}!!O*!2"
  "(!}!!R*!{y!}!!S*!.&!}!!T*!+{!}!!o*!){!~!!L*!/&!~!!M*!}y!~!!R*!1&!~!!W*!3&!~!!o*!!z!~!!}*!$z!(#!K*!M$!(#!L*!N$!(#!M*!O$!(#!N*!P$!(#!O*!o$!(#!Q*!q$!(#!R*!'(!(#!S*!Q$!(#!T*!3z!(#!U*!R$!(#!W*!)'!(#!Z*!^'!"
  "(#!]*!`'!(#!o*!1z!(#!q*!Hx!(#!t*!s$!)#!R*!Jx!)#!o*!Lx!)#!}*!Nx!*#!L*!u$!*#!M*!w$!*#!R*!y$!*#!W*!{$!*#!s*!T$!+#!R*!Rx!+#!W*!}$!+#!o*!Tx!+#!s*!Xx!+#!y*!Zx!+#!}*!Vx!,#!K*!U$!,#!L*!V$!,#!M*!W$!,#!N*!Nz!,#"
  "!O*!$%!,#!Q*!&%!,#!R*!(%!,#!S*!X$!,#!T*!Lz!,#!W*!,%!,#!Z*!b'!,#!]*!d'!,#!o*!Jz!,#!s*!)(!,#!t*!*%!,#!y*!ax!,#!|*!cx!-#!R*!gx!.#!L*!Q'!.#!M*!.%!.#!O*!ix!.#!Q*!0%!.#!R*!2%!.#!W*!C'!.#!s*!4%!/#!M*!6%!/#!R"
  "*!kx!/#!S*!ox!/#!W*!|'!/#!o*!mx!/#!s*!qx!/#!z*!sx!/#!}*!&z!0#!K*!Y$!0#!L*!Z$!0#!M*![$!0#!N*!:%!0#!O*!<%!",
  "0#!Q*!>%!0#!S*!]$!0#!T*!Zz!0#!W*!+'!0#!Z*!f'!0#!]*!h'!0#!o*!]z!0#!t*!A%!0#!|*!ux!1#!M*!G%!1#!W*!L'!2#!L*!yx!2#!W*!E'!2#!o*!{x!2#!s*!I%!2#!}*!}x!3#!L*!L%!3#!W*!P%!3#!o*!!y!3#!s*!N%!3#!y*!(y!3#!}*!&y!4#"
  "!L*!*y!4#!R*!,y!4#!o*!.y!5#!K*!U'!5#!L*!V%!5#!N*!_$!5#!R*!0y!5#!W*!Z%!5#!o*!2y!5#!s*!X%!5#!y*!6y!5#!}*!4y!6#!K*!`$!6#!L*!a$!6#!M*!b$!6#!N*!c$!6#!O*!`%!6#!Q*!b%!6#!R*!/(!6#!S*!d$!6#!T*!az!6#!V*!d%!6#!W"
  "*!-'!6#!Z*!j'!6#!]*!l'!6#!g*!X&!6#!o*!_z!6#!t*!G'!7#!L*!Ay!7#!R*!Cy!9#!L*!h%!9#!R*!Ey!9#!W*!l%!9#!Z*!n'!9#!]*!p'!9#!o*!Gy!9#!s*!j%!9#!}*!Ky!:#!L*!n%!:#!M*!p%!:#!R*!My!:#!W*!t%!:#!o*!Oy!:#!r*!v'!:#!s*!"
  "r%!;#!R*!Wy!;#!S*!'z!;#!W*!x%!;#!o*!Yy!;#!r*!x'!;#!s*!v%!;#!y*!^y!;#!}*![y!<#!K*!g$!<#!L*!h$!<#!M*!i$!<#!N*!|%!<#!O*!~%!<#!Q*!#&!<#!S*!j$!<#!T*!yz!<#!U*!%&!<#!V*!'&!<#!W*!/'!<#!Z*!r'!<#!]*!t'!<#!g*!h&"
  "!<#!o*!wz!<#!p*!`y!<#!t*!)&!<#!y*!dy!<#!|*!by!=#!N*!jy!=#!o*!ly!>#!K*!ny!>#!L*!py!>#!M*!+&!>#!R*!ty!>#!S*!ry!>#!U*!(z!>#!o*!vy!@#!R*!xy!@#!S*!zy!A#!K*!({!A#!L*!k$!A#!M*!-&!A#!N*!.{!A#!O*!3(!A#!R*!|y!A"
  "#!S*!m$!A#!T*!,{!A#!U*!)z!A#!o*!*{!B#!L*!0&!B#!M*!~y!B#!R*!2&!B#!W*!4&!B#!o*!#z!B#!}*!%z!q#!K*!n}!q#!L*!v+!q#!1+!A}!.$!K*!6z!.$!L*!4z!.$!N*!:z!.$!T*!8z!0$!O*!9'!1$!L*!V'!2$!L*!X'!2$!O*!='!3$!L*!Ox!6$!"
  "K*!Qz!6$!L*!Oz!6$!N*!Uz!6$!T*!Sz!;$!L*!vx!A$!K*!dz!A$!L*!bz!A$!N*!hz!A$!T*!fz!B$!L*!7y!B$!O*!,(!B$!S*!9y!C$!O*!*(!E$!L*!Z'!I$!K*!6'!I$!L*!2'!I$!O*!0'!I$!W*!4'!O$!K*!7z!O$!L*!5z!O$!N*!;z!O$!T*!9z!Q$!O*"
  "!:'!R$!L*!W'!S$!L*!Y'!S$!O*!>'!T$!L*!Px!W$!K*!Rz!W$!L*!Pz!W$!N*!Vz!W$!T*!Tz!]$!L*!wx!b$!K*!ez!b$!L*!cz!b$!N*!iz!b$!T*!gz!c$!L*!8y!c$!O*!-(!c$!S*!:y!d$!O*!+(!f$!L*!['!j$!K*!7'!j$!L*!3'!j$!O*!1'!j$!W*!5"
  "'!p$!K*!Az!p$!L*!>z!p$!N*!Ez!p$!T*!Cz!q$!K*!Bz!q$!L*!@z!q$!N*!Fz!q$!T*!Dz!#%!K*![x!#%!L*!^x!$%!K*!]x!$%!L*!_x!_%!K*!;y!_%!L*!=y!`%!K*!<y!`%!L*!>y!m%!R*!Py!n%!R*!Qy!s%!R*!Ry!t%!R*!Sy!{%!L*!ey!|%!L*!fy!"
  "}%!S*!gy!~%!S*!hy!5&!R*!+z!W&!K*!nz!W&!L*!lz!W&!N*!rz!W&!T*!pz!W&!o*!tz!X&!K*!oz!X&!L*!mz!X&!N*!sz!X&!T*!qz!X&!o*!uz!g&!K*!|z!g&!L*!zz!g&!N*!#{!g&!T*!~z!g&!o*!%{!h&!K*!}z!h&!L*!{z!h&!N*!${!h&!T*!!{!h&"
  "!o*!&{!o&!W*!J'!F'!O*!H'!G'!O*!I'!&(!O*!;'!'(!O*!<'!((!Q*!dx!)(!Q*!ex!.(!O*!0(!/(!O*!1(!7)!W*!K'!%,!K*!9}!%,!L*!w+!%,!O*!8}!%,!Q*!7}!%,!_*!={!%,!`*!>{!%,!4+!;}!),!K*!H}!),!L*!y+!),!_*!N{!),!`*!O{!+,!K"
  "*!J}!+,!L*!z+!+,!_*!_{!+,!`*!`{!+,!4+!L}!-,!K*!Z}!-,!L*!{+!-,!O*!Y}!-,!Q*!X}!-,!S*!>,!-,!_*!o{!-,!`*!p{!",
  "3,!K*!y}!3,!L*!}+!3,!_*!!|!3,!`*!#|!5,!`*!m}!9,!K*!k}!9,!L*!!,!9,!O*!j}!9,!Q*!i}!9,!S*!@,!9,!`*!3|!=,!K*!{}!=,!L*!#,!=,!_*!C|!=,!`*!D|!=,!4+!}}!A,!4+!3}!C,!4+!D}!F,!K*!K|!F,!L*!A,!F,!O*!0}!F,!Q*!/}!F,"
  "!_*!5{!F,!`*!6{!F,!1+!5}!F,!4+!2}!J,!K*!M|!J,!L*!B,!J,!_*!F{!J,!`*!G{!L,!K*!O|!L,!L*!C,!L,!_*!V{!L,!`*!W{!L,!1+!F}!L,!4+!C}!N,!K*!Q|!N,!L*!D,!N,!O*!Q}!N,!Q*!P}!N,!S*!`,!N,!_*!g{!N,!`*!h{!N,!1+!V}!T,!K"
  "*!S|!T,!L*!b,!T,!_*!w{!T,!`*!x{!V,!_*!e}!V,!`*!f}!Z,!K*!U|!Z,!L*!c,!Z,!O*!b}!Z,!Q*!a}!Z,!S*!a,!Z,!_*!*|!Z,!`*!+|!Z,!1+!g}!_,!K*!W|!_,!L*!d,!_,!_*!:|!_,!`*!;|!_,!1+!w}!_,!4+!t}!`,!K*!R}!`,!L*!$,!`,!1+!"
  "W}!a,!K*!c}!a,!L*!E,!a,!1+!h}!d,!4+!u}!h,!L*!i,!h,!S*!j,!@-!S*!A-!J-!Q*!T/!J-!S*!V/!M-!L*!<-!O-!K*!9-!O-!Q*!Z/!O-!S*!:-!P-!Q*!E/!P-!S*!a/!Q-!S*!c/!R-!K*!G-!R-!O*!g/!R-!Q*!S-!R-!S*!i/!T-!L*!F-!X-!S*!k/"
  "!^-!O*!s/!^-!Q*!H-!^-!S*!u/!^-!V*!w/!b-!S*!y/!f-!S*!}/!h-!S*!q/!k-!Q*!U/!k-!S*!W/!n-!L*!1.!p-!K*!..!p-!Q*![/!p-!S*!/.!q-!Q*!F/!q-!S*!b/!r-!S*!d/!s-!K*!;.!s-!O*!h/!s-!Q*!t-!s-!S*!j/!u-!L*!:.!y-!S*!l/!~"
  "-!O*!t/!~-!Q*!<.!~-!S*!v/!~-!V*!x/!%.!S*!z/!).!S*!~/!+.!S*!r/!4.!S*!5.!S.!Z*!U.!T.!Z*!V.!]/!S*!_/!^/!S*!`/!m/!S*!o/!n/!S*!p/!>3!l3!93!>3!m3!:3!>3!n3!<3!a3!m3!;3!c3!m3!=3!!5!m3!#5!35!m3!45!65!m3!~4!i;!"
  "};!j;!q;!};!r;!t;!};!u;!Q=!H=!U=!Q=!b=!V=!fB!]B!jB!fB!uB!gB!fB!vB!kB!UC!>D!WC!-D!%D!1D!-D!>D!3D!.D!%D!2D!SE!dE!UE!rF!+G!sF!yF!uF!}F!yF!+G!zF!yF!,G!{F!}F!+G!~F!BH!9H!FH!BH!SH!HH!CH!9H!GH!{I!lI!|I!{I!qI"
  "!~I!{I!$J!#J!~I!lI!!J!IP!RP!JP!#p!Tp!$p!%p!Tp!&p!'p!Tp!(p!)p!Tp!*p!+p!Tp!,p!/p!Tp!0p!Yp!Tp!Zp![p!Tp!]p!^p!Tp!`p!_p!Tp!ap!bp!Tp!cp!~x!O*!#y!!y!O*!$y!Fy!O*!Hy!Gy!O*!Iy!Ny!R*!Ty!Oy!R*!Uy!0z!M*!<z!0z!Q*!G"
  "z!1z!M*!=z!1z!Q*!Hz!Iz!M*!Wz!Jz!M*!Xz!^z!M*!jz!_z!M*!kz!5{!K*!7{!5{!L*!9{!5{!1+!;{!5{!4+![|!6{!K*!8{!6{!L*!:{!6{!1+!<{!6{!4+!]|!7{!4+!^|!8{!4+!_|!9{!4+!`|!:{!4+!a|!;{!4+!b|!<{!4+!c|!={!K*!@{!={!L*!B{!"
  "={!1+!D{!={!4+!d|!>{!K*!A{!>{!L*!C{!>{!1+!E{!>{!4+!e|!@{!4+!f|!A{!4+!g|!B{!4+!h|!C{!4+!i|!D{!4+!j|!E{!4+!k|!F{!K*!H{!F{!L*!J{!G{!K*!I{!G{!L*!K{!N{!K*!P{!N{!L*!R{!O{!K*!Q{!O{!L*!S{!V{!K*!X{!V{!L*!Z{!V{"
  "!1+!]{!V{!4+!l|!W{!K*!Y{!W{!L*![{!W{!1+!^{!W{!4+!m|!X{!4+!n|!Y{!4+!o|!Z{!4+!p|![{!4+!q|!]{!4+!r|!^{!4+!s|!_{!K*!a{!_{!L*!c{!_{!1+!e{!_{!4+!t|!`{!K*!b{!`{!L*!d{!`{!1+!f{!`{!4+!u|!a{!4+!v|!b{!4+!w|!c{!4"
  "+!x|!d{!4+!y|!e{!4+!z|!f{!4+!{|!g{!K*!i{!g{!L*!k{!g{!1+!m{!h{!K*!j{!h{!L*!l{!h{!1+!n{!o{!K*!q{!o{!L*!s{!",
  "o{!1+!u{!p{!K*!r{!p{!L*!t{!p{!1+!v{!w{!K*!y{!w{!L*!{{!x{!K*!z{!x{!L*!|{!!|!K*!$|!!|!L*!&|!#|!K*!%|!#|!L*!'|!*|!K*!,|!*|!L*!.|!*|!1+!0|!+|!K*!-|!+|!L*!/|!+|!1+!1|!3|!K*!5|!3|!L*!7|!3|!1+!9|!:|!K*!<|!:|"
  "!L*!>|!:|!1+!A|!:|!4+!||!;|!K*!=|!;|!L*!@|!;|!1+!B|!;|!4+!}|!<|!4+!~|!=|!4+!!}!>|!4+!#}!@|!4+!$}!A|!4+!%}!B|!4+!&}!C|!K*!E|!C|!L*!G|!C|!1+!I|!C|!4+!'}!D|!K*!F|!D|!L*!H|!D|!1+!J|!D|!4+!(}!E|!4+!)}!F|!4"
  "+!*}!G|!4+!+}!H|!4+!,}!I|!4+!-}!J|!4+!.}!K|!4+!1}!O|!4+!B}!W|!4+!s}!5}!4+!6}!>}!K*!M}!>}!L*!N}!>}!1+!O}!F}!4+!G}!w}!4+!x}!!~!K*!^}!!~!L*!_}!!~!1+!`}!I%#'+!S%#K%#'+!T%#M%#'+!h%#-&#'+!*&#/&#'+!,&#1&#'+!"
  "+&#b&#'+!c&#g&#'+!h&#j&#'+!k&#%'#'+!&'#''#'+!('#>'#'+!D'#F'#'+!G'#H'#'+!J'#K'#'+!L'#P'#'+!q'#e'#'+!f'#h'#'+!t'#i'#'+!u'#v'#'+!x'#w'#'+!y'#z'#'+!|'#{'#'+!}'#~'#'+!'(#!(#'+!((##(#'+!,)#$(#'+!-)#)(#'+!+("
  "#*(#'+!,(#-(#'+!/(#.(#'+!0(#8(#'+!.)#9(#'+!/)#J(#'+!T(#P(#'+!U(#Q(#'+!V(#S(#'+!W(#Z(#'+!6)#[(#'+!7)#](#'+!8)#^(#'+!9)#mO#eP#`P#rO#eP#sO#tO#eP#uO#vO#eP#wO#xO#eP#yO#zO#eP#{O#|O#eP#}O#~O#eP#!P##P#eP#$P#%"
  "P#eP#&P#'P#eP#(P#)P#eP#*P#+P#eP#,P#.P#eP#/P#0P#eP#1P#2P#eP#3P#9P#eP#:P#9P#fP#;P#<P#eP#=P#<P#fP#>P#@P#eP#AP#@P#fP#BP#CP#eP#DP#CP#fP#EP#FP#eP#GP#FP#fP#HP#iP#eP#jP#rP#eP#eQ#wP#eP#xP#yP#eP#zP#{P#eP#|P#}P#"
  "eP#~P#!Q#eP##Q#$Q#eP#%Q#&Q#eP#'Q#(Q#eP#)Q#*Q#eP#+Q#,Q#eP#-Q#.Q#eP#/Q#0Q#eP#1Q#3Q#eP#4Q#5Q#eP#6Q#7Q#eP#8Q#>Q#eP#@Q#>Q#fP#AQ#BQ#eP#CQ#BQ#fP#DQ#EQ#eP#FQ#EQ#fP#GQ#HQ#eP#IQ#HQ#fP#JQ#KQ#eP#LQ#KQ#fP#MQ#`Q#eP"
  "#hQ#aQ#eP#iQ#bQ#eP#jQ#cQ#eP#kQ#nQ#eP#oQ#sI*7J*tI*uI*7J*vI*!J*7J*(J*TK*JK*QK*UK*JK*RK*HQ*>Q*LQ*HQ*XQ*MQ*NU*EU*QU*NU*OU*PU*NU*RU*SU*;X*2X*=X*<X*2X*>X**c*%c*-c*",
};
static const char wm__uc_comp_ix[] =
    "!!j&='E'J(!)!)*)*)*)/)/)6)<)D)D)D)E)E)E)E)E)E)E)E)E)E)E)P)P)P)_),+,+2+V+V+V+V+V+V+V+V+V+V+V+V+V+V+4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,"
    "4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,"
    "4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,";
static const wm__uct wm__uc_comp = {wm__uc_comp_s, wm__uc_comp_ix, 941, 9, 8, 0};
static const char *const wm__uc_comp2_s[1] = { /* starters that compose with a preceding character, sorted */
  "H=!b=!]B!uB!vB!%D!>D!uF!+G!,G!9H!SH!qI!$J!RP!Tp!JK*>Q*XQ*EU*OU*RU*2X*%c*",
};
static const char wm__uc_comp2_ix[] =
    "!!!!!!!!!!!!!!!!!!!!$!$!)!,!0!0!0!1!1!1!1!1!1!1!1!1!1!1!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!"
    "2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!"
    "2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!2!";
static const wm__uct wm__uc_comp2 = {wm__uc_comp2_s, wm__uc_comp2_ix, 24, 3, 10, 0};
#endif
/* END UNICODE TABLES */

static int wm__in_ranges(uint32_t cp, const wm__uct *t) {
  int lo, hi;
  wm__uc_bounds(t, cp, &lo, &hi);
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (cp < wm__uc_cp(t, mid, 0)) hi = mid - 1;
    else if (cp > wm__uc_hi(t, mid)) lo = mid + 1;
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
  if (wm__in_ranges(cp, &wm__uc_letter)) return WM__CL_L;
  if (wm__in_ranges(cp, &wm__uc_number)) return WM__CL_N;
  if (wm__in_ranges(cp, &wm__uc_space)) return WM__CL_S;
  return 0;
}

/* cp in one of the WM__UC_* sets of [lo, hi] ranges */
static int wm__uc_in(uint32_t cp, int set) {
  static const wm__uct *const sets[] = {&wm__uc_mark, &wm__uc_punct, &wm__uc_symbol, &wm__uc_word, &wm__uc_ll, &wm__uc_lut}; /* WM__UC_* order */
  return wm__in_ranges(cp, sets[set]);
}

#ifndef WM_NO_UNICODE_NORM
static int wm__ccc(uint32_t cp) {
  int lo, hi;
  if (cp < 0x300) return 0;
  wm__uc_bounds(&wm__uc_ccc, cp, &lo, &hi);
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (cp < wm__uc_cp(&wm__uc_ccc, mid, 0)) hi = mid - 1;
    else if (cp > wm__uc_hi(&wm__uc_ccc, mid)) lo = mid + 1;
    else return (int)wm__uc_get(&wm__uc_ccc, mid, 5, 2);
  }
  return 0;
}

/* appends the full decomposition of cp (canonical; compat: compatibility too)
   to buf[n..], as far as cap allows; returns the new count */
static size_t wm__decompose(uint32_t cp, int compat, uint32_t *buf, size_t n, size_t cap) {
  int lo, hi;
  wm__uc_bounds(&wm__uc_dec, cp, &lo, &hi);
  if (cp - WM__HANGUL_S < 11172u) { /* Hangul syllables: L V (T), by arithmetic */
    uint32_t si = cp - WM__HANGUL_S, parts[3];
    int k, np = si % 28 ? 3 : 2;
    parts[0] = WM__HANGUL_L + si / 588; parts[1] = WM__HANGUL_V + (si % 588) / 28; parts[2] = WM__HANGUL_T + si % 28;
    for (k = 0; k < np; k++, n++) if (n < cap) buf[n] = parts[k];
    return n;
  }
  while (cp >= 0xa0 && lo <= hi) { /* runs [at, hi]: cp's info is at's + 2 (cp - at), or 34 length (cp - at) */
    int mid = (lo + hi) / 2;
    uint32_t at = wm__uc_cp(&wm__uc_dec, mid, 0);
    if (cp < at) hi = mid - 1;
    else if (cp > wm__uc_hi(&wm__uc_dec, mid)) lo = mid + 1;
    else {
      uint32_t info = wm__uc_get(&wm__uc_dec, mid, 5, 3), at2, i;
      info += (cp - at) * (info < 0x60000u ? 2 : 2 * 17 * ((info - 0x60000u) % 17 + 2));
      at2 = info < 0x60000u ? info : (info - 0x60000u) / 17;
      if ((at2 & 1) && !compat) break; /* (at2: 2 c or 2 pool offset, + 1 if a compatibility mapping) */
      if (info < 0x60000u) return wm__decompose(at2 >> 1, compat, buf, n, cap);
      for (i = 0; i < (info - 0x60000u) % 17 + 2; i++) n = wm__decompose(wm__uc_cp(&wm__uc_dec_pool, (int)((at2 >> 1) + i), 0), compat, buf, n, cap);
      return n;
    }
  }
  if (n < cap) buf[n] = cp;
  return n + 1;
}

/* the primary composite of a + b, or 0 */
static uint32_t wm__compose(uint32_t a, uint32_t b) {
  int lo, hi;
  wm__uc_bounds(&wm__uc_comp, a, &lo, &hi);
  if (a - WM__HANGUL_L < 19u && b - WM__HANGUL_V < 21u) return WM__HANGUL_S + ((a - WM__HANGUL_L) * 21 + (b - WM__HANGUL_V)) * 28;
  if (a - WM__HANGUL_S < 11172u && (a - WM__HANGUL_S) % 28 == 0 && b - WM__HANGUL_T - 1 < 27u) return a + (b - WM__HANGUL_T);
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    uint32_t r0 = wm__uc_cp(&wm__uc_comp, mid, 0), r1 = wm__uc_cp(&wm__uc_comp, mid, 3);
    if (a < r0 || (a == r0 && b < r1)) hi = mid - 1;
    else if (a > r0 || b > r1) lo = mid + 1;
    else return wm__uc_cp(&wm__uc_comp, mid, 6);
  }
  return 0;
}

static int wm__nfc_active(uint32_t cp) { return wm__in_ranges(cp, &wm__uc_nfc); }

/* a starter that may compose with what precedes it */
static int wm__composes_back(uint32_t cp) {
  int lo, hi;
  wm__uc_bounds(&wm__uc_comp2, cp, &lo, &hi);
  if (cp - WM__HANGUL_V < 21u || cp - WM__HANGUL_T - 1 < 27u) return 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    uint32_t at = wm__uc_cp(&wm__uc_comp2, mid, 0);
    if (cp < at) hi = mid - 1;
    else if (cp > at) lo = mid + 1;
    else return 1;
  }
  return 0;
}

static uint32_t wm__uc_lowercase(uint32_t cp) {
  int lo, hi;
  wm__uc_bounds(&wm__uc_lower, cp, &lo, &hi);
  while (lo <= hi) { /* runs [at, hi]: cp's lowercase is at's + (cp - at), of each code point or (v odd) every other */
    int mid = (lo + hi) / 2;
    uint32_t at = wm__uc_cp(&wm__uc_lower, mid, 0), v;
    if (cp < at) hi = mid - 1;
    else if (cp > wm__uc_hi(&wm__uc_lower, mid)) lo = mid + 1;
    else return (v = wm__uc_get(&wm__uc_lower, mid, 5, 3)) & (cp - at) & 1 ? cp : (v >> 1) + (cp - at);
  }
  return cp;
}
#if !defined(WM_NO_MALLOC) && !defined(WM_NO_STDIO) && !defined(WM_NO_JINJA) /* (the chat templates' upper(), their one user) */
static uint32_t wm__uc_uppercase(uint32_t cp) { /* (the table's inverse, scanned: templates' short strings) */
  int k;
  for (k = 0; k < wm__uc_lower.n; k++) {
    uint32_t at = wm__uc_cp(&wm__uc_lower, k, 0), v = wm__uc_get(&wm__uc_lower, k, 5, 3), i = cp - (v >> 1);
    if (cp >= v >> 1 && i <= wm__uc_hi(&wm__uc_lower, k) - at && !(v & i & 1) && at + i != cp) return at + i;
  }
  return cp;
}
#endif
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
