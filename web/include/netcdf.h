/* The browser build's stand-in for netCDF's C header (Debian's libnetcdf-dev is a native
   library with HDF5 under it; the browser build has neither). Declares only what
   app/cli/netcdf_file.cpp calls; netcdf_unavailable.c makes every call fail, so `--format
   netcdf` is refused with a one-line error instead of the whole CLI writer being left out. */
#ifndef SGL_WEB_NETCDF_H
#define SGL_WEB_NETCDF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int nc_type;
#define NC_NOERR 0
#define NC_ENOTBUILT (-128)
#define NC_GLOBAL (-1)
#define NC_CLOBBER 0x0000
#define NC_NETCDF4 0x1000
#define NC_BYTE 1
#define NC_DOUBLE 6
#define NC_INT64 10

int nc_create(const char* path, int mode, int* ncid);
int nc_close(int ncid);
int nc_def_grp(int parent, const char* name, int* group);
int nc_def_dim(int ncid, const char* name, size_t length, int* dimension);
int nc_def_var(int ncid, const char* name, nc_type type, int ndims, const int* dims, int* var);
int nc_put_var_double(int ncid, int var, const double* values);
int nc_put_var_longlong(int ncid, int var, const long long* values);
int nc_put_var_schar(int ncid, int var, const signed char* values);
int nc_put_att_text(int ncid, int var, const char* name, size_t length, const char* value);
int nc_put_att_longlong(int ncid, int var, const char* name, nc_type type, size_t length,
                        const long long* value);
const char* nc_strerror(int status);

#ifdef __cplusplus
}
#endif

#endif
