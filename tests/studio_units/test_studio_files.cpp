// The studio's files without GL (app/studio/settings, recovery, dropped_files): the config
// folder, the settings file and recent files, autosave sessions and the recovery of a dead one,
// what a dropped file does and how a file to import is recognised.
#include <doctest/doctest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <memory>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "files/dropped_files.hpp"
#include "files/import_formats.hpp"
#include "files/recovery.hpp"
#include "files/settings.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace studio;

namespace {

// A fresh folder, removed at the end (temp_dir.hpp).
struct TempDir : astar::test::TempDir {
  TempDir() : astar::test::TempDir("astar-studio-files") {}
};

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Sets an environment variable for one scope (nullptr: unset), then puts it back.
struct ScopedEnv {
  std::string name;
  std::optional<std::string> old;
  ScopedEnv(const char* n, const char* value) : name(n) {
    if (const char* v = std::getenv(n)) old = v;
    if (value) ::setenv(n, value, 1);
    else ::unsetenv(n);
  }
  ~ScopedEnv() {
    if (old) ::setenv(name.c_str(), old->c_str(), 1);
    else ::unsetenv(name.c_str());
  }
};

const char* kLevel = "{\"format\": \"astar-studio-level\", \"version\": 1}\n";

}  // namespace

// [SECTION] The config folder

TEST_CASE("[StudioFiles] the config folder: XDG_CONFIG_HOME, else HOME/.config, else none") {
  CHECK(choose_config_dir("/x/conf", "/home/u").value() == "/x/conf/astar-studio");
  // The XDG spec ignores a relative XDG_CONFIG_HOME, and an empty one.
  CHECK(choose_config_dir("conf", "/home/u").value() == "/home/u/.config/astar-studio");
  CHECK(choose_config_dir("", "/home/u").value() == "/home/u/.config/astar-studio");
  CHECK(choose_config_dir(nullptr, "/home/u").value() == "/home/u/.config/astar-studio");
  const auto none = choose_config_dir(nullptr, "");
  REQUIRE_FALSE(none);
  CHECK(none.error() == "neither XDG_CONFIG_HOME (an absolute path) nor HOME is set");
}

TEST_CASE("[StudioFiles] prepare_config_dir creates the folder, or says why it cannot") {
  TempDir tmp;
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", (tmp / "a/b").c_str());
    const auto dir = prepare_config_dir();
    REQUIRE(dir);
    CHECK(dir.value() == tmp / "a/b/astar-studio");
    CHECK(fs::is_directory(dir.value()));
  }
  SUBCASE("a file where the folder should be (fails for root too, unlike permissions)") {
    write_file(tmp / "file", "x");
    ScopedEnv xdg("XDG_CONFIG_HOME", (tmp / "file").c_str());
    const auto dir = prepare_config_dir();
    REQUIRE_FALSE(dir);
    CHECK(dir.error().starts_with("cannot create " + tmp / "file/astar-studio: "));
  }
  SUBCASE("no environment at all") {
    ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    CHECK_FALSE(prepare_config_dir());
  }
}

// [SECTION] Settings and recent files

TEST_CASE("[StudioFiles] settings: written and read back; unknown keys ignored") {
  Settings s;
  s.recent = {"/a/one.json", "/b/two.json"};
  s.palette = palette::Id::ColourBlind;
  s.patterns = false;
  const auto back = parse_settings(settings_to_json(s), "settings.json");
  REQUIRE(back);
  CHECK(back.value().recent == s.recent);
  CHECK(back.value().palette == palette::Id::ColourBlind);
  CHECK(back.value().patterns == false);

  const auto empty = parse_settings("{\"version\": 1, \"from_the_future\": [1, 2]}", "s.json");
  REQUIRE(empty);
  CHECK(empty.value().recent.empty());
  CHECK_FALSE(empty.value().palette);
  CHECK_FALSE(empty.value().patterns);
}

