"""Helpers used by build.py `how` expressions. Every helper reads the tree named by the
module-level variable TREE (set by build.py per request). Paths are tree-relative, '/'-separated."""
import os, re, json, posixpath

ROOT = '/work/main/.corpus-trees'
TREE = None


def _root():
    return os.path.join(ROOT, TREE)

# ---------- gold constructors ----------
def N(v): return {"kind": "number", "value": v}
def P(v, ordered=False):
    g = {"kind": "paths", "value": list(v)}
    if ordered: g["ordered"] = True
    return g
def S(v): return {"kind": "strings", "value": sorted(set(v))}
def T(v): return {"kind": "text", "value": v}
def J(v): return {"kind": "json", "value": v}
def H(v): return {"kind": "hits", "value": sorted(v, key=lambda h: (h["file"], h["line"]))}

# ---------- file system ----------
def files(under='', ext=None, recursive=True):
    """regular files under `under` ('' = whole tree). ext matches the end of the name."""
    base = os.path.join(_root(), under)
    out = []
    for dp, dn, fn in os.walk(base):
        for f in fn:
            rel = os.path.relpath(os.path.join(dp, f), _root()).replace(os.sep, '/')
            if ext and not f.endswith(ext):
                continue
            out.append(rel)
        if not recursive:
            break
    return sorted(out)

def dirs(under='', recursive=True):
    base = os.path.join(_root(), under)
    out = []
    for dp, dn, fn in os.walk(base):
        for d in dn:
            out.append(os.path.relpath(os.path.join(dp, d), _root()).replace(os.sep, '/'))
        if not recursive:
            break
    return sorted(out)

def read(p):
    with open(os.path.join(_root(), p), encoding='utf-8', newline='') as f:
        return f.read()

def size(p): return os.path.getsize(os.path.join(_root(), p))
def lines(p): return len(read(p).splitlines())          # last line w/o newline counts
def wcl(p): return read(p).count('\n')                   # wc -l convention
def rng(p, a, b): return '\n'.join(read(p).splitlines()[a - 1:b])

def by_size(paths, desc=True): return sorted(paths, key=lambda p: (-size(p) if desc else size(p), p))

# ---------- search ----------
def grep(pat, paths=None, regex=False, icase=False):
    paths = files() if paths is None else paths
    flags = re.I if icase else 0
    rx = re.compile(pat if regex else re.escape(pat), flags)
    hits = []
    for p in paths:
        for i, l in enumerate(read(p).splitlines(), 1):
            if rx.search(l):
                hits.append({"file": p, "line": i})
    return hits

def occurrences(pat, paths=None):
    paths = files() if paths is None else paths
    return sum(read(p).count(pat) for p in paths)

def hitfiles(h): return sorted({x["file"] for x in h})

# ---------- package.json ----------
def pkg(*keys):
    v = json.loads(read('package.json'))
    for k in keys:
        v = v.get(k) if isinstance(v, dict) else None
    return v

# ---------- modules ----------
SPEC_RX = [
    re.compile(r'''require\(\s*['"]([^'"]+)['"]\s*\)'''),
    re.compile(r'''^\s*import\s+(?:type\s+)?[^'";]*?\bfrom\s+['"]([^'"]+)['"]''', re.M | re.S),
    re.compile(r'''^\s*import\s+['"]([^'"]+)['"]''', re.M),
    re.compile(r'''^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\}|\*\s+as\s+\w+)\s*from\s+['"]([^'"]+)['"]''', re.M | re.S),
    re.compile(r'''\bimport\(\s*['"]([^'"]+)['"]\s*\)'''),
]

def _strip_comments(src):
    src = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), src, flags=re.S)
    return re.sub(r'(?m)^\s*//.*$', '', src)

def specs(p, reexports=True):
    src = _strip_comments(read(p))
    out = []
    for i, rx in enumerate(SPEC_RX):
        if i == 3 and not reexports:
            continue
        out += rx.findall(src)
    return sorted(set(out))

def resolve(frm, spec):
    if not spec.startswith('.'):
        return spec
    base = posixpath.normpath(posixpath.join(posixpath.dirname(frm), spec))
    cands = [base, base + '.js', base + '/index.js', base + '.d.ts']
    allf = set(files())
    for c in cands:
        if c in allf:
            return c
    return base

def importers(target, paths, reexports=True, literal=False):
    out = []
    for p in paths:
        for s in specs(p, reexports):
            if (s == target) if literal else (resolve(p, s) == target or s == target):
                out.append(p)
                break
    return sorted(out)

def esm_exports(p, expand=False, seen=None):
    """names exported by an ES module (.js). expand=True follows `export * from`."""
    src = _strip_comments(read(p))
    names = set()
    if re.search(r'^export\s+default\b', src, re.M): names.add('default')
    names |= set(re.findall(r'^export\s+(?:async\s+)?(?:class|function\*?|const|let|var)\s+(\w+)', src, re.M))
    for body in re.findall(r'^export\s*\{([^}]*)\}', src, re.M):
        for part in body.split(','):
            part = part.strip()
            if part:
                names.add(part.split(' as ')[-1].strip())
    if expand:
        seen = seen or set()
        for spec in re.findall(r'''^export\s*\*\s*from\s*['"]([^'"]+)['"]''', src, re.M):
            t = resolve(p, spec)
            if t in seen: continue
            seen.add(t)
            names |= (set(esm_exports(t, True, seen)) - {'default'})
    return sorted(names)

def cjs_exports(p):
    src = read(p)
    names = set(re.findall(r'^exports\.(\w+)\s*=\s*(?!void 0)', src, re.M))
    names |= set(re.findall(r'Object\.defineProperty\(exports,\s*"(\w+)"', src)) - {'__esModule'}
    names |= set(re.findall(r'^module\.exports\.(\w+)\s*=', src, re.M))
    return sorted(names)

# ---------- definitions ----------
def defs(name, paths=None):
    paths = files() if paths is None else paths
    n = re.escape(name)
    rx = re.compile(
        r'^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?'
        r'(?:(?:async\s+)?function\*?\s+' + n + r'\b|class\s+' + n + r'\b|(?:const|let|var)\s+' + n + r'\s*[=:]'
        r'|interface\s+' + n + r'\b|type\s+' + n + r'\b)'
        r'|^\s*exports\.' + n + r'\s*=\s*(?=\S)(?!void 0)(?!exports\.)(?!' + n + r';)'   # cjs value assignment (not `= void 0`, not `exports.X = X;`)
    )
    return [h for h in grep(rx.pattern, paths, regex=True)]

def method_defs(name, paths):
    return grep(r'^\s+(?:static\s+|async\s+|get\s+|set\s+)*' + re.escape(name) + r'(?:<[^>]*>)?\(.*\)\s*(?::[^{;]*)?[{;]\s*$', paths, regex=True)

def js(paths): return [p for p in paths if p.endswith('.js') and not p.endswith('.min.js')]
def dts(paths): return [p for p in paths if p.endswith('.d.ts')]
