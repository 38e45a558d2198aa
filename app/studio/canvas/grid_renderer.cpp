#include "canvas/grid_renderer.hpp"
#include "state/exercise_mode.hpp"
#include "platform/platform.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <utility>

#include <GLFW/glfw3.h>  // glfwGetCurrentContext, at destruction

#include "canvas/embedded_shaders.hpp"
#include "overlays/layer_look.hpp"
#include "state/palette.hpp"

namespace studio {

using astar::Cell;

// [SECTION] Shader loading

namespace {

bool read_file(const std::string& path, std::string& text, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read shader file '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  glGetProgramInfoLog(program, length, nullptr, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

// `source` as read from `path` (named in errors).
GLuint compile(GLenum type, const std::string& path, const std::string& source, std::string& error) {
  const GLuint shader = glCreateShader(type);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = path + ": GLSL compile error:\n" + shader_log(shader);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

// Links `vert` and `frag` (deleting both); 0 and `error` when it fails.
GLuint link(GLuint vert, GLuint frag, const std::string& what, std::string& error) {
  const GLuint id = glCreateProgram();
  glAttachShader(id, vert);
  glAttachShader(id, frag);
  glLinkProgram(id);
  glDeleteShader(vert);
  glDeleteShader(frag);
  GLint ok = GL_FALSE;
  glGetProgramiv(id, GL_LINK_STATUS, &ok);
  if (ok == GL_TRUE) return id;
  error = what + ": GLSL link error:\n" + program_log(id);
  glDeleteProgram(id);
  return 0;
}

// Colour uniforms (vec3, 0..1), each from a palette colour.
void set_colours(std::initializer_list<std::pair<GLint, palette::Rgb>> colours) {
  for (const auto& [location, c] : colours) glUniform3f(location, c.r / 255.0f, c.g / 255.0f, c.b / 255.0f);
}

void set_floats(std::initializer_list<std::pair<GLint, float>> values) {
  for (const auto& [location, v] : values) glUniform1f(location, v);
}

}  // namespace

GridRenderer::~GridRenderer() {
  const bool holds_gl = vao_ || cells_tex_ || costs_tex_ || heights_tex_ || search_tex_ ||
                        heat_tex_ ||
                        std::any_of(programs_.begin(), programs_.end(),
                                    [](const Program& p) { return p.id != 0; });
  if (!holds_gl) return;  // never initialised: nothing of GL's to give back
  // Deleting GL objects needs the context current. main destroys every renderer before the
  // window (AppWindow); a renderer that outlives it is a bug, said here (the studio tests look
  // for this line) instead of calling GL without a context.
  if (!glfwGetCurrentContext()) {
    std::fprintf(stderr, "astar-studio: a grid renderer outlived its GL context\n");
    return;
  }
  for (const Program& p : programs_)
    if (p.id) glDeleteProgram(p.id);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (cells_tex_) glDeleteTextures(1, &cells_tex_);
  if (costs_tex_) glDeleteTextures(1, &costs_tex_);
  if (heights_tex_) glDeleteTextures(1, &heights_tex_);
  if (search_tex_) glDeleteTextures(1, &search_tex_);
  if (heat_tex_) glDeleteTextures(1, &heat_tex_);
}

bool GridRenderer::init(const std::optional<std::string>& dir) {
  if (dir) {
    vert_path_ = *dir + "/grid.vert";
    frag_path_ = *dir + "/grid.frag";
    if (!read_file(vert_path_, vert_source_, error_) || !read_file(frag_path_, frag_source_, error_))
      return false;
  } else {
    vert_path_ = "grid.vert (built in)";
    frag_path_ = "grid.frag (built in)";
    vert_source_ = embedded_shader("grid.vert").value_or("");
    frag_source_ = embedded_shader("grid.frag").value_or("");
  }
  if (const char* names = std::getenv("ASTAR_TEST_BREAK_SHADER_FEATURE"); names && *names) {
    std::string unknown;
    break_for_test_ = parse_features(names, unknown);
    if (!unknown.empty())
      warn("ASTAR_TEST_BREAK_SHADER_FEATURE names no feature: " + unknown, "");
  }
  // The program with every feature: it holds all of grid.frag, so a broken file shows here,
  // and so does a feature whose code does not compile (left out from then on).
  if (!program(kAllGridFeatures)) return false;
  glGenVertexArrays(1, &vao_);  // core profile: a draw needs a bound VAO, even an empty one
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_);
  return true;
}

// [SECTION] Programs

const GridRenderer::Program* GridRenderer::program(unsigned wanted) {
  // Each pass leaves out at least one more feature, down to none, which compiles or sets error_.
  while (error_.empty()) {
    const unsigned features = wanted & ~broken_;
    Program& p = built(features);
    if (p.id) return &p;
    if (!blame(features, p.error)) break;
  }
  return nullptr;
}

bool GridRenderer::blame(unsigned features, const std::string& log) {
  if (Program& none = built(0); !none.id) {
    error_ = none.error;  // the grid's own code: nothing can be drawn
    return false;
  }
  unsigned culprits = 0;
  std::string logs;
  for (const GridFeatureInfo& f : kGridFeatureInfo) {
    if (!(features & f.bit)) continue;
    if (Program& alone = built(f.bit); !alone.id) {
      culprits |= f.bit;
      logs.append(logs.empty() ? "" : "\n").append(f.macro).append(": ").append(alone.error);
    }
  }
  const bool together = culprits == 0;
  if (together) {
    culprits = features;
    logs = log;
  }
  const bool one = (culprits & (culprits - 1)) == 0;
  warn("The grid is drawn without " + describe_features(culprits) + ": " + (one ? "its" : "their") +
           " shader code " + (together ? "compiles alone but not together." : "does not compile."),
       logs);
  broken_ |= culprits;
  return true;
}

void GridRenderer::warn(const std::string& line, const std::string& log) {
  warning_ += (warning_.empty() ? "" : "\n") + line;
  warning_log_ += (warning_log_.empty() ? "" : "\n\n") + line + (log.empty() ? "" : "\n" + log);
}

GridRenderer::Program& GridRenderer::built(unsigned features) {
  Program& p = programs_[features & kAllGridFeatures];
  if (p.id || !p.error.empty()) return p;
  const GLuint vert =
      compile(GL_VERTEX_SHADER, vert_path_, for_dialect(vert_source_, platform::kShaderDialect), p.error);
  if (!vert) return p;
  const GLuint frag = compile(
      GL_FRAGMENT_SHADER, frag_path_,
      for_dialect(with_features(frag_source_, features, break_for_test_), platform::kShaderDialect), p.error);
  if (!frag) {
    glDeleteShader(vert);
    return p;
  }
  p.id = link(vert, frag, vert_path_ + " + " + frag_path_, p.error);
  if (!p.id) return p;
  p.u = locate_uniforms(p.id);
  set_constant_uniforms(p.id, p.u);
  return p;
}

GridRenderer::Uniforms GridRenderer::locate_uniforms(GLuint id) {
  // Uniforms a variant leaves out have no location (-1): setting them does nothing.
  auto at = [id](const char* name) { return glGetUniformLocation(id, name); };
  return {at("u_quad"),        at("u_fb_size"),     at("u_search"),
          at("u_origin"),      at("u_cell_px"),     at("u_fb_height"),    at("u_level_size"),
          at("u_grid_alpha"),  at("u_floor"),       at("u_wall"),         at("u_cost_tint"),
          at("u_open"),        at("u_closed"),      at("u_path"),         at("u_overlay_alpha"),
          at("u_line_px"),     at("u_patterns"),    at("u_pattern_ink"),  at("u_pattern_alpha"),
          at("u_open_alpha"),  at("u_closed_alpha"), at("u_path_alpha"),  at("u_heat"),
          at("u_heat_alpha"),  at("u_heat_min"),    at("u_heat_max"),     at("u_heat_ramp"),
          at("u_cells"),       at("u_costs"),       at("u_heights"),      at("u_walls_alpha"),
          at("u_costs_alpha"), at("u_heights_alpha"), at("u_agents_alpha"), at("u_terrains"),
          at("u_terrain_count"), at("u_max_cost"),  at("u_min_cost"),     at("u_height_abs"),
          at("u_contour_step"), at("u_high"),       at("u_low"),          at("u_height_tint"),
          at("u_contour"),     at("u_contour_alpha"), at("u_agent"),      at("u_agent_ink"),
          at("u_agents_block"), at("u_hex_flat"),   at("u_hex_even"),     at("u_hex_origin"),
          at("u_background")};
}

// The texture units and the heat map's ramp: set once per program.
void GridRenderer::set_constant_uniforms(GLuint id, const Uniforms& u) {
  glUseProgram(id);
  glUniform1i(u.cells, 0);
  glUniform1i(u.search, 1);
  glUniform1i(u.heat, 2);
  glUniform1i(u.costs, 3);
  glUniform1i(u.heights, 4);
  // The heat map's ramp (overlays.hpp): the shader colours each cell's value with it.
  std::array<float, 3 * kViridis.size()> ramp{};
  for (std::size_t i = 0; i < kViridis.size(); ++i) {
    ramp[3 * i] = kViridis[i].r / 255.0f;
    ramp[3 * i + 1] = kViridis[i].g / 255.0f;
    ramp[3 * i + 2] = kViridis[i].b / 255.0f;
  }
  glUniform3fv(u.heat_ramp, static_cast<GLsizei>(kViridis.size()), ramp.data());
  glUseProgram(0);
}

// [SECTION] Textures

void GridRenderer::resize(int w, int h) {
  tex_w_ = w;
  tex_h_ = h;
  size_error_.clear();
  if (w > max_texture_size_ || h > max_texture_size_) {
    size_error_ = "The level (" + std::to_string(w) + " x " + std::to_string(h) +
                  ") is larger than this GPU's texture limit (" +
                  std::to_string(max_texture_size_) + " per side): the grid cannot be drawn.";
    return;
  }
  const auto n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  cells_.assign(n, 0);
  search_.assign(n, 0);
  auto make = [&](GLuint& tex, GLint internal, GLenum format, GLenum type) {
    if (!tex) glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    // One texel per cell, never filtered: texelFetch in the shader, GL_NEAREST for completeness.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, type, nullptr);
  };
  make(cells_tex_, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE);
  make(costs_tex_, GL_R32F, GL_RED, GL_FLOAT);
  make(heights_tex_, GL_R32I, GL_RED_INTEGER, GL_INT);
  make(search_tex_, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE);
  make(heat_tex_, GL_R32F, GL_RED, GL_FLOAT);
  heat_ready_ = false;
  glBindTexture(GL_TEXTURE_2D, 0);
}

void GridRenderer::upload(GLuint tex, int bytes_per_texel, GLenum format, GLenum type,
                          const void* data, int x0, int y0, int x1, int y1) {
  glBindTexture(GL_TEXTURE_2D, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, tex_w_);
  const std::size_t first = (static_cast<std::size_t>(y0) * static_cast<std::size_t>(tex_w_) +
                             static_cast<std::size_t>(x0)) *
                            static_cast<std::size_t>(bytes_per_texel);
  glTexSubImage2D(GL_TEXTURE_2D, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1, format, type,
                  static_cast<const std::uint8_t*>(data) + first);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, 0);
}

namespace {

// The cells texture's bits (the cost bit is counted, for the shader's variants).
std::uint8_t cell_flags(const astar::Level& level, std::size_t i) {
  return static_cast<std::uint8_t>((level.walls()[i] ? kCellWall : 0) |
                                   (level.agents()[i] ? kCellAgent : 0) |
                                   (level.costs()[i] != 1.0f ? kCellCost : 0));
}

}  // namespace

// The cells' flags and the ranges (the cost ramp's ends over open cells, the heights').
void GridRenderer::write_layers(const astar::Level& level) {
  max_cost_ = min_cost_ = 1.0f;
  min_height_ = max_height_ = 0;
  agent_cells_ = cost_cells_ = 0;
  const auto& costs = level.costs();
  const auto& heights = level.heights();
  const auto& walls = level.walls();
  for (std::size_t i = 0; i < costs.size(); ++i) {
    cells_[i] = cell_flags(level, i);
    agent_cells_ += (cells_[i] & kCellAgent) ? 1 : 0;
    cost_cells_ += (cells_[i] & kCellCost) ? 1 : 0;
    min_height_ = std::min(min_height_, heights[i]);
    max_height_ = std::max(max_height_, heights[i]);
    if (walls[i]) continue;
    max_cost_ = std::max(max_cost_, costs[i]);
    min_cost_ = std::min(min_cost_, costs[i]);
  }
}

// One changed cell: its flags, and the ranges widened to it (they narrow at the next full write).
void GridRenderer::write_cell(const astar::Level& level, Cell c) {
  const std::size_t i = astar::to_u32(level.index(c));
  const std::uint8_t old = cells_[i];
  cells_[i] = cell_flags(level, i);
  agent_cells_ += ((cells_[i] & kCellAgent) ? 1 : 0) - ((old & kCellAgent) ? 1 : 0);
  cost_cells_ += ((cells_[i] & kCellCost) ? 1 : 0) - ((old & kCellCost) ? 1 : 0);
  min_height_ = std::min(min_height_, level.heights()[i]);
  max_height_ = std::max(max_height_, level.heights()[i]);
  if (level.walls()[i]) return;
  max_cost_ = std::max(max_cost_, level.costs()[i]);
  min_cost_ = std::min(min_cost_, level.costs()[i]);
}

// The cells, costs and heights textures over a rectangle; costs and heights straight from the
// level's arrays (row-major, as wide as the textures).
void GridRenderer::upload_layers(const astar::Level& level, int x0, int y0, int x1, int y1) {
  upload(cells_tex_, 1, GL_RED_INTEGER, GL_UNSIGNED_BYTE, cells_.data(), x0, y0, x1, y1);
  upload(costs_tex_, 4, GL_RED, GL_FLOAT, level.costs().data(), x0, y0, x1, y1);
  upload(heights_tex_, 4, GL_RED_INTEGER, GL_INT, level.heights().data(), x0, y0, x1, y1);
}

std::uint8_t GridRenderer::search_code(const Studio& studio, Cell c) {
  // An exercise: what the student has established (find-bug replays its trace, repair shows
  // LPA*'s search before the edit, as without one).
  if (const ExerciseMode* ex = studio.exercise(); ex && ex->spec().kind != astar::ExerciseKind::FindBug &&
                                                  ex->spec().kind != astar::ExerciseKind::Repair) {
    const std::vector<Cell>& back = ex->run().path_back();
    if (std::find(back.begin(), back.end(), c) != back.end()) return kSearchPath;
    switch (ex->run().cell(c).state) {
      case astar::ExerciseRun::CellView::State::Open: return kSearchOpen;
      case astar::ExerciseRun::CellView::State::Closed: return kSearchClosed;
      case astar::ExerciseRun::CellView::State::Unseen: break;
    }
    return kSearchUnseen;
  }
  const SearchSession& session = studio.session();
  // A partial path tints no cells: it is drawn dashed over them (see the viewport).
  if (session.path_contains(c) && !session.path_partial()) return kSearchPath;
  switch (session.search().node_state(c)) {
    case astar::NodeState::Open: return kSearchOpen;
    case astar::NodeState::Closed: return kSearchClosed;
    case astar::NodeState::Unseen: break;
  }
  return kSearchUnseen;
}

void GridRenderer::write_search(const GridSource& source) {
  std::size_t i = 0;
  for (int y = 0; y < tex_h_; ++y)
    for (int x = 0; x < tex_w_; ++x) search_[i++] = source.search_code({x, y});
}

void GridRenderer::sync(Studio& studio) {
  // The heat map's values are brought up to date first (for the cells in search_changes, which
  // the sync below uploads and clears).
  const Overlays& overlays = studio.appearance.overlays;
  const SearchSession& session = studio.session();
  const HeatField* heat = overlays.on(OverlayId::Heat) ? &session.heat_field(overlays.heat) : nullptr;
  sync({studio.level(), studio.level_changes, studio.search_changes,
        [&studio](Cell c) { return search_code(studio, c); }, heat});
}

void GridRenderer::sync(const GridSource& source) {
  const astar::Level& level = source.level;
  const bool resized = ready() && (level.width() != tex_w_ || level.height() != tex_h_);
  if (resized) resize(level.width(), level.height());
  if (!ready() || !size_error_.empty()) {
    source.level_changes.cells.clear();
    source.search_changes.cells.clear();
    return;
  }
  read_terrains(level);
  agents_block_ = level.agents_block();
  hex_ = level.hex_layout();
  apply(
      source.level_changes, level_revision_, resized, level, [&] { write_layers(level); },
      [&](Cell c) { write_cell(level, c); },
      [&](int x0, int y0, int x1, int y1) { upload_layers(level, x0, y0, x1, y1); });
  sync_search(source, resized);
}

// The level's terrains: a few values, read every sync (the palette may be edited without any
// cell changing); as many as u_terrains holds (GRID_MAX_TERRAINS).
void GridRenderer::read_terrains(const astar::Level& level) {
  terrains_.clear();
  for (const astar::Terrain& t : astar::terrains_of(level)) {
    if (terrains_.size() >= kTerrainFloats * astar::kMaxTerrains) break;
    terrains_.insert(terrains_.end(), {static_cast<float>((t.rgb >> 16) & 0xFF) / 255.0f,
                                       static_cast<float>((t.rgb >> 8) & 0xFF) / 255.0f,
                                       static_cast<float>(t.rgb & 0xFF) / 255.0f,
                                       static_cast<float>(t.cost)});
  }
}

// Applies a change log: a full rewrite on a new revision (or new textures), else only the
// listed cells, uploading the tiles holding them. True when it rewrote everything.
template <class WriteAll, class WriteOne, class UploadRect>
bool GridRenderer::apply(ChangeLog& log, std::uint64_t& seen, bool resized, const astar::Level& level,
                         WriteAll&& write_all, WriteOne&& write_one, UploadRect&& upload_rect) {
  bool all = false;
  if (resized || log.revision != seen) {
    write_all();
    upload_rect(0, 0, tex_w_ - 1, tex_h_ - 1);
    seen = log.revision;
    all = true;
  } else if (!log.cells.empty()) {
    for (Cell c : log.cells)
      if (level.in_bounds(c)) write_one(c);
    for (const TexelRect& r : tiles_.rects(log.cells, tex_w_, tex_h_))
      upload_rect(r.x0, r.y0, r.x1, r.y1);
  }
  log.cells.clear();
  return all;
}

// The search codes, and the heat map: its changed cells go up with the search texture's; the
// whole texture when it was off, is new (another source, a new search) or the search log was
// refreshed in full.
void GridRenderer::sync_search(const GridSource& source, bool resized) {
  const astar::Level& level = source.level;
  const HeatField* heat = source.heat;
  if (heat && (heat->width() != tex_w_ || heat->height() != tex_h_)) heat = nullptr;
  const bool heat_whole = heat && (!heat_ready_ || heat->version() != heat_version_ ||
                                   heat->source() != heat_source_);
  const bool search_whole = apply(
      source.search_changes, search_revision_, resized, level, [&] { write_search(source); },
      [&](Cell c) { search_[astar::to_u32(level.index(c))] = source.search_code(c); },
      [&](int x0, int y0, int x1, int y1) {
        upload(search_tex_, 1, GL_RED_INTEGER, GL_UNSIGNED_BYTE, search_.data(), x0, y0, x1, y1);
        if (heat && !heat_whole)
          upload(heat_tex_, 4, GL_RED, GL_FLOAT, heat->values().data(), x0, y0, x1, y1);
      });
  if (heat) keep_heat(*heat, heat_whole || search_whole);
  else heat_ready_ = false;
}

// The heat map is on: the whole texture uploaded when `whole`, its range kept for the shader.
void GridRenderer::keep_heat(const HeatField& heat, bool whole) {
  if (whole) upload(heat_tex_, 4, GL_RED, GL_FLOAT, heat.values().data(), 0, 0, tex_w_ - 1, tex_h_ - 1);
  heat_version_ = heat.version();
  heat_source_ = heat.source();
  heat_min_ = static_cast<float>(heat.min());
  heat_max_ = static_cast<float>(heat.max());
  heat_ready_ = true;
}

// [SECTION] Drawing

GridLook grid_look(const Appearance& appearance) {
  GridLook look;
  look.colors = &appearance.colors();
  look.patterns = appearance.patterns;
  look.line_px = std::max(1.0f, std::round(appearance.label_scale()));
  const Overlays& o = appearance.overlays;
  look.open = o.alpha(OverlayId::Open);
  look.closed = o.alpha(OverlayId::Closed);
  look.path = o.alpha(OverlayId::Path);
  look.heat = o.alpha(OverlayId::Heat);
  const Layers& l = appearance.layers;
  look.walls = l.alpha(astar::Layer::Walls);
  look.costs = l.alpha(astar::Layer::Costs);
  look.heights = l.alpha(astar::Layer::Heights);
  look.agents = l.alpha(astar::Layer::Agents);
  return look;
}

void GridRenderer::draw(ImDrawList* dl, const View& view, int level_w, int level_h,
                        const GridLook& look) {
  pending_ = {view.canvas_x,
              view.canvas_y,
              view.canvas_x + view.canvas_w,
              view.canvas_y + view.canvas_h,
              view.canvas_x + view.offset_x,
              view.canvas_y + view.offset_y,
              view.cell_px,
              level_w,
              level_h,
              look};
  dl->AddCallback(&GridRenderer::render_callback, this);
  dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void GridRenderer::render_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  static_cast<GridRenderer*>(cmd->UserCallbackData)->render(cmd);
}

void GridRenderer::render(const ImDrawCmd* cmd) {
  if (!draws()) return;
  const std::optional<Placement> at = place(cmd);
  if (!at) return;  // nothing of the level shows
  clip_to(*at);
  // The variant of grid.frag with only the features that show in this picture.
  const unsigned features = features_shown(*at);
  const Program* program = this->program(features);
  if (!program) return;  // error() says why; the canvas shows it from the next frame
  glUseProgram(program->id);
  set_view_uniforms(program->u, *at);
  set_overlay_uniforms(program->u, features);
  set_layer_uniforms(program->u);
  draw_quad();
  // ImDrawCallback_ResetRenderState, queued right after, restores ImGui's state.
}

// Where the queued draw lands in the framebuffer; none when it covers no pixel.
std::optional<GridRenderer::Placement> GridRenderer::place(const ImDrawCmd* cmd) const {
  const ImDrawData* dd = ImGui::GetDrawData();
  const ImVec2 scale = dd->FramebufferScale;
  const Pending& p = pending_;
  Placement at{};
  at.fb_w = dd->DisplaySize.x * scale.x;
  at.fb_h = dd->DisplaySize.y * scale.y;
  // The level may have been replaced after the draw was queued: stay inside the textures.
  at.level_w = std::min(p.level_w, tex_w_);
  at.level_h = std::min(p.level_h, tex_h_);
  // Everything in framebuffer pixels, top-left origin.
  auto fx = [&](float x) { return (x - dd->DisplayPos.x) * scale.x; };
  auto fy = [&](float y) { return (y - dd->DisplayPos.y) * scale.y; };
  at.origin_x = fx(p.origin_x);
  at.origin_y = fy(p.origin_y);
  at.cell_px = p.cell_px * scale.x;
  at.geometry = GridGeometry(at.level_w, at.level_h, hex_);
  const float level_x1 = at.origin_x + at.cell_px * static_cast<float>(at.geometry.extent_x());
  const float level_y1 = at.origin_y + at.cell_px * static_cast<float>(at.geometry.extent_y());
  at.x0 = std::max({at.origin_x, fx(p.canvas_x0), fx(cmd->ClipRect.x)});
  at.y0 = std::max({at.origin_y, fy(p.canvas_y0), fy(cmd->ClipRect.y)});
  at.x1 = std::min({level_x1, fx(p.canvas_x1), fx(cmd->ClipRect.z)});
  at.y1 = std::min({level_y1, fy(p.canvas_y1), fy(cmd->ClipRect.w)});
  if (at.x1 <= at.x0 || at.y1 <= at.y0) return std::nullopt;
  return at;
}

// The whole framebuffer as the viewport, the quad's pixels as the scissor; no blending (the
// grid is opaque).
void GridRenderer::clip_to(const Placement& at) {
  glViewport(0, 0, static_cast<GLsizei>(at.fb_w), static_cast<GLsizei>(at.fb_h));
  glEnable(GL_SCISSOR_TEST);
  const auto sx = static_cast<GLint>(std::floor(at.x0));
  const auto sy = static_cast<GLint>(std::floor(at.y0));
  glScissor(sx, static_cast<GLint>(at.fb_h) - static_cast<GLint>(std::ceil(at.y1)),
            static_cast<GLsizei>(std::ceil(at.x1)) - sx, static_cast<GLsizei>(std::ceil(at.y1)) - sy);
  glDisable(GL_BLEND);
}

// The features this picture shows: a layer that is visible and not empty, patterns on cells
// large enough, the heat map when this renderer holds one.
unsigned GridRenderer::features_shown(const Placement& at) const {
  const GridLook& look = pending_.look;
  const bool costs = look.costs > 0.0f && cost_cells_ > 0;
  const bool heights = look.heights > 0.0f && height_abs(min_height_, max_height_) > 0;
  const bool agents = look.agents > 0.0f && agent_cells_ > 0;
  const bool patterns = look.patterns && at.cell_px >= kPatternMinPx;
  const bool heat = heat_ready_ && look.heat > 0.0f;
  return (costs ? kGridCosts : 0u) | (heights ? kGridHeights : 0u) | (agents ? kGridAgents : 0u) |
         (patterns ? kGridPatterns : 0u) | (heat ? kGridHeat : 0u) |
         (at.geometry.is_hex() ? kGridHex : 0u);
}

// Where the level is: the quad, the mapping from pixels to cells, the grid lines.
void GridRenderer::set_view_uniforms(const Uniforms& u, const Placement& at) const {
  glUniform4f(u.quad, at.x0, at.y0, at.x1, at.y1);
  glUniform2f(u.fb_size, at.fb_w, at.fb_h);
  glUniform2f(u.origin, at.origin_x, at.origin_y);
  glUniform1f(u.cell_px, at.cell_px);
  glUniform1f(u.fb_height, at.fb_h);
  glUniform2i(u.level_size, at.level_w, at.level_h);
  // Grid lines fade in between 6 and 12 pixels per cell.
  glUniform1f(u.grid_alpha, std::clamp((at.cell_px - 6.0f) / 6.0f, 0.0f, 1.0f));
  glUniform1f(u.line_px, pending_.look.line_px);
  // Hex levels: the layout and cell (0, 0)'s centre, in level units (grid_geometry.hpp), and the
  // background around the hexagons. (Unused, so absent, in the square variants.)
  if (const auto& hex = at.geometry.hex()) {
    glUniform1i(u.hex_flat, hex->orientation == astar::HexOrientation::FlatTop ? 1 : 0);
    glUniform1i(u.hex_even, hex->stagger == astar::HexStagger::Even ? 1 : 0);
    const LevelPoint o = at.geometry.hex_origin();
    glUniform2f(u.hex_origin, static_cast<float>(o.x), static_cast<float>(o.y));
    set_colours({{u.background, pending_.look.colors->background}});
  }
}

// The palette (the View menu may change it any frame; a few uniforms cost nothing), the
// search's tints at the overlays' opacities, the heat map and the patterns.
void GridRenderer::set_overlay_uniforms(const Uniforms& u, unsigned features) const {
  const GridLook& look = pending_.look;
  const palette::Palette& c = *look.colors;
  set_colours({{u.floor, c.floor}, {u.wall, c.wall}, {u.cost_tint, c.cost_tint}, {u.open, c.open},
               {u.closed, c.closed}, {u.path, c.path}, {u.pattern_ink, c.pattern_ink}});
  set_floats({{u.overlay_alpha, c.overlay_alpha},
              {u.open_alpha, c.overlay_alpha * look.open},
              {u.closed_alpha, c.overlay_alpha * look.closed},
              {u.path_alpha, c.overlay_alpha * look.path},
              // The heat map only where this renderer holds one (the studio's canvas, heat on).
              {u.heat_alpha, heat_ready_ ? look.heat : 0.0f},
              {u.heat_min, heat_min_},
              {u.heat_max, heat_max_},
              {u.pattern_alpha, c.pattern_alpha}});
  glUniform1i(u.patterns, (features & kGridPatterns) ? 1 : 0);
}

// The level's layers: opacities, the terrain palette, the ranges, their colours.
void GridRenderer::set_layer_uniforms(const Uniforms& u) const {
  const GridLook& look = pending_.look;
  const palette::LayerLook& ll = look.colors->layers;
  set_floats({{u.walls_alpha, look.walls},
              {u.costs_alpha, look.costs},
              {u.heights_alpha, look.heights},
              {u.agents_alpha, look.agents},
              {u.max_cost, max_cost_},
              {u.min_cost, min_cost_},
              {u.height_abs, static_cast<float>(height_abs(min_height_, max_height_))},
              {u.contour_step, static_cast<float>(contour_step(min_height_, max_height_))},
              {u.height_tint, ll.height_alpha},
              {u.contour_alpha, ll.contour_alpha}});
  set_colours({{u.high, ll.high}, {u.low, ll.low}, {u.contour, ll.contour}, {u.agent, ll.agent},
               {u.agent_ink, ll.agent_ink}});
  const auto terrain_count = static_cast<GLsizei>(terrains_.size() / kTerrainFloats);
  glUniform1i(u.terrain_count, terrain_count);
  if (terrain_count > 0) glUniform4fv(u.terrains, terrain_count, terrains_.data());
  glUniform1i(u.agents_block, agents_block_ ? 1 : 0);
}

// The textures on their units (as set_constant_uniforms numbers them), then the quad.
void GridRenderer::draw_quad() const {
  glActiveTexture(GL_TEXTURE4);
  glBindTexture(GL_TEXTURE_2D, heights_tex_);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, costs_tex_);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, heat_tex_);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, search_tex_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, cells_tex_);
  glBindVertexArray(vao_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
}

}  // namespace studio
