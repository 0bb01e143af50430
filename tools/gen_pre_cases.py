#!/usr/bin/env python3
"""llama.cpp's token ids for every pre-tokenizer family of its BPE
vocabularies. The vocabulary is byte-level BPE trained here on the test
texts themselves with no pre-tokenizer, so its tokens cross every boundary a
split could draw: wherever two families split a text differently, their ids
differ. Its GGUF, with tokenizer.ggml.pre set to each name, is tokenized by
llama-tokenize (built beside the project; nothing of llama.cpp is kept but
the ids). The texts separate the families: digit runs, CJK / Han / kana /
Hangul, letter case, contractions, punctuation runs, every kind of
whitespace, combining marks, Chameleon's sentinels, and random mixes.

usage: tools/gen_pre_cases.py LLAMA_TOKENIZE [NAME ...]
  writes tests/fixtures/tok/pre-vocab.gguf.gz (pre "gpt-2"), pre-raw-vocab.gguf.gz (BPE on UTF-8
  characters with spaces as U+2581 and <0xXX> byte tokens: gemma4, sarvam-moe, whitespace) and
  tests/fixtures/tok/pre.json.gz: {"texts": [...], "pre": {NAME: [[ids] per text]}, "raw": [NAME: of the raw
  vocabulary], "model": {NAME: its tokenizer.ggml.model when not "gpt2"}}
  (names: one per family by default)"""
import gzip
import json
import os
import random
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_gguf_vocab import gguf  # noqa: E402

# one name per family (the first), then the others of that family
FAMILIES = [
    ["default"], ["llama3", "llama-v3", "llama-bpe", "falcon3", "falcon-h1", "pixtral", "midm-2.0", "lfm2", "jina-v5-nano"],
    ["dbrx", "smaug-bpe", "glm4", "chatglm-bpe"], ["minicpm5"], ["deepseek-llm"], ["deepseek-coder"],
    ["deepseek-v3", "hunyuan-dense", "joyai-llm"], ["youtu"], ["falcon"],
    ["gpt-2", "mpt", "olmo", "jais", "phi-2", "jina-es", "jina-de", "gigachat", "jina-v2-es", "jina-v2-de", "a.x-4.0", "mellum",
     "modern-bert", "exaone4", "jina-v1-en", "jina-v2-code", "roberta-bpe", "trillion", "granite-docling"],
    ["starcoder", "refact", "command-r", "smollm", "codeshell", "exaone", "minerva-7b", "mellum2"], ["jais-2"],
    ["qwen2", "deepseek-r1-qwen", "kormo", "f2llmv2", "megrez", "stablelm2", "hunyuan", "grok-2", "solar-open"], ["qwen35"],
    ["poro-chat", "bloom", "gpt3-finnish"], ["viking"], ["tekken"], ["chameleon"], ["gpt-4o", "llama4", "kanana2", "talkie", "minimax-m2"],
    ["granite-embed-multi-97m"], ["tiny_aya", "cohere2moe"], ["kimi-k2"], ["superbpe"], ["bailingmoe", "bailingmoe2", "llada-moe"],
    ["seed-coder"], ["afmoe"], ["laguna", ], ["exaone-moe"], ["gemma4", "granite-embed-multi-311m"], ["sarvam-moe"], ["whitespace"]]
RAW = {"gemma4", "granite-embed-multi-311m", "sarvam-moe", "whitespace"}  # BPE on UTF-8 characters: tokenized with pre-raw-vocab.gguf
MODEL = {"whitespace": "whitespace"}  # tokenizer.ggml.model other than "gpt2" (llama.cpp drops whitespace first)

