#!/usr/bin/env python3
"""Differential test of wm.h's Jinja interpreter against python3-jinja2:
generates random templates from the constructs wm.h claims to render
(literals, variables, arithmetic, comparisons, and/or/not, conditional
expressions, subscripts and slices, filters, tests, str and dict methods,
range, namespace; if/elif/else, for with loop.*, else, break/continue and
an if filter, set and set blocks, whitespace control, comments), renders
each with jinja2 configured as transformers does (tools/gen_chat_cases.py's
render) and with wm_chat_apply (build/jinja_diff, from tools/jinja_diff.c),
and counts the templates whose results differ: different text, or one side
failing where the other renders. Integers stay far inside 64 bits (wm.h
refuses what Python's unbounded integers would hold).

usage: /usr/bin/python3 tools/jinja_diff.py [N=100000] [SEED=1] [--show K] [--save FILE]
  needs python3-jinja2; builds build/jinja_diff when missing.
  --save FILE appends the mismatches (template, jinja2's result) as JSON lines."""
import copy
import json
import os
import random
import re
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_chat_cases import render  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ADDR = re.compile(r" \S{1,4} 0x[0-9a-f]+>", re.I)  # an iterator's repr: wm.h prints it without " at 0x...>" (a replace may change "at")
MANGLED = re.compile(r"0\W{0,4}x(\W{0,4}[0-9a-f]){6,}", re.I)  # an address the template took apart (join, list): not comparable
CTX = {"s": "Hello, World", "u": "ÉtÉ  été\u00a0x", "w": "  pad me  ", "e": "", "n": 7, "z": 0, "neg": -3, "f": 2.5, "g": -0.75,
       "t": True, "no": False, "nul": None, "l": [3, 1, 2], "ls": ["b", "A", "c", "a"], "ll": [[1, 2], [3, 4]],
       "d": {"k": "v", "a": 1, "b": [1, 2]}, "m": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"},
                                                   {"role": "user", "content": " x "}]}
NAMES = list(CTX)
STRS = ["''", "'a'", "'ab c'", "' x '", "'é'", "'a,b,c'", "'A1b'", "'\\n'", "'x y'", "'%'", "'10'", "'3.5'", "'-2'", "'abcabc'"]
FILTERS0 = ["length", "upper", "lower", "title", "capitalize", "trim", "first", "last", "reverse", "list", "string", "int", "float",
            "abs", "tojson", "unique", "items", "safe", "count", "join", "default"]
TESTS0 = ["defined", "undefined", "none", "string", "number", "integer", "float", "boolean", "mapping", "sequence", "iterable",
          "odd", "even", "lower", "upper", "true", "false", "callable"]
