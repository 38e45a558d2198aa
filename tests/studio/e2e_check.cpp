// Helpers for the real-input end-to-end test (e2e_paint_save.sh).
//
//   studio_e2e_check cell SHOT.png.json X Y
//       Prints the window pixel "PX PY" at the centre of cell (X, Y), from a --screenshot sidecar
//       (the studio's own mapping, state/grid_geometry.hpp: on squares cell (x, y)'s top-left
//       pixel is origin + (x, y) * cell_px; on hex levels the hexagon's centre). Fails when the
//       cell is not inside the canvas or cells are too small to hit reliably.
//   studio_e2e_check corner SHOT.png.json X Y I
//       The window pixel "PX PY" just inside corner I (0..5, clockwise on screen) of hex (X, Y):
//       3 pixels in from the corner towards the centre, the hexagon's own pixel nearest it.
//   studio_e2e_check guard-button SHOT.png
//       Finds the unsaved-changes guard's three buttons (Save, Discard, Cancel: equal width, same
//       colour, side by side) in a studio screenshot and prints the centre "PX PY" of the middle
//       one, Discard. Fails when no such row of buttons is on screen.
//   studio_e2e_check wall-pixels SHOT.png.json X,Y [X,Y ...] wall|open
//       Checks in SHOT.png that each listed cell looks like a wall (dark, the default palette's
//       wall colour) or like an open cell (light floor), sampled at the cell's centre.
//   studio_e2e_check buttons SHOT.png N K
//       The same for a row of N (2 or 3) such buttons: the centre of the K-th (1-based), e.g. the
//       recovery offer's Restore (buttons 2 1) and Discard (buttons 2 2).
//   studio_e2e_check level LEVEL.json WxH[:TOPOLOGY:STAGGER] SX,SY GX,GY [X,Y ...]
//       Loads LEVEL.json with astar_core and checks its size, start, goal and that its walls are
//       exactly the cells listed; also that nothing else changed from the test's blank level (all
//       costs 1, all heights 0, no edge overrides, 8 neighbours; or, with a topology, that hex
//       topology and stagger, e.g. 12x9:hex-pointy-top:odd). Exit 0 when all hold, 1 with a
//       message per failure otherwise.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <stb_image.h>  // the implementation is compiled into libstb

#include "check_failures.hpp"
#include "astar/level.hpp"
#include "astar/level_io.hpp"
#include "state/grid_geometry.hpp"

