// The search session's play and seek (search_session.hpp): step, back, micro-steps, the
// timeline's seek and the log's events, run to end, Play's budget, breakpoints, and the quiz.
#include "state/search_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "astar/inspect.hpp"

namespace studio {

using astar::Cell;

bool SearchSession::step_back() {
  flush();
  ctx_.playing = false;
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
bool SearchSession::stepped_into_breakpoint() {
  const auto why = watch_.after_step(*search_);
  if (!why) return false;
  ctx_.status = *why;
  ctx_.playing = false;
  return true;
}

void SearchSession::after_steps() {
  furthest_ = std::max(furthest_, search_->iterations());
  update_path();
  if (!repair_.text.empty()) update_repair_text();
  // Walking, the status line follows the walk and its repair, unless something else spoke since.
  WalkMode& walk = ctx_.walk;
  if (walk.agent() && ctx_.status == walk.status)
    ctx_.status = walk.status = search_done() ? walk_text() : repair_.text;
}

void SearchSession::step(std::int64_t n) {
  flush();  // never step a search whose level was edited since it was made
  if (search_done()) return;
  // Many steps at once: one full texture refresh is cheaper than a long change list (a step
  // changes at most 9 cells: the node taken and its neighbours).
  const bool bulk = too_many_to_list(n, ctx_.search_changes.limit);
  const bool watch = watch_.breakpoints.any();
  for (std::int64_t i = 0; i < n && !search_done(); ++i) {
    if (ctx_.walk.agent() && astar::finished(search_->state())) {  // the plan is made: it moves
      if (!walk_move()) break;
      continue;
    }
    if (watch) watch_.before_step(*search_);
    search_->step();
    hierarchy_.note_step(*search_);  // HPA*'s Log line, even for steps too many to redraw
    if (!bulk) record_step();
    if (watch && stepped_into_breakpoint()) break;
  }
  if (bulk) search_changed_all();
  after_steps();
}

void SearchSession::micro_step() {
  flush();
  ctx_.playing = false;
  if (search_done()) return;
  // Walking, a move is one micro-step.
  if (ctx_.walk.agent() && astar::finished(search_->state())) return step();
  watch_.before_step(*search_);
  search_->micro_step();
  record_step();
  stepped_into_breakpoint();
  after_steps();
}

bool SearchSession::micro_step_back() {
  flush();
  ctx_.playing = false;
  record_step();
  if (!search_->micro_step_back()) return false;
  clear_path();
  record_step();
  sync_walk();
  return true;
}

void SearchSession::seek(std::int64_t iteration) {
  flush();
  if (iteration == search_->iterations() && !search_->mid_iteration()) return;
  if (iteration < search_->iterations() && !search_->recording()) return;
  // Walking, forward plans and moves, as Step makes them.
  if (ctx_.walk.agent() && iteration > search_->iterations()) {
    while (search_->iterations() < iteration && !search_done()) step();
    return;
  }
  search_->seek(iteration);
  clear_path();
  search_changed_all();
  sync_walk();
  after_steps();
}

void SearchSession::seek_event(std::size_t index) {
  flush();
  if (ctx_.trace) return seek_trace_event(index);
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

void SearchSession::run_to_end() {
  flush();
  if (search_done()) return;
  ctx_.playing = false;
  if (watch_.breakpoints.any() || ctx_.walk.agent()) {  // walking: to the goal, move by move
    step(std::numeric_limits<std::int64_t>::max());  // stops at the first breakpoint hit
    search_changed_all();
    return;
  }
  if (search_->hierarchy()) {  // HPA*: each step's words for the Log (a few hundred steps)
    while (!astar::finished(search_->state())) {
      search_->step();
      hierarchy_.note_step(*search_);
    }
  } else {
    search_->run();
  }
  search_changed_all();
  after_steps();
}

void SearchSession::reset_search() {
  new_search();
  target_iteration_ = 0;
  target_end_ = false;
  ctx_.playing = false;
}

void SearchSession::play(double dt) {
  bool& playing = ctx_.playing;
  if (!playing) return;
  if (search_done()) {
    playing = false;
    return;
  }
  const double speed = ctx_.speed;
  step_budget_ += dt * speed;
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

void SearchSession::answer_quiz(Cell guess) {
  flush();
  ctx_.playing = false;
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
  ctx_.status = verdict->right ? "Right!" : "Not quite: see the Quiz panel";
  step();  // show the take
}

}  // namespace studio
