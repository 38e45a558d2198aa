#include "ui/studio_files.hpp"

#include <cstdio>
#include <optional>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <utility>

#include <imgui.h>

#include "astar/file_io.hpp"
#include "astar/level_io.hpp"
#include "files/dropped_files.hpp"
#include "files/exercise_progress.hpp"
#include "dialogs/import_dialog.hpp"
#include "files/import_formats.hpp"
#include "state/exercise_mode.hpp"

namespace studio {

namespace fs = std::filesystem;

namespace {

const ImVec4 kErrorText(1.0f, 0.45f, 0.45f, 1.0f);

std::int64_t now_seconds() { return static_cast<std::int64_t>(std::time(nullptr)); }

// What the offer calls the level: its file's name, else its own name, else "untitled".
std::string level_label(const Orphan& o, const astar::Level* level) {
  if (!o.info.original_path.empty()) return fs::path(o.info.original_path).filename().string();
  if (!o.info.level_name.empty()) return o.info.level_name;
  if (level && !level->name.empty()) return level->name;
  return "untitled";
}

// A folder for a menu's right-hand column: its last 40 characters at most.
std::string short_folder(const fs::path& p) {
  std::string s = p.parent_path().string();
  if (s.size() > 40) s = "..." + s.substr(s.size() - 37);
  return s;
}

}  // namespace

// [SECTION] Start and finish

void StudioFiles::say(Studio& studio, const std::string& message) {
  std::fprintf(stderr, "astar-studio: %s\n", message.c_str());
  start_message_ += (start_message_.empty() ? "" : "; ") + message;
  studio.status = start_message_;
}

void StudioFiles::start(Studio& studio, FileDialogs& files, const Options& options) {
  autosave_every_ = options.autosave_seconds;
  auto dir = prepare_config_dir();
  if (!dir) {
    say(studio, "Settings, recent files and autosave are off: " + dir.error());
    return;
  }
  dir_ = dir.value();
  files.prefs = &prefs_;
  if (const std::string problem = prefs_.load(dir_); !problem.empty()) say(studio, problem);
  const Settings& s = prefs_.settings();
  // The command line wins; a palette given there comes with its own patterns setting.
  if (!options.was_given("--palette") && s.palette) studio.appearance.choose_palette(*s.palette);
  if (!options.was_given("--palette") && !options.was_given("--patterns") && s.patterns)
    studio.appearance.patterns = *s.patterns;
  look_palette_ = studio.appearance.palette;
  look_patterns_ = studio.appearance.patterns;
  if (!options.level_path.empty() && studio.file_path() == options.level_path)
    if (auto saved = prefs_.remember_file(options.level_path); !saved)
      say(studio, "Recent files not saved: " + saved.error());
  const std::string recovery = (fs::path(dir_) / "recovery").string();
  if (auto started = session_.start(recovery, new_session_id()); !started) {
    say(studio, "Autosave is off: " + started.error());
    return;
  }
  orphans_ = session_.find_orphans();
}

void StudioFiles::load_layout() {
  if (dir_.empty()) return;
  const std::string path = (fs::path(dir_) / "imgui.ini").string();
  std::error_code ec;
  if (!fs::exists(path, ec)) return;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string ini = text.str();
  if (in && !ini.empty()) ImGui::LoadIniSettingsFromMemory(ini.data(), ini.size());
}

void StudioFiles::save_layout() {
  ImGuiIO& io = ImGui::GetIO();
  io.WantSaveIniSettings = false;
  if (dir_.empty()) return;
  std::size_t size = 0;
  const char* ini = ImGui::SaveIniSettingsToMemory(&size);
  const std::string path = (fs::path(dir_) / "imgui.ini").string();
  if (auto w = astar::write_atomically(path, std::string_view(ini, size)); !w)
    std::fprintf(stderr, "astar-studio: window layout not saved: %s\n", w.error().c_str());
}

void StudioFiles::finish() {
  save_layout();
  session_.finish();  // a clean quit: whatever was unsaved was saved or discarded by the user
}

bool StudioFiles::keep_for_recovery(Studio& studio) {
  if (dir_.empty()) return false;
  autosave(studio);
  return autosave_error_.empty();
}

// [SECTION] Every frame

void StudioFiles::frame(Studio& studio, FileDialogs& files, double now) {
  // Dropped files: through the same guard as File > Open.
  if (!dropped_.empty()) {
    const DropAction a = action_for_drop(std::exchange(dropped_, {}));
    if (offer_open_) {
      studio.status = "Answer the question about the autosaved level first, then drop the file again";
    } else if (a.kind == DropAction::Kind::OpenLevel) {
      if (!a.message.empty()) studio.status = a.message;
      files.request_open_file(studio, a.path, a.message);
    } else if (a.kind == DropAction::Kind::OpenMap) {
      // A MovingAI map opens as a new untitled level (Save must not write JSON over the .map).
      if (auto lv = import_movingai(a.path); !lv) {
        studio.status = "Open failed: " + lv.error();
        files.show_error("Could not open " + fs::path(a.path).filename().string(), lv.error());
      } else {
        files.request_open_level(studio, std::move(lv.value()),
                                 a.message.empty() ? "Opened the MovingAI map " + a.path +
                                                         " as a new untitled level"
                                                   : a.message);
      }
    } else if (a.kind == DropAction::Kind::OpenTrace) {
      // On the level as it is (no guard: the level stays); an error names the file.
      if (auto opened = studio.open_trace(a.path); !opened)
        files.show_error("Could not open the trace " + fs::path(a.path).filename().string(), opened.error());
      else if (!a.message.empty())
        studio.status = a.message;
    } else if (a.kind == DropAction::Kind::OpenPlan) {
      // On the level's units (no guard: the level stays); an error names the file and line.
      if (auto opened = studio.open_plan(a.path); !opened)
        files.show_error("Could not open the plan " + fs::path(a.path).filename().string(), opened.error());
      else if (!a.message.empty())
        studio.status = a.message;
    } else if (a.kind == DropAction::Kind::Import && import) {
      if (!a.message.empty()) studio.status = a.message;
      import->request(studio, a.path);
    } else if (a.kind == DropAction::Kind::Refuse) {
      studio.status = a.message;
      files.show_error("Cannot open the dropped file", a.message);
    }
  }

  // Autosave: every autosave_every_ seconds while the level has unsaved changes.
  if (session_.active() && autosave_every_ > 0.0) {
    if (next_autosave_ < 0.0) next_autosave_ = now + autosave_every_;
    if (autosave_now_ || now >= next_autosave_) {
      autosave_now_ = false;
      next_autosave_ = now + autosave_every_;
      if (studio.dirty()) autosave(studio);
    }
  }
  keep_exercise(studio);
  // Saved or discarded (a new or opened level): the recovery files go.
  if (!studio.dirty() && session_.has_files()) session_.remove_files();

  // The look (View > Palette, Patterns) is kept for the next start.
  if (studio.appearance.palette != look_palette_ || studio.appearance.patterns != look_patterns_) {
    look_palette_ = studio.appearance.palette;
    look_patterns_ = studio.appearance.patterns;
    if (auto saved = prefs_.set_look(look_palette_, look_patterns_); !saved)
      studio.status = "Settings not saved: " + saved.error();
  }
  if (ImGui::GetIO().WantSaveIniSettings) save_layout();

  draw_offer(studio);
}

// An exercise's answers are kept as they are given. One just started (a link opened again, a
// reload, a new studio) continues from its kept answers: always in an exam (one attempt), in
// practice unless it was finished (then it starts afresh). An exam's clock counts from when it
// was first opened.
void StudioFiles::keep_exercise(Studio& studio) {
  const ExerciseMode* ex = studio.exercise();
  if (!ex || dir_.empty()) {
    exercise_seen_.clear();
    return;
  }
  if (ex->exercise().digest != exercise_seen_) {
    exercise_seen_ = ex->exercise().digest;
    exercise_kept_ = ex->run().actions().size();
    std::optional<ExerciseProgress> kept;
    if (exercise_kept_ == 0) kept = kept_exercise_progress(dir_, ex->exercise());
    if (kept && (ex->exam() || !kept->finished)) {
      const std::string path = kept_progress_path(dir_, ex->exercise());
      if (studio.restore_exercise(kept->spec, kept->actions, path))
        studio.status = "Continued this exercise where it was left: " + studio.exercise()->score_text();
      exercise_kept_ = studio.exercise()->run().actions().size();
    }
    // An exam's clock runs from when it was first opened, closed studios and reloads included.
    if (ExerciseMode* exam = studio.exercise(); exam->exam()) {
      const double elapsed = static_cast<double>(now_seconds() - exam_started(dir_, exam->exercise(), now_seconds()));
      if (elapsed > exam->now()) exam->advance(elapsed - exam->now());
    }
    return;
  }
  const std::size_t n = ex->run().actions().size();
  if (n == exercise_kept_) return;
  if (astar::Status s = keep_exercise_progress(dir_, *ex); !s) say(studio, "Could not keep the exercise's answers: " + s.error());
  exercise_kept_ = n;
}

void StudioFiles::autosave(Studio& studio) {
  RecoveryInfo info;
  if (!studio.file_path().empty()) info.original_path = normal_path(studio.file_path());
  info.saved_at = now_seconds();
  info.level_name = studio.level().name;
  if (auto w = session_.write(astar::level_to_json(studio.level()), info); !w) {
    if (w.error() != autosave_error_) {
      studio.status = "Autosave failed: " + w.error();
      std::fprintf(stderr, "astar-studio: autosave failed: %s\n", w.error().c_str());
    }
    autosave_error_ = w.error();
  } else {
    autosave_error_.clear();
  }
}

// [SECTION] The recovery offer

void StudioFiles::draw_offer(Studio& studio) {
  constexpr const char* kTitle = "A* Studio did not close properly";
  if (orphans_.empty()) return;
  if (!offer_open_) {
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) return;
    offered_ = astar::load_level(orphans_.front().level_file);
    ImGui::OpenPopup(kTitle);
    offer_open_ = true;
  }
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    offer_open_ = false;  // closed from elsewhere: asked again next frame
    return;
  }
  Orphan& o = orphans_.front();
  const bool readable = offered_ && offered_->ok();
  const std::string when = recovery_time_text(o.info.saved_at, now_seconds());
  bool done = false;
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
  if (readable) {
    ImGui::Text("Restore the unsaved level '%s' (from %s)?",
                level_label(o, &offered_->value()).c_str(), when.c_str());
    if (!o.info.original_path.empty())
      ImGui::TextDisabled("It came from %s. Restore opens it with its unsaved changes; Save "
                          "writes them there.", o.info.original_path.c_str());
    else if (!o.info_problem.empty())
      ImGui::TextDisabled("Its original file is unknown (%s): it opens as untitled.",
                          o.info_problem.c_str());
    else
      ImGui::TextDisabled("It was never saved: Save asks for a file.");
    ImGui::Spacing();
    if (ImGui::Button("Restore", ImVec2(100, 0))) {
      const std::string original = o.info.original_path;
      studio.set_level(std::move(offered_->value()), original);
      studio.mark_unsaved();
      studio.status = "Restored the unsaved level from " + when +
                      (original.empty() ? "; Save asks where to keep it"
                                        : "; Save writes it to " + original);
      // This session's autosave takes over before the old files go, so a crash now loses
      // nothing; if it cannot be written, the old files stay.
      autosave(studio);
      if (session_.has_files()) o.discard();
      // More autosaves wait for the next start: offering them now would replace this level.
      orphans_.clear();
      done = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard", ImVec2(100, 0))) {
      o.discard();
      orphans_.erase(orphans_.begin());
      studio.status = "Discarded the autosaved level from " + when;
      done = true;
    }
  } else {
    ImGui::TextUnformatted("Its autosaved level cannot be read:");
    ImGui::TextColored(kErrorText, "%s", offered_ ? offered_->error().c_str() : "?");
    ImGui::TextDisabled("Keep it to look at the file yourself (%s); it is offered again at the "
                        "next start.", o.level_file.c_str());
    ImGui::Spacing();
    if (ImGui::Button("Delete it", ImVec2(100, 0))) {
      o.discard();
      orphans_.erase(orphans_.begin());
      done = true;
    } else {
      ImGui::SameLine();
      if (ImGui::Button("Keep it", ImVec2(100, 0))) {
        o.release();
        orphans_.erase(orphans_.begin());
        done = true;
      }
    }
  }
  ImGui::PopTextWrapPos();
  if (done) {
    offered_.reset();
    offer_open_ = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

// [SECTION] File > Open Recent (a FileDialogs member: the File menu calls it)

void FileDialogs::draw_recent_menu(Studio& studio) {
  if (!ImGui::BeginMenu("Open Recent", prefs != nullptr)) {
    if (!prefs && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("No config folder: recent files are not kept (see the status line at start)");
    return;
  }
  const std::vector<std::string>& recent = prefs->settings().recent;
  if (recent.empty()) ImGui::TextDisabled("(no recent files)");
  std::string chosen;
  for (std::size_t i = 0; i < recent.size(); ++i) {
    const fs::path p(recent[i]);
    std::error_code ec;
    const bool exists = fs::is_regular_file(p, ec);
    const std::string label =
        p.filename().string() + (exists ? "" : " (missing)") + "##recent" + std::to_string(i);
    if (ImGui::MenuItem(label.c_str(), short_folder(p).c_str(), false, exists)) chosen = recent[i];
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s%s", recent[i].c_str(), exists ? "" : "\nnot found");
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Clear recent", nullptr, false, !recent.empty())) {
    if (auto saved = prefs->clear_recent(); !saved) studio.status = "Recent files not saved: " + saved.error();
    else studio.status = "Recent files cleared";
  }
  ImGui::EndMenu();
  if (!chosen.empty()) request_open_file(studio, chosen);
}

void FileDialogs::remember(Studio& studio, const std::string& path) {
  if (!prefs) return;
  if (auto saved = prefs->remember_file(path); !saved)
    studio.status = "Recent files not saved: " + saved.error();
}

}  // namespace studio
