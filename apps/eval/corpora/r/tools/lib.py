"""Helpers for computing golds from a tree. Every helper works on the current tree (set_tree)."""
import json, os, re, posixpath

ROOT = '/work/main/.corpus-trees'
_T = {'tree': None}


def set_tree(name):
    _T['tree'] = name


def base():
    return os.path.join(ROOT, _T['tree'])


# ---------- filesystem ----------
def all_entries():
    """(relpath, is_dir) for every entry under the tree, sorted."""
    out = []
    b = base()
    for dp, dns, fns in os.walk(b):
        dns.sort()
        for d in dns:
            out.append((os.path.relpath(os.path.join(dp, d), b).replace(os.sep, '/'), True))
        for f in fns:
            out.append((os.path.relpath(os.path.join(dp, f), b).replace(os.sep, '/'), False))
    return sorted(out)


def _under(p, under):
    if not under:
        return True
    under = under.strip('/')
    return p.startswith(under + '/')


def files(under=None, ext=None, recursive=True, name_re=None):
    out = []
    for p, isdir in all_entries():
        if isdir or not _under(p, under):
            continue
        rest = p[len(under.strip('/')) + 1:] if under else p
        if not recursive and '/' in rest:
            continue
        if ext and not p.endswith(ext):
            continue
        if name_re and not re.search(name_re, posixpath.basename(p)):
            continue
        out.append(p)
    return out


def dirs(under=None, recursive=True):
    out = []
    for p, isdir in all_entries():
        if not isdir or not _under(p, under):
            continue
        rest = p[len(under.strip('/')) + 1:] if under else p
        if not recursive and '/' in rest:
            continue
        out.append(p)
    return out


def entries(under=None, recursive=False):
    return sorted(files(under, recursive=recursive) + dirs(under, recursive=recursive))


def read(p):
    with open(os.path.join(base(), p), encoding='utf-8', newline='') as fh:
        return fh.read()


def line_list(p):
    return read(p).split('\n')[:-1] if read(p).endswith('\n') else read(p).split('\n')


def nlines(p):
    """number of lines = number of newline-terminated lines (+1 if last line unterminated)"""
    t = read(p)
    return t.count('\n') + (1 if t and not t.endswith('\n') else 0)


def nonblank(p):
    return sum(1 for l in line_list(p) if l.strip())


def lines(p, a, b):
    """lines a..b inclusive, 1-based, joined with \n (no trailing newline)"""
    return '\n'.join(line_list(p)[a - 1:b])


def head(p, n):
    return lines(p, 1, n)


def tail(p, n):
    return '\n'.join(line_list(p)[-n:])


def size(p):
    return os.path.getsize(os.path.join(base(), p))


def by_size(under=None, reverse=True):
    return sorted(files(under), key=lambda p: (-size(p), p) if reverse else (size(p), p))


def ext_of(p, double=False):
    b = posixpath.basename(p)
    if double and b.endswith('.d.ts'):
        return '.d.ts'
    return posixpath.splitext(b)[1]


def ext_counts(double=False, dot=True):
    c = {}
    for p in files():
        e = ext_of(p, double)
        if not dot:
            e = e.lstrip('.')
        c[e] = c.get(e, 0) + 1
    return c


# ---------- text search ----------
def grep(pat, under=None, only=None, regex=False, icase=False):
    hits = []
    fl = ([only] if isinstance(only, str) else only) if only else files(under)
    flags = re.I if icase else 0
    for p in fl:
        for i, l in enumerate(line_list(p), 1):
            if regex:
                ok = re.search(pat, l, flags)
            else:
                ok = (pat.lower() in l.lower()) if icase else (pat in l)
            if ok:
                hits.append({'file': p, 'line': i})
    return hits


def grep_files(pat, under=None, regex=False, icase=False):
    return sorted({h['file'] for h in grep(pat, under, regex=regex, icase=icase)})


