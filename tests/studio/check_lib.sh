# shellcheck shell=sh
# Shared by the screenshot tests: sourced after setting `out`. Gives status (0 until a failure),
# fail MESSAGE, and expect_failure NAME TEXT CMD... (CMD must exit non-zero and print TEXT on
# stderr; its output goes to $out/NAME.out and .err).
status=0

fail() { echo "FAIL: $*"; status=1; }

expect_failure() {
  name=$1 text=$2
  shift 2
  if "$@" >"$out/$name.out" 2>"$out/$name.err"; then
    fail "$name: exited 0"
  elif ! grep -q -- "$text" "$out/$name.err"; then
    fail "$name: stderr does not mention '$text':"; cat "$out/$name.err"
  else
    echo "ok: $name: $(head -n 1 "$out/$name.err")"
  fi
}
