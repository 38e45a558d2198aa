#include "state/studio.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <utility>

#include "astar/inspect.hpp"
#include "astar/file_io.hpp"
#include "astar/level_io.hpp"
#include "astar/make_search.hpp"
#include "state/expansion_order.hpp"

namespace studio {

using astar::Cell;

Studio::Studio() {
  edit_hook_.studio = this;
  doc_.editor().set_listener(&edit_hook_);
  options_.weight = 2.0;  // shown when Weighted A* is chosen; the other algorithms get 1
  new_search();
}

// [SECTION] Level and file

void Studio::set_level(astar::Level level, std::string path) {
  search_.reset();  // never keep a search across a level replacement
  trace_.reset();   // nor a trace: it was read for the level before
  target_iteration_ = 0;
  target_end_ = false;
  doc_.reset(std::move(level), std::move(path));
  selection.reset();
  selected_shape.reset();
  playing = false;
  rerun_pending_ = false;
  view.fit_pending = true;
  level_changes.full();
  heuristic_report_.reset();
  apply_preset();
  new_search();
}

// What the level suggests (a lesson's search). Its iteration guard is not copied: the search
// reads it from the level (search_options), so editing or undoing it takes effect at once.
void Studio::apply_preset() {
  const astar::SearchPreset& p = level().preset;
  const astar::SearchOptions o = astar::with_preset(options_, p);
  options_.algorithm = o.algorithm;
  options_.heuristic = o.heuristic;
  if (p.weight) options_.weight = *p.weight;
  options_.tie_break = o.tie_break;
  options_.partial_path = o.partial_path;
  if (p.smooth) path_.smooth = *p.smooth;
  walk_.apply_preset(p);
}

astar::Status Studio::open(const std::string& path) {
  auto loaded = astar::load_level(path);
  if (!loaded) return astar::Error{loaded.error()};
  set_level(std::move(loaded).value(), path);
  status = "Opened " + path;
  open_preset_trace();  // a lesson's search.trace
  return astar::Ok{};
}

astar::Status Studio::save_as(const std::string& path) {
  auto saved = doc_.save_as(path);
  if (!saved) return saved;
  status = "Saved " + path;
  if (on_file_written) on_file_written(path);
  return saved;
}

// [SECTION] Edits

void Studio::after_edit() { rerun_pending_ = true; }

void Studio::EditHook::cell_changed(Cell c) {
  studio->level_changes.add(c);
  if (studio->edited_cells_.size() < 100'000) studio->edited_cells_.push_back(c);
  else studio->edited_all_ = true;
  studio->after_edit();
}

void Studio::EditHook::level_changed() {
  Studio& st = *studio;
  st.level_changes.full();
  st.edited_all_ = true;
  st.after_edit();
  if (st.selected_shape && *st.selected_shape >= st.level().shapes().size()) st.selected_shape.reset();
  // A new size (resize, replace, or undoing them): the search's arrays no longer fit the level,
  // so it is made anew now, not at the end of the frame.
  if (st.search_w_ != st.level().width() || st.search_h_ != st.level().height()) {
    st.selection.reset();
    st.view.fit_pending = true;
    st.rerun();
  }
}

bool Studio::layer_editable(astar::Layer layer) {
  if (!appearance.layers[layer].locked) return true;
  status = "The " + std::string(astar::to_string(layer)) + " layer is locked (Layers panel)";
  return false;
}

double Studio::paint_value(astar::Layer layer, bool other) const {
  switch (layer) {
    case astar::Layer::Walls:
    case astar::Layer::Agents: return other ? 0.0 : 1.0;
    case astar::Layer::Costs: return other ? 1.0 : tools.cost;
    case astar::Layer::Heights: return other ? 0.0 : tools.height;
    case astar::Layer::Edges:  // not painted cell by cell
    case astar::Layer::Shapes:
    case astar::Layer::_Max: break;
  }
  return 0.0;
}

bool Studio::undo() {
  const std::optional<std::string> what = doc_.undo();
  status = what ? "Undid: " + *what : std::string("Nothing to undo");
  return what.has_value();
}

bool Studio::redo() {
  const std::optional<std::string> what = doc_.redo();
  status = what ? "Redid: " + *what : std::string("Nothing to redo");
  return what.has_value();
}

void Studio::replace_level(astar::Level level, std::string label) {
  editor().replace(std::move(level), std::move(label));
  apply_preset();
}

astar::Status Studio::resize_level(int width, int height, astar::Anchor anchor) {
  astar::Status s = editor().resize(width, height, anchor);
  status = s ? "Resized the level to " + std::to_string(width) + " x " + std::to_string(height)
             : s.error();
  return s;
}

bool Studio::move_start(Cell c) { return editor().set_start(c); }
bool Studio::move_goal(Cell c) { return editor().set_goal(c); }

void Studio::set_neighbours(astar::Neighbours n) { doc_.set_neighbours(n); }
void Studio::set_diagonal(astar::DiagonalPolicy d) { doc_.set_diagonal(d); }

void Studio::set_rules(const astar::MovementRules& rules, std::string_view merge_key) {
  const astar::MovementRules r = astar::within_file_limits(rules);
  if (!doc_.set_rules(r, merge_key)) return;
  // The search will start invalid with this reason; say it where the edit was made too, and
  // take the message back once the radius fits again.
  static constexpr std::string_view kBlocked = "No search can run: ";
  const std::vector<std::uint32_t> ignored = search_options().ignore_shapes;  // as the search
  if (const std::string why = level().check_endpoints_clear_of_shapes(r.agent_radius, ignored);
      !why.empty())
    status = std::string(kBlocked) + why;
  else if (status.starts_with(kBlocked))
    status.clear();
}

void Studio::set_iteration_guard(std::optional<std::int64_t> n, std::string_view merge_key) {
  if (n) n = std::clamp<std::int64_t>(*n, 1, astar::SearchPreset::kMaxIterations);
  doc_.set_iteration_guard(n, merge_key);
}

void Studio::set_name(std::string name) { doc_.set_name(std::move(name)); }

void Studio::set_agents_block(bool on) {
  if (!doc_.set_agents_block(on))
    status = "An agent stands on the start or the goal: move it before agents can block";
}

void Studio::set_terrains(std::vector<astar::Terrain> terrains) {
  doc_.set_terrains(std::move(terrains));
}

// [SECTION] Search

astar::SearchOptions Studio::search_options() const {
  astar::SearchOptions o = astar::normalize(options_);
  o.max_iterations = level().preset.max_iterations.value_or(0);  // the level's guard; 0: none
  o.ignore_shapes = level().preset.ignore_shapes.value_or(std::vector<std::uint32_t>{});
  return o;
}

void Studio::new_search() {
  ++generation_;
  recorder_.clear();
  recorder_.set_limit(kMaxLogEvents);
  if (trace_) {
    auto replay = trace_->make_replay(level());
    replay_ = replay.get();
    replanning_ = nullptr;
    search_ = std::move(replay);
    walk_.stop();
  } else {
    make_search();
  }
  const astar::Level& lv = level();
  search_w_ = lv.width();
  search_h_ = lv.height();
  options_dirty_ = false;
  edited_cells_.clear();
  edited_all_ = false;
  repair_text_.clear();
  scratch_expanded_ = -1;
  search_changes.set_limit_for(lv.cell_count());
  caches_.set_limit_for(lv.cell_count());
  level_changes.set_limit_for(lv.cell_count());
  recorder_.attach(*search_);
  // Rewind records cost ~100 bytes per iteration; above this size a full search's records
  // would not fit comfortably in memory, so stepping back is off there.
  search_->set_recording(lv.cell_count() <= (walk_.agent() ? kMaxWalkRewindCells : kMaxRewindCells));
  path_.reset(lv.cell_count());
  search_changed_all();
  step_budget_ = 0.0;
  furthest_ = 0;
}

// A search of ours: the walk's D* Lite when walking, LPA* or D* Lite (made typed, for repairs),
// else whatever make_search makes for the options.
void Studio::make_search() {
  replay_ = nullptr;
  replanning_ = nullptr;
  search_.reset();  // it may read the walk's level, which a new walk replaces
  walk_.stop();
  const astar::SearchOptions o = search_options();
  std::unique_ptr<astar::ReplanningSearch> rs;
  if (walk_.applies(options_.algorithm, false)) {
    std::string note;
    rs = walk_.start(level(), o, &recorder_, note);
    if (!note.empty()) status = std::move(note);
  } else if (astar::info(o.algorithm).extras.replans) {
    rs = std::make_unique<astar::ReplanningSearch>(level(), level().rules(), o, &recorder_);
  }
  replanning_ = rs.get();
  if (rs) search_ = std::move(rs);
  else search_ = astar::make_search(level(), o, &recorder_);
}

void Studio::options_changed() {
  options_dirty_ = true;
  rerun_pending_ = true;
}

void Studio::set_algorithm(astar::Algorithm a) {
  if (a == options_.algorithm) return;
  options_.algorithm = a;
  options_changed();
}

void Studio::set_heuristic(astar::Heuristic h) {
  if (h == options_.heuristic) return;
  options_.heuristic = h;
  options_changed();
}

void Studio::set_weight(double w) {
  if (w == options_.weight) return;
  options_.weight = w;
  if (astar::info(options_.algorithm).takes_weight) options_changed();
}

void Studio::set_tie_break(astar::TieBreak t) {
  if (t == options_.tie_break) return;
  options_.tie_break = t;
  if (astar::info(options_.algorithm).takes_tie_break) options_changed();
}

void Studio::set_partial_path(bool on) {
  if (on == options_.partial_path) return;
  options_.partial_path = on;
  if (supports_partial_path(options_.algorithm)) options_changed();
}

void Studio::record_step() {
  if (const auto taken = search_->last_taken()) search_changed(*taken);
  for (Cell c : search_->last_relaxed()) search_changed(c);
}

void Studio::update_path() {
  // A trace's path may be any-angle: its cells are joined by lines, and it has no actions.
  const bool waypoints =
      trace_ || astar::info(options_.algorithm).path_shape == astar::PathShape::Waypoints;
  // Walking, the path runs over the level as the agent knows it.
  const astar::Level& moves = walk_.agent() ? search_->level() : level();
  if (path_.take(*search_, level(), waypoints, moves, [this](Cell c) { search_changed(c); }))
    update_smoothed();
}

void Studio::update_smoothed() {
  path_.update_smoothed(!trace_ && supports_smoothing(options_.algorithm), level());
}

void Studio::set_smooth(bool on) {
  if (on == path_.smooth) return;
  path_.smooth = on;
  update_smoothed();
}

void Studio::set_smooth_respects_costs(bool on) {
  if (on == path_.smooth_options.respect_costs) return;
  path_.smooth_options.respect_costs = on;
  update_smoothed();
}

void Studio::clear_path() {
  path_.clear(level(), [this](Cell c) { search_changed(c); });
}

bool Studio::step_back() {
  flush();
  playing = false;
  // The cells the last step changed are the ones it took and relaxed: redraw those.
  record_step();
  if (!search_->step_back()) return false;
  clear_path();  // a search one step before the end has no path
  record_step();
  sync_walk();
  return true;
}

// Called before a step with breakpoints set; after it, true (and paused, with the reason in the
// status line) when the step hit one.
bool Studio::stepped_into_breakpoint() {
  const auto why = watch_.after_step(*search_);
  if (!why) return false;
  status = *why;
  playing = false;
  return true;
}

void Studio::after_steps() {
  furthest_ = std::max(furthest_, search_->iterations());
  update_path();
  if (!repair_text_.empty()) update_repair_text();
  // Walking, the status line follows the walk and its repair, unless something else spoke since.
  if (walk_.agent() && status == walk_.status)
    status = walk_.status = search_done() ? walk_text() : repair_text_;
}

void Studio::step(std::int64_t n) {
  flush();  // never step a search whose level was edited since it was made
  if (search_done()) return;
  // Many steps at once: one full texture refresh is cheaper than a long change list (a step
  // changes at most 9 cells: the node taken and its neighbours).
  const bool bulk = too_many_to_list(n, search_changes.limit);
  const bool watch = watch_.breakpoints.any();
  for (std::int64_t i = 0; i < n && !search_done(); ++i) {
    if (walk_.agent() && astar::finished(search_->state())) {  // the plan is made: the agent moves
      if (!walk_move()) break;
      continue;
    }
    if (watch) watch_.before_step(*search_);
    search_->step();
    if (!bulk) record_step();
    if (watch && stepped_into_breakpoint()) break;
  }
  if (bulk) search_changed_all();
  after_steps();
}

void Studio::micro_step() {
  flush();
  playing = false;
  if (search_done()) return;
  if (walk_.agent() && astar::finished(search_->state())) return step();  // a move is one micro-step
  watch_.before_step(*search_);
  search_->micro_step();
  record_step();
  stepped_into_breakpoint();
  after_steps();
}

bool Studio::micro_step_back() {
  flush();
  playing = false;
  record_step();
  if (!search_->micro_step_back()) return false;
  clear_path();
  record_step();
  sync_walk();
  return true;
}

void Studio::seek(std::int64_t iteration) {
  flush();
  if (iteration == search_->iterations() && !search_->mid_iteration()) return;
  if (iteration < search_->iterations() && !search_->recording()) return;
  if (walk_.agent() && iteration > search_->iterations()) {  // forward: plans and moves, as Step makes them
    while (search_->iterations() < iteration && !search_done()) step();
    return;
  }
  search_->seek(iteration);
  clear_path();
  search_changed_all();
  sync_walk();
  after_steps();
}

astar::Status Studio::export_trace(const std::string& path) {
  if (trace_) {
    status = "A trace is open: its events are in " + trace_->path + " already";
    return astar::Error{status};
  }
  const auto& all = recorder_.events();
  const std::size_t n = recorder_.count_at(*search_);
  const std::vector<astar::TraceEvent> shown(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
  astar::Status written = astar::write_atomically(path, astar::to_json(shown));
  status = written ? "Trace saved: " + path + " (" + std::to_string(n) + " events)" : written.error();
  if (written && on_file_written) on_file_written(path);
  return written;
}

void Studio::answer_quiz(Cell guess) {
  flush();
  playing = false;
  if (search_->mid_iteration()) step();  // finish the iteration under way: then a take is next
  const auto verdict = astar::judge_prediction(*search_, guess);
  if (!verdict) {
    quiz.last = "Nothing to predict: the search has finished. Reset it (Ctrl+R) to play again.";
    quiz.last_right = false;
    return;
  }
  ++quiz.asked;
  quiz.right += verdict->right;
  quiz.last = verdict->why;
  quiz.last_right = verdict->right;
  status = verdict->right ? "Right!" : "Not quite: see the Quiz panel";
  step();  // show the take
}

void Studio::seek_event(std::size_t index) {
  flush();
  if (trace_) return seek_trace_event(index);
  const auto& events = recorder_.events();
  if (index >= events.size()) return;
  const std::int64_t it = events[index].iteration;
  // The event's place in its iteration: the take is 0, then one per move examined.
  std::size_t first = index;
  while (first > 0 && events[first - 1].iteration == it) --first;
  seek(it - 1);
  if (search_->iterations() != it - 1) return;  // cannot go back without recording
  for (std::size_t k = first; k <= index && !astar::finished(search_->state()); ++k)
    search_->micro_step();
  clear_path();
  search_changed_all();
  after_steps();
}

void Studio::run_to_end() {
  flush();
  if (search_done()) return;
  playing = false;
  if (watch_.breakpoints.any() || walk_.agent()) {  // walking: to the goal, move by move
    step(std::numeric_limits<std::int64_t>::max());  // stops at the first breakpoint hit
    search_changed_all();
    return;
  }
  search_->run();
  search_changed_all();
  after_steps();
}

void Studio::reset_search() {
  new_search();
  target_iteration_ = 0;
  target_end_ = false;
  playing = false;
}

void Studio::rerun() {
  // LPA* and D* Lite repair once per undo step: a brush stroke is one repair, at its end (the
  // search keeps its own copy of the level, so it draws as it was meanwhile).
  if (replanning() && !options_dirty_ && editor().in_group() && search_w_ == level().width() &&
      search_h_ == level().height())
    return;
  rerun_pending_ = false;
  heuristic_report_.reset();  // made for the level and options before the edit
  if (trace_) return rerun_trace();
  if (repair_search()) return;
  // An Invalid search never moved: keep the place the last valid one had reached.
  if (search_->state() != astar::SearchState::Invalid) {
    target_iteration_ = search_->iterations();
    target_end_ = astar::finished(search_->state());
  }
  new_search();
  if (target_end_) {
    search_->run();
  } else {
    while (search_->iterations() < target_iteration_ && !astar::finished(search_->state()))
      search_->step();
  }
  after_steps();
}

void Studio::update(double dt) {
  flush();
  poll_following(dt);
  if (!playing) return;
  if (search_done()) {
    playing = false;
    return;
  }
  step_budget_ += dt * static_cast<double>(speed);
  const double whole = std::floor(step_budget_);
  step_budget_ -= whole;
  // At most a quarter second's worth per frame, and at most kPlayTimeBudget of stepping, so a
  // slow frame cannot snowball (a slow frame asks for more steps, which make the next frame
  // slow): on a busy machine the search plays slower than asked instead of the studio
  // stuttering. Steps go in chunks, the clock read between them.
  const auto n = static_cast<std::int64_t>(std::min(whole, std::max(1.0, speed * 0.25)));
  const auto until = std::chrono::steady_clock::now() + kPlayTimeBudget;
  for (std::int64_t done = 0; done < n && playing && !search_done();) {
    const std::int64_t chunk = std::min<std::int64_t>(n - done, kPlayChunk);
    step(chunk);
    done += chunk;
    if (done < n && std::chrono::steady_clock::now() >= until) {
      step_budget_ = 0.0;  // the steps left over are dropped, not owed to the next frame
      break;
    }
  }
  if (search_done()) playing = false;
}

const std::vector<std::int64_t>& Studio::expansion_order() const {
  if (trace_)
    return trace_->expansion_order(search_->events_applied(), level().width(), level().height(),
                                   generation_);
  return caches_.expansion_order(recorder_, *search_, level(), generation_);
}

void Studio::search_changed(Cell c) {
  search_changes.add(c);
  caches_.changed(c);
}

void Studio::search_changed_all() {
  search_changes.full();
  caches_.changed_all();
}

const HeatField& Studio::heat_field(HeatSource source) const {
  return caches_.heat_field(*search_, level(), source, generation_);
}

void Studio::check_heuristic() {
  flush();
  heuristic_report_ = astar::check_heuristic(level(), level().rules(), search_options());
}

}  // namespace studio
