// Checks a screenshot of the studio's Compare window against its sidecar and searches of its own.
//
//   studio_compare_check SHOT.png LEVEL.json [--panes N] [--step K] [--finished]
//
// The sidecar's "compare" member gives the step the panes were taken to and, per pane, its
// search options, its view mapping and its row of the table. For each pane this program makes
// the search itself, steps it to the same step (or to its end), and checks:
//   - the row: state, refusal message, iterations, expanded, generated, the open-set peak (the
//     largest open set its own loop saw), path cost and cells; a time > 0 (0 when refused),
//   - the pixels: over most of every plain cell (cost 1, height 0, off the path, not start or
//     goal), the pane shows its own search's state there: the closed tint, the open tint or the
//     floor; and at least one closed cell is checked in every pane that has taken a step,
//   - that the panes differ: some cell checked closed in one pane is checked unseen in another.
// Exit 0 when all hold, 1 with a message per failure otherwise.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "astar/make_search.hpp"
#include "check_failures.hpp"
#include "astar/level_io.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/search.hpp"
#include "state/palette.hpp"
#include "screenshot_image.hpp"

namespace {

using namespace astar::test;

template <class A, class B>
void expect_equal(const std::string& what, const A& got, const B& want) {
  if (!(got == want))
    fail(what + ": the sidecar says " + nlohmann::json(got).dump() + ", own search " +
         nlohmann::json(want).dump());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s SHOT.png LEVEL.json [--panes N] [--step K] [--finished]\n", argv[0]);
    return 2;
  }
  const std::string png = argv[1], level_path = argv[2];
  long long want_panes = -1, want_step = -1;
  bool want_finished = false;
  for (int i = 3; i < argc; ++i) {
    const std::string opt = argv[i];
    if (opt == "--finished") want_finished = true;
    else if (opt == "--panes" && i + 1 < argc) want_panes = std::atoll(argv[++i]);
    else if (opt == "--step" && i + 1 < argc) want_step = std::atoll(argv[++i]);
    else return 2;
  }

  // [SECTION] Inputs
  const std::optional<nlohmann::json> sidecar = load_sidecar(png);
  if (!sidecar) return 1;
  const nlohmann::json& side = *sidecar;
  if (!side.contains("compare")) {
    std::fprintf(stderr, "FAIL: %s.json has no \"compare\" member (window not open?)\n", png.c_str());
    return 1;
  }
  const auto image = load_image(png);
  if (!image) {
    std::fprintf(stderr, "FAIL: cannot load %s\n", png.c_str());
    return 1;
  }
  const Image& img = *image;
  auto loaded = astar::load_level(level_path);
  if (!loaded) {
    std::fprintf(stderr, "FAIL: %s\n", loaded.error().c_str());
    return 1;
  }
  const astar::Level& level = loaded.value();
  const nlohmann::json& cmp = side.at("compare");
  const auto step = cmp.at("step").get<long long>();
  const auto& panes = cmp.at("panes");
  if (want_panes >= 0 && static_cast<long long>(panes.size()) != want_panes)
    fail("expected " + std::to_string(want_panes) + " panes, got " + std::to_string(panes.size()));
  if (want_step >= 0 && step != want_step)
    fail("expected step " + std::to_string(want_step) + ", got " + std::to_string(step));
  if (cmp.at("finished").get<bool>() != want_finished)
    fail(std::string("expected the comparison ") + (want_finished ? "" : "not ") + "finished");

