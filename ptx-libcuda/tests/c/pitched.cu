// Pitched memory through the runtime: cudaMallocPitch, cudaMemcpy2D both ways, cudaMemset2D,
// a kernel that addresses rows by the pitch, cudaMalloc3D, cudaMemset3D and cudaMemcpy3D of a
// sub-block, and the errors a bad pitch or a block past the allocation gets. Prints one line per
// check, the same on a GPU as on the stand-in (c_programs.rs holds the lines).
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

__global__ void increment(unsigned char *rows, size_t pitch, int width, int height) {
    int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
    if (c < width && r < height) rows[r * pitch + c] += 1;
}

enum { W = 100, H = 3, OUT_PITCH = 128 };

// What the 2-D block holds after the upload, the fill and the kernel.
static unsigned char want_2d(int r, int c) {
    unsigned char v = (r * W + c) % 251;
    if (r >= 1 && c >= 10 && c < 30) v = 0xAB;
    return (unsigned char)(v + 1);
}

int main() {
    unsigned char *rows;
    size_t pitch;
    expect("cudaMallocPitch", cudaMallocPitch((void **)&rows, &pitch, W, H), cudaSuccess);
    printf("pitch of %d-byte rows: %zu\n", W, pitch);

    unsigned char host[H][W];
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) host[r][c] = (r * W + c) % 251;
    expect("cudaMemcpy2D to the device",
           cudaMemcpy2D(rows, pitch, host, W, W, H, cudaMemcpyHostToDevice), cudaSuccess);
    // Rows 1 and 2, bytes 10 to 29.
    expect("cudaMemset2D", cudaMemset2D(rows + pitch + 10, pitch, 0xAB, 20, 2), cudaSuccess);
    increment<<<dim3(1, H), 128>>>(rows, pitch, W, H);
    expect("launch", cudaDeviceSynchronize(), cudaSuccess);

    unsigned char back[H][OUT_PITCH];
    memset(back, 0x55, sizeof back);
    expect("cudaMemcpy2D to the host",
           cudaMemcpy2D(back, OUT_PITCH, rows, pitch, W, H, cudaMemcpyDeviceToHost), cudaSuccess);
    bool right = true;
    for (int r = 0; r < H; r++)
        for (int c = 0; c < OUT_PITCH; c++)
            right &= back[r][c] == (c < W ? want_2d(r, c) : 0x55);
    verdict("rows after upload, fill and kernel", right);

    // A row wider than the source's pitch; a block one row past the allocation.
    expect("width over the pitch",
           cudaMemcpy2D(back, OUT_PITCH, rows, W / 2, W, H, cudaMemcpyDeviceToHost),
           cudaErrorInvalidPitchValue);
    // One row needs no pitch (an H200 takes this); two do.
    expect("cudaMemset2D one row over the pitch", cudaMemset2D(rows, 64, 0, 65, 1), cudaSuccess);
    expect("cudaMemset2D two rows over the pitch", cudaMemset2D(rows, 64, 0, 65, 2),
           cudaErrorInvalidValue);
    static unsigned char four_rows[H + 1][W];
    expect("a block one row past the allocation",
           cudaMemcpy2D(rows, pitch, four_rows, W, W, H + 1, cudaMemcpyHostToDevice),
           cudaErrorInvalidValue);

    // 3-D: 3 slices of 4 rows of 16 bytes, all 7, then a 8 x 2 x 1 block from a host volume
    // into slice 1 at (4, 1), read back whole.
    cudaExtent extent = make_cudaExtent(16, 4, 3);
    cudaPitchedPtr volume;
    expect("cudaMalloc3D", cudaMalloc3D(&volume, extent), cudaSuccess);
    printf("cudaMalloc3D pitch %zu, xsize %zu, ysize %zu\n", volume.pitch, volume.xsize,
           volume.ysize);
    expect("cudaMemset3D", cudaMemset3D(volume, 7, extent), cudaSuccess);
    unsigned char source[2][4][16];
    for (int i = 0; i < (int)sizeof source; i++) ((unsigned char *)source)[i] = 100 + i % 50;
    cudaMemcpy3DParms up = {};
    up.srcPtr = make_cudaPitchedPtr(source, 16, 16, 4);
    up.srcPos = make_cudaPos(2, 1, 1);
    up.dstPtr = volume;
    up.dstPos = make_cudaPos(4, 1, 1);
    up.extent = make_cudaExtent(8, 2, 1);
    up.kind = cudaMemcpyHostToDevice;
    expect("cudaMemcpy3D to the device", cudaMemcpy3D(&up), cudaSuccess);
    unsigned char whole[3][4][16];
    cudaMemcpy3DParms down = {};
    down.srcPtr = volume;
    down.dstPtr = make_cudaPitchedPtr(whole, 16, 16, 4);
    down.extent = extent;
    down.kind = cudaMemcpyDeviceToHost;
    expect("cudaMemcpy3D to the host", cudaMemcpy3D(&down), cudaSuccess);
    right = true;
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 16; x++) {
                bool inside = z == 1 && y >= 1 && y < 3 && x >= 4 && x < 12;
                // The block's (x, y) came from the source's slice 1 at (x - 4 + 2, y - 1 + 1).
                unsigned char want = inside ? source[1][y][x - 2] : 7;
                right &= whole[z][y][x] == want;
            }
    verdict("volume after fill and sub-block copy", right);

    expect("cudaFree", cudaFree(rows), cudaSuccess);
    expect("cudaFree 3-D", cudaFree(volume.ptr), cudaSuccess);
    printf("%s\n", failures ? "FAILED" : "all pitched checks passed");
    return failures ? 1 : 0;
}
