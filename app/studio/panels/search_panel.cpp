// The Search panel: the step buttons and speed, the algorithm and its options, the movement
// rules that change the search, and the outcome with the path's cost move by move.
#include "panels/panels.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "astar/inspect.hpp"
#include "panels/hierarchy_panel.hpp"
#include "panels/overlays_panel.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/rules_editor.hpp"
#include "state/movement_range.hpp"
#include "state/search_labels.hpp"
#include "panels/trace_panels.hpp"
#include "panels/walk_panel.hpp"

namespace studio {

using astar::Cell;

namespace {

constexpr const char* kTieBreakTips[] = {
    ("Among equal f, take the node with the larger g (nearer the goal): fewer expansions on "
     "open plateaus."),
    "Among equal f, take the node with the smaller g (nearer the start).",
    "Among equal f, take the node that entered the open set first (FIFO).",
    "Among equal f, take the node that entered the open set last (LIFO)."};
static_assert(std::size(kTieBreakTips) == static_cast<std::size_t>(astar::TieBreak::_Max));

std::string label_of(astar::Algorithm a) { return std::string(astar::info(a).label); }

// What an algorithm promises with the heuristic and neighbours chosen, and what it orders by,
// one line each.
std::string algorithm_summary(astar::Algorithm a, const Studio& studio) {
  return "Guarantee: " +
         guarantee_text(a, studio.session().options().weight, studio.session().heuristic(),
                        studio.level().rules().neighbours, studio.level().topology()) +
         "\nf = " + std::string(astar::info(a).priority);
}

// What else a user should know before picking an algorithm (tooltips).
const char* algorithm_note(astar::Algorithm a) {
  return astar::info(a).note.data();
}


// "9 walks · 1 climb · 1 jump across": how many steps of the path take each action, in the
// order of MoveAction; empty when there are none (no path, or Theta*'s waypoints).
std::string actions_summary(const std::vector<astar::MoveAction>& actions) {
  static constexpr const char* kPlural[] = {"walks", "climbs", "drops", "jumps up", "jumps down",
                                            "jumps across"};
  static_assert(std::size(kPlural) == static_cast<std::size_t>(astar::MoveAction::_Max));
  int counts[static_cast<int>(astar::MoveAction::_Max)] = {};
  for (astar::MoveAction a : actions) ++counts[static_cast<int>(a)];
  std::string out;
  for (int i = 0; i < static_cast<int>(astar::MoveAction::_Max); ++i) {
    if (counts[i] == 0) continue;
    if (!out.empty()) out += " \xC2\xB7 ";
    out += std::to_string(counts[i]) + " " +
           (counts[i] == 1 ? std::string(astar::to_string(static_cast<astar::MoveAction>(i)))
                           : std::string(kPlural[i]));
  }
  return out;
}

}  // namespace

// [SECTION] Search panel

namespace {

// Back, Step, Play, Reset, Run, and the speed.
void draw_step_buttons(Studio& studio) {
  SearchSession& session = studio.session();
  const bool done = session.search_done();
  const float w = (ImGui::GetContentRegionAvail().x - 4 * ImGui::GetStyle().ItemSpacing.x) / 5;
  ImGui::BeginDisabled(!session.can_step_back());
  if (ImGui::Button("Back", ImVec2(w, 0))) session.step_back();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(session.rewind_enabled() ? "Undo one iteration exactly (Left arrow)"
                                              : "Stepping back is off for levels above 4M cells");
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button("Step", ImVec2(w, 0))) session.step();
  ImGui::SameLine();
  if (ImGui::Button(studio.playing ? "Pause" : "Play", ImVec2(w, 0))) studio.playing = !studio.playing;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(w, 0))) session.reset_search();
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button("Run", ImVec2(w, 0))) session.run_to_end();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Run to the end");

  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::SliderFloat("##speed", &studio.speed, 1.0f, 100000.0f, "speed %.0f it/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
}

