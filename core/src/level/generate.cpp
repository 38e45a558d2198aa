// Level generators (generate.hpp). Integer-only except the noise; every random choice comes from
// detail::Rng in a fixed order, so a recipe regenerates its level exactly.
#include "astar/generate.hpp"

#include "astar/format.hpp"

#include <stb_perlin.h>  // the implementation is compiled into libstb

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <system_error>
#include <utility>
#include <vector>

#include "astar/enum_names.hpp"
#include "astar/number_chars.hpp"
#include "base/random.hpp"

namespace astar {

namespace {

// [SECTION] Names and parameters

constexpr std::array<std::string_view, static_cast<std::size_t>(GeneratorKind::_Max)> kKindNames{
    "maze-backtracker", "maze-division", "rooms", "obstacles", "noise-costs", "noise-heights"};

constexpr int kMaxRooms = 1000;
constexpr int kMaxRoomSide = 1000;
constexpr double kMaxCost = 1'000'000.0;
constexpr double kMaxScale = 4096.0;
constexpr int kMaxOctaves = 8;

bool is_maze(GeneratorKind k) {
  return k == GeneratorKind::MazeBacktracker || k == GeneratorKind::MazeDivision;
}
bool is_noise(GeneratorKind k) {
  return k == GeneratorKind::NoiseCosts || k == GeneratorKind::NoiseHeights;
}

std::string quote_text(std::string_view s) {
  std::string out = "'";
  out += s;
  out += "'";
  return out;
}

std::optional<double> parse_number(std::string_view s) {
  double v = 0;
  if (s.empty() || s.front() == '+') return std::nullopt;
  const auto [end, ec] = parse_double(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<std::int64_t> parse_integer(std::string_view s) {
  std::int64_t v = 0;
  if (s.empty() || s.front() == '+') return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// "MIN..MAX" split in two; nullopt without "..".
std::optional<std::pair<std::string_view, std::string_view>> split_range(std::string_view s) {
  const std::size_t dots = s.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  return std::pair{s.substr(0, dots), s.substr(dots + 2)};
}

std::string range_text(double lo, double hi) { return number_text(lo) + ".." + number_text(hi); }

Error param_error(std::string_view name, const std::string& why) {
  std::string m(name);
  m += ": ";
  m += why;
  return Error{m};
}

std::string parameters_text(GeneratorKind k) {
  std::string out;
  for (std::string_view p : generator_parameters(k)) {
    if (!out.empty()) out += ", ";
    out += "--";
    out += p;
  }
  return out.empty() ? std::string("none") : out;
}

bool reads(GeneratorKind k, std::string_view param) {
  for (std::string_view p : generator_parameters(k))
    if (p == param) return true;
  return false;
}

// [SECTION] Start and goal

// Breadth-first steps over 4-connected (hex: 6-connected) open cells from `from`; fills dist (-1 = not reached,
// must be -1 for every cell to visit) and returns the last cell taken (a farthest one; the first
// in BFS order among equals) and the number of cells reached.
std::pair<std::uint32_t, std::int64_t> sweep(const Level& lv, std::uint32_t from,
                                             std::vector<std::int32_t>& dist,
                                             std::vector<std::uint32_t>& queue) {
  const auto w = static_cast<std::uint32_t>(lv.width());
  const auto h = static_cast<std::uint32_t>(lv.height());
  const std::vector<std::uint8_t>& walls = lv.walls();
  queue.clear();
  queue.push_back(from);
  dist[from] = 0;
  std::uint32_t last = from;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t i = queue[head];
    last = i;
    const std::uint32_t x = i % w;
    const std::uint32_t y = i / w;
    const std::int32_t d = dist[i] + 1;
    const auto visit = [&](std::uint32_t j) {
      if (walls[j] == 0 && dist[j] < 0) {
        dist[j] = d;
        queue.push_back(j);
      }
    };
    if (lv.is_hex()) {
      const Cell c{static_cast<int>(x), static_cast<int>(y)};
      for (Dir dir : lv.directions())
        if (const Cell n = lv.neighbour(c, dir); lv.in_bounds(n)) visit(to_u32(lv.index(n)));
      continue;
    }
    if (x > 0) visit(i - 1);
    if (x + 1 < w) visit(i + 1);
    if (y > 0) visit(i - w);
    if (y + 1 < h) visit(i + w);
  }
  return {last, static_cast<std::int64_t>(queue.size())};
}

// [SECTION] Mazes

// Maze rooms sit at odd (x, y): room (i, j) is cell (2i + 1, 2j + 1).
struct Lattice {
  int cols = 0;  // rooms per row: (width - 1) / 2
  int rows = 0;  // rooms per column: (height - 1) / 2
  Cell room(int i, int j) const { return {2 * i + 1, 2 * j + 1}; }
};

Lattice lattice_of(const Level& lv) { return {(lv.width() - 1) / 2, (lv.height() - 1) / 2}; }

void fill_walls(Level& lv) {
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, true);
}

// Depth-first carving from room (0, 0): step to a random unvisited neighbour room, opening the
// wall between; back up when there is none. A spanning tree of the rooms: a perfect maze.
void carve_backtracker(Level& lv, detail::Rng& rng) {
  const Lattice L = lattice_of(lv);
  fill_walls(lv);
  std::vector<std::uint8_t> visited(static_cast<std::size_t>(L.cols) * L.rows, 0);
  const auto id = [&](int i, int j) { return static_cast<std::size_t>(j) * L.cols + i; };
  std::vector<std::pair<int, int>> stack{{0, 0}};
  visited[0] = 1;
  lv.set_wall(L.room(0, 0), false);
  constexpr std::array<std::pair<int, int>, 4> kSteps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
  while (!stack.empty()) {
    const auto [i, j] = stack.back();
    std::array<std::pair<int, int>, 4> next{};
    int n = 0;
    for (const auto& [di, dj] : kSteps) {
      const int ni = i + di;
      const int nj = j + dj;
      if (ni >= 0 && nj >= 0 && ni < L.cols && nj < L.rows && !visited[id(ni, nj)])
        next[static_cast<std::size_t>(n++)] = {ni, nj};
    }
    if (n == 0) {
      stack.pop_back();
      continue;
    }
    const auto [ni, nj] = next[rng.below(static_cast<std::uint64_t>(n))];
    visited[id(ni, nj)] = 1;
    lv.set_wall({i + ni + 1, j + nj + 1}, false);  // the cell between (2i+1 + 2ni+1) / 2
    lv.set_wall(L.room(ni, nj), false);
    stack.emplace_back(ni, nj);
  }
}

// Recursive division (with an explicit stack): start with every cell inside the lattice open,
// split a chamber of rooms by a wall along an even row or column with one gap at a room, and
// split both halves until every chamber is one room wide. Also a perfect maze.
void carve_division(Level& lv, detail::Rng& rng) {
  const Lattice L = lattice_of(lv);
  fill_walls(lv);
  for (int y = 1; y <= 2 * L.rows - 1; ++y)
    for (int x = 1; x <= 2 * L.cols - 1; ++x) lv.set_wall({x, y}, false);
  struct Chamber {
    int i, j, cols, rows;  // in rooms
  };
  std::vector<Chamber> stack{{0, 0, L.cols, L.rows}};
  while (!stack.empty()) {
    const Chamber c = stack.back();
    stack.pop_back();
    if (c.cols < 2 && c.rows < 2) continue;
    // Cut across the longer side; a square chamber goes either way.
    const bool horizontal = c.rows > c.cols || (c.rows == c.cols && rng.coin());
    if (horizontal) {
      const int k = rng.between(1, c.rows - 1);  // rooms above the wall
      const int gap = rng.between(c.i, c.i + c.cols - 1);
      const int y = 2 * (c.j + k);
      for (int x = 2 * c.i + 1; x <= 2 * (c.i + c.cols) - 1; ++x)
        if (x != 2 * gap + 1) lv.set_wall({x, y}, true);
      stack.push_back({c.i, c.j + k, c.cols, c.rows - k});
      stack.push_back({c.i, c.j, c.cols, k});
    } else {
      const int k = rng.between(1, c.cols - 1);
      const int gap = rng.between(c.j, c.j + c.rows - 1);
      const int x = 2 * (c.i + k);
      for (int y = 2 * c.j + 1; y <= 2 * (c.j + c.rows) - 1; ++y)
        if (y != 2 * gap + 1) lv.set_wall({x, y}, true);
      stack.push_back({c.i + k, c.j, c.cols - k, c.rows});
      stack.push_back({c.i, c.j, k, c.rows});
    }
  }
}

// Opens round(loops * N) of the N inner walls that stand between two maze rooms, chosen by
// selection sampling (each subset of that size equally likely, no extra memory).
void add_loops(Level& lv, double loops, detail::Rng& rng) {
  if (loops <= 0) return;
  const Lattice L = lattice_of(lv);
  const auto between_rooms = [&](int x, int y) {
    // One odd and one even coordinate, inside the lattice, still a wall.
    const bool horizontal_pair = (x % 2 == 0) && (y % 2 == 1);  // rooms left and right
    const bool vertical_pair = (x % 2 == 1) && (y % 2 == 0);    // rooms above and below
    if (!horizontal_pair && !vertical_pair) return false;
    if (x < 1 || y < 1 || x > 2 * L.cols - 1 || y > 2 * L.rows - 1) return false;
    return lv.wall({x, y});
  };
  std::int64_t candidates = 0;
  for (int y = 1; y < lv.height(); ++y)
    for (int x = 1; x < lv.width(); ++x) candidates += between_rooms(x, y) ? 1 : 0;
  auto needed = static_cast<std::int64_t>(std::llround(loops * static_cast<double>(candidates)));
  std::int64_t left = candidates;
  for (int y = 1; y < lv.height() && needed > 0; ++y)
    for (int x = 1; x < lv.width() && needed > 0; ++x) {
      if (!between_rooms(x, y)) continue;
      if (static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(left))) < needed) {
        lv.set_wall({x, y}, false);
        --needed;
      }
      --left;
    }
}

// [SECTION] Rooms and corridors

struct Rect {
  int x, y, w, h;
  int cx() const { return x + w / 2; }
  int cy() const { return y + h / 2; }
  // True when the rectangles, each grown by one cell, overlap (rooms keep a wall between them).
  bool near(const Rect& o) const {
    return x - 1 < o.x + o.w && o.x - 1 < x + w && y - 1 < o.y + o.h && o.y - 1 < y + h;
  }
};

void carve_corridor(Level& lv, Cell a, Cell b, bool horizontal_first) {
  const auto hline = [&](int y, int x0, int x1) {
    for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x) lv.set_wall({x, y}, false);
  };
  const auto vline = [&](int x, int y0, int y1) {
    for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y) lv.set_wall({x, y}, false);
  };
  if (horizontal_first) {
    hline(a.y, a.x, b.x);
    vline(b.x, a.y, b.y);
  } else {
    vline(a.x, a.y, b.y);
    hline(b.y, a.x, b.x);
  }
}

