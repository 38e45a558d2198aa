// Where the constraint-tree panel draws each node of a CBS constraint tree (issue 33), without a
// window: a node's row is its depth, its column the leaves' order (a leaf takes the next column,
// a parent sits midway over its first and last child), so no two nodes of a row overlap and
// edges never cross. A tree of more than `full_limit` nodes is pruned to what a person follows:
// the path from the root to the focus node (the one shown), every node's children along it (the
// path's siblings) and the focus node's children; a node drawn whose descendants are not counts
// them in `hidden`.
//
//   const CbsTreeLayout t = layout_cbs_tree(planner.nodes(), watch.shown_node());
//   for (const CbsTreeLayout::Placed& p : t.placed) draw_box(p.column * w, p.row * h, p.node);
//   if (auto i = t.index_of(7)) scroll_to(t.placed[*i]);
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "astar/cbs.hpp"

namespace studio {

inline constexpr std::size_t kCbsFullTreeNodes = 150;

struct CbsTreeLayout {
  struct Placed {
    std::uint32_t node = 0;
    float column = 0.0f;      // 0..columns - 1; a parent can sit between two columns
    std::uint32_t row = 0;    // the node's depth
    std::uint32_t hidden = 0;  // its descendants not drawn (a pruned tree)
  };
  std::vector<Placed> placed;  // by node id
  std::size_t columns = 0;     // the leaves drawn
  std::uint32_t rows = 0;      // the deepest row drawn, plus one
  bool pruned = false;         // only the path to the focus node and its siblings
  std::optional<std::size_t> index_of(std::uint32_t node) const;  // into placed
  std::vector<std::int32_t> index;  // node id -> placed index, -1: not drawn
};

CbsTreeLayout layout_cbs_tree(const std::vector<astar::CbsNode>& nodes, std::optional<std::uint32_t> focus,
                              std::size_t full_limit = kCbsFullTreeNodes);

}  // namespace studio
