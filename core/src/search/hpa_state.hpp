// HPA*'s abstract search state (hpa_star.hpp), shared by the Search's files: the abstract
// graph's nodes with the start and goal inserted, their edges, g and the open set.
#pragma once

#include <cstdint>
#include <set>
#include <tuple>
#include <vector>

#include "astar/hpa_star.hpp"

namespace astar {

struct HpaStarSearch::Abstract {
  struct Out {
    int to;
    ExactCost cost;
  };
  std::vector<std::vector<Out>> out;    // per node
  std::vector<ExactCost> g;             // per node
  std::vector<std::int32_t> node_of;    // per level cell: its node, -1: none
  // (f key, h, cell index, node): taken smallest first.
  std::set<std::tuple<double, double, std::uint32_t, int>> open;
  int start = -1, goal = -1;
  std::vector<int> path;                // abstract path, as nodes
};

}  // namespace astar