void carve_rooms(Level& lv, const GeneratorOptions& o, detail::Rng& rng) {
  fill_walls(lv);
  std::vector<Rect> placed;
  for (int attempt = 0; attempt < o.rooms; ++attempt) {
    Rect r{};
    r.w = rng.between(o.room_min, o.room_max);
    r.h = rng.between(o.room_min, o.room_max);
    r.x = rng.between(1, lv.width() - 1 - r.w);
    r.y = rng.between(1, lv.height() - 1 - r.h);
    if (std::any_of(placed.begin(), placed.end(), [&](const Rect& p) { return p.near(r); }))
      continue;
    for (int y = r.y; y < r.y + r.h; ++y)
      for (int x = r.x; x < r.x + r.w; ++x) lv.set_wall({x, y}, false);
    placed.push_back(r);
  }
  // A tree: each room joins the nearest room placed before it (centre distance, first wins).
  for (std::size_t i = 1; i < placed.size(); ++i) {
    std::size_t best = 0;
    std::int64_t best_d = std::numeric_limits<std::int64_t>::max();
    for (std::size_t j = 0; j < i; ++j) {
      const std::int64_t dx = placed[i].cx() - placed[j].cx();
      const std::int64_t dy = placed[i].cy() - placed[j].cy();
      if (dx * dx + dy * dy < best_d) best_d = dx * dx + dy * dy, best = j;
    }
    carve_corridor(lv, {placed[i].cx(), placed[i].cy()}, {placed[best].cx(), placed[best].cy()},
                   rng.coin());
  }
  // Extra corridors between random pairs make loops.
  if (placed.size() >= 2) {
    const auto extra = static_cast<int>(std::llround(o.loops * static_cast<double>(placed.size() - 1)));
    for (int e = 0; e < extra; ++e) {
      const auto a = rng.below(placed.size());
      auto b = rng.below(placed.size() - 1);
      if (b >= a) ++b;
      carve_corridor(lv, {placed[a].cx(), placed[a].cy()}, {placed[b].cx(), placed[b].cy()},
                     rng.coin());
    }
  }
}

