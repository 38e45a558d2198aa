#include "astar/edit.hpp"
#include "astar/enum_names.hpp"

#include "astar/format.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>
#include <utility>


namespace astar {

namespace {
constexpr std::string_view kLayerNames[] = {"walls", "costs", "heights", "agents", "edges", "shapes"};
static_assert(std::size(kLayerNames) == static_cast<std::size_t>(Layer::_Max));
constexpr std::string_view kHeightModeNames[] = {"set", "raise", "lower", "smooth"};
static_assert(std::size(kHeightModeNames) == static_cast<std::size_t>(HeightMode::_Max));
constexpr std::string_view kAnchorNames[] = {"top-left",    "top",    "top-right",
                                             "left",        "centre", "right",
                                             "bottom-left", "bottom", "bottom-right"};
static_assert(std::size(kAnchorNames) == static_cast<std::size_t>(Anchor::_Max));
constexpr double kMinCost = 0.001;
}  // namespace

std::string_view to_string(Layer l) { return kLayerNames[static_cast<int>(l)]; }
std::string_view to_string(HeightMode m) { return kHeightModeNames[static_cast<int>(m)]; }
std::string_view to_string(Anchor a) { return kAnchorNames[static_cast<int>(a)]; }
std::optional<Anchor> parse_anchor(std::string_view name) {
  return parse_enum_name<Anchor>(kAnchorNames, name);
}

double cell_value(const Level& level, Layer layer, Cell c) {
  switch (layer) {
    case Layer::Walls: return level.wall(c) ? 1.0 : 0.0;
    case Layer::Costs: return level.cost(c);
    case Layer::Heights: return level.height_at(c);
    case Layer::Agents: return level.agent(c) ? 1.0 : 0.0;
    case Layer::Edges:
    case Layer::Shapes:
    case Layer::_Max:
      break;  // not cell layers
  }
  return 0.0;
}

double blank_value(Layer layer) { return layer == Layer::Costs ? 1.0 : 0.0; }

std::string check_cell_value(Layer layer, double v) {
  switch (layer) {
    case Layer::Walls:
    case Layer::Agents:
      return v == 0.0 || v == 1.0
                 ? std::string()
                 : std::string(to_string(layer)) + " value must be 0 or 1, got " + number_text(v);
    case Layer::Costs:
      return std::isfinite(v) && v >= kMinCost && v <= kMaxCost
                 ? std::string()
                 : "cost must be a finite number in " + number_text(kMinCost) + ".." +
                       number_text(kMaxCost) + ", got " + number_text(v);
    case Layer::Heights:
      return std::isfinite(v) && v == std::floor(v) && std::abs(v) <= kMaxAbsHeight
                 ? std::string()
                 : "height must be a whole number in " + std::to_string(-kMaxAbsHeight) + ".." +
                       std::to_string(kMaxAbsHeight) + ", got " + number_text(v);
    case Layer::Edges:
    case Layer::Shapes:
    case Layer::_Max:
      break;
  }
  return std::string(to_string(layer)) + " is not a cell layer";
}

LevelProps props_of(const Level& level) {
  return {level.topology(), level.hex_stagger(), level.rules(), level.terrains,
          level.agents_block(), level.name, level.description, level.preset};
}

std::size_t EditStep::bytes() const {
  std::size_t n = sizeof(EditStep) + label.size() + cells.size() * sizeof(CellChange) +
                  edges.size() * sizeof(EdgeChange);
  if (shapes) n += (shapes->first.size() + shapes->second.size()) * sizeof(Shape);
  if (units) n += (units->first.size() + units->second.size()) * sizeof(Unit);
  if (props) n += sizeof(*props) + 2 * (props->first.description.size() + props->first.name.size());
  auto level_bytes = [](const Level* lv) -> std::size_t {
    return lv ? static_cast<std::size_t>(lv->cell_count()) * 12 + lv->edges().size() * 64 : 0;
  };
  return n + level_bytes(level_before.get()) + level_bytes(level_after.get());
}

// [SECTION] Editor

// Makes a lone operation its own step: begin() when no group is open, end() on leaving.
struct Editor::AutoGroup {
  Editor& ed;
  AutoGroup(Editor& e, std::string label) : ed(e) { ed.begin(std::move(label)); }
  ~AutoGroup() { ed.end(); }
};

Editor::Editor(Level& level, std::size_t max_steps, std::size_t max_bytes)
    : level_(&level), max_steps_(std::max<std::size_t>(max_steps, 1)), max_bytes_(max_bytes) {}

void Editor::begin(std::string label) {
  if (depth_++ == 0) {
    open_ = EditStep{};
    open_.label = std::move(label);
  }
}

void Editor::end() {
  assert(depth_ > 0);
  if (depth_ == 0 || --depth_ > 0) return;
  if (open_.level_before) {
    // A group with a whole-level change: the two levels hold everything it did.
    open_.level_after = std::make_shared<const Level>(*level_);
    open_.cells.clear();
    open_.edges.clear();
    open_.shapes.reset();
    open_.units.reset();
    open_.start.reset();
    open_.goal.reset();
    open_.props.reset();
  }
  if (!open_.empty()) push(std::move(open_));
  open_ = EditStep{};
}

void Editor::push(EditStep s) {
  redo_.clear();
  s.id = next_id_++;
  bytes_ += s.bytes();
  undo_.push_back(std::move(s));
  // Recompute redo's share lazily: bytes_ counts the undo side only.
  while (undo_.size() > 1 && (undo_.size() > max_steps_ || bytes_ > max_bytes_)) {
    bytes_ -= undo_.front().bytes();
    base_id_ = undo_.front().id;
    undo_.pop_front();
  }
}

void Editor::clear_history() {
  base_id_ = next_id_++;
  undo_.clear();
  redo_.clear();
  bytes_ = 0;
}

const std::string& Editor::undo_label() const {
  static const std::string none;
  return undo_.empty() ? none : undo_.back().label;
}
const std::string& Editor::redo_label() const {
  static const std::string none;
  return redo_.empty() ? none : redo_.back().label;
}

void Editor::notify_cell(std::uint32_t i) {
  if (listener_) listener_->cell_changed(level_->cell(CellIndex(i)));
}
void Editor::notify_level() {
  if (listener_) listener_->level_changed();
}

// Writes one cell of a cell layer and records it; false when it already held v or the cell is an
// endpoint (the level's or a unit's) that a wall or blocking agent may not cover.
bool Editor::write_cell(Layer layer, std::uint32_t i, double v) {
  Level& lv = *level_;
  const Cell c = lv.cell(CellIndex(i));
  if (layer == Layer::Costs) v = static_cast<float>(v);  // what the layer can hold
  const double before = cell_value(lv, layer, c);
  if (before == v) return false;
  const bool blocks = (layer == Layer::Walls || (layer == Layer::Agents && lv.agents_block())) && v != 0;
  if (blocks && (c == lv.start() || c == lv.goal() || lv.unit_endpoint(c))) return false;
  switch (layer) {
    case Layer::Walls: lv.set_wall(c, v != 0); break;
    case Layer::Costs: lv.set_cost(c, v); break;
    case Layer::Heights: lv.set_height(c, static_cast<int>(v)); break;
    case Layer::Agents: lv.set_agent(c, v != 0); break;
    case Layer::Edges:
    case Layer::Shapes:
    case Layer::_Max:
      return false;
  }
  // The cost layer stores floats: record what was stored, so redo writes the same value.
  open_.cells.push_back({i, layer, before, cell_value(lv, layer, c)});
  ++version_;
  notify_cell(i);
  return true;
}

int Editor::set_cell(Layer layer, Cell c, double v) {
  if (!is_cell_layer(layer) || !check_cell_value(layer, v).empty() || !level_->in_bounds(c)) return 0;
  AutoGroup g(*this, "Paint " + std::string(to_string(layer)));
  return write_cell(layer, to_u32(level_->index(c)), v) ? 1 : 0;
}

int Editor::brush(Layer layer, Cell centre, int size, double v) {
  if (!is_cell_layer(layer) || !check_cell_value(layer, v).empty()) return 0;
  AutoGroup g(*this, "Brush " + std::string(to_string(layer)));
  int n = 0;
  for (Cell c : brush_cells(*level_, centre, size))
    if (level_->in_bounds(c)) n += write_cell(layer, to_u32(level_->index(c)), v);
  return n;
}

int Editor::line(Layer layer, Cell a, Cell b, int size, double v) {
  if (!is_cell_layer(layer) || !check_cell_value(layer, v).empty()) return 0;
  AutoGroup g(*this, "Line " + std::string(to_string(layer)));
  int n = 0;
  // Clamp the ends so a line dragged far outside does not walk millions of cells.
  const int m = kMaxSide + kMaxBrush;
  a = {std::clamp(a.x, -m, m), std::clamp(a.y, -m, m)};
  b = {std::clamp(b.x, -m, m), std::clamp(b.y, -m, m)};
  for (Cell c : line_cells(*level_, a, b)) n += brush(layer, c, size, v);
  return n;
}

int Editor::rect(Layer layer, CellRect r, bool filled, double v) {
  if (!is_cell_layer(layer) || !check_cell_value(layer, v).empty()) return 0;
  AutoGroup g(*this, std::string(filled ? "Rectangle " : "Outline ") + std::string(to_string(layer)));
  const int x0 = std::max(r.x0(), 0), x1 = std::min(r.x1(), level_->width() - 1);
  const int y0 = std::max(r.y0(), 0), y1 = std::min(r.y1(), level_->height() - 1);
  int n = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const bool edge = x == r.x0() || x == r.x1() || y == r.y0() || y == r.y1();
      if (filled || edge) n += write_cell(layer, to_u32(level_->index({x, y})), v);
    }
  return n;
}

