#include "studio.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <utility>

#include "astar/level_io.hpp"

namespace studio {

using astar::Cell;

Studio::Studio() : level_(24, 16) { new_search(); }

// [SECTION] Level and file

std::string Studio::file_name() const {
  return path_.empty() ? std::string("untitled") : std::filesystem::path(path_).filename().string();
}

std::string Studio::window_title() const {
  return "A* Studio \xE2\x80\x94 " + file_name() + (dirty_ ? " *" : "");
}

void Studio::set_level(astar::Level level, std::string path) {
  search_.reset();  // never keep a search across a level replacement
  level_ = std::move(level);
  path_ = std::move(path);
  dirty_ = false;
  playing = false;
  rerun_pending_ = false;
  view.fit_pending = true;
  level_changes.full();
  new_search();
}

astar::Status Studio::open(const std::string& path) {
  auto loaded = astar::load_level(path);
  if (!loaded) return astar::Error{loaded.error()};
  set_level(std::move(loaded).value(), path);
  status = "Opened " + path;
  return astar::Ok{};
}

astar::Status Studio::save_as(const std::string& path) {
  auto saved = astar::save_level(level_, path);
  if (!saved) return saved;
  path_ = path;
  dirty_ = false;
  status = "Saved " + path;
  return saved;
}

// [SECTION] Edits

void Studio::after_edit() {
  dirty_ = true;
  rerun_pending_ = true;
}

bool Studio::paint(Cell c, bool wall) {
  if (!level_.in_bounds(c) || c == level_.start() || c == level_.goal()) return false;
  if (level_.wall(c) == wall) return false;
  level_.set_wall(c, wall);
  level_changes.add(c);
  after_edit();
  return true;
}

bool Studio::move_start(Cell c) {
  if (!level_.open(c) || c == level_.goal() || c == level_.start()) return false;
  level_.set_start(c);
  after_edit();
  return true;
}

bool Studio::move_goal(Cell c) {
  if (!level_.open(c) || c == level_.start() || c == level_.goal()) return false;
  level_.set_goal(c);
  after_edit();
  return true;
}

void Studio::set_neighbours(astar::Neighbours n) {
  if (level_.rules().neighbours == n) return;
  level_.rules().neighbours = n;
  after_edit();
}

void Studio::set_diagonal(astar::DiagonalPolicy p) {
  if (level_.rules().diagonal == p) return;
  level_.rules().diagonal = p;
  after_edit();
}

void Studio::set_name(std::string name) {
  if (level_.name == name) return;
  level_.name = std::move(name);
  dirty_ = true;
}

// [SECTION] Search

void Studio::new_search() {
  astar::SearchOptions options;
  options.heuristic = heuristic_;
  search_ = std::make_unique<astar::AStarSearch>(level_, options);
  // Rewind records cost ~100 bytes per iteration; above this size a full search's records
  // would not fit comfortably in memory, so stepping back is off there.
  search_->set_recording(level_.cell_count() <= kMaxRewindCells);
  path_cells_.clear();
  on_path_.assign(static_cast<std::size_t>(level_.cell_count()), 0);
  search_changes.full();
  step_budget_ = 0.0;
}

void Studio::set_heuristic(astar::Heuristic h) {
  if (h == heuristic_) return;
  heuristic_ = h;
  rerun_pending_ = true;
}

void Studio::record_step() {
  if (const auto taken = search_->last_taken()) search_changes.add(*taken);
  for (Cell c : search_->last_relaxed()) search_changes.add(c);
}

void Studio::update_path() {
  if (!path_cells_.empty() || search_->state() != astar::SearchState::Found) return;
  path_cells_ = search_->path();
  for (Cell c : path_cells_) {
    on_path_[astar::to_u32(level_.index(c))] = 1;
    search_changes.add(c);
  }
}

void Studio::clear_path() {
  for (Cell c : path_cells_) {
    on_path_[astar::to_u32(level_.index(c))] = 0;
    search_changes.add(c);
  }
  path_cells_.clear();
}

bool Studio::step_back() {
  flush();
  playing = false;
  // The cells the last step changed are the ones it took and relaxed: redraw those.
  record_step();
  if (!search_->step_back()) return false;
  clear_path();  // a search one step before the end has no path
  record_step();
  return true;
}

void Studio::step(std::int64_t n) {
  flush();  // never step a search whose level was edited since it was made
  if (astar::finished(search_->state())) return;
  // Many steps at once: one full texture refresh is cheaper than a long change list.
  const bool bulk = n > 64;
  for (std::int64_t i = 0; i < n && !astar::finished(search_->state()); ++i) {
    search_->step();
    if (!bulk) record_step();
  }
  if (bulk) search_changes.full();
  update_path();
}

void Studio::run_to_end() {
  flush();
  if (astar::finished(search_->state())) return;
  search_->run();
  search_changes.full();
  update_path();
  playing = false;
}

void Studio::reset_search() {
  new_search();
  playing = false;
}

void Studio::rerun() {
  rerun_pending_ = false;
  const std::int64_t iteration = search_->iterations();
  const bool was_finished = astar::finished(search_->state()) &&
                            search_->state() != astar::SearchState::Invalid;
  new_search();
  if (was_finished) {
    search_->run();
  } else {
    while (search_->iterations() < iteration && !astar::finished(search_->state())) search_->step();
  }
  update_path();
}

void Studio::update(double dt) {
  flush();
  if (!playing) return;
  if (astar::finished(search_->state())) {
    playing = false;
    return;
  }
  step_budget_ += dt * static_cast<double>(speed);
  const double whole = std::floor(step_budget_);
  step_budget_ -= whole;
  // At most a quarter second's worth per frame, so a slow frame cannot snowball.
  const auto n = static_cast<std::int64_t>(std::min(whole, std::max(1.0, speed * 0.25)));
  if (n > 0) step(n);
  if (astar::finished(search_->state())) playing = false;
}

bool Studio::path_contains(Cell c) const {
  return level_.in_bounds(c) && on_path_[astar::to_u32(level_.index(c))] != 0;
}

}  // namespace studio
