// Level generators (generate.hpp): the generation. Integer-only except the noise; every random
// choice comes from detail::Rng in a fixed order, so a recipe regenerates its level exactly.
// Names, parameters, checks and recipes are generator_options.cpp.
#include "astar/generate.hpp"

#include <stb_perlin.h>  // the implementation is compiled into libstb

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "base/random.hpp"

namespace astar {

namespace {

bool is_noise(GeneratorKind k) {
  return k == GeneratorKind::NoiseCosts || k == GeneratorKind::NoiseHeights;
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
