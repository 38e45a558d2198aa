// Checks a studio screenshot of a trace (astar-studio LEVEL --trace FILE --finding N
// --screenshot SHOT.png) against its sidecar's "trace" member:
//
//   studio_findings_check SHOT.png [--findings K] [--kind KIND]
//
//   - the trace is open, with K findings (when given) of which one is of kind KIND (when given);
//   - the picked finding's event is the last one applied (events_applied = event + 1);
//   - its cell is ringed: of 48 points on the circle of radius kFindingRingRadius cells round the
//     cell's centre, at least 70 % have the findings' colour (overlays.hpp: kFindingMark), and
//     round a cell two cells or more from every finding, none;
//   - every listed finding's cell has the mark at its top middle, in that colour.
// Exit 0 when all hold, 1 with a message per failure otherwise.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "check_failures.hpp"
#include "state/overlays.hpp"
#include "screenshot_image.hpp"

namespace {

using namespace astar::test;
using nlohmann::json;

constexpr int kTolerance = 40;

// The share of 48 points on the circle of radius r cells round c's centre that have the colour.
double ring_share(const Image& img, const Mapping& m, Cell c, double r) {
  int hits = 0, total = 0;
  for (int i = 0; i < 48; ++i) {
    const double a = 2.0 * M_PI * i / 48.0;
    const int x = static_cast<int>(std::lround(m.ox + (c.x + 0.5 + r * std::cos(a)) * m.s - 0.5));
    const int y = static_cast<int>(std::lround(m.oy + (c.y + 0.5 + r * std::sin(a)) * m.s - 0.5));
    if (x < 0 || y < 0 || x >= img.w || y >= img.h) continue;
    ++total;
    if (close_to(img.at(x, y), studio::kFindingMark, kTolerance)) ++hits;
  }
  return total == 0 ? 0.0 : static_cast<double>(hits) / total;
}

// The mark at the top middle of a finding's cell: its centre pixels have the colour.
bool marked(const Image& img, const Mapping& m, Cell c) {
  const double d = studio::finding_mark_px(static_cast<float>(m.s));
  const int x = static_cast<int>(std::floor(m.ox + (c.x + 0.5) * m.s));
  const int y = static_cast<int>(std::floor(m.oy + c.y * m.s + d + 1));
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (close_to(img.at(x + dx, y + dy), studio::kFindingMark, kTolerance)) return true;
  return false;
}

Cell cell_of(const json& j) { return {j.at(0).get<int>(), j.at(1).get<int>()}; }

void check(const Image& img, const json& side, long want_findings, const std::string& want_kind) {
  const json& t = side.at("trace");
  if (t.is_null()) return fail("no trace is open");
  const Mapping m = mapping_of(side);
  const json& list = t.at("list");
  if (want_findings >= 0 && t.at("findings").get<long>() != want_findings)
    fail("findings: " + t.at("findings").dump() + ", expected " + std::to_string(want_findings));
  if (!want_kind.empty() && !t.at("kinds").contains(want_kind))
    fail("no finding of kind " + want_kind + ": " + t.at("kinds").dump());
  const json& sel = t.at("selected");
  if (sel.is_null()) return fail("no finding picked");
  if (t.at("events_applied").get<long>() != sel.at("event").get<long>() + 1)
    fail("events_applied " + t.at("events_applied").dump() + " is not the picked finding's event " +
         sel.at("event").dump() + " + 1");
  const Cell ringed = cell_of(sel.at("cell"));
  const double on = ring_share(img, m, ringed, studio::kFindingRingRadius);
  if (on < 0.7) fail("the ring round " + cell_text(ringed) + ": " + std::to_string(on) + " of its points");
  const int w = side.at("level").at(0).get<int>(), h = side.at("level").at(1).get<int>();
  bool away_checked = false;
  for (int y = 0; y < h && !away_checked; ++y)
    for (int x = 0; x < w && !away_checked; ++x) {
      bool far = true;
      for (const json& f : list)
        far = far && std::max(std::abs(cell_of(f.at("cell")).x - x), std::abs(cell_of(f.at("cell")).y - y)) >= 2;
      if (!far) continue;
      away_checked = true;
      if (const double off = ring_share(img, m, {x, y}, studio::kFindingRingRadius); off > 0.0)
        fail("a ring round " + cell_text({x, y}) + ", no finding's cell: " + std::to_string(off));
    }
  for (const json& f : list)
    if (!marked(img, m, cell_of(f.at("cell")))) fail("no mark on finding cell " + cell_text(cell_of(f.at("cell"))));
  if (failures == 0)
    std::printf("%zu findings marked; %s ringed (%.0f %% of the circle), event %ld applied last\n",
                list.size(), cell_text(ringed).c_str(), on * 100.0, sel.at("event").get<long>());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SHOT.png [--findings K] [--kind KIND]\n", argv[0]);
    return 2;
  }
  long want_findings = -1;
  std::string want_kind;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--findings") == 0) want_findings = std::atol(argv[i + 1]);
    else if (std::strcmp(argv[i], "--kind") == 0) want_kind = argv[i + 1];
  }
  const auto img = load_image(argv[1]);
  if (!img) {
    std::fprintf(stderr, "FAIL: cannot load %s\n", argv[1]);
    return 1;
  }
  try {
    std::ifstream in(std::string(argv[1]) + ".json");
    check(*img, json::parse(in), want_findings, want_kind);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: sidecar: %s\n", e.what());
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
