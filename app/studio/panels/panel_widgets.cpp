#include "panels/panel_widgets.hpp"


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
