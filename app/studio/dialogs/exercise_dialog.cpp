// File > New exercise... (exercise_dialog.hpp).
#include "dialogs/exercise_dialog.hpp"
#include "state/exercise_mode.hpp"
#include "dialogs/file_dialogs.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <array>
#include <cctype>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/exercise.hpp"
#include "panels/panel_widgets.hpp"
#include "state/studio.hpp"

namespace studio {

namespace {

constexpr std::array<const char*, 4> kAlgorithms = {"astar", "dijkstra", "greedy", "bfs"};
constexpr std::array<const char*, 2> kQuestions = {"admissible", "consistent"};

// A quoted word for a shell when it needs quoting.
std::string shell_word(const std::string& s) {
  const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '/';
  });
  if (plain) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A combo over names; true when the choice changed.
template <std::size_t N>
bool name_combo(const char* label, std::string& value, const std::array<const char*, N>& names) {
  bool changed = false;
  if (ImGui::BeginCombo(label, value.c_str())) {
    for (const char* n : names)
      if (ImGui::Selectable(n, value == n)) {
        changed = value != n;
        value = n;
      }
    ImGui::EndCombo();
  }
  return changed;
}

}  // namespace

std::optional<astar::ExerciseDifficulty> difficulty_of(const astar::ExerciseSpec& spec) {
  for (int i = 0; i < static_cast<int>(astar::ExerciseDifficulty::_Max); ++i) {
    const auto d = static_cast<astar::ExerciseDifficulty>(i);
    if (astar::with_difficulty(spec, d) == spec) return d;
  }
  return std::nullopt;
}

std::string exercise_command_line(const astar::ExerciseSpec& spec) {
  std::string out = "astar-studio --exercise " + std::string(astar::to_string(spec.kind)) + " --seed " +
                    shell_word(spec.seed);
  if (!spec.student.empty()) out += " --student " + shell_word(spec.student);
  const astar::ExerciseSpec defaults;
  if (spec.algorithm != defaults.algorithm) out += " --algorithm " + spec.algorithm;
  if (spec.kind == astar::ExerciseKind::Heuristic && spec.question != defaults.question)
    out += " --question " + spec.question;
  if (const auto d = difficulty_of(spec)) out += " --difficulty " + std::string(astar::to_string(*d));
  if (spec.exam) out += " --exam";
  if (spec.exam && spec.time_limit > 0) out += " --time-limit " + std::to_string(spec.time_limit);
  if (!spec.exam && !spec.hints) out += " --no-hints";
  return out;
}

void ExerciseDialog::request(const Studio& studio) {
  if (const ExerciseMode* ex = studio.exercise()) {
    spec_ = ex->spec();
    if (const auto d = difficulty_of(spec_)) difficulty_ = static_cast<int>(*d);
  }
  error_.clear();
  open_ = true;
}

void ExerciseDialog::draw_settings() {
  const float w = 200.0f * ImGui::GetFontSize() / 15.0f;
  ImGui::SetNextItemWidth(w);
  if (ImGui::BeginCombo("Kind", std::string(astar::to_string(spec_.kind)).c_str())) {
    for (int i = 0; i < static_cast<int>(astar::ExerciseKind::_Max); ++i) {
      const auto k = static_cast<astar::ExerciseKind>(i);
      if (ImGui::Selectable(std::string(astar::to_string(k)).c_str(), k == spec_.kind)) spec_.kind = k;
    }
    ImGui::EndCombo();
  }
  const bool picks_algorithm =
      spec_.kind == astar::ExerciseKind::ExpansionOrder || spec_.kind == astar::ExerciseKind::PredictClosed;
  if (!picks_algorithm) spec_.algorithm = "astar";
  ImGui::BeginDisabled(!picks_algorithm);
  ImGui::SetNextItemWidth(w);
  name_combo("Algorithm", spec_.algorithm, kAlgorithms);
  ImGui::EndDisabled();
  if (spec_.kind == astar::ExerciseKind::Heuristic) {
    ImGui::SetNextItemWidth(w);
    name_combo("Question", spec_.question, kQuestions);
  }
  ImGui::SetNextItemWidth(w);
  const char* levels[] = {"easy", "medium", "hard"};
  if (ImGui::Combo("Difficulty", &difficulty_, levels, 3))
    spec_ = astar::with_difficulty(spec_, static_cast<astar::ExerciseDifficulty>(difficulty_));
  if (ImGui::TreeNode("Size, walls, costs, neighbours, ties")) {
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("Size", &spec_.size, astar::kExerciseMinSize, astar::kExerciseMaxSize);
    ImGui::SetNextItemWidth(w);
    ImGui::SliderInt("Walls (%)", &spec_.walls, 0, astar::kExerciseMaxWalls);
    ImGui::Checkbox("Costs 1-3", &spec_.costs);
    ImGui::Checkbox("8 neighbours (octile)", &spec_.diagonal);
    ImGui::Checkbox("Many ties", &spec_.ties);
    ImGui::TreePop();
  }
  ImGui::SetNextItemWidth(w);
  ImGui::InputText("Class seed", &spec_.seed);
  tip("Any text: the same seed gives the class the same kind of level");
  ImGui::SetNextItemWidth(w);
  ImGui::InputText("Student", &spec_.student);
  tip("Your name or number: mixed into the seed, so each student gets a level of their own");
  ImGui::Checkbox("Exam", &spec_.exam);
  tip("No hints, no undo, one attempt, and a time limit");
  if (spec_.exam) {
    int minutes = spec_.time_limit / 60;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(w * 0.6f);
    if (ImGui::InputInt("Time limit (min, 0: none)", &minutes))
      spec_.time_limit = std::clamp(minutes, 0, astar::kExerciseMaxTimeLimit / 60) * 60;
  } else {
    ImGui::SameLine();
    ImGui::Checkbox("Hints allowed", &spec_.hints);
  }
}

void ExerciseDialog::Draw(Studio& studio, FileDialogs& files) {
  if (open_) {
    open_ = false;
    ImGui::OpenPopup("New exercise");
  }
  center_next_window();
  ImGui::SetNextWindowSizeConstraints(ImVec2(560, 0), ImVec2(560, FLT_MAX));
  if (!ImGui::BeginPopupModal("New exercise", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted("You run the algorithm on a small level; each step is checked at once and a "
                         "wrong one explained. The same class seed and name give the same level.");
  draw_settings();
  const std::string problem = astar::check_exercise_spec(spec_);
  if (!problem.empty()) ImGui::TextColored(kErrorText, "%s", problem.c_str());
  else ImGui::TextDisabled("%s", exercise_command_line(spec_).c_str());
  if (problem.empty() && !difficulty_of(spec_))
    ImGui::TextDisabled("(Changed sizes are not on the command line: Save As writes the exercise's level file.)");
  if (!error_.empty()) ImGui::TextColored(kErrorText, "%s", error_.c_str());
  ImGui::PopTextWrapPos();
  ImGui::BeginDisabled(!problem.empty());
  const bool start = ImGui::Button("Start", ImVec2(100, 0));
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) ImGui::CloseCurrentPopup();
  if (start) {
    if (auto made = astar::make_exercise(spec_); made) {
      ImGui::CloseCurrentPopup();
      files.request_exercise(studio, std::move(made).value());
    } else {
      error_ = made.error();  // stays open: change the settings
    }
  }
  ImGui::EndPopup();
}

}  // namespace studio
