// Reads a stream line by line without ever holding more than one bounded line: std::getline
// would keep growing its string on a file without newlines (/dev/zero) until memory runs out.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

namespace sgl {

class BoundedLineReader {
 public:
  BoundedLineReader(std::istream& in, std::size_t max_line_bytes, std::uint64_t max_total_bytes)
      : in_(in), max_line_bytes_(max_line_bytes), max_total_bytes_(max_total_bytes) {}

  enum class Result { Line, End, LineTooLong, FileTooLarge };

  // The next line (without '\n' and a trailing '\r'), End at the end of the stream, or which
  // limit the stream broke. After a limit the reader must not be used any more.
  Result next(std::string& line);

  std::int64_t line_number() const { return line_number_; }  // 1-based, of the last line read

 private:
  bool refill();

  std::istream& in_;
  std::size_t max_line_bytes_;
  std::uint64_t max_total_bytes_;
  std::vector<char> buffer_ = std::vector<char>(std::size_t{1} << 16);
  std::size_t position_ = 0;
  std::size_t filled_ = 0;
  std::uint64_t total_bytes_ = 0;
  std::int64_t line_number_ = 0;
};

}  // namespace sgl
