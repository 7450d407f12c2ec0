#!/usr/bin/env python3
"""The EWSG-on-regressions table in docs/algorithms.md is bench_ewsg_regressions' output.

Runs `bench_ewsg_regressions 0.5` and compares its table with the block between
`<!-- bench_ewsg_regressions 0.5 -->` and `<!-- end bench_ewsg_regressions -->` in
docs/algorithms.md, row by row: the same regressions, samplers and settings; data passes within
2 %; each mean error within 3 standard errors of the difference (0.03 sd at least) and each sd
ratio within 0.1 (about 3 Monte Carlo sd of an sd ratio at these ESSs); "no draws" where the docs
say so. A sampler or default change that moves a figure the docs quote fails here (issue 25:
every figure the docs quote comes from code).

Rows where chains diverged ("k/4 diverged" in the settings) are compared by what they show, not
their digits: when a runaway chain is stopped depends on the last bits of exp and log, whose
code glibc chooses at run time by CPU (another machine stopped the breast-cancer b = 1 chains
after 219 data passes, not 781). Their settings, and so the number of
diverged chains, must agree; their mean error must keep its sign and at least half its size.

    check_ewsg_docs_table.py BENCH_BINARY DOCS_ALGORITHMS_MD
"""
import re
import subprocess
import sys

START = "<!-- bench_ewsg_regressions 0.5 -->"
END = "<!-- end bench_ewsg_regressions -->"


def rows(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("|") or line.startswith("|---") or "data passes" in line:
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 6:
            out.append(cells)
    return out


def mean_error(cell):
    m = re.match(r"([+-]?\d+\.\d+) \(se (\d+\.\d+)\)", cell)
    return (float(m.group(1)), float(m.group(2))) if m else None


def sd_range(cell):
    m = re.match(r"(\d+\.\d+)–(\d+\.\d+)", cell)
    return (float(m.group(1)), float(m.group(2))) if m else None


def settings_without_ess(cell):
    return re.sub(r", weight ESS [0-9.]+", "", cell)


def weight_ess(cell):
    m = re.search(r"weight ESS ([0-9.]+)", cell)
    return float(m.group(1)) if m else None


def main():
    bench, docs_path = sys.argv[1], sys.argv[2]
    docs = open(docs_path, encoding="utf-8").read()
    if START not in docs or END not in docs:
        print(f"{docs_path}: no block between '{START}' and '{END}'")
        return 1
    quoted = rows(docs.split(START, 1)[1].split(END, 1)[0])
    measured = rows(subprocess.run([bench, "0.5"], check=True, capture_output=True,
                                   text=True).stdout)
    failures = []
    if len(quoted) != len(measured):
        failures.append(f"{len(quoted)} rows in the docs, {len(measured)} from the bench")
    for q, m in zip(quoted, measured):
        where = f"{m[0]} / {m[1]}"
        if q[0] != m[0] or q[1] != m[1]:
            failures.append(f"row order: docs '{q[0]} / {q[1]}', bench '{where}'")
            continue
        if settings_without_ess(q[5]) != settings_without_ess(m[5]):
            failures.append(f"{where}: settings '{q[5]}' in the docs, '{m[5]}' measured")
        qe, me = weight_ess(q[5]), weight_ess(m[5])
        if (qe is None) != (me is None) or (qe is not None and abs(qe - me) > 0.05):
            failures.append(f"{where}: weight ESS {qe} in the docs, {me} measured")
        if "diverged" in m[5]:
            qm, mm = mean_error(q[3]), mean_error(m[3])
            if (qm is None) != (mm is None) or (
                    qm is not None and (qm[0] * mm[0] < 0 or abs(mm[0]) < 0.5 * abs(qm[0]))):
                failures.append(f"{where}: mean error '{q[3]}' in the docs, '{m[3]}' measured "
                                "(diverged chains: same sign and at least half the size)")
            continue
        if abs(float(q[2]) - float(m[2])) > 0.02 * max(1.0, float(m[2])):
            failures.append(f"{where}: {q[2]} data passes in the docs, {m[2]} measured")
        qm, mm = mean_error(q[3]), mean_error(m[3])
        if (qm is None) != (mm is None):
            failures.append(f"{where}: mean error '{q[3]}' in the docs, '{m[3]}' measured")
        elif qm is not None:
            tolerance = max(0.03, 3.0 * (qm[1] ** 2 + mm[1] ** 2) ** 0.5)
            if abs(qm[0] - mm[0]) > tolerance:
                failures.append(f"{where}: mean error {qm[0]:+.3f} in the docs, {mm[0]:+.3f} "
                                f"measured (tolerance {tolerance:.3f})")
        qs, ms = sd_range(q[4]), sd_range(m[4])
        if (qs is None) != (ms is None):
            failures.append(f"{where}: sd ratio '{q[4]}' in the docs, '{m[4]}' measured")
        elif qs is not None and max(abs(qs[0] - ms[0]), abs(qs[1] - ms[1])) > 0.1:
            failures.append(f"{where}: sd ratio {q[4]} in the docs, {m[4]} measured")
    for failure in failures:
        print(failure)
    print(f"{len(measured)} rows compared, {len(failures)} differences")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