int Editor::fill(Layer layer, Cell seed, double v) {
  if (!is_cell_layer(layer) || !check_cell_value(layer, v).empty() || !level_->in_bounds(seed))
    return 0;
  const Level& lv = *level_;
  const double target = cell_value(lv, layer, seed);
  if (target == v) return 0;
  AutoGroup g(*this, "Fill " + std::string(to_string(layer)));
  // Region first (writing as we go could stop at a skipped endpoint and leak around it).
  // Squares connect through their sides only (a wall's corner gap does not leak); hexes through
  // all six, which are all sides.
  static constexpr Dir kSides[] = {Dir::E, Dir::S, Dir::W, Dir::N};
  const std::span<const Dir> dirs = lv.is_hex() ? lv.directions() : std::span<const Dir>(kSides);
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(lv.cell_count()), 0);
  std::vector<Cell> stack{seed}, region;
  seen[to_u32(lv.index(seed))] = 1;
  while (!stack.empty()) {
    const Cell c = stack.back();
    stack.pop_back();
    region.push_back(c);
    for (Dir d : dirs) {
      const Cell n = lv.neighbour(c, d);
      if (!lv.in_bounds(n)) continue;
      const auto i = to_u32(lv.index(n));
      // Walls bound the regions of the other layers: a cost fill inside a room stays inside.
      if (seen[i] || cell_value(lv, layer, n) != target || (layer != Layer::Walls && lv.wall(n)))
        continue;
      seen[i] = 1;
      stack.push_back(n);
    }
  }
  int n = 0;
  for (Cell c : region) n += write_cell(layer, to_u32(lv.index(c)), v);
  return n;
}

