// libFuzzer target: parse_level on arbitrary bytes, and a level it accepts must save to JSON
// that parses back to the same JSON (docs/testing.md "Quality gates"). Grids read straight from the text
// must give what the JSON document gives: the same acceptance and the same level.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "astar/level_io.hpp"
#include "../support/document_grids.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto level = astar::parse_level(text, "fuzz.json");
  if (astar::detail::grids_read_directly() > 0) {
    const auto other = astar::parse_level(astar::test::through_document(std::string(text)), "fuzz.json");
    if (other.ok() != level.ok() || (level.ok() && !(other.value() == level.value()))) std::abort();
  }
  if (!level.ok()) return 0;
  const std::string saved = astar::level_to_json(level.value());
  const auto again = astar::parse_level(saved, "saved.json");
  if (!again.ok() || astar::level_to_json(again.value()) != saved) std::abort();
  return 0;
}
