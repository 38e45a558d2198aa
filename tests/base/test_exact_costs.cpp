// Exact costs (exact_cost.hpp): no "better path", no tie and no order of takes comes from
// rounding. The tolerance these tests hold the searches to: kTolerance, relative.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "astar/detail/best_first.hpp"
#include "support/random_level.hpp"
#include "astar/exact_cost.hpp"
#include "astar/level_io.hpp"
#include "astar/search.hpp"

using namespace astar;

namespace {

// Two costs closer than this (relative) are the same cost for these tests.
constexpr double kTolerance = 1e-9;

bool near(double x, double y) { return std::abs(x - y) <= kTolerance * std::max(1.0, std::abs(y)); }

// Hears a search and checks every event against the exactness rules:
//  * every relax of a seen node lowers its g by more than the tolerance;
//  * every take comes first among the open nodes: no open f is lower by more than the
//    tolerance, and among those whose f ties with it (within the tolerance) none has a larger
//    g (the default tie rule, larger g first).
class ExactnessProbe : public SearchListener {
 public:
  const Search* search = nullptr;
  int tiny_improvements = 0;
  int out_of_order = 0;
  int relaxes = 0;
  int takes = 0;
  std::string first_problem;

  void on_relax(Cell /*from*/, Cell to, double old_g, double new_g,
                std::optional<Cell> /*old_parent*/) override {
    ++relaxes;
    remember(to);
    if (std::isinf(old_g)) return;
    if (!(new_g < old_g) || near(new_g, old_g)) {
      ++tiny_improvements;
      note("relax of " + std::to_string(to.x) + "," + std::to_string(to.y) + " from " +
           std::to_string(old_g) + " to " + std::to_string(new_g));
    }
  }
  // Every open node is in the frontier list (relaxed and not taken since), so only those are
  // looked at; unlisted() checks that after the search.
  void on_take(Cell c, const NodeView& taken) override {
    ++takes;
    drop(c);
    for (const Cell o_cell : frontier_) {
      const NodeView o = search->node(o_cell);
      if (o.state != NodeState::Open) continue;
      const bool lower_f = o.f < taken.f && !near(o.f, taken.f);
      const bool tie_lost = near(o.f, taken.f) && o.g > taken.g && !near(o.g, taken.g);
      if (lower_f || tie_lost) {
        ++out_of_order;
        note("took " + std::to_string(c.x) + "," + std::to_string(c.y) + " before " +
             std::to_string(o_cell.x) + "," + std::to_string(o_cell.y));
      }
    }
  }

  // Open cells that on_take would not have looked at.
  int unlisted() const {
    const Level& lv = search->level();
    int n = 0;
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x)
        n += search->node({x, y}).state == NodeState::Open && slot({x, y}) == kNone;
    return n;
  }

 private:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<Cell> frontier_;
  std::vector<std::size_t> slot_;  // by cell index: its place in frontier_, or kNone

  std::size_t index(Cell c) const { return to_u32(search->level().index(c)); }
  std::size_t slot(Cell c) const { return index(c) < slot_.size() ? slot_[index(c)] : kNone; }
  void remember(Cell c) {
    if (slot_.empty()) slot_.assign(static_cast<std::size_t>(search->level().cell_count()), kNone);
    if (slot_[index(c)] != kNone) return;
    slot_[index(c)] = frontier_.size();
    frontier_.push_back(c);
  }
  void drop(Cell c) {
    const std::size_t at = slot(c);
    if (at == kNone) return;
    frontier_[at] = frontier_.back();
    slot_[index(frontier_[at])] = at;
    frontier_.pop_back();
    slot_[index(c)] = kNone;
  }
  void note(const std::string& what) {
    if (first_problem.empty()) first_problem = what;
  }
};

// Runs `algorithm` on the level with a probe; false when the search cannot run there.
bool probe(const Level& lv, Algorithm algorithm, ExactnessProbe& p) {
  SearchOptions o{.algorithm = algorithm, .heuristic = Heuristic::Octile};
  if (algorithm == Algorithm::WeightedAStar) o.weight = 1.5;
  BestFirstSearch s(lv, lv.rules(), o, &p);
  p.search = &s;
  if (s.state() == SearchState::Invalid) return false;
  s.run();
  CHECK(p.unlisted() == 0);  // the open nodes at the end were all in on_take's list
  p.search = nullptr;        // `s` ends here
  return true;
}

void check_level(const Level& lv, const std::string& name) {
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::WeightedAStar}) {
    ExactnessProbe p;
    if (!probe(lv, a, p)) continue;
    INFO(name << " with " << info(a).name << ": " << p.first_problem);
    CHECK(p.tiny_improvements == 0);
    CHECK(p.out_of_order == 0);
  }
}

}  // namespace

TEST_CASE("[exact] one path summed in any order is one cost, to the bit") {
  // As doubles the three moves of a path give two different sums ...
  const double straight_first = (1.0 + kSqrt2) + kSqrt2;
  const double diagonals_first = (kSqrt2 + kSqrt2) + 1.0;
  CHECK(straight_first != diagonals_first);
  // ... as exact costs they are one cost, shown as one double.
  const ExactCost one = ExactCost::straight(1.0), diagonal = ExactCost::diagonal(1.0);
  const ExactCost a = (one + diagonal) + diagonal, b = (diagonal + diagonal) + one;
  CHECK(a == b);
  CHECK(compare(a, b) == 0);
  CHECK(a.value() == b.value());
  CHECK(a.value() == doctest::Approx(1.0 + 2.0 * std::sqrt(2.0)).epsilon(1e-15));
  // Decimal costs add up as typed: 0.1 + 0.2 is 0.3.
  CHECK(ExactCost::straight(0.1) + ExactCost::straight(0.2) == ExactCost::straight(0.3));
}

