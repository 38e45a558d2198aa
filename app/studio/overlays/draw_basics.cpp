#include "overlays/draw_basics.hpp"

#include <algorithm>
#include <cfloat>

namespace studio {

ImU32 color(palette::Rgb c, float alpha) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(alpha * 255.0f + 0.5f));
}

void draw_endpoint_marker(ImDrawList* dl, const Fonts& fonts, ImVec2 m, float px, palette::Rgb rgb,
                          const char* label) {
  const float r = std::max(5.0f, px * 0.34f);
  dl->AddCircleFilled(m, r, color(rgb), 24);
  dl->AddCircle(m, r, IM_COL32(255, 255, 255, 230), 24, std::clamp(px * 0.05f, 1.0f, 2.5f));
  if (r >= 8.0f) {
    const float size = std::min(r * 1.3f, 36.0f);
    const ImVec2 s = fonts.large->CalcTextSizeA(size, FLT_MAX, 0.0f, label);
    dl->AddText(fonts.large, size, ImVec2(m.x - s.x * 0.5f, m.y - s.y * 0.5f),
                IM_COL32(255, 255, 255, 255), label);
  }
}

}  // namespace studio
