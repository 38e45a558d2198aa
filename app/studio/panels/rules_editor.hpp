// The editors of the level's movement rules (neighbours, diagonals, climb and drop limits and
// costs, the agent radius, 3D step lengths, jumps, action ranks) and of its iteration guard, for the Level panel. Each change is
// an edit: one undo step (typing in one field is one step), the search re-runs, the level is
// unsaved; values stay within what level files accept (astar::within_file_limits).
#pragma once

#include <string>
#include <string_view>

#include "state/studio.hpp"

namespace studio {

// 4 or 8 neighbours and, with 8, the diagonal rule: the Search panel's and the Level panel's.
// `marks`, when not empty, names the widgets in Studio::widget_rects ("level" gives
// "level.neighbours_4", "level.neighbours_8", "level.diagonal").
void neighbours_editor(Studio& studio, float combo_w, std::string_view marks = {});

class RulesEditor {
 public:
  void movement(Studio& studio);         // a "Movement" tree: neighbours to agent radius
  void jumps(Studio& studio);            // a "Jumps" tree: up, down, gap and their costs
  void ranks(Studio& studio);            // an "Action ranks" tree: on, and points per action
  void iteration_guard(Studio& studio);  // the level's preset.max_iterations, off or N

 private:
  // What the fields drawn so far changed: whether anything did, and the undo merge key of the
  // last change (empty for a click: its own step).
  struct Change {
    bool changed = false;
    std::string key;
  };
  // After a field's widget: records it as changed, merged with the rest of its typing.
  void took(Change& c, std::string_view field);
  void int_field(Studio& studio, const char* label, int& v, int lo, int hi, float w,
                 const char* tip, Change& c);
  void cost_field(Studio& studio, const char* label, double& v, double step, float w,
                  const char* tip, Change& c);
  void step_length_field(Studio& studio, astar::StepLength& length, Change& c);
  // A climb or drop limit: a box ticked for a limit, then the limit, or "any".
  void limit_field(Studio& studio, const char* label, int& v, float w, const char* box_tip,
                   const char* tip, Change& c);

  int typing_ = 0;  // counts the fields made active: one undo step per field typed in
};

}  // namespace studio
