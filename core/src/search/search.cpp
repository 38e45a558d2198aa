// The search interface's shared parts (search.hpp): the state and side names, the heuristics'
// distances, the options' checks (normalize, check_options, check_supported) and the loops every
// Search inherits (run, seek, micro_step_back). The names of the options are in
// search_names.cpp; the best-first engine in best_first*.cpp.
#include "astar/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "astar/format.hpp"
#include "astar/hex_coords.hpp"
#include "search/uniform_costs.hpp"

namespace astar {

namespace {
constexpr std::string_view kStateNames[] = {"in-progress",     "found",   "no-path",
                                            "iteration-limit", "invalid", "range-complete"};
static_assert(std::size(kStateNames) == static_cast<std::size_t>(SearchState::_Max));
constexpr std::string_view kSideNames[] = {"forward", "backward"};

// A label inside a sentence: "bidirectional A*" (the first letter lowered when a lower-case
// letter follows it: "A*", "D* Lite" and "LPA*" stay as they are).
std::string lowercase_label(const AlgorithmInfo& a) {
  std::string out(a.label);
  if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z' && out.size() > 1 && out[1] >= 'a' &&
      out[1] <= 'z')
    out[0] = static_cast<char>(out[0] - 'A' + 'a');
  return out;
}
}  // namespace

std::string_view to_string(SearchState s) { return kStateNames[static_cast<int>(s)]; }
std::string_view to_string(Side s) { return kSideNames[static_cast<int>(s)]; }

// [SECTION] Heuristics

double heuristic_distance(Heuristic h, Cell a, Cell b) {
  const double ddx = std::abs(a.x - b.x);
  const double ddy = std::abs(a.y - b.y);
  switch (h) {
    case Heuristic::Manhattan: return ddx + ddy;
    case Heuristic::Euclidean: return std::sqrt(ddx * ddx + ddy * ddy);
    case Heuristic::Octile: return std::max(ddx, ddy) + (kSqrt2 - 1.0) * std::min(ddx, ddy);
    case Heuristic::Chebyshev: return std::max(ddx, ddy);
    case Heuristic::Zero:
    case Heuristic::Hex:
    case Heuristic::_Max: break;
  }
  return 0.0;
}

double heuristic_distance(const Level& level, Heuristic h, Cell a, Cell b) {
  if (h == Heuristic::Hex)
    if (const std::optional<HexLayout> hex = level.hex_layout()) return hex_distance(*hex, a, b);
  return heuristic_distance(h, a, b);
}

std::string check_heuristic_topology(Heuristic h, Topology t) {
  const bool hex = t != Topology::Square;
  if (h == Heuristic::Zero || (h == Heuristic::Hex) == hex) return {};
  if (!hex) return "the hex heuristic measures hexes, and this level has square cells";
  return std::string(to_string(h)) + " measures square cells: on " + std::string(to_string(t)) +
         " hexes a step may change both x and y by one, so it would overestimate; use hex (the "
         "steps between two hexes) or zero";
}

Heuristic default_heuristic(Topology t) {
  return t == Topology::Square ? Heuristic::Octile : Heuristic::Hex;
}

bool admissible(Heuristic h, Neighbours n, Topology t) {
  if (!check_heuristic_topology(h, t).empty()) return false;
  // Every other heuristic changes by at most the step length on any move (one on hexes).
  return !(h == Heuristic::Manhattan && n == Neighbours::Eight);
}

bool guarantee_holds(Algorithm a, Heuristic h, Neighbours n, Topology t) {
  const AlgorithmInfo& i = info(a);
  return !i.uses_heuristic || i.guarantee == Guarantee::None || admissible(h, n, t);
}

// [SECTION] Options and what each algorithm supports

// Empty when every move costs its step length: all costs 1, no overrides, no height effects.
std::string check_uniform(const Level& level, const MovementRules& rules) {
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x)
      if (!level.wall({x, y}) && level.cost({x, y}) != 1.0)
        return "needs every cell to cost 1, but cost[" + std::to_string(y) + "][" +
               std::to_string(x) + "] is " + number_text(level.cost({x, y}));
  if (!level.edges().empty()) return "needs a level without edge overrides";
  const bool heights_matter = rules.climb_cost != 0.0 || rules.drop_cost != 0.0 ||
                              rules.max_climb != kUnlimited || rules.max_drop != kUnlimited ||
                              rules.step_length == StepLength::Height || rules.ranks.on;
  if (heights_matter)
    for (int h : level.heights())
      if (h != level.heights().front())
        return "needs a flat level or no climb rules (max_climb, max_drop, climb_cost, drop_cost, "
               "3d step_length, ranks)";
  return {};
}

