// Draws the level grid with the GLSL shaders in shaders/ (grid.vert, grid.frag) from textures
// holding one texel per cell: "cells" (wall and agent bits), "costs" and "heights" (the level's
// own numbers, uploaded straight from its arrays) and "search" (unseen, open, closed, path).
// Textures are updated only when the studio's change logs say so (glTexSubImage2D of the changed
// cells' tiles, see changed_tiles.hpp), so a frame costs what changed, not the level's size. The
// heat map is a fifth texture of raw values (HeatField), coloured in the shader from its range:
// a search step that widens the range changes no texel. The terrain palette, the cost, height and
// heat ranges and the layer opacities are uniforms. A hex level (the level of the last sync) is
// drawn as hexagons, by the GRID_HEX variant, placed as state/grid_geometry.hpp places them.
//
//   GridRenderer r;
//   if (!r.init(shader_override_dir())) show(r.error());  // nothing can be drawn
//   if (!r.warning().empty()) show(r.warning());  // drawn, but without a layer (below)
//   each frame: r.draw(dl, view, w, h, grid_look(appearance)) while ImGui builds the frame,
//               r.sync(studio) after the edits (uploads what changed), then ImGui renders
//
// grid.frag is compiled with the features the picture shows (grid_shader_source.hpp). A feature
// whose code does not compile is left out (the grid is drawn without that layer) and warning()
// names it, with the GLSL log in warning_log(); $ASTAR_TEST_BREAK_SHADER_FEATURE (macros,
// comma-separated, e.g. GRID_HEIGHTS) breaks a feature's code on purpose, for the tests.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "platform/gl.hpp"
#include <imgui.h>

#include "canvas/changed_tiles.hpp"
#include "canvas/embedded_shaders.hpp"
#include "platform/grid_shader_source.hpp"
#include "state/grid_geometry.hpp"
#include "state/heat_field.hpp"
#include "overlays/draw_basics.hpp"  // kPatternMinPx
#include "state/palette.hpp"
#include "state/studio.hpp"

namespace studio {

// What the grid looks like: the palette, patterns on or off, the grid line width.
struct GridLook {
  const palette::Palette* colors = &palette::kDefault;
  bool patterns = false;  // drawn only where cells are at least kPatternMinPx framebuffer pixels
  float line_px = 1.0f;   // grid line width in framebuffer pixels
  // Overlay opacities (0: off): the open, closed and path tints are the palette's overlay_alpha
  // times these; the heat map (the studio's canvas only) is mixed over the tints this much.
  float open = 1.0f, closed = 1.0f, path = 1.0f, heat = 0.0f;
  // Layer opacities (Layers::alpha: 0 when hidden) of the layers the shader draws.
  float walls = 1.0f, costs = 1.0f, heights = 1.0f, agents = 1.0f;
};

// The look the studio's appearance asks for (grid lines widen with the UI scale and when
// presenting; overlay opacities from its Overlays; layer opacities from its Layers).
GridLook grid_look(const Appearance& appearance);

// What a renderer draws: a level, each cell's search code (kSearchUnseen, kSearchOpen,
// kSearchClosed, kSearchPath), the change logs saying what to upload, and the heat map when it
// is on (its values are up to date for every cell in search_changes). The studio's canvas is
// one; each pane of the Compare window is another, with its own renderer and no heat map.
struct GridSource {
  const astar::Level& level;
  ChangeLog& level_changes;
  ChangeLog& search_changes;
  std::function<std::uint8_t(astar::Cell)> search_code;
  const HeatField* heat = nullptr;
};

class GridRenderer {
 public:
  GridRenderer() = default;
  GridRenderer(const GridRenderer&) = delete;
  GridRenderer& operator=(const GridRenderer&) = delete;
  ~GridRenderer();

  // Loads and links grid.vert + grid.frag from `dir`, or without one the shaders built into the
  // program (embedded_shaders.hpp). On failure error() names the file and holds
  // the GLSL log; the studio keeps running and shows it in the canvas. Also compiles the variant
  // with every feature, so that features whose code does not compile show in warning() now.
  bool init(const std::optional<std::string>& dir);
  bool ready() const { return vao_ != 0 && error_.empty(); }
  // Whether draw() paints every pixel of the level's rectangle (opaque): ready, and the level
  // fits this GPU's textures.
  bool draws() const { return ready() && size_error_.empty() && tex_w_ > 0; }
  const std::string& error() const { return error_; }
  // What the grid is drawn without, as its shader code does not compile (empty when all of it
  // compiles), a sentence naming the features; warning_log() adds the GLSL logs.
  const std::string& warning() const { return warning_; }
  const std::string& warning_log() const { return warning_log_; }

  // Uploads what changed since the last call and clears the studio's change logs.
  // With the heat map on, also the heat values of the cells that changed.
  void sync(Studio& studio);
  // The same for any source (clears its change logs).
  void sync(const GridSource& source);

  // Queues the grid into `dl` (an ImDrawList callback), under the view's canvas and mapping.
  void draw(ImDrawList* dl, const View& view, int level_w, int level_h, const GridLook& look = {});

