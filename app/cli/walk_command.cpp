// astar walk LEVEL --algorithm d-star-lite [--sensor R] [--format json]: a D* Lite agent walks
// its path one cell per move. With a sensor it knows the level's walls only within R cells
// (Chebyshev distance) of where it has stood, and assumes open ground beyond; each wall it
// discovers is a repair (ReplanningSearch::apply_changes), and so is each move (the start
// moves: km). One row per move: the cell, the walls discovered, the cells the repair updated,
// the cost of the path it now plans. Exit 0 on arrival, 1 when there is no path.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "astar/replanning.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 2> kWalkOwnOptions{{{"--sensor", true}, {"--format", true}}};

struct WalkRow {
  Cell cell;
  std::int64_t walls_discovered;
  std::int64_t cells_updated;
  double path_cost;  // of the path planned from here; +inf: none
};

struct Walk {
  Level truth;                // the level as it is
  Level known;                // as the agent knows it: walls only where it has looked
  std::optional<int> sensor;  // none: it knows every wall from the start
  std::vector<WalkRow> rows;
  double walked = 0.0;        // the cost of the moves taken, on the true level
};

// The walls the agent sees from `at` put into what it knows; returns the cells that changed.
std::vector<Cell> look(Walk& w, Cell at) {
  std::vector<Cell> found;
  const int r = w.sensor.value_or(0);
  for (int y = at.y - r; y <= at.y + r; ++y)
    for (int x = at.x - r; x <= at.x + r; ++x) {
      const Cell c{x, y};
      if (!w.truth.in_bounds(c) || w.known.wall(c) == w.truth.wall(c)) continue;
      w.known.set_wall(c, w.truth.wall(c));
      found.push_back(c);
    }
  return found;
}

// The level as known before the first look: the true one without its walls.
Level without_walls(const Level& truth) {
  Level out = truth;
  for (int y = 0; y < truth.height(); ++y)
    for (int x = 0; x < truth.width(); ++x) out.set_wall({x, y}, false);
  return out;
}

std::string row_json(const WalkRow& r, std::size_t move) {
  return "{\"move\": " + std::to_string(move) + ", \"cell\": [" + std::to_string(r.cell.x) + ", " +
         std::to_string(r.cell.y) + "], \"walls_discovered\": " +
         std::to_string(r.walls_discovered) + ", \"cells_updated\": " +
         std::to_string(r.cells_updated) + ", \"path_cost\": " + json_number(r.path_cost) + "}";
}

std::string report(const Walk& w, bool arrived, Format format) {
  if (format == Format::Json) {
    std::string out = "{\"algorithm\": \"d-star-lite\", \"sensor\": " +
                      (w.sensor ? std::to_string(*w.sensor) : std::string("null")) +
                      ", \"arrived\": " + (arrived ? "true" : "false") +
                      ", \"walked_cost\": " + json_number(w.walked) + ", \"moves\": [";
    for (std::size_t k = 0; k < w.rows.size(); ++k)
      out += (k ? ", " : "") + row_json(w.rows[k], k);
    return out + "]}\n";
  }
  std::string out = "move\tcell\twalls_discovered\tcells_updated\tpath_cost\n";
  for (std::size_t k = 0; k < w.rows.size(); ++k) {
    const WalkRow& r = w.rows[k];
    out += std::to_string(k) + "\t" + path_text({r.cell}) + "\t" + std::to_string(r.walls_discovered) +
           "\t" + std::to_string(r.cells_updated) + "\t" +
           (std::isfinite(r.path_cost) ? format_cost(r.path_cost) : std::string("none")) + "\n";
  }
  out += arrived ? "arrived, walked cost " + format_cost(w.walked) + "\n" : "no path\n";
  return out;
}

