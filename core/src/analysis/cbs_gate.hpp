// One unit's low-level view in Conflict-Based Search (cbs.hpp): its constraints as a space-time
// gate (space_time_gate.hpp: a vertex constraint blocks a cell at a tick, an edge constraint one
// move), and the other units' plans as a conflict avoidance table, whose meetings the search
// counts as soft conflicts to break ties between plans of equal cost (Sharon et al. 2015).
//
//   CbsGate gate(level.width(), unit, constraints_of_this_unit, all_plans, /*avoid=*/true);
//   SpaceTimeSearch s(policy, gate, h, start, limits);
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/space_time_gate.hpp"
#include "astar/unit_plans.hpp"

namespace astar {

class CbsGate final : public SpaceTimeGate {
 public:
  // `constraints`: those binding `unit` (others are skipped); `plans`: every unit's plan (the
  // unit's own is skipped), read only when `avoid`.
  CbsGate(int width, std::size_t unit, const std::vector<CbsConstraint>& constraints,
          const std::vector<UnitPlan>& plans, bool avoid);

  bool blocked(Cell c, std::uint32_t t) const override;
  bool blocks_move(Cell from, Cell to, std::uint32_t t) const override;
  bool stays_free(Cell c, std::uint32_t t, std::uint32_t until) const override;
  std::uint32_t last_tick() const override { return last_tick_; }
  std::uint32_t soft_conflicts(Cell from, Cell to, std::uint32_t t) const override;

 private:
  struct Move {
    std::uint32_t from, to, t;
    friend bool operator==(const Move&, const Move&) = default;
  };
  struct MoveHash {
    std::size_t operator()(const Move& m) const {
      return std::hash<std::uint64_t>{}((static_cast<std::uint64_t>(m.from) << 40) ^
                                        (static_cast<std::uint64_t>(m.to) << 20) ^ m.t);
    }
  };
  std::uint32_t index(Cell c) const { return static_cast<std::uint32_t>(c.y * width_ + c.x); }
  static std::uint64_t key(std::uint32_t cell, std::uint32_t t) {
    return (static_cast<std::uint64_t>(cell) << 32) | t;
  }
  void add_plan(const UnitPlan& p);

  int width_;
  std::unordered_set<std::uint64_t> vertex_;                  // (cell, tick) forbidden
  std::unordered_set<Move, MoveHash> edge_;                   // moves forbidden
  std::unordered_map<std::uint32_t, std::uint32_t> last_on_;  // cell -> its last forbidden tick
  std::uint32_t last_tick_ = 0;
  // The conflict avoidance table: how many others are on (cell, tick) before their plans end
  // (and the cell one of them came from, for swaps), and from which tick others stay on a cell
  // for good (a count each: plans that meet may end on one cell).
  struct Others {
    std::uint32_t count = 0;
    std::uint32_t from = 0;  // a cell index one of them was on at tick - 1
  };
  std::unordered_map<std::uint64_t, Others> others_at_;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> others_stay_;
  bool avoid_ = false;
};

}  // namespace astar
