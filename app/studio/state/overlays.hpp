// What the canvas draws over the grid, each with a toggle and an opacity (View > Overlays, the
// Overlays panel, --overlay NAME=off|on|OPACITY). Open and closed tints, the path's tint and the
// heat map are drawn by grid.frag (uniforms, and a heat texture for the heat map); arrows,
// numbers, the current node, the examined neighbours, the path line and the heuristic check's
// marks are ImDrawList overlays for visible cells only. Also the heat map's colour ramp, shared
// with tests/studio's checker. No GL or ImGui here.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "astar/enum_names.hpp"
#include "state/palette.hpp"

namespace studio {

enum class OverlayId {
  Open,       // open set tint (shader)
  Closed,     // closed set tint (shader)
  Current,    // the node just taken: its outline and the best path to it
  Examined,   // the neighbours the last step improved (outlined)
  Arrows,     // cameFrom arrows
  Order,      // expansion order: the iteration at which each closed cell was taken
  Path,       // the final path: its cell tint (shader) and its line
  Heat,       // heat map of g, h or f (shader, from a texture)
  Heuristic,  // the heuristic check's marks (after Check heuristic)
  JumpDistances,  // JPS+ jump distances on the cells (JPS only; jump_distances_overlay.hpp)
  Unreachable,    // an X on cells that cannot reach the goal (flow field only; flow_overlay.hpp)
  Clusters,       // HPA*'s cluster borders and entrances (hierarchy_overlay.hpp)
  AbstractGraph,  // HPA*'s abstract nodes, edges and costs, and its abstract path
  OptimalPath,    // beside HPA*'s path, plain A*'s optimal one (dashed)
  _Max
};
inline constexpr std::size_t kOverlayCount = static_cast<std::size_t>(OverlayId::_Max);

struct Overlay {
  bool on = true;
  float opacity = 1.0f;  // 0..1
  float alpha() const { return on ? opacity : 0.0f; }
  friend bool operator==(const Overlay&, const Overlay&) = default;
};

struct OverlayInfo {
  const char* name;   // on the command line and in sidecars
  const char* label;  // in the menu and panel
  Overlay initial;    // today's look: every overlay on at full strength but order and heat
};
inline constexpr std::array<OverlayInfo, kOverlayCount> kOverlays{{
    {"open", "Open set", {true, 1.0f}},
    {"closed", "Closed set", {true, 1.0f}},
    {"current", "Current node", {true, 1.0f}},
    {"examined", "Examined neighbours", {true, 1.0f}},
    {"arrows", "cameFrom arrows", {true, 1.0f}},
    {"order", "Expansion order", {false, 1.0f}},
    {"path", "Path", {true, 1.0f}},
    {"heat", "Heat map", {false, 0.6f}},
    {"heuristic", "Heuristic check marks", {true, 1.0f}},
    {"jumps", "Jump distances (JPS+)", {true, 1.0f}},
    {"unreachable", "Cannot reach the goal (flow field)", {true, 1.0f}},
    {"clusters", "Clusters (HPA*)", {true, 1.0f}},
    {"abstract", "Abstract graph (HPA*)", {true, 1.0f}},
    {"optimal", "Optimal path beside (HPA*)", {true, 1.0f}},
}};

constexpr std::optional<OverlayId> parse_overlay(std::string_view name) {
  return astar::parse_enum_name<OverlayId>(kOverlays, name, &OverlayInfo::name);
}

// What the heat map shows: g, h or f of each seen cell.
enum class HeatSource { G, H, F, _Max };
inline constexpr std::array<const char*, 3> kHeatNames{"g", "h", "f"};
constexpr std::optional<HeatSource> parse_heat(std::string_view name) {
  return astar::parse_enum_name<HeatSource>(kHeatNames, name);
}

struct Overlays {
  std::array<Overlay, kOverlayCount> items = [] {
    std::array<Overlay, kOverlayCount> a{};
    for (std::size_t i = 0; i < kOverlayCount; ++i) a[i] = kOverlays[i].initial;
    return a;
  }();
  HeatSource heat = HeatSource::F;

  Overlay& operator[](OverlayId id) { return items[static_cast<std::size_t>(id)]; }
  const Overlay& operator[](OverlayId id) const { return items[static_cast<std::size_t>(id)]; }
  bool on(OverlayId id) const { return (*this)[id].alpha() > 0.0f; }
  float alpha(OverlayId id) const { return (*this)[id].alpha(); }
};

// The heat map's ramp: viridis (perceptually uniform, readable in greyscale and by colour-blind
// viewers), nine stops from low (dark purple) to high (yellow), linear between them. A cell's
// value v maps to t = (v - min) / (max - min) over the seen cells (t = 0 when all are equal).
inline constexpr std::array<palette::Rgb, 9> kViridis{{
    {68, 1, 84}, {72, 40, 120}, {62, 73, 137}, {49, 104, 142}, {38, 130, 142},
    {31, 158, 137}, {53, 183, 121}, {110, 206, 88}, {253, 231, 37}}};

constexpr palette::Rgb heat_colour(double t) {
  t = std::clamp(t, 0.0, 1.0) * static_cast<double>(kViridis.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(t), kViridis.size() - 2);
  const double u = t - static_cast<double>(i);
  auto mix = [u](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(a + (b - a) * u + 0.5);
  };
  const palette::Rgb a = kViridis[i], b = kViridis[i + 1];
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

// The heuristic check's marks: a red triangle in the bottom-right corner of each cell where h
// overestimates (opaque at full opacity: the tests look for it), short red arrows along the
// moves where h is inconsistent.
inline constexpr palette::Rgb kOverestimateMark{215, 25, 40};
inline constexpr palette::Rgb kInconsistentMark{190, 0, 30};
inline constexpr float kOverestimateMarkSize = 0.3f;  // of the cell's side
// Trace mode's findings (overlay_draw's findings()): a small diamond at the top middle of each
// finding's cell (clear of the g and h labels in the corners), and a ring round the cell of the
// finding picked in the Findings panel.
inline constexpr palette::Rgb kFindingMark{130, 40, 255};  // violet: no palette's colour
inline constexpr float kFindingMarkSize = 0.12f;    // the diamond's half-diagonal, of the side
inline constexpr float kFindingMarkMinPx = 3.0f, kFindingMarkMaxPx = 8.0f;  // ... within these
// The diamond's centre, from the cell's top-left corner: half a side right, the diamond's size
// and a pixel down.
inline float finding_mark_px(float cell_px) {
  return std::clamp(kFindingMarkSize * cell_px, kFindingMarkMinPx, kFindingMarkMaxPx);
}
inline constexpr float kFindingRingRadius = 0.62f;  // from the cell's centre, of the side

}  // namespace studio
