// The constraint tree's layout (cbs_tree_layout.hpp): which nodes are drawn, then their columns
// from the leaves up, without recursion (a tree can be thousands of nodes deep).
#include "state/cbs_tree_layout.hpp"

#include <algorithm>
#include <utility>

namespace studio {

std::optional<std::size_t> CbsTreeLayout::index_of(std::uint32_t node) const {
  if (node >= index.size() || index[node] < 0) return std::nullopt;
  return static_cast<std::size_t>(index[node]);
}

namespace {

using Children = std::vector<std::vector<std::uint32_t>>;

// A node's children by its id (made later than their parent: a larger id).
Children children_of(const std::vector<astar::CbsNode>& nodes) {
  Children out(nodes.size());
  for (std::uint32_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].parent != astar::kNoCbsNode && nodes[i].parent < nodes.size()) out[nodes[i].parent].push_back(i);
  return out;
}

// Which nodes are drawn: all, or the path to `focus`, its siblings and the focus node's children.
std::vector<bool> drawn_nodes(const std::vector<astar::CbsNode>& nodes, const Children& kids,
                              std::optional<std::uint32_t> focus, bool prune) {
  std::vector<bool> drawn(nodes.size(), !prune);
  if (!prune || nodes.empty()) return drawn;
  std::uint32_t at = focus && *focus < nodes.size() ? *focus : 0;
  drawn[at] = true;
  for (std::uint32_t k : kids[at]) drawn[k] = true;
  for (; nodes[at].parent != astar::kNoCbsNode; at = nodes[at].parent) {
    drawn[nodes[at].parent] = true;
    for (std::uint32_t k : kids[nodes[at].parent]) drawn[k] = true;
  }
  return drawn;
}

}  // namespace

CbsTreeLayout layout_cbs_tree(const std::vector<astar::CbsNode>& nodes, std::optional<std::uint32_t> focus,
                              std::size_t full_limit) {
  CbsTreeLayout out;
  out.index.assign(nodes.size(), -1);
  if (nodes.empty()) return out;
  const Children kids = children_of(nodes);
  out.pruned = nodes.size() > full_limit;
  const std::vector<bool> drawn = drawn_nodes(nodes, kids, focus, out.pruned);
  // Subtree sizes, children before parents (ids grow downwards).
  std::vector<std::uint32_t> size(nodes.size(), 1);
  for (std::size_t i = nodes.size(); i-- > 1;)
    if (nodes[i].parent != astar::kNoCbsNode && nodes[i].parent < nodes.size()) size[nodes[i].parent] += size[i];
  std::vector<float> column(nodes.size(), 0.0f);
  // Depth first from the root, children in order: a node is placed once its children are.
  std::vector<std::pair<std::uint32_t, std::size_t>> stack{{0u, 0}};
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const std::vector<std::uint32_t>& ks = kids[node];
    while (next < ks.size() && !drawn[ks[next]]) ++next;
    if (next < ks.size()) {
      const std::uint32_t child = ks[next++];
      stack.emplace_back(child, 0);
      continue;
    }
    CbsTreeLayout::Placed p;
    p.node = node;
    p.row = nodes[node].depth;
    float first = -1.0f, last = -1.0f;
    for (std::uint32_t k : ks) {
      if (!drawn[k]) {
        p.hidden += size[k];
        continue;
      }
      if (first < 0.0f) first = column[k];
      last = column[k];
    }
    p.column = first < 0.0f ? static_cast<float>(out.columns++) : (first + last) * 0.5f;
    column[node] = p.column;
    out.rows = std::max(out.rows, p.row + 1);
    out.placed.push_back(p);
    stack.pop_back();
  }
  std::sort(out.placed.begin(), out.placed.end(),
            [](const CbsTreeLayout::Placed& a, const CbsTreeLayout::Placed& b) { return a.node < b.node; });
  for (std::size_t i = 0; i < out.placed.size(); ++i) out.index[out.placed[i].node] = static_cast<std::int32_t>(i);
  return out;
}

}  // namespace studio
