// Level files: the exercise a level was made for (exercise_spec.hpp), read for
// parse_document_level (level_document.cpp; it throws Fail) and written for level_to_json:
//   "exercise": {"kind": "astar-by-hand", "seed": "fall-2026", "student": "ada", "size": 8,
//                "walls": 20, "costs": false, "diagonal": true, "ties": false}
// Missing fields take ExerciseSpec's defaults; the whole spec is then checked
// (check_exercise_spec), its message naming the field.
#include <string>

#include "formats/level_format.hpp"

namespace astar::level_file {

namespace {

int get_small_int(const json& j, const std::string& field) {
  return static_cast<int>(get_int(j, field, -1'000'000, 1'000'000));
}

void read_exercise_fields(const json& e, ExerciseSpec& s) {
  const auto text = [&](const char* key, std::string& into) {
    if (const json* v = optional_member(e, key)) into = get_string(*v, member("exercise", key));
  };
  const auto number = [&](const char* key, int& into) {
    if (const json* v = optional_member(e, key)) into = get_small_int(*v, member("exercise", key));
  };
  const auto flag = [&](const char* key, bool& into) {
    if (const json* v = optional_member(e, key)) into = get_bool(*v, member("exercise", key));
  };
  text("seed", s.seed);
  text("student", s.student);
  text("algorithm", s.algorithm);
  text("question", s.question);
  number("size", s.size);
  number("walls", s.walls);
  flag("costs", s.costs);
  flag("diagonal", s.diagonal);
  flag("ties", s.ties);
  flag("exam", s.exam);
  flag("hints", s.hints);
  number("time_limit", s.time_limit);
}

}  // namespace

void parse_exercise(const json& e, Level& level) {
  expect_object(e, "exercise");
  check_keys(e, "exercise", {"kind", "seed", "student", "algorithm", "question", "size", "walls",
                             "costs", "diagonal", "ties", "exam", "hints", "time_limit"});
  ExerciseSpec s;
  const json& kind = require(e, "kind", "exercise");
  const std::string& name = get_string(kind, "exercise.kind");
  const std::optional<ExerciseKind> k = parse_exercise_kind(name);
  if (!k) fail("exercise.kind", "must be one of " + exercise_kind_names() + ", got " + quoted(name));
  s.kind = *k;
  read_exercise_fields(e, s);
  if (const std::string why = check_exercise_spec(s); !why.empty()) {
    const std::size_t cut = why.find_first_of(" :");  // "exercise.size must be ..."
    fail(why.substr(0, cut), why.substr(why[cut] == ':' ? cut + 2 : cut + 1));
  }
  level.exercise = s;
}

std::string exercise_json(const ExerciseSpec& e) {
  const auto flag = [](bool b) { return b ? "true" : "false"; };
  const auto text = [](const std::string& s) { return json(s).dump(-1, ' ', false, json::error_handler_t::replace); };
  return "{\"kind\": \"" + std::string(to_string(e.kind)) + "\", \"seed\": " + text(e.seed) +
         ", \"student\": " + text(e.student) + ", \"algorithm\": " + text(e.algorithm) +
         ", \"question\": " + text(e.question) + ",\n    \"size\": " + std::to_string(e.size) +
         ", \"walls\": " + std::to_string(e.walls) + ", \"costs\": " + flag(e.costs) +
         ", \"diagonal\": " + flag(e.diagonal) + ", \"ties\": " + flag(e.ties) + ", \"exam\": " +
         flag(e.exam) + ", \"hints\": " + flag(e.hints) + ", \"time_limit\": " + std::to_string(e.time_limit) + "}";
}

}  // namespace astar::level_file
