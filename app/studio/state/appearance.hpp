// How the studio looks, apart from the level and the search: the palette, the second cue beside
// hue (patterns), presentation mode and the UI scale. Menus and keys change it; main applies
// presentation mode (fonts, style, full screen) between frames. No GL or ImGui here.
#pragma once

#include <array>

#include "astar/edit.hpp"
#include "state/overlays.hpp"
#include "state/palette.hpp"

namespace studio {

// Presentation mode: fonts and style sizes this many times the normal ones.
inline constexpr float kPresentationScale = 1.6f;

// The layer panel's state for one layer (astar::Layer): shown or hidden, how opaque, locked
// against editing.
struct LayerView {
  bool visible = true;
  float opacity = 1.0f;  // 0..1; the renderer mixes the layer's look in this much
  bool locked = false;   // tools do not paint a locked layer
};

// Every layer's view, and the layer the tools paint (Tiled's "current layer").
struct Layers {
  std::array<LayerView, astar::kLayerCount> views{};
  astar::Layer active = astar::Layer::Walls;
  LayerView& operator[](astar::Layer l) { return views[static_cast<std::size_t>(l)]; }
  const LayerView& operator[](astar::Layer l) const { return views[static_cast<std::size_t>(l)]; }
  // The opacity the renderer uses: 0 when hidden.
  float alpha(astar::Layer l) const { return (*this)[l].visible ? (*this)[l].opacity : 0.0f; }
};

struct Appearance {
  palette::Id palette = palette::Id::Default;
  // Patterns in the grid (dots on open cells, a cross-hatch on closed ones) and dots on the
  // path's cells: a second cue beside hue, for colour-blind viewers and greyscale prints.
  bool patterns = false;
  // Large fonts, high-contrast style, full screen, the debugger column hidden.
  bool presentation = false;
  bool debugger_column = true;  // View > Debugger column (presentation mode hides it)
  // --embed (a course page's iframe): during an exercise only the grid, the Exercise panel (its
  // Save result button with it) and the status line; no menu, no debugger column.
  bool embed = false;
  // Set by main at start: the monitor's content scale or --ui-scale (fonts, style sizes, cell
  // label sizes and zoom thresholds follow it), and the UI font's size in display pixels now.
  float ui_scale = 1.0f;
  float font_px = 15.0f;
  // What is drawn over the grid, each with a toggle and an opacity (View > Overlays).
  Overlays overlays;
  // The level's layers: visibility, opacity, lock, and which one the tools paint.
  Layers layers;

  const palette::Palette& colors() const { return palette::get(palette); }
  // A palette comes with its patterns setting (on for colour-blind and high contrast).
  void choose_palette(palette::Id id) {
    palette = id;
    patterns = palette::get(id).patterns_by_default;
  }
  // Cell labels and overlay widths: the UI scale, times kPresentationScale when presenting.
  float label_scale() const { return ui_scale * (presentation ? kPresentationScale : 1.0f); }
};

}  // namespace studio
