// Cells, directions and the fixed tables that go with them. No dependencies.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace astar {

// A cell by column x and row y; (0, 0) is the top-left cell, y grows downwards.
struct Cell {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(Cell, Cell) = default;
};

// A cell as an index into a level's flat row-major arrays: y * width + x. A distinct type so that
// an index and a coordinate cannot be mixed up by mistake.
enum class CellIndex : std::uint32_t {};
constexpr std::uint32_t to_u32(CellIndex i) { return static_cast<std::uint32_t>(i); }
inline constexpr CellIndex kNoCell{0xFFFFFFFFu};

// The 8 move directions, clockwise from east. Even values are straight, odd are diagonal.
enum class Dir : std::uint8_t { E, SE, S, SW, W, NW, N, NE };
inline constexpr int kDirCount = 8;
inline constexpr std::array<Dir, 8> kAllDirs{Dir::E, Dir::SE, Dir::S, Dir::SW,
                                             Dir::W, Dir::NW, Dir::N, Dir::NE};
inline constexpr std::array<int, 8> kDirDx{1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr std::array<int, 8> kDirDy{0, 1, 1, 1, 0, -1, -1, -1};

constexpr int dx(Dir d) { return kDirDx[static_cast<int>(d)]; }
constexpr int dy(Dir d) { return kDirDy[static_cast<int>(d)]; }
constexpr bool is_diagonal(Dir d) { return (static_cast<int>(d) & 1) != 0; }
constexpr Dir opposite(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 4) % 8); }
constexpr Cell step(Cell c, Dir d) { return {c.x + dx(d), c.y + dy(d)}; }

inline constexpr double kSqrt2 = 1.4142135623730951;
// Geometric length of one step in direction d: 1 straight, sqrt(2) diagonal.
constexpr double step_length(Dir d) { return is_diagonal(d) ? kSqrt2 : 1.0; }

// Calls fn(cell) for every cell on the Bresenham line from a to b, both ends included, each
// 8-adjacent to the one before: a mouse stroke between two samples, the cells along a segment.
template <class Fn>
void for_each_cell_on_line(Cell a, Cell b, Fn&& fn) {
  const int ddx = a.x < b.x ? b.x - a.x : a.x - b.x, sx = a.x < b.x ? 1 : -1;
  const int ddy = -(a.y < b.y ? b.y - a.y : a.y - b.y), sy = a.y < b.y ? 1 : -1;
  int err = ddx + ddy;
  for (Cell c = a;;) {
    fn(c);
    if (c == b) break;
    const int e2 = 2 * err;
    if (e2 >= ddy) {
      err += ddy;
      c.x += sx;
    }
    if (e2 <= ddx) {
      err += ddx;
      c.y += sy;
    }
  }
}

// Names used in files and messages: "E", "SE", ... "NE".
std::string_view dir_name(Dir d);
std::optional<Dir> parse_dir(std::string_view name);
// The direction of a one-cell move from a to b, if they are 8-adjacent and distinct.
std::optional<Dir> dir_between(Cell a, Cell b);

}  // namespace astar