// [SECTION] Obstacles

void scatter_obstacles(Level& lv, double density, detail::Rng& rng) {
  const Cell start{0, 0};
  const Cell goal{lv.width() - 1, lv.height() - 1};
  std::int64_t left = lv.cell_count() - 2;
  auto needed = static_cast<std::int64_t>(std::llround(density * static_cast<double>(left)));
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      if (c == start || c == goal) continue;
      if (needed > 0 &&
          static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(left))) < needed) {
        lv.set_wall(c, true);
        --needed;
      }
      --left;
    }
  lv.set_start(start);
  lv.set_goal(goal);
}

// [SECTION] Noise

// Fractal Perlin noise at every cell, stretched to [0, 1] (lowest cell 0, highest 1; all 0 when
// the noise is flat). Offsets and stb's seed byte come from the seed.
std::vector<float> noise_field(int width, int height, const GeneratorOptions& o) {
  detail::Rng rng(o.seed ^ 0x6E6F697365ull);  // "noise": independent of the other generators
  const double ox = rng.unit() * 256.0;
  const double oy = rng.unit() * 256.0;
  const auto oz = static_cast<float>(rng.unit() * 256.0);
  const int stb_seed = static_cast<int>(rng.below(256));
  // Noise coordinates per octave, per column and per row, wrapped into [0, 256): stb_perlin
  // repeats every 256 units anyway, and large floats would lose the fraction.
  const auto wrap = [](double v) { return static_cast<float>(v - 256.0 * std::floor(v / 256.0)); };
  const auto octaves = static_cast<std::size_t>(o.octaves);
  std::vector<float> xs(octaves * static_cast<std::size_t>(width));
  std::vector<float> ys(octaves * static_cast<std::size_t>(height));
  for (std::size_t k = 0; k < octaves; ++k) {
    const double frequency = std::ldexp(1.0 / o.scale, static_cast<int>(k));
    for (int x = 0; x < width; ++x)
      xs[k * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)] = wrap(x * frequency + ox);
    for (int y = 0; y < height; ++y)
      ys[k * static_cast<std::size_t>(height) + static_cast<std::size_t>(y)] = wrap(y * frequency + oy);
  }
  std::vector<float> field(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  float lo = std::numeric_limits<float>::max();
  float hi = std::numeric_limits<float>::lowest();
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      double sum = 0.0;
      double amplitude = 1.0;
      for (std::size_t k = 0; k < octaves; ++k) {
        sum += amplitude * stb_perlin_noise3_seed(
                               xs[k * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)],
                               ys[k * static_cast<std::size_t>(height) + static_cast<std::size_t>(y)],
                               oz, 0, 0, 0, stb_seed);
        amplitude *= 0.5;
      }
      const auto v = static_cast<float>(sum);
      field[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
            static_cast<std::size_t>(x)] = v;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  const float span = hi - lo;
  for (float& v : field) v = span > 0 ? std::clamp((v - lo) / span, 0.0f, 1.0f) : 0.0f;
  return field;
}

