// The student's view of an exercise over the grid (exercise_overlay.hpp).
#include "overlays/exercise_overlay.hpp"
#include "state/exercise_mode.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <string_view>
#include <vector>

#include "overlays/overlay_draw.hpp"

namespace studio {

using astar::Cell;
using astar::PromptKind;
using CellState = astar::ExerciseRun::CellView::State;

namespace {

// "12", "12.5", "1.41": as the student types them (two decimals at most).
void value_label(char* buf, std::size_t n, double v) {
  if (std::isinf(v)) std::snprintf(buf, n, "inf");
  else if (std::abs(v - std::round(v)) < 0.005) std::snprintf(buf, n, "%.0f", v);
  else std::snprintf(buf, n, "%.2f", v);
  // "4.50" -> "4.5"
  std::string_view s(buf);
  if (s.find('.') != std::string_view::npos && s.back() == '0') buf[s.size() - 1] = '\0';
}

bool contains(const std::vector<Cell>& cells, Cell c) { return std::find(cells.begin(), cells.end(), c) != cells.end(); }

bool visible(const OverlayContext& ctx, Cell c) { return c.x >= ctx.x0 && c.x <= ctx.x1 && c.y >= ctx.y0 && c.y <= ctx.y1; }

float line_width(const OverlayContext& ctx) { return std::clamp(ctx.px * 0.06f, 2.0f, 5.0f); }

// A ring of dashes around the cell's centre.
void dashed_ring(const OverlayContext& ctx, Cell c, float radius, ImU32 col, float thick) {
  const ImVec2 m = ctx.center(c);
  constexpr int kDashes = 12;
  const float step = 2.0f * std::numbers::pi_v<float> / kDashes;
  for (int i = 0; i < kDashes; ++i) {
    ctx.dl->PathArcTo(m, radius, i * step, i * step + step * 0.6f, 6);
    ctx.dl->PathStroke(col, 0, thick);
  }
}

void cross(const OverlayContext& ctx, Cell c, ImU32 col, float size) {
  const ImVec2 m = ctx.center(c);
  const float t = std::max(2.5f, size * 0.28f);
  const ImU32 halo = IM_COL32(255, 255, 255, 220);
  for (const ImU32 ink : {halo, col}) {
    const float w = ink == halo ? t + 2.5f : t;
    ctx.dl->AddLine(ImVec2(m.x - size, m.y - size), ImVec2(m.x + size, m.y + size), ink, w);
    ctx.dl->AddLine(ImVec2(m.x - size, m.y + size), ImVec2(m.x + size, m.y - size), ink, w);
  }
}

// A tick in the cell's top right corner (or centred when `centred`).
void tick(const OverlayContext& ctx, Cell c, ImU32 col, float size, bool centred) {
  const ImVec2 a = ctx.label_corner(c), box = ctx.label_size();
  const ImVec2 m = centred ? ctx.center(c) : ImVec2(a.x + box.x - size * 1.3f, a.y + size * 1.3f);
  const ImVec2 p[3] = {{m.x - size, m.y}, {m.x - size * 0.3f, m.y + size * 0.7f}, {m.x + size, m.y - size * 0.8f}};
  const float t = std::max(2.5f, size * 0.3f);
  ctx.dl->AddPolyline(p, 3, IM_COL32(255, 255, 255, 220), 0, t + 2.5f);
  ctx.dl->AddPolyline(p, 3, col, 0, t);
}

// An arrow from a's centre towards b's, stopping short of both.
void arrow(const OverlayContext& ctx, Cell a, Cell b, ImU32 col, float t0, float t1, float thick) {
  const ImVec2 pa = ctx.center(a), pb = ctx.center(b);
  float dx = pb.x - pa.x, dy = pb.y - pa.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0.0f) return;
  dx /= len;
  dy /= len;
  const float head = std::clamp(ctx.px * 0.1f, 4.0f, 10.0f);
  const ImVec2 tail(pa.x + dx * len * t0, pa.y + dy * len * t0), tip(pa.x + dx * len * t1, pa.y + dy * len * t1);
  const ImVec2 base(tip.x - dx * head, tip.y - dy * head);
  ctx.dl->AddLine(tail, base, col, thick);
  ctx.dl->AddTriangleFilled(tip, ImVec2(base.x - dy * head * 0.6f, base.y + dx * head * 0.6f),
                            ImVec2(base.x + dy * head * 0.6f, base.y - dx * head * 0.6f), col);
}

// [SECTION] What the student has established: g, h, f, parents, the order, the path back

void established_values(const OverlayContext& ctx, const astar::ExerciseRun& run) {
  if (!ctx.show_text) return;
  const ImVec2 box = ctx.label_size();
  const float unit = ctx.text_unit();
  const float k = ctx.k;
  const float small = std::clamp(unit * 0.2f, 10.0f * k, 18.0f * k);
  const float large = std::clamp(unit * 0.28f, 13.0f * k, 30.0f * k);
  const float pad = std::max(2.0f, unit * 0.06f);
  const ImU32 text = color(ctx.pal.text), faint = color(ctx.pal.text, 0.75f);
  char g[32], h[32], f[32];
  for (int y = ctx.y0; y <= ctx.y1; ++y)
    for (int x = ctx.x0; x <= ctx.x1; ++x) {
      const astar::ExerciseRun::CellView v = run.cell({x, y});
      if (v.state == CellState::Unseen) continue;
      value_label(g, sizeof g, v.g);
      value_label(h, sizeof h, v.h);
      value_label(f, sizeof f, v.f);
      const ImVec2 tl = ctx.label_corner({x, y}), c = ctx.center({x, y});
      const ImVec2 hs = ctx.fonts.small->CalcTextSizeA(small, FLT_MAX, 0.0f, h);
      ctx.dl->AddText(ctx.fonts.small, small, ImVec2(tl.x + pad + 1, tl.y + pad), faint, g);
      ctx.dl->AddText(ctx.fonts.small, small, ImVec2(tl.x + box.x - pad - hs.x, tl.y + pad), faint, h);
      const ImVec2 fs = ctx.fonts.large->CalcTextSizeA(large, FLT_MAX, 0.0f, f);
      ctx.dl->AddText(ctx.fonts.large, large, ImVec2(c.x - fs.x * 0.5f, c.y - fs.y * 0.5f), text, f);
    }
}

// Each cell's arrow to its parent; not on the neighbours a parents question asks about (the
// arrows would give its answer away).
void parent_arrows(const OverlayContext& ctx, const ExerciseMode& mode) {
  if (ctx.px < kArrowMinPx * ctx.k) return;
  const astar::ExerciseRun& run = mode.run();
  const std::vector<Cell>& hidden =
      mode.prompt().kind == PromptKind::Parents ? mode.prompt().choices : std::vector<Cell>{};
  const ImU32 col = color(ctx.pal.arrow, 0.7f);
  const float thick = std::clamp(ctx.px * 0.045f, 1.0f, 2.5f);
  for (int y = ctx.y0; y <= ctx.y1; ++y)
    for (int x = ctx.x0; x <= ctx.x1; ++x) {
      const astar::ExerciseRun::CellView v = run.cell({x, y});
      if (v.state == CellState::Unseen || !v.parent || contains(hidden, {x, y})) continue;
      // From the cell towards its parent, below the f in the centre.
      const ImVec2 c = ctx.center({x, y}), p = ctx.center(*v.parent);
      float dx = p.x - c.x, dy = p.y - c.y;
      const float len = std::sqrt(dx * dx + dy * dy);
      if (len <= 0.0f) continue;
      dx /= len;
      dy /= len;
      const float shift = ctx.show_text ? 0.3f * ctx.px : 0.0f;
      const float head = std::clamp(ctx.px * 0.09f, 3.0f, 8.0f);
      const ImVec2 o(c.x, c.y + shift);
      const ImVec2 tail(o.x - dx * ctx.px * 0.13f, o.y - dy * ctx.px * 0.13f);
      const ImVec2 tip(o.x + dx * ctx.px * 0.15f, o.y + dy * ctx.px * 0.15f);
      const ImVec2 base(tip.x - dx * head, tip.y - dy * head);
      ctx.dl->AddLine(tail, base, col, thick);
      ctx.dl->AddTriangleFilled(tip, ImVec2(base.x - dy * head * 0.6f, base.y + dx * head * 0.6f),
                                ImVec2(base.x + dy * head * 0.6f, base.y - dx * head * 0.6f), col);
    }
}

// The order the student expanded the nodes in: a number on a pill, bottom right.
void expansion_numbers(const OverlayContext& ctx, const astar::ExerciseRun& run) {
  if (ctx.px < kOrderMinPx * ctx.k) return;
  const std::vector<Cell>& order = run.expanded();
  const float size = std::clamp(ctx.px * 0.17f, 9.0f * ctx.k, 15.0f * ctx.k);
  const ImVec2 box = ctx.label_size();
  char buf[16];
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (!visible(ctx, order[i])) continue;
    std::snprintf(buf, sizeof buf, "#%d", static_cast<int>(std::min<std::size_t>(i + 1, 9999)));
    const ImVec2 s = ctx.fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, buf);
    const ImVec2 tl = ctx.label_corner(order[i]);
    const ImVec2 a(tl.x + box.x - s.x - 6.0f, tl.y + box.y - s.y - 4.0f);
    ctx.dl->AddRectFilled(ImVec2(a.x - 2, a.y - 1), ImVec2(a.x + s.x + 2, a.y + s.y + 1), color(ctx.pal.floor, 0.8f), 3.0f);
    ctx.dl->AddText(ctx.fonts.small, size, a, color(ctx.pal.text), buf);
  }
}

