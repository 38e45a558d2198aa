// LPA* and D* Lite (replanning.hpp): paths against A* and the oracle, repairs after random
// edits against a fresh A* on the edited level, stepping back across repairs, and LPA*
// without edits against A* whose f ties go to the smaller g.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "astar/detail/best_first.hpp"
#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/posthoc_writer.hpp"
#include "astar/pseudocode.hpp"
#include "astar/replanning.hpp"
#include "astar/trace.hpp"
#include "support/oracle.hpp"
#include "support/random_level.hpp"

using namespace astar;
using astar::test::ascii_level;

namespace {

constexpr Algorithm kReplanners[] = {Algorithm::LpaStar, Algorithm::DStarLite};

// One random edit of `lv`: a wall painted or erased, a cost, a height, an edge override, a
// short stroke of walls, the start or the goal moved (sometimes onto a wall: the search is
// then Invalid until a later edit clears it).
void random_edit(Level& lv, std::mt19937& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto any_cell = [&] { return Cell{pick(0, lv.width() - 1), pick(0, lv.height() - 1)}; };
  const Cell c = any_cell();
  const double costs[] = {0.25, 0.5, 1, 1, 2, 3, 10};
  switch (pick(0, 9)) {
    case 0:
    case 1: lv.set_wall(c, !lv.wall(c)); break;
    case 2: lv.set_cost(c, costs[pick(0, 6)]); break;
    case 3: lv.set_height(c, pick(-2, 3)); break;
    case 4:
      if (pick(0, 2) == 0) lv.clear_edge(c, static_cast<Dir>(pick(0, 7)));
      else lv.set_edge(c, static_cast<Dir>(pick(0, 7)), EdgeOverride{pick(0, 1) == 0, pick(1, 40) / 8.0});
      break;
    case 5:
    case 6: {  // a stroke of walls (a door closing, a wall drawn)
      const Cell to = any_cell();
      const bool on = pick(0, 3) != 0;
      for_each_cell_on_line(c, to, [&](Cell k) { lv.set_wall(k, on); });
      break;
    }
    case 7: lv.set_start(c); break;
    case 8: lv.set_goal(c); break;
    default:
      lv.set_wall(c, false);
      lv.set_cost(c, 1.0);
      break;
  }
  // Mostly keep the endpoints open, so that most edits leave a search that runs.
  if (pick(0, 4) != 0) {
    lv.set_wall(lv.start(), false);
    lv.set_wall(lv.goal(), false);
  }
}

// Everything a replanning search shows about its cells, for comparing two moments.
struct Snapshot {
  SearchState state;
  std::int64_t iterations;
  std::optional<Cell> last_taken;
  std::vector<Cell> last_relaxed;
  std::size_t open;
  std::vector<Cell> path;
  Level level;
  ExactCost km;
  std::vector<ReplanVertex> vertices;
};

Snapshot snapshot(const ReplanningSearch& s) {
  Snapshot out{s.state(), s.iterations(), s.last_taken(), s.last_relaxed(), s.open_size(),
               s.path(), s.level(), s.km(), {}};
  const Level& lv = s.level();
  for (int y = 0; y < lv.height(); ++y)
    for (int x = 0; x < lv.width(); ++x) out.vertices.push_back(s.vertex({x, y}));
  return out;
}

// Bit for bit: g, rhs, consistency, queue key and parent of every cell, and the rest.
void check_same(const Snapshot& a, const Snapshot& b) {
  CHECK(a.state == b.state);
  CHECK(a.iterations == b.iterations);
  CHECK(a.last_taken == b.last_taken);
  CHECK(a.last_relaxed == b.last_relaxed);
  CHECK(a.open == b.open);
  CHECK(a.path == b.path);
  CHECK(a.level == b.level);
  CHECK(a.km == b.km);
  REQUIRE(a.vertices.size() == b.vertices.size());
  int differing = 0;
  for (std::size_t i = 0; i < a.vertices.size(); ++i) {
    const ReplanVertex &u = a.vertices[i], &v = b.vertices[i];
    const bool same_key = u.key.has_value() == v.key.has_value() &&
                          (!u.key || (u.key->k1 == v.key->k1 && u.key->k2 == v.key->k2));
    if (!(u.g == v.g && u.rhs == v.rhs && u.consistency == v.consistency && same_key &&
          u.parent == v.parent))
      ++differing;
  }
  CHECK(differing == 0);
}

// A fresh A* on `lv` (octile: admissible under every rule), run to its end.
std::unique_ptr<Search> fresh_astar(const Level& lv, const MovementRules& r) {
  auto a = make_search(lv, r, {.algorithm = Algorithm::AStar, .heuristic = Heuristic::Octile});
  a->run();
  return a;
}

// The replanning search agrees with a fresh A* on its own level: the same outcome and, when
// found, exactly the same cost (equal exact costs show bit-identical doubles), along a legal
// path from start to goal.
void check_against_astar(const ReplanningSearch& s, const MovementRules& r) {
  const auto a = fresh_astar(s.level(), r);
  REQUIRE(s.state() == a->state());
  CHECK(s.check_invariants() == "");
  if (s.state() != SearchState::Found) return;
  CHECK(s.path_cost() == a->path_cost());
  const std::vector<Cell> path = s.path();
  REQUIRE_FALSE(path.empty());
  CHECK(path.front() == s.level().start());
  CHECK(path.back() == s.level().goal());
  const std::optional<double> cost = path_cost(MovePolicy(s.level(), r), path);
  REQUIRE(cost.has_value());
  CHECK(*cost == doctest::Approx(s.path_cost()).epsilon(1e-12));
}

// Records the cells a search takes, in order.
struct TakeLog : SearchListener {
  std::vector<Cell> taken;
  void on_take(Cell c, const NodeView&) override { taken.push_back(c); }
};

}  // namespace

