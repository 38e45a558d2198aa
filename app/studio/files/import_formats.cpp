#include "files/import_formats.hpp"

#include "astar/number_chars.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>

namespace studio {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// The items of a list separated by commas and/or white space.
std::vector<std::string_view> items(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ',' || std::isspace(static_cast<unsigned char>(text[i])))) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ',' && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_gid(std::string_view s, std::uint32_t& v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return !s.empty() && ec == std::errc{} && end == s.data() + s.size();
}

}  // namespace

std::string lower_extension(const std::string& path) {
  return lower(fs::path(path).extension().string());
}

ImportFormat import_format_of(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".png" || ext == ".jpg" || ext == ".jpeg") return ImportFormat::Image;
  if (ext == ".map") return ImportFormat::MovingAi;
  if (ext == ".tmj") return ImportFormat::Tiled;
  if (ext != ".json") return ImportFormat::Unknown;
  std::ifstream in(path, std::ios::binary);
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  if (head.find("\"astar-studio-level\"") != std::string::npos) return ImportFormat::Level;
  if (head.find("\"tiledversion\"") != std::string::npos ||
      head.find("\"orientation\"") != std::string::npos ||
      head.find("\"layers\"") != std::string::npos)
    return ImportFormat::Tiled;
  return ImportFormat::Level;
}

std::string_view describe(ImportFormat f) {
  switch (f) {
    case ImportFormat::Level: return "a level file";
    case ImportFormat::Image: return "an image";
    case ImportFormat::MovingAi: return "a MovingAI map";
    case ImportFormat::Tiled: return "a Tiled map";
    case ImportFormat::Unknown: break;
  }
  return "an unknown file";
}

astar::Result<std::vector<std::uint32_t>> parse_gid_list(std::string_view text,
                                                          std::string_view field) {
  std::vector<std::uint32_t> out;
  for (std::string_view item : items(text)) {
    std::uint32_t v = 0;
    if (!parse_gid(item, v))
      return astar::Error{std::string(field) + ": expected whole numbers (tile GIDs), got '" +
                          std::string(item) + "'"};
    out.push_back(v);
  }
  return out;
}

astar::Result<std::map<std::uint32_t, double>> parse_gid_table(std::string_view text,
                                                               std::string_view field) {
  std::map<std::uint32_t, double> out;
  for (std::string_view item : items(text)) {
    const std::size_t eq = item.find('=');
    std::uint32_t gid = 0;
    double v = 0;
    bool ok = eq != std::string_view::npos && parse_gid(item.substr(0, eq), gid);
    if (ok) {
      const std::string_view num = item.substr(eq + 1);
      const auto [end, ec] = astar::parse_double(num.data(), num.data() + num.size(), v);
      ok = !num.empty() && ec == std::errc{} && end == num.data() + num.size() && std::isfinite(v);
    }
    if (!ok)
      return astar::Error{std::string(field) + ": expected GID=VALUE, got '" + std::string(item) + "'"};
    out[gid] = v;
  }
  return out;
}

}  // namespace studio

#include "astar/generate.hpp"
#include "astar/movingai.hpp"

namespace studio {

astar::Result<astar::Level> import_movingai(const std::string& path) {
  auto level = astar::load_movingai_map(path);
  if (level && !astar::place_endpoints_far_apart(level.value()))
    return astar::Error{path + ": every cell is blocked"};
  return level;
}

}  // namespace studio
