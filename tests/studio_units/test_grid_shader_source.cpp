// The text grid.frag is compiled from (app/studio/grid_shader_source.hpp), without GL: the
// numbers the shader shares with C++ come from C++ alone, put after the #version line, and
// shaders/grid.frag defines none of them itself but uses each one.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "astar/level.hpp"
#include "platform/grid_shader_source.hpp"
#include "state/heat_field.hpp"
#include "state/overlays.hpp"

using namespace studio;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::string kFragPath = std::string(ASTAR_SOURCE_DIR) + "/shaders/grid.frag";

// GLSL without its comments (a name in a comment neither defines nor uses it).
std::string code_of(const std::string& glsl) {
  return std::regex_replace(std::regex_replace(glsl, std::regex(R"(/\*[\s\S]*?\*/)"), " "),
                            std::regex(R"(//[^\n]*)"), "");
}

// Every name with_features() defines: the feature switches and grid_constants().
std::vector<std::string> injected_names() {
  std::vector<std::string> names;
  for (const GridFeatureInfo& f : kGridFeatureInfo) names.emplace_back(f.macro);
  for (const ShaderDefine& d : grid_constants()) names.push_back(d.name);
  return names;
}

// What is wrong with `frag` (grid.frag's text): a name the renderer defines that it defines
// again or never uses, an integer constant of its own, a uniform array sized by a number.
std::vector<std::string> problems(const std::string& frag) {
  const std::string code = code_of(frag);
  std::vector<std::string> found;
  for (const std::string& name : injected_names()) {
    if (std::regex_search(code, std::regex("#\\s*define\\s+" + name + "\\b")) ||
        std::regex_search(code, std::regex("\\b" + name + "\\s*=[^=]")))
      found.push_back("defines " + name);
    if (!std::regex_search(code, std::regex("\\b" + name + "\\b"))) found.push_back("never uses " + name);
  }
  std::smatch m;
  if (std::regex_search(code, m, std::regex(R"(\bconst\s+u?int\s+\w+)")))
    found.push_back("declares its own '" + m.str() + "'");
  const std::regex array(R"(\buniform\s+\w+\s+\w+\s*\[\s*([^\]]*?)\s*\])");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), array); it != std::sregex_iterator(); ++it) {
    const std::string size = (*it)[1].str();
    const std::vector<std::string> names = injected_names();
    if (std::find(names.begin(), names.end(), size) == names.end())
      found.push_back("sizes an array with '" + size + "'");
  }
  return found;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "; ";
  return s;
}

}  // namespace

TEST_CASE("grid.frag defines none of the numbers the renderer defines, and uses each one") {
  const std::string frag = read_text(kFragPath);
  REQUIRE_MESSAGE(!frag.empty(), "cannot read " << kFragPath);
  CHECK_MESSAGE(problems(frag).empty(), joined(problems(frag)));
  // Each feature switch guards its code.
  for (const GridFeatureInfo& f : kGridFeatureInfo)
    CHECK_MESSAGE(frag.find(std::string("#if ") + f.macro + "\n") != std::string::npos, f.macro);
  // grid.vert gets no #defines: it must need none.
  const std::string vert = code_of(read_text(std::string(ASTAR_SOURCE_DIR) + "/shaders/grid.vert"));
  CHECK(vert.find("GRID_") == std::string::npos);
  CHECK(vert.find("#define") == std::string::npos);
}

TEST_CASE("the grid.frag check fails on a size, bit or code the shader keeps to itself") {
  const std::string frag = read_text(kFragPath);
  REQUIRE(!frag.empty());
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = frag;
    const std::size_t at = s.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    return s.replace(at, from.size(), to);
  };
  const std::string version = "#version 330 core\n";
  CHECK(joined(problems(replaced(version, version + "#define GRID_HEAT_STOPS 9\n"))) ==
        "defines GRID_HEAT_STOPS; ");
  CHECK(joined(problems(replaced(version, version + "const int kMaxTerrains = 64;\n"))) ==
        "declares its own 'const int kMaxTerrains'; ");
  CHECK(joined(problems(replaced("u_terrains[GRID_MAX_TERRAINS]", "u_terrains[64]"))) ==
        "never uses GRID_MAX_TERRAINS; sizes an array with '64'; ");
  CHECK(joined(problems(replaced("(flags & GRID_CELL_AGENT)", "(flags & 2u)"))) ==
        "never uses GRID_CELL_AGENT; ");
  // A name in a comment is no use.
  CHECK(joined(problems(replaced("(flags & GRID_CELL_AGENT)", "(flags & 2u /* GRID_CELL_AGENT */)"))) ==
        "never uses GRID_CELL_AGENT; ");
}

