#!/usr/bin/python3
"""Writes breast_cancer.csv beside this script: scikit-learn's copy of the Wisconsin diagnostic
breast cancer data (569 x 30, Debian's python3-sklearn), covariates standardised (mean 0, sd 1
with the n - 1 divisor, as R's sd), y = 1 for benign. Run from the repository root."""
import csv
import os
import re

from sklearn.datasets import load_breast_cancer

data = load_breast_cancer()
n, p = data.data.shape
columns = [re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") for name in data.feature_names]
means = [sum(data.data[i][j] for i in range(n)) / n for j in range(p)]
sds = [(sum((data.data[i][j] - means[j]) ** 2 for i in range(n)) / (n - 1)) ** 0.5 for j in range(p)]
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "breast_cancer.csv")
with open(path, "w", newline="") as out:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["y"] + columns)
    for i in range(n):
        writer.writerow([int(data.target[i])] +
                        [f"{(data.data[i][j] - means[j]) / sds[j]:.10g}" for j in range(p)])
