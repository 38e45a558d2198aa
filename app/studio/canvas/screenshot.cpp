#include "canvas/screenshot.hpp"
#include "state/exercise_mode.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <vector>

#include "platform/gl.hpp"
#include <stb_image_write.h>  // the implementation is compiled into libstb

namespace studio {

std::vector<std::uint8_t> read_pixels_rgb(int x, int y, int w, int h) {
  // RGBA, the one format both OpenGL 3.3 and WebGL 2 (OpenGL ES 3.0) read the window in.
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  // OpenGL's rows start at the bottom; images' at the top.
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3);
  for (int r = 0; r < h; ++r) {
    const std::uint8_t* from = &rgba[static_cast<std::size_t>(h - 1 - r) * static_cast<std::size_t>(w) * 4];
    std::uint8_t* to = &rgb[static_cast<std::size_t>(r) * static_cast<std::size_t>(w) * 3];
    for (int c = 0; c < w; ++c, from += 4, to += 3) std::memcpy(to, from, 3);
  }
  return rgb;
}

astar::Status write_screenshot(const std::string& path, int fb_w, int fb_h) {
  if (fb_w <= 0 || fb_h <= 0) return astar::Error{path + ": the window has no pixels"};
  const std::vector<std::uint8_t> rgb = read_pixels_rgb(0, 0, fb_w, fb_h);
  if (!stbi_write_png(path.c_str(), fb_w, fb_h, 3, rgb.data(), fb_w * 3))
    return astar::Error{path + ": cannot write the PNG: " + std::strerror(errno)};
  return astar::Ok{};
}

namespace {
// Named widgets wholly in view (Studio::widget_rects), each [x, y, w, h] in framebuffer pixels.
std::string widgets_json(const Studio& studio, float scale_x, float scale_y) {
  std::ostringstream j;
  j << "{";
  const char* sep = "";
  for (const auto& [name, r] : studio.widget_rects) {
    j << sep << json_string(name) << ": [" << r.x * scale_x << ", " << r.y * scale_y << ", "
      << r.w * scale_x << ", " << r.h * scale_y << "]";
    sep = ", ";
  }
  return j.str() + "}";
}
}  // namespace

// Play units: {"shown", "planner", "tick", "last_tick", "positions": [[x, y], ...], "summary"}.
std::string units_sidecar_json(const Studio& studio) {
  const UnitsPlayback& p = studio.units_playback;
  std::ostringstream j;
  j << "{\"shown\": " << (p.shown() ? "true" : "false") << ", \"planner\": " << json_string(to_string(p.planner()))
    << ", \"planned\": " << (p.planned() ? "true" : "false") << ", \"tick\": " << p.tick()
    << ", \"last_tick\": " << p.last_tick() << ", \"positions\": [";
  const std::vector<astar::Cell> at = p.positions();
  for (std::size_t i = 0; i < at.size(); ++i) j << (i ? ", [" : "[") << at[i].x << ", " << at[i].y << "]";
  j << "], \"conflicts_now\": " << p.conflicts_now().size() << ", \"summary\": " << json_string(p.summary()) << "}";
  return j.str();
}