TEST_CASE("[StudioFiles] settings: each bad field is named") {
  auto error = [](const char* text) {
    const auto r = parse_settings(text, "settings.json");
    return r ? std::string("(parsed)") : r.error();
  };
  CHECK(error("{\"recent\": [") == "settings.json: not valid JSON");
  CHECK(error("[1]") == "settings.json: expected a JSON object");
  CHECK(error("{\"recent\": \"a.json\"}") == "settings.json: recent: expected a list of paths");
  CHECK(error("{\"recent\": [\"\"]}") == "settings.json: recent: expected a list of paths");
  CHECK(error("{\"recent\": [3]}") == "settings.json: recent: expected a list of paths");
  CHECK(error("{\"palette\": \"pink\"}") ==
        "settings.json: palette: expected default, colour-blind or high-contrast");
  CHECK(error("{\"patterns\": 1}") == "settings.json: patterns: expected true or false");
  CHECK(error("{\"version\": 7}") == "settings.json: version: 7 is newer than this studio reads (1)");
  CHECK(error("{\"version\": \"1\"}") == "settings.json: version: expected a whole number >= 1");
}

TEST_CASE("[StudioFiles] recent files: most recent first, once each, at most 10, absolute") {
  std::vector<std::string> recent;
  add_recent(recent, "/l/a.json");
  add_recent(recent, "/l/b.json");
  add_recent(recent, "/l/x/../a.json");  // the same file as the first: moves to the front
  CHECK(recent == std::vector<std::string>{"/l/a.json", "/l/b.json"});
  for (int i = 0; i < 12; ++i) add_recent(recent, "/l/" + std::to_string(i) + ".json");
  REQUIRE(recent.size() == kMaxRecentFiles);
  CHECK(recent.front() == "/l/11.json");
  CHECK(recent.back() == "/l/2.json");
  add_recent(recent, "relative.json");
  CHECK(recent.front() == (fs::current_path() / "relative.json").string());
}

TEST_CASE("[StudioFiles] preferences: kept in settings.json, atomically, across starts") {
  TempDir tmp;
  Preferences p;
  CHECK(p.load(tmp.path) == "");  // no file yet: defaults, no complaint
  CHECK(p.settings().recent.empty());
  REQUIRE(p.remember_file("/levels/a.json"));
  REQUIRE(p.remember_file("/levels/b.json"));
  REQUIRE(p.set_look(palette::Id::HighContrast, true));
  CHECK(tmp.entries() == std::vector<std::string>{"settings.json"});  // no temporary left

  Preferences again;
  CHECK(again.load(tmp.path) == "");
  CHECK(again.settings().recent == std::vector<std::string>{"/levels/b.json", "/levels/a.json"});
  CHECK(again.settings().palette == palette::Id::HighContrast);
  CHECK(again.settings().patterns == true);
  REQUIRE(again.clear_recent());
  Preferences third;
  CHECK(third.load(tmp.path) == "");
  CHECK(third.settings().recent.empty());
}

TEST_CASE("[StudioFiles] a corrupt settings file is set aside, not overwritten") {
  TempDir tmp;
  write_file(tmp / "settings.json", "{\"recent\": [\"/a.json\",");
  Preferences p;
  CHECK(p.load(tmp.path) == tmp / "settings.json" + ": not valid JSON; using the default "
                                "settings, the file is kept as " + tmp / "settings.json.bad");
  CHECK(p.settings().recent.empty());
  REQUIRE(p.remember_file("/b.json"));
  CHECK(read_file(tmp / "settings.json.bad") == "{\"recent\": [\"/a.json\",");
  CHECK(tmp.entries() == std::vector<std::string>{"settings.json", "settings.json.bad"});
}

TEST_CASE("[StudioFiles] preferences without a folder keep nothing and fail nothing") {
  Preferences p;
  CHECK_FALSE(p.enabled());
  CHECK(p.remember_file("/a.json"));  // in memory only
  CHECK(p.settings().recent.size() == 1);
}

// [SECTION] Recovery

