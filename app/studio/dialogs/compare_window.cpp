#include "dialogs/compare_window.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include <GLFW/glfw3.h>

#include "astar/line_of_sight.hpp"
#include "state/palette.hpp"
#include "state/search_labels.hpp"
#include "canvas/screenshot.hpp"
#include "canvas/viewport.hpp"
#include "overlays/cell_shapes.hpp"

namespace studio {

using astar::Cell;

namespace {

const ImVec4 kWarnText(1.0f, 0.8f, 0.3f, 1.0f);

// The levels the studio records rewind data for, shared by up to 4 searches.
constexpr std::int64_t kMaxCompareRewindCells = kMaxRewindCells / 4;

// Columns for people, from compare_columns() ("open_peak" -> "open peak").
std::string column_title(std::string_view name) {
  if (name == "cost") return "path cost";
  if (name == "cells") return "path cells";
  if (name == "ms") return "time (ms)";
  std::string out(name);
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

}  // namespace

// [SECTION] Setup

void CompareWindow::start(const std::vector<astar::Algorithm>& algorithms,
                          astar::Heuristic heuristic, std::int64_t steps, bool run,
                          int trace_pane) {
  panes_.clear();
  for (astar::Algorithm a : algorithms) {
    Pane p;
    p.trace = static_cast<int>(panes_.size()) == trace_pane;
    p.options.algorithm = a;
    p.options.heuristic = heuristic;
    p.options.weight = astar::info(a).takes_weight ? 2.0 : 1.0;
    panes_.push_back(std::move(p));
  }
  open = true;
  setup_changed_ = true;
  target_step_ = steps;
  target_end_ = run;
}

void CompareWindow::rebuild(const astar::Level& level) {
  if (comparison_) {  // keep the place reached
    target_step_ = comparison_->step();
    target_end_ = comparison_->finished() && target_step_ > 0;
  }
  comparison_.reset();  // before the level it points into changes
  level_ = level;
  setup_changed_ = false;
  playing_ = false;
  // A heuristic the level's topology refuses gives way to its default (hex distance on hexes).
  for (Pane& p : panes_)
    if (!astar::check_heuristic_topology(p.options.heuristic, level_.topology()).empty())
      p.options.heuristic = astar::default_heuristic(level_.topology());
  std::vector<astar::CompareEntry> entries;
  for (const Pane& p : panes_) entries.push_back(entry_of(p));
  auto made = astar::Comparison::make(level_, std::move(entries));
  if (!made) return;  // the panes are always 2 to 4
  comparison_.emplace(std::move(made).value());
  comparison_->set_recording(level_.cell_count() <= kMaxCompareRewindCells);
  comparison_->measure_times();
  for (Pane& p : panes_) {
    p.level_changes.full();
    p.on_path.assign(static_cast<std::size_t>(level_.cell_count()), 0);
    p.path.clear();
  }
  set_step(target_step_, target_end_);
}

astar::CompareEntry CompareWindow::entry_of(const Pane& pane) const {
  if (pane.trace && trace_) return {.trace = trace_, .trace_scale = trace_scale_};
  return {.options = pane.options};
}

// A trace opened (and none of the panes shows one yet: the first pane does), changed by an edit
// or by following its file (the panes that show it replay the new one), or closed (they go back
// to their algorithm).
void CompareWindow::follow_trace(const Studio& studio) {
  const TraceMode* t = studio.trace_mode();
  const std::shared_ptr<const astar::ImportedTrace> now = t ? t->trace : nullptr;
  const double scale = t ? t->report.cost_scale : 1.0;
  if (now == trace_ && scale == trace_scale_) return;
  const bool opened = now && !trace_;
  trace_ = now;
  trace_scale_ = scale;
  if (!trace_)
    for (Pane& p : panes_) p.trace = false;
  if (opened && !panes_.empty() &&
      std::none_of(panes_.begin(), panes_.end(), [](const Pane& p) { return p.trace; }))
    panes_.front().trace = true;
  setup_changed_ = true;
}

void CompareWindow::set_step(std::int64_t k, bool to_end) {
  if (!comparison_) return;
  if (to_end) comparison_->run_all();
  else comparison_->seek_all(k);
  after_bulk_change();
}

// [SECTION] Stepping

void CompareWindow::step_together(std::int64_t n) {
  if (!comparison_) return;
  const bool bulk = n > 64;  // one full texture refresh is cheaper than a long change list
  for (std::int64_t i = 0; i < n && !comparison_->finished(); ++i) {
    comparison_->step_all();
    if (bulk) continue;
    for (std::size_t p = 0; p < panes_.size(); ++p) {
      const astar::Search& s = comparison_->search(p);
      if (const auto taken = s.last_taken()) panes_[p].search_changes.add(*taken);
      for (Cell c : s.last_relaxed()) panes_[p].search_changes.add(c);
    }
  }
  if (bulk) after_bulk_change();
  else update_paths();
}

// After a seek, a run or a restart: every pane redrawn, paths taken off and put back.
void CompareWindow::after_bulk_change() {
  for (Pane& p : panes_) {
    std::fill(p.on_path.begin(), p.on_path.end(), 0);
    p.path.clear();
    p.search_changes.full();
  }
  update_paths();
}

// A finished search with a path tints its cells (Theta*: the cells on the lines between its
// waypoints), like the studio's canvas.
void CompareWindow::update_paths() {
  if (!comparison_) return;
  for (std::size_t i = 0; i < panes_.size(); ++i) {
    Pane& p = panes_[i];
    const astar::Search& s = comparison_->search(i);
    if (!p.path.empty() || s.state() != astar::SearchState::Found) continue;
    p.path = s.path();
    auto mark = [&](Cell c) {
      p.on_path[astar::to_u32(level_.index(c))] = 1;
      p.search_changes.add(c);
    };
    if (!p.path.empty()) mark(p.path.front());
    for (std::size_t k = 1; k < p.path.size(); ++k)
      astar::for_each_cell_on_line(p.path[k - 1], p.path[k], mark);
  }
}

// [SECTION] Drawing

void CompareWindow::Draw(const Studio& studio, const Fonts& fonts) {
  if (!open) {
    playing_ = false;
    return;
  }
  if (panes_.size() < astar::Comparison::kMinEntries)  // with a trace open: it beside A*
    start({astar::Algorithm::AStar, studio.trace_mode() ? astar::Algorithm::AStar : astar::Algorithm::Dijkstra},
          studio.session().heuristic(), 0, false, studio.trace_mode() ? 0 : -1);
  follow_trace(studio);
  if (setup_changed_ || !comparison_ || !(studio.level() == level_)) rebuild(studio.level());

  const ImGuiIO& io = ImGui::GetIO();
  if (playing_ && comparison_) {
    budget_ += io.DeltaTime * static_cast<double>(speed_);
    const double whole = std::floor(budget_);
    budget_ -= whole;
    step_together(static_cast<std::int64_t>(std::min(whole, std::max(1.0, speed_ * 0.25))));
    if (comparison_->finished()) playing_ = false;
  }

  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.02f, io.DisplaySize.y * 0.04f),
                          ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x * 0.96f, io.DisplaySize.y * 0.92f),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the studio behind would show through
  if (!ImGui::Begin("Compare", &open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar)) {
    ImGui::End();
    return;
  }
  draw_toolbar(studio);

