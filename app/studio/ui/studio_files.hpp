// The studio's files beyond the level being edited: the config folder (settings.json and ImGui's
// layout, settings.hpp), File > Open Recent, files dropped on the window (dropped_files.hpp),
// autosave to a recovery file and the offer to restore it after a crash (recovery.hpp), an
// exercise's answers kept as they are given (exercise_progress.hpp). The
// logic without ImGui lives in those three units; this is the part that draws and decides when.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "astar/level.hpp"
#include "astar/result.hpp"
#include "files/options.hpp"
#include "ui/ui.hpp"
#include "files/recovery.hpp"
#include "files/settings.hpp"
#include "state/studio.hpp"

namespace studio {

class StudioFiles {
 public:
  // Finds (creating) the config folder, reads the settings (the palette and patterns apply
  // unless the command line chose them), starts this session's recovery files and looks for
  // those of studios that did not close properly. The command line's level goes into the recent
  // files. Problems go to the status line and stderr; the studio then runs without them.
  void start(Studio& studio, FileDialogs& files, const Options& options);
  // ImGui's layout from the config folder: after ImGui::CreateContext, before the first frame.
  void load_layout();
  // From GLFW's drop callback (any thread-free moment: it runs inside glfwPollEvents).
  void drop(std::vector<std::string> paths) { dropped_ = std::move(paths); }
  // Once per frame, inside the ImGui frame after Ui::Draw (at the top level, outside any
  // window): dropped files, the autosave timer, recovery files of saved levels, the look, the
  // layout when ImGui wants it saved, and the recovery offer (a modal). `now` in seconds.
  void frame(Studio& studio, FileDialogs& files, double now);
  // A clean quit: writes the layout and settings, deletes this session's recovery files.
  void finish();
  // An internal error ends the studio: the level goes to this session's recovery file now,
  // which stays for the next start to offer (as after a crash). False when it could not be kept.
  bool keep_for_recovery(Studio& studio);

  const std::string& config_dir() const { return dir_; }
  // [dialogs] Where dropped images and Tiled maps go (set by main; null: they are refused).
  ImportDialog* import = nullptr;
  Preferences& preferences() { return prefs_; }

 private:
  void autosave(Studio& studio);
  void keep_exercise(Studio& studio);
  void draw_offer(Studio& studio);
  void save_layout();
  void say(Studio& studio, const std::string& message);

  std::string dir_;  // empty: nothing is kept (the reason was said at start)
  Preferences prefs_;
  RecoverySession session_;
  double autosave_every_ = 30.0;  // seconds; 0: off
  double next_autosave_ = -1.0;
  std::string autosave_error_;  // the last one said, so a failing disk is not repeated each time
  bool autosave_now_ = false;   // right after a restore
  std::vector<Orphan> orphans_;  // dead sessions' recovery files, newest first
  bool offer_open_ = false;
  std::optional<astar::Result<astar::Level>> offered_;  // orphans_.front()'s level
  std::vector<std::string> dropped_;
  palette::Id look_palette_ = palette::Id::Default;
  bool look_patterns_ = false;
  std::string start_message_;
  // The exercise whose answers are kept (its digest) and how many were written.
  std::string exercise_seen_;
  std::size_t exercise_kept_ = 0;
};

}  // namespace studio
