// Capsule-versus-shape tests, the shapes' checks and helpers, and the per-cell move cache.
//
// Circle: the capsule touches the circle when the distance from its centre to the segment is at
// most r + radius. Box, rotated box, polygon: the segment and the shape are convex; when they
// intersect the distance is 0 (a clip of the segment against the closed shape decides that, an
// end inside included: Liang-Barsky slabs for a box, Cyrus-Beck half-planes for the others),
// otherwise the smallest distance between them is reached at a vertex of one of them: a segment
// end against the shape's outline, or a corner against the segment. All comparisons are on
// squared distances with <=, so touching at exactly the distance counts.
#include "astar/shapes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <span>
#include <utility>

#include "astar/number_chars.hpp"

namespace astar {

namespace {

// A number as people write it: 3, 2.5, 0.1, 1000000 (whole numbers without an exponent).
std::string num(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    return std::to_string(static_cast<long long>(v));
  return shortest_text(v);  // shortest text that reads back as v
}

std::string point_text(const Point& p) { return "(" + num(p.x) + ", " + num(p.y) + ")"; }

double sq(double v) { return v * v; }

// (b - a) x (c - a): > 0 when a, b, c turn clockwise on screen (y down), 0 when in a line.
double cross(const Point& a, const Point& b, const Point& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// Squared distance from (px, py) to the segment (ax, ay)-(bx, by). Beside the segment it is
// cross^2 / length^2, which is exact whenever the true distance is representable and the
// products are exact (small multiples of powers of two), so grazing cases decide exactly.
double point_segment_dist2(double px, double py, double ax, double ay, double bx, double by) {
  const double dx = bx - ax, dy = by - ay;
  const double len2 = dx * dx + dy * dy;
  const double dot = (px - ax) * dx + (py - ay) * dy;
  if (dot <= 0 || len2 == 0) return sq(px - ax) + sq(py - ay);
  if (dot >= len2) return sq(px - bx) + sq(py - by);
  return sq(dx * (py - ay) - dy * (px - ax)) / len2;
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

bool box_touches(const Box& b, double ax, double ay, double bx, double by, double radius) {
  if (segment_meets_box(ax, ay, bx, by, b)) return true;
  const double r2 = sq(radius);
  if (point_box_dist2(ax, ay, b) <= r2 || point_box_dist2(bx, by, b) <= r2) return true;
  for (const auto& [cx, cy] : {std::pair{b.min_x, b.min_y}, std::pair{b.max_x, b.min_y},
                               std::pair{b.min_x, b.max_y}, std::pair{b.max_x, b.max_y}})
    if (point_segment_dist2(cx, cy, ax, ay, bx, by) <= r2) return true;
  return false;
}

// cos and sin of `degrees`, exactly 1, 0 or -1 when the angle is a multiple of 90 (fmod is
// exact, so 450 and -270 are 90 too).
std::pair<double, double> cos_sin_degrees(double degrees) {
  const double a = std::fmod(degrees, 360.0);
  if (a == 0) return {1.0, 0.0};
  if (a == 90 || a == -270) return {0.0, 1.0};
  if (a == 180 || a == -180) return {-1.0, 0.0};
  if (a == 270 || a == -90) return {0.0, -1.0};
  const double rad = a * (3.14159265358979323846 / 180.0);
  return {std::cos(rad), std::sin(rad)};
}

// A rotated box's corners: top-left, top-right, bottom-right, bottom-left before turning.
std::array<Point, 4> rotated_corners(const RotatedBox& r) {
  const auto [c, s] = cos_sin_degrees(r.angle);
  const double hw = r.width / 2, hh = r.height / 2;
  std::array<Point, 4> out;
  const std::array<Point, 4> offsets{Point{-hw, -hh}, Point{hw, -hh}, Point{hw, hh}, Point{-hw, hh}};
  for (std::size_t i = 0; i < 4; ++i) {
    const Point& o = offsets[i];
    out[i] = {r.cx + (o.x * c - o.y * s), r.cy + (o.x * s + o.y * c)};
  }
  return out;
}

// Twice the signed area (shoelace): > 0 when the corners run clockwise on screen.
double twice_area(std::span<const Point> pts) {
  double sum = 0.0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point& p = pts[i];
    const Point& q = pts[(i + 1) % pts.size()];
    sum += p.x * q.y - q.x * p.y;
  }
  return sum;
}

// True when the segment meets the closed convex polygon (Cyrus-Beck: the part of the segment
// inside each edge's half-plane, t in [t0, t1], must stay non-empty). `side` is +1 or -1: the
// sign of cross(edge start, edge end, point) for points inside.
bool segment_meets_convex(std::span<const Point> pts, double side, const Point& a, const Point& b) {
  double t0 = 0.0, t1 = 1.0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point& p = pts[i];
    const Point& q = pts[(i + 1) % pts.size()];
    const double ex = q.x - p.x, ey = q.y - p.y;
    // Inside the edge's half-plane where num + t * den >= 0.
    const double num = side * (ex * (a.y - p.y) - ey * (a.x - p.x));
    const double den = side * (ex * (b.y - a.y) - ey * (b.x - a.x));
    if (den == 0.0) {
      if (num < 0) return false;  // parallel to the edge, outside it
    } else if (den > 0) {
      t0 = std::max(t0, -num / den);
    } else {
      t1 = std::min(t1, -num / den);
    }
    if (!(t0 <= t1)) return false;
  }
  return true;
}

// segment_touches for a convex polygon's corners (a rotated box's or a polygon's). Corners with
// no area (fewer than 3, or all in a line; check_shape refuses them) are tested by distance only.
bool convex_touches(std::span<const Point> pts, double ax, double ay, double bx, double by,
                    double radius) {
  const double area = twice_area(pts);
  const Point a{ax, ay}, b{bx, by};
  if (area != 0 && segment_meets_convex(pts, area > 0 ? 1.0 : -1.0, a, b)) return true;
  const double r2 = sq(radius);
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const Point& p = pts[i];
    const Point& q = pts[(i + 1) % pts.size()];
    if (point_segment_dist2(ax, ay, p.x, p.y, q.x, q.y) <= r2 ||
        point_segment_dist2(bx, by, p.x, p.y, q.x, q.y) <= r2 ||
        point_segment_dist2(p.x, p.y, ax, ay, bx, by) <= r2)
      return true;
  }
  return false;
}

bool finite_shape(const Shape& s) {
  auto f = [](std::initializer_list<double> vs) {
    return std::all_of(vs.begin(), vs.end(), [](double v) { return std::isfinite(v); });
  };
  if (const auto* c = std::get_if<Circle>(&s)) return f({c->x, c->y, c->r});
  if (const auto* b = std::get_if<Box>(&s)) return f({b->min_x, b->min_y, b->max_x, b->max_y});
  if (const auto* r = std::get_if<RotatedBox>(&s)) return f({r->cx, r->cy, r->width, r->height, r->angle});
  const auto& pts = std::get<Polygon>(s).points;
  return !pts.empty() && std::all_of(pts.begin(), pts.end(), [&](const Point& p) { return f({p.x, p.y}); });
}

// [SECTION] check_shape, one kind each

// "name must be a finite number within -1000000..1000000, got v", or empty.
std::string check_coord(const std::string& name, double v) {
  if (std::isfinite(v) && std::fabs(v) <= kMaxShapeCoord) return {};
  return name + " must be a finite number within -" + num(kMaxShapeCoord) + ".." +
         num(kMaxShapeCoord) + ", got " + num(v);
}

// A radius, width or height: > 0 and at most kMaxShapeCoord.
std::string check_size(const char* name, double v) {
  if (!(v > 0)) return std::string(name) + " must be > 0, got " + num(v);
  if (!(v <= kMaxShapeCoord))
    return std::string(name) + " must be at most " + num(kMaxShapeCoord) + ", got " + num(v);
  return {};
}

std::string first_problem(std::initializer_list<std::string> whys) {
  for (const std::string& why : whys)
    if (!why.empty()) return why;
  return {};
}

std::string check_box(const Box& b) {
  if (std::string why = first_problem({check_coord("min_x", b.min_x), check_coord("min_y", b.min_y),
                                       check_coord("max_x", b.max_x), check_coord("max_y", b.max_y)});
      !why.empty())
    return why;
  if (!(b.min_x < b.max_x)) return "min_x must be < max_x, got " + num(b.min_x) + " and " + num(b.max_x);
  if (!(b.min_y < b.max_y)) return "min_y must be < max_y, got " + num(b.min_y) + " and " + num(b.max_y);
  return {};
}

std::string check_rotated_box(const RotatedBox& r) {
  if (std::string why = first_problem({check_coord("cx", r.cx), check_coord("cy", r.cy),
                                       check_size("width", r.width), check_size("height", r.height)});
      !why.empty())
    return why;
  if (!(std::isfinite(r.angle) && std::fabs(r.angle) <= 360))
    return "angle must be a finite number of degrees within -360..360, got " + num(r.angle);
  return {};
}

// "points[i] (x, y)".
std::string corner_text(std::span<const Point> pts, std::size_t i) {
  return "points[" + std::to_string(i) + "] " + point_text(pts[i]);
}

// Strictly convex: every corner strictly inside the half-plane of every edge it is not on (this
// also refuses a polygon that crosses itself, such as a star).
std::string check_convex(std::span<const Point> pts, double side) {
  const std::size_t n = pts.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = (i + 1) % n;
    const std::string edge = "the edge points[" + std::to_string(i) + "]-points[" + std::to_string(k) + "]";
    for (std::size_t j = 0; j < n; ++j) {
      if (j == i || j == k) continue;
      const double c = side * cross(pts[i], pts[k], pts[j]);
      if (c == 0) return corner_text(pts, j) + " is in line with " + edge + ": no three corners may be in a line";
      if (c < 0) return corner_text(pts, j) + " makes the polygon concave: it lies outside " + edge;
    }
  }
  return {};
}

