// The trace reader (imported_trace.hpp): the same trace read from each format gives the same
// model; every file in tests/bad_traces is refused with its exact message; a trace in the shape
// of Posthoc's samples; JSON Lines fed piece by piece; our own trace JSON mapped to Posthoc's
// event types.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "support/ascii_level.hpp"
#include "astar/imported_trace.hpp"
#include "support/temp_dir.hpp"
#include "support/tiny_trace.hpp"
#include "support/traced_search.hpp"

using namespace astar;
namespace fs = std::filesystem;

namespace {

const fs::path kBadDir = fs::path(ASTAR_SOURCE_DIR) / "tests" / "bad_traces";

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

ImportedTrace read_ok(std::string_view text, std::string_view name = "t.json",
                      const TraceReadOptions& options = {}) {
  auto r = read_trace(text, name, options);
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return std::move(r).value();
}

std::string error_of(std::string_view text, std::string_view name = "run.json",
                     const TraceReadOptions& options = {}) {
  const auto r = read_trace(text, name, options);
  return r.ok() ? "(read)" : r.error();
}

bool same_number(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// The model without the source name and format.
void check_same(const ImportedTrace& a, const ImportedTrace& b) {
  REQUIRE(a.events.size() == b.events.size());
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    CAPTURE(i);
    const ImportedEvent &x = a.events[i], &y = b.events[i];
    CHECK(x.type == y.type);
    CHECK(x.node == y.node);
    CHECK(x.parent == y.parent);
    CHECK(x.extra == y.extra);
    CHECK(x.other_type == y.other_type);
    CHECK(same_number(x.g, y.g));
    CHECK(same_number(x.h, y.h));
    CHECK(same_number(x.f, y.f));
  }
  CHECK(a.node_ids == b.node_ids);
  CHECK(a.node_cells == b.node_cells);
  CHECK(a.type_names == b.type_names);
  CHECK(a.extras == b.extras);
  CHECK(a.width == b.width);
  CHECK(a.height == b.height);
  CHECK(a.source_node == b.source_node);
  CHECK(a.destination_node == b.destination_node);
  CHECK(a.warnings.size() == b.warnings.size());
}

// One small search, three ways. Keys in other orders, an unknown type, extra keys, a string id.
constexpr const char* kJson = R"({
  "events": [
    {"type": "source", "id": 17, "x": 1, "y": 2},
    {"type": "destination", "id": "goal", "x": 3, "y": 0},
    {"type": "generating", "id": 17, "g": 0, "f": 2.5, "pId": null},
    {"type": "expanding", "id": 17, "g": 0, "f": 2.5, "h": 2.5, "label": "start", "tags": [1, {"a": null}]},
    {"x": 2, "y": 2, "type": "generating", "id": 18, "pId": 17, "g": 1, "f": 3.5},
    {"type": "probe", "id": 18, "note": "why"},
    {"type": "updating", "id": 18, "pId": 17, "g": 0.75, "f": 3.25},
    {"type": "closing", "id": 17},
    {"type": "expanding", "id": 18, "pId": 17, "g": 0.75, "f": 3.25},
    {"type": "generating", "id": "goal", "pId": 18, "g": 2.75, "f": 2.75, "x": 3, "y": 0},
    {"type": "end", "id": "goal", "pId": 18, "g": 2.75}
  ],
  "version": "1.0.5",
  "render": {"components": {"tile": [{"$": "rect", "x": "{{$.event.x}}"}]}, "views": {}},
  "path": {"pivot": {"x": 0}}
}
)";

constexpr const char* kYaml = R"(---
# the same trace
version: 1.0.5
render:
  components:
    tile:
      - $: rect
        x: "{{$.event.x}}"
