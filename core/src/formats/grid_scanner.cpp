// A level file's big grids read straight from its text: see grid_scanner.hpp.
#include "formats/grid_scanner.hpp"

#include <algorithm>
#include <charconv>
#include <system_error>
#include <utility>

#include "astar/level.hpp"
#include "base/json_numbers.hpp"
#include "astar/number_chars.hpp"

namespace astar::level_file {

namespace {

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
  const auto r = parse_double(token.data(), token.data() + token.size(), d);
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

}  // namespace

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

}  // namespace astar::level_file
