// The units that move (issue 32) in level files: read, written after the other layers, read back
// equal; every refusal names the unit and its field; the editor keeps walls off units' cells and
// moves units with a resize.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "astar/edit.hpp"
#include "astar/level_io.hpp"
#include "astar/movingai.hpp"

using namespace astar;

namespace {

// A 6 x 4 level with a wall at (2, 1), and `units` as its "units" field (none when empty).
std::string level_with_units(const std::string& units) {
  return R"({
  "format": "astar-studio-level", "version": 1, "width": 6, "height": 4,
  "start": [0, 0], "goal": [5, 3],
  "walls": ["......", "..#...", "......", "......"])" +
         (units.empty() ? std::string() : ",\n  \"units\": " + units) + "\n}\n";
}

std::string error_of(const std::string& units) {
  const auto r = parse_level(level_with_units(units), "u.json");
  REQUIRE_FALSE(r.ok());
  return r.error();
}

}  // namespace

TEST_CASE("[units] read, written after the other layers, read back equal") {
  const auto r = parse_level(level_with_units(R"([{"start": [0, 1], "goal": [5, 1]},
                                                  {"start": [0, 2], "goal": [5, 2], "priority": 3}])"),
                             "u.json");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  const Level& lv = r.value();
  REQUIRE(lv.units.size() == 2);
  CHECK(lv.units[0] == Unit{{0, 1}, {5, 1}, std::nullopt});
  CHECK(lv.units[1] == Unit{{0, 2}, {5, 2}, 3});
  CHECK(lv.unit_endpoint({5, 2}));
  CHECK_FALSE(lv.unit_endpoint({1, 2}));
  const std::string text = level_to_json(lv);
  CHECK(text.find(R"(  "units": [
    {"start": [0, 1], "goal": [5, 1]},
    {"start": [0, 2], "goal": [5, 2], "priority": 3}
  ])") != std::string::npos);
  const auto back = parse_level(text, "b.json");
  REQUIRE(back.ok());
  CHECK(back.value() == lv);
  // A level without units writes none.
  const auto none = parse_level(level_with_units(""), "n.json");
  REQUIRE(none.ok());
  CHECK(none.value().units.empty());
  CHECK(level_to_json(none.value()).find("units") == std::string::npos);
}

TEST_CASE("[units] bad units are refused, naming the unit and the field") {
  CHECK(error_of("{}") == "u.json: units: expected an array, got object");
  CHECK(error_of("[3]") == "u.json: units[0]: expected an object, got number");
  CHECK(error_of(R"([{"start": [0, 1]}])") == "u.json: units[0].goal: missing field");
  CHECK(error_of(R"([{"start": [0, 1], "goal": [5, 1], "speed": 2}])") ==
        "u.json: units[0].speed: unknown field");
  CHECK(error_of(R"([{"start": [0, 1], "goal": [5, 1], "priority": -1}])") ==
        "u.json: units[0].priority: must be an integer 0..1000000, got -1");
  CHECK(error_of(R"([{"start": [0, 1], "goal": [2, 1]}])") ==
        "u.json: units[0].goal: (2, 1) is inside a wall");
  CHECK(error_of(R"([{"start": [0, 1], "goal": [5, 1]}, {"start": [9, 1], "goal": [4, 1]}])") ==
        "u.json: units[1].start: (9, 1) is outside the level (0, 0)-(5, 3)");
  // Two units may share a goal (an army's).
  CHECK(parse_level(level_with_units(R"([{"start": [0, 1], "goal": [5, 1]}, {"start": [0, 2], "goal": [5, 1]}])"),
                    "u.json")
            .ok());
  CHECK(error_of(R"([{"start": [0, 1], "goal": [5, 1]}, {"start": [0, 1], "goal": [5, 2]}])") ==
        "u.json: units[1].start: (0, 1) is units[0].start too");
  // One unit's goal may be another's start: they move in time.
  CHECK(parse_level(level_with_units(R"([{"start": [0, 1], "goal": [5, 1]},
                                         {"start": [5, 1], "goal": [0, 1]}])"),
                    "u.json")
            .ok());
  // The writer refuses what the reader would.
  Level lv = parse_level(level_with_units(""), "n.json").value();
  lv.units = {Unit{{0, 1}, {2, 1}, std::nullopt}};
  const Status saved = save_level(lv, "/nonexistent-folder/u.json");
  REQUIRE_FALSE(saved.ok());
  CHECK(saved.error().find("units[0].goal (2, 1) is inside a wall") != std::string::npos);
}

TEST_CASE("[units] the editor keeps walls and blocking agents off units' cells; resize moves them") {
  Level lv = parse_level(level_with_units(R"([{"start": [0, 1], "goal": [5, 1]},
                                              {"start": [0, 3], "goal": [5, 3 ]}])"),
                         "u.json")
                 .value();
  Editor ed(lv);
  ed.set_cell(Layer::Walls, {0, 1}, 1.0);
  ed.set_cell(Layer::Agents, {5, 1}, 1.0);
  ed.set_cell(Layer::Walls, {1, 1}, 1.0);  // not a unit's: painted
  CHECK_FALSE(lv.wall({0, 1}));
  CHECK_FALSE(lv.agent({5, 1}));
  CHECK(lv.wall({1, 1}));
  CHECK(lv.check_units().empty());
  // Grown by two columns on the left: every unit two to the right. Shrunk from the right: the
  // units whose goal falls off are dropped.
  REQUIRE(ed.resize(8, 4, Anchor::Right).ok());
  REQUIRE(lv.units.size() == 2);
  CHECK(lv.units[0].start == Cell{2, 1});
  CHECK(lv.units[0].goal == Cell{7, 1});
  REQUIRE(ed.resize(6, 4, Anchor::TopLeft).ok());
  CHECK(lv.units.empty());
  CHECK(lv.check_units().empty());
  ed.undo();
  CHECK(lv.units.size() == 2);
}

