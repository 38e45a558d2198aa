#include "algorithms.hpp"

#include <algorithm>

#include "args.hpp"
#include "astar/hpa_star.hpp"
#include "number_args.hpp"

namespace astar::cli {

namespace {

template <class Enum, class Name>
std::vector<std::string_view> names_of(Name name) {
  std::vector<std::string_view> out;
  for (int i = 0; i < static_cast<int>(Enum::_Max); ++i) out.push_back(name(static_cast<Enum>(i)));
  return out;
}

Error unknown_value(std::string_view option, std::string_view text,
                    const std::vector<std::string_view>& names) {
  return Error{std::string(option) + ": unknown value '" + std::string(text) + "' (expected " +
               join(names) + ")"};
}

std::string padded(std::string_view s, std::size_t width) {
  std::string out(s);
  if (out.size() < width) out.resize(width, ' ');
  return out;
}

}  // namespace

std::vector<std::string_view> algorithm_names() {
  return names_of<Algorithm>([](Algorithm a) { return info(a).name; });
}
std::vector<std::string_view> heuristic_names() {
  return names_of<Heuristic>([](Heuristic h) { return to_string(h); });
}
std::vector<std::string_view> tie_break_names() {
  return names_of<TieBreak>([](TieBreak t) { return to_string(t); });
}
std::vector<std::string_view> diagonal_names() {
  return names_of<DiagonalPolicy>([](DiagonalPolicy d) { return to_string(d); });
}

Result<Algorithm> parse_algorithm_option(std::string_view text) {
  if (const auto a = parse_algorithm(text)) return *a;
  return unknown_value("--algorithm", text, algorithm_names());
}

Result<Heuristic> parse_heuristic_option(std::string_view text) {
  if (const auto h = parse_heuristic(text)) return *h;
  return unknown_value("--heuristic", text, heuristic_names());
}

Result<TieBreak> parse_tie_break_option(std::string_view text) {
  if (const auto t = parse_tie_break(text)) return *t;
  return unknown_value("--tie-break", text, tie_break_names());
}

Result<DiagonalPolicy> parse_diagonal_option(std::string_view text) {
  if (const auto d = parse_diagonal_policy(text)) return *d;
  return unknown_value("--diagonal", text, diagonal_names());
}

Result<double> parse_weight_option(std::string_view option, std::string_view text) {
  const std::optional<double> v = read_finite_double(text);
  if (!v || !(*v >= 1.0))
    return Error{std::string(option) + ": expected a finite number >= 1, got '" +
                 std::string(text) + "'"};
  return *v;
}

Result<int> parse_cluster_size_option(std::string_view text) {
  const Result<std::int64_t> n = parse_positive_int("--cluster-size", text);
  if (!n || n.value() < kHpaMinClusterSize || n.value() > kHpaMaxClusterSize)
    return Error{"--cluster-size: expected a whole number " + std::to_string(kHpaMinClusterSize) + ".." +
                 std::to_string(kHpaMaxClusterSize) + ", got '" + std::string(text) + "'"};
  return static_cast<int>(n.value());
}

std::string algorithm_table(std::string_view indent) {
  const std::string_view head_name = "NAME", head_label = "ALGORITHM", head_guarantee = "GUARANTEE";
  std::size_t name_w = head_name.size(), label_w = head_label.size(),
              guarantee_w = head_guarantee.size();
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) {
    const AlgorithmInfo& a = info(static_cast<Algorithm>(i));
    name_w = std::max(name_w, a.name.size());
    label_w = std::max(label_w, a.label.size());
    guarantee_w = std::max(guarantee_w, to_string(a.guarantee).size());
  }
  name_w += 2;
  label_w += 2;
  guarantee_w += 2;
  std::string out = std::string(indent) + padded(head_name, name_w) + padded(head_label, label_w) +
                    padded(head_guarantee, guarantee_w) + "ORDERED BY f =\n";
  for (int i = 0; i < static_cast<int>(Algorithm::_Max); ++i) {
    const AlgorithmInfo& a = info(static_cast<Algorithm>(i));
    out += std::string(indent) + padded(a.name, name_w) + padded(a.label, label_w) +
           padded(to_string(a.guarantee), guarantee_w) + std::string(a.priority) + "\n";
  }
  return out;
}

}  // namespace astar::cli
