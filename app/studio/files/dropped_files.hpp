// What a file dropped on the window does: the one place that maps dropped paths to an action.
// No GL or ImGui here (tests/test_studio_files.cpp tests it); main feeds it GLFW's drop
// callback and carries the action out through FileDialogs (the unsaved-changes guard).
#pragma once

#include <string>
#include <vector>

namespace studio {

struct DropAction {
  enum class Kind {
    None,       // nothing was dropped
    OpenLevel,  // open `path` as a level (.json), after the guard
    OpenMap,    // import `path` as a MovingAI map (.map) and open it untitled, after the guard
    OpenTrace,  // replay the search trace `path` on the current level (looks_like_trace)
    OpenPlan,   // play the multi-agent plan `path` on the level's units (has_plan_extension)
    Import,     // open the Import dialog on `path` (.png, .jpg, .jpeg, .tmj, a Tiled .json)
    Refuse,     // `message` says why (unknown extension, a folder)
  };
  Kind kind = Kind::None;
  std::string path;
  // For the others, a note when more than one file was dropped ("3 files dropped: opening the
  // first, a.json"); for Refuse, the error, naming the file.
  std::string message;
};

// Several files: the first is taken, and the note says so. Extensions are compared without case;
// a .json file is read to tell a search trace or a Tiled map from a level (import_formats.hpp).
DropAction action_for_drop(const std::vector<std::string>& paths);

// Whether a file is a search trace (trace_mode.hpp) rather than a level: by its extension
// (.jsonl, .yaml, .yml), or for a .json by its first 64 KiB: Posthoc's "events" or the records of
// our trace JSON ("iteration", "kind" in an array), and no "format": "astar-studio-level".
bool looks_like_trace(const std::string& path);

// Whether a file is taken for a multi-agent plan (state/opened_plan.hpp): its extension is .txt,
// .plan or .log, which Kei18's, Li's and MAPF Tracker's plans are written as (read by the
// plan reader, whose error names the line when it is not one).
bool has_plan_extension(const std::string& path);

}  // namespace studio
