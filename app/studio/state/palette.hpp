// The studio's colours, in one place: the grid shader gets them as uniforms, the overlays use them
// for ImDrawList, and tests/studio checks screenshots against them. Plain constants, no ImGui/GL.
//
// Three palettes (View > Palette, --palette): Default, Colour-blind safe (the Okabe-Ito colours,
// which stay apart under protanopia, deuteranopia and tritanopia) and High contrast. Hue is never
// the only cue: with patterns on (grid.frag), open cells carry dots and closed cells a
// cross-hatch, and the path is a thick outlined line with a dot on each cell.
//
// The default palette (8-bit sRGB):
//   floor (open cell)  236 236 230      wall               58  62  74
//   costly floor       176 156 126  (at the level's highest cost)
//   canvas background   30  31  36      open set tint     110 210 110  (alpha 0.55)
//   closed set tint    150 140 235  (alpha 0.55)
//   path               255 140   0  (cell tint alpha 0.55; the path polyline is opaque)
//   start marker        40 190  70      goal marker       225  50  50
//   taken node outline 235  30 200      relaxed neighbour   0 150 170
//   partial path       255 196 110  (dashed; a partial path tints no cells)
//   backward side      30 120 255  (alpha 0.30 over the open/closed tint: bidirectional A*'s
//                                    search from the goal)
//   meeting cell       255 215   0  (bidirectional A*: ring on the best meeting cell so far)
//   smoothed path        0 200 255  (thin opaque line with waypoint dots, over the path)
//   collision shape     96 104 124  (fill alpha 0.8, outline 20 20 30; the agent-radius margin
//                                    is a thin outline of the shape colour, alpha 0.7)
// The level's layers (LayerLook; terrains bring their own colours, saved with the level):
//   high ground        150 110  70  (mixed in up to 0.55 at the level's highest |height|)
//   low ground         115 140 215  (the same below height 0)
//   contour lines       85  55  30  (alpha 0.8)
//   agent              125  50 160  (a disc with a white figure; a ring while agents do not block)
//   edge override       30  60 150  (an arrow with its weight; blocked: 210 30 30 with a bar)
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "astar/enum_names.hpp"

