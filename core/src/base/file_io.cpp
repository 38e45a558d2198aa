// Atomic saving: see astar/file_io.hpp.
#include "astar/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <system_error>

namespace astar {

namespace {

std::string errno_text(int err) { return std::generic_category().message(err); }

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  // Closes now; returns close()'s result (0 when there was nothing to close).
  int reset() {
    const int r = fd_ >= 0 ? ::close(fd_) : 0;
    fd_ = -1;
    return r;
  }

 private:
  int fd_;
};

thread_local std::optional<SaveFault> injected_fault;

// True (errno set) when a test injected a failure at this stage.
bool fault_at(SaveStage stage) {
  if (!injected_fault || injected_fault->stage != stage || injected_fault->error == 0) return false;
  errno = injected_fault->error;
  return true;
}

}  // namespace

void inject_save_fault(std::optional<SaveFault> fault) { injected_fault = fault; }

Status write_atomically(const std::string& path, std::string_view text) {
  const std::string prefix = path + ": cannot save: ";
  // Saving through a symbolic link replaces the file it points to, not the link.
  std::string target = path;
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    if (char* real = ::realpath(path.c_str(), nullptr)) {
      target = real;
      std::free(real);
    }
  }
  // Keep the permissions of the file being replaced; new files get rw-r--r--.
  mode_t mode = 0644;
  if (::stat(target.c_str(), &st) == 0 && S_ISREG(st.st_mode)) mode = st.st_mode & 0777;

  std::string temp = target + ".tmp-XXXXXX";
  Fd fd(fault_at(SaveStage::CreateTemp) ? -1 : ::mkstemp(temp.data()));
  if (fd.get() < 0) return Error{prefix + "cannot create a temporary file next to it: " + errno_text(errno)};
  auto failed = [&](const char* what) -> Status {
    const int err = errno;
    fd.reset();
    ::unlink(temp.c_str());
    return Error{prefix + what + ": " + errno_text(err)};
  };
  if (fault_at(SaveStage::Permissions) || ::fchmod(fd.get(), mode) != 0)
    return failed("setting permissions");
  std::size_t chunk = injected_fault && injected_fault->max_write > 0 ? injected_fault->max_write
                                                                      : text.size();
  if (injected_fault && injected_fault->stage == SaveStage::Write && injected_fault->error != 0)
    chunk = std::max<std::size_t>(1, text.size() / 2);  // so the fault strikes half-way
  for (std::size_t done = 0; done < text.size();) {
    // A fault at Write fails once half the text is written: the temporary file is partial.
    if (done >= text.size() / 2 && fault_at(SaveStage::Write)) return failed("writing");
    const ssize_t n = ::write(fd.get(), text.data() + done, std::min(chunk, text.size() - done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return failed("writing");
    }
    if (n == 0) {
      errno = EIO;
      return failed("writing");
    }
    done += static_cast<std::size_t>(n);
  }
  if (fault_at(SaveStage::Flush) || ::fsync(fd.get()) != 0) return failed("flushing to disk");
  if (fault_at(SaveStage::Close)) {
    const int err = errno;
    fd.reset();
    errno = err;
    return failed("closing");
  }
  if (fd.reset() != 0) return failed("closing");
  if (fault_at(SaveStage::Rename) || ::rename(temp.c_str(), target.c_str()) != 0)
    return failed("replacing the file");

  // Make the rename itself durable; a failure here no longer endangers either file.
  const auto slash = target.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : target.substr(0, slash));
  Fd dir_fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir_fd.get() >= 0) (void)::fsync(dir_fd.get());
  return Ok{};
}

}  // namespace astar
