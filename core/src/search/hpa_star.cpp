// HPA* as a Search (hpa_star.hpp): construction, the phases' dispatch, the views and rewind. The
// steps of the query phases are in hpa_query.cpp, the graph in hpa_graph.cpp.
#include "astar/hpa_star.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "search/hpa_local.hpp"
#include "search/hpa_state.hpp"

namespace astar {

namespace {
bool fits(const HpaGraph& g, const Level& level, const MovementRules& rules, int size) {
  return g.rules() == rules && g.cluster_size() == size && g.level().width() == level.width() &&
         g.level().height() == level.height() && g.level().topology() == level.topology();
}
}  // namespace

HpaStarSearch::HpaStarSearch(const Level& level, const MovementRules& rules, SearchOptions options,
                             SearchListener* listener, std::shared_ptr<HpaCache> cache)
    : own_level_(level_without_shapes(level, options.ignore_shapes)),
      level_(own_level_ ? own_level_.get() : &level),
      rules_(rules),
      options_(options),
      listener_(listener),
      cache_(std::move(cache)) {
  unsupported_ = check_supported(level, rules, options);
  if (unsupported_.empty()) unsupported_ = level_->check_endpoints();
  if (!unsupported_.empty()) {
    restart();
    return;
  }
  policy_ = std::make_unique<MovePolicy>(*level_, rules_);
  if (std::string why = exact_sums_problem(*policy_); !why.empty()) unsupported_ = why;
  h_scale_ = policy_->min_cost_per_distance();
  const int size = std::clamp(options_.cluster_size, kHpaMinClusterSize, kHpaMaxClusterSize);
  std::shared_ptr<const HpaGraph> cached = cache_ ? cache_->graph : nullptr;
  if (cached && fits(*cached, *level_, rules_, size)) {
    HpaGraph copy = *cached;
    to_build_ = copy.invalidate(*level_);
    base_ = to_build_.empty() ? cached : std::make_shared<const HpaGraph>(std::move(copy));
  } else {
    base_ = std::make_shared<const HpaGraph>(*level_, rules_, size);
  }
  for (int k = 0; k < base_->cluster_count(); ++k)
    if (!base_->built(k)) to_build_.push_back(k);
  std::sort(to_build_.begin(), to_build_.end());
  to_build_.erase(std::unique(to_build_.begin(), to_build_.end()), to_build_.end());
  restart();
}

HpaStarSearch::~HpaStarSearch() = default;

void HpaStarSearch::start_invalid(std::string why) {
  state_ = SearchState::Invalid;
  message_ = std::move(why);
  view_.phase = HpaPhase::Done;
  view_.last_step = "Cannot start: " + message_;
}

// Back to before the Inserting step. The abstract nodes' memory is kept in spare_nodes_, with
// the graph's nodes the last query opened made unseen again and the inserted ones dropped; g's
// memory stays (read only for nodes opened in the query).
void HpaStarSearch::reset_query() {
  if (!abstract_) abstract_ = std::make_unique<hpa::QueryState>();
  hpa::QueryState& a = *abstract_;
  if (a.adjacency && view_.abstract_nodes.size() >= a.adjacency->cells.size()) {
    spare_nodes_ = std::move(view_.abstract_nodes);
    for (int n : a.touched) spare_nodes_[static_cast<std::size_t>(n)] = {spare_nodes_[static_cast<std::size_t>(n)].cell};
    spare_nodes_.resize(a.adjacency->cells.size());
    spare_of_ = a.adjacency;
  }  // else: no query since the last reset; the spare nodes stay as they are
  std::vector<ExactCost> g = std::move(a.g);
  a = hpa::QueryState{};
  a.g = std::move(g);
  view_ = HpaView{};
}

void HpaStarSearch::restart() {
  if (level_ && unsupported_.empty()) clear_path_index();
  reset_query();
  metrics_ = {};
  closed_ = 0;
  last_relaxed_.clear();
  path_g_.clear();
  cost_ = {};
  state_ = SearchState::InProgress;
  message_.clear();
  if (!unsupported_.empty()) return start_invalid(unsupported_);
  building_ = to_build_.empty() ? nullptr : std::make_shared<HpaGraph>(*base_);
  graph_ = building_ ? std::shared_ptr<const HpaGraph>(building_) : base_;
  view_.graph = graph_.get();
  view_.to_build = to_build_;
  view_.phase = to_build_.empty() ? HpaPhase::Inserting : HpaPhase::Building;
  view_.last_step = to_build_.empty() ? "The abstract graph is built: insert the start and the goal."
                                      : "Build the abstract graph, one cluster a step.";
}

SearchState HpaStarSearch::step() {
  if (finished(state_)) return state_;
  if (options_.max_iterations > 0 && metrics_.expanded >= options_.max_iterations) {
    finish(SearchState::IterationLimit);
    return state_;
  }
  ++metrics_.expanded;
  last_relaxed_.clear();
  switch (view_.phase) {
    case HpaPhase::Building: step_build(); break;
    case HpaPhase::Inserting: step_insert(); break;
    case HpaPhase::Abstract: step_expand(); break;
    case HpaPhase::Refining: step_refine(); break;
    case HpaPhase::Smoothing: step_smooth(); break;
    case HpaPhase::Done: break;
  }
  return state_;
}

void HpaStarSearch::finish(SearchState s) {
  state_ = s;
  if (s == SearchState::Found) {
    view_.phase = HpaPhase::Done;
    cost_ = path_g_.empty() ? ExactCost{} : path_g_.back();
  }
  if (s == SearchState::NoPath) view_.phase = HpaPhase::Done;
  if (s == SearchState::IterationLimit)
    view_.last_step = "Stopped: max_iterations (" + std::to_string(options_.max_iterations) + ") reached.";
}

void HpaStarSearch::step_build() {
  const int k = view_.to_build[view_.built];
  const std::int64_t before = building_->expanded();
  building_->build_cluster(k);
  view_.build_expanded += building_->expanded() - before;
  ++view_.built;
  view_.last_cluster = k;
  const HpaCluster c = building_->cluster(k);
  if (!quiet_)  // (the last cluster's words are followed by Inserting's)
    view_.last_step = "Built cluster " + std::to_string(k) + " (" + std::to_string(c.width) + "x" +
                    std::to_string(c.height) + " at " + std::to_string(c.x) + "," +
                    std::to_string(c.y) + "): " + std::to_string(building_->cluster_nodes(k).size()) +
                    " transition cells, " + std::to_string(building_->cluster_edges(k).size()) +
                    " intra edges.";
  if (view_.built < view_.to_build.size()) return;
  view_.phase = HpaPhase::Inserting;
  if (cache_) cache_->graph = graph_;
}

// [SECTION] Views

void HpaStarSearch::clear_path_index() {
  if (on_path_.empty()) on_path_.assign(static_cast<std::size_t>(level_->cell_count()), 0);
  for (const std::vector<Cell>* p : {&view_.refined_path, &view_.smoothed_path})
    for (Cell c : *p) on_path_[to_u32(level_->index(c))] = 0;
}

std::size_t HpaStarSearch::open_size() const { return abstract_->open.size(); }

NodeView HpaStarSearch::node(Cell c) const {
  if (!level_->in_bounds(c)) return {};
  const std::size_t i = to_u32(level_->index(c));
  if (const int id = abstract_->node_of(static_cast<std::uint32_t>(i), c, view_.abstract_nodes); id >= 0) {
    const HpaAbstractNode& n = view_.abstract_nodes[static_cast<std::size_t>(id)];
    if (n.state != NodeState::Unseen) {
      NodeView v{n.state, n.g, n.h, n.f, std::nullopt};
      if (n.parent >= 0) v.parent = view_.abstract_nodes[static_cast<std::size_t>(n.parent)].cell;
      return v;
    }
  }
  if (on_path_.empty() || on_path_[i] == 0) return {};
  const std::size_t at = static_cast<std::size_t>(on_path_[i] - 1);
  const double g = path_g_[at].value();
  NodeView v{NodeState::Closed, g, 0.0, g, std::nullopt};
  const std::vector<Cell>& p = view_.smoothed_path.empty() ? view_.refined_path : view_.smoothed_path;
  if (at > 0) v.parent = p[at - 1];
  return v;
}

std::optional<Cell> HpaStarSearch::last_taken() const {
  if (view_.phase == HpaPhase::Abstract && view_.last_node >= 0)
    return view_.abstract_nodes[static_cast<std::size_t>(view_.last_node)].cell;
  if (view_.last_leg >= 0 && !view_.refined_path.empty()) return view_.refined_path.back();
  if (view_.last_node >= 0) return view_.abstract_nodes[static_cast<std::size_t>(view_.last_node)].cell;
  return std::nullopt;
}

std::optional<Cell> HpaStarSearch::next_to_take() const {
  if (view_.phase != HpaPhase::Abstract || abstract_->open.empty() || finished(state_)) return std::nullopt;
  return view_.abstract_nodes[static_cast<std::size_t>(abstract_->open.top())].cell;
}

std::vector<Cell> HpaStarSearch::path() const {
  if (state_ != SearchState::Found) return {};
  return view_.smoothed_path.empty() ? view_.refined_path : view_.smoothed_path;
}

double HpaStarSearch::path_cost() const {
  return state_ == SearchState::Found ? cost_.value() : std::numeric_limits<double>::infinity();
}

std::vector<Cell> HpaStarSearch::path_to(Cell c) const {
  if (!level_->in_bounds(c)) return {};
  const std::size_t i = to_u32(level_->index(c));
  if (!on_path_.empty() && on_path_[i] > 0) {
    const std::vector<Cell>& p = view_.smoothed_path.empty() ? view_.refined_path : view_.smoothed_path;
    return {p.begin(), p.begin() + on_path_[i]};
  }
  int n = abstract_->node_of(static_cast<std::uint32_t>(i), c, view_.abstract_nodes);
  if (n < 0) return {};
  if (view_.abstract_nodes[static_cast<std::size_t>(n)].state == NodeState::Unseen) return {};
  std::vector<Cell> out;
  for (; n >= 0; n = view_.abstract_nodes[static_cast<std::size_t>(n)].parent)
    out.push_back(view_.abstract_nodes[static_cast<std::size_t>(n)].cell);
  std::reverse(out.begin(), out.end());
  return out;
}

// [SECTION] Rewind: restart and replay

void HpaStarSearch::set_recording(bool on) {
  recording_ = on;
  restart();
}

bool HpaStarSearch::step_back() {
  if (!can_step_back()) return false;
  seek(metrics_.expanded - 1);
  return true;
}

SearchState HpaStarSearch::run() {
  quiet_ = true;  // every step that ends the search still says what it did
  while (step() == SearchState::InProgress) {
  }
  quiet_ = false;
  return state_;
}

// Back: restart and replay, once however far (Search::seek would replay for every step back).
// Replayed steps are not told to the listener again, and only the step seeked to is put in words.
void HpaStarSearch::seek(std::int64_t iteration) {
  iteration = std::max<std::int64_t>(0, iteration);
  const std::int64_t told = metrics_.expanded;
  if (iteration < metrics_.expanded) {
    if (!can_step_back()) return;
    restart();
  }
  SearchListener* const listener = listener_;
  while (metrics_.expanded < iteration && !finished(state_)) {
    listener_ = metrics_.expanded < told ? nullptr : listener;
    quiet_ = metrics_.expanded + 1 < iteration;
    step();
  }
  listener_ = listener;
  quiet_ = false;
}

std::string HpaStarSearch::check_invariants() const {
  if (state_ == SearchState::Invalid) return {};
  if (view_.built > view_.to_build.size()) return "more clusters built than to build";
  for (std::size_t k = 0; k < view_.built; ++k)
    if (!graph_->built(view_.to_build[k])) return "cluster " + std::to_string(view_.to_build[k]) + " not built";
  for (const hpa::OpenHeap::Entry& e : abstract_->open.heap)
    if (view_.abstract_nodes[static_cast<std::size_t>(e.node)].state != NodeState::Open)
      return "an open-set entry is not open";
  std::int64_t closed = 0;
  for (const HpaAbstractNode& n : view_.abstract_nodes) closed += n.state == NodeState::Closed;
  if (closed != closed_) return "closed count differs";
  if (state_ == SearchState::Found) {
    const std::optional<double> c = astar::path_cost(*policy_, path());
    if (!c) return "the path has a step that is no move";
  }
  return {};
}

std::unique_ptr<Search> make_hpa_search(const Level& level, const MovementRules& rules,
                                        SearchOptions options, std::shared_ptr<HpaCache> cache,
                                        SearchListener* listener) {
  return std::make_unique<HpaStarSearch>(level, rules, options, listener, std::move(cache));
}

}  // namespace astar
