// What `run` and `bench` share about choosing a search: parsing --algorithm, --weight,
// --tie-break, --heuristic and --diagonal values, and help texts generated from core's tables
// (info(), to_string()), so that new algorithms or names show up without editing the CLI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "astar/result.hpp"
#include "astar/search.hpp"

namespace astar::cli {

// Every name, in the enum's order.
std::vector<std::string_view> algorithm_names();
std::vector<std::string_view> heuristic_names();
std::vector<std::string_view> tie_break_names();
std::vector<std::string_view> diagonal_names();

// "--algorithm: unknown value 'x' (expected astar, weighted-astar, ...)" on error.
Result<Algorithm> parse_algorithm_option(std::string_view text);
Result<Heuristic> parse_heuristic_option(std::string_view text);
Result<TieBreak> parse_tie_break_option(std::string_view text);
Result<DiagonalPolicy> parse_diagonal_option(std::string_view text);
// A finite decimal number >= 1 ("1", "1.5", "2e0"). `option` names it in messages.
Result<double> parse_weight_option(std::string_view option, std::string_view text);
// --cluster-size's value: a whole number kHpaMinClusterSize..kHpaMaxClusterSize (HPA*).
Result<int> parse_cluster_size_option(std::string_view text);

// One line per algorithm: name, label, guarantee and what it orders by, in aligned columns
// under a header line, each line starting with `indent`.
std::string algorithm_table(std::string_view indent);

}  // namespace astar::cli
