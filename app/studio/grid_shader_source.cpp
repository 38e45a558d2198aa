#include "grid_shader_source.hpp"

#include <cstdio>

#include "astar/level.hpp"
#include "heat_field.hpp"
#include "overlays.hpp"

namespace studio {

namespace {

std::string glsl_uint(unsigned v) { return std::to_string(v) + "u"; }

// A float literal that reads back as exactly `v` (nine significant digits), in parentheses so
// that `0.5 * GRID_NO_HEAT` stays one product.
std::string glsl_float(float v) {
  char text[32];
  std::snprintf(text, sizeof text, "(%.9g)", static_cast<double>(v));
  return text;
}

}  // namespace

std::vector<ShaderDefine> grid_constants() {
  return {{"GRID_MAX_TERRAINS", std::to_string(astar::kMaxTerrains)},
          {"GRID_HEAT_STOPS", std::to_string(kViridis.size())},
          {"GRID_CELL_WALL", glsl_uint(kCellWall)},
          {"GRID_CELL_AGENT", glsl_uint(kCellAgent)},
          {"GRID_SEARCH_OPEN", glsl_uint(kSearchOpen)},
          {"GRID_SEARCH_CLOSED", glsl_uint(kSearchClosed)},
          {"GRID_SEARCH_PATH", glsl_uint(kSearchPath)},
          {"GRID_NO_HEAT", glsl_float(kNoHeat)}};
}

std::string with_features(const std::string& source, unsigned features) {
  std::string defines;
  for (const GridFeatureInfo& f : kGridFeatureInfo)
    defines += std::string("#define ") + f.macro + ((features & f.bit) ? " 1\n" : " 0\n");
  for (const ShaderDefine& d : grid_constants()) defines += "#define " + d.name + " " + d.value + "\n";
  defines += "#line 2\n";  // GLSL logs give grid.frag's own line numbers
  const std::size_t eol = source.find('\n');
  if (eol == std::string::npos) return source + "\n" + defines;
  return source.substr(0, eol + 1) + defines + source.substr(eol + 1);
}

}  // namespace studio
