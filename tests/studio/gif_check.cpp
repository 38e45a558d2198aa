// Decodes an animated GIF with giflib and checks what the studio's export promises:
//   gif_check FILE.gif --frames N --size WxH --delay CS [--png K OUT.png]
// N frames of W x H pixels, each shown CS hundredths of a second, looping forever (the
// NETSCAPE2.0 extension), and not all alike (the search moves between frames). --png writes
// frame K (0-based) as a PNG, to look at. Exit 0 when all hold, 1 with a message per failure.
#include <gif_lib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <stb_image_write.h>  // the implementation is compiled into libstb

#include "check_failures.hpp"

namespace {

using astar::test::fail;
using astar::test::failures;
}  // namespace

int main(int argc, char** argv) {
  if (argc < 8) {
    std::fprintf(stderr, "usage: %s FILE.gif --frames N --size WxH --delay CS [--png K OUT.png]\n", argv[0]);
    return 2;
  }
  const char* file = argv[1];
  int want_frames = -1, want_w = -1, want_h = -1, want_delay = -1, png_frame = -1;
  std::string png_out;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string opt = argv[i];
    if (opt == "--frames") want_frames = std::atoi(argv[i + 1]);
    else if (opt == "--size") std::sscanf(argv[i + 1], "%dx%d", &want_w, &want_h);
    else if (opt == "--delay") want_delay = std::atoi(argv[i + 1]);
    else if (opt == "--png" && i + 2 < argc) png_frame = std::atoi(argv[i + 1]), png_out = argv[++i + 1];
    else return 2;
  }
  int err = 0;
  GifFileType* gif = DGifOpenFileName(file, &err);
  if (!gif) {
    std::fprintf(stderr, "FAIL: %s: %s\n", file, GifErrorString(err));
    return 1;
  }
  if (DGifSlurp(gif) == GIF_ERROR) {
    std::fprintf(stderr, "FAIL: %s: %s\n", file, GifErrorString(gif->Error));
    DGifCloseFile(gif, &err);
    return 1;
  }
  std::printf("%s: %dx%d, %d frames\n", file, gif->SWidth, gif->SHeight, gif->ImageCount);
  if (gif->ImageCount != want_frames)
    fail("frames: " + std::to_string(gif->ImageCount) + ", want " + std::to_string(want_frames));
  if (gif->SWidth != want_w || gif->SHeight != want_h)
    fail("size " + std::to_string(gif->SWidth) + "x" + std::to_string(gif->SHeight) + ", want " +
         std::to_string(want_w) + "x" + std::to_string(want_h));
  bool loops = false;
  std::vector<std::vector<unsigned char>> rgb(gif->ImageCount);
  for (int k = 0; k < gif->ImageCount; ++k) {
    const SavedImage& im = gif->SavedImages[k];
    if (k == 0)
      for (int e = 0; e < im.ExtensionBlockCount; ++e)
        if (im.ExtensionBlocks[e].Function == APPLICATION_EXT_FUNC_CODE &&
            im.ExtensionBlocks[e].ByteCount == 11 &&
            std::memcmp(im.ExtensionBlocks[e].Bytes, "NETSCAPE2.0", 11) == 0)
          loops = true;
    GraphicsControlBlock gcb{};
    if (DGifSavedExtensionToGCB(gif, k, &gcb) == GIF_ERROR) fail("frame " + std::to_string(k) + " has no delay");
    else if (gcb.DelayTime != want_delay)
      fail("frame " + std::to_string(k) + " delay " + std::to_string(gcb.DelayTime) + ", want " + std::to_string(want_delay));
    const ColorMapObject* map = im.ImageDesc.ColorMap ? im.ImageDesc.ColorMap : gif->SColorMap;
    if (!map || im.ImageDesc.Width != gif->SWidth || im.ImageDesc.Height != gif->SHeight) {
      fail("frame " + std::to_string(k) + " is not a whole frame with a palette");
      continue;
    }
    const std::size_t n = static_cast<std::size_t>(gif->SWidth) * gif->SHeight;
    rgb[k].resize(n * 3);
    for (std::size_t i = 0; i < n; ++i) {
      const GifColorType c = map->Colors[im.RasterBits[i]];
      rgb[k][3 * i] = c.Red, rgb[k][3 * i + 1] = c.Green, rgb[k][3 * i + 2] = c.Blue;
    }
  }
  if (!loops) fail("no NETSCAPE2.0 loop extension");
  if (gif->ImageCount >= 2 && rgb.front() == rgb.back()) fail("the first and last frames are alike");
  if (png_frame >= 0 && png_frame < gif->ImageCount)
    stbi_write_png(png_out.c_str(), gif->SWidth, gif->SHeight, 3, rgb[png_frame].data(), gif->SWidth * 3);
  DGifCloseFile(gif, &err);
  std::printf("%d failure(s)\n", failures);
  return failures == 0 ? 0 : 1;
}
