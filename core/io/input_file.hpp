// A file opened for reading that never blocks in open(): std::ifstream on a named pipe (FIFO)
// with no writer waits in open() for ever, and a signal then cannot end the program cleanly
// (issue 26). Opened with O_NONBLOCK, a FIFO without a writer reads as empty at once; a pipe
// that has a writer (`--data <(zcat data.csv.gz)`) is read as before, waiting for its data.
#pragma once

#include <istream>
#include <memory>
#include <streambuf>
#include <string>

namespace sgl {

class InputFile {
 public:
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  bool is_open() const { return fd_ >= 0; }
  // A FIFO or socket: an empty read then means "no writer", which messages can say.
  bool is_pipe() const { return pipe_; }
  std::istream& stream() { return stream_; }

 private:
  class Buffer : public std::streambuf {
   public:
    explicit Buffer(int fd) : fd_(fd) {}

   protected:
    int_type underflow() override;

   private:
    int fd_;
    char data_[1 << 16];
  };

  int fd_ = -1;
  bool pipe_ = false;
  std::unique_ptr<Buffer> buffer_;
  std::istream stream_{nullptr};
};

}  // namespace sgl
