#!/usr/bin/env python3
"""Rewrites the CONTENTS table at the top of wm.h from its section banners:
each banner's [@TAG], its size in lines (from its banner to the next) and
its title. `--check` only compares and exits 1 when the table is stale
(make test checks the same in C).

usage: tools/contents.py [--check] [WM_H]"""
import os, re, sys

args = [a for a in sys.argv[1:] if a != "--check"]
check = "--check" in sys.argv[1:]
path = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "wm.h")
lines = open(path, encoding="utf-8").read().split("\n")

BANNER = "/* " + "=" * 72
secs = []  # (tag, first line index, title)
for i, l in enumerate(lines):
    if l == BANNER and i + 1 < len(lines):
        m = re.match(r"   \[@([A-Z_0-9]+)\] (.*)", lines[i + 1])
        if m:
            secs.append([m.group(1), i, m.group(2)])
if not secs:
    sys.exit("%s: no section banners" % path)

def title(t):  # up to the first sentence or clause end, at most 60 characters
    t = re.split(r"(?<=[a-z0-9)])[.:;] ", t + " ")[0].strip().rstrip(".:;,")
    return t if len(t) <= 60 else t[:57].rsplit(" ", 1)[0] + " ..."

rows = []
for k, (tag, at, t) in enumerate(secs):
    end = secs[k + 1][1] if k + 1 < len(secs) else len(lines) - (lines[-1] == "")
    rows.append("      @%-12s %6d  %s" % (tag, end - at, title(t)))

try:
    a = lines.index("      tag            lines  section") + 1
    b = next(i for i in range(a, len(lines)) if not lines[i].startswith("      @"))
except (ValueError, StopIteration):
    sys.exit("%s: no CONTENTS table (a line '      tag            lines  section')" % path)
if check:
    if lines[a:b] != rows:
        print("wm.h: the CONTENTS table is stale; run tools/contents.py", file=sys.stderr)
        sys.exit(1)
    sys.exit(0)
# the table's own rows change no section size (they sit above every banner)
lines[a:b] = rows
open(path, "w", encoding="utf-8").write("\n".join(lines))
print("\n".join(rows))
