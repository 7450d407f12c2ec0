#include "core/io/idx_file.hpp"

#include <zlib.h>

#include <array>
#include <memory>

#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

constexpr std::int64_t kMaxBytes = std::int64_t{1} << 32;  // 4 GiB: far above any IDX data set

struct GzCloser {
  void operator()(gzFile file) const { gzclose(file); }
};
using GzHandle = std::unique_ptr<std::remove_pointer_t<gzFile>, GzCloser>;

GzHandle open_gz(const std::string& path) {
  GzHandle file(gzopen(path.c_str(), "rb"));
  if (!file) throw UserError("data file '" + excerpt(path) + "' cannot be opened");
  return file;
}

// Reads exactly `count` bytes; false at a short read.
bool read_exact(gzFile file, void* into, std::int64_t count) {
  auto* bytes = static_cast<unsigned char*>(into);
  while (count > 0) {
    const unsigned chunk = static_cast<unsigned>(std::min<std::int64_t>(count, 1 << 30));
    const int got = gzread(file, bytes, chunk);
    if (got <= 0) return false;
    bytes += got;
    count -= got;
  }
  return true;
}

}  // namespace

bool is_idx_file(const std::string& path) {
  GzHandle file(gzopen(path.c_str(), "rb"));
  if (!file) return false;
  std::array<unsigned char, 4> magic{};
  if (!read_exact(file.get(), magic.data(), 4)) return false;
  return magic[0] == 0 && magic[1] == 0 && magic[2] == 0x08 && magic[3] >= 1 && magic[3] <= 4;
}

IdxArray read_idx(const std::string& path, std::int64_t max_items) {
  const std::string where = "data file '" + excerpt(path) + "'";
  GzHandle file = open_gz(path);
  std::array<unsigned char, 4> magic{};
  if (!read_exact(file.get(), magic.data(), 4) || magic[0] != 0 || magic[1] != 0)
    throw UserError(where + " is not an IDX file (no IDX magic number)");
  if (magic[2] != 0x08)
    throw UserError(where + ": only unsigned-byte IDX data (type 0x08) are read, this is type " +
                    std::to_string(magic[2]));
  const int dims = magic[3];
  if (dims < 1 || dims > 4)
    throw UserError(where + ": an IDX file with " + std::to_string(dims) +
                    " dimensions is not read (1 to 4)");
  IdxArray array;
  std::int64_t total = 1;
  for (int d = 0; d < dims; ++d) {
    std::array<unsigned char, 4> size{};
    if (!read_exact(file.get(), size.data(), 4)) throw UserError(where + ": truncated IDX header");
    const std::int64_t n = (std::int64_t{size[0]} << 24) | (std::int64_t{size[1]} << 16) |
                           (std::int64_t{size[2]} << 8) | std::int64_t{size[3]};
    array.shape.push_back(d == 0 && max_items > 0 ? std::min(n, max_items) : n);
    total *= std::max<std::int64_t>(array.shape.back(), 1);
    if (n < 1 || total > kMaxBytes) throw UserError(where + ": implausible IDX dimensions");
  }
  array.values.resize(static_cast<std::size_t>(total));
  if (!read_exact(file.get(), array.values.data(), total))
    throw UserError(where + ": truncated IDX data (fewer values than its header gives)");
  return array;
}

std::string idx_labels_path(const std::string& images_path) {
  const std::string from = "-images-idx3-ubyte", to = "-labels-idx1-ubyte";
  const auto at = images_path.rfind(from);
  if (at == std::string::npos) return "";
  return images_path.substr(0, at) + to + images_path.substr(at + from.size());
}

}  // namespace sgl
