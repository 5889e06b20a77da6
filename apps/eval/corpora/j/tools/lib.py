"""Helpers that compute golds from the read-only trees (pure Python, stdlib only).

Conventions (see README.md):
- paths are tree-relative, '/'-separated; "files" means regular files, recursive, hidden included
  (none of these three trees has hidden files, symlinks or empty dirs).
- line count = len(text.splitlines()) (a final line without '\n' still counts); equals `wc -l`
  when the file ends with '\n'.
- size = bytes on disk (os.stat st_size).
- read ranges are 1-based inclusive, lines joined with "\n", no trailing newline; a whole-file
  read is the exact file text.
- search hits = {file, line} for every line containing the literal text (1-based).
"""
import json
import os
import re

ROOT = '/work/main/.corpus-trees'
TREE = None  # set by build.py before evaluating a `how`


def _abs(p=''):
    return os.path.join(ROOT, TREE, p) if p else os.path.join(ROOT, TREE)


def files(under='', ext=None, name=None, recursive=True):
    base = _abs(under)
    out = []
    for dp, dn, fn in os.walk(base):
        dn.sort()
        for f in sorted(fn):
            full = os.path.join(dp, f)
            rel = os.path.relpath(full, _abs())
            if not recursive and os.path.dirname(rel) != under.rstrip('/'):
                continue
            if ext and not f.endswith(ext):
                continue
            if name and f != name:
                continue
            out.append(rel.replace(os.sep, '/'))
    return sorted(out)


def dirs(under='', recursive=True):
    base = _abs(under)
    out = []
    for dp, dn, fn in os.walk(base):
        for d in dn:
            rel = os.path.relpath(os.path.join(dp, d), _abs()).replace(os.sep, '/')
            if not recursive and os.path.dirname(rel) != under.rstrip('/'):
                continue
            out.append(rel)
    return sorted(out)


def text(p):
    with open(_abs(p), encoding='utf-8', errors='surrogateescape') as fh:
        return fh.read()


def nlines(p):
    return len(text(p).splitlines())


def wcl(p):
    return text(p).count('\n')


def size(p):
    return os.stat(_abs(p)).st_size


def read(p, a=None, b=None):
    if a is None:
        return text(p)
    ls = text(p).splitlines()
    return '\n'.join(ls[a - 1:b])


def grep(s, under='', icase=False, ext=None, regex=False, skip=()):
    hits = []
    fl = [under] if under and os.path.isfile(_abs(under)) else files(under, ext=ext)
    for f in fl:
        if skip and f.endswith(tuple(skip)):
            continue
        try:
            t = text(f)
        except Exception:
            continue
        for i, ln in enumerate(t.splitlines(), 1):
            if regex:
                ok = re.search(s, ln, re.I if icase else 0)
            else:
                ok = (s.lower() in ln.lower()) if icase else (s in ln)
            if ok:
                hits.append({'file': f, 'line': i})
    return hits


def hitfiles(hits):
    return sorted({h['file'] for h in hits})


def occurrences(s, p):
    return text(p).count(s)


def pkg(*keys, p='package.json'):
    v = json.loads(text(p))
    for k in keys:
        v = v[k]
    return v


def keys(*k):
    return sorted(pkg(*k).keys())


def ext_counts(mode='last'):
    c = {}
    for f in files():
        b = f.rsplit('/', 1)[-1]
        if mode == 'last':
            e = os.path.splitext(b)[1]
        else:  # compound: everything from the first dot
            e = '.' + b.split('.', 1)[1] if '.' in b else ''
        c[e] = c.get(e, 0) + 1
    return c


# ---- imports / exports -------------------------------------------------------
IMPORT_RES = [
    re.compile(r'''\brequire\(\s*['"]([^'"]+)['"]\s*\)'''),
    re.compile(r'''^\s*import\s+(?:type\s+)?[^'";]*?\s+from\s+['"]([^'"]+)['"]''', re.M),
    re.compile(r'''^\s*import\s+['"]([^'"]+)['"]''', re.M),
]
REEXPORT_RE = re.compile(r'''^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\})(?:\s+as\s+\w+)?\s+from\s+['"]([^'"]+)['"]''', re.M)


def imports(p, reexports=True, external_only=False, builtins=True):
    t = text(p)
    out = []
    for r in IMPORT_RES + ([REEXPORT_RE] if reexports else []):
        for m in r.finditer(t):
            if m.group(1) not in out:
                out.append(m.group(1))
    if external_only:
        out = [s for s in out if not s.startswith('.')]
    if not builtins:
        out = [s for s in out if s not in NODE_BUILTINS]
    return sorted(out)


