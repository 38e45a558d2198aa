// LPA* and D* Lite (replanning.hpp): construction, restart and repairs (apply_changes).
#include <algorithm>
#include <cmath>

#include "astar/format.hpp"
#include "astar/replanning.hpp"

namespace astar {

namespace {
constexpr ExactCost kInfinite{std::int64_t{1} << 62, 0};

// The level a search with an ignore list runs on, as a value (level_without_shapes, search.hpp).
Level without_shapes(const Level& level, const std::vector<std::uint32_t>& ignore) {
  const std::shared_ptr<const Level> kept = level_without_shapes(level, ignore);
  return kept ? *kept : level;
}

// A cell's moves as far as rhs cares: where each possible one goes and what it costs.
struct MoveSummary {
  Cell to;
  ExactCost cost;
  friend bool operator==(const MoveSummary&, const MoveSummary&) = default;
};

std::vector<MoveSummary> rhs_moves(const MovePolicy& policy, Cell c, bool leaving) {
  std::vector<MoveSummary> out;
  auto add = [&](const Move& m) {
    if (m.possible()) out.push_back({m.to, m.exact});
  };
  if (policy.level().solid(c)) return out;
  if (leaving)
    policy.for_each_move(c, add);
  else
    policy.for_each_move_into(c, add);
  return out;
}

// The cells where two levels of the same size differ: walls, costs, heights, agents, edges
// leaving them; every cell when their shapes differ.
std::vector<Cell> differing_cells(const Level& a, const Level& b) {
  std::vector<Cell> out;
  const bool all = a.shapes() != b.shapes() || a.agents_block() != b.agents_block();
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const Cell c{x, y};
      const std::size_t i = to_u32(a.index(c));
      if (all || a.walls()[i] != b.walls()[i] || a.costs()[i] != b.costs()[i] ||
          a.heights()[i] != b.heights()[i] || a.solid_mask()[i] != b.solid_mask()[i])
        out.push_back(c);
    }
  auto add_edges = [&](const Level& x, const Level& y) {
    for (const auto& [key, e] : x.edges()) {
      const auto it = y.edges().find(key);
      if (it == y.edges().end() || !(it->second == e)) out.push_back(x.cell(CellIndex(key.first)));
    }
  };
  add_edges(a, b);
  add_edges(b, a);
  return out;
}
}  // namespace

// [SECTION] Construction and restart

ReplanningSearch::ReplanningSearch(const Level& level, const MovementRules& rules,
                                   SearchOptions options, SearchListener* listener)
    : options_(std::move(options)),
      rules_(rules),
      listener_(listener),
      dstar_(options_.algorithm == Algorithm::DStarLite),
      origin_(nullptr),  // set after the first restart: level_ is a fresh copy already
      level_(without_shapes(level, options_.ignore_shapes)),
      policy_(level_, rules_) {
  if (!info(options_.algorithm).takes_tie_break) options_.tie_break = TieBreak::FirstIn;
  // With "3d" steps on a level with heights, h measures in 3D, as BestFirstSearch's does. It
  // stays so for the search's life: flat h is consistent under 3D lengths too, and 3D h is
  // consistent on a flat level.
  height_h_ = rules.step_length == StepLength::Height &&
              std::any_of(level_.heights().begin(), level_.heights().end(),
                          [&](int h) { return h != level_.heights().front(); });
  exact_h_ = !height_h_ && options_.heuristic != Heuristic::Euclidean;
  restart();
  origin_ = &level;
}

void ReplanningSearch::restart() {
  if (origin_) {  // no edit yet: the level given at construction, as it is now
    level_ = without_shapes(*origin_, options_.ignore_shapes);
    policy_ = MovePolicy(level_, rules_);
  }
  const std::size_t cells = static_cast<std::size_t>(level_.cell_count());
  vertices_.assign(cells, Vertex{kInfinite, kInfinite});
  heap_.clear();
  records_.clear();
  changes_.clear();
  touched_.clear();
  touch_stamp_.assign(cells, -1);
  sc_ = {};
  message_.clear();
  last_relaxed_.clear();
  moves_.clear();
  moves_stale_ = false;
  examined_ = 0;
  mid_ = false;
  if (std::string why = check_level(level_); !why.empty()) {
    sc_.state = SearchState::Invalid;
    message_ = std::move(why);
    return;
  }
  sc_.h_units = heuristic_units(policy_);
  init_source();
  settle_state();
}

