#include "level_output.hpp"

#include <algorithm>
#include <cstdint>

#include "astar/format.hpp"
#include "astar/level_io.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

Result<const std::string*> read_output_path(const ParsedArgs& p) {
  const std::string* a = p.get("-o");
  const std::string* b = p.get("--output");
  if (a && b) return Error{"-o and --output: give one of them"};
  const std::string* path = a ? a : b;
  if (path && path->empty()) return Error{"-o: expected a file name"};
  return path;
}

int write_level(const Level& level, const std::string* path, const std::string& summary) {
  if (path == nullptr) return write_output(level_to_json(level), kExitFound);
  if (Status s = save_level(level, *path); !s) {
    print_error(s.error());
    return kExitInternal;
  }
  const auto open = std::count(level.walls().begin(), level.walls().end(), std::uint8_t{0});
  std::string out = "wrote ";
  out += *path;
  out += ": ";
  out += summary;
  out += " (" + std::to_string(level.width()) + " x " + std::to_string(level.height());
  out += ", " + std::to_string(open) + " open cells, start " + cell_text(level.start());
  out += ", goal " + cell_text(level.goal()) + ")\n";
  return write_output(out, kExitFound);
}

}  // namespace astar::cli
