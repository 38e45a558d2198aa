// The Cell panel: the hovered cell's cost, height and moves out, and what the search knows of
// it (state, g, h, f, parent) or why it was not taken.
#include "panels/panels.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/queue_panel.hpp"  // draw_replan_vertex
#include "astar/inspect.hpp"

namespace studio {

using astar::Cell;

void InspectorPanel::Draw(const Studio& studio, std::optional<Cell> cell) {
  const SearchSession& session = studio.session();
  if (!cell) {
    ImGui::TextDisabled("Hover a cell to inspect it.");
    return;
  }
  const astar::Level& level = studio.level();
  const Cell c = *cell;
  ImGui::Text("Cell %s%s%s", astar::cell_text(c).c_str(), c == level.start() ? "  start" : "",
              c == level.goal() ? "  goal" : "");
  if (level.wall(c)) {
    ImGui::TextUnformatted("Wall");
    return;
  }
  ImGui::Text("Cost %s   Height %d", value_text(level.cost(c)).c_str(), level.height_at(c));
  // The moves out of the cell under the level's rules, with their costs or why they are impossible.
  if (ImGui::TreeNode("Moves out")) {
    const astar::MovePolicy policy(level);
    policy.for_each_move(c, [&](const astar::Move& m) {
      if (m.possible())
        ImGui::Text("%s %s  %s  %s", std::string(astar::dir_name(m.dir)).c_str(), astar::cell_text(m.to).c_str(),
                    std::string(astar::to_string(m.action)).c_str(), value_text(m.cost).c_str());
      else if (m.block != astar::MoveBlock::OutOfBounds)
        ImGui::TextDisabled("%s %s  %s", std::string(astar::dir_name(m.dir)).c_str(), astar::cell_text(m.to).c_str(),
                            std::string(astar::to_string(m.block)).c_str());
    });
    ImGui::TreePop();
  }
  if (const astar::ReplanningSearch* rs = session.replanning()) draw_replan_vertex(*rs, c);
  const astar::NodeView n = session.search().node(c);
  const std::string why = astar::why_not_taken(session.search(), c);
  if (n.state == astar::NodeState::Unseen) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", why.empty() ? "Not reached yet" : ("Not taken: " + why).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  const bool backward = session.search().side(c) == astar::Side::Backward;
  ImGui::Text("%s%s%s", n.state == astar::NodeState::Open ? "Open" : "Closed",
              backward ? " (from the goal)" : "",
              !session.path_contains(c) ? ""
              : session.path_partial()  ? ", on the partial path"
                                       : ", on the path");
  ImGui::Text("g %s   h %s   f %s", value_text(n.g).c_str(), value_text(n.h).c_str(),
              value_text(n.f).c_str());
  if (backward) ImGui::TextDisabled("g: cost from here to the goal");
  if (n.parent) ImGui::Text("Parent %s", astar::cell_text(*n.parent).c_str());
  if (!why.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarnText, "Not taken: %s", why.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace studio
