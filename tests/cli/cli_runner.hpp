// Test helper for the CLI tests: runs the real `astar` binary (ASTAR_CLI) with arguments,
// capturing stdout, stderr and the exit code, and gives each test file a scratch folder.
#pragma once

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace astar::test {

// A scratch folder, made empty on first use and removed at exit.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              (name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::string shell_quote(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Run {
  int code = -1;  // exit code; -1 when the process did not exit normally (a crash)
  std::string out;
  std::string err;
};

// Runs `astar ARGS...`; stderr goes through a file in `scratch`.
inline Run run_cli(const std::vector<std::string>& args, const std::filesystem::path& scratch) {
  static int counter = 0;
  const std::filesystem::path err_file = scratch / ("stderr-" + std::to_string(counter++) + ".txt");
  std::string cmd = shell_quote(ASTAR_CLI);
  for (const std::string& a : args) cmd += " " + shell_quote(a);
  cmd += " 2>" + shell_quote(err_file.string());
  Run r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = ::pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err_file);
  return r;
}

// A test file's scratch folder, with `astar` runs and files written in it:
//   static CliScratch s("astar-x-tests");  s.run({"run", s.write("a.json", text)});
class CliScratch {
 public:
  explicit CliScratch(const std::string& name) : dir_(name) {}
  const std::filesystem::path& path() const { return dir_.path(); }
  Run run(const std::vector<std::string>& args) const { return run_cli(args, dir_.path()); }
  // Writes `text` to the file `name` in the folder; its path.
  std::string write(const std::string& name, const std::string& text) const {
    const std::filesystem::path p = dir_.path() / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }

 private:
  ScratchDir dir_;
};

// A bad-input run: exit 2, nothing on stdout, "astar: ..." on stderr holding `expected`.
inline void check_refused(const Run& r, const std::string& expected) {
  INFO("stderr: ", r.err);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("astar: ", 0) == 0);
  CHECK(r.err.find(expected) != std::string::npos);
}

// A file of the shared MovingAI data (../shared/movingai, or $ASTAR_MOVINGAI_DIR), or none when
// it is missing: a message says the case is skipped, and with CI=true the case fails instead.
inline std::optional<std::filesystem::path> shared_movingai_file(const std::string& name) {
  const char* env = std::getenv("ASTAR_MOVINGAI_DIR");
  const std::filesystem::path dir = env != nullptr && *env != '\0'
                                        ? std::filesystem::path(env)
                                        : std::filesystem::path(ASTAR_SOURCE_DIR) / ".." / "shared" / "movingai";
  const std::filesystem::path file = dir / name;
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) return file;
  const char* ci = std::getenv("CI");
  const bool in_ci = ci != nullptr && std::string_view(ci) == "true";
  if (!in_ci) MESSAGE("skipped: " << file.string() << " not found (set ASTAR_MOVINGAI_DIR)");
  CHECK_MESSAGE(!in_ci, "CI=true but " << file.string() << " is missing");
  return std::nullopt;
}

}  // namespace astar::test
