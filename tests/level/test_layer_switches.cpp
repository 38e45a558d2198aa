// The edit layer switches list every Layer (no `default:`): the layers that are not cell layers
// (edges, shapes) read as 0, are refused by name and are never written.
#include <doctest/doctest.h>

#include "astar/edit.hpp"
#include "astar/level.hpp"

using namespace astar;

TEST_CASE("[Edit] edges and shapes are not cell layers") {
  Level lv(3, 3);
  CHECK(check_cell_value(Layer::Edges, 0) == "edges is not a cell layer");
  CHECK(check_cell_value(Layer::Shapes, 1) == "shapes is not a cell layer");
  CHECK(cell_value(lv, Layer::Edges, {1, 1}) == 0.0);
  CHECK(cell_value(lv, Layer::Shapes, {1, 1}) == 0.0);
  Editor ed(lv);
  CHECK(ed.set_cell(Layer::Edges, {1, 1}, 0) == 0);
  CHECK(ed.set_cell(Layer::Shapes, {1, 1}, 0) == 0);
}
