#!/usr/bin/env python3
"""Compare the checker with the probe verdicts. usage: cmp.py TARGET [filter-substring] [--all]"""
import json, re, subprocess, sys, collections
import os
# The ptxsim command to run: $PTX_SIM, else the release build of this checkout.
SIM = os.environ.get('PTX_SIM', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../target/release/ptxsim'))
tgt = sys.argv[1]
flt = sys.argv[2] if len(sys.argv) > 2 and not sys.argv[2].startswith('--') else None
path = f'/tmp/memtools/res/probe_{tgt}.jsonl' if not tgt.startswith('r2_') else f'/tmp/memtools/res/probe_{tgt}.jsonl'
recs = [json.loads(l) for l in open(path)]
out = subprocess.run([SIM, 'check', path, '--json', '--target', tgt.replace('r2_','').replace('r3_','')], capture_output=True, text=True).stdout.splitlines()
verd = [json.loads(l) for l in out if l.startswith('{')]
assert len(verd) == len(recs)
groups = collections.defaultdict(list)
npass = 0
for r, v in zip(recs, verd):
    if flt and flt not in r['asm']: continue
    if r['ok'] == v['ok']: npass += 1; continue
    m = re.search(r'(?:^|[;{]\s*)(?:@!?\S+\s+)?(?!setp|selp|\.reg)([a-z_]+)(?:\.([\w:]+))?', r['asm'])
    key = (m.group(1) if m else '?')
    groups[key].append((r, v))
tot = sum(len(g) for g in groups.values())
print(f'{tgt}: {npass} agree, {tot} disagree')
for k, g in sorted(groups.items(), key=lambda x: -len(x[1])):
    print(f'== {k}: {len(g)}')
    lim = 1000 if '--all' in sys.argv else 12
    for r, v in g[:lim]:
        print(f"  [{r.get('kind','')}] ptxas={r['ok']} {' '.join(r['asm'].split())}  {r['cons']}")
        if r['msg']: print('       ptxas:', r['msg'][:150])
        for e in v['errors'][:2]: print('       ours :', e[:170])