namespace {

using astar::test::fail;
using astar::test::failures;

using astar::Cell;

std::string cell_text(Cell c) {  // appended: GCC 12 warns on "(" + ... (-Wrestrict, false positive)
  std::string s = "(";
  s.append(std::to_string(c.x)).append(", ").append(std::to_string(c.y)).append(")");
  return s;
}

bool parse_pair(const std::string& text, char sep, int& a, int& b) {
  const auto at = text.find(sep);
  if (at == std::string::npos) return false;
  char* end = nullptr;
  a = static_cast<int>(std::strtol(text.c_str(), &end, 10));
  if (end != text.c_str() + at) return false;
  b = static_cast<int>(std::strtol(text.c_str() + at + 1, &end, 10));
  return end == text.c_str() + text.size() && at > 0 && at + 1 < text.size();
}

// Where the sidecar's level is drawn: its cells (square or hexagons) and the view's mapping.
struct Shown {
  studio::GridGeometry geometry;
  studio::ScreenMap map;
};
Shown shown_in(const nlohmann::json& side) {
  const auto hex = studio::hex_layout_named(side.value("topology", "square"), side.value("stagger", "odd"));
  const int w = side.at("level").at(0).get<int>(), h = side.at("level").at(1).get<int>();
  return {studio::GridGeometry(w, h, hex),
          {side.at("origin").at(0).get<double>(), side.at("origin").at(1).get<double>(),
           side.at("cell_px").get<double>()}};
}

// [SECTION] cell: window pixel of a cell's centre

// `corner` < 0: the centre; else a pixel just inside that corner.
int cell_center(const std::string& sidecar, int x, int y, int corner = -1) {
  nlohmann::json side;
  try {
    std::ifstream in(sidecar);
    if (!in) {
      std::fprintf(stderr, "FAIL: cannot read %s\n", sidecar.c_str());
      return 1;
    }
    side = nlohmann::json::parse(in);
    const double s = side.at("cell_px").get<double>();
    const Shown shown = shown_in(side);
    const auto& canvas = side.at("canvas");
    const double cx = canvas.at(0).get<double>(), cy = canvas.at(1).get<double>();
    const double cw = canvas.at(2).get<double>(), ch = canvas.at(3).get<double>();
    if (s < 8) {
      std::fprintf(stderr, "FAIL: cells are %.2f px, too small to hit with the mouse\n", s);
      return 1;
    }
    studio::LevelPoint at = shown.map.to_screen(shown.geometry.centre({x, y}));
    if (corner >= shown.geometry.corner_count()) {
      std::fprintf(stderr, "FAIL: a cell of this level has %d corners\n", shown.geometry.corner_count());
      return 1;
    }
    if (corner >= 0) {
      const studio::LevelPoint k = shown.map.to_screen(shown.geometry.corners({x, y})[static_cast<std::size_t>(corner)]);
      const double len = std::hypot(k.x - at.x, k.y - at.y);
      at = {k.x + (at.x - k.x) * 3.0 / len, k.y + (at.y - k.y) * 3.0 / len};
    }
    const double px = at.x, py = at.y;
    if (px < cx || py < cy || px >= cx + cw || py >= cy + ch) {
      std::fprintf(stderr, "FAIL: cell %s is outside the canvas\n", cell_text({x, y}).c_str());
      return 1;
    }
    std::printf("%d %d\n", static_cast<int>(std::floor(px)), static_cast<int>(std::floor(py)));
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: %s: %s\n", sidecar.c_str(), e.what());
    return 1;
  }
}

// [SECTION] guard-button / buttons: one of a row of equal buttons

struct Run {
  int x0, x1;  // inclusive
  int width() const { return x1 - x0 + 1; }
};

int button_in_row(const std::string& png, int count, int which) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
  if (!data) {
    std::fprintf(stderr, "FAIL: cannot load %s: %s\n", png.c_str(), stbi_failure_reason());
    return 1;
  }
  // ImGui's dark buttons: a dark blue, a little different over each canvas colour (the popup
  // background is not quite opaque), brighter when hovered. Labels are light grey.
  auto button_blue = [&](int x, int y) {
    const unsigned char* p = data + (static_cast<std::size_t>(y) * w + x) * 3;
    return p[2] >= p[0] + 40 && p[2] >= 90 && p[0] <= 80;
  };
  // Rows where `count` runs of button blue, 80..140 px wide and of equal width (ImGui buttons of
  // ImVec2(100, 0)), sit side by side with small equal gaps. Rows through the labels break the
  // runs; the rows of the buttons' top and bottom padding do not.
  // (A row with more runs than `count` matches too: only `count` of them side by side count.)
  int found_rows = 0, top = -1, bottom = -1, mid_x0 = -1, mid_x1 = -1;
  for (int y = 0; y < h; ++y) {
    std::vector<Run> runs;
    for (int x = 0; x < w; ++x) {
      if (!button_blue(x, y)) continue;
      int end = x;
      while (end + 1 < w && button_blue(end + 1, y)) ++end;
      if (end - x + 1 >= 80 && end - x + 1 <= 140) runs.push_back({x, end});
      x = end;
    }
    const std::size_t n = static_cast<std::size_t>(count);
    for (std::size_t i = 0; i + n <= runs.size(); ++i) {
      bool equal = true;
      const int gap = runs[i + 1].x0 - runs[i].x1;
      for (std::size_t j = i + 1; j < i + n; ++j)
        equal = equal && std::abs(runs[j].width() - runs[i].width()) <= 1 &&
                std::abs(runs[j].x0 - runs[j - 1].x1 - gap) <= 1;
      if (!equal || gap < 2 || gap > 30) continue;
      const Run& b = runs[i + static_cast<std::size_t>(which - 1)];
      if (found_rows > 0 && (std::abs(b.x0 - mid_x0) > 2 || y > bottom + 40)) {
        std::fprintf(stderr, "FAIL: more than one row of %d buttons (rows %d and %d)\n", count, top, y);
        stbi_image_free(data);
        return 1;
      }
      if (found_rows == 0) {
        top = y;
        mid_x0 = b.x0;
        mid_x1 = b.x1;
      }
      bottom = y;
      ++found_rows;
      break;
    }
  }
  stbi_image_free(data);
  if (found_rows < 2 || bottom - top < 8) {
    std::fprintf(stderr, "FAIL: %s shows no row of %d equal buttons\n", png.c_str(), count);
    return 1;
  }
  std::printf("%d %d\n", (mid_x0 + mid_x1) / 2, (top + bottom) / 2);
  return 0;
}

