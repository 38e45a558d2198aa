// The menu bar: File, Edit, Lessons, Search, View and Help.
#include "panels.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panel_widgets.hpp"
#include "overlays_panel.hpp"

namespace studio {

using astar::Cell;

void MainMenu::Draw(Studio& studio, FileDialogs& files, HelpWindow& help, AnimationDialog& animation,
                    CompareWindow& compare, ResizeDialog& resize, LevelDialogs& dialogs) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New...", "Ctrl+N")) files.request_new(studio);
    if (ImGui::MenuItem("Open...", "Ctrl+O")) files.request_open(studio);
    files.draw_recent_menu(studio);
    if (ImGui::MenuItem("Save", "Ctrl+S")) files.save(studio);
    if (ImGui::MenuItem("Save As...", "Ctrl+Shift+S")) files.request_save_as(studio);
    ImGui::Separator();
    if (ImGui::MenuItem("Import...")) dialogs.import.request(studio);
    if (ImGui::MenuItem("Export MovingAI map (.map)...")) dialogs.exporter.request(studio, ExportDialog::Kind::Map);
    if (ImGui::MenuItem("Export image (PNG)...")) dialogs.exporter.request(studio, ExportDialog::Kind::Png);
    if (ImGui::MenuItem("Export animation (GIF)...")) animation.open = true;
    if (ImGui::MenuItem("Export trace (JSON)", "Ctrl+T")) studio.requests.push(MainRequest::ExportTrace);
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) files.request_quit(studio);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    const astar::Editor& ed = studio.editor();
    const std::string undo = "Undo " + ed.undo_label(), redo = "Redo " + ed.redo_label();
    if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, ed.can_undo())) studio.undo();
    if (ImGui::MenuItem(redo.c_str(), "Ctrl+Y", false, ed.can_redo())) studio.redo();
    ImGui::Separator();
    if (ImGui::MenuItem("Cut", "Ctrl+X", false, studio.selection.has_value())) cut_selection(studio);
    if (ImGui::MenuItem("Copy", "Ctrl+C", false, studio.selection.has_value())) copy_selection(studio);
    if (ImGui::MenuItem("Paste", "Ctrl+V", false, !studio.clipboard.empty()))
      paste_clipboard(studio, std::nullopt);
    if (ImGui::MenuItem("Delete", "Del")) delete_selection(studio);
    if (ImGui::MenuItem("Select all", "Ctrl+A")) select_all(studio);
    ImGui::Separator();
    if (ImGui::MenuItem("Resize level...")) resize.request(studio);
    if (ImGui::MenuItem("Generate level...")) dialogs.generate.request();
    bool block = studio.level().agents_block();
    if (ImGui::MenuItem("Agents block", nullptr, &block)) studio.set_agents_block(block);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Lessons")) {
    if (!lessons_read_) {
      lessons_ = find_lessons();
      lessons_read_ = true;
    }
    if (lessons_.empty()) ImGui::TextDisabled("No lessons in %s/lessons", level_dir().c_str());
    for (const LessonEntry& l : lessons_)
      if (ImGui::MenuItem(l.title.c_str(), nullptr, l.path == studio.file_path()))
        files.request_lesson(studio, l.path);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Search")) {
    const bool done = astar::finished(studio.search().state());
    if (ImGui::MenuItem("Step", "N", false, !done)) studio.step();
    if (ImGui::MenuItem("Step back", "B", false, studio.can_step_back())) studio.step_back();
    if (ImGui::MenuItem(studio.playing ? "Pause" : "Play", "Space", false, !done))
      studio.playing = !studio.playing;
    if (ImGui::MenuItem("Run to end", "Enter", false, !done)) studio.run_to_end();
    if (ImGui::MenuItem("Reset", "Ctrl+R")) studio.reset_search();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    if (ImGui::MenuItem("Fit level", "F")) studio.view.fit_pending = true;
    ImGui::MenuItem("Compare", "C", &compare.open);
    if (ImGui::MenuItem("Save screenshot", "F12")) studio.requests.push(MainRequest::Screenshot);
    ImGui::Separator();
    Appearance& look = studio.appearance;
    ImGui::MenuItem("Presentation mode", "F11", &look.presentation);
    if (ImGui::BeginMenu("Palette")) {
      for (int i = 0; i < static_cast<int>(palette::Id::_Max); ++i) {
        const auto id = static_cast<palette::Id>(i);
        if (ImGui::MenuItem(palette::get(id).label, nullptr, look.palette == id)) look.choose_palette(id);
      }
      ImGui::EndMenu();
    }
    ImGui::MenuItem("Patterns (second cue beside colour)", nullptr, &look.patterns);
    ImGui::MenuItem("Debugger column", nullptr, &look.debugger_column);
    if (ImGui::BeginMenu("Overlays")) {
      draw_overlay_controls(studio);
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Controls", "F1", &help.open);
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

}  // namespace studio
