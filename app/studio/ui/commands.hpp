// Every command of the studio in one table: its id, label, shortcuts, place in the menu bar,
// when it is enabled and what it does. The menu bar, the key handling, the Help window's key
// rows, the tool buttons' tooltips, `astar-studio --list-commands` and the key table in docs/studio.md
// are all made from it, so they cannot disagree.
//
//   CommandTarget target{studio, files, help, compare, resize, dialogs, animation, hovered};
//   run_shortcuts(target);           // once a frame: the commands whose keys were pressed
//   draw_menu(target, "Search");     // the Search menu's items, in table order
//   shortcut_text(find_command("search.step")->keys[0])   // "N"
//
// A new command is one row in commands.cpp (and a function if it needs one); a new key for an
// existing command is a change to its row. The studio_commands test fails when two commands
// share a key, and when the key table in docs/studio.md is not the table's.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "astar/grid.hpp"
#include "canvas/tools.hpp"

namespace studio {

class Studio;
class FileDialogs;
struct HelpWindow;
class CompareWindow;
struct ResizeDialog;
struct LevelDialogs;
struct AnimationDialog;

// A key with its modifiers (GLFW key codes: ImGui 1.86's GLFW backend indexes io.KeysDown by
// them). Ctrl and Shift must be as given; a command never runs with Alt held.
struct Shortcut {
  int key = 0;  // 0: none
  bool ctrl = false;
  bool shift = false;
  bool repeat = false;  // runs again while the key is held (stepping, undo, brush size)
  bool defined() const { return key != 0; }
  bool operator==(const Shortcut& o) const { return key == o.key && ctrl == o.ctrl && shift == o.shift; }
};
// "Ctrl+Shift+S", "Right", "F12", "[".
std::string shortcut_text(const Shortcut& s);

// Where a command's keys work.
enum class KeyContext : std::uint8_t {
  Always,  // also while a dialog is open (F11, F12)
  Window,  // no dialog open; also while typing in a text field (Ctrl keys text fields leave alone)
  Canvas,  // no dialog open and not typing
};

// What commands act on: the studio and the parts of the UI some of them open.
struct CommandTarget {
  Studio& studio;
  FileDialogs& files;
  HelpWindow& help;
  CompareWindow& compare;
  ResizeDialog& resize;
  LevelDialogs& dialogs;
  AnimationDialog& animation;
  std::optional<astar::Cell> hovered;  // the cell under the mouse, for K, O and Ctrl+V
};

struct Command {
  std::string_view id;          // "search.step": for --list-commands and tests
  std::string_view label;       // "Step": the menu item, the Help window
  std::string_view menu;        // the top menu it sits in ("Search"); empty: keys only
  std::string_view help_group;  // the Help window's section: Canvas, Edit, Search, Files, View
  std::string_view help;        // one line for the Help window and docs/studio.md
  std::array<Shortcut, 2> keys{};
  KeyContext context = KeyContext::Canvas;
  void (*run)(CommandTarget&) = nullptr;
  bool (*enabled)(const CommandTarget&) = nullptr;  // null: always
  bool (*checked)(const CommandTarget&) = nullptr;  // a toggle's state, ticked in the menu
  std::string (*menu_label)(const CommandTarget&) = nullptr;  // a label that changes ("Undo Brush")
  void (*draw_menu)(CommandTarget&) = nullptr;  // a submenu or list drawn in place of an item
  bool separator_before = false;                // a line above it in its menu
};

// The table, in menu order.
std::span<const Command> commands();
const Command* find_command(std::string_view id);
// The top menus, left to right.
std::span<const std::string_view> menu_names();
// "N or Right", "" when none.
std::string keys_text(const Command& c);
// The tool's key, as its command has it ("B").
std::string tool_key_text(Tool t);

// Runs the commands whose keys were pressed this frame (each in its context).
void run_shortcuts(CommandTarget& target);
// Draws one top menu's items (call between BeginMenu and EndMenu).
void draw_menu(CommandTarget& target, std::string_view menu);
// The Help window's rows of one section: keys, then what they do.
void draw_help_rows(std::string_view help_group, void (*row)(const char* keys, const char* what));

// `astar-studio --list-commands`: id, label, shortcut, menu path (tab-separated, a header line
// first); with markdown = true, the key table of docs/studio.md.
std::string command_table_tsv();
std::string command_table_markdown();

}  // namespace studio
