// Collision shapes (circles, boxes, rotated boxes, convex polygons): the capsule geometry against
// hand-computed cases and a brute-force reference, the shapes' checks and convex hulls, moves and
// searches around shapes on small maps, the per-cell cache, and the raycast lesson.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "astar/level_io.hpp"
#include "astar/line_of_sight.hpp"
#include "astar/moves.hpp"
#include "astar/search.hpp"
#include "astar/shapes.hpp"
#include "astar/smoothing.hpp"
#include "support/oracle.hpp"
#include "support/path_text.hpp"

using namespace astar;
using astar::test::ascii_level;
using astar::test::oracle_capsule_touches;
using astar::test::oracle_distances;
using astar::test::oracle_segment_shape_distance;

namespace {

// True when every step of `path` (cell centre to cell centre) keeps `radius` away from every
// shape, by the brute-force reference.
bool path_clear(const Level& lv, const std::vector<Cell>& path, double radius) {
  for (std::size_t k = 1; k < path.size(); ++k)
    if (oracle_capsule_touches(lv, path[k - 1].x + 0.5, path[k - 1].y + 0.5, path[k].x + 0.5,
                               path[k].y + 0.5, radius))
      return false;
  return true;
}

double oracle_cost(const Level& lv) {
  return oracle_distances(lv, lv.rules())[to_u32(lv.index(lv.goal()))];
}

double real_in(std::mt19937& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}

// A convex polygon around (x, y) at most `size` from it: the hull of 3..10 random points.
Polygon random_polygon(std::mt19937& rng, double x, double y, double size) {
  for (;;) {
    std::vector<Point> pts(std::uniform_int_distribution<std::size_t>(3, 10)(rng));
    for (Point& p : pts) p = {x + real_in(rng, -size, size), y + real_in(rng, -size, size)};
    Polygon poly{convex_hull(pts)};
    if (poly.points.size() >= 3) return poly;
  }
}

// A random shape of each kind in turn (kind % 4: circle, box, rotated box, polygon) near (x, y).
Shape random_shape(std::mt19937& rng, int kind, double x, double y, double size) {
  switch (kind % 4) {
    case 0: return Circle{x, y, real_in(rng, 0.05, size / 2)};
    case 1: return Box{x, y, x + real_in(rng, 0.05, size), y + real_in(rng, 0.05, size)};
    case 2: return RotatedBox{x, y, real_in(rng, 0.05, size), real_in(rng, 0.05, size), real_in(rng, -360, 360)};
    default: return random_polygon(rng, x, y, size / 2);
  }
}

std::vector<Point> reversed(std::vector<Point> pts) {
  std::reverse(pts.begin(), pts.end());
  return pts;
}

}  // namespace

// [SECTION] Geometry

TEST_CASE("[shapes] circle against a capsule: hand-computed distances, touching counts") {
  // The segment (0,0)-(4,0); a circle of radius 0.5 at (2,1) is 1 from the segment, 0.5 from
  // its edge: a radius of 0.5 touches exactly.
  const Shape c = Circle{2, 1, 0.5};
  CHECK_FALSE(segment_touches(c, 0, 0, 4, 0, 0.0));
  CHECK_FALSE(segment_touches(c, 0, 0, 4, 0, 0.49));
  CHECK(segment_touches(c, 0, 0, 4, 0, 0.5));
  // Beyond the end: (6,0) r 1 is 2 from the end (4,0).
  const Shape far = Circle{6, 0, 1};
  CHECK_FALSE(segment_touches(far, 0, 0, 4, 0, 0.99));
  CHECK(segment_touches(far, 0, 0, 4, 0, 1.0));
  // The same with the segment reversed, and a point (a disc) instead of a segment.
  CHECK(segment_touches(far, 4, 0, 0, 0, 1.0));
  CHECK(segment_touches(far, 4, 0, 4, 0, 1.0));
  CHECK_FALSE(segment_touches(far, 3.9, 0, 3.9, 0, 1.0));
  // The segment through the circle, both ends outside.
  CHECK(segment_touches(Circle{2, 0, 0.1}, 0, 0, 4, 0, 0.0));
}

TEST_CASE("[shapes] box against a capsule: crossing, end inside, grazing, corners") {
  // A box straddling the segment y = 0, no end inside: crossing touches at radius 0.
  CHECK(segment_touches(Box{1, -1, 2, 1}, 0, 0, 4, 0, 0.0));
  // Both ends inside the box.
  CHECK(segment_touches(Box{1, -1, 2, 1}, 1.5, 0, 1.6, 0.2, 0.0));
  // One end inside.
  CHECK(segment_touches(Box{1, -1, 2, 1}, 1.5, 0, 5, 5, 0.0));
  // Grazing: the box's bottom edge lies on the segment.
  CHECK(segment_touches(Box{1, 0, 2, 1}, 0, 0, 4, 0, 0.0));
  // A gap of 0.5 above the segment.
  CHECK_FALSE(segment_touches(Box{1, 0.5, 2, 1}, 0, 0, 4, 0, 0.4));
  CHECK(segment_touches(Box{1, 0.5, 2, 1}, 0, 0, 4, 0, 0.5));
  // Past the end: the box starts 1 to the right of (4, 0).
  CHECK_FALSE(segment_touches(Box{5, -1, 6, 1}, 0, 0, 4, 0, 0.75));
  CHECK(segment_touches(Box{5, -1, 6, 1}, 0, 0, 4, 0, 1.0));
  // Nearest at a corner: the line x + y = 5 passes (3, 3) at 1/sqrt(2) = 0.7071.
  CHECK_FALSE(segment_touches(Box{3, 3, 4, 4}, 0, 5, 5, 0, 0.70));
  CHECK(segment_touches(Box{3, 3, 4, 4}, 0, 5, 5, 0, 0.71));
  // Through the corner exactly: x + y = 6 passes (3, 3).
  CHECK(segment_touches(Box{3, 3, 4, 4}, 0, 6, 6, 0, 0.0));
  // A vertical segment beside the box, and a point.
  CHECK_FALSE(segment_touches(Box{1, 1, 2, 2}, 0.5, 0, 0.5, 3, 0.49));
  CHECK(segment_touches(Box{1, 1, 2, 2}, 0.5, 0, 0.5, 3, 0.5));
  CHECK(segment_touches(Box{1, 1, 2, 2}, 1.5, 1.5, 1.5, 1.5, 0.0));
}

