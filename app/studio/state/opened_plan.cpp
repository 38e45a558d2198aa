// A plan from another program opened on the level (opened_plan.hpp): reading, checking and the
// optimum; Studio's open_plan, close_plan, select_plan_finding and the check after edits.
#include "state/opened_plan.hpp"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <sstream>
#include <utility>

#include "astar/cbs.hpp"
#include "astar/format.hpp"
#include "state/studio.hpp"
#include "state/text.hpp"

namespace studio {

namespace fs = std::filesystem;

namespace {

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

// [SECTION] The plan held

std::string OpenedPlan::file_name() const { return fs::path(path).filename().string(); }

std::string OpenedPlan::title() const {
  return "Plan: " + file_name() + " (" + std::string(astar::plan_format_label(format)) + ", " +
         plural(plans.size(), "unit", "units") + ", " + plural(report.ticks, "tick", "ticks") + ")";
}

std::string OpenedPlan::summary() const {
  const astar::PlanStats& s = report.stats;
  std::string out = "sum of costs " + std::to_string(s.sum_of_costs) + ", makespan " + std::to_string(s.makespan) +
                    " (" + std::to_string(s.arrived) + " of " + plural(plans.size(), "unit arrives", "units arrive") +
                    "); optimum: ";
  if (!optimum) return out + optimum_note;
  return out + "sum of costs " + std::to_string(optimum->sum_of_costs) + ", makespan " +
         std::to_string(optimum->makespan) + " (" + optimum_note + ")";
}

astar::Status OpenedPlan::check(const astar::Level& level) {
  selected.reset();
  optimum = plan_optimum(level, optimum_note);
  auto r = astar::check_plans(level, level.rules(), plans, {.optimum = optimum});
  if (!r) return astar::Error{path + ": " + r.error()};
  report = std::move(r).value();
  return astar::Ok{};
}

astar::Result<OpenedPlan> read_opened_plan(const std::string& path, const astar::Level& level) {
  if (level.units.empty())
    return astar::Error{path + ": the level has no units to play it with (place them with the Unit tool, or "
                               "open a level with \"units\", or a MovingAI map with --scen FILE --agents K)"};
  std::vector<astar::Cell> starts;
  for (const astar::Unit& u : level.units) starts.push_back(u.start);
  astar::PlanReadOptions options;
  options.units = level.units.size();
  options.units_note = "the level's units";
  options.starts = starts;
  auto read = astar::load_plans(path, options);
  if (!read) return astar::Error{read.error()};
  OpenedPlan plan;
  plan.path = path;
  plan.format = read.value().format;
  plan.plans = std::move(read.value().plans);
  if (astar::Status s = plan.check(level); !s) return astar::Error{s.error()};
  return plan;
}

// [SECTION] The optimum

std::optional<astar::PlanOptimum> plan_optimum(const astar::Level& level, std::string& note) {
  const astar::KnownOptimum k =
      astar::cbs_optimum(level, {.max_nodes = kPlanOptimumNodes, .max_seconds = kPlanOptimumSeconds});
  note = k.note;
  return k.value;
}

// [SECTION] The sidecar

std::string plan_sidecar_json(const Studio& studio) {
  const OpenedPlan* p = studio.opened_plan();
  if (!p) return "null";
  const astar::PlanCheckReport& r = p->report;
  std::ostringstream j;
  j << "{\"file\": " << json_string(p->path) << ", \"format\": " << json_string(astar::to_string(p->format))
    << ", \"units\": " << p->plans.size() << ", \"ticks\": " << r.ticks << ", \"sum_of_costs\": "
    << r.stats.sum_of_costs << ", \"makespan\": " << r.stats.makespan << ", \"optimum\": ";
  if (p->optimum) j << "{\"sum_of_costs\": " << p->optimum->sum_of_costs << ", \"makespan\": " << p->optimum->makespan << "}";
  else j << "null";
  j << ", \"findings\": " << r.total() << ", \"kinds\": {";
  bool first = true;
  for (std::size_t k = 0; k < r.counts.size(); ++k) {
    if (r.counts[k] == 0) continue;
    j << (first ? "" : ", ") << json_string(astar::to_string(static_cast<astar::PlanFindingKind>(k))) << ": " << r.counts[k];
    first = false;
  }
  const auto finding = [&j](const astar::PlanFinding& f) {
    j << "{\"kind\": " << json_string(astar::to_string(f.kind)) << ", \"tick\": " << f.tick << ", \"cell\": ["
      << f.cell.x << ", " << f.cell.y << "], \"text\": " << json_string(f.text) << "}";
  };
  j << "}, \"list\": [";  // the first 100
  for (std::size_t i = 0; i < r.findings.size() && i < 100; ++i) {
    j << (i ? ", " : "");
    finding(r.findings[i]);
  }
  j << "], \"selected\": ";
  if (p->selected) finding(r.findings[*p->selected]);
  else j << "null";
  j << "}";
  return j.str();
}

// [SECTION] Studio: opening, closing, a finding, edits

astar::Status Studio::open_plan(const std::string& path) {
  auto read = read_opened_plan(path, level());
  if (!read) {
    status = "Plan not opened: " + read.error();
    return astar::Error{read.error()};
  }
  plan_ = std::make_unique<OpenedPlan>(std::move(read).value());
  plan_edited_ = false;
  units_playback.show_given(plan_->plans, plan_->file_name());
  units_playback.update(0.0, level());
  const std::size_t n = plan_->report.total();
  status = "Opened plan " + path + " (" + std::string(astar::plan_format_label(plan_->format)) + "): " +
           (n == 0 ? std::string("no findings") : plural(n, "finding", "findings") + ", the first: " +
                                                      plan_->report.findings.front().text) +
           "; " + plan_->summary();
  return astar::Ok{};
}

void Studio::close_plan() {
  if (!plan_) return;
  const std::string name = plan_->file_name();
  plan_.reset();
  if (!units_playback.given().empty()) units_playback.hide();
  status = "Closed the plan " + name;
}

void Studio::select_plan_finding(std::size_t index) {
  if (!plan_) return;
  if (index >= plan_->report.findings.size()) {
    status = "No finding " + astar::count_text(index + 1) + ": the check listed " +
             astar::count_text(plan_->report.findings.size());
    return;
  }
  const astar::PlanFinding& f = plan_->report.findings[index];
  units_playback.update(0.0, level());  // planned, so the tick is not clamped to 0
  units_playback.playing = false;
  units_playback.set_tick(f.tick);
  plan_->selected = index;
  status = "Finding at t = " + std::to_string(f.tick) + (f.unit ? ", " + astar::cell_text(f.cell) : std::string()) +
           ": " + f.text;
}

void Studio::update_plan() {
  if (!plan_) return;
  if (units_playback.given() != plan_->file_name()) {  // a planner chosen in Play units
    plan_.reset();
    return;
  }
  if (!plan_edited_ || editor().in_group()) return;  // a brush stroke: checked once it ends
  plan_edited_ = false;
  if (level().units.size() != plan_->plans.size()) {
    status = "Closed the plan " + plan_->file_name() + ": it has " + plural(plan_->plans.size(), "unit", "units") +
             ", the level now " + std::to_string(level().units.size());
    plan_.reset();
    units_playback.hide();
    return;
  }
  if (astar::Status s = plan_->check(level()); !s) status = "The plan's check failed: " + s.error();
}

}  // namespace studio
