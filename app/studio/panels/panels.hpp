// The sidebar's panels that have no header of their own, each a small struct with Draw(): the
// lesson, the search, the legend, the level, the cell inspector, and the status bar with its
// text. ui/ui.hpp lays them out around the canvas.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "astar/grid.hpp"
#include "overlays/draw_basics.hpp"
#include "panels/rules_editor.hpp"
#include "state/studio.hpp"

namespace studio {

// A lesson file and its title, for the Lessons menu.
struct LessonEntry {
  std::string path, title;
};
// levels/FOLDER/*.json in file-name order, with their titles (unreadable files are left out):
// lessons/, or exercises/ (one exercise of each kind).
std::vector<LessonEntry> find_lessons(std::string_view folder = "lessons");

// The lesson's title and explanation, and the search it suggests (levels with a description).
struct LessonPanel {
  void Draw(const Studio& studio, const Fonts& fonts);
};

struct SearchPanel {
  void Draw(Studio& studio);
};

struct LegendPanel {
  void Draw(const Studio& studio);
};

struct LevelPanel {
  void Draw(Studio& studio);
  std::string name_buffer_;
  RulesEditor rules_;

 private:
  // The topology: changed at once, or after asking when the change drops shapes or edges.
  void topology(Studio& studio);
  void topology_question(Studio& studio);
  struct PendingTopology {
    astar::Topology topology = astar::Topology::Square;
    astar::HexStagger stagger = astar::HexStagger::Odd;
    std::string loss;  // what it drops, in words
  } pending_;
};

struct InspectorPanel {
  void Draw(const Studio& studio, std::optional<astar::Cell> cell);
};

struct StatusBar {
  void Draw(const Studio& studio, std::optional<astar::Cell> cell);
};
// The search's part of the status line: "A*, iteration 212, found, cost 36.0710678" (the cost
// with 9 significant digits once a path is found).
std::string search_status_text(const Studio& studio);
// The status line as plain text, without the hovered cell, as the browser's #status element
// mirrors it: "welcome.json | 32 x 18 | A*, iteration 212, found, cost 36.0710678 | message"
// (while CBS is watched, its status before the message: "... | CBS: iteration 12, ... | message").
std::string status_line_text(const Studio& studio);

}  // namespace studio
