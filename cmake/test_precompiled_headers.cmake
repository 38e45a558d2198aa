# astar_test_precompiled_headers(TARGET DOCTEST_MAIN_SOURCE): the headers that most test files
# include, precompiled once for TARGET (a doctest program of test code: astar_tests,
# astar_cli_tests) instead of parsed again by each of its files. The test code is compiled at
# -O0 (ASTAR_TEST_CODE_FLAGS), so parsing headers is most of its time. astar_tests' 61 test files,
# two at a time: clang with ASan 208 -> 129 CPU-seconds, Emscripten 147 -> 107; gcc, whose
# precompiled header is a 90 MB image loaded by every file, about 9 % less (docs/testing.md).
# The target's own flags must be ASTAR_TEST_CODE_FLAGS as a whole: a header precompiled at -O2
# is not used at -O0 (gcc ignores it, clang stops). DOCTEST_MAIN_SOURCE defines
# DOCTEST_CONFIG_IMPLEMENT* before it includes doctest, so it goes without: doctest's header,
# once included, would hide the implementation from it.
#
# A file still includes what it uses: these headers only come first, already parsed.
function(astar_test_precompiled_headers target doctest_main_source)
  target_precompile_headers(${target} PRIVATE
    <doctest/doctest.h>
    <algorithm> <cmath> <cstdint> <cstdio> <cstdlib> <filesystem> <fstream> <memory> <optional>
    <random> <sstream> <string> <string_view> <vector>
    <astar/search.hpp> <astar/make_search.hpp> <astar/level_io.hpp>)
  set_source_files_properties(${doctest_main_source} TARGET_DIRECTORY ${target}
                              PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()
