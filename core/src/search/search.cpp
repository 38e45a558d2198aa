#include "astar/search.hpp"
#include "astar/format.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "astar/bidirectional.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/replanning.hpp"
#include "base/double_bits.hpp"

namespace astar {

// The open set's and the relaxation's small steps, inlined into the loop (each is called once or
// more per relaxation; GCC leaves several as calls otherwise).
#define ASTAR_HOT [[gnu::always_inline]] inline

// [SECTION] Names, heuristics and what each algorithm supports

namespace {
constexpr std::string_view kHeuristicNames[] = {"manhattan", "euclidean", "octile", "chebyshev",
                                                "zero"};
constexpr std::string_view kStateNames[] = {"in-progress", "found", "no-path", "iteration-limit",
                                            "invalid"};
constexpr std::string_view kTieBreakNames[] = {"larger-g", "smaller-g", "first-in", "last-in"};
constexpr std::string_view kGuaranteeNames[] = {"optimal", "at most w times optimal", "none"};
constexpr std::string_view kSideNames[] = {"forward", "backward"};
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kNone = to_u32(kNoCell);

template <class Enum, std::size_t N>
std::optional<Enum> parse_name(const std::string_view (&names)[N], std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<Enum>(i);
  return std::nullopt;
}

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

std::string_view to_string(Heuristic h) { return kHeuristicNames[static_cast<int>(h)]; }
std::string_view to_string(SearchState s) { return kStateNames[static_cast<int>(s)]; }
std::string_view to_string(TieBreak t) { return kTieBreakNames[static_cast<int>(t)]; }
std::string_view to_string(Guarantee g) { return kGuaranteeNames[static_cast<int>(g)]; }
std::string_view to_string(Side s) { return kSideNames[static_cast<int>(s)]; }

std::optional<Heuristic> parse_heuristic(std::string_view name) {
  return parse_name<Heuristic>(kHeuristicNames, name);
}
std::optional<TieBreak> parse_tie_break(std::string_view name) {
  return parse_name<TieBreak>(kTieBreakNames, name);
}
std::optional<Algorithm> parse_algorithm(std::string_view name) {
  for (std::size_t i = 0; i < kAlgorithms.size(); ++i)
    if (kAlgorithms[i].name == name) return static_cast<Algorithm>(i);
  return std::nullopt;
}

double heuristic_distance(Heuristic h, Cell a, Cell b) {
  const double ddx = std::abs(a.x - b.x);
  const double ddy = std::abs(a.y - b.y);
  switch (h) {
    case Heuristic::Manhattan: return ddx + ddy;
    case Heuristic::Euclidean: return std::sqrt(ddx * ddx + ddy * ddy);
    case Heuristic::Octile: return std::max(ddx, ddy) + (kSqrt2 - 1.0) * std::min(ddx, ddy);
    case Heuristic::Chebyshev: return std::max(ddx, ddy);
    case Heuristic::Zero:
    case Heuristic::_Max: break;
  }
  return 0.0;
}

bool admissible(Heuristic h, Neighbours n) {
  // Every other heuristic changes by at most the step length on any move.
  return !(h == Heuristic::Manhattan && n == Neighbours::Eight);
}

bool guarantee_holds(Algorithm a, Heuristic h, Neighbours n) {
  const AlgorithmInfo& i = info(a);
  return !i.uses_heuristic || i.guarantee == Guarantee::None || admissible(h, n);
}

namespace {
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

// Empty when every sum of move costs on the level stays exact (exact_cost.hpp), else why not.
std::string check_exact_range(const MovePolicy& policy) {
  const Level& level = policy.level();
  double dearest = dearest_move(level, policy.rules());
  if (policy.rank_units() > 0) {  // plus the most rank points one move can score
    const ActionRanks& r = policy.rules().ranks;
    const auto [low, high] = std::minmax_element(level.heights().begin(), level.heights().end());
    const double rise = static_cast<double>(*high) - *low;
    const double points = std::max({r.climb, r.drop, r.up, r.down}) * rise + r.across;
    dearest += points * static_cast<double>(policy.rank_units()) / kCostUnitsPerOne;
  }
  const double steps = static_cast<double>(level.cell_count());
  if (fits_exact_sums(dearest, steps)) return {};
  return "costs too large to add up exactly: a move may cost " + number_text(dearest) +
         " and a path take " + count_text(level.cell_count()) +
         " steps (their product must stay below 2,000,000,000,000)";
}

// The cost of a jump between two jump points on a uniform grid: its octile distance, exactly.
ExactCost jump_cost(Cell a, Cell b) {
  const std::int64_t ddx = std::abs(a.x - b.x), ddy = std::abs(a.y - b.y);
  const std::int64_t one = static_cast<std::int64_t>(kCostUnitsPerOne);
  return {(std::max(ddx, ddy) - std::min(ddx, ddy)) * one, std::min(ddx, ddy) * one};
}

// The length of a straight segment between two cell centres (Theta*'s any-angle moves on a
// uniform grid): exact along rows, columns and diagonals, else rounded up once to the unit (so
// no path is shorter than its straight line).
ExactCost segment_cost(Cell a, Cell b) {
  const int ddx = std::abs(a.x - b.x), ddy = std::abs(a.y - b.y);
  if (ddx == 0 || ddy == 0 || ddx == ddy) return jump_cost(a, b);
  return {static_cast<std::int64_t>(std::ceil(std::hypot(ddx, ddy) * kCostUnitsPerOne)), 0};
}
}  // namespace

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
  return o;
}

SearchOptions normalize(SearchOptions o) {
  const AlgorithmInfo& a = info(o.algorithm);
  if (!a.takes_weight) o.weight = 1.0;
  if (!a.takes_tie_break) o.tie_break = TieBreak::FirstIn;
  if (!a.partial_paths) o.partial_path = false;
  return o;
}

std::string check_options(const SearchOptions& o) {
  const AlgorithmInfo& a = info(o.algorithm);
  if (!(o.weight >= 1.0) || !std::isfinite(o.weight))
    return "the weight must be a finite number >= 1, got " + number_text(o.weight);
  if (o.weight != 1.0 && !a.takes_weight)
    return "a weight applies to weighted A* only, not to " + std::string(a.label);
  if (o.max_iterations < 0) return "max_iterations must be >= 0";
  if (o.partial_path && !a.partial_paths)
    return "partial paths are not supported by " + lowercase_label(a);
  return {};
}

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

std::unique_ptr<Search> make_search(const Level& level, const MovementRules& rules,
                                    SearchOptions options, SearchListener* listener) {
  if (options.algorithm == Algorithm::Bidirectional)
    return std::make_unique<BidirectionalSearch>(level, rules, options, listener);
  if (info(options.algorithm).extras.replans)
    return std::make_unique<ReplanningSearch>(level, rules, options, listener);
  return std::make_unique<BestFirstSearch>(level, rules, options, listener);
}

std::unique_ptr<Search> make_search(const Level& level, SearchOptions options,
                                    SearchListener* listener) {
  return make_search(level, level.rules(), options, listener);
}

// [SECTION] Construction and restart

BestFirstSearch::BestFirstSearch(const Level& level, SearchOptions options,
                                 SearchListener* listener)
    : BestFirstSearch(level, level.rules(), options, listener) {}

namespace {
// The level a search with an ignore list runs on: a copy without those shapes (null when the
// list is empty, or names a shape the level does not have: check_supported refuses that).
std::shared_ptr<const Level> without_shapes(const Level& level,
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
}  // namespace

BestFirstSearch::BestFirstSearch(const Level& level, const MovementRules& rules,
                                 SearchOptions options, SearchListener* listener,
                                 Direction direction)
    : own_level_(without_shapes(level, options.ignore_shapes)),
      level_(own_level_ ? own_level_.get() : &level),
      policy_(*level_, rules),
      options_(options),
      order_(info(options.algorithm).order),
      listener_(listener),
      direction_(direction) {
  // Breadth-first is first in, first out whatever the tie-break says (the queue relies on it).
  if (!info(options_.algorithm).takes_tie_break) options_.tie_break = TieBreak::FirstIn;
  nodes_.resize(static_cast<std::size_t>(level.cell_count()));
  stamp_.assign(nodes_.size(), 0);
  heap_pos_.resize(nodes_.size());
  // Room for the most moves one cell can have: 8 one-cell moves, 4 jumps across per gap length.
  moves_.resize(8 + 4 * static_cast<std::size_t>(std::max(0, rules.jump.gap)));
  // h is scaled by the cheapest cost per unit of distance, so it never overestimates. Algorithms
  // without a heuristic see h = 0.
  const bool uses_h = info(options_.algorithm).uses_heuristic;
  h_scale_ = !uses_h || options_.heuristic == Heuristic::Zero ? 0.0
                                                              : policy_.min_cost_per_distance();
  // In whole micro-units, so h adds up exactly; rounded down when it is not whole (a minimum
  // weight over sqrt 2, say: h then stays within a micro-unit of the moves' rounded costs).
  h_units_ = static_cast<std::int64_t>(std::floor(h_scale_ * kCostUnitsPerOne));
  // With "3d" steps on a level with heights, h measures in 3D too (h_with_height).
  height_h_ = rules.step_length == StepLength::Height &&
              std::any_of(level.heights().begin(), level.heights().end(),
                          [&](int h) { return h != level.heights().front(); });
  // The layers cannot change during a search's life, so whether the algorithm supports them is
  // decided once (a scan of the whole level), not at every restart.
  unsupported_ = check_supported(level, rules, options_);
  if (unsupported_.empty()) unsupported_ = check_exact_range(policy_);
  // The uniform-grid fast path, for algorithms whose successors are the level's moves.
  uniform_ = unsupported_.empty() && options_.algorithm != Algorithm::JumpPoint &&
             options_.algorithm != Algorithm::ThetaStar && !rules.jump.enabled() &&
             level_->shapes().empty() && check_uniform(*level_, rules).empty();
  if (uniform_) build_moves_at(level, rules);
  // Keys taken never go down when h is consistent: each move costs at least the drop in h.
  // Octile, Chebyshev and zero distances are, on any uniform grid; Manhattan with 4 neighbours
  // only; Euclidean is rounded down to the micro-unit, so it may fall short by one.
  const bool consistent =
      options_.heuristic == Heuristic::Octile || options_.heuristic == Heuristic::Chebyshev ||
      options_.heuristic == Heuristic::Zero ||
      (options_.heuristic == Heuristic::Manhattan && rules.neighbours == Neighbours::Four);
  const bool jump_points = options_.algorithm == Algorithm::JumpPoint && unsupported_.empty();
  monotone_ = (uniform_ || jump_points) &&
              (order_ == Priority::G || (order_ == Priority::GPlusH && consistent));
  if (jump_points) jump_grid_.assign(level);
  restart();
}

// The uniform-grid fast path's successors: each cell's possible moves in one byte (bit d:
// direction d), as MovePolicy::move decides them: an open cell; a diagonal only with 8
// neighbours and as the diagonal policy allows for the two side cells it passes between
// (directions d - 1 and d + 1). Read from a padded copy of the open cells (a border of walls).
void BestFirstSearch::build_moves_at(const Level& level, const MovementRules& rules) {
  const int w = level.width(), h = level.height(), pad_width = w + 2;
  std::vector<std::uint8_t> open_pad(
      static_cast<std::size_t>(w + 2) * static_cast<std::size_t>(h + 2), 0);
  const std::vector<std::uint8_t>& solid = level.solid_mask();
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      open_pad[static_cast<std::size_t>((y + 1) * pad_width + x + 1)] =
          solid[static_cast<std::size_t>(y * w + x)] == 0;
  std::array<std::int32_t, 8> pad_step{};
  for (int d = 0; d < kDirCount; ++d) {
    pad_step[d] = kDirDy[d] * pad_width + kDirDx[d];
    node_step_[d] = kDirDy[d] * w + kDirDx[d];
  }
  std::array<std::uint8_t, 256> moves_of_mask{};  // open neighbours (bit d) -> possible moves
  for (unsigned mask = 0; mask < 256; ++mask) {
    unsigned moves = 0;
    for (int d = 0; d < kDirCount; ++d) {
      if (!(mask >> d & 1u)) continue;
      if (is_diagonal(static_cast<Dir>(d))) {
        if (rules.neighbours != Neighbours::Eight) continue;
        const bool side_a = mask >> ((d + 7) % 8) & 1u, side_b = mask >> ((d + 1) % 8) & 1u;
        const bool ok = rules.diagonal == DiagonalPolicy::Always ||
                        (rules.diagonal == DiagonalPolicy::AtLeastOneSideOpen &&
                         (side_a || side_b)) ||
                        (rules.diagonal == DiagonalPolicy::NoCornerCutting && side_a && side_b);
        if (!ok) continue;
      }
      moves |= 1u << d;
    }
    moves_of_mask[mask] = static_cast<std::uint8_t>(moves);
  }
  moves_at_.resize(nodes_.size());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* at = open_pad.data() + (y + 1) * pad_width + x + 1;
      unsigned open = 0;
      for (int d = 0; d < kDirCount; ++d) open |= static_cast<unsigned>(at[pad_step[d]]) << d;
      moves_at_[static_cast<std::size_t>(y * w + x)] = moves_of_mask[open];
    }
}

void BestFirstSearch::restart() {
  // A new generation makes every node "unseen" without touching the array.
  // (Two stamps a generation, open and closed; every value below the current one is unseen.)
  generation_ += 2;
  if (generation_ < 2 || generation_ > 0xFFFFFFF0u) {
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    generation_ = 2;
  }
  heap_.clear();
  radix_.clear();  // a parked open set (run_batch) goes too
  batched_ = false;
  queue_head_ = 0;
  next_seq_ = 0;
  closed_ = 0;
  metrics_ = {};
  last_taken_ = kNone;
  best_ = kNone;
  last_relaxed_.clear();
  move_count_ = 0;
  examined_ = 0;
  moves_stale_ = false;
  mid_ = false;
  writing_ = false;
  at_ = 0;
  records_.clear();
  changes_.clear();
  end_state_ = SearchState::InProgress;
  end_best_ = kNone;
  message_.clear();
  state_ = SearchState::InProgress;

  // h is defined on every cell even when the search cannot start (the heuristic check asks).
  goal_cell_ = direction_ == Direction::Forward ? level_->goal() : level_->start();
  std::string why = level_->check_endpoints();
  if (why.empty()) why = unsupported_;
  if (!why.empty()) {
    state_ = SearchState::Invalid;
    message_ = std::move(why);
    return;
  }
  const bool forward = direction_ == Direction::Forward;
  start_ = level_->index(forward ? level_->start() : level_->goal());
  goal_ = level_->index(forward ? level_->goal() : level_->start());
  goal_cell_ = level_->cell(goal_);
  open_node(to_u32(start_), level_->cell(start_), ExactCost{}, kNone);
}

// [SECTION] The open set: an indexed 4-ary heap with decrease-key

// h of node i, exactly: the heuristic distance to the goal times h_units_ (octile distance keeps
// its sqrt 2 part apart, so it adds up with g exactly; Euclidean is rounded down to the unit).
ASTAR_HOT ExactCost BestFirstSearch::h_of(Cell c) const {
  if (h_units_ == 0) return {};
  if (height_h_) return h_with_height(c);
  const std::int64_t ddx = std::abs(c.x - goal_cell_.x), ddy = std::abs(c.y - goal_cell_.y);
  const std::int64_t lo = std::min(ddx, ddy), hi = std::max(ddx, ddy);
  switch (options_.heuristic) {
    case Heuristic::Manhattan: return {(ddx + ddy) * h_units_, 0};
    case Heuristic::Euclidean:
      return {static_cast<std::int64_t>(std::floor(static_cast<double>(h_units_) *
                                                   std::sqrt(static_cast<double>(ddx * ddx + ddy * ddy)))),
              0};
    case Heuristic::Octile: return {(hi - lo) * h_units_, lo * h_units_};
    case Heuristic::Chebyshev: return {hi * h_units_, 0};
    case Heuristic::Zero:
    case Heuristic::_Max: break;
  }
  return {};
}

// h with "3d" steps: sqrt(H^2 + dh^2) for the flat heuristic distance H and the height
// difference dh to the goal, times h_units_. Admissible and consistent: by the triangle
// inequality (Minkowski's) a path's 3D length sum sqrt(d_i^2 + r_i^2) is at least
// sqrt((sum d_i)^2 + (sum r_i)^2), and sum d_i >= H, |sum r_i| = dh. In whole units it is
// shrunk by 3 / h_units_ of itself before rounding down: every move costs at least h_units_
// and is rounded by at most half a unit, so h's own rounding (under one unit) never makes it
// inconsistent, and closed nodes never need reopening.
ExactCost BestFirstSearch::h_with_height(Cell c) const {
  const double dh = std::abs(static_cast<double>(level_->height_at(c)) - level_->height_at(goal_cell_));
  // (Never the zero heuristic: its h_units_ is 0, and h_of returns before.)
  const double flat = heuristic_distance(options_.heuristic, c, goal_cell_);
  const double units = static_cast<double>(h_units_);
  const double h = std::floor((units - 3.0) * std::hypot(flat, dh));
  return {h > 0 ? static_cast<std::int64_t>(h) : 0, 0};
}

// Weighted A*'s w * h, each part rounded to the unit.
ExactCost BestFirstSearch::weighted(ExactCost h) const {
  return {std::llround(options_.weight * static_cast<double>(h.a)),
          std::llround(options_.weight * static_cast<double>(h.b))};
}

// The priority each algorithm orders by, exactly (breadth-first's steps excepted: key_of).
ASTAR_HOT ExactCost BestFirstSearch::f_of(std::uint32_t i, Cell c) const {
  const Node& n = nodes_[i];
  switch (order_) {
    case Priority::GPlusWeightedH: return n.g + weighted(h_of(c));
    case Priority::H: return h_of(c);
    case Priority::G: return n.g;  // Dijkstra: h = 0
    case Priority::Steps:
    case Priority::GPlusH: break;  // A*, JPS, Theta*, each side of bidirectional
  }
  return n.g + h_of(c);
}

double BestFirstSearch::h_at(Cell c) const { return h_of(c).value(); }
ExactCost BestFirstSearch::h_exact(Cell c) const { return h_of(c); }

BestFirstSearch::Offer BestFirstSearch::offer(Cell from, const Move& m) const {
  const std::uint32_t cur = to_u32(level_->index(from));
  const std::uint32_t p = nodes_[cur].parent;
  if (options_.algorithm == Algorithm::ThetaStar && p != kNone) {
    const Cell pc = level_->cell(CellIndex(p));
    if (line_of_sight(*level_, pc, m.to)) return {pc, nodes_[p].g + segment_cost(pc, m.to)};
  }
  return {from, nodes_[cur].g + m.exact};
}

double BestFirstSearch::f_with(Cell c, ExactCost g) const {
  switch (order_) {
    case Priority::GPlusWeightedH: return (g + weighted(h_of(c))).value();
    case Priority::H: return h_of(c).value();
    case Priority::G: return g.value();
    case Priority::Steps:
    case Priority::GPlusH: break;
  }
  return (g + h_of(c)).value();
}

ASTAR_HOT double BestFirstSearch::key_of(std::uint32_t i, Cell c) const {
  return order_ == Priority::Steps ? static_cast<double>(nodes_[i].rank) : f_of(i, c).key();
}

double BestFirstSearch::key_of(std::uint32_t i) const {
  return key_of(i, level_->cell(CellIndex(i)));
}

double BestFirstSearch::shown(double key) const {
  return order_ == Priority::Steps ? key : key / kCostUnitsPerOne;
}

// Lower priority first. Equal priorities are ordered by the tie-break policy; larger g first
// (the default) takes the node nearer the goal, which keeps A* heading straight across plateaus.
// The insertion order settles what is left, so results never depend on the heap's layout (nor
// on its arity: the order is total, so every heap takes the same entry first).
//
// The keys are integers: f and g are the bits of their exact keys (ExactCost::key(), >= 0, whose
// bit patterns order as the numbers do), the tie-break policy folded in when the entry is made
// (make_entry): one comparison for every policy, and no branch on a floating-point compare.
ASTAR_HOT BestFirstSearch::HeapEntry BestFirstSearch::make_entry(std::uint32_t i, Cell c,
                                                      std::uint32_t seq) const {
  const std::uint64_t g = bits_of(nodes_[i].g.key());
  HeapEntry e{bits_of(key_of(i, c)), 0, seq, i};
  switch (options_.tie_break) {
    case TieBreak::LargerG: e.tie = ~g; break;
    case TieBreak::SmallerG: e.tie = g; break;
    case TieBreak::FirstIn:
    case TieBreak::LastIn:
    case TieBreak::_Max: break;
  }
  return e;
}

// The insertion number as the entry keeps it: last in first reverses it.
ASTAR_HOT std::uint32_t BestFirstSearch::seq_key(std::uint32_t seq) const {
  return options_.tie_break == TieBreak::LastIn ? ~seq : seq;
}

namespace {
inline bool before(const BestFirstSearch::HeapEntry& a, const BestFirstSearch::HeapEntry& b) {
  return BestFirstSearch::HeapOrder{}(a, b);
}

// A binary heap (measured faster here than 4- and 8-ary ones, whose extra child comparisons cost
// more than the levels they save). Each node's position lives in heap_pos_ (4 bytes a node), not
// in the nodes, so moving entries touches a small array.
constexpr std::size_t kArity = 2;
}  // namespace

ASTAR_HOT void BestFirstSearch::sift_up(std::size_t pos) {
  HeapEntry* heap = heap_.data();
  const HeapEntry item = heap[pos];
  while (pos > 0) {
    const std::size_t parent = (pos - 1) / kArity;
    if (!before(item, heap[parent])) break;
    heap[pos] = heap[parent];
    heap_pos_[heap[pos].node] = static_cast<std::uint32_t>(pos);
    pos = parent;
  }
  heap[pos] = item;
  heap_pos_[item.node] = static_cast<std::uint32_t>(pos);
}

// The smallest of the children of `pos` (which has some).
ASTAR_HOT std::size_t BestFirstSearch::least_child(std::size_t pos) const {
  const HeapEntry* heap = heap_.data();
  const std::size_t first = kArity * pos + 1, last = std::min(first + kArity, heap_.size());
  std::size_t best = first;
  for (std::size_t c = first + 1; c < last; ++c) best = before(heap[c], heap[best]) ? c : best;
  return best;
}

void BestFirstSearch::sift_down(std::size_t pos) {
  HeapEntry* heap = heap_.data();
  const HeapEntry item = heap[pos];
  while (kArity * pos + 1 < heap_.size()) {
    const std::size_t best = least_child(pos);
    if (!before(heap[best], item)) break;
    heap[pos] = heap[best];
    heap_pos_[heap[pos].node] = static_cast<std::uint32_t>(pos);
    pos = best;
  }
  heap[pos] = item;
  heap_pos_[item.node] = static_cast<std::uint32_t>(pos);
}

ASTAR_HOT void BestFirstSearch::heap_push(HeapEntry e) {
  heap_.push_back(e);
  sift_up(heap_.size() - 1);
  ++metrics_.heap_ops;
}

ASTAR_HOT std::uint32_t BestFirstSearch::heap_pop() {
  const std::uint32_t top = heap_.front().node;
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    // Bottom-up (Floyd): the hole at the root goes down to a leaf along the smallest children,
    // then the last entry, which belongs near the bottom, goes up from there. About half the
    // comparisons of sifting the last entry down from the root.
    HeapEntry* heap = heap_.data();
    std::size_t pos = 0;
    while (kArity * pos + 1 < heap_.size()) {
      const std::size_t best = least_child(pos);
      heap[pos] = heap[best];
      heap_pos_[heap[pos].node] = static_cast<std::uint32_t>(pos);
      pos = best;
    }
    heap[pos] = last;
    sift_up(pos);
  }
  ++metrics_.heap_ops;
  return top;
}