events:
  - type: source
    id: 17
    x: 1
    y: 2
  - {type: destination, id: goal, x: 3, y: 0}
  - type: generating
    id: 17
    g: 0
    f: 2.5
    pId:
  - type: expanding
    id: 17
    g: 0
    f: 2.5
    h: 2.5
    label: start
    tags: [1, {a: ~}]
  - x: 2
    y: 2
    type: generating
    id: 18
    pId: 17
    g: 1
    f: 3.5
  - type: probe
    id: 18
    note: why
  - {type: updating, id: 18, pId: 17, g: 0.75, f: 3.25}
  - type: closing
    id: 17
  - {type: expanding, id: 18, pId: 17, g: 0.75, f: 3.25}
  - {type: generating, id: goal, pId: 18, g: 2.75, f: 2.75, x: 3, y: 0}
  - {type: end, id: goal, pId: 18, g: 2.75}
path:
  pivot: {x: 0}
)";

constexpr const char* kJsonLines =
    R"({"type": "source", "id": 17, "x": 1, "y": 2}
{"type": "destination", "id": "goal", "x": 3, "y": 0}
{"type": "generating", "id": 17, "g": 0, "f": 2.5, "pId": null}

{"type": "expanding", "id": 17, "g": 0, "f": 2.5, "h": 2.5, "label": "start", "tags": [1, {"a": null}]}
{"x": 2, "y": 2, "type": "generating", "id": 18, "pId": 17, "g": 1, "f": 3.5}
{"type": "probe", "id": 18, "note": "why"}
{"type": "updating", "id": 18, "pId": 17, "g": 0.75, "f": 3.25}
{"type": "closing", "id": 17}
{"type": "expanding", "id": 18, "pId": 17, "g": 0.75, "f": 3.25}
{"type": "generating", "id": "goal", "pId": 18, "g": 2.75, "f": 2.75, "x": 3, "y": 0}
{"type": "end", "id": "goal", "pId": 18, "g": 2.75})";

}  // namespace

TEST_CASE("[trace-import] one trace as Posthoc JSON, YAML and JSON Lines reads to one model") {
  const ImportedTrace json = read_ok(kJson, "t.json");
  const ImportedTrace yaml = read_ok(kYaml, "t.yaml");
  const ImportedTrace lines = read_ok(kJsonLines, "t.jsonl");
  CHECK(json.format == TraceFormat::PosthocJson);
  CHECK(yaml.version == "1.0.5");
  CHECK(lines.version.empty());
  CHECK(yaml.format == TraceFormat::PosthocYaml);
  CHECK(lines.format == TraceFormat::JsonLines);
  check_same(json, yaml);
  check_same(json, lines);

  // The model itself.
  const ImportedTrace& t = json;
  REQUIRE(t.events.size() == 11);
  CHECK(t.version == "1.0.5");
  CHECK(t.node_ids == std::vector<std::string>{"17", "goal", "18"});
  CHECK(t.node_cells == std::vector<Cell>{{1, 2}, {3, 0}, {2, 2}});
  CHECK(t.width == 4);
  CHECK(t.height == 3);
  CHECK(t.source_node == 0);
  CHECK(t.destination_node == 1);
  CHECK(t.end_node() == 1);
  CHECK(t.events[2].parent == kNoNode);
  CHECK(t.events[4].parent == 0);
  CHECK(t.events[6].type == TraceEventType::Updating);
  CHECK(t.events[6].g == 0.75);
  CHECK(std::isnan(t.events[6].h));
  CHECK(event_h(t.events[6]) == 2.5);
  CHECK(event_h(t.events[3]) == 2.5);
  CHECK(std::isnan(event_h(t.events[7])));
  // Extra keys, kept as compact JSON; none for most events.
  REQUIRE(t.extras.size() == 2);
  CHECK(t.events[3].extra == 0);
  CHECK(t.extras[0] == R"({"label":"start","tags":[1,{"a":null}]})");
  CHECK(t.events[5].extra == 1);
  CHECK(t.extras[1] == R"({"note":"why"})");
  CHECK(t.events[4].extra == kNoExtra);
  // An unknown type: kept as other, warned about once with its count.
  CHECK(t.events[5].type == TraceEventType::Other);
  CHECK(t.type_names == std::vector<std::string>{"probe"});
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0] == R"(t.json: events[5].type: unknown type "probe" (1 event), kept as other)");
  CHECK(yaml.warnings[0] == R"(t.yaml: events[5].type (line 34): unknown type "probe" (1 event), kept as other)");
  CHECK(lines.warnings[0] == R"(t.jsonl: line 7 (events[5]).type: unknown type "probe" (1 event), kept as other)");
}

