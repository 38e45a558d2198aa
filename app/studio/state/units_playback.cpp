// Play units (units_playback.hpp): planning with the chosen planner, repairing the flow fields
// after cell edits, the time slider, and watching a planner plan.
#include "state/units_playback.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "astar/flow_plans.hpp"

namespace studio {

using astar::Cell;

std::string_view to_string(UnitsPlanner p) {
  switch (p) {
    case UnitsPlanner::FlowField: return "flow-field";
    case UnitsPlanner::CaStar: return "ca-star";
    case UnitsPlanner::WhcaStar: return "whca-star";
    case UnitsPlanner::Cbs: return "cbs";
  }
  return "?";
}

std::string_view planner_label(UnitsPlanner p) {
  switch (p) {
    case UnitsPlanner::FlowField: return "Flow field";
    case UnitsPlanner::CaStar: return "CA*";
    case UnitsPlanner::WhcaStar: return "WHCA*";
    case UnitsPlanner::Cbs: return "CBS";
  }
  return "?";
}

std::optional<UnitsPlanner> parse_units_planner(std::string_view name) {
  for (UnitsPlanner p : kUnitsPlanners)
    if (to_string(p) == name) return p;
  return std::nullopt;
}

// One flow field per distinct goal, kept between plans so that edits repair it.
struct UnitsPlayback::GoalField {
  Cell goal;
  astar::FlowField field;
};

UnitsPlayback::UnitsPlayback() = default;
UnitsPlayback::~UnitsPlayback() = default;

// [SECTION] Settings

void UnitsPlayback::show(UnitsPlanner p) {
  if (!given_.empty()) given_.clear(), edited_everything();  // the planner's plans again
  if (planner_ != p) edited_everything();
  stop_watching();
  planner_ = p;
  shown_ = true;
  stale_ = stale_ || !planned_;
  tick_ = 0;
  playing = false;
}

void UnitsPlayback::hide() {
  shown_ = false;
  playing = false;
  stop_watching();
}

void UnitsPlayback::set_window(std::uint32_t w) {
  w = std::clamp<std::uint32_t>(w, 2, astar::kMaxWindow);
  if (w == window_) return;
  window_ = w;
  stale_ = true;
  stop_watching();
}

void UnitsPlayback::set_horizon(std::optional<std::uint32_t> h) {
  if (h == horizon_) return;
  horizon_ = h;
  stale_ = true;
}

void UnitsPlayback::set_cbs_choice(astar::CbsConflictChoice c) {
  if (c == cbs_choice_) return;
  cbs_choice_ = c;
  stale_ = true;
  stop_watching();
}

void UnitsPlayback::set_cbs_max_nodes(std::uint64_t n) {
  n = std::clamp<std::uint64_t>(n, 1, astar::kMaxCbsNodes);
  if (n == cbs_max_nodes_) return;
  cbs_max_nodes_ = n;
  stale_ = true;
  stop_watching();
}

astar::CbsOptions UnitsPlayback::cbs_options() const {
  astar::CbsOptions o;
  o.choice = cbs_choice_;
  o.max_nodes = cbs_max_nodes_;
  return o;
}

void UnitsPlayback::open_level(const astar::Level& level) {
  given_.clear();
  edited_everything();
  planned_ = false;
  plans_.clear();
  tick_ = 0;
  playing = false;
  shown_ = false;
  focus_unit = 0;
  const std::optional<astar::UnitsPlanPreset>& p = level.units_plan;
  if (!p) return;
  if (const std::optional<UnitsPlanner> planner = parse_units_planner(p->algorithm)) planner_ = *planner;
  if (p->window) window_ = *p->window;
  horizon_ = p->horizon;
  shown_ = true;
}

void UnitsPlayback::edited(Cell c) {
  stale_ = true;
  stop_watching();
  if (!all_edited_) edits_.push_back(c);
}

void UnitsPlayback::edited_everything() {
  stale_ = true;
  stop_watching();
  all_edited_ = true;
  edits_.clear();
  fields_.clear();  // they point into the level, which may be another now
}

// [SECTION] Planning

void UnitsPlayback::update(double dt, const astar::Level& level) {
  if (!shown_) return;
  if (stale_) plan(level);
  if (!playing) {
    carry_ = 0.0;
    return;
  }
  carry_ += dt * std::clamp(ticks_per_second, 0.5, 60.0);
  while (carry_ >= 1.0 && playing) {
    carry_ -= 1.0;
    if (!step(1)) playing = false;
  }
}

void UnitsPlayback::plan(const astar::Level& level) {
  if (!given_.empty()) return plan_given(level);
  stale_ = false;
  error_.clear();
  failures_.clear();
  const astar::Status made = planner_ == UnitsPlanner::FlowField ? plan_flow(level)
                             : planner_ == UnitsPlanner::Cbs     ? plan_cbs(level)
                                                                 : plan_cooperative(level);
  all_edited_ = false;
  edits_.clear();
  planned_ = made.ok();
  if (!planned_) {
    error_ = made.error();
    plans_.clear();
    conflicts_.clear();
    stats_ = {};
    fields_.clear();
    all_edited_ = true;
    return;
  }
  goals_.clear();
  for (const astar::Unit& u : level.units) goals_.push_back(u.goal);
  conflicts_ = astar::find_conflicts(plans_);
  stats_ = astar::plan_stats(plans_, goals_);
  tick_ = std::min(tick_, last_tick());
  focus_unit = std::min(focus_unit, plans_.empty() ? 0 : plans_.size() - 1);
}

astar::Status UnitsPlayback::plan_flow(const astar::Level& level) {
  if (level.units.empty()) return astar::Error{"the level has no units"};
  if (std::string why = level.check_units(); !why.empty()) return astar::Error{why};
  // Repair the fields kept (cell edits only), or make them anew.
  std::size_t repaired = 0;
  if (!all_edited_ && !fields_.empty()) {
    for (auto& f : fields_) {
      if (!f->field.repair(edits_)) {
        fields_.clear();
        break;
      }
      ++repaired;
    }
  } else {
    fields_.clear();
  }
  if (fields_.empty()) repaired = 0;
  plans_.assign(level.units.size(), {});
  std::size_t made = 0;
  for (std::size_t i = 0; i < level.units.size(); ++i) {
    const Cell goal = level.units[i].goal;
    auto it = std::find_if(fields_.begin(), fields_.end(), [&](const auto& f) { return f->goal == goal; });
    if (it == fields_.end()) {
      auto field = astar::FlowField::make(level, level.rules(), {goal});
      if (!field) return astar::Error{field.error()};
      field.value().run();
      fields_.push_back(std::make_unique<GoalField>(GoalField{goal, std::move(field).value()}));
      it = fields_.end() - 1;
      ++made;
    }
    plans_[i] = astar::flow_plan((*it)->field, level.units[i].start);
  }
  how_ = repaired > 0 ? "repaired " + std::to_string(repaired) + (repaired == 1 ? " flow field" : " flow fields")
                      : "made " + std::to_string(made) + (made == 1 ? " flow field" : " flow fields");
  return astar::Ok{};
}

namespace {

astar::CooperativeOptions cooperative_options(UnitsPlanner p, std::uint32_t window,
                                              std::optional<std::uint32_t> horizon) {
  astar::CooperativeOptions o;
  o.algorithm = p == UnitsPlanner::CaStar ? astar::CooperativeAlgorithm::CaStar
                                          : astar::CooperativeAlgorithm::WhcaStar;
  o.window = window;
  o.horizon = horizon;
  return o;
}

}  // namespace

astar::Status UnitsPlayback::plan_cooperative(const astar::Level& level) {
  fields_.clear();
  auto r = astar::plan_cooperative(level, level.rules(), cooperative_options(planner_, window_, horizon_));
  if (!r) return astar::Error{r.error()};
  plans_ = std::move(r.value().plans);
  failures_ = std::move(r.value().failures);
  how_ = "planned " + std::to_string(r.value().iterations) + " space-time nodes";
  return astar::Ok{};
}

// CBS: the plans of the solution, or its failure in words (a budget, a unit with no way).
astar::Status UnitsPlayback::plan_cbs(const astar::Level& level) {
  fields_.clear();
  astar::CbsOptions o = cbs_options();
  o.max_seconds = kCbsPlaySeconds;
  auto r = astar::plan_cbs(level, level.rules(), o);
  if (!r) return astar::Error{r.error()};
  if (r.value().outcome != astar::CbsOutcome::Solved) return astar::Error{r.value().failure};
  plans_ = std::move(r.value().plans);
  how_ = "expanded " + std::to_string(r.value().nodes_expanded) + " tree nodes, " +
         std::to_string(r.value().low_level_searches) + " low-level searches";
  return astar::Ok{};
}

// [SECTION] The time slider and the views

std::size_t UnitsPlayback::last_tick() const {
  std::size_t last = 0;
  for (const astar::UnitPlan& p : plans_) last = std::max(last, p.cells.size() - 1);
  return last;
}

void UnitsPlayback::set_tick(std::size_t t) { tick_ = std::min(t, last_tick()); }

bool UnitsPlayback::step(int ticks) {
  const std::size_t before = tick_;
  if (ticks < 0) tick_ -= std::min(tick_, static_cast<std::size_t>(-static_cast<long long>(ticks)));
  else set_tick(tick_ + static_cast<std::size_t>(ticks));
  return tick_ != before;
}

std::vector<Cell> UnitsPlayback::positions() const {
  std::vector<Cell> out;
  out.reserve(plans_.size());
  for (const astar::UnitPlan& p : plans_) out.push_back(p.at(tick_));
  return out;
}

std::vector<astar::Conflict> UnitsPlayback::conflicts_now() const {
  std::vector<astar::Conflict> out;
  for (const astar::Conflict& c : conflicts_)
    if (c.tick == tick_) out.push_back(c);
  return out;
}

std::vector<std::pair<std::size_t, std::size_t>> UnitsPlayback::holds(Cell c) const {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < plans_.size(); ++i)
    for (std::size_t t = 0; t < plans_[i].cells.size(); ++t)
      if (plans_[i].cells[t] == c) out.emplace_back(i, t);
  return out;
}

