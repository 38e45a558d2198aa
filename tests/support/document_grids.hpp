// Test helper: the same level JSON with the grids' keys spelled with an escape ("co\u0073t"),
// which the direct grid reader (level_io.cpp, take_grids) does not recognise, so the JSON
// document parser reads those grids. Both ways must give the same level or the same message.
#pragma once

#include <string>
#include <utility>

namespace astar::test {

inline std::string through_document(std::string text) {
  const std::pair<std::string, std::string> keys[] = {{"\"cost\":", "\"co\\u0073t\":"},
                                                      {"\"heights\":", "\"he\\u0069ghts\":"}};
  for (const auto& [from, to] : keys)
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  return text;
}

}  // namespace astar::test
