// grid_astar: the kind of grid A* a game has, written on its own (plain C++, no A* Studio code),
// that writes every step of its search as a Posthoc trace, so that a checker can find its bugs.
// Four classic bugs are planted, each a line or two marked "BUG:" and switched on by --bug.
//
// Build (part of A* Studio's build as the target grid_astar, or alone):
//   c++ -std=c++17 -O2 -o grid_astar examples/grid_astar.cpp
// Run: a MovingAI .map, the start and the goal (x = column, y = row, (0, 0) top left):
//   ./grid_astar examples/diagonal_wall.map 1 1 14 7 > run.jsonl
//   astar check-trace examples/diagonal_wall.map run.jsonl     # exit 0: no findings
//   ./grid_astar examples/diagonal_wall.map 1 1 14 7 --bug corner-cut > bad.jsonl
//   astar check-trace examples/diagonal_wall.map bad.jsonl     # exit 1: illegal-move, ...
// Options:
//   --bug manhattan      the Manhattan heuristic with 8 neighbours (it overestimates)
//   --bug corner-cut     diagonal steps squeeze past a wall's corner
//   --bug diagonal-one   a diagonal step costs 1, like a straight one
//   --bug ignore-better  a cheaper way to a node already in the open list is ignored
//   --json               one JSON document instead of JSON Lines (one event per line)
// The trace goes to stdout, a summary to stderr. Exit 0 when a path was found, 1 when not,
// 2 on bad input.
//
// The rules are MovingAI's: 8 neighbours, a straight step costs 1 and a diagonal one sqrt(2),
// and a diagonal step needs both straight cells beside it open (no corner cutting).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

#include "posthoc_trace.hpp"

namespace {

enum class Bug { None, Manhattan, CornerCut, DiagonalOne, IgnoreBetter };

struct Grid {
  int width = 0, height = 0;
  std::vector<bool> passable;  // row by row, y * width + x
  bool open(int x, int y) const {
    return x >= 0 && y >= 0 && x < width && y < height && passable[y * width + x];
  }
};

// A MovingAI .map: "type octile", "height H", "width W", "map", then H rows of W characters;
// '.', 'G' and 'S' are passable.
bool read_map(const char* path, Grid& grid) {
  std::ifstream in(path);
  std::string word;
  while (in >> word && word != "map") {
    if (word == "height") in >> grid.height;
    if (word == "width") in >> grid.width;
  }
  if (!in || grid.width <= 0 || grid.height <= 0) return false;
  std::string row;
  for (int y = 0; y < grid.height; ++y) {
    if (!(in >> row) || static_cast<int>(row.size()) != grid.width) return false;
    for (char c : row) grid.passable.push_back(c == '.' || c == 'G' || c == 'S');
  }
  return true;
}

double heuristic(Bug bug, int x, int y, int gx, int gy) {
  const int dx = std::abs(x - gx), dy = std::abs(y - gy);
  // BUG: Manhattan counts a diagonal step as 2 when it costs 1.41: h overestimates.
  if (bug == Bug::Manhattan) return dx + dy;
  return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);  // octile: admissible
}

struct Node {
  double g = std::numeric_limits<double>::infinity();
  long parent = -1;
  bool closed = false;
};

struct OpenEntry {
  double f, g;
  long id;
  // The priority queue's top is the "largest": smallest f first, then the larger g (nearer
  // the goal) among equal f.
  bool operator<(const OpenEntry& o) const { return f != o.f ? f > o.f : g < o.g; }
};

