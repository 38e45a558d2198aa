// The event trace: recording (the neighbour's h, f and parent read from the search that makes
// the event), plain-language lines, and JSON written and read with nlohmann::json.
#include "astar/trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <new>

#include <nlohmann/json.hpp>

#include "astar/detail/best_first.hpp"
#include "astar/enum_names.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/format.hpp"

namespace astar {

namespace {

constexpr double kInf = TraceEvent::kNone;
constexpr std::string_view kKindNames[] = {"take", "relax", "skip"};
static_assert(std::size(kKindNames) == static_cast<std::size_t>(TraceKind::_Max));

// [SECTION] Reading the search that makes the event

// The best-first loop that makes the event under way, and the iteration it belongs to. For
// bidirectional A* that is the side whose turn it is, and the iterations of both sides.
struct Half {
  const BestFirstSearch* search = nullptr;
  bool backward = false;
  std::int64_t iteration = 0;
};

// During a step, the side whose iteration is under way examines its moves (mid_iteration());
// at a take neither is mid-iteration yet, and the side is the one that has just taken the cell.
// The side whose turn it is decides only when both could be (the same cell, g, h, f and parent
// on both sides): bidirectional A*'s seek replays one side's steps at a time, whatever the turn.
Half side_of(const Search* s, const std::optional<Cell>& taking = {},
             const NodeView& taken = {}) {
  if (!s) return {};  // not attached
  const BestFirstSearch* fw = s->loop(astar::Side::Forward);
  const BestFirstSearch* bw = s->loop(astar::Side::Backward);
  if (!fw || !bw) {  // one loop: the search itself
    const BestFirstSearch* one = fw ? fw : bw;
    return one ? Half{one, !fw, one->iterations()} : Half{};
  }
  const auto is_taking = [&](const BestFirstSearch& half) {
    if (!taking) return half.mid_iteration();
    const NodeView n = half.node(*taking);
    return half.last_taken() == taking && n.g == taken.g && n.h == taken.h && n.f == taken.f &&
           n.parent == taken.parent;
  };
  const bool f = is_taking(*fw), b = is_taking(*bw);
  const bool forward = f != b ? f : s->turn() == astar::Side::Forward;
  return {forward ? fw : bw, !forward, fw->iterations() + bw->iterations()};
}

// Where the side's search is headed: the goal, or the start for a backward search.
Cell target_of(const Half& side) {
  const Level& level = side.search->policy().level();
  return side.backward ? level.start() : level.goal();
}

// The parent and g the neighbour `m.to` is offered through move `m` of `from`, its h, and its f
// with a given g, computed as the search computes them (best_first.cpp: examine, init_node,
// priority). tests/test_trace.cpp checks them against the search's node views after every relax.
struct Offer {
  Cell via;
  ExactCost g;
  double h;
  Cell to;
};

Offer offer(const Half& side, Cell from, const Move& m) {
  const BestFirstSearch& s = *side.search;
  const BestFirstSearch::Offer o = s.offer(from, m);
  return {o.via, o.g, s.h_at(m.to), m.to};
}

double priority(const Half& side, const Offer& of, ExactCost g) {
  const BestFirstSearch& s = *side.search;
  if (info(s.options().algorithm).order == Priority::Steps)
    return s.node(of.via).f + 1.0;  // steps from the start
  return s.f_with(of.to, g);
}

// The move under examination: the search calls the listener from inside examine().
const Move* move_under_way(const Search& s) {
  const std::size_t k = s.examined();
  const std::span<const Move> moves = s.taken_moves();
  return k >= 1 && k <= moves.size() ? &moves[k - 1] : nullptr;
}
const Move* move_under_way(const Half& side) { return move_under_way(*side.search); }

}  // namespace

std::string_view to_string(TraceKind k) { return kKindNames[static_cast<int>(k)]; }

// [SECTION] Recording

void TraceRecorder::clear() {
  events_.clear();
  takes_[0].clear();
  takes_[1].clear();
  cursor_ = 0;
  iteration_ = 0;
  dropped_ = 0;
}

// A step taken again after a rewind (or replayed) makes the same events as the first time: they
// are checked against the kept ones instead of added. An event that differs ends the kept trace
// there (the search was restarted on other terms).
void TraceRecorder::keep(const TraceEvent& e) {
  if (cursor_ < events_.size()) {
    if (events_[cursor_] == e) {
      ++cursor_;
      return;
    }
    events_.resize(cursor_);
    for (std::vector<std::size_t>& t : takes_)
      while (!t.empty() && t.back() >= cursor_) t.pop_back();
  }
  if (limit_ != 0 && events_.size() >= limit_) {
    ++dropped_;
    return;
  }
  if (e.kind == TraceKind::Take) takes_[e.backward ? 1 : 0].push_back(events_.size());
  events_.push_back(e);
  cursor_ = events_.size();
}

// A take the recorder has seen before (the side's j-th) is a step taken again: its events are
// where they were kept. Bidirectional A* replays each side's steps separately when it seeks, so
// the side's own count finds them, not the order they come in.
void TraceRecorder::on_take(Cell c, const NodeView& node) {
  const Half side = side_of(search_, c, node);
  const std::vector<std::size_t>& kept = takes_[side.backward ? 1 : 0];
  const std::int64_t j = side.search ? side.search->iterations()
                        : search_   ? search_->iterations()  // LPA*, D* Lite: no best-first loop
                                    : iteration_ + 1;
  if (j >= 1 && static_cast<std::size_t>(j) <= kept.size()) {
    cursor_ = kept[static_cast<std::size_t>(j - 1)];
    iteration_ = events_[cursor_].iteration;
  } else {
    cursor_ = events_.size();
    iteration_ = side.search ? side.iteration : iteration_ + 1;
  }
  TraceEvent e;
  e.kind = TraceKind::Take;
  e.iteration = iteration_;
  e.cell = c;
  e.g = node.g;
  e.h = node.h;
  e.f = node.f;
  e.parent = node.parent;
  e.goal = side.search != nullptr && c == target_of(side);
  e.backward = side.backward;
  keep(e);
}

void TraceRecorder::on_relax(Cell from, Cell to, double old_g, double new_g,
                             std::optional<Cell> old_parent) {
  const Half side = side_of(search_);
  TraceEvent e;
  e.kind = TraceKind::Relax;
  e.iteration = iteration_;
  e.cell = to;
  e.from = from;
  e.g = new_g;
  e.old_g = old_g;
  e.old_parent = old_parent;
  e.backward = side.backward;
  const Move* m = side.search ? move_under_way(side) : nullptr;
  if (m && m->to == to) {
    const Offer of = offer(side, from, *m);
    e.cost = m->cost;
    e.parent = of.via;
    e.h = of.h;
    e.f = priority(side, of, of.g);
  } else if (search_ && !side.search) {
    // A search without a best-first loop (LPA*, D* Lite) tells after the change: the node as
    // it shows it now.
    const NodeView n = search_->node(to);
    e.parent = n.parent;
    e.h = n.h;
    e.f = n.f;
    if (const Move* mv = move_under_way(*search_); mv && mv->to == to) e.cost = mv->cost;
  }
  keep(e);
}

void TraceRecorder::on_skip(Cell from, const Move& move, SkipReason why) {
  const Half side = side_of(search_);
  TraceEvent e;
  e.kind = TraceKind::Skip;
  e.iteration = iteration_;
  e.cell = move.to;
  e.from = from;
  e.reason = why;
  e.block = move.block;
  e.backward = side.backward;
  if (why != SkipReason::Impossible && side.search) {
    const NodeView n = side.search->node(move.to);
    const Offer of = offer(side, from, move);
    e.cost = move.cost;
    e.g = of.g.value();
    e.parent = of.via;
    e.h = n.h;
    e.f = n.f;
    e.old_g = n.g;
    e.old_parent = n.parent;
  } else if (why != SkipReason::Impossible && search_) {  // LPA*, D* Lite: no best-first loop
    const NodeView n = search_->node(move.to);
    e.cost = move.cost;
    e.g = search_->node(from).g + move.cost;
    e.parent = from;
    e.h = n.h;
    e.f = n.f;
    e.old_g = n.g;
    e.old_parent = n.parent;
  }
  keep(e);
}

std::size_t TraceRecorder::count_at(const Search& s) const {
  const std::int64_t k = s.iterations();
  const auto first_of = [&](std::int64_t it) {
    return static_cast<std::size_t>(
        std::lower_bound(events_.begin(), events_.end(), it,
                         [](const TraceEvent& e, std::int64_t v) { return e.iteration < v; }) -
        events_.begin());
  };
  const std::size_t n = s.mid_iteration() ? first_of(k) + 1 + s.examined() : first_of(k + 1);
  return std::min(n, events_.size());
}

// [SECTION] Plain language

namespace {

// Two decimals; ∞ for +inf.
std::string num(double v) {
  if (std::isinf(v)) return v > 0 ? "∞" : "-∞";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string describe_take(const TraceEvent& e, Algorithm a, double weight) {
  std::string out = "took " + cell_text(e.cell);
  if (info(a).extras.sides) out += e.backward ? " (goal side)" : " (start side)";
  out += ": ";
  switch (info(a).order) {
    case Priority::G: out += "f = g " + num(e.g); break;
    case Priority::H: out += "f = h " + num(e.h); break;
    case Priority::Steps: {
      const auto steps = static_cast<long long>(e.f);
      out += std::to_string(steps) + (steps == 1 ? " step" : " steps") + " from the start";
      break;
    }
    case Priority::GPlusWeightedH: {
      char w[32];
      std::snprintf(w, sizeof w, "%g", weight);
      out += "f " + num(e.f) + " = g " + num(e.g) + " + " + w + " × h " + num(e.h);
      break;
    }
    case Priority::GPlusH: out += "f " + num(e.f) + " = g " + num(e.g) + " + h " + num(e.h);
  }
  if (e.goal) out += e.backward ? ", the start: found" : ", the goal: found";
  return out;
}

}  // namespace

std::string_view reason_text(const TraceEvent& e) {
  if (e.kind != TraceKind::Skip || !e.reason) return {};
  switch (*e.reason) {
    case SkipReason::Impossible: return to_string(e.block);
    case SkipReason::Closed: return "closed";
    case SkipReason::NotBetter: return "not better";
  }
  return {};
}

// LPA* and D* Lite: a take pops a cell with its key; a relax is an UpdateVertex that changed
// rhs (the event's g is the new rhs, old_g the old one); a skip, one that left it as it was.
std::string describe_replanning(const TraceEvent& e, Algorithm a) {
  const std::string at = cell_text(e.cell) + ": ";
  if (e.kind == TraceKind::Take)
    return "popped " + cell_text(e.cell) + ": key [" + num(e.f) + "; " + num(e.g) +
           "] = [min(g, rhs) " + num(e.g) + " + h " + num(e.h) +
           (a == Algorithm::DStarLite ? " + km; " : "; ") + "min(g, rhs)]";
  const std::string via = e.parent ? " via " + cell_text(*e.parent) : std::string();
  if (e.kind == TraceKind::Relax)
    return at + "rhs " + num(e.old_g) + " → " + num(e.g) + via +
           (e.g < e.old_g ? " (UpdateVertex: a cheaper way)" : " (UpdateVertex: its way got dearer)");
  if (e.reason == SkipReason::NotBetter) return at + "UpdateVertex leaves rhs as it was";
  return at + std::string(reason_text(e)) + ", skipped";
}

// The flow field: a take settles a cell (g is its cost to the goal) and fixes its flow; a relax
// gives a cell a cheaper way to the goal through the settled one.
std::string describe_flow(const TraceEvent& e) {
  const std::string at = cell_text(e.cell) + ": ";
  if (e.kind == TraceKind::Take)
    return "settled " + cell_text(e.cell) + ": cost to the goal " + num(e.g) +
           (e.parent ? ", flows to " + cell_text(*e.parent) : std::string(", the goal"));
  const std::string via = e.parent ? " via " + cell_text(*e.parent) : std::string();
  if (e.kind == TraceKind::Relax)
    return at + "cost to the goal " + num(e.old_g) + " → " + num(e.g) + via +
           (std::isinf(e.old_g) ? ", added to open" : ", a cheaper way");
  if (e.reason == SkipReason::NotBetter)
    return at + num(e.g) + via + " is not cheaper than " + num(e.old_g) + ", skipped";
  if (e.reason == SkipReason::Closed) return at + "settled, skipped";
  return at + std::string(reason_text(e)) + ", skipped";
}

std::string describe(const TraceEvent& e, Algorithm algorithm, double weight) {
  if (info(algorithm).extras.replans) return describe_replanning(e, algorithm);
  if (info(algorithm).extras.flow) return describe_flow(e);
  if (e.kind == TraceKind::Take) return describe_take(e, algorithm, weight);
  const std::string at = cell_text(e.cell) + ": ";
  const std::string via = e.parent ? " via " + cell_text(*e.parent) : std::string();
  if (e.kind == TraceKind::Relax)
    return at + "g " + num(e.old_g) + " → " + num(e.g) + via +
           (std::isinf(e.old_g) ? ", added to open" : ", better path");
  if (e.reason == SkipReason::NotBetter) {
    if (algorithm == Algorithm::BreadthFirst)
      return at + "already seen (breadth-first keeps the first parent), skipped";
    return at + "g " + num(e.g) + via + " is not better than " + num(e.old_g) + ", skipped";
  }
  return at + std::string(reason_text(e)) + ", skipped";
}

// [SECTION] JSON

namespace {

using json = nlohmann::ordered_json;

json cell_json(const std::optional<Cell>& c) {
  return c ? json::array({c->x, c->y}) : json(nullptr);
}
json number_json(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json event_json(const TraceEvent& e) {
  const std::string_view reason = reason_text(e);
  return {{"iteration", e.iteration},
          {"kind", std::string(to_string(e.kind))},
          {"cell", cell_json(e.cell)},
          {"from", cell_json(e.from)},
          {"g", number_json(e.g)},
          {"h", number_json(e.h)},
          {"f", number_json(e.f)},
          {"parent", cell_json(e.parent)},
          {"old_g", number_json(e.old_g)},
          {"old_parent", cell_json(e.old_parent)},
          {"cost", number_json(e.cost)},
          {"reason", reason.empty() ? json(nullptr) : json(std::string(reason))},
          {"goal", e.goal},
          {"side", e.backward ? "backward" : "forward"}};
}

// A parse failure, thrown inside this file only and turned into "source: field: reason".
struct Fail {
  std::string field;
  std::string reason;
};

const json& field_of(const json& o, const std::string& at, const char* key) {
  const auto it = o.find(key);
  if (it == o.end()) throw Fail{at + "." + key, "missing"};
  return *it;
}

std::optional<Cell> read_cell(const json& o, const std::string& at, const char* key,
                              bool nullable) {
  const json& v = field_of(o, at, key);
  if (v.is_null() && nullable) return std::nullopt;
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer())
    throw Fail{at + "." + key, nullable ? "expected [x, y] or null" : "expected [x, y]"};
  const auto x = v[0].get<std::int64_t>(), y = v[1].get<std::int64_t>();
  if (x < -1 || y < -1 || x > kMaxSide || y > kMaxSide)  // neighbours of edge cells: -1, width
    throw Fail{at + "." + key, "coordinate out of range"};
  return Cell{static_cast<int>(x), static_cast<int>(y)};
}

double read_number(const json& o, const std::string& at, const char* key) {
  const json& v = field_of(o, at, key);
  if (v.is_null()) return kInf;
  if (!v.is_number()) throw Fail{at + "." + key, "expected a number or null"};
  return v.get<double>();
}

void read_reason(const json& o, const std::string& at, TraceEvent& e) {
  const json& v = field_of(o, at, "reason");
  if (e.kind != TraceKind::Skip) {
    if (!v.is_null()) throw Fail{at + ".reason", "must be null unless kind is skip"};
    return;
  }
  const std::string name = v.is_string() ? v.get<std::string>() : std::string();
  if (name == "closed") {
    e.reason = SkipReason::Closed;
    return;
  }
  if (name == "not better") {
    e.reason = SkipReason::NotBetter;
    return;
  }
  const auto block = parse_enum_name<MoveBlock>(name, [](MoveBlock b) { return to_string(b); });
  if (block && *block != MoveBlock::None) {
    e.reason = SkipReason::Impossible;
    e.block = *block;
    return;
  }
  throw Fail{at + ".reason", "expected a skip reason (closed, not better, wall, ...)"};
}

TraceEvent read_event(const json& o, const std::string& at) {
  if (!o.is_object()) throw Fail{at, "expected an object"};
  TraceEvent e;
  const json& it = field_of(o, at, "iteration");
  if (!it.is_number_integer() || it.get<std::int64_t>() < 1)
    throw Fail{at + ".iteration", "expected a whole number >= 1"};
  e.iteration = it.get<std::int64_t>();
  const json& kind = field_of(o, at, "kind");
  const std::string k = kind.is_string() ? kind.get<std::string>() : std::string();
  const auto found = std::find(std::begin(kKindNames), std::end(kKindNames), k);
  if (found == std::end(kKindNames)) throw Fail{at + ".kind", "expected take, relax or skip"};
  e.kind = static_cast<TraceKind>(found - std::begin(kKindNames));
  e.cell = *read_cell(o, at, "cell", false);
  e.from = read_cell(o, at, "from", true);
  e.g = read_number(o, at, "g");
  e.h = read_number(o, at, "h");
  e.f = read_number(o, at, "f");
  e.parent = read_cell(o, at, "parent", true);
  e.old_g = read_number(o, at, "old_g");
  e.old_parent = read_cell(o, at, "old_parent", true);
  e.cost = read_number(o, at, "cost");
  read_reason(o, at, e);
  const json& goal = field_of(o, at, "goal");
  if (!goal.is_boolean()) throw Fail{at + ".goal", "expected true or false"};
  e.goal = goal.get<bool>();
  const json& side = field_of(o, at, "side");
  if (side != "forward" && side != "backward")
    throw Fail{at + ".side", "expected forward or backward"};
  e.backward = side == "backward";
  return e;
}

}  // namespace

std::string to_json(const std::vector<TraceEvent>& events) {
  std::string out = "[";
  for (std::size_t i = 0; i < events.size(); ++i)
    out += (i == 0 ? "\n" : ",\n") + event_json(events[i]).dump();
  out += events.empty() ? "]\n" : "\n]\n";
  return out;
}

Result<std::vector<TraceEvent>> trace_from_json(std::string_view text, std::string_view source) {
  const std::string src(source);
  try {
    const json doc = json::parse(text);
    if (!doc.is_array()) return Error{src + ": expected an array of events"};
    std::vector<TraceEvent> out;
    out.reserve(doc.size());
    for (std::size_t i = 0; i < doc.size(); ++i)
      out.push_back(read_event(doc[i], "[" + std::to_string(i) + "]"));
    return out;
  } catch (const Fail& f) {
    return Error{src + ": " + f.field + ": " + f.reason};
  } catch (const json::exception& e) {
    return Error{src + ": not valid JSON (" + std::string(e.what()) + ")"};
  } catch (const std::bad_alloc&) {
    return Error{src + ": out of memory"};
  }
}

}  // namespace astar