  // The panes: one row, or two rows of two when that gives larger cells.
  const std::size_t n = panes_.size();
  const float table_h = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(n + 1) +
                        ImGui::GetStyle().CellPadding.y * 2 * static_cast<float>(n + 1) + 8.0f;
  const float notes_h = ImGui::GetTextLineHeightWithSpacing() * 2;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float area_h = std::max(120.0f, avail.y - table_h - notes_h);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float header_h = ImGui::GetFrameHeightWithSpacing() + ImGui::GetTextLineHeightWithSpacing() + 12.0f;
  auto cell_size = [&](std::size_t cols, std::size_t rows) {
    const float w = (avail.x - gap * static_cast<float>(cols - 1)) / static_cast<float>(cols);
    const float h = (area_h - gap * static_cast<float>(rows - 1)) / static_cast<float>(rows) - header_h;
    return std::min(w / static_cast<float>(level_.width()), h / static_cast<float>(level_.height()));
  };
  const std::size_t rows = n == 4 && cell_size(2, 2) > cell_size(4, 1) ? 2 : 1;
  const std::size_t cols = (n + rows - 1) / rows;
  ImVec2 pane((avail.x - gap * static_cast<float>(cols - 1)) / static_cast<float>(cols),
              (area_h - gap * static_cast<float>(rows - 1)) / static_cast<float>(rows));
  // No taller than the level needs at that cell size: the table sits right under the panes.
  const float fitted_px = std::floor(cell_size(cols, rows));
  pane.y = std::min(pane.y, header_h + fitted_px * static_cast<float>(level_.height()) + 36.0f);
  area_h = pane.y * static_cast<float>(rows) + gap * static_cast<float>(rows - 1);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  std::optional<std::size_t> remove;
  for (std::size_t i = 0; i < n; ++i) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x + static_cast<float>(i % cols) * (pane.x + gap),
                                     origin.y + static_cast<float>(i / cols) * (pane.y + gap)));
    ImGui::PushID(static_cast<int>(i));
    ImGui::BeginChild("pane", pane, true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    if (draw_setup(panes_[i], i)) remove = i;
    draw_pane(panes_[i], i, fonts, studio.appearance, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    ImGui::PopID();
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + area_h + gap));
  draw_table();
  ImGui::End();
  if (remove) {
    panes_.erase(panes_.begin() + static_cast<std::ptrdiff_t>(*remove));
    setup_changed_ = true;
  }
}

