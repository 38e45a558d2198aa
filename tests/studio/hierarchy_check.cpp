// Checks HPA*'s cluster overlay (app/studio/overlays/hierarchy_overlay.hpp) in a studio
// screenshot of a square level:
//
//   studio_hierarchy_check SHOT.png LEVEL.json --expect shown|hidden [--phase NAME]
//
// From the sidecar: the overlay shows when the algorithm is hpa-star, its search is not invalid
// and the "clusters" overlay is on; that must agree with --expect. The checker runs its own HPA*
// (the sidecar's heuristic, cluster_size and hpa_smooth) to the sidecar's iteration; --phase:
// its phase there must be NAME (building, inserting, abstract, refining, smoothing, done).
//   shown   along every border between two columns or rows of clusters, at each visible cell's
//           middle, the cluster line's colour (kClusterLine) in most samples (the entrance bars,
//           the abstract graph and the path cover some); and for each entrance pair of the own
//           search's graph so far (its HpaView::graph: during Building only the clusters built),
//           the entrance bar's colour (kEntranceMark) a quarter of a cell along the bar from the
//           border's middle, in most of them; some of each are checked;
//   hidden  no pixel of the canvas has the entrance bar's colour.
// Each failure is printed; exit 0 when all hold, 1 otherwise.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "astar/hpa_star.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search_names.hpp"
#include "check_failures.hpp"
#include "overlays/hierarchy_overlay.hpp"
#include "screenshot_image.hpp"

namespace {

using astar::Cell;
using namespace astar::test;

constexpr int kTolerance = 30;
constexpr double kMostLines = 0.6, kMostBars = 0.7;  // shares of samples that must show the colour

bool sidecar_shows(const nlohmann::json& side) {
  const auto& ov = side.at("overlays").at("clusters");
  return side.at("algorithm").get<std::string>() == "hpa-star" &&
         side.at("state").get<std::string>() != "invalid" && ov.at("on").get<bool>() &&
         ov.at("opacity").get<double>() > 0.0;
}

bool inside(const Mapping& m, double x, double y) {
  return x >= m.cx + 1 && y >= m.cy + 1 && x < m.cx + m.cw - 1 && y < m.cy + m.ch - 1;
}

// The colour within a pixel of (x, y) (a 1-pixel line may fall either side of a border).
bool shows_near(const Image& img, double x, double y, Rgb want) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (close_to(img.at(static_cast<int>(std::floor(x)) + dx, static_cast<int>(std::floor(y)) + dy),
                   want, kTolerance))
        return true;
  return false;
}

void check_lines(const Image& img, const Mapping& m, const astar::HpaGraph& g) {
  const int cs = g.cluster_size(), w = g.level().width(), h = g.level().height();
  int samples = 0, hits = 0;
  auto sample = [&](double x, double y) {
    if (!inside(m, x, y)) return;
    ++samples;
    hits += shows_near(img, x, y, studio::kClusterLine);
  };
  for (int bx = cs; bx < w; bx += cs)
    for (int y = 0; y < h; ++y) sample(m.ox + bx * m.s, m.oy + (y + 0.5) * m.s);
  for (int by = cs; by < h; by += cs)
    for (int x = 0; x < w; ++x) sample(m.ox + (x + 0.5) * m.s, m.oy + by * m.s);
  if (samples == 0) return fail("no cluster border inside the canvas: the check proves nothing");
  if (hits < kMostLines * samples)
    fail("cluster lines: " + std::to_string(hits) + " of " + std::to_string(samples) +
         " border samples show " + rgb_text(studio::kClusterLine));
  else
    std::printf("cluster lines: %d of %d border samples show the line\n", hits, samples);
}

