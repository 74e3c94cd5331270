"""Every mma.sync form of forms_extra.py again, on edge-case and cancelling
operands, for recording in bulk (issue 19, point 4):

    python3 record.py OUT.jsonl --forms mma --warps 64 --seed 19

For each floating-point form two variants:

  #edge    operands drawn often from subnormals, infinities, NaNs with
           payloads, signed zeros, the largest finite values and rounding
           boundaries (generators f16x2edge, bf16x2edge, f32edge, f64edge,
           and raw fp8 bytes for the fp8 forms);
  #cancel  operands from a few magnitudes of both signs (+-1, +-2^k, +-(1 + ulp),
           the largest and smallest normal), so that products cancel exactly
           and sums straddle rounding boundaries often
           (f16x2cancel, bf16x2cancel, f32cancel, f64cancel, fp8x4cancel).

The integer forms are recorded again as they are (random operands, and
saturating accumulators where forms_extra has them), many warps each.
"""

import forms_extra

EDGE = {"f16x2mma": "f16x2edge", "f16x2rb": "f16x2edge", "bf16x2mma": "bf16x2edge",
        "bf16x2rb": "bf16x2edge", "f32mma": "f32edge", "f32rb": "f32edge", "tf32": "f32edge",
        "f64mma": "f64edge", "f64rb": "f64edge", "fp8x4mma": "fp8x4", "fp8x4": "fp8x4"}
CANCEL = {"f16x2mma": "f16x2cancel", "f16x2rb": "f16x2cancel", "bf16x2mma": "bf16x2cancel",
          "bf16x2rb": "bf16x2cancel", "f32mma": "f32cancel", "f32rb": "f32cancel", "tf32": "f32cancel",
          "f64mma": "f64cancel", "f64rb": "f64cancel", "fp8x4mma": "fp8x4cancel", "fp8x4": "fp8x4cancel"}

FORMS = []
_seen = set()
for form in forms_extra.FORMS:
    if not form["asm"].startswith("mma.sync") or form["asm"] in _seen:
        continue
    _seen.add(form["asm"])
    if not any(g in EDGE for g in form["gens"]):
        FORMS.append(dict(form, name=form["asm"] + " #bulk"))
        continue
    for tag, table in (("edge", EDGE), ("cancel", CANCEL)):
        FORMS.append(dict(form, name=f"{form['asm']} #{tag}", gens=[table.get(g, g) for g in form["gens"]]))
