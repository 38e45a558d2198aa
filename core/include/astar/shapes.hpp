// Collision shapes: circles, axis-aligned boxes, rotated boxes and convex polygons placed
// anywhere on a level, in cell units. Cell (x, y) covers the square [x, x + 1] x [y, y + 1] and
// its centre is (x + 0.5, y + 0.5); y grows downwards like the rows. A move between two cell centres is possible only when the
// segment between them, widened by the agent radius (a capsule), touches no shape. Touching at
// exactly the distance counts as touching, like grazing a wall's corner in line_of_sight.
//
// The geometry here is pure; ShapeCache (held by Level) remembers per cell and direction whether
// a shape blocks the move, so each move is tested once per set of shapes and agent radius.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "astar/grid.hpp"

namespace astar {

struct Circle {
  double x = 0.0, y = 0.0;  // centre
  double r = 0.0;           // radius, > 0
  friend bool operator==(const Circle&, const Circle&) = default;
};

struct Box {
  double min_x = 0.0, min_y = 0.0;  // min < max on both axes
  double max_x = 0.0, max_y = 0.0;
  friend bool operator==(const Box&, const Box&) = default;
};

// A point in cell units.
struct Point {
  double x = 0.0, y = 0.0;
  friend bool operator==(const Point&, const Point&) = default;
};

// A box of width x height turned by `angle` degrees about its centre. A positive angle turns +x
// towards +y: clockwise on screen, where y grows downwards. Angles that are multiples of 90 turn
// exactly (no cos/sin rounding): turned by 0, 90, 180 or 270 its edges are exactly axis-aligned.
struct RotatedBox {
  double cx = 0.0, cy = 0.0;          // centre
  double width = 0.0, height = 0.0;   // > 0
  double angle = 0.0;                 // degrees, finite, -360..360
  friend bool operator==(const RotatedBox&, const RotatedBox&) = default;
};

// A strictly convex polygon: 3..kMaxPolygonPoints corners in order (either winding), no three in
// a line, every corner strictly inside the half-planes of the edges it is not on.
struct Polygon {
  std::vector<Point> points;
  friend bool operator==(const Polygon&, const Polygon&) = default;
};

using Shape = std::variant<Circle, Box, RotatedBox, Polygon>;

// Most corners one polygon may have.
inline constexpr std::size_t kMaxPolygonPoints = 64;

// Largest |coordinate| and radius a shape or an agent radius may have (files, check_shape):
// far outside any level, and small enough that squares stay exact enough.
inline constexpr double kMaxShapeCoord = 1'000'000.0;
// Most shapes one level may hold.
inline constexpr std::size_t kMaxShapes = 100'000;

// The shape's key in a level file: "circle", "box", "rotated_box" or "polygon".
const char* shape_kind(const Shape& s);
// The shape in words, with its article: "a circle", "a box", "a rotated box", "a polygon".
const char* shape_noun(const Shape& s);

// Empty when the shape is usable (finite numbers within kMaxShapeCoord; r, width and height > 0;
// min < max; an angle within -360..360; a polygon of 3..kMaxPolygonPoints corners, strictly
// convex), else the reason, e.g. "radius must be > 0, got -1" or "points[3] (4, 2) makes the
// polygon concave: it lies outside the edge points[0]-points[1]".
std::string check_shape(const Shape& s);
// Empty when r is a usable agent radius (finite, 0..kMaxShapeCoord), else the reason.
std::string check_agent_radius(double r);

// (cos, sin) of `degrees` as the point one unit along that direction: exactly 1, 0 or -1 at
// multiples of 90, as rotated boxes turn (shape_handles turns shapes with it too).
Point unit_vector(double degrees);
// The corners of a box, rotated box or polygon, in order (a box's and rotated box's: top-left,
// top-right, bottom-right, bottom-left before turning); empty for a circle.
std::vector<Point> shape_corners(const Shape& s);
// The centre: a circle's, a box's, the centroid of a polygon's corners (their mean).
Point shape_centre(const Shape& s);
// True when (x, y) lies in the closed shape (on its outline counts).
bool shape_contains(const Shape& s, double x, double y);
// The shape moved by (dx, dy). Each coordinate gets the offset added once, so moving by whole
// cells is exact for coordinates that are multiples of 1/1024 or so.
Shape translated(const Shape& s, double dx, double dy);
// The convex hull of `points`: from the smallest (x, y), clockwise on screen (y grows downwards),
// without repeated or collinear corners; fewer than 3 corners when the points are all on one
// line. A Polygon of it passes check_shape when it has 3..kMaxPolygonPoints corners. Points with
// a NaN or infinite coordinate are left out.
std::vector<Point> convex_hull(std::vector<Point> points);

// True when the segment (ax, ay)-(bx, by), widened by `radius` >= 0, touches the shape: the
// distance between the segment and the shape is <= radius (circle: point-segment distance
// <= r + radius; box, rotated box, polygon: 0 when the segment crosses it or an end lies inside
// it). a == b tests a disc. Exact up to rounding; NaN anywhere never touches.
bool segment_touches(const Shape& s, double ax, double ay, double bx, double by, double radius);

// The shape's bounding box widened by `radius`, as {min_x, min_y, max_x, max_y}.
Box widened_bounds(const Shape& s, double radius);

// Work done by a ShapeCache, for tests and benchmarks. Counters only grow.
struct ShapeStats {
  std::int64_t segment_tests = 0;  // calls of segment_touches
  std::int64_t moves_computed = 0; // (cell, direction) results computed (each also fills the reverse)
  std::int64_t drops = 0;          // times a filled cache was dropped (shapes or radius changed)
};

// What Level keeps about its shapes to answer moves fast: a coarse bucket grid over the level
// (which shapes may be near which cells) and, per cell, two bytes of direction bits ("known",
// "blocked"), filled lazily with the radius they were computed for. Dropped when the shapes
// change; recomputed when asked with another radius. Not thread-safe: one Level with shapes must
// not be searched from two threads at once. Compares equal to any other cache, so a Level's ==
// compares its data only.
class ShapeCache {
 public:
  // Forgets everything (the shapes changed). Counters are kept.
  void drop();

