// Posthoc's document and events, read value by value (trace_import_documents.hpp).
#include <charconv>
#include <cmath>

#include "astar/level.hpp"
#include "trace/import/trace_import_documents.hpp"

namespace astar::trace_import {

namespace {

using Field = PosthocReader::Field;

Field field_of(std::string_view key) {
  switch (key.size()) {
    case 1:
      switch (key[0]) {
        case 'g': return Field::G;
        case 'f': return Field::F;
        case 'h': return Field::H;
        case 'x': return Field::X;
        case 'y': return Field::Y;
        default: return Field::Extra;  // a char, not our enum
      }
    case 2: return key == "id" ? Field::Id : Field::Extra;
    case 3: return key == "pId" ? Field::PId : Field::Extra;
    case 4: return key == "type" ? Field::Type : Field::Extra;
    default: return Field::Extra;
  }
}

const char* kFieldNames[] = {"type", "id", "pId", "g", "f", "h", "x", "y", ""};

std::string got(const Scalar& v) { return ", got " + scalar_json(v); }

}  // namespace

PosthocReader::PosthocReader(TraceBuilder& builder, bool single_event)
    : b_(builder), single_event_(single_event) {}

const char* PosthocReader::field_name() const { return kFieldNames[static_cast<int>(field_)]; }

void PosthocReader::fail_nested(const char* what) const {
  const char* expected = field_ == Field::Type                          ? "a string"
                         : field_ == Field::Id || field_ == Field::PId ? "a number or a string"
                                                                        : "a number";
  b_.fail(field_name(), std::string("expected ") + expected + ", got " + what, ev_.line);
}

void PosthocReader::fail_root(const std::string& got_what) const {
  if (single_event_) b_.fail("", "expected an object (one event), got " + got_what);
  throw TraceFail{b_.trace().source + ": expected a Posthoc search trace, an object with "
                  "\"events\": [...], got " + got_what};
}

void PosthocReader::fail_events(const std::string& got_what) const {
  throw TraceFail{b_.trace().source + ": events: expected an array of events, got " + got_what};
}

void PosthocReader::capture_separator() {
  if (capture_.empty()) return;
  char& top = capture_.back();
  if (top == 'A') ev_.extras += ',';
  if (top == 'a') top = 'A';
}

// Values inside render, path or another skipped key, and inside an extra key's value.
bool PosthocReader::passes(char opening) {
  if (skip_depth_ > 0) {
    if (opening != 0) ++skip_depth_;
    return true;
  }
  if (capture_.empty()) return false;
  if (opening != 0) {
    capture_separator();
    ev_.extras += opening == 'o' ? '{' : '[';
    capture_ += opening;
  }
  return true;
}

void PosthocReader::begin_event(std::uint32_t line) {
  ev_.clear();
  ev_.line = line;
  seen_fields_ = 0;
  state_ = State::EventKey;
}

void PosthocReader::end_event() {
  if (!ev_.extras.empty()) ev_.extras += '}';
  b_.add(ev_);
  state_ = single_event_ ? State::Done : State::Events;
}

void PosthocReader::start_object(std::uint32_t line) {
  if (passes('o')) return;
  switch (state_) {
    case State::Root:
      if (single_event_) begin_event(line);
      else state_ = State::TopKey;
      return;
    case State::TopValue:
      if (top_key_ == "events") fail_events("an object");
      skip_depth_ = 1;
      state_ = State::TopKey;
      return;
    case State::Events: begin_event(line); return;
    case State::EventValue:
      if (field_ != Field::Extra) fail_nested("an object");
      ev_.extras += '{';
      capture_.assign(1, 'o');
      state_ = State::EventKey;
      return;
    case State::TopKey:
    case State::EventKey:
    case State::Done: break;
  }
  b_.fail("", "unexpected object");  // the tokenizers never get here
}

void PosthocReader::start_array(std::uint32_t) {
  if (passes('a')) return;
  switch (state_) {
    case State::Root: fail_root("an array");
    case State::TopValue:
      if (top_key_ == "events") {
        state_ = State::Events;
        return;
      }
      skip_depth_ = 1;
      state_ = State::TopKey;
      return;
    case State::Events: b_.fail("", "expected an object (one event), got an array");
    case State::EventValue:
      if (field_ != Field::Extra) fail_nested("an array");
      ev_.extras += '[';
      capture_.assign(1, 'a');
      state_ = State::EventKey;
      return;
    case State::TopKey:
    case State::EventKey:
    case State::Done: break;
  }
  b_.fail("", "unexpected array");
}

void PosthocReader::key(std::string_view name) {
  if (skip_depth_ > 0) return;
  if (!capture_.empty()) {
    if (capture_.back() == 'O') ev_.extras += ',';
    capture_.back() = 'O';
    append_quoted_json(ev_.extras, name);
    ev_.extras += ':';
    return;
  }
  if (state_ == State::TopKey) {
    top_key_.assign(name);
    bool& seen = name == "events" ? saw_events_ : saw_version_;
    if (name == "events" || name == "version") {
      if (seen) throw TraceFail{b_.trace().source + ": " + top_key_ + ": duplicate key"};
      seen = true;
    }
    state_ = State::TopValue;
    return;
  }
  field_ = field_of(name);
  state_ = State::EventValue;
  if (field_ == Field::Extra) {
    ev_.extras += ev_.extras.empty() ? '{' : ',';
    append_quoted_json(ev_.extras, name);
    ev_.extras += ':';
    return;
  }
  const std::uint32_t bit = 1u << static_cast<int>(field_);
  if (seen_fields_ & bit) b_.fail(field_name(), "duplicate key", ev_.line);
  seen_fields_ |= bit;
}

void PosthocReader::end_object() {
  if (skip_depth_ > 0) {
    --skip_depth_;
    return;
  }
  if (!capture_.empty()) {
    ev_.extras += '}';
    capture_.pop_back();
    return;
  }
  if (state_ == State::EventKey) {
    end_event();
    return;
  }
  state_ = State::Done;  // the document's object
  finish();
}

void PosthocReader::end_array() {
  if (skip_depth_ > 0) {
    --skip_depth_;
    return;
  }
  if (!capture_.empty()) {
    ev_.extras += ']';
    capture_.pop_back();
    return;
  }
  state_ = State::TopKey;  // the events' array
}

void PosthocReader::scalar(const Scalar& v) {
  if (skip_depth_ > 0) return;
  if (!capture_.empty()) {
    capture_separator();
    ev_.extras += v.kind == Scalar::Kind::String ? quoted_json(v.text, std::string::npos) : scalar_json(v);
    return;
  }
  switch (state_) {
    case State::Root: fail_root(scalar_json(v));
    case State::TopValue:
      if (top_key_ == "events") fail_events(scalar_json(v));
      if (top_key_ == "version" && (v.kind == Scalar::Kind::String || v.kind == Scalar::Kind::Number))
        b_.set_version(std::string(v.text));
      state_ = State::TopKey;
      return;
    case State::Events: b_.fail("", "expected an object (one event)" + got(v));
    case State::EventValue:
      assign(v);
      state_ = State::EventKey;
      return;
    case State::TopKey:
    case State::EventKey:
    case State::Done: break;
  }
  b_.fail("", "unexpected value");
}

// type, id, pId, g, f, h, x, y: checked as they arrive, with the value in the message.
void PosthocReader::assign(const Scalar& v) {
  const char* name = field_name();
  const std::uint32_t line = v.line;
  switch (field_) {
    case Field::Type:
      if (v.kind != Scalar::Kind::String) b_.fail(name, "expected a string" + got(v), line);
      ev_.type.assign(v.text);
      ev_.has_type = true;
      ev_.type_line = line;
      return;
    case Field::Id:
    case Field::PId: read_id(v, field_ == Field::Id ? ev_.id : ev_.pid); return;
    case Field::G:
    case Field::F:
    case Field::H: {
      double& out = field_ == Field::G ? ev_.g : field_ == Field::F ? ev_.f : ev_.h;
      if (v.kind == Scalar::Kind::Null) return;
      if (v.kind != Scalar::Kind::Number) b_.fail(name, "expected a number" + got(v), line);
      if (!v.finite) b_.fail(name, "expected a finite number" + got(v), line);
      out = v.number;
      return;
    }
    case Field::X:
    case Field::Y: read_coordinate(v); return;
    case Field::Extra:
      ev_.extras += v.kind == Scalar::Kind::String ? quoted_json(v.text, std::string::npos)
                                                   : scalar_json(v);
      return;
  }
}

void PosthocReader::read_id(const Scalar& v, IdValue& out) {
  const char* name = field_name();
  out.line = v.line;
  switch (v.kind) {
    case Scalar::Kind::Null: out.kind = IdValue::Kind::Null; return;
    case Scalar::Kind::Bool: b_.fail(name, "expected a number or a string" + got(v), v.line);
    case Scalar::Kind::String:
      if (v.text.size() > kMaxIdChars)
        b_.fail(name, "a string id of " + std::to_string(v.text.size()) + " characters; the limit is " +
                          std::to_string(kMaxIdChars), v.line);
      out.kind = IdValue::Kind::Text;
      out.text.assign(v.text);
      return;
    case Scalar::Kind::Number: break;
  }
  out.kind = IdValue::Kind::Number;
  if (v.integer) {
    const auto r = std::from_chars(v.text.data(), v.text.data() + v.text.size(), out.number);
    if (r.ec == std::errc()) return;
  } else if (v.finite && v.number == std::floor(v.number) && std::fabs(v.number) < 9.0e15) {
    out.number = static_cast<std::int64_t>(v.number);  // 12.0: the node 12
    return;
  }
  if (v.integer || (v.finite && v.number == std::floor(v.number)))
    b_.fail(name, scalar_json(v) + " is too large (a number id is a whole number below 2^63)", v.line);
  b_.fail(name, "expected a whole number or a string" + got(v), v.line);
}

void PosthocReader::read_coordinate(const Scalar& v) {
  const char* name = field_name();
  const bool is_x = field_ == Field::X;
  if (v.kind == Scalar::Kind::Null) return;  // as if absent
  if (v.kind != Scalar::Kind::Number) b_.fail(name, "expected a number" + got(v), v.line);
  if (!v.finite || v.number != std::floor(v.number))
    b_.fail(name, "expected a whole number" + got(v), v.line);
  if (v.number < 0) b_.fail(name, "expected a whole number >= 0" + got(v), v.line);
  if (v.number >= kMaxSide)
    b_.fail(name, scalar_json(v) + " is too large (cells go up to " + std::to_string(kMaxSide - 1) +
                      ", the largest level side)", v.line);
  (is_x ? ev_.x : ev_.y) = static_cast<int>(v.number);
  (is_x ? ev_.has_x : ev_.has_y) = true;
  (is_x ? ev_.x_line : ev_.y_line) = v.line;
}

void PosthocReader::finish() const {
  if (state_ == State::Root)
    throw TraceFail{b_.trace().source + ": expected a Posthoc search trace, an object with "
                    "\"events\": [...], found nothing"};
  if (state_ == State::Done && !single_event_ && !saw_events_)
    throw TraceFail{b_.trace().source + ": events: missing (a Posthoc search trace is an object "
                    "with \"events\": [...])"};
}

}  // namespace astar::trace_import