// Removes the entry at `pos` from the open set, keeping the heap ordered.
void BestFirstSearch::heap_remove(std::size_t pos) {
  const HeapEntry last = heap_.back();
  heap_.pop_back();
  if (pos == heap_.size()) return;
  heap_[pos] = last;
  heap_pos_[last.node] = static_cast<std::uint32_t>(pos);
  sift_up(pos);
  sift_down(heap_pos_[last.node]);
}

// Builds the heap from heap_ in any order (O(open)), positions included.
void BestFirstSearch::heapify() {
  for (std::size_t pos = 0; pos < heap_.size(); ++pos)
    heap_pos_[heap_[pos].node] = static_cast<std::uint32_t>(pos);
  for (std::size_t pos = heap_.size() / kArity + 1; pos-- > 0;)
    if (pos < heap_.size()) sift_down(pos);
}

// After node i's g changed: its entry gets the new keys and moves to its place. A lower g is not
// always earlier: greedy's f (= h) stays put and, with larger g first, the entry moves later.
void BestFirstSearch::update_key(std::uint32_t i) { update_key(i, level_->cell(CellIndex(i))); }

ASTAR_HOT void BestFirstSearch::update_key(std::uint32_t i, Cell c) {
  HeapEntry& e = heap_[heap_pos_[i]];
  e = make_entry(i, c, e.seq);
  sift_up(heap_pos_[i]);
  sift_down(heap_pos_[i]);
}

