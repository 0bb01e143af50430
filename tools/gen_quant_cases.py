#!/usr/bin/env python3
"""Writes tests/fixtures/quant-cases.bin: quantized blocks and what they mean,
computed here from the block specifications (llama.cpp's ggml-common.h
layouts and its reference quantize/dequantize arithmetic, in float32), not
from wm.h, so the suite checks wm.h against an independent reading.

Per type (Q8_0, Q4_0, Q4_K, Q6_K): 6 random blocks and their dequantized
floats. Then 8 rows of 64 floats with their Q8_0 and Q4_0 bytes as
llama.cpp's quantize_row_q8_0_ref / quantize_row_q4_0_ref give them.

Layout (little-endian): for each record: u32 tag, u32 count, u32 bytes,
then the block bytes and count float32 values.
"""
import struct
import sys

import numpy as np

f32 = np.float32
rng = np.random.default_rng(20261122)


def f16(x):
    return np.array([x], dtype=np.float32).astype(np.float16).tobytes()


def h(b, o):
    return f32(np.frombuffer(b[o:o + 2], dtype=np.float16)[0])


def rand_half(lo=1e-3, hi=0.5):
    return f16(f32(rng.uniform(lo, hi)))


def deq_q8_0(b):
    d = h(b, 0)
    return [f32(f32(np.int8(np.uint8(b[2 + j]).astype(np.int8))) * d) for j in range(32)]


def deq_q4_0(b):
    d = h(b, 0)
    y = [f32(0)] * 32
    for j in range(16):
        y[j] = f32(f32((b[2 + j] & 15) - 8) * d)
        y[j + 16] = f32(f32((b[2 + j] >> 4) - 8) * d)
    return y


def scale_min_k4(s, j):
    if j < 4:
        return s[j] & 63, s[j + 4] & 63
    return (s[j + 4] & 15) | ((s[j - 4] >> 6) << 4), (s[j + 4] >> 4) | ((s[j] >> 6) << 4)


def deq_q4_k(b):
    d, dmin = h(b, 0), h(b, 2)
    s, q = b[4:16], b[16:]
    y = []
    for c in range(4):
        sc0, m0 = scale_min_k4(s, 2 * c)
        sc1, m1 = scale_min_k4(s, 2 * c + 1)
        d0, n0 = f32(d * f32(sc0)), f32(dmin * f32(m0))
        d1, n1 = f32(d * f32(sc1)), f32(dmin * f32(m1))
        qq = q[32 * c:32 * c + 32]
        y += [f32(f32(d0 * f32(v & 15)) - n0) for v in qq]
        y += [f32(f32(d1 * f32(v >> 4)) - n1) for v in qq]
    return y


def deq_q6_k(b):
    ql, qh = b[0:128], b[128:192]
    sc = np.frombuffer(b[192:208], dtype=np.int8)
    d = h(b, 208)
    y = [f32(0)] * 256
    for half in range(2):
        for l in range(32):
            L, H, S = ql[64 * half:], qh[32 * half:], sc[8 * half:]
            i = l // 16
            qs = [((L[l] & 15) | ((H[l] & 3) << 4)) - 32, ((L[l + 32] & 15) | (((H[l] >> 2) & 3) << 4)) - 32,
                  ((L[l] >> 4) | (((H[l] >> 4) & 3) << 4)) - 32, ((L[l + 32] >> 4) | (((H[l] >> 6) & 3) << 4)) - 32]
            for k in range(4):
                y[128 * half + l + 32 * k] = f32(f32(d * f32(S[i + 2 * k])) * f32(qs[k]))
    return y


def rand_block(t):
    if t == "Q8_0":
        return rand_half() + bytes(rng.integers(0, 256, 32, dtype=np.uint8))
    if t == "Q4_0":
        return rand_half() + bytes(rng.integers(0, 256, 16, dtype=np.uint8))
    if t == "Q4_K":
        return rand_half(1e-3, 0.05) + rand_half(1e-3, 0.05) + bytes(rng.integers(0, 256, 140, dtype=np.uint8))
    return bytes(rng.integers(0, 256, 208, dtype=np.uint8)) + rand_half(1e-4, 0.01)


def quant_q8_0_ref(x):  # quantize_row_q8_0_ref, one block of 32
    amax = f32(max(abs(v) for v in x))
    d = f32(amax / f32(127))
    idd = f32(f32(1) / d) if d != 0 else f32(0)
    out = f16(d)
    for v in x:
        p = float(f32(v * idd))  # float32 product, then roundf (half away from zero) done exactly
        r = int(np.floor(abs(p) + 0.5)) * (1 if p >= 0 else -1)
        out += struct.pack("<b", r)
    return out


def quant_q4_0_ref(x):  # quantize_row_q4_0_ref, one block of 32
    amax, mx = f32(0), f32(0)
    for v in x:
        if amax < abs(v):
            amax, mx = f32(abs(v)), f32(v)
    d = f32(mx / f32(-8))
    idd = f32(f32(1) / d) if d != 0 else f32(0)
    out = bytearray(f16(d))
    for j in range(16):
        a = int(np.trunc(f32(f32(x[j] * idd) + f32(8.5))))
        c = int(np.trunc(f32(f32(x[j + 16] * idd) + f32(8.5))))
        out.append(min(15, a) | (min(15, c) << 4))
    return bytes(out)


def main():
    out = bytearray()

    def rec(tag, blob, vals):
        nonlocal out
        out += struct.pack("<III", tag, len(vals), len(blob)) + blob + np.array(vals, dtype=np.float32).tobytes()

    deq = {"Q8_0": deq_q8_0, "Q4_0": deq_q4_0, "Q4_K": deq_q4_k, "Q6_K": deq_q6_k}
    tags = {"Q8_0": 3, "Q4_0": 4, "Q4_K": 5, "Q6_K": 6}  # wm.h's WM_Q8_0 .. WM_Q6_K
    for t in ("Q8_0", "Q4_0", "Q4_K", "Q6_K"):
        for _ in range(6):
            b = rand_block(t)
            rec(tags[t], b, deq[t](b))
    for i in range(8):  # rows for the reference quantizers; ties at .5 included
        x = rng.standard_normal(64).astype(np.float32) * f32(rng.uniform(0.01, 3))
        if i == 0:
            x[:32] = np.float32(np.arange(32) - 16) * f32(0.25)
        q8 = quant_q8_0_ref(x[:32]) + quant_q8_0_ref(x[32:])
        q4 = quant_q4_0_ref(x[:32]) + quant_q4_0_ref(x[32:])
        rec(100 + 3, q8, list(x))
        rec(100 + 4, q4, list(x))
    sys.stdout.buffer.write(bytes(out))


if __name__ == "__main__":
    main()