namespace {
// The rounded mean height of c and the cells around it inside the level: the 3 x 3 block on
// squares, the hex and its six neighbours on hexes.
double mean_height_around(const Level& lv, Cell c) {
  double sum = 0;
  int count = 0;
  auto add = [&](Cell n) {
    if (!lv.in_bounds(n)) return;
    sum += lv.height_at(n);
    ++count;
  };
  add(c);
  for (Dir d : lv.directions()) add(lv.neighbour(c, d));
  return std::round(sum / count);
}
}  // namespace

int Editor::heights(Cell centre, int size, HeightMode mode, int value) {
  const Level& lv = *level_;
  AutoGroup g(*this, std::string(to_string(mode)) + " heights");
  std::vector<std::pair<std::uint32_t, double>> writes;
  for (Cell c : brush_cells(lv, centre, size)) {
    if (!lv.in_bounds(c)) continue;
    const double h = lv.height_at(c);
    double v = h;
    switch (mode) {
      case HeightMode::Set: v = value; break;
      case HeightMode::Raise: v = h + value; break;
      case HeightMode::Lower: v = h - value; break;
      case HeightMode::Smooth: v = mean_height_around(lv, c); break;
      case HeightMode::_Max: break;
    }
    v = std::clamp(v, -double{kMaxAbsHeight}, double{kMaxAbsHeight});
    writes.emplace_back(to_u32(lv.index(c)), v);
  }
  int n = 0;
  for (const auto& [i, v] : writes) n += write_cell(Layer::Heights, i, v);
  return n;
}

