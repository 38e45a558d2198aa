// Our own trace JSON (trace.hpp to_json), read value by value into the imported model
// (trace_import_documents.hpp): take -> expanding, relax -> generating (old_g null: the cell was
// unseen) or updating, skip -> left out. Nodes are cells, named "(x, y)".
#include <cmath>

#include "astar/format.hpp"
#include "astar/level.hpp"
#include "trace/import/trace_import_documents.hpp"

namespace astar::trace_import {

AstarReader::AstarReader(TraceBuilder& builder, const TraceReadOptions& options)
    : b_(builder), level_(options.level) {}

std::string AstarReader::at() const {
  std::string out(1, '[');
  out += std::to_string(index_);
  out += ']';
  return out;
}

void AstarReader::fail(const std::string& field, const std::string& reason) const {
  throw TraceFail{b_.trace().source + ": " + at() + (field.empty() ? "" : "." + field) + ": " +
                  reason};
}

void AstarReader::start_object(std::uint32_t) {
  if (skip_depth_ > 0) {
    ++skip_depth_;
    return;
  }
  if (state_ == State::Events) {
    ev_ = Fields{};
    state_ = State::Key;
    return;
  }
  if (state_ == State::Value && key_ == Key::Other) {
    skip_depth_ = 1;
    state_ = State::Key;
    return;
  }
  if (state_ == State::Root) throw TraceFail{b_.trace().source + ": expected an array of events, got an object"};
  if (state_ == State::CellArray) fail(key_ == Key::Cell ? "cell" : "parent", "expected [x, y]");
  fail("", "expected an object (one event)");
}

void AstarReader::start_array(std::uint32_t) {
  if (skip_depth_ > 0) {
    ++skip_depth_;
    return;
  }
  switch (state_) {
    case State::Root: state_ = State::Events; return;
    case State::Value:
      if (key_ == Key::Cell || key_ == Key::Parent) {
        coord_count_ = 0;
        state_ = State::CellArray;
      } else if (key_ == Key::Other) {
        skip_depth_ = 1;
        state_ = State::Key;
      } else {
        fail(key_ == Key::Kind ? "kind" : key_ == Key::Goal ? "goal" : "g", "expected a value, got an array");
      }
      return;
    case State::Events:
    case State::Key:
    case State::CellArray:
    case State::Done: break;
  }
  fail(state_ == State::CellArray ? (key_ == Key::Cell ? "cell" : "parent") : "",
       state_ == State::CellArray ? "expected [x, y]" : "expected an object (one event)");
}

void AstarReader::key(std::string_view name) {
  if (skip_depth_ > 0) return;
  key_ = name == "kind"     ? Key::Kind
         : name == "cell"   ? Key::Cell
         : name == "parent" ? Key::Parent
         : name == "g"      ? Key::G
         : name == "h"      ? Key::H
         : name == "f"      ? Key::F
         : name == "old_g"  ? Key::OldG
         : name == "goal"   ? Key::Goal
                            : Key::Other;
  state_ = State::Value;
}

void AstarReader::read_number(const Scalar& v, double* out) {
  static const char* const names[] = {"", "", "", "g", "h", "f", "old_g"};
  if (v.kind == Scalar::Kind::Null) return;
  if (v.kind != Scalar::Kind::Number || !v.finite)
    fail(names[static_cast<int>(key_)], "expected a number or null, got " + scalar_json(v));
  if (out != nullptr) *out = v.number;
}

void AstarReader::scalar(const Scalar& v) {
  if (skip_depth_ > 0) return;
  if (state_ == State::CellArray) {
    if (v.kind != Scalar::Kind::Number || !v.integer || coord_count_ >= 2 || !v.finite ||
        v.number < -1 || v.number > kMaxSide)
      fail(key_ == Key::Cell ? "cell" : "parent", "expected [x, y] (whole numbers from -1 to " +
                                                      std::to_string(kMaxSide) + ")");
    coords_[coord_count_++] = static_cast<int>(v.number);
    return;
  }
  if (state_ == State::Root) throw TraceFail{b_.trace().source + ": expected an array of events"};
  if (state_ != State::Value) fail("", "expected an object (one event), got " + scalar_json(v));
  state_ = State::Key;
  switch (key_) {
    case Key::Kind:
      ev_.kind = v.text == "take" ? 0 : v.text == "relax" ? 1 : v.text == "skip" ? 2 : -1;
      if (v.kind != Scalar::Kind::String || ev_.kind < 0)
        fail("kind", "expected take, relax or skip, got " + scalar_json(v));
      return;
    case Key::Parent:
      if (v.kind != Scalar::Kind::Null) fail("parent", "expected [x, y] or null, got " + scalar_json(v));
      ev_.parent.reset();
      return;
    case Key::Cell: fail("cell", "expected [x, y], got " + scalar_json(v));
    case Key::G: read_number(v, &ev_.g); return;
    case Key::H: read_number(v, &ev_.h); return;
    case Key::F: read_number(v, &ev_.f); return;
    case Key::OldG:
      read_number(v, nullptr);
      ev_.old_g_null = v.kind == Scalar::Kind::Null;
      return;
    case Key::Goal:
      if (v.kind != Scalar::Kind::Bool) fail("goal", "expected true or false, got " + scalar_json(v));
      ev_.goal = v.boolean;
      return;
    case Key::Other: return;
  }
}

void AstarReader::end_array() {
  if (skip_depth_ > 0) {
    --skip_depth_;
    return;
  }
  if (state_ == State::CellArray) {
    if (coord_count_ != 2) fail(key_ == Key::Cell ? "cell" : "parent", "expected [x, y]");
    const Cell c{coords_[0], coords_[1]};
    if (key_ == Key::Cell) {
      ev_.cell = c;
      ev_.has_cell = true;
    } else {
      ev_.parent = c;
    }
    state_ = State::Key;
    return;
  }
  state_ = State::Done;
  finish();
}

void AstarReader::end_object() {
  if (skip_depth_ > 0) {
    --skip_depth_;
    return;
  }
  end_event();
  ++index_;
  state_ = State::Events;
}

void AstarReader::end_event() {
  if (ev_.kind < 0) fail("kind", "missing");
  if (ev_.kind == 2) return;  // skip: nothing changes
  if (!ev_.has_cell) fail("cell", "missing");
  if (ev_.cell.x < 0 || ev_.cell.y < 0 || ev_.cell.x >= kMaxSide || ev_.cell.y >= kMaxSide)
    fail("cell", cell_text(ev_.cell) + " is not a cell (x and y go from 0)");
  const TraceEventType type = ev_.kind == 0      ? TraceEventType::Expanding
                              : ev_.old_g_null   ? TraceEventType::Generating
                                                 : TraceEventType::Updating;
  b_.add_cell_event(type, ev_.cell, ev_.parent, ev_.g, ev_.h, ev_.f, at());
  if (ev_.kind != 0) return;
  if (!first_take_) first_take_ = ev_.cell;
  last_take_ = ev_;
}

void AstarReader::finish() {
  ImportedTrace& t = b_.mutable_trace();
  if (first_take_) t.source_node = b_.intern_cell(*first_take_);
  if (level_ != nullptr) t.destination_node = b_.intern_cell(level_->goal());
  if (first_take_ && last_take_.goal)
    b_.add_cell_event(TraceEventType::End, last_take_.cell, last_take_.parent, last_take_.g,
                      last_take_.h, last_take_.f, at());
}

}  // namespace astar::trace_import
