// Internal to core (trace import): the two document shapes, as ValueSinks fed by the JSON
// tokenizer or the YAML reader.
//
//   PosthocReader: {"version", "events": [EVENT, ...], anything else skipped}, or one EVENT
//                  alone (a JSON Lines line). An EVENT's type, id, pId, g, f, h, x, y are read
//                  and checked as they arrive; its other keys are written back as compact JSON
//                  (ImportedTrace::extras).
//   AstarReader:   our own trace JSON (trace.hpp to_json): [{"kind", "cell", ...}, ...].
//
//   TraceBuilder b(...); PosthocReader r(b, false); tokenizer(r).parse_text(text); r.finish();
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "trace/import/trace_import_builder.hpp"
#include "trace/import/trace_import_sink.hpp"

namespace astar::trace_import {

class PosthocReader final : public ValueSink {
 public:
  // single_event: the whole input is one event (a JSON Lines line).
  PosthocReader(TraceBuilder& builder, bool single_event);
  void start_object(std::uint32_t line) override;
  void key(std::string_view name) override;
  void end_object() override;
  void start_array(std::uint32_t line) override;
  void end_array() override;
  void scalar(const Scalar& value) override;
  // After the input ends: checks that there was a document ("events: missing").
  void finish() const;
  // Ready for the next JSON Lines line.
  void reset() { state_ = State::Root; }

  enum class Field : std::uint8_t { Type, Id, PId, G, F, H, X, Y, Extra };

 private:
  enum class State : std::uint8_t { Root, TopKey, TopValue, Events, EventKey, EventValue, Done };

  bool passes(char opening);  // skipped or captured: true when the value is not for us
  void capture_separator();
  void begin_event(std::uint32_t line);
  void end_event();
  void assign(const Scalar& v);
  void read_id(const Scalar& v, IdValue& out);
  void read_coordinate(const Scalar& v);
  [[noreturn]] void fail_nested(const char* what) const;
  [[noreturn]] void fail_root(const std::string& got) const;
  [[noreturn]] void fail_events(const std::string& got) const;
  const char* field_name() const;

  TraceBuilder& b_;
  bool single_event_;
  State state_ = State::Root;
  int skip_depth_ = 0;       // > 0: inside a value that is skipped (render, path, ...)
  std::string capture_;      // open containers of an extra value: 'o'/'a', upper case once
                             // they hold something
  Field field_ = Field::Extra;
  std::string top_key_;
  std::uint32_t seen_fields_ = 0;  // bit per Field: duplicates are refused
  bool saw_events_ = false, saw_version_ = false;
  EventFields ev_;
};

class AstarReader final : public ValueSink {
 public:
  explicit AstarReader(TraceBuilder& builder, const TraceReadOptions& options);
  void start_object(std::uint32_t line) override;
  void key(std::string_view name) override;
  void end_object() override;
  void start_array(std::uint32_t line) override;
  void end_array() override;
  void scalar(const Scalar& value) override;
  // After the input ends: the source, the destination (the level's goal) and the `end` event.
  void finish();

 private:
  enum class State : std::uint8_t { Root, Events, Key, Value, CellArray, Done };
  enum class Key : std::uint8_t { Kind, Cell, Parent, G, H, F, OldG, Goal, Other };
  struct Fields {
    int kind = -1;  // 0 take, 1 relax, 2 skip
    bool has_cell = false, old_g_null = true, goal = false;
    Cell cell;
    std::optional<Cell> parent;
    double g = ImportedEvent::kNone, h = ImportedEvent::kNone, f = ImportedEvent::kNone;
  };

  [[noreturn]] void fail(const std::string& field, const std::string& reason) const;
  std::string at() const;  // "[12]"
  void read_number(const Scalar& v, double* out);
  void end_event();

  TraceBuilder& b_;
  const Level* level_;
  State state_ = State::Root;
  Key key_ = Key::Other;
  int skip_depth_ = 0;
  std::size_t index_ = 0;
  Fields ev_;
  int coords_[2] = {0, 0};
  int coord_count_ = 0;
  std::optional<Cell> first_take_;
  Fields last_take_;
};

}  // namespace astar::trace_import
