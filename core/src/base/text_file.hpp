// Internal to core: reading a user's text file with a size limit, and turning exceptions into
// messages. Shared by the level loader and the MovingAI loader, so both refuse, read and report
// the same way.
#pragma once

#include <cstdint>
#include <exception>
#include <new>
#include <string>

#include "astar/result.hpp"

namespace astar::detail {

// The whole file; refused before reading when larger than max_bytes (and while reading, for
// pipes and growing files). Messages name the file as given:
//   "PATH: cannot open: REASON", "PATH: cannot read: REASON",
//   "PATH: cannot load: the file is N bytes, the limit is M bytes (K MiB)".
Result<std::string> read_text_file(const std::string& path, std::uintmax_t max_bytes);

// Runs a loader, turning any exception (out of memory, say) into "NAME: cannot load: ...".
template <class T, class Fn>
Result<T> guard_load(const std::string& name, Fn&& fn) {
  try {
    return fn();
  } catch (const std::bad_alloc&) {
    return Error{name + ": cannot load: out of memory"};
  } catch (const std::exception& e) {
    return Error{name + ": cannot load: " + e.what()};
  } catch (...) {
    return Error{name + ": cannot load: unexpected error"};
  }
}

}  // namespace astar::detail
