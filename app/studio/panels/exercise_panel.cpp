// The Exercise panel and the exercise's keys (exercise_panel.hpp).
#include "panels/exercise_panel.hpp"
#include "state/exercise_mode.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/format.hpp"
#include "astar/trace_check.hpp"
#include "overlays/exercise_overlay.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

using astar::Cell;
using astar::PromptKind;

namespace {

const ImVec4 kRightText(0.35f, 0.85f, 0.45f, 1.0f);
constexpr int kFindingKinds = static_cast<int>(astar::FindingKind::_Max);

// "3:05"
std::string clock_text(double seconds) {
  const auto s = static_cast<long long>(std::max(0.0, std::floor(seconds)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%lld:%02lld", s / 60, s % 60);
  return buf;
}

float em() { return ImGui::GetFontSize() / 15.0f; }

// A button with its key beside its label, marked "exercise.<id>" in the sidecar.
bool key_button(Studio& studio, const char* label, const char* id, bool enabled = true) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(label);
  ImGui::EndDisabled();
  mark_item(studio, "exercise", id, ImGui::GetItemRectSize().x);
  return pressed;
}

// The studio's status line follows an input: refusals are in the panel and the status line
// (ExerciseMode::status_text), so the message of before goes.
void acted(Studio& studio) { studio.status.clear(); }

}  // namespace

// [SECTION] The panel

void ExercisePanel::Draw(Studio& studio) {
  ExerciseMode* mode = studio.exercise();
  if (!mode) return;
  ExerciseMode& ex = *mode;
  const astar::Exercise& e = ex.exercise();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("%s%s", e.level.name.c_str(), ex.exam() ? "  (exam)" : "");
  ImGui::TextDisabled("seed '%s'%s; %s", e.spec.seed.c_str(),
                      e.spec.student.empty() ? "" : (", student '" + e.spec.student + "'").c_str(), e.difficulty.c_str());
  if (ImGui::TreeNode("How it works")) {
    ImGui::TextUnformatted(e.instructions.c_str());
    ImGui::TreePop();
  }
  // What happened to the last answer comes first, then the question now.
  if (const auto& v = ex.last_verdict()) {
    ImGui::Separator();
    const std::string text = ex.verdict_text();
    if (ex.exam()) ImGui::TextUnformatted(text.c_str());
    else ImGui::TextColored(v->correct ? kRightText : kErrorText, "%s", text.c_str());
  }
  ImGui::Separator();
  if (ex.done()) {
    draw_end(studio, ex);
  } else {
    ImGui::TextUnformatted(ex.prompt_text().c_str());
    draw_answer(studio, ex);
  }
  if (!ex.last_error().empty()) ImGui::TextColored(kErrorText, "%s", ex.last_error().c_str());
  draw_feedback(studio, ex);
  ImGui::PopTextWrapPos();
}

void ExercisePanel::draw_answer(Studio& studio, ExerciseMode& ex) {
  const astar::Prompt& p = ex.prompt();
  switch (p.kind) {
    case PromptKind::Select:
    case PromptKind::PathBack:
      ImGui::TextDisabled("Click the cell, or move the cursor with the arrow keys and press Enter.");
      break;
    case PromptKind::Neighbour: draw_neighbour(studio, ex); break;
    case PromptKind::Parents:
      for (std::size_t i = 0; i < p.choices.size(); ++i) {
        bool ticked = ex.parent_ticked(p.choices[i]);
        const std::string label = astar::cell_text(p.choices[i]) + "  (" + std::to_string(i + 1) + ")";
        if (ImGui::Checkbox(label.c_str(), &ticked)) {
          ex.toggle_parent(p.choices[i]);
          acted(studio);
        }
        mark_item(studio, "exercise", "parent_" + std::to_string(i + 1), ImGui::GetFrameHeight());
      }
      if (p.choices.empty()) ImGui::TextDisabled("No neighbour was asked about: submit with none ticked.");
      if (key_button(studio, "Submit (Enter)", "submit")) (void)ex.submit(), acted(studio);
      break;
    case PromptKind::Mark:
      ImGui::Text("%zu cells marked. Click cells (or Space at the cursor) to mark or unmark them.",
                  ex.input.marked.size());
      if (key_button(studio, "Submit (Enter)", "submit")) (void)ex.submit(), acted(studio);
      ImGui::SameLine();
      if (key_button(studio, "Clear", "clear", !ex.input.marked.empty())) {
        while (!ex.input.marked.empty()) ex.toggle_mark(ex.input.marked.back());
      }
      break;
    case PromptKind::Finding: draw_finding(studio, ex); break;
    case PromptKind::Done: break;
  }
}

void ExercisePanel::draw_neighbour(Studio& studio, ExerciseMode& ex) {
  const astar::Prompt& p = ex.prompt();
  const ImGuiInputTextFlags flags = ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue;
  bool submit = false;
  const auto field = [&](const char* label, const char* id, std::string& text, bool focus) {
    ImGui::SetNextItemWidth(70.0f * em());
    if (focus) ImGui::SetKeyboardFocusHere();
    submit |= ImGui::InputText(label, &text, flags);
    mark_item(studio, "exercise", id, 70.0f * em());
  };
  const bool focus = focused_question_ != p.number;
  focused_question_ = p.number;
  field("g", "g", ex.input.g, focus);
  ImGui::SameLine();
  field("h", "h", ex.input.h, false);
  ImGui::SameLine();
  field("f", "f", ex.input.f, false);
  if (key_button(studio, "Submit (Enter)", "submit") || submit) (void)ex.submit(), acted(studio);
  if (key_button(studio, "No change (N)", "no_change")) (void)ex.no_change(), acted(studio);
  ImGui::SameLine();
  if (key_button(studio, "Closed: skip (S)", "skip")) (void)ex.skip(), acted(studio);
}

void ExercisePanel::draw_finding(Studio& studio, ExerciseMode& ex) {
  ImGui::SetNextItemWidth(200.0f * em());
  const std::string current(astar::to_string(static_cast<astar::FindingKind>(ex.input.finding)));
  if (ImGui::BeginCombo("Finding", current.c_str())) {
    for (int i = 0; i < kFindingKinds; ++i) {
      const std::string name(astar::to_string(static_cast<astar::FindingKind>(i)));
      if (ImGui::Selectable(name.c_str(), i == ex.input.finding)) ex.input.finding = i;
    }
    ImGui::EndCombo();
  }
  mark_item(studio, "exercise", "finding", 200.0f * em());
  ImGui::SetNextItemWidth(100.0f * em());
  const bool enter = ImGui::InputText("Event", &ex.input.event,
                                      ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue);
  mark_item(studio, "exercise", "event", 100.0f * em());
  ImGui::TextDisabled("Step the trace (N, Left, Home, End) and read its events in the Log.");
  if (key_button(studio, "Submit (Enter)", "submit") || enter) (void)ex.submit(), acted(studio);
}

// The score, the time, Hint and Undo, and what the marks on the grid mean.
void ExercisePanel::draw_feedback(Studio& studio, ExerciseMode& ex) {
  ImGui::Separator();
  ImGui::Text("Score: %s", ex.score_text().c_str());
  if (const auto left = ex.time_left()) ImGui::Text("Time left: %s", clock_text(*left).c_str());
  else ImGui::Text("Time: %s", clock_text(ex.now()).c_str());
  if (ex.exam()) {
    ImGui::TextDisabled("Exam: no hints, no undo, one attempt.");
  } else {
    bool hints = ex.hints_on();
    ImGui::BeginDisabled(!ex.hints_allowed() || ex.done());
    if (ImGui::Checkbox("Hints (H)", &hints)) (void)ex.set_hints(hints);
    ImGui::EndDisabled();
    mark_item(studio, "exercise", "hints", ImGui::GetItemRectSize().x);
    ImGui::SameLine();
    if (key_button(studio, "Undo (Ctrl+Z)", "undo", ex.can_undo())) (void)ex.undo(), acted(studio);
    if (const std::string hint = ex.hint(); !hint.empty() && !ex.done())
      ImGui::TextColored(kWarnText, "Hint: %s", hint.c_str());
  }
  draw_marks_legend(studio, ex);
}

// What the grid's marks mean (overlays/exercise_overlay.hpp), each word in its colour.
void ExercisePanel::draw_marks_legend(const Studio& studio, const ExerciseMode& ex) {
  const astar::ExerciseKind kind = ex.spec().kind;
  if (kind == astar::ExerciseKind::FindBug) return;
  const bool marking = kind == astar::ExerciseKind::PredictClosed || kind == astar::ExerciseKind::Heuristic ||
                       kind == astar::ExerciseKind::Repair;
  if (ex.done() && !marking) return;
  ImGui::Separator();
  const auto word = [](palette::Rgb c, const char* text) {
    ImGui::SameLine();
    ImGui::TextColored(to_vec4(c), "%s", text);
  };
  ImGui::TextDisabled("On the grid:");
  if (marking && ex.done()) {
    word(kExerciseRight, "tick: right");
    word(kExerciseWrong, "cross: wrong");
    word(kExerciseMissed, "ring: missed");
    return;
  }
  if (marking) word(kExerciseMarked, "marked");
  else word(studio.appearance.colors().taken, "expanding");
  if (kind == astar::ExerciseKind::AStarByHand) word(kExerciseAsked, "asked");
  word(kExerciseCursor, "cursor");
  if (kind == astar::ExerciseKind::AStarByHand || kind == astar::ExerciseKind::ExpansionOrder)
    ImGui::TextDisabled("Each cell: g top left, h top right, f in the middle, an arrow to its parent.");
  if (kind == astar::ExerciseKind::Repair)
    ImGui::TextDisabled("LPA*'s search before the edit: g (and rhs) on each cell, its path; the edited cell framed.");
}

void ExercisePanel::draw_end(Studio& studio, ExerciseMode& ex) {
  const astar::Score s = ex.run().score();
  ImGui::TextColored(kRightText, "%s", s.time_up ? "The time is up." : "Finished.");
  ImGui::Text("Mistakes: %s", ex.mistakes_text().c_str());
  if (key_button(studio, "Save result (Enter)", "save")) (void)studio.save_exercise_result();
  ImGui::TextDisabled("%s", studio.exercise_result_path().c_str());
  if (key_button(studio, "Leave the exercise", "leave")) studio.close_exercise();
}

// [SECTION] Keys

bool exercise_takes_key(const Studio& studio, int key, bool ctrl, bool shift) {
  const ExerciseMode* ex = studio.exercise();
  if (!ex || shift) return false;
  if (ctrl) return key == GLFW_KEY_Z;
  if (key == GLFW_KEY_H || key == GLFW_KEY_ENTER) return true;
  if (ex->spec().kind == astar::ExerciseKind::FindBug) return key == GLFW_KEY_UP || key == GLFW_KEY_DOWN;
  return key == GLFW_KEY_LEFT || key == GLFW_KEY_RIGHT || key == GLFW_KEY_UP || key == GLFW_KEY_DOWN ||
         key == GLFW_KEY_SPACE || key == GLFW_KEY_N || key == GLFW_KEY_S || (key >= GLFW_KEY_1 && key <= GLFW_KEY_9);
}

namespace {

bool pressed(int key, bool repeat = false) { return ImGui::IsKeyPressed(key, repeat); }

// Arrows move the cursor; Enter and Space act at it, as the question asks.
void cursor_keys(Studio& studio, ExerciseMode& ex) {
  const int dx = (pressed(GLFW_KEY_RIGHT, true) ? 1 : 0) - (pressed(GLFW_KEY_LEFT, true) ? 1 : 0);
  const int dy = (pressed(GLFW_KEY_DOWN, true) ? 1 : 0) - (pressed(GLFW_KEY_UP, true) ? 1 : 0);
  if (dx != 0 || dy != 0) ex.move_cursor(dx, dy);
  const PromptKind kind = ex.prompt().kind;
  const bool select = kind == PromptKind::Select || kind == PromptKind::PathBack;
  if (pressed(GLFW_KEY_SPACE) || (select && pressed(GLFW_KEY_ENTER))) {
    (void)ex.pick_cursor();
    acted(studio);
  }
}

}  // namespace

void exercise_keys(Studio& studio) {
  ExerciseMode* mode = studio.exercise();
  const ImGuiIO& io = ImGui::GetIO();
  if (!mode || any_popup_open() || io.KeyAlt || io.KeyShift) return;
  ExerciseMode& ex = *mode;
  const bool typing = io.WantTextInput;  // a number field: Enter there submits by itself
  if (io.KeyCtrl) {
    if (pressed(GLFW_KEY_Z, true)) (void)ex.undo(), acted(studio);
    return;
  }
  if (pressed(GLFW_KEY_H)) (void)ex.set_hints(!ex.hints_on());
  if (ex.done()) {
    if (!typing && pressed(GLFW_KEY_ENTER)) (void)studio.save_exercise_result();
    return;
  }
  const PromptKind kind = ex.prompt().kind;
  if (kind == PromptKind::Finding) {
    const int d = (pressed(GLFW_KEY_DOWN, true) ? 1 : 0) - (pressed(GLFW_KEY_UP, true) ? 1 : 0);
    if (d != 0 && !typing) ex.input.finding = std::clamp(ex.input.finding + d, 0, kFindingKinds - 1);
  } else if (!typing) {
    cursor_keys(studio, ex);
  }
  if (kind == PromptKind::Neighbour) {
    if (pressed(GLFW_KEY_N)) (void)ex.no_change(), acted(studio);
    else if (pressed(GLFW_KEY_S)) (void)ex.skip(), acted(studio);
  }
  if (kind == PromptKind::Parents) {
    for (int i = 0; i < 9; ++i)
      if (pressed(GLFW_KEY_1 + i) && static_cast<std::size_t>(i) < ex.prompt().choices.size())
        ex.toggle_parent(ex.prompt().choices[static_cast<std::size_t>(i)]);
  }
  const bool submits = kind == PromptKind::Neighbour || kind == PromptKind::Parents || kind == PromptKind::Mark ||
                       kind == PromptKind::Finding;
  if (submits && !typing && pressed(GLFW_KEY_ENTER)) (void)ex.submit(), acted(studio);
}

void draw_exercise_help_rows(void (*row)(const char* keys, const char* what)) {
  row("Click or Enter", "Select the node, or the parent on the path back (Enter: at the cursor)");
  row("Arrows", "Move the cell cursor (find-bug: Up and Down pick the finding kind)");
  row("Space", "Mark or unmark the cell at the cursor; tick a neighbour for a new parent");
  row("1 .. 9", "Tick or untick the parents question's neighbour 1 .. 9");
  row("Tab", "The next number field (g, h, f)");
  row("Enter", "Submit the answer; at the end, save the result");
  row("N", "Neighbour: no change (it keeps its g and parent)");
  row("S", "Neighbour: closed, skip it");
  row("H", "Hints on or off (practice)");
  row("Ctrl+Z", "Take the last answer back (practice)");
}

}  // namespace studio
