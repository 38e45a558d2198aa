// xdnd_drop WINDOW X Y FILE...: drops FILEs on X window WINDOW at root pixel (X, Y) the way a
// file manager does, by the XDND protocol (version 5): XdndEnter with text/uri-list, XdndPosition,
// wait for XdndStatus, XdndDrop, answer the target's request for the selection with the files as
// file:// URIs, wait for XdndFinished. xdotool cannot drop files; GLFW's drop callback hears this.
// Exit 0 when the target accepted and finished the drop, 1 with a message otherwise (5 s limit).
#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include <time.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

namespace {

Display* dpy = nullptr;

Atom atom(const char* name) { return XInternAtom(dpy, name, False); }

// file:///a%20b.json: every byte outside the unreserved set and '/' percent-encoded.
std::string file_uri(const std::string& path) {
  std::string out = "file://";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

void send(Window target, Window source, Atom type, long l1, long l2, long l3, long l4) {
  XEvent e{};
  e.xclient.type = ClientMessage;
  e.xclient.display = dpy;
  e.xclient.window = target;
  e.xclient.message_type = type;
  e.xclient.format = 32;
  e.xclient.data.l[0] = static_cast<long>(source);
  e.xclient.data.l[1] = l1;
  e.xclient.data.l[2] = l2;
  e.xclient.data.l[3] = l3;
  e.xclient.data.l[4] = l4;
  XSendEvent(dpy, target, False, NoEventMask, &e);
  XFlush(dpy);
}

int fail(const char* message) {
  std::fprintf(stderr, "xdnd_drop: %s\n", message);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) return fail("usage: xdnd_drop WINDOW X Y FILE...");
  dpy = XOpenDisplay(nullptr);
  if (!dpy) return fail("cannot open the display");
  const Window target = static_cast<Window>(std::strtoul(argv[1], nullptr, 0));
  const long x = std::atol(argv[2]), y = std::atol(argv[3]);
  std::string uris;
  for (int i = 4; i < argc; ++i) uris += file_uri(argv[i]) + "\r\n";

  const Atom enter = atom("XdndEnter"), position = atom("XdndPosition"), status = atom("XdndStatus"),
             drop = atom("XdndDrop"), finished = atom("XdndFinished"),
             selection = atom("XdndSelection"), copy = atom("XdndActionCopy"),
             uri_list = atom("text/uri-list");
  const Window source = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
  XSetSelectionOwner(dpy, selection, source, CurrentTime);
  if (XGetSelectionOwner(dpy, selection) != source) return fail("cannot own XdndSelection");

  send(target, source, enter, 5L << 24, static_cast<long>(uri_list), 0, 0);
  send(target, source, position, 0, (x << 16) | (y & 0xffff), CurrentTime, static_cast<long>(copy));

  const std::time_t deadline = std::time(nullptr) + 5;
  bool accepted = false, dropped = false, delivered = false;
  while (std::time(nullptr) < deadline) {
    if (!XPending(dpy)) {
      struct timespec t{0, 10 * 1000 * 1000};
      nanosleep(&t, nullptr);
      continue;
    }
    XEvent e;
    XNextEvent(dpy, &e);
    if (e.type == ClientMessage && e.xclient.message_type == status && !dropped) {
      accepted = e.xclient.data.l[1] & 1;
      if (!accepted) return fail("the window refused the drop (XdndStatus without accept)");
      send(target, source, drop, 0, CurrentTime, 0, 0);
      dropped = true;
    } else if (e.type == SelectionRequest) {
      const XSelectionRequestEvent& r = e.xselectionrequest;
      XEvent reply{};
      reply.xselection.type = SelectionNotify;
      reply.xselection.display = dpy;
      reply.xselection.requestor = r.requestor;
      reply.xselection.selection = r.selection;
      reply.xselection.target = r.target;
      reply.xselection.time = r.time;
      reply.xselection.property = None;
      if (r.selection == selection && r.target == uri_list) {
        XChangeProperty(dpy, r.requestor, r.property, uri_list, 8, PropModeReplace,
                        reinterpret_cast<const unsigned char*>(uris.data()),
                        static_cast<int>(uris.size()));
        reply.xselection.property = r.property;
        delivered = true;
      }
      XSendEvent(dpy, r.requestor, False, NoEventMask, &reply);
      XFlush(dpy);
    } else if (e.type == ClientMessage && e.xclient.message_type == finished) {
      XCloseDisplay(dpy);
      if (!delivered) return fail("XdndFinished before the files were asked for");
      return 0;
    }
  }
  XCloseDisplay(dpy);
  return fail(!accepted ? "no XdndStatus from the window within 5 s"
                        : "no XdndFinished from the window within 5 s");
}
