# python3 update_ewsg_fingerprints.py EXE tests/data/draw_fingerprints.tsv (issue 25: EWSG's regression
# defaults changed its draws on `--model` targets only; every other row is left as it is).
# Regenerates only the EWSG rows on regression targets of tests/data/draw_fingerprints.tsv, the
# same way tests/data/make_draw_fingerprints.py makes every row.
import sys
from fingerprint_rows import regenerate

regenerate(sys.argv[1], sys.argv[2],
           lambda args, f: '--sampler ewsg ' in args + ' ' and '--model' in args)
