#!/bin/bash
# make test-install: wm.h installed as every other C library is, then used
# the way its README says: a host program outside the repository built with
# `cc $(pkg-config --cflags --libs wm) main.c` (installed under PREFIX, and
# staged under DESTDIR as a package builds it, read through a pkg-config
# sysroot), run on the demo model: its text is the `wm` program's; the
# installed `wm` runs; `make uninstall` takes every file back.
. tests/cases.sh
root=$PWD
t=$root/build/tmp/install
rm -rf "$t" && mkdir -p "$t/src"
command -v pkg-config >/dev/null || { bad "pkg-config is missing (Debian: apt-get install pkg-config)"; summary; exit 1; }
# the host program: examples/simple.c as a user writes it, <wm.h> from the include path
sed 's|#include "../wm.h"|#include <wm.h>|' examples/simple.c > "$t/src/main.c"
ver=$(sed -n 's/^#define WM_VERSION_STRING "\(.*\)"/\1/p' wm.h)
want=$(build/wm generate examples/models/doge-demo -p "The secret of a happy life is" -n 64 --seed 42 --temp 0.8 --top-p 0.95 2>/dev/null)

make -s install PREFIX="$t/usr" >/dev/null
[ -f "$t/usr/include/wm.h" ] && [ -x "$t/usr/bin/wm" ] && [ -f "$t/usr/lib/pkgconfig/wm.pc" ] && cmp -s wm.h "$t/usr/include/wm.h"
verdict "make install PREFIX=...: include/wm.h, bin/wm, lib/pkgconfig/wm.pc"
flags=$(PKG_CONFIG_PATH="$t/usr/lib/pkgconfig" pkg-config --cflags --libs wm)
[[ "$flags" == "-I$t/usr/include -pthread"*" -lm"* ]]
verdict "pkg-config --cflags --libs wm: the include path, -pthread, -lm ($flags)"
(cd "$t/src" && cc $(PKG_CONFIG_PATH="$t/usr/lib/pkgconfig" pkg-config --cflags --libs wm) main.c -o host 2> cc.log)
verdict "cc \$(pkg-config --cflags --libs wm) main.c: the host program builds"
got=$(cd "$t" && src/host "$root/examples/models/doge-demo" 2>/dev/null)
p=${got:30:40}; [ -n "$want" ] && [ "$got" = "$want" ]; verdict "it runs: the text of wm generate with the same seed and sampler (${p//$'\n'/ }...)"
[ -n "$ver" ] && [ "$("$t/usr/bin/wm" --version)" = "wm $ver" ]
verdict "the installed wm runs (wm --version)"
[ "$(PKG_CONFIG_PATH="$t/usr/lib/pkgconfig" pkg-config --modversion wm)" = "$ver" ]
verdict "pkg-config --modversion wm: wm.h's WM_VERSION_STRING"

# staged: DESTDIR with PREFIX=/usr, as a distribution's package is built
make -s install DESTDIR="$t/stage" PREFIX=/usr >/dev/null
grep -q '^prefix=/usr$' "$t/stage/usr/lib/pkgconfig/wm.pc" && [ -f "$t/stage/usr/include/wm.h" ]
verdict "make install DESTDIR=... PREFIX=/usr: staged, wm.pc names /usr"
(cd "$t/src" && export PKG_CONFIG_SYSROOT_DIR="$t/stage" PKG_CONFIG_LIBDIR="$t/stage/usr/lib/pkgconfig" &&
  cc $(pkg-config --cflags --libs wm) main.c -o host2 2>> cc.log) && [ "$(cd "$t" && src/host2 "$root/examples/models/doge-demo" 2>/dev/null)" = "$want" ]
verdict "through a pkg-config sysroot of the stage: builds, the same text"

make -s uninstall PREFIX="$t/usr" >/dev/null && make -s uninstall DESTDIR="$t/stage" PREFIX=/usr >/dev/null
[ -z "$(find "$t/usr" "$t/stage" -type f)" ]; verdict "make uninstall: no file left (of PREFIX's and of the stage's)"
sed 's/^/  | /' "$t/src/cc.log" | head -5
summary