astar::Status write_sidecar(const std::string& png_path, const Studio& studio, int fb_w, int fb_h,
                            float scale_x, float scale_y, std::string_view extra) {
  const View& v = studio.view;
  const auto& level = studio.level();
  const auto& search = studio.session().search();
  std::ostringstream j;
  j.precision(9);
  j << "{\n  \"window\": [" << fb_w << ", " << fb_h << "],\n";
  j << "  \"canvas\": [" << v.canvas_x * scale_x << ", " << v.canvas_y * scale_y << ", "
    << v.canvas_w * scale_x << ", " << v.canvas_h * scale_y << "],\n";
  j << "  \"cell_px\": " << v.cell_px * scale_x << ",\n";
  j << "  \"origin\": [" << (v.canvas_x + v.offset_x) * scale_x << ", "
    << (v.canvas_y + v.offset_y) * scale_y << "],\n";
  // How it looks: the palette, patterns, presentation mode, the UI scale and the UI font's size
  // in framebuffer pixels.
  const Appearance& a = studio.appearance;
  j << "  \"palette\": " << json_string(a.colors().name) << ",\n";
  j << "  \"patterns\": " << (a.patterns ? "true" : "false") << ",\n";
  j << "  \"presentation\": " << (a.presentation ? "true" : "false") << ",\n";
  j << "  \"ui_scale\": " << a.ui_scale << ",\n";
  j << "  \"font_px\": " << a.font_px * scale_y << ",\n";
  j << "  \"level\": [" << level.width() << ", " << level.height() << "],\n";
  // Hex levels: where the cells are is state/grid_geometry.hpp's GridGeometry of the level's
  // size, topology and stagger, shown at "origin" with "cell_px" pixels per level unit.
  j << "  \"topology\": " << json_string(astar::to_string(level.topology())) << ",\n";
  if (level.is_hex()) j << "  \"stagger\": " << json_string(astar::to_string(level.hex_stagger())) << ",\n";
  j << "  \"start\": [" << level.start().x << ", " << level.start().y << "],\n";
  j << "  \"goal\": [" << level.goal().x << ", " << level.goal().y << "],\n";
  const astar::SearchOptions& o = search.options();
  j << "  \"algorithm\": " << json_string(astar::info(o.algorithm).name) << ",\n";
  j << "  \"heuristic\": " << json_string(astar::to_string(o.heuristic)) << ",\n";
  j << "  \"weight\": " << o.weight << ",\n";
  j << "  \"tie_break\": " << json_string(astar::to_string(o.tie_break)) << ",\n";
  j << "  \"partial_path\": " << (o.partial_path ? "true" : "false") << ",\n";
  if (search.hierarchy())  // HPA*: what its graph and last step were made with
    j << "  \"cluster_size\": " << o.cluster_size << ",\n  \"hpa_smooth\": "
      << (o.hpa_smooth ? "true" : "false") << ",\n";
  j << "  \"iteration\": " << search.iterations() << ",\n";
  j << "  \"mid_iteration\": " << (search.mid_iteration() ? "true" : "false") << ",\n";
  j << "  \"examined\": " << search.examined() << ",\n";
  j << "  \"furthest_iteration\": " << studio.session().furthest_iteration() << ",\n";
  j << "  \"status\": " << json_string(studio.status) << ",\n";
  j << "  \"quiz_asked\": " << studio.session().quiz.asked << ",\n";
  j << "  \"quiz_right\": " << studio.session().quiz.right << ",\n";
  j << "  \"state\": " << json_string(astar::to_string(search.state())) << ",\n";
  j << "  \"message\": " << json_string(search.message()) << ",\n";
  j << "  \"partial\": " << (studio.session().path_partial() ? "true" : "false") << ",\n";
  if (studio.session().path().empty()) j << "  \"path_cost\": null,\n";
  else j << "  \"path_cost\": " << std::setprecision(17) << search.path_cost() << std::setprecision(9) << ",\n";
  j << "  \"path\": [";
  const auto& path = studio.session().path();
  for (std::size_t i = 0; i < path.size(); ++i)
    j << (i ? ", " : "") << "[" << path[i].x << ", " << path[i].y << "]";
  j << "]";
  if (studio.session().smooth()) {
    const auto& smoothed = studio.session().smoothed();
    j << ",\n  \"smoothed\": [";
    for (std::size_t i = 0; i < smoothed.size(); ++i)
      j << (i ? ", " : "") << "[" << smoothed[i].x << ", " << smoothed[i].y << "]";
    j << "],\n  \"smoothed_length\": ";
    if (smoothed.empty()) j << "null";
    else j << std::setprecision(17) << studio.session().smoothed_length() << std::setprecision(9);
  }
  // Walk mode: where the agent stands, its moves and walked cost, its sensor (null: all known).
  if (const astar::AgentWalk* w = studio.walk()) {
    j << ",\n  \"walk\": {\"at\": [" << w->at().x << ", " << w->at().y << "], \"moves\": " << w->moves_made()
      << ", \"walked_cost\": " << std::setprecision(17) << w->walked_cost() << std::setprecision(9)
      << ", \"sensor\": " << (w->sensor() ? std::to_string(*w->sensor()) : std::string("null")) << "}";
  }
  // The overlays (name: on, opacity), the heat map's source and range, the heuristic check.
  const Overlays& ov = a.overlays;
  j << ",\n  \"overlays\": {";
  for (std::size_t i = 0; i < kOverlayCount; ++i)
    j << (i ? ", " : "") << "\"" << kOverlays[i].name << "\": {\"on\": "
      << (ov.items[i].on ? "true" : "false") << ", \"opacity\": " << ov.items[i].opacity << "}";
  // The layers (name: visible, opacity, locked) and whether agents block.
  j << "},\n  \"layers\": {";
  for (int i = 0; i < astar::kLayerCount; ++i) {
    const LayerView& l = a.layers.views[static_cast<std::size_t>(i)];
    j << (i ? ", " : "") << "\"" << astar::to_string(static_cast<astar::Layer>(i))
      << "\": {\"visible\": " << (l.visible ? "true" : "false") << ", \"opacity\": " << l.opacity
      << ", \"locked\": " << (l.locked ? "true" : "false") << "}";
  }
  j << "},\n  \"agents_block\": " << (level.agents_block() ? "true" : "false");
  j << ",\n  \"heat\": ";
  if (!ov.on(OverlayId::Heat)) {
    j << "null";
  } else {
    const HeatField& heat = studio.session().heat_field(ov.heat);
    j << "{\"source\": " << json_string(kHeatNames[static_cast<std::size_t>(ov.heat)])
      << ", \"min\": " << std::setprecision(17) << heat.min() << ", \"max\": " << heat.max()
      << std::setprecision(9) << "}";
  }
  j << ",\n  \"heuristic_check\": ";
  if (const auto& r = studio.session().heuristic_report(); !r) {
    j << "null";
  } else {
    j << "{\"overestimates\": " << r->overestimate_count
      << ", \"inconsistent_moves\": " << r->inconsistent_count
      << ", \"admissible\": " << (r->admissible() ? "true" : "false")
      << ", \"consistent\": " << (r->consistent() ? "true" : "false")
      << ", \"verdict\": " << json_string(r->verdict) << "}";
  }
  j << ",\n  \"widgets\": " << widgets_json(studio, scale_x, scale_y);
  // Trace mode: the trace's file, events applied, the check's findings (trace_mode.hpp).
  j << ",\n  \"trace\": " << trace_sidecar_json(studio);
  j << ",\n  \"units\": " << units_sidecar_json(studio);
  j << ",\n  \"cbs\": " << cbs_sidecar_json(studio.units_playback.cbs());  // CBS watched
  j << ",\n  \"plan\": " << plan_sidecar_json(studio);  // an opened plan (opened_plan.hpp)
  j << ",\n  \"exercise\": " << exercise_sidecar_json(studio.exercise());  // exercise_mode.hpp
  if (!extra.empty()) j << ",\n  " << extra;
  j << "\n}\n";

  const std::string file = png_path + ".json";
  std::ofstream out(file, std::ios::binary);
  out << j.str();
  out.close();
  if (!out) return astar::Error{file + ": cannot write: " + std::strerror(errno)};
  return astar::Ok{};
}

}  // namespace studio
