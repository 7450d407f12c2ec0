// Recording the window frame by frame: as an animated GIF (gui --record FILE.gif, File → Record
// GIF…) or as numbered PNGs for video tools (gui --record-png-dir DIR). Frames are written as
// they come, so memory stays bounded however long the recording runs.
#pragma once

#include <memory>
#include <string>

#include "app/gui/export/screenshot.hpp"

namespace sgl {

class FrameRecorder {
 public:
  virtual ~FrameRecorder() = default;
  // Appends one frame (pixels as read_framebuffer returns them). False, with a one-line reason,
  // if it cannot be written; the recorder is then unusable and its destructor cleans up.
  virtual bool add_frame(const RgbImage& image, std::string& error) = 0;
  // Completes the file(s). Without a successful finish, the destructor removes what was written
  // so far: nothing half-written is left behind.
  virtual bool finish(std::string& error) = 0;
  virtual int frame_count() const = 0;
  // Where the recording goes (the GIF file or the PNG folder), for messages.
  virtual const std::string& destination() const = 0;
  // Whether the window's first, settling frames are recorded as copies of the first settled one
  // (gui_main.cpp): a looping GIF shows its first frame at every loop. A PNG sequence keeps
  // every frame as drawn (video tools cut as they like; tests match PNG n to status frame n − 1).
  virtual bool replaces_settling_frames() const { return false; }
};

// The GIF is written to a temporary name beside `path` and renamed to `path` by finish().
// nullptr, with a one-line reason, if that file cannot be created.
std::unique_ptr<FrameRecorder> open_gif_recorder(const std::string& path, std::string& error);
// Creates `directory` if needed and checks that it is writable; frames go to frame-00001.png, …
std::unique_ptr<FrameRecorder> open_png_sequence(const std::string& directory, std::string& error);

}  // namespace sgl
