// File > Open trace...: a search trace from another program (Posthoc JSON or YAML, JSON Lines)
// or ours (`astar trace --format json`), replayed on the current level (trace_mode.hpp). The
// dialog lists the trace files in the current folder, the levels folder and beside the level's
// file, and takes a typed path; an error (a cell outside the level, a malformed event) stays in
// the dialog, naming the file, and the level and its search stay as they were.
#pragma once

#include <string>
#include <vector>

namespace studio {

class Studio;

class TraceDialog {
 public:
  void request(const Studio& studio);
  void Draw(Studio& studio);  // at the top level, once per frame

 private:
  bool open_ = false;
  std::string path_, error_;
  std::vector<std::string> files_;
};

}  // namespace studio
