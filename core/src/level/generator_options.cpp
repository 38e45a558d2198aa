// Level generators' names, parameters, checks and recipes (generate.hpp): what `astar generate`
// and the Generate dialog read and print. The generation itself is generate.cpp.
#include "astar/generate.hpp"

#include "astar/format.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <system_error>
#include <utility>
#include <vector>

#include "astar/enum_names.hpp"
#include "astar/number_chars.hpp"

namespace astar {

namespace {

// [SECTION] Names and parameters

constexpr std::array<std::string_view, static_cast<std::size_t>(GeneratorKind::_Max)> kKindNames{
    "maze-backtracker", "maze-division", "rooms", "obstacles", "noise-costs", "noise-heights"};

constexpr int kMaxRooms = 1000;
constexpr int kMaxRoomSide = 1000;
constexpr double kMaxCost = 1'000'000.0;
constexpr double kMaxScale = 4096.0;
constexpr int kMaxOctaves = 8;

bool is_maze(GeneratorKind k) {
  return k == GeneratorKind::MazeBacktracker || k == GeneratorKind::MazeDivision;
}

std::string quote_text(std::string_view s) {
  std::string out = "'";
  out += s;
  out += "'";
  return out;
}

std::optional<double> parse_number(std::string_view s) {
  double v = 0;
  if (s.empty() || s.front() == '+') return std::nullopt;
  const auto [end, ec] = parse_double(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<std::int64_t> parse_integer(std::string_view s) {
  std::int64_t v = 0;
  if (s.empty() || s.front() == '+') return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// "MIN..MAX" split in two; nullopt without "..".
std::optional<std::pair<std::string_view, std::string_view>> split_range(std::string_view s) {
  const std::size_t dots = s.find("..");
  if (dots == std::string_view::npos) return std::nullopt;
  return std::pair{s.substr(0, dots), s.substr(dots + 2)};
}

std::string range_text(double lo, double hi) { return number_text(lo) + ".." + number_text(hi); }

Error param_error(std::string_view name, const std::string& why) {
  std::string m(name);
  m += ": ";
  m += why;
  return Error{m};
}

std::string parameters_text(GeneratorKind k) {
  std::string out;
  for (std::string_view p : generator_parameters(k)) {
    if (!out.empty()) out += ", ";
    out += "--";
    out += p;
  }
  return out.empty() ? std::string("none") : out;
}

bool reads(GeneratorKind k, std::string_view param) {
  for (std::string_view p : generator_parameters(k))
    if (p == param) return true;
  return false;
}

}  // namespace

// [SECTION] Public: names

std::string_view to_string(GeneratorKind k) { return kKindNames[static_cast<std::size_t>(k)]; }

std::optional<GeneratorKind> parse_generator_kind(std::string_view name) {
  return parse_enum_name<GeneratorKind>(kKindNames, name);
}

std::string generator_kind_names() {
  std::string out;
  for (std::string_view n : kKindNames) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

std::vector<std::string_view> generator_parameters(GeneratorKind k) {
  switch (k) {
    case GeneratorKind::MazeBacktracker:
    case GeneratorKind::MazeDivision: return {"loops"};
    case GeneratorKind::Rooms: return {"rooms", "room-size", "loops"};
    case GeneratorKind::Obstacles: return {"density"};
    case GeneratorKind::NoiseCosts: return {"scale", "octaves", "costs"};
    case GeneratorKind::NoiseHeights: return {"scale", "octaves", "heights"};
    case GeneratorKind::_Max: break;
  }
  return {};
}

// [SECTION] Public: parameters

Status set_generator_parameter(GeneratorOptions& o, std::string_view name,
                               std::string_view value) {
  if (name == "size") {
    const std::size_t x = value.find('x');
    const auto w = x == std::string_view::npos ? std::nullopt : parse_integer(value.substr(0, x));
    const auto h = x == std::string_view::npos ? std::nullopt : parse_integer(value.substr(x + 1));
    if (!w || !h) return param_error(name, "expected WxH (e.g. 41x31), got " + quote_text(value));
    if (std::string why = Level::check_size(*w, *h); !why.empty()) return param_error(name, why);
    o.width = static_cast<int>(*w);
    o.height = static_cast<int>(*h);
    return Ok{};
  }
  if (name == "topology") {
    const std::optional<Topology> t = parse_topology(value);
    if (!t)
      return param_error(name, "expected square, hex-pointy-top or hex-flat-top, got " +
                                   quote_text(value));
    o.topology = *t;
    return Ok{};
  }
  if (name == "stagger") {
    const std::optional<HexStagger> st = parse_hex_stagger(value);
    if (!st) return param_error(name, "expected odd or even, got " + quote_text(value));
    o.stagger = *st;
    return Ok{};
  }
  if (name == "seed") {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || value.front() == '+' || ec != std::errc{} ||
        end != value.data() + value.size())
      return param_error(name, "expected a whole number 0..18446744073709551615, got " +
                                   quote_text(value));
    o.seed = v;
    return Ok{};
  }
  const std::array<std::string_view, 8> known{"loops", "rooms", "room-size", "density",
                                              "scale", "octaves", "costs",     "heights"};
  if (std::find(known.begin(), known.end(), name) == known.end())
    return param_error(name, "unknown parameter (" + std::string(to_string(o.kind)) +
                                 " takes: --size, --seed, --topology, --stagger, " + parameters_text(o.kind) + ")");
  if (!reads(o.kind, name))
    return param_error(name, "not a parameter of " + std::string(to_string(o.kind)) +
                                 " (it takes: --size, --seed, --topology, --stagger, " +
                                 parameters_text(o.kind) + ")");

  if (name == "room-size" || name == "costs" || name == "heights") {
    const auto parts = split_range(value);
    const auto lo = parts ? parse_number(parts->first) : std::nullopt;
    const auto hi = parts ? parse_number(parts->second) : std::nullopt;
    if (!lo || !hi) return param_error(name, "expected MIN..MAX, got " + quote_text(value));
    if (name == "costs") {
      o.cost_min = *lo;
      o.cost_max = *hi;
      return Ok{};
    }
    // Whole numbers only; the range itself is checked by check_generator_options.
    const auto whole = [](double v) {
      return v == std::floor(v) && std::abs(v) <= 2'000'000'000.0;
    };
    if (!whole(*lo) || !whole(*hi))
      return param_error(name, "expected whole numbers MIN..MAX, got " + quote_text(value));
    if (name == "room-size") {
      o.room_min = static_cast<int>(*lo);
      o.room_max = static_cast<int>(*hi);
    } else {
      o.height_min = static_cast<int>(*lo);
      o.height_max = static_cast<int>(*hi);
    }
    return Ok{};
  }
  if (name == "rooms" || name == "octaves") {
    const auto v = parse_integer(value);
    if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max())
      return param_error(name, "expected a whole number, got " + quote_text(value));
    (name == "rooms" ? o.rooms : o.octaves) = static_cast<int>(*v);
    return Ok{};
  }
  const auto v = parse_number(value);
  if (!v) return param_error(name, "expected a number, got " + quote_text(value));
  if (name == "loops") o.loops = *v;
  else if (name == "density") o.density = *v;
  else o.scale = *v;  // "scale"
  return Ok{};
}

std::string check_generator_options(const GeneratorOptions& o) {
  if (o.kind >= GeneratorKind::_Max) return "kind: unknown generator";
  const std::string size_why = Level::check_size(o.width, o.height);
  if (!size_why.empty()) return "size: " + size_why;
  if (o.topology >= Topology::_Max) return "topology: unknown topology";
  if (o.stagger != HexStagger::Odd && o.stagger != HexStagger::Even) return "stagger: unknown stagger";
  if (o.topology == Topology::Square && o.stagger != HexStagger::Odd)
    return "stagger: applies to hex topologies only (give --topology hex-pointy-top or "
           "hex-flat-top)";
  const std::string size = std::to_string(o.width) + " x " + std::to_string(o.height);
  const auto share = [](std::string_view name, double v) -> std::string {
    if (std::isfinite(v) && v >= 0.0 && v <= 1.0) return {};
    std::string m(name);
    m += ": must be 0..1, got " + number_text(v);
    return m;
  };
  if (is_maze(o.kind)) {
    if (o.width < 3 || o.height < 3)
      return "size: a maze needs at least 3 x 3 cells, got " + size;
    return share("loops", o.loops);
  }
  if (o.kind == GeneratorKind::Rooms) {
    if (o.rooms < 1 || o.rooms > kMaxRooms)
      return "rooms: must be 1.." + std::to_string(kMaxRooms) + ", got " + std::to_string(o.rooms);
    if (o.room_min < 3 || o.room_min > o.room_max || o.room_max > kMaxRoomSide)
      return "room-size: must be MIN..MAX with 3 <= MIN <= MAX <= " +
             std::to_string(kMaxRoomSide) + ", got " + std::to_string(o.room_min) + ".." +
             std::to_string(o.room_max);
    if (std::min(o.width, o.height) < o.room_max + 2)
      return "room-size: rooms up to " + std::to_string(o.room_max) +
             " cells need a level of at least " + std::to_string(o.room_max + 2) + " x " +
             std::to_string(o.room_max + 2) + " cells (a wall around them), got " + size;
    return share("loops", o.loops);
  }
  if (o.kind == GeneratorKind::Obstacles) {
    if (std::int64_t{o.width} * o.height < 2)
      return "size: obstacles need at least 2 cells (start and goal), got " + size;
    return share("density", o.density);
  }
  // Noise.
  if (!std::isfinite(o.scale) || o.scale < 1.0 || o.scale > kMaxScale)
    return "scale: must be 1.." + number_text(kMaxScale) + ", got " + number_text(o.scale);
  if (o.octaves < 1 || o.octaves > kMaxOctaves)
    return "octaves: must be 1.." + std::to_string(kMaxOctaves) + ", got " +
           std::to_string(o.octaves);
  if (o.kind == GeneratorKind::NoiseCosts) {
    if (!std::isfinite(o.cost_min) || !std::isfinite(o.cost_max) || o.cost_min <= 0.0 ||
        o.cost_min > o.cost_max || o.cost_max > kMaxCost)
      return "costs: must be MIN..MAX with 0 < MIN <= MAX <= " + std::to_string(static_cast<int>(kMaxCost)) +
             ", got " + range_text(o.cost_min, o.cost_max);
    return {};
  }
  if (o.height_min < -kMaxAbsHeight || o.height_min > o.height_max ||
      o.height_max > kMaxAbsHeight)
    return "heights: must be MIN..MAX with " + std::to_string(-kMaxAbsHeight) +
           " <= MIN <= MAX <= " + std::to_string(kMaxAbsHeight) + ", got " +
           std::to_string(o.height_min) + ".." + std::to_string(o.height_max);
  return {};
}

// [SECTION] Public: recipes

std::string generator_recipe(const GeneratorOptions& o) {
  const GeneratorOptions d{};
  std::string out(to_string(o.kind));
  out += " --size " + std::to_string(o.width) + "x" + std::to_string(o.height);
  out += " --seed " + std::to_string(o.seed);
  if (o.topology != Topology::Square)
    out += " --topology " + std::string(to_string(o.topology)) + " --stagger " +
           std::string(to_string(o.stagger));
  for (std::string_view p : generator_parameters(o.kind)) {
    std::string value;
    if (p == "loops" && o.loops != d.loops) value = number_text(o.loops);
    if (p == "rooms" && o.rooms != d.rooms) value = std::to_string(o.rooms);
    if (p == "room-size" && (o.room_min != d.room_min || o.room_max != d.room_max))
      value = std::to_string(o.room_min) + ".." + std::to_string(o.room_max);
    if (p == "density" && o.density != d.density) value = number_text(o.density);
    if (p == "scale" && o.scale != d.scale) value = number_text(o.scale);
    if (p == "octaves" && o.octaves != d.octaves) value = std::to_string(o.octaves);
    if (p == "costs" && (o.cost_min != d.cost_min || o.cost_max != d.cost_max))
      value = range_text(o.cost_min, o.cost_max);
    if (p == "heights" && (o.height_min != d.height_min || o.height_max != d.height_max))
      value = std::to_string(o.height_min) + ".." + std::to_string(o.height_max);
    if (value.empty()) continue;
    out += " --";
    out += p;
    // "=" keeps a negative range from reading as an option.
    out += (value.front() == '-' ? "=" : " ") + value;
  }
  return out;
}

Result<GeneratorOptions> parse_generator_recipe(std::string_view recipe) {
  std::vector<std::string_view> words;
  for (std::size_t i = 0; i < recipe.size();) {
    while (i < recipe.size() && (recipe[i] == ' ' || recipe[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < recipe.size() && recipe[i] != ' ' && recipe[i] != '\t') ++i;
    if (i > b) words.push_back(recipe.substr(b, i - b));
  }
  if (words.empty()) return Error{"recipe: empty, expected a generator (" + generator_kind_names() + ")"};
  GeneratorOptions o;
  const auto kind = parse_generator_kind(words[0]);
  if (!kind)
    return Error{"recipe: unknown generator " + quote_text(words[0]) + " (expected one of " +
                 generator_kind_names() + ")"};
  o.kind = *kind;
  for (std::size_t i = 1; i < words.size(); ++i) {
    std::string_view w = words[i];
    if (w.substr(0, 2) != "--") return Error{"recipe: expected --name, got " + quote_text(w)};
    w.remove_prefix(2);
    std::string_view value;
    if (const std::size_t eq = w.find('='); eq != std::string_view::npos) {
      value = w.substr(eq + 1);
      w = w.substr(0, eq);
    } else if (i + 1 < words.size()) {
      value = words[++i];
    } else {
      return Error{"recipe: --" + std::string(w) + ": missing value"};
    }
    if (Status s = set_generator_parameter(o, w, value); !s) return Error{"recipe: " + s.error()};
  }
  if (std::string why = check_generator_options(o); !why.empty()) return Error{"recipe: " + why};
  return o;
}

}  // namespace astar
