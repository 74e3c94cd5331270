#!/usr/bin/env python3
"""Checks the AArch64 stack switch of ptx-sim/src/launch/fiber.rs on x86-64
under qemu: takes the `switch` and `trampoline` assembly verbatim from the
Rust source, builds a C program around it that switches three fibers in a
ring 1000 times with live callee-saved integer and floating-point values,
and compares what they computed with the same arithmetic done plainly.

Needs `gcc-aarch64-linux-gnu` and `qemu-user` (Debian packages). Run from
the repository root: `python3 tools/fiber-aarch64/check.py`; it prints
`aarch64 switch ok` and exits 0 when the switch keeps every register.
"""
import os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
src = open(os.path.join(ROOT, "ptx-sim/src/launch/fiber.rs")).read()
mod = src[src.index('#[cfg(all(target_arch = "aarch64", not(windows)))]'):]

def asm_of(fn):
    i = mod.index("fn " + fn + "(")
    j = mod.index("naked_asm!(", i)
    k = mod.index(")\n", j)
    return re.findall(r'"([^"]*)"', mod[j + len("naked_asm!("):k])

C = r'''#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
void fib_switch(uintptr_t *save, uintptr_t target);
void fib_trampoline(void);
__asm__(".global fib_switch\nfib_switch:\n%s\n.global fib_trampoline\nfib_trampoline:\n%s\n");
static uintptr_t sps[4], main_sp;
static double acc[3];
/* prepare, as fiber.rs's aarch64 prepare does */
static uintptr_t prepare(uintptr_t top, void (*entry)(void*, uintptr_t), void *a, uintptr_t b) {
  top &= ~(uintptr_t)15; uintptr_t w[20]; memset(w,0,sizeof w);
  w[0]=(uintptr_t)entry; w[1]=(uintptr_t)a; w[2]=b; w[11]=(uintptr_t)fib_trampoline;
  uintptr_t sp = top - 160; memcpy((void*)sp, w, sizeof w); return sp; }
static void entry(void *a, uintptr_t me) {
  /* callee-saved values live across switches: doubles and ints */
  double x = (double)me + 0.5; long n = (long)a;
  for (int i = 0; i < 1000; i++) {
    x = x * 1.0000001 + (double)i; n += i;
    uintptr_t to = me + 1 < 3 ? me + 1 : 99;
    if (to == 99) fib_switch(&sps[me], main_sp); else fib_switch(&sps[me], sps[to]);
  }
  acc[me] = x + (double)n;
  { uintptr_t to = me + 1 < 3 ? me + 1 : 99; uintptr_t dead; if (to == 99) fib_switch(&dead, main_sp); else fib_switch(&dead, sps[to]); }
  abort();
}
int main(void) {
  size_t sz = 64*1024; char *st[3];
  for (int i=0;i<3;i++){ st[i]=malloc(sz); sps[i]=prepare((uintptr_t)(st[i]+sz), entry, (void*)(long)(i*7), i); }
  register double keep asm("d8") = 42.25; /* callee-saved in main too */
  for (int r=0;r<1001;r++) fib_switch(&main_sp, sps[0]);
  __asm__ volatile("" : "+w"(keep));
  /* expected, computed the plain way */
  int ok = keep == 42.25;
  for (int me=0; me<3; me++){ double x=(double)me+0.5; long n=me*7; for(int i=0;i<1000;i++){x=x*1.0000001+(double)i; n+=i;} ok &= acc[me]==x+(double)n; printf("fiber %%d: %%.6f\n", me, acc[me]); }
  printf(ok ? "aarch64 switch ok\n" : "MISMATCH\n"); return !ok; }
'''

with tempfile.TemporaryDirectory() as d:
    c = os.path.join(d, "t.c")
    open(c, "w").write(C % ("\\n".join(asm_of("switch")), "\\n".join(asm_of("trampoline"))))
    exe = os.path.join(d, "t")
    subprocess.run(["aarch64-linux-gnu-gcc", "-O2", "-static", c, "-o", exe], check=True)
    sys.exit(subprocess.run(["qemu-aarch64", exe]).returncode)
