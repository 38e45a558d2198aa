// Level files, reading a lesson's parts: "description" (text) and "search" (the settings the level
// suggests), e.g.
//   "search": {"algorithm": "greedy", "heuristic": "octile", "max_iterations": 500}
//   "search": {"algorithm": "dijkstra", "budget": 4}     (a movement range, reach.hpp)
//   "search": {"algorithm": "hpa-star", "cluster_size": 8, "hpa_smooth": true}
// parse_document_level (level_document.cpp) calls parse_lesson; it throws Fail.
#include <cstdint>
#include <string>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/search_names.hpp"
#include "formats/level_format.hpp"

namespace astar::level_file {

namespace {

// A name one of `parse` accepts, e.g. an algorithm's; `names` lists them for the message.
template <class Parse>
std::string get_name(const json& j, const std::string& field, Parse&& parse, const std::string& names) {
  const std::string& v = get_string(j, field);
  if (!parse(v)) fail(field, "unknown name " + describe(j) + " (expected " + names + ")");
  return v;
}

template <class Enum, class Name>
std::string names_of(Name&& name) {
  std::string out;
  for (int i = 0; i < static_cast<int>(Enum::_Max); ++i)
    out += (i ? ", " : "") + std::string(name(static_cast<Enum>(i)));
  return out;
}

// "trace": a file beside the level (or below its folder): relative, no "..", not empty.
std::string get_trace_path(const json& j) {
  const std::string& v = get_string(j, "search.trace");
  if (!trace_path_ok(v))
    fail("search.trace", "must be a relative path inside the level's folder (no \"..\", not "
                         "absolute, 1.." + std::to_string(kMaxTracePath) + " bytes), got " + describe(j));
  return v;
}

// search.ignore_shapes: shape indices, each listed once (checked against "shapes" once read).
std::vector<std::uint32_t> get_shape_indices(const json& j) {
  const std::string field = "search.ignore_shapes";
  expect_array(j, field);
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const auto v = static_cast<std::uint32_t>(get_int(j[i], element(field, i), 0,
                                                      static_cast<std::int64_t>(kMaxShapes) - 1,
                                                      "must be a shape's index"));
    if (std::find(out.begin(), out.end(), v) != out.end())
      fail(element(field, i), "shape " + std::to_string(v) + " is listed twice");
    out.push_back(v);
  }
  return out;
}

// search.budget: a movement range's points (reach.hpp), for Dijkstra, which takes cells in order
// of cost; with no goal, so no partial path.
double get_budget(const json& j, const SearchPreset& p) {
  const double b = get_number(j, "search.budget");
  if (!(b >= 0.0) || b > kMaxBudget)
    fail("search.budget", "must be a number 0.." + std::to_string(static_cast<std::int64_t>(kMaxBudget)) + ", got " + describe(j));
  if (p.algorithm != "dijkstra")
    fail("search.budget", "a movement range needs \"algorithm\": \"dijkstra\"" +
                              (p.algorithm ? ", got " + quoted(*p.algorithm) : std::string()));
  if (p.partial_path.value_or(false))
    fail("search.budget", "a movement range has no goal, so no \"partial_path\"");
  return b;
}

// search.cluster_size and search.hpa_smooth: HPA*'s clusters and its smoothing step.
void get_hierarchy(const json& j, SearchPreset& p) {
  if (const json* v = optional_member(j, "cluster_size"))
    p.cluster_size = get_int(*v, "search.cluster_size", kHpaMinClusterSize, kHpaMaxClusterSize,
                             "must be an integer " + std::to_string(kHpaMinClusterSize) + ".." +
                                 std::to_string(kHpaMaxClusterSize));
  if (const json* v = optional_member(j, "hpa_smooth")) p.hpa_smooth = get_bool(*v, "search.hpa_smooth");
  if ((p.cluster_size || p.hpa_smooth) && p.algorithm != "hpa-star")
    fail(p.cluster_size ? "search.cluster_size" : "search.hpa_smooth",
         "applies to \"algorithm\": \"hpa-star\" only");
}

SearchPreset parse_preset(const json& j) {
  expect_object(j, "search");
  check_keys(j, "search", {"algorithm", "heuristic", "weight", "tie_break", "partial_path",
                           "max_iterations", "smooth", "trace", "ignore_shapes", "walk", "sensor", "budget",
                           "cluster_size", "hpa_smooth"});
  SearchPreset p;
  if (const json* v = optional_member(j, "algorithm"))
    p.algorithm = get_name(*v, "search.algorithm", parse_algorithm,
                           names_of<Algorithm>([](Algorithm a) { return info(a).name; }));
  if (const json* v = optional_member(j, "heuristic"))
    p.heuristic = get_name(*v, "search.heuristic", parse_heuristic,
                           names_of<Heuristic>([](Heuristic h) { return to_string(h); }));
  if (const json* v = optional_member(j, "weight")) {
    const double w = get_number(*v, "search.weight");
    if (!(w >= 1.0 && w <= 100.0)) fail("search.weight", "must be 1..100, got " + describe(*v));
    p.weight = w;
  }
  if (const json* v = optional_member(j, "tie_break"))
    p.tie_break = get_name(*v, "search.tie_break", parse_tie_break,
                           names_of<TieBreak>([](TieBreak t) { return to_string(t); }));
  if (const json* v = optional_member(j, "partial_path")) p.partial_path = get_bool(*v, "search.partial_path");
  if (const json* v = optional_member(j, "max_iterations"))
    p.max_iterations = get_int(*v, "search.max_iterations", 1, SearchPreset::kMaxIterations,
                               "must be an integer >= 1");
  if (const json* v = optional_member(j, "smooth")) p.smooth = get_bool(*v, "search.smooth");
  if (const json* v = optional_member(j, "trace")) p.trace = get_trace_path(*v);
  if (const json* v = optional_member(j, "ignore_shapes")) p.ignore_shapes = get_shape_indices(*v);
  if (p.weight && p.algorithm != "weighted-astar")
    fail("search.weight", "applies to \"algorithm\": \"weighted-astar\" only");
  if (const json* v = optional_member(j, "walk")) p.walk = get_bool(*v, "search.walk");
  if (p.walk.value_or(false) && p.algorithm != "d-star-lite")
    fail("search.walk", "applies to \"algorithm\": \"d-star-lite\" only");
  if (const json* v = optional_member(j, "sensor")) {
    p.sensor = get_int(*v, "search.sensor", 1, kMaxSide, "must be an integer 1.." + std::to_string(kMaxSide));
    if (!p.walk.value_or(false)) fail("search.sensor", "applies to \"walk\": true only");
  }
  if (const json* v = optional_member(j, "budget")) p.budget = get_budget(*v, p);
  get_hierarchy(j, p);
  return p;
}

}  // namespace

void parse_lesson(const json& root, Level& level) {
  if (const json* d = optional_member(root, "description")) {
    level.description = get_string(*d, "description");
    if (level.description.size() > kMaxDescription)
      fail("description", "at most " + std::to_string(kMaxDescription) + " characters, got " +
                              std::to_string(level.description.size()));
  }
  if (const json* s = optional_member(root, "search")) level.preset = parse_preset(*s);
}

}  // namespace astar::level_file
