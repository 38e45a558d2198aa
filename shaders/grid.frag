#version 330 core
// A* Studio grid: the colour of each pixel from textures holding one texel per cell.
//   u_cells (R8UI):    bits GRID_CELL_WALL, GRID_CELL_AGENT
//   u_costs (R32F):    the cell's cost, as the level holds it
//   u_heights (R32I):  the cell's height, as the level holds it
//   u_search (R8UI):   unseen (0), GRID_SEARCH_OPEN, GRID_SEARCH_CLOSED, GRID_SEARCH_PATH
//   u_heat (R32F):     the heat map's value (g, h or f) of each seen cell, GRID_NO_HEAT where none
// The level's layers, bottom to top, each mixed in at its layer panel opacity (0 when hidden):
//   costs    a cost equal to a terrain's (u_terrains: rgb, cost) shows the terrain's colour; other
//            costs above 1 lean to the cost tint (log scale up to u_max_cost), below 1 to "cheap";
//            cost 1, the blank value, is plain floor
//   heights  a tint per cell (high ground browner, low ground bluer, by height / u_height_abs),
//            hill-shading per cell lit from the top left (the slope across its neighbours), and
//            contour lines every u_contour_step height units (at half steps, so integer plateaus
//            sit between lines) on the height field interpolated bilinearly between cell centres
//   walls    the wall colour (hidden walls show the layers under them)
//   search   open, closed and path tints, the heat map, patterns (below)
//   agents   a disc with a figure; only a ring while agents do not block
// Overlays (View > Overlays): the open, closed and path tints are mixed in at u_open_alpha,
// u_closed_alpha and u_path_alpha (the palette's overlay alpha times each overlay's opacity, 0
// when off; a path cell with the path off shows the closed tint), then the heat map at
// u_heat_alpha over the open and closed tints, under the path's: the cell's value v normalised
// over the seen cells' range, t = (v - u_heat_min) / (u_heat_max - u_heat_min) (0 when the range
// is one value), coloured with the ramp u_heat_ramp (viridis, GRID_HEAT_STOPS stops, linear
// between them).
// Grid lines, contours and patterns are computed here from the pixel's position inside its cell
// and a few texels around it, so drawing cost does not depend on the number of cells.
// Feature switches (the renderer defines each 1 or 0 after the #version line and compiles one
// program per combination): GRID_COSTS (some cell's cost is not 1 and the Costs layer shows),
// GRID_HEIGHTS (the level has heights and the layer shows), GRID_AGENTS (the level has agents
// and the layer shows), GRID_PATTERNS (u_patterns is 1), GRID_HEAT (the heat map is on),
// GRID_HEX (a hex level: each pixel's hexagon found by cube rounding, every layer drawn on it,
// grid lines along the hexagons' sides, pixels outside every hexagon u_background; see the
// "Hex levels" section below). A
// feature switched off is left out of the program: llvmpipe, Mesa's CPU renderer, would
// otherwise run its code for every pixel even when a uniform turns it off.
// Numbers shared with C++ are #defined by the renderer too, from its own constants
// (grid_shader_source.cpp): GRID_MAX_TERRAINS, GRID_HEAT_STOPS, GRID_CELL_WALL, GRID_CELL_AGENT,
// GRID_SEARCH_OPEN, GRID_SEARCH_CLOSED, GRID_SEARCH_PATH, GRID_NO_HEAT. Do not define them here.
// Patterns (u_patterns = 1, set only when cells are at least 8 px): a second cue beside hue, in
// cell-local coordinates so they line up with the grid: open cells get four dots, closed cells a
// diagonal cross-hatch (anti-aliased); walls, unseen floor and path cells get none (the path has its own line).

uniform usampler2D u_cells;
uniform sampler2D u_costs;
uniform isampler2D u_heights;
uniform usampler2D u_search;
uniform vec2 u_origin;      // framebuffer pixel of level point (0, 0), top-left origin (square
                            // levels: cell (0, 0)'s top-left corner; grid_geometry.hpp)
uniform float u_cell_px;    // cell size in framebuffer pixels (a hexagon's across its sides)
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
uniform float u_heat_min;       // the seen cells' lowest and highest value
uniform float u_heat_max;
uniform vec3 u_heat_ramp[GRID_HEAT_STOPS];  // GRID_HEAT_STOPS: defined by the renderer

