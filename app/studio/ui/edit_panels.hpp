// The editor's panels: Tools (tool buttons with Tiled's shortcuts, brush size, the active
// layer's value: terrain palette, height mode, edge mode, circle radius), Layers (visibility,
// opacity, lock, the active layer, agents block), the Resize dialog (size and anchor), and the
// Edit menu's actions (undo, redo, cut, copy, paste, delete, select all) shared with the keys.
#pragma once

#include <optional>
#include <string>

#include "astar/edit.hpp"
#include "panels/shape_inspector.hpp"
#include "state/studio.hpp"

namespace studio {

// [SECTION] Edit actions (menu and keys)

void copy_selection(Studio& studio);
void cut_selection(Studio& studio);
// Pastes the clipboard with its top-left cell at `at` (the cell under the mouse), or at the
// selection's corner, or at (0, 0); the pasted rectangle becomes the selection.
void paste_clipboard(Studio& studio, std::optional<astar::Cell> at);
// Deletes the selected shape (Shapes layer) or blanks the selected cells.
void delete_selection(Studio& studio);
void select_all(Studio& studio);

// [SECTION] Panels

struct ToolsPanel {
  void Draw(Studio& studio);

 private:
  void draw_terrains(Studio& studio);
  bool editing_terrains_ = false;
  ShapeInspector shape_inspector_;
};

struct LayersPanel {
  void Draw(Studio& studio);
};

struct ResizeDialog {
  void request(const Studio& studio);  // opens it with the level's size
  void Draw(Studio& studio);

 private:
  bool open_ = false;
  int width_ = 0, height_ = 0;
  astar::Anchor anchor_ = astar::Anchor::TopLeft;
  std::string error_;
};

}  // namespace studio
