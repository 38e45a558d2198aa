// HPA*'s clusters, entrances, abstract graph and path, and the optimal path beside its own
// (hierarchy_overlay.hpp).
#include "overlays/hierarchy_overlay.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "astar/hpa_star.hpp"
#include "overlays/overlay_draw.hpp"

namespace studio {

namespace {

using astar::Cell;

// Edge costs are written from this cell size (times the UI scale): they sit between cells far
// apart, so they need less zoom than g, h and f.
constexpr float kEdgeCostMinPx = 18.0f;
// Below this cell size (times the UI scale) the graph's edges and its unvisited nodes are left
// out: a 512² map's 211k edges at one pixel a cell are a grey film over the level (and took a
// quarter of a second a frame); the start's and goal's edges and the visited nodes stay.
constexpr float kGraphMinPx = 2.5f;

CellSpan span_of(const astar::HpaCluster& c) { return {c.x, c.y, c.x + c.width - 1, c.y + c.height - 1}; }

bool visible(const OverlayContext& ctx, const CellSpan& s) {
  return s.x1 >= ctx.x0 && s.x0 <= ctx.x1 && s.y1 >= ctx.y0 && s.y0 <= ctx.y1;
}

bool visible(const OverlayContext& ctx, Cell c) {
  return c.x >= ctx.x0 && c.x <= ctx.x1 && c.y >= ctx.y0 && c.y <= ctx.y1;
}

// A cluster filled with one colour: a rectangle on squares, its visible cells on hexagons.
void fill_cluster(const OverlayContext& ctx, const CellSpan& s, ImU32 col) {
  if (!ctx.geom.is_hex()) {
    ctx.dl->AddRectFilled(ctx.corner({s.x0, s.y0}), ctx.corner({s.x1 + 1, s.y1 + 1}), col);
    return;
  }
  for (int y = std::max(s.y0, ctx.y0); y <= std::min(s.y1, ctx.y1); ++y)
    for (int x = std::max(s.x0, ctx.x0); x <= std::min(s.x1, ctx.x1); ++x) ctx.fill({x, y}, col);
}

// Clusters: the unbuilt dimmed (while building), the rebuilt tinted, the borders, the last built.
void draw_clusters(const OverlayContext& ctx, const astar::HpaView& v, const HierarchyDrawing& d,
                   float alpha) {
  const astar::HpaGraph& g = *v.graph;
  const HierarchyState& hs = ctx.studio.session().hierarchy();
  const bool building = v.phase == astar::HpaPhase::Building;
  const float thick = std::clamp(ctx.px * 0.08f, 1.0f, 3.0f);
  const ImU32 dim = color(ctx.pal.background, kClusterUnbuiltAlpha * alpha);
  const ImU32 tint = color(kClusterRebuilt, kClusterRebuiltAlpha * alpha);
  const ImU32 line = color(kClusterLine, alpha);
  for (const astar::HpaCluster& c : d.clusters) {
    const CellSpan s = span_of(c);
    if (!visible(ctx, s)) continue;
    const int k = g.cluster_of({c.x, c.y});
    if (building && !c.built) fill_cluster(ctx, s, dim);
    if (hs.rebuilt(k)) fill_cluster(ctx, s, tint);
    outline_cells(ctx.dl, ctx.map, ctx.geom, s, line, thick);
  }
  if (building || v.phase == astar::HpaPhase::Inserting) {
    if (v.last_cluster >= 0)
      outline_cells(ctx.dl, ctx.map, ctx.geom, span_of(g.cluster(v.last_cluster)),
                    color(kClusterBuilt, alpha), thick * 2.0f + 1.0f);
  }
}

// Each entrance pair: a short bar on the border along their shared side.
void draw_entrances(const OverlayContext& ctx, const HierarchyDrawing& d, float alpha) {
  const ImU32 col = color(kEntranceMark, alpha);
  const float half = kEntranceMarkLength * 0.5f;
  const float thick = std::clamp(ctx.px * 0.12f, kEntranceMarkMinPx, kEntranceMarkMaxPx);
  for (const astar::HpaEntrance& e : d.entrances)
    for (const auto& [a, b] : e.pairs) {
      if (!visible(ctx, a) && !visible(ctx, b)) continue;
      const ImVec2 p = ctx.center(a), q = ctx.center(b);
      const ImVec2 m((p.x + q.x) * 0.5f, (p.y + q.y) * 0.5f);
      // On the border: along the side a and b share (perpendicular to the step), most of it.
      const ImVec2 along(-(q.y - p.y) * half, (q.x - p.x) * half);
      ctx.dl->AddLine(ImVec2(m.x - along.x, m.y - along.y), ImVec2(m.x + along.x, m.y + along.y), col,
                      thick);
    }
}

void edge_cost_label(const OverlayContext& ctx, const astar::HpaEdge& e, float alpha) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", e.cost);
  const ImVec2 p = ctx.center(e.from), q = ctx.center(e.to);
  const float size = std::clamp(ctx.px * 0.35f, 10.0f * ctx.k, 16.0f * ctx.k);
  const ImVec2 ts = ctx.fonts.small ? ctx.fonts.small->CalcTextSizeA(size, 1e9f, 0.0f, buf) : ImVec2(0, 0);
  const ImVec2 at((p.x + q.x - ts.x) * 0.5f, (p.y + q.y - ts.y) * 0.5f);
  ctx.dl->AddRectFilled(ImVec2(at.x - 1, at.y), ImVec2(at.x + ts.x + 1, at.y + ts.y),
                        color(ctx.pal.floor, 0.8f * alpha));
  ctx.dl->AddText(ctx.fonts.small, size, at, color(kAbstractEdge, alpha), buf);
}

// The abstract edges: the graph's (built clusters) and the start's and goal's once inserted.
void draw_abstract_edges(const OverlayContext& ctx, const astar::HpaView& v, const HierarchyDrawing& d,
                         float alpha) {
  const ImU32 col = color(kAbstractEdge, 0.6f * alpha);
  const float thick = std::clamp(ctx.px * 0.04f, 1.0f, 2.0f);
  const bool costs = ctx.px >= kEdgeCostMinPx * ctx.k;
  auto draw = [&](const astar::HpaEdge& e) {
    const CellSpan box{std::min(e.from.x, e.to.x), std::min(e.from.y, e.to.y),
                       std::max(e.from.x, e.to.x), std::max(e.from.y, e.to.y)};
    if (!visible(ctx, box)) return;
    ctx.dl->AddLine(ctx.center(e.from), ctx.center(e.to), col, thick);
    // One label per pair of cells (the edge from the smaller index), intra edges only: an
    // inter edge joins two neighbours, too close to label.
    const bool first = e.from.y < e.to.y || (e.from.y == e.to.y && e.from.x < e.to.x);
    if (costs && !e.inter && first) edge_cost_label(ctx, e, alpha);
  };
  if (ctx.px >= kGraphMinPx * ctx.k)
    for (const astar::HpaEdge& e : d.edges) draw(e);
  for (const astar::HpaEdge& e : v.inserted_edges) draw(e);
}

// The nodes: a dot each, in the open or closed colour once the abstract search has seen them.
void draw_abstract_nodes(const OverlayContext& ctx, const astar::HpaView& v, const HierarchyDrawing& d,
                         float alpha) {
  const float r = std::clamp(ctx.px * 0.22f, 2.0f, 8.0f);
  const ImU32 ring = color(ctx.pal.text, 0.8f * alpha);
  auto dot = [&](Cell c, ImU32 fill) {
    if (!visible(ctx, c)) return;
    const ImVec2 m = ctx.center(c);
    ctx.dl->AddCircleFilled(m, r, fill, 12);
    ctx.dl->AddCircle(m, r, ring, 12, 1.0f);
  };
  const bool all = ctx.px >= kGraphMinPx * ctx.k;  // else only the visited ones
  if (v.abstract_nodes.empty()) {
    if (all)
      for (Cell c : d.nodes)
        dot(c, color(kAbstractNode, alpha));
    return;
  }
  for (const astar::HpaAbstractNode& n : v.abstract_nodes) {
    if (!all && n.state == astar::NodeState::Unseen) continue;
    const ImU32 fill = n.state == astar::NodeState::Open     ? color(ctx.pal.open, alpha)
                       : n.state == astar::NodeState::Closed ? color(ctx.pal.closed, alpha)
                                                             : color(kAbstractNode, alpha);
    dot(n.cell, fill);
  }
}

// A polyline through the cells' centres, over a darker outline.
void thick_line(const OverlayContext& ctx, const std::vector<Cell>& cells, ImU32 col, float thick) {
  std::vector<ImVec2> pts;
  pts.reserve(cells.size());
  for (Cell c : cells) pts.push_back(ctx.center(c));
  ctx.dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), color(ctx.pal.text, 0.5f), 0,
                      thick + 2.0f);
  ctx.dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col, 0, thick);
}

