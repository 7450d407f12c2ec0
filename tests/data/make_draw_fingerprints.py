# Writes tests/data/draw_fingerprints.tsv from a given sgmcmc-lab binary
# (python3 make_draw_fingerprints.py EXE OUT.tsv), one line per CSV file a run writes:
# args<TAB>file<TAB>columns<TAB>fnv1a64<TAB>rows
# A sampler added later gets NEW rows appended, made the same way for it alone (existing rows are
# never regenerated): sghmc-sgd's six rows were made with samplers = ['sghmc-sgd'] and no presets;
# rwm's, mala's and sgnht's eighteen with samplers = ['rwm', 'mala', 'sgnht'] and no presets;
# each sampler of issue 27 after them its own six, with samplers = [its id] and no presets
# (svrg-ld refuses the analytic targets; csgld and csghmc keep no draw in 200 steps on the
# regressions, whose cycles are 400 steps: those runs fail and get no row). psgld's six rows were
# made again when its first-step V gained a floor (a near-zero first gradient had thrown chains
# out of the posterior; found by the conformance test). hmcecs's and hmcecs-signed's eight
# regression rows were made again by update_regression_fingerprints.py when θ* became the target's
# posterior mode and the GLM differences took their exp and log1p a block at a time (issue 28).
import subprocess, sys, csv, time
exe = sys.argv[1]; out = sys.argv[2]
samplers = ['hmc','naive-sghmc','naive-sghmc:mh=true','sghmc','sgld','sgd-momentum','ewsg','sgld-cv','sghmc-cv','hmcecs','hmcecs:mass=identity','hmcecs-signed:mass=identity','dais','ns-dais','sl-dais','hmcecs-signed']
targets = [['--target','gauss2d'], ['--target','banana'], ['--target','chen-doublewell'], ['--target','ewsg-gauss'],
           ['--model','logistic','--synthetic','n=300,d=2,seed=4'], ['--model','linear','--synthetic','n=200,d=2,seed=5']]
cases = [(t+['--sampler',s,'--chains','2','--steps','200','--seed','7'], ['draws.csv']) for t in targets for s in samplers]
for p in ['chen-fig1','chen-fig2','chen-fig3','default','ewsg-fig1a','teach-friction','teach-modes','teach-momentum','teach-step-size','teach-your-own']:
    cases.append((['--scenario',p,'--quick'], ['draws.csv','sweep.csv','ensemble.csv','sweep_samples.csv']))
def fnv(s):
    h=0xcbf29ce484222325
    for b in s.encode():
        h^=b; h=(h*0x100000001b3)&0xffffffffffffffff
    return h
lines=[]
for n,(args,files) in enumerate(cases):
    d=f'/tmp/fp/case{n}'
    r=subprocess.run([exe,'run',*args,'--out',d,'--quiet'],capture_output=True,text=True)
    if r.returncode!=0: continue
    for f in files:
        try: rows=[l.split(',') for l in open(f'{d}/{f}').read().splitlines()]
        except FileNotFoundError: continue
        hdr=rows[0]  # a plain split on ',' (as the C++ test does): quoted commas split alike
        txt='\n'.join(','.join(row[i] if i < len(row) else '' for i in range(len(hdr))) for row in rows[1:])
        lines.append(f'{" ".join(args)}\t{f}\t{";".join(hdr)}\t{fnv(txt):016x}\t{len(rows)-1}')
open(out,'w').write('\n'.join(lines)+'\n')
print(len(lines),'fingerprints')
