/* Tensor maps through the driver API, as a Hopper program uses them: a
   map encoded on the host with cuTensorMapEncodeTiled, passed by value
   as a kernel parameter (a __grid_constant__ CUtensorMap is a
   `.param .align 64 .b8 [128]`), whose box a bulk tensor copy loads
   into shared memory and stores back; then the same map pointed at
   another tensor with cuTensorMapReplaceAddress; then what the encoder
   refuses. Each check prints a line the test reads.

   The tensors are 24 x 10 floats in rows of 32 (128 bytes: the stride
   is not the width), t[r][c] = 100 r + c and u[r][c] = -(100 r + c),
   the 8 padding floats of each row -1. The box is 8 x 4. */
#include <stdio.h>
#include <string.h>
#include "cuda_driver.h"
#include "checks.h"

/* Thread 0 loads the 8x4 box at (x, y) into shared memory, waits on the
   mbarrier for its 128 bytes, copies the 32 floats to out, and stores
   the box back to the tensor at (sx, sy). */
static const char *PTX =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .entry tile(.param .align 64 .b8 map[128], .param .u64 out, .param .u32 x,\n"
    "                     .param .u32 y, .param .u32 sx, .param .u32 sy) {\n"
    "  .shared .align 128 .b8 box[128];\n"
    "  .shared .align 8 .b64 bar;\n"
    "  .reg .pred %p<3>;\n  .reg .b32 %r<16>;\n  .reg .b64 %rd<8>;\n  .reg .f32 %f<2>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.ne.u32 %p1, %r1, 0;\n"
    "  @%p1 bra DONE;\n"
    "  mov.u64 %rd1, map;\n"
    "  cvta.param.u64 %rd1, %rd1;\n"
    "  ld.param.u32 %r2, [x];\n  ld.param.u32 %r3, [y];\n"
    "  mov.u32 %r4, bar;\n  mov.u32 %r5, box;\n"
    "  mbarrier.init.shared.b64 [%r4], 1;\n"
    "  mbarrier.arrive.expect_tx.shared.b64 _, [%r4], 128;\n"
    "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
    " [%r5], [%rd1, {%r2, %r3}], [%r4];\n"
    "WAIT:\n"
    "  mbarrier.try_wait.parity.shared.b64 %p2, [%r4], 0;\n"
    "  @!%p2 bra WAIT;\n"
    "  ld.param.u64 %rd2, [out];\n"
    "  mov.u32 %r6, 0;\n"
    "COPY:\n"
    "  shl.b32 %r7, %r6, 2;\n  add.u32 %r8, %r5, %r7;\n  ld.shared.f32 %f1, [%r8];\n"
    "  mul.wide.u32 %rd3, %r6, 4;\n  add.s64 %rd4, %rd2, %rd3;\n  st.global.f32 [%rd4], %f1;\n"
    "  add.u32 %r6, %r6, 1;\n  setp.lt.u32 %p2, %r6, 32;\n  @%p2 bra COPY;\n"
    "  ld.param.u32 %r9, [sx];\n  ld.param.u32 %r10, [sy];\n"
    "  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd1, {%r9, %r10}], [%r5];\n"
    "  cp.async.bulk.commit_group;\n"
    "  cp.async.bulk.wait_group 0;\n"
    "DONE:\n"
    "  ret;\n}\n";

#define W 24     /* columns */
#define H 10     /* rows */
#define PITCH 32 /* floats a row */
#define BOX_W 8
#define BOX_H 4

/* Element (r, c) of the tensor `sign` gives, as first written. */
static float value(int sign, int r, int c) {
    return c < W ? (float)(sign * (100 * r + c)) : -1.0f;
}

static void fill(float *t, int sign) {
    for (int r = 0; r < H; r++)
        for (int c = 0; c < PITCH; c++) t[r * PITCH + c] = value(sign, r, c);
}

/* Whether out holds the box at (x, y) of the tensor `sign` gives, zeros
   where the box is outside the tensor. */
static int is_box(const float *out, int sign, int x, int y) {
    for (int i = 0; i < BOX_H; i++)
        for (int j = 0; j < BOX_W; j++) {
            int r = y + i, c = x + j;
            float want = r < H && c < W ? value(sign, r, c) : 0.0f;
            if (out[i * BOX_W + j] != want) return 0;
        }
    return 1;
}

/* Whether t is the tensor `sign` gives with the box `out` written at
   (x, y), and nothing else changed (the padding included). */
static int stored(const float *t, const float *out, int sign, int x, int y) {
    for (int r = 0; r < H; r++)
        for (int c = 0; c < PITCH; c++) {
            int in_box = r >= y && r < y + BOX_H && c >= x && c < x + BOX_W;
            float want = in_box ? out[(r - y) * BOX_W + (c - x)] : value(sign, r, c);
            if (t[r * PITCH + c] != want) return 0;
        }
    return 1;
}

/* Runs tile with the map and reads out and the tensor at dt back. */
static void run(CUfunction tile, CUtensorMap *map, CUdeviceptr dout, float *out, CUdeviceptr dt,
                float *t, unsigned x, unsigned y, unsigned sx, unsigned sy) {
    void *params[] = {map, &dout, &x, &y, &sx, &sy};
    expect("cuLaunchKernel", cuLaunchKernel(tile, 1, 1, 1, 32, 1, 1, 0, 0, params, NULL), 0);
    expect("cuCtxSynchronize", cuCtxSynchronize(), 0);
    cuMemcpyDtoH_v2(out, dout, BOX_W * BOX_H * sizeof(float));
    cuMemcpyDtoH_v2(t, dt, H * PITCH * sizeof(float));
}

int main(void) {
    CUdevice device;
    CUcontext context;
    CUmodule module;
    CUfunction tile;
    expect("cuInit", cuInit(0), 0);
    cuDeviceGet(&device, 0);
    expect("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&context, device), 0);
    expect("cuCtxSetCurrent", cuCtxSetCurrent(context), 0);
    expect("cuModuleLoadData", cuModuleLoadData(&module, PTX), 0);
    expect("cuModuleGetFunction", cuModuleGetFunction(&tile, module, "tile"), 0);

    static float t[H * PITCH], u[H * PITCH], out[BOX_W * BOX_H];
    fill(t, 1);
    fill(u, -1);
    CUdeviceptr dt, du, dout;
    cuMemAlloc_v2(&dt, sizeof t);
    cuMemAlloc_v2(&du, sizeof u);
    cuMemAlloc_v2(&dout, sizeof out);
    cuMemcpyHtoD_v2(dt, t, sizeof t);
    cuMemcpyHtoD_v2(du, u, sizeof u);

    CUtensorMap map;
    const cuuint64_t dims[2] = {W, H};
    const cuuint64_t strides[1] = {PITCH * sizeof(float)};
    const cuuint32_t box[2] = {BOX_W, BOX_H}, ones[2] = {1, 1};
    expect("cuTensorMapEncodeTiled",
           cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)dt, dims,
                                  strides, box, ones, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                  CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
           0);

    /* The box at (16, 8): columns 16..23 of rows 8..11, rows 10 and 11
       past the tensor's 10 (zeros); stored back at (0, 0), over columns
       0..7 of rows 0..3. */
    run(tile, &map, dout, out, dt, t, 16, 8, 0, 0);
    verdict("tile at (16, 8)", is_box(out, 1, 16, 8));
    verdict("stored at (0, 0)", stored(t, out, 1, 0, 0));

    /* The same map on u: the box at (8, 2), columns 8..15 of rows 2..5,
       all inside; stored at (16, 6), columns 16..23 of rows 6..9. */
    expect("cuTensorMapReplaceAddress", cuTensorMapReplaceAddress(&map, (void *)du), 0);
    run(tile, &map, dout, out, du, u, 8, 2, 16, 6);
    verdict("second tensor, tile at (8, 2)", is_box(out, -1, 8, 2));
    verdict("stored at (16, 6)", stored(u, out, -1, 16, 6));

    /* The encoder found by name writes the same bytes. */
    void *fn = NULL;
    int status = -1;
    expect("cuGetProcAddress cuTensorMapEncodeTiled",
           cuGetProcAddress_v2("cuTensorMapEncodeTiled", &fn, 13000, 0, &status), 0);
    CUtensorMap again, direct;
    typedef CUresult (*Encode)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                               const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                               const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                               CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
    ((Encode)fn)(&again, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)du, dims, strides, box, ones,
                 0, 0, 0, 0);
    cuTensorMapEncodeTiled(&direct, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)du, dims, strides,
                           box, ones, 0, 0, 0, 0);
    verdict("the same map through cuGetProcAddress",
            memcmp(&again, &direct, sizeof again) == 0 && memcmp(&map, &direct, sizeof map) == 0);

    /* What the encoder refuses. */
    const cuuint32_t wide[2] = {300, BOX_H};
    expect("a box of 300",
           cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)dt, dims,
                                  strides, wide, ones, 0, 0, 0, 0),
           1);
    expect("an address 4 bytes in",
           cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)(dt + 4),
                                  dims, strides, box, ones, 0, 0, 0, 0),
           1);
    static CUtensorMap two[2];
    /* CUDA documents 64-byte alignment; an H200's driver takes this too. */
    expect("a map 16 bytes past 64-byte alignment",
           cuTensorMapEncodeTiled((CUtensorMap *)((char *)two + 16),
                                  CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)dt, dims, strides,
                                  box, ones, 0, 0, 0, 0),
           0);
    expect("a null map",
           cuTensorMapEncodeTiled(NULL, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, (void *)dt, dims,
                                  strides, box, ones, 0, 0, 0, 0),
           1);
    printf("%s\n", failures ? "FAILED" : "all tensor map checks passed");
    return failures != 0;
}
