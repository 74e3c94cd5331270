#!/usr/bin/env python3
"""Writes tests/real_world.rs: 100+ inline-PTX statements in the style of
real CUDA projects (CUTLASS, FlashAttention, CUB, ThunderKittens), each as a
`ptx!` call in its own function. Usage: tools/generators/real-world/gen.py > tests/real_world.rs"""

S = []  # (name, target or None, asm, outs, ins, clobber)
def s(name, asm, outs="", ins="", target=None, memory=False):
    S.append((name, target, asm, outs.split() if outs else [], ins.split() if ins else [], memory))

# ldmatrix / stmatrix / movmatrix
for x, n in [("x1", 1), ("x2", 2), ("x4", 4)]:
    regs = ", ".join(f"%{i}" for i in range(n))
    s(f"ldmatrix_{x}", f"ldmatrix.sync.aligned.m8n8.{x}.shared.b16 {{{regs}}}, [%{n}];", "=r " * n, "r")
    s(f"ldmatrix_{x}_trans", f"ldmatrix.sync.aligned.m8n8.{x}.trans.shared.b16 {{{regs}}}, [%{n}];", "=r " * n, "r")
    s(f"ldmatrix_{x}_64bit_address", f"ldmatrix.sync.aligned.{x}.m8n8.shared.b16 {{{regs}}}, [%{n}];", "=r " * n, "l")
    s(f"stmatrix_{x}", f"stmatrix.sync.aligned.m8n8.{x}.shared.b16 [%0], {{{', '.join(f'%{i+1}' for i in range(n))}}};", "", "r " + "r " * n, memory=True)
