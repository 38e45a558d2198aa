// The movement range on the canvas (reach_overlay.hpp). A cell's sides are the directions whose
// neighbour shares an edge with it: the four straight ones on squares, all six on hexes, in
// clockwise order (as the level lists its directions). The corner between sides i and i + 1 is
// where the cell and those two neighbours meet: on hexes the mean of the three centres, on
// squares the middle of the two neighbours' centres (the fourth cell there is the diagonal one).
// Side i runs from corner i - 1 to corner i.
#include "overlays/reach_overlay.hpp"

#include <algorithm>
#include <array>

#include "overlays/overlay_draw.hpp"
#include "state/movement_range.hpp"

namespace studio {

namespace {

struct CellOutline {
  std::array<astar::Dir, 6> sides{};
  std::array<ImVec2, 6> corners{};  // corners[i]: between sides[i] and sides[i + 1]
  int n = 0;
};

CellOutline outline_of(const OverlayContext& ctx, astar::Cell c) {
  static constexpr std::array<astar::Dir, 4> kSquareSides{astar::Dir::E, astar::Dir::S,
                                                          astar::Dir::W, astar::Dir::N};
  CellOutline o;
  const bool hex = ctx.level.is_hex();
  if (hex)
    for (astar::Dir d : ctx.level.directions()) o.sides[static_cast<std::size_t>(o.n++)] = d;
  else
    for (astar::Dir d : kSquareSides) o.sides[static_cast<std::size_t>(o.n++)] = d;
  const ImVec2 m = ctx.center(c);
  const auto beside = [&](int i) {  // the centre of the neighbour across side i
    return ctx.center(ctx.level.neighbour(c, o.sides[static_cast<std::size_t>(i % o.n)]));
  };
  for (int i = 0; i < o.n; ++i) {
    const ImVec2 a = beside(i), b = beside(i + 1);
    o.corners[static_cast<std::size_t>(i)] =
        hex ? ImVec2((m.x + a.x + b.x) / 3.0f, (m.y + a.y + b.y) / 3.0f)
            : ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
  }
  return o;
}

}  // namespace

void draw_movement_range(const OverlayContext& ctx) {
  const std::vector<RangeCellView> cells =
      visible_range(ctx.search, ctx.x0, ctx.y0, ctx.x1, ctx.y1);
  if (cells.empty()) return;
  ImDrawList* dl = ctx.dl;
  // Cells side by side: no anti-aliased fringe, which would leave seams between them.
  const ImDrawListFlags flags = dl->Flags;
  dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
  const ImU32 tint = color(kRangeTint, kRangeTintAlpha);
  for (const RangeCellView& v : cells) {
    const CellOutline o = outline_of(ctx, v.cell);
    dl->AddConvexPolyFilled(o.corners.data(), o.n, tint);
  }
  dl->Flags = flags;
  const float thick = std::clamp(ctx.px * 0.09f, 1.5f, 4.0f);
  const ImU32 under = color(ctx.pal.floor, 0.9f), line = color(kRangeBorder);
  for (const RangeCellView& v : cells) {
    if (v.outside == 0) continue;
    const CellOutline o = outline_of(ctx, v.cell);
    for (int i = 0; i < o.n; ++i) {
      if (!(v.outside >> static_cast<int>(o.sides[static_cast<std::size_t>(i)]) & 1u)) continue;
      const ImVec2 a = o.corners[static_cast<std::size_t>((i + o.n - 1) % o.n)];
      const ImVec2 b = o.corners[static_cast<std::size_t>(i)];
      dl->AddLine(a, b, under, thick + 2.0f);
      dl->AddLine(a, b, line, thick);
    }
  }
}

}  // namespace studio
