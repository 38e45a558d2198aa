#include "state/document.hpp"

#include <filesystem>
#include <utility>

#include "astar/level_io.hpp"

namespace studio {

Document::Document() : level_(24, 16) {}

std::string Document::file_name() const {
  return path_.empty() ? std::string("untitled") : std::filesystem::path(path_).filename().string();
}

std::string Document::window_title() const {
  return "A* Studio \xE2\x80\x94 " + file_name() + (dirty() ? " *" : "");
}

void Document::reset(astar::Level level, std::string path) {
  level_ = std::move(level);
  path_ = std::move(path);
  editor_.clear_history();
  saved_state_ = editor_.state_id();
}

astar::Status Document::save_as(const std::string& path) {
  auto saved = astar::save_level(level_, path);
  if (!saved) return saved;
  path_ = path;
  saved_state_ = editor_.state_id();
  return saved;
}

std::optional<std::string> Document::undo() {
  if (!editor_.can_undo()) return std::nullopt;
  std::string what = editor_.undo_label();
  editor_.undo();
  return what;
}

std::optional<std::string> Document::redo() {
  if (!editor_.can_redo()) return std::nullopt;
  std::string what = editor_.redo_label();
  editor_.redo();
  return what;
}

namespace {
// The level's settings with one change made by `change`.
template <class Fn>
astar::LevelProps changed_props(const astar::Level& level, Fn&& change) {
  astar::LevelProps p = astar::props_of(level);
  change(p);
  return p;
}
}  // namespace

void Document::set_neighbours(astar::Neighbours n) {
  editor_.set_props(changed_props(level_, [&](astar::LevelProps& p) { p.rules.neighbours = n; }));
}

void Document::set_diagonal(astar::DiagonalPolicy d) {
  editor_.set_props(changed_props(level_, [&](astar::LevelProps& p) { p.rules.diagonal = d; }));
}

bool Document::set_rules(const astar::MovementRules& rules, std::string_view merge_key) {
  const auto change = [&](astar::LevelProps& p) { p.rules = rules; };
  return editor_.set_props(changed_props(level_, change), merge_key);
}

void Document::set_iteration_guard(std::optional<std::int64_t> n, std::string_view merge_key) {
  const auto change = [&](astar::LevelProps& p) { p.preset.max_iterations = n; };
  editor_.set_props(changed_props(level_, change), merge_key);
}

void Document::set_name(std::string name) {
  editor_.set_props(changed_props(level_, [&](astar::LevelProps& p) { p.name = std::move(name); }),
                    "name");
}

bool Document::set_agents_block(bool on) {
  if (on == level_.agents_block()) return true;
  return editor_.set_props(changed_props(level_, [&](astar::LevelProps& p) { p.agents_block = on; }));
}

void Document::set_terrains(std::vector<astar::Terrain> terrains) {
  editor_.set_props(
      changed_props(level_, [&](astar::LevelProps& p) { p.terrains = std::move(terrains); }));
}

}  // namespace studio
