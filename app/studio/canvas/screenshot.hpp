// --screenshot: the window's pixels as a PNG, and a sidecar FILE.json describing the view so
// tests can find cells on screen:
//   {"window":[w,h], "canvas":[x,y,w,h], "cell_px":s, "origin":[ox,oy], "level":[W,H],
//    "start":[x,y], "goal":[x,y], "algorithm":"astar", "heuristic":"...", "weight":w,
//    "tie_break":"...", "partial_path":bool (the options the search was made with),
//    "iteration":n, "state":"...", "message":"..." (why invalid), "partial":bool (the path shown
//    is partial), "path_cost":c or null, "path":[[x,y],...] (Theta*: waypoints), ...,
//    "trace": null or {"file", "format", "events", "events_applied", "findings", "kinds", ...},
//    "units": Play units' {"shown", "planner", "tick", "positions", ...}, "cbs": null or CBS
//    watched (state/cbs_watch.hpp's cbs_sidecar_json: the tree, the node shown, its positions),
//    "plan": null or {"file", "format", "units", "ticks", "sum_of_costs", "optimum", "findings", ...}}
//    "topology":"square"|"hex-pointy-top"|"hex-flat-top", "stagger":"odd"|"even" (hex levels),
// Cell (cx, cy)'s top-left pixel is (ox + cx*s, oy + cy*s) in window pixels, top-left origin, on a
// square level; on any level level point p (state/grid_geometry.hpp's level units) is at
// (ox + p.x*s, oy + p.y*s), and GridGeometry(W, H, layout).centre(cell) is a cell's centre.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "astar/result.hpp"
#include "state/studio.hpp"
#include "state/text.hpp"  // json_string

namespace studio {

// The back buffer's pixels in the rectangle whose bottom-left corner is (x, y) (OpenGL's way),
// as RGB rows from the top; after rendering, before the swap. Screenshots and GIF frames.
std::vector<std::uint8_t> read_pixels_rgb(int x, int y, int w, int h);
// Reads the current (back) buffer after rendering, flips it to top-left origin, writes a PNG.
astar::Status write_screenshot(const std::string& path, int fb_w, int fb_h);
// Writes path + ".json". `scale_x/y` turn ImGui coordinates into framebuffer pixels. `extra`,
// when not empty, is one more member ("key": value), e.g. the Compare window's.
astar::Status write_sidecar(const std::string& png_path, const Studio& studio, int fb_w, int fb_h,
                            float scale_x, float scale_y, std::string_view extra = {});

}  // namespace studio
