// A unit's MDD under its constraints (cbs_mdd.hpp).
#include "analysis/cbs_mdd.hpp"

#include <optional>
#include <unordered_map>

#include "astar/level.hpp"

namespace astar {

namespace {

using Layer = std::unordered_map<std::uint32_t, ExactCost>;  // cell index -> cost

struct MddBuild {
  const MovePolicy& policy;
  const SpaceTimeGate& gate;
  TrueDistance& h;
  ExactCost cost, wait;
  Cell goal;

  const Level& level() const { return policy.level(); }
  Cell cell(std::uint32_t i) const {
    return {static_cast<int>(i % static_cast<std::uint32_t>(level().width())),
            static_cast<int>(i / static_cast<std::uint32_t>(level().width()))};
  }
  std::uint32_t index(Cell c) const { return to_u32(level().index(c)); }
  bool finished(Cell c, std::uint32_t t) const {
    return c == goal && gate.stays_free(c, t, SpaceTimeGate::kNoTick);
  }
  // fn(Cell to, ExactCost step) for each move and the wait from c that the gate allows at t + 1.
  template <class Fn>
  void each_step(Cell c, std::uint32_t t, Fn&& fn) const {
    policy.for_each_move(c, [&](const Move& m) {
      if (m.possible() && !gate.blocks_move(c, m.to, t + 1)) fn(m.to, m.exact);
    });
    if (!gate.blocks_move(c, c, t + 1)) fn(c, wait);
  }
};

void keep_least(Layer& layer, std::uint32_t i, ExactCost g) {
  const auto [it, fresh] = layer.try_emplace(i, g);
  if (!fresh && compare(g, it->second) < 0) it->second = g;
}

// The forward layers: the least cost to stand on each cell at each tick, within the cost.
std::vector<Layer> forward_layers(MddBuild& b, Cell start, std::size_t max_cells, bool& complete) {
  std::vector<Layer> layers(1);
  layers[0][b.index(start)] = ExactCost{};
  std::size_t cells = 1;
  for (std::uint32_t t = 0;; ++t) {
    Layer next;
    for (const auto& entry : layers[t]) {
      const std::uint32_t i = entry.first;
      const ExactCost g = entry.second;
      const Cell c = b.cell(i);
      if (b.finished(c, t) && g == b.cost) continue;  // a cheapest plan ends here
      b.each_step(c, t, [&](Cell to, ExactCost step) {
        const ExactCost g1 = g + step;
        const std::optional<ExactCost> rest = b.h.to_goal(to);
        if (rest && compare(g1 + *rest, b.cost) <= 0) keep_least(next, b.index(to), g1);
      });
    }
    if (next.empty()) return layers;
    cells += next.size();
    if (cells > max_cells) {
      complete = false;
      return layers;
    }
    layers.push_back(std::move(next));
  }
}

// The least cost still to pay from each forward cell to the goal for good, layer by layer back.
std::vector<Layer> backward_layers(MddBuild& b, const std::vector<Layer>& forward) {
  std::vector<Layer> back(forward.size());
  for (std::size_t k = forward.size(); k-- > 0;) {
    const std::uint32_t t = static_cast<std::uint32_t>(k);
    for (const auto& [i, g] : forward[k]) {
      const Cell c = b.cell(i);
      std::optional<ExactCost> best;
      if (b.finished(c, t)) best = ExactCost{};
      if (k + 1 < forward.size())
        b.each_step(c, t, [&](Cell to, ExactCost step) {
          const auto it = back[k + 1].find(b.index(to));
          if (it == back[k + 1].end()) return;
          const ExactCost total = step + it->second;
          if (!best || compare(total, *best) < 0) best = total;
        });
      if (best) back[k][i] = *best;
    }
  }
  return back;
}

}  // namespace

Mdd build_mdd(const MovePolicy& policy, const SpaceTimeGate& gate, TrueDistance& h, Cell start,
              ExactCost cost, ExactCost wait_cost, std::size_t max_cells) {
  MddBuild b{policy, gate, h, cost, wait_cost, h.goal()};
  Mdd out;
  out.goal = b.goal;
  const std::vector<Layer> forward = forward_layers(b, start, max_cells, out.complete);
  if (!out.complete) return out;
  const std::vector<Layer> back = backward_layers(b, forward);
  std::optional<std::size_t> done_from;  // the first tick a cheapest plan is on its goal for good
  out.width.assign(forward.size(), 0);
  out.only.assign(forward.size(), Cell{});
  for (std::size_t t = 0; t < forward.size(); ++t) {
    bool goal_in = false;
    for (const auto& [i, g] : forward[t]) {
      const auto it = back[t].find(i);
      if (it == back[t].end() || !(g + it->second == cost)) continue;
      const Cell c = b.cell(i);
      ++out.width[t];
      out.only[t] = c;
      goal_in = goal_in || c == b.goal;
      if (!done_from && c == b.goal && it->second == ExactCost{}) done_from = t;
    }
    if (done_from && *done_from < t && !goal_in) {  // a plan already home is on its goal
      ++out.width[t];
      out.only[t] = b.goal;
    }
  }
  return out;
}

}  // namespace astar
