// Statements that nvcc or ptxas rejects, for ptx-sim's tests: each error
// that `ptxsim check mistakes.cu --target sm_90a` reports stands where
// the comment above its statement says, and ptxas 13.0 rejects that
// statement too (`nvcc -cubin -arch=sm_90a`; statement 5 with -DBYTE_STORE
// is accepted, its other branch is not).

__global__ void mistakes(unsigned *out, unsigned a, unsigned short h) {
    unsigned r;

    // 1. No type `.s33` (ptxas: "Unknown modifier '.s33'").
    asm volatile("add.s33 %0, %1, %1;" : "=r"(r) : "r"(a));

    // 2. On the template's fourth line, a 16-bit register where add.u32
    // takes 32 bits (ptxas: "Arguments mismatch for instruction 'add'").
    asm volatile("{\n\t"
                 ".reg .u32 t;\n\t"
                 "mul.lo.u32 t, %1, %1;\n\t"
                 "add.u32 %0, t, %2;\n\t"
                 "}"
                 : "=r"(r)
                 : "r"(a), "h"(h));

    // 3. Newer than sm_90a (ptxas: "Instruction 'tcgen05.fence' not
    // supported on .target 'sm_90a'").
    asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");

    // 4. In a raw string, on its third line: neg has no unsigned type
    // (ptxas: "Instruction 'neg' applies only to signed numeric types").
    asm volatile(R"(
        mov.u32 %0, %1;
        neg.u32 %0, %0;
    )" : "=r"(r) : "r"(a));

    // 5. Only the #else branch is wrong: st has no .u33.
    asm volatile(
#ifdef BYTE_STORE
        "st.global.u8 [%0], %1;"
#else
        "st.global.u33 [%0], %1;"
#endif
        :: "l"(out), "r"(r) : "memory");

    // 6. No comma between the operands: nvcc reads two (and ptxas accepts
    // the statement), GCC would not; a warning.
    asm volatile("st.global.u32 [%0], %1;" :: "l"(out) "r"(r) : "memory");

    // 7. setmaxnreg's count is 24 to 256 in steps of 8 (ptxas: "value
    // '20' out of range, expected to be in range [24..256]").
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;" :: "n"(0x14));

    out[1] = r;
}

__global__ void named(unsigned *out, unsigned a) {
    unsigned r;
    // 8. nvcc stops at `%[sum]`: "symbolic operand reference not supported".
    asm("add.u32 %[sum], %1, %1;" : [sum] "=r"(r) : "r"(a));
    out[0] = r;
}