void Editor::write_edge(Level::EdgeKey key, std::optional<EdgeOverride> e) {
  const Cell from = level_->cell(CellIndex(key.first));
  if (e) level_->set_edge(from, key.second, *e);
  else level_->clear_edge(from, key.second);
  ++version_;
  notify_cell(key.first);
}

bool Editor::set_edge(Cell from, Dir d, std::optional<EdgeOverride> e) {
  if (!level_->in_bounds(from) || (e && !level_->has_direction(d))) return false;
  if (e && !e->blocked && !(std::isfinite(e->weight) && e->weight > 0 && e->weight <= kMaxCost))
    return false;
  if (e && e->blocked) e->weight = 1.0;  // as Level::set_edge stores it
  const auto before = level_->edge(from, d);
  if (before == e) return false;
  AutoGroup g(*this, e ? (e->blocked ? "Block move" : "Weight move") : "Clear move");
  const Level::EdgeKey key{to_u32(level_->index(from)), d};
  write_edge(key, e);
  open_.edges.push_back({key, before, e});
  return true;
}

// One change to the shape list, recorded as the list before the group's first shape edit and
// after its last.
void Editor::change_shapes(const char* label, const std::function<void(Level&)>& change) {
  AutoGroup g(*this, label);
  const auto before = level_->shapes();
  change(*level_);
  if (!open_.shapes) open_.shapes.emplace(before, level_->shapes());
  else open_.shapes->second = level_->shapes();
  ++version_;
  notify_level();
}

bool Editor::set_units(std::vector<Unit> units, const char* label) {
  if (units == level_->units) return false;
  std::swap(level_->units, units);  // `units` now holds the list before
  if (!level_->check_units().empty()) {
    std::swap(level_->units, units);
    return false;
  }
  AutoGroup g(*this, label);
  if (!open_.units) open_.units.emplace(std::move(units), level_->units);
  else open_.units->second = level_->units;
  ++version_;
  notify_level();
  return true;
}

bool Editor::add_unit(const Unit& u) {
  std::vector<Unit> units = level_->units;
  units.push_back(u);
  return set_units(std::move(units), "Add unit");
}

bool Editor::remove_unit(std::size_t i) {
  if (i >= level_->units.size()) return false;
  std::vector<Unit> units = level_->units;
  units.erase(units.begin() + static_cast<std::ptrdiff_t>(i));
  return set_units(std::move(units), "Remove unit");
}

bool Editor::add_shape(const Shape& s) {
  if (!check_shape(s).empty() || level_->shapes().size() >= kMaxShapes || level_->is_hex())
    return false;
  change_shapes("Add shape", [&](Level& lv) { lv.add_shape(s); });
  return true;
}

