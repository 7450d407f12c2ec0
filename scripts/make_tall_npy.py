#!/usr/bin/env python3
"""Writes a synthetic logistic-regression data set as NumPy .npy (float64, C order) with its
column names in the sidecar FILE.columns.txt, without NumPy: y ~ Bernoulli(sigmoid(0.5 + x.beta)),
x ~ N(0, 1), beta_j = +-(0.5 + 0.5 j / d). For `sgmcmc-lab run --model logistic --data FILE.npy`
at the papers' scale (e.g. 10.5e6 rows, 28 covariates), which is not committed.

usage: make_tall_npy.py FILE.npy ROWS COVARIATES [SEED]
"""
import array
import math
import random
import sys


def main():
    if len(sys.argv) < 4 or not sys.argv[1].endswith(".npy"):
        sys.exit(__doc__.strip().splitlines()[-1])
    path, rows, covariates = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    beta = [(1 if j % 2 else -1) * (0.5 + 0.5 * j / covariates) for j in range(1, covariates + 1)]
    columns = covariates + 1
    header = "{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, columns)
    header += " " * ((-(10 + len(header) + 1)) % 64) + "\n"
    with open(path, "wb") as out:
        out.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
        block = array.array("d")
        for _ in range(rows):
            x = [rng.gauss(0.0, 1.0) for _ in range(covariates)]
            eta = 0.5 + sum(b * v for b, v in zip(beta, x))
            block.append(1.0 if rng.random() < 1.0 / (1.0 + math.exp(-eta)) else 0.0)
            block.extend(x)
            if len(block) >= 1 << 20:
                block.tofile(out)
                block = array.array("d")
        block.tofile(out)
    with open(path[:-4] + ".columns.txt", "w") as names:
        names.write("y\n" + "".join("x%d\n" % j for j in range(1, covariates + 1)))


if __name__ == "__main__":
    main()
