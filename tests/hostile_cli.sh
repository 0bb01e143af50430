#!/usr/bin/env bash
# The CLI against a user's files and signals: outputs written through
# symlinks and devices (never replaced), no OUT.tmp left by a signal, errors
# before the work. Usage: tests/hostile_cli.sh [WM_BINARY]. Last line: N passed, N failed.
set -u
WM=${1:-build/wm}
MODEL=examples/models/doge-demo
T=build/tmp/hostile_cli
rm -rf "$T"; mkdir -p "$T"
source "$(dirname "${BASH_SOURCE[0]}")/cases.sh"

# ---- outputs: a symlink is followed, a FIFO (as /dev/null) written through, a directory refused
"$WM" quantize "$MODEL" "$T/ref.gguf" q8_0 2>/dev/null
touch "$T/target.gguf"; ln -s target.gguf "$T/link.gguf"
"$WM" quantize "$MODEL" "$T/link.gguf" q8_0 2>/dev/null
[ -L "$T/link.gguf" ] && cmp -s "$T/ref.gguf" "$T/target.gguf"; verdict "quantize through a symlink: the link stays, its target gets the file"
ln -s nowhere.gguf "$T/dangling.gguf"
"$WM" quantize "$MODEL" "$T/dangling.gguf" q8_0 2>/dev/null
[ -L "$T/dangling.gguf" ] && cmp -s "$T/ref.gguf" "$T/nowhere.gguf"; verdict "quantize through a dangling symlink creates what it names"
mkfifo "$T/pipe"
timeout 20 cat "$T/pipe" > "$T/from_pipe" & CAT=$!
"$WM" quantize "$MODEL" "$T/pipe" q8_0 2>/dev/null; rc=$?
[ -p "$T/pipe" ] || kill $CAT 2>/dev/null; wait $CAT
[ $rc = 0 ] && [ -p "$T/pipe" ] && cmp -s "$T/ref.gguf" "$T/from_pipe" && [ ! -e "$T/pipe.tmp" ]; verdict "quantize into a FIFO writes through it ($rc); the FIFO stays"
timeout 20 cat "$T/pipe" > "$T/from_pipe2" & CAT=$!
"$WM" logits "$MODEL" --ids 1,2,3 --out "$T/pipe" 2>/dev/null; rc=$?
[ -p "$T/pipe" ] || kill $CAT 2>/dev/null; wait $CAT
[ $rc = 0 ] && [ -p "$T/pipe" ] && [ "$(stat -c %s "$T/from_pipe2")" = 49152 ]; verdict "logits --out a FIFO ($rc): 3 x 4096 floats through it"
mkdir "$T/dir"
"$WM" quantize "$MODEL" "$T/dir" q8_0 2> "$T/err"; rc=$?
[ $rc != 0 ] && grep -q "dir: is a directory" "$T/err"; verdict "quantize onto a directory: refused ($rc) by name"
ln -s dir "$T/dirlink"
"$WM" logits "$MODEL" --ids 1 --out "$T/dirlink" 2> "$T/err"; rc=$?
[ $rc != 0 ] && grep -q "is a directory" "$T/err" && [ -L "$T/dirlink" ]; verdict "logits --out a symlink to a directory: refused ($rc)"

# ---- --save-session: checked before generating; the reason named; a symlink followed
"$WM" generate "$MODEL" -p "Once upon a time" -n 8 -s 1 --save-session "$T/missing/s.bin" > "$T/out" 2> "$T/err"; rc=$?
[ $rc != 0 ] && [ ! -s "$T/out" ] && grep -q "missing/s.bin: cannot create .*(No such file or directory)" "$T/err"; verdict "--save-session into a missing directory: refused before any text ($rc)"
touch "$T/s_target.bin"; ln -s s_target.bin "$T/s_link.bin"
"$WM" generate "$MODEL" -p "Once upon a time" -n 4 -s 1 --save-session "$T/s_link.bin" > /dev/null 2>&1
"$WM" generate "$MODEL" -p "Once upon a time" -n 4 -s 1 --save-session "$T/s_plain.bin" > /dev/null 2>&1
[ -L "$T/s_link.bin" ] && [ -s "$T/s_plain.bin" ] && cmp -s "$T/s_plain.bin" "$T/s_target.bin"; verdict "--save-session through a symlink writes its target"

