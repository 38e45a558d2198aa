// Plans other MAPF programs write, read and written (plan_formats.hpp): Kei18's tick lines, Li's
// agent lines, MAPF Tracker's action strings.
#include "astar/plan_formats.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

#include "astar/format.hpp"
#include "base/text_file.hpp"

namespace astar {

namespace {

constexpr std::string_view kExpectedPlan =
    "expected a plan: tick lines 't:(x,y),...' (Kei18's mapf-visualizer, LaCAM), "
    "'Agent i: (row,col)->...' (Jiaoyang Li's solvers) or strings of u, d, l, r, w "
    "(MAPF Tracker)";

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The text's lines, 1-based, without their '\n' or a '\r' before it. A final '\n' ends the last
// line (it does not start an empty one).
struct Line {
  std::size_t number = 0;
  std::string_view text;
  bool blank() const {
    return std::all_of(text.begin(), text.end(), [](char c) { return is_blank(c); });
  }
};
std::vector<Line> lines_of(std::string_view text) {
  std::vector<Line> out;
  std::size_t start = 0, number = 1;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back({number++, line});
    start = end + 1;
  }
  return out;
}

// What stands at s[i] for a message: "'foo'" (up to the next space or comma, or a cell "(a,b)"
// whole; at most 24 characters, bytes that are not printable as \xNN), or "the end of the line".
std::string got(std::string_view s, std::size_t i) {
  if (i >= s.size()) return "the end of the line";
  std::size_t end = i + 1;
  const bool cell = s[i] == '(';
  while (end < s.size() && end - i < 24 && !is_blank(s[end]) && (cell || s[end] != ',') && s[end - 1] != ')') ++end;
  std::string out = "'";
  for (std::size_t k = i; k < end; ++k) {
    const auto c = static_cast<unsigned char>(s[k]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      std::array<char, 5> hex{};
      std::snprintf(hex.data(), hex.size(), "\\x%02x", c);
      out += hex.data();
    }
  }
  return out + (end < s.size() && end - i >= 24 ? "...'" : "'");
}

// Reads one line left to right; each read_* returns an empty string or what is wrong.
struct Cursor {
  std::string_view s;
  std::size_t i = 0;
  void skip_blanks() {
    while (i < s.size() && is_blank(s[i])) ++i;
  }
  bool at_end() {
    skip_blanks();
    return i >= s.size();
  }
  bool eat(std::string_view token) {
    skip_blanks();
    if (s.substr(i, token.size()) != token) return false;
    i += token.size();
    return true;
  }
  std::string expect(std::string_view token, std::string_view what) {
    if (eat(token)) return {};
    return "expected " + std::string(what) + ", got " + got(s, i);
  }
  // A whole number (a '-' first when `negative`) whose magnitude is at most `limit`.
  std::string read_int(long long limit, bool negative, std::string_view name, long long& out);
  // "(a,b)": x then y, or with `row_first` y then x.
  std::string read_cell(bool row_first, std::string_view shape, Cell& out);
};

std::string Cursor::read_int(long long limit, bool negative, std::string_view name, long long& out) {
  skip_blanks();
  const std::size_t start = i;
  const bool minus = negative && i < s.size() && s[i] == '-';
  if (minus) ++i;
  long long v = 0;
  bool too_large = false;
  const std::size_t digits = i;
  while (i < s.size() && is_digit(s[i])) {
    v = too_large ? v : v * 10 + (s[i] - '0');
    too_large = too_large || v > limit;
    ++i;
  }
  const bool trailing = i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.');
  if (i == digits || trailing || too_large) {
    const std::string range = negative ? std::to_string(-limit) + ".." + std::to_string(limit)
                                       : "0.." + std::to_string(limit);
    return "expected a whole number " + range + " for " + std::string(name) + ", got " + got(s, start);
  }
  out = minus ? -v : v;
  return {};
}

std::string Cursor::read_cell(bool row_first, std::string_view shape, Cell& out) {
  if (std::string why = expect("(", "'" + std::string(shape) + "'"); !why.empty()) return why;
  long long a = 0, b = 0;
  const std::string_view first = row_first ? "the row" : "x", second = row_first ? "the column" : "y";
  if (std::string why = read_int(kMaxPlanCoordinate, true, first, a); !why.empty()) return why;
  if (std::string why = expect(",", "',' after " + std::string(first)); !why.empty()) return why;
  if (std::string why = read_int(kMaxPlanCoordinate, true, second, b); !why.empty()) return why;
  if (std::string why = expect(")", "')' after " + std::string(second)); !why.empty()) return why;
  out = row_first ? Cell{static_cast<int>(b), static_cast<int>(a)} : Cell{static_cast<int>(a), static_cast<int>(b)};
  return {};
}

std::string at_line(std::string_view source, std::size_t line, const std::string& why) {
  return std::string(source) + ": line " + std::to_string(line) + ": " + why;
}

std::string units_clause(const PlanReadOptions& o) {
  return "the problem has " + std::to_string(o.units) + (o.units == 1 ? " unit" : " units") +
         (o.units_note.empty() ? "" : " (" + o.units_note + ")");
}

// "key=value" before the ticks (LaCAM's header): a name of letters, digits and '_' then '='.
bool is_key_value(std::string_view line) {
  const std::size_t eq = line.find('=');
  if (eq == std::string_view::npos || eq == 0) return false;
  return std::all_of(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(eq), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || is_blank(c);
  });
}

