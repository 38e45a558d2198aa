// Test data shared by the core and CLI trace tests: a tiny level and the log of A* on it,
// derived by hand below (not pasted from the program's output).
//
// 4 neighbours, Manhattan h to G = (2,2): h(x,y) = (2-x) + (2-y). Every cell costs 1, but the
// move (0,0) -> E costs 9 (a weight override; it does not lower the heuristic's scale, 1).
//   S . .     h: 4 3 2
//   . . .        3 2 1
//   # . G        # 1 0
// Moves are examined E, S, W, N. Ties of f go first-in (--tie-break first-in).
//  1: take S g0 h4 f4. (1,0) g 9 (f 12); (0,1) g 1 (f 4); W and N are outside.
//  2: take (0,1) g1 h3 f4. (1,1) g 2 (f 4); (0,2) wall; W outside; (0,0) closed.
//  3: take (1,1) g2 h2 f4. (2,1) g 3 (f 4); (1,2) g 3 (f 4); (0,1) closed;
//     (1,0) g 9 -> 3 via (1,1) (f 6).
//  4: f 4 for (2,1) and (1,2); (2,1) came first. take (2,1) g3 h1 f4. E outside;
//     (2,2) g 4 (f 4); (1,1) closed; (2,0) g 4 (f 6).
//  5: f 4 for (1,2) and (2,2); (1,2) came first. take (1,2) g3 h1 f4. (2,2) is offered
//     3 + 1 = 4, not better than its 4; S outside; (0,2) wall; (1,1) closed.
//  6: take (2,2) g4 h0 f4: the goal. 26 events.
#pragma once

namespace astar::test {

// For ascii_level (tests/ascii_level.hpp), with rules {.neighbours = Neighbours::Four} and the
// override set_edge({0, 0}, Dir::E, EdgeOverride{false, 9.0}).
inline constexpr const char* kTinyTraceMap = R"(
    S..
    ...
    #.G)";

// The same level as a level file.
inline constexpr const char* kTinyTraceLevelFile =
    R"({"format":"astar-studio-level","version":1,"width":3,"height":3,
 "start":[0,0],"goal":[2,2],"rules":{"neighbours":4},
 "walls":["...","...","#.."],"edges":[{"from":[0,0],"dir":"E","weight":9}]})";

// One line per event, "ITERATION  description", as `astar trace` prints them.
inline constexpr const char* kTinyTraceLog = R"(1  took (0, 0): f 4.00 = g 0.00 + h 4.00
1  (1, 0): g ∞ → 9.00 via (0, 0), added to open
1  (0, 1): g ∞ → 1.00 via (0, 0), added to open
1  (-1, 0): outside the level, skipped
1  (0, -1): outside the level, skipped
2  took (0, 1): f 4.00 = g 1.00 + h 3.00
2  (1, 1): g ∞ → 2.00 via (0, 1), added to open
2  (0, 2): wall, skipped
2  (-1, 1): outside the level, skipped
2  (0, 0): closed, skipped
3  took (1, 1): f 4.00 = g 2.00 + h 2.00
3  (2, 1): g ∞ → 3.00 via (1, 1), added to open
3  (1, 2): g ∞ → 3.00 via (1, 1), added to open
3  (0, 1): closed, skipped
3  (1, 0): g 9.00 → 3.00 via (1, 1), better path
4  took (2, 1): f 4.00 = g 3.00 + h 1.00
4  (3, 1): outside the level, skipped
4  (2, 2): g ∞ → 4.00 via (2, 1), added to open
4  (1, 1): closed, skipped
4  (2, 0): g ∞ → 4.00 via (2, 1), added to open
5  took (1, 2): f 4.00 = g 3.00 + h 1.00
5  (2, 2): g 4.00 via (1, 2) is not better than 4.00, skipped
5  (1, 3): outside the level, skipped
5  (0, 2): wall, skipped
5  (1, 1): closed, skipped
6  took (2, 2): f 4.00 = g 4.00 + h 0.00, the goal: found
)";

}  // namespace astar::test
