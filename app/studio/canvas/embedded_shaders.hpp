// The shaders the studio was built with (shaders/*.vert, *.frag), compiled into the program by
// cmake/embed_shaders.cmake, so that an installed or moved studio draws without its source tree.
// $ASTAR_SHADER_DIR, when set, names a folder read instead (for shader work: edit, restart).
//
//   if (auto dir = shader_override_dir()) renderer.init(*dir);  // files, named in errors
//   else renderer.init(std::nullopt);                           // these texts
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace studio {

struct EmbeddedFile {
  std::string_view name;  // "grid.frag"
  std::string_view text;  // the file's bytes
};

// Every embedded shader (the generated embedded_shaders.cpp).
std::span<const EmbeddedFile> embedded_shaders();
// The embedded text of `name`, if there is one.
std::optional<std::string_view> embedded_shader(std::string_view name);
// $ASTAR_SHADER_DIR when set and not empty, else nullopt: the embedded shaders.
std::optional<std::string> shader_override_dir();

}  // namespace studio
