// CBS watched (cbs_panel.hpp): the stepping controls and breakpoints in the Units section, and
// the Constraint tree section: the tree, the node shown, its time slider and the log.
#include "panels/cbs_panel.hpp"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <optional>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

namespace {

bool button(Studio& studio, const char* label, const char* name, const char* tip_text) {
  const bool pressed = ImGui::SmallButton(label);
  mark_item(studio, "cbs", name, ImGui::GetItemRectSize().x);
  if (ImGui::IsItemHovered()) wrapped_tooltip(tip_text);
  return pressed;
}

// Forward (an iteration, a search, a tree node, the end) on one row; back (to 0, one step) and
// the iteration slider on the next.
void step_buttons(Studio& studio, CbsWatch& w) {
  if (button(studio, "Iteration", "iteration", "One iteration: a node of the low-level search under way, "
                                               "or the high level taking its best open node"))
    w.step(CbsStep::Iteration);
  ImGui::SameLine();
  if (button(studio, "Search", "search", "To the end of the low-level search under way (one unit's "
                                         "plan under its constraints)"))
    w.step(CbsStep::Search);
  ImGui::SameLine();
  if (button(studio, "Tree node", "tree node", "To the end of the tree node's expansion under way: its "
                                               "conflict chosen and both children searched"))
    w.step(CbsStep::Node);
  ImGui::SameLine();
  if (button(studio, "End", "end", "Plan to the end (or the node budget)")) w.to_end();
  if (button(studio, "|<", "start", "Back to iteration 0 (the steps are kept for the slider)")) w.seek(0);
  ImGui::SameLine();
  if (button(studio, "Back", "back", "Undo the last step, whatever its size (a replay from the start: "
                                     "the tree and the grid as they were)"))
    w.back();
  ImGui::SameLine();
  int it = static_cast<int>(std::min<std::int64_t>(w.iteration(), 1 << 30));
  const int last = static_cast<int>(std::min<std::int64_t>(std::max(w.furthest(), w.iteration()), 1 << 30));
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::SliderInt("Iteration##cbs", &it, 0, std::max(last, 1))) w.seek(it);
  mark_item(studio, "cbs", "iteration slider", 100);
}

void break_controls(Studio& studio, CbsWatch& w) {
  bool at_cell = w.breaks.conflict_at.has_value();
  if (ImGui::Checkbox("Conflict at", &at_cell)) {
    if (!at_cell) w.breaks.conflict_at.reset();
    else w.picking_cell = true;
  }
  mark_item(studio, "cbs", "break at cell", ImGui::GetFrameHeight());
  ImGui::SameLine();
  if (w.picking_cell) ImGui::TextColored(kWarnText, "click a cell on the grid");
  else if (w.breaks.conflict_at) ImGui::TextUnformatted(astar::cell_text(*w.breaks.conflict_at).c_str());
  ImGui::SameLine();
  if (button(studio, "Pick", "pick cell", "The next click on the grid chooses the cell: the search "
                                          "stops where a node is split at a conflict there"))
    w.picking_cell = !w.picking_cell;
  bool cost = w.breaks.cost_above.has_value();
  if (ImGui::Checkbox("Cost above", &cost)) w.breaks.cost_above = cost ? std::optional<double>(0.0) : std::nullopt;
  mark_item(studio, "cbs", "break on cost", ImGui::GetFrameHeight());
  if (w.breaks.cost_above) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFrameHeight() * 4.0f);
    double c = *w.breaks.cost_above;
    if (ImGui::InputDouble("##cost_above", &c, 1.0, 10.0, "%.6g")) w.breaks.cost_above = std::max(0.0, c);
  }
  ImGui::BeginDisabled(!w.breaks.any() || w.done());
  if (button(studio, "Run to break", "run to break", "Step until a node is split at a conflict at the "
                                                     "cell, or a node is made costing more than C"))
    studio.status = w.run_to_break() ? "CBS: stopped at a breakpoint" : "CBS: no breakpoint before the end";
  ImGui::EndDisabled();
}

// A log line's node, when it starts with "node N": the node a click on it shows.
std::optional<std::uint32_t> node_of_line(const std::string& line) {
  if (line.rfind("node ", 0) != 0) return std::nullopt;
  std::uint32_t n = 0;
  std::size_t i = 5;
  if (i >= line.size() || !std::isdigit(static_cast<unsigned char>(line[i]))) return std::nullopt;
  for (; i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])); ++i) n = n * 10 + static_cast<std::uint32_t>(line[i] - '0');
  return n;
}

// The tree's colours, in words.
void legend() {
  ImGui::TextColored(ImVec4(0.4f, 0.65f, 1.0f, 1.0f), "open");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.98f, 0.8f, 0.24f, 1.0f), "best");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.94f, 0.67f, 0.16f, 1.0f), "searching");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(1.0f, 0.51f, 0.12f, 1.0f), "splitting");
  ImGui::TextColored(ImVec4(0.4f, 0.9f, 0.45f, 1.0f), "solution");
  ImGui::SameLine();
  ImGui::TextDisabled("dead end");
  ImGui::SameLine();
  ImGui::TextUnformatted("| white frame: shown");
}

