#!/usr/bin/env python3
"""Probe statements for the movement/memory/control/sync/misc families: B, the
(asm, cons) pairs, and mutations(asm, cons), the variants made of each
(probe_gen.py writes them out as records, runner.py judges them)."""
import json, random, re, sys
r = random.Random(5)
B = []  # (asm, cons)
def b(asm, cons): B.append((asm, list(cons)))
P1 = "{ .reg .pred p; %s; selp.u32 %%0, 1, 0, p; }"
MASK = "0xffffffff"
# ---------------- movement
for t, c in [("b16","h"),("u16","h"),("s16","h"),("f16","h"),("bf16","h"),("b32","r"),("u32","r"),("s32","r"),("f32","f"),
             ("b64","l"),("u64","l"),("s64","l"),("f64","d"),("b8","h"),("u8","h"),("f16x2","r")]:
    b(f"mov.{t} %0, %1;", ["="+c, c])
b("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; mov.pred q, p; selp.u32 %0, 1, 0, q; }", ["=r","r"])
b("{ .reg .pred q; mov.pred q, 1; selp.u32 %0, 1, 0, q; }", ["=r"])
b("mov.b128 %0, %1;", ["=q","q"])
b("{ .reg .b128 q; mov.b128 q, {%2, %3}; mov.b128 {%0, %1}, q; }", ["=l","=l","l","l"])
b("{ .reg .b128 q; mov.b128 q, {%1, %2}; mov.b128 {%0, _}, q; }", ["=l","l","l"])
for imm in ["5","-1","0x7fffffff","4294967295","4294967296","0f3F800000","1.5","0d3FF0000000000000"]:
    b(f"mov.u32 %0, {imm};", ["=r"]); b(f"mov.b32 %0, {imm};", ["=r"])
for imm in ["0f3F800000","1.5","0d3FF0000000000000","1"]:
    b(f"mov.f32 %0, {imm};", ["=f"]); b(f"mov.f64 %0, {imm};", ["=d"])
b("mov.u16 %0, 70000;", ["=h"]); b("mov.u16 %0, 65535;", ["=h"]); b("mov.s16 %0, -32768;", ["=h"])
b("mov.u64 %0, 0xffffffffffffffff;", ["=l"])
SR32 = ["%%tid.x","%%ntid.y","%%laneid","%%warpid","%%nwarpid","%%ctaid.z","%%nctaid.x","%%smid","%%nsmid","%%clock",
        "%%clock_hi","%%globaltimer_lo","%%globaltimer_hi","%%lanemask_eq","%%pm0","%%pm7","%%envreg3","%%total_smem_size",
        "%%dynamic_smem_size","%%clusterid.x","%%nclusterid.y","%%cluster_ctaid.z","%%cluster_nctaid.x","%%cluster_ctarank",
        "%%cluster_nctarank","%%aggr_smem_size","%%reserved_smem_offset_begin","%%reserved_smem_offset_0","%%warpid.x","%%tid"]
for s in SR32: b(f"mov.u32 %0, {s};", ["=r"])
for s in ["%%clock64","%%globaltimer","%%gridid","%%pm0_64","%%current_graph_exec"]: b(f"mov.u64 %0, {s};", ["=l"])
b("mov.u64 %0, %%laneid;", ["=l"]); b("mov.u16 %0, %%laneid;", ["=h"]); b("mov.s32 %0, %%laneid;", ["=r"]); b("mov.b32 %0, %%clock;", ["=r"])
b("mov.u32 %0, %%clock64;", ["=r"]); b("mov.f32 %0, %%laneid;", ["=f"])
b("mov.u32 %0, %clusterid.y;", ["=r"])
b(P1 % "mov.pred p, %%is_explicit_cluster", ["=r"])
b("mov.u32 %0, WARP_SZ;", ["=r"]); b("mov.u64 %0, WARP_SZ;", ["=l"])
b("{ .shared .align 8 .b8 sv[64]; mov.u64 %0, sv; }", ["=l"])
b("{ .shared .align 8 .b8 sv[64]; mov.u32 %0, sv; }", ["=r"])
b("{ .shared .align 8 .b8 sv[64]; mov.u64 %0, sv+8; }", ["=l"])
b("{ .shared .align 8 .b8 sv[64]; mov.b64 %0, sv; }", ["=l"])
b("{ .global .align 8 .b8 gv[64]; mov.u64 %0, gv; }", ["=l"])
b("mov.b32 %0, {%1, %2};", ["=r","h","h"]); b("mov.b32 {%0, %1}, %2;", ["=h","=h","r"])
b("mov.b64 %0, {%1, %2};", ["=l","r","r"]); b("mov.b64 {%0, %1}, %2;", ["=r","=r","l"])
b("mov.b64 %0, {%1, %2, %3, %4};", ["=l","h","h","h","h"]); b("mov.b64 {%0, %1, %2, %3}, %4;", ["=h","=h","=h","=h","l"])
b("mov.b32 %0, {%1, 0};", ["=r","h"]); b("mov.b64 %0, {%1, 7};", ["=l","r"]); b("mov.b32 {%0, _}, %1;", ["=h","r"])
b("mov.b64 {_, %0}, %1;", ["=r","l"]); b("mov.b64 %0, {%1, %2};", ["=l","f","f"]); b("mov.u32 %0, {%1, %2};", ["=r","h","h"])
b("mov.b32 %0, {%1, %2, %3, %4};", ["=r","h","h","h","h"]); b("mov.f64 %0, {%1, %2};", ["=d","r","r"])
b("mov.b64 %0, {%1, %2};", ["=l","h","h"])
for m in ["up","down","bfly","idx"]:
    b(f"shfl.sync.{m}.b32 %0, %1, %2, %3, %4;", ["=r","r","r","r","r"])
    b(f"shfl.sync.{m}.b32 %0, %1, 1, 0x1f, {MASK};", ["=r","r"])
    b("{ .reg .pred p; shfl.sync.%s.b32 %%0|p, %%2, %%3, %%4, %s; selp.u32 %%1, 1, 0, p; }" % (m, MASK), ["=r","=r","r","r","r"])
    b(f"shfl.{m}.b32 %0, %1, %2, %3;", ["=r","r","r","r"])
