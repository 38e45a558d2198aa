// The exercises' textbook search (model_search.hpp).
#include "exercise/model_search.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace astar::exercise_detail {

ModelOrder model_order(const std::string& algorithm) {
  if (algorithm == "dijkstra") return ModelOrder::Dijkstra;
  if (algorithm == "greedy") return ModelOrder::Greedy;
  if (algorithm == "bfs") return ModelOrder::Bfs;
  return ModelOrder::AStar;
}

std::string_view algorithm_title(ModelOrder o) {
  switch (o) {
    case ModelOrder::AStar: return "A*";
    case ModelOrder::Dijkstra: return "Dijkstra";
    case ModelOrder::Greedy: return "greedy best-first";
    case ModelOrder::Bfs: return "breadth-first search";
  }
  return "A*";
}

ExactCost exact_h(const Level& level, Cell c) {
  const std::int64_t dx = std::abs(c.x - level.goal().x), dy = std::abs(c.y - level.goal().y);
  if (level.rules().neighbours == Neighbours::Four) return ExactCost::straight(static_cast<double>(dx + dy));
  const std::int64_t lo = std::min(dx, dy), hi = std::max(dx, dy);
  return ExactCost::straight(static_cast<double>(hi - lo)) + ExactCost::diagonal(static_cast<double>(lo));
}

std::uint64_t fnv1a(std::string_view text, std::uint64_t h) {
  for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

std::string hex16(std::uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string number_words(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

ModelSearch::ModelSearch(const Level& level, ModelOrder order)
    : level_(&level), policy_(level), order_(order),
      nodes_(static_cast<std::size_t>(level.cell_count())) {
  ModelNode& s = nodes_[index(level.start())];
  s.seen = true;
  s.h = order == ModelOrder::Dijkstra || order == ModelOrder::Bfs ? ExactCost{} : exact_h(level, level.start());
  s.seq = next_seq_++;
}

ExactCost ModelSearch::priority(Cell c) const {
  const ModelNode& n = node(c);
  switch (order_) {
    case ModelOrder::AStar: return n.g + n.h;
    case ModelOrder::Dijkstra: return n.g;
    case ModelOrder::Greedy: return n.h;
    case ModelOrder::Bfs: return ExactCost::straight(n.depth);
  }
  return n.g;
}

int ModelSearch::before(Cell a, Cell b) const {
  if (const int p = compare(priority(a), priority(b)); p != 0) return p;
  if (order_ == ModelOrder::Bfs) return 0;
  return -compare(node(a).g, node(b).g);  // larger g first
}

std::vector<Cell> ModelSearch::allowed() const {
  std::vector<Cell> best;
  if (goal_taken_) return best;
  for (int y = 0; y < level_->height(); ++y)
    for (int x = 0; x < level_->width(); ++x) {
      const Cell c{x, y};
      if (!open(c)) continue;
      const int o = best.empty() ? -1 : before(c, best.front());
      if (o < 0) best.assign(1, c);
      else if (o == 0) best.push_back(c);
    }
  return best;
}

std::optional<Cell> ModelSearch::engine_choice() const {
  const std::vector<Cell> a = allowed();
  if (a.empty()) return std::nullopt;
  return *std::min_element(a.begin(), a.end(),
                           [&](Cell x, Cell y) { return node(x).seq < node(y).seq; });
}

std::vector<Move> ModelSearch::moves(Cell c) const {
  std::vector<Move> out;
  policy_.for_each_move(c, [&](const Move& m) {
    if (m.possible()) out.push_back(m);
  });
  return out;
}

ModelSearch::Effect ModelSearch::effect(Cell from, const Move& m) const {
  const ModelNode& to = node(m.to);
  if (to.closed) return Effect::Closed;
  if (!to.seen) return Effect::Improves;
  if (order_ == ModelOrder::Bfs) return Effect::NoChange;  // breadth-first keeps the first parent
  return compare(node(from).g + m.exact, to.g) < 0 ? Effect::Improves : Effect::NoChange;
}

void ModelSearch::take(Cell c) {
  nodes_[index(c)].closed = true;
  taken_.push_back(c);
  if (c == level_->goal()) goal_taken_ = true;
}

void ModelSearch::expand(Cell c) {
  take(c);
  if (!goal_taken_)
    for (const Move& m : moves(c)) relax(c, m);
}

void ModelSearch::relax(Cell from, const Move& m) {
  if (effect(from, m) != Effect::Improves) return;
  const ModelNode& f = node(from);
  ModelNode& to = nodes_[index(m.to)];
  if (!to.seen) {
    to.seen = true;
    to.seq = next_seq_++;
    to.h = order_ == ModelOrder::Dijkstra || order_ == ModelOrder::Bfs ? ExactCost{} : exact_h(*level_, m.to);
  }
  to.depth = f.depth + 1;
  to.g = order_ == ModelOrder::Bfs ? ExactCost::straight(to.depth) : f.g + m.exact;
  to.parent = from;
}

std::vector<Cell> ModelSearch::path_back() const {
  std::vector<Cell> out;
  std::optional<Cell> c = level_->goal();
  while (c && out.size() <= nodes_.size()) {
    out.push_back(*c);
    c = node(*c).parent;
  }
  if (out.back() != level_->start()) out.clear();
  return out;
}

}  // namespace astar::exercise_detail