// Letters and counts that start with a count or an action letter: the tracker's (a letter it
// has not is named when the line is read).
bool is_tracker_text(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos) return false;
  const char c0 = line[first];
  return (is_digit(c0) || std::string_view("udlrwUDLRW").find(c0) != std::string_view::npos) &&
         std::all_of(line.begin(), line.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || is_blank(c); });
}

// The tick lines' first cells and the text before them: "T:" with T a whole number.
bool is_tick_line(std::string_view line) {
  Cursor c{line};
  c.skip_blanks();
  const std::size_t digits = c.i;
  while (c.i < line.size() && is_digit(line[c.i])) ++c.i;
  return c.i > digits && c.eat(":");
}

// The entries so far plus `more`, within kMaxPlanEntries; else why not.
std::string entries_problem(std::size_t so_far, std::size_t more) {
  if (so_far + more <= kMaxPlanEntries) return {};
  return "the plan has more than " + count_text(static_cast<std::int64_t>(kMaxPlanEntries)) +
         " cells in all (the limit)";
}

// [SECTION] Kei18: "t:(x,y),(x,y),...", after LaCAM's "key=value" lines.

struct Kei18Header {
  std::optional<std::size_t> solved_zero_line;  // the line of "solved=0"
};

// One tick line's cells into `cells`; empty or what is wrong.
std::string read_tick_line(std::string_view line, std::size_t expected_tick, std::vector<Cell>& cells) {
  Cursor c{line};
  long long t = 0;
  const std::size_t start = (c.skip_blanks(), c.i);
  if (std::string why = c.read_int(static_cast<long long>(kMaxPlanTicks), false, "the tick", t);
      !why.empty())
    return "expected a tick line 't:(x,y),...', got " + got(line, start);
  if (static_cast<std::size_t>(t) != expected_tick)
    return "expected tick " + std::to_string(expected_tick) + " (ticks go 0, 1, 2, ... in order), got " +
           std::to_string(t);
  if (std::string why = c.expect(":", "':' after the tick"); !why.empty()) return why;
  cells.clear();
  while (!c.at_end()) {
    Cell cell;
    if (std::string why = c.read_cell(false, "(x,y)", cell); !why.empty()) return why;
    cells.push_back(cell);
    if (!c.eat(",") && !c.at_end()) return "expected ',' between cells, got " + got(line, c.i);
  }
  if (cells.empty()) return "tick " + std::to_string(t) + " lists no cell";
  return {};
}

