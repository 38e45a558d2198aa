// studio_frames: the e2e tests' waits on the studio's window, never on the clock alone.
//
//   studio_frames SECONDS WINDOW drawn [COUNT]
//       waits until X window WINDOW (an id, as xdotool prints it) has been drawn COUNT more times
//       (3 by default): a frame that read the input sent before has then been drawn.
//   studio_frames SECONDS WINDOW tap KEY[+KEY...]|button1
//       presses the keys (ctrl, shift, a letter or digit, Left, Right...), or the left mouse
//       button where the pointer is, once the window's picture has settled (two draws left it as
//       it was), and releases them as soon as the picture changes,
//       or after 3 draws (counted from when the server has passed the press on) if it does not:
//       for keys and buttons that repeat while held (a field's + button). ImGui repeats what it
//       sees held for 0.275 s of its frames, and xdotool run as a process can take that long to
//       start on a loaded machine, so the input is sent here (XTEST), with no process between
//       the press, the look and the release.
//
// Exits 0 then; 1 with a message after SECONDS without it, or when the window or an X extension
// (DAMAGE, XTEST) is missing; 2 on bad arguments.
//
// Draws are counted from the X server's DAMAGE events: every glXSwapBuffers of Mesa's software
// renderer puts the frame's whole image into the window, one drawing request a frame. Why three:
// the studio may run one frame ahead of the server, so the first two draws seen may be of frames
// that read their input before ours came; the third began after the first was drawn.
// The extensions' requests are sent raw through XCB, laid out by the X protocol headers
// (x11proto-dev), so neither libXdamage's nor libXtst's development files are needed.
#include <X11/X.h>
#include <X11/Xproto.h>
#include <X11/extensions/damageproto.h>
#include <X11/extensions/shmproto.h>
#include <X11/extensions/xtestproto.h>
#include <poll.h>
#include <sys/shm.h>
#include <sys/uio.h>
#include <xcb/xcb.h>
#include <xcb/xcbext.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

xcb_extension_t damage_extension = {"DAMAGE", 0};
xcb_extension_t xtest_extension = {"XTEST", 0};
xcb_extension_t shm_extension = {"MIT-SHM", 0};

using Clock = std::chrono::steady_clock;
template <class T>
using Reply = std::unique_ptr<T, decltype(&std::free)>;

struct Watch {
  xcb_connection_t* c = nullptr;
  xcb_window_t window = 0;
  std::uint8_t damage_event = 0;
  Clock::time_point deadline;
};

int fail(const Watch& w, const std::string& message) {
  std::fprintf(stderr, "studio_frames: window 0x%x: %s\n", w.window, message.c_str());
  return 1;
}

// Sends an extension's request (its header filled by XCB) and returns its sequence number; a
// checked one's error waits for xcb_request_check (or its reply).
enum class Sent { Unchecked, Checked, WithReply };
template <class Request>
unsigned int send(xcb_connection_t* c, xcb_extension_t& extension, Request& r, std::uint8_t minor, Sent how) {
  iovec parts[3];  // xcb_send_request uses the two before the request
  parts[2].iov_base = &r;
  parts[2].iov_len = sizeof r;
  xcb_protocol_request_t request = {1, &extension, minor,
                                    how == Sent::WithReply ? std::uint8_t{0} : std::uint8_t{1}};
  return xcb_send_request(c, how == Sent::Unchecked ? 0 : XCB_REQUEST_CHECKED, parts + 2, &request);
}

bool present(xcb_connection_t* c, xcb_extension_t& extension) {
  const xcb_query_extension_reply_t* e = xcb_get_extension_data(c, &extension);
  return e && e->present;
}

// Connects and subscribes to the window's draws; an error message, or empty.
std::string open(Watch& w) {
  w.c = xcb_connect(nullptr, nullptr);
  if (xcb_connection_has_error(w.c)) return "cannot connect to the X server ($DISPLAY)";
  if (!present(w.c, damage_extension)) return "the X server has no DAMAGE extension";
  w.damage_event =
      static_cast<std::uint8_t>(xcb_get_extension_data(w.c, &damage_extension)->first_event + XDamageNotify);
  xDamageQueryVersionReq version{};
  version.majorVersion = 1;
  version.minorVersion = 1;
  std::free(xcb_wait_for_reply(
      w.c, send(w.c, damage_extension, version, X_DamageQueryVersion, Sent::WithReply), nullptr));
  xDamageCreateReq create{};
  create.damage = xcb_generate_id(w.c);
  create.drawable = w.window;
  create.level = XDamageReportRawRectangles;  // an event per drawing request
  Reply<xcb_generic_error_t> error(
      xcb_request_check(w.c, {send(w.c, damage_extension, create, X_DamageCreate, Sent::Checked)}),
      &std::free);
  return error ? "no such window" : "";
}

