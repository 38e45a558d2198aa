// astar grade RESULT...: each result file a student saved (exercise.hpp's result files) is
// replayed against the exercise its spec makes (grade_result), so a score or an action edited
// by hand is caught; one row per file as a table or CSV. Exit 0 when every file verifies, 1
// when one was altered, 2 when one cannot be read or is no result file (2 wins over 1).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "args.hpp"
#include "astar/exercise.hpp"
#include "astar/format.hpp"
#include "commands.hpp"
#include "output.hpp"
#include "search_args.hpp"

namespace astar::cli {

namespace {

constexpr std::array<OptionSpec, 1> kGradeOptions{{{"--format", true}}};
constexpr int kExitAltered = 1;  // a file does not verify (exit_codes_help)

enum class GradeFormat { Table, Csv };

// One file's outcome: its row, or why it could not be graded.
struct Graded {
  std::string file;
  std::optional<GradeRow> row;
  std::string error;  // when no row: "FILE: field: reason"
};

Graded grade_file(const std::string& path) {
  Graded g;
  g.file = path;
  Result<GradeRow> row = grade_result_file(path);
  if (!row) {
    // grade_result names the source; make sure the file is named all the same.
    g.error = row.error().find(path) == std::string::npos ? path + ": " + row.error() : row.error();
    return g;
  }
  g.row = std::move(row.value());
  g.row->file = path;
  return g;
}

// "wrong-node 2, wrong-g 1", or "none".
std::string mistakes_text(const Score& s) {
  std::string out;
  for (std::size_t k = 0; k < s.mistakes.size(); ++k) {
    if (s.mistakes[k] == 0) continue;
    if (!out.empty()) out += ", ";
    out += std::string(to_string(static_cast<Mistake>(k))) + " " + std::to_string(s.mistakes[k]);
  }
  return out.empty() ? "none" : out;
}

// Seconds as m:ss, rounded to the second ("0:41", "62:05").
std::string minutes_text(double seconds) {
  const std::int64_t s = std::isfinite(seconds) && seconds > 0 ? std::llround(seconds) : 0;
  const std::int64_t sec = s % 60;
  return std::to_string(s / 60) + ":" + (sec < 10 ? "0" : "") + std::to_string(sec);
}

std::string score_text(const Score& s) {
  std::string out = number_text(s.percent) + " %";
  if (s.time_up) out += " (time up)";
  else if (!s.finished) out += " (unfinished)";
  return out;
}

// The message without its leading "FILE: " (the file has a column of its own).
std::string without_file(const std::string& message, const std::string& file) {
  const std::string prefix = file + ": ";
  return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

std::string check_text(const Graded& g) {
  if (!g.row) return "UNREADABLE: " + without_file(g.error, g.file);
  return g.row->verified ? "verified" : "ALTERED: " + g.row->altered;
}

// Characters as a terminal shows them: UTF-8 continuation bytes do not count.
std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string table_text(const std::vector<Graded>& files) {
  std::vector<std::array<std::string, 7>> rows;
  rows.push_back({"file", "student", "exercise", "score", "mistakes", "time", "check"});
  for (const Graded& g : files) {
    if (!g.row) {
      rows.push_back({g.file, "-", "-", "-", "-", "-", check_text(g)});
      continue;
    }
    const GradeRow& r = *g.row;
    rows.push_back({g.file, r.spec.student.empty() ? "-" : r.spec.student, std::string(to_string(r.spec.kind)),
                    score_text(r.score), mistakes_text(r.score), minutes_text(r.seconds), check_text(g)});
  }
  std::array<std::size_t, 7> width{};
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], display_width(row[c]));
  std::string out;
  for (const auto& row : rows) {
    for (std::size_t c = 0; c + 1 < row.size(); ++c)
      out += row[c] + std::string(width[c] - display_width(row[c]) + 2, ' ');
    out += row.back() + "\n";
  }
  return out;
}

// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes
// doubled. Text a spreadsheet would take for a formula (=, +, -, @ first) gets a ' in front.
std::string csv_field(std::string_view s, bool text = true) {
  std::string v(s);
  if (text && !v.empty() && (v[0] == '=' || v[0] == '+' || v[0] == '-' || v[0] == '@')) v.insert(0, 1, '\'');
  if (v.find_first_of(",\"\r\n") == std::string::npos) return v;
  std::string out = "\"";
  for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv_text(const std::vector<Graded>& files) {
  std::string out = "file,student,seed,exercise,score_percent,points,max_points,answered,finished,time_up,seconds,"
                    "mistakes";
  for (std::size_t k = 0; k < static_cast<std::size_t>(Mistake::_Max); ++k)
    out += "," + std::string(to_string(static_cast<Mistake>(k)));
  out += ",check,detail\n";
  for (const Graded& g : files) {
    out += csv_field(g.file);
    if (!g.row) {
      out += std::string(11 + static_cast<std::size_t>(Mistake::_Max), ',');
      out += ",unreadable," + csv_field(without_file(g.error, g.file)) + "\n";
      continue;
    }
    const GradeRow& r = *g.row;
    const Score& s = r.score;
    std::int64_t total = 0;
    for (std::int64_t m : s.mistakes) total += m;
    out += "," + csv_field(r.spec.student) + "," + csv_field(r.spec.seed) + "," + std::string(to_string(r.spec.kind));
    out += "," + number_text(s.percent) + "," + number_text(s.points) + "," + number_text(s.max_points);
    out += "," + std::to_string(s.answered) + "," + (s.finished ? "yes" : "no") + "," + (s.time_up ? "yes" : "no");
    out += "," + number_text(r.seconds) + "," + std::to_string(total);
    for (std::int64_t m : s.mistakes) out += "," + std::to_string(m);
    out += r.verified ? ",verified," : ",altered," + csv_field(r.altered);
    out += "\n";
  }
  return out;
}

}  // namespace

int grade_command(std::span<const std::string> args) {
  const auto bad = [](const std::string& why) {
    print_error("grade: " + why + " (see 'astar grade --help')");
    return kExitBadInput;
  };
  auto parsed = parse_args(args, kGradeOptions);
  if (!parsed) return bad(parsed.error());
  const ParsedArgs& p = parsed.value();
  if (p.positionals.empty()) return bad("missing RESULT (a result file a student saved)");
  GradeFormat format = GradeFormat::Table;
  if (const std::string* f = p.get("--format")) {
    if (*f == "csv") format = GradeFormat::Csv;
    else if (*f != "table") return bad("--format: unknown value '" + *f + "' (expected table or csv)");
  }
  for (const std::string& file : p.positionals)
    if (file.empty()) return bad("an empty file name");

  std::vector<Graded> files;
  int code = kExitFound;
  for (const std::string& file : p.positionals) {
    files.push_back(grade_file(file));
    const Graded& g = files.back();
    if (!g.row) {
      print_error(g.error);
      code = kExitBadInput;
    } else if (!g.row->verified) {
      print_error(file + ": altered: " + g.row->altered);
      if (code == kExitFound) code = kExitAltered;
    }
  }
  return write_output(format == GradeFormat::Csv ? csv_text(files) : table_text(files), code);
}

std::string grade_help() {
  std::string h;
  h += "astar grade RESULT... [--format table|csv]\n";
  h += "\n";
  h += "  Grades the result files students saved from exercises (`astar exercise`, the\n";
  h += "  studio, the page): each is replayed against the exercise its settings make, so\n";
  h += "  the score is recomputed from the answers, and a file whose score, answers or\n";
  h += "  check were edited is caught. Prints one row per file to stdout.\n";
  h += "\n";
  h += "Options (also written --option=VALUE):\n";
  h += "  --format NAME        table (for people) or csv (a header row, then one row per\n";
  h += "                       file, fields quoted as RFC 4180 says; text that starts\n";
  h += "                       with =, +, - or @ gets a ' in front, so that a spreadsheet\n";
  h += "                       does not run it). Default: table.\n";
  h += "  -h, --help           show this help and exit.\n";
  h += "\n";
  h += "Table columns: file, student, exercise (its kind), score (per cent of the points,\n";
  h += "  recomputed; \"(unfinished)\" or \"(time up)\" after it), mistakes by kind\n";
  h += "  (\"wrong-node 2, wrong-g 1\", or none), time (the last answer's, m:ss), check:\n";
  h += "  verified, ALTERED: what differs (\"score.percent: the file says 100, its\n";
  h += "  actions give 62.5\"), or UNREADABLE: why.\n";
  h += "CSV columns: file, student, seed, exercise, score_percent, points, max_points,\n";
  h += "  answered, finished (yes/no), time_up (yes/no), seconds, mistakes (their\n";
  h += "  number), one column per mistake kind with its count (wrong-node, wrong-g,\n";
  h += "  wrong-h, wrong-f, wrong-change, wrong-parents, wrong-path, missed-cells,\n";
  h += "  extra-cells, wrong-finding, wrong-event), check (verified, altered or\n";
  h += "  unreadable), detail (what was altered, or why unreadable).\n";
  h += "\n";
  h += "Exit 0 when every file verifies; 1 when one was altered (\"FILE: altered: ...\" on\n";
  h += "stderr too); 2 when one cannot be read or is no result file (the message names\n";
  h += "the file and the field: \"ann.json: actions[3].g: expected a number\"), or for a\n";
  h += "bad option. The other files are graded all the same; 2 wins over 1.\n";
  return h;
}

}  // namespace astar::cli