// The planner's log, newest last: the newest line wrapped in full, then the list (the newest
// highlighted, a line's full text in its tooltip); a click on a line about a node shows it.
void draw_log(CbsWatch& w, std::size_t& shown) {
  const std::vector<std::string>& log = w.planner()->log();
  if (log.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.35f, 1.0f), "%s", log.back().c_str());
  ImGui::PopTextWrapPos();
  ImGui::BeginChild("cbs_log", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 10), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  std::optional<std::size_t> clicked;
  ImGuiListClipper clipper;  // only the lines in view are made
  clipper.Begin(static_cast<int>(log.size()));
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const auto at = static_cast<std::size_t>(i);
      ImGui::PushID(i);
      if (ImGui::Selectable(log[at].c_str(), at + 1 == log.size())) clicked = at;
      if (ImGui::IsItemHovered()) wrapped_tooltip(log[at]);
      ImGui::PopID();
    }
  if (log.size() != shown) ImGui::SetScrollHereY(1.0f);  // follow the planner
  shown = log.size();
  ImGui::EndChild();
  if (!clicked) return;
  if (const auto n = node_of_line(log[*clicked]); n && *n < w.planner()->nodes().size()) w.select(*n);
}

// The node shown: whose, its words, its constraints.
void node_words(CbsWatch& w) {
  const auto shown = w.shown_node();
  if (!shown) return;
  ImGui::PushTextWrapPos(0.0f);
  if (w.chosen()) ImGui::TextDisabled("Node %u, chosen (Follow: the node the planner works on)", *shown);
  else ImGui::TextDisabled("Node %u, the one the planner works on", *shown);
  ImGui::TextUnformatted(w.node_text().c_str());
  for (const astar::CbsConstraint& c : w.constraints()) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", astar::constraint_text(c).c_str());
  }
  ImGui::PopTextWrapPos();
}

void time_slider(Studio& studio, CbsWatch& w) {
  if (button(studio, "<", "tick back", "One tick back")) w.step_tick(-1);
  ImGui::SameLine();
  if (button(studio, ">", "tick forward", "One tick on")) w.step_tick(1);
  ImGui::SameLine();
  int t = static_cast<int>(w.tick());
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.7f);
  const std::string format = "t = %d / " + std::to_string(w.last_tick());
  if (ImGui::SliderInt("Time##cbs", &t, 0, static_cast<int>(w.last_tick()), format.c_str()))
    w.set_tick(static_cast<std::size_t>(std::max(0, t)));
  mark_item(studio, "cbs", "time", 100);
  ImGui::PushTextWrapPos(0.0f);
  for (const astar::Conflict& c : w.conflicts_now()) ImGui::TextColored(kErrorText, "%s", astar::conflict_text(c).c_str());
  ImGui::PopTextWrapPos();
}

// Plain against prioritized CBS on the watched level: a button, then a row each.
void compare_controls(Studio& studio, CbsWatch& w) {
  if (button(studio, "Compare plain and prioritized", "compare",
             "Runs CBS to the end twice on this level: splitting at the earliest conflict, and at a "
             "cardinal one first (ICBS), each within 50,000 tree nodes and 3 s"))
    w.comparison.run(w.planner()->level(), w.planner()->level().rules());
  if (!w.comparison.ran()) return;
  if (ImGui::BeginTable("cbs_compare", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* h : {"CBS", "split", "made", "ms", "sum of costs"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const CbsComparison::Side& s : w.comparison.sides()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(s.label.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%zu", s.result.nodes_expanded);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", s.result.nodes_made);
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", s.ms);
      ImGui::TableNextColumn();
      if (s.result.outcome == astar::CbsOutcome::Solved) ImGui::Text("%s", astar::number_text(s.result.cost.value()).c_str());
      else ImGui::TextColored(kWarnText, "%s", s.error.empty() ? std::string(to_string(s.result.outcome)).c_str() : "refused");
    }
    ImGui::EndTable();
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(w.comparison.summary().c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace

void draw_cbs_controls(Studio& studio) {
  CbsWatch& w = studio.units_playback.cbs();
  if (!w.active()) return;
  ImGui::PushID("cbs");
  step_buttons(studio, w);
  break_controls(studio, w);
  ImGui::PushTextWrapPos(0.0f);
  const astar::CbsPlanner& p = *w.planner();
  if (p.done() && p.outcome() != astar::CbsOutcome::Solved) ImGui::TextColored(kWarnText, "%s", w.status_text().c_str());
  else ImGui::TextUnformatted(w.status_text().c_str());
  ImGui::PopTextWrapPos();
  compare_controls(studio, w);
  ImGui::PopID();
}

void CbsTreePanel::Draw(Studio& studio) {
  CbsWatch& w = studio.units_playback.cbs();
  if (!w.active()) return;
  ImGui::PushID("cbs_tree_panel");
  if (button(studio, "Fit", "fit", "The whole tree in the panel (Ctrl+wheel zooms, a right drag pans)"))
    view_.fit_once = true;
  ImGui::SameLine();
  if (button(studio, "1:1", "zoom 1", "Boxes at their full size")) {
    view_.zoom = 1.0f;
    view_.auto_fit = false;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(!w.chosen());
  if (button(studio, "Follow", "follow", "Show the node the planner works on again (the node being "
                                         "split, else the solution, else the best open node)"))
    w.select(std::nullopt);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextDisabled("%zu nodes", w.planner()->nodes().size());
  time_slider(studio, w);  // above the tree: in view with it
  const float em = ImGui::GetFontSize() / 15.0f;
  if (const auto clicked = draw_cbs_tree(studio, view_, 220.0f * em)) w.select(*clicked);
  legend();
  node_words(w);
  draw_log(w, log_shown_);
  ImGui::PopID();
}

}  // namespace studio
