// File > Open plan...: a multi-agent plan another program wrote (Kei18's, Li's or MAPF Tracker's
// format: state/opened_plan.hpp), played on the current level's units and checked against them.
// The dialog lists the plan files (.txt, .plan, .log) in the current folder, the levels folder
// and beside the level's file, and takes a typed path. An error (a bad line, another number of
// units) stays in the dialog and the status line, naming the file and the line; the level and a
// plan already open stay as they were. In the browser the page's file picker opens instead, and
// the file picked opens as a dropped one (files/dropped_files.hpp).
#pragma once

#include <string>
#include <vector>

namespace studio {

class Studio;

class PlanDialog {
 public:
  void request(const Studio& studio);
  void Draw(Studio& studio);  // at the top level, once per frame

 private:
  bool open_ = false;
  std::string path_, error_;
  std::vector<std::string> files_;
};

}  // namespace studio
