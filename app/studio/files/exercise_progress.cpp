// An exercise's progress from its result file (exercise_progress.hpp). core grades the file
// (every field checked, the answers replayed); this reads its answers back, which core keeps
// to itself, trusting what grading has checked.
#include "files/exercise_progress.hpp"

#include <string>

#include <nlohmann/json.hpp>

namespace studio {

namespace {

using json = nlohmann::json;

astar::Cell cell_of(const json& j) { return {j.at(0).get<int>(), j.at(1).get<int>()}; }

std::vector<astar::Cell> cells_of(const json& j) {
  std::vector<astar::Cell> out;
  for (const json& c : j) out.push_back(cell_of(c));
  return out;
}

// One recorded answer, as astar::result_to_json writes it.
astar::TimedAction action_of(const json& j) {
  astar::TimedAction t;
  t.time = j.at("t").get<double>();
  astar::Action& a = t.action;
  using astar::PromptKind;
  if (j.contains("undo")) {
    t.undo = j["undo"].get<bool>();
  } else if (j.contains("time_up")) {
    t.time_up = j["time_up"].get<bool>();
  } else if (j.contains("select")) {
    a.kind = PromptKind::Select;
    a.cell = cell_of(j["select"]);
  } else if (j.contains("path")) {
    a.kind = PromptKind::PathBack;
    a.cell = cell_of(j["path"]);
  } else if (j.contains("no-change") || j.contains("skip") || j.contains("neighbour")) {
    a.kind = PromptKind::Neighbour;
    const bool values = j.contains("neighbour");
    a.answer = values ? astar::NeighbourAnswer::Values
                      : j.contains("skip") ? astar::NeighbourAnswer::Skip : astar::NeighbourAnswer::NoChange;
    a.cell = cell_of(values ? j["neighbour"] : j.contains("skip") ? j["skip"] : j["no-change"]);
    if (values) {
      a.g = j.at("g").get<double>();
      a.h = j.at("h").get<double>();
      a.f = j.at("f").get<double>();
    }
  } else if (j.contains("parents")) {
    a.kind = PromptKind::Parents;
    a.cells = cells_of(j["parents"]);
  } else if (j.contains("mark")) {
    a.kind = PromptKind::Mark;
    a.cells = cells_of(j["mark"]);
  } else {
    a.kind = PromptKind::Finding;
    a.finding = j.at("finding").get<std::string>();
    a.event = j.at("event").get<std::int64_t>();
  }
  return t;
}

}  // namespace

astar::Result<ExerciseProgress> read_exercise_progress(std::string_view text, std::string_view source) {
  astar::Result<astar::GradeRow> graded = astar::grade_result(text, source);
  if (!graded) return astar::Error{graded.error()};
  if (!graded.value().verified)
    return astar::Error{std::string(source) + ": altered: " + graded.value().altered};
  ExerciseProgress p;
  p.spec = graded.value().spec;
  try {
    const json doc = json::parse(text);
    for (const json& a : doc.at("actions")) p.actions.push_back(action_of(a));
  } catch (const json::exception& e) {  // grading read it: only a core that writes more
    return astar::Error{std::string(source) + ": actions: " + e.what()};
  }
  return p;
}

}  // namespace studio