void check_bars(const Image& img, const Mapping& m, const astar::HpaGraph& g) {
  int samples = 0, hits = 0;
  for (const astar::HpaEntrance& e : g.entrances())
    for (const auto& pr : e.pairs) {
      const Cell a = pr.first, b = pr.second;
      const double mx = m.ox + ((a.x + b.x) * 0.5 + 0.5) * m.s, my = m.oy + ((a.y + b.y) * 0.5 + 0.5) * m.s;
      // A quarter of a cell along the bar (across the step from a to b): clear of the inter
      // edge's line, which runs through the middle.
      const double x = mx - (b.y - a.y) * 0.25 * m.s, y = my + (b.x - a.x) * 0.25 * m.s;
      if (!inside(m, x, y)) continue;
      ++samples;
      hits += shows_near(img, x, y, studio::kEntranceMark);
    }
  if (samples == 0) return fail("no entrance inside the canvas: the check proves nothing");
  if (hits < kMostBars * samples)
    fail("entrance bars: " + std::to_string(hits) + " of " + std::to_string(samples) +
         " show " + rgb_text(studio::kEntranceMark));
  else
    std::printf("entrance bars: %d of %d show the bar\n", hits, samples);
}

void check_hidden(const Image& img, const Mapping& m) {
  int inked = 0;
  for (int y = static_cast<int>(m.cy); y < static_cast<int>(m.cy + m.ch) && y < img.h; ++y)
    for (int x = static_cast<int>(m.cx); x < static_cast<int>(m.cx + m.cw) && x < img.w; ++x)
      inked += close_to(img.at(x, y), studio::kEntranceMark, 12);
  if (inked > 0) fail(std::to_string(inked) + " pixels of the canvas have the entrance bars' colour");
  else std::printf("clusters: hidden, no pixel of the canvas has the entrance bars' colour\n");
}

// The own HPA* at the sidecar's iteration.
std::unique_ptr<astar::Search> own_search(const nlohmann::json& side, const astar::Level& level) {
  astar::SearchOptions o;
  o.algorithm = astar::Algorithm::HpaStar;
  if (const auto h = astar::parse_heuristic(side.at("heuristic").get<std::string>())) o.heuristic = *h;
  o.cluster_size = side.value("cluster_size", 16);
  o.hpa_smooth = side.value("hpa_smooth", false);
  auto s = astar::make_search(level, o);
  const long long iteration = side.at("iteration").get<long long>();
  while (s->iterations() < iteration && !astar::finished(s->state())) s->step();
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string expect = argc >= 5 ? argv[4] : "";
  const bool phase_given = argc == 7 && std::string(argv[5]) == "--phase";
  if ((argc != 5 && !phase_given) || std::string(argv[3]) != "--expect" ||
      (expect != "shown" && expect != "hidden")) {
    std::fprintf(stderr, "usage: %s SHOT.png LEVEL.json --expect shown|hidden [--phase NAME]\n", argv[0]);
    return 2;
  }
  const std::optional<Shot> shot = load_shot(argv[1], argv[2]);
  if (!shot) return 1;
  const nlohmann::json& side = shot->side;
  const Mapping m = mapping_of(side);
  const bool expect_shown = expect == "shown";
  if (sidecar_shows(side) != expect_shown)
    fail(std::string("the sidecar says the overlay is ") + (expect_shown ? "hidden" : "shown"));
  if (!expect_shown) {
    check_hidden(shot->img, m);
    return failures == 0 ? 0 : 1;
  }
  const auto s = own_search(side, shot->level);
  const astar::HpaView* v = s->hierarchy();
  if (!v || !v->graph) {
    fail("the own search has no hierarchy");
    return 1;
  }
  const std::string phase(astar::to_string(v->phase));
  if (phase_given && phase != argv[6]) fail("the own search is in phase " + phase + ", not " + argv[6]);
  std::printf("own HPA* at iteration %lld: %s, %zu of %zu clusters built\n",
              static_cast<long long>(s->iterations()), phase.c_str(), v->built, v->to_build.size());
  check_lines(shot->img, m, *v->graph);
  check_bars(shot->img, m, *v->graph);
  return failures == 0 ? 0 : 1;
}