// Breadth-first's open set (see queue_head_): a push appends, a pop takes the front. The same
// counts as the heap's, so the metrics do not depend on which one runs.
ASTAR_HOT void BestFirstSearch::queue_push(HeapEntry e) {
  heap_.push_back(e);
  ++metrics_.heap_ops;
}

ASTAR_HOT std::uint32_t BestFirstSearch::queue_pop() {
  ++metrics_.heap_ops;
  return heap_[queue_head_++].node;
}

double BestFirstSearch::top_priority() const {
  const double key = top_key();
  return key == kInf ? kInf : shown(key);
}

double BestFirstSearch::top_key() const {
  if (batched_) return radix_.empty() ? kInf : double_of(radix_.top().f);
  return open_size() == 0 ? kInf : double_of(heap_[queue_head_].f);
}

// Makes node i open with these g and parent, without touching the open set, and returns its
// entry's insertion number (the next one).
ASTAR_HOT std::uint32_t BestFirstSearch::init_node(std::uint32_t i, ExactCost g,
                                                   std::uint32_t parent) {
  Node& n = nodes_[i];
  mark(i, NodeState::Open);
  n.g = g;
  n.parent = parent;
  const std::uint32_t seq = seq_key(next_seq_++);
  if (order_ == Priority::Steps)
    n.rank = parent == kNone ? 0 : nodes_[parent].rank + 1;  // its depth
  else
    n.rank = seq;
  return seq;
}

ASTAR_HOT void BestFirstSearch::open_node(std::uint32_t i, Cell c, ExactCost g, std::uint32_t parent) {
  const HeapEntry e = make_entry(i, c, init_node(i, g, parent));
  if (order_ == Priority::Steps)
    queue_push(e);
  else
    heap_push(e);
  ++metrics_.generated;
}

// [SECTION] One iteration

// Is taken node a nearer the goal than taken node b (straight-line distance, then lower g)?
bool BestFirstSearch::nearer_goal(std::uint32_t a, std::uint32_t b) const {
  if (b == kNone) return true;
  const Cell goal = level_->cell(goal_);
  const double da = heuristic_distance(Heuristic::Euclidean, level_->cell(CellIndex(a)), goal);
  const double db = heuristic_distance(Heuristic::Euclidean, level_->cell(CellIndex(b)), goal);
  return da != db ? da < db : compare(nodes_[a].g, nodes_[b].g) < 0;
}

