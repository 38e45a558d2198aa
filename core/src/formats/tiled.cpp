// Tiled JSON maps to levels (tiled.hpp). Every failure is a Result naming the file and the JSON
// field; nothing throws out of the public functions.
#include "astar/tiled.hpp"

#include "astar/format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "astar/generate.hpp"
#include "base/text_file.hpp"
#include "formats/tiled_grid.hpp"

namespace astar {

namespace {

using json = nlohmann::json;

constexpr std::uint32_t kFlagBits = 0xF0000000u;  // flip H, flip V, flip diagonal, rotate 120
constexpr double kMaxCost = 1'000'000.0;

// [SECTION] Helpers

using detail::kind_of;
using detail::quote_text;

std::string index_field(const std::string& array, std::size_t i) {
  return array + "[" + std::to_string(i) + "]";
}

// The text of nlohmann's parse error without its "[json.exception.parse_error.101] " tag.
std::string parse_error_text(const json::parse_error& e) {
  std::string what = e.what();
  if (!what.empty() && what.front() == '[') {
    const std::size_t close = what.find("] ");
    if (close != std::string::npos) what.erase(0, close + 2);
  }
  return what;
}

struct Ctx {
  std::string src;  // the file as named in messages
  std::filesystem::path folder;
  Error error(const std::string& field, const std::string& why) const {
    return Error{src + ": " + field + ": " + why};
  }
  Error error(const std::string& why) const { return Error{src + ": " + why}; }
};

// Base64 (RFC 4648, with or without '=' padding) to bytes; false on a bad character, with its
// 0-based position in `bad_at`.
bool decode_base64(std::string_view text, std::vector<std::uint8_t>& out, std::size_t& bad_at) {
  const auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::size_t end = text.size();
  while (end > 0 && text[end - 1] == '=') --end;
  if (text.size() - end > 2) {
    bad_at = end;
    return false;
  }
  out.clear();
  out.reserve(end / 4 * 3 + 3);
  std::uint32_t acc = 0;
  int bits = 0;
  for (std::size_t i = 0; i < end; ++i) {
    const int v = value(text[i]);
    if (v < 0) {
      bad_at = i;
      return false;
    }
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::uint8_t>((acc >> bits) & 0xFF));
    }
  }
  return true;
}

// [SECTION] The map

struct TileLayer {
  std::string name;
  std::string field;  // "layers[2]"
  const json* node = nullptr;
};

struct TileEntry {
  const json* properties = nullptr;  // the tile's "properties" array
  std::string field;                 // "tilesets[0].tiles[3]"
};

struct Map {
  int width = 0;
  int height = 0;
  detail::TiledGrid grid;  // square, or hexes and their stagger
  json root;
  std::vector<TileLayer> layers;
  std::vector<json> external;                  // external tilesets, kept alive
  std::map<std::uint32_t, TileEntry> tiles;    // gid -> its properties
};

Status collect_layers(const Ctx& ctx, const json& array, const std::string& field,
                      std::vector<TileLayer>& out, int depth) {
  if (!array.is_array()) return ctx.error(field, "expected an array, got " + kind_of(array));
  if (depth > 64) return ctx.error(field, "group layers nested too deep");
  for (std::size_t i = 0; i < array.size(); ++i) {
    const json& layer = array[i];
    const std::string f = index_field(field, i);
    if (!layer.is_object()) return ctx.error(f, "expected an object, got " + kind_of(layer));
    const auto type = layer.find("type");
    if (type == layer.end() || !type->is_string())
      return ctx.error(f + ".type", "expected a layer type (a string)");
    if (*type == "tilelayer") {
      const auto name = layer.find("name");
      out.push_back({name != layer.end() && name->is_string() ? name->get<std::string>() : "",
                     f, &layer});
    } else if (*type == "group") {
      const auto sub = layer.find("layers");
      if (sub != layer.end())
        if (Status s = collect_layers(ctx, *sub, f + ".layers", out, depth + 1); !s) return s;
    }
  }
  return Ok{};
}

Result<json> parse_json(std::string_view text) {
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    return Error{parse_error_text(e)};
  }
}

