// A multi-agent plan checked against its problem (plan_check.hpp).
#include "astar/plan_check.hpp"

#include <algorithm>
#include <functional>
#include <cstdlib>
#include <tuple>
#include <unordered_map>

#include "astar/format.hpp"
#include "astar/moves.hpp"

namespace astar {

namespace {

constexpr std::string_view kKindNames[] = {"vertex-conflict", "edge-conflict", "illegal-move", "wrong-start",
                                           "wrong-goal",      "leaves-goal",   "above-optimum"};
static_assert(std::size(kKindNames) == kPlanFindingKinds);

std::string tick_text(std::size_t t) { return "t = " + std::to_string(t); }

// Why a step the rules refuse is refused, in words; "" for a possible one.
std::string_view block_words(MoveBlock b, const MovementRules& rules) {
  switch (b) {
    case MoveBlock::None:
    case MoveBlock::_Max: return "";
    case MoveBlock::OutOfBounds: return "off the map";
    case MoveBlock::Wall: return "into a wall";
    case MoveBlock::Agent: return "into a cell a blocking agent holds";
    case MoveBlock::BlockedEdge: return "across an edge the level blocks";
    case MoveBlock::NotANeighbour:
      return rules.neighbours == Neighbours::Four ? "a diagonal step, and the rules allow 4 neighbours"
                                                   : "a diagonal step, which the rules forbid";
    case MoveBlock::CornerCut: return "cuts a corner the rules forbid cutting";
    case MoveBlock::ClimbTooHigh: return "climbs higher than the rules allow";
    case MoveBlock::DropTooFar: return "drops further than the rules allow";
    case MoveBlock::ShapeHit: return "through a collision shape";
  }
  return "";
}

// Why the step a -> b is illegal (a in the level and open, b != a); "" when the rules allow it.
std::string step_problem(const Level& level, const MovePolicy& policy, Cell a, Cell b) {
  if (!level.in_bounds(b)) return "off the map";
  if (const std::optional<Dir> d = level.direction_between(a, b)) {
    const Move m = policy.move(a, *d);
    return std::string(block_words(m.block, policy.rules()));
  }
  if (policy.move_between(a, b)) return {};  // a jump across
  if (level.solid(b)) return "into a wall, and not adjacent";
  const int away = std::max(std::abs(b.x - a.x), std::abs(b.y - a.y));
  return "not adjacent: " + std::to_string(away) + " cells away (a teleport)";
}

struct UnitCheck {
  const Level& level;
  const MovePolicy& policy;
  const PlanCheckOptions& options;
  std::vector<PlanFinding>& out;

  void add(PlanFindingKind kind, std::size_t unit, std::size_t tick, Cell cell, std::string text) {
    out.push_back({kind, unit, std::nullopt, tick, cell, std::move(text)});
  }
  std::string where(Cell c) const {
    if (!level.in_bounds(c)) return cell_text(c) + " (off the map)";
    return cell_text(c) + (level.solid(c) ? " (a wall)" : "");
  }
  void moves(std::size_t i, const std::vector<Cell>& cells);
  void endpoints(std::size_t i, const std::vector<Cell>& cells, const Unit& u);
  void leaves_goal(std::size_t i, const std::vector<Cell>& cells, Cell goal);
};

void UnitCheck::moves(std::size_t i, const std::vector<Cell>& cells) {
  for (std::size_t t = 1; t < cells.size(); ++t) {
    const Cell a = cells[t - 1], b = cells[t];
    // A unit off the map or in a wall was found there: its steps are not checked again.
    if (a == b || !level.open(a)) continue;
    const std::string why = step_problem(level, policy, a, b);
    if (why.empty()) continue;
    add(PlanFindingKind::IllegalMove, i, t, b,
        "unit " + std::to_string(i) + " moves from " + cell_text(a) + " to " + cell_text(b) + " between " +
            tick_text(t - 1) + " and " + tick_text(t) + ": " + why);
  }
}

void UnitCheck::endpoints(std::size_t i, const std::vector<Cell>& cells, const Unit& u) {
  const std::string unit = "unit " + std::to_string(i);
  if (!(cells.front() == u.start))
    add(PlanFindingKind::WrongStart, i, 0, cells.front(),
        unit + " starts at " + where(cells.front()) + ", not on its start " + cell_text(u.start));
  if (!(cells.back() == u.goal))
    add(PlanFindingKind::WrongGoal, i, cells.size() - 1, cells.back(),
        unit + " ends at " + where(cells.back()) + " (from " + tick_text(cells.size() - 1) + " on), not on its goal " +
            cell_text(u.goal));
}

void UnitCheck::leaves_goal(std::size_t i, const std::vector<Cell>& cells, Cell goal) {
  const auto arrive = std::find(cells.begin(), cells.end(), goal);
  if (arrive == cells.end()) return;
  const auto leave = std::find_if(arrive, cells.end(), [&](Cell c) { return !(c == goal); });
  if (leave == cells.end()) return;
  const auto t_arrive = static_cast<std::size_t>(arrive - cells.begin());
  const auto t_leave = static_cast<std::size_t>(leave - cells.begin());
  add(PlanFindingKind::LeavesGoal, i, t_leave, *leave,
      "unit " + std::to_string(i) + " arrives on its goal " + cell_text(goal) + " at " + tick_text(t_arrive) +
          " and leaves it at " + tick_text(t_leave) + " (to " + cell_text(*leave) +
          "); the rules say a unit that arrives stays");
}

std::uint64_t key(Cell c) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(c.x)) << 32) | static_cast<std::uint32_t>(c.y);
}

