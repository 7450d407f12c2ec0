// Labels that must not collide (the true heights written above histogram bars cut at the cap):
// each box keeps its x and moves down below any earlier box it would overlap. Pure arithmetic in
// pixels (y down), unit-tested.
#pragma once

#include <cstddef>
#include <vector>

namespace sgl {

struct LabelBox {
  float x = 0, y = 0, w = 0, h = 0;  // top-left corner and size
};

inline bool boxes_overlap(const LabelBox& a, const LabelBox& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// In order, moves each box down just below an earlier box it overlaps (by `gap`), until it
// overlaps none; the first box never moves.
inline void stack_labels(std::vector<LabelBox>& boxes, float gap) {
  for (std::size_t i = 1; i < boxes.size(); ++i) {
    for (bool moved = true; moved;) {
      moved = false;
      for (std::size_t j = 0; j < i; ++j) {
        if (!boxes_overlap(boxes[i], boxes[j])) continue;
        boxes[i].y = boxes[j].y + boxes[j].h + gap;
        moved = true;
      }
    }
  }
}

}  // namespace sgl
