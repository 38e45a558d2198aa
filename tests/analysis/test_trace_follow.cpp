// TraceFollower: a JSON Lines trace followed while it is written (a growing file, a named pipe).
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "astar/level.hpp"
#include "astar/trace_check.hpp"
#include "astar/trace_follow.hpp"
#include "astar/trace_replay.hpp"
#include "support/temp_dir.hpp"

using namespace astar;

namespace {

// A small search's trace, one event per line: a 3-cell corridor from (0, 0) to (2, 0).
const std::string kLines[] = {
    R"({"type": "source", "id": 0, "x": 0, "y": 0})" "\n",
    R"({"type": "destination", "id": 2, "x": 2, "y": 0})" "\n",
    R"({"type": "generating", "id": 0, "g": 0, "f": 2, "x": 0, "y": 0})" "\n",
    R"({"type": "expanding", "id": 0, "g": 0, "f": 2, "x": 0, "y": 0})" "\n",
    R"({"type": "generating", "id": 1, "pId": 0, "g": 1, "f": 2, "x": 1, "y": 0})" "\n",
    R"({"type": "expanding", "id": 1, "pId": 0, "g": 1, "f": 2, "x": 1, "y": 0})" "\n",
    R"({"type": "generating", "id": 2, "pId": 1, "g": 2, "f": 2, "x": 2, "y": 0})" "\n",
    R"({"type": "expanding", "id": 2, "pId": 1, "g": 2, "f": 2, "x": 2, "y": 0})" "\n",
    R"({"type": "end", "id": 2})" "\n",
};

std::string all_lines() {
  std::string s;
  for (const std::string& l : kLines) s += l;
  return s;
}

void append(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::app | std::ios::binary) << text;
}

std::size_t polled(TraceFollower& f) {
  auto r = f.poll();
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  return r.value();
}

}  // namespace

TEST_CASE("[TraceFollow] a growing file: whole lines as they arrive, a half line waits") {
  astar::test::TempDir dir;
  const auto path = dir.path / "run.jsonl";
  TraceFollower f(path.string());
  CHECK(polled(f) == 0);  // not there yet: waited for, not an error
  CHECK(f.waiting_for_file());
  append(path, kLines[0] + kLines[1] + kLines[2].substr(0, 20));
  CHECK(polled(f) == 2);
  CHECK_FALSE(f.waiting_for_file());
  CHECK(f.pending_bytes() == 20);
  CHECK_FALSE(f.complete());
  append(path, kLines[2].substr(20));
  CHECK(polled(f) == 1);
  CHECK(f.pending_bytes() == 0);
  CHECK(polled(f) == 0);  // nothing new
  for (int i = 3; i < 9; ++i) append(path, kLines[i]);
  CHECK(polled(f) == 6);
  CHECK(f.complete());  // the end event
  CHECK(f.bytes_read() == static_cast<std::int64_t>(all_lines().size()));

  // The same trace as reading the whole file at once; the snapshot is a copy.
  const auto whole = read_trace(all_lines(), "whole.jsonl");
  REQUIRE(whole.ok());
  const auto snap = f.snapshot();
  REQUIRE(snap->events.size() == whole.value().events.size());
  for (std::size_t i = 0; i < snap->events.size(); ++i) {
    CHECK(snap->events[i].type == whole.value().events[i].type);
    CHECK(snap->events[i].node == whole.value().events[i].node);
    CHECK(snap->events[i].parent == whole.value().events[i].parent);
  }
  CHECK(snap->format == TraceFormat::JsonLines);
}

TEST_CASE("[TraceFollow] a few bytes per poll read the same trace") {
  astar::test::TempDir dir;
  const auto path = dir.path / "run.jsonl";
  append(path, all_lines());
  TraceFollower f(path.string(), {}, 7);
  std::size_t events = 0;
  int polls = 0;
  while (f.bytes_read() < static_cast<std::int64_t>(all_lines().size()) && polls < 10000) {
    events += polled(f);
    ++polls;
  }
  CHECK(events == 9);
  CHECK(polls == static_cast<int>((all_lines().size() + 6) / 7));
}