TEST_CASE("[shapes] non-finite input never touches and never crashes") {
  const double nan = std::nan("");
  CHECK_FALSE(segment_touches(Circle{nan, 0, 1}, 0, 0, 1, 0, 0));
  CHECK_FALSE(segment_touches(Box{0, 0, 1, 1}, nan, 0, 1, 0, 0));
  CHECK_FALSE(segment_touches(Box{0, 0, 1, 1}, 0, 0, 1, 0, nan));
  CHECK_FALSE(segment_touches(Box{0, 0, 1, 1}, 0, 0, 1, 0, -1));
}

TEST_CASE("[shapes] segment_touches agrees with a brute-force distance on random cases") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(-5, 5), size(0.05, 3), rad(0, 1.5);
  int touching = 0, apart = 0;
  for (int n = 0; n < 20000; ++n) {
    Shape s;
    if (n % 2) {
      s = Circle{pos(rng), pos(rng), size(rng)};
    } else {
      const double x = pos(rng), y = pos(rng);
      s = Box{x, y, x + size(rng), y + size(rng)};
    }
    const double ax = pos(rng), ay = pos(rng);
    // Some segments are points, some axis-aligned.
    const double bx = n % 7 == 0 ? ax : pos(rng), by = n % 11 == 0 ? ay : pos(rng);
    const double r = n % 5 == 0 ? 0.0 : rad(rng);
    const double d = oracle_segment_shape_distance(s, ax, ay, bx, by);
    if (std::fabs(d - r) < 1e-9) continue;  // too close to call for the reference
    CAPTURE(n);
    CHECK(segment_touches(s, ax, ay, bx, by, r) == (d <= r));
    (d <= r ? touching : apart)++;
  }
  CHECK(touching > 3000);
  CHECK(apart > 3000);
}

TEST_CASE("[shapes] check_shape and check_agent_radius name the bad value") {
  CHECK(check_shape(Circle{1, 2, 0.5}).empty());
  CHECK(check_shape(Circle{1, 2, -1}) == "radius must be > 0, got -1");
  CHECK(check_shape(Circle{1, 2, 0}) == "radius must be > 0, got 0");
  CHECK(check_shape(Circle{std::nan(""), 2, 1}) ==
        "x must be a finite number within -1000000..1000000, got nan");
  CHECK(check_shape(Box{0, 0, 1, 1}).empty());
  CHECK(check_shape(Box{3, 0, 2, 1}) == "min_x must be < max_x, got 3 and 2");
  CHECK(check_shape(Box{0, 1, 2, 1}) == "min_y must be < max_y, got 1 and 1");
  CHECK(check_shape(Box{0, 0, 2e6, 1}) ==
        "max_x must be a finite number within -1000000..1000000, got 2000000");
  CHECK(check_agent_radius(0).empty());
  CHECK(check_agent_radius(0.3).empty());
  CHECK(check_agent_radius(-0.1) == "must be a finite number 0..1000000, got -0.1");
  CHECK(check_agent_radius(INFINITY) == "must be a finite number 0..1000000, got inf");
}

TEST_CASE("[shapes] polygon against a capsule: crossing, ends inside, grazing, corners, either winding") {
  // A diamond: the square of side sqrt(2) turned 45 degrees, corners (2, -1), (3, 0), (2, 1), (1, 0).
  const std::vector<Point> corners{{2, -1}, {3, 0}, {2, 1}, {1, 0}};
  for (const Shape& d : {Shape{Polygon{corners}}, Shape{Polygon{reversed(corners)}}}) {
    CHECK(segment_touches(d, 0, 0, 4, 0, 0.0));          // crossing, no end inside
    CHECK(segment_touches(d, 2, 0, 5, 5, 0.0));          // one end inside
    CHECK(segment_touches(d, 1.9, 0.1, 2.1, -0.1, 0.0)); // both ends inside
    CHECK(segment_touches(d, 2.5, 0.5, 2.5, 0.5, 0.0));  // a point on the edge (3, 0)-(2, 1)
    CHECK(segment_touches(d, 2, -1, 3, 0, 0.0));         // lying along an edge
    // Through the corner (3, 0) exactly; a hair to its right misses.
    CHECK(segment_touches(d, 3, -1, 3, 1, 0.0));
    CHECK_FALSE(segment_touches(d, 3.001, -1, 3.001, 1, 0.0));
    // 0.5 below the bottom corner (2, 1): touching exactly at radius 0.5.
    CHECK_FALSE(segment_touches(d, 0, 1.5, 4, 1.5, 0.49));
    CHECK(segment_touches(d, 0, 1.5, 4, 1.5, 0.5));
    // Past the right corner by 1 along the axis: the nearest point is the segment's end.
    CHECK_FALSE(segment_touches(d, 4, 0, 6, 0, 0.99));
    CHECK(segment_touches(d, 4, 0, 6, 0, 1.0));
    // Beside the middle of the edge (2, -1)-(3, 0): the disc at (3, -1) is 1/sqrt(2) = 0.7071 away,
    // and so is the parallel segment (3, -1)-(4, 0).
    CHECK_FALSE(segment_touches(d, 3, -1, 3, -1, 0.70));
    CHECK(segment_touches(d, 3, -1, 3, -1, 0.71));
    CHECK_FALSE(segment_touches(d, 3, -1, 4, 0, 0.70));
    CHECK(segment_touches(d, 3, -1, 4, 0, 0.71));
  }
  // A triangle whose bottom edge is 0.5 above the segment: exactly 0.5 touches.
  const Shape tri = Polygon{{{1, 1}, {3, 1}, {2, 2}}};
  CHECK_FALSE(segment_touches(tri, 0, 0.5, 4, 0.5, std::nextafter(0.5, 0.0)));
  CHECK(segment_touches(tri, 0, 0.5, 4, 0.5, 0.5));
}

