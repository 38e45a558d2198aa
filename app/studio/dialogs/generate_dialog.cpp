#include "dialogs/generate_dialog.hpp"
#include "panels/panel_widgets.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cfloat>
#include <random>

#include <imgui.h>
#include <imgui_stdlib.h>

namespace studio {

namespace {

constexpr double kZero = 0.0, kOne = 1.0;  // slider ends (SliderScalar takes pointers)

const char* kind_label(astar::GeneratorKind k) {
  switch (k) {
    case astar::GeneratorKind::MazeBacktracker: return "Maze: recursive backtracker";
    case astar::GeneratorKind::MazeDivision: return "Maze: recursive division";
    case astar::GeneratorKind::Rooms: return "Rooms and corridors";
    case astar::GeneratorKind::Obstacles: return "Random obstacles";
    case astar::GeneratorKind::NoiseCosts: return "Noise terrain: costs";
    case astar::GeneratorKind::NoiseHeights: return "Noise terrain: heights";
    case astar::GeneratorKind::_Max: break;
  }
  return "?";
}

bool is_noise(astar::GeneratorKind k) {
  return k == astar::GeneratorKind::NoiseCosts || k == astar::GeneratorKind::NoiseHeights;
}

}  // namespace

bool GenerateDialog::parameter_widgets() {
  astar::GeneratorOptions& o = options_;
  bool changed = false;
  const float w = 200.0f;
  for (std::string_view name : astar::generator_parameters(o.kind)) {
    ImGui::SetNextItemWidth(w);
    if (name == "loops") {
      changed |= ImGui::SliderScalar("Loops", ImGuiDataType_Double, &o.loops, &kZero, &kOne, "%.2f");
      tip(o.kind == astar::GeneratorKind::Rooms
              ? "The share of extra corridors beyond those that join every room (0..1)."
              : "The share of inner walls between maze rooms opened after carving (0..1); 0 keeps "
                "the maze perfect: one path between any two cells.");
    } else if (name == "rooms") {
      changed |= ImGui::InputInt("Rooms", &o.rooms);
      tip("How many rooms to try to place (1..10000); one that would touch another is skipped.");
    } else if (name == "room-size") {
      changed |= ImGui::DragIntRange2("Room size", &o.room_min, &o.room_max, 0.1f, 3, 4096,
                                      "min %d", "max %d");
      tip("Each room's side in cells: 3..max, max at most the level's smaller side - 2.");
    } else if (name == "density") {
      changed |= ImGui::SliderScalar("Density", ImGuiDataType_Double, &o.density, &kZero, &kOne, "%.2f");
      tip("The share of cells that are walls, start and goal excepted.");
    } else if (name == "scale") {
      changed |= ImGui::InputDouble("Scale", &o.scale, 1.0, 8.0, "%.1f");
      tip("The noise's feature size in cells (1..4096): larger is smoother.");
    } else if (name == "octaves") {
      changed |= ImGui::SliderInt("Octaves", &o.octaves, 1, 8);
      tip("Layers of finer noise added (1..8): more is rougher.");
    } else if (name == "costs") {
      double r[2] = {o.cost_min, o.cost_max};
      if (ImGui::InputScalarN("Costs", ImGuiDataType_Double, r, 2, nullptr, nullptr, "%.2f")) {
        o.cost_min = r[0];
        o.cost_max = r[1];
        changed = true;
      }
      tip("The lowest and highest cost (0 < min <= max <= 1,000,000).");
    } else if (name == "heights") {
      int r[2] = {o.height_min, o.height_max};
      if (ImGui::InputInt2("Heights", r)) {
        o.height_min = r[0];
        o.height_max = r[1];
        changed = true;
      }
      tip("The lowest and highest whole height.");
    } else {
      // A parameter this dialog does not know yet: its text, as on the command line.
      std::string text;
      const std::string label = std::string(name) + "##generic";
      if (ImGui::InputText(label.c_str(), &text, ImGuiInputTextFlags_EnterReturnsTrue))
        if (auto s = astar::set_generator_parameter(o, name, text); !s) error_ = s.error();
    }
  }
  return changed;
}

void GenerateDialog::update_preview() {
  preview_for_ = options_;
  preview_ = astar::generate_level(options_);
  if (preview_->ok()) thumbnail_.set(preview_->value());
  else thumbnail_.clear();
}

void GenerateDialog::Draw(Studio& studio) {
  constexpr const char* kTitle = "Generate level";
  if (open_) {
    open_ = false;
    error_.clear();
    ImGui::OpenPopup(kTitle);
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;

  ImGui::BeginGroup();  // the controls, left of the preview
  draw_kind_size_seed();
  ImGui::Separator();
  parameter_widgets();
  const std::string problem = astar::check_generator_options(options_);
  const std::string recipe = astar::generator_recipe(options_);
  draw_problem_and_recipe(problem, recipe);
  ImGui::EndGroup();
  ImGui::SameLine();
  draw_preview(problem);

  if (!error_.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextColored(kErrorText, "%s", error_.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::Spacing();
  draw_buttons(studio, problem, recipe);
  ImGui::EndPopup();
}

void GenerateDialog::draw_kind_size_seed() {
  astar::GeneratorOptions& o = options_;
  ImGui::SetNextItemWidth(200.0f);
  if (ImGui::BeginCombo("Kind", kind_label(o.kind))) {
    for (int i = 0; i < static_cast<int>(astar::GeneratorKind::_Max); ++i) {
      const auto k = static_cast<astar::GeneratorKind>(i);
      if (ImGui::Selectable(kind_label(k), k == o.kind) && k != o.kind) o.kind = k;
    }
    ImGui::EndCombo();
  }
  int size[2] = {o.width, o.height};
  ImGui::SetNextItemWidth(200.0f);
  if (ImGui::InputInt2("Size", size)) {
    o.width = size[0];
    o.height = size[1];
  }
  tip("Width and height in cells. Mazes use odd sides fully (maze rooms sit at odd x and y).");
  topology_picker(o.topology, o.stagger, 200.0f, nullptr);
  tip("Square cells or hexagons. On hexes a maze keeps its lattice: each room opens only to its "
      "four corridors, so it stays a perfect maze.");
  ImGui::SetNextItemWidth(200.0f);
  ImGui::InputScalar("Seed", ImGuiDataType_U64, &o.seed);
  tip("The same seed and settings make the same level, on every machine.");
  ImGui::SameLine();
  if (ImGui::Button("Random seed")) o.seed = std::random_device{}() % 1000000u;
  tip("A new seed 0..999999 (short enough to write on the board).");
}

void GenerateDialog::draw_problem_and_recipe(const std::string& problem, const std::string& recipe) {
  if (!problem.empty()) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 320.0f);
    ImGui::TextColored(kErrorText, "%s", problem.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::TextDisabled("Recipe (the level's name):");
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 320.0f);
  ImGui::TextUnformatted(recipe.c_str());
  ImGui::PopTextWrapPos();
}

bool GenerateDialog::preview_current() const {
  return preview_for_ && *preview_for_ == options_ && preview_;
}

// The preview: live for levels up to kLivePreviewCells, else on request.
void GenerateDialog::draw_preview(const std::string& problem) {
  const astar::GeneratorOptions& o = options_;
  ImGui::BeginGroup();
  const bool live = std::int64_t{o.width} * o.height <= kLivePreviewCells;
  if (!preview_current() && problem.empty() && live) update_preview();
  if (preview_current() && preview_->ok()) {
    thumbnail_.Draw(220.0f, 220.0f);
    const astar::Level& lv = preview_->value();
    ImGui::TextDisabled("%d x %d, start (%d, %d), goal (%d, %d)", lv.width(), lv.height(),
                        lv.start().x, lv.start().y, lv.goal().x, lv.goal().y);
  } else {
    ImGui::Dummy(ImVec2(220.0f, 220.0f));
    if (preview_current() && !preview_->ok())
      ImGui::TextColored(kErrorText, "%s", preview_->error().c_str());
    else if (!live && problem.empty() && ImGui::Button("Preview"))
      update_preview();
  }
  ImGui::EndGroup();
}

void GenerateDialog::generate(Studio& studio, const std::string& recipe) {
  if (!preview_current()) update_preview();
  if (!preview_->ok()) {
    error_ = preview_->error();
    return;
  }
  astar::Level level = preview_->value();
  const int w = level.width(), h = level.height();
  studio.replace_level(std::move(level), "Generate " + std::string(astar::to_string(options_.kind)));
  studio.view.fit_pending = true;
  studio.status = "Generated " + recipe + " (" + std::to_string(w) + " x " + std::to_string(h) +
                  "); Ctrl+Z undoes it";
  ImGui::CloseCurrentPopup();
}

void GenerateDialog::apply_noise(Studio& studio) {
  const astar::GeneratorOptions& o = options_;
  astar::Level level = studio.level();
  if (auto s = astar::apply_noise(level, o); !s) {
    error_ = s.error();
    return;
  }
  studio.replace_level(std::move(level), "Apply " + std::string(astar::to_string(o.kind)));
  studio.status = "Applied " + std::string(astar::to_string(o.kind)) + " (seed " +
                  std::to_string(o.seed) + ") to the open cells; walls kept; Ctrl+Z undoes it";
  ImGui::CloseCurrentPopup();
}

void GenerateDialog::draw_buttons(Studio& studio, const std::string& problem,
                                  const std::string& recipe) {
  const ImVec2 button(140.0f, 0.0f);
  ImGui::BeginDisabled(!problem.empty());
  if (ImGui::Button("Generate", button)) generate(studio, recipe);
  if (is_noise(options_.kind)) {
    ImGui::SameLine();
    if (ImGui::Button("Apply to this level", button)) apply_noise(studio);
    tip("Put the noise's costs or heights onto the level being edited: every open cell gets "
        "one, walls and everything else stay. The size above is not used.");
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", button) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
}

}  // namespace studio
