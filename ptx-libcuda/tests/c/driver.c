/* The driver API end to end: a device, a PTX module, memory, launches
   (kernelParams, a packed `extra` buffer, a module variable), events,
   entry points by name, bad handles and null pointers, and a kernel that
   writes out of bounds, whose fault the next synchronising call
   reports. Each check prints a line the test reads. */
#include <stdio.h>
#include <string.h>
#include "cuda_driver.h"
#include "checks.h"

static const char *PTX =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .global .align 4 .u32 bias = 0;\n"
    /* c[i] = a[i] + b[i] + bias, i < n */
    ".visible .entry vadd(.param .u64 a, .param .u64 b, .param .u64 c, .param .u32 n) {\n"
    "  .reg .pred %p;\n  .reg .b32 %r<8>;\n  .reg .f32 %f<5>;\n  .reg .b64 %rd<10>;\n"
    "  ld.param.u64 %rd1, [a];\n  ld.param.u64 %rd2, [b];\n  ld.param.u64 %rd3, [c];\n"
    "  ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r2, %ctaid.x;\n  mov.u32 %r3, %ntid.x;\n  mov.u32 %r4, %tid.x;\n"
    "  mad.lo.s32 %r5, %r2, %r3, %r4;\n"
    "  setp.ge.u32 %p, %r5, %r1;\n  @%p bra DONE;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n  add.s64 %rd6, %rd2, %rd4;\n  add.s64 %rd7, %rd3, %rd4;\n"
    "  ld.global.f32 %f1, [%rd5];\n  ld.global.f32 %f2, [%rd6];\n"
    "  ld.global.u32 %r6, [bias];\n  cvt.rn.f32.u32 %f4, %r6;\n"
    "  add.f32 %f3, %f1, %f2;\n  add.f32 %f3, %f3, %f4;\n"
    "  st.global.f32 [%rd7], %f3;\n"
    "DONE:\n  ret;\n}\n"
    /* out[index] = 1: out of bounds for a large index */
    ".visible .entry poke(.param .u64 out, .param .u64 index) {\n"
    "  .reg .b32 %r<2>;\n  .reg .b64 %rd<5>;\n"
    "  ld.param.u64 %rd1, [out];\n  ld.param.u64 %rd2, [index];\n"
    "  shl.b64 %rd3, %rd2, 2;\n  add.s64 %rd4, %rd1, %rd3;\n"
    "  mov.u32 %r1, 1;\n  st.global.u32 [%rd4], %r1;\n  ret;\n}\n";

#define N 1000

static int check_sums(const float *c, float bias) {
    for (int i = 0; i < N; i++)
        if (c[i] != (float)i + 2.0f * (float)i + bias) return 0;
    return 1;
}

