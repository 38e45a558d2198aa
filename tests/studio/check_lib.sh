# shellcheck shell=sh
# Shared by the screenshot tests: sourced after setting `out` (and `studio`, `checker` for
# shot_on). Gives status (0 until a failure), fail MESSAGE, expect_failure NAME TEXT CMD...
# (CMD must exit non-zero and print TEXT on stderr; its output goes to $out/NAME.out and .err),
# and shot_on SCREEN NAME LEVEL STUDIO-ARGS... -- CHECKER-ARGS... (a screenshot of LEVEL on an
# Xvfb screen of SCREEN (WxH) as $out/NAME.png, then the checker on it), and claims NAME COPY
# LEVEL SED-EXPR TEXT CHECKER-ARGS... (a picture whose sidecar lies must be refused).
# refused_as LEVEL NAME:EXPECT...: the checker must refuse $out/NAME.png checked for EXPECT
# (shown or hidden), the opposite of what it shows: so the checker can fail.
status=0
mkdir -p "$out" || exit 1
# shellcheck source=test_env.sh
. "$(dirname "$0")/test_env.sh"  # a fresh config folder: never the user's

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

shot_on() {
  screen=$1 name=$2 level_arg=$3
  shift 3
  args=''
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args="$args $1"; shift; done
  [ $# -gt 0 ] && shift
  rm -f "$out/$name.png" "$out/$name.png.json"
  # shellcheck disable=SC2086  # the arguments split on purpose
  if "$xvfb_run" -s "-screen 0 ${screen}x24" "$studio" "$level_arg" $args \
       --screenshot "$out/$name.png" --frames 5 >"$out/$name.log" 2>&1; then
    if "$checker" "$out/$name.png" "$level_arg" "$@" >"$out/$name.check" 2>&1; then
      echo "ok: $name:$args: $(tail -n 1 "$out/$name.check")"
    else
      cat "$out/$name.check"
      fail "$name:$args"
    fi
  else
    cat "$out/$name.log"
    fail "$name: studio$args exited non-zero"
  fi
}

# claims NAME COPY LEVEL SED-EXPR TEXT CHECKER-ARGS...: NAME.png with its sidecar edited by
# SED-EXPR must be refused by the checker, with TEXT in its failure (so each check can fail).
claims() {
  name=$1 copy=$2 level=$3 expr=$4 text=$5
  shift 5
  cp "$out/$name.png" "$out/$copy.png"
  sed "$expr" "$out/$name.png.json" >"$out/$copy.png.json"
  if cmp -s "$out/$name.png.json" "$out/$copy.png.json"; then
    fail "$copy: the sed expression changed nothing"
  elif "$checker" "$out/$copy.png" "$level" "$@" >"$out/$copy.neg" 2>&1; then
    fail "the checker accepts $copy.png"
  elif ! grep -q -- "$text" "$out/$copy.neg"; then
    cat "$out/$copy.neg"
    fail "$copy: the checker's failure does not mention '$text'"
  else
    echo "ok: the checker refuses $copy.png: $(grep -m 1 FAIL "$out/$copy.neg")"
  fi
}

refused_as() {
  level_arg=$1
  shift
  for pair in "$@"; do
    name=${pair%%:*} expect=${pair#*:}
    if "$checker" "$out/$name.png" "$level_arg" --expect "$expect" >"$out/$name.neg" 2>&1; then
      fail "the checker accepts $name.png as $expect"
    else
      echo "ok: $name.png refused as $expect: $(grep -m 1 FAIL "$out/$name.neg")"
    fi
  done
}
