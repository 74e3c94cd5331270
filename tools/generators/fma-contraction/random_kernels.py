#!/usr/bin/env python3
"""Random kernels that mix mul, add, sub, fma, neg and mov, to test the
contraction rules of `ptx-sim/src/kernel/fma_fusion.rs` against ptxas broadly.

    python3 tools/generators/fma-contraction/random_kernels.py ptx-sim/tests/data/contractions

writes `random-<kind>.ptx.gz` there (the same files every time: the seeds are
fixed; a second argument, 1, 2, ..., picks other seeds), 100 kernels each:

* straight: straight-line .f32 code (a few .f64);
* types: straight-line code of .f64, .f16, .f16x2, .bf16, .bf16x2 and .f32
  (.f16 and .bf16 code is a chain of mul, add, sub and fma, each reading the
  value of the one before, so that ptxas cannot pair two of them into one
  packed instruction);
* modifiers: .f32, .f64, .f16 and .f16x2 with rounding modifiers, `.ftz`,
  `.sat` (on registers only: ptxas knows the range of a saturated value and
  folds what it decides) and immediates;
* branchy: .f32 code in if/else blocks, with guarded instructions, loops
  (`.pragma "nounroll"`: ptxas fuses across the iterations of a loop it
  unrolls, which the rules do not model; and computing from the iteration's
  number: ptxas moves code that every iteration computes alike out of the
  loop, which they do not model either, nvcc having done it before) and
  barriers (`membar`, `div.rn`).

Each kernel loads its inputs from its pointer parameter, computes over a
handful of registers (a register is sometimes written again), and stores
every value nothing reads and, now and then, another, so that most products
are read only by arithmetic. It avoids what ptxas rewrites beyond contraction,
which would blur the counts: two instructions computing the same thing (ptxas
computes it once), multiplication by 2.0 (`fma(x, 2, -x)` becomes `x`) and
`mul.sat`/`mul.ftz` by ±1.0.
"""
import gzip
import os
import random
import sys

KINDS = {'straight': 1, 'types': 2, 'modifiers': 3, 'branchy': 4}
KERNELS = 100

TYPES = {
    # type: (register declaration, register prefix, load/store type, bytes, immediates)
    'f32': ('.f32', '%f', 'f32', 4, ['0f40400000', '0f40A00000', '0f3F800000', '0fBF800000']),
    'f64': ('.f64', '%fd', 'f64', 8, ['0d4008000000000000', '0d4014000000000000',
                                     '0d3FF0000000000000', '0dBFF0000000000000']),
    'f16': ('.b16', '%h', 'b16', 2, []),
    'bf16': ('.b16', '%h', 'b16', 2, []),
    'f16x2': ('.b32', '%r', 'b32', 4, []),
    'bf16x2': ('.b32', '%r', 'b32', 4, []),
}
UNITS = {'0f3F800000', '0fBF800000', '0d3FF0000000000000', '0dBFF0000000000000'}


