// Plans other multi-agent (MAPF) programs write, read into unit_plans.hpp's model and written
// back (issue 33, item 4): one std::vector<UnitPlan>, plans[i].cells[t] = unit i at tick t.
//
//   auto r = load_plans("plan.txt", {.starts = starts});          // the format told from the text
//   if (!r) say(r.error());   // "plan.txt: line 3: expected '(x,y)', got 'foo'"
//   check(r.value().plans);
//   Result<std::string> text = plans_text(plans, PlanFormat::Li);  // to write a plan
//
// The three formats, as their programs write them (checked in their sources):
// - **kei18**, Kei18's mapf-visualizer (README "Input format of planning result"): one line per
//   TICK, "t:(x,y),(x,y),...", every unit's cell at t in unit order, x the column and y the row
//   from the top left; ticks 0, 1, 2, ... in order. LaCAM (Kei18/lacam, make_log in
//   post_processing.cpp) writes "key=value" lines first (agents=, map_file=, solved=, soc=, ...,
//   starts=, goals=) and then "solution=" and the tick lines, each ending in a comma: the
//   key=value lines before the ticks are skipped (solved=0 with no ticks is refused by name).
// - **li**, Jiaoyang Li's solvers (CBSH2-RTC and EECBS: CBS::savePaths; MAPF-LNS2:
//   Instance::savePaths, option --outputPaths): one line per UNIT, "Agent i: (r,c)->(r,c)->...",
//   ROW FIRST, ending in "->"; the units in order from 0. A path stops when the unit arrives.
// - **tracker**, MAPF Tracker's solution strings (tracker.pathfinding.ai, ShortestPathLab/
//   mapf-tracker): one line per unit, one letter per tick from the unit's START (which the file
//   does not hold: PlanReadOptions::starts), u d l r a move up, down, left, right and w a wait;
//   a count before a letter repeats it ("3r2u" is "rrruu", the tracker's run-length encoding,
//   validator/Reader.ts: /(\d*)([a-z])/). Which way is up: the tracker's current docs
//   (client/src/docs/format.mdx) and its validator put (0, 0) at the top left and 'd' going
//   DOWN, to y + 1; its earlier validator (validator/validate.ts: u = y + 1) and the solutions
//   of that time, as PlanViz reads them (MAPF-Competition/PlanViz, script/util.py
//   state_transition_mapf: "U" row + 1), have 'u' to y + 1: we checked the tracker's own 2022
//   solutions for random-32-32-20 (PlanViz example/) against the scenario's goals, and they end
//   there with u = y + 1. We read the current way; flip_up_down (the tracker's own name for the
//   other way) reads 'u' as y + 1. Upper-case letters are read as lower-case (PlanViz's); a blank
//   line is a unit that stays on its start (the tracker reads "" as "w").
//
// Reading: CRLF line ends accepted, blank lines skipped (but in the tracker format, where a line
// is a unit); coordinates are whole numbers -kMaxPlanCoordinate..kMaxPlanCoordinate (a cell off
// the map is a finding for plan_check, not a reading error). Refused with a message naming the
// file, the line and what is wrong: an empty file, bytes that are not text, a line of no
// format, ticks out of order, lines of different unit counts, a unit count other than
// PlanReadOptions::units, numbers past the limits, more than kMaxPlanEntries cells in all.
// No exception escapes (out of memory becomes a message).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "astar/grid.hpp"
#include "astar/result.hpp"
#include "astar/unit_plans.hpp"

namespace astar {

enum class PlanFormat : std::uint8_t { Kei18, Li, Tracker };
std::string_view to_string(PlanFormat f);  // "kei18", "li", "tracker"
std::optional<PlanFormat> plan_format_from(std::string_view name);
// "Kei18's mapf-visualizer (t:(x,y),...)", "Jiaoyang Li's (Agent i: (row,col)->...)",
// "MAPF Tracker's (u, d, l, r, w from the starts)".
std::string_view plan_format_label(PlanFormat f);

inline constexpr int kMaxPlanCoordinate = 1'000'000;        // |x|, |y| in a plan file
inline constexpr std::size_t kMaxPlanTicks = 1'000'000;     // ticks of one unit's plan
inline constexpr std::size_t kMaxPlanEntries = 16'000'000;  // cells of all units (128 MB)
inline constexpr std::uintmax_t kMaxPlanFileBytes = 256ull << 20;

struct PlanReadOptions {
  std::optional<PlanFormat> format{};  // none: told from the text (plan_format_of)
  // The units the plan must have (0: any); units_note says where that number comes from, for
  // the message ("--agents 4", "the level's units").
  std::size_t units = 0;
  std::string units_note{};
  // The units' starts, which the tracker format needs (one per unit); the others ignore them.
  std::span<const Cell> starts{};
  bool flip_up_down = false;  // tracker: 'u' is y + 1 and 'd' y - 1 (see above)
};

struct ReadPlans {
  PlanFormat format = PlanFormat::Kei18;
  std::vector<UnitPlan> plans;  // one per unit, each at least its start
};

// The format of a plan text, told from its first line that is not blank: "Agent" (li), a tick
// "T:" or a "key=value" line (kei18), letters and counts beginning with a count or one of u d l
// r w (tracker; a wrong letter is named when it is read). An error names the
// line when it is none of these, or says the text is empty or not text.
Result<PlanFormat> plan_format_of(std::string_view text, std::string_view source);
// How many units a plan text holds, without the tracker's starts (kei18: cells on a tick line;
// li: "Agent" lines; tracker: lines up to the last that is not blank). `source` names it.
Result<std::size_t> plan_unit_count(std::string_view text, std::string_view source,
                                    std::optional<PlanFormat> format = std::nullopt);

Result<ReadPlans> parse_plans(std::string_view text, std::string_view source,
                              const PlanReadOptions& options = {});
// The text of a plan file (at most kMaxPlanFileBytes): "PATH: cannot open: ...".
Result<std::string> read_plan_file(const std::string& path);
// read_plan_file, then parse_plans; messages name the file by `path`.
Result<ReadPlans> load_plans(const std::string& path, const PlanReadOptions& options = {});

// The plans in a format, each line ending in '\n': kei18 one line per tick up to the longest
// plan (a unit that has ended stays), "t:(x,y),(x,y),", as LaCAM writes them (no key=value
// lines); li "Agent i: (r,c)->(r,c)->" as CBSH2-RTC and EECBS; tracker one string per unit in
// the current convention ('d' to y + 1; flip_up_down the other), without run-length encoding
// (every reader takes it), "w" for a unit that never moves. Reading the text back gives the same
// unit at every tick. Refused: no plans, an empty plan, a Kei18 text of more than
// kMaxPlanEntries cells (every unit listed at every tick), and for the tracker a step that is not
// one of the four moves or a wait ("unit 3 moves from (1, 1) to (2, 2) between t = 4 and
// t = 5: ...").
Result<std::string> plans_text(const std::vector<UnitPlan>& plans, PlanFormat format,
                               bool flip_up_down = false);

}  // namespace astar
