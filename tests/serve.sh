#!/usr/bin/env bash
# wm serve over HTTP: curl cases for every endpoint and error, concurrent
# clients equal to one client alone, the official openai npm client
# (tests/serve_openai.mjs) and the chat page in headless Chromium
# (tests/serve_page.mjs) where node and those packages are installed
# ($WM_NODE_MODULES, default build/npm/node_modules; CI installs them).
# Usage: tests/serve.sh [WM_BINARY]. Last line: N passed, N failed.
set -u
WM=${1:-build/wm}
MODEL=examples/models/doge-demo
T=build/tmp/serve
NODE_MODULES=${WM_NODE_MODULES:-build/npm/node_modules}
mkdir -p "$T"
source "$(dirname "${BASH_SOURCE[0]}")/cases.sh"

# start a server; sets PID and PORT
start() {
  rm -f "$T/server.log" # (else the loop below may read the last server's port before this one's log is truncated)
  "$WM" serve "$MODEL" --port 0 "$@" > "$T/server.log" 2>&1 &
  PID=$!
  PORT=$(serve_port "$T/server.log")
  [ -n "$PORT" ] || { cat "$T/server.log"; return 1; }
}
stop() { kill -TERM "$PID" 2>/dev/null; wait "$PID" 2>/dev/null; }
URL() { echo "http://127.0.0.1:$PORT$1"; }
# req METHOD PATH [curl args...]: the status in $ST, the body in $T/body
req() { local m=$1 p=$2; shift 2; ST=$(curl -s -o "$T/body" -w '%{http_code}' -X "$m" "$(URL "$p")" "$@"); }
post() { local p=$1 d=$2; shift 2; req POST "$p" -H 'Content-Type: application/json' --data-binary "$d" "$@"; }
body_has() { grep -q -- "$1" "$T/body"; }
jget() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);const v=eval("j"+process.argv[1]);process.stdout.write(typeof v==="string"?v:JSON.stringify(v));})' "$1" < "$T/body"; }
# raw bytes to the server; the reply's first line in $LINE
raw() { LINE=$(printf "$1" | timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$PORT; cat >&3; head -n 1 <&3" 2>/dev/null | tr -d '\r'); }

start -np 4 -c 512 --metrics || { bad "server starts"; summary; exit 1; }
ok "server starts on a free port ($PORT)"
HAVE_NODE=0; command -v node > /dev/null && HAVE_NODE=1

# ---- the endpoints
req GET /health;      [ "$ST" = 200 ] && body_has '"status":"ok"'; verdict "GET /health: 200, ok"
req GET /v1/models;   [ "$ST" = 200 ] && body_has '"id":"doge-demo"' && body_has '"object":"list"'; verdict "GET /v1/models: the model"
req GET /;            [ "$ST" = 200 ] && body_has '<title>wm.h chat</title>'; verdict "GET /: the chat page"
CHAT='{"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hello! Who are you?"}],"max_tokens":24,"seed":4,"temperature":0.8}'
post /v1/chat/completions "$CHAT"; cp "$T/body" "$T/chat.json"
[ "$ST" = 200 ] && body_has '"object":"chat.completion"' && body_has '"usage":{"prompt_tokens":'; verdict "chat: 200, a chat.completion with usage"
post /v1/chat/completions "$CHAT"
sed 's/"created":[0-9]*//; s/chatcmpl-[0-9]*//; s/"timings":{[^}]*}//' "$T/body" > "$T/a"; sed 's/"created":[0-9]*//; s/chatcmpl-[0-9]*//; s/"timings":{[^}]*}//' "$T/chat.json" > "$T/b"
check "chat: the same seed, the same answer (ids and times aside)" cmp -s "$T/a" "$T/b"
curl -sN "$(URL /v1/chat/completions)" -H 'Content-Type: application/json' --data-binary "${CHAT%\}},\"stream\":true,\"stream_options\":{\"include_usage\":true}}" > "$T/stream.txt"
check "chat stream: events end with [DONE]" [ "$(tail -n 2 "$T/stream.txt" | head -n 1)" = "data: [DONE]" ]
check "chat stream: a usage chunk" grep -q '"choices":\[\],"usage"' "$T/stream.txt"
check "chat stream: the role first" grep -q -m1 '"delta":{"role":"assistant","content":""}' "$T/stream.txt"
body_has '"timings":{"cache_n":[0-9]*,"prompt_n":' && body_has '"predicted_n":' && body_has '"predicted_per_second":'; verdict "chat: llama-server's timings beside usage"
check "chat stream: the last chunk has the timings" grep -q '"finish_reason":"[a-z]*"}\],"timings":{"cache_n":' "$T/stream.txt"

# ---- the prompt cache: turn 2 restores turn 1's checkpoint, the same bytes as without it
M1='{"role":"system","content":"You tell long stories about kernels, compilers and the sea, with many words in every sentence you write."},{"role":"user","content":"Tell me about the sea and the compilers that sail on it, in detail please, and slowly."}'
post /v1/chat/completions "{\"messages\":[$M1],\"max_tokens\":32,\"seed\":1}"
p1=$(sed -n 's/.*"prompt_tokens":\([0-9]*\).*/\1/p' "$T/body")
A1=$(sed 's/.*"content":\("[^"]*\(\\.[^"]*\)*"\).*/\1/' "$T/body")
M2="$M1,{\"role\":\"assistant\",\"content\":$A1},{\"role\":\"user\",\"content\":\"And then what happened to the kernel?\"}"
post /v1/chat/completions "{\"messages\":[$M2],\"max_tokens\":32,\"seed\":2}"; cp "$T/body" "$T/turn2.json"
c2=$(sed -n 's/.*"cache_n":\([0-9]*\),"prompt_n":\([0-9]*\).*/\1 \2/p' "$T/turn2.json")
check "prompt cache: turn 2 restores turn 1's checkpoint (cache_n, prompt_n: $c2)" [ "${c2%% *}" -ge 64 ]
# split_exact: after turn 1's answer was sent the slot prefilled the chat with it (rendered and tokenized as turn 2 will
# be), so turn 2 restores all of that (the answer's 32 tokens, give or take how its text tokenizes) and prefills only the
# new message and the template's tokens around it
check "prompt cache: turn 2 finds turn 1's prompt ($p1 tokens) and its answer cached: cache_n ${c2%% *} >= $p1 + 32 - 4" [ "${c2%% *}" -ge $((p1 + 28)) ]
post /v1/chat/completions "{\"messages\":[$M2],\"max_tokens\":32,\"seed\":2,\"cache_prompt\":false}"
c3=$(sed -n 's/.*"cache_n":\([0-9]*\),"prompt_n":\([0-9]*\).*/\1 \2/p' "$T/body")
check "prompt cache: cache_prompt false prefills it all (cache_n, prompt_n: $c3)" [ "${c3%% *}" = 0 ] && [ "${c3##* }" = "$(( ${c2%% *} + ${c2##* } ))" ]
sed 's/"created":[0-9]*//; s/chatcmpl-[0-9]*//; s/"timings":{[^}]*}//' "$T/body" > "$T/a"; sed 's/"created":[0-9]*//; s/chatcmpl-[0-9]*//; s/"timings":{[^}]*}//' "$T/turn2.json" > "$T/b"
check "prompt cache: the answer is the same bytes with it and without it" cmp -s "$T/a" "$T/b"

# ---- logit_bias, presence and frequency penalties (greedy, so each changes the answer it should)
G='"prompt":"Once upon a time","max_tokens":24,"temperature":0'
post /v1/completions "{$G}"; g0=$(sed 's/.*"text":"\([^"]*\)".*/\1/' "$T/body")
post /v1/completions "{$G,\"logit_bias\":{\"${g0:0:1}\":-100}}"; g1=$(sed 's/.*"text":"\([^"]*\)".*/\1/' "$T/body")
check "logit_bias -100 bans ('${g0:0:1}' by its text: '${g0:0:12}' became '${g1:0:12}')" [ "$ST" = 200 ] && [ "${g1:0:1}" != "${g0:0:1}" ]
post /tokenize '{"content":" the"}'; id=$(grep -o '[0-9]\+' "$T/body" | head -n 1)
post /v1/completions "{\"prompt\":\"Once upon a time\",\"max_tokens\":3,\"temperature\":0,\"logit_bias\":{\"$id\":100}}"
body_has '"text":" the the the"'; verdict "logit_bias +100 by id ($id) picks that token every time"
post /v1/completions "{$G,\"frequency_penalty\":2,\"presence_penalty\":0.5}"; g2=$(sed 's/.*"text":"\([^"]*\)".*/\1/' "$T/body")
check "frequency and presence penalties change a greedy answer ('${g2:0:30}')" [ "$ST" = 200 ] && [ "$g2" != "$g0" ]
post /v1/completions "{$G,\"logit_bias\":{\"999999\":1}}"; [ "$ST" = 400 ] && body_has 'out of range'; verdict "logit_bias of an unknown id: 400"
post /v1/completions "{$G,\"logit_bias\":{\"5\":101}}"; [ "$ST" = 400 ] && body_has '100'; verdict "logit_bias past 100: 400"
post /v1/completions "{$G,\"presence_penalty\":3}"; [ "$ST" = 400 ]; verdict "presence_penalty past 2: 400"

# ---- llama-server's /props, /slots and /metrics (read by python3-prometheus-client's parser)
req GET /props; [ "$ST" = 200 ] && body_has '"total_slots":4' && body_has '"default_generation_settings":{"n_ctx":512'; verdict "GET /props: slots, n_ctx"
req GET /slots; [ "$ST" = 200 ] && [ "$(grep -o '"id":' "$T/body" | wc -l)" = 4 ] && body_has '"is_processing":false'; verdict "GET /slots: every slot"
req GET /metrics
if /usr/bin/python3 -c 'import prometheus_client' 2>/dev/null; then
  m=$(/usr/bin/python3 -c '
import sys
from prometheus_client.parser import text_string_to_metric_families
v = {s.name: s.value for f in text_string_to_metric_families(open(sys.argv[1]).read()) for s in f.samples}
print(int(v["llamacpp:prompt_tokens_total"]), int(v["llamacpp:tokens_predicted_total"]), int(v["llamacpp:n_decode_total"]), len(v))' "$T/body" 2>&1)
  set -- $m; check "GET /metrics: Prometheus text, parsed (prompt tokens, predicted, steps, samples: $m)" [ "${1:-0}" -gt 0 ] && [ "${2:-0}" -gt 0 ] && [ "${3:-0}" -gt 0 ]
else
  [ "$ST" = 200 ] && body_has '^llamacpp:prompt_tokens_total [1-9]'; verdict "GET /metrics: the counters (python3-prometheus-client absent: not parsed)"
fi

# ---- llama-server's /tokenize and /detokenize, HEAD, fields clients send
post /tokenize '{"content":"Hello world, caf\u00e9!"}'; cp "$T/body" "$T/tok.json"
[ "$ST" = 200 ] && body_has '"tokens":\[[0-9]'; verdict "POST /tokenize: 200, the ids"
post /detokenize "$(sed 's/"tokens"/"tokens"/' "$T/tok.json")"
[ "$ST" = 200 ] && body_has '"content":"Hello world, café!"'; verdict "POST /detokenize: the ids back to the text"
post /tokenize '{"content":"caf\u00e9","with_pieces":true}'
[ "$ST" = 200 ] && body_has '"piece":'; verdict "POST /tokenize with_pieces: id and piece pairs ($(head -c 120 "$T/body"))"
if [ $HAVE_NODE = 1 ]; then # POST /apply-template: the text a chat's prompt is, as many tokens as the chat's usage counts
  post /apply-template "{\"messages\":[$M1]}"; tp=$(jget '.prompt')
  post /tokenize "$(node -e 'process.stdout.write(JSON.stringify({content: JSON.parse(require("fs").readFileSync(process.argv[1])).prompt}))' "$T/body")"; ntp=$(grep -o '[0-9]\+' "$T/body" | wc -l)
  check "POST /apply-template: the chat's text, its $ntp tokens the chat's $p1 prompt tokens ('${tp:0:40}...')" [ "$ntp" = "$p1" ] && [ "${tp/compilers that sail/}" != "$tp" ]
  post /apply-template '{"messages":[]}'; [ "$ST" = 400 ]; verdict "POST /apply-template of no messages: 400"
fi
post /tokenize '{"content":"a","add_special":true}'; n_sp=$(grep -o '[0-9]\+' "$T/body" | wc -l)
post /tokenize '{"content":"a"}'; n_pl=$(grep -o '[0-9]\+' "$T/body" | wc -l)
check "POST /tokenize add_special: the BOS more ($n_sp ids, $n_pl without)" [ "$n_sp" -gt "$n_pl" ]
post /detokenize '{"tokens":[1,-3]}'; [ "$ST" = 400 ] && body_has 'is not a token id'; verdict "POST /detokenize of a bad id: 400 naming it"
post /tokenize '{"text":"a"}'; [ "$ST" = 400 ] && body_has "unknown field 'text'"; verdict "POST /tokenize of an unknown field: 400 naming it"
for p in /health /v1/models /; do
  h=$(curl -s -I -o /dev/null -w '%{http_code} %{size_download}' "$(URL $p)"); check "HEAD $p: 200 and no body ($h)" [ "$h" = "200 0" ]
done
post /v1/completions '{"prompt":"Hi","max_tokens":2,"user":"u1","store":false,"metadata":{"k":"v"},"service_tier":"auto"}'
[ "$ST" = 200 ]; verdict "completions: user, store, metadata and service_tier accepted (OpenAI clients send them)"
if [ $HAVE_NODE = 1 ]; then
  whole=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1]));process.stdout.write(j.choices[0].message.content)' "$T/chat.json")
  streamed=$(node -e 'let o="";for(const l of require("fs").readFileSync(process.argv[1],"utf8").split("\n")){if(!l.startsWith("data: {"))continue;const j=JSON.parse(l.slice(6));const c=j.choices[0];if(c&&c.delta&&c.delta.content)o+=c.delta.content;}process.stdout.write(o)' "$T/stream.txt")
  [ -n "$whole" ] && [ "$whole" = "$streamed" ]; verdict "chat stream: the deltas make the whole answer ('${whole:0:40}...')"
