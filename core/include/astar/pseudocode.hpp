// Pseudo-code for each algorithm, and where a search stands in it: the line the last micro-step
// ran, with the values of the variables that line names (as a debugger shows them). Read from the
// search's views only, so it is right after a step back or a seek too.
//
//   const PseudoCode& code = pseudocode(Algorithm::AStar);
//   const CodePosition at = code_position(search);
//   for (std::size_t i = 0; i < code.lines.size(); ++i) draw(code.lines[i], i == at.line);
#pragma once

#include <string>
#include <vector>

#include "astar/search.hpp"

namespace astar {

// The steps every best-first loop goes through; each algorithm's text says them in its words.
enum class CodeStep : int {
  Init,       // open <- {start}
  Loop,       // while open is not empty
  Take,       // current <- the first open node
  GoalTest,   // if current = goal: return the path
  Close,      // move current to closed
  ForEach,    // for each move out of current
  Skip,       // the neighbour cannot be entered, or is closed: skip it
  Tentative,  // tentative g <- g[current] + cost
  Compare,    // if tentative < g[n]   (not better: skipped)
  Update,     // cameFrom[n] <- current; g[n] <- tentative; f[n] <- ...; open n
  NoPath,     // return "no path"
  _Max
};

struct PseudoCode {
  std::vector<std::string> lines;  // indented with two spaces per level
  int line_of[static_cast<int>(CodeStep::_Max)];  // the line of each step
};

// The pseudo-code of `a` (bidirectional A*: each side's loop, with the meeting rule).
const PseudoCode& pseudocode(Algorithm a);

// The generic best-first loop a replayed trace (trace_replay.hpp) is shown with, one line per
// event type: the events before the first expanding (source, destination, the source's
// generating) -> the first line, expanding -> take, closing -> close,
// generating -> the "new n" line, updating -> the "better path" line, end -> the last line.
const PseudoCode& imported_pseudocode();
// A movement range's loop (SearchOptions::budget, reach.hpp): Dijkstra's, without a goal test,
// while the least g in open is within the budget, returning the closed cells.
const PseudoCode& range_pseudocode();
// The text code_position(search).line indexes: imported_pseudocode() when search.imported(),
// range_pseudocode() when it has a budget, else pseudocode(search.options().algorithm).
const PseudoCode& pseudocode_of(const Search& search);

struct CodeVariable {
  std::string name;   // "current", "n", "tentative", ...
  std::string value;  // "(4, 3)", "6.00", "∞"
};

struct CodePosition {
  CodeStep step = CodeStep::Init;
  int line = 0;                          // into pseudocode(algorithm).lines
  std::vector<CodeVariable> variables;   // the values the line names, after it ran
  std::string note;                      // why it went this way: "wall", "6.41 is not < 6.00"
};

// Where `search` stands: the step its last micro-step ran (Init before the first take). For a
// replayed trace: the line of the last applied event's type, in imported_pseudocode().
CodePosition code_position(const Search& search);

}  // namespace astar
