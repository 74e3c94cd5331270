"""Round 2 probe bases."""
B2 = []
def b(asm, cons): B2.append((asm, list(cons)))
P1 = "{ .reg .pred p; %s; selp.u32 %%0, 1, 0, p; }"
# oversize and odd immediates
for t, c, v in [("u16","h","70000"),("u16","h","-40000"),("s16","h","40000"),("u32","r","4294967296"),("u32","r","-2147483649"),("b32","r","0x1ffffffff"),("u64","l","0x1ffffffffffffffff")]:
    b(f"mov.{t} %0, {v};", ["="+c]); b(f"add.{t} %0, %1, {v};", ["="+c, c])
b("st.global.u8 [%0], 300;", ["l"]); b("st.global.u16 [%0], 70000;", ["l"]); b("st.global.u32 [%0], 4294967296;", ["l"])
b("shfl.sync.idx.b32 %0, %1, 0x1ffffffff, 0x1f, 0xffffffff;", ["=r","r"]); b("prmt.b32 %0, %1, %2, 0x1ffffffff;", ["=r","r","r"])
b("bar.sync 0x100000000;", []); b("nanosleep.u32 0x1ffffffff;", [])
b("mov.b64 %0, 1.5;", ["=l"]); b("mov.b16 %0, 0f3F800000;", ["=h"]); b("mov.b64 %0, 0f3F800000;", ["=l"])
b(P1 % "mov.pred p, 2", ["=r"]); b(P1 % "mov.pred p, -1", ["=r"])
b("{ .reg .pred q; vote.sync.any.pred q, 2, 0xffffffff; selp.u32 %0, 1, 0, q; }", ["=r"])
b("{ .reg .pred p; setp.ne.and.u32 p, %1, 0, 1; selp.u32 %0, 1, 0, p; }", ["=r","r"]); b("selp.u32 %0, %1, %2, 1;", ["=r","r","r"])
b("{ .reg .pred q; setp.ne.u32 q, %1, 0; bar.red.and.pred q, 0, 1; selp.u32 %0, 1, 0, q; }", ["=r","r"])
# elect / pair forms
b("{ .reg .pred p; elect.sync %0|p, 0xffffffff; selp.u32 %1, 1, 0, p; }", ["=r","=r"]); b("elect.sync %0, 0xffffffff;", ["=r"]); b("elect.sync _, 0xffffffff;", [])
b("{ .reg .pred p; shfl.sync.idx.b32 %0|_, %1, 0, 0x1f, 0xffffffff; }", ["=r","r"])
b("{ .reg .pred p; match.all.sync.b32 %0|_, %1, 0xffffffff; }", ["=r","r"])
# variable addresses
for ins in ["cvta.shared.u64 %0, sv+8;", "cvta.shared.u64 %0, sv-8;", "mapa.shared::cluster.u64 %0, sv+8, %1;", "mov.u64 %0, sv+0;", "mov.u32 %0, sv+8;", "cvta.to.shared.u64 %0, sv;", "mov.f32 %0, sv;", "mov.u64 %0, sv[8];", "ld.shared.u32 %1, [sv+8];", "ld.shared.u32 %1, sv[2];", "ld.shared.u32 %1, [sv];", "st.shared.u32 [sv+4], %1;", "atom.shared.add.u32 %1, [sv], 1;", "mbarrier.init.shared.b64 [sv], 1;", "ld.u32 %1, [sv];", "ld.global.u32 %1, [sv];"]:
    cons = ["=l"] if "u64 %0" in ins else (["=f"] if "f32" in ins else ["=r"])
    cons = cons + (["r"] if "%1" in ins and "%1," not in ins.split()[1] else [])
    if ins.startswith(("ld","atom")): cons = ["=l","=r"]
    if ins.startswith("st.") : cons = ["=l","r"]
    if ins.startswith("mbarrier"): cons = ["=l"]
    b("{ .shared .align 8 .b8 sv[64]; %s }" % ins, cons)
# call / ret forms inside blocks
b("{ .reg .b32 t; call.uni (t), vprintf_missing, (%1); }", ["=r","r"])
# misc modifier orders
for s_ in ["barrier.cta.red.popc.u32 %0, 0, q;", "barrier.red.cta.popc.u32 %0, 0, q;", "bar.red.u32.popc %0, 0, q;", "barrier.red.popc.u32.aligned %0, 0, q;", "bar.cta.red.popc.u32 %0, 0, q;"]:
    b("{ .reg .pred q; setp.ne.u32 q, %1, 0; " + s_ + " }", ["=r","r"])
for s_ in ["mbarrier.expect_tx.arrive.shared::cta.b64 %0, [%1], %2;", "mbarrier.arrive.relaxed.expect_tx.cta.shared::cta.b64 %0, [%1], %2;", "mbarrier.shared::cta.arrive.b64 %0, [%1];", "mbarrier.arrive.b64.shared::cta %0, [%1];",
           "mbarrier.arrive.noComplete.release.cta.shared::cta.b64 %0, [%1], %2;", "mbarrier.arrive.noComplete.relaxed.cta.shared::cta.b64 %0, [%1], %2;", "mbarrier.arrive.noComplete.release.cluster.shared::cta.b64 %0, [%1], %2;"]:
    b(s_, ["=l","r","r"][:len(set(__import__('re').findall(r'%\d', s_)))])
