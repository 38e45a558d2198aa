#include "panels/shape_inspector.hpp"

#include <algorithm>
#include <string>
#include <variant>

#include <imgui.h>

#include "astar/shapes.hpp"

namespace studio {

namespace {

// One row of `n` numbers (1 or 2) labelled `label`; true when one changed.
bool numbers(const char* label, double* v, int n, double speed = 0.01) {
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("corner 00").x - ImGui::GetStyle().ItemInnerSpacing.x);
  return ImGui::DragScalarN(label, ImGuiDataType_Double, v, n, static_cast<float>(speed), nullptr,
                            nullptr, "%.4g");
}

}  // namespace

bool ShapeInspector::fields(astar::Shape& s) {
  bool changed = false;
  if (auto* c = std::get_if<astar::Circle>(&s)) {
    double centre[2] = {c->x, c->y};
    if (numbers("centre", centre, 2)) c->x = centre[0], c->y = centre[1], changed = true;
    changed |= numbers("radius", &c->r, 1);
  } else if (auto* b = std::get_if<astar::Box>(&s)) {
    double lo[2] = {b->min_x, b->min_y}, hi[2] = {b->max_x, b->max_y};
    if (numbers("min x, y", lo, 2)) b->min_x = lo[0], b->min_y = lo[1], changed = true;
    if (numbers("max x, y", hi, 2)) b->max_x = hi[0], b->max_y = hi[1], changed = true;
  } else if (auto* r = std::get_if<astar::RotatedBox>(&s)) {
    double centre[2] = {r->cx, r->cy}, size[2] = {r->width, r->height};
    if (numbers("centre", centre, 2)) r->cx = centre[0], r->cy = centre[1], changed = true;
    if (numbers("size", size, 2)) r->width = size[0], r->height = size[1], changed = true;
    changed |= numbers("angle", &r->angle, 1, 0.5);
  } else if (auto* p = std::get_if<astar::Polygon>(&s)) {
    const float rows = static_cast<float>(std::min<std::size_t>(p->points.size(), 8));
    ImGui::BeginChild("##corners", ImVec2(0, rows * ImGui::GetFrameHeightWithSpacing()));
    for (std::size_t i = 0; i < p->points.size(); ++i) {
      double xy[2] = {p->points[i].x, p->points[i].y};
      const std::string label = "corner " + std::to_string(i);
      if (numbers(label.c_str(), xy, 2)) p->points[i] = {xy[0], xy[1]}, changed = true;
    }
    ImGui::EndChild();
  }
  return changed;
}

void ShapeInspector::Draw(Studio& studio) {
  astar::Editor& ed = studio.editor();
  const astar::Level& lv = studio.level();
  if (!studio.selected_shape || *studio.selected_shape >= lv.shapes().size()) {
    if (grouping_) ed.end(), grouping_ = false;
    return;
  }
  const std::size_t i = *studio.selected_shape;
  astar::Shape s = lv.shapes()[i];
  ImGui::Separator();
  ImGui::Text("shapes[%zu]: %s", i, astar::shape_noun(s));
  ImGui::BeginDisabled(!studio.layer_editable(astar::Layer::Shapes));
  ImGui::PushID("shape");
  if (fields(s)) {
    if (!grouping_) ed.begin("Edit shape"), grouping_ = true;
    if (const std::string why = astar::check_shape(s); !why.empty())
      studio.status = "shapes[" + std::to_string(i) + "]: " + why;
    else
      ed.set_shape(i, s);
  }
  if (grouping_ && !ImGui::IsAnyItemActive()) ed.end(), grouping_ = false;
  if (!std::holds_alternative<astar::Circle>(s) && !std::holds_alternative<astar::Polygon>(s)) {
    if (ImGui::Button("Make it a polygon")) {
      ed.set_shape(i, astar::Polygon{astar::shape_corners(lv.shapes()[i])});
      studio.status = "shapes[" + std::to_string(i) + "] is now a polygon: drag its corners";
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Its four corners become a polygon's, to move them one by one.");
  }
  ImGui::PopID();
  ImGui::EndDisabled();
}

}  // namespace studio
