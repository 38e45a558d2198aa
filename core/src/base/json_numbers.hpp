// Internal to core: numbers in level files as text, locale-independent, and the float rounding
// the reader applies to costs. The writer (level_writer.cpp) and the messages (json_fields.cpp)
// print numbers the same way, so a value quoted in a message reads as the file would write it:
//
//   std::string out;
//   append_number(out, 2.5);   // "2.5"; 10.0 gives "10", NaN gives "null"
//   append_float(out, 0.1f);   // the shortest text that the reader turns back into 0.1f
//   const float f = to_float(d);  // d rounded to float, clamped at +-FLT_MAX
//
// Not astar::number_text (format.hpp): that one prints "nan" and "1e+06" for people.
#pragma once

#include <string>

namespace astar::level_file {

// Doubles from this midpoint upwards round to infinity as floats.
inline constexpr double kFloatOverflow = 0x1.ffffffp+127;

// Appends the shortest text that reads back as exactly v; integral values print without a
// decimal point ("10", not "10.0" or "1e+01").
void append_number(std::string& out, double v);
std::string number_text(double v);

// A double rounded to float the way the reader does it (values just above FLT_MAX that round to
// it are clamped explicitly: the cast itself is not defined for them).
float to_float(double d);

// Appends the shortest text that the reader (text -> double -> float) turns back into exactly f.
void append_float(std::string& out, float f);
std::string float_text(float f);

}  // namespace astar::level_file
