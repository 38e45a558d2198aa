// Level files, writing: check_saveable (what the reader would refuse, said before writing) and
// level_to_json (one line per grid row, so diffs show what changed), in named steps.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/level_io.hpp"
#include "astar/search_names.hpp"
#include "base/json_numbers.hpp"
#include "formats/level_format.hpp"

namespace astar::level_file {

namespace {

// ---------------------------------------------------------------------------------------------
// What the reader would refuse.

// Empty when the jump rules can be saved, else why not.
std::string check_jump_rules(const JumpRules& j) {
  using Limit = std::tuple<const char*, int, int>;
  for (const auto& [name, v, hi] : {Limit{"rules.jump.up", j.up, kMaxJumpHeight},
                                    Limit{"rules.jump.down", j.down, kMaxJumpHeight},
                                    Limit{"rules.jump.gap", j.gap, kMaxJumpGap}})
    if (v < 0 || v > hi)
      return std::string(name) + " must be an integer 0.." + std::to_string(hi) + ", got " +
             std::to_string(v);
  using Cost = std::pair<const char*, double>;
  for (const auto& [name, v] : {Cost{"rules.jump.up_cost", j.up_cost},
                                Cost{"rules.jump.down_cost", j.down_cost},
                                Cost{"rules.jump.across_cost", j.across_cost}})
    if (!(std::isfinite(v) && v >= 0))
      return std::string(name) + " must be a finite number >= 0, got " + number_text(v);
  return {};
}

std::string check_saveable_terrains(const Level& level) {
  if (level.terrains.size() > kMaxTerrains)
    return "at most " + std::to_string(kMaxTerrains) + " terrains, got " +
           std::to_string(level.terrains.size());
  for (std::size_t i = 0; i < level.terrains.size(); ++i) {
    const Terrain& t = level.terrains[i];
    const std::string at = "terrains[" + std::to_string(i) + "]";
    if (t.name.empty() || t.name.size() > kMaxTerrainName) return at + ".name must be 1.." +
        std::to_string(kMaxTerrainName) + " bytes";
    if (!(std::isfinite(t.cost) && t.cost > 0 && t.cost <= 3.0e38))
      return at + ".cost must be a finite number > 0, got " + number_text(t.cost);
  }
  return {};
}

// Empty when the level's shapes and agent radius can be written and read back, else why not.
std::string check_saveable_shapes(const Level& level) {
  if (const std::string why = check_agent_radius(level.rules().agent_radius); !why.empty())
    return "rules.agent_radius " + why;
  if (level.shapes().size() > kMaxShapes)
    return "at most " + std::to_string(kMaxShapes) + " shapes, got " +
           std::to_string(level.shapes().size());
  for (std::size_t i = 0; i < level.shapes().size(); ++i)
    if (const std::string why = check_shape(level.shapes()[i]); !why.empty())
      return "shapes[" + std::to_string(i) + "]." + shape_kind(level.shapes()[i]) + ": " + why;
  return {};
}

// Empty when a hex level's topology, edges and shapes read back, else why not.
std::string check_saveable_hex(const Level& level) {
  if (level.topology() >= Topology::_Max) return "the topology is not a known kind";
  if (level.hex_stagger() != HexStagger::Odd && level.hex_stagger() != HexStagger::Even)
    return "the hex stagger is not odd or even";
  if (!level.is_hex()) return {};
  for (const auto& [key, e] : level.edges())
    if (!level.has_direction(key.second)) {
      const Cell c = level.cell(CellIndex(key.first));
      return "the edge from " + cell_text(c.x, c.y) + " goes " +
             std::string(dir_name(key.second)) + ", which is not a direction of a " +
             std::string(to_string(level.topology())) + " level";
    }
  if (!level.shapes().empty()) return "hex levels take no collision shapes";
  return {};
}

}  // namespace

// Empty when level_to_json(level) is a file parse_level accepts, else why not.
std::string check_saveable(const Level& level) {
  if (std::string msg = Level::check_size(level.width(), level.height()); !msg.empty()) return msg;
  if (level.walls().size() != static_cast<std::size_t>(level.cell_count()))
    return "the level's layers do not match its size";
  if (std::string msg = level.check_endpoints(); !msg.empty()) return msg;
  const MovementRules& r = level.rules();
  if (r.neighbours != Neighbours::Four && r.neighbours != Neighbours::Eight)
    return "rules.neighbours is not 4 or 8";
  if (level.description.size() > kMaxDescription) return "description is too long";
  const SearchPreset& p = level.preset;
  if ((p.algorithm && !parse_algorithm(*p.algorithm)) || (p.heuristic && !parse_heuristic(*p.heuristic)) ||
      (p.tie_break && !parse_tie_break(*p.tie_break)) || (p.weight && !(*p.weight >= 1 && *p.weight <= 100)) ||
      (p.max_iterations && (*p.max_iterations < 1 || *p.max_iterations > SearchPreset::kMaxIterations)) ||
      (p.trace && !trace_path_ok(*p.trace)) || (p.sensor && (*p.sensor < 1 || *p.sensor > kMaxSide)) ||
      (p.walk.value_or(false) && p.algorithm != "d-star-lite") || (p.sensor && !p.walk.value_or(false)) ||
      (p.budget && (!(*p.budget >= 0.0 && *p.budget <= kMaxBudget) || p.algorithm != "dijkstra" ||
                    p.partial_path.value_or(false))) ||
      (p.cluster_size && (*p.cluster_size < kHpaMinClusterSize || *p.cluster_size > kHpaMaxClusterSize)) ||
      ((p.cluster_size || p.hpa_smooth) && p.algorithm != "hpa-star"))
    return "search has a value the reader would refuse";
  if (p.ignore_shapes)
    for (std::uint32_t i : *p.ignore_shapes)
      if (i >= level.shapes().size())
        return "search.ignore_shapes holds " + std::to_string(i) + ", which is not a shape";
  if (r.diagonal >= DiagonalPolicy::_Max) return "rules.diagonal is not a known policy";
  using Limit = std::pair<const char*, int>;
  for (const auto& [name, limit] : {Limit{"rules.max_climb", r.max_climb}, Limit{"rules.max_drop", r.max_drop}})
    if (limit != kUnlimited && (limit < 0 || limit > kMaxClimbLimit))
      return std::string(name) + " must be unlimited or 0.." + std::to_string(kMaxClimbLimit) +
             ", got " + std::to_string(limit);
  if (!(std::isfinite(r.climb_cost) && r.climb_cost >= 0))
    return "rules.climb_cost must be a finite number >= 0, got " + number_text(r.climb_cost);
  if (!(std::isfinite(r.drop_cost) && r.drop_cost >= 0))
    return "rules.drop_cost must be a finite number >= 0, got " + number_text(r.drop_cost);
  if (std::string msg = check_jump_rules(r.jump); !msg.empty()) return msg;
  for (int v : {r.ranks.climb, r.ranks.drop, r.ranks.across, r.ranks.up, r.ranks.down})
    if (r.ranks.on && (v < 0 || v > ActionRanks::kMax))
      return "rules.ranks must hold integers 0.." + std::to_string(ActionRanks::kMax) + ", got " +
             std::to_string(v);
  for (std::int64_t i = 0; i < level.cell_count(); ++i) {
    const Cell c = level.cell(CellIndex(static_cast<std::uint32_t>(i)));
    const std::string at = "[" + std::to_string(c.y) + "][" + std::to_string(c.x) + "]";
    const float cost = level.costs()[static_cast<std::size_t>(i)];
    if (!(std::isfinite(cost) && cost > 0))
      return "cost" + at + " must be a finite number > 0, got " + float_text(cost);
    const std::int32_t ht = level.heights()[static_cast<std::size_t>(i)];
    if (ht < -kMaxAbsHeight || ht > kMaxAbsHeight)
      return "heights" + at + " must be " + std::to_string(-kMaxAbsHeight) + ".." +
             std::to_string(kMaxAbsHeight) + ", got " + std::to_string(ht);
  }
  for (const auto& [key, e] : level.edges()) {
    if (!e.blocked && !(std::isfinite(e.weight) && e.weight > 0)) {
      const Cell c = level.cell(CellIndex(key.first));
      return "the edge from " + cell_text(c.x, c.y) + " going " + std::string(dir_name(key.second)) +
             " must have a finite weight > 0, got " + number_text(e.weight);
    }
  }
  if (std::string msg = check_saveable_terrains(level); !msg.empty()) return msg;
  if (std::string msg = check_saveable_hex(level); !msg.empty()) return msg;
  if (std::string msg = level.check_units(); !msg.empty()) return msg;
  return check_saveable_shapes(level);
}

namespace {

// ---------------------------------------------------------------------------------------------
// Level -> text.

// A string as JSON text, whole (quoted() shortens for messages).
std::string json_text(const std::string& s) {
  return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
}

// The "jump" member of "rules" as saved (the caller omits it when all fields are 0).
std::string jump_rules_json(const JumpRules& j) {
  return "{\"up\": " + std::to_string(j.up) + ", \"down\": " + std::to_string(j.down) +
         ", \"gap\": " + std::to_string(j.gap) + ", \"up_cost\": " + number_text(j.up_cost) +
         ", \"down_cost\": " + number_text(j.down_cost) +
         ", \"across_cost\": " + number_text(j.across_cost) + "}";
}

std::string action_ranks_json(const ActionRanks& k) {
  return "{\"climb\": " + std::to_string(k.climb) + ", \"drop\": " + std::to_string(k.drop) +
         ", \"across\": " + std::to_string(k.across) + ", \"up\": " + std::to_string(k.up) +
         ", \"down\": " + std::to_string(k.down) + "}";
}

std::string rgb_text(std::uint32_t rgb) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%06x", rgb & 0xFFFFFFu);
  return buf;
}

// Written after "name" when set, so levels without them read and save as before.
void append_lesson(std::string& out, const Level& level) {
  if (!level.description.empty()) out += "  \"description\": " + json_text(level.description) + ",\n";
  const SearchPreset& p = level.preset;
  if (p.empty()) return;
  std::vector<std::string> fields;
  if (p.algorithm) fields.push_back("\"algorithm\": " + json_text(*p.algorithm));
  if (p.heuristic) fields.push_back("\"heuristic\": " + json_text(*p.heuristic));
  if (p.weight) fields.push_back("\"weight\": " + number_text(*p.weight));
  if (p.tie_break) fields.push_back("\"tie_break\": " + json_text(*p.tie_break));
  if (p.partial_path) fields.push_back(std::string("\"partial_path\": ") + (*p.partial_path ? "true" : "false"));
  if (p.max_iterations) fields.push_back("\"max_iterations\": " + std::to_string(*p.max_iterations));
  if (p.smooth) fields.push_back(std::string("\"smooth\": ") + (*p.smooth ? "true" : "false"));
  if (p.trace) fields.push_back("\"trace\": " + json_text(*p.trace));
  if (p.walk) fields.push_back(std::string("\"walk\": ") + (*p.walk ? "true" : "false"));
  if (p.sensor) fields.push_back("\"sensor\": " + std::to_string(*p.sensor));
  if (p.budget) fields.push_back("\"budget\": " + number_text(*p.budget));
  if (p.cluster_size) fields.push_back("\"cluster_size\": " + std::to_string(*p.cluster_size));
  if (p.hpa_smooth) fields.push_back(std::string("\"hpa_smooth\": ") + (*p.hpa_smooth ? "true" : "false"));
  if (p.ignore_shapes) {
    std::string list;
    for (std::uint32_t i : *p.ignore_shapes) list += (list.empty() ? "" : ", ") + std::to_string(i);
    fields.push_back("\"ignore_shapes\": [" + list + "]");
  }
  out += "  \"search\": {";
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i];
  out += "},\n";
}

