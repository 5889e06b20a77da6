"""Helpers used by the `how` expressions in build.py.

Every function takes the tree root name implicitly through the global TREE
(set by build.py before each evaluation) and returns plain JSON values.
Paths are tree-relative and '/'-separated.
"""
import os, re, json

ROOT = '/work/main/.corpus-trees'
TREE = None  # set by build.py


def _root():
    return os.path.join(ROOT, TREE)


def _abs(p):
    return os.path.join(_root(), p)


# ---------------------------------------------------------------- listing
def files(under='', ext=None, recursive=True, name=None, prefix=None):
    """Regular files (hidden included), sorted. ext matches the name ending."""
    base = _abs(under) if under else _root()
    out = []
    for dp, dns, fns in os.walk(base):
        dns.sort()
        for f in fns:
            full = os.path.join(dp, f)
            if not os.path.isfile(full) or os.path.islink(full):
                continue
            if ext is not None and not f.endswith(ext):
                continue
            if name is not None and f != name:
                continue
            if prefix is not None and not f.startswith(prefix):
                continue
            out.append(os.path.relpath(full, _root()).replace(os.sep, '/'))
        if not recursive:
            break
    return sorted(out)


def dirs(under='', recursive=True):
    base = _abs(under) if under else _root()
    out = []
    for dp, dns, fns in os.walk(base):
        for d in dns:
            out.append(os.path.relpath(os.path.join(dp, d), _root()).replace(os.sep, '/'))
        if not recursive:
            break
    return sorted(out)


def entries(under='', recursive=False):
    return sorted(files(under, recursive=recursive) + dirs(under, recursive=recursive))


def count(xs):
    return len(xs)


def exts(paths):
    """Extension of each file; '.d.ts' kept whole; no extension -> skipped."""
    out = set()
    for p in paths:
        b = p.rsplit('/', 1)[-1]
        if b.endswith('.d.ts'):
            out.add('.d.ts')
        elif '.' in b.lstrip('.'):
            out.add('.' + b.rsplit('.', 1)[1])
    return sorted(out)


# ---------------------------------------------------------------- content
def read(p):
    with open(_abs(p), encoding='utf-8') as fh:
        return fh.read()


def rstrip_nl(s):
    return s.rstrip('\n')


def line_list(p):
    return read(p).split('\n')[:-1] if read(p).endswith('\n') else read(p).split('\n')


def lines(p, a, b):
    """Lines a..b inclusive (1-based) joined with '\n' (no trailing newline)."""
    return '\n'.join(line_list(p)[a - 1:b])


def nlines(p):
    """Number of lines: newline count, +1 if last line is unterminated."""
    return len(line_list(p)) if read(p) else 0


def wcl(p):
    return read(p).count('\n')


def total_lines(paths):
    return sum(nlines(p) for p in paths)


def size(p):
    return os.path.getsize(_abs(p))


def total_size(paths):
    return sum(size(p) for p in paths)


def largest(n, paths=None, smallest=False):
    paths = files() if paths is None else paths
    return sorted(paths, key=lambda p: (size(p) if smallest else -size(p), p))[:n]


def pkg(field=None, path='package.json'):
    d = json.loads(read(path))
    if field is None:
        return d
    for part in field.split('.'):
        if not isinstance(d, dict) or part not in d:
            return None
        d = d[part]
    return d


def keys(x):
    return sorted(x.keys()) if isinstance(x, dict) else []


# ---------------------------------------------------------------- search
def grep(pat, paths=None, regex=False, icase=False):
    """Hits [{'file','line'}] for lines containing pat (literal unless regex)."""
    paths = files() if paths is None else paths
    flags = re.I if icase else 0
    rx = re.compile(pat if regex else re.escape(pat), flags)
    out = []
    for p in paths:
        try:
            ls = line_list(p)
        except UnicodeDecodeError:
            continue
        for i, l in enumerate(ls, 1):
            if rx.search(l):
                out.append({'file': p, 'line': i})
    return out


def grep_files(pat, paths=None, regex=False, icase=False):
    return sorted({h['file'] for h in grep(pat, paths, regex, icase)})


def occurrences(pat, paths, regex=False):
    rx = re.compile(pat if regex else re.escape(pat))
    return sum(len(rx.findall(read(p))) for p in paths)


def hit_files(hits):
    return sorted({h['file'] for h in hits})


def only(hits, pred):
    return [h for h in hits if pred(h['file'])]