// [replan] a door closes:
//
//   S . . . .
//   . # # # .
//   . . . . G
//
// Walling (4, 1) leaves only the bottom row; the repair updates the cells around the edit
// and stepping on finds the path a fresh A* finds, at its cost.
TEST_CASE("[replan] LPA* and D* Lite find A*'s cost, and again after a door closes") {
  MovementRules r;
  r.neighbours = Neighbours::Eight;
  r.diagonal = DiagonalPolicy::NoCornerCutting;
  const Level lv = ascii_level("S....\n.###.\n....G", r);
  for (Algorithm a : kReplanners) {
    CAPTURE(info(a).name);
    ReplanningSearch s(lv, r, {.algorithm = a});
    REQUIRE(s.run() == SearchState::Found);
    check_against_astar(s, r);
    Level edited = lv;
    edited.set_wall({4, 1}, true);
    REQUIRE(s.apply_changes(edited));
    CHECK(s.repair().number == 1);
    CHECK(s.repair().changed_cells == 1);
    CHECK(s.repair().vertices_updated > 0);
    CHECK(s.state() == SearchState::InProgress);
    s.run();
    check_against_astar(s, r);
    CHECK(s.repair().cells_updated > 0);
    CHECK(s.repair_cells().size() == static_cast<std::size_t>(s.repair().cells_updated));
    // Opening it again is a repair too, back to the first cost.
    REQUIRE(s.apply_changes(lv));
    s.run();
    check_against_astar(s, r);
  }
}

TEST_CASE("[replan] apply_changes refuses another size and cells outside the level") {
  const Level lv = ascii_level("S.G");
  ReplanningSearch s(lv, lv.rules(), {.algorithm = Algorithm::LpaStar});
  s.run();
  const Status bigger = s.apply_changes(ascii_level("S..G"));
  REQUIRE_FALSE(bigger);
  CHECK(bigger.error() == "the edited level is 4x1, the search's is 3x1");
  const Cell outside[] = {{5, 0}};
  const Status out = s.apply_changes(lv, outside);
  REQUIRE_FALSE(out);
  CHECK(out.error() == "changed cell (5, 0) is outside the level");
  CHECK(s.state() == SearchState::Found);  // nothing changed
}

TEST_CASE("[replan] registered: make_search, names, the table") {
  for (Algorithm a : kReplanners) {
    CAPTURE(info(a).name);
    CHECK(parse_algorithm(info(a).name) == a);
    CHECK(info(a).extras.replans);
    CHECK(info(a).guarantee == Guarantee::Optimal);
    const Level lv = ascii_level("S..\n.#.\n..G");
    const auto s = make_search(lv, {.algorithm = a});
    REQUIRE(as_replanning(*s) != nullptr);
    CHECK(s->run() == SearchState::Found);
  }
  // No partial paths (a D* Lite agent walks towards the goal, or there is no path); the labels
  // keep their capitals inside sentences.
  CHECK(check_options({.algorithm = Algorithm::LpaStar, .partial_path = true}) ==
        "partial paths are not supported by LPA*");
  CHECK(check_options({.algorithm = Algorithm::DStarLite, .partial_path = true}) ==
        "partial paths are not supported by D* Lite");
  CHECK(info(Algorithm::LpaStar).name == "lpa-star");
  CHECK(info(Algorithm::DStarLite).name == "d-star-lite");
}