std::string check_polygon(const Polygon& p) {
  const std::vector<Point>& pts = p.points;
  if (pts.size() < 3 || pts.size() > kMaxPolygonPoints)
    return "a polygon needs 3.." + std::to_string(kMaxPolygonPoints) + " points, got " + std::to_string(pts.size());
  for (std::size_t i = 0; i < pts.size(); ++i) {
    const std::string name = "points[" + std::to_string(i) + "]";
    if (std::string why = first_problem({check_coord(name + ".x", pts[i].x), check_coord(name + ".y", pts[i].y)});
        !why.empty())
      return why;
    for (std::size_t j = 0; j < i; ++j)
      if (pts[j] == pts[i]) return corner_text(pts, i) + " repeats points[" + std::to_string(j) + "]";
  }
  const double area = twice_area(pts);
  if (area == 0) return "the polygon has no area: its points are all in one line";
  return check_convex(pts, area > 0 ? 1.0 : -1.0);
}

}  // namespace

static_assert(std::variant_size_v<Shape> == 4, "shape_kind and shape_noun list every kind");

const char* shape_kind(const Shape& s) {
  static constexpr const char* kKinds[] = {"circle", "box", "rotated_box", "polygon"};
  return kKinds[s.index()];
}

const char* shape_noun(const Shape& s) {
  static constexpr const char* kNouns[] = {"a circle", "a box", "a rotated box", "a polygon"};
  return kNouns[s.index()];
}

