#version 330 core
// Full-screen quad for scalar_field.frag, generated from gl_VertexID (draw 4 vertices as a
// GL_TRIANGLE_STRIP with any VAO bound; no vertex buffer is needed).

// Position in the image: (0, 0) bottom-left, (1, 1) top-right; y grows upwards like the field's
// j index, so the GL framebuffer's row 0 holds the field's bottom row.
out vec2 v_image_position;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
  v_image_position = corner;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
