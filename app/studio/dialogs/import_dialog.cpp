#include "dialogs/import_dialog.hpp"
#include "panels/panel_widgets.hpp"

#include "dialogs/file_dialogs.hpp"
#include "files/data_dirs.hpp"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86's glfw backend fills io.KeysDown[] by GLFW key

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>


namespace studio {

namespace fs = std::filesystem;

namespace {

bool numeric(const astar::TiledPropertyInfo& p) { return p.type == "int" || p.type == "float"; }

// The properties that can make walls (bool or number) or values (number), as indices.
std::vector<int> properties_where(const astar::TiledMapInfo& info, bool walls) {
  std::vector<int> out;
  for (std::size_t i = 0; i < info.properties.size(); ++i)
    if (numeric(info.properties[i]) || (walls && info.properties[i].type == "bool"))
      out.push_back(static_cast<int>(i));
  return out;
}

// A combo over some of the map's properties; `chosen` indexes `which`.
bool property_combo(const char* label, const astar::TiledMapInfo& info, const std::vector<int>& which,
                    int& chosen) {
  if (which.empty()) {
    ImGui::TextDisabled("(no %s tile properties in this map)", label);
    return false;
  }
  chosen = std::clamp(chosen, 0, static_cast<int>(which.size()) - 1);
  auto text = [&](int i) {
    const astar::TiledPropertyInfo& p = info.properties[static_cast<std::size_t>(which[static_cast<std::size_t>(i)])];
    return p.name + " (" + p.type + ", " + std::to_string(p.tiles) + " tiles)";
  };
  bool changed = false;
  ImGui::SetNextItemWidth(220.0f);
  if (ImGui::BeginCombo(label, text(chosen).c_str())) {
    for (int i = 0; i < static_cast<int>(which.size()); ++i)
      if (ImGui::Selectable(text(i).c_str(), i == chosen)) {
        changed = chosen != i;
        chosen = i;
      }
    ImGui::EndCombo();
  }
  return changed;
}

std::string layer_text(const astar::TiledTileLayerInfo& l) {
  return l.name + " (" + std::to_string(l.tiles) + " tiles)";
}

}  // namespace

void ImportDialog::request(const Studio& studio, std::string path) {
  refresh_list(studio);
  if (!path.empty()) {
    path_ = std::move(path);
    load();
  }
  open_ = true;
}

void ImportDialog::refresh_list(const Studio& studio) {
  std::set<std::string> files;
  std::vector<fs::path> folders{fs::path(level_dir()), fs::current_path()};
  if (!studio.file_path().empty()) folders.push_back(fs::absolute(studio.file_path()).parent_path());
  for (const fs::path& folder : folders) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      const ImportFormat f = import_format_of(it->path().string());
      if (f != ImportFormat::Unknown && f != ImportFormat::Level && it->is_regular_file(ec))
        files.insert(fs::weakly_canonical(it->path(), ec).string());
    }
  }
  list_.assign(files.begin(), files.end());
}

