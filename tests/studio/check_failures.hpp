// The studio checkers' failure count: fail(MESSAGE) prints "FAIL: MESSAGE" on stderr and counts
// it; a checker exits non-zero when `failures` is not 0. One per checker program.
#pragma once

#include <cstdio>
#include <string>

namespace astar::test {

inline int failures = 0;

inline void fail(const std::string& message) {
  std::fprintf(stderr, "FAIL: %s\n", message.c_str());
  ++failures;
}

}  // namespace astar::test