TEST_CASE("[trace-import] names and formats") {
  for (int i = 0; i < static_cast<int>(TraceEventType::Other); ++i) {
    const auto t = static_cast<TraceEventType>(i);
    CHECK(parse_trace_event_type(to_string(t)) == t);
  }
  CHECK(to_string(TraceEventType::Other) == "other");
  CHECK_FALSE(parse_trace_event_type("other").has_value());
  CHECK(to_string(TraceFormat::PosthocYaml) == "Posthoc YAML");
  CHECK(to_string(TraceFormat::AstarJson) == "astar trace JSON");
}

TEST_CASE("[trace-import] every file in tests/bad_traces is refused with its exact message") {
  std::vector<fs::path> traces;
  std::size_t expected_files = 0;
  for (const auto& e : fs::directory_iterator(kBadDir)) {
    const std::string ext = e.path().extension().string();
    if (ext == ".json" || ext == ".jsonl" || ext == ".yaml") traces.push_back(e.path());
    if (ext == ".expected") ++expected_files;
  }
  std::sort(traces.begin(), traces.end());
  CHECK(traces.size() >= 50);
  CHECK(expected_files == traces.size());
  for (const fs::path& trace : traces) {
    const std::string path = trace.string();
    CAPTURE(path);
    const fs::path expected_file = kBadDir / (trace.stem().string() + ".expected");
    REQUIRE(fs::exists(expected_file));
    std::string expected = read_all(expected_file);
    while (!expected.empty() && expected.back() == '\n') expected.pop_back();
    const auto r = read_trace_file(path);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error() == path + ": " + expected);
    // The same text from memory: the same message.
    CHECK(error_of(read_all(trace), path) == r.error());
  }
}

TEST_CASE("[trace-import] messages that need a level or options") {
  const Level level(32, 20);
  const TraceReadOptions in_level{.level = &level};
  const std::string one = R"({"events": [{"type": "source", "id": 1, "x": 40, "y": 3}]})";
  CHECK(error_of(one, "run.json", in_level) == "run.json: events[0].x: 40 is outside the level (0, 0)-(31, 19)");
  CHECK(error_of(R"({"events": [{"type": "source", "id": 1, "x": 4, "y": 20}]})", "run.json", in_level) ==
        "run.json: events[0].y: 20 is outside the level (0, 0)-(31, 19)");
  CHECK(read_trace(one, "run.json").ok());

  const TraceReadOptions two{.max_events = 2};
  const std::string three = R"({"events": [{"type": "source", "id": 1, "x": 0, "y": 0},
    {"type": "expanding", "id": 1}, {"type": "closing", "id": 1}]})";
  CHECK(error_of(three, "run.json", two) == "run.json: events[2]: the trace has more than 2 events (the limit)");
  CHECK(read_trace(three, "run.json", {.max_events = 3}).ok());

  const auto missing = read_trace_file("/nonexistent/run.json");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error() == "/nonexistent/run.json: cannot open: No such file or directory");
}

