// The Lessons menu's list (levels/lessons/*.json, and levels/exercises/*.json in its Exercises
// submenu) and the Lesson panel: the lesson's title, its explanation and the search it sets up.
#include "panels/panels.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <imgui.h>

#include "astar/level_io.hpp"
#include "files/data_dirs.hpp"
#include "state/search_labels.hpp"

namespace studio {

using astar::Cell;

namespace fs = std::filesystem;

std::vector<LessonEntry> find_lessons(std::string_view folder) {
  std::vector<LessonEntry> out;
  std::error_code ec;
  const fs::path dir = fs::path(level_dir()) / folder;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".json")
      if (auto lv = astar::load_level(e.path().string()))
        out.push_back({e.path().string(), lv.value().name.empty() ? e.path().stem().string()
                                                                  : lv.value().name});
  std::sort(out.begin(), out.end(), [](const LessonEntry& a, const LessonEntry& b) { return a.path < b.path; });
  return out;
}

void LessonPanel::Draw(const Studio& studio, const Fonts& fonts) {
  const astar::Level& lv = studio.level();
  ImGui::PushTextWrapPos(0.0f);
  if (fonts.large) ImGui::PushFont(fonts.large);
  ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.35f, 1.0f), "%s", lv.name.c_str());
  if (fonts.large) ImGui::PopFont();
  ImGui::TextUnformatted(lv.description.c_str());
  // In the words of the controls that show it (the Search panel's, the Level panel's guard).
  const std::string suggested = lesson_setup_text(lv.preset);
  if (!suggested.empty()) ImGui::TextDisabled("Set up for this lesson: %s.", suggested.c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace studio