// Layers: opacities (0: hidden), the terrain palette, scales and colours.
uniform float u_walls_alpha;
uniform float u_costs_alpha;
uniform float u_heights_alpha;
uniform float u_agents_alpha;
uniform vec4 u_terrains[GRID_MAX_TERRAINS];  // rgb, cost; GRID_MAX_TERRAINS: by the renderer
uniform int u_terrain_count;
uniform float u_max_cost;       // the highest cost of the level's open cells (>= 1)
uniform float u_min_cost;       // the lowest (<= 1)
uniform float u_height_abs;     // the largest |height| (0: flat)
uniform float u_contour_step;   // height units between contour lines (>= 1)
uniform vec3 u_high;
uniform vec3 u_low;
uniform float u_height_tint;    // how much u_high / u_low at the largest |height|
uniform vec3 u_contour;
uniform float u_contour_alpha;
uniform vec3 u_agent;
uniform vec3 u_agent_ink;
uniform int u_agents_block;

out vec4 out_color;

const vec3 kCheap = vec3(0.80, 0.93, 1.00);

// The Costs layer's colour for `cost` over the floor.
vec3 cost_colour(float cost) {
  if (cost == 1.0) return u_floor;
  for (int i = 0; i < u_terrain_count; ++i)
    if (abs(cost - u_terrains[i].w) <= 1e-6 * u_terrains[i].w) return u_terrains[i].rgb;
  if (cost > 1.0)
    return mix(u_floor, u_cost_tint, u_max_cost > 1.0 ? clamp(log(cost) / log(u_max_cost), 0.0, 1.0) : 1.0);
  return mix(u_floor, kCheap, 0.7 * clamp((1.0 - cost) / max(1e-6, 1.0 - u_min_cost), 0.0, 1.0));
}

// The heat map's colour at t in [0, 1]: as heat_colour() in overlays.hpp.
vec3 heat_colour(float t) {
  float s = clamp(t, 0.0, 1.0) * float(GRID_HEAT_STOPS - 1);
  int i = min(int(s), GRID_HEAT_STOPS - 2);
  return mix(u_heat_ramp[i], u_heat_ramp[i + 1], s - float(i));
}

float height_at(ivec2 c) {
  return float(texelFetch(u_heights, clamp(c, ivec2(0), u_level_size - 1), 0).r);
}

// A cell of height `own` whose ground slopes by `slope` (height units per cell, screen y down)
// over `color`: a tint by height, then hill-shading lit from the top left (slopes facing the
// light brighten, the others darken).
vec3 height_tint(vec3 color, float own, vec2 slope) {
  float t = u_height_abs > 0.0 ? own / u_height_abs : 0.0;
  vec3 tinted = t >= 0.0 ? mix(color, u_high, u_height_tint * t)
                         : mix(color, u_low, u_height_tint * -t);
  vec3 n = normalize(vec3(-slope, 1.0));
  float lit = dot(n, normalize(vec3(-1.0, -1.0, 1.2))) - 1.2 / length(vec3(-1.0, -1.0, 1.2));
  return clamp(tinted * (1.0 + 0.35 * clamp(lit, -0.6, 0.4)), 0.0, 1.0);
}

// Contours at half steps of the height field `h` (interpolated between cell centres) over
// `tinted`, anti-aliased, about 1.5 line widths wide; none on flat ground.
vec3 contour_lines(vec3 tinted, float h) {
  float v = h / u_contour_step + 0.5;
  float fw = fwidth(v);
  if (fw > 1e-5) {
    float px_to_line = abs(fract(v + 0.5) - 0.5) / fw;  // pixels to the nearest contour
    float line = clamp(0.75 * u_line_px + 0.5 - px_to_line, 0.0, 1.0);
    line *= clamp((u_cell_px - 3.0) / 5.0, 0.0, 1.0);  // fade in from 3 to 8 px per cell
    tinted = mix(tinted, u_contour, u_contour_alpha * line);
  }
  return tinted;
}

