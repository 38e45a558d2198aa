// TraceFollower (trace_follow.hpp): non-blocking reads of a growing file or a pipe into a
// TraceLineReader.
#include "astar/trace_follow.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <vector>

namespace astar {

TraceFollower::TraceFollower(std::string path, TraceReadOptions options,
                             std::size_t max_bytes_per_poll)
    : path_(std::move(path)), reader_(path_, options),
      max_bytes_(max_bytes_per_poll == 0 ? 1 : max_bytes_per_poll) {}

TraceFollower::~TraceFollower() {
  if (fd_ >= 0) ::close(fd_);
}

std::shared_ptr<const ImportedTrace> TraceFollower::snapshot() const {
  auto copy = std::make_shared<ImportedTrace>(reader_.trace());
  copy->growing = !complete() && error_.empty();
  return copy;
}

bool TraceFollower::complete() const {
  return writer_closed_ || reader_.trace().end_node() != kNoNode ||
         (!reader_.trace().events.empty() &&
          reader_.trace().events.back().type == TraceEventType::End);
}

void TraceFollower::stop(std::string message) {
  error_ = std::move(message);
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

Result<std::size_t> TraceFollower::fail(std::string message) {
  stop(std::move(message));
  return Error{error_};
}

// Opens the file once it exists; false while it does not (not an error: waited for).
bool TraceFollower::open_file() {
  const int fd = ::open(path_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) stop(path_ + ": cannot follow: " + std::strerror(errno));
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    ::close(fd);
    stop(path_ + (S_ISDIR(st.st_mode) ? ": cannot follow: it is a folder"
                                       : ": cannot follow: cannot read its size"));
    return false;
  }
  fd_ = fd;
  pipe_ = S_ISFIFO(st.st_mode);
  return true;
}

Result<std::size_t> TraceFollower::poll() {
  if (!error_.empty()) return Error{error_};
  if (fd_ < 0 && !open_file()) return error_.empty() ? Result<std::size_t>(std::size_t{0}) : Error{error_};
  if (!pipe_) {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return fail(path_ + ": cannot follow: " + std::strerror(errno));
    if (st.st_size < offset_)
      return fail(path_ + ": the file was cut shorter while being followed (" +
                  std::to_string(offset_) + " bytes read, now " + std::to_string(st.st_size) +
                  "): following stopped; the " + std::to_string(reader_.trace().events.size()) +
                  " events read are kept");
  }
  return read_available();
}

// Reads up to max_bytes_ of what is there now, feeding whole lines to the reader. A pipe with
// no writer reads as empty: it is closed only once something came through it.
Result<std::size_t> TraceFollower::read_available() {
  const std::size_t before = reader_.trace().events.size();
  std::vector<char> buf(std::min<std::size_t>(max_bytes_, std::size_t{1} << 20));
  std::size_t budget = max_bytes_;
  while (budget > 0 && !writer_closed_) {
    const std::size_t want = std::min(buf.size(), budget);
    const ssize_t n = pipe_ ? ::read(fd_, buf.data(), want) : ::pread(fd_, buf.data(), want, offset_);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) break;
    if (n < 0) return fail(path_ + ": cannot follow: " + std::strerror(errno));
    if (n == 0) {
      writer_closed_ = pipe_ && offset_ > 0;
      break;  // a regular file: nothing more for now
    }
    offset_ += n;
    budget -= static_cast<std::size_t>(n);
    if (Status s = reader_.feed({buf.data(), static_cast<std::size_t>(n)}); !s) return fail(s.error());
  }
  return reader_.trace().events.size() - before;
}

}  // namespace astar