void append_agents_and_terrains(std::string& out, const Level& level) {
  const auto& agents = level.agents();
  const bool any = std::any_of(agents.begin(), agents.end(), [](std::uint8_t a) { return a != 0; });
  if (any || !level.agents_block()) {
    out += ",\n  \"agents\": {\"block\": ";
    out += level.agents_block() ? "true" : "false";
    out += ", \"cells\": [";
    bool first = true;
    for (std::size_t i = 0; i < agents.size(); ++i) {
      if (!agents[i]) continue;
      const Cell c = level.cell(CellIndex(static_cast<std::uint32_t>(i)));
      out += first ? "" : ", ";
      out += "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]";
      first = false;
    }
    out += "]}";
  }
  if (!level.terrains.empty()) {
    out += ",\n  \"terrains\": [\n";
    for (std::size_t i = 0; i < level.terrains.size(); ++i) {
      const Terrain& t = level.terrains[i];
      out += "    {\"name\": " + json_text(t.name) + ", \"cost\": " + number_text(t.cost) +
             ", \"color\": \"" + rgb_text(t.rgb) + "\"}";
      out += i + 1 < level.terrains.size() ? ",\n" : "\n";
    }
    out += "  ]";
  }
}

std::string cell_json(Cell c) { return "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]"; }

