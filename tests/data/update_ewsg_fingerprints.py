# python3 update_ewsg_fingerprints.py EXE tests/data/draw_fingerprints.tsv (issue 25: EWSG's regression
# defaults changed its draws on `--model` targets only; every other row is left as it is).
# Regenerates only the EWSG rows on regression targets of tests/data/draw_fingerprints.tsv, the
# same way tests/data/make_draw_fingerprints.py makes every row.
import subprocess, sys
exe, path = sys.argv[1], sys.argv[2]
def fnv(s):
    h=0xcbf29ce484222325
    for b in s.encode():
        h^=b; h=(h*0x100000001b3)&0xffffffffffffffff
    return h
out=[]
for line in open(path).read().splitlines():
    args, f, cols, fp, rows = line.split('\t')
    if '--sampler ewsg ' in args + ' ' and '--model' in args:
        d='/tmp/fp-ewsg'
        subprocess.run(['rm','-rf',d])
        r=subprocess.run([exe,'run',*args.split(),'--out',d,'--quiet'],capture_output=True,text=True)
        assert r.returncode==0, r.stderr
        table=[l.split(',') for l in open(f'{d}/{f}').read().splitlines()]
        hdr=table[0]
        txt='\n'.join(','.join(row[i] if i < len(row) else '' for i in range(len(hdr))) for row in table[1:])
        print('updated', args, fp, '->', f'{fnv(txt):016x}')
        line=f'{args}\t{f}\t{";".join(hdr)}\t{fnv(txt):016x}\t{len(table)-1}'
    out.append(line)
open(path,'w').write('\n'.join(out)+'\n')
