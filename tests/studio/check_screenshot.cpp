// Checks a studio screenshot against its sidecar and against an independent search.
//
//   studio_screenshot_check SHOT.png LEVEL.json --expect STATE [--iteration N]
//                           [--algorithm NAME] [--same-cost-as NAME] [--smoothed]
//                           [--same-canvas-as OTHER.png] [--palette NAME]
//                           [--patterns-vs OTHER.png] [--window WxH] [--font-px-at-least PX]
//
// The sidecar SHOT.png.json gives the view mapping (cell (x, y)'s top-left pixel is
// origin + (x, y) * cell_px), the search options (algorithm, heuristic, weight, tie-break,
// partial path), the iteration, the state, the path the studio shows and its cost. This program
// loads the level with astar_core, runs its own search with those options to the same iteration,
// and checks that the studio agrees and that the pixels show:
//   - the path colour at the centre of every path cell or waypoint (except start and goal, under
//     markers); for a partial path, the lighter dashed colour near most of its cells,
//   - the wall colour at the centre of every visible wall cell,
//   - the closed-set colour over most of every plain closed cell not on the path,
//   - the open-set colour over most of every plain open cell,
//   - bidirectional A*: those tints under the backward overlay on cells only the search from the
//     goal has seen,
//   - an Invalid search: its message in the sidecar, and nothing tinted;
//   - a finished flow field: the X on its cells that cannot reach the goal, and on no other.
// --algorithm NAME: the sidecar must name this algorithm. --same-cost-as NAME: the sidecar's
// path, costed here move by move under the level's rules, must cost what NAME's optimal path
// costs. --smoothed: the sidecar must hold "smoothed" waypoints (the studio's --smooth) equal to
// astar::smooth_path of its path under the level's rules, respecting costs (the studio's
// default), consecutive ones in line of sight, with "smoothed_length" their
// length, and the smoothed colour must show at the midpoint of the longest smoothed segment.
// (Whenever the sidecar has "smoothed", path cells under the smoothed line are not checked for
// the path colour.) --same-canvas-as OTHER.png: the canvas rectangle must hold the same pixels
// in both screenshots. --palette NAME (default: default): the sidecar must name this palette,
// and every colour above is that palette's (app/studio/palette.hpp). With "patterns": true in the
// sidecar, open and closed cells carry a pattern over part of their tint (40% of the interior must
// show the tint, not 50%), and the path colour is
// looked for near, not only at, each path cell's centre (a dot sits there). --patterns-vs OTHER.png:
// OTHER is the same view with patterns off: every checked closed and open cell must differ from
// it inside (the pattern), and no wall cell may. --window WxH: the screenshot must be that size
// (full screen under Xvfb). --font-px-at-least PX: the sidecar's UI font size must be at least PX.
// Exit 0 when all hold, 1 with a message per failure otherwise.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <stb_image.h>  // the implementation is compiled into libstb

#include "astar/flow_field_search.hpp"
#include "astar/make_search.hpp"
#include "check_failures.hpp"
#include "astar/bidirectional.hpp"
#include "astar/level_io.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/smoothing.hpp"
#include "astar/search.hpp"
#include "astar/heuristic_check.hpp"
#include "overlays/flow_overlay.hpp"
#include "state/overlays.hpp"
#include "state/palette.hpp"
#include "screenshot_image.hpp"

