// Result files (exercise.hpp): written from a run, read back, replayed and compared (grading).
//
// [SECTION] Writing       action_json, score_json, result_to_json
// [SECTION] Reading       read_action, read_result (throws level_file::Fail)
// [SECTION] Grading       replay, compare_score, grade_result, model_answer_result
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "astar/exercise.hpp"
#include "astar/number_chars.hpp"
#include "base/json_document.hpp"
#include "base/text_file.hpp"
#include "exercise/model_search.hpp"
#include "formats/level_format.hpp"

namespace astar {

namespace {

using level_file::Fail;
using level_file::fail;
using level_file::json;
using exercise_detail::fnv1a;
using exercise_detail::hex16;

constexpr std::string_view kResultFormat = "astar-exercise-result";
// A result file holds a spec, a digest and one short object per answer: far below this.
constexpr std::uintmax_t kMaxResultFileBytes = 16u << 20;


// [SECTION] Writing

std::string cell_json(Cell c) { return "[" + std::to_string(c.x) + ", " + std::to_string(c.y) + "]"; }
std::string cells_json(const std::vector<Cell>& cells) {
  std::string out = "[";
  for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? ", " : "") + cell_json(cells[i]);
  return out + "]";
}
double ms(double t) { return std::round(t * 1000.0) / 1000.0; }

std::string action_json(const TimedAction& t) {
  std::string out = "{\"t\": " + shortest_text(ms(t.time)) + ", ";
  if (t.undo) return out + "\"undo\": true}";
  if (t.time_up) return out + "\"time_up\": true}";
  const Action& a = t.action;
  switch (a.kind) {
    case PromptKind::Select: return out + "\"select\": " + cell_json(a.cell) + "}";
    case PromptKind::Neighbour:
      switch (a.answer) {
        case NeighbourAnswer::NoChange: return out + "\"no-change\": " + cell_json(a.cell) + "}";
        case NeighbourAnswer::Skip: return out + "\"skip\": " + cell_json(a.cell) + "}";
        case NeighbourAnswer::Values: break;
      }
      return out + "\"neighbour\": " + cell_json(a.cell) + ", \"g\": " + shortest_text(a.g) +
             ", \"h\": " + shortest_text(a.h) + ", \"f\": " + shortest_text(a.f) + "}";
    case PromptKind::Parents: return out + "\"parents\": " + cells_json(a.cells) + "}";
    case PromptKind::PathBack: return out + "\"path\": " + cell_json(a.cell) + "}";
    case PromptKind::Mark: return out + "\"mark\": " + cells_json(a.cells) + "}";
    case PromptKind::Finding:
      return out + "\"finding\": " + json(a.finding).dump() + ", \"event\": " + std::to_string(a.event) + "}";
    case PromptKind::Done: break;
  }
  return out + "\"undo\": false}";
}

std::string score_json(const Score& s, double seconds) {
  std::string mistakes;
  for (std::size_t i = 0; i < s.mistakes.size(); ++i)
    if (s.mistakes[i])
      mistakes += (mistakes.empty() ? "" : ", ") + std::string("\"") + std::string(to_string(static_cast<Mistake>(i))) +
                  "\": " + std::to_string(s.mistakes[i]);
  return "{\"points\": " + shortest_text(s.points) + ", \"max\": " + shortest_text(s.max_points) +
         ", \"percent\": " + shortest_text(s.percent) + ", \"mistakes\": {" + mistakes + "}, \"seconds\": " +
         shortest_text(ms(seconds)) + ", \"finished\": " + (s.finished ? "true" : "false") +
         ", \"time_up\": " + (s.time_up ? "true" : "false") + "}";
}

double last_time(const std::vector<TimedAction>& actions) { return actions.empty() ? 0.0 : actions.back().time; }

// Everything but the check, as written.
std::string result_body(const ExerciseRun& run) {
  std::string out = "{\n  \"format\": \"" + std::string(kResultFormat) + "\",\n  \"version\": 1,\n  \"exercise\": " +
                    level_file::exercise_json(run.exercise().spec) + ",\n  \"digest\": \"" + run.exercise().digest +
                    "\",\n  \"actions\": [";
  const auto& actions = run.actions();
  for (std::size_t i = 0; i < actions.size(); ++i) out += (i ? ",\n    " : "\n    ") + action_json(actions[i]);
  out += actions.empty() ? "],\n" : "\n  ],\n";
  return out + "  \"score\": " + score_json(run.score(), last_time(actions)) + ",\n";
}

std::string check_of(const std::string& body) { return hex16(fnv1a(std::string(kResultFormat) + "\n" + body)); }

// [SECTION] Reading

struct FileResult {
  ExerciseSpec spec;
  std::string digest, check;
  std::vector<TimedAction> actions;
  json score;
};

Cell read_cell(const json& j, const std::string& field) { return level_file::get_cell(j, field); }

std::vector<Cell> read_cells(const json& j, const std::string& field) {
  level_file::expect_array(j, field);
  if (j.size() > static_cast<std::size_t>(kExerciseMaxSize * kExerciseMaxSize)) fail(field, "too many cells");
  std::vector<Cell> out;
  for (std::size_t i = 0; i < j.size(); ++i) out.push_back(read_cell(j[i], level_file::element(field, i)));
  return out;
}

TimedAction read_action(const json& j, const std::string& field) {
  level_file::expect_object(j, field);
  TimedAction t;
  t.time = level_file::get_number(level_file::require(j, "t", field), field + ".t");
  if (t.time < 0) fail(field + ".t", "must be >= 0");
  Action& a = t.action;
  const auto only = [&](std::initializer_list<std::string_view> keys) { level_file::check_keys(j, field, keys); };
  if (j.contains("undo")) only({"t", "undo"}), t.undo = level_file::get_bool(j["undo"], field + ".undo");
  else if (j.contains("time_up")) only({"t", "time_up"}), t.time_up = level_file::get_bool(j["time_up"], field + ".time_up");
  else if (j.contains("select")) only({"t", "select"}), a.kind = PromptKind::Select, a.cell = read_cell(j["select"], field + ".select");
  else if (j.contains("path")) only({"t", "path"}), a.kind = PromptKind::PathBack, a.cell = read_cell(j["path"], field + ".path");
  else if (j.contains("no-change")) only({"t", "no-change"}), a.kind = PromptKind::Neighbour, a.answer = NeighbourAnswer::NoChange, a.cell = read_cell(j["no-change"], field + ".no-change");
  else if (j.contains("skip")) only({"t", "skip"}), a.kind = PromptKind::Neighbour, a.answer = NeighbourAnswer::Skip, a.cell = read_cell(j["skip"], field + ".skip");
  else if (j.contains("neighbour")) {
    only({"t", "neighbour", "g", "h", "f"});
    a.kind = PromptKind::Neighbour;
    a.cell = read_cell(j["neighbour"], field + ".neighbour");
    a.g = level_file::get_number(level_file::require(j, "g", field), field + ".g");
    a.h = level_file::get_number(level_file::require(j, "h", field), field + ".h");
    a.f = level_file::get_number(level_file::require(j, "f", field), field + ".f");
  } else if (j.contains("parents")) only({"t", "parents"}), a.kind = PromptKind::Parents, a.cells = read_cells(j["parents"], field + ".parents");
  else if (j.contains("mark")) only({"t", "mark"}), a.kind = PromptKind::Mark, a.cells = read_cells(j["mark"], field + ".mark");
  else if (j.contains("finding")) {
    only({"t", "finding", "event"});
    a.kind = PromptKind::Finding;
    a.finding = level_file::get_string(j["finding"], field + ".finding");
    a.event = level_file::get_int(level_file::require(j, "event", field), field + ".event", 0, 1'000'000'000);
  } else {
    fail(field, "no answer: expected one of select, neighbour, no-change, skip, parents, path, mark, finding, undo, time_up");
  }
  return t;
}

FileResult read_result(const json& root) {
  level_file::expect_object(root, "");
  const std::string& format = level_file::get_string(level_file::require(root, "format", ""), "format");
  if (format != kResultFormat) fail("format", "expected \"" + std::string(kResultFormat) + "\", got " + level_file::quoted(format));
  level_file::check_keys(root, "", {"format", "version", "exercise", "digest", "actions", "score", "check"});
  level_file::get_int(level_file::require(root, "version", ""), "version", 1, 1, "must be 1 (this version reads version 1)");
  FileResult r;
  Level holder(kExerciseMinSize, kExerciseMinSize);
  level_file::parse_exercise(level_file::require(root, "exercise", ""), holder);
  r.spec = *holder.exercise;
  r.digest = level_file::get_string(level_file::require(root, "digest", ""), "digest");
  r.check = level_file::get_string(level_file::require(root, "check", ""), "check");
  const json& actions = level_file::require(root, "actions", "");
  level_file::expect_array(actions, "actions");
  if (actions.size() > 100000) fail("actions", "at most 100000 answers, got " + std::to_string(actions.size()));
  for (std::size_t i = 0; i < actions.size(); ++i) r.actions.push_back(read_action(actions[i], level_file::element("actions", i)));
  r.score = level_file::require(root, "score", "");
  level_file::expect_object(r.score, "score");
  return r;
}

// [SECTION] Grading

// Replays the file's actions; empty when each is accepted, else what is wrong with the first.
std::string replay(ExerciseRun& run, const FileResult& r) {
  double previous = 0.0;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const TimedAction& t = r.actions[i];
    const std::string field = "actions[" + std::to_string(i) + "]";
    if (t.time < previous) return field + ".t: " + shortest_text(t.time) + " is before the answer above it";
    previous = t.time;
    if (t.undo) {
      if (Status s = run.undo(t.time); !s) return field + ": " + s.error();
    } else if (t.time_up) {
      if (!r.spec.exam || r.spec.time_limit == 0 || t.time <= r.spec.time_limit)
        return field + ": time up at " + shortest_text(t.time) + " s, but the limit is " + std::to_string(r.spec.time_limit) + " s";
      run.time_up(t.time);
    } else if (Result<AnswerVerdict> v = run.answer(t.action, t.time); !v) {
      return field + ": " + v.error();
    }
  }
  return {};
}

// Empty when the file's score says what the replay gives, else the first difference.
std::string compare_score(const json& file, const Score& s, double seconds) {
  const json mine = json::parse(score_json(s, seconds));
  for (const auto& [key, value] : mine.items()) {
    if (!file.contains(key)) return "score." + key + ": missing (its actions give " + value.dump() + ")";
    if (file[key] != value)
      return "score." + key + ": the file says " + file[key].dump() + ", its actions give " + value.dump();
  }
  for (const auto& [key, value] : file.items())
    if (!mine.contains(key)) return "score." + key + ": unknown field";
  return {};
}

}  // namespace

