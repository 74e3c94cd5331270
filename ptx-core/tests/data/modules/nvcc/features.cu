// What nvcc 13.0 turns into module-level PTX: constant and global initializers
// (generic() addresses, function tables), dynamic and static shared memory,
// device functions with struct arguments, recursion, calls through function
// pointers, a switch, printf, __launch_bounds__ and __cluster_dims__.
// Compiled by `nvcc -ptx -arch=sm_90` into features.ptx, with `-G` into
// features_debug.ptx and with `-rdc=true` into features_rdc.ptx (CUDA 13.0.88);
// ptxas 13.0 accepts all three.
#include <cstdio>

__constant__ float coefficients[4] = {1.0f, 0.5f, 0.25f, 0.125f};
__device__ int counter = 3;
__device__ int* counter_ptr = &counter;
__device__ const char message[] = "hello";

typedef int (*op_t)(int);

__device__ __noinline__ int inc(int x) { return x + 1; }
__device__ __noinline__ int dec(int x) { return x - 1; }
__device__ op_t ops[2] = {inc, dec};

__device__ __noinline__ unsigned long long factorial(unsigned n) {
    return n < 2 ? 1ull : n * factorial(n - 1);
}

struct Pair { double a; long long b; };

__device__ __noinline__ Pair swap_pair(Pair p) { Pair q; q.a = (double)p.b; q.b = (long long)p.a; return q; }

__global__ void __launch_bounds__(256, 2) kernel(int* out, int which, float x) {
    extern __shared__ float dyn[];
    __shared__ int fixed[32];
    int t = threadIdx.x;
    fixed[t % 32] = t;
    dyn[t] = x * coefficients[t % 4];
    __syncthreads();
    int r = ops[which & 1](t);
    switch (which) {
        case 0: r += 10; break;
        case 1: r += 11; break;
        case 2: r += 12; break;
        case 3: r += 13; break;
        case 4: r += 14; break;
        case 5: r += 15; break;
        case 6: r += 16; break;
        default: r += 17; break;
    }
    Pair p = swap_pair(Pair{1.5, (long long)t});
    out[t] = r + (int)factorial(which) + *counter_ptr + fixed[(t + 1) % 32] + (int)dyn[t] + (int)p.a + message[t % 5];
    if (t == 0) printf("r=%d\n", r);
    if (which < 0) __trap();
}

__global__ void __cluster_dims__(2, 1, 1) clustered(int* out) {
    out[blockIdx.x] = blockIdx.x;
}
