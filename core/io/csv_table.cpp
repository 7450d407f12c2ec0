#include "core/io/csv_table.hpp"

#include "core/io/csv_rows.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

class TableSink : public CsvRowSink {
 public:
  explicit TableSink(CsvTable& table) : table_(table) {}
  void header(const std::vector<std::string>& names) override { table_.header = names; }
  void expect_rows(std::int64_t rows) override {
    table_.values.reserve(std::size_t(rows) * table_.header.size());
    table_.line_numbers.reserve(std::size_t(rows));
  }
  void row(std::int64_t line, const double* values) override {
    table_.values.insert(table_.values.end(), values, values + table_.header.size());
    table_.line_numbers.push_back(line);
  }

 private:
  CsvTable& table_;
};

}  // namespace

std::string CsvTable::location(std::int64_t row, int column) const {
  return csv_location(path, line_numbers[static_cast<std::size_t>(row)], column + 1) + " ('" +
         excerpt(header[column]) + "')";
}

CsvTable read_numeric_csv(const std::string& path) {
  CsvTable table;
  table.path = path;
  TableSink sink(table);
  read_numeric_csv_rows(path, sink);
  return table;
}

CsvTable read_numeric_csv(std::istream& in, const std::string& path) {
  CsvTable table;
  table.path = path;
  TableSink sink(table);
  read_numeric_csv_rows(in, path, sink);
  return table;
}

}  // namespace sgl
