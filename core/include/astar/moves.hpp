// The one cost policy every search asks: "which moves leave cell c, and what does each cost?"
//
// One-cell moves, from a to its neighbour b in direction d, rise r = height(b) - height(a):
//
//   cost(a -> b) = override weight of (a, d)                  if the move has a weight override
//                = step_length(d) * cost(b) + extra(action)   otherwise (1 straight, sqrt 2 diagonal)
//
//   action      when                                      extra
//   walk        r == 0                                    0
//   climb       0 < r <= max_climb                        climb_cost * r
//   drop        0 < -r <= max_drop                        drop_cost
//   jump up     max_climb < r <= jump.up                  jump.up_cost
//   jump down   max_drop < -r <= jump.down                jump.down_cost
//
// (an unlimited max_climb or max_drop makes every rise or fall a climb or a drop).
// With rules.step_length "3d" (StepLength::Height) a step's length is its 3D length instead,
// one height level as tall as a cell is wide: sqrt(1 + r^2) straight, sqrt(2 + r^2) diagonal,
// so a climb or a drop is longer than a walk, as in Godot's AStar3D (exact_length_cost below).
// On hex levels (level.hpp's Topology) a cell has six neighbours, each one straight step away:
// the same table applies with every step length 1, and there are no diagonal rules.
// A one-cell move is impossible when b is outside the level or a wall, the override blocks it,
// the neighbour mode or diagonal policy forbids it, or it rises or falls more than both limits
// allow. Limits and walls apply even to moves with a weight override. Every move, jumps across included, is also
// impossible when the segment between the two cell centres, widened by the agent radius,
// touches a collision shape (shapes.hpp).
//
// Jumps across (jump.gap > 0): from a, in one of the 4 straight directions d, over k = 1..jump.gap
// gap cells a + d .. a + k d onto the landing cell b = a + (k + 1) d. Every gap cell is inside the
// level, not a wall, and lower than both a and b (height < min(height(a), height(b))): a pit or a
// ditch; walls are never jumped over. b is open and its rise from a is a walk, a climb or a drop
// (within max_climb and max_drop). Each k lands on a different cell, so each is its own move:
//
//   cost(a -> b) = (k + 1) * cost(b) + jump.across_cost       (edge overrides do not apply)
//
// (with "3d" steps, sqrt((k + 1)^2 + r^2) * cost(b) + jump.across_cost for a landing rise r).
//
// Only straight jumps: a diagonal jump would need a rule for the cells beside its line of flight
// (the corner-cutting question at every step), and a ditch is crossed straight.
//
// With action ranks on (rules.ranks, level.hpp) every possible move, overrides and jumps across
// included, also costs its rank points times the level's rank unit U:
//
//   points = ranks.climb * r (climb), ranks.drop * -r (drop), ranks.across (jump across),
//            ranks.up * r (jump up), ranks.down * -r (jump down), 0 (walk)
//   U      = the least power of ten (1, 10, 100, ...) above open cells * dearest_move(level, rules)
//
// No path without repeated cells has a distance of U or more, so a path's cost, points * U +
// distance, orders paths by points first and distance second, exactly (split_ranked undoes it).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/level.hpp"

