// Walk mode (issue 17): with D* Lite and Walk on, the agent walks its plan. The search runs on
// the level as the agent knows it (astar::AgentWalk::known: walls only where it has looked, when
// it has a sensor); once it has a path, the next step moves the agent one cell, which is a
// repair (the start moved, and the walls it discovered), stepped like any other. Step, Play and
// End move it; Back steps back through repairs and moves alike (the walk follows the search's
// repair number). An edit of the level is a repair of what the agent knows (walls in the fog
// wait until it looks); one that moves the start or resizes the level begins a new walk.
#include <algorithm>

#include "astar/format.hpp"
#include "state/text.hpp"
#include "state/studio.hpp"

namespace studio {

bool Studio::walk_applies() const {
  return walk_settings_.on && !trace_ && options_.algorithm == astar::Algorithm::DStarLite;
}

void Studio::set_walk(WalkSettings w) {
  w.sensor = std::clamp(w.sensor, 1, astar::kMaxSide);
  if (w.on == walk_settings_.on && w.use_sensor == walk_settings_.use_sensor && w.sensor == walk_settings_.sensor)
    return;
  walk_settings_ = w;
  reset_search();
}

// new_search's way in walk mode: the walk from the level's start and its search, or null.
std::unique_ptr<astar::Search> Studio::make_walk_search() {
  walk_.reset();
  if (!walk_applies()) return nullptr;
  std::optional<int> sensor;
  if (walk_settings_.use_sensor) {
    const astar::Status ok = astar::AgentWalk::check_sensor(walk_settings_.sensor, level_.rules());
    if (!ok) {
      walk_settings_.sensor = astar::AgentWalk::min_sensor(level_.rules());
      status = "Sensor radius raised to " + std::to_string(walk_settings_.sensor) + " (" + ok.error() + ")";
    }
    sensor = walk_settings_.sensor;
  }
  walk_ = std::make_unique<astar::AgentWalk>(level_, level_.rules(), sensor);
  return std::make_unique<astar::ReplanningSearch>(walk_->known(), level_.rules(), search_options(), &recorder_);
}

bool Studio::search_done() const {
  if (!walk_) return astar::finished(search_->state());
  const astar::WalkState w = walk_->state(*replanning());
  return w == astar::WalkState::Arrived || w == astar::WalkState::NoPath ||
         walk_->moves_made() >= walk_move_limit();
}

// One move of the agent (its plan is made): the path it leaves, the repair it starts. False, and
// the status line says why, when it could not move.
bool Studio::walk_move() {
  auto* rs = static_cast<astar::ReplanningSearch*>(search_.get());
  clear_path();
  if (const astar::Status moved = walk_->move(*rs); !moved) {
    status = "The agent could not move: " + moved.error();
    playing = false;
    return false;
  }
  count_scratch(rs->level());
  search_changed_all();  // the fog, the agent and the repair's cells
  update_repair_text();
  status = walk_status_ = repair_text_;
  return true;
}

// After a step back or a seek: the moves whose repairs were undone are taken back.
void Studio::sync_walk() {
  if (!walk_) return;
  const std::int64_t before = walk_->moves_made();
  walk_->undo_to(*replanning());
  if (walk_->moves_made() == before) return;
  search_changed_all();
  update_repair_text();
}

std::string Studio::walk_text() const {
  if (!walk_) return {};
  std::int64_t walls = 0;
  for (const astar::WalkRow& r : walk_->rows(*replanning())) walls += r.walls_discovered;
  const std::string where = "move " + std::to_string(walk_->moves_made()) + ", at " + astar::cell_text(walk_->at());
  switch (walk_->state(*replanning())) {
    case astar::WalkState::Arrived:
      return "Arrived at the goal in " + std::to_string(walk_->moves_made()) + " moves, walked cost " +
             value_text(walk_->walked_cost()) + ", " + astar::count_text(walls) + " walls discovered";
    case astar::WalkState::NoPath:
      return where + ": no path left (" + astar::count_text(walls) + " walls discovered)";
    default:
      if (walk_->moves_made() >= walk_move_limit()) return where + ": stopped, too many moves";
      return where + ", walked cost " + value_text(walk_->walked_cost()) + ", " +
             astar::count_text(walls) + " walls discovered";
  }
}

}  // namespace studio
