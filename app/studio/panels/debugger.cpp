#include "panels/debugger.hpp"

#include "astar/format.hpp"

#include "canvas/viewport.hpp"  // first: it brings glad, which must come before GLFW's GL header

#include <GLFW/glfw3.h>  // key codes

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "astar/pseudocode.hpp"
#include "panels/hierarchy_panel.hpp"
#include "panels/panel_widgets.hpp"
#include "panels/trace_panels.hpp"
#include "state/exercise_mode.hpp"

namespace studio {

using astar::Cell;


// [SECTION] Timeline

void TimelinePanel::Draw(Studio& studio) {
  SearchSession& session = studio.session();
  const astar::Search& s = session.search();
  const bool done = session.search_done();
  const bool back = session.can_step_back() || s.mid_iteration();
  const float w = (ImGui::GetContentRegionAvail().x - 4 * ImGui::GetStyle().ItemSpacing.x) / 5;

  ImGui::BeginDisabled(!session.can_step_back());
  if (ImGui::Button("|<", ImVec2(w, 0))) session.seek(0);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Back to iteration 0 (Home)");
  ImGui::SameLine();
  if (ImGui::Button("<<", ImVec2(w, 0))) session.step_back();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Step back one iteration (Left)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!back || !session.rewind_enabled());
  if (ImGui::Button("<", ImVec2(w, 0))) session.micro_step_back();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Micro-step back (Shift+M)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(done);
  if (ImGui::Button(">", ImVec2(w, 0))) session.micro_step();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Micro-step: take a node, or examine one of its moves (M)");
  ImGui::SameLine();
  if (ImGui::Button(">>", ImVec2(w, 0))) session.step();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Step one iteration (Right)");
  ImGui::EndDisabled();

  // The scrubber runs over every iteration this search has reached.
  std::int64_t it = s.iterations();
  const std::int64_t lo = 0, hi = std::max<std::int64_t>(session.furthest_iteration(), 1);
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::BeginDisabled(!session.rewind_enabled());
  if (ImGui::SliderScalar("##timeline", ImGuiDataType_S64, &it, &lo, &hi, "iteration %lld"))
    session.seek(it);
  ImGui::EndDisabled();
  if (const TraceMode* t = studio.trace_mode())  // a trace: its events, not moves
    ImGui::TextDisabled("iteration %lld, event %s of %s", static_cast<long long>(s.iterations()),
                        astar::count_text(s.events_applied()).c_str(),
                        astar::count_text(t->trace->events.size()).c_str());
  else if (s.mid_iteration())
    ImGui::TextDisabled("iteration %lld, move %zu of %zu", static_cast<long long>(s.iterations()),
                        s.examined(), s.taken_moves().size());
  else
    ImGui::TextDisabled("iteration %lld of %lld reached", static_cast<long long>(s.iterations()),
                        static_cast<long long>(session.furthest_iteration()));
  draw_hierarchy_phase(studio);  // HPA*: Building, Inserting, Abstract, Refining, ...
}

// [SECTION] Pseudo-code

void CodePanel::Draw(const Studio& studio, const Fonts& fonts) {
  const astar::Search& s = studio.session().search();
  const astar::PseudoCode& code = astar::pseudocode_of(s);  // a trace: the generic loop
  astar::CodePosition at;
  const ExerciseMode* ex = studio.exercise();
  if (ex && ex->spec().kind != astar::ExerciseKind::FindBug)
    at.line = ex->code_line(code);  // the student's question, not the search: no variables
  else
    at = astar::code_position(s);
  if (const astar::HpaView* v = s.hierarchy(); v && !studio.trace_mode() && !ex)
    hierarchy_code_position(*v, code, at);  // HPA*: the line of its phase
  if (fonts.mono) ImGui::PushFont(fonts.mono);
  const ImVec4 lit(1.0f, 0.85f, 0.35f, 1.0f);
  for (std::size_t i = 0; i < code.lines.size(); ++i) {
    const bool on = static_cast<int>(i) == at.line;
    char num[24];
    std::snprintf(num, sizeof num, "%2zu ", i + 1);
    if (on) {
      // The lit line: a band behind it, as a debugger marks the current line.
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float h = ImGui::GetTextLineHeight();
      ImGui::GetWindowDrawList()->AddRectFilled(
          p, ImVec2(p.x + ImGui::GetContentRegionAvail().x, p.y + h), IM_COL32(110, 85, 20, 200));
    }
    ImGui::TextColored(on ? lit : ImVec4(0.5f, 0.5f, 0.55f, 1.0f), "%s", num);
    ImGui::SameLine(0, 0);
    if (on) ImGui::TextColored(lit, "%s", code.lines[i].c_str());
    else ImGui::TextUnformatted(code.lines[i].c_str());
  }
  if (fonts.mono) ImGui::PopFont();
  ImGui::Spacing();
  if (!at.variables.empty() &&
      ImGui::BeginTable("vars", 2, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) {
    for (const astar::CodeVariable& v : at.variables) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", v.name.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(v.value.c_str());
    }
    ImGui::EndTable();
  }
  if (!at.note.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(lit, "%s", at.note.c_str());
    ImGui::PopTextWrapPos();
  }
}

