// HPA*'s abstract search state (hpa_star.hpp), shared by the Search's files: the abstract
// graph's adjacency (made once per graph and shared by the queries on it), the start and goal
// inserted for one query, g and the open set.
#pragma once

#include <cstdint>
#include <memory>
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
  std::uint64_t graph = 0;  // made from the graph with this stamp (HpaGraph::stamp)
  std::vector<Cell> cells;
  std::vector<std::vector<Out>> out;
  std::vector<std::int32_t> node_of;  // per level cell: its node, -1: none
  std::vector<std::vector<int>> by_cluster;  // per cluster: its nodes, in increasing order
};

// The abstract open set: a binary heap of entries (f key, h, cell index, node), the least first,
// with each open node's place (pos), so an improved node moves up instead of being erased and
// inserted. Keys are unique (the node settles ties), so it takes nodes in the order a sorted set
// of the same tuples would.
struct OpenHeap {
  struct Entry {
    double f, h;
    std::uint32_t cell;
    int node;
    bool operator<(const Entry& o) const {
      return std::tie(f, h, cell, node) < std::tie(o.f, o.h, o.cell, o.node);
    }
  };
  std::vector<Entry> heap;
  std::vector<std::uint32_t> pos;  // per node; read only for nodes in the heap

  bool empty() const { return heap.empty(); }
  std::size_t size() const { return heap.size(); }
  int top() const { return heap.front().node; }
  void push(const Entry& e) {
    if (pos.size() <= static_cast<std::size_t>(e.node)) pos.resize(static_cast<std::size_t>(e.node) + 1);
    heap.push_back(e);
    up(heap.size() - 1);
  }
  // A node in the heap with a new key.
  void update(const Entry& e) {
    const std::size_t i = pos[static_cast<std::size_t>(e.node)];
    heap[i] = e;
    up(i);
    down(pos[static_cast<std::size_t>(e.node)]);
  }
  int pop() {
    const int n = heap.front().node;
    heap.front() = heap.back();
    heap.pop_back();
    if (!heap.empty()) down(0);
    return n;
  }

 private:
  void place(std::size_t i, const Entry& e) {
    heap[i] = e;
    pos[static_cast<std::size_t>(e.node)] = static_cast<std::uint32_t>(i);
  }
  void up(std::size_t i) {
    const Entry e = heap[i];
    for (; i > 0 && e < heap[(i - 1) / 2]; i = (i - 1) / 2) place(i, heap[(i - 1) / 2]);
    place(i, e);
  }
  void down(std::size_t i) {
    const Entry e = heap[i];
    for (std::size_t c = 2 * i + 1; c < heap.size(); i = c, c = 2 * i + 1) {
      if (c + 1 < heap.size() && heap[c + 1] < heap[c]) ++c;
      if (!(heap[c] < e)) break;
      place(i, heap[c]);
    }
    place(i, e);
  }
};

struct QueryState {
  std::shared_ptr<const Adjacency> adjacency;
  int start = -1, goal = -1;              // nodes; inserted ones come after the graph's
  std::vector<Out> start_out;             // an inserted start's edges
  std::vector<std::pair<int, Out>> into_goal;  // an inserted goal's edges in: (from, edge)
  std::vector<ExactCost> g;               // per node; read only for nodes opened this query
  std::vector<int> touched;               // the graph's nodes this query opened
  OpenHeap open;
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
