"""Round 3: golden-style forms of my families, with exhaustive mutations."""
import re
B3 = []
def b(asm, cons): B3.append((asm, list(cons)))
M = "0xffffffff"
for s in ["%%clock","%%warpid","%%nwarpid","%%smid","%%nsmid","%%tid.x","%%tid.y","%%ntid.x","%%ctaid.x","%%nctaid.y","%%gridid","%%lanemask_ge","%%dynamic_smem_size","%%total_smem_size","%%clock_hi","%%globaltimer_lo"]:
    b(f"mov.u32 %0, {s};", ["=r"])
for s in ["%%clock64","%%globaltimer","%%gridid"]:
    b(f"mov.u64 %0, {s};", ["=l"])
b("mov.b32 %0, %1;", ["=r","r"]); b("mov.b64 %0, %1;", ["=l","l"]); b("mov.f32 %0, %1;", ["=f","f"]); b("mov.b16 %0, %1;", ["=h","h"])
b("mov.b32 %0, 0f3F800000;", ["=f"]); b("mov.u32 %0, 42;", ["=r"]); b("mov.b32 %0, {%1, 0};", ["=r","h"])
b("mov.b64 %0, {%1, %2};", ["=d","r","r"]); b("mov.b64 {%0, %1}, %2;", ["=r","=r","d"]); b("mov.b32 {%0, %1}, %2;", ["=h","=h","f"])
for m in ["up","down","bfly","idx"]:
    b(f"shfl.sync.{m}.b32 %0, %1, %2, %3, {M};", ["=f","f","r","r"])
    b(f"shfl.sync.{m}.b32 %0, %1, 2, 0x1f, %2;", ["=r","r","r"])
b(f"shfl.sync.idx.b32 %0, %1, %2, 0x1c1f, {M};", ["=r","r","r"])
for mode in ["f4e","b4e","rc8","ecl","ecr","rc16"]:
    b(f"prmt.b32.{mode} %0, %1, %2, 1;", ["=r","r","r"])
b("prmt.b32 %0, %1, 0, 0x0123;", ["=r","r"])
for m in ["all","any","uni"]:
    b("{ .reg .pred p, q; setp.ne.u32 p, %%1, 0; vote.sync.%s.pred q, p, %%2; selp.u32 %%0, 1, 0, q; }" % m, ["=r","r","r"])
b("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }", ["=r","r","r"])
b(f"match.any.sync.b64 %0, %1, %2;", ["=r","l","r"]); b(f"match.any.sync.b32 %0, %1, {M};", ["=r","f"])
b("{ .reg .pred p; match.all.sync.b64 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }", ["=r","=r","l","r"])
for op in ["add.s32","min.u32","max.s32","and.b32","or.b32","xor.b32"]:
    b(f"redux.sync.{op} %0, %1, %2;", ["=r","r","r"])
b("activemask.b32 %0;", ["=r"]); b("bar.warp.sync %0;", ["r"]); b("bar.warp.sync 0xffffffff;", [])
b("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }", ["=r","=r","r"])
b("nanosleep.u32 %0;", ["r"]); b("membar.cta;", []); b("fence.acq_rel.gpu;", []); b("fence.sc.cta;", []); b("bar.sync 0;", []); b("barrier.sync.aligned 0;", [])
# shared-memory forms
for t, c in [("b32","r"),("u32","r"),("s32","r"),("f32","f"),("b16","h"),("u16","h"),("u8","h"),("s8","r"),("b64","l"),("u64","l"),("f64","d")]:
    b(f"ld.shared.{t} %0, [%1];", ["="+c,"r"]); b(f"st.shared.{t} [%0], %1;", ["r",c])
b("ld.shared.v2.b32 {%0, %1}, [%2];", ["=r","=r","r"]); b("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];", ["=r","=r","=r","=r","r"])
b("st.shared.v2.b32 [%0], {%1, %2};", ["r","r","r"]); b("st.shared.v4.f32 [%0], {%1, %2, %3, %4};", ["r","f","f","f","f"])
b("ld.shared.b128 %0, [%1];", ["=q","r"]); b("ld.volatile.shared.u32 %0, [%1];", ["=r","r"]); b("ld.shared.u32 %0, [%1+4];", ["=r","r"])
for op, t, c in [("add","u32","r"),("add","s32","r"),("add","f32","f"),("min","s32","r"),("max","u32","r"),("exch","b32","r"),("and","b32","r"),("or","b32","r"),("xor","b32","r"),("inc","u32","r"),("dec","u32","r"),("add","u64","l"),("exch","b64","l")]:
    b(f"atom.shared.{op}.{t} %0, [%1], %2;", ["="+c,"r",c]); b(f"red.shared.{op}.{t} [%0], %1;", ["r",c]) if op != "exch" else None
b("atom.shared.cas.b32 %0, [%1], %2, %3;", ["=r","r","r","r"]); b("atom.shared.cas.b64 %0, [%1], %2, %3;", ["=l","r","l","l"])
b("atom.shared.add.noftz.f16x2 %0, [%1], %2;", ["=r","r","r"]); b("atom.shared.add.noftz.f16 %0, [%1], %2;", ["=h","r","h"])
b("atom.relaxed.cta.shared.add.u32 %0, [%1], %2;", ["=r","r","r"]); b("atom.acquire.gpu.shared.exch.b32 %0, [%1], %2;", ["=r","r","r"])
b("ld.global.u32 %0, [%1];", ["=r","l"]); b("st.global.f32 [%0], %1;", ["l","f"]); b("atom.global.add.u32 %0, [%1], %2;", ["=r","l","r"]); b("ld.global.nc.f32 %0, [%1];", ["=f","l"])
b("cvta.to.shared.u64 %0, %1;", ["=l","l"]); b("{ .reg .pred p; isspacep.shared p, %1; selp.u32 %0, 1, 0, p; }", ["=r","l"])
B3[:] = [x for x in B3 if x is not None]
TYPES = [".s16",".u16",".s32",".u32",".s64",".u64",".b16",".b32",".b64",".f16",".f32",".f64",".bf16",".f16x2",".pred",".s8",".u8",".b8"]
MODS = [".sat",".ftz",".rn",".rz",".rm",".approx",".wide",".hi",".lo",".cc",".sync",".aligned",".shared",".global",".trans",".x4",".relu",".NaN",".uni",".full",".rni",".satfinite",".clamp"]
def all_mutations(asm, cons, split_main, base_mut):
    out = list(base_mut(asm, cons))
    sp = split_main(asm)
    if sp:
        pre, op, rest = sp
        parts = op.split("."); base, mods = parts[0], ["." + p for p in parts[1:]]
        for md in MODS:
            for i in range(len(mods) + 1):
                out.append(("add_mod", pre + base + "".join(mods[:i] + [md] + mods[i:]) + rest, cons))
    return out