bool Editor::set_shape(std::size_t i, const Shape& s) {
  if (i >= level_->shapes().size() || !check_shape(s).empty() || level_->shapes()[i] == s)
    return false;
  change_shapes("Edit shape", [&](Level& lv) { lv.set_shape(i, s); });
  return true;
}

bool Editor::remove_shape(std::size_t i) {
  if (i >= level_->shapes().size()) return false;
  AutoGroup g(*this, "Remove shape");
  // The search's ignore list follows the shapes, in the same undo step: the removed shape
  // leaves it and the later ones move down one.
  LevelProps props = props_of(*level_);
  if (props.preset.ignore_shapes) {
    std::vector<std::uint32_t>& ignore = *props.preset.ignore_shapes;
    std::erase(ignore, static_cast<std::uint32_t>(i));
    for (std::uint32_t& k : ignore) k -= k > i ? 1 : 0;
  }
  change_shapes("Remove shape", [&](Level& lv) { lv.remove_shape(i); });
  set_props(props);
  return true;
}

// Moves the start (or the goal) to c, recording the move; refused on a blocked cell, on the
// other endpoint and where it already is.
bool Editor::move_endpoint(bool start, Cell c) {
  const Level& lv = *level_;
  const Cell from = start ? lv.start() : lv.goal();
  const Cell other = start ? lv.goal() : lv.start();
  if (!lv.open(c) || c == other || c == from) return false;
  AutoGroup g(*this, start ? "Move start" : "Move goal");
  record_endpoint(start, c);
  ++version_;
  notify_level();
  return true;
}

bool Editor::set_endpoints(Cell start, Cell goal) {
  const Level& lv = *level_;
  if (!lv.open(start) || !lv.open(goal) || start == goal) return false;
  if (start == lv.start() && goal == lv.goal()) return false;
  AutoGroup g(*this, "Move start and goal");
  record_endpoint(true, start);
  record_endpoint(false, goal);
  ++version_;
  notify_level();
  return true;
}

// Inside an open group: the start (or the goal) moved to c and the move recorded, unchecked.
void Editor::record_endpoint(bool start, Cell c) {
  Level& lv = *level_;
  const Cell from = start ? lv.start() : lv.goal();
  if (c == from) return;
  auto& change = start ? open_.start : open_.goal;
  if (!change) change.emplace(from, c);
  else change->second = c;
  if (start) lv.set_start(c);
  else lv.set_goal(c);
}

namespace {
void apply_props(Level& lv, const LevelProps& p) {
  lv.set_topology(p.topology, p.stagger);
  lv.rules() = p.rules;
  lv.terrains = p.terrains;
  lv.set_agents_block(p.agents_block);
  lv.name = p.name;
  lv.description = p.description;
  lv.preset = p.preset;
}
}  // namespace

bool Editor::set_props(const LevelProps& p, std::string_view merge_key) {
  Level& lv = *level_;
  const LevelProps before = props_of(lv);
  if (before == p) return false;
  if (p.topology != lv.topology()) {  // the new props' radius, the level's shapes and edges
    TopologyLoss loss = topology_loss(lv, p.topology);
    loss.agent_radius = p.topology != Topology::Square && p.rules.agent_radius != 0.0;
    if (!loss.empty()) return false;
  }
  // Agents that block may not stand on the start or goal.
  if (p.agents_block && !lv.agents_block() &&
      (lv.agent(lv.start()) || lv.agent(lv.goal())))
    return false;
  if (!merge_key.empty() && depth_ == 0 && redo_.empty() && !undo_.empty()) {
    EditStep& last = undo_.back();
    const bool props_only = last.props && last.cells.empty() && last.edges.empty() &&
                            !last.shapes && !last.start && !last.goal && !last.level_before;
    if (props_only && last.merge_key == merge_key) {
      last.props->second = p;
      last.id = next_id_++;  // a new state: the saved one (if it was this step's) is left
      apply_props(lv, p);
      ++version_;
      notify_level();
      return true;
    }
  }
  AutoGroup g(*this, "Level settings");
  if (depth_ == 1) open_.merge_key = std::string(merge_key);
  if (!open_.props) open_.props = std::make_unique<std::pair<LevelProps, LevelProps>>(before, p);
  else open_.props->second = p;
  apply_props(lv, p);
  ++version_;
  notify_level();
  return true;
}

