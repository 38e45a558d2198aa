// Level files, format version 1: parsing with nlohmann::json, writing by hand (one line per grid
// row), saving with write_atomically (file_io.hpp). Every failure is a Result; nothing throws
// out of the public functions.
#include "astar/level_io.hpp"

#include <algorithm>
#include <charconv>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <initializer_list>
#include <limits>
#include <map>
#include <new>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "astar/file_io.hpp"
#include "astar/search.hpp"
#include "text_file.hpp"

namespace astar {

namespace {

using json = nlohmann::json;

constexpr std::string_view kFormatName = "astar-studio-level";
constexpr std::int64_t kMaxClimbLimit = 2 * kMaxAbsHeight;  // the largest possible height step
constexpr int kMaxJumpHeight = JumpRules::kMaxHeight;  // rules.jump.up and .down
constexpr int kMaxJumpGap = JumpRules::kMaxGap;        // rules.jump.gap
constexpr int kMaxNesting = 16;         // a level file needs 4; deeper input is refused early
constexpr std::size_t kMaxQuoted = 60;  // longest piece of input quoted back in a message

// A parse failure, thrown inside this file only and turned into "source: field: reason".
struct Fail {
  std::string field;
  std::string reason;
};

const std::string kUnnamed;  // the field of a grid cell, named by the caller on failure

[[noreturn]] void fail(std::string field, std::string reason) {
  throw Fail{std::move(field), std::move(reason)};
}

// ---------------------------------------------------------------------------------------------
// Numbers as text (locale-independent).

// Appends the shortest text that reads back as exactly v; integral values print without a
// decimal point ("10", not "10.0" or "1e+01").
void append_number(std::string& out, double v) {
  if (!std::isfinite(v)) {  // JSON has no NaN/inf; only reachable for levels save_level refuses
    out += "null";
    return;
  }
  char buf[64];
  const auto r = v == std::floor(v) && std::fabs(v) < 1e15
                     ? std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v))
                     : std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

std::string number_text(double v) {
  std::string s;
  append_number(s, v);
  return s;
}

// A double rounded to float the way the reader does it (values just above FLT_MAX that round to
// it are clamped explicitly: the cast itself is not defined for them).
float to_float(double d) {
  if (d > FLT_MAX) return FLT_MAX;
  if (d < -FLT_MAX) return -FLT_MAX;
  return static_cast<float>(d);
}

// Appends the shortest text that the reader (text -> double -> float) turns back into exactly f.
void append_float(std::string& out, float f) {
  if (!std::isfinite(f) || (f == std::floor(f) && std::fabs(f) < 1e15f)) {
    append_number(out, static_cast<double>(f));
    return;
  }
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, f);
  double back = 0.0;
  const auto b = std::from_chars(buf, r.ptr, back);
  if (b.ec == std::errc{} && to_float(back) == f)
    out.append(buf, r.ptr);
  else
    append_number(out, static_cast<double>(f));  // exact as a double, hence exact as a float
}

std::string float_text(float f) {
  std::string s;
  append_float(s, f);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Describing input in messages.

// Cuts s to at most n bytes without splitting a UTF-8 sequence, marking the cut with "...".
std::string shorten(std::string s, std::size_t n) {
  if (s.size() <= n) return s;
  std::size_t cut = n;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  s.resize(cut);
  return s + "...";
}

std::string quoted(const std::string& s) {
  return shorten(json(s).dump(-1, ' ', false, json::error_handler_t::replace), kMaxQuoted);
}

// A JSON value as it appears after "got": 42, 2.5, "NaN", true, null, array, object.
std::string describe(const json& j) {
  switch (j.type()) {
    case json::value_t::number_integer: return std::to_string(j.get<std::int64_t>());
    case json::value_t::number_unsigned: return std::to_string(j.get<std::uint64_t>());
    case json::value_t::number_float: return number_text(j.get<double>());
    case json::value_t::string: return quoted(j.get_ref<const std::string&>());
    case json::value_t::boolean: return j.get<bool>() ? "true" : "false";
    case json::value_t::null: return "null";
    default: return j.type_name();
  }
}

std::string cell_text(std::int64_t x, std::int64_t y) {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
}

// An object key as part of a field path: plain keys as they are, others JSON-quoted.
std::string key_text(const std::string& key) {
  const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
  });
  return plain ? key : quoted(key);
}

std::string member(const std::string& parent, const std::string& key) {
  return parent.empty() ? key_text(key) : parent + "." + key_text(key);
}

