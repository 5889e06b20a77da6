"""Helpers used by the `how` expressions in build.py.

All helpers work on the current tree root (set with set_tree) and return
tree-relative '/'-separated paths.  Pure Python, no external tools.
"""
import json
import os
import re

TREES_ROOT = '/work/main/.corpus-trees'
ROOT = None


def set_tree(name):
    global ROOT
    ROOT = os.path.join(TREES_ROOT, name)


def _abs(p):
    return os.path.join(ROOT, p) if p else ROOT


# ---------------------------------------------------------------- listing
def files(under='', ext=None, recursive=True, hidden=True):
    """Regular files under `under` (tree-relative). ext: suffix match (e.g. '.d.ts')."""
    base = _abs(under)
    out = []
    for dp, dns, fns in os.walk(base):
        dns.sort()
        for fn in sorted(fns):
            full = os.path.join(dp, fn)
            if not os.path.isfile(full) or os.path.islink(full):
                continue
            rel = os.path.relpath(full, ROOT).replace(os.sep, '/')
            if not hidden and any(part.startswith('.') for part in rel.split('/')):
                continue
            if ext is not None:
                exts = ext if isinstance(ext, (list, tuple)) else [ext]
                if not any(fn.endswith(e) for e in exts):
                    continue
            out.append(rel)
        if not recursive:
            break
    return sorted(out)


def dirs(under='', recursive=True):
    base = _abs(under)
    out = []
    for dp, dns, fns in os.walk(base):
        for d in sorted(dns):
            out.append(os.path.relpath(os.path.join(dp, d), ROOT).replace(os.sep, '/'))
        if not recursive:
            break
    return sorted(out)


def entries(under=''):
    return sorted(files(under, recursive=False) + dirs(under, recursive=False))


def count(xs):
    return len(xs)


def ext_of(path, multi=True):
    """Extension convention: multi=True keeps compound suffixes .d.ts / .js.map / .min.js
    is NOT treated as compound (only .d.ts and .js.map are)."""
    name = path.rsplit('/', 1)[-1]
    if multi:
        for comp in ('.d.ts', '.js.map'):
            if name.endswith(comp):
                return comp
    i = name.rfind('.')
    return name[i:] if i > 0 else ''


def extensions(multi=True, dot=True, include_none=False):
    s = set()
    for f in files():
        e = ext_of(f, multi)
        if e == '' and not include_none:
            continue
        s.add(e if dot else e.lstrip('.'))
    return sorted(s)


def ext_counts(multi=True, none_key='(none)'):
    d = {}
    for f in files():
        e = ext_of(f, multi) or none_key
        d[e] = d.get(e, 0) + 1
    return dict(sorted(d.items()))


# ---------------------------------------------------------------- content
def text(path):
    with open(_abs(path), encoding='utf-8', newline='') as fh:
        return fh.read()


def lines_of(path):
    return text(path).splitlines()


def read_lines(path, start, end=None):
    ls = lines_of(path)
    end = end or len(ls)
    return '\n'.join(ls[start - 1:end])


def tail(path, n):
    ls = lines_of(path)
    return '\n'.join(ls[-n:])


def nlines(path):
    """Editor line count: number of lines, last unterminated line counts."""
    return len(lines_of(path))


def wcl(path):
    """wc -l: number of newline characters."""
    return text(path).count('\n')


def size(path):
    return os.path.getsize(_abs(path))


def total_size(paths):
    return sum(size(p) for p in paths)


def largest(n=1, pool=None):
    pool = files() if pool is None else pool
    return [p for p in sorted(pool, key=lambda p: (-size(p), p))][:n]


def most_lines(n=1, pool=None, fn=None):
    fn = fn or nlines
    pool = files() if pool is None else pool
    return sorted(pool, key=lambda p: (-fn(p), p))[:n]


def empty_files():
    return [p for p in files() if size(p) == 0]


# ---------------------------------------------------------------- search
def grep(pattern, pool=None, regex=False, icase=False, word=False):
    pool = files() if pool is None else pool
    if not regex:
        pattern = re.escape(pattern)
    if word:
        pattern = r'\b' + pattern + r'\b'
    rx = re.compile(pattern, re.I if icase else 0)
    hits = []
    for p in pool:
        try:
            ls = lines_of(p)
        except UnicodeDecodeError:
            continue
        for i, l in enumerate(ls, 1):
            if rx.search(l):
                hits.append({'file': p, 'line': i})
    return hits


def hit_files(hits):
    return sorted({h['file'] for h in hits})


def occurrences(pattern, path, regex=False):
    if not regex:
        pattern = re.escape(pattern)
    return len(re.findall(pattern, text(path)))


def no_maps(pool):
    return [p for p in pool if not p.endswith('.map')]


def minus(pool, drop):
    drop = set(drop)
    return [p for p in pool if p not in drop and not any(p.startswith(d.rstrip('/') + '/') for d in drop)]


def only_ext(hits, exts):
    return [h for h in hits if any(h['file'].endswith(e) for e in exts)]


