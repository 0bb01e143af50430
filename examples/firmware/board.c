/* Bare-metal Cortex-M platform for the firmware example (QEMU's MPS2/MPS3
   boards; a real board needs only another fw_write): vector table, reset
   (copy .data, clear .bss, paint the stack, enable the FPU and Helium),
   SysTick as a 64-bit cycle counter, console and exit by semihosting. */
#include <stdint.h>
#include <string.h>
#include "fw.h"

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern uint32_t __stack_limit[], __stack_top[];
void fw_reset(void);
void fw_fault(void);
void fw_systick(void);

#define REG(a) (*(volatile uint32_t *)(a))
#define SCB_CPACR 0xE000ED88u
#define SYST_CSR 0xE000E010u
#define SYST_RVR 0xE000E014u
#define SYST_CVR 0xE000E018u
#define STACK_PAINT 0xA5A5A5A5u

__attribute__((section(".vectors"), used)) static void (*const fw_vectors[16])(void) = {
    (void (*)(void))(uintptr_t)__stack_top, fw_reset, fw_fault, fw_fault, fw_fault, fw_fault, fw_fault, 0, 0, 0, 0,
    fw_fault, fw_fault, 0, fw_fault, fw_systick};

/* semihosting: op in r0, argument in r1, result in r0 */
static int semihost(int op, const void *arg) {
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

#define FW_SP(p) __asm__ volatile("mov %0, sp" : "=r"(p))
#include "semihost.h" /* fw_write, fw_exit, stack_used, put_num, fw_ram_init, fw_run */

static volatile uint32_t fw_wraps; /* SysTick reloads: 2^24 cycles each */

void fw_systick(void) { fw_wraps++; }

uint64_t fw_ticks(void) {
    uint32_t w, v;
    do { /* a wrap between the two reads shows as a changed count */
        w = fw_wraps;
        v = REG(SYST_CVR);
    } while (w != fw_wraps);
    return ((uint64_t)w << 24) + (0xFFFFFFu - v);
}

void fw_fault(void) {
    static const char msg[] = "\nerror: fault\n";
    fw_write(msg, sizeof msg - 1);
    fw_exit(3);
}

/* SysTick ticks of 2,000,000 instructions (a 2-instruction loop): under
   qemu -icount, where time advances per instruction, instructions per
   tick for converting the counts above. */
static uint64_t calibrate(void) {
    uint32_t n = 1000000;
    uint64_t t0 = fw_ticks();
    __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(n));
    return fw_ticks() - t0;
}

__attribute__((noreturn)) void fw_reset(void) {
    fw_ram_init();
    REG(SCB_CPACR) |= 0xFu << 20; /* CP10, CP11: the FPU (and Helium) */
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    REG(SYST_RVR) = 0xFFFFFFu;
    REG(SYST_CVR) = 0;
    REG(SYST_CSR) = 7; /* core clock, interrupt, enable */
    while (REG(SYST_CVR) == 0) { /* until the first reload */
    }
    fw_run(calibrate());
}