void ImportDialog::load() {
  loaded_ = path_;
  load_error_.clear();
  image_.reset();
  map_.reset();
  tiled_text_.clear();
  tiled_ = {};
  preview_.reset();
  thumbnail_.clear();
  format_ = import_format_of(path_);
  std::error_code ec;
  loaded_canonical_ = fs::weakly_canonical(path_, ec).string();
  if (!fs::is_regular_file(path_, ec)) {
    load_error_ = path_ + ": no such file";
    return;
  }
  switch (format_) {
    case ImportFormat::Image: {
      auto img = astar::load_grey_image(path_);
      if (!img) load_error_ = img.error();
      else image_ = std::move(img.value());
      break;
    }
    case ImportFormat::MovingAi: {
      auto lv = import_movingai(path_);
      if (!lv) load_error_ = lv.error();
      else map_ = std::move(lv.value());
      break;
    }
    case ImportFormat::Tiled: {
      std::ifstream in(path_, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      tiled_text_ = text.str();
      const fs::path folder = fs::absolute(path_).parent_path();
      auto info = astar::parse_tiled_map_info(tiled_text_, path_, folder);
      if (!info) load_error_ = info.error();
      else tiled_ = std::move(info.value());
      // The walls layer: the first whose name says walls or collision, else the first.
      wall_layer_ = 0;
      for (std::size_t i = 0; i < tiled_.tile_layers.size(); ++i) {
        std::string n = tiled_.tile_layers[i].name;
        std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
        if (n.find("wall") != std::string::npos || n.find("collision") != std::string::npos) {
          wall_layer_ = static_cast<int>(i);
          break;
        }
      }
      break;
    }
    case ImportFormat::Level:
      load_error_ = path_ + " is an A* Studio level, not a file to import: open it with File > Open";
      break;
    case ImportFormat::Unknown:
      load_error_ = path_ + ": cannot import '" + fs::path(path_).extension().string() +
                    "' files (expected .png, .jpg, .jpeg, .map, .tmj or a Tiled .json)";
      break;
  }
  if (load_error_.empty()) update_preview();
}

astar::Result<astar::TiledImportOptions> ImportDialog::tiled_options() const {
  astar::TiledImportOptions o;
  auto layer_name = [&](int i) {
    return i >= 0 && i < static_cast<int>(tiled_.tile_layers.size())
               ? tiled_.tile_layers[static_cast<std::size_t>(i)].name
               : std::string();
  };
  o.wall_layer = layer_name(wall_layer_);
  o.wall_rule = static_cast<astar::TiledWallRule>(wall_rule_);
  if (o.wall_rule == astar::TiledWallRule::TileIds) {
    auto ids = parse_gid_list(wall_ids_, "Wall tile ids");
    if (!ids) return astar::Error{ids.error()};
    o.wall_gids = std::move(ids.value());
  } else if (o.wall_rule == astar::TiledWallRule::Property) {
    const std::vector<int> which = properties_where(tiled_, true);
    if (which.empty()) return astar::Error{"Wall property: the map's tiles have no bool or number property"};
    o.wall_property = tiled_.properties[static_cast<std::size_t>(
        which[static_cast<std::size_t>(std::clamp(wall_property_, 0, static_cast<int>(which.size()) - 1))])].name;
  }
  for (const bool heights : {false, true}) {
    const ValueChoice& v = heights ? heights_ : costs_;
    if (v.source == 0) continue;
    astar::TiledValueSource src;
    src.layer = v.layer == 0 ? std::string() : layer_name(v.layer - 1);
    if (v.source == 1) {
      const std::vector<int> which = properties_where(tiled_, false);
      if (which.empty())
        return astar::Error{std::string(heights ? "Heights" : "Costs") +
                            ": the map's tiles have no number property"};
      src.property = tiled_.properties[static_cast<std::size_t>(
          which[static_cast<std::size_t>(std::clamp(v.property, 0, static_cast<int>(which.size()) - 1))])].name;
    } else {
      auto table = parse_gid_table(v.table, heights ? "Heights table" : "Costs table");
      if (!table) return astar::Error{table.error()};
      src.table = std::move(table.value());
    }
    (heights ? o.heights : o.costs) = std::move(src);
  }
  return o;
}

void ImportDialog::update_preview() {
  switch (format_) {
    case ImportFormat::Image:
      if (image_) preview_ = astar::image_to_level(*image_, image_options_, loaded_);
      break;
    case ImportFormat::MovingAi:
      if (map_) preview_ = *map_;
      break;
    case ImportFormat::Tiled: {
      auto o = tiled_options();
      if (!o) preview_ = astar::Result<astar::Level>(astar::Error{o.error()});
      else
        preview_ = astar::parse_tiled_map(tiled_text_, loaded_, fs::absolute(loaded_).parent_path(),
                                          o.value());
      break;
    }
    case ImportFormat::Level:
    case ImportFormat::Unknown: break;
  }
  if (preview_ && preview_->ok()) thumbnail_.set(preview_->value());
  else thumbnail_.clear();
}

bool ImportDialog::image_controls() {
  astar::ImageImportOptions& o = image_options_;
  bool changed = false;
  int mode = static_cast<int>(o.mode);
  changed |= ImGui::RadioButton("Walls", &mode, 0);
  tip("Pixels darker than the threshold are walls.");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("Costs", &mode, 1);
  tip("Grey mapped onto a cost range: dark is expensive.");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("Heights", &mode, 2);
  tip("Grey mapped onto whole heights: light is high.");
  o.mode = static_cast<astar::ImageImportMode>(mode);
  changed |= ImGui::Checkbox("Invert (255 - grey first)", &o.invert);
  ImGui::SetNextItemWidth(220.0f);
  switch (o.mode) {
    case astar::ImageImportMode::Walls:
      changed |= ImGui::SliderInt("Threshold", &o.threshold, 0, 256);
      tip("A pixel whose grey (0..255) is below this is a wall: 0 none, 256 all.");
      break;
    case astar::ImageImportMode::Costs: {
      double r[2] = {o.cost_min, o.cost_max};
      if (ImGui::InputScalarN("Cost range", ImGuiDataType_Double, r, 2, nullptr, nullptr, "%.2f")) {
        o.cost_min = r[0];
        o.cost_max = r[1];
        changed = true;
      }
      break;
    }
    case astar::ImageImportMode::Heights:
    case astar::ImageImportMode::_Max: {
      int r[2] = {o.height_min, o.height_max};
      if (ImGui::InputInt2("Height range", r)) {
        o.height_min = r[0];
        o.height_max = r[1];
        changed = true;
      }
      break;
    }
  }
  ImGui::TextDisabled("%d x %d pixels: one cell each", image_->width, image_->height);
  return changed;
}

bool ImportDialog::value_controls(const char* what, ValueChoice& v) {
  bool changed = false;
  ImGui::PushID(what);
  ImGui::TextUnformatted(what);
  ImGui::SameLine(90.0f);
  changed |= ImGui::RadioButton("none", &v.source, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("property", &v.source, 1);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("table", &v.source, 2);
  if (v.source != 0) {
    ImGui::Indent();
    if (v.source == 1) {
      changed |= property_combo("Property", tiled_, properties_where(tiled_, false), v.property);
    } else {
      ImGui::SetNextItemWidth(220.0f);
      changed |= ImGui::InputTextWithHint("Table", "GID=VALUE, GID=VALUE", &v.table);
      tip("Tile GIDs (the ids in the layer data: a tile's id plus its tileset's firstgid) and their "
          "values; other cells keep the default.");
    }
    ImGui::SetNextItemWidth(220.0f);
    const std::string current =
        v.layer == 0 ? std::string("(the walls layer)")
                     : layer_text(tiled_.tile_layers[static_cast<std::size_t>(v.layer - 1)]);
    if (ImGui::BeginCombo("Layer", current.c_str())) {
      if (ImGui::Selectable("(the walls layer)", v.layer == 0)) {
        changed |= v.layer != 0;
        v.layer = 0;
      }
      for (std::size_t i = 0; i < tiled_.tile_layers.size(); ++i)
        if (ImGui::Selectable(layer_text(tiled_.tile_layers[i]).c_str(), v.layer == static_cast<int>(i) + 1)) {
          changed |= v.layer != static_cast<int>(i) + 1;
          v.layer = static_cast<int>(i) + 1;
        }
      ImGui::EndCombo();
    }
    ImGui::Unindent();
  }
  ImGui::PopID();
  return changed;
}

bool ImportDialog::tiled_controls() {
  bool changed = false;
  ImGui::TextDisabled("%d x %d tiles, %zu tile layers", tiled_.width, tiled_.height,
                      tiled_.tile_layers.size());
  if (tiled_.tile_layers.empty()) return false;
  wall_layer_ = std::clamp(wall_layer_, 0, static_cast<int>(tiled_.tile_layers.size()) - 1);
  ImGui::SetNextItemWidth(220.0f);
  if (ImGui::BeginCombo("Walls layer", layer_text(tiled_.tile_layers[static_cast<std::size_t>(wall_layer_)]).c_str())) {
    for (std::size_t i = 0; i < tiled_.tile_layers.size(); ++i)
      if (ImGui::Selectable(layer_text(tiled_.tile_layers[i]).c_str(), wall_layer_ == static_cast<int>(i))) {
        changed |= wall_layer_ != static_cast<int>(i);
        wall_layer_ = static_cast<int>(i);
      }
    ImGui::EndCombo();
  }
  ImGui::TextUnformatted("Walls are");
  changed |= ImGui::RadioButton("any tile", &wall_rule_, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("these tile ids", &wall_rule_, 1);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("a property", &wall_rule_, 2);
  ImGui::Indent();
  if (wall_rule_ == 1) {
    ImGui::SetNextItemWidth(220.0f);
    changed |= ImGui::InputTextWithHint("Tile ids", "1, 2, 17", &wall_ids_);
  } else if (wall_rule_ == 2) {
    changed |= property_combo("Property##walls", tiled_, properties_where(tiled_, true), wall_property_);
    tip("Tiles whose property is true (a bool) or not 0 (a number) are walls.");
  }
  ImGui::Unindent();
  changed |= value_controls("Costs", costs_);
  changed |= value_controls("Heights", heights_);
  return changed;
}

void ImportDialog::Draw(Studio& studio, FileDialogs& files) {
  constexpr const char* kTitle = "Import level";
  if (open_) {
    open_ = false;
    ImGui::OpenPopup(kTitle);
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(640, 0), ImVec2(640, FLT_MAX));
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;

  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("Images (.png, .jpg), MovingAI maps (.map) and Tiled maps (.tmj, .json) in %s, "
              "the working folder and beside the current file:", level_dir().c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::BeginListBox("##import-files", ImVec2(-FLT_MIN, 110))) {
    if (list_.empty()) ImGui::TextDisabled("(no files to import found)");
    for (const std::string& file : list_)
      if (ImGui::Selectable(file.c_str(), file == loaded_canonical_)) {
        path_ = file;
        load();
      }
    ImGui::EndListBox();
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::InputTextWithHint("##import-path", "path/to/map.png, .map or .tmj (Enter reads it)", &path_,
                               ImGuiInputTextFlags_EnterReturnsTrue) ||
      (!path_.empty() && path_ != loaded_ && ImGui::IsItemDeactivated()))
    load();
  if (!load_error_.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kErrorText, "%s", load_error_.c_str());
    ImGui::PopTextWrapPos();
  }

  const bool ready = load_error_.empty() && !loaded_.empty() && format_ != ImportFormat::Unknown;
  if (ready) {
    ImGui::Separator();
    ImGui::BeginGroup();
    ImGui::Text("%s, read as %s", fs::path(loaded_).filename().string().c_str(),
                std::string(describe(format_)).c_str());
    bool changed = false;
    if (format_ == ImportFormat::Image && image_) changed = image_controls();
    else if (format_ == ImportFormat::Tiled) changed = tiled_controls();
    else if (format_ == ImportFormat::MovingAi)
      ImGui::TextDisabled("Walls only ('@' and the other blocked characters); start and goal\n"
                          "go far apart in the largest open region.");
    if (changed) update_preview();
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    thumbnail_.Draw(200.0f, 200.0f);
    if (preview_ && preview_->ok()) {
      const astar::Level& lv = preview_->value();
      ImGui::TextDisabled("%d x %d cells", lv.width(), lv.height());
    }
    ImGui::EndGroup();
    if (preview_ && !preview_->ok()) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(kErrorText, "%s", preview_->error().c_str());
      ImGui::PopTextWrapPos();
    }
  }

  ImGui::Spacing();
  const bool can_import = ready && preview_ && preview_->ok();
  const ImVec2 button(140.0f, 0.0f);
  const std::string name = fs::path(loaded_).filename().string();
  ImGui::BeginDisabled(!can_import);
  if (ImGui::Button("Open as new level", button)) {
    files.request_open_level(studio, preview_->value(),
                             "Imported " + name + " as a new untitled level; Save As keeps it");
    ImGui::CloseCurrentPopup();
  }
  tip("A new untitled level (asks to save unsaved changes first, like New).");
  ImGui::SameLine();
  if (ImGui::Button("Replace this level", button)) {
    studio.replace_level(preview_->value(), "Import " + name);
    studio.view.fit_pending = true;
    studio.status = "Imported " + name + " into this level; Ctrl+Z undoes it";
    ImGui::CloseCurrentPopup();
  }
  tip("Replace the level being edited (one undo step; Save writes it to this level's file).");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", button) || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace studio