TEST_CASE("[StudioFiles] recovery info: round trip and named errors") {
  RecoveryInfo info{"/home/u/maze.json", 1700000000, "Maze"};
  const auto back = parse_recovery_info(recovery_info_to_json(info), "x.info.json");
  REQUIRE(back);
  CHECK(back.value().original_path == "/home/u/maze.json");
  CHECK(back.value().saved_at == 1700000000);
  CHECK(back.value().level_name == "Maze");
  auto error = [](const char* text) {
    const auto r = parse_recovery_info(text, "x.info.json");
    return r ? std::string("(parsed)") : r.error();
  };
  CHECK(error("nope") == "x.info.json: not valid JSON");
  CHECK(error("{}") == "x.info.json: format: expected \"astar-studio-recovery\"");
  CHECK(error("{\"format\": \"astar-studio-recovery\", \"saved_at\": 1}") ==
        "x.info.json: original_path: expected a path (\"\" for an untitled level)");
  CHECK(error("{\"format\": \"astar-studio-recovery\", \"original_path\": \"\", \"saved_at\": -4}") ==
        "x.info.json: saved_at: expected seconds since 1970");
}

TEST_CASE("[StudioFiles] recovery time: the time today, the date and time otherwise") {
  const std::int64_t now = std::time(nullptr);
  const std::string today = recovery_time_text(now, now);
  CHECK(today.size() == 5);  // "12:03"
  CHECK(today[2] == ':');
  CHECK(recovery_time_text(now - 3 * 86400, now).size() == 16);  // "2024-05-03 12:03"
}

TEST_CASE("[StudioFiles] autosave: a running session is never offered, a dead one is") {
  TempDir tmp;
  const std::string dir = tmp / "recovery";
  RecoverySession me;
  REQUIRE(me.start(dir, "me"));
  {
    auto other = std::make_unique<RecoverySession>();
    REQUIRE(other->start(dir, "other"));
    REQUIRE(other->write(kLevel, {"/levels/maze.json", 100, "Maze"}));
    CHECK(other->has_files());
    CHECK(fs::exists(dir + "/other.json"));
    CHECK(read_file(dir + "/other.json") == kLevel);
    // Running (its lock is held): not offered. A studio never offers its own files either.
    REQUIRE(me.write(kLevel, {"", 101, ""}));
    CHECK(me.find_orphans().empty());
    other.reset();  // the process dies without finish(): the kernel lets go of the lock
  }
  auto orphans = me.find_orphans();
  REQUIRE(orphans.size() == 1);
  CHECK(orphans[0].id == "other");
  CHECK(orphans[0].level_file == dir + "/other.json");
  CHECK(orphans[0].info.original_path == "/levels/maze.json");
  CHECK(orphans[0].info.saved_at == 100);
  CHECK(orphans[0].info_problem.empty());
  // While offered here, a third studio starting now does not see it.
  {
    RecoverySession third;
    REQUIRE(third.start(dir, "third"));
    CHECK(third.find_orphans().empty());
    third.finish();
  }
  SUBCASE("discard deletes its files") {
    orphans[0].discard();
    CHECK_FALSE(fs::exists(dir + "/other.json"));
    CHECK_FALSE(fs::exists(dir + "/other.info.json"));
    CHECK_FALSE(fs::exists(dir + "/other.lock"));
    CHECK(me.find_orphans().empty());
  }
  SUBCASE("release keeps them for the next start") {
    orphans.clear();
    CHECK(me.find_orphans().size() == 1);
  }
}

TEST_CASE("[StudioFiles] autosave: files go after a save and at a clean quit") {
  TempDir tmp;
  const std::string dir = tmp / "recovery";
  RecoverySession s;
  REQUIRE(s.start(dir, "s"));
  CHECK_FALSE(s.has_files());
  REQUIRE(s.write(kLevel, {"", 5, ""}));
  CHECK(fs::exists(s.level_file()));
  CHECK(parse_recovery_info(read_file(s.info_file()), "i").value().saved_at == 5);
  // The same text again is not rewritten (the info keeps its time).
  REQUIRE(s.write(kLevel, {"", 9, ""}));
  CHECK(parse_recovery_info(read_file(s.info_file()), "i").value().saved_at == 5);
  s.remove_files();
  CHECK_FALSE(s.has_files());
  CHECK_FALSE(fs::exists(s.level_file()));
  CHECK_FALSE(fs::exists(s.info_file()));
  REQUIRE(s.write(kLevel, {"", 6, ""}));
  s.finish();
  CHECK_FALSE(s.active());
  CHECK(fs::is_empty(dir));
}