std::string element(const std::string& parent, std::size_t i) {
  return parent + "[" + std::to_string(i) + "]";
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// ---------------------------------------------------------------------------------------------
// Typed access. Each function names `field` in its failure.

void expect_object(const json& j, const std::string& field) {
  if (!j.is_object()) fail(field, std::string("expected an object, got ") + j.type_name());
}

void expect_array(const json& j, const std::string& field) {
  if (!j.is_array()) fail(field, std::string("expected an array, got ") + j.type_name());
}

const std::string& get_string(const json& j, const std::string& field) {
  if (!j.is_string()) fail(field, std::string("expected a string, got ") + j.type_name());
  return j.get_ref<const std::string&>();
}

const json& require(const json& obj, const char* key, const std::string& parent) {
  const auto it = obj.find(key);
  if (it == obj.end()) fail(member(parent, key), "missing field");
  return *it;
}

const json* optional_member(const json& obj, const char* key) {
  const auto it = obj.find(key);
  return it == obj.end() ? nullptr : &*it;
}

// Refuses keys not in `known` (typos such as "wals" would otherwise be silently ignored).
void check_keys(const json& obj, const std::string& parent,
                std::initializer_list<std::string_view> known) {
  for (const auto& [key, value] : obj.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string reason = "unknown field";
    for (std::string_view k : known)
      if (edit_distance(key, k) <= 2) {
        reason += " (did you mean \"" + std::string(k) + "\"?)";
        break;
      }
    fail(member(parent, key), reason);
  }
}

// An integer, written as 6 or 6.0 (not 6.5, not "6"), within lo..hi. `range_text` replaces
// "must be lo..hi" in the message for values outside.
std::int64_t get_int(const json& j, const std::string& field, std::int64_t lo, std::int64_t hi,
                     std::string range_text = {}) {
  auto out_of_range = [&]() {
    if (range_text.empty()) range_text = "must be " + std::to_string(lo) + ".." + std::to_string(hi);
    fail(field, range_text + ", got " + describe(j));
  };
  switch (j.type()) {
    case json::value_t::number_integer: {
      const auto v = j.get<std::int64_t>();
      if (v < lo || v > hi) out_of_range();
      return v;
    }
    case json::value_t::number_unsigned: {
      const auto v = j.get<std::uint64_t>();
      if (v > static_cast<std::uint64_t>(INT64_MAX) || static_cast<std::int64_t>(v) < lo ||
          static_cast<std::int64_t>(v) > hi)
        out_of_range();
      return static_cast<std::int64_t>(v);
    }
    case json::value_t::number_float: {
      const double d = j.get<double>();
      if (d != std::floor(d)) fail(field, "expected an integer, got " + describe(j));
      // The bounds used here are far below 2^53 (exact as doubles) or INT64 extremes, for which
      // the 9e18 test keeps the conversion below defined.
      if (d < static_cast<double>(lo) || d > static_cast<double>(hi) || std::fabs(d) >= 9e18)
        out_of_range();
      return static_cast<std::int64_t>(d);
    }
    default: fail(field, std::string("expected an integer, got ") + j.type_name());
  }
}

// A finite number.
double get_number(const json& j, const std::string& field) {
  if (!j.is_number()) fail(field, "must be a finite number, got " + describe(j));
  const double d = j.get<double>();
  if (!std::isfinite(d)) fail(field, "must be a finite number, got " + describe(j));
  return d;
}

// Doubles from this midpoint upwards round to infinity as floats.
constexpr double kFloatOverflow = 0x1.ffffffp+127;

// A number > 0 that fits the float cost layer without becoming 0 or infinity.
float get_cost(const json& j, const std::string& field) {
  const double d = get_number(j, field);
  if (!(d > 0)) fail(field, "must be > 0, got " + describe(j));
  if (d >= kFloatOverflow) fail(field, "must be at most " + float_text(FLT_MAX) + ", got " + describe(j));
  const float f = to_float(d);
  if (f == 0.0f)
    fail(field, "must be at least " + float_text(std::numeric_limits<float>::denorm_min()) +
                    ", got " + describe(j));
  return f;
}

// A weight of an edge override: a finite number > 0.
double get_weight(const json& j, const std::string& field) {
  const double d = get_number(j, field);
  if (!(d > 0)) fail(field, "must be > 0, got " + describe(j));
  return d;
}

// [x, y] as two integers (any values; the caller checks them against the level).
Cell get_cell(const json& j, const std::string& field) {
  if (!j.is_array() || j.size() != 2) {
    const std::string got = j.is_array()    ? "an array of " + std::to_string(j.size()) + " values"
                            : j.is_object() ? "an object"
                                            : describe(j);
    fail(field, "expected [x, y], got " + got);
  }
  const auto x = get_int(j[0], element(field, 0), INT_MIN, INT_MAX);
  const auto y = get_int(j[1], element(field, 1), INT_MIN, INT_MAX);
  return {static_cast<int>(x), static_cast<int>(y)};
}

std::string outside_text(const Level& level) {
  return " is outside the level (0, 0)-" + cell_text(level.width() - 1, level.height() - 1);
}

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

// The "jump" member of "rules" as saved (the caller omits it when all fields are 0).
std::string jump_rules_json(const JumpRules& j) {
  return "{\"up\": " + std::to_string(j.up) + ", \"down\": " + std::to_string(j.down) +
         ", \"gap\": " + std::to_string(j.gap) + ", \"up_cost\": " + number_text(j.up_cost) +
         ", \"down_cost\": " + number_text(j.down_cost) +
         ", \"across_cost\": " + number_text(j.across_cost) + "}";
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
// JSON text -> document, with field paths for duplicate keys and number overflow.

struct PathTracker {
  struct Frame {
    bool array = false;
    std::size_t count = 0;  // arrays: values seen so far
    std::string key;        // objects: the current key
    std::set<std::string> keys;
  };
  std::vector<Frame> stack;

  // The field name of the value at depth `depth` frames (the whole stack by default).
  std::string path(std::size_t depth) const {
    std::string p;
    for (std::size_t i = 0; i < depth; ++i) {
      const Frame& f = stack[i];
      if (f.array)
        p = element(p, f.count == 0 ? 0 : f.count - 1);
      else
        p = member(p, f.key);
    }
    return p;
  }

  // The field name of the value the parser is about to read.
  std::string pending() const {
    if (stack.empty()) return "top level";
    std::string p = path(stack.size() - 1);
    const Frame& f = stack.back();
    return f.array ? element(p, f.count) : member(p, f.key);
  }

  void value_starts() {
    if (!stack.empty() && stack.back().array) ++stack.back().count;
  }

  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (depth >= kMaxNesting) fail(pending(), "nested too deeply");
        value_starts();
        stack.push_back({event == json::parse_event_t::array_start, 0, {}, {}});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack.empty()) stack.pop_back();
        break;
      case json::parse_event_t::key: {
        if (stack.empty()) break;
        Frame& f = stack.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second) fail(path(stack.size()), "duplicate key");
        break;
      }
      case json::parse_event_t::value:
        value_starts();
        break;
    }
    return true;
  }
};

