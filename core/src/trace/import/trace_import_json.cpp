#include "trace/import/trace_import_json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "astar/number_chars.hpp"

namespace astar::trace_import {

namespace {

constexpr std::size_t kChunk = std::size_t{1} << 20;

bool is_number_char(char c) {
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

// JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view s, bool& integer) {
  std::size_t p = 0;
  if (p < s.size() && s[p] == '-') ++p;
  if (p >= s.size() || !is_digit(s[p])) return false;
  if (s[p++] != '0')
    while (p < s.size() && is_digit(s[p])) ++p;
  integer = true;
  if (p < s.size() && s[p] == '.') {
    integer = false;
    if (++p >= s.size() || !is_digit(s[p])) return false;
    while (p < s.size() && is_digit(s[p])) ++p;
  }
  if (p < s.size() && (s[p] == 'e' || s[p] == 'E')) {
    integer = false;
    if (++p < s.size() && (s[p] == '+' || s[p] == '-')) ++p;
    if (p >= s.size() || !is_digit(s[p])) return false;
    while (p < s.size() && is_digit(s[p])) ++p;
  }
  return p == s.size();
}

double number_value(std::string_view s, bool& finite) {
  finite = true;
  if (s.size() <= 15) {  // whole numbers of up to 15 digits are exact: no parse_double
    std::size_t i = s[0] == '-' ? 1 : 0;
    std::int64_t n = 0;
    for (; i < s.size() && is_digit(s[i]); ++i) n = n * 10 + (s[i] - '0');
    if (i == s.size()) return static_cast<double>(s[0] == '-' ? -n : n);
  }
  double v = 0;
  const auto r = parse_double(s.data(), s.data() + s.size(), v);
  if (r.ec == std::errc::result_out_of_range) v = std::strtod(std::string(s).c_str(), nullptr);  // 1e-400: 0
  finite = std::isfinite(v);
  return v;
}

void append_quoted_json(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

std::string quoted_json(std::string_view s, std::size_t max_chars) {
  std::string out;
  if (s.size() <= max_chars) {
    append_quoted_json(out, s);
    return out;
  }
  std::size_t cut = max_chars;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole UTF-8
  append_quoted_json(out, s.substr(0, cut));
  out.insert(out.size() - 1, "...");
  return out;
}

std::string scalar_json(const Scalar& s) {
  switch (s.kind) {
    case Scalar::Kind::Null: return "null";
    case Scalar::Kind::Bool: return s.boolean ? "true" : "false";
    case Scalar::Kind::Number:
      return s.text.size() <= 80 ? std::string(s.text) : std::string(s.text.substr(0, 80)) + "...";
    case Scalar::Kind::String: return quoted_json(s.text);
  }
  return "";
}

JsonTokenizer::JsonTokenizer(ValueSink& sink, std::string source)
    : sink_(sink), source_(std::move(source)) {}

void JsonTokenizer::parse_text(std::string_view text, std::uint64_t first_line) {
  data_ = text.data();
  size_ = text.size();
  pos_ = 0;
  eof_ = true;
  line_ = first_line;
  run();
}

void JsonTokenizer::parse_stream(std::string_view first_bytes, Refill refill) {
  buf_.assign(first_bytes);
  data_ = buf_.data();
  size_ = buf_.size();
  pos_ = 0;
  eof_ = false;
  refill_ = std::move(refill);
  run();
}

// Reads the next piece after the bytes from pos_ on (the token under way), which it keeps.
// False at the end of the input; true once more when the end is first met, so that the token
// under way is tried again knowing that nothing follows.
bool JsonTokenizer::more() {
  if (eof_) return false;
  if (pos_ > 0) {
    buf_.erase(0, pos_);
    base_ += pos_;
    pos_ = 0;
  }
  if (buf_.size() > kMaxValueBytes) fail_at(0, "a value longer than 64 MiB");
  const std::size_t old = buf_.size();
  buf_.resize(old + kChunk);
  const std::size_t got = refill_(buf_.data() + old, kChunk);
  buf_.resize(old + got);
  if (got == 0) eof_ = true;
  data_ = buf_.data();
  size_ = buf_.size();
  return true;
}

int JsonTokenizer::next_nonspace() {
  for (;;) {
    while (pos_ < size_) {
      const char c = data_[pos_];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '\n') {
        ++pos_;
        ++line_;
        line_start_ = base_ + pos_;
      } else {
        return static_cast<unsigned char>(c);
      }
    }
    if (!more()) return -1;
  }
}

std::string JsonTokenizer::got_text(std::size_t pos) const {
  if (pos >= size_) return "the end of the input";
  const auto c = static_cast<unsigned char>(data_[pos]);
  if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned>(c));
  return buf;
}

void JsonTokenizer::fail_at(std::size_t pos, const std::string& reason) const {
  const std::uint64_t at = base_ + pos;
  const std::uint64_t column = at >= line_start_ ? at - line_start_ + 1 : 1;
  throw TraceFail{source_ + ": line " + std::to_string(line_) + ", column " +
                  std::to_string(column) + ": invalid JSON: " + reason};
}

void JsonTokenizer::run() {
  Expect ex = Expect::Value;
  for (;;) {
    const int c = next_nonspace();
    if (ex == Expect::Done) {
      if (c < 0) return;
      fail_at(pos_, "unexpected text after the end of the JSON value: " + got_text(pos_));
    }
    if (c < 0) fail_at(pos_, "unexpected end of input");
    switch (ex) {
      case Expect::KeyOrEnd:
        if (c == '}') {
          ex = close('{');
          break;
        }
        [[fallthrough]];
      case Expect::Key: {
        if (c != '"') fail_at(pos_, "expected a string (an object's key), got " + got_text(pos_));
        sink_.key(lex_string());
        if (next_nonspace() != ':') fail_at(pos_, "expected ':' after an object's key, got " + got_text(pos_));
        ++pos_;
        ex = Expect::Value;
        break;
      }
      case Expect::ValueOrEnd:
        if (c == ']') {
          ex = close('[');
          break;
        }
        [[fallthrough]];
      case Expect::Value: ex = value(c); break;
      case Expect::CommaOrEnd: {
        const char top = stack_.back();
        if (c == ',') {
          ++pos_;
          ex = top == '{' ? Expect::Key : Expect::Value;
        } else if (c == (top == '{' ? '}' : ']')) {
          ex = close(top);
        } else {
          fail_at(pos_, std::string(top == '{' ? "expected ',' or '}' after an object member, got "
                                               : "expected ',' or ']' after an array element, got ") +
                            got_text(pos_));
        }
        break;
      }
      case Expect::Done: break;
    }
  }
}

JsonTokenizer::Expect JsonTokenizer::close(char opening) {
  ++pos_;
  stack_.pop_back();
  if (opening == '{') sink_.end_object();
  else sink_.end_array();
  return after_value();
}

JsonTokenizer::Expect JsonTokenizer::value(int c) {
  if (c == '{' || c == '[') {
    if (stack_.size() >= kMaxJsonNesting)
      fail_at(pos_, "nested deeper than " + std::to_string(kMaxJsonNesting) + " levels");
    ++pos_;
    stack_.push_back(static_cast<char>(c));
    if (c == '{') {
      sink_.start_object(0);
      return Expect::KeyOrEnd;
    }
    sink_.start_array(0);
    return Expect::ValueOrEnd;
  }
  Scalar s;
  if (c == '"') {
    s.kind = Scalar::Kind::String;
    s.text = lex_string();
  } else if (c == '-' || is_digit(static_cast<char>(c))) {
    lex_number(s);
  } else if (c == 't' || c == 'f' || c == 'n') {
    lex_literal(c);
    s.kind = c == 'n' ? Scalar::Kind::Null : Scalar::Kind::Bool;
    s.boolean = c == 't';
  } else {
    fail_at(pos_, "expected a value, got " + got_text(pos_));
  }
  sink_.scalar(s);
  return after_value();
}

std::string_view JsonTokenizer::lex_string() {
  for (;;) {
    std::size_t i = pos_ + 1;
    while (i < size_) {
      const auto c = static_cast<unsigned char>(data_[i]);
      if (c == '"') {
        const std::string_view s(data_ + pos_ + 1, i - pos_ - 1);
        pos_ = i + 1;
        return s;
      }
      if (c == '\\') break;
      if (c < 0x20) fail_at(i, "a control character in a string (" + got_text(i) + "); write it as \\u00XX");
      ++i;
    }
    for (std::size_t j = i; j < size_;) {  // with escapes: find the end, then decode
      const auto c = static_cast<unsigned char>(data_[j]);
      if (c == '"') {
        const std::string_view s = decode_string(pos_ + 1, j);
        pos_ = j + 1;
        return s;
      }
      if (c < 0x20) fail_at(j, "a control character in a string (" + got_text(j) + "); write it as \\u00XX");
      j += c == '\\' ? 2 : 1;
    }
    if (!more()) fail_at(size_, "unexpected end of input inside a string");
  }
}

std::string_view JsonTokenizer::decode_string(std::size_t start, std::size_t end) {
  scratch_.clear();
  const auto hex4 = [&](std::size_t k) -> std::uint32_t {
    std::uint32_t v = 0;
    for (std::size_t n = 0; n < 4; ++n) {
      const int d = k + n < end ? hex_value(data_[k + n]) : -1;
      if (d < 0) fail_at(k - 2, "invalid \\u escape: expected 4 hexadecimal digits");
      v = v * 16 + static_cast<std::uint32_t>(d);
    }
    return v;
  };
  for (std::size_t k = start; k < end; ++k) {
    if (data_[k] != '\\') {
      scratch_ += data_[k];
      continue;
    }
    const char e = data_[++k];
    switch (e) {
      case '"': case '\\': case '/': scratch_ += e; break;
      case 'b': scratch_ += '\b'; break;
      case 'f': scratch_ += '\f'; break;
      case 'n': scratch_ += '\n'; break;
      case 'r': scratch_ += '\r'; break;
      case 't': scratch_ += '\t'; break;
      case 'u': {
        std::uint32_t cp = hex4(k + 1);
        k += 4;
        if (cp >= 0xDC00 && cp <= 0xDFFF) fail_at(k - 5, "invalid \\u escape: a lone low surrogate");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          if (k + 2 >= end || data_[k + 1] != '\\' || data_[k + 2] != 'u')
            fail_at(k - 5, "invalid \\u escape: a high surrogate without its low one");
          const std::uint32_t lo = hex4(k + 3);
          if (lo < 0xDC00 || lo > 0xDFFF) fail_at(k + 1, "invalid \\u escape: expected a low surrogate");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          k += 6;
        }
        append_utf8(scratch_, cp);
        break;
      }
      default: fail_at(k - 1, "invalid escape \\" + std::string(1, e) + " in a string");
    }
  }
  return scratch_;
}

void JsonTokenizer::lex_number(Scalar& out) {
  std::size_t i = pos_;
  for (;;) {
    while (i < size_ && is_number_char(data_[i])) ++i;
    if (i < size_ || eof_) break;
    const std::size_t done = i - pos_;
    more();
    i = pos_ + done;
  }
  const std::string_view text(data_ + pos_, i - pos_);
  out.kind = Scalar::Kind::Number;
  if (!is_json_number(text, out.integer)) fail_at(pos_, "invalid number " + quoted_json(text));
  out.number = number_value(text, out.finite);
  out.text = text;
  pos_ = i;
}

void JsonTokenizer::lex_literal(int c) {
  const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
  while (size_ - pos_ < word.size() && more()) {
  }
  if (size_ - pos_ < word.size() || std::memcmp(data_ + pos_, word.data(), word.size()) != 0)
    fail_at(pos_, "expected a value, got " + got_text(pos_));
  pos_ += word.size();
}

}  // namespace astar::trace_import
