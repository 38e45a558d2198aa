// What the commands that make a level share (generate, import): write it to -o FILE as a level
// file, or print its JSON to stdout.
#pragma once

#include <array>
#include <span>
#include <string>

#include "args.hpp"
#include "astar/level.hpp"

namespace astar::cli {

// "-o" and "--output" (the same option, two spellings).
inline constexpr std::array<OptionSpec, 2> kOutputSpecs{{{"-o", true}, {"--output", true}}};

// The output path given by -o or --output; nullptr when neither. Error when both.
Result<const std::string*> read_output_path(const ParsedArgs& p);

// With a path: saves the level (atomically) and prints "wrote PATH: SUMMARY" plus the level's
// size, open cells, start and goal; kExitFound, or kExitInternal when it cannot be saved.
// Without: prints the level's JSON; kExitFound.
int write_level(const Level& level, const std::string* path, const std::string& summary);

}  // namespace astar::cli