fi
PROMPT='The secret of a happy life is'
post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":40,\"seed\":3,\"temperature\":0.8}"
want=$("$WM" generate "$MODEL" -p "$PROMPT" -n 40 --seed 3 --temp 0.8 --top-p 1 2>/dev/null)
if [ $HAVE_NODE = 1 ]; then
  got=$(jget '.choices[0].text')
  check "completion: the text of wm generate with the same seed ('${got:0:40}...')" [ "$PROMPT$got" = "$want" ]
  check "completion: usage 8 + 40" [ "$(jget '.usage.prompt_tokens'),$(jget '.usage.completion_tokens')" = "8,40" ]
  # a second turn (the prompt, its answer, more text) from the prompt cache: still wm generate's text for that prompt
  P2="$PROMPT$got And then"
  post /v1/completions "$(node -e 'process.stdout.write(JSON.stringify({prompt: process.argv[1], max_tokens: 24, seed: 4, temperature: 0.8}))' "$P2")"
  got2=$(jget '.choices[0].text'); cn2=$(jget '.timings.cache_n')
  want2=$("$WM" generate "$MODEL" -p "$P2" -n 24 --seed 4 --temp 0.8 --top-p 1 2>/dev/null)
  check "completion, turn 2 from the prompt cache ($cn2 tokens restored): the text of wm generate on its whole prompt (${got2:0:30} / ${want2:${#P2}:30})" [ "$cn2" -gt 40 ] && [ "$P2$got2" = "$want2" ]
  cut=${got%%drink*}
  post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":40,\"seed\":3,\"temperature\":0.8,\"stop\":[\"drink\",\"zebra\"]}"
  [ "$(jget '.choices[0].text')" = "$cut" ] && [ "$(jget '.choices[0].finish_reason')" = stop ] && [ ${#cut} -lt ${#got} ]; verdict "completion: a stop string ends the text before it ('${cut: -20}')"
  curl -sN "$(URL /v1/completions)" -d "{\"prompt\":\"$PROMPT\",\"max_tokens\":40,\"seed\":3,\"temperature\":0.8,\"stop\":\"you can drink\",\"stream\":true}" > "$T/cs.txt"
  streamed=$(node -e 'let o="",f="";for(const l of require("fs").readFileSync(process.argv[1],"utf8").split("\n")){if(!l.startsWith("data: {"))continue;const c=JSON.parse(l.slice(6)).choices[0];o+=c.text;if(c.finish_reason)f=c.finish_reason;}process.stdout.write(o+"|"+f)' "$T/cs.txt")
  check "completion stream: a stop string held back, never sent" [ "$streamed" = "${got%%you can drink*}|stop" ]
fi
post /v1/chat/completions '{"messages":[{"role":"user","content":"Hi"}],"max_tokens":5,"seed":1,"logprobs":true,"top_logprobs":3}'
if [ $HAVE_NODE = 1 ]; then
  check "chat logprobs: one entry per token, 3 alternatives, the best first" node -e '
    const j=JSON.parse(require("fs").readFileSync(process.argv[1]));const c=j.choices[0].logprobs.content;
    process.exit(c.length===j.usage.completion_tokens && c.every(e=>e.top_logprobs.length===3 && e.logprob<=0 && e.top_logprobs[0].logprob>=e.top_logprobs[1].logprob && e.top_logprobs[0].logprob>=e.logprob-1e-6)?0:1)' "$T/body"
fi
post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":0}"
[ "$ST" = 200 ] && body_has '"text":"","logprobs":null,"finish_reason":"length"' && body_has '"completion_tokens":0,'; verdict "max_tokens 0: no text, no token, finish length"
post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":0,\"stream\":true}"
! grep -q '"text":"[^"]' "$T/body" && body_has '"finish_reason":"length"' && body_has '^data: \[DONE\]'; verdict "max_tokens 0, streamed: no text"
post /v1/chat/completions '{"messages":[{"role":"user","content":"Hi"}],"max_completion_tokens":3,"temperature":0,"frequency_penalty":0,"presence_penalty":0,"n":1,"user":"u1","stream":false,"top_p":null}'
[ "$ST" = 200 ] && body_has '"completion_tokens":3'; verdict "chat: the fields clients send by default are accepted"

# ---- errors: a 400 (or the status) with a message, never a crash
e400() { local what=$1 path=$2 data=$3 msg=$4; post "$path" "$data"; check "$what: $ST $(head -c 120 "$T/body")" [ "$ST" = 400 ] && body_has "$msg"; }
e400 "not JSON"            /v1/chat/completions '{"messages": [' 'not JSON'
e400 "trailing comma"      /v1/chat/completions '{"messages":[{"role":"user","content":"x"},]}' 'not JSON'
e400 "a wrong type"        /v1/chat/completions '{"messages":[{"role":"user","content":"x"}],"temperature":"hot"}' "'temperature' must be a number"
e400 "out of range"        /v1/chat/completions '{"messages":[{"role":"user","content":"x"}],"top_p":7}' "'top_p' must be in"
e400 "an unknown field"    /v1/chat/completions '{"messages":[{"role":"user","content":"x"}],"tempurature":1}' "unknown field 'tempurature'"
e400 "no messages"         /v1/chat/completions '{"model":"x"}' "'messages' is required"
e400 "empty messages"      /v1/chat/completions '{"messages":[]}' "'messages' is empty"
e400 "a bad role"          /v1/chat/completions '{"messages":[{"role":"king","content":"x"}]}' 'role must be'
e400 "n = 17"              /v1/chat/completions '{"messages":[{"role":"user","content":"x"}],"n":17}' "'n' must be in 1..16"
e400 "not an object"       /v1/completions '[1,2,3]' 'must be a JSON object'
e400 "no prompt"           /v1/completions '{"max_tokens":3}' "'prompt' is required"
e400 "a lone surrogate"    /v1/completions '{"prompt":"\ud800"}' 'a lone surrogate escape'
e400 "a prompt over the context" /v1/completions "{\"prompt\":\"$(head -c 6000 tests/fixtures/heldout.txt | tr -d '"\\\n\r\t')\"}" 'tokens; a slot holds 512'
e400 "a field twice"       /v1/completions '{"prompt":"a","stop":["x","y","z","w"],"stop":["x","y","z","w"]}' "'stop' is given twice"
e400 "too many stop strings" /v1/completions '{"prompt":"x","stop":["a","b","c","d","e"]}' "at most 4"
req POST /v1/chat/completions -H 'Content-Type: application/json' --data-binary @<(head -c 1100000 /dev/zero | tr '\0' ' ')
check "a body over 1 MB: 413" [ "$ST" = 413 ]
req GET /v1/chat/completions; [ "$ST" = 405 ] && body_has 'takes POST'; verdict "GET on a POST endpoint: 405"
req GET /nope;                [ "$ST" = 404 ] && body_has 'no such endpoint'; verdict "an unknown path: 404"
hdrs=(); for i in $(seq 70); do hdrs+=(-H "X-Many-$i: $i"); done
req GET /health "${hdrs[@]}"; check "70 headers: 431" [ "$ST" = 431 ]
raw 'GET /health HTTP/2.0\r\n\r\n';                               check "HTTP/2.0 in the request line: 505 ($LINE)" [ "$LINE" = "HTTP/1.1 505 HTTP Version Not Supported" ]
raw 'garbage\r\n\r\n';                                             check "a garbage request line: 400 ($LINE)" [ "$LINE" = "HTTP/1.1 400 Bad Request" ]
raw 'POST /v1/completions HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'; check "a chunked body: 501 ($LINE)" [ "$LINE" = "HTTP/1.1 501 Not Implemented" ]
raw 'POST /v1/completions HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n'; check "two Content-Lengths: 400 ($LINE)" [ "$LINE" = "HTTP/1.1 400 Bad Request" ]
raw 'GET /health HTTP/1.1\r\n\r\nGET /v1/models HTTP/1.1\r\n\r\n';   check "two pipelined requests: answered ($LINE)" [ "$LINE" = "HTTP/1.1 200 OK" ]
req GET /health; check "still serving after the errors" [ "$ST" = 200 ]

# ---- 6 clients at once (4 slots, 2 queued): each answer equals its own run alone
for i in 1 2 3 4 5 6; do
  post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":24,\"seed\":$i,\"temperature\":0.9}"; cp "$T/body" "$T/alone$i"
done
pids=()
for i in 1 2 3 4 5 6; do
  curl -s "$(URL /v1/completions)" -d "{\"prompt\":\"$PROMPT\",\"max_tokens\":24,\"seed\":$i,\"temperature\":0.9,\"stream\":$([ $((i % 2)) = 0 ] && echo true || echo false)}" > "$T/together$i" &
  pids+=($!)
done
wait "${pids[@]}"
same=0
if [ $HAVE_NODE = 1 ]; then
  for i in 1 2 3 4 5 6; do
    a=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1]));process.stdout.write(j.choices[0].text)' "$T/alone$i")
    b=$(node -e 'const s=require("fs").readFileSync(process.argv[1],"utf8");if(s.startsWith("{")){process.stdout.write(JSON.parse(s).choices[0].text)}else{let o="";for(const l of s.split("\n"))if(l.startsWith("data: {"))o+=JSON.parse(l.slice(6)).choices[0].text;process.stdout.write(o)}' "$T/together$i")
    [ -n "$a" ] && [ "$a" = "$b" ] && same=$((same + 1))
  done
  check "6 clients at once on 4 slots: $same of 6 answers equal their runs alone" [ $same = 6 ]