 private:
  struct Uniforms {
    GLint quad, fb_size, search, origin, cell_px, fb_height, level_size, grid_alpha;
    GLint floor, wall, cost_tint, open, closed, path, overlay_alpha;
    GLint line_px, patterns, pattern_ink, pattern_alpha;
    GLint open_alpha, closed_alpha, path_alpha, heat, heat_alpha, heat_min, heat_max, heat_ramp;
    GLint cells, costs, heights, walls_alpha, costs_alpha, heights_alpha, agents_alpha;
    GLint terrains, terrain_count, max_cost, min_cost, height_abs, contour_step;
    GLint high, low, height_tint, contour, contour_alpha, agent, agent_ink, agents_block;
    GLint hex_flat, hex_even, hex_origin, background;
  };
  // One variant of grid.frag (a combination of GridFeature bits), linked with grid.vert.
  struct Program {
    GLuint id = 0;
    Uniforms u{};
    std::string error;  // why it did not compile or link (tried once)
  };
  // This frame's draw in framebuffer pixels, top-left origin.
  struct Placement {
    float fb_w, fb_h;
    float origin_x, origin_y, cell_px;
    float x0, y0, x1, y1;  // the quad: the level clipped to the canvas and ImGui's clip rectangle
    int level_w, level_h;
    GridGeometry geometry;  // where the cells are (grid_geometry.hpp)
  };

  // [SECTION] Programs
  // The program with the `wanted` features that compile, compiled and linked now if it is new;
  // null (error() says why) when not even the one without features compiles.
  const Program* program(unsigned wanted);
  // The program with exactly these features, built once (Program::error says why it failed).
  Program& built(unsigned features);
  static Uniforms locate_uniforms(GLuint id);
  static void set_constant_uniforms(GLuint id, const Uniforms& u);
  // `features` did not compile: leaves out each one that does not compile alone (all of them
  // when each does) from now on, and says so. False when no variant can compile.
  bool blame(unsigned features, const std::string& log);
  // Adds a line to warning() and it with `log` to warning_log().
  void warn(const std::string& line, const std::string& log);

  // [SECTION] Textures
  void resize(int w, int h);
  void read_terrains(const astar::Level& level);
  template <class WriteAll, class WriteOne, class UploadRect>
  bool apply(ChangeLog& log, std::uint64_t& seen, bool resized, const astar::Level& level,
             WriteAll&& write_all, WriteOne&& write_one, UploadRect&& upload_rect);
  void sync_search(const GridSource& source, bool resized);
  void keep_heat(const HeatField& heat, bool whole);
  void write_layers(const astar::Level& level);
  void write_cell(const astar::Level& level, astar::Cell c);
  void upload_layers(const astar::Level& level, int x0, int y0, int x1, int y1);
  void write_search(const GridSource& source);
  static std::uint8_t search_code(const Studio& studio, astar::Cell c);
  void upload(GLuint tex, int bytes_per_texel, GLenum format, GLenum type, const void* data,
              int x0, int y0, int x1, int y1);

  // [SECTION] Drawing
  static void render_callback(const ImDrawList* list, const ImDrawCmd* cmd);
  void render(const ImDrawCmd* cmd);
  std::optional<Placement> place(const ImDrawCmd* cmd) const;
  unsigned features_shown(const Placement& at) const;
  static void clip_to(const Placement& at);
  void set_view_uniforms(const Uniforms& u, const Placement& at) const;
  void set_overlay_uniforms(const Uniforms& u, unsigned features) const;
  void set_layer_uniforms(const Uniforms& u) const;
  void draw_quad() const;

  std::array<Program, kAllGridFeatures + 1> programs_{};
  unsigned broken_ = 0;          // features whose code does not compile: left out
  unsigned break_for_test_ = 0;  // $ASTAR_TEST_BREAK_SHADER_FEATURE
  std::string vert_path_, frag_path_, vert_source_, frag_source_;

  GLuint vao_ = 0;
  GLuint cells_tex_ = 0;    // R8UI, one texel per cell: kCellWall, kCellAgent, kCellCost bits
  GLuint costs_tex_ = 0;    // R32F: Level::costs()
  GLuint heights_tex_ = 0;  // R32I: Level::heights()
  GLuint search_tex_ = 0;  // R8UI, one texel per cell: kSearchOpen, ...
  GLuint heat_tex_ = 0;    // R32F, one texel per cell: HeatField::values(), kNoHeat where none
  bool heat_ready_ = false;  // heat_tex_ holds the heat map of the last sync
  std::uint64_t heat_version_ = 0;  // of the HeatField uploaded
  HeatSource heat_source_ = HeatSource::F;
  float heat_min_ = 0.0f, heat_max_ = 0.0f;  // its range, at the last sync
  ChangedTiles tiles_;
  int tex_w_ = 0, tex_h_ = 0;
  int max_texture_size_ = 0;
  std::vector<std::uint8_t> cells_;  // CPU copies, so changed tiles upload from them
  std::vector<std::uint8_t> search_;
  // The level's ranges, from the last full write, widened by later cell changes: the cost ramp's
  // ends and the height tint's and contours' scale.
  float max_cost_ = 1.0f, min_cost_ = 1.0f;
  int min_height_ = 0, max_height_ = 0;
  // Cells with an agent, with a cost other than 1 (none: the shader leaves that layer out).
  std::int64_t agent_cells_ = 0, cost_cells_ = 0;
  // From the level at the last sync: its terrains as (r, g, b, cost), one vec4 of u_terrains
  // each, and whether agents block.
  static constexpr std::size_t kTerrainFloats = 4;
  std::vector<float> terrains_;
  bool agents_block_ = true;
  std::optional<astar::HexLayout> hex_;  // the level's, at the last sync: hexagons (GRID_HEX)
  std::uint64_t level_revision_ = 0, search_revision_ = 0;
  std::string error_;
  std::string size_error_;
  std::string warning_, warning_log_;

  // The draw queued for this frame, in ImGui display coordinates.
  struct Pending {
    float canvas_x0, canvas_y0, canvas_x1, canvas_y1;
    float origin_x, origin_y, cell_px;
    int level_w, level_h;
    GridLook look;
  } pending_{};
};

}  // namespace studio
