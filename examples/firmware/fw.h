/* What a platform gives the firmware example (board.c, host.c). */
#ifndef FW_H
#define FW_H
#include <stddef.h>
#include <stdint.h>
extern const unsigned char fw_model[], fw_model_end[]; /* model.S: the GGUF file, 64-byte aligned */
void fw_write(const char *s, size_t n);                /* console output */
uint64_t fw_ticks(void);                               /* a monotonic counter (board: core clock cycles of SysTick) */
int fw_main(void);                                     /* main.c: 0 on success */
#ifndef FW_ARENA_SECTION
#define FW_ARENA_SECTION ".bss.fw_arena"
#endif
#endif