TEST_CASE("[trace-import] the shape of Posthoc's sample grid trace reads") {
  // Written in the shape of posthoc-app's resources/traces/v1.0.5/grid-astar.trace.json (costs
  // in 1e-5 per step, render templates, source and destination first, closing after expanding).
  const std::string text = R"({
  "version": "1.0.5",
  "render": {
    "context": {},
    "components": {"tile": [{"$": "rect", "width": 1, "height": 1, "x": "{{$.event.x}}",
                             "y": "{{$.event.y}}", "fill": "{{$.color[$.event.type]}}"}]},
    "views": {"main": {"renderer": "2d-pixi", "components": [{"$": "tile"}]}},
    "path": {"pivot": {"x": "{{$.event.x + 0.5}}", "y": "{{$.event.y + 0.5}}"}, "scale": 0.3}
  },
  "events": [
    {"type": "source", "id": 1736, "x": 8, "y": 15},
    {"type": "destination", "id": 1546, "x": 10, "y": 13},
    {"type": "expanding", "id": 1736, "g": 0, "f": 0.0000282843, "pId": null, "x": 8, "y": 15},
    {"type": "generating", "id": 1641, "g": 0.0000141421, "f": 0.0000282843, "pId": 1736, "x": 9, "y": 14},
    {"type": "generating", "id": 1737, "g": 0.00001, "f": 0.0000341421, "pId": 1736, "x": 9, "y": 15},
    {"type": "closing", "id": 1736, "g": 0, "f": 0.0000282843, "pId": null, "x": 8, "y": 15},
    {"type": "expanding", "id": 1641, "g": 0.0000141421, "f": 0.0000282843, "pId": 1736, "x": 9, "y": 14},
    {"type": "generating", "id": 1546, "g": 0.0000282843, "f": 0.0000282843, "pId": 1641, "x": 10, "y": 13},
    {"type": "updating", "id": 1737, "g": 0.00001, "f": 0.0000341421, "pId": 1736, "x": 9, "y": 15},
    {"type": "closing", "id": 1641, "g": 0.0000141421, "f": 0.0000282843, "pId": 1736, "x": 9, "y": 14},
    {"type": "expanding", "id": 1546, "g": 0.0000282843, "f": 0.0000282843, "pId": 1641, "x": 10, "y": 13},
    {"type": "end", "id": 1546, "g": 0.0000282843, "f": 0.0000282843, "pId": 1641, "x": 10, "y": 13}
  ]
}
)";
  const ImportedTrace t = read_ok(text, "grid-astar.trace.json");
  CHECK(t.events.size() == 12);
  CHECK(t.warnings.empty());
  CHECK(t.extras.empty());
  CHECK(t.node_ids == std::vector<std::string>{"1736", "1546", "1641", "1737"});
  CHECK(t.cell(t.source_node) == Cell{8, 15});
  CHECK(t.cell(t.destination_node) == Cell{10, 13});
  CHECK(t.end_node() == t.destination_node);
  CHECK(t.events[3].g == doctest::Approx(0.0000141421));
  CHECK(event_h(t.events[3]) == doctest::Approx(0.0000141422));
}

