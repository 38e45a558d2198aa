// Search traces from other programs (imported_trace.hpp): the entry points, how the format is
// told from the text, files read in pieces, and JSON Lines line by line. The reading itself:
//   trace_import_json      the streaming JSON tokenizer      trace_import_yaml   libyaml events
//   trace_import_posthoc   Posthoc documents and events      trace_import_astar  our trace JSON
//   trace_import_builder   ids, cells and checks into the ImportedTrace
#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>
#include <span>

#include "astar/enum_names.hpp"
#include "astar/imported_trace.hpp"
#include "trace/import/trace_import_documents.hpp"
#include "trace/import/trace_import_json.hpp"
#include "trace/import/trace_import_yaml.hpp"

namespace astar {

namespace {

using trace_import::TraceFail;

constexpr const char* kTypeNames[] = {"source",   "destination", "generating", "updating",
                                      "expanding", "closing",     "end",        "other"};
static_assert(std::size(kTypeNames) == static_cast<std::size_t>(TraceEventType::_Max));

constexpr std::size_t kFirstPiece = std::size_t{1} << 20;
constexpr const char* kExpected =
    "expected a search trace: Posthoc JSON or YAML, JSON Lines, or astar trace JSON";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Collects the keys of a single-line object's top level: a Posthoc document has "events".
class KeyProbe final : public trace_import::ValueSink {
 public:
  void start_object(std::uint32_t) override { ++depth_; }
  void key(std::string_view name) override {
    if (depth_ == 1 && (name == "events" || name == "version" || name == "render" || name == "path"))
      document = true;
  }
  void end_object() override { --depth_; }
  void start_array(std::uint32_t) override { ++depth_; }
  void end_array() override { --depth_; }
  void scalar(const trace_import::Scalar&) override {}
  bool document = false;

 private:
  int depth_ = 0;
};

// The format, from the text's first bytes: '[' ours, '{' Posthoc JSON or (the first line one
// object that is not a document) JSON Lines, else YAML. `complete`: the prefix is all there is.
TraceFormat detect(std::string_view prefix, bool complete, const std::string& source) {
  if (prefix.size() >= 2 && ((prefix[0] == '\xFF' && prefix[1] == '\xFE') ||
                             (prefix[0] == '\xFE' && prefix[1] == '\xFF')))
    throw TraceFail{source + ": the file is UTF-16 (it starts with a byte order mark); save it as UTF-8"};
  const std::size_t nul = prefix.substr(0, 4096).find('\0');
  if (nul != std::string_view::npos)
    throw TraceFail{source + ": not a text file (a NUL byte at offset " + std::to_string(nul) +
                    "); " + kExpected};
  std::size_t i = 0;
  while (i < prefix.size() && is_space(prefix[i])) ++i;
  if (i == prefix.size())
    throw TraceFail{source + (complete ? ": empty; " : ": only spaces in its first MiB; ") + kExpected};
  if (prefix[i] == '[') return TraceFormat::AstarJson;
  if (prefix[i] != '{') return TraceFormat::PosthocYaml;
  const std::size_t nl = prefix.find('\n', i);
  if (nl == std::string_view::npos && !complete) return TraceFormat::PosthocJson;  // a long line
  std::string_view line = prefix.substr(i, nl == std::string_view::npos ? std::string_view::npos : nl - i);
  while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
  if (line.back() != '}') return TraceFormat::PosthocJson;
  KeyProbe probe;
  try {
    trace_import::JsonTokenizer(probe, source).parse_text(line);
  } catch (const TraceFail&) {
    return TraceFormat::JsonLines;  // its own reading will say what is wrong with the line
  }
  return probe.document ? TraceFormat::PosthocJson : TraceFormat::JsonLines;
}

template <class Fn>
Result<ImportedTrace> guarded(const std::string& source, Fn&& fn) {
  try {
    return fn();
  } catch (const TraceFail& f) {
    return Error{f.message};
  } catch (const std::bad_alloc&) {
    return Error{source + ": cannot read: out of memory"};
  } catch (const std::exception& e) {
    return Error{source + ": cannot read: " + e.what()};
  }
}

std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

}  // namespace

namespace trace_import {

// JSON Lines: complete lines are read as they arrive; the rest waits in `pending`.
class LineFeeder {
 public:
  LineFeeder(std::string source, const TraceReadOptions& options)
      : builder(source, TraceFormat::JsonLines, options), reader_(builder, true),
        tokenizer_(reader_, std::move(source)) {}

  void feed(std::string_view bytes) {
    if (!pending.empty()) {
      const std::size_t nl = bytes.find('\n');
      if (nl == std::string_view::npos) {
        pending.append(bytes);
        return;
      }
      pending.append(bytes.substr(0, nl));
      bytes.remove_prefix(nl + 1);
      const std::string whole = std::move(pending);
      pending.clear();
      line(whole);
    }
    for (std::size_t nl; (nl = bytes.find('\n')) != std::string_view::npos; bytes.remove_prefix(nl + 1))
      line(bytes.substr(0, nl));
    pending.assign(bytes);
  }
  void flush() {  // the last line, when its newline never came
    const std::string last = std::move(pending);
    pending.clear();
    if (!last.empty()) line(last);
  }

  TraceBuilder builder;
  std::string pending;

 private:
  void line(std::string_view text) {
    ++line_;
    std::size_t i = 0;
    while (i < text.size() && is_space(text[i])) ++i;
    if (i == text.size()) return;  // blank lines are fine
    builder.set_line_number(line_);
    reader_.reset();
    tokenizer_.parse_text(text, line_);
  }

