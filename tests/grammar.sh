#!/usr/bin/env bash
# The grammar corpus (tests/fixtures/grammar): each GBNF grammar and JSON
# Schema drives 20 seeded generations (10 seeds on each demo model) through
# `wm generate --grammar-file / --json-schema-file`; every output must be a
# whole sentence of the grammar by tools/grammar_check.py's own recognizer
# (python3-lark's Earley parser) or JSON that python3-jsonschema validates.
#   bash tests/grammar.sh build/wm
source "$(dirname "$0")/cases.sh"
WM=${1:-build/wm}
cd "$(dirname "$0")/.."
dir=build/grammar
rm -rf "$dir" && mkdir -p "$dir"
cases=(tests/fixtures/grammar/*.gbnf tests/fixtures/grammar/*.schema.json)
# every (case, model, seed) run, two at a time: stdout is "P:" + the output + "\n"
for f in "${cases[@]}"; do
  opt=--grammar-file; case $f in *.schema.json) opt=--json-schema-file ;; esac
  for m in doge-demo cheems-demo; do for s in 1 2 3 4 5 6 7 8 9 10; do
    echo "$f $opt $m $s"
  done; done
done | xargs -P 2 -L 1 bash -c 'n=$(basename "$0"); "'"$WM"'" generate examples/models/$2 -p "P:" -n 400 --seed $3 $1 "$0" \
  > "'"$dir"'/$n.$2.$3.out" 2> "'"$dir"'/$n.$2.$3.err" || echo "wm failed: $0 $2 seed $3: $(tail -1 "'"$dir"'/$n.$2.$3.err")"'
if ! /usr/bin/python3 -c 'import lark, jsonschema' 2>/dev/null; then
  echo "skipped: the corpus's outputs unchecked (needs python3-lark and python3-jsonschema)"
  ok "the corpus generated: ${#cases[@]} cases"
  summary
  exit 0
fi
n_g=0; n_s=0
for f in "${cases[@]}"; do
  n=$(basename "$f"); mode=gbnf; case $f in *.schema.json) mode=schema; n_s=$((n_s + 1)) ;; *) n_g=$((n_g + 1)) ;; esac
  out=$(/usr/bin/python3 tools/grammar_check.py $mode "$f" "P:" "$dir/$n".*.out 2>&1)
  [ "${out##*$'\n'}" = "ok 20" ]; verdict "$n: 20 outputs $([ $mode = gbnf ] && echo 'sentences of the grammar (lark)' || echo 'valid (jsonschema)')"
  [ "${out##*$'\n'}" = "ok 20" ] || echo "$out" | sed 's/^/  | /' | head -5
done
[ $n_g -ge 30 ] && [ $n_s -ge 30 ]; verdict "the corpus: $n_g grammars and $n_s schemas (at least 30 each)"
# the same requests of `wm serve` (its "grammar" and "json_schema" fields): the same texts
if [ "${WM_SERVE:-1}" != 0 ] && command -v curl > /dev/null; then
  for m in doge-demo cheems-demo; do
    rm -f "$dir/serve.log"
    "$WM" serve examples/models/$m --port 0 -np 2 -c 512 > "$dir/serve.log" 2>&1 &
    pid=$!
    port=$(serve_port "$dir/serve.log" 200)
    out=$(/usr/bin/python3 tools/grammar_check.py serve "http://127.0.0.1:$port" $m 10 "$dir" "${cases[@]}" 2>&1)
    kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null
    [ "${out##*$'\n'}" = "ok $((10 * ${#cases[@]}))" ]; verdict "wm serve on $m: each case's 10 seeded texts equal wm generate's ($(echo "${out##*$'\n'}"))"
    [ "${out##*$'\n'}" = "ok $((10 * ${#cases[@]}))" ] || echo "$out" | sed 's/^/  | /' | head -6
  done
fi
summary
