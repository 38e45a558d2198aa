// parse_enum_name: an enum's value from its name, the one lookup every parse_xxx(name) uses.
#include <doctest/doctest.h>

#include <array>
#include <span>
#include <string_view>

#include "astar/enum_names.hpp"

using namespace astar;

namespace {
enum class Fruit { Apple, Banana, Cherry, _Max };
constexpr std::string_view kFruitNames[] = {"apple", "banana", "cherry"};
constexpr std::array<const char*, 3> kFruitCStrings{"apple", "banana", "cherry"};
struct FruitInfo {
  std::string_view name;
  int stones;
};
constexpr std::array<FruitInfo, 3> kFruitInfo{{{"apple", 5}, {"banana", 0}, {"cherry", 1}}};
constexpr std::string_view fruit_name(Fruit f) { return kFruitNames[static_cast<int>(f)]; }
}  // namespace

TEST_CASE("[enum names] each name gives its value, from an array of names") {
  CHECK(parse_enum_name<Fruit>(kFruitNames, "apple") == Fruit::Apple);
  CHECK(parse_enum_name<Fruit>(kFruitNames, "cherry") == Fruit::Cherry);
  CHECK(parse_enum_name<Fruit>(kFruitCStrings, "banana") == Fruit::Banana);
  // Part of an array: the names before a value that has none of its own.
  CHECK(parse_enum_name<Fruit>(std::span(kFruitNames).first(2), "banana") == Fruit::Banana);
  CHECK_FALSE(parse_enum_name<Fruit>(std::span(kFruitNames).first(2), "cherry"));
  static_assert(parse_enum_name<Fruit>(kFruitNames, "banana") == Fruit::Banana);
}

TEST_CASE("[enum names] a field of records, or a function of the value, as the name") {
  CHECK(parse_enum_name<Fruit>(kFruitInfo, "cherry", &FruitInfo::name) == Fruit::Cherry);
  CHECK(parse_enum_name<Fruit>("banana", fruit_name) == Fruit::Banana);
  CHECK(parse_enum_name<Fruit>("apple", [](Fruit f) { return fruit_name(f); }) == Fruit::Apple);
  static_assert(parse_enum_name<Fruit>("cherry", fruit_name) == Fruit::Cherry);
}

TEST_CASE("[enum names] an unknown name gives none: names are compared exactly") {
  for (std::string_view bad : {"", "Apple", "apple ", "appl", "apples", "_Max"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_enum_name<Fruit>(kFruitNames, bad));
    CHECK_FALSE(parse_enum_name<Fruit>(kFruitInfo, bad, &FruitInfo::name));
    CHECK_FALSE(parse_enum_name<Fruit>(bad, fruit_name));
  }
  constexpr std::array<std::string_view, 0> kNoNames{};
  CHECK_FALSE(parse_enum_name<Fruit>(kNoNames, "apple"));
}
