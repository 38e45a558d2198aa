// libFuzzer target: the MovingAI .scen parser and movingai_tolerance on arbitrary bytes (docs/testing.md
// "Quality gates"). An accepted query's coordinates lie inside its own map size.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/movingai.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto queries = astar::parse_movingai_scen(text, "fuzz.map.scen");
  if (!queries.ok()) return 0;
  for (const astar::ScenarioQuery& q : queries.value()) {
    const auto inside = [&](astar::Cell c) {
      return c.x >= 0 && c.y >= 0 && c.x < q.map_width && c.y < q.map_height;
    };
    if (!inside(q.start) || !inside(q.goal)) std::abort();
    (void)astar::movingai_tolerance(q.optimal_text);
    (void)astar::movingai_length_matches(q, q.optimal);
  }
  return 0;
}