# ---- a config.json that uses fewer layers than the weights hold: warned, the unused tensors named
mkdir "$T/short"; cp "$MODEL"/* "$T/short/"
sed -i 's/"num_hidden_layers": *6/"num_hidden_layers": 3/' "$T/short/config.json"
"$WM" generate "$T/short" -p "Once" -n 2 -s 1 > /dev/null 2> "$T/err"
grep -q "^wm: warning: unused: 'model.layers.3.input_layernorm.weight', .* and 41 more (45 of 92 tensors)" "$T/err"; verdict "num_hidden_layers 3 of 6: the unused tensors named on stderr"
"$WM" generate "$MODEL" -p "Once" -n 2 -s 1 > /dev/null 2> "$T/err"
! grep -q "warning" "$T/err"; verdict "the demo as it is: no warning"

# ---- what a new user reads: each message says what happened
# (only where script(1) gives a terminal: some CI sandboxes have no pseudo-terminals)
PTY=$(command -v script > /dev/null && script -qc 'test -t 1 && echo pty-ok' /dev/null < /dev/null 2>&1)
if [[ "$PTY" != *pty-ok* ]]; then
  echo "skipped: a terminal's control bytes (script(1) gives no terminal here: ${PTY:-not installed})"
else
  printf '\033[31mX' > "$T/esc"  # (a file, not $'..': script(1) runs the command with $SHELL, dash on some machines)
  script -qc "$WM generate $MODEL -f $T/esc -n 2 -s 1 2>/dev/null" /dev/null < /dev/null > "$T/tty" 2>&1
  grep -q '\^\[\[31mX' "$T/tty" && ! grep -q $'\x1b' "$T/tty"; verdict "on a terminal a control byte shows as ^[ (no escape sequence reaches it)"
  [ "$fail" = 0 ] || sed -n l "$T/tty" | head -n 5 | sed 's/^/  | /' # (what the terminal got, when anything failed)
fi
"$WM" generate "$MODEL" -p Hi -n 1 -s 1 -t 1000 2> "$T/err" > /dev/null
grep -q 'more threads than the' "$T/err"; verdict "-t 1000 on this machine: a warning"
"$WM" generate "$MODEL" -f "$T" -n 1 2> "$T/err"; rc=$?
[ $rc != 0 ] && grep -q 'is a directory' "$T/err"; verdict "generate -f DIR: 'is a directory'"
"$WM" help generate > "$T/out"; rc=$?
[ $rc = 0 ] && head -n 1 "$T/out" | grep -q '^usage: wm generate'; verdict "wm help generate: the command's help"
"$WM" chat --help | grep -q -- '-p, --prompt TEXT *the system message'; verdict "chat --help: -p is the system message"
"$WM" bench --help | grep -q -- '--threads N *threads (1, the default'; verdict "bench --help: its thread default"
"$WM" perplexity --help | grep -q -- '--ctx N *tokens per window (256)'; verdict "perplexity --help: its window default"
"$WM" bench "$MODEL" -p 4 -n 2 -r 1 > "$T/out" 2>/dev/null; rc=$?
[ $rc = 0 ] && grep -q '^| model' "$T/out" && grep -q 'pp4' "$T/out"; verdict "bench -r 1 without -o: llama-bench's table"
mkdir "$T/badcfg"; cp "$MODEL"/* "$T/badcfg/"; printf '{\n  "model_type": "doge",\n  "hidden_size": 256,,\n}' > "$T/badcfg/config.json"
"$WM" info "$T/badcfg" 2> "$T/err"; rc=$?
[ $rc != 0 ] && grep -q 'error near byte 47' "$T/err"; verdict "a JSON error names its byte ($(cat "$T/err"))"

# ---- a signal while quantize writes: no OUT.tmp left (SIGINT as Ctrl-C sends it, SIGTERM, SIGHUP)
for sig in INT TERM HUP; do
  caught=0 left=0
  for i in $(seq 60); do
    rm -f "$T/o.gguf" "$T/o.gguf.tmp"
    env --default-signal=INT,HUP "$WM" quantize "$MODEL" "$T/o.gguf" q8_0 2>/dev/null & P=$!  # (a background job starts with SIGINT ignored; under nohup, SIGHUP too)
    while [ ! -e "$T/o.gguf.tmp" ] && kill -0 $P 2>/dev/null; do :; done
    kill -$sig $P 2>/dev/null; wait $P 2>/dev/null; rc=$?
    [ -e "$T/o.gguf.tmp" ] && left=1
    [ $rc -gt 128 ] && caught=$((caught + 1))
    [ $caught -ge 2 ] && break
  done
  [ $caught -ge 1 ] && [ $left = 0 ]; verdict "SIG$sig during quantize: caught $caught times mid-write, no o.gguf.tmp left"
done
summary