// "line L, column C" of the character at byte offset `index` (0-based; may be text.size()).
std::string position_text(std::string_view text, std::size_t index) {
  index = std::min(index, text.size());
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < index; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  return "line " + std::to_string(line) + ", column " + std::to_string(index - line_start + 1);
}

// The length of the well-formed UTF-8 sequence starting at s[i], or 0 when there is none.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = b(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

// Text for a message: bytes that are not UTF-8 (quoted from a bad file) shown as <0xFF>.
std::string valid_utf8(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (const std::size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "<0x%02X>", static_cast<unsigned>(static_cast<unsigned char>(s[i++])));
      out += buf;
    }
  }
  return out;
}

json parse_document(std::string_view text) {
  // UTF-16 would only fail on its first character, with a message quoting a stray byte.
  if (text.size() >= 2) {
    const auto b0 = static_cast<unsigned char>(text[0]), b1 = static_cast<unsigned char>(text[1]);
    if ((b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF)) {
      char bom[8];
      std::snprintf(bom, sizeof bom, "%02X %02X", b0, b1);
      fail(position_text(text, 0), std::string("invalid JSON: the file is UTF-16 (it starts with the "
                                               "byte order mark ") + bom + "); save it as UTF-8");
    }
  }
  PathTracker tracker;
  try {
    return json::parse(text.begin(), text.end(), std::ref(tracker));
  } catch (const json::parse_error& e) {
    // e.byte counts the characters read, the offending one included.
    const std::size_t index = e.byte == 0 ? 0 : e.byte - 1;
    // The parser reads a NUL byte as the end of the input: say what it is.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos && nul <= index)
      fail(position_text(text, nul), "invalid JSON: a NUL byte; level files are UTF-8 text "
                                     "(is this one UTF-16, or not text at all?)");
    std::string reason = e.what();
    const auto at = reason.find("parse error");
    const auto colon = reason.find(": ", at == std::string::npos ? 0 : at);
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    fail(position_text(text, index), "invalid JSON: " + shorten(valid_utf8(reason), 200));
  } catch (const json::out_of_range& e) {
    if (e.id != 406) throw;  // "number overflow parsing '1e999'"
    std::string token = e.what();
    const auto open = token.find('\'');
    const auto close = token.rfind('\'');
    token = open != std::string::npos && close > open ? token.substr(open + 1, close - open - 1)
                                                      : std::string("a number out of range");
    fail(tracker.pending(), "must be a finite number, got " + shorten(token, kMaxQuoted));
  }
}