double noise_cost(float t, double lo, double hi) {
  const double v = std::round((lo + t * (hi - lo)) * 100.0) / 100.0;
  return std::clamp(v, lo, hi);
}

int noise_height(float t, int lo, int hi) {
  const double v = std::round(lo + t * (static_cast<double>(hi) - lo));
  return std::clamp(static_cast<int>(v), lo, hi);
}

void apply_field(Level& lv, const std::vector<float>& field, const GeneratorOptions& o) {
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const Cell c{x, y};
      if (lv.wall(c)) continue;
      const float t = field[static_cast<std::size_t>(y) * static_cast<std::size_t>(lv.width()) +
                            static_cast<std::size_t>(x)];
      if (o.kind == GeneratorKind::NoiseCosts)
        lv.set_cost(c, noise_cost(t, o.cost_min, o.cost_max));
      else
        lv.set_height(c, noise_height(t, o.height_min, o.height_max));
    }
}

}  // namespace

// [SECTION] Public: names

std::string_view to_string(GeneratorKind k) { return kKindNames[static_cast<std::size_t>(k)]; }

std::optional<GeneratorKind> parse_generator_kind(std::string_view name) {
  return parse_enum_name<GeneratorKind>(kKindNames, name);
}

std::string generator_kind_names() {
  std::string out;
  for (std::string_view n : kKindNames) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

std::vector<std::string_view> generator_parameters(GeneratorKind k) {
  switch (k) {
    case GeneratorKind::MazeBacktracker:
    case GeneratorKind::MazeDivision: return {"loops"};
    case GeneratorKind::Rooms: return {"rooms", "room-size", "loops"};
    case GeneratorKind::Obstacles: return {"density"};
    case GeneratorKind::NoiseCosts: return {"scale", "octaves", "costs"};
    case GeneratorKind::NoiseHeights: return {"scale", "octaves", "heights"};
    case GeneratorKind::_Max: break;
  }
  return {};
}

// [SECTION] Public: parameters

Status set_generator_parameter(GeneratorOptions& o, std::string_view name,
                               std::string_view value) {
  if (name == "size") {
    const std::size_t x = value.find('x');
    const auto w = x == std::string_view::npos ? std::nullopt : parse_integer(value.substr(0, x));
    const auto h = x == std::string_view::npos ? std::nullopt : parse_integer(value.substr(x + 1));
    if (!w || !h) return param_error(name, "expected WxH (e.g. 41x31), got " + quote_text(value));
    if (std::string why = Level::check_size(*w, *h); !why.empty()) return param_error(name, why);
    o.width = static_cast<int>(*w);
    o.height = static_cast<int>(*h);
    return Ok{};
  }
  if (name == "topology") {
    const std::optional<Topology> t = parse_topology(value);
    if (!t)
      return param_error(name, "expected square, hex-pointy-top or hex-flat-top, got " +
                                   quote_text(value));
    o.topology = *t;
    return Ok{};
  }
  if (name == "stagger") {
    const std::optional<HexStagger> st = parse_hex_stagger(value);
    if (!st) return param_error(name, "expected odd or even, got " + quote_text(value));
    o.stagger = *st;
    return Ok{};
  }
  if (name == "seed") {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || value.front() == '+' || ec != std::errc{} ||
        end != value.data() + value.size())
      return param_error(name, "expected a whole number 0..18446744073709551615, got " +
                                   quote_text(value));
    o.seed = v;
    return Ok{};
  }
  const std::array<std::string_view, 8> known{"loops", "rooms", "room-size", "density",
                                              "scale", "octaves", "costs",     "heights"};
  if (std::find(known.begin(), known.end(), name) == known.end())
    return param_error(name, "unknown parameter (" + std::string(to_string(o.kind)) +
                                 " takes: --size, --seed, --topology, --stagger, " + parameters_text(o.kind) + ")");
  if (!reads(o.kind, name))
    return param_error(name, "not a parameter of " + std::string(to_string(o.kind)) +
                                 " (it takes: --size, --seed, --topology, --stagger, " +
                                 parameters_text(o.kind) + ")");

  if (name == "room-size" || name == "costs" || name == "heights") {
    const auto parts = split_range(value);
    const auto lo = parts ? parse_number(parts->first) : std::nullopt;
    const auto hi = parts ? parse_number(parts->second) : std::nullopt;
    if (!lo || !hi) return param_error(name, "expected MIN..MAX, got " + quote_text(value));
    if (name == "costs") {
      o.cost_min = *lo;
      o.cost_max = *hi;
      return Ok{};
    }
    // Whole numbers only; the range itself is checked by check_generator_options.
    const auto whole = [](double v) {
      return v == std::floor(v) && std::abs(v) <= 2'000'000'000.0;
    };
    if (!whole(*lo) || !whole(*hi))
      return param_error(name, "expected whole numbers MIN..MAX, got " + quote_text(value));
    if (name == "room-size") {
      o.room_min = static_cast<int>(*lo);
      o.room_max = static_cast<int>(*hi);
    } else {
      o.height_min = static_cast<int>(*lo);
      o.height_max = static_cast<int>(*hi);
    }
    return Ok{};
  }
  if (name == "rooms" || name == "octaves") {
    const auto v = parse_integer(value);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
      return param_error(name, "expected a whole number, got " + quote_text(value));
    (name == "rooms" ? o.rooms : o.octaves) = static_cast<int>(*v);
    return Ok{};
  }
  const auto v = parse_number(value);
  if (!v) return param_error(name, "expected a number, got " + quote_text(value));
  if (name == "loops") o.loops = *v;
  else if (name == "density") o.density = *v;
  else o.scale = *v;  // "scale"
  return Ok{};
}