// Empty when the search can run on `level` (policy_ is its policy), else why not: the
// endpoints, check_supported's reasons, and sums that must stay exact.
std::string ReplanningSearch::check_level(const Level& level) const {
  if (std::string why = level.check_endpoints(); !why.empty()) return why;
  if (std::string why = check_supported(level, rules_, options_); !why.empty()) return why;
  double dearest = dearest_move(level, rules_);
  if (policy_.rank_units() > 0) {  // plus the most rank points one move can score
    const ActionRanks& r = rules_.ranks;
    const auto [low, high] = std::minmax_element(level.heights().begin(), level.heights().end());
    const double rise = static_cast<double>(*high) - *low;
    const double points = std::max({r.climb, r.drop, r.up, r.down}) * rise + r.across;
    dearest += points * static_cast<double>(policy_.rank_units()) / kCostUnitsPerOne;
  }
  if (fits_exact_sums(dearest, static_cast<double>(level.cell_count()))) return {};
  return "costs too large to add up exactly: a move may cost " + number_text(dearest) +
         " and a path take " + count_text(level.cell_count()) +
         " steps (their product must stay below 2,000,000,000,000)";
}

// h's scale in micro-units a unit of distance, as BestFirstSearch's: the cheapest cost per unit
// of distance, rounded down (0 for the zero heuristic).
std::int64_t ReplanningSearch::heuristic_units(const MovePolicy& policy) const {
  if (options_.heuristic == Heuristic::Zero) return 0;
  return static_cast<std::int64_t>(std::floor(policy.min_cost_per_distance() * kCostUnitsPerOne));
}

// rhs(source) = 0, queued: the start of every search.
void ReplanningSearch::init_source() {
  sc_.source = index_of(source());
  sc_.target = index_of(target());
  recompute_rhs(sc_.source);
  update_vertex(sc_.source);
}

// Every cell back to unknown, as at a restart (logged, for step_back).
void ReplanningSearch::reset_vertices() {
  for (std::uint32_t i = 0; i < vertices_.size(); ++i) {
    const Vertex& v = vertices_[i];
    if (!v.seen && infinite(v.g) && infinite(v.rhs) && v.heap_pos == kNone) continue;
    save(i);
    queue_remove(i);
    vertices_[i] = Vertex{kInfinite, kInfinite};
  }
  sc_.seen = 0;
}

// [SECTION] Repairs

Status ReplanningSearch::apply_changes(const Level& edited) {
  if (edited.width() != level_.width() || edited.height() != level_.height())
    return apply_changes(edited, {});  // the size error
  const Level kept = without_shapes(edited, options_.ignore_shapes);
  const std::vector<Cell> changed = differing_cells(level_, kept);
  return apply_changes(edited, changed);
}

