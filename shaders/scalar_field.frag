#version 330 core
// A scalar field on a grid as a heatmap with contour lines.
// Colour: value clamped to [u_value_lo, u_value_hi] -> t in [0, 1] -> the light slate map (white
// for low, soft slate blue for high: one hue, so the chains' saturated colours stay on top) or,
// with u_viridis, viridis (dark purple for low, bright yellow for high; perceptually uniform).
// Contours: anti-aliased lines of constant on-screen width at each of u_contour_levels: the pixel
// distance to a level is |value - level| / |screen-space gradient|. The gradient's length is used
// rather than fwidth() (= |d/dx| + |d/dy|), which is up to sqrt(2) too large on diagonals and would
// make diagonal lines thinner.

const int kMaxContours = 16;  // keep equal to the C++ side (scalar_field_texture.cpp)

in vec2 v_image_position;
out vec4 out_colour;

uniform sampler2D u_field;  // R32F, linear filtering, row 0 = the field's bottom row
uniform vec2 u_grid_size;   // (nx, ny)
uniform float u_value_lo;
uniform float u_value_hi;
uniform bool u_invert;
uniform bool u_viridis;
uniform int u_contour_count;
uniform float u_contour_levels[kMaxContours];
uniform float u_contour_alpha;

// Polynomial fit to matplotlib's viridis (Matt Zucker, shadertoy WlfXRN; max error < 0.01).
vec3 viridis(float t) {
  const vec3 c0 = vec3(0.2777273272234177, 0.005407344544966578, 0.3340998053353061);
  const vec3 c1 = vec3(0.1050930431085774, 1.404613529898575, 1.384590162594685);
  const vec3 c2 = vec3(-0.3308618287255563, 0.214847559468213, 0.09509516302823659);
  const vec3 c3 = vec3(-4.634230498983486, -5.799100973351585, -19.33244095627987);
  const vec3 c4 = vec3(6.228269936347081, 14.17993336680509, 56.69055260068105);
  const vec3 c5 = vec3(4.776384997670288, -13.74514537774601, -65.35303263337234);
  const vec3 c6 = vec3(-5.435455855934631, 4.645852612178535, 26.3124352495832);
  return c0 + t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * (c5 + t * c6)))));
}

// White to slate blue, lightness falling evenly with t (one hue, readable in grey scale).
vec3 light_slate(float t) {
  const vec3 low = vec3(1.0, 1.0, 1.0);
  const vec3 high = vec3(0.42, 0.50, 0.66);
  return mix(low, high, t);
}

// The field between grid points as a cubic B-spline, from 4 bilinear taps (Sigg & Hadwiger,
// GPU Gems 2, ch. 20). Plain bilinear interpolation has a kink at every texel border, which shows
// as polygonal contours and jagged lines once a grid cell covers more than a few pixels; the
// B-spline is C2. It smooths slightly (by about h^2 f''/6 for grid spacing h), far below the
// spacing of any useful contour levels. In the outermost half cell, clamp-to-edge repeats the edge
// value, which pulls values there by up to h f'/6.
float sample_field_smooth(vec2 uv) {
  vec2 texel_count = vec2(textureSize(u_field, 0));
  vec2 position = uv * texel_count - 0.5;
  vec2 fraction = fract(position);
  position -= fraction;
  // B-spline weights w0..w3 of the four texels around, per axis.
  vec2 one_minus = 1.0 - fraction;
  vec2 two_minus = 2.0 - fraction;
  vec2 w0 = one_minus * one_minus * one_minus / 6.0;
  vec2 w1 = two_minus * two_minus * two_minus / 6.0 - 4.0 * w0;
  vec2 w3 = fraction * fraction * fraction / 6.0;
  vec2 w2 = 1.0 - w0 - w1 - w3;
  // Two bilinear taps per axis: each one blends a pair of texels in the ratio of their weights.
  vec2 weight_low = w0 + w1;
  vec2 weight_high = w2 + w3;
  vec2 tap_low = (position - 0.5 + w1 / weight_low) / texel_count;
  vec2 tap_high = (position + 1.5 + w3 / weight_high) / texel_count;
  float low_low = texture(u_field, vec2(tap_low.x, tap_low.y)).r;
  float high_low = texture(u_field, vec2(tap_high.x, tap_low.y)).r;
  float low_high = texture(u_field, vec2(tap_low.x, tap_high.y)).r;
  float high_high = texture(u_field, vec2(tap_high.x, tap_high.y)).r;
  vec2 share_low = weight_low / (weight_low + weight_high);
  return mix(mix(high_high, low_high, share_low.x), mix(high_low, low_low, share_low.x),
             share_low.y);
}

// Tiny per-pixel noise: +-half a quantisation step hides 8-bit banding in smooth gradients.
float dither(vec2 pixel) {
  return fract(52.9829189 * fract(dot(pixel, vec2(0.06711056, 0.00583715)))) - 0.5;
}

void main() {
  // The grid points include the edges (x_0 at the left edge, x_{nx-1} at the right), so the
  // image spans texel centre 0 to texel centre n-1, not the outer texel borders.
  vec2 uv = (v_image_position * (u_grid_size - 1.0) + 0.5) / u_grid_size;
  float value = sample_field_smooth(uv);

  float range = max(u_value_hi - u_value_lo, 1e-30);
  // NaN compares false everywhere; treat it (and -inf) as "lowest".
  float t = (value >= u_value_lo) ? clamp((value - u_value_lo) / range, 0.0, 1.0) : 0.0;
  if (u_invert) t = 1.0 - t;
  vec3 colour = u_viridis ? viridis(t) : light_slate(t);

  // Derivatives are taken unconditionally: they must be evaluated in uniform control flow.
  float gradient = length(vec2(dFdx(value), dFdy(value)));
  bool finite_value = !isnan(value) && !isinf(value) && !isnan(gradient) && !isinf(gradient);
  if (finite_value && u_contour_count > 0) {
    const float kHalfWidthPx = 0.9;  // 1.8 px lines: thin, yet still visible on a projector
    float coverage = 0.0;
    for (int k = 0; k < kMaxContours; ++k) {
      if (k >= u_contour_count) break;
      float distance_px = abs(value - u_contour_levels[k]) / max(gradient, 1e-30);
      // Box-filtered line: full inside the half width, linear fall-off over one pixel.
      coverage = max(coverage, clamp(kHalfWidthPx + 0.5 - distance_px, 0.0, 1.0));
    }
    // Light lines vanish on viridis' bright yellow end, so lines over bright colours turn dark.
    // A contour has one value, hence one background colour: each line keeps a single colour.
    float luminance = dot(colour, vec3(0.2126, 0.7152, 0.0722));
    vec3 line_colour = mix(vec3(0.97, 0.97, 0.95), vec3(0.08, 0.06, 0.16),
                           smoothstep(0.55, 0.7, luminance));
    colour = mix(colour, line_colour, coverage * u_contour_alpha);
  }

  out_colour = vec4(colour + dither(gl_FragCoord.xy) / 255.0, 1.0);
}
