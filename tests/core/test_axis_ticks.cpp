// Axis ticks for the pixels an axis has (diagnostics/axis_ticks): at least three labelled ticks
// on a 120 px axis, labels that never overlap, and compact forms instead of run-together digits.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/plot/axis_ticks.hpp"

namespace sgl {
namespace {

constexpr double kFont = 20.0;  // the app's font size at scale 1

// Advance widths of DejaVu Sans (the app's font) in ems, at kFont pixels.
double label_width(const std::string& text) {
  double ems = 0.0;
  for (char c : text) {
    if (c >= '0' && c <= '9')
      ems += 0.636;
    else if (c == '.')
      ems += 0.318;
    else if (c == '-')
      ems += 0.361;
    else if (c == 'M')
      ems += 0.863;
    else
      ems += 0.62;  // e, k, G, T and anything else: about a digit
  }
  return ems * kFont;
}

double label_height(const std::string&) {
  return kFont;
}

struct Range2 {
  double lo, hi;
};

const std::vector<Range2> kRanges{{0.0, 1e-7},    {0.0, 3e5},   {-1.0, 1.0},        {1e4, 2e4},
                                  {0.999, 1.001}, {0.0, 3e4},   {-2.7, 13.1},       {0.0, 1.0},
                                  {-5e6, 5e6},    {1e-3, 4e-3}, {12345.0, 98765.0}, {-0.05, 0.35}};

// Checks what every axis must satisfy and returns the labels.
std::vector<std::string> check_axis(const AxisTickRequest& request) {
  const AxisTicks ticks = choose_ticks(request, request.horizontal ? label_width : label_height);
  INFO("range [" << request.lo << ", " << request.hi << "] over " << request.pixels << " px"
                 << (request.horizontal ? " (x)" : " (y)"));
  REQUIRE(ticks.labels.size() == ticks.ticks.values.size());
  std::vector<std::string> shown;
  double previous_end = -1e300;
  const double scale = request.pixels / (request.hi - request.lo);
  for (std::size_t k = 0; k < ticks.labels.size(); ++k) {
    const double value = ticks.ticks.values[k];
    CHECK(value >= request.lo - 1e-9 * (request.hi - request.lo));
    CHECK(value <= request.hi + 1e-9 * (request.hi - request.lo));
    const std::string& label = ticks.labels[k];
    if (label.empty()) continue;
    INFO("label " << label);
    // Long digit runs are what "1000020000" was made of.
    CHECK(label.size() <= 7);
    const double extent = request.horizontal ? label_width(label) : label_height(label);
    const double at = (value - request.lo) * scale;
    CHECK(at - 0.5 * extent >= previous_end);  // never touching the previous label
    if (request.horizontal) {
      CHECK(at - 0.5 * extent >= -request.room_before - 1e-9);
      CHECK(at + 0.5 * extent <= request.pixels + request.room_after + 1e-9);
    }
    previous_end = at + 0.5 * extent;
    shown.push_back(label);
  }
  // Distinct labels: a label format that rounds neighbours together is useless.
  for (std::size_t k = 1; k < shown.size(); ++k) CHECK(shown[k] != shown[k - 1]);
  return shown;
}

}  // namespace

TEST_CASE("choose_ticks gives three or more labelled ticks from 120 px", "[diagnostics]") {
  for (const Range2& range : kRanges) {
    for (double pixels : {120.0, 160.0, 250.0, 400.0, 900.0, 1800.0}) {
      for (bool horizontal : {true, false}) {
        AxisTickRequest request;
        request.lo = range.lo;
        request.hi = range.hi;
        request.pixels = pixels;
        request.horizontal = horizontal;
        request.font = kFont;
        request.room_before = request.room_after = 1.5 * kFont;
        const std::vector<std::string> shown = check_axis(request);
        INFO("range [" << range.lo << ", " << range.hi << "] over " << pixels << " px");
        // Two plain labels ("0", "0.2") beat three under a "×10⁻¹" factor.
        const AxisTicks ticks = choose_ticks(
            request, horizontal ? TickLabelMeasure(label_width) : TickLabelMeasure(label_height));
        CHECK(shown.size() >= (ticks.multiplier.empty() ? 2u : 3u));
        if (pixels >= 250.0) CHECK(shown.size() >= 3);
      }
    }
  }
}

TEST_CASE("choose_ticks never lets labels overlap, even on very short axes", "[diagnostics]") {
  for (const Range2& range : kRanges) {
    for (double pixels : {8.0, 30.0, 60.0, 90.0}) {
      AxisTickRequest request{range.lo, range.hi, pixels, true, kFont, 0.0, -40.0};
      check_axis(request);
    }
  }
}

TEST_CASE("choose_ticks uses compact labels where plain ones would run together", "[diagnostics]") {
  // The energy axis of chen-fig2 in a narrow panel: "10000" and "20000" used to touch.
  AxisTickRequest request{0.0, 3e4, 140.0, true, kFont, 1.5 * kFont, 1.5 * kFont};
  const AxisTicks ticks = choose_ticks(request, label_width);
  CHECK(ticks.format != TickFormat::Plain);
  CHECK(ticks.labelled() >= 3);
  // A wide axis keeps the plain form.
  request.pixels = 1200.0;
  CHECK(choose_ticks(request, label_width).format == TickFormat::Plain);
}

TEST_CASE("choose_ticks prefers 1/2/5 steps when they serve", "[diagnostics]") {
  AxisTickRequest request{0.0, 1.0, 600.0, true, kFont, kFont, kFont};
  const AxisTicks ticks = choose_ticks(request, label_width);
  const double mantissa =
      ticks.ticks.step / std::pow(10.0, std::floor(std::log10(ticks.ticks.step)));
  CHECK((std::abs(mantissa - 1.0) < 1e-9 || std::abs(mantissa - 2.0) < 1e-9 ||
         std::abs(mantissa - 5.0) < 1e-9));
}

TEST_CASE("choose_ticks handles degenerate ranges", "[diagnostics]") {
  AxisTickRequest request{2.5, 2.5, 200.0, true, kFont, 0.0, 0.0};
  const AxisTicks point = choose_ticks(request, label_width);
  REQUIRE(point.ticks.values.size() == 1);
  CHECK(point.labels[0] == "2.5");
  request.hi = std::numeric_limits<double>::infinity();
  CHECK(choose_ticks(request, label_width).ticks.values.empty());
  request.lo = 0.0;
  request.hi = 1.0;
  request.pixels = 0.0;
  CHECK(choose_ticks(request, label_width).ticks.values.size() == 1);
}

TEST_CASE("format_tick_as writes plain, suffixed and scientific labels", "[diagnostics]") {
  CHECK(format_tick_as(20000.0, 10000.0, TickFormat::Plain) == "20000");
  CHECK(format_tick_as(20000.0, 10000.0, TickFormat::Suffix) == "20k");
  CHECK(format_tick_as(150000.0, 150000.0, TickFormat::Suffix) == "150k");
  CHECK(format_tick_as(2500000.0, 500000.0, TickFormat::Suffix) == "2.5M");
  CHECK(format_tick_as(-500.0, 500.0, TickFormat::Suffix) == "-0.5k");
  CHECK(format_tick_as(20000.0, 10000.0, TickFormat::Scientific) == "2e4");
  CHECK(format_tick_as(7.5e-8, 2.5e-8, TickFormat::Scientific) == "7.5e-8");
  CHECK(format_tick_as(0.0015, 0.0005, TickFormat::Plain) == "0.0015");
  CHECK(format_tick_as(-0.0, 1.0, TickFormat::Plain) == "0");
  CHECK(format_tick_as(3 * 0.1 - 0.3, 0.1, TickFormat::Scientific) == "0");
  CHECK(format_tick_as(0.9999999999, 0.5, TickFormat::Scientific) == "1e0");
  CHECK(format_tick_as(0.003, 0.001, TickFormat::Scaled) == "3");
  CHECK(format_tick_as(45000.0, 15000.0, TickFormat::Scaled) == "4.5");
  CHECK(tick_multiplier(0.001) == "×10⁻³");
  CHECK(tick_multiplier(15000.0) == "×10⁴");
}

TEST_CASE("axis ticks: no ×10 factor for steps plain digits write briefly", "[axis_ticks]") {
  // A narrow side panel's θ axis over 0.26–0.28 (the newcomer saw "26 27 28" and "θ ×10⁻²"), and
  // a trace's "steps ago" over a few tens of steps (it saw "×10⁻¹").
  for (const Range2 range : {Range2{0.262, 0.281}, Range2{-34.0, 0.0}, Range2{0.5, 4.5}}) {
    for (const double pixels : {140.0, 300.0}) {
      AxisTickRequest request;
      request.lo = range.lo;
      request.hi = range.hi;
      request.pixels = pixels;
      request.horizontal = true;
      request.font = kFont;
      const AxisTicks ticks = choose_ticks(request, label_width);
      INFO(range.lo << ".." << range.hi << " at " << pixels << " px: " << ticks.multiplier);
      CHECK(ticks.multiplier.empty());
      CHECK(ticks.labelled() >= 1);
    }
  }
}

TEST_CASE("axis ticks: a long axis (2560x1440 window) has at most about ten ticks",
          "[axis_ticks]") {
  // At 2560 px a plot is ~2000 px wide and ~1200 px tall; one tick per 5.5 fonts used to give 18.
  for (const double pixels : {1200.0, 1600.0, 2000.0, 2400.0}) {
    for (const bool horizontal : {true, false}) {
      for (const Range2 range : {Range2{0.0, 1.0}, Range2{-3.0, 3.0}, Range2{0.0, 20000.0},
                                 Range2{-0.05, 0.35}, Range2{12345.0, 98765.0}}) {
        AxisTickRequest request;
        request.lo = range.lo;
        request.hi = range.hi;
        request.pixels = pixels;
        request.horizontal = horizontal;
        request.font = kFont;
        const AxisTicks ticks = choose_ticks(
            request, horizontal ? TickLabelMeasure(label_width) : TickLabelMeasure(label_height));
        INFO(pixels << " px, " << (horizontal ? "x" : "y") << " [" << range.lo << ", " << range.hi
                    << "]");
        CHECK(ticks.ticks.values.size() <= static_cast<std::size_t>(kMostTicks));
        CHECK(ticks.labelled() >= 3);
      }
    }
  }
}

}  // namespace sgl