// The algorithm, with what it promises on hover and on the line below; weighted A*'s weight.
void draw_algorithm_choice(Studio& studio, float combo_w) {
  SearchSession& session = studio.session();
  const astar::Algorithm algorithm = session.algorithm();
  const astar::AlgorithmInfo& ai = astar::info(algorithm);
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::BeginCombo("Algorithm", std::string(ai.label).c_str())) {
    for (int i = 0; i < static_cast<int>(astar::Algorithm::_Max); ++i) {
      const auto a = static_cast<astar::Algorithm>(i);
      const bool selected = a == algorithm;
      // Off where the level's topology refuses it (JPS and Theta* on hexes), saying why.
      const std::string_view refusal = topology_refusal(a, studio.level().topology());
      ImGui::BeginDisabled(!refusal.empty());
      if (ImGui::Selectable(label_of(a).c_str(), selected)) session.set_algorithm(a);
      ImGui::EndDisabled();
      if (selected) ImGui::SetItemDefaultFocus();
      if (!refusal.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        wrapped_tooltip(label_of(a) + " " + std::string(refusal) + ".");
      else if (ImGui::IsItemHovered())
        wrapped_tooltip(algorithm_summary(a, studio) + "\n\n" + algorithm_note(a));
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    wrapped_tooltip(algorithm_summary(algorithm, studio) + "\n\n" + algorithm_note(algorithm));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", algorithm_summary(algorithm, studio).c_str());
  ImGui::PopTextWrapPos();

  if (astar::info(algorithm).takes_weight) {
    float weight = static_cast<float>(session.options().weight);
    ImGui::SetNextItemWidth(combo_w);
    if (ImGui::SliderFloat("Weight", &weight, 1.0f, 10.0f, "w = %.1f", ImGuiSliderFlags_AlwaysClamp))
      session.set_weight(std::round(weight * 10.0f) / 10.0f);  // tenths: the label shows them
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("f = g + w * h. Ctrl+click to type a value.");
  }
}

// The heuristic (off for algorithms without one) and the order of equal priorities (off for
// breadth-first).
void draw_heuristic_and_ties(Studio& studio, float combo_w) {
  SearchSession& session = studio.session();
  const astar::AlgorithmInfo& ai = astar::info(session.algorithm());
  // The heuristics the level's topology takes: hex distance and zero on hexes.
  const astar::Heuristic current = session.heuristic();
  ImGui::BeginDisabled(!ai.uses_heuristic);
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::BeginCombo("Heuristic", heuristic_label(current))) {
    for (const astar::Heuristic h : heuristics_for(studio.level().topology())) {
      if (ImGui::Selectable(heuristic_label(h), h == current)) session.set_heuristic(h);
      if (h == current) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  if (!ai.uses_heuristic && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s uses no heuristic", std::string(ai.label).c_str());
  else if (studio.level().is_hex() && ImGui::IsItemHovered())
    wrapped_tooltip("On hexes: hex distance (the fewest steps) or zero. Manhattan, octile and "
                    "the others measure square cells.");

  // Off for breadth-first, which is first in, first out: shown as the search runs it.
  int t = static_cast<int>(astar::normalize(session.options()).tie_break);
  ImGui::BeginDisabled(!ai.takes_tie_break);
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::BeginCombo("Tie-break", kTieBreakLabels[t])) {
    for (int i = 0; i < static_cast<int>(astar::TieBreak::_Max); ++i) {
      if (ImGui::Selectable(kTieBreakLabels[i], i == t))
        session.set_tie_break(static_cast<astar::TieBreak>(i));
      if (i == t) ImGui::SetItemDefaultFocus();
      if (ImGui::IsItemHovered()) wrapped_tooltip(kTieBreakTips[i]);
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  if (!ai.takes_tie_break && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s takes nodes first in, first out: the tie-break does not apply",
                      std::string(ai.label).c_str());
  else if (ImGui::IsItemHovered())
    wrapped_tooltip(kTieBreakTips[t]);
}

// Partial path and smoothing, each off where the algorithm has no use for it.
void draw_path_options(Studio& studio) {
  SearchSession& session = studio.session();
  const astar::Algorithm algorithm = session.algorithm();
  const bool partial_ok = SearchSession::supports_partial_path(algorithm);
  bool partial = session.options().partial_path && partial_ok;
  ImGui::BeginDisabled(!partial_ok);
  if (ImGui::Checkbox("Partial path", &partial)) session.set_partial_path(partial);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", partial_ok ? "When no path exists, show the way to the reached cell "
                                         "nearest the goal (dashed)"
                                       : (std::string(astar::info(algorithm).label) +
                                          " has no partial paths").c_str());

  const bool hex = studio.level().is_hex();
  const bool smooth_ok = SearchSession::supports_smoothing(algorithm) && !hex;
  bool smooth = session.smooth() && smooth_ok;
  ImGui::BeginDisabled(!smooth_ok);
  if (ImGui::Checkbox("Smooth path", &smooth)) session.set_smooth(smooth);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip(smooth_ok ? "Also show the path string-pulled: straight segments between "
                                  "waypoints that see each other (cyan)"
                      : hex     ? "Off on hex levels: smoothing's line of sight is traced through "
                                  "square cells"
                                : "Theta*'s path is already any-angle");
  ImGui::SameLine();
  bool respect = session.smooth_respects_costs();
  ImGui::BeginDisabled(!smooth);
  if (ImGui::Checkbox("Respect costs", &respect)) session.set_smooth_respects_costs(respect);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    wrapped_tooltip("On: a shortcut only where walking its line costs no more than the path's "
                    "moves it replaces (each cell it enters, times the length inside it), so the "
                    "smoothed path never costs more than the path. Off: any walkable shortcut, "
                    "even across dearer cells.");
}

// Movement range (state/movement_range.hpp): on, the search is Dijkstra from the start (the
// unit's cell) stopped at the budget, and the canvas tints the range and outlines its border.
void draw_movement_range_controls(Studio& studio, float combo_w) {
  SearchSession& session = studio.session();
  bool on = session.movement_range();
  if (ImGui::Checkbox("Movement range", &on)) session.set_movement_range(on);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Every cell a unit standing on the start can reach with the budget's movement "
                    "points, and the cheapest cost of each: Dijkstra with no goal, stopped when "
                    "the next cell would cost more than the budget. Step to watch it grow; move "
                    "the unit with the Start tool.");
  if (!on) return;
  double budget = session.range_budget();
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::InputDouble("Budget", &budget, 0.5, 1.0, "%.2f"))
    session.set_range_budget(std::isfinite(budget) ? std::max(0.0, budget) : 0.0);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Movement points. A cell is in the range when its cheapest cost is at most "
                    "the budget, compared exactly: 1 + sqrt 2 is within 2.5, 2 sqrt 2 is not.");
  ImGui::TextDisabled("%s", range_summary(session.search()).c_str());
}

// 4 or 8 neighbours and the diagonal rule, a warning when the heuristic can overestimate under
// them, and the heuristic check.
void draw_neighbour_rules(Studio& studio) {
  SearchSession& session = studio.session();
  const astar::AlgorithmInfo& ai = astar::info(session.algorithm());
  const int h = static_cast<int>(session.heuristic());
  const astar::MovementRules& rules = studio.level().rules();
  neighbours_editor(studio, ImGui::GetContentRegionAvail().x * 0.6f);
  if (studio.trace_mode()) return;  // the heuristic below is our search's, not the trace's
  // On hexes the list offers only admissible heuristics (and the session swaps the others).
  if (!studio.level().is_hex() &&
      !astar::guarantee_holds(session.algorithm(), session.heuristic(), rules.neighbours)) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarnText,
                       "%s is not admissible with %s neighbours: it can overestimate, so the path "
                       "found may not be the shortest.",
                       kHeuristicLabels[h], std::string(astar::to_string(rules.neighbours)).c_str());
    ImGui::PopTextWrapPos();
  }
  if (ai.uses_heuristic) draw_heuristic_check(studio);
}

