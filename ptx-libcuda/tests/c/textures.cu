// CUDA arrays, texture objects and surface objects through the runtime: arrays filled and read
// back by 2-D and 3-D copies, point sampling with each address mode at coordinates outside the
// array, normalized coordinates, linear filtering at fractional coordinates, a texture over
// linear memory (tex1Dfetch), a layered texture, and a surface written then read. One line per
// check; the expected values are the CUDA programming guide's "Texture Fetching" arithmetic,
// worked out beside each. Linear filtering prints its values with %a as well: the guide gives the
// weights in 9-bit fixed point (8 fraction bits), and these lines are the ones to compare with a
// GPU's. Lines marked "(GPU question)" print what the stand-in chose where the documents leave the
// answer open; they are not checked.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;

static void expect(const char *what, cudaError_t got, cudaError_t want) {
    printf("%s: %s%s\n", what, cudaGetErrorName(got), got == want ? "" : " (UNEXPECTED)");
    if (got != want) failures++;
}

static void verdict(const char *what, bool right) {
    printf("%s: %s\n", what, right ? "correct" : "WRONG");
    if (!right) failures++;
}

// a[y][x] = 10 y + x, 4 wide and 2 high.
enum { W = 4, H = 2 };

__global__ void fetch2d(cudaTextureObject_t t, const float2 *at, float *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex2D<float>(t, at[i].x, at[i].y);
}

__global__ void fetch2d4(cudaTextureObject_t t, float x, float y, float4 *out) {
    *out = tex2D<float4>(t, x, y);
}

__global__ void fetch1d(cudaTextureObject_t t, const int *at, int *out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<int>(t, at[i]);
}

__global__ void fetchLayered(cudaTextureObject_t t, float x, float y, int layer, float *out) {
    *out = tex2DLayered<float>(t, x, y, layer);
}

__global__ void surfaceWrite(cudaSurfaceObject_t s) {
    int x = threadIdx.x, y = threadIdx.y;
    surf2Dwrite(100 * y + x, s, x * (int)sizeof(int), y);
}

__global__ void surfaceRead(cudaSurfaceObject_t s, int *out) {
    int x = threadIdx.x, y = threadIdx.y;
    out[y * W + x] = surf2Dread<int>(s, x * (int)sizeof(int), y) + 1;
    if (x == 0 && y == 0) {
        out[W * H] = surf2Dread<int>(s, (W + 3) * (int)sizeof(int), 0, cudaBoundaryModeZero);
        out[W * H + 1] = surf2Dread<int>(s, (W + 3) * (int)sizeof(int), 1, cudaBoundaryModeClamp);
    }
}

static cudaTextureObject_t texture(cudaArray_t array, cudaTextureAddressMode mode, bool normalized,
                                   cudaTextureFilterMode filter) {
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = array;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = mode;
    td.filterMode = filter;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = normalized;
    td.borderColor[0] = -1.0f;
    cudaTextureObject_t t = 0;
    expect("cudaCreateTextureObject", cudaCreateTextureObject(&t, &res, &td, nullptr), cudaSuccess);
    return t;
}

// Fetches the n points of `at` from `t`.
static void sample(cudaTextureObject_t t, const float2 *at, float *got, int n) {
    float2 *d_at;
    float *d_out;
    cudaMalloc(&d_at, n * sizeof(float2));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_at, at, n * sizeof(float2), cudaMemcpyHostToDevice);
    fetch2d<<<1, 32>>>(t, d_at, d_out, n);
    expect("fetch", cudaDeviceSynchronize(), cudaSuccess);
    cudaMemcpy(got, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d_at);
    cudaFree(d_out);
}

static void pointChecks(const char *name, cudaTextureObject_t t, const float2 *at,
                        const float *want, int n) {
    float got[8];
    sample(t, at, got, n);
    bool right = true;
    for (int i = 0; i < n; i++) {
        printf("  %s (%g, %g) -> %g (want %g)\n", name, at[i].x, at[i].y, got[i], want[i]);
        right &= got[i] == want[i];
    }
    verdict(name, right);
}

