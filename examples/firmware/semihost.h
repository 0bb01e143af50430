/* The board-independent half of the bare-metal platforms (board.c,
   board-rv.c): console and exit by semihosting, the stack's high-water
   mark, numbers without printf. The board defines semihost(op, arg) (its
   trap instruction) and the stack symbols before including this. */
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

#endif
