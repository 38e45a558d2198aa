// The level model: a grid of cells with layers, directional edge overrides, start, goal and the
// movement rules stored with the level. Plain data plus checked accessors; no drawing, no files.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "astar/exercise_spec.hpp"
#include "astar/grid.hpp"
#include "astar/hex_coords.hpp"
#include "astar/shapes.hpp"

namespace astar {

// Largest level accepted anywhere (editor, files, CLI). Checked before any allocation.
inline constexpr int kMaxSide = 8192;                          // cells per side
inline constexpr std::int64_t kMaxCells = 4096LL * 4096LL;     // width * height
inline constexpr int kMaxAbsHeight = 1'000'000;                // heights are within +-this

// How cells touch. Square cells have 4 or 8 neighbours (MovementRules::neighbours). Hexagons
// have six, and are stored in offset columns and rows (hex_coords.hpp) with the level's
// HexStagger saying which rows (pointy-top) or columns (flat-top) are pushed half a hex over,
// as Tiled's staggerindex does. On hexes every step is straight: length 1, no diagonal rules.
enum class Topology : std::uint8_t { Square, HexPointyTop, HexFlatTop, _Max };
std::string_view to_string(Topology t);  // "square", "hex-pointy-top", "hex-flat-top"
std::optional<Topology> parse_topology(std::string_view name);
std::string_view to_string(HexStagger s);  // "odd", "even"
std::optional<HexStagger> parse_hex_stagger(std::string_view name);
// Whether a level of topology t has direction d: every direction on squares, the six of
// hex_dirs on hexes (Level::has_direction asks it of the level's own).
constexpr bool topology_has_direction(Topology t, Dir d) {
  switch (t) {
    case Topology::HexPointyTop: return is_hex_dir(HexOrientation::PointyTop, d);
    case Topology::HexFlatTop: return is_hex_dir(HexOrientation::FlatTop, d);
    case Topology::Square:
    case Topology::_Max: break;
  }
  return true;
}

enum class Neighbours : std::uint8_t { Four, Eight, _Max };

// When may a diagonal step be taken? "Open" means inside the level and not a wall.
enum class DiagonalPolicy : std::uint8_t {
  Always,            // regardless of the two side cells
  AtLeastOneSideOpen,  // one of the two side cells is open
  NoCornerCutting,   // both side cells are open (MovingAI's rule)
  Never,             // no diagonal steps, even with 8 neighbours
  _Max
};

// How long a step is. Flat: its length on the grid (1 straight, sqrt 2 diagonal, k + 1 for a
// jump across k cells). Height ("3d"): its length in 3D, one height level as tall as a cell is
// wide, as Godot's AStar3D measures the distance between two points: sqrt(d^2 + rise^2) for a
// step of grid length d. So a 3-level drop costs more than a walk (moves.hpp has the formula).
enum class StepLength : std::uint8_t { Flat, Height, _Max };

inline constexpr int kUnlimited = -1;
// Largest max_climb and max_drop other than kUnlimited (level files, the CLI, the studio): the
// largest height step there can be between two cells.
inline constexpr int kMaxHeightStep = 2 * kMaxAbsHeight;

// Terrain jumps (moves.hpp says exactly which moves they allow). A limit of 0 turns that jump off;
// each cost is added to the walking cost of the jump, like climb_cost.
struct JumpRules {
  int up = 0;    // most levels a jump up rises (a one-cell rise above max_climb)
  int down = 0;  // most levels a jump down falls (a one-cell fall beyond max_drop)
  int gap = 0;   // most cells a straight jump across may clear
  double up_cost = 0.0;      // added to a jump up
  double down_cost = 0.0;    // added to a jump down
  double across_cost = 0.0;  // added to a jump across a gap
  static constexpr int kMaxHeight = 1000;  // largest up and down accepted (files, studio)
  static constexpr int kMaxGap = 64;       // largest gap accepted
  bool enabled() const { return up > 0 || down > 0 || gap > 0; }
  friend bool operator==(const JumpRules&, const JumpRules&) = default;
};

// Action ranks: preferences between actions as rules, not as costs. When on, each move also
// scores rank points, and a path with fewer points is preferred however long it is: a path's
// cost is its points times the level's rank unit (a power of ten larger than any path's
// distance, moves.hpp) plus its distance, so costs compare points first, then distance. The
// defaults make a walk beat any climb or drop, a jump across a ditch beat dropping in and
// climbing out (1 < 1 + 1 a level), and a ramp beat a jump up (1 < 4 a level): a jump is
// taken only when no path without one does better.
struct ActionRanks {
  bool on = false;
  int climb = 1;   // per level climbed
  int drop = 1;    // per level dropped
  int across = 1;  // per jump across
  int up = 4;      // per level a jump up rises
  int down = 4;    // per level a jump down falls
  static constexpr int kMax = 1000;  // largest points per level or jump (files, the CLI)
  friend bool operator==(const ActionRanks&, const ActionRanks&) = default;
};

struct MovementRules {
  Neighbours neighbours = Neighbours::Eight;
  DiagonalPolicy diagonal = DiagonalPolicy::NoCornerCutting;
  int max_climb = kUnlimited;  // most height levels one move may go up; kUnlimited = any
  int max_drop = kUnlimited;   // most height levels one move may go down; kUnlimited = any
  double climb_cost = 0.0;     // added cost per height level climbed
  double drop_cost = 0.0;      // added cost per drop (any depth within max_drop); 0: drops are free
  JumpRules jump{};              // all off by default
  double agent_radius = 0.0;   // moves keep this far from collision shapes (cell units, >= 0)
  StepLength step_length = StepLength::Flat;  // how a step's length is measured
  ActionRanks ranks{};                        // off by default
  friend bool operator==(const MovementRules&, const MovementRules&) = default;
};

// `rules` with each value brought within what level files accept, so that it saves and reads
// back: neighbours and diagonal outside their enums to the defaults; max_climb and max_drop to
// kUnlimited or 0..kMaxHeightStep (any other negative to 0); costs to numbers >= 0 (NaN to 0,
// infinity to the largest finite double); jumps to 0..JumpRules::kMaxHeight (kMaxGap); the agent
// radius to 0..kMaxShapeCoord (NaN to 0); the step length outside its enum to flat; rank points
// to 0..ActionRanks::kMax. Rules a file gave come back unchanged.
MovementRules within_file_limits(MovementRules rules);

// A directional override on the move leaving a cell in one direction.
struct EdgeOverride {
  bool blocked = false;  // the move is impossible (a one-way link is a blocked reverse move)
  double weight = 1.0;   // when not blocked: the whole cost of the move, replacing the formula
  friend bool operator==(const EdgeOverride&, const EdgeOverride&) = default;
};

// A named cost for the Costs layer's palette (road 1, grass 2, forest 5, swamp 10), saved with
// the level and edited in the studio. The colour is how the studio tints cells of that cost.
struct Terrain {
  std::string name;
  double cost = 1.0;          // finite, > 0
  std::uint32_t rgb = 0x808080;  // 0xRRGGBB
  friend bool operator==(const Terrain&, const Terrain&) = default;
};
inline constexpr std::size_t kMaxTerrains = 64;
inline constexpr std::size_t kMaxTerrainName = 40;  // bytes
// road 1, grass 2, forest 5, swamp 10: the palette of a level that has none of its own.
std::vector<Terrain> default_terrains();

// A unit that moves (issue 32: flow fields, cooperative pathfinding): where it starts and where
// it goes, and, optionally, its priority (cooperative planners plan the highest first; equal or
// none: in the list's order). Units never share a start; they may share a goal (an army's: one
// flow field serves them all; cooperative planners, where a unit occupies its goal once there,
// refuse that by name). Starts and goals are open cells. The
// agents layer stays for units that never move.
struct Unit {
  Cell start;
  Cell goal;
  std::optional<int> priority;  // 0..kMaxUnitPriority
  friend bool operator==(const Unit&, const Unit&) = default;
};
inline constexpr std::size_t kMaxUnits = 10000;
// How a level's units are planned, for lessons (the file's "units_plan"): the planner as the
// command line names it ("flow-field", "ca-star", "whca-star"; checked when the file is read)
// and its window and horizon. The studio and `astar units` take it unless told otherwise.
struct UnitsPlanPreset {
  std::string algorithm;
  std::optional<std::uint32_t> window;   // whca-star only
  std::optional<std::uint32_t> horizon;  // ca-star and whca-star only
  friend bool operator==(const UnitsPlanPreset&, const UnitsPlanPreset&) = default;
};
inline constexpr int kMaxUnitPriority = 1000000;
// The search a level suggests, for lessons: applied when the studio opens the level, and the
// defaults of `astar run` (its options override them). Names as the command line spells them;
// level_io checks them when it reads a file. Unset fields leave the user's choice alone.
struct SearchPreset {
  std::optional<std::string> algorithm;  // "astar", "dijkstra", ...
  std::optional<std::string> heuristic;  // "octile", "manhattan", ...
  std::optional<double> weight;          // weighted A*'s w
  std::optional<std::string> tie_break;  // "larger-g", ...
  std::optional<bool> partial_path;
  std::optional<std::int64_t> max_iterations;  // a guard: stop after this many iterations
  static constexpr std::int64_t kMaxIterations = INT64_MAX / 2;  // largest guard files accept
  std::optional<bool> smooth;                  // show the string-pulled path
  std::optional<std::vector<std::uint32_t>> ignore_shapes;  // SearchOptions::ignore_shapes
  // A search trace another program wrote (imported_trace.hpp), opened over the level instead
  // of a search of ours: a path relative to the level file's folder, never absolute, no "..".
  std::optional<std::string> trace;
  // D* Lite's agent walks its path (agent_walk.hpp) instead of a search standing still;
  // `sensor`: it sees walls within that many cells (1..kMaxSide; needs walk), else all of them.
  std::optional<bool> walk;
  std::optional<std::int64_t> sensor;
  // A movement range (SearchOptions::budget, reach.hpp) instead of a path: "dijkstra" only.
  std::optional<double> budget;
  // HPA*'s clusters (SearchOptions::cluster_size, kHpaMinClusterSize..kHpaMaxClusterSize) and
  // its smoothing step (SearchOptions::hpa_smooth): "hpa-star" only.
  std::optional<std::int64_t> cluster_size;
  std::optional<bool> hpa_smooth;
  bool empty() const { return *this == SearchPreset{}; }
  friend bool operator==(const SearchPreset&, const SearchPreset&) = default;
};

std::string_view to_string(Neighbours n);
// The neighbours one cell has under mode n on a level of topology t: "4" or "8" on squares, "6"
// on hexes (which have six whatever the mode).
std::string_view neighbours_text(Topology t, Neighbours n);
std::string_view to_string(DiagonalPolicy p);
std::optional<DiagonalPolicy> parse_diagonal_policy(std::string_view name);
std::string_view to_string(StepLength s);  // "flat", "3d"
std::optional<StepLength> parse_step_length(std::string_view name);

class Level {
 public:
  Level() = default;
  // A level of width x height open cells of cost 1 and height 0; start at (0, 0), goal at the
  // opposite corner. Sizes must be within limits: check_size first, as a size outside them
  // throws std::invalid_argument.
  Level(int width, int height);

