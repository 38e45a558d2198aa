// What the panels, the canvas and the status line share and change directly: the tools' settings,
// the selection and the clipboard, the view, the look, the status line's message, the play
// controls, where named widgets were drawn, and the requests for main. Plain data with no rule
// tying its fields together, so they are public; Studio is a UiState, so a panel writes
// studio.status or studio.view as before. No GL or ImGui here.
//
//   studio.tools.tool = Tool::Fill;          // the Tools panel
//   studio.status = "Saved level.json";      // anything the user should read
//   studio.view.fit_pending = true;          // refit at the next frame (F)
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "astar/edit.hpp"
#include "astar/grid.hpp"
#include "state/appearance.hpp"
#include "state/main_requests.hpp"

namespace studio {

// How level cells map to canvas pixels: cell (x, y)'s top-left corner is at
// canvas_pos + offset + (x, y) * cell_px (ImGui screen coordinates).
struct View {
  float cell_px = 24.0f;
  float offset_x = 0.0f, offset_y = 0.0f;
  bool fit_pending = true;   // fit the level to the canvas at the next frame (load, F key)
  // Used once by the first fit (command line --zoom/--focus): cell size, and cell to centre.
  float initial_zoom = 0.0f;  // 0: fit
  int focus_x = -1, focus_y = -1;  // -1: the level's centre
  // Set by the viewport every frame: the canvas rectangle in ImGui screen coordinates.
  float canvas_x = 0.0f, canvas_y = 0.0f, canvas_w = 0.0f, canvas_h = 0.0f;
};

// The editing tools, with Tiled's shortcuts: each works on the active layer
// (appearance.layers.active), but Unit, which places units that move on any layer
// (units_tool.hpp). tools.hpp turns mouse input into Editor operations.
enum class Tool : std::uint8_t { Brush, Eraser, Fill, Rectangle, Line, Eyedropper, Select, Unit, _Max };
// What a drag across a cell border does on the Edges layer.
enum class EdgeMode : std::uint8_t {
  Weight,  // the move costs edge_weight
  OneWay,  // the move stays open, the reverse move is blocked
  Block,   // the move is blocked
  Clear,   // both directions lose their overrides
  _Max
};

// The tools' settings: which tool, its size, and each layer's brush value.
struct ToolSettings {
  Tool tool = Tool::Brush;
  int size = 1;          // brush, eraser and line width in cells (1..astar::kMaxBrush)
  bool filled = true;    // Rectangle: filled, else outline
  double cost = 2.0;     // the Costs layer's value (a terrain's cost, or any)
  int height = 1;        // the Heights layer's value
  astar::HeightMode height_mode = astar::HeightMode::Set;
  double edge_weight = 2.0;
  EdgeMode edge_mode = EdgeMode::Weight;
  double shape_radius = 0.4;  // Shapes layer: a new circle's radius in cells
};

struct UiState {
  ToolSettings tools;
  std::optional<astar::CellRect> selection;  // the Select tool's rectangle
  astar::Clip clipboard;                     // Ctrl+C / Ctrl+X
  std::optional<std::size_t> selected_shape;  // the Shapes layer's selection
  std::optional<astar::Cell> unit_start;  // the Unit tool's first click, waiting for its goal
  View view;
  Appearance appearance;  // palette, patterns, presentation mode, UI scale
  std::string status;  // the last message for the status line
  bool findings_panel = true;  // View > Findings panel (shown while a trace is open)

  // Play (SearchSession::play): the search steps by itself, this many iterations a second.
  bool playing = false;
  float speed = 20.0f;

  // Where some named widgets were drawn this frame ("level.max_climb": the Level panel's rule
  // editors), in ImGui screen coordinates, each only when wholly in view. The F12 screenshot's
  // sidecar lists them, so the end-to-end tests find them wherever the sidebar has scrolled.
  // Cleared at the start of each frame (Ui::Draw).
  struct WidgetRect {
    float x = 0.0f, y = 0.0f, w = 0.0f, h = 0.0f;
  };
  std::map<std::string, WidgetRect, std::less<>> widget_rects;
  MainRequests requests;  // F12's screenshot, Ctrl+T's trace: done by main after rendering
  // Told of each file the user asked for that the studio wrote (Save As, Export trace): main
  // sets platform::file_written, which in the browser offers it as a download. Empty: nothing.
  std::function<void(const std::string&)> on_file_written;
};

}  // namespace studio
