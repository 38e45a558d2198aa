// The status line under the canvas: file, size, zoom, the search and its outcome, the hovered
// cell and the last message.
#include "panels/panels.hpp"
#include "state/exercise_mode.hpp"

#include <cstdio>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

using astar::Cell;

namespace {

std::string file_and_size(const Studio& studio) {
  return studio.file_name() + (studio.dirty() ? " *" : "") + "  |  " + std::to_string(studio.level().width()) +
         " x " + std::to_string(studio.level().height());
}

std::string search_label(const Studio& studio) {
  const SearchSession& session = studio.session();
  const astar::Search& s = session.search();
  return (studio.trace_mode() ? std::string("trace") : std::string(astar::info(session.algorithm()).label)) +
         ", iteration " + std::to_string(s.iterations()) + ", ";
}

std::string outcome_text(const Studio& studio) {
  const SearchSession& session = studio.session();
  const astar::Search& s = session.search();
  const std::string outcome(astar::to_string(s.state()));
  if (s.state() == astar::SearchState::Invalid) return outcome + ": " + s.message();
  if (session.path_partial()) return outcome + " (partial path)";
  if (s.state() != astar::SearchState::Found || session.path().empty()) return outcome;
  char cost[40];
  std::snprintf(cost, sizeof cost, ", cost %.9g", s.path_cost());
  // Walk mode: the plan runs from where the robot stands (0 once it has arrived); the walk's own
  // text beside it gives the cost walked.
  return outcome + cost + (studio.walk() ? " from the robot's cell" : "");
}

}  // namespace

std::string search_status_text(const Studio& studio) { return search_label(studio) + outcome_text(studio); }

std::string status_line_text(const Studio& studio) {
  // An exercise: its question or last verdict instead of the search (hidden from the student).
  if (const ExerciseMode* ex = studio.exercise()) {
    std::string line = file_and_size(studio) + "  |  " + ex->status_text();
    return studio.status.empty() ? line : line + "  |  " + studio.status;
  }
  std::string line = file_and_size(studio) + "  |  " + search_status_text(studio);
  // CBS watched: the Units section's status line too ("CBS: iteration 12, splitting node 0 ...").
  if (const CbsWatch& cbs = studio.units_playback.cbs(); cbs.active()) line += "  |  " + cbs.status_text();
  if (!studio.status.empty()) line += "  |  " + studio.status;
  return line;
}

void StatusBar::Draw(const Studio& studio, std::optional<Cell> cell) {
  if (const ExerciseMode* ex = studio.exercise()) {
    ImGui::Text("%s  |  ", file_and_size(studio).c_str());
    ImGui::SameLine(0.0f, 0.0f);
    const auto& v = ex->last_verdict();
    const bool wrong = !ex->last_error().empty() || (v && !v->correct && !ex->exam());
    if (wrong) ImGui::TextColored(kWarnText, "%s", ex->status_text().c_str());
    else ImGui::TextUnformatted(ex->status_text().c_str());
    if (!studio.status.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("|  %s", studio.status.c_str());
    }
    return;
  }
  const astar::SearchState state = studio.session().search().state();
  ImGui::Text("%s  |  %.3g px/cell  |  %s", file_and_size(studio).c_str(), studio.view.cell_px,
              search_label(studio).c_str());
  ImGui::SameLine(0.0f, 0.0f);
  const bool warn = state == astar::SearchState::Invalid || studio.session().path_partial() ||
                    state == astar::SearchState::NoPath || state == astar::SearchState::IterationLimit;
  if (warn) ImGui::TextColored(kWarnText, "%s", outcome_text(studio).c_str());
  else ImGui::TextUnformatted(outcome_text(studio).c_str());
  if (cell) {
    ImGui::SameLine();
    ImGui::Text("|  cell %s", astar::cell_text(*cell).c_str());
  }
  if (!studio.status.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("|  %s", studio.status.c_str());
  }
}

}  // namespace studio
