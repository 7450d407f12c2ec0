// Rows of the Controls that come and go (a chain's verdict, "Forget draws", the stop offer, a
// divergence count) must never move the widgets under the pointer while one is held: a slider
// dragged past a stability limit would otherwise slide away mid-drag and the release land on
// another control (issue 24's slider findings). While any item is held, a block keeps what it
// had when the hold began: hidden blocks stay hidden until the release, shown ones keep their
// height (padded when the content shrinks or goes, clipped when it grows: nothing else can be
// hovered while an item is held, so what is clipped is only hidden until the release).
#pragma once

#include <map>
#include <string>

namespace sgl {

class HeldLayout {
 public:
  // At the start of the panel's frame: whether an item is held (ImGui's active item, which
  // persists from the frame that pressed it).
  void begin_frame();
  bool held() const { return held_; }
  // Whether to draw block `id` now, given whether it `wants` to be shown; when true, draw it
  // and call end_block(id).
  bool begin_block(const std::string& id, bool wants);
  void end_block(const std::string& id);

 private:
  struct Block {
    bool shown = false;
    float height = 0.0f;
    float start_y = 0.0f;  // this frame's cursor before the block
    bool clipped = false;  // drawn held, inside a clip rectangle of its height
  };
  std::map<std::string, Block> blocks_;
  bool held_ = false;
};

}  // namespace sgl
