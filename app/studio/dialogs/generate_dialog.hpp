// Edit > Generate level...: a seeded generator (astar/generate.hpp) with its parameters, a live
// preview thumbnail, and Generate (the level replaced as one undo step; its name is the recipe,
// so it can be made again exactly) or, for the noise kinds, Apply to this level (noise costs or
// heights put onto a copy of the level, walls kept, also one undo step).
#pragma once

#include <optional>
#include <string>

#include "astar/generate.hpp"
#include "canvas/level_thumbnail.hpp"
#include "state/studio.hpp"

namespace studio {

class GenerateDialog {
 public:
  // Levels up to this many cells are previewed on every change (a 512 x 512 maze: ~15 ms);
  // larger ones when "Preview" is pressed.
  static constexpr std::int64_t kLivePreviewCells = 512 * 512;

  void request() { open_ = true; }
  void request(const astar::GeneratorOptions& o) {
    options_ = o;
    open_ = true;
  }
  // Call once per frame at the top level (beside FileDialogs::Draw).
  void Draw(Studio& studio);

 private:
  // The steps of Draw, top to bottom.
  void draw_kind_size_seed();
  bool parameter_widgets();  // true when a parameter changed
  void draw_problem_and_recipe(const std::string& problem, const std::string& recipe);
  void draw_preview(const std::string& problem);
  void draw_buttons(Studio& studio, const std::string& problem, const std::string& recipe);
  void generate(Studio& studio, const std::string& recipe);  // Generate: replaces the level
  void apply_noise(Studio& studio);                          // Apply to this level
  bool preview_current() const;  // preview_ was made from the options shown
  void update_preview();

  bool open_ = false;
  astar::GeneratorOptions options_;
  std::optional<astar::GeneratorOptions> preview_for_;  // the options of preview_
  std::optional<astar::Result<astar::Level>> preview_;
  LevelThumbnail thumbnail_;
  std::string error_;  // from Generate / Apply
};

}  // namespace studio
