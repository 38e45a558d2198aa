// Play units in the Level panel (units_list.hpp's draw_units_playback_panel): the planner (flow
// field, CA*, WHCA* and its window, CBS and its conflict choice and node budget), Play / Pause
// and a tick at a time, the time slider, what the plans come to, this tick's conflicts and the
// planner's failures; Watch it plan (CBS's controls: cbs_panel.hpp). Its widgets are marked
// "units.*" for the end-to-end tests.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "astar/unit_plans.hpp"
#include "panels/cbs_panel.hpp"
#include "panels/opened_plan_panel.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/units_list.hpp"

namespace studio {

namespace {

// CBS: plain (the earliest conflict) or prioritized (cardinal conflicts first), and its budget.
void cbs_settings(Studio& studio, UnitsPlayback& p) {
  int choice = p.cbs_choice() == astar::CbsConflictChoice::First ? 0 : 1;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::Combo("Conflicts", &choice, "Plain\0Prioritized\0"))
    p.set_cbs_choice(choice == 0 ? astar::CbsConflictChoice::First : astar::CbsConflictChoice::Cardinal);
  mark_item(studio, "units", "cbs conflicts", 100);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Which conflict a tree node splits at. Plain CBS takes the earliest; prioritized "
                    "CBS (ICBS) takes a cardinal one first (both children cost more), then a "
                    "semi-cardinal one, found with each unit's MDD: usually far fewer nodes.");
  int budget = static_cast<int>(std::min<std::uint64_t>(p.cbs_max_nodes(), 1u << 30));
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::InputInt("Node budget", &budget, 1000, 10000, ImGuiInputTextFlags_EnterReturnsTrue))
    p.set_cbs_max_nodes(static_cast<std::uint64_t>(std::max(1, budget)));
  if (ImGui::IsItemHovered())
    wrapped_tooltip("CBS gives up past this many tree nodes (Enter sets it), and says so.");
}

void planner_controls(Studio& studio, UnitsPlayback& p) {
  bool on = p.shown();
  if (ImGui::Checkbox("Play units", &on)) {
    if (on) p.show(p.planner());
    else p.hide();
  }
  mark_item(studio, "units", "play units", ImGui::GetFrameHeight());
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Plan the units together and move them tick by tick: the time slider, Play, "
                    "and a tick at a time (the canvas shows each plan, the units where they stand, "
                    "and this tick's conflicts in red).");
  if (!p.shown()) return;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  const std::string label(planner_label(p.planner()));
  if (ImGui::BeginCombo("Planner", label.c_str())) {
    for (UnitsPlanner k : kUnitsPlanners) {
      const std::string name(planner_label(k));
      if (ImGui::Selectable(name.c_str(), k == p.planner())) p.show(k);
      mark_entry(studio, "units", "planner " + std::string(to_string(k)));
    }
    ImGui::EndCombo();
  }
  mark_item(studio, "units", "planner", 100);
  if (p.planner() == UnitsPlanner::WhcaStar) {
    int w = static_cast<int>(p.window());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    if (ImGui::SliderInt("Window", &w, 2, 64)) p.set_window(static_cast<std::uint32_t>(w));
    if (ImGui::IsItemHovered())
      wrapped_tooltip("WHCA* plans each unit this many ticks ahead, then all take half of them "
                      "and plan again.");
  }
  if (p.planner() == UnitsPlanner::Cbs) cbs_settings(studio, p);
}

void time_controls(Studio& studio, UnitsPlayback& p) {
  if (ImGui::SmallButton("|<")) p.set_tick(0);
  ImGui::SameLine();
  if (ImGui::SmallButton("<")) p.step(-1);
  mark_item(studio, "units", "tick back", 20);
  ImGui::SameLine();
  if (ImGui::SmallButton(p.playing ? "Pause" : "Play")) {
    if (!p.playing && p.tick() == p.last_tick()) p.set_tick(0);
    p.playing = !p.playing;
  }
  mark_item(studio, "units", "play", 30);
  ImGui::SameLine();
  if (ImGui::SmallButton(">")) p.step(1);
  mark_item(studio, "units", "tick forward", 20);
  ImGui::SameLine();
  if (ImGui::SmallButton(">|")) p.set_tick(p.last_tick());
  int t = static_cast<int>(p.tick());
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  const std::string format = "t = %d / " + std::to_string(p.last_tick());
  if (ImGui::SliderInt("Time", &t, 0, static_cast<int>(p.last_tick()), format.c_str()))
    p.set_tick(static_cast<std::size_t>(std::max(0, t)));
  mark_item(studio, "units", "time", 100);
}