std::string check_shape(const Shape& s) {
  if (const auto* c = std::get_if<Circle>(&s))
    return first_problem({check_coord("x", c->x), check_coord("y", c->y), check_size("radius", c->r)});
  if (const auto* b = std::get_if<Box>(&s)) return check_box(*b);
  if (const auto* r = std::get_if<RotatedBox>(&s)) return check_rotated_box(*r);
  return check_polygon(std::get<Polygon>(s));
}

std::string check_agent_radius(double r) {
  if (std::isfinite(r) && r >= 0 && r <= kMaxShapeCoord) return {};
  return "must be a finite number 0.." + num(kMaxShapeCoord) + ", got " + num(r);
}

// [SECTION] Corners, centre, moving, hull

std::vector<Point> shape_corners(const Shape& s) {
  if (const auto* b = std::get_if<Box>(&s))
    return {{b->min_x, b->min_y}, {b->max_x, b->min_y}, {b->max_x, b->max_y}, {b->min_x, b->max_y}};
  if (const auto* r = std::get_if<RotatedBox>(&s)) {
    const auto c = rotated_corners(*r);
    return {c.begin(), c.end()};
  }
  if (const auto* p = std::get_if<Polygon>(&s)) return p->points;
  return {};
}

Point shape_centre(const Shape& s) {
  if (const auto* c = std::get_if<Circle>(&s)) return {c->x, c->y};
  if (const auto* b = std::get_if<Box>(&s)) return {(b->min_x + b->max_x) / 2, (b->min_y + b->max_y) / 2};
  if (const auto* r = std::get_if<RotatedBox>(&s)) return {r->cx, r->cy};
  const auto& pts = std::get<Polygon>(s).points;
  if (pts.empty()) return {};
  Point sum;
  for (const Point& p : pts) sum = {sum.x + p.x, sum.y + p.y};
  const auto n = static_cast<double>(pts.size());
  return {sum.x / n, sum.y / n};
}

