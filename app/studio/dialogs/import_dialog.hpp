// File > Import...: a PNG/JPEG image, a MovingAI .map or a Tiled JSON map (.tmj, .json) to a
// level, with the format's controls and a live preview of the resulting level. The format comes
// from the extension (import_formats.hpp). The file is read once when its path is chosen; the
// preview is rebuilt from what was read (image_to_level, parse_tiled_map) when a control changes.
// "Open as new level" opens the result untitled through the unsaved-changes guard (like New);
// "Replace this level" replaces the level being edited as one undo step (it keeps its file).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "astar/image_import.hpp"
#include "astar/tiled.hpp"
#include "files/import_formats.hpp"
#include "canvas/level_thumbnail.hpp"
#include "state/studio.hpp"

namespace studio {

class FileDialogs;  // panels.hpp

class ImportDialog {
 public:
  // Opens the dialog at the next Draw; a path is filled in and read (a dropped file, --import).
  void request(const Studio& studio, std::string path = "");
  void Draw(Studio& studio, FileDialogs& files);

 private:
  // Where a Tiled value layer (costs or heights) comes from.
  struct ValueChoice {
    int source = 0;       // 0 none, 1 a tile property, 2 a table
    int layer = 0;        // 0: the walls layer, else tile_layers[layer - 1]
    int property = 0;     // into the numeric properties
    std::string table;    // "GID=VALUE, ..."
  };
  void refresh_list(const Studio& studio);
  void load();                  // reads path_
  void update_preview();        // from what load() read and the controls
  bool image_controls();        // true when one changed
  bool tiled_controls();
  bool value_controls(const char* what, ValueChoice& v);
  astar::Result<astar::TiledImportOptions> tiled_options() const;

  bool open_ = false;
  std::string path_;
  std::vector<std::string> list_;  // importable files nearby
  std::string loaded_;             // the path read, as given
  std::string loaded_canonical_;   // and as the list shows it
  ImportFormat format_ = ImportFormat::Unknown;
  std::string load_error_;
  // Image
  std::optional<astar::GreyImage> image_;
  astar::ImageImportOptions image_options_;
  // Tiled
  std::string tiled_text_;
  astar::TiledMapInfo tiled_;
  int wall_layer_ = 0;
  int wall_rule_ = 0;  // as astar::TiledWallRule
  std::string wall_ids_;
  int wall_property_ = 0;
  ValueChoice costs_, heights_;
  // MovingAI
  std::optional<astar::Level> map_;
  // The result
  std::optional<astar::Result<astar::Level>> preview_;
  LevelThumbnail thumbnail_;
};

}  // namespace studio
