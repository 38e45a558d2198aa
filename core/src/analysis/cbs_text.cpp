// Conflict-Based Search in words (cbs.hpp): the names of its choices and states, its constraints,
// and the log's lines about the tree's nodes.
#include <string>

#include "analysis/cbs_run.hpp"
#include "astar/format.hpp"

namespace astar {

std::string_view to_string(CbsConflictChoice c) {
  switch (c) {
    case CbsConflictChoice::First: return "first";
    case CbsConflictChoice::Cardinal: return "cardinal";
  }
  return "?";
}

std::optional<CbsConflictChoice> cbs_conflict_choice_from(std::string_view name) {
  for (CbsConflictChoice c : {CbsConflictChoice::First, CbsConflictChoice::Cardinal})
    if (to_string(c) == name) return c;
  return std::nullopt;
}

std::string_view to_string(ConflictClass c) {
  switch (c) {
    case ConflictClass::Cardinal: return "cardinal";
    case ConflictClass::SemiCardinal: return "semi-cardinal";
    case ConflictClass::NonCardinal: return "non-cardinal";
    case ConflictClass::NotClassified: return "";
  }
  return "?";
}

std::string_view to_string(CbsNodeState s) {
  switch (s) {
    case CbsNodeState::Searching: return "searching";
    case CbsNodeState::Open: return "open";
    case CbsNodeState::Expanded: return "expanded";
    case CbsNodeState::Solution: return "solution";
    case CbsNodeState::DeadEnd: return "dead end";
  }
  return "?";
}

std::string_view to_string(CbsOutcome o) {
  switch (o) {
    case CbsOutcome::Running: return "running";
    case CbsOutcome::Solved: return "solved";
    case CbsOutcome::NoSolution: return "no solution";
    case CbsOutcome::NodeBudget: return "node budget";
    case CbsOutcome::TimeBudget: return "time budget";
  }
  return "?";
}

std::string constraint_text(const CbsConstraint& c) {
  const std::string who = "unit " + std::to_string(c.unit);
  if (c.kind == CbsConstraint::Kind::Vertex)
    return who + " may not be at " + cell_text(c.cell) + " at t = " + std::to_string(c.tick);
  return who + " may not move from " + cell_text(c.from) + " to " + cell_text(c.cell) +
         " between t = " + std::to_string(c.tick - 1) + " and t = " + std::to_string(c.tick);
}

namespace {

using Run = CbsPlanner::Run;

std::string node_name(std::uint32_t id) { return "node " + std::to_string(id); }
std::string cost_words(const CbsNode& n) { return "cost " + number_text(n.cost.value()); }

// "units 3 and 8 both at (12, 4) at t = 9 (cardinal)"
std::string conflict_words(const CbsNode& n) {
  std::string out = conflict_text(*n.conflict);
  if (n.conflict_class != ConflictClass::NotClassified)
    out += " (" + std::string(to_string(n.conflict_class)) + ")";
  return out;
}

// "child 15 forbids unit 3 there (cost 58)"; the second child names only its unit.
std::string child_words(const Run& run, std::uint32_t id, bool first, bool vertex) {
  const CbsNode& c = run.nodes[id];
  std::string out = "child " + std::to_string(id) + (first ? " forbids " : " ") + "unit " +
                    std::to_string(c.constraint->unit);
  if (first) out += vertex ? " there" : " that move";
  if (c.state == CbsNodeState::DeadEnd) return out + " (a dead end: no plan)";
  if (c.state == CbsNodeState::Searching) return out + " (searching)";
  return out + " (" + cost_words(c) + ")";
}

}  // namespace

std::string root_text(const Run& run) {
  const CbsNode& r = run.nodes[0];
  return "node 0, the root (" + cost_words(r) + ", " + std::to_string(r.conflicts) +
         (r.conflicts == 1 ? " conflict" : " conflicts") + "): every unit planned alone";
}

std::string took_text(const Run& run, std::uint32_t id) {
  const CbsNode& n = run.nodes[id];
  return "took " + node_name(id) + " (" + cost_words(n) + ", " + std::to_string(n.conflicts) +
         (n.conflicts == 1 ? " conflict" : " conflicts") + "): splits at " + conflict_words(n);
}

std::string split_text(const Run& run, std::uint32_t id) {
  const CbsNode& n = run.nodes[id];
  const bool vertex = n.conflict->kind == Conflict::Kind::Vertex;
  return node_name(id) + " (" + cost_words(n) + "): " + conflict_words(n) + "; " +
         child_words(run, n.children[0], true, vertex) + ", " +
         child_words(run, n.children[1], false, vertex);
}

std::string solved_text(const Run& run, std::uint32_t id) {
  return node_name(id) + " (" + cost_words(run.nodes[id]) +
         ") has no conflict: the solution, after " + std::to_string(run.expanded) +
         (run.expanded == 1 ? " node" : " nodes") + " split";
}

std::string budget_text(const Run& run, CbsOutcome why) {
  std::string out = "no conflict-free plans found within ";
  out += why == CbsOutcome::NodeBudget
             ? "the budget of " + std::to_string(run.opt.max_nodes) + " tree nodes"
             : number_text(run.opt.max_seconds) + " s";
  out += " (" + std::to_string(run.nodes.size()) + " nodes made, " + std::to_string(run.expanded) +
         " split";
  if (!run.open.empty()) {
    const CbsNode& best = run.nodes[run.open.begin()->id];
    out += "; the best open node costs " + number_text(best.cost.value()) + " with " +
           std::to_string(best.conflicts) + (best.conflicts == 1 ? " conflict" : " conflicts");
  }
  return out + ")";
}

std::string CbsPlanner::node_text(std::uint32_t id) const {
  const Run& run = *run_;
  const CbsNode& n = run.nodes[id];
  const std::string unit = n.constraint ? "unit " + std::to_string(n.constraint->unit) : "";
  switch (n.state) {
    case CbsNodeState::Expanded: return split_text(run, id);
    case CbsNodeState::Solution: return node_name(id) + " (" + cost_words(n) + "): the solution";
    case CbsNodeState::DeadEnd:
      if (id == 0) return "the root: " + run.failure;
      return node_name(id) + ": " + unit + " finds no plan under its constraints: a dead end";
    case CbsNodeState::Searching:
      return node_name(id) + ": searching " + (id == 0 ? "every unit's plan" : unit + "'s plan") +
             " under its constraints";
    case CbsNodeState::Open: break;
  }
  std::string out = node_name(id) + " (" + cost_words(n) + ", " + std::to_string(n.conflicts) +
                    (n.conflicts == 1 ? " conflict" : " conflicts") + "): open";
  if (n.constraint) out += "; its constraint: " + constraint_text(*n.constraint);
  return out;
}

}  // namespace astar
