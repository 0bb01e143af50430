// The chat page of `wm serve` in headless Chromium (Debian's, driven by
// playwright-core): type a message, read the streamed reply; it equals the
// API's answer for the same conversation and seed. A screenshot goes to
// the second argument. Usage: node serve_page.mjs URL PNG
import { createRequire } from 'module';
const require = createRequire(import.meta.url + '/../');
const { chromium } = require('playwright-core');
const [url, png] = process.argv.slice(2);
let fails = 0;
const ok = (cond, what) => { console.log((cond ? 'ok   ' : 'FAIL ') + 'chat page: ' + what); if (!cond) fails++; };
// (flags for sandboxes: no setuid sandbox, a small /dev/shm, no network beyond loopback)
let browser;
try {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--disable-quic'] });
} catch (e) { // a browser that cannot start here is the machine's limit, not the page's: said, not counted
  console.log('skipped Chromium does not start here: ' + String(e.message || e).split('\n').filter(l => l.trim()).slice(0, 8).join(' | '));
  process.exit(0);
}
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
  const errors = [];
  page.on('pageerror', e => errors.push(String(e)));
  page.on('requestfailed', r => errors.push('request failed: ' + r.url()));
  await page.goto(url + '?seed=4');
  await page.waitForFunction(() => document.getElementById('model').textContent === 'doge-demo', null, { timeout: 60000 }); // (Chromium starts slowly on a loaded machine)
  await page.fill('#temp', '0.8');
  await page.fill('#max', '40');
  await page.fill('#msg', 'Hello! What is your favourite colour?');
  await page.keyboard.press('Enter');
  let partial = '';
  // (streaming, or already done: 40 tokens of the demo can come within one animation frame)
  await page.waitForFunction(() => ['streaming', 'done'].includes(document.getElementById('status').dataset.state));
  await page.waitForFunction(() => { const a = document.querySelectorAll('.msg.assistant'); return a.length && a[a.length - 1].textContent.length > 0; });
  partial = await page.$eval('.msg.assistant', e => e.textContent);
  await page.waitForFunction(() => document.getElementById('status').dataset.state === 'done', null, { timeout: 60000 });
  const reply = await page.$eval('.msg.assistant', e => e.textContent);
  ok(reply.length > 0 && reply.startsWith(partial), `typed a message; the reply streamed in ('${partial.slice(0, 20)}' first, then '${reply.slice(0, 50)}...')`);
  const res = await fetch(new URL('/v1/chat/completions', url), { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello! What is your favourite colour?' }], stream: false, max_tokens: 40, temperature: 0.8, seed: 4 }) });
  const want = (await res.json()).choices[0].message.content;
  ok(reply === want, 'the reply equals the API answer for the same conversation and seed');
  await page.fill('#msg', 'And why?');
  await page.click('#send');
  await page.waitForFunction(() => document.querySelectorAll('.msg.assistant').length === 2 && document.getElementById('status').dataset.state === 'done', null, { timeout: 60000 });
  ok((await page.$$eval('.msg', es => es.length)) === 4, 'a second turn: the conversation holds 4 messages');
  ok(errors.length === 0, `no page errors, no outside requests (${errors.join('; ')})`);
  if (png) await page.screenshot({ path: png });
} finally {
  await browser.close();
}
process.exit(fails ? 1 : 0);
