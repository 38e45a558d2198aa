// Flow fields after an edit (flow_field.hpp, FlowField::repair): instead of a new Dijkstra over
// the whole level, the cells whose way to a goal passed within reach of an edited cell are reset
// and searched again from the cells around them, ways made cheaper spread from the edit, and the
// flows near every change are chosen again. Each step keeps the new field's exact costs and its
// tie rules, so the result equals a new field's in every view.
#include <algorithm>
#include <string>

#include "astar/flow_field.hpp"

namespace astar {

namespace {

// How far an edit of one cell reaches the moves: one cell (its own moves, and diagonals cutting
// its corner), or a jump's whole length across.
int edit_reach(const MovementRules& rules) { return 1 + std::max(0, rules.jump.gap); }

}  // namespace

const std::vector<Cell>& FlowField::settle_order() const {
  if (order_stale_) {
    const Level& lv = level();
    order_.clear();
    std::vector<std::uint32_t> settled;
    for (std::uint32_t i = 0; i < state_.size(); ++i)
      if (state_[i] == FlowCellState::Settled) settled.push_back(i);
    std::sort(settled.begin(), settled.end(), [&](std::uint32_t a, std::uint32_t b) {
      if (const int k = compare(cost_[a], cost_[b]); k != 0) return k < 0;
      return a < b;
    });
    for (std::uint32_t i : settled) order_.push_back(lv.cell(CellIndex(i)));
    order_stale_ = false;
  }
  return order_;
}

std::vector<std::uint8_t> FlowField::reset_affected(const std::vector<std::uint8_t>& near) {
  const Level& lv = level();
  // Whether a settled cell's way passes a near cell: walk its flow until a cell already known,
  // a near cell or a goal, then give the answer to every cell walked (each cell is walked once).
  constexpr std::uint8_t kUnknown = 0, kAffected = 1, kClean = 2;
  std::vector<std::uint8_t> mark(state_.size(), kUnknown);
  std::vector<std::uint32_t> walk;
  for (std::uint32_t i = 0; i < state_.size(); ++i) {
    if (state_[i] != FlowCellState::Settled || mark[i] != kUnknown) continue;
    std::uint32_t k = i;
    walk.clear();
    while (mark[k] == kUnknown && !near[k] && goal_[k] == 0) {
      walk.push_back(k);
      k = to_u32(lv.index(flow_[k].to));
    }
    const std::uint8_t answer = mark[k] != kUnknown ? mark[k] : (near[k] ? kAffected : kClean);
    mark[k] = answer;
    for (std::uint32_t w : walk) mark[w] = answer;
  }
  std::vector<std::uint8_t> affected(state_.size(), 0);
  for (std::uint32_t i = 0; i < affected.size(); ++i) {
    if (state_[i] != FlowCellState::Settled || mark[i] != kAffected) continue;
    affected[i] = 1;
    state_[i] = FlowCellState::Unseen;
    flow_[i].block = MoveBlock::OutOfBounds;
    --settled_;
  }
  return affected;
}

// Seeds the repair's Dijkstra and runs it: the goals among the reset cells at 0, every settled
// cell a reset cell moves into, and (repair() opened them) every settled cell within reach of an
// edit, each at its cost. `touched` marks the reset cells on entry and gains each cell it
// settles; returns how many cells it settled.
std::int64_t FlowField::repair_search(std::vector<std::uint8_t>& touched) {
  const Level& lv = level();
  const auto open_at = [&](std::uint32_t i, ExactCost cost) {
    if (state_[i] == FlowCellState::Settled) --settled_;
    if (state_[i] != FlowCellState::Open) ++open_count_;
    state_[i] = FlowCellState::Open;
    cost_[i] = cost;
    push(i);
  };
  for (std::uint32_t i = 0; i < state_.size(); ++i) {
    if (goal_[i] != 0 && state_[i] == FlowCellState::Unseen) open_at(i, ExactCost{});
    if (state_[i] != FlowCellState::Unseen || !lv.open(lv.cell(CellIndex(i))) || touched[i] == 0) continue;
    // A reset cell: the settled cells it moves into start again at their costs.
    policy_.for_each_move(lv.cell(CellIndex(i)), [&](const Move& m) {
      const std::uint32_t j = to_u32(lv.index(m.to));
      if (m.possible() && state_[j] == FlowCellState::Settled) open_at(j, cost_[j]);
    });
  }
  // Dijkstra from those, over the moves entering each cell taken; a settled cell is lowered
  // (opened again) when a way through the edit is cheaper. Flows are chosen afterwards.
  std::int64_t settled = 0;
  drop_stale();
  while (open_count_ > 0) {
    const std::uint32_t i = settle_top();
    touched[i] = 1;
    ++settled;
    policy_.for_each_move_into(lv.cell(CellIndex(i)), [&](const Move& in) {
      if (!in.possible()) return;
      const std::uint32_t j = to_u32(lv.index(in.to));  // the cell the move leaves
      const ExactCost via = cost_[i] + in.exact;
      if (state_[j] != FlowCellState::Unseen && compare(via, cost_[j]) >= 0) return;
      open_at(j, via);
    });
    drop_stale();
  }
  return settled;
}

Result<FlowField::Repair> FlowField::repair(const std::vector<Cell>& edited) {
  const Level& lv = level();
  if (!done()) return Error{"a flow field is repaired once it is done"};
  if (static_cast<std::size_t>(lv.cell_count()) != state_.size())
    return Error{"the level's size changed: make a new flow field"};
  MovePolicy fresh(lv, rules());
  if (fresh.rank_units() != policy_.rank_units())
    return Error{"the action ranks' unit changed: make a new flow field"};
  if (std::string why = exact_sums_problem(fresh); !why.empty())
    return Error{"a flow field cannot add up this level's costs exactly: " + why};
  for (Cell g : goals_)
    if (std::string why = lv.check_endpoint("goal", g); !why.empty()) return Error{why};
  policy_ = fresh;
  // Cells within reach of an edit: their moves may have changed.
  const int r = edit_reach(rules());
  std::vector<std::uint8_t> near(state_.size(), 0);
  for (Cell e : edited)
    for (int y = e.y - r; y <= e.y + r; ++y)
      for (int x = e.x - r; x <= e.x + r; ++x)
        if (lv.in_bounds({x, y})) near[to_u32(lv.index({x, y}))] = 1;
  Repair out;
  std::vector<std::uint8_t> touched = reset_affected(near);
  out.reset = std::count(touched.begin(), touched.end(), std::uint8_t{1});
  // Settled cells near an edit start the search again at their costs: ways through the edit may
  // be cheaper now.
  for (std::uint32_t i = 0; i < near.size(); ++i)
    if (near[i] && state_[i] == FlowCellState::Settled) {
      state_[i] = FlowCellState::Open;
      --settled_;
      ++open_count_;
      push(i);
    }
  std::vector<std::uint8_t> changed = touched;
  out.settled = repair_search(changed);
  // Flows: every cell settled again, every cell moving into one, and every near cell.
  std::vector<std::uint8_t> refix = near;
  for (std::uint32_t i = 0; i < changed.size(); ++i) {
    if (!changed[i]) continue;
    refix[i] = 1;
    policy_.for_each_move_into(lv.cell(CellIndex(i)), [&](const Move& in) {
      if (lv.in_bounds(in.to)) refix[to_u32(lv.index(in.to))] = 1;
    });
  }
  for (std::uint32_t i = 0; i < refix.size(); ++i)
    if (refix[i] && state_[i] == FlowCellState::Settled) {
      flow_[i].block = MoveBlock::OutOfBounds;
      fix_flow(i);
    }
  order_stale_ = true;
  return out;
}

}  // namespace astar
