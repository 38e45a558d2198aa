// Which of a trace's parent links the level allows, and the trace's cost scale
// (trace_check_moves.hpp).
#include "analysis/trace_check_moves.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <unordered_set>
#include <vector>

#include "astar/format.hpp"
#include "astar/line_of_sight.hpp"

namespace astar::trace_check {

namespace {

int chebyshev(Cell a, Cell b) { return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)); }

// The distinct parent -> child links of the trace, as (parent node << 32 | child node).
std::vector<std::uint64_t> distinct_links(const ImportedTrace& t) {
  std::unordered_set<std::uint64_t> seen;
  std::vector<std::uint64_t> links;
  for (const ImportedEvent& e : t.events) {
    if (e.node >= t.node_count() || e.parent >= t.node_count()) continue;
    const std::uint64_t key = (std::uint64_t{e.parent} << 32) | e.node;
    if (seen.insert(key).second) links.push_back(key);
  }
  return links;
}

// Why the one-cell move a -> b (in direction d, a in the level) is impossible, in a few words.
std::string one_cell_reason(const MovePolicy& policy, Cell a, Cell b, Dir d) {
  const Move m = policy.move(a, d);
  switch (m.block) {
    case MoveBlock::Wall: return cell_text(b) + " is a wall";
    case MoveBlock::Agent: return "an agent stands on " + cell_text(b);
    case MoveBlock::None:  // possible as a step, yet move_between said no: cannot happen
    case MoveBlock::OutOfBounds:
    case MoveBlock::BlockedEdge:
    case MoveBlock::NotANeighbour:
    case MoveBlock::CornerCut:
    case MoveBlock::ClimbTooHigh:
    case MoveBlock::DropTooFar:
    case MoveBlock::ShapeHit:
    case MoveBlock::_Max: break;
  }
  return std::string(to_string(m.block));
}

}  // namespace

MoveJudge::MoveJudge(const Level& level, const MovementRules& rules, const ImportedTrace& trace)
    : level_(&level), policy_(level, rules) {
  std::int64_t long_with_sight = 0;
  if (level.is_hex()) return;  // (line of sight is traced through square cells: no any-angle)
  const std::vector<std::uint64_t> links = distinct_links(trace);
  for (std::uint64_t key : links) {
    const Cell a = trace.cell(static_cast<std::uint32_t>(key >> 32));
    const Cell b = trace.cell(static_cast<std::uint32_t>(key & 0xFFFFFFFFu));
    if (chebyshev(a, b) > 1 && level.in_bounds(a) && level.in_bounds(b) &&
        line_of_sight(level, a, b))
      ++long_with_sight;
  }
  any_angle_ = long_with_sight >= 2 &&
               static_cast<double>(long_with_sight) >= kAnyAngleShare * static_cast<double>(links.size());
}

LinkJudgement MoveJudge::judge(Cell from, Cell to) const {
  LinkJudgement j;
  if (!level_->in_bounds(from) || !level_->in_bounds(to)) {
    j.why = cell_text(level_->in_bounds(from) ? to : from) + " is outside the level";
    return j;
  }
  if (from == to) {
    j.why = "a cell is not its own neighbour";
    return j;
  }
  if (const std::optional<Move> m = policy_.move_between(from, to)) {
    j.cost = m->cost;
    j.straight = m->action != MoveAction::JumpAcross && !level_->is_diagonal_step(m->dir);
    return j;
  }
  if (const std::optional<Dir> d = level_->direction_between(from, to)) {
    j.why = one_cell_reason(policy_, from, to, *d);
    return j;
  }
  if (any_angle_ && line_of_sight(*level_, from, to)) {
    j.cost = std::hypot(to.x - from.x, to.y - from.y) * level_->cost(to);
    return j;
  }
  j.why = any_angle_ ? "no line of sight" : "not adjacent";
  return j;
}

// [SECTION] The cost scale

namespace {

// r snapped to 1, 2, 2.5 or 5 times a power of ten when within kSnapTolerance of one.
double snap(double r) {
  const double k = std::floor(std::log10(r));
  for (double p : {k - 1, k, k + 1})
    for (double m : {1.0, 2.0, 2.5, 5.0}) {
      // Through the decimal text, so 1e-05 is the double that reads "1e-05".
      const double c = std::stod(number_text(m) + "e" + std::to_string(static_cast<int>(p)));
      if (std::abs(r / c - 1.0) <= kSnapTolerance) return c;
    }
  return r;
}

// (child g - parent g) / the level's cost of each legal link with both g known, once per
// (node, parent, g) written: straight one-cell moves in `straight`, the others in `other`.
void collect_ratios(const ImportedTrace& t, const MoveJudge& judge, std::vector<double>& straight,
                    std::vector<double>& other) {
  std::vector<double> g(t.node_count(), std::nan(""));
  std::vector<std::uint64_t> last(t.node_count(), ~std::uint64_t{0});
  for (const ImportedEvent& e : t.events) {
    if (e.node >= t.node_count()) continue;
    if (e.parent < t.node_count() && !std::isnan(e.g) && !std::isnan(g[e.parent])) {
      std::uint64_t key = std::uint64_t{e.parent} << 32;
      key ^= std::hash<double>{}(e.g);
      if (key != last[e.node]) {
        last[e.node] = key;
        const LinkJudgement j = judge.judge(t.cell(e.parent), t.cell(e.node));
        if (j.cost && *j.cost > 0)
          (j.straight ? straight : other).push_back((e.g - g[e.parent]) / *j.cost);
      }
    }
    if (!std::isnan(e.g)) g[e.node] = e.g;
    else if (e.type == TraceEventType::Source && std::isnan(g[e.node])) g[e.node] = 0.0;
  }
}

}  // namespace

ScaleChoice choose_cost_scale(const ImportedTrace& trace, const MoveJudge& judge,
                              std::optional<double> given) {
  if (given) return {*given, "cost scale " + number_text(*given) + " (given)"};
  std::vector<double> straight, other;
  collect_ratios(trace, judge, straight, other);
  std::vector<double>& r = straight.empty() ? other : straight;
  const std::int64_t moves = static_cast<std::int64_t>(straight.size() + other.size());
  if (r.empty()) return {1.0, "cost scale 1 (nothing to infer from)"};
  auto mid = r.begin() + static_cast<std::ptrdiff_t>(r.size() / 2);
  std::nth_element(r.begin(), mid, r.end());
  const double median = *mid;
  if (!(median > 0) || !std::isfinite(median))
    return {1.0, "cost scale 1 (g does not grow along the moves: nothing to infer from)"};
  const double scale = snap(median);
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", scale);
  return {scale, "cost scale " + (scale == median ? std::string(text) : number_text(scale)) +
                     " inferred from " + count_text(moves) + " moves"};
}

double written_h(const ImportedEvent& e) {
  if (!std::isnan(e.h)) return e.h;
  if (!std::isnan(e.f) && !std::isnan(e.g)) return e.f - e.g;
  return std::nan("");
}

}  // namespace astar::trace_check
