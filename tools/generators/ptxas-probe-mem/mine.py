#!/usr/bin/env python3
"""Run the checker with --json over a verdict file or corpus; print disagreements of my families."""
import gzip, json, re, subprocess, sys
import os
# The ptxsim command to run: $PTX_SIM, else the release build of this checkout.
SIM = os.environ.get('PTX_SIM', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../target/release/ptxsim'))
MINE = {'mov','shfl','prmt','ld','ldu','st','cvta','isspacep','prefetch','prefetchu','createpolicy','mapa',
 'getctarank','applypriority','discard','bra','brx','call','ret','exit','bar','barrier','membar','fence','atom',
 'red','redux','activemask','vote','match','mbarrier','elect','griddepcontrol','multimem','clusterlaunchcontrol',
 'tensormap','nanosleep','trap','brkpt','pmevent','setmaxnreg'}
OTHER = {'cvt','mma','wgmma','tcgen05','cp','ldmatrix','stmatrix','movmatrix','wmma'}
path = sys.argv[1]; args = sys.argv[2:]
op = gzip.open if path.endswith('.gz') else open
recs = [json.loads(l) for l in op(path, 'rt')]
out = subprocess.run([SIM,'check',path,'--json']+args, capture_output=True, text=True).stdout.splitlines()
verd = [json.loads(l) for l in out if l.startswith('{')]
assert len(verd) == len(recs), (len(verd), len(recs))
tgt = args[args.index('--target')+1] if '--target' in args else None
npass = nfail = 0
for r, v in zip(recs, verd):
    asm = r.get('asm') or r['template']
    ops = set(re.findall(r'(?:^|[;{}:]\s*)(?:@!?\S+\s+)?([a-z_][a-z0-9_]*)(?=[.\s;])', asm.replace('\n',' ')))
    if not (ops & MINE) or (ops & OTHER): continue
    exp = r.get('ok') if 'ok' in r else r.get('ok_'+tgt)
    if exp is None: continue
    if exp == v['ok']: npass += 1; continue
    nfail += 1
    cons = r.get('cons') or (r['outputs']+r['inputs'])
    print('FAIL', ' '.join(asm.split()), cons)
    print('   ptxas', exp, (r.get('msg') or r.get('msg_'+str(tgt)) or '')[-160:])
    for e in v['errors'][:3]: print('   ours :', e[:200])
print(f'mine: {npass} passed, {nfail} failed')
