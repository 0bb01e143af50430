# Sourced by the test scripts (serve.sh, hostile_cli.sh, readme.sh,
# firmware.sh, windows.sh, install.sh): each case prints "ok   WHAT" or "FAIL WHAT"; the script's
# last line, `summary`, is "N passed, N failed" (script_cases in tests/common.c counts them), and its
# status is 1 when any failed (make runs windows.sh and install.sh itself: a failure fails the target).
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
verdict() { if [ $? = 0 ]; then ok "$1"; else bad "$1"; fi; }  # COND1 && COND2; verdict "what"
check() { local what=$1; shift; "$@"; verdict "$what"; }       # check "what" COMMAND ARGS...
summary() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
# serve_port LOG [TRIES]: the port `wm serve --port 0` says it listens on in LOG, waiting for it (empty: none came)
serve_port() {
  local p= _
  for _ in $(seq "${2:-100}"); do
    p=$(sed -n 's/.*on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$1")
    [ -n "$p" ] && break
    sleep 0.05
  done
  echo "$p"
}