namespace {

using astar::Cell;
using studio::palette::Rgb;
using namespace astar::test;

// Distance from point p to the segment a-b.
double segment_distance(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// The flow field's unreachable cells (overlays/flow_overlay.hpp): with the overlay on, the X's
// colour at the centre of every visible cell astar::cannot_reach_goal names, and at no other open
// cell's centre (off: at none). Cells on the path and the endpoints are not looked at.
void check_unreachable_marks(const Image& img, const Mapping& m, const astar::Level& level,
                             const astar::Search& search, bool on) {
  if (!astar::info(search.options().algorithm).extras.flow || !finished(search.state())) return;
  const std::vector<Cell> path = search.path();
  int marked = 0, unmarked = 0;
  for (int cy = 0; cy < level.height(); ++cy)
    for (int cx = 0; cx < level.width(); ++cx) {
      const Cell c{cx, cy};
      int x0, y0, x1, y1;
      if (!level.open(c) || !m.interior(c, 2.0, x0, y0, x1, y1) || c == level.start() ||
          c == level.goal() || std::find(path.begin(), path.end(), c) != path.end())
        continue;
      int x = 0, y = 0;
      m.center(c, x, y);
      const bool want = on && astar::cannot_reach_goal(search, c);
      if (close_to(img.at(x, y), studio::kUnreachableMark, 12) != want)
        fail("cell " + cell_text(c) + (astar::cannot_reach_goal(search, c) ? " cannot" : " can") +
             " reach the goal and shows " + rgb_text(img.at(x, y)) + " at its centre: want " +
             (want ? "the X " : "no X ") + rgb_text(studio::kUnreachableMark));
      ++(want ? marked : unmarked);
    }
  if ((on && marked == 0) || (!on && unmarked == 0))
    fail("unreachable marks: no cell that should show the X, or should not, was checked");
  else
    std::printf("unreachable marks: %d cells show the X, %d do not%s\n", marked, unmarked,
                on ? "" : " (the overlay is off)");
}

}  // namespace

int main(int argc, char** argv) {
  auto usage = [&] {
    std::fprintf(stderr,
                 "usage: %s SHOT.png LEVEL.json --expect STATE [--iteration N] [--algorithm NAME] "
                 "[--same-cost-as NAME] [--smoothed] [--same-canvas-as OTHER.png] [--palette NAME] "
                 "[--patterns-vs OTHER.png] [--window WxH] [--font-px-at-least PX]\n",
                 argv[0]);
    return 2;
  };
  if (argc < 5 || std::string(argv[3]) != "--expect") return usage();
  const std::string png = argv[1], level_path = argv[2], expect_state = argv[4];
  long long expect_iteration = -1;
  std::string expect_algorithm, same_cost_as, same_canvas_as, patterns_vs, expect_window;
  std::string palette_name = "default";
  double min_font_px = 0.0;
  bool expect_smoothed = false;
  for (int i = 5; i < argc; ++i) {
    const std::string opt = argv[i];
    if (opt == "--smoothed") {
      expect_smoothed = true;
      continue;
    }
    if (i + 1 >= argc) return usage();  // an option without its value
    if (opt == "--iteration") expect_iteration = std::atoll(argv[++i]);
    else if (opt == "--algorithm") expect_algorithm = argv[++i];
    else if (opt == "--same-cost-as") same_cost_as = argv[++i];
    else if (opt == "--same-canvas-as") same_canvas_as = argv[++i];
    else if (opt == "--palette") palette_name = argv[++i];
    else if (opt == "--patterns-vs") patterns_vs = argv[++i];
    else if (opt == "--window") expect_window = argv[++i];
    else if (opt == "--font-px-at-least") min_font_px = std::atof(argv[++i]);
    else return usage();
  }
  const auto palette_id = studio::palette::parse(palette_name);
  if (!palette_id) {
    std::fprintf(stderr, "FAIL: --palette: unknown palette '%s'\n", palette_name.c_str());
    return 2;
  }

  // [SECTION] Inputs
  nlohmann::json side;
  try {
    std::ifstream in(png + ".json");
    if (!in) {
      std::fprintf(stderr, "FAIL: cannot read %s.json\n", png.c_str());
      return 1;
    }
    side = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: %s.json: %s\n", png.c_str(), e.what());
    return 1;
  }
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &img.w, &img.h, &channels, 3);
  if (!data) {
    std::fprintf(stderr, "FAIL: cannot load %s: %s\n", png.c_str(), stbi_failure_reason());
    return 1;
  }
  img.rgb.assign(data, data + static_cast<std::size_t>(img.w) * img.h * 3);
  stbi_image_free(data);

  // [SECTION] Appearance: palette, window size, font size
  const studio::palette::Palette& pal = studio::palette::get(*palette_id);
  const std::string side_palette = side.value("palette", std::string("default"));
  if (side_palette != pal.name)
    fail("expected palette '" + std::string(pal.name) + "', the sidecar says '" + side_palette + "'");
  const bool patterns = side.value("patterns", false);
  if (!patterns_vs.empty() && !patterns) fail("--patterns-vs: this screenshot has patterns off");
  if (!expect_window.empty()) {
    const std::string got = std::to_string(img.w) + "x" + std::to_string(img.h);
    const std::string side_window = side.contains("window")
        ? std::to_string(side.at("window").at(0).get<int>()) + "x" + std::to_string(side.at("window").at(1).get<int>())
        : std::string("none");
    if (got != expect_window || side_window != expect_window)
      fail("expected a " + expect_window + " window, the screenshot is " + got + " and the sidecar says " + side_window);
    else
      std::printf("window %s, as expected\n", got.c_str());
  }
  if (min_font_px > 0.0) {
    const double font_px = side.value("font_px", 0.0);
    if (font_px < min_font_px)
      fail("UI font " + std::to_string(font_px) + " px, expected at least " + std::to_string(min_font_px));
    else
      std::printf("UI font %.1f px (at least %.1f)\n", font_px, min_font_px);
  }

  auto loaded = astar::load_level(level_path);
  if (!loaded) {
    std::fprintf(stderr, "FAIL: %s\n", loaded.error().c_str());
    return 1;
  }
  const astar::Level& level = loaded.value();

  const Mapping m = mapping_of(side);
  const long long iteration = side.at("iteration").get<long long>();
  const std::string state = side.at("state").get<std::string>();
  std::printf("screenshot %dx%d, cell %.2f px, origin (%.1f, %.1f), iteration %lld, %s\n", img.w,
              img.h, m.s, m.ox, m.oy, iteration, state.c_str());
  if (m.s < 8) fail("cells are too small to check (" + std::to_string(m.s) + " px)");

