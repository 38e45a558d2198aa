// HPA*, hierarchical pathfinding (Botea, Müller & Schaeffer 2004): the level is cut into square
// clusters of options.cluster_size cells; an abstract graph links a few border cells of each
// cluster (its transitions) by the moves across borders and by the costs of the cheapest ways
// inside each cluster; a query inserts its start and goal, runs A* over that small graph, then
// refines each abstract edge into grid moves by a search restricted to one cluster. Paths are
// near-optimal (Guarantee::None), found exactly when one exists. Made by make_search
// (Algorithm::HpaStar), or with a graph kept across edits:
//
//   auto cache = std::make_shared<HpaCache>();   // empty: the first search builds every cluster
//   std::unique_ptr<Search> s = make_hpa_search(level, level.rules(),
//                                               {.algorithm = Algorithm::HpaStar}, cache);
//   s->run();                        // builds, searches, refines; cache->graph is now built
//   ... edit the level ...
//   s = make_hpa_search(level, level.rules(), {.algorithm = Algorithm::HpaStar}, cache);
//   s->run();                        // rebuilds only the clusters near the edits
//   const HpaView* v = s->hierarchy();   // phase, graph, abstract search, refined path, words
//
// The abstract graph (HpaGraph). Clusters are the blocks [k cs, (k + 1) cs) in x and y (the last
// row and column smaller when cs does not divide the size). A crossing is any possible move
// (MovePolicy: one-cell moves, diagonals, jumps across, under every layer: walls, costs,
// heights and limits, edge overrides, agents, shapes) from a cell of one cluster to a cell of
// another; edges are directed. An entrance is a maximal run of straight border pairs (a, b)
// between two side-adjacent clusters with a crossing a -> b or b -> a; as in the paper it gets
// one transition (its middle pair) or, when longer than kHpaLongEntrance, two (its ends), with
// each direction the pair allows. Completeness: afterwards every crossing a -> b from cluster A
// to cluster B is checked, in cell order, and becomes a transition itself unless a chosen one
// a' -> b' covers it: a' reachable from a inside A and b reachable from b' inside B. So any path
// maps onto the graph (each stretch inside one cluster is an intra edge), and HPA* finds a path
// exactly when one exists. A transition's two cells are abstract nodes, its move an inter edge;
// intra edges join each ordered pair of nodes of a cluster with the cost of the cheapest way
// between them inside the cluster (a Dijkstra over its cells), when there is one.
//
// Partial rebuild. update(edited) diffs the edited level against the graph's own copy (walls,
// costs, heights, agents, edge overrides by cell) and rebuilds only the clusters within a
// move's reach (1 cell, or jump.gap + 1) of a changed cluster; a change of size, shapes or
// agents_block rebuilds all. The result equals a full build of the edited level.
//
// The search (HpaStarSearch) steps in phases, one cluster, one abstract node or one leg a step:
//   Building   one cluster's entrances, transitions and intra edges (given a cache, only the
//              clusters its update found changed);
//   Inserting  start and goal linked into their clusters (one step);
//   Abstract   one abstract node expanded by A* (f = g + h, h the options' heuristic scaled by
//              the policy's least cost per distance; equal f: smaller h, then cell order);
//   Refining   one abstract edge made grid moves (an inter edge is its move; an intra edge a
//              Dijkstra inside its cluster);
//   Smoothing  with options.hpa_smooth, one A* restricted to the clusters the refined path
//              crosses: never dearer, usually the optimum within that corridor.
// iterations() counts steps over all phases. Views: node(c) is the abstract search's g, h, f
// and parent (a node cell) on abstract nodes; once refining, cells of the refined path are
// Closed with g their cost along it. path() is the refined (or smoothed) path, path_cost() its
// cost under the level's policy. path_to(c) is the refined path's prefix to c, or for an
// abstract node its chain of abstract nodes (waypoints, not adjacent cells). last_taken() is
// the abstract node expanded (Abstract) or the refined path's last cell (Refining);
// last_relaxed() every cell whose view the step changed: the start inserted, the nodes
// improved, the cells a leg added, the cells smoothing moved the path off and onto. Posthoc
// traces refuse HPA* (PosthocWriteOptions::algorithm).
// Rewind: step_back and seek restart and replay (exact; a step back costs the steps before it).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "astar/exact_cost.hpp"
#include "astar/level.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"

