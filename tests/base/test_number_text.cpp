// number_text (format.hpp): the shortest text that reads back as the double, laid out as
// std::to_chars lays it out. Core makes it with fmt's digits (core/src/base/number_chars.cpp), because
// Emscripten's libc++ has no floating-point to_chars; the desktop checks it against to_chars.
#include <doctest/doctest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "astar/format.hpp"

using astar::number_text;

TEST_CASE("[Format] number_text: the shortest text, fixed or scientific as std::to_chars chooses") {
  CHECK(number_text(0.1) == "0.1");
  CHECK(number_text(0.1 + 0.2) == "0.30000000000000004");
  CHECK(number_text(100.0) == "100");
  CHECK(number_text(-2.5) == "-2.5");
  CHECK(number_text(1e6) == "1e+06");     // shorter than 1000000
  CHECK(number_text(123456.0) == "123456");
  CHECK(number_text(1e-4) == "1e-04");    // shorter than 0.0001
  CHECK(number_text(0.00125) == "0.00125");  // a tie: fixed
  CHECK(number_text(1.25e-5) == "1.25e-05");
  CHECK(number_text(1e100) == "1e+100");
  CHECK(number_text(5e-324) == "5e-324");
  CHECK(number_text(1.7976931348623157e308) == "1.7976931348623157e+308");
  // A whole number in the fixed form has its exact digits, not the shortest ones padded.
  CHECK(number_text(std::ldexp(1.0, 60)) == "1152921504606846976");
  CHECK(number_text(0.0) == "0");
  CHECK(number_text(-0.0) == "-0");
  CHECK(number_text(std::numeric_limits<double>::infinity()) == "inf");
  CHECK(number_text(-std::numeric_limits<double>::infinity()) == "-inf");
  CHECK(number_text(std::numeric_limits<double>::quiet_NaN()) == "nan");
}

#if defined(__cpp_lib_to_chars)  // the desktop's libstdc++: the same text as std::to_chars
TEST_CASE("[Format] number_text equals std::to_chars on random doubles") {
  std::mt19937_64 rng(20261126);
  const auto check = [](double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    const std::string expected(buf, r.ptr);
    REQUIRE_MESSAGE(number_text(v) == expected, "std::to_chars gives " << expected);
  };
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t bits = rng();
    double any = 0;
    std::memcpy(&any, &bits, sizeof any);
    check(any);                                                          // any bit pattern
    check(static_cast<double>(rng() % 100000) / std::pow(10.0, static_cast<double>(rng() % 25)));
    check(static_cast<double>(static_cast<std::int64_t>(rng()) >> (rng() % 64)));  // whole
  }
}
#endif
