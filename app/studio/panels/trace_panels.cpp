#include "panels/trace_panels.hpp"

#include <optional>
#include <string>

#include <imgui.h>

#include "astar/format.hpp"

#include "astar/imported_trace_text.hpp"
#include "panels/panel_widgets.hpp"
#include "state/studio.hpp"

namespace studio {

namespace {

// "waiting for the file", "1,234 bytes read, waiting for more (a half line waits)".
std::string follow_text(const astar::TraceFollower& f) {
  if (f.waiting_for_file()) return "Following: waiting for the file to appear";
  std::string s = "Following: " + astar::count_text(f.bytes_read()) +
                  " bytes read, waiting for more";
  if (f.pending_bytes() > 0) s += " (a half-written line waits for its end)";
  return s;
}

void draw_follow_toggle(Studio& studio) {
  bool follow = studio.following();
  if (ImGui::Checkbox("Follow the file", &follow)) studio.set_following(follow);
  if (ImGui::IsItemHovered())
    wrapped_tooltip("Show new events as another program writes them: a growing JSON Lines file "
                    "or a named pipe (File > Follow trace, --follow)");
  if (const TraceMode* t = studio.trace_mode(); t && t->follower)
    ImGui::TextDisabled("%s", follow_text(*t->follower).c_str());
}

}  // namespace

void draw_trace_header(Studio& studio) {
  const TraceMode& t = *studio.trace_mode();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(t.title().c_str());
  if (ImGui::IsItemHovered()) wrapped_tooltip(t.path);
  draw_follow_toggle(studio);
  for (const std::string& w : t.trace->warnings) ImGui::TextColored(kWarnText, "%s", w.c_str());
  const astar::TraceCheckReport& r = t.report;
  if (!r.scale_note.empty()) ImGui::TextDisabled("%s", r.scale_note.c_str());
  const std::int64_t n = r.total();
  if (n == 0)
    ImGui::TextDisabled("The check found nothing wrong.");
  else
    ImGui::TextColored(kWarnText, "%s %s: see the Findings panel", astar::count_text(n).c_str(),
                       n == 1 ? "finding" : "findings");
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Close trace")) studio.close_trace();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Back to the studio's own search on this level");
}

void draw_trace_log(Studio& studio, std::size_t& shown) {
  const astar::ImportedTrace& trace = *studio.trace_mode()->trace;
  const astar::Search& s = studio.session().search();
  const std::size_t n = s.events_applied();
  const double scale = studio.trace_mode()->report.cost_scale;
  const std::optional<std::size_t> clicked = draw_log_lines(n, shown, [&](std::size_t i) {
    const astar::ImportedEvent& e = trace.events[i];
    return LogLine{std::to_string(i) + "  " + astar::describe(e, trace, scale),
                   e.type == astar::TraceEventType::Expanding};
  });
  if (n == 0) ImGui::TextDisabled("Step to replay the trace, one line per event.");
  if (clicked) studio.session().seek_event(*clicked);
}

}  // namespace studio
