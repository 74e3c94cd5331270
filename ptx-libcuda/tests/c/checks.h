/* What the driver API test programs print and count: one line a check, and the number of
 * checks that failed (the program exits non-zero and prints "FAILED" when it is not 0). */
#ifndef PTX_LIBCUDA_TEST_CHECKS_H
#define PTX_LIBCUDA_TEST_CHECKS_H

#include <stdio.h>
#include "cuda_driver.h"

static int failures = 0;

/* Prints `what: got` and whether it is `want`. */
static inline void expect(const char *what, CUresult got, CUresult want) {
    const char *name = "?";
    cuGetErrorName(got, &name);
    printf("%s: %s%s\n", what, name, got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

/* Prints `what: correct` if `ok`, else `what: WRONG`. */
static inline void verdict(const char *what, int ok) {
    printf("%s: %s\n", what, ok ? "correct" : "WRONG");
    if (!ok) failures++;
}

#endif
