// LPA* and D* Lite on the canvas (issue 17): every queued cell is locally inconsistent, and its
// tint says which way: over-consistent (g > rhs: a cheaper way reached it, its pop will lower g)
// in blue, under-consistent (g < rhs: its way got dearer, its pop will reset g) in orange; with
// patterns on (the colour-blind and high-contrast palettes), rising and falling hatches tell them
// apart without colour. The cells the current repair has changed (g or rhs) get a small amber
// square in their corner, so a repair shows how little of the level it touched.
#include "overlays/overlay_draw.hpp"

#include <algorithm>

namespace studio {

namespace {

constexpr palette::Rgb kOver{64, 158, 255}, kUnder{255, 140, 38};
constexpr palette::Rgb kRepaired{255, 200, 25};

}  // namespace

void OverlayContext::consistency_tints() const {
  const astar::ReplanningSearch* rs = studio.session().replanning();
  if (!rs || px < 3.0f) return;
  const bool hatch = studio.appearance.patterns && px >= 8.0f;
  const float thick = std::max(1.0f, px * 0.06f);
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const astar::Consistency c = rs->vertex({x, y}).consistency;
      if (c == astar::Consistency::Consistent) continue;
      const bool over = c == astar::Consistency::OverConsistent;
      fill({x, y}, color(over ? kOver : kUnder, 0.45f));
      outline({x, y}, color(over ? kOver : kUnder, 0.95f), thick);
      if (!hatch) continue;
      // The hatch inside the cell's label box (the whole square; most of a hexagon).
      const ImVec2 a = label_corner({x, y}), box = label_size();
      for (float t = 0.25f; t < 1.0f; t += 0.25f)  // over: rising lines; under: falling
        dl->AddLine(over ? ImVec2(a.x, a.y + box.y * t) : ImVec2(a.x, a.y + box.y * (1 - t)),
                    over ? ImVec2(a.x + box.x * t, a.y) : ImVec2(a.x + box.x * t, a.y + box.y),
                    color(pal.text, 0.6f), 1.0f);
    }
  if (studio.session().repair_text().empty()) return;
  const float s = std::max(2.0f, px * 0.18f);
  for (const astar::Cell c : rs->repair_cells()) {
    if (c.x < x0 || c.x > x1 || c.y < y0 || c.y > y1) continue;
    const ImVec2 a = label_corner(c), box = label_size();
    dl->AddRectFilled(ImVec2(a.x + box.x - s, a.y + box.y - s), ImVec2(a.x + box.x, a.y + box.y),
                      color(kRepaired, 0.95f));
  }
}

}  // namespace studio
