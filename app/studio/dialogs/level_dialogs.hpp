// The dialogs that make, import and export whole levels: Edit > Generate level..., File >
// Import..., File > Export MovingAI map / Export image; File > Open trace and Open plan; and File >
// New exercise. Ui owns one of
// each; main opens them from the command line (--open-dialog, --recipe, --import) and
// StudioFiles from dropped files.
#pragma once

#include "dialogs/exercise_dialog.hpp"
#include "dialogs/export_dialog.hpp"
#include "dialogs/generate_dialog.hpp"
#include "dialogs/import_dialog.hpp"
#include "dialogs/plan_dialog.hpp"
#include "dialogs/trace_dialog.hpp"

namespace studio {

struct LevelDialogs {
  GenerateDialog generate;
  ImportDialog import;
  ExportDialog exporter;
  TraceDialog trace;  // File > Open trace...
  PlanDialog plan;    // File > Open plan...
  ExerciseDialog exercise;  // File > New exercise...
  // At the top level, once per frame (beside FileDialogs::Draw).
  void Draw(Studio& studio, FileDialogs& files) {
    generate.Draw(studio);
    import.Draw(studio, files);
    exporter.Draw(studio);
    trace.Draw(studio);
    plan.Draw(studio);
    exercise.Draw(studio, files);
  }
};

}  // namespace studio