// One iteration: the take, then one examination per move of the taken node. step() and
// micro_step() run the same parts; step() runs them to the iteration's end.
SearchState BestFirstSearch::step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_) {
    if (!take()) return state_;
    if (uniform_ && !listener_) {
      // The fast path relaxes the same successors in the same order; the taken node's moves
      // are rebuilt from the policy when a view asks for them.
      expand_uniform<Quiet>(last_taken_, level_->cell(CellIndex(last_taken_)));
      moves_stale_ = true;
      finish_iteration();
      return state_;
    }
    if (options_.algorithm == Algorithm::JumpPoint && !listener_) {
      expand_jump_points(last_taken_);  // the same jump points, relaxed without Move records
      moves_stale_ = true;
      finish_iteration();
      return state_;
    }
    begin_moves();
  }
  while (examined_ < move_count_) examine(moves_[examined_++]);
  finish_iteration();
  return state_;
}

SearchState BestFirstSearch::micro_step() {
  if (state_ != SearchState::InProgress) return state_;
  if (!mid_) {
    // A half-done iteration is always the trace's last step, so steps kept for replay go.
    truncate_trace();
    if (take()) {
      begin_moves();
      if (move_count_ == 0) finish_iteration();
    }
    return state_;
  }
  examine(moves_[examined_++]);
  if (examined_ == move_count_) finish_iteration();
  return state_;
}

// Takes the open node that comes first, closes it and tests it for the goal. True when the
// iteration goes on with the taken node's moves, false when it found the goal.
bool BestFirstSearch::take() {
  last_relaxed_.clear();
  writing_ = recording_ && at_ == records_.size();
  if (writing_)
    records_.push_back({heap_[queue_head_].node, heap_[queue_head_].seq,
                        static_cast<std::uint32_t>(changes_.size()), best_});
  if (recording_) ++at_;

  // The open set is never empty here: the step that empties it ends the search with NoPath.
  const std::uint32_t cur = order_ == Priority::Steps ? queue_pop() : heap_pop();
  mark(cur, NodeState::Closed);
  ++closed_;
  ++metrics_.expanded;
  last_taken_ = cur;
  if (options_.partial_path && nearer_goal(cur, best_)) best_ = cur;  // only partial paths use it
  const Cell c = level_->cell(CellIndex(cur));
  if (listener_) listener_->on_take(c, node(c));
  move_count_ = 0;
  examined_ = 0;
  moves_stale_ = false;

  // Goal test when taken (not when generated), so the path found is optimal.
  if (cur == to_u32(goal_)) {
    state_ = SearchState::Found;
    mid_ = false;
    note_trace_end();
    return false;
  }
  return true;
}

// The taken node's moves into moves_, to be examined one by one.
void BestFirstSearch::begin_moves() {
  collect_moves(last_taken_);
  mid_ = true;
}

void BestFirstSearch::finish_iteration() {
  mid_ = false;
  if (open_size() == 0)
    state_ = SearchState::NoPath;  // nothing left to take: the goal cannot be reached
  else if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations)
    state_ = SearchState::IterationLimit;
  note_trace_end();
}

// After a step that extended the trace: how the search stands at its end, for bulk seeks.
void BestFirstSearch::note_trace_end() {
  if (!writing_) return;
  end_state_ = state_;
  end_best_ = best_;
}

// The moves leaving the taken node (entering it, for a backward search), in examination order,
// into moves_[0, move_count_).
void BestFirstSearch::collect_moves(std::uint32_t taken) const {
  std::size_t n = 0;
  Move* out = moves_.data();
  const Cell c = level_->cell(CellIndex(taken));
  if (options_.algorithm == Algorithm::JumpPoint) {
    JumpGrid::Successors found;
    const int count = jump_successors(taken, found);
    for (int k = 0; k < count; ++k) {
      const Cell to = found[static_cast<std::size_t>(k)];
      const Cell first{c.x + (to.x > c.x) - (to.x < c.x), c.y + (to.y > c.y) - (to.y < c.y)};
      const ExactCost cost = jump_cost(c, to);
      out[n++] = {to, dir_between(c, first).value_or(Dir::E), MoveBlock::None, cost.value(),
                  MoveAction::Walk, cost};
    }
  } else {
    auto add = [&](const Move& m) { out[n++] = m; };
    if (direction_ == Direction::Forward)
      policy_.for_each_move(c, add);
    else
      policy_.for_each_move_into(c, add);  // backward: the moves that *enter* c
  }
  move_count_ = n;
}

// Examines one move of the taken node: skips it with the reason, or relaxes its cell.
void BestFirstSearch::examine(const Move& m) {
  const std::uint32_t cur = last_taken_;
  const Cell c = level_->cell(CellIndex(cur));
  if (!m.possible()) {
    if (listener_) listener_->on_skip(c, m, SkipReason::Impossible);
    return;
  }
  // Theta*: the taken node's parent becomes the parent when it sees the successor directly.
  const Offer o = offer(c, m);
  relax(c, m, to_u32(level_->index(o.via)), o.g);
}

// Who hears a relaxation's outcome. A move examined one by one (examine) tells the listener,
// when there is one, with the move itself; the fast paths (expand_uniform, expand_jump_points)
// run only without a listener and have no Move to give, so they tell no one: neither can
// reach the listener with a move that is not there. Both are inlined, so the quiet one costs
// nothing.
struct BestFirstSearch::Quiet {
  static constexpr bool kKeepsRelaxed = true;  // last_relaxed() is kept up to date
  void relaxed(Cell /*to*/, double /*old_g*/, double /*new_g*/, std::uint32_t /*old_parent*/) const {}
  void skipped(SkipReason /*why*/) const {}
};

// run_batch's loop: nobody reads last_relaxed() before the run ends (a search run_batch ends
// itself has relaxed nothing in its last step; the others end in step()).
struct BestFirstSearch::Batch : Quiet {
  static constexpr bool kKeepsRelaxed = false;
};

struct BestFirstSearch::Told {
  static constexpr bool kKeepsRelaxed = true;
  const BestFirstSearch& search;
  Cell from;
  const Move& move;
  void relaxed(Cell to, double old_g, double new_g, std::uint32_t old_parent) const {
    if (!search.listener_) return;
    const std::optional<Cell> parent =
        old_parent == kNone ? std::nullopt
                            : std::optional(search.level_->cell(CellIndex(old_parent)));
    search.listener_->on_relax(from, to, old_g, new_g, parent);
  }
  void skipped(SkipReason why) const {
    if (search.listener_) search.listener_->on_skip(from, move, why);
  }
};

// Offers `m.to` the g `g_new` through parent `via` (the taken node, or its parent for Theta*).
void BestFirstSearch::relax(Cell c, const Move& m, std::uint32_t via, ExactCost g_new) {
  relax_to(m.to, to_u32(level_->index(m.to)), via, g_new, Told{*this, c, m});
}

// Offers cell `to` (node ni), reached from the taken cell, the g `g_new` through parent `via`;
// `tell` hears the outcome.
template <class Tell>
inline void BestFirstSearch::relax_to(Cell to, std::uint32_t ni, std::uint32_t via, ExactCost g_new,
                                      const Tell& tell) {
  const NodeState state = state_of(ni);
  if (state == NodeState::Unseen) {
    if (writing_) changes_.push_back({ni, kNone, via, true, {}, g_new});
    tell.relaxed(to, kInf, g_new.value(), kNone);
    open_node(ni, to, g_new, via);
    if constexpr (Tell::kKeepsRelaxed) last_relaxed_.push_back(to);
    return;
  }
  if (state == NodeState::Closed) {
    // With a consistent heuristic a closed node already has its best g; closed nodes are not
    // reopened (weighted A* keeps its bound without reopening; greedy and BFS promise nothing).
    tell.skipped(SkipReason::Closed);
    return;
  }
  // Breadth-first keeps the first parent found; the others keep the cheaper one, exactly: a sum
  // of the same costs in another order is the same cost, not a better one.
  Node& nb = nodes_[ni];
  if (order_ == Priority::Steps || compare(g_new, nb.g) >= 0) {
    tell.skipped(SkipReason::NotBetter);
    return;
  }
  if (writing_) changes_.push_back({ni, nb.parent, via, false, nb.g, g_new});
  tell.relaxed(to, nb.g.value(), g_new.value(), nb.parent);
  nb.g = g_new;
  nb.parent = via;
  update_key(ni, to);
  ++metrics_.heap_ops;
  ++metrics_.improved;
  if constexpr (Tell::kKeepsRelaxed) last_relaxed_.push_back(to);
}

// The uniform-grid fast path: relaxes the taken node's successors as examining its moves one by
// one would (same cells, same costs, same order: kAllDirs), without a listener to tell about
// impossible moves. Every possible move costs its step length, exactly as the policy computes
// it (step_length(d) * 1 + 0).
template <class Tell>
ASTAR_HOT void BestFirstSearch::expand_uniform(std::uint32_t taken, Cell c) {
  const ExactCost g = nodes_[taken].g;
  constexpr auto one = static_cast<std::int64_t>(kCostUnitsPerOne);
  for (unsigned moves = moves_at_[taken]; moves != 0; moves &= moves - 1) {
    const int d = std::countr_zero(moves);
    relax_to({c.x + kDirDx[d], c.y + kDirDy[d]}, taken + static_cast<std::uint32_t>(node_step_[d]),
             taken, (d & 1) ? ExactCost{g.a, g.b + one} : ExactCost{g.a + one, g.b}, Tell{});
  }
}

