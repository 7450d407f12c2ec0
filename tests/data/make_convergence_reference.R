# Reference values for tests/core/test_convergence.cpp: fixed draws and the R package posterior's
# rhat(), ess_bulk() and ess_tail() on them (Vehtari et al. 2021).
# Made once with Debian's r-cran-posterior (posterior 1.4.0, R 4.2) by
#   cd tests/data && Rscript make_convergence_reference.R
# which writes convergence_draws.csv (case, chain, draw) and convergence_expected.csv.
suppressPackageStartupMessages(library(posterior))
set.seed(20261123)

ar1 <- function(n, phi, sd = 1) {
  x <- numeric(n)
  x[1] <- rnorm(1, sd = sd / sqrt(1 - phi^2))
  for (t in 2:n) x[t] <- phi * x[t - 1] + rnorm(1, sd = sd)
  x
}

cases <- list(
  # four well-mixed AR(1) chains
  mixing = sapply(1:4, function(k) ar1(200, 0.7)),
  # one chain shifted by about one marginal sd: R-hat well above 1.01
  offset = sapply(1:4, function(k) ar1(200, 0.5) + ifelse(k == 4, 1.2, 0)),
  # same location, one chain three times wider, heavy tails: the folded R-hat sees it
  scale = sapply(1:4, function(k) rt(300, df = 3) * ifelse(k == 2, 3, 1)),
  # two chains of odd length (the split drops the middle draw), slow and with a trend
  odd_trend = sapply(1:2, function(k) ar1(201, 0.95) + seq(0, 2, length.out = 201)),
  # discrete values: ties in the ranks and in the quantile indicators
  ties = sapply(1:3, function(k) rpois(100, 2)),
  # antithetic chains: ESS above the number of draws
  antithetic = sapply(1:4, function(k) ar1(120, -0.6))
)

draws <- data.frame()
expected <- data.frame()
for (name in names(cases)) {
  x <- cases[[name]]
  for (k in seq_len(ncol(x)))
    draws <- rbind(draws, data.frame(case = name, chain = k, draw = x[, k]))
  expected <- rbind(expected, data.frame(case = name, rhat = rhat(x), ess_bulk = ess_bulk(x),
                                         ess_tail = ess_tail(x)))
}
write.csv(format(draws, digits = 17), "convergence_draws.csv", row.names = FALSE, quote = FALSE)
write.csv(format(expected, digits = 17), "convergence_expected.csv", row.names = FALSE, quote = FALSE)
print(expected)
