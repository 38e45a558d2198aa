#!/bin/sh
# present_test.sh STUDIO CHECKER LEVEL OUTDIR
# Palettes, patterns, presentation mode and the UI scale, in screenshots taken under Xvfb:
#   - bad --palette / --patterns / --ui-scale values fail with clear messages;
#   - --palette colour-blind (and high-contrast) shows that palette's open, closed, path and wall
#     colours where the checker's own search has them, and the checker would notice the wrong one;
#   - --patterns on differs from --patterns off inside every open and closed cell, never on walls;
#   - --present is full screen (the Xvfb screen's size) with a UI font at least 1.5 times the
#     normal one; --ui-scale 2 doubles the font.
# Exit 77 (ctest: skipped) when Xvfb is missing.
set -u
studio=$1 checker=$2 level=$3 out=$4
mkdir -p "$out"
# shellcheck source=check_lib.sh
. "$(dirname "$0")/check_lib.sh"

expect_failure bad-palette "default, colour-blind or high-contrast" "$studio" --palette pink "$level"
expect_failure bad-patterns "on or off" "$studio" --patterns yes "$level"
expect_failure bad-ui-scale "a scale 0.5..4" "$studio" --ui-scale 5 "$level"
expect_failure missing-ui-scale "--ui-scale: missing value" "$studio" "$level" --ui-scale
for opt in --present --palette --patterns --ui-scale; do
  if "$studio" --help 2>&1 | grep -q -- "$opt"; then echo "ok: --help mentions $opt"
  else fail "--help does not mention $opt"; fi
done

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "SKIP: Xvfb is not installed, so the studio cannot be run headless"
  exit 77
fi

# shot NAME SCREEN STUDIO-ARGS... -- CHECKER-ARGS...: a screenshot on an Xvfb screen of SCREEN
# (WxH), then the checker on it.
shot() {
  name=$1 screen=$2
  shift 2
  shot_on "$screen" "$name" "$level" "$@"
}
# field NAME KEY: the value of "KEY" in NAME.png.json.
field() { sed -n "s/^ *\"$2\": *\"*\([^\",]*\)\"*,*$/\1/p" "$out/$1.png.json"; }
# not_ok NAME CHECKER-ARGS...: the checker must refuse this screenshot (so the check can fail).
not_ok() {
  name=$1
  shift
  if "$checker" "$out/$name.png" "$level" "$@" >"$out/$name.neg" 2>&1; then
    fail "the checker accepts $name.png with$(printf ' %s' "$@")"
  else
    echo "ok: the checker refuses $name.png with$(printf ' %s' "$@"): $(grep -m 1 FAIL "$out/$name.neg")"
  fi
}

# [SECTION] Palettes
# The colour-blind palette mid-search, with its default patterns on.
shot cb 1280x800 --palette colour-blind --steps 40 -- \
  --expect in-progress --iteration 40 --palette colour-blind
[ "$(field cb patterns)" = true ] || fail "cb: the colour-blind palette did not turn patterns on"
not_ok cb --expect in-progress --iteration 40 --palette default
# ... and on the pixels alone: the same picture with a sidecar that claims the default palette.
cp "$out/cb.png" "$out/cb-claims-default.png"
sed 's/"colour-blind"/"default"/' "$out/cb.png.json" >"$out/cb-claims-default.png.json"
not_ok cb-claims-default --expect in-progress --iteration 40 --palette default
grep -q "cell .* of its pixels show" "$out/cb-claims-default.neg" ||
  fail "cb-claims-default: the checker did not find the open/closed colours wrong"
# The same with patterns off: its own colours still check; the patterns differ from it inside
# every open and closed cell and not on walls.
shot cb-plain 1280x800 --palette colour-blind --patterns off --steps 40 -- \
  --expect in-progress --iteration 40 --palette colour-blind
if "$checker" "$out/cb.png" "$level" --expect in-progress --iteration 40 --palette colour-blind \
     --patterns-vs "$out/cb-plain.png" >"$out/cb-vs.check" 2>&1; then
  echo "ok: cb vs cb-plain: $(grep patterns: "$out/cb-vs.check")"
else
  cat "$out/cb-vs.check"
  fail "cb.png's patterns are not where they should be (compared with cb-plain.png)"
fi
not_ok cb --expect in-progress --iteration 40 --palette colour-blind --patterns-vs "$out/cb.png"
# Run to the end: the yellow path (under its dots), walls, closed and open sets.
shot cb-run 1280x800 --palette colour-blind --run -- --expect found --palette colour-blind
shot hc-run 1280x800 --palette high-contrast --run -- --expect found --palette high-contrast
not_ok hc-run --expect found --palette colour-blind
cp "$out/hc-run.png" "$out/hc-claims-cb.png"
sed 's/"high-contrast"/"colour-blind"/' "$out/hc-run.png.json" >"$out/hc-claims-cb.png.json"
not_ok hc-claims-cb --expect found --palette colour-blind
grep -q "want path" "$out/hc-claims-cb.neg" || fail "hc-claims-cb: the checker did not find the path colour wrong"
# The default palette with patterns on: the default colours, patterned.
shot default-plain 1280x800 --steps 40 -- --expect in-progress --iteration 40
shot default-patterns 1280x800 --steps 40 --patterns on -- \
  --expect in-progress --iteration 40 --patterns-vs "$out/default-plain.png"

# [SECTION] Presentation mode and the UI scale
# --present on a 1600x900 screen: full screen, large fonts, and still the right cells.
shot present 1600x900 --present --palette colour-blind --steps 40 -- \
  --expect in-progress --iteration 40 --palette colour-blind --window 1600x900 \
  --font-px-at-least "$(awk -v f="$(field default-plain font_px)" 'BEGIN { print f * 1.5 }')"
[ "$(field present presentation)" = true ] || fail "present: the sidecar does not say presentation"
[ "$(field default-plain presentation)" = false ] || fail "default-plain: presentation is on"
echo "ok: UI font $(field default-plain font_px) px normally, $(field present font_px) px presenting"
# Without --present the window keeps its own size on the same screen.
shot windowed 1600x900 --size 1280x800 --steps 40 -- \
  --expect in-progress --iteration 40 --window 1280x800
not_ok windowed --expect in-progress --iteration 40 --window 1600x900
# --ui-scale 2: twice the font.
shot scaled 1600x900 --ui-scale 2 --size 1440x900 --steps 40 -- \
  --expect in-progress --iteration 40 \
  --font-px-at-least "$(awk -v f="$(field default-plain font_px)" 'BEGIN { print f * 2 }')"
[ "$(field scaled ui_scale)" = 2 ] || fail "scaled: ui_scale is '$(field scaled ui_scale)', not 2"
not_ok windowed --expect in-progress --iteration 40 --font-px-at-least 20

exit $status
