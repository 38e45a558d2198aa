#include "options.hpp"

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
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end;
}

// "WxH" / "X,Y": two integers around a separator.
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
  for (int i = 0; i < astar::kLayerCount; ++i)
    if (astar::to_string(static_cast<astar::Layer>(i)) == name) return static_cast<astar::Layer>(i);
  return std::nullopt;
}

astar::Error bad(std::string_view option, std::string_view value, std::string_view expected) {
  return {std::string(option) + ": expected " + std::string(expected) + ", got '" +
          std::string(value) + "'"};
}

}  // namespace

std::string usage() {
  return "usage: astar-studio [LEVEL] [options]\n"
         "\n"
         "Paint grid levels and watch a search (A* and others) run one iteration at a time.\n"
         "LEVEL defaults to levels/welcome.json.\n"
         "\n"
         "options:\n"
         "  --screenshot FILE  render --frames frames, write the window to FILE (PNG) and a\n"
         "                     view-mapping sidecar FILE.json, then exit\n"
         "  --frames N         frames rendered before the screenshot (default 5, 1..1000)\n"
         "  --steps K          take K search iterations at start\n"
         "  --run              run the search to the end at start\n"
         "  --back K           then step back K iterations (rewind)\n"
         "  --play-steps K     with --screenshot: take K iterations every frame, as playing\n"
         "                     does, until the screenshot\n"
         "  --size WxH         window size in pixels (default 1280x800 times the UI scale,\n"
         "                     within the screen)\n"
         "  --zoom PX          cell size in pixels (default: fit the level to the canvas)\n"
         "  --focus X,Y        cell to centre in the canvas (with --zoom)\n"
         "  --algorithm NAME   " + wrapped("the search, one of " + algorithm_names() + " (default astar)", 21) +
         "  --heuristic NAME   manhattan, euclidean, octile (default), chebyshev or zero\n"
         "  --weight W         weighted A*'s w, 1..10 (default 2); needs\n"
         "                     --algorithm weighted-astar\n"
         "  --tie-break NAME   " + wrapped("order of equal f: " + tie_break_names() + " (default larger-g)", 21) +
         "  --partial-path     when no path exists, show the path to the reached cell nearest\n"
         "                     the goal (not with bidirectional)\n"
         "  --smooth           also show the path smoothed by string pulling (not with\n"
         "                     theta-star, already any-angle)\n"
         "  --gif FILE         export the run as an animated GIF of the canvas, then exit\n"
         "  --gif-range A:B    the iterations it shows (default 0 to the end of the search)\n"
         "  --gif-frames N     frames, evenly spaced over the range (default 40, 2..1000)\n"
         "  --gif-delay MS     time per frame (default 100, 10..10000)\n"
         "  --gif-shrink K     reduce the canvas K times in each direction (default 1, 1..8)\n"
         "  --present          presentation mode: fonts 1.6 times larger, high-contrast\n"
         "                     style, full screen, no debugger column (F11 toggles it)\n"
         "  --palette NAME     colours: default, colour-blind (Okabe-Ito) or high-contrast\n"
         "  --patterns on|off  a second cue beside hue: dots on open cells, a cross-hatch on\n"
         "                     closed ones, dots on the path (default: on for colour-blind\n"
         "                     and high-contrast, off for default)\n"
         "  --ui-scale F       scale fonts and widgets F times, 0.5..4 (default: the\n"
         "                     monitor's content scale, 2 on most 4K laptops)\n"
         "  --compare A,B,...  open the Compare window with 2 to 4 algorithms side by side\n"
         "                     (--steps and --run step them too)\n"
         "  --overlay NAME=V   show an overlay (on), hide it (off) or set its opacity\n"
         "                     (0..1; 0 hides it), repeatable; NAME is one of\n"
         "                     " + wrapped(overlay_names(), 21) +
         "  --heat g|h|f       heat map of g, h or f over the seen cells (viridis, low to\n"
         "                     high)\n"
         "  --check-heuristic  run the heuristic check at start: mark the cells where h\n"
         "                     overestimates and the moves where it is inconsistent\n"
         "  --hide-layer NAME  hide a layer of the level (as the layer panel's eye does),\n"
         "                     repeatable; NAME is one of\n"
         "                     " + wrapped(layer_names(), 21) +
         "  --layer-opacity NAME=V\n"
         "                     draw a layer at opacity V (0..1; 0 hides it), repeatable\n"
         "  --lock-layer NAME  lock a layer against editing (as the layer panel's lock\n"
         "                     does), repeatable\n"
         "  --tool T           the painting tool at start: wall, erase, cost=V (0.1..100) or\n"
         "                     height=H (-20..20)\n"
         "  --autosave-seconds N  write unsaved changes to a recovery file in the config\n"
         "                     folder every N seconds (default 30, 0..86400; 0: never)\n"
         "  --bench-frames N   render N frames without vsync (after 20 warm-up frames),\n"
         "                     print the frame times (median, 95th percentile, max) and exit\n"
         "  --bench-pan        with --bench-frames: pan the view every frame\n"
         "  --bench-play IPS   with --bench-frames: play the search, IPS iterations per second\n"
         "  --open-dialog NAME open a dialog at start: generate, import, export-map or\n"
         "                     export-png\n"
         "  --recipe RECIPE    open Edit > Generate level filled in from a recipe, e.g.\n"
         "                     \"maze-division --size 21x15 --seed 9\"\n"
         "  --import FILE      open File > Import with FILE read (.png, .jpg, .map, .tmj)\n"
         "  --help             show this text\n";
}

