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
#include "astar/agent_walk.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 2> kWalkOwnOptions{{{"--sensor", true}, {"--format", true}}};

std::string row_json(const WalkRow& r, std::size_t move) {
  return "{\"move\": " + std::to_string(move) + ", \"cell\": [" + std::to_string(r.cell.x) + ", " +
         std::to_string(r.cell.y) + "], \"walls_discovered\": " +
         std::to_string(r.walls_discovered) + ", \"cells_updated\": " +
         std::to_string(r.cells_updated) + ", \"path_cost\": " + json_number(r.path_cost) + "}";
}

std::string report(const AgentWalk& w, std::span<const WalkRow> rows, bool arrived, Format format) {
  if (format == Format::Json) {
    std::string out = "{\"algorithm\": \"d-star-lite\", \"sensor\": " +
                      (w.sensor() ? std::to_string(*w.sensor()) : std::string("null")) +
                      ", \"arrived\": " + (arrived ? "true" : "false") +
                      ", \"walked_cost\": " + json_number(w.walked_cost()) + ", \"moves\": [";
    for (std::size_t k = 0; k < rows.size(); ++k)
      out += (k ? ", " : "") + row_json(rows[k], k);
    return out + "]}\n";
  }
  std::string out = "move\tcell\twalls_discovered\tcells_updated\tpath_cost\n";
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const WalkRow& r = rows[k];
    out += std::to_string(k) + "\t" + path_text({r.cell}) + "\t" + std::to_string(r.walls_discovered) +
           "\t" + std::to_string(r.cells_updated) + "\t" +
           (std::isfinite(r.path_cost) ? format_cost(r.path_cost) : std::string("none")) + "\n";
  }
  out += arrived ? "arrived, walked cost " + format_cost(w.walked_cost()) + "\n" : "no path\n";
  return out;
}

// Walks from the start until the goal is reached or no path is left; true on arrival.
bool walk(AgentWalk& w, ReplanningSearch& s) {
  // An agent that does not arrive within this many moves is in a loop (a bug, not a level).
  const std::int64_t limit = 4 * w.truth().cell_count() + 4;
  while (w.moves_made() < limit) {
    s.run();
    if (w.state(s) != WalkState::Ready) return w.state(s) == WalkState::Arrived;
    (void)w.move(s);  // Ready, same size, cells inside: cannot fail
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
  if (const std::string why = check_square_only_options(sa, *level); !why.empty())
    return bad(sa.level_path + ": " + why);
  if (!sa.heuristic_given) sa.options.heuristic = default_heuristic(level->topology());
  const MovementRules rules = rules_for(*level, sa);
  std::optional<int> sensor;
  if (const std::string* v = p.get("--sensor")) {
    auto r = parse_positive_int("--sensor", *v);
    if (!r) return bad(r.error());
    if (Status ok = AgentWalk::check_sensor(r.value(), rules); !ok) return bad("--sensor: " + ok.error());
    sensor = static_cast<int>(r.value());
  } else if (const std::optional<std::int64_t> preset = level->preset.sensor) {  // the lesson's
    if (Status ok = AgentWalk::check_sensor(*preset, rules); !ok) {
      print_error(sa.level_path + ": search.sensor: " + ok.error());
      return kExitBadInput;
    }
    sensor = static_cast<int>(*preset);
  }
  AgentWalk w(*level, rules, sensor);
  ReplanningSearch s(w.known(), rules, sa.options);
  if (s.state() == SearchState::Invalid) {
    print_error(sa.level_path + ": " + s.message());
    return kExitBadInput;
  }
  print_search_notes(sa, rules, level->topology());
  const bool arrived = walk(w, s);
  return write_output(report(w, w.rows(s), arrived, format.value()), arrived ? kExitFound : kExitNoPath);
}

std::string walk_help() {
  std::string h;
  h += "astar walk LEVEL [--algorithm d-star-lite] [--sensor R] [--format text|json] [options]\n";
  h += "  A D* Lite agent walks from the start to the goal one cell per move, replanning\n";
  h += "  after each move (the start moves) and after each wall it discovers.\n";
  h += "  --sensor R           the agent sees walls within R cells (Chebyshev distance) of\n";
  h += "                       each cell it stands on and assumes open ground beyond; R is\n";
  h += "                       at least the longest move (1, or 1 + the jump gap). Costs,\n";
  h += "                       heights and edges are known. Default: the level's search.sensor,\n";
  h += "                       else every wall is known.\n";
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