SearchOptions with_preset(SearchOptions o, const SearchPreset& p) {
  if (p.algorithm)
    if (const auto a = parse_algorithm(*p.algorithm)) o.algorithm = *a;
  if (p.heuristic)
    if (const auto h = parse_heuristic(*p.heuristic)) o.heuristic = *h;
  if (p.weight) o.weight = *p.weight;
  if (p.tie_break)
    if (const auto t = parse_tie_break(*p.tie_break)) o.tie_break = *t;
  if (p.partial_path) o.partial_path = *p.partial_path;
  if (p.max_iterations) o.max_iterations = *p.max_iterations;
  if (p.ignore_shapes) o.ignore_shapes = *p.ignore_shapes;
  if (p.budget) o.budget = *p.budget;
  // HPA*'s clusters and smoothing (the reader allows them with "hpa-star" only).
  if (p.cluster_size) o.cluster_size = static_cast<int>(*p.cluster_size);
  if (p.hpa_smooth) o.hpa_smooth = *p.hpa_smooth;
  return o;
}

namespace {
// check_options' words on a movement range's budget (SearchOptions::budget).
std::string check_budget(const SearchOptions& o) {
  if (!o.budget) return {};
  const AlgorithmInfo& a = info(o.algorithm);
  if (!std::isfinite(*o.budget) || !(*o.budget >= 0.0))
    return "the budget must be a finite number >= 0, got " + number_text(*o.budget);
  // Only an order by g takes every cell within the budget before any beyond it.
  if (a.order != Priority::G || a.extras.sides || a.extras.replans || a.extras.flow)
    return "a budget (a movement range) needs " + std::string(info(Algorithm::Dijkstra).label) +
           ", which takes cells in order of cost; " + std::string(a.label) + " does not";
  if (o.partial_path) return "a movement range (a budget) has no goal, so no partial path";
  return {};
}
}  // namespace

SearchOptions normalize(SearchOptions o) {
  const AlgorithmInfo& a = info(o.algorithm);
  if (!a.takes_weight) o.weight = 1.0;
  if (!a.takes_tie_break) o.tie_break = TieBreak::FirstIn;
  if (!a.partial_paths || o.budget) o.partial_path = false;
  return o;
}

std::string check_options(const SearchOptions& o) {
  const AlgorithmInfo& a = info(o.algorithm);
  if (!(o.weight >= 1.0) || !std::isfinite(o.weight))
    return "the weight must be a finite number >= 1, got " + number_text(o.weight);
  if (o.weight != 1.0 && !a.takes_weight)
    return "a weight applies to weighted A* only, not to " + std::string(a.label);
  if (o.max_iterations < 0) return "max_iterations must be >= 0";
  if (a.extras.hierarchy && (o.cluster_size < 4 || o.cluster_size > 256))
    return "cluster_size must be 4..256, got " + std::to_string(o.cluster_size);
  if (o.partial_path && !a.partial_paths)
    return "partial paths are not supported by " + lowercase_label(a);
  return check_budget(o);
}

namespace {
// Empty when the options' algorithm and heuristic run on the level's topology, else why not, to
// follow the algorithm's label: "Jump Point Search has no hex form: ...".
std::string check_hex_support(const Level& level, const MovementRules& rules,
                              const SearchOptions& o) {
  const AlgorithmInfo& a = info(o.algorithm);
  if (a.uses_heuristic)
    if (std::string why = check_heuristic_topology(o.heuristic, level.topology()); !why.empty())
      return "cannot use it: " + why;
  if (!level.is_hex()) return {};
  if (!a.hex_refusal.empty()) return std::string(a.hex_refusal);
  if (!level.shapes().empty() || rules.agent_radius != 0.0)
    return "cannot run with collision shapes on a hex level (shapes are drawn on square cells)";
  return {};
}
}  // namespace