NODE_BUILTINS = {'assert', 'async_hooks', 'crypto', 'dns', 'events', 'http', 'net', 'path', 'querystring',
                 'stream', 'tls', 'url', 'util'}


def resolve(frm, spec):
    """Resolve a relative specifier from file `frm` to a tree file (node rules)."""
    if not spec.startswith('.'):
        return spec
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')
    allf = set(files())
    for cand in (base, base + '.js', base + '/index.js'):
        if cand in allf:
            return cand
    # a .d.ts importing './x' or './x.js' means x.d.ts
    if frm.endswith('.d.ts'):
        b2 = base[:-3] if base.endswith('.js') else base
        for cand in (b2 + '.d.ts', b2 + '/index.d.ts'):
            if cand in allf:
                return cand
    return base


def importers(target, exts=('.js', '.mjs', '.cjs'), reexports=True, dts_as_js=False):
    """Files whose imports name package `target` (bare, or its subpath) or resolve to file `target`."""
    out = []
    for f in files():
        if not f.endswith(tuple(exts)):
            continue
        for s in imports(f, reexports=reexports):
            r = resolve(f, s)
            if dts_as_js and r.endswith('.d.ts'):
                r = r[:-5] + '.js'
            if r == target or (not s.startswith('.') and (s == target or s.startswith(target + '/'))):
                out.append(f)
                break
    return sorted(out)


ESM_DECL = re.compile(r'^export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)', re.M)
ESM_LIST = re.compile(r'^export\s+(?:type\s+)?\{([^}]*)\}', re.M)
ESM_DEFAULT = re.compile(r'^export\s+default\b', re.M)
CJS_ASSIGN = re.compile(r'^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=(?!=)', re.M)
CJS_DEFPROP = re.compile(r'''Object\.defineProperty\(exports,\s*["']([\w$]+)["']''')


def exports(p, include_promise=True):
    t = text(p)
    out = set()
    for m in ESM_DECL.finditer(t):
        out.add(m.group(1))
    for m in ESM_DEFAULT.finditer(t):
        out.add('default')
    for m in ESM_LIST.finditer(t):
        for part in m.group(1).split(','):
            part = part.strip()
            if part:
                out.add(part.split(' as ')[-1].strip())
    for m in CJS_ASSIGN.finditer(t):
        out.add(m.group(1))
    for m in CJS_DEFPROP.finditer(t):
        out.add(m.group(1))
    out.discard('__esModule')
    if not include_promise:
        out.discard('Promise')
    return sorted(out)


def defs(name, kinds=None, exts=None):
    """Definition sites of `name`: class/function/const/let/var declarations, object/class methods,
    `declare class/function/const`, TS interfaces.  exts filters file endings."""
    pats = [
        r'^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?class\s+%s\b',
        r'^\s*(?:export\s+)?(?:declare\s+)?(?:async\s+)?function\s*\*?\s*%s\s*\(',
        r'^\s*(?:export\s+)?(?:declare\s+)?(?:const|let|var)\s+%s\b\s*[=:]',
        # CommonJS definition by assignment of a literal/function/class (not `= X;`, not `= void 0`)
        r'^\s*(?:module\.)?exports\.%s\s*=\s*(?:\{|\[|function\b|class\b|async\b|\(|[-\d"\'])',
        r'^\s{2,4}(?:static\s+|async\s+)*%s\s*\([^)]*\)\s*\{',
    ]
    hits = []
    for f in files():
        if exts and not f.endswith(tuple(exts)):
            continue
        if f.endswith(('.map', '.md', '.json')) or '/' not in f and not f.endswith(('.js', '.mjs', '.ts')):
            continue
        for i, ln in enumerate(text(f).splitlines(), 1):
            for pat in pats:
                if re.search(pat.replace('%s', re.escape(name)), ln):
                    hits.append({'file': f, 'line': i})
                    break
    return hits


def largest(n=None, ext=None, under=''):
    fs = sorted(files(under, ext=ext), key=lambda f: (-size(f), f))
    return fs[:n] if n else fs


def most_lines(under='', ext=None):
    fs = files(under, ext=ext)
    m = max(nlines(f) for f in fs)
    return [f for f in fs if nlines(f) == m]


def headings(p):
    out = []
    fence = False
    for ln in text(p).splitlines():
        if ln.startswith('```'):
            fence = not fence
        if not fence and re.match(r'^#{1,6}\s', ln):
            out.append(ln)
    return out
