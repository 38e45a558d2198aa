#include "astar/endpoint_args.hpp"

#include <charconv>
#include <string>
#include <system_error>
#include <utility>

namespace astar {

namespace {

bool whole_number(std::string_view text, int& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc{} && ptr == end;
}

}  // namespace

Result<Cell> parse_cell_arg(std::string_view option, std::string_view text) {
  const std::size_t comma = text.find(',');
  Cell c;
  if (comma == std::string_view::npos || !whole_number(text.substr(0, comma), c.x) ||
      !whole_number(text.substr(comma + 1), c.y))
    return Error{std::string(option) +
                 ": expected X,Y (the column and the row, whole numbers from 0), got '" +
                 std::string(text) + "'"};
  return c;
}

Status check_cell_arg(const Level& level, std::string_view option, Cell c) {
  std::string why = level.check_endpoint(option, c);
  if (why.empty()) return Ok{};
  if (!level.in_bounds(c))
    why += " (the level is " + std::to_string(level.width()) + " x " +
           std::to_string(level.height()) + " cells)";
  return Error{std::move(why)};
}

Status check_endpoint_args(const Level& level, const EndpointArgs& e) {
  for (const auto& [option, cell] : {std::pair{"--start", e.start}, std::pair{"--goal", e.goal}})
    if (cell)
      if (Status ok = check_cell_arg(level, option, *cell); !ok) return ok;
  return Ok{};
}

Status override_endpoints(Level& level, const EndpointArgs& e) {
  if (Status ok = check_endpoint_args(level, e); !ok) return ok;
  if (e.start) level.set_start(*e.start);
  if (e.goal) level.set_goal(*e.goal);
  return Ok{};
}

}  // namespace astar