// Iteration, open and closed counts, and the outcome in a line.
void draw_outcome(const Studio& studio) {
  const SearchSession& session = studio.session();
  const astar::Search& search = session.search();
  ImGui::Text("Iteration %lld", static_cast<long long>(search.iterations()));
  ImGui::Text("Open %zu   Closed %lld", search.open_size(),
              static_cast<long long>(search.closed_count()));
  const astar::SearchState state = search.state();
  const std::string outcome(astar::to_string(state));
  const bool waypoints = !studio.trace_mode() &&
                         astar::info(session.algorithm()).path_shape == astar::PathShape::Waypoints;
  const std::size_t shown = session.path().size();
  const std::string length =
      std::to_string(shown) + (waypoints ? (shown == 1 ? " waypoint" : " waypoints")
                                         : (shown == 1 ? " cell" : " cells"));
  ImGui::PushTextWrapPos(0.0f);
  if (state == astar::SearchState::Found) {
    ImGui::TextColored(to_vec4(studio.appearance.colors().path), "%s: cost %s, %s", outcome.c_str(),
                       value_text(search.path_cost()).c_str(), length.c_str());
  } else if (state == astar::SearchState::Invalid) {
    ImGui::TextColored(kWarnText, "invalid: this search cannot run here.");
    ImGui::TextColored(kWarnText, "%s", search.message().c_str());
    ImGui::TextDisabled("Choose another algorithm or edit the level.");
  } else if (state == astar::SearchState::InProgress) {
    ImGui::Text("%s%s", outcome.c_str(), studio.playing ? " (playing)" : "");
  } else if (session.path_partial()) {
    ImGui::TextColored(kWarnText, "%s: partial path to %s, cost %s, %s", outcome.c_str(),
                       astar::cell_text(session.path().back()).c_str(),
                       value_text(search.path_cost()).c_str(), length.c_str());
  } else {
    ImGui::TextColored(kWarnText, "%s", outcome.c_str());
  }
  ImGui::PopTextWrapPos();
}