  // Empty string when width x height is acceptable, else a message naming the bad value.
  static std::string check_size(std::int64_t width, std::int64_t height);

  int width() const { return width_; }
  int height() const { return height_; }
  std::int64_t cell_count() const { return std::int64_t{width_} * height_; }
  bool in_bounds(Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_; }
  CellIndex index(Cell c) const { return CellIndex(static_cast<std::uint32_t>(c.y * width_ + c.x)); }
  Cell cell(CellIndex i) const {
    return {static_cast<int>(to_u32(i) % static_cast<std::uint32_t>(width_)),
            static_cast<int>(to_u32(i) / static_cast<std::uint32_t>(width_))};
  }

  // The topology (square by default) and, on hexes, the stagger. The cells stay where they are:
  // changing the topology only changes which of them are neighbours and how they are drawn.
  Topology topology() const { return topology_; }
  HexStagger hex_stagger() const { return hex_stagger_; }
  void set_topology(Topology t, HexStagger stagger = HexStagger::Odd) {
    topology_ = t;
    hex_stagger_ = stagger;
  }
  bool is_hex() const { return topology_ != Topology::Square; }
  // The hex layout of a hex level; none on squares.
  std::optional<HexLayout> hex_layout() const {
    if (!is_hex()) return std::nullopt;
    return HexLayout{topology_ == Topology::HexPointyTop ? HexOrientation::PointyTop
                                                         : HexOrientation::FlatTop,
                     hex_stagger_};
  }
  // The directions a move may take: the 8 of kAllDirs on squares (the neighbour mode may use 4
  // of them), the six hex_dirs on hexes; in kAllDirs' order either way.
  std::span<const Dir> directions() const;
  // True when d is one of directions().
  bool has_direction(Dir d) const { return topology_has_direction(topology_, d); }
  // The cell next to c in direction d (one of directions()); may be outside the level.
  Cell neighbour(Cell c, Dir d) const {
    if (!is_hex()) return step(c, d);
    return hex_step(*hex_layout(), c, d);
  }
  // The direction from a to its neighbour b (adjacent as this topology has it); none otherwise.
  std::optional<Dir> direction_between(Cell a, Cell b) const;
  // Whether a move in direction d is a diagonal one: never on hexes.
  bool is_diagonal_step(Dir d) const { return !is_hex() && is_diagonal(d); }
  // A step's length on the grid in direction d: 1 on hexes, else step_length(d).
  double step_length_of(Dir d) const { return is_hex() ? 1.0 : step_length(d); }