b("{ .reg .pred p; shfl.sync.idx.b32 _|p, %1, %2, %3, %4; selp.u32 %0, 1, 0, p; }", ["=r","r","r","r","r"])
b(f"shfl.sync.idx.b32 %0, %1, 40, 0x1f, {MASK};", ["=r","r"]); b(f"shfl.sync.idx.b32 %0, %1, 1, 0x1fff, {MASK};", ["=r","r"])
b(f"shfl.sync.idx.b32 %0, 5, 1, 0x1f, {MASK};", ["=r"])
b(f"shfl.sync.idx.u32 %0, %1, 1, 0x1f, {MASK};", ["=r","r"]); b(f"shfl.sync.idx.f32 %0, %1, 1, 0x1f, {MASK};", ["=f","f"])
b(f"shfl.sync.idx.b64 %0, %1, 1, 0x1f, {MASK};", ["=l","l"])
b("prmt.b32 %0, %1, %2, 0x3210;", ["=r","r","r"])
for m in ["f4e","b4e","rc8","ecl","ecr","rc16"]: b(f"prmt.b32.{m} %0, %1, %2, %3;", ["=r","r","r","r"])
b("prmt.b32 %0, %1, 5, %2;", ["=r","r","r"])
# ---------------- memory: ld
TY = [("b8","h"),("u8","h"),("s8","h"),("b16","h"),("u16","h"),("s16","h"),("b32","r"),("u32","r"),("s32","r"),("f32","f"),
      ("b64","l"),("u64","l"),("s64","l"),("f64","d")]
for t, c in TY + [("f16","h"),("bf16","h"),("f16x2","r"),("pred","r"),("b128","q")]:
    b(f"ld.global.{t} %0, [%1];", ["="+c,"l"]); b(f"st.global.{t} [%0], %1;", ["l",c])
for ss, ac in [("shared","r"),("shared::cta","r"),("shared::cluster","r"),("local","l"),("const","l"),("param","l"),
               ("param::entry","l"),("param::func","l"),("","l"),("global","l"),("shared","l")]:
    dot = "." + ss if ss else ""
    b(f"ld{dot}.u32 %0, [%1];", ["=r",ac]); b(f"st{dot}.u32 [%0], %1;", [ac,"r"])
    b(f"ld{dot}.v2.f32 {{%0, %1}}, [%2];", ["=f","=f",ac]); b(f"st{dot}.v4.b32 [%0], {{%1, %2, %3, %4}};", [ac,"r","r","r","r"])
b("ld.u32 %0, [%1];", ["=r","r"]); b("ld.global.u32 %0, [%1];", ["=r","r"]); b("ld.global.u32 %0, [%1+8];", ["=r","l"])
b("ld.global.u32 %0, [%1+-8];", ["=r","l"]); b("ld.global.u32 %0, [64];", ["=r"]); b("ld.global.u32 %0, [%1];", ["=r","h"])
b("ld.global.u8 %0, [%1];", ["=r","l"]); b("ld.global.s8 %0, [%1];", ["=l","l"]); b("ld.global.f32 %0, [%1];", ["=r","l"])
b("ld.global.f32 %0, [%1];", ["=l","l"]); b("ld.global.f32 %0, [%1];", ["=d","l"]); b("ld.global.b16 %0, [%1];", ["=f","l"])
b("ld.global.u64 %0, [%1];", ["=d","l"])
for v, n in [("v2",2),("v4",4),("v8",8)]:
    for t, c in [("u32","r"),("f32","f"),("b64","l"),("f64","d"),("u16","h"),("u8","h"),("b128","q")]:
        regs = ", ".join(f"%{i}" for i in range(n))
        b(f"ld.global.{v}.{t} {{{regs}}}, [%{n}];", ["="+c]*n + ["l"])
        b(f"st.global.{v}.{t} [%0], {{{', '.join(f'%{i+1}' for i in range(n))}}};", ["l"] + [c]*n)
b("ld.global.v4.u32 {%0, _, %1, %2}, [%3];", ["=r","=r","=r","l"])
b("ld.global.v8.f32 {%0, _, %1, %2, %3, %4, %5, %6}, [%7];", ["=f"]*7 + ["l"])
b("ld.global.L2::evict_last.v8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];", ["=f"]*8 + ["l"])
b("ld.global.L2::evict_last.v4.u64 {%0, %1, %2, %3}, [%4];", ["=l"]*4 + ["l"])
b("ld.global.L2::evict_last.u32 %0, [%1];", ["=r","l"])
b("ld.global.L1::evict_last.L2::evict_first.v4.u64 {%0, %1, %2, %3}, [%4];", ["=l"]*4 + ["l"])
b("st.global.v4.u32 [%0], {%1, _, %2, %3};", ["l","r","r","r"]); b("st.global.v2.u32 [%0], {%1, 0};", ["l","r"])
b("st.global.u32 [%0], 5;", ["l"]); b("st.global.f32 [%0], 0f3F800000;", ["l"]); b("st.global.v2.f32 [%0], {%1, 0f00000000};", ["l","f"])
b("st.global.u32 [%0], %1;", ["l","l"]); b("st.global.u8 [%0], %1;", ["l","r"]); b("st.global.f32 [%0], %1;", ["l","r"])
b("st.global.f32 [%0], %1;", ["l","l"]); b("st.global.f32 [%0], %1;", ["l","d"])
for cop in ["ca","cg","cs","lu","cv","wb","wt","nc"]:
    b(f"ld.global.{cop}.u32 %0, [%1];", ["=r","l"]); b(f"st.global.{cop}.u32 [%0], %1;", ["l","r"])
    b(f"ld.{cop}.u32 %0, [%1];", ["=r","l"])
    b(f"ld.shared.{cop}.u32 %0, [%1];", ["=r","r"]); b(f"st.shared.{cop}.u32 [%0], %1;", ["r","r"])
    b(f"ld.local.{cop}.u32 %0, [%1];", ["=r","l"]); b(f"st.local.{cop}.u32 [%0], %1;", ["l","r"])
b("ld.weak.global.u32 %0, [%1];", ["=r","l"]); b("st.weak.global.u32 [%0], %1;", ["l","r"]); b("ld.weak.global.cg.u32 %0, [%1];", ["=r","l"])
b("ld.weak.u32 %0, [%1];", ["=r","l"])
for sem in ["volatile","relaxed","acquire","release","mmio.relaxed"]:
    for sc in ["", ".cta", ".cluster", ".gpu", ".sys"]:
        for ss, ac in [("",'l'),(".global","l"),(".shared","r"),(".local","l"),(".const","l"),(".shared::cluster","r"),(".param","l")]:
            b(f"ld.{sem}{sc}{ss}.u32 %0, [%1];", ["=r",ac]); b(f"st.{sem}{sc}{ss}.u32 [%0], %1;", [ac,"r"])
