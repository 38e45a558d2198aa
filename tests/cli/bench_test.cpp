// `astar bench`: the real binary on MovingAI files written to a temp folder (and, when present,
// on one of the shared files). The doctest main is in cli_test.cpp.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "astar/hpa_star.hpp"
#include "astar/make_search.hpp"
#include "astar/movingai.hpp"
#include "astar/search.hpp"
#include "cli_runner.hpp"

namespace fs = std::filesystem;

namespace {

using astar::test::read_file;
using Bench = astar::test::Run;

const fs::path& dir() {
  static astar::test::ScratchDir d("astar-bench-tests");
  return d.path();
}

Bench bench(const std::vector<std::string>& args) { return astar::test::run_cli(args, dir()); }

std::string write(const std::string& name, const std::string& text) {
  const fs::path p = dir() / name;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

constexpr std::string_view kHeader =
    "file\talgorithm\tqueries\tmismatches\tskipped\texpanded\tseconds\tns_per_expansion\t"
    "precompute_seconds\tmean_ratio\tmax_ratio";

// The output's rows (after the header, which is checked), split into their 11 fields.
std::vector<std::vector<std::string>> rows_of(const Bench& r) {
  const auto lines = lines_of(r.out);
  REQUIRE(!lines.empty());
  CHECK(lines.front() == kHeader);
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    rows.push_back(split(lines[i], '\t'));
    CHECK(rows.back().size() == 11);
  }
  return rows;
}

// A 10x10 map with every kind of cell, a wall to go around and a corner not to cut.
constexpr std::string_view kMap =
    "type octile\n"
    "height 10\n"
    "width 10\n"
    "map\n"
    "..........\n"
    ".@@@@@@@..\n"
    ".......@..\n"
    ".T.G...@..\n"
    ".T..O..@..\n"
    ".T..S..W..\n"
    ".T........\n"
    ".TTTTT....\n"
    "..........\n"
    "....@.....\n";

struct Query {
  astar::Cell start, goal;
};
// Five solvable queries, then one starting on a wall (skipped).
const std::vector<Query> kQueries = {
    {{0, 0}, {9, 9}}, {{2, 2}, {8, 4}}, {{3, 8}, {5, 5}}, {{0, 9}, {9, 0}}, {{4, 3}, {4, 3}},
    {{4, 1}, {0, 0}}};

struct Expected {
  std::vector<std::string> lengths;  // "%.8f" of the length found; "0" for the skipped one
  std::vector<double> costs;         // the length found; 0 when skipped
  std::vector<long long> expanded;   // per query; 0 when skipped
};

// Lengths and expansions computed in process with the same search, made once and restarted per
// query as bench does (the octile heuristic by default: bench's). The A* defaults give the
// optimal lengths.
Expected expected_for(astar::SearchOptions options = {}) {
  auto loaded = astar::parse_movingai_map(kMap, "in-process");
  REQUIRE(loaded.ok());
  astar::Level& level = loaded.value();
  const auto s = astar::make_search(level, astar::movingai_rules(), options);
  Expected e;
  for (const Query& q : kQueries) {
    if (!level.open(q.start) || !level.open(q.goal)) {
      e.lengths.push_back("0");
      e.costs.push_back(0.0);
      e.expanded.push_back(0);
      continue;
    }
    level.set_start(q.start);
    level.set_goal(q.goal);
    s->restart();
    REQUIRE(s->run() == astar::SearchState::Found);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.8f", s->path_cost());
    e.lengths.push_back(buf);
    e.costs.push_back(s->path_cost());
    // HPA*: bench counts the nodes its abstract and refining searches took, not its steps.
    const astar::HpaView* h = s->hierarchy();
    e.expanded.push_back(h ? h->abstract_expanded + h->refine_expanded : s->metrics().expanded);
  }
  return e;
}

// A .scen text for kQueries with the given lengths; `sep` between fields.
std::string scen_text(const std::vector<std::string>& lengths, const std::string& map_field,
                      char sep = '\t', int width = 10, int height = 10) {
  std::string out = "version 1\n";
  for (std::size_t i = 0; i < kQueries.size(); ++i) {
    const Query& q = kQueries[i];
    for (const std::string& f :
         {std::to_string(i / 2), map_field, std::to_string(width), std::to_string(height),
          std::to_string(q.start.x), std::to_string(q.start.y), std::to_string(q.goal.x),
          std::to_string(q.goal.y)})
      out += f + sep;
    out += lengths[i] + "\n";
  }
  return out;
}

long long sum(const std::vector<long long>& v, std::size_t n) {
  long long s = 0;
  for (std::size_t i = 0; i < n && i < v.size(); ++i) s += v[i];
  return s;
}

void check_bad(const std::vector<std::string>& args,
               std::initializer_list<std::string_view> expected_in_stderr) {
  const Bench r = bench(args);
  INFO("args: ", args.size() > 1 ? args[1] : "", " stderr: ", r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("astar: ", 0) == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  for (std::string_view s : expected_in_stderr) {
    INFO("expected: ", s);
    CHECK(r.err.find(s) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("bench prints a header and one row of 11 tab-separated fields per scenario file") {
  const Expected e = expected_for();
  write("m/small.map", std::string(kMap));
  // small.map.scen finds small.map by its own name; tabs.scen and spaces.scen by the file name
  // of the map field, in their folder.
  const std::string a = write("m/small.map.scen", scen_text(e.lengths, "maps/x/whatever.map"));
  const std::string b = write("m/tabs.scen", scen_text(e.lengths, "maps/x/small.map"));
  const std::string c = write("m/spaces.scen", scen_text(e.lengths, "small.map", ' '));

  const Bench r = bench({"bench", a, b, c, "--check"});
  INFO("stdout: ", r.out, "\nstderr: ", r.err);
  CHECK(r.code == 0);
  CHECK(r.err.empty());
  const auto rows = rows_of(r);
  REQUIRE(rows.size() == 3);
  const std::vector<std::string> files = {a, b, c};
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& row = rows[i];
    REQUIRE(row.size() == 11);
    CHECK(row[0] == files[i]);
    CHECK(row[1] == "astar");
    CHECK(row[2] == std::to_string(kQueries.size()));  // queries, the skipped one included
    CHECK(row[3] == "0");                              // mismatches
    CHECK(row[4] == "1");                              // skipped: start on a wall
    CHECK(row[5] == std::to_string(sum(e.expanded, kQueries.size())));
    CHECK(std::stod(row[6]) >= 0.0);
    CHECK(row[6].find('.') != std::string::npos);
    CHECK(std::stod(row[7]) >= 0.0);
    CHECK(row[8] == "0.000000");  // precompute_seconds: A* has none
    // A*'s lengths are the optimal ones: every ratio 1 (to the printed digits' rounding).
    CHECK(std::abs(std::stod(row[9]) - 1.0) < 1e-6);
    CHECK(std::abs(std::stod(row[10]) - 1.0) < 1e-6);
  }
}

TEST_CASE("bench --check exits 1 on a wrong length and names the query; without it, exit 0") {
  Expected e = expected_for();
  write("w/small.map", std::string(kMap));
  const std::string good_length = e.lengths[1];
  e.lengths[1] = "99.5";
  const std::string wrong = write("w/wrong.scen", scen_text(e.lengths, "small.map"));

  const Bench checked = bench({"bench", "--check", wrong});
  INFO("stdout: ", checked.out, "\nstderr: ", checked.err);
  CHECK(checked.code == 1);
  const auto rows = rows_of(checked);
  REQUIRE(rows.size() == 1);
  REQUIRE(rows[0].size() == 11);
  CHECK(rows[0][3] == "1");
  // One line on stderr: file, line (the query is on line 3), start, goal, expected, got.
  CHECK(std::count(checked.err.begin(), checked.err.end(), '\n') == 1);
  const std::string prefix =
      "astar: " + wrong + ": line 3: start (2, 2), goal (8, 4): expected 99.5, got ";
  REQUIRE(checked.err.rfind(prefix, 0) == 0);
  const double got = std::stod(checked.err.substr(prefix.size()));
  CHECK(got == doctest::Approx(std::stod(good_length)).epsilon(1e-9));

  const Bench unchecked = bench({"bench", wrong});
  CHECK(unchecked.code == 0);
  CHECK(unchecked.err.empty());
  const auto urows = rows_of(unchecked);
  REQUIRE(urows.size() == 1);
  REQUIRE(urows[0].size() == 11);
  CHECK(urows[0][3] == "1");

  // A query with no path is a mismatch too (the goal is walled in).
  const std::string boxed_map = "type octile\nheight 3\nwidth 3\nmap\n.@.\n@@.\n...\n";
  write("w/boxed.map", boxed_map);
  const std::string boxed = write("w/boxed.map.scen", "version 1\n0 boxed.map 3 3 2 2 0 0 4\n");
  const Bench none = bench({"bench", boxed, "--check"});
  CHECK(none.code == 1);
  CHECK(none.err == "astar: " + boxed + ": line 2: start (2, 2), goal (0, 0): expected 4, got no-path\n");
}

TEST_CASE("bench --limit runs the first N queries; --algorithm dijkstra finds the same lengths") {
  const Expected e = expected_for();
  write("l/small.map", std::string(kMap));
  const std::string scen = write("l/small.map.scen", scen_text(e.lengths, "small.map"));

  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"bench", scen, "--limit", "2"},
        std::vector<std::string>{"bench", "--limit=2", scen}}) {
    const Bench r = bench(args);
    INFO("stderr: ", r.err);
    CHECK(r.code == 0);
    const auto rows = rows_of(r);
    REQUIRE(rows.size() == 1);
    REQUIRE(rows[0].size() == 11);
    CHECK(rows[0][2] == "2");
    CHECK(rows[0][4] == "0");
    CHECK(rows[0][5] == std::to_string(sum(e.expanded, 2)));
  }
  // A limit above the number of queries runs them all.
  const Bench all = bench({"bench", scen, "--limit", "1000"});
  CHECK(rows_of(all).at(0).at(2) == std::to_string(kQueries.size()));

  const Expected d = expected_for({.algorithm = astar::Algorithm::Dijkstra});
  // The same expansions as A* with the zero heuristic.
  CHECK(d.expanded == expected_for({.heuristic = astar::Heuristic::Zero}).expanded);
  const Bench dij = bench({"bench", scen, "--algorithm", "dijkstra", "--check"});
  INFO("stderr: ", dij.err);
  CHECK(dij.code == 0);
  const auto rows = rows_of(dij);
  REQUIRE(rows.size() == 1);
  REQUIRE(rows[0].size() == 11);
  CHECK(rows[0][1] == "dijkstra");
  CHECK(rows[0][3] == "0");
  CHECK(rows[0][5] == std::to_string(sum(d.expanded, kQueries.size())));
  CHECK(sum(d.expanded, kQueries.size()) > sum(e.expanded, kQueries.size()));
  const Bench astar_explicit = bench({"bench", scen, "--algorithm=astar"});
  CHECK(rows_of(astar_explicit).at(0).at(5) == std::to_string(sum(e.expanded, kQueries.size())));
}

TEST_CASE("bench: bad input exits 2 before any output, with a message naming the file") {
  const Expected e = expected_for();
  write("b/small.map", std::string(kMap));
  const std::string good = write("b/small.map.scen", scen_text(e.lengths, "small.map"));
  const std::string missing = (dir() / "b" / "missing.scen").string();

  check_bad({"bench", good, missing}, {missing + ": cannot open: No such file or directory"});
  check_bad({"bench", good, "--algorithm", "a-star"},
            {"astar: --algorithm: unknown value 'a-star' (expected astar, weighted-astar, "
             "dijkstra, greedy, bfs, jps, theta, bidirectional, lpa-star, d-star-lite, "
             "flow-field, hpa-star)"});
  // A weight for another algorithm than weighted A*: the search refuses, before any output.
  check_bad({"bench", good, "--weight", "2"}, {"astar: " + good + ": ", "weighted"});
  check_bad({"bench", good, "--weight", "2", "--algorithm", "jps"}, {"weighted"});
  check_bad({"bench", good, "--algorithm", "weighted-astar", "--weight", "0.5"},
            {"astar: --weight: expected a finite number >= 1, got '0.5'"});
  check_bad({"bench", good, "--algorithm", "weighted-astar", "--weight", "nan"},
            {"--weight", "'nan'"});
  check_bad({"bench"}, {"bench: missing SCEN argument", "astar bench --help"});
  check_bad({"bench", good, "--bogus"}, {"unknown option '--bogus'", "astar bench --help"});
  check_bad({"bench", good, "--limit", "0"}, {"--limit", "'0'", ">= 1"});
  check_bad({"bench", good, "--limit"}, {"--limit: missing value"});
  check_bad({"bench", good, "--check=yes"}, {"--check: takes no value"});

  // A malformed line: the message names the file, the line and the field.
  std::string text = scen_text(e.lengths, "small.map");
  const std::size_t line3 = text.find('\n', text.find('\n') + 1) + 1;  // start of line 3
  text.replace(line3, 1, "x");
  const std::string malformed = write("b/malformed.scen", text);
  check_bad({"bench", good, malformed},
            {"astar: " + malformed + ": line 3: field 1 (bucket): expected a whole number >= 0, got 'x'"});
  check_bad({"bench", write("b/noversion.scen", "0 small.map 10 10 0 0 1 1 1\n")},
            {"noversion.scen: line 1: expected a 'version 1' line first"});

  // The query's map size differs from the map's.
  const std::string wide = write("b/wide.scen", scen_text(e.lengths, "small.map", '\t', 12, 10));
  check_bad({"bench", wide},
            {"astar: " + wide + ": line 2: the query's map is 12x10 but " +
             (dir() / "b" / "small.map").string() + " is 10x10"});

  // The map cannot be found, or is malformed.
  const std::string lost = write("b/lost.scen", scen_text(e.lengths, "maps/x/lost.map"));
  check_bad({"bench", lost},
            {"astar: " + lost + ": map " + (dir() / "b" / "lost.map").string() +
             ": cannot open: No such file or directory"});
  write("b/broken.map", "type octile\nheight 1\nwidth 2\nmap\n.x\n");
  const std::string broken = write("b/broken.scen", scen_text(e.lengths, "broken.map"));
  check_bad({"bench", broken}, {"broken.map: row 0, column 1: unexpected character 'x'"});
}

TEST_CASE("bench --help documents the command; astar --help lists it") {
  const Bench h = bench({"bench", "--help"});
  CHECK(h.code == 0);
  CHECK(h.err.empty());
  for (std::string_view s :
       {"astar bench SCEN... [--algorithm NAME] [--weight W] [--check] [--limit N]",
        "--algorithm NAME", "--weight W", "Default: astar", "--check", "--limit N",
        "Default: every query", "any-angle", "SHORTER", "never longer", "W times the",
        "no corner cutting", "den312d.map.scen", "file", "algorithm", "queries", "mismatches",
        "skipped", "expanded", "seconds", "ns_per_expansion", "Exit codes"}) {
    INFO("missing from bench --help: ", s);
    CHECK(h.out.find(s) != std::string::npos);
  }
  CHECK(bench({"bench", "--bogus", "-h"}).out == h.out);
  // Every algorithm, with its guarantee, from core's table.
  for (int i = 0; i < static_cast<int>(astar::Algorithm::_Max); ++i) {
    const astar::AlgorithmInfo& a = astar::info(static_cast<astar::Algorithm>(i));
    bool listed = false;
    std::istringstream in(h.out);
    for (std::string line; std::getline(in, line);)
      listed = listed || (line.rfind("  " + std::string(a.name) + " ", 0) == 0 &&
                          line.find(astar::to_string(a.guarantee)) != std::string::npos);
    INFO("algorithm missing from bench --help: ", a.name);
    CHECK(listed);
  }

  const Bench top = bench({"--help"});
  CHECK(top.code == 0);
  CHECK(top.out.find("\n  bench     ") != std::string::npos);
  CHECK(top.out.find("astar bench SCEN...") != std::string::npos);
}

TEST_CASE("bench --check passes on the shared den312d scenario file (2011 format)") {
  const auto found = astar::test::shared_movingai_file("den312d.map.scen");
  if (!found) return;
  const fs::path scen = *found;
  auto queries = astar::load_movingai_scen(scen.string());
  REQUIRE(queries.ok());
  // A*, and the other optimal algorithms: Jump Point Search, bidirectional A* and the flow field
  // (a field per query settles the whole map: its first 12 queries only); Theta* is never
  // longer.
  for (const std::string algorithm : {"astar", "jps", "bidirectional", "theta", "flow-field"}) {
    INFO("algorithm: ", algorithm);
    const bool few = algorithm == "flow-field";
    std::vector<std::string> args{"bench", scen.string(), "--check", "--algorithm", algorithm};
    if (few) args.insert(args.end(), {"--limit", "12"});
    const Bench r = bench(args);
    INFO("stdout: ", r.out, "\nstderr: ", r.err);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    const auto rows = rows_of(r);
    REQUIRE(rows.size() == 1);
    REQUIRE(rows[0].size() == 11);
    CHECK(rows[0][1] == algorithm);
    CHECK(rows[0][2] == (few ? "12" : std::to_string(queries.value().size())));
    CHECK(rows[0][3] == "0");  // no mismatch
    CHECK(rows[0][4] == "0");  // none skipped
  }
}

namespace {

std::vector<astar::Algorithm> all_algorithms() {
  std::vector<astar::Algorithm> out;
  for (int i = 0; i < static_cast<int>(astar::Algorithm::_Max); ++i)
    out.push_back(static_cast<astar::Algorithm>(i));
  return out;
}

// The queries of a .scen text, as bench reads them.
std::vector<astar::ScenarioQuery> queries_of(const std::string& scen) {
  auto parsed = astar::parse_movingai_scen(scen, "in-process.scen");
  REQUIRE(parsed.ok());
  return parsed.value();
}

// Queries whose length found differs from the printed one, as bench counts for A*.
long long count_mismatches(const std::vector<astar::ScenarioQuery>& queries, const Expected& e) {
  long long n = 0;
  for (std::size_t i = 0; i < queries.size(); ++i)
    if (e.lengths[i] != "0" && !astar::movingai_length_matches(queries[i], e.costs[i])) ++n;
  return n;
}

}  // namespace

TEST_CASE("bench --algorithm runs every algorithm on a MovingAI map") {
  const Expected optimal = expected_for();
  write("a/small.map", std::string(kMap));
  const std::string scen_body = scen_text(optimal.lengths, "small.map");
  const std::string scen = write("a/small.map.scen", scen_body);
  const auto queries = queries_of(scen_body);
  double astar_total = 0.0;
  for (double c : optimal.costs) astar_total += c;

  for (astar::Algorithm a : all_algorithms()) {
    const astar::AlgorithmInfo& info = astar::info(a);
    const std::string name(info.name);
    INFO("algorithm: ", name);
    const Bench r = bench({"bench", scen, "--algorithm", name, "--check"});
    INFO("stdout: ", r.out, "\nstderr: ", r.err);
    // Every algorithm finds a path for every query, and none breaks its guarantee here.
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    const auto rows = rows_of(r);
    REQUIRE(rows.size() == 1);
    REQUIRE(rows[0].size() == 11);
    CHECK(rows[0][1] == name);
    CHECK(rows[0][2] == std::to_string(kQueries.size()));
    CHECK(rows[0][4] == "1");
    // bench gives Theta* the straight-line heuristic, every other algorithm octile.
    const Expected e = expected_for(
        {.algorithm = a, .heuristic = a == astar::Algorithm::ThetaStar ? astar::Heuristic::Euclidean
                                                                       : astar::Heuristic::Octile});
    CHECK(rows[0][5] == std::to_string(sum(e.expanded, kQueries.size())));

    if (a == astar::Algorithm::ThetaStar) {
      // Any-angle: never longer than the grid optimum, shorter on some query here, and shorter
      // is not a mismatch.
      double total = 0.0;
      bool some_shorter = false;
      for (std::size_t i = 0; i < kQueries.size(); ++i) {
        CHECK(e.costs[i] <= optimal.costs[i] + 1e-9);
        some_shorter = some_shorter || e.costs[i] < optimal.costs[i] - 1e-6;
        total += e.costs[i];
      }
      CHECK(some_shorter);
      CHECK(total <= astar_total);
      CHECK(rows[0][3] == "0");
    } else if (info.guarantee == astar::Guarantee::Optimal) {
      CHECK(rows[0][3] == "0");
      CHECK(e.lengths == optimal.lengths);
    } else {
      // Counted as for A*: the lengths that differ from the optimal ones. Greedy finds longer
      // paths here, yet --check passes (above); breadth-first, first in first out, happens to
      // find the optimal ones on this map (its fewest-step paths are among the cheapest).
      const long long n = count_mismatches(queries, e);
      CHECK(rows[0][3] == std::to_string(n));
      if (a == astar::Algorithm::GreedyBestFirst) CHECK(n >= 1);
    }
  }
  // jps and bidirectional A* by name: 0 mismatches, --check passes.
  for (const std::string name : {"jps", "bidirectional"}) {
    const Bench r = bench({"bench", scen, "--algorithm", name, "--check"});
    CHECK(r.code == 0);
    CHECK(rows_of(r).at(0).at(3) == "0");
  }
}

TEST_CASE("bench theta: a mismatch is a length above the optimal one") {
  const Expected optimal = expected_for();
  const Expected theta = expected_for({.algorithm = astar::Algorithm::ThetaStar});
  write("t/small.map", std::string(kMap));

  // Printed lengths far above what is found: a mismatch for A*, not for Theta*.
  std::vector<std::string> longer = optimal.lengths;
  longer[1] = "99.5";
  const std::string long_scen = write("t/longer.scen", scen_text(longer, "small.map"));
  const Bench a = bench({"bench", long_scen, "--check"});
  CHECK(a.code == 1);
  CHECK(rows_of(a).at(0).at(3) == "1");
  const Bench t = bench({"bench", long_scen, "--check", "--algorithm", "theta"});
  INFO("stderr: ", t.err);
  CHECK(t.code == 0);
  CHECK(t.err.empty());
  CHECK(rows_of(t).at(0).at(3) == "0");

  // A printed length below Theta*'s: a mismatch, and --check fails naming the query.
  std::vector<std::string> shorter = optimal.lengths;
  shorter[1] = "3";
  REQUIRE(theta.costs[1] > 3.5);
  const std::string short_scen = write("t/shorter.scen", scen_text(shorter, "small.map"));
  const Bench s = bench({"bench", short_scen, "--check", "--algorithm=theta"});
  CHECK(s.code == 1);
  CHECK(rows_of(s).at(0).at(3) == "1");
  const std::string prefix =
      "astar: " + short_scen + ": line 3: start (2, 2), goal (8, 4): expected at most 3, got ";
  CHECK(std::count(s.err.begin(), s.err.end(), '\n') == 1);
  REQUIRE(s.err.rfind(prefix, 0) == 0);
  CHECK(std::stod(s.err.substr(prefix.size())) == doctest::Approx(theta.costs[1]).epsilon(1e-9));
  // Without --check: counted, exit 0, nothing on stderr.
  const Bench u = bench({"bench", short_scen, "--algorithm=theta"});
  CHECK(u.code == 0);
  CHECK(u.err.empty());
}

TEST_CASE("bench: --check fails only on what the algorithm guarantees") {
  const Expected optimal = expected_for();
  write("g/small.map", std::string(kMap));

  // Greedy best-first and breadth-first: no bound on the length. A wrong printed length is
  // counted, but --check passes.
  std::vector<std::string> wrong = optimal.lengths;
  wrong[1] = "99.5";
  const std::string wrong_scen = write("g/wrong.scen", scen_text(wrong, "small.map"));
  for (const std::string name : {"greedy", "bfs"}) {
    INFO("algorithm: ", name);
    const Bench r = bench({"bench", wrong_scen, "--check", "--algorithm", name});
    INFO("stderr: ", r.err);
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    const auto algorithm = astar::parse_algorithm(name);
    REQUIRE(algorithm.has_value());
    const Expected e = expected_for({.algorithm = *algorithm});
    const long long n = count_mismatches(queries_of(scen_text(wrong, "small.map")), e);
    CHECK(n >= 1);
    CHECK(rows_of(r).at(0).at(3) == std::to_string(n));
  }
  // ... but a query without a path fails --check for every algorithm.
  const std::string boxed_map = "type octile\nheight 3\nwidth 3\nmap\n.@.\n@@.\n...\n";
  write("g/boxed.map", boxed_map);
  const std::string boxed = write("g/boxed.map.scen", "version 1\n0 boxed.map 3 3 2 2 0 0 4\n");
  for (astar::Algorithm a : all_algorithms()) {
    const std::string name(astar::info(a).name);
    INFO("algorithm: ", name);
    const Bench r = bench({"bench", boxed, "--check", "--algorithm", name});
    CHECK(r.code == 1);
    CHECK(rows_of(r).at(0).at(3) == "1");
    CHECK(r.err.find("line 2: start (2, 2), goal (0, 0): expected ") != std::string::npos);
    CHECK(r.err.find(", got no-path\n") != std::string::npos);
  }

  // Weighted A* with --weight W: --check fails only on a length above W times the optimal one.
  const Expected w2 = expected_for({.algorithm = astar::Algorithm::WeightedAStar, .weight = 2.0});
  for (std::size_t i = 0; i < kQueries.size(); ++i)
    CHECK(w2.costs[i] <= 2.0 * optimal.costs[i] + 1e-9);
  const std::string good = write("g/small.map.scen", scen_text(optimal.lengths, "small.map"));
  const Bench ok = bench({"bench", good, "--check", "--algorithm", "weighted-astar", "--weight",
                          "2"});
  INFO("stderr: ", ok.err);
  CHECK(ok.code == 0);
  CHECK(ok.err.empty());
  CHECK(rows_of(ok).at(0).at(1) == "weighted-astar");
  CHECK(rows_of(ok).at(0).at(3) ==
        std::to_string(count_mismatches(queries_of(scen_text(optimal.lengths, "small.map")), w2)));
  CHECK(rows_of(ok).at(0).at(5) == std::to_string(sum(w2.expanded, kQueries.size())));

  // Printed 0.75 times the length found: a mismatch, within the bound of 2, not of 1.2.
  std::vector<std::string> lower = optimal.lengths;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.8f", 0.75 * w2.costs[1]);
  lower[1] = buf;
  const std::string lower_scen = write("g/lower.scen", scen_text(lower, "small.map"));
  const Bench within =
      bench({"bench", lower_scen, "--check", "--algorithm", "weighted-astar", "--weight=2"});
  CHECK(within.code == 0);
  CHECK(within.err.empty());
  CHECK(std::stoll(rows_of(within).at(0).at(3)) >= 1);
  const Expected w12 =
      expected_for({.algorithm = astar::Algorithm::WeightedAStar, .weight = 1.2});
  REQUIRE(w12.costs[1] > 1.2 * 0.75 * w2.costs[1] + 1e-6);
  const Bench beyond =
      bench({"bench", lower_scen, "--check", "--algorithm", "weighted-astar", "--weight=1.2"});
  CHECK(beyond.code == 1);
  CHECK(std::count(beyond.err.begin(), beyond.err.end(), '\n') == 1);
  CHECK(beyond.err.rfind("astar: " + lower_scen + ": line 3: start (2, 2), goal (8, 4): expected "
                         "at most 1.2 * " + std::string(buf) + ", got ",
                         0) == 0);
}

TEST_CASE("bench hpa-star: precompute apart, length ratios, --max-ratio bounds --check") {
  const Expected optimal = expected_for();
  write("h/small.map", std::string(kMap));
  const std::string scen = write("h/small.map.scen", scen_text(optimal.lengths, "small.map"));
  const std::string twice = write("h/again.scen", scen_text(optimal.lengths, "small.map"));
  astar::SearchOptions o{.algorithm = astar::Algorithm::HpaStar};
  o.cluster_size = 4;
  const Expected e = expected_for(o);
  double worst = 0.0, total = 0.0;
  int found = 0;
  for (std::size_t i = 0; i < kQueries.size(); ++i) {
    if (optimal.costs[i] <= 0.0) continue;
    worst = std::max(worst, e.costs[i] / optimal.costs[i]);
    total += e.costs[i] / optimal.costs[i];
    ++found;
  }
  REQUIRE(worst > 1.0);  // cluster size 4 makes a detour on this map
  const Bench r = bench({"bench", scen, twice, "--algorithm", "hpa-star", "--cluster-size", "4",
                         "--check", "--max-ratio", "10"});
  INFO("stdout: ", r.out, "\nstderr: ", r.err);
  CHECK(r.code == 0);
  const auto rows = rows_of(r);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0][1] == "hpa-star");
  CHECK(rows[0][5] == std::to_string(sum(e.expanded, kQueries.size())));
  CHECK(std::stod(rows[0][8]) > 0.0);       // the graph, built once for the map...
  CHECK(rows[1][8] == "0.000000");          // ...and reported on its first row only
  // The ratios against the printed (8-digit) lengths.
  CHECK(std::abs(std::stod(rows[0][9]) - total / found) < 1e-5);
  CHECK(std::abs(std::stod(rows[0][10]) - worst) < 1e-5);
  // A bound below the worst ratio fails --check on that query, naming the bound.
  char bound[32];
  std::snprintf(bound, sizeof bound, "%.4f", (1.0 + worst) / 2.0);
  const Bench tight = bench({"bench", scen, "--algorithm", "hpa-star", "--cluster-size", "4",
                             "--check", "--max-ratio", bound});
  CHECK(tight.code == 1);
  CHECK(tight.err.find("expected at most " + std::string(bound)) != std::string::npos);
  // Without --check, exit 0 whatever the ratios.
  CHECK(bench({"bench", scen, "--algorithm", "hpa-star", "--cluster-size", "4", "--max-ratio",
               bound}).code == 0);
  // Bad values: exit 2, naming the option.
  check_bad({"bench", scen, "--algorithm", "hpa-star", "--cluster-size", "3"}, {"--cluster-size"});
  check_bad({"bench", scen, "--max-ratio", "0.5"}, {"--max-ratio"});
  // The help documents the new columns and options.
  const Bench help = bench({"bench", "--help"});
  for (const char* word : {"precompute_seconds", "mean_ratio", "max_ratio", "--max-ratio",
                           "--cluster-size", "--hpa-smooth"})
    CHECK(help.out.find(word) != std::string::npos);
}

TEST_CASE("bench hpa-star --check passes on the shared den312d scenario file within its default bound") {
  const auto found = astar::test::shared_movingai_file("den312d.map.scen");
  if (!found) return;
  for (const char* smooth : {"", "--hpa-smooth"}) {
    std::vector<std::string> args{"bench", found->string(), "--check", "--algorithm", "hpa-star"};
    if (*smooth) args.push_back(smooth);
    const Bench r = bench(args);
    INFO("stdout: ", r.out, "\nstderr: ", r.err);
    CHECK(r.code == 0);
    const auto rows = rows_of(r);
    REQUIRE(rows.size() == 1);
    CHECK(std::stod(rows[0][8]) > 0.0);
    CHECK(std::stod(rows[0][9]) >= 1.0 - 1e-6);
    CHECK(std::stod(rows[0][10]) <= 3.0);  // kHpaDefaultMaxRatio
    if (*smooth) CHECK(std::stod(rows[0][9]) < 1.02);
  }
}
