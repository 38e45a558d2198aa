// The movement rules and the iteration guard, edited in place (rules_editor.hpp).
#include "panels/rules_editor.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "panels/panel_widgets.hpp"

namespace studio {

namespace {

constexpr const char* kDiagonalLabels[] = {"Always", "At least one side open",
                                           "No corner cutting", "Never"};
static_assert(std::size(kDiagonalLabels) == static_cast<std::size_t>(astar::DiagonalPolicy::_Max));

constexpr double kMaxCostField = 1e6;  // the cost fields' top (files take more; 0..1e6 is plenty)

// A rule field's tooltip: also over a disabled field (it says why it is off), and as wide as
// wrapped_tooltip; the dialogs' tip() shows only over enabled ones.
void rule_tip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) wrapped_tooltip(text);
}

// The width of every rule field (box, value and - + buttons), the labels to its right.
float field_width() { return std::max(ImGui::GetContentRegionAvail().x * 0.55f, 100.0f); }

// A field that shows `text` greyed ("any", "off"), as wide as a value field beside a box.
void greyed_field(const char* label, const char* text, float w, const char* why) {
  ImGui::BeginDisabled();
  std::string shown = text;
  ImGui::SetNextItemWidth(w);
  ImGui::InputText(label, &shown, ImGuiInputTextFlags_ReadOnly);
  ImGui::EndDisabled();
  rule_tip(why);
}

}  // namespace

void neighbours_editor(Studio& studio, float combo_w, std::string_view marks) {
  const astar::MovementRules& rules = studio.level().rules();
  if (studio.level().is_hex()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Neighbours: 6 (hexes have six neighbours)");
    rule_tip("Every hex touches six others across its six sides, and each step is 1 long: the "
             "square grid's 4 or 8 neighbours and its diagonal rule do not apply.");
    return;
  }
  const float radio_w = ImGui::GetFrameHeight();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Neighbours");
  ImGui::SameLine();
  if (ImGui::RadioButton("4", rules.neighbours == astar::Neighbours::Four))
    studio.set_neighbours(astar::Neighbours::Four);
  rule_tip("Each cell has 4 neighbours: up, down, left and right. No diagonal steps.");
  mark_item(studio, marks, "neighbours 4", radio_w);
  ImGui::SameLine();
  if (ImGui::RadioButton("8", rules.neighbours == astar::Neighbours::Eight))
    studio.set_neighbours(astar::Neighbours::Eight);
  rule_tip("Each cell has 8 neighbours: the 4 beside it and the 4 diagonal ones (a diagonal step "
      "costs \xE2\x88\x9A" "2 times the cost of the cell it enters).");
  mark_item(studio, marks, "neighbours 8", radio_w);
  if (rules.neighbours != astar::Neighbours::Eight) return;
  int d = static_cast<int>(rules.diagonal);
  // Wide enough for the longest choice, as far as the label beside it leaves room.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float longest = ImGui::CalcTextSize(kDiagonalLabels[1]).x + 2 * style.FramePadding.x +
                        ImGui::GetFrameHeight();
  const float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Diagonals").x -
                     style.ItemInnerSpacing.x;
  combo_w = std::min(std::max(combo_w, longest), room);
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::Combo("Diagonals", &d, kDiagonalLabels, static_cast<int>(std::size(kDiagonalLabels))))
    studio.set_diagonal(static_cast<astar::DiagonalPolicy>(d));
  rule_tip("When a diagonal step may pass between the two cells beside it. Always: even between two "
      "walls. At least one side open: one of them is open. No corner cutting: both are open "
      "(MovingAI's rule). Never: no diagonal steps at all. Level files and --diagonal call them "
      "always, one-side-open, no-corner-cutting and never.");
  mark_item(studio, marks, "diagonal", combo_w);
}

// [SECTION] Fields

void RulesEditor::took(Change& c, std::string_view field) {
  c.changed = true;
  // Typing keeps the field active: each character is a change, all one undo step. A click on
  // - or + (or a box) leaves nothing active: a step of its own.
  c.key = ImGui::IsItemActive() ? std::string(field) + "#" + std::to_string(typing_) : "";
}

void RulesEditor::int_field(Studio& studio, const char* label, int& v, int lo, int hi, float w,
                            const char* tip_text, Change& c) {
  ImGui::SetNextItemWidth(w);
  if (ImGui::InputInt(label, &v)) {
    v = std::clamp(v, lo, hi);
    took(c, label);
  }
  if (ImGui::IsItemActivated()) ++typing_;
  rule_tip(tip_text);
  mark_item(studio, "level", label, w);
}