// A point is a segment of length 0, and "inside" is a distance of 0: one definition for both.
bool shape_contains(const Shape& s, double x, double y) { return segment_touches(s, x, y, x, y, 0.0); }

Shape translated(const Shape& s, double dx, double dy) {
  Shape out = s;
  if (auto* c = std::get_if<Circle>(&out)) {
    c->x += dx;
    c->y += dy;
  } else if (auto* b = std::get_if<Box>(&out)) {
    b->min_x += dx;
    b->max_x += dx;
    b->min_y += dy;
    b->max_y += dy;
  } else if (auto* r = std::get_if<RotatedBox>(&out)) {
    r->cx += dx;
    r->cy += dy;
  } else {
    for (Point& p : std::get<Polygon>(out).points) p = {p.x + dx, p.y + dy};
  }
  return out;
}

// Andrew's monotone chain: sorted by (x, y), the lower chain then the upper one, each keeping
// only right turns (cross > 0: clockwise on screen), which drops collinear points too.
std::vector<Point> convex_hull(std::vector<Point> points) {
  std::erase_if(points, [](const Point& p) { return !std::isfinite(p.x) || !std::isfinite(p.y); });
  auto less = [](const Point& a, const Point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); };
  std::sort(points.begin(), points.end(), less);
  points.erase(std::unique(points.begin(), points.end()), points.end());
  if (points.size() < 3) return points;
  std::vector<Point> hull;
  hull.reserve(points.size() + 1);
  auto add = [&](const Point& p, std::size_t keep) {
    while (hull.size() > keep && cross(hull[hull.size() - 2], hull.back(), p) <= 0) hull.pop_back();
    hull.push_back(p);
  };
  for (const Point& p : points) add(p, 1);
  const std::size_t lower = hull.size();
  for (std::size_t i = points.size() - 1; i-- > 0;) add(points[i], lower);
  hull.pop_back();  // the first point again
  return hull;
}

Point unit_vector(double degrees) {
  const auto [c, s] = cos_sin_degrees(degrees);
  return {c, s};
}

// [SECTION] The capsule test and bounds

