// The Compare window (View > Compare, key C): two to four searches on the studio's level side by
// side, one pane each (its algorithm, heuristic and weight chosen in the pane), stepped together
// (astar::Comparison) by the window's Back / Step / Play / Run / Reset, with the table under them:
// (with a trace open, a pane can replay it instead: "Trace: run.json" in its algorithm list)
// outcome, iterations, expanded, generated, open-set peak, path cost and cells, and the time each
// takes to run to its end. Each pane's grid is drawn by a GridRenderer of its own from textures
// (cost: the window's pixels, not the level's cells); over it, minimal overlays: the level's
// outline, the node just taken, the final path, start and goal.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "astar/compare.hpp"
#include "astar/level.hpp"
#include "canvas/grid_renderer.hpp"
#include "state/studio.hpp"

namespace studio {

struct Fonts;

class CompareWindow {
 public:
  bool open = false;

  // Opens the window with these algorithms (2 to 4; the heuristic for those that use one),
  // stepped `steps` iterations together, or run to the end (--compare with --steps / --run).
  // Pane `trace_pane` (>= 0) shows the studio's open trace (its algorithm is used once the
  // trace closes).
  void start(const std::vector<astar::Algorithm>& algorithms, astar::Heuristic heuristic,
             std::int64_t steps, bool run, int trace_pane = -1);
  // The window, when open. Follows the studio's level: an edit makes the searches anew, at the
  // step they had reached.
  void Draw(const Studio& studio, const Fonts& fonts);
  bool playing() const { return open && playing_; }  // its searches move on by themselves
  // The sidecar's "compare" member, for --screenshot and F12 (empty when the window is closed):
  // the step, and per pane its view mapping (framebuffer pixels, like the sidecar's own), its
  // options and its row of the table.
  std::string sidecar_json(float scale_x, float scale_y) const;

 private:
  struct Pane {
    astar::SearchOptions options;
    bool trace = false;  // replays the studio's open trace instead of searching with `options`
    std::unique_ptr<GridRenderer> renderer;
    ChangeLog level_changes, search_changes;
    View view;
    std::vector<std::uint8_t> on_path;  // per cell: tinted as the path
    std::vector<astar::Cell> path;      // the final path, once its search has one
  };

  void rebuild(const astar::Level& level);
  void follow_trace(const Studio& studio);  // the studio's trace opened, changed or closed
  astar::CompareEntry entry_of(const Pane& pane) const;
  void set_step(std::int64_t k, bool to_end);
  void step_together(std::int64_t n);
  void after_bulk_change();
  void update_paths();
  void draw_toolbar(const Studio& studio);
  bool draw_setup(Pane& pane, std::size_t index);
  void draw_algorithm_combo(Pane& pane, float width);
  void draw_pane(Pane& pane, std::size_t index, const Fonts& fonts, const Appearance& look,
                 ImVec2 size);
  void draw_table();

  std::vector<Pane> panes_;
  astar::Level level_{1, 1};  // the studio's level, copied: the comparison points into it
  std::optional<astar::Comparison> comparison_;
  // The studio's trace as the panes that show it replay it (null: none open), and its scale.
  std::shared_ptr<const astar::ImportedTrace> trace_;
  double trace_scale_ = 1.0;
  bool setup_changed_ = true;  // options changed: make the comparison anew
  bool playing_ = false;
  float speed_ = 20.0f;  // steps per second while playing
  double budget_ = 0.0;
  // Where a rebuilt comparison goes: the step reached, or the end.
  std::int64_t target_step_ = 0;
  bool target_end_ = false;
};

}  // namespace studio
