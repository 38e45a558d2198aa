// HPA* in the studio (hierarchy_state.cpp): the session's graph kept across edits, what the last
// build rebuilt and how long it took, the search's words one step at a time (the Log), and the
// optimal path beside HPA*'s. Used by SearchSession for the algorithms with
// astar::info(a).extras.hierarchy; drawn by overlays/hierarchy_overlay and the panels.
//
//   HierarchyState h;
//   std::unique_ptr<astar::Search> s = h.make(level, options, &listener);  // graph refreshed
//   h.build().text();     // "The edit rebuilt 2 of 64 clusters (0.4 ms; a full build takes 11 ms)"
//   h.note_step(*s);      // after each step: the Log's line for that iteration
//   h.optimal(*s);        // plain A* on the same level, once per search
//
// The graph. The session holds one astar::HpaCache. Each make() first brings the cached graph up
// to date with the level, timed (steady_clock around HpaGraph::update, or build_all when there
// is no graph to reuse: other rules, cluster size, level size or topology), and keeps the result
// for the next search. The search shown is made over the graph as it was before (a cache of its
// own holding it), so its Building phase steps through exactly the clusters the edit touched
// (its HpaView::to_build), which build().rebuilt lists. No GL or ImGui here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/level.hpp"
#include "astar/pseudocode.hpp"
#include "astar/search.hpp"

namespace studio {

// What the last make() built.
struct HierarchyBuild {
  bool made = false;          // a hierarchical search was made (false: none yet, or it is Invalid)
  bool full = true;           // every cluster built (no graph to reuse)
  std::vector<int> rebuilt;   // the clusters the search shown builds (HpaView::to_build)
  int clusters = 0;           // the graph's cluster count
  double ms = 0.0;            // the build's time, measured (steady_clock)
  std::optional<double> full_ms;  // the last full build's time at this size and cluster size
  // "Built all 64 clusters of the abstract graph in 11 ms.", "The edit rebuilt 2 of 64 clusters
  // (0.4 ms; a full build takes 11 ms).", "The abstract graph is up to date: no cluster to
  // rebuild." (a new search with no edit), or "" before any.
  std::string text() const;
};

// The optimal path beside HPA*'s: plain A* (astar::Algorithm::AStar, the level's default
// heuristic) on the same level and options.
struct OptimalPath {
  bool found = false;
  std::vector<astar::Cell> cells;
  double cost = 0.0;
  std::int64_t expanded = 0;
};

// The phase in a line for the debugger: "Building: 3 of 64 clusters built", "Abstract: 12
// abstract nodes expanded", "Refining: 4 of 9 abstract edges refined", "Done".
std::string hierarchy_phase_text(const astar::HpaView& v);

// HPA*'s pseudo-code line by phase, over `at` (astar::code_position, which knows the abstract
// A*'s lines): Building lights the line that builds clusters (with the cluster just built),
// Inserting the one that inserts the start and the goal, Refining, Smoothing and Done with a
// path the goal test's "refine edges, return"; the Abstract phase keeps code_position's line.
// Lines are found in `code` by their words, so a rewording that drops one leaves `at` alone.
// The note is the step's own sentence (HpaView::last_step).
void hierarchy_code_position(const astar::HpaView& v, const astar::PseudoCode& code,
                             astar::CodePosition& at);

// A graph's plain-data views as the overlay draws them (astar::HpaGraph::clusters() and the
// others), made once per graph state: made every frame, the edges alone (211k on a 512² map,
// collected and sorted) took most of a frame.
struct HierarchyDrawing {
  std::uint64_t stamp = 0;  // astar::HpaGraph::stamp() of the graph they are of; 0: none
  std::vector<astar::HpaCluster> clusters;
  std::vector<astar::HpaEntrance> entrances;
  std::vector<astar::Cell> nodes;
  std::vector<astar::HpaEdge> edges;
};

class HierarchyState {
 public:
  // Brings the cached graph up to date (timed, see above) and makes the search shown.
  std::unique_ptr<astar::Search> make(const astar::Level& level, const astar::SearchOptions& o,
                                      astar::SearchListener* listener);
  // A new level (New, Open): its first search builds everything.
  void forget() { cache_->graph.reset(); }
  const HierarchyBuild& build() const { return build_; }
  bool rebuilt(int cluster) const;  // in build().rebuilt (after an edit: not a full build)
  // The graph the next search starts from (after make(): up to date with the level).
  const astar::HpaGraph* graph() const { return cache_->graph.get(); }

  // The Log. note_step after each step records search.hierarchy()->last_step as the line of
  // its iteration; words() are the lines of iterations 1..iterations() (empty where a step was
  // run without a note: a seek).
  void note_step(const astar::Search& search);
  std::vector<std::string> words(const astar::Search& search) const;

  // Runs plain A* once per search (the search's generation), when HPA* has a path.
  const OptimalPath& optimal(const astar::Search& search, std::uint64_t generation) const;

  // `graph`'s views, made again only when its stamp differs from the last ones'.
  const HierarchyDrawing& drawing(const astar::HpaGraph& graph) const;

 private:
  std::shared_ptr<astar::HpaCache> cache_ = std::make_shared<astar::HpaCache>();
  HierarchyBuild build_;
  std::optional<double> full_ms_;
  int full_size_ = 0, full_w_ = 0, full_h_ = 0;  // what full_ms_ was measured at
  std::vector<std::string> words_;  // [i]: the line of iteration i + 1
  mutable OptimalPath optimal_;
  mutable std::uint64_t optimal_generation_ = 0;
  mutable HierarchyDrawing drawing_;
};

}  // namespace studio
