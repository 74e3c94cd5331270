// asm() statements inside macros, for ptx-sim's tests. A #define's body
// runs on over backslashed line ends; `ptxsim check macros.cu` finds the
// statements there too: 6 in all, of which the 4 whose template or operand
// a macro builds are reported as not checked. ptxas 13.0 accepts every one
// as the preprocessor expands it (`nvcc -cubin -arch=sm_90a macros.cu`).

#define LANE_ID(dst) \
    asm volatile("mov.u32 %0, %%laneid;" \
                 : "=r"(dst))

#define SWAP_HALVES(dst, src)               \
    asm("prmt.b32 %0, %1, 0, 0x1032;"       \
        : "=r"(dst)                         \
        : "r"(src))

// The type is pasted into the template: `#type` is no string literal.
#define ADD_TYPED(type, dst, a, b) \
    asm("add." #type " %0, %1, %2;" : "=r"(dst) : "r"(a), "r"(b))

#define AS_TEXT(x) #x
#define LINE_TEXT(x) AS_TEXT(x)
#define MARKED_FENCE() \
    asm volatile("// line " LINE_TEXT(__LINE__) "\n\tmembar.cta;" ::: "memory")

#define MOVE_TEMPLATE "mov.u32 %0, %1;"
#define WRITES(x) "=r"(x)

__global__ void macros(unsigned *out, unsigned a, unsigned b) {
    unsigned lane, swapped, sum, moved, copied;
    LANE_ID(lane);
    SWAP_HALVES(swapped, a);
    ADD_TYPED(u32, sum, a, b);
    MARKED_FENCE();
    asm(MOVE_TEMPLATE : "=r"(moved) : "r"(b));
    asm("mov.u32 %0, %1;" : WRITES(copied) : "r"(a));
    out[0] = lane + swapped + sum + moved + copied;
}