int main() {
    // The array and its contents, with a round trip through the copies.
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    printf("channel desc: %d %d %d %d kind %d\n", desc.x, desc.y, desc.z, desc.w, (int)desc.f);
    cudaArray_t array;
    expect("cudaMallocArray", cudaMallocArray(&array, &desc, W, H), cudaSuccess);
    float host[H][W], back[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) host[y][x] = 10.0f * y + x;
    expect("cudaMemcpy2DToArray",
           cudaMemcpy2DToArray(array, 0, 0, host, sizeof host[0], sizeof host[0], H,
                               cudaMemcpyHostToDevice),
           cudaSuccess);
    memset(back, 0, sizeof back);
    expect("cudaMemcpy2DFromArray",
           cudaMemcpy2DFromArray(back, sizeof back[0], array, 0, 0, sizeof back[0], H,
                                 cudaMemcpyDeviceToHost),
           cudaSuccess);
    verdict("array round trip", memcmp(host, back, sizeof host) == 0);
    expect("a row past the array's width",
           cudaMemcpy2DToArray(array, 4, 0, host, sizeof host[0], sizeof host[0], H,
                               cudaMemcpyHostToDevice),
           cudaErrorInvalidValue);
    cudaChannelFormatDesc got_desc;
    cudaExtent extent;
    unsigned flags = 99;
    expect("cudaArrayGetInfo", cudaArrayGetInfo(&got_desc, &extent, &flags, array), cudaSuccess);
    printf("array info: channels %d %d %d %d kind %d, extent %zu %zu %zu, flags %u\n",
           got_desc.x, got_desc.y, got_desc.z, got_desc.w, (int)got_desc.f, extent.width,
           extent.height, extent.depth, flags);

    // Point sampling, unnormalized: clamp and border.
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeClamp, false, cudaFilterModePoint);
        // (2.7, 1.2): texel (2, 1) = 12. (-3.5, 5): clamped to (0, 1) = 10. (9, -2): (3, 0) = 3.
        float2 at[] = {{2.7f, 1.2f}, {-3.5f, 5.0f}, {9.0f, -2.0f}};
        float want[] = {12, 10, 3};
        pointChecks("clamp", t, at, want, 3);
        cudaTextureDesc td;
        expect("cudaGetTextureObjectTextureDesc", cudaGetTextureObjectTextureDesc(&td, t),
               cudaSuccess);
        printf("texture desc: address %d, filter %d, read %d, normalized %d\n",
               (int)td.addressMode[0], (int)td.filterMode, (int)td.readMode, td.normalizedCoords);
        cudaResourceDesc rd;
        expect("cudaGetTextureObjectResourceDesc", cudaGetTextureObjectResourceDesc(&rd, t),
               cudaSuccess);
        verdict("resource desc names the array",
                rd.resType == cudaResourceTypeArray && rd.res.array.array == array);
        // A float4 fetch of a one-channel texture: the channels the format lacks.
        float4 *d4, h4;
        cudaMalloc(&d4, sizeof(float4));
        fetch2d4<<<1, 1>>>(t, 1.5f, 0.5f, d4);
        cudaMemcpy(&h4, d4, sizeof h4, cudaMemcpyDeviceToHost);
        printf("float4 of a one-channel texture at (1.5, 0.5): %g %g %g %g (GPU question)\n",
               h4.x, h4.y, h4.z, h4.w);
        cudaFree(d4);
        expect("cudaDestroyTextureObject", cudaDestroyTextureObject(t), cudaSuccess);
    }
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeBorder, false, cudaFilterModePoint);
        // Inside: (3.5, 1.5) = 13; outside, the border colour's first channel: -1.
        float2 at[] = {{3.5f, 1.5f}, {4.0f, 0.0f}, {-0.5f, 1.0f}, {1.0f, 2.0f}};
        float want[] = {13, -1, -1, -1};
        pointChecks("border", t, at, want, 4);
        cudaDestroyTextureObject(t);
    }
    // Normalized coordinates: x * 4, y * 2.
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeClamp, true, cudaFilterModePoint);
        // (0.5, 0.75) -> (2, 1.5): 12. (1.2, -0.3) -> (4.8, -0.6): clamped to (3, 0) = 3.
        float2 at[] = {{0.5f, 0.75f}, {1.2f, -0.3f}};
        float want[] = {12, 3};
        pointChecks("normalized clamp", t, at, want, 2);
        cudaDestroyTextureObject(t);
    }
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeWrap, true, cudaFilterModePoint);
        // (1.3, -0.25) -> (5.2, -0.5): texel (5 mod 4, -1 mod 2) = (1, 1) = 11.
        // (-0.125, 0.25) -> (-0.5, 0.5): (-1 mod 4, 0) = (3, 0) = 3.
        float2 at[] = {{1.3f, -0.25f}, {-0.125f, 0.25f}};
        float want[] = {11, 3};
        pointChecks("wrap", t, at, want, 2);
        cudaDestroyTextureObject(t);
    }
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeMirror, true, cudaFilterModePoint);
        // (1.3, -0.25) -> (5.2, -0.5): x = 5 in the second, mirrored period: 8 - 1 - 5 = 2;
        // y = -1 mirrored: 0. Texel (2, 0) = 2.
        // (-0.125, 0.75) -> (-0.5, 1.5): x = -1 mirrored: 0; y = 1. Texel (0, 1) = 10.
        float2 at[] = {{1.3f, -0.25f}, {-0.125f, 0.75f}};
        float want[] = {2, 10};
        pointChecks("mirror", t, at, want, 2);
        cudaDestroyTextureObject(t);
    }

    // Wrap without normalized coordinates: CUDA documents wrap and mirror for normalized
    // coordinates only; the stand-in clamps, so (6, 0) reads (3, 0) = 3.
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeWrap, false, cudaFilterModePoint);
        float2 at[] = {{6.0f, 0.0f}};
        float got[1];
        sample(t, at, got, 1);
        printf("wrap with unnormalized coordinates at (6, 0): %g (GPU question)\n", got[0]);
        cudaDestroyTextureObject(t);
    }

    // Linear filtering: tex(x, y) = (1-a)(1-b) T[i,j] + a(1-b) T[i+1,j] + (1-a)b T[i,j+1]
    // + ab T[i+1,j+1], i = floor(x - 0.5), a = frac(x - 0.5) in 1/256ths (j, b likewise).
    {
        cudaTextureObject_t t = texture(array, cudaAddressModeClamp, false, cudaFilterModeLinear);
        float2 at[] = {{2.25f, 1.0f}, {1.5f + 1.0f / 3.0f, 0.5f}, {0.7f, 1.3f}, {3.9f, 0.1f}};
        // (2.25, 1.0): a = 0.75 over texels 1, 2; b = 0.5 over rows 0, 1: 6.75.
        // (1.8333, 0.5): a = round(0.3333 * 256) / 256 = 85/256, b = 0: 1 + 85/256.
        // (0.7, 1.3): a = round(0.2 * 256)/256 = 51/256, b = round(0.8 * 256)/256 = 205/256:
        //   (1 - b)(a) + b (10 + a) = a + 10 b = (51 + 2050) / 256 = 2101/256.
        // (3.9, 0.1): x - 0.5 = 3.4: texels 3 and 4 (clamped to 3), so 3 on row 0 whatever a;
        //   y - 0.5 = -0.4: rows -1 (clamped to 0) and 0: 3.
        float want[] = {6.75f, 1.0f + 85.0f / 256.0f, 2101.0f / 256.0f, 3.0f};
        float got[4];
        sample(t, at, got, 4);
        bool right = true;
        for (int i = 0; i < 4; i++) {
            printf("  linear (%a, %a) -> %a (formula %a)\n", at[i].x, at[i].y, got[i], want[i]);
            right &= got[i] == want[i];
        }
        // Not counted as a failure: a GPU's filtering may differ in the last bits, and this
        // line is there to say whether it does (c_programs.rs checks it on the stand-in).
        printf("linear filtering as the formula: %s\n", right ? "correct" : "DIFFERS");
        cudaDestroyTextureObject(t);
    }

    // A texture over linear memory: tex1Dfetch reads element i, 0 outside.
    {
        int values[8], *d_values;
        for (int i = 0; i < 8; i++) values[i] = 3 * i;
        cudaMalloc(&d_values, sizeof values);
        cudaMemcpy(d_values, values, sizeof values, cudaMemcpyHostToDevice);
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeLinear;
        res.res.linear.devPtr = d_values;
        res.res.linear.desc = cudaCreateChannelDesc<int>();
        res.res.linear.sizeInBytes = sizeof values;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.readMode = cudaReadModeElementType;
        cudaTextureObject_t t = 0;
        expect("cudaCreateTextureObject (linear)", cudaCreateTextureObject(&t, &res, &td, nullptr),
               cudaSuccess);
        int at[] = {0, 5, 7}, got[3], *d_at, *d_out;
        cudaMalloc(&d_at, sizeof at);
        cudaMalloc(&d_out, sizeof got);
        cudaMemcpy(d_at, at, sizeof at, cudaMemcpyHostToDevice);
        fetch1d<<<1, 32>>>(t, d_at, d_out, 3);
        expect("tex1Dfetch", cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
        verdict("tex1Dfetch of 0, 5, 7", got[0] == 0 && got[1] == 15 && got[2] == 21);
        cudaDestroyTextureObject(t);
        cudaFree(d_at);
        cudaFree(d_out);
        cudaFree(d_values);
    }

    // A layered array: 2x2 elements, 3 layers, element (x, y) of layer l = 100 l + 10 y + x.
    {
        cudaArray_t layered;
        expect("cudaMalloc3DArray (layered)",
               cudaMalloc3DArray(&layered, &desc, make_cudaExtent(2, 2, 3), cudaArrayLayered),
               cudaSuccess);
        float vol[3][2][2];
        for (int l = 0; l < 3; l++)
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 2; x++) vol[l][y][x] = 100.0f * l + 10 * y + x;
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(vol, 2 * sizeof(float), 2, 2);
        p.dstArray = layered;
        p.extent = make_cudaExtent(2, 2, 3);
        p.kind = cudaMemcpyHostToDevice;
        expect("cudaMemcpy3D to a layered array", cudaMemcpy3D(&p), cudaSuccess);
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = layered;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.readMode = cudaReadModeElementType;
        cudaTextureObject_t t = 0;
        expect("cudaCreateTextureObject (layered)", cudaCreateTextureObject(&t, &res, &td, nullptr),
               cudaSuccess);
        float *d_out, got;
        cudaMalloc(&d_out, sizeof(float));
        // (1.5, 0.5) of layer 2: element (1, 0) = 201.
        fetchLayered<<<1, 1>>>(t, 1.5f, 0.5f, 2, d_out);
        cudaMemcpy(&got, d_out, sizeof got, cudaMemcpyDeviceToHost);
        verdict("tex2DLayered (1.5, 0.5) of layer 2 is 201", got == 201.0f);
        cudaDestroyTextureObject(t);
        cudaFree(d_out);
        cudaFreeArray(layered);
    }

    // A surface written by one kernel and read by another.
    {
        cudaChannelFormatDesc idesc = cudaCreateChannelDesc<int>();
        cudaArray_t plain, surf;
        expect("cudaMallocArray (no surface flag)", cudaMallocArray(&plain, &idesc, W, H),
               cudaSuccess);
        expect("cudaMallocArray (surface)",
               cudaMallocArray(&surf, &idesc, W, H, cudaArraySurfaceLoadStore), cudaSuccess);
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = plain;
        cudaSurfaceObject_t s = 0;
        cudaError_t refused = cudaCreateSurfaceObject(&s, &res);
        printf("cudaCreateSurfaceObject without the surface flag: %s (GPU question)\n",
               cudaGetErrorName(refused));
        cudaGetLastError();
        res.res.array.array = surf;
        expect("cudaCreateSurfaceObject", cudaCreateSurfaceObject(&s, &res), cudaSuccess);
        surfaceWrite<<<1, dim3(W, H)>>>(s);
        expect("surf2Dwrite", cudaDeviceSynchronize(), cudaSuccess);
        int *d_out, got[W * H + 2];
        cudaMalloc(&d_out, sizeof got);
        surfaceRead<<<1, dim3(W, H)>>>(s, d_out);
        expect("surf2Dread", cudaDeviceSynchronize(), cudaSuccess);
        cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
        bool right = true;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) right &= got[y * W + x] == 100 * y + x + 1;
        verdict("surface written then read", right);
        // Out of range at x = 7: zero mode reads 0; clamp mode reads (3, 1) = 103.
        verdict("surf2Dread out of range: zero 0, clamp 103", got[W * H] == 0 && got[W * H + 1] == 103);
        int readback[H][W];
        cudaMemcpy2DFromArray(readback, sizeof readback[0], surf, 0, 0, sizeof readback[0], H,
                              cudaMemcpyDeviceToHost);
        verdict("the surface's array holds the writes", readback[1][2] == 102);
        expect("cudaDestroySurfaceObject", cudaDestroySurfaceObject(s), cudaSuccess);
        cudaFreeArray(plain);
        cudaFreeArray(surf);
    }
    expect("cudaFreeArray", cudaFreeArray(array), cudaSuccess);

    if (failures) {
        printf("FAILED: %d texture checks\n", failures);
        return 1;
    }
    printf("all texture checks passed\n");
    return 0;
}
