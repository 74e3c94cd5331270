import json, subprocess, sys
import os
# The ptxsim command to run: $PTX_SIM, else the release build of this checkout.
SIM = os.environ.get('PTX_SIM', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../target/release/ptxsim'))
tgt = sys.argv[1] if len(sys.argv) > 1 else 'sm_90'
lines = [l.rstrip('\n').split('|') for l in open('/tmp/memtools/msgs.txt') if l.strip()]
with open('/tmp/memtools/msgs.jsonl','w') as f:
    for asm, cons in lines:
        f.write(json.dumps({"asm": asm, "cons": [c for c in cons.split(',') if c]}) + "\n")
out = subprocess.run([SIM,'check','/tmp/memtools/msgs.jsonl','--json','--target',tgt],capture_output=True,text=True).stdout.splitlines()
for (asm, cons), l in zip(lines, out):
    v = json.loads(l)
    print(asm, '=>', 'OK' if v['ok'] else v['errors'][0][:300])
