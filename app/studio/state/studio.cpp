// Studio (studio.hpp): the document's file and edits, the editor's listener that tells the
// search session and the renderer, and what wires the session to the rest. Trace mode's part is
// in trace_mode.cpp and trace_following.cpp.
#include "state/studio.hpp"
#include "state/exercise_mode.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "astar/file_io.hpp"
#include "astar/level_io.hpp"
#include "astar/trace.hpp"
#include "state/topology_words.hpp"

namespace studio {

using astar::Cell;

Studio::Studio() {
  edit_hook_.studio = this;
  doc_.editor().set_listener(&edit_hook_);
}

// [SECTION] Level and file

void Studio::set_level(astar::Level level, std::string path) {
  session_.drop_for_new_level();  // its search points into the level
  trace_.reset();                 // nor a trace: it was read for the level before
  plan_.reset();                  // nor a plan: its units were the level's before
  exercise_.reset();              // nor an exercise: start_exercise sets its own after this
  doc_.reset(std::move(level), std::move(path));
  selection.reset();
  selected_shape.reset();
  playing = false;
  view.fit_pending = true;
  level_changes.full();
  session_.apply_preset();
  session_.reset_search();
  units_playback.open_level(doc_.level());
}

astar::Status Studio::open(const std::string& path) {
  auto loaded = astar::load_level(path);
  if (!loaded) return astar::Error{loaded.error()};
  if (loaded.value().exercise) return open_exercise_level(std::move(loaded).value(), path);
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

void Studio::EditHook::cell_changed(Cell c) {
  studio->level_changes.add(c);
  studio->session_.edited(c);
  studio->units_playback.edited(c);
  studio->plan_edited_ = true;
}

void Studio::EditHook::level_changed() {
  Studio& st = *studio;
  st.level_changes.full();
  st.session_.edited_everything();
  st.units_playback.edited_everything();
  st.plan_edited_ = true;
  if (st.selected_shape && *st.selected_shape >= st.level().shapes().size()) st.selected_shape.reset();
  // A new size (resize, replace, or undoing them): the search's arrays no longer fit the level,
  // so it is made anew now, not at the end of the frame.
  if (!st.session_.fits_level()) {
    st.selection.reset();
    st.view.fit_pending = true;
    st.session_.rerun();
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
  session_.apply_preset();
}

astar::Status Studio::resize_level(int width, int height, astar::Anchor anchor) {
  astar::Status s = editor().resize(width, height, anchor);
  status = s ? "Resized the level to " + std::to_string(width) + " x " + std::to_string(height)
             : s.error();
  return s;
}

bool Studio::move_start(Cell c) { return editor().set_start(c); }
bool Studio::move_goal(Cell c) { return editor().set_goal(c); }

bool Studio::set_topology(astar::Topology t, astar::HexStagger stagger) {
  const astar::TopologyLoss loss = astar::topology_loss(level(), t);
  if (!editor().set_topology(t, stagger)) return false;
  selected_shape.reset();
  status = "The level is " + topology_text(level()) + " now.";
  if (!loss.empty()) status += " " + topology_loss_text(loss, t) + " Undo brings them back.";
  return true;
}

void Studio::set_neighbours(astar::Neighbours n) { doc_.set_neighbours(n); }
void Studio::set_diagonal(astar::DiagonalPolicy d) { doc_.set_diagonal(d); }

void Studio::set_rules(const astar::MovementRules& rules, std::string_view merge_key) {
  const astar::MovementRules r = astar::within_file_limits(rules);
  if (!doc_.set_rules(r, merge_key)) return;
  // The search will start invalid with this reason; say it where the edit was made too, and
  // take the message back once the radius fits again.
  static constexpr std::string_view kBlocked = "No search can run: ";
  // The shapes the search ignores, as the search.
  const std::vector<std::uint32_t> ignored = session_.search_options().ignore_shapes;
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

// [SECTION] The search session

void Studio::flush() {
  session_.flush();
  if (exercise_ && exercise_->revision() != exercise_drawn_) {
    exercise_drawn_ = exercise_->revision();
    search_changes.full();
  }
}

void Studio::update(double dt) {
  if (exercise_) exercise_->advance(dt);
  session_.flush();
  poll_following(dt);
  session_.play(dt);
  update_plan();
  units_playback.update(dt, level());
}

astar::Status Studio::export_trace(const std::string& path) {
  if (trace_) {
    status = "A trace is open: its events are in " + trace_->path + " already";
    return astar::Error{status};
  }
  const auto& all = session_.trace().events();
  const std::size_t n = session_.trace().count_at(session_.search());
  const std::vector<astar::TraceEvent> shown(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
  astar::Status written = astar::write_atomically(path, astar::to_json(shown));
  status = written ? "Trace saved: " + path + " (" + std::to_string(n) + " events)" : written.error();
  if (written && on_file_written) on_file_written(path);
  return written;
}

void Studio::set_walk(WalkSettings w) {
  if (walk_.change(w)) session_.reset_search();
}

}  // namespace studio
