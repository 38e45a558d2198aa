// Internal to core: a small seeded PRNG whose output is the same on every platform and standard
// library (std::uniform_int_distribution is not: libstdc++, libc++ and MSVC differ), so a seed
// regenerates a level exactly. xoshiro256** (Blackman and Vigna), seeded through splitmix64.
#pragma once

#include <cstdint>

namespace astar::detail {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (std::uint64_t& s : s_) s = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n >= 1: rejection keeps it unbiased.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
    for (;;) {
      const std::uint64_t r = next();
      if (r >= threshold) return r % n;
    }
  }
  // Uniform integer in [lo, hi], lo <= hi (both int).
  int between(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<std::uint64_t>(std::int64_t{hi} - lo) + 1));
  }
  // Uniform in [0, 1), 53 random bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  bool coin() { return (next() >> 63) != 0; }

  // splitmix64: also used on its own to derive seeds.
  static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

}  // namespace astar::detail
