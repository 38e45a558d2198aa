// The studio's colours, in one place: the grid shader gets them as uniforms, the overlays use them
// for ImDrawList, and tests/studio checks screenshots against them. Plain constants, no ImGui/GL.
//
// Documented values (8-bit sRGB):
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
#pragma once

#include <cstdint>

namespace studio::palette {

struct Rgb {
  std::uint8_t r, g, b;
};

inline constexpr Rgb kFloor{236, 236, 230};
inline constexpr Rgb kWall{58, 62, 74};
inline constexpr Rgb kBackground{30, 31, 36};
inline constexpr Rgb kCostTint{176, 156, 126};  // high-cost cells lean towards this mud brown
inline constexpr Rgb kOpen{110, 210, 110};
inline constexpr Rgb kClosed{150, 140, 235};
inline constexpr Rgb kPath{255, 140, 0};  // the path polyline: opaque, the test looks for it
inline constexpr Rgb kStart{40, 190, 70};
inline constexpr Rgb kGoal{225, 50, 50};
inline constexpr Rgb kTaken{235, 30, 200};
inline constexpr Rgb kRelaxed{0, 150, 170};
inline constexpr Rgb kPartialPath{255, 196, 110};
inline constexpr Rgb kBackward{30, 120, 255};
inline constexpr float kBackwardAlpha = 0.30f;
inline constexpr Rgb kMeet{255, 215, 0};
inline constexpr Rgb kSmoothed{0, 200, 255};  // the smoothed path: opaque, the test looks for it
inline constexpr Rgb kShape{96, 104, 124};  // collision shapes (circles, boxes), over the grid
inline constexpr float kShapeAlpha = 0.8f;
inline constexpr Rgb kArrow{40, 40, 60};
inline constexpr Rgb kText{20, 20, 30};

// Alpha of the search-state tints the shader blends over the cell colour.
inline constexpr float kOverlayAlpha = 0.55f;

// The colour a cell of plain floor (cost 1, no height shading) shows under a search tint, as the
// shader computes it: mix(floor, tint, kOverlayAlpha), rounded to 8 bits.
constexpr Rgb blend(Rgb under, Rgb over, float alpha) {
  auto mix = [alpha](std::uint8_t a, std::uint8_t b) {
    const float v = static_cast<float>(a) + (static_cast<float>(b) - static_cast<float>(a)) * alpha;
    return static_cast<std::uint8_t>(v + 0.5f);
  };
  return {mix(under.r, over.r), mix(under.g, over.g), mix(under.b, over.b)};
}
constexpr Rgb blend_over_floor(Rgb tint) { return blend(kFloor, tint, kOverlayAlpha); }
// A cell only bidirectional A*'s backward side has seen: its tint under the backward overlay
// (drawn by ImGui with straight alpha blending over the grid).
constexpr Rgb backward_over_floor(Rgb tint) {
  return blend(blend_over_floor(tint), kBackward, kBackwardAlpha);
}

}  // namespace studio::palette