std::string check_supported(const Level& level, const MovementRules& rules,
                            const SearchOptions& o) {
  if (std::string why = check_options(o); !why.empty()) return why;
  const AlgorithmInfo& a = info(o.algorithm);
  const std::string who = std::string(a.label) + " ";
  if (std::string why = check_agent_radius(rules.agent_radius); !why.empty())
    return "agent_radius " + why;
  for (std::size_t k = 0; k < o.ignore_shapes.size(); ++k)
    if (o.ignore_shapes[k] >= level.shapes().size())
      return "ignore_shapes[" + std::to_string(k) + "] is " + std::to_string(o.ignore_shapes[k]) +
             ", but the level has " + count_text(static_cast<std::int64_t>(level.shapes().size())) +
             " shapes";
  if (std::string why = level.check_endpoints_clear_of_shapes(rules.agent_radius, o.ignore_shapes);
      !why.empty())
    return why;
  if (std::string why = check_hex_support(level, rules, o); !why.empty()) return who + why;
  if (a.needs_uniform_grid) {
    if (rules.neighbours != Neighbours::Eight || rules.diagonal != DiagonalPolicy::NoCornerCutting)
      return who + "needs 8 neighbours with diagonal rule no-corner-cutting";
    if (rules.jump.enabled())
      return who + "does not support jumps (rules.jump: up, down and gap must be 0)";
    // JPS prunes moves assuming walls are the only obstacles; Theta*'s line of sight tests walls.
    if (!level.shapes().empty())
      return who + "needs a level without collision shapes (" + std::string(a.shapes_reason) + ")";
    if (std::string why = check_uniform(level, rules); !why.empty()) return who + why;
  }
  return {};
}

std::shared_ptr<const Level> level_without_shapes(const Level& level,
                                                  const std::vector<std::uint32_t>& ignore) {
  if (ignore.empty()) return nullptr;
  for (std::uint32_t i : ignore)
    if (i >= level.shapes().size()) return nullptr;
  std::vector<Shape> kept;
  for (std::size_t i = 0; i < level.shapes().size(); ++i)
    if (std::find(ignore.begin(), ignore.end(), i) == ignore.end()) kept.push_back(level.shapes()[i]);
  auto copy = std::make_shared<Level>(level);
  copy->set_shapes(std::move(kept));
  return copy;
}

// [SECTION] The interface's shared loops

SearchState Search::run() {
  while (step() == SearchState::InProgress) {
  }
  return state();
}

void Search::seek(std::int64_t iteration) {
  iteration = std::max<std::int64_t>(0, iteration);
  if (mid_iteration()) step();  // finish the iteration under way first
  while (iterations() > iteration && step_back()) {
  }
  while (iterations() < iteration && step() == SearchState::InProgress) {
  }
}

// The micro-step before the current one is the previous iteration's end (when the current
// iteration has examined nothing yet), or this iteration with one move fewer examined: undo the
// whole iteration, then take the node again and examine one move fewer.
bool Search::micro_step_back() {
  const std::size_t n = examined();
  if (!step_back()) return false;
  if (n == 0) return true;
  micro_step();  // the take
  for (std::size_t k = 1; k < n; ++k) micro_step();
  return true;
}

std::vector<Cell> Search::path_to_taken() const {
  const std::optional<Cell> taken = last_taken();
  return taken ? path_to(*taken) : std::vector<Cell>{};
}

std::optional<Cell> Search::jump_parent(Cell c) const {
  if (!info(options().algorithm).extras.jump_parents || !level().in_bounds(c)) return std::nullopt;
  const NodeView n = node(c);
  if (n.state == NodeState::Unseen || !n.parent) return std::nullopt;
  if (std::max(std::abs(n.parent->x - c.x), std::abs(n.parent->y - c.y)) <= 1) return std::nullopt;
  return n.parent;
}

// [SECTION] Paths

std::optional<double> path_cost(const MovePolicy& policy, const std::vector<Cell>& path) {
  if (path.empty()) return std::nullopt;
  ExactCost total;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const std::optional<Move> m = policy.move_between(path[k - 1], path[k]);
    if (!m) return std::nullopt;  // includes diagonals under 4 neighbours
    total += m->exact;
  }
  return total.value();
}

}  // namespace astar
