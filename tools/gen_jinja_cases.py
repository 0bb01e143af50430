#!/usr/bin/env python3
"""Writes tests/fixtures/chat/cases.json: small templates, each a case where
wm.h's Jinja interpreter once differed from jinja2 or failed on hostile
input, with jinja2's rendering (configured as transformers does: the
render() of tools/gen_chat_cases.py) or its error. The suite renders each
with wm_chat_apply: an "output" must be byte-identical, an "error" must be
an error on wm.h's side too ("limit": wm.h's own documented limit where
jinja2 has none: it must fail cleanly, not render). The cases read the
variables of CONTEXT; an iterator's repr is kept without its address.

usage: /usr/bin/python3 tools/gen_jinja_cases.py   (needs python3-jinja2)"""
import copy
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_chat_cases import render  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

CASES = [
    # for ... else after break; empty loops
    "{% for i in [1,2,3] %}{{ i }}{% if i == 2 %}{% break %}{% endif %}{% else %}E{% endfor %}",
    "{% for i in [1,2,3] %}{{ i }}{% if i == 3 %}{% break %}{% endif %}{% else %}E{% endfor %}",
    "{% for i in [] %}{{ i }}{% else %}E{% endfor %}",
    # the int and float filters
    "{{ '' | int(5) }}|{{ '1e3' | int }}|{{ '  7  ' | int }}|{{ '3.7' | int }}|{{ '1_000' | int }}|{{ 'x' | int(9) }}|{{ '-3' | int }}|{{ '+4' | int }}",
    "{{ '1__0' | int(-1) }}|{{ '_1' | int(-1) }}|{{ '1_' | int(-1) }}|{{ '0x10' | int(-1) }}|{{ ' -2.5 ' | int }}|{{ none | int(3) }}|{{ [1] | int(4) }}|{{ true | int }}",
    "{{ '2.5' | float }}|{{ ' 1e2 ' | float }}|{{ 'a' | float }}|{{ 'inf' | float }}|{{ '1_0.5' | float }}|{{ 3 | float }}",
    # float // and % as Python's, signed zeros included
    "{{ -7.0 // 2 }}|{{ 7.0 // -2 }}|{{ -7.0 % 2 }}|{{ 7.0 % -2 }}|{{ -0.0 // 1 }}|{{ 0.0 % -1 }}|{{ -1.0 % 1 }}|{{ 5.5 // 0.1 }}",
    "{{ 7 // -2 }}|{{ -7 % 3 }}|{{ 7 % -3 }}|{{ -9223372036854775807 // 2 }}|{{ 1.0 % 0.3 }}|{{ -2.0 // 0.5 }}|{{ 3 % 2.5 }}",
    # literals
    "{{ 1_000 }}|{{ 1_000.5 }}|{{ 1_0 + 2_0 }}",
    "{{ 99999999999999999999 }}",
    # strip with multi-byte characters, Unicode whitespace
    "{{ 'ééxéé'.strip('é') }}|{{ 'aé'.rstrip('é') }}|{{ 'éa'.lstrip('éa') }}|{{ 'xé'.strip('\u00e8') }}|{{ '€ab€'.strip('€') }}",
    "{{ '\u00a0x\u3000'.strip() }}|{{ 'a\u2003b'.split() }}|{{ '\x1cq\x1f'.strip() }}|{{ 'a\x85b'.split() }}|{{ '\u2028' is string }}",
    "{{ '\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000'.isspace() }}|{{ '\u200b'.isspace() }}|{{ ' \t\n\r\x0b\x0c'.isspace() }}|{{ ''.isspace() }}",
    "{{ '  a\u00a0 b '.strip() }}|{{ '\u3000hi\u3000' | trim }}|{{ 'x\u00a0'.rstrip() }}|{{ '\u0085y'.lstrip() }}",
    # split(None, n) keeps the rest's end
    "{{ ' a  b c '.split(None, 1) }}|{{ 'a b c'.split(none, 1) }}|{{ 'a b  '.split(None, 5) }}|{{ '  '.split(None, 0) }}|{{ ' x y '.split(None, 0) }}",
    # comments
    "{#-#} a {#- -#} b",
    "x {#- c #} y {# d -#} z",
    # title: the method and the filter differ
    "{{ 'hello wORLD 3rd'.title() }}|{{ 'hello wORLD 3rd' | title }}|{{ \"they're bill's\".title() }}|{{ \"they're bill's\" | title }}",
    "{{ 'a-b(c[d<e{f g_h' | title }}|{{ 'a-b(c[d<e{f g_h'.title() }}|{{ 'x1y' | title }}|{{ 'x1y'.title() }}",
    # is lower / is upper need a cased character
    "{{ '123' is lower }}|{{ '123' is upper }}|{{ '' is lower }}|{{ 'a1' is lower }}|{{ 'A1' is upper }}|{{ 'aB' is lower }}",
    # a list literal whose item ends in ) ] } read in skip mode
    "{{ [f(x), y] if c else z }}",
    "{{ [(1), 2] if true else 3 }}|{{ [[1],[2]] if false else 4 }}|{{ {'a': [1]} if true else 0 }}|{{ [{'a': 1}, [2]] if false else 5 }}",
    "{% if false %}{{ [range(3), (1, 2), {'k': 'v'}] }}{% endif %}ok",
    # divisibleby(-1) of the smallest integer
    "{{ -9223372036854775807 - 1 is divisibleby(-1) }}|{{ (-9223372036854775807 - 1) is divisibleby(-1) }}|{{ 7 is divisibleby(-1) }}|{{ 6 is divisibleby(3) }}",
    # unique as jinja2's: case-insensitive by default, 1 == 1.0 == True
    "{{ ['A', 'a', 'b', 'B', 'a'] | unique | list }}|{{ ['A', 'a'] | unique(case_sensitive=true) | list }}|{{ [1, 1.0, true, 2] | unique | list }}",
    "{{ [{'n': 'x'}, {'n': 'X'}, {'n': 'y'}] | unique(attribute='n') | list }}",
    "{{ [[1], [1]] | unique | list }}",
    # string repetition
    "{{ '' * 9000000000000000000 }}|{{ 'ab' * 0 }}|{{ 'ab' * -3 }}|{{ 'ab' * 3 }}",
    "{{ 'ab' * 4611686018427387904 }}",
    # indexing, slicing, length of non-ASCII strings
    "{% set s = 'aéb€c' %}{% for i in range(s | length) %}{{ s[i] }}.{% endfor %}{{ s[-1] }}{{ s[::-1] }}{{ s[1:4] }}{{ s[::2] }}{{ s[-2::-2] }}",
    "{{ 'héllo'.find('llo') }}|{{ 'héllo'.find('x') }}|{{ 'aaaa'.count('aa') }}|{{ 'héllo'.find('') }}|{{ 'é' in 'café' }}",
    # namespaces with many attributes keep their insertion order and last values
    "{% set ns = namespace(a0=0) %}{% for i in range(3) %}{% set ns.a1 = i %}{% set ns.a2 = i %}{% set ns.a3 = i %}{% set ns.a4 = i %}{% set ns.a5 = i %}"
    "{% set ns.a6 = i %}{% set ns.a7 = i %}{% set ns.a8 = i %}{% set ns.a9 = i %}{% set ns.a10 = i %}{% set ns.a11 = i %}{% endfor %}{{ ns.a0 }}{{ ns.a11 }}{{ ns.a5 }}",
    "{% set d = {'k1': 1, 'k2': 2, 'k3': 3, 'k4': 4, 'k5': 5, 'k6': 6, 'k7': 7, 'k8': 8, 'k9': 9, 'k10': 10, 'k1': 11} %}{{ d }}|{{ d.k10 }}|{{ d['k1'] }}|{{ d.get('k9') }}|{{ d | length }}",
    # CR and CRLF line ends: normalized before lexing (inside tags and literals too)
    "a\r\n{% if true %}\r\nb\r\n{% endif %}\r\nc\rd{{ 'x\r\ny' }}",
    "{{- ' a ' -}}\r\n\r\n{{ 1 }}\r\n",
    # found by tools/jinja_diff.py: sequences keep their Python kind (tuple, range, dict views, generators)
    "{{ (1, 2) }}|{{ (1,) }}|{{ () }}|{{ range(3) }}|{{ range(1, 10, 3) }}|{{ range(5)[1:3] }}|{{ (1, 2)[1:] }}|{{ [1] == (1,) }}",
    "{{ d.items() }}|{{ d.keys() }}|{{ d.values() | list }}|{% for k, v in d.items() %}{{ loop.previtem }}{% endfor %}|{{ d.keys()[0] }}|{{ d.keys() is sequence }}",
    "{{ l | select('odd') }}|{{ l | map('string') | list }}|{% if [] | select('odd') %}truthy{% endif %}|{{ (l | select('odd') | list | length) }}|{{ l | reverse }}|{{ range(2) | reverse }}",
    "{{ l | select('odd') | length }}",
    "{{ n | map('upper') }}|{{ 0 | map('upper') | list }}|{{ 'ab' ~ (n | map('upper')) }}",
    "{{ n | map('upper') | list }}",
    "{{ l | unique ~ 'x' }}|{{ ll | unique ~ 'y' }}",
    "{{ ll | unique | list }}",
    # tests: a stray argument, odd/even/divisibleby as value % n, callable and sequence of undefined
    "{{ 0.1 is odd }}|{{ 3.0 is odd }}|{{ -1 is odd }}|{{ 4.0 is even }}|{{ 7.5 is divisibleby(2.5) }}|{{ x is callable }}|{{ x is sequence }}",
    "{{ 3 is odd(1) }}",
    "{{ x is odd }}",
    "{{ 'a' is divisibleby(3) }}",
    "{{ (True is not lower in [[], '10', 20]) if false else 'not evaluated' }}",
    # if/elif tests take no conditional expression; slices of what is not a sequence fail
    "{% if 1 if true else 0 %}x{% endif %}",
    "{{ n[1:] }}",
    "{{ d[1:] }}",
    "{{ x[1:] }}",
    # safe is Markup: + with a plain string escapes it
    "{{ '<a>' | safe + '&\"' }}|{{ ('a' | safe) ~ '<' }}|{{ 3 | safe }}|{{ '<' + 'b' | safe }}",
    # Python's repr escapes non-printable code points; case over Unicode letters
    "{{ ['a\u00a0b', '\u200b', '\u3000', '\u00e9'] }}|{{ 'été' | upper }}|{{ 'ÉTÉ'.lower() }}|{{ 'élan vital'.title() }}|{{ 'é' is lower }}|{{ 'É1' is upper }}",
    # jinja2's top-level scoping: a name the template sets first hides the context's until it is set
    "{% for x in [1] %}[{{ n }}]{% endfor %}{% set n = 1 %}{{ n }}|{{ m2 }}",
    "{{ n }}{% set n = 1 %}{{ n }}",
    "{% if t %}{% set n = 1 %}{% endif %}{% for x in [1] %}{{ n }}{% endfor %}",
    "{% if t %}{% set n = 1 %}{% else %}{% set n = 2 %}{% endif %}{% for x in [1] %}{{ n }}{% endfor %}",
    "{% for x in [1, 2] %}{{ n }}{% set n = x %}{{ n }}{% endfor %}{{ n }}",
    "{% for y in [1] %}{% for x in [1] %}[{{ n }}]{% endfor %}{% set n = 3 %}{{ n }}{% endfor %}",
    "{% set blk %}{% set n = 5 %}{{ n }}{% endset %}{{ blk }}{{ n }}",
    # a set block is a frame as a loop body is: a name it sets first starts undefined there (loops inside see that)
    "{% set blk %}{% for x in [1] %}[{% if n %}{{ n }}{% endif %}]{% endfor %}{% set n = 2 %}{{ n }}{% endset %}{{ blk }}{{ n }}",
    "{% set blk %}{% for x in [1, 2] %}{{ n + x }}{% set n = x %}{% endfor %}{% set n = 2 %}{% endset %}{{ blk }}",
    "{% set blk %}{{ n }}{% set n = 2 %}{{ n }}{% endset %}{{ blk }}{{ n }}",
    "{{ n }}{% set blk %}{% for x in [1] %}{{ n }}{% endfor %}{% set n = 2 %}{% endset %}{{ blk }}",
    # a for's else body is a frame of its own: what it sets is not seen after the loop
    "{% for x in [] %}{% else %}{% set n = 1 %}{{ n }}{% endfor %}|{{ n }}",
    "{% for x in [] %}{% else %}{{ n }}{% set n = 1 %}{{ n }}{% endfor %}|{{ n }}|{% for x in [] %}{% else %}{{ q }}{% set q = 1 %}{% endfor %}|{{ q }}",
    # o[] is a subscript by the empty tuple (a test's argument may be one: 1 is odd in [] reads a name "in")
    "{{ l[] }}|{{ d[] }}|{{ 'ab'[] }}|{% if false %}{{ {} is callable in [] }}{% endif %}",
    "{{ 1 is odd in [] }}",
    # dict_keys and dict_items compare as sets; dict_values by identity
    "{{ d.items() >= d.keys() }}|{{ d.keys() <= d.keys() }}|{{ d.keys() < d.keys() }}|{{ d.keys() == {'a': 2, 'k': 3}.keys() }}|{{ {'a': 1}.keys() < d.keys() }}|{{ d.values() == d.values() }}",
    "{{ d.values() < d.values() }}",
    "{{ d.values() in {'a': None} }}|{{ d.values() in d.keys() }}",
    # unique is lazy: the items before an unhashable one are yielded, then it fails
    "{% set v = ['v', 1, [1, 2]] %}{{ (1 in v | unique(case_sensitive=true))['k'] }}|{{ 'v' in v | unique }}|{{ v | unique | first }}",
    "{% set v = ['v', 1, [1, 2]] %}{{ [9] in v | unique }}",
    "{% set v = ['v', 1, [1, 2]] %}{{ v | unique | list }}",
    # list methods, arithmetic of sequences and strings
    "{{ l.count(3) }}|{{ l.index(2) }}|{{ 3 * 'ab' }}|{{ [1, 2] * 2 }}|{{ (1,) + (2,) }}|{{ [1, 2] < [1, 3] }}|{{ ['b'] > ['a', 'z'] }}",
    "{{ [1] + (2,) }}",
    "{{ 'a %s' % 1 }}",
    # integers past 64 bits are refused, not wrapped
    "{{ 9223372036854775807 + 1 }}",
    "{{ 1e300 | int }}",
]


