// Typed access to a level file's fields, and how messages quote them: see json_fields.hpp.
#include "base/json_fields.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cfloat>
#include <limits>
#include <utility>

#include "base/json_numbers.hpp"

namespace astar::level_file {

namespace {

// An object key as part of a field path: plain keys as they are, others JSON-quoted.
std::string key_text(const std::string& key) {
  const bool plain = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
  });
  return plain ? key : quoted(key);
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

}  // namespace

void fail(std::string field, std::string reason) { throw Fail{std::move(field), std::move(reason)}; }

// ---------------------------------------------------------------------------------------------
// Describing input in messages.

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

std::string member(const std::string& parent, const std::string& key) {
  return parent.empty() ? key_text(key) : parent + "." + key_text(key);
}

std::string element(const std::string& parent, std::size_t i) {
  return parent + "[" + std::to_string(i) + "]";
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
                     std::string range_text) {
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

bool get_bool(const json& j, const std::string& field) {
  if (!j.is_boolean()) fail(field, "expected true or false, got " + describe(j));
  return j.get<bool>();
}

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

}  // namespace astar::level_file
