// HPA*'s abstract search state (hpa_star.hpp), shared by the Search's files: the abstract
// graph's adjacency (made once per graph and shared by the queries on it), the start and goal
// inserted for one query, g and the open set.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <tuple>
#include <vector>

#include "astar/hpa_star.hpp"

namespace astar {

namespace hpa {

struct Out {
  int to;
  ExactCost cost;
};

// The graph's nodes and edges, by node (node i is the graph's nodes()[i]).
struct Adjacency {
  const HpaGraph* graph = nullptr;  // made from this one
  std::vector<Cell> cells;
  std::vector<std::vector<Out>> out;
  std::vector<std::int32_t> node_of;  // per level cell: its node, -1: none
};

struct QueryState {
  std::shared_ptr<const Adjacency> adjacency;
  int start = -1, goal = -1;              // nodes; inserted ones come after the graph's
  std::vector<Out> start_out;             // an inserted start's edges
  std::vector<std::pair<int, Out>> into_goal;  // an inserted goal's edges in: (from, edge)
  std::vector<ExactCost> g;               // per node
  // (f key, h, cell index, node): taken smallest first.
  std::set<std::tuple<double, double, std::uint32_t, int>> open;
  std::vector<int> path;                  // abstract path, as nodes

  int node_of(std::uint32_t cell, Cell c, const std::vector<HpaAbstractNode>& nodes) const {
    if (adjacency && !adjacency->node_of.empty() && adjacency->node_of[cell] >= 0) return adjacency->node_of[cell];
    for (int n : {start, goal})
      if (n >= 0 && nodes[static_cast<std::size_t>(n)].cell == c) return n;
    return -1;
  }
};

}  // namespace hpa
}  // namespace astar
