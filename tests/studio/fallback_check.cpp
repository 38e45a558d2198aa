// Checks a studio screenshot taken with grid.frag's Heights code broken on purpose
// (ASTAR_TEST_BREAK_SHADER_FEATURE=GRID_HEIGHTS) against one of the same view without it:
//
//   studio_fallback_check BROKEN.png NORMAL.png LEVEL.json
//
// Both sidecars must map the level alike; then, in the canvas:
//   - the rest of the grid is drawn: every pixel of a cell with no height other than 0 within
//     one cell of it is the same in both pictures (walls, costs, agents, overlays);
//   - the Heights layer is not: some pixels of the hill's cells differ;
//   - the message shows: outside the level, the pixels that differ lie in the bottom third of
//     the canvas, and some of them have the canvas's error colour (255, 110, 110), which NORMAL
//     has nowhere in the canvas.
// Exit 0 when all hold, 1 with a message per failure otherwise.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "astar/level_io.hpp"
#include "check_failures.hpp"
#include "screenshot_image.hpp"

namespace {

using namespace astar::test;

Mapping mapping_of_png(const std::string& png) {
  std::ifstream in(png + ".json");
  return mapping_of(nlohmann::json::parse(in));
}

bool same_mapping(const Mapping& a, const Mapping& b) {
  return a.ox == b.ox && a.oy == b.oy && a.s == b.s && a.cx == b.cx && a.cy == b.cy &&
         a.cw == b.cw && a.ch == b.ch;
}

// A cell on or next to ground that is not at height 0 (where the Heights layer draws).
bool near_heights(const astar::Level& level, Cell c) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (const Cell n{c.x + dx, c.y + dy}; level.in_bounds(n) && level.height_at(n) != 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s BROKEN.png NORMAL.png LEVEL.json\n", argv[0]);
    return 2;
  }
  const auto broken = load_image(argv[1]), normal = load_image(argv[2]);
  auto loaded = astar::load_level(argv[3]);
  if (!broken || !normal || !loaded || broken->w != normal->w || broken->h != normal->h) {
    std::fprintf(stderr, "FAIL: cannot load both pictures (of one size) and the level\n");
    return 1;
  }
  const astar::Level& level = loaded.value();
  Mapping m;
  try {
    m = mapping_of_png(argv[1]);
    if (!same_mapping(m, mapping_of_png(argv[2]))) fail("the two sidecars map the level differently");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: sidecar: %s\n", e.what());
    return 1;
  }
  const Rgb error_colour{255, 110, 110};
  long same_elsewhere = 0, differ_elsewhere = 0, differ_on_hill = 0, message_px = 0, normal_error_px = 0;
  int band_top = broken->h;  // the highest differing pixel outside the level
  const int x0 = std::max(0, static_cast<int>(std::ceil(m.cx)));
  const int y0 = std::max(0, static_cast<int>(std::ceil(m.cy)));
  const int x1 = std::min(broken->w, static_cast<int>(m.cx + m.cw));
  const int y1 = std::min(broken->h, static_cast<int>(m.cy + m.ch));
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const bool differ = !close_to(broken->at(x, y), normal->at(x, y), 0);
      if (close_to(normal->at(x, y), error_colour, 8)) ++normal_error_px;
      const Cell c{static_cast<int>(std::floor((x - m.ox) / m.s)), static_cast<int>(std::floor((y - m.oy) / m.s))};
      if (!level.in_bounds(c)) {
        if (differ) band_top = std::min(band_top, y);
        if (differ && close_to(broken->at(x, y), error_colour, 8)) ++message_px;
      } else if (near_heights(level, c)) {
        differ_on_hill += differ ? 1 : 0;
      } else {
        (differ ? differ_elsewhere : same_elsewhere) += 1;
      }
    }
  }
  if (differ_elsewhere > 0 || same_elsewhere == 0)
    fail("away from the hill, " + std::to_string(differ_elsewhere) + " of " +
         std::to_string(differ_elsewhere + same_elsewhere) + " level pixels differ from the normal picture");
  if (differ_on_hill == 0) fail("the hill's cells look as in the normal picture: the Heights layer was drawn");
  if (message_px < 50) fail("no message in the error colour outside the level (" + std::to_string(message_px) + " px)");
  if (band_top < m.cy + m.ch * 2.0 / 3.0)
    fail("pixels outside the level differ above the canvas's bottom third (from y " + std::to_string(band_top) + ")");
  if (normal_error_px > 0) fail("the normal picture has the error colour in its canvas");
  if (astar::test::failures == 0)
    std::printf("grid drawn without heights: %ld pixels of the hill differ, %ld elsewhere the same; "
                "message: %ld px in the error colour\n",
                differ_on_hill, same_elsewhere, message_px);
  return astar::test::failures == 0 ? 0 : 1;
}
