import json
out=[]
def add(asm, cons, note=""):
    out.append({"asm":asm,"cons":cons,"note":note})
class R:
    def __init__(s): s.cons=[]
    def v(s,n,c):
        xs=[]
        for _ in range(n):
            xs.append(f"%{len(s.cons)}"); s.cons.append(c)
        return "{"+", ".join(xs)+"}"
    def one(s,c):
        s.cons.append(c); return f"%{len(s.cons)-1}"
def reg(t): return {'f16':'r','f32':'f','s32':'r','f64':'d'}[t]
def mma(op, nd, na, nb, nc, d, c, ab='r', tail=None, note=""):
    r=R()
    ds=r.v(nd,'='+reg(d)); a=r.v(na,ab); b=r.v(nb,ab); cc=r.v(nc,reg(c))
    extra=""
    if tail: extra=tail(r)
    add(f"{op} {ds}, {a}, {b}, {cc}{extra};", r.cons, note)
# 1. mixed accumulators
for shp,na,nb in [("m16n8k16",4,2),("m16n8k8",2,1)]:
    for d,c in [("f32","f16"),("f16","f32")]:
        nd=4 if d=="f32" else 2; nc=4 if c=="f32" else 2
        mma(f"mma.sync.aligned.{shp}.row.col.{d}.f16.f16.{c}",nd,na,nb,nc,d,c,note="mixed acc")
mma("mma.sync.aligned.m8n8k4.row.col.f16.f16.f16.f32",4,2,2,8,"f16","f32",note="m8n8k4 f16<-f32")
for shp,na,nb in [("m16n8k16",2,1),("m16n8k32",4,2)]:
    for d,c in [("f32","f16"),("f16","f32"),("f16","f16"),("f32","f32")]:
        nd=4 if d=="f32" else 2; nc=4 if c=="f32" else 2
        mma(f"mma.sync.aligned.{shp}.row.col.{d}.e4m3.e5m2.{c}",nd,na,nb,nc,d,c,note="fp8 acc")
# sparse mixed
for shp,na,nb in [("m16n8k16",2,2),("m16n8k32",4,4)]:
    for d,c in [("f32","f16"),("f16","f32")]:
        nd=4 if d=="f32" else 2; nc=4 if c=="f32" else 2
        mma(f"mma.sp.sync.aligned.{shp}.row.col.{d}.f16.f16.{c}",nd,na,nb,nc,d,c,tail=lambda r:", "+r.one('r')+", 0",note="sp mixed")
for d in ["f16"]:
    mma(f"mma.sp.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f16",2,4,4,2,"f16","f16",tail=lambda r:", "+r.one('r')+", 0",note="sp fp8 f16")
    mma(f"mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.f16.e4m3.e4m3.f16",2,4,4,2,"f16","f16",tail=lambda r:", "+r.one('r')+", 0",note="sp fp8 f16")
# 2. f64 rounding
for rnd in ["rn","rz","rm","rp"]:
    mma(f"mma.sync.aligned.m8n8k4.row.col.{rnd}.f64.f64.f64.f64",2,1,1,2,"f64","f64",ab='d',note="f64 rnd")
    mma(f"mma.sync.aligned.m16n8k8.row.col.{rnd}.f64.f64.f64.f64",4,4,2,4,"f64","f64",ab='d',note="f64 rnd big")
mma("mma.sync.aligned.m16n8k16.row.col.satfinite.f32.f16.f16.f32",4,4,2,4,"f32","f32",note="satfinite on float")
mma("mma.sync.aligned.m16n8k16.col.row.f32.f16.f16.f32",4,4,2,4,"f32","f32",note="col.row")
mma("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f16",8,2,2,4,"f32","f16",note="m8n8k4 f32<-f16")
# 3. sparse selectors
sp=[("m16n8k16","f32","f16",2,2,4),("m16n8k32","f32","f16",4,4,4),("m16n8k16","f32","bf16",2,2,4),("m16n8k32","f32","bf16",4,4,4),
    ("m16n8k8","f32","tf32",2,2,4),("m16n8k16","f32","tf32",4,4,4),("m16n8k32","s32","s8",2,2,4),("m16n8k64","s32","s8",4,4,4),
    ("m16n8k64","s32","s4",2,2,4),("m16n8k128","s32","s4",4,4,4),("m16n8k64","f32","e4m3",4,4,4)]
for shp,d,t,na,nb,nc in sp:
    for sel in range(5):
        for v in ["sp","sp::ordered_metadata"]:
            mma(f"mma.{v}.sync.aligned.{shp}.row.col.{d}.{t}.{t}.{d}",4,na,nb,nc,d,d,tail=lambda r:", "+r.one('r')+f", {sel}",note="sp sel")
