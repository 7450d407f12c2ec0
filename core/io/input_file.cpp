#include "core/io/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace sgl {

InputFile::InputFile(const std::string& path) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) {
    stream_.setstate(std::ios::failbit);
    return;
  }
  // Non-blocking only for the open: reads wait for a pipe's writer as any reader does.
  const int flags = ::fcntl(fd_, F_GETFL);
  if (flags >= 0) ::fcntl(fd_, F_SETFL, flags & ~O_NONBLOCK);
  struct stat info {};
  pipe_ = ::fstat(fd_, &info) == 0 && (S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode));
  buffer_ = std::make_unique<Buffer>(fd_);
  stream_.rdbuf(buffer_.get());
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

InputFile::Buffer::int_type InputFile::Buffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  ssize_t got = 0;
  do {
    got = ::read(fd_, data_, sizeof data_);
  } while (got < 0 && errno == EINTR);
  if (got <= 0) return traits_type::eof();  // end, or an error the reader reports as a short file
  setg(data_, data_, data_ + got);
  return traits_type::to_int_type(*gptr());
}

}  // namespace sgl
