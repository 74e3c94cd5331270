/* Managed memory through the driver API, as CUDA teaching code uses it:
   the host writes through the pointer cuMemAllocManaged gave, a kernel
   transforms the data in place, and the host reads the result through the
   same pointer. Copies and fills that reach managed memory, its pointer
   attributes, the prefetch and advice hints, and misuse that must fail
   without a crash. Each check prints a line the test reads. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cuda_driver.h"
#include "checks.h"

static const char *PTX =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    /* data[i] = 3 * data[i] + 1 (u32), i < n */
    ".visible .entry affine(.param .u64 data, .param .u32 n) {\n"
    "  .reg .pred %p;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [data];\n  ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r2, %ctaid.x;\n  mov.u32 %r3, %ntid.x;\n  mov.u32 %r4, %tid.x;\n"
    "  mad.lo.s32 %r5, %r2, %r3, %r4;\n"
    "  setp.ge.u32 %p, %r5, %r1;\n  @%p bra DONE;\n"
    "  mul.wide.u32 %rd2, %r5, 4;\n  add.s64 %rd3, %rd1, %rd2;\n"
    "  ld.global.u32 %r6, [%rd3];\n  mad.lo.s32 %r7, %r6, 3, 1;\n"
    "  st.global.u32 [%rd3], %r7;\n"
    "DONE:\n  ret;\n}\n";

#define N 1000

static CUfunction affine;

/* affine over the `n` values at `data`, synchronised. */
static void run_affine(CUdeviceptr data, unsigned int n) {
    void *params[] = {&data, &n};
    expect("cuLaunchKernel", cuLaunchKernel(affine, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, params, NULL), 0);
    expect("cuCtxSynchronize", cuCtxSynchronize(), 0);
}

