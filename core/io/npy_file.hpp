// Reading NumPy .npy files (format versions 1 to 3): a 2-D array of little-endian float64 or
// float32, C or Fortran order, as `np.save` writes it. The header is a Python dict literal
// ({'descr': '<f8', 'fortran_order': False, 'shape': (n, c), }); nothing else of Python's syntax
// is accepted. The data are read in large blocks straight into the caller's storage, so loading
// runs at disk speed and needs no second copy. Every malformed file gives one line naming it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sgl {

struct NpyHeader {
  bool float32 = false;        // '<f4' (else '<f8')
  bool fortran_order = false;  // column-major on disk
  std::int64_t rows = 0;
  std::int64_t columns = 0;
  std::uint64_t data_offset = 0;  // bytes before the first value
};

// Whether `path` names a .npy file (by its extension).
bool is_npy_path(const std::string& path);

// Reads and checks the header; throws UserError (one line) for a file that is not a 2-D
// little-endian float64/float32 array or is shorter than its shape says.
NpyHeader read_npy_header(const std::string& path);

// The column names of FILE.npy from its sidecar FILE.columns.txt: one name per line (blank lines
// and a trailing '\r' ignored), as many as the array has columns, each a clean unique name.
std::vector<std::string> read_npy_column_names(const std::string& npy_path, std::int64_t columns);
std::string npy_columns_path(const std::string& npy_path);

// The bytes np.save writes before the values of a C-order float64 array of rows × columns
// (format 1.0, header padded to a multiple of 64): for writers of test and bench data sets.
std::string npy_float64_header(std::int64_t rows, std::int64_t columns);

// Streams the values as float64: `block(first, count, values)` receives `count` consecutive
// values starting at flat index `first` in the file's order (row-major for C order, column-major
// for Fortran order). Throws UserError if the file cannot be read to the end.
void read_npy_values(
    const std::string& path, const NpyHeader& header,
    const std::function<void(std::uint64_t first, std::size_t count, const double* values)>& block);

}  // namespace sgl
