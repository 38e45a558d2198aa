// File > Export MovingAI map (.map)... and File > Export image (PNG)...: the level written as a
// .map (walls only: what is lost is listed first, in amber) or as a picture of its layers at a
// chosen number of pixels per cell (astar/level_image.hpp, the same as `astar export -o X.png`).
// Both write atomically; errors stay in the dialog, naming the file.
#pragma once

#include <string>

#include "astar/level_image.hpp"
#include "state/studio.hpp"

namespace studio {

class ExportDialog {
 public:
  enum class Kind { Map, Png };
  void request(const Studio& studio, Kind kind);
  void Draw(Studio& studio);

 private:
  bool open_ = false;
  Kind kind_ = Kind::Png;
  std::string path_, error_;
  astar::LevelImageOptions image_;
};

}  // namespace studio
