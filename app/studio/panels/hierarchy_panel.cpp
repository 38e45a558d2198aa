// HPA*'s controls, outcome, phase and legend (hierarchy_panel.hpp).
#include "panels/hierarchy_panel.hpp"

#include <string>

#include <imgui.h>

#include "astar/hpa_star.hpp"
#include "overlays/hierarchy_overlay.hpp"
#include "panels/panel_widgets.hpp"
#include "state/hierarchy_state.hpp"

namespace studio {

namespace {

bool hierarchical(const Studio& studio) {
  return !studio.trace_mode() && astar::info(studio.session().algorithm()).extras.hierarchy;
}

ImU32 u32(palette::Rgb c, float a = 1.0f) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(a * 255.0f + 0.5f));
}

// A legend row: a swatch drawn by `draw` into an s x s square at `a`, then the words.
template <class Draw>
void legend_row(const char* words, Draw draw) {
  const float s = ImGui::GetFontSize();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  draw(ImGui::GetWindowDrawList(), a, s);
  ImGui::Dummy(ImVec2(s, s));
  ImGui::SameLine();
  ImGui::TextUnformatted(words);
}

}  // namespace

void draw_hierarchy_options(Studio& studio, float combo_w) {
  if (!hierarchical(studio)) return;
  SearchSession& session = studio.session();
  int size = session.options().cluster_size;
  ImGui::SetNextItemWidth(combo_w);
  if (ImGui::SliderInt("Cluster size", &size, astar::kHpaMinClusterSize, astar::kHpaMaxClusterSize,
                       "%d cells", ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic))
    session.set_cluster_size(size);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("The side of HPA*'s square clusters. Small clusters: a bigger abstract graph, "
                    "paths closer to the best. Large ones: fewer nodes, longer detours. "
                    "Ctrl+click to type a value.");
  bool smooth = session.options().hpa_smooth;
  if (ImGui::Checkbox("Smooth HPA* path", &smooth)) session.set_hpa_smooth(smooth);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("HPA*'s last step: one A* restricted to the clusters the refined path crosses. "
                    "Never dearer, usually the best path within that corridor. It changes the "
                    "search's path; \"Smooth path\" only draws a string-pulled copy of it.");
}

void draw_hierarchy_outcome(const Studio& studio) {
  if (!hierarchical(studio)) return;
  const SearchSession& session = studio.session();
  const astar::Search& s = session.search();
  const astar::HpaView* v = s.hierarchy();
  if (!v) return;
  ImGui::PushTextWrapPos(0.0f);
  if (const std::string built = session.hierarchy().build().text(); !built.empty())
    ImGui::TextDisabled("%s", built.c_str());
  ImGui::TextDisabled("expanded: %lld abstract nodes, %lld cells refining, %lld cells building",
                      static_cast<long long>(v->abstract_expanded),
                      static_cast<long long>(v->refine_expanded),
                      static_cast<long long>(v->build_expanded));
  if (s.state() == astar::SearchState::Found) {
    const OptimalPath& opt = session.optimal_path();
    if (opt.found && opt.cost > 0.0) {
      const double ratio = s.path_cost() / opt.cost;
      ImGui::Text("HPA* %s vs optimal %s (A*, %lld expanded): %.1f%% longer",
                  value_text(s.path_cost()).c_str(), value_text(opt.cost).c_str(),
                  static_cast<long long>(opt.expanded), (ratio - 1.0) * 100.0);
    }
  }
  ImGui::PopTextWrapPos();
}

void draw_hierarchy_phase(const Studio& studio) {
  if (studio.trace_mode()) return;
  if (const astar::HpaView* v = studio.session().search().hierarchy()) {
    ImGui::TextDisabled("phase: %s", hierarchy_phase_text(*v).c_str());
    if (!v->last_step.empty() && ImGui::IsItemHovered()) wrapped_tooltip(v->last_step);
  }
}

void draw_hierarchy_legend(const Studio& studio) {
  if (!studio.session().search().hierarchy()) return;
  const Overlays& ov = studio.appearance.overlays;
  if (ov.on(OverlayId::Clusters)) {
    legend_row("cluster border", [](ImDrawList* dl, ImVec2 a, float s) {
      dl->AddRect(a, ImVec2(a.x + s, a.y + s), u32(kClusterLine), 0.0f, 0, 2.0f);
    });
    legend_row("entrance (a bar on the border)", [](ImDrawList* dl, ImVec2 a, float s) {
      dl->AddLine(ImVec2(a.x + s * 0.5f, a.y + 1), ImVec2(a.x + s * 0.5f, a.y + s - 1),
                  u32(kEntranceMark), 4.0f);
    });
  }
  if (ov.on(OverlayId::AbstractGraph))
    legend_row("abstract path", [](ImDrawList* dl, ImVec2 a, float s) {
      dl->AddLine(ImVec2(a.x, a.y + s * 0.5f), ImVec2(a.x + s, a.y + s * 0.5f), u32(kAbstractPath), 5.0f);
    });
  if (ov.on(OverlayId::OptimalPath))
    legend_row("optimal path (plain A*)", [](ImDrawList* dl, ImVec2 a, float s) {
      dl->AddLine(ImVec2(a.x, a.y + s * 0.5f), ImVec2(a.x + s * 0.4f, a.y + s * 0.5f), u32(kOptimalPath), 3.0f);
      dl->AddLine(ImVec2(a.x + s * 0.6f, a.y + s * 0.5f), ImVec2(a.x + s, a.y + s * 0.5f), u32(kOptimalPath), 3.0f);
    });
}

}  // namespace studio
