// Level files, reading: a parsed document (and the grids take_grids read) to a Level, checked
// field by field in the order level_format.hpp promises. Throws Fail; parse_level catches it.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "astar/level_io.hpp"  // kLevelFormatVersion
#include "formats/level_format.hpp"

namespace astar::level_file {

namespace {

// ---------------------------------------------------------------------------------------------
// Rules: limits, costs, jumps.

// A limit that may be null (kUnlimited).
int get_limit(const json& j, const std::string& field) {
  if (j.is_null()) return kUnlimited;
  if (!j.is_number()) fail(field, std::string("expected an integer or null, got ") + j.type_name());
  const double d = j.get<double>();
  if (d != std::floor(d)) fail(field, "expected an integer or null, got " + describe(j));
  if (d < 0 || d > static_cast<double>(kMaxClimbLimit))
    fail(field, "must be null (unlimited) or 0.." + std::to_string(kMaxClimbLimit) + ", got " +
                    describe(j));
  return static_cast<int>(d);
}

// A cost added by a rule: a finite number >= 0.
double get_rule_cost(const json& j, const std::string& field) {
  const double v = get_number(j, field);
  if (!(v >= 0)) fail(field, "must be >= 0, got " + describe(j));
  return v;
}

// rules.jump: {"up": J, "down": D, "gap": N, "up_cost": .., "down_cost": .., "across_cost": ..},
// every field optional (0 by default: that jump is off, or costs nothing extra).
JumpRules get_jump_rules(const json& j, const std::string& field) {
  expect_object(j, field);
  check_keys(j, field, {"up", "down", "gap", "up_cost", "down_cost", "across_cost"});
  JumpRules out;
  auto limit = [&](const char* key, int hi, int& to) {
    if (const json* v = optional_member(j, key)) {
      const std::string name = member(field, key);
      to = static_cast<int>(get_int(*v, name, 0, hi, "must be an integer 0.." + std::to_string(hi)));
    }
  };
  limit("up", kMaxJumpHeight, out.up);
  limit("down", kMaxJumpHeight, out.down);
  limit("gap", kMaxJumpGap, out.gap);
  for (auto [key, to] : {std::pair{"up_cost", &out.up_cost}, std::pair{"down_cost", &out.down_cost},
                         std::pair{"across_cost", &out.across_cost}})
    if (const json* v = optional_member(j, key)) *to = get_rule_cost(*v, member(field, key));
  return out;
}

// rules.ranks: present turns action ranks on; each field optional (the defaults otherwise).
ActionRanks get_action_ranks(const json& j, const std::string& field) {
  expect_object(j, field);
  check_keys(j, field, {"climb", "drop", "across", "up", "down"});
  ActionRanks out;
  out.on = true;
  for (auto [key, to] : {std::pair{"climb", &out.climb}, std::pair{"drop", &out.drop},
                         std::pair{"across", &out.across}, std::pair{"up", &out.up},
                         std::pair{"down", &out.down}})
    if (const json* v = optional_member(j, key))
      *to = static_cast<int>(get_int(*v, member(field, key), 0, ActionRanks::kMax,
                                     "must be an integer 0.." + std::to_string(ActionRanks::kMax)));
  return out;
}

std::string outside_text(const Level& level) {
  return " is outside the level (0, 0)-" + cell_text(level.width() - 1, level.height() - 1);
}

// Splits "start (2, 1) is inside a wall" into field "start" and the rest.
[[noreturn]] void fail_with_model_message(const std::string& message,
                                          std::initializer_list<std::string_view> fields) {
  for (std::string_view f : fields) {
    if (message.size() > f.size() && message.compare(0, f.size(), f) == 0 &&
        message[f.size()] == ' ')
      fail(std::string(f), message.substr(f.size() + 1));
  }
  fail("level", message);
}

// ---------------------------------------------------------------------------------------------
// Collision shapes: "shapes": [{"circle": [x, y, r]}, {"box": [min_x, min_y, max_x, max_y]},
// {"rotated_box": [cx, cy, width, height, angle_degrees]}, {"polygon": [[x, y], ...]}, ...] and
// rules.agent_radius. Kept apart from the rest so the format's other parts read as before.

double get_agent_radius(const json& j, const std::string& field) {
  const double v = get_number(j, field);
  if (const std::string why = check_agent_radius(v); !why.empty()) fail(field, why);
  return v;
}

// Each index in search.ignore_shapes names one of the level's shapes.
void check_ignored_shapes(const Level& level) {
  if (!level.preset.ignore_shapes) return;
  const std::vector<std::uint32_t>& ignore = *level.preset.ignore_shapes;
  for (std::size_t i = 0; i < ignore.size(); ++i)
    if (ignore[i] >= level.shapes().size())
      fail(element("search.ignore_shapes", i),
           std::to_string(ignore[i]) + " is not a shape: the level has " +
               std::to_string(level.shapes().size()) + " shapes");
}

// A shape's key in the file, the form of its value (quoted in messages) and how many numbers it
// holds (0: a list of [x, y]). In Shape's order: circle, box, rotated box, polygon.
struct ShapeForm {
  const char* key;
  const char* form;
  std::size_t numbers;
};
constexpr ShapeForm kShapeForms[] = {{"circle", "[x, y, r]", 3},
                                     {"box", "[min_x, min_y, max_x, max_y]", 4},
                                     {"rotated_box", "[cx, cy, width, height, angle_degrees]", 5},
                                     {"polygon", "[[x, y], ...]", 0}};
static_assert(std::size(kShapeForms) == std::variant_size_v<Shape>);

// "polygon": [[x, y], ...], each corner two finite numbers (check_shape judges the rest).
Polygon get_polygon(const json& j, const std::string& field) {
  if (!j.is_array())
    fail(field, std::string("expected [[x, y], ...], got ") + (j.is_object() ? "an object" : describe(j)));
  Polygon out;
  out.points.reserve(j.size());
  for (std::size_t k = 0; k < j.size(); ++k) {
    const auto v = get_numbers(j[k], element(field, k), 2, "[x, y]");
    out.points.push_back({v[0], v[1]});
  }
  return out;
}

// The value of key kShapeForms[kind] as a shape, not yet checked.
Shape get_shape_value(std::size_t kind, const json& j, const std::string& field) {
  const ShapeForm& f = kShapeForms[kind];
  if (f.numbers == 0) return get_polygon(j, field);
  const auto v = get_numbers(j, field, f.numbers, f.form);
  switch (f.numbers) {
    case 3: return Circle{v[0], v[1], v[2]};
    case 4: return Box{v[0], v[1], v[2], v[3]};
    default: return RotatedBox{v[0], v[1], v[2], v[3], v[4]};
  }
}

// One element of "shapes": an object with exactly one of the kinds' keys, its shape checked.
Shape get_shape(const json& e, const std::string& field) {
  expect_object(e, field);
  check_keys(e, field, {"circle", "box", "rotated_box", "polygon"});
  std::optional<std::size_t> kind;
  for (std::size_t k = 0; k < std::size(kShapeForms); ++k) {
    if (!optional_member(e, kShapeForms[k].key)) continue;
    if (kind)
      fail(field, std::string("has both \"") + kShapeForms[*kind].key + "\" and \"" +
                      kShapeForms[k].key + "\"; give exactly one");
    kind = k;
  }
  if (!kind) {
    std::string forms;
    for (std::size_t k = 0; k < std::size(kShapeForms); ++k)
      forms += std::string(k == 0 ? "" : k + 1 < std::size(kShapeForms) ? ", " : " or ") + "\"" +
               kShapeForms[k].key + "\": " + kShapeForms[k].form;
    fail(field, "needs one of " + forms);
  }
  const std::string sub = member(field, kShapeForms[*kind].key);
  const Shape shape = get_shape_value(*kind, *optional_member(e, kShapeForms[*kind].key), sub);
  if (const std::string why = check_shape(shape); !why.empty()) fail(sub, why);
  return shape;
}

void parse_shapes(const json& shapes, Level& level) {
  expect_array(shapes, "shapes");
  if (shapes.size() > kMaxShapes)
    fail("shapes", "at most " + std::to_string(kMaxShapes) + " shapes, got " +
                       std::to_string(shapes.size()));
  std::vector<Shape> out;
  out.reserve(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) out.push_back(get_shape(shapes[i], element("shapes", i)));
  level.set_shapes(std::move(out));
}

// ---------------------------------------------------------------------------------------------
// Agents: "agents": {"block": true, "cells": [[x, y], ...]}; terrains: "terrains": [{"name":
// "road", "cost": 1, "color": "#c8b48c"}, ...] (the Costs palette).

void parse_agents(const json& agents, Level& level) {
  expect_object(agents, "agents");
  check_keys(agents, "agents", {"block", "cells"});
  if (const json* b = optional_member(agents, "block")) {
    if (!b->is_boolean()) fail("agents.block", "expected true or false, got " + describe(*b));
    level.set_agents_block(b->get<bool>());
  }
  if (const json* cells = optional_member(agents, "cells")) {
    expect_array(*cells, "agents.cells");
    for (std::size_t i = 0; i < cells->size(); ++i) {
      const std::string field = element("agents.cells", i);
      const Cell c = get_cell((*cells)[i], field);
      if (!level.in_bounds(c)) fail(field, cell_text(c.x, c.y) + outside_text(level));
      if (level.agent(c)) fail(field, "a second agent on " + cell_text(c.x, c.y));
      level.set_agent(c, true);
    }
  }
}

std::optional<std::uint32_t> parse_rgb(std::string_view text) {
  if (text.size() != 7 || text[0] != '#') return std::nullopt;
  std::uint32_t v = 0;
  for (char ch : text.substr(1)) {
    const int d = ch >= '0' && ch <= '9' ? ch - '0'
                  : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                  : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                           : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<std::uint32_t>(d);
  }
  return v;
}

void parse_terrains(const json& terrains, Level& level) {
  expect_array(terrains, "terrains");
  if (terrains.size() > kMaxTerrains)
    fail("terrains", "at most " + std::to_string(kMaxTerrains) + " terrains, got " +
                         std::to_string(terrains.size()));
  for (std::size_t i = 0; i < terrains.size(); ++i) {
    const std::string field = element("terrains", i);
    const json& t = terrains[i];
    expect_object(t, field);
    check_keys(t, field, {"name", "cost", "color"});
    Terrain terrain;
    terrain.name = get_string(require(t, "name", field), field + ".name");
    if (terrain.name.empty() || terrain.name.size() > kMaxTerrainName)
      fail(field + ".name", "must be 1.." + std::to_string(kMaxTerrainName) + " bytes, got " +
                                std::to_string(terrain.name.size()));
    terrain.cost = get_cost(require(t, "cost", field), field + ".cost");
    if (const json* color = optional_member(t, "color")) {
      const auto rgb = parse_rgb(get_string(*color, field + ".color"));
      if (!rgb) fail(field + ".color", "expected \"#rrggbb\", got " + describe(*color));
      terrain.rgb = *rgb;
    }
    level.terrains.push_back(std::move(terrain));
  }
}

// ---------------------------------------------------------------------------------------------
// Document -> Level.

// Format and version first: a newer file may have fields this program does not know.
void check_format_and_version(const json& root) {
  if (!root.is_object()) fail("top level", std::string("expected an object, got ") + root.type_name());
  const json& format = require(root, "format", "");
  if (!format.is_string() || format.get_ref<const std::string&>() != kFormatName)
    fail("format", "expected \"" + std::string(kFormatName) + "\", got " + describe(format));
  const json& version = require(root, "version", "");
  if (!version.is_number()) fail("version", std::string("expected an integer, got ") + version.type_name());
  const double vnum = version.get<double>();
  if (vnum != std::floor(vnum)) fail("version", "expected an integer, got " + describe(version));
  if (vnum > kLevelFormatVersion)
    fail("version", "the file is version " + describe(version) +
                        ", newer than this program, which reads versions up to " +
                        std::to_string(kLevelFormatVersion) + "; please update A* Studio");
  if (vnum < 1) fail("version", "must be at least 1, got " + describe(version));
}

// A grid's shape: `height` rows of `width` values (a document's arrays or take_grids' rows).
struct GridShape {
  std::size_t w = 0, h = 0;