int main(void) {
    CUdevice device;
    CUcontext context;
    CUmodule module;
    int managed_memory = -1, concurrent = -1;
    cuInit(0);
    cuDeviceGet(&device, 0);
    cuDeviceGetAttribute(&managed_memory, CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, device);
    cuDeviceGetAttribute(&concurrent, CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, device);
    printf("managed memory %d, concurrent managed access %d\n", managed_memory, concurrent);
    cuDevicePrimaryCtxRetain(&context, device);
    cuCtxSetCurrent(context);
    expect("cuModuleLoadData", cuModuleLoadData(&module, PTX), 0);
    expect("cuModuleGetFunction", cuModuleGetFunction(&affine, module, "affine"), 0);

    /* The host writes, a kernel transforms, the host reads: one pointer. */
    CUdeviceptr m;
    expect("cuMemAllocManaged", cuMemAllocManaged(&m, N * sizeof(uint32_t), CU_MEM_ATTACH_GLOBAL), 0);
    printf("page-aligned: %s\n", m % 4096 == 0 ? "yes" : "no");
    uint32_t *h = (uint32_t *)(uintptr_t)m;
    for (int i = 0; i < N; i++) h[i] = (uint32_t)i;
    run_affine(m, N);
    int ok = 1;
    for (int i = 0; i < N; i++) ok &= h[i] == 3u * (uint32_t)i + 1u;
    verdict("kernel on host-written managed memory, i -> 3i + 1", ok);

    /* A host write between launches reaches the next one: h[0] = 1000
       becomes 3001; the others, 3i + 1 again, 3(3i + 1) + 1 = 9i + 4. */
    h[0] = 1000;
    run_affine(m, N);
    ok = h[0] == 3001;
    for (int i = 1; i < N; i++) ok &= h[i] == 9u * (uint32_t)i + 4u;
    verdict("second launch sees the host's write", ok);

    /* Copies and fills reach the same bytes the host reads. */
    static uint32_t buffer[N];
    expect("cuMemcpyDtoH from managed memory", cuMemcpyDtoH_v2(buffer, m, sizeof buffer), 0);
    verdict("it reads what the host reads", memcmp(buffer, h, sizeof buffer) == 0);
    expect("cuMemsetD32 on managed memory", cuMemsetD32_v2(m, 7, N), 0);
    expect("cuMemsetD8 on its second element", cuMemsetD8_v2(m + 4, 0xff, 4), 0);
    ok = h[0] == 7 && h[1] == 0xffffffffu;
    for (int i = 2; i < N; i++) ok &= h[i] == 7;
    verdict("the host reads the fills", ok);
    for (int i = 0; i < N; i++) buffer[i] = 2u * (uint32_t)i;
    CUdeviceptr d;
    cuMemAlloc_v2(&d, sizeof buffer);
    cuMemcpyHtoD_v2(d, buffer, sizeof buffer);
    expect("cuMemcpyDtoD into managed memory", cuMemcpyDtoD_v2(m, d, sizeof buffer), 0);
    ok = 1;
    for (int i = 0; i < N; i++) ok &= h[i] == 2u * (uint32_t)i;
    verdict("the host reads the copy", ok);
    h[5] = 12345;
    expect("cuMemcpy out of managed memory", cuMemcpy(d, m, sizeof buffer), 0);
    cuMemcpyDtoH_v2(buffer, d, sizeof buffer);
    verdict("the copy has the host's write", buffer[5] == 12345 && buffer[6] == 12);

    /* What the pointer is. */
    int is_managed = -1;
    unsigned int type = 0;
    void *host_pointer = NULL;
    cuPointerGetAttribute(&is_managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, m);
    cuPointerGetAttribute(&host_pointer, CU_POINTER_ATTRIBUTE_HOST_POINTER, m);
    cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, m);
    printf("pointer attributes: managed %d, host pointer %s, memory type %u\n", is_managed,
           host_pointer == (void *)h ? "the same" : "other", type);

    /* Hints: accepted for managed memory, refused for other memory. */
    CUmemLocation to_device = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
    CUmemLocation to_host = {CU_MEM_LOCATION_TYPE_HOST, 0};
    CUmemLocation to_device_1 = {CU_MEM_LOCATION_TYPE_DEVICE, 1};
    expect("prefetch to the device", cuMemPrefetchAsync_v2(m, sizeof buffer, to_device, 0, 0), 0);
    expect("prefetch to the host", cuMemPrefetchAsync_v2(m, sizeof buffer, to_host, 0, 0), 0);
    expect("prefetch to device 1", cuMemPrefetchAsync_v2(m, sizeof buffer, to_device_1, 0, 0), 101);
    expect("prefetch of cuMemAlloc memory", cuMemPrefetchAsync_v2(d, sizeof buffer, to_device, 0, 0), 1);
    expect("advise read-mostly", cuMemAdvise_v2(m, sizeof buffer, CU_MEM_ADVISE_SET_READ_MOSTLY, to_host), 0);
    expect("advise preferred location",
           cuMemAdvise_v2(m, sizeof buffer, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, to_device), 0);
    /* The first cuMemPrefetchAsync (CUDA 8 to 12.1), to a device
       ordinal, by name: what a version before 12.2 asks for. */
    void *fn = NULL;
    cuGetProcAddress_v2("cuMemPrefetchAsync", &fn, 8000, 0, NULL);
    CUresult (*prefetch_8)(CUdeviceptr, size_t, CUdevice, CUstream) =
        (CUresult (*)(CUdeviceptr, size_t, CUdevice, CUstream))fn;
    expect("CUDA 8 prefetch to the CPU", prefetch_8(m, sizeof buffer, CU_DEVICE_CPU, 0), 0);
    expect("CUDA 8 prefetch to device 0", prefetch_8(m, sizeof buffer, 0, 0), 0);

    /* Misuse fails without touching memory beyond the allocation. */
    expect("cuMemcpyDtoH past its end", cuMemcpyDtoH_v2(buffer, m + 4, sizeof buffer), 1);
    expect("cuMemsetD32 past its end", cuMemsetD32_v2(m, 0, N + 1), 1);
    CUdeviceptr bad;
    expect("cuMemAllocManaged of 0 bytes", cuMemAllocManaged(&bad, 0, CU_MEM_ATTACH_GLOBAL), 1);
    expect("cuMemAllocManaged with flags 0", cuMemAllocManaged(&bad, 4, 0), 1);

    /* 64 MiB: every launch carries the whole allocation both ways. The
       kernel changes the last value only; the first stays the host's. */
    const size_t big_n = (size_t)1 << 24;
    CUdeviceptr big;
    expect("cuMemAllocManaged 64 MiB", cuMemAllocManaged(&big, big_n * 4, CU_MEM_ATTACH_GLOBAL), 0);
    uint32_t *hb = (uint32_t *)(uintptr_t)big;
    hb[0] = 11;
    hb[big_n - 1] = 20;
    run_affine(big + (big_n - 1) * 4, 1);
    printf("64 MiB: first %u, last %u\n", hb[0], hb[big_n - 1]);

    /* Freed, it is unmapped; the next allocation is elsewhere. */
    expect("cuMemFree managed", cuMemFree_v2(m), 0);
    expect("cuMemFree managed again", cuMemFree_v2(m), 1);
    CUdeviceptr again;
    cuMemAllocManaged(&again, N * sizeof(uint32_t), CU_MEM_ATTACH_GLOBAL);
    printf("a new allocation reuses the freed address: %s\n", again == m ? "yes" : "no");
    printf("%s\n", failures ? "FAILED" : "all managed checks passed");
    return failures != 0;
}