TEST_CASE("with_features: the switches and C++'s numbers right after the #version line") {
  const std::string source = "#version 330 core\nvoid main() {}\n";
  const std::string text = with_features(source, kGridHeights | kGridHeat);
  CHECK(text.rfind("#version 330 core\n#define GRID_COSTS 0\n#define GRID_HEIGHTS 1\n", 0) == 0);
  CHECK(text.find("#define GRID_AGENTS 0\n") != std::string::npos);
  CHECK(text.find("#define GRID_PATTERNS 0\n") != std::string::npos);
  CHECK(text.find("#define GRID_HEAT 1\n") != std::string::npos);
  CHECK(text.find("#define GRID_MAX_TERRAINS " + std::to_string(astar::kMaxTerrains) + "\n") != std::string::npos);
  CHECK(text.find("#define GRID_HEAT_STOPS " + std::to_string(kViridis.size()) + "\n") != std::string::npos);
  auto uint_define = [&](const char* name, unsigned v) {
    return text.find(std::string("#define ") + name + " " + std::to_string(v) + "u\n") != std::string::npos;
  };
  CHECK(uint_define("GRID_CELL_WALL", kCellWall));
  CHECK(uint_define("GRID_CELL_AGENT", kCellAgent));
  CHECK(uint_define("GRID_SEARCH_OPEN", kSearchOpen));
  CHECK(uint_define("GRID_SEARCH_CLOSED", kSearchClosed));
  CHECK(uint_define("GRID_SEARCH_PATH", kSearchPath));
  // The heat texture's "no value" reads back as the very float C++ writes.
  const std::string no_heat = "#define GRID_NO_HEAT (";
  const std::size_t at = text.find(no_heat);
  REQUIRE(at != std::string::npos);
  CHECK(std::strtof(text.c_str() + at + no_heat.size(), nullptr) == kNoHeat);
  // The rest of the source follows, unchanged; one define per name.
  CHECK(text.size() >= source.size());
  CHECK(text.substr(text.size() - 23) == "#line 2\nvoid main() {}\n");
  for (const std::string& name : injected_names()) {
    const std::string define = "#define " + name + " ";
    CHECK_MESSAGE(text.find(define) == text.rfind(define), name);
  }
  // A source without a newline still gets them, on lines of their own.
  CHECK(with_features("#version 330 core", 0).rfind("#version 330 core\n#define GRID_COSTS 0\n", 0) == 0);
}

TEST_CASE("with_features breaks a feature's code only where asked and the feature is on") {
  const std::string source = "#version 330 core\nvoid main() {}\n";
  const std::string marker = "astar_test_broken_GRID_HEIGHTS = vec3(0.0);";
  CHECK(with_features(source, kGridHeights | kGridCosts, kGridHeights).find(marker) != std::string::npos);
  CHECK(with_features(source, kGridCosts, kGridHeights).find(marker) == std::string::npos);
  CHECK(with_features(source, kAllGridFeatures).find("astar_test_broken") == std::string::npos);
  const std::string both = with_features(source, kAllGridFeatures, kGridHeat | kGridAgents);
  CHECK(both.find("astar_test_broken_GRID_HEAT ") != std::string::npos);
  CHECK(both.find("astar_test_broken_GRID_AGENTS ") != std::string::npos);
  CHECK(both.find("astar_test_broken_GRID_COSTS ") == std::string::npos);
}

TEST_CASE("features by name, and named in messages") {
  std::string unknown;
  CHECK(parse_features("GRID_HEIGHTS", unknown) == kGridHeights);
  CHECK(parse_features("GRID_HEAT,GRID_COSTS", unknown) == (kGridHeat | kGridCosts));
  CHECK(parse_features("", unknown) == 0u);
  CHECK(unknown.empty());
  CHECK(parse_features("GRID_HIGHTS,GRID_HEAT,heights", unknown) == kGridHeat);
  CHECK(unknown == "GRID_HIGHTS,heights");
  CHECK(describe_features(kGridHeights) == "the Heights layer (GRID_HEIGHTS)");
  CHECK(describe_features(kGridCosts | kGridHeat) == "the Costs layer (GRID_COSTS) and the heat map (GRID_HEAT)");
  CHECK(describe_features(kGridCosts | kGridAgents | kGridHeat) ==
        "the Costs layer (GRID_COSTS), the Agents layer (GRID_AGENTS) and the heat map (GRID_HEAT)");
  CHECK(describe_features(0).empty());
  unsigned all = 0;
  for (const GridFeatureInfo& f : kGridFeatureInfo) {
    CHECK((f.bit & (f.bit - 1)) == 0u);  // one bit each
    CHECK((all & f.bit) == 0u);          // none shared
    all |= f.bit;
  }
  CHECK(all == kAllGridFeatures);
}

TEST_CASE("for_dialect: the files as written for OpenGL 3.3, GLSL ES 3.00 for WebGL 2") {
  const std::string src = "#version 330 core\nuniform usampler2D u_cells;\nvoid main() {}\n";
  CHECK(for_dialect(src, ShaderDialect::Gl33) == src);
  const std::string es = for_dialect(src, ShaderDialect::WebGl2);
  CHECK(es.rfind("#version 300 es\n", 0) == 0);
  for (const char* p : {"precision highp float;", "precision highp int;", "precision highp usampler2D;",
                        "precision highp isampler2D;"})
    CHECK(es.find(p) != std::string::npos);
  // The file's text after its #version line, unchanged, numbered from line 2 as in the file.
  CHECK(es.size() > src.size());
  CHECK(es.substr(es.size() - (src.size() - 18)) == src.substr(18));
  CHECK(es.find("#line 2\nuniform usampler2D u_cells;") != std::string::npos);
  CHECK(es.find("330") == std::string::npos);
  // With the renderer's features and numbers, the #version line stays the first.
  const std::string both = for_dialect(with_features(src, kGridHeights), ShaderDialect::WebGl2);
  CHECK(both.rfind("#version 300 es\n", 0) == 0);
  CHECK(both.find("#define GRID_HEIGHTS 1") != std::string::npos);
}
