// Conflict-Based Search, stepped (cbs.hpp). Sections: the checks; the tree's memory (plans,
// costs and constraints along a node's ancestors); one step (the root's searches, taking a node,
// its children's searches); the public face.
#include "astar/cbs.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <utility>

#include "analysis/cbs_run.hpp"
#include "astar/format.hpp"

namespace astar {

// ---- the checks -------------------------------------------------------------------------------

std::string check_cbs_options(const CbsOptions& o) {
  if (o.max_nodes < 1 || o.max_nodes > kMaxCbsNodes)
    return "max_nodes must be 1.." + std::to_string(kMaxCbsNodes) + ", got " +
           std::to_string(o.max_nodes);
  if (!std::isfinite(o.max_seconds) || o.max_seconds < 0 || o.max_seconds > 1e6)
    return "max_seconds must be 0 (no limit) to 1e6, got " + number_text(o.max_seconds);
  if (!std::isfinite(o.wait_cost) || o.wait_cost <= 0 || o.wait_cost > 1e6)
    return "wait cost must be a number above 0 and at most 1e6, got " + number_text(o.wait_cost);
  return {};
}

namespace {

// Empty when no two units share a start or a goal, else the first pair, by name.
std::string check_distinct_ends(const std::vector<Unit>& units) {
  for (const bool goals : {false, true}) {
    std::map<std::pair<int, int>, std::size_t> first;
    for (std::size_t i = 0; i < units.size(); ++i) {
      const Cell c = goals ? units[i].goal : units[i].start;
      const auto [it, fresh] = first.try_emplace({c.y, c.x}, i);
      if (!fresh)
        return "units[" + std::to_string(i) + "]." + (goals ? "goal " : "start ") + cell_text(c) +
               " is units[" + std::to_string(it->second) + "]." + (goals ? "goal" : "start") +
               " too: Conflict-Based Search keeps every unit on its own cell, so two units "
               "cannot share a start or a goal";
    }
  }
  return {};
}

}  // namespace

// ---- the tree's memory ------------------------------------------------------------------------

CbsPlanner::Run::Run(const Level& lv, const MovementRules& r, CbsOptions o)
    : level(&lv), rules(r), opt(o), policy(lv, r), dist(lv.units.size()) {
  guide = guide_units(policy);
  plans.resize(lv.units.size());
  for (std::size_t i = 0; i < plans.size(); ++i) plans[i].cells = {lv.units[i].start};
  nodes.emplace_back();
  CbsNodePlans root;
  root.all = plans;
  root.all_costs.assign(plans.size(), ExactCost{});
  extra.push_back(std::move(root));
}

TrueDistance& CbsPlanner::Run::distance(std::size_t u) {
  if (!dist[u])
    dist[u] = std::make_unique<TrueDistance>(policy, unit(u).goal, DistanceGuide{unit(u).start, guide});
  return *dist[u];
}

std::uint32_t CbsPlanner::Run::owner(std::uint32_t node, std::size_t u) const {
  for (std::uint32_t k = node; k != 0; k = nodes[k].parent)
    if (extra[k].unit == u) return k;
  return 0;
}

ExactCost CbsPlanner::Run::unit_cost(std::uint32_t node, std::size_t u) const {
  const std::uint32_t o = owner(node, u);
  return o == 0 ? extra[0].all_costs[u] : extra[o].unit_cost;
}

std::vector<UnitPlan> CbsPlanner::Run::plans_of(std::uint32_t node) const {
  std::vector<UnitPlan> out = extra[0].all;
  std::vector<std::uint8_t> taken(out.size(), 0);
  for (std::uint32_t k = node; k != 0; k = nodes[k].parent) {
    const CbsNodePlans& e = extra[k];
    if (nodes[k].state == CbsNodeState::Searching || nodes[k].state == CbsNodeState::DeadEnd) continue;
    if (taken[e.unit]) continue;
    taken[e.unit] = 1;
    out[e.unit].cells = e.path;
  }
  return out;
}

std::vector<CbsConstraint> CbsPlanner::Run::constraints_of(std::uint32_t node) const {
  std::vector<CbsConstraint> out;
  for (std::uint32_t k = node; k != 0; k = nodes[k].parent) out.push_back(*nodes[k].constraint);
  std::reverse(out.begin(), out.end());
  return out;
}

std::array<CbsConstraint, 2> split_constraints(const Conflict& c) {
  using Kind = CbsConstraint::Kind;
  const std::uint32_t t = static_cast<std::uint32_t>(c.tick);
  if (c.kind == Conflict::Kind::Vertex)
    return {CbsConstraint{Kind::Vertex, c.a, c.cell, c.cell, t},
            CbsConstraint{Kind::Vertex, c.b, c.cell, c.cell, t}};
  // a moves other -> cell, b moves cell -> other, both ending at t
  return {CbsConstraint{Kind::Edge, c.a, c.cell, c.other, t},
          CbsConstraint{Kind::Edge, c.b, c.other, c.cell, t}};
}

// ---- one step ---------------------------------------------------------------------------------

namespace {

using Run = CbsPlanner::Run;

// How many conflicts (find_conflicts' pairs) unit u's plan has with the others: a node's count
// is its parent's, less u's old plan's, plus its new one's.
std::size_t conflicts_of(const std::vector<UnitPlan>& plans, std::size_t u) {
  const UnitPlan& mine = plans[u];
  std::size_t n = 0;
  for (std::size_t j = 0; j < plans.size(); ++j) {
    if (j == u) continue;
    const UnitPlan& other = plans[j];
    const std::size_t end = std::max(mine.cells.size(), other.cells.size());
    for (std::size_t t = 0; t < end; ++t) {
      const Cell a = mine.at(t), b = other.at(t);
      if (a == b) ++n;
      else if (t > 0 && a == other.at(t - 1) && b == mine.at(t - 1)) ++n;
    }
  }
  return n;
}

// Starts the search of unit u's plan at `node`, the others' plans in `others` avoided.
void start_search(Run& run, std::uint32_t node, std::size_t u, const std::vector<UnitPlan>& others) {
  run.gate = std::make_unique<CbsGate>(run.level->width(), u, run.constraints_of(node), others, true);
  SpaceTimeLimits limits;
  limits.wait_cost = run.wait_cost();
  run.search = std::make_unique<SpaceTimeSearch>(run.policy, *run.gate, run.distance(u),
                                                 run.unit(u).start, limits);
  run.searching = node;
  run.searching_unit = u;
}

void finish_root(Run& run) {
  CbsNode& root = run.nodes[0];
  const CbsNodePlans& e = run.extra[0];
  for (const ExactCost& c : e.all_costs) root.cost = root.cost + c;
  root.conflicts = find_conflicts(e.all).size();
  root.state = CbsNodeState::Open;
  run.open.insert({root.cost, root.conflicts, 0});
  run.log.push_back(root_text(run));
  ++run.expansions_done;
  run.last_event = Run::Event::Made;
  run.last_node = 0;
}

void end_root_search(Run& run, const SpaceTimeSearch& s) {
  const std::size_t u = run.searching_unit;
  if (s.state() != SpaceTimeState::Found) {
    run.nodes[0].state = CbsNodeState::DeadEnd;
    run.outcome = CbsOutcome::NoSolution;
    run.failure = "unit " + std::to_string(u) + " cannot reach its goal " +
                  cell_text(run.unit(u).goal) + " at all: no way on the level";
    run.log.push_back("the root: " + run.failure);
    return;
  }
  run.extra[0].all[u].cells = s.plan();
  run.extra[0].all_costs[u] = s.cost();
  if (++run.root_unit == run.level->units.size()) finish_root(run);
}

void end_child_search(Run& run, const SpaceTimeSearch& s) {
  const std::uint32_t id = *run.searching;
  const std::size_t u = run.searching_unit;
  CbsNode& node = run.nodes[id];
  if (s.state() == SpaceTimeState::Found) {
    CbsNodePlans& e = run.extra[id];
    e.path = s.plan();
    e.unit_cost = s.cost();
    node.cost = run.nodes[node.parent].cost - run.unit_cost(node.parent, u) + s.cost();
    std::vector<UnitPlan>& plans = run.search_plans;
    const std::size_t old_ones = conflicts_of(plans, u);
    std::vector<Cell> before = std::move(plans[u].cells);
    plans[u].cells = e.path;
    node.conflicts = run.nodes[node.parent].conflicts - old_ones + conflicts_of(plans, u);
    plans[u].cells = std::move(before);
    node.state = CbsNodeState::Open;
    run.open.insert({node.cost, node.conflicts, id});
    run.last_event = Run::Event::Made;
    run.last_node = id;
  } else {
    node.state = CbsNodeState::DeadEnd;
  }
  if (++run.child == 2) {
    run.log.push_back(split_text(run, *run.expanding));
    run.expanding.reset();
    run.child = 0;
    ++run.expansions_done;
  }
}

// One node of the search under way; ends the search when it is over.
void step_search_node(Run& run) {
  SpaceTimeSearch& s = *run.search;
  if (s.state() == SpaceTimeState::InProgress) s.step();
  if (s.state() == SpaceTimeState::InProgress) {
    run.last_event = Run::Event::SearchNode;
    return;
  }
  run.finished_nodes += s.expanded();
  ++run.searches;
  run.last_event = Run::Event::Finished;
  if (*run.searching == 0) end_root_search(run, s);
  else end_child_search(run, s);
  run.search.reset();
  run.gate.reset();
  run.searching.reset();
}

// Makes the two children of `id`, waiting for their searches.
void make_children(Run& run, std::uint32_t id) {
  const std::array<CbsConstraint, 2> split = split_constraints(*run.nodes[id].conflict);
  for (int k = 0; k < 2; ++k) {
    CbsNode child;
    child.parent = id;
    child.constraint = split[static_cast<std::size_t>(k)];
    child.depth = run.nodes[id].depth + 1;
    child.made_at = run.iterations;
    const std::uint32_t cid = static_cast<std::uint32_t>(run.nodes.size());
    run.nodes[id].children[static_cast<std::size_t>(k)] = cid;
    run.nodes.push_back(child);
    CbsNodePlans e;
    e.unit = split[static_cast<std::size_t>(k)].unit;
    run.extra.push_back(std::move(e));
  }
}

// Takes the best open node: the solution when it has no conflict, else split at its conflict.
void take_best(Run& run) {
  if (run.open.empty()) {
    run.outcome = CbsOutcome::NoSolution;
    run.failure = "no conflict-free plans exist: every branch of the constraint tree ended";
    run.log.push_back(run.failure);
    return;
  }
  const CbsOpenKey key = *run.open.begin();
  const std::uint32_t id = key.id;
  std::vector<UnitPlan> plans = run.plans_of(id);
  if (run.nodes[id].conflicts == 0) {
    run.open.erase(run.open.begin());
    run.nodes[id].state = CbsNodeState::Solution;
    run.outcome = CbsOutcome::Solved;
    run.plans = std::move(plans);
    run.log.push_back(solved_text(run, id));
    run.last_event = Run::Event::Took;
    run.last_node = id;
    return;
  }
  if (run.nodes.size() + 2 > run.opt.max_nodes) {
    run.outcome = CbsOutcome::NodeBudget;
    run.failure = budget_text(run, run.outcome);
    run.log.push_back(run.failure);
    return;
  }
  run.open.erase(run.open.begin());
  choose_conflict(run, id, plans);
  run.nodes[id].state = CbsNodeState::Expanded;
  ++run.expanded;
  make_children(run, id);
  run.expanding = id;
  run.child = 0;
  run.search_plans = std::move(plans);
  run.log.push_back(took_text(run, id));
  run.last_event = Run::Event::Took;
  run.last_node = id;
}

bool one_step(Run& run) {
  if (run.outcome != CbsOutcome::Running) return false;
  run.last_event = Run::Event::None;
  run.last_node.reset();
  ++run.iterations;
  if (!run.search) {
    if (run.root_unit < run.level->units.size()) {
      const std::vector<UnitPlan> before(run.extra[0].all.begin(),
                                         run.extra[0].all.begin() + static_cast<std::ptrdiff_t>(run.root_unit));
      start_search(run, 0, run.root_unit, before);
    } else if (!run.expanding) {
      take_best(run);
      return true;
    } else {
      start_search(run, run.nodes[*run.expanding].children[static_cast<std::size_t>(run.child)],
                   run.extra[run.nodes[*run.expanding].children[static_cast<std::size_t>(run.child)]].unit,
                   run.search_plans);
    }
  }
  step_search_node(run);
  return true;
}

}  // namespace

// ---- the public face --------------------------------------------------------------------------

Result<CbsPlanner> CbsPlanner::make(const Level& level, const MovementRules& rules, CbsOptions options) {
  if (level.units.empty()) return Error{"the level has no units"};
  if (std::string why = level.check_units(); !why.empty()) return Error{why};
  if (std::string why = check_distinct_ends(level.units); !why.empty()) return Error{why};
  if (std::string why = check_cbs_options(options); !why.empty()) return Error{why};
  auto run = std::make_unique<Run>(level, rules, options);
  if (std::string why = exact_sums_problem(run->policy); !why.empty())
    return Error{"Conflict-Based Search cannot add up this level's costs exactly: " + why};
  return CbsPlanner(std::move(run));
}

CbsPlanner::CbsPlanner(std::unique_ptr<Run> run) : run_(std::move(run)) {}
CbsPlanner::CbsPlanner(CbsPlanner&&) noexcept = default;
CbsPlanner& CbsPlanner::operator=(CbsPlanner&&) noexcept = default;
CbsPlanner::~CbsPlanner() = default;

bool CbsPlanner::step() { return one_step(*run_); }

bool CbsPlanner::step_search() {
  const std::size_t searches = run_->searches;
  bool any = false;
  while (run_->searches == searches && step()) any = true;
  return any;
}

bool CbsPlanner::step_node() {
  const std::size_t done_before = run_->expansions_done;
  bool any = false;
  while (run_->expansions_done == done_before && step()) any = true;
  return any;
}

void CbsPlanner::run() {
  const auto start = std::chrono::steady_clock::now();
  const double limit = run_->opt.max_seconds;
  for (std::int64_t k = 1; step(); ++k) {
    if (limit <= 0 || k % 64 != 0) continue;
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
    if (spent.count() > limit) {
      run_->outcome = CbsOutcome::TimeBudget;
      run_->failure = budget_text(*run_, CbsOutcome::TimeBudget);
      run_->log.push_back(run_->failure);
      return;
    }
  }
}

bool CbsPlanner::run_to(const CbsBreak& b) {
  while (step()) {
    const Run& r = *run_;
    if (!r.last_node) continue;
    const CbsNode& n = r.nodes[*r.last_node];
    if (r.last_event == Run::Event::Took && b.conflict_at && n.conflict &&
        (n.conflict->cell == *b.conflict_at || n.conflict->other == *b.conflict_at))
      return true;
    if (r.last_event == Run::Event::Made && b.cost_above &&
        compare(n.cost, ExactCost::straight(*b.cost_above)) > 0)
      return true;
  }
  return false;
}

bool CbsPlanner::done() const { return run_->outcome != CbsOutcome::Running; }
CbsOutcome CbsPlanner::outcome() const { return run_->outcome; }

void CbsPlanner::restart() {
  auto fresh = std::make_unique<Run>(*run_->level, run_->rules, run_->opt);
  // The MDDs are data alone and do not depend on the stepping: kept. The true distances are
  // not: each holds the old run's MovePolicy, which goes with it.
  fresh->mdds = std::move(run_->mdds);
  run_ = std::move(fresh);
}

void CbsPlanner::seek(std::int64_t iteration) {
  if (iteration < iterations()) restart();
  while (iterations() < iteration && step()) {
  }
}

bool CbsPlanner::step_back() {
  if (iterations() == 0) return false;
  seek(iterations() - 1);
  return true;
}

std::int64_t CbsPlanner::iterations() const { return run_->iterations; }
const std::vector<CbsNode>& CbsPlanner::nodes() const { return run_->nodes; }

std::vector<std::uint32_t> CbsPlanner::open_nodes() const {
  std::vector<std::uint32_t> out;
  for (const CbsOpenKey& k : run_->open) out.push_back(k.id);
  return out;
}

std::optional<std::uint32_t> CbsPlanner::best_open() const {
  if (run_->open.empty()) return std::nullopt;
  return run_->open.begin()->id;
}

std::optional<std::uint32_t> CbsPlanner::expanding() const { return run_->expanding; }

std::optional<std::uint32_t> CbsPlanner::solution() const {
  if (run_->outcome != CbsOutcome::Solved) return std::nullopt;
  return run_->last_node;
}

std::vector<CbsConstraint> CbsPlanner::constraints_of(std::uint32_t node) const {
  return run_->constraints_of(node);
}
std::vector<UnitPlan> CbsPlanner::plans_of(std::uint32_t node) const { return run_->plans_of(node); }
ExactCost CbsPlanner::unit_cost(std::uint32_t node, std::size_t unit) const {
  return run_->unit_cost(node, unit);
}
std::optional<std::uint32_t> CbsPlanner::searching_node() const { return run_->searching; }
std::optional<std::size_t> CbsPlanner::searching_unit() const {
  if (!run_->searching) return std::nullopt;
  return run_->searching_unit;
}
const SpaceTimeSearch* CbsPlanner::search() const { return run_->search.get(); }
const std::vector<UnitPlan>& CbsPlanner::plans() const { return run_->plans; }
ExactCost CbsPlanner::cost() const {
  return run_->outcome == CbsOutcome::Solved ? run_->nodes[*run_->last_node].cost : ExactCost{};
}
std::string CbsPlanner::failure() const { return run_->failure; }
const std::vector<std::string>& CbsPlanner::log() const { return run_->log; }
std::size_t CbsPlanner::nodes_expanded() const { return run_->expanded; }
std::size_t CbsPlanner::nodes_made() const { return run_->nodes.size(); }
std::size_t CbsPlanner::low_level_searches() const { return run_->searches; }
std::int64_t CbsPlanner::low_level_nodes() const {
  return run_->finished_nodes + (run_->search ? run_->search->expanded() : 0);
}
const CbsOptions& CbsPlanner::options() const { return run_->opt; }
const Level& CbsPlanner::level() const { return *run_->level; }

Result<CbsResult> plan_cbs(const Level& level, const MovementRules& rules, CbsOptions options) {
  const auto start = std::chrono::steady_clock::now();
  auto planner = CbsPlanner::make(level, rules, options);
  if (!planner) return Error{planner.error()};
  CbsPlanner& p = planner.value();
  p.run();
  const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
  return CbsResult{p.outcome(),       p.plans(),          p.cost(),
                   p.failure(),       p.nodes_expanded(), p.nodes_made(),
                   p.low_level_searches(), p.low_level_nodes(), spent.count()};
}

}  // namespace astar
