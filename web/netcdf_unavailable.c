/* Every netCDF call fails in the browser build (include/netcdf.h says why); nc_create is the
   first one draws.nc makes, so its message is what the user sees. */
#include "netcdf.h"

int nc_create(const char* path, int mode, int* ncid) {
  (void)path, (void)mode;
  *ncid = -1;
  return NC_ENOTBUILT;
}
int nc_close(int ncid) {
  (void)ncid;
  return NC_NOERR;
}
int nc_def_grp(int parent, const char* name, int* group) {
  (void)parent, (void)name, (void)group;
  return NC_ENOTBUILT;
}
int nc_def_dim(int ncid, const char* name, size_t length, int* dimension) {
  (void)ncid, (void)name, (void)length, (void)dimension;
  return NC_ENOTBUILT;
}
int nc_def_var(int ncid, const char* name, nc_type type, int ndims, const int* dims, int* var) {
  (void)ncid, (void)name, (void)type, (void)ndims, (void)dims, (void)var;
  return NC_ENOTBUILT;
}
int nc_put_var_double(int ncid, int var, const double* values) {
  (void)ncid, (void)var, (void)values;
  return NC_ENOTBUILT;
}
int nc_put_var_longlong(int ncid, int var, const long long* values) {
  (void)ncid, (void)var, (void)values;
  return NC_ENOTBUILT;
}
int nc_put_var_schar(int ncid, int var, const signed char* values) {
  (void)ncid, (void)var, (void)values;
  return NC_ENOTBUILT;
}
int nc_put_att_text(int ncid, int var, const char* name, size_t length, const char* value) {
  (void)ncid, (void)var, (void)name, (void)length, (void)value;
  return NC_ENOTBUILT;
}
int nc_put_att_longlong(int ncid, int var, const char* name, nc_type type, size_t length,
                        const long long* value) {
  (void)ncid, (void)var, (void)name, (void)type, (void)length, (void)value;
  return NC_ENOTBUILT;
}
const char* nc_strerror(int status) {
  (void)status;
  return "draws.nc (netCDF) is not available in the browser build; use the CSV format";
}