// Walks from the start until the goal is reached or no path is left; true on arrival.
// `found`: the walls seen from the start, before the search was made.
bool walk(Walk& w, ReplanningSearch& s, const MovementRules& rules, std::int64_t found) {
  const MovePolicy truth_moves(w.truth, rules);
  // An agent that does not arrive within this many moves is in a loop (a bug, not a level).
  const std::int64_t limit = 4 * w.truth.cell_count() + 4;
  for (std::int64_t moves = 0; moves < limit; ++moves) {
    s.run();
    const Cell at = w.known.start();
    w.rows.push_back({at, found, s.repair().cells_updated, s.path_cost()});
    if (s.state() != SearchState::Found) return false;
    if (at == w.known.goal()) return true;
    const Cell next = s.path()[1];
    if (const std::optional<Move> m = truth_moves.move_between(at, next)) w.walked += m->cost;
    w.known.set_start(next);
    const std::vector<Cell> seen = look(w, next);
    found = static_cast<std::int64_t>(seen.size());
    (void)s.apply_changes(w.known, seen);  // same size, cells inside: cannot fail
  }
  return false;
}

}  // namespace

int walk_command(std::span<const std::string> args) {
  const auto bad = [](const std::string& why) {
    print_error("walk: " + why + " (see 'astar walk --help')");
    return kExitBadInput;
  };
  auto parsed = parse_args(args, with_search_options(kWalkOwnOptions));
  if (!parsed) return bad(parsed.error());
  const ParsedArgs& p = parsed.value();
  auto search = read_search_args(p, "walk");
  if (!search) {
    print_error(search.error());
    return kExitBadInput;
  }
  SearchArgs& sa = search.value();
  if (!p.has("--algorithm")) sa.options.algorithm = Algorithm::DStarLite;
  if (sa.options.algorithm != Algorithm::DStarLite)
    return bad("--algorithm: walk needs d-star-lite (the search that follows a moving start), "
               "got " + std::string(info(sa.options.algorithm).name));
  auto format = read_format(p);
  if (!format) return bad(format.error());
  const std::optional<Level> level = load_level_or_report(sa.level_path);
  if (!level) return kExitBadInput;
  const MovementRules rules = rules_for(*level, sa);
  Walk w{*level, *level, std::nullopt, {}, 0.0};
  if (const std::string* v = p.get("--sensor")) {
    auto r = parse_positive_int("--sensor", *v);
    if (!r) return bad(r.error());
    const int reach = 1 + std::max(0, rules.jump.gap);
    if (r.value() < reach || r.value() > kMaxSide)
      return bad("--sensor: the radius must be at least the longest move (" + std::to_string(reach) +
                 " cells) and at most " + std::to_string(kMaxSide) + ", got " + *v);
    w.sensor = static_cast<int>(r.value());
    w.known = without_walls(*level);
  }
  const std::int64_t found = w.sensor ? static_cast<std::int64_t>(look(w, level->start()).size()) : 0;
  ReplanningSearch s(w.known, rules, sa.options);
  if (s.state() == SearchState::Invalid) {
    print_error(sa.level_path + ": " + s.message());
    return kExitBadInput;
  }
  print_search_notes(sa, rules);
  const bool arrived = walk(w, s, rules, found);
  return write_output(report(w, arrived, format.value()), arrived ? kExitFound : kExitNoPath);
}

std::string walk_help() {
  std::string h;
  h += "astar walk LEVEL [--algorithm d-star-lite] [--sensor R] [--format text|json] [options]\n";
  h += "  A D* Lite agent walks from the start to the goal one cell per move, replanning\n";
  h += "  after each move (the start moves) and after each wall it discovers.\n";
  h += "  --sensor R           the agent sees walls within R cells (Chebyshev distance) of\n";
  h += "                       each cell it stands on and assumes open ground beyond; R is\n";
  h += "                       at least the longest move (1, or 1 + the jump gap). Costs,\n";
  h += "                       heights and edges are known. Default: every wall is known.\n";
  h += "  --format text|json   text: one tab-separated row per move (move, cell,\n";
  h += "                       walls_discovered, cells_updated, path_cost), then 'arrived,\n";
  h += "                       walked cost C' or 'no path'; json: {algorithm, sensor,\n";
  h += "                       arrived, walked_cost, moves: [{move, cell, walls_discovered,\n";
  h += "                       cells_updated, path_cost}]}. Default: text.\n";
  h += "  The search options of 'astar run' apply (--heuristic, --neighbours, rules, ...).\n";
  h += "  Exit 0 on arrival, 1 when no path is left.\n";
  return h;
}

}  // namespace astar::cli