// With action ranks on, the path's cost read back as what it orders by: rank points first, then
// distance (cost = points x unit + distance, moves.hpp).
void draw_ranked_cost(const Studio& studio) {
  const astar::MovePolicy policy(studio.level());
  const std::optional<astar::RankedCost> ranked = astar::ranked_path_cost(policy, studio.session().path());
  if (!ranked) return;
  ImGui::Text("Ranked: %lld rank points, then distance %s", static_cast<long long>(ranked->points),
              value_text(ranked->distance.value()).c_str());
  if (ImGui::IsItemHovered())
    wrapped_tooltip(("Action ranks are on (Level panel): fewer rank points always win, then the "
                     "shorter distance. The cost shown is points x " +
                     value_text(static_cast<double>(policy.rank_units()) / astar::kCostUnitsPerOne) +
                     " + distance.").c_str());
}

// The path's actions, its cost move by move (as the cost policy prices each step), and the
// smoothed path's length.
void draw_path_details(const Studio& studio) {
  const SearchSession& session = studio.session();
  const astar::Search& search = session.search();
  ImGui::PushTextWrapPos(0.0f);
  if (const std::string moves = actions_summary(session.path_actions()); !moves.empty())
    ImGui::TextDisabled("%s", moves.c_str());
  draw_ranked_cost(studio);
  // The path's cost, move by move, as the cost policy prices each step.
  if (!session.path().empty() && ImGui::TreeNode("Path cost, move by move")) {
    const astar::MovePolicy policy(studio.level());
    const auto steps = astar::path_breakdown(policy, session.path());
    if (steps.empty()) ImGui::TextDisabled("The path's steps are waypoints, not moves.");
    double total = 0.0;
    for (const astar::PathStep& st : steps) {
      total += st.cost;
      ImGui::Text("%s -> %s  %s  %s  (total %s)", astar::cell_text(st.from).c_str(), astar::cell_text(st.to).c_str(),
                  std::string(astar::to_string(st.action)).c_str(), value_text(st.cost).c_str(),
                  value_text(total).c_str());
    }
    ImGui::TreePop();
  }
  if (const auto& smoothed = session.smoothed(); !smoothed.empty()) {
    const std::optional<double> cost = session.smoothed_cost();
    ImGui::TextColored(to_vec4(studio.appearance.colors().smoothed),
                       "path cost %s \xC2\xB7 smoothed length %s, cost %s (%zu %s)",
                       value_text(search.path_cost()).c_str(),
                       value_text(session.smoothed_length()).c_str(),
                       cost ? value_text(*cost).c_str() : "none", smoothed.size(),
                       smoothed.size() == 1 ? "waypoint" : "waypoints");
  }
  ImGui::PopTextWrapPos();
}

}  // namespace

void SearchPanel::Draw(Studio& studio) {
  draw_step_buttons(studio);
  const float combo_w = ImGui::GetContentRegionAvail().x * 0.6f;
  if (studio.trace_mode()) {
    draw_trace_header(studio);  // a trace replayed: no algorithm of ours to choose
  } else {
    draw_algorithm_choice(studio, combo_w);
    draw_hierarchy_options(studio, combo_w);  // HPA*: cluster size, smoothing
    draw_heuristic_and_ties(studio, combo_w);
    draw_path_options(studio);
    draw_movement_range_controls(studio, combo_w);
    draw_walk_controls(studio);
  }
  draw_neighbour_rules(studio);
  ImGui::Separator();
  draw_outcome(studio);
  draw_hierarchy_outcome(studio);  // HPA*: beside the optimal path, the last rebuild
  draw_path_details(studio);
}

}  // namespace studio