std::string check_generator_options(const GeneratorOptions& o) {
  if (o.kind >= GeneratorKind::_Max) return "kind: unknown generator";
  const std::string size_why = Level::check_size(o.width, o.height);
  if (!size_why.empty()) return "size: " + size_why;
  if (o.topology >= Topology::_Max) return "topology: unknown topology";
  if (o.stagger != HexStagger::Odd && o.stagger != HexStagger::Even) return "stagger: unknown stagger";
  if (o.topology == Topology::Square && o.stagger != HexStagger::Odd)
    return "stagger: applies to hex topologies only (give --topology hex-pointy-top or "
           "hex-flat-top)";
  const std::string size = std::to_string(o.width) + " x " + std::to_string(o.height);
  const auto share = [](std::string_view name, double v) -> std::string {
    if (std::isfinite(v) && v >= 0.0 && v <= 1.0) return {};
    std::string m(name);
    m += ": must be 0..1, got " + number_text(v);
    return m;
  };
  if (is_maze(o.kind)) {
    if (o.width < 3 || o.height < 3)
      return "size: a maze needs at least 3 x 3 cells, got " + size;
    return share("loops", o.loops);
  }
  if (o.kind == GeneratorKind::Rooms) {
    if (o.rooms < 1 || o.rooms > kMaxRooms)
      return "rooms: must be 1.." + std::to_string(kMaxRooms) + ", got " + std::to_string(o.rooms);
    if (o.room_min < 3 || o.room_min > o.room_max || o.room_max > kMaxRoomSide)
      return "room-size: must be MIN..MAX with 3 <= MIN <= MAX <= " +
             std::to_string(kMaxRoomSide) + ", got " + std::to_string(o.room_min) + ".." +
             std::to_string(o.room_max);
    if (std::min(o.width, o.height) < o.room_max + 2)
      return "room-size: rooms up to " + std::to_string(o.room_max) +
             " cells need a level of at least " + std::to_string(o.room_max + 2) + " x " +
             std::to_string(o.room_max + 2) + " cells (a wall around them), got " + size;
    return share("loops", o.loops);
  }
  if (o.kind == GeneratorKind::Obstacles) {
    if (std::int64_t{o.width} * o.height < 2)
      return "size: obstacles need at least 2 cells (start and goal), got " + size;
    return share("density", o.density);
  }
  // Noise.
  if (!std::isfinite(o.scale) || o.scale < 1.0 || o.scale > kMaxScale)
    return "scale: must be 1.." + number_text(kMaxScale) + ", got " + number_text(o.scale);
  if (o.octaves < 1 || o.octaves > kMaxOctaves)
    return "octaves: must be 1.." + std::to_string(kMaxOctaves) + ", got " +
           std::to_string(o.octaves);
  if (o.kind == GeneratorKind::NoiseCosts) {
    if (!std::isfinite(o.cost_min) || !std::isfinite(o.cost_max) || o.cost_min <= 0.0 ||
        o.cost_min > o.cost_max || o.cost_max > kMaxCost)
      return "costs: must be MIN..MAX with 0 < MIN <= MAX <= " + std::to_string(static_cast<int>(kMaxCost)) +
             ", got " + range_text(o.cost_min, o.cost_max);
    return {};
  }
  if (o.height_min < -kMaxAbsHeight || o.height_min > o.height_max ||
      o.height_max > kMaxAbsHeight)
    return "heights: must be MIN..MAX with " + std::to_string(-kMaxAbsHeight) +
           " <= MIN <= MAX <= " + std::to_string(kMaxAbsHeight) + ", got " +
           std::to_string(o.height_min) + ".." + std::to_string(o.height_max);
  return {};
}

