"""Helpers used by the `how` expressions in build.py.
Every helper works on one tree (set with use(tree)); all paths are tree-relative, '/'-separated."""
import os, re, json

ROOT = '/work/main/.corpus-trees'
_tree = None


def use(tree):
    global _tree
    _tree = tree


def P(rel=''):
    return os.path.join(ROOT, _tree, rel) if rel else os.path.join(ROOT, _tree)


def _hidden(rel):
    return any(part.startswith('.') for part in rel.split('/'))


def files(under='', rec=True, hidden=True, nm=True, ext=None, suffix=None, pat=None):
    """Regular files under `under` (recursive by default). ext: tuple of name endings."""
    base = P(under)
    out = []
    for dp, dns, fns in os.walk(base):
        dns.sort()
        for f in fns:
            full = os.path.join(dp, f)
            rel = os.path.relpath(full, P()).replace(os.sep, '/')
            if not rec and os.path.dirname(full) != base.rstrip('/'):
                continue
            if not hidden and _hidden(rel):
                continue
            if not nm and '/node_modules/' in '/' + rel:
                continue
            if ext and not f.endswith(tuple(ext) if isinstance(ext, (list, tuple)) else ext):
                continue
            if pat and not re.search(pat, f):
                continue
            out.append(rel)
        if not rec:
            break
    return sorted(out)


def dirs(under='', rec=False):
    base = P(under)
    out = []
    for dp, dns, fns in os.walk(base):
        for d in dns:
            rel = os.path.relpath(os.path.join(dp, d), P()).replace(os.sep, '/')
            out.append(rel)
        if not rec:
            break
    return sorted(out)


def read(rel):
    with open(P(rel), encoding='utf-8', newline='') as fh:
        return fh.read()


def size(rel):
    return os.path.getsize(P(rel))


def wcl(rel):
    """wc -l: number of newline characters"""
    return read(rel).count('\n')


def nlines(rel):
    """number of lines, counting a final unterminated line"""
    return len(read(rel).splitlines())


def rng(rel, a, b):
    lines = read(rel).split('\n')
    if lines and lines[-1] == '':
        lines = lines[:-1]
    return '\n'.join(lines[a - 1:b])


def largest(n=1, under='', **kw):
    fs = files(under, **kw)
    fs.sort(key=lambda f: (-size(f), f))
    return fs[:n]


def extname(rel, compound=False):
    b = rel.split('/')[-1]
    if compound:
        for c in ('.d.ts', '.js.map', '.mjs.map', '.js.flow'):
            if b.endswith(c) and b != c:
                return c
    if b.startswith('.'):
        b2 = b[1:]
        return '' if '.' not in b2 else '.' + b2.rsplit('.', 1)[1]
    return '' if '.' not in b else '.' + b.rsplit('.', 1)[1]


def extcounts(compound=False, **kw):
    d = {}
    for f in files(**kw):
        e = extname(f, compound)
        d[e] = d.get(e, 0) + 1
    return dict(sorted(d.items()))


def _textfiles(under='', only=None, **kw):
    fs = only if only is not None else files(under, **kw)
    for f in fs:
        try:
            yield f, read(f)
        except UnicodeDecodeError:
            continue


def grep(pattern, under='', regex=False, icase=False, only=None, **kw):
    flags = re.I if icase else 0
    rx = re.compile(pattern if regex else re.escape(pattern), flags)
    hits = []
    for f, txt in _textfiles(under, only, **kw):
        for i, line in enumerate(txt.split('\n'), 1):
            if rx.search(line):
                hits.append({'file': f, 'line': i})
    return hits


def count_occ(pattern, under='', regex=False, only=None, **kw):
    rx = re.compile(pattern if regex else re.escape(pattern))
    return sum(len(rx.findall(t)) for f, t in _textfiles(under, only, **kw))


def grepfiles(pattern, under='', regex=False, icase=False, only=None, **kw):
    return sorted({h['file'] for h in grep(pattern, under, regex, icase, only, **kw)})


def hitfiles(hits):
    return sorted({h['file'] for h in hits})


# ---------- module specifiers ----------
REQ = re.compile(r"""\brequire\(\s*['"]([^'"]+)['"]\s*\)""")
ESM_FROM = re.compile(r"""(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]""", re.S)
ESM_BARE = re.compile(r"""(?:^|\n)\s*import\s*['"]([^'"]+)['"]""")
DYN = re.compile(r"""\bimport\(\s*['"]([^'"]+)['"]\s*\)""")


def _strip_comments(txt):
    txt = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), txt, flags=re.S)
    return re.sub(r'(?m)^\s*//.*$', '', txt)


def specifiers(rel, kinds=('require', 'from', 'bare', 'dynamic')):
    t = _strip_comments(read(rel))
    out = []
    if 'require' in kinds:
        out += REQ.findall(t)
    if 'from' in kinds:
        out += ESM_FROM.findall(t)
    if 'bare' in kinds:
        out += ESM_BARE.findall(t)
    if 'dynamic' in kinds:
        out += DYN.findall(t)
    seen = []
    for s in out:
        if s not in seen:
            seen.append(s)
    return seen


def resolve(frm, spec):
    """resolve a relative specifier from file `frm` to a tree file, or None"""
    if not spec.startswith('.'):
        return None
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')
    for cand in (base, base + '.js', base + '.ts', base + '.mjs', base + '.cjs', base + '.d.ts',
                 base + '/index.js', base + '/index.ts'):
        if os.path.isfile(P(cand)):
            return cand
    return None


CODE_EXT = ('.js', '.mjs', '.cjs', '.ts', '.mts', '.cts')


def importers(target, under='', **kw):
    out = []
    for f in files(under, ext=CODE_EXT, **kw):
        if f == target:
            continue
        try:
            specs = specifiers(f)
        except UnicodeDecodeError:
            continue
        if any(resolve(f, s) == target for s in specs):
            out.append(f)
    return sorted(out)


def users_of(pkg, under='', **kw):
    """files whose require/import specifier is the bare package `pkg` (or pkg/subpath)"""
    out = []
    for f in files(under, ext=CODE_EXT, **kw):
        try:
            specs = specifiers(f)
        except UnicodeDecodeError:
            continue
        if any(s == pkg or s.startswith(pkg + '/') for s in specs):
            out.append(f)
    return sorted(out)


def cjs_export_names(rel):
    """names in `module.exports = { a, b: c, ... }` (keys)"""
    t = read(rel)
    m = re.search(r'module\.exports\s*=\s*\{(.*?)\}', t, re.S)
    if not m:
        return []
    names = []
    for part in m.group(1).split(','):
        part = part.strip()
        if not part:
            continue
        names.append(re.split(r'\s*:\s*', part)[0].strip())
    return names


def esm_export_names(rel):
    t = _strip_comments(read(rel))
    names = []
    for m in re.finditer(r'(?m)^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:const\s+enum|function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)', t):
        names.append(m.group(1))
    for m in re.finditer(r'(?m)^export\s*\{([^}]*)\}', t):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            names.append(re.split(r'\s+as\s+', part)[-1].strip())
    out = []
    for n in names:
        if n not in out:
            out.append(n)
    return out


def pkg(field=None):
    d = json.loads(read('package.json'))
    if field is None:
        return d
    for k in field.split('.'):
        d = d.get(k) if isinstance(d, dict) else None
    return d


def H(*pairs):
    """hits literal: H('a.js', 3, 'b.js', 7)"""
    return [{'file': pairs[i], 'line': pairs[i + 1]} for i in range(0, len(pairs), 2)]