std::string UnitsPlayback::summary() const {
  const std::string who = given_.empty() ? std::string(planner_label(planner_)) : given_;
  if (!error_.empty()) return who + ": " + error_;
  if (!planned_) return who + ": not planned yet";
  return who + ": " + std::to_string(plans_.size()) + " units, " +
         std::to_string(stats_.arrived) + " arrived, sum of costs " + std::to_string(stats_.sum_of_costs) +
         ", makespan " + std::to_string(stats_.makespan) + ", " + std::to_string(conflicts_.size()) +
         (conflicts_.size() == 1 ? " conflict" : " conflicts");
}

const astar::FlowField* UnitsPlayback::field() const {
  if (planner_ != UnitsPlanner::FlowField || !planned_ || focus_unit >= goals_.size()) return nullptr;
  for (const auto& f : fields_)
    if (f->goal == goals_[focus_unit]) return &f->field;
  return nullptr;
}

std::string UnitsPlayback::link_query() const {
  if (!shown_) return {};
  std::string q = "&units=" + std::string(to_string(planner_));
  if (planner_ == UnitsPlanner::WhcaStar) q += "&window=" + std::to_string(window_);
  if (planner_ == UnitsPlanner::Cbs && cbs_choice_ == astar::CbsConflictChoice::First) q += "&cbs-choice=first";
  if (cbs_.active()) {
    q += "&cbs-nodes=0&watch-steps=" + std::to_string(cbs_.iteration());
    if (cbs_.chosen()) q += "&cbs-select=" + std::to_string(*cbs_.chosen());
    return q + "&tick=" + std::to_string(cbs_.tick());
  }
  if (watcher_) q += "&watch-steps=" + std::to_string(watcher_->iterations());
  return q + "&tick=" + std::to_string(tick_);
}