// [SECTION] Public: recipes

std::string generator_recipe(const GeneratorOptions& o) {
  const GeneratorOptions d{};
  std::string out(to_string(o.kind));
  out += " --size " + std::to_string(o.width) + "x" + std::to_string(o.height);
  out += " --seed " + std::to_string(o.seed);
  if (o.topology != Topology::Square)
    out += " --topology " + std::string(to_string(o.topology)) + " --stagger " +
           std::string(to_string(o.stagger));
  for (std::string_view p : generator_parameters(o.kind)) {
    std::string value;
    if (p == "loops" && o.loops != d.loops) value = number_text(o.loops);
    if (p == "rooms" && o.rooms != d.rooms) value = std::to_string(o.rooms);
    if (p == "room-size" && (o.room_min != d.room_min || o.room_max != d.room_max))
      value = std::to_string(o.room_min) + ".." + std::to_string(o.room_max);
    if (p == "density" && o.density != d.density) value = number_text(o.density);
    if (p == "scale" && o.scale != d.scale) value = number_text(o.scale);
    if (p == "octaves" && o.octaves != d.octaves) value = std::to_string(o.octaves);
    if (p == "costs" && (o.cost_min != d.cost_min || o.cost_max != d.cost_max))
      value = range_text(o.cost_min, o.cost_max);
    if (p == "heights" && (o.height_min != d.height_min || o.height_max != d.height_max))
      value = std::to_string(o.height_min) + ".." + std::to_string(o.height_max);
    if (value.empty()) continue;
    out += " --";
    out += p;
    // "=" keeps a negative range from reading as an option.
    out += (value.front() == '-' ? "=" : " ") + value;
  }
  return out;
}

