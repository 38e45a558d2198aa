// Internal to core (trace import): YAML through libyaml's event parser (Debian's libyaml-dev),
// handed to a ValueSink value by value like the JSON tokenizer's: libyaml never builds a node
// tree, so a YAML trace of millions of events takes the memory of its events only.
//
//   parse_yaml(sink, "run.yaml", text, nullptr);             // all in memory
//   parse_yaml(sink, "run.yaml", first_bytes, refill);       // the rest from refill
//
// Plain scalars are null (~, null, empty), true/false, a number when they read as a JSON number
// (or .inf, .nan), else strings; quoted scalars are strings. Aliases are refused, and so is a
// second document. Errors: "run.yaml: line 14, column 3: invalid YAML: REASON".
#pragma once

#include <string>
#include <string_view>

#include "trace/import/trace_import_json.hpp"
#include "trace/import/trace_import_sink.hpp"

namespace astar::trace_import {

void parse_yaml(ValueSink& sink, const std::string& source, std::string_view first_bytes,
                const JsonTokenizer::Refill& refill);

}  // namespace astar::trace_import
