import json,re
recs=[json.loads(l) for l in open('forms2.jsonl')]
seen_form=set(); out=[]; keys=set()
MINE=r'(mma|wgmma|tcgen05|cp|ldmatrix|stmatrix|movmatrix|wmma)\.[\w.:]+'
for r in recs:
    if r['form'] in seen_form: continue
    seen_form.add(r['form'])
    mt=r['min_target']
    if mt.startswith('sm_120') or mt.startswith('sm_103'): continue
    sm=int(re.sub(r'\D','',mt))
    target='sm_90a' if sm<=90 else 'sm_100a'
    asm=r['asm']
    m=re.search(MINE,asm)
    if not m: continue
    op=m.group(0); parts=op.split('.')
    base,mods=parts[0],parts[1:]
    def emit(newmods,kind):
        a=asm[:m.start()]+'.'.join([base]+newmods)+asm[m.end():]
        k=(a,tuple(r['cons']))
        if k in keys or a==asm: return
        keys.add(k)
        out.append({"asm":a,"cons":r['cons'],"note":kind,"target":target})
    for i in range(len(mods)-1):
        x=mods[:]; x[i],x[i+1]=x[i+1],x[i]; emit(x,'swap')
    for i in range(len(mods)):
        emit(mods[:i+1]+[mods[i]]+mods[i+1:],'dup')
        emit(mods[:i]+mods[i+1:],'drop')
with open('mut.jsonl','w') as f:
    for o in out: f.write(json.dumps(o)+"\n")
print(len(out))