void path_back(const OverlayContext& ctx, const astar::ExerciseRun& run) {
  const std::vector<Cell>& path = run.path_back();
  if (path.size() < 2) return;
  std::vector<ImVec2> pts;
  for (Cell c : path) pts.push_back(ctx.center(c));
  const float thick = std::clamp(ctx.px * 0.1f, 3.0f, 8.0f);
  ctx.dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), color(ctx.pal.path_outline), 0, thick + 3.0f);
  ctx.dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), color(ctx.pal.path), 0, thick);
}

// [SECTION] The question now: the node expanded, the neighbour asked, the choices

void question_marks(const OverlayContext& ctx, const ExerciseMode& mode) {
  const astar::ExerciseRun& run = mode.run();
  const astar::Prompt& p = mode.prompt();
  const float thick = line_width(ctx);
  if (const auto e = run.expanding()) ctx.outline(*e, color(ctx.pal.taken), thick + 1.0f, thick * 0.5f);
  const ImU32 asked = color(kExerciseAsked);
  // The cell asked about: outlined inside the cursor's outline, its numbers left readable; for a
  // neighbour, a short arrow across the border from the node expanded.
  if ((p.kind == PromptKind::Neighbour || p.kind == PromptKind::PathBack) && p.cell)
    ctx.outline(*p.cell, asked, thick, thick * 0.5f);
  if (p.kind == PromptKind::Neighbour && p.cell)
    if (const auto e = run.expanding()) arrow(ctx, *e, *p.cell, asked, 0.36f, 0.66f, std::max(2.0f, thick * 0.8f));
  if (p.kind == PromptKind::Parents) {
    // Each neighbour asked about with its number (the key that ticks it), and when ticked an
    // arrow to the node expanded, its new parent.
    const float size = std::clamp(ctx.px * 0.2f, 11.0f * ctx.k, 18.0f * ctx.k);
    for (std::size_t i = 0; i < p.choices.size(); ++i) {
      const Cell c = p.choices[i];
      ctx.outline(c, asked, std::max(1.5f, thick * 0.6f), thick * 0.5f);
      if (mode.parent_ticked(c)) {
        tick(ctx, c, asked, std::clamp(ctx.px * 0.1f, 5.0f, 12.0f), false);
        if (const auto e = run.expanding()) arrow(ctx, c, *e, asked, 0.3f, 0.75f, thick * 0.7f);
      }
      char label[8];
      std::snprintf(label, sizeof label, "%d", static_cast<int>(std::min<std::size_t>(i + 1, 99)));
      const ImVec2 tl = ctx.label_corner(c), box = ctx.label_size();
      const ImVec2 ts = ctx.fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, label);
      const ImVec2 m(tl.x + box.x - ts.x * 0.5f - size * 0.6f, tl.y + box.y - size * 0.75f);
      ctx.dl->AddCircleFilled(m, size * 0.62f, asked, 16);
      ctx.dl->AddText(ctx.fonts.small, size, ImVec2(m.x - ts.x * 0.5f, m.y - ts.y * 0.5f), IM_COL32(255, 255, 255, 255), label);
    }
  }
}