  PosthocReader reader_;
  JsonTokenizer tokenizer_;
  std::size_t line_ = 0;
};

}  // namespace trace_import

std::string_view to_string(TraceEventType t) {
  switch (t) {
    case TraceEventType::Source:
    case TraceEventType::Destination:
    case TraceEventType::Generating:
    case TraceEventType::Updating:
    case TraceEventType::Expanding:
    case TraceEventType::Closing:
    case TraceEventType::End:
    case TraceEventType::Other: return kTypeNames[static_cast<int>(t)];
    case TraceEventType::_Max: break;
  }
  return "other";
}

std::optional<TraceEventType> parse_trace_event_type(std::string_view name) {
  // "other" is what an unknown type becomes, not a name a trace gives.
  return parse_enum_name<TraceEventType>(
      std::span(kTypeNames).first(static_cast<std::size_t>(TraceEventType::Other)), name);
}

std::string_view to_string(TraceFormat f) {
  switch (f) {
    case TraceFormat::PosthocJson: return "Posthoc JSON";
    case TraceFormat::PosthocYaml: return "Posthoc YAML";
    case TraceFormat::JsonLines: return "JSON Lines";
    case TraceFormat::AstarJson: return "astar trace JSON";
    case TraceFormat::_Max: break;
  }
  return "unknown";
}

double event_h(const ImportedEvent& e) {
  if (!std::isnan(e.h)) return e.h;
  if (!std::isnan(e.g) && !std::isnan(e.f)) return e.f - e.g;
  return ImportedEvent::kNone;
}

std::uint32_t ImportedTrace::end_node() const {
  for (auto it = events.rbegin(); it != events.rend(); ++it)
    if (it->type == TraceEventType::End) return it->node;
  return kNoNode;
}

namespace {

// Reads a whole input of a known format: `first` is its start, `refill` the rest (or null).
ImportedTrace read_as(TraceFormat format, const std::string& source, std::string_view first,
                      const trace_import::JsonTokenizer::Refill& refill,
                      const TraceReadOptions& options) {
  using namespace trace_import;
  if (format == TraceFormat::JsonLines) {
    LineFeeder lines(source, options);
    lines.feed(first);
    if (refill) {
      std::string piece(kFirstPiece, '\0');
      for (std::size_t n; (n = refill(piece.data(), piece.size())) > 0;)
        lines.feed(std::string_view(piece.data(), n));
    }
    lines.flush();
    return lines.builder.finish();
  }
  TraceBuilder builder(source, format, options);
  if (format == TraceFormat::AstarJson) {
    AstarReader reader(builder, options);
    JsonTokenizer tokenizer(reader, source);
    if (refill) tokenizer.parse_stream(first, refill);
    else tokenizer.parse_text(first);
    return builder.finish();
  }
  PosthocReader reader(builder, false);
  if (format == TraceFormat::PosthocYaml) {
    parse_yaml(reader, source, first, refill);
  } else {
    JsonTokenizer tokenizer(reader, source);
    if (refill) tokenizer.parse_stream(first, refill);
    else tokenizer.parse_text(first);
  }
  reader.finish();
  return builder.finish();
}

}  // namespace

Result<ImportedTrace> read_trace(std::string_view text, std::string_view source,
                                 const TraceReadOptions& options) {
  const std::string name(source);
  return guarded(name, [&] {
    text = without_bom(text);
    return read_as(detect(text, true, name), name, text, nullptr, options);
  });
}

Result<ImportedTrace> read_trace_file(const std::string& path, const TraceReadOptions& options) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return Error{path + ": cannot open: " + std::strerror(errno)};
  struct Closer {
    std::FILE* f;
    ~Closer() { std::fclose(f); }
  } closer{f};
  struct stat st {};
  if (::fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode))
    return Error{path + ": cannot open: " + std::strerror(EISDIR)};
  const trace_import::JsonTokenizer::Refill refill = [&](char* to, std::size_t n) {
    const std::size_t got = std::fread(to, 1, n, f);
    if (got == 0 && std::ferror(f)) throw TraceFail{path + ": cannot read: " + std::strerror(errno)};
    return got;
  };
  return guarded(path, [&] {
    std::string first(kFirstPiece, '\0');
    std::size_t n = 0;
    for (std::size_t got; n < first.size() && (got = refill(first.data() + n, first.size() - n)) > 0;)
      n += got;
    first.resize(n);
    const bool complete = n < kFirstPiece;
    const std::string_view start = without_bom(first);
    return read_as(detect(start, complete, path), path, start, refill, options);
  });
}

struct TraceLineReader::State : trace_import::LineFeeder {
  using LineFeeder::LineFeeder;
  std::string error;  // after a bad line: its message, returned again by every feed
};

TraceLineReader::TraceLineReader(std::string source, TraceReadOptions options)
    : state_(std::make_unique<State>(std::move(source), options)) {}

TraceLineReader::~TraceLineReader() = default;

Status TraceLineReader::feed(std::string_view bytes) {
  State& s = *state_;
  if (!s.error.empty()) return Error{s.error};
  try {
    s.feed(bytes);
    s.builder.refresh_warnings();
    return Ok{};
  } catch (const TraceFail& f) {
    s.error = f.message;
  } catch (const std::bad_alloc&) {
    s.error = s.builder.trace().source + ": cannot read: out of memory";
  }
  s.pending.clear();
  s.builder.refresh_warnings();
  return Error{s.error};
}

const ImportedTrace& TraceLineReader::trace() const { return state_->builder.trace(); }

std::size_t TraceLineReader::pending_bytes() const { return state_->pending.size(); }

}  // namespace astar
