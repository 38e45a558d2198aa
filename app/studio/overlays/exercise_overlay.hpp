// The canvas during an exercise (state/exercise_mode.hpp): the search's own overlays are hidden
// and the student's view is drawn instead. The grid's tints already show the cells the student
// has opened and closed and the path traced back (GridRenderer::search_code reads the run); over
// them come g, h and f as established, parent arrows, the node being expanded (a ring), the
// neighbour asked about (a dashed ring and an arrow from the node), the neighbours ticked for a
// new parent, the path traced back, the cells painted for a Mark question, and after a Mark
// answer which were right (a tick), missed (a dashed ring) or extra (a cross); the heuristic
// kind's given h on every cell, the repair kind's edited cell, the last wrong pick crossed out,
// and the keyboard's cursor. Find-bug draws the trace as trace mode does (its findings hidden).
//   draw_exercise(ctx);      // from OverlayContext::draw_all, instead of the search's overlays
//   draw_exercise_top(ctx);  // last, over the start and goal markers: the node expanded, the
//                            // cell asked about, the neighbours to tick, the cursor
// The marks' colours are shared with the screenshot checker; no GL or ImGui in this header.
#pragma once

#include "state/palette.hpp"

namespace studio {

struct OverlayContext;

inline constexpr palette::Rgb kExerciseRight{30, 160, 70};    // a tick: right
inline constexpr palette::Rgb kExerciseWrong{215, 40, 40};    // a cross: wrong or extra
inline constexpr palette::Rgb kExerciseMissed{235, 140, 0};   // a dashed ring: missed
inline constexpr palette::Rgb kExerciseMarked{120, 60, 220};  // a cell painted for Mark
inline constexpr palette::Rgb kExerciseAsked{0, 120, 235};    // the neighbour asked about
inline constexpr palette::Rgb kExerciseCursor{255, 200, 0};   // the keyboard's cursor

void draw_exercise(const OverlayContext& ctx);
void draw_exercise_top(const OverlayContext& ctx);

}  // namespace studio
