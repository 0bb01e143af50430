// A soak of `wm serve`: for SECONDS, WORKERS clients loop over random
// actions: streamed and whole completions and chats, multi-turn ones over
// a long system message among them (each the same text as its run alone
// without the prompt cache, checked), streams aborted mid-way, garbage bytes, a head
// sent slowly then dropped, connect-and-close, malformed JSON (a 400).
// Every 10 s the server's /health and its RSS (/proc/PID) are sampled.
// Passes when every completed answer equals its reference, no slot stays
// busy at the end, the server is alive, and its RSS after the first minute
// grew by less than 10 %. Usage: node serve_soak.mjs URL SERVER_PID SECONDS [WORKERS]
import net from 'net';
import fs from 'fs';
const [url, pidArg, secArg, wArg, cacheArg] = process.argv.slice(2);
const base = new URL(url), PID = +pidArg, SECONDS = +secArg || 30, WORKERS = +wArg || 8, CACHE_MB = +cacheArg || 0; /* CACHE_MB: the server's --cache-ram */
if (base.hostname !== '127.0.0.1') { console.error('soak: 127.0.0.1 only'); process.exit(2); }
const H = { 'Content-Type': 'application/json' };
const prompts = ['The secret of a happy life is', 'Once upon a time', 'In the beginning', 'Dear friend,'];
const reqs = [];
for (let i = 0; i < 12; i++) {
  const chat = i % 3 === 0;
  const body = chat ? { messages: [{ role: 'user', content: prompts[i % 4] }], max_tokens: 12 + (i % 5) * 6, seed: 100 + i, temperature: 0.9 }
                    : { prompt: prompts[i % 4], max_tokens: 12 + (i % 5) * 6, seed: 100 + i, temperature: 0.9 };
  reqs.push({ path: chat ? '/v1/chat/completions' : '/v1/completions', body, chat });
}
// multi-turn chats over a long system message (past the prompt cache's 64-token checkpoints): they share prefixes,
// so under load they restore each other's checkpoints (and evict them, with a small --cache-ram)
const sys = 'You are a storyteller of the sea. ' + Array.from({ length: 6 }, (_, i) => `Wave ${i} carries a kernel to the compiler's harbour.`).join(' ');
const turns = ['Tell me about the harbour.', 'And the kernel?', 'What did the compiler say?', 'How does it end?'];
for (let i = 0; i < 6; i++) {
  const messages = [{ role: 'system', content: sys }];
  for (let t = 0; t <= i % 4; t++) {
    messages.push({ role: 'user', content: turns[t] });
    if (t < i % 4) messages.push({ role: 'assistant', content: `Answer ${t}: the tide was high and the registers were full.` });
  }
  reqs.push({ path: '/v1/chat/completions', body: { messages, max_tokens: 10 + i * 2, seed: 200 + i, temperature: 0.8 }, chat: true });
}
async function run(r, stream, abortAfter) {
  const ac = new AbortController();
  const res = await fetch(new URL(r.path, base), { method: 'POST', headers: H, body: JSON.stringify({ ...r.body, stream }), signal: ac.signal });
  if (res.status !== 200) throw new Error('status ' + res.status + ' ' + (await res.text()).slice(0, 200));
  if (!stream) { const j = await res.json(); if (j.timings && j.timings.cache_n > 0) stats.restored++; return r.chat ? j.choices[0].message.content : j.choices[0].text; }
  const rd = res.body.getReader(), dec = new TextDecoder();
  let buf = '', out = '', n = 0, done = false;
  while (!done) {
    const { value, done: d } = await rd.read();
    if (d) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const ev = buf.slice(0, i); buf = buf.slice(i + 2);
      if (ev === 'data: [DONE]') { done = true; break; }
      if (!ev.startsWith('data: {')) continue;
      const c = JSON.parse(ev.slice(6)).choices[0];
      if (c) out += r.chat ? (c.delta.content || '') : c.text;
      if (abortAfter && ++n >= abortAfter) { ac.abort(); return null; }
    }
  }
  return out;
}
function rawSend(bytes, holdMs) {
  return new Promise(res => {
    const s = net.connect(+base.port, '127.0.0.1');
    s.on('error', () => res());
    s.on('data', () => {});
    s.on('close', () => res());
    s.on('connect', () => { s.write(bytes); setTimeout(() => s.destroy(), holdMs); });
  });
}
const rss = () => { try { return +fs.readFileSync(`/proc/${PID}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]; } catch (e) { return -1; } };
const stats = { answers: 0, same: 0, differ: 0, aborted: 0, garbage: 0, bad400: 0, errors: 0, restored: 0 };
// the references: each request alone, before the load, without the prompt cache (every answer under load must equal them)
const ref = [];
for (const r of reqs) ref.push(await run({ ...r, body: { ...r.body, cache_prompt: false } }, false));
const t0 = Date.now(), end = t0 + SECONDS * 1000, samples = [];
let rng = 12345;
const rand = n => { rng = (rng * 1103515245 + 12345) % 2147483648; return (rng >>> 16) % n; }; /* (the high bits: an LCG's low bits repeat) */
async function worker() {
  while (Date.now() < end) {
    const a = rand(10);
    try {
      if (a < 5) {
        const k = rand(reqs.length), got = await run(reqs[k], rand(2) === 1, 0);
        stats.answers++;
        if (got === ref[k]) stats.same++; else { stats.differ++; console.log('DIFFER', k, JSON.stringify(got), JSON.stringify(ref[k])); }
      } else if (a === 5) { await run(reqs[rand(reqs.length)], true, 1 + rand(4)); stats.aborted++; }
      else if (a === 6) { const b = Buffer.alloc(1 + rand(3000)); for (let i = 0; i < b.length; i++) b[i] = rand(256); await rawSend(b, 50); stats.garbage++; }
      else if (a === 7) { await rawSend('POST /v1/completions HTTP/1.1\r\nContent-Length: 100\r\n\r\n{"prompt":', 300 + rand(500)); stats.garbage++; }
      else if (a === 8) { await rawSend('', 1); stats.garbage++; }
      else {
        const res = await fetch(new URL('/v1/completions', base), { method: 'POST', headers: H, body: '{"prompt": "x", "max_tokens": [1,' });
        if (res.status === 400) stats.bad400++; else stats.errors++;
        await res.text();
      }
    } catch (e) { if (e.name !== 'AbortError') { stats.errors++; console.log('error', String(e)); } }
  }
}
const sampler = setInterval(async () => {
  try { const h = await (await fetch(new URL('/health', base))).json(); samples.push({ t: Math.round((Date.now() - t0) / 1000), rss_kb: rss(), busy: h.slots_processing, ck: h.cache_checkpoints, cb: h.cache_bytes }); } catch (e) { samples.push({ t: -1 }); }
}, 10000);
await Promise.all(Array.from({ length: WORKERS }, worker));
clearInterval(sampler);
await new Promise(r => setTimeout(r, 1500));
const h = await (await fetch(new URL('/health', base))).json();
const after = samples.find(s => s.t >= 60) || samples[0] || { rss_kb: rss() }, last = rss();
// (the prompt cache's checkpoints, bounded by --cache-ram and counted by /health, left out: a short soak is still filling it)
const heldKb = (cb) => Math.round((cb || 0) / 1024);
const grew = after.rss_kb > 0 ? ((last - heldKb(h.cache_bytes)) - (after.rss_kb - heldKb(after.cb))) / after.rss_kb : 0;
console.log(JSON.stringify({ seconds: SECONDS, workers: WORKERS, ...stats, health: h, rss_kb_first: samples.length ? samples[0].rss_kb : null, rss_kb_ref: after.rss_kb, rss_kb_end: last, samples: samples.length }));
const ok = (c, w) => { console.log((c ? 'ok   ' : 'FAIL ') + 'soak: ' + w); return c; };
let good = true;
good &= ok(stats.answers > 0 && stats.differ === 0, `${stats.same} of ${stats.answers} answers equal their runs alone`);
good &= ok(h.status === 'ok' && h.slots_processing === 0 && h.queued === 0, 'no slot stays busy, nothing queued');
good &= ok(stats.errors === 0, `no unexpected errors (${stats.errors})`);
good &= ok(grew < 0.10, `memory flat: RSS ${after.rss_kb} KB -> ${last} KB, less the cache's checkpoints ${heldKb(after.cb)} -> ${heldKb(h.cache_bytes)} KB (${(100 * grew).toFixed(1)} %)`);
if (CACHE_MB) {
  const most = Math.max(h.cache_bytes, ...samples.map(x => x.cb || 0));
  good &= ok(stats.restored > 0 && most <= CACHE_MB * 1048576,
             `prompt cache: ${stats.restored} answers from checkpoints, at most ${most} bytes held (--cache-ram ${CACHE_MB} MB)`);
}
process.exit(good ? 0 : 1);
