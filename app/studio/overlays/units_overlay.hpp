// The units that move on the canvas (issue 32, item 1): each unit in its own colour from a fixed
// palette, by its index (unit i takes kUnitColours[i % 10]); its start a filled disc with its
// index on it when the cell is big enough, its goal a ring of the same colour, and a thin line
// from start to goal. The Unit tool's pending start (UiState::unit_start) is a disc in the colour
// the next unit will take, ringed in white. Marks sit at cell centres (OverlayContext::center),
// so they work on squares and hexes:
//   draw_units(ctx);                       // from OverlayContext::draw_all, over the markers
//   ImU32 c = color(unit_colour(i));       // the Level panel's swatch for unit i
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "astar/grid.hpp"
#include "astar/unit_plans.hpp"

#include "state/palette.hpp"

namespace studio {

struct OverlayContext;

// Ten colours told apart at a glance, none the wall's grey (Tableau 10, grey swapped for navy).
inline constexpr std::array<palette::Rgb, 10> kUnitColours{{
    {31, 119, 180},   // blue
    {255, 127, 14},   // orange
    {44, 160, 44},    // green
    {214, 39, 40},    // red
    {148, 103, 189},  // purple
    {140, 86, 75},    // brown
    {227, 119, 194},  // pink
    {23, 190, 207},   // cyan
    {188, 189, 34},   // olive
    {40, 50, 150},    // navy
}};
constexpr palette::Rgb unit_colour(std::size_t i) { return kUnitColours[i % kUnitColours.size()]; }

// With Play units on (Studio::units_playback) only the goal rings: the units are drawn where they
// stand by draw_units_playback.
void draw_units(const OverlayContext& ctx);
// units_playback_overlay.cpp: the flow field of the focused unit's goal (heat, arrows, cells
// that reach no goal crossed), under the search's marks; and the plans, the cells they hold
// after the tick (hover: who and when), the units at the tick and this tick's conflicts.
void draw_flow_field(const OverlayContext& ctx);
void draw_units_playback(const OverlayContext& ctx);
// Each plan as a line in its unit's colour with a dot per tick, the ticks after `now` brighter.
void draw_plan_lines(const OverlayContext& ctx, const std::vector<astar::UnitPlan>& plans, std::size_t now,
                     float r, float line);
// The units where they stand (at[i]: unit i's cell): a disc of radius r in its colour, ringed
// in white, with its number when big enough; units sharing a cell (a vertex conflict) smaller
// and side by side, so each is seen. Play units, a plan from a file and CBS watched draw them so.
void draw_unit_discs(const OverlayContext& ctx, const std::vector<astar::Cell>& at, float r, float line);

}  // namespace studio