std::string check_tick_width(std::size_t cells, std::size_t first, const PlanReadOptions& o) {
  const std::string listed = std::to_string(cells) + (cells == 1 ? " cell" : " cells");
  if (o.units != 0 && cells != o.units) return listed + ", one per unit, but " + units_clause(o);
  if (cells != first)
    return listed + ", but the first tick lists " + std::to_string(first) + " (one per unit)";
  return {};
}

Result<std::vector<UnitPlan>> parse_kei18(std::string_view source, const std::vector<Line>& lines,
                                          const PlanReadOptions& o) {
  std::vector<UnitPlan> plans;
  std::vector<Cell> cells;
  Kei18Header header;
  std::size_t ticks = 0;
  for (const Line& line : lines) {
    if (line.blank()) continue;
    if (ticks == 0 && !is_tick_line(line.text) && is_key_value(line.text)) {
      const std::string_view t = line.text;
      if (t.substr(0, t.find('=')) == "solved" && t.substr(t.find('=') + 1) == "0")
        header.solved_zero_line = line.number;
      continue;
    }
    if (std::string why = read_tick_line(line.text, ticks, cells); !why.empty())
      return Error{at_line(source, line.number, why)};
    if (ticks == kMaxPlanTicks + 1)
      return Error{at_line(source, line.number, "more than " + std::to_string(kMaxPlanTicks) + " ticks (the limit)")};
    if (std::string why = check_tick_width(cells.size(), ticks == 0 ? cells.size() : plans.size(), o);
        !why.empty())
      return Error{at_line(source, line.number, why)};
    if (std::string why = entries_problem(ticks * cells.size(), cells.size()); !why.empty())
      return Error{at_line(source, line.number, why)};
    if (ticks == 0) plans.resize(cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) plans[i].cells.push_back(cells[i]);
    ++ticks;
  }
  if (ticks == 0 && header.solved_zero_line)
    return Error{at_line(source, *header.solved_zero_line, "solved=0: the solver found no plan")};
  if (ticks == 0) return Error{std::string(source) + ": no tick lines 't:(x,y),...' after the key=value lines"};
  return plans;
}

// [SECTION] Li: "Agent i: (r,c)->(r,c)->..."

std::string read_agent_line(std::string_view line, std::size_t expected_agent, std::vector<Cell>& cells,
                            std::size_t entries) {
  Cursor c{line};
  const std::string expected_head = "'Agent " + std::to_string(expected_agent) + ":'";
  if (!c.eat("Agent")) return "expected " + expected_head + ", got " + got(line, (c.skip_blanks(), c.i));
  long long agent = 0;
  const std::size_t number = (c.skip_blanks(), c.i);
  if (!c.read_int(static_cast<long long>(kMaxPlanEntries), false, "the agent", agent).empty() ||
      static_cast<std::size_t>(agent) != expected_agent)
    return "expected " + expected_head + " (agents go 0, 1, 2, ... in order), got " + got(line, number);
  if (std::string why = c.expect(":", "':' after the agent's number"); !why.empty()) return why;
  cells.clear();
  while (!c.at_end()) {
    Cell cell;
    if (std::string why = c.read_cell(true, "(row,col)", cell); !why.empty()) return why;
    if (cells.size() == kMaxPlanTicks + 1)
      return "agent " + std::to_string(agent) + " has more than " + std::to_string(kMaxPlanTicks) + " ticks (the limit)";
    if (std::string why = entries_problem(entries, cells.size() + 1); !why.empty()) return why;
    cells.push_back(cell);
    if (!c.eat("->") && !c.at_end()) return "expected '->' between cells, got " + got(line, c.i);
  }
  if (cells.empty()) return "agent " + std::to_string(agent) + " has no cell (a plan starts with its start)";
  return {};
}

