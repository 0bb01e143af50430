#!/usr/bin/env node
// Writes tests/fixtures/tok/marks.json: NFC and NFKC of a base followed by
// long runs of combining marks (hundreds to thousands, then a mark of a lower
// class, a starter, or another base), as the tokenizers library normalizes
// them, through a byte-level tokenizer with no merges (one id per byte of
// the normalized text: tests/fixtures/tok/marks.tokenizer.json, its
// normalizer set per case). Each case: the text as head + mark x k + tail,
// the number of ids and the FNV-1a 64 of "id,id,...".
// usage: node tools/gen_mark_cases.js NODE_MODULES_DIR   (npm install @anush008/tokenizers)
const fs = require("fs"), path = require("path");
const { Tokenizer } = require(path.join(process.argv[2], "@anush008/tokenizers"));
const root = path.join(__dirname, "..", "tests", "fixtures", "tok");
const vocab = {}, bs = [];
for (let b = 33; b <= 126; b++) bs.push(b);
for (let b = 161; b <= 172; b++) bs.push(b);
for (let b = 174; b <= 255; b++) bs.push(b);
let extra = 0;
for (let b = 0; b < 256; b++) if (!bs.includes(b)) { vocab[String.fromCodePoint(256 + extra++)] = b; }
bs.forEach((b) => { vocab[String.fromCodePoint(b)] = b; });
const bl = { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: false };
const tj = { version: "1.0", added_tokens: [], normalizer: { type: "NFC" }, pre_tokenizer: bl, post_processor: null, decoder: bl,
             model: { type: "BPE", vocab, merges: [] } };
fs.writeFileSync(path.join(root, "marks.tokenizer.json"), JSON.stringify(tj));
function fnv(s) { let h = 0xcbf29ce484222325n; for (const c of Buffer.from(s)) { h ^= BigInt(c); h = (h * 0x100000001b3n) & 0xffffffffffffffffn; } return h.toString(16).padStart(16, "0"); }
const specs = [];
for (const k of [1, 2, 29, 30, 31, 32, 33, 60, 127, 128, 129, 255, 256, 257, 1000, 5000])
  for (const tail of ["\u0323", "\u0323x", "\u0327", "\u0301\u0323e", ""]) specs.push(["e", "\u0301", k, tail]);
specs.push(["\u1100", "\u0301", 300, "\u1161"], ["A", "\u030a", 40, "\u0316".repeat(40)], ["\u0915", "\u093c", 300, "\u094d\u0937"]);
(async () => {
  const out = [];
  for (const norm of ["NFC", "NFKC"]) {
    tj.normalizer = { type: norm };
    const tmp = path.join(root, ".marks-tmp.json");
    fs.writeFileSync(tmp, JSON.stringify(tj));
    const t = Tokenizer.fromFile(tmp);
    fs.unlinkSync(tmp);
    for (const [head, mark, k, tail] of specs) {
      const ids = (await t.encode(head + mark.repeat(k) + tail, null, { addSpecialTokens: false })).getIds();
      out.push({ norm, head, mark, k, tail, n: ids.length, fnv: fnv(ids.join(",")) });
    }
  }
  fs.writeFileSync(path.join(root, "marks.json"), JSON.stringify(out, null, 0) + "\n");
  console.log(out.length + " cases");
})();