STR_METHODS = ["strip()", "lstrip()", "rstrip()", "split()", "split(',')", "upper()", "lower()", "title()", "capitalize()",
               "startswith('a')", "endswith('c')", "replace('a', 'X')", "find('b')", "count('a')", "splitlines()",
               "isdigit()", "isalpha()", "isspace()", "strip('a')", "split(' ', 1)", "split(None, 1)"]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def lit(self):
        r = self.r.random()
        if r < 0.3: return str(self.r.randint(-20, 20))
        if r < 0.4: return self.r.choice(["0.5", "1.25", "-2.0", "3.0", "0.1", "1e2", "2.5e-1"])
        if r < 0.7: return self.r.choice(STRS)
        if r < 0.8: return self.r.choice(["true", "false", "none", "True", "None"])
        if r < 0.9: return "[" + ", ".join(self.lit() for _ in range(self.r.randint(0, 3))) + "]"
        return "{" + ", ".join("%s: %s" % (self.r.choice(["'a'", "'b'", "'k'"]), self.lit()) for _ in range(self.r.randint(0, 2))) + "}"

    def atom(self, depth):
        r = self.r.random()
        if r < 0.35: return self.r.choice(NAMES)
        if r < 0.65 or depth > 2: return self.lit()
        if r < 0.72: return "(" + self.expr(depth + 1) + ")"
        if r < 0.78: return "range(%d%s)" % (self.r.randint(0, 5), self.r.choice(["", ", 8", ", 10, 3", ", -4, -2"]) if self.r.random() < 0.3 else "")
        if r < 0.84: return "%s.%s" % (self.r.choice(["s", "u", "w", "e", "'a b'", "' A,b '"]), self.r.choice(STR_METHODS))
        if r < 0.9: return "d.%s" % self.r.choice(["k", "a", "b", "items()", "keys()", "values()", "get('k')", "get('z', 5)", "missing"])
        return "m[%d].%s" % (self.r.randint(-3, 3), self.r.choice(["role", "content", "x"]))

    def postfix(self, depth):
        v = self.atom(depth)
        r = self.r.random()
        if r < 0.15: v += "[%s]" % self.r.choice(["0", "1", "-1", "2", "'k'", "'a'"])
        elif r < 0.25 and v in NAMES:  # (jinja2 folds a literal's slice at compile time differently: names only)
            v += "[%s:%s%s]" % (self.r.choice(["", "1", "-2"]), self.r.choice(["", "3", "-1"]), self.r.choice(["", ":2", ":-1"]))
        return v

    def filt(self, v):
        f = self.r.choice(FILTERS0 + ["join(', ')", "default('D')", "default('D', true)", "replace('a', 'b')", "indent(2)", "indent(2, true)",
                                      "map(attribute='role')", "selectattr('role', 'equalto', 'user')", "rejectattr('role', 'equalto', 'user')",
                                      "select('odd')", "reject('even')", "unique(case_sensitive=true)", "int(5)", "tojson(indent=2)",
                                      "map('upper')", "map('string')", "join"])
        if f in ("selectattr('role', 'equalto', 'user')", "rejectattr('role', 'equalto', 'user')", "map(attribute='role')"):
            v = "m"
            f += " | list" if self.r.random() < 0.7 else ""
        return "%s | %s" % (v, f)

    def unary(self, depth):
        v = self.postfix(depth)
        r = self.r.random()
        if r < 0.25: v = self.filt(v)
        elif r < 0.35: v = "%s is %s%s" % (v, self.r.choice(["", "not "]), self.r.choice(TESTS0 + ["divisibleby(3)", "in [1, 'a']", "equalto 3", "sameas none"]))
        elif r < 0.4: v = "-" + v
        return v

    def expr(self, depth=0):
        if depth > 3: return self.unary(depth)
        r = self.r.random()
        a = self.unary(depth)
        if r < 0.35: return a
        if r < 0.6:  # (% of a string is Python's string formatting, which wm.h refuses by name)
            op = self.r.choice(["+", "-", "*", "/", "//", "%", "~", "~", "+"])
            b = self.unary(depth + 1)
            if op == "%":  # (% of a string is Python's printf-style formatting, which wm.h refuses by name: numbers only)
                a, b = self.r.choice(["n", "z", "neg", "f", "g", "3", "-7", "2.5"]), self.r.choice(["n", "neg", "f", "g", "3", "-2", "0.5"])
            if op == "-" and ("keys()" in a + b or "values()" in a + b or "items()" in a + b): op = "+"  # (dict views' set operations: unordered sets)
            return "%s %s %s" % (a, op, b)
        if r < 0.75: return "%s %s %s" % (a, self.r.choice(["==", "!=", "<", ">", "<=", ">=", "in", "not in"]), self.unary(depth + 1))
        if r < 0.85: return "%s %s %s" % (a, self.r.choice(["and", "or"]), self.expr(depth + 1))
        if r < 0.9: return "not " + a
        return "%s if %s else %s" % (a, self.expr(depth + 1), self.expr(depth + 1))

    def ws(self):
        return self.r.choice(["", "", "-"])

    def block(self, depth=0):
        out = []
        for _ in range(self.r.randint(1, 3 if depth else 4)):
            r = self.r.random()
            if r < 0.25: out.append(self.r.choice(["x", " ", "\n", "a b\n", "  \n", "\t"]))
            elif r < 0.55: out.append("{{%s %s %s}}" % (self.ws(), self.expr(), self.ws()))
            elif r < 0.65 and depth < 3:
                out.append("{%%%s if %s %s%%}%s" % (self.ws(), self.expr(), self.ws(), self.block(depth + 1)))
                if self.r.random() < 0.4: out.append("{%% elif %s %%}%s" % (self.expr(), self.block(depth + 1)))
                if self.r.random() < 0.5: out.append("{%% else %%}%s" % self.block(depth + 1))
                out.append("{%%%s endif %s%%}" % (self.ws(), self.ws()))
            elif r < 0.78 and depth < 3:
                seq = self.r.choice(["l", "ls", "m", "range(4)", "d", "d.items()", "s", "[]", "ll", "u", "range(3, 0, -1)"])
                var = "k, v" if seq in ("d.items()", "ll") else "x"
                cond = " if x" if var == "x" and self.r.random() < 0.2 else ""
                if seq == "s" and self.r.random() < 0.5: seq = "ls"  # (a string that holds an iterator's repr: its length is the address's)
                body = self.block(depth + 1) + self.r.choice(["", "{{ loop.index }}", "{{ loop.first }}{{ loop.last }}", "{{ loop.revindex0 }}",
                                                              "{{ loop.length }}", "{% if loop.index > 1 %}{% break %}{% endif %}",
                                                              "{% if loop.first %}{% continue %}{% endif %}", "{{ loop.previtem }}"])
                els = "{%% else %%}%s" % self.block(depth + 1) if self.r.random() < 0.3 else ""
                out.append("{%%%s for %s in %s%s %s%%}%s%s{%% endfor %%}" % (self.ws(), var, seq, cond, self.ws(), body, els))
            elif r < 0.86:
                name = self.r.choice(["a", "b", "s", "n"])
                out.append("{%% set %s = %s %%}{{ %s }}" % (name, self.expr(), name))
            elif r < 0.9:
                out.append("{%% set ns = namespace(c=0) %%}{%% for x in l %%}{%% set ns.c = ns.c + x %%}{%% endfor %%}{{ ns.c }}")
            elif r < 0.94:
                out.append("{%% set blk %%}%s{%% endset %%}[{{ blk }}]" % self.block(depth + 1))
            else:
                out.append("{#%s c %s#}" % (self.ws(), self.ws()))
        return "".join(out)


