import json,re
recs=[json.loads(l) for l in open('forms2.jsonl')]
ALT={"r":["l","f","h"],"l":["r","d"],"f":["r","d"],"d":["l","f"],"h":["r","f"]}
MINE=r'(mma|wgmma|tcgen05|cp|ldmatrix|stmatrix|movmatrix|wmma)\.[\w.:]+\s+([^;]*);'
def top_operands(text):
    out=[];depth=0;cur=''
    for ch in text:
        if ch in '{[': depth+=1
        if ch in '}]': depth-=1
        if ch==',' and depth==0: out.append(cur); cur=''
        else: cur+=ch
    out.append(cur); return out
seen=set(); out=[]
for r in recs:
    if r['form'] in seen: continue
    seen.add(r['form'])
    mt=r['min_target']
    if mt.startswith('sm_120') or mt.startswith('sm_103'): continue
    target='sm_90a' if int(re.sub(r'\D','',mt))<=90 else 'sm_100a'
    asm=r['asm']; cons=r['cons']
    m=re.search(MINE,asm)
    if not m: continue
    for op in top_operands(m.group(2)):
        ph=[int(x) for x in re.findall(r'%(\d+)',op)]
        if not ph: continue
        # first and last element of a vector, the base and a coordinate of an address
        for k in sorted(set([ph[0],ph[-1]])):
            c=cons[k]
            for a in ALT.get(c[-1],[]):
                c2=cons[:]; c2[k]=c[:-1]+a
                out.append({"asm":asm,"cons":c2,"note":"cons %d %s->%s"%(k,c,a),"target":target})
with open('cons.jsonl','w') as f:
    for o in out: f.write(json.dumps(o)+"\n")
print(len(out))
