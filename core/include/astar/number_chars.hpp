// Doubles to and from text, the same on the desktop and in WebAssembly (core and the studio).
// Emscripten 3.1.6's libc++ has no floating-point std::from_chars or std::to_chars, so core uses
// these instead on every target (fast_float reads, fmt finds the shortest digits); they keep
// exactly what libstdc++'s std::from_chars / std::to_chars did before, results and errors:
//
//   double d = 0;
//   const auto r = parse_double(s.data(), s.data() + s.size(), d);  // as std::from_chars
//   if (r.ec == std::errc{} && r.ptr == s.data() + s.size()) use(d);
//   shortest_text(0.1);     // "0.1"; 1e6 gives "1e+06", 1e-4 "1e-04", 100.0 "100", as
//   shortest_text(0.1f);    // std::to_chars(first, last, v) without a format gives them
//
// Integers keep std::from_chars / std::to_chars: both targets have those.
#pragma once

#include <charconv>
#include <string>

namespace astar {

// Reads a double from [first, last) like std::from_chars(first, last, v) in the general format:
// an optional '-', no '+', no leading space; "inf", "infinity" and "nan" read as such. Past the
// double's range ("1e400", "1e-400") it says std::errc::result_out_of_range and leaves v alone.
std::from_chars_result parse_double(const char* first, const char* last, double& v);

// The shortest text that reads back as exactly v, fixed or scientific, whichever is shorter
// (fixed on a tie), as std::to_chars(first, last, v) writes it: "inf", "-nan", "-0" included.
std::string shortest_text(double v);
// The same for a float: the shortest text that reads back (as a float) as exactly f.
std::string shortest_text(float f);

}  // namespace astar
