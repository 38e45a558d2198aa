// HPA*'s query phases (hpa_star.hpp): inserting the start and the goal, the abstract A* one node
// a step, refining one abstract edge a step, and the optional corridor smoothing.
#include <algorithm>
#include <cmath>

#include "astar/format.hpp"
#include "astar/hpa_star.hpp"
#include "search/hpa_local.hpp"
#include "search/hpa_state.hpp"

namespace astar {

namespace {
hpa::LocalArea cluster_area(const HpaGraph& g, const MovePolicy& policy, int k) {
  const HpaCluster c = g.cluster(k);
  return {&policy, c.x, c.y, c.width, c.height, nullptr};
}
}  // namespace

hpa::LocalScratch& HpaStarSearch::scratch() {
  if (!scratch_) scratch_ = std::make_unique<hpa::LocalScratch>();
  return *scratch_;
}

// [SECTION] Inserting the start and the goal

namespace {
std::shared_ptr<const hpa::Adjacency> make_adjacency(const HpaGraph& graph) {
  auto adj = std::make_shared<hpa::Adjacency>();
  const Level& lv = graph.level();
  adj->graph = graph.stamp();
  adj->cells = graph.nodes();
  adj->out.resize(adj->cells.size());
  adj->node_of.assign(static_cast<std::size_t>(lv.cell_count()), -1);
  adj->by_cluster.resize(static_cast<std::size_t>(graph.cluster_count()));
  for (std::size_t n = 0; n < adj->cells.size(); ++n) {
    adj->node_of[to_u32(lv.index(adj->cells[n]))] = static_cast<std::int32_t>(n);
    adj->by_cluster[static_cast<std::size_t>(graph.cluster_of(adj->cells[n]))].push_back(static_cast<int>(n));
  }
  for (const HpaEdge& e : graph.edges())
    adj->out[static_cast<std::size_t>(adj->node_of[to_u32(lv.index(e.from))])].push_back(
        {adj->node_of[to_u32(lv.index(e.to))], e.exact});
  return adj;
}
}  // namespace

// The start to every node of its cluster (and the goal) it reaches inside it; every node of the
// goal's cluster that reaches it inside it to the goal.
void HpaStarSearch::link_endpoints(bool start_new, bool goal_new) {
  hpa::QueryState& a = *abstract_;
  const Level& lv = *level_;
  auto link = [&](int from, int to, ExactCost cost) {
    if (from == a.start && start_new) a.start_out.push_back({to, cost});
    else a.into_goal.push_back({from, {to, cost}});
    view_.inserted_edges.push_back({view_.abstract_nodes[static_cast<std::size_t>(from)].cell,
                                    view_.abstract_nodes[static_cast<std::size_t>(to)].cell,
                                    cost.value(), cost, false});
  };
  // use(node, cost) for each node of `endpoint`'s cluster that a search inside the cluster from
  // it (forward) or to it reaches, in increasing order: the graph's nodes, then the inserted.
  auto each_reached = [&](Cell endpoint, bool forward, auto&& use) {
    const int k = graph_->cluster_of(endpoint);
    const hpa::LocalArea area = cluster_area(*graph_, *policy_, k);
    const hpa::LocalResult r = hpa::local_search(area, endpoint, forward, std::nullopt, 0.0, &scratch());
    view_.refine_expanded += r.expanded;
    std::vector<int> ns = a.adjacency->by_cluster[static_cast<std::size_t>(k)];
    for (std::size_t n = a.adjacency->cells.size(); n < view_.abstract_nodes.size(); ++n)
      if (graph_->cluster_of(view_.abstract_nodes[n].cell) == k) ns.push_back(static_cast<int>(n));
    for (int n : ns)
      if (const Cell c = view_.abstract_nodes[static_cast<std::size_t>(n)].cell; r.reached(c)) use(n, r.cost(c));
  };
  if (start_new)
    each_reached(lv.start(), true, [&](int n, ExactCost cost) {
      if (n != a.start) link(a.start, n, cost);
    });
  if (goal_new)
    each_reached(lv.goal(), false, [&](int n, ExactCost cost) {
      if (n != a.goal && !(start_new && n == a.start)) link(n, a.goal, cost);
    });
}

void HpaStarSearch::step_insert() {
  hpa::QueryState& a = *abstract_;
  const Level& lv = *level_;
  if (!adjacency_ || adjacency_->graph != graph_->stamp()) adjacency_ = make_adjacency(*graph_);
  a.adjacency = adjacency_;
  if (spare_of_ == adjacency_) {
    view_.abstract_nodes = std::move(spare_nodes_);  // every node unseen again (reset_query)
  } else {
    view_.abstract_nodes.clear();
    for (Cell c : adjacency_->cells) view_.abstract_nodes.push_back({c});
  }
  spare_of_ = nullptr;
  auto add_node = [&](Cell c) {
    const int id = a.node_of(to_u32(lv.index(c)), c, view_.abstract_nodes);
    if (id >= 0) return std::pair(id, false);
    view_.abstract_nodes.push_back({c, NodeState::Unseen, 0.0, 0.0, 0.0, -1});
    return std::pair(static_cast<int>(view_.abstract_nodes.size()) - 1, true);
  };
  const auto [s_id, start_new] = add_node(lv.start());
  a.start = s_id;
  const auto [g_id, goal_new] = add_node(lv.goal());
  a.goal = g_id;
  link_endpoints(start_new, goal_new);
  a.g.resize(view_.abstract_nodes.size());
  a.g[static_cast<std::size_t>(a.start)] = ExactCost{};
  if (static_cast<std::size_t>(a.start) < adjacency_->cells.size()) a.touched.push_back(a.start);
  HpaAbstractNode& s = view_.abstract_nodes[static_cast<std::size_t>(a.start)];
  s.state = NodeState::Open;
  s.h = heuristic_distance(lv, options_.heuristic, lv.start(), lv.goal()) * h_scale_;
  s.f = s.h;
  a.open.push({s.f, s.h, to_u32(lv.index(lv.start())), a.start});
  ++metrics_.generated;
  ++metrics_.heap_ops;
  last_relaxed_.push_back(lv.start());
  view_.phase = HpaPhase::Abstract;
  view_.last_step = "Inserted the start " + cell_text(lv.start()) + " and the goal " +
                    cell_text(lv.goal()) + ": " + std::to_string(view_.inserted_edges.size()) +
                    " edges link them into their clusters.";
}

// [SECTION] The abstract A*

void HpaStarSearch::step_expand() {
  hpa::QueryState& a = *abstract_;
  if (a.open.empty()) {
    view_.last_step = "The abstract open set is empty: no path.";
    return finish(SearchState::NoPath);
  }
  const int n = a.open.pop();
  ++metrics_.heap_ops;
  HpaAbstractNode& node = view_.abstract_nodes[static_cast<std::size_t>(n)];
  node.state = NodeState::Closed;
  ++closed_;
  ++view_.abstract_expanded;
  view_.last_node = n;
  if (listener_) listener_->on_take(node.cell, {node.state, node.g, node.h, node.f, std::nullopt});
  if (n == a.goal) {
    for (int p = n; p >= 0; p = view_.abstract_nodes[static_cast<std::size_t>(p)].parent) a.path.push_back(p);
    std::reverse(a.path.begin(), a.path.end());
    for (int p : a.path) view_.abstract_path.push_back(view_.abstract_nodes[static_cast<std::size_t>(p)].cell);
    view_.refined_path = {view_.abstract_path.front()};
    set_path_index(view_.refined_path);
    last_relaxed_.push_back(view_.abstract_path.front());
    view_.phase = HpaPhase::Refining;
    view_.last_step = "Took the goal: the abstract path has " +
                      std::to_string(a.path.size() - 1) + " edges, cost " +
                      fixed2_text(node.g) + ". Refine it edge by edge.";
    if (a.path.size() == 1) finish(SearchState::Found);
    return;
  }
  // The node's edges: the graph's, then an inserted start's, then those into an inserted goal.
  if (static_cast<std::size_t>(n) < a.adjacency->out.size())
    for (const hpa::Out& o : a.adjacency->out[static_cast<std::size_t>(n)]) relax_abstract(n, o);
  if (n == a.start)
    for (const hpa::Out& o : a.start_out) relax_abstract(n, o);
  for (const auto& [from, o] : a.into_goal)
    if (from == n) relax_abstract(n, o);
  if (quiet_) return;  // a step nobody will read about (run, a replay)
  view_.last_step = "Expanded abstract node " + cell_text(node.cell) + " (g " +
                    fixed2_text(node.g) + ", f " + fixed2_text(node.f) + "): " +
                    std::to_string(last_relaxed_.size()) + " neighbours improved.";
}

// Offers node o.to the way through n.
void HpaStarSearch::relax_abstract(int n, const hpa::Out& o) {
  hpa::QueryState& a = *abstract_;
  const Level& lv = *level_;
  HpaAbstractNode& to = view_.abstract_nodes[static_cast<std::size_t>(o.to)];
  if (to.state == NodeState::Closed) return;
  const ExactCost g = a.g[static_cast<std::size_t>(n)] + o.cost;
  const bool open = to.state == NodeState::Open;
  if (open && compare(g, a.g[static_cast<std::size_t>(o.to)]) >= 0) return;
  const double old_g = open ? to.g : std::numeric_limits<double>::infinity();
  if (open) {
    ++metrics_.improved;
  } else {
    to.h = heuristic_distance(lv, options_.heuristic, to.cell, lv.goal()) * h_scale_;
    ++metrics_.generated;
    if (static_cast<std::size_t>(o.to) < a.adjacency->cells.size()) a.touched.push_back(o.to);
  }
  a.g[static_cast<std::size_t>(o.to)] = g;
  to.g = g.value();
  to.f = to.g + to.h;
  to.parent = n;
  to.state = NodeState::Open;
  const hpa::OpenHeap::Entry e{to.f, to.h, to_u32(lv.index(to.cell)), o.to};
  if (open) a.open.update(e);
  else a.open.push(e);
  ++metrics_.heap_ops;
  last_relaxed_.push_back(to.cell);
  if (listener_) {
    const HpaAbstractNode& from = view_.abstract_nodes[static_cast<std::size_t>(n)];
    listener_->on_relax(from.cell, to.cell, old_g, to.g, std::nullopt);
  }
}

// [SECTION] Refining and smoothing

void HpaStarSearch::set_path_index(const std::vector<Cell>& path) {
  clear_path_index();
  path_g_.assign(1, ExactCost{});
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i > 0) path_g_.push_back(path_g_.back() + policy_->move_between(path[i - 1], path[i])->exact);
    on_path_[to_u32(level_->index(path[i]))] = static_cast<std::int32_t>(i + 1);
  }
}

