/* Bare-metal RISC-V RV32 platform for the firmware example (QEMU's virt
   board, machine mode; a real board needs only another fw_write): start
   (global pointer, stack), reset (copy .data, clear .bss, paint the stack,
   enable the FPU where there is one), trap handler, mcycle as the cycle
   counter, console and exit by semihosting. */
#include <stdint.h>
#include <string.h>
#include "fw.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_limit[], __stack_top[];
void fw_reset(void);
void fw_trap(void);

#define STACK_PAINT 0xA5A5A5A5u
/* a CSR instruction (Zicsr, which the assembler wants named) */
#define CSR(insn) ".option push\n.option arch, +zicsr\n" insn "\n.option pop"

/* QEMU's reset vector jumps to the start of DRAM, where the linker script puts this */
__asm__(".section .vectors, \"ax\"\n"
        ".global fw_start\n"
        "fw_start:\n"
        ".option push\n.option norelax\n"
        "  la gp, __global_pointer$\n"
        ".option pop\n"
        "  la sp, __stack_top\n"
        "  la t0, fw_trap\n"
        CSR("  csrw mtvec, t0") "\n"
        "  j fw_reset\n"
        ".text\n");

/* semihosting: op in a0, argument in a1, result in a0; the three
   instructions uncompressed and on one page, as the debugger convention says */
static int semihost(int op, const void *arg) {
    register int a0 __asm__("a0") = op;
    register const void *a1 __asm__("a1") = arg;
    __asm__ volatile(".option push\n.option norvc\n.balign 16\n"
                     "slli x0, x0, 0x1f\n\tebreak\n\tsrai x0, x0, 7\n"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}

#define FW_SP(p) __asm__ volatile("mv %0, sp" : "=r"(p))
#include "semihost.h" /* fw_write, fw_exit, stack_used, put_num, fw_ram_init, fw_run */

uint64_t fw_ticks(void) { /* mcycle: under qemu -icount, instructions */
    uint32_t hi, lo, hi2;
    do {
        __asm__ volatile(CSR("csrr %0, mcycleh") : "=r"(hi));
        __asm__ volatile(CSR("csrr %0, mcycle") : "=r"(lo));
        __asm__ volatile(CSR("csrr %0, mcycleh") : "=r"(hi2));
    } while (hi != hi2);
    return (uint64_t)hi << 32 | lo;
}

__attribute__((aligned(4))) void fw_trap(void) {
    static const char msg[] = "\nerror: trap, mcause ";
    uint32_t cause;
    char b[12], *q = b + sizeof b;
    __asm__ volatile(CSR("csrr %0, mcause") : "=r"(cause));
    do *--q = (char)('0' + cause % 10); while ((cause /= 10) && q > b);
    fw_write(msg, sizeof msg - 1);
    fw_write(q, (size_t)(b + sizeof b - q));
    fw_write("\n", 1);
    fw_exit(3);
}

/* counter ticks of 2,000,000 instructions (a 2-instruction loop), for
   converting the counts above to instructions */
static uint64_t calibrate(void) {
    uint32_t n = 1000000;
    uint64_t t0 = fw_ticks();
    __asm__ volatile("1: addi %0, %0, -1\n\tbnez %0, 1b" : "+r"(n));
    return fw_ticks() - t0;
}

__attribute__((noreturn)) void fw_reset(void) {
    fw_ram_init();
#ifdef __riscv_flen
    __asm__ volatile(CSR("csrs mstatus, %0") ::"r"(1u << 13)); /* FS = initial: the FPU on */
#endif
    fw_run(calibrate());
}
