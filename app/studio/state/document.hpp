// The level being edited and its file: the level, the editor that changes it and keeps its undo
// history, the file it came from, and whether it changed since it was opened or saved. Every
// change goes through editor() (the setters here are editor steps too), which tells its
// listener; Studio listens, and re-runs or repairs the search. No search and no UI here.
//
//   Document doc;                                      // 24 x 16, untitled
//   doc.reset(std::move(level), "maze.json");          // no undo history; saved
//   doc.editor().set_cell(astar::Layer::Walls, {3, 4}, 1.0);   // doc.dirty() now
//   if (auto what = doc.undo()) say("Undid: " + *what);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "astar/edit.hpp"
#include "astar/level.hpp"
#include "astar/result.hpp"

namespace studio {

class Document {
 public:
  Document();  // an empty 24 x 16 level, untitled
  Document(const Document&) = delete;  // the editor points into level_
  Document& operator=(const Document&) = delete;

  const astar::Level& level() const { return level_; }
  astar::Editor& editor() { return editor_; }
  const astar::Editor& editor() const { return editor_; }
  const std::string& file_path() const { return path_; }  // empty: untitled
  std::string file_name() const;                           // "welcome.json" or "untitled"
  bool dirty() const { return editor_.state_id() != saved_state_; }
  std::string window_title() const;                        // "A* Studio — welcome.json *"

  // A new level (New, Open): no undo history, and saved as it is. The editor's listener is not
  // told: the caller makes its search anew.
  void reset(astar::Level level, std::string path);
  // Writes the level to `path`, which becomes its file; saved as it is now.
  astar::Status save_as(const std::string& path);
  // A level restored from an autosave (recovery.hpp) is unsaved, though it has a path.
  void mark_unsaved() { saved_state_ = kNeverSaved; }

  // The label of the step undone or redone; nullopt when there was none.
  std::optional<std::string> undo();
  std::optional<std::string> redo();

  // The level's settings, each one undo step (astar::LevelProps). A `merge_key` joins the change
  // to the last step when that set the same key (typing in one field is one undo step).
  void set_neighbours(astar::Neighbours n);
  void set_diagonal(astar::DiagonalPolicy p);
  bool set_rules(const astar::MovementRules& rules, std::string_view merge_key);  // false: unchanged
  void set_iteration_guard(std::optional<std::int64_t> max_iterations, std::string_view merge_key);
  void set_name(std::string name);  // typing a name is one undo step
  // False when an agent stands on the start or the goal (agents cannot block then).
  bool set_agents_block(bool on);
  void set_terrains(std::vector<astar::Terrain> terrains);

 private:
  astar::Level level_;
  astar::Editor editor_{level_};
  std::uint64_t saved_state_ = 0;  // editor_.state_id() when the level was opened or saved
  static constexpr std::uint64_t kNeverSaved = ~std::uint64_t{0};  // no state has this id
  std::string path_;
};

}  // namespace studio