Result<std::vector<UnitPlan>> parse_li(std::string_view source, const std::vector<Line>& lines,
                                       const PlanReadOptions& o) {
  std::vector<UnitPlan> plans;
  std::size_t entries = 0;
  for (const Line& line : lines) {
    if (line.blank()) continue;
    if (o.units != 0 && plans.size() == o.units)
      return Error{at_line(source, line.number, "more agents than units: " + units_clause(o))};
    UnitPlan p;
    if (std::string why = read_agent_line(line.text, plans.size(), p.cells, entries); !why.empty())
      return Error{at_line(source, line.number, why)};
    entries += p.cells.size();
    plans.push_back(std::move(p));
  }
  if (o.units != 0 && plans.size() != o.units)
    return Error{std::string(source) + ": " +
                 (plans.size() == 1 ? std::string("1 agent (Agent 0)")
                                    : std::to_string(plans.size()) + " agents (Agent 0 to Agent " +
                                          std::to_string(plans.size() - 1) + ")") +
                 ", but " + units_clause(o)};
  return plans;
}

// [SECTION] MAPF Tracker: "3r2uw..." from each unit's start.

// The tracker's lines: those up to the last that is not blank.
std::size_t tracker_line_count(const std::vector<Line>& lines) {
  std::size_t n = lines.size();
  while (n > 0 && lines[n - 1].blank()) --n;
  return n;
}

// One action, with the count before it, from c: its letter (lower case) and count; empty or
// what is wrong.
std::string read_action(Cursor& c, char& action, std::size_t& count) {
  const std::string_view line = c.s;
  const std::size_t start = c.i;
  count = 1;
  if (is_digit(line[c.i])) {
    std::size_t n = 0;
    bool too_large = false;
    for (; c.i < line.size() && is_digit(line[c.i]); ++c.i) {
      n = too_large ? n : n * 10 + static_cast<std::size_t>(line[c.i] - '0');
      too_large = too_large || n > kMaxPlanTicks;
    }
    if (too_large || n == 0)
      return "expected a count 1.." + std::to_string(kMaxPlanTicks) + " before an action, got " + got(line, start);
    count = n;
  }
  action = c.i < line.size() ? static_cast<char>(std::tolower(static_cast<unsigned char>(line[c.i]))) : '\0';
  if (action == '\0' || std::string_view("udlrw").find(action) == std::string_view::npos)
    return "expected an action u, d, l, r or w (a count before one repeats it), got " + got(line, c.i) +
           " (character " + std::to_string(c.i + 1) + ")";
  ++c.i;
  return {};
}

// A unit's actions appended to `cells` (its start first); `entries`: the cells of the units
// before it. Empty or what is wrong.
std::string read_actions(std::string_view line, bool flip, std::vector<Cell>& cells, std::size_t entries) {
  Cursor c{line};
  const int up = flip ? 1 : -1;  // the y step of 'u'
  while (!c.at_end()) {
    char a = 'w';
    std::size_t n = 1;
    if (std::string why = read_action(c, a, n); !why.empty()) return why;
    const Cell d = a == 'u' ? Cell{0, up} : a == 'd' ? Cell{0, -up} : a == 'l' ? Cell{-1, 0}
                   : a == 'r' ? Cell{1, 0} : Cell{0, 0};
    if (cells.size() - 1 + n > kMaxPlanTicks)
      return "more than " + std::to_string(kMaxPlanTicks) + " actions (the limit)";
    if (std::string why = entries_problem(entries + cells.size(), n); !why.empty()) return why;
    for (std::size_t k = 0; k < n; ++k) cells.push_back({cells.back().x + d.x, cells.back().y + d.y});
  }
  return {};
}

