#include "files/options.hpp"

#include <type_traits>

#include "astar/endpoint_args.hpp"
#include "astar/enum_names.hpp"
#include "astar/number_chars.hpp"
#include "astar/generate.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <system_error>

namespace studio {

namespace {

template <class T>
bool parse_number(std::string_view text, T& out) {
  const char* end = text.data() + text.size();
  std::from_chars_result r;
  if constexpr (std::is_floating_point_v<T>) {  // doubles as core reads them (number_chars.hpp)
    double d = 0.0;
    r = astar::parse_double(text.data(), end, d);
    if (r.ec == std::errc()) out = static_cast<T>(d);
  } else {
    r = std::from_chars(text.data(), end, out);
  }
  const auto [ptr, ec] = r;
  return ec == std::errc() && ptr == end;
}

// "WxH" / "A:B": two integers around a separator (cells "X,Y": astar::parse_cell_arg).
template <class T>
bool parse_pair(std::string_view text, char sep, T& a, T& b) {
  const auto at = text.find(sep);
  if (at == std::string_view::npos) return false;
  return parse_number(text.substr(0, at), a) && parse_number(text.substr(at + 1), b);
}

// "a, b or c": every name of an enum with a to_string / info().name.
template <class Name>
std::string one_of(int count, Name&& name) {
  std::string out;
  for (int i = 0; i < count; ++i) {
    if (i > 0) out += i + 1 == count ? " or " : ", ";
    out += std::string(name(i));
  }
  return out;
}

std::string algorithm_names() {
  return one_of(static_cast<int>(astar::Algorithm::_Max),
                [](int i) { return astar::info(static_cast<astar::Algorithm>(i)).name; });
}

std::string tie_break_names() {
  return one_of(static_cast<int>(astar::TieBreak::_Max),
                [](int i) { return astar::to_string(static_cast<astar::TieBreak>(i)); });
}

// `text` wrapped at 80 columns, continuation lines indented like the --help descriptions.
std::string wrapped(const std::string& text, std::size_t first_column) {
  constexpr std::size_t kIndent = 21, kWidth = 80;
  std::string out;
  std::size_t column = first_column;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find(' ', at);
    if (end == std::string::npos) end = text.size();
    const std::size_t word = end - at;
    if (!out.empty() && column + 1 + word > kWidth) {
      out += "\n" + std::string(kIndent, ' ');
      column = kIndent;
    } else if (!out.empty()) {
      out += ' ';
      ++column;
    }
    out.append(text, at, word);
    column += word;
    at = end + 1;
  }
  return out + "\n";
}

std::string overlay_names() {
  return one_of(static_cast<int>(kOverlayCount),
                [](int i) { return kOverlays[static_cast<std::size_t>(i)].name; });
}

std::string layer_names() {
  return one_of(astar::kLayerCount,
                [](int i) { return astar::to_string(static_cast<astar::Layer>(i)); });
}

std::optional<astar::Layer> parse_layer(std::string_view name) {
  return astar::parse_enum_name<astar::Layer>(name,
                                              [](astar::Layer l) { return astar::to_string(l); });
}

astar::Error bad(std::string_view option, std::string_view value, std::string_view expected) {
  return {std::string(option) + ": expected " + std::string(expected) + ", got '" +
          std::string(value) + "'"};
}

// [SECTION] The options

// What parsing has seen so far, for the checks across options at the end.
struct Seen {
  bool frames = false, steps = false, weight = false;
};

// One option: its name, its argument (empty: a flag), its --help line, and how it applies its
// value. `apply` gets the value (none when the command line ended before it; flags get none) and
// returns an error message, or "" when it took the value.
struct OptionSpec {
  std::string_view name;
  std::string_view arg;
  std::string (*help)();
  std::string (*apply)(Options& o, Seen& seen, std::optional<std::string_view> v);
};

std::string bad_value(std::string_view option, std::string_view value, std::string_view expected) {
  return bad(option, value, expected).message;
}

// A whole number in [lo, hi] into `out`; else the message naming `what`.
template <class T>
std::string number_in(std::string_view option, std::optional<std::string_view> v, T& out, T lo,
                      T hi, std::string_view what) {
  if (!v) return std::string(option) + ": missing value";
  if (!parse_number(*v, out) || !(out >= lo && out <= hi)) return bad_value(option, *v, what);
  return "";
}

std::string file_name(std::string_view option, std::optional<std::string_view> v, std::string& out) {
  if (!v || v->empty()) return std::string(option) + ": missing file name";
  out = std::string(*v);
  return "";
}

std::string text(const char* t) { return t; }

// A cell "X,Y" (astar::parse_cell_arg) into `out`; else the message naming `option`.
std::string cell_value(std::string_view option, std::optional<std::string_view> v,
                       std::optional<astar::Cell>& out) {
  if (!v) return std::string(option) + ": missing value (X,Y)";
  astar::Result<astar::Cell> c = astar::parse_cell_arg(option, *v);
  if (!c) return c.error();
  out = c.value();
  return "";
}

std::string parse_compare(Options& o, std::string_view v) {
  o.compare.clear();
  o.compare_trace = -1;
  for (std::size_t at = 0; at <= v.size();) {
    const std::size_t comma = std::min(v.find(',', at), v.size());
    const std::string_view name = v.substr(at, comma - at);
    const auto a = astar::parse_algorithm(name);
    if (name == "trace" && o.compare_trace < 0) {
      o.compare_trace = static_cast<int>(o.compare.size());
      o.compare.push_back(astar::Algorithm::AStar);  // the pane's choice should the trace close
    } else if (!a) {
      return bad_value("--compare", v, "2 to 4 comma-separated names, each one of " +
                                           algorithm_names() + ", or trace (with --trace)");
    } else {
      o.compare.push_back(*a);
    }
    at = comma + 1;
  }
  if (o.compare.size() < 2 || o.compare.size() > 4)
    return bad_value("--compare", v, "2 to 4 comma-separated algorithm names");
  return "";
}

std::string parse_overlay_setting(Options& o, std::string_view v) {
  const std::string expected = "NAME=off|on|OPACITY (0..1) with NAME one of " + overlay_names();
  const auto eq = v.find('=');
  const auto id = eq == std::string_view::npos ? std::nullopt : parse_overlay(v.substr(0, eq));
  if (!id) return bad_value("--overlay", v, expected);
  const std::string_view setting = v.substr(eq + 1);
  Overlay& ov = o.overlays[*id];
  float opacity = 0.0f;
  if (setting == "on" || setting == "off") {
    ov.on = setting == "on";
  } else if (parse_number(setting, opacity) && opacity >= 0.0f && opacity <= 1.0f) {
    ov.on = opacity > 0.0f;
    if (ov.on) ov.opacity = opacity;
  } else {
    return bad_value("--overlay", v, expected);
  }
  return "";
}

// --hide-layer NAME or --layer-opacity NAME=V.
std::string parse_layer_view(Options& o, std::string_view option, std::optional<std::string_view> v) {
  const bool hide = option == "--hide-layer";
  const std::string expected = hide ? "a layer NAME, one of " + layer_names()
                                    : "NAME=OPACITY (0..1), NAME one of " + layer_names();
  if (!v) return std::string(option) + ": missing value (" + expected + ")";
  const std::string_view name = hide ? *v : v->substr(0, v->find('='));
  const auto layer = parse_layer(name);
  if (!layer) return bad_value(option, *v, expected);
  LayerView& view = o.layers[*layer];
  if (hide) {
    view.visible = false;
    return "";
  }
  float opacity = 0.0f;
  if (v->find('=') == std::string_view::npos || !parse_number(v->substr(v->find('=') + 1), opacity) ||
      !(opacity >= 0.0f && opacity <= 1.0f))
    return bad_value(option, *v, expected);
  view.opacity = opacity;
  if (opacity == 0.0f) view.visible = false;
  return "";
}

std::string parse_tool(Options& o, std::optional<std::string_view> v) {
  if (!v) return "--tool: missing value (wall, erase, cost=V or height=H)";
  const std::string_view name = v->substr(0, v->find('='));
  const std::string_view num = v->find('=') == std::string_view::npos ? "" : v->substr(v->find('=') + 1);
  if (name == "wall" && num.empty()) o.tool = 0;
  else if (name == "erase" && num.empty()) o.tool = 1;
  else if (name == "cost" && parse_number(num, o.tool_value) && o.tool_value >= 0.1 && o.tool_value <= 100) o.tool = 2;
  else if (name == "height" && parse_number(num, o.tool_value) && std::abs(o.tool_value) <= 20 &&
           o.tool_value == std::floor(o.tool_value)) o.tool = 3;
  else return bad_value("--tool", *v, "wall, erase, cost=V (0.1..100) or height=H (-20..20)");
  return "";
}

std::string parse_open_dialog(Options& o, std::optional<std::string_view> v) {
  if (!v) return "--open-dialog: missing value (generate, import, export-map or export-png)";
  if (*v != "generate" && *v != "import" && *v != "export-map" && *v != "export-png")
    return bad_value("--open-dialog", *v, "generate, import, export-map or export-png");
  o.open_dialog = std::string(*v);
  return "";
}

std::string parse_recipe(Options& o, std::optional<std::string_view> v) {
  if (!v) return "--recipe: missing value (e.g. \"maze-division --size 21x15 --seed 9\")";
  if (auto r = astar::parse_generator_recipe(*v); !r) return "--recipe: " + r.error();
  o.recipe = std::string(*v);
  o.open_dialog = "generate";
  return "";
}

// A named value of an enum (--algorithm, --heuristic, --tie-break, --palette).
template <class T, class Parse>
std::string named(std::string_view option, std::optional<std::string_view> v, T& out, Parse&& parse,
                  const std::string& names, bool names_when_missing) {
  if (!v) return std::string(option) + ": missing value" + (names_when_missing ? " (" + names + ")" : "");
  const auto parsed = parse(*v);
  if (!parsed) return bad_value(option, *v, names);
  out = *parsed;
  return "";
}

// function-length: table
const std::vector<OptionSpec>& option_table() {
  using V = std::optional<std::string_view>;
  static const std::vector<OptionSpec> kOptions = {
      {"--screenshot", "FILE",
       [] { return text("render --frames frames, write the window to FILE (PNG) and a view-mapping sidecar FILE.json, then exit"); },
       [](Options& o, Seen&, V v) { return file_name("--screenshot", v, o.screenshot); }},
      {"--frames", "N", [] { return text("frames rendered before the screenshot (default 5, 1..1000)"); },
       [](Options& o, Seen& s, V v) {
         s.frames = true;
         return number_in("--frames", v, o.frames, 1, 1000, "a frame count 1..1000");
       }},
      {"--steps", "K", [] { return text("take K search iterations at start"); },
       [](Options& o, Seen& s, V v) {
         s.steps = true;
         return number_in<std::int64_t>("--steps", v, o.steps, 0, INT64_MAX, "an iteration count >= 0");
       }},
      {"--run", "", [] { return text("run the search to the end at start"); },
       [](Options& o, Seen&, V) { return (o.run = true, std::string()); }},
      {"--back", "K", [] { return text("then step back K iterations (rewind)"); },
       [](Options& o, Seen&, V v) {
         return number_in<std::int64_t>("--back", v, o.back, 0, INT64_MAX, "an iteration count >= 0");
       }},
      {"--play-steps", "K",
       [] { return text("with --screenshot: take K iterations every frame, as playing does, until the screenshot"); },
       [](Options& o, Seen&, V v) {
         return number_in<std::int64_t>("--play-steps", v, o.play_steps, 1, 1000000, "an iteration count 1..1000000");
       }},
      {"--size", "WxH", [] { return text("window size in pixels (default 1280x800 times the UI scale, within the screen)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--size: missing value");
         if (!parse_pair(*v, 'x', o.width, o.height) || o.width < 320 || o.height < 240 || o.width > 8192 ||
             o.height > 8192)
           return bad_value("--size", *v, "WxH between 320x240 and 8192x8192");
         o.size_given = true;
         return std::string();
       }},
      {"--zoom", "PX", [] { return text("cell size in pixels (default: fit the level to the canvas)"); },
       [](Options& o, Seen&, V v) {
         int px = 0;
         const std::string e = number_in("--zoom", v, px, 1, 256, "a cell size 1..256");
         if (e.empty()) o.zoom = static_cast<float>(px);
         return e;
       }},
      {"--focus", "X,Y", [] { return text("cell to centre in the canvas (with --zoom)"); },
       [](Options& o, Seen&, V v) {
         const std::string e = cell_value("--focus", v, o.focus);
         if (e.empty() && (o.focus->x < 0 || o.focus->y < 0)) return bad_value("--focus", *v, "a cell X,Y");
         return e;
       }},
      {"--start", "X,Y",
       [] { return text("the search's start, over the level's own: X the column and Y the row, from 0 at the top left (as MovingAI .scen files count them); refused outside the level and on a wall"); },
       [](Options& o, Seen&, V v) { return cell_value("--start", v, o.endpoints.start); }},
      {"--goal", "X,Y",
       [] { return text("the search's goal, over the level's own, as --start; with both, a MovingAI .map opens on that query"); },
       [](Options& o, Seen&, V v) { return cell_value("--goal", v, o.endpoints.goal); }},
      {"--algorithm", "NAME", [] { return "the search, one of " + algorithm_names() + " (default astar)"; },
       [](Options& o, Seen&, V v) {
         return named("--algorithm", v, o.algorithm, astar::parse_algorithm, "one of " + algorithm_names(), true);
       }},
      {"--heuristic", "NAME",
       [] { return text("manhattan, euclidean, octile (default on squares), chebyshev, hex (default on hexes; the only one there with zero) or zero"); },
       [](Options& o, Seen&, V v) {
         return named("--heuristic", v, o.heuristic, astar::parse_heuristic,
                      "manhattan, euclidean, octile, chebyshev, hex or zero", false);
       }},
      {"--range", "B",
       [] { return text("show the movement range: every cell a unit on the start reaches with B movement points (Dijkstra stopped at B), over the level's search.budget"); },
       [](Options& o, Seen&, V v) {
         double b = 0.0;
         const std::string e = number_in("--range", v, b, 0.0, 1e9, "movement points 0..1000000000");
         if (e.empty()) o.range = b;
         return e;
       }},
      {"--units", "PLANNER",
       [] { return text("play the level's units, planned by flow-field, ca-star, whca-star or cbs (over the level's units_plan)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--units: missing value (flow-field, ca-star, whca-star or cbs)");
         if (*v != "flow-field" && *v != "ca-star" && *v != "whca-star" && *v != "cbs")
           return bad_value("--units", *v, "flow-field, ca-star, whca-star or cbs");
         o.units_planner = std::string(*v);
         return std::string();
       }},
      {"--window", "W", [] { return text("whca-star's window for --units, 2..100000 ticks (default 16)"); },
       [](Options& o, Seen&, V v) { return number_in("--window", v, o.units_window, std::uint32_t{2}, std::uint32_t{100000}, "a window 2..100000"); }},
      {"--tick", "T", [] { return text("with --units (or a level's units_plan): the time slider at tick T"); },
       [](Options& o, Seen&, V v) { return number_in("--tick", v, o.units_tick, std::int64_t{0}, std::int64_t{10000000}, "a tick 0..10000000"); }},
      {"--scen", "FILE", [] { return text("a MovingAI scenario whose first --agents K queries become the level's units, under the multi-agent benchmark's rules (LEVEL its .map)"); },
       [](Options& o, Seen&, V v) { return file_name("--scen", v, o.scen); }},
      {"--agents", "K", [] { return text("with --scen: how many of its queries, 1..10000"); },
       [](Options& o, Seen&, V v) { return number_in("--agents", v, o.agents, std::int64_t{1}, std::int64_t{10000}, "a unit count 1..10000"); }},
      {"--watch-steps", "K", [] { return text("with --units ca-star, whca-star or cbs: watch the planner plan, K nodes (CBS: iterations) in"); },
       [](Options& o, Seen&, V v) { return number_in("--watch-steps", v, o.watch_steps, std::int64_t{0}, std::int64_t{1000000000}, "a node count 0..1000000000"); }},
      {"--cbs-nodes", "N", [] { return text("with --units cbs: watch it plan, N constraint-tree nodes expanded (then --watch-steps K iterations)"); },
       [](Options& o, Seen&, V v) { return number_in("--cbs-nodes", v, o.cbs_nodes, std::int64_t{0}, std::int64_t{100000000}, "a node count 0..100000000"); }},
      {"--cbs-select", "ID", [] { return text("watching cbs: show constraint-tree node ID (its plans, conflict and constraints)"); },
       [](Options& o, Seen&, V v) { return number_in("--cbs-select", v, o.cbs_select, std::int64_t{0}, std::int64_t{100000000}, "a node id 0..100000000"); }},
      {"--cbs-choice", "NAME", [] { return text("cbs's conflict choice: first (plain CBS) or cardinal (prioritized, the default)"); },
       [](Options& o, Seen&, V v) { return named("--cbs-choice", v, o.cbs_choice, astar::cbs_conflict_choice_from, "first or cardinal", true); }},
      {"--weight", "W", [] { return text("weighted A*'s w, 1..10 (default 2); needs --algorithm weighted-astar"); },
       [](Options& o, Seen& s, V v) {
         s.weight = true;
         return number_in("--weight", v, o.weight, 1.0, 10.0, "a weight 1..10");
       }},
      {"--tie-break", "NAME", [] { return "order of equal f: " + tie_break_names() + " (default larger-g; bfs is first in, first out)"; },
       [](Options& o, Seen&, V v) {
         return named("--tie-break", v, o.tie_break, astar::parse_tie_break, "one of " + tie_break_names(), true);
       }},
      {"--partial-path", "",
       [] { return text("when no path exists, show the path to the reached cell nearest the goal (not with bidirectional)"); },
       [](Options& o, Seen&, V) { return (o.partial_path = true, std::string()); }},
      {"--smooth", "",
       [] { return text("also show the path smoothed by string pulling (not with theta-star, already any-angle)"); },
       [](Options& o, Seen&, V) { return (o.smooth = true, std::string()); }},
      {"--cluster-size", "N", [] { return text("HPA*'s cluster side in cells, 4..256 (default 16); used by --algorithm hpa-star"); },
       [](Options& o, Seen&, V v) {
         return number_in("--cluster-size", v, o.cluster_size, 4, 256, "a cluster side 4..256");
       }},
      {"--hpa-smooth", "", [] { return text("HPA*'s last step smooths its path (an A* inside the clusters it crosses)"); },
       [](Options& o, Seen&, V) { return (o.hpa_smooth = true, std::string()); }},
      {"--gif", "FILE", [] { return text("export the run as an animated GIF of the canvas, then exit"); },
       [](Options& o, Seen&, V v) { return file_name("--gif", v, o.gif); }},
      {"--gif-range", "A:B", [] { return text("the iterations it shows (default 0 to the end of the search)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--gif-range: missing value");
         long long a = 0, b = 0;
         if (!parse_pair(*v, ':', a, b) || a < 0 || b < a) return bad_value("--gif-range", *v, "A:B with 0 <= A <= B");
         o.gif_from = a;
         o.gif_to = b;
         return std::string();
       }},
      {"--gif-frames", "N", [] { return text("frames, evenly spaced over the range (default 40, 2..1000)"); },
       [](Options& o, Seen&, V v) { return number_in("--gif-frames", v, o.gif_frames, 2, 1000, "a frame count 2..1000"); }},
      {"--gif-delay", "MS", [] { return text("time per frame (default 100, 10..10000)"); },
       [](Options& o, Seen&, V v) {
         return number_in("--gif-delay", v, o.gif_delay_ms, 10, 10000, "a delay of 10..10000 ms");
       }},
      {"--gif-shrink", "K", [] { return text("reduce the canvas K times in each direction (default 1, 1..8)"); },
       [](Options& o, Seen&, V v) { return number_in("--gif-shrink", v, o.gif_shrink, 1, 8, "a factor 1..8"); }},
      {"--present", "",
       [] { return text("presentation mode: fonts 1.6 times larger, high-contrast style, full screen, no debugger column (F11 toggles it)"); },
       [](Options& o, Seen&, V) { return (o.present = true, std::string()); }},
      {"--embed", "",
       [] { return text("for a course page's iframe: during an exercise only the grid, the Exercise panel and the status line (no menu, no debugger column)"); },
       [](Options& o, Seen&, V) { return (o.embed = true, std::string()); }},
      {"--palette", "NAME", [] { return text("colours: default, colour-blind (Okabe-Ito) or high-contrast"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--palette: missing value (default, colour-blind or high-contrast)");
         return named("--palette", v, o.palette, palette::parse, "default, colour-blind or high-contrast", true);
       }},
      {"--patterns", "on|off",
       [] { return text("a second cue beside hue: dots on open cells, a cross-hatch on closed ones, dots on the path (default: on for colour-blind and high-contrast, off for default)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--patterns: missing value (on or off)");
         if (*v != "on" && *v != "off") return bad_value("--patterns", *v, "on or off");
         o.patterns = *v == "on";
         return std::string();
       }},
      {"--ui-scale", "F",
       [] { return text("scale fonts and widgets F times, 0.5..4 (default: the monitor's content scale, 2 on most 4K laptops)"); },
       [](Options& o, Seen&, V v) { return number_in("--ui-scale", v, o.ui_scale, 0.5f, 4.0f, "a scale 0.5..4"); }},
      {"--compare", "A,B,...",
       [] { return text("open the Compare window with 2 to 4 algorithms side by side (--steps and --run step them too)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return "--compare: missing value (2 to 4 of " + algorithm_names() + ")";
         return parse_compare(o, *v);
       }},
      {"--overlay", "NAME=V",
       [] { return "show an overlay (on), hide it (off) or set its opacity (0..1; 0 hides it), repeatable; NAME is one of " + overlay_names(); },
       [](Options& o, Seen&, V v) {
         if (!v) return "--overlay: missing value (NAME=off|on|OPACITY (0..1) with NAME one of " + overlay_names() + ")";
         return parse_overlay_setting(o, *v);
       }},
      {"--heat", "g|h|f", [] { return text("heat map of g, h or f over the seen cells (viridis, low to high)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--heat: missing value (g, h or f)");
         const std::string e = named("--heat", v, o.overlays.heat, parse_heat, "g, h or f", true);
         if (e.empty()) o.overlays[OverlayId::Heat].on = true;
         return e;
       }},
      {"--check-heuristic", "",
       [] { return text("run the heuristic check at start: mark the cells where h overestimates and the moves where it is inconsistent"); },
       [](Options& o, Seen&, V) { return (o.check_heuristic = true, std::string()); }},
      {"--hide-layer", "NAME",
       [] { return "hide a layer of the level (as the layer panel's eye does), repeatable; NAME is one of " + layer_names(); },
       [](Options& o, Seen&, V v) { return parse_layer_view(o, "--hide-layer", v); }},
      {"--layer-opacity", "NAME=V", [] { return text("draw a layer at opacity V (0..1; 0 hides it), repeatable"); },
       [](Options& o, Seen&, V v) { return parse_layer_view(o, "--layer-opacity", v); }},
      {"--lock-layer", "NAME", [] { return text("lock a layer against editing (as the layer panel's lock does), repeatable"); },
       [](Options& o, Seen&, V v) {
         const std::string expected = "a layer NAME, one of " + layer_names();
         if (!v) return "--lock-layer: missing value (" + expected + ")";
         const auto layer = parse_layer(*v);
         if (!layer) return bad_value("--lock-layer", *v, expected);
         o.layers[*layer].locked = true;
         return std::string();
       }},
      {"--tool", "T",
       [] { return text("the painting tool at start: wall, erase, cost=V (0.1..100) or height=H (-20..20)"); },
       [](Options& o, Seen&, V v) { return parse_tool(o, v); }},
      {"--autosave-seconds", "N",
       [] { return text("write unsaved changes to a recovery file in the config folder every N seconds (default 30, 0..86400; 0: never)"); },
       [](Options& o, Seen&, V v) {
         return number_in("--autosave-seconds", v, o.autosave_seconds, 0, 86400, "seconds 0..86400 (0: no autosave)");
       }},
      {"--bench-frames", "N",
       [] { return text("render N frames without vsync (after 20 warm-up frames), print the frame times (median, 95th percentile, max) and exit"); },
       [](Options& o, Seen&, V v) {
         return number_in("--bench-frames", v, o.bench_frames, 1, 100000, "a frame count 1..100000");
       }},
      {"--bench-pan", "", [] { return text("with --bench-frames: pan the view every frame"); },
       [](Options& o, Seen&, V) { return (o.bench_pan = true, std::string()); }},
      {"--bench-play", "IPS", [] { return text("with --bench-frames: play the search, IPS iterations per second"); },
       [](Options& o, Seen&, V v) {
         return number_in("--bench-play", v, o.bench_play, 1.0, 1e7, "iterations per second 1..10000000");
       }},
      {"--open-dialog", "NAME", [] { return text("open a dialog at start: generate, import, export-map or export-png"); },
       [](Options& o, Seen&, V v) { return parse_open_dialog(o, v); }},
      {"--recipe", "RECIPE",
       [] { return text("open Edit > Generate level filled in from a recipe, e.g. \"maze-division --size 21x15 --seed 9\""); },
       [](Options& o, Seen&, V v) { return parse_recipe(o, v); }},
      {"--import", "FILE", [] { return text("open File > Import with FILE read (.png, .jpg, .map, .tmj)"); },
       [](Options& o, Seen&, V v) {
         const std::string e = file_name("--import", v, o.import_path);
         if (e.empty()) o.open_dialog = "import";
         return e;
       }},
      {"--trace", "FILE",
       [] { return text("replay a search trace (Posthoc JSON or YAML, JSON Lines, astar trace JSON) on LEVEL, or on a blank level sized to its cells, and check it (--steps, --run and --back step it)"); },
       [](Options& o, Seen&, V v) { return file_name("--trace", v, o.trace_path); }},
      {"--follow", "",
       [] { return text("with --trace and LEVEL: follow the trace's file while another program writes it (JSON Lines, or a named pipe), showing events as they arrive; the file may not exist yet"); },
       [](Options& o, Seen&, V) { return (o.follow = true, std::string()); }},
      {"--finding", "N",
       [] { return text("with --trace (or a lesson that opens its own trace) or --plan: go to the check's N-th finding, as a click on it in the Findings panel does"); },
       [](Options& o, Seen&, V v) { return number_in("--finding", v, o.finding, 1, 1 << 30, "a finding number >= 1"); }},
      {"--plan", "FILE",
       [] { return text("play a multi-agent plan (Kei18's, Li's or MAPF Tracker's format) on LEVEL's units and check it, its findings in the Findings panel (--tick T: the time slider at T)"); },
       [](Options& o, Seen&, V v) { return file_name("--plan", v, o.plan_path); }},
      {"--exercise", "KIND",
       [] { return "start an exercise where you run the algorithm, each step checked: " + astar::exercise_kind_names() +
                   " (with --seed, --student, --difficulty, --question, --exam, --time-limit, --no-hints; --algorithm "
                   "picks expansion-order's and predict-closed's: astar, dijkstra, greedy or bfs)"; },
       [](Options& o, Seen&, V v) {
         const std::string names = "one of " + astar::exercise_kind_names();
         if (!v) return "--exercise: missing value (" + names + ")";
         const auto k = astar::parse_exercise_kind(*v);
         if (!k) return bad_value("--exercise", *v, names);
         o.exercise_args.kind = *k;
         o.exercise = o.exercise_args;  // made again once every option is read
         return std::string();
       }},
      {"--seed", "CLASS", [] { return text("with --exercise: the class's seed, any text up to 100 bytes (default class)"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--seed: missing value");
         o.exercise_args.seed = std::string(*v);
         return std::string();
       }},
      {"--student", "NAME",
       [] { return text("with --exercise: the student's name or number, mixed into the seed so each student gets a level of their own"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--student: missing value");
         o.exercise_args.student = std::string(*v);
         return std::string();
       }},
      {"--difficulty", "D",
       [] { return text("with --exercise: easy (6 x 6, 4 neighbours), medium (8 x 8, 8 neighbours; the default) or hard (10 x 10, costs 1-3, many ties)"); },
       [](Options& o, Seen&, V v) {
         return named("--difficulty", v, o.exercise_difficulty, astar::parse_exercise_difficulty, "easy, medium or hard", true);
       }},
      {"--question", "Q", [] { return text("with --exercise heuristic: admissible (the default) or consistent"); },
       [](Options& o, Seen&, V v) {
         if (!v) return std::string("--question: missing value (admissible or consistent)");
         if (*v != "admissible" && *v != "consistent") return bad_value("--question", *v, "admissible or consistent");
         o.exercise_args.question = std::string(*v);
         return std::string();
       }},
      {"--exam", "", [] { return text("with --exercise: an exam: no hints, no undo, one attempt"); },
       [](Options& o, Seen&, V) { return (o.exercise_args.exam = true, std::string()); }},
      {"--time-limit", "S", [] { return text("with --exam: the time limit in seconds (1..36000)"); },
       [](Options& o, Seen&, V v) {
         return number_in("--time-limit", v, o.exercise_args.time_limit, 1, astar::kExerciseMaxTimeLimit, "seconds 1..36000");
       }},
      {"--no-hints", "", [] { return text("with --exercise: no hints (an exam never has any)"); },
       [](Options& o, Seen&, V) { return (o.exercise_args.hints = false, std::string()); }},
      {"--resume", "RESULT",
       [] { return text("continue the exercise a result file records (as saved by the Exercise panel): made again from its seed and taken to where its answers got"); },
       [](Options& o, Seen&, V v) { return file_name("--resume", v, o.resume); }},
      {"--list-commands", "",
       [] { return text("print every command of the menus and keys as tab-separated id, label, shortcut, menu path, and exit"); },
       [](Options& o, Seen&, V) { return (o.list_commands = Options::CommandList::Tsv, std::string()); }},
      {"--list-keys", "",
       [] { return text("print the key table (Markdown, as in docs/studio.md) and exit"); },
       [](Options& o, Seen&, V) { return (o.list_commands = Options::CommandList::Markdown, std::string()); }},
      {"--list-lessons", "",
       [] { return text("print the lessons found (file, a tab, title; one per line) and exit; exit 1, naming the folders looked in, when there are none"); },
       [](Options& o, Seen&, V) { return (o.list_lessons = true, std::string()); }},
      {"--version", "", [] { return text("print the version and exit"); },
       [](Options& o, Seen&, V) { return (o.version = true, std::string()); }},
      {"--help", "", [] { return text("show this text"); },
       [](Options& o, Seen&, V) { return (o.help = true, std::string()); }},
  };
  return kOptions;
}

const OptionSpec* find_option(std::string_view name) {
  if (name == "-h") name = "--help";
  for (const OptionSpec& spec : option_table())
    if (spec.name == name) return &spec;
  return nullptr;
}

// --exercise's spec from the exercise options, checked by core; those options without it, or
// with what opens another level, are refused.
std::string check_exercise_options(Options& o) {
  constexpr std::string_view kNeedExercise[] = {"--seed", "--student", "--difficulty", "--question",
                                                "--exam", "--time-limit", "--no-hints"};
  if (!o.exercise) {
    for (std::string_view name : kNeedExercise)
      if (o.was_given(name)) return std::string(name) + " needs --exercise KIND";
    if (!o.resume.empty() && (!o.level_path.empty() || !o.trace_path.empty()))
      return "--resume opens its own exercise: no LEVEL or --trace with it";
    return "";
  }
  if (!o.resume.empty()) return "--exercise and --resume cannot be combined (the result file names its exercise)";
  if (!o.level_path.empty() || !o.trace_path.empty() || !o.plan_path.empty())
    return "--exercise makes its own level: no LEVEL, --trace or --plan with it";
  if (o.was_given("--time-limit") && !o.exercise_args.exam) return "--time-limit needs --exam";
  astar::ExerciseSpec spec = o.exercise_args;
  if (o.exercise_difficulty) spec = astar::with_difficulty(spec, *o.exercise_difficulty);
  if (o.was_given("--algorithm")) spec.algorithm = std::string(astar::info(o.algorithm).name);
  if (std::string why = astar::check_exercise_spec(spec); !why.empty()) return "--exercise: " + why;
  o.exercise = spec;
  return "";
}

// The checks across options, once all are read.
std::string check_combinations(Options& o, const Seen& seen) {
  if (o.run && seen.steps) return "--steps and --run cannot be combined";
  if (!o.gif.empty() && !o.screenshot.empty()) return "--gif and --screenshot cannot be combined";
  if (seen.frames && o.screenshot.empty()) return "--frames needs --screenshot";
  if (o.play_steps > 0 && o.screenshot.empty()) return "--play-steps needs --screenshot";
  if ((o.bench_pan || o.bench_play > 0) && o.bench_frames == 0)
    return "--bench-pan and --bench-play need --bench-frames";
  if (o.bench_frames > 0 && (!o.screenshot.empty() || !o.gif.empty()))
    return "--bench-frames cannot be combined with --screenshot or --gif";
  if (o.finding > 0 && o.trace_path.empty() && o.level_path.empty())
    return "--finding needs --trace, or a LEVEL whose search.trace names one";
  if (o.follow && o.trace_path.empty()) return "--follow needs --trace";
  if (!o.plan_path.empty() && o.level_path.empty()) return "--plan needs a LEVEL: the plan's units are its units";
  if (!o.plan_path.empty() && !o.units_planner.empty()) return "--plan and --units cannot be combined";
  if (o.compare_trace >= 0 && o.trace_path.empty()) return "--compare: trace needs --trace";
  if (o.follow && o.level_path.empty())
    return "--follow needs a LEVEL: a trace still being written does not know its size yet";
  if (o.follow && o.finding > 0) return "--follow and --finding cannot be combined";
  if ((o.cbs_nodes >= 0 || o.cbs_select >= 0 || o.cbs_choice) && !o.units_planner.empty() && o.units_planner != "cbs")
    return "--cbs-nodes, --cbs-select and --cbs-choice need --units cbs (or a LEVEL whose units_plan is cbs)";
  if (seen.weight && !astar::info(o.algorithm).takes_weight)
    return "--weight applies to --algorithm weighted-astar only";
  if (o.partial_path && !astar::info(o.algorithm).partial_paths)
    return "--partial-path: " + std::string(astar::info(o.algorithm).name) + " has no partial paths";
  return check_exercise_options(o);
}

}  // namespace

std::string usage() {
  std::string out =
      "usage: astar-studio [LEVEL] [options]\n"
      "\n"
      "Paint grid levels and watch a search (A* and others) run one iteration at a time.\n"
      "LEVEL defaults to welcome.json in the levels folder (see --list-lessons).\n"
      "\n"
      "options:\n";
  constexpr std::size_t kColumn = 21;
  for (const OptionSpec& spec : option_table()) {
    std::string head = "  " + std::string(spec.name) + (spec.arg.empty() ? "" : " " + std::string(spec.arg));
    if (head.size() + 1 > kColumn) {
      out += head + "\n";
      head.clear();
    }
    head.resize(kColumn, ' ');
    out += head + wrapped(spec.help(), kColumn);
  }
  return out;
}

astar::Result<Options> parse_options(int argc, const char* const* argv) {
  Options o;
  Seen seen;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--")) o.given.emplace_back(arg);
    if (const OptionSpec* spec = find_option(arg)) {
      std::optional<std::string_view> value;
      if (!spec->arg.empty() && i + 1 < argc) value = argv[++i];
      if (std::string error = spec->apply(o, seen, value); !error.empty()) return astar::Error{error};
    } else if (arg.starts_with("-") && arg.size() > 1) {
      return astar::Error{"unknown option '" + std::string(arg) + "' (see --help)"};
    } else if (o.level_path.empty()) {
      o.level_path = std::string(arg);
    } else {
      return astar::Error{"more than one level given: '" + o.level_path + "' and '" + std::string(arg) + "'"};
    }
  }
  if (std::string error = check_combinations(o, seen); !error.empty()) return astar::Error{error};
  return o;
}

}  // namespace studio