// The student's last pick, when it was wrong (practice only): crossed out.
void wrong_pick(const OverlayContext& ctx, const ExerciseMode& mode) {
  const auto& v = mode.last_verdict();
  if (!v || v->correct || mode.exam() || mode.run().actions().empty()) return;
  const astar::Action& a = mode.run().actions().back().action;
  if (a.kind != PromptKind::Select && a.kind != PromptKind::PathBack) return;
  cross(ctx, a.cell, color(kExerciseWrong), std::clamp(ctx.px * 0.18f, 5.0f, 16.0f));
}

// [SECTION] Mark questions: painted cells, and after the answer right, missed and extra

void marks(const OverlayContext& ctx, const ExerciseMode& mode) {
  const float thick = line_width(ctx);
  for (Cell c : mode.input.marked) {
    ctx.fill(c, color(kExerciseMarked, 0.4f), thick);
    ctx.outline(c, color(kExerciseMarked), thick, thick * 0.5f);
  }
  const astar::ExerciseRun& run = mode.run();
  if (!run.done() || mode.exam() || run.actions().empty()) return;
  const astar::Action& last = run.actions().back().action;
  if (last.kind != PromptKind::Mark) return;
  const std::vector<Cell>& right = run.right_cells();
  const float size = std::clamp(ctx.px * 0.14f, 5.0f, 13.0f);
  for (Cell c : last.cells) {
    if (contains(right, c)) {
      ctx.fill(c, color(kExerciseRight, 0.3f), thick);
      tick(ctx, c, color(kExerciseRight), size, true);
    } else {
      cross(ctx, c, color(kExerciseWrong), size);
    }
  }
  for (Cell c : right)
    if (!contains(last.cells, c)) dashed_ring(ctx, c, ctx.px * 0.38f, color(kExerciseMissed), thick);
}