Result<std::vector<UnitPlan>> parse_tracker(std::string_view source, const std::vector<Line>& lines,
                                            const PlanReadOptions& o) {
  const std::size_t n = tracker_line_count(lines);
  if (o.starts.empty())
    return Error{std::string(source) + ": the tracker format needs the units' starts (from a scenario or a level)"};
  const std::size_t units = o.units != 0 ? o.units : o.starts.size();
  if (n != units || o.starts.size() != units) {
    PlanReadOptions shown = o;
    shown.units = units;
    return Error{std::string(source) + ": " + std::to_string(n) + (n == 1 ? " line" : " lines") +
                 ", one per unit, but " + units_clause(shown)};
  }
  std::vector<UnitPlan> plans(n);
  std::size_t entries = 0;
  for (std::size_t i = 0; i < n; ++i) {
    plans[i].cells.push_back(o.starts[i]);
    if (std::string why = read_actions(lines[i].text, o.flip_up_down, plans[i].cells, entries); !why.empty())
      return Error{at_line(source, lines[i].number, "unit " + std::to_string(i) + ": " + why)};
    entries += plans[i].cells.size();
  }
  return plans;
}

Result<ReadPlans> parse_plans_unguarded(std::string_view text, std::string_view source,
                                        const PlanReadOptions& o) {
  PlanFormat format{};
  if (o.format) {
    format = *o.format;
  } else {
    auto told = plan_format_of(text, source);
    if (!told) return Error{told.error()};
    format = told.value();
  }
  const std::vector<Line> lines = lines_of(text);
  Result<std::vector<UnitPlan>> plans = format == PlanFormat::Kei18 ? parse_kei18(source, lines, o)
                                        : format == PlanFormat::Li  ? parse_li(source, lines, o)
                                                                    : parse_tracker(source, lines, o);
  if (!plans) return Error{plans.error()};
  if (plans.value().empty()) return Error{std::string(source) + ": the plan has no unit"};
  return ReadPlans{format, std::move(plans).value()};
}

// [SECTION] Writing

std::string cell_pair(int a, int b) { return "(" + std::to_string(a) + "," + std::to_string(b) + ")"; }

Result<std::string> kei18_text(const std::vector<UnitPlan>& plans) {
  std::size_t end = 0;
  for (const UnitPlan& p : plans) end = std::max(end, p.cells.size() - 1);
  if (end > kMaxPlanTicks || (end + 1) * plans.size() > kMaxPlanEntries)
    return Error{std::to_string(plans.size()) + " units over " + std::to_string(end + 1) +
                 " ticks are more than " + count_text(static_cast<std::int64_t>(kMaxPlanEntries)) +
                 " cells, the most a plan is read with (Kei18's format lists every unit at every tick)"};
  std::string out;
  for (std::size_t t = 0; t <= end; ++t) {
    out += std::to_string(t) + ":";
    for (const UnitPlan& p : plans) out += cell_pair(p.at(t).x, p.at(t).y) + ",";
    out += "\n";
  }
  return out;
}

std::string li_text(const std::vector<UnitPlan>& plans) {
  std::string out;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    out += "Agent " + std::to_string(i) + ": ";
    for (const Cell c : plans[i].cells) out += cell_pair(c.y, c.x) + "->";
    out += "\n";
  }
  return out;
}

Result<std::string> tracker_text(const std::vector<UnitPlan>& plans, bool flip) {
  std::string out;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const std::vector<Cell>& cells = plans[i].cells;
    if (cells.size() == 1) out += 'w';
    for (std::size_t t = 1; t < cells.size(); ++t) {
      const int dx = cells[t].x - cells[t - 1].x, dy = (cells[t].y - cells[t - 1].y) * (flip ? -1 : 1);
      const char a = dx == 0 && dy == 0 ? 'w' : dy == 0 && dx == 1 ? 'r' : dy == 0 && dx == -1 ? 'l'
                     : dx == 0 && dy == 1 ? 'd' : dx == 0 && dy == -1 ? 'u' : '\0';
      if (a == '\0')
        return Error{"unit " + std::to_string(i) + " moves from " + cell_text(cells[t - 1]) + " to " +
                     cell_text(cells[t]) + " between t = " + std::to_string(t - 1) + " and t = " +
                     std::to_string(t) + ": the tracker's actions are one step up, down, left or right, or a wait"};
      out += a;
    }
    out += '\n';
  }
  return out;
}

}  // namespace