void HpaStarSearch::step_refine() {
  const hpa::QueryState& a = *abstract_;
  const std::size_t leg = static_cast<std::size_t>(view_.last_leg + 1);
  const Cell from = view_.abstract_path[leg], to = view_.abstract_path[leg + 1];
  const int k = graph_->cluster_of(from);
  std::vector<Cell> piece;
  if (k != graph_->cluster_of(to)) {
    piece = {from, to};  // an inter edge: its move
  } else {
    const hpa::LocalArea area = cluster_area(*graph_, *policy_, k);
    const hpa::LocalResult r = hpa::local_search(area, from, true, to, h_scale_, &scratch());
    view_.refine_expanded += r.expanded;
    piece = r.path(to);
  }
  for (std::size_t i = 1; i < piece.size(); ++i) {
    last_relaxed_.push_back(piece[i]);
    view_.refined_path.push_back(piece[i]);
    path_g_.push_back(path_g_.back() + policy_->move_between(piece[i - 1], piece[i])->exact);
    on_path_[to_u32(level_->index(piece[i]))] = static_cast<std::int32_t>(view_.refined_path.size());
  }
  view_.last_leg = static_cast<int>(leg);
  const bool last = leg + 2 >= view_.abstract_path.size();
  if (!quiet_ || last)  // the last leg's words are what a run ends with
    view_.last_step = "Refined abstract edge " + std::to_string(leg + 1) + " of " +
                    std::to_string(a.path.size() - 1) + ", " + cell_text(from) + " to " +
                    cell_text(to) + ": " + std::to_string(piece.size() - 1) +
                    (k != graph_->cluster_of(to) ? " move across a border." : " moves inside cluster " + std::to_string(k) + ".");
  if (!last) return;
  if (options_.hpa_smooth) {
    view_.phase = HpaPhase::Smoothing;
    return;
  }
  finish(SearchState::Found);
}