# ---------------------------------------------------------------- code facts
def _is_comment(l):
    s = l.strip()
    return s.startswith('*') or s.startswith('//') or s.startswith('/*')


def defs(name, paths=None, dts=True):
    """Definition sites of `name`: function/class declarations, var/let/const
    assignments (not require() lines), X.name = function, TS declare forms."""
    paths = files() if paths is None else paths
    n = re.escape(name)
    pats = [
        r'\bfunction\*?\s+%s\s*[(<]' % n,
        r'\bclass\s+%s\b' % n,
        r'^\s*(?:export\s+)?(?:var|let|const)\s+%s\s*=(?!.*\brequire\()' % n,
        r'\b[\w$]+\.%s\s*=\s*(?:async\s+)?function\b' % n,
        r'\bdeclare\s+(?:function|class|const)\s+%s\b' % n,
    ]
    rx = re.compile('|'.join('(?:%s)' % p for p in pats))
    out = []
    for p in paths:
        if not dts and p.endswith('.d.ts'):
            continue
        for i, l in enumerate(line_list(p), 1):
            if _is_comment(l):
                continue
            if rx.search(l):
                out.append({'file': p, 'line': i})
    return out


_REQ = re.compile(r'''\brequire\(\s*['"]([^'"]+)['"]\s*\)''')
_IMP = re.compile(r'''^\s*import\s+(?:type\s+)?(?:[^'";]*?\s+from\s*)?['"]([^'"]+)['"]''', re.M)
_REEXP = re.compile(r'''^\s*export\s+(?:type\s+)?[^'";]*?\s+from\s*['"]([^'"]+)['"]''', re.M)


def _code(p):
    return '\n'.join(l for l in line_list(p) if not _is_comment(l))


def imports(p, reexports=True):
    """Module specifiers from require(x), import ... from x and export ... from x (non-comment
    lines), in first-seen order, deduplicated."""
    t = _code(p)
    found = []
    for m in sorted([(m.start(), m.group(1)) for m in _REQ.finditer(t)] +
                    [(m.start(), m.group(1)) for m in _IMP.finditer(t)] +
                    ([(m.start(), m.group(1)) for m in _REEXP.finditer(t)] if reexports else [])):
        if m[1] not in found:
            found.append(m[1])
    return found


def resolve(frm, spec):
    if not spec.startswith('.'):
        return None
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')
    for c in (base, base + '.js', base + '.d.ts', base + '/index.js'):
        if os.path.isfile(_abs(c)):
            return c
    if base.endswith('.js') and os.path.isfile(_abs(base[:-3] + '.d.ts')):
        return base[:-3] + '.d.ts'
    return None


def importers(target, paths=None, reexports=True):
    """Files whose imports resolve to tree file `target` (or, for a bare
    specifier such as 'node:http', import exactly that specifier)."""
    paths = files() if paths is None else [p for p in paths]
    out = []
    for p in paths:
        if not re.search(r'\.(js|ts|mjs|cjs)$', p):
            continue
        for s in imports(p, reexports):
            if (s == target) or (resolve(p, s) == target):
                out.append(p)
                break
    return sorted(out)


def importers_basename(basename, paths=None):
    """Files importing any tree file whose basename is `basename`."""
    paths = files() if paths is None else paths
    out = []
    for p in paths:
        if not re.search(r'\.(js|ts)$', p):
            continue
        for s in imports(p):
            r = resolve(p, s)
            if r and r.rsplit('/', 1)[-1] == basename:
                out.append(p)
                break
    return sorted(out)


def exports_of(p):
    """Exported names: CJS exports.X / module.exports = X, ESM export forms."""
    t = _code(p)
    names = []
    def add(n):
        if n not in names:
            names.append(n)
    for m in re.finditer(r'^\s*(?:module\.)?exports\.([\w$]+)\s*=', t, re.M):
        add(m.group(1))
    for m in re.finditer(r'^\s*(?:exports\s*=\s*)?module\.exports\s*=\s*([\w$]+)\s*;?\s*$', t, re.M):
        add(m.group(1))
    for m in re.finditer(r'^\s*export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)', t, re.M):
        add(m.group(1))
    for m in re.finditer(r'^\s*export\s+\*\s+as\s+([\w$]+)', t, re.M):
        add(m.group(1))
    for m in re.finditer(r'^\s*export\s+(?!type\b)\{([^}]*)\}', t, re.M):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            add(part.split(' as ')[-1].strip())
    if re.search(r'^\s*export\s+default\b', t, re.M):
        add('default')
    return names