void CompareWindow::draw_toolbar(const Studio& studio) {
  const bool ready = comparison_.has_value();
  const bool done = !ready || comparison_->finished();
  ImGui::BeginDisabled(!ready || comparison_->step() == 0);
  if (ImGui::Button("Back")) {
    playing_ = false;
    set_step(comparison_->step() - 1, false);
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button("Step")) step_together(1);
  ImGui::SameLine();
  if (ImGui::Button(playing_ ? "Pause" : "Play", ImVec2(60, 0))) playing_ = !playing_;
  ImGui::SameLine();
  if (ImGui::Button("Run")) {
    playing_ = false;
    set_step(0, true);
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Reset") && ready) {
    playing_ = false;
    comparison_->restart();
    after_bulk_change();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  ImGui::SliderFloat("steps/s", &speed_, 1.0f, 100000.0f, "%.0f", ImGuiSliderFlags_Logarithmic);
  ImGui::SameLine();
  ImGui::BeginDisabled(panes_.size() >= astar::Comparison::kMaxEntries);
  if (ImGui::Button("Add pane")) {
    Pane p;
    p.options.algorithm = astar::Algorithm::GreedyBestFirst;
    p.options.heuristic = studio.session().heuristic();
    panes_.push_back(std::move(p));
    setup_changed_ = true;
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ready)
    ImGui::Text("step %lld%s  ·  %s", static_cast<long long>(comparison_->step()),
                done ? " (all finished)" : "", studio.file_name().c_str());
}

// The pane's algorithm, heuristic and weight; true when its close button was pressed.
// The pane's algorithm, or the studio's open trace (listed first while one is open).
void CompareWindow::draw_algorithm_combo(Pane& pane, float width) {
  astar::SearchOptions& o = pane.options;
  const std::string trace_label = trace_ ? astar::compare_label(*trace_) : "";
  ImGui::SetNextItemWidth(width);
  const std::string shown = pane.trace && trace_ ? trace_label : std::string(astar::info(o.algorithm).label);
  if (!ImGui::BeginCombo("##algorithm", shown.c_str())) return;
  if (trace_ && ImGui::Selectable(trace_label.c_str(), pane.trace) && !pane.trace) {
    pane.trace = true;
    setup_changed_ = true;
  }
  for (int a = 0; a < static_cast<int>(astar::Algorithm::_Max); ++a) {
    const auto alg = static_cast<astar::Algorithm>(a);
    const bool chosen = !pane.trace && alg == o.algorithm;
    const std::string label(astar::info(alg).label);
    // Off where the level's topology refuses it (JPS and Theta* on hexes), saying why.
    const std::string_view refusal = topology_refusal(alg, level_.topology());
    ImGui::BeginDisabled(!refusal.empty());
    if (ImGui::Selectable(label.c_str(), chosen) && !chosen) {
      pane.trace = false;
      o.algorithm = alg;
      o.weight = astar::info(alg).takes_weight ? 2.0 : 1.0;
      setup_changed_ = true;
    }
    ImGui::EndDisabled();
    if (!refusal.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s %s.", label.c_str(), std::string(refusal).c_str());
  }
  ImGui::EndCombo();
}

bool CompareWindow::draw_setup(Pane& pane, std::size_t index) {
  astar::SearchOptions& o = pane.options;
  const float w = ImGui::GetContentRegionAvail().x;
  draw_algorithm_combo(pane, w * 0.38f);
  ImGui::SameLine();
  ImGui::BeginDisabled(pane.trace || !astar::info(o.algorithm).uses_heuristic);
  ImGui::SetNextItemWidth(w * 0.26f);
  if (ImGui::BeginCombo("##heuristic", std::string(astar::to_string(o.heuristic)).c_str())) {
    for (const astar::Heuristic heu : heuristics_for(level_.topology())) {
      if (ImGui::Selectable(std::string(astar::to_string(heu)).c_str(), heu == o.heuristic) &&
          heu != o.heuristic) {
        o.heuristic = heu;
        setup_changed_ = true;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  if (!pane.trace && astar::info(o.algorithm).takes_weight) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(w * 0.18f);
    float weight = static_cast<float>(o.weight);
    if (ImGui::SliderFloat("##w", &weight, 1.0f, 10.0f, "w %.1f") && weight != o.weight) {
      o.weight = weight;
      setup_changed_ = true;
    }
  }
  bool close = false;
  if (panes_.size() > astar::Comparison::kMinEntries) {
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight());
    close = ImGui::Button("x", ImVec2(ImGui::GetFrameHeight(), 0));
  }
  // The pane's state in one line: the outcome, or the refusal (amber).
  if (comparison_ && index < comparison_->size()) {
    const astar::Search& s = comparison_->search(index);
    if (s.state() == astar::SearchState::Invalid) {
      ImGui::PushStyleColor(ImGuiCol_Text, kWarnText);
      ImGui::TextUnformatted(s.message().c_str());
      ImGui::PopStyleColor();
    } else if (s.state() == astar::SearchState::Found) {
      ImGui::Text("%s: found, cost %.2f, %lld iterations", comparison_->entry(index).label.c_str(),
                  s.path_cost(), static_cast<long long>(s.iterations()));
    } else {
      ImGui::Text("%s: %s, iteration %lld, open %zu", comparison_->entry(index).label.c_str(),
                  std::string(astar::to_string(s.state())).c_str(),
                  static_cast<long long>(s.iterations()), s.open_size());
    }
  }
  return close;
}

void CompareWindow::draw_pane(Pane& pane, std::size_t index, const Fonts& fonts,
                              const Appearance& look, ImVec2 size) {
  const palette::Palette& pal = look.colors();
  if (!comparison_ || index >= comparison_->size()) return;
  const astar::Search& search = comparison_->search(index);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  size.x = std::max(size.x, 32.0f);
  size.y = std::max(size.y, 32.0f);
  const ImVec2 p1(p0.x + size.x, p0.y + size.y);
  View& v = pane.view;
  v.canvas_x = p0.x;
  v.canvas_y = p0.y;
  v.canvas_w = size.x;
  v.canvas_h = size.y;
  const GridGeometry geometry(level_);  // square cells or hexagons
  fit_view(v, geometry);
  ImGui::Dummy(size);

  if (!pane.renderer) {
    pane.renderer = std::make_unique<GridRenderer>();
    pane.renderer->init(shader_override_dir());
  }
  pane.renderer->sync({level_, pane.level_changes, pane.search_changes, [&pane, &search, this](Cell c) -> std::uint8_t {
                         if (pane.on_path[astar::to_u32(level_.index(c))]) return kSearchPath;
                         switch (search.node_state(c)) {
                           case astar::NodeState::Open: return kSearchOpen;
                           case astar::NodeState::Closed: return kSearchClosed;
                           case astar::NodeState::Unseen: break;
                         }
                         return kSearchUnseen;
                       }});

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(p0, p1, true);
  dl->AddRectFilled(p0, p1, color(pal.background));
  if (!pane.renderer->ready()) {
    dl->AddText(ImVec2(p0.x + 8, p0.y + 8), IM_COL32(255, 110, 110, 255), pane.renderer->error().c_str());
    dl->PopClipRect();
    return;
  }
  pane.renderer->draw(dl, v, level_.width(), level_.height(), grid_look(look));
  const float px = v.cell_px;
  const float ox = v.canvas_x + v.offset_x, oy = v.canvas_y + v.offset_y;
  const ScreenMap map = screen_map(v);
  auto center = [&](Cell c) { return on_screen(map, geometry.centre(c)); };
  if (geometry.is_hex())
    outline_cells(dl, map, geometry, {0, 0, level_.width() - 1, level_.height() - 1}, IM_COL32(120, 124, 136, 255), 1.0f);
  else
    dl->AddRect(ImVec2(ox - 1, oy - 1), ImVec2(ox + level_.width() * px + 1, oy + level_.height() * px + 1),
                IM_COL32(120, 124, 136, 255));
  if (pane.path.size() >= 2) {
    std::vector<ImVec2> points;
    for (Cell c : pane.path) points.push_back(center(c));
    dl->AddPolyline(points.data(), static_cast<int>(points.size()), color(pal.path), 0,
                    std::clamp(px * 0.22f, 2.0f, 8.0f));
  } else if (const auto taken = search.last_taken(); taken && !astar::finished(search.state())) {
    outline_cell(dl, map, geometry, *taken, color(pal.taken), std::clamp(px * 0.1f, 1.5f, 3.0f));
  }
  draw_endpoint_marker(dl, fonts, center(level_.start()), px, pal.start, "S");
  draw_endpoint_marker(dl, fonts, center(level_.goal()), px, pal.goal, "G");
  dl->PopClipRect();
}

void CompareWindow::draw_table() {
  if (!comparison_) return;
  const auto& columns = astar::compare_columns();
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("compare-table", static_cast<int>(columns.size()), flags)) return;
  for (std::string_view c : columns) ImGui::TableSetupColumn(column_title(c).c_str());
  ImGui::TableHeadersRow();
  std::vector<std::string> refusals;
  for (const astar::CompareRow& row : comparison_->rows()) {
    ImGui::TableNextRow();
    const std::vector<std::string> cells = astar::compare_cells(row);
    for (std::size_t c = 0; c < cells.size(); ++c) {
      ImGui::TableSetColumnIndex(static_cast<int>(c));
      if (row.state == astar::SearchState::Invalid && c == 1)
        ImGui::TextColored(kWarnText, "%s", cells[c].c_str());
      else
        ImGui::TextUnformatted(cells[c].c_str());
    }
    if (!row.message.empty()) refusals.push_back(row.label + ": " + row.message);
  }
  ImGui::EndTable();
  for (const std::string& r : refusals) ImGui::TextColored(kWarnText, "%s", r.c_str());
  if (refusals.empty())
    ImGui::TextDisabled("open peak: the largest open set up to this step; time: making and "
                        "running each search to its end, measured apart from the stepping");
}

// [SECTION] Sidecar

std::string CompareWindow::sidecar_json(float scale_x, float scale_y) const {
  if (!open || !comparison_) return {};
  std::ostringstream j;
  j.precision(17);
  j << "\"compare\": {\"step\": " << comparison_->step()
    << ", \"finished\": " << (comparison_->finished() ? "true" : "false") << ", \"panes\": [";
  const std::vector<astar::CompareRow> rows = comparison_->rows();
  for (std::size_t i = 0; i < panes_.size() && i < rows.size(); ++i) {
    const View& v = panes_[i].view;
    const astar::SearchOptions& o = comparison_->entry(i).options;
    const astar::CompareRow& r = rows[i];
    j << (i ? ",\n    " : "\n    ") << "{\"label\": " << json_string(r.label)
      << ", \"trace\": " << (r.trace ? "true" : "false")
      << ", \"algorithm\": " << json_string(astar::info(o.algorithm).name)
      << ", \"heuristic\": " << json_string(astar::to_string(o.heuristic)) << ", \"weight\": " << o.weight
      << ", \"tie_break\": " << json_string(astar::to_string(o.tie_break))
      << ", \"canvas\": [" << v.canvas_x * scale_x << ", " << v.canvas_y * scale_y << ", "
      << v.canvas_w * scale_x << ", " << v.canvas_h * scale_y << "], \"cell_px\": " << v.cell_px * scale_x
      << ", \"origin\": [" << (v.canvas_x + v.offset_x) * scale_x << ", "
      << (v.canvas_y + v.offset_y) * scale_y << "], \"state\": " << json_string(astar::to_string(r.state))
      << ", \"message\": " << json_string(r.message) << ", \"iterations\": " << r.iterations
      << ", \"expanded\": " << r.expanded << ", \"generated\": " << r.generated
      << ", \"open_peak\": " << r.open_peak << ", \"path_cost\": ";
    if (r.path_cells > 0) j << r.path_cost;
    else j << "null";
    j << ", \"path_cells\": " << r.path_cells << ", \"ms\": ";
    if (r.ms) j << *r.ms;
    else j << "null";
    j << "}";
  }
  j << "]}";
  return j.str();
}

}  // namespace studio