// ---------------------------------------------------------------------------------------------
// The big grids read straight from the text. A 4096² level's "cost" and "heights" are 134 MB of
// numbers: as a document they took about 800 MB (16 bytes a number, plus the arrays' spare
// room) and most of the load time. Rows of plain JSON numbers are read here with from_chars into
// flat arrays, and the document parser gets the rest of the text, each grid replaced by `null`
// and the whitespace that keeps every later character on the line and column it had (messages
// quote them). Anything unusual in a grid (a value that is not a JSON number, a number too large
// for a double, "[]") leaves that grid in the text for the document parser, so every message
// stays what it was; a grid's refused values are kept and reported when the grid's turn comes in
// parse_document_level, so the order of messages does not change either.

struct GridRows {
  std::vector<std::uint32_t> row_sizes;
  std::vector<float> costs;           // "cost", row after row
  std::vector<std::int32_t> heights;  // "heights"
  std::optional<Fail> first_error;    // the first refused value...
  std::size_t error_row = 0;          // ...and its row
};

struct TakenGrids {
  std::optional<GridRows> cost, heights;
};

constexpr std::size_t kNone = std::string_view::npos;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::size_t skip_space(std::string_view t, std::size_t i) {
  while (i < t.size() && is_space(t[i])) ++i;
  return i;
}

// The end of the string opening at t[i] == '"', or kNone.
std::size_t string_end(std::string_view t, std::size_t i) {
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\')
      ++i;
    else if (t[i] == '"')
      return i + 1;
  }
  return kNone;
}

