// The reservation table of cooperative pathfinding (reservation_table.hpp).
#include "astar/reservation_table.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "astar/format.hpp"

namespace astar {

ReservationTable::ReservationTable(int width, int height)
    : width_(width),
      height_(height),
      last_at_(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0),
      park_from_(last_at_.size(), kNone),
      park_unit_(last_at_.size(), kNone) {}

std::uint32_t ReservationTable::index(Cell c) const {
  if (c.x < 0 || c.y < 0 || c.x >= width_ || c.y >= height_)
    throw std::out_of_range("reservation table: cell " + cell_text(c) + " is outside it");
  return static_cast<std::uint32_t>(c.y * width_ + c.x);
}

void ReservationTable::reserve(std::size_t unit, Cell at, std::uint32_t t, Cell from) {
  const std::uint32_t i = index(at);
  if (const std::optional<std::size_t> other = holder(at, t); other && *other != unit)
    throw std::logic_error("reservation table: unit " + std::to_string(unit) + " at " +
                           cell_text(at) + " at t = " + std::to_string(t) + " is unit " +
                           std::to_string(*other) + "'s");
  vertex_[key(i, t)] = Vertex{static_cast<std::uint32_t>(unit), index(from)};
  last_at_[i] = std::max(last_at_[i], t + 1);
  last_tick_ = std::max(last_tick_, t);
}

void ReservationTable::park(std::size_t unit, Cell at, std::uint32_t t) {
  const std::uint32_t i = index(at);
  if (park_from_[i] == kNone) ++parks_;
  if (park_from_[i] != kNone && park_from_[i] <= t) return;  // held for good already, earlier
  park_from_[i] = t;
  park_unit_[i] = static_cast<std::uint32_t>(unit);
  last_tick_ = std::max(last_tick_, t);
}

void ReservationTable::reserve_path(std::size_t unit, const std::vector<Cell>& cells,
                                    std::uint32_t t0, bool park_at_end) {
  for (std::size_t k = 0; k < cells.size(); ++k)
    reserve(unit, cells[k], t0 + static_cast<std::uint32_t>(k), cells[k == 0 ? 0 : k - 1]);
  if (park_at_end && !cells.empty())
    park(unit, cells.back(), t0 + static_cast<std::uint32_t>(cells.size() - 1));
}

void ReservationTable::clear() {
  vertex_.clear();
  std::fill(last_at_.begin(), last_at_.end(), 0);
  std::fill(park_from_.begin(), park_from_.end(), kNone);
  std::fill(park_unit_.begin(), park_unit_.end(), kNone);
  parks_ = 0;
  last_tick_ = 0;
}

std::optional<std::size_t> ReservationTable::holder(Cell c, std::uint32_t t) const {
  const std::uint32_t i = index(c);
  if (park_from_[i] != kNone && park_from_[i] <= t) return park_unit_[i];
  if (last_at_[i] <= t) return std::nullopt;
  const auto it = vertex_.find(key(i, t));
  if (it == vertex_.end()) return std::nullopt;
  return it->second.unit;
}

bool ReservationTable::blocks_move(Cell from, Cell to, std::uint32_t t) const {
  if (holder(to, t)) return true;
  if (from == to || t == 0) return false;
  const std::uint32_t i = index(from);
  if (last_at_[i] <= t) return false;
  const auto it = vertex_.find(key(i, t));
  return it != vertex_.end() && it->second.from == index(to);
}

bool ReservationTable::free_after(Cell c, std::uint32_t t, std::uint32_t until) const {
  const std::uint32_t i = index(c);
  if (park_from_[i] != kNone && park_from_[i] <= until) return false;
  const std::uint32_t last = last_at_[i];  // 1 + the last tick reserved
  if (last <= t + 1) return true;
  if (until == kNone) return false;  // a reservation after t
  for (std::uint32_t k = t + 1; k <= until && k < last; ++k)
    if (vertex_.count(key(i, k)) != 0) return false;
  return true;
}

std::optional<ReservationTable::Park> ReservationTable::parked(Cell c) const {
  const std::uint32_t i = index(c);
  if (park_from_[i] == kNone) return std::nullopt;
  return Park{park_unit_[i], park_from_[i]};
}

}  // namespace astar
