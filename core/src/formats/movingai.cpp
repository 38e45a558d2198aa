// MovingAI .map and .scen files. Every failure is a Result; nothing throws out of the public
// functions.
#include "astar/movingai.hpp"


#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "astar/file_io.hpp"
#include "astar/level_io.hpp"  // kMaxLevelFileBytes
#include "astar/number_chars.hpp"
#include "base/text_file.hpp"

namespace astar {

namespace {

// [SECTION] Text helpers

// The lines of a text, numbered from 1, without their '\n' and one trailing '\r' (CRLF files).
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }  // of the line last returned

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
};

bool is_blank(char c) { return c == ' ' || c == '\t'; }

bool blank_line(std::string_view line) {
  for (char c : line)
    if (!is_blank(c)) return false;
  return true;
}

// Fields separated by runs of spaces and tabs.
std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    if (i >= line.size()) break;
    const std::size_t b = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    out.push_back(line.substr(b, i - b));
  }
  return out;
}

// A character for a message: itself when printable ASCII, else an escape ("\r", "\x01").
std::string char_text(char c) {
  const auto u = static_cast<unsigned char>(c);
  switch (c) {
    case '\t': return "\\t";
    case '\r': return "\\r";
    case '\'': return "\\'";
    case '\\': return "\\\\";
    default: break;
  }
  if (u >= 0x20 && u < 0x7F) return std::string(1, c);
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(u));
  return buf;
}

// A piece of text for a message, quoted, escaped and cut to a readable length.
std::string quoted(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string out = "'";
  for (std::size_t i = 0; i < s.size() && i < kMax; ++i) out += char_text(s[i]);
  if (s.size() > kMax) out += "...";
  out += "'";
  return out;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

// A whole number written with digits only. nullopt when not digits; INT64_MAX when too large.
std::optional<std::int64_t> parse_whole(std::string_view s) {
  if (!all_digits(s)) return std::nullopt;
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range) return INT64_MAX;
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// A decimal number >= 0: digits with an optional fraction and exponent ("3.41421", "12",
// ".5", "1.5e2"). Fills the number of digits after the point and the exponent.
bool decimal_parts(std::string_view s, int& decimals, int& exponent) {
  std::size_t i = 0;
  std::size_t int_digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++int_digits;
  decimals = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++decimals;
  }
  if (int_digits == 0 && decimals == 0) return false;
  exponent = 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    const std::size_t b = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == b || i - b > 4) return false;
    int e = 0;
    std::from_chars(s.data() + b, s.data() + i, e);
    exponent = negative ? -e : e;
  }
  return i == s.size();
}

