// Exact path costs, so that no "better path", tie or finding comes from rounding.
//
// A move costs step_length * cost + extra (moves.hpp), the step length 1 or sqrt 2. Added up as
// doubles, the same path summed in another order can differ in the last bit: 1 + sqrt 2 + sqrt 2
// is not bit for bit sqrt 2 + 1 + sqrt 2. A search comparing such sums exactly then reports
// improvements of 1e-16 and decides ties in f by rounding. So searches keep every g, h and f as
//
//   a + b * sqrt 2,   a and b whole numbers of micro-units (kCostUnitsPerOne = 1,000,000 a unit),
//
// where a move adds its straight part to a and its diagonal part to b. Integer sums do not
// depend on their order, and since sqrt 2 is irrational two costs are equal exactly when their
// a and b are. compare() orders two costs exactly; value() is the one double a cost shows as,
// a function of (a, b) alone, so equal costs show bit-identical doubles.
//
//   ExactCost g = ExactCost::straight(1.0) + ExactCost::diagonal(1.0);   // 1 + sqrt 2
//   if (compare(g_new, g_old) < 0) { /* really cheaper */ }
//   double shown = g.value();
//
// The one rounding left is where a level's number enters: each cell cost, rule cost and edge
// weight is rounded once to the nearest micro-unit (costs typed as decimals with up to six
// places are exact). Levels whose costs could overflow the sums are refused by the searches
// (fits_exact_sums).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

namespace astar {

inline constexpr double kCostUnitsPerOne = 1'000'000.0;

struct ExactCost {
  std::int64_t a = 0;  // the straight part, in micro-units
  std::int64_t b = 0;  // the part multiplied by sqrt 2, in micro-units

  // A number taken as a straight cost / as a cost multiplied by sqrt 2 (rounded to the unit).
  static ExactCost straight(double v) { return {units(v), 0}; }
  static ExactCost diagonal(double v) { return {0, units(v)}; }
  static std::int64_t units(double v) { return std::llround(v * kCostUnitsPerOne); }

  // The cost in micro-units as one double, a function of (a, b) alone: searches order their
  // open sets by it. Equal costs give bit-identical keys; different costs give keys in their
  // order unless they differ by less than the doubles' resolution (about 1e-16 of the cost),
  // which whole costs and sqrt 2 never do below ~10^7 steps.
  double key() const {
    return static_cast<double>(a) + static_cast<double>(b) * 1.4142135623730951;
  }
  // The double this cost shows as: the same (a, b) always gives the same bits.
  double value() const { return key() / kCostUnitsPerOne; }
  ExactCost& operator+=(ExactCost o) {
    a += o.a;
    b += o.b;
    return *this;
  }
  friend ExactCost operator+(ExactCost x, ExactCost y) { return x += y; }
  friend ExactCost operator-(ExactCost x, ExactCost y) { return {x.a - y.a, x.b - y.b}; }
  friend constexpr bool operator==(ExactCost, ExactCost) = default;
};

// The sign of a + b sqrt 2: -1, 0 or 1, exactly (|a|, |b| < 2^62).
inline int exact_sign(ExactCost d) {
  const int sa = (d.a > 0) - (d.a < 0), sb = (d.b > 0) - (d.b < 0);
  if (sa == sb || sb == 0) return sa;
  if (sa == 0) return sb;
  // Opposite signs: a + b sqrt 2 > 0 exactly when a^2 > 2 b^2 (for a > 0 > b), compared in 128
  // bits. Far from zero the doubles already tell, which is the common case.
  const double approx = static_cast<double>(d.a) + static_cast<double>(d.b) * 1.4142135623730951;
  const double scale = std::abs(static_cast<double>(d.a)) + std::abs(static_cast<double>(d.b));
  if (std::abs(approx) > scale * 1e-9) return approx > 0 ? 1 : -1;
  __extension__ using Wide = unsigned __int128;  // GCC and Clang
  const Wide aa = static_cast<Wide>(d.a < 0 ? -d.a : d.a);
  const Wide bb = static_cast<Wide>(d.b < 0 ? -d.b : d.b);
  const Wide left = aa * aa, right = 2 * bb * bb;
  if (left == right) return 0;  // not reachable for b != 0 (sqrt 2 is irrational)
  return left > right ? sa : sb;
}

// -1, 0 or 1 as x is cheaper than, equal to or dearer than y: exactly.
inline int compare(ExactCost x, ExactCost y) { return exact_sign(x - y); }

// Whether sums of `steps` moves each costing at most `largest_move` stay exact: their product
// below 2e12, so a and b stay below 2^61 micro-units.
inline bool fits_exact_sums(double largest_move, double steps) {
  return largest_move * steps < 2.0e12;
}

}  // namespace astar
