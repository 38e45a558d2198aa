// Editing a level: the layers tools paint, the operations (brush, line, rectangle, flood fill,
// heights, edge overrides, shapes, agents, selection, resize, topology, whole-level replace) and
// an undo history whose steps keep only what changed. The studio's tools call these; the tests
// drive them with long random sequences and compare every undo and redo with the level it
// restores.
//
// Every operation goes through Editor so that it is recorded. Between begin() and end() all
// operations form one undo step (a mouse stroke, a paste); outside, each operation is its own.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

// [SECTION] Layers and values

// The layers of a level, as the studio's layer panel lists them. The first four hold one number
// per cell (walls and agents 0 or 1, costs > 0, heights whole numbers); edges and shapes are
// edited with their own operations.
enum class Layer : std::uint8_t { Walls, Costs, Heights, Agents, Edges, Shapes, _Max };
inline constexpr int kLayerCount = static_cast<int>(Layer::_Max);
std::string_view to_string(Layer l);  // "walls", "costs", ...
constexpr bool is_cell_layer(Layer l) { return l <= Layer::Agents; }

inline constexpr double kMaxCost = 1.0e6;        // the largest cost a brush paints

// The value of a cell layer at c (in bounds).
double cell_value(const Level& level, Layer layer, Cell c);
// Empty when v may be stored in the cell layer, else why not, naming the value and the range:
// "cost must be a finite number in 0.001..1000000, got nan".
std::string check_cell_value(Layer layer, double v);
// The value a cell layer holds where nothing was painted: no wall, cost 1, height 0, no agent.
double blank_value(Layer layer);

// [SECTION] Shapes of operations

// A rectangle of cells by two corners, both included, in any order.
struct CellRect {
  Cell a, b;
  int x0() const { return a.x < b.x ? a.x : b.x; }
  int y0() const { return a.y < b.y ? a.y : b.y; }
  int x1() const { return a.x < b.x ? b.x : a.x; }
  int y1() const { return a.y < b.y ? b.y : a.y; }
  int width() const { return x1() - x0() + 1; }
  int height() const { return y1() - y0() + 1; }
  bool contains(Cell c) const { return c.x >= x0() && c.x <= x1() && c.y >= y0() && c.y <= y1(); }
};

// The cells a brush of `size` (1..kMaxBrush) covers around `centre`: a square for sizes 1 and 2,
// a disc of that diameter above. Cells outside the level are included; operations clip them.
inline constexpr int kMaxBrush = 64;
std::vector<Cell> brush_cells(Cell centre, int size);
// The cells a brush of `size` covers on this level: brush_cells(centre, size) on squares; on
// hexes the hexes less than `size` steps from the centre (hex_distance: size 1 is the centre
// hex, 2 adds its six neighbours, n covers 3n(n - 1) + 1 hexes). Cells outside are included.
std::vector<Cell> brush_cells(const Level& level, Cell centre, int size);
// The cells a line tool or a brush stroke passes from a to b, a first and b last, each a
// neighbour of the one before: for_each_cell_on_line's cells on squares, hex_line's on hexes.
std::vector<Cell> line_cells(const Level& level, Cell a, Cell b);

// What giving a level topology t would drop: its collision shapes and the agent radius that
// keeps moves off them when t is a hex topology (hex levels take no shapes), and the edge
// overrides going a direction t lacks (N and S on pointy-top hexes, E and W on flat-top). The
// studio asks before dropping them (Editor::set_topology).
struct TopologyLoss {
  std::size_t shapes = 0;
  std::size_t edges = 0;
  bool agent_radius = false;  // a radius other than 0 goes back to 0
  bool empty() const { return shapes == 0 && edges == 0 && !agent_radius; }
};
TopologyLoss topology_loss(const Level& level, Topology t);

// How the Heights brush changes the cells under it.
enum class HeightMode : std::uint8_t {
  Set,     // to the brush value
  Raise,   // up by the brush value
  Lower,   // down by the brush value
  Smooth,  // to the rounded mean of the 3 x 3 cells around each (as they were before the dab)
  _Max
};
std::string_view to_string(HeightMode m);

// Where the old content sits in a resized level.
enum class Anchor : std::uint8_t {
  TopLeft, Top, TopRight, Left, Centre, Right, BottomLeft, Bottom, BottomRight, _Max
};
std::string_view to_string(Anchor a);  // "top-left", ...
std::optional<Anchor> parse_anchor(std::string_view name);

