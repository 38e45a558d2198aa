// The constraint tree drawn (cbs_panel.hpp's draw_cbs_tree): a box per node with its id and
// cost, laid out by state/cbs_tree_layout.hpp, an edge to each child labelled with the
// constraint it adds ("u1 t3"; an edge constraint "u1 t2-3"), in a child window that scrolls
// (drag with the right or middle button, the wheel; Ctrl+wheel zooms). Only the boxes and edges
// in view are drawn, so trees of thousands of nodes cost what is on screen; past
// kCbsFullTreeNodes the layout keeps the path to the node shown and its siblings. Colours: open
// nodes blue, the best open one lit yellow, the node being searched amber, the one being split
// ringed orange, the solution green, dead ends grey; the node shown has a white frame.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"
#include "panels/cbs_panel.hpp"
#include "panels/panel_widgets.hpp"

namespace studio {

namespace {

struct Look {
  ImU32 fill, edge, text;
};

Look look_of(astar::CbsNodeState s, bool best) {
  if (best) return {IM_COL32(250, 205, 60, 255), IM_COL32(255, 240, 160, 255), IM_COL32(20, 20, 20, 255)};
  switch (s) {
    case astar::CbsNodeState::Searching: return {IM_COL32(70, 55, 20, 255), IM_COL32(240, 170, 40, 255), IM_COL32(255, 255, 255, 255)};
    case astar::CbsNodeState::Open: return {IM_COL32(30, 60, 115, 255), IM_COL32(100, 165, 255, 255), IM_COL32(255, 255, 255, 255)};
    case astar::CbsNodeState::Expanded: return {IM_COL32(72, 72, 80, 255), IM_COL32(135, 135, 145, 255), IM_COL32(235, 235, 235, 255)};
    case astar::CbsNodeState::Solution: return {IM_COL32(40, 150, 65, 255), IM_COL32(160, 255, 160, 255), IM_COL32(255, 255, 255, 255)};
    case astar::CbsNodeState::DeadEnd: return {IM_COL32(38, 38, 42, 255), IM_COL32(85, 85, 90, 255), IM_COL32(115, 115, 120, 255)};
  }
  return {IM_COL32(72, 72, 80, 255), IM_COL32(135, 135, 145, 255), IM_COL32(235, 235, 235, 255)};
}

// "u1 t3", an edge constraint "u1 t2-3".
std::string edge_label(const astar::CbsConstraint& c) {
  std::string out = "u" + std::to_string(c.unit) + " t";
  if (c.kind == astar::CbsConstraint::Kind::Edge) out += std::to_string(c.tick - 1) + "-";
  return out + std::to_string(c.tick);
}

// Sizes on screen at the view's zoom.
struct Metrics {
  float slot_w, row_h, box_w, box_h, margin, font;
  ImVec2 origin;  // where column 0, row 0's slot starts on screen (scrolled)
  ImVec2 centre(const CbsTreeLayout::Placed& p) const {
    return ImVec2(origin.x + margin + p.column * slot_w + slot_w * 0.5f, origin.y + margin + p.row * row_h + box_h * 0.5f);
  }
};

Metrics metrics(float zoom) {
  const float em = ImGui::GetFontSize() / 15.0f;
  Metrics m{};
  m.slot_w = 66.0f * em * zoom;
  m.row_h = 62.0f * em * zoom;
  m.box_w = 50.0f * em * zoom;
  m.box_h = 32.0f * em * zoom;
  m.margin = 10.0f * em;
  m.font = ImGui::GetFontSize() * std::min(zoom, 1.0f);
  m.origin = ImGui::GetCursorScreenPos();
  return m;
}

bool overlaps(ImVec2 a0, ImVec2 a1, ImVec2 c0, ImVec2 c1) {
  return a1.x >= c0.x && a0.x <= c1.x && a1.y >= c0.y && a0.y <= c1.y;
}

void draw_edges(ImDrawList* dl, const astar::CbsPlanner& p, const CbsTreeLayout& t, const Metrics& m, ImVec2 c0, ImVec2 c1) {
  const std::vector<astar::CbsNode>& nodes = p.nodes();
  const bool labels = m.font >= 9.0f;
  for (const CbsTreeLayout::Placed& child : t.placed) {
    const astar::CbsNode& n = nodes[child.node];
    const auto at = n.parent == astar::kNoCbsNode ? std::nullopt : t.index_of(n.parent);
    if (!at) continue;
    const ImVec2 a = m.centre(t.placed[*at]), b = m.centre(child);
    const ImVec2 from(a.x, a.y + m.box_h * 0.5f), to(b.x, b.y - m.box_h * 0.5f);
    if (!overlaps(ImVec2(std::min(from.x, to.x), from.y), ImVec2(std::max(from.x, to.x), to.y), c0, c1)) continue;
    const bool dead = n.state == astar::CbsNodeState::DeadEnd;
    dl->AddLine(from, to, dead ? IM_COL32(90, 90, 95, 255) : IM_COL32(170, 170, 180, 255), std::max(1.0f, m.font / 10.0f));
    if (!labels || !n.constraint) continue;
    const std::string label = edge_label(*n.constraint);
    const ImVec2 s = ImGui::GetFont()->CalcTextSizeA(m.font * 0.85f, FLT_MAX, 0.0f, label.c_str());
    const ImVec2 mid((from.x + to.x) * 0.5f, (from.y + to.y) * 0.5f);
    const ImVec2 pos(to.x < from.x ? mid.x - s.x - 2.0f : to.x > from.x ? mid.x + 2.0f : mid.x - s.x * 0.5f, mid.y - s.y * 0.5f);
    dl->AddRectFilled(ImVec2(pos.x - 1, pos.y), ImVec2(pos.x + s.x + 1, pos.y + s.y), IM_COL32(25, 25, 28, 220));
    dl->AddText(ImGui::GetFont(), m.font * 0.85f, pos, dead ? IM_COL32(120, 120, 125, 255) : IM_COL32(255, 200, 120, 255), label.c_str());
  }
}

// A node's box: its id and cost, its state's colours, rings for the node split and shown, and
// "+N" under a node whose descendants are not drawn.
void draw_box(ImDrawList* dl, const astar::CbsPlanner& p, const CbsTreeLayout::Placed& at, const Metrics& m,
              std::optional<std::uint32_t> shown) {
  const astar::CbsNode& n = p.nodes()[at.node];
  const ImVec2 c = m.centre(at);
  const ImVec2 a(c.x - m.box_w * 0.5f, c.y - m.box_h * 0.5f), b(c.x + m.box_w * 0.5f, c.y + m.box_h * 0.5f);
  const Look look = look_of(n.state, p.best_open() == at.node);
  const float round = m.box_h * 0.18f;
  dl->AddRectFilled(a, b, look.fill, round);
  const bool splitting = p.expanding() == at.node, solution = n.state == astar::CbsNodeState::Solution;
  dl->AddRect(a, b, splitting ? IM_COL32(255, 130, 30, 255) : look.edge, round, 0, splitting || solution ? 2.5f : 1.0f);
  if (shown == at.node)
    dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), IM_COL32(255, 255, 255, 255), round + 2, 0, 2.0f);
  if (n.state == astar::CbsNodeState::DeadEnd) dl->AddLine(a, b, look.edge, 1.0f);
  if (m.font < 7.0f) return;
  const std::string id = "#" + std::to_string(at.node);
  const std::string cost = n.state == astar::CbsNodeState::Searching || n.state == astar::CbsNodeState::DeadEnd
                               ? std::string(n.state == astar::CbsNodeState::DeadEnd ? "none" : "...")
                               : astar::number_text(n.cost.value());
  ImFont* font = ImGui::GetFont();
  const ImVec2 s1 = font->CalcTextSizeA(m.font, FLT_MAX, 0.0f, id.c_str());
  const ImVec2 s2 = font->CalcTextSizeA(m.font, FLT_MAX, 0.0f, cost.c_str());
  dl->AddText(font, m.font, ImVec2(c.x - s1.x * 0.5f, c.y - s1.y), look.text, id.c_str());
  dl->AddText(font, m.font, ImVec2(c.x - s2.x * 0.5f, c.y), look.text, cost.c_str());
  if (at.hidden > 0) {
    const std::string more = "+" + std::to_string(at.hidden);
    dl->AddText(font, m.font * 0.8f, ImVec2(c.x - m.box_w * 0.3f, b.y + 1.0f), IM_COL32(170, 170, 180, 255), more.c_str());
  }
}

