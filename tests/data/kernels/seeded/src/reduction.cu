/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 *  * Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 *  * Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 *  * Neither the name of NVIDIA CORPORATION nor the names of its
 *    contributors may be used to endorse or promote products derived
 *    from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS ``AS IS'' AND ANY
 * EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
 * PURPOSE ARE DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR
 * CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
 * PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
 * OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/*
 * Seeded-bug copies for the project ptx (issue 17, point 7).
 *
 * Origin: github.com/NVIDIA/cuda-samples at commit c94ff366,
 * Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu (BSD-3-Clause,
 * licence above). Copied unchanged: SharedMemory<T> (L43) and the kernels reduce2 (L169)
 * and reduce4 (L248), the "twins". Every other kernel here is a copy of one of them with
 * one seeded bug, marked "SEEDED BUG" where the change is (the copies keep the code, not
 * the sample's comments). Changed besides: only these kernels are kept, and each is
 * instantiated explicitly for float (reduce4 at blockSize 256) so that nvcc emits it.
 */

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// Utility class used to avoid linker errors with extern
// unsized shared memory arrays with templated type
template <class T> struct SharedMemory
{
    __device__ inline operator T *()
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }

    __device__ inline operator const T *() const
    {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

/*
    This version uses sequential addressing -- no divergence or bank conflicts.
*/
template <class T> __global__ void reduce2(T *g_idata, T *g_odata, unsigned int n)
{
    // Handle to thread block group
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    // load shared mem
    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    cg::sync(cta);

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }

        cg::sync(cta);
    }

    // write result for this block to global mem
    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

// reduce2 with the barrier between the load into shared memory and the first step removed:
// thread tid < s reads sdata[tid + s], written by another warp, unordered (read-after-write).
template <class T> __global__ void reduce2_no_load_sync(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    // SEEDED BUG: cg::sync(cta); removed here

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }

        cg::sync(cta);
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

// reduce2 with the barrier inside the loop removed: step s reads sdata[tid + s] that step 2s
// wrote in another thread (read-after-write), and writes sdata[tid] that another thread of the
// previous step may still read (write-after-read).
template <class T> __global__ void reduce2_no_loop_sync(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    cg::sync(cta);

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }

        // SEEDED BUG: cg::sync(cta); removed here
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

// reduce2 whose load stores only the slots that have an input: where n is not a multiple of
// the block size, the last block's steps read shared slots no thread ever wrote (an
// uninitialised shared read; shared memory is not zeroed at launch).
template <class T> __global__ void reduce2_uninit_tail(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * blockDim.x + threadIdx.x;

    // SEEDED BUG: was sdata[tid] = (i < n) ? g_idata[i] : 0;
    if (i < n)
        sdata[tid] = g_idata[i];

    cg::sync(cta);

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }

        cg::sync(cta);
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

// reduce2 with the loop's barrier moved inside the branch `if (tid < s)`: a barrier reached
// by part of the block only, and for s < 32 by part of a warp (divergent threads at a
// barrier). Threads that skip it run on to exit, so the GPU does not deadlock; the steps
// are then unordered for them (races as in reduce2_no_loop_sync).
template <class T> __global__ void reduce2_sync_in_branch(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    cg::sync(cta);

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];

            cg::sync(cta);  // SEEDED BUG: was after the if, reached by every thread
        }
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

// reduce2 with the loop's barrier executed by the first warp only (`if (tid < 32)`): whole
// warps skip a barrier the others wait at, and the steps of warps 1.. are unordered.
template <class T> __global__ void reduce2_sync_warp0(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * blockDim.x + threadIdx.x;

    sdata[tid] = (i < n) ? g_idata[i] : 0;

    cg::sync(cta);

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }

        if (tid < 32)  // SEEDED BUG: the barrier was unconditional
            cg::sync(cta);
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}