// The first tick whose conflicts would take the listing past kMaxPlanConflicts (counting every
// pair in a cell, and at most one swap per two moving units); none when all fit.
std::optional<std::size_t> conflict_cutoff(const std::vector<UnitPlan>& plans, std::size_t ticks) {
  const std::size_t n = plans.size();
  if (n < 2 || (n * (n - 1) / 2 + n / 2) * (ticks + 1) <= kMaxPlanConflicts) return std::nullopt;
  std::unordered_map<std::uint64_t, std::size_t> here;
  std::size_t listed = 0;
  for (std::size_t t = 0; t <= ticks; ++t) {
    here.clear();
    std::size_t moving = 0;
    for (const UnitPlan& p : plans) {
      std::size_t& k = here[key(p.at(t))];
      listed += k++;  // the new unit pairs with each already there
      moving += t > 0 && !(p.at(t) == p.at(t - 1));
    }
    listed += moving / 2;
    if (listed > kMaxPlanConflicts) return t;
  }
  return std::nullopt;
}

void add_conflicts(const std::vector<UnitPlan>& plans, PlanCheckReport& r) {
  r.conflicts_from = conflict_cutoff(plans, r.ticks);
  std::vector<Conflict> conflicts;
  if (!r.conflicts_from) {
    conflicts = find_conflicts(plans);
  } else if (*r.conflicts_from > 0) {
    std::vector<UnitPlan> head = plans;
    for (UnitPlan& p : head)
      if (p.cells.size() > *r.conflicts_from) p.cells.resize(*r.conflicts_from);
    conflicts = find_conflicts(head);
  }
  for (const Conflict& c : conflicts)
    r.findings.push_back({c.kind == Conflict::Kind::Vertex ? PlanFindingKind::VertexConflict
                                                           : PlanFindingKind::EdgeConflict,
                          c.a, c.b, c.tick, c.cell, conflict_text(c)});
}

// The plans without their trailing waits (a unit stays where its plan ends): the same units at
// every tick, so that every format's way of ending a plan (Kei18 lists every unit to the last
// tick, a tracker string of a unit that never moves is "w") gives the same findings.
std::vector<UnitPlan> without_trailing_waits(const std::vector<UnitPlan>& plans) {
  std::vector<UnitPlan> out = plans;
  for (UnitPlan& p : out) {
    std::size_t n = p.cells.size();
    while (n > 1 && p.cells[n - 1] == p.cells[n - 2]) --n;
    p.cells.resize(n);
  }
  return out;
}

void add_optimum(const PlanOptimum& best, std::size_t units, PlanCheckReport& r) {
  const PlanStats& s = r.stats;
  if (s.arrived != units || s.sum_of_costs <= best.sum_of_costs) return;
  const std::size_t more = s.sum_of_costs - best.sum_of_costs;
  r.findings.push_back({PlanFindingKind::AboveOptimum, std::nullopt, std::nullopt, s.makespan, Cell{},
                        "the plan's sum of costs is " + std::to_string(s.sum_of_costs) + ", the optimum's " +
                            std::to_string(best.sum_of_costs) + " (" + std::to_string(more) + " more)"});
}

}  // namespace