// The tileset a "source" names, read from the map's folder.
Result<json> load_external_tileset(const Ctx& ctx, const std::string& field,
                                   const std::string& source) {
  std::string ext = std::filesystem::path(source).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".tsx")
    return ctx.error(field, quote_text(source) +
                                " is an XML tileset, which cannot be read; in Tiled, save the "
                                "tileset as JSON (.tsj) or embed it in the map");
  const std::filesystem::path path = ctx.folder / source;
  auto text = detail::read_text_file(path.string(), kMaxTiledFileBytes);
  if (!text) return ctx.error(field, text.error());
  auto parsed = parse_json(text.value());
  if (!parsed) return ctx.error(field, path.string() + ": invalid JSON: " + parsed.error());
  if (!parsed.value().is_object())
    return ctx.error(field, path.string() + ": expected a JSON object (a Tiled tileset)");
  return parsed;
}

Status read_tilesets(const Ctx& ctx, Map& map) {
  const auto it = map.root.find("tilesets");
  if (it == map.root.end()) return Ok{};
  if (!it->is_array()) return ctx.error("tilesets", "expected an array, got " + kind_of(*it));
  struct Set {
    std::uint32_t firstgid;
    const json* node;
    std::string field;  // where its tiles are reported
  };
  std::vector<Set> sets;
  map.external.reserve(it->size());  // pointers into it stay valid
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& ts = (*it)[i];
    const std::string f = index_field("tilesets", i);
    if (!ts.is_object()) return ctx.error(f, "expected an object, got " + kind_of(ts));
    const auto first = ts.find("firstgid");
    if (first == ts.end() || !first->is_number_unsigned() || first->get<std::uint64_t>() < 1 ||
        first->get<std::uint64_t>() > 0x0FFFFFFFu)
      return ctx.error(f + ".firstgid", "expected a whole number 1..268435455");
    const auto firstgid = static_cast<std::uint32_t>(first->get<std::uint64_t>());
    const auto source = ts.find("source");
    if (source != ts.end()) {
      if (!source->is_string())
        return ctx.error(f + ".source", "expected a file name, got " + kind_of(*source));
      auto loaded = load_external_tileset(ctx, f + ".source", source->get<std::string>());
      if (!loaded) return Error{loaded.error()};
      map.external.push_back(std::move(loaded.value()));
      sets.push_back({firstgid, &map.external.back(), f + " (" + source->get<std::string>() + ")"});
    } else {
      sets.push_back({firstgid, &ts, f});
    }
  }
  std::sort(sets.begin(), sets.end(),
            [](const Set& a, const Set& b) { return a.firstgid < b.firstgid; });
  for (std::size_t s = 0; s < sets.size(); ++s) {
    const json& ts = *sets[s].node;
    const auto tiles = ts.find("tiles");
    if (tiles == ts.end()) continue;
    const std::string tf = sets[s].field + ".tiles";
    if (!tiles->is_array()) return ctx.error(tf, "expected an array, got " + kind_of(*tiles));
    for (std::size_t t = 0; t < tiles->size(); ++t) {
      const json& tile = (*tiles)[t];
      const std::string f = index_field(tf, t);
      if (!tile.is_object()) return ctx.error(f, "expected an object, got " + kind_of(tile));
      const auto id = tile.find("id");
      if (id == tile.end() || !id->is_number_unsigned() || id->get<std::uint64_t>() > 0x0FFFFFFFu)
        return ctx.error(f + ".id", "expected a tile id (a whole number >= 0)");
      const std::uint64_t gid = sets[s].firstgid + id->get<std::uint64_t>();
      // A gid belongs to the tileset with the largest firstgid <= gid.
      if (gid > 0x0FFFFFFFu || (s + 1 < sets.size() && gid >= sets[s + 1].firstgid)) continue;
      const auto props = tile.find("properties");
      if (props == tile.end()) continue;
      if (!props->is_array())
        return ctx.error(f + ".properties", "expected an array, got " + kind_of(*props));
      for (std::size_t p = 0; p < props->size(); ++p) {
        const json& prop = (*props)[p];
        const std::string pf = index_field(f + ".properties", p);
        if (!prop.is_object() || !prop.contains("name") || !prop["name"].is_string() ||
            !prop.contains("value"))
          return ctx.error(pf, "expected {\"name\": ..., \"type\": ..., \"value\": ...}");
      }
      map.tiles[static_cast<std::uint32_t>(gid)] = {&*props, f + ".properties"};
    }
  }
  return Ok{};
}