Result<GeneratorOptions> parse_generator_recipe(std::string_view recipe) {
  std::vector<std::string_view> words;
  for (std::size_t i = 0; i < recipe.size();) {
    while (i < recipe.size() && (recipe[i] == ' ' || recipe[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < recipe.size() && recipe[i] != ' ' && recipe[i] != '\t') ++i;
    if (i > b) words.push_back(recipe.substr(b, i - b));
  }
  if (words.empty()) return Error{"recipe: empty, expected a generator (" + generator_kind_names() + ")"};
  GeneratorOptions o;
  const auto kind = parse_generator_kind(words[0]);
  if (!kind)
    return Error{"recipe: unknown generator " + quote_text(words[0]) + " (expected one of " +
                 generator_kind_names() + ")"};
  o.kind = *kind;
  for (std::size_t i = 1; i < words.size(); ++i) {
    std::string_view w = words[i];
    if (w.substr(0, 2) != "--") return Error{"recipe: expected --name, got " + quote_text(w)};
    w.remove_prefix(2);
    std::string_view value;
    if (const std::size_t eq = w.find('='); eq != std::string_view::npos) {
      value = w.substr(eq + 1);
      w = w.substr(0, eq);
    } else if (i + 1 < words.size()) {
      value = words[++i];
    } else {
      return Error{"recipe: --" + std::string(w) + ": missing value"};
    }
    if (Status s = set_generator_parameter(o, w, value); !s) return Error{"recipe: " + s.error()};
  }
  if (std::string why = check_generator_options(o); !why.empty()) return Error{"recipe: " + why};
  return o;
}

// [SECTION] Public: generation

bool place_endpoints_far_apart(Level& level) {
  const std::size_t n = static_cast<std::size_t>(level.cell_count());
  // No wall: the double sweep ends at the two corners; skip it (image previews redo this).
  if (std::none_of(level.walls().begin(), level.walls().end(), [](std::uint8_t w) { return w; })) {
    level.set_start({0, 0});
    level.set_goal({level.width() - 1, level.height() - 1});
    return n > 0;
  }
  std::vector<std::int32_t> dist(n, -1);
  std::vector<std::uint32_t> queue;
  queue.reserve(std::min<std::size_t>(n, 1u << 20));
  // Label the regions; remember the largest one's first cell and its farthest cell from there.
  std::int64_t best_size = 0;
  std::uint32_t best_far = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (level.walls()[i] != 0 || dist[i] >= 0) continue;
    const auto [far, size] = sweep(level, static_cast<std::uint32_t>(i), dist, queue);
    if (size > best_size) best_size = size, best_far = far;
  }
  if (best_size == 0) return false;
  std::fill(dist.begin(), dist.end(), -1);
  const std::uint32_t a = best_far;
  const std::uint32_t b = sweep(level, a, dist, queue).first;
  // The end that comes first in reading order is the start.
  level.set_start(level.cell(CellIndex(std::min(a, b))));
  level.set_goal(level.cell(CellIndex(std::max(a, b))));
  return true;
}

Status apply_noise(Level& level, const GeneratorOptions& o) {
  if (!is_noise(o.kind))
    return Error{"kind: only noise-costs and noise-heights apply onto a level, got " +
                 std::string(to_string(o.kind))};
  GeneratorOptions checked = o;
  checked.width = level.width();
  checked.height = level.height();
  if (std::string why = check_generator_options(checked); !why.empty()) return Error{why};
  apply_field(level, noise_field(level.width(), level.height(), checked), checked);
  return Ok{};
}

Result<Level> generate_level(const GeneratorOptions& o) {
  if (std::string why = check_generator_options(o); !why.empty()) return Error{why};
  Level lv(o.width, o.height);
  lv.set_topology(o.topology, o.stagger);
  detail::Rng rng(o.seed);
  switch (o.kind) {
    case GeneratorKind::MazeBacktracker:
      carve_backtracker(lv, rng);
      add_loops(lv, o.loops, rng);
      place_endpoints_far_apart(lv);
      break;
    case GeneratorKind::MazeDivision:
      carve_division(lv, rng);
      add_loops(lv, o.loops, rng);
      place_endpoints_far_apart(lv);
      break;
    case GeneratorKind::Rooms:
      carve_rooms(lv, o, rng);
      place_endpoints_far_apart(lv);
      break;
    case GeneratorKind::Obstacles:
      scatter_obstacles(lv, o.density, rng);
      break;
    case GeneratorKind::NoiseCosts:
    case GeneratorKind::NoiseHeights:
      apply_field(lv, noise_field(o.width, o.height, o), o);
      lv.set_start({0, 0});
      lv.set_goal({o.width - 1, o.height - 1});
      break;
    case GeneratorKind::_Max: break;
  }
  lv.name = generator_recipe(o);
  return lv;
}

}  // namespace astar
