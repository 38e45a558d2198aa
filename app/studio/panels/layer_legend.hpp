// The Legend's rows for the level's layers: the terrain palette (name, cost, colour) and the marks
// the other layers draw (contours, agents, edge arrows), each shown at its layer's opacity and
// left out while the layer is hidden. Called from LegendPanel (panels.cpp).
#pragma once

#include "state/studio.hpp"

namespace studio {

void draw_layer_legend(const Studio& studio);

}  // namespace studio
