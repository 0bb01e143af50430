#!/usr/bin/env bash
# make test-firmware: runs the firmware images under qemu-system-arm and
# qemu-system-riscv32 (time advancing per instruction, -icount) and compares
# each board's token ids with the hosted build of the same program; prints
# the instructions per decoded token, Helium against the scalar build. Last
# line: N passed, N failed.
set -u
cd "$(dirname "$0")/.."
B=build/firmware
source "$(dirname "${BASH_SOURCE[0]}")/cases.sh"
qemu() { # board elf -> output (10 minutes of host time at most)
    local sys=qemu-system-arm opt=""
    [ "$1" = virt ] && sys=qemu-system-riscv32 opt="-bios none"
    timeout 600 $sys -M "$1" $opt -display none -monitor none -serial none \
        -semihosting-config enable=on,target=native -icount shift=0 -kernel "$2" 2>&1
}
field() { sed -n "s/.* $2=\([0-9]*\).*/\1/p" <<< "$1" | head -n 1; }
# instructions per decoded token: ticks x instructions per tick (calibrated) / decode steps
ipt() {
    local out=$1 t c n
    t=$(field "$out" decode_ticks); c=$(field "$out" calib_ticks_2M); n=$(field "$out" generated)
    [ -n "$t" ] && [ -n "$c" ] && [ -n "$n" ] && [ "$c" -gt 0 ] && [ "$n" -gt 1 ] && echo $((t * 2000000 / c / (n - 1)))
}
declare -A IPT
for m in cheems doge cheems-f16 doge-json; do
    host=$("$B/host-$m") || { bad "host-$m exits with an error"; continue; }
    want=$(grep '^ids:' <<< "$host")
    [ -n "$want" ] || { bad "host-$m prints no ids"; continue; }
    for run in "mps3-an547 an547-$m" "mps2-an386 an386-$m" "mps2-an505 an505-$m" "virt rv32imac-$m" "virt rv32imafc-$m"; do
        set -- $run
        out=$(qemu "$1" "$B/$2.elf"); rc=$?
        got=$(grep '^ids:' <<< "$out")
        if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then ok "$2 ($1): token ids equal the host's; $(ipt "$out") instructions per decoded token; $(grep '^board:' <<< "$out" | cut -d' ' -f2-)"
        else bad "$2 ($1): exit $rc, ids '$got', host '$want'"; echo "$out" | tail -n 5; fi
        IPT[$2]=$(ipt "$out")
    done
done
# doge-json: the text after the prompt is JSON its schema validates (python3-jsonschema, where installed)
out=$("$B/host-doge-json" | sed -n '/^A person:/,/^ids:/p' | sed '$d' | sed '1s/^A person://')
if r=$(/usr/bin/python3 -c '
import json, sys
x = json.loads(sys.argv[1])
try:
    import jsonschema
    jsonschema.validate(x, json.load(open("examples/firmware/person.schema.json")))
except ImportError:
    pass
print(json.dumps(x))' "$out" 2>&1); then ok "doge-json: every board's output (the host's ids) is JSON its schema validates: $r"
else bad "doge-json: the output is not JSON the schema validates: $out ($r)"; fi
# each Arm board's vector kernels against its scalar build (cheems, Q8_0): Helium at most 1/4 of the
# scalar instructions per token, the DSP extension's (M4F, M33) at most 0.6 of them
for run in "mps3-an547 an547 Helium 25" "mps2-an386 an386 DSP 60" "mps2-an505 an505 DSP 60"; do
    set -- $run
    out=$(qemu "$1" "$B/$2-cheems-scalar.elf"); rc=$?
    if [ $rc -eq 0 ] && [ "$(grep '^ids:' <<< "$out")" = "$(grep '^ids:' <<< "$("$B/host-cheems")")" ]; then
        s=$(ipt "$out"); h=${IPT[$2-cheems]:-0}
        if [ -n "$s" ] && [ "$h" -gt 0 ] && [ $((100 * h)) -le $(($4 * s)) ]; then ok "$2-cheems: $3 $h vs scalar $s instructions per decoded token (Q8_0): $((100 * h / s)) %"
        else bad "$2-cheems: $3 $h vs scalar $s instructions per decoded token: more than $4 %"; fi
    else bad "$2-cheems-scalar: exit $rc or ids differ"; fi
done
summary