  // [SECTION] The studio's search agrees with an independent one
  // Sidecars from before the algorithm choice name only the heuristic: A* is meant.
  const auto heuristic = astar::parse_heuristic(side.at("heuristic").get<std::string>());
  const auto algorithm = astar::parse_algorithm(side.value("algorithm", std::string("astar")));
  const auto tie_break = astar::parse_tie_break(side.value("tie_break", std::string("larger-g")));
  if (!heuristic || !algorithm || !tie_break) {
    std::fprintf(stderr, "FAIL: unknown heuristic, algorithm or tie-break in the sidecar\n");
    return 1;
  }
  if (!expect_algorithm.empty() && astar::info(*algorithm).name != expect_algorithm)
    fail("expected algorithm '" + expect_algorithm + "', the sidecar says '" +
         std::string(astar::info(*algorithm).name) + "'");
  astar::SearchOptions options;
  options.algorithm = *algorithm;
  options.heuristic = *heuristic;
  options.weight = side.value("weight", 1.0);
  options.tie_break = *tie_break;
  options.partial_path = side.value("partial_path", false);
  const std::unique_ptr<astar::Search> own = astar::make_search(level, options);
  astar::Search& search = *own;
  // A studio stopped inside an iteration (micro-steps): the same take and examinations here.
  const bool mid = side.value("mid_iteration", false);
  const auto examined = side.value("examined", std::size_t{0});
  const long long whole = mid ? iteration - 1 : iteration;
  while (search.iterations() < whole && !astar::finished(search.state())) search.step();
  if (mid) {
    search.micro_step();
    for (std::size_t k = 0; k < examined; ++k) search.micro_step();
    if (!search.mid_iteration() || search.examined() != examined)
      fail("own search cannot stop at move " + std::to_string(examined) + " of iteration " +
           std::to_string(iteration));
  }
  if (state != astar::to_string(search.state()))
    fail("sidecar state '" + state + "', own search '" + std::string(astar::to_string(search.state())) + "'");
  if (state != expect_state) fail("expected state '" + expect_state + "', got '" + state + "'");
  if (expect_iteration >= 0 && iteration != expect_iteration)
    fail("expected iteration " + std::to_string(expect_iteration) + ", got " + std::to_string(iteration));
  const std::string message = side.value("message", std::string());
  if (message != search.message())
    fail("sidecar message '" + message + "', own search '" + search.message() + "'");
  if (state == "invalid") {
    if (message.empty()) fail("an invalid search without a message");
    else std::printf("invalid, as expected: %s\n", message.c_str());
  }

  std::vector<Cell> path;
  for (const auto& p : side.at("path")) path.push_back({p.at(0).get<int>(), p.at(1).get<int>()});
  if (path != search.path()) fail("sidecar path differs from the search's path");
  if (expect_state == "found" && path.size() < 3) fail("expected a path of at least 3 cells");
  const bool partial = side.value("partial", false);
  if (partial != search.partial()) fail("sidecar partial flag differs from the search's");
  if (!path.empty()) {
    const double cost = side.at("path_cost").get<double>();
    if (std::abs(cost - search.path_cost()) > 1e-9)
      fail("sidecar path cost " + std::to_string(cost) + ", own search " +
           std::to_string(search.path_cost()));
  }
  if (!same_cost_as.empty()) {
    // The path shown, costed move by move under the level's rules, against the reference's.
    const auto reference_algorithm = astar::parse_algorithm(same_cost_as);
    if (!reference_algorithm) {
      std::fprintf(stderr, "FAIL: --same-cost-as: unknown algorithm '%s'\n", same_cost_as.c_str());
      return 1;
    }
    astar::SearchOptions ro;
    ro.algorithm = *reference_algorithm;
    ro.heuristic = *heuristic;
    const auto reference = astar::make_search(level, ro);
    reference->run();
    const astar::MovePolicy policy(level, level.rules());
    const std::optional<double> cost = astar::path_cost(policy, path);
    if (reference->state() != astar::SearchState::Found) {
      fail(same_cost_as + " found no path");
    } else if (!cost) {
      fail("the sidecar's path is not a sequence of possible moves");
    } else if (std::abs(*cost - reference->path_cost()) > 1e-9) {
      fail("the path costs " + std::to_string(*cost) + ", " + same_cost_as + "'s " +
           std::to_string(reference->path_cost()));
    } else {
      std::printf("path cost %.6f, the same as %s's\n", *cost, same_cost_as.c_str());
    }
  }
  // The cells the studio tints as the path: every path cell, and for Theta* the cells on the
  // lines between its waypoints. A partial path tints nothing (it is drawn dashed).
  std::vector<char> on_path(static_cast<std::size_t>(level.cell_count()), 0);
  auto mark = [&](Cell c) { on_path[astar::to_u32(level.index(c))] = 1; };
  if (!path.empty()) mark(path.front());
  for (std::size_t i = 1; i < path.size(); ++i) astar::for_each_cell_on_line(path[i - 1], path[i], mark);
  const auto* bidi = dynamic_cast<const astar::BidirectionalSearch*>(&search);

