#include "state/search_labels.hpp"

#include <cstdio>
#include <optional>

#include "astar/number_chars.hpp"  // shortest_text

namespace studio {

std::string guarantee_text(astar::Algorithm a, double weight, astar::Heuristic h,
                           astar::Neighbours n, astar::Topology t) {
  const astar::AlgorithmInfo& i = astar::info(a);
  std::string text;
  if (i.guarantee == astar::Guarantee::BoundedByWeight) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "at most %.1f times optimal", weight);
    text = buf;
  } else {
    text = std::string(astar::to_string(i.guarantee));
  }
  if (astar::guarantee_holds(a, h, n, t)) return text;
  const std::string where = t == astar::Topology::Square
                                ? " with " + std::string(astar::to_string(n)) + " neighbours"
                                : std::string(" on hexes");
  return text + " only with an admissible heuristic; " + heuristic_label(h) + " is not one" + where;
}

std::vector<astar::Heuristic> heuristics_for(astar::Topology t) {
  std::vector<astar::Heuristic> out;
  for (int i = 0; i < static_cast<int>(astar::Heuristic::_Max); ++i) {
    const auto h = static_cast<astar::Heuristic>(i);
    if (astar::check_heuristic_topology(h, t).empty()) out.push_back(h);
  }
  return out;
}

std::string_view topology_refusal(astar::Algorithm a, astar::Topology t) {
  return t == astar::Topology::Square ? std::string_view() : astar::info(a).hex_refusal;
}

namespace {

// The control's label for a preset's value, else the value as the file spells it.
template <class T, class Parse, class Label>
std::string label_or_name(const std::string& name, Parse parse, Label label) {
  const std::optional<T> v = parse(name);
  return v ? std::string(label(*v)) : name;
}

}  // namespace

std::string lesson_setup_text(const astar::SearchPreset& p) {
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  if (p.algorithm)
    add("Algorithm " +
        label_or_name<astar::Algorithm>(*p.algorithm, astar::parse_algorithm,
                                        [](astar::Algorithm a) { return astar::info(a).label; }));
  if (p.heuristic)
    add("Heuristic " + label_or_name<astar::Heuristic>(*p.heuristic, astar::parse_heuristic,
                                                       heuristic_label));
  if (p.weight) {
    char w[48];
    std::snprintf(w, sizeof w, "Weight w = %.1f", *p.weight);  // as the slider shows it
    add(w);
  }
  if (p.tie_break)
    add("Tie-break " + label_or_name<astar::TieBreak>(*p.tie_break, astar::parse_tie_break,
                                                      tie_break_label));
  if (p.partial_path && *p.partial_path) add("Partial path on");
  if (p.smooth && *p.smooth) add("Smooth path on");
  if (p.max_iterations) add("Iteration guard " + std::to_string(*p.max_iterations));
  if (p.budget) add("Movement range on, Budget " + astar::shortest_text(*p.budget));
  if (p.cluster_size) add("Cluster size " + std::to_string(*p.cluster_size));  // HPA*'s, as the panel says
  if (p.hpa_smooth && *p.hpa_smooth) add("Smooth HPA* path on");
  if (!p.trace) return out;
  const std::string trace = "the trace " + *p.trace + " replayed";
  return out.empty() ? trace : trace + "; after Close trace: " + out;
}

}  // namespace studio