FIXED = [
    "Hello, world! It's 2024; we've got 1234567 reasons (and 3.14159) to test.",
    "I'M SURE THEY'LL SAY 'NO' -- YOU'D THINK WE'RE DONE, DON'T YOU?",
    "HTMLParser parses XMLHttpRequest; iPhone, eBay, McDonald, ÉCOLE école éRIC Ǆemal ǅemal",
    "numbers: 1 12 123 1234 12345 123456 1234567 12345678 123456789 1234567890 ١٢٣٤٥ ⅫⅢ ½ ²³",
    "a1b22c333d4444e55555 x-1,000,000.00 $99.99 +42 -7 3e10 0x1F 1_000",
    "汉字和漢字混合文本，测试中文分词。日本語のテキスト、カタカナとひらがな。한국어 텍스트도 있습니다.",
    "中文123中文abc中文 ＡＢＣ１２３ ｱｲｳ 「引用」『二重』【括弧】",
    "tabs\tand\t\tdouble tabs, CRLF\r\nline\rCR only\n\n\nthree newlines   \n  \t \n",
    "nbsp\u00a0here, ideographic\u3000space, em\u2003space, nel\u0085char, lsep\u2028psep\u2029end",
    "trailing spaces     ",
    "     leading spaces",
    "a    b     c      d       e        f",
    "Ünïcödé çömbïnïng: e\u0301 a\u0308 n\u0303 o\u0302\u0323 \u0915\u094d\u0937 \u0e01\u0e34\u0e19",
    "Devanagari: नमस्ते दुनिया। Arabic: مرحبا، بالعالم۔ Hebrew: שלום עולם",
    "punct!!! ??? ... ,,, ;;; ::: --- ___ *** ### @@@ $$$ %%% ^^^ &&& ((( ))) [[[ ]]] {{{ }}} ||| ~~~ ``` '''",
    "<sentinel:0><sentinel:123>IMGIMGAZ IMGIMGABCDZ IMGIMGABCDEZ text",
    "code: def f(x):\n    return x**2 + 1  # comment\n\tif x >= 10: print(f'{x}')\n",
    "emoji 😀😃 👍🏽 👨\u200d👩\u200d👧 🇩🇪 ❤️ and symbols ©®™ ±×÷ →⇒ ∑∫ €£¥",
    "it's IT'S it'S you're YOU'RE we've WE'VE I'm I'M they'll THEY'LL he'd HE'D don't 's 't",
    "mixed   \n   whitespace \t\n\t runs\u00a0\u00a0\u00a0 and  \u3000 \u3000 things",
    "Ελληνικά κείμενα, Кириллица ТЕКСТ, ქართული, Հայերեն, ภาษาไทย, ພາສາລາວ, ភាសាខ្មែរ, မြန်မာ",
    "ΣΊΣΥΦΟΣ ΔΊΚΗ ﬁﬂ ǅ ǈ ǋ ǲ ʰʲ ˢ ᵃ ꙮ 𝐀𝐁𝐂 𝒂𝒃",
    "x" * 40 + " " * 40 + "1" * 40 + "。" * 10 + "\n" * 5,
    " ?!.,…。，、।۔،( ) | ",
    "", " ", "\n", "a", "1", "'", "' s", "A'S",
]

ALPHABET = (list("abcXYZ019 '\t\n\r.,!?-_()[]{}$+<=>^`|~#@&*/\\\":;") + ["é", "Ñ", "ß", "ǅ", "\u0301", "\u0308", "中", "漢", "語", "あ", "カ",
            "한", "ㄱ", "١", "٣", "Ⅻ", "½", "\u00a0", "\u3000", "\u2003", "\u0085", "\u2028", "。", "，", "、", "…", "“", "”", "！", "Ａ",
            "ｱ", "😀", "€", "©", "∑", "—", "।", "۔", "،", "ก", "\u0e34", "ا", "ש", "Ω", "Ж", "ж", "\u200b", "\ufeff", "\U00020000"])


def texts():
    rng = random.Random(33)
    out = list(FIXED)
    for _ in range(150):
        n = rng.randint(1, 60)
        s = []
        while len(s) < n:
            c = rng.choice(ALPHABET)
            s.append(c * (rng.randint(2, 7) if rng.random() < 0.15 else 1))
        out.append("".join(s))
    return out


def byte_map():
    """GPT-2's byte -> character table"""
    bs = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    cs, n = bs[:], 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return {b: chr(c) for b, c in zip(bs, cs)}