namespace astar {

// Why a move is impossible (None: it is possible). Listeners and the inspector report these.
enum class MoveBlock : std::uint8_t {
  None,
  OutOfBounds,
  Wall,
  Agent,         // an agent stands there (while agents block)
  BlockedEdge,   // an edge override blocks this move
  NotANeighbour, // diagonal with 4 neighbours, or diagonal policy "never"
  CornerCut,     // the diagonal policy forbids passing these side cells
  ClimbTooHigh,
  DropTooFar,
  ShapeHit,      // the segment between the cell centres, widened by the agent radius, touches a
                 // collision shape ("shape"; not named Shape, which would shadow astar::Shape)
  _Max
};
std::string_view to_string(MoveBlock b);

// What a possible move does (see the table above).
enum class MoveAction : std::uint8_t { Walk, Climb, Drop, JumpUp, JumpDown, JumpAcross, _Max };
std::string_view to_string(MoveAction a);  // "walk", "climb", "drop", "jump up", ...
inline bool is_jump(MoveAction a) { return a >= MoveAction::JumpUp && a < MoveAction::_Max; }

struct Move {
  Cell to;
  Dir dir = Dir::E;
  MoveBlock block = MoveBlock::None;
  double cost = 0.0;  // meaningful only when block == None: exact.value()
  MoveAction action = MoveAction::Walk;  // meaningful only when block == None
  ExactCost exact;    // the cost as searches add it up (exact_cost.hpp)
  bool possible() const { return block == MoveBlock::None; }
};

// The exact cost of a move of `length` straight cells (a jump across: its landing cell's cost
// per cell flown) or one diagonal step, into a cell costing `cell_cost`, plus `extra`.
inline ExactCost exact_move_cost(bool diagonal, int length, double cell_cost, ExactCost extra) {
  const std::int64_t per_cell = ExactCost::units(cell_cost);
  return extra + (diagonal ? ExactCost{0, per_cell} : ExactCost{per_cell * length, 0});
}

// The exact cost of a step whose length is the square root of `length_squared` (a 3D length:
// grid length squared plus rise squared), into a cell costing `cell_cost`. Exact where the
// length is a whole number or a whole multiple of sqrt 2 (a straight step rising 1 is sqrt 2
// long); otherwise the length times the cell's cost is rounded once to the micro-unit, as a
// level's own numbers are where they enter (exact_cost.hpp), and sums stay exact from there.
ExactCost exact_length_cost(std::int64_t length_squared, double cell_cost);

// The dearest one move can cost on the level under these rules, rank points left out: the
// dearest open cell times the longest step, plus the largest extra, or the largest weight
// override. Bounds the sums (the searches' exact range check) and sets the rank unit.
double dearest_move(const Level& level, const MovementRules& rules);

// The rank points of a move with this action and rise under `ranks` (see above; 0 when off).
std::int64_t rank_points(const ActionRanks& ranks, MoveAction action, int rise);

// A cost with action ranks on, split back: its rank points and its distance.
struct RankedCost {
  std::int64_t points = 0;
  ExactCost distance;
};

class MovePolicy {
 public:
  // The policy reads the level's rules; `rules` overrides them (the CLI's --neighbours, say).
  // With action ranks on it measures the level once (the rank unit: O(cells)).
  explicit MovePolicy(const Level& level) : MovePolicy(level, level.rules()) {}
  MovePolicy(const Level& level, const MovementRules& rules);

  const Level& level() const { return *level_; }
  const MovementRules& rules() const { return rules_; }

  // The move from `from` (in bounds) in direction d, possible or with the reason it is not.
  Move move(Cell from, Dir d) const;

  // Calls fn(const Move&) for each direction the neighbour mode considers (4 or 8; the six
  // hex directions on hexes), in the order of kAllDirs, including impossible moves so listeners
  // can say why they were skipped; then for each possible jump across (straight directions in
  // the order of kAllDirs, shorter first).
  template <class Fn>
  void for_each_move(Cell from, Fn&& fn) const {
    for (Dir d : level_->directions()) {
      if (four_ && is_diagonal(d)) continue;
      fn(move(from, d));
    }
    if (rules_.jump.gap > 0) for_each_jump_across(from, false, fn);
  }

  // The moves that enter `to`, for searches that run backward: each is reported with `to` set to
  // the cell it leaves and `dir` the direction from `to` towards that cell; block and cost are
  // those of the move into `to` (Wall or Agent when the cell it leaves is solid). Same order as
  // for_each_move: the 4 or 8 one-cell moves, impossible ones included, then the possible jumps
  // across that land on `to`.
  template <class Fn>
  void for_each_move_into(Cell to, Fn&& fn) const {
    for (Dir d : level_->directions()) {
      if (four_ && is_diagonal(d)) continue;
      const Cell from = level_->neighbour(to, d);
      Move m{from, d, MoveBlock::OutOfBounds, 0.0, MoveAction::Walk, {}};
      if (level_->in_bounds(from)) {
        const Move in = move(from, opposite(d));
        m.block = in.block != MoveBlock::None ? in.block
                  : level_->wall(from)        ? MoveBlock::Wall
                  : level_->solid(from)       ? MoveBlock::Agent
                                              : in.block;
        m.cost = in.cost;
        m.exact = in.exact;
        m.action = in.action;
      }
      fn(m);
    }
    if (rules_.jump.gap > 0) for_each_jump_across(to, true, fn);
  }

  // The possible move from a to b, a one-cell move or a jump across; nullopt when there is none.
  std::optional<Move> move_between(Cell a, Cell b) const;

