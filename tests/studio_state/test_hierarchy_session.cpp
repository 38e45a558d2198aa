// HPA* in the studio's session (app/studio/state/hierarchy_state.hpp, search_session.hpp), driven
// through Studio with no window: the graph is kept across edits, an edit rebuilds only the
// clusters near it and the next search's path equals a full rebuild's, the status line says how
// many and how long, the Log gets one line per step, the optimal path beside HPA*'s is the
// oracle's cost, the HPA* overlays' toggles parse, and a lesson's cluster_size and hpa_smooth
// set the session's.
//
// The level, 48 x 48 in 16 rooms of 12 x 12: walls on x = 12, 24, 36 and y = 12, 24, 36, each
// with a door at the middle of every room's side (x or y = 6 mod 12); start (1, 1), goal
// (46, 46). Cluster size 8: 6 x 6 = 36 clusters.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/level.hpp"
#include "astar/make_search.hpp"
#include "astar/pseudocode.hpp"
#include "astar/search.hpp"
#include "files/options.hpp"
#include "state/hierarchy_state.hpp"
#include "state/overlays.hpp"
#include "state/search_session.hpp"
#include "state/studio.hpp"
#include "support/oracle.hpp"

using astar::Algorithm;
using astar::Cell;
using astar::Layer;
using astar::SearchState;
using studio::SearchSession;

namespace {

constexpr int kSide = 48, kClusterSide = 8;
constexpr int kClusters = (kSide / kClusterSide) * (kSide / kClusterSide);

astar::Level rooms_level() {
  astar::Level lv(kSide, kSide);
  for (int i = 12; i < kSide; i += 12)
    for (int t = 0; t < kSide; ++t) {
      if (t % 12 == 6) continue;  // the doors
      lv.set_wall({i, t}, true);
      lv.set_wall({t, i}, true);
    }
  lv.set_start({1, 1});
  lv.set_goal({46, 46});
  return lv;
}

std::unique_ptr<studio::Studio> hpa_studio() {
  auto st = std::make_unique<studio::Studio>();
  st->set_level(rooms_level(), "");
  st->session().set_algorithm(Algorithm::HpaStar);
  st->session().set_cluster_size(kClusterSide);
  st->flush();
  return st;
}

// HPA* on `lv` with a graph of its own (a full build).
std::unique_ptr<astar::Search> fresh_hpa(const astar::Level& lv) {
  astar::SearchOptions o;
  o.algorithm = Algorithm::HpaStar;
  o.cluster_size = kClusterSide;
  auto s = astar::make_search(lv, o);
  s->run();
  return s;
}

int cluster_of(Cell c) { return (c.y / kClusterSide) * (kSide / kClusterSide) + c.x / kClusterSide; }

}  // namespace

TEST_CASE("[hpa session] the first search builds every cluster, and the status line says so") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  REQUIRE(s.search().hierarchy() != nullptr);
  const studio::HierarchyBuild& b = s.hierarchy().build();
  CHECK(b.made);
  CHECK(b.full);
  CHECK(b.clusters == kClusters);
  CHECK(static_cast<int>(b.rebuilt.size()) == kClusters);
  CHECK(b.full_ms.has_value());
  CHECK(st->status.starts_with("Built all 36 clusters of the abstract graph in "));
  CHECK(s.search().hierarchy()->phase == astar::HpaPhase::Building);
}

TEST_CASE("[hpa session] an edit rebuilds only the clusters it touches; the path is a full build's") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  s.run_to_end();
  REQUIRE(s.search().state() == SearchState::Found);

  const Cell edited{20, 20};  // inside cluster (2, 2), two cells from its borders
  st->editor().set_cell(Layer::Walls, edited, 1.0);
  st->flush();
  const studio::HierarchyBuild& b = s.hierarchy().build();
  REQUIRE(b.made);
  CHECK_FALSE(b.full);
  const std::vector<int>& rebuilt = b.rebuilt;
  CHECK(std::find(rebuilt.begin(), rebuilt.end(), cluster_of(edited)) != rebuilt.end());
  CHECK(rebuilt.size() < static_cast<std::size_t>(kClusters));
  for (int k : rebuilt) {  // each within one cluster of the edited one
    INFO("cluster " << k);
    CHECK(std::abs(k % 6 - 2) <= 1);
    CHECK(std::abs(k / 6 - 2) <= 1);
  }
  CHECK(s.hierarchy().rebuilt(cluster_of(edited)));
  CHECK_FALSE(s.hierarchy().rebuilt(cluster_of({46, 46})));
  CHECK(st->status.starts_with("The edit rebuilt " + std::to_string(rebuilt.size()) + " of 36 clusters ("));
  CHECK(st->status.find("; a full build takes ") != std::string::npos);

  // The search ran to its end again (it had finished): the same path as a full build's, and
  // the Log has each step's words (none stepped over).
  REQUIRE(s.search().state() == SearchState::Found);
  const std::vector<std::string> words = s.hierarchy().words(s.search());
  CHECK(static_cast<std::int64_t>(words.size()) == s.search().iterations());
  CHECK(std::none_of(words.begin(), words.end(), [](const std::string& w) { return w.empty(); }));
  CHECK(words.back() == s.search().hierarchy()->last_step);
  const astar::Level& lv = st->level();
  REQUIRE(lv.wall(edited));
  const auto full = fresh_hpa(lv);
  CHECK(s.search().path() == full->path());
  CHECK(s.search().path_cost() == full->path_cost());
  // The graph kept for the next search is a full build's, edge for edge.
  astar::HpaGraph whole(lv, lv.rules(), kClusterSide);
  whole.build_all();
  REQUIRE(s.hierarchy().graph() != nullptr);
  CHECK(s.hierarchy().graph()->edges() == whole.edges());
  CHECK(s.hierarchy().graph()->nodes() == whole.nodes());
}

