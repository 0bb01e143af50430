#!/usr/bin/env python3
"""An independent checker of constrained output (tests/grammar.sh): a GBNF
grammar is translated, by a parser written here from llama.cpp's grammar
description (not from wm.h's), into a Lark grammar that Lark's Earley parser
recognizes; a JSON Schema output is checked by python3-jsonschema.

  tools/grammar_check.py gbnf GRAMMAR PREFIX OUT...    every output a whole sentence of GRAMMAR
  tools/grammar_check.py schema SCHEMA PREFIX OUT...    every output JSON that SCHEMA validates
  tools/grammar_check.py serve URL MODEL SEEDS DIR CASE...   wm serve's texts equal DIR's (below)

OUT: a file of `wm generate`'s standard output: PREFIX (the prompt), the
generated text, a newline. Prints up to three outputs that fail and, last,
"ok N" or "FAIL N of M" (exit status 0 / 1).
"""
import json
import re
import sys


class GbnfError(Exception):
    pass


class Gbnf:
    """GBNF text -> {rule name: alternatives}; an alternative is a list of items:
    ('lit', str), ('cls', negated, [(lo, hi)]), ('any',), ('ref', name),
    ('grp', alternatives), ('rep', item, lo, hi or None)"""

    def __init__(self, text):
        self.s, self.i, self.rules = text, 0, {}
        self.skip(True)
        while self.i < len(self.s):
            name = self.word()
            self.skip(False)
            if not self.s.startswith("::=", self.i):
                raise GbnfError("expected ::= at %d" % self.i)
            self.i += 3
            self.skip(True)
            if name in self.rules:
                raise GbnfError("rule %s defined twice" % name)
            self.rules[name] = self.alts(False)
            if self.i < len(self.s) and self.s[self.i] not in "\r\n":
                raise GbnfError("unexpected %r at %d" % (self.s[self.i], self.i))
            self.skip(True)
        if "root" not in self.rules:
            raise GbnfError("no root")

    def skip(self, newlines):
        while self.i < len(self.s):
            c = self.s[self.i]
            if c in " \t" or (newlines and c in "\r\n"):
                self.i += 1
            elif c == "#":
                while self.i < len(self.s) and self.s[self.i] not in "\r\n":
                    self.i += 1
            else:
                break

    def word(self):
        m = re.compile(r"[A-Za-z0-9-]+").match(self.s, self.i)
        if not m:
            raise GbnfError("expected a name at %d" % self.i)
        self.i = m.end()
        return m.group(0)

    def char(self):
        c = self.s[self.i]
        if c != "\\":
            self.i += 1
            return ord(c)
        e = self.s[self.i + 1]
        self.i += 2
        n = {"x": 2, "u": 4, "U": 8}.get(e)
        if n:
            v = int(self.s[self.i:self.i + n], 16)
            self.i += n
            return v
        simple = {"t": 9, "n": 10, "r": 13, "\\": 92, '"': 34, "[": 91, "]": 93, "-": 45, "^": 94}
        if e not in simple:
            raise GbnfError("escape \\%s" % e)
        return simple[e]

    def alts(self, nested):
        out = [self.seq(nested)]
        while self.i < len(self.s) and self.s[self.i] == "|":
            self.i += 1
            self.skip(True)
            out.append(self.seq(nested))
        return out

    def seq(self, nested):
        items = []
        while self.i < len(self.s):
            c = self.s[self.i]
            if c == '"':
                self.i += 1
                lit = ""
                while self.s[self.i] != '"':
                    lit += chr(self.char())
                self.i += 1
                items.append(("lit", lit))
            elif c == "[":
                self.i += 1
                neg = self.s[self.i] == "^"
                self.i += neg
                rs = []
                while self.s[self.i] != "]":
                    lo = self.char()
                    hi = lo
                    if self.s[self.i] == "-" and self.s[self.i + 1] != "]":
                        self.i += 1
                        hi = self.char()
                    rs.append((lo, hi))
                self.i += 1
                items.append(("cls", neg, rs))
            elif c == ".":
                self.i += 1
                items.append(("any",))
            elif re.match(r"[A-Za-z0-9-]", c):
                items.append(("ref", self.word()))
            elif c == "(":
                self.i += 1
                self.skip(True)
                a = self.alts(True)
                if self.s[self.i] != ")":
                    raise GbnfError("( without )")
                self.i += 1
                items.append(("grp", a))
            elif c in "*+?{":
                if not items:
                    raise GbnfError("repetition of nothing")
                self.i += 1
                lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}.get(c, (None, None))
                if c == "{":
                    m = re.compile(r"\s*(\d+)\s*(,\s*(\d*)\s*)?}").match(self.s, self.i)
                    lo = int(m.group(1))
                    hi = lo if not m.group(2) else (int(m.group(3)) if m.group(3) else None)
                    self.i = m.end()
                items[-1] = ("rep", items[-1], lo, hi)
            else:
                break
            self.skip(nested)
        return items