// A copied rectangle: every cell layer, and the edge overrides leaving its cells.
struct Clip {
  int width = 0, height = 0;
  std::vector<std::uint8_t> walls, agents;  // row-major, width * height
  std::vector<float> costs;
  std::vector<std::int32_t> heights;
  struct Edge {
    Cell from;  // relative to the clip's top-left cell
    Dir dir;
    EdgeOverride e;
  };
  std::vector<Edge> edges;
  bool empty() const { return width == 0 || height == 0; }
};

// The level-wide settings an edit may change as one (topology, rules, terrain palette, agents
// toggle, name).
struct LevelProps {
  Topology topology = Topology::Square;
  HexStagger stagger = HexStagger::Odd;
  MovementRules rules;
  std::vector<Terrain> terrains;
  bool agents_block = true;
  std::string name, description;
  SearchPreset preset;
  friend bool operator==(const LevelProps&, const LevelProps&) = default;
};
LevelProps props_of(const Level& level);

// [SECTION] Undo history

// One undo step: what an operation or a group of them changed, each change with its old and new
// value. Whole-level changes (resize, replace) keep both levels.
struct EditStep {
  std::string label;  // "Brush walls", "Fill costs", "Resize 40 x 30", ...
  std::uint64_t id = 0;  // unique in its editor: the state the step leads to
  std::string merge_key;  // set_props's: a later lone change with the same key joins this step
  struct CellChange {
    std::uint32_t index;
    Layer layer;
    double before, after;
  };
  struct EdgeChange {
    Level::EdgeKey key;
    std::optional<EdgeOverride> before, after;
  };
  std::vector<CellChange> cells;
  std::vector<EdgeChange> edges;
  std::optional<std::pair<std::vector<Shape>, std::vector<Shape>>> shapes;
  std::optional<std::pair<std::vector<Unit>, std::vector<Unit>>> units;
  std::optional<std::pair<Cell, Cell>> start, goal;
  // Held apart: steps that change props are rare, and two LevelProps inline would make every
  // one-cell step about a kilobyte.
  std::unique_ptr<std::pair<LevelProps, LevelProps>> props;
  std::shared_ptr<const Level> level_before, level_after;  // resize, replace
  bool empty() const {
    return cells.empty() && edges.empty() && !shapes && !units && !start && !goal && !props &&
           !level_before;
  }
  std::size_t bytes() const;  // an estimate of the memory it holds
};

// What an Editor tells its owner after each change (the studio's renderer and search).
struct EditListener {
  virtual ~EditListener() = default;
  virtual void cell_changed(Cell c) = 0;   // a cell layer or an edge of c
  virtual void level_changed() = 0;        // anything else, or too much to list
};

class Editor {
 public:
  // Edits `level` in place (it must outlive the editor). Undo keeps at most `max_steps` steps and
  // about `max_bytes` of changes, dropping the oldest first (the newest step is always kept).
  explicit Editor(Level& level, std::size_t max_steps = 10'000,
                  std::size_t max_bytes = std::size_t{512} << 20);
  Editor(const Editor&) = delete;
  Editor& operator=(const Editor&) = delete;

  const Level& level() const { return *level_; }
  void set_listener(EditListener* l) { listener_ = l; }

  // Groups: everything until end() is one step labelled `label`. Nested calls join the outer
  // group. An empty group leaves no step.
  void begin(std::string label);
  void end();
  bool in_group() const { return depth_ > 0; }

  // Cell layers. Each returns how many cells changed. Walls and blocking agents are not painted
  // over the start or the goal (those cells are skipped). Values must pass check_cell_value.
  int set_cell(Layer layer, Cell c, double v);
  int brush(Layer layer, Cell centre, int size, double v);
  int line(Layer layer, Cell a, Cell b, int size, double v);
  int rect(Layer layer, CellRect r, bool filled, double v);
  // The brush and the line cover brush_cells(level, ...) and line_cells(level, ...): squares or
  // discs and lines of squares on square levels, hexagons of hexes and hex lines on hex levels.
  // Tiled's bucket fill: the connected region of cells holding the same value as `seed` in
  // `layer` takes v, 4-connected on squares (E, S, W, N), through the six neighbours on hexes.
  // On the other layers walls bound the region (a fill inside a room stays in).
  int fill(Layer layer, Cell seed, double v);
  // Heights under a brush: set, raise, lower or smooth (values clamped to +-kMaxAbsHeight).
  // Smooth takes the mean of the 3 x 3 cells around each on squares, of the hex and its six
  // neighbours on hexes.
  int heights(Cell centre, int size, HeightMode mode, int value);

