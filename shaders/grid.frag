#version 330 core
// A* Studio grid: the colour of each pixel from two textures holding one texel per cell.
//   u_layers (RGBA8): r = wall (1) or not (0)
//                     g = cost: 0.5 is cost 1, above leans to the cost tint, below to "cheap"
//                     b = height: 0.5 is height 0, above is higher (darker), below is lower (bluish)
//   u_search (R8UI):  0 unseen, 1 open, 2 closed, 3 on the path
//   u_heat (RGBA8):   the heat map's ramp colour of each seen cell (alpha 0 where unseen)
// Overlays (View > Overlays): the open, closed and path tints are mixed in at u_open_alpha,
// u_closed_alpha and u_path_alpha (the palette's overlay alpha times each overlay's opacity, 0
// when off; a path cell with the path off shows the closed tint), then the heat map at
// u_heat_alpha over the open and closed tints, under the path's.
// Grid lines and patterns are computed here from the pixel's position inside its cell, so
// drawing cost does not depend on the number of cells.
// Patterns (u_patterns = 1, set only when cells are at least 8 px): a second cue beside hue, in
// cell-local coordinates so they line up with the grid: open cells get four dots, closed cells a
// diagonal cross-hatch (anti-aliased); walls, unseen floor and path cells get none (the path has its own line).

uniform sampler2D u_layers;
uniform usampler2D u_search;
uniform vec2 u_origin;      // framebuffer pixel of cell (0, 0)'s top-left corner, top-left origin
uniform float u_cell_px;    // cell size in framebuffer pixels
uniform float u_fb_height;  // to turn gl_FragCoord (bottom-left origin) into top-left origin
uniform ivec2 u_level_size;
uniform float u_grid_alpha; // grid line strength: 0 when zoomed out, 1 when zoomed in
uniform float u_line_px;    // grid line width in framebuffer pixels (wider when presenting)
uniform int u_patterns;
uniform vec3 u_pattern_ink;
uniform float u_pattern_alpha;

uniform vec3 u_floor;
uniform vec3 u_wall;
uniform vec3 u_cost_tint;
uniform vec3 u_open;
uniform vec3 u_closed;
uniform vec3 u_path;
uniform float u_overlay_alpha;  // the palette's; the overlays' alphas below include it
uniform float u_open_alpha;
uniform float u_closed_alpha;
uniform float u_path_alpha;
uniform sampler2D u_heat;
uniform float u_heat_alpha;     // 0: no heat map

out vec4 out_color;

const vec3 kCheap = vec3(0.80, 0.93, 1.00);
const vec3 kLow = vec3(0.45, 0.55, 0.85);

// Pattern coverage (0..1, anti-aliased) at `inner` pixels from the cell's top-left corner.
// Dots: one in the middle of each quarter of the cell.
float dots(vec2 inner) {
  vec2 q = fract(inner / u_cell_px * 2.0) - 0.5;  // -0.5..0.5 across the quarter
  float d = length(q) * u_cell_px * 0.5;          // pixels from the quarter's centre
  float r = max(1.25, 0.07 * u_cell_px);
  return clamp(r - d + 0.5, 0.0, 1.0);
}

// Cross-hatch: lines along both diagonals through the cell corners, about one per 15 px of
// cell (1 to 4 each way), so small cells keep most of their tint.
float cross_hatch(vec2 inner) {
  float period = u_cell_px / clamp(round(u_cell_px / 15.0), 1.0, 4.0);
  float half_w = 0.5 * max(1.0, 0.035 * u_cell_px);
  vec2 t = vec2(inner.x + inner.y, inner.x - inner.y) / period;
  vec2 d = abs(fract(t + 0.5) - 0.5) * period * 0.70710678;  // pixels to the nearest line
  vec2 a = clamp(half_w - d + 0.5, 0.0, 1.0);
  return max(a.x, a.y);
}

void main() {
  vec2 px = vec2(gl_FragCoord.x, u_fb_height - gl_FragCoord.y);
  vec2 cell = (px - u_origin) / u_cell_px;
  ivec2 c = ivec2(floor(cell));
  if (any(lessThan(c, ivec2(0))) || any(greaterThanEqual(c, u_level_size))) discard;

  vec4 layer = texelFetch(u_layers, c, 0);
  vec2 inner = (cell - vec2(c)) * u_cell_px;  // pixels from the cell's top-left corner
  bool on_line = inner.x < u_line_px || inner.y < u_line_px;

  vec3 color;
  if (layer.r > 0.5) {
    color = u_wall;
    if (on_line) color = mix(color, vec3(1.0), 0.08 * u_grid_alpha);
  } else {
    float cost = (round(layer.g * 255.0) - 128.0) / 127.0;
    color = cost >= 0.0 ? mix(u_floor, u_cost_tint, min(cost, 1.0))
                        : mix(u_floor, kCheap, 0.7 * min(-cost, 1.0));
    float height = (round(layer.b * 255.0) - 128.0) / 127.0;
    color = height >= 0.0 ? color * (1.0 - 0.35 * min(height, 1.0))
                          : mix(color, kLow, 0.45 * min(-height, 1.0));

    uint state = texelFetch(u_search, c, 0).r;
    bool closed = state == 2u || (state == 3u && u_path_alpha <= 0.0);
    if (state == 1u) color = mix(color, u_open, u_open_alpha);
    else if (closed) color = mix(color, u_closed, u_closed_alpha);
    if (u_heat_alpha > 0.0) {
      vec4 heat = texelFetch(u_heat, c, 0);
      color = mix(color, heat.rgb, u_heat_alpha * heat.a);
    }
    if (state == 3u && u_path_alpha > 0.0) color = mix(color, u_path, u_path_alpha);
    if (u_patterns == 1) {
      float ink = state == 1u && u_open_alpha > 0.0 ? dots(inner)
                : closed && u_closed_alpha > 0.0 ? cross_hatch(inner) : 0.0;
      color = mix(color, u_pattern_ink, u_pattern_alpha * ink);
    }

    if (on_line) color *= 1.0 - 0.22 * u_grid_alpha;
  }
  out_color = vec4(color, 1.0);
}
