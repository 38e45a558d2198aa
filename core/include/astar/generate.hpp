// Level generators: mazes, rooms and corridors, random obstacles and noise terrain, each from a
// seed, so a lesson's level can be made again exactly.
//
//   GeneratorOptions o{.kind = GeneratorKind::MazeBacktracker, .width = 41, .height = 31,
//                      .seed = 7};
//   Result<Level> lv = generate_level(o);   // or an error naming the bad parameter
//
// Same options, same level, on every platform: the generators draw from their own PRNG
// (xoshiro256** seeded by splitmix64), never from <random>'s distributions, whose output differs
// between standard libraries. The noise generators read stb_perlin (floats; the same on every
// IEEE-754 machine that does not fuse multiply-adds in it).
//
// Every level has its start and goal on open cells, far apart: for mazes and rooms, the two ends
// of a longest shortest path found by a double sweep (the start connected to the goal); for
// obstacles, the top-left and bottom-right corners (kept open; a path is not guaranteed); for
// noise, the two corners. Mazes are laid out on a lattice: odd (x, y) are rooms of the maze, even
// rows and columns the walls between them, so a maze needs an odd width and height to use the
// last row and column (an even side leaves its last line walled).
//
// A generator's recipe is its command line: generator_recipe() prints
// "maze-backtracker --size 41x31 --seed 7", parse_generator_recipe() reads it back; `astar
// generate` takes the same words. The level's name is set to the recipe.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"

namespace astar {

enum class GeneratorKind : std::uint8_t {
  MazeBacktracker,  // "maze-backtracker": a perfect maze by depth-first carving (long corridors)
  MazeDivision,     // "maze-division": a perfect maze by recursive division (straight walls)
  Rooms,            // "rooms": rectangular rooms joined by L-shaped corridors
  Obstacles,        // "obstacles": single-cell walls at random, a given share of the cells
  NoiseCosts,       // "noise-costs": open terrain whose costs follow Perlin noise
  NoiseHeights,     // "noise-heights": open terrain whose heights follow Perlin noise
  _Max
};

std::string_view to_string(GeneratorKind k);
std::optional<GeneratorKind> parse_generator_kind(std::string_view name);
// "maze-backtracker, maze-division, rooms, obstacles, noise-costs, noise-heights"
std::string generator_kind_names();

// The parameters of every generator, with their defaults; each kind reads only its own (see
// generator_parameters). Ranges are checked by check_generator_options.
struct GeneratorOptions {
  GeneratorKind kind = GeneratorKind::MazeBacktracker;
  int width = 41;   // cells; width x height must pass Level::check_size
  int height = 31;
  std::uint64_t seed = 1;

  // Mazes: the share (0..1) of the inner walls between two maze rooms removed after carving,
  // making loops. 0 keeps the maze perfect (exactly one path between any two cells).
  double loops = 0.0;

  // Rooms: how many rooms to try to place (1..10000; a room that overlaps another is skipped),
  // their side range in cells (3..room_max, room_max <= the level's smaller side - 2), and the
  // share (0..1) of extra corridors beyond the tree that joins every room.
  int rooms = 12;
  int room_min = 4;
  int room_max = 10;

  // Obstacles: the share of cells (0..1) that are walls, start and goal excepted (exactly
  // round(density * (cells - 2)) walls).
  double density = 0.3;

  // Noise: the feature size in cells (1..4096; larger is smoother) and the octaves (1..8) of
  // fractal Perlin noise, stretched so its lowest and highest values land on the range ends.
  double scale = 16.0;
  int octaves = 4;
  double cost_min = 1.0;  // noise-costs: costs in [cost_min, cost_max], rounded to 0.01;
  double cost_max = 5.0;  //   0 < min <= max <= 1,000,000
  int height_min = 0;     // noise-heights: whole heights in [height_min, height_max],
  int height_max = 8;     //   within -1,000,000..1,000,000
  // Every kind: the level's topology, and on hexes its stagger ("--topology hex-pointy-top
  // --stagger even"). Mazes keep their lattice on hexes: a lattice room's only open neighbours
  // are its four corridors, so the maze stays perfect; the double sweep counts hex steps.
  Topology topology = Topology::Square;
  HexStagger stagger = HexStagger::Odd;

  friend bool operator==(const GeneratorOptions&, const GeneratorOptions&) = default;
};

// The parameter names (as in recipes and on the command line, without "--") that a kind reads:
// maze-*: loops; rooms: rooms, room-size, loops; obstacles: density;
// noise-costs: scale, octaves, costs; noise-heights: scale, octaves, heights.
std::vector<std::string_view> generator_parameters(GeneratorKind k);

// Sets one parameter from its text; "size" ("WxH"), "seed" (a whole number 0..2^64-1),
// "topology" and "stagger" (level.hpp's names) are accepted for every kind, the others only for a kind that reads them (else the message lists
// the kind's parameters). Ranges are written "MIN..MAX": room-size 4..10, costs 1..5,
// heights=-2..6. Messages name the parameter: "density: expected a number, got 'x'".
Status set_generator_parameter(GeneratorOptions& o, std::string_view name, std::string_view value);

// Empty when every parameter the kind reads is in range, else the first bad one with its valid
// range: "density: must be 0..1, got 1.5", "size: a maze needs at least 3 x 3 cells, got 2 x 9".
std::string check_generator_options(const GeneratorOptions& o);

// "maze-backtracker --size 41x31 --seed 7" plus the kind's parameters that differ from the
// defaults ("--loops 0.1"); numbers are written so they read back exactly.
std::string generator_recipe(const GeneratorOptions& o);
// Reads a recipe: the kind, then "--name value" or "--name=value" pairs (size and seed may be
// left out: defaults). The result is checked (check_generator_options).
Result<GeneratorOptions> parse_generator_recipe(std::string_view recipe);

// Makes the level. Checks the options first; the error names the bad parameter.
Result<Level> generate_level(const GeneratorOptions& o);

// The studio's in-place variant: sets every open cell's cost (noise-costs) or height
// (noise-heights) of `level` from noise of o's scale, octaves, range and seed; walls, start, goal
// and everything else are kept. Other kinds are refused.
Status apply_noise(Level& level, const GeneratorOptions& o);

// Puts start and goal far apart inside the largest 4-connected (on hexes: 6-connected) region of
// open cells: the two
// ends of a double sweep (the cell farthest from some cell of the region, then the cell farthest
// from that one, in steps). False, and nothing changed, when no cell is open. Used by the
// generators and by the importers (MovingAI maps, images and Tiled maps have no start or goal).
bool place_endpoints_far_apart(Level& level);

}  // namespace astar