  // True when the segment from the centre of `from` to the centre of its neighbour in direction
  // d, widened by `radius`, touches one of `shapes`. Both cells must be inside the width x height
  // level, and `shapes` the ones the cache was filled for (Level drops it on every change).
  bool blocks(const std::vector<Shape>& shapes, int width, int height, Cell from, Dir d,
              double radius);

  // The index of the first shape that the segment (any points, cell units) widened by `radius`
  // touches, or nullopt. Uses the bucket grid only, not the per-cell bits.
  std::optional<std::size_t> first_touched(const std::vector<Shape>& shapes, int width, int height,
                                           double ax, double ay, double bx, double by,
                                           double radius);

  const ShapeStats& stats() const { return stats_; }

  friend bool operator==(const ShapeCache&, const ShapeCache&) { return true; }

 private:
  void build_buckets(const std::vector<Shape>& shapes, int width, int height);

  static constexpr int kBucketSide = 8;  // cells per bucket side
  bool buckets_built_ = false;
  int bucket_cols_ = 0, bucket_rows_ = 0;
  std::vector<std::uint32_t> bucket_start_;   // CSR offsets: bucket b holds
  std::vector<std::uint32_t> bucket_shapes_;  // bucket_shapes_[bucket_start_[b] .. [b + 1])
  std::vector<Box> bounds_;                   // per shape: widened_bounds(shape, 0)
  std::vector<std::uint32_t> seen_;           // per shape: the last query that tested it
  std::uint32_t query_ = 0;

  double radius_ = -1.0;             // the radius bits_ was filled for; -1: not filled
  std::vector<std::uint16_t> bits_;  // per cell: low byte bit d "known", high byte bit d "blocked"
  ShapeStats stats_;
};

}  // namespace astar