TEST_CASE("[StudioFiles] recovery: newest first; missing or corrupt info; a lone lock file") {
  TempDir tmp;
  const std::string dir = tmp / "recovery";
  fs::create_directories(dir);
  auto leave = [&](const std::string& id, std::int64_t at) {
    RecoverySession s;
    REQUIRE(s.start(dir, id));
    REQUIRE(s.write(kLevel, {"/l/" + id + ".json", at, ""}));
  };  // destroyed without finish(): a crash
  leave("old", 100);
  leave("new", 300);
  leave("mid", 200);
  fs::remove(dir + "/mid.info.json");                        // crashed between the two writes
  write_file(dir + "/old.info.json", "{\"format\": \"x\"}");  // corrupt
  write_file(dir + "/gone.lock", "");                        // a clean session's lock, left
  write_file(dir + "/new.json.tmp-AbC123", "{\"format");      // a write cut short by the crash
  // Without readable info, the level file's own time stands in.
  auto set_mtime = [](const std::string& f, std::int64_t t) {
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000  // no from_sys; the clock counts from 1970
    fs::last_write_time(f, fs::file_time_type(std::chrono::duration_cast<fs::file_time_type::duration>(
                               std::chrono::seconds(t))));
#else
    fs::last_write_time(f, std::chrono::file_clock::from_sys(
                               std::chrono::sys_seconds(std::chrono::seconds(t))));
#endif
  };
  set_mtime(dir + "/mid.json", 250);
  set_mtime(dir + "/old.json", 50);
  RecoverySession me;
  REQUIRE(me.start(dir, "me"));
  const auto orphans = me.find_orphans();
  REQUIRE(orphans.size() == 3);
  CHECK(orphans[0].id == "new");
  CHECK(orphans[0].info.original_path == "/l/new.json");
  CHECK(orphans[0].info.saved_at == 300);
  CHECK(orphans[1].id == "mid");
  CHECK(orphans[1].info.original_path.empty());
  CHECK(orphans[1].info.saved_at == 250);
  CHECK(orphans[1].info_problem.starts_with(dir + "/mid.info.json: cannot read: "));
  CHECK(orphans[2].id == "old");
  CHECK(orphans[2].info.saved_at == 50);
  CHECK(orphans[2].info_problem == dir + "/old.info.json: format: expected \"astar-studio-recovery\"");
  CHECK_FALSE(fs::exists(dir + "/gone.lock"));  // cleaned up on the way
  CHECK_FALSE(fs::exists(dir + "/new.json.tmp-AbC123"));
}

TEST_CASE("[StudioFiles] recovery after kill -9: the dead process's files are offered") {
  TempDir tmp;
  const std::string dir = tmp / "recovery";
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    RecoverySession s;
    if (!s.start(dir, "killed") || !s.write(kLevel, {"/l/k.json", 42, "K"})) ::_exit(1);
    ::kill(::getpid(), SIGKILL);
    ::_exit(2);
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));
  RecoverySession me;
  REQUIRE(me.start(dir, "me"));
  const auto orphans = me.find_orphans();
  REQUIRE(orphans.size() == 1);
  CHECK(orphans[0].info.original_path == "/l/k.json");
  CHECK(read_file(orphans[0].level_file) == kLevel);
}

TEST_CASE("[StudioFiles] recovery: an unusable folder is an error, not a crash") {
  TempDir tmp;
  write_file(tmp / "file", "x");
  RecoverySession s;
  const auto started = s.start(tmp / "file/recovery", "s");
  REQUIRE_FALSE(started);
  CHECK(started.error().starts_with("cannot create " + tmp / "file/recovery: "));
  CHECK_FALSE(s.active());
  CHECK_FALSE(s.write(kLevel, {}));
  CHECK(s.find_orphans().empty());
}

