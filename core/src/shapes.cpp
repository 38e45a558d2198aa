// Capsule-versus-shape tests and the per-cell move cache.
//
// Circle: the capsule touches the circle when the distance from its centre to the segment is at
// most r + radius. Box: the segment and the box are convex; when they intersect the distance is 0
// (a slab clip of the segment against the closed box decides that, an end inside included),
// otherwise the smallest distance between them is reached at a vertex of one of them: a segment
// end against the box, or a box corner against the segment. All comparisons are on squared
// distances with <=, so touching at exactly the distance counts.
#include "astar/shapes.hpp"

#include <algorithm>
#include <cmath>
#include <charconv>
#include <limits>

namespace astar {

namespace {

// A number as people write it: 3, 2.5, 0.1, 1000000 (whole numbers without an exponent).
std::string num(double v) {
  char buf[64];
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    return std::to_string(static_cast<long long>(v));
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back as v
  return std::string(buf, r.ptr);
}

double sq(double v) { return v * v; }

// Squared distance from (px, py) to the segment (ax, ay)-(bx, by).
double point_segment_dist2(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax, dy = by - ay;
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  return sq(ax + t * dx - px) + sq(ay + t * dy - py);
}

// Squared distance from (px, py) to the closed box (0 inside).
double point_box_dist2(double px, double py, const Box& b) {
  const double dx = std::max({b.min_x - px, 0.0, px - b.max_x});
  const double dy = std::max({b.min_y - py, 0.0, py - b.max_y});
  return dx * dx + dy * dy;
}

// True when the segment meets the closed box (Liang-Barsky clipping on both slabs).
bool segment_meets_box(double ax, double ay, double bx, double by, const Box& b) {
  double t0 = 0.0, t1 = 1.0;
  auto clip = [&](double a, double d, double lo, double hi) {
    if (d == 0.0) return a >= lo && a <= hi;
    double u = (lo - a) / d, v = (hi - a) / d;
    if (u > v) std::swap(u, v);
    t0 = std::max(t0, u);
    t1 = std::min(t1, v);
    return t0 <= t1;
  };
  return clip(ax, bx - ax, b.min_x, b.max_x) && clip(ay, by - ay, b.min_y, b.max_y);
}

bool finite_shape(const Shape& s) {
  if (const auto* c = std::get_if<Circle>(&s))
    return std::isfinite(c->x) && std::isfinite(c->y) && std::isfinite(c->r);
  const Box& b = std::get<Box>(s);
  return std::isfinite(b.min_x) && std::isfinite(b.min_y) && std::isfinite(b.max_x) &&
         std::isfinite(b.max_y);
}

}  // namespace

const char* shape_kind(const Shape& s) { return std::holds_alternative<Circle>(s) ? "circle" : "box"; }

std::string check_shape(const Shape& s) {
  const std::string range = "must be a finite number within -" + num(kMaxShapeCoord) + ".." +
                            num(kMaxShapeCoord) + ", got ";
  auto coord = [&](const char* name, double v) -> std::string {
    if (std::isfinite(v) && std::fabs(v) <= kMaxShapeCoord) return {};
    return std::string(name) + " " + range + num(v);
  };
  if (const auto* c = std::get_if<Circle>(&s)) {
    for (std::string why : {coord("x", c->x), coord("y", c->y)})
      if (!why.empty()) return why;
    if (!(c->r > 0)) return "radius must be > 0, got " + num(c->r);
    if (!(c->r <= kMaxShapeCoord)) return "radius must be at most " + num(kMaxShapeCoord) + ", got " + num(c->r);
    return {};
  }
  const Box& b = std::get<Box>(s);
  for (std::string why : {coord("min_x", b.min_x), coord("min_y", b.min_y), coord("max_x", b.max_x),
                          coord("max_y", b.max_y)})
    if (!why.empty()) return why;
  if (!(b.min_x < b.max_x)) return "min_x must be < max_x, got " + num(b.min_x) + " and " + num(b.max_x);
  if (!(b.min_y < b.max_y)) return "min_y must be < max_y, got " + num(b.min_y) + " and " + num(b.max_y);
  return {};
}

std::string check_agent_radius(double r) {
  if (std::isfinite(r) && r >= 0 && r <= kMaxShapeCoord) return {};
  return "must be a finite number 0.." + num(kMaxShapeCoord) + ", got " + num(r);
}

bool segment_touches(const Shape& s, double ax, double ay, double bx, double by, double radius) {
  if (!(std::isfinite(ax) && std::isfinite(ay) && std::isfinite(bx) && std::isfinite(by) &&
        std::isfinite(radius) && radius >= 0 && finite_shape(s)))
    return false;
  if (const auto* c = std::get_if<Circle>(&s))
    return point_segment_dist2(c->x, c->y, ax, ay, bx, by) <= sq(c->r + radius);
  const Box& b = std::get<Box>(s);
  if (segment_meets_box(ax, ay, bx, by, b)) return true;
  const double r2 = sq(radius);
  if (point_box_dist2(ax, ay, b) <= r2 || point_box_dist2(bx, by, b) <= r2) return true;
  for (const auto& [cx, cy] : {std::pair{b.min_x, b.min_y}, std::pair{b.max_x, b.min_y},
                               std::pair{b.min_x, b.max_y}, std::pair{b.max_x, b.max_y}})
    if (point_segment_dist2(cx, cy, ax, ay, bx, by) <= r2) return true;
  return false;
}

Box widened_bounds(const Shape& s, double radius) {
  if (const auto* c = std::get_if<Circle>(&s))
    return {c->x - c->r - radius, c->y - c->r - radius, c->x + c->r + radius, c->y + c->r + radius};
  const Box& b = std::get<Box>(s);
  return {b.min_x - radius, b.min_y - radius, b.max_x + radius, b.max_y + radius};
}

// [SECTION] ShapeCache

void ShapeCache::drop() {
  if (buckets_built_ || !bits_.empty()) ++stats_.drops;
  buckets_built_ = false;
  bucket_start_.clear();
  bucket_shapes_.clear();
  seen_.clear();
  radius_ = -1.0;
  bits_.clear();
}

namespace {
// The bucket range [lo, hi] covering lo_v..hi_v (cell units), clamped to 0..count-1. Done in
// doubles so that coordinates far outside the level cannot overflow an int.
void bucket_range(double lo_v, double hi_v, int side, int count, int& lo, int& hi) {
  const double top = count - 1;
  lo = static_cast<int>(std::clamp(std::floor(lo_v / side), 0.0, top));
  hi = static_cast<int>(std::clamp(std::floor(hi_v / side), 0.0, top));
}
}  // namespace

void ShapeCache::build_buckets(const std::vector<Shape>& shapes, int width, int height) {
  bucket_cols_ = (width + kBucketSide - 1) / kBucketSide;
  bucket_rows_ = (height + kBucketSide - 1) / kBucketSide;
  const auto buckets = static_cast<std::size_t>(bucket_cols_) * static_cast<std::size_t>(bucket_rows_);
  bucket_start_.assign(buckets + 1, 0);
  // Two passes (count, then fill) so each bucket's shapes are contiguous.
  auto for_each_bucket = [&](const Shape& s, auto&& fn) {
    if (!finite_shape(s)) return;  // never touches anything
    const Box wb = widened_bounds(s, 0.0);
    int x0, x1, y0, y1;
    bucket_range(wb.min_x, wb.max_x, kBucketSide, bucket_cols_, x0, x1);
    bucket_range(wb.min_y, wb.max_y, kBucketSide, bucket_rows_, y0, y1);
    for (int by = y0; by <= y1; ++by)
      for (int bx = x0; bx <= x1; ++bx)
        fn(static_cast<std::size_t>(by) * static_cast<std::size_t>(bucket_cols_) +
           static_cast<std::size_t>(bx));
  };
  for (const Shape& s : shapes) for_each_bucket(s, [&](std::size_t b) { ++bucket_start_[b + 1]; });
  for (std::size_t b = 0; b < buckets; ++b) bucket_start_[b + 1] += bucket_start_[b];
  bucket_shapes_.resize(bucket_start_[buckets]);
  std::vector<std::uint32_t> fill(bucket_start_.begin(), bucket_start_.end() - 1);
  for (std::size_t i = 0; i < shapes.size(); ++i)
    for_each_bucket(shapes[i], [&](std::size_t b) { bucket_shapes_[fill[b]++] = static_cast<std::uint32_t>(i); });
  seen_.assign(shapes.size(), 0);
  query_ = 0;
  buckets_built_ = true;
}

std::optional<std::size_t> ShapeCache::first_touched(const std::vector<Shape>& shapes, int width,
                                                     int height, double ax, double ay, double bx,
                                                     double by, double radius) {
  if (shapes.empty() || !(radius >= 0) || !std::isfinite(radius)) return std::nullopt;
  if (!buckets_built_) build_buckets(shapes, width, height);
  if (++query_ == 0) {  // wrapped: forget old marks
    std::fill(seen_.begin(), seen_.end(), 0);
    query_ = 1;
  }
  // The segment's bounds, and those widened by the radius for the buckets.
  const double seg_lo_x = std::min(ax, bx), seg_hi_x = std::max(ax, bx);
  const double seg_lo_y = std::min(ay, by), seg_hi_y = std::max(ay, by);
  const double lo_x = seg_lo_x - radius, hi_x = seg_hi_x + radius;
  const double lo_y = seg_lo_y - radius, hi_y = seg_hi_y + radius;
  if (!(lo_x <= hi_x && lo_y <= hi_y)) return std::nullopt;  // NaN
  // A shape can touch the capsule only if its bounds widened by the radius meet the segment's
  // bounds; the slack keeps rounding from rejecting an exact touch.
  constexpr double kSlack = 1e-9;
  int x0, x1, y0, y1;
  bucket_range(lo_x, hi_x, kBucketSide, bucket_cols_, x0, x1);
  bucket_range(lo_y, hi_y, kBucketSide, bucket_rows_, y0, y1);
  std::optional<std::size_t> first;
  for (int gy = y0; gy <= y1; ++gy)
    for (int gx = x0; gx <= x1; ++gx) {
      const std::size_t b = static_cast<std::size_t>(gy) * static_cast<std::size_t>(bucket_cols_) +
                            static_cast<std::size_t>(gx);
      for (std::uint32_t k = bucket_start_[b]; k < bucket_start_[b + 1]; ++k) {
        const std::uint32_t i = bucket_shapes_[k];
        if (seen_[i] == query_ || (first && i >= *first)) continue;
        seen_[i] = query_;
        const Box wb = widened_bounds(shapes[i], radius);
        if (wb.max_x + kSlack < seg_lo_x || wb.min_x - kSlack > seg_hi_x ||
            wb.max_y + kSlack < seg_lo_y || wb.min_y - kSlack > seg_hi_y)
          continue;
        ++stats_.segment_tests;
        if (segment_touches(shapes[i], ax, ay, bx, by, radius)) first = i;
      }
    }
  return first;
}

bool ShapeCache::blocks(const std::vector<Shape>& shapes, int width, int height, Cell from, Dir d,
                        double radius) {
  const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  if (radius != radius_ || bits_.size() != cells) {
    if (!bits_.empty()) ++stats_.drops;
    bits_.assign(cells, 0);
    radius_ = radius;
  }
  const std::size_t i = static_cast<std::size_t>(from.y) * static_cast<std::size_t>(width) +
                        static_cast<std::size_t>(from.x);
  const auto bit = static_cast<std::uint16_t>(1u << static_cast<int>(d));
  if (bits_[i] & bit) return (bits_[i] & (bit << 8)) != 0;

  const Cell to = step(from, d);
  const bool hit = first_touched(shapes, width, height, from.x + 0.5, from.y + 0.5, to.x + 0.5,
                                 to.y + 0.5, radius)
                       .has_value();
  ++stats_.moves_computed;
  // The reverse move is the same segment: fill both ends.
  const std::size_t j = static_cast<std::size_t>(to.y) * static_cast<std::size_t>(width) +
                        static_cast<std::size_t>(to.x);
  const auto back = static_cast<std::uint16_t>(1u << static_cast<int>(opposite(d)));
  bits_[i] = static_cast<std::uint16_t>(bits_[i] | bit | (hit ? bit << 8 : 0));
  bits_[j] = static_cast<std::uint16_t>(bits_[j] | back | (hit ? back << 8 : 0));
  return hit;
}

}  // namespace astar