namespace astar {

namespace hpa {
struct Adjacency;
struct Out;
struct QueryState;
struct LocalGraph;
struct LocalScratch;
}  // namespace hpa

// Entrances longer than this get two transitions (their end pairs), as in the paper.
inline constexpr int kHpaLongEntrance = 6;
inline constexpr int kHpaMinClusterSize = 4;
inline constexpr int kHpaMaxClusterSize = 256;

struct HpaCluster {
  int x = 0, y = 0, width = 0, height = 0;  // its cells: [x, x + width) x [y, y + height)
  bool built = false;
};

// A run of straight border pairs between two side-adjacent clusters (cluster a's cell first).
struct HpaEntrance {
  int cluster_a = 0, cluster_b = 0;
  std::vector<std::pair<Cell, Cell>> pairs;
};

struct HpaEdge {
  Cell from, to;
  double cost = 0.0;  // exact.value()
  ExactCost exact;
  bool inter = false;  // a move across a border (true) or a way inside one cluster (false)
  friend bool operator==(const HpaEdge&, const HpaEdge&) = default;
};

class HpaGraph {
 public:
  // An empty graph of `level` (copied) under `rules`: nothing built yet. cluster_size is
  // clamped to kHpaMinClusterSize..kHpaMaxClusterSize.
  HpaGraph(const Level& level, const MovementRules& rules, int cluster_size);

  int cluster_size() const { return size_; }
  const MovementRules& rules() const { return rules_; }
  const Level& level() const { return *level_; }  // the level it was built from
  const MovePolicy& policy() const { return policy_; }
  int clusters_wide() const { return wide_; }
  int clusters_high() const { return high_; }
  int cluster_count() const { return wide_ * high_; }
  int cluster_of(Cell c) const { return (c.y / size_) * wide_ + c.x / size_; }
  HpaCluster cluster(int k) const;
  bool built(int k) const { return built_[static_cast<std::size_t>(k)] != 0; }
  bool complete() const;

  // Builds cluster k (if not built): its crossings and transitions with every cluster within a
  // move's reach whose pair is not made yet, its nodes, its intra edges.
  void build_cluster(int k);
  void build_all();
  // Takes `edited` as the graph's level and unbuilds the clusters the edits touch (see above);
  // returns them in increasing order. build_cluster each (or build_all) to finish the update.
  std::vector<int> invalidate(const Level& edited);
  // invalidate, then build what it unbuilt: the clusters rebuilt.
  std::vector<int> update(const Level& edited);

  // Plain-data views for drawing and tests, in a fixed order (by cluster, then cell index).
  std::vector<HpaCluster> clusters() const;
  std::vector<HpaEntrance> entrances() const;
  std::vector<Cell> nodes() const;                 // every transition cell
  std::vector<Cell> cluster_nodes(int k) const;    // those of cluster k
  std::vector<HpaEdge> edges() const;              // inter edges and built clusters' intra edges
  std::vector<HpaEdge> cluster_edges(int k) const; // cluster k's intra edges
  std::size_t memory_bytes() const;
  // Two graphs with the same stamp are the same graph: a copy keeps it, and every change (a
  // cluster built, clusters unbuilt) takes a number no graph has had. What the studio caches
  // these views by.
  std::uint64_t stamp() const { return stamp_; }
  // Cells the graph's builds expanded (its in-cluster searches), since it was made.
  std::int64_t expanded() const { return expanded_; }

 private:
  struct Link {  // a transition or an intra edge, by cell index
    std::uint32_t from, to;
    ExactCost cost;
  };
  struct Pair {  // the crossings between two clusters a < b
    std::vector<HpaEntrance> entrances;
    std::vector<Link> links;  // the transitions, both ways
  };
  struct Crossing;

  void pairs_of(int k);
  Pair make_pair_links(int a, int b, std::vector<Crossing> ab, std::vector<Crossing> ba);
  void choose_entrances(int a, int b, const std::vector<Crossing>& ab,
                        const std::vector<Crossing>& ba, Pair& out) const;
  void cover(int from_cluster, int to_cluster, const std::vector<Crossing>& crossings,
             std::vector<Link>& chosen);
  void intra_of(int k);
  std::vector<std::uint32_t> transition_cells(int k) const;  // sorted cell indices
  struct LocalCache;
  const hpa::LocalGraph& local_graph_of(int k);
  std::vector<int> near(int k) const;  // clusters within a move's reach, k excluded
  std::vector<char> changed_cells(const Level& edited) const;