TEST_CASE("[StudioFiles] session ids differ between processes and over time") {
  const std::string id = new_session_id();
  CHECK(id.starts_with(std::to_string(::getpid()) + "-"));
}

// [SECTION] Dropped files

TEST_CASE("[StudioFiles] a dropped file: a level opens, anything else is refused by name") {
  TempDir tmp;
  using K = DropAction::Kind;
  CHECK(action_for_drop({}).kind == K::None);

  const DropAction one = action_for_drop({"/l/maze.json"});
  CHECK(one.kind == K::OpenLevel);
  CHECK(one.path == "/l/maze.json");
  CHECK(one.message.empty());
  CHECK(action_for_drop({"/l/MAZE.JSON"}).kind == K::OpenLevel);

  const DropAction many = action_for_drop({"/l/a.json", "/l/b.json", "/l/c.png"});
  CHECK(many.kind == K::OpenLevel);
  CHECK(many.path == "/l/a.json");
  CHECK(many.message == "3 files dropped: opening the first, a.json (one level at a time)");

  CHECK(action_for_drop({"/pics/map.png"}).kind == K::Import);
  CHECK(action_for_drop({"/pics/MAP.JPG"}).kind == K::Import);
  CHECK(action_for_drop({"/pics/map.jpeg"}).kind == K::Import);
  CHECK(action_for_drop({"/maps/town.tmj"}).kind == K::Import);
  const DropAction map = action_for_drop({"/maps/den312d.map"});
  CHECK(map.kind == K::OpenMap);
  CHECK(map.path == "/maps/den312d.map");
  CHECK(map.message.empty());
  const DropAction two = action_for_drop({"/maps/a.map", "/l/b.json"});
  CHECK(two.kind == K::OpenMap);
  CHECK(two.message == "2 files dropped: opening the first, a.map (one level at a time)");

  // A .json is read: a Tiled map goes to the Import dialog, a level (or anything else) opens.
  std::ofstream(tmp / "town.json") << R"({"compressionlevel": -1, "height": 2, "layers": [],
    "orientation": "orthogonal", "tiledversion": "1.10.2", "type": "map", "width": 3})";
  std::ofstream(tmp / "level.json") << R"({"format": "astar-studio-level", "version": 1,
    "layers": "a level whose text happens to say layers"})";
  CHECK(action_for_drop({tmp / "town.json"}).kind == K::Import);
  CHECK(action_for_drop({tmp / "level.json"}).kind == K::OpenLevel);
  CHECK(action_for_drop({tmp / "missing.json"}).kind == K::OpenLevel);  // its loader names it

  const DropAction doc = action_for_drop({"/notes/todo.docx"});
  CHECK(doc.kind == K::Refuse);
  CHECK(doc.message == "Cannot open todo.docx: '.docx' is not a level file; A* Studio opens level "
                       "files (.json), search traces (.jsonl, .yaml), multi-agent plans (.txt, .plan, "
                       ".log) and imports .png, .jpg, .jpeg, .map and .tmj files. (/notes/todo.docx)");
  CHECK(action_for_drop({"/x/README"}).message ==
        "Cannot open README: it has no extension; A* Studio opens level files (.json), search traces "
        "(.jsonl, .yaml), multi-agent plans (.txt, .plan, .log) and imports .png, .jpg, .jpeg, .map and "
        ".tmj files. (/x/README)");
  const DropAction folder = action_for_drop({tmp.path});
  CHECK(folder.kind == K::Refuse);
  CHECK(folder.message == tmp.path.string() + " is a folder; drop a level file (.json) or a file to import");
}