Result<Map> read_map(const Ctx& ctx, std::string_view text) {
  Map map;
  auto parsed = parse_json(text);
  if (!parsed) return ctx.error("invalid JSON: " + parsed.error());
  map.root = std::move(parsed.value());
  const json& root = map.root;
  if (!root.is_object()) return ctx.error("expected a JSON object (a Tiled map), got " + kind_of(root));
  if (const auto f = root.find("format"); f != root.end() && *f == "astar-studio-level")
    return ctx.error("this is an A* Studio level file, not a Tiled map: open it as a level");
  if (const auto t = root.find("type"); t != root.end() && *t != "map")
    return ctx.error("type", "expected \"map\" (a Tiled map), got " +
                                 (t->is_string() ? quote_text(t->get<std::string>()) : kind_of(*t)));
  auto grid = detail::read_tiled_grid(root, ctx.src);
  if (!grid) return Error{grid.error()};
  map.grid = grid.value();
  if (const auto inf = root.find("infinite"); inf != root.end() && *inf == true)
    return ctx.error("infinite",
                     "infinite maps (stored in chunks) are not supported; in Tiled, turn off "
                     "Infinite in the map properties and save again");
  for (const char* key : {"width", "height"}) {
    const auto v = root.find(key);
    if (v == root.end()) return ctx.error(key, "missing (the map's size in tiles)");
    if (!v->is_number_integer())
      return ctx.error(key, "expected a whole number, got " + kind_of(*v));
  }
  const auto w = root["width"].get<std::int64_t>();
  const auto h = root["height"].get<std::int64_t>();
  if (std::string why = Level::check_size(w, h); !why.empty()) return ctx.error(why);
  map.width = static_cast<int>(w);
  map.height = static_cast<int>(h);
  const auto layers = root.find("layers");
  if (layers == root.end()) return ctx.error("layers", "missing");
  if (Status s = collect_layers(ctx, *layers, "layers", map.layers, 0); !s) return Error{s.error()};
  if (Status s = read_tilesets(ctx, map); !s) return Error{s.error()};
  return map;
}

