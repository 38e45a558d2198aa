#!/usr/bin/env bash
# Studio frame times under Xvfb (issue 7): levels of 64², 1024² and 4096² cells (seeded random
# obstacles at density 0.15, made with `astar generate`), every overlay on, the search run to the end; then the
# same while panning every frame, and while playing a search. Prints one row per case.
#
# usage: bench/studio_frames.sh [BUILD_DIR] [FRAMES]     (defaults: build 300)
set -euo pipefail
build=${1:-build} frames=${2:-300}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
overlays=(--overlay open=on --overlay closed=on --overlay current=on --overlay examined=on
          --overlay arrows=on --overlay order=on --overlay path=on --overlay heuristic=on --heat f)
run() {  # run LEVEL ARGS...: one benchmark; prints the studio's line
  xvfb-run -a -s "-screen 0 1280x800x24" "$build/app/astar-studio" "$@" --bench-frames "$frames" 2>&1 | tail -n 1
}
printf '%-8s %-34s %s\n' level case result
for n in 64 1024 4096; do
  "$build/app/astar" generate obstacles --size ${n}x${n} --seed 1 --density 0.15 -o "$dir/l$n.json" >/dev/null
  printf '%-8s %-34s %s\n' "$n²" "overlays on, search finished" "$(run "$dir/l$n.json" --run "${overlays[@]}")"
  printf '%-8s %-34s %s\n' "$n²" "overlays on, finished, panning" "$(run "$dir/l$n.json" --run --bench-pan "${overlays[@]}")"
  printf '%-8s %-34s %s\n' "$n²" "playing 2,000 it/s, overlays on" "$(run "$dir/l$n.json" --bench-play 2000 "${overlays[@]}")"
  printf '%-8s %-34s %s\n' "$n²" "playing 100,000 it/s" "$(run "$dir/l$n.json" --bench-play 100000)"
done