# ---------------------------------------------------------------- imports / exports
_REQ = re.compile(r"""\brequire\(\s*['"]([^'"]+)['"]\s*\)""")
_IMP = re.compile(r"""^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]""", re.M)
_IMP_BARE = re.compile(r"""^\s*import\s*['"]([^'"]+)['"]""", re.M)
_DYN = re.compile(r"""\bimport\(\s*['"]([^'"]+)['"]\s*\)""")


def _strip_comments(src):
    src = re.sub(r'/\*.*?\*/', '', src, flags=re.S)
    src = re.sub(r'(?m)^\s*//.*$', '', src)
    return src


def imports(path, reexports=True, toplevel_only=False, dynamic=True):
    """Module specifiers as written, in first-seen order (deduplicated)."""
    src = _strip_comments(text(path))
    found = []
    if toplevel_only:
        for m in re.finditer(r"""(?m)^(?:const|let|var)\s+[\w{}\s,]+=\s*require\(\s*['"]([^'"]+)['"]\s*\)""", src):
            found.append((m.start(), m.group(1)))
        for m in re.finditer(r"""(?m)^import\b[^'"]*?['"]([^'"]+)['"]""", src):
            found.append((m.start(), m.group(1)))
        if reexports:
            for m in re.finditer(r"""(?m)^export\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]""", src):
                found.append((m.start(), m.group(1)))
    else:
        for m in _REQ.finditer(src):
            found.append((m.start(), m.group(1)))
        for m in _IMP.finditer(src):
            stmt = m.group(0).lstrip()
            if stmt.startswith('export') and not reexports:
                continue
            found.append((m.start(), m.group(1)))
        for m in _IMP_BARE.finditer(src):
            found.append((m.start(), m.group(1)))
        if dynamic:
            for m in _DYN.finditer(src):
                found.append((m.start(), m.group(1)))
    out = []
    for _, s in sorted(found):
        if s not in out:
            out.append(s)
    return out


def resolve(frm, spec):
    """Resolve a relative specifier to a tree file path (None for packages / builtins)."""
    if not spec.startswith('.'):
        return None
    base = os.path.dirname(frm)
    cand = os.path.normpath(os.path.join(base, spec)).replace(os.sep, '/')
    tries = [cand]
    if frm.endswith('.d.ts'):
        stem = cand[:-3] if cand.endswith('.js') else cand
        tries = [stem + '.d.ts', stem + '/index.d.ts'] + tries
    tries += [cand + '.js', cand + '.json', cand + '/index.js']
    for t in tries:
        if os.path.isfile(_abs(t)):
            return t
    return cand


def resolved_imports(path, **kw):
    return [r if r else s for s, r in ((s, resolve(path, s)) for s in imports(path, **kw))]


def importers(target, pool=None, **kw):
    """Files whose imports resolve to `target` (a tree path) or name the package `target`."""
    pool = files(ext=['.js', '.d.ts']) if pool is None else pool
    out = []
    for p in pool:
        if p.endswith('.map') or p.endswith('.min.js'):
            continue
        for s in imports(p, **kw):
            r = resolve(p, s)
            if r == target or (r is None and (s == target or s.startswith(target + '/'))):
                out.append(p)
                break
    return sorted(out)


def package_names(specs):
    out = []
    for s in specs:
        if s.startswith('.'):
            continue
        parts = s.split('/')
        name = '/'.join(parts[:2]) if s.startswith('@') else parts[0]
        if name not in out:
            out.append(name)
    return out


def exports(path):
    """Exported names.  CommonJS: exports.NAME = / module.exports (-> 'module.exports').
    ESM: export const/let/var/function/class NAME, export default (-> 'default'),
    export { a, b as c } [from ...], export type/interface (only in .d.ts)."""
    src = _strip_comments(text(path))
    names = []

    def add(n):
        if n not in names:
            names.append(n)
    for m in re.finditer(r'(?m)^exports\.(\w+)\s*=', src):
        add(m.group(1))
    for m in re.finditer(r'(?m)^(?:exports\.\w+\s*=\s*)+', src):
        for n in re.findall(r'exports\.(\w+)', m.group(0)):
            add(n)
    if re.search(r'(?m)^module\.exports\s*=', src):
        add('module.exports')
    for m in re.finditer(r'(?m)^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|type|interface|enum)\s+(\w+)', src):
        add(m.group(1))
    for m in re.finditer(r'(?m)^export\s+default\b', src):
        add('default')
    for m in re.finditer(r'(?ms)^export\s+(?:type\s+)?\{([^}]*)\}', src):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            add(part.split(' as ')[-1].strip())
    return names


# ---------------------------------------------------------------- package.json
def pkg(*keys):
    v = json.loads(text('package.json'))
    for k in keys:
        v = v[k]
    return v


def pkg_get(*keys, default=None):
    try:
        return pkg(*keys)
    except KeyError:
        return default


def keys(d):
    return list(d.keys()) if d else []
