#include "ui/edit_panels.hpp"

#include "ui/commands.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>
#include <vector>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "astar/format.hpp"

#include "canvas/tools.hpp"

namespace studio {

using astar::Cell;
using astar::Layer;

namespace {

ImVec4 rgb_vec(std::uint32_t rgb) {
  return ImVec4(((rgb >> 16) & 255) / 255.0f, ((rgb >> 8) & 255) / 255.0f, (rgb & 255) / 255.0f, 1.0f);
}

std::uint32_t vec_rgb(const float c[3]) {
  auto b = [](float v) { return static_cast<std::uint32_t>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); };
  return (b(c[0]) << 16) | (b(c[1]) << 8) | b(c[2]);
}

// A full-width logarithmic slider over a double (a brush value, a weight, a radius).
void log_slider(const char* id, double& value, float lo, float hi, const char* format) {
  float v = static_cast<float>(value);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::SliderFloat(id, &v, lo, hi, format, ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    value = v;
}

// A greyed explanation, wrapped to the panel's width.
void hint(const char* text) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", text);
  ImGui::PopTextWrapPos();
}

bool cells_locked(Studio& studio) {
  for (Layer l : {Layer::Walls, Layer::Costs, Layer::Heights, Layer::Agents, Layer::Edges})
    if (!studio.layer_editable(l)) return true;
  return false;
}

}  // namespace

// [SECTION] Edit actions

void copy_selection(Studio& studio) {
  if (!studio.selection) {
    studio.status = "Nothing selected: drag a rectangle with Select (S) first";
    return;
  }
  studio.clipboard = studio.editor().copy(*studio.selection);
  studio.status = "Copied " + std::to_string(studio.clipboard.width) + " x " +
                  std::to_string(studio.clipboard.height) + " cells";
}

void cut_selection(Studio& studio) {
  if (!studio.selection || cells_locked(studio)) {
    if (!studio.selection) studio.status = "Nothing selected: drag a rectangle with Select (S) first";
    return;
  }
  studio.clipboard = studio.editor().copy(*studio.selection);
  studio.editor().begin("Cut");
  studio.editor().erase(*studio.selection);
  studio.editor().end();
  studio.status = "Cut " + std::to_string(studio.clipboard.width) + " x " +
                  std::to_string(studio.clipboard.height) + " cells";
}

void paste_clipboard(Studio& studio, std::optional<Cell> at) {
  if (studio.clipboard.empty()) {
    studio.status = "The clipboard is empty: copy a selection (Ctrl+C) first";
    return;
  }
  if (cells_locked(studio)) return;
  const Cell to = at ? *at : studio.selection ? Cell{studio.selection->x0(), studio.selection->y0()} : Cell{0, 0};
  studio.editor().paste(studio.clipboard, to);
  studio.selection = astar::CellRect{to, {to.x + studio.clipboard.width - 1, to.y + studio.clipboard.height - 1}};
  studio.status = "Pasted at " + astar::cell_text(to);
}

void delete_selection(Studio& studio) {
  if (studio.appearance.layers.active == Layer::Shapes) {
    if (studio.selected_shape && studio.layer_editable(Layer::Shapes) &&
        studio.editor().remove_shape(*studio.selected_shape)) {
      studio.selected_shape.reset();
      studio.status = "Removed the shape";
    }
    return;
  }
  if (!studio.selection || cells_locked(studio)) return;
  studio.editor().erase(*studio.selection);
}

void select_all(Studio& studio) {
  const astar::Level& lv = studio.level();
  studio.selection = astar::CellRect{{0, 0}, {lv.width() - 1, lv.height() - 1}};
  studio.tools.tool = Tool::Select;
}

// [SECTION] Tools panel

