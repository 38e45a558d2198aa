#include "canvas/embedded_shaders.hpp"

#include <cstdlib>

namespace studio {

std::optional<std::string_view> embedded_shader(std::string_view name) {
  for (const EmbeddedFile& f : embedded_shaders())
    if (f.name == name) return f.text;
  return std::nullopt;
}

std::optional<std::string> shader_override_dir() {
  if (const char* env = std::getenv("ASTAR_SHADER_DIR"); env && *env) return std::string(env);
  return std::nullopt;
}

}  // namespace studio
