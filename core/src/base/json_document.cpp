// A level file's text as a JSON document: see json_document.hpp.
#include "base/json_document.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace astar::level_file {

namespace {

struct PathTracker {
  struct Frame {
    bool array = false;
    std::size_t count = 0;  // arrays: values seen so far
    std::string key;        // objects: the current key
    std::set<std::string> keys;
  };
  std::vector<Frame> stack;

  // The field name of the value at depth `depth` frames (the whole stack by default).
  std::string path(std::size_t depth) const {
    std::string p;
    for (std::size_t i = 0; i < depth; ++i) {
      const Frame& f = stack[i];
      if (f.array)
        p = element(p, f.count == 0 ? 0 : f.count - 1);
      else
        p = member(p, f.key);
    }
    return p;
  }

  // The field name of the value the parser is about to read.
  std::string pending() const {
    if (stack.empty()) return "top level";
    std::string p = path(stack.size() - 1);
    const Frame& f = stack.back();
    return f.array ? element(p, f.count) : member(p, f.key);
  }

  void value_starts() {
    if (!stack.empty() && stack.back().array) ++stack.back().count;
  }

  bool operator()(int depth, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        if (depth >= kMaxNesting) fail(pending(), "nested too deeply");
        value_starts();
        stack.push_back({event == json::parse_event_t::array_start, 0, {}, {}});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!stack.empty()) stack.pop_back();
        break;
      case json::parse_event_t::key: {
        if (stack.empty()) break;
        Frame& f = stack.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second) fail(path(stack.size()), "duplicate key");
        break;
      }
      case json::parse_event_t::value:
        value_starts();
        break;
    }
    return true;
  }
};

// "line L, column C" of the character at byte offset `index` (0-based; may be text.size()).
std::string position_text(std::string_view text, std::size_t index) {
  index = std::min(index, text.size());
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < index; ++i)
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  return "line " + std::to_string(line) + ", column " + std::to_string(index - line_start + 1);
}

// The length of the well-formed UTF-8 sequence starting at s[i], or 0 when there is none.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = b(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  return n;
}

// Text for a message: bytes that are not UTF-8 (quoted from a bad file) shown as <0xFF>.
std::string valid_utf8(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (const std::size_t n = utf8_length(s, i)) {
      out.append(s.substr(i, n));
      i += n;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "<0x%02X>", static_cast<unsigned>(static_cast<unsigned char>(s[i++])));
      out += buf;
    }
  }
  return out;
}

}  // namespace

json parse_document(std::string_view text, std::string_view kind) {
  // UTF-16 would only fail on its first character, with a message quoting a stray byte.
  if (text.size() >= 2) {
    const auto b0 = static_cast<unsigned char>(text[0]), b1 = static_cast<unsigned char>(text[1]);
    if ((b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF)) {
      char bom[8];
      std::snprintf(bom, sizeof bom, "%02X %02X", b0, b1);
      fail(position_text(text, 0), std::string("invalid JSON: the file is UTF-16 (it starts with the "
                                               "byte order mark ") + bom + "); save it as UTF-8");
    }
  }
  PathTracker tracker;
  try {
    return json::parse(text.begin(), text.end(), std::ref(tracker));
  } catch (const json::parse_error& e) {
    // e.byte counts the characters read, the offending one included.
    const std::size_t index = e.byte == 0 ? 0 : e.byte - 1;
    // The parser reads a NUL byte as the end of the input: say what it is.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos && nul <= index)
      fail(position_text(text, nul), "invalid JSON: a NUL byte; " + std::string(kind) +
                                         " are UTF-8 text (is this one UTF-16, or not text at all?)");
    std::string reason = e.what();
    const auto at = reason.find("parse error");
    const auto colon = reason.find(": ", at == std::string::npos ? 0 : at);
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    fail(position_text(text, index), "invalid JSON: " + shorten(valid_utf8(reason), 200));
  } catch (const json::out_of_range& e) {
    if (e.id != 406) throw;  // "number overflow parsing '1e999'"
    std::string token = e.what();
    const auto open = token.find('\'');
    const auto close = token.rfind('\'');
    token = open != std::string::npos && close > open ? token.substr(open + 1, close - open - 1)
                                                      : std::string("a number out of range");
    fail(tracker.pending(), "must be a finite number, got " + shorten(token, kMaxQuoted));
  }
}

}  // namespace astar::level_file