void RulesEditor::cost_field(Studio& studio, const char* label, double& v, double step, float w,
                             const char* tip_text, Change& c) {
  ImGui::SetNextItemWidth(w);
  if (ImGui::InputDouble(label, &v, step, step * 5, "%.2f")) {
    v = v >= 0 ? std::min(v, kMaxCostField) : 0.0;  // NaN too
    took(c, label);
  }
  if (ImGui::IsItemActivated()) ++typing_;
  rule_tip(tip_text);
  mark_item(studio, "level", label, w);
}

void RulesEditor::limit_field(Studio& studio, const char* label, int& v, float w,
                              const char* box_tip, const char* tip_text, Change& c) {
  ImGui::PushID(label);
  bool limited = v != astar::kUnlimited;
  if (ImGui::Checkbox("##limited", &limited)) {
    v = limited ? 1 : astar::kUnlimited;  // one level: the usual first limit
    c.changed = true;
    c.key.clear();
  }
  rule_tip(box_tip);
  mark_item(studio, "level", std::string(label) + " limited", ImGui::GetFrameHeight());
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  const float value_w = w - ImGui::GetFrameHeight() - ImGui::GetStyle().ItemInnerSpacing.x;
  if (limited) int_field(studio, label, v, 0, astar::kMaxHeightStep, value_w, tip_text, c);
  else greyed_field(label, "any", value_w, box_tip);
  ImGui::PopID();
}

// [SECTION] Editors