// Watch it plan (CA*, WHCA*): a node or a unit at a time, back a node, to the end.
void watch_controls(Studio& studio, UnitsPlayback& p) {
  if (!p.given().empty()) return;  // a plan from a file is not planned here
  bool watch = p.watching();
  if (ImGui::Checkbox("Watch it plan", &watch)) {
    if (!watch) p.stop_watching();
    else if (!p.watch(studio.level())) studio.status = "Not watching: " + p.error();
  }
  mark_item(studio, "units", "watch it plan", ImGui::GetFrameHeight());
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Step the planner: a node of the unit it plans (its space-time search) or that "
                    "unit's whole plan; the canvas shows the reservation table, the plans so far "
                    "and the nodes (hover a cell: who holds it when, and its nodes' ticks). CBS: "
                    "its constraint tree, stepped an iteration, a low-level search or a tree node "
                    "at a time, in the Constraint tree section.");
  if (!p.watching()) return;
  if (p.cbs().active()) {
    draw_cbs_controls(studio);
    return;
  }
  if (ImGui::SmallButton("Back")) p.watch_step_back();
  ImGui::SameLine();
  if (ImGui::SmallButton("Node")) p.watch_step_node();
  mark_item(studio, "units", "node", 40);
  ImGui::SameLine();
  if (ImGui::SmallButton("Unit")) p.watch_step_unit();
  mark_item(studio, "units", "unit", 40);
  ImGui::SameLine();
  if (ImGui::SmallButton("End")) p.watch_to_end();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(p.watch_text().c_str());
  for (const astar::UnitFailure& f : p.watcher()->failures()) ImGui::TextColored(kWarnText, "%s", f.text.c_str());
  ImGui::PopTextWrapPos();
}

void results(UnitsPlayback& p) {
  ImGui::PushTextWrapPos(0.0f);
  if (!p.error().empty()) ImGui::TextColored(kErrorText, "%s", p.summary().c_str());
  else ImGui::TextUnformatted(p.summary().c_str());
  for (const astar::Conflict& c : p.conflicts_now()) ImGui::TextColored(kErrorText, "%s", astar::conflict_text(c).c_str());
  for (const astar::UnitFailure& f : p.failures()) ImGui::TextColored(kWarnText, "%s", f.text.c_str());
  ImGui::PopTextWrapPos();
  if (p.planner() == UnitsPlanner::FlowField && p.plans().size() > 1 && p.given().empty()) {
    int u = static_cast<int>(p.focus_unit);
    ImGui::SetNextItemWidth(ImGui::GetFrameHeight() * 4.0f);
    if (ImGui::InputInt("Field of unit", &u))
      p.focus_unit = static_cast<std::size_t>(std::clamp(u, 0, static_cast<int>(p.plans().size()) - 1));
    if (ImGui::IsItemHovered()) wrapped_tooltip("The canvas shows the flow field of this unit's goal.");
  }
}

}  // namespace

void draw_units_playback_panel(Studio& studio) {
  UnitsPlayback& p = studio.units_playback;
  if (studio.level().units.empty()) return;
  ImGui::PushID("units");  // its |<, <, > and >| are the Timeline's labels too
  if (!draw_opened_plan_controls(studio)) planner_controls(studio, p);  // or a plan file's
  if (p.shown()) {
    if (p.planner() != UnitsPlanner::FlowField) watch_controls(studio, p);
    if (!p.watching()) {
      if (p.planned()) time_controls(studio, p);
      results(p);
    }
  }
  ImGui::PopID();
}

}  // namespace studio
