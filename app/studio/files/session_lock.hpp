// The lock that says "this studio is running" (recovery.hpp): the autosave of a session whose
// lock can be taken belongs to a studio that is gone, and is offered for recovery.
//   desktop  flock() on <id>.lock, which the kernel lets go of when the process dies (kill -9
//            too);
//   browser  where flock() locks nothing, also a Web Lock (navigator.locks) named after the file,
//            which the browser lets go of when the tab closes or reloads. Whether another tab
//            holds it is asked once, as the page starts (web/studio_platform.js); under node,
//            which has no Web Locks, it is the desktop's flock() alone.
//
//   int err = 0;
//   const int fd = lock_session_file(path, err);   // -1: another studio holds it (or err)
//   ...
//   unlock_session_file(fd, path);
#pragma once

#include <string>

namespace studio {

// Opens (creating) `path` and takes its lock without waiting: the fd, or -1 when another
// studio holds it or the file cannot be opened (`err` says which).
int lock_session_file(const std::string& path, int& err);
// Lets go of the lock and closes `fd` (nothing when fd < 0).
void unlock_session_file(int fd, const std::string& path);

}  // namespace studio
