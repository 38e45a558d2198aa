// What the UI asks of the main loop: the things only the loop can do, such as reading the
// framebuffer after the frame is rendered. The menu, the keys and the command table push a
// request; main takes them all once a frame, after rendering, in the order they came:
//
//   studio.requests.push(MainRequest::Screenshot);            // F12, View > Save screenshot
//   for (MainRequest r : studio.requests.take()) handle(r);   // main, after rendering
//
// A request pushed twice in one frame is done once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace studio {

enum class MainRequest : std::uint8_t {
  Screenshot,   // the window as astar-studio-N.png (and its sidecar) in the working folder
  ExportTrace,  // the search's event trace as astar-trace-N.json in the working folder
};

class MainRequests {
 public:
  void push(MainRequest r) {
    if (!pending(r)) queue_.push_back(r);
  }
  bool pending(MainRequest r) const { return std::find(queue_.begin(), queue_.end(), r) != queue_.end(); }
  // The requests in the order they came; the queue is empty afterwards.
  std::vector<MainRequest> take() { return std::exchange(queue_, {}); }

 private:
  std::vector<MainRequest> queue_;
};

}  // namespace studio
