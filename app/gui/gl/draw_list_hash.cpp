#include "app/gui/gl/draw_list_hash.hpp"

#include <imgui.h>

#include <cstdint>
#include <cstring>

#include "app/gui/gl/texture_generation.hpp"

namespace sgl::gl {
namespace {

// Eight bytes per multiply (a fast non-cryptographic mix): the window hashes a few hundred
// kilobytes of vertices per frame, so a byte-at-a-time hash would show in the frame time.
class Hasher {
 public:
  explicit Hasher(std::uint64_t seed) : state_(seed ^ 0x9E3779B97F4A7C15ull) {}

  void add_bytes(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    std::size_t k = 0;
    for (; k + 8 <= size; k += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes + k, 8);
      add(word);
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, bytes + k, size - k);
    add(tail ^ (static_cast<std::uint64_t>(size) << 56));
  }

  void add(std::uint64_t word) {
    state_ = (state_ ^ word) * 0xFF51AFD7ED558CCDull;
    state_ ^= state_ >> 32;
  }

  std::uint64_t value() const { return state_; }

 private:
  std::uint64_t state_;
};

}  // namespace

std::uint64_t draw_list_hash(const ImDrawList& list) {
  Hasher hasher(0);
  hasher.add_bytes(list.VtxBuffer.Data, sizeof(ImDrawVert) * std::size_t(list.VtxBuffer.Size));
  hasher.add_bytes(list.IdxBuffer.Data, sizeof(ImDrawIdx) * std::size_t(list.IdxBuffer.Size));
  for (const ImDrawCmd& command : list.CmdBuffer) {
    if (command.UserCallback != nullptr) {
      hasher.add(reinterpret_cast<std::uintptr_t>(command.UserCallback));
      continue;
    }
    hasher.add_bytes(&command.ClipRect, sizeof command.ClipRect);
    const auto texture =
        static_cast<unsigned int>(reinterpret_cast<std::uintptr_t>(command.TextureId));
    hasher.add(texture);
    hasher.add(texture_generation(texture));
    hasher.add((static_cast<std::uint64_t>(command.VtxOffset) << 32) | command.IdxOffset);
    hasher.add(command.ElemCount);
  }
  return hasher.value();
}

}  // namespace sgl::gl
