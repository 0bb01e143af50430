/* lib.c - wm.h's implementation, compiled once per build of the suite, and
   the suites that reach its private functions (wm.h's functions are static,
   so white-box suites live in its translation unit): lib_kernels.c,
   lib_quant.c, lib_model.c, lib_tokenizer.c. Every other suite is an object
   of its own that links to this one. */
#define _POSIX_C_SOURCE 200809L
#define WM_IMPLEMENTATION
#include "../wm.h"
#include "test.h"

/* the kernels' context the white-box suites run (.simd: the ISA under test), and the scalar references' */
static wm__kc g_kc = {1, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 1}, g_kc_scalar = {0, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 1};

#include "lib_kernels.c"
#include "lib_quant.c"
#include "lib_model.c"
#include "lib_tokenizer.c"

/* the kernels' suites, once per vector ISA this build and CPU run (the scalar references alone where none) */
void run_kernel_suites(const char *only) {
    int isa, ran = 0;
    for (isa = WM_ISA_COUNT - 1; isa >= WM_ISA_SCALAR; isa--) {
        if (!wm_isa_supported(isa) || (isa == WM_ISA_SCALAR && ran)) continue;
        g_kc.simd = wm__kc_simd(isa);
        ran++;
        if (isa == WM_ISA_AMX) posix_begin("the kernel suites under avx512+amx", "AMX runs where Linux grants it: the Windows build has none"); /* (counted for make test-windows) */
        if (!only || strstr("kernels", only) || strstr("quant", only)) printf("kernels: %s\n", wm_isa_name(isa));
        RUN("select", test_select);
        RUN("kernels", test_kernels);
        RUN("kernels", test_kernels_special);
        RUN("ssd", test_ssd_chunked);
        RUN("attention", test_attn_core);
        RUN("quant", test_quant);
        RUN("quant", test_quant_tile);
        if (isa == WM_ISA_AMX) posix_end();
    }
    g_kc.simd = wm__kc_simd(WM_ISA_AUTO); /* the rest: the session default */
}