// The heuristic kind: the h given on each open cell, centred.
void given_h(const OverlayContext& ctx, const astar::Exercise& ex) {
  if (ex.given_h.empty() || !ctx.show_text) return;
  const float size = std::clamp(ctx.text_unit() * 0.26f, 12.0f * ctx.k, 28.0f * ctx.k);
  char buf[32] = "h ";
  for (int y = ctx.y0; y <= ctx.y1; ++y)
    for (int x = ctx.x0; x <= ctx.x1; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(ctx.level.width()) +
                            static_cast<std::size_t>(x);
      if (i >= ex.given_h.size() || !std::isfinite(ex.given_h[i])) continue;
      value_label(buf + 2, sizeof buf - 2, ex.given_h[i]);
      const ImVec2 c = ctx.center({x, y});
      const ImVec2 s = ctx.fonts.large->CalcTextSizeA(size, FLT_MAX, 0.0f, buf);
      ctx.dl->AddText(ctx.fonts.large, size, ImVec2(c.x - s.x * 0.5f, c.y - s.y * 0.5f), color(ctx.pal.text), buf);
    }
}

// The repair kind: the edited cell ringed, with what it became.
void edited_cell(const OverlayContext& ctx, const astar::Exercise& ex) {
  if (!ex.edited_cell || !ex.edited) return;
  const Cell c = *ex.edited_cell;
  const astar::Level& after = *ex.edited;
  const float thick = line_width(ctx);
  if (after.wall(c) && !ctx.level.wall(c)) {
    ctx.fill(c, color(ctx.pal.wall, 0.85f), thick);
    cross(ctx, c, color(ctx.pal.floor), std::clamp(ctx.px * 0.2f, 5.0f, 18.0f));
  }
  ctx.outline(c, color(kExerciseMissed), thick + 1.0f, 0.0f);
  if (!ctx.show_text) return;
  std::string label = after.wall(c) ? "now a wall" : ctx.level.wall(c) ? "now open" : "";
  if (!after.wall(c) && after.cost(c) != ctx.level.cost(c)) {
    char buf[32];
    value_label(buf, sizeof buf, after.cost(c));
    label = std::string("cost now ") + buf;
  }
  // The words on a pill under the cell's top edge, readable over a wall or the search's tints.
  const float size = std::clamp(ctx.px * 0.16f, 11.0f * ctx.k, 17.0f * ctx.k);
  const ImVec2 ts = ctx.fonts.small->CalcTextSizeA(size, FLT_MAX, 0.0f, label.c_str());
  const ImVec2 m = ctx.center(c);
  const ImVec2 a(m.x - ts.x * 0.5f, ctx.label_corner(c).y + ctx.label_size().y + 2.0f);
  ctx.dl->AddRectFilled(ImVec2(a.x - 3, a.y - 1), ImVec2(a.x + ts.x + 3, a.y + ts.y + 1), color(kExerciseMissed), 3.0f);
  ctx.dl->AddText(ctx.fonts.small, size, a, IM_COL32(20, 20, 20, 255), label.c_str());
}

}  // namespace

