// Which columns of a table fit a given width. A table that scrolls sideways hides the columns the
// reader came for, so narrow panels drop their least important columns instead (the GUI shows
// the dropped values in a tooltip). Pure arithmetic, so it is tested without a window.
#pragma once

#include <cstddef>
#include <vector>

namespace sgl {

struct ColumnNeed {
  float width = 0.0f;  // what the column needs in pixels, padding included
  int keep_rank = 0;   // higher is kept longer; kAlwaysKept is never dropped
};
inline constexpr int kAlwaysKept = 1 << 30;

// Indices of the columns to show, in their original order: the least important ones (lowest
// keep_rank; among equals, the rightmost) are dropped until the rest fit `available`. Columns
// with kAlwaysKept stay even when they alone are too wide.
std::vector<std::size_t> fit_columns(const std::vector<ColumnNeed>& columns, float available);

}  // namespace sgl
