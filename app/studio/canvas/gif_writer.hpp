// Animated GIFs with Debian's giflib: frames of RGB pixels, each reduced to its own 256-colour
// palette (giflib's median cut), shown for a fixed delay, looping forever. The file is written
// beside its final name and renamed into place when closed, so a failed export never leaves half
// a file where the user looks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "astar/result.hpp"

struct GifFileType;

namespace studio {

class GifWriter {
 public:
  // Starts `path` (width x height pixels, `delay_cs` hundredths of a second per frame).
  static astar::Result<std::unique_ptr<GifWriter>> open(const std::string& path, int width,
                                                        int height, int delay_cs);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // One frame: width * height RGB triples, rows top to bottom.
  astar::Status add_frame(const std::vector<std::uint8_t>& rgb);
  // Ends the file and moves it to its name. Nothing may be added after.
  astar::Status close();
  int frames() const { return frames_; }

 private:
  GifWriter() = default;
  std::string path_, tmp_;
  int width_ = 0, height_ = 0, delay_cs_ = 0, frames_ = 0;
  GifFileType* gif_ = nullptr;
};

// Box-filters an RGB image down by an integer factor (1: a copy).
std::vector<std::uint8_t> shrink_rgb(const std::vector<std::uint8_t>& rgb, int width, int height,
                                     int factor);

}  // namespace studio
