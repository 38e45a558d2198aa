// Checks the JPS+ jump distances overlay (app/studio/jump_distances_overlay.hpp) in a studio
// screenshot:
//
//   studio_jump_distances_check SHOT.png LEVEL.json --expect shown|hidden
//
// From the sidecar: the overlay shows when the algorithm is Jump Point Search and not refused,
// the "jumps" overlay is on, and cells are at least the label size (48 px times the UI scale,
// 1.6 times more in presentation mode). That must agree with --expect. Then the pixels:
//   shown   on every open cell inside the canvas (not the start or goal, which their markers
//           cover), for each of the 8 directions, the arrowhead's sample point has the jump-point
//           ink exactly when the level's jump distance that way (astar::JumpDistances, computed
//           here) is positive; and some cells have it (the check is not empty);
//   hidden  no pixel of the canvas has the ink.
// Each failure is printed; exit 0 when all hold, 1 otherwise.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "astar/jump_distances.hpp"
#include "astar/level_io.hpp"
#include "check_failures.hpp"
#include "overlays/jump_distances_overlay.hpp"
#include "screenshot_image.hpp"

namespace {

using astar::Cell;
using namespace astar::test;

constexpr int kTolerance = 30;
constexpr double kLabelPx = 48.0;      // kTextMinPx in viewport.hpp (GL-free copy)
constexpr double kPresentation = 1.6;  // presentation mode's label scale

// What the sidecar says about the overlay: shown or not.
bool sidecar_shows(const nlohmann::json& side) {
  const auto& jumps = side.at("overlays").at("jumps");
  const double k = side.at("ui_scale").get<double>() *
                   (side.at("presentation").get<bool>() ? kPresentation : 1.0);
  return side.at("algorithm").get<std::string>() == "jps" &&
         side.at("state").get<std::string>() != "invalid" && jumps.at("on").get<bool>() &&
         jumps.at("opacity").get<double>() > 0.0 && side.at("cell_px").get<double>() >= kLabelPx * k;
}

// Every arrowhead where the distances say; returns how many cells were checked.
int check_shown(const Image& img, const Mapping& m, const astar::Level& level) {
  const astar::JumpDistances table(level);
  int cells = 0, inked = 0;
  for (int y = 0; y < level.height(); ++y)
    for (int x = 0; x < level.width(); ++x) {
      const Cell c{x, y};
      int x0, y0, x1, y1;
      if (!level.open(c) || c == level.start() || c == level.goal() ||
          !m.interior(c, 0.0, x0, y0, x1, y1))
        continue;
      ++cells;
      const double cx = m.ox + (x + 0.5) * m.s, cy = m.oy + (y + 0.5) * m.s;
      for (const astar::Dir d : astar::kAllDirs) {
        const bool diagonal = astar::is_diagonal(d);
        const int px = static_cast<int>(std::floor(
            cx + studio::jump_marker_offset(astar::dx(d), diagonal, studio::kJumpMarkerSample) * m.s));
        const int py = static_cast<int>(std::floor(
            cy + studio::jump_marker_offset(astar::dy(d), diagonal, studio::kJumpMarkerSample) * m.s));
        const bool ink = close_to(img.at(px, py), studio::kJumpPointInk, kTolerance);
        const int v = table.value(c, d);
        inked += ink;
        if (ink != (v > 0))
          fail("cell " + cell_text(c) + " " + std::string(astar::dir_name(d)) + ": distance " +
               std::to_string(v) + " but the arrowhead is " + (ink ? "there" : "missing") +
               " (pixel " + rgb_text(img.at(px, py)) + ")");
      }
    }
  if (inked == 0) fail("no arrowhead anywhere: the check proves nothing");
  std::printf("jump distances: %d cells checked, %d arrowheads\n", cells, inked);
  return cells;
}

void check_hidden(const Image& img, const Mapping& m) {
  int inked = 0;
  for (int y = static_cast<int>(m.cy); y < static_cast<int>(m.cy + m.ch) && y < img.h; ++y)
    for (int x = static_cast<int>(m.cx); x < static_cast<int>(m.cx + m.cw) && x < img.w; ++x)
      inked += close_to(img.at(x, y), studio::kJumpPointInk, kTolerance);
  if (inked > 0) fail(std::to_string(inked) + " pixels of the canvas have the jump-point ink");
  else std::printf("jump distances: hidden, no pixel of the canvas has the ink\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 || std::string(argv[3]) != "--expect" ||
      (std::string(argv[4]) != "shown" && std::string(argv[4]) != "hidden")) {
    std::fprintf(stderr, "usage: %s SHOT.png LEVEL.json --expect shown|hidden\n", argv[0]);
    return 2;
  }
  const std::string png = argv[1], level_path = argv[2];
  const bool expect_shown = std::string(argv[4]) == "shown";
  const std::optional<Shot> shot = load_shot(png, level_path);
  if (!shot) return 1;
  const nlohmann::json& side = shot->side;
  const Mapping m = mapping_of(side);
  if (sidecar_shows(side) != expect_shown)
    fail(std::string("the sidecar says the overlay is ") + (expect_shown ? "hidden" : "shown"));
  if (expect_shown) check_shown(shot->img, m, shot->level);
  else check_hidden(shot->img, m);
  return failures == 0 ? 0 : 1;
}