# 4. ldmatrix/stmatrix misc
add("stmatrix.sync.aligned.m16n8.x1.shared.b8 [%0], {%1};",["r","r"],"m16n8 no trans")
add("ldmatrix.sync.aligned.m16n16.x1.shared.b8 {%0, %1}, [%2];",["=r","=r","r"],"m16n16 no trans")
add("ldmatrix.sync.aligned.m16n16.x4.trans.shared.b8 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];",["=r"]*8+["r"],"m16n16 x4")
add("ldmatrix.sync.aligned.m8n16.x1.trans.shared.b8x16.b6x16_p32 {%0}, [%1];",["=r","r"],"m8n16 trans")
add("ldmatrix.sync.aligned.m8n8.x1.shared.b8 {%0}, [%1];",["=r","r"],"m8n8 b8")
add("ldmatrix.sync.aligned.m8n8.x1.global.b16 {%0}, [%1];",["=r","r"],"global")
add("ldmatrix.sync.aligned.m8n8.x1.b16 {%0}, [%1];",["=r","l"],"generic")
add("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];",["=f","r"],"f reg")
add("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;",["=f","r"],"movmatrix f")
add("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], %1;",["r","r"],"no braces")
add("ldmatrix.sync.aligned.m8n8.x1.shared.b16 %0, [%1];",["=r","r"],"no braces")
# 5. wgmma extras
def wg(op, nd, dreg, a, rest, note):
    r=R(); ds=r.v(nd,'+'+dreg)
    if a=='desc': av=r.one('l')
    else: av=r.v(4,'r')
    bd=r.one('l')
    k=len(r.cons); r.cons.append('r')
    add(f"{{ .reg .pred p; setp.ne.b32 p, %{k}, 0; {op} {ds}, {av}, {bd}, {rest}; }}", r.cons, note)
wg("wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8",20,'r','desc',"p","int n40")
wg("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8",4,'r','desc',"1","int scale-d imm")
wg("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",4,'f','desc',"p, 1, 1, 0, 2","trans 2")
wg("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",4,'f','desc',"p, -1, -1, 1, 1","neg scales")
wg("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",4,'f','desc',"p, 1, 1","no trans")
wg("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",4,'f','desc',"!p, 1, 1, 0, 0","neg pred")
wg("wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32",4,'f','desc',"p, 1, 1, 0, 0","tf32 trans")
wg("wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3",4,'f','desc',"p, 1, 1, 0, 0","fp8 trans")
wg("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8",4,'f','desc',"p","int f reg")
wg("wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16",2,'f','desc',"p, 1, 1, 0, 0","f16 acc f reg")
wg("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",4,'r','desc',"p, 1, 1, 0, 0","f32 acc r reg")
wg("wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc",4,'r','desc',"p","b1")
wg("wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.xor.popc",4,'r','desc',"p","b1 xor")
wg("wgmma.mma_async.sync.aligned.m64n40k256.s32.b1.b1.and.popc",20,'r','desc',"p","b1 n40")
for sel in range(5):
    r=R(); ds=r.v(4,'+f'); av=r.one('l'); bd=r.one('l'); meta=r.one('r'); k=len(r.cons); r.cons.append('r')
    add(f"{{ .reg .pred p; setp.ne.b32 p, %{k}, 0; wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {ds}, {av}, {bd}, {meta}, {sel}, p, 1, 1, 0, 0; }}", r.cons, "wgmma sp sel")
    r=R(); ds=r.v(4,'+r'); av=r.one('l'); bd=r.one('l'); meta=r.one('r'); k=len(r.cons); r.cons.append('r')
    add(f"{{ .reg .pred p; setp.ne.b32 p, %{k}, 0; wgmma.mma_async.sp.sync.aligned.m64n8k64.s32.s8.s8 {ds}, {av}, {bd}, {meta}, {sel}, p; }}", r.cons, "wgmma sp sel int")
add("wgmma.wait_group.sync.aligned %0;",["n"],"wait n")
add("wgmma.wait_group.sync.aligned 8;",[],"wait 8")
# 6. cp.reduce.async.bulk op/type matrix
for op in ["and","or","xor","add","inc","dec","min","max"]:
    for t in ["b32","u32","s32","b64","u64","s64","f16","bf16","f32","f64"]:
        add(f"cp.reduce.async.bulk.global.shared::cta.bulk_group.{op}.{t} [%0], [%1], %2;",["l","r","r"],"reduce global")
        add(f"cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.{op}.{t} [%0], [%1], %2, [%3];",["r","r","r","r"],"reduce cluster")
    add(f"cp.reduce.async.bulk.global.shared::cta.bulk_group.{op}.noftz.f16 [%0], [%1], %2;",["l","r","r"],"reduce noftz")
    add(f"cp.reduce.async.bulk.global.shared::cta.bulk_group.{op}.noftz.bf16 [%0], [%1], %2;",["l","r","r"],"reduce noftz")