  // [SECTION] Each pane
  // The default palette: the compare test runs without --palette.
  const studio::palette::Palette& pal = studio::palette::kDefault;
  const Rgb closed_tint = studio::palette::blend_over_floor(pal, pal.closed);
  const Rgb open_tint = studio::palette::blend_over_floor(pal, pal.open);
  // Per pane, per cell: 'c' checked closed, 'u' checked unseen.
  std::vector<std::vector<char>> checked(panes.size());
  for (std::size_t p = 0; p < panes.size(); ++p) {
    const nlohmann::json& pane = panes[p];
    const std::string name = "pane " + std::to_string(p) + " (" + pane.at("label").get<std::string>() + ")";
    const auto algorithm = astar::parse_algorithm(pane.at("algorithm").get<std::string>());
    const auto heuristic = astar::parse_heuristic(pane.at("heuristic").get<std::string>());
    const auto tie_break = astar::parse_tie_break(pane.at("tie_break").get<std::string>());
    if (!algorithm || !heuristic || !tie_break) {
      fail(name + ": unknown algorithm, heuristic or tie-break");
      continue;
    }
    const astar::SearchOptions o{.algorithm = *algorithm, .heuristic = *heuristic,
                                 .weight = pane.at("weight").get<double>(), .tie_break = *tie_break};
    const auto own = astar::make_search(level, o);
    std::size_t peak = own->open_size();
    while (own->iterations() < step && !astar::finished(own->state())) {
      own->step();
      peak = std::max(peak, own->open_size());
    }
    const bool found = own->state() == astar::SearchState::Found;
    const std::vector<Cell> path = found ? own->path() : std::vector<Cell>{};
    expect_equal(name + " state", pane.at("state").get<std::string>(), std::string(astar::to_string(own->state())));
    expect_equal(name + " message", pane.at("message").get<std::string>(),
                 own->state() == astar::SearchState::Invalid ? own->message() : std::string());
    expect_equal(name + " iterations", pane.at("iterations").get<long long>(), static_cast<long long>(own->iterations()));
    expect_equal(name + " expanded", pane.at("expanded").get<long long>(), static_cast<long long>(own->metrics().expanded));
    expect_equal(name + " generated", pane.at("generated").get<long long>(), static_cast<long long>(own->metrics().generated));
    expect_equal(name + " open_peak", pane.at("open_peak").get<std::size_t>(), peak);
    expect_equal(name + " path_cells", pane.at("path_cells").get<std::size_t>(), path.size());
    if (path.empty() != pane.at("path_cost").is_null())
      fail(name + ": path_cost " + pane.at("path_cost").dump() + " but the path has " +
           std::to_string(path.size()) + " cells");
    else if (!path.empty())
      expect_equal(name + " path_cost", pane.at("path_cost").get<double>(), own->path_cost());
    const bool invalid = own->state() == astar::SearchState::Invalid;
    if (pane.at("ms").is_null() || (invalid ? pane.at("ms").get<double>() != 0.0 : !(pane.at("ms").get<double>() > 0.0)))
      fail(name + ": time " + pane.at("ms").dump() + (invalid ? ", want 0" : ", want > 0"));

    const Mapping m = mapping_of(pane);
    if (m.s < 8) fail(name + ": cells are too small to check (" + std::to_string(m.s) + " px)");
    std::vector<char> on_path(static_cast<std::size_t>(level.cell_count()), 0);
    auto mark = [&](Cell c) { on_path[astar::to_u32(level.index(c))] = 1; };
    if (!path.empty()) mark(path.front());
    for (std::size_t i = 1; i < path.size(); ++i) astar::for_each_cell_on_line(path[i - 1], path[i], mark);

    checked[p].assign(static_cast<std::size_t>(level.cell_count()), 0);
    int n_closed = 0, n_open = 0, n_unseen = 0;
    for (int y = 0; y < level.height(); ++y)
      for (int x = 0; x < level.width(); ++x) {
        const Cell c{x, y};
        const auto i = astar::to_u32(level.index(c));
        if (level.wall(c) || c == level.start() || c == level.goal() || on_path[i] ||
            level.cost(c) != 1.0 || level.height_at(c) != 0 || own->last_taken() == c)
          continue;
        const astar::NodeState ns = own->node_state(c);
        const Rgb want = ns == astar::NodeState::Closed ? closed_tint
                         : ns == astar::NodeState::Open ? open_tint
                                                        : pal.floor;
        const double share = coverage(img, m, c, want, 3);
        if (share < 0) continue;  // not fully visible
        const char* what = ns == astar::NodeState::Closed ? "closed" : ns == astar::NodeState::Open ? "open" : "unseen";
        if (share < 0.5)
          fail(name + ": " + what + " cell " + cell_text(c) + ": only " +
               std::to_string(static_cast<int>(share * 100)) + "% of its pixels show " + rgb_text(want));
        if (ns == astar::NodeState::Closed) ++n_closed, checked[p][i] = 'c';
        else if (ns == astar::NodeState::Open) ++n_open;
        else ++n_unseen, checked[p][i] = 'u';
      }
    if (own->iterations() > 0 && n_closed == 0) fail(name + ": no plain closed cell was visible to check");
    std::printf("%s: %s, %lld iterations, open peak %zu; checked %d closed, %d open, %d unseen cells\n",
                name.c_str(), std::string(astar::to_string(own->state())).c_str(),
                static_cast<long long>(own->iterations()), peak, n_closed, n_open, n_unseen);
  }

  // [SECTION] The panes draw different states
  bool differ = false;
  for (std::size_t a = 0; a < checked.size() && !differ; ++a)
    for (std::size_t b = 0; b < checked.size() && !differ; ++b)
      for (std::size_t i = 0; i < checked[a].size() && i < checked[b].size() && !differ; ++i)
        differ = checked[a][i] == 'c' && checked[b][i] == 'u';
  if (!differ && step > 0) fail("no cell is shown closed in one pane and unseen in another");
  std::printf("%zu panes at step %lld: %d failure(s)\n", panes.size(), step, failures);
  return failures == 0 ? 0 : 1;
}
