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

// structured output and tools; python3-jsonschema (CI installs it) validates, where it is present
import { execFileSync } from 'child_process';
const valid = (x, schema) => {
  try {
    return execFileSync('/usr/bin/python3', ['-c', 'import json,sys\ntry:\n import jsonschema\nexcept ImportError:\n print("absent"); sys.exit()\n' +
      'jsonschema.validate(json.loads(sys.argv[1]), json.loads(sys.argv[2])); print("valid")', JSON.stringify(x), JSON.stringify(schema)]).toString().trim() !== '';
  } catch (e) { return false; }
};
const person = { type: 'object', properties: { name: { type: 'string', maxLength: 10 }, age: { type: 'integer', minimum: 0, maximum: 120 },
                                               tags: { type: 'array', items: { enum: ['red', 'green', 'blue'] }, maxItems: 3 } },
                 required: ['name', 'age', 'tags'] };
const rf = await client.chat.completions.create({ model: 'doge-demo', messages: [{ role: 'user', content: 'A person as JSON, please.' }], max_tokens: 200, seed: 5,
                                                  response_format: { type: 'json_schema', json_schema: { name: 'person', schema: person, strict: true } } });
let parsed = null;
try { parsed = JSON.parse(rf.choices[0].message.content); } catch (e) { /* not JSON */ }
ok(parsed !== null && valid(parsed, person), `response_format json_schema: JSON.parse of the content validates (${JSON.stringify(parsed)})`);
const params = { type: 'object', properties: { city: { type: 'string', maxLength: 12 }, unit: { enum: ['c', 'f'] } }, required: ['city', 'unit'] };
const tools = [{ type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: params } }];
const ask = [{ role: 'user', content: 'What is the weather in Paris?' }];
const tc = await client.chat.completions.create({ model: 'doge-demo', messages: ask, tools, tool_choice: 'required', parallel_tool_calls: false, max_tokens: 200, seed: 3 });
const call = tc.choices[0].message.tool_calls && tc.choices[0].message.tool_calls[0];
ok(tc.choices[0].finish_reason === 'tool_calls' && call && call.type === 'function' && call.function.name === 'get_weather' && /^call_/.test(call.id) &&
   valid(JSON.parse(call.function.arguments), params), `tools, tool_choice required: a call whose arguments validate (${call && call.function.arguments})`);
const ts2 = await client.chat.completions.create({ model: 'doge-demo', messages: ask, tools, tool_choice: 'required', parallel_tool_calls: false, max_tokens: 200, seed: 3,
                                                   stream: true });
const acc = [];
let tfin = null;
for await (const ch of ts2) {
  const c = ch.choices[0];
  if (!c) continue;
  if (c.finish_reason) tfin = c.finish_reason;
  for (const d of c.delta.tool_calls || []) {
    const e = acc[d.index] || (acc[d.index] = { id: '', type: '', function: { name: '', arguments: '' } });
    if (d.id) e.id += d.id;
    if (d.type) e.type += d.type;
    if (d.function) { e.function.name += d.function.name || ''; e.function.arguments += d.function.arguments || ''; }
  }
}
ok(tfin === 'tool_calls' && JSON.stringify(acc) === JSON.stringify(tc.choices[0].message.tool_calls), 'tools streamed: the deltas reassembled equal the whole answer\'s tool_calls');
const follow = await client.chat.completions.create({ model: 'doge-demo', tools, max_tokens: 8, seed: 1,
  messages: [...ask, tc.choices[0].message, { role: 'tool', tool_call_id: call ? call.id : 'x', content: '18 C and sunny' }] });
ok(follow.choices[0].message.content !== undefined && follow.usage.prompt_tokens > tc.usage.prompt_tokens, `a follow-up with the role tool result is accepted (${follow.usage.prompt_tokens} prompt tokens)`);
process.exit(fails ? 1 : 0);
