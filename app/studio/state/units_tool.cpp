#include "state/units_tool.hpp"

#include <string>
#include <utility>

#include "astar/format.hpp"
#include "state/studio.hpp"

namespace studio {

using astar::Cell;
using astar::Level;
using astar::Unit;

namespace {

// Why the level would refuse `u` as its next unit (Level::check_units on a copy), or empty.
std::string why_refused(const Level& level, const Unit& u) {
  Level trial = level;
  trial.units.push_back(u);
  return trial.check_units();
}

// Why no unit may start at c (a wall, an agent, another unit's start), or empty. The goal is
// not chosen yet: c stands in for it, and a complaint about the goal is left for the second click.
std::string why_no_start(const Level& level, Cell c) {
  const std::string why = why_refused(level, {c, c, std::nullopt});
  const std::string who = "units[" + std::to_string(level.units.size()) + "].start";
  return why.rfind(who, 0) == 0 ? why : std::string();
}

UnitClick start_at(Studio& studio, Cell c) {
  if (const std::string why = why_no_start(studio.level(), c); !why.empty()) {
    studio.status = "No unit starts there: " + why;
    return UnitClick::Refused;
  }
  studio.unit_start = c;
  studio.status = "Unit " + std::to_string(studio.level().units.size()) + " starts at " + astar::cell_text(c) +
                  ": click its goal (Escape or a right click cancels)";
  return UnitClick::Started;
}

UnitClick goal_at(Studio& studio, Cell c) {
  const Unit u{*studio.unit_start, c, std::nullopt};
  if (!studio.editor().add_unit(u)) {
    const std::string why = why_refused(studio.level(), u);
    studio.status = "No unit placed: " + (why.empty() ? std::string("the level refused it") : why);
    return UnitClick::Refused;
  }
  studio.unit_start.reset();
  studio.status = "Added unit " + std::to_string(studio.level().units.size() - 1) + ": " + unit_text(u);
  return UnitClick::Added;
}

}  // namespace

std::optional<std::size_t> unit_at(const Level& level, Cell c) {
  for (std::size_t i = 0; i < level.units.size(); ++i)
    if (level.units[i].start == c || level.units[i].goal == c) return i;
  return std::nullopt;
}

std::string unit_text(const Unit& u) {
  std::string s = astar::cell_text(u.start) + " -> " + astar::cell_text(u.goal);
  if (u.priority) s += ", priority " + std::to_string(*u.priority);
  return s;
}

UnitClick unit_tool_click(Studio& studio, Cell c) {
  if (!studio.level().in_bounds(c)) return UnitClick::Outside;
  if (studio.unit_start) return goal_at(studio, c);
  if (const auto i = unit_at(studio.level(), c)) {
    const Unit gone = studio.level().units[*i];
    if (!studio.editor().remove_unit(*i)) return UnitClick::Refused;
    studio.status = "Removed unit " + std::to_string(*i) + " (" + unit_text(gone) + "); Ctrl+Z brings it back";
    return UnitClick::Removed;
  }
  return start_at(studio, c);
}

bool unit_tool_cancel(Studio& studio) {
  if (!studio.unit_start) return false;
  studio.unit_start.reset();
  studio.status = "Unit cancelled";
  return true;
}

void unit_tool_tidy(Studio& studio) {
  if (studio.unit_start && (studio.tools.tool != Tool::Unit || !studio.level().in_bounds(*studio.unit_start)))
    studio.unit_start.reset();
}

}  // namespace studio