void RulesEditor::movement(Studio& studio) {
  if (!ImGui::TreeNodeEx("movement", ImGuiTreeNodeFlags_DefaultOpen, "Movement")) return;
  const float w = field_width();
  neighbours_editor(studio, w, "level");
  astar::MovementRules r = studio.level().rules();
  Change c;
  limit_field(studio, "Max climb", r.max_climb, w,
              "Tick to limit how many height levels one move may go up. Unticked: any rise is "
              "a climb (each level climbed adds the climb cost).",
              "Most height levels one move may go up; a higher step is impossible unless a jump "
              "up allows it. 0: no climbing.", c);
  limit_field(studio, "Max drop", r.max_drop, w,
              "Tick to limit how many height levels one move may go down. Unticked: any fall is "
              "a drop.",
              "Most height levels one move may go down; a deeper fall is impossible unless a "
              "jump down allows it. 0: no dropping.", c);
  cost_field(studio, "Climb cost", r.climb_cost, 0.5, w,
             "Added to a move for each height level it climbs: a climb of 3 levels at cost 2 adds "
             "6. 0: climbing costs nothing extra.", c);
  cost_field(studio, "Drop cost", r.drop_cost, 0.5, w,
             "Added once to a move that goes down, however far (within the drop limit). 0: drops "
             "are free.", c);
  // Hex levels take no shapes: the radius is shown there only to set one back to 0.
  if (!studio.level().is_hex() || r.agent_radius != 0.0)
    cost_field(studio, "Agent radius", r.agent_radius, 0.1, w,
               studio.level().is_hex()
                   ? "Hex levels take no collision shapes, and no search runs with a radius: "
                     "set it to 0."
                   : "How far, in cells, every move keeps from the collision shapes: a move whose "
                     "line, widened by this radius, touches a shape is impossible. 0: the agent "
                     "is a point. Without shapes it changes nothing.",
               c);
  step_length_field(studio, r.step_length, c);
  if (c.changed) studio.set_rules(r, c.key);
  const astar::Level& level = studio.level();
  if (const std::string why = level.check_endpoints_clear_of_shapes(
          level.rules().agent_radius, studio.session().search_options().ignore_shapes);
      !why.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarnText,
                       "No search can run: %s. Make the radius smaller or move the shape.",
                       why.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::TreePop();
}

// rules.step_length: a box ticked for 3D lengths.
void RulesEditor::step_length_field(Studio& studio, astar::StepLength& length, Change& c) {
  bool three_d = length == astar::StepLength::Height;
  if (ImGui::Checkbox("3D step lengths", &three_d)) {
    length = three_d ? astar::StepLength::Height : astar::StepLength::Flat;
    c.changed = true;
    c.key.clear();
  }
  rule_tip(studio.level().is_hex()
               ? "Measure each step in 3D, one height level as tall as a hex step is long: a climb "
                 "or drop of 2 is sqrt 5 long, not 1, so a path over a hill is longer than the "
                 "walk round it. Unticked: 1 a step, whatever the heights."
               : "Measure each step in 3D, one height level as tall as a cell is wide, as Godot's "
                 "AStar3D does: a climb or drop of 2 is sqrt 5 long, not 1, so a path over a hill "
                 "is longer than the walk round it. Unticked: 1 a step, sqrt 2 diagonally, "
                 "whatever the heights.");
  mark_item(studio, "level", "3D step lengths", ImGui::GetFrameHeight());
}

// Action ranks (rules.ranks): a box turns them on; the points per action below it.
void RulesEditor::ranks(Studio& studio) {
  astar::MovementRules r = studio.level().rules();
  astar::ActionRanks& k = r.ranks;
  const ImGuiTreeNodeFlags flags = k.on ? ImGuiTreeNodeFlags_DefaultOpen : 0;
  if (!ImGui::TreeNodeEx("ranks", flags, "Action ranks%s", k.on ? "" : " (off)")) return;
  Change c;
  if (ImGui::Checkbox("Rank actions", &k.on)) took(c, "Rank actions");
  rule_tip("Prefer actions by rule, not by cost: every move scores rank points, and a path with fewer "
      "points always wins, however long; then the cheaper. The defaults make a walk beat a "
      "climb, a jump across beat dropping into a ditch and climbing out, and a ramp beat a jump "
      "up: a jump only when needed. The path's cost is then points x a power of ten + distance.");
  mark_item(studio, "level", "Rank actions", ImGui::GetFrameHeight());
  if (k.on) {
    const float w = field_width();
    const int hi = astar::ActionRanks::kMax;
    int_field(studio, "Climb points", k.climb, 0, hi, w, "Rank points per height level climbed.", c);
    int_field(studio, "Drop points", k.drop, 0, hi, w, "Rank points per height level dropped.", c);
    int_field(studio, "Across points", k.across, 0, hi, w, "Rank points per jump across a gap.", c);
    int_field(studio, "Jump up points", k.up, 0, hi, w, "Rank points per level a jump up rises.", c);
    int_field(studio, "Jump down points", k.down, 0, hi, w,
              "Rank points per level a jump down falls.", c);
  }
  if (c.changed) studio.set_rules(r, c.key);
  ImGui::TreePop();
}

// The jump rules (rules.jump): 0 turns that jump off.
void RulesEditor::jumps(Studio& studio) {
  astar::MovementRules r = studio.level().rules();
  astar::JumpRules& j = r.jump;
  const ImGuiTreeNodeFlags flags = j.enabled() ? ImGuiTreeNodeFlags_DefaultOpen : 0;
  if (!ImGui::TreeNodeEx("jumps", flags, "Jumps%s", j.enabled() ? "" : " (off)")) return;
  const float w = field_width();
  Change c;
  int_field(studio, "Up", j.up, 0, astar::JumpRules::kMaxHeight, w,
            "Most levels a jump up rises, onto a neighbour higher than the climb limit allows. "
            "0: off.", c);
  int_field(studio, "Down", j.down, 0, astar::JumpRules::kMaxHeight, w,
            "Most levels a jump down falls, onto a neighbour lower than the drop limit allows. "
            "0: off.", c);
  int_field(studio, "Gap", j.gap, 0, astar::JumpRules::kMaxGap, w,
            "Most cells a straight jump across clears. The cells jumped over must be lower than "
            "both ends, and the landing within the climb and drop limits. 0: off.", c);
  cost_field(studio, "Up cost", j.up_cost, 0.5, w, "Added to the walking cost of a jump up.", c);
  cost_field(studio, "Down cost", j.down_cost, 0.5, w, "Added to the walking cost of a jump down.",
             c);
  cost_field(studio, "Across cost", j.across_cost, 0.5, w,
             "Added to a jump across, which costs its length times the landing cell's cost.", c);
  if (c.changed) studio.set_rules(r, c.key);
  ImGui::TreePop();
}

void RulesEditor::iteration_guard(Studio& studio) {
  const std::optional<std::int64_t> guard = studio.level().preset.max_iterations;
  const char* label = "Iteration guard";
  const char* box_tip =
      "Tick to stop the search after a number of iterations (nodes taken), as a game caps the "
      "work of one search. Saved with the level.";
  const float w = field_width();
  ImGui::PushID(label);
  bool on = guard.has_value();
  if (ImGui::Checkbox("##on", &on))
    studio.set_iteration_guard(on ? std::optional<std::int64_t>(1000) : std::nullopt);
  rule_tip(box_tip);
  mark_item(studio, "level", "iteration guard on", ImGui::GetFrameHeight());
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  const float value_w = w - ImGui::GetFrameHeight() - ImGui::GetStyle().ItemInnerSpacing.x;
  if (guard) {
    std::int64_t n = *guard;
    const std::int64_t step = 1, fast = 100;
    ImGui::SetNextItemWidth(value_w);
    Change c;
    if (ImGui::InputScalar(label, ImGuiDataType_S64, &n, &step, &fast)) took(c, label);
    if (ImGui::IsItemActivated()) ++typing_;
    rule_tip("The search stops after this many iterations, with the outcome \"iteration limit\".");
    mark_item(studio, "level", label, value_w);
    if (c.changed) studio.set_iteration_guard(n, c.key);
  } else {
    greyed_field(label, "off", value_w, box_tip);
  }
  ImGui::PopID();
}

}  // namespace studio
