// Shape handles (astar/shape_handles.hpp): where they are, which one the mouse takes, and what a
// drag makes of the shape. Expected shapes are worked out by hand from the drag's rule (the
// opposite corner stays, the angle turns by the angle swept), or checked as properties.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "astar/shape_handles.hpp"

using namespace astar;

namespace {

ShapeHandle handle_of(const Shape& s, HandleKind kind, int index, double reach = 1.0) {
  for (const ShapeHandle& h : shape_handles(s, reach))
    if (h.kind == kind && h.index == index) return h;
  FAIL("no such handle");
  return {};
}

bool near(Point a, Point b, double tol = 1e-9) {
  return std::fabs(a.x - b.x) <= tol && std::fabs(a.y - b.y) <= tol;
}

bool has_corner(const Shape& s, Point p, double tol = 1e-9) {
  const auto corners = shape_corners(s);
  return std::any_of(corners.begin(), corners.end(), [&](Point q) { return near(p, q, tol); });
}

}  // namespace

TEST_CASE("shape handles: a circle's radius handle sets the radius, never below the minimum") {
  const Shape c = Circle{2, 3, 1};
  const auto hs = shape_handles(c, 1.0);
  REQUIRE(hs.size() == 1);
  CHECK(hs[0] == ShapeHandle{HandleKind::Radius, 0, {3, 3}});
  const auto bigger = drag_handle(c, hs[0], 2, 5.5, 1.0);  // 2.5 below the centre
  REQUIRE(bigger);
  CHECK(*bigger == Shape{Circle{2, 3, 2.5}});
  CHECK_FALSE(drag_handle(c, hs[0], 2, 3, 1.0));  // radius 0
  CHECK_FALSE(drag_handle(c, hs[0], NAN, 3, 1.0));
}

TEST_CASE("shape handles: a box's corner drag keeps the opposite corner, flipping when it crosses") {
  const Shape b = Box{1, 1, 3, 3};
  // Corners in shape_corners order: top-left, top-right, bottom-right, bottom-left.
  const ShapeHandle br = handle_of(b, HandleKind::Corner, 2);
  CHECK(br.at == Point{3, 3});
  CHECK(drag_handle(b, br, 5, 6, 1.0) == std::optional<Shape>(Box{1, 1, 5, 6}));
  CHECK(drag_handle(b, br, 0, 0.5, 1.0) == std::optional<Shape>(Box{0, 0.5, 1, 1}));  // past the top-left
  const ShapeHandle tr = handle_of(b, HandleKind::Corner, 1);
  CHECK(drag_handle(b, tr, 4, -1, 1.0) == std::optional<Shape>(Box{1, -1, 4, 3}));
  CHECK_FALSE(drag_handle(b, br, 1.01, 5, 1.0));  // narrower than kMinShapeSize
}

TEST_CASE("shape handles: a rotated box's corner drag keeps the opposite corner and the angle") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> angle(-180, 180), size(0.5, 4), pos(-5, 5), grow(0.3, 3);
  for (int round = 0; round < 500; ++round) {
    const RotatedBox r{pos(rng), pos(rng), size(rng), size(rng), angle(rng)};
    const auto corners = shape_corners(r);
    REQUIRE(corners.size() == 4);
    const int i = round % 4;
    const Point o = corners[static_cast<std::size_t>((i + 2) % 4)];
    const Point c = corners[static_cast<std::size_t>(i)];
    // Drag the corner further out along the diagonal from the opposite corner (by `k`), so the
    // box keeps its orientation: the new size is the old one times k.
    const double k = grow(rng);
    const Point to{o.x + (c.x - o.x) * k, o.y + (c.y - o.y) * k};
    const auto out = drag_handle(r, handle_of(r, HandleKind::Corner, i), to.x, to.y, 1.0);
    REQUIRE(out);
    const auto& rb = std::get<RotatedBox>(*out);
    CHECK(rb.angle == r.angle);
    CHECK(rb.width == doctest::Approx(r.width * k).epsilon(1e-9));
    CHECK(rb.height == doctest::Approx(r.height * k).epsilon(1e-9));
    CHECK(has_corner(*out, o, 1e-9));
    CHECK(has_corner(*out, to, 1e-9));
  }
}

