#!/usr/bin/env python3
"""A multi-turn chat against a running `wm serve` (or llama-server): each turn
a user message of about 30 tokens, a 32-token answer appended as the
assistant's message. Prints, per turn, the prompt's tokens, llama-server's
timings (cache_n, prompt_n, prompt_ms: the time to the first token) and,
with --check, whether the answer equals the same request sent with
cache_prompt false (byte for byte).

usage: tools/bench_chat_cache.py URL [TURNS] [--check]
  e.g. build/wm serve examples/models/cheems-demo -np 1 --port 8099 &
       tools/bench_chat_cache.py http://127.0.0.1:8099 10 --check
"""
import json
import sys
import urllib.error
import urllib.request

args = [a for a in sys.argv[1:] if not a.startswith("--")]
check = "--check" in sys.argv
url = args[0].rstrip("/") + "/v1/chat/completions"
turns = int(args[1]) if len(args) > 1 else 10
words = ("the sea keeps its kernels in a warm harbour where compilers mend their nets and sing about registers "
         "while the tide brings cache lines home through fog and the lighthouse counts every cycle twice").split()


def ask(messages, seed, cache=True):
    body = {"messages": messages, "max_tokens": 32, "seed": seed, "temperature": 0.8, "ignore_eos": True}
    if not cache:
        body["cache_prompt"] = False
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        sys.exit("turn %d: HTTP %d %s" % (seed, e.code, e.read().decode(errors="replace")))


msgs = [{"role": "system", "content": "You are a patient storyteller."}]
print("turn\tprompt_tokens\tcache_n\tprompt_n\tprompt_ms" + ("\tsame_without_cache" if check else ""))
for t in range(1, turns + 1):
    text = " ".join(words[(7 * t + i) % len(words)] for i in range(24)) + "?"
    msgs.append({"role": "user", "content": "Turn %d: %s" % (t, text)})
    j = ask(msgs, t)
    tm = j["timings"]
    line = "%d\t%d\t%d\t%d\t%.1f" % (t, j["usage"]["prompt_tokens"], tm["cache_n"], tm["prompt_n"], tm["prompt_ms"])
    if check:
        k = ask(msgs, t, cache=False)
        line += "\t%s" % ("yes" if k["choices"][0]["message"]["content"] == j["choices"][0]["message"]["content"] else "NO")
    print(line, flush=True)
    msgs.append({"role": "assistant", "content": j["choices"][0]["message"]["content"]})