  // Layers. Reads and writes take cells inside the level, checked in every build: a cell outside
  // throws std::out_of_range naming it and the level's bounds ("cell (5, 9) is outside the
  // level (0, 0)-(7, 7)"), instead of reading or writing past an array. Loops that have checked
  // their cells already read the flat arrays below.
  bool wall(Cell c) const { return walls_[checked(c)] != 0; }
  double cost(Cell c) const { return costs_[checked(c)]; }
  int height_at(Cell c) const { return heights_[checked(c)]; }
  void set_wall(Cell c, bool w) {
    const std::uint32_t i = checked(c);
    walls_[i] = w ? 1 : 0;
    update_solid(i);
  }
  void set_cost(Cell c, double cost) { costs_[checked(c)] = static_cast<float>(cost); }
  void set_height(Cell c, int h) { heights_[checked(c)] = h; }
  // Agents: other units standing on cells. While agents_block() (the default) they block their
  // cells like walls; toggling it moves or frees every agent at once ("as a group").
  bool agent(Cell c) const { return agents_[checked(c)] != 0; }
  void set_agent(Cell c, bool a) {
    const std::uint32_t i = checked(c);
    agents_[i] = a ? 1 : 0;
    update_solid(i);
  }
  bool agents_block() const { return agents_block_; }
  void set_agents_block(bool on);
  // True when nothing may enter the cell: a wall, or an agent while agents block.
  bool solid(Cell c) const { return solid_[checked(c)] != 0; }
  // True when the cell is inside the level and nothing blocks it (see solid).
  bool open(Cell c) const { return in_bounds(c) && !solid(c); }