int main(void) {
    int version = 0, count = 0, sms = 0, major = 0;
    char name[128];
    CUdevice device;
    CUcontext context;
    expect("cuInit", cuInit(0), 0);
    cuDriverGetVersion(&version);
    cuDeviceGetCount(&count);
    cuDeviceGet(&device, 0);
    cuDeviceGetName(name, sizeof name, device);
    cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    printf("version %d, %d device: %s, %d SMs, sm_%d0\n", version, count, name, sms, major);

    /* No context yet: calls that need one say so. */
    CUdeviceptr early;
    expect("cuMemAlloc without a context", cuMemAlloc_v2(&early, 4), 201);
    expect("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&context, device), 0);
    expect("cuCtxSetCurrent", cuCtxSetCurrent(context), 0);

    CUmodule module;
    CUfunction vadd, poke;
    expect("cuModuleLoadData", cuModuleLoadData(&module, PTX), 0);
    expect("cuModuleGetFunction vadd", cuModuleGetFunction(&vadd, module, "vadd"), 0);
    expect("cuModuleGetFunction poke", cuModuleGetFunction(&poke, module, "poke"), 0);
    expect("cuModuleGetFunction missing", cuModuleGetFunction(&poke, module, "missing"), 500);

    static float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) { a[i] = (float)i; b[i] = 2.0f * (float)i; }
    CUdeviceptr da, db, dc;
    cuMemAlloc_v2(&da, sizeof a);
    cuMemAlloc_v2(&db, sizeof b);
    cuMemAlloc_v2(&dc, sizeof c);
    cuMemcpyHtoD_v2(da, a, sizeof a);
    cuMemcpyHtoD_v2(db, b, sizeof b);

    CUevent start, stop;
    cuEventCreate(&start, 0);
    cuEventCreate(&stop, 0);
    cuEventRecord(start, 0);
    unsigned int n = N;
    void *params[] = {&da, &db, &dc, &n};
    expect("cuLaunchKernel", cuLaunchKernel(vadd, (N + 255) / 256, 1, 1, 256, 1, 1, 0, 0, params, NULL), 0);
    cuEventRecord(stop, 0);
    expect("cuEventSynchronize", cuEventSynchronize(stop), 0);
    float ms = -1.0f;
    expect("cuEventElapsedTime", cuEventElapsedTime_v2(&ms, start, stop), 0);
    printf("elapsed time is %s\n", ms >= 0.0f ? "non-negative" : "negative");
    cuMemcpyDtoH_v2(c, dc, sizeof c);
    printf("vadd by kernelParams: %s\n", check_sums(c, 0.0f) ? "correct" : "WRONG");

    /* The same through a packed buffer, after a variable is set. */
    CUdeviceptr bias;
    size_t bias_size = 0;
    unsigned int seven = 7;
    expect("cuModuleGetGlobal", cuModuleGetGlobal_v2(&bias, &bias_size, module, "bias"), 0);
    expect("cuMemcpyHtoD to the variable", cuMemcpyHtoD_v2(bias, &seven, sizeof seven), 0);
    cuMemsetD32_v2(dc, 0, N);
    struct { CUdeviceptr a, b, c; unsigned int n; unsigned int pad; } packed = {da, db, dc, N, 0};
    /* The parameters' 28 bytes: the struct's padding is not theirs, and an H200's driver
       refuses a buffer longer than the parameters. */
    size_t packed_size = sizeof packed;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE,
                     &packed_size, CU_LAUNCH_PARAM_END};
    CUstream stream;
    cuStreamCreate(&stream, 0);
    expect("cuLaunchKernel with 4 bytes too many",
           cuLaunchKernel(vadd, (N + 255) / 256, 1, 1, 256, 1, 1, 0, stream, NULL, extra), 701);
    packed_size = 3 * sizeof(CUdeviceptr) + sizeof(unsigned int);
    expect("cuLaunchKernel with extra", cuLaunchKernel(vadd, (N + 255) / 256, 1, 1, 256, 1, 1, 0, stream, NULL, extra), 0);
    expect("cuStreamSynchronize", cuStreamSynchronize(stream), 0);
    cuMemcpyDtoH_v2(c, dc, sizeof c);
    printf("vadd by extra, bias %zu bytes: %s\n", bias_size, check_sums(c, 7.0f) ? "correct" : "WRONG");
    unsigned int read_back = 0;
    cuMemcpyDtoH_v2(&read_back, bias, sizeof read_back);
    printf("bias reads back as %u\n", read_back);

    /* Entry points by name, as CUDA 12+ runtimes find them. */
    void *fn = NULL;
    int status = -1;
    expect("cuGetProcAddress cuMemAlloc", cuGetProcAddress_v2("cuMemAlloc", &fn, 13000, 0, &status), 0);
    CUdeviceptr by_pointer = 0;
    CUresult (*alloc)(CUdeviceptr *, size_t) = (CUresult (*)(CUdeviceptr *, size_t))fn;
    expect("cuMemAlloc through it", alloc(&by_pointer, 64), 0);
    /* Not an error when there is a status to say it in (as an H200's driver answers). */
    expect("cuGetProcAddress cuNoSuchCall", cuGetProcAddress_v2("cuNoSuchCall", &fn, 13000, 0, &status), 0);
    printf("symbol status %d, function %s\n", status, fn ? "set" : "null");

    /* What a GPU refuses, refused here without a crash. */
    expect("unknown module", cuModuleGetFunction(&poke, (CUmodule)0x1234, "poke"), 400);
    expect("unknown stream", cuStreamSynchronize((CUstream)0xdead0), 400);
    /* The per-thread default stream's form is the call itself. */
    expect("unknown stream, _ptsz form", cuStreamSynchronize_ptsz((CUstream)0xdead0), 400);
    /* An export of NVIDIA's libcuda.so.1 the stand-in does not implement. */
    expect("cuIpcCloseMemHandle", cuIpcCloseMemHandle(0), 801);
    expect("stream used as an event", cuEventRecord((CUevent)stream, 0), 400);
    expect("null out-pointer", cuMemAlloc_v2(NULL, 4), 1);
    expect("null count", cuDeviceGetCount(NULL), 1);
    expect("free of no allocation", cuMemFree_v2(da + 4), 1);
    cuStreamDestroy_v2(stream);
    expect("destroyed stream", cuStreamSynchronize(stream), 400);

    /* A store out of bounds: the launch succeeds, the fault is sticky. */
    unsigned long long index = 1ull << 24;
    void *poke_params[] = {&dc, &index};
    expect("cuLaunchKernel out of bounds", cuLaunchKernel(poke, 1, 1, 1, 1, 1, 1, 0, 0, poke_params, NULL), 0);
    fflush(stdout);
    expect("cuCtxSynchronize after the fault", cuCtxSynchronize(), 700);
    CUdeviceptr late;
    expect("cuMemAlloc after the fault", cuMemAlloc_v2(&late, 4), 700);
    const char *text = NULL;
    cuGetErrorString(700, &text);
    printf("700 means: %s\n", text);
    printf("%s\n", failures ? "FAILED" : "all driver checks passed");
    return failures != 0;
}
