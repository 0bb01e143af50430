/* The firmware example as a hosted program: the same main.c, output to
   stdout, ticks in nanoseconds. make test-firmware compares its ids with
   the boards'. It also checks that a misaligned copy of the weights is
   refused (WM_WEIGHTS_IN_PLACE) rather than copied into RAM. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "fw.h"

void fw_write(const char *s, size_t n) { fwrite(s, 1, n, stdout); }

uint64_t fw_ticks(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(void) {
    int rc = fw_main();
    fflush(stdout);
    return rc;
}
