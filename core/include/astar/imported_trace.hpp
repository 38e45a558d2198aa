// Search traces written by other programs (and by ours), read into one model that the replay
// (trace_replay.hpp), the checker (trace_check.hpp), the CLI and the studio share:
//
//   Result<ImportedTrace> t = read_trace_file("run.json", &level);   // JSON, YAML or JSON Lines
//   if (!t) { show(t.error()); return; }    // "run.json: events[1812].x: expected a number, got "7""
//   for (const std::string& w : t.value().warnings) show(w);         // unknown event types, ...
//   for (const ImportedEvent& e : t.value().events) ... t.value().cell(e.node) ...
//
// Formats (detected from the text, not the file name):
//   - Posthoc search traces (ShortestPathLab's viewer; ../shared/formats/posthoc-search-trace.md):
//     {"version", "render"?, "path"?, "events": [{"type", "id", "pId", "g", "f", "h", "x", "y"}]}
//     as JSON or as the same tree in YAML;
//   - JSON Lines: one Posthoc event object per line, no wrapper (what a program streams);
//   - our own trace JSON (`astar trace --format json`, trace.hpp): take -> expanding,
//     relax -> generating (first seen) or updating, skip -> left out.
// Input is streamed: no document tree of the whole file is built, so memory is the events
// themselves (sizeof(ImportedEvent) each) plus one entry per node.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

// Posthoc's event types; Other is any type a program added (kept, warned about once).
enum class TraceEventType : std::uint8_t {
  Source,       // the start node
  Destination,  // the goal node
  Generating,   // put into the open list (or improved, with a new pId and g)
  Updating,     // an open node's g or parent improved
  Expanding,    // taken from the open list
  Closing,      // marked closed (usually right after expanding)
  End,          // the search's last event: its node is the goal when a path was found
  Other,
  _Max
};
std::string_view to_string(TraceEventType t);  // "source", ..., "end"; "other" for Other
std::optional<TraceEventType> parse_trace_event_type(std::string_view name);  // none for Other

enum class TraceFormat : std::uint8_t { PosthocJson, PosthocYaml, JsonLines, AstarJson, _Max };
std::string_view to_string(TraceFormat f);  // "Posthoc JSON", "Posthoc YAML", ...

inline constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::uint32_t kNoExtra = std::numeric_limits<std::uint32_t>::max();

// One event. Nodes are numbered 0, 1, ... in the order their ids first appear.
struct ImportedEvent {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  double g = kNone;  // as written (NaN when absent), in the trace's own cost unit
  double h = kNone;
  double f = kNone;
  std::uint32_t node = kNoNode;    // the event's id; kNoNode for an `end` without an id
  std::uint32_t parent = kNoNode;  // pId's node; kNoNode when null or absent
  std::uint32_t extra = kNoExtra;  // index into ImportedTrace::extras: the keys we do not read
  std::uint16_t other_type = 0;    // Other: index into ImportedTrace::type_names
  TraceEventType type = TraceEventType::Other;
};

struct ImportedTrace {
  std::string source;  // the file name, as the messages name it
  TraceFormat format = TraceFormat::PosthocJson;
  std::string version;  // Posthoc's "version", when given

  std::vector<ImportedEvent> events;
  // Per node: its cell and its id as written (a number's text, or the string).
  std::vector<Cell> node_cells;
  std::vector<std::string> node_ids;
  std::vector<std::string> type_names;  // Other types, as written
  std::vector<std::string> extras;      // one compact JSON object of unread keys per entry

  // Things worth saying that do not stop the reading ("run.json: events[4].type: unknown
  // type \"probe\" (3 events), kept as other"): one line per kind, with a count.
  std::vector<std::string> warnings;

  // The cells' bounds: 1 + the largest x and y (what a blank level for the trace needs).
  int width = 0, height = 0;
  std::uint32_t source_node = kNoNode;       // from the `source` event, else the first node
  std::uint32_t destination_node = kNoNode;  // from `destination`, when given
  // A copy of a trace still being written (TraceFollower::snapshot): more events may come, so
  // its replay is in progress after its last event and its final path is not checked yet.
  bool growing = false;

  Cell cell(std::uint32_t node) const { return node_cells[node]; }
  // The cell of `node` when it is one of the trace's nodes (not kNoNode): for source_node,
  // destination_node and end_node(), which a trace may lack.
  std::optional<Cell> cell_of(std::uint32_t node) const {
    if (node >= node_cells.size()) return std::nullopt;
    return node_cells[node];
  }
  std::size_t node_count() const { return node_cells.size(); }
  // The last `end` event's node, when it has one.
  std::uint32_t end_node() const;
};

// h as the event gives it, else f - g when both are given, else NaN.
double event_h(const ImportedEvent& e);

struct TraceReadOptions {
  // When given, every cell must lie inside this level ("events[3].x: 40 is outside the level
  // (0, 0)-(31, 19)"); our own trace JSON takes its source and destination from it.
  const Level* level = nullptr;
  // Events at most (0: no limit beyond memory): a larger trace is refused with a message.
  std::size_t max_events = 0;
};

// Reads a trace from text. `source` names it in messages: "source: events[i].field: reason"
// (JSON Lines: "source: line N (events[i]).field: reason"; YAML: with the line as well).
// Refused: malformed JSON/YAML, an event with a missing or mistyped field, a cell outside the
// level, a pId never seen before in an earlier event, a node whose cell changes.
Result<ImportedTrace> read_trace(std::string_view text, std::string_view source,
                                 const TraceReadOptions& options = {});
// Reads the file at `path` in pieces (never the whole file in memory at once), messages
// naming the path; a missing or unreadable file is an error naming it.
Result<ImportedTrace> read_trace_file(const std::string& path,
                                      const TraceReadOptions& options = {});

// For a trace still being written (the studio's --follow): JSON Lines fed as bytes arrive.
// A line is read once its newline has arrived; a half-written last line waits for the rest.
class TraceLineReader {
 public:
  explicit TraceLineReader(std::string source, TraceReadOptions options = {});
  ~TraceLineReader();
  TraceLineReader(const TraceLineReader&) = delete;
  TraceLineReader& operator=(const TraceLineReader&) = delete;
  // Reads the complete lines in `bytes` (appended to what came before). On a bad line it
  // returns the message and keeps the events read before it.
  Status feed(std::string_view bytes);
  const ImportedTrace& trace() const;
  std::size_t pending_bytes() const;  // an incomplete last line, waiting for its newline

 private:
  struct State;  // the trace so far, the id table, the pending line (trace_import.cpp)
  std::unique_ptr<State> state_;
};

}  // namespace astar
