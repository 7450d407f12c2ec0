// Checks a GUI screenshot against the panel rectangles the app wrote to its status file: every
// view panel must contain drawn content (plot pixels), not just its background.
// Usage: check_screenshot SCREENSHOT.png STATUS.txt
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: check_screenshot SCREENSHOT.png STATUS.txt\n");
    return 2;
  }
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(argv[1], &width, &height, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  std::ifstream status(argv[2]);
  std::string line;
  int panels = 0, failures = 0;
  long steps = -1;
  while (std::getline(status, line)) {
    std::istringstream fields(line);
    std::string kind, name;
    fields >> kind;
    if (kind == "steps") fields >> steps;
    if (kind != "rect") continue;
    // "rect NAME X Y W H", where NAME may hold spaces ("panel/Phase space"): the rectangle is the
    // last four fields.
    std::vector<std::string> words;
    for (std::string word; fields >> word;) words.push_back(word);
    if (words.size() < 5) continue;
    const std::size_t n = words.size();
    name = words[0];
    for (std::size_t i = 1; i + 4 < n; ++i) name += " " + words[i];
    const float x = std::stof(words[n - 4]), y = std::stof(words[n - 3]);
    const float w = std::stof(words[n - 2]), h = std::stof(words[n - 1]);
    if (name.rfind("panel/", 0) != 0) continue;
    // The chain legend strip is a row of labels, not a view with a title bar and plot.
    if (name == "panel/Chains") continue;
    ++panels;
    // Skip the title bar (~1.5 font heights) and borders; look at the content area.
    const int x0 = int(x) + 4, x1 = int(x + w) - 4, y0 = int(y) + 36, y1 = int(y + h) - 4;
    std::map<unsigned, long> histogram;
    long total = 0;
    for (int py = std::max(0, y0); py < std::min(height, y1); ++py)
      for (int px = std::max(0, x0); px < std::min(width, x1); ++px) {
        const unsigned char* p = pixels + 3 * (py * width + px);
        ++histogram[(unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2]];
        ++total;
      }
    long background = 0;
    for (const auto& [colour, count] : histogram) background = std::max(background, count);
    const double drawn = total > 0 ? 1.0 - double(background) / double(total) : 0.0;
    const bool ok = total > 0 && drawn > 0.02 && histogram.size() >= 12;
    std::printf("%-28s %5.1f%% drawn, %5zu colours  %s\n", name.c_str(), 100 * drawn,
                histogram.size(), ok ? "ok" : "EMPTY");
    if (!ok) ++failures;
  }
  stbi_image_free(pixels);
  if (panels < 8) {
    std::fprintf(stderr, "expected 8 panels in the status file, found %d\n", panels);
    return 1;
  }
  if (steps <= 0) {
    std::fprintf(stderr, "no steps were taken (steps = %ld)\n", steps);
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