class Kernel:
    """One kernel being written: its lines and the values it has computed."""

    def __init__(self, rng, name, ty, options):
        self.rng, self.name, self.ty, self.options = rng, name, ty, options
        _, self.prefix, self.mem, self.size, self.immediates = TYPES[ty]
        self.lines = []
        self.inputs = [f'{self.prefix}{i}' for i in range(1, 7)]
        self.pool = list(self.inputs)
        self.next_reg = 10
        self.stores = 0
        self.labels = 0
        # Each register's value, as a name that two registers share only when
        # they hold the same value, and the values computed so far by what
        # computed them: ptxas computes the same thing once, so the kernel never
        # computes it twice.
        self.value = {r: (r, False) for r in self.inputs}
        self.computed = {}
        self.fresh_values = 0
        self.written = set()
        self.redefine = True
        self.divisions = 0
        # ptxas pairs two independent .f16 (.bf16) operations into one packed
        # instruction, which would blur the counts: there each arithmetic
        # instruction reads the one before and writes a register of its own
        self.chain = ty in ('f16', 'bf16')
        if self.chain:
            self.redefine = False

    def fresh(self):
        """A new value's name."""
        self.fresh_values += 1
        return f'v{self.fresh_values}'

    def register(self, guarded=False):
        """The register an instruction writes: mostly a new one."""
        # a guarded write goes to a register already written, which keeps its value otherwise
        if (guarded or (self.redefine and self.rng.random() < 0.12)) and len(self.pool) > 8:
            return self.rng.choice(self.pool[6:])
        r = f'{self.prefix}{self.next_reg}'
        self.next_reg += 1
        return r

    def pick(self):
        """A register to read, mostly one written lately."""
        recent = self.pool[-6:]
        return self.rng.choice(recent) if self.rng.random() < 0.7 else self.rng.choice(self.pool)

    def operand(self, op):
        """A source operand of op: a register, now and then an immediate."""
        if self.immediates and self.rng.random() < self.options.get('immediates', 0.05):
            # fma(1.0, x, y) is an add to ptxas
            return self.rng.choice([i for i in self.immediates if op != 'fma' or i not in UNITS])
        return self.pick()

    def modifiers(self, op):
        """Rounding, ftz and sat modifiers for op, as the options allow."""
        o, rng, mods = self.options, self.rng, ''
        half = self.ty in ('f16', 'f16x2', 'bf16', 'bf16x2')
        if op == 'fma':
            mods += '.rn'
        elif rng.random() < o.get('rounding', 0):
            mods += '.rn' if half else rng.choice(['.rn', '.rz', '.rm', '.rp'])
        if self.ty in ('f32', 'f16', 'f16x2') and rng.random() < o.get('ftz', 0):
            mods += '.ftz'
        if self.ty in ('f32', 'f16', 'f16x2') and op != 'neg' and rng.random() < o.get('sat', 0):
            mods += '.sat'
        if op == 'neg':
            mods = '.ftz' if '.ftz' in mods else ''
        return '' if op == 'mov' else mods

    def signed(self, operand):
        """An operand's value as (name, negated); an immediate is named by its magnitude."""
        if not operand.startswith('%'):
            negative = operand[2] in '89ABCDEF'
            magnitude = f'{operand[:2]}{int(operand[2], 16) & 7:X}{operand[3:]}'
            return (magnitude, negative)
        return self.value.get(operand, (operand, False))

    def keys(self, op, mods, args):
        """What ptxas would take for the same computation as op on args (up to
        the sign of the result: it folds negations into operands)."""
        v = [self.signed(a) for a in args]
        flip = lambda x: (x[0], not x[1])
        if op == 'mul':
            return [(op, mods, tuple(sorted([v[0][0], v[1][0]])))]
        if op in ('add', 'sub'):
            b = flip(v[1]) if op == 'sub' else v[1]
            pair = tuple(sorted([v[0], b]))
            return [('add', mods, pair), ('add', mods, tuple(sorted(map(flip, pair))))]
        if op == 'fma':
            sign = v[0][1] != v[1][1]
            names = tuple(sorted([v[0][0], v[1][0]]))
            return [(op, mods, names, sign, v[2]), (op, mods, names, not sign, flip(v[2]))]
        return []

    def choose(self, op, mods):
        """Operands for op that compute nothing computed before, or None."""
        sources = {'mul': 2, 'add': 2, 'sub': 2, 'fma': 3, 'neg': 1, 'mov': 1}[op]
        for _ in range(20):
            args = [self.pick()] if op in ('neg', 'mov') else \
                [self.operand(op) for _ in range(sources)]
            if self.chain and len(self.pool) > 6:
                args[self.rng.randrange(len(args))] = self.pool[-1]
            if sum(not a.startswith('%') for a in args) > 1:
                continue
            if op == 'mul' and any(a in UNITS for a in args) and ('.sat' in mods or '.ftz' in mods):
                continue
            # ptxas knows the range of a saturated value and folds what it decides
            if '.sat' in mods and not all(a.startswith('%') for a in args):
                continue
            keys = self.keys(op, mods, args)
            if not any(k in self.computed for k in keys):
                return args, keys
        return None

    def instruction(self, guard=''):
        """Writes one random instruction (or none, if it would compute nothing new)."""
        rng = self.rng
        op = rng.choices(['mul', 'add', 'sub', 'fma', 'neg', 'mov', 'st'],
                         [40, 22, 12, 8, 0, 0, 0] if self.chain else [40, 22, 12, 8, 7, 4, 3])[0]
        if op == 'st':
            self.store(self.pick())
            return
        mods = self.modifiers(op)
        chosen = self.choose(op, mods)
        if chosen is None or (guard and len(self.pool) <= 8):
            return
        args, keys = chosen
        dest = self.register(guarded=bool(guard))
        unit = [a for a in args if a in UNITS] if op == 'mul' and mods == '' else []
        if op in ('mov', 'neg') and not guard and '.ftz' not in mods:
            name, negated = self.signed(args[0])
            self.value[dest] = (name, negated != (op == 'neg'))
        elif unit and not guard:
            # x * 1.0 is x and x * -1.0 is -x to ptxas
            name, negated = self.signed([a for a in args if a not in UNITS][0])
            self.value[dest] = (name, negated != unit[0].startswith(('0fB', '0dB')))
        else:
            self.value[dest] = (self.fresh(), False)
            for k in keys:
                self.computed[k] = dest
        self.written.add(dest)
        ty = self.ty
        if op == 'mov':
            ty = {'f16': 'b16', 'bf16': 'b16', 'f16x2': 'b32', 'bf16x2': 'b32'}.get(ty, ty)
            ty = 'b32' if ty == 'f32' and rng.random() < 0.3 else ty
        self.lines.append(f'{guard}{op}{mods}.{ty} {dest}, {", ".join(args)};')
        if dest not in self.pool:
            self.pool.append(dest)

    def store(self, value):
        """Stores a register to the next output slot."""
        self.lines.append(f'st.global.{self.mem} [%rd2+{1024 + self.size * self.stores}], {value};')
        self.stores += 1

    def label(self):
        """A new label."""
        self.labels += 1
        return f'$L_{self.name}_{self.labels}'

    def straight(self, n):
        """n instructions in a row."""
        for _ in range(n):
            self.instruction()

    def arm(self, n, pool):
        """n instructions on one side of a branch; what they first write is not read after it."""
        self.straight(n)
        self.pool = list(pool)

    def join(self):
        """Where paths meet, a register written on one of them holds a new value."""
        for r in self.written:
            self.value[r] = (self.fresh(), False)

    def branchy(self, n):
        """About n instructions in random shapes of code."""
        rng = self.rng
        while n > 0:
            shape = rng.choices(['plain', 'if', 'ifelse', 'guard', 'loop', 'barrier'],
                                [40, 15, 10, 15, 8, 6])[0]
            k = rng.randint(1, 5)
            n -= k
            self.written = set()
            if shape == 'plain':
                self.straight(k)
            elif shape == 'guard':
                self.lines.append(f'setp.lt.u32 %p1, %q1, {rng.randint(1, 9)};')
                for _ in range(k):
                    self.instruction(guard=rng.choice(['@%p1 ', '@!%p1 ', '']))
            elif shape in ('if', 'ifelse'):
                skip, done, pool = self.label(), self.label(), list(self.pool)
                self.lines.append(f'setp.lt.u32 %p2, %q2, {rng.randint(1, 9)};')
                self.lines.append(f'@%p2 bra {skip};')
                self.arm(k, pool)
                if shape == 'ifelse':
                    self.lines.append(f'bra {done};')
                self.lines.append(f'{skip}:')
                if shape == 'ifelse':
                    self.arm(rng.randint(1, 4), pool)
                    self.lines.append(f'{done}:')
                self.join()
            elif shape == 'loop':
                # The body computes from the iteration's number, each instruction from
                # the one before (ptxas moves what every iteration computes alike out
                # of the loop), and writes only registers of its own.
                top = self.label()
                self.lines.append('mov.u32 %q0, 0;')
                self.lines.append(f'{top}:')
                self.lines.append('.pragma "nounroll";')
                self.lines.append('cvt.rn.f32.u32 %f8, %q0;')
                self.pool.append('%f8')
                self.value['%f8'] = (self.fresh(), False)
                self.redefine, self.chain = False, True
                self.straight(k)
                self.redefine, self.chain = True, False
                self.pool.remove('%f8')
                # a store keeps ptxas from deleting a loop whose results are not read
                self.lines.append('st.global.u32 [%rd2+3000], %q0;')
                self.lines.append('add.u32 %q0, %q0, 1;')
                self.lines.append('setp.lt.u32 %p3, %q0, %q3;')
                self.lines.append(f'@%p3 bra {top};')
            else:
                self.straight(k)
                if rng.random() < 0.5:
                    self.lines.append('membar.gl;')
                else:
                    # stored, so that it is no dead code, and of new operands, so that it
                    # is no second copy of another (ptxas would delete either)
                    self.divisions += 1
                    self.lines.append(f'div.rn.f32 %f9, %f{1 + self.divisions % 6}, {self.pick()};')
                    self.lines.append(f'st.global.f32 [%rd2+{3000 + 4 * self.divisions}], %f9;')
                self.straight(rng.randint(1, 4))

    def text(self):
        """The kernel's PTX."""
        loads = [f'ld.global.{self.mem} {r}, [%rd2+{self.size * i}];'
                 for i, r in enumerate(self.inputs, 1)]
        loads += [f'ld.global.u32 %q{i}, [%rd2+{100 + 4 * i}];' for i in (1, 2, 3)]
        body = self.lines + self.final_stores()
        decls = ('.reg .f32 %f<{0}>; .reg .f64 %fd<{0}>; .reg .b16 %h<{0}>; '
                 '.reg .b32 %r<{0}>; .reg .b32 %q<4>; .reg .pred %p<4>; .reg .b64 %rd<3>;').format(self.next_reg)
        return '\n'.join([f'.visible .entry {self.name}(.param .u64 {self.name}_p)', '{', decls,
                          f'ld.param.u64 %rd1, [{self.name}_p];',
                          'cvta.to.global.u64 %rd2, %rd1;'] + loads + body
                         + ['ret;', '}', ''])

    def final_stores(self):
        """Stores of every value nothing reads after it is written (and of a few others)."""
        written = self.lines
        self.lines = []
        for r in self.pool[6:]:
            last = max((i for i, l in enumerate(written) if f' {r},' in l.split(';')[0][:40]),
                       default=-1)
            read = any(r in l.split(',', 1)[-1] for l in written[last + 1:] if ',' in l)
            if not read or self.rng.random() < 0.1:
                self.store(r)
        stores, self.lines = self.lines, written
        return stores