// The end of the value starting at t[i], or kNone. Not checked (the document parser does that).
std::size_t value_end(std::string_view t, std::size_t i) {
  int depth = 0;
  while (i < t.size()) {
    const char c = t[i];
    if (c == '"') {
      i = string_end(t, i);
      if (i == kNone || depth == 0) return i;
    } else if (c == '[' || c == '{') {
      ++depth, ++i;
    } else if (c == ']' || c == '}') {
      if (depth == 0) return i;
      ++i;
      if (--depth == 0) return i;
    } else if (depth == 0 && (c == ',' || is_space(c))) {
      return i;
    } else {
      ++i;
    }
  }
  return depth == 0 ? i : kNone;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The end of the JSON number at t[i] (JSON's grammar: no "01", "1.", ".5", "+1", "inf"), or kNone.
std::size_t number_end(std::string_view t, std::size_t i) {
  const std::size_t n = t.size();
  if (i < n && t[i] == '-') ++i;
  if (i < n && t[i] == '0') {
    ++i;
  } else if (i < n && t[i] >= '1' && t[i] <= '9') {
    while (i < n && is_digit(t[i])) ++i;
  } else {
    return kNone;
  }
  if (i < n && t[i] == '.') {
    const std::size_t digits = ++i;
    while (i < n && is_digit(t[i])) ++i;
    if (i == digits) return kNone;
  }
  if (i < n && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < n && (t[i] == '+' || t[i] == '-')) ++i;
    const std::size_t digits = i;
    while (i < n && is_digit(t[i])) ++i;
    if (i == digits) return kNone;
  }
  return i;
}

// A value the quick test refused, judged as the document path judges it: `get` (get_cost or
// get_int) either returns it or throws the message, kept for later. False when the number is not
// one the document parser reads at all (1e999): the grid is then left to it.
template <class T, class Get>
bool judge_slowly(std::string_view token, GridRows& g, std::vector<T>& to, const char* name,
                  std::size_t y, std::size_t x, Get&& get) {
  json v;
  try {
    v = json::parse(token);
  } catch (const json::exception&) {
    return false;
  }
  try {
    to.push_back(static_cast<T>(get(v, element(element(name, y), x))));
  } catch (Fail& f) {
    if (!g.first_error) g.first_error = std::move(f), g.error_row = y;
    to.push_back(T{});
  }
  return true;
}

bool take_cost(std::string_view token, GridRows& g, std::size_t y, std::size_t x) {
  double d = 0;
  const auto r = std::from_chars(token.data(), token.data() + token.size(), d);
  if (r.ec == std::errc{} && r.ptr == token.data() + token.size() && d > 0 && d < kFloatOverflow) {
    if (const float f = to_float(d); f != 0.0f) {
      g.costs.push_back(f);
      return true;
    }
  }
  return judge_slowly(token, g, g.costs, "cost", y, x, get_cost);
}

bool take_height(std::string_view token, GridRows& g, std::size_t y, std::size_t x) {
  std::int64_t v = 0;
  const auto r = std::from_chars(token.data(), token.data() + token.size(), v);
  if (r.ec == std::errc{} && r.ptr == token.data() + token.size() && v >= -kMaxAbsHeight &&
      v <= kMaxAbsHeight) {
    g.heights.push_back(static_cast<std::int32_t>(v));
    return true;
  }
  return judge_slowly(token, g, g.heights, "heights", y, x, [](const json& j, const std::string& f) {
    return get_int(j, f, -kMaxAbsHeight, kMaxAbsHeight);
  });
}

// Reads [[n, n, ...], ...] at t[i] into g; the end, or kNone to leave the grid to the document.
template <class Take>
std::size_t take_grid(std::string_view t, std::size_t i, GridRows& g, Take&& take) {
  const std::size_t start = i;
  const std::size_t n = t.size();
  i = skip_space(t, i + 1);  // past '['
  if (i < n && t[i] == ']') return kNone;  // "[]": too short to stand in for (see take_grids)
  for (;;) {
    if (i >= n || t[i] != '[') return kNone;
    const std::size_t y = g.row_sizes.size();
    std::size_t x = 0;
    i = skip_space(t, i + 1);
    if (i < n && t[i] != ']') {
      for (;;) {
        const std::size_t end = number_end(t, i);
        if (end == kNone || !take(t.substr(i, end - i), g, y, x)) return kNone;
        ++x;
        i = skip_space(t, end);
        if (i < n && t[i] == ',') {
          i = skip_space(t, i + 1);
          continue;
        }
        break;
      }
    }
    if (i >= n || t[i] != ']' || x > UINT32_MAX) return kNone;
    g.row_sizes.push_back(static_cast<std::uint32_t>(x));
    i = skip_space(t, i + 1);
    if (i < n && t[i] == ',') {
      i = skip_space(t, i + 1);
      continue;
    }
    if (i >= n || t[i] != ']') return kNone;
    return i + 1 - start < 4 ? kNone : i + 1;
  }
}

// Takes the top-level "cost" and "heights" grids out of the text when they are plain rows of
// numbers. Returns the text for the document parser, or nothing (then it reads `text` itself
// and `out` stays empty).
std::optional<std::string> take_grids(std::string_view t, TakenGrids& out) {
  struct Span {
    std::size_t begin, end;
  };
  std::vector<Span> spans;
  auto give_up = [&]() {
    out = {};
    return std::nullopt;
  };
  const std::size_t n = t.size();
  std::size_t i = skip_space(t, 0);
  if (i >= n || t[i] != '{') return std::nullopt;
  i = skip_space(t, i + 1);
  while (i < n && t[i] != '}') {
    if (t[i] != '"') return give_up();
    const std::size_t key_end = string_end(t, i);
    if (key_end == kNone) return give_up();
    const std::string_view key = t.substr(i + 1, key_end - i - 2);
    i = skip_space(t, key_end);
    if (i >= n || t[i] != ':') return give_up();
    i = skip_space(t, i + 1);
    std::optional<GridRows>* slot = key == "cost" ? &out.cost : key == "heights" ? &out.heights : nullptr;
    std::size_t end = kNone;
    // A second "cost" stays in the text, where the document parser calls it a duplicate.
    if (slot && !*slot && i < n && t[i] == '[') {
      GridRows g;
      end = key == "cost" ? take_grid(t, i, g, take_cost) : take_grid(t, i, g, take_height);
      if (end != kNone) {
        *slot = std::move(g);
        spans.push_back({i, end});
      }
    }
    if (end == kNone) end = value_end(t, i);
    if (end == kNone) return give_up();
    i = skip_space(t, end);
    if (i < n && t[i] == ',') {
      i = skip_space(t, i + 1);
    } else if (i >= n || t[i] != '}') {
      return give_up();
    }
  }
  if (spans.empty()) return give_up();
  // Each grid becomes "null" and whitespace: as many line breaks as it had, then enough spaces
  // that what follows keeps its column (or, on one line, its offset).
  std::string rest;
  std::size_t from = 0;
  for (const Span& s : spans) {
    rest.append(t.substr(from, s.begin - from));
    rest += "null";
    const std::string_view grid = t.substr(s.begin, s.end - s.begin);
    const auto breaks = static_cast<std::size_t>(std::count(grid.begin(), grid.end(), '\n'));
    if (breaks == 0) {
      rest.append(grid.size() - 4, ' ');
    } else {
      rest.append(breaks, '\n');
      rest.append(grid.size() - grid.rfind('\n') - 1, ' ');
    }
    from = s.end;
  }
  rest.append(t.substr(from));
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Lessons: "description" (text) and "search" (the settings the level suggests), e.g.
//   "search": {"algorithm": "greedy", "heuristic": "octile", "max_iterations": 500}

constexpr std::size_t kMaxDescription = 20000;  // characters

bool get_bool(const json& j, const std::string& field) {
  if (!j.is_boolean()) fail(field, "expected true or false, got " + describe(j));
  return j.get<bool>();
}

// A name one of `parse` accepts, e.g. an algorithm's; `names` lists them for the message.
template <class Parse>
std::string get_name(const json& j, const std::string& field, Parse&& parse, const std::string& names) {
  const std::string& v = get_string(j, field);
  if (!parse(v)) fail(field, "unknown name " + describe(j) + " (expected " + names + ")");
  return v;
}

template <class Enum, class Name>
std::string names_of(Name&& name) {
  std::string out;
  for (int i = 0; i < static_cast<int>(Enum::_Max); ++i)
    out += (i ? ", " : "") + std::string(name(static_cast<Enum>(i)));
  return out;
}

SearchPreset parse_preset(const json& j) {
  expect_object(j, "search");
  check_keys(j, "search", {"algorithm", "heuristic", "weight", "tie_break", "partial_path",
                           "max_iterations", "smooth"});
  SearchPreset p;
  if (const json* v = optional_member(j, "algorithm"))
    p.algorithm = get_name(*v, "search.algorithm", parse_algorithm,
                           names_of<Algorithm>([](Algorithm a) { return info(a).name; }));
  if (const json* v = optional_member(j, "heuristic"))
    p.heuristic = get_name(*v, "search.heuristic", parse_heuristic,
                           names_of<Heuristic>([](Heuristic h) { return to_string(h); }));
  if (const json* v = optional_member(j, "weight")) {
    const double w = get_number(*v, "search.weight");
    if (!(w >= 1.0 && w <= 100.0)) fail("search.weight", "must be 1..100, got " + describe(*v));
    p.weight = w;
  }
  if (const json* v = optional_member(j, "tie_break"))
    p.tie_break = get_name(*v, "search.tie_break", parse_tie_break,
                           names_of<TieBreak>([](TieBreak t) { return to_string(t); }));
  if (const json* v = optional_member(j, "partial_path")) p.partial_path = get_bool(*v, "search.partial_path");
  if (const json* v = optional_member(j, "max_iterations"))
    p.max_iterations = get_int(*v, "search.max_iterations", 1, INT64_MAX / 2, "must be an integer >= 1");
  if (const json* v = optional_member(j, "smooth")) p.smooth = get_bool(*v, "search.smooth");
  if (p.weight && p.algorithm != "weighted-astar")
    fail("search.weight", "applies to \"algorithm\": \"weighted-astar\" only");
  return p;
}

void parse_lesson(const json& root, Level& level) {
  if (const json* d = optional_member(root, "description")) {
    level.description = get_string(*d, "description");
    if (level.description.size() > kMaxDescription)
      fail("description", "at most " + std::to_string(kMaxDescription) + " characters, got " +
                              std::to_string(level.description.size()));
  }
  if (const json* s = optional_member(root, "search")) level.preset = parse_preset(*s);
}

// A string as JSON text, whole (quoted() shortens for messages).
std::string json_text(const std::string& s) {
  return json(s).dump(-1, ' ', false, json::error_handler_t::replace);
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
  out += "  \"search\": {";
  for (std::size_t i = 0; i < fields.size(); ++i) out += (i ? ", " : "") + fields[i];
  out += "},\n";
}

// ---------------------------------------------------------------------------------------------
// Collision shapes: "shapes": [{"circle": [x, y, r]}, {"box": [min_x, min_y, max_x, max_y]}, ...]
// and rules.agent_radius. Kept apart from the rest so the format's other parts read as before.

double get_agent_radius(const json& j, const std::string& field) {
  const double v = get_number(j, field);
  if (const std::string why = check_agent_radius(v); !why.empty()) fail(field, why);
  return v;
}

// `n` finite numbers in an array, e.g. [x, y, r].
std::vector<double> get_numbers(const json& j, const std::string& field, std::size_t n,
                                const char* form) {
  if (!j.is_array() || j.size() != n) {
    const std::string got = j.is_array()    ? "an array of " + std::to_string(j.size()) + " values"
                            : j.is_object() ? "an object"
                                            : describe(j);
    fail(field, std::string("expected ") + form + ", got " + got);
  }
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = get_number(j[i], element(field, i));
  return v;
}

void parse_shapes(const json& shapes, Level& level) {
  expect_array(shapes, "shapes");
  if (shapes.size() > kMaxShapes)
    fail("shapes", "at most " + std::to_string(kMaxShapes) + " shapes, got " +
                       std::to_string(shapes.size()));
  std::vector<Shape> out;
  out.reserve(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const std::string field = element("shapes", i);
    const json& e = shapes[i];
    expect_object(e, field);
    check_keys(e, field, {"circle", "box"});
    const json* circle = optional_member(e, "circle");
    const json* box = optional_member(e, "box");
    if (circle && box) fail(field, "has both \"circle\" and \"box\"; give exactly one");
    if (!circle && !box)
      fail(field, "needs \"circle\": [x, y, r] or \"box\": [min_x, min_y, max_x, max_y]");
    Shape shape;
    std::string sub;
    if (circle) {
      sub = field + ".circle";
      const auto v = get_numbers(*circle, sub, 3, "[x, y, r]");
      shape = Circle{v[0], v[1], v[2]};
    } else {
      sub = field + ".box";
      const auto v = get_numbers(*box, sub, 4, "[min_x, min_y, max_x, max_y]");
      shape = Box{v[0], v[1], v[2], v[3]};
    }
    if (const std::string why = check_shape(shape); !why.empty()) fail(sub, why);
    out.push_back(shape);
  }
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

std::string rgb_text(std::uint32_t rgb) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%06x", rgb & 0xFFFFFFu);
  return buf;
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

// Appends ",\n  \"shapes\": [...]" (one shape per line), or nothing when there are none.
void append_shapes(std::string& out, const Level& level) {
  if (level.shapes().empty()) return;
  out += ",\n  \"shapes\": [\n";
  for (std::size_t i = 0; i < level.shapes().size(); ++i) {
    const Shape& shape = level.shapes()[i];
    std::vector<double> v;
    if (const auto* c = std::get_if<Circle>(&shape))
      v = {c->x, c->y, c->r};
    else if (const auto* b = std::get_if<Box>(&shape))
      v = {b->min_x, b->min_y, b->max_x, b->max_y};
    out += "    {\"";
    out += shape_kind(shape);
    out += "\": [";
    for (std::size_t k = 0; k < v.size(); ++k) {
      if (k) out += ", ";
      append_number(out, v[k]);
    }
    out += "]}";
    out += i + 1 < level.shapes().size() ? ",\n" : "\n";
  }
  out += "  ]";
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

void parse_rules(const json& rules, MovementRules& r) {
  expect_object(rules, "rules");
  check_keys(rules, "rules", {"neighbours", "diagonal", "max_climb", "max_drop", "climb_cost",
                              "drop_cost", "jump", "agent_radius"});
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
    const EdgeOverride override = parse_edge_override(e, field);
    const Level::EdgeKey key{to_u32(level.index(from)), *dir};
    if (const auto [it, inserted] = seen.emplace(key, i); !inserted)
      fail(field, "duplicate edge from " + cell_text(from.x, from.y) + " going " +
                      std::string(dir_name(*dir)) + " (first given as edges[" +
                      std::to_string(it->second) + "])");
    level.set_edge(from, *dir, override);
  }
}

// The whole level, in the order its messages are promised: format and version, keys, size,
// walls' shape, then each field.
Level parse_document_level(const json& root, const TakenGrids& taken) {
  check_format_and_version(root);
  check_keys(root, "", {"format", "version", "name", "description", "search", "width", "height",
                        "start", "goal", "rules", "walls", "cost", "heights", "edges", "shapes",
                        "agents", "terrains"});
  const GridShape shape = read_size(root);
  const json& walls = check_walls_shape(root, shape);

  Level level(static_cast<int>(shape.w), static_cast<int>(shape.h));
  if (const json* name = optional_member(root, "name")) level.name = get_string(*name, "name");
  parse_lesson(root, level);
  level.set_start(get_cell(require(root, "start", ""), "start"));
  level.set_goal(get_cell(require(root, "goal", ""), "goal"));
  if (const json* rules = optional_member(root, "rules")) parse_rules(*rules, level.rules());
  read_walls(walls, shape.h, level);
  read_cost_and_heights(root, taken, shape, level);
  if (const json* edges = optional_member(root, "edges")) parse_edges(*edges, level);
  if (const json* shapes = optional_member(root, "shapes")) parse_shapes(*shapes, level);
  if (const json* agents = optional_member(root, "agents")) parse_agents(*agents, level);
  if (const json* terrains = optional_member(root, "terrains")) parse_terrains(*terrains, level);

  if (const std::string msg = level.check_endpoints(); !msg.empty())
    fail_with_model_message(msg, {"start", "goal"});
  return level;
}

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
      (p.max_iterations && *p.max_iterations < 1))
    return "search has a value the reader would refuse";
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
  return check_saveable_shapes(level);
}

// ---------------------------------------------------------------------------------------------
// Files.

std::string size_text(std::uintmax_t bytes) { return std::to_string(bytes) + " bytes"; }

Status save_level_impl(const Level& level, const std::string& path) {
  const std::string prefix = path + ": cannot save: ";
  if (const std::string msg = check_saveable(level); !msg.empty()) return Error{prefix + msg};
  const std::string text = level_to_json(level);
  if (text.size() > kMaxLevelFileBytes)
    return Error{prefix + "the file would be " + size_text(text.size()) + ", more than the limit of " +
                 size_text(kMaxLevelFileBytes)};
  return write_atomically(path, text);
}

thread_local int t_grids_read_directly = 0;

}  // namespace

