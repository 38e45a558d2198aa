#include "astar/moves.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <string>

#include "astar/format.hpp"

namespace astar {

namespace {
constexpr std::string_view kMoveBlockNames[] = {
    "possible", "outside the level", "wall", "agent", "blocked edge", "not a neighbour",
    "corner cut", "climb too high", "drop too far", "shape"};
static_assert(std::size(kMoveBlockNames) == static_cast<std::size_t>(MoveBlock::_Max));
constexpr std::string_view kMoveActionNames[] = {"walk",      "climb",     "drop",
                                                 "jump up",   "jump down", "jump across"};
static_assert(std::size(kMoveActionNames) == static_cast<std::size_t>(MoveAction::_Max));
}  // namespace

std::string_view to_string(MoveBlock b) { return kMoveBlockNames[static_cast<int>(b)]; }
std::string_view to_string(MoveAction a) { return kMoveActionNames[static_cast<int>(a)]; }

MovePolicy::MovePolicy(const Level& level, const MovementRules& rules)
    : level_(&level), rules_(rules),
      four_(!level.is_hex() && rules.neighbours == Neighbours::Four) {
  if (!rules.ranks.on) return;
  const auto& solid = level.solid_mask();
  const double open = static_cast<double>(std::count(solid.begin(), solid.end(), 0));
  const double bound = open * dearest_move(level, rules);  // no simple path is this long
  double unit = 1.0;
  // (Capped: a level that needs more cannot add its costs exactly and the searches refuse it.)
  while (unit <= bound && unit < 1e15) unit *= 10.0;
  rank_units_ = ExactCost::units(unit);
}

double dearest_move(const Level& level, const MovementRules& rules) {
  double dearest_cell = 0.0;
  for (std::size_t i = 0; i < level.costs().size(); ++i)
    if (!level.solid_mask()[i]) dearest_cell = std::max<double>(dearest_cell, level.costs()[i]);
  const auto [low, high] = std::minmax_element(level.heights().begin(), level.heights().end());
  const double rise = low == level.heights().end() ? 0.0 : static_cast<double>(*high) - *low;
  const double extra = std::max({rules.climb_cost * rise, rules.drop_cost, rules.jump.up_cost,
                                 rules.jump.down_cost, rules.jump.across_cost});
  // The longest step on the grid.
  const double flat = std::max(level.is_hex() ? 1.0 : kSqrt2, rules.jump.gap + 1.0);
  const double longest = rules.step_length == StepLength::Height ? std::hypot(flat, rise) : flat;
  double dearest = dearest_cell * longest + extra;
  for (const auto& [key, e] : level.edges())
    if (!e.blocked) dearest = std::max(dearest, e.weight);
  return dearest;
}

std::int64_t rank_points(const ActionRanks& r, MoveAction action, int rise) {
  if (!r.on) return 0;
  const std::int64_t levels = std::abs(static_cast<std::int64_t>(rise));
  switch (action) {
    case MoveAction::Climb: return r.climb * levels;
    case MoveAction::Drop: return r.drop * levels;
    case MoveAction::JumpAcross: return r.across;
    case MoveAction::JumpUp: return r.up * levels;
    case MoveAction::JumpDown: return r.down * levels;
    case MoveAction::Walk:
    case MoveAction::_Max: break;
  }
  return 0;
}

RankedCost MovePolicy::split_ranked(ExactCost cost) const {
  if (rank_units_ == 0) return {0, cost};
  // The distance part is below the unit and its a and b are >= 0, so its a is too.
  return {cost.a / rank_units_, {cost.a % rank_units_, cost.b}};
}

MoveBlock MovePolicy::classify(int rise, MoveAction& action) const {
  if (rise == 0) {
    action = MoveAction::Walk;
  } else if (rise > 0) {
    if (rules_.max_climb == kUnlimited || rise <= rules_.max_climb)
      action = MoveAction::Climb;
    else if (rise <= rules_.jump.up)
      action = MoveAction::JumpUp;
    else
      return MoveBlock::ClimbTooHigh;
  } else {
    if (rules_.max_drop == kUnlimited || -rise <= rules_.max_drop)
      action = MoveAction::Drop;
    else if (-rise <= rules_.jump.down)
      action = MoveAction::JumpDown;
    else
      return MoveBlock::DropTooFar;
  }
  return MoveBlock::None;
}

Move MovePolicy::move(Cell from, Dir d) const {
  const Level& lv = *level_;
  if (!lv.has_direction(d)) return {from, d, MoveBlock::NotANeighbour, 0.0, MoveAction::Walk, {}};
  Move m{lv.neighbour(from, d), d, MoveBlock::None, 0.0, MoveAction::Walk, {}};
  if (!lv.in_bounds(m.to)) { m.block = MoveBlock::OutOfBounds; return m; }
  // Checked once: the cells below are read from the flat arrays (this runs for every move).
  const std::vector<std::uint8_t>& solid = lv.solid_mask();
  const std::uint32_t to = to_u32(lv.index(m.to));
  if (solid[to]) {
    m.block = lv.walls()[to] ? MoveBlock::Wall : MoveBlock::Agent;
    return m;
  }
  const bool diagonal = lv.is_diagonal_step(d);
  if (diagonal) {
    if (rules_.neighbours == Neighbours::Four || rules_.diagonal == DiagonalPolicy::Never) {
      m.block = MoveBlock::NotANeighbour;
      return m;
    }
    // The two side cells a diagonal step passes between.
    const auto open = [&](Cell c) { return lv.in_bounds(c) && !solid[to_u32(lv.index(c))]; };
    const bool side_a = open({m.to.x, from.y});
    const bool side_b = open({from.x, m.to.y});
    const bool ok = rules_.diagonal == DiagonalPolicy::Always ||
                    (rules_.diagonal == DiagonalPolicy::AtLeastOneSideOpen && (side_a || side_b)) ||
                    (rules_.diagonal == DiagonalPolicy::NoCornerCutting && side_a && side_b);
    if (!ok) { m.block = MoveBlock::CornerCut; return m; }
  }
  std::optional<EdgeOverride> over;
  if (lv.has_edges(from)) over = lv.edge(from, d);
  if (over && over->blocked) { m.block = MoveBlock::BlockedEdge; return m; }

  const int rise = lv.heights()[to] - lv.height_at(from);
  m.block = classify(rise, m.action);
  if (m.block != MoveBlock::None) return m;
  // Last, as the dearest test (cached per cell in the level); no shapes: one branch.
  if (!lv.shapes().empty() && lv.shape_blocks(from, d, rules_.agent_radius)) {
    m.block = MoveBlock::ShapeHit;
    return m;
  }
  if (over) {
    m.exact = ExactCost::straight(over->weight) + ranked(m.action, rise);
    m.cost = m.exact.value();
    return m;
  }
  ExactCost extra;
  switch (m.action) {
    case MoveAction::Climb: extra = {ExactCost::units(rules_.climb_cost) * rise, 0}; break;
    case MoveAction::Drop: extra = ExactCost::straight(rules_.drop_cost); break;
    case MoveAction::JumpUp: extra = ExactCost::straight(rules_.jump.up_cost); break;
    case MoveAction::JumpDown: extra = ExactCost::straight(rules_.jump.down_cost); break;
    case MoveAction::Walk:
    case MoveAction::JumpAcross:
    case MoveAction::_Max: break;
  }
  if (rules_.step_length == StepLength::Height && rise != 0)
    m.exact = exact_length_cost((diagonal ? 2 : 1) + std::int64_t{rise} * rise,
                                lv.costs()[to]) + extra;
  else
    m.exact = exact_move_cost(diagonal, 1, lv.costs()[to], extra);
  m.exact += ranked(m.action, rise);
  m.cost = m.exact.value();
  return m;
}

ExactCost exact_length_cost(std::int64_t length_squared, double cell_cost) {
  const std::int64_t per_cell = ExactCost::units(cell_cost);
  const auto whole_root = [](std::int64_t v) {  // sqrt(v) when it is whole, else -1
    const std::int64_t r = std::llround(std::sqrt(static_cast<double>(v)));
    return r * r == v ? r : std::int64_t{-1};
  };
  if (const std::int64_t r = whole_root(length_squared); r >= 0) return {per_cell * r, 0};
  if (length_squared % 2 == 0)
    if (const std::int64_t r = whole_root(length_squared / 2); r >= 0) return {0, per_cell * r};
  return {std::llround(static_cast<double>(per_cell) *
                       std::sqrt(static_cast<double>(length_squared))),
          0};
}

std::optional<Move> MovePolicy::move_between(Cell a, Cell b) const {
  const Level& lv = *level_;
  if (!lv.in_bounds(a) || !lv.in_bounds(b)) return std::nullopt;
  if (const std::optional<Dir> d = lv.direction_between(a, b)) {
    // A possible move never leaves a wall (searches never reach one).
    const Move m = move(a, *d);
    if (!m.possible() || lv.solid(a)) return std::nullopt;
    return m;
  }
  if (rules_.jump.gap <= 0 || lv.solid(a)) return std::nullopt;
  if (!lv.is_hex()) {  // (on hexes the jumps are few: the search below is the test)
    if (a.x != b.x && a.y != b.y) return std::nullopt;
    const int span = std::abs(b.x - a.x) + std::abs(b.y - a.y);  // k + 1
    if (span - 1 > rules_.jump.gap) return std::nullopt;
  }
  std::optional<Move> found;
  for_each_jump_across(a, false, [&](const Move& m) {
    if (m.to == b) found = m;
  });
  return found;
}

std::vector<MoveAction> path_actions(const MovePolicy& policy, const std::vector<Cell>& path) {
  std::vector<MoveAction> out;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Move> m = policy.move_between(path[k - 1], path[k]);
    if (!m) return {};
    out.push_back(m->action);
  }
  return out;
}