std::string result_to_json(const ExerciseRun& run) {
  const std::string body = result_body(run);
  return body + "  \"check\": \"" + check_of(body) + "\"\n}\n";
}

Result<GradeRow> grade_result(std::string_view text, std::string_view source) {
  FileResult r;
  try {
    r = read_result(level_file::parse_document(text, "result files"));
  } catch (const Fail& f) {
    return Error{std::string(source) + ": " + (f.field.empty() ? "" : f.field + ": ") + f.reason};
  }
  Result<Exercise> ex = make_exercise(r.spec);
  if (!ex) return Error{std::string(source) + ": " + ex.error()};
  GradeRow row;
  row.file = std::string(source);
  row.spec = r.spec;
  row.actions = r.actions;
  ExerciseRun run(ex.value());
  row.altered = ex.value().digest != r.digest
                    ? "digest: the exercise its spec makes is " + ex.value().digest + ", the file says " + r.digest
                    : replay(run, r);
  row.score = run.score();
  row.seconds = last_time(run.actions());
  if (row.altered.empty()) row.altered = compare_score(r.score, row.score, row.seconds);
  if (row.altered.empty() && check_of(result_body(run)) != r.check)
    row.altered = "check: the actions and score do not match the check the studio wrote (edited by hand?)";
  row.verified = row.altered.empty();
  return row;
}

Result<GradeRow> grade_result_file(const std::string& path) {
  Result<std::string> text = detail::read_text_file(path, kMaxResultFileBytes);
  if (!text) return Error{text.error()};
  return grade_result(text.value(), path);
}

Result<std::string> model_answer_result(const ExerciseSpec& spec) {
  Result<Exercise> ex = make_exercise(spec);
  if (!ex) return Error{ex.error()};
  ExerciseRun run(ex.value());
  // A second apart, or closer in an exam whose limit is short (no exercise asks 1,000 questions).
  const double step = spec.time_limit > 0 ? std::min(1.0, spec.time_limit / 1000.0) : 1.0;
  double t = 0.0;
  while (!run.done())
    if (Result<AnswerVerdict> v = run.answer(run.model_answer(), t += step); !v) return Error{v.error()};
  return result_to_json(run);
}

}  // namespace astar
