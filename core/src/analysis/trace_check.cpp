// check_trace: an imported trace's events walked once against the level's moves and true
// costs, then its final path against our optimum (trace_check.hpp). Which links are legal and
// the cost scale: trace_check_moves.cpp.
#include "astar/trace_check.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "astar/enum_names.hpp"
#include "astar/format.hpp"
#include "astar/heuristic_check.hpp"
#include "astar/make_search.hpp"
#include "analysis/trace_check_moves.hpp"

namespace astar {

using trace_check::LinkJudgement;
using trace_check::MoveJudge;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

constexpr std::array<std::string_view, static_cast<std::size_t>(FindingKind::_Max)> kKindNames{
    "illegal-move", "g-mismatch", "f-order", "overestimate", "reexpanded", "missed-improvement",
    "suboptimal", "bad-path"};

// Two costs as text that shows they differ: two decimals, or every digit when those agree.
std::pair<std::string, std::string> two_numbers(double a, double b) {
  std::string ta = fixed2_text(a), tb = fixed2_text(b);
  if (ta == tb) return {number_text(a), number_text(b)};
  return {ta, tb};
}

// Keeps the findings, at most max_per_kind of each kind (0: all), and counts them all.
class Findings {
 public:
  Findings(TraceCheckReport& report, std::size_t max_per_kind)
      : r_(report), max_(max_per_kind) {}
  // The index of the finding in report.findings, or npos when only counted.
  std::size_t add(FindingKind kind, std::size_t event, Cell cell, std::string message) {
    std::int64_t& n = r_.counts[static_cast<std::size_t>(kind)];
    ++n;
    if (max_ != 0 && static_cast<std::size_t>(n) > max_) return npos;
    r_.findings.push_back({kind, event, cell, std::move(message)});
    return r_.findings.size() - 1;
  }
  Finding* at(std::size_t i) { return i == npos ? nullptr : &r_.findings[i]; }
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

 private:
  TraceCheckReport& r_;
  std::size_t max_;
};

// [SECTION] The walk over the events

// What the walk knows of a node, in level units (the trace's values divided by the scale).
struct NodeNow {
  double g = kNaN, h = kNaN, f = kNaN;
  std::uint32_t checked_parent = kNoNode;  // the link (parent, g) last checked: checked once
  double checked_g = kNaN;
  std::uint32_t expansions = 0;
  std::size_t first_expansion = 0;
  bool overestimate_said = false;
};

class EventWalk {
 public:
  EventWalk(const Level& level, const ImportedTrace& trace, const MoveJudge& judge, double scale,
            std::vector<double> h_true, Findings& out)
      : level_(level), t_(trace), judge_(judge), scale_(scale), h_true_(std::move(h_true)),
        out_(out), nodes_(trace.node_count()),
        expanded_g_(static_cast<std::size_t>(level.cell_count()), kNaN) {}

  void run() {
    for (std::size_t i = 0; i < t_.events.size(); ++i) event(i, t_.events[i]);
    end_f_run();
  }

 private:
  void event(std::size_t i, const ImportedEvent& e);
  void check_link(std::size_t i, const ImportedEvent& e);
  void take_values(NodeNow& n, const ImportedEvent& e) const;
  void check_h(std::size_t i, const ImportedEvent& e);
  void check_expansion(std::size_t i, const ImportedEvent& e);
  void check_f_order(std::size_t i, const ImportedEvent& e);
  void check_neighbours(std::size_t i, const ImportedEvent& e);
  void end_f_run();

