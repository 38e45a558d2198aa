// How fast read_trace_file reads a big search trace, and how much memory it takes (docs/benchmarks.md,
// "Reading big traces"). Writes a trace of EVENTS events (default 5,000,000) as
// Posthoc JSON, as JSON Lines and (a tenth of them) as Posthoc YAML to temporary files, then
// reads each in a child process of its own, so that each peak (VmHWM) is its own:
//
//   build/bench/bench_trace_import [EVENTS]
//
// The trace is a search's shape: expand a node, generate 3 new ones from it, close it (5 events,
// 3 new nodes), ids y * 2048 + x as grid programs write them, numbers with 6 digits.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "astar/imported_trace.hpp"

namespace {

constexpr int kRowWidth = 2048;

long vm_hwm_kib() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return -1;
}

enum class Shape { Json, Lines, Yaml };

// One event in the file's syntax; `first`: the first in its list.
void write_event(std::FILE* f, Shape shape, bool first, const char* type, long id, long pid,
                 double g, double h) {
  const long x = id % kRowWidth, y = id / kRowWidth;
  if (shape == Shape::Yaml) {
    std::fprintf(f, "  - type: %s\n    id: %ld\n", type, id);
    if (pid >= 0) std::fprintf(f, "    pId: %ld\n", pid);
    std::fprintf(f, "    g: %.6g\n    f: %.6g\n    x: %ld\n    y: %ld\n", g, g + h, x, y);
    return;
  }
  const char* sep = shape == Shape::Json && !first ? "," : "";
  if (pid >= 0)
    std::fprintf(f, "%s{\"type\":\"%s\",\"id\":%ld,\"pId\":%ld,\"g\":%.6g,\"f\":%.6g,\"x\":%ld,\"y\":%ld}\n",
                 sep, type, id, pid, g, g + h, x, y);
  else
    std::fprintf(f, "%s{\"type\":\"%s\",\"id\":%ld,\"g\":%.6g,\"f\":%.6g,\"x\":%ld,\"y\":%ld}\n", sep,
                 type, id, g, g + h, x, y);
}

long write_trace(const std::string& path, Shape shape, long events) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    std::perror(path.c_str());
    std::exit(1);
  }
  if (shape == Shape::Json)
    std::fputs("{\"version\":\"1.0.5\",\"render\":{\"components\":{}},\"events\":[\n", f);
  if (shape == Shape::Yaml) std::fputs("version: 1.0.5\nevents:\n", f);
  long written = 0, next_id = 1;
  write_event(f, shape, true, "source", 0, -1, 0, 1000);
  ++written;
  for (long m = 0; written < events; ++m) {
    const double gm = 1.0 + static_cast<double>(m % 977) * 0.41421;
    write_event(f, shape, false, "expanding", m, m == 0 ? -1 : (m - 1) / 3, gm, 1000 - gm);
    for (int k = 0; k < 3 && written + 2 < events; ++k, ++written)
      write_event(f, shape, false, "generating", next_id++, m, gm + 1.41421, 999.5 - gm);
    write_event(f, shape, false, "closing", m, m == 0 ? -1 : (m - 1) / 3, gm, 1000 - gm);
    written += 2;
  }
  if (shape == Shape::Json) std::fputs("]}\n", f);
  const long bytes = std::ftell(f);
  std::fclose(f);
  return bytes;
}

// In a child process: read, print one row, exit.
void measure(const std::string& label, const std::string& path, long bytes) {
  std::fflush(stdout);
  const pid_t child = fork();
  if (child != 0) {
    int status = 0;
    waitpid(child, &status, 0);
    return;
  }
  const long hwm_before = vm_hwm_kib();
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = astar::read_trace_file(path);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const long hwm_after = vm_hwm_kib();
  if (!r) {
    std::printf("%s: %s\n", label.c_str(), r.error().c_str());
    _exit(1);
  }
  const auto& t = r.value();
  const double n = static_cast<double>(t.events.size());
  std::printf("%-13s %9zu events %8zu nodes %7.1f MB  %6.2f s  %6.2f M events/s  %6.1f MB/s  "
              "VmHWM %6ld -> %7ld KiB  %5.1f bytes/event (sizeof(ImportedEvent) %zu)\n",
              label.c_str(), t.events.size(), t.node_count(), static_cast<double>(bytes) / 1e6, s,
              n / s / 1e6, static_cast<double>(bytes) / s / 1e6, hwm_before, hwm_after,
              static_cast<double>(hwm_after - hwm_before) * 1024.0 / n, sizeof(astar::ImportedEvent));
  std::fflush(stdout);
  _exit(0);
}

}  // namespace

int main(int argc, char** argv) {
  const long events = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 5000000;
  const char* tmp = std::getenv("TMPDIR");
  const std::string dir = tmp != nullptr ? tmp : "/tmp";
  const std::string stem = dir + "/bench_trace_import." + std::to_string(getpid());
  const struct {
    const char* label;
    const char* ext;
    Shape shape;
    long events;
  } runs[] = {{"Posthoc JSON", ".json", Shape::Json, events},
              {"JSON Lines", ".jsonl", Shape::Lines, events},
              {"Posthoc YAML", ".yaml", Shape::Yaml, events / 10}};
  for (const auto& run : runs) {
    const std::string path = stem + run.ext;
    const long bytes = write_trace(path, run.shape, run.events);
    measure(run.label, path, bytes);
    std::remove(path.c_str());
  }
  return 0;
}
