#!/usr/bin/env python3
"""A vocabulary-only GGUF, as llama.cpp's convert script writes one, from a
tokenizer.json, and llama.cpp's own token ids for the texts of a cases file:
the ground truth of wm.h's GGUF tokenizer (tokenizer.ggml.*). PRE "llama":
a SentencePiece vocabulary (tokenizer.ggml.model "llama": tokens, scores,
token_type; a token's score is minus the rank of the merge that makes it);
otherwise a byte-level BPE one (model "gpt2": tokens, token_type, merges,
pre PRE).

usage: tools/gen_gguf_vocab.py TOKENIZER_JSON PRE CASES_JSON_GZ LLAMA_TOKENIZE OUT_PREFIX
  writes OUT_PREFIX.gguf.gz and OUT_PREFIX.llama.json.gz ([{text, ids}] from
  llama-tokenize --no-bos --no-escape --ids, every text of CASES_JSON_GZ)"""
import gzip
import json
import os
import struct
import subprocess
import sys
import tempfile


def gguf(tok, pre):
    vocab = tok["model"]["vocab"]
    n = max(vocab.values()) + 1
    tokens = [""] * n
    types = [1] * n
    for k, i in vocab.items():
        tokens[i] = k
    for a in tok.get("added_tokens", []):
        tokens[a["id"]] = a["content"]
        types[a["id"]] = 3 if a.get("special") else 4
    merges = [m if isinstance(m, str) else " ".join(m) for m in tok["model"]["merges"]]

    def s(x):
        b = x.encode("utf-8")
        return struct.pack("<Q", len(b)) + b
    if pre == "llama":
        scores = [0.0] * n
        for r, m in enumerate(merges):
            t = m.replace(" ", "")
            if t in vocab and scores[vocab[t]] == 0.0:
                scores[vocab[t]] = -float(r + 1)
        for i, t in enumerate(tokens):
            if types[i] == 1 and len(t) == 6 and t.startswith("<0x") and t.endswith(">"):
                types[i] = 6
        unk = tok["model"].get("unk_token")
        if unk in vocab:
            types[vocab[unk]] = 2
        kv = [("general.architecture", 8, s("llama")), ("tokenizer.ggml.model", 8, s("llama")),
              ("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, n) + b"".join(s(t) for t in tokens)),
              ("tokenizer.ggml.scores", 9, struct.pack("<IQ", 6, n) + b"".join(struct.pack("<f", x) for x in scores)),
              ("tokenizer.ggml.token_type", 9, struct.pack("<IQ", 5, n) + b"".join(struct.pack("<i", t) for t in types)),
              ("tokenizer.ggml.unknown_token_id", 4, struct.pack("<I", vocab.get(unk, 0))),
              ("tokenizer.ggml.bos_token_id", 4, struct.pack("<I", 1)), ("tokenizer.ggml.eos_token_id", 4, struct.pack("<I", 2)),
              ("tokenizer.ggml.add_bos_token", 7, b"\1")]
    else:
        kv = [("general.architecture", 8, s("gpt2")), ("tokenizer.ggml.model", 8, s("gpt2")), ("tokenizer.ggml.pre", 8, s(pre)),
              ("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, n) + b"".join(s(t) for t in tokens)),
              ("tokenizer.ggml.token_type", 9, struct.pack("<IQ", 5, n) + b"".join(struct.pack("<i", t) for t in types)),
              ("tokenizer.ggml.merges", 9, struct.pack("<IQ", 8, len(merges)) + b"".join(s(m) for m in merges)),
              ("tokenizer.ggml.add_bos_token", 7, b"\0")]
    out = b"GGUF" + struct.pack("<IQQ", 3, 0, len(kv))
    for k, t, v in kv:
        out += s(k) + struct.pack("<I", t) + v
    return out + b"\0" * ((32 - len(out) % 32) % 32)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__.strip())
    tj, pre, cases, lt, prefix = sys.argv[1:]
    tok = json.load(gzip.open(tj) if tj.endswith(".gz") else open(tj))
    data = gguf(tok, pre)
    with tempfile.TemporaryDirectory() as d:
        g = os.path.join(d, "v.gguf")
        open(g, "wb").write(data)
        res = []
        for c in json.load(gzip.open(cases)):
            f = os.path.join(d, "t.txt")
            open(f, "w", encoding="utf-8").write(c["text"])
            r = subprocess.run([lt, "-m", g, "-f", f, "--ids", "--no-bos", "--no-escape", "--log-disable"], capture_output=True, text=True)
            line = [l for l in r.stdout.splitlines() if l.startswith("[")]
            if r.returncode or not line:
                sys.exit("llama-tokenize failed: " + r.stderr[-500:])
            res.append({"text": c["text"], "ids": json.loads(line[-1])})
    gzip.open(prefix + ".gguf.gz", "wb").write(data)
    gzip.open(prefix + ".llama.json.gz", "wt").write(json.dumps(res))
    print("%s: %d texts" % (prefix, len(res)))


if __name__ == "__main__":
    main()