// [SECTION] Watching a cooperative planner

bool UnitsPlayback::watch(const astar::Level& level) {
  stop_watching();
  if (!given_.empty()) {
    error_ = "a plan opened from a file is not planned here: choose a planner to watch one plan";
    return false;
  }
  if (planner_ == UnitsPlanner::FlowField) {
    error_ = "a flow field is not planned unit by unit: choose CA*, WHCA* or CBS to watch it plan";
    return false;
  }
  if (planner_ == UnitsPlanner::Cbs) {
    const astar::Status s = cbs_.start(level, cbs_options());
    if (!s) error_ = s.error();
    else playing = false;
    return s.ok();
  }
  auto made = astar::CooperativePlanner::make(level, level.rules(), cooperative_options(planner_, window_, horizon_));
  if (!made) {
    error_ = made.error();
    return false;
  }
  watcher_ = std::make_unique<astar::CooperativePlanner>(std::move(made).value());
  playing = false;
  return true;
}

void UnitsPlayback::stop_watching() {
  watcher_.reset();
  cbs_.stop();
}

bool UnitsPlayback::watch_step_node() {
  if (cbs_.active()) return cbs_.step(CbsStep::Iteration);
  return watcher_ && watcher_->step();
}

bool UnitsPlayback::watch_step_unit() {
  if (cbs_.active()) return cbs_.step(CbsStep::Search);
  return watcher_ && watcher_->step_unit();
}