// Appends ",\n  \"units\": [...]" (one unit per line), or nothing when there are none.
void append_units(std::string& out, const Level& level) {
  if (level.units.empty()) return;
  out += ",\n  \"units\": [\n";
  for (std::size_t i = 0; i < level.units.size(); ++i) {
    const Unit& u = level.units[i];
    out += "    {\"start\": " + cell_json(u.start) + ", \"goal\": " + cell_json(u.goal);
    if (u.priority) out += ", \"priority\": " + std::to_string(*u.priority);
    out += i + 1 < level.units.size() ? "},\n" : "}\n";
  }
  out += "  ]";
  if (!level.units_plan) return;
  const UnitsPlanPreset& p = *level.units_plan;
  out += ",\n  \"units_plan\": {\"algorithm\": \"" + p.algorithm + "\"";
  if (p.window) out += ", \"window\": " + std::to_string(*p.window);
  if (p.horizon) out += ", \"horizon\": " + std::to_string(*p.horizon);
  out += "}";
}

// Appends ",\n  \"exercise\": {...}", or nothing for a level made for no exercise.
void append_exercise(std::string& out, const Level& level) {
  if (level.exercise) out += ",\n  \"exercise\": " + exercise_json(*level.exercise);
}

// Appends "[a, b, ...]" with each number written to read back exactly.
void append_numbers(std::string& out, std::initializer_list<double> v) {
  out += "[";
  bool first = true;
  for (double x : v) {
    if (!first) out += ", ";
    first = false;
    append_number(out, x);
  }
  out += "]";
}

