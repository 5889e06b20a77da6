"""Helpers used by `how` expressions. T = tree name. All paths tree-relative, '/'-separated."""
import os, re, json
ROOT = '/work/main/.corpus-trees'

def _abs(T, p=''): return os.path.join(ROOT, T, p)

def files(T, under=None, ext=None, recursive=True):
    base = _abs(T, under or '')
    out = []
    if not os.path.isdir(base): return []
    for dp, dn, fn in os.walk(base):
        dn.sort()
        for f in fn:
            full = os.path.join(dp, f)
            if os.path.isfile(full) and not os.path.islink(full):
                rel = os.path.relpath(full, _abs(T)).replace(os.sep, '/')
                if ext is None or rel.endswith(ext): out.append(rel)
        if not recursive: dn[:] = []
    return sorted(out)

def dirs(T, under=None, recursive=True):
    base = _abs(T, under or '')
    out = []
    for dp, dn, fn in os.walk(base):
        for d in dn: out.append(os.path.relpath(os.path.join(dp, d), _abs(T)).replace(os.sep, '/'))
        if not recursive: dn[:] = []
    return sorted(out)

def text(T, p):
    with open(_abs(T, p), encoding='utf-8', newline='') as f: return f.read()

def nlines(T, p):
    """Convention: number of lines = len(splitlines) (a last line without newline counts)."""
    return len(text(T, p).split('\n')) - (1 if text(T, p).endswith('\n') else 0) if text(T, p) else 0

def wcl(T, p): return text(T, p).count('\n')

def size(T, p): return os.path.getsize(_abs(T, p))

def lines(T, p, a, b=None):
    L = text(T, p).split('\n')
    if text(T, p).endswith('\n'): L = L[:-1]
    if b is None: b = len(L)
    if a < 0: return '\n'.join(L[a:])
    return '\n'.join(L[a-1:b])

def hit(f, l): return {'file': f, 'line': l}

def grep(T, s, under=None, only=None, regex=False, icase=False, ext=None):
    fl = only if only is not None else files(T, under, ext)
    flags = re.I if icase else 0
    pat = re.compile(s if regex else re.escape(s), flags)
    out = []
    for f in fl:
        for i, line in enumerate(text(T, f).split('\n'), 1):
            if pat.search(line): out.append(hit(f, i))
    return out

def grepfiles(T, s, **kw): return sorted({h['file'] for h in grep(T, s, **kw)})

def occ(T, p, s): return text(T, p).count(s)

def hitfiles(hs): return sorted({h['file'] for h in hs})

IMP = re.compile(r"""require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|^\s*export\s+[^'";]*?\s+from\s+['"]([^'"]+)['"]""", re.M)

def imports(T, p):
    out = []
    for m in IMP.finditer(text(T, p)):
        s = m.group(1) or m.group(2) or m.group(3)
        if s not in out: out.append(s)
    return out

def resolve(T, p, spec):
    if not spec.startswith('.'): return None
    base = os.path.normpath(os.path.join(os.path.dirname(p), spec)).replace(os.sep, '/')
    if base == '.': base = ''
    cands = [base, base + '.js', base + '.json', (base + '/' if base else '') + 'index.js']
    if p.endswith('.d.ts') and base.endswith('.js'): cands.insert(0, base[:-3] + '.d.ts')
    for c in cands:
        if c and os.path.isfile(_abs(T, c)): return c
    return None

def resolved_imports(T, p):
    return sorted({r for r in (resolve(T, p, s) for s in imports(T, p)) if r})

def importers(T, target, only_ext=('.js', '.ts')):
    tg = target if isinstance(target, (list, tuple, set)) else [target]
    return sorted(f for f in files(T) if f.endswith(only_ext) and any(resolve(T, f, s) in tg for s in imports(T, f)))

def importers_spec(T, spec, only_ext=('.js', '.ts')):
    return sorted(f for f in files(T) if f.endswith(only_ext) and spec in imports(T, f))

def pkg(T, *keys, path='package.json'):
    v = json.loads(text(T, path))
    for k in keys:
        if v is None: return None
        v = v.get(k)
    return v

def keys(d): return sorted(d.keys()) if d else []

def by_size(T, n=None, reverse=True):
    fl = sorted(files(T), key=lambda f: (-size(T, f), f) if reverse else (size(T, f), f))
    return fl[:n] if n else fl

def smallest(T):
    m = min(size(T, f) for f in files(T)); return [f for f in files(T) if size(T, f) == m]

def largest(T):
    m = max(size(T, f) for f in files(T)); return [f for f in files(T) if size(T, f) == m]

def ext_of(p, compound=False):
    b = p.rsplit('/', 1)[-1]
    if '.' not in b.lstrip('.'): return ''
    if compound: return '.' + b.split('.', 1)[1]
    return '.' + b.rsplit('.', 1)[1]

def exts(T, compound=False, dot=True, none_label=None):
    s = set()
    for f in files(T):
        e = ext_of(f, compound)
        if e == '':
            if none_label is not None: s.add(none_label)
            continue
        s.add(e if dot else e[1:])
    return sorted(s)

def defn(T, regex, only=None, ext=None):
    """Definition lines: regex matched against each line (re.search)."""
    return grep(T, regex, only=only, regex=True, ext=ext)

def obj_keys(T, p, start):
    """Keys of an object literal starting on the line matching regex `start` (one key per line)."""
    L = text(T, p).split('\n'); out = []; on = False
    for line in L:
        if not on:
            if re.search(start, line): on = True
            continue
        if re.match(r'^\}', line): break
        m = re.match(r'^\s*([A-Za-z_$][\w$]*)\s*[,:]?', line)
        if m and not line.strip().startswith('//'): out.append(m.group(1))
        elif re.match(r"^\s*['\"]", line): pass
    return out

def esm_exports(T, p):
    out = []
    for line in text(T, p).split('\n'):
        m = re.match(r'^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|class|function\*?|type|interface)\s+([A-Za-z_$][\w$]*)', line)
        if m: out.append(m.group(1))
        elif re.match(r'^export\s+default\b', line): out.append('default')
        else:
            m = re.match(r'^export\s*\{([^}]*)\}', line)
            if m:
                for part in m.group(1).split(','):
                    part = part.strip()
                    if part: out.append(part.split(' as ')[-1].strip())
    return out

def cjs_named_exports(T, p):
    out = []
    for m in re.finditer(r'^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=(?!=)', text(T, p), re.M):
        if m.group(1) not in out: out.append(m.group(1))
    return out