  // [SECTION] The smoothed path (--smooth)
  std::vector<Cell> smoothed;
  const bool has_smoothed = side.contains("smoothed");
  if (has_smoothed)
    for (const auto& p : side.at("smoothed")) smoothed.push_back({p.at(0).get<int>(), p.at(1).get<int>()});
  if (expect_smoothed) {
    if (!has_smoothed) {
      fail("the sidecar has no \"smoothed\" waypoints");
    } else if (path.empty()) {
      if (!smoothed.empty()) fail("smoothed waypoints without a path");
    } else {
      const std::vector<Cell> want = astar::smooth_path(astar::MovePolicy(level), path);
      if (smoothed != want)
        fail("sidecar smoothed waypoints (" + std::to_string(smoothed.size()) +
             ") differ from smooth_path of the sidecar path (" + std::to_string(want.size()) + ")");
      if (smoothed.size() >= path.size() && path.size() > 2)
        std::printf("note: smoothing removed no cell\n");
      for (std::size_t i = 1; i < smoothed.size(); ++i)
        if (!astar::line_of_sight(level, smoothed[i - 1], smoothed[i]))
          fail("smoothed waypoints " + cell_text(smoothed[i - 1]) + " and " +
               cell_text(smoothed[i]) + " have no line of sight");
      if (!side.contains("smoothed_length") || side.at("smoothed_length").is_null()) {
        fail("the sidecar has no smoothed_length");
      } else {
        const double length = side.at("smoothed_length").get<double>();
        if (std::abs(length - astar::waypoint_length(smoothed)) > 1e-9)
          fail("sidecar smoothed_length " + std::to_string(length) + ", waypoint_length " +
               std::to_string(astar::waypoint_length(smoothed)));
        else
          std::printf("smoothed: %zu waypoints, length %.6f (path %zu cells)\n", smoothed.size(),
                      length, path.size());
      }
    }
  }
  // Pixel centre of a cell, in floating point (for the smoothed line).
  auto centre_px = [&](Cell c, double& x, double& y) { m.point(c, 0.5, 0.5, x, y); };
  // Whether the smoothed line or its dots may cover the centre of cell c.
  auto under_smoothed = [&](Cell c) {
    double x, y;
    centre_px(c, x, y);
    for (std::size_t i = 0; i < smoothed.size(); ++i) {
      double ax, ay;
      centre_px(smoothed[i], ax, ay);
      double bx = ax, by = ay;
      if (i + 1 < smoothed.size()) centre_px(smoothed[i + 1], bx, by);
      if (segment_distance(x, y, ax, ay, bx, by) < std::max(8.0, m.s * 0.25)) return true;
    }
    return false;
  };

