// The text grid.frag is compiled from, and the numbers it shares with C++; no GL, so the tests
// check it without a display. C++ is the one source of every such number: with_features() puts
// them after grid.frag's #version line as #defines (GRID_MAX_TERRAINS, GRID_CELL_WALL, ...),
// together with the feature switches (GRID_COSTS, ...), and grid.frag defines none of them.
//
//   const std::string text = with_features(grid_frag_text, kGridHeights | kGridHeat);
//   // then GridRenderer compiles text: one program per combination of features
//
// The cells and search textures are filled with the constants below, so what C++ writes and
// what the shader reads cannot drift apart.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace studio {

// The cells texture (R8UI, one texel per cell): bit 0 wall, bit 1 agent, bit 2 a cost other
// than 1 (counted in C++ for the variants; the shader reads the cost from its own texture).
inline constexpr std::uint8_t kCellWall = 1, kCellAgent = 2, kCellCost = 4;

// The search texture (R8UI, one texel per cell): each cell's code.
inline constexpr std::uint8_t kSearchUnseen = 0, kSearchOpen = 1, kSearchClosed = 2, kSearchPath = 3;

// grid.frag's features, each compiled in only where the picture shows it: llvmpipe, Mesa's CPU
// renderer, runs both sides of a branch even when a uniform turns one off, so a layer that is
// hidden or empty would still cost every pixel (the heights layer's seven texel reads most).
// GridRenderer compiles one program per combination, at its first use. GRID_HEX is the hexagons
// of a hex level (the cell of each pixel found by cube rounding): square levels never run it.
enum GridFeature : unsigned {
  kGridCosts = 1, kGridHeights = 2, kGridAgents = 4, kGridPatterns = 8, kGridHeat = 16,
  kGridHex = 32, kAllGridFeatures = 63
};
struct GridFeatureInfo {
  unsigned bit;
  const char* macro;  // grid.frag's switch: #if GRID_COSTS ...
  const char* what;   // what the picture lacks without it, for messages
};
inline constexpr std::array<GridFeatureInfo, 6> kGridFeatureInfo{{
    {kGridCosts, "GRID_COSTS", "the Costs layer"},
    {kGridHeights, "GRID_HEIGHTS", "the Heights layer"},
    {kGridAgents, "GRID_AGENTS", "the Agents layer"},
    {kGridPatterns, "GRID_PATTERNS", "the patterns on open and closed cells"},
    {kGridHeat, "GRID_HEAT", "the heat map"},
    {kGridHex, "GRID_HEX", "the hexagons of a hex level (drawn as squares)"}}};

// One #define that with_features() adds: its name and its GLSL value.
struct ShaderDefine {
  std::string name, value;
};
// The numbers grid.frag shares with C++: array sizes (GRID_MAX_TERRAINS, GRID_HEAT_STOPS), the
// cells texture's bits (GRID_CELL_WALL, GRID_CELL_AGENT), the search codes (GRID_SEARCH_OPEN,
// GRID_SEARCH_CLOSED, GRID_SEARCH_PATH) and the heat texture's "no value" (GRID_NO_HEAT).
std::vector<ShaderDefine> grid_constants();

// `source` (grid.frag) with, after its #version line, each feature switch defined 1 (in
// `features`) or 0, then grid_constants(). Each feature in both `features` and `broken` also
// gets a line that does not compile (the test hook ASTAR_TEST_BREAK_SHADER_FEATURE). A #line
// directive after them keeps the compiler's line numbers those of grid.frag.
std::string with_features(const std::string& source, unsigned features, unsigned broken = 0);

// The features named in `names`, comma-separated macros ("GRID_HEIGHTS,GRID_HEAT"); names that
// are none go to `unknown`, comma-separated.
unsigned parse_features(std::string_view names, std::string& unknown);

// The GLSL the shaders are compiled as: the files as written (OpenGL 3.3 core) on the desktop,
// GLSL ES 3.00 for WebGL 2 in the browser (platform.hpp says which).
enum class ShaderDialect : std::uint8_t { Gl33, WebGl2 };
// `source` (a shader file whose first line is its #version) in `dialect`: for WebGL 2 that line
// becomes "#version 300 es" with default precisions (highp floats, ints and integer samplers),
// then a #line directive keeps the compiler's line numbers the file's own.
std::string for_dialect(const std::string& source, ShaderDialect dialect);

// "the Heights layer (GRID_HEIGHTS)", several as "A, B and C": for messages.
std::string describe_features(unsigned features);

}  // namespace studio
