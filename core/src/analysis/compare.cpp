#include "astar/compare.hpp"

#include "astar/imported_trace.hpp"
#include "astar/make_search.hpp"
#include "astar/trace_replay.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace astar {

std::string compare_label(const SearchOptions& options) {
  const AlgorithmInfo& a = info(options.algorithm);
  std::string details;
  if (a.takes_weight) {
    char w[32];
    std::snprintf(w, sizeof w, "w %g", options.weight);
    details = w;
  }
  if (a.uses_heuristic && options.heuristic != SearchOptions{}.heuristic)
    details += (details.empty() ? "" : ", ") + std::string(to_string(options.heuristic));
  return std::string(a.label) + (details.empty() ? "" : " (" + details + ")");
}

// [SECTION] Making and stepping

std::string compare_label(const ImportedTrace& trace) {
  const std::size_t slash = trace.source.find_last_of("/\\");
  return "Trace: " + (slash == std::string::npos ? trace.source : trace.source.substr(slash + 1));
}

std::unique_ptr<Search> Comparison::make_slot_search(const Slot& s) const {
  if (s.entry.trace) return std::make_unique<TraceReplay>(*level_, s.entry.trace, s.entry.trace_scale);
  return make_search(*level_, rules_of(s), s.entry.options);
}

Result<Comparison> Comparison::make(const Level& level, std::vector<CompareEntry> entries) {
  if (entries.size() < kMinEntries || entries.size() > kMaxEntries)
    return Error{"a comparison needs 2 to 4 searches, got " + std::to_string(entries.size())};
  Comparison c(level);
  c.slots_.reserve(entries.size());
  for (CompareEntry& e : entries) {
    if (e.label.empty()) e.label = e.trace ? compare_label(*e.trace) : compare_label(e.options);
    Slot s;
    s.entry = std::move(e);
    s.search = c.make_slot_search(s);
    c.slots_.push_back(std::move(s));
  }
  for (Slot& s : c.slots_) c.note_open_size(s);
  return c;
}

MovementRules Comparison::rules_of(const Slot& s) const {
  return s.entry.rules ? *s.entry.rules : level_->rules();
}

// Called at every iteration a search reaches, in order: iteration k's size goes to open_sizes[k]
// the first time k is reached (a deterministic search has the same open set there every time).
void Comparison::note_open_size(Slot& s) {
  const auto k = static_cast<std::size_t>(s.search->iterations());
  if (k == s.open_sizes.size()) s.open_sizes.push_back(s.search->open_size());
}

std::int64_t Comparison::step() const {
  std::int64_t k = 0;
  for (const Slot& s : slots_) k = std::max(k, s.search->iterations());
  return k;
}

bool Comparison::finished() const {
  return std::all_of(slots_.begin(), slots_.end(),
                     [](const Slot& s) { return astar::finished(s.search->state()); });
}

void Comparison::step_all() {
  for (Slot& s : slots_) {
    if (astar::finished(s.search->state())) continue;
    s.search->step();
    note_open_size(s);
  }
}

void Comparison::run_all() {
  for (Slot& s : slots_)
    while (!astar::finished(s.search->state())) {
      s.search->step();
      note_open_size(s);
    }
}

void Comparison::restart() {
  for (Slot& s : slots_) s.search->restart();
}

void Comparison::seek_all(std::int64_t k) {
  k = std::max<std::int64_t>(0, k);
  for (Slot& s : slots_) {
    Search& search = *s.search;
    if (k < search.iterations() && !search.recording()) search.restart();
    // Iterations whose open size is known are crossed in one seek (in bulk with recording);
    // new ones are stepped one at a time, so that each size is seen.
    const auto known = static_cast<std::int64_t>(s.open_sizes.size()) - 1;
    search.seek(std::min(k, known));
    while (search.iterations() < k && !astar::finished(search.state())) {
      search.step();
      note_open_size(s);
    }
  }
}

void Comparison::set_recording(bool on) {
  for (Slot& s : slots_) s.search->set_recording(on);
}

std::size_t Comparison::open_peak(std::size_t i) const {
  const Slot& s = slots_[i];
  const auto k = static_cast<std::size_t>(s.search->iterations());
  const auto end = s.open_sizes.begin() + static_cast<std::ptrdiff_t>(std::min(k + 1, s.open_sizes.size()));
  return s.open_sizes.empty() ? 0 : *std::max_element(s.open_sizes.begin(), end);
}

// [SECTION] Timing and the table

double Comparison::time_to_end(std::size_t i) const {
  const Slot& s = slots_[i];
  if (s.search->state() == SearchState::Invalid) return 0.0;
  using Clock = std::chrono::steady_clock;
  constexpr double kBudgetMs = 20.0;
  constexpr int kMaxRuns = 1000;
  double total = 0.0;
  int runs = 0;
  while (runs < kMaxRuns && (runs == 0 || total < kBudgetMs)) {
    const auto t0 = Clock::now();
    std::unique_ptr<Search> fresh = make_slot_search(s);
    fresh->run();
    total += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    ++runs;
  }
  return total / runs;
}

void Comparison::measure_times() {
  for (std::size_t i = 0; i < slots_.size(); ++i)
    if (!slots_[i].entry.trace) slots_[i].ms = time_to_end(i);  // a trace's time is its program's
}

std::vector<CompareRow> Comparison::rows() const {
  std::vector<CompareRow> out;
  out.reserve(slots_.size());
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    const Search& search = *s.search;
    CompareRow r;
    r.label = s.entry.label;
    r.algorithm = s.entry.options.algorithm;
    r.state = search.state();
    r.message = search.state() == SearchState::Invalid ? search.message() : std::string();
    r.iterations = search.iterations();
    r.expanded = search.metrics().expanded;
    r.generated = search.metrics().generated;
    r.open_peak = open_peak(i);
    // A path only once the search has finished with one (a partial path counts, as in run).
    const std::vector<Cell> path = astar::finished(search.state()) ? search.path() : std::vector<Cell>{};
    r.path_cells = path.size();
    r.path_cost = path.empty() ? std::numeric_limits<double>::infinity() : search.path_cost();
    r.ms = s.ms;
    r.trace = s.entry.trace != nullptr;
    out.push_back(std::move(r));
  }
  return out;
}

const std::vector<std::string_view>& compare_columns() {
  static const std::vector<std::string_view> kColumns{
      "algorithm", "outcome", "iterations", "expanded", "generated",
      "open_peak", "cost",    "cells",      "ms"};
  return kColumns;
}

std::vector<std::string> compare_cells(const CompareRow& row) {
  char cost[64] = "none", ms[64] = "-";
  if (row.path_cells > 0) std::snprintf(cost, sizeof cost, "%.10g", row.path_cost);
  if (row.ms) std::snprintf(ms, sizeof ms, "%.3f", *row.ms);
  return {row.label,
          std::string(to_string(row.state)),
          std::to_string(row.iterations),
          std::to_string(row.expanded),
          std::to_string(row.generated),
          std::to_string(row.open_peak),
          cost,
          row.path_cells > 0 ? std::to_string(row.path_cells) : std::string("none"),
          ms};
}

}  // namespace astar