// Batch runs (no listener, no recording) on uniform grids: the take and expand_uniform of step()
// in one loop (run_batch), without the views' bookkeeping nobody reads mid-run. The same
// operations in the same order as stepping, so the same results (tests/test_batch_run.cpp
// compares them from every kind of start). The step that finds the goal or reaches the
// iteration limit goes through step(), which leaves the views as a stepped search has them.
SearchState BestFirstSearch::run() {
  if (order_ == Priority::Steps) return run_queue();
  if ((uniform_ || monotone_) && batch_ready()) run_batch();
  return Search::run();
}

// Whether a batch loop may run now: nobody hears the steps, a recording search is at the end of
// its trace (steps undone are replayed, not searched), no iteration is under way, the search
// goes on, and no partial path needs the nearest cell kept.
bool BestFirstSearch::batch_ready() const {
  return !listener_ && (!recording_ || at_ == records_.size()) && !mid_ &&
         state_ == SearchState::InProgress && !options_.partial_path;
}

// The batch loops' shared parts. Their start: a recording search writes its trace as take()
// and relax_to would (the same records and changes in the same order: a batch run rewinds as
// a stepped search does).
void BestFirstSearch::begin_batch_loop() { writing_ = recording_; }

// A taken node (`seq`: its entry's insertion number) closed, counted and recorded:
ASTAR_HOT void BestFirstSearch::close_taken(std::uint32_t cur, std::uint32_t seq) {
  if (writing_) {
    records_.push_back({cur, seq, static_cast<std::uint32_t>(changes_.size()), best_});
    ++at_;
  }
  mark(cur, NodeState::Closed);
  ++closed_;
  ++metrics_.expanded;
}

// How many iterations a batch loop may have taken when it stops (the step that reaches the limit
// goes through step()).
std::int64_t BestFirstSearch::batch_limit() const {
  return options_.max_iterations > 0 ? options_.max_iterations - 1
                                     : std::numeric_limits<std::int64_t>::max();
}

// Nothing left to take after taking `cur`: the goal cannot be reached. The views of this last
// step as step() leaves them (it relaxed nothing: anything it had relaxed would be open).
void BestFirstSearch::end_without_path(std::uint32_t cur) {
  last_taken_ = cur;
  last_relaxed_.clear();
  move_count_ = examined_ = 0;
  moves_stale_ = true;
  state_ = SearchState::NoPath;
  note_trace_end();
}

// The batch loop over the indexed heap (weighted A* and greedy on uniform grids, whose keys may
// go down).
void BestFirstSearch::run_indexed() {
  const std::uint32_t width = static_cast<std::uint32_t>(level_->width());
  const std::uint32_t goal = to_u32(goal_);
  const std::int64_t limit = batch_limit();
  begin_batch_loop();
  while (metrics_.expanded < limit) {
    const std::uint32_t cur = heap_.front().node;
    if (cur == goal) break;
    close_taken(cur, heap_.front().seq);
    heap_pop();
    const Cell c{static_cast<int>(cur % width), static_cast<int>(cur / width)};
    expand_uniform<Batch>(cur, c);
    if (heap_.empty()) {
      end_without_path(cur);
      break;
    }
  }
}

// The open-set entries run_monotone makes: make_entry's, for any algorithm and tie-break...
struct BestFirstSearch::AnyKeys {
  const BestFirstSearch& search;
  ASTAR_HOT HeapEntry operator()(std::uint32_t i, Cell c, ExactCost /*g*/,
                                 std::uint32_t seq) const {
    return search.make_entry(i, c, seq);
  }
};

// ... and the same for A* with the octile heuristic and larger g first (the default, and what
// the benchmarks run), without the switches: f = g + h, exactly, its key, and g's key inverted.
struct BestFirstSearch::OctileKeys {
  Cell goal;
  std::int64_t units;  // h_units_
  ASTAR_HOT HeapEntry operator()(std::uint32_t i, Cell c, ExactCost g, std::uint32_t seq) const {
    const std::int64_t dx = std::abs(c.x - goal.x), dy = std::abs(c.y - goal.y);
    const std::int64_t lo = std::min(dx, dy), hi = std::max(dx, dy);
    const ExactCost f{g.a + (hi - lo) * units, g.b + lo * units};
    return {bits_of(f.key()), ~bits_of(g.key()), seq, i};
  }
};

void BestFirstSearch::run_batch() {
  if (!monotone_) {
    run_indexed();
    return;
  }
  begin_batch();
  if (octile_keys())
    run_monotone(OctileKeys{goal_cell_, h_units_});
  else
    run_monotone(AnyKeys{*this});
  // A search that ended keeps its open set parked in the radix heap: ordering it again costs
  // about a sixth of a short query, and only a rewind needs it (unpark). Views read either.
  if (state_ == SearchState::InProgress) end_batch();
}

// A parked open set (see run_batch) back in heap_, for what steps or rewinds it.
void BestFirstSearch::unpark() {
  if (batched_) end_batch();
}

// Whether OctileKeys make this search's entries.
bool BestFirstSearch::octile_keys() const {
  return order_ == Priority::GPlusH && options_.heuristic == Heuristic::Octile &&
         options_.tie_break == TieBreak::LargerG;
}

// The open set moves to the radix heap (batched) and back (settled, positions kept again).
void BestFirstSearch::begin_batch() {
  radix_.reset(heap_.front().f);
  for (const HeapEntry& e : heap_) radix_.push(e);
  heap_.clear();
  batched_ = true;
}

void BestFirstSearch::end_batch() {
  settle_open_set();
  batched_ = false;
}

bool BestFirstSearch::can_batch() const {
  return monotone_ && uniform_ && !recording_ && batch_ready();  // (the driver keeps the trace)
}

// Drops the radix heap's first entries while their nodes are closed (entries left behind by an
// improvement, see run_monotone); true when nothing is left to take.
bool BestFirstSearch::drop_closed_tops() {
  while (!radix_.empty() && state_of(radix_.top().node) != NodeState::Open) radix_.pop();
  return radix_.empty();
}

// step() for a batch another loop drives: the same take and relaxations, on the radix heap,
// with the views the driver reads kept (last_taken, last_relaxed, state, open_size,
// top_priority); the taken node's moves are rebuilt when asked for, as after step().
SearchState BestFirstSearch::batch_step() {
  if (state_ != SearchState::InProgress) return state_;
  last_relaxed_.clear();
  const std::uint32_t cur = radix_.top().node;  // never stale: see run_monotone
  close_taken(cur, radix_.top().seq);
  radix_.pop();
  ++metrics_.heap_ops;
  last_taken_ = cur;
  move_count_ = examined_ = 0;
  if (cur == to_u32(goal_)) {
    moves_stale_ = false;
    state_ = SearchState::Found;
    return state_;
  }
  moves_stale_ = true;
  const std::uint32_t width = static_cast<std::uint32_t>(level_->width());
  const Cell c{static_cast<int>(cur % width), static_cast<int>(cur / width)};
  if (octile_keys())
    expand_monotone<Quiet>(cur, c, OctileKeys{goal_cell_, h_units_});
  else
    expand_monotone<Quiet>(cur, c, AnyKeys{*this});
  if (drop_closed_tops()) state_ = SearchState::NoPath;
  return state_;
}

// The batch loop when the keys taken never go down, over a radix heap (radix_queue.hpp). Its
// open set is lazy: an improved node is pushed again instead of moved, its new entry with the
// node's insertion number (Node::rank), so it comes out exactly where update_key would have put
// the old one; an improvement lowers f, so the old entry comes out later and finds its node
// closed. The same takes in the same order as stepping, so the same search; when the loop ends
// the open set goes back to heap_ (settle_open_set).
template <class Keys>
void BestFirstSearch::run_monotone(const Keys& keys) {
  const std::uint32_t width = static_cast<std::uint32_t>(level_->width());
  const std::uint32_t goal = to_u32(goal_);
  const std::size_t cells = nodes_.size();
  // The rows above and below are far away in the node arrays: ask for them early, so the misses
  // overlap taking the node from the open set.
  const auto ahead = [&](std::uint32_t cur, std::int64_t offset) {
    const std::int64_t i = static_cast<std::int64_t>(cur) + offset;
    if (i < 0 || static_cast<std::size_t>(i) + 2 >= cells) return;
    __builtin_prefetch(&nodes_[static_cast<std::size_t>(i)], 1);
    __builtin_prefetch(&nodes_[static_cast<std::size_t>(i) + 2], 1);
    __builtin_prefetch(&stamp_[static_cast<std::size_t>(i)]);
  };
  const std::int64_t limit = batch_limit();
  const bool jump_points = options_.algorithm == Algorithm::JumpPoint;
  begin_batch_loop();
  while (metrics_.expanded < limit) {
    const std::uint32_t cur = radix_.top().node;  // never stale: see below
    if (cur == goal) {
      take_goal_batched(cur);
      break;
    }
    if (!jump_points) {
      ahead(cur, -static_cast<std::int64_t>(width) - 1);
      ahead(cur, static_cast<std::int64_t>(width) - 1);
    }
    close_taken(cur, radix_.top().seq);
    radix_.pop();
    ++metrics_.heap_ops;
    const Cell c{static_cast<int>(cur % width), static_cast<int>(cur / width)};
    if (jump_points)
      expand_jump_points_monotone(cur, c, keys);
    else
      expand_monotone<Batch>(cur, c, keys);
    if (drop_closed_tops()) {
      end_without_path(cur);
      break;
    }
  }
}

