// IDX files (the MNIST and Fashion-MNIST format: a big-endian header, then unsigned bytes),
// gzip-compressed or not (zlib's gzread reads both). Only the unsigned-byte type (0x08) is read:
// images (3 dimensions: count × rows × columns) and labels (1 dimension).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sgl {

struct IdxArray {
  std::vector<std::int64_t> shape;   // e.g. {60000, 28, 28} or {60000}
  std::vector<std::uint8_t> values;  // row-major, product(shape) bytes
};

// True when the file (after gunzip) starts with an IDX unsigned-byte magic number (0, 0, 8, d).
bool is_idx_file(const std::string& path);

// Reads the whole array; at most `max_items` along the first dimension (0: all). Throws
// UserError (one line) for a missing, truncated or malformed file.
IdxArray read_idx(const std::string& path, std::int64_t max_items = 0);

// The labels file that goes with an images file by the MNIST naming: "…-images-idx3-ubyte[.gz]"
// → "…-labels-idx1-ubyte[.gz]"; empty when the name does not follow it.
std::string idx_labels_path(const std::string& images_path);

}  // namespace sgl