std::string file_name(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

// [SECTION] .map

constexpr std::string_view kMapChars = " (passable: . G S; blocked: @ O T W)";

// A .map's text being read: its lines, the line last read, and messages naming the line.
struct MapText {
  std::string src;
  Lines lines;
  std::string_view line;

  Error at_line(int n, const std::string& why) const {
    return Error{src + ": line " + std::to_string(n) + ": " + why};
  }
  // The next line that is not blank; false at the end of the text.
  bool next_nonblank() {
    while (lines.next(line))
      if (!blank_line(line)) return true;
    return false;
  }
};

// A .map's size, each side 1..kMaxSide.
struct MapSize {
  std::int64_t width = 0, height = 0;
};

// The first line: "type octile".
Status read_map_type(MapText& m) {
  if (!m.next_nonblank()) return m.at_line(m.lines.number() + 1, "empty file, expected 'type octile'");
  const auto f = split_fields(m.line);
  if (f.size() != 2 || f[0] != "type")
    return m.at_line(m.lines.number(), "expected 'type octile', got " + quoted(m.line));
  if (f[1] != "octile")
    return m.at_line(m.lines.number(), "type: unsupported map type " + quoted(f[1]) +
                                           " (expected octile)");
  return Ok{};
}

// "height H" and "width W" (either order), then "map".
Result<MapSize> read_map_size(MapText& m) {
  std::optional<std::int64_t> height, width;
  for (;;) {
    if (!m.next_nonblank())
      return m.at_line(m.lines.number() + 1, "the file ends before the 'map' line");
    const auto f = split_fields(m.line);
    if (f.size() == 1 && f[0] == "map") break;
    const bool is_height = !f.empty() && f[0] == "height";
    const bool is_width = !f.empty() && f[0] == "width";
    if (!is_height && !is_width)
      return m.at_line(m.lines.number(),
                       "expected 'height H', 'width W' or 'map', got " + quoted(m.line));
    const std::string key(f[0]);
    std::optional<std::int64_t>& slot = is_height ? height : width;
    if (slot) return m.at_line(m.lines.number(), key + ": given more than once");
    if (f.size() != 2)
      return m.at_line(m.lines.number(), key + ": expected '" + key + " N', got " + quoted(m.line));
    const auto v = parse_whole(f[1]);
    if (!v) return m.at_line(m.lines.number(), key + ": expected a whole number, got " + quoted(f[1]));
    if (*v < 1 || *v > kMaxSide)
      return m.at_line(m.lines.number(), key + " must be 1.." + std::to_string(kMaxSide) +
                                             ", got " + std::string(f[1]));
    slot = *v;
  }
  const int map_line = m.lines.number();
  if (!height) return m.at_line(map_line, "'map' before the 'height' line");
  if (!width) return m.at_line(map_line, "'map' before the 'width' line");
  // Each side is within limits; check_size also bounds their product (before allocating).
  if (std::string why = Level::check_size(*width, *height); !why.empty())
    return m.at_line(map_line, why);
  return MapSize{*width, *height};
}

// The rows after "map": `height` of them, each `width` map characters, then only blank lines.
// Checked before the level is made, so a file of a few bytes that claims 4096 x 4096 cells is
// refused without allocating them.
Status check_map_rows(MapText& m, MapSize size) {
  const auto w = static_cast<std::size_t>(size.width);
  for (int y = 0; y < static_cast<int>(size.height); ++y) {
    if (!m.lines.next(m.line))
      return m.at_line(m.lines.number() + 1, "expected " + std::to_string(size.height) +
                                                 " rows (height), got " + std::to_string(y) +
                                                 " (the file ends)");
    const std::string row = m.src + ": row " + std::to_string(y);
    if (m.line.size() != w)
      return Error{row + ": expected " + std::to_string(w) + " characters (width), got " +
                   std::to_string(m.line.size())};
    for (std::size_t x = 0; x < w; ++x)
      if (!is_movingai_map_char(m.line[x]))
        return Error{row + ", column " + std::to_string(x) + ": unexpected character '" +
                     char_text(m.line[x]) + "'" + std::string(kMapChars)};
  }
  while (m.lines.next(m.line))
    if (!blank_line(m.line))
      return m.at_line(m.lines.number(), "unexpected text after the " +
                                             std::to_string(size.height) +
                                             " rows of the map: " + quoted(m.line));
  return Ok{};
}

// The level from rows check_map_rows accepted; start and goal on the first open cell.
Level map_level(Lines rows, MapSize size, std::string_view source) {
  const auto w = static_cast<std::size_t>(size.width);
  const int h = static_cast<int>(size.height);
  Level level(static_cast<int>(size.width), h);
  level.rules() = movingai_rules();
  level.name = file_name(source);
  std::optional<Cell> first_open;
  std::string_view line;
  for (int y = 0; y < h && rows.next(line); ++y)
    for (std::size_t x = 0; x < w; ++x) {
      const Cell cell{static_cast<int>(x), y};
      if (is_movingai_passable(line[x])) {
        if (!first_open) first_open = cell;
      } else {
        level.set_wall(cell, true);
      }
    }
  if (first_open) {
    level.set_start(*first_open);
    level.set_goal(*first_open);
  }
  return level;
}

Result<Level> parse_map(std::string_view text, std::string_view source) {
  MapText m{std::string(source), Lines(text), {}};
  if (Status s = read_map_type(m); !s) return Error{s.error()};
  const Result<MapSize> size = read_map_size(m);
  if (!size) return Error{size.error()};
  const Lines rows_start = m.lines;
  if (Status s = check_map_rows(m, size.value()); !s) return Error{s.error()};
  return map_level(rows_start, size.value(), source);
}

// [SECTION] .scen

constexpr int kScenFields = 9;
constexpr const char* kScenFieldNames[kScenFields] = {
    "bucket", "map", "map width", "map height", "start x",
    "start y", "goal x", "goal y", "optimal length"};

bool version_one(std::string_view v) {
  // "1", "1.0", "1.00", ...
  if (v.empty() || v[0] != '1') return false;
  if (v.size() == 1) return true;
  if (v[1] != '.' || v.size() == 2) return false;
  for (std::size_t i = 2; i < v.size(); ++i)
    if (v[i] != '0') return false;
  return true;
}

Result<std::vector<ScenarioQuery>> parse_scen(std::string_view text, std::string_view source) {
  const std::string src(source);
  Lines lines(text);
  std::string_view line;
  const auto at_line = [&](const std::string& why) {
    return Error{src + ": line " + std::to_string(lines.number()) + ": " + why};
  };

  bool have_version = false;
  std::vector<ScenarioQuery> out;
  while (lines.next(line)) {
    if (blank_line(line)) continue;
    const auto f = split_fields(line);
    if (!have_version) {
      if (f.empty() || f[0] != "version")
        return at_line("expected a 'version 1' line first, got " + quoted(line));
      if (f.size() != 2) return at_line("expected 'version 1', got " + quoted(line));
      if (!version_one(f[1]))
        return at_line("unsupported version " + quoted(f[1]) + " (expected 1 or 1.0)");
      have_version = true;
      continue;
    }
    if (f.size() != kScenFields)
      return at_line("expected " + std::to_string(kScenFields) +
                     " fields separated by tabs or spaces (bucket, map, map width, map height, "
                     "start x, start y, goal x, goal y, optimal length), got " +
                     std::to_string(f.size()));
    const auto field_error = [&](int i, const std::string& why) {
      return at_line("field " + std::to_string(i + 1) + " (" + kScenFieldNames[i] + "): " + why);
    };
    // Fields 1, 3..8: whole numbers >= 0.
    std::int64_t v[kScenFields] = {};
    for (int i : {0, 2, 3, 4, 5, 6, 7}) {
      const auto n = parse_whole(f[static_cast<std::size_t>(i)]);
      if (!n)
        return field_error(i, "expected a whole number >= 0, got " +
                                  quoted(f[static_cast<std::size_t>(i)]));
      v[i] = *n;
    }
    if (v[0] > INT32_MAX) return field_error(0, "too large, got " + quoted(f[0]));
    for (int i : {2, 3}) {
      if (v[i] < 1 || v[i] > kMaxSide)
        return field_error(i, "must be 1.." + std::to_string(kMaxSide) + ", got " +
                                  quoted(f[static_cast<std::size_t>(i)]));
    }
    for (int i : {4, 5, 6, 7}) {
      const bool is_x = i == 4 || i == 6;
      const std::int64_t limit = is_x ? v[2] : v[3];
      if (v[i] >= limit)
        return field_error(i, std::string(quoted(f[static_cast<std::size_t>(i)])) +
                                  " is outside the map (" + (is_x ? "width " : "height ") +
                                  std::to_string(limit) + ", so 0.." + std::to_string(limit - 1) +
                                  ")");
    }
    int decimals = 0, exponent = 0;
    double optimal = 0.0;
    const std::string_view opt = f[8];
    const auto [end, ec] = parse_double(opt.data(), opt.data() + opt.size(), optimal);
    if (!decimal_parts(opt, decimals, exponent) || ec != std::errc{} ||
        end != opt.data() + opt.size() || !std::isfinite(optimal))
      return field_error(8, "expected a number >= 0, got " + quoted(opt));

    ScenarioQuery q;
    q.line = lines.number();
    q.bucket = static_cast<int>(v[0]);
    q.map = std::string(f[1]);
    q.map_width = static_cast<int>(v[2]);
    q.map_height = static_cast<int>(v[3]);
    q.start = {static_cast<int>(v[4]), static_cast<int>(v[5])};
    q.goal = {static_cast<int>(v[6]), static_cast<int>(v[7])};
    q.optimal = optimal;
    q.optimal_text = std::string(opt);
    q.tolerance = movingai_tolerance(opt);
    out.push_back(std::move(q));
  }
  if (!have_version)
    return Error{src + ": line " + std::to_string(lines.number() + 1) +
                 ": expected a 'version 1' line first, got the end of the file"};
  return out;
}

}  // namespace

