// Shape handles: where they are, which one the mouse is on, and the shape a drag makes.
#include "astar/shape_handles.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <variant>

namespace astar {

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

// p turned by `degrees` about c (+x towards +y).
Point turned(Point p, Point c, double degrees) {
  const Point u = unit_vector(degrees);
  const double dx = p.x - c.x, dy = p.y - c.y;
  return {c.x + dx * u.x - dy * u.y, c.y + dx * u.y + dy * u.x};
}

// An angle in degrees brought into -180..180.
double normalised(double degrees) {
  double a = std::fmod(degrees, 360.0);
  if (a > 180.0) a -= 360.0;
  if (a < -180.0) a += 360.0;
  return a;
}

double snapped(double degrees, double snap) {
  return snap > 0 ? std::round(degrees / snap) * snap : degrees;
}

// The rotate handle: `reach` beyond the middle of the shape's top.
Point rotate_handle(const Shape& s, double reach) {
  if (const auto* r = std::get_if<RotatedBox>(&s)) {
    const Point u = unit_vector(r->angle);  // the box's +x; its top is along -(-sin, cos)
    const double out = r->height / 2 + reach;
    return {r->cx + out * u.y, r->cy - out * u.x};
  }
  const Box b = widened_bounds(s, 0.0);
  return {shape_centre(s).x, b.min_y - reach};
}

std::optional<Shape> checked(Shape s) {
  if (!check_shape(s).empty()) return std::nullopt;
  return s;
}

std::optional<Shape> drag_corner(const Shape& before, int i, double x, double y) {
  const std::vector<Point> corners = shape_corners(before);
  if (i < 0 || static_cast<std::size_t>(i) >= corners.size()) return std::nullopt;
  if (const auto* p = std::get_if<Polygon>(&before)) {
    Polygon out = *p;
    out.points[static_cast<std::size_t>(i)] = {x, y};
    return checked(out);
  }
  const Point o = corners[(static_cast<std::size_t>(i) + 2) % 4];  // the corner that stays
  if (std::holds_alternative<Box>(before)) {
    const Box out{std::min(o.x, x), std::min(o.y, y), std::max(o.x, x), std::max(o.y, y)};
    if (out.max_x - out.min_x < kMinShapeSize || out.max_y - out.min_y < kMinShapeSize)
      return std::nullopt;
    return checked(out);
  }
  RotatedBox out = std::get<RotatedBox>(before);
  const Point u = unit_vector(out.angle);
  const double dx = x - o.x, dy = y - o.y;
  out.width = std::fabs(dx * u.x + dy * u.y);   // along the box's +x
  out.height = std::fabs(dy * u.x - dx * u.y);  // along its +y
  if (out.width < kMinShapeSize || out.height < kMinShapeSize) return std::nullopt;
  out.cx = (o.x + x) / 2;
  out.cy = (o.y + y) / 2;
  return checked(out);
}

std::optional<Shape> drag_rotate(const Shape& before, Point from, double x, double y, double snap) {
  const Point c = shape_centre(before);
  const double swept = (std::atan2(y - c.y, x - c.x) - std::atan2(from.y - c.y, from.x - c.x)) * kDegrees;
  if (const auto* p = std::get_if<Polygon>(&before)) {
    const double by = snapped(normalised(swept), snap);
    Polygon out = *p;
    for (Point& q : out.points) q = turned(q, c, by);
    return checked(out);
  }
  RotatedBox out;
  if (const auto* b = std::get_if<Box>(&before)) {
    out = RotatedBox{c.x, c.y, b->max_x - b->min_x, b->max_y - b->min_y, 0.0};
  } else if (const auto* r = std::get_if<RotatedBox>(&before)) {
    out = *r;
  } else {
    return std::nullopt;  // circles have no rotate handle
  }
  out.angle = normalised(snapped(out.angle + swept, snap));
  if (out.angle == 0.0 && std::holds_alternative<Box>(before)) return before;  // not turned yet
  return checked(out);
}

}  // namespace

std::vector<ShapeHandle> shape_handles(const Shape& s, double reach) {
  std::vector<ShapeHandle> out;
  if (const auto* c = std::get_if<Circle>(&s)) {
    out.push_back({HandleKind::Radius, 0, {c->x + c->r, c->y}});
    return out;
  }
  const std::vector<Point> corners = shape_corners(s);
  for (std::size_t i = 0; i < corners.size(); ++i)
    out.push_back({HandleKind::Corner, static_cast<int>(i), corners[i]});
  if (std::holds_alternative<Polygon>(s) && corners.size() < kMaxPolygonPoints)
    for (std::size_t i = 0; i < corners.size(); ++i) {
      const Point a = corners[i], b = corners[(i + 1) % corners.size()];
      out.push_back({HandleKind::Insert, static_cast<int>(i), {(a.x + b.x) / 2, (a.y + b.y) / 2}});
    }
  out.push_back({HandleKind::Rotate, 0, rotate_handle(s, reach)});
  return out;
}

std::optional<ShapeHandle> handle_at(const Shape& s, double reach, double x, double y, double grab) {
  std::optional<ShapeHandle> best;
  double best_d = grab;
  for (const ShapeHandle& h : shape_handles(s, reach)) {
    const double d = std::max(std::fabs(h.at.x - x), std::fabs(h.at.y - y));
    if (d <= grab && (!best || d < best_d)) {
      best = h;
      best_d = d;
    }
  }
  return best;
}

std::optional<Shape> drag_handle(const Shape& before, const ShapeHandle& h, double x, double y,
                                 double snap_degrees) {
  if (!std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
  switch (h.kind) {
    case HandleKind::Corner: return drag_corner(before, h.index, x, y);
    case HandleKind::Rotate: return drag_rotate(before, h.at, x, y, snap_degrees);
    case HandleKind::Radius: {
      const auto* c = std::get_if<Circle>(&before);
      if (!c) return std::nullopt;
      const double r = std::hypot(x - c->x, y - c->y);
      if (r < kMinShapeSize) return std::nullopt;
      return checked(Circle{c->x, c->y, r});
    }
    case HandleKind::Insert: {
      const auto* p = std::get_if<Polygon>(&before);
      if (!p || h.index < 0 || static_cast<std::size_t>(h.index) >= p->points.size()) return std::nullopt;
      Polygon out = *p;
      out.points.insert(out.points.begin() + h.index + 1, Point{x, y});
      return checked(out);
    }
  }
  return std::nullopt;
}

std::optional<Shape> remove_corner(const Shape& s, std::size_t i) {
  const auto* p = std::get_if<Polygon>(&s);
  if (!p || p->points.size() <= 3 || i >= p->points.size()) return std::nullopt;
  Polygon out = *p;
  out.points.erase(out.points.begin() + static_cast<std::ptrdiff_t>(i));
  return checked(out);  // removing a corner of a convex polygon keeps it convex
}

}  // namespace astar