bool Editor::set_topology(Topology t, HexStagger stagger) {
  Level& lv = *level_;
  if (t == Topology::Square) stagger = lv.hex_stagger();  // kept for a later return to hexes
  if (t == lv.topology() && stagger == lv.hex_stagger()) return false;
  std::string label = "Topology " + std::string(to_string(t));
  if (t != Topology::Square) label += ", " + std::string(to_string(stagger)) + " stagger";
  AutoGroup g(*this, label);
  std::vector<Level::EdgeKey> lost;
  for (const auto& [key, e] : lv.edges())
    if (!topology_has_direction(t, key.second)) lost.push_back(key);
  for (const Level::EdgeKey& key : lost)
    set_edge(lv.cell(CellIndex(key.first)), key.second, std::nullopt);
  LevelProps p = props_of(lv);
  p.topology = t;
  p.stagger = stagger;
  if (t != Topology::Square && !lv.shapes().empty()) {
    change_shapes(label.c_str(), [](Level& l) { l.set_shapes({}); });
    p.preset.ignore_shapes.reset();  // its shapes are gone
  }
  if (t != Topology::Square) p.rules.agent_radius = 0.0;
  return set_props(p);
}

Clip Editor::copy(CellRect r) const {
  const Level& lv = *level_;
  Clip clip;
  const int x0 = std::max(r.x0(), 0), x1 = std::min(r.x1(), lv.width() - 1);
  const int y0 = std::max(r.y0(), 0), y1 = std::min(r.y1(), lv.height() - 1);
  if (x0 > x1 || y0 > y1) return clip;
  clip.width = x1 - x0 + 1;
  clip.height = y1 - y0 + 1;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const Cell c{x, y};
      clip.walls.push_back(lv.wall(c) ? 1 : 0);
      clip.agents.push_back(lv.agent(c) ? 1 : 0);
      clip.costs.push_back(static_cast<float>(lv.cost(c)));
      clip.heights.push_back(lv.height_at(c));
      if (lv.has_edges(c))
        for (Dir d : kAllDirs)
          if (const auto e = lv.edge(c, d)) clip.edges.push_back({{x - x0, y - y0}, d, *e});
    }
  return clip;
}

int Editor::erase(CellRect r) {
  const Level& lv = *level_;
  AutoGroup g(*this, "Erase selection");
  const int x0 = std::max(r.x0(), 0), x1 = std::min(r.x1(), lv.width() - 1);
  const int y0 = std::max(r.y0(), 0), y1 = std::min(r.y1(), lv.height() - 1);
  int n = 0;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const auto i = to_u32(lv.index({x, y}));
      for (Layer l : {Layer::Walls, Layer::Costs, Layer::Heights, Layer::Agents})
        n += write_cell(l, i, blank_value(l));
      if (lv.has_edges({x, y}))
        for (Dir d : kAllDirs) n += set_edge({x, y}, d, std::nullopt);
    }
  return n;
}

int Editor::paste(const Clip& clip, Cell at) {
  const Level& lv = *level_;
  if (clip.empty()) return 0;
  AutoGroup g(*this, "Paste");
  int n = 0;
  for (int y = 0; y < clip.height; ++y)
    for (int x = 0; x < clip.width; ++x) {
      const Cell c{at.x + x, at.y + y};
      if (!lv.in_bounds(c)) continue;
      const auto i = to_u32(lv.index(c));
      const auto k = static_cast<std::size_t>(y * clip.width + x);
      n += write_cell(Layer::Costs, i, clip.costs[k]);
      n += write_cell(Layer::Heights, i, clip.heights[k]);
      n += write_cell(Layer::Walls, i, clip.walls[k]);
      n += write_cell(Layer::Agents, i, clip.agents[k]);
      if (lv.has_edges(c))
        for (Dir d : kAllDirs) n += set_edge(c, d, std::nullopt);
    }
  for (const Clip::Edge& e : clip.edges) {
    const Cell c{at.x + e.from.x, at.y + e.from.y};
    if (lv.in_bounds(c)) n += set_edge(c, e.dir, e.e);
  }
  return n;
}