int detail::grids_read_directly() { return t_grids_read_directly; }

Result<Level> parse_level(std::string_view json_text, std::string_view source) {
  const std::string src(source);
  return detail::guard_load<Level>(src, [&]() -> Result<Level> {
    try {
      TakenGrids taken;
      const std::optional<std::string> rest = take_grids(json_text, taken);
      t_grids_read_directly = (taken.cost ? 1 : 0) + (taken.heights ? 1 : 0);
      return parse_document_level(parse_document(rest ? std::string_view(*rest) : json_text), taken);
    } catch (const Fail& f) {
      return Error{src + ": " + f.field + ": " + f.reason};
    }
  });
}

Result<Level> load_level(const std::string& path) {
  return detail::guard_load<Level>(path, [&]() -> Result<Level> {
    Result<std::string> text = detail::read_text_file(path, kMaxLevelFileBytes);
    if (!text) return Error{text.error()};
    return parse_level(text.value(), path);
  });
}

std::string level_to_json(const Level& level) {
  const int w = level.width();
  const int h = level.height();
  const MovementRules& r = level.rules();
  auto cell_json = [](Cell c) { return "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]"; };
  auto limit_json = [](int v) { return v == kUnlimited ? std::string("null") : std::to_string(v); };
  const auto& costs = level.costs();
  const auto& heights = level.heights();
  const bool write_costs = std::any_of(costs.begin(), costs.end(), [](float c) { return c != 1.0f; });
  const bool write_heights =
      std::any_of(heights.begin(), heights.end(), [](std::int32_t v) { return v != 0; });

  std::string out;
  // Roughly: walls, plus up to 16 characters per cost and 10 per height.
  out.reserve(1024 + static_cast<std::size_t>(level.cell_count()) *
                         (1 + (write_costs ? 16 : 0) + (write_heights ? 10 : 0)) +
              level.edges().size() * 64);
  out += "{\n";
  out += "  \"format\": \"" + std::string(kFormatName) + "\",\n";
  out += "  \"version\": " + std::to_string(kLevelFormatVersion) + ",\n";
  out += "  \"name\": " + json_text(level.name) + ",\n";
  append_lesson(out, level);
  out += "  \"width\": " + std::to_string(w) + ",\n";
  out += "  \"height\": " + std::to_string(h) + ",\n";
  out += "  \"start\": " + cell_json(level.start()) + ",\n";
  out += "  \"goal\": " + cell_json(level.goal()) + ",\n";
  out += "  \"rules\": {\n";
  out += "    \"neighbours\": " + std::string(to_string(r.neighbours)) + ",\n";
  out += "    \"diagonal\": \"" + std::string(to_string(r.diagonal)) + "\",\n";
  out += "    \"max_climb\": " + limit_json(r.max_climb) + ",\n";
  out += "    \"max_drop\": " + limit_json(r.max_drop) + ",\n";
  out += "    \"climb_cost\": " + number_text(r.climb_cost);
  // Written only when set, so levels without them read as before.
  if (r.drop_cost != 0.0) out += ",\n    \"drop_cost\": " + number_text(r.drop_cost);
  if (r.jump != JumpRules{}) out += ",\n    \"jump\": " + jump_rules_json(r.jump);
  if (r.agent_radius != 0.0) out += ",\n    \"agent_radius\": " + number_text(r.agent_radius);
  out += "\n  }";

  // A grid: one line per row.
  auto grid = [&](const char* name, auto&& row_text) {
    out += ",\n  \"";
    out += name;
    out += "\": [\n";
    for (int y = 0; y < h; ++y) {
      out += "    ";
      row_text(y);
      out += y + 1 < h ? ",\n" : "\n";
    }
    out += "  ]";
  };
  grid("walls", [&](int y) {
    out += '"';
    for (int x = 0; x < w; ++x) out += level.wall({x, y}) ? '#' : '.';
    out += '"';
  });
  if (write_costs)
    grid("cost", [&](int y) {
      out += '[';
      for (int x = 0; x < w; ++x) {
        if (x) out += ", ";
        append_float(out, costs[to_u32(level.index({x, y}))]);
      }
      out += ']';
    });
  if (write_heights)
    grid("heights", [&](int y) {
      out += '[';
      for (int x = 0; x < w; ++x) {
        if (x) out += ", ";
        char buf[16];
        out.append(buf, std::to_chars(buf, buf + sizeof buf, level.height_at({x, y})).ptr);
      }
      out += ']';
    });
  if (!level.edges().empty()) {
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
  append_shapes(out, level);
  append_agents_and_terrains(out, level);
  out += "\n}\n";
  return out;
}

Status save_level(const Level& level, const std::string& path) {
  try {
    return save_level_impl(level, path);
  } catch (const std::bad_alloc&) {
    return Error{path + ": cannot save: out of memory"};
  } catch (const std::exception& e) {
    return Error{path + ": cannot save: " + e.what()};
  } catch (...) {
    return Error{path + ": cannot save: unexpected error"};
  }
}

}  // namespace astar