TEST_CASE("[shapes] rotated box: corners, the direction of the angle, the capsule") {
  // 4 wide, 2 high, centred on (2, 1), turned 90: top-left (0, 0) goes to the top-right.
  CHECK(shape_corners(RotatedBox{2, 1, 4, 2, 90}) == std::vector<Point>{{3, -1}, {3, 3}, {1, 3}, {1, -1}});
  CHECK(shape_corners(RotatedBox{2, 1, 4, 2, 0}) == std::vector<Point>{{0, 0}, {4, 0}, {4, 2}, {0, 2}});
  CHECK(shape_corners(RotatedBox{2, 1, 4, 2, -180}) == std::vector<Point>{{4, 2}, {0, 2}, {0, 0}, {4, 0}});
  CHECK(shape_corners(Box{0, 0, 4, 2}) == std::vector<Point>{{0, 0}, {4, 0}, {4, 2}, {0, 2}});
  CHECK(shape_corners(Circle{1, 1, 1}).empty());
  // Turned 30: the middle of the right edge, (1, 0) from the centre, moves to (cos 30, sin 30):
  // downwards on screen.
  const auto c = shape_corners(RotatedBox{0, 0, 2, 2, 30});
  REQUIRE(c.size() == 4);
  CHECK((c[1].x + c[2].x) / 2 == doctest::Approx(std::sqrt(3.0) / 2));
  CHECK((c[1].y + c[2].y) / 2 == doctest::Approx(0.5));
  // The diamond of the polygon test as a rotated box (corners rounded): the same answers away
  // from the exact distances.
  const Shape d = RotatedBox{2, 0, std::sqrt(2.0), std::sqrt(2.0), 45};
  CHECK(segment_touches(d, 0, 0, 4, 0, 0.0));
  CHECK(segment_touches(d, 2, 0, 2, 0, 0.0));
  CHECK_FALSE(segment_touches(d, 0, 1.5, 4, 1.5, 0.49));
  CHECK(segment_touches(d, 0, 1.5, 4, 1.5, 0.51));
  CHECK_FALSE(segment_touches(d, 3, -1, 3, -1, 0.70));
  CHECK(segment_touches(d, 3, -1, 3, -1, 0.71));
}

TEST_CASE("[shapes] a rotated box turned by a multiple of 90 is exactly the box; so is its polygon") {
  // Coordinates and radii are multiples of 1/8, so the exact distances are often exactly the
  // radius: touching at exactly the distance must come out the same as the box's answer.
  std::mt19937 rng(5);
  auto eighths = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng) / 8.0; };
  const double angles[] = {0, 90, 180, 270, 360, -90, -180, -270, -360};
  int touching = 0, apart = 0, exactly = 0;
  for (int n = 0; n < 30000; ++n) {
    const double cx = eighths(-32, 32), cy = eighths(-32, 32), w = eighths(1, 24), h = eighths(1, 24);
    const double angle = angles[n % std::size(angles)];
    const bool quarter = std::fmod(std::fabs(angle), 180.0) == 90.0;  // width and height swap
    const double hx = (quarter ? h : w) / 2, hy = (quarter ? w : h) / 2;
    const Box box{cx - hx, cy - hy, cx + hx, cy + hy};
    const RotatedBox rb{cx, cy, w, h, angle};
    const std::vector<Point> rc = shape_corners(rb), bc = shape_corners(box);
    CAPTURE(n);
    REQUIRE(std::is_permutation(rc.begin(), rc.end(), bc.begin(), bc.end()));
    const double ax = eighths(-48, 48), ay = eighths(-48, 48);
    const double bx = n % 7 == 0 ? ax : eighths(-48, 48), by = n % 11 == 0 ? ay : eighths(-48, 48);
    const double r = eighths(0, 12);
    const bool want = segment_touches(box, ax, ay, bx, by, r);
    CHECK(segment_touches(rb, ax, ay, bx, by, r) == want);
    CHECK(segment_touches(Polygon{bc}, ax, ay, bx, by, r) == want);
    CHECK(segment_touches(Polygon{reversed(bc)}, ax, ay, bx, by, r) == want);
    (want ? touching : apart)++;
    if (want && r > 0 && !segment_touches(box, ax, ay, bx, by, std::nextafter(r, 0.0))) ++exactly;
  }
  CHECK(touching > 5000);
  CHECK(apart > 5000);
  CHECK(exactly > 40);  // the exact-touch cases were really exercised (a floor, not a count)
}

TEST_CASE("[shapes] rotated boxes and polygons agree with a brute-force distance on random cases") {
  std::mt19937 rng(9);
  int touching = 0, apart = 0;
  for (int n = 0; n < 20000; ++n) {
    const Shape s = random_shape(rng, 2 + n % 2, real_in(rng, -5, 5), real_in(rng, -5, 5), 3);
    CAPTURE(n);
    REQUIRE(check_shape(s).empty());
    const double ax = real_in(rng, -5, 5), ay = real_in(rng, -5, 5);
    const double bx = n % 7 == 0 ? ax : real_in(rng, -5, 5), by = n % 11 == 0 ? ay : real_in(rng, -5, 5);
    const double r = n % 5 == 0 ? 0.0 : real_in(rng, 0, 1.5);
    // A rotated box is the polygon of its corners, exactly.
    if (std::holds_alternative<RotatedBox>(s))
      CHECK(segment_touches(Polygon{shape_corners(s)}, ax, ay, bx, by, r) ==
            segment_touches(s, ax, ay, bx, by, r));
    const double d = oracle_segment_shape_distance(s, ax, ay, bx, by);
    if (std::fabs(d - r) < 1e-9) continue;  // too close to call for the reference
    CHECK(segment_touches(s, ax, ay, bx, by, r) == (d <= r));
    (d <= r ? touching : apart)++;
  }
  CHECK(touching > 3000);
  CHECK(apart > 3000);
}

TEST_CASE("[shapes] rotated boxes and polygons with NaN never touch") {
  const double nan = std::nan("");
  CHECK_FALSE(segment_touches(RotatedBox{0, 0, 1, 1, nan}, 0, 0, 1, 0, 0));
  CHECK_FALSE(segment_touches(RotatedBox{nan, 0, 1, 1, 0}, 0, 0, 1, 0, 0));
  CHECK_FALSE(segment_touches(Polygon{{{0, 0}, {1, nan}, {0, 1}}}, 0, 0, 1, 0, 1));
  CHECK_FALSE(segment_touches(Polygon{{{0, 0}, {1, 0}, {0, 1}}}, 0, nan, 1, 0, 1));
  CHECK_FALSE(segment_touches(Polygon{}, 0, 0, 1, 0, 1));
  CHECK_FALSE(shape_contains(Polygon{{{0, 0}, {1, 0}, {0, 1}}}, nan, 0));
}