// The Heights layer over `color` at cell c, `cell` the pixel's position in cell units. Six texel
// reads: the cell, its four sides and the diagonal neighbour of the pixel's quarter.
vec3 heights_layer(vec3 color, ivec2 c, vec2 cell) {
  float own = height_at(c);
  float left = height_at(c - ivec2(1, 0)), right = height_at(c + ivec2(1, 0));
  float up = height_at(c - ivec2(0, 1)), down = height_at(c + ivec2(0, 1));
  // The slope across its neighbours.
  vec3 tinted = height_tint(color, own, 0.5 * vec2(right - left, down - up) / u_contour_step);
  // No contours on cells under 3 px (they would be a grey smear; the shading still shows the
  // terrain).
  if (u_cell_px >= 3.0) {
    // The field between cell centres, bilinear, in the pixel's quarter of the cell: between
    // this centre and the three nearest others.
    vec2 d = cell - vec2(c) - 0.5;  // -0.5..0.5 from the centre
    ivec2 side = ivec2(d.x >= 0.0 ? 1 : -1, d.y >= 0.0 ? 1 : -1);
    vec2 f = abs(d);
    float hx = side.x > 0 ? right : left, hy = side.y > 0 ? down : up;
    tinted = contour_lines(tinted, mix(mix(own, hx, f.x), mix(hy, height_at(c + side), f.x), f.y));
  }
  return mix(color, tinted, u_heights_alpha);
}

// An agent on the cell: a disc with a figure (head and shoulders); while agents do not block,
// only a ring and a faint figure, so the toggle shows. `p` is -0.5..0.5 across the cell.
vec3 agent_layer(vec3 color, vec2 p) {
  float aa = 1.0 / u_cell_px;  // a pixel in cell units
  float r = length(p);
  float head = clamp((0.11 - length(p - vec2(0.0, -0.12))) / aa + 0.5, 0.0, 1.0);
  vec2 s = (p - vec2(0.0, 0.26)) * vec2(1.0, 1.25);
  float body = clamp((0.21 - length(s)) / aa + 0.5, 0.0, 1.0) * clamp((0.2 - p.y) / aa + 0.5, 0.0, 1.0);
  float figure = u_cell_px >= 10.0 ? max(head, body) : 0.0;
  if (u_agents_block == 1) {
    float disc = clamp((0.40 - r) / aa + 0.5, 0.0, 1.0);
    color = mix(color, u_agent, u_agents_alpha * disc);
    return mix(color, u_agent_ink, u_agents_alpha * figure * disc);
  }
  float ring = clamp((max(0.045, aa) - abs(r - 0.36)) / aa + 0.5, 0.0, 1.0);
  color = mix(color, u_agent, u_agents_alpha * 0.5 * figure);
  return mix(color, u_agent, u_agents_alpha * 0.9 * ring);
}

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

#if GRID_HEX
// [SECTION] Hex levels
// Hexagons as app/studio/state/grid_geometry.hpp places them: kHexSize from centre to corner in
// level units (the units u_cell_px pixels long), so neighbouring centres are 1 apart and a
// hexagon is 1 across its flat sides; cell (0, 0)'s centre at u_hex_origin. Pointy-top hexes
// (u_hex_flat 0) sit in rows, the odd (u_hex_even 0) or even rows pushed half a hex right;
// flat-top ones in columns, pushed down. Cells are offset (column, row) as the level stores them,
// computed through axial coordinates (q, r) as hex_coords.hpp does.
uniform int u_hex_flat;
uniform int u_hex_even;
uniform vec2 u_hex_origin;
uniform vec3 u_background;  // pixels outside every hexagon of the level

const float kSqrt3 = 1.7320508;
const float kHexSize = 0.57735027;
// The six axial directions clockwise on screen (y down), from east (pointy-top) or south-east
// (flat-top): the first lies at kHexAngle0 (0 or 30 degrees), each next one 60 degrees on.
const ivec2 kHexDirs[6] = ivec2[6](ivec2(1, 0), ivec2(0, 1), ivec2(-1, 1), ivec2(-1, 0),
                                   ivec2(0, -1), ivec2(1, -1));