  std::shared_ptr<const Level> level_;
  MovementRules rules_;
  MovePolicy policy_;
  int size_ = 16, wide_ = 0, high_ = 0, reach_ = 1;
  std::vector<char> built_;
  std::vector<std::vector<std::uint32_t>> nodes_;  // per cluster, sorted (built clusters)
  std::vector<std::vector<Link>> intra_;           // per cluster
  std::vector<std::pair<std::pair<int, int>, Pair>> pairs_;  // sorted by (a, b)
  std::int64_t expanded_ = 0;
  std::uint64_t stamp_ = 0;
  void restamp();
  // Clusters' moves while building near them; a copy or a move of the graph starts without.
  struct LocalCaches : std::vector<std::shared_ptr<LocalCache>> {
    LocalCaches() = default;
    LocalCaches(const LocalCaches&) : std::vector<std::shared_ptr<LocalCache>>() {}
    LocalCaches(LocalCaches&&) noexcept : std::vector<std::shared_ptr<LocalCache>>() {}
    LocalCaches& operator=(const LocalCaches&) { clear(); return *this; }
    LocalCaches& operator=(LocalCaches&&) noexcept { clear(); return *this; }
    ~LocalCaches() = default;
  };
  LocalCaches local_;

  friend class HpaStarSearch;
};

enum class HpaPhase : std::uint8_t { Building, Inserting, Abstract, Refining, Smoothing, Done };
std::string_view to_string(HpaPhase p);  // "building", "inserting", ...

// One node of the abstract search: a transition cell, or the start or the goal inserted.
struct HpaAbstractNode {
  Cell cell;
  NodeState state = NodeState::Unseen;
  double g = 0.0, h = 0.0, f = 0.0;
  int parent = -1;  // index into HpaView::abstract_nodes; -1: none
};

// What an HPA* search shows (Search::hierarchy()): read-only, valid until its next step.
struct HpaView {
  HpaPhase phase = HpaPhase::Building;
  const HpaGraph* graph = nullptr;  // the graph as built so far (clusters, entrances, nodes, edges)
  std::vector<int> to_build;        // the clusters this search builds, in order
  std::size_t built = 0;            // how many of them are built
  // The abstract search (from the Inserting step on): the graph's nodes, then the start and the
  // goal when they are not nodes already; the edges linking them in; its open/closed sets and
  // parents are in the nodes' state and parent.
  std::vector<HpaAbstractNode> abstract_nodes;
  std::vector<HpaEdge> inserted_edges;
  std::vector<Cell> abstract_path;  // start, transitions..., goal (once the goal is taken)
  std::vector<Cell> refined_path;   // grid cells so far (the whole path once refined)
  std::vector<Cell> smoothed_path;  // after the Smoothing step
  int last_cluster = -1;            // the cluster the last step built (Building)
  int last_node = -1;               // the abstract node the last step expanded (Abstract)
  int last_leg = -1;                // the abstract edge the last step refined (Refining)
  std::int64_t abstract_expanded = 0;  // abstract nodes expanded
  std::int64_t refine_expanded = 0;    // cells expanded by refining (and smoothing)
  std::int64_t build_expanded = 0;     // cells expanded by this search's building
  std::string last_step;            // what the last step did, in a sentence (the studio's log)
};

// A graph kept across searches and edits (make_hpa_search). A search takes cache->graph as it
// finds it (a snapshot: never changed in place), rebuilds what the level's edits touched (or
// everything when it is null or was made under other rules, cluster size or level size), and
// when its Building phase ends stores its own finished graph there. Bench code may put a graph
// built with build_all() there before the first search.
struct HpaCache {
  std::shared_ptr<const HpaGraph> graph;
};

class HpaStarSearch final : public Search {
 public:
  // `cache`: a graph to reuse and refresh (see HpaCache), or null to build one of our own.
  HpaStarSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                SearchListener* listener = nullptr, std::shared_ptr<HpaCache> cache = nullptr);
  ~HpaStarSearch() override;
  HpaStarSearch(const HpaStarSearch&) = delete;
  HpaStarSearch& operator=(const HpaStarSearch&) = delete;

