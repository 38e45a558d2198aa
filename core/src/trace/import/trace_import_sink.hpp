// Internal to core (trace import): what the two text readers (the JSON tokenizer and the YAML
// reader) hand to the document readers (Posthoc, ours), one value at a time. No document tree:
//
//   JSON/YAML text --> ValueSink (start_object, key, scalar, end_object, ...) --> TraceBuilder
//
// Errors are thrown as TraceFail (a whole message, "source: events[3].x: reason") and turned
// into Result errors at the public entry points (trace_import.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace astar::trace_import {

struct TraceFail {
  std::string message;  // complete, the source name included
};

// One scalar value. For YAML, plain scalars are resolved to null, true/false or a number when
// they read as one (JSON's number grammar); quoted ones are strings.
struct Scalar {
  enum class Kind : std::uint8_t { Null, Bool, Number, String };
  Kind kind = Kind::Null;
  bool boolean = false;
  bool integer = false;   // a number written without '.', 'e' or 'E'
  bool finite = true;     // a number that fits a double (1e999 does not)
  double number = 0;
  std::string_view text;  // the number as written, or the string's value (decoded)
  std::uint32_t line = 0;  // YAML: the scalar's line (from 1); 0 when not known
};

// The value as JSON text for a message: "7" (quoted), 3.5, null, true.
std::string scalar_json(const Scalar& s);
// A string as a JSON string literal, escaped, cut to `max_chars` bytes with "..." when longer.
std::string quoted_json(std::string_view s, std::size_t max_chars = 80);
void append_quoted_json(std::string& out, std::string_view s);

class ValueSink {
 public:
  virtual ~ValueSink() = default;
  virtual void start_object(std::uint32_t line) = 0;
  virtual void key(std::string_view name) = 0;
  virtual void end_object() = 0;
  virtual void start_array(std::uint32_t line) = 0;
  virtual void end_array() = 0;
  virtual void scalar(const Scalar& value) = 0;
};

}  // namespace astar::trace_import