def occurrences(pat, p):
    return read(p).count(pat)


def defs(name, under=None, only=None):
    """definition lines of a function/class/const named `name` (JS/TS)."""
    rx = (r'^\s*(export\s+)?(default\s+)?(declare\s+)?(async\s+)?'
          r'(function\s*\*?\s*|class\s+|const\s+|let\s+|var\s+|interface\s+|type\s+)'
          + re.escape(name) + r'\b')
    return grep(rx, under, only, regex=True)


def classes(under=None):
    rx = r'^\s*(export\s+)?(default\s+)?class\s+(\w+)'
    out = []
    for p in files(under):
        for l in line_list(p):
            m = re.search(rx, l)
            if m:
                out.append(m.group(3))
    return out


# ---------- modules ----------
IMPORT_RXES = [
    r"""\bimport\s+[^'";]*?\bfrom\s*['"]([^'"]+)['"]""",
    r"""\bexport\s+[^'";]*?\bfrom\s*['"]([^'"]+)['"]""",
    r"""\bimport\s*['"]([^'"]+)['"]""",
    r"""\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)""",
    r"""\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)""",
]


def _strip_comments(t):
    t = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), t, flags=re.S)
    t = re.sub(r'(^|[^:\\])//[^\n]*', r'\1', t)
    return t


def imports(p):
    t = _strip_comments(read(p))
    out = []
    for rx in IMPORT_RXES:
        for m in re.finditer(rx, t, re.S):
            if m.group(1) not in out:
                out.append(m.group(1))
    return out


def resolve(frm, spec):
    if not spec.startswith('.'):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(frm), spec))


def importers(target=None, pkg=None, under=None, exts=('.js', '.cjs', '.mjs', '.ts')):
    out = []
    for p in files(under):
        if not p.endswith(exts):
            continue
        for s in imports(p):
            if target and resolve(p, s) == target:
                out.append(p)
                break
            if pkg and (s == pkg or s.startswith(pkg + '/')):
                out.append(p)
                break
    return sorted(out)


def exports(p, default_as='default'):
    t = _strip_comments(read(p))
    out = []
    for m in re.finditer(r'\bexport\s+(default\s+)?(async\s+)?(function\s*\*?|class|const|let|var)\s+(\w+)', t):
        if m.group(1):
            if default_as is None:
                continue
            nm = m.group(4) if default_as == 'name' else default_as
        else:
            nm = m.group(4)
        out.append(nm)
    for m in re.finditer(r'\bexport\s+default\s+(?!async\b|function\b|class\b)(\w+)\s*;?', t):
        if default_as is not None:
            out.append(m.group(1) if default_as == 'name' else default_as)
    for m in re.finditer(r'\bexport\s*\{([^}]*)\}', t):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            out.append(part.split(' as ')[-1].strip())
    for m in re.finditer(r'\bmodule\.exports\s*=', t):
        out.append('module.exports')
    res = []
    for x in out:
        if x not in res:
            res.append(x)
    return res


# ---------- package.json ----------
def pkg(*keys):
    d = json.loads(read('package.json'))
    for k in keys:
        d = d.get(k) if isinstance(d, dict) else None
        if d is None:
            return None
    return d


# ---------- gold constructors ----------
def N(v):
    return {'kind': 'number', 'value': v}


def P(v, ordered=False):
    g = {'kind': 'paths', 'value': list(v)}
    if ordered:
        g['ordered'] = True
    return g


def S(v):
    return {'kind': 'strings', 'value': sorted(set(v))}


def T(v):
    return {'kind': 'text', 'value': v}


def J(v):
    return {'kind': 'json', 'value': v}


def H(v):
    seen, out = set(), []
    for h in v:
        k = (h['file'], h['line'])
        if k not in seen:
            seen.add(k)
            out.append({'file': h['file'], 'line': h['line']})
    return {'kind': 'hits', 'value': out}
