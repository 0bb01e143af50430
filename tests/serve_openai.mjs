// The official openai npm client against `wm serve` (tests/serve.sh starts
// it): chat and text completions, whole and streamed, the model list, and
// an error as the client reports it. Usage: node serve_openai.mjs BASE_URL
import { createRequire } from 'module';
const require = createRequire(import.meta.url + '/../');
const OpenAI = require('openai').default || require('openai');
const base = process.argv[2];
const client = new OpenAI({ baseURL: base, apiKey: 'unused', maxRetries: 0, timeout: 60000 });
let fails = 0;
const ok = (cond, what) => { console.log((cond ? 'ok   ' : 'FAIL ') + 'openai client: ' + what); if (!cond) fails++; };
const msgs = [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Tell me about the sea.' }];

const models = await client.models.list();
ok(models.data.length === 1 && models.data[0].id === 'doge-demo', `models.list(): ${models.data.map(m => m.id)}`);

const chat = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 20, seed: 7, temperature: 0.7 });
const text = chat.choices[0].message.content;
ok(chat.object === 'chat.completion' && text.length > 0 && chat.usage.completion_tokens > 0 && chat.usage.total_tokens === chat.usage.prompt_tokens + chat.usage.completion_tokens,
   `chat.completions.create: '${text.slice(0, 40)}...' (${chat.usage.completion_tokens} tokens)`);

const stream = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 20, seed: 7, temperature: 0.7, stream: true,
                                                      stream_options: { include_usage: true } });
let streamed = '', finish = null, usage = null, chunks = 0;
for await (const ch of stream) {
  chunks++;
  if (ch.usage) usage = ch.usage;
  const c = ch.choices[0];
  if (!c) continue;
  if (c.delta.content) streamed += c.delta.content;
  if (c.finish_reason) finish = c.finish_reason;
}
ok(streamed === text, `chat stream: ${chunks} chunks make the same answer`);
ok(finish === chat.choices[0].finish_reason && usage && usage.completion_tokens === chat.usage.completion_tokens, `chat stream: finish_reason ${finish}, usage`);

const cmpl = await client.completions.create({ model: 'doge-demo', prompt: 'The secret of a happy life is', max_tokens: 16, seed: 3, temperature: 0.8 });
ok(cmpl.object === 'text_completion' && cmpl.usage.completion_tokens === 16, `completions.create: '${cmpl.choices[0].text.slice(0, 40)}...'`);
const cs = await client.completions.create({ model: 'doge-demo', prompt: 'The secret of a happy life is', max_tokens: 16, seed: 3, temperature: 0.8, stream: true });
let ctext = '';
for await (const ch of cs) ctext += ch.choices[0] ? ch.choices[0].text : '';
ok(ctext === cmpl.choices[0].text, 'completion stream: the same text');

const lp = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 4, seed: 1, logprobs: true, top_logprobs: 2 });
ok(lp.choices[0].logprobs.content.length === lp.usage.completion_tokens && lp.choices[0].logprobs.content[0].top_logprobs.length === 2, 'logprobs: an entry per token');

try {
  await client.chat.completions.create({ model: 'doge-demo', messages: msgs, temperature: 'hot' });
  ok(false, 'a bad request throws');
} catch (e) {
  ok(e.status === 400 && /temperature/.test(e.message), `a bad request: APIError ${e.status}: ${e.message}`);
}
const ab = new AbortController();
const st2 = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 200, stream: true }, { signal: ab.signal });
let got = 0;
try { for await (const ch of st2) { if (++got === 3) ab.abort(); } } catch (e) { /* aborted */ }
const again = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 20, seed: 7, temperature: 0.7 });
ok(again.choices[0].message.content === text, 'a stream aborted mid-way: the next request is answered as before');
// what real clients send beside: n, logit_bias, user
const two = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 8, seed: 7, temperature: 0.7, n: 2, user: 'u-1',
                                                    logit_bias: { '0': -100 } });
const one = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 8, seed: 8, temperature: 0.7, logit_bias: { '0': -100 } });
ok(two.choices.length === 2 && two.choices[0].index === 0 && two.choices[1].index === 1,
   `n: 2 gives two choices, index 0 and 1 (${JSON.stringify(two.choices.map(c => c.message.content))})`);
ok(two.choices[1].message.content === one.choices[0].message.content, 'n: 2, the second choice is the answer of seed + 1');
const ts = await client.chat.completions.create({ model: 'doge-demo', messages: msgs, max_tokens: 4, seed: 7, n: 2, stream: true });
const parts = ['', ''];
for await (const ch of ts) for (const c of ch.choices) parts[c.index] += c.delta.content || '';
ok(parts[0].length > 0 && parts[1].length > 0, `n: 2 streamed: chunks of both choices (${JSON.stringify(parts)})`);
process.exit(fails ? 1 : 0);