def module(kind, seed=0):
    """The PTX of one module of random kernels."""
    rng = random.Random(KINDS[kind] + 100 * seed)
    kernels = []
    for i in range(KERNELS):
        ty = 'f32'
        options = {}
        if kind == 'straight' and rng.random() < 0.1:
            ty = 'f64'
        if kind == 'types':
            ty = rng.choice(['f64', 'f16', 'f16x2', 'bf16', 'bf16x2', 'f32'])
        if kind == 'modifiers':
            ty = rng.choice(['f32', 'f32', 'f64', 'f16', 'f16x2'])
            options = {'rounding': 0.08, 'ftz': 0.15, 'sat': 0.1, 'immediates': 0.15}
        k = Kernel(rng, f'{kind}_{i}', ty, options)
        n = rng.randint(4, 30)
        if kind == 'branchy':
            k.branchy(n)
        else:
            k.straight(n)
        kernels.append(k.text())
    return '.version 8.0\n.target sm_90\n.address_size 64\n\n' + '\n'.join(kernels)


def main(out_dir, seed=0):
    """Writes the modules."""
    for kind in KINDS:
        path = os.path.join(out_dir, f'random-{kind}.ptx.gz')
        with open(path, 'wb') as f:
            f.write(gzip.compress(module(kind, seed).encode(), mtime=0))


if __name__ == '__main__':
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
