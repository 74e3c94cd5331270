// The Mandelbrot set, one thread a pixel: the example `run_ptx_kernel`
// runs the PTX nvcc 13.0 made of this file (mandelbrot.ptx beside it) in
// the simulator. Regenerate it from the repository root with
//   nvcc -ptx -arch=sm_90 examples/kernels/mandelbrot.cu -o examples/kernels/mandelbrot.ptx
// (nvcc from the pip package nvidia-cuda-nvcc==13.0.88).

#include <cstdio>

// Iterations before z = z^2 + c leaves the circle of radius 2, for each
// pixel of a `width` x `height` image of the plane from (x0, y0), pixels
// `dx` apart across and `dy` down; at most `max_iter`.
extern "C" __global__ void mandelbrot(unsigned char *iterations, int width, int height,
                                      float x0, float y0, float dx, float dy, int max_iter) {
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px >= width || py >= height) {
        return;
    }
    float cx = x0 + px * dx;
    float cy = y0 + py * dy;
    float zx = 0.0f, zy = 0.0f;
    int n = 0;
    while (n < max_iter && zx * zx + zy * zy <= 4.0f) {
        float t = zx * zx - zy * zy + cx;
        zy = 2.0f * zx * zy + cy;
        zx = t;
        ++n;
    }
    iterations[py * width + px] = (unsigned char)n;
    if (px == 0 && py == 0) {
        printf("mandelbrot: %d x %d pixels, at most %d iterations, from (%.2f, %.2f) by (%g, %g)\n",
               width, height, max_iter, x0, y0, dx, dy);
    }
}
