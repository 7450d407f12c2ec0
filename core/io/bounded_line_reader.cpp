#include "core/io/bounded_line_reader.hpp"

#include <algorithm>
#include <cstring>

namespace sgl {

bool BoundedLineReader::refill() {
  in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  filled_ = static_cast<std::size_t>(in_.gcount());
  position_ = 0;
  total_bytes_ += filled_;
  return filled_ > 0;
}

BoundedLineReader::Result BoundedLineReader::next(std::string& line) {
  line.clear();
  bool read_anything = false;
  while (true) {
    if (position_ == filled_) {
      if (total_bytes_ > max_total_bytes_) return Result::FileTooLarge;
      if (!refill()) {
        if (!read_anything) return Result::End;
        break;  // a last line without '\n'
      }
    }
    read_anything = true;
    const char* begin = buffer_.data() + position_;
    const std::size_t available = filled_ - position_;
    const void* newline = std::memchr(begin, '\n', available);
    const std::size_t length =
        newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - begin) : available;
    if (line.size() + length > max_line_bytes_) {
      ++line_number_;
      return Result::LineTooLong;
    }
    line.append(begin, length);
    position_ += length;
    if (newline) {
      ++position_;
      break;
    }
  }
  ++line_number_;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return Result::Line;
}

}  // namespace sgl
