// Linked into the web build's programs that node runs (--pre-js, cmake/web.cmake): getenv sees
// node's environment (CI, ASTAR_MOVINGAI_DIR, TMPDIR, HOME) instead of Emscripten's fixed one
// (USER=web_user, HOME=/home/web_user).
Module['preRun'] = (Module['preRun'] || []).concat([function () {
  Object.assign(ENV, process.env);
}]);