def lark_grammar(g):
    """the Lark text of a parsed GBNF grammar"""
    names = {}
    for n in g.rules:
        names[n] = "r%d_%s" % (len(names), re.sub(r"[^a-z0-9]", "_", n.lower()))

    def cp(v, in_class=False):  # a character as Lark's regex literal keeps it (it undoes \\x and \\u itself)
        c = chr(v)
        if v < 0x20 or v == 0x7f:
            return "\\x%02x" % v
        if c == "/" or (c in "\\^-[]" if in_class else c in ".^$*+?{}[]\\|()"):
            return "\\" + c
        return c

    def rx(item):
        if item[0] == "lit":
            return "".join(cp(ord(ch)) for ch in item[1])
        if item[0] == "any":
            return "[\\s\\S]"
        neg, rs = item[1], item[2]
        if not rs:
            return "[\\s\\S]" if neg else "(?!)"
        return "[" + ("^" if neg else "") + "".join(cp(a, 1) + ("-" + cp(b, 1) if b != a else "") for a, b in rs) + "]"

    def item_text(it):
        if it[0] == "lit" and it[1] == "":
            return None  # nothing
        if it[0] in ("lit", "cls", "any"):
            return "/" + rx(it) + "/"
        if it[0] == "ref":
            return names[it[1]]
        if it[0] == "grp":
            return "(" + alts_text(it[1]) + ")"
        lo, hi = it[2], it[3]
        if it[1][0] in ("lit", "cls", "any") and (it[1][0] != "lit" or len(it[1][1]) == 1):  # one character: the regex counts
            if hi == 0:
                return None
            r = "/(?:%s){%d,%s}/" % (rx(it[1]), max(lo, 1), "" if hi is None else hi)
            return "[%s]" % r if lo == 0 else r  # (Earley's terminals may not be empty)
        inner = item_text(it[1]) or '""'
        if hi is None:
            return "(%s)" % inner + ("*" if lo == 0 else "+" if lo == 1 else " ~ %d (%s)*" % (lo, inner))
        if hi == 0:
            return None
        return "(%s) ~ %d..%d" % (inner, lo, hi) if lo else "[(%s) ~ 1..%d]" % (inner, hi)

    def alts_text(alts):
        out = []
        for a in alts:
            parts = [p for p in (item_text(it) for it in a) if p]
            out.append(" ".join(parts))
        return " | ".join(out)

    return "\n".join("%s: %s" % (names[n], alts_text(a)) for n, a in g.rules.items()), names["root"]


def serve(url, model, seeds, outdir, cases):
    """each case's seeded generations asked of `wm serve` at url
    (/v1/completions, "grammar" or "json_schema", the sampling of `wm
    generate`'s defaults): every text must equal outdir's `wm generate`
    output for the same seed; two requests at a time"""
    import os
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    def one(job):
        f, seed = job
        body = {"prompt": "P:", "max_tokens": 400, "seed": seed, "temperature": 0.8, "top_p": 0.95}
        spec = open(f, encoding="utf-8").read()
        if f.endswith(".schema.json"):
            body["json_schema"] = json.loads(spec)
        else:
            body["grammar"] = spec
        req = urllib.request.Request(url + "/v1/completions", json.dumps(body).encode(), {"Content-Type": "application/json"})
        try:
            got = "P:" + json.load(urllib.request.urlopen(req, timeout=120))["choices"][0]["text"] + "\n"
        except Exception as e:
            return f, seed, "request failed: %s" % e
        want = open(os.path.join(outdir, "%s.%s.%d.out" % (os.path.basename(f), model, seed)), encoding="utf-8", newline="").read()
        return f, seed, None if got == want else "serve %r, generate %r" % (got[:80], want[:80])

    jobs = [(f, s) for f in cases for s in range(1, seeds + 1)]
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(one, jobs))
    bad = [r for r in res if r[2]]
    for f, seed, why in bad[:5]:
        print("  | %s seed %d: %s" % (os.path.basename(f), seed, why))
    print(("ok %d" % len(res)) if not bad else "FAIL %d of %d" % (len(bad), len(res)))
    return 1 if bad else 0


def main():
    if sys.argv[1] == "serve":
        return serve(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6:])
    mode, spec, prefix, outs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    texts = []
    for o in outs:
        t = open(o, encoding="utf-8", newline="").read()
        if not t.startswith(prefix) or not t.endswith("\n"):
            raise SystemExit("%s: not PREFIX ... newline" % o)
        texts.append(t[len(prefix):-1])
    bad = []
    if mode == "gbnf":
        from lark import Lark
        g = Gbnf(open(spec, encoding="utf-8").read())
        text, root = lark_grammar(g)
        parser = Lark(text, start=root, parser="earley", lexer="dynamic_complete")
        for t in texts:
            try:
                parser.parse(t)
            except Exception as e:
                bad.append((t, type(e).__name__))
    else:
        import jsonschema
        schema = json.load(open(spec, encoding="utf-8"))
        v = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        for t in texts:
            try:
                v.validate(json.loads(t))
            except Exception as e:
                bad.append((t, str(e).split("\n")[0][:120]))
    for t, why in bad[:3]:
        print("  | %r: %s" % (t[:200], why))
    print(("ok %d" % len(texts)) if not bad else "FAIL %d of %d" % (len(bad), len(texts)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