bool segment_touches(const Shape& s, double ax, double ay, double bx, double by, double radius) {
  if (!(std::isfinite(ax) && std::isfinite(ay) && std::isfinite(bx) && std::isfinite(by) &&
        std::isfinite(radius) && radius >= 0 && finite_shape(s)))
    return false;
  if (const auto* c = std::get_if<Circle>(&s))
    return point_segment_dist2(c->x, c->y, ax, ay, bx, by) <= sq(c->r + radius);
  if (const auto* b = std::get_if<Box>(&s)) return box_touches(*b, ax, ay, bx, by, radius);
  if (const auto* r = std::get_if<RotatedBox>(&s))
    return convex_touches(rotated_corners(*r), ax, ay, bx, by, radius);
  return convex_touches(std::get<Polygon>(s).points, ax, ay, bx, by, radius);
}

Box widened_bounds(const Shape& s, double radius) {
  if (const auto* c = std::get_if<Circle>(&s))
    return {c->x - c->r - radius, c->y - c->r - radius, c->x + c->r + radius, c->y + c->r + radius};
  if (const auto* b = std::get_if<Box>(&s))
    return {b->min_x - radius, b->min_y - radius, b->max_x + radius, b->max_y + radius};
  // The corners' bounds, from the same corners segment_touches uses.
  std::array<Point, 4> box_corners;
  std::span<const Point> pts;
  if (const auto* r = std::get_if<RotatedBox>(&s)) {
    box_corners = rotated_corners(*r);
    pts = box_corners;
  } else {
    pts = std::get<Polygon>(s).points;
  }
  constexpr double kInf = std::numeric_limits<double>::infinity();
  Box out{kInf, kInf, -kInf, -kInf};  // no corners: empty
  for (const Point& p : pts)
    out = {std::min(out.min_x, p.x), std::min(out.min_y, p.y), std::max(out.max_x, p.x),
           std::max(out.max_y, p.y)};
  return {out.min_x - radius, out.min_y - radius, out.max_x + radius, out.max_y + radius};
}

// [SECTION] ShapeCache

void ShapeCache::drop() {
  if (buckets_built_ || !bits_.empty()) ++stats_.drops;
  buckets_built_ = false;
  bucket_start_.clear();
  bucket_shapes_.clear();
  bounds_.clear();
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
  // Each shape's bounds once: a rotated box's need its corners (a cosine and a sine).
  bounds_.resize(shapes.size());
  for (std::size_t i = 0; i < shapes.size(); ++i) bounds_[i] = widened_bounds(shapes[i], 0.0);
  // Two passes (count, then fill) so each bucket's shapes are contiguous.
  auto for_each_bucket = [&](std::size_t i, auto&& fn) {
    if (!finite_shape(shapes[i])) return;  // never touches anything
    const Box& wb = bounds_[i];
    int x0, x1, y0, y1;
    bucket_range(wb.min_x, wb.max_x, kBucketSide, bucket_cols_, x0, x1);
    bucket_range(wb.min_y, wb.max_y, kBucketSide, bucket_rows_, y0, y1);
    for (int by = y0; by <= y1; ++by)
      for (int bx = x0; bx <= x1; ++bx)
        fn(static_cast<std::size_t>(by) * static_cast<std::size_t>(bucket_cols_) +
           static_cast<std::size_t>(bx));
  };
  for (std::size_t i = 0; i < shapes.size(); ++i)
    for_each_bucket(i, [&](std::size_t b) { ++bucket_start_[b + 1]; });
  for (std::size_t b = 0; b < buckets; ++b) bucket_start_[b + 1] += bucket_start_[b];
  bucket_shapes_.resize(bucket_start_[buckets]);
  std::vector<std::uint32_t> fill(bucket_start_.begin(), bucket_start_.end() - 1);
  for (std::size_t i = 0; i < shapes.size(); ++i)
    for_each_bucket(i, [&](std::size_t b) { bucket_shapes_[fill[b]++] = static_cast<std::uint32_t>(i); });
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
        const Box& b0 = bounds_[i];  // widened by the radius as widened_bounds does
        if (b0.max_x + radius + kSlack < seg_lo_x || b0.min_x - radius - kSlack > seg_hi_x ||
            b0.max_y + radius + kSlack < seg_lo_y || b0.min_y - radius - kSlack > seg_hi_y)
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