  // Flat row-major layer arrays (index y * width + x), for drawing and fast loops.
  const std::vector<std::uint8_t>& walls() const { return walls_; }
  const std::vector<float>& costs() const { return costs_; }
  const std::vector<std::int32_t>& heights() const { return heights_; }
  const std::vector<std::uint8_t>& agents() const { return agents_; }
  // Per cell 1 when solid (walls, and agents while they block): what searches test.
  const std::vector<std::uint8_t>& solid_mask() const { return solid_; }

  // Directional edge overrides, keyed by (from cell, direction). edge() of a cell outside the
  // level is none; setting or clearing one there throws, as for the layers.
  std::optional<EdgeOverride> edge(Cell from, Dir d) const;
  void set_edge(Cell from, Dir d, EdgeOverride e);
  void clear_edge(Cell from, Dir d);
  // True when any direction of this cell has an override (a fast filter for the search).
  bool has_edges(Cell from) const { return edge_mask_[checked(from)] != 0; }
  using EdgeKey = std::pair<std::uint32_t, Dir>;  // (cell index, direction)
  const std::map<EdgeKey, EdgeOverride>& edges() const { return edges_; }

  // Collision shapes (shapes.hpp). Every edit drops the move cache.
  const std::vector<Shape>& shapes() const { return shapes_; }
  void add_shape(const Shape& s);
  // i < shapes().size(), else std::out_of_range.
  void set_shape(std::size_t i, const Shape& s);
  void remove_shape(std::size_t i);
  void set_shapes(std::vector<Shape> shapes);
  // True when the move from `from` in direction d (both cells in bounds), its segment between the
  // cell centres widened by `radius`, touches a shape. Cached per cell and direction.
  bool shape_blocks(Cell from, Dir d, double radius) const {
    return shape_cache_.blocks(shapes_, width_, height_, from, d, radius);
  }
  // The first shape (lowest index) that the segment between two points (cell units) widened by
  // `radius` touches. a == b tests a disc.
  std::optional<std::size_t> shape_touched(double ax, double ay, double bx, double by,
                                           double radius) const {
    return shape_cache_.first_touched(shapes_, width_, height_, ax, ay, bx, by, radius);
  }
  // Empty when the centres of start and goal are clear of every shape by `radius`, else a
  // message naming the shape: "start (3, 4) is inside shapes[2] (a circle) with agent radius 0.3".
  // Shapes listed in `ignore` (indices) are left out, as a search with an ignore list does.
  std::string check_endpoints_clear_of_shapes(double radius,
                                              const std::vector<std::uint32_t>& ignore = {}) const;
  const ShapeStats& shape_stats() const { return shape_cache_.stats(); }

