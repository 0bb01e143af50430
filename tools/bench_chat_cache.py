#!/usr/bin/env python3
"""A multi-turn chat against a running `wm serve` (or llama-server): each turn
a user message of about 30 tokens, a 32-token answer appended as the
assistant's message. Prints, per turn, the prompt's tokens, llama-server's
timings (cache_n, prompt_n, prompt_ms: the server's time to the first
token), ttft_ms (the client's: request sent to the first streamed token,
waits included) and, with --check, whether the answer equals the same
request sent with cache_prompt false (byte for byte). --no-cache sends
every turn with cache_prompt false (the table without the cache).
--generate=WM,MODEL[,TOKENIZER] also runs `WM generate` on each turn's whole
prompt (the server's /apply-template) with the same seed and sampling and
says whether it wrote the same answer.

usage: tools/bench_chat_cache.py URL [TURNS] [--check] [--no-cache] [--generate=WM,MODEL[,TOKENIZER]]
  e.g. build/wm serve examples/models/cheems-demo -np 1 --port 8099 &
       tools/bench_chat_cache.py http://127.0.0.1:8099 10 --check
"""
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

args = [a for a in sys.argv[1:] if not a.startswith("--")]
check = "--check" in sys.argv
nocache = "--no-cache" in sys.argv
gen = next((a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--generate=")), None)
url = args[0].rstrip("/") + "/v1/chat/completions"
turns = int(args[1]) if len(args) > 1 else 10
words = ("the sea keeps its kernels in a warm harbour where compilers mend their nets and sing about registers "
         "while the tide brings cache lines home through fog and the lighthouse counts every cycle twice").split()


def ask(messages, seed, cache=True, stream=False):
    body = {"messages": messages, "max_tokens": 32, "seed": seed, "temperature": 0.8, "ignore_eos": True, "stream": stream}
    if not cache:
        body["cache_prompt"] = False
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        t0 = time.time()
        with urllib.request.urlopen(req) as r:
            if not stream:
                return json.loads(r.read())
            text, first, last = "", None, None
            for line in r:
                line = line.decode().strip()
                if not line.startswith("data: {"):
                    continue
                ev = json.loads(line[6:])
                for c in ev.get("choices", []):
                    if c.get("delta", {}).get("content"):
                        first = first or time.time()
                        text += c["delta"]["content"]
                if "timings" in ev:
                    last = ev
            last["usage"] = last.get("usage") or {}
            return {"choices": [{"message": {"content": text}}], "timings": last["timings"], "ttft_ms": 1e3 * ((first or time.time()) - t0)}
    except urllib.error.HTTPError as e:
        sys.exit("turn %d: HTTP %d %s" % (seed, e.code, e.read().decode(errors="replace")))


msgs = [{"role": "system", "content": "You are a patient storyteller."}]
print("turn\tprompt_tokens\tcache_n\tprompt_n\tprompt_ms\tttft_ms" + ("\tsame_without_cache" if check else "") + ("\tsame_as_wm_generate" if gen else ""))


def generate(messages, seed):
    req = urllib.request.Request(args[0].rstrip("/") + "/apply-template", json.dumps({"messages": messages}).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        prompt = json.loads(r.read())["prompt"]
    with urllib.request.urlopen(args[0].rstrip("/") + "/props") as r: # the server's context
        n_ctx = json.loads(r.read())["default_generation_settings"]["n_ctx"]
    cmd = [gen[0], "generate", gen[1], "-p", prompt, "--no-bos", "-n", "32", "--seed", str(seed), "--temp", "0.8", "--top-p", "1", "--ignore-eos", "-c", str(n_ctx)]
    if len(gen) > 2:
        cmd += ["--tokenizer", gen[2]]
    out = subprocess.run(cmd, capture_output=True).stdout.decode(errors="replace")
    return out[len(prompt):].rstrip("\n")
for t in range(1, turns + 1):
    text = " ".join(words[(7 * t + i) % len(words)] for i in range(24)) + "?"
    msgs.append({"role": "user", "content": "Turn %d: %s" % (t, text)})
    j = ask(msgs, t, cache=not nocache, stream=True)
    tm = j["timings"]
    line = "%d\t%d\t%d\t%d\t%.1f\t%.1f" % (t, tm["cache_n"] + tm["prompt_n"], tm["cache_n"], tm["prompt_n"], tm["prompt_ms"], j["ttft_ms"])
    if check:
        k = ask(msgs, t, cache=False)
        line += "\t%s" % ("yes" if k["choices"][0]["message"]["content"] == j["choices"][0]["message"]["content"] else "NO")
    if gen:
        line += "\t%s" % ("yes" if generate(msgs, t) == j["choices"][0]["message"]["content"].rstrip("\n") else "NO")
    print(line, flush=True)
    msgs.append({"role": "assistant", "content": j["choices"][0]["message"]["content"]})
