// Checks each layer's look in a studio screenshot of a level at iteration 0 (levels/all-layers.json).
//
//   studio_layers_check SHOT.png LEVEL.json [--hidden NAME]... [--opacity NAME=V]... [--only NAME]...
//
// The layers named hidden must be hidden, those given an opacity drawn at it, the rest visible at
// full strength, both in the sidecar ("layers") and in the pixels, computed here from the level,
// the palette (app/studio/palette.hpp) and the shared layer numbers (layer_look.hpp):
//   walls    the centre of every plain wall cell: the wall colour mixed over the floor at the
//            layer's opacity (the floor when hidden)
//   costs    the centre of every plain cell of another cost than 1: its terrain's colour when a
//            terrain of the level's palette has that cost, else the cost ramp (the floor towards
//            the cost tint on a log scale up to the level's highest cost), at the opacity
//   heights  the centre of every cell on flat ground above or below 0: the height tint; and on
//            each side of the hill, where the height steps between two cells of a row (and the
//            rows above and below step alike), a contour line just left of the cell border:
//            clearly darker than the cell it crosses (the floor when hidden)
//   agents   inside each agent's disc, clear of its figure: the agent colour (while agents block;
//            else on its ring), at the opacity
//   edges    on the shaft of every edge override's arrow (its lane, right of the move): the edge
//            colour, red for a blocked move; when hidden no pixel near there has it
//   shapes   at a cell centre inside each shape: the shape's fill over the floor
// "Plain" cells have cost 1 (but for the costs check), height 0 with flat neighbours, no wall
// or agent, no edge overrides and no shape over them, and are neither start nor goal.
// --only NAME (repeatable): check only these layers' pixels (for levels without every layer).
// Each failure names its layer ("walls: ..."); exit 0 when all hold, 1 otherwise.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "check_failures.hpp"
#include "astar/edit.hpp"
#include "astar/level_io.hpp"
#include "overlays/layer_look.hpp"
#include "state/palette.hpp"
#include "screenshot_image.hpp"