// Dashes of `dash` pixels with gaps as long, along the polyline through the cells' centres.
void dashed_line(const OverlayContext& ctx, const std::vector<Cell>& cells, ImU32 col, float thick,
                 float dash) {
  float phase = 0.0f;  // distance walked since the last dash began
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const ImVec2 p = ctx.center(cells[i - 1]), q = ctx.center(cells[i]);
    const float len = std::hypot(q.x - p.x, q.y - p.y);
    float t = 0.0f;
    while (t < len) {
      const bool on = phase < dash;
      const float run = std::min(len - t, (on ? dash : 2.0f * dash) - phase);
      if (on) {
        const float a = t / len, b = (t + run) / len;
        ctx.dl->AddLine(ImVec2(p.x + (q.x - p.x) * a, p.y + (q.y - p.y) * a),
                        ImVec2(p.x + (q.x - p.x) * b, p.y + (q.y - p.y) * b), col, thick);
      }
      t += run;
      phase += run;
      if (phase >= 2.0f * dash) phase = 0.0f;
    }
  }
}

}  // namespace

void draw_hierarchy(const OverlayContext& ctx) {
  const astar::HpaView* v = ctx.search.hierarchy();
  if (!v || !v->graph) return;
  if (ctx.ov.alpha(OverlayId::Clusters) <= 0.0f && ctx.ov.alpha(OverlayId::AbstractGraph) <= 0.0f)
    return;
  const HierarchyDrawing& d = ctx.studio.session().hierarchy().drawing(*v->graph);
  if (const float a = ctx.ov.alpha(OverlayId::Clusters); a > 0.0f) {
    draw_clusters(ctx, *v, d, a);
    draw_entrances(ctx, d, a);
  }
  if (const float a = ctx.ov.alpha(OverlayId::AbstractGraph); a > 0.0f) {
    draw_abstract_edges(ctx, *v, d, a);
    if (v->abstract_path.size() >= 2)
      thick_line(ctx, v->abstract_path, color(kAbstractPath, a), std::clamp(ctx.px * 0.18f, 3.0f, 8.0f));
    draw_abstract_nodes(ctx, *v, d, a);
  }
}

void draw_optimal_path(const OverlayContext& ctx) {
  const float a = ctx.ov.alpha(OverlayId::OptimalPath);
  if (a <= 0.0f || !ctx.search.hierarchy() || ctx.search.state() != astar::SearchState::Found)
    return;
  const OptimalPath& opt = ctx.studio.session().optimal_path();
  if (!opt.found || opt.cells.size() < 2) return;
  const float thick = std::clamp(ctx.px * 0.08f, 2.0f, 4.0f);
  dashed_line(ctx, opt.cells, color(kOptimalPath, a), thick, std::max(4.0f, ctx.px * 0.5f));
}

}  // namespace studio