// [SECTION] Public functions

MovementRules movingai_rules() {
  MovementRules r;
  r.neighbours = Neighbours::Eight;
  r.diagonal = DiagonalPolicy::NoCornerCutting;
  r.max_climb = kUnlimited;
  r.max_drop = kUnlimited;
  r.climb_cost = 0.0;
  return r;
}

bool is_movingai_map_char(char c) {
  switch (c) {
    case '.': case 'G': case 'S': case '@': case 'O': case 'T': case 'W': return true;
    default: return false;
  }
}

bool is_movingai_passable(char c) { return c == '.' || c == 'G' || c == 'S'; }

Result<Level> parse_movingai_map(std::string_view text, std::string_view source) {
  const std::string src(source);
  return detail::guard_load<Level>(src, [&] { return parse_map(text, source); });
}

Result<Level> load_movingai_map(const std::string& path) {
  return detail::guard_load<Level>(path, [&]() -> Result<Level> {
    auto text = detail::read_text_file(path, kMaxLevelFileBytes);
    if (!text) return Error{text.error()};
    return parse_map(text.value(), path);
  });
}

std::string movingai_map_text(const Level& level) {
  std::string out = "type octile\nheight " + std::to_string(level.height()) + "\nwidth " +
                    std::to_string(level.width()) + "\nmap\n";
  out.reserve(out.size() + static_cast<std::size_t>(level.cell_count() + level.height()));
  for (int y = 0; y < level.height(); ++y) {
    for (int x = 0; x < level.width(); ++x) out += level.wall({x, y}) ? '@' : '.';
    out += '\n';
  }
  return out;
}

