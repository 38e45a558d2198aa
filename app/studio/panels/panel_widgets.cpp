#include "panels/panel_widgets.hpp"

#include <cctype>

#include "state/topology_words.hpp"

namespace studio {

void tip(const char* text) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void wrapped_tooltip(const std::string& text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void center_next_window() {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
}

namespace {
// Records the rectangle at `a`, w x h, as prefix.label (mark_item), when wholly in view.
void mark_rect(Studio& studio, std::string_view prefix, std::string_view label, ImVec2 a, float w,
               float h) {
  if (prefix.empty()) return;
  const ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 c0 = dl->GetClipRectMin(), c1 = dl->GetClipRectMax();
  if (a.x < c0.x || a.y < c0.y || a.x + w > c1.x || a.y + h > c1.y) return;
  std::string name(prefix);
  name += '.';
  for (char ch : label.substr(0, label.find("##")))
    name += ch == ' ' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  studio.widget_rects[name] = {a.x, a.y, w, h};
}
}  // namespace

void mark_item(Studio& studio, std::string_view prefix, std::string_view label, float w) {
  mark_rect(studio, prefix, label, ImGui::GetItemRectMin(), w, ImGui::GetFrameHeight());
}

void mark_entry(Studio& studio, std::string_view prefix, std::string_view label) {
  const ImVec2 a = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
  const ImVec2 gap = ImGui::GetStyle().ItemSpacing;
  mark_rect(studio, prefix, label, ImVec2(a.x + gap.x, a.y + gap.y), size.x - 2 * gap.x,
            size.y - 2 * gap.y);
}

bool topology_picker(astar::Topology& t, astar::HexStagger& stagger, float combo_w, Studio* marks) {
  const auto mark = [&](const std::string& label, float w) {
    if (marks) mark_item(*marks, "level", label, w);
  };
  bool changed = false;
  ImGui::SetNextItemWidth(combo_w);
  const bool open = ImGui::BeginCombo("Topology", topology_label(t));
  if (!open) mark("topology", combo_w);  // (open, the last item is the list's window)
  if (open) {
    for (int i = 0; i < static_cast<int>(astar::Topology::_Max); ++i) {
      const auto k = static_cast<astar::Topology>(i);
      if (ImGui::Selectable(topology_label(k), k == t) && k != t) {
        t = k;
        changed = true;
      }
      if (marks) mark_entry(*marks, "level", "topology " + std::string(astar::to_string(k)));
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Square cells have 4 or 8 neighbours. Hexes have six, in offset columns and "
                    "rows as Tiled numbers them: pointy-top hexes sit in rows, flat-top hexes in "
                    "columns. Saved in the level file as \"topology\".");
  if (t == astar::Topology::Square) return changed;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Stagger");
  for (const astar::HexStagger s : {astar::HexStagger::Odd, astar::HexStagger::Even}) {
    ImGui::SameLine();
    if (ImGui::RadioButton(s == astar::HexStagger::Odd ? "odd" : "even", stagger == s) &&
        stagger != s) {
      stagger = s;
      changed = true;
    }
    mark("stagger " + std::string(astar::to_string(s)), ImGui::GetFrameHeight());
    if (ImGui::IsItemHovered())
      wrapped_tooltip(stagger_text(t, s) + " half a hex (Tiled's staggerindex).");
  }
  return changed;
}

bool any_popup_open() { return ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup); }

std::optional<std::size_t> draw_log_lines(std::size_t n, std::size_t& shown,
                                          const std::function<LogLine(std::size_t)>& line) {
  const float h = ImGui::GetTextLineHeightWithSpacing() * 12;
  ImGui::BeginChild("log", ImVec2(0, h), true, ImGuiWindowFlags_HorizontalScrollbar);
  std::optional<std::size_t> clicked;
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(n));
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const auto at = static_cast<std::size_t>(i);
      const LogLine l = line(at);
      ImGui::PushID(i);
      if (l.take) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.35f, 1.0f));
      if (ImGui::Selectable(l.text.c_str(), at + 1 == n)) clicked = at;
      if (l.take) ImGui::PopStyleColor();
      ImGui::PopID();
    }
  if (n != shown) ImGui::SetScrollHereY(1.0f);  // follow the search
  shown = n;
  ImGui::EndChild();
  return clicked;
}

}  // namespace studio