void ToolsPanel::Draw(Studio& studio) {
  ToolSettings& t = studio.tools;
  const Layer layer = studio.appearance.layers.active;
  // One button per tool, the current one lit; the tooltip names its key.
  const float w = (ImGui::GetContentRegionAvail().x - 3 * ImGui::GetStyle().ItemSpacing.x) / 4;
  for (int k = 0; k < static_cast<int>(Tool::_Max); ++k) {
    const Tool tool = static_cast<Tool>(k);
    const ToolInfo& info = tool_info(tool);
    if (k % 4) ImGui::SameLine();
    const bool on = t.tool == tool;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(info.short_name, ImVec2(w, 0))) t.tool = tool;
    if (on) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s  [%s]\n%s", info.name, tool_key_text(static_cast<Tool>(k)).c_str(), info.help);
  }
  ImGui::Text("%s (%s) on %s", tool_info(t.tool).name, tool_key_text(t.tool).c_str(), layer_label(layer));
  if (astar::is_cell_layer(layer)) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::SliderInt("##size", &t.size, 1, astar::kMaxBrush, "brush size %d  ([ ])", ImGuiSliderFlags_AlwaysClamp);
    if (studio.level().is_hex() && ImGui::IsItemHovered())
      ImGui::SetTooltip("On hexes the brush covers every hex fewer than %d steps from the one "
                        "under the mouse", t.size);
    if (t.tool == Tool::Rectangle) ImGui::Checkbox("Filled (Shift: the other)", &t.filled);
  }
  switch (layer) {
    case Layer::Costs: draw_terrains(studio); break;
    case Layer::Heights: {
      int mode = static_cast<int>(t.height_mode);
      for (int m = 0; m < static_cast<int>(astar::HeightMode::_Max); ++m) {
        if (m) ImGui::SameLine();
        ImGui::RadioButton(astar::to_string(static_cast<astar::HeightMode>(m)).data(), &mode, m);
      }
      t.height_mode = static_cast<astar::HeightMode>(mode);
      ImGui::SetNextItemWidth(-FLT_MIN);
      ImGui::SliderInt("##height", &t.height, -50, 50,
                       t.height_mode == astar::HeightMode::Set ? "height %d" : "by %d", ImGuiSliderFlags_AlwaysClamp);
      break;
    }
    case Layer::Edges: {
      int mode = static_cast<int>(t.edge_mode);
      constexpr const char* kModes[] = {"Weight", "One-way", "Block", "Clear"};
      for (int m = 0; m < static_cast<int>(EdgeMode::_Max); ++m) {
        if (m) ImGui::SameLine();
        ImGui::RadioButton(kModes[m], &mode, m);
      }
      t.edge_mode = static_cast<EdgeMode>(mode);
      if (t.edge_mode == EdgeMode::Weight) log_slider("##weight", t.edge_weight, 0.1f, 100.0f, "move cost %.2f");
      hint("Drag across cell borders: each move crossed gets the mode. Eraser: clear the moves "
           "leaving the cells.");
      break;
    }
    case Layer::Shapes: {
      if (studio.level().is_hex()) {
        hint("Hex levels take no collision shapes.");
        break;
      }
      if (t.tool == Tool::Brush) log_slider("##radius", t.shape_radius, 0.05f, 20.0f, "circle radius %.2f");
      hint("Brush: click to place a circle. Rectangle: drag a box. Line: click a polygon's "
           "corners, then its first corner again. Select: drag a shape to move it, its square "
           "handles to resize it, the round one to turn it (Shift: by 15 degrees), a polygon's "
           "small ones to add a corner; Shift+click a corner to remove it. Delete removes the "
           "shape.");
      shape_inspector_.Draw(studio);
      break;
    }
    case Layer::Agents:
      hint("Agents stand on cells and block them while \"agents block\" is on (Layers panel).");
      break;
    case Layer::Walls:
    case Layer::_Max: break;
  }
  ImGui::BeginDisabled(!studio.editor().can_undo());
  if (ImGui::Button("Undo")) studio.undo();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Ctrl+Z: %s", studio.editor().undo_label().c_str());
  ImGui::SameLine();
  ImGui::BeginDisabled(!studio.editor().can_redo());
  if (ImGui::Button("Redo")) studio.redo();
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Ctrl+Y: %s", studio.editor().redo_label().c_str());
  ImGui::SameLine();
  if (ImGui::Button("Fit view (0)")) studio.view.fit_pending = true;
}