int Editor::move(CellRect r, Cell to) {
  AutoGroup g(*this, "Move selection");
  const Clip clip = copy(r);
  int n = erase(r);
  n += paste(clip, to);
  return n;
}

namespace {
// The open cell nearest to c (by rings), or c when the level has none.
Cell nearest_open(const Level& lv, Cell c, Cell avoid) {
  const int far = std::max(lv.width(), lv.height());
  for (int r = 0; r <= far; ++r)
    for (int y = c.y - r; y <= c.y + r; ++y)
      for (int x = c.x - r; x <= c.x + r; ++x) {
        if (std::max(std::abs(x - c.x), std::abs(y - c.y)) != r) continue;
        const Cell n{x, y};
        if (lv.open(n) && !(n == avoid)) return n;
      }
  return c;
}
}  // namespace

Status Editor::resize(int width, int height, Anchor anchor) {
  if (std::string why = Level::check_size(width, height); !why.empty())
    return Error{"resize: " + why};
  const Level& old = *level_;
  if (width == old.width() && height == old.height()) return Ok{};
  Level lv(width, height);
  const int ai = static_cast<int>(anchor);
  const int col = ai % 3, row = ai / 3;  // 0 left/top, 1 centre, 2 right/bottom
  const int ox = col == 0 ? 0 : col == 1 ? (width - old.width()) / 2 : width - old.width();
  const int oy = row == 0 ? 0 : row == 1 ? (height - old.height()) / 2 : height - old.height();
  apply_props(lv, props_of(old));
  for (int y = 0; y < old.height(); ++y)
    for (int x = 0; x < old.width(); ++x) {
      const Cell from{x, y}, to{x + ox, y + oy};
      if (!lv.in_bounds(to)) continue;
      lv.set_wall(to, old.wall(from));
      lv.set_cost(to, old.cost(from));
      lv.set_height(to, old.height_at(from));
      lv.set_agent(to, old.agent(from));
    }
  for (const auto& [key, e] : old.edges()) {
    const Cell from = old.cell(CellIndex(key.first));
    const Cell to{from.x + ox, from.y + oy};
    if (lv.in_bounds(to)) lv.set_edge(to, key.second, e);
  }
  std::vector<Shape> shapes;
  for (const Shape& s : old.shapes()) {
    Shape moved = translated(s, ox, oy);
    if (check_shape(moved).empty()) shapes.push_back(std::move(moved));
  }
  lv.set_shapes(std::move(shapes));
  auto clamp_cell = [&](Cell c) {
    return Cell{std::clamp(c.x + ox, 0, width - 1), std::clamp(c.y + oy, 0, height - 1)};
  };
  Cell start = clamp_cell(old.start()), goal = clamp_cell(old.goal());
  if (!lv.open(start)) start = nearest_open(lv, start, goal);
  if (!lv.open(goal) || goal == start) goal = nearest_open(lv, goal, start);
  // No open cell to move to: clear the endpoint's cell rather than leave it in a wall.
  for (Cell c : {start, goal})
    if (!lv.open(c)) {
      lv.set_wall(c, false);
      lv.set_agent(c, false);
    }
  lv.set_start(start);
  lv.set_goal(goal);
  // Units move with the content; those whose start or goal leaves the level or lands on a wall
  // are dropped.
  lv.units.clear();
  for (Unit u : old.units) {
    u.start = {u.start.x + ox, u.start.y + oy};
    u.goal = {u.goal.x + ox, u.goal.y + oy};
    if (lv.in_bounds(u.start) && lv.in_bounds(u.goal) && lv.open(u.start) && lv.open(u.goal))
      lv.units.push_back(u);
  }
  replace(std::move(lv), "Resize to " + std::to_string(width) + " x " + std::to_string(height));
  return Ok{};
}