// Issue 17's property test: random levels with costs, heights, edges, jumps and agents, each
// searched and then edited at random; after every repair the path cost equals a fresh A*'s on
// the edited level, exactly.
TEST_CASE("[replan] after every repair of 1,000 random edit sequences, A*'s cost exactly") {
  std::mt19937 rng(17);
  std::int64_t repairs = 0, found = 0, no_path = 0, invalid = 0, updated = 0, fresh = 0;
  for (int n = 0; n < 1000; ++n) {
    Level lv = astar::test::random_level(rng, 12);
    MovementRules r = lv.rules();
    r.neighbours = n % 3 == 0 ? Neighbours::Four : Neighbours::Eight;
    const Algorithm a = kReplanners[n % 2];
    CAPTURE(n);
    CAPTURE(info(a).name);
    ReplanningSearch s(lv, r, {.algorithm = a, .heuristic = Heuristic::Octile});
    s.run();
    if (s.state() != SearchState::Invalid) check_against_astar(s, r);
    for (int e = 0; e < 6; ++e) {
      CAPTURE(e);
      const int edits = std::uniform_int_distribution<int>(1, 3)(rng);
      for (int k = 0; k < edits; ++k) random_edit(lv, rng);
      REQUIRE(s.apply_changes(lv));
      CHECK(s.check_invariants() == "");
      s.run();
      ++repairs;
      if (s.state() == SearchState::Invalid) {
        ++invalid;
        CHECK(fresh_astar(s.level(), r)->state() == SearchState::Invalid);
        continue;
      }
      (s.state() == SearchState::Found ? found : no_path)++;
      check_against_astar(s, r);
      updated += s.repair().cells_updated;
      fresh += fresh_astar(s.level(), r)->iterations();
    }
  }
  CHECK(found > 2500);
  CHECK(no_path > 300);
  CHECK(invalid > 50);
  MESSAGE(repairs << " repairs: " << found << " found, " << no_path << " no path, " << invalid
                  << " invalid; cells updated " << updated << " vs A* from scratch expanded "
                  << fresh);
}

// The endpoints move: D* Lite's agent walks along its path (the start moves, km grows), and
// LPA*'s goal is moved; after each move the cost is a fresh A*'s.
TEST_CASE("[replan] the start walks (D* Lite) and the goal moves (LPA*) with km") {
  std::mt19937 rng(23);
  std::int64_t moves = 0;
  for (int n = 0; n < 200; ++n) {
    Level lv = astar::test::random_level(rng, 14);
    MovementRules r = lv.rules();
    r.neighbours = Neighbours::Eight;
    const Algorithm a = kReplanners[n % 2];
    CAPTURE(n);
    ReplanningSearch s(lv, r, {.algorithm = a});
    if (s.run() != SearchState::Found) continue;
    for (int k = 0; k < 5 && s.state() == SearchState::Found && s.path().size() > 1; ++k) {
      const std::vector<Cell> path = s.path();
      if (a == Algorithm::DStarLite) lv.set_start(path[1]);
      else lv.set_goal(path[path.size() - 2]);
      if (k % 2 == 1) random_edit(lv, rng);
      REQUIRE(s.apply_changes(lv));
      s.run();
      if (s.state() == SearchState::Invalid) break;
      check_against_astar(s, r);
      ++moves;
    }
    if (a == Algorithm::DStarLite && moves > 0) CHECK(compare(s.km(), ExactCost{}) >= 0);
  }
  CHECK(moves > 300);
}

