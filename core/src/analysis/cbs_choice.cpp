// Which conflict a Conflict-Based Search node splits at (cbs_run.hpp's choose_conflict): the
// earliest, or, prioritized (Boyarski et al., "ICBS", IJCAI 2015), a cardinal conflict first,
// then a semi-cardinal one, then the earliest, each unit's MDD (cbs_mdd.hpp) telling whether
// every cheapest plan of it passes the conflict.
#include <memory>

#include "analysis/cbs_run.hpp"

namespace astar {

namespace {

using Run = CbsPlanner::Run;

// Unit u's MDD at `node`: the same as at the node that last searched u again (its constraints
// were last added there), so it is made once per such node.
const Mdd& mdd_of(Run& run, std::uint32_t node, std::size_t u) {
  const std::pair<std::uint32_t, std::size_t> key{run.owner(node, u), u};
  std::shared_ptr<const Mdd>& slot = run.mdds[key];
  if (!slot) {
    const CbsGate gate(run.level->width(), u, run.constraints_of(node), {}, false);
    slot = std::make_shared<const Mdd>(build_mdd(run.policy, gate, run.distance(u), run.unit(u).start,
                                                 run.unit_cost(node, u), run.wait_cost()));
  }
  return *slot;
}

// Whether every cheapest plan of the conflict's unit a (first) or b meets it there.
bool cardinal_for(Run& run, std::uint32_t node, const Conflict& c, bool first) {
  const Mdd& m = mdd_of(run, node, first ? c.a : c.b);
  if (c.kind == Conflict::Kind::Vertex) return m.only_at(c.cell, c.tick);
  // a moves other -> cell, b moves cell -> other, both ending at c.tick
  const Cell before = first ? c.other : c.cell, after = first ? c.cell : c.other;
  return m.only_at(before, c.tick - 1) && m.only_at(after, c.tick);
}

ConflictClass classify(Run& run, std::uint32_t node, const Conflict& c) {
  const bool a = cardinal_for(run, node, c, true), b = cardinal_for(run, node, c, false);
  if (a && b) return ConflictClass::Cardinal;
  return a || b ? ConflictClass::SemiCardinal : ConflictClass::NonCardinal;
}

}  // namespace

void choose_conflict(Run& run, std::uint32_t node, const std::vector<UnitPlan>& plans) {
  const std::vector<Conflict> conflicts = find_conflicts(plans);
  CbsNode& n = run.nodes[node];
  n.conflict = conflicts.front();
  n.conflict_class = ConflictClass::NotClassified;
  if (run.opt.choice == CbsConflictChoice::First) return;
  for (const Conflict& c : conflicts) {
    const ConflictClass k = classify(run, node, c);
    if (run.nodes[node].conflict_class == ConflictClass::NotClassified ||
        k < run.nodes[node].conflict_class) {
      run.nodes[node].conflict = c;
      run.nodes[node].conflict_class = k;
    }
    if (k == ConflictClass::Cardinal) return;
  }
}

}  // namespace astar