// take() of the goal, on the radix heap: closed, recorded and counted as take() does it, and
// the search found; the stale entries on top dropped, so next_to_take() is an open node.
void BestFirstSearch::take_goal_batched(std::uint32_t goal) {
  close_taken(goal, radix_.top().seq);
  radix_.pop();
  ++metrics_.heap_ops;
  last_taken_ = goal;
  last_relaxed_.clear();
  move_count_ = examined_ = 0;
  moves_stale_ = false;
  state_ = SearchState::Found;
  note_trace_end();
  drop_closed_tops();
}

// relax_to for run_monotone (without a listener; the trace written as relax_to writes it),
// into the radix heap. On a uniform grid g's key orders costs exactly (ExactCost::key: whole
// steps, and a path has fewer than kMaxCells of them), so one compare of doubles tells a
// really cheaper path.
template <class Tell, class Keys>
ASTAR_HOT void BestFirstSearch::relax_monotone(std::uint32_t ni, Cell to, std::uint32_t via,
                                               ExactCost g_new, const Keys& keys) {
  static_assert(kMaxCells < 20'000'000, "keys of whole step counts order exactly below 2e7 steps");
  const std::uint32_t s = stamp_[ni] - generation_;
  if (s == 1) return;  // closed
  Node& n = nodes_[ni];
  if (s == 0) {  // open: improved only when really cheaper
    if (!(g_new.key() < n.g.key())) return;
    if (writing_) changes_.push_back({ni, n.parent, via, false, n.g, g_new});
    n.g = g_new;
    n.parent = via;
    radix_.push(keys(ni, to, g_new, n.rank));
    ++metrics_.improved;
  } else {
    if (writing_) changes_.push_back({ni, kNone, via, true, {}, g_new});
    radix_.push(keys(ni, to, g_new, init_node(ni, g_new, via)));
    ++metrics_.generated;
  }
  ++metrics_.heap_ops;
  if constexpr (Tell::kKeepsRelaxed) last_relaxed_.push_back(to);
}

// expand_uniform for run_monotone and batch_step: the same successors, costs and order.
template <class Tell, class Keys>
ASTAR_HOT void BestFirstSearch::expand_monotone(std::uint32_t taken, Cell c, const Keys& keys) {
  const ExactCost g = nodes_[taken].g;
  constexpr auto one = static_cast<std::int64_t>(kCostUnitsPerOne);
  for (unsigned moves = moves_at_[taken]; moves != 0; moves &= moves - 1) {
    const int d = std::countr_zero(moves);
    relax_monotone<Tell>(taken + static_cast<std::uint32_t>(node_step_[d]),
                   {c.x + kDirDx[d], c.y + kDirDy[d]}, taken,
                   (d & 1) ? ExactCost{g.a, g.b + one} : ExactCost{g.a + one, g.b}, keys);
  }
}

// expand_jump_points for run_monotone: the same jump points, costs and order.
template <class Keys>
void BestFirstSearch::expand_jump_points_monotone(std::uint32_t taken, Cell c, const Keys& keys) {
  JumpGrid::Successors found;
  const int count = prefetched_jump_points(taken, c, found);
  const ExactCost g = nodes_[taken].g;
  for (int k = 0; k < count; ++k) {
    const Cell to = found[static_cast<std::size_t>(k)];
    relax_monotone<Batch>(to_u32(level_->index(to)), to, taken, g + jump_cost(c, to), keys);
  }
}

// After run_monotone: the open set back in heap_, without the entries left behind, positions
// kept again.
void BestFirstSearch::settle_open_set() {
  radix_.for_each([&](const HeapEntry& e) {
    if (state_of(e.node) != NodeState::Open) return;
    const HeapEntry now = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
    if (now.f == e.f && now.tie == e.tie) heap_.push_back(e);
  });
  radix_.clear();
  heapify();
}

// run() for breadth-first: the same loop with the open set a queue (queue_pop), and nothing to
// improve (breadth-first keeps the first parent found), so relaxing is generating. A take that
// could empty the open set (one node open) goes through step(), which ends the search as
// stepping does when that take finds nothing new: the start's take among them, so a fresh
// search steps once and then runs the loop.
SearchState BestFirstSearch::run_queue() {
  if (uniform_ && batch_ready()) {
    const std::uint32_t goal = to_u32(goal_);
    const std::int64_t limit = batch_limit();
    while (state_ == SearchState::InProgress && heap_[queue_head_].node != goal &&
           metrics_.expanded < limit) {
      if (heap_.size() - queue_head_ == 1) {
        step();
        continue;
      }
      begin_batch_loop();  // (again: step() sets writing_ for its own step)
      close_taken(heap_[queue_head_].node, heap_[queue_head_].seq);
      const std::uint32_t cur = queue_pop();
      expand_queue(cur);
    }
  }
  return Search::run();
}

// expand_uniform for run_queue: the same successors in the same order (the taken cell's moves,
// moves_at_), each generated as relax_to and open_node would (breadth-first keeps the first
// parent found, so an open or closed successor is left alone), inlined whole. The entry is
// make_entry's for breadth-first: the depth as the key, no tie (first in), the insertion number
// (check_invariants compares them).
[[gnu::flatten]] void BestFirstSearch::expand_queue(std::uint32_t taken) {
  // In locals: the writes below would otherwise make the compiler read these again per move.
  std::uint32_t* stamp = stamp_.data();
  Node* nodes = nodes_.data();
  const std::uint32_t generation = generation_;
  const ExactCost g = nodes[taken].g;
  const std::uint32_t depth = nodes[taken].rank + 1;
  const std::uint64_t key = bits_of(static_cast<double>(depth));
  constexpr auto one = static_cast<std::int64_t>(kCostUnitsPerOne);
  std::uint32_t seq = next_seq_;
  for (unsigned moves = moves_at_[taken]; moves != 0; moves &= moves - 1) {
    const int d = std::countr_zero(moves);
    const std::uint32_t ni = taken + static_cast<std::uint32_t>(node_step_[d]);
    if (stamp[ni] - generation < 2u) continue;  // open or closed (valid)
    stamp[ni] = generation;                      // open (mark)
    const ExactCost g_new = (d & 1) ? ExactCost{g.a, g.b + one} : ExactCost{g.a + one, g.b};
    if (writing_) changes_.push_back({ni, kNone, taken, true, {}, g_new});
    nodes[ni] = {g_new, taken, depth};
    heap_.push_back({key, 0, seq++, ni});
  }
  const std::uint32_t generated = seq - next_seq_;
  next_seq_ = seq;
  metrics_.generated += generated;
  metrics_.heap_ops += generated;  // a push each
}

// The direction node i was reached in, sign(i - parent) per axis: (0, 0) for the start, which
// explores every direction.
Cell BestFirstSearch::arrival(std::uint32_t i, Cell c) const {
  const std::uint32_t p = nodes_[i].parent;
  if (p == kNone) return {0, 0};
  const Cell pc = level_->cell(CellIndex(p));
  return {(c.x > pc.x) - (c.x < pc.x), (c.y > pc.y) - (c.y < pc.y)};
}

// The jump points leaving the taken node (JPS).
int BestFirstSearch::jump_successors(std::uint32_t taken, JumpGrid::Successors& out) const {
  const Cell c = level_->cell(CellIndex(taken));
  const Cell m = arrival(taken, c);
  return jump_grid_.successors(c, m.x, m.y, goal_cell_, out);
}

// The jump points leaving the taken node (cell c), for the loops without a listener. Jump points
// lie far apart in the node array: each one's node is asked for as soon as it is found, so the
// cache misses overlap the remaining jumps instead of stalling each relaxation.
int BestFirstSearch::prefetched_jump_points(std::uint32_t taken, Cell c,
                                            JumpGrid::Successors& found) const {
  const Cell m = arrival(taken, c);
  return jump_grid_.successors(c, m.x, m.y, goal_cell_, found, [this](Cell to) {
    __builtin_prefetch(&stamp_[to_u32(level_->index(to))], 1);
  });
}

// JPS without a listener: relaxes the taken node's jump points as examining them as moves would
// (same cells, same order, same cost: the octile distance, computed as collect_moves does).
void BestFirstSearch::expand_jump_points(std::uint32_t taken) {
  const Cell c = level_->cell(CellIndex(taken));
  JumpGrid::Successors found;
  const int count = prefetched_jump_points(taken, c, found);
  const ExactCost g = nodes_[taken].g;
  for (int k = 0; k < count; ++k) {
    const Cell to = found[static_cast<std::size_t>(k)];
    relax_to(to, to_u32(level_->index(to)), taken, g + jump_cost(c, to), Quiet{});
  }
}

// [SECTION] Rewind

