// CBS in the studio (state/cbs_watch.hpp, state/units_playback.hpp, state/cbs_tree_layout.hpp)
// without a window, on lesson 23 (two units pass in a corridor with one niche):
// - its units_plan opens Play units with CBS, whose plans are core's plan_cbs's, a budget's
//   failure in words;
// - watched, stepping by tree node to the end and back again restores the tree, the node shown,
//   its plans, constraints, positions, the status and the sidecar exactly, each as a planner
//   stepped there afresh has them; a step of each size undone by back();
// - selecting any node shows plans_of(node) and constraints_of(node); the time slider's positions
//   are the plans' at every tick; the solution's plans are Play units';
// - the breakpoints: a conflict at a cell, a node costing more than C (that node shown);
// - an edit, another conflict choice, another planner end the watch;
// - the tree's layout: every node once, no two of a row closer than a column, a parent over its
//   children; a big tree pruned to the path to the node shown and its siblings.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "astar/cbs.hpp"
#include "astar/format.hpp"
#include "state/cbs_tree_layout.hpp"
#include "state/cbs_watch.hpp"
#include "state/studio.hpp"

using astar::Cell;
using studio::CbsStep;
using studio::CbsWatch;
using studio::UnitsPlanner;
using studio::UnitsPlayback;

namespace {

void open_lesson(studio::Studio& st, const std::string& file) {
  const astar::Status s = st.open(ASTAR_SOURCE_DIR "/levels/lessons/" + file);
  REQUIRE_MESSAGE(s.ok(), (s.ok() ? "" : s.error()));
}

std::vector<std::vector<Cell>> cells_of(const std::vector<astar::UnitPlan>& plans) {
  std::vector<std::vector<Cell>> out;
  for (const astar::UnitPlan& p : plans) out.push_back(p.cells);
  return out;
}

// Everything the panel, the canvas and the sidecar read, as text: equal views, equal text (the
// sidecar's "furthest" left out: the most iterations ever reached, which a step back keeps).
std::string views(const CbsWatch& w) {
  const astar::CbsPlanner& p = *w.planner();
  std::string out = studio::cbs_sidecar_json(w) + "\n";
  const std::size_t from = out.find("\"furthest\""), to = out.find(", \"done\"");
  REQUIRE((from != std::string::npos && to != std::string::npos));
  out.erase(from, to - from);
  for (std::size_t i = 0; i < p.nodes().size(); ++i) {
    const astar::CbsNode& n = p.nodes()[i];
    out += std::to_string(n.parent) + " " + std::string(astar::to_string(n.state)) + " " +
           std::to_string(n.cost.a) + "/" + std::to_string(n.cost.b) + " " + std::to_string(n.conflicts) + " " +
           std::to_string(n.depth) + " " + std::to_string(n.children[0]) + "," + std::to_string(n.children[1]) + " " +
           std::to_string(n.made_at) + " " + (n.constraint ? astar::constraint_text(*n.constraint) : "-") + " " +
           (n.conflict ? astar::conflict_text(*n.conflict) : "-") + " " +
           std::string(astar::to_string(n.conflict_class)) + " | " + p.node_text(static_cast<std::uint32_t>(i)) + "\n";
  }
  for (const std::string& line : p.log()) out += line + "\n";
  for (const auto& plan : w.plans()) {
    for (Cell c : plan.cells) out += astar::cell_text(c);
    out += "\n";
  }
  for (const astar::CbsConstraint& c : w.constraints()) out += astar::constraint_text(c) + "\n";
  return out + w.status_text() + w.node_text();
}

}  // namespace

