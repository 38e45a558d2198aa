#include "dialogs/export_dialog.hpp"

#include "dialogs/file_dialogs.hpp"
#include "files/data_dirs.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/movingai.hpp"
#include "platform/platform.hpp"

namespace studio {

namespace fs = std::filesystem;

namespace {
const ImVec4 kErrorText(1.0f, 0.45f, 0.45f, 1.0f);
const ImVec4 kWarnText(1.0f, 0.8f, 0.3f, 1.0f);
}  // namespace

void ExportDialog::request(const Studio& studio, Kind kind) {
  kind_ = kind;
  const std::string ext = kind == Kind::Map ? ".map" : ".png";
  fs::path p = studio.file_path().empty() ? fs::path(save_dir()) / "untitled.json"
                                          : fs::path(studio.file_path());
  path_ = p.replace_extension(ext).string();
  error_.clear();
  // A size that keeps a big level within the cap, 8 px per cell for small ones.
  image_.cell_px = std::min(8, astar::max_level_image_cell_px(studio.level()));
  open_ = true;
}

void ExportDialog::Draw(Studio& studio) {
  const char* title = kind_ == Kind::Map ? "Export MovingAI map" : "Export image";
  if (open_) {
    open_ = false;
    ImGui::OpenPopup(title);
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, FLT_MAX));
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const astar::Level& level = studio.level();
  std::string problem;
  if (kind_ == Kind::Map) {
    const std::vector<std::string> losses = astar::movingai_export_losses(level);
    ImGui::PushTextWrapPos(0.0f);
    if (losses.empty()) {
      ImGui::TextUnformatted("A .map holds walls only; this level has nothing else but its start and goal.");
    } else {
      ImGui::TextColored(kWarnText, "A .map holds walls only. Not written:");
      for (const std::string& l : losses) ImGui::BulletText("%s", l.c_str());
    }
    ImGui::PopTextWrapPos();
  } else {
    ImGui::SetNextItemWidth(220.0f);
    ImGui::SliderInt("Pixels per cell", &image_.cell_px, 1, astar::kMaxLevelImageCellPx);
    problem = astar::check_level_image_options(level, image_);
    if (problem.empty()) {
      const astar::LevelImageSize size = astar::level_image_size(level, image_.cell_px);
      const char* hex_note = level.is_hex() ? " (hexagons: pixels per cell centre to centre)" : "";
      ImGui::TextDisabled("%lld x %lld pixels%s", static_cast<long long>(size.width),
                          static_cast<long long>(size.height), hex_note);
    }
    ImGui::Checkbox("Grid lines (from 6 px per cell)", &image_.grid);
    ImGui::Checkbox("Start and goal", &image_.endpoints);
    ImGui::TextDisabled("Walls, terrain colours of costs, heights shaded, agents.");
  }
  ImGui::TextUnformatted("File:");
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool write_now = ImGui::InputText("##export-path", &path_, ImGuiInputTextFlags_EnterReturnsTrue);
  std::error_code ec;
  if (!path_.empty() && fs::exists(path_, ec))
    ImGui::TextColored(kWarnText, "%s exists and will be replaced.", path_.c_str());
  for (const std::string* e : {&problem, &error_})
    if (!e->empty()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(kErrorText, "%s", e->c_str());
      ImGui::PopTextWrapPos();
    }
  ImGui::Spacing();
  ImGui::BeginDisabled(path_.empty() || !problem.empty());
  if (ImGui::Button("Export", ImVec2(100, 0))) write_now = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
  if (write_now && !path_.empty() && problem.empty()) {
    const astar::Status s = kind_ == Kind::Map ? astar::save_movingai_map(level, path_)
                                               : astar::save_level_image(level, image_, path_);
    if (s) {
      studio.status = "Exported " + path_ +
                      (kind_ == Kind::Map ? std::string(" (MovingAI map)")
                                          : " (" + std::to_string(image_.cell_px) + " px per cell)");
      platform::file_written(path_);
      ImGui::CloseCurrentPopup();
    } else {
      error_ = s.error();
      studio.status = "Export failed: " + s.error();
    }
  }
  ImGui::EndPopup();
}

}  // namespace studio