/*
    This version uses the warp shuffle operation if available to reduce
    warp synchronization. When shuffle is not available the final warp's
    worth of work is unrolled to reduce looping overhead.

    See
   http://devblogs.nvidia.com/parallelforall/faster-parallel-reductions-kepler/
    for additional information about using shuffle to perform a reduction
    within a warp.

    Note, this kernel needs a minimum of 64*sizeof(T) bytes of shared memory.
    In other words if blockSize <= 32, allocate 64*sizeof(T) bytes.
    If blockSize > 32, allocate blockSize*sizeof(T) bytes.
*/
template <class T, unsigned int blockSize> __global__ void reduce4(T *g_idata, T *g_odata, unsigned int n)
{
    // Handle to thread block group
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    // perform first level of reduction,
    // reading from global memory, writing to shared memory
    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : 0;

    if (i + blockSize < n)
        mySum += g_idata[i + blockSize];

    sdata[tid] = mySum;
    cg::sync(cta);

    // do reduction in shared mem
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] = mySum = mySum + sdata[tid + s];
        }

        cg::sync(cta);
    }

    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);

    if (cta.thread_rank() < 32) {
        // Fetch final intermediate sum from 2nd warp
        if (blockSize >= 64)
            mySum += sdata[tid + 32];
        // Reduce final warp using shuffle
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2) {
            mySum += tile32.shfl_down(mySum, offset);
        }
    }

    // write result for this block to global mem
    if (cta.thread_rank() == 0)
        g_odata[blockIdx.x] = mySum;
}

// reduce4 whose final-warp branch admits lanes 0-15 only: tile32.shfl_down is
// __shfl_down_sync with the full mask 0xffffffff, executed by half a warp (a warp collective
// whose mask names lanes that do not execute it).
template <class T, unsigned int blockSize> __global__ void reduce4_shfl_half_warp(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : 0;

    if (i + blockSize < n)
        mySum += g_idata[i + blockSize];

    sdata[tid] = mySum;
    cg::sync(cta);

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] = mySum = mySum + sdata[tid + s];
        }

        cg::sync(cta);
    }

    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);

    if (cta.thread_rank() < 16) {  // SEEDED BUG: was < 32
        if (blockSize >= 64)
            mySum += sdata[tid + 32];
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2) {
            mySum += tile32.shfl_down(mySum, offset);
        }
    }

    if (cta.thread_rank() == 0)
        g_odata[blockIdx.x] = mySum;
}

// reduce4 whose final-warp shuffle names lanes 0-15 only (__shfl_down_sync with mask
// 0x0000ffff in place of tile32.shfl_down's 0xffffffff) while all 32 lanes of the first warp
// execute it: lanes 16-31 run a warp collective whose mask does not include them.
template <class T, unsigned int blockSize> __global__ void reduce4_shfl_wrong_mask(T *g_idata, T *g_odata, unsigned int n)
{
    cg::thread_block cta   = cg::this_thread_block();
    T               *sdata = SharedMemory<T>();

    unsigned int tid = threadIdx.x;
    unsigned int i   = blockIdx.x * (blockDim.x * 2) + threadIdx.x;

    T mySum = (i < n) ? g_idata[i] : 0;

    if (i + blockSize < n)
        mySum += g_idata[i + blockSize];

    sdata[tid] = mySum;
    cg::sync(cta);

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) {
            sdata[tid] = mySum = mySum + sdata[tid + s];
        }

        cg::sync(cta);
    }

    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);

    if (cta.thread_rank() < 32) {
        if (blockSize >= 64)
            mySum += sdata[tid + 32];
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2) {
            mySum += __shfl_down_sync(0x0000ffff, mySum, offset);  // SEEDED BUG: was tile32.shfl_down(mySum, offset)
        }
    }

    if (cta.thread_rank() == 0)
        g_odata[blockIdx.x] = mySum;
}

template __global__ void reduce2<float>(float *, float *, unsigned int);
template __global__ void reduce2_no_load_sync<float>(float *, float *, unsigned int);
template __global__ void reduce2_no_loop_sync<float>(float *, float *, unsigned int);
template __global__ void reduce2_uninit_tail<float>(float *, float *, unsigned int);
template __global__ void reduce2_sync_in_branch<float>(float *, float *, unsigned int);
template __global__ void reduce2_sync_warp0<float>(float *, float *, unsigned int);
template __global__ void reduce4<float, 256>(float *, float *, unsigned int);
template __global__ void reduce4_shfl_half_warp<float, 256>(float *, float *, unsigned int);
template __global__ void reduce4_shfl_wrong_mask<float, 256>(float *, float *, unsigned int);