TEST_CASE("[cbs watch] lesson 23's units_plan plays CBS: core's plans; a budget's failure in words") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  CHECK(p.shown());
  CHECK(p.planner() == UnitsPlanner::Cbs);
  CHECK(studio::parse_units_planner("cbs") == UnitsPlanner::Cbs);
  CHECK(studio::planner_label(UnitsPlanner::Cbs) == "CBS");
  st.update(0.0);
  REQUIRE(p.planned());
  const auto core = astar::plan_cbs(st.level(), st.level().rules(), p.cbs_options());
  REQUIRE(core.ok());
  REQUIRE(core.value().outcome == astar::CbsOutcome::Solved);
  CHECK(cells_of(p.plans()) == cells_of(core.value().plans));
  CHECK(p.stats().sum_of_costs == 15);
  CHECK(p.conflicts().empty());
  CHECK(p.summary() == "CBS: 2 units, 2 arrived, sum of costs 15, makespan 8, 0 conflicts");
  // A budget of 3 tree nodes: no plans, and why.
  p.set_cbs_max_nodes(3);
  CHECK(p.out_of_date());
  st.update(0.0);
  CHECK_FALSE(p.planned());
  CHECK(p.error().find("budget") != std::string::npos);
  CHECK(p.summary().rfind("CBS: ", 0) == 0);
  // Plain CBS finds the same sum of costs.
  p.set_cbs_max_nodes(10'000);
  p.set_cbs_choice(astar::CbsConflictChoice::First);
  st.update(0.0);
  REQUIRE(p.planned());
  CHECK(p.stats().sum_of_costs == 15);
}

TEST_CASE("[cbs watch] tree node by tree node to the end and back: every view as before, as a fresh planner's") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  st.update(0.0);
  REQUIRE(p.watch(st.level()));
  REQUIRE(p.watching());
  CbsWatch& w = p.cbs();
  REQUIRE(w.active());
  std::vector<std::string> seen{views(w)};
  std::vector<std::int64_t> at{w.iteration()};
  while (w.step(CbsStep::Node)) {
    w.set_tick(3);
    seen.push_back(views(w));
    at.push_back(w.iteration());
    REQUIRE(seen.size() < 200);
  }
  REQUIRE(w.done());
  CHECK(w.planner()->outcome() == astar::CbsOutcome::Solved);
  CHECK(w.shown_node() == w.planner()->solution());
  CHECK(cells_of(w.plans()) == cells_of(p.plans()));  // the solution shown is Play units' plans
  CHECK(w.status_text().rfind("CBS: solved after", 0) == 0);
  CHECK(seen.size() > 4);
  // Back, step by step: each view as it was (the tick kept at 3, clamped as before).
  for (std::size_t k = seen.size() - 1; k-- > 0;) {
    REQUIRE(w.back());
    CHECK(w.iteration() == at[k]);
    w.set_tick(k == 0 ? 0 : 3);
    CHECK(views(w) == seen[k]);
  }
  CHECK_FALSE(w.back());  // at iteration 0
  // A fresh watch sought to each iteration shows the same.
  CbsWatch fresh;
  REQUIRE(fresh.start(st.level(), p.cbs_options()).ok());
  for (std::size_t k = 1; k < seen.size(); ++k) {
    fresh.seek(at[k]);
    fresh.set_tick(3);
    CHECK(views(fresh) == seen[k]);
  }
}

TEST_CASE("[cbs watch] each step size, and back() undoing it; --watch-steps' iterations") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  REQUIRE(p.watch(st.level()));
  CbsWatch& w = p.cbs();
  REQUIRE(p.watch_step_node());  // one iteration
  CHECK(w.iteration() == 1);
  REQUIRE(w.step(CbsStep::Search));  // to the end of the root's first unit's search
  const std::int64_t after_search = w.iteration();
  CHECK(after_search > 1);
  REQUIRE(w.step(CbsStep::Node));
  const std::int64_t after_node = w.iteration();
  CHECK(after_node > after_search);
  CHECK(w.planner()->nodes().size() >= 1);
  REQUIRE(w.back());
  CHECK(w.iteration() == after_search);
  REQUIRE(w.back());
  CHECK(w.iteration() == 1);
  REQUIRE(w.back());
  CHECK(w.iteration() == 0);
  // The slider's seek, then back: one iteration back (nothing left to undo past it).
  w.seek(after_node);
  CHECK(w.iteration() == after_node);
  CHECK(w.furthest() == after_node);
  REQUIRE(w.back());
  CHECK(w.iteration() == after_node - 1);
  w.to_end();
  CHECK(w.done());
  CHECK(p.watch_text() == w.status_text());
}