void BestFirstSearch::set_recording(bool on) {
  recording_ = on;
  restart();
}

std::size_t BestFirstSearch::recording_bytes() const {
  return records_.capacity() * sizeof(StepRecord) + changes_.capacity() * sizeof(Change);
}

// Where record r's changes end.
std::size_t BestFirstSearch::change_end(std::size_t r) const {
  return r + 1 < records_.size() ? records_[r + 1].first_change : changes_.size();
}

// Drops the steps kept for replay: the trace ends where the search is.
void BestFirstSearch::truncate_trace() {
  if (at_ == records_.size()) return;
  changes_.resize(records_[at_].first_change);
  records_.resize(at_);
  end_state_ = state_;
  end_best_ = best_;
}

bool BestFirstSearch::step_back() {
  if (at_ == 0) return false;
  unpark();
  const std::size_t r = at_ - 1;
  const StepRecord rec = records_[r];

  // Undo the relaxations, newest first: a node first seen in this step becomes unseen again
  // and leaves the open set; an improved one gets its old g and parent back (its f goes up).
  std::uint32_t generated = 0, improved = 0;
  for (std::size_t k = change_end(r); k-- > rec.first_change;) {
    const Change& ch = changes_[k];
    Node& n = nodes_[ch.node];
    if (ch.was_unseen) {
      if (order_ == Priority::Steps)
        heap_.pop_back();  // generated last, so last in the queue
      else
        heap_remove(heap_pos_[ch.node]);
      mark(ch.node, NodeState::Unseen);
      ++generated;
      continue;
    }
    ++improved;
    n.g = ch.old_g;
    n.parent = ch.old_parent;
    update_key(ch.node);
  }
  if (mid_) {
    // A half-done iteration is the trace's last step (see micro_step): it is not kept.
    changes_.resize(rec.first_change);
    records_.pop_back();
    end_state_ = SearchState::InProgress;
    end_best_ = rec.best_before;
    mid_ = false;
  }
  at_ = r;

  // Put the taken node back into the open set with its original keys and insertion order.
  mark(rec.taken, NodeState::Open);
  if (order_ == Priority::Steps) {
    --queue_head_;  // its entry is still there, just before the head
  } else {
    heap_.push_back(make_entry(rec.taken, level_->cell(CellIndex(rec.taken)), rec.taken_seq));
    sift_up(heap_.size() - 1);
  }
  --closed_;

  // The step ran in progress; it counted one pop, and one generation (a push) or improvement
  // (a key update) per change.
  next_seq_ -= generated;
  best_ = rec.best_before;
  metrics_.expanded -= 1;
  metrics_.generated -= generated;
  metrics_.improved -= improved;
  metrics_.heap_ops -= 1 + generated + improved;
  state_ = SearchState::InProgress;
  restore_last_step_views();
  return true;
}

void BestFirstSearch::seek(std::int64_t iteration) {
  if (mid_) step();  // finish the iteration under way first
  unpark();
  if (recording_) {
    // Far seeks within the trace go in bulk; near ones step, which keeps them exact and cheap.
    constexpr std::size_t kBulk = 64;
    const std::size_t to =
        static_cast<std::size_t>(std::clamp<std::int64_t>(iteration, 0, recorded_iterations()));
    if ((to > at_ ? to - at_ : at_ - to) > kBulk) bulk_seek(to);
  }
  Search::seek(iteration);  // the rest: steps back, replays, then new steps
}

// Moves along the trace to the end of iteration `to` by applying the recorded changes to the
// nodes only. The open set is rebuilt once at the end from the entries that may be open (those
// of the heap before, the nodes put back on the way that were generated before `to`, and the
// nodes generated on the way that are still open): they get their node's keys, and a heap is
// built in O(open). Its layout may differ from a fresh search's, but not the order it gives:
// entries are totally ordered (the insertion number settles every tie), so every later step
// takes the same node. Breadth-first's queue is laid out as a fresh search's instead
// (queue_head_): its head moves, its end loses or gains the entries of the nodes generated on
// the way, and no entry of it ever changes keys.
//
// The nodes a seek touches are scattered over arrays far larger than the caches: each loop
// asks for the stamp or node it needs kSeekAhead entries later.
void BestFirstSearch::bulk_seek(std::size_t to) {
  const SeekCounts counts = at_ > to ? bulk_undo(to) : bulk_redo(to);
  next_seq_ = static_cast<std::uint32_t>(static_cast<std::int64_t>(next_seq_) +
                                         std::min<std::int64_t>(counts.generated, 0));
  if (order_ != Priority::Steps) {
    push_still_open();
    rebuild_open_set();
  }
  metrics_.expanded = static_cast<std::int64_t>(at_);
  metrics_.generated += counts.generated;
  metrics_.improved += counts.improved;
  metrics_.heap_ops = metrics_.expanded + metrics_.generated + metrics_.improved;
  state_ = at_ == records_.size() ? end_state_ : SearchState::InProgress;
  best_ = at_ < records_.size() ? records_[at_].best_before : end_best_;
  restore_last_step_views();
}

namespace {
constexpr std::size_t kSeekAhead = 48;
}  // namespace

// Asks for what applying (or undoing) a change will write: undoing a generation only marks the
// node unseen, everything else writes the node too.
void BestFirstSearch::prefetch_change(std::size_t k, bool undo) const {
  const Change& ch = changes_[k];
  __builtin_prefetch(&stamp_[ch.node], 1);
  if (!(undo && ch.was_unseen)) __builtin_prefetch(&nodes_[ch.node], 1);
}

// bulk_seek's way back: every change undone, newest first. A node taken on the way is open
// again only if it was generated before `to`. The others are neither marked nor put back
// (undoing their generation marks them unseen): a far seek back would otherwise write millions
// of scattered stamps and queue millions of entries only to drop them. Their stamps are rarely
// needed soon, so they are not fetched ahead either.
BestFirstSearch::SeekCounts BestFirstSearch::bulk_undo(std::size_t to) {
  const bool queue = order_ == Priority::Steps;
  const std::uint32_t generated_by_to = queue ? 0 : insertions_before(to);
  SeekCounts counts;
  while (at_ > to) {
    const std::size_t r = --at_;
    const StepRecord& rec = records_[r];
    for (std::size_t k = change_end(r); k-- > rec.first_change;) {
      if (k >= kSeekAhead) prefetch_change(k - kSeekAhead, true);
      const Change& ch = changes_[k];
      if (ch.was_unseen) {
        mark(ch.node, NodeState::Unseen);  // its entry is dropped by rebuild_open_set
        if (queue) heap_.pop_back();       // or now, from the queue's end
        --counts.generated;
      } else {
        Node& n = nodes_[ch.node];
        n.g = ch.old_g;
        n.parent = ch.old_parent;
        --counts.improved;
      }
    }
    if (queue) {
      mark(rec.taken, NodeState::Open);
      --queue_head_;
    } else if (seq_key(rec.taken_seq) < generated_by_to) {
      mark(rec.taken, NodeState::Open);
      heap_.push_back(HeapEntry{0, 0, rec.taken_seq, rec.taken});  // keys: rebuild_open_set
    }  // else: undoing its generation, further back, marks it unseen
    --closed_;
  }
  return counts;
}

// bulk_seek's way forward: every change applied, oldest first. Breadth-first's queue gets its
// entries here, in order; the nodes generated for the open set are listed for push_still_open.
BestFirstSearch::SeekCounts BestFirstSearch::bulk_redo(std::size_t to) {
  const bool queue = order_ == Priority::Steps;
  SeekCounts counts;
  while (at_ < to) {
    const std::size_t r = at_++;
    const StepRecord& rec = records_[r];
    if (r + kSeekAhead < records_.size())
      __builtin_prefetch(&stamp_[records_[r + kSeekAhead].taken], 1);
    mark(rec.taken, NodeState::Closed);  // its entry is dropped by rebuild_open_set
    queue_head_ += queue;                // (the queue's: passed by the head)
    ++closed_;
    for (std::size_t k = rec.first_change, e = change_end(r); k < e; ++k) {
      if (k + kSeekAhead < changes_.size()) prefetch_change(k + kSeekAhead, false);
      const Change& ch = changes_[k];
      if (ch.was_unseen) {
        const std::uint32_t seq = init_node(ch.node, ch.new_g, ch.new_parent);
        if (queue)
          heap_.push_back(make_entry(ch.node, level_->cell(CellIndex(ch.node)), seq));
        else
          seek_generated_.push_back(ch.node);
        ++counts.generated;
      } else {
        Node& n = nodes_[ch.node];
        n.g = ch.new_g;
        n.parent = ch.new_parent;
        ++counts.improved;
      }
    }
  }
  return counts;
}

// After bulk_redo: an entry for each node it generated that is still open (its keys are set by
// rebuild_open_set). The list is emptied, its memory kept for the next seek.
void BestFirstSearch::push_still_open() {
  const std::size_t n = seek_generated_.size();
  for (std::size_t k = 0; k < n; ++k) {
    if (k + kSeekAhead < n) __builtin_prefetch(&stamp_[seek_generated_[k + kSeekAhead]]);
    const std::uint32_t node = seek_generated_[k];
    if (state_of(node) == NodeState::Open)
      heap_.push_back(HeapEntry{0, 0, nodes_[node].rank, node});
  }
  seek_generated_.clear();
}

