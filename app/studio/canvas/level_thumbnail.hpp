// A small picture of a level for the Generate and Import dialogs' previews: at most kMaxSide
// samples a side (a larger level is sampled, every k-th cell), coloured by astar::LevelColours
// (the export's colours), drawn with ImDrawList rectangles, one per run of equal colour in a row.
// set() costs O(cells) for the colour ranges plus O(samples); Draw() is cheap, so set() is called
// only when the level changes. A hex level small enough to show every cell is drawn as its
// hexagons (state/grid_geometry.hpp), one polygon each; a larger one as its samples' squares.
#pragma once

#include <optional>
#include <vector>

#include "astar/level.hpp"
#include "astar/level_image.hpp"

namespace studio {

class LevelThumbnail {
 public:
  static constexpr int kMaxSide = 128;
  void set(const astar::Level& level);
  void clear() { w_ = h_ = 0; }
  bool empty() const { return w_ == 0; }
  // Reserves at most max_w x max_h pixels (keeping the level's aspect) and draws into them.
  void Draw(float max_w, float max_h) const;

 private:
  int w_ = 0, h_ = 0;              // samples
  int level_w_ = 0, level_h_ = 0;  // cells
  std::optional<astar::HexLayout> hex_;  // a hex level shown cell for cell
  std::vector<astar::Rgb8> px_;    // w_ * h_
  void draw_hexagons(float max_w, float max_h) const;
};

}  // namespace studio