  // [SECTION] Pixels
  using studio::palette::backward_over_floor;
  using studio::palette::blend_over_floor;
  int checked_path = 0, checked_walls = 0, checked_closed = 0, checked_open = 0, checked_back = 0;
  int partial_hits = 0;
  for (std::size_t i = 1; i + 1 < path.size(); ++i) {
    int x, y;
    m.center(path[i], x, y);
    if (partial) {
      // Dashed: a dash or its outline may not cross the centre, so look around it.
      const int r = static_cast<int>(m.s * 0.3);
      bool hit = false;
      for (int dy = -r; dy <= r && !hit; ++dy)
        for (int dx = -r; dx <= r && !hit; ++dx) hit = close_to(img.at(x + dx, y + dy), pal.partial_path, 10);
      partial_hits += hit;
      ++checked_path;
      continue;
    }
    if (has_smoothed && under_smoothed(path[i])) continue;  // the smoothed line is on top
    // The centre, or a pixel within 1 (anti-aliasing of the polyline joints); with patterns, a
    // dot covers the centre: the line runs on within a fifth of a cell.
    const int r = patterns ? std::max(2, static_cast<int>(m.s * 0.2)) : 1;
    bool hit = false;
    for (int dy = -r; dy <= r && !hit; ++dy)
      for (int dx = -r; dx <= r && !hit; ++dx) hit = close_to(img.at(x + dx, y + dy), pal.path, 10);
    if (!hit)
      fail("path cell " + cell_text(path[i]) + " at pixel (" + std::to_string(x) + ", " +
           std::to_string(y) + ") is " + rgb_text(img.at(x, y)) + ", want path " + rgb_text(pal.path));
    ++checked_path;
  }
  if (partial && partial_hits * 2 < checked_path)
    fail("the partial path shows its colour " + rgb_text(pal.partial_path) + " near only " +
         std::to_string(partial_hits) + " of its " + std::to_string(checked_path) + " cells");
  // Inside an iteration the debugger marks the move just examined: a dot at its cell's centre,
  // green when it relaxed the cell, grey when skipped.
  std::optional<Cell> examined_cell;
  if (mid && examined > 0) {
    const astar::Move& mv = search.taken_moves()[examined - 1];
    examined_cell = mv.to;
    const auto& rel = search.last_relaxed();
    const bool better = std::find(rel.begin(), rel.end(), mv.to) != rel.end();
    const Rgb want = better ? Rgb{60, 230, 120} : Rgb{200, 200, 200};
    int x, y;
    m.center(mv.to, x, y);
    if (x >= 0 && y >= 0 && x < img.w && y < img.h) {
      if (!close_to(img.at(x, y), want, 12))
        fail("the examined move's cell " + cell_text(mv.to) + " is " + rgb_text(img.at(x, y)) +
             " at its centre, want the debugger's mark " + rgb_text(want));
      else
        std::printf("examined move %zu to %s marked %s\n", examined, cell_text(mv.to).c_str(),
                    better ? "relaxed" : "skipped");
    }
  }
  // [SECTION] Overlays (the sidecar's "overlays"; older sidecars: the defaults). The open and
  // closed tints at their opacity (the floor when off), then the heat map over them.
  using studio::OverlayId;
  studio::Overlays overlays;
  if (side.contains("overlays"))
    for (std::size_t i = 0; i < studio::kOverlayCount; ++i)
      if (const char* name = studio::kOverlays[i].name; side.at("overlays").contains(name)) {
        overlays.items[i].on = side.at("overlays").at(name).at("on").get<bool>();
        overlays.items[i].opacity = side.at("overlays").at(name).at("opacity").get<float>();
      }
  const Rgb closed = studio::palette::blend(pal.floor, pal.closed, pal.overlay_alpha * overlays.alpha(OverlayId::Closed));
  const Rgb open = studio::palette::blend(pal.floor, pal.open, pal.overlay_alpha * overlays.alpha(OverlayId::Open));
  if (!overlays.on(OverlayId::Open) || !overlays.on(OverlayId::Closed) ||
      overlays.alpha(OverlayId::Open) < 1.0f || overlays.alpha(OverlayId::Closed) < 1.0f)
    std::printf("overlays: open %s, closed %s\n", rgb_text(open).c_str(), rgb_text(closed).c_str());
  // The heat map: t of each seen cell from this program's own search, over [min, max] of the
  // seen cells; a cell shows heat_colour(t) mixed over its tint at the heat map's opacity.
  const bool heat_on = side.contains("heat") && !side.at("heat").is_null();
  std::vector<double> heat_t(static_cast<std::size_t>(level.cell_count()), -1.0);
  if (heat_on != overlays.on(OverlayId::Heat)) fail("the sidecar's heat and its heat overlay disagree");
  if (heat_on) {
    const auto source = studio::parse_heat(side.at("heat").at("source").get<std::string>());
    if (!source) {
      fail("unknown heat source in the sidecar");
    } else {
      double lo = 1e300, hi = -1e300;
      std::vector<double> v(heat_t.size(), 0.0);
      for (int y = 0; y < level.height(); ++y)
        for (int x = 0; x < level.width(); ++x) {
          const astar::NodeView n = search.node({x, y});
          if (n.state == astar::NodeState::Unseen || level.wall({x, y})) continue;
          const double value = *source == studio::HeatSource::G ? n.g : *source == studio::HeatSource::H ? n.h : n.f;
          const auto i = astar::to_u32(level.index({x, y}));
          v[i] = value;
          heat_t[i] = 0.0;
          lo = std::min(lo, value);
          hi = std::max(hi, value);
        }
      for (std::size_t i = 0; i < v.size(); ++i)
        if (heat_t[i] >= 0.0 && hi > lo) heat_t[i] = (v[i] - lo) / (hi - lo);
      const double side_lo = side.at("heat").at("min").get<double>(), side_hi = side.at("heat").at("max").get<double>();
      if (std::abs(side_lo - lo) > 1e-9 || std::abs(side_hi - hi) > 1e-9)
        fail("the sidecar's heat range " + std::to_string(side_lo) + ".." + std::to_string(side_hi) +
             " differs from the own search's " + std::to_string(lo) + ".." + std::to_string(hi));
      std::printf("heat map of %s: %.3f .. %.3f\n", studio::kHeatNames[static_cast<std::size_t>(*source)], lo, hi);
    }
  }
  auto with_heat = [&](Cell c, Rgb tint) {
    const double t = heat_t[astar::to_u32(level.index(c))];
    if (t < 0.0) return tint;
    return studio::palette::blend(tint, studio::heat_colour(t), overlays.alpha(OverlayId::Heat));
  };
  const int heat_tolerance = heat_on ? 4 : 3;  // the shader mixes in float, this program in double
  // --patterns-vs: the same view with patterns off.
  Image plain;
  if (!patterns_vs.empty()) {
    unsigned char* pd = stbi_load(patterns_vs.c_str(), &plain.w, &plain.h, &channels, 3);
    if (!pd) {
      fail("cannot load " + patterns_vs);
    } else {
      plain.rgb.assign(pd, pd + static_cast<std::size_t>(plain.w) * plain.h * 3);
      stbi_image_free(pd);
      if (plain.w != img.w || plain.h != img.h) fail("--patterns-vs: the two screenshots differ in size");
    }
  }
  const bool compare_plain = !plain.rgb.empty() && plain.w == img.w && plain.h == img.h;
  int pattern_cells = 0, plain_walls = 0;
  // The share of cell c's interior pixels that differ between the two screenshots.
  auto differs = [&](Cell c) {
    int x0, y0, x1, y1, n = 0, total = 0;
    if (!m.interior(c, 2.0, x0, y0, x1, y1)) return -1.0;
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x, ++total) n += !close_to(img.at(x, y), plain.at(x, y), 0);
    return static_cast<double>(n) / total;
  };
  for (int cy = 0; cy < level.height(); ++cy)
    for (int cx = 0; cx < level.width(); ++cx) {
      const Cell c{cx, cy};
      int x0, y0, x1, y1;
      if (!m.interior(c, 2.0, x0, y0, x1, y1)) continue;  // not (fully) visible
      if (level.wall(c)) {
        int x, y;
        m.center(c, x, y);
        if (!close_to(img.at(x, y), pal.wall, 2))
          fail("wall cell " + cell_text(c) + " is " + rgb_text(img.at(x, y)) + ", want wall " + rgb_text(pal.wall));
        ++checked_walls;
        if (compare_plain) {
          if (const double d = differs(c); d > 0.0)
            fail("wall cell " + cell_text(c) + ": " + std::to_string(static_cast<int>(d * 100)) +
                 "% of its pixels change with patterns on");
          ++plain_walls;
        }
        continue;
      }
      // Plain cells only (cost 1, height 0): others are tinted or shaded beneath the overlay.
      if (c == level.start() || c == level.goal() || on_path[astar::to_u32(level.index(c))] ||
          level.cost(c) != 1.0 || level.height_at(c) != 0)
        continue;
      if (examined_cell && c == *examined_cell) continue;  // under the debugger's mark: below
      const astar::NodeState ns = search.node_state(c);
      if (ns == astar::NodeState::Unseen) {
        // Unseen plain cells show the floor (an invalid search tints nothing at all).
        if (state == "invalid" && coverage(img, m, c, pal.floor, 3) < 0.9)
          fail("unseen cell " + cell_text(c) + " of an invalid search does not show the floor");
        continue;
      }
      const bool is_closed = ns == astar::NodeState::Closed;
      const bool backward = bidi && bidi->forward().node(c).state == astar::NodeState::Unseen;
      const Rgb want = backward ? backward_over_floor(pal, is_closed ? pal.closed : pal.open)
                                : with_heat(c, is_closed ? closed : open);
      // Most of the interior shows the tint; arrows, outlines and the path line may cover some.
      // With patterns, dots or a cross-hatch cover part of it (less than half).
      const double share = coverage(img, m, c, want, heat_tolerance);
      if (share < (patterns ? 0.4 : 0.5))
        fail(std::string(backward ? "backward " : "") + (is_closed ? "closed" : "open") +
             " cell " + cell_text(c) + ": only " + std::to_string(static_cast<int>(share * 100)) +
             "% of its pixels show " + rgb_text(want));
      ++(is_closed ? checked_closed : checked_open);
      checked_back += backward;
      // Patterns: dots cover about a tenth of an open cell, the cross-hatch a quarter of a
      // closed one. Arrows are drawn over both screenshots alike.
      if (compare_plain) {
        const double d = differs(c);
        const double need = is_closed ? 0.12 : 0.04;
        if (d < need)
          fail(std::string(is_closed ? "closed" : "open") + " cell " + cell_text(c) + ": only " +
               std::to_string(d * 100) + "% of its pixels differ with patterns on (want " +
               std::to_string(need * 100) + "%)");
        ++pattern_cells;
      }
    }
  // [SECTION] The heat map's ends: the start (lowest g, and lowest f under a consistent h) shows
  // the ramp's low end beside its marker; the farthest closed cell (largest g, not the one just
  // taken, which the current outline frames) another colour.
  if (heat_on && state != "invalid") {
    auto corner_px = [&](Cell c, double fx, double fy) {
      double x = 0, y = 0;
      m.point(c, fx, fy, x, y);
      return img.at(static_cast<int>(x), static_cast<int>(y));
    };
    auto near_corner = [&](Cell c) { return corner_px(c, 0.12, 0.12); };  // clear of discs and lines
    const Cell s0 = level.start();
    const double t0 = heat_t[astar::to_u32(level.index(s0))];
    const Rgb low = studio::palette::blend(closed, studio::heat_colour(0.0), overlays.alpha(OverlayId::Heat));
    // A start on the path has the path's tint over it; the path line leaves it through one
    // corner at most, so one of the four corners shows the colour.
    const Rgb start_want = on_path[astar::to_u32(level.index(s0))]
        ? studio::palette::blend(low, pal.path, pal.overlay_alpha * overlays.alpha(OverlayId::Path)) : low;
    bool start_ok = false;
    for (double fx : {0.12, 0.88})
      for (double fy : {0.12, 0.88}) start_ok = start_ok || close_to(corner_px(s0, fx, fy), start_want, heat_tolerance);
    if (t0 != 0.0) fail("the start is not at the low end of the heat map (t = " + std::to_string(t0) + ")");
    else if (!start_ok)
      fail("the start " + cell_text(s0) + " shows " + rgb_text(near_corner(s0)) + ", want the ramp's low end " +
           rgb_text(low) + (start_want.r != low.r ? " under the path's tint: " + rgb_text(start_want) : ""));
    else
      std::printf("heat: the start shows the ramp's low end %s\n", rgb_text(low).c_str());
    std::optional<Cell> far;
    for (int cy = 0; cy < level.height(); ++cy)
      for (int cx = 0; cx < level.width(); ++cx) {
        const Cell c{cx, cy};
        if (search.node_state(c) != astar::NodeState::Closed || on_path[astar::to_u32(level.index(c))] ||
            c == level.start() || c == level.goal() || level.cost(c) != 1.0 || level.height_at(c) != 0 ||
            c == search.last_taken())  // the current cell's outline covers its corners
          continue;
        if (!far || search.node(c).g > search.node(*far).g) far = c;
      }
    if (!far) {
      fail("heat: no plain closed cell to compare with the start");
    } else {
      const Rgb got = near_corner(*far);
      const Rgb want = with_heat(*far, closed);
      if (!close_to(got, want, heat_tolerance) || close_to(got, low, 12))
        fail("heat: the farthest closed cell " + cell_text(*far) + " shows " + rgb_text(got) + ", want " +
             rgb_text(want) + ", unlike the low end " + rgb_text(low));
      else
        std::printf("heat: the farthest closed cell %s (g %.2f, t %.2f) shows %s\n", cell_text(*far).c_str(),
                    search.node(*far).g, heat_t[astar::to_u32(level.index(*far))], rgb_text(got).c_str());
    }
  }

  // [SECTION] The heuristic check (--check-heuristic): the sidecar's counts and verdict are
  // astar::check_heuristic's here; with its overlay on, each overestimating cell shows the mark
  // in its bottom-right corner and no other cell does (off: no cell does). Cells on or beside
  // the path, the start and goal and the last step's outlines are not looked at.
  if (side.contains("heuristic_check") && !side.at("heuristic_check").is_null()) {
    const auto& hc = side.at("heuristic_check");
    astar::SearchOptions ho = options;
    if (ho.algorithm != astar::Algorithm::WeightedAStar) ho.weight = 1.0;
    const astar::HeuristicReport report = astar::check_heuristic(level, level.rules(), ho);
    const auto over = hc.at("overestimates").get<long long>();
    const auto inconsistent = hc.at("inconsistent_moves").get<long long>();
    if (over != report.overestimate_count || inconsistent != report.inconsistent_count ||
        hc.at("verdict").get<std::string>() != report.verdict)
      fail("the sidecar's heuristic check (" + std::to_string(over) + " overestimates, " +
           std::to_string(inconsistent) + " inconsistent moves) differs from check_heuristic's (" +
           std::to_string(report.overestimate_count) + ", " + std::to_string(report.inconsistent_count) + ")");
    else
      std::printf("heuristic check: %lld overestimates, %lld inconsistent moves: %s\n", over, inconsistent,
                  report.verdict.c_str());
    const bool marks = overlays.on(OverlayId::Heuristic);
    const Rgb mark_rgb = studio::kOverestimateMark;
    auto near_path = [&](Cell c) {
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const Cell n{c.x + dx, c.y + dy};
          if (!level.in_bounds(n)) continue;
          if (on_path[astar::to_u32(level.index(n))] || n == level.start() || n == level.goal()) return true;
        }
      return false;
    };
    const auto& relaxed = search.last_relaxed();
    int marked = 0, unmarked = 0;
    for (int cy = 0; cy < level.height(); ++cy)
      for (int cx = 0; cx < level.width(); ++cx) {
        const Cell c{cx, cy};
        int x0, y0, x1, y1;
        if (level.wall(c) || !m.interior(c, 2.0, x0, y0, x1, y1) || near_path(c) ||
            std::find(relaxed.begin(), relaxed.end(), c) != relaxed.end() || search.last_taken() == c)
          continue;
        double gx = 0, gy = 0;
        m.point(c, 0.88, 0.88, gx, gy);
        const Rgb got = img.at(static_cast<int>(gx), static_cast<int>(gy));
        const bool want_mark = marks && report.overestimates[report.index(c)];
        if (close_to(got, mark_rgb, 10) != want_mark)
          fail("cell " + cell_text(c) + (report.overestimates[report.index(c)] ? " overestimates" : " is admissible") +
               " and shows " + rgb_text(got) + " in its bottom-right corner: want " +
               (want_mark ? "the mark " : "no mark ") + rgb_text(mark_rgb));
        ++(want_mark ? marked : unmarked);
      }
    if ((marks && report.overestimate_count > 0 && marked == 0) || unmarked == 0)
      fail("heuristic marks: no marked or no unmarked cell was checked");
    else
      std::printf("heuristic marks: %d cells show the mark, %d do not%s\n", marked, unmarked,
                  marks ? "" : " (the overlay is off)");
  }

  check_unreachable_marks(img, m, level, search, overlays.on(OverlayId::Unreachable));

  if (checked_walls == 0) fail("no wall cell was visible to check");
  if (iteration > 0 && checked_closed == 0)
    fail("no plain closed cell off the path was visible to check");
  if (bidi && iteration > 1 && checked_back == 0)
    fail("bidirectional: no cell of the backward side was visible to check");
  if (expect_state == "found" && checked_path == 0) fail("no path cell was checked");
  if (expect_smoothed && smoothed.size() >= 2) {
    // The longest smoothed segment: the smoothed colour at its midpoint (the line is thin, so
    // any pixel of the 3x3 neighbourhood will do).
    std::size_t longest = 1;
    auto seg_len = [&](std::size_t i) {
      return std::hypot(smoothed[i].x - smoothed[i - 1].x, smoothed[i].y - smoothed[i - 1].y);
    };
    for (std::size_t i = 2; i < smoothed.size(); ++i)
      if (seg_len(i) > seg_len(longest)) longest = i;
    double ax, ay, bx, by;
    centre_px(smoothed[longest - 1], ax, ay);
    centre_px(smoothed[longest], bx, by);
    const int x = static_cast<int>(std::floor((ax + bx) * 0.5)), y = static_cast<int>(std::floor((ay + by) * 0.5));
    bool hit = false;
    for (int dy = -1; dy <= 1 && !hit; ++dy)
      for (int dx = -1; dx <= 1 && !hit; ++dx)
        if (x + dx >= 0 && y + dy >= 0 && x + dx < img.w && y + dy < img.h)
          hit = close_to(img.at(x + dx, y + dy), pal.smoothed, 12);
    if (!hit)
      fail("the midpoint of the longest smoothed segment " + cell_text(smoothed[longest - 1]) +
           " - " + cell_text(smoothed[longest]) + " at pixel (" + std::to_string(x) + ", " +
           std::to_string(y) + ") is " + rgb_text(img.at(x, y)) + ", want smoothed " + rgb_text(pal.smoothed));
    else
      std::printf("smoothed colour at the midpoint of segment %s - %s\n",
                  cell_text(smoothed[longest - 1]).c_str(), cell_text(smoothed[longest]).c_str());
  }
  // [SECTION] Another screenshot draws the same canvas, pixel for pixel (the panels around it may
  // differ: a rewound search's timeline knows iterations a fresh one has not reached).
  if (!same_canvas_as.empty()) {
    Image other;
    unsigned char* od = stbi_load(same_canvas_as.c_str(), &other.w, &other.h, &channels, 3);
    if (!od) {
      fail("cannot load " + same_canvas_as);
    } else {
      other.rgb.assign(od, od + static_cast<std::size_t>(other.w) * other.h * 3);
      stbi_image_free(od);
      int differ = 0, compared = 0;
      if (other.w != img.w || other.h != img.h) fail("the two screenshots differ in size");
      else
        for (int y = static_cast<int>(m.cy); y < static_cast<int>(m.cy + m.ch); ++y)
          for (int x = static_cast<int>(m.cx); x < static_cast<int>(m.cx + m.cw); ++x, ++compared)
            differ += !close_to(img.at(x, y), other.at(x, y), 0);
      std::printf("canvas compared with %s: %d of %d pixels differ\n", same_canvas_as.c_str(),
                  differ, compared);
      if (differ > 0 || compared == 0) fail("the canvas differs from " + same_canvas_as);
    }
  }

  if (compare_plain) {
    if (pattern_cells == 0 || plain_walls == 0)
      fail("--patterns-vs: no open, closed or wall cell was compared");
    else
      std::printf("patterns: %d open/closed cells differ from %s, %d walls do not\n",
                  pattern_cells, patterns_vs.c_str(), plain_walls);
  }
  std::printf("palette %s%s\n", pal.name, patterns ? ", patterns on" : "");
  std::printf("checked %d path, %d wall, %d closed and %d open cells (%d backward): %d failure(s)\n",
              checked_path, checked_walls, checked_closed, checked_open, checked_back, failures);
  return failures == 0 ? 0 : 1;
}
