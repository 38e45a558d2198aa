// The debugger column: the timeline (scrubber, micro-steps), the pseudo-code of the running
// algorithm with the line the last micro-step ran and its variables, and breakpoints. Their
// marks on the canvas (breakpoint dots, the move just examined) are overlays: draw_debugger_marks
// in overlays/overlay_draw.hpp.
#pragma once

#include <optional>

#include <imgui.h>

#include "astar/grid.hpp"
#include "state/studio.hpp"

namespace studio {

struct Fonts;

struct TimelinePanel {
  void Draw(Studio& studio);
};

struct CodePanel {
  // Lights the line the search is at, with its variables. During an exercise, whose steps are
  // the student's, not the search's: the line of the question asked (ExerciseMode::code_line),
  // no variables; find-bug's trace is followed as any trace.
  void Draw(const Studio& studio, const Fonts& fonts);
};

// The plain-language log: one line per event up to where the search is; a click goes there.
struct LogPanel {
  void Draw(Studio& studio);

 private:
  void draw_hierarchy_log(SearchSession& session);  // HPA*: a line per step, its own words
  std::size_t shown_ = 0;  // lines last frame: scroll to the end when it changes
};

// The quiz: predict the next node with a click; score and the last verdict.
struct QuizPanel {
  void Draw(Studio& studio);
};

struct BreakpointsPanel {
  void Draw(Studio& studio);
};

}  // namespace studio