TEST_CASE("[exact] compare orders a + b sqrt 2 exactly, near ties included") {
  // 1,414,214 - 1,000,000 sqrt 2 is 0.44 micro-units: positive; 1,414,213 less it: negative.
  CHECK(compare({1414214, 0}, {0, 1000000}) > 0);
  CHECK(compare({1414213, 0}, {0, 1000000}) < 0);
  // Convergents of sqrt 2 (p/q with |p - q sqrt 2| < 1e-8): the double estimate cannot tell.
  const std::int64_t p = 886731088897, q = 627013566048;  // p/q ~ sqrt 2, p - q sqrt 2 > 0
  CHECK(compare({p, 0}, {0, q}) > 0);
  CHECK(compare({0, q}, {p, 0}) < 0);
  CHECK(compare({p - 1, 0}, {0, q}) < 0);
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::int64_t> part(-1'000'000'000, 1'000'000'000);
  for (int k = 0; k < 100000; ++k) {
    const ExactCost x{part(rng), part(rng)}, y{part(rng), part(rng)};
    const long double d = static_cast<long double>(x.a - y.a) +
                          static_cast<long double>(x.b - y.b) * std::sqrt(2.0L);
    const int want = d > 0 ? 1 : d < 0 ? -1 : 0;
    CHECK(compare(x, y) == want);
    CHECK(compare(y, x) == -want);
  }
}

TEST_CASE("[exact] no better path by rounding and no tie by rounding: welcome and every lesson") {
  const std::string dir = ASTAR_SOURCE_DIR "/levels/";
  std::vector<std::string> files{dir + "welcome.json"};
  for (const auto& e : std::filesystem::directory_iterator(dir + "lessons"))
    if (e.path().extension() == ".json") files.push_back(e.path().string());
  for (const std::string& file : files) {
    const Result<Level> lv = load_level(file);
    REQUIRE_MESSAGE(lv.ok(), file);
    check_level(lv.value(), file);
  }
}

TEST_CASE("[exact] the welcome level's log: every 'better path' really lowers g") {
  const Result<Level> lv = load_level(ASTAR_SOURCE_DIR "/levels/welcome.json");
  REQUIRE(lv.ok());
  ExactnessProbe p;
  REQUIRE(probe(lv.value(), Algorithm::AStar, p));
  CHECK(p.relaxes > 0);
  CHECK(p.tiny_improvements == 0);  // 6 of 49 improvements were rounding noise before
}

TEST_CASE("[exact] no better path by rounding and no tie by rounding: 1,000 random levels") {
  std::mt19937 rng(20261125);
  int searched = 0;
  for (int round = 0; round < 1000; ++round) {
    const Level lv = astar::test::random_level(rng, 16);
    ExactnessProbe p;
    if (!probe(lv, Algorithm::AStar, p)) continue;
    ++searched;
    INFO("round " << round << ": " << p.first_problem);
    CHECK(p.tiny_improvements == 0);
    CHECK(p.out_of_order == 0);
  }
  CHECK(searched > 900);
}

TEST_CASE("[exact] equal costs reached in different orders tie, and the tie rule decides") {
  // An open 6 x 6 field: many cells are reached by paths of the same cost whose straight and
  // diagonal moves come in different orders. With larger g first the search heads straight for
  // the goal; with smaller g first it fills the plateau. Exact ties make both rules hold to the
  // letter (the probe above), and each takes what its rule says.
  Level lv(6, 6);
  lv.set_start({0, 0});
  lv.set_goal({5, 3});
  ExactnessProbe p;
  REQUIRE(probe(lv, Algorithm::AStar, p));
  CHECK(p.out_of_order == 0);
  BestFirstSearch larger(lv, {.tie_break = TieBreak::LargerG});
  BestFirstSearch smaller(lv, {.tie_break = TieBreak::SmallerG});
  REQUIRE(larger.run() == SearchState::Found);
  REQUIRE(smaller.run() == SearchState::Found);
  CHECK(larger.path_cost() == smaller.path_cost());  // the same exact cost, to the bit
  CHECK(larger.iterations() == 6);                   // straight along the path, no detour
  CHECK(smaller.iterations() > larger.iterations());
}

TEST_CASE("[exact] the probe itself: it sees takes that break the larger-g tie rule") {
  // The open field above with smaller g first: takes tie on f and lose to a larger g, which the
  // probe (looking only at its frontier list) must see.
  Level lv(6, 6);
  lv.set_start({0, 0});
  lv.set_goal({5, 3});
  ExactnessProbe p;
  BestFirstSearch s(lv, lv.rules(), {.tie_break = TieBreak::SmallerG}, &p);
  p.search = &s;
  REQUIRE(s.run() == SearchState::Found);
  CHECK(p.out_of_order > 0);
  CHECK(p.unlisted() == 0);
}