for s_ in ["multimem.relaxed.sys.ld_reduce.global.add.u32 %0, [%1];", "multimem.ld_reduce.global.acc::f32.add.v2.f16x2 {%0, %2}, [%1];", "multimem.ld_reduce.global.add.acc::f32.v4.f16 {%0, %2, %3, %4}, [%1];", "multimem.ld_reduce.global.min.v4.f16 {%0, %2, %3, %4}, [%1];", "multimem.red.global.min.v4.f16 [%1], {%0, %2, %3, %4};", "multimem.red.global.min.v2.bf16x2 [%1], {%0, %2};", "multimem.ld_reduce.global.add.acc::f16.v4.e4m3x4 {%0, %2, %3, %4}, [%1];", "multimem.ld_reduce.global.add.v8.e4m3x2 {%0, %2, %3, %4, %5, %6, %7, %8}, [%1];", "multimem.ld_reduce.global.add.e5m2 %0, [%1];", "multimem.st.global.v4.e5m2x4 [%1], {%0, %2, %3, %4};", "multimem.ld_reduce.global.max.e4m3x4 %0, [%1];", "multimem.ld_reduce.global.add.acc::f32.bf16x2 %0, [%1];", "multimem.ld_reduce.global.add.acc::f16.f16x2 %0, [%1];"]:
    n = len(set(__import__('re').findall(r'%\d', s_)))
    cons = (["=r"] if "ld_reduce" in s_ else ["r"]) + ["l"] + (["=r"] if "ld_reduce" in s_ else ["r"]) * (n - 2)
    if "f16 {" in s_ or ".f16 [" in s_: cons = [c.replace("r","h") if c != "l" else c for c in cons]
    b(s_, cons)
for s_ in ["fence.proxy.async.global.shared::cta;", "fence.proxy.async.generic;", "fence.proxy.alias.async;", "fence.sc.gpu.sc;", "fence.gpu.acq_rel;", "fence.proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster.shared::cta;", "membar.proxy.alias.alias;", "fence.proxy.tensormap::generic.release.shared::cta.gpu;"]:
    b(s_, [])
for s_ in ["ld.global.nc.L2::cache_hint.v2.u32 {%0, %1}, [%2], %3;", "ld.global.nc.L1::evict_last.L2::256B.b128 %0, [%2];", "ld.global.relaxed.gpu.L1::no_allocate.L2::cache_hint.u32 %0, [%2], %3;", "st.global.relaxed.gpu.L1::no_allocate.L2::cache_hint.u32 [%2], %0, %3;", "st.global.L1::evict_last.cs.u32 [%2], %0;", "st.shared.L1::evict_last.u32 [%1], %0;", "st.local.L2::cache_hint.u32 [%2], %0, %3;", "st.volatile.global.L1::evict_last.u32 [%2], %0;", "ld.volatile.global.L1::evict_last.u32 %0, [%2];", "ld.const.L1::evict_last.u32 %0, [%2];", "ld.param.L2::64B.u32 %0, [%2];", "ld.global.lu.L2::128B.u32 %0, [%2];", "ld.weak.global.L1::evict_last.L2::cache_hint.u32 %0, [%2], %3;", "ld.shared::cluster.v2.b64 {%0, %1}, [%4];"]:
    n = set(__import__('re').findall(r'%\d', s_))
    cons = {"%0":"=r","%1":"=r","%2":"l","%3":"l","%4":"r"}
    if s_.startswith("st"): cons = {"%0":"r","%1":"r","%2":"l","%3":"l"}
    if "b128" in s_: cons["%0"] = "=q"
    if "b64 {" in s_: cons["%0"] = "=l"; cons["%1"] = "=l"
    ks = sorted(n)
    b(s_.replace("%2", "%" + str(ks.index("%2")) if "%2" in ks else "%2"), [cons[k] for k in ks]) if False else b(s_, [cons.get(f"%{i}", "r") for i in range(max(int(k[1:]) for k in ks) + 1)])
# atom / red orders and odd forms
for s_ in ["atom.add.global.u32 %0, [%1], %2;", "atom.global.add.relaxed.gpu.u32 %0, [%1], %2;", "atom.sys.acq_rel.global.add.u32 %0, [%1], %2;", "atom.acquire.global.add.u32 %0, [%1], %2;", "atom.cta.global.add.u32 %0, [%1], %2;", "atom.global.cas.relaxed.gpu.b32 %0, [%1], %2, %2;", "atom.global.exch.b128 %0, [%1], %3;", "atom.global.cas.b128 %0, [%1], %3, %3;", "atom.shared::cluster.cas.b16 %4, [%2], %4, %4;", "red.acquire.gpu.global.add.u32 [%1], %2;", "red.gpu.global.add.u32 [%1], %2;", "atom.global.add.noftz.f32 %0, [%1], %2;", "atom.global.add.noftz.relaxed.gpu.bf16x2 %0, [%1], %2;", "atom.global.inc.b32 %0, [%1], %2;", "red.global.add.f64 [%1], %5;", "atom.global.max.f32 %0, [%1], %2;"]:
    b(s_, ["=r","l","r","=q","=h","d"][:max(int(k[1:]) for k in __import__('re').findall(r'%\d', s_)) + 1])
B2[:] = [x for x in B2 if x is not None]