s("stmatrix_x4_trans", "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};", "", "r r r r r", memory=True)
s("movmatrix_trans", "movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;", "=r", "r")
# mma
s("mma_m16n8k16_f16_f32", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=f =f =f =f", "r r r r r r f f f f")
s("mma_m16n8k16_f16_f16", "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%8, %9};", "=r =r", "r r r r r r r r")
s("mma_m16n8k16_bf16", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=f =f =f =f", "r r r r r r f f f f")
s("mma_m16n8k8_f16", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};", "=f =f =f =f", "r r r f f f f")
s("mma_m16n8k8_tf32", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=f =f =f =f", "r r r r r r f f f f")
s("mma_m16n8k4_tf32", "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};", "=f =f =f =f", "r r r f f f f")
s("mma_m8n8k4_f64", "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%4, %5};", "=d =d", "d d d d")
s("mma_m16n8k32_s8", "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=r =r =r =r", "r r r r r r r r r r")
s("mma_m16n8k32_s8_satfinite", "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=r =r =r =r", "r r r r r r r r r r")
s("mma_m16n8k16_u8", "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%7, %8, %9, %10};", "=r =r =r =r", "r r r r r r r")
s("mma_m16n8k64_s4", "mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=r =r =r =r", "r r r r r r r r r r")
s("mma_m16n8k256_b1", "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=r =r =r =r", "r r r r r r r r r r")
s("mma_m16n8k32_e4m3", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=f =f =f =f", "r r r r r r f f f f", target="sm_90")
s("mma_m16n8k32_e5m2_e4m3", "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e4m3.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};", "=f =f =f =f", "r r r r r r f f f f")
s("mma_m8n8k4_f16_volta", "mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9}, {%10, %11}, {%12, %13, %14, %15, %16, %17, %18, %19};", "=f =f =f =f =f =f =f =f", "r r r r f f f f f f f f")
s("mma_sp_m16n8k32_f16", "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, %16, 0x0;", "=f =f =f =f", "r r r r r r r r f f f f r")
# wgmma (sm_90a)
s("wgmma_fence", "wgmma.fence.sync.aligned;", target="sm_90a", memory=True)
s("wgmma_commit", "wgmma.commit_group.sync.aligned;", target="sm_90a", memory=True)
s("wgmma_wait", "wgmma.wait_group.sync.aligned %0;", "", "n", target="sm_90a", memory=True)
s("wgmma_m64n8k16_f16", "{ .reg .pred p; setp.ne.b32 p, %4, 0; wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %5, %6, p, 1, 1, 0, 0; }", "+f +f +f +f", "r l l", target="sm_90a")
# cp.async
s("cp_async_ca_4", "cp.async.ca.shared.global [%0], [%1], 4;", "", "r l", memory=True)
s("cp_async_ca_8", "cp.async.ca.shared.global [%0], [%1], 8;", "", "r l", memory=True)
s("cp_async_cg_16", "cp.async.cg.shared.global [%0], [%1], 16;", "", "r l", memory=True)
s("cp_async_cg_16_zfill", "cp.async.cg.shared.global [%0], [%1], 16, %2;", "", "r l r", memory=True)
s("cp_async_cg_16_l2_128", "cp.async.cg.shared.global.L2::128B [%0], [%1], 16;", "", "r l", memory=True)
s("cp_async_cache_hint", "cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;", "", "r l l", memory=True)
s("cp_async_predicated", "{ .reg .pred p; setp.ne.b32 p, %0, 0; @p cp.async.cg.shared.global [%1], [%2], 16; }", "", "r r l", memory=True)
s("cp_async_commit", "cp.async.commit_group;", memory=True)
s("cp_async_wait_group", "cp.async.wait_group %0;", "", "n", memory=True)
s("cp_async_wait_all", "cp.async.wait_all;", memory=True)
s("cp_async_mbarrier_arrive", "cp.async.mbarrier.arrive.noinc.shared.b64 [%0];", "", "r", memory=True)
s("cp_async_bulk_g2s", "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];", "", "r l r r", memory=True)
s("cp_async_bulk_s2g", "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;", "", "l r r", memory=True)
s("cp_async_bulk_commit", "cp.async.bulk.commit_group;", memory=True)
s("cp_async_bulk_wait_read", "cp.async.bulk.wait_group.read %0;", "", "n", memory=True)
s("cp_async_bulk_tensor_2d", "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];", "", "r l r r r", memory=True)
s("cp_async_bulk_prefetch", "cp.async.bulk.prefetch.L2.global [%0], %1;", "", "l r", memory=True)
s("cp_reduce_bulk_add", "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;", "", "l r r", memory=True)
# mbarrier
s("mbarrier_init", "mbarrier.init.shared.b64 [%0], %1;", "", "r r", memory=True)
s("mbarrier_init_cta", "mbarrier.init.shared::cta.b64 [%0], %1;", "", "r r", memory=True)
s("mbarrier_arrive", "mbarrier.arrive.shared.b64 %0, [%1];", "=l", "r", memory=True)
s("mbarrier_arrive_sink", "mbarrier.arrive.release.cta.shared::cta.b64 _, [%0];", "", "r", memory=True)
s("mbarrier_arrive_expect_tx", "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;", "", "r r", memory=True)
s("mbarrier_expect_tx", "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;", "", "r r", memory=True)
s("mbarrier_test_wait", "{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }", "=r", "r l", memory=True)
s("mbarrier_try_wait_parity", "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }", "=r", "r r", memory=True)
s("mbarrier_try_wait_loop", "{ .reg .pred p; wait: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra wait; }", "", "r r", memory=True)
s("mbarrier_inval", "mbarrier.inval.shared.b64 [%0];", "", "r", memory=True)
s("mbarrier_pending_count", "mbarrier.pending_count.b64 %0, %1;", "=r", "l")
s("fence_mbarrier_init", "fence.mbarrier_init.release.cluster;", memory=True)
# shuffles, votes, warp
for mode, c in [("idx", "0x1f"), ("up", "0"), ("down", "0x1f"), ("bfly", "0x1f")]:
    s(f"shfl_{mode}", f"shfl.sync.{mode}.b32 %0, %1, %2, {c}, 0xffffffff;", "=r", "r r")
s("shfl_bfly_pred", "{ .reg .pred p; shfl.sync.bfly.b32 %0|p, %2, 1, 0x1f, %3; selp.u32 %1, 1, 0, p; }", "=r =r", "r r")
s("shfl_float", "shfl.sync.down.b32 %0, %1, %2, 0x1f, 0xffffffff;", "=f", "f r")
s("shfl_segmented", "shfl.sync.idx.b32 %0, %1, %2, 0x0f1f, 0xffffffff;", "=r", "r r")
s("vote_ballot", "{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, 0xffffffff; }", "=r", "r")
s("vote_all", "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.u32 %0, 1, 0, q; }", "=r", "r r")
s("vote_any_negated", "{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.any.pred q, !p, 0xffffffff; selp.u32 %0, 1, 0, q; }", "=r", "r")
s("match_any", "match.sync.any.b32 %0, %1, 0xffffffff;", "=r", "r")
s("match_all_pred", "{ .reg .pred p; match.sync.all.b64 %0|p, %2, 0xffffffff; selp.u32 %1, 1, 0, p; }", "=r =r", "l")
s("redux_add", "redux.sync.add.u32 %0, %1, 0xffffffff;", "=r", "r")
s("redux_max_s32", "redux.sync.max.s32 %0, %1, %2;", "=r", "r r")
s("redux_or", "redux.sync.or.b32 %0, %1, 0xffffffff;", "=r", "r")
s("activemask", "activemask.b32 %0;", "=r")
s("bar_warp_sync", "bar.warp.sync %0;", "", "r", memory=True)
s("laneid", "mov.u32 %0, %%laneid;", "=r")
s("lanemask_lt", "mov.u32 %0, %%lanemask_lt;", "=r")
s("elect_sync", "{ .reg .pred p; elect.sync %0|p, 0xffffffff; selp.u32 %1, 1, 0, p; }", "=r =r")
# prmt, bit tricks
for mode in ["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"]:
    s(f"prmt_{mode}", f"prmt.b32.{mode} %0, %1, %2, %3;", "=r", "r r r")
s("prmt_byte_swap", "prmt.b32 %0, %1, 0, 0x0123;", "=r", "r")
s("prmt_pack_halves", "prmt.b32 %0, %1, %2, 0x5410;", "=r", "r r")
s("lop3_xor3", "lop3.b32 %0, %1, %2, %3, 0x96;", "=r", "r r r")
s("bfe_u32", "bfe.u32 %0, %1, %2, %3;", "=r", "r r r")
s("bfi_b32", "bfi.b32 %0, %1, %2, %3, %4;", "=r", "r r r r")
s("brev_b32", "brev.b32 %0, %1;", "=r", "r")
s("popc_b64", "popc.b64 %0, %1;", "=r", "l")
s("bfind_shiftamt", "bfind.shiftamt.u32 %0, %1;", "=r", "r")
s("shf_l_wrap", "shf.l.wrap.b32 %0, %1, %2, %3;", "=r", "r r r")
s("cvt_rn_f16x2_f32", "cvt.rn.f16x2.f32 %0, %1, %2;", "=r", "f f")
s("cvt_rn_bf16x2_f32", "cvt.rn.bf16x2.f32 %0, %1, %2;", "=r", "f f")
s("cvt_e4m3x2_f32", "cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;", "=h", "f f")
s("mov_b64_split", "mov.b64 {%0, %1}, %2;", "=r =r", "l")
s("ex2_approx_ftz", "ex2.approx.ftz.f32 %0, %1;", "=f", "f")
# fences, atomics, loads and stores
for f in ["fence.acq_rel.gpu;", "fence.sc.sys;", "fence.proxy.async.shared::cta;", "membar.gl;", "fence.acq_rel.cluster;"]:
    s("fence_" + f.replace(".", "_").replace(";", "").replace("::", "_"), f, memory=True)
s("atom_add_global_u32", "atom.global.add.u32 %0, [%1], %2;", "=r", "l r", memory=True)
s("atom_add_f32", "atom.global.add.f32 %0, [%1], %2;", "=f", "l f", memory=True)
s("atom_cas_b64", "atom.global.cas.b64 %0, [%1], %2, %3;", "=l", "l l l", memory=True)
s("atom_exch_shared", "atom.shared.exch.b32 %0, [%1], %2;", "=r", "r r", memory=True)
s("atom_acquire_gpu", "atom.acquire.gpu.global.add.u32 %0, [%1], %2;", "=r", "l r", memory=True)
s("atom_max_s32", "atom.global.max.s32 %0, [%1], %2;", "=r", "l r", memory=True)
s("atom_add_noftz_f16x2", "atom.global.add.noftz.f16x2 %0, [%1], %2;", "=r", "l r", memory=True)
s("red_add_global", "red.global.add.u32 [%0], %1;", "", "l r", memory=True)
s("red_release_gpu", "red.release.gpu.global.add.s32 [%0], %1;", "", "l r", memory=True)
s("ld_global_nc_v4", "ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];", "=r =r =r =r", "l", memory=True)
s("ld_acquire_gpu", "ld.acquire.gpu.global.u32 %0, [%1];", "=r", "l", memory=True)
s("ld_volatile_shared", "ld.volatile.shared.u32 %0, [%1];", "=r", "r", memory=True)
s("ld_l2_evict_last", "ld.global.L1::no_allocate.L2::256B.v2.f32 {%0, %1}, [%2];", "=f =f", "l", memory=True)
s("st_global_v4_f32", "st.global.v4.f32 [%0], {%1, %2, %3, %4};", "", "l f f f f", memory=True)
s("st_release_gpu", "st.release.gpu.global.u32 [%0], %1;", "", "l r", memory=True)
s("st_shared_v2", "st.shared.v2.u32 [%0], {%1, %2};", "", "r r r", memory=True)
s("cvta_to_shared", "cvta.to.shared.u64 %0, %1;", "=l", "l")
s("cvta_shared", "{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }", "=r", "l")
s("isspacep_shared", "{ .reg .pred p; isspacep.shared p, %1; selp.u32 %0, 1, 0, p; }", "=r", "l")
s("prefetch_l2", "prefetch.global.L2 [%0];", "", "l", memory=True)
s("clock64", "mov.u64 %0, %%clock64;", "=l")
s("globaltimer", "mov.u64 %0, %%globaltimer;", "=l")
s("nanosleep", "nanosleep.u32 %0;", "", "r")
s("bar_sync_named", "bar.sync %0, %1;", "", "r r", memory=True)
s("barrier_arrive", "barrier.arrive 1, 64;", memory=True)
s("bar_red_popc", "{ .reg .pred p; setp.ne.u32 p, %1, 0; bar.red.popc.u32 %0, 0, p; }", "=r", "r", memory=True)
s("griddepcontrol", "griddepcontrol.wait;", memory=True)
s("setmaxnreg", "setmaxnreg.inc.sync.aligned.u32 240;", target="sm_90a")
s("getctarank", "getctarank.shared::cluster.u32 %0, %1;", "=r", "r")
s("mapa", "mapa.shared::cluster.u32 %0, %1, %2;", "=r", "r r")

TY = {"h": "u16", "r": "u32", "l": "u64", "f": "f32", "d": "f64"}
print("""// @generated by `tools/generators/real-world/gen.py`: do not edit.
//! More than a hundred inline-PTX statements in the style of real CUDA
//! projects (ldmatrix, mma, wgmma, cp.async, mbarrier, shfl, vote, prmt,
//! fences, atomics, loads and stores), each a `ptx!` call in a function of
//! its own: this file compiling is the test that `ptx!` accepts them. The
//! functions are not run: most need a warp or memory the host does not have.
//! Some use instructions the simulator does not model (wgmma, mapa, ...),
//! which `ptx!` warns of through `deprecated`: expected here.
#![allow(dead_code, unused_assignments, deprecated, clippy::all)]

use ptx::ptx;
""")
names = []
for name, target, asm, outs, ins, memory in S:
    assert name not in names, name
    names.append(name)
    params = []
    args_in = []
    body = []
    for k, c in enumerate(ins):
        if c == "n":
            args_in.append(f'"n"(0u32)')
        else:
            params.append(f"i{k}: {TY[c]}")
            args_in.append(f'"{c}"(i{k})')
    outs_s = []
    for k, c in enumerate(outs):
        ty = TY[c[1]]
        if c[0] == "+":
            body.append(f"    let mut o{k}: {ty} = Default::default();")
        else:
            body.append(f"    let o{k}: {ty};")
        outs_s.append(f'"{c}"(o{k})')
    tgt = f'target = "{target}", ' if target else ""
    vol = "volatile " if not outs else ""
    parts = [f"{tgt}{vol}{asm!r}".replace("'", '"') if False else f'{tgt}{vol}"{asm}"']
    sections = [", ".join(outs_s), ", ".join(args_in)]
    if memory:
        sections.append('"memory"')
    while sections and sections[-1] == "":
        sections.pop()
    call = parts[0] + "".join(f" : {x}" for x in sections)
    body.append(f"    ptx!({call});")
    if outs:
        body.append(f"    ({', '.join(f'o{k}' for k in range(len(outs)))},)")
        ret = f" -> ({', '.join(TY[c[1]] for c in outs)},)"
    else:
        ret = ""
    print(f"/// `{asm}`\npub fn {name}({', '.join(params)}){ret} {{")
    print("\n".join(body))
    print("}\n")
print("/// Every function above, by name.")
print(f"pub const STATEMENTS: [&str; {len(names)}] = [")
for n in names:
    print(f'    "{n}",')
print("];\n")
print("""#[test]
fn more_than_a_hundred_real_world_statements_compile() {
    assert!(STATEMENTS.len() >= 100, "{} statements", STATEMENTS.len());
    let mut names = STATEMENTS.to_vec();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), STATEMENTS.len(), "statement names repeat");
}""")