TEST_CASE("[StudioFiles] a dropped search trace: by its content or its extension") {
  TempDir tmp;
  using K = DropAction::Kind;
  std::ofstream(tmp / "run.json") << R"({"version": "1.0.5", "render": {}, "events": [
    {"type": "source", "id": 0, "x": 0, "y": 0}]})";
  std::ofstream(tmp / "ours.json") << R"([
{"iteration": 1, "kind": "take", "cell": [0, 0]}])";
  std::ofstream(tmp / "level.json") << R"({"format": "astar-studio-level", "version": 1,
    "name": "a level whose text happens to say \"events\""})";
  CHECK(action_for_drop({tmp / "run.json"}).kind == K::OpenTrace);
  CHECK(action_for_drop({tmp / "ours.json"}).kind == K::OpenTrace);
  CHECK(action_for_drop({tmp / "level.json"}).kind == K::OpenLevel);
  CHECK(action_for_drop({"/t/run.jsonl"}).kind == K::OpenTrace);
  CHECK(action_for_drop({"/t/RUN.YAML"}).kind == K::OpenTrace);
  CHECK(action_for_drop({"/t/run.yml"}).kind == K::OpenTrace);
  const DropAction two = action_for_drop({tmp / "run.json", tmp / "level.json"});
  CHECK(two.kind == K::OpenTrace);
  CHECK(two.message == "2 files dropped: opening the first, run.json (one trace at a time)");
  CHECK_FALSE(looks_like_trace(tmp / "missing.json"));
}

TEST_CASE("[StudioFiles] a dropped multi-agent plan: .txt, .plan, .log, whatever its case") {
  using K = DropAction::Kind;
  const DropAction txt = action_for_drop({"/p/plan.txt"});
  CHECK(txt.kind == K::OpenPlan);
  CHECK(txt.path == "/p/plan.txt");
  CHECK(txt.message.empty());
  CHECK(action_for_drop({"/p/LACAM.LOG"}).kind == K::OpenPlan);
  CHECK(action_for_drop({"/p/eecbs.plan"}).kind == K::OpenPlan);
  CHECK(action_for_drop({"/p/plan.text"}).kind == K::Refuse);
  const DropAction two = action_for_drop({"/p/a.txt", "/p/b.txt"});
  CHECK(two.kind == K::OpenPlan);
  CHECK(two.message == "2 files dropped: opening the first, a.txt (one plan at a time)");
  CHECK(has_plan_extension("x.Plan"));
  CHECK_FALSE(has_plan_extension("x.json"));
}

TEST_CASE("[StudioFiles] import formats and the Tiled dialog's GID fields") {
  CHECK(import_format_of("a.PNG") == ImportFormat::Image);
  CHECK(import_format_of("a.map") == ImportFormat::MovingAi);
  CHECK(import_format_of("a.tmj") == ImportFormat::Tiled);
  CHECK(import_format_of("a.bmp") == ImportFormat::Unknown);
  CHECK(describe(ImportFormat::Tiled) == "a Tiled map");

  auto ids = parse_gid_list(" 1, 2 17,,", "Wall tile ids");
  REQUIRE(ids.ok());
  CHECK(ids.value() == std::vector<std::uint32_t>{1, 2, 17});
  CHECK(parse_gid_list("", "Wall tile ids").value().empty());
  CHECK(parse_gid_list("1, x", "Wall tile ids").error() ==
        "Wall tile ids: expected whole numbers (tile GIDs), got 'x'");
  CHECK(parse_gid_list("-3", "Wall tile ids").error() ==
        "Wall tile ids: expected whole numbers (tile GIDs), got '-3'");

  auto table = parse_gid_table("1=2.5, 7=10", "Costs table");
  REQUIRE(table.ok());
  CHECK(table.value() == std::map<std::uint32_t, double>{{1, 2.5}, {7, 10.0}});
  CHECK(parse_gid_table("3", "Costs table").error() == "Costs table: expected GID=VALUE, got '3'");
  CHECK(parse_gid_table("3=", "Heights table").error() ==
        "Heights table: expected GID=VALUE, got '3='");
  CHECK(parse_gid_table("a=1", "Costs table").error() == "Costs table: expected GID=VALUE, got 'a=1'");
}
