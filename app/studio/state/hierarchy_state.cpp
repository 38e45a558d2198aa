// HPA* in the studio (hierarchy_state.hpp): the graph kept across edits and timed, the Log's
// words, the optimal path beside HPA*'s.
#include "state/hierarchy_state.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string_view>

#include "astar/make_search.hpp"

namespace studio {

namespace {

std::string ms_text(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, ms < 10.0 ? "%.1f ms" : "%.0f ms", ms);
  return buf;
}

// Whether `g` can be brought up to date for `level` (as HpaStarSearch decides).
bool reusable(const astar::HpaGraph& g, const astar::Level& level, int size) {
  return g.rules() == level.rules() && g.cluster_size() == size &&
         g.level().width() == level.width() && g.level().height() == level.height() &&
         g.level().topology() == level.topology();
}

}  // namespace

std::string HierarchyBuild::text() const {
  if (!made) return "";
  const std::string n = std::to_string(clusters);
  if (full) return "Built all " + n + " clusters of the abstract graph in " + ms_text(ms) + ".";
  if (rebuilt.empty()) return "The abstract graph is up to date: no cluster to rebuild.";
  std::string s = "The edit rebuilt " + std::to_string(rebuilt.size()) + " of " + n +
                  " clusters (" + ms_text(ms);
  if (full_ms) s += "; a full build takes " + ms_text(*full_ms);
  return s + ").";
}

std::unique_ptr<astar::Search> HierarchyState::make(const astar::Level& level,
                                                    const astar::SearchOptions& o,
                                                    astar::SearchListener* listener) {
  words_.clear();
  build_ = HierarchyBuild{};
  const int size = std::clamp(o.cluster_size, astar::kHpaMinClusterSize, astar::kHpaMaxClusterSize);
  std::shared_ptr<const astar::HpaGraph> before = cache_->graph;
  if (before && !reusable(*before, level, size)) before.reset();
  // The search shown starts from the graph as it was: its Building phase is the rebuild.
  auto shown = std::make_shared<astar::HpaCache>();
  shown->graph = before;
  std::unique_ptr<astar::Search> s = astar::make_hpa_search(level, level.rules(), o, shown, listener);
  const astar::HpaView* v = s->hierarchy();
  if (!v || s->state() == astar::SearchState::Invalid) return s;

  using Clock = std::chrono::steady_clock;
  const Clock::time_point t0 = Clock::now();
  std::shared_ptr<astar::HpaGraph> g;
  if (before) {
    g = std::make_shared<astar::HpaGraph>(*before);
    g->update(level);
  } else {
    g = std::make_shared<astar::HpaGraph>(level, level.rules(), size);
    g->build_all();
  }
  const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  cache_->graph = g;
  if (!before) {
    full_ms_ = ms;
    full_size_ = size, full_w_ = level.width(), full_h_ = level.height();
  } else if (full_size_ != size || full_w_ != level.width() || full_h_ != level.height()) {
    full_ms_.reset();
  }
  build_.made = true;
  build_.full = !before;
  build_.rebuilt = v->to_build;
  build_.clusters = g->cluster_count();
  build_.ms = ms;
  build_.full_ms = full_ms_;
  return s;
}

std::string hierarchy_phase_text(const astar::HpaView& v) {
  using astar::HpaPhase;
  switch (v.phase) {
    case HpaPhase::Building:
      return "Building: " + std::to_string(v.built) + " of " + std::to_string(v.to_build.size()) +
             " clusters built";
    case HpaPhase::Inserting: return "Inserting: the start and the goal join their clusters";
    case HpaPhase::Abstract:
      return "Abstract: " + std::to_string(v.abstract_expanded) + " abstract nodes expanded";
    case HpaPhase::Refining: {
      const std::size_t legs = v.abstract_path.empty() ? 0 : v.abstract_path.size() - 1;
      return "Refining: " + std::to_string(v.last_leg + 1) + " of " + std::to_string(legs) +
             " abstract edges refined";
    }
    case HpaPhase::Smoothing: return "Smoothing: one A* inside the clusters the path crosses";
    case HpaPhase::Done: return "Done";
  }
  return "";
}

