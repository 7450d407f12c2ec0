# python3 update_summary_fingerprints.py EXE tests/data/draw_fingerprints.tsv
# Regenerates only the rows of the per-run summary files (sweep.csv, ensemble.csv) with their
# numbers rounded to 9 significant digits, as tests/cli/test_cli_draw_fingerprints.cpp compares
# them. Their statistics (IAT through an FFT, TV, covariance errors) pass through libm, whose
# last bits differ between CPUs (glibc picks FMA variants at run time): CI's machine and this one
# agreed on every draw and disagreed in the 16th digit of three sweeps. The draws stay exact.
import math, subprocess, sys
exe, path = sys.argv[1], sys.argv[2]
ROUNDED_FILES = ('sweep.csv', 'ensemble.csv')
def fnv(s):
    h=0xcbf29ce484222325
    for b in s.encode():
        h^=b; h=(h*0x100000001b3)&0xffffffffffffffff
    return h
def rounded(cell):
    try: value = float(cell)
    except ValueError: return cell
    return '%.9g' % value if math.isfinite(value) else cell
out=[]
for line in open(path).read().splitlines():
    args, f, cols, fp, rows = line.split('\t')
    if f in ROUNDED_FILES:
        d='/tmp/fp-summary'
        subprocess.run(['rm','-rf',d])
        r=subprocess.run([exe,'run',*args.split(),'--out',d,'--quiet'],capture_output=True,text=True)
        assert r.returncode==0, r.stderr
        table=[l.split(',') for l in open(f'{d}/{f}').read().splitlines()]
        hdr=table[0]
        txt='\n'.join(','.join(rounded(row[i]) if i < len(row) else '' for i in range(len(hdr))) for row in table[1:])
        print('updated', args, f, fp, '->', f'{fnv(txt):016x}')
        line=f'{args}\t{f}\t{";".join(hdr)}\t{fnv(txt):016x}\t{len(table)-1}'
    out.append(line)
open(path,'w').write('\n'.join(out)+'\n')
