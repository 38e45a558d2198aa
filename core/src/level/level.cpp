#include "astar/level.hpp"
#include "astar/enum_names.hpp"
#include "astar/format.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

namespace astar {

std::string_view to_string(Neighbours n) { return n == Neighbours::Four ? "4" : "8"; }
std::string_view neighbours_text(Topology t, Neighbours n) {
  return t == Topology::Square ? to_string(n) : "6";
}

namespace {
constexpr std::string_view kDiagonalNames[] = {"always", "one-side-open", "no-corner-cutting",
                                               "never"};
}

std::string_view to_string(DiagonalPolicy p) { return kDiagonalNames[static_cast<int>(p)]; }

std::optional<DiagonalPolicy> parse_diagonal_policy(std::string_view name) {
  return parse_enum_name<DiagonalPolicy>(kDiagonalNames, name);
}

namespace {
constexpr std::string_view kStepLengthNames[] = {"flat", "3d"};
}

std::string_view to_string(StepLength s) { return kStepLengthNames[static_cast<int>(s)]; }

std::optional<StepLength> parse_step_length(std::string_view name) {
  return parse_enum_name<StepLength>(kStepLengthNames, name);
}

namespace {
constexpr std::string_view kTopologyNames[] = {"square", "hex-pointy-top", "hex-flat-top"};
constexpr std::string_view kHexStaggerNames[] = {"odd", "even"};
constexpr std::array<Dir, 6> kPointyDirs = hex_dirs(HexOrientation::PointyTop);
constexpr std::array<Dir, 6> kFlatDirs = hex_dirs(HexOrientation::FlatTop);
}  // namespace

std::string_view to_string(Topology t) { return kTopologyNames[static_cast<int>(t)]; }
std::optional<Topology> parse_topology(std::string_view name) {
  return parse_enum_name<Topology>(kTopologyNames, name);
}
std::string_view to_string(HexStagger s) { return kHexStaggerNames[static_cast<int>(s)]; }
std::optional<HexStagger> parse_hex_stagger(std::string_view name) {
  return parse_enum_name<HexStagger>(kHexStaggerNames, name);
}

std::span<const Dir> Level::directions() const {
  switch (topology_) {
    case Topology::HexPointyTop: return kPointyDirs;
    case Topology::HexFlatTop: return kFlatDirs;
    case Topology::Square:
    case Topology::_Max: break;
  }
  return kAllDirs;
}

std::optional<Dir> Level::direction_between(Cell a, Cell b) const {
  if (const std::optional<HexLayout> hex = hex_layout()) return hex_dir_between(*hex, a, b);
  return dir_between(a, b);
}

double centre_distance(const Level& level, Cell a, Cell b) {
  if (const std::optional<HexLayout> hex = level.hex_layout()) {
    const HexPoint pa = hex_centre(*hex, a), pb = hex_centre(*hex, b);
    return std::hypot(pa.x - pb.x, pa.y - pb.y) / kSqrt3;
  }
  return std::hypot(static_cast<double>(a.x - b.x), static_cast<double>(a.y - b.y));
}

namespace {
int limit_within(int v, int hi) { return v == kUnlimited ? v : std::clamp(v, 0, hi); }
double cost_within(double v) {
  return v >= 0 ? std::min(v, std::numeric_limits<double>::max()) : 0.0;  // NaN: not >= 0
}
}  // namespace

MovementRules within_file_limits(MovementRules r) {
  const MovementRules defaults;
  if (r.neighbours != Neighbours::Four && r.neighbours != Neighbours::Eight)
    r.neighbours = defaults.neighbours;
  if (r.diagonal >= DiagonalPolicy::_Max) r.diagonal = defaults.diagonal;
  r.max_climb = limit_within(r.max_climb, kMaxHeightStep);
  r.max_drop = limit_within(r.max_drop, kMaxHeightStep);
  r.climb_cost = cost_within(r.climb_cost);
  r.drop_cost = cost_within(r.drop_cost);
  r.jump.up = std::clamp(r.jump.up, 0, JumpRules::kMaxHeight);
  r.jump.down = std::clamp(r.jump.down, 0, JumpRules::kMaxHeight);
  r.jump.gap = std::clamp(r.jump.gap, 0, JumpRules::kMaxGap);
  r.jump.up_cost = cost_within(r.jump.up_cost);
  r.jump.down_cost = cost_within(r.jump.down_cost);
  r.jump.across_cost = cost_within(r.jump.across_cost);
  r.agent_radius = std::isnan(r.agent_radius) ? 0.0 : std::clamp(r.agent_radius, 0.0, kMaxShapeCoord);
  if (r.step_length >= StepLength::_Max) r.step_length = defaults.step_length;
  for (int* v : {&r.ranks.climb, &r.ranks.drop, &r.ranks.across, &r.ranks.up, &r.ranks.down})
    *v = std::clamp(*v, 0, ActionRanks::kMax);
  return r;
}

std::string Level::check_size(std::int64_t width, std::int64_t height) {
  if (width < 1 || width > kMaxSide)
    return "width must be 1.." + std::to_string(kMaxSide) + ", got " + std::to_string(width);
  if (height < 1 || height > kMaxSide)
    return "height must be 1.." + std::to_string(kMaxSide) + ", got " + std::to_string(height);
  if (width * height > kMaxCells)
    return "width x height must be at most " + std::to_string(kMaxCells) + " cells, got " +
           std::to_string(width) + " x " + std::to_string(height) + " = " +
           std::to_string(width * height);
  return {};
}

Level::Level(int width, int height) : width_(width), height_(height) {
  // Callers check sizes from files and people first (check_size); reaching here is a bug.
  if (const std::string bad = check_size(width, height); !bad.empty())
    throw std::invalid_argument("Level(" + std::to_string(width) + ", " + std::to_string(height) +
                                "): " + bad);
  const auto n = static_cast<std::size_t>(cell_count());
  walls_.assign(n, 0);
  costs_.assign(n, 1.0f);
  heights_.assign(n, 0);
  agents_.assign(n, 0);
  solid_.assign(n, 0);
  edge_mask_.assign(n, 0);
  start_ = {0, 0};
  goal_ = {width - 1, height - 1};
}

void Level::set_agents_block(bool on) {
  if (on == agents_block_) return;
  agents_block_ = on;
  for (std::uint32_t i = 0; i < solid_.size(); ++i) update_solid(i);
}

std::vector<Terrain> default_terrains() {
  return {{"road", 1.0, 0xC8B48C}, {"grass", 2.0, 0xC3C86E}, {"forest", 5.0, 0x3C8C46},
          {"swamp", 10.0, 0x6E7850}};
}

std::vector<Terrain> terrains_of(const Level& level) {
  return level.terrains.empty() ? default_terrains() : level.terrains;
}

void Level::throw_outside(Cell c) const {
  throw std::out_of_range("cell " + cell_text(c) + " is outside the level (0, 0)-" +
                          cell_text({width_ - 1, height_ - 1}));
}

namespace {

void check_shape_index(std::size_t i, std::size_t n) {
  if (i >= n)
    throw std::out_of_range("shapes[" + std::to_string(i) + "] does not exist (the level has " +
                            std::to_string(n) + " shapes)");
}

}  // namespace

std::optional<EdgeOverride> Level::edge(Cell from, Dir d) const {
  if (!in_bounds(from) || !(edge_mask_[to_u32(index(from))] & (1u << static_cast<int>(d))))
    return std::nullopt;
  return edges_.at({to_u32(index(from)), d});
}

void Level::set_edge(Cell from, Dir d, EdgeOverride e) {
  const std::uint32_t i = checked(from);
  if (e.blocked) e.weight = 1.0;  // a blocked move has no weight: one form, as files read it
  edges_[{i, d}] = e;
  edge_mask_[i] = static_cast<std::uint8_t>(edge_mask_[i] | (1u << static_cast<int>(d)));
}

void Level::clear_edge(Cell from, Dir d) {
  const std::uint32_t i = checked(from);
  edges_.erase({i, d});
  edge_mask_[i] = static_cast<std::uint8_t>(edge_mask_[i] & ~(1u << static_cast<int>(d)));
}

void Level::add_shape(const Shape& s) {
  shapes_.push_back(s);
  shape_cache_.drop();
}

void Level::set_shape(std::size_t i, const Shape& s) {
  check_shape_index(i, shapes_.size());
  shapes_[i] = s;
  shape_cache_.drop();
}

void Level::remove_shape(std::size_t i) {
  check_shape_index(i, shapes_.size());
  shapes_.erase(shapes_.begin() + static_cast<std::ptrdiff_t>(i));
  shape_cache_.drop();
}

void Level::set_shapes(std::vector<Shape> shapes) {
  shapes_ = std::move(shapes);
  shape_cache_.drop();
}


std::string Level::check_endpoint(std::string_view what, Cell c) const {
  // The text is made only for a refusal: every search's restart asks, once per endpoint.
  const auto head = [&] { return std::string(what) + " " + cell_text(c); };
  if (!in_bounds(c))
    return head() + " is outside the level (0, 0)-(" + std::to_string(width_ - 1) + ", " +
           std::to_string(height_ - 1) + ")";
  if (wall(c)) return head() + " is inside a wall";
  if (solid(c)) return head() + " is on an agent (agents block)";
  return {};
}

std::string Level::check_units() const {
  if (units.size() > kMaxUnits)
    return "units: at most " + std::to_string(kMaxUnits) + ", got " + std::to_string(units.size());
  // Cells taken so far by starts, and by which unit. Goals may be shared (an army's).
  std::unordered_map<std::uint32_t, std::size_t> starts;
  for (std::size_t k = 0; k < units.size(); ++k) {
    const Unit& u = units[k];
    const std::string who = "units[" + std::to_string(k) + "]";
    if (std::string why = check_endpoint(who + ".start", u.start); !why.empty()) return why;
    if (std::string why = check_endpoint(who + ".goal", u.goal); !why.empty()) return why;
    if (u.priority && (*u.priority < 0 || *u.priority > kMaxUnitPriority))
      return who + ".priority must be 0.." + std::to_string(kMaxUnitPriority) + ", got " +
             std::to_string(*u.priority);
    const auto [at, fresh] = starts.emplace(to_u32(index(u.start)), k);
    if (!fresh)
      return who + ".start " + cell_text(u.start) + " is units[" + std::to_string(at->second) +
             "].start too";
  }
  return {};
}

bool Level::unit_endpoint(Cell c) const {
  return std::any_of(units.begin(), units.end(),
                     [c](const Unit& u) { return u.start == c || u.goal == c; });
}

std::string Level::check_endpoints() const {
  if (std::string why = check_endpoint("start", start_); !why.empty()) return why;
  return check_endpoint("goal", goal_);
}

std::string Level::check_endpoints_clear_of_shapes(double radius,
                                                  const std::vector<std::uint32_t>& ignore) const {
  if (shapes_.empty()) return {};
  // The first shape touching the point, left out those in `ignore` (which the cache cannot do).
  const auto touched = [&](double x, double y) -> std::optional<std::size_t> {
    if (ignore.empty()) return shape_touched(x, y, x, y, radius);
    for (std::size_t i = 0; i < shapes_.size(); ++i)
      if (std::find(ignore.begin(), ignore.end(), i) == ignore.end() &&
          segment_touches(shapes_[i], x, y, x, y, radius))
        return i;
    return std::nullopt;
  };
  for (const auto& [what, c] : {std::pair{"start", start_}, std::pair{"goal", goal_}}) {
    const double x = c.x + 0.5, y = c.y + 0.5;
    if (const auto i = touched(x, y)) {
      char r[32];
      std::snprintf(r, sizeof r, "%g", radius);
      return std::string(what) + " " + cell_text(c) + " is inside shapes[" + std::to_string(*i) +
             "] (" + shape_noun(shapes_[*i]) + ")" +
             (radius > 0 ? std::string(" with agent radius ") + r : std::string());
    }
  }
  return {};
}

}  // namespace astar
