#include "trace/import/trace_import_builder.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "astar/format.hpp"

namespace astar::trace_import {

namespace {

std::uint64_t mix(std::int64_t key) {  // splitmix64's finaliser
  auto z = static_cast<std::uint64_t>(key) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A string id that is a number's canonical text ("42", "-7") is the same node as that number.
bool canonical_integer(std::string_view s, std::int64_t& out) {
  if (s.empty() || s.size() > 20) return false;
  const std::size_t digits = s[0] == '-' ? 1 : 0;
  if (digits == s.size() || (s[digits] == '0' && s.size() > digits + 1) || s == "-0") return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::string id_json(const IdValue& id) {
  return id.kind == IdValue::Kind::Number ? std::to_string(id.number) : quoted_json(id.text);
}

std::int64_t cell_key(Cell c) {
  return (static_cast<std::int64_t>(c.y) << 32) | static_cast<std::uint32_t>(c.x);
}

}  // namespace

void EventFields::clear() {
  has_type = false;
  type.clear();
  id.kind = pid.kind = IdValue::Kind::Absent;
  g = h = f = ImportedEvent::kNone;
  has_x = has_y = false;
  type_line = x_line = y_line = line = id.line = pid.line = 0;
  extras.clear();
}

std::uint32_t NodeMap::find(std::int64_t key) const {
  if (key >= 0 && static_cast<std::uint64_t>(key) < dense_.size())
    return dense_[static_cast<std::size_t>(key)];
  return find_hashed(key);
}

std::uint32_t NodeMap::find_hashed(std::int64_t key) const {
  if (slots_.empty()) return kNoNode;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.node == kNoNode) return kNoNode;
    if (s.key == key) return s.node;
  }
}

void NodeMap::insert(std::int64_t key, std::uint32_t node) {
  ++count_;
  if (key >= 0 && static_cast<std::uint64_t>(key) < dense_.size()) {
    dense_[static_cast<std::size_t>(key)] = node;
    return;
  }
  // Small ids (a grid's y * width + x) go to the dense table while it stays at most 4 entries
  // per node: no hashing, and neighbouring ids sit side by side in memory.
  const auto limit = std::min<std::uint64_t>(kMaxDense, 4 * (count_ + 65536));
  if (key >= 0 && static_cast<std::uint64_t>(key) < limit) {
    grow_dense(std::min<std::uint64_t>(limit, std::max<std::uint64_t>(key + 1, 2 * dense_.size())));
    dense_[static_cast<std::size_t>(key)] = node;
    return;
  }
  insert_hashed(key, node);
}

void NodeMap::grow_dense(std::uint64_t size) {
  dense_.resize(static_cast<std::size_t>(size), kNoNode);
  // Keys already hashed that the dense table now covers move to it.
  std::vector<Slot> old;
  old.swap(slots_);
  size_ = 0;
  for (const Slot& s : old)
    if (s.node != kNoNode) {
      if (s.key >= 0 && static_cast<std::uint64_t>(s.key) < dense_.size())
        dense_[static_cast<std::size_t>(s.key)] = s.node;
      else
        insert_hashed(s.key, s.node);
    }
}

void NodeMap::insert_hashed(std::int64_t key, std::uint32_t node) {
  if ((size_ + 1) * 2 > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = mix(key) & mask;
  while (slots_[i].node != kNoNode) i = (i + 1) & mask;
  slots_[i] = {key, node};
  ++size_;
}

void NodeMap::grow() {
  std::vector<Slot> old(slots_.empty() ? 64 : slots_.size() * 2, Slot{0, kNoNode});
  old.swap(slots_);
  size_ = 0;
  for (const Slot& s : old)
    if (s.node != kNoNode) insert_hashed(s.key, s.node);
}

TraceBuilder::TraceBuilder(std::string source, TraceFormat format,
                           const TraceReadOptions& options)
    : options_(options), source_(std::move(source)) {
  trace_.source = source_;
  trace_.format = format;
}

std::string TraceBuilder::where(std::string_view field, std::uint32_t yaml_line) const {
  const std::string index = "events[" + std::to_string(trace_.events.size()) + "]";
  std::string out = source_ + ": ";
  if (trace_.format == TraceFormat::JsonLines)
    out += "line " + std::to_string(line_number_) + " (" + index + ")";
  else
    out += index;
  if (!field.empty()) (out += '.') += field;
  if (trace_.format == TraceFormat::PosthocYaml && yaml_line > 0)
    out += " (line " + std::to_string(yaml_line) + ")";
  return out;
}

void TraceBuilder::fail(std::string_view field, std::string_view reason,
                        std::uint32_t yaml_line) const {
  throw TraceFail{where(field, yaml_line) + ": " + std::string(reason)};
}

std::uint32_t TraceBuilder::find_id(const IdValue& id) const {
  std::int64_t n = id.number;
  if (id.kind == IdValue::Kind::Number || (id.kind == IdValue::Kind::Text && canonical_integer(id.text, n)))
    return number_ids_.find(n);
  if (id.kind != IdValue::Kind::Text) return kNoNode;
  const auto it = text_ids_.find(id.text);
  return it == text_ids_.end() ? kNoNode : it->second;
}

std::uint32_t TraceBuilder::resolve_parent(const EventFields& e) const {
  if (e.pid.kind == IdValue::Kind::Absent || e.pid.kind == IdValue::Kind::Null) return kNoNode;
  const std::uint32_t node = find_id(e.pid);
  if (node == kNoNode)
    fail("pId", id_json(e.pid) + " was never seen before (no earlier event has that id)",
         e.pid.line ? e.pid.line : e.line);
  return node;
}

TraceEventType TraceBuilder::resolve_type(const EventFields& e, std::uint16_t& other) const {
  if (!e.has_type) fail("type", "missing", e.line);
  if (const auto t = parse_trace_event_type(e.type)) return *t;
  const auto it = type_index_.find(e.type);
  if (it != type_index_.end()) {
    other = it->second;
  } else {
    if (type_index_.size() >= kMaxTypeNames)
      fail("type", "more than " + std::to_string(kMaxTypeNames) + " different unknown types",
           e.type_line);
    other = static_cast<std::uint16_t>(type_index_.size());
  }
  return TraceEventType::Other;
}

void TraceBuilder::check_in_level(std::string_view field, int value, bool is_x,
                                  std::uint32_t line) const {
  const Level* level = options_.level;
  if (level == nullptr || value < (is_x ? level->width() : level->height())) return;
  fail(field, std::to_string(value) + " is outside the level (0, 0)-" +
                  cell_text({level->width() - 1, level->height() - 1}),
       line);
}

void TraceBuilder::check_cell(const EventFields& e, std::uint32_t node) const {
  if (e.has_x) check_in_level("x", e.x, true, e.x_line);
  if (e.has_y) check_in_level("y", e.y, false, e.y_line);
  if (node == kNoNode) {
    if (!e.has_x) fail("x", "missing (a node's first event gives its cell)", e.line);
    if (!e.has_y) fail("y", "missing (a node's first event gives its cell)", e.line);
    return;
  }
  const Cell was = trace_.node_cells[node];
  const Cell now{e.has_x ? e.x : was.x, e.has_y ? e.y : was.y};
  if (now == was) return;
  const bool x_moved = now.x != was.x;
  fail(x_moved ? "x" : "y",
       "node " + id_json(e.id) + " was at " + cell_text(was) + " and is now at " +
           cell_text(now) + "; a node's cell cannot change",
       x_moved ? e.x_line : e.y_line);
}

std::uint32_t TraceBuilder::add_node(const IdValue& id, Cell c) {
  const auto node = static_cast<std::uint32_t>(trace_.node_cells.size());
  std::int64_t n = id.number;
  if (id.kind == IdValue::Kind::Number || canonical_integer(id.text, n)) {
    number_ids_.insert(n, node);
    trace_.node_ids.push_back(std::to_string(n));
  } else {
    text_ids_.emplace(id.text, node);
    trace_.node_ids.push_back(id.text);
  }
  trace_.node_cells.push_back(c);
  trace_.width = std::max(trace_.width, c.x + 1);
  trace_.height = std::max(trace_.height, c.y + 1);
  return node;
}

// `at`: where the event is ("run.json: events[3]"), made only for the message.
template <class At>
void TraceBuilder::check_limit(const At& at) const {
  if (options_.max_events == 0 || trace_.events.size() < options_.max_events) return;
  throw TraceFail{at() + ": the trace has more than " + std::to_string(options_.max_events) +
                  " events (the limit)"};
}

void TraceBuilder::add(const EventFields& e) {
  ImportedEvent ev;
  ev.type = resolve_type(e, ev.other_type);
  const bool id_optional = ev.type == TraceEventType::End || ev.type == TraceEventType::Other;
  const bool has_id = e.id.kind == IdValue::Kind::Number || e.id.kind == IdValue::Kind::Text;
  if (!has_id && !id_optional) fail("id", "missing", e.line);
  ev.parent = resolve_parent(e);
  std::uint32_t node = has_id ? find_id(e.id) : kNoNode;
  if (has_id) check_cell(e, node);
  check_limit([&] { return where(""); });
  // Everything is checked: from here on the trace changes.
  if (has_id && node == kNoNode) node = add_node(e.id, {e.x, e.y});
  ev.node = node;
  ev.g = e.g;
  ev.h = e.h;
  ev.f = e.f;
  if (!e.extras.empty()) {
    ev.extra = static_cast<std::uint32_t>(trace_.extras.size());
    trace_.extras.push_back(e.extras);
  }
  if (ev.type == TraceEventType::Other) {
    if (ev.other_type == trace_.type_names.size()) {
      type_index_.emplace(e.type, ev.other_type);
      trace_.type_names.push_back(e.type);
      unknown_.push_back({0, where("type", e.type_line)});
    }
    ++unknown_[ev.other_type].count;
  }
  // The source: the first `source` event's node, until then the first node.
  if (node != kNoNode && !saw_source_ &&
      (ev.type == TraceEventType::Source || trace_.source_node == kNoNode)) {
    trace_.source_node = node;
    saw_source_ = ev.type == TraceEventType::Source;
  }
  if (ev.type == TraceEventType::Destination && node != kNoNode) trace_.destination_node = node;
  trace_.events.push_back(ev);
}

std::uint32_t TraceBuilder::intern_cell(Cell c) {
  const std::uint32_t node = number_ids_.find(cell_key(c));
  if (node != kNoNode) return node;
  const auto made = static_cast<std::uint32_t>(trace_.node_cells.size());
  number_ids_.insert(cell_key(c), made);
  trace_.node_ids.push_back(cell_text(c));
  trace_.node_cells.push_back(c);
  trace_.width = std::max(trace_.width, c.x + 1);
  trace_.height = std::max(trace_.height, c.y + 1);
  return made;
}

void TraceBuilder::add_cell_event(TraceEventType type, Cell cell, std::optional<Cell> parent,
                                  double g, double h, double f, std::string_view at) {
  const auto fail_at = [&](std::string_view field, const std::string& reason) {
    throw TraceFail{source_ + ": " + std::string(at) + "." + std::string(field) + ": " + reason};
  };
  const Level* level = options_.level;
  if (level != nullptr && !level->in_bounds(cell))
    fail_at("cell", cell_text(cell) + " is outside the level (0, 0)-" +
                        cell_text({level->width() - 1, level->height() - 1}));
  ImportedEvent ev;
  ev.type = type;
  if (parent) {
    ev.parent = number_ids_.find(cell_key(*parent));
    if (ev.parent == kNoNode)
      fail_at("parent", cell_text(*parent) + " was never seen before (no earlier event has that cell)");
  }
  check_limit([&] { return source_ + ": " + std::string(at); });
  ev.node = intern_cell(cell);
  ev.g = g;
  ev.h = h;
  ev.f = f;
  trace_.events.push_back(ev);
}

void TraceBuilder::refresh_warnings() {
  trace_.warnings.clear();
  for (std::size_t i = 0; i < unknown_.size(); ++i)
    trace_.warnings.push_back(unknown_[i].first_at + ": unknown type " +
                              quoted_json(trace_.type_names[i]) + " (" +
                              std::to_string(unknown_[i].count) +
                              (unknown_[i].count == 1 ? " event" : " events") + "), kept as other");
}

ImportedTrace TraceBuilder::finish() {
  refresh_warnings();
  // Growth by doubling can leave up to half the events' memory unused: give it back.
  if (trace_.events.capacity() - trace_.events.size() > trace_.events.size() / 4)
    trace_.events.shrink_to_fit();
  return std::move(trace_);
}

}  // namespace astar::trace_import
