// MovingAI grid benchmarks (N. Sturtevant, movingai.com): .map files and .scen scenario files.
//
//   .map   type octile / height H / width W / map / H rows of W characters
//          '.', 'G', 'S' passable; '@', 'O', 'T', 'W' blocked. (0, 0) is the top-left cell.
//   .scen  a "version 1" (or "version 1.0") line, then one query per line, 9 fields separated by
//          tabs or spaces: bucket, map, map width, map height, start x, start y, goal x, goal y,
//          optimal length.
//
// The optimal lengths follow MovingAI's convention: 8-connected, straight steps cost 1, diagonal
// steps sqrt(2), no corner cutting (movingai_rules()). They are printed rounded (the 2011 files
// to 6 significant digits, current ones to 8 decimals): ScenarioQuery::tolerance is half a unit
// in the last printed digit. The generators also used approximations of sqrt(2) below it, so a
// printed length can fall short of the true one by a little more (movingai_length_matches).
//
// Errors are values with messages naming the file and the place:
//   "den312d.map: line 2: height: expected a whole number, got 'x'"
//   "den312d.map: row 3, column 7: unexpected character 'x' (...)"   (row = y, column = x, 0-based)
//   "den312d.map.scen: line 5: field 5 (start x): expected a whole number >= 0, got '1.5'"
// No GL here: the studio's import shares this parser.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "astar/grid.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

// MovingAI's movement rules: 8 neighbours, no corner cutting, no height limits or climb cost.
MovementRules movingai_rules();

// True for the map characters that are passable ('.', 'G', 'S'), false for the blocked ones
// ('@', 'O', 'T', 'W'); any other character is not a map character (is_movingai_map_char).
bool is_movingai_map_char(char c);
bool is_movingai_passable(char c);

// Parses a .map text. `source` names the file in messages. CRLF line ends are accepted. The size
// is checked with Level::check_size before anything is allocated. The level has movingai_rules(),
// all costs 1, its name is the file name of `source` without the folder; a map has no start or
// goal, so both are set to the first passable cell in row-major order (left at the Level
// defaults when no cell is passable).
Result<Level> parse_movingai_map(std::string_view text, std::string_view source);
// Reads and parses a .map file; messages name the file by `path` as given.
Result<Level> load_movingai_map(const std::string& path);

// The .map text of a level: "type octile", "height H", "width W", "map", then H rows of W
// characters, '@' a wall and '.' an open cell, each line ending in '\n'. parse_movingai_map reads
// it back with the same walls. A .map holds walls only: see movingai_export_losses.
std::string movingai_map_text(const Level& level);
// What the level has that a .map cannot hold, one phrase each, for a note to the user:
// "costs (12 cells not 1)", "heights (40 cells not 0)", "edge overrides (2)",
// "collision shapes (3)", "movement rules (4 neighbours; MovingAI's are 8 neighbours, no corner
// cutting)". Empty when nothing is lost (start and goal never fit: a .map has none).
std::vector<std::string> movingai_export_losses(const Level& level);
// Writes movingai_map_text atomically (write_atomically): "PATH: cannot save: ..." on failure.
Status save_movingai_map(const Level& level, const std::string& path);

struct ScenarioQuery {
  int line = 0;           // 1-based line of the query in the .scen file
  int bucket = 0;
  std::string map;        // the map field as written, e.g. "maps/dao/den312d.map"
  int map_width = 0;
  int map_height = 0;
  Cell start;
  Cell goal;
  double optimal = 0.0;        // the optimal length as printed
  std::string optimal_text;    // the printed text, e.g. "3.41421"
  double tolerance = 0.5;      // half a unit in the last printed digit of optimal_text
};

// Half a unit in the last printed digit of a decimal number: "3.41421" -> 0.000005,
// "3.82842712" -> 0.000000005, "12" -> 0.5, "1.5e2" -> 5. The text must be a number.
double movingai_tolerance(std::string_view printed);

// The printed optimal lengths were computed as s + d * C for a path of s straight and d diagonal
// steps, with C an approximation of sqrt(2) from below, then rounded. Checked on every query of
// the shared files (each printed text is reproduced exactly):
//   current files (8 decimals):        C = 1.414213562 (sqrt 2 to 10 digits), printf "%.8f"
//   2011 files (6 significant digits): C = float(sqrt 2) = 1.41421353816986..., printf "%g"
// A length L therefore falls short by at most d * (sqrt 2 - C) <= L * (sqrt 2 - C) / sqrt 2,
// which is below L * kMovingAiSqrt2Shortfall for both (1.7114e-8 for the float, 2.64e-10 for the
// 10-digit constant). Half a unit of rounding alone would refuse 6,196 of the 15,840 shared
// queries (up to 15 units in the 8th decimal on 512x512 maps).
inline constexpr double kMovingAiSqrt2Shortfall = 1.72e-8;

// True when `cost` is the query's optimal length: finite, and
//   -tolerance <= cost - optimal <= tolerance + optimal * kMovingAiSqrt2Shortfall.
// (For paths shorter than about 5,000 the allowance is below the least difference between two
// distinct lengths s + d * sqrt 2, so it never accepts a longer path.)
bool movingai_length_matches(const ScenarioQuery& q, double cost);

// Parses a .scen text: a version line ("version 1" or "version 1.0"), then one query per line.
// Blank lines are ignored; a trailing '\r' is ignored. Coordinates are checked against the
// query's own map width and height.
Result<std::vector<ScenarioQuery>> parse_movingai_scen(std::string_view text,
                                                       std::string_view source);
// Reads and parses a .scen file; messages name the file by `path` as given.
Result<std::vector<ScenarioQuery>> load_movingai_scen(const std::string& path);

// The .map file of a .scen file. The map field of a query names the map relative to some other
// tree ("maps/dao/den312d.map"), so: the .scen file's path without ".scen" when that names an
// existing file ("den312d.map.scen" -> "den312d.map"), else the file name of `map_field` in the
// .scen file's folder.
std::string resolve_movingai_map_path(const std::string& scen_path, std::string_view map_field);

// A scenario file with its map, as the benchmarks read them: the queries (the first `limit` when
// limit > 0) and, when there is a query, the map they name (resolve_movingai_map_path) as a level
// with movingai_rules(). Messages name the file that failed.
struct MovingAiScenario {
  std::vector<ScenarioQuery> queries;
  std::string map_path;  // empty when there is no query
  Level map;
};
Result<MovingAiScenario> load_movingai_scenario(const std::string& scen_path, std::size_t limit = 0);

// The multi-agent benchmark's reading of a scenario (Stern et al. 2019): its first `agents`
// queries are units (query k: unit k's start and goal) on `map`, which gets them, and the
// benchmark's rules, mapf_rules(). Refused, naming the file and the query's line: fewer than
// `agents` queries, more than kMaxUnits, a query for a map of another size, or a unit that does
// not fit (Level::check_units: "den312d.map.scen: line 7 (unit 5): start (3, 4) is unit 2's start
// too").
Status add_movingai_units(Level& map, const std::string& scen_path, std::size_t agents);
// 4 neighbours, every move costing 1 (a wait too, in the planners): the benchmark's moves.
MovementRules mapf_rules();

}  // namespace astar