// The gids of a tile layer (flags cleared), row-major, checked against the map's size.
Result<std::vector<std::uint32_t>> layer_gids(const Ctx& ctx, const Map& map, const TileLayer& l) {
  const json& layer = *l.node;
  const std::size_t n = static_cast<std::size_t>(map.width) * static_cast<std::size_t>(map.height);
  for (const char* key : {"width", "height"}) {
    const auto v = layer.find(key);
    const std::int64_t expected = key[0] == 'w' ? map.width : map.height;
    if (v != layer.end() && (!v->is_number_integer() || v->get<std::int64_t>() != expected))
      return ctx.error(l.field + "." + key,
                       "expected " + std::to_string(expected) + " (the map's " + key + "), got " +
                           (v->is_number() ? v->dump() : kind_of(*v)));
  }
  const auto data = layer.find("data");
  if (data == layer.end()) {
    if (layer.contains("chunks"))
      return ctx.error(l.field + ".chunks", "chunked (infinite) layers are not supported");
    return ctx.error(l.field + ".data", "missing");
  }
  const std::string size = std::to_string(map.width) + " x " + std::to_string(map.height);
  std::vector<std::uint32_t> gids;
  if (data->is_array()) {
    if (data->size() != n)
      return ctx.error(l.field + ".data", "expected " + std::to_string(n) + " tile ids (" + size +
                                              "), got " + std::to_string(data->size()));
    gids.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const json& g = (*data)[i];
      if (!g.is_number_unsigned() || g.get<std::uint64_t>() > 0xFFFFFFFFu)
        return ctx.error(index_field(l.field + ".data", i),
                         "expected a tile id (a whole number 0..4294967295), got " +
                             (g.is_number() ? g.dump() : kind_of(g)));
      gids[i] = static_cast<std::uint32_t>(g.get<std::uint64_t>()) & ~kFlagBits;
    }
    return gids;
  }
  if (!data->is_string())
    return ctx.error(l.field + ".data", "expected an array of tile ids or a base64 string, got " +
                                            kind_of(*data));
  const auto encoding = layer.find("encoding");
  if (encoding == layer.end() || *encoding != "base64")
    return ctx.error(l.field + ".encoding",
                     "string data needs \"encoding\": \"base64\", got " +
                         (encoding == layer.end() ? std::string("none") : encoding->dump()));
  if (const auto c = layer.find("compression"); c != layer.end() && *c != "") {
    if (*c == "zlib" || *c == "gzip" || *c == "zstd")
      return ctx.error(l.field + ".compression",
                       c->get<std::string>() +
                           "-compressed tile data is not supported; in Tiled, set the map's Tile "
                           "Layer Format to CSV or Base64 (uncompressed) and save again");
    return ctx.error(l.field + ".compression", "unknown compression " + c->dump());
  }
  std::vector<std::uint8_t> bytes;
  std::size_t bad_at = 0;
  const std::string& text = data->get_ref<const std::string&>();
  if (!decode_base64(text, bytes, bad_at))
    return ctx.error(l.field + ".data", "invalid base64 at character " + std::to_string(bad_at));
  if (bytes.size() != 4 * n)
    return ctx.error(l.field + ".data",
                     "expected " + std::to_string(4 * n) + " bytes after base64 decoding (" +
                         std::to_string(n) + " tile ids, " + size + "), got " +
                         std::to_string(bytes.size()));
  gids.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t g = std::uint32_t{bytes[4 * i]} | std::uint32_t{bytes[4 * i + 1]} << 8 |
                            std::uint32_t{bytes[4 * i + 2]} << 16 |
                            std::uint32_t{bytes[4 * i + 3]} << 24;
    gids[i] = g & ~kFlagBits;
  }
  return gids;
}

std::string layer_names(const Map& map) {
  std::string out;
  for (const TileLayer& l : map.layers) out += (out.empty() ? "" : ", ") + quote_text(l.name);
  return out;
}

Result<const TileLayer*> find_layer(const Ctx& ctx, const Map& map, const std::string& name) {
  if (map.layers.empty()) return ctx.error("layers", "the map has no tile layer");
  if (name.empty()) return &map.layers.front();
  for (const TileLayer& l : map.layers)
    if (l.name == name) return &l;
  return ctx.error("no tile layer named " + quote_text(name) + " (tile layers: " + layer_names(map) +
                   ")");
}

// A tile's property object, or nullptr. The field names it for messages.
const json* find_property(const Map& map, std::uint32_t gid, const std::string& name,
                          std::string* field) {
  const auto it = map.tiles.find(gid);
  if (it == map.tiles.end()) return nullptr;
  const json& props = *it->second.properties;
  for (std::size_t p = 0; p < props.size(); ++p)
    if (props[p]["name"] == name) {
      if (field) *field = index_field(it->second.field, p) + " (" + quote_text(name) + ")";
      return &props[p];
    }
  return nullptr;
}

std::vector<TiledPropertyInfo> property_infos(const Map& map) {
  std::map<std::string, TiledPropertyInfo> by_name;
  for (const auto& [gid, entry] : map.tiles)
    for (const json& p : *entry.properties) {
      const std::string name = p["name"].get<std::string>();
      TiledPropertyInfo& info = by_name[name];
      info.name = name;
      if (info.type.empty()) {
        const auto type = p.find("type");
        info.type = type != p.end() && type->is_string() ? type->get<std::string>() : "string";
      }
      ++info.tiles;
    }
  std::vector<TiledPropertyInfo> out;
  for (auto& [name, info] : by_name) out.push_back(std::move(info));
  return out;
}

