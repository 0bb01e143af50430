#!/bin/bash
# make test-windows: the suite and the wm program cross-built with MinGW-w64
# (build/win/test.exe, build/win/wm.exe) run under Wine beside the native
# build. The suite's count under Wine must be the native one less the parts
# that need a POSIX facility (each listed with its reason; the native run
# counts their checks); the CLI suites run natively against wm.exe
# (WM_BIN); texts generated under Wine, from a UTF-8 path too, equal the
# native ones; wm serve under Wine answers curl from this side, as the
# native server does, and stops on Ctrl-C (SIGINT: the console handler).
. tests/cases.sh
WINE=${WINE:-wine}
export WINEDEBUG=-all
root=$PWD
WM="$WINE $root/build/win/wm.exe"
DEMO=$root/examples/models/doge-demo
# (make test-windows has made the sandboxes build/run-native and build/run-win, build/win linked into the latter)
$WINE cmd /c exit >/dev/null 2>&1 # (a fresh Wine prefix is made here, not inside a timed run)

# ---- the suite, native and under Wine at once
(cd build/run-native && WM_SERVE=0 WM_POSIX_LIST=1 "$root/build/test" > suite.log 2>&1)&
(cd build/run-win && WM_SERVE=0 $WINE build/win/test.exe 2>&1 | tr -d '\r' > suite.log) # (its text-mode stdout ends lines in \r\n)
wait
nat=$(tail -n 1 build/run-native/suite.log); win=$(tail -n 1 build/run-win/suite.log)
np=${nat%% *}; wp=${win%% *}
posix=$(awk '/^POSIX-only: / {s += $(NF - 1)} END {print s + 0}' build/run-native/suite.log); parts=$(grep -c '^POSIX-only: ' build/run-native/suite.log)
grep '^FAIL' build/run-win/suite.log | head -20 | sed 's/^/  | /'
grep '^left out on Windows: ' build/run-win/suite.log | sed 's/^/  /'
[[ "$win" == *" passed, 0 failed" && "$nat" == *" passed, 0 failed" && $wp -gt 3000 && $wp == $((np - posix)) ]]
verdict "the suite under Wine: $win; native: $nat, less $posix checks in the $parts POSIX-only parts = $((np - posix))"

# ---- the CLI suites, driven natively (a POSIX shell) against wm.exe under Wine
for s in cli chat gguf; do
  out=$(cd build/run-native && WM_BIN="$WM" "$root/build/test" $s 2>&1); last=$(echo "$out" | tail -n 1)
  echo "$out" | grep '^FAIL' | head -10 | sed 's/^/  | /'
  p=${last%% *}; f=$(echo "$last" | awk '{print $3}')
  [[ "$last" == *" passed, 0 failed" && $p -gt 10 ]]; verdict "suite '$s' against wm.exe: $last"
  pass=$((pass + ${p:-0} - 1)); fail=$((fail + ${f:-0}))  # (each of its checks counts; the verdict above was one of them)
done

# ---- generated texts: Wine's == native, for seeds and thread counts, and through a UTF-8 path
cd build/run-win
for args in "--seed 4" "--seed 11 --temp 0.9 --top-k 40" "--seed 5 -t 2" "--temp 0 --no-mmap"; do
  a=$("$root/build/wm" generate "$DEMO" -p "The secret of a happy life is" -n 32 $args 2>/dev/null)
  b=$($WM generate "$DEMO" -p "The secret of a happy life is" -n 32 $args 2>/dev/null); p=${a:30:40}; what="generate $args: Wine's text == native ('${p//$'\n'/ }...')"
  [ -n "$a" ] && [ "$a" = "$b" ]; verdict "$what"
done
u="build/tmp/mödel 東京"
mkdir -p "$u" && cp "$DEMO"/config.json "$DEMO"/model.safetensors "$DEMO"/tokenizer.json "$u"/
a=$("$root/build/wm" generate "$DEMO" -p "Hi" -n 12 --seed 3 2>/dev/null)
b=$($WM generate "$u" -p "Hi" -n 12 --seed 3 2>/dev/null)
[ -n "$a" ] && [ "$a" = "$b" ]; verdict "a model under a UTF-8 path ('$u'), mapped: the same text"
$WM quantize "$u" "$u/q8 ö.gguf" --type q8_0 >/dev/null 2>&1 && "$root/build/wm" quantize "$u" build/tmp/q8.gguf --type q8_0 >/dev/null 2>&1 && \
  cmp -s "$u/q8 ö.gguf" build/tmp/q8.gguf && [ ! -e "$u/q8 ö.gguf.tmp" ]
verdict "wm quantize to a UTF-8 path: the native bytes, renamed into place"
$WM quantize "$u" "$u/q8 ö.gguf" --type q8_0 >/dev/null 2>&1 && cmp -s "$u/q8 ö.gguf" build/tmp/q8.gguf
verdict "wm quantize over an existing file (Windows' rename does not replace: MoveFileEx does)"
b=$($WM generate "$u/q8 ö.gguf" -p "Hi" -n 12 --seed 3 2>/dev/null); a=$("$root/build/wm" generate build/tmp/q8.gguf -p "Hi" -n 12 --seed 3 2>/dev/null)
[ -n "$a" ] && [ "$a" = "$b" ]; verdict "the GGUF it wrote generates under Wine as natively"