b("ld.relaxed.gpu.global.cg.u32 %0, [%1];", ["=r","l"]); b("ld.acquire.gpu.global.L1::evict_last.u32 %0, [%1];", ["=r","l"])
b("ld.relaxed.gpu.global.L2::cache_hint.u32 %0, [%1], %2;", ["=r","l","l"]); b("ld.volatile.global.L2::128B.u32 %0, [%1];", ["=r","l"])
b("ld.volatile.global.v2.u32 {%0, %1}, [%2];", ["=r","=r","l"]); b("ld.relaxed.gpu.global.L2::64B.v4.u32 {%0, %1, %2, %3}, [%4];", ["=r"]*4 + ["l"])
b("ld.mmio.relaxed.sys.global.v2.u32 {%0, %1}, [%2];", ["=r","=r","l"]); b("ld.mmio.relaxed.sys.global.b128 %0, [%1];", ["=q","l"])
b("ld.mmio.relaxed.sys.global.u8 %0, [%1];", ["=h","l"]); b("ld.mmio.relaxed.sys.global.f64 %0, [%1];", ["=d","l"])
for e in ["L1::evict_normal","L1::evict_unchanged","L1::evict_first","L1::evict_last","L1::no_allocate","L2::evict_normal","L2::evict_first","L2::evict_last","L2::evict_unchanged",
          "L2::64B","L2::128B","L2::256B","L2::cache_hint"]:
    b(f"ld.global.{e}.u32 %0, [%1];", ["=r","l"]); b(f"st.global.{e}.u32 [%0], %1;", ["l","r"])
    b(f"ld.{e}.u32 %0, [%1];", ["=r","l"]); b(f"ld.shared.{e}.u32 %0, [%1];", ["=r","r"]); b(f"ld.local.{e}.u32 %0, [%1];", ["=r","l"])
    b(f"ld.global.nc.{e}.u32 %0, [%1];", ["=r","l"]); b(f"ld.global.{e}.v4.u32 {{%0, %1, %2, %3}}, [%4];", ["=r"]*4+["l"])
b("ld.global.L2::cache_hint.u32 %0, [%1], %2;", ["=r","l","l"]); b("ld.global.u32 %0, [%1], %2;", ["=r","l","l"])
b("ld.global.L2::cache_hint.u32 %0, [%1], %2;", ["=r","l","r"]); b("ld.L2::cache_hint.u32 %0, [%1], %2;", ["=r","l","l"])
b("ld.shared.L2::cache_hint.u32 %0, [%1], %2;", ["=r","r","l"]); b("st.global.L2::cache_hint.u32 [%0], %1, %2;", ["l","r","l"])
b("st.global.u32 [%0], %1, %2;", ["l","r","l"]); b("ld.global.nc.L2::cache_hint.u32 %0, [%1], %2;", ["=r","l","l"])
b("ld.global.cg.L2::cache_hint.L2::128B.v2.u32 {%0, %1}, [%2], %3;", ["=r","=r","l","l"])
b("ld.global.L1::evict_last.L2::cache_hint.L2::256B.u32 %0, [%1], %2;", ["=r","l","l"])
b("ld.global.cg.L1::evict_last.u32 %0, [%1];", ["=r","l"]); b("ld.global.L1::evict_last.L1::no_allocate.u32 %0, [%1];", ["=r","l"])
b("ld.global.L2::64B.L2::128B.u32 %0, [%1];", ["=r","l"]); b("ld.global.ca.cg.u32 %0, [%1];", ["=r","l"])
b("ld.global.nc.ca.u32 %0, [%1];", ["=r","l"]); b("ld.global.nc.cv.u32 %0, [%1];", ["=r","l"]); b("ld.global.nc.L1::no_allocate.v4.f32 {%0, %1, %2, %3}, [%4];", ["=f"]*4+["l"])
b("ld.global.nc.b128 %0, [%1];", ["=q","l"]); b("ld.global.nc.v2.u64 {%0, %1}, [%2];", ["=l","=l","l"]); b("ld.nc.global.u32 %0, [%1];", ["=r","l"])
b("ld.shared.nc.u32 %0, [%1];", ["=r","r"]); b("ld.nc.u32 %0, [%1];", ["=r","l"]); b("ld.global.nc.v8.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];", ["=f"]*8+["l"])
b("ld.global.u32 %0, [%1].unified;", ["=r","l"]); b("ld.u32 %0, [%1].unified;", ["=r","l"]); b("ld.shared.u32 %0, [%1].unified;", ["=r","r"])
b("ld.global.L2::cache_hint.u32 %0, [%1].unified, %2;", ["=r","l","l"])
for t, c in [("u32","r"),("v2.u32","r2"),("v4.f32","f4"),("b128","q"),("u8","h"),("f64","d"),("v2.b64","l2")]:
    if len(c) == 2:
        n = int(c[1]); regs = ", ".join(f"%{i}" for i in range(n))
        b(f"ldu.global.{t} {{{regs}}}, [%{n}];", ["="+c[0]]*n+["l"]); b(f"ldu.{t} {{{regs}}}, [%{n}];", ["="+c[0]]*n+["l"])
    else:
        b(f"ldu.global.{t} %0, [%1];", ["="+c,"l"]); b(f"ldu.{t} %0, [%1];", ["="+c,"l"])
b("ldu.shared.u32 %0, [%1];", ["=r","r"])
# st.async / red.async / st.bulk
b("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];", ["r","r","r"])
b("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];", ["r","f","f","r"])
b("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b64 [%0], {%1, %2, %3, %4}, [%5];", ["r","l","l","l","l","r"])
b("st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.b32 [%0], {%1, %2, %3, %4}, [%5];", ["r","r","r","r","r","r"])
b("st.async.shared::cluster.mbarrier::complete_tx::bytes.u16 [%0], %1, [%2];", ["r","h","r"])
b("st.async.weak.cluster.shared::cluster.mbarrier::complete_tx::bytes.s64 [%0], %1, [%2];", ["r","l","r"])
b("st.async.u32 [%0], %1, [%2];", ["r","r","r"]); b("st.async.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];", ["r","r","r"])
b("st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];", ["l","r","l"])
b("st.async.release.gpu.global.u32 [%0], %1;", ["l","r"]); b("st.async.mmio.release.sys.global.u32 [%0], %1;", ["l","r"])
b("st.async.release.sys.global.b64 [%0], %1;", ["l","l"]); b("st.async.release.global.u8 [%0], %1;", ["l","h"])
for op, t, c in [("add","u32","r"),("add","s32","r"),("add","u64","l"),("min","u32","r"),("max","s32","r"),("inc","u32","r"),("dec","u32","r"),
                 ("and","b32","r"),("or","b32","r"),("xor","b32","r"),("and","b64","l"),("add","f32","f"),("min","s64","l"),("add","s64","l")]:
    b(f"red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{op}.{t} [%0], %1, [%2];", ["r",c,"r"])
b("red.async.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];", ["r","r","r"])
b("red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.noftz.f16 [%0], %1, [%2];", ["r","h","r"])
b("red.async.release.gpu.global.add.u32 [%0], %1;", ["l","r"]); b("red.async.mmio.release.sys.global.add.u32 [%0], %1;", ["l","r"])
b("red.async.release.sys.global.add.u64 [%0], %1;", ["l","l"])
b("st.bulk.weak.shared::cta [%0], %1, 0;", ["r","l"]); b("st.bulk [%0], %1, 0;", ["r","l"]); b("st.bulk.shared::cta [%0], 64, 0;", ["r"])
b("st.bulk [%0], %1, 1;", ["r","l"]); b("st.bulk [%0], %1, 0;", ["r","r"])
# cvta isspacep etc.
for ss in ["global","shared","local","const","param","shared::cta","shared::cluster","param::entry","param::func"]:
    for t, c in [("u64","l"),("u32","r")]:
        b(f"cvta.{ss}.{t} %0, %1;", ["="+c,c]); b(f"cvta.to.{ss}.{t} %0, %1;", ["="+c,c])
    b(P1 % f"isspacep.{ss} p, %1", ["=r","l"])