Status ReplanningSearch::apply_changes(const Level& edited, std::span<const Cell> changed) {
  if (edited.width() != level_.width() || edited.height() != level_.height())
    return Error{"the edited level is " + std::to_string(edited.width()) + "x" +
                 std::to_string(edited.height()) + ", the search's is " +
                 std::to_string(level_.width()) + "x" + std::to_string(level_.height())};
  for (const Cell c : changed)
    if (!level_.in_bounds(c)) return Error{"changed cell " + cell_text(c) + " is outside the level"};
  if (mid_) step();
  const bool was_invalid = sc_.state == SearchState::Invalid;
  origin_ = nullptr;  // the search's own level is the level from now on
  auto before = std::make_shared<const Level>(std::move(level_));
  begin_record(before);
  level_ = without_shapes(edited, options_.ignore_shapes);
  policy_ = MovePolicy(level_, rules_);
  const MovePolicy old_policy(*before, rules_);
  last_relaxed_.clear();
  moves_.clear();
  sc_.last_taken = kNone;
  sc_.took_moves = false;
  sc_.repair = {sc_.repair.number + 1, static_cast<std::int64_t>(changed.size()), 0, 0, 0};
  sc_.repair_begin = touched_.size();
  message_.clear();
  if (std::string why = check_level(level_); !why.empty()) {
    reset_vertices();
    sc_.source = sc_.target = kNone;
    sc_.state = SearchState::Invalid;
    message_ = std::move(why);
    return Ok{};
  }
  if (was_invalid) {  // nothing known: a search from scratch on the edited level
    sc_.h_units = heuristic_units(policy_);
    init_source();
    settle_state();
    return Ok{};
  }
  repair_moves(old_policy, changed);
  return Ok{};
}

// The repair proper, on a valid level: h's scale, the endpoints, the changed cells' moves.
void ReplanningSearch::repair_moves(const MovePolicy& before, std::span<const Cell> changed) {
  bool rekey = false;
  if (const std::int64_t units = heuristic_units(policy_); units < sc_.h_units) {
    sc_.h_units = units;  // a cheaper cost per distance: h scaled down, every key recomputed
    rekey = true;
  }
  std::vector<Cell> all;
  if (policy_.rank_units() != before.rank_units()) {  // every move's rank points changed
    for (int y = 0; y < level_.height(); ++y)
      for (int x = 0; x < level_.width(); ++x) all.push_back({x, y});
    changed = all;
  }
  if (height_h_)
    for (const Cell c : changed)
      rekey = rekey || before.level().height_at(c) != level_.height_at(c);
  move_source(index_of(source()));
  move_target(index_of(target()));
  update_changed(before, changed);
  if (rekey) rekey_queue();
  settle_state();
}

// UpdateVertex on each cell near a changed one whose rhs moves (where they go, what they
// cost) differ between the two policies. A move depends on its two ends, the side cells of a
// diagonal and a jump's gap cells, all within jump.gap + 1 of both ends, so only cells that
// near a changed cell can have a changed move.
void ReplanningSearch::update_changed(const MovePolicy& before, std::span<const Cell> changed) {
  const int reach = 1 + std::max(0, rules_.jump.gap);
  std::vector<std::uint8_t> checked(vertices_.size(), 0);
  for (const Cell c : changed)
    for (int y = c.y - reach; y <= c.y + reach; ++y)
      for (int x = c.x - reach; x <= c.x + reach; ++x) {
        const Cell v{x, y};
        if (!level_.in_bounds(v) || checked[index_of(v)]) continue;
        checked[index_of(v)] = 1;
        if (rhs_moves(before, v, dstar_) == rhs_moves(policy_, v, dstar_)) continue;
        recompute_rhs(index_of(v));
        update_vertex(index_of(v));
        ++sc_.repair.vertices_updated;
      }
}

// The target moved (D* Lite's agent walked, LPA*'s goal was moved): the queued keys stay lower
// bounds of the new ones when km grows by h(old, new), by the triangle inequality (plus 2
// micro-units where h is rounded: a rounded value is at most a unit off each way).
void ReplanningSearch::move_target(std::uint32_t t) {
  if (t == sc_.target) return;
  sc_.km = sc_.km + h_between(cell_of(sc_.target), cell_of(t));
  if (!exact_h_) sc_.km = sc_.km + ExactCost{2, 0};
  sc_.target = t;
}

// The source moved: the old one is an ordinary cell now, the new one has rhs 0.
void ReplanningSearch::move_source(std::uint32_t s) {
  if (s == sc_.source) return;
  const std::uint32_t old = sc_.source;
  sc_.source = s;
  for (const std::uint32_t i : {old, s}) {
    recompute_rhs(i);
    update_vertex(i);
    ++sc_.repair.vertices_updated;
  }
}

}  // namespace astar