// [SECTION] Log

// HPA*: one line per step, its HpaView::last_step (steps a seek jumped over have none).
void LogPanel::draw_hierarchy_log(SearchSession& session) {
  const std::vector<std::string> words = session.hierarchy().words(session.search());
  const std::optional<std::size_t> clicked = draw_log_lines(words.size(), shown_, [&](std::size_t i) {
    const std::string& w = words[i];
    return LogLine{std::to_string(i + 1) + "  " + (w.empty() ? "(stepped over)" : w),
                   w.starts_with("Expanded")};
  });
  if (words.empty()) ImGui::TextDisabled("Step to see what HPA* does, one line per step.");
  if (clicked) session.seek(static_cast<std::int64_t>(*clicked) + 1);
}

void LogPanel::Draw(Studio& studio) {
  SearchSession& session = studio.session();
  if (studio.trace_mode()) return draw_trace_log(studio, shown_);
  if (session.search().hierarchy()) return draw_hierarchy_log(session);
  const astar::TraceRecorder& trace = session.trace();
  const astar::Search& s = session.search();
  const std::size_t n = trace.count_at(s);
  const auto& events = trace.events();
  const std::optional<std::size_t> clicked = draw_log_lines(n, shown_, [&](std::size_t i) {
    const astar::TraceEvent& e = events[i];
    return LogLine{std::to_string(e.iteration) + "  " +
                       astar::describe(e, s.options().algorithm, s.options().weight),
                   e.kind == astar::TraceKind::Take};
  });
  if (trace.dropped() > 0)
    ImGui::TextDisabled("%lld later events not kept", static_cast<long long>(trace.dropped()));
  else if (n == 0)
    ImGui::TextDisabled("Step to see what the search does, one line per event.");
  if (clicked) session.seek_event(*clicked);
}

// [SECTION] Quiz

void QuizPanel::Draw(Studio& studio) {
  SearchSession::Quiz& q = studio.session().quiz;
  ImGui::Checkbox("Predict the next node", &q.on);
  ImGui::PushTextWrapPos(0.0f);
  if (q.on && q.asked == 0)
    ImGui::TextDisabled("Click the cell you think the search takes next. The studio says whether "
                        "you are right and why, then takes that step.");
  if (q.asked > 0) ImGui::Text("Score: %d of %d", q.right, q.asked);
  if (!q.last.empty())
    ImGui::TextColored(q.last_right ? ImVec4(0.4f, 0.9f, 0.5f, 1.0f) : ImVec4(1.0f, 0.55f, 0.45f, 1.0f),
                       "%s", q.last.c_str());
  ImGui::PopTextWrapPos();
}

// [SECTION] Breakpoints

void BreakpointsPanel::Draw(Studio& studio) {
  astar::Breakpoints& b = studio.session().breakpoints();
  ImGui::Checkbox("Goal first reached", &b.goal_reached);
  ImGui::Checkbox("f goes up", &b.f_increases);
  bool open_on = b.open_above > 0;
  if (ImGui::Checkbox("Open set above", &open_on)) b.open_above = open_on ? 100 : 0;
  if (open_on) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    int n = static_cast<int>(std::min<std::int64_t>(b.open_above, 1 << 30));
    if (ImGui::InputInt("##open_above", &n, 10, 100)) b.open_above = std::max(1, n);
  }
  auto list = [&](const char* what, std::vector<Cell>& cells) {
    for (std::size_t i = 0; i < cells.size();) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::PushID(what);
      const bool remove = ImGui::SmallButton("x");
      ImGui::PopID();
      ImGui::PopID();
      ImGui::SameLine();
      ImGui::Text("%s %s", what, astar::cell_text(cells[i]).c_str());
      if (remove) cells.erase(cells.begin() + static_cast<std::ptrdiff_t>(i));
      else ++i;
    }
  };
  list("taken", b.on_take);
  list("opened", b.on_open);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("Hover a cell and press K to break when it is taken, O when it is opened.");
  ImGui::PopTextWrapPos();
}

}  // namespace studio