// Stepping back over steps and repairs alike restores each earlier moment bit for bit: every
// cell's g, rhs, key and parent, the level, km, the counters and the views.
TEST_CASE("[replan] stepping back across repairs restores the exact earlier state") {
  std::mt19937 rng(29);
  std::int64_t compared = 0, repairs_undone = 0;
  for (int n = 0; n < 150; ++n) {
    Level lv = astar::test::random_level(rng, 10);
    const MovementRules r = lv.rules();
    const Algorithm a = kReplanners[n % 2];
    CAPTURE(n);
    ReplanningSearch s(lv, r, {.algorithm = a});
    s.set_recording(true);
    std::vector<Snapshot> history{snapshot(s)};
    std::vector<bool> was_repair;
    for (int op = 0; op < 40; ++op) {
      if (op % 8 == 7) {
        random_edit(lv, rng);
        REQUIRE(s.apply_changes(lv));
        was_repair.push_back(true);
      } else {
        if (s.state() != SearchState::InProgress) continue;
        // Some steps go micro-step by micro-step; some stop halfway, and a step back from
        // there undoes the half-done step.
        if (op % 5 == 0) {
          s.micro_step();
          if (s.mid_iteration()) s.micro_step();
          if (s.mid_iteration()) {
            REQUIRE(s.step_back());
            check_same(snapshot(s), history.back());
            continue;
          }
        } else if (op % 3 == 0) {
          s.micro_step();
          while (s.mid_iteration()) s.micro_step();
        } else {
          s.step();
        }
        was_repair.push_back(false);
      }
      CHECK(s.check_invariants() == "");
      history.push_back(snapshot(s));
    }
    for (std::size_t k = history.size() - 1; k > 0; --k) {
      REQUIRE(s.step_back());
      CHECK(s.check_invariants() == "");
      check_same(snapshot(s), history[k - 1]);
      repairs_undone += was_repair[k - 1];
      ++compared;
    }
    CHECK_FALSE(s.step_back());
  }
  CHECK(repairs_undone > 500);
  MESSAGE(compared << " moments compared after stepping back, " << repairs_undone << " repairs undone");
}

// Issue 17: "LPA* with no edits expands the same cells as A* whose f ties go to the smaller g".
// It does, cell for cell and in the same order: LPA*'s key [min(g, rhs) + h; min(g, rhs)] is
// A*'s [f; g] for a cell never made under-consistent (rhs is A*'s tentative g, and without
// edits no g ever rises), equal keys go first in first out in both, UpdateVertex visits the
// moves in A*'s order, and both stop after taking the goal. With a consistent h (octile here)
// a consistent cell's rhs never drops again, so LPA* re-queues nothing A* would not.
TEST_CASE("[replan] LPA* without edits takes the cells A* with smaller-g ties takes, in order") {
  std::mt19937 rng(31);
  std::int64_t compared = 0, cells = 0, views = 0;
  for (int n = 0; n < 500; ++n) {
    const Level lv = astar::test::random_level(rng, 16);
    MovementRules r = lv.rules();
    r.neighbours = n % 2 ? Neighbours::Eight : Neighbours::Four;
    CAPTURE(n);
    TakeLog lpa_log, astar_log;
    ReplanningSearch lpa(lv, r, {.algorithm = Algorithm::LpaStar}, &lpa_log);
    BestFirstSearch astar(lv, r, {.algorithm = Algorithm::AStar, .tie_break = TieBreak::SmallerG},
                          &astar_log);
    // In step with A*, every cell shows what A* shows after each step but the last: open /
    // closed / unseen, g, h, f and parent, bit for bit (node(c).g is min(g, rhs): A*'s
    // tentative g on an open cell). The last step differs on purpose: A* stops on taking the
    // goal; LPA* pops the goal, makes it consistent and updates its neighbours (UpdateVertex)
    // before its loop test ends the search, so it has seen a few cells more.
    while (lpa.step() == SearchState::InProgress && astar.step() == SearchState::InProgress) {
      int differing = 0;
      for (int y = 0; y < lv.height(); ++y)
        for (int x = 0; x < lv.width(); ++x) {
          const NodeView p = lpa.node({x, y}), q = astar.node({x, y});
          differing += p.state != q.state ||
                       (p.state != NodeState::Unseen &&
                        !(p.g == q.g && p.h == q.h && p.f == q.f && p.parent == q.parent));
        }
      CHECK(differing == 0);
      ++views;
    }
    astar.run();
    REQUIRE(lpa.state() == astar.state());
    CHECK(lpa_log.taken == astar_log.taken);
    CHECK(lpa.iterations() == astar.iterations());
    if (lpa.state() == SearchState::Found) CHECK(lpa.path_cost() == astar.path_cost());
    CHECK(lpa.path() == astar.path());
    ++compared;
    cells += static_cast<std::int64_t>(lpa_log.taken.size());
  }
  CHECK(cells > 10000);
  MESSAGE(compared << " searches, " << cells << " takes compared, every cell after " << views
                   << " steps");
}