# ---- Ctrl-C (SIGINT: Wine's console handler) stops generate's answer, which it reports
$WM generate "$DEMO" -p "Hi" -n 100000 --ignore-eos -c 100000 > gen-int.out 2> gen-int.log & gpid=$!
for _ in $(seq 100); do [ -s gen-int.out ] && break; sleep 0.1; done; sleep 0.5
kill -INT $gpid; for _ in $(seq 100); do kill -0 $gpid 2>/dev/null || break; sleep 0.1; done
rc=0; wait $gpid || rc=$?
[ $rc = 130 ] && grep -q 'interrupted' gen-int.log && [ -s gen-int.out ]
verdict "Ctrl-C during generate: the answer stops, the run reports it, exit status 130 as natively ($rc)"
kill -9 $gpid 2>/dev/null

# ---- wm serve under Wine: curl from here; the native server's answers; Ctrl-C stops it
req='{"prompt":"The secret of a happy life is","max_tokens":24,"temperature":0}'
chat='{"messages":[{"role":"user","content":"Hi there"}],"max_tokens":16,"seed":7,"temperature":0.8}'
text() { python3 -c 'import json,sys; d=json.load(sys.stdin); c=d["choices"][0]; print(c.get("text", c.get("message", {}).get("content")))'; }
mkdir -p slots
$WM serve "$DEMO" --port 0 --slot-save-path slots > serve-win.out 2> serve-win.log & wpid=$!
"$root/build/wm" serve "$DEMO" --port 0 > serve-nat.out 2> serve-nat.log & npid=$!
wport=$(serve_port serve-win.log 400); nport=$(serve_port serve-nat.log 400)
[ -n "$wport" ]; verdict "wm serve under Wine listens (port ${wport:-none})"
a=$(curl -s -m 30 "http://127.0.0.1:$nport/v1/completions" -H 'Content-Type: application/json' -d "$req" | text)
b=$(curl -s -m 30 "http://127.0.0.1:$wport/v1/completions" -H 'Content-Type: application/json' -d "$req" | text)
p=${b:0:40}; what="a completion from Wine's server == the native one ('${p//$'\n'/ }...')"
[ -n "$a" ] && [ "$a" = "$b" ]; verdict "$what"
a=$(curl -s -m 30 "http://127.0.0.1:$nport/v1/chat/completions" -H 'Content-Type: application/json' -d "$chat" | text)
b=$(curl -s -m 30 "http://127.0.0.1:$wport/v1/chat/completions" -H 'Content-Type: application/json' -d "$chat" | text)
[ -n "$a" ] && [ "$a" = "$b" ]; verdict "a sampled chat completion (seed 7) == the native one"
s=$(curl -s -N -m 30 "http://127.0.0.1:$wport/v1/completions" -H 'Content-Type: application/json' -d "${req%\}},\"stream\":true}")
[[ "$s" == *'"text":'* && "$s" == *"data: [DONE]"* ]]; verdict "streamed: server-sent events, then [DONE]"
[ "$(curl -s -o /dev/null -w '%{http_code}' -m 10 "http://127.0.0.1:$wport/v1/models")" = 200 ] && \
  [ "$(curl -s -o /dev/null -w '%{http_code}' -m 10 "http://127.0.0.1:$wport/v1/completions" -d '{bad')" = 400 ]
verdict "GET /v1/models 200, a malformed body 400"
long=$(printf 'The secret of a happy life is %.0s' $(seq 12))
curl -s -o /dev/null -m 30 "http://127.0.0.1:$wport/v1/completions" -H 'Content-Type: application/json' -d "{\"prompt\":\"$long\",\"max_tokens\":4,\"temperature\":0,\"id_slot\":0}"
slot() { curl -s -o /dev/null -w '%{http_code}' -m 10 "http://127.0.0.1:$wport/slots/0?action=$1" -H 'Content-Type: application/json' -d "{\"filename\":\"$2\"}"; }
a=$(slot save "kept ö.slot"); b=$(slot restore "kept ö.slot")
[ "$a" = 200 ] && [ "$b" = 200 ] && [ "$(head -c 4 "slots/kept ö.slot")" = WMSL ]
verdict "a slot saved to a UTF-8 file name and restored (HTTP $a, $b)"
codes="$(slot save NUL) $(slot save com1.txt) $(slot save 'a:b') $(slot save 'x\\y')"
[ "$codes" = "400 400 400 400" ] && [ ! -e slots/a ]; verdict "slot names Windows would take for a device, a stream or a folder are refused ($codes)"
kill -INT $wpid; kill -INT $npid
for _ in $(seq 100); do kill -0 $wpid 2>/dev/null || break; sleep 0.1; done
! kill -0 $wpid 2>/dev/null && wait $wpid && grep -q 'stopped after' serve-win.log
verdict "Ctrl-C (the console handler): it finishes and exits 0"
kill $wpid $npid 2>/dev/null; wait 2>/dev/null
cd "$root"
summary