astar::Result<Options> parse_options(int argc, const char* const* argv) {
  Options o;
  bool frames_given = false;
  bool steps_given = false;
  bool weight_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    // Options with a value take the next argument.
    auto value = [&](std::string_view& out) -> bool {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string_view v;
    if (arg.starts_with("--")) o.given.emplace_back(arg);
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--run") {
      o.run = true;
    } else if (arg == "--screenshot") {
      if (!value(v) || v.empty()) return astar::Error{"--screenshot: missing file name"};
      o.screenshot = std::string(v);
    } else if (arg == "--frames") {
      if (!value(v)) return astar::Error{"--frames: missing value"};
      if (!parse_number(v, o.frames) || o.frames < 1 || o.frames > 1000)
        return bad(arg, v, "a frame count 1..1000");
      frames_given = true;
    } else if (arg == "--steps") {
      if (!value(v)) return astar::Error{"--steps: missing value"};
      if (!parse_number(v, o.steps) || o.steps < 0) return bad(arg, v, "an iteration count >= 0");
      steps_given = true;
    } else if (arg == "--play-steps") {
      if (!value(v)) return astar::Error{"--play-steps: missing value"};
      if (!parse_number(v, o.play_steps) || o.play_steps < 1 || o.play_steps > 1000000)
        return bad(arg, v, "an iteration count 1..1000000");
    } else if (arg == "--back") {
      if (!value(v)) return astar::Error{"--back: missing value"};
      if (!parse_number(v, o.back) || o.back < 0) return bad(arg, v, "an iteration count >= 0");
    } else if (arg == "--size") {
      if (!value(v)) return astar::Error{"--size: missing value"};
      if (!parse_pair(v, 'x', o.width, o.height) || o.width < 320 || o.height < 240 ||
          o.width > 8192 || o.height > 8192)
        return bad(arg, v, "WxH between 320x240 and 8192x8192");
      o.size_given = true;
    } else if (arg == "--zoom") {
      if (!value(v)) return astar::Error{"--zoom: missing value"};
      int px = 0;
      if (!parse_number(v, px) || px < 1 || px > 256) return bad(arg, v, "a cell size 1..256");
      o.zoom = static_cast<float>(px);
    } else if (arg == "--focus") {
      if (!value(v)) return astar::Error{"--focus: missing value"};
      astar::Cell c;
      if (!parse_pair(v, ',', c.x, c.y) || c.x < 0 || c.y < 0) return bad(arg, v, "a cell X,Y");
      o.focus = c;
    } else if (arg == "--heuristic") {
      if (!value(v)) return astar::Error{"--heuristic: missing value"};
      const auto h = astar::parse_heuristic(v);
      if (!h) return bad(arg, v, "manhattan, euclidean, octile, chebyshev or zero");
      o.heuristic = *h;
    } else if (arg == "--algorithm") {
      if (!value(v)) return astar::Error{"--algorithm: missing value (one of " + algorithm_names() + ")"};
      const auto a = astar::parse_algorithm(v);
      if (!a) return bad(arg, v, "one of " + algorithm_names());
      o.algorithm = *a;
    } else if (arg == "--weight") {
      if (!value(v)) return astar::Error{"--weight: missing value"};
      if (!parse_number(v, o.weight) || !(o.weight >= 1.0 && o.weight <= 10.0))
        return bad(arg, v, "a weight 1..10");
      weight_given = true;
    } else if (arg == "--tie-break") {
      if (!value(v)) return astar::Error{"--tie-break: missing value (one of " + tie_break_names() + ")"};
      const auto t = astar::parse_tie_break(v);
      if (!t) return bad(arg, v, "one of " + tie_break_names());
      o.tie_break = *t;
    } else if (arg == "--gif") {
      if (!value(v) || v.empty()) return astar::Error{"--gif: missing file name"};
      o.gif = std::string(v);
    } else if (arg == "--gif-range") {
      if (!value(v)) return astar::Error{"--gif-range: missing value"};
      long long a = 0, b = 0;
      if (!parse_pair(v, ':', a, b) || a < 0 || b < a) return bad(arg, v, "A:B with 0 <= A <= B");
      o.gif_from = a;
      o.gif_to = b;
    } else if (arg == "--gif-frames") {
      if (!value(v)) return astar::Error{"--gif-frames: missing value"};
      if (!parse_number(v, o.gif_frames) || o.gif_frames < 2 || o.gif_frames > 1000)
        return bad(arg, v, "a frame count 2..1000");
    } else if (arg == "--gif-delay") {
      if (!value(v)) return astar::Error{"--gif-delay: missing value"};
      if (!parse_number(v, o.gif_delay_ms) || o.gif_delay_ms < 10 || o.gif_delay_ms > 10000)
        return bad(arg, v, "a delay of 10..10000 ms");
    } else if (arg == "--gif-shrink") {
      if (!value(v)) return astar::Error{"--gif-shrink: missing value"};
      if (!parse_number(v, o.gif_shrink) || o.gif_shrink < 1 || o.gif_shrink > 8)
        return bad(arg, v, "a factor 1..8");
    } else if (arg == "--present") {
      o.present = true;
    } else if (arg == "--palette") {
      if (!value(v)) return astar::Error{"--palette: missing value (default, colour-blind or high-contrast)"};
      const auto id = palette::parse(v);
      if (!id) return bad(arg, v, "default, colour-blind or high-contrast");
      o.palette = *id;
    } else if (arg == "--patterns") {
      if (!value(v)) return astar::Error{"--patterns: missing value (on or off)"};
      if (v != "on" && v != "off") return bad(arg, v, "on or off");
      o.patterns = v == "on";
    } else if (arg == "--ui-scale") {
      if (!value(v)) return astar::Error{"--ui-scale: missing value"};
      if (!parse_number(v, o.ui_scale) || !(o.ui_scale >= 0.5f && o.ui_scale <= 4.0f))
        return bad(arg, v, "a scale 0.5..4");
    } else if (arg == "--compare") {
      if (!value(v)) return astar::Error{"--compare: missing value (2 to 4 of " + algorithm_names() + ")"};
      o.compare.clear();
      for (std::size_t at = 0; at <= v.size();) {
        const std::size_t comma = std::min(v.find(',', at), v.size());
        const auto a = astar::parse_algorithm(v.substr(at, comma - at));
        if (!a) return bad(arg, v, "2 to 4 comma-separated names, each one of " + algorithm_names());
        o.compare.push_back(*a);
        at = comma + 1;
      }
      if (o.compare.size() < 2 || o.compare.size() > 4)
        return bad(arg, v, "2 to 4 comma-separated algorithm names");
    } else if (arg == "--overlay") {
      const std::string expected = "NAME=off|on|OPACITY (0..1) with NAME one of " + overlay_names();
      if (!value(v)) return astar::Error{"--overlay: missing value (" + expected + ")"};
      const auto eq = v.find('=');
      const auto id = eq == std::string_view::npos ? std::nullopt : parse_overlay(v.substr(0, eq));
      if (!id) return bad(arg, v, expected);
      const std::string_view setting = v.substr(eq + 1);
      Overlay& ov = o.overlays[*id];
      float opacity = 0.0f;
      if (setting == "on" || setting == "off") ov.on = setting == "on";
      else if (parse_number(setting, opacity) && opacity >= 0.0f && opacity <= 1.0f) {
        ov.on = opacity > 0.0f;
        if (ov.on) ov.opacity = opacity;
      } else {
        return bad(arg, v, expected);
      }
    } else if (arg == "--heat") {
      if (!value(v)) return astar::Error{"--heat: missing value (g, h or f)"};
      const auto source = parse_heat(v);
      if (!source) return bad(arg, v, "g, h or f");
      o.overlays.heat = *source;
      o.overlays[OverlayId::Heat].on = true;
    } else if (arg == "--autosave-seconds") {
      if (!value(v)) return astar::Error{"--autosave-seconds: missing value"};
      if (!parse_number(v, o.autosave_seconds) || o.autosave_seconds < 0 || o.autosave_seconds > 86400)
        return bad(arg, v, "seconds 0..86400 (0: no autosave)");
    } else if (arg == "--lock-layer") {
      const std::string expected = "a layer NAME, one of " + layer_names();
      if (!value(v)) return astar::Error{"--lock-layer: missing value (" + expected + ")"};
      const auto layer = parse_layer(v);
      if (!layer) return bad(arg, v, expected);
      o.layers[*layer].locked = true;
    } else if (arg == "--hide-layer" || arg == "--layer-opacity") {
      const bool hide = arg == "--hide-layer";
      const std::string expected = hide ? "a layer NAME, one of " + layer_names()
                                        : "NAME=OPACITY (0..1), NAME one of " + layer_names();
      if (!value(v)) return astar::Error{std::string(arg) + ": missing value (" + expected + ")"};
      const std::string_view name = hide ? v : v.substr(0, v.find('='));
      const auto layer = parse_layer(name);
      if (!layer) return bad(arg, v, expected);
      LayerView& view = o.layers[*layer];
      if (hide) {
        view.visible = false;
      } else {
        float opacity = 0.0f;
        if (v.find('=') == std::string_view::npos || !parse_number(v.substr(v.find('=') + 1), opacity) ||
            !(opacity >= 0.0f && opacity <= 1.0f))
          return bad(arg, v, expected);
        view.opacity = opacity;
        if (opacity == 0.0f) view.visible = false;
      }
    } else if (arg == "--check-heuristic") {
      o.check_heuristic = true;
    } else if (arg == "--tool") {
      if (!value(v)) return astar::Error{"--tool: missing value (wall, erase, cost=V or height=H)"};
      const std::string_view name = v.substr(0, v.find('='));
      const std::string_view num = v.find('=') == std::string_view::npos ? "" : v.substr(v.find('=') + 1);
      if (name == "wall" && num.empty()) o.tool = 0;
      else if (name == "erase" && num.empty()) o.tool = 1;
      else if (name == "cost" && parse_number(num, o.tool_value) && o.tool_value >= 0.1 && o.tool_value <= 100) o.tool = 2;
      else if (name == "height" && parse_number(num, o.tool_value) && std::abs(o.tool_value) <= 20 &&
               o.tool_value == std::floor(o.tool_value)) o.tool = 3;
      else return bad(arg, v, "wall, erase, cost=V (0.1..100) or height=H (-20..20)");
    } else if (arg == "--bench-frames") {
      if (!value(v)) return astar::Error{"--bench-frames: missing value"};
      if (!parse_number(v, o.bench_frames) || o.bench_frames < 1 || o.bench_frames > 100000)
        return bad(arg, v, "a frame count 1..100000");
    } else if (arg == "--bench-pan") {
      o.bench_pan = true;
    } else if (arg == "--bench-play") {
      if (!value(v)) return astar::Error{"--bench-play: missing value"};
      if (!parse_number(v, o.bench_play) || !(o.bench_play >= 1 && o.bench_play <= 1e7))
        return bad(arg, v, "iterations per second 1..10000000");
    } else if (arg == "--open-dialog") {
      if (!value(v)) return astar::Error{"--open-dialog: missing value (generate, import, export-map or export-png)"};
      if (v != "generate" && v != "import" && v != "export-map" && v != "export-png")
        return bad(arg, v, "generate, import, export-map or export-png");
      o.open_dialog = std::string(v);
    } else if (arg == "--recipe") {
      if (!value(v)) return astar::Error{"--recipe: missing value (e.g. \"maze-division --size 21x15 --seed 9\")"};
      if (auto r = astar::parse_generator_recipe(v); !r)
        return astar::Error{"--recipe: " + r.error()};
      o.recipe = std::string(v);
      o.open_dialog = "generate";
    } else if (arg == "--import") {
      if (!value(v) || v.empty()) return astar::Error{"--import: missing file name"};
      o.import_path = std::string(v);
      o.open_dialog = "import";
    } else if (arg == "--partial-path") {
      o.partial_path = true;
    } else if (arg == "--smooth") {
      o.smooth = true;
    } else if (arg.starts_with("-") && arg.size() > 1) {
      return astar::Error{"unknown option '" + std::string(arg) + "' (see --help)"};
    } else if (o.level_path.empty()) {
      o.level_path = std::string(arg);
    } else {
      return astar::Error{"more than one level given: '" + o.level_path + "' and '" +
                          std::string(arg) + "'"};
    }
  }
  if (o.run && steps_given) return astar::Error{"--steps and --run cannot be combined"};
  if (!o.gif.empty() && !o.screenshot.empty())
    return astar::Error{"--gif and --screenshot cannot be combined"};
  if (frames_given && o.screenshot.empty()) return astar::Error{"--frames needs --screenshot"};
  if (o.play_steps > 0 && o.screenshot.empty())
    return astar::Error{"--play-steps needs --screenshot"};
  if ((o.bench_pan || o.bench_play > 0) && o.bench_frames == 0)
    return astar::Error{"--bench-pan and --bench-play need --bench-frames"};
  if (o.bench_frames > 0 && (!o.screenshot.empty() || !o.gif.empty()))
    return astar::Error{"--bench-frames cannot be combined with --screenshot or --gif"};
  if (weight_given && o.algorithm != astar::Algorithm::WeightedAStar)
    return astar::Error{"--weight applies to --algorithm weighted-astar only"};
  if (o.partial_path && o.algorithm == astar::Algorithm::Bidirectional)
    return astar::Error{"--partial-path: bidirectional has no partial paths"};
  return o;
}

}  // namespace studio