// Half of line n (a row or column number), rounded as the layout rounds: hex_coords.hpp's hex_half.
int hex_half(int n) {
  int odd = n & 1;
  return u_hex_even == 1 ? (n + odd) / 2 : (n - odd) / 2;
}
ivec2 hex_axial(ivec2 c) {
  return u_hex_flat == 1 ? ivec2(c.x, c.y - hex_half(c.x)) : ivec2(c.x - hex_half(c.y), c.y);
}
ivec2 hex_offset(ivec2 a) {
  return u_hex_flat == 1 ? ivec2(a.x, a.y + hex_half(a.x)) : ivec2(a.x + hex_half(a.y), a.y);
}
// Axial hex a's centre in level units.
vec2 hex_centre(ivec2 a) {
  vec2 q = vec2(a);
  return u_hex_origin + (u_hex_flat == 1 ? vec2(0.5 * kSqrt3 * q.x, q.y + 0.5 * q.x)
                                         : vec2(q.x + 0.5 * q.y, 0.5 * kSqrt3 * q.y));
}
// Direction k's unit vector on screen.
vec2 hex_dir_vector(int k) {
  float a = radians(60.0 * float(k) + (u_hex_flat == 1 ? 30.0 : 0.0));
  return vec2(cos(a), sin(a));
}

// The axial hex holding level point p, by cube rounding (hex_coords.hpp's hex_round and hex_at).
ivec2 hex_at(vec2 p) {
  vec2 d = (p - u_hex_origin) / kHexSize;
  float q = u_hex_flat == 1 ? 2.0 / 3.0 * d.x : kSqrt3 / 3.0 * d.x - d.y / 3.0;
  float r = u_hex_flat == 1 ? -d.x / 3.0 + kSqrt3 / 3.0 * d.y : 2.0 / 3.0 * d.y;
  vec3 f = vec3(q, r, -q - r);
  vec3 rounded = round(f);
  vec3 off = abs(rounded - f);
  if (off.x > off.y && off.x > off.z) rounded.x = -rounded.y - rounded.z;
  else if (off.y > off.z) rounded.y = -rounded.x - rounded.z;
  return ivec2(rounded.xy);
}

// Level units from `local` (a point relative to a hexagon's centre, inside it) to its nearest side.
float hex_side_distance(vec2 local) {
  vec2 n0 = u_hex_flat == 1 ? vec2(0.0, 1.0) : vec2(1.0, 0.0);
  vec2 n1 = u_hex_flat == 1 ? vec2(0.5 * kSqrt3, 0.5) : vec2(0.5, 0.5 * kSqrt3);
  vec2 n2 = vec2(-n1.x, n1.y);
  return 0.5 - max(abs(dot(local, n0)), max(abs(dot(local, n1)), abs(dot(local, n2))));
}

bool in_level(ivec2 c) { return all(greaterThanEqual(c, ivec2(0))) && all(lessThan(c, u_level_size)); }

// The Heights layer on a hex level over `color` at axial hex a (offset cell c), `local` the
// pixel relative to its centre. Seven texel reads: the cell and its six neighbours (one outside
// the level counts as level with the cell). The slope is the least-squares fit over them; the
// field between centres is linear over the triangle of the cell's centre and the two neighbours'
// around the pixel, so it meets the next hexagon's without a seam.
vec3 heights_layer_hex(vec3 color, ivec2 a, ivec2 c, vec2 local) {
  float own = height_at(c);
  float around[6];
  vec2 slope = vec2(0.0);
  for (int k = 0; k < 6; ++k) {
    ivec2 n = hex_offset(a + kHexDirs[k]);
    around[k] = in_level(n) ? height_at(n) : own;
    slope += (around[k] - own) * hex_dir_vector(k);
  }
  vec3 tinted = height_tint(color, own, slope / (3.0 * u_contour_step));
  if (u_cell_px >= 3.0) {
    float turn = degrees(atan(local.y, local.x)) - (u_hex_flat == 1 ? 30.0 : 0.0);
    int k = int(floor(mod(turn, 360.0) / 60.0)) % 6;
    int k1 = (k + 1) % 6;
    vec2 u0 = hex_dir_vector(k), u1 = hex_dir_vector(k1);
    float det = u0.x * u1.y - u0.y * u1.x;
    float w0 = (local.x * u1.y - local.y * u1.x) / det, w1 = (u0.x * local.y - u0.y * local.x) / det;
    tinted = contour_lines(tinted, own + w0 * (around[k] - own) + w1 * (around[k1] - own));
  }
  return mix(color, tinted, u_heights_alpha);
}
#endif