  // The least cost per unit of distance any move can have on this level: min over open cells of
  // cost, and over weight overrides of weight / step length (its 3D length with "3d" steps).
  // Heuristics are scaled by it, so that h never overestimates even on levels with costs below 1.
  double min_cost_per_distance() const;

  // Action ranks (rules.ranks): the rank unit U in micro-units (0 when ranks are off), and a
  // path's cost split into its points and its distance (all distance when off).
  std::int64_t rank_units() const { return rank_units_; }
  RankedCost split_ranked(ExactCost cost) const;

 private:
  double override_length(std::uint32_t from, Dir d) const;
  // The action of a one-cell rise r, or the block when no action allows it.
  MoveBlock classify(int rise, MoveAction& action) const;
  // True when a jump across may land with this rise (a walk, climb or drop).
  bool landing_rise_ok(int rise) const {
    return (rules_.max_climb == kUnlimited || rise <= rules_.max_climb) &&
           (rules_.max_drop == kUnlimited || -rise <= rules_.max_drop);
  }
  // The possible jumps across from `a` (into = false) or onto `a` (into = true), reported as in
  // for_each_move and for_each_move_into. The gap test is symmetric in the two ends; the landing
  // rise is that of the jump's own direction.
  template <class Fn>
  void for_each_jump_across(Cell a, bool into, Fn&& fn) const {
    const Level& lv = *level_;
    if (lv.solid(a)) return;  // searches never stand in a wall; nothing jumps into one
    const int ha = lv.height_at(a);
    for (Dir d : lv.directions()) {
      if (lv.is_diagonal_step(d)) continue;
      int highest = 0;  // of the gap cells so far
      Cell g = a;
      for (int k = 1; k <= rules_.jump.gap; ++k) {
        g = lv.neighbour(g, d);  // (on hexes a straight line of hexes too)
        if (!lv.open(g) || lv.height_at(g) >= ha) break;  // no gap cell: no longer jump either
        highest = k == 1 ? lv.height_at(g) : std::max(highest, lv.height_at(g));
        const Cell b = lv.neighbour(g, d);
        if (!lv.open(b) || lv.height_at(b) <= highest) continue;
        const int rise = into ? ha - lv.height_at(b) : lv.height_at(b) - ha;
        if (!landing_rise_ok(rise)) continue;
        // The flight, centre to centre and widened by the agent radius, clears every shape.
        if (!lv.shapes().empty() && lv.shape_touched(a.x + 0.5, a.y + 0.5, b.x + 0.5, b.y + 0.5,
                                                     rules_.agent_radius))
          continue;
        const Cell landing = into ? a : b;
        const ExactCost across = ExactCost::straight(rules_.jump.across_cost);
        const ExactCost cost =
            rules_.step_length == StepLength::Height && rise != 0
                ? exact_length_cost(std::int64_t{k + 1} * (k + 1) + std::int64_t{rise} * rise,
                                    lv.cost(landing)) + across
                : exact_move_cost(false, k + 1, lv.cost(landing), across);
        const ExactCost total = cost + ranked(MoveAction::JumpAcross, rise);
        fn(Move{b, d, MoveBlock::None, total.value(), MoveAction::JumpAcross, total});
      }
    }
  }

  // A move's rank points as a cost (zero when ranks are off).
  ExactCost ranked(MoveAction action, int rise) const {
    return {rank_units_ * rank_points(rules_.ranks, action, rise), 0};
  }

  const Level* level_;
  MovementRules rules_;
  bool four_ = false;  // 4 neighbours on a square level (hexes have their six whatever the rules say)
  std::int64_t rank_units_ = 0;
};

// The action of each step of `path` (path.size() - 1 of them); empty when some step is no
// possible move.
std::vector<MoveAction> path_actions(const MovePolicy& policy, const std::vector<Cell>& path);

// With action ranks on, the rank points and the distance of `path` (its moves' exact costs
// summed, then split_ranked); nullopt when ranks are off, the path is empty or some step is no
// possible move.
std::optional<RankedCost> ranked_path_cost(const MovePolicy& policy, const std::vector<Cell>& path);

// Empty when every sum of moves under `policy` stays exact (exact_cost.hpp): the dearest move,
// rank points included, times the level's cell count (the most steps a cheapest way takes)
// within fits_exact_sums. Else why not, for the searches and flow fields to prefix: "a move may
// cost 5e+08 and a path take 16,384 steps (their product must stay below 2,000,000,000,000)".
std::string exact_sums_problem(const MovePolicy& policy);

}  // namespace astar
