#version 330 core
// A* Studio grid: the colour of each pixel from two textures holding one texel per cell.
//   u_layers (RGBA8): r = wall (1) or not (0)
//                     g = cost: 0.5 is cost 1, above leans to the cost tint, below to "cheap"
//                     b = height: 0.5 is height 0, above is higher (darker), below is lower (bluish)
//   u_search (R8UI):  0 unseen, 1 open, 2 closed, 3 on the path
// Grid lines are computed here from the pixel's position inside its cell, so drawing cost does
// not depend on the number of cells.

uniform sampler2D u_layers;
uniform usampler2D u_search;
uniform vec2 u_origin;      // framebuffer pixel of cell (0, 0)'s top-left corner, top-left origin
uniform float u_cell_px;    // cell size in framebuffer pixels
uniform float u_fb_height;  // to turn gl_FragCoord (bottom-left origin) into top-left origin
uniform ivec2 u_level_size;
uniform float u_grid_alpha; // grid line strength: 0 when zoomed out, 1 when zoomed in

uniform vec3 u_floor;
uniform vec3 u_wall;
uniform vec3 u_cost_tint;
uniform vec3 u_open;
uniform vec3 u_closed;
uniform vec3 u_path;
uniform float u_overlay_alpha;

out vec4 out_color;

const vec3 kCheap = vec3(0.80, 0.93, 1.00);
const vec3 kLow = vec3(0.45, 0.55, 0.85);

void main() {
  vec2 px = vec2(gl_FragCoord.x, u_fb_height - gl_FragCoord.y);
  vec2 cell = (px - u_origin) / u_cell_px;
  ivec2 c = ivec2(floor(cell));
  if (any(lessThan(c, ivec2(0))) || any(greaterThanEqual(c, u_level_size))) discard;

  vec4 layer = texelFetch(u_layers, c, 0);
  vec2 inner = (cell - vec2(c)) * u_cell_px;  // pixels from the cell's top-left corner
  bool on_line = inner.x < 1.0 || inner.y < 1.0;

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
    if (state == 1u) color = mix(color, u_open, u_overlay_alpha);
    else if (state == 2u) color = mix(color, u_closed, u_overlay_alpha);
    else if (state == 3u) color = mix(color, u_path, u_overlay_alpha);

    if (on_line) color *= 1.0 - 0.22 * u_grid_alpha;
  }
  out_color = vec4(color, 1.0);
}
