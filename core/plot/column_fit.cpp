#include "core/plot/column_fit.hpp"

#include <algorithm>
#include <numeric>

namespace sgl {

std::vector<std::size_t> fit_columns(const std::vector<ColumnNeed>& columns, float available) {
  // Drop order: lowest rank first, the rightmost first among equal ranks.
  std::vector<std::size_t> drop_order(columns.size());
  std::iota(drop_order.begin(), drop_order.end(), std::size_t{0});
  std::stable_sort(drop_order.begin(), drop_order.end(), [&](std::size_t a, std::size_t b) {
    if (columns[a].keep_rank != columns[b].keep_rank)
      return columns[a].keep_rank < columns[b].keep_rank;
    return a > b;
  });
  std::vector<bool> kept(columns.size(), true);
  float total = 0.0f;
  for (const ColumnNeed& column : columns) total += column.width;
  for (const std::size_t index : drop_order) {
    if (total <= available) break;
    if (columns[index].keep_rank >= kAlwaysKept) continue;
    kept[index] = false;
    total -= columns[index].width;
  }
  std::vector<std::size_t> shown;
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (kept[i]) shown.push_back(i);
  return shown;
}

}  // namespace sgl
