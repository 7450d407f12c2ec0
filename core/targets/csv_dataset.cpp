// Regression data from a CSV file: each parsed row goes straight into the design matrix
// (row-major, intercept first) and the response vector, so the data take n × (p + 1) doubles and
// no table in between (issue 28: ≤ 1.1× the float64 size; a table, then the matrix, took 2×).
#include <algorithm>
#include <sstream>

#include "core/io/csv_rows.hpp"
#include "core/targets/regression_data.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

class DesignMatrixSink : public CsvRowSink {
 public:
  DesignMatrixSink(const std::string& path, const std::string& response, ResponseKind kind,
                   Dataset& data)
      : path_(path), response_(response), kind_(kind), data_(data) {}

  void header(const std::vector<std::string>& names) override;
  void expect_rows(std::int64_t rows) override { make_room(std::max<std::int64_t>(rows, 1)); }
  void row(std::int64_t line, const double* values) override;
  // Gives back the room beyond the last row.
  void finish() { make_room(rows_); }

 private:
  // Capacity for `rows` rows. Row-major storage keeps the rows in place, so Eigen reallocates
  // (std::realloc: for blocks this large glibc moves pages with mremap, copying nothing), and
  // room reserved but never written is never touched, so it costs no resident memory.
  void make_room(std::int64_t rows) {
    data_.x.conservativeResize(rows, data_.x.cols());
    data_.y.conservativeResize(rows);
  }

  const std::string& path_;
  const std::string& response_;
  ResponseKind kind_;
  Dataset& data_;
  std::vector<std::string> names_;
  int response_column_ = -1;
  std::int64_t rows_ = 0;
};

void DesignMatrixSink::header(const std::vector<std::string>& names) {
  names_ = names;
  const auto found = std::find(names.begin(), names.end(), response_);
  if (found == names.end()) {
    constexpr std::size_t kNamesShown = 8;
    std::string shown;
    for (std::size_t c = 0; c < std::min(names.size(), kNamesShown); ++c)
      shown += (shown.empty() ? "" : ", ") + excerpt(names[c], 40);
    if (names.size() > kNamesShown) shown += ", … (" + std::to_string(names.size()) + " columns)";
    throw UserError("data file '" + excerpt(path_) + "', line 1: no response column '" +
                    excerpt(response_) + "' (columns: " + shown + ")");
  }
  response_column_ = int(found - names.begin());
  for (const std::string& name : names)
    if (name != response_) data_.coefficient_names.push_back(name);
  // The response's column becomes the intercept's.
  data_.x.resize(0, Eigen::Index(names.size()));
}

void DesignMatrixSink::row(std::int64_t line, const double* values) {
  if (rows_ == data_.x.rows()) make_room(std::max<std::int64_t>(1024, rows_ + rows_ / 2));
  double* x = data_.x.data() + rows_ * data_.x.cols();
  const double y = values[response_column_];
  if (kind_ == ResponseKind::Binary && y != 0.0 && y != 1.0) {
    std::ostringstream value;
    value << y;
    throw UserError(csv_location(path_, line, response_column_ + 1) + " ('" +
                    excerpt(names_[std::size_t(response_column_)]) +
                    "'): a logistic response must be 0 or 1, got " + value.str());
  }
  x[0] = 1.0;
  std::copy(values, values + response_column_, x + 1);
  std::copy(values + response_column_ + 1, values + names_.size(), x + response_column_ + 1);
  data_.y[rows_++] = y;
}

}  // namespace

Dataset load_csv_dataset(const std::string& path, const std::string& response, ResponseKind kind) {
  Dataset data;
  data.source = path;
  data.coefficient_names.push_back("intercept");
  DesignMatrixSink sink(path, response, kind, data);
  read_numeric_csv_rows(path, sink);
  sink.finish();
  return data;
}

}  // namespace sgl
