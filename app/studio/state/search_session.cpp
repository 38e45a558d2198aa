// The search session (search_session.hpp): the options, making the search, the caches and the
// path, and the re-run after edits. Play, seek and the quiz are in search_session_play.cpp,
// repairs in search_session_repair.cpp, the walk's steps in search_session_walk.cpp.
#include "state/search_session.hpp"

#include <algorithm>
#include <utility>

#include "astar/make_search.hpp"
#include "state/search_labels.hpp"

namespace studio {

using astar::Cell;

SearchSession::SearchSession(SessionContext ctx) : ctx_(ctx) {
  options_.weight = 2.0;  // shown when Weighted A* is chosen; the other algorithms get 1
  new_search();
}

// [SECTION] The search and its options

// What the level suggests (a lesson's search). Its iteration guard is not copied: the search
// reads it from the level (search_options), so editing or undoing it takes effect at once.
void SearchSession::apply_preset() {
  const astar::SearchPreset& p = level().preset;
  const astar::SearchOptions o = astar::with_preset(options_, p);
  options_.algorithm = o.algorithm;
  options_.heuristic = o.heuristic;
  if (p.weight) options_.weight = *p.weight;
  options_.tie_break = o.tie_break;
  options_.partial_path = o.partial_path;
  options_.cluster_size = o.cluster_size;
  options_.hpa_smooth = o.hpa_smooth;
  if (p.smooth) path_.smooth = *p.smooth;
  if (p.budget) {  // a lesson's movement range (its algorithm is Dijkstra: the reader checks)
    range_budget_ = *p.budget;
    options_.budget = *p.budget;
  } else if (options_.budget && options_.algorithm != astar::Algorithm::Dijkstra) {
    options_.budget.reset();  // the lesson's algorithm takes no budget: the range goes
  }
  ctx_.walk.apply_preset(p);
}

astar::SearchOptions SearchSession::search_options() const {
  astar::SearchOptions o = astar::normalize(options_);
  o.max_iterations = level().preset.max_iterations.value_or(0);  // the level's guard; 0: none
  o.ignore_shapes = level().preset.ignore_shapes.value_or(std::vector<std::uint32_t>{});
  return o;
}

void SearchSession::new_search() {
  fit_heuristic();
  ++generation_;
  recorder_.clear();
  recorder_.set_limit(kMaxLogEvents);
  if (ctx_.trace) {
    auto replay = ctx_.trace->make_replay(level());
    replay_ = replay.get();
    replanning_ = nullptr;
    search_ = std::move(replay);
    ctx_.walk.stop();
  } else {
    make_search();
  }
  const astar::Level& lv = level();
  search_w_ = lv.width();
  search_h_ = lv.height();
  options_dirty_ = false;
  // A new search has had no repair: its first one is given the edited cells, as later ones are
  // (before, `applied` kept the last search's count, so the first repair compared whole levels).
  repair_ = RepairLog{};
  ctx_.search_changes.set_limit_for(lv.cell_count());
  caches_.set_limit_for(lv.cell_count());
  ctx_.level_changes.set_limit_for(lv.cell_count());
  recorder_.attach(*search_);
  // Rewind records cost ~100 bytes per iteration; above this size a full search's records
  // would not fit comfortably in memory, so stepping back is off there.
  search_->set_recording(lv.cell_count() <=
                         (ctx_.walk.agent() ? kMaxWalkRewindCells : kMaxRewindCells));
  path_.reset(lv.cell_count());
  search_changed_all();
  step_budget_ = 0.0;
  furthest_ = 0;
}

// A search of ours: the walk's D* Lite when walking, LPA* or D* Lite (made typed, for repairs),
// else whatever make_search makes for the options.
void SearchSession::make_search() {
  replay_ = nullptr;
  replanning_ = nullptr;
  search_.reset();  // it may read the walk's level, which a new walk replaces
  ctx_.walk.stop();
  const astar::SearchOptions o = search_options();
  std::unique_ptr<astar::ReplanningSearch> rs;
  if (ctx_.walk.applies(options_.algorithm, false)) {
    std::string note;
    rs = ctx_.walk.start(level(), o, &recorder_, note);
    if (!note.empty()) ctx_.status = std::move(note);
  } else if (astar::info(o.algorithm).extras.replans) {
    rs = std::make_unique<astar::ReplanningSearch>(level(), level().rules(), o, &recorder_);
  }
  replanning_ = rs.get();
  if (rs) {
    search_ = std::move(rs);
  } else if (astar::info(o.algorithm).extras.hierarchy) {
    search_ = hierarchy_.make(level(), o, &recorder_);  // the graph kept across edits
    if (const std::string words = hierarchy_.build().text(); !words.empty()) ctx_.status = words;
  } else {
    search_ = astar::make_search(level(), o, &recorder_);
  }
}

void SearchSession::options_changed() {
  options_dirty_ = true;
  rerun_pending_ = true;
}

void SearchSession::set_algorithm(astar::Algorithm a) {
  if (a == options_.algorithm) return;
  options_.algorithm = a;
  options_changed();
}

void SearchSession::set_heuristic(astar::Heuristic h) {
  if (h == options_.heuristic) return;
  options_.heuristic = h;
  swapped_heuristic_.reset();  // the user's choice stands
  options_changed();
}

void SearchSession::fit_heuristic() {
  const astar::Topology t = level().topology();
  const astar::Heuristic h = options_.heuristic;
  if (astar::check_heuristic_topology(h, t).empty()) return;
  const bool back =
      swapped_heuristic_ && astar::check_heuristic_topology(*swapped_heuristic_, t).empty();
  options_.heuristic = back ? *swapped_heuristic_ : astar::default_heuristic(t);
  swapped_heuristic_ = h;
  options_dirty_ = true;
  // After the edit's own message (a new topology says what it dropped), as a sentence of its own.
  std::string& status = ctx_.status;
  if (!status.empty()) status += status.ends_with('.') ? " " : ". ";
  status += std::string("Heuristic: ") + heuristic_label(options_.heuristic) + " (" +
            heuristic_label(h) + " does not measure " + (level().is_hex() ? "hexes" : "squares") +
            ").";
}

void SearchSession::set_weight(double w) {
  if (w == options_.weight) return;
  options_.weight = w;
  if (astar::info(options_.algorithm).takes_weight) options_changed();
}

void SearchSession::set_tie_break(astar::TieBreak t) {
  if (t == options_.tie_break) return;
  options_.tie_break = t;
  if (astar::info(options_.algorithm).takes_tie_break) options_changed();
}

void SearchSession::set_partial_path(bool on) {
  if (on == options_.partial_path) return;
  options_.partial_path = on;
  if (supports_partial_path(options_.algorithm)) options_changed();
}

void SearchSession::set_cluster_size(int cells) {
  cells = std::clamp(cells, astar::kHpaMinClusterSize, astar::kHpaMaxClusterSize);
  if (cells == options_.cluster_size) return;
  options_.cluster_size = cells;
  if (astar::info(options_.algorithm).extras.hierarchy) options_changed();
}

void SearchSession::set_hpa_smooth(bool on) {
  if (on == options_.hpa_smooth) return;
  options_.hpa_smooth = on;
  if (astar::info(options_.algorithm).extras.hierarchy) options_changed();
}

void SearchSession::check_heuristic() {
  flush();
  heuristic_report_ = astar::check_heuristic(level(), level().rules(), search_options());
}

// [SECTION] The caches and the path

const std::vector<std::int64_t>& SearchSession::expansion_order() const {
  if (ctx_.trace)
    return ctx_.trace->expansion_order(search_->events_applied(), level().width(),
                                       level().height(), generation_);
  return caches_.expansion_order(recorder_, *search_, level(), generation_);
}

const HeatField& SearchSession::heat_field(HeatSource source) const {
  return caches_.heat_field(*search_, level(), source, generation_);
}

void SearchSession::search_changed(Cell c) {
  ctx_.search_changes.add(c);
  caches_.changed(c);
}

void SearchSession::search_changed_all() {
  ctx_.search_changes.full();
  caches_.changed_all();
}

void SearchSession::record_step() {
  hierarchy_.note_step(*search_);  // HPA*: the Log's line of this iteration
  if (const auto taken = search_->last_taken()) search_changed(*taken);
  for (Cell c : search_->last_relaxed()) search_changed(c);
}

void SearchSession::update_path() {
  // A trace's path may be any-angle: its cells are joined by lines, and it has no actions.
  const bool waypoints =
      ctx_.trace || astar::info(options_.algorithm).path_shape == astar::PathShape::Waypoints;
  // Walking, the path runs over the level as the agent knows it.
  const astar::Level& moves = ctx_.walk.agent() ? search_->level() : level();
  if (path_.take(*search_, level(), waypoints, moves, [this](Cell c) { search_changed(c); }))
    update_smoothed();
}

bool SearchSession::smoothing_applies() const {
  return !ctx_.trace && supports_smoothing(options_.algorithm) && !level().is_hex();
}

void SearchSession::update_smoothed() { path_.update_smoothed(smoothing_applies(), level()); }

void SearchSession::set_smooth(bool on) {
  if (on == path_.smooth) return;
  path_.smooth = on;
  update_smoothed();
}

void SearchSession::set_smooth_respects_costs(bool on) {
  if (on == path_.smooth_options.respect_costs) return;
  path_.smooth_options.respect_costs = on;
  update_smoothed();
}

void SearchSession::clear_path() {
  path_.clear(level(), [this](Cell c) { search_changed(c); });
}

// [SECTION] Edits and re-runs

void SearchSession::edited(Cell c) {
  repair_.edited(c);
  rerun_pending_ = true;
}

void SearchSession::edited_everything() {
  repair_.edited_all = true;
  rerun_pending_ = true;
}

bool SearchSession::fits_level() const {
  return search_w_ == level().width() && search_h_ == level().height();
}

void SearchSession::drop_for_new_level() {
  search_.reset();  // never keep a search across a level replacement
  hierarchy_.forget();
  target_iteration_ = 0;
  target_end_ = false;
  rerun_pending_ = false;
  heuristic_report_.reset();
}

void SearchSession::rerun() {
  // LPA* and D* Lite repair once per undo step: a brush stroke is one repair, at its end (the
  // search keeps its own copy of the level, so it draws as it was meanwhile).
  if (replanning() && !options_dirty_ && ctx_.doc.editor().in_group() && fits_level()) return;
  rerun_pending_ = false;
  heuristic_report_.reset();  // made for the level and options before the edit
  if (ctx_.trace) return rerun_trace();
  if (repair_search()) return;
  // An Invalid search never moved: keep the place the last valid one had reached.
  if (search_->state() != astar::SearchState::Invalid) {
    target_iteration_ = search_->iterations();
    target_end_ = astar::finished(search_->state());
  }
  new_search();
  if (target_end_ && !search_->hierarchy()) {
    search_->run();
  } else {  // HPA* steps one at a time even to its end: each step's words go to the Log
    while ((target_end_ || search_->iterations() < target_iteration_) &&
           !astar::finished(search_->state())) {
      search_->step();
      hierarchy_.note_step(*search_);
    }
  }
  after_steps();
}

// [SECTION] With a trace open: the search is its replay

void SearchSession::seek_trace_event(std::size_t index) {
  replay_->seek_event(index);
  clear_path();
  search_changed_all();
  after_steps();
}

void SearchSession::replay_trace(std::size_t events) {
  new_search();
  if (events > 0) replay_->seek_event(events - 1);
  search_changed_all();
  after_steps();
}

// After an edit: the same trace on the edited level, checked again, at the same event.
void SearchSession::rerun_trace() {
  const std::size_t applied = search_->events_applied();
  std::unique_ptr<TraceMode>& trace = ctx_.trace;
  if (!trace->fits(level())) {
    const std::string file = trace->path;
    trace.reset();
    new_search();
    ctx_.status = "Closed trace " + file + ": its cells fall outside the level now";
    return;
  }
  trace->check(level());
  replay_trace(applied);
}

}  // namespace studio