// [SECTION] level: the saved file

int check_level(const std::string& path, const std::string& size, const std::string& start,
                const std::string& goal, const std::vector<std::string>& walls) {
  int w = 0, h = 0;
  Cell s, g;
  // WxH, or WxH:TOPOLOGY:STAGGER for a hex level.
  const std::size_t colon = size.find(':');
  const std::string dims = size.substr(0, colon);
  std::optional<astar::Topology> topology = astar::Topology::Square;
  std::optional<astar::HexStagger> stagger = astar::HexStagger::Odd;
  if (colon != std::string::npos) {
    const std::size_t second = size.find(':', colon + 1);
    topology = astar::parse_topology(size.substr(colon + 1, second - colon - 1));
    stagger = second == std::string::npos ? std::nullopt : astar::parse_hex_stagger(size.substr(second + 1));
  }
  if (!parse_pair(dims, 'x', w, h) || !parse_pair(start, ',', s.x, s.y) ||
      !parse_pair(goal, ',', g.x, g.y) || !topology || !stagger) {
    std::fprintf(stderr, "usage: level LEVEL.json WxH[:TOPOLOGY:STAGGER] SX,SY GX,GY [X,Y ...]\n");
    return 2;
  }
  std::set<std::pair<int, int>> want;
  for (const std::string& text : walls) {
    Cell c;
    if (!parse_pair(text, ',', c.x, c.y)) {
      std::fprintf(stderr, "bad wall cell '%s'\n", text.c_str());
      return 2;
    }
    want.insert({c.x, c.y});
  }

  auto loaded = astar::load_level(path);
  if (!loaded) {
    std::fprintf(stderr, "FAIL: %s\n", loaded.error().c_str());
    return 1;
  }
  const astar::Level& level = loaded.value();
  if (level.width() != w || level.height() != h) {
    fail("size " + std::to_string(level.width()) + "x" + std::to_string(level.height()) +
         ", want " + size);
    return 1;  // cell checks below would be out of bounds
  }
  if (level.start() != s) fail("start " + cell_text(level.start()) + ", want " + cell_text(s));
  if (level.goal() != g) fail("goal " + cell_text(level.goal()) + ", want " + cell_text(g));
  if (level.topology() != *topology) fail("topology " + std::string(astar::to_string(level.topology())));
  else if (level.is_hex() && level.hex_stagger() != *stagger)
    fail("stagger " + std::string(astar::to_string(level.hex_stagger())));
  if (!level.is_hex() && level.rules().neighbours != astar::Neighbours::Eight) fail("neighbours changed from 8");
  if (!level.edges().empty()) fail("the level has edge overrides");
  int wall_count = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const Cell c{x, y};
      const bool wanted = want.count({x, y}) > 0;
      if (level.wall(c)) ++wall_count;
      if (level.wall(c) && !wanted) fail("unexpected wall at " + cell_text(c));
      if (!level.wall(c) && wanted) fail("no wall at " + cell_text(c));
      if (!level.wall(c) && level.cost(c) != 1.0) fail("cost changed at " + cell_text(c));
      if (level.height_at(c) != 0) fail("height changed at " + cell_text(c));
    }
  std::printf("%s: %dx%d, start %s, goal %s, %d wall(s): %d failure(s)\n", path.c_str(),
              level.width(), level.height(), cell_text(level.start()).c_str(),
              cell_text(level.goal()).c_str(), wall_count, failures);
  return failures == 0 ? 0 : 1;
}

