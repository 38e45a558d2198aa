#version 330 core
// A* Studio grid: one quad covering the visible part of the level. No vertex buffer: the four
// corners of a triangle strip come from gl_VertexID. The fragment shader does the real work.

uniform vec4 u_quad;     // x0, y0, x1, y1 of the quad in framebuffer pixels, top-left origin
uniform vec2 u_fb_size;  // framebuffer size in pixels

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 px = mix(u_quad.xy, u_quad.zw, corner);
  vec2 ndc = px / u_fb_size * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
