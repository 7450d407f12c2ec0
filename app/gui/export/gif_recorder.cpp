// The animated GIF recorder on giflib. Each frame writes only the box of pixels that changed,
// unchanged pixels in it transparent, with a palette kept while it serves (gif_delta.hpp); it is
// written as the frame's local colour map, so a palette chosen anew (a colour map switched on)
// never recolours what earlier frames left on screen.
#include <gif_lib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <system_error>
#include <vector>

#include "app/gui/export/frame_recorder.hpp"
#include "app/gui/export/gif_delta.hpp"

namespace sgl {
namespace {

using Clock = std::chrono::steady_clock;

// Wider windows are scaled down (nearest pixel, so colours stay exact) to keep files small.
constexpr int kMaxGifWidth = 1920;
// Viewers treat delays under 2 centiseconds as 10; frames faster than 50 per second slow down.
constexpr int kMinDelayCentiseconds = 2;

// Nearest-pixel resampling to width × height: every output pixel is one input pixel.
RgbImage resample(const RgbImage& image, int width, int height) {
  if (image.width == width && image.height == height) return image;
  RgbImage out;
  out.width = width;
  out.height = height;
  out.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  for (int y = 0; y < height; ++y) {
    const int from_y =
        std::min(image.height - 1, static_cast<int>(static_cast<long>(y) * image.height / height));
    for (int x = 0; x < width; ++x) {
      const int from_x =
          std::min(image.width - 1, static_cast<int>(static_cast<long>(x) * image.width / width));
      const unsigned char* from = image.pixels.data() + (static_cast<std::size_t>(from_y) *
                                                             static_cast<std::size_t>(image.width) +
                                                         static_cast<std::size_t>(from_x)) *
                                                            3;
      std::copy(from, from + 3,
                out.pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                                     static_cast<std::size_t>(x)) *
                                        3);
    }
  }
  return out;
}

class GifRecorder final : public FrameRecorder {
 public:
  GifRecorder(std::string path, std::string temp_path, GifFileType* gif)
      : path_(std::move(path)), temp_path_(std::move(temp_path)), gif_(gif) {}

  ~GifRecorder() override {
    if (gif_ != nullptr) {
      EGifCloseFile(gif_, nullptr);
      std::error_code ignored;
      std::filesystem::remove(temp_path_, ignored);
    }
  }

  bool add_frame(const RgbImage& image, std::string& error) override {
    if (gif_ == nullptr) return fail("the recording was already closed", error);
    if (image.width <= 0 || image.height <= 0) return fail("the window has no pixels", error);
    const Clock::time_point now = Clock::now();
    if (width_ == 0) {
      // The first frame fixes the size; later frames (after a resize) are resampled to it.
      const int scale_down = (image.width + kMaxGifWidth - 1) / kMaxGifWidth;
      width_ = image.width / scale_down;
      height_ = std::max(1, image.height / scale_down);
      if (EGifPutScreenDesc(gif_, width_, height_, 8, 0, nullptr) == GIF_ERROR ||
          !put_loop_forever())
        return fail_gif(error);
    }
    // A frame is written when the next one arrives, shown until then. Delays are whole
    // centiseconds: each is the real time since the recording began, rounded, minus what the
    // frames before it already take, so rounding never accumulates and the GIF keeps the
    // window's clock (rounding each interval alone made 16.7 ms frames alternate between 1 and
    // 2 cs and drift).
    if (pending_) {
      if (!write(*pending_, delay_until(now), error)) return false;
    } else {
      started_ = now;
    }
    pending_ = resample(image, width_, height_);
    return true;
  }

  bool finish(std::string& error) override {
    if (gif_ == nullptr) return fail("the recording was already closed", error);
    if (!pending_) return fail("no frames were recorded", error);
    // The last frame has no successor; it shows as long as the average frame did.
    const int last_delay = frames_written_ > 0 ? total_delay_ / frames_written_ : 10;
    if (!write(*pending_, last_delay, error)) return false;
    pending_.reset();
    int code = 0;
    const int status = EGifCloseFile(gif_, &code);
    gif_ = nullptr;
    std::error_code rename_error;
    if (status == GIF_ERROR) {
      std::filesystem::remove(temp_path_, rename_error);
      error = "cannot write " + path_ + ": " + GifErrorString(code);
      return false;
    }
    // giflib creates the file private (0600); a recording is an ordinary file, as exports are.
    std::filesystem::permissions(
        temp_path_,
        std::filesystem::perms::owner_read | std::filesystem::perms::owner_write |
            std::filesystem::perms::group_read | std::filesystem::perms::others_read,
        rename_error);
    std::filesystem::rename(temp_path_, path_, rename_error);
    if (rename_error) {
      std::filesystem::remove(temp_path_, rename_error);
      error = "cannot write " + path_;
      return false;
    }
    return true;
  }