# the variables the cases above may read (the suite passes the same context)
CONTEXT = {"n": 7, "l": [3, 1, 2], "ll": [[1, 2], [3, 4]], "d": {"k": "v", "a": 1}, "t": True}


def main():
    out = []
    for t in CASES:
        try:
            r = render({"chat_template": t}, {"messages": [], "add_generation_prompt": False, "context": copy.deepcopy(CONTEXT)})
        except Exception as e:  # noqa: BLE001 (a syntax error is raised when the template compiles)
            r = {"error": "%s: %s" % (type(e).__name__, e), "raised": False}
        case = {"template": t}
        if "output" in r:
            r["output"] = re.sub(r" at 0x[0-9a-f]+>", ">", r["output"])
        case.update(r)
        if "error" not in r and any(big in t for big in ("99999999999999999999", "1e300 | int", "9223372036854775807 + 1")):
            case = {"template": t, "error": "a Python integer beyond 64 bits: wm.h refuses it", "limit": True}
        if "error" not in r and "' % " in t:
            case = {"template": t, "error": "printf-style % formatting of a string: wm.h refuses it by name", "limit": True}
        out.append(case)
    path = os.path.join(ROOT, "tests", "fixtures", "chat", "cases.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"context": CONTEXT, "cases": out}, f, ensure_ascii=False, indent=0)
        f.write("\n")
    print("%s: %d cases" % (path, len(out)))


if __name__ == "__main__":
    main()
