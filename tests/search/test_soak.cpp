// The soak test (issue 6): 10,000 seeded random operations of every kind a user makes — edits,
// undo, redo, a new search, step, step back, seek, save, load — on random levels, with the
// invariants checked after each one:
//   - the level equals the state the undo history says it is at (undo and redo restore exactly);
//   - the level's start and goal stay usable;
//   - the search shown equals a fresh search on the same level stepped to the same iteration
//     (rewind and seek are exact);
//   - a saved level loads back equal.
// It runs in the core suite and under ASan + UBSan (sanitizers_core_without_movingai_data).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "astar/edit.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "astar/search.hpp"
#include "support/random_level.hpp"

using namespace astar;

namespace {

// Empty when the two searches are in the same state at every cell, else what differs.
std::string difference(const Search& a, const Search& b, const Level& lv) {
  if (a.state() != b.state()) return "state";
  if (a.iterations() != b.iterations()) return "iterations";
  if (a.open_size() != b.open_size()) return "open size";
  if (a.closed_count() != b.closed_count()) return "closed count";
  if (a.path() != b.path()) return "path";
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) {
      const NodeView na = a.node({x, y}), nb = b.node({x, y});
      if (na.state != nb.state || na.g != nb.g || na.parent != nb.parent)
        return "node (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    }
  return {};
}

}  // namespace

TEST_CASE("[Soak] 10,000 random edits, undos, redos, searches, steps, seeks, saves and loads") {
  std::mt19937 rng(6'061'122);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::string file = (std::filesystem::temp_directory_path() /
                            ("astar-soak-" + std::to_string(::getpid()) + ".json"))
                               .string();
  int ops = 0, searches = 0, search_checks = 0, saves = 0, undos = 0;
  for (int round = 0; round < 20; ++round) {
    Level lv = test::random_level(rng, 14);
    Editor ed(lv, 300);
    std::vector<Level> states{lv};
    std::size_t at = 0;
    std::unique_ptr<Search> search;  // on lv; dropped after any change to lv
    auto cell = [&] { return Cell{pick(-1, lv.width()), pick(-1, lv.height())}; };
    // A new search with a random algorithm, recording so it can step back.
    auto new_search = [&] {
      SearchOptions o;
      o.algorithm = static_cast<Algorithm>(pick(0, static_cast<int>(Algorithm::_Max) - 1));
      o.weight = o.algorithm == Algorithm::WeightedAStar ? 1.5 : 1.0;
      search = make_search(lv, o);
      search->set_recording(true);
      ++searches;
    };
    for (int op = 0; op < 500; ++op, ++ops) {
      CAPTURE(round);
      CAPTURE(op);
      const std::uint64_t version = ed.version();
      const Layer layer = static_cast<Layer>(pick(0, 3));
      const double v = layer == Layer::Costs ? pick(1, 40) / 4.0 : layer == Layer::Heights ? pick(-3, 3) : pick(0, 1);
      bool moved = false;
      const int kind = pick(0, 19);
      if (kind >= 12 && kind <= 16 && !search) new_search();  // the user steps what is shown
      switch (kind) {
        case 0: ed.brush(layer, cell(), pick(1, 3), v); break;
        case 1: ed.line(layer, cell(), cell(), 1, v); break;
        case 2: ed.rect(layer, {cell(), cell()}, pick(0, 1) == 1, v); break;
        case 3: ed.fill(layer, cell(), v); break;
        case 4: ed.heights(cell(), pick(1, 3), static_cast<HeightMode>(pick(0, 3)), pick(1, 2)); break;
        case 5:
          ed.set_edge(cell(), static_cast<Dir>(pick(0, 7)),
                      pick(0, 2) == 0 ? std::nullopt : std::optional<EdgeOverride>(EdgeOverride{pick(0, 1) == 1, pick(1, 9) / 2.0}));
          break;
        case 6: ed.set_start(cell()); break;
        case 7: ed.move({cell(), cell()}, cell()); break;
        case 8:
          if (pick(0, 9) == 0) (void)ed.resize(pick(1, 14), pick(1, 14), static_cast<Anchor>(pick(0, 8)));
          break;
        case 9:
        case 10:
          moved = true;
          ++undos;
          if (pick(0, 1) == 0 ? ed.undo() : false) --at;
          else if (ed.redo()) ++at;
          break;
        case 11: new_search(); break;
        case 12:
        case 13:
          if (search)
            for (int k = pick(1, 6); k > 0; --k) search->step();
          break;
        case 14:
          if (search)
            for (int k = pick(1, 6); k > 0 && search->step_back(); --k) {
            }
          break;
        case 15:
          if (search) search->seek(pick(0, static_cast<int>(search->iterations()) + 8));
          break;
        case 16:
          if (search) search->micro_step();
          break;
        case 17: {  // save and load back
          REQUIRE(save_level(lv, file).ok());
          const auto back = load_level(file);
          REQUIRE(back.ok());
          const Level& b = back.value();
          CAPTURE(b.walls() == lv.walls());
          CAPTURE(b.costs() == lv.costs());
          CAPTURE(b.heights() == lv.heights());
          CAPTURE(b.agents() == lv.agents());
          CAPTURE(b.edges() == lv.edges());
          CAPTURE(b.rules() == lv.rules());
          CAPTURE(b.shapes() == lv.shapes());
          CAPTURE(b.name == lv.name);
          CAPTURE(b.description == lv.description);
          CAPTURE(b.preset == lv.preset);
          CAPTURE(b.terrains == lv.terrains);
          CAPTURE(b.start() == lv.start());
          CAPTURE(b.goal() == lv.goal());
          CAPTURE(b.solid_mask() == lv.solid_mask());
          CAPTURE(b.agents_block() == lv.agents_block());
          REQUIRE(back.value() == lv);
          ++saves;
          break;
        }
        default: {  // a stroke: several dabs as one undo step
          ed.begin("stroke");
          for (int i = pick(1, 4); i > 0; --i) ed.brush(layer, cell(), 1, v);
          ed.end();
        }
      }
      if (ed.version() != version) {
        search.reset();  // the level changed under it: the studio makes a new one too
        if (!moved) {
          states.resize(at + 1);
          states.push_back(lv);
          ++at;
          if (states.size() > ed.undo_count() + ed.redo_count() + 1) {
            states.erase(states.begin());
            --at;
          }
        }
      }
      REQUIRE(at < states.size());
      REQUIRE(lv == states[at]);
      REQUIRE(lv.check_endpoints().empty());
      if (search && !search->mid_iteration()) {
        auto fresh = make_search(lv, search->options());
        for (std::int64_t k = 0; k < search->iterations(); ++k) fresh->step();
        const std::string diff = difference(*search, *fresh, lv);
        CHECK_MESSAGE(diff.empty(), diff);
        ++search_checks;
      }
    }
  }
  std::filesystem::remove(file);
  MESSAGE(ops << " operations: " << searches << " searches made, " << search_checks
              << " search states compared with fresh searches, " << saves << " saves loaded back, "
              << undos << " undos or redos");
  CHECK(ops == 10'000);
  // The mix really happened.
  CHECK(searches > 300);
  CHECK(search_checks > 2'500);
  CHECK(saves > 300);
  CHECK(undos > 700);
}