fi

# ---- the openai npm client and the page: each script's ok / FAIL lines count here
# node_cases LOG MIN WHAT ARGS...: runs node ARGS into $T/LOG, adds its counts, and fails when under MIN cases passed
# ---- structured output and tool calls (python3 reads the answers; python3-jsonschema validates where installed)
# pyj EXPR: EXPR of j (the body's JSON) and validate(instance, schema) (True where jsonschema is absent)
pyj() { /usr/bin/python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
def validate(x, s):
    try:
        import jsonschema
    except ImportError:
        return True
    try:
        jsonschema.validate(x, s)
        return True
    except Exception:
        return False
print(eval(sys.argv[2]))' "$T/body" "$1" 2>&1; }
S1='{"type":"object","properties":{"name":{"type":"string","maxLength":10},"age":{"type":"integer","minimum":0,"maximum":120},"tags":{"type":"array","items":{"enum":["red","green","blue"]},"maxItems":3}},"required":["name","age","tags"]}'
U1='{"role":"user","content":"Describe a person as JSON."}'
nv=0
for sd in 1 2 3 4 5; do
  post /v1/chat/completions "{\"messages\":[$U1],\"max_tokens\":200,\"seed\":$sd,\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"person\",\"schema\":$S1}}}"
  [ "$ST" = 200 ] && [ "$(pyj "validate(json.loads(j['choices'][0]['message']['content']), json.loads(sys.argv[3]) if len(sys.argv) > 3 else $S1)")" = True ] && nv=$((nv + 1))
done
check "response_format json_schema: 5 of 5 answers are JSON the schema validates ($nv)" [ $nv = 5 ]
post /v1/chat/completions "{\"messages\":[$U1],\"max_tokens\":120,\"seed\":2,\"response_format\":{\"type\":\"json_object\"}}"
r=$(pyj "j['choices'][0]['finish_reason'] == 'stop' and type(json.loads(j['choices'][0]['message']['content'])).__name__")
check "response_format json_object: the answer is JSON ($r)" [ "$ST" = 200 ] && [ -n "$r" ] && [ "${r#Traceback}" = "$r" ]
post /v1/chat/completions "{\"messages\":[$U1],\"grammar\":\"root ::= [a-c]{3} \\\".\\\"\",\"max_tokens\":10,\"seed\":1}"
r=$(pyj "j['choices'][0]['message']['content']")
check "grammar: the answer is a sentence of it ('$r')" [ "$ST" = 200 ] && [[ "$r" =~ ^[a-c]{3}\.$ ]]
post /v1/completions '{"prompt":"a","grammar":"root ::= \"x\"","json_schema":{}}'
[ "$ST" = 400 ] && body_has '"message":"Cannot use both json_schema and grammar"'; verdict "grammar and json_schema at once: 400, llama-server's message"
post /v1/completions '{"prompt":"a","grammar":"root ::= \"x\" y"}'
[ "$ST" = 400 ] && body_has "line 1, column 16: rule 'y' is used but not defined"; verdict "a grammar with an undefined rule: 400 naming the place ($(pyj "j['error']['message']"))"
post /v1/completions '{"prompt":"a","json_schema":{"type":"object","minProperties":1}}'
[ "$ST" = 400 ] && body_has "keyword 'minProperties' is not supported"; verdict "an unsupported schema keyword: 400 naming it"
post /v1/chat/completions "{\"messages\":[$U1],\"response_format\":{\"type\":\"xml\"}}"
[ "$ST" = 400 ] && body_has 'response_format.type'; verdict "response_format of an unknown type: 400"
P1='{"type":"object","properties":{"city":{"type":"string","maxLength":12},"unit":{"enum":["c","f"]}},"required":["city","unit"]}'
TOOLS="[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"description\":\"The weather in a city\",\"parameters\":$P1}},{\"type\":\"function\",\"function\":{\"name\":\"add\",\"parameters\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"]}}}]"
U2='{"role":"user","content":"What is the weather in Paris?"}'
TC="{\"messages\":[$U2],\"max_tokens\":200,\"seed\":3,\"tools\":$TOOLS,\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"}},\"parallel_tool_calls\":false"
post /v1/chat/completions "$TC}"; cp "$T/body" "$T/tools.json"
r=$(pyj "(j['choices'][0]['finish_reason'], j['choices'][0]['message']['content'], len(j['choices'][0]['message']['tool_calls']), j['choices'][0]['message']['tool_calls'][0]['function']['name'], validate(json.loads(j['choices'][0]['message']['tool_calls'][0]['function']['arguments']), $P1))")
check "tools, a named function: finish_reason tool_calls, no content, one call of it, its arguments valid ($r)" [ "$r" = "('tool_calls', None, 1, 'get_weather', True)" ]
curl -sN "$(URL /v1/chat/completions)" -H 'Content-Type: application/json' --data-binary "$TC,\"stream\":true}" > "$T/tools.sse"
r=$(/usr/bin/python3 -c '
import json, sys
calls, fin, content = {}, None, ""
for l in open(sys.argv[1]):
    if not l.startswith("data: {"): continue
    c = json.loads(l[6:])["choices"][0]
    fin = c["finish_reason"] or fin
    content += c["delta"].get("content") or ""
    for d in c["delta"].get("tool_calls", []):
        e = calls.setdefault(d["index"], {"id": "", "type": "", "function": {"name": "", "arguments": ""}})
        e["id"] += d.get("id", ""); e["type"] += d.get("type", "")
        for k in ("name", "arguments"): e["function"][k] += d.get("function", {}).get(k, "")
whole = json.load(open(sys.argv[2]))["choices"][0]["message"]["tool_calls"]
print(fin, content == "", [calls[i] for i in sorted(calls)] == whole)' "$T/tools.sse" "$T/tools.json" 2>&1)
check "tools streamed: delta.tool_calls by index make the whole answer's calls ($r)" [ "$r" = "tool_calls True True" ]
post /v1/chat/completions "{\"messages\":[$U2],\"max_tokens\":24,\"seed\":3,\"tools\":$TOOLS}"
r=$(pyj "(j['choices'][0]['finish_reason'], 'tool_calls' in j['choices'][0]['message'], len(j['choices'][0]['message']['content']) > 0)")
check "tools, tool_choice auto: an answer in words stays words ($r)" [ "${r#(\'tool_calls\'}" = "$r" ] && [ "${r%True)}" != "$r" ]
post /tokenize '{"content":"{"}'; brace=$(grep -o '[0-9]\+' "$T/body" | head -n 1)
post /v1/chat/completions "{\"messages\":[$U2],\"max_tokens\":200,\"seed\":3,\"tools\":$TOOLS,\"parallel_tool_calls\":false,\"logit_bias\":{\"$brace\":30}}"
r=$(pyj "(j['choices'][0]['finish_reason'], j['choices'][0]['message']['tool_calls'][0]['function']['name'] in ('get_weather', 'add'))")
check "tools, tool_choice auto: an answer that begins a call is held to the tools ($r)" [ "$r" = "('tool_calls', True)" ]
CALL=$(pyj "json.dumps(j['choices'][0]['message'])")
post /v1/chat/completions "{\"messages\":[$U2,$CALL,{\"role\":\"tool\",\"tool_call_id\":\"x\",\"content\":\"18 C and sunny\"}],\"max_tokens\":8,\"seed\":1,\"tools\":$TOOLS}"
[ "$ST" = 200 ]; verdict "tools: the call and a role tool result in the history are accepted"
post /apply-template "{\"messages\":[$U2,$CALL,{\"role\":\"tool\",\"tool_call_id\":\"x\",\"content\":\"18 C and sunny\"}],\"tools\":$TOOLS}"
r=$(pyj "'You can call these functions' in j['prompt'] and '\"tool_calls\": [{\"name\"' in j['prompt'] and '{\"tool_response\": {\"tool_call_id\": \"x\", \"content\": \"18 C and sunny\"}}' in j['prompt']")
check "tools, the built-in template: the generic format (tools listed, the call and the result as text)" [ "$r" = True ]
post /v1/chat/completions "{\"messages\":[$U2],\"tools\":$TOOLS,\"tool_choice\":{\"type\":\"function\",\"function\":{\"name\":\"nope\"}}}"
[ "$ST" = 400 ] && body_has "names 'nope'"; verdict "tool_choice naming a function not in tools: 400"
post /v1/chat/completions "{\"messages\":[$U2],\"tool_choice\":\"required\"}"; [ "$ST" = 400 ]; verdict "tool_choice required without tools: 400"
post /v1/chat/completions "{\"messages\":[$U2],\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"a b\"}}]}"; [ "$ST" = 400 ] && body_has 'tools\[0\].function.name'; verdict "a tool name with a space: 400 naming it"
post /v1/chat/completions "{\"messages\":[$U2],\"tools\":$TOOLS,\"grammar\":\"root ::= \\\"x\\\"\"}"; [ "$ST" = 400 ]; verdict "tools with a grammar: 400"
# a template of its own that writes <tool_call> (Qwen 2.5's, over the demo model's weights): the tools reach the template,
# the calls come back parsed
Q=$T/qwen-doge; rm -rf "$Q"; mkdir -p "$Q"
for f in config.json model.safetensors tokenizer.json; do ln -s "$PWD/$MODEL/$f" "$Q/$f"; done
/usr/bin/python3 -c 'import json, sys; json.dump(json.load(open(sys.argv[1]))["config"], open(sys.argv[2], "w"))' tests/fixtures/chat/qwen2_5.json "$Q/tokenizer_config.json"
PID0=$PID; PORT0=$PORT
if MODEL=$Q start -np 1 -c 1024; then
  post /apply-template "{\"messages\":[$U2],\"tools\":$TOOLS}"
  r=$(pyj "'<tools>' in j['prompt'] and '\"name\": \"get_weather\"' in j['prompt']"); check "Hermes template: the tools reach it as its tools variable" [ "$r" = True ]
  post /v1/chat/completions "{\"messages\":[$U2],\"max_tokens\":200,\"seed\":2,\"tools\":$TOOLS,\"tool_choice\":\"required\",\"parallel_tool_calls\":false}"
  r=$(pyj "(j['choices'][0]['finish_reason'], j['choices'][0]['message']['content'], [validate(json.loads(c['function']['arguments']), $P1 if c['function']['name'] == 'get_weather' else {}) for c in j['choices'][0]['message']['tool_calls']])")
  check "Hermes template, tool_choice required: <tool_call> parsed into tool_calls ($r)" [ "$r" = "('tool_calls', None, [True])" ]
  post /v1/chat/completions "{\"messages\":[$U2,$CALL,{\"role\":\"tool\",\"tool_call_id\":\"x\",\"content\":\"18 C\"}],\"max_tokens\":4,\"tools\":$TOOLS}"
  [ "$ST" = 200 ]; verdict "Hermes template: a history with a call and its result is accepted"
  stop
else bad "a server on the Hermes template starts"; fi
PID=$PID0; PORT=$PORT0

node_cases() {
  local log=$T/$1 min=$2 what=$3; shift 3
  NODE_PATH="$NODE_MODULES" node "$@" > "$log" 2>&1
  grep -E '^(ok|FAIL|DIFFER|error|skipped) ' "$log"
  grep -q '^skipped ' "$log" && return
  p=$(grep -c '^ok ' "$log"); f=$(grep -c '^FAIL ' "$log")
  pass=$((pass + p)); fail=$((fail + f))
  [ "$p" -ge "$min" ] || { bad "$what ran ($p cases passed; its log's end follows)"; tail -n 12 "$log" | sed 's/^/  | /'; }
}
if [ $HAVE_NODE = 1 ] && [ -d "$NODE_MODULES/openai" ]; then
  node_cases openai.log 15 "the openai client" tests/serve_openai.mjs "$(URL /v1)"
else
  echo "skipped: the openai npm client (install it: npm install --prefix build/npm openai)"
fi
if [ $HAVE_NODE = 1 ] && [ -d "$NODE_MODULES/playwright-core" ] && command -v chromium > /dev/null; then
  node_cases page.log 2 "the chat page in Chromium" tests/serve_page.mjs "$(URL /)" "$T/page.png"
else
  echo "skipped: the chat page in headless Chromium (needs chromium and npm's playwright-core)"
fi

# ---- hostile input, round 4
post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":16,\"seed\":4}"; cp "$T/body" "$T/nostop.json"
post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":16,\"seed\":4,\"stop\":[\"\\u0000x\"]}"
[ "$ST" = 200 ] && [ "$(jget '.choices[0].text' < "$T/body")" = "$(cp "$T/nostop.json" "$T/body"; jget '.choices[0].text')" ]; verdict "a stop string that starts with \\u0000 is not an empty one: the whole answer"
cpu() { awk '{print $14}' "/proc/$PID/stat"; } # the server's user CPU time in clock ticks (its own work, not the kernel's per-segment cost)
printf -v HEAD 'POST /v1/completions HTTP/1.1\r\nHost: x\r\nX-Pad: %s\r\nContent-Length: 2\r\n\r\n{}' "$(head -c 15000 /dev/zero | tr '\0' a)"
req GET /metrics; s0=$(sed -n 's/^wm:http_head_bytes_scanned_total //p' "$T/body")
c0=$(cpu) TR=()
for k in 1 2 3 4; do
  # (python3: a bash loop over ${HEAD:b:1} is quadratic, seconds of CPU a client, near the server's 10 s head timeout on a loaded machine)
  python3 -c 'import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1]))); s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
for c in sys.argv[2].encode(): s.send(bytes([c])); time.sleep(2e-5)
r = d = b"-"
while len(r) < 13 and d: d = s.recv(13 - len(r)); r += d
sys.stdout.buffer.write(r[1:])' "$PORT" "$HEAD" > "$T/trickle$k" 2>/dev/null &
  TR+=($!)
done
wait "${TR[@]}"
c1=$(cpu)
req GET /metrics; s1=$(sed -n 's/^wm:http_head_bytes_scanned_total //p' "$T/body")
# each byte looked at about once (a read rescans the 2 bytes before it; parsing the head again at every byte: 4 x 15000^2 / 2)
grep -q "HTTP/1.1 400" "$T/trickle4" && [ $((s1 - s0)) -le $((3 * 4 * ${#HEAD} + 4096)) ]; verdict "4 heads of 15 KB a byte at a time: answered, $((s1 - s0)) bytes of head looked at for $((4 * ${#HEAD})) sent ($((c1 - c0)) ticks of the server's CPU)"
exec {IDLE}>/dev/null
FDS=()
for k in $(seq 300); do exec {fd}<>/dev/tcp/127.0.0.1/$PORT && FDS+=($fd); done 2>/dev/null
req GET /health; [ "$ST" = 200 ]; verdict "300 idle connections from one address: another client is still served ($ST)"
for fd in "${FDS[@]}"; do exec {fd}>&-; done

# ---- a short soak (tests/serve_soak.mjs; BENCH.md has the 10-minute one): answers under load equal their runs alone,
#      aborted streams, garbage and half-sent requests free their slots, memory stays flat
if [ $HAVE_NODE = 1 ]; then
  node_cases soak.log 5 "the soak" tests/serve_soak.mjs "$(URL /)" "$PID" 12 6 512
  req GET /health; [ "$ST" = 200 ] && body_has '"slots_processing":0'; verdict "after the soak: still serving"
fi

# ---- SIGTERM: a stream in progress finishes, then the server leaves with status 0
curl -sN "$(URL /v1/completions)" -d "{\"prompt\":\"$PROMPT\",\"max_tokens\":300,\"seed\":4,\"stream\":true}" > "$T/drain.txt" &
CURL=$!
sleep 0.3
kill -TERM "$PID"
wait "$CURL"
wait "$PID"; rc=$?
check "SIGTERM: the stream in progress ends with [DONE]" grep -q '^data: \[DONE\]' "$T/drain.txt"
check "SIGTERM: exit status 0 after draining ($rc)" [ $rc = 0 ]

# ---- -n 0 on the server: every answer empty
start -np 1 -c 256 -n 0 || bad "server with -n 0 starts"
post /v1/completions "{\"prompt\":\"$PROMPT\",\"max_tokens\":5}"
[ "$ST" = 200 ] && body_has '"text":"",' && body_has '"completion_tokens":0,'; verdict "-n 0: no token whatever max_tokens asks"
stop

# ---- --api-key
LONGKEY=$(head -c 700 /dev/zero | tr '\0' k)
start -np 1 -c 256 --api-key "$LONGKEY" || bad "server with a 700-byte --api-key starts"
req GET /v1/models -H "Authorization: Bearer $LONGKEY"; check "a 700-byte key matches: 200" [ "$ST" = 200 ]
req GET /v1/models -H "Authorization: Bearer ${LONGKEY}k"; check "the key and one byte more: 401" [ "$ST" = 401 ]
stop
start -np 1 -c 256 --api-key s3cret || bad "server with --api-key starts"
req GET /v1/models;                                   [ "$ST" = 401 ] && body_has 'API key'; verdict "no key: 401"
req GET /v1/models -H 'Authorization: Bearer wrong';  check "a wrong key: 401" [ "$ST" = 401 ]
req GET /v1/models -H 'Authorization: Bearer s3cret'; check "the key: 200" [ "$ST" = 200 ]
req GET /health;                                      check "/health needs no key" [ "$ST" = 200 ]
stop
check "it listens on 127.0.0.1 unless told otherwise" grep -q 'on http://127.0.0.1:' "$T/server.log"
"$WM" serve "$MODEL" --port 0 --host 0.0.0.0 -np 1 -c 64 > "$T/any.log" 2>&1 & P2=$!
sleep 0.5; kill -TERM $P2; wait $P2
check "--host 0.0.0.0 without a key warns" grep -q 'without --api-key' "$T/any.log"

# ---- addresses: a name, IPv6
for h in localhost ::1; do
  if [ $h = ::1 ] && [ ! -e /proc/net/if_inet6 ]; then ok "--host ::1: skipped (no IPv6 here)"; continue; fi
  "$WM" serve "$MODEL" --port 0 --host $h -np 1 -c 64 > "$T/h.log" 2>&1 & P2=$!
  u=; for _ in $(seq 100); do u=$(sed -n 's/.* on \(http:[^ ]*\) .*/\1/p' "$T/h.log"); [ -n "$u" ] && break; sleep 0.05; done
  hs=$(curl -sg -o /dev/null -w '%{http_code}' "$u/health")
  kill -TERM $P2; wait $P2
  check "--host $h serves ($u: $hs)" [ "$hs" = 200 ]
done
"$WM" serve "$MODEL" --port 0 --host nosuch.invalid -np 1 -c 64 > "$T/h.log" 2>&1; rc=$?
check "--host of an unknown name: refused, naming it ($rc: $(head -c 80 "$T/h.log"))" [ $rc != 0 ] && grep -q 'nosuch.invalid' "$T/h.log"

# ---- the prompt cache's budget: checkpoints of ~2.4-2.8 MB (doge demo, ~400 tokens) under --cache-ram 5
start -np 3 --cache-ram 5 || bad "a server with --cache-ram 5 starts"
over=0; seen=""
for i in 1 2 3 4 5; do
  P=$(for j in $(seq 150); do printf 'word%d ' $((j * i)); done)
  post /v1/completions "{\"prompt\":\"$P\",\"max_tokens\":1}"
  req GET /health; b=$(sed -n 's/.*"cache_checkpoints":\([0-9]*\),"cache_bytes":\([0-9]*\).*/\1 \2/p' "$T/body")
  seen="$seen $b;"; [ "${b##* }" -le $((5 << 20)) ] || over=1
done
check "prompt cache: never over --cache-ram, the least recent dropped (checkpoints, bytes:$seen)" [ $over = 0 ] && [ "${b%% *}" -ge 1 ] && [ "${b%% *}" -lt 5 ]
post /v1/completions "{\"prompt\":\"$P\",\"max_tokens\":1}"
check "prompt cache: the last prompt again restores its checkpoint" grep -q '"cache_n":[1-9]' "$T/body"
stop
# ---- /slots/ID?action=save|erase|restore: a slot's checkpoint to a file and back, the same answer after
mkdir -p "$T/slots"
start -np 1 --slot-save-path "$T/slots" || bad "a server with --slot-save-path starts"
P=$(for j in $(seq 100); do printf 'word%d ' $j; done)
post /v1/completions "{\"prompt\":\"$P\",\"max_tokens\":8,\"seed\":5}"; sed 's/"created":[0-9]*//; s/"id":"[^"]*"//; s/"timings":{[^}]*}//' "$T/body" > "$T/s1"
post '/slots/0?action=save' '{"filename":"s0.bin"}'; [ "$ST" = 200 ] && body_has '"n_saved":' && [ -s "$T/slots/s0.bin" ]; verdict "slot save: 200, the file written"
post '/slots/0?action=erase' ''; req GET /health; body_has '"cache_checkpoints":0'; verdict "slot erase: its checkpoint gone"
post '/slots/0?action=restore' '{"filename":"s0.bin"}'; [ "$ST" = 200 ] && body_has '"n_restored":'; verdict "slot restore: 200"
post /v1/completions "{\"prompt\":\"$P\",\"max_tokens\":8,\"seed\":5}"; c=$(grep -o '"cache_n":[0-9]*' "$T/body")
sed 's/"created":[0-9]*//; s/"id":"[^"]*"//; s/"timings":{[^}]*}//' "$T/body" > "$T/s2"
check "slot save, erase, restore: the same answer, from the checkpoint ($c)" cmp -s "$T/s1" "$T/s2" && [ "${c#*:}" -gt 0 ]
for n in ../x .hidden a/b ''; do post '/slots/0?action=save' "{\"filename\":\"$n\"}"; [ "$ST" = 400 ] || break; done
[ "$ST" = 400 ] && [ ! -e "$T/x" ]; verdict "slot save: names with '/', '..' or a leading '.' refused"
post '/slots/3?action=save' '{"filename":"x"}'; [ "$ST" = 404 ]; verdict "slot save of no such slot: 404"
post '/slots/0?action=fly' '{"filename":"x"}'; [ "$ST" = 400 ]; verdict "an unknown slot action: 400"
stop
MODEL=examples/models/cheems-demo start -np 1 --slot-save-path "$T/slots" || bad "a cheems server starts"
post '/slots/0?action=restore' '{"filename":"s0.bin"}'; [ "$ST" = 400 ] && body_has 'another model'; verdict "slot restore of another model's file: refused"
stop
start -np 1 --no-cache-prompt || bad "a server with --no-cache-prompt starts"
req GET /metrics; [ "$ST" = 404 ] && body_has 'with --metrics'; verdict "GET /metrics without --metrics: 404 saying so"
post /v1/completions "{\"prompt\":\"$P\",\"max_tokens\":1}"; post /v1/completions "{\"prompt\":\"$P\",\"max_tokens\":1}"
c0=$(grep -c '"cache_n":0,' "$T/body"); req GET /health; [ "$c0" = 1 ] && body_has '"cache_checkpoints":0,"cache_bytes":0'; verdict "--no-cache-prompt: nothing kept, nothing restored"
stop
summary
