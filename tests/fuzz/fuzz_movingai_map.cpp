// libFuzzer target: the MovingAI .map parser on arbitrary bytes (docs/testing.md "Quality gates").
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "astar/movingai.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto level = astar::parse_movingai_map(text, "fuzz.map");
  if (level.ok() && level.value().cell_count() < 1) std::abort();
  return 0;
}