std::optional<RankedCost> ranked_path_cost(const MovePolicy& policy, const std::vector<Cell>& path) {
  if (policy.rank_units() == 0 || path.empty()) return std::nullopt;
  ExactCost total;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Move> m = policy.move_between(path[k - 1], path[k]);
    if (!m) return std::nullopt;
    total += m->exact;
  }
  return policy.split_ranked(total);
}

// The length an edge override's move (from cell index `from`, direction d) has as the
// heuristic measures it: its grid length, or with "3d" steps its 3D length.
double MovePolicy::override_length(std::uint32_t from, Dir d) const {
  const Level& lv = *level_;
  const double flat = lv.step_length_of(d);
  if (rules_.step_length != StepLength::Height) return flat;
  const Cell a = lv.cell(CellIndex(from)), b = lv.neighbour(a, d);
  if (!lv.in_bounds(b)) return flat;
  const double rise = static_cast<double>(lv.height_at(b)) - lv.height_at(a);
  return std::sqrt(flat * flat + rise * rise);
}

double MovePolicy::min_cost_per_distance() const {
  const Level& lv = *level_;
  double lo = std::numeric_limits<double>::infinity();
  const auto& walls = lv.solid_mask();
  const auto& costs = lv.costs();
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (!walls[i]) lo = std::min(lo, static_cast<double>(costs[i]));
  for (const auto& [key, e] : lv.edges())
    if (!e.blocked) lo = std::min(lo, e.weight / override_length(key.first, key.second));
  return std::isfinite(lo) ? lo : 1.0;
}

std::string exact_sums_problem(const MovePolicy& policy) {
  const Level& level = policy.level();
  double dearest = dearest_move(level, policy.rules());
  if (policy.rank_units() > 0) {  // plus the most rank points one move can score
    const ActionRanks& r = policy.rules().ranks;
    const auto [low, high] = std::minmax_element(level.heights().begin(), level.heights().end());
    const double rise = static_cast<double>(*high) - *low;
    const double points = std::max({r.climb, r.drop, r.up, r.down}) * rise + r.across;
    dearest += points * static_cast<double>(policy.rank_units()) / kCostUnitsPerOne;
  }
  if (fits_exact_sums(dearest, static_cast<double>(level.cell_count()))) return {};
  return "a move may cost " + number_text(dearest) + " and a path take " +
         count_text(level.cell_count()) + " steps (their product must stay below 2,000,000,000,000)";
}

}  // namespace astar
