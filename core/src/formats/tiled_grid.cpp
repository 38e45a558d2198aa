// Which grid a Tiled map's cells sit on (tiled_grid.hpp).
#include "formats/tiled_grid.hpp"

namespace astar::detail {

using json = nlohmann::json;

std::string quote_text(std::string_view s) {
  std::string out = "'";
  out += s.substr(0, 60);
  if (s.size() > 60) out += "...";
  out += "'";
  return out;
}

std::string kind_of(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::binary: return "binary data";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

namespace {

// "'odd'" for a string, else its kind: what a message says the file had.
std::string got(const json& v) {
  return v.is_string() ? quote_text(v.get_ref<const std::string&>()) : kind_of(v);
}

// The stagger fields of a hexagonal map.
Result<TiledGrid> read_hex_stagger(const json& root, const std::string& source) {
  const auto error = [&](const char* field, const std::string& why) {
    return Error{source + ": " + field + ": " + why};
  };
  TiledGrid grid;
  const auto axis = root.find("staggeraxis");
  if (axis == root.end())
    return error("staggeraxis", "missing; a hexagonal map needs \"y\" (pointy-top hexes, rows "
                                "staggered) or \"x\" (flat-top hexes, columns staggered)");
  if (*axis == "y") grid.topology = Topology::HexPointyTop;
  else if (*axis == "x") grid.topology = Topology::HexFlatTop;
  else
    return error("staggeraxis",
                 "expected \"y\" (pointy-top) or \"x\" (flat-top), got " + got(*axis));
  const auto index = root.find("staggerindex");
  if (index == root.end())
    return error("staggerindex", "missing; a hexagonal map needs \"odd\" or \"even\" (which " +
                                     std::string(grid.topology == Topology::HexPointyTop
                                                     ? "rows"
                                                     : "columns") +
                                     " are pushed half a hex over)");
  if (*index == "odd") grid.stagger = HexStagger::Odd;
  else if (*index == "even") grid.stagger = HexStagger::Even;
  else return error("staggerindex", "expected \"odd\" or \"even\", got " + got(*index));
  return grid;
}

}  // namespace

Result<TiledGrid> read_tiled_grid(const json& root, const std::string& source) {
  const auto o = root.find("orientation");
  if (o == root.end() || *o == "orthogonal") return TiledGrid{};
  if (*o == "hexagonal") return read_hex_stagger(root, source);
  const std::string field = source + ": orientation: ";
  if (*o == "staggered")
    return Error{field + "'staggered' maps are isometric diamonds in staggered rows, not hexagons; "
                         "only orthogonal and hexagonal maps can be imported"};
  if (*o == "isometric")
    return Error{field + "'isometric' maps are diamonds, not squares or hexagons; only "
                         "orthogonal and hexagonal maps can be imported"};
  return Error{field + "only orthogonal and hexagonal maps can be imported, got " + got(*o)};
}

std::string_view tiled_orientation(Topology t) {
  return t == Topology::Square ? "orthogonal" : "hexagonal";
}

std::string_view tiled_stagger_axis(Topology t) { return t == Topology::HexFlatTop ? "x" : "y"; }

std::string_view tiled_stagger_index(HexStagger s) {
  return s == HexStagger::Even ? "even" : "odd";
}

}  // namespace astar::detail
