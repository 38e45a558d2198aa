// HPA*'s abstract graph (hpa_star.hpp): crossings, entrances, transitions with the completeness
// cover, intra edges, and the partial rebuild after edits.
#include <algorithm>
#include <atomic>
#include <map>
#include <optional>
#include <set>

#include "astar/hpa_star.hpp"
#include "search/hpa_local.hpp"

namespace astar {

struct HpaGraph::LocalCache {
  int cluster = -1;
  hpa::LocalArea area;
  hpa::LocalGraph graph;  // its area points at `area` above (never moved: held by pointer)
};

struct HpaGraph::Crossing {
  std::uint32_t from, to;
  ExactCost cost;
  bool straight_step;  // a one-cell straight move (entrances are made of these)
};

namespace {
std::uint32_t index_of(const Level& lv, Cell c) { return to_u32(lv.index(c)); }
std::atomic<std::uint64_t> g_stamps{0};
}  // namespace

void HpaGraph::restamp() { stamp_ = ++g_stamps; }

HpaGraph::HpaGraph(const Level& level, const MovementRules& rules, int cluster_size)
    : level_(std::make_shared<Level>(level)),
      rules_(rules),
      policy_(*level_, rules_),
      size_(std::clamp(cluster_size, kHpaMinClusterSize, kHpaMaxClusterSize)) {
  wide_ = (level.width() + size_ - 1) / size_;
  high_ = (level.height() + size_ - 1) / size_;
  reach_ = std::max(1, rules.jump.gap + 1);
  built_.assign(static_cast<std::size_t>(cluster_count()), 0);
  nodes_.assign(built_.size(), {});
  intra_.assign(built_.size(), {});
  restamp();
}

HpaCluster HpaGraph::cluster(int k) const {
  HpaCluster c;
  c.x = (k % wide_) * size_;
  c.y = (k / wide_) * size_;
  c.width = std::min(size_, level_->width() - c.x);
  c.height = std::min(size_, level_->height() - c.y);
  c.built = built(k);
  return c;
}

bool HpaGraph::complete() const {
  return std::all_of(built_.begin(), built_.end(), [](char b) { return b != 0; });
}

std::vector<int> HpaGraph::near(int k) const {
  const int rc = (reach_ + size_ - 1) / size_;
  const int cx = k % wide_, cy = k / wide_;
  std::vector<int> out;
  for (int y = std::max(0, cy - rc); y <= std::min(high_ - 1, cy + rc); ++y)
    for (int x = std::max(0, cx - rc); x <= std::min(wide_ - 1, cx + rc); ++x)
      if (x != cx || y != cy) out.push_back(y * wide_ + x);
  return out;
}

// [SECTION] Crossings and transitions

void HpaGraph::pairs_of(int k) {
  const HpaCluster box = cluster(k);
  const Level& lv = *level_;
  std::map<int, std::vector<Crossing>> out, in;
  for (int y = box.y; y < box.y + box.height; ++y)
    for (int x = box.x; x < box.x + box.width; ++x) {
      const Cell c{x, y};
      if (lv.solid(c)) continue;
      const std::uint32_t ci = index_of(lv, c);
      policy_.for_each_move(c, [&](const Move& m) {
        if (!m.possible() || cluster_of(m.to) == k) return;
        const bool straight = m.action != MoveAction::JumpAcross && !lv.is_diagonal_step(m.dir);
        out[cluster_of(m.to)].push_back({ci, index_of(lv, m.to), m.exact, straight});
      });
      policy_.for_each_move_into(c, [&](const Move& m) {
        if (!m.possible() || cluster_of(m.to) == k) return;
        const bool straight = m.action != MoveAction::JumpAcross && !lv.is_diagonal_step(m.dir);
        in[cluster_of(m.to)].push_back({index_of(lv, m.to), ci, m.exact, straight});
      });
    }
  for (int other : near(k)) {
    const std::pair<int, int> key{std::min(k, other), std::max(k, other)};
    auto at = std::lower_bound(pairs_.begin(), pairs_.end(), key,
                               [](const auto& p, const auto& kk) { return p.first < kk; });
    if (at != pairs_.end() && at->first == key) continue;  // made when `other` was built
    std::vector<Crossing>& kx = out[other];
    std::vector<Crossing>& xk = in[other];
    Pair made = k < other ? make_pair_links(k, other, std::move(kx), std::move(xk))
                          : make_pair_links(other, k, std::move(xk), std::move(kx));
    pairs_.insert(at, {key, std::move(made)});
  }
}

HpaGraph::Pair HpaGraph::make_pair_links(int a, int b, std::vector<Crossing> ab,
                                         std::vector<Crossing> ba) {
  auto order = [](const Crossing& p, const Crossing& q) {
    return std::pair(p.from, p.to) < std::pair(q.from, q.to);
  };
  std::sort(ab.begin(), ab.end(), order);
  std::sort(ba.begin(), ba.end(), order);
  Pair out;
  choose_entrances(a, b, ab, ba, out);
  cover(a, b, ab, out.links);
  cover(b, a, ba, out.links);
  std::sort(out.links.begin(), out.links.end(), [](const Link& p, const Link& q) {
    return std::pair(p.from, p.to) < std::pair(q.from, q.to);
  });
  return out;
}

// The paper's entrances: runs of straight border pairs, one transition in the middle or two at
// the ends, each with the directions its pair allows.
void HpaGraph::choose_entrances(int a, int b, const std::vector<Crossing>& ab,
                                const std::vector<Crossing>& ba, Pair& out) const {
  const Level& lv = *level_;
  // (cell in a, cell in b), sorted so that runs along a border are consecutive.
  std::set<std::tuple<int, int, int, int, std::uint32_t, std::uint32_t>> border;
  auto add = [&](std::uint32_t in_a, std::uint32_t in_b) {
    const Cell p = lv.cell(CellIndex(in_a)), q = lv.cell(CellIndex(in_b));
    const bool vertical = p.x != q.x;  // the border runs along y
    border.insert({q.x - p.x, q.y - p.y, vertical ? p.x : p.y, vertical ? p.y : p.x, in_a, in_b});
  };
  for (const Crossing& c : ab)
    if (c.straight_step) add(c.from, c.to);
  for (const Crossing& c : ba)
    if (c.straight_step) add(c.to, c.from);
  auto find = [](const std::vector<Crossing>& v, std::uint32_t f, std::uint32_t t) {
    return std::find_if(v.begin(), v.end(), [&](const Crossing& c) { return c.from == f && c.to == t; });
  };
  auto choose = [&](std::uint32_t in_a, std::uint32_t in_b) {
    if (auto it = find(ab, in_a, in_b); it != ab.end()) out.links.push_back({in_a, in_b, it->cost});
    if (auto it = find(ba, in_b, in_a); it != ba.end()) out.links.push_back({in_b, in_a, it->cost});
  };
  std::vector<std::pair<std::uint32_t, std::uint32_t>> run;
  auto close_run = [&] {
    if (run.empty()) return;
    HpaEntrance e{a, b, {}};
    for (const auto& [pa, pb] : run) e.pairs.push_back({lv.cell(CellIndex(pa)), lv.cell(CellIndex(pb))});
    if (static_cast<int>(run.size()) > kHpaLongEntrance) {
      choose(run.front().first, run.front().second);
      choose(run.back().first, run.back().second);
    } else {
      choose(run[run.size() / 2].first, run[run.size() / 2].second);
    }
    out.entrances.push_back(std::move(e));
    run.clear();
  };
  std::optional<std::tuple<int, int, int, int>> last;
  for (const auto& [dx, dy, fixed, along, pa, pb] : border) {
    const bool continues = last && std::get<0>(*last) == dx && std::get<1>(*last) == dy &&
                           std::get<2>(*last) == fixed && std::get<3>(*last) + 1 == along;
    if (!continues) close_run();
    run.push_back({pa, pb});
    last = std::tuple(dx, dy, fixed, along);
  }
  close_run();
}

// Every crossing a -> b from from_cluster to to_cluster that no chosen transition a' -> b'
// covers (a reaches a' inside from_cluster, b' reaches b inside to_cluster) becomes one.
void HpaGraph::cover(int from_cluster, int to_cluster, const std::vector<Crossing>& crossings,
                     std::vector<Link>& chosen) {
  const HpaCluster fa = cluster(from_cluster), ta = cluster(to_cluster);
  const hpa::LocalArea from_area{&policy_, fa.x, fa.y, fa.width, fa.height, nullptr};
  const hpa::LocalArea to_area{&policy_, ta.x, ta.y, ta.width, ta.height, nullptr};
  const hpa::LocalGraph* from_graph = nullptr;  // made at the first transition
  const hpa::LocalGraph* to_graph = nullptr;
  struct Reach {
    std::vector<char> into_from;  // cells of from_cluster reaching the transition's first cell
    std::vector<char> out_of_to;  // cells of to_cluster its second cell reaches
  };
  std::vector<std::pair<Link, Reach>> mine;
  auto reach = [&](const Link& l) {
    if (!from_graph) from_graph = &local_graph_of(from_cluster), to_graph = &local_graph_of(to_cluster);
    std::vector<char> back = hpa::local_reach(*from_graph, level_->cell(CellIndex(l.from)), false, expanded_);
    std::vector<char> fwd = hpa::local_reach(*to_graph, level_->cell(CellIndex(l.to)), true, expanded_);
    mine.push_back({l, {std::move(back), std::move(fwd)}});
  };
  for (const Link& l : chosen)
    if (cluster_of(level_->cell(CellIndex(l.from))) == from_cluster) reach(l);
  for (const Crossing& c : crossings) {
    const Cell f = level_->cell(CellIndex(c.from)), t = level_->cell(CellIndex(c.to));
    const bool covered = std::any_of(mine.begin(), mine.end(), [&](const auto& m) {
      return m.second.into_from[from_area.local(f)] && m.second.out_of_to[to_area.local(t)];
    });
    if (covered) continue;
    chosen.push_back({c.from, c.to, c.cost});
    reach(chosen.back());
  }
}

// [SECTION] Intra edges and building

std::vector<std::uint32_t> HpaGraph::transition_cells(int k) const {
  std::vector<std::uint32_t> mine;
  for (int other : near(k)) {
    const std::pair<int, int> key{std::min(k, other), std::max(k, other)};
    auto at = std::lower_bound(pairs_.begin(), pairs_.end(), key,
                               [](const auto& p, const auto& kk) { return p.first < kk; });
    if (at == pairs_.end() || at->first != key) continue;
    for (const Link& l : at->second.links)
      for (std::uint32_t c : {l.from, l.to})
        if (cluster_of(level_->cell(CellIndex(c))) == k) mine.push_back(c);
  }
  std::sort(mine.begin(), mine.end());
  mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
  return mine;
}

void HpaGraph::intra_of(int k) {
  std::vector<std::uint32_t> mine = transition_cells(k);
  const hpa::LocalGraph& local = local_graph_of(k);
  std::vector<Link>& links = intra_[static_cast<std::size_t>(k)];
  links.clear();
  for (std::uint32_t u : mine) {
    const hpa::LocalResult r = hpa::local_search(local, level_->cell(CellIndex(u)), true);
    expanded_ += r.expanded;
    for (std::uint32_t v : mine) {
      const Cell vc = level_->cell(CellIndex(v));
      if (v != u && r.reached(vc)) links.push_back({u, v, r.cost(vc)});
    }
  }
  nodes_[static_cast<std::size_t>(k)] = std::move(mine);
}

// The cluster's moves inside it, made once while clusters near it are built (building in index
// order, each is made about three times over a build, not once per pair and search).
const hpa::LocalGraph& HpaGraph::local_graph_of(int k) {
  auto at = std::find_if(local_.begin(), local_.end(), [&](const auto& l) { return l->cluster == k; });
  if (at != local_.end()) return (*at)->graph;
  auto made = std::make_shared<LocalCache>();
  const HpaCluster box = cluster(k);
  made->cluster = k;
  made->area = {&policy_, box.x, box.y, box.width, box.height, nullptr};
  made->graph = hpa::local_graph(made->area);
  local_.push_back(made);
  return made->graph;
}

void HpaGraph::build_cluster(int k) {
  if (k < 0 || k >= cluster_count() || built(k)) return;
  const std::vector<int> around = near(k);
  std::erase_if(local_, [&](const auto& l) {
    return l->cluster != k && std::find(around.begin(), around.end(), l->cluster) == around.end();
  });
  pairs_of(k);
  intra_of(k);
  built_[static_cast<std::size_t>(k)] = 1;
  restamp();
  if (complete()) local_.clear();
}

void HpaGraph::build_all() {
  for (int k = 0; k < cluster_count(); ++k) build_cluster(k);
}

// [SECTION] Partial rebuild

std::vector<char> HpaGraph::changed_cells(const Level& edited) const {
  const Level& old = *level_;
  std::vector<char> changed(static_cast<std::size_t>(old.cell_count()), 0);
  for (std::size_t i = 0; i < changed.size(); ++i)
    changed[i] = old.solid_mask()[i] != edited.solid_mask()[i] || old.walls()[i] != edited.walls()[i] ||
                 old.costs()[i] != edited.costs()[i] || old.heights()[i] != edited.heights()[i];
  auto mark_edges = [&](const Level& lv) {
    for (const auto& entry : lv.edges()) {
      const auto& [cell, dir] = entry.first;
      const Cell c = old.cell(CellIndex(cell));
      if (old.edge(c, dir) != edited.edge(c, dir)) changed[cell] = 1;
    }
  };
  mark_edges(old);
  mark_edges(edited);
  return changed;
}

std::vector<int> HpaGraph::invalidate(const Level& edited) {
  const Level& old = *level_;
  const bool all = edited.width() != old.width() || edited.height() != old.height() ||
                   edited.topology() != old.topology() || edited.hex_stagger() != old.hex_stagger() ||
                   edited.shapes() != old.shapes() || edited.agents_block() != old.agents_block();
  if (all) {
    *this = HpaGraph(edited, rules_, size_);
    std::vector<int> every(static_cast<std::size_t>(cluster_count()));
    for (int k = 0; k < cluster_count(); ++k) every[static_cast<std::size_t>(k)] = k;
    return every;
  }
  if (edited.solid_mask() == old.solid_mask() && edited.walls() == old.walls() &&
      edited.costs() == old.costs() && edited.heights() == old.heights() &&
      edited.edges() == old.edges())
    return {};
  const std::vector<char> changed = changed_cells(edited);
  std::vector<char> touched(built_.size(), 0), rebuild(built_.size(), 0);
  for (std::size_t i = 0; i < changed.size(); ++i)
    if (changed[i]) touched[static_cast<std::size_t>(cluster_of(old.cell(CellIndex(static_cast<std::uint32_t>(i)))))] = 1;
  const bool any = std::any_of(touched.begin(), touched.end(), [](char t) { return t != 0; });
  for (int k = 0; k < cluster_count(); ++k) {
    if (!touched[static_cast<std::size_t>(k)] && !(any && rules_.ranks.on)) continue;
    rebuild[static_cast<std::size_t>(k)] = 1;
    for (int o : near(k)) rebuild[static_cast<std::size_t>(o)] = 1;
  }
  level_ = std::make_shared<Level>(edited);
  policy_ = MovePolicy(*level_, rules_);
  local_.clear();
  std::vector<int> out;
  for (int k = 0; k < cluster_count(); ++k) {
    if (!rebuild[static_cast<std::size_t>(k)]) continue;
    out.push_back(k);
    built_[static_cast<std::size_t>(k)] = 0;
    nodes_[static_cast<std::size_t>(k)].clear();
    intra_[static_cast<std::size_t>(k)].clear();
  }
  std::erase_if(pairs_, [&](const auto& p) {
    return rebuild[static_cast<std::size_t>(p.first.first)] || rebuild[static_cast<std::size_t>(p.first.second)];
  });
  restamp();
  return out;
}

std::vector<int> HpaGraph::update(const Level& edited) {
  std::vector<int> rebuilt = invalidate(edited);
  for (int k : rebuilt) build_cluster(k);
  return rebuilt;
}

// [SECTION] Views

std::vector<HpaCluster> HpaGraph::clusters() const {
  std::vector<HpaCluster> out;
  for (int k = 0; k < cluster_count(); ++k) out.push_back(cluster(k));
  return out;
}

std::vector<HpaEntrance> HpaGraph::entrances() const {
  std::vector<HpaEntrance> out;
  for (const auto& [key, pair] : pairs_) out.insert(out.end(), pair.entrances.begin(), pair.entrances.end());
  return out;
}

std::vector<Cell> HpaGraph::nodes() const {
  std::vector<std::uint32_t> all;
  for (const auto& [key, pair] : pairs_)
    for (const Link& l : pair.links) {
      all.push_back(l.from);
      all.push_back(l.to);
    }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  std::vector<Cell> out;
  for (std::uint32_t i : all) out.push_back(level_->cell(CellIndex(i)));
  return out;
}

std::vector<Cell> HpaGraph::cluster_nodes(int k) const {
  std::vector<Cell> out;
  for (std::uint32_t i : transition_cells(k)) out.push_back(level_->cell(CellIndex(i)));
  return out;
}

std::vector<HpaEdge> HpaGraph::cluster_edges(int k) const {
  std::vector<HpaEdge> out;
  for (const Link& l : intra_[static_cast<std::size_t>(k)])
    out.push_back({level_->cell(CellIndex(l.from)), level_->cell(CellIndex(l.to)), l.cost.value(), l.cost, false});
  return out;
}

std::vector<HpaEdge> HpaGraph::edges() const {
  std::vector<std::pair<std::pair<std::uint32_t, std::uint32_t>, HpaEdge>> all;
  auto add = [&](const Link& l, bool inter) {
    all.push_back({{l.from, l.to},
                   {level_->cell(CellIndex(l.from)), level_->cell(CellIndex(l.to)), l.cost.value(), l.cost, inter}});
  };
  for (const auto& [key, pair] : pairs_)
    for (const Link& l : pair.links) add(l, true);
  for (const auto& links : intra_)
    for (const Link& l : links) add(l, false);
  std::sort(all.begin(), all.end(), [](const auto& p, const auto& q) {
    return std::pair(p.first, p.second.inter) < std::pair(q.first, q.second.inter);
  });
  std::vector<HpaEdge> out;
  for (auto& e : all) out.push_back(e.second);
  return out;
}

std::size_t HpaGraph::memory_bytes() const {
  std::size_t bytes = sizeof(*this) + built_.size();
  for (const auto& n : nodes_) bytes += n.capacity() * sizeof(std::uint32_t);
  for (const auto& l : intra_) bytes += l.capacity() * sizeof(Link);
  for (const auto& [key, pair] : pairs_) {
    bytes += sizeof(key) + sizeof(pair) + pair.links.capacity() * sizeof(Link);
    for (const auto& e : pair.entrances) bytes += sizeof(e) + e.pairs.capacity() * sizeof(e.pairs[0]);
  }
  return bytes;
}

std::string_view to_string(HpaPhase p) {
  constexpr std::string_view names[] = {"building", "inserting", "abstract", "refining", "smoothing", "done"};
  return names[static_cast<std::size_t>(p)];
}

}  // namespace astar
