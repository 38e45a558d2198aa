#include "state/heat_field.hpp"

#include <algorithm>
#include <cmath>

namespace studio {

using astar::Cell;

std::optional<double> heat_value(const astar::Search& search, const astar::Level& level, Cell c,
                                 HeatSource source) {
  const astar::NodeView n = search.node(c);
  if (n.state == astar::NodeState::Unseen || level.wall(c)) return std::nullopt;
  const double v = source == HeatSource::G ? n.g : source == HeatSource::H ? n.h : n.f;
  if (!std::isfinite(v)) return std::nullopt;
  return v;
}

void HeatField::rebuild(const astar::Search& search, const astar::Level& level, HeatSource source) {
  ++version_;
  source_ = source;
  width_ = level.width();
  height_ = level.height();
  const auto n = static_cast<std::size_t>(level.cell_count());
  values_.assign(n, kNoHeat);
  blocks_.assign((n + kBlock - 1) / kBlock, Block{});
  stale_.clear();
  blocks_reread_ = 0;
  std::size_t i = 0;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x, ++i) {
      const auto v = heat_value(search, level, {x, y}, source);
      if (!v) continue;
      values_[i] = static_cast<float>(*v);
      Block& b = blocks_[i / kBlock];
      b.lo = std::min(b.lo, *v);
      b.hi = std::max(b.hi, *v);
    }
  combine();
}

// Cell i now holds v. The block's range widens to v; when the old value may have been the
// block's lowest or highest (its float equals the end's float) and v does not take its place,
// the block is marked stale and read again from the search (exact doubles) before the range is
// used.
void HeatField::set(std::size_t i, std::optional<double> v) {
  const float old = values_[i];
  values_[i] = v ? static_cast<float>(*v) : kNoHeat;
  Block& b = blocks_[i / kBlock];
  if (b.stale) return;
  if (old != kNoHeat && ((old == static_cast<float>(b.lo) && !(v && *v <= b.lo)) ||
                         (old == static_cast<float>(b.hi) && !(v && *v >= b.hi)))) {
    b.stale = true;
    stale_.push_back(i / kBlock);
    return;
  }
  if (!v) return;
  b.lo = std::min(b.lo, *v);
  b.hi = std::max(b.hi, *v);
  // The whole range widens the same way (exact again after combine() when a block went stale).
  min_ = any_ ? std::min(min_, *v) : *v;
  max_ = any_ ? std::max(max_, *v) : *v;
  any_ = true;
}

void HeatField::reread(std::size_t block, const astar::Search& search, const astar::Level& level) {
  Block& b = blocks_[block];
  b = Block{};
  const std::size_t end = std::min(values_.size(), (block + 1) * kBlock);
  for (std::size_t i = block * kBlock; i < end; ++i) {
    if (values_[i] == kNoHeat) continue;
    const auto v = heat_value(search, level, level.cell(astar::CellIndex(static_cast<std::uint32_t>(i))), source_);
    if (!v) continue;  // (values_ is kept in step with the search: not reached)
    b.lo = std::min(b.lo, *v);
    b.hi = std::max(b.hi, *v);
  }
  ++blocks_reread_;
}

void HeatField::combine() {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Block& b : blocks_) {
    lo = std::min(lo, b.lo);
    hi = std::max(hi, b.hi);
  }
  any_ = lo <= hi;
  min_ = any_ ? lo : 0.0;
  max_ = any_ ? hi : 0.0;
}

void HeatField::update(const astar::Search& search, const astar::Level& level,
                       const std::vector<Cell>& changed) {
  if (level.width() != width_ || level.height() != height_) {
    rebuild(search, level, source_);
    return;
  }
  for (Cell c : changed)
    if (level.in_bounds(c))
      set(astar::to_u32(level.index(c)), heat_value(search, level, c, source_));
  // A block that lost an end may narrow the whole range: read those blocks again, then take the
  // range over all blocks (a pass over cells / kBlock numbers).
  if (stale_.empty()) return;
  for (std::size_t block : stale_) reread(block, search, level);
  stale_.clear();
  combine();
}

}  // namespace studio
