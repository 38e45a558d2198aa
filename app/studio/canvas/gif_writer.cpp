#include "canvas/gif_writer.hpp"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace studio {

namespace {
std::string gif_error(int code) {
  const char* text = GifErrorString(code);
  return text ? text : "giflib error " + std::to_string(code);
}
}  // namespace

astar::Result<std::unique_ptr<GifWriter>> GifWriter::open(const std::string& path, int width,
                                                          int height, int delay_cs) {
  if (width <= 0 || height <= 0 || width > 65535 || height > 65535)
    return astar::Error{path + ": an animation of " + std::to_string(width) + "x" +
                        std::to_string(height) + " pixels cannot be a GIF"};
  std::unique_ptr<GifWriter> w(new GifWriter());
  w->path_ = path;
  w->tmp_ = path + ".tmp";
  w->width_ = width;
  w->height_ = height;
  w->delay_cs_ = delay_cs;
  int err = 0;
  // Opened here rather than by giflib, so the file gets the usual permissions (0666 - umask).
  const int fd = ::open(w->tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return astar::Error{path + ": cannot write: " + std::strerror(errno)};
  w->gif_ = EGifOpenFileHandle(fd, &err);
  if (!w->gif_) {
    ::close(fd);
    std::filesystem::remove(w->tmp_);
    return astar::Error{path + ": cannot write: " + gif_error(err)};
  }
  EGifSetGifVersion(w->gif_, true);  // GIF89a: delays and looping
  if (EGifPutScreenDesc(w->gif_, width, height, 8, 0, nullptr) == GIF_ERROR)
    return astar::Error{path + ": " + gif_error(w->gif_->Error)};
  // Loop forever (the NETSCAPE2.0 application extension, with a loop count of 0).
  static const char kApp[] = "NETSCAPE2.0";
  static const GifByteType kLoop[] = {1, 0, 0};
  if (EGifPutExtensionLeader(w->gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(w->gif_, 11, kApp) == GIF_ERROR ||
      EGifPutExtensionBlock(w->gif_, 3, kLoop) == GIF_ERROR ||
      EGifPutExtensionTrailer(w->gif_) == GIF_ERROR)
    return astar::Error{path + ": " + gif_error(w->gif_->Error)};
  return w;
}

GifWriter::~GifWriter() {
  if (!gif_) return;
  int err = 0;
  EGifCloseFile(gif_, &err);
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);  // not closed properly: no file
}

astar::Status GifWriter::add_frame(const std::vector<std::uint8_t>& rgb) {
  if (!gif_) return astar::Error{path_ + ": the animation is closed"};
  const std::size_t n = static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  if (rgb.size() != n * 3) return astar::Error{path_ + ": a frame of the wrong size"};
  std::vector<GifByteType> r(n), g(n), b(n), index(n);
  for (std::size_t i = 0; i < n; ++i) {
    r[i] = rgb[3 * i];
    g[i] = rgb[3 * i + 1];
    b[i] = rgb[3 * i + 2];
  }
  ColorMapObject* map = GifMakeMapObject(256, nullptr);
  if (!map) return astar::Error{path_ + ": out of memory"};
  int colours = 256;
  if (GifQuantizeBuffer(static_cast<unsigned>(width_), static_cast<unsigned>(height_), &colours,
                        r.data(), g.data(), b.data(), index.data(), map->Colors) == GIF_ERROR) {
    GifFreeMapObject(map);
    return astar::Error{path_ + ": cannot reduce a frame to 256 colours"};
  }
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = delay_cs_;
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  const std::size_t ext_len = EGifGCBToExtension(&gcb, ext);
  bool ok = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(ext_len), ext) != GIF_ERROR &&
            EGifPutImageDesc(gif_, 0, 0, width_, height_, false, map) != GIF_ERROR;
  for (int y = 0; ok && y < height_; ++y)
    ok = EGifPutLine(gif_, index.data() + static_cast<std::size_t>(y) * width_, width_) != GIF_ERROR;
  GifFreeMapObject(map);
  if (!ok) return astar::Error{path_ + ": " + gif_error(gif_->Error)};
  ++frames_;
  return astar::Ok{};
}

astar::Status GifWriter::close() {
  if (!gif_) return astar::Error{path_ + ": the animation is closed"};
  int err = 0;
  const int rc = EGifCloseFile(gif_, &err);
  gif_ = nullptr;
  std::error_code ec;
  if (rc == GIF_ERROR) {
    std::filesystem::remove(tmp_, ec);
    return astar::Error{path_ + ": " + gif_error(err)};
  }
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) {
    std::filesystem::remove(tmp_, ec);
    return astar::Error{path_ + ": cannot move the animation into place: " + ec.message()};
  }
  return astar::Ok{};
}

std::vector<std::uint8_t> shrink_rgb(const std::vector<std::uint8_t>& rgb, int width, int height,
                                     int factor) {
  if (factor <= 1) return rgb;
  const int w = width / factor, h = height / factor;
  std::vector<std::uint8_t> out(static_cast<std::size_t>(w) * h * 3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c) {
        int sum = 0;
        for (int dy = 0; dy < factor; ++dy)
          for (int dx = 0; dx < factor; ++dx)
            sum += rgb[(static_cast<std::size_t>(y * factor + dy) * width + (x * factor + dx)) * 3 + c];
        out[(static_cast<std::size_t>(y) * w + x) * 3 + c] =
            static_cast<std::uint8_t>(sum / (factor * factor));
      }
  return out;
}

}  // namespace studio