for op in ["add","min","max","inc","dec","and","or","xor"]:
    add(f"cp.reduce.async.bulk.tensor.3d.global.shared::cta.{op}.im2col_no_offs.bulk_group [%0, {{%2, %3, %4}}], [%1];",["l","r","r","r","r"],"reduce tensor")
# 7. cp.async misc
add("cp.async.ca.shared.global [%0], [%1], 16, !p;",["r","l"],"neg ignore")
add("{ .reg .pred p; setp.ne.b32 p, %2, 0; cp.async.ca.shared.global [%0], [%1], 16, !p; }",["r","l","r"],"neg ignore")
add("cp.async.cg.shared.global [%0], [%1], 8;",["r","l"],"cg 8")
add("cp.async.ca.shared.global [%0], [%1], 2;",["r","l"],"ca 2")
add("cp.async.ca.shared.global [%0], [%1], %2;",["r","l","r"],"size reg")
add("cp.async.ca.shared.global [%0], [%1], %2;",["r","l","n"],"size n")
add("cp.async.ca.shared.global.L2::cache_hint [%0], [%1], 16;",["r","l"],"hint no policy")
add("cp.async.ca.global.shared [%0], [%1], 16;",["r","l"],"reversed spaces")
add("cp.async.ca.shared.global.L2::128B.L2::cache_hint [%0], [%1], 16, %2;",["r","l","l"],"order")
add("cp.async.bulk.global.shared::cluster.bulk_group [%0], [%1], %2;",["l","r","r"],"bulk bad dir")
add("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%0], [%1], %2, [%3];",["r","l","r","r"],"mc no mask")
add("cp.async.bulk.tensor.1d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];",["r","l","r","r"],"1d im2col")
add("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];",["r","l","r","r"],"2d 1 coord")
add("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];",["r","l","h","r","r"],"h coord")
add("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5], {%6};",["r","l","r","r","r","r","r"],"r offset")
add("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.tile [%0], [%1, {%2, %3}], [%4];",["r","l","r","r","r"],"tile after")
add("cp.async.bulk.wait_group.read %0;",["n"],"bulk wait read")
add("cp.async.bulk.prefetch.L2.global.L2::cache_hint [%0], %1;",["l","r"],"prefetch hint no policy")
add("cp.async.mbarrier.arrive.shared.b64 [%0];",["r"],"arrive")
add("cp.async.mbarrier.arrive.noinc.b64 [%0];",["l"],"arrive")
# 8. tcgen05 misc
add("tcgen05.ld.sync.aligned.16x128b.x128.b32 {"+", ".join(f"%{i}" for i in range(256))+"}, [%256];",["=r"]*256+["r"],"too big")
add("tcgen05.ld.sync.aligned.32x32b.x1.b32 {%0}, [%1];",["=r","l"],"l tmem addr")
add("tcgen05.ld.sync.aligned.32x32b.x1.b32 %0, [%1];",["=r","r"],"no braces")
add("tcgen05.ld.sync.aligned.32x32b.x2.pack::16b.b32 {%0, %1}, [%2];",["=r","=r","r"],"pack")
add("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;",["r"],"alloc imm")
add("tcgen05.alloc.cta_group::1.sync.aligned.b32 [%0], %1;",["l","r"],"alloc generic")
add("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;",["r"],"dealloc imm")
add("tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [%0];",["l"],"commit generic")
add("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%0], %1;",["r","r"],"commit mask r")
add("tcgen05.shift.cta_group::1.down [%0];",["r"],"shift")
add("tcgen05.cp.cta_group::1.64x128b [%0], %1;",["r","l"],"cp no mc")
add("tcgen05.cp.cta_group::1.128x256b.warpx4 [%0], %1;",["r","l"],"cp bad mc")
add("tcgen05.cp.cta_group::1.128x256b.b8x16.b6x16_p32 [%0], %1;",["r","l"],"cp fmt")
add("tcgen05.wait::ld.sync.aligned;",[],"wait")
add("tcgen05.fence::before_thread_sync;",[],"fence")
add("tcgen05.fence::after_thread_sync.sync.aligned;",[],"fence sync")
def tcm(mods, a, extra, note):
    r=R(); d=f"[{r.one('r')}]"
    av = f"[{r.one('r')}]" if a=='t' else r.one('l')
    b=r.one('l'); idesc=r.one('r'); k=len(r.cons); r.cons.append('r')
    add(f"{{ .reg .pred p; setp.ne.b32 p, %{k}, 0; tcgen05.mma.{mods} {d}, {av}, {b}, {idesc}{extra}; }}", r.cons, note)
