// Walk mode (issue 17): with D* Lite and Walk on, the agent walks its plan. The search runs on
// the level as the agent knows it (astar::AgentWalk::known: walls only where it has looked, when
// it has a sensor); once it has a path, the next step moves the agent one cell, which is a
// repair (the start moved, and the walls it discovered), stepped like any other. Step, Play and
// End move it; Back steps back through repairs and moves alike (the walk follows the search's
// repair number). An edit of the level is a repair of what the agent knows (walls in the fog
// wait until it looks); one that moves the start or resizes the level begins a new walk. The
// walk's own state is WalkMode (walk_mode.hpp); here, how Studio steps it.
#include "state/studio.hpp"

namespace studio {

bool Studio::walk_applies() const { return walk_.applies(options_.algorithm, trace_ != nullptr); }

void Studio::set_walk(WalkSettings w) {
  if (walk_.change(w)) reset_search();
}

bool Studio::search_done() const {
  if (!walk_.agent()) return astar::finished(search_->state());
  return walk_.done(*replanning_, level());
}

// One move of the agent (its plan is made): the path it leaves, the repair it starts. False, and
// the status line says why, when it could not move.
bool Studio::walk_move() {
  clear_path();
  if (const astar::Status moved = walk_.agent()->move(*replanning_); !moved) {
    status = "The agent could not move: " + moved.error();
    playing = false;
    return false;
  }
  count_scratch(replanning_->level());
  search_changed_all();  // the fog, the agent and the repair's cells
  update_repair_text();
  status = walk_.status = repair_text_;
  return true;
}

// After a step back or a seek: the moves whose repairs were undone are taken back.
void Studio::sync_walk() {
  astar::AgentWalk* agent = walk_.agent();
  if (!agent) return;
  const std::int64_t before = agent->moves_made();
  agent->undo_to(*replanning_);
  if (agent->moves_made() == before) return;
  search_changed_all();
  update_repair_text();
}

std::string Studio::walk_text() const {
  if (!walk_.agent()) return {};
  return walk_.text(*replanning_, level());
}

}  // namespace studio
