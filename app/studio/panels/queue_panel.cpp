#include "panels/queue_panel.hpp"

#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

namespace {

constexpr std::size_t kQueueRows = 12;

// A key's part: its value, or inf (the search marks unknown costs with a huge straight part).
std::string units_text(const astar::ExactCost& v) {
  return astar::ReplanningSearch::infinite(v) ? std::string("inf") : value_text(v.value());
}

const char* consistency_word(astar::Consistency c) {
  switch (c) {
    case astar::Consistency::OverConsistent: return "over";
    case astar::Consistency::UnderConsistent: return "under";
    case astar::Consistency::Consistent: break;
  }
  return "";
}

}  // namespace

std::string key_text(const astar::QueueKey& k) {
  return "[" + units_text(k.k1) + "; " + units_text(k.k2) + "]";
}

void QueuePanel::Draw(const Studio& studio) {
  const SearchSession& session = studio.session();
  const astar::ReplanningSearch* rs = session.replanning();
  if (!rs) return;
  ImGui::Text("%s queued \xC2\xB7 km %s", astar::count_text(static_cast<std::int64_t>(rs->open_size())).c_str(),
              units_text(rs->km()).c_str());
  if (!session.repair_text().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", session.repair_text().c_str());
    ImGui::PopTextWrapPos();
  }
  const std::vector<astar::QueueEntry> top = rs->queue_top(kQueueRows);
  if (top.empty()) {
    ImGui::TextDisabled("The queue is empty: every cell is locally consistent.");
    return;
  }
  constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("queue", 5, flags)) return;
  ImGui::TableSetupColumn("cell");
  ImGui::TableSetupColumn("key [k1; k2]");
  ImGui::TableSetupColumn("g");
  ImGui::TableSetupColumn("rhs");
  ImGui::TableSetupColumn("");
  ImGui::TableHeadersRow();
  for (const astar::QueueEntry& e : top) {
    const astar::ReplanVertex v = rs->vertex(e.cell);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(astar::cell_text(e.cell).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(key_text(e.key).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value_text(v.g).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value_text(v.rhs).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(consistency_word(v.consistency));
  }
  ImGui::EndTable();
  if (rs->open_size() > top.size())
    ImGui::TextDisabled("... and %s more", astar::count_text(static_cast<std::int64_t>(rs->open_size() - top.size())).c_str());
}

void draw_replan_vertex(const astar::ReplanningSearch& rs, astar::Cell c) {
  const astar::ReplanVertex v = rs.vertex(c);
  ImGui::Text("g %s   rhs %s   %s", value_text(v.g).c_str(), value_text(v.rhs).c_str(),
              std::string(astar::to_string(v.consistency)).c_str());
  if (v.key) ImGui::Text("queued with key %s", key_text(*v.key).c_str());
  if (v.consistency == astar::Consistency::OverConsistent)
    ImGui::TextDisabled("g > rhs: a cheaper way reached it; its pop lowers g");
  else if (v.consistency == astar::Consistency::UnderConsistent)
    ImGui::TextDisabled("g < rhs: its way got dearer; its pop resets g to inf");
}

}  // namespace studio
