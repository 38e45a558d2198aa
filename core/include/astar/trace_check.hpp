// Checks an imported trace (imported_trace.hpp) against the level's rules and against our
// optimal search, for `astar check-trace` and the studio's Findings panel:
//
//   TraceCheckReport r = check_trace(level, level.rules(), trace);
//   say(r.scale_note);                       // "cost scale 1e-05 inferred from 1,204 moves"
//   for (const Finding& f : r.findings) say(f.message);   // one plain sentence with the numbers
//
// Every comparison of two costs uses one stated tolerance, kTraceTolerance, relative:
// a and b are equal when |a - b| <= kTraceTolerance * max(1, |a|, |b|), after scaling. Printed
// traces carry about six significant digits, so rounding noise is never a finding.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/imported_trace.hpp"
#include "astar/level.hpp"
#include "astar/search.hpp"

namespace astar {

inline constexpr double kTraceTolerance = 1e-4;
// a == b within kTraceTolerance (see above); a < b beyond it. `magnitude` is the size of the
// printed numbers a value was computed from, when larger than the value: h = f - g carries the
// rounding of f and g, so it is compared within kTraceTolerance × max(1, |a|, |b|, |f|, |g|).
bool trace_equal(double a, double b, double magnitude = 0.0);
bool trace_less(double a, double b, double magnitude = 0.0);

enum class FindingKind : std::uint8_t {
  // parent -> child is no legal move of the level (wall, corner cut, not adjacent, ...); once
  // per link. Any-angle traces (at least a tenth of the links longer than one cell with line
  // of sight, and two or more): a longer link is legal with line of sight and costs its length.
  IllegalMove,
  GMismatch,          // child g != parent g + the level's cost of that move (once per g written)
  // expanded with a lower f than an earlier expansion: one finding per run of expansions below
  // the largest f expanded before them (the message says how long the run is)
  FOrder,
  Overestimate,       // h > the true remaining cost (one reverse Dijkstra); once per node
  Reexpanded,         // a node expanded again: one finding per repeat
  MissedImprovement,  // expanded with a g higher than an expanded neighbour offers
  // the trace's path costs more than our optimum (Dijkstra between the trace's endpoints), or
  // the trace finds no path where there is one
  Suboptimal,
  // the final path (the `end` node's chain of parents, else the destination's) loops, does not
  // start at the source, does not end at the destination, or has an illegal step
  BadPath,
  _Max
};
std::string_view to_string(FindingKind k);  // "illegal-move", "g-mismatch", ...
std::optional<FindingKind> parse_finding_kind(std::string_view name);

struct Finding {
  FindingKind kind = FindingKind::IllegalMove;
  std::size_t event = 0;  // index into ImportedTrace::events
  Cell cell;
  std::string message;  // one sentence with the numbers, cells as "(4, 3)"
};

struct TraceCheckOptions {
  // The trace's cost unit: what one unit of the level's costs is in the trace's numbers (1e-05
  // when a straight step of cost 1 reads 1e-05); the trace's g, h and f are divided by it. None:
  // inferred (the scale that makes the trace's moves cost what the level says; 1 when nothing
  // can be inferred), and said in scale_note. A given scale that is not a finite number > 0 is
  // refused: 1 is used and scale_note says so.
  std::optional<double> cost_scale;
  // Findings kept per kind (the rest are counted in TraceCheckReport::counts); 0: all.
  std::size_t max_per_kind = 100;
};

struct TraceCheckReport {
  std::vector<Finding> findings;  // in event order
  std::vector<std::int64_t> counts = std::vector<std::int64_t>(static_cast<std::size_t>(FindingKind::_Max), 0);
  double cost_scale = 1.0;
  std::string scale_note;  // "cost scale 1 (given)", "cost scale 1e-05 inferred from 1,204 moves"
  // The trace's final path and its cost under the level's rules (scaled units), and ours. The
  // cost is none when the path is no chain of legal moves from source to destination (a step
  // the rules forbid has no cost under them).
  std::vector<Cell> trace_path;
  std::optional<double> trace_path_cost;
  // What the trace says its path costs: the last g it writes for the path's last node, divided
  // by cost_scale (the cost the studio's replay shows), when the path's chain of parents runs
  // from the source. It is there when trace_path_cost is not (a path through illegal moves, or
  // one that stops short of the destination) and differs from it when the trace's g is wrong
  // (g-mismatch findings say where).
  std::optional<double> trace_path_g;
  std::vector<Cell> optimal_path;
  std::optional<double> optimal_cost;
  std::int64_t total() const;  // every finding, counted
};

// A growing trace (ImportedTrace::growing: a snapshot of one still being written) has its events
// checked but not its final path (no suboptimal or bad-path yet); the scale note says so.
TraceCheckReport check_trace(const Level& level, const MovementRules& rules,
                             const ImportedTrace& trace, const TraceCheckOptions& options = {});

}  // namespace astar