std::vector<std::string> movingai_export_losses(const Level& level) {
  std::vector<std::string> out;
  std::int64_t costs = 0;
  std::int64_t heights = 0;
  for (std::size_t i = 0; i < level.walls().size(); ++i) {
    if (level.walls()[i] != 0) continue;  // a wall's cost and height mean nothing
    costs += level.costs()[i] != 1.0f ? 1 : 0;
    heights += level.heights()[i] != 0 ? 1 : 0;
  }
  if (costs > 0) out.push_back("costs (" + std::to_string(costs) + " cells not 1)");
  if (heights > 0) out.push_back("heights (" + std::to_string(heights) + " cells not 0)");
  if (!level.edges().empty())
    out.push_back("edge overrides (" + std::to_string(level.edges().size()) + ")");
  if (!level.shapes().empty())
    out.push_back("collision shapes (" + std::to_string(level.shapes().size()) + ")");
  const MovementRules& r = level.rules();
  const MovementRules m = movingai_rules();
  if (r != m) {
    std::string what;
    const auto add = [&](const std::string& s) { what += (what.empty() ? "" : ", ") + s; };
    if (r.neighbours != m.neighbours)
      add(std::string(to_string(r.neighbours)) + " neighbours");
    if (r.diagonal != m.diagonal) add("diagonal " + std::string(to_string(r.diagonal)));
    if (r.max_climb != m.max_climb || r.max_drop != m.max_drop || r.climb_cost != m.climb_cost ||
        r.drop_cost != m.drop_cost)
      add("climb and drop rules");
    if (r.jump != m.jump) add("jumps");
    if (r.agent_radius != m.agent_radius) add("agent radius");
    out.push_back("movement rules (" + what +
                  "; MovingAI's are 8 neighbours, no corner cutting)");
  }
  return out;
}

Status save_movingai_map(const Level& level, const std::string& path) {
  try {
    return write_atomically(path, movingai_map_text(level));
  } catch (const std::bad_alloc&) {
    return Error{path + ": cannot save: out of memory"};
  }
}

double movingai_tolerance(std::string_view printed) {
  int decimals = 0, exponent = 0;
  if (!decimal_parts(printed, decimals, exponent)) return 0.5;
  return 0.5 * std::pow(10.0, exponent - decimals);
}

bool movingai_length_matches(const ScenarioQuery& q, double cost) {
  if (!std::isfinite(cost)) return false;
  const double diff = cost - q.optimal;
  return diff >= -q.tolerance && diff <= q.tolerance + q.optimal * kMovingAiSqrt2Shortfall;
}

Result<std::vector<ScenarioQuery>> parse_movingai_scen(std::string_view text,
                                                       std::string_view source) {
  const std::string src(source);
  return detail::guard_load<std::vector<ScenarioQuery>>(src, [&] { return parse_scen(text, source); });
}

