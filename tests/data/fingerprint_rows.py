# Shared by the scripts that regenerate some rows of draw_fingerprints.tsv (update_*.py): runs a
# row's command and hashes its file's rows the way tests/cli/test_cli_draw_fingerprints.cpp does.
import math, subprocess

def fnv(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h ^= b; h = (h * 0x100000001b3) & 0xffffffffffffffff
    return h

def rounded(cell):
    """A number cell at 9 significant digits (summary files); text and NaN as they are."""
    try: value = float(cell)
    except ValueError: return cell
    return '%.9g' % value if math.isfinite(value) else cell

def regenerate(exe, path, wanted, round_numbers=lambda f: False, scratch='/tmp/fp-update'):
    """Rewrites the rows of `path` for which wanted(args, file) holds; the others stay."""
    out = []
    for line in open(path).read().splitlines():
        args, f, cols, fp, rows = line.split('\t')
        if wanted(args, f):
            subprocess.run(['rm', '-rf', scratch])
            r = subprocess.run([exe, 'run', *args.split(), '--out', scratch, '--quiet'],
                               capture_output=True, text=True)
            assert r.returncode == 0, r.stderr
            table = [l.split(',') for l in open(f'{scratch}/{f}').read().splitlines()]
            hdr = table[0]
            cell = rounded if round_numbers(f) else (lambda c: c)
            txt = '\n'.join(','.join(cell(row[i]) if i < len(row) else '' for i in range(len(hdr)))
                            for row in table[1:])
            print('updated', args, f, fp, '->', f'{fnv(txt):016x}')
            line = f'{args}\t{f}\t{";".join(hdr)}\t{fnv(txt):016x}\t{len(table) - 1}'
        out.append(line)
    open(path, 'w').write('\n'.join(out) + '\n')
