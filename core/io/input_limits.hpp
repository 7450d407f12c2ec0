// Size limits on everything read from the user, checked while reading so that a hostile file
// (or /dev/zero) is refused with a one-line message before memory grows. They are set far above
// any classroom or research use; the README ("Limits") states them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sgl {

// CSV data files (regressions).
inline constexpr std::size_t kMaxCsvLineBytes = std::size_t{1} << 20;      // 1 MiB per line
inline constexpr int kMaxCsvColumns = 10000;                               // fields per row
inline constexpr std::uint64_t kMaxCsvCells = 50'000'000;                  // 400 MB as doubles
inline constexpr std::uint64_t kMaxCsvFileBytes = std::uint64_t{4} << 30;  // 4 GiB, blank lines too

// Scenario and session files (JSON).
inline constexpr std::size_t kMaxJsonFileBytes = std::size_t{16} << 20;  // 16 MiB
inline constexpr int kMaxJsonDepth = 64;                                 // nested arrays/objects
// Numbers, strings, arrays, objects: a parsed value costs ~16 bytes plus its container's share,
// so a 16 MiB file of "0,0,0,..." would otherwise build ~8·10^6 of them (~300 MB).
inline constexpr std::size_t kMaxJsonValues = 1'000'000;

// Start points: no target has more coordinates than a CSV has columns (an intercept replaces
// the response), so a longer --init or "init" is refused before the target is even built.
inline constexpr std::size_t kMaxInitValues = kMaxCsvColumns;

// Steps and burn-in per chain: 10^15 is a year at the fastest sampler's 3·10^7 steps/s, and
// keeps burnin + steps (+ training) far from overflowing 64 bits.
inline constexpr std::uint64_t kMaxSteps = 1'000'000'000'000'000;

// Chains per --sampler in `run` (ensembles have their own, lighter chains).
inline constexpr int kMaxChainsPerSampler = 10000;

// Potential expressions (--potential, scenario "potential", the window's text box): a typed
// formula is a line or two; nesting is bounded so the recursive-descent parser's stack is too.
inline constexpr std::size_t kMaxExpressionChars = 2000;
inline constexpr int kMaxExpressionDepth = 100;

}  // namespace sgl
