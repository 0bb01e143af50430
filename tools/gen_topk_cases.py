#!/usr/bin/env python3
"""Writes tests/fixtures/topk-torch.txt: arrays full of ties and what
torch.topk (CPU) returns for them, so the test suite can check that wm.h's
top-k keeps the same tied elements in the same order.

usage: tools/gen_topk_cases.py [N_CASES] > tests/fixtures/topk-torch.txt
line:  n k sorted ; values ; indices
"""
import random
import sys

import torch

n_cases = int(sys.argv[1]) if len(sys.argv) > 1 else 400
random.seed(1)
for c in range(n_cases):
    if c % 4 == 3:                     # the partial_sort path: k * 64 <= n
        k = random.randint(1, 4)
        n = random.randint(64 * k, 64 * k + 200)
    else:                              # the nth_element path
        n = random.randint(1, 300)
        k = random.randint(1, n)
    levels = random.choice([2, 3, 5, 20, 1000])
    vals = [float(random.randrange(levels)) * 0.25 - 1.0 for _ in range(n)]
    srt = c % 2 == 0
    idx = torch.tensor(vals, dtype=torch.float32).topk(k, sorted=srt).indices.tolist()
    print("%d %d %d ; %s ; %s" % (n, k, srt, " ".join("%g" % v for v in vals), " ".join(map(str, idx))))
