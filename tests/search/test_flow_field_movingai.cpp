// Flow fields on the shared MovingAI maps (the movingai_optimal test, [movingai-data]): the
// field from each 150th query's goal, under the benchmark's rules, gives the query's start its
// optimal length, and the flow from the start reaches the goal for exactly that cost.
#include <doctest/doctest.h>

#include <string>

#include "astar/flow_field.hpp"
#include "astar/movingai.hpp"
#include "support/movingai_data.hpp"

using namespace astar;

TEST_CASE("[movingai-data] flow fields give every 150th query's optimal length in every shared file") {
  const std::vector<std::string> scens = test::movingai_scenarios();
  if (scens.empty()) {
    CHECK_MESSAGE(!test::in_ci(), "CI=true but no MovingAI files in " << test::movingai_dir().string());
    return;
  }
  std::size_t queries = 0;
  for (const std::string& scen_path : scens) {
    INFO("scenario file: ", scen_path);
    auto scen = load_movingai_scenario(scen_path);
    REQUIRE_MESSAGE(scen.ok(), (scen.ok() ? "" : scen.error()));
    const Level& map = scen.value().map;
    const std::vector<ScenarioQuery>& qs = scen.value().queries;
    for (std::size_t k = 0; k < qs.size(); k += 150) {
      const ScenarioQuery& q = qs[k];
      INFO("line ", q.line, ": expected ", q.optimal_text);
      auto field = FlowField::make(map, movingai_rules(), {q.goal});
      REQUIRE(field.ok());
      field.value().run();
      const double cost = field.value().integration_value(q.start);
      CHECK(movingai_length_matches(q, cost));
      const std::vector<Cell> way = field.value().follow(q.start);
      CHECK(way.back() == q.goal);
      ExactCost sum;
      for (std::size_t i = 0; i + 1 < way.size(); ++i) sum += field.value().flow(way[i])->exact;
      CHECK(sum == *field.value().integration(q.start));
      ++queries;
    }
  }
  CHECK(queries > 80);
  MESSAGE("flow fields: " << queries << " MovingAI queries in " << scens.size() << " files");
}