std::string_view to_string(PlanFormat f) {
  switch (f) {
    case PlanFormat::Kei18: return "kei18";
    case PlanFormat::Li: return "li";
    case PlanFormat::Tracker: return "tracker";
  }
  return "kei18";
}

std::optional<PlanFormat> plan_format_from(std::string_view name) {
  for (PlanFormat f : {PlanFormat::Kei18, PlanFormat::Li, PlanFormat::Tracker})
    if (to_string(f) == name) return f;
  return std::nullopt;
}

std::string_view plan_format_label(PlanFormat f) {
  switch (f) {
    case PlanFormat::Kei18: return "Kei18's mapf-visualizer (t:(x,y),...)";
    case PlanFormat::Li: return "Jiaoyang Li's (Agent i: (row,col)->...)";
    case PlanFormat::Tracker: return "MAPF Tracker's (u, d, l, r, w from the starts)";
  }
  return "";
}

Result<PlanFormat> plan_format_of(std::string_view text, std::string_view source) {
  const std::string name(source);
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    return Error{name + ": not a text file (a NUL byte at offset " + std::to_string(nul) + "); " +
                 std::string(kExpectedPlan)};
  for (const Line& line : lines_of(text)) {
    if (line.blank()) continue;
    Cursor c{line.text};
    if (c.eat("Agent")) return PlanFormat::Li;
    if (is_tick_line(line.text) || is_key_value(line.text)) return PlanFormat::Kei18;
    if (is_tracker_text(line.text)) return PlanFormat::Tracker;
    return Error{at_line(source, line.number, std::string(kExpectedPlan) + ", got " + got(line.text, (c.skip_blanks(), c.i)))};
  }
  return Error{name + ": empty; " + std::string(kExpectedPlan)};
}

Result<std::size_t> plan_unit_count(std::string_view text, std::string_view source,
                                    std::optional<PlanFormat> format) {
  return detail::guard_load<std::size_t>(std::string(source), [&]() -> Result<std::size_t> {
    PlanFormat f{};
    if (format) {
      f = *format;
    } else {
      auto told = plan_format_of(text, source);
      if (!told) return Error{told.error()};
      f = told.value();
    }
    if (f == PlanFormat::Tracker) {
      const std::size_t n = tracker_line_count(lines_of(text));
      if (n == 0) return Error{std::string(source) + ": empty; " + std::string(kExpectedPlan)};
      return n;
    }
    auto read = parse_plans_unguarded(text, source, {.format = f});
    if (!read) return Error{read.error()};
    return read.value().plans.size();
  });
}

Result<ReadPlans> parse_plans(std::string_view text, std::string_view source, const PlanReadOptions& options) {
  return detail::guard_load<ReadPlans>(std::string(source),
                                       [&] { return parse_plans_unguarded(text, source, options); });
}

Result<std::string> read_plan_file(const std::string& path) {
  return detail::guard_load<std::string>(path, [&] { return detail::read_text_file(path, kMaxPlanFileBytes); });
}

Result<ReadPlans> load_plans(const std::string& path, const PlanReadOptions& options) {
  return detail::guard_load<ReadPlans>(path, [&]() -> Result<ReadPlans> {
    auto text = detail::read_text_file(path, kMaxPlanFileBytes);
    if (!text) return Error{text.error()};
    return parse_plans_unguarded(text.value(), path, options);
  });
}

Result<std::string> plans_text(const std::vector<UnitPlan>& plans, PlanFormat format, bool flip_up_down) {
  if (plans.empty()) return Error{"no plans to write"};
  for (std::size_t i = 0; i < plans.size(); ++i)
    if (plans[i].cells.empty()) return Error{"unit " + std::to_string(i) + "'s plan is empty"};
  switch (format) {
    case PlanFormat::Kei18: return kei18_text(plans);
    case PlanFormat::Li: return li_text(plans);
    case PlanFormat::Tracker: return tracker_text(plans, flip_up_down);
  }
  return Error{"unknown plan format"};
}

}  // namespace astar
