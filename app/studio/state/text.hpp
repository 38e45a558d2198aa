// Numbers and strings as the studio writes them: a g, h, f or cost as the panels and the status
// line print it, and a JSON string literal for the screenshot's sidecar. No ImGui here.
//
//   value_text(9.0) == "9";  value_text(9.4142) == "9.414";  json_string("a\"b") == "\"a\\\"b\""
#pragma once

#include <string>
#include <string_view>

namespace studio {

// A cost or a g, h, f value: whole numbers without decimals, others with three ("9.414").
std::string value_text(double v);
// A JSON string literal, quotes included.
std::string json_string(std::string_view s);

}  // namespace studio