// A* from (sx, sy) to (gx, gy), every event written to `trace`. The path's cost, or -1.
double search(const Grid& grid, int sx, int sy, int gx, int gy, Bug bug, PosthocTrace& trace) {
  const auto id_of = [&](int x, int y) { return static_cast<long>(y) * grid.width + x; };
  std::vector<Node> nodes(grid.passable.size());
  std::priority_queue<OpenEntry> open;
  const long start = id_of(sx, sy), goal = id_of(gx, gy);
  trace.node("source", start, sx, sy);
  trace.node("destination", goal, gx, gy);
  nodes[start].g = 0.0;
  open.push({heuristic(bug, sx, sy, gx, gy), 0.0, start});
  trace.node("generating", start, sx, sy, -1, 0.0, heuristic(bug, sx, sy, gx, gy));

  while (!open.empty()) {
    const OpenEntry top = open.top();
    open.pop();
    Node& n = nodes[top.id];
    if (n.closed || top.g != n.g) continue;  // a stale entry: the node got a cheaper g since
    const int x = static_cast<int>(top.id % grid.width), y = static_cast<int>(top.id / grid.width);
    trace.node("expanding", top.id, x, y, n.parent, n.g, heuristic(bug, x, y, gx, gy));
    n.closed = true;
    if (top.id == goal) {
      trace.end(goal, x, y, n.parent, n.g);
      return n.g;
    }
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = x + dx, ny = y + dy;
        if ((dx == 0 && dy == 0) || !grid.open(nx, ny)) continue;
        const bool diagonal = dx != 0 && dy != 0;
        const bool cuts_corner = diagonal && (!grid.open(x + dx, y) || !grid.open(x, y + dy));
        // BUG: with corner-cut, a diagonal step squeezes past the corner of a wall.
        if (cuts_corner && bug != Bug::CornerCut) continue;
        double step = diagonal ? std::sqrt(2.0) : 1.0;
        // BUG: with diagonal-one, a diagonal step costs as little as a straight one.
        if (bug == Bug::DiagonalOne) step = 1.0;

        const long m_id = id_of(nx, ny);
        Node& m = nodes[m_id];
        const double g = n.g + step;
        if (m.closed || g >= m.g) continue;
        const bool seen = m.g != std::numeric_limits<double>::infinity();
        // BUG: with ignore-better, a cheaper way to a node already in the open list is dropped.
        if (seen && bug == Bug::IgnoreBetter) continue;
        m.g = g;
        m.parent = top.id;
        const double h = heuristic(bug, nx, ny, gx, gy);
        open.push({g + h, g, m_id});
        trace.node(seen ? "updating" : "generating", m_id, nx, ny, top.id, g, h);
      }
    }
    trace.node("closing", top.id, x, y, n.parent, n.g, heuristic(bug, x, y, gx, gy));
  }
  trace.end_without_path();
  return -1.0;
}

bool parse_bug(const std::string& name, Bug& bug) {
  if (name == "manhattan") bug = Bug::Manhattan;
  else if (name == "corner-cut") bug = Bug::CornerCut;
  else if (name == "diagonal-one") bug = Bug::DiagonalOne;
  else if (name == "ignore-better") bug = Bug::IgnoreBetter;
  else return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const char* usage =
      "usage: grid_astar MAP SX SY GX GY [--bug manhattan|corner-cut|diagonal-one|"
      "ignore-better] [--json]\n";
  std::vector<std::string> args(argv + 1, argv + argc);
  Bug bug = Bug::None;
  PosthocTrace::Layout layout = PosthocTrace::Layout::JsonLines;
  std::vector<std::string> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--json") {
      layout = PosthocTrace::Layout::Document;
    } else if (args[i] == "--bug" && i + 1 < args.size() && parse_bug(args[i + 1], bug)) {
      ++i;
    } else if (args[i].rfind("--", 0) == 0) {
      std::cerr << "grid_astar: bad option '" << args[i] << "'\n" << usage;
      return 2;
    } else {
      positional.push_back(args[i]);
    }
  }
  Grid grid;
  int c[4] = {};
  if (positional.size() != 5) {
    std::cerr << usage;
    return 2;
  }
  if (!read_map(positional[0].c_str(), grid)) {
    std::cerr << "grid_astar: " << positional[0] << ": cannot read the map\n";
    return 2;
  }
  for (int i = 0; i < 4; ++i) {
    std::istringstream in(positional[i + 1]);
    if (!(in >> c[i])) {
      std::cerr << "grid_astar: '" << positional[i + 1] << "' is not a whole number\n";
      return 2;
    }
  }
  if (!grid.open(c[0], c[1]) || !grid.open(c[2], c[3])) {
    std::cerr << "grid_astar: the start and the goal must be open cells of the map\n";
    return 2;
  }
  double cost = -1.0;
  {
    PosthocTrace trace(std::cout, layout);
    cost = search(grid, c[0], c[1], c[2], c[3], bug, trace);
  }
  if (cost < 0) {
    std::cerr << "grid_astar: no path\n";
    return 1;
  }
  std::cerr << "grid_astar: path cost " << cost << "\n";
  return 0;
}
