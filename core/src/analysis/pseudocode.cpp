#include "astar/pseudocode.hpp"
#include "astar/format.hpp"
#include "astar/imported_trace.hpp"
#include "astar/replanning.hpp"

#include <algorithm>
#include <array>
#include <cmath>

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

// LPA* and D* Lite have their own texts; the steps point at the nearest line (kReplanLineOf).
constexpr std::array<int, static_cast<int>(CodeStep::_Max)> kReplanLineOf{0, 1, 2, 11, 4, 8,
                                                                          8, 9, 9, 9, 11};
constexpr int kReplanStaleLine = 3, kReplanOverLine = 5, kReplanUnderLine = 7;

std::vector<std::string> lpa_lines() {
  return {
      "rhs[start] <- 0; queue start with its key",
      "while top key < key(goal) or g[goal] != rhs[goal]:",
      "  u <- pop lowest [min(g,rhs)+h; min(g,rhs)]",
      "  if u's key is old (km grew): queue it again",
      "  if g[u] > rhs[u]:  (over-consistent)",
      "    g[u] <- rhs[u]",
      "  else:  (under-consistent)",
      "    g[u] <- inf; UpdateVertex(u)",
      "  for each successor s of u: UpdateVertex(s)",
      "UpdateVertex(s): rhs[s] <- min over p of g[p]+cost(p,s)",
      "  queue s (key) if g[s] != rhs[s], else drop it",
      "return the path by parents (none: g[goal] = inf)",
  };
}

std::vector<std::string> dstar_lines() {
  return {
      "rhs[goal] <- 0; km <- 0; queue goal with its key",
      "while top key < key(start) or g[start] != rhs[start]:",
      "  u <- pop lowest [min(g,rhs)+h+km; min(g,rhs)]",
      "  if u's key is old (km grew): queue it again",
      "  if g[u] > rhs[u]:  (over-consistent)",
      "    g[u] <- rhs[u]",
      "  else:  (under-consistent)",
      "    g_old <- g[u]; g[u] <- inf; UpdateVertex(u)",
      "  for each predecessor s of u: UpdateVertex(s)",
      "UpdateVertex(s): rhs[s] <- min(rhs[s], cost(s,u)+g[u]),",
      "  or recomputed if u gave it; queue or drop s",
      "agent at start moves: km += h; path by parents",
  };
}

// The flow field: Dijkstra from the goal over the moves entering each cell, with no goal test;
// g is the cost to the goal and each cell's flow is fixed when it is settled. Its steps are on
// the same lines as the best-first loops' (kLineOf); the end, found or not, is the last line.
std::vector<std::string> flow_lines() {
  return {
      "open <- {goal}; g[goal] <- 0 (g: to goal)",
      "while open is not empty:",
      "  current <- lowest g (ties: row, column)",
      "  (no goal test: every cell gets a flow)",
      "  settle current; flow <- best move out",
      "  for each move from n into current:",
      "    if n is a wall, blocked, settled: skip",
      "    tentative <- cost(move) + g[current]",
      "    if tentative < g[n]:  (unseen: g = inf)",
      "      cameFrom[n] <- current",
      "      g[n] <- tentative; open n",
      "return flow; path <- follow it from start",
  };
}

// HPA* (hpa_star.hpp): the build and the refinement around an A* over the abstract graph, whose
// steps are on the best-first lines (kLineOf).
std::vector<std::string> hpa_lines() {
  return {
      "build clusters: transitions, intra edges",
      "insert start, goal; open <- {start}; loop:",
      "  current <- abstract node, lowest f = g + h",
      "  if current = goal: refine edges, return",
      "  move current from open to closed",
      "  for each abstract edge current -> n:",
      "    if n is closed: skip",
      "    tentative <- g[current] + cost(edge)",
      "    if tentative < g[n]:  (unseen: g = inf)",
      "      cameFrom[n] <- current",
      "      g[n] <- tentative; f[n] <- g+h; open n",
      "return \"no path\"",
  };
}

