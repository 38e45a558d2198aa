// Two to four searches (algorithms or settings) on one level, stepped together: step k of the
// comparison is iteration k of every search that has not finished by then.
//
//   auto made = Comparison::make(level, {{.options = {.algorithm = Algorithm::AStar}},
//                                        {.options = {.algorithm = Algorithm::Dijkstra}}});
//   Comparison& c = made.value();
//   while (!c.finished()) c.step_all();   // or run_all(), seek_all(k), restart()
//   c.measure_times();                    // wall time of each, run apart from the stepping
//   for (const CompareRow& r : c.rows()) ...;
//
// A search that cannot start (JPS on a level with costs, say) stays in the comparison as an
// Invalid entry whose row carries the reason; it never stops the others.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"
#include "astar/search.hpp"

namespace astar {

struct ImportedTrace;

// One contestant: a search of ours, or another program's trace replayed (trace_replay.hpp).
struct CompareEntry {
  std::string label = {};  // for people; empty: compare_label(options), or "Trace: run.json"
  SearchOptions options = {};
  std::optional<MovementRules> rules = std::nullopt;  // none: the level's own
  // When set, this slot replays the trace (its costs divided by trace_scale) instead of searching
  // with `options`; it is stepped with the others, and has no time of its own (ms stays none).
  std::shared_ptr<const ImportedTrace> trace = nullptr;
  double trace_scale = 1.0;
};

// "A*", "Weighted A* (w 2)", "A* (manhattan)": the algorithm's label, with the weight of
// weighted A* and the heuristic when it is not the default octile (and the algorithm uses one).
std::string compare_label(const SearchOptions& options);
// "Trace: run.json": a replayed trace's label, its file name without the folder.
std::string compare_label(const ImportedTrace& trace);

// One line of the comparison table.
struct CompareRow {
  std::string label;
  Algorithm algorithm = Algorithm::AStar;
  SearchState state = SearchState::InProgress;
  std::string message;           // why the search is Invalid; else empty
  std::int64_t iterations = 0;
  std::int64_t expanded = 0;
  std::int64_t generated = 0;
  std::size_t open_peak = 0;     // the largest open set up to the current iteration
  double path_cost = 0.0;        // +inf while there is no path
  std::size_t path_cells = 0;    // cells (Theta*: waypoints) of the path; 0 while none
  std::optional<double> ms;      // wall time of running to the end (measure_times), if measured
  bool trace = false;            // another program's trace replayed, not a search of ours
};

class Comparison {
 public:
  static constexpr std::size_t kMinEntries = 2, kMaxEntries = 4;

  // The searches on `level` (which must outlive the comparison and not change while it lives).
  // An error when there are fewer than 2 or more than 4 entries.
  static Result<Comparison> make(const Level& level, std::vector<CompareEntry> entries);

  std::size_t size() const { return slots_.size(); }
  const CompareEntry& entry(std::size_t i) const { return slots_[i].entry; }
  const Search& search(std::size_t i) const { return *slots_[i].search; }
  const Level& level() const { return *level_; }

  // The step every search has been taken to: the largest iteration count among them (a search
  // that finished earlier stays at its last iteration).
  std::int64_t step() const;
  // True when every search has finished (found, no path, iteration limit or invalid).
  bool finished() const;

  // One iteration of every unfinished search.
  void step_all();
  // Every search to its end.
  void run_all();
  // Back to step 0.
  void restart();
  // Every search to min(k, where it finishes). Back needs no recording: without it the searches
  // restart and step forward again.
  void seek_all(std::int64_t k);
  // Rewind records (see Search::set_recording): far seeks back cost what they undo. Restarts.
  void set_recording(bool on);

  // The largest open_size() search i has had, from iteration 0 to the one it is at. Exact after
  // any seek or step back: the open size of every iteration reached is kept (8 bytes each).
  std::size_t open_peak(std::size_t i) const;

  // Milliseconds to make search i afresh (no listener, no recording) and run it to its end: the
  // stepping here does not count. Short searches are repeated (up to about 20 ms in all) and the
  // mean is taken. 0 for a search that cannot start.
  double time_to_end(std::size_t i) const;
  // time_to_end of every entry, kept for rows() until the level or entries change.
  void measure_times();

  // The table: one row per entry, in order.
  std::vector<CompareRow> rows() const;

 private:
  struct Slot {
    CompareEntry entry;
    std::unique_ptr<Search> search;
    // open_sizes[k]: the open set's size at the end of iteration k, for every k reached so far.
    std::vector<std::size_t> open_sizes;
    std::optional<double> ms;
  };
  explicit Comparison(const Level& level) : level_(&level) {}
  void note_open_size(Slot& s);
  MovementRules rules_of(const Slot& s) const;
  std::unique_ptr<Search> make_slot_search(const Slot& s) const;  // its search, or its replay

  const Level* level_;
  std::vector<Slot> slots_;
};

// The table as text cells, for the CLI and the studio: compare_columns() names the columns
// (algorithm, outcome, iterations, expanded, generated, open_peak, cost, cells, ms), and
// compare_cells(row) gives a row's values in that order: "none" for a cost or cell count without
// a path, "-" for a time not measured; the outcome is the state's name ("invalid" for a refusal).
const std::vector<std::string_view>& compare_columns();
std::vector<std::string> compare_cells(const CompareRow& row);

}  // namespace astar