  void expect_row_count(std::size_t rows, const std::string& field) const {
    if (rows != h)
      fail(field, "expected " + std::to_string(h) + " rows (height), got " + std::to_string(rows));
  }
  void expect_row_width(std::size_t values, const std::string& row_field) const {
    if (values != w)
      fail(row_field, "expected " + std::to_string(w) + " values (width), got " + std::to_string(values));
  }
  // Rows of a grid: an array of `height` entries.
  void expect_rows(const json& j, const std::string& field) const {
    expect_array(j, field);
    expect_row_count(j.size(), field);
  }
};

// The size, checked before anything is allocated.
GridShape read_size(const json& root) {
  const json& width_json = require(root, "width", "");
  const json& height_json = require(root, "height", "");
  const std::string size_range = "must be 1.." + std::to_string(kMaxSide);
  if (height_json.is_array())  // someone wrote the height layer under the size's name
    fail("height", "expected an integer, got array (the height layer is called \"heights\")");
  const auto width = get_int(width_json, "width", INT64_MIN / 2, INT64_MAX / 2, size_range);
  const auto height = get_int(height_json, "height", INT64_MIN / 2, INT64_MAX / 2, size_range);
  if (const std::string msg = Level::check_size(width, height); !msg.empty())
    fail_with_model_message(msg, {"width x height", "width", "height"});
  return {static_cast<std::size_t>(width), static_cast<std::size_t>(height)};
}

// Characters, not bytes, so that a stray "é" reads as one wrong character.
std::size_t utf8_chars(const std::string& row) {
  return static_cast<std::size_t>(std::count_if(row.begin(), row.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

// The walls' shape before allocating: a file of a few bytes that claims 4096 x 4096 cells is
// refused without allocating them (the level is then never larger than its walls' text).
const json& check_walls_shape(const json& root, const GridShape& shape) {
  const json& walls = require(root, "walls", "");
  shape.expect_rows(walls, "walls");
  for (std::size_t y = 0; y < shape.h; ++y) {
    const std::string field = element("walls", y);
    const std::size_t chars = utf8_chars(get_string(walls[y], field));
    if (chars != shape.w)
      fail(field, "expected " + std::to_string(shape.w) + " characters (width), got " + std::to_string(chars));
  }
  return walls;
}

// "topology" and "stagger": square when absent; a stagger only on hexes, odd when absent.
void read_topology(const json& root, Level& level) {
  Topology topology = Topology::Square;
  HexStagger stagger = HexStagger::Odd;
  if (const json* t = optional_member(root, "topology")) {
    const auto parsed = parse_topology(get_string(*t, "topology"));
    if (!parsed)
      fail("topology", "unknown topology " + describe(*t) +
                           " (expected square, hex-pointy-top or hex-flat-top)");
    topology = *parsed;
  }
  if (const json* st = optional_member(root, "stagger")) {
    if (topology == Topology::Square)
      fail("stagger", "applies to hex levels only (this level's topology is square)");
    const auto parsed = parse_hex_stagger(get_string(*st, "stagger"));
    if (!parsed) fail("stagger", "unknown stagger " + describe(*st) + " (expected odd or even)");
    stagger = *parsed;
  }
  level.set_topology(topology, stagger);
}

// Hex cells have six neighbours: the square grid's neighbour mode and diagonal rule are refused.
void check_hex_rules(const json& rules, const Level& level) {
  if (!level.is_hex()) return;
  for (const char* key : {"neighbours", "diagonal"})
    if (optional_member(rules, key))
      fail(std::string("rules.") + key,
           "does not apply to hex levels: every hex has six neighbours and no diagonals (" +
               std::string(to_string(level.topology())) + "); leave it out");
}

void parse_rules(const json& rules, MovementRules& r) {
  expect_object(rules, "rules");
  check_keys(rules, "rules", {"neighbours", "diagonal", "max_climb", "max_drop", "climb_cost",
                              "drop_cost", "jump", "agent_radius", "step_length", "ranks"});
  if (const json* n = optional_member(rules, "neighbours")) {
    const auto v = get_int(*n, "rules.neighbours", 4, 8, "must be 4 or 8");
    if (v != 4 && v != 8) fail("rules.neighbours", "must be 4 or 8, got " + describe(*n));
    r.neighbours = v == 4 ? Neighbours::Four : Neighbours::Eight;
  }
  if (const json* d = optional_member(rules, "diagonal")) {
    const auto policy = parse_diagonal_policy(get_string(*d, "rules.diagonal"));
    if (!policy)
      fail("rules.diagonal", "unknown policy " + describe(*d) +
                                 " (expected always, one-side-open, no-corner-cutting or never)");
    r.diagonal = *policy;
  }
  if (const json* m = optional_member(rules, "max_climb")) r.max_climb = get_limit(*m, "rules.max_climb");
  if (const json* m = optional_member(rules, "max_drop")) r.max_drop = get_limit(*m, "rules.max_drop");
  if (const json* c = optional_member(rules, "climb_cost")) {
    const double v = get_number(*c, "rules.climb_cost");
    if (!(v >= 0)) fail("rules.climb_cost", "must be >= 0, got " + describe(*c));
    r.climb_cost = v;
  }
  if (const json* c = optional_member(rules, "drop_cost")) r.drop_cost = get_rule_cost(*c, "rules.drop_cost");
  if (const json* j = optional_member(rules, "jump")) r.jump = get_jump_rules(*j, "rules.jump");
  if (const json* a = optional_member(rules, "agent_radius"))
    r.agent_radius = get_agent_radius(*a, "rules.agent_radius");
  if (const json* l = optional_member(rules, "step_length")) {
    const auto length = parse_step_length(get_string(*l, "rules.step_length"));
    if (!length) fail("rules.step_length", "unknown length " + describe(*l) + " (expected flat or 3d)");
    r.step_length = *length;
  }
  if (const json* k = optional_member(rules, "ranks")) r.ranks = get_action_ranks(*k, "rules.ranks");
}

// What a wall row holds where it should hold '.' or '#': the character, or its code point when
// it does not print.
std::string wall_char_text(const std::string& row, std::size_t i, std::size_t len) {
  const char c = row[i];
  if (len == 1 && (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
  }
  return "'" + row.substr(i, len) + "'";
}

// The walls' rows (their shape checked by check_walls_shape).
void read_walls(const json& walls, std::size_t h, Level& level) {
  for (std::size_t y = 0; y < h; ++y) {
    const std::string field = element("walls", y);
    const std::string& row = walls[y].get_ref<const std::string&>();  // checked above
    std::size_t x = 0;
    for (std::size_t i = 0; i < row.size(); ++x) {
      std::size_t len = 1;
      while (i + len < row.size() && (static_cast<unsigned char>(row[i + len]) & 0xC0) == 0x80) ++len;
      const char c = row[i];
      if (len == 1 && (c == '.' || c == '#')) {
        if (c == '#') level.set_wall({static_cast<int>(x), static_cast<int>(y)}, true);
      } else {
        fail(element(field, x), "expected '.' or '#', got " + wall_char_text(row, i, len));
      }
      i += len;
    }
  }
}

// Each cell of a document grid: read(value, kUnnamed, cell); a failure names the cell's field.
template <typename Read>
void for_each_cell(const json& grid, const char* name, const GridShape& shape, Read&& read) {
  shape.expect_rows(grid, name);
  for (std::size_t y = 0; y < shape.h; ++y) {
    const std::string row_field = element(name, y);
    const json& row = grid[y];
    expect_array(row, row_field);
    shape.expect_row_width(row.size(), row_field);
    for (std::size_t x = 0; x < shape.w; ++x) {
      // The cell's field name is made only for a message: a level may have 16 M cells.
      try {
        read(row[x], kUnnamed, Cell{static_cast<int>(x), static_cast<int>(y)});
      } catch (Fail& f) {
        if (f.field.empty()) f.field = element(row_field, x);
        throw;
      }
    }
  }
}

// The same checks, in the same order, for a grid read straight from the text (take_grids).
template <typename Set>
void for_each_taken(const GridRows& g, const char* name, const GridShape& shape, Set&& set) {
  shape.expect_row_count(g.row_sizes.size(), name);
  std::size_t i = 0;
  for (std::size_t y = 0; y < shape.h; ++y) {
    shape.expect_row_width(g.row_sizes[y], element(name, y));
    if (g.first_error && g.error_row == y) throw *g.first_error;
    for (std::size_t x = 0; x < shape.w; ++x) set(i++, Cell{static_cast<int>(x), static_cast<int>(y)});
  }
}

// The cost and height grids: read straight from the text when take_grids took them, else from
// the document.
void read_cost_and_heights(const json& root, const TakenGrids& taken, const GridShape& shape,
                           Level& level) {
  if (taken.cost)
    for_each_taken(*taken.cost, "cost", shape,
                   [&](std::size_t i, Cell c) { level.set_cost(c, taken.cost->costs[i]); });
  else if (const json* cost = optional_member(root, "cost"))
    for_each_cell(*cost, "cost", shape, [&](const json& v, const std::string& field, Cell c) {
      level.set_cost(c, get_cost(v, field));
    });
  if (taken.heights)
    for_each_taken(*taken.heights, "heights", shape,
                   [&](std::size_t i, Cell c) { level.set_height(c, taken.heights->heights[i]); });
  else if (const json* heights = optional_member(root, "heights"))
    for_each_cell(*heights, "heights", shape, [&](const json& v, const std::string& field, Cell c) {
      level.set_height(c, static_cast<int>(get_int(v, field, -kMaxAbsHeight, kMaxAbsHeight)));
    });
}

// One edge override: exactly one of "weight" (> 0) and "blocked" (true).
EdgeOverride parse_edge_override(const json& e, const std::string& field) {
  const json* weight = optional_member(e, "weight");
  const json* blocked = optional_member(e, "blocked");
  if (weight && blocked) fail(field, "has both \"weight\" and \"blocked\"; give exactly one");
  if (!weight && !blocked) fail(field, "needs \"weight\": a number > 0, or \"blocked\": true");
  EdgeOverride override;
  if (blocked) {
    if (!blocked->is_boolean()) fail(field + ".blocked", "expected true, got " + describe(*blocked));
    if (!blocked->get<bool>())
      fail(field + ".blocked", "must be true (leave the edge out instead), got false");
    override.blocked = true;
  } else {
    override.weight = get_weight(*weight, field + ".weight");
  }
  return override;
}

void parse_edges(const json& edges, Level& level) {
  expect_array(edges, "edges");
  std::map<Level::EdgeKey, std::size_t> seen;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const std::string field = element("edges", i);
    const json& e = edges[i];
    expect_object(e, field);
    check_keys(e, field, {"from", "dir", "weight", "blocked"});
    const Cell from = get_cell(require(e, "from", field), field + ".from");
    if (!level.in_bounds(from)) fail(field + ".from", cell_text(from.x, from.y) + outside_text(level));
    const json& dir_json = require(e, "dir", field);
    const auto dir = parse_dir(get_string(dir_json, field + ".dir"));
    if (!dir)
      fail(field + ".dir",
           "unknown direction " + describe(dir_json) + " (expected E, SE, S, SW, W, NW, N or NE)");
    if (!level.has_direction(*dir)) {
      std::string names;
      for (Dir d : level.directions()) names += (names.empty() ? "" : ", ") + std::string(dir_name(d));
      fail(field + ".dir", "direction " + describe(dir_json) + " is not a direction of a " +
                               std::string(to_string(level.topology())) + " level (expected " +
                               names + ")");
    }
    const EdgeOverride override = parse_edge_override(e, field);
    const Level::EdgeKey key{to_u32(level.index(from)), *dir};
    if (const auto [it, inserted] = seen.emplace(key, i); !inserted)
      fail(field, "duplicate edge from " + cell_text(from.x, from.y) + " going " +
                      std::string(dir_name(*dir)) + " (first given as edges[" +
                      std::to_string(it->second) + "])");
    level.set_edge(from, *dir, override);
  }
}

}  // namespace

Level parse_document_level(const json& root, const TakenGrids& taken) {
  check_format_and_version(root);
  check_keys(root, "", {"format", "version", "name", "description", "search", "width", "height",
                        "topology", "stagger", "start", "goal", "rules", "walls", "cost",
                        "heights", "edges", "shapes", "agents", "terrains", "units",
                        "units_plan", "exercise"});
  const GridShape shape = read_size(root);
  const json& walls = check_walls_shape(root, shape);

  Level level(static_cast<int>(shape.w), static_cast<int>(shape.h));
  if (const json* name = optional_member(root, "name")) level.name = get_string(*name, "name");
  parse_lesson(root, level);
  level.set_start(get_cell(require(root, "start", ""), "start"));
  level.set_goal(get_cell(require(root, "goal", ""), "goal"));
  read_topology(root, level);
  if (const json* rules = optional_member(root, "rules")) {
    check_hex_rules(*rules, level);
    parse_rules(*rules, level.rules());
  }
  read_walls(walls, shape.h, level);
  read_cost_and_heights(root, taken, shape, level);
  if (const json* edges = optional_member(root, "edges")) parse_edges(*edges, level);
  if (const json* shapes = optional_member(root, "shapes")) {
    if (level.is_hex() && !shapes->empty())
      fail("shapes", "hex levels take no collision shapes (they are drawn on square cells)");
    parse_shapes(*shapes, level);
  }
  check_ignored_shapes(level);
  if (const json* agents = optional_member(root, "agents")) parse_agents(*agents, level);
  if (const json* terrains = optional_member(root, "terrains")) parse_terrains(*terrains, level);
  if (const json* units = optional_member(root, "units")) parse_units(*units, level);
  if (const json* plan = optional_member(root, "units_plan")) parse_units_plan(*plan, level);
  if (const json* exercise = optional_member(root, "exercise")) parse_exercise(*exercise, level);

  if (const std::string msg = level.check_endpoints(); !msg.empty())
    fail_with_model_message(msg, {"start", "goal"});
  check_units_fit(level);
  return level;
}

}  // namespace astar::level_file