// A shape's value: [x, y, r], [min_x, min_y, max_x, max_y], [cx, cy, width, height, angle] or
// [[x, y], ...].
void append_shape_value(std::string& out, const Shape& shape) {
  if (const auto* c = std::get_if<Circle>(&shape)) {
    append_numbers(out, {c->x, c->y, c->r});
  } else if (const auto* b = std::get_if<Box>(&shape)) {
    append_numbers(out, {b->min_x, b->min_y, b->max_x, b->max_y});
  } else if (const auto* r = std::get_if<RotatedBox>(&shape)) {
    append_numbers(out, {r->cx, r->cy, r->width, r->height, r->angle});
  } else {
    const std::vector<Point>& pts = std::get<Polygon>(shape).points;
    out += "[";
    for (std::size_t k = 0; k < pts.size(); ++k) {
      if (k) out += ", ";
      append_numbers(out, {pts[k].x, pts[k].y});
    }
    out += "]";
  }
}

// Appends ",\n  \"shapes\": [...]" (one shape per line), or nothing when there are none.
void append_shapes(std::string& out, const Level& level) {
  if (level.shapes().empty()) return;
  out += ",\n  \"shapes\": [\n";
  for (std::size_t i = 0; i < level.shapes().size(); ++i) {
    const Shape& shape = level.shapes()[i];
    out += "    {\"";
    out += shape_kind(shape);
    out += "\": ";
    append_shape_value(out, shape);
    out += "}";
    out += i + 1 < level.shapes().size() ? ",\n" : "\n";
  }
  out += "  ]";
}

// Roughly: walls, plus up to 16 characters per cost and 10 per height.
std::size_t estimated_size(const Level& level, bool write_costs, bool write_heights) {
  return 1024 + static_cast<std::size_t>(level.cell_count()) *
                    (1 + (write_costs ? 16 : 0) + (write_heights ? 10 : 0)) +
         level.edges().size() * 64;
}

std::string limit_json(int v) { return v == kUnlimited ? std::string("null") : std::to_string(v); }

// "{" and the fields before "rules", one a line.
void append_header(std::string& out, const Level& level) {
  out += "{\n";
  out += "  \"format\": \"" + std::string(kFormatName) + "\",\n";
  out += "  \"version\": " + std::to_string(kLevelFormatVersion) + ",\n";
  out += "  \"name\": " + json_text(level.name) + ",\n";
  append_lesson(out, level);
  out += "  \"width\": " + std::to_string(level.width()) + ",\n";
  out += "  \"height\": " + std::to_string(level.height()) + ",\n";
  if (level.is_hex()) {  // square levels read as before without it
    out += "  \"topology\": \"" + std::string(to_string(level.topology())) + "\",\n";
    out += "  \"stagger\": \"" + std::string(to_string(level.hex_stagger())) + "\",\n";
  }
  out += "  \"start\": " + cell_json(level.start()) + ",\n";
  out += "  \"goal\": " + cell_json(level.goal()) + ",\n";
}

