#!/usr/bin/env bash
# README.md's commands, as written: every line of its ```sh blocks runs from
# the repository root and exits 0 (the make test* and make firmware lines
# are suites of their own, run by make and CI: skipped here), and its C
# program compiles as C and as C++, runs, and frees what it allocates.
# Usage: tests/readme.sh. Last line: N passed, N failed.
set -u
cd "$(dirname "$0")/.."
T=build/tmp/readme
rm -rf "$T"; mkdir -p "$T"
source "$(dirname "${BASH_SOURCE[0]}")/cases.sh"

# the ```sh blocks, one script each (a block may start a server in the background and stop it)
awk -v dir="$T" '/^```sh/ { n++; f = 1; next } /^```/ { f = 0 } f { print > (dir "/block" n ".sh") }' README.md
for b in "$T"/block*.sh; do
  grep -Ev '^(make test|make firmware)' "$b" | sed -e 's/^make /make -s /' > "$b.run"
  [ -s "$b.run" ] || continue
  timeout 300 bash -c "set -e; $(cat "$b.run")" > "$b.out" 2> "$b.err" < /dev/null; rc=$?
  [ $rc = 0 ] && [ -s "$b.out" ]; verdict "README $(basename "$b" .sh) ($(head -c 60 "$b.run" | head -n 1)...): exit $rc"
  [ $rc = 0 ] || tail -n 3 "$b.err"
done
[ -e build/tmp/readme/block1.sh ] && grep -q '^make run' "$T/block1.sh"; verdict "the README starts with make run and make test"

# the library's C program, as C and as C++
awk '/^```c/ { f = 1; next } /^```/ { f = 0 } f' README.md > "$T/snippet.c"
${CC:-cc} -std=c99 -Wall -Wextra -Werror -I. "$T/snippet.c" -o "$T/snippet" -lm -pthread && "$T/snippet" | grep -q 'logit of token 0'
verdict "README's C program compiles as C99 (-Wall -Wextra -Werror) and runs"
${CXX:-c++} -x c++ -Wall -Wextra -Werror -I. "$T/snippet.c" -o "$T/snippet-cpp" -lm -pthread && "$T/snippet-cpp" | grep -q 'logit of token 0'
verdict "README's C program compiles as C++ and runs"
if command -v valgrind > /dev/null; then
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=9 "$T/snippet" > /dev/null 2> "$T/vg.log"
  verdict "README's C program frees what it allocates (valgrind)"
fi
summary