// Zoom (Ctrl+wheel, or fitting), panning (right or middle drag), and scrolling a newly shown node
// into view.
void navigate(CbsTreeView& view, const CbsTreeLayout& t, const Metrics& m, std::optional<std::uint32_t> shown) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsWindowHovered()) {
    if (io.KeyCtrl && io.MouseWheel != 0.0f) {
      view.zoom = std::clamp(view.zoom * std::pow(1.15f, io.MouseWheel), 0.15f, 2.0f);
      view.auto_fit = false;
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle)) {
      ImGui::SetScrollX(ImGui::GetScrollX() - io.MouseDelta.x);
      ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
    }
  }
  if (!shown || view.scrolled_to == shown) return;
  view.scrolled_to = shown;
  const auto i = t.index_of(*shown);
  if (!i) return;
  const ImVec2 c = m.centre(t.placed[*i]);
  const ImVec2 win = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  if (c.x < win.x + m.box_w || c.x > win.x + size.x - m.box_w)
    ImGui::SetScrollX(ImGui::GetScrollX() + c.x - (win.x + size.x * 0.5f));
  if (c.y < win.y + m.box_h || c.y > win.y + size.y - m.box_h)
    ImGui::SetScrollY(ImGui::GetScrollY() + c.y - (win.y + size.y * 0.5f));
}