TEST_CASE("[hpa session] after an edit, the Building phase steps through the rebuilt clusters") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  s.run_to_end();
  s.reset_search();  // iteration 0: the re-run stays there
  st->editor().set_cell(Layer::Walls, {3, 3}, 1.0);
  st->flush();
  const std::vector<int> rebuilt = s.hierarchy().build().rebuilt;
  REQUIRE_FALSE(rebuilt.empty());
  const astar::HpaView* v = s.search().hierarchy();
  REQUIRE(v != nullptr);
  CHECK(v->phase == astar::HpaPhase::Building);
  CHECK(v->to_build == rebuilt);
  s.step(static_cast<std::int64_t>(rebuilt.size()));
  v = s.search().hierarchy();
  CHECK(v->phase == astar::HpaPhase::Inserting);
  CHECK(v->last_cluster == rebuilt.back());
  // The Log: one line per step, the search's own words.
  const std::vector<std::string> words = s.hierarchy().words(s.search());
  REQUIRE(words.size() == rebuilt.size());
  for (const std::string& w : words) CHECK(w.starts_with("Built cluster "));
  CHECK(studio::hierarchy_phase_text(*v).starts_with("Inserting"));
  // With nothing edited, a new search has nothing to build.
  s.reset_search();
  CHECK(s.search().hierarchy()->to_build.empty());
  CHECK(s.search().hierarchy()->phase == astar::HpaPhase::Inserting);
  CHECK(s.hierarchy().build().text() == "The abstract graph is up to date: no cluster to rebuild.");
}

TEST_CASE("[hpa session] a new cluster size or new rules build everything again") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  s.set_cluster_size(16);
  st->flush();
  CHECK(s.hierarchy().build().full);
  CHECK(s.hierarchy().build().clusters == 9);
  s.set_cluster_size(1000);  // clamped
  CHECK(s.options().cluster_size == astar::kHpaMaxClusterSize);
  s.set_hpa_smooth(true);
  st->flush();
  CHECK(s.search().options().hpa_smooth);
}

TEST_CASE("[hpa session] the optimal path beside HPA*'s costs what the oracle says") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  CHECK_FALSE(s.optimal_path().found);  // HPA* has no path yet
  s.run_to_end();
  REQUIRE(s.search().state() == SearchState::Found);
  const studio::OptimalPath& opt = s.optimal_path();
  REQUIRE(opt.found);
  const astar::Level& lv = st->level();
  const std::vector<double> dist = astar::test::oracle_distances(lv, lv.rules());
  const double best = dist[static_cast<std::size_t>(lv.goal().y * lv.width() + lv.goal().x)];
  CHECK(std::abs(opt.cost - best) <= astar::test::oracle_slack(lv.rules(), best, opt.cells.size()));
  CHECK(opt.cells.front() == lv.start());
  CHECK(opt.cells.back() == lv.goal());
  CHECK(s.search().path_cost() >= opt.cost - 1e-9);
}

TEST_CASE("[hpa session] the HPA* overlays: names, defaults and --overlay") {
  using studio::OverlayId;
  CHECK(studio::parse_overlay("clusters") == OverlayId::Clusters);
  CHECK(studio::parse_overlay("abstract") == OverlayId::AbstractGraph);
  CHECK(studio::parse_overlay("optimal") == OverlayId::OptimalPath);
  const studio::Overlays ov;
  CHECK(ov.on(OverlayId::Clusters));
  CHECK(ov.on(OverlayId::AbstractGraph));
  CHECK(ov.on(OverlayId::OptimalPath));
  const char* argv[] = {"astar-studio", "--overlay", "clusters=off", "--overlay", "optimal=0.5"};
  const auto o = studio::parse_options(5, argv);
  REQUIRE(o.ok());
  CHECK_FALSE(o.value().overlays.on(OverlayId::Clusters));
  CHECK(o.value().overlays.alpha(OverlayId::OptimalPath) == doctest::Approx(0.5));
  CHECK(o.value().overlays.on(OverlayId::AbstractGraph));
}