  // Edge overrides: nullopt removes it. False when nothing changed, `from` is outside, or the
  // level's topology has no direction d (N or S on pointy-top hexes, E or W on flat-top).
  bool set_edge(Cell from, Dir d, std::optional<EdgeOverride> e);

  // Collision shapes (check_shape must accept them; false otherwise, when nothing changed, and
  // for a new shape on a hex level).
  bool add_shape(const Shape& s);
  bool set_shape(std::size_t i, const Shape& s);
  bool remove_shape(std::size_t i);

  // Units that move (level.hpp's Unit): the whole list, or one added or removed, as one step
  // named by `label`. False when nothing changed, i is not a unit, or Level::check_units refuses
  // the new list (a start or goal not open, or shared).
  bool set_units(std::vector<Unit> units, const char* label = "Edit units");
  bool add_unit(const Unit& u);
  bool remove_unit(std::size_t i);

  // Start and goal: false when c is not an open cell or is the other endpoint.
  bool set_start(Cell c) { return move_endpoint(true, c); }
  bool set_goal(Cell c) { return move_endpoint(false, c); }
  // Both at once, one undo step (a swap included): false when either is not an open cell, they
  // are the same cell, or neither moves.
  bool set_endpoints(Cell start, Cell goal);

  // Rules, terrain palette, agents toggle, name: the new props as one change.
  // With a `merge_key`, a change right after another lone one with the same key joins its undo
  // step (typing a name is one step, not one per key). A new topology is refused (false) while
  // topology_loss is not empty: set_topology drops those first.
  bool set_props(const LevelProps& p, std::string_view merge_key = {});
  // The level's topology and, on hexes, its stagger, as one undo step that also drops what
  // topology_loss(level, t) counts (and the search's ignore list with the shapes). The cells
  // stay where they are: only which of them are neighbours changes, and an edge override keeps
  // its direction. False when nothing changes (a square level's stagger means nothing).
  bool set_topology(Topology t, HexStagger stagger);

  // Selection. copy() reads; erase() blanks cells and removes their edges; paste() writes the clip
  // with its top-left cell at `at` (clipped to the level); move() is erase + paste as one step.
  Clip copy(CellRect r) const;
  int erase(CellRect r);
  int paste(const Clip& clip, Cell at);
  int move(CellRect r, Cell to);

  // Resize with the old content placed by `anchor`; new cells are blank. Start and goal are
  // clamped into the level (and, if they land on a wall, moved to the nearest open cell); shapes
  // move with the content. Errors name the bad size.
  Status resize(int width, int height, Anchor anchor);
  // Replace the whole level (a generator, an import into the open level).
  void replace(Level level, std::string label);

  // History.
  bool can_undo() const { return !undo_.empty() && depth_ == 0; }
  bool can_redo() const { return !redo_.empty() && depth_ == 0; }
  const std::string& undo_label() const;  // empty when nothing to undo
  const std::string& redo_label() const;
  bool undo();
  bool redo();
  std::size_t undo_count() const { return undo_.size(); }
  std::size_t redo_count() const { return redo_.size(); }
  std::size_t history_bytes() const { return bytes_; }
  void clear_history();
  // Bumped by every change, undo and redo (caches compare it).
  std::uint64_t version() const { return version_; }
  // Names the level's state in the history: equal after undoing back to a state and redoing to
  // it, different after any other change. The studio keeps the saved state's (dirty flag).
  std::uint64_t state_id() const { return undo_.empty() ? base_id_ : undo_.back().id; }

 private:
  struct AutoGroup;
  bool move_endpoint(bool start, Cell c);
  void record_endpoint(bool start, Cell c);
  void change_shapes(const char* label, const std::function<void(Level&)>& change);
  bool write_cell(Layer layer, std::uint32_t i, double v);
  void write_edge(Level::EdgeKey key, std::optional<EdgeOverride> e);
  static void apply_to(Level& level, const EditStep& s, bool forward);
  void apply(const EditStep& s, bool forward);
  void push(EditStep s);
  void notify_cell(std::uint32_t i);
  void notify_level();

  Level* level_;
  EditListener* listener_ = nullptr;
  std::size_t max_steps_, max_bytes_;
  int depth_ = 0;
  EditStep open_;  // the step being recorded
  std::deque<EditStep> undo_, redo_;
  std::size_t bytes_ = 0;
  std::uint64_t version_ = 0;
  std::uint64_t next_id_ = 1;
  std::uint64_t base_id_ = 0;  // the state before the oldest step kept
};

}  // namespace astar
