// Enum values by name: the one lookup behind every parse_xxx(name) of an enum whose values have
// names (files, the command line, share links). The names sit in an array indexed by the value,
// or come from a function of the value:
//
//   constexpr std::string_view kNames[] = {"flat", "3d"};            // kNames[i] names value i
//   parse_enum_name<StepLength>(kNames, "3d");                        // StepLength::Height
//   parse_enum_name<Algorithm>(kAlgorithms, "bfs", &AlgorithmInfo::name);  // a field as the name
//   parse_enum_name<Layer>("costs", [](Layer l) { return to_string(l); });  // values 0.._Max-1
//
// None when no value has that name (names are compared exactly: case and spaces count).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

namespace astar {

// The value i whose name, project(names[i]), is `name`. `names` is any range: a C array,
// std::array or span of string_view, const char* or records.
template <class Enum, class Names, class Project = std::identity>
constexpr std::optional<Enum> parse_enum_name(const Names& names, std::string_view name,
                                              Project project = {}) {
  std::size_t i = 0;
  for (const auto& entry : names) {
    if (std::string_view(std::invoke(project, entry)) == name) return static_cast<Enum>(i);
    ++i;
  }
  return std::nullopt;
}

// The value of Enum (0 up to its _Max sentinel) whose name, name_of(value), is `name`.
template <class Enum, class NameOf>
constexpr std::optional<Enum> parse_enum_name(std::string_view name, NameOf name_of) {
  for (std::size_t i = 0; i < static_cast<std::size_t>(Enum::_Max); ++i)
    if (std::string_view(name_of(static_cast<Enum>(i))) == name) return static_cast<Enum>(i);
  return std::nullopt;
}

}  // namespace astar