  const Level& level_;
  const ImportedTrace& t_;
  const MoveJudge& judge_;
  double scale_;
  std::vector<double> h_true_;  // per level cell, to the trace's destination
  Findings& out_;
  std::vector<NodeNow> nodes_;
  std::vector<double> expanded_g_;  // per level cell: the least g it was expanded with
  std::unordered_set<std::uint64_t> illegal_said_;  // (parent << 32 | child) links reported
  // f-order: the largest f expanded so far, and the run of expansions below it under way.
  double max_f_ = -std::numeric_limits<double>::infinity();
  std::size_t max_f_event_ = 0;
  std::size_t run_finding_ = Findings::npos;
  std::int64_t run_length_ = 0;
};

void EventWalk::event(std::size_t i, const ImportedEvent& e) {
  if (e.node >= t_.node_count()) return;
  switch (e.type) {
    case TraceEventType::Source:
    case TraceEventType::Generating:
    case TraceEventType::Updating:
    case TraceEventType::Closing:
      check_link(i, e);
      take_values(nodes_[e.node], e);
      check_h(i, e);
      return;
    case TraceEventType::Expanding:
      check_link(i, e);
      take_values(nodes_[e.node], e);
      check_h(i, e);
      check_expansion(i, e);
      return;
    case TraceEventType::Destination:
    case TraceEventType::End:
    case TraceEventType::Other:
    case TraceEventType::_Max: return;
  }
}

// illegal-move (once per link) and g-mismatch (once per link and g written).
void EventWalk::check_link(std::size_t i, const ImportedEvent& e) {
  if (e.parent >= t_.node_count()) return;
  NodeNow& n = nodes_[e.node];
  const double g = e.g / scale_;
  if (n.checked_parent == e.parent && (g == n.checked_g || (std::isnan(g) && std::isnan(n.checked_g))))
    return;
  n.checked_parent = e.parent;
  n.checked_g = g;
  const Cell from = t_.cell(e.parent), to = t_.cell(e.node);
  const LinkJudgement j = judge_.judge(from, to);
  if (!j.cost) {
    if (illegal_said_.insert((std::uint64_t{e.parent} << 32) | e.node).second)
      out_.add(FindingKind::IllegalMove, i, to,
               cell_text(to) + " is reached from " + cell_text(from) +
                   ", which no legal move allows: " + j.why);
    return;
  }
  const double g_parent = nodes_[e.parent].g;
  if (std::isnan(g) || std::isnan(g_parent)) return;
  const double expected = g_parent + *j.cost;
  if (trace_equal(g, expected)) return;
  const auto [written, sum] = two_numbers(g, expected);
  out_.add(FindingKind::GMismatch, i, to,
           cell_text(to) + " has g " + written + " via " + cell_text(from) + ", but g " +
               fixed2_text(g_parent) + " there + the move's cost " + fixed2_text(*j.cost) +
               " = " + sum);
}

// The values e gives (level units): h = f - g and f = g + h fill in what it leaves out.
void EventWalk::take_values(NodeNow& n, const ImportedEvent& e) const {
  if (!std::isnan(e.g)) n.g = e.g / scale_;
  else if (e.type == TraceEventType::Source && std::isnan(n.g)) n.g = 0.0;
  double h = e.h / scale_;
  if (std::isnan(h) && !std::isnan(e.f) && !std::isnan(n.g)) h = e.f / scale_ - n.g;
  if (!std::isnan(h)) n.h = h;
  if (!std::isnan(e.f)) n.f = e.f / scale_;
  else if (!std::isnan(n.g) && !std::isnan(n.h)) n.f = n.g + n.h;
}

// overestimate: once per node, at the first event that writes an h above the true cost.
void EventWalk::check_h(std::size_t i, const ImportedEvent& e) {
  NodeNow& n = nodes_[e.node];
  const Cell c = t_.cell(e.node);
  const double h = trace_check::written_h(e) / scale_;
  if (n.overestimate_said || std::isnan(h) || h_true_.empty() || !level_.in_bounds(c)) return;
  const double truth = h_true_[static_cast<std::size_t>(to_u32(level_.index(c)))];
  // h = f - g when the event has no h: as exact as f and g were printed.
  const double from = std::isnan(e.h) ? std::max(std::abs(e.f), std::abs(e.g)) / scale_ : 0.0;
  if (!std::isfinite(truth) || !trace_less(truth, h, from)) return;
  n.overestimate_said = true;
  const auto [said, real] = two_numbers(h, truth);
  out_.add(FindingKind::Overestimate, i, c,
           cell_text(c) + " has h " + said + ", more than its true remaining cost " + real);
}

void EventWalk::check_expansion(std::size_t i, const ImportedEvent& e) {
  NodeNow& n = nodes_[e.node];
  const Cell c = t_.cell(e.node);
  if (++n.expansions == 1) {
    n.first_expansion = i;
  } else {
    out_.add(FindingKind::Reexpanded, i, c,
             cell_text(c) + " is expanded again (" + count_text(n.expansions) +
                 " times so far; first at event " + count_text(static_cast<std::int64_t>(n.first_expansion)) +
                 ")");
  }
  check_f_order(i, e);
  check_neighbours(i, e);
  if (level_.in_bounds(c) && !std::isnan(n.g)) {
    double& best = expanded_g_[static_cast<std::size_t>(to_u32(level_.index(c)))];
    if (std::isnan(best) || n.g < best) best = n.g;
  }
}

// f-order: one finding per run of expansions below the largest f expanded before them.
void EventWalk::check_f_order(std::size_t i, const ImportedEvent& e) {
  const double f = nodes_[e.node].f;
  if (std::isnan(f)) return;
  const Cell c = t_.cell(e.node);
  if (trace_less(f, max_f_)) {
    if (run_length_++ == 0) {
      const auto [now, before] = two_numbers(f, max_f_);
      run_finding_ = out_.add(FindingKind::FOrder, i, c,
                              cell_text(c) + " is expanded with f " + now + ", below the f " +
                                  before + " expanded at event " +
                                  count_text(static_cast<std::int64_t>(max_f_event_)));
    }
    return;
  }
  end_f_run();
  if (f > max_f_) {
    max_f_ = f;
    max_f_event_ = i;
  }
}

void EventWalk::end_f_run() {
  if (Finding* f = out_.at(run_finding_); f && run_length_ > 1)
    f->message += " (" + count_text(run_length_) + " expansions in a row stay below it)";
  run_finding_ = Findings::npos;
  run_length_ = 0;
}

// missed-improvement: an expanded neighbour offers the node a lower g than it is expanded with.
void EventWalk::check_neighbours(std::size_t i, const ImportedEvent& e) {
  const double g = nodes_[e.node].g;
  const Cell c = t_.cell(e.node);
  if (std::isnan(g) || !level_.in_bounds(c)) return;
  double best = std::numeric_limits<double>::infinity();
  Cell via{};
  double via_g = 0, via_cost = 0;
  judge_.policy().for_each_move_into(c, [&](const Move& m) {
    if (!m.possible() || !level_.in_bounds(m.to)) return;
    const double gn = expanded_g_[static_cast<std::size_t>(to_u32(level_.index(m.to)))];
    if (std::isnan(gn) || gn + m.cost >= best) return;
    best = gn + m.cost;
    via = m.to;
    via_g = gn;
    via_cost = m.cost;
  });
  if (!trace_less(best, g)) return;
  const auto [expanded, offered] = two_numbers(g, best);
  out_.add(FindingKind::MissedImprovement, i, c,
           cell_text(c) + " is expanded with g " + expanded + ", but the expanded neighbour " +
               cell_text(via) + " offers " + fixed2_text(via_g) + " + " + fixed2_text(via_cost) +
               " = " + offered + ": a better path was ignored");
}

// [SECTION] The final path

struct TracePath {
  std::vector<std::uint32_t> nodes;  // source first, when the chain is whole
  bool claimed = false;   // the trace says it found a path (an `end` node, or a reached destination)
  bool loops = false;     // the chain of parents runs into itself
  std::size_t event = 0;  // the event the path's findings are reported at
};

TracePath final_path(const ImportedTrace& t) {
  TracePath p;
  std::vector<std::uint32_t> parent(t.node_count(), kNoNode);
  std::uint32_t end = kNoNode;
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    const ImportedEvent& e = t.events[i];
    if (e.type == TraceEventType::End) {
      end = e.node;
      p.event = i;
    } else if (e.node < t.node_count() && e.parent < t.node_count() &&
               e.type != TraceEventType::Destination && e.type != TraceEventType::Other) {
      parent[e.node] = e.parent;
    }
  }
  if (!t.events.empty() && end == kNoNode) p.event = t.events.size() - 1;
  const std::uint32_t d = t.destination_node;
  if (end >= t.node_count() && d < t.node_count() && (parent[d] != kNoNode || d == t.source_node))
    end = d;
  if (end >= t.node_count()) return p;
  p.claimed = true;
  std::vector<bool> seen(t.node_count(), false);
  for (std::uint32_t n = end; n != kNoNode; n = parent[n]) {
    if (seen[n]) {
      p.loops = true;
      break;
    }
    seen[n] = true;
    p.nodes.push_back(n);
  }
  std::reverse(p.nodes.begin(), p.nodes.end());
  return p;
}