b(P1 % "isspacep.global p, %1", ["=r","r"]); b("cvta.global.b64 %0, %1;", ["=l","l"]); b("cvta.global.u64 %0, %1;", ["=l","r"])
b("cvta.to.shared.u32 %0, %1;", ["=r","l"]); b("cvta.global.s64 %0, %1;", ["=l","l"]); b("cvta.u64 %0, %1;", ["=l","l"])
b("{ .shared .align 8 .b8 sv[64]; cvta.shared.u64 %0, sv; }", ["=l"]); b("{ .shared .align 8 .b8 sv[64]; cvta.shared.u64 %0, sv+8; }", ["=l"])
b("{ .global .align 8 .b8 gv[64]; cvta.global.u64 %0, gv; }", ["=l"]); b("cvta.global.u64 %0, 64;", ["=l"])
for p in ["prefetch.global.L1","prefetch.global.L2","prefetch.local.L1","prefetch.local.L2","prefetch.L1","prefetch.L2","prefetch.shared.L1",
          "prefetch.global.L2::evict_last","prefetch.global.L2::evict_normal","prefetch.L2::evict_last","prefetch.global.L2::evict_first",
          "prefetch.tensormap","prefetch.const.tensormap","prefetch.param.tensormap","prefetch.global.tensormap","prefetchu.L1","prefetchu.L2",
          "prefetchu.global.L1","prefetch.global.L1::evict_last","prefetch.global","prefetch.global.L2::evict_unchanged"]:
    b(f"{p} [%0];", ["l"])
b("prefetch.shared.L1 [%0];", ["r"]); b("prefetch.global.L2 [%0+64];", ["l"]); b("prefetch.global.L2 [%0];", ["r"])
for pr in ["L2::evict_last","L2::evict_first","L2::evict_normal","L2::evict_unchanged"]:
    b(f"createpolicy.fractional.{pr}.b64 %0, %1;", ["=l","f"]); b(f"createpolicy.fractional.{pr}.b64 %0;", ["=l"])
    b(f"createpolicy.fractional.{pr}.L2::evict_unchanged.b64 %0, 0.5;", ["=l"]); b(f"createpolicy.fractional.{pr}.L2::evict_first.b64 %0, 1.0;", ["=l"])
    b(f"createpolicy.range.global.{pr}.L2::evict_first.b64 %0, [%1], %2, %3;", ["=l","l","r","r"])
    b(f"createpolicy.range.{pr}.b64 %0, [%1], %2, %3;", ["=l","l","r","r"])
b("createpolicy.fractional.L2::evict_last.L2::evict_last.b64 %0, 0.5;", ["=l"]); b("createpolicy.fractional.L2::evict_last.b64 %0, 0f3F000000;", ["=l"])
b("createpolicy.fractional.L2::evict_last.b64 %0, 2.0;", ["=l"]); b("createpolicy.fractional.L2::evict_last.b64 %0, 0.0;", ["=l"])
b("createpolicy.range.global.L2::evict_last.b64 %0, [%1], 64, 128;", ["=l","l"]); b("createpolicy.cvt.L2.b64 %0, %1;", ["=l","l"])
b("createpolicy.fractional.L2::evict_last.b32 %0, %1;", ["=r","f"]); b("createpolicy.fractional.L2::evict_last.u64 %0, %1;", ["=l","f"])
for t in ["u32","u64"]:
    for ss in ["shared::cluster.", "", "shared.", "global."]:
        for c in ["r","l"]:
            b(f"mapa.{ss}{t} %0, %1, %2;", ["="+c, c, "r"])
            b(f"getctarank.{ss}{t} %0, %1;", ["=r", c])
b("{ .shared .align 8 .b8 sv[64]; mapa.shared::cluster.u32 %0, sv, %1; }", ["=r","r"]); b("{ .shared .align 8 .b8 sv[64]; getctarank.shared::cluster.u32 %0, sv+8; }", ["=r"])
b("mapa.shared::cluster.u32 %0, %1, 1;", ["=r","r"]); b("mapa.u64 %0, %1, %2;", ["=l","l","l"])
for p in ["applypriority.global.L2::evict_normal","applypriority.L2::evict_normal","applypriority.global.L2::evict_last","discard.global.L2","discard.L2","discard.global","discard.shared.L2"]:
    b(f"{p} [%0], 128;", ["l"]); b(f"{p} [%0], 64;", ["l"])
