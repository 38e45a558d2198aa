// Level files, format version 1: the public entry points. Reading is take_grids (grid_scanner),
// parse_document (json_document), then parse_document_level (level_document); writing is
// check_saveable and level_to_json (level_writer), then write_atomically (file_io). Every
// failure is a Result; nothing throws out of the public functions.
#include "astar/level_io.hpp"

#include <exception>
#include <new>
#include <optional>
#include <string>

#include "astar/file_io.hpp"
#include "formats/grid_scanner.hpp"
#include "base/json_document.hpp"
#include "formats/level_format.hpp"
#include "base/text_file.hpp"

namespace astar {

namespace {

thread_local int t_grids_read_directly = 0;

std::string size_text(std::uintmax_t bytes) { return std::to_string(bytes) + " bytes"; }

Status save_level_impl(const Level& level, const std::string& path) {
  const std::string prefix = path + ": cannot save: ";
  if (const std::string msg = level_file::check_saveable(level); !msg.empty()) return Error{prefix + msg};
  const std::string text = level_to_json(level);
  if (text.size() > kMaxLevelFileBytes)
    return Error{prefix + "the file would be " + size_text(text.size()) + ", more than the limit of " +
                 size_text(kMaxLevelFileBytes)};
  return write_atomically(path, text);
}

}  // namespace

int detail::grids_read_directly() { return t_grids_read_directly; }

Result<Level> parse_level(std::string_view json_text, std::string_view source) {
  const std::string src(source);
  return detail::guard_load<Level>(src, [&]() -> Result<Level> {
    try {
      level_file::TakenGrids taken;
      const std::optional<std::string> rest = level_file::take_grids(json_text, taken);
      t_grids_read_directly = (taken.cost ? 1 : 0) + (taken.heights ? 1 : 0);
      return level_file::parse_document_level(
          level_file::parse_document(rest ? std::string_view(*rest) : json_text), taken);
    } catch (const level_file::Fail& f) {
      return Error{src + ": " + f.field + ": " + f.reason};
    }
  });
}

Result<Level> load_level(const std::string& path) {
  return detail::guard_load<Level>(path, [&]() -> Result<Level> {
    Result<std::string> text = detail::read_text_file(path, kMaxLevelFileBytes);
    if (!text) return Error{text.error()};
    return parse_level(text.value(), path);
  });
}

Status save_level(const Level& level, const std::string& path) {
  try {
    return save_level_impl(level, path);
  } catch (const std::bad_alloc&) {
    return Error{path + ": cannot save: out of memory"};
  } catch (const std::exception& e) {
    return Error{path + ": cannot save: " + e.what()};
  } catch (...) {
    return Error{path + ": cannot save: unexpected error"};
  }
}

}  // namespace astar