void Editor::replace(Level level, std::string label) {
  AutoGroup g(*this, std::move(label));
  if (!open_.level_before) {
    // The level as it was when the group began: undo what the group did so far on a copy.
    auto before = std::make_shared<Level>(*level_);
    apply_to(*before, open_, false);
    open_.level_before = std::move(before);
  }
  *level_ = std::move(level);
  ++version_;
  notify_level();
}

// [SECTION] Undo and redo

void Editor::apply_to(Level& lv, const EditStep& s, bool forward) {
  if (s.level_before) {
    // A whole-level step (its other changes are inside the two levels; see end()).
    const auto& l = forward ? s.level_after : s.level_before;
    if (l) lv = *l;
    return;
  }
  auto write = [&](const EditStep::CellChange& c, double v) {
    const Cell cell = lv.cell(CellIndex(c.index));
    switch (c.layer) {
      case Layer::Walls: lv.set_wall(cell, v != 0); break;
      case Layer::Costs: lv.set_cost(cell, v); break;
      case Layer::Heights: lv.set_height(cell, static_cast<int>(v)); break;
      case Layer::Agents: lv.set_agent(cell, v != 0); break;
      case Layer::Edges:
      case Layer::Shapes:
      case Layer::_Max: break;
    }
  };
  if (forward) {
    if (s.props) apply_props(lv, s.props->second);
    for (const auto& c : s.cells) write(c, c.after);
    for (const auto& e : s.edges) {
      const Cell from = lv.cell(CellIndex(e.key.first));
      if (e.after) lv.set_edge(from, e.key.second, *e.after);
      else lv.clear_edge(from, e.key.second);
    }
    if (s.shapes) lv.set_shapes(s.shapes->second);
    if (s.units) lv.units = s.units->second;
    if (s.start) lv.set_start(s.start->second);
    if (s.goal) lv.set_goal(s.goal->second);
  } else {
    if (s.goal) lv.set_goal(s.goal->first);
    if (s.start) lv.set_start(s.start->first);
    if (s.units) lv.units = s.units->first;
    if (s.shapes) lv.set_shapes(s.shapes->first);
    for (auto e = s.edges.rbegin(); e != s.edges.rend(); ++e) {
      const Cell from = lv.cell(CellIndex(e->key.first));
      if (e->before) lv.set_edge(from, e->key.second, *e->before);
      else lv.clear_edge(from, e->key.second);
    }
    for (auto c = s.cells.rbegin(); c != s.cells.rend(); ++c) write(*c, c->before);
    if (s.props) apply_props(lv, s.props->first);
  }
}

void Editor::apply(const EditStep& s, bool forward) {
  apply_to(*level_, s, forward);
  ++version_;
  if (s.level_before) {
    notify_level();
    return;
  }
  const std::size_t touched = s.cells.size() + s.edges.size();
  if (s.props || s.shapes || s.units || s.start || s.goal || touched > 4096) {
    notify_level();
  } else {
    for (const auto& c : s.cells) notify_cell(c.index);
    for (const auto& e : s.edges) notify_cell(e.key.first);
  }
}

bool Editor::undo() {
  if (!can_undo()) return false;
  EditStep s = std::move(undo_.back());
  undo_.pop_back();
  bytes_ -= std::min(bytes_, s.bytes());
  apply(s, false);
  redo_.push_back(std::move(s));
  return true;
}

bool Editor::redo() {
  if (!can_redo()) return false;
  EditStep s = std::move(redo_.back());
  redo_.pop_back();
  apply(s, true);
  bytes_ += s.bytes();
  undo_.push_back(std::move(s));
  return true;
}

}  // namespace astar