def jinja2_render(t):
    try:
        # (a copy: jinja2's indent filter on a list extends it in place, sandbox or not)
        return render({"chat_template": t}, {"messages": [], "add_generation_prompt": False, "context": copy.deepcopy(CTX)})
    except Exception as e:  # noqa: BLE001 (a syntax error is found at compile time, outside render's own try)
        return {"error": "%s: %s" % (type(e).__name__, e)}


def wm_render(binary, ctx, templates):
    data = bytearray()
    c = json.dumps(ctx, ensure_ascii=False).encode()
    data += struct.pack("<I", len(c)) + c
    for t in templates:
        b = t.encode()
        data += struct.pack("<I", len(b)) + b
    out = subprocess.run([binary], input=bytes(data), stdout=subprocess.PIPE, check=True).stdout
    res, i = [], 0
    while i < len(out):
        st, n = out[i], struct.unpack("<I", out[i + 1:i + 5])[0]
        res.append((st, out[i + 5:i + 5 + n].decode("utf-8", "replace")))
        i += 5 + n
    return res


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 100000
    seed = int(args[1]) if len(args) > 1 else 1
    show = int(sys.argv[sys.argv.index("--show") + 1]) if "--show" in sys.argv else 10
    save = sys.argv[sys.argv.index("--save") + 1] if "--save" in sys.argv else None
    binary = os.path.join(ROOT, "build", "jinja_diff")
    if not os.path.exists(binary):
        subprocess.run(["cc", "-O2", "-std=c99", "-I", ROOT, os.path.join(ROOT, "tools", "jinja_diff.c"), "-o", binary, "-lm"], check=True)
    g = Gen(random.Random(seed))
    t0 = time.time()
    bad, shown, kinds, skipped = 0, 0, {}, 0
    batch = 5000
    for start in range(0, n, batch):
        temps = [g.block() for _ in range(min(batch, n - start))]
        want = [jinja2_render(t) for t in temps]
        got = wm_render(binary, CTX, temps)
        for t, w, (st, text) in zip(temps, want, got):
            same = ("output" in w and st == 0 and text == ADDR.sub(lambda m: m.group(0)[-1], w["output"])) or ("error" in w and st == 1)
            if same: continue
            if "output" in w and st == 0 and MANGLED.search(ADDR.sub(lambda m: m.group(0)[-1], w["output"])):
                skipped += 1  # jinja2 printed a memory address in pieces: no rendering can equal it
                continue
            bad += 1
            k = "wm fails" if st == 1 else "jinja2 fails" if "error" in w else "text differs"
            kinds[k] = kinds.get(k, 0) + 1
            if save:
                with open(save, "a") as f: f.write(json.dumps({"template": t, **w, "wm": text}, ensure_ascii=False) + "\n")
            if shown < show:
                shown += 1
                print("--- %s\n  template: %r\n  jinja2:   %r\n  wm.h:     %r" % (k, t, w.get("output", w.get("error")), text))
    print("%d templates (seed %d): %d differ %s, %d not comparable (an address taken apart) in %.0f s" %
          (n, seed, bad, json.dumps(kinds), skipped, time.time() - t0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