TEST_CASE("[shapes] check_shape refuses bad rotated boxes and polygons, naming the value") {
  CHECK(check_shape(RotatedBox{1, 2, 3, 4, 45}).empty());
  CHECK(check_shape(RotatedBox{1, 2, 3, 4, -360}).empty());
  CHECK(check_shape(RotatedBox{1, 2, 3, 4, 360}).empty());
  CHECK(check_shape(RotatedBox{1, 2, 0, 4, 0}) == "width must be > 0, got 0");
  CHECK(check_shape(RotatedBox{1, 2, 3, -1, 0}) == "height must be > 0, got -1");
  CHECK(check_shape(RotatedBox{1, 2, 2e6, 1, 0}) == "width must be at most 1000000, got 2000000");
  CHECK(check_shape(RotatedBox{1, 2, 3, 4, 400}) ==
        "angle must be a finite number of degrees within -360..360, got 400");
  CHECK(check_shape(RotatedBox{1, 2, 3, 4, std::nan("")}) ==
        "angle must be a finite number of degrees within -360..360, got nan");
  CHECK(check_shape(RotatedBox{2e6, 2, 3, 4, 0}) ==
        "cx must be a finite number within -1000000..1000000, got 2000000");

  const std::vector<Point> square{{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  CHECK(check_shape(Polygon{square}).empty());
  CHECK(check_shape(Polygon{reversed(square)}).empty());
  CHECK(check_shape(Polygon{{{0, 0}, {1, 0}, {0, 1}}}).empty());
  CHECK(check_shape(Polygon{{{0, 0}, {1, 0}}}) == "a polygon needs 3..64 points, got 2");
  CHECK(check_shape(Polygon{}) == "a polygon needs 3..64 points, got 0");
  std::vector<Point> ring;
  for (int k = 0; k < 65; ++k) ring.push_back({100 * std::cos(k * 0.0966), 100 * std::sin(k * 0.0966)});
  CHECK(check_shape(Polygon{ring}) == "a polygon needs 3..64 points, got 65");
  ring.pop_back();
  CHECK(check_shape(Polygon{ring}).empty());  // 64 corners on a circle: strictly convex
  CHECK(check_shape(Polygon{{{0, 0}, {1, std::nan("")}, {0, 1}}}) ==
        "points[1].y must be a finite number within -1000000..1000000, got nan");
  CHECK(check_shape(Polygon{{{0, 0}, {1, 0}, {0, 0}, {0, 1}}}) == "points[2] (0, 0) repeats points[0]");
  CHECK(check_shape(Polygon{{{0, 0}, {1, 1}, {3, 3}}}) == "the polygon has no area: its points are all in one line");
  // A bow tie crosses itself and its two halves cancel out.
  CHECK(check_shape(Polygon{{{0, 0}, {2, 2}, {2, 0}, {0, 2}}}) ==
        "the polygon has no area: its points are all in one line");
  // A corner on the middle of an edge.
  CHECK(check_shape(Polygon{{{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}}}) ==
        "points[2] (2, 0) is in line with the edge points[0]-points[1]: no three corners may be in a line");
  // An arrowhead: (2, 1) is a dent, and (0, 0) lies outside the edge (4, 4)-(2, 1) leading into it.
  CHECK(check_shape(Polygon{{{0, 0}, {4, 0}, {4, 4}, {2, 1}, {0, 4}}}) ==
        "points[0] (0, 0) makes the polygon concave: it lies outside the edge points[2]-points[3]");
  // A pentagram: the corners of a convex pentagon, visited every second one.
  const std::vector<Point> star{{0, -3}, {2, 3}, {-3, -1}, {3, -1}, {-2, 3}};
  const std::string why = check_shape(Polygon{star});
  CHECK(why.find("makes the polygon concave: it lies outside the edge") != std::string::npos);
  CHECK(convex_hull(star).size() == 5);  // the same corners in order are fine
  CHECK(check_shape(Polygon{convex_hull(star)}).empty());
  CHECK(check_shape(Polygon{{{0, 0}, {2e6, 0}, {0, 1}}}) ==
        "points[1].x must be a finite number within -1000000..1000000, got 2000000");
}

TEST_CASE("[shapes] convex_hull: from the smallest point, clockwise on screen, no repeats, no collinear") {
  // A square with its edges' middles, inside points and repeats, shuffled.
  const std::vector<Point> pts{{1, 1}, {2, 2}, {0, 0}, {1, 0}, {0, 2}, {2, 0}, {0, 0}, {2, 1},
                               {0.5, 1.5}, {2, 2}, {1, 2}, {0, 1}};
  CHECK(convex_hull(pts) == std::vector<Point>{{0, 0}, {2, 0}, {2, 2}, {0, 2}});
  // All in a line: the two ends; one point; none.
  CHECK(convex_hull({{2, 2}, {0, 0}, {3, 3}, {1, 1}, {3, 3}}) == std::vector<Point>{{0, 0}, {3, 3}});
  CHECK(convex_hull({{0, 5}, {0, 1}, {0, 3}}) == std::vector<Point>{{0, 1}, {0, 5}});
  CHECK(convex_hull({{1, 1}, {1, 1}}) == std::vector<Point>{{1, 1}});
  CHECK(convex_hull({}).empty());
  // Non-finite points are left out.
  CHECK(convex_hull({{0, 0}, {std::nan(""), 1}, {1, 0}, {0, INFINITY}, {0, 1}}) ==
        std::vector<Point>{{0, 0}, {1, 0}, {0, 1}});
  // Random clouds: every point in the hull, every corner one of the points, a valid polygon
  // turning clockwise on screen (each corner to the right of the edge before it).
  std::mt19937 rng(21);
  for (int n = 0; n < 300; ++n) {
    std::vector<Point> cloud(std::uniform_int_distribution<int>(3, 40)(rng));
    for (Point& p : cloud) p = {real_in(rng, -10, 10), real_in(rng, -10, 10)};
    const std::vector<Point> hull = convex_hull(cloud);
    CAPTURE(n);
    REQUIRE(hull.size() >= 3);
    CHECK(check_shape(Polygon{hull}).empty());
    CHECK(*std::min_element(cloud.begin(), cloud.end(), [](const Point& a, const Point& b) {
      return a.x < b.x || (a.x == b.x && a.y < b.y);
    }) == hull[0]);
    for (std::size_t i = 0; i < hull.size(); ++i) {
      const Point a = hull[i], b = hull[(i + 1) % hull.size()], c = hull[(i + 2) % hull.size()];
      CHECK((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) > 0);
      CHECK(std::find(cloud.begin(), cloud.end(), a) != cloud.end());
    }
    for (const Point& p : cloud) CHECK(shape_contains(Polygon{hull}, p.x, p.y));
  }
}

TEST_CASE("[shapes] kinds, nouns, centres, containment and moving") {
  const Shape shapes[] = {Circle{1, 2, 0.5}, Box{0, 0, 2, 4}, RotatedBox{1, 1, 2, 2, 45},
                          Polygon{{{0, 0}, {3, 0}, {0, 3}}}};
  const char* kinds[] = {"circle", "box", "rotated_box", "polygon"};
  const char* nouns[] = {"a circle", "a box", "a rotated box", "a polygon"};
  const Point centres[] = {{1, 2}, {1, 2}, {1, 1}, {1, 1}};
  for (std::size_t i = 0; i < std::size(shapes); ++i) {
    CHECK(std::string(shape_kind(shapes[i])) == kinds[i]);
    CHECK(std::string(shape_noun(shapes[i])) == nouns[i]);
    CHECK(shape_centre(shapes[i]) == centres[i]);
    CHECK(shape_contains(shapes[i], centres[i].x, centres[i].y));
    CHECK_FALSE(shape_contains(shapes[i], 10, 10));
  }
  // On the outline counts.
  CHECK(shape_contains(Polygon{{{0, 0}, {3, 0}, {0, 3}}}, 1.5, 1.5));
  CHECK_FALSE(shape_contains(Polygon{{{0, 0}, {3, 0}, {0, 3}}}, 1.5, 1.5 + 1e-12));
  CHECK(shape_contains(Box{0, 0, 2, 4}, 2, 4));
  CHECK(shape_contains(Circle{1, 2, 0.5}, 1.5, 2));
  // The rotated square's corner sits sqrt(2) from its centre along the axes.
  CHECK(shape_contains(RotatedBox{1, 1, 2, 2, 45}, 1 + 1.414, 1));
  CHECK_FALSE(shape_contains(RotatedBox{1, 1, 2, 2, 45}, 1 + 1.415, 1));

  CHECK(translated(Circle{1, 2, 0.5}, 3, -1) == Shape{Circle{4, 1, 0.5}});
  CHECK(translated(Box{0, 0, 2, 4}, 3, -1) == Shape{Box{3, -1, 5, 3}});
  CHECK(translated(RotatedBox{1, 1, 2, 2, 45}, 3, -1) == Shape{RotatedBox{4, 0, 2, 2, 45}});
  CHECK(translated(Polygon{{{0, 0}, {3, 0}, {0, 3}}}, 3, -1) == Shape{Polygon{{{3, -1}, {6, -1}, {3, 2}}}});
}

// [SECTION] Moves and searches

TEST_CASE("[shapes] a circle between two cells blocks the straight move; the agent goes around") {
  // . . . . .
  // S . | . G     a small circle on the edge between (1,1) and (2,1)
  // . . . . .
  Level lv = ascii_level(".....\nS...G\n.....");
  lv.add_shape(Circle{2.0, 1.5, 0.25});
  const MovePolicy p(lv);
  CHECK(p.move({1, 1}, Dir::E).block == MoveBlock::ShapeHit);
  CHECK(p.move({2, 1}, Dir::W).block == MoveBlock::ShapeHit);  // the same segment
  CHECK(to_string(MoveBlock::ShapeHit) == "shape");
  // The diagonals pass the circle at 0.5 / sqrt(2) = 0.354 > 0.25.
  CHECK(p.move({1, 1}, Dir::NE).possible());
  CHECK(p.move({1, 0}, Dir::SE).possible());

  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  CHECK(s->path_cost() == doctest::Approx(2 + 2 * kSqrt2));
  CHECK(path_clear(lv, s->path(), 0.0));
  CHECK(s->path_cost() == doctest::Approx(oracle_cost(lv)));
}

TEST_CASE("[shapes] the agent radius decides whether a gap between two circles is passable") {
  // S . o . G     circles of radius 0.3 centred on the top and bottom edges of the middle cell:
  //               the corridor's centre line passes each at 0.5 - 0.3 = 0.2
  Level lv = ascii_level("S...G");
  lv.add_shape(Circle{2.5, 0.0, 0.3});
  lv.add_shape(Circle{2.5, 1.0, 0.3});
  SUBCASE("radius 0 passes") {
    lv.rules().agent_radius = 0.0;
    const auto s = make_search(lv);
    REQUIRE(s->run() == SearchState::Found);
    CHECK(s->path_cost() == 4);
  }
  SUBCASE("radius 0.19 passes") {
    lv.rules().agent_radius = 0.19;
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
  SUBCASE("radius 0.2 touches exactly: blocked") {
    lv.rules().agent_radius = 0.2;
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("radius 0.4 is blocked") {
    lv.rules().agent_radius = 0.4;
    CHECK(MovePolicy(lv).move({1, 0}, Dir::E).block == MoveBlock::ShapeHit);
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("rules given to the search override the level's radius") {
    lv.rules().agent_radius = 0.0;
    MovementRules wide = lv.rules();
    wide.agent_radius = 0.4;
    CHECK(make_search(lv, wide)->run() == SearchState::NoPath);
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
}

TEST_CASE("[shapes] a box grazing the centre line blocks; a hair below it does not") {
  // S . . . G     a crate over the top half of (2,0): its bottom edge on or above y = 0.5
  Level lv = ascii_level("S...G");
  SUBCASE("grazing") {
    lv.add_shape(Box{2, 0, 3, 0.5});
    CHECK(MovePolicy(lv).move({1, 0}, Dir::E).block == MoveBlock::ShapeHit);
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("clear by 0.01") {
    lv.add_shape(Box{2, 0, 3, 0.49});
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
}

TEST_CASE("[shapes] shapes and walls together, every algorithm that accepts them") {
  // S . . # . .
  // . . . # . .
  // . . . . . G
  Level lv = ascii_level("S..#..\n...#..\n.....G");
  lv.add_shape(Circle{3.5, 2.5, 0.2});  // in the only gap under the wall
  SUBCASE("the gap is closed: no path") {
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("a box leaves the gap open; optimal algorithms equal the oracle") {
    lv.set_shapes({Box{1, 1, 2, 1.3}});
    const double expected = oracle_cost(lv);
    REQUIRE(std::isfinite(expected));
    for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
      const auto s = make_search(lv, {.algorithm = a});
      CAPTURE(info(a).name);
      REQUIRE(s->run() == SearchState::Found);
      CHECK(s->path_cost() == doctest::Approx(expected));
      CHECK(path_clear(lv, s->path(), 0.0));
    }
  }
}

TEST_CASE("[shapes] JPS and Theta* refuse levels with shapes; a start inside a shape is invalid") {
  Level lv = ascii_level("S....\n.....\n....G");
  lv.add_shape(Circle{2.5, 1.5, 0.4});
  const auto jps = make_search(lv, {.algorithm = Algorithm::JumpPoint});
  CHECK(jps->state() == SearchState::Invalid);
  CHECK(jps->message() == "Jump Point Search needs a level without collision shapes (it assumes walls only)");
  const auto theta = make_search(lv, {.algorithm = Algorithm::ThetaStar});
  CHECK(theta->state() == SearchState::Invalid);
  CHECK(theta->message() ==
        "Theta* needs a level without collision shapes (its line of sight tests walls only)");

  lv.add_shape(Box{4.6, 1.9, 6, 3});
  lv.rules().agent_radius = 0.1;
  const auto a = make_search(lv);
  CHECK(a->state() == SearchState::Invalid);
  CHECK(a->message() == "goal (4, 2) is inside shapes[1] (a box) with agent radius 0.1");
  lv.rules().agent_radius = 0.0;
  CHECK(make_search(lv)->state() == SearchState::InProgress);  // (4.5, 2.5) is 0.1 from the box

  lv.rules().agent_radius = -1;
  CHECK(make_search(lv)->message() == "agent_radius must be a finite number 0..1000000, got -1");
}

// [SECTION] The cache

TEST_CASE("[shapes] moves are cached per cell; edits drop the cache; another radius recomputes") {
  // S . . . . . . G
  // . . . . . . . .
  // . . . . . . . .
  Level lv = ascii_level("S......G\n........\n........");
  lv.add_shape(Circle{4.0, 0.5, 0.3});
  const auto first = make_search(lv);
  REQUIRE(first->run() == SearchState::Found);
  const ShapeStats after_first = lv.shape_stats();
  CHECK(after_first.segment_tests > 0);
  CHECK(after_first.moves_computed > 0);

  // The same search again, and a fresh one: every move answered from the cache.
  first->restart();
  REQUIRE(first->run() == SearchState::Found);
  REQUIRE(make_search(lv)->run() == SearchState::Found);
  CHECK(lv.shape_stats().segment_tests == after_first.segment_tests);
  CHECK(lv.shape_stats().moves_computed == after_first.moves_computed);

  // A copy compares equal whatever its cache holds.
  const Level copy = lv;
  CHECK(copy == lv);
  Level fresh = ascii_level("S......G\n........\n........");
  fresh.add_shape(Circle{4.0, 0.5, 0.3});
  CHECK(fresh == lv);

  // Editing the shapes drops the cache: the next search tests again, and sees the new shape.
  lv.add_shape(Circle{4.0, 2.5, 0.3});
  CHECK(lv.shape_stats().drops == after_first.drops + 1);
  CHECK(lv != fresh);
  const auto second = make_search(lv);
  REQUIRE(second->run() == SearchState::Found);
  CHECK(lv.shape_stats().segment_tests > after_first.segment_tests);
  CHECK(path_clear(lv, second->path(), 0.0));
  CHECK(second->path_cost() == doctest::Approx(oracle_cost(lv)));

  // Another radius recomputes.
  const std::int64_t tests = lv.shape_stats().segment_tests;
  MovementRules wide = lv.rules();
  wide.agent_radius = 0.25;
  const auto third = make_search(lv, wide);
  third->run();
  CHECK(lv.shape_stats().segment_tests > tests);
  CHECK(make_search(lv)->run() == SearchState::Found);

  // remove_shape and set_shape drop it too.
  const std::int64_t drops = lv.shape_stats().drops;
  lv.remove_shape(0);
  CHECK(lv.shape_stats().drops == drops + 1);
  CHECK(MovePolicy(lv).move({3, 2}, Dir::E).block == MoveBlock::ShapeHit);  // fills it again
  lv.set_shape(0, Box{3, 0, 5, 1});
  CHECK(lv.shape_stats().drops == drops + 2);
  CHECK(MovePolicy(lv).move({3, 2}, Dir::E).block == MoveBlock::None);
  CHECK(MovePolicy(lv).move({3, 1}, Dir::E).block == MoveBlock::None);
  CHECK(MovePolicy(lv).move({3, 0}, Dir::E).block == MoveBlock::ShapeHit);
}

TEST_CASE("[shapes] only shapes near a move are tested") {
  // 200 x 200 open cells with 2,000 small circles spread over them: each move tests a handful.
  Level lv(200, 200);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> pos(0, 200);
  std::vector<Shape> shapes;
  while (shapes.size() < 2000) {
    const double x = pos(rng), y = pos(rng);
    // Keep the corners (start and goal) clear.
    if (std::hypot(x, y) < 3 || std::hypot(200 - x, 200 - y) < 3) continue;
    shapes.push_back(Circle{x, y, 0.3});
  }
  lv.set_shapes(shapes);
  lv.set_start({0, 0});
  lv.set_goal({199, 199});
  lv.rules().agent_radius = 0.2;
  const auto s = make_search(lv);
  CHECK(s->run() == SearchState::Found);
  const ShapeStats st = lv.shape_stats();
  REQUIRE(st.moves_computed > 1000);
  CHECK(static_cast<double>(st.segment_tests) / static_cast<double>(st.moves_computed) < 10.0);
}

TEST_CASE("[shapes] the cache answers every move as segment_touches does, all four kinds") {
  // Random levels whose shapes reach past the edges and span several buckets; every move asked
  // in a shuffled order (so half are answered from the reverse move's fill), then another radius.
  std::mt19937 rng(17);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::int64_t blocked = 0, open = 0;
  for (int n = 0; n < 80; ++n) {
    const int w = pick(1, 24), h = pick(1, 24);
    std::vector<Shape> shapes;
    for (int k = pick(0, 12); k > 0; --k)
      shapes.push_back(random_shape(rng, pick(0, 3), real_in(rng, -3, w + 3), real_in(rng, -3, h + 3),
                                    pick(0, 3) ? 2.0 : 12.0));
    std::vector<std::pair<Cell, Dir>> moves;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        for (Dir d : kAllDirs) {
          const Cell to = step({x, y}, d);
          if (to.x >= 0 && to.y >= 0 && to.x < w && to.y < h) moves.push_back({{x, y}, d});
        }
    ShapeCache cache;
    for (const double radius : {n % 3 ? real_in(rng, 0, 0.7) : 0.0, 0.25}) {
      std::shuffle(moves.begin(), moves.end(), rng);
      for (const auto& [from, d] : moves) {
        const Cell to = step(from, d);
        const double ax = from.x + 0.5, ay = from.y + 0.5, bx = to.x + 0.5, by = to.y + 0.5;
        std::optional<std::size_t> first;
        for (std::size_t i = 0; i < shapes.size() && !first; ++i)
          if (segment_touches(shapes[i], ax, ay, bx, by, radius)) first = i;
        CAPTURE(n);
        CHECK(cache.blocks(shapes, w, h, from, d, radius) == first.has_value());
        CHECK(cache.first_touched(shapes, w, h, ax, ay, bx, by, radius) == first);
        (first ? blocked : open)++;
      }
    }
  }
  CHECK(blocked > 5000);
  CHECK(open > 5000);
}

TEST_CASE("[shapes] a polygon across the row: the path goes around, as the brute-force Dijkstra says") {
  // . . . . . . .
  // S . . <> . . G     a diamond over the middle of the row
  // . . . . . . .
  Level lv = ascii_level(".......\nS.....G\n.......");
  lv.add_shape(Polygon{{{3.5, 1.1}, {3.9, 1.5}, {3.5, 1.9}, {3.1, 1.5}}});
  const MovePolicy p(lv);
  CHECK(p.move({2, 1}, Dir::E).block == MoveBlock::ShapeHit);
  CHECK(p.move({3, 1}, Dir::E).block == MoveBlock::ShapeHit);  // starts inside it
  for (Algorithm a : {Algorithm::AStar, Algorithm::Dijkstra, Algorithm::Bidirectional}) {
    const auto s = make_search(lv, {.algorithm = a});
    CAPTURE(info(a).name);
    REQUIRE(s->run() == SearchState::Found);
    CHECK(s->path_cost() == doctest::Approx(oracle_cost(lv)));
    CHECK(s->path_cost() > 6.5);  // the straight row (6) is closed
    CHECK(path_clear(lv, s->path(), 0.0));
  }
}

TEST_CASE("[shapes] a tilted plank: the agent radius decides the way round, as the brute force says") {
  // . . . . . . . .
  // . . . . / . . .     a plank 0.4 x 2.6 turned 30 degrees across the middle row
  // S . . . / . . G
  // . . . . / . . .
  // . . . . . . . .
  Level lv = ascii_level("........\n........\nS......G\n........\n........");
  lv.add_shape(RotatedBox{4.0, 2.5, 0.4, 2.6, 30});
  for (const double radius : {0.0, 0.2, 0.45}) {
    lv.rules().agent_radius = radius;
    CAPTURE(radius);
    const double expected = oracle_cost(lv);
    REQUIRE(std::isfinite(expected));
    CHECK(expected > 7.5);  // the straight row (7) is closed
    const auto s = make_search(lv);
    REQUIRE(s->run() == SearchState::Found);
    CHECK(s->path_cost() == doctest::Approx(expected));
    CHECK(path_clear(lv, s->path(), radius));
  }
  // A start inside is named with the shape's noun.
  lv.set_start({4, 2});
  lv.set_goal({7, 2});
  CHECK(make_search(lv)->message() == "start (4, 2) is inside shapes[0] (a rotated box) with agent radius 0.45");
}

TEST_CASE("[shapes] a rotated box turned 90 grazing the centre line blocks; a hair above it does not") {
  // S . . . G     0.5 wide and 1 high turned 90: [2, 3] x [0, 0.5], its bottom edge on y = 0.5
  Level lv = ascii_level("S...G");
  SUBCASE("grazing") {
    lv.add_shape(RotatedBox{2.5, 0.25, 0.5, 1, 90});
    CHECK(MovePolicy(lv).move({1, 0}, Dir::E).block == MoveBlock::ShapeHit);
    CHECK(make_search(lv)->run() == SearchState::NoPath);
  }
  SUBCASE("clear by 0.01") {
    lv.add_shape(RotatedBox{2.5, 0.245, 0.49, 1, -270});
    CHECK(make_search(lv)->run() == SearchState::Found);
  }
}

// [SECTION] Random levels against the oracle

TEST_CASE("[shapes] A* equals the brute-force Dijkstra on random levels with shapes") {
  std::mt19937 rng(11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  int found = 0, none = 0;
  for (int n = 0; n < 300; ++n) {
    Level lv(pick(2, 12), pick(2, 12));
    std::bernoulli_distribution wall(0.1);
    for (int y = 0; y < lv.height(); ++y)
      for (int x = 0; x < lv.width(); ++x) lv.set_wall({x, y}, wall(rng));
    std::vector<Shape> shapes;
    for (int k = pick(0, 8); k > 0; --k)
      shapes.push_back(random_shape(rng, pick(0, 3), real(0, lv.width()), real(0, lv.height()), 2.4));
    lv.set_shapes(shapes);
    lv.set_start({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_goal({pick(0, lv.width() - 1), pick(0, lv.height() - 1)});
    lv.set_wall(lv.start(), false);
    lv.set_wall(lv.goal(), false);
    lv.rules().neighbours = pick(0, 3) ? Neighbours::Eight : Neighbours::Four;
    lv.rules().diagonal = static_cast<DiagonalPolicy>(pick(0, 3));
    lv.rules().agent_radius = pick(0, 2) ? real(0, 0.5) : 0.0;
    const auto s = make_search(lv);
    const SearchState st = s->run();
    CAPTURE(n);
    if (st == SearchState::Invalid) {
      // Only because an endpoint touches a shape, which the brute force confirms.
      const double r = lv.rules().agent_radius;
      const bool start_in = oracle_capsule_touches(lv, lv.start().x + 0.5, lv.start().y + 0.5,
                                                   lv.start().x + 0.5, lv.start().y + 0.5, r);
      const bool goal_in = oracle_capsule_touches(lv, lv.goal().x + 0.5, lv.goal().y + 0.5,
                                                  lv.goal().x + 0.5, lv.goal().y + 0.5, r);
      CHECK_MESSAGE((start_in || goal_in), s->message());
      continue;
    }
    const double expected = oracle_cost(lv);
    if (st == SearchState::Found) {
      ++found;
      CHECK(s->path_cost() == doctest::Approx(expected));
      CHECK(path_clear(lv, s->path(), lv.rules().agent_radius));
      // Smoothing keeps clear of the shapes too.
      const std::vector<Cell> w = smooth_path(lv, s->path());
      CHECK(path_clear(lv, w, lv.rules().agent_radius));
    } else {
      ++none;
      CHECK(st == SearchState::NoPath);
      CHECK(expected == astar::test::kOracleInf);
    }
  }
  CHECK(found > 100);
  CHECK(none > 10);
}

// [SECTION] Smoothing

TEST_CASE("[shapes] smoothing never cuts across a shape") {
  // S . . . . . . . G     a barrel on the straight line: the grid path bends around it, and
  // . . . . . . . . .     the string-pulled path may not pull straight through it
  // . . . . . . . . .
  Level lv = ascii_level("S.......G\n.........\n.........");
  lv.add_shape(Circle{4.5, 0.5, 0.6});
  lv.rules().agent_radius = 0.2;
  const auto s = make_search(lv);
  REQUIRE(s->run() == SearchState::Found);
  const std::vector<Cell> w = smooth_path(lv, s->path());
  REQUIRE(w.size() >= 3);
  CHECK(path_clear(lv, w, 0.2));
  // Without the shape test the same path would pull to one straight segment.
  Level bare = lv;
  bare.set_shapes({});
  CHECK(smooth_path(bare, s->path()).size() == 2);
  // An explicit radius: 0 lets the shortcuts come closer, never through.
  CHECK(path_clear(lv, smooth_path(lv, s->path(), 0.0), 0.0));
}

// [SECTION] The lesson level

TEST_CASE("[shapes] lesson: physics-aware raycast A* with a max-iterations guard") {
  const auto loaded = load_level(std::string(ASTAR_SOURCE_DIR) + "/levels/lessons/08-raycast-shapes.json");
  REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
  const Level& lv = loaded.value();
  CHECK(lv.width() == 32);
  CHECK(lv.height() == 20);
  CHECK(lv.shapes().size() == 13);
  // Every kind a Godot level has: circles, boxes, a crate knocked askew and a rock.
  for (const char* kind : {"circle", "box", "rotated_box", "polygon"})
    CHECK(std::count_if(lv.shapes().begin(), lv.shapes().end(),
                        [&](const Shape& k) { return std::string(shape_kind(k)) == kind; }) > 0);
  CHECK(lv.rules().agent_radius == 0.3);
  // As the Godot scenario: 4 neighbours, steps of one cell, the Euclidean heuristic, a guard of
  // 1000 iterations.
  CHECK(lv.rules().neighbours == Neighbours::Four);
  const SearchOptions lesson = with_preset({}, lv.preset);
  CHECK(lesson.heuristic == Heuristic::Euclidean);
  constexpr std::int64_t kGuard = 1000;
  CHECK(lesson.max_iterations == kGuard);

  // The guard: the scenario's limit finds the path, a tiny one stops the search.
  const auto s = make_search(lv, lesson);
  REQUIRE(s->run() == SearchState::Found);
  CHECK(s->iterations() == 221);
  CHECK(lv.description.find("A* needs 221") != std::string::npos);
  CHECK(s->path_cost() == 33.0);  // whole steps: exact
  const std::vector<Cell> path = s->path();
  CHECK(path == astar::test::path_of(
                    "(2,10) (3,10) (4,10) (5,10) (6,10) (7,10) (8,10) (9,10) (10,10) (11,10) "
                    "(12,10) (12,11) (12,12) (13,12) (14,12) (15,12) (16,12) (17,12) (18,12) "
                    "(19,12) (19,13) (20,13) (21,13) (22,13) (23,13) (24,13) (25,13) (26,13) "
                    "(27,13) (28,13) (28,12) (28,11) (29,11) (29,10)"));
  // Every step keeps the agent's radius clear of every shape (brute force, not the cache).
  CHECK(path_clear(lv, path, 0.3));
  CHECK(s->path_cost() == doctest::Approx(oracle_cost(lv)));
  // The shapes matter: without them the path is the straight row, cost 27.
  Level bare = lv;
  bare.set_shapes({});
  CHECK(oracle_cost(bare) == doctest::Approx(27));
  CHECK(s->path_cost() > 27.5);

  SearchOptions tight = lesson;
  tight.max_iterations = 10;
  const auto limited = make_search(lv, tight);
  CHECK(limited->run() == SearchState::IterationLimit);
  CHECK(limited->iterations() == 10);
  CHECK(limited->path().empty());

  // The file is in the writer's own layout.
  const auto back = parse_level(level_to_json(lv), "x");
  REQUIRE(back.ok());
  CHECK(back.value() == lv);
}
