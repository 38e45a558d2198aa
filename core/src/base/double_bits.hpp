// Internal to core: a double's bit pattern as an unsigned integer and back, what std::bit_cast
// gives (Emscripten 3.1.6's libc++ has no std::bit_cast; an 8-byte memcpy compiles to one move):
//
//   const std::uint64_t key = bits_of(2.5);   // keys >= 0 order as their doubles do
//   double_of(key) == 2.5
#pragma once

#include <cstdint>
#include <cstring>

namespace astar {

inline std::uint64_t bits_of(double d) {
  std::uint64_t u = 0;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

inline double double_of(std::uint64_t u) {
  double d = 0;
  std::memcpy(&d, &u, sizeof d);
  return d;
}

}  // namespace astar