void draw_exercise(const OverlayContext& ctx) {
  const ExerciseMode* mode = ctx.studio.exercise();
  if (!mode) return;
  const astar::ExerciseRun& run = mode->run();
  path_back(ctx, run);
  parent_arrows(ctx, *mode);
  established_values(ctx, run);
  if (mode->spec().kind == astar::ExerciseKind::ExpansionOrder) expansion_numbers(ctx, run);
  given_h(ctx, mode->exercise());
  edited_cell(ctx, mode->exercise());
  marks(ctx, *mode);
  wrong_pick(ctx, *mode);
}

void draw_exercise_top(const OverlayContext& ctx) {
  const ExerciseMode* mode = ctx.studio.exercise();
  if (!mode) return;
  question_marks(ctx, *mode);
  if (!mode->input.cursor || mode->done()) return;
  const Cell c = *mode->input.cursor;
  const float thick = line_width(ctx);
  if (ctx.geom.is_hex()) {  // (exercises are square; a hexagon gets its outline)
    ctx.outline(c, color(kExerciseCursor), thick, 1.0f);
    return;
  }
  // Four corner brackets just outside the cell, clear of its numbers and of the outlines of
  // the node expanded and the cell asked about.
  const ImVec2 a = ctx.corner(c);
  const float o = thick * 0.5f + 1.0f, len = ctx.px * 0.28f;
  const float x0 = a.x - o, y0 = a.y - o, x1 = a.x + ctx.px + o, y1 = a.y + ctx.px + o;
  const ImVec2 brackets[4][3] = {{{x0, y0 + len}, {x0, y0}, {x0 + len, y0}},
                                 {{x1 - len, y0}, {x1, y0}, {x1, y0 + len}},
                                 {{x1, y1 - len}, {x1, y1}, {x1 - len, y1}},
                                 {{x0 + len, y1}, {x0, y1}, {x0, y1 - len}}};
  for (const auto& b : brackets) {
    ctx.dl->AddPolyline(b, 3, IM_COL32(20, 20, 20, 230), 0, thick + 2.5f);
    ctx.dl->AddPolyline(b, 3, color(kExerciseCursor), 0, thick);
  }
}

}  // namespace studio
