#include "options.hpp"

#include <charconv>
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
bool parse_pair(std::string_view text, char sep, int& a, int& b) {
  const auto at = text.find(sep);
  if (at == std::string_view::npos) return false;
  return parse_number(text.substr(0, at), a) && parse_number(text.substr(at + 1), b);
}

astar::Error bad(std::string_view option, std::string_view value, std::string_view expected) {
  return {std::string(option) + ": expected " + std::string(expected) + ", got '" +
          std::string(value) + "'"};
}

}  // namespace

std::string usage() {
  return "usage: astar-studio [LEVEL] [options]\n"
         "\n"
         "Paint grid levels and watch A* run one iteration at a time.\n"
         "LEVEL defaults to levels/welcome.json.\n"
         "\n"
         "options:\n"
         "  --screenshot FILE  render --frames frames, write the window to FILE (PNG) and a\n"
         "                     view-mapping sidecar FILE.json, then exit\n"
         "  --frames N         frames rendered before the screenshot (default 5, 1..1000)\n"
         "  --steps K          take K search iterations at start\n"
         "  --run              run the search to the end at start\n"
         "  --back K           then step back K iterations (rewind)\n"
         "  --size WxH         window size in pixels (default 1280x800)\n"
         "  --zoom PX          cell size in pixels (default: fit the level to the canvas)\n"
         "  --focus X,Y        cell to centre in the canvas (with --zoom)\n"
         "  --heuristic NAME   manhattan, euclidean, octile (default), chebyshev or zero\n"
         "  --help             show this text\n";
}

astar::Result<Options> parse_options(int argc, const char* const* argv) {
  Options o;
  bool frames_given = false;
  bool steps_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    // Options with a value take the next argument.
    auto value = [&](std::string_view& out) -> bool {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string_view v;
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
    } else if (arg == "--back") {
      if (!value(v)) return astar::Error{"--back: missing value"};
      if (!parse_number(v, o.back) || o.back < 0) return bad(arg, v, "an iteration count >= 0");
    } else if (arg == "--size") {
      if (!value(v)) return astar::Error{"--size: missing value"};
      if (!parse_pair(v, 'x', o.width, o.height) || o.width < 320 || o.height < 240 ||
          o.width > 8192 || o.height > 8192)
        return bad(arg, v, "WxH between 320x240 and 8192x8192");
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
  if (frames_given && o.screenshot.empty()) return astar::Error{"--frames needs --screenshot"};
  return o;
}

}  // namespace studio