TEST_CASE("[trace-import] JSON Lines fed byte by byte reads as fed at once; a half line waits") {
  const std::string text = std::string(kJsonLines) + "\n";
  TraceLineReader whole("t.jsonl");
  REQUIRE(whole.feed(text).ok());
  TraceLineReader bytes("t.jsonl");
  for (const char c : text) REQUIRE(bytes.feed(std::string_view(&c, 1)).ok());
  check_same(whole.trace(), bytes.trace());
  check_same(whole.trace(), read_ok(kJsonLines, "t.jsonl"));
  CHECK(bytes.pending_bytes() == 0);

  TraceLineReader r("live.jsonl");
  REQUIRE(r.feed("{\"type\": \"source\", \"id\": 1, \"x\": 0, \"y\": 0}\n{\"type\": \"gener").ok());
  CHECK(r.trace().events.size() == 1);
  CHECK(r.pending_bytes() == 15);
  REQUIRE(r.feed("ating\", \"id\": 2, \"pId\": 1, \"x\": 1, \"y\": 0}").ok());
  CHECK(r.trace().events.size() == 1);  // no newline yet
  REQUIRE(r.feed("\r\n").ok());
  CHECK(r.trace().events.size() == 2);
  CHECK(r.pending_bytes() == 0);
  // A bad line: its message; the events before it stay, and the reader stops there.
  const auto bad = r.feed("{\"type\": \"expanding\", \"id\": 2}\n{\"type\": \"generating\", \"id\": 3, \"pId\": 9, \"x\": 2, \"y\": 0}\n{\"type\": \"closing\", \"id\": 2}\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "live.jsonl: line 4 (events[3]).pId: 9 was never seen before (no earlier event has that id)");
  CHECK(r.trace().events.size() == 3);
  CHECK(r.feed("{\"type\": \"closing\", \"id\": 2}\n").error() == bad.error());
  CHECK(r.trace().events.size() == 3);
}

TEST_CASE("[trace-import] our own trace JSON: take -> expanding, relax -> generating or updating") {
  Level lv = test::ascii_level(test::kTinyTraceMap, {.neighbours = Neighbours::Four});
  lv.set_edge({0, 0}, Dir::E, EdgeOverride{false, 9.0});
  const SearchOptions o{.heuristic = Heuristic::Manhattan, .tie_break = TieBreak::FirstIn};
  test::TracedSearch s(lv, o);
  REQUIRE(s.search->run() == SearchState::Found);
  const std::string json = to_json(s.rec.events());

  const ImportedTrace t = read_ok(json, "tiny.json", {.level = &lv});
  CHECK(t.format == TraceFormat::AstarJson);
  // tiny_trace.hpp: 6 takes, 8 relaxes (one of them the better path to (1, 0)), the skips left
  // out, and the end on the goal.
  std::string types;
  for (const ImportedEvent& e : t.events) types += to_string(e.type)[0];
  CHECK(types == "eggegeggueggeee");  // the last: end
  REQUIRE(t.events.size() == 15);
  const auto cell_of = [&](std::size_t i) { return t.cell(t.events[i].node); };
  CHECK(cell_of(0) == Cell{0, 0});
  CHECK(cell_of(1) == Cell{1, 0});
  CHECK(t.events[1].g == 9.0);
  CHECK(t.cell(t.events[1].parent) == Cell{0, 0});
  CHECK(t.events[8].type == TraceEventType::Updating);
  CHECK(cell_of(8) == Cell{1, 0});
  CHECK(t.events[8].g == 3.0);
  CHECK(t.cell(t.events[8].parent) == Cell{1, 1});
  CHECK(t.events[14].type == TraceEventType::End);
  CHECK(cell_of(14) == Cell{2, 2});
  CHECK(t.cell(t.source_node) == Cell{0, 0});
  CHECK(t.cell(t.destination_node) == Cell{2, 2});
  CHECK(t.end_node() == t.destination_node);
  CHECK(t.node_ids[0] == "(0, 0)");

  // From a file, read in pieces: the same.
  test::TempDir dir;
  const std::string path = (dir.path / "tiny.json").string();
  std::ofstream(path) << json;
  const auto from_file = read_trace_file(path, {.level = &lv});
  REQUIRE(from_file.ok());
  check_same(t, from_file.value());
}

TEST_CASE("[trace-import] files are read in pieces: a big trace across the 1 MiB pieces") {
  // Events long enough that values straddle the pieces' borders, strings with escapes included.
  std::string text = "{\"version\": \"1.0.5\", \"events\": [\n";
  std::string lines;
  const int n = 30000;
  for (int i = 0; i < n; ++i) {
    const std::string ev = "{\"type\": \"generating\", \"id\": " + std::to_string(i) +
                           (i == 0 ? "" : ", \"pId\": " + std::to_string(i - 1)) +
                           ", \"g\": " + std::to_string(i * 0.5) + ", \"x\": " + std::to_string(i % 100) +
                           ", \"y\": " + std::to_string(i / 100) +
                           ", \"info\": \"step \\\"" + std::to_string(i) + "\\\" \\u00e9\"}";
    text += (i == 0 ? "" : ",\n") + ev;
    lines += ev + "\n";
  }
  text += "\n]}\n";
  REQUIRE(text.size() > 3u * 1024 * 1024);
  test::TempDir dir;
  const std::string json_path = (dir.path / "big.json").string();
  const std::string lines_path = (dir.path / "big.jsonl").string();
  std::ofstream(json_path) << text;
  std::ofstream(lines_path) << lines;
  const auto a = read_trace_file(json_path);
  const auto b = read_trace_file(lines_path);
  REQUIRE_MESSAGE(a.ok(), (a.ok() ? "" : a.error()));
  REQUIRE_MESSAGE(b.ok(), (b.ok() ? "" : b.error()));
  CHECK(a.value().events.size() == static_cast<std::size_t>(n));
  check_same(a.value(), b.value());
  check_same(a.value(), read_ok(text, "big.json"));
  CHECK(a.value().extras[12345] == "{\"info\":\"step \\\"12345\\\" \u00e9\"}");
}
