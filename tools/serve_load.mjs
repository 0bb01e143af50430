// A bounded load generator for `wm serve` (127.0.0.1 only): C concurrent
// clients, each sending R streaming completions of N tokens one after
// another (ignore_eos, so every answer has N tokens). Prints one JSON line:
// tokens/s summed over the clients, time to first token and inter-token
// latency (p50, p99, ms). No dependencies (Node's fetch).
// node tools/serve_load.mjs URL CLIENTS [REQUESTS] [TOKENS]
const [url, cArg, rArg, nArg] = process.argv.slice(2);
const u = new URL(url || '');
if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost') { console.error('serve_load: 127.0.0.1 only'); process.exit(1); }
const C = Math.min(64, +cArg || 1), R = Math.min(1000, +rArg || 4), N = Math.min(4096, +nArg || 64);
const ttft = [], itl = [];
let tokens = 0;
async function one(client, k) {
  const t0 = performance.now();
  const res = await fetch(new URL('/v1/completions', u), { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt: `Story ${client}.${k}: once upon a time`, max_tokens: N, temperature: 0.8, seed: client * 1000 + k,
                           ignore_eos: true, stream: true, stream_options: { include_usage: true } }), signal: AbortSignal.timeout(600000) });
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  const rd = res.body.getReader(), dec = new TextDecoder();
  let buf = '', last = 0;
  for (;;) {
    const { value, done } = await rd.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const ev = buf.slice(0, i); buf = buf.slice(i + 2);
      if (!ev.startsWith('data: {')) continue;
      const j = JSON.parse(ev.slice(6)), now = performance.now();
      if (j.usage) { tokens += j.usage.completion_tokens; continue; }
      if (!j.choices[0] || !j.choices[0].text) continue;
      if (!last) ttft.push(now - t0); else itl.push(now - last);
      last = now;
    }
  }
}
const q = (a, p) => { const s = [...a].sort((x, y) => x - y); return s.length ? +s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(1) : null; };
const t0 = performance.now();
await Promise.all(Array.from({ length: C }, async (_, c) => { for (let k = 0; k < R; k++) await one(c, k); }));
const s = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ clients: C, requests: C * R, tokens, seconds: +s.toFixed(2), tokens_per_s: +(tokens / s).toFixed(1),
  ttft_ms_p50: q(ttft, 0.5), ttft_ms_p99: q(ttft, 0.99), itl_ms_p50: q(itl, 0.5), itl_ms_p99: q(itl, 0.99) }));
