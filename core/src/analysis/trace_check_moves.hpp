// The checker's view of a trace's moves (private to trace_check*.cpp): which parent -> child
// links the level allows and what each costs, and the trace's cost scale inferred from them.
//
//   MoveJudge judge(level, rules, trace);           // decides once whether the trace is any-angle
//   LinkJudgement j = judge.judge(parent_cell, child_cell);
//   if (!j.cost) say("no legal move: " + j.why);
//   ScaleChoice s = choose_cost_scale(trace, judge, options.cost_scale);
//
// Any-angle traces (Theta*, and JPS's jumps between jump points): a trace is taken as any-angle
// when at least kAnyAngleShare of its distinct parent links are longer than one cell with line
// of sight between their ends, and there are at least two such links. In such a trace a
// longer link is legal when there is line of sight (line_of_sight.hpp), and costs its Euclidean
// length times the cost of the cell it enters (exact on the uniform grids these searches run on).
// In any other trace a link longer than one cell that is no jump across is illegal ("not
// adjacent"): a program that teleports a node now and then is not taken for an any-angle search.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "astar/imported_trace.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"

namespace astar::trace_check {

inline constexpr double kAnyAngleShare = 0.1;
// A scale within this (relative) of a clean number is that number: 1, 2, 2.5 or 5 times a power
// of ten. Looser than kTraceTolerance: the median of differences of rounded g values carries
// more noise than a single value does.
inline constexpr double kSnapTolerance = 1e-2;

struct LinkJudgement {
  std::optional<double> cost;  // the level's cost of the move when it is legal (unscaled)
  std::string why;             // else why not: "corner cut", "(4, 5) is a wall", "not adjacent"
  bool straight = false;       // a legal one-cell straight move
};

class MoveJudge {
 public:
  MoveJudge(const Level& level, const MovementRules& rules, const ImportedTrace& trace);
  bool any_angle() const { return any_angle_; }
  const MovePolicy& policy() const { return policy_; }
  LinkJudgement judge(Cell from, Cell to) const;

 private:
  const Level* level_;
  MovePolicy policy_;
  bool any_angle_ = false;
};

struct ScaleChoice {
  double scale = 1.0;
  std::string note;  // "cost scale 1 (given)", "cost scale 1e-05 inferred from 1,204 moves"
};
// `given` when there is one; else the median of (child g - parent g) / the level's cost over the
// trace's legal moves (its straight one-cell moves when it has any: diagonal mistakes do not
// move the median), snapped to a clean number within kSnapTolerance.
ScaleChoice choose_cost_scale(const ImportedTrace& trace, const MoveJudge& judge,
                              std::optional<double> given);

// The value h of event e as written: h, else f - g, else NaN.
double written_h(const ImportedEvent& e);

}  // namespace astar::trace_check
