// Saving files atomically: the text goes to a temporary file in the same folder, is flushed to
// disk, then renamed over the target, so a crash or a full disk never leaves a half-written file.
// Level files, images, MovingAI maps, trace exports and the studio's own files all save this way:
//
//   if (Status s = write_atomically("out/level.json", text); !s) show(s.error());
//   // "out/level.json: cannot save: writing: No space left on device"
//
// Saving through a symbolic link replaces the file it points to; the permissions of a file being
// replaced are kept (new files get rw-r--r--). Tests make any stage fail with inject_save_fault.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "astar/result.hpp"

namespace astar {

// Writes `text` to `path` atomically. On any failure the old file is untouched and the message
// says what failed: "path: cannot save: STAGE: REASON".
Status write_atomically(const std::string& path, std::string_view text);

// Fault injection for tests of the saving code (a test seam; off unless set). Each stage of
// write_atomically can be made to fail with an errno as if the system call had, and writes can
// be cut short to `max_write` bytes per call (short writes, which the writer must complete).
enum class SaveStage : std::uint8_t { CreateTemp, Permissions, Write, Flush, Close, Rename, _Max };
struct SaveFault {
  SaveStage stage = SaveStage::Write;
  int error = 0;              // errno to fail the stage with; 0: the stage does not fail
  std::size_t max_write = 0;  // > 0: each write() call writes at most this many bytes
};
// Applies to saves on the calling thread until cleared (nullopt).
void inject_save_fault(std::optional<SaveFault> fault);

}  // namespace astar