// Micro-steps: the take, then one UpdateVertex per move of the taken cell; micro-stepping to
// the end gives what step() gives, and the invariants hold between micro-steps.
TEST_CASE("[replan] micro-steps: a pop, then one UpdateVertex per move") {
  std::mt19937 rng(37);
  for (int n = 0; n < 100; ++n) {
    const Level lv = astar::test::random_level(rng, 10);
    const Algorithm a = kReplanners[n % 2];
    CAPTURE(n);
    ReplanningSearch whole(lv, lv.rules(), {.algorithm = a});
    whole.run();
    ReplanningSearch micro(lv, lv.rules(), {.algorithm = a});
    while (micro.micro_step() == SearchState::InProgress) {
      CHECK(micro.check_invariants() == "");
      if (micro.mid_iteration()) CHECK(micro.examined() < micro.taken_moves().size());
    }
    CHECK(micro.state() == whole.state());
    CHECK(micro.path() == whole.path());
    CHECK(micro.iterations() == whole.iterations());
  }
}

// The studio's views: g and rhs, the consistency of a cell, the queue's first entries in pop
// order with their keys.
//
//   S . . G
TEST_CASE("[replan] views: vertex, key, consistency and the queue's top") {
  const Level lv = ascii_level("S..G");
  ReplanningSearch s(lv, lv.rules(), {.algorithm = Algorithm::LpaStar, .heuristic = Heuristic::Octile});
  // Before the first pop: only the start is queued, over-consistent (g inf, rhs 0), key [3; 0].
  ReplanVertex v = s.vertex({0, 0});
  CHECK(v.g == INFINITY);
  CHECK(v.rhs == 0.0);
  CHECK(v.consistency == Consistency::OverConsistent);
  REQUIRE(v.key.has_value());
  CHECK(v.key->k1.value() == 3.0);
  CHECK(v.key->k2.value() == 0.0);
  s.step();
  CHECK(s.vertex({0, 0}).consistency == Consistency::Consistent);
  CHECK(s.vertex({1, 0}).rhs == 1.0);
  const std::vector<QueueEntry> top = s.queue_top(5);
  REQUIRE(top.size() == 1);
  CHECK(top[0].cell == Cell{1, 0});
  CHECK(compare(top[0].key, s.key_of({1, 0})) == 0);
  CHECK(to_string(Consistency::UnderConsistent) == "under-consistent");
  s.run();
  // A wall on the way: (2, 0), now solid, and the goal, whose only way in went through it, lose
  // their rhs: both under-consistent (g 2 and 3 < rhs inf).
  Level edited = lv;
  edited.set_wall({2, 0}, true);
  REQUIRE(s.apply_changes(edited));
  CHECK(s.vertex({2, 0}).consistency == Consistency::UnderConsistent);
  CHECK(s.vertex({3, 0}).consistency == Consistency::UnderConsistent);
  s.run();
  CHECK(s.state() == SearchState::NoPath);
}

// The trace hears LPA* and D* Lite as it hears the others; a Posthoc file, which runs from the
// level's start, refuses D* Lite's (it searches from the goal) and takes LPA*'s.
TEST_CASE("[replan] traces: recorded for both; a Posthoc file refuses D* Lite's") {
  const Level lv = ascii_level("S...\n.##.\n...G");
  for (Algorithm a : kReplanners) {
    CAPTURE(info(a).name);
    TraceRecorder rec;
    const auto s = make_search(lv, lv.rules(), {.algorithm = a}, &rec);
    rec.attach(*s);
    s->run();
    REQUIRE(s->state() == SearchState::Found);
    CHECK(rec.count_at(*s) == rec.events().size());
    REQUIRE_FALSE(rec.events().empty());
    CHECK(rec.events().front().cell == (a == Algorithm::LpaStar ? lv.start() : lv.goal()));
    // The log says what each event did in LPA*'s and D* Lite's words.
    CHECK(describe(rec.events().front(), a).rfind("popped ", 0) == 0);
    const auto relax = std::find_if(rec.events().begin(), rec.events().end(),
                                    [](const TraceEvent& e) { return e.kind == TraceKind::Relax; });
    REQUIRE(relax != rec.events().end());
    CHECK(describe(*relax, a).find(": rhs ∞ → ") != std::string::npos);
    CHECK(describe(*relax, a).find("(UpdateVertex: a cheaper way)") != std::string::npos);
    // LPA*'s first: S's move east, to (1, 0) at cost 1.
    if (a == Algorithm::LpaStar)
      CHECK(describe(*relax, a) == "(1, 0): rhs ∞ → 1.00 via (0, 0) (UpdateVertex: a cheaper way)");
    const Result<std::string> text = posthoc_trace(lv, rec.events(), {});
    CHECK(text.ok() == (a == Algorithm::LpaStar));
    if (!text.ok()) CHECK(text.error().find("search from the goal") != std::string::npos);
  }
}