TEST_CASE("[TraceFollow] a file cut shorter stops following with a message, keeping the events") {
  astar::test::TempDir dir;
  const auto path = dir.path / "run.jsonl";
  append(path, kLines[0] + kLines[1] + kLines[2]);
  TraceFollower f(path.string());
  CHECK(polled(f) == 3);
  std::filesystem::resize_file(path, 10);
  const auto r = f.poll();
  REQUIRE_FALSE(r.ok());
  const std::string want = path.string() + ": the file was cut shorter while being followed (" +
                           std::to_string(kLines[0].size() + kLines[1].size() + kLines[2].size()) +
                           " bytes read, now 10): following stopped; the 3 events read are kept";
  CHECK(r.error() == want);
  CHECK(f.trace().events.size() == 3);
  append(path, all_lines());  // growing again does not resume: the error stays
  CHECK(f.poll().error() == want);
}

TEST_CASE("[TraceFollow] a bad line: the reader's message, the earlier events kept") {
  astar::test::TempDir dir;
  const auto path = dir.path / "run.jsonl";
  append(path, kLines[0] + R"({"type": "expanding", "id": 1, "x": "7", "y": 0})" "\n");
  TraceFollower f(path.string());
  const auto r = f.poll();
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == path.string() + ": line 2 (events[1]).x: expected a number, got \"7\"");
  CHECK(f.trace().events.size() == 1);
}

TEST_CASE("[TraceFollow] a folder is refused by name") {
  astar::test::TempDir dir;
  TraceFollower f(dir.path.string());
  const auto r = f.poll();
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == dir.path.string() + ": cannot follow: it is a folder");
}

TEST_CASE("[TraceFollow] a named pipe: events as the writer sends them, complete when it closes") {
  astar::test::TempDir dir;
  const auto path = dir.path / "run.pipe";
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  TraceFollower f(path.string());
  CHECK(polled(f) == 0);  // opened for reading; no writer yet is not the end
  CHECK_FALSE(f.complete());
  std::thread writer([&] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    for (int i = 0; i < 8; ++i) {  // no end event: the close says it is complete
      const std::string& l = kLines[i];
      CHECK(::write(fd, l.data(), l.size()) == static_cast<ssize_t>(l.size()));
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ::close(fd);
  });
  std::size_t events = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!f.complete() && std::chrono::steady_clock::now() < deadline) {
    events += polled(f);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  writer.join();
  CHECK(f.complete());
  CHECK(events == 8);
}

TEST_CASE("[TraceFollow] a snapshot before the end is growing: replayed in progress, its path not checked") {
  astar::test::TempDir dir;
  const auto path = dir.path / "run.jsonl";
  Level lv(3, 1);
  lv.set_start({0, 0});
  lv.set_goal({2, 0});
  append(path, kLines[0] + kLines[1] + kLines[2] + kLines[3] + kLines[4]);
  TraceFollower f(path.string(), {.level = &lv});
  CHECK(polled(f) == 5);
  const auto partial = f.snapshot();
  CHECK(partial->growing);
  TraceReplay replay(lv, partial);
  replay.seek_event(partial->events.size() - 1);
  CHECK(replay.events_applied() == 5);
  CHECK(replay.state() == SearchState::InProgress);  // not "no path": more may come
  CHECK(replay.path().empty());
  const TraceCheckReport open = check_trace(lv, lv.rules(), *partial);
  CHECK(open.total() == 0);  // no "suboptimal: found no path" for a search still running
  CHECK(open.scale_note.find("the path is checked once the trace is complete") != std::string::npos);
  // The same events read as a finished file: no path found where there is one.
  ImportedTrace finished = *partial;
  finished.growing = false;
  CHECK(check_trace(lv, lv.rules(), finished).counts[static_cast<std::size_t>(FindingKind::Suboptimal)] == 1);

  for (int i = 5; i < 9; ++i) append(path, kLines[i]);
  CHECK(polled(f) == 4);
  const auto whole = f.snapshot();
  CHECK_FALSE(whole->growing);
  TraceReplay done(lv, whole);
  CHECK(done.run() == SearchState::Found);
  CHECK(done.path() == std::vector<Cell>{{0, 0}, {1, 0}, {2, 0}});
  CHECK(check_trace(lv, lv.rules(), *whole).total() == 0);
}
