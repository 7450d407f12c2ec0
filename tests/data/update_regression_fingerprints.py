# python3 update_regression_fingerprints.py EXE tests/data/draw_fingerprints.tsv ID [ID ...]
# Regenerates only the rows of samplers ID... on regression targets (`--model`) in
# tests/data/draw_fingerprints.tsv, the same way tests/data/make_draw_fingerprints.py makes every
# row; every other row is left as it is. For a change of a sampler's data-aware defaults, which
# moves its draws on regressions only (issue 25: EWSG's b; MALA's ε = 1.65²·d^(−1/3)·s²).
import sys
from fingerprint_rows import regenerate

ids = sys.argv[3:]
regenerate(sys.argv[1], sys.argv[2],
           lambda args, f: '--model' in args and any(f'--sampler {i} ' in args + ' ' for i in ids))
