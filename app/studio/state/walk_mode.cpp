#include "state/walk_mode.hpp"

#include <algorithm>
#include <optional>

#include "astar/format.hpp"
#include "state/text.hpp"

namespace studio {

bool WalkMode::change(Settings s) {
  s.sensor = std::clamp(s.sensor, 1, astar::kMaxSide);
  if (s.on == settings_.on && s.use_sensor == settings_.use_sensor && s.sensor == settings_.sensor)
    return false;
  settings_ = s;
  return true;
}

void WalkMode::apply_preset(const astar::SearchPreset& p) {
  if (p.walk) settings_.on = *p.walk;  // a lesson's walking agent, with or without a sensor
  if (p.walk) settings_.use_sensor = p.sensor.has_value();
  if (p.sensor) settings_.sensor = static_cast<int>(*p.sensor);
}

std::unique_ptr<astar::ReplanningSearch> WalkMode::start(const astar::Level& level,
                                                         const astar::SearchOptions& options,
                                                         astar::SearchListener* listener,
                                                         std::string& note) {
  std::optional<int> sensor;
  if (settings_.use_sensor) {
    const astar::Status ok = astar::AgentWalk::check_sensor(settings_.sensor, level.rules());
    if (!ok) {
      settings_.sensor = astar::AgentWalk::min_sensor(level.rules());
      note = "Sensor radius raised to " + std::to_string(settings_.sensor) + " (" + ok.error() + ")";
    }
    sensor = settings_.sensor;
  }
  agent_ = std::make_unique<astar::AgentWalk>(level, level.rules(), sensor);
  return std::make_unique<astar::ReplanningSearch>(agent_->known(), level.rules(), options, listener);
}

bool WalkMode::done(const astar::ReplanningSearch& s, const astar::Level& level) const {
  const astar::WalkState w = agent_->state(s);
  return w == astar::WalkState::Arrived || w == astar::WalkState::NoPath ||
         agent_->moves_made() >= move_limit(level);
}

std::string WalkMode::text(const astar::ReplanningSearch& s, const astar::Level& level) const {
  if (!agent_) return {};
  const astar::AgentWalk& w = *agent_;
  std::int64_t walls = 0;
  for (const astar::WalkRow& r : w.rows(s)) walls += r.walls_discovered;
  const std::string where = "move " + std::to_string(w.moves_made()) + ", at " + astar::cell_text(w.at());
  switch (w.state(s)) {
    case astar::WalkState::Arrived:
      return "Arrived at the goal in " + std::to_string(w.moves_made()) + " moves, walked cost " +
             value_text(w.walked_cost()) + ", " + astar::count_text(walls) + " walls discovered";
    case astar::WalkState::NoPath:
      return where + ": no path left (" + astar::count_text(walls) + " walls discovered)";
    default:
      if (w.moves_made() >= move_limit(level)) return where + ": stopped, too many moves";
      return where + ", walked cost " + value_text(w.walked_cost()) + ", " +
             astar::count_text(walls) + " walls discovered";
  }
}

}  // namespace studio