std::string_view to_string(PlanFindingKind k) { return kKindNames[static_cast<std::size_t>(k)]; }

std::size_t PlanCheckReport::total() const {
  std::size_t n = 0;
  for (std::size_t c : counts) n += c;
  return n;
}

Result<PlanCheckReport> check_plans(const Level& level, const MovementRules& rules,
                                    const std::vector<UnitPlan>& plans, const PlanCheckOptions& options) {
  if (plans.size() != level.units.size())
    return Error{std::to_string(plans.size()) + " plans for " + std::to_string(level.units.size()) + " units"};
  for (std::size_t i = 0; i < plans.size(); ++i)
    if (plans[i].cells.empty()) return Error{"unit " + std::to_string(i) + "'s plan is empty"};
  const std::vector<UnitPlan> trimmed = without_trailing_waits(plans);
  PlanCheckReport r;
  const MovePolicy policy(level, rules);
  UnitCheck check{level, policy, options, r.findings};
  std::vector<Cell> goals;
  for (std::size_t i = 0; i < trimmed.size(); ++i) {
    const std::vector<Cell>& cells = trimmed[i].cells;
    const Unit& u = level.units[i];
    goals.push_back(u.goal);
    r.ticks = std::max(r.ticks, cells.size() - 1);
    check.endpoints(i, cells, u);
    check.moves(i, cells);
    if (options.stay_at_goal) check.leaves_goal(i, cells, u.goal);
  }
  add_conflicts(trimmed, r);
  r.stats = plan_stats(trimmed, goals);
  if (options.optimum) add_optimum(*options.optimum, plans.size(), r);
  std::stable_sort(r.findings.begin(), r.findings.end(), [](const PlanFinding& a, const PlanFinding& b) {
    return std::tuple(a.tick, a.kind, a.unit, a.other) < std::tuple(b.tick, b.kind, b.unit, b.other);
  });
  for (const PlanFinding& f : r.findings) ++r.counts[static_cast<std::size_t>(f.kind)];
  return r;
}

bool moves_cost_one_tick(const Level& level) {
  const MovementRules& r = level.rules();
  if (r.ranks.on || r.jump.gap > 0 || (!level.is_hex() && r.neighbours != Neighbours::Four)) return false;
  if (r.climb_cost != 0.0 || r.drop_cost != 0.0 || r.jump.up_cost != 0.0 || r.jump.down_cost != 0.0) return false;
  const std::vector<std::int32_t>& h = level.heights();
  if (r.step_length == StepLength::Height && std::adjacent_find(h.begin(), h.end(), std::not_equal_to<>()) != h.end())
    return false;
  for (std::size_t i = 0; i < level.costs().size(); ++i)
    if (!level.solid_mask()[i] && level.costs()[i] != 1.0f) return false;
  for (const auto& entry : level.edges())
    if (!entry.second.blocked && entry.second.weight != 1.0) return false;
  return true;
}

KnownOptimum cbs_optimum(const Level& level, const CbsOptions& budget) {
  if (!moves_cost_one_tick(level))
    return {std::nullopt, "not known: the level's moves do not all cost 1 (4 neighbours, every cell 1), so "
                          "a sum of costs in ticks is not what CBS minimises"};
  const Result<CbsResult> r = plan_cbs(level, level.rules(), budget);
  if (!r) return {std::nullopt, "not known: " + r.error()};
  const CbsResult& c = r.value();
  if (c.outcome != CbsOutcome::Solved) return {std::nullopt, "not known: " + c.failure};
  std::vector<Cell> goals;
  for (const Unit& u : level.units) goals.push_back(u.goal);
  const PlanStats s = plan_stats(c.plans, goals);
  return {PlanOptimum{s.sum_of_costs, s.makespan},
          "CBS, " + std::to_string(c.nodes_made) +
              (c.nodes_made == 1 ? " constraint-tree node" : " constraint-tree nodes")};
}

}  // namespace astar
