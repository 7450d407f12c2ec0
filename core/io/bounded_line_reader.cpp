#include "core/io/bounded_line_reader.hpp"

#include <algorithm>
#include <cstring>

namespace sgl {
namespace {

// Bytes read per refill: large enough that the one memmove per refill (of a partial line) and
// the stream's per-call cost vanish, small enough to stay in the cache.
constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

}  // namespace

BoundedLineReader::BoundedLineReader(std::istream& in, std::size_t max_line_bytes,
                                     std::uint64_t max_total_bytes)
    : in_(in),
      max_line_bytes_(max_line_bytes),
      max_total_bytes_(max_total_bytes),
      // Room for a whole line of the maximum length plus a block behind it, so that a line that
      // is not too long always fits, and the padding after it.
      buffer_(max_line_bytes + kBlockBytes + 1 + kPadding, '\0') {}

bool BoundedLineReader::refill() {
  const std::size_t unread = filled_ - position_;
  std::memmove(buffer_.data(), buffer_.data() + position_, unread);
  position_ = 0;
  filled_ = unread;
  const std::size_t room = buffer_.size() - kPadding - filled_;
  in_.read(buffer_.data() + filled_, static_cast<std::streamsize>(std::min(room, kBlockBytes)));
  const auto got = static_cast<std::size_t>(in_.gcount());
  filled_ += got;
  total_bytes_ += got;
  std::fill_n(buffer_.data() + filled_, kPadding, '\0');
  return got > 0;
}

BoundedLineReader::Result BoundedLineReader::next(std::string_view& line) {
  std::size_t searched = position_;  // bytes before this one hold no '\n'
  while (true) {
    const void* newline = std::memchr(buffer_.data() + searched, '\n', filled_ - searched);
    std::size_t end =
        newline ? std::size_t(static_cast<const char*>(newline) - buffer_.data()) : filled_;
    if (end - position_ > max_line_bytes_) {
      ++line_number_;
      return Result::LineTooLong;
    }
    bool last = false;
    if (!newline) {
      if (total_bytes_ > max_total_bytes_) return Result::FileTooLarge;
      searched = filled_ - position_;
      if (refill()) continue;
      if (filled_ == 0) return Result::End;
      end = filled_;  // a last line without '\n'
      last = true;
    }
    line = std::string_view(buffer_.data() + position_, end - position_);
    position_ = last ? end : end + 1;
    break;
  }
  ++line_number_;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return Result::Line;
}

BoundedLineReader::Result BoundedLineReader::next(std::string& line) {
  std::string_view view;
  const Result result = next(view);
  line.assign(view);
  return result;
}

}  // namespace sgl
