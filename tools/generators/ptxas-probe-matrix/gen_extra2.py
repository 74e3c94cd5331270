import json
out=[]
def add(asm, cons, note=""): out.append({"asm":asm,"cons":cons,"note":note})
# braces for one-register fragments
add("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0, %1}, %2, %3, {%4, %5};",["=r","=r","r","r","r","r"],"mma no braces 1")
add("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, %6, {%7, %8, %9, %10};",["=f"]*4+["r"]*3+["f"]*4,"mma no braces b")
add("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, %2, %3, {%4, %5};",["=d","=d","d","d","d","d"],"mma f64 no braces")
add("wmma.load.a.sync.aligned.row.m8n8k32.s4 %0, [%1];",["=r","l"],"wmma no braces")
add("wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32 {%0, %1}, %2, %3, {%4, %5};",["=r","=r","r","r","r","r"],"wmma mma no braces")
add("tcgen05.st.sync.aligned.32x32b.x1.b32 [%0], %1;",["r","r"],"tcgen05.st no braces")
add("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9, %10, %11}, {%12, %13, %14, %15}, {%16}, 0;",["=f"]*4+["r"]*8+["f"]*4+["r"],"sp braces e")
# wgmma scale-d immediates
for v in ["0","2","-1","!p","p"]:
    add("{ .reg .pred p; setp.ne.b32 p, %6, 0; wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%0, %1, %2, %3}, %4, %5, "+v+"; }",["+r"]*4+["l","l","r"],"wgmma scale_d "+v)
for k,t,extra in [("k16","tf32.tf32",", 1, 1"),("k64","e4m3.e4m3",", 1, 1"),("k32","bf16.bf16",", 1, 1, 0, 0")]:
    kk={"k16":"m64n8k16","k64":"m64n8k64","k32":"m64n8k32"}[k]
    for sel in [1,2]:
        add("{ .reg .pred p; setp.ne.b32 p, %7, 0; wgmma.mma_async.sp.sync.aligned."+kk+".f32."+t+" {%0, %1, %2, %3}, %4, %5, %6, "+str(sel)+", p"+extra+"; }",["+f"]*4+["l","l","r","r"],"wgmma sp sel "+t)
# tcgen05.mma enable/scale/collector
def tcm(mods, a, extra, note):
    cons=["r"]; d="[%0]"
    if a=='t': av="[%1]"; cons.append("r")
    else: av="%1"; cons.append("l")
    cons+= ["l","r","r"]
    add("{ .reg .pred p; setp.ne.b32 p, %4, 0; tcgen05.mma."+mods+" "+d+", "+av+", %2, %3"+extra+"; }", cons, note)
for v in ["!p","0","2"]:
    tcm("cta_group::1.kind::f16",'d',", "+v,"enable "+v)
tcm("cta_group::1.kind::f8f6f4",'d',", p, 1","f8 scale")
tcm("cta_group::1.kind::f8f6f4",'d',", p, 0","f8 scale 0")
for op in ["fill","lastuse","discard","use"]:
    tcm("cta_group::1.kind::f16.ashift.collector::a::"+op,'t',", p","ashift "+op)
    tcm("cta_group::1.kind::f16.collector::a::"+op+".ashift",'t',", p","ashift after "+op)
tcm("cta_group::1.kind::f16.ashift",'d',", p","ashift desc")
tcm("ws.cta_group::1.kind::f16.collector::a::fill",'d',", p","ws coll a")
tcm("ws.cta_group::2.kind::f16",'d',", p","ws cta2")
tcm("ws.cta_group::1.kind::f16.collector::b2::lastuse",'d',", p, %1","ws zero mask")
tcm("cta_group::1.kind::f16.block_scale",'d',", [%0], [%0], p","f16 block scale")
for kind,vec in [("mxf4","scale_vec::1X"),("mxf4","scale_vec::4X"),("mxf4","block16"),("mxf4nvf4","block32"),("mxf8f6f4","scale_vec::2X"),("mxf8f6f4","block32")]:
    tcm("cta_group::1.kind::"+kind+".block_scale."+vec,'d',", [%0], [%0], p","bs "+kind+" "+vec)
# mma block scale combos (sm_120a)
def bsm(kind, vec, st, shape="m16n8k64", ab="e2m1"):
    cons=["=f"]*4+["r"]*4+["r"]*2+["f"]*4+["r","h","h","r","h","h"]
    add(f"mma.sync.aligned.{shape}.row.col.kind::{kind}.block_scale{vec}.f32.{ab}.{ab}.f32.{st} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, {{%8, %9}}, {{%10, %11, %12, %13}}, {{%14}}, {{%15, %16}}, {{%17}}, {{%18, %19}};", cons, "mma bs")
for vec in ["",".scale_vec::2X",".scale_vec::4X"]:
    for st in ["ue8m0","ue4m3"]:
        bsm("mxf4nvf4",vec,st)
        bsm("mxf4",vec,st)
add("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e3m2.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};",["=f"]*4+["r"]*6+["f"]*4,"f8f6f4 mixed")
# block scale operands as immediates / no braces
add("mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.f32.e2m1.e2m1.f32.ue8m0 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13}, %14, {0, 0}, %15, {0, 0};",["=f"]*4+["r"]*6+["f"]*4+["r","r"],"bs imm ids")
# mma.sp f16 mixed on sm_90 done; plain .sp fp8 f32 on 120a covered by forms
with open('extra2.jsonl','w') as f:
    for o in out: f.write(json.dumps(o)+"\n")
print(len(out))
