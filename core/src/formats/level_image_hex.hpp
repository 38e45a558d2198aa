// Internal to core's level pictures (level_image.hpp): a hex level drawn as hexagons. Its
// geometry (cell_px is the distance between neighbouring centres, the hexagon's width across
// flats; the picture is tight around the level's hexagons) and its pixels (each pixel the colour
// of the hex its centre is in, hex_at; a 1-px outline along the edges facing up or left and
// along the level's border; start and goal as a smaller hexagon, inset as a square's marker is).
// level_image.cpp's render_level_image and size checks call these on hex levels; the square
// levels' pictures stay there.
//
//   const LevelImageSize s = hex_level_image_size(level, *level.hex_layout(), o.cell_px);
//   RgbImage img = render_hex_level_image(level, *level.hex_layout(), o, LevelColours(level));
#pragma once

#include "astar/hex_coords.hpp"
#include "astar/level.hpp"
#include "astar/level_image.hpp"

namespace astar::detail {

// The colour of a cell's grid line: the cell's colour 22 % darker (both kinds of picture).
Rgb8 grid_line_colour(Rgb8 cell);

LevelImageSize hex_level_image_size(const Level& level, HexLayout layout, int cell_px);
// Options already checked (check_level_image_options).
RgbImage render_hex_level_image(const Level& level, HexLayout layout, const LevelImageOptions& o,
                                const LevelColours& colours);

}  // namespace astar::detail
