// What a space-time search (space_time_search.hpp) asks before every move of its unit: whether
// the unit may stand on a cell at a tick, make a move ending at a tick, and stay on its goal for
// good. Cooperative planners answer with a reservation table (reservation_table.hpp: the other
// units' plans); Conflict-Based Search (cbs.hpp) with one unit's constraints, which also count
// the conflicts a move would have with the other units' plans, so that the search prefers, among
// plans of equal cost, the one that meets the others least.
//
//   class MyGate : public SpaceTimeGate { ... };        // answers the five questions below
//   SpaceTimeSearch s(policy, gate, h, start, limits);  // the gate must outlive the search
#pragma once

#include <cstdint>

#include "astar/grid.hpp"

namespace astar {

class SpaceTimeGate {
 public:
  static constexpr std::uint32_t kNoTick = 0xFFFFFFFFu;
  virtual ~SpaceTimeGate() = default;

  // True when the unit may not be on c at tick t.
  virtual bool blocked(Cell c, std::uint32_t t) const = 0;
  // True when the move from -> to ending at tick t may not be made (a wait is from == to).
  virtual bool blocks_move(Cell from, Cell to, std::uint32_t t) const = 0;
  // True when nothing keeps the unit off c at any tick in (t, until] (kNoTick: for ever).
  virtual bool stays_free(Cell c, std::uint32_t t, std::uint32_t until) const = 0;
  // The last tick at which any answer above (or soft_conflicts) changes: every later tick is
  // answered alike, which lets the search treat them as one.
  virtual std::uint32_t last_tick() const = 0;
  // How many conflicts with others the move from -> to ending at tick t would have: only a
  // tie-break between plans of equal cost (0: the gate does not count them).
  virtual std::uint32_t soft_conflicts(Cell from, Cell to, std::uint32_t t) const {
    (void)from, (void)to, (void)t;
    return 0;
  }
};

}  // namespace astar
