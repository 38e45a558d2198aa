// posthoc_trace.hpp: writes the events of a search as a Posthoc search trace, the format of
// ShortestPathLab's trace viewer (github.com/ShortestPathLab/posthoc-app) that `astar check-trace`
// and A* Studio read. Standalone: the C++ standard library only; copy it into your project.
//
//   PosthocTrace trace(std::cout, PosthocTrace::Layout::JsonLines);
//   trace.node("source", id, x, y);                       // once each, first
//   trace.node("destination", id, x, y);
//   trace.node("generating", id, x, y, parent_id, g, h);  // parent_id -1: none (the start)
//   trace.node("expanding", id, x, y, parent_id, g, h);
//   trace.end(goal_id, x, y, parent_id, g);               // or trace.end_without_path()
//
// Event types: source, destination, generating (put into the open list), updating (an open
// node got a cheaper g or another parent), expanding (taken from the open list), closing,
// end. On a grid the id is y * width + x. JSON Lines writes one event per line as it happens
// (good for following a search live, and nothing is lost if the program stops); the document
// layout wraps them in {"version": "1.0.5", "events": [...]} when the trace is destroyed.
#pragma once

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

class PosthocTrace {
 public:
  enum class Layout { JsonLines, Document };

  PosthocTrace(std::ostream& out, Layout layout) : out_(out), layout_(layout) {
    if (layout_ == Layout::Document) out_ << "{\"version\": \"1.0.5\", \"events\": [";
  }
  ~PosthocTrace() {
    if (layout_ == Layout::Document) out_ << "\n]}\n";
    out_.flush();
  }
  PosthocTrace(const PosthocTrace&) = delete;
  PosthocTrace& operator=(const PosthocTrace&) = delete;

  // source and destination: the cell only.
  void node(const char* type, long id, int x, int y) {
    begin(type);
    out_ << ", \"id\": " << id << ", \"x\": " << x << ", \"y\": " << y;
    finish();
  }
  // Every other event: the node with its parent, g, h and f = g + h.
  void node(const char* type, long id, int x, int y, long parent_id, double g, double h) {
    begin(type);
    out_ << ", \"id\": " << id << ", \"pId\": ";
    if (parent_id < 0) {
      out_ << "null";
    } else {
      out_ << parent_id;
    }
    out_ << ", \"g\": " << number(g) << ", \"h\": " << number(h) << ", \"f\": " << number(g + h)
         << ", \"x\": " << x << ", \"y\": " << y;
    finish();
  }
  // The last event when a path was found: its id is the goal; the path is the chain of pIds.
  void end(long goal_id, int x, int y, long parent_id, double g) {
    node("end", goal_id, x, y, parent_id, g, 0.0);
  }
  // The last event when the open list ran empty.
  void end_without_path() {
    begin("end");
    finish();
  }

 private:
  // Nine significant digits: plenty for a checker that allows 1e-4 of rounding.
  static std::string number(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
  }
  void begin(const char* type) {
    if (layout_ == Layout::Document) out_ << (first_ ? "\n  " : ",\n  ");
    first_ = false;
    out_ << "{\"type\": \"" << type << '"';
  }
  void finish() {
    out_ << '}';
    if (layout_ == Layout::JsonLines) out_ << '\n';
  }

  std::ostream& out_;
  Layout layout_;
  bool first_ = true;
};