  Cell start() const { return start_; }
  Cell goal() const { return goal_; }
  void set_start(Cell c) { start_ = c; }
  void set_goal(Cell c) { goal_ = c; }

  MovementRules& rules() { return rules_; }
  const MovementRules& rules() const { return rules_; }

  std::string name;         // shown in the studio; free text (a lesson's title)
  std::string description;  // a lesson's explanation, shown beside the grid; may be empty
  SearchPreset preset;      // the search this level suggests (lessons)
  std::vector<Terrain> terrains;  // the Costs palette; empty: default_terrains()
  std::vector<Unit> units;        // the units that move (issue 32); check_units says if usable
  std::optional<UnitsPlanPreset> units_plan;  // how a lesson plans its units
  // The exercise this level was made for (exercise.hpp): the studio opens it as one.
  std::optional<ExerciseSpec> exercise;

  // Empty when every unit is usable, else the first problem, naming the unit by its index:
  // "units[2].goal (3, 4) is inside a wall", "units[3].start (1, 1) is units[0].start too",
  // "units[1].priority must be 0..1000000, got -1", "units: at most 10000, got 10001".
  std::string check_units() const;
  // Whether c is a unit's start or goal (a wall or blocking agent may not cover it).
  bool unit_endpoint(Cell c) const;

  // Empty when start and goal are usable (in bounds, not walls), else a message.
  std::string check_endpoints() const;
  // Empty when `c` could be an endpoint, else a message starting with `what` and the cell:
  // "start (9, 2) is outside the level (0, 0)-(7, 7)", "goal (3, 4) is inside a wall",
  // "... is on an agent (agents block)". check_endpoints asks it for the start, then the goal.
  std::string check_endpoint(std::string_view what, Cell c) const;

  friend bool operator==(const Level&, const Level&) = default;

 private:
  // The array index of an in-bounds cell; throws for any other.
  std::uint32_t checked(Cell c) const {
    if (!in_bounds(c)) [[unlikely]]
      throw_outside(c);
    return to_u32(index(c));
  }
  [[noreturn]] void throw_outside(Cell c) const;
  void update_solid(std::uint32_t i) {
    solid_[i] = static_cast<std::uint8_t>(walls_[i] | (agents_block_ ? agents_[i] : 0));
  }

  int width_ = 0;
  int height_ = 0;
  Topology topology_ = Topology::Square;
  HexStagger hex_stagger_ = HexStagger::Odd;
  std::vector<std::uint8_t> walls_;
  std::vector<float> costs_;
  std::vector<std::int32_t> heights_;
  std::vector<std::uint8_t> agents_;
  std::vector<std::uint8_t> solid_;  // derived: walls_ | (agents_block_ ? agents_ : 0)
  bool agents_block_ = true;
  std::vector<std::uint8_t> edge_mask_;  // bit d set when edges_ has (cell, d)
  std::map<EdgeKey, EdgeOverride> edges_;
  Cell start_{};
  Cell goal_{};
  MovementRules rules_{};
  std::vector<Shape> shapes_;
  mutable ShapeCache shape_cache_;  // derived from shapes_; always compares equal
};

// The straight-line distance between the centres of two cells of `level`, in steps: a cell's
// width on squares, the distance between neighbouring centres on hexes.
double centre_distance(const Level& level, Cell a, Cell b);

// The level's palette, or default_terrains() when it has none.
std::vector<Terrain> terrains_of(const Level& level);

}  // namespace astar
