// Internal to core (trace import): a streaming JSON tokenizer. It reads JSON text, whole or in
// pieces, and hands each value to a ValueSink as it goes: no document tree, so memory is one
// piece of the input (1 MiB) plus the longest single value.
//
//   JsonTokenizer t(sink, "run.json");
//   t.parse_text(text);                                   // all in memory
//   t.parse_stream(first_bytes, [&](char* to, std::size_t n) { return fread(to, 1, n, f); });
//
// Why not nlohmann::json::sax_parse: with a handler that does nothing it reads about 1.2 M
// Posthoc events a second on this machine (117 MB/s), below our 1 M events/s target once the
// events are checked and stored; this tokenizer reads the same text several times faster
// (docs/traces.md, "Search traces from other programs"). Syntax errors say where:
//   "run.json: line 3, column 14: invalid JSON: expected ',' or '}' after an object member, got 'x'"
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/import/trace_import_sink.hpp"

namespace astar::trace_import {

inline constexpr std::size_t kMaxJsonNesting = 256;
inline constexpr std::size_t kMaxValueBytes = std::size_t{64} << 20;  // one string or number

// JSON's number grammar (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?); `integer`: no fraction
// or exponent. number_value: its value (infinite when it does not fit a double: finite false).
bool is_json_number(std::string_view s, bool& integer);
double number_value(std::string_view s, bool& finite);

class JsonTokenizer {
 public:
  // Fills `to` with at most `n` bytes; returns how many (0 at the end of the input).
  using Refill = std::function<std::size_t(char* to, std::size_t n)>;

  JsonTokenizer(ValueSink& sink, std::string source);
  // first_line: the line number the text starts on (JSON Lines: the line's number in its file).
  void parse_text(std::string_view text, std::uint64_t first_line = 1);
  void parse_stream(std::string_view first_bytes, Refill refill);

 private:
  enum class Expect : std::uint8_t { Value, KeyOrEnd, Key, ValueOrEnd, CommaOrEnd, Done };

  void run();
  bool more();
  int next_nonspace();
  Expect value(int c);
  Expect after_value() const { return stack_.empty() ? Expect::Done : Expect::CommaOrEnd; }
  Expect close(char opening);
  std::string_view lex_string();
  std::string_view decode_string(std::size_t start, std::size_t end);
  void lex_number(Scalar& out);
  void lex_literal(int c);
  [[noreturn]] void fail_at(std::size_t pos, const std::string& reason) const;
  std::string got_text(std::size_t pos) const;

  ValueSink& sink_;
  std::string source_;
  const char* data_ = nullptr;  // the window of the input held now
  std::size_t size_ = 0, pos_ = 0;
  bool eof_ = true;
  std::string buf_;  // parse_stream: the window's bytes
  Refill refill_;
  std::uint64_t base_ = 0;  // the input offset of data_[0]
  std::uint64_t line_ = 1, line_start_ = 0;
  std::string scratch_;     // decoded strings with escapes
  std::vector<char> stack_;  // open '{' and '['
};

}  // namespace astar::trace_import
