// AgentWalk: a D* Lite agent walking its plan, learning walls within its sensor (agent_walk.hpp).
#include "astar/agent_walk.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "astar/moves.hpp"

namespace astar {

int AgentWalk::min_sensor(const MovementRules& rules) { return 1 + std::max(0, rules.jump.gap); }

Status AgentWalk::check_sensor(std::int64_t radius, const MovementRules& rules) {
  const int reach = min_sensor(rules);
  if (radius < reach || radius > kMaxSide)
    return Error{"the sensor radius must be at least the longest move (" + std::to_string(reach) +
                 (reach == 1 ? " cell" : " cells") + ") and at most " + std::to_string(kMaxSide) +
                 ", got " + std::to_string(radius)};
  return Ok{};
}

AgentWalk::AgentWalk(const Level& truth, const MovementRules& rules, std::optional<int> sensor)
    : truth_(truth), known_(truth), rules_(rules), sensor_(sensor) {
  if (sensor_ && !check_sensor(*sensor_, rules_))
    throw std::invalid_argument(check_sensor(*sensor_, rules_).error());
  seen_.assign(static_cast<std::size_t>(truth_.cell_count()), sensor_ ? 0 : 1);
  stands_.push_back({truth_.start(), {}, 0, 0, 0.0});
  if (!sensor_) return;
  for (int y = 0; y < truth_.height(); ++y)
    for (int x = 0; x < truth_.width(); ++x) known_.set_wall({x, y}, false);
  (void)look(stands_.back());
}

std::vector<Cell> AgentWalk::look(Stand& stand) {
  std::vector<Cell> changed;
  if (!sensor_) return changed;
  const int r = *sensor_;
  const Cell at = stand.cell;
  for (int y = std::max(0, at.y - r); y <= std::min(truth_.height() - 1, at.y + r); ++y)
    for (int x = std::max(0, at.x - r); x <= std::min(truth_.width() - 1, at.x + r); ++x) {
      const Cell c{x, y};
      std::uint8_t& s = seen_[index(c)];
      if (s) continue;
      s = 1;
      stand.newly_seen.push_back(index(c));
      if (!truth_.wall(c)) continue;
      known_.set_wall(c, true);
      changed.push_back(c);
    }
  stand.walls_found = static_cast<std::int64_t>(changed.size());
  return changed;
}

std::vector<Cell> AgentWalk::trail() const {
  std::vector<Cell> out;
  out.reserve(stands_.size());
  for (const Stand& s : stands_) out.push_back(s.cell);
  return out;
}

double AgentWalk::walked_cost() const {
  double sum = 0.0;
  for (const Stand& s : stands_) sum += s.move_cost;
  return sum;
}

WalkState AgentWalk::state(const ReplanningSearch& s) const {
  if (!finished(s.state())) return WalkState::Planning;
  if (s.state() != SearchState::Found) return WalkState::NoPath;
  return at() == known_.goal() ? WalkState::Arrived : WalkState::Ready;
}

std::vector<WalkRow> AgentWalk::rows(const ReplanningSearch& s) const {
  std::vector<WalkRow> out;
  const bool planned = finished(s.state());
  for (std::size_t k = 0; k < stands_.size(); ++k) {
    const bool last = k + 1 == stands_.size();
    if (last && !planned) break;
    out.push_back({stands_[k].cell, stands_[k].walls_found, 0, 0.0});
  }
  for (std::size_t k = 0; k < out.size(); ++k) {
    const bool last = k + 1 == stands_.size();
    out[k].cells_updated = last ? s.repair().cells_updated : plans_[k].cells_updated;
    out[k].path_cost = last ? s.path_cost() : plans_[k].path_cost;
  }
  return out;
}

Status AgentWalk::apply(ReplanningSearch& s, std::span<const Cell> changed) {
  // A repair that is not this walk's own (a step back, an edit applied by another) means the
  // search's level may differ anywhere: compare the levels.
  Status ok = s.repair().number == own_repair_ ? s.apply_changes(known_, changed) : s.apply_changes(known_);
  if (ok) own_repair_ = s.repair().number;
  return ok;
}

Status AgentWalk::move(ReplanningSearch& s) {
  if (state(s) != WalkState::Ready) return Error{"the walk has no path to take a move of"};
  const std::vector<Cell> path = s.path();
  const Cell next = path.at(1);
  const std::optional<Move> m = MovePolicy(truth_, rules_).move_between(at(), next);
  plans_.push_back({s.repair().cells_updated, s.path_cost()});
  Stand stand{next, {}, 0, 0, m ? m->cost : 0.0};
  known_.set_start(next);
  const std::vector<Cell> changed = look(stand);
  stands_.push_back(std::move(stand));
  Status ok = apply(s, changed);
  stands_.back().repair = s.repair().number;
  return ok;
}

void AgentWalk::undo_to(const ReplanningSearch& s) {
  while (stands_.size() > 1 && stands_.back().repair > s.repair().number) {
    const Stand& last = stands_.back();
    for (const std::uint32_t i : last.newly_seen) {
      seen_[i] = 0;
      known_.set_wall(truth_.cell(CellIndex(i)), false);
    }
    stands_.pop_back();
    plans_.pop_back();
    known_.set_start(at());
  }
}

Status AgentWalk::set_truth(const Level& truth, ReplanningSearch& s) {
  if (truth.width() != truth_.width() || truth.height() != truth_.height())
    return Error{"the level's size changed: the walk begins again"};
  if (truth.start() != truth_.start()) return Error{"the start moved: the walk begins again"};
  truth_ = truth;
  known_ = truth;
  known_.set_start(at());
  for (int y = 0; y < truth_.height(); ++y)
    for (int x = 0; x < truth_.width(); ++x)
      if (!seen({x, y})) known_.set_wall({x, y}, false);
  Status ok = s.apply_changes(known_);
  if (ok) own_repair_ = s.repair().number;
  return ok;
}

}  // namespace astar
