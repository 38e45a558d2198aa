#!/usr/bin/env bash
# The `web_core` test: core and its doctest suite compiled to WebAssembly with Debian's
# Emscripten (a build of the same CMakeLists.txt with -DASTAR_WEB=ON, in its own folder inside the
# main build folder; cmake/web.cmake holds its glue), then run under node with the desktop's
# selection: every case, the *movingai-data* ones included (the exact MovingAI costs on the shared
# maps: ../shared/movingai or $ASTAR_MOVINGAI_DIR; with CI=true, missing files fail). The few cases
# that cannot run there are excluded below, each with its reason.
#
# The folder also builds the studio's page (web_studio, after this test): one web build, shared.
#
# usage: tests/web/core_tests.sh SOURCE_DIR BUILD_DIR [DOCTEST ARGS...]
# Exits 77 (skipped) when Emscripten, node or the Debian source packages the build compiles are
# missing (scripts/setup.sh --web installs and fetches them); with CI=true, that fails instead.
set -euo pipefail
src=$1 out=$2
shift 2

stage_prefix=web_core
# shellcheck source=../stage.sh
. "$(dirname "$0")/../stage.sh"  # stage NAME LOG COMMAND...: timed, its log shown on failure

missing() {
  echo "web_core: $1 (scripts/setup.sh --web installs what the web build needs)"
  if [ "${CI:-}" = true ]; then echo "web_core: CI=true: failing instead of skipping"; exit 1; fi
  echo "SKIP"
  exit 77
}
for tool in emcc emcmake node; do
  command -v "$tool" >/dev/null 2>&1 || missing "$tool is not installed"
done
sources=${ASTAR_DEB_SOURCES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/astar-studio/deb-src}
for p in libyaml imgui giflib; do  # core's, then the studio page's (the same build folder)
  compgen -G "$sources/${p}_*.dsc" >/dev/null || missing "$p's Debian source package is not in $sources"
done
# shellcheck source=../../scripts/emscripten_env.sh
. "$src/scripts/emscripten_env.sh"  # NODE_PATH and EMSDK_PYTHON for Debian's Emscripten

# What cannot run in WebAssembly under node, each with why (doctest filters, so no commas).
# Test cases:
exclude=(
  # A writer thread feeds a named pipe: this build has no threads (std::thread's constructor
  # throws "Resource temporarily unavailable"; the pipe itself is made and opened).
  "*TraceFollow* a named pipe*"
  # A child is forked and killed to leave an autosave behind: WebAssembly has no fork().
  "*recovery after kill -9*"
  # A live session's lock (flock) is what keeps it from being offered: Emscripten's flock locks
  # nothing, so a live session looks dead. In the page a Web Lock does it (session_lock.cpp),
  # which web_studio's second tab checks; node has no Web Locks.
  "*autosave: a running session is never offered*"
  # It sets the level files' times: under node's file system (NODERAWFS) a time set to 250 s
  # reads back as 250000 s, so the order by time is not the one set.
  "*recovery: newest first*"
)
# Subcases (the rest of their test case runs):
exclude_subcases=(
  # [level-io] a failed save: Emscripten's setrlimit says yes and limits nothing, so the write
  # that RLIMIT_FSIZE should stop half-way goes through.
  "*file size limit*"
)

t_all=$(now)
mkdir -p "$out"
stage configure "$out/configure.log" emcmake cmake -S "$src" -B "$out" -DCMAKE_BUILD_TYPE=Release \
  -DASTAR_WEB=ON -DASTAR_BUILD_APP=ON -DASTAR_BUILD_TESTS=ON -DASTAR_DEB_SOURCES_DIR="$sources"
stage build "$out/build.log" cmake --build "$out" --target astar_tests -j2
cases=$(IFS=,; echo "${exclude[*]}")
subcases=$(IFS=,; echo "${exclude_subcases[*]}")
# --no-colors: Emscripten tells doctest that node's output is a terminal, even into a log.
stage run - node "$out/tests/astar_tests.js" --no-version --no-colors \
  --test-case-exclude="$cases" --subcase-exclude="$subcases" "$@"
printf 'web_core: %-9s %6s s\n' total "$(seconds_since "$t_all")"