b("discard.global.L2 [%0], %1;", ["l","r"])
b("tensormap.replace.tile.global_address.global.b1024.b64 [%0], %1;", ["l","l"])
b("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;", ["r","l"])
b("tensormap.replace.tile.rank.global.b1024.b32 [%0], %1;", ["l","r"]); b("tensormap.replace.tile.rank.global.b1024.b32 [%0], 3;", ["l"])
b("tensormap.replace.tile.box_dim.global.b1024.b32 [%0], 1, %1;", ["l","r"]); b("tensormap.replace.tile.global_stride.global.b1024.b64 [%0], 0, %1;", ["l","l"])
b("tensormap.replace.tile.elemtype.global.b1024.b32 [%0], 2;", ["l"]); b("tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%0], 1;", ["r"])
b("tensormap.replace.tile.box_dim.global.b1024.b32 [%0], %1, %2;", ["l","r","r"]); b("tensormap.replace.tile.fill_mode.global.b1024.b32 [%0], %1;", ["l","r"])
b("tensormap.replace.tile.swizzle_atomicity.global.b1024.b32 [%0], 1;", ["l"]); b("tensormap.replace.tile.interleave_layout.global.b1024.b32 [%0], 1;", ["l"])
b("tensormap.replace.tile.element_stride.global.b1024.b32 [%0], 1, %1;", ["l","r"]); b("tensormap.replace.tile.global_dim.global.b1024.b32 [%0], 1, %1;", ["l","r"])
# ---------------- control
b("{ bra L1; L1: }", []); b("{ bra.uni L1; L1: }", []); b("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p bra L1; L1: }", ["r"])
b("{ bra.uni.uni L1; L1: }", []); b("{ bra L2; L1: }", []); b("ret;", []); b("ret.uni;", []); b("exit;", []); b("exit.uni;", [])
b("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p exit; }", ["r"]); b("{ .reg .pred p; setp.ne.u32 p, %0, 0; @p ret; }", ["r"])
b("{ L1: .branchtargets L2, L3; brx.idx %0, L1; L2: L3: }", ["r"])
b("trap;", []); b("brkpt;", []); b("trap.uni;", [])
# ---------------- sync
for bb in ["bar.sync 0;", "bar.sync %0;", "bar.sync 0, 64;", "bar.sync 1, %0;", "bar.sync %0, %1;", "bar.sync 16;", "bar.sync 15;", "bar.sync 0, 33;",
           "bar.sync 0, 0;", "bar.sync 0, 2048;", "bar.arrive 0, 64;", "bar.arrive 0;", "bar.arrive %0, %1;", "bar.cta.sync 0;", "bar.cta.arrive 1, 64;",
           "barrier.sync 0;", "barrier.sync.aligned 0;", "barrier.sync %0, %1;", "barrier.arrive 0, 64;", "barrier.arrive.aligned 0, 64;",
           "barrier.cta.sync.aligned 0;", "barrier.cta.sync 0;", "barrier.cta.arrive 0, 64;", "barrier.cta.arrive.aligned 0, 64;", "barrier.sync.aligned.aligned 0;",
           "bar.sync.aligned 0;", "bar.warp.sync %0;", "bar.warp.sync 0xffffffff;", "bar.warp.sync -1;", "barrier.warp.sync %0;", "bar 0;", "barrier 0;", "bar.sync 0, %1;",
           "barrier.cluster.arrive;", "barrier.cluster.arrive.aligned;", "barrier.cluster.arrive.release;", "barrier.cluster.arrive.relaxed;", "barrier.cluster.arrive.release.aligned;",
           "barrier.cluster.arrive.relaxed.aligned;", "barrier.cluster.wait;", "barrier.cluster.wait.aligned;", "barrier.cluster.wait.acquire;", "barrier.cluster.wait.acquire.aligned;",
           "barrier.cluster.arrive.acquire;", "barrier.cluster.wait.release;", "barrier.cluster.sync;", "barrier.cluster.arrive.aligned.release;",
           "membar.cta;", "membar.gl;", "membar.sys;", "membar.gpu;", "membar;", "membar.cluster;", "membar.proxy.alias;", "membar.proxy.async;", "membar.proxy.async.global;",
           "fence.cta;", "fence.gpu;", "fence.sys;", "fence.cluster;", "fence;", "fence.sc;", "fence.proxy.alias;", "fence.proxy.async;", "fence.proxy.async.global;",
           "fence.proxy.async.shared::cta;", "fence.proxy.async.shared::cluster;", "fence.proxy.async.shared;", "fence.proxy;", "fence.proxy.alias.gpu;",
           "fence.proxy.tensormap::generic.release.cta;", "fence.proxy.tensormap::generic.release.cluster;", "fence.proxy.tensormap::generic.release.gpu;",
           "fence.proxy.tensormap::generic.release.sys;", "fence.proxy.tensormap::generic.release;", "fence.proxy.tensormap::generic.acquire.gpu;",
           "fence.mbarrier_init.release.cluster;", "fence.mbarrier_init.release.cta;", "fence.mbarrier_init.cluster;", "fence.mbarrier_init;",
           "fence.acquire.sync_restrict::shared::cluster.cluster;", "fence.release.sync_restrict::shared::cta.cluster;", "fence.release.sync_restrict::shared::cluster.cluster;",
           "fence.acquire.sync_restrict::shared::cta.cluster;", "fence.acquire.sync_restrict::shared::cluster.gpu;",
           "fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster;", "fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster;",
           "fence.proxy.async::generic.release.cluster;", "fence.op_restrict.release.cluster;",
           "griddepcontrol.launch_dependents;", "griddepcontrol.wait;", "griddepcontrol;", "griddepcontrol.wait.launch_dependents;",
           "nanosleep.u32 100;", "nanosleep.u32 %0;", "nanosleep.u32 1000001;", "nanosleep 100;", "nanosleep.b32 %0;", "nanosleep.u32 -1;",
           "pmevent 1;", "pmevent 15;", "pmevent 16;", "pmevent.mask 0x3;", "pmevent.mask 0xff;", "pmevent.mask 0x100;", "pmevent %0;",
           "setmaxnreg.inc.sync.aligned.u32 32;", "setmaxnreg.dec.sync.aligned.u32 24;", "setmaxnreg.inc.sync.aligned.u32 256;", "setmaxnreg.inc.sync.aligned.u32 257;",
           "setmaxnreg.inc.sync.aligned.u32 33;", "setmaxnreg.inc.sync.aligned.u32 16;", "setmaxnreg.inc.sync.aligned.u32 0;", "setmaxnreg.inc.sync.aligned.u32 %0;",
           "setmaxnreg.inc.u32 32;", "setmaxnreg.inc.sync.u32 32;", "setmaxnreg.sync.aligned.u32 32;", "setmaxnreg.inc.aligned.sync.u32 32;", "setmaxnreg.inc.sync.aligned.b32 32;",
           "elect.sync _|%%p0, %0;"]:
    nops = len(set(re.findall(r"%\d", bb)))
    b(bb, ["r"]*nops)