bool UnitsPlayback::watch_step_back() {
  if (cbs_.active()) return cbs_.back();
  return watcher_ && watcher_->step_back();
}

void UnitsPlayback::watch_to_end() {
  if (cbs_.active()) cbs_.to_end();
  if (watcher_) watcher_->run();
}

std::string UnitsPlayback::watch_text() const {
  if (cbs_.active()) return cbs_.status_text();
  if (!watcher_) return {};
  const astar::CooperativePlanner& w = *watcher_;
  const std::string who(planner_label(planner_));
  const std::string it = std::to_string(w.iterations());
  if (w.done())
    return who + ": done after " + it + " iterations, " + std::to_string(w.unit_steps()) + " unit plans, " +
           std::to_string(w.failures().size()) + " failures";
  std::string out = who + ": iteration " + it;
  if (w.planning()) {
    out += ", planning unit " + std::to_string(*w.planning());
    if (w.options().algorithm == astar::CooperativeAlgorithm::WhcaStar)
      out += " in the window from t = " + std::to_string(w.window_start());
    if (const astar::SpaceTimeSearch* s = w.search())
      out += ": " + std::to_string(s->nodes().size()) + " nodes, " + std::to_string(s->open_size()) + " open";
  }
  const astar::ReservationTable& t = w.reservations();
  out += "; the table holds " + std::to_string(t.vertex_count()) + " cells and ticks, " +
         std::to_string(t.park_count()) + (t.park_count() == 1 ? " unit parked" : " units parked");
  return out;
}

// [SECTION] Plans given from outside (a plan file, opened_plan.hpp)

void UnitsPlayback::show_given(std::vector<astar::UnitPlan> plans, std::string name) {
  stop_watching();
  fields_.clear();
  plans_ = std::move(plans);
  given_ = std::move(name);
  shown_ = true;
  stale_ = true;
  planned_ = false;
  tick_ = 0;
  playing = false;
}

void UnitsPlayback::plan_given(const astar::Level& level) {
  stale_ = false;
  error_.clear();
  failures_.clear();
  all_edited_ = true;
  edits_.clear();
  how_ = "opened " + given_;
  planned_ = plans_.size() == level.units.size();
  if (!planned_) {
    error_ = "the plan has " + std::to_string(plans_.size()) + " units, the level " + std::to_string(level.units.size());
    return;
  }
  goals_.clear();
  for (const astar::Unit& u : level.units) goals_.push_back(u.goal);
  conflicts_ = astar::find_conflicts(plans_);
  stats_ = astar::plan_stats(plans_, goals_);
  tick_ = std::min(tick_, last_tick());
  focus_unit = 0;
}

}  // namespace studio