// [SECTION] wall-pixels: walls or open cells in a screenshot

int wall_pixels(const std::string& sidecar, const std::vector<std::string>& cells, const std::string& want) {
  if (want != "wall" && want != "open") {
    std::fprintf(stderr, "FAIL: expected wall or open, got '%s'\n", want.c_str());
    return 2;
  }
  nlohmann::json side;
  std::ifstream in(sidecar);
  if (!in) {
    std::fprintf(stderr, "FAIL: cannot read %s\n", sidecar.c_str());
    return 1;
  }
  try {
    side = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: %s: %s\n", sidecar.c_str(), e.what());
    return 1;
  }
  const std::string png = sidecar.substr(0, sidecar.size() - 5);  // without ".json"
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 3);
  if (!px) {
    std::fprintf(stderr, "FAIL: cannot read %s\n", png.c_str());
    return 1;
  }
  const Shown shown = shown_in(side);
  for (const std::string& text : cells) {
    int x = 0, y = 0;
    if (!parse_pair(text, ',', x, y)) {
      fail("expected a cell X,Y, got '" + text + "'");
      continue;
    }
    const studio::LevelPoint centre = shown.map.to_screen(shown.geometry.centre({x, y}));
    const int sx = static_cast<int>(centre.x), sy = static_cast<int>(centre.y);
    if (sx < 0 || sy < 0 || sx >= w || sy >= h) {
      fail("cell " + cell_text({x, y}) + " is outside " + png);
      continue;
    }
    const unsigned char* p = px + (static_cast<std::size_t>(sy) * w + sx) * 3;
    const double lum = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
    const bool wall = lum < 110, open = lum > 180;
    if ((want == "wall" && !wall) || (want == "open" && !open))
      fail("cell " + cell_text({x, y}) + " at pixel (" + std::to_string(sx) + ", " + std::to_string(sy) +
           ") has luminance " + std::to_string(static_cast<int>(lum)) + ": not " + want);
  }
  stbi_image_free(px);
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "cell" && argc == 5) return cell_center(argv[2], std::atoi(argv[3]), std::atoi(argv[4]));
  if (mode == "corner" && argc == 6 && std::atoi(argv[5]) >= 0 && std::atoi(argv[5]) < 6)
    return cell_center(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]));
  if (mode == "guard-button" && argc == 3) return button_in_row(argv[2], 3, 2);
  if (mode == "buttons" && argc == 5) {
    const int n = std::atoi(argv[3]), k = std::atoi(argv[4]);
    if (n >= 2 && n <= 3 && k >= 1 && k <= n) return button_in_row(argv[2], n, k);
  }
  if (mode == "wall-pixels" && argc >= 5)
    return wall_pixels(argv[2], std::vector<std::string>(argv + 3, argv + argc - 1), argv[argc - 1]);
  if (mode == "level" && argc >= 6)
    return check_level(argv[2], argv[3], argv[4], argv[5], std::vector<std::string>(argv + 6, argv + argc));
  std::fprintf(stderr,
               "usage: %s cell SHOT.png.json X Y\n"
               "       %s corner SHOT.png.json X Y I\n"
               "       %s guard-button SHOT.png\n"
               "       %s wall-pixels SHOT.png.json X,Y [X,Y ...] wall|open\n"
               "       %s buttons SHOT.png N K\n"
               "       %s level LEVEL.json WxH[:TOPOLOGY:STAGGER] SX,SY GX,GY [X,Y ...]\n",
               argv[0], argv[0], argv[0], argv[0], argv[0], argv[0]);
  return 2;
}
