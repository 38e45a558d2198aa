// Watching CBS plan (cbs_watch.hpp): stepping and taking back, breakpoints, the node shown and
// its views, the time slider over its plans, and the status text.
#include "state/cbs_watch.hpp"

#include <algorithm>
#include <utility>

#include "astar/format.hpp"
#include "state/text.hpp"

namespace studio {

using astar::Cell;

std::string_view to_string(CbsStep s) {
  switch (s) {
    case CbsStep::Iteration: return "iteration";
    case CbsStep::Search: return "search";
    case CbsStep::Node: return "node";
  }
  return "?";
}

std::optional<std::uint32_t> default_cbs_node(const astar::CbsPlanner& p) {
  if (auto n = p.expanding()) return n;
  if (auto n = p.solution()) return n;
  if (auto n = p.best_open()) return n;
  if (auto n = p.searching_node()) return n;
  if (!p.nodes().empty()) return 0u;
  return std::nullopt;
}

CbsWatch::CbsWatch() = default;
CbsWatch::~CbsWatch() = default;

astar::Status CbsWatch::start(const astar::Level& level, const astar::CbsOptions& options) {
  stop();
  auto made = astar::CbsPlanner::make(level, level.rules(), options);
  if (!made) return astar::Error{made.error()};
  planner_ = std::make_unique<astar::CbsPlanner>(std::move(made).value());
  refresh();
  return astar::Ok{};
}

void CbsWatch::stop() {
  planner_.reset();
  undo_.clear();
  furthest_ = 0;
  chosen_.reset();
  shown_.reset();
  plans_.clear();
  constraints_.clear();
  conflicts_.clear();
  tick_ = 0;
  picking_cell = false;
  comparison.clear();
}

// [SECTION] Stepping

bool CbsWatch::step(CbsStep s) {
  if (!planner_ || planner_->done()) return false;
  const std::int64_t before = planner_->iterations();
  bool moved = false;
  switch (s) {
    case CbsStep::Iteration: moved = planner_->step(); break;
    case CbsStep::Search: moved = planner_->step_search(); break;
    case CbsStep::Node: moved = planner_->step_node(); break;
  }
  if (planner_->iterations() != before) undo_.push_back(before);
  note_furthest();
  refresh();
  return moved;
}

bool CbsWatch::back() {
  if (!planner_) return false;
  const std::int64_t now = planner_->iterations();
  while (!undo_.empty() && undo_.back() >= now) undo_.pop_back();  // a seek went back past them
  std::int64_t to = now - 1;
  if (!undo_.empty()) {
    to = undo_.back();
    undo_.pop_back();
  }
  if (to < 0) return false;
  planner_->seek(to);
  refresh();
  return true;
}

void CbsWatch::seek(std::int64_t iteration) {
  if (!planner_) return;
  planner_->seek(std::max<std::int64_t>(0, iteration));
  note_furthest();
  refresh();
}

void CbsWatch::to_end() {
  if (!planner_ || planner_->done()) return;
  undo_.push_back(planner_->iterations());
  planner_->run();
  note_furthest();
  refresh();
}

bool CbsWatch::run_to_break() {
  if (!planner_ || planner_->done() || !breaks.any()) return false;
  const std::int64_t before = planner_->iterations();
  const std::size_t made_before = planner_->nodes().size();
  const bool hit = planner_->run_to(astar::CbsBreak{breaks.conflict_at, breaks.cost_above});
  if (planner_->iterations() != before) undo_.push_back(before);
  if (hit && breaks.cost_above) {  // show the node that went over, if that was the break
    const std::vector<astar::CbsNode>& nodes = planner_->nodes();
    for (std::size_t i = nodes.size(); i-- > made_before;)
      if (nodes[i].state != astar::CbsNodeState::Searching && nodes[i].cost.value() > *breaks.cost_above) {
        chosen_ = static_cast<std::uint32_t>(i);
        break;
      }
  }
  note_furthest();
  refresh();
  return hit;
}

std::int64_t CbsWatch::iteration() const { return planner_ ? planner_->iterations() : 0; }
bool CbsWatch::done() const { return planner_ && planner_->done(); }

void CbsWatch::note_furthest() { furthest_ = std::max(furthest_, iteration()); }

void CbsWatch::pick_cell(Cell c) {
  breaks.conflict_at = c;
  picking_cell = false;
}

// [SECTION] The node shown

void CbsWatch::select(std::optional<std::uint32_t> node) {
  chosen_ = node;
  refresh();
}

void CbsWatch::refresh() {
  plans_.clear();
  constraints_.clear();
  conflicts_.clear();
  if (!planner_) return;
  if (chosen_ && *chosen_ >= planner_->nodes().size()) chosen_.reset();  // undone by a step back
  shown_ = chosen_ ? chosen_ : default_cbs_node(*planner_);
  plans_ = shown_ ? planner_->plans_of(*shown_) : planner_->plans();
  if (shown_) constraints_ = planner_->constraints_of(*shown_);
  // A plan not made yet (its unit's search under way, or no plan at a dead end) is its start.
  const std::vector<astar::Unit>& units = planner_->level().units;
  plans_.resize(units.size());
  for (std::size_t i = 0; i < plans_.size(); ++i)
    if (plans_[i].cells.empty()) plans_[i].cells.push_back(units[i].start);
  conflicts_ = astar::find_conflicts(plans_);
  tick_ = std::min(tick_, last_tick());
}

std::string CbsWatch::node_text() const {
  return planner_ && shown_ ? planner_->node_text(*shown_) : std::string();
}

// [SECTION] The time slider

std::size_t CbsWatch::last_tick() const {
  std::size_t last = 0;
  for (const astar::UnitPlan& p : plans_) last = std::max(last, p.cells.size() - 1);
  return last;
}

void CbsWatch::set_tick(std::size_t t) { tick_ = std::min(t, last_tick()); }

bool CbsWatch::step_tick(int ticks) {
  const std::size_t before = tick_;
  if (ticks < 0) tick_ -= std::min(tick_, static_cast<std::size_t>(-static_cast<long long>(ticks)));
  else set_tick(tick_ + static_cast<std::size_t>(ticks));
  return tick_ != before;
}

std::vector<Cell> CbsWatch::positions() const {
  std::vector<Cell> out;
  out.reserve(plans_.size());
  for (const astar::UnitPlan& p : plans_) out.push_back(p.at(tick_));
  return out;
}

std::vector<astar::Conflict> CbsWatch::conflicts_now() const {
  std::vector<astar::Conflict> out;
  for (const astar::Conflict& c : conflicts_)
    if (c.tick == tick_) out.push_back(c);
  return out;
}

// [SECTION] Words

namespace {

std::string cost_text(astar::ExactCost c) { return astar::number_text(c.value()); }

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "; 9 tree nodes, 3 open, best 4 (cost 24)"
std::string tree_words(const astar::CbsPlanner& p) {
  std::string out = "; " + plural(p.nodes().size(), "tree node", "tree nodes");
  const std::size_t open = p.open_nodes().size();
  out += ", " + std::to_string(open) + " open";
  if (const auto best = p.best_open())
    out += ", best " + std::to_string(*best) + " (cost " + cost_text(p.nodes()[*best].cost) + ")";
  return out;
}

// "; searching unit 1 for node 2 (1 constraint on it): 9 nodes, 4 open"
std::string search_words(const astar::CbsPlanner& p) {
  const std::optional<std::size_t> unit = p.searching_unit();
  if (!unit) return {};
  std::string out = "; searching unit " + std::to_string(*unit);
  if (const auto n = p.searching_node()) {
    const std::vector<astar::CbsConstraint> all = p.constraints_of(*n);
    const auto mine = static_cast<std::size_t>(
        std::count_if(all.begin(), all.end(), [&](const astar::CbsConstraint& c) { return c.unit == *unit; }));
    out += " for node " + std::to_string(*n) + " (" + plural(mine, "constraint", "constraints") + " on it)";
  }
  if (const astar::SpaceTimeSearch* s = p.search())
    out += ": " + plural(s->nodes().size(), "node", "nodes") + ", " + std::to_string(s->open_size()) + " open";
  return out;
}

}  // namespace

std::string CbsWatch::status_text() const {
  if (!planner_) return {};
  const astar::CbsPlanner& p = *planner_;
  const std::string it = std::to_string(p.iterations());
  if (p.done()) {
    std::string out = "CBS: ";
    if (p.outcome() == astar::CbsOutcome::Solved)
      out += "solved after " + it + " iterations, node " + std::to_string(p.solution().value_or(0)) +
             ", sum of costs " + cost_text(p.cost());
    else
      out += std::string(astar::to_string(p.outcome())) + " after " + it + " iterations: " + p.failure();
    return out + "; " + plural(p.nodes_made(), "tree node", "tree nodes") + ", " +
           std::to_string(p.nodes_expanded()) + " expanded, " +
           plural(p.low_level_searches(), "low-level search", "low-level searches");
  }
  std::string out = "CBS: iteration " + it;
  if (const auto e = p.expanding()) {
    const astar::CbsNode& n = p.nodes()[*e];
    out += ", splitting node " + std::to_string(*e) + " (cost " + cost_text(n.cost) + ")";
    if (n.conflict) out += " at " + astar::conflict_text(*n.conflict);
  }
  return out + search_words(p) + tree_words(p);
}

// [SECTION] The sidecar

namespace {

std::string id_json(std::optional<std::uint32_t> id) { return id ? std::to_string(*id) : "null"; }

std::string cells_json(const std::vector<Cell>& cells) {
  std::string out = "[";
  for (std::size_t i = 0; i < cells.size(); ++i)
    out += (i ? ", [" : "[") + std::to_string(cells[i].x) + ", " + std::to_string(cells[i].y) + "]";
  return out + "]";
}

std::string constraints_json(const std::vector<astar::CbsConstraint>& cs) {
  std::string out = "[";
  for (std::size_t i = 0; i < cs.size(); ++i) {
    const astar::CbsConstraint& c = cs[i];
    out += (i ? ", [" : "[") + std::to_string(c.unit) + ", " + std::to_string(c.cell.x) + ", " +
           std::to_string(c.cell.y) + ", " + std::to_string(c.tick) + ", " +
           (c.kind == astar::CbsConstraint::Kind::Edge ? "\"edge\"" : "\"vertex\"") + "]";
  }
  return out + "]";
}

}  // namespace

std::string cbs_sidecar_json(const CbsWatch& w) {
  if (!w.active()) return "null";
  const astar::CbsPlanner& p = *w.planner();
  const auto shown = w.shown_node();
  const auto unit = p.searching_unit();
  std::string j = "{\"iteration\": " + std::to_string(p.iterations()) + ", \"furthest\": " + std::to_string(w.furthest());
  j += std::string(", \"done\": ") + (p.done() ? "true" : "false") + ", \"outcome\": " + json_string(astar::to_string(p.outcome()));
  j += ", \"nodes\": " + std::to_string(p.nodes().size()) + ", \"open\": " + std::to_string(p.open_nodes().size());
  j += ", \"best_open\": " + id_json(p.best_open()) + ", \"expanding\": " + id_json(p.expanding());
  j += ", \"solution\": " + id_json(p.solution()) + ", \"searching_unit\": " + (unit ? std::to_string(*unit) : "null");
  j += ", \"shown\": " + id_json(shown) + ", \"chosen\": " + id_json(w.chosen());
  j += ", \"shown_cost\": " + (shown ? astar::number_text(p.nodes()[*shown].cost.value()) : std::string("null"));
  j += ", \"shown_state\": " + (shown ? json_string(astar::to_string(p.nodes()[*shown].state)) : std::string("null"));
  j += ", \"constraints\": " + constraints_json(w.constraints()) + ", \"conflicts\": " + std::to_string(w.conflicts().size());
  j += ", \"tick\": " + std::to_string(w.tick()) + ", \"last_tick\": " + std::to_string(w.last_tick());
  j += ", \"positions\": " + cells_json(w.positions()) + ", \"conflicts_now\": " + std::to_string(w.conflicts_now().size());
  j += ", \"log_lines\": " + std::to_string(p.log().size()) + ", \"log_last\": " + json_string(p.log().empty() ? std::string() : p.log().back());
  const std::optional<Cell> at = w.breaks.conflict_at;
  j += ", \"break_cell\": " + (at ? "[" + std::to_string(at->x) + ", " + std::to_string(at->y) + "]" : std::string("null"));
  j += ", \"compare\": ";
  if (w.comparison.ran()) {
    const auto& sides = w.comparison.sides();
    j += "{\"split\": [" + std::to_string(sides[0].result.nodes_expanded) + ", " +
         std::to_string(sides[1].result.nodes_expanded) + "], \"summary\": " +
         json_string(w.comparison.summary()) + "}";
  } else {
    j += "null";
  }
  return j + ", \"status\": " + json_string(w.status_text()) + "}";
}

}  // namespace studio
