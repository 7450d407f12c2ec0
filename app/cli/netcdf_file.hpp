// A netCDF-4 file being written (Debian's libnetcdf-dev, the C library): groups, dimensions,
// variables and attributes, every call checked, failures thrown as one-line UserErrors naming
// the file. Only what draws.nc needs (inference_data_writer.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sgl {

class NetcdfFile {
 public:
  // Creates (or truncates) `path` as a netCDF-4 (HDF5) file.
  explicit NetcdfFile(std::string path);
  ~NetcdfFile();
  NetcdfFile(const NetcdfFile&) = delete;
  NetcdfFile& operator=(const NetcdfFile&) = delete;

  int root() const { return id_; }
  int add_group(int parent, const std::string& name);
  int add_dimension(int group, const std::string& name, std::size_t length);

  // Variables over the given dimensions; `put_*` writes all of a variable's values at once
  // (row-major, last dimension fastest).
  int add_double_variable(int group, const std::string& name, const std::vector<int>& dims);
  int add_int64_variable(int group, const std::string& name, const std::vector<int>& dims);
  int add_byte_variable(int group, const std::string& name, const std::vector<int>& dims);
  void put(int group, int variable, const std::vector<double>& values);
  void put(int group, int variable, const std::vector<std::int64_t>& values);
  void put(int group, int variable, const std::vector<signed char>& values);

  // Text attribute of a variable, or of the group itself with kGroupAttribute.
  static constexpr int kGroupAttribute = -1;  // NC_GLOBAL
  void set_text(int group, int variable, const std::string& name, const std::string& value);
  void set_int64(int group, int variable, const std::string& name, std::int64_t value);

  // Flushes and closes; a full disk shows up here. The destructor closes without checking.
  void close();

 private:
  void check(int status, const std::string& what) const;
  int add_variable(int group, const std::string& name, int type, const std::vector<int>& dims);

  std::string path_;
  int id_ = -1;
  bool open_ = false;
};

// A valid netCDF name for `wanted` (a coordinate name from a data file's header may hold '/', a
// control character or a leading symbol), unique among `taken` (which it is added to).
std::string netcdf_name(const std::string& wanted, std::vector<std::string>& taken);

}  // namespace sgl