TEST_CASE("shape handles: the rotate handle turns a box into a rotated box, snapped") {
  const Shape b = Box{0, 0, 4, 2};  // centre (2, 1)
  const ShapeHandle rot = handle_of(b, HandleKind::Rotate, 0, 1.0);
  CHECK(rot.at == Point{2, -1});  // 1 above the top edge's middle
  // From straight up to straight right of the centre: a quarter turn, +x towards +y.
  const auto quarter = drag_handle(b, rot, 9, 1, 1.0);
  REQUIRE(quarter);
  CHECK(*quarter == Shape{RotatedBox{2, 1, 4, 2, 90}});
  // Turned exactly: the 4 x 2 box stands 2 wide and 4 tall about (2, 1).
  for (Point p : {Point{1, -1}, Point{3, -1}, Point{3, 3}, Point{1, 3}}) CHECK(has_corner(*quarter, p, 0.0));
  // 50 degrees from straight up, with 15-degree snapping: 45.
  const double a = 50.0 * std::numbers::pi / 180.0;
  const auto snapped = drag_handle(b, rot, 2 + 10 * std::sin(a), 1 - 10 * std::cos(a), 15.0);
  REQUIRE(snapped);
  CHECK(std::get<RotatedBox>(*snapped).angle == 45.0);
  // Not turned (less than half a degree): still the box.
  CHECK(drag_handle(b, rot, 2.001, -1, 1.0) == std::optional<Shape>(b));
  // The handle of a rotated box stands off its own top: at 90 degrees, to the right.
  CHECK(near(handle_of(*quarter, HandleKind::Rotate, 0, 1.0).at, Point{2 + 1 + 1, 1}));
  // Turning on past 180 comes round to -180..180.
  const auto more = drag_handle(*quarter, handle_of(*quarter, HandleKind::Rotate, 0, 1.0), 2, 9, 1.0);
  REQUIRE(more);
  CHECK(std::get<RotatedBox>(*more).angle == 180.0);
  const auto past = drag_handle(*more, handle_of(*more, HandleKind::Rotate, 0, 1.0), -9, 1, 1.0);
  REQUIRE(past);
  CHECK(std::get<RotatedBox>(*past).angle == -90.0);
}

TEST_CASE("shape handles: a polygon's corners move while it stays convex, and turn about their centre") {
  const Shape sq = Polygon{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}};  // centre (1, 1)
  const ShapeHandle c2 = handle_of(sq, HandleKind::Corner, 2);
  CHECK(c2.at == Point{2, 2});
  CHECK(drag_handle(sq, c2, 3, 3, 1.0) == std::optional<Shape>(Polygon{{{0, 0}, {2, 0}, {3, 3}, {0, 2}}}));
  CHECK_FALSE(drag_handle(sq, c2, 0.5, 0.5, 1.0));  // a dent: concave
  CHECK_FALSE(drag_handle(sq, c2, 1, 1, 1.0));      // on the line from (2, 0) to (0, 2)
  CHECK(drag_handle(sq, c2, 2, 1, 1.0));            // still convex
  // A quarter turn about (1, 1) maps the square onto itself, each corner to the next place.
  const ShapeHandle rot = handle_of(sq, HandleKind::Rotate, 0, 1.0);
  CHECK(rot.at == Point{1, -1});
  const auto turned = drag_handle(sq, rot, 5, 1, 1.0);
  REQUIRE(turned);
  CHECK(*turned == Shape{Polygon{{{2, 0}, {2, 2}, {0, 2}, {0, 0}}}});
}

TEST_CASE("shape handles: a polygon's edge handles add a corner; Shift+click removes one") {
  const Shape sq = Polygon{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}};
  const ShapeHandle top = handle_of(sq, HandleKind::Insert, 0);
  CHECK(top.at == Point{1, 0});
  CHECK_FALSE(drag_handle(sq, top, 1, 0, 1.0));  // on the edge: three corners in a line
  const auto house = drag_handle(sq, top, 1, -1, 1.0);
  REQUIRE(house);
  CHECK(*house == Shape{Polygon{{{0, 0}, {1, -1}, {2, 0}, {2, 2}, {0, 2}}}});
  CHECK(remove_corner(*house, 1) == std::optional<Shape>(sq));
  const Shape tri = Polygon{{{0, 0}, {2, 0}, {1, 2}}};
  CHECK_FALSE(remove_corner(tri, 0));
  CHECK_FALSE(remove_corner(Circle{0, 0, 1}, 0));
  // A polygon at the corner limit offers no edge handles.
  Polygon many;
  for (std::size_t i = 0; i < kMaxPolygonPoints; ++i) {
    const double a = 2 * std::numbers::pi * static_cast<double>(i) / kMaxPolygonPoints;
    many.points.push_back({10 * std::cos(a), 10 * std::sin(a)});
  }
  REQUIRE(check_shape(many).empty());
  for (const ShapeHandle& h : shape_handles(many, 1.0)) CHECK(h.kind != HandleKind::Insert);
}

TEST_CASE("shape handles: handle_at takes the nearest handle within reach, corners first") {
  const Shape sq = Polygon{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}};
  CHECK(handle_at(sq, 1.0, 2.1, 1.9, 0.2) == std::optional<ShapeHandle>(ShapeHandle{HandleKind::Corner, 2, {2, 2}}));
  CHECK(handle_at(sq, 1.0, 1.05, 0.1, 0.2) == std::optional<ShapeHandle>(ShapeHandle{HandleKind::Insert, 0, {1, 0}}));
  CHECK(handle_at(sq, 1.0, 1.0, -0.9, 0.2) == std::optional<ShapeHandle>(ShapeHandle{HandleKind::Rotate, 0, {1, -1}}));
  CHECK_FALSE(handle_at(sq, 1.0, 1, 1, 0.2));
  // A tiny polygon: a corner and an edge handle equally near; the corner wins.
  const Shape tiny = Polygon{{{0, 0}, {0.2, 0}, {0.2, 0.2}, {0, 0.2}}};
  const auto h = handle_at(tiny, 1.0, 0.05, 0, 0.5);
  REQUIRE(h);
  CHECK(h->kind == HandleKind::Corner);
  CHECK(h->index == 0);
}
