// Which rectangles of a texture to upload for a list of changed cells: one per tile of
// kTile x kTile cells holding a change, the bounding rectangle of that tile's changes. A search
// playing on a big level changes cells all along its frontier, whose bounding rectangle soon
// spans the level: uploading it would cost the level's size every frame; the tiles cost about
// what changed. No GL here (tests/test_heat_field.cpp checks it).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "astar/grid.hpp"

namespace studio {

struct TexelRect {
  int x0, y0, x1, y1;  // inclusive
  friend bool operator==(const TexelRect&, const TexelRect&) = default;
};

class ChangedTiles {
 public:
  static constexpr int kTile = 64;

  // The rectangles covering `cells` (out-of-bounds ones ignored) on a width x height grid, in the
  // order their tiles were first met. O(cells + rectangles); the result lives until the next call.
  const std::vector<TexelRect>& rects(const std::vector<astar::Cell>& cells, int width, int height) {
    const int tw = (width + kTile - 1) / kTile, th = (height + kTile - 1) / kTile;
    if (tw != tiles_w_ || th != tiles_h_) {
      tiles_w_ = tw;
      tiles_h_ = th;
      slot_.assign(static_cast<std::size_t>(tw) * static_cast<std::size_t>(th), -1);
      rects_.clear();
    }
    for (const TexelRect& r : rects_)  // last call's tiles: free their slots
      slot_[static_cast<std::size_t>(r.y0 / kTile) * static_cast<std::size_t>(tw) +
            static_cast<std::size_t>(r.x0 / kTile)] = -1;
    rects_.clear();
    for (const astar::Cell c : cells) {
      if (c.x < 0 || c.y < 0 || c.x >= width || c.y >= height) continue;
      int& slot = slot_[static_cast<std::size_t>(c.y / kTile) * static_cast<std::size_t>(tw) +
                        static_cast<std::size_t>(c.x / kTile)];
      if (slot < 0) {
        slot = static_cast<int>(rects_.size());
        rects_.push_back({c.x, c.y, c.x, c.y});
        continue;
      }
      TexelRect& r = rects_[static_cast<std::size_t>(slot)];
      r.x0 = std::min(r.x0, c.x);
      r.y0 = std::min(r.y0, c.y);
      r.x1 = std::max(r.x1, c.x);
      r.y1 = std::max(r.y1, c.y);
    }
    return rects_;
  }

 private:
  int tiles_w_ = 0, tiles_h_ = 0;
  std::vector<int> slot_;  // per tile: its index in rects_, -1 when it holds no change
  std::vector<TexelRect> rects_;
};

}  // namespace studio
