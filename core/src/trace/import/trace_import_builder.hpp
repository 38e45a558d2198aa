// Internal to core (trace import): builds an ImportedTrace from events already split into
// fields, checking what needs the events before (ids interned in first-seen order, a pId must be
// an earlier id, a node's cell never changes, cells inside the level, the event limit).
//
//   TraceBuilder b("run.json", TraceFormat::PosthocJson, options);
//   EventFields e; ... fill e ...; b.add(e);    // throws TraceFail with the whole message
//   ImportedTrace t = b.finish();              // warnings, source node, sizes
//
// Each add() checks everything before it changes anything, so after a TraceFail the trace holds
// exactly the events before the bad one (TraceLineReader relies on that).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "astar/imported_trace.hpp"
#include "trace/import/trace_import_sink.hpp"

namespace astar::trace_import {

inline constexpr std::size_t kMaxIdChars = 256;     // a longer string id is refused
inline constexpr std::size_t kMaxTypeNames = 1000;  // distinct unknown event types

// An id or pId as written: absent, null, a whole number or a string (kept as text).
struct IdValue {
  enum class Kind : std::uint8_t { Absent, Null, Number, Text };
  Kind kind = Kind::Absent;
  std::int64_t number = 0;
  std::string text;
  std::uint32_t line = 0;
};

// One Posthoc event's fields, as the document readers collect them (reused event to event).
struct EventFields {
  bool has_type = false;
  std::string type;
  IdValue id, pid;
  double g = ImportedEvent::kNone, h = ImportedEvent::kNone, f = ImportedEvent::kNone;
  bool has_x = false, has_y = false;
  int x = 0, y = 0;
  std::uint32_t type_line = 0, x_line = 0, y_line = 0, line = 0;  // YAML lines (0: unknown)
  std::string extras;  // "{...}" of the keys not read, or empty
  void clear();
};

// Map from a 64-bit key (a number id, a cell) to a node: a dense table for small keys while
// it stays at most 4 entries per node (4 bytes each), open addressing for the rest (16 bytes a
// slot, kept at most half full).
class NodeMap {
 public:
  std::uint32_t find(std::int64_t key) const;  // kNoNode when absent
  void insert(std::int64_t key, std::uint32_t node);  // a key not in the map

 private:
  static constexpr std::uint64_t kMaxDense = std::uint64_t{1} << 26;
  struct Slot {
    std::int64_t key;
    std::uint32_t node;  // kNoNode: empty
  };
  std::vector<std::uint32_t> dense_;
  std::vector<Slot> slots_;
  std::size_t size_ = 0;   // in slots_
  std::uint64_t count_ = 0;  // in all
  std::uint32_t find_hashed(std::int64_t key) const;
  void insert_hashed(std::int64_t key, std::uint32_t node);
  void grow_dense(std::uint64_t size);
  void grow();
};

class TraceBuilder {
 public:
  TraceBuilder(std::string source, TraceFormat format, const TraceReadOptions& options);

  // JSON Lines: the line of the event being read, for messages ("line 7 (events[6]).x").
  void set_line_number(std::size_t line) { line_number_ = line; }
  std::size_t next_index() const { return trace_.events.size(); }
  const ImportedTrace& trace() const { return trace_; }
  ImportedTrace& mutable_trace() { return trace_; }

  // "run.json: events[3].x", "run.jsonl: line 4 (events[3]).x", "run.yaml: events[3].x (line
  // 14)"; field may be empty ("events[3]").
  std::string where(std::string_view field, std::uint32_t yaml_line = 0) const;
  [[noreturn]] void fail(std::string_view field, std::string_view reason,
                         std::uint32_t yaml_line = 0) const;
  void set_version(std::string v) { trace_.version = std::move(v); }

  void add(const EventFields& e);
  // Our own trace JSON: nodes are cells. `at` names the event in messages ("[12]").
  void add_cell_event(TraceEventType type, Cell cell, std::optional<Cell> parent, double g,
                      double h, double f, std::string_view at);
  std::uint32_t intern_cell(Cell c);  // the cell's node, made when new

  // Warnings (unknown types with their counts) as of now; finish() calls it.
  void refresh_warnings();
  ImportedTrace finish();

 private:
  struct UnknownType {
    std::size_t count = 0;
    std::string first_at;  // where(...) of its first event
  };

  std::uint32_t find_id(const IdValue& id) const;
  std::uint32_t resolve_parent(const EventFields& e) const;
  TraceEventType resolve_type(const EventFields& e, std::uint16_t& other) const;
  void check_cell(const EventFields& e, std::uint32_t node) const;
  void check_in_level(std::string_view field, int value, bool is_x, std::uint32_t line) const;
  std::uint32_t add_node(const IdValue& id, Cell c);
  template <class At>
  void check_limit(const At& at) const;

  TraceReadOptions options_;
  std::string source_;
  ImportedTrace trace_;
  std::size_t line_number_ = 0;
  NodeMap number_ids_;
  std::unordered_map<std::string, std::uint32_t> text_ids_;
  std::unordered_map<std::string, std::uint16_t> type_index_;
  std::vector<UnknownType> unknown_;
  bool saw_source_ = false;
};

}  // namespace astar::trace_import
