// The heat map's numbers, kept up to date cell by cell: g, h or f of each seen cell as a float
// (row-major; kNoHeat where a cell is unseen, a wall, or its value is not finite) — what the grid
// shader's R32F heat texture holds; the shader normalises them with min() and max() — and the
// exact range [min, max] over the seen cells (the legend and the screenshot sidecar print it).
//
// A search step changes a few cells (the node taken and its improved neighbours): update() reads
// only those again. The range is kept per block of kBlock cells; a block is read again in full
// only when a change removes the value that was its lowest or highest, so a frame costs about
// the number of cells that changed, not the level's size. rebuild() reads every cell: a new
// search, a seek, another source. No GL or ImGui here (tests/test_heat_field.cpp checks it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "astar/level.hpp"
#include "astar/search.hpp"
#include "state/overlays.hpp"

namespace studio {

// Below every value a search produces; the shader tests v > -1e38.
inline constexpr float kNoHeat = -3.0e38f;

// The value the heat map shows for cell c: g, h or f when the search has seen it, it is not a
// wall and the value is finite; else none.
std::optional<double> heat_value(const astar::Search& search, const astar::Level& level,
                                 astar::Cell c, HeatSource source);

class HeatField {
 public:
  static constexpr std::size_t kBlock = 256;

  // Every cell read again: O(cells). Bumps version().
  void rebuild(const astar::Search& search, const astar::Level& level, HeatSource source);
  // The cells in `changed` (any order, repeats allowed, out-of-bounds ignored) read again, and
  // the range brought up to date: O(changed), plus kBlock per block that lost its lowest or
  // highest value and then one pass over the blocks (cells / kBlock) when some block did.
  void update(const astar::Search& search, const astar::Level& level,
              const std::vector<astar::Cell>& changed);

  HeatSource source() const { return source_; }
  bool any() const { return any_; }   // some cell has a value
  double min() const { return min_; }  // 0 when none
  double max() const { return max_; }
  // One float per cell, row-major, kNoHeat where none: what the heat texture holds.
  const std::vector<float>& values() const { return values_; }
  int width() const { return width_; }
  int height() const { return height_; }
  // Bumped by rebuild(): the renderer uploads the whole texture then, else only changed cells.
  std::uint64_t version() const { return version_; }
  // How many blocks update() has read again in full since the last rebuild (tests, profiling).
  std::size_t blocks_reread() const { return blocks_reread_; }

 private:
  struct Block {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    bool stale = false;  // lost its lowest or highest value: read again before the range is used
  };
  void set(std::size_t i, std::optional<double> v);
  void reread(std::size_t block, const astar::Search& search, const astar::Level& level);
  void combine();

  HeatSource source_ = HeatSource::F;
  std::vector<float> values_;
  std::vector<Block> blocks_;
  std::vector<std::size_t> stale_;  // blocks marked stale by this update
  int width_ = 0, height_ = 0;
  bool any_ = false;
  double min_ = 0.0, max_ = 0.0;
  std::uint64_t version_ = 0;
  std::size_t blocks_reread_ = 0;
};

}  // namespace studio
