#!/usr/bin/env Rscript
# Makes the Stan reference for NUTS on two real logistic regressions (tests/stat/test_nuts_stan.cpp):
#   pima.csv           MASS's Pima.tr + Pima.te (532 women, 7 covariates; y = diabetic)
#   breast_cancer.csv  Wisconsin diagnostic breast cancer as scikit-learn ships it (569 x 30;
#                      y = benign), written by make_breast_cancer.py beside this script (run it
#                      first with Debian's /usr/bin/python3)
# Covariates are standardised (mean 0, sd 1) so that both samplers see a well-scaled posterior;
# the model is the app's logistic regression: an intercept and every coefficient ~ N(0, 10^2).
# Output: <name>.csv (the data) and <name>_stan.tsv: per coefficient Stan's posterior mean and
# sd, and per data set the bulk ESS (rstan::monitor) of every coefficient and the leapfrog
# steps (gradient evaluations) of the sampling iterations, for ESS per gradient.
# Needs Debian's r-cran-rstan and r-cran-mass (and python3-sklearn for the breast cancer data).
# Run from the repository root: Rscript tests/data/stan/make_stan_reference.R
# Debian's r-cran-bh ships no include/ (it depends on libboost-dev instead), and rstan looks for
# Boost there: a private copy of BH whose include/ is the system's headers satisfies it.
bh <- file.path(tempdir(), "lib", "BH")
dir.create(dirname(bh), recursive = TRUE)
file.copy(find.package("BH"), dirname(bh), recursive = TRUE)
file.symlink("/usr/include", file.path(bh, "include"))
.libPaths(c(dirname(bh), .libPaths()))
suppressMessages(library(rstan))
here <- "tests/data/stan"

standardise <- function(x) as.data.frame(lapply(x, function(v) (v - mean(v)) / sd(v)))

pima <- rbind(MASS::Pima.tr, MASS::Pima.te)
pima_x <- standardise(pima[, setdiff(names(pima), "type")])
write.csv(cbind(y = as.integer(pima$type == "Yes"), round(pima_x, 10)),
          file.path(here, "pima.csv"), row.names = FALSE, quote = FALSE)
# The breast cancer CSV is written standardised by make_breast_cancer.py.

model <- stan_model(model_code = "
data { int<lower=0> n; int<lower=0> p; matrix[n, p] x; int<lower=0, upper=1> y[n]; }
parameters { vector[p] beta; }
model { beta ~ normal(0, 10); y ~ bernoulli_logit(x * beta); }")

reference <- function(name) {
  data <- read.csv(file.path(here, paste0(name, ".csv")))
  x <- cbind(intercept = 1, as.matrix(data[, -1]))
  fit <- sampling(model, data = list(n = nrow(x), p = ncol(x), x = x, y = data$y),
                  chains = 4, iter = 6000, warmup = 1000, seed = 20261127, refresh = 0)
  draws <- as.array(fit, pars = "beta")
  mon <- monitor(draws, warmup = 0, print = FALSE)
  leapfrog <- sum(sapply(get_sampler_params(fit, inc_warmup = FALSE),
                         function(s) sum(s[, "n_leapfrog__"])))
  out <- data.frame(coefficient = colnames(x), mean = mon$mean, sd = mon$sd,
                    bulk_ess = mon$Bulk_ESS, draws = 4 * 5000, leapfrog = leapfrog)
  write.table(format(out, digits = 8), file.path(here, paste0(name, "_stan.tsv")), sep = "\t",
              row.names = FALSE, quote = FALSE)
}
reference("pima")
reference("breast_cancer")