namespace studio::palette {

struct Rgb {
  std::uint8_t r, g, b;
};

// How the level's layers look (grid.frag draws heights and agents, the viewport edge arrows).
struct LayerLook {
  Rgb high, low;      // height tints above and below 0, at the level's largest |height| ...
  float height_alpha;  // ... mixed in this much
  Rgb contour;        // contour lines of the height field
  float contour_alpha;
  Rgb agent, agent_ink;  // the agent disc and the figure on it
  Rgb edge, edge_blocked;  // edge override arrows: weighted, blocked
};

struct Palette {
  const char* name;   // on the command line and in sidecars: "default", "colour-blind", ...
  const char* label;  // in the View menu
  Rgb floor, wall, background;
  Rgb cost_tint;  // high-cost cells lean towards this
  Rgb open, closed;
  Rgb path;          // the path polyline: opaque, the tests look for it at path cell centres
  Rgb path_outline;  // drawn under the path polyline (and its dots) when it differs from path
  Rgb start, goal, taken, relaxed, partial_path;
  Rgb backward;
  float backward_alpha;
  Rgb meet;
  Rgb smoothed;  // the smoothed path: opaque, the test looks for it
  Rgb shape;     // collision shapes (circles, boxes), over the grid
  float shape_alpha;
  Rgb arrow, text;
  Rgb level_outline;  // the frame around the level, against the background
  float overlay_alpha;  // of the search-state tints the shader blends over the cell colour
  Rgb pattern_ink;      // patterns (dots, cross-hatch) mix this over the cell colour...
  float pattern_alpha;  // ... this much
  bool patterns_by_default;  // choosing the palette turns patterns on (or off)
  LayerLook layers;
};

enum class Id { Default, ColourBlind, HighContrast, _Max };

inline constexpr Palette kDefault{
    "default", "Default",
    {236, 236, 230}, {58, 62, 74}, {30, 31, 36}, {176, 156, 126},
    {110, 210, 110}, {150, 140, 235},
    {255, 140, 0}, {255, 140, 0},
    {40, 190, 70}, {225, 50, 50}, {235, 30, 200}, {0, 150, 170}, {255, 196, 110},
    {30, 120, 255}, 0.30f,
    {255, 215, 0}, {0, 200, 255}, {96, 104, 124}, 0.8f,
    {40, 40, 60}, {20, 20, 30}, {120, 124, 136},
    0.55f, {20, 20, 30}, 0.45f, false,
    {{150, 110, 70}, {115, 140, 215}, 0.55f, {85, 55, 30}, 0.8f,
     {125, 50, 160}, {255, 255, 255}, {30, 60, 150}, {210, 30, 30}}};

// Okabe & Ito (2008): sky blue open set, vermillion closed set (apart in hue for every common
// colour-vision deficiency, and in lightness for greyscale), a yellow path with a black outline.
inline constexpr Palette kColourBlind{
    "colour-blind", "Colour-blind safe",
    {240, 240, 236}, {58, 62, 74}, {30, 31, 36}, {190, 170, 140},
    {86, 180, 233}, {213, 94, 0},
    {240, 228, 66}, {0, 0, 0},
    {0, 158, 115}, {204, 121, 167}, {0, 0, 0}, {0, 114, 178}, {230, 159, 0},
    {0, 114, 178}, 0.30f,
    {230, 159, 0}, {0, 114, 178}, {96, 104, 124}, 0.8f,
    {20, 20, 30}, {0, 0, 0}, {200, 200, 200},
    0.70f, {0, 0, 0}, 0.55f, true,
    {{160, 120, 70}, {86, 180, 233}, 0.55f, {60, 40, 20}, 0.85f,
     {0, 0, 0}, {240, 228, 66}, {0, 114, 178}, {213, 94, 0}}};

// For projectors and bright rooms: white floor, black walls, strong tints, a black-edged path.
inline constexpr Palette kHighContrast{
    "high-contrast", "High contrast",
    {255, 255, 255}, {0, 0, 0}, {0, 0, 0}, {170, 140, 90},
    {0, 120, 255}, {255, 150, 0},
    {230, 0, 110}, {0, 0, 0},
    {0, 170, 0}, {220, 0, 0}, {0, 0, 0}, {0, 0, 0}, {255, 120, 190},
    {0, 60, 200}, 0.35f,
    {255, 220, 0}, {0, 190, 255}, {90, 90, 100}, 0.9f,
    {0, 0, 0}, {0, 0, 0}, {255, 255, 255},
    0.75f, {0, 0, 0}, 0.6f, true,
    {{140, 90, 40}, {60, 110, 230}, 0.6f, {0, 0, 0}, 0.9f,
     {120, 0, 200}, {255, 255, 255}, {0, 0, 0}, {220, 0, 0}}};

constexpr const Palette& get(Id id) {
  switch (id) {
    case Id::ColourBlind: return kColourBlind;
    case Id::HighContrast: return kHighContrast;
    case Id::Default:
    case Id::_Max: break;
  }
  return kDefault;
}

// "default", "colour-blind" (also "color-blind"), "high-contrast".
constexpr std::optional<Id> parse(std::string_view name) {
  if (name == "color-blind") return Id::ColourBlind;
  return astar::parse_enum_name<Id>(name, [](Id id) { return get(id).name; });
}

// Whether the path polyline has an outline of its own colour under it, and the colour of the dots
// patterns put on the path's cells (the outline's, else the text's).
constexpr bool path_outlined(const Palette& p) {
  return p.path_outline.r != p.path.r || p.path_outline.g != p.path.g || p.path_outline.b != p.path.b;
}
constexpr Rgb path_dot(const Palette& p) { return path_outlined(p) ? p.path_outline : p.text; }

// The colour a cell of plain floor (cost 1, no height shading) shows under a search tint, as the
// shader computes it: mix(floor, tint, overlay_alpha), rounded to 8 bits.
constexpr Rgb blend(Rgb under, Rgb over, float alpha) {
  auto mix = [alpha](std::uint8_t a, std::uint8_t b) {
    const float v = static_cast<float>(a) + (static_cast<float>(b) - static_cast<float>(a)) * alpha;
    return static_cast<std::uint8_t>(v + 0.5f);
  };
  return {mix(under.r, over.r), mix(under.g, over.g), mix(under.b, over.b)};
}
constexpr Rgb blend_over_floor(const Palette& p, Rgb tint) {
  return blend(p.floor, tint, p.overlay_alpha);
}
// A cell only bidirectional A*'s backward side has seen: its tint under the backward overlay
// (drawn by ImGui with straight alpha blending over the grid).
constexpr Rgb backward_over_floor(const Palette& p, Rgb tint) {
  return blend(blend_over_floor(p, tint), p.backward, p.backward_alpha);
}

}  // namespace studio::palette