// On hexes without "neighbours" and "diagonal", which the reader refuses there.
void append_rules(std::string& out, const MovementRules& r, bool hex) {
  out += "  \"rules\": {\n";
  if (!hex) {
    out += "    \"neighbours\": " + std::string(to_string(r.neighbours)) + ",\n";
    out += "    \"diagonal\": \"" + std::string(to_string(r.diagonal)) + "\",\n";
  }
  out += "    \"max_climb\": " + limit_json(r.max_climb) + ",\n";
  out += "    \"max_drop\": " + limit_json(r.max_drop) + ",\n";
  out += "    \"climb_cost\": " + number_text(r.climb_cost);
  // Written only when set, so levels without them read as before.
  if (r.drop_cost != 0.0) out += ",\n    \"drop_cost\": " + number_text(r.drop_cost);
  if (r.jump != JumpRules{}) out += ",\n    \"jump\": " + jump_rules_json(r.jump);
  if (r.agent_radius != 0.0) out += ",\n    \"agent_radius\": " + number_text(r.agent_radius);
  if (r.step_length != StepLength::Flat)
    out += ",\n    \"step_length\": \"" + std::string(to_string(r.step_length)) + "\"";
  if (r.ranks.on) out += ",\n    \"ranks\": " + action_ranks_json(r.ranks);
  out += "\n  }";
}

// Appends ",\n  \"name\": [...]", one line per row: row_text(y) appends row y.
template <class RowText>
void append_grid(std::string& out, const char* name, int h, RowText&& row_text) {
  out += ",\n  \"";
  out += name;
  out += "\": [\n";
  for (int y = 0; y < h; ++y) {
    out += "    ";
    row_text(y);
    out += y + 1 < h ? ",\n" : "\n";
  }
  out += "  ]";
}

void append_walls(std::string& out, const Level& level) {
  append_grid(out, "walls", level.height(), [&](int y) {
    out += '"';
    for (int x = 0; x < level.width(); ++x) out += level.wall({x, y}) ? '#' : '.';
    out += '"';
  });
}

void append_costs(std::string& out, const Level& level) {
  const auto& costs = level.costs();
  append_grid(out, "cost", level.height(), [&](int y) {
    out += '[';
    for (int x = 0; x < level.width(); ++x) {
      if (x) out += ", ";
      append_float(out, costs[to_u32(level.index({x, y}))]);
    }
    out += ']';
  });
}

void append_heights(std::string& out, const Level& level) {
  append_grid(out, "heights", level.height(), [&](int y) {
    out += '[';
    for (int x = 0; x < level.width(); ++x) {
      if (x) out += ", ";
      char buf[16];
      out.append(buf, std::to_chars(buf, buf + sizeof buf, level.height_at({x, y})).ptr);
    }
    out += ']';
  });
}

// Appends ",\n  \"edges\": [...]" (one edge per line), or nothing when there are none.
void append_edges(std::string& out, const Level& level) {
  if (level.edges().empty()) return;
  out += ",\n  \"edges\": [\n";
  std::size_t i = 0;
  for (const auto& [key, e] : level.edges()) {
    out += "    {\"from\": " + cell_json(level.cell(CellIndex(key.first))) + ", \"dir\": \"";
    out += dir_name(key.second);
    out += "\", ";
    if (e.blocked) {
      out += "\"blocked\": true}";
    } else {
      out += "\"weight\": ";
      append_number(out, e.weight);
      out += '}';
    }
    out += ++i < level.edges().size() ? ",\n" : "\n";
  }
  out += "  ]";
}

}  // namespace

}  // namespace astar::level_file

namespace astar {

std::string level_to_json(const Level& level) {
  const auto& costs = level.costs();
  const auto& heights = level.heights();
  const bool write_costs = std::any_of(costs.begin(), costs.end(), [](float c) { return c != 1.0f; });
  const bool write_heights =
      std::any_of(heights.begin(), heights.end(), [](std::int32_t v) { return v != 0; });

  std::string out;
  out.reserve(level_file::estimated_size(level, write_costs, write_heights));
  level_file::append_header(out, level);
  level_file::append_rules(out, level.rules(), level.is_hex());
  level_file::append_walls(out, level);
  if (write_costs) level_file::append_costs(out, level);
  if (write_heights) level_file::append_heights(out, level);
  level_file::append_edges(out, level);
  level_file::append_shapes(out, level);
  level_file::append_agents_and_terrains(out, level);
  level_file::append_units(out, level);
  level_file::append_exercise(out, level);
  out += "\n}\n";
  return out;
}

}  // namespace astar