// One A* from the start to the goal over the clusters the refined path crosses: never dearer
// than the refined path, which lies inside them.
void HpaStarSearch::step_smooth() {
  std::vector<char> corridor(static_cast<std::size_t>(graph_->cluster_count()), 0);
  int x0 = level_->width(), y0 = level_->height(), x1 = 0, y1 = 0;
  for (Cell c : view_.refined_path) {
    const int k = graph_->cluster_of(c);
    if (corridor[static_cast<std::size_t>(k)]) continue;
    corridor[static_cast<std::size_t>(k)] = 1;
    const HpaCluster b = graph_->cluster(k);
    x0 = std::min(x0, b.x), y0 = std::min(y0, b.y);
    x1 = std::max(x1, b.x + b.width), y1 = std::max(y1, b.y + b.height);
  }
  const HpaGraph& g = *graph_;
  const hpa::LocalArea area{policy_.get(), x0, y0, x1 - x0, y1 - y0,
                            [&](Cell c) { return corridor[static_cast<std::size_t>(g.cluster_of(c))] != 0; }};
  const hpa::LocalResult r = hpa::local_search(area, level_->start(), true, level_->goal(),
                                               h_scale_, &scratch());
  view_.refine_expanded += r.expanded;
  std::vector<Cell> smooth = r.path(level_->goal());
  const ExactCost before = path_g_.back();
  last_relaxed_ = view_.refined_path;
  last_relaxed_.insert(last_relaxed_.end(), smooth.begin(), smooth.end());
  set_path_index(smooth);
  view_.smoothed_path = std::move(smooth);
  std::int64_t clusters = std::count(corridor.begin(), corridor.end(), 1);
  view_.last_step = "Smoothed: one A* inside the " + std::to_string(clusters) +
                    " clusters the path crosses, cost " + fixed2_text(before.value()) + " -> " +
                    fixed2_text(path_g_.back().value()) + ".";
  finish(SearchState::Found);
}

}  // namespace astar