struct Endpoints {
  Cell source, destination;
};

// bad-path: the path's chain, its ends and each of its moves; the cost when all are legal.
std::optional<double> check_path_moves(const ImportedTrace& t, const TracePath& p,
                                       const MoveJudge& judge, Endpoints ends, Findings& out) {
  const Cell first = t.cell(p.nodes.front()), last = t.cell(p.nodes.back());
  bool whole = true;
  if (p.loops) {
    out.add(FindingKind::BadPath, p.event, first,
            "the path's chain of parents from " + cell_text(last) + " runs in a loop through " +
                cell_text(first) + " and never reaches the source " + cell_text(ends.source));
    whole = false;
  } else if (!(first == ends.source)) {
    out.add(FindingKind::BadPath, p.event, first,
            "the path's chain of parents from " + cell_text(last) + " stops at " +
                cell_text(first) + ", which has no parent, not at the source " +
                cell_text(ends.source));
    whole = false;
  }
  if (!(last == ends.destination)) {
    out.add(FindingKind::BadPath, p.event, last,
            "the path ends at " + cell_text(last) + ", not at the destination " +
                cell_text(ends.destination));
    whole = false;
  }
  double cost = 0;
  for (std::size_t k = 1; k < p.nodes.size(); ++k) {
    const Cell a = t.cell(p.nodes[k - 1]), b = t.cell(p.nodes[k]);
    const LinkJudgement j = judge.judge(a, b);
    if (j.cost) {
      cost += *j.cost;
      continue;
    }
    out.add(FindingKind::BadPath, p.event, b,
            "step " + count_text(static_cast<std::int64_t>(k)) + " of the path, " + cell_text(a) +
                " → " + cell_text(b) + ", is no legal move: " + j.why);
    whole = false;
  }
  return whole ? std::optional<double>(cost) : std::nullopt;
}

