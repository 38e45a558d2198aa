// The debugger column: the timeline (scrubber, micro-steps), the pseudo-code of the running
// algorithm with the line the last micro-step ran and its variables, and breakpoints. Plus the
// canvas marks they need (breakpoint dots, the move just examined) and their keys.
#pragma once

#include <optional>

#include <imgui.h>

#include "astar/grid.hpp"
#include "studio.hpp"

namespace studio {

struct Fonts;

struct TimelinePanel {
  void Draw(Studio& studio);
};

struct CodePanel {
  void Draw(const Studio& studio, const Fonts& fonts);
};

// The plain-language log: one line per event up to where the search is; a click goes there.
struct LogPanel {
  void Draw(Studio& studio);

 private:
  std::size_t shown_ = 0;  // lines last frame: scroll to the end when it changes
};

// The quiz: predict the next node with a click; score and the last verdict.
struct QuizPanel {
  void Draw(Studio& studio);
};

struct BreakpointsPanel {
  void Draw(Studio& studio);
};

// Canvas marks: a red dot on breakpoint cells, and an arrow to the move just examined (green:
// relaxed, grey: skipped) while an iteration is under way. `origin` is cell (0, 0)'s top-left.
void draw_debugger_marks(const Studio& studio, ImDrawList* dl, ImVec2 origin, float cell_px);

}  // namespace studio