void ToolsPanel::draw_terrains(Studio& studio) {
  ToolSettings& t = studio.tools;
  const std::vector<astar::Terrain> terrains = astar::terrains_of(studio.level());
  for (std::size_t i = 0; i < terrains.size(); ++i) {
    const astar::Terrain& terrain = terrains[i];
    ImGui::PushID(static_cast<int>(i));
    if (i % 2) ImGui::SameLine();
    const bool on = static_cast<float>(t.cost) == static_cast<float>(terrain.cost);
    ImGui::ColorButton("##swatch", rgb_vec(terrain.rgb), ImGuiColorEditFlags_NoTooltip);
    ImGui::SameLine(0, 4);
    char label[80];
    std::snprintf(label, sizeof label, "%s %g", terrain.name.c_str(), terrain.cost);
    if (ImGui::Selectable(label, on, 0, ImVec2(ImGui::GetContentRegionAvail().x * (i % 2 ? 1.0f : 0.45f), 0)))
      t.cost = terrain.cost;
    ImGui::PopID();
  }
  log_slider("##cost", t.cost, 0.1f, 100.0f, "cost %.2f");
  ImGui::Checkbox("Edit terrains", &editing_terrains_);
  if (!editing_terrains_) return;
  // The palette is the level's: edits are undoable and saved with it.
  std::vector<astar::Terrain> edited = terrains;
  bool changed = false;
  int remove = -1;
  for (std::size_t i = 0; i < edited.size(); ++i) {
    astar::Terrain& terrain = edited[i];
    ImGui::PushID(static_cast<int>(i) + 1000);
    float col[3] = {((terrain.rgb >> 16) & 255) / 255.0f, ((terrain.rgb >> 8) & 255) / 255.0f,
                    (terrain.rgb & 255) / 255.0f};
    if (ImGui::ColorEdit3("##c", col, ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_NoLabel)) {
      terrain.rgb = vec_rgb(col);
      changed = true;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    std::string name = terrain.name;
    if (ImGui::InputText("##n", &name, ImGuiInputTextFlags_EnterReturnsTrue) ||
        ImGui::IsItemDeactivatedAfterEdit()) {
      if (!name.empty() && name.size() <= astar::kMaxTerrainName && name != terrain.name) {
        terrain.name = name;
        changed = true;
      }
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - 4);
    double c = terrain.cost;
    if (ImGui::InputDouble("##v", &c, 0, 0, "%g", ImGuiInputTextFlags_EnterReturnsTrue) &&
        astar::check_cell_value(Layer::Costs, c).empty()) {
      terrain.cost = static_cast<float>(c);
      changed = true;
    }
    ImGui::SameLine(0, 4);
    if (ImGui::Button("x", ImVec2(ImGui::GetFrameHeight(), 0))) remove = static_cast<int>(i);
    ImGui::PopID();
  }
  if (remove >= 0 && edited.size() > 1) {
    edited.erase(edited.begin() + remove);
    changed = true;
  }
  if (edited.size() < astar::kMaxTerrains && ImGui::Button("Add terrain")) {
    edited.push_back({"terrain " + std::to_string(edited.size() + 1), t.cost, 0x9090a0});
    changed = true;
  }
  if (changed) studio.set_terrains(std::move(edited));
}

// [SECTION] Layers panel

void LayersPanel::Draw(Studio& studio) {
  Layers& layers = studio.appearance.layers;
  if (!ImGui::BeginTable("layers", 4, ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("show", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("lock", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5.5f);
  ImGui::TableSetupColumn("opacity", ImGuiTableColumnFlags_WidthStretch);
  for (int k = 0; k < astar::kLayerCount; ++k) {
    const Layer l = static_cast<Layer>(k);
    LayerView& v = layers[l];
    ImGui::PushID(k);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Checkbox("##show", &v.visible);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the %s layer", layer_label(l));
    ImGui::TableNextColumn();
    ImGui::Checkbox("##lock", &v.locked);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Lock: tools do not change the %s layer", layer_label(l));
    ImGui::TableNextColumn();
    char label[32];
    std::snprintf(label, sizeof label, "%d %s%s", k + 1, layer_label(l), v.locked ? " (locked)" : "");
    if (ImGui::Selectable(label, layers.active == l)) layers.active = l;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Paint this layer (key %d)", k + 1);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::SliderFloat("##opacity", &v.opacity, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::PopID();
  }
  ImGui::EndTable();
  bool block = studio.level().agents_block();
  if (ImGui::Checkbox("Agents block their cells", &block)) studio.set_agents_block(block);
  ImGui::TextDisabled("columns: show, lock, layer (1-6), opacity");
}

// [SECTION] Resize dialog

void ResizeDialog::request(const Studio& studio) {
  open_ = true;
  width_ = studio.level().width();
  height_ = studio.level().height();
  error_.clear();
}

void ResizeDialog::Draw(Studio& studio) {
  if (open_) {
    ImGui::OpenPopup("Resize level");
    open_ = false;
  }
  if (!ImGui::BeginPopupModal("Resize level", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::Text("Now %d x %d cells", studio.level().width(), studio.level().height());
  ImGui::SetNextItemWidth(120);
  ImGui::InputInt("Width", &width_);
  ImGui::SetNextItemWidth(120);
  ImGui::InputInt("Height", &height_);
  ImGui::TextUnformatted("Anchor: where the old content stays");
  const float b = ImGui::GetFrameHeight() * 1.6f;
  constexpr const char* kArrows[] = {"TL", "T", "TR", "L", "C", "R", "BL", "B", "BR"};
  for (int k = 0; k < 9; ++k) {
    if (k % 3) ImGui::SameLine();
    const bool on = static_cast<int>(anchor_) == k;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    ImGui::PushID(k);
    if (ImGui::Button(kArrows[k], ImVec2(b, b))) anchor_ = static_cast<astar::Anchor>(k);
    ImGui::PopID();
    if (on) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", astar::to_string(static_cast<astar::Anchor>(k)).data());
  }
  if (!error_.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.45f, 1), "%s", error_.c_str());
  if (ImGui::Button("Resize", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ENTER)) {
    const astar::Status s = studio.resize_level(width_, height_, anchor_);
    if (s) ImGui::CloseCurrentPopup();
    else error_ = s.error();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100, 0)) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace studio