def learn(seqs, n_merges, known=None):
    """the most frequent adjacent pair merged in seqs (ties by the pair's text), up to n_merges times, while a
    pair occurs twice; with known (a set, grown by each merge): only pairs of tokens in it"""
    merges = []
    for _ in range(n_merges):
        cnt = {}
        for s in seqs:
            for a, b in zip(s, s[1:]):
                if known is None or (a in known and b in known):
                    cnt[(a, b)] = cnt.get((a, b), 0) + 1
        if not cnt:
            break
        best = max(cnt.items(), key=lambda kv: (kv[1], kv[0]))
        if best[1] < 2:
            break
        a, b = best[0]
        merges.append(a + " " + b)
        if known is not None:
            known.add(a + b)
        for k, s in enumerate(seqs):
            out, i = [], 0
            while i < len(s):
                if i + 1 < len(s) and s[i] == a and s[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(s[i])
                    i += 1
            seqs[k] = out
    return merges


def with_merged(tokens, merges):
    """tokens, then each merge's result not among them yet, in merge order"""
    seen = set(tokens)
    for m in merges:
        t = m.replace(" ", "")
        if t not in seen:
            seen.add(t)
            tokens.append(t)
    return tokens


def train(ts, n_merges):
    """byte-level BPE merges learned on the whole texts (no pre-tokenizer)"""
    bm = byte_map()
    merges = learn([[bm[b] for b in t.encode()] for t in ts], n_merges)
    return with_merged([bm[b] for b in range(256)], merges), merges


def train_raw(ts, n_merges):
    """BPE on UTF-8 characters with spaces as U+2581 (llama.cpp's gemma4, sarvam-moe, whitespace): the 256 <0xXX>
    byte tokens, the characters seen twice or more (the rest fall back to bytes), then merges of those as train()'s"""
    seqs = [list(t.replace(" ", "\u2581")) for t in ts]
    cnt = {}
    for s in seqs:
        for c in s:
            cnt[c] = cnt.get(c, 0) + 1
    tokens = ["<0x%02X>" % b for b in range(256)] + sorted(c for c, k in cnt.items() if k >= 2)
    merges = learn(seqs, n_merges, set(tokens))
    return with_merged(tokens, merges), merges


def vocab_gguf(tokens, merges):
    """the vocabulary-only GGUF of byte-level BPE tokens and merges (pre "gpt-2"), as tools/gen_gguf_vocab.py writes one"""
    return gguf({"model": {"vocab": {t: i for i, t in enumerate(tokens)}, "merges": merges}, "added_tokens": []}, "gpt-2")


def with_pre(gguf, name, key=b"tokenizer.ggml.pre"):
    """the GGUF with its tokenizer.ggml.pre (or key's) value replaced"""
    at = gguf.index(struct.pack("<Q", len(key)) + key) + 8 + len(key)
    assert struct.unpack_from("<I", gguf, at)[0] == 8
    n = struct.unpack_from("<Q", gguf, at + 4)[0]
    v = name.encode()
    return gguf[:at + 4] + struct.pack("<Q", len(v)) + v + gguf[at + 12 + n:]


def ids_of(lt, gguf, text, d):
    g = os.path.join(d, "v.gguf")
    open(g, "wb").write(gguf)
    f = os.path.join(d, "t.txt")
    open(f, "w", encoding="utf-8", newline="").write(text)
    r = subprocess.run([lt, "-m", g, "-f", f, "--ids", "--no-bos", "--no-escape", "--log-disable"], capture_output=True, text=True)
    line = [x for x in r.stdout.splitlines() if x.startswith("[")]
    if r.returncode or not line:
        sys.exit("llama-tokenize failed: " + r.stderr[-500:])
    return json.loads(line[-1])


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    lt = sys.argv[1]
    names = sys.argv[2:] or [f[0] for f in FAMILIES]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    ts = texts()
    base = vocab_gguf(*train(ts, 6000))
    with gzip.GzipFile(os.path.join(root, "tests/fixtures/tok/pre-vocab.gguf.gz"), "wb", mtime=0) as f:
        f.write(base)
    raw = vocab_gguf(*train_raw(ts, 6000))
    with gzip.GzipFile(os.path.join(root, "tests/fixtures/tok/pre-raw-vocab.gguf.gz"), "wb", mtime=0) as f:
        f.write(raw)
    res = {}
    with tempfile.TemporaryDirectory() as d:
        for name in names:
            g = with_pre(raw if name in RAW else base, name)
            if name in MODEL:
                g = with_pre(g, MODEL[name], b"tokenizer.ggml.model")
            res[name] = [ids_of(lt, g, t, d) for t in ts]
            print("%s: %d texts" % (name, len(ts)), flush=True)
    out = os.path.join(root, "tests/fixtures/tok/pre.json.gz")
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        f.write(json.dumps({"texts": ts, "pre": res, "raw": sorted(RAW & set(res)), "model": {k: v for k, v in MODEL.items() if k in res}},
                           ensure_ascii=False, separators=(",", ":")).encode())


if __name__ == "__main__":
    main()