// The last g the trace writes for node n (its source's is 0 when none is written), scaled.
std::optional<double> written_g(const ImportedTrace& t, std::uint32_t n, double scale) {
  std::optional<double> g;
  for (const ImportedEvent& e : t.events) {
    if (e.node != n || e.type == TraceEventType::Destination || e.type == TraceEventType::End ||
        e.type == TraceEventType::Other)
      continue;
    if (!std::isnan(e.g)) g = e.g / scale;
    else if (e.type == TraceEventType::Source && !g) g = 0.0;
  }
  return g;
}

// Our optimum between the trace's endpoints (Dijkstra: optimal under every rule).
void our_optimum(const Level& level, const MovementRules& rules, Endpoints ends,
                 TraceCheckReport& r) {
  if (!level.open(ends.source) || !level.open(ends.destination)) return;
  Level copy = level;
  copy.set_start(ends.source);
  copy.set_goal(ends.destination);
  const std::unique_ptr<Search> s = make_search(copy, rules, {.algorithm = Algorithm::Dijkstra});
  if (s->run() != SearchState::Found) return;
  r.optimal_path = s->path();
  r.optimal_cost = s->path_cost();
}

// suboptimal: the trace's path costs more than ours (or it found none where there is one).
void check_optimal(const TracePath& p, Findings& out, const TraceCheckReport& r, Endpoints ends) {
  if (!r.optimal_cost) return;
  if (!p.claimed) {
    out.add(FindingKind::Suboptimal, p.event, ends.destination,
            "the trace finds no path from " + cell_text(ends.source) + " to " +
                cell_text(ends.destination) + ", but one costs " + fixed2_text(*r.optimal_cost));
    return;
  }
  if (!r.trace_path_cost || !trace_less(*r.optimal_cost, *r.trace_path_cost)) return;
  std::size_t k = 0;
  const std::vector<Cell>& a = r.trace_path;
  const std::vector<Cell>& b = r.optimal_path;
  while (k + 1 < a.size() && k + 1 < b.size() && a[k + 1] == b[k + 1]) ++k;
  const auto [theirs, ours] = two_numbers(*r.trace_path_cost, *r.optimal_cost);
  out.add(FindingKind::Suboptimal, p.event, a[k],
          "the trace's path costs " + theirs + ", the optimum " + ours + "; they part at " +
              cell_text(a[k]));
}

