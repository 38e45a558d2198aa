// An opened plan (state/opened_plan.hpp) in the panels. In the Units section, instead of the
// planner's controls: "From file: plan.txt", its format, and Close plan (the time slider, Play
// and the summary below are Play units' own). In the Findings panel, above a trace's findings:
// the plan's title, its sum of costs and makespan against the optimum, a count per kind and one
// row per finding (its kind over its tick and cell, and the sentence); a click sets the time
// slider to the finding's tick and rings its cell (Studio::select_plan_finding).
//   if (!draw_opened_plan_controls(studio)) planner_controls(studio, playback);
//   draw_plan_findings(studio);   // nothing without a plan
#pragma once

namespace studio {

class Studio;

// False (and nothing drawn) when Play units shows a planner's plans, not a file's.
bool draw_opened_plan_controls(Studio& studio);
void draw_plan_findings(Studio& studio);

}  // namespace studio