Status check_property_exists(const Ctx& ctx, const Map& map, const std::string& name) {
  const std::vector<TiledPropertyInfo> infos = property_infos(map);
  for (const TiledPropertyInfo& p : infos)
    if (p.name == name) return Ok{};
  std::string names;
  for (const TiledPropertyInfo& p : infos) names += (names.empty() ? "" : ", ") + quote_text(p.name);
  return ctx.error("no tile has a property " + quote_text(name) +
                   (names.empty() ? std::string(" (the tilesets' tiles have no properties)")
                                  : " (tile properties: " + names + ")"));
}

// Per-gid values of a cost or height source; nullopt for gids that keep the default.
using ValueOf = std::map<std::uint32_t, double>;

Result<ValueOf> values_for(const Ctx& ctx, const Map& map, const TiledValueSource& src,
                           const std::vector<std::uint32_t>& gids, bool heights) {
  const char* what = heights ? "a height" : "a cost";
  const auto check = [&](double v, const std::string& field) -> Status {
    if (heights) {
      if (!std::isfinite(v) || v != std::floor(v) || std::abs(v) > kMaxAbsHeight)
        return ctx.error(field, std::string(what) + " must be a whole number within -1000000..1000000, got " +
                                    number_text(v));
    } else if (!std::isfinite(v) || v <= 0.0 || v > kMaxCost) {
      return ctx.error(field, std::string(what) + " must be > 0 and at most 1000000, got " + number_text(v));
    }
    return Ok{};
  };
  ValueOf out;
  if (src.property.empty()) {
    for (const auto& [gid, v] : src.table)
      if (Status s = check(v, "tile " + std::to_string(gid)); !s) return Error{s.error()};
    return src.table;
  }
  if (Status s = check_property_exists(ctx, map, src.property); !s) return Error{s.error()};
  const std::set<std::uint32_t> used(gids.begin(), gids.end());
  for (std::uint32_t gid : used) {
    std::string field;
    const json* p = find_property(map, gid, src.property, &field);
    if (p == nullptr) continue;
    const json& v = (*p)["value"];
    if (!v.is_number())
      return ctx.error(field, std::string("expected a number for ") + what + ", got " + kind_of(v));
    if (Status s = check(v.get<double>(), field); !s) return Error{s.error()};
    out[gid] = v.get<double>();
  }
  return out;
}

Result<Level> build_level(const Ctx& ctx, const Map& map, const TiledImportOptions& o) {
  auto wall_layer = find_layer(ctx, map, o.wall_layer);
  if (!wall_layer) return Error{wall_layer.error()};
  auto wall_gids = layer_gids(ctx, map, *wall_layer.value());
  if (!wall_gids) return Error{wall_gids.error()};
  const std::vector<std::uint32_t>& walls = wall_gids.value();

  std::set<std::uint32_t> wall_set;
  switch (o.wall_rule) {
    case TiledWallRule::AnyTile: break;
    case TiledWallRule::TileIds:
      for (std::uint32_t g : o.wall_gids) wall_set.insert(g & ~kFlagBits);
      break;
    case TiledWallRule::Property: {
      if (o.wall_property.empty()) return ctx.error("the wall property has no name");
      if (Status s = check_property_exists(ctx, map, o.wall_property); !s) return Error{s.error()};
      for (std::uint32_t gid : std::set<std::uint32_t>(walls.begin(), walls.end())) {
        std::string field;
        const json* p = find_property(map, gid, o.wall_property, &field);
        if (p == nullptr) continue;
        const json& v = (*p)["value"];
        if (!v.is_boolean() && !v.is_number())
          return ctx.error(field, "expected a bool or a number for a wall, got " + kind_of(v));
        if (v.is_boolean() ? v.get<bool>() : v.get<double>() != 0.0) wall_set.insert(gid);
      }
      break;
    }
    case TiledWallRule::_Max: return ctx.error("unknown wall rule");
  }

  Level lv(map.width, map.height);
  lv.set_topology(map.grid.topology, map.grid.stagger);
  const auto w = static_cast<std::size_t>(map.width);
  const auto cell_of = [&](std::size_t i) {
    return Cell{static_cast<int>(i % w), static_cast<int>(i / w)};
  };
  for (std::size_t i = 0; i < walls.size(); ++i) {
    const bool wall = o.wall_rule == TiledWallRule::AnyTile ? walls[i] != 0
                                                            : wall_set.count(walls[i]) != 0;
    if (wall) lv.set_wall(cell_of(i), true);
  }

  for (int pass = 0; pass < 2; ++pass) {
    const bool heights = pass == 1;
    const std::optional<TiledValueSource>& src = heights ? o.heights : o.costs;
    if (!src) continue;
    auto layer = find_layer(ctx, map, src->layer.empty() ? wall_layer.value()->name : src->layer);
    if (!layer) return Error{layer.error()};
    // The walls layer is decoded once; another layer is decoded here.
    Result<std::vector<std::uint32_t>> other = std::vector<std::uint32_t>{};
    const std::vector<std::uint32_t>* gids = &walls;
    if (layer.value() != wall_layer.value()) {
      other = layer_gids(ctx, map, *layer.value());
      if (!other) return Error{other.error()};
      gids = &other.value();
    }
    auto values = values_for(ctx, map, *src, *gids, heights);
    if (!values) return Error{values.error()};
    const ValueOf& v = values.value();
    if (v.empty()) continue;
    for (std::size_t i = 0; i < gids->size(); ++i) {
      const auto it = v.find((*gids)[i]);
      if (it == v.end()) continue;
      if (heights) lv.set_height(cell_of(i), static_cast<int>(it->second));
      else lv.set_cost(cell_of(i), it->second);
    }
  }

  if (!place_endpoints_far_apart(lv))
    return ctx.error("every cell of layer " + quote_text(wall_layer.value()->name) + " is a wall");
  const std::size_t slash = ctx.src.find_last_of("/\\");
  lv.name = slash == std::string::npos ? ctx.src : ctx.src.substr(slash + 1);
  return lv;
}