  int frame_count() const override { return frames_written_ + (pending_ ? 1 : 0); }
  bool replaces_settling_frames() const override { return true; }
  const std::string& destination() const override { return path_; }

 private:
  // The delay that ends the pending frame at `now` on the recording's timeline (at least the
  // viewers' minimum: frames faster than that play slower, and the frames after them are
  // shortened until the GIF is back on the window's clock).
  int delay_until(Clock::time_point now) const {
    const double seconds = std::chrono::duration<double>(now - started_).count();
    const long target = std::lround(seconds * 100.0);
    return static_cast<int>(std::clamp<long>(target - total_delay_, kMinDelayCentiseconds, 65535));
  }

  // The NETSCAPE2.0 application extension with a loop count of 0: play forever.
  bool put_loop_forever() {
    static const GifByteType kApplication[] = {'N', 'E', 'T', 'S', 'C', 'A',
                                               'P', 'E', '2', '.', '0'};
    static const GifByteType kLoopForever[] = {1, 0, 0};
    return EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR &&
           EGifPutExtensionBlock(gif_, sizeof kApplication, kApplication) != GIF_ERROR &&
           EGifPutExtensionBlock(gif_, sizeof kLoopForever, kLoopForever) != GIF_ERROR &&
           EGifPutExtensionTrailer(gif_) != GIF_ERROR;
  }

  bool write(const RgbImage& image, int delay, std::string& error) {
    GifDelta delta = encoder_.next(image);
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT;  // the next frame draws over this one
    control.UserInputFlag = false;
    control.DelayTime = delay;
    control.TransparentColor = GifDeltaEncoder::kTransparentIndex;
    GifByteType control_bytes[4];
    const std::size_t control_length = EGifGCBToExtension(&control, control_bytes);
    // giflib wants a power-of-two map; unused entries (and the transparent one) stay black.
    ColorMapObject* map = GifMakeMapObject(256, nullptr);
    if (map == nullptr) return fail("out of memory", error);
    const std::vector<PackedRgb>& palette = encoder_.palette();
    for (std::size_t entry = 0; entry < palette.size(); ++entry) {
      const PackedRgb colour = palette[entry];
      map->Colors[entry] = GifColorType{static_cast<GifByteType>(colour >> 16),
                                        static_cast<GifByteType>((colour >> 8) & 0xFF),
                                        static_cast<GifByteType>(colour & 0xFF)};
    }
    const bool written =
        EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(control_length),
                         control_bytes) != GIF_ERROR &&
        EGifPutImageDesc(gif_, delta.left, delta.top, delta.width, delta.height, false, map) !=
            GIF_ERROR &&
        EGifPutLine(gif_, delta.indices.data(), static_cast<int>(delta.indices.size())) !=
            GIF_ERROR;
    GifFreeMapObject(map);
    if (!written) return fail_gif(error);
    ++frames_written_;
    total_delay_ += delay;
    return true;
  }

  bool fail_gif(std::string& error) {
    return fail(std::string("GIF encoder: ") + GifErrorString(gif_->Error), error);
  }

  bool fail(const std::string& reason, std::string& error) {
    error = "cannot record " + path_ + ": " + reason;
    if (gif_ != nullptr) {
      EGifCloseFile(gif_, nullptr);
      gif_ = nullptr;
      std::error_code ignored;
      std::filesystem::remove(temp_path_, ignored);
    }
    return false;
  }

  std::string path_, temp_path_;
  GifFileType* gif_;
  int width_ = 0, height_ = 0;
  GifDeltaEncoder encoder_;
  std::optional<RgbImage> pending_;
  Clock::time_point started_;  // when the first frame arrived
  int frames_written_ = 0;
  int total_delay_ = 0;
};

}  // namespace

std::unique_ptr<FrameRecorder> open_gif_recorder(const std::string& path, std::string& error) {
  // Refused before the first frame: the rename at the end would fail and lose the recording.
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    error = path + " is a folder: give a file name, such as " + path + "/window.gif";
    return nullptr;
  }
  const std::string temp_path = path + ".partial";
  int code = 0;
  GifFileType* gif = EGifOpenFileName(temp_path.c_str(), false, &code);
  if (gif == nullptr) {
    error = "cannot write " + path;
    return nullptr;
  }
  EGifSetGifVersion(gif, true);  // GIF89a: needed for delays and the loop extension
  return std::make_unique<GifRecorder>(path, temp_path, gif);
}

}  // namespace sgl
