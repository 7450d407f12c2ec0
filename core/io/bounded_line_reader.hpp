// Reads a stream line by line without ever holding more than one bounded line: std::getline
// would keep growing its string on a file without newlines (/dev/zero) until memory runs out.
// Lines are handed out as views into one block buffer (no copy per line), which the CSV reader
// parses in place at hundreds of MB/s.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace sgl {

class BoundedLineReader {
 public:
  // Bytes after the end of every line view that may be read (they belong to the buffer), so that
  // a parser can load 8 bytes at a time; the byte at the end itself is '\n', '\r' or 0.
  static constexpr std::size_t kPadding = 16;

  BoundedLineReader(std::istream& in, std::size_t max_line_bytes, std::uint64_t max_total_bytes);

  enum class Result { Line, End, LineTooLong, FileTooLarge };

  // The next line (without '\n' and a trailing '\r'), End at the end of the stream, or which
  // limit the stream broke. After a limit the reader must not be used any more. The view stays
  // valid until the next call.
  Result next(std::string_view& line);
  // The same, copied.
  Result next(std::string& line);

  std::int64_t line_number() const { return line_number_; }  // 1-based, of the last line read

 private:
  // Moves the unread bytes to the front and reads more behind them; false at the end.
  bool refill();

  std::istream& in_;
  std::size_t max_line_bytes_;
  std::uint64_t max_total_bytes_;
  std::vector<char> buffer_;
  std::size_t position_ = 0;  // first unread byte
  std::size_t filled_ = 0;    // end of the bytes read
  std::uint64_t total_bytes_ = 0;
  std::int64_t line_number_ = 0;
};

}  // namespace sgl
