// The status line under the canvas: file, size, zoom, the search and its outcome, the hovered
// cell and the last message.
#include "panels.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panel_widgets.hpp"

namespace studio {

using astar::Cell;

void StatusBar::Draw(const Studio& studio, std::optional<Cell> cell) {
  const astar::Search& s = studio.search();
  const astar::SearchState state = s.state();
  ImGui::Text("%s%s  |  %d x %d  |  %.3g px/cell  |  %s, iteration %lld, ",
              studio.file_name().c_str(), studio.dirty() ? " *" : "", studio.level().width(),
              studio.level().height(), studio.view.cell_px, studio.trace_mode() ? "trace" : std::string(astar::info(studio.algorithm()).label).c_str(),
              static_cast<long long>(s.iterations()));
  ImGui::SameLine(0.0f, 0.0f);
  const std::string outcome(astar::to_string(state));
  if (state == astar::SearchState::Invalid) {
    ImGui::TextColored(kWarnText, "%s: %s", outcome.c_str(), s.message().c_str());
  } else if (studio.path_partial()) {
    ImGui::TextColored(kWarnText, "%s (partial path)", outcome.c_str());
  } else if (state == astar::SearchState::NoPath || state == astar::SearchState::IterationLimit) {
    ImGui::TextColored(kWarnText, "%s", outcome.c_str());
  } else {
    ImGui::TextUnformatted(outcome.c_str());
  }
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
