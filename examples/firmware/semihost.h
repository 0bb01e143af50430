/* The board-independent half of the bare-metal platforms (board.c,
   board-rv.c): console and exit by semihosting, the stack's high-water
   mark, numbers without printf, the reset's RAM setup and its end. The
   board defines semihost(op, arg) (its trap instruction), FW_SP(p) (p = the
   stack pointer) and the linker's symbols before including this. */
#ifndef FW_SEMIHOST_H
#define FW_SEMIHOST_H

static int fw_stdout = -1;

void fw_write(const char *s, size_t n) {
    uint32_t a[3];
    if (fw_stdout < 0) { /* the console: ":tt" opened for writing */
        static const char tt[] = ":tt";
        a[0] = (uint32_t)(uintptr_t)tt;
        a[1] = 4; /* "w" */
        a[2] = 3;
        fw_stdout = semihost(0x01, a); /* SYS_OPEN */
    }
    a[0] = (uint32_t)fw_stdout;
    a[1] = (uint32_t)(uintptr_t)s;
    a[2] = (uint32_t)n;
    if (n) semihost(0x05, a); /* SYS_WRITE */
}

__attribute__((noreturn)) static void fw_exit(int code) {
    uint32_t a[2];
    a[0] = 0x20026; /* ADP_Stopped_ApplicationExit */
    a[1] = (uint32_t)code;
    semihost(0x20, a); /* SYS_EXIT_EXTENDED */
    for (;;) {
    }
}

static size_t stack_used(void) { /* bytes below the top that are no longer the paint */
    const uint32_t *p = __stack_limit;
    while (p < __stack_top && *p == STACK_PAINT) p++;
    return (size_t)((const char *)__stack_top - (const char *)p);
}

static void put_num(const char *key, uint64_t v) {
    char b[24], *q = b + sizeof b;
    do *--q = (char)('0' + v % 10); while ((v /= 10) && q > b);
    fw_write(key, strlen(key));
    fw_write(q, (size_t)(b + sizeof b - q));
}

/* the start of a reset: .data copied, .bss cleared, the stack below this frame painted (for its high-water mark) */
static void fw_ram_init(void) {
    uint32_t *d, *s, *sp;
    FW_SP(sp);
    for (d = __data_start, s = __data_load; d < __data_end;) *d++ = *s++;
    for (d = __bss_start; d < __bss_end;) *d++ = 0;
    for (d = __stack_limit; d < sp - 16;) *d++ = STACK_PAINT;
}

/* the end of a reset: the program, its stack use and the board's calibration, its exit code */
__attribute__((noreturn)) static void fw_run(uint64_t calib) {
    int rc = fw_main();
    put_num("board: stack_bytes=", stack_used());
    put_num(" stack_size=", (uint64_t)((char *)__stack_top - (char *)__stack_limit));
    put_num(" calib_ticks_2M=", calib);
    fw_write("\n", 1);
    fw_exit(rc);
}

#endif
