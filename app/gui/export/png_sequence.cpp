// The numbered PNG sequence for video tools (ffmpeg -i frame-%05d.png …), through the same PNG
// writer as screenshots and File → Export.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "app/gui/export/frame_recorder.hpp"

namespace sgl {
namespace {

class PngSequence final : public FrameRecorder {
 public:
  explicit PngSequence(std::string directory) : directory_(std::move(directory)) {}

  bool add_frame(const RgbImage& image, std::string& error) override {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%05d.png", frames_ + 1);
    const std::filesystem::path path = std::filesystem::path(directory_) / name;
    // Written under a temporary name first, so a failure never leaves a truncated PNG.
    const std::filesystem::path temp_path = path.string() + ".partial";
    std::error_code code;
    if (!write_png(temp_path.string(), image, error)) {
      std::filesystem::remove(temp_path, code);
      error = "cannot write " + path.string();
      return false;
    }
    std::filesystem::rename(temp_path, path, code);
    if (code) {
      std::filesystem::remove(temp_path, code);
      error = "cannot write " + path.string();
      return false;
    }
    ++frames_;
    return true;
  }

  bool finish(std::string& error) override {
    remove_frames_after(frames_);
    if (frames_ == 0) {
      error = "no frames were recorded into " + directory_;
      return false;
    }
    return true;
  }

  int frame_count() const override { return frames_; }
  const std::string& destination() const override { return directory_; }

 private:
  // An earlier, longer recording into the same folder must not leave its frames after ours
  // (frame-00004.png … of an 8-frame recording after a 3-frame one).
  void remove_frames_after(int last) const {
    std::error_code code;
    for (std::filesystem::directory_iterator it(directory_, code), end; !code && it != end;
         it.increment(code)) {
      const std::string name = it->path().filename().string();
      int number = 0;
      char tail = 0;
      if (name.size() == 15 && std::sscanf(name.c_str(), "frame-%5d.pn%c", &number, &tail) == 2 &&
          tail == 'g' && number > last) {
        std::error_code ignored;
        std::filesystem::remove(it->path(), ignored);
      }
    }
  }

  std::string directory_;
  int frames_ = 0;
};

}  // namespace

std::unique_ptr<FrameRecorder> open_png_sequence(const std::string& directory, std::string& error) {
  std::error_code code;
  std::filesystem::create_directories(directory, code);
  // Checked by writing a file: permissions alone do not tell (read-only mounts, root).
  const std::filesystem::path probe = std::filesystem::path(directory) / ".sgl-write-check";
  bool writable = false;
  if (!code && std::filesystem::is_directory(directory, code)) {
    writable = static_cast<bool>(std::ofstream(probe) << "ok");
    std::filesystem::remove(probe, code);
  }
  if (!writable) {
    error = "cannot write to " + directory;
    return nullptr;
  }
  return std::make_unique<PngSequence>(directory);
}

}  // namespace sgl