// The same comparison under each heuristic. With the consistent ones (octile, Chebyshev and
// zero; Manhattan with 4 neighbours) the takes are A*'s, cell for cell. Manhattan with 8
// neighbours is not consistent (nor admissible): A* closes a cell for good, LPA* queues a
// consistent cell again when its rhs drops (over-consistent), so the two part ways there.
// Euclidean is rounded down to the micro-unit, so it may be inconsistent by one unit.
TEST_CASE("[replan] LPA* and A* (smaller-g ties) under each heuristic") {
  std::mt19937 rng(41);
  std::int64_t differing[static_cast<int>(Heuristic::_Max)][2] = {};
  std::int64_t searches = 0;
  for (int n = 0; n < 300; ++n) {
    const Level lv = astar::test::random_level(rng, 16);
    for (Neighbours nb : {Neighbours::Four, Neighbours::Eight})
      for (int h = 0; h < static_cast<int>(Heuristic::_Max); ++h) {
        MovementRules r = lv.rules();
        r.neighbours = nb;
        const auto heuristic = static_cast<Heuristic>(h);
        TakeLog lpa_log, astar_log;
        ReplanningSearch lpa(lv, r, {.algorithm = Algorithm::LpaStar, .heuristic = heuristic},
                             &lpa_log);
        BestFirstSearch astar(lv, r, {.heuristic = heuristic, .tie_break = TieBreak::SmallerG},
                              &astar_log);
        lpa.run();
        astar.run();
        ++searches;
        differing[h][nb == Neighbours::Eight] += lpa_log.taken != astar_log.taken;
        const bool consistent = heuristic != Heuristic::Euclidean &&
                                (heuristic != Heuristic::Manhattan || nb == Neighbours::Four);
        if (consistent) CHECK(lpa_log.taken == astar_log.taken);
        // LPA* stays optimal whatever the heuristic's rounding; A* (no reopening) too when
        // admissible.
        if (lpa.state() == SearchState::Found && admissible(heuristic, nb))
          CHECK(lpa.path_cost() == astar.path_cost());
      }
  }
  for (int h = 0; h < static_cast<int>(Heuristic::_Max); ++h)
    MESSAGE(to_string(static_cast<Heuristic>(h)) << ": " << differing[h][0] << " (4 neighbours), "
                                                 << differing[h][1] << " (8) of " << searches / 10
                                                 << " searches take other cells than A*");
}

// The pseudo-code's lit line follows LPA*'s micro-steps: the pop of an over-consistent cell,
// each UpdateVertex, the end; and after an edit the loop test, with the repair's count.
//
//   S . G
TEST_CASE("[replan] the pseudo-code line lit at each micro-step") {
  const Level lv = ascii_level("S.G");
  ReplanningSearch s(lv, lv.rules(), {.algorithm = Algorithm::LpaStar});
  const PseudoCode& code = pseudocode(Algorithm::LpaStar);
  CHECK(code.lines.size() == 12);
  CHECK(code_position(s).step == CodeStep::Init);
  s.micro_step();  // pop S: over-consistent (g inf > rhs 0)
  CodePosition p = code_position(s);
  CHECK(p.step == CodeStep::Close);
  CHECK(code.lines[p.line].find("g[u] <- rhs[u]") != std::string::npos);
  CHECK(p.note == "over-consistent: g lowered to rhs");
  s.micro_step();  // E: (1, 0) gets rhs 1
  p = code_position(s);
  CHECK(p.step == CodeStep::Update);
  CHECK(code.lines[p.line].find("UpdateVertex") != std::string::npos);
  s.micro_step();  // SE: outside the level
  CHECK(code_position(s).step == CodeStep::Skip);
  s.run();
  p = code_position(s);
  CHECK(p.step == CodeStep::GoalTest);
  CHECK(p.note == "the target is consistent and no key is lower: done");
  Level edited = lv;
  edited.set_cost({1, 0}, 3.0);
  REQUIRE(s.apply_changes(edited));
  p = code_position(s);
  CHECK(p.step == CodeStep::Loop);
  CHECK(p.note.find("repair 1: ") == 0);
}

