"""Records ptxas's verdict, for sm_90a, on each `constraints|asm` line of a
cases file, as the JSON lines of ptx-tools/tests/data/ptxas-probe-reported.jsonl:

    PTXAS=/path/to/ptxas python3 record.py cases.txt > ../../../ptx-tools/tests/data/ptxas-probe-reported.jsonl

Each operand becomes a register of the type nvcc 13.0 declares for its
constraint.
"""
import json, os, re, subprocess, sys
# ptxas 13.0 (pip install nvidia-cuda-nvcc==13.0.88 puts it in nvidia/cu13/bin).
PTXAS = os.environ.get('PTXAS', 'ptxas')
REG = {'r': ('.b32', 'r'), 'f': ('.f32', 'f'), 'l': ('.b64', 'rd'), 'h': ('.b16', 'h'), 'd': ('.f64', 'fd')}
cases = [l.rstrip('\n') for l in open(sys.argv[1]) if '|' in l]
for line in cases:
    cons_s, asm = line.split('|', 1)
    asm = asm.replace('\\t', '\t')
    cons = cons_s.split()
    decls, names = [], []
    for k, c in enumerate(cons):
        ty, p = REG[c.lstrip('=+')]
        decls.append(f'.reg {ty} %{p}_{k};')
        names.append(f'%{p}_{k}')
    body = re.sub(r'%(\d+)', lambda m: names[int(m.group(1))], asm.replace('%%', '\x00')).replace('\x00', '%')
    ptx = f""".version 8.8
.target sm_90a
.address_size 64
.visible .entry k()
{{
{chr(10).join(decls)}
{body}
ret;
}}
"""
    open('x.ptx', 'w').write(ptx)
    r = subprocess.run([PTXAS, '-arch=sm_90a', 'x.ptx', '-o', '/dev/null'], capture_output=True, text=True)
    msg = ' '.join(l.split(';', 1)[-1].strip() for l in r.stderr.splitlines() if 'error' in l)
    print(json.dumps({"asm": asm, "cons": cons, "ok": r.returncode == 0, "msg": msg, "kind": "reported"}))