// The trace's endpoints: its source and destination nodes' cells, else the level's.
Endpoints endpoints(const Level& level, const ImportedTrace& t) {
  return {t.cell_of(t.source_node).value_or(level.start()),
          t.cell_of(t.destination_node).value_or(level.goal())};
}

// h* to the trace's destination (empty when it lies outside the level).
std::vector<double> true_costs(const Level& level, const MovementRules& rules, Cell destination) {
  if (!level.in_bounds(destination)) return {};
  if (destination == level.goal()) return true_cost_to_goal(level, rules);
  Level copy = level;
  copy.set_goal(destination);
  return true_cost_to_goal(copy, rules);
}

}  // namespace

// [SECTION] Entry points

std::string_view to_string(FindingKind k) { return kKindNames[static_cast<std::size_t>(k)]; }

std::optional<FindingKind> parse_finding_kind(std::string_view name) {
  return parse_enum_name<FindingKind>(kKindNames, name);
}

bool trace_equal(double a, double b, double magnitude) {
  if (a == b) return true;  // infinities too
  const double m = std::max({1.0, std::abs(a), std::abs(b), std::abs(magnitude)});
  return std::abs(a - b) <= kTraceTolerance * m;
}

bool trace_less(double a, double b, double magnitude) {
  return a < b && !trace_equal(a, b, magnitude);
}

std::int64_t TraceCheckReport::total() const {
  std::int64_t n = 0;
  for (std::int64_t c : counts) n += c;
  return n;
}

namespace {

// The trace's final path: its moves (bad-path), its cost, and ours (suboptimal).
void check_final_path(const Level& level, const MovementRules& rules, const ImportedTrace& trace,
                      const MoveJudge& judge, const Endpoints& ends, Findings& out,
                      TraceCheckReport& r) {
  const TracePath p = final_path(trace);
  if (!p.nodes.empty()) {
    for (std::uint32_t n : p.nodes) r.trace_path.push_back(trace.cell(n));
    r.trace_path_cost = check_path_moves(trace, p, judge, ends, out);
    if (!p.loops && r.trace_path.front() == ends.source)
      r.trace_path_g = written_g(trace, p.nodes.back(), r.cost_scale);
  }
  our_optimum(level, rules, ends, r);
  check_optimal(p, out, r, ends);
}

}  // namespace

TraceCheckReport check_trace(const Level& level, const MovementRules& rules,
                             const ImportedTrace& trace, const TraceCheckOptions& options) {
  TraceCheckReport r;
  const MoveJudge judge(level, rules, trace);
  std::optional<double> given = options.cost_scale;
  std::string refused;
  if (given && !(*given > 0 && std::isfinite(*given))) {
    refused = "cost scale " + number_text(*given) + " is not a number > 0: 1 used instead";
    given = 1.0;
  }
  const trace_check::ScaleChoice scale = trace_check::choose_cost_scale(trace, judge, given);
  r.cost_scale = scale.scale;
  r.scale_note = refused.empty() ? scale.note : refused;

  Findings out(r, options.max_per_kind);
  const Endpoints ends = endpoints(level, trace);
  EventWalk(level, trace, judge, r.cost_scale, true_costs(level, rules, ends.destination), out)
      .run();
  if (trace.growing)  // still being written: no final path yet
    r.scale_note += "; the path is checked once the trace is complete";
  else
    check_final_path(level, rules, trace, judge, ends, out, r);
  std::stable_sort(r.findings.begin(), r.findings.end(),
                   [](const Finding& a, const Finding& b) { return a.event < b.event; });
  return r;
}

}  // namespace astar
