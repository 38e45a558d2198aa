#include "base/text_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <vector>

namespace astar::detail {

Result<std::string> read_text_file(const std::string& path, std::uintmax_t max_bytes) {
  struct Fd {
    int fd;
    ~Fd() {
      if (fd >= 0) ::close(fd);
    }
  } f{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  const auto errno_text = [](int err) { return std::generic_category().message(err); };
  if (f.fd < 0) return Error{path + ": cannot open: " + errno_text(errno)};
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) return Error{path + ": cannot open: " + errno_text(errno)};
  if (S_ISDIR(st.st_mode)) return Error{path + ": cannot open: " + errno_text(EISDIR)};
  const auto too_large = [&](std::uintmax_t bytes, bool at_least) {
    return Error{path + ": cannot load: the file is " + (at_least ? "more than " : "") +
                 std::to_string(bytes) + " bytes, the limit is " + std::to_string(max_bytes) +
                 " bytes (" + std::to_string(max_bytes >> 20) + " MiB)"};
  };
  std::string text;
  if (S_ISREG(st.st_mode)) {
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    if (size > max_bytes) return too_large(size, false);
    text.reserve(static_cast<std::size_t>(size));
  }
  // Read to the end even for regular files: the file may grow, and pipes have no size.
  std::vector<char> buf(1 << 16);
  for (;;) {
    const ssize_t n = ::read(f.fd, buf.data(), buf.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{path + ": cannot read: " + errno_text(errno)};
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) return too_large(max_bytes, true);
    text.append(buf.data(), static_cast<std::size_t>(n));
  }
  return text;
}

}  // namespace astar::detail