TEST_CASE("[cbs watch] a node chosen shows plans_of and constraints_of; the slider's positions are its plans'") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  REQUIRE(p.watch(st.level()));
  CbsWatch& w = p.cbs();
  w.to_end();
  const astar::CbsPlanner& planner = *w.planner();
  REQUIRE(planner.nodes().size() > 3);
  for (std::uint32_t id = 0; id < planner.nodes().size(); ++id) {
    CAPTURE(id);
    w.select(id);
    CHECK(w.chosen() == id);
    CHECK(w.shown_node() == id);
    const std::vector<astar::UnitPlan> core = planner.plans_of(id);
    for (std::size_t i = 0; i < core.size(); ++i)
      if (!core[i].cells.empty()) CHECK(w.plans()[i].cells == core[i].cells);
    CHECK(w.constraints() == planner.constraints_of(id));
    CHECK(w.node_text() == planner.node_text(id));
    for (std::size_t t = 0; t <= w.last_tick() + 1; ++t) {
      w.set_tick(t);
      const std::vector<Cell> at = w.positions();
      for (std::size_t i = 0; i < at.size(); ++i) CHECK(at[i] == w.plans()[i].at(t));
    }
    CHECK(w.tick() == w.last_tick());  // clamped
  }
  // The root's plans meet: its conflicts are the slider's conflicts at their ticks.
  w.select(0);
  REQUIRE_FALSE(w.conflicts().empty());
  w.set_tick(w.conflicts().front().tick);
  CHECK_FALSE(w.conflicts_now().empty());
  w.select(std::nullopt);
  CHECK(w.shown_node() == planner.solution());
  // A node chosen that a step back undoes: the watch follows the planner again.
  const std::uint32_t last = static_cast<std::uint32_t>(planner.nodes().size() - 1);
  w.select(last);
  w.seek(0);
  CHECK_FALSE(w.chosen());
}

TEST_CASE("[cbs watch] breakpoints: a conflict at a cell, a node costing more than C") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  REQUIRE(p.watch(st.level()));
  CbsWatch& w = p.cbs();
  CHECK_FALSE(w.run_to_break());  // none set: nothing done
  CHECK(w.iteration() == 0);
  // The root's conflict: both at (5, 1) at t = 4 (the lesson's words).
  w.picking_cell = true;
  w.pick_cell({5, 1});
  CHECK_FALSE(w.picking_cell);
  REQUIRE(w.run_to_break());
  REQUIRE(w.planner()->expanding());
  const astar::CbsNode& split = w.planner()->nodes()[*w.planner()->expanding()];
  REQUIRE(split.conflict);
  CHECK((split.conflict->cell == Cell{5, 1} || split.conflict->other == Cell{5, 1}));
  CHECK(w.shown_node() == w.planner()->expanding());
  CHECK(studio::cbs_sidecar_json(w).find("\"break_cell\": [5, 1]") != std::string::npos);
  REQUIRE(w.back());
  CHECK(w.iteration() == 0);
  // Cost above 12: the first node dearer than the root, shown.
  w.breaks.conflict_at.reset();
  w.breaks.cost_above = 12.0;
  REQUIRE(w.run_to_break());
  REQUIRE(w.chosen());
  CHECK(w.planner()->nodes()[*w.chosen()].cost.value() > 12.0);
  w.to_end();
  CHECK_FALSE(w.run_to_break());  // done
}

TEST_CASE("[cbs watch] an edit, another conflict choice or planner ends the watch; refusals in words") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  REQUIRE(p.watch(st.level()));
  REQUIRE(p.cbs().step(CbsStep::Node));
  REQUIRE(st.editor().set_cell(astar::Layer::Costs, {8, 1}, 2.0));
  CHECK_FALSE(p.watching());
  CHECK_FALSE(p.cbs().active());
  CHECK(studio::cbs_sidecar_json(p.cbs()) == "null");
  REQUIRE(p.watch(st.level()));
  p.set_cbs_choice(astar::CbsConflictChoice::First);
  CHECK_FALSE(p.watching());
  REQUIRE(p.watch(st.level()));
  CHECK(p.cbs().planner()->options().choice == astar::CbsConflictChoice::First);
  p.show(UnitsPlanner::CaStar);
  CHECK_FALSE(p.watching());
  // No units: the planner's refusal.
  p.show(UnitsPlanner::Cbs);
  REQUIRE(st.editor().set_units({}, "Clear units"));
  CHECK_FALSE(p.watch(st.level()));
  CHECK_FALSE(p.error().empty());
  CHECK_FALSE(p.cbs().active());
}

