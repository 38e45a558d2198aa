// Our search written as a Posthoc trace (posthoc_writer.hpp), read back (imported_trace.hpp) and
// replayed (trace_replay.hpp) shows what the search itself showed: every cell's state, g, h, f
// and parent, the last taken cell, the open size and the closed count after EVERY iteration,
// and the path at the end. For every algorithm on uniform, cost and lesson levels, both
// layouts (document and JSON Lines). Bidirectional A* is refused by the writer.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "astar/format.hpp"
#include "astar/make_search.hpp"
#include "support/ascii_level.hpp"
#include "support/hex_oracle.hpp"
#include "astar/imported_trace.hpp"
#include "astar/level_io.hpp"
#include "astar/posthoc_writer.hpp"
#include "astar/search.hpp"
#include "astar/trace.hpp"
#include "astar/trace_check.hpp"
#include "astar/trace_replay.hpp"

using namespace astar;

namespace {

struct NamedLevel {
  std::string name;
  Level level;
};

std::vector<NamedLevel> roundtrip_levels() {
  std::vector<NamedLevel> out;
  // Uniform costs, walls to go around (8 neighbours, no corner cutting).
  out.push_back({"uniform", test::ascii_level(R"(
      S.....#.....
      .####.#.###.
      ....#...#...
      ###.#####.#.
      ....#.....#G
  )")});
  // Costs 1..9: open nodes get better paths (updating events).
  out.push_back({"costs", test::ascii_level(R"(
      S1115....
      19.99.991
      1.2...9.1
      1.9.599.1
      1...1...G
  )")});
  MovementRules four;
  four.neighbours = Neighbours::Four;
  out.push_back({"costs, 4 neighbours", test::ascii_level(R"(
      S.3.....
      .#3###..
      ..3...#.
      .##.#.#G
  )", four)});
  // No path: the open set runs empty; the trace's end has no id.
  out.push_back({"no path", test::ascii_level(R"(
      S..#....
      ...#..G.
      ####....
  )")});
  // Hex levels of the four layouts, with costs, heights and edge overrides.
  std::mt19937 rng(5);
  for (int n = 0; n < 8; ++n) {
    Level hex = test::random_hex_level(rng, 9);
    out.push_back({"hex " + std::string(to_string(hex.topology())) + " " +
                       std::string(to_string(hex.hex_stagger())) + " #" + std::to_string(n),
                   std::move(hex)});
  }
  for (const char* lesson : {"01-four-searches.json", "02-forest.json", "03-no-path.json",
                             "04-greedy-trap.json", "05-overestimate.json",
                             "06-tie-breaking.json", "07-jps-open-field.json",
                             "09-roblox-cost-grid.json", "11-height-map-cliffs.json",
                             "12-terrain-jumps.json"}) {
    Result<Level> lv = load_level(std::string(ASTAR_SOURCE_DIR "/levels/lessons/") + lesson);
    REQUIRE_MESSAGE(lv.ok(), (lv.ok() ? "" : lv.error()));
    out.push_back({lesson, std::move(lv.value())});
  }
  return out;
}

// The first difference between the real search and the replay, or "". Called after every
// iteration on every cell: the text is only made for a difference.
std::string first_difference(const Search& real, const Search& replay) {
  const Level& lv = real.level();
  for (int y = 0; y < lv.height(); ++y) {
    for (int x = 0; x < lv.width(); ++x) {
      const NodeView a = real.node({x, y}), b = replay.node({x, y});
      const auto at = [&] { return cell_text({x, y}); };
      if (a.state != b.state)
        return at() + ": state " + std::to_string(int(a.state)) + " != " +
               std::to_string(int(b.state));
      if (a.state == NodeState::Unseen) continue;
      if (a.g != b.g || a.h != b.h || a.f != b.f)
        return at() + ": g h f " + std::to_string(a.g) + " " + std::to_string(a.h) + " " +
               std::to_string(a.f) + " != " + std::to_string(b.g) + " " +
               std::to_string(b.h) + " " + std::to_string(b.f);
      if (a.parent != b.parent) return at() + ": parent differs";
    }
  }
  if (real.last_taken() != replay.last_taken()) return "last_taken differs";
  if (real.open_size() != replay.open_size())
    return "open_size " + std::to_string(real.open_size()) + " != " +
           std::to_string(replay.open_size());
  if (real.closed_count() != replay.closed_count())
    return "closed_count " + std::to_string(real.closed_count()) + " != " +
           std::to_string(replay.closed_count());
  return "";
}

// The goal's chain of parents back to the start, start first.
std::vector<Cell> parent_chain(const Search& s) {
  std::vector<Cell> out;
  for (std::optional<Cell> c = s.level().goal(); c; c = s.node(*c).parent)
    out.insert(out.begin(), *c);
  return out;
}

// Runs the search with a recorder, writes, reads and replays its trace, and steps a fresh search
// and the replay together.
void check_roundtrip(const Level& lv, const SearchOptions& options, PosthocLayout layout) {
  TraceRecorder rec;
  const std::unique_ptr<Search> recorded = make_search(lv, lv.rules(), options, &rec);
  rec.attach(*recorded);
  recorded->run();
  REQUIRE(recorded->state() != SearchState::Invalid);
  const Result<std::string> text = posthoc_trace(lv, rec.events(), {.layout = layout});
  REQUIRE_MESSAGE(text.ok(), (text.ok() ? "" : text.error()));
  Result<ImportedTrace> read = read_trace(text.value(), "roundtrip", {.level = &lv});
  REQUIRE_MESSAGE(read.ok(), (read.ok() ? "" : read.error()));
  CHECK(read.value().warnings.empty());
  if (lv.is_hex()) {  // hex moves are legal moves to the trace checker, with the level's costs
    const TraceCheckReport report = check_trace(lv, lv.rules(), read.value());
    for (FindingKind k : {FindingKind::IllegalMove, FindingKind::GMismatch, FindingKind::BadPath})
      CHECK(report.counts[static_cast<std::size_t>(k)] == 0);
    if (info(options.algorithm).guarantee == Guarantee::Optimal)
      CHECK(report.counts[static_cast<std::size_t>(FindingKind::Suboptimal)] == 0);
  }
  CHECK(read.value().format ==
        (layout == PosthocLayout::Document ? TraceFormat::PosthocJson : TraceFormat::JsonLines));
  TraceReplay replay(lv, std::make_shared<const ImportedTrace>(std::move(read.value())));

  const std::unique_ptr<Search> real = make_search(lv, lv.rules(), options);
  std::int64_t iteration = 0;
  std::string diff = first_difference(*real, replay);
  while (diff.empty() && real->state() == SearchState::InProgress) {
    real->step();
    replay.step();
    ++iteration;
    diff = first_difference(*real, replay);
  }
  INFO("iteration ", iteration, " of ", recorded->iterations());
  CHECK(diff == "");
  if (real->state() == SearchState::Found) {
    CHECK(replay.state() == SearchState::Found);
    // The replay's path is the chain of pIds: JPS's jump points (its path() fills the cells
    // between them in), every other algorithm's path().
    CHECK(replay.path() == (info(options.algorithm).extras.jump_parents ? parent_chain(*real)
                                                                        : real->path()));
  } else {
    CHECK(replay.state() != SearchState::Found);
  }
}

}  // namespace

TEST_CASE("[posthoc] every algorithm's trace, written, read and replayed, shows the search") {
  for (const NamedLevel& nl : roundtrip_levels()) {
    for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) {
      const auto a = static_cast<Algorithm>(i);
      if (a == Algorithm::Bidirectional) continue;  // refused: the next test case
      // D* Lite searches from the goal (g is the cost to the goal), while a Posthoc trace runs
      // from its source, the level's start: refused (test_replanning.cpp).
      if (a == Algorithm::DStarLite) continue;
      if (info(a).extras.flow) continue;  // from the goal too: refused (test_flow_field_search.cpp)
      if (info(a).extras.hierarchy) continue;  // an abstract graph: refused (test_hpa_star.cpp)
      SearchOptions o = with_preset({.heuristic = default_heuristic(nl.level.topology())},
                                    nl.level.preset);
      o.algorithm = a;
      o.weight = a == Algorithm::WeightedAStar ? 1.5 : 1.0;
      o.partial_path = false;
      if (!check_supported(nl.level, nl.level.rules(), o).empty()) continue;  // JPS on costs
      for (PosthocLayout layout : {PosthocLayout::Document, PosthocLayout::JsonLines}) {
        INFO(nl.name, ", ", std::string(info(a).name),
             std::string(layout == PosthocLayout::Document ? ", document" : ", JSON Lines"));
        check_roundtrip(nl.level, o, layout);
      }
    }
  }
}

TEST_CASE("[posthoc] the trace's events: ids, parents, generating or updating, end") {
  // S 5 .      4 neighbours, cost 5 at (1, 0). Dijkstra takes the start, (0, 1) (g 1), (1, 1)
  // . . G      (g 2) and the goal (2, 1) (g 3) before (1, 0) (g 5). Ids are y * 3 + x.
  MovementRules four;
  four.neighbours = Neighbours::Four;
  const Level lv = test::ascii_level(R"(
      S5.
      ..G
  )", four);
  TraceRecorder rec;
  const auto s = make_search(lv, lv.rules(), {.algorithm = Algorithm::Dijkstra}, &rec);
  rec.attach(*s);
  s->run();
  REQUIRE(s->state() == SearchState::Found);
  const Result<std::string> text =
      posthoc_trace(lv, rec.events(), {.layout = PosthocLayout::JsonLines});
  REQUIRE(text.ok());
  const std::string& t = text.value();
  // One line per event; the first three: source, destination, the start's generating.
  CHECK(t.rfind("{\"type\": \"source\", \"id\": 0, \"x\": 0, \"y\": 0}\n"
                "{\"type\": \"destination\", \"id\": 5, \"x\": 2, \"y\": 1}\n"
                "{\"type\": \"generating\", \"id\": 0, \"pId\": null, \"g\": 0, \"h\": 0, "
                "\"f\": 0, \"x\": 0, \"y\": 0}\n"
                "{\"type\": \"expanding\", \"id\": 0, \"pId\": null, ",
                0) == 0);
  CHECK(t.find("{\"type\": \"closing\", \"id\": 0, \"pId\": null, ") != std::string::npos);
  // The end event names the goal (id 5) and its parent (1, 1) (id 4).
  CHECK(t.find("{\"type\": \"end\", \"id\": 5, \"pId\": 4, \"g\": 3, ") != std::string::npos);
  CHECK(t.back() == '\n');
  // On a level with costs: one updating per relax of a node already seen, one generating per
  // first sight (and the start's), one expanding and one closing per take, skips left out.
  for (const Algorithm a : {Algorithm::AStar, Algorithm::GreedyBestFirst}) {
    const Level costs = roundtrip_levels()[1].level;
    TraceRecorder r;
    const auto search = make_search(costs, costs.rules(), {.algorithm = a}, &r);
    r.attach(*search);
    search->run();
    std::size_t takes = 0, firsts = 0, betters = 0;
    for (const TraceEvent& e : r.events()) {
      takes += e.kind == TraceKind::Take;
      firsts += e.kind == TraceKind::Relax && e.old_g == TraceEvent::kNone;
      betters += e.kind == TraceKind::Relax && e.old_g != TraceEvent::kNone;
    }
    const Result<std::string> lines =
        posthoc_trace(costs, r.events(), {.layout = PosthocLayout::JsonLines});
    REQUIRE(lines.ok());
    const auto count = [&](const std::string& type) {
      const std::string quoted = "\"" + type + "\"";
      std::size_t n = 0;
      for (std::size_t at = lines.value().find(quoted); at != std::string::npos;
           at = lines.value().find(quoted, at + 1))
        ++n;
      return n;
    };
    INFO(info(a).name);
    CHECK(betters > 0);
    CHECK(count("updating") == betters);
    CHECK(count("generating") == firsts + 1);
    CHECK(count("expanding") == takes);
    CHECK(count("closing") == takes);
    CHECK(count("end") == 1);
  }
  // The document layout: version, render, events.
  const Result<std::string> doc = posthoc_trace(lv, rec.events());
  REQUIRE(doc.ok());
  CHECK(doc.value().rfind("{\"version\": \"1.0.5\",\n \"render\": {", 0) == 0);
  CHECK(doc.value().find("\"events\": [\n    {\"type\": \"source\"") != std::string::npos);
}

TEST_CASE("[posthoc] bidirectional A* is refused; a cut-short trace has no end event") {
  const Level lv = test::ascii_level(R"(
      S.....
      ....#.
      .....G
  )");
  TraceRecorder rec;
  const auto s =
      make_search(lv, lv.rules(), {.algorithm = Algorithm::Bidirectional}, &rec);
  rec.attach(*s);
  s->run();
  const Result<std::string> refused = posthoc_trace(lv, rec.events());
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("bidirectional A* runs two") != std::string::npos);

  TraceRecorder cut;
  cut.set_limit(5);
  const auto a = make_search(lv, lv.rules(), {}, &cut);
  cut.attach(*a);
  a->run();
  REQUIRE(cut.dropped() > 0);
  const Result<std::string> partial = posthoc_trace(lv, cut.events(), {.complete = false});
  REQUIRE(partial.ok());
  CHECK(partial.value().find("\"end\"") == std::string::npos);
  const Result<std::string> whole = posthoc_trace(lv, cut.events());
  REQUIRE(whole.ok());
  CHECK(whole.value().find("{\"type\": \"end\"}") != std::string::npos);  // no path in them
}