PseudoCode make(Algorithm a) {
  if (a == Algorithm::HpaStar) {
    PseudoCode code;
    code.lines = hpa_lines();
    std::copy(kLineOf.begin(), kLineOf.end(), code.line_of);
    return code;
  }
  if (a == Algorithm::FlowField) {
    PseudoCode code;
    code.lines = flow_lines();
    std::copy(kLineOf.begin(), kLineOf.end(), code.line_of);
    return code;
  }
  if (a == Algorithm::LpaStar || a == Algorithm::DStarLite) {
    PseudoCode code;
    code.lines = a == Algorithm::LpaStar ? lpa_lines() : dstar_lines();
    std::copy(kReplanLineOf.begin(), kReplanLineOf.end(), code.line_of);
    return code;
  }
  std::vector<std::string> l = astar_lines();
  switch (a) {
    case Algorithm::AStar:
    case Algorithm::LpaStar:
    case Algorithm::DStarLite:
    case Algorithm::FlowField:
    case Algorithm::HpaStar:
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

// Dijkstra's text for a movement range: the budget bounds the loop, and there is no goal.
PseudoCode make_range() {
  PseudoCode code = make(Algorithm::Dijkstra);
  std::vector<std::string>& l = code.lines;
  l[0] = "open <- {unit}; g[unit] <- 0";
  l[1] = "while lowest g in open <= budget:";
  l[3] = "  (no goal: current is in the range)";
  l[11] = "return closed: the range, g its costs";
  return code;
}

void at_step(CodePosition& p, Algorithm a, CodeStep s) {
  p.step = s;
  p.line = pseudocode(a).line_of[static_cast<int>(s)];
}

// [SECTION] An imported trace

// The generic loop: each event type has its line. Skip, Tentative and Compare have no event of
// their own; they point at the nearest line (for each; new n; better path).
constexpr std::array<int, static_cast<int>(CodeStep::_Max)> kImportedLineOf{0, 1, 2, 7, 3, 4,
                                                                            4, 5, 6, 5, 7};
constexpr int kImportedUpdatingLine = 6;

PseudoCode make_imported() {
  PseudoCode code;
  code.lines = {
      "open <- {source}",
      "while open is not empty:",
      "  current <- the best open node  (expanding)",
      "  move current to closed  (closing)",
      "  for each successor n of current:",
      "    new n: g, f, cameFrom; open n  (generating)",
      "    better path to n: g, f, cameFrom  (updating)",
      "end: the path is end's cameFrom chain",
  };
  std::copy(kImportedLineOf.begin(), kImportedLineOf.end(), code.line_of);
  return code;
}

void at_imported_step(CodePosition& p, CodeStep s) {
  p.step = s;
  p.line = imported_pseudocode().line_of[static_cast<int>(s)];
}

void add_node_values(CodePosition& p, const std::string& name, const NodeView& n) {
  p.variables.push_back({"g[" + name + "]", fixed2_text(n.g)});
  p.variables.push_back({"h[" + name + "]", fixed2_text(n.h)});
  p.variables.push_back({"f[" + name + "]", fixed2_text(n.f)});
  if (n.parent) p.variables.push_back({"cameFrom[" + name + "]", cell_text(*n.parent)});
}

// Where a replayed trace stands: the line of its last applied event's type.
CodePosition imported_position(const Search& s, const ImportedTrace& t) {
  CodePosition p;
  at_imported_step(p, CodeStep::Init);
  const std::size_t applied = s.events_applied();
  if (applied == 0 || s.iterations() == 0) return p;  // the events before the first expanding
  const ImportedEvent& e = t.events[applied - 1];
  const bool has_cell = e.node < t.node_count();
  const Cell c = has_cell ? t.cell(e.node) : Cell{};
  p.note = "event " + std::to_string(applied - 1) + ": " +
           (e.type == TraceEventType::Other && e.other_type < t.type_names.size()
                ? t.type_names[e.other_type]
                : std::string(to_string(e.type)));
  switch (e.type) {
    case TraceEventType::Source:
    case TraceEventType::Destination:
      if (has_cell) p.variables.push_back({std::string(to_string(e.type)), cell_text(c)});
      return p;
    case TraceEventType::Expanding: at_imported_step(p, CodeStep::Take); break;
    case TraceEventType::Closing: at_imported_step(p, CodeStep::Close); break;
    case TraceEventType::Generating: at_imported_step(p, CodeStep::Update); break;
    case TraceEventType::Updating:
      at_imported_step(p, CodeStep::Update);
      p.line = kImportedUpdatingLine;
      break;
    case TraceEventType::End:
      at_imported_step(p, s.state() == SearchState::Found ? CodeStep::GoalTest : CodeStep::NoPath);
      if (has_cell) p.variables.push_back({"end", cell_text(c)});
      if (s.state() == SearchState::Found) p.variables.push_back({"cost", fixed2_text(s.path_cost())});
      return p;
    case TraceEventType::Other:
    case TraceEventType::_Max: at_imported_step(p, CodeStep::Loop); return p;
  }
  if (const std::optional<Cell> taken = s.last_taken()) {
    p.variables.push_back({"current", cell_text(*taken)});
    if (e.type == TraceEventType::Expanding || e.type == TraceEventType::Closing)
      add_node_values(p, "current", s.node(*taken));
  }
  if (has_cell && (e.type == TraceEventType::Generating || e.type == TraceEventType::Updating)) {
    p.variables.push_back({"n", cell_text(c)});
    add_node_values(p, "n", s.node(c));
  }
  return p;
}

// [SECTION] LPA* and D* Lite

void add_vertex_values(CodePosition& p, const ReplanningSearch& s, const std::string& name, Cell c) {
  const ReplanVertex v = s.vertex(c);
  p.variables.push_back({"g[" + name + "]", fixed2_text(v.g)});
  p.variables.push_back({"rhs[" + name + "]", fixed2_text(v.rhs)});
  if (v.key)
    p.variables.push_back({"key[" + name + "]",
                           "[" + fixed2_text(v.key->k1.value()) + "; " + fixed2_text(v.key->k2.value()) + "]"});
}

void at_replan_line(CodePosition& p, CodeStep step, int line) {
  p.step = step;
  p.line = line;
}

// Where a replanning search stands: the pop (and which case it took), or the UpdateVertex of
// the last move examined; after a repair, the loop test.
CodePosition replanning_position(const ReplanningSearch& s) {
  const Algorithm a = s.options().algorithm;
  CodePosition p;
  at_step(p, a, CodeStep::Init);
  if (s.state() == SearchState::Invalid) {
    p.note = s.message();
    return p;
  }
  const std::optional<Cell> taken = s.last_taken();
  if (s.state() == SearchState::Found || s.state() == SearchState::NoPath) {
    at_step(p, a, CodeStep::GoalTest);
    add_vertex_values(p, s, "target", s.target());
    p.note = s.state() == SearchState::Found ? "the target is consistent and no key is lower: done"
                                             : "the queue is empty: no path";
    return p;
  }
  if (!taken) {
    if (s.repair().number > 0) {
      at_step(p, a, CodeStep::Loop);
      p.note = "repair " + std::to_string(s.repair().number) + ": " +
               count_text(s.repair().vertices_updated) + " cells updated by the edit";
    }
    return p;
  }
  p.variables.push_back({"u", cell_text(*taken)});
  add_vertex_values(p, s, "u", *taken);
  const std::size_t examined = s.examined();
  if (s.taken_moves().empty()) {
    at_replan_line(p, CodeStep::Take, kReplanStaleLine);
    p.note = "its key was older than its current key: queued again";
  } else if (examined == 0) {
    const bool over = std::isfinite(s.vertex(*taken).g);
    at_replan_line(p, CodeStep::Close, over ? kReplanOverLine : kReplanUnderLine);
    p.note = over ? "over-consistent: g lowered to rhs" : "under-consistent: g raised to inf";
  } else {
    const Move& m = s.taken_moves()[examined - 1];
    p.variables.push_back({"s", cell_text(m.to)});
    if (!m.possible()) {
      at_step(p, a, CodeStep::Skip);
      p.note = std::string(to_string(m.block));
    } else {
      at_step(p, a, CodeStep::Update);
      add_vertex_values(p, s, "s", m.to);
      p.note = std::string(to_string(s.vertex(m.to).consistency));
    }
  }
  if (s.state() == SearchState::IterationLimit) p.note += " (then the iteration limit stops it)";
  return p;
}

// A search that has ended: the line it ended on. False when it has not.
bool ended(CodePosition& p, const Search& s, Algorithm a, const NodeView& cur) {
  const bool flow = info(a).extras.flow;
  if (s.state() == SearchState::Found) {
    if (a == Algorithm::Bidirectional && s.examined() > 0) {
      at_step(p, a, CodeStep::Loop);
      p.variables.push_back({"mu", fixed2_text(s.path_cost())});
      p.note = "mu <= every open f: the path via the meeting cell is best";
      return true;
    }
    if (flow) {
      at_step(p, a, CodeStep::NoPath);
      p.variables.push_back({"g[start]", fixed2_text(s.path_cost())});
      p.note = "open is empty: every cell that can reach the goal has its flow";
      return true;
    }
    at_step(p, a, CodeStep::GoalTest);
    p.variables.push_back({"g[current]", fixed2_text(cur.g)});
    p.note = "the goal is taken: its g is the path's cost";
    return true;
  }
  if (s.state() == SearchState::NoPath) {
    at_step(p, a, CodeStep::NoPath);
    p.note = flow ? "open is empty, and the start was never settled: it has no flow"
                  : "the open set is empty";
    return true;
  }
  if (s.state() == SearchState::RangeComplete) {
    at_step(p, a, CodeStep::NoPath);
    p.variables.push_back({"budget", fixed2_text(*s.options().budget)});
    p.note = s.open_size() == 0 ? "the open set is empty: every reachable cell is in the range"
                                : "the lowest g in open is over the budget";
    return true;
  }
  return false;
}

}  // namespace

const PseudoCode& imported_pseudocode() {
  static const PseudoCode code = make_imported();
  return code;
}

const PseudoCode& range_pseudocode() {
  static const PseudoCode code = make_range();
  return code;
}

const PseudoCode& pseudocode_of(const Search& search) {
  if (search.imported()) return imported_pseudocode();
  return search.options().budget ? range_pseudocode() : pseudocode(search.options().algorithm);
}

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
  if (const ImportedTrace* t = s.imported()) return imported_position(s, *t);
  if (const ReplanningSearch* r = as_replanning(s)) return replanning_position(*r);
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

  if (ended(p, s, a, cur)) return p;

  const std::size_t examined = s.examined();
  if (examined == 0) {  // taken, nothing examined yet (or nothing to examine)
    at_step(p, a, CodeStep::Close);
    p.variables.push_back({"f[current]", fixed2_text(cur.f)});
    add_current_g();
    p.variables.push_back({"h[current]", fixed2_text(cur.h)});
    p.note = s.options().budget ? "within the budget: move it to closed"
             : info(a).extras.flow ? "settled: g is its cost to the goal, its flow is fixed"
                                   : "not the goal: move it to closed";
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
        p.note = info(a).extras.flow ? "a cheaper way from n to the goal" : "a better path to n";
      } else if (n.state == NodeState::Closed) {
        at_step(p, a, CodeStep::Skip);
        p.note = info(a).extras.flow ? "settled" : "closed";
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
