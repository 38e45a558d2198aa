// Walk mode (issue 17): with D* Lite and Walk on, the agent walks its plan. The search runs on
// the level as the agent knows it (astar::AgentWalk::known: walls only where it has looked, when
// it has a sensor); once it has a path, the next step moves the agent one cell, which is a
// repair (the start moved, and the walls it discovered), stepped like any other. Step, Play and
// End move it; Back steps back through repairs and moves alike (the walk follows the search's
// repair number). An edit of the level is a repair of what the agent knows (walls in the fog
// wait until it looks); one that moves the start or resizes the level begins a new walk. The
// walk's own state is WalkMode (walk_mode.hpp); here, how the search session steps it.
#include "state/search_session.hpp"

namespace studio {

bool SearchSession::walk_applies() const {
  return ctx_.walk.applies(options_.algorithm, ctx_.trace != nullptr);
}

bool SearchSession::search_done() const {
  if (!ctx_.walk.agent()) return astar::finished(search_->state());
  return ctx_.walk.done(*replanning_, level());
}

// One move of the agent (its plan is made): the path it leaves, the repair it starts. False, and
// the status line says why, when it could not move.
bool SearchSession::walk_move() {
  clear_path();
  if (const astar::Status moved = ctx_.walk.agent()->move(*replanning_); !moved) {
    ctx_.status = "The agent could not move: " + moved.error();
    ctx_.playing = false;
    return false;
  }
  count_scratch(replanning_->level());
  search_changed_all();  // the fog, the agent and the repair's cells
  update_repair_text();
  ctx_.status = ctx_.walk.status = repair_.text;
  return true;
}

// After a step back or a seek: the moves whose repairs were undone are taken back.
void SearchSession::sync_walk() {
  astar::AgentWalk* agent = ctx_.walk.agent();
  if (!agent) return;
  const std::int64_t before = agent->moves_made();
  agent->undo_to(*replanning_);
  if (agent->moves_made() == before) return;
  search_changed_all();
  update_repair_text();
}

std::string SearchSession::walk_text() const {
  if (!ctx_.walk.agent()) return {};
  return ctx_.walk.text(*replanning_, level());
}

}  // namespace studio
