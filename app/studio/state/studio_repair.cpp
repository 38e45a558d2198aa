// Edits as repairs (issue 17): with LPA* or D* Lite, an edit to the level does not make a new
// search. The search is told which cells changed (ReplanningSearch::apply_changes) and repairs
// its values from there. When the search had finished, the repair runs to its end at once, so
// the path follows the brush; Back then steps through the repair, which the rewind undoes
// exactly. Mid-search, the repair waits for Step or Play. The status line and the Search panel
// compare it with A* from scratch on the edited level.
#include "state/studio.hpp"

#include "astar/format.hpp"
#include "astar/make_search.hpp"

namespace studio {

// rerun()'s way for LPA* and D* Lite: true when the edit was applied as a repair; false when a
// new search is needed (options changed, a new size, no replanning search, or it refused).
bool Studio::repair_search() {
  astar::ReplanningSearch* rs = replanning_;
  const astar::Level& lv = level();
  if (!rs || trace_ || options_dirty_ || search_->state() == astar::SearchState::Invalid ||
      search_w_ != lv.width() || search_h_ != lv.height())
    return false;
  // A step back across a repair put the level before it back in the search: compare levels.
  const bool compare = edited_all_ || rs->repair().number != repairs_applied_;
  const bool was_finished = astar::finished(search_->state());
  // Walking, the edit changes what the agent knows (walls only where it has looked).
  astar::AgentWalk* walk = walk_.agent();
  const astar::Status applied = walk      ? walk->set_truth(lv, *rs)
                                : compare ? rs->apply_changes(lv)
                                          : rs->apply_changes(lv, edited_cells_);
  edited_cells_.clear();
  edited_all_ = false;
  if (!applied) {
    status = "Could not repair the search (" + applied.error() + "): searched anew";
    return false;
  }
  repairs_applied_ = rs->repair().number;
  clear_path();  // the path found before the edit; the repair finds its own
  heuristic_report_.reset();
  count_scratch(walk ? rs->level() : lv);
  if (was_finished) search_->run();
  search_changed_all();
  update_repair_text();
  after_steps();
  if (!repair_text_.empty()) status = repair_text_;
  return true;
}

// What A* from scratch expands on `level` (the edited one; walking, what the agent knows), for the
// repair's comparison; not counted (-1) past kMaxScratchCells.
void Studio::count_scratch(const astar::Level& level) {
  scratch_expanded_ = -1;
  if (level.cell_count() > kMaxScratchCells) return;
  astar::SearchOptions scratch = search_options();
  scratch.algorithm = astar::Algorithm::AStar;
  const auto a = astar::make_search(level, scratch);
  a->run();
  scratch_expanded_ = a->metrics().expanded;
}

void Studio::update_repair_text() {
  const astar::ReplanningSearch* rs = replanning();
  if (!rs || rs->repair().number == 0) {
    repair_text_.clear();
    return;
  }
  const astar::RepairStats r = rs->repair();
  repair_text_ = (walk_.agent() ? walk_text() + " \xC2\xB7 " : std::string()) + "repair " + std::to_string(r.number) +
                 ": " + astar::count_text(r.cells_updated) + " cells updated, " +
                 astar::count_text(r.expanded) + " expanded";
  if (!astar::finished(search_->state())) repair_text_ += " so far (step or play to go on)";
  if (scratch_expanded_ >= 0)
    repair_text_ += " \xC2\xB7 A* from scratch: " + astar::count_text(scratch_expanded_) + " expanded";
}

}  // namespace studio
