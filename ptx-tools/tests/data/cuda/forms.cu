// Every way this file writes an asm() statement, for ptx-sim's tests:
// `ptxsim check forms.cu` finds 14 statements and nothing wrong in them.
// ptxas 13.0 accepts each for sm_90a: `nvcc -cubin -arch=sm_90a forms.cu`,
// with and without -DWIDE_STORE (the two branches of statement 12).

// Words that hold "asm" but start no statement.
constexpr int asm_count = 3;
__host__ __device__ int scaled_asm(int x) { return 2 * x; }
/* asm volatile("not a statement;"); */
// asm("nor this;");
const char *asm_text = "asm volatile(\"trap;\");";
const char asm_quote = '"';
// A comment that a backslash carries onto the next line: \
asm volatile("still the comment;");

// An asm label names a declaration's symbol; it is no statement.
extern "C" int forms_counter(void) asm("forms_counter_v2");
__device__ unsigned forms_total asm("forms_total_v2");

template <typename T, int N>
__device__ T pick(T a, T b) { return N > 1 ? a : b; }

__global__ void forms(unsigned *out, const unsigned *in, unsigned long long bits) {
    unsigned a = in[0], b = in[1], r;
    float f;

    // 1. asm, one literal.
    asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    out[4] = r;

    // 2. asm volatile, a template of adjacent literals over five lines.
    asm volatile("{\n\t"
                 ".reg .u32 t;\n\t"
                 "mul.lo.u32 t, %1, %2;\n\t"
                 "add.u32 %0, t, %1;\n\t"
                 "}"
                 : "=r"(r)
                 : "r"(a), "r"(b));

    // 3. __asm__ __volatile__, no outputs (`::`), a clobber.
    __asm__ __volatile__("st.global.u32 [%0], %1;" :: "l"(out), "r"(r) : "memory");

    // 4. __asm: \x25 is `%`, \011 a tab; \" and \\ in a PTX comment.
    __asm volatile("mov.u32\011\x25" "0, %1; // \"quoted\", back\\slash" : "=r"(r) : "r"(a));

    // 5. A raw string.
    asm volatile(R"(
        {
            .reg .pred p;
            setp.ne.u32 p, %1, 0;
            selp.u32 %0, %1, 7, p;
        })" : "=r"(r) : "r"(a));

    // 6. A raw string with a delimiter: `)"` does not end it.
    asm volatile(R"ptx(mov.u32 %0, %1; // )" is no end)ptx" : "=r"(r) : "r"(b));

    // 7. Named operands (nvcc takes the names, though not `%[sum]` in the
    // template: it stops with "symbolic operand reference not supported").
    asm("add.u32 %0, %1, %2;" : [sum] "=r"(r) : [x] "r"(a), [ y ] "r"(b));
    out[5] = r;

    // 8. asm inline, clobbers alone (`:::`).
    asm inline volatile("membar.gl;" ::: "memory");

    // 9. Expressions with casts, templates, calls with commas, parentheses.
    asm("add.u32 %0, %1, %2;"
        : "=r"(*reinterpret_cast<unsigned *>(&out[1]))
        : "r"(static_cast<unsigned>((a + b) * 2)), "r"(pick<unsigned, 2>(a, max(a, b))));

    // 10. A character literal holding `)`, an `n` operand with digit separators.
    asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a == ')' ? 1u : 2u), "n"(1'000));

    // 11. Basic asm (no `:`): `%` is no operand there.
    asm volatile("{ .reg .u32 %t; mov.u32 %t, %laneid; }");

    // 12. A template that the preprocessor picks.
    asm volatile(
#ifdef WIDE_STORE
        "st.global.v2.u32 [%0], {%1, %1};"
#else
        "st.global.u32 [%0], %1;"
#endif
        :: "l"(out + 2), "r"(r) : "memory");

    // 13 and 14. A special register (`%%`), 64-bit and float operands.
    asm("mov.u32 %0, %%laneid;" : "=r"(r));
    asm("cvt.rn.f32.u64 %0, %1;" : "=f"(f) : "l"(bits));

    out[3] = r + asm_count + scaled_asm(static_cast<int>(f)) + forms_total + asm_quote;
}