Result<std::string> read_file(const std::string& path) {
  return detail::read_text_file(path, kMaxTiledFileBytes);
}

std::filesystem::path folder_of(const std::string& path) {
  return std::filesystem::path(path).parent_path();
}

}  // namespace

// [SECTION] Public

Result<TiledMapInfo> parse_tiled_map_info(std::string_view json_text, std::string_view source,
                                          const std::filesystem::path& folder) {
  const Ctx ctx{std::string(source), folder};
  return detail::guard_load<TiledMapInfo>(ctx.src, [&]() -> Result<TiledMapInfo> {
    auto map = read_map(ctx, json_text);
    if (!map) return Error{map.error()};
    TiledMapInfo info;
    info.width = map.value().width;
    info.height = map.value().height;
    info.topology = map.value().grid.topology;
    info.stagger = map.value().grid.stagger;
    for (const TileLayer& l : map.value().layers) {
      auto gids = layer_gids(ctx, map.value(), l);
      if (!gids) return Error{gids.error()};
      const auto tiles = std::count_if(gids.value().begin(), gids.value().end(),
                                       [](std::uint32_t g) { return g != 0; });
      info.tile_layers.push_back({l.name, l.field, static_cast<std::int64_t>(tiles)});
    }
    info.properties = property_infos(map.value());
    return info;
  });
}

Result<TiledMapInfo> load_tiled_map_info(const std::string& path) {
  return detail::guard_load<TiledMapInfo>(path, [&]() -> Result<TiledMapInfo> {
    auto text = read_file(path);
    if (!text) return Error{text.error()};
    return parse_tiled_map_info(text.value(), path, folder_of(path));
  });
}

Result<Level> parse_tiled_map(std::string_view json_text, std::string_view source,
                              const std::filesystem::path& folder, const TiledImportOptions& o) {
  const Ctx ctx{std::string(source), folder};
  return detail::guard_load<Level>(ctx.src, [&]() -> Result<Level> {
    auto map = read_map(ctx, json_text);
    if (!map) return Error{map.error()};
    return build_level(ctx, map.value(), o);
  });
}

Result<Level> load_tiled_map(const std::string& path, const TiledImportOptions& o) {
  return detail::guard_load<Level>(path, [&]() -> Result<Level> {
    auto text = read_file(path);
    if (!text) return Error{text.error()};
    return parse_tiled_map(text.value(), path, folder_of(path), o);
  });
}

}  // namespace astar
