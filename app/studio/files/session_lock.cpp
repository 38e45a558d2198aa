#include "files/session_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace studio {

namespace {

#ifdef __EMSCRIPTEN__
// The page's Web Locks (Module.astarHeldLocks, astarHoldLock, astarReleaseLock); without them
// (node) no other studio is known to hold anything.
EM_JS(int, web_lock_held_elsewhere, (const char* name), {
  return typeof Module.astarHeldLocks !== 'undefined' && Module.astarHeldLocks.includes(UTF8ToString(name)) ? 1 : 0;
});
EM_JS(void, web_lock_hold, (const char* name), {
  if (Module.astarHoldLock) Module.astarHoldLock(UTF8ToString(name));
});
EM_JS(void, web_lock_release, (const char* name), {
  if (Module.astarReleaseLock) Module.astarReleaseLock(UTF8ToString(name));
});
std::string web_lock_name(const std::string& path) { return "astar-studio:" + path; }
#endif

}  // namespace

int lock_session_file(const std::string& path, int& err) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    err = errno;
    return -1;
  }
#ifdef __EMSCRIPTEN__
  if (web_lock_held_elsewhere(web_lock_name(path).c_str())) {
    ::close(fd);
    err = EWOULDBLOCK;
    return -1;
  }
#endif
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    err = errno;
    ::close(fd);
    return -1;
  }
#ifdef __EMSCRIPTEN__
  web_lock_hold(web_lock_name(path).c_str());
#endif
  err = 0;
  return fd;
}

void unlock_session_file(int fd, const std::string& path) {
  if (fd < 0) return;
#ifdef __EMSCRIPTEN__
  web_lock_release(web_lock_name(path).c_str());
#else
  (void)path;
#endif
  ::close(fd);  // closing the last fd lets go of the flock
}

}  // namespace studio