  const HpaView* hierarchy() const override { return &view_; }
  const HpaGraph& graph() const { return *graph_; }

  void restart() override;
  SearchState step() override;
  SearchState micro_step() override { return step(); }  // a step has no smaller parts
  bool mid_iteration() const override { return false; }
  std::span<const Move> taken_moves() const override { return {}; }
  std::size_t examined() const override { return 0; }
  SearchState state() const override { return state_; }
  const std::string& message() const override { return message_; }
  const SearchOptions& options() const override { return options_; }
  const Level& level() const override { return *level_; }

  NodeView node(Cell c) const override;
  std::optional<Cell> last_taken() const override;
  std::optional<Cell> next_to_take() const override;
  const std::vector<Cell>& last_relaxed() const override { return last_relaxed_; }
  std::size_t open_size() const override;
  std::int64_t closed_count() const override { return closed_; }
  const SearchMetrics& metrics() const override { return metrics_; }
  std::vector<Cell> path() const override;
  std::vector<Cell> path_to(Cell c) const override;
  double path_cost() const override;

  void set_recording(bool on) override;
  bool recording() const override { return recording_; }
  bool can_step_back() const override { return recording_ && metrics_.expanded > 0; }
  bool step_back() override;  // restarts and replays one step fewer
  void seek(std::int64_t iteration) override;  // back: restarts and replays once
  SearchState run() override;
  std::size_t recording_bytes() const override { return 0; }
  std::string check_invariants() const override;

 private:
  void start_invalid(std::string why);
  void step_build();
  void step_insert();
  void step_expand();
  void step_refine();
  void step_smooth();
  void link_endpoints(bool start_new, bool goal_new);
  void clear_path_index();
  void finish(SearchState s);
  void set_path_index(const std::vector<Cell>& path);
  void reset_query();
  void relax_abstract(int n, const hpa::Out& o);

  std::shared_ptr<const Level> own_level_;
  const Level* level_;
  MovementRules rules_;
  SearchOptions options_;
  SearchListener* listener_;
  std::shared_ptr<HpaCache> cache_;
  std::shared_ptr<const HpaGraph> base_;  // the graph at iteration 0
  std::shared_ptr<HpaGraph> building_;    // a copy of base_ the Building phase completes
  std::shared_ptr<const HpaGraph> graph_; // building_, or base_ when there is nothing to build
  std::vector<int> to_build_;
  std::unique_ptr<MovePolicy> policy_;
  std::unique_ptr<hpa::QueryState> abstract_;
  std::shared_ptr<const hpa::Adjacency> adjacency_;  // of graph_, kept across restarts
  // The last query's abstract nodes, made unseen again (reset_query), for the next query on the
  // same adjacency: a query then writes the nodes it touches, not every node of the graph.
  std::vector<HpaAbstractNode> spare_nodes_;
  std::shared_ptr<const hpa::Adjacency> spare_of_;
  std::unique_ptr<hpa::LocalScratch> scratch_;  // the query's searches inside clusters
  hpa::LocalScratch& scratch();
  ExactCost cost_;
  double h_scale_ = 1.0;  // the policy's least cost per distance (heuristics are scaled by it)
  std::int64_t closed_ = 0;
  std::vector<Cell> last_relaxed_;
  std::vector<std::int32_t> on_path_;  // per cell: its place on path() + 1, 0: not on it
  std::vector<ExactCost> path_g_;      // cost along the refined path, per place
  HpaView view_;
  bool quiet_ = false;  // steps skip their sentence (run, replays), except one ending the search
  SearchState state_ = SearchState::InProgress;
  std::string message_;
  std::string unsupported_;
  SearchMetrics metrics_;
  bool recording_ = false;
};

// make_search for Algorithm::HpaStar with a graph kept across edits (see above); `cache` null:
// as make_search.
std::unique_ptr<Search> make_hpa_search(const Level& level, const MovementRules& rules,
                                        SearchOptions options, std::shared_ptr<HpaCache> cache,
                                        SearchListener* listener = nullptr);

}  // namespace astar