TEST_CASE("[units] added and removed in the editor, one undo step each, refused when unfit") {
  Level lv = parse_level(level_with_units(""), "u.json").value();
  Editor ed(lv);
  CHECK(ed.add_unit(Unit{{0, 1}, {5, 1}, std::nullopt}));
  CHECK(ed.add_unit(Unit{{0, 2}, {5, 2}, 4}));
  REQUIRE(lv.units.size() == 2);
  // Refused: a goal in the wall, a start another unit has, nothing to remove.
  CHECK_FALSE(ed.add_unit(Unit{{0, 3}, {2, 1}, std::nullopt}));
  CHECK_FALSE(ed.add_unit(Unit{{0, 1}, {4, 3}, std::nullopt}));
  CHECK_FALSE(ed.remove_unit(2));
  CHECK(lv.units.size() == 2);
  CHECK(ed.remove_unit(0));
  REQUIRE(lv.units.size() == 1);
  CHECK(lv.units[0].priority == 4);
  CHECK(ed.undo());
  CHECK(lv.units.size() == 2);
  CHECK(ed.undo());
  CHECK(lv.units.size() == 1);
  CHECK(ed.redo());
  CHECK(lv.units.size() == 2);
  CHECK(lv.units[1] == Unit{{0, 2}, {5, 2}, 4});
  CHECK_FALSE(ed.set_units(lv.units));  // nothing changed: no step
}

TEST_CASE("[units] a MovingAI scenario's first K queries as units, on its map with 4 neighbours") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "astar-units-scen";
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  write("small.map", "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@..\n.....\n");
  const std::string scen = write("small.map.scen",
                                 "version 1\n"
                                 "0\tsmall.map\t5\t3\t0\t0\t4\t2\t6.8\n"
                                 "0\tsmall.map\t5\t3\t4\t0\t0\t2\t6.8\n"
                                 "0\tsmall.map\t5\t3\t0\t0\t3\t2\t4\n");
  const Level map = load_movingai_map((dir / "small.map").string()).value();
  Level two = map;
  const Status read = add_movingai_units(two, scen, 2);
  REQUIRE_MESSAGE(read.ok(), (read.ok() ? "" : read.error()));
  REQUIRE(two.units.size() == 2);
  CHECK(two.units[0] == Unit{{0, 0}, {4, 2}, std::nullopt});
  CHECK(two.units[1] == Unit{{4, 0}, {0, 2}, std::nullopt});
  CHECK(two.rules().neighbours == Neighbours::Four);
  CHECK(two.wall({1, 1}));
  // The third query shares unit 0's start; a fourth does not exist; the map left as it was.
  Level three = map;
  CHECK(add_movingai_units(three, scen, 3).error() ==
        scen + ": line 4 (unit 2): start (0, 0) is unit 0's start too");
  CHECK(three.units.empty());
  CHECK(add_movingai_units(three, scen, 4).error() == scen + ": 4 agents asked for, the scenario has 3 queries");
  CHECK(add_movingai_units(three, scen, 0).error() == scen + ": the number of agents must be 1..10000, got 0");
  Level wide(6, 3);
  CHECK(add_movingai_units(wide, scen, 1).error() ==
        scen + ": line 2: the query is for a 5 x 3 map, the map is 6 x 3");
  std::filesystem::remove_all(dir);
}

TEST_CASE("[units] units_plan: a lesson's planner, read, written after the units, read back equal") {
  const std::string units = R"([{"start": [0, 1], "goal": [5, 1]}])";
  std::string text = level_with_units(units);
  text.insert(text.rfind('}'), R"(, "units_plan": {"algorithm": "whca-star", "window": 6, "horizon": 90})");
  const auto r = parse_level(text, "p.json");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error()));
  REQUIRE(r.value().units_plan);
  CHECK(*r.value().units_plan == UnitsPlanPreset{"whca-star", 6, 90});
  const std::string out = level_to_json(r.value());
  CHECK(out.find(R"("units_plan": {"algorithm": "whca-star", "window": 6, "horizon": 90})") != std::string::npos);
  const auto back = parse_level(out, "b.json");
  REQUIRE(back.ok());
  CHECK(back.value() == r.value());
  // Refused by name: a flow field's horizon, a plan without units.
  std::string flow = level_with_units(units);
  flow.insert(flow.rfind('}'), R"(, "units_plan": {"algorithm": "flow-field", "horizon": 5})");
  CHECK(parse_level(flow, "f.json").error() == "f.json: units_plan.horizon: only ca-star and whca-star have a horizon");
  std::string lonely = level_with_units("");
  lonely.insert(lonely.rfind('}'), R"(, "units_plan": {"algorithm": "ca-star"})");
  CHECK(parse_level(lonely, "l.json").error() == "l.json: units_plan: the level has no units to plan");
  // A level whose units are all removed writes no plan (it would not read back).
  Level none = r.value();
  none.units.clear();
  CHECK(level_to_json(none).find("units_plan") == std::string::npos);
}
