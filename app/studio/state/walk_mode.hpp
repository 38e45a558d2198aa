// Walk mode's own state (issue 17): its settings (on, the sensor) and, while walking, the agent
// (astar::AgentWalk: where it stands, what it knows, the moves it made). The search it walks is
// the one the studio shows, a D* Lite ReplanningSearch over known(); the search session steps it
// and moves the agent (search_session_walk.cpp). No UI here.
//
//   WalkMode walk;
//   walk.change({.on = true, .use_sensor = true, .sensor = 3});
//   if (walk.applies(algorithm, false)) search = walk.start(level, options, &recorder, note);
//   say(walk.text(*search, level));       // "move 7, at (3, 4), walked cost 7.41, ..."
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "astar/agent_walk.hpp"
#include "astar/level.hpp"
#include "astar/replanning.hpp"
#include "astar/search.hpp"

namespace studio {

class WalkMode {
 public:
  struct Settings {
    bool on = false;
    bool use_sensor = true;
    int sensor = 3;  // cells, Chebyshev; raised to the longest move when shorter
  };
  const Settings& settings() const { return settings_; }
  // The new settings (the sensor clamped to 1..kMaxSide); false when they are the ones held.
  bool change(Settings s);
  // A lesson's walking agent (search.walk), with a sensor when it names one.
  void apply_preset(const astar::SearchPreset& p);
  // Walk on, D* Lite chosen and no trace open.
  bool applies(astar::Algorithm a, bool trace_open) const {
    return settings_.on && !trace_open && a == astar::Algorithm::DStarLite;
  }

  // A new walk from the level's start, and the D* Lite search over what the agent knows (which
  // holds a reference to the walk: drop the search first). A sensor shorter than the longest
  // move is raised, and `note` says so.
  std::unique_ptr<astar::ReplanningSearch> start(const astar::Level& level,
                                                 const astar::SearchOptions& options,
                                                 astar::SearchListener* listener, std::string& note);
  void stop() { agent_.reset(); }
  astar::AgentWalk* agent() { return agent_.get(); }  // null: not walking
  const astar::AgentWalk* agent() const { return agent_.get(); }

  // Arrived, no path left, or too many moves (move_limit): nothing left to step.
  bool done(const astar::ReplanningSearch& s, const astar::Level& level) const;
  // "move 7, at (3, 4), walked cost 7.41, 2 walls discovered", or the arrival; empty unless
  // walking. `level` is the true one.
  std::string text(const astar::ReplanningSearch& s, const astar::Level& level) const;
  static std::int64_t move_limit(const astar::Level& level) { return 4 * level.cell_count() + 4; }

  std::string status;  // the status line the walk last wrote (it updates only its own)

 private:
  Settings settings_;
  std::unique_ptr<astar::AgentWalk> agent_;
};

}  // namespace studio