void main() {
  vec2 px = vec2(gl_FragCoord.x, u_fb_height - gl_FragCoord.y);
  vec2 cell = (px - u_origin) / u_cell_px;
#if GRID_HEX
  ivec2 a = hex_at(cell);
  ivec2 c = hex_offset(a);
  if (!in_level(c)) {
    out_color = vec4(u_background, 1.0);
    return;
  }
  vec2 local = cell - hex_centre(a);           // from the hexagon's centre, in cell units
  vec2 inner = (local + 0.5) * u_cell_px;      // pixels from the corner of its inscribed square
  vec2 hatch = cell * u_cell_px;               // the cross-hatch runs on across hexagons
  // The grid line along the sides, line_px wide (half on each side), anti-aliased.
  float line = clamp(0.5 * u_line_px + 0.5 - hex_side_distance(local) * u_cell_px, 0.0, 1.0);
#else
  ivec2 c = ivec2(floor(cell));
  if (any(lessThan(c, ivec2(0))) || any(greaterThanEqual(c, u_level_size))) discard;
  vec2 inner = (cell - vec2(c)) * u_cell_px;  // pixels from the cell's top-left corner
  vec2 hatch = inner;
  float line = inner.x < u_line_px || inner.y < u_line_px ? 1.0 : 0.0;
#endif

  uint flags = texelFetch(u_cells, c, 0).r;
  bool wall = (flags & GRID_CELL_WALL) != 0u && u_walls_alpha > 0.0;

#if GRID_COSTS
  vec3 color = mix(u_floor, cost_colour(texelFetch(u_costs, c, 0).r), u_costs_alpha);
#else
  vec3 color = u_floor;  // every cost is 1 (plain floor), or the layer is hidden
#endif
#if GRID_HEIGHTS
#if GRID_HEX
  if (u_heights_alpha > 0.0 && u_height_abs > 0.0) color = heights_layer_hex(color, a, c, local);
#else
  if (u_heights_alpha > 0.0 && u_height_abs > 0.0) color = heights_layer(color, c, cell);
#endif
#endif
  if (wall) {
    color = mix(color, u_wall, u_walls_alpha);
    if (line > 0.0) color = mix(color, vec3(1.0), 0.08 * u_grid_alpha * u_walls_alpha * line);
    if (line > 0.0) color *= 1.0 - 0.22 * u_grid_alpha * (1.0 - u_walls_alpha) * line;
  } else {
    uint state = texelFetch(u_search, c, 0).r;
    bool closed = state == GRID_SEARCH_CLOSED || (state == GRID_SEARCH_PATH && u_path_alpha <= 0.0);
    if (state == GRID_SEARCH_OPEN) color = mix(color, u_open, u_open_alpha);
    else if (closed) color = mix(color, u_closed, u_closed_alpha);
#if GRID_HEAT
    if (u_heat_alpha > 0.0) {
      float v = texelFetch(u_heat, c, 0).r;
      if (v > 0.5 * GRID_NO_HEAT) {  // half-way: however a driver rounds the literal
        float span = u_heat_max - u_heat_min;
        color = mix(color, heat_colour(span > 0.0 ? (v - u_heat_min) / span : 0.0), u_heat_alpha);
      }
    }
#endif
    if (state == GRID_SEARCH_PATH && u_path_alpha > 0.0) color = mix(color, u_path, u_path_alpha);
#if GRID_PATTERNS
    if (u_patterns == 1) {
      float ink = state == GRID_SEARCH_OPEN && u_open_alpha > 0.0 ? dots(inner)
                : closed && u_closed_alpha > 0.0 ? cross_hatch(hatch) : 0.0;
      color = mix(color, u_pattern_ink, u_pattern_alpha * ink);
    }
#endif
#if GRID_AGENTS
    bool agent = (flags & GRID_CELL_AGENT) != 0u && u_agents_alpha > 0.0;
    if (agent) color = agent_layer(color, inner / u_cell_px - 0.5);
#endif
    if (line > 0.0) color *= 1.0 - 0.22 * u_grid_alpha * line;
  }
  out_color = vec4(color, 1.0);
}