// The heap's entries whose node is open, with the node's keys, as a heap.
void BestFirstSearch::rebuild_open_set() {
  std::size_t kept = 0;
  for (std::size_t k = 0; k < heap_.size(); ++k) {
    if (k + kSeekAhead < heap_.size()) __builtin_prefetch(&stamp_[heap_[k + kSeekAhead].node]);
    const HeapEntry e = heap_[k];
    if (state_of(e.node) != NodeState::Open) continue;
    heap_[kept++] = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
  }
  heap_.resize(kept);
  heapify();
}

// How many nodes had been generated (given an insertion number) by the end of iteration `to`,
// at most the current count: the insertion number of the first node generated after it. Ranks
// are insertion numbers here (not breadth-first's depths).
std::uint32_t BestFirstSearch::insertions_before(std::size_t to) const {
  for (std::size_t k = records_[to].first_change, e = change_end(at_ - 1); k < e; ++k)
    if (changes_[k].was_unseen) return seq_key(nodes_[changes_[k].node].rank);
  return next_seq_;
}

// last_taken() and last_relaxed() as the step before the current one left them; its moves are
// rebuilt when asked for.
void BestFirstSearch::restore_last_step_views() {
  last_taken_ = kNone;
  last_relaxed_.clear();
  move_count_ = 0;
  examined_ = 0;
  moves_stale_ = false;
  if (at_ == 0) return;
  const std::size_t r = at_ - 1;
  last_taken_ = records_[r].taken;
  for (std::size_t k = records_[r].first_change, e = change_end(r); k < e; ++k)
    last_relaxed_.push_back(level_->cell(CellIndex(changes_[k].node)));
  moves_stale_ = true;
}

std::span<const Move> BestFirstSearch::taken_moves() const {
  if (moves_stale_) {
    moves_stale_ = false;
    move_count_ = 0;
    if (last_taken_ != to_u32(goal_)) collect_moves(last_taken_);
    examined_ = move_count_;
  }
  return {moves_.data(), move_count_};
}

std::size_t BestFirstSearch::examined() const {
  taken_moves();
  return examined_;
}

std::string BestFirstSearch::check_invariants() const {
  if (order_ == Priority::Steps) {
    // The queue: every node generated, in insertion order, the taken ones before the head, each
    // entry with its node's keys and none ordered before the one ahead of it (so a heap of
    // them would take them in this order).
    if (queue_head_ > heap_.size()) return "the queue's head is past its end";
    if (next_seq_ != heap_.size())
      return std::to_string(heap_.size()) + " in the queue but " + std::to_string(next_seq_) +
             " generated";
    for (std::size_t pos = 0; pos < heap_.size(); ++pos) {
      const HeapEntry& e = heap_[pos];
      const std::string at = "queue[" + std::to_string(pos) + "]";
      if (e.node >= nodes_.size()) return at + ": node out of range";
      if (e.seq != pos) return at + ": insertion number " + std::to_string(e.seq);
      const NodeState want = pos < queue_head_ ? NodeState::Closed : NodeState::Open;
      if (state_of(e.node) != want)
        return at + (want == NodeState::Open ? ": node not open" : ": taken node not closed");
      const HeapEntry keys = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
      if (e.f != keys.f || e.tie != keys.tie) return at + ": keys differ from the node's";
      if (pos > 0 && before(e, heap_[pos - 1])) return at + ": ordered before the entry ahead";
    }
  }
  for (std::size_t pos = 0; pos < heap_.size() && order_ != Priority::Steps; ++pos) {
    const HeapEntry& e = heap_[pos];
    const std::string at = "heap[" + std::to_string(pos) + "]";
    if (e.node >= nodes_.size()) return at + ": node out of range";
    if (state_of(e.node) != NodeState::Open) return at + ": node not open";
    if (heap_pos_[e.node] != pos)
      return at + ": node's heap position is " + std::to_string(heap_pos_[e.node]);
    const HeapEntry want = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
    if (e.f != want.f || e.tie != want.tie) return at + ": keys differ from the node's";
    if (e.seq != nodes_[e.node].rank) return at + ": insertion number differs from the node's";
    if (pos > 0 && before(e, heap_[(pos - 1) / kArity])) return at + ": ordered before its parent";
  }
  if (batched_) {
    if (std::string parked = check_parked(); !parked.empty()) return parked;
  }
  std::size_t open = 0, closed = 0;
  for (std::uint32_t i = 0; i < nodes_.size(); ++i) {
    if (!valid(i)) continue;
    open += state_of(i) == NodeState::Open;
    closed += state_of(i) == NodeState::Closed;
    const std::uint32_t p = nodes_[i].parent;
    if (p != kNone && state_of(p) != NodeState::Closed)
      return "node " + cell_text(level_->cell(CellIndex(i))) + ": parent is not closed";
  }
  if (open != open_size())
    return std::to_string(open) + " open nodes but " + std::to_string(open_size()) +
           " in the open set";
  if (static_cast<std::int64_t>(closed) != closed_)
    return std::to_string(closed) + " closed nodes but closed_count() is " + std::to_string(closed_);
  return {};
}

// A parked open set (run_batch): every open node has one entry with its keys and insertion
// number in the radix heap (the others are entries an improvement or a take left behind), and
// the top is open.
std::string BestFirstSearch::check_parked() const {
  std::vector<std::uint8_t> current(nodes_.size(), 0);
  std::string wrong;
  radix_.for_each([&](const HeapEntry& e) {
    if (e.node >= nodes_.size()) wrong = "parked open set: node out of range";
    if (!wrong.empty() || state_of(e.node) != NodeState::Open) return;
    const HeapEntry want = make_entry(e.node, level_->cell(CellIndex(e.node)), e.seq);
    if (e.f != want.f || e.tie != want.tie || e.seq != nodes_[e.node].rank) return;
    if (current[e.node]++)
      wrong = "parked open set: two entries for " + cell_text(level_->cell(CellIndex(e.node)));
  });
  if (!wrong.empty()) return wrong;
  if (!radix_.empty() && state_of(radix_.top().node) != NodeState::Open)
    return "parked open set: the top's node is not open";
  for (std::uint32_t i = 0; i < nodes_.size(); ++i)
    if (state_of(i) == NodeState::Open && !current[i])
      return "open node " + cell_text(level_->cell(CellIndex(i))) + " not in the parked open set";
  return {};
}

// [SECTION] Read-only views

NodeView BestFirstSearch::node(Cell c) const {
  NodeView v;
  if (!level_->in_bounds(c)) return v;
  const std::uint32_t i = to_u32(level_->index(c));
  if (!valid(i)) return v;
  const Node& n = nodes_[i];
  v.state = state_of(i);
  v.g = n.g.value();
  v.h = h_of(c).value();
  v.f = shown(key_of(i));
  if (n.parent != kNone) v.parent = level_->cell(CellIndex(n.parent));
  return v;
}

// The exact g of the open node that comes next (zero when the open set is empty).
ExactCost BestFirstSearch::top_g() const {
  if (open_size() == 0) return {};
  return nodes_[batched_ ? radix_.top().node : heap_[queue_head_].node].g;
}

std::optional<Cell> BestFirstSearch::next_to_take() const {
  if (state_ != SearchState::InProgress || mid_ || open_size() == 0) return std::nullopt;
  return level_->cell(CellIndex(batched_ ? radix_.top().node : heap_[queue_head_].node));
}

std::optional<Cell> BestFirstSearch::last_taken() const {
  if (last_taken_ == kNone) return std::nullopt;
  return level_->cell(CellIndex(last_taken_));
}

// The cells from this direction's start to node i, following parents. Jump point parents are
// a straight or diagonal line away: the cells between are filled in, so the path is 8-adjacent.
// Theta*'s parents are any angle away: its paths are the waypoints.
std::vector<Cell> BestFirstSearch::chain_to(std::uint32_t i) const {
  std::vector<Cell> out;
  const bool fill = options_.algorithm == Algorithm::JumpPoint;
  for (; i != kNone; i = nodes_[i].parent) {
    const Cell c = level_->cell(CellIndex(i));
    if (fill && !out.empty()) {
      // Walk back from the previous (later) cell towards c, one step at a time.
      Cell at = out.back();
      const int sx = (c.x > at.x) - (c.x < at.x), sy = (c.y > at.y) - (c.y < at.y);
      for (at = {at.x + sx, at.y + sy}; !(at == c); at = {at.x + sx, at.y + sy}) out.push_back(at);
    }
    out.push_back(c);
  }
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<Cell> BestFirstSearch::path_to(Cell c) const {
  if (!level_->in_bounds(c) || !valid(to_u32(level_->index(c)))) return {};
  return chain_to(to_u32(level_->index(c)));
}

std::vector<Cell> BestFirstSearch::path() const {
  if (state_ == SearchState::Found) return chain_to(to_u32(goal_));
  if (options_.partial_path && state_ != SearchState::InProgress && best_ != kNone)
    return chain_to(best_);
  return {};
}

double BestFirstSearch::path_cost() const {
  if (state_ == SearchState::Found) return nodes_[to_u32(goal_)].g.value();
  if (options_.partial_path && state_ != SearchState::InProgress && best_ != kNone)
    return nodes_[best_].g.value();
  return kInf;
}

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
