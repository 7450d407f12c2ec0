// Every text colour of the interface and of the plots against the backgrounds it is drawn on:
// at least 4.5:1 (WCAG AA). The grey captions (ImGui's TextDisabled, 0.6 grey: 2.8:1) and hidden
// legend labels (150 grey: 3.0:1) faded away on a projector.
#include <catch2/catch.hpp>

#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "core/plot/chain_palette.hpp"
#include "core/plot/contrast.hpp"

namespace sgl {

TEST_CASE("contrast: the WCAG formula on known pairs", "[contrast]") {
  CHECK(contrast_ratio(palette::rgb(0, 0, 0), palette::rgb(255, 255, 255)) ==
        Approx(21.0).epsilon(1e-6));
  CHECK(contrast_ratio(palette::rgb(255, 255, 255), palette::rgb(255, 255, 255)) == Approx(1.0));
  // #767676 is the lightest grey that passes AA on white (4.54:1); #777777 fails (4.48:1).
  CHECK(contrast_ratio(palette::rgb(0x76, 0x76, 0x76), palette::rgb(255, 255, 255)) >= 4.5);
  CHECK(contrast_ratio(palette::rgb(0x77, 0x77, 0x77), palette::rgb(255, 255, 255)) < 4.5);
  // Half-transparent black over white is a mid grey.
  CHECK(contrast_ratio(0x80000000u, palette::rgb(255, 255, 255)) ==
        Approx(contrast_ratio(palette::rgb(127, 127, 127), palette::rgb(255, 255, 255)))
            .epsilon(0.02));
}

TEST_CASE("contrast: every interface text colour reads at 4.5:1 on its backgrounds", "[contrast]") {
  for (const palette::TextOnBackground& pair : palette::kTextPairs) {
    INFO(pair.what << ": " << contrast_ratio(pair.text, pair.background) << ":1");
    CHECK(contrast_ratio(pair.text, pair.background) >= kMinTextContrast);
  }
}

TEST_CASE("contrast: every plot text colour reads at 4.5:1 on the plot and legend backgrounds",
          "[contrast]") {
  const plot::PlotTheme& theme = plot::theme();
  // The legend box is translucent over the plot area (and over whatever is drawn there: white
  // where the text sits, or it would not read at all).
  const std::uint32_t legend = blend_over(theme.legend_background, theme.area_background);
  struct Named {
    const char* what;
    plot::Colour colour;
  };
  for (const Named text :
       {Named{"tick labels", theme.tick_label}, Named{"axis titles", theme.axis_label},
        Named{"hidden chain labels", theme.hidden_label}, Named{"notes", theme.note},
        Named{"foreground", theme.foreground}}) {
    for (const std::uint32_t background : {theme.area_background, legend}) {
      INFO(text.what << ": " << contrast_ratio(text.colour, background) << ":1");
      CHECK(contrast_ratio(text.colour, background) >= kMinTextContrast);
    }
  }
}

}  // namespace sgl

TEST_CASE("contrast: chain colours used as text are darkened until they read", "[contrast]") {
  const std::uint32_t white = 0xFFFFFFFFu;
  for (int slot = 0; slot < sgl::kChainPaletteSize; ++slot) {
    const std::uint32_t colour = sgl::chain_palette_colour(slot);
    const std::uint32_t text = sgl::readable_on(colour, white);
    INFO("palette slot " << slot);
    CHECK(sgl::contrast_ratio(text, white) >= sgl::kMinTextContrast);
    if (sgl::contrast_ratio(colour, white) >= sgl::kMinTextContrast) CHECK(text == colour);
  }
  // Sky blue (2.3:1) and the amber warning (1.9:1) the newcomer could not read.
  CHECK(sgl::contrast_ratio(sgl::chain_palette_colour(5), white) < sgl::kMinTextContrast);
  CHECK(sgl::contrast_ratio(sgl::readable_on(0xFF3CAAFFu, white), white) >= 4.5);
}