// Collision shapes edited: a circle added, moved and removed, a box added; apply_changes finds
// the changed cells itself (every cell, when the shapes differ) and the repair equals A*.
TEST_CASE("[replan] repairs after shape edits equal a fresh A*") {
  std::mt19937 rng(43);
  auto unit = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  std::int64_t found = 0;
  for (int n = 0; n < 150; ++n) {
    Level lv = astar::test::random_level(rng, 12);
    MovementRules r = lv.rules();
    r.agent_radius = n % 3 == 0 ? 0.3 : 0.0;
    const Algorithm a = kReplanners[n % 2];
    CAPTURE(n);
    ReplanningSearch s(lv, r, {.algorithm = a});
    s.run();
    for (int e = 0; e < 4; ++e) {
      const double w = lv.width(), h = lv.height();
      if (e == 0 || lv.shapes().empty()) lv.add_shape(Circle{unit(0, w), unit(0, h), unit(0.2, 1.5)});
      else if (e == 1) lv.set_shape(0, Circle{unit(0, w), unit(0, h), unit(0.2, 1.5)});
      else if (e == 2) lv.add_shape(Box{unit(0, w / 2), unit(0, h / 2), unit(w / 2, w), unit(h / 2, h)});
      else lv.remove_shape(0);
      REQUIRE(s.apply_changes(lv));
      s.run();
      if (s.state() == SearchState::Invalid) {
        CHECK(fresh_astar(s.level(), r)->state() == SearchState::Invalid);
        continue;
      }
      check_against_astar(s, r);
      found += s.state() == SearchState::Found;
    }
  }
  CHECK(found > 100);
}

// The changed cells named by the caller (as the studio and astar walk name them) give the
// same repair as those found by comparing the levels: after running, every cell's g, rhs, key
// and parent agree bit for bit. Jumps across make a move depend on cells up to gap + 1 away.
TEST_CASE("[replan] named changed cells repair as the cells found by comparing levels") {
  std::mt19937 rng(47);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::int64_t compared = 0;
  for (int n = 0; n < 300; ++n) {
    Level lv = astar::test::random_level(rng, 12);
    const MovementRules r = lv.rules();
    const Algorithm a = kReplanners[n % 2];
    CAPTURE(n);
    ReplanningSearch named(lv, r, {.algorithm = a}), found(lv, r, {.algorithm = a});
    named.run();
    found.run();
    for (int e = 0; e < 5; ++e) {
      std::vector<Cell> changed;
      for (int k = pick(1, 4); k > 0; --k) {
        const Cell c{pick(0, lv.width() - 1), pick(0, lv.height() - 1)};
        switch (pick(0, 3)) {
          case 0: lv.set_wall(c, !lv.wall(c)); break;
          case 1: lv.set_cost(c, pick(1, 8) / 2.0); break;
          case 2: lv.set_height(c, pick(-2, 3)); break;
          default: lv.set_edge(c, static_cast<Dir>(pick(0, 7)), EdgeOverride{pick(0, 1) == 0, 2.5});
        }
        changed.push_back(c);
      }
      lv.set_wall(lv.start(), false);
      lv.set_wall(lv.goal(), false);
      REQUIRE(named.apply_changes(lv, changed));
      REQUIRE(found.apply_changes(lv));
      named.run();
      found.run();
      // A repair that needs no pop ends with last_relaxed() its own rhs changes, in the order
      // it visited the cells: the named cells' neighbourhoods, or row by row. The same cells.
      Snapshot x = snapshot(named), y = snapshot(found);
      const auto by_cell = [](Cell p, Cell q) { return p.y != q.y ? p.y < q.y : p.x < q.x; };
      std::sort(x.last_relaxed.begin(), x.last_relaxed.end(), by_cell);
      std::sort(y.last_relaxed.begin(), y.last_relaxed.end(), by_cell);
      check_same(x, y);
      ++compared;
    }
  }
  CHECK(compared == 1500);
}
