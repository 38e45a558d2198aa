#include "state/topology_words.hpp"

namespace studio {

namespace {
std::string count_of(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
}  // namespace

const char* topology_label(astar::Topology t) {
  switch (t) {
    case astar::Topology::HexPointyTop: return "Hex, pointy top";
    case astar::Topology::HexFlatTop: return "Hex, flat top";
    case astar::Topology::Square:
    case astar::Topology::_Max: break;
  }
  return "Square";
}

std::string stagger_text(astar::Topology t, astar::HexStagger s) {
  const std::string which = s == astar::HexStagger::Odd ? "odd" : "even";
  switch (t) {
    case astar::Topology::HexPointyTop: return which + " rows pushed right";
    case astar::Topology::HexFlatTop: return which + " columns pushed down";
    case astar::Topology::Square:
    case astar::Topology::_Max: break;
  }
  return {};
}

std::string topology_text(astar::Topology t, astar::HexStagger s) {
  if (t == astar::Topology::Square) return "square";
  std::string label = topology_label(t);
  label[0] = 'h';
  return label + ", " + stagger_text(t, s);
}

std::string topology_text(const astar::Level& level) {
  return topology_text(level.topology(), level.hex_stagger());
}

std::string topology_loss_text(const astar::TopologyLoss& loss, astar::Topology t) {
  std::string out;
  if (loss.shapes > 0 || loss.agent_radius) {
    out = "Hex levels take no collision shapes:";
    if (loss.shapes > 0)
      out += " the level's " + count_of(loss.shapes, "shape is", "shapes are") + " removed";
    if (loss.shapes > 0 && loss.agent_radius) out += ", and";
    if (loss.agent_radius) out += " the agent radius goes back to 0";
    out += ".";
  }
  if (loss.edges > 0) {
    const bool pointy = t == astar::Topology::HexPointyTop;
    if (!out.empty()) out += " ";
    out += count_of(loss.edges, "edge override goes ", "edge overrides go ") +
           (pointy ? "N or S, which pointy-top" : "E or W, which flat-top") +
           " hexes do not have: " + (loss.edges == 1 ? "it is" : "they are") + " removed.";
  }
  return out;
}

}  // namespace studio
