// Help > Controls: the mouse, the keys and what the canvas shows.
#include "ui/ui.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "ui/commands.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

using astar::Cell;

void HelpWindow::Draw() {
  if (!open) return;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const float em = ImGui::GetFontSize() / 15.0f;  // larger with the UI scale and when presenting
  ImGui::SetNextWindowSize(ImVec2(560 * em, 0), ImGuiCond_Appearing);
  if (!ImGui::Begin("Help", &open, ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  auto section = [](const char* title) {
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "%s", title);
    ImGui::Separator();
  };
  constexpr auto row = +[](const char* keys, const char* what) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(keys);
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", what);
  };
  auto table = [em](const char* id) {
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit)) return false;
    ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, 190 * em);
    ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
    return true;
  };
  // The mouse, then each section's keys from the command table (commands.hpp).
  section("Canvas");
  if (table("canvas")) {
    row("Left drag", "Use the current tool on the active layer");
    row("Shift + left drag", "Paint the opposite value (erase, cost 1, height 0)");
    row("Drag S or G", "Move the start or goal (never onto a wall)");
    row("Right or middle drag", "Pan");
    row("Mouse wheel", "Zoom around the cursor");
    draw_help_rows("Canvas", row);
    ImGui::EndTable();
  }
  section("Edit (Tiled's keys)");
  if (table("edit")) {
    draw_help_rows("Edit", row);
    row("Edit > Resize level", "New size, with an anchor for the old content");
    row("Hex levels", "Level panel > Topology (or File > New). The brush paints a hexagon of "
                      "hexes, a line is a hex line, a fill follows the six neighbours; rectangles "
                      "and selections are columns and rows, moved by columns and rows");
    ImGui::EndTable();
  }
  section("Search");
  if (table("search")) {
    draw_help_rows("Search", row);
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "Editing while a search is shown re-runs it on the edited level to the same iteration "
      "(or to the end, if it had finished), so you can watch how the edit changes the search. "
      "Changing the algorithm, heuristic, weight, tie-break or partial path does the same.");
  section("Algorithms");
  ImGui::TextWrapped(
      "Search > Algorithm picks the search; the line below it says what the path is worth and "
      "what f is. Dijkstra and Breadth-first use no heuristic (greyed out); Weighted A* has a "
      "Weight slider. Jump Point Search and Theta* need square cells that all cost 1, 8 "
      "neighbours and no corner cutting: elsewhere they do not run and the panel says why (on "
      "hex levels they are greyed out; the heuristics there are hex distance and zero). "
      "Theta*'s path is any-angle waypoints. Bidirectional A* shows the search from the goal in "
      "a bluer hue and its meeting cell with a gold ring. Partial path: with no path, a dashed "
      "line to the reached cell nearest the goal.");
  ImGui::TextDisabled("Command line: --algorithm NAME, --weight W (astar-studio --help).");
  section("Files");
  if (table("files")) {
    draw_help_rows("Files", row);
    row("Drop a file", "On the window: a level (.json) or MovingAI map (.map) opens; an image "
                       "(.png, .jpg) or Tiled map (.tmj) opens File > Import");
    row("File menu", "Open Recent, Import, Export map / image; Edit > Generate level");
    row("Autosave", "Unsaved changes go to a recovery file every 30 s; after a crash the "
                    "next start offers to restore them");
    ImGui::EndTable();
  }
  section("View");
  if (table("view")) {
    draw_help_rows("View", row);
    row("View > Palette", "Default, Colour-blind safe or High contrast colours; Patterns adds "
                          "dots (open), a cross-hatch (closed) and path dots");
    ImGui::EndTable();
  }
  ImGui::TextWrapped(
      "New, Open and Quit ask to save unsaved changes first. The title bar shows * while "
      "there are unsaved changes.");
  section("Overlays");
  ImGui::TextWrapped(
      "Default palette: green open set, purple closed set, orange path (the Legend shows the "
      "palette in use). Dashed and lighter: a partial "
      "path. Magenta outline: the node taken by the last step; teal outlines: its neighbours whose cost improved. From %.0f px "
      "per cell, arrows point from each visited cell to its parent (cameFrom); from %.0f px, "
      "cells show g (top left), h (top right) and f = g + h (centre).",
      kArrowMinPx, kTextMinPx);
  ImGui::End();
}

}  // namespace studio