Result<std::vector<ScenarioQuery>> load_movingai_scen(const std::string& path) {
  return detail::guard_load<std::vector<ScenarioQuery>>(path, [&]() -> Result<std::vector<ScenarioQuery>> {
    auto text = detail::read_text_file(path, kMaxLevelFileBytes);
    if (!text) return Error{text.error()};
    return parse_scen(text.value(), path);
  });
}

std::string resolve_movingai_map_path(const std::string& scen_path, std::string_view map_field) {
  namespace fs = std::filesystem;
  constexpr std::string_view kExt = ".scen";
  if (scen_path.size() > kExt.size() &&
      std::string_view(scen_path).substr(scen_path.size() - kExt.size()) == kExt) {
    const std::string stripped = scen_path.substr(0, scen_path.size() - kExt.size());
    std::error_code ec;
    if (fs::exists(stripped, ec) && !fs::is_directory(stripped, ec)) return stripped;
  }
  const fs::path folder = fs::path(scen_path).parent_path();
  const std::string name = file_name(map_field);
  return folder.empty() ? name : (folder / name).string();
}

Result<MovingAiScenario> load_movingai_scenario(const std::string& scen_path, std::size_t limit) {
  auto scen = load_movingai_scen(scen_path);
  if (!scen) return Error{scen.error()};
  MovingAiScenario out;
  out.queries = std::move(scen).value();
  if (limit > 0 && out.queries.size() > limit) out.queries.resize(limit);
  if (out.queries.empty()) return out;
  out.map_path = resolve_movingai_map_path(scen_path, out.queries.front().map);
  auto map = load_movingai_map(out.map_path);
  if (!map) return Error{map.error()};
  out.map = std::move(map).value();
  out.map.rules() = movingai_rules();
  return out;
}

MovementRules mapf_rules() {
  MovementRules r;
  r.neighbours = Neighbours::Four;
  return r;
}

namespace {
// Level::check_units' "units[5].start (3, 4) is units[2].start too" in the scenario's words:
// "line 7 (unit 5): start (3, 4) is unit 2's start too".
std::string scenario_unit_problem(const std::string& why, const std::vector<ScenarioQuery>& queries) {
  const std::size_t open = why.find('['), close = why.find(']');
  if (why.rfind("units[", 0) != 0 || close == std::string::npos) return why;
  const std::size_t k = std::stoul(why.substr(open + 1, close - open - 1));
  std::string rest = why.substr(close + 2);  // "start (3, 4) is units[2].start too"
  if (const std::size_t other = rest.find("units["); other != std::string::npos) {
    const std::size_t end = rest.find(']', other), dot = rest.find('.', end);
    const std::string field = rest.substr(dot + 1, rest.find(' ', dot) - dot - 1);
    rest = rest.substr(0, other) + "unit " + rest.substr(other + 6, end - other - 6) + "'s " + field +
           rest.substr(rest.find(' ', dot));
  }
  return "line " + std::to_string(queries[k].line) + " (unit " + std::to_string(k) + "): " + rest;
}
}  // namespace

Status add_movingai_units(Level& map, const std::string& scen_path, std::size_t agents) {
  if (agents < 1 || agents > kMaxUnits)
    return Error{scen_path + ": the number of agents must be 1.." + std::to_string(kMaxUnits) +
                 ", got " + std::to_string(agents)};
  auto read = load_movingai_scen(scen_path);
  if (!read) return Error{read.error()};
  std::vector<ScenarioQuery>& queries = read.value();
  if (queries.size() < agents)
    return Error{scen_path + ": " + std::to_string(agents) + " agents asked for, the scenario has " +
                 std::to_string(queries.size()) + " queries"};
  queries.resize(agents);
  Level level = map;
  level.rules() = mapf_rules();
  level.units.clear();
  for (const ScenarioQuery& q : queries) {
    if (q.map_width != level.width() || q.map_height != level.height())
      return Error{scen_path + ": line " + std::to_string(q.line) + ": the query is for a " +
                   std::to_string(q.map_width) + " x " + std::to_string(q.map_height) +
                   " map, the map is " + std::to_string(level.width()) + " x " +
                   std::to_string(level.height())};
    level.units.push_back(Unit{q.start, q.goal, std::nullopt});
  }
  if (const std::string why = level.check_units(); !why.empty())
    return Error{scen_path + ": " + scenario_unit_problem(why, queries)};
  map = std::move(level);
  return Ok{};
}

}  // namespace astar
