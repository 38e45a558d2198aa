// HPA* on the canvas (hierarchy_overlay.cpp), drawn only when the search shown has a hierarchy
// (Search::hierarchy() non-null):
//   Clusters (View > Overlays "Clusters (HPA*)", --overlay clusters=off): a line on every cluster
//     border; while the graph is being built the clusters not built yet are dimmed and the one
//     the last step built is outlined; after an edit the clusters it rebuilt are tinted; each
//     entrance's border pairs get a short bar on the border, along the side they share.
//   Abstract graph ("Abstract graph (HPA*)", --overlay abstract=off): the graph's edges (inter
//     and intra, thin lines between node cells, with their costs once zoomed in enough for
//     g/h/f), its nodes (a dot; open and closed in the palette's open and closed colours once
//     the abstract search has seen them), and the abstract path, thick.
//   Optimal path ("Optimal path beside (HPA*)", --overlay optimal=off): once HPA* has its path,
//     plain A*'s optimal path on the same level (SearchSession::optimal_path), thin and dashed,
//     beside the usual path (HPA*'s refined one).
//   draw_hierarchy(ctx);     // from OverlayContext::draw_all, under the arrows and the path
//   draw_optimal_path(ctx);  // after the path, so both show
// The colours are fixed here, as the flow field's X (flow_overlay.hpp), and picked apart from
// every palette's search colours; the screenshot checker (tests/studio) looks for the entrance
// bars' and the cluster lines'. No GL or ImGui in this header.
#pragma once

#include "state/palette.hpp"

namespace studio {

struct OverlayContext;

inline constexpr palette::Rgb kClusterLine{20, 90, 150};     // opaque at full opacity
inline constexpr palette::Rgb kEntranceMark{0, 150, 115};    // opaque: the tests look for it
inline constexpr palette::Rgb kClusterBuilt{255, 200, 40};   // the cluster the last step built
inline constexpr palette::Rgb kClusterRebuilt{230, 80, 200};  // tint of the clusters an edit rebuilt
inline constexpr float kClusterRebuiltAlpha = 0.22f;
inline constexpr float kClusterUnbuiltAlpha = 0.45f;        // the dimming (the canvas background)
inline constexpr palette::Rgb kAbstractEdge{70, 70, 95};
inline constexpr palette::Rgb kAbstractNode{20, 90, 150};
inline constexpr palette::Rgb kAbstractPath{160, 30, 110};
inline constexpr palette::Rgb kOptimalPath{15, 15, 15};
// The entrance bar's length, of the cell's side, and its thickness bounds in pixels.
inline constexpr float kEntranceMarkLength = 0.8f;
inline constexpr float kEntranceMarkMinPx = 2.0f, kEntranceMarkMaxPx = 6.0f;

void draw_hierarchy(const OverlayContext& ctx);
void draw_optimal_path(const OverlayContext& ctx);

}  // namespace studio