b(P1 % "bar.red.and.pred p, 0, %1", ["=r","r"]) if False else None
b("{ .reg .pred p, q; setp.ne.u32 q, %1, 0; bar.red.and.pred p, 0, q; selp.u32 %0, 1, 0, p; }", ["=r","r"])
b("{ .reg .pred p, q; setp.ne.u32 q, %1, 0; bar.red.or.pred p, 0, 64, !q; selp.u32 %0, 1, 0, p; }", ["=r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; bar.red.popc.u32 %0, 0, q; }", ["=r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; bar.red.popc.u32 %0, %2, %3, !q; }", ["=r","r","r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; barrier.red.popc.aligned.u32 %0, 0, q; }", ["=r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; barrier.red.popc.u32 %0, 0, q; }", ["=r","r"])
b("{ .reg .pred p, q; setp.ne.u32 q, %1, 0; barrier.red.or.pred p, 1, q; selp.u32 %0, 1, 0, p; }", ["=r","r"])
b("{ .reg .pred p, q; setp.ne.u32 q, %1, 0; barrier.cta.red.and.aligned.pred p, 1, q; selp.u32 %0, 1, 0, p; }", ["=r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; bar.red.popc.u32 %0, 0, %1; }", ["=r","r"])
b("{ .reg .pred p, q; setp.ne.u32 q, %1, 0; bar.red.popc.pred p, 0, q; selp.u32 %0, 1, 0, p; }", ["=r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; bar.red.and.u32 %0, 0, q; }", ["=r","r"])
b("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;", ["l"]); b("fence.proxy.tensormap::generic.acquire.cta [%0], 128;", ["l"])
b("fence.proxy.tensormap::generic.acquire.gpu [%0], 64;", ["l"]); b("fence.proxy.tensormap::generic.acquire.sys [%0], %1;", ["l","r"])
for sem in ["sc","acq_rel","acquire","release","relaxed"]:
    for sc in ["cta","cluster","gpu","sys",""]:
        b(f"fence.{sem}.{sc};".replace(".;", ";"), [])
# atom / red
OPS = ["and","or","xor","cas","exch","add","inc","dec","min","max"]
TYS = [("b32","r"),("b64","l"),("u32","r"),("u64","l"),("s32","r"),("s64","l"),("f32","f"),("f64","d"),("b16","h"),("u16","h"),("f16","h"),("bf16","h"),("f16x2","r"),("bf16x2","r"),("b128","q")]
for op in OPS:
    for t, c in TYS:
        if op == "cas":
            b(f"atom.global.cas.{t} %0, [%1], %2, %3;", ["="+c,"l",c,c])
            b(f"atom.shared.cas.{t} %0, [%1], %2, %3;", ["="+c,"r",c,c])
        else:
            b(f"atom.global.{op}.{t} %0, [%1], %2;", ["="+c,"l",c]); b(f"atom.{op}.{t} %0, [%1], %2;", ["="+c,"l",c])
            b(f"atom.shared.{op}.{t} %0, [%1], %2;", ["="+c,"r",c])
            b(f"red.global.{op}.{t} [%0], %1;", ["l",c]); b(f"red.shared.{op}.{t} [%0], %1;", ["r",c]); b(f"red.{op}.{t} [%0], %1;", ["l",c])
            if t in ("f16","f16x2","bf16","bf16x2","f32","f64"):
                b(f"atom.global.{op}.noftz.{t} %0, [%1], %2;", ["="+c,"l",c]); b(f"red.global.{op}.noftz.{t} [%0], %1;", ["l",c])
for sem in ["","relaxed.","acquire.","release.","acq_rel.","volatile.","sc."]:
    for sc in ["","cta.","cluster.","gpu.","sys."]:
        for ss, ac in [("","l"),("global.","l"),("shared.","r"),("shared::cta.","r"),("shared::cluster.","r"),("local.","l")]:
            if r.random() < 0.5 and ss not in ("", "shared::cluster."): continue
            b(f"atom.{sem}{sc}{ss}add.u32 %0, [%1], %2;", ["=r",ac,"r"]); b(f"red.{sem}{sc}{ss}add.u32 [%0], %1;", [ac,"r"])
b("atom.global.cas.b32 %0, [%1], %2, 5;", ["=r","l","r"]); b("atom.global.add.u32 %0, [%1], 1;", ["=r","l"]); b("red.global.add.u32 [%0], 1;", ["l"])
b("atom.global.add.f32 %0, [%1], 0f3F800000;", ["=f","l"]); b("atom.global.add.u32 %0, [%1], %2;", ["=r","r","r"])
b("atom.global.add.L2::cache_hint.u32 %0, [%1], %2, %3;", ["=r","l","r","l"]); b("red.global.add.L2::cache_hint.u32 [%0], %1, %2;", ["l","r","l"])
b("atom.global.cas.L2::cache_hint.b32 %0, [%1], %2, %3, %4;", ["=r","l","r","r","l"]); b("atom.global.cas.b128 %0, [%1], %2, %3, %4;", ["=q","l","q","q","l"])
b("atom.global.exch.L2::cache_hint.b128 %0, [%1], %2, %3;", ["=q","l","q","l"]); b("atom.shared.L2::cache_hint.add.u32 %0, [%1], %2, %3;", ["=r","r","r","l"])
b("atom.global.add.u32 %0, [%1], %2, %3;", ["=r","l","r","l"]); b("atom.global.add.L2::cache_hint.u32 %0, [%1], %2;", ["=r","l","r"])
for v, n in [("v2",2),("v4",4),("v8",8)]:
    for op in ["add","min","max"]:
        for t, c in [("f32","f"),("f16","h"),("bf16","h"),("f16x2","r"),("bf16x2","r"),("u32","r"),("f64","d")]:
            dl = ", ".join(f"%{i}" for i in range(n)); sl = ", ".join(f"%{i+n+1}" for i in range(n))
            for nf in ["", "noftz."]:
                b(f"atom.global.{v}.{op}.{nf}{t} {{{dl}}}, [%{n}], {{{sl}}};", ["="+c]*n + ["l"] + [c]*n)
                b(f"red.global.{v}.{op}.{nf}{t} [%0], {{{', '.join(f'%{i+1}' for i in range(n))}}};", ["l"] + [c]*n)
b("atom.v2.f32.add {%0, %1}, [%2], {%3, %4};", ["=f","=f","l","f","f"]); b("atom.shared.v2.f32.add {%0, %1}, [%2], {%3, %4};", ["=f","=f","r","f","f"])
b("red.v2.add.f32 [%0], {%1, %2};", ["l","f","f"]); b("red.global.add.v2.f32 [%0], {%1, %2};", ["l","f","f"])
b("red.relaxed.cluster.shared::cluster.add.u32 [%0], %1;", ["r","r"]); b("atom.relaxed.gpu.global.add.v4.f32 {%0, %1, %2, %3}, [%4], {%5, %6, %7, %8};", ["=f"]*4+["l"]+["f"]*4)
# redux vote match activemask elect
for op in ["add","min","max","and","or","xor"]:
    for t, c in [("u32","r"),("s32","r"),("b32","r"),("f32","f"),("u64","l"),("b64","l")]:
        b(f"redux.sync.{op}.{t} %0, %1, {MASK};", ["="+c,c])
for mods in ["min.abs.f32","min.NaN.f32","max.abs.NaN.f32","min.NaN.abs.f32","add.abs.f32","min.abs.u32","max.NaN.s32","min.f32.abs"]:
    b(f"redux.sync.{mods} %0, %1, {MASK};", ["=f","f"] if "f32" in mods else ["=r","r"])
b("redux.sync.add.u32 %0, %1, %2;", ["=r","r","r"]); b("redux.sync.add.u32 %0, 5, %1;", ["=r","r"]); b("redux.sync.add.u32 %0, %1;", ["=r","r"])
b("activemask.b32 %0;", ["=r"]); b("activemask.u32 %0;", ["=r"]); b("activemask %0;", ["=r"]); b("activemask.b64 %0;", ["=l"])
for m in ["all","any","uni"]:
    b("{ .reg .pred p, q; setp.ne.u32 p, %%1, 0; vote.sync.%s.pred q, p, %%2; selp.u32 %%0, 1, 0, q; }" % m, ["=r","r","r"])
    b("{ .reg .pred p, q; setp.ne.u32 p, %%1, 0; vote.%s.pred q, p; selp.u32 %%0, 1, 0, q; }" % m, ["=r","r"])
    b("{ .reg .pred p, q; setp.ne.u32 p, %%1, 0; vote.%s.sync.pred q, p, %s; selp.u32 %%0, 1, 0, q; }" % (m, MASK), ["=r","r"])
    b("{ .reg .pred p; setp.ne.u32 p, %%1, 0; vote.sync.%s.b32 %%0, p, %s; }" % (m, MASK), ["=r","r"])
b("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.ballot.b32 %0, p; }", ["=r","r"]); b("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.ballot.sync.b32 %0, p, 0xffffffff; }", ["=r","r"])
b("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }", ["=r","r","r"]); b("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.u32 %0, p, %2; }", ["=r","r","r"])
b("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.pred %0, p, %2; }", ["=r","r","r"]); b("vote.sync.ballot.b32 %0, 1, 0xffffffff;", ["=r"])
for m in ["any","all"]:
    for t, c in [("b32","r"),("b64","l"),("u32","r"),("s64","l"),("f32","f")]:
        b(f"match.{m}.sync.{t} %0, %1, %2;", ["=r",c,"r"])
    b("{ .reg .pred p; match.%s.sync.b32 %%0|p, %%2, %%3; selp.u32 %%1, 1, 0, p; }" % m, ["=r","=r","r","r"])
    b(f"match.sync.{m}.b32 %0, %1, %2;", ["=r","r","r"]); b(f"match.{m}.b32 %0, %1;", ["=r","r"])
b("{ .reg .pred p; match.all.sync.b32 _|p, %1, %2; selp.u32 %0, 1, 0, p; }", ["=r","r","r"]); b("match.any.sync.b32 %0, 5, %1;", ["=r","r"])
b("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }", ["=r","=r","r"]); b("{ .reg .pred p; elect.sync _|p, 0xffffffff; selp.u32 %0, 1, 0, p; }", ["=r"])
b("elect.sync %0, %1;", ["=r","r"]); b("{ .reg .pred p; elect.sync %0|p; }", ["=r"]); b("{ .reg .pred p; elect.sync.aligned %0|p, %1; }", ["=r","r"])
# mbarrier
for ss in ["", ".shared", ".shared::cta", ".shared::cluster"]:
    ac = "r" if ss else "l"
    b(f"mbarrier.init{ss}.b64 [%0], %1;", [ac,"r"]); b(f"mbarrier.inval{ss}.b64 [%0];", [ac])
    b(f"mbarrier.arrive{ss}.b64 %0, [%1];", ["=l",ac]); b(f"mbarrier.arrive{ss}.b64 _, [%0];", [ac]); b(f"mbarrier.arrive{ss}.b64 %0, [%1], %2;", ["=l",ac,"r"])
    b(f"mbarrier.arrive_drop{ss}.b64 %0, [%1];", ["=l",ac]); b(f"mbarrier.arrive_drop{ss}.b64 _, [%0], %1;", [ac,"r"])
    b(f"mbarrier.arrive.expect_tx{ss}.b64 %0, [%1], %2;", ["=l",ac,"r"]); b(f"mbarrier.arrive.expect_tx{ss}.b64 _, [%0], %1;", [ac,"r"])
    b(f"mbarrier.arrive_drop.expect_tx{ss}.b64 _, [%0], %1;", [ac,"r"])
    b(f"mbarrier.arrive.noComplete{ss}.b64 %0, [%1], %2;", ["=l",ac,"r"]); b(f"mbarrier.arrive_drop.noComplete{ss}.b64 %0, [%1], %2;", ["=l",ac,"r"])
    b(f"mbarrier.expect_tx{ss}.b64 [%0], %1;", [ac,"r"]); b(f"mbarrier.complete_tx{ss}.b64 [%0], %1;", [ac,"r"])
    b(P1 % f"mbarrier.test_wait{ss}.b64 p, [%1], %2", ["=r",ac,"l"]); b(P1 % f"mbarrier.test_wait.parity{ss}.b64 p, [%1], %2", ["=r",ac,"r"])
    b(P1 % f"mbarrier.try_wait{ss}.b64 p, [%1], %2", ["=r",ac,"l"]); b(P1 % f"mbarrier.try_wait.parity{ss}.b64 p, [%1], %2", ["=r",ac,"r"])
    b(P1 % f"mbarrier.try_wait{ss}.b64 p, [%1], %2, %3", ["=r",ac,"l","r"]); b(P1 % f"mbarrier.try_wait.parity{ss}.b64 p, [%1], %2, %3", ["=r",ac,"r","r"])
for sem in ["", "release.", "relaxed.", "acquire.", "acq_rel."]:
    for sc in ["", "cta.", "cluster.", "gpu."]:
        b(f"mbarrier.arrive.{sem}{sc}shared::cta.b64 %0, [%1];", ["=l","r"]); b(f"mbarrier.arrive.{sem}{sc}shared::cluster.b64 _, [%0];", ["r"])
        b(f"mbarrier.arrive.expect_tx.{sem}{sc}shared::cta.b64 %0, [%1], %2;", ["=l","r","r"]); b(f"mbarrier.arrive_drop.{sem}{sc}shared::cta.b64 %0, [%1];", ["=l","r"])
        b(f"mbarrier.expect_tx.{sem}{sc}shared::cta.b64 [%0], %1;", ["r","r"]); b(f"mbarrier.complete_tx.{sem}{sc}shared::cluster.b64 [%0], %1;", ["r","r"])
        b(P1 % f"mbarrier.try_wait.parity.{sem}{sc}shared::cta.b64 p, [%1], %2", ["=r","r","r"]); b(P1 % f"mbarrier.test_wait.{sem}{sc}shared::cta.b64 p, [%1], %2", ["=r","r","l"])
b("mbarrier.pending_count.b64 %0, %1;", ["=r","l"]); b("mbarrier.pending_count.b64 %0, %1;", ["=l","l"]); b("mbarrier.init.shared::cta.b64 [%0], 1;", ["r"])
b("mbarrier.init.shared::cta.b64 [%0], 0;", ["r"]); b("mbarrier.init.shared::cta.b64 [%0], 1048576;", ["r"]); b("mbarrier.init.shared::cta.b64 [%0], %1;", ["r","l"])
b("mbarrier.arrive.shared::cta.b64 %0, [%1];", ["=r","r"]); b("mbarrier.arrive.shared::cluster.b64 %0, [%1];", ["=l","r"])
b("mbarrier.arrive.expect_tx.shared::cta.b64 %0, [%1];", ["=l","r"]); b(P1 % "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 1", ["=r","r"])
b("mbarrier.init.b64 [%0], %1;", ["r","r"]); b("mbarrier.arrive.b64 %0, [%1];", ["=l","r"])
b("{ .shared .align 8 .b64 bar; mbarrier.init.shared::cta.b64 [bar], %0; }", ["r"])
b("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0], %1;", ["r","r"]); b("mbarrier.try_wait.parity.shared::cta.b64 %0, [%1], %2;", ["=r","r","r"])
# multimem
for op in ["add","min","max","and","or","xor"]:
    for t, c in [("u32","r"),("s32","r"),("u64","l"),("s64","l"),("b32","r"),("b64","l"),("f32","f"),("f64","d"),("f16","h"),("bf16","h"),("f16x2","r"),("bf16x2","r")]:
        b(f"multimem.ld_reduce.weak.global.{op}.{t} %0, [%1];", ["="+c,"l"]); b(f"multimem.red.relaxed.sys.global.{op}.{t} [%0], %1;", ["l",c])
for v, n in [("v2",2),("v4",4),("v8",8)]:
    for t, c in [("f32","f"),("f16","h"),("bf16","h"),("f16x2","r"),("bf16x2","r"),("f64","d"),("u32","r")]:
        dl = ", ".join(f"%{i}" for i in range(n))
        b(f"multimem.ld_reduce.relaxed.sys.global.add.{v}.{t} {{{dl}}}, [%{n}];", ["="+c]*n + ["l"])
        b(f"multimem.red.relaxed.sys.global.add.{v}.{t} [%0], {{{', '.join(f'%{i+1}' for i in range(n))}}};", ["l"] + [c]*n)
        b(f"multimem.st.relaxed.sys.global.{v}.{t} [%0], {{{', '.join(f'%{i+1}' for i in range(n))}}};", ["l"] + [c]*n)
for t, c in [("u32","r"),("b32","r"),("f32","f"),("f16","h"),("f16x2","r"),("b64","l"),("u8","h"),("f64","d"),("bf16x2","r")]:
    b(f"multimem.st.global.{t} [%0], %1;", ["l",c]); b(f"multimem.st.weak.global.{t} [%0], %1;", ["l",c])
for sem in ["", "weak.", "relaxed.", "acquire.", "release."]:
    for sc in ["", "cta.", "cluster.", "gpu.", "sys."]:
        b(f"multimem.ld_reduce.{sem}{sc}global.add.u32 %0, [%1];", ["=r","l"]); b(f"multimem.st.{sem}{sc}global.u32 [%0], %1;", ["l","r"])
        b(f"multimem.red.{sem}{sc}global.add.u32 [%0], %1;", ["l","r"])
b("multimem.ld_reduce.add.u32 %0, [%1];", ["=r","l"]); b("multimem.ld_reduce.global.add.acc::f32.f16x2 %0, [%1];", ["=r","l"])
b("multimem.ld_reduce.global.add.acc::f32.v2.bf16x2 {%0, %1}, [%2];", ["=r","=r","l"]); b("multimem.ld_reduce.global.add.acc::f16.e5m2x4 %0, [%1];", ["=r","l"])
b("multimem.ld_reduce.global.add.acc::f32.f32 %0, [%1];", ["=f","l"]); b("multimem.ld_reduce.global.min.acc::f32.f16x2 %0, [%1];", ["=r","l"])
b("multimem.ld_reduce.global.add.e4m3x4 %0, [%1];", ["=r","l"]); b("multimem.ld_reduce.global.add.v4.e5m2x4 {%0, %1, %2, %3}, [%4];", ["=r"]*4+["l"])
b("multimem.red.global.add.e4m3x4 [%0], %1;", ["l","r"]); b("multimem.st.global.e4m3x4 [%0], %1;", ["l","r"])
b("multimem.cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;", ["l","r","r"])
# clusterlaunchcontrol
b("clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128 [%0], [%1];", ["r","r"])
b("clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128 [%0], [%1];", ["r","r"])
b("clusterlaunchcontrol.try_cancel.async.mbarrier::complete_tx::bytes.b128 [%0], [%1];", ["l","l"])
b("{ .reg .pred P; clusterlaunchcontrol.query_cancel.is_canceled.pred.b128 P, %1; selp.u32 %0, 1, 0, P; }", ["=r","q"])
b("clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%0, %1, %2, %3}, %4;", ["=r","=r","=r","=r","q"])
b("clusterlaunchcontrol.query_cancel.get_first_ctaid.v4.b32.b128 {%0, %1, %2, _}, %3;", ["=r","=r","=r","q"])
b("clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128 %0, %1;", ["=r","q"])
b("clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128 %0, %1;", ["=r","q"])
b("{ .reg .b128 h; ld.shared.b128 h, [%1]; clusterlaunchcontrol.query_cancel.get_first_ctaid::z.b32.b128 %0, h; }", ["=r","r"])
B[:] = [x for x in B if x is not None]
# ---------------- mutations (as the golden verdict generator makes them)
TYPES = [".s16",".u16",".s32",".u32",".s64",".u64",".b16",".b32",".b64",".f16",".f32",".f64",".bf16",".f16x2",".pred",".s8",".u8",".b8"]
MODS = [".sat",".ftz",".rn",".rz",".rm",".approx",".wide",".hi",".lo",".cc",".sync",".aligned",".shared",".global",".trans",".x4",".relu",".NaN",".uni",".full",".rni",".satfinite",".clamp"]
TYPE_RE = re.compile(r"^\.(s|u|b|f|bf|e4m3|e5m2|tf)\d+(x\d)?$|^\.pred$")
HELPERS = ("setp", "selp", "mov.b32 %0", "and.b32", "ld.shared.b128 h")
def split_main(asm):
    stmts = re.split(r"(?<=;)", asm)
    for i, s in enumerate(stmts):
        t = s.strip().lstrip("{").strip()
        if not t or t.startswith(".") or t.startswith("}") or re.match(r"^\w+:\s*$", t): continue
        t2 = re.sub(r"^\w+:\s*", "", t)
        if any(t2.startswith(h) for h in HELPERS) and i + 1 < len(stmts) and not t2.startswith("mov.pred"): continue
        m = re.search(r"(?<![%\w])[a-z][\w.:]*", s)
        if not m: continue
        pre = "".join(stmts[:i]) + s[:m.start()]
        return pre, m.group(0), s[m.end():] + "".join(stmts[i+1:])
    return None
def mutations(asm, cons):
    out = []
    sp = split_main(asm)
    if sp:
        pre, op, rest = sp
        parts = op.split("."); base, mods = parts[0], ["." + p for p in parts[1:]]
        for i, m in enumerate(mods):
            if TYPE_RE.match(m):
                for nt in TYPES:
                    if nt != m: out.append(("type", pre + base + "".join(mods[:i] + [nt] + mods[i+1:]) + rest, cons))
        for i in range(len(mods)):
            out.append(("drop_mod", pre + base + "".join(mods[:i] + mods[i+1:]) + rest, cons))
        for md in MODS:
            i = r.randint(0, len(mods))
            out.append(("add_mod", pre + base + "".join(mods[:i] + [md] + mods[i:]) + rest, cons))
        for i in range(len(mods) - 1):
            m2 = mods[:]; m2[i], m2[i+1] = m2[i+1], m2[i]
            out.append(("swap_mods", pre + base + "".join(m2) + rest, cons))
        m = re.match(r"(\s*[^;]*?),\s*([^,;{}]+)(\s*;)", rest)
        if m and "{" not in m.group(2):
            out.append(("drop_operand", pre + op + m.group(1) + m.group(3) + rest[m.end():], cons))
    for k, c in enumerate(cons):
        if c[-1] not in "rlfdhq": continue
        for a in {"r": ["l","f","h"], "l": ["r","d"], "f": ["r","d"], "d": ["l","f"], "h": ["r","f"], "q": ["l"]}[c[-1]]:
            out.append(("constraint", asm, cons[:k] + [c[:-1] + a] + cons[k+1:]))
    return out
