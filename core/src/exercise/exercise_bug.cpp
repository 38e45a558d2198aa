// find-bug exercises (exercise_data.hpp): our A*'s Posthoc trace of the level with one event
// changed, as a buggy pathfinder would write it. The bug is one of:
//   - a generated node's g one too high (its f too): check_trace says g-mismatch;
//   - a generated node's parent a cell that is not its neighbour: illegal-move;
//   - a generated node's h (and f) 3 above the truth: overestimate.
// The right answers are check_trace's findings on the changed trace (bug_findings).
#include <nlohmann/json.hpp>

#include "astar/make_search.hpp"
#include "astar/posthoc_writer.hpp"
#include "astar/trace.hpp"
#include "exercise/exercise_data.hpp"

namespace astar::exercise_detail {

namespace {

using json = nlohmann::json;

Result<json> clean_trace(const Level& level) {
  TraceRecorder rec;
  std::unique_ptr<Search> s = make_search(level, level.rules(), with_preset({}, level.preset), &rec);
  rec.attach(*s);
  s->run();
  Result<std::string> text = posthoc_trace(level, rec.events());
  if (!text) return Error{text.error()};
  return json::parse(text.value());
}

// Indices of "generating" events after the first few (the start's own is left alone).
std::vector<std::size_t> generating_events(const json& events) {
  std::vector<std::size_t> out;
  for (std::size_t i = 4; i < events.size(); ++i)
    if (events[i].value("type", "") == "generating" && events[i].contains("pId") && !events[i]["pId"].is_null())
      out.push_back(i);
  return out;
}

// A cell id at least two cells from `cell` that the trace has already named (so pId is known).
std::optional<std::uint64_t> far_known_id(const json& events, std::size_t before, Cell cell, int width) {
  for (std::size_t i = 0; i < before; ++i) {
    if (!events[i].contains("id") || events[i]["id"].is_null()) continue;
    const std::uint64_t id = events[i]["id"].get<std::uint64_t>();
    const int x = static_cast<int>(id % static_cast<std::uint64_t>(width)), y = static_cast<int>(id / static_cast<std::uint64_t>(width));
    if (std::abs(x - cell.x) >= 2 || std::abs(y - cell.y) >= 2) return id;
  }
  return std::nullopt;
}

bool plant(json& events, std::size_t i, int kind, const Level& level) {
  json& ev = events[i];
  switch (kind) {
    case 0:
      ev["g"] = ev["g"].get<double>() + 1.0;
      ev["f"] = ev["f"].get<double>() + 1.0;
      return true;
    case 1: {
      const Cell c{ev["x"].get<int>(), ev["y"].get<int>()};
      const auto id = far_known_id(events, i, c, level.width());
      if (!id) return false;
      ev["pId"] = *id;
      return true;
    }
    default:
      ev["h"] = ev["h"].get<double>() + 3.0;
      ev["f"] = ev["f"].get<double>() + 3.0;
      return true;
  }
}

}  // namespace

Status add_bug_trace(Exercise& e, detail::Rng& rng) {
  Result<json> clean = clean_trace(e.level);
  if (!clean) return Error{clean.error()};
  const std::vector<std::size_t> candidates = generating_events(clean.value()["events"]);
  for (int attempt = 0; attempt < 40 && !candidates.empty(); ++attempt) {
    json doc = clean.value();
    const std::size_t i = candidates[rng.below(candidates.size())];
    if (!plant(doc["events"], i, static_cast<int>(rng.below(3)), e.level)) continue;
    std::string text = doc.dump(1);
    TraceReadOptions options;
    options.level = &e.level;
    Result<ImportedTrace> trace = read_trace(text, "exercise-trace.json", options);
    if (!trace) continue;
    e.trace = std::make_shared<const ImportedTrace>(std::move(trace).value());
    e.trace_json = std::move(text);
    if (!bug_findings(e).empty()) return Ok{};
  }
  e.trace.reset();
  e.trace_json.clear();
  return Error{"exercise: no bug could be planted in this level's trace"};
}

std::vector<Finding> bug_findings(const Exercise& e) {
  if (!e.trace) return {};
  TraceCheckOptions options;
  options.cost_scale = 1.0;
  options.max_per_kind = 0;
  return check_trace(e.level, e.level.rules(), *e.trace, options).findings;
}

}  // namespace astar::exercise_detail
