// Following a search trace that another program is still writing (the studio's --follow): a
// growing JSON Lines file, or a named pipe, read a piece at a time without ever blocking.
//
//   TraceFollower follow("run.jsonl", {.level = &level});
//   each frame:  if (auto r = follow.poll(); !r) status(r.error());      // the file was cut, ...
//                else if (r.value() > 0) show(follow.snapshot());         // new events arrived
//
// A line is read once its newline has arrived: a half-written last line waits for the rest
// (TraceLineReader). A regular file that gets shorter than what was read (truncated or
// replaced) is an error naming the file and both sizes, and following stops there, keeping
// the events read before. A missing file is waited for (a writer may not have made it yet);
// a pipe whose writer closed, or an `end` event, means the trace is complete.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "astar/imported_trace.hpp"
#include "astar/result.hpp"

namespace astar {

class TraceFollower {
 public:
  // `max_bytes_per_poll` bounds one poll's reading, so a frame stays short on a huge file; the
  // rest comes at the next polls.
  explicit TraceFollower(std::string path, TraceReadOptions options = {},
                         std::size_t max_bytes_per_poll = std::size_t{8} << 20);
  ~TraceFollower();
  TraceFollower(const TraceFollower&) = delete;
  TraceFollower& operator=(const TraceFollower&) = delete;

  // Reads what has arrived since the last poll. The number of new events, or the error that
  // stopped following (returned again by every later poll).
  Result<std::size_t> poll();

  const ImportedTrace& trace() const { return reader_.trace(); }
  // A copy of the trace so far, for a replay (which needs a trace that does not change).
  std::shared_ptr<const ImportedTrace> snapshot() const;
  const std::string& path() const { return path_; }
  std::int64_t bytes_read() const { return offset_; }
  std::size_t pending_bytes() const { return reader_.pending_bytes(); }
  // The writer is done: an `end` event arrived, or the pipe's writer closed it.
  bool complete() const;
  bool waiting_for_file() const { return fd_ < 0 && error_.empty(); }

 private:
  void stop(std::string message);  // following ends with this error
  Result<std::size_t> fail(std::string message);
  bool open_file();
  Result<std::size_t> read_available();

  std::string path_;
  TraceLineReader reader_;
  std::size_t max_bytes_;
  int fd_ = -1;
  bool pipe_ = false;
  bool writer_closed_ = false;
  std::int64_t offset_ = 0;  // bytes read so far
  std::string error_;
};

}  // namespace astar
