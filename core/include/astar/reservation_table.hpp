// The reservation table of cooperative pathfinding (Silver, "Cooperative Pathfinding", AIIDE
// 2005; issue 32, item 3): which unit holds which cell at which tick, so that units planning one
// after another keep out of each other's way. Cooperative planners (cooperative.hpp) fill it with
// each unit's plan; a space-time search (space_time_search.hpp) asks it before every move.
//
//   ReservationTable table(level.width(), level.height());
//   table.reserve_path(0, plan.cells, /*t0=*/0, /*park=*/true);   // unit 0, staying at its end
//   if (!table.blocks_move({2, 3}, {3, 3}, 5)) { /* (2, 3) at t = 4 -> (3, 3) at t = 5 is free */ }
//   table.holder({3, 3}, 5);     // which unit is there at t = 5, if any
//
// Two kinds of reservation:
// - a **vertex** reservation (cell, t): the unit is on the cell at tick t. It also remembers the
//   cell the unit came from at t - 1, which is how an **edge** conflict is caught: a move a -> b
//   ending at t is blocked when another unit enters a at t coming from b (the two would swap).
//   A unit entering the cell another leaves in the same tick is allowed (it follows).
// - a **park**: the unit stays on a cell from tick t for ever (a unit on its goal, or one that
//   found no plan and stays on its start). Every tick from t on is held.
// One unit per cell and tick: reserving a held (cell, t) for another unit is a programming error
// (std::logic_error naming both); planners only reserve what the search found free. Two parks on
// one cell (a unit that found no plan staying on its start, where another arrives for good) keep
// the earlier: the cell is held from then on, and the plans' conflict is the planner's to report.
//
// last_tick() is the last tick any vertex reservation or park starts at: after it, the table
// answers the same for every tick, which is what lets a space-time search treat all later ticks
// as one (and so end when a unit cannot arrive).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "astar/grid.hpp"
#include "astar/space_time_gate.hpp"

namespace astar {

class ReservationTable final : public SpaceTimeGate {
 public:
  static constexpr std::uint32_t kNone = kNoTick;

  ReservationTable(int width, int height);

  // Unit `unit` is on `at` at tick t, having been on `from` at t - 1 (from == at: it waited or,
  // at its first tick, started there).
  void reserve(std::size_t unit, Cell at, std::uint32_t t, Cell from);
  // Unit `unit` stays on `at` from tick t for ever (a park starting earlier on `at` is kept).
  void park(std::size_t unit, Cell at, std::uint32_t t);
  // cells[k] at tick t0 + k for each k (cells[0] coming from itself); park: the unit then stays
  // on cells.back() for ever (from t0 + cells.size() - 1).
  void reserve_path(std::size_t unit, const std::vector<Cell>& cells, std::uint32_t t0,
                    bool park_at_end);
  // Forgets everything (WHCA* starts every window afresh).
  void clear();

  // The unit on c at tick t, if any (a vertex reservation or a park).
  std::optional<std::size_t> holder(Cell c, std::uint32_t t) const;
  // True when the move from -> to ending at tick t may not be made: `to` is held at t, or a unit
  // on `from` at t came from `to` (a swap). A wait is from == to.
  bool blocks_move(Cell from, Cell to, std::uint32_t t) const override;
  // True when no unit holds c at any tick in (t, until]: a unit on c at t may stay there until
  // then (for ever with the default).
  bool free_after(Cell c, std::uint32_t t, std::uint32_t until = kNone) const;
  // The unit parked on c and the tick it parks from, if any.
  struct Park {
    std::size_t unit;
    std::uint32_t from;
  };
  std::optional<Park> parked(Cell c) const;

  // As a space-time search's gate (space_time_gate.hpp): a cell is blocked while another unit
  // holds it; a unit may stay where free_after says.
  bool blocked(Cell c, std::uint32_t t) const override { return holder(c, t).has_value(); }
  bool stays_free(Cell c, std::uint32_t t, std::uint32_t until) const override {
    return free_after(c, t, until);
  }

  // The last tick any reservation or park starts at; 0 when the table is empty.
  std::uint32_t last_tick() const override { return last_tick_; }
  std::size_t vertex_count() const { return vertex_.size(); }
  std::size_t park_count() const { return parks_; }

  // Every vertex reservation: fn(Cell at, std::uint32_t t, std::size_t unit), in no set order.
  template <class Fn>
  void for_each_vertex(Fn&& fn) const {
    for (const auto& [key, r] : vertex_) fn(cell_of(key >> 32), static_cast<std::uint32_t>(key), r.unit);
  }
  // Every park: fn(Cell at, std::uint32_t from, std::size_t unit), by cell index.
  template <class Fn>
  void for_each_park(Fn&& fn) const {
    for (std::size_t i = 0; i < park_from_.size(); ++i)
      if (park_from_[i] != kNone) fn(cell_of(i), park_from_[i], park_unit_[i]);
  }

 private:
  struct Vertex {
    std::uint32_t unit;
    std::uint32_t from;  // the cell's index the unit was on at t - 1
  };
  std::uint32_t index(Cell c) const;
  Cell cell_of(std::uint64_t i) const {
    return {static_cast<int>(i % static_cast<std::uint64_t>(width_)),
            static_cast<int>(i / static_cast<std::uint64_t>(width_))};
  }
  static std::uint64_t key(std::uint32_t cell, std::uint32_t t) {
    return (static_cast<std::uint64_t>(cell) << 32) | t;
  }

  int width_ = 0, height_ = 0;
  std::unordered_map<std::uint64_t, Vertex> vertex_;
  std::vector<std::uint32_t> last_at_;     // per cell: 1 + the last tick reserved, 0 when none
  std::vector<std::uint32_t> park_from_;   // per cell: kNone, or the tick a park starts
  std::vector<std::uint32_t> park_unit_;
  std::size_t parks_ = 0;
  std::uint32_t last_tick_ = 0;
};

}  // namespace astar
