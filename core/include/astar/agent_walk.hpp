// A D* Lite agent that walks its path one cell per move (issue 17): it stands on the level's
// start, plans with a ReplanningSearch (Algorithm::DStarLite, whose target is the start) on the
// level as it knows it, moves one cell along the plan, looks around, and tells the search what
// changed: each move is one repair (the start moved, plus any wall it discovered). With a
// sensor radius R it knows the walls only within R cells (Chebyshev distance) of the cells it
// has stood on, and assumes open ground beyond; costs, heights, edges and shapes are known
// everywhere. Without one it knows the whole level. `astar walk` and the studio's walk mode:
//
//   if (Status ok = AgentWalk::check_sensor(3, rules); !ok) complain(ok.error());
//   AgentWalk walk(level, rules, 3);                        // std::nullopt: every wall known
//   ReplanningSearch s(walk.known(), rules, {.algorithm = Algorithm::DStarLite});
//   while (walk.state(s) != WalkState::Arrived && walk.state(s) != WalkState::NoPath) {
//     s.run();                                              // or step it, drawing each pop
//     if (walk.state(s) == WalkState::Ready) walk.move(s);
//   }
//   for (const WalkRow& r : walk.rows(s)) print(r);         // one row per cell stood on
//
// The search may be stepped, stepped back and repaired by others in between (the studio does
// all three): move() compares the levels when the search's last repair is not its own, and
// undo_to(s) takes back the moves whose repairs a step back undid. The walk keeps the level it
// was given (set_truth replaces it); known() must outlive the search until its first repair.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "astar/level.hpp"
#include "astar/replanning.hpp"
#include "astar/result.hpp"

namespace astar {

// Where a walk stands, given its search.
enum class WalkState : std::uint8_t {
  Planning,  // the search has not finished planning from here
  Ready,     // it has a path: move() takes its first move
  Arrived,   // standing on the goal
  NoPath,    // the search found no path from here (or the level is not searchable)
};

// One cell stood on: what was learned there and what the plan from there cost.
struct WalkRow {
  Cell cell;
  std::int64_t walls_discovered = 0;  // walls first seen from here (at the start: before planning)
  std::int64_t cells_updated = 0;     // cells whose g or rhs the plan from here changed
  double path_cost = 0.0;             // of the path planned from here (+inf: none)
};

class AgentWalk {
 public:
  // The level's start is where it stands. `sensor`: see check_sensor; nullopt: it knows every
  // wall. The sensor must have passed check_sensor (else std::invalid_argument).
  AgentWalk(const Level& truth, const MovementRules& rules, std::optional<int> sensor);
  // A sensor radius must reach at least the longest move (1, or 1 + the jump gap), so that the
  // agent never steps into a cell it has not seen, and at most kMaxSide.
  static Status check_sensor(std::int64_t radius, const MovementRules& rules);
  // The shortest radius check_sensor accepts under `rules`.
  static int min_sensor(const MovementRules& rules);

  const Level& known() const { return known_; }  // its start is where the agent stands
  const Level& truth() const { return truth_; }
  std::optional<int> sensor() const { return sensor_; }
  bool seen(Cell c) const { return seen_[index(c)] != 0; }  // false: under fog
  Cell at() const { return stands_.back().cell; }
  std::int64_t moves_made() const { return static_cast<std::int64_t>(stands_.size()) - 1; }
  // The cells stood on, the start first and the current cell last.
  std::vector<Cell> trail() const;
  double walked_cost() const;  // of the moves taken, on the true level, summed in walking order
  WalkState state(const ReplanningSearch& s) const;
  // One row per cell stood on; the last (where it stands) only once its plan has finished.
  std::vector<WalkRow> rows(const ReplanningSearch& s) const;

  // Takes the first move of the search's path (state Ready; else an error and nothing moves),
  // looks around from the new cell and applies the change to the search (a repair).
  Status move(ReplanningSearch& s);
  // Takes back the moves made after the search's current repair (after s.step_back/seek).
  void undo_to(const ReplanningSearch& s);
  // The true level was edited (same size and start): what the agent knows follows it (walls
  // only where it has looked), and the search is repaired. An error (nothing changed) for
  // another size or start: the caller begins a new walk.
  Status set_truth(const Level& truth, ReplanningSearch& s);

 private:
  struct Stand {
    Cell cell;
    std::vector<std::uint32_t> newly_seen;  // cells first seen from here
    std::int64_t walls_found = 0;
    std::int64_t repair = 0;   // the search's repair number once the move here was applied
    double move_cost = 0.0;    // of the move that came here
  };
  std::uint32_t index(Cell c) const { return to_u32(truth_.index(c)); }
  std::vector<Cell> look(Stand& stand);  // returns the cells whose known wall changed
  Status apply(ReplanningSearch& s, std::span<const Cell> changed);

  Level truth_, known_;
  MovementRules rules_;
  std::optional<int> sensor_;
  std::vector<std::uint8_t> seen_;
  std::vector<Stand> stands_;
  struct Plan {
    std::int64_t cells_updated;
    double path_cost;
  };
  std::vector<Plan> plans_;  // plans_[k]: the finished plan from stands_[k], when it moved on
  std::int64_t own_repair_ = 0;  // the search's repair number after this walk's last apply
};

}  // namespace astar