// Waits for the next draw; false at the deadline or on a broken connection.
bool next_draw(const Watch& w) {
  while (Clock::now() < w.deadline) {
    if (xcb_generic_event_t* e = xcb_poll_for_event(w.c)) {
      const bool drawn = (e->response_type & 0x7f) == w.damage_event &&
                         !(reinterpret_cast<const xDamageNotifyEvent*>(e)->level & DamageNotifyMore);
      std::free(e);
      if (drawn) return true;
      continue;
    }
    if (xcb_connection_has_error(w.c)) return false;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(w.deadline - Clock::now());
    pollfd fd{xcb_get_file_descriptor(w.c), POLLIN, 0};
    if (left.count() <= 0 || poll(&fd, 1, static_cast<int>(left.count())) == 0) return false;
  }
  return false;
}

// The window's pixels as the X server holds them, through a segment of shared memory (MIT-SHM):
// read over the socket, 4 MB a picture took a loaded machine's X server 0.2 s, longer than a
// frame, and the key was held that much longer.
class Picture {
 public:
  explicit Picture(const Watch& w) : w_(w) {
    Reply<xcb_get_geometry_reply_t> g(xcb_get_geometry_reply(w.c, xcb_get_geometry(w.c, w.window), nullptr),
                                      &std::free);
    if (!g || !present(w.c, shm_extension)) return;
    width_ = g->width;
    height_ = g->height;
    size_ = std::size_t{width_} * height_ * 4;
    id_ = shmget(IPC_PRIVATE, size_, IPC_CREAT | 0600);
    if (id_ < 0) return;
    void* at = shmat(id_, nullptr, 0);
    shmctl(id_, IPC_RMID, nullptr);  // gone once both sides let go
    if (at == reinterpret_cast<void*>(-1)) return;
    data_ = static_cast<const std::uint8_t*>(at);
    xShmAttachReq attach{};
    attach.shmseg = segment_ = xcb_generate_id(w.c);
    attach.shmid = static_cast<CARD32>(id_);
    Reply<xcb_generic_error_t> error(
        xcb_request_check(w.c, {send(w.c, shm_extension, attach, X_ShmAttach, Sent::Checked)}), &std::free);
    attached_ = !error;
  }
  ~Picture() {
    if (data_) shmdt(data_);
  }
  Picture(const Picture&) = delete;
  Picture& operator=(const Picture&) = delete;

  // Reads the window's pixels; empty when they cannot be read.
  std::vector<std::uint8_t> take() {
    if (!attached_) return {};
    xShmGetImageReq get{};
    get.drawable = w_.window;
    get.width = width_;
    get.height = height_;
    get.planeMask = ~0u;
    get.format = XCB_IMAGE_FORMAT_Z_PIXMAP;
    get.shmseg = segment_;
    Reply<void> reply(
        xcb_wait_for_reply(w_.c, send(w_.c, shm_extension, get, X_ShmGetImage, Sent::WithReply), nullptr),
        &std::free);
    if (!reply) return {};
    return {data_, data_ + size_};
  }

 private:
  const Watch& w_;
  std::uint16_t width_ = 0, height_ = 0;
  std::size_t size_ = 0;
  int id_ = -1;
  const std::uint8_t* data_ = nullptr;
  std::uint32_t segment_ = 0;
  bool attached_ = false;
};

// The keysym of a key's name as xdotool takes it: ctrl, shift, a letter or digit, or one of a
// few named keys; 0 for any other.
std::uint32_t keysym(const std::string& name) {
  static const struct {
    const char* name;
    std::uint32_t sym;
  } named[] = {{"ctrl", 0xffe3},      {"shift", 0xffe1},     {"Left", 0xff51}, {"Right", 0xff53},
               {"Up", 0xff52},        {"Down", 0xff54},      {"Home", 0xff50}, {"End", 0xff57},
               {"Tab", 0xff09},       {"Return", 0xff0d},    {"bracketleft", 0x5b},
               {"bracketright", 0x5d}};
  for (const auto& n : named)
    if (name == n.name) return n.sym;
  if (name.size() == 1 && ((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= '0' && name[0] <= '9')))
    return static_cast<std::uint8_t>(name[0]);
  return 0;
}

// The keycodes of KEY[+KEY...] in the server's keyboard map; empty when one has none.
std::vector<std::uint8_t> keycodes(xcb_connection_t* c, const std::string& keys) {
  const xcb_setup_t* setup = xcb_get_setup(c);
  const int first = setup->min_keycode, count = setup->max_keycode - setup->min_keycode + 1;
  Reply<xcb_get_keyboard_mapping_reply_t> map(
      xcb_get_keyboard_mapping_reply(
          c, xcb_get_keyboard_mapping(c, setup->min_keycode, static_cast<std::uint8_t>(count)), nullptr),
      &std::free);
  if (!map) return {};
  const xcb_keysym_t* syms = xcb_get_keyboard_mapping_keysyms(map.get());
  const int per = map->keysyms_per_keycode;
  std::vector<std::uint8_t> codes;
  for (std::size_t at = 0; at <= keys.size();) {
    const std::size_t end = std::min(keys.find('+', at), keys.size());
    const std::uint32_t sym = keysym(keys.substr(at, end - at));
    int code = 0;
    for (int k = 0; k < count * per && sym && !code; ++k)
      if (syms[k] == sym) code = first + k / per;
    if (!code) return {};
    codes.push_back(static_cast<std::uint8_t>(code));
    at = end + 1;
  }
  return codes;
}

