#include "astar/pseudocode.hpp"
#include "astar/format.hpp"

#include <algorithm>
#include <array>

namespace astar {

namespace {

// [SECTION] The texts

// One text per algorithm, built from the A* text with the lines that differ replaced. The line
// numbers of the steps are the same for every algorithm.
constexpr std::array<int, static_cast<int>(CodeStep::_Max)> kLineOf{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11};

std::vector<std::string> astar_lines() {
  return {
      "open <- {start}; g[start] <- 0",
      "while open is not empty:",
      "  current <- open node, lowest f = g + h",
      "  if current = goal: return its path",
      "  move current from open to closed",
      "  for each neighbour n of current:",
      "    if n is a wall, blocked or closed: skip",
      "    tentative <- g[current] + cost(move)",
      "    if tentative < g[n]:  (unseen: g = inf)",
      "      cameFrom[n] <- current",
      "      g[n] <- tentative; f[n] <- g+h; open n",
      "return \"no path\"",
  };
}

PseudoCode make(Algorithm a) {
  std::vector<std::string> l = astar_lines();
  switch (a) {
    case Algorithm::AStar:
    case Algorithm::_Max: break;
    case Algorithm::WeightedAStar:
      l[2] = "  current <- open node, lowest f = g + w*h";
      l[10] = "      g[n] <- tentative; f <- g+w*h; open n";
      break;
    case Algorithm::Dijkstra:
      l[2] = "  current <- open node, lowest g";
      l[10] = "      g[n] <- tentative; open n";
      break;
    case Algorithm::GreedyBestFirst:
      l[2] = "  current <- open node, lowest h";
      l[10] = "      g[n] <- tentative; f[n] <- h; open n";
      break;
    case Algorithm::BreadthFirst:
      l[2] = "  current <- open node, fewest steps";
      l[8] = "    if n was never seen:";
      l[10] = "      steps[n] <- steps[current] + 1; open n";
      break;
    case Algorithm::JumpPoint:
      l[5] = "  for each jump point n from current:";
      l[6] = "    if n is closed: skip";
      l[7] = "    tentative <- g[current] + octile dist";
      break;
    case Algorithm::ThetaStar:
      l[7] = "    p <- parent(current) if it sees n,";
      l[8] = "      else current; if g[p]+d(p,n) < g[n]:";
      l[9] = "      cameFrom[n] <- p";
      break;
    case Algorithm::Bidirectional:
      l[0] = "open_f <- {start}; open_b <- {goal}";
      l[1] = "while mu > max(lowest f of each side):";
      l[2] = "  current <- lowest f, smaller open set";
      l[3] = "  if current = that side's goal: return";
      l[9] = "      cameFrom[n] <- current; mu <- min(mu,";
      l[10] = "        g[n]+g_other[n]); g, f; open n";
      l[11] = "return path via the meeting cell, or none";
      break;
  }
  PseudoCode code;
  code.lines = std::move(l);
  std::copy(kLineOf.begin(), kLineOf.end(), code.line_of);
  return code;
}

void at_step(CodePosition& p, Algorithm a, CodeStep s) {
  p.step = s;
  p.line = pseudocode(a).line_of[static_cast<int>(s)];
}

}  // namespace

const PseudoCode& pseudocode(Algorithm a) {
  static const std::array<PseudoCode, static_cast<int>(Algorithm::_Max)> all = [] {
    std::array<PseudoCode, static_cast<int>(Algorithm::_Max)> out;
    for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i)
      out[i] = make(static_cast<Algorithm>(i));
    return out;
  }();
  return all[static_cast<int>(a)];
}

CodePosition code_position(const Search& s) {
  const Algorithm a = s.options().algorithm;
  CodePosition p;
  at_step(p, a, CodeStep::Init);
  if (s.state() == SearchState::Invalid) {
    p.note = s.message();
    return p;
  }
  if (s.iterations() == 0) return p;

  const std::optional<Cell> taken = s.last_taken();
  if (!taken) return p;
  const NodeView cur = s.node(*taken);
  p.variables.push_back({"current", cell_text(*taken)});
  auto add_current_g = [&] { p.variables.push_back({"g[current]", fixed2_text(cur.g)}); };

  if (s.state() == SearchState::Found) {
    if (a == Algorithm::Bidirectional && s.examined() > 0) {
      at_step(p, a, CodeStep::Loop);
      p.variables.push_back({"mu", fixed2_text(s.path_cost())});
      p.note = "mu <= every open f: the path via the meeting cell is best";
      return p;
    }
    at_step(p, a, CodeStep::GoalTest);
    add_current_g();
    p.note = "the goal is taken: its g is the path's cost";
    return p;
  }
  if (s.state() == SearchState::NoPath) {
    at_step(p, a, CodeStep::NoPath);
    p.note = "the open set is empty";
    return p;
  }

  const std::size_t examined = s.examined();
  if (examined == 0) {  // taken, nothing examined yet (or nothing to examine)
    at_step(p, a, CodeStep::Close);
    p.variables.push_back({"f[current]", fixed2_text(cur.f)});
    add_current_g();
    p.variables.push_back({"h[current]", fixed2_text(cur.h)});
    p.note = "not the goal: move it to closed";
  } else {
    const Move& m = s.taken_moves()[examined - 1];
    p.variables.push_back({"n", cell_text(m.to)});
    if (!m.possible()) {
      at_step(p, a, CodeStep::Skip);
      p.note = std::string(to_string(m.block));
    } else {
      const auto& relaxed = s.last_relaxed();
      const NodeView n = s.node(m.to);
      if (std::find(relaxed.begin(), relaxed.end(), m.to) != relaxed.end()) {
        at_step(p, a, CodeStep::Update);
        p.variables.push_back({"tentative", fixed2_text(n.g)});
        if (n.parent) p.variables.push_back({"cameFrom[n]", cell_text(*n.parent)});
        p.variables.push_back({"f[n]", fixed2_text(n.f)});
        p.note = "a better path to n";
      } else if (n.state == NodeState::Closed) {
        at_step(p, a, CodeStep::Skip);
        p.note = "closed";
      } else {
        at_step(p, a, CodeStep::Compare);
        add_current_g();
        p.variables.push_back({"cost", fixed2_text(m.cost)});
        p.variables.push_back({"g[n]", fixed2_text(n.g)});
        p.note = a == Algorithm::BreadthFirst ? "n was seen before: it keeps its first parent"
                                              : "not better than g[n]: skip n";
      }
    }
  }
  if (s.state() == SearchState::IterationLimit) p.note += " (then the iteration limit stops it)";
  return p;
}

}  // namespace astar
