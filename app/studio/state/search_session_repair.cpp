// Edits as repairs (issue 17): with LPA* or D* Lite, an edit to the level does not make a new
// search. The search is told which cells changed (ReplanningSearch::apply_changes) and repairs
// its values from there. When the search had finished, the repair runs to its end at once, so
// the path follows the brush; Back then steps through the repair, which the rewind undoes
// exactly. Mid-search, the repair waits for Step or Play. The status line and the Search panel
// compare it with A* from scratch on the edited level.
#include "state/search_session.hpp"

#include "astar/format.hpp"
#include "astar/make_search.hpp"

namespace studio {

// rerun()'s way for LPA* and D* Lite: true when the edit was applied as a repair; false when a
// new search is needed (options changed, a new size, no replanning search, or it refused).
bool SearchSession::repair_search() {
  astar::ReplanningSearch* rs = replanning_;
  const astar::Level& lv = level();
  if (!rs || ctx_.trace || options_dirty_ || search_->state() == astar::SearchState::Invalid ||
      !fits_level())
    return false;
  // Another topology: other neighbours everywhere, a new search (the search's level is its copy).
  if (rs->level().topology() != lv.topology() || rs->level().hex_stagger() != lv.hex_stagger())
    return false;
  // A step back across a repair put the level before it back in the search: compare levels.
  const bool compare = repair_.edited_all || rs->repair().number != repair_.applied;
  const bool was_finished = astar::finished(search_->state());
  // Walking, the edit changes what the agent knows (walls only where it has looked).
  astar::AgentWalk* walk = ctx_.walk.agent();
  const astar::Status applied = walk      ? walk->set_truth(lv, *rs)
                                : compare ? rs->apply_changes(lv)
                                          : rs->apply_changes(lv, repair_.edited_cells);
  repair_.forget_edits();
  if (!applied) {
    ctx_.status = "Could not repair the search (" + applied.error() + "): searched anew";
    return false;
  }
  repair_.applied = rs->repair().number;
  clear_path();  // the path found before the edit; the repair finds its own
  heuristic_report_.reset();
  count_scratch(walk ? rs->level() : lv);
  if (was_finished) search_->run();
  search_changed_all();
  update_repair_text();
  after_steps();
  if (!repair_.text.empty()) ctx_.status = repair_.text;
  return true;
}

// What A* from scratch expands on `level` (the edited one; walking, what the agent knows), for the
// repair's comparison; not counted (-1) past kMaxScratchCells.
void SearchSession::count_scratch(const astar::Level& level) {
  repair_.scratch_expanded = -1;
  if (level.cell_count() > kMaxScratchCells) return;
  astar::SearchOptions scratch = search_options();
  scratch.algorithm = astar::Algorithm::AStar;
  const auto a = astar::make_search(level, scratch);
  a->run();
  repair_.scratch_expanded = a->metrics().expanded;
}

void SearchSession::update_repair_text() {
  const astar::ReplanningSearch* rs = replanning();
  if (!rs || rs->repair().number == 0) {
    repair_.text.clear();
    return;
  }
  const astar::RepairStats r = rs->repair();
  std::string& text = repair_.text;
  text = (ctx_.walk.agent() ? walk_text() + " \xC2\xB7 " : std::string()) + "repair " +
         std::to_string(r.number) + ": " + astar::count_text(r.cells_updated) +
         " cells updated, " + astar::count_text(r.expanded) + " expanded";
  if (!astar::finished(search_->state())) text += " so far (step or play to go on)";
  if (repair_.scratch_expanded >= 0)
    text += " \xC2\xB7 A* from scratch: " + astar::count_text(repair_.scratch_expanded) +
            " expanded";
}

}  // namespace studio