namespace {

int line_starting(const astar::PseudoCode& code, std::string_view words) {
  for (std::size_t i = 0; i < code.lines.size(); ++i) {
    const std::string& l = code.lines[i];
    const std::size_t first = l.find_first_not_of(' ');
    if (first != std::string::npos && std::string_view(l).substr(first).starts_with(words))
      return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

void hierarchy_code_position(const astar::HpaView& v, const astar::PseudoCode& code,
                             astar::CodePosition& at) {
  using astar::HpaPhase;
  if (at.line < 0) return;  // not following the search
  int line = -1;
  std::vector<astar::CodeVariable> vars;
  const bool abstract = v.phase == HpaPhase::Abstract;
  if (v.phase == HpaPhase::Building || (v.phase == HpaPhase::Inserting && v.last_cluster >= 0)) {
    line = line_starting(code, "build clusters");  // (Inserting is next: the last step built)
    if (v.last_cluster >= 0) vars.push_back({"cluster", std::to_string(v.last_cluster)});
    vars.push_back({"built", std::to_string(v.built) + " of " + std::to_string(v.to_build.size())});
  } else if (abstract && v.abstract_expanded == 0) {  // the last step inserted
    line = line_starting(code, "insert start");
  } else if (abstract || v.phase == HpaPhase::Inserting) {
    return;  // the abstract A*'s own line, or nothing done yet
  } else if (!v.abstract_path.empty()) {  // Refining, Smoothing, Done with a path
    line = line_starting(code, "if current = goal");
    if (v.last_leg >= 0)
      vars.push_back({"edge", std::to_string(v.last_leg + 1) + " of " +
                                  std::to_string(v.abstract_path.size() - 1)});
  }
  if (line < 0) return;
  at.line = line;
  at.variables = std::move(vars);
  at.note = v.last_step;
}

const HierarchyDrawing& HierarchyState::drawing(const astar::HpaGraph& graph) const {
  if (drawing_.stamp == graph.stamp()) return drawing_;
  drawing_ = {graph.stamp(), graph.clusters(), graph.entrances(), graph.nodes(), graph.edges()};
  return drawing_;
}

bool HierarchyState::rebuilt(int cluster) const {
  return build_.made && !build_.full &&
         std::binary_search(build_.rebuilt.begin(), build_.rebuilt.end(), cluster);
}

void HierarchyState::note_step(const astar::Search& search) {
  const astar::HpaView* v = search.hierarchy();
  const std::int64_t it = search.iterations();
  if (!v || it <= 0) return;
  const auto i = static_cast<std::size_t>(it - 1);
  if (words_.size() <= i) words_.resize(i + 1);
  words_[i] = v->last_step;
}

std::vector<std::string> HierarchyState::words(const astar::Search& search) const {
  const auto n = static_cast<std::size_t>(std::max<std::int64_t>(search.iterations(), 0));
  std::vector<std::string> out(words_.begin(), words_.begin() + std::min(n, words_.size()));
  out.resize(n);
  return out;
}

const OptimalPath& HierarchyState::optimal(const astar::Search& search,
                                           std::uint64_t generation) const {
  if (optimal_generation_ == generation) return optimal_;
  if (search.state() != astar::SearchState::Found) return optimal_ = OptimalPath{};
  optimal_generation_ = generation;
  astar::SearchOptions o = search.options();
  o.algorithm = astar::Algorithm::AStar;
  o.heuristic = astar::default_heuristic(search.level().topology());
  o.weight = 1.0;
  o.max_iterations = 0;
  o.partial_path = false;
  std::unique_ptr<astar::Search> a = astar::make_search(search.level(), o);
  a->run();
  optimal_ = OptimalPath{};
  optimal_.expanded = a->metrics().expanded;
  if (a->state() != astar::SearchState::Found) return optimal_;
  optimal_.found = true;
  optimal_.cells = a->path();
  optimal_.cost = a->path_cost();
  return optimal_;
}

}  // namespace studio
