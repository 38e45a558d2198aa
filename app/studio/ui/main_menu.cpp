// The menu bar: File, Edit, Lessons, Search, View and Help, drawn from the command table
// (commands.hpp).
#include "ui/ui.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"
#include "ui/commands.hpp"

namespace studio {

using astar::Cell;

void MainMenu::Draw(Studio& studio, FileDialogs& files, HelpWindow& help, AnimationDialog& animation,
                    CompareWindow& compare, ResizeDialog& resize, LevelDialogs& dialogs,
                    std::optional<Cell> hovered) {
  if (!ImGui::BeginMenuBar()) return;
  CommandTarget target{studio, files, help, compare, resize, dialogs, animation, hovered};
  for (std::string_view name : menu_names()) {
    if (!ImGui::BeginMenu(std::string(name).c_str())) continue;
    draw_menu(target, name);
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

}  // namespace studio
