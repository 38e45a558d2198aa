// Flow fields (flow_field.hpp): the refusals, the stepped Dijkstra from the goals over the moves
// entering each cell (a lazy binary heap ordered by exact cost, then row-major index), the flow
// fixed as each cell is settled, and following it.
#include "astar/flow_field.hpp"

#include <algorithm>
#include <string>

#include "astar/format.hpp"
#include "astar/shapes.hpp"

namespace astar {

namespace {

// Empty when every sum of move costs on the level stays exact (exact_cost.hpp), else why not.
std::string check_exact_range(const MovePolicy& policy) {
  const std::string why = exact_sums_problem(policy);
  return why.empty() ? why : "a flow field cannot add up this level's costs exactly: " + why;
}

// Empty when goal c (named `what`) is usable, else why not: outside the level, solid, or inside
// a collision shape by the agent radius.
std::string check_goal(const Level& level, double radius, const std::string& what, Cell c) {
  if (std::string why = level.check_endpoint(what, c); !why.empty()) return why;
  if (level.shapes().empty()) return {};
  const double x = c.x + 0.5, y = c.y + 0.5;
  const std::optional<std::size_t> i = level.shape_touched(x, y, x, y, radius);
  if (!i) return {};
  return what + " " + cell_text(c) + " is inside shapes[" + std::to_string(*i) + "] (" +
         shape_noun(level.shapes()[*i]) + ")" +
         (radius > 0 ? " with agent radius " + number_text(radius) : std::string());
}

// Empty when a field towards `goals` can be made, else why not (flow_field.hpp's list).
std::string check_field(const Level& level, const MovementRules& rules,
                        const std::vector<Cell>& goals) {
  if (goals.empty()) return "a flow field needs at least one goal";
  if (std::string why = check_agent_radius(rules.agent_radius); !why.empty())
    return "agent_radius " + why;
  if (level.is_hex() && (!level.shapes().empty() || rules.agent_radius != 0.0))
    return "a flow field cannot run with collision shapes on a hex level (shapes are drawn on "
           "square cells)";
  for (std::size_t k = 0; k < goals.size(); ++k) {
    const std::string what = goals.size() == 1 ? "goal" : "goals[" + std::to_string(k) + "]";
    if (std::string why = check_goal(level, rules.agent_radius, what, goals[k]); !why.empty())
      return why;
  }
  return {};
}

// The kind of a move for the flow's tie rule: straight one-cell moves, then diagonal ones, then
// jumps across.
int tie_rank(const Level& level, const Move& m) {
  if (m.action == MoveAction::JumpAcross) return 2;
  return level.is_diagonal_step(m.dir) ? 1 : 0;
}

}  // namespace

Result<FlowField> FlowField::make(const Level& level, const MovementRules& rules,
                                  std::vector<Cell> goals) {
  if (std::string why = check_field(level, rules, goals); !why.empty()) return Error{why};
  FlowField f(level, rules, std::move(goals));
  if (std::string why = check_exact_range(f.policy_); !why.empty()) return Error{why};
  return f;
}

Result<FlowField> FlowField::make(const Level& level) {
  return make(level, level.rules(), {level.goal()});
}

FlowField::FlowField(const Level& level, const MovementRules& rules, std::vector<Cell> goals)
    : policy_(level, rules) {
  const auto n = static_cast<std::size_t>(level.cell_count());
  goal_.assign(n, 0);
  for (Cell g : goals) {
    const std::uint32_t i = to_u32(level.index(g));
    if (goal_[i] != 0) continue;  // listed twice
    goal_[i] = 1;
    goals_.push_back(g);
  }
  restart();
}

void FlowField::restart() {
  const Level& lv = level();
  const auto n = static_cast<std::size_t>(lv.cell_count());
  state_.assign(n, FlowCellState::Unseen);
  cost_.assign(n, ExactCost{});
  flow_.assign(n, Move{{}, Dir::E, MoveBlock::OutOfBounds, 0.0, MoveAction::Walk, {}});
  heap_.clear();
  order_.clear();
  order_stale_ = false;
  settled_ = 0;
  open_count_ = 0;
  for (Cell g : goals_) {
    const std::uint32_t i = to_u32(lv.index(g));
    state_[i] = FlowCellState::Open;
    ++open_count_;
    push(i);
  }
}

void FlowField::push(std::uint32_t i) {
  // Stale entries outnumbering the open cells (step backs leave them): keep only the others.
  if (heap_.size() >= 64 && heap_.size() > 4 * static_cast<std::size_t>(open_count_)) {
    std::erase_if(heap_, [this](const OpenEntry& e) { return stale(e); });
    std::make_heap(heap_.begin(), heap_.end(), Later{});
  }
  heap_.push_back({cost_[i], i});
  std::push_heap(heap_.begin(), heap_.end(), Later{});
}

void FlowField::drop_stale() {
  while (!heap_.empty() && stale(heap_.front())) {
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    heap_.pop_back();
  }
}

bool FlowField::step() {
  if (done()) return false;
  const std::uint32_t i = take();
  policy_.for_each_move_into(level().cell(CellIndex(i)),
                             [&](const Move& in) { relax_into(i, in); });
  return true;
}

void FlowField::run() {
  while (step()) {
  }
}

std::optional<Cell> FlowField::next() const {
  if (done()) return std::nullopt;
  return level().cell(CellIndex(heap_.front().index));
}

std::uint32_t FlowField::settle_top() {
  const std::uint32_t i = heap_.front().index;
  std::pop_heap(heap_.begin(), heap_.end(), Later{});
  heap_.pop_back();
  state_[i] = FlowCellState::Settled;
  --open_count_;
  ++settled_;
  return i;
}

std::uint32_t FlowField::take() {
  const std::uint32_t i = settle_top();
  order_.push_back(level().cell(CellIndex(i)));
  fix_flow(i);
  drop_stale();
  return i;
}

FlowField::Relaxed FlowField::relax_into(std::uint32_t i, const Move& in) {
  if (!in.possible()) return Relaxed::Impossible;
  const std::uint32_t j = to_u32(level().index(in.to));  // the cell the move leaves
  const ExactCost via = cost_[i] + in.exact;
  if (state_[j] == FlowCellState::Settled) return Relaxed::Settled;
  if (state_[j] == FlowCellState::Open && compare(via, cost_[j]) >= 0) return Relaxed::NotBetter;
  const bool opened = state_[j] == FlowCellState::Unseen;
  if (opened) ++open_count_;
  state_[j] = FlowCellState::Open;
  cost_[j] = via;
  push(j);
  return opened ? Relaxed::Opened : Relaxed::Lowered;
}

void FlowField::unsettle() {
  const std::uint32_t i = to_u32(level().index(settle_order().back()));
  order_.pop_back();
  --settled_;
  state_[i] = FlowCellState::Open;
  ++open_count_;
  flow_[i].block = MoveBlock::OutOfBounds;
  push(i);
}

void FlowField::restore(std::uint32_t j, FlowCellState s, ExactCost cost) {
  open_count_ += (s == FlowCellState::Open) - (state_[j] == FlowCellState::Open);
  state_[j] = s;
  cost_[j] = cost;
  if (s == FlowCellState::Open) push(j);
  drop_stale();
}

void FlowField::fix_flow(std::uint32_t i) {
  if (goal_[i] != 0) return;
  const Level& lv = level();
  Move& best = flow_[i];
  ExactCost best_sum;
  policy_.for_each_move(lv.cell(CellIndex(i)), [&](const Move& m) {
    if (!m.possible()) return;
    const std::uint32_t j = to_u32(lv.index(m.to));
    if (state_[j] != FlowCellState::Settled || j == i) return;
    const ExactCost sum = m.exact + cost_[j];
    const int k = best.possible() ? compare(sum, best_sum) : -1;
    if (k < 0 || (k == 0 && tie_rank(lv, m) < tie_rank(lv, best))) {
      best = m;
      best_sum = sum;
    }
  });
}

FlowCellState FlowField::state(Cell c) const {
  if (!level().in_bounds(c)) return FlowCellState::Unseen;
  return state_[to_u32(level().index(c))];
}

std::optional<ExactCost> FlowField::integration(Cell c) const {
  if (state(c) == FlowCellState::Unseen) return std::nullopt;
  return cost_[to_u32(level().index(c))];
}

double FlowField::integration_value(Cell c) const {
  const std::optional<ExactCost> cost = integration(c);
  return cost ? cost->value() : std::numeric_limits<double>::infinity();
}

bool FlowField::is_goal(Cell c) const {
  return level().in_bounds(c) && goal_[to_u32(level().index(c))] != 0;
}

std::optional<Move> FlowField::flow(Cell c) const {
  if (state(c) != FlowCellState::Settled) return std::nullopt;
  const Move& m = flow_[to_u32(level().index(c))];
  if (!m.possible()) return std::nullopt;
  return m;
}

bool FlowField::unreachable(Cell c) const {
  return done() && level().open(c) && state(c) != FlowCellState::Settled;
}

std::vector<Cell> FlowField::follow(Cell c) const {
  std::vector<Cell> way;
  if (state(c) != FlowCellState::Settled) return way;
  way.push_back(c);
  // Each flow leads to a cell settled earlier, so this ends on a goal; the bound is a guard.
  while (!is_goal(way.back()) && static_cast<std::int64_t>(way.size()) <= settled_count()) {
    const std::optional<Move> m = flow(way.back());
    if (!m) break;
    way.push_back(m->to);
  }
  return way;
}

std::string FlowField::check() const {
  const Level& lv = level();
  std::vector<std::uint8_t> entry(state_.size(), 0);
  for (const OpenEntry& e : heap_)
    if (!stale(e)) entry[e.index] = 1;
  if (!std::is_heap(heap_.begin(), heap_.end(), Later{})) return "the open set is not a heap";
  if (!heap_.empty() && stale(heap_.front())) return "the open set's top is stale";
  std::int64_t open = 0, settled = 0;
  for (std::size_t i = 0; i < state_.size(); ++i) {
    const Cell c = lv.cell(CellIndex(static_cast<std::uint32_t>(i)));
    if (state_[i] == FlowCellState::Settled) ++settled;
    if (state_[i] != FlowCellState::Open) continue;
    ++open;
    if (entry[i] == 0) return "open cell " + cell_text(c) + " has no entry at its cost";
  }
  if (open != open_count_)
    return std::to_string(open) + " open cells, counted " + std::to_string(open_count_);
  const std::vector<Cell>& order = settle_order();
  if (settled != settled_count() || order.size() != static_cast<std::size_t>(settled))
    return std::to_string(settled) + " settled cells, counted " + std::to_string(settled_count()) + ", " +
           std::to_string(order.size()) + " in the settle order";
  for (std::size_t k = 0; k < order_.size(); ++k) {
    if (state(order_[k]) != FlowCellState::Settled)
      return "settle_order()[" + std::to_string(k) + "] " + cell_text(order_[k]) +
             " is not settled";
    if (k > 0 && compare(*integration(order_[k]), *integration(order_[k - 1])) < 0)
      return "the cost goes down at settle_order()[" + std::to_string(k) + "]";
  }
  return {};
}

}  // namespace astar