// The node under the mouse, if any.
std::optional<std::uint32_t> hovered_node(const CbsTreeLayout& t, const Metrics& m) {
  if (!ImGui::IsWindowHovered()) return std::nullopt;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (const CbsTreeLayout::Placed& p : t.placed) {
    const ImVec2 c = m.centre(p);
    if (std::abs(mouse.x - c.x) <= m.box_w * 0.5f && std::abs(mouse.y - c.y) <= m.box_h * 0.5f) return p.node;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::uint32_t> draw_cbs_tree(Studio& studio, CbsTreeView& view, float height) {
  const CbsWatch& w = studio.units_playback.cbs();
  if (!w.planner()) return std::nullopt;
  const astar::CbsPlanner& p = *w.planner();
  if (view.laid_out_for != &p || view.laid_out_at != p.iterations() || view.laid_out_nodes != p.nodes().size() ||
      view.laid_out_focus != w.shown_node()) {
    view.layout = layout_cbs_tree(p.nodes(), w.shown_node());
    view.laid_out_for = &p;
    view.laid_out_at = p.iterations();
    view.laid_out_nodes = p.nodes().size();
    view.laid_out_focus = w.shown_node();
  }
  const CbsTreeLayout& t = view.layout;
  if ((view.auto_fit || view.fit_once) && t.columns > 0) {
    const Metrics one = metrics(1.0f);
    const float avail = ImGui::GetContentRegionAvail().x - 2 * one.margin - ImGui::GetStyle().ScrollbarSize;
    const float fit = std::min(avail / (static_cast<float>(t.columns) * one.slot_w),
                               (height - 2 * one.margin - ImGui::GetStyle().ScrollbarSize) /
                                   (static_cast<float>(t.rows) * one.row_h));
    view.zoom = std::clamp(fit, view.fit_once ? 0.15f : CbsTreeView::kAutoFitZoom, 1.0f);
    if (view.fit_once) view.auto_fit = view.fit_once = false;
  }
  ImGui::BeginChild("cbs_tree", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
  Metrics m = metrics(view.zoom);
  const float content_w = 2 * m.margin + static_cast<float>(t.columns) * m.slot_w;
  m.origin.x += std::max(0.0f, (ImGui::GetContentRegionAvail().x - content_w) * 0.5f);  // a narrow tree centred
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 c0 = dl->GetClipRectMin(), c1 = dl->GetClipRectMax();
  draw_edges(dl, p, t, m, c0, c1);
  for (const CbsTreeLayout::Placed& at : t.placed) {
    const ImVec2 c = m.centre(at);
    const ImVec2 a(c.x - m.box_w * 0.5f - 4, c.y - m.box_h * 0.5f - 4), b(c.x + m.box_w * 0.5f + 4, c.y + m.box_h * 0.5f + 16);
    if (!overlaps(a, b, c0, c1)) continue;
    draw_box(dl, p, at, m, w.shown_node());
    if (a.x + 4 >= c0.x && a.y + 4 >= c0.y && b.x - 4 <= c1.x && c.y + m.box_h * 0.5f <= c1.y)
      studio.widget_rects["cbs.node_" + std::to_string(at.node)] = {a.x + 4, a.y + 4, m.box_w, m.box_h};
  }
  // The content's size, for the scroll bars.
  ImGui::Dummy(ImVec2(content_w, 2 * m.margin + static_cast<float>(t.rows) * m.row_h));
  navigate(view, t, m, w.shown_node());
  std::optional<std::uint32_t> clicked;
  if (const auto h = hovered_node(t, m)) {
    wrapped_tooltip(p.node_text(*h));
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) clicked = h;
  }
  ImGui::EndChild();
  return clicked;
}

}  // namespace studio
