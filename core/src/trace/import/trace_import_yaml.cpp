#include "trace/import/trace_import_yaml.hpp"

#include <yaml.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace astar::trace_import {

namespace {

constexpr std::size_t kMaxYamlNesting = 256;

struct Input {
  std::string_view first;
  const JsonTokenizer::Refill* refill;
};

int read_input(void* data, unsigned char* buffer, std::size_t size, std::size_t* size_read) {
  auto* in = static_cast<Input*>(data);
  if (!in->first.empty()) {
    const std::size_t n = std::min(size, in->first.size());
    std::memcpy(buffer, in->first.data(), n);
    in->first.remove_prefix(n);
    *size_read = n;
    return 1;
  }
  *size_read = in->refill != nullptr && *in->refill ? (*in->refill)(reinterpret_cast<char*>(buffer), size) : 0;
  return 1;
}

Scalar resolve(const yaml_event_t& ev) {
  Scalar s;
  const auto& sc = ev.data.scalar;
  s.text = std::string_view(reinterpret_cast<const char*>(sc.value), sc.length);
  s.line = static_cast<std::uint32_t>(ev.start_mark.line + 1);
  s.kind = Scalar::Kind::String;
  const bool str_tag = sc.tag != nullptr && std::strcmp(reinterpret_cast<const char*>(sc.tag), YAML_STR_TAG) == 0;
  if (sc.style != YAML_PLAIN_SCALAR_STYLE || str_tag) return s;
  const std::string_view t = s.text;
  if (t.empty() || t == "~" || t == "null" || t == "Null" || t == "NULL") {
    s.kind = Scalar::Kind::Null;
  } else if (t == "true" || t == "True" || t == "TRUE" || t == "false" || t == "False" || t == "FALSE") {
    s.kind = Scalar::Kind::Bool;
    s.boolean = t[0] == 't' || t[0] == 'T';
  } else if (t == ".inf" || t == "+.inf" || t == "-.inf" || t == ".nan" || t == ".Inf" || t == ".NaN") {
    s.kind = Scalar::Kind::Number;
    s.finite = false;
    s.number = t == ".nan" || t == ".NaN" ? std::numeric_limits<double>::quiet_NaN()
                                          : (t[0] == '-' ? -1 : 1) * std::numeric_limits<double>::infinity();
  } else if (is_json_number(t, s.integer)) {
    s.kind = Scalar::Kind::Number;
    s.number = number_value(t, s.finite);
  }
  return s;
}

struct Frame {
  bool mapping;
  bool expect_key;
};

// One event to the sink. False at the end of the stream.
bool forward(const yaml_event_t& ev, ValueSink& sink, std::vector<Frame>& stack, int& documents,
             const std::string& source) {
  const auto line = static_cast<std::uint32_t>(ev.start_mark.line + 1);
  const auto fail = [&](const std::string& reason) -> bool {
    throw TraceFail{source + ": line " + std::to_string(line) + ", column " +
                    std::to_string(ev.start_mark.column + 1) + ": invalid YAML: " + reason};
  };
  const bool at_key = !stack.empty() && stack.back().mapping && stack.back().expect_key;
  const bool value_event = ev.type == YAML_SCALAR_EVENT || ev.type == YAML_SEQUENCE_START_EVENT ||
                           ev.type == YAML_MAPPING_START_EVENT || ev.type == YAML_ALIAS_EVENT;
  if (value_event && !stack.empty() && stack.back().mapping) stack.back().expect_key = !at_key;
  switch (ev.type) {
    case YAML_NO_EVENT:
    case YAML_STREAM_START_EVENT:
    case YAML_DOCUMENT_END_EVENT: return true;
    case YAML_STREAM_END_EVENT: return false;
    case YAML_DOCUMENT_START_EVENT:
      if (++documents > 1) fail("a second document (a trace is one document)");
      return true;
    case YAML_ALIAS_EVENT: return fail("an alias (*name); a trace cannot use them");
    case YAML_SCALAR_EVENT: {
      const Scalar s = resolve(ev);
      if (at_key) sink.key(s.text);
      else sink.scalar(s);
      return true;
    }
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
      if (at_key) fail("a key that is not a plain value");
      if (stack.size() >= kMaxYamlNesting)
        fail("nested deeper than " + std::to_string(kMaxYamlNesting) + " levels");
      const bool mapping = ev.type == YAML_MAPPING_START_EVENT;
      stack.push_back({mapping, true});
      if (mapping) sink.start_object(line);
      else sink.start_array(line);
      return true;
    }
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
      stack.pop_back();
      if (ev.type == YAML_MAPPING_END_EVENT) sink.end_object();
      else sink.end_array();
      return true;
  }
  return true;
}

}  // namespace

void parse_yaml(ValueSink& sink, const std::string& source, std::string_view first_bytes,
                const JsonTokenizer::Refill& refill) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) throw TraceFail{source + ": cannot start the YAML reader"};
  struct ParserGuard {
    yaml_parser_t* p;
    ~ParserGuard() { yaml_parser_delete(p); }
  } parser_guard{&parser};
  Input input{first_bytes, &refill};
  yaml_parser_set_input(&parser, read_input, &input);
  std::vector<Frame> stack;
  int documents = 0;
  for (;;) {
    yaml_event_t ev;
    if (!yaml_parser_parse(&parser, &ev)) {
      const yaml_mark_t m = parser.problem_mark;
      std::string reason = parser.problem != nullptr ? parser.problem : "unreadable";
      if (parser.context != nullptr) reason = std::string(parser.context) + ": " + reason;
      throw TraceFail{source + ": line " + std::to_string(m.line + 1) + ", column " +
                      std::to_string(m.column + 1) + ": invalid YAML: " + reason};
    }
    struct EventGuard {
      yaml_event_t* e;
      ~EventGuard() { yaml_event_delete(e); }
    } event_guard{&ev};
    if (!forward(ev, sink, stack, documents, source)) return;
  }
}

}  // namespace astar::trace_import
