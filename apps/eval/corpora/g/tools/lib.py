"""Helpers to compute golds from the read-only trees."""
import os, re, json
ROOT = '/work/main/.corpus-trees'

def _abs(t, p=''):
    return os.path.join(ROOT, t, p) if p else os.path.join(ROOT, t)

def files(t, under='', ext=None, recursive=True):
    base = _abs(t, under)
    out = []
    for dp, dns, fns in os.walk(base):
        for f in fns:
            rel = os.path.relpath(os.path.join(dp, f), _abs(t)).replace(os.sep, '/')
            if ext is None or any(rel.endswith(e) for e in ([ext] if isinstance(ext, str) else ext)):
                out.append(rel)
        if not recursive:
            dns[:] = []
    return sorted(out)

def dirs(t, under='', recursive=False):
    base = _abs(t, under)
    out = []
    for dp, dns, fns in os.walk(base):
        for d in dns:
            out.append(os.path.relpath(os.path.join(dp, d), _abs(t)).replace(os.sep, '/'))
        if not recursive:
            dns[:] = []
    return sorted(out)

def read(t, p):
    with open(_abs(t, p), encoding='utf-8') as f:
        return f.read()

def lines(t, p, a, b):
    return '\n'.join(read(t, p).split('\n')[a-1:b])

def wc(t, p):
    return read(t, p).count('\n')

def nlines(t, p):  # lines counting a final unterminated one
    s = read(t, p)
    return s.count('\n') + (1 if s and not s.endswith('\n') else 0)

def size(t, p):
    return os.path.getsize(_abs(t, p))

def dsize(t, under=''):
    return sum(size(t, p) for p in files(t, under))

def largest(t, n=1, under='', smallest=False):
    fs = files(t, under)
    fs.sort(key=lambda p: (size(t, p) if smallest else -size(t, p), p))
    return fs[:n]

def grep(t, pat, under='', regex=False, icase=False, only=None, word=False):
    fl = re.I if icase else 0
    if regex or word:
        rx = re.compile((r'\b%s\b' % re.escape(pat)) if word else pat, fl)
        m = lambda s: rx.search(s)
    else:
        m = (lambda s: pat.lower() in s.lower()) if icase else (lambda s: pat in s)
    hits = []
    for p in (only if only is not None else files(t, under)):
        try:
            txt = read(t, p)
        except UnicodeDecodeError:
            continue
        for i, ln in enumerate(txt.split('\n'), 1):
            if m(ln):
                hits.append({'file': p, 'line': i})
    return hits

def grepfiles(t, pat, **kw):
    return sorted({h['file'] for h in grep(t, pat, **kw)})

def count_occ(t, p, pat, icase=False, word=False):
    fl = re.I if icase else 0
    rx = re.compile((r'\b%s\b' % re.escape(pat)) if word else re.escape(pat), fl)
    return len(rx.findall(read(t, p)))

IMP_STATIC = re.compile(r'''^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]''', re.M)
IMP_STATIC2 = re.compile(r'''(?:^|[;}\s])(?:import|export)\s*(?:[\w*$\s{},]*?from\s*)?['"]([^'"]+)['"]''')
IMP_DYN = re.compile(r'''\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)''')

def imports(t, p, dynamic=False):
    s = read(t, p)
    out = []
    for rx in (IMP_STATIC,):
        for m in rx.finditer(s):
            if m.group(1) not in out:
                out.append(m.group(1))
    if dynamic:
        for m in IMP_DYN.finditer(s):
            if m.group(1) not in out:
                out.append(m.group(1))
    return out

def resolve(t, frm, spec):
    if not spec.startswith('.'):
        return spec
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')
    allf = set(files(t))
    for cand in (base, base + '.js', base + '.mjs', base + '/index.js'):
        if cand in allf:
            return cand
    return base

def importers(t, target, under='', dynamic=False):
    out = []
    for p in files(t, under, ext=('.js', '.mjs', '.cjs', '.ts')):
        if p.endswith('.d.ts') or p.endswith('.map'):
            continue
        if any(resolve(t, p, s) == target for s in imports(t, p, dynamic)):
            out.append(p)
    return sorted(out)

def exports(t, p):
    s = read(t, p)
    names = []
    for m in re.finditer(r'\bexport\s+(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)', s):
        if re.match(r'export\s+default', m.group(0)):
            names.append('default')
        else:
            names.append(m.group(1))
    for m in re.finditer(r'\bexport\s+default\b', s):
        if 'default' not in names:
            names.append('default')
    for m in re.finditer(r'\bexport\s*\{([^}]*)\}', s):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            nm = part.split(' as ')[-1].strip().strip('\'"')
            names.append(nm)
    seen = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return seen

def pkg(t, *keys, p='package.json'):
    v = json.loads(read(t, p))
    for k in keys:
        v = v[k]
    return v

def defs(t, name, under=''):
    rx = r'(?:\bfunction\*?\s+%s\b|\bclass\s+%s\b|\b(?:const|let|var)\s+%s\s*=)' % ((re.escape(name),) * 3)
    return grep(t, rx, under, regex=True)

def ext_of(p):
    b = p.rsplit('/', 1)[-1]
    if '.' not in b.lstrip('.'):
        return '(none)' if not b.startswith('.') else b.lstrip('.')
    return b.rsplit('.', 1)[-1]

def exts(t):
    return sorted({ext_of(p) for p in files(t)})
