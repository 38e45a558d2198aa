#include "platform/grid_shader_source.hpp"

#include <cstdio>

#include "astar/level.hpp"
#include "state/heat_field.hpp"
#include "state/overlays.hpp"

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

std::string with_features(const std::string& source, unsigned features, unsigned broken) {
  std::string defines;
  for (const GridFeatureInfo& f : kGridFeatureInfo)
    defines += std::string("#define ") + f.macro + ((features & f.bit) ? " 1\n" : " 0\n");
  for (const ShaderDefine& d : grid_constants()) defines += "#define " + d.name + " " + d.value + "\n";
  for (const GridFeatureInfo& f : kGridFeatureInfo)
    if (features & broken & f.bit)
      defines += std::string("const int astar_test_broken_") + f.macro +
                 " = vec3(0.0);  // ASTAR_TEST_BREAK_SHADER_FEATURE\n";
  defines += "#line 2\n";  // GLSL logs give grid.frag's own line numbers
  const std::size_t eol = source.find('\n');
  if (eol == std::string::npos) return source + "\n" + defines;
  return source.substr(0, eol + 1) + defines + source.substr(eol + 1);
}

std::string for_dialect(const std::string& source, ShaderDialect dialect) {
  if (dialect == ShaderDialect::Gl33) return source;
  const std::size_t eol = source.find('\n');
  const std::string rest = eol == std::string::npos ? std::string() : source.substr(eol + 1);
  return "#version 300 es\n"
         "precision highp float;\nprecision highp int;\n"
         "precision highp usampler2D;\nprecision highp isampler2D;\n"
         "#line 2\n" + rest;
}

unsigned parse_features(std::string_view names, std::string& unknown) {
  unsigned features = 0;
  while (!names.empty()) {
    const std::size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
    if (name.empty()) continue;
    unsigned bit = 0;
    for (const GridFeatureInfo& f : kGridFeatureInfo)
      if (name == f.macro) bit = f.bit;
    features |= bit;
    if (bit) continue;
    if (!unknown.empty()) unknown += ',';
    unknown += name;
  }
  return features;
}

std::string describe_features(unsigned features) {
  std::vector<std::string> named;
  for (const GridFeatureInfo& f : kGridFeatureInfo)
    if (features & f.bit) named.push_back(std::string(f.what).append(" (").append(f.macro).append(")"));
  std::string text;
  for (std::size_t i = 0; i < named.size(); ++i) {
    if (i > 0) text += i + 1 == named.size() ? " and " : ", ";
    text += named[i];
  }
  return text;
}

}  // namespace studio