namespace {

// A complete binary tree of `depth` levels, as CBS's nodes link it.
std::vector<astar::CbsNode> full_tree(std::uint32_t depth) {
  std::vector<astar::CbsNode> nodes(1);
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].depth + 1 >= depth) continue;
    for (int k = 0; k < 2; ++k) {
      astar::CbsNode child;
      child.parent = i;
      child.depth = nodes[i].depth + 1;
      nodes[i].children[static_cast<std::size_t>(k)] = static_cast<std::uint32_t>(nodes.size());
      nodes.push_back(child);
    }
  }
  return nodes;
}

// Every node drawn once, a parent over its children, no two of a row closer than a column.
void check_layout(const std::vector<astar::CbsNode>& nodes, const studio::CbsTreeLayout& t) {
  for (std::size_t i = 0; i < t.placed.size(); ++i) {
    const auto& a = t.placed[i];
    CHECK(t.index_of(a.node) == i);
    CHECK(a.row == nodes[a.node].depth);
    if (nodes[a.node].parent != astar::kNoCbsNode) {
      REQUIRE(t.index_of(nodes[a.node].parent));
      CHECK(t.placed[*t.index_of(nodes[a.node].parent)].row + 1 == a.row);
    }
    for (std::size_t j = i + 1; j < t.placed.size(); ++j)
      if (t.placed[j].row == a.row) CHECK(std::abs(t.placed[j].column - a.column) >= 1.0f);
  }
}

}  // namespace

TEST_CASE("[cbs tree layout] every node of a small tree; a big one pruned to the path and its siblings") {
  const std::vector<astar::CbsNode> small = full_tree(5);  // 31 nodes
  const studio::CbsTreeLayout t = studio::layout_cbs_tree(small, 20u);
  CHECK_FALSE(t.pruned);
  CHECK(t.placed.size() == small.size());
  CHECK(t.columns == 16);
  CHECK(t.rows == 5);
  check_layout(small, t);
  CHECK(t.placed[0].column == doctest::Approx(7.5f));  // the root midway over its leaves

  const std::vector<astar::CbsNode> big = full_tree(10);  // 1,023 nodes
  const std::uint32_t focus = 300;  // on row 8 of 10: it has children
  const studio::CbsTreeLayout b = studio::layout_cbs_tree(big, focus);
  CHECK(b.pruned);
  check_layout(big, b);
  // The path from the root to node 300, each with both children, and node 300's children.
  std::uint32_t path = 1;
  for (std::uint32_t at = focus; big[at].parent != astar::kNoCbsNode; at = big[at].parent) ++path;
  CHECK(b.placed.size() == 1 + 2 * (path - 1) + 2);
  for (std::uint32_t at = focus; big[at].parent != astar::kNoCbsNode; at = big[at].parent) {
    CHECK(b.index_of(at));
    CHECK(b.index_of(big[big[at].parent].children[0]));
    CHECK(b.index_of(big[big[at].parent].children[1]));
  }
  std::size_t hidden = 0;
  for (const auto& p : b.placed) hidden += p.hidden;
  CHECK(hidden + b.placed.size() == big.size());
  CHECK(studio::layout_cbs_tree({}, std::nullopt).placed.empty());
}

TEST_CASE("[cbs watch] a link's query: the planner, its choice, where the watch stands, the node chosen, the tick") {
  studio::Studio st;
  open_lesson(st, "23-taking-turns-is-not-enough.json");
  UnitsPlayback& p = st.units_playback;
  st.update(0.0);
  p.set_tick(3);
  CHECK(p.link_query() == "&units=cbs&tick=3");
  p.set_cbs_choice(astar::CbsConflictChoice::First);
  st.update(0.0);
  REQUIRE(p.watch(st.level()));
  REQUIRE(p.cbs().step(CbsStep::Node));
  REQUIRE(p.cbs().step(CbsStep::Node));
  p.cbs().select(1);
  p.cbs().set_tick(4);
  const std::int64_t at = p.cbs().iteration();
  CHECK(p.link_query() == "&units=cbs&cbs-choice=first&cbs-nodes=0&watch-steps=" + std::to_string(at) +
                              "&cbs-select=1&tick=4");
  // What the link's options do (ui/main.cpp's watch_cbs): the same view.
  CbsWatch again;
  REQUIRE(again.start(st.level(), p.cbs_options()).ok());
  for (std::int64_t i = 0; i < at; ++i) REQUIRE(again.step(CbsStep::Iteration));
  again.select(1);
  again.set_tick(4);
  CHECK(views(again) == views(p.cbs()));
  p.hide();
  CHECK(p.link_query().empty());
}