namespace {

using astar::Cell;
using astar::Layer;
using studio::palette::Rgb;
using namespace astar::test;

Rgb rgb(std::uint32_t v) {
  return {static_cast<std::uint8_t>((v >> 16) & 0xFF), static_cast<std::uint8_t>((v >> 8) & 0xFF),
          static_cast<std::uint8_t>(v & 0xFF)};
}

double luminance(Rgb c) { return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SHOT.png LEVEL.json [--hidden NAME]... [--opacity NAME=V]...\n", argv[0]);
    return 2;
  }
  const std::string png = argv[1], level_path = argv[2];
  std::map<std::string, double> alpha;  // per layer name: the opacity expected (0: hidden)
  std::map<std::string, bool> check;    // per layer name: its pixels are checked
  for (int i = 0; i < astar::kLayerCount; ++i) {
    const std::string name(astar::to_string(static_cast<Layer>(i)));
    alpha[name] = 1.0;
    check[name] = true;
  }
  bool only = false;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string opt = argv[i], v = argv[i + 1];
    const std::string name = opt == "--opacity" ? v.substr(0, v.find('=')) : v;
    if ((opt != "--hidden" && opt != "--opacity" && opt != "--only") || !alpha.count(name)) {
      std::fprintf(stderr, "bad argument %s %s\n", opt.c_str(), v.c_str());
      return 2;
    }
    if (opt == "--only") {
      if (!only)
        for (auto& [layer, on] : check) on = false;
      only = true;
      check[name] = true;
      continue;
    }
    alpha[name] = opt == "--hidden" ? 0.0 : std::atof(v.c_str() + name.size() + 1);
  }

  const std::optional<Shot> shot = load_shot(png, level_path);
  if (!shot) return 1;
  const nlohmann::json& side = shot->side;
  const Image* img = &shot->img;
  const astar::Level& level = shot->level;
  const auto& pal = studio::palette::get(studio::palette::parse(side.value("palette", "default")).value());
  const auto& look = pal.layers;
  const Mapping m = mapping_of(side);
  if (side.at("iteration").get<long long>() != 0) fail("the screenshot must be at iteration 0");
  if (m.s < 24) fail("cells are too small to check (" + std::to_string(m.s) + " px)");

  // [SECTION] The sidecar says what was asked
  for (const auto& [name, a] : alpha) {
    const auto& l = side.at("layers").at(name);
    const double shown = l.at("visible").get<bool>() ? l.at("opacity").get<double>() : 0.0;
    if (std::abs(shown - a) > 1e-6)
      fail("sidecar: layer " + name + " drawn at " + std::to_string(shown) + ", expected " + std::to_string(a));
  }
  const bool agents_block = side.at("agents_block").get<bool>();
  if (agents_block != level.agents_block()) fail("sidecar: agents_block differs from the level's");

  // [SECTION] Which cells are plain
  auto in_shape = [&](double x, double y, double margin) {
    for (const astar::Shape& s : level.shapes()) {
      const astar::Box b = astar::widened_bounds(s, margin);
      if (x >= b.min_x && x <= b.max_x && y >= b.min_y && y <= b.max_y) return true;
    }
    return false;
  };
  auto has_edge = [&](Cell c) { return level.has_edges(c); };
  auto h = [&](Cell c) { return level.in_bounds(c) ? level.height_at(c) : level.height_at({std::clamp(c.x, 0, level.width() - 1), std::clamp(c.y, 0, level.height() - 1)}); };
  auto flat = [&](Cell c) {  // no slope across the neighbours (the hill-shading is 0)
    return h({c.x - 1, c.y}) == h({c.x + 1, c.y}) && h({c.x, c.y - 1}) == h({c.x, c.y + 1});
  };
  auto plain = [&](Cell c, bool any_cost) {
    return level.in_bounds(c) && !level.wall(c) && !level.agent(c) && (any_cost || level.cost(c) == 1.0f) &&
           h(c) == 0 && flat(c) && !has_edge(c) && c != level.start() && c != level.goal() &&
           !in_shape(c.x + 0.5, c.y + 0.5, 0.6);
  };
  auto centre = [&](Cell c) {
    int x, y;
    m.center(c, x, y);
    return img->at(x, y);
  };
  auto visible = [&](Cell c) {
    int x0, y0, x1, y1;
    return m.interior(c, 2.0, x0, y0, x1, y1);
  };
  auto expect = [&](const std::string& layer, Cell c, Rgb got, Rgb want, int tolerance) {
    if (!close_to(got, want, tolerance)) {
      fail(layer + ": cell " + cell_text(c) + " shows " + rgb_text(got) + ", expected " + rgb_text(want));
      return false;
    }
    return true;
  };
  auto blend = [](Rgb a, Rgb b, double t) { return studio::palette::blend(a, b, static_cast<float>(t)); };

  // [SECTION] Walls
  if (check["walls"]) {
    int walls = 0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Cell c{x, y};
        if (!level.wall(c) || level.agent(c) || level.cost(c) != 1.0f || h(c) != 0 || !flat(c) || !visible(c)) continue;
        walls += expect("walls", c, centre(c), blend(pal.floor, pal.wall, alpha["walls"]), 4);
      }
    if (walls == 0) fail("walls: no wall cell was checked");
    std::printf("walls: %d cells show the wall at opacity %.2f\n", walls, alpha["walls"]);
  }

  // [SECTION] Costs: terrain colours and the ramp
  if (check["costs"]) {
    double max_cost = 1.0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x)
        if (!level.wall({x, y})) max_cost = std::max(max_cost, level.cost({x, y}));
    const auto terrains = astar::terrains_of(level);
    int terrain_cells = 0, ramp_cells = 0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Cell c{x, y};
        const double cost = level.cost(c);
        if (cost == 1.0 || !plain(c, true) || !visible(c)) continue;
        Rgb want = pal.floor;
        bool named = false;
        for (const astar::Terrain& t : terrains)
          if (std::abs(cost - t.cost) <= 1e-6 * t.cost) {
            want = rgb(t.rgb);
            named = true;
            break;
          }
        if (!named && cost > 1.0)
          want = blend(pal.floor, pal.cost_tint, max_cost > 1.0 ? std::log(cost) / std::log(max_cost) : 1.0);
        if (expect("costs", c, centre(c), blend(pal.floor, want, alpha["costs"]), 4)) ++(named ? terrain_cells : ramp_cells);
      }
    if (terrain_cells == 0 || (ramp_cells == 0 && !only)) fail("costs: no terrain cell or no other-cost cell was checked");
    std::printf("costs: %d terrain cells and %d other-cost cells at opacity %.2f\n", terrain_cells, ramp_cells, alpha["costs"]);
  }

  // [SECTION] Heights: the tint on flat ground, contour lines where the height steps
  if (check["heights"]) {
    int lo = 0, hi = 0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        lo = std::min(lo, level.height_at({x, y}));
        hi = std::max(hi, level.height_at({x, y}));
      }
    const int step = studio::contour_step(lo, hi), abs_h = studio::height_abs(lo, hi);
    int tinted = 0, contours = 0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Cell c{x, y};
        if (h(c) == 0 || level.wall(c) || level.agent(c) || level.cost(c) != 1.0f || !flat(c) || !visible(c)) continue;
        // flat: also the cells the contour field uses around the centre
        bool around = true;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) around = around && h({x + dx, y + dy}) == h(c);
        if (!around) continue;
        const double t = static_cast<double>(h(c)) / abs_h;
        const Rgb tint = blend(pal.floor, t > 0 ? look.high : look.low, look.height_alpha * std::abs(t));
        tinted += expect("heights", c, centre(c), blend(pal.floor, tint, alpha["heights"]), 4);
      }
    for (int y = 1; y + 1 < level.height(); ++y)
      for (int x = 0; x + 1 < level.width(); ++x) {
        const Cell a{x, y}, b{x + 1, y};
        if (h(a) == h(b) || level.wall(a) || level.wall(b) || level.agent(a) || level.agent(b) || !visible(a) || !visible(b)) continue;
        if (h({x, y - 1}) != h(a) || h({x, y + 1}) != h(a) || h({x + 1, y - 1}) != h(b) || h({x + 1, y + 1}) != h(b)) continue;
        // A contour at (k + 0.5) * step between them crosses the border when the border's height
        // (their mean) is one: a step of one unit with step 1, say.
        const double mid = (h(a) + h(b)) * 0.5 / step - 0.5;
        if (std::abs(mid - std::round(mid)) > 1e-9) continue;
        int px, py;
        m.center(a, px, py);
        const int bx = static_cast<int>(std::floor(m.ox + (x + 1) * m.s)) - 1;  // a's last column
        const Rgb on_line = img->at(bx, py), inside = img->at(px, py);
        if (alpha["heights"] > 0.0) {
          if (luminance(on_line) > luminance(inside) - 40.0 * alpha["heights"]) {
            fail("heights: no contour between " + cell_text(a) + " and " + cell_text(b) + ": " +
                 rgb_text(on_line) + " beside the cell's " + rgb_text(inside));
            continue;
          }
        } else if (!expect("heights", a, on_line, pal.floor, 4)) {
          continue;
        }
        ++contours;
      }
    if (tinted == 0 || contours < 2) fail("heights: no flat raised cell or fewer than 2 contour crossings were checked");
    std::printf("heights: %d flat raised cells tinted, %d contour crossings at opacity %.2f (contour step %d)\n",
                tinted, contours, alpha["heights"], step);
  }

  // [SECTION] Agents: the disc (blocking) or the ring
  if (check["agents"]) {
    int agents = 0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Cell c{x, y};
        if (!level.agent(c) || level.wall(c) || level.cost(c) != 1.0f || h(c) != 0 || !flat(c) || !visible(c)) continue;
        const double r = agents_block ? 0.28 : 0.36;
        const int px = static_cast<int>(std::floor(m.ox + (x + 0.5 - r) * m.s));
        int cx, py;
        m.center(c, cx, py);
        const double a = alpha["agents"] * (agents_block ? 1.0 : 0.9);
        agents += expect(agents_block ? "agents" : "agents (ring)", c, img->at(px, py), blend(pal.floor, look.agent, a),
                         agents_block ? 5 : 14);
      }
    if (agents == 0) fail("agents: no agent cell was checked");
    std::printf("agents: %d %s at opacity %.2f\n", agents, agents_block ? "discs" : "rings", alpha["agents"]);
  }

  // [SECTION] Edges: a point on each arrow's shaft
  if (check["edges"]) {
    int edges = 0;
    for (const auto& [key, e] : level.edges()) {
      const Cell from = level.cell(astar::CellIndex(key.first));
      if (!visible(from)) continue;
      const double vx = astar::dx(key.second), vy = astar::dy(key.second);
      const double len = std::hypot(vx, vy);
      const double t = studio::kEdgeTail + 0.12;
      const double x = m.ox + (from.x + 0.5) * m.s + vx * m.s * t - vy / len * studio::kEdgeLane * m.s;
      const double y = m.oy + (from.y + 0.5) * m.s + vy * m.s * t + vx / len * studio::kEdgeLane * m.s;
      const Rgb ink = e.blocked ? look.edge_blocked : look.edge;
      const Rgb want = blend(pal.floor, ink, alpha["edges"]);
      bool seen = false;
      Rgb got{};
      for (int dy = -1; dy <= 1 && !seen; ++dy)
        for (int dx = -1; dx <= 1 && !seen; ++dx) {
          got = img->at(static_cast<int>(std::floor(x)) + dx, static_cast<int>(std::floor(y)) + dy);
          seen = alpha["edges"] > 0.0 ? close_to(got, want, 12) : close_to(got, ink, 60);
        }
      const std::string what = std::string(e.blocked ? "blocked " : "weighted ") + "edge from " + cell_text(from);
      if (alpha["edges"] > 0.0 && !seen) fail("edges: the " + what + " shows no arrow (" + rgb_text(want) + ") near its shaft");
      else if (alpha["edges"] == 0.0 && seen) fail("edges: the " + what + " is hidden but its arrow shows");
      else ++edges;
    }
    if (edges == 0) fail("edges: no edge override was checked");
    std::printf("edges: %zu overrides, %d as expected at opacity %.2f\n", level.edges().size(), edges, alpha["edges"]);
  }

  // [SECTION] Shapes: a cell centre inside each
  if (check["shapes"]) {
    int shapes = 0;
    for (const astar::Shape& s : level.shapes()) {
      double sx, sy;
      if (const auto* c = std::get_if<astar::Circle>(&s)) {
        sx = c->x;
        sy = c->y;
      } else {
        const auto& b = std::get<astar::Box>(s);
        sx = (b.min_x + b.max_x) * 0.5;
        sy = (b.min_y + b.max_y) * 0.5;
      }
      const Cell c{static_cast<int>(std::floor(sx)), static_cast<int>(std::floor(sy))};
      if (!level.in_bounds(c) || level.wall(c) || level.agent(c) || level.cost(c) != 1.0f || h(c) != 0 || !visible(c)) continue;
      shapes += expect("shapes", c, centre(c), blend(pal.floor, pal.shape, pal.shape_alpha * alpha["shapes"]), 5);
    }
    if (shapes == 0) fail("shapes: no shape was checked");
    std::printf("shapes: %d shapes at opacity %.2f\n", shapes, alpha["shapes"]);
  }

  if (failures == 0) std::printf("all layers as expected\n");
  return failures == 0 ? 0 : 1;
}
