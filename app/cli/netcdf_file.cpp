#include "app/cli/netcdf_file.hpp"

#include <netcdf.h>

#include <algorithm>

#include "core/util/error.hpp"

namespace sgl {

NetcdfFile::NetcdfFile(std::string path) : path_(std::move(path)) {
  check(nc_create(path_.c_str(), NC_NETCDF4 | NC_CLOBBER, &id_), "create");
  open_ = true;
}

NetcdfFile::~NetcdfFile() {
  if (open_) nc_close(id_);
}

void NetcdfFile::check(int status, const std::string& what) const {
  if (status != NC_NOERR)
    throw UserError("cannot write " + path_ + " (" + what + "): " + nc_strerror(status));
}

int NetcdfFile::add_group(int parent, const std::string& name) {
  int group = -1;
  check(nc_def_grp(parent, name.c_str(), &group), "group " + name);
  return group;
}

int NetcdfFile::add_dimension(int group, const std::string& name, std::size_t length) {
  // Length 0 would declare an unlimited dimension; callers never write empty groups.
  int dimension = -1;
  check(nc_def_dim(group, name.c_str(), std::max<std::size_t>(length, 1), &dimension),
        "dimension " + name);
  return dimension;
}

int NetcdfFile::add_variable(int group, const std::string& name, int type,
                             const std::vector<int>& dims) {
  int variable = -1;
  check(
      nc_def_var(group, name.c_str(), type, static_cast<int>(dims.size()), dims.data(), &variable),
      "variable " + name);
  return variable;
}

int NetcdfFile::add_double_variable(int group, const std::string& name,
                                    const std::vector<int>& dims) {
  return add_variable(group, name, NC_DOUBLE, dims);
}

int NetcdfFile::add_int64_variable(int group, const std::string& name,
                                   const std::vector<int>& dims) {
  return add_variable(group, name, NC_INT64, dims);
}

int NetcdfFile::add_byte_variable(int group, const std::string& name,
                                  const std::vector<int>& dims) {
  return add_variable(group, name, NC_BYTE, dims);
}

void NetcdfFile::put(int group, int variable, const std::vector<double>& values) {
  check(nc_put_var_double(group, variable, values.data()), "values");
}

void NetcdfFile::put(int group, int variable, const std::vector<std::int64_t>& values) {
  static_assert(sizeof(long long) == sizeof(std::int64_t));
  check(nc_put_var_longlong(group, variable, reinterpret_cast<const long long*>(values.data())),
        "values");
}

void NetcdfFile::put(int group, int variable, const std::vector<signed char>& values) {
  check(nc_put_var_schar(group, variable, values.data()), "values");
}

void NetcdfFile::set_text(int group, int variable, const std::string& name,
                          const std::string& value) {
  check(nc_put_att_text(group, variable == kGroupAttribute ? NC_GLOBAL : variable, name.c_str(),
                        value.size(), value.data()),
        "attribute " + name);
}

void NetcdfFile::set_int64(int group, int variable, const std::string& name, std::int64_t value) {
  const long long stored = value;
  check(nc_put_att_longlong(group, variable == kGroupAttribute ? NC_GLOBAL : variable, name.c_str(),
                            NC_INT64, 1, &stored),
        "attribute " + name);
}

void NetcdfFile::close() {
  if (!open_) return;
  open_ = false;
  check(nc_close(id_), "close");
}

std::string netcdf_name(const std::string& wanted, std::vector<std::string>& taken) {
  std::string name;
  for (const char c : wanted) {
    const auto byte = static_cast<unsigned char>(c);
    name += (c == '/' || byte < 0x20 || byte == 0x7f) ? '_' : c;
  }
  while (!name.empty() && name.back() == ' ') name.pop_back();
  const auto first = name.empty() ? 0u : static_cast<unsigned char>(name.front());
  const bool starts_well = first >= 0x80 || first == '_' || (first >= '0' && first <= '9') ||
                           (first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z');
  if (!starts_well) name.insert(name.begin(), '_');
  std::string unique = name;
  for (int suffix = 2; std::find(taken.begin(), taken.end(), unique) != taken.end(); ++suffix)
    unique = name + "_" + std::to_string(suffix);
  taken.push_back(unique);
  return unique;
}

}  // namespace sgl