tcm("cta_group::1.kind::f16", 'd', ", p, 16", "scale 16")
tcm("cta_group::1.kind::f16", 'd', ", p, 15", "scale 15")
tcm("cta_group::1.kind::f8f6f4", 'd', ", p, 1", "f8 scale")
tcm("cta_group::1.kind::i8", 'd', ", p, 1", "i8 scale")
tcm("cta_group::1.kind::f16", 'd', ", p, %{}".format(99), "scale reg")  # invalid placeholder on purpose? skip
out.pop()
tcm("cta_group::1.kind::f16.ashift", 'd', ", p", "ashift desc")
tcm("cta_group::1.kind::f16.ashift", 't', ", p", "ashift tmem")
tcm("cta_group::1.kind::f16.collector::a::fill", 'd', ", p", "collector")
tcm("cta_group::1.kind::f16.collector::b0::fill", 'd', ", p", "collector b0")
tcm("cta_group::1.kind::tf32", 't', ", 1", "enable imm")
tcm("cta_group::2.kind::f16", 'd', ", {%9, %10, %11, %12}, p".replace("%9","%9"), "cta2 4 lanes")
tcm("ws.cta_group::1.kind::f16", 'd', ", p", "ws")
tcm("ws.cta_group::2.kind::f16", 'd', ", p", "ws cta2")
tcm("ws.cta_group::1.kind::f16.collector::b0::fill", 'd', ", p", "ws coll")
tcm("ws.cta_group::1.kind::f16.collector::a::fill", 'd', ", p", "ws coll a")
tcm("cta_group::1.kind::mxf8f6f4.block_scale.block32", 'd', ", [%5], [%6], p".replace("[%5]","[%0]").replace("[%6]","[%0]"), "bs block32")
tcm("cta_group::1.kind::mxf4.block_scale.scale_vec::2X", 'd', ", [%0], [%0], p", "bs 2X")
tcm("cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X", 'd', ", [%0], [%0], p", "bs 4X")
tcm("cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::4X", 'd', ", [%0], [%0], p", "bs mxf8 4X")
tcm("cta_group::1.kind::mxf8f6f4.block_scale", 'd', ", [%0], [%0], p", "bs none")
# 9. wmma misc
r=R(); add("wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.u8.s32 "+", ".join([r.v(8,'=r'),r.v(2,'r'),r.v(2,'r'),r.v(8,'r')])+";", r.cons, "wmma mixed int")
r=R(); add("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 "+", ".join([r.v(8,'=f'),r.v(8,'r'),r.v(8,'r'),r.v(8,'f')])+";", r.cons, "wmma f16")
r=R(); add("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16.f16.f32 "+", ".join([r.v(8,'=f'),r.v(8,'r'),r.v(8,'r'),r.v(8,'f')])+";", r.cons, "wmma f16 4 types")
r=R(); add("wmma.load.a.sync.aligned.row.m16n16k16.f16 "+r.v(8,'=r')+", [%8];", r.cons+['l'], "wmma load generic")
r=R(); add("wmma.load.a.sync.aligned.m16n16k16.row.shared.f16 "+r.v(8,'=r')+", [%8], %9;", r.cons+['l','r'], "wmma load order")
r=R(); add("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 "+r.v(8,'=r')+", [%8], 16;", r.cons+['l'], "wmma stride imm")
r=R(); add("wmma.mma.sync.aligned.row.col.m16n16k16.rn.f32.f32 "+", ".join([r.v(8,'=f'),r.v(8,'r'),r.v(8,'r'),r.v(8,'f')])+";", r.cons, "wmma f16 rn")
r=R(); add("wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 "+", ".join([r.v(2,'=d'),r.v(1,'d'),r.v(1,'d'),r.v(2,'d')])+";", r.cons, "wmma f64")
r=R(); add("wmma.mma.sync.aligned.row.row.m8n8k32.s32.s4.s4.s32 "+", ".join([r.v(2,'=r'),r.v(1,'r'),r.v(1,'r'),r.v(2,'r')])+";", r.cons, "wmma s4 row.row")
r=R(); add("wmma.load.a.sync.aligned.col.m8n8k32.s4 "+r.v(1,'=r')+", [%1];", r.cons+['l'], "wmma s4 col")
with open('extra.jsonl','w') as f:
    for o in out: f.write(json.dumps(o)+"\n")
print(len(out))