// One XTEST event (KeyPress, KeyRelease, ButtonPress, ButtonRelease), sent at once.
void fake_input(xcb_connection_t* c, std::uint8_t type, std::uint8_t detail) {
  xXTestFakeInputReq input{};
  input.type = type;
  input.detail = detail;
  send(c, xtest_extension, input, X_XTestFakeInput, Sent::Unchecked);
  xcb_flush(c);
}

int wait_drawn(const Watch& w, int count) {
  for (int seen = 0; seen < count; ++seen)
    if (!next_draw(w))
      return fail(w, "drawn " + std::to_string(seen) + " times, not " + std::to_string(count));
  return 0;
}

// Drops the events received so far: draws made before what follows.
void drain(const Watch& w) {
  while (xcb_generic_event_t* e = xcb_poll_for_event(w.c)) std::free(e);
}

// A round trip: when its reply comes, the server has carried out every request sent before it
// (an XTEST press has then gone to the studio), and the events it sent before are queued here.
void round_trip(const Watch& w) {
  std::free(xcb_get_input_focus_reply(w.c, xcb_get_input_focus(w.c), nullptr));
}

// The window's picture once a draw left it as it was: the effect of the input sent before may
// reach the picture a draw after `drawn` returned (the e2e tests saw it on every run after a
// drag), and a tap that took its "before" too early saw that change, released the key before a
// frame had read it, and ImGui dropped the press. Settled: two draws in a row left it unchanged.
// Bounded: after 30 draws (a blinking cursor, a playing search), the last picture.
std::vector<std::uint8_t> settled(const Watch& w, Picture& picture) {
  std::vector<std::uint8_t> last = picture.take();
  drain(w);
  for (int draws = 0, same = 0; draws < 30 && same < 2 && !last.empty() && next_draw(w); ++draws) {
    std::vector<std::uint8_t> now = picture.take();
    same = now == last ? same + 1 : 0;
    last = std::move(now);
  }
  return last;
}

int tap(const Watch& w, const std::string& keys) {
  if (!present(w.c, xtest_extension)) return fail(w, "the X server has no XTEST extension");
  const bool button = keys == "button1";  // the left mouse button, where the pointer is
  const std::vector<std::uint8_t> codes = button ? std::vector<std::uint8_t>{1} : keycodes(w.c, keys);
  if (codes.empty()) return fail(w, "no keycode for " + keys);
  Picture picture(w);
  const std::vector<std::uint8_t> before = settled(w, picture);
  if (before.empty()) return fail(w, "cannot read the window's picture (MIT-SHM)");
  // Draws reported before the press reached the studio are not counted: under a loaded machine
  // (CI, the studio under ASan) three of them could pass before it did, and the key went up
  // unseen (pressed and released within one of ImGui 1.86's frames: dropped).
  for (std::uint8_t code : codes) fake_input(w.c, button ? ButtonPress : KeyPress, code);
  round_trip(w);
  drain(w);
  int draws = 0;
  while (draws < 3 && next_draw(w) && (++draws, picture.take() == before)) {
  }
  for (auto code = codes.rbegin(); code != codes.rend(); ++code)
    fake_input(w.c, button ? ButtonRelease : KeyRelease, *code);
  round_trip(w);  // before the connection closes: the server drops what it has not read by then
  return draws > 0 ? 0 : fail(w, "not drawn after " + keys);
}

}  // namespace

int main(int argc, char** argv) {
  const bool drawn = argc >= 4 && argc <= 5 && std::strcmp(argv[3], "drawn") == 0;
  const bool tapping = argc == 5 && std::strcmp(argv[3], "tap") == 0;
  if (!drawn && !tapping) {
    std::fprintf(stderr,
                 "usage: studio_frames SECONDS WINDOW drawn [COUNT]\n"
                 "       studio_frames SECONDS WINDOW tap KEY[+KEY...]\n");
    return 2;
  }
  Watch w;
  w.window = static_cast<xcb_window_t>(std::strtoul(argv[2], nullptr, 0));
  w.deadline = Clock::now() +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::atof(argv[1])));
  if (const std::string error = open(w); !error.empty()) return fail(w, error);
  const int code = drawn ? wait_drawn(w, argc == 5 ? std::atoi(argv[4]) : 3) : tap(w, argv[4]);
  xcb_disconnect(w.c);
  return code;
}
