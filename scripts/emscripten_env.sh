# shellcheck shell=bash
# Sourced before calling Debian's Emscripten (scripts/build-web.sh, tests/web/core_tests.sh,
# bench/web_vs_native.sh): what its tools need from the environment.
#   . "$root/scripts/emscripten_env.sh"
#
# NODE_PATH: Emscripten runs its JavaScript tools with the first node on PATH; one that is not
# Debian's finds Debian's node modules (acorn) through it.
if [ -d /usr/share/nodejs ]; then
  case ":${NODE_PATH:-}:" in
    *:/usr/share/nodejs:*) ;;
    *) export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs ;;
  esac
fi
# EMSDK_PYTHON: the interpreter Debian's emcc and em++ run on ("${EMSDK_PYTHON:-python3}"), once
# for every file they compile. Debian's own, which the emscripten package depends on: the first
# python3 on PATH may be a pyenv shim, shell scripts that take 0.4 s of CPU a call before the
# interpreter starts (0.7 s against 0.3 s for em++ on an empty file; about 100 s of CPU over a
# CI run's two web builds, 2026-11-28). The objects are the same.
if [ -z "${EMSDK_PYTHON:-}" ] && [ -x /usr/bin/python3 ]; then
  export EMSDK_PYTHON=/usr/bin/python3
fi