TEST_CASE("[hpa session] the pseudo-code's lit line follows HPA*'s phase") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  const astar::PseudoCode& code = astar::pseudocode_of(s.search());
  auto lit = [&]() {
    astar::CodePosition at = astar::code_position(s.search());
    studio::hierarchy_code_position(*s.search().hierarchy(), code, at);
    REQUIRE(at.line >= 0);
    REQUIRE(static_cast<std::size_t>(at.line) < code.lines.size());
    return code.lines[static_cast<std::size_t>(at.line)];
  };
  s.step(3);  // Building
  CHECK(lit().find("build clusters") != std::string::npos);
  s.step(kClusters - 3);  // the last cluster built: Inserting is next
  REQUIRE(s.search().hierarchy()->phase == astar::HpaPhase::Inserting);
  CHECK(lit().find("build clusters") != std::string::npos);
  s.step(1);  // inserted
  REQUIRE(s.search().hierarchy()->phase == astar::HpaPhase::Abstract);
  CHECK(lit().find("insert start") != std::string::npos);
  s.step(1);  // the first abstract node expanded: the abstract A*'s own line
  CHECK(lit().find("move current from open to closed") != std::string::npos);
  s.run_to_end();
  CHECK(lit().find("if current = goal") != std::string::npos);
  astar::CodePosition at = astar::code_position(s.search());
  studio::hierarchy_code_position(*s.search().hierarchy(), code, at);
  CHECK(at.note == s.search().hierarchy()->last_step);
}

TEST_CASE("[hpa session] a lesson's cluster_size and hpa_smooth set the session's, over what was left from before") {
  studio::Studio st;
  st.session().set_cluster_size(32);  // left over from another level
  astar::Level lv = rooms_level();
  lv.preset.algorithm = "hpa-star";
  lv.preset.cluster_size = kClusterSide;
  lv.preset.hpa_smooth = true;
  st.set_level(lv, "");
  st.flush();
  CHECK(st.session().options().algorithm == Algorithm::HpaStar);
  CHECK(st.session().options().cluster_size == kClusterSide);
  CHECK(st.session().options().hpa_smooth);
  st.session().run_to_end();
  REQUIRE(st.session().search().state() == SearchState::Found);
  REQUIRE(st.session().search().hierarchy() != nullptr);
  CHECK(st.session().search().hierarchy()->graph->cluster_count() == kClusters);
  // A preset that sets neither keeps what the student chose.
  astar::Level plain = rooms_level();
  plain.preset.algorithm = "hpa-star";
  st.session().set_hpa_smooth(false);
  st.set_level(plain, "");
  CHECK(st.session().options().cluster_size == kClusterSide);
  CHECK_FALSE(st.session().options().hpa_smooth);
}

TEST_CASE("[hpa session] the overlay's views of the graph are made once per graph state") {
  auto st = hpa_studio();
  SearchSession& s = st->session();
  s.run_to_end();
  REQUIRE(s.search().hierarchy()->graph != nullptr);
  const astar::HpaGraph& g = *s.search().hierarchy()->graph;
  const std::uint64_t before = g.stamp();
  const studio::HierarchyDrawing& d = s.hierarchy().drawing(g);
  CHECK(d.stamp == before);
  CHECK(d.edges == g.edges());
  CHECK(d.nodes == g.nodes());
  CHECK(d.clusters.size() == g.clusters().size());
  CHECK(d.entrances.size() == g.entrances().size());
  const astar::HpaEdge* made = d.edges.data();
  CHECK(s.hierarchy().drawing(g).edges.data() == made);  // the same views, not made again

  // An edit: the search's graph is another state, so its views are made again, and they are
  // the new graph's.
  st->editor().set_cell(Layer::Walls, {20, 20}, 1.0);
  st->flush();
  s.run_to_end();
  const astar::HpaGraph& after = *s.search().hierarchy()->graph;
  CHECK(after.stamp() != before);
  const studio::HierarchyDrawing& d2 = s.hierarchy().drawing(after);
  CHECK(d2.stamp == after.stamp());
  CHECK(d2.edges == after.edges());
  CHECK(d2.nodes == after.nodes());
}
