"""Helpers used by build.py `how` expressions. Everything is computed from the trees (read-only)."""
import os, re, json

ROOT = '/work/main/.corpus-trees'


def _abs(tree, p=''):
    return os.path.join(ROOT, tree, p) if p else os.path.join(ROOT, tree)


# ---------- gold constructors ----------
def N(v):
    return {"kind": "number", "value": v}


def P(v, ordered=False):
    g = {"kind": "paths", "value": list(v)}
    if ordered:
        g["ordered"] = True
    else:
        g["value"] = sorted(set(g["value"]))
    return g


def S(v):
    return {"kind": "strings", "value": sorted(set(v))}


def T(v):
    return {"kind": "text", "value": v}


def J(v):
    return {"kind": "json", "value": v}


def H(hits):
    hs = sorted({(h["file"], h["line"]) for h in hits})
    return {"kind": "hits", "value": [{"file": f, "line": l} for f, l in hs]}


def files_of(g):
    """paths variant of a hits gold (notation: file only)"""
    return P([h["file"] for h in g["value"]])


# ---------- file system ----------
def hidden(rel):
    return any(part.startswith('.') for part in rel.split('/'))


def allfiles(tree, under='', recursive=True, include_hidden=True):
    base = _abs(tree, under)
    out = []
    for dp, dns, fns in os.walk(base):
        dns.sort()
        for fn in fns:
            rel = os.path.relpath(os.path.join(dp, fn), _abs(tree)).replace(os.sep, '/')
            out.append(rel)
        if not recursive:
            dns[:] = []
    if not include_hidden:
        out = [r for r in out if not hidden(r)]
    return sorted(out)


def alldirs(tree, under='', recursive=True):
    base = _abs(tree, under)
    out = []
    for dp, dns, fns in os.walk(base):
        for d in dns:
            out.append(os.path.relpath(os.path.join(dp, d), _abs(tree)).replace(os.sep, '/'))
        if not recursive:
            dns[:] = []
    return sorted(out)


def children(tree, under):
    """immediate children (files and folders) of a folder"""
    base = _abs(tree, under)
    return sorted((under.rstrip('/') + '/' + n) if under else n for n in os.listdir(base))


def read(tree, p):
    with open(_abs(tree, p), encoding='utf-8', newline='') as f:
        return f.read()


def nlines(tree, p):
    """editor-style line count: a last line without trailing newline still counts"""
    t = read(tree, p)
    return t.count('\n') + (1 if t and not t.endswith('\n') else 0)


def wcl(tree, p):
    """wc -l style: number of newline characters"""
    return read(tree, p).count('\n')


def size(tree, p):
    return os.path.getsize(_abs(tree, p))


def lines(tree, p, a, b):
    ls = read(tree, p).split('\n')
    if ls and ls[-1] == '':
        ls = ls[:-1]
    return '\n'.join(ls[a - 1:b])


def ext(p, compound=False):
    b = p.split('/')[-1]
    core = b[1:] if b.startswith('.') else b
    if '.' not in core:
        return ''
    if compound:
        m = re.search(r'(\.d\.[cm]?ts)$', b)
        if m:
            return m.group(1)
    return '.' + core.rsplit('.', 1)[1]


def largest(tree, n=1, under='', include_hidden=True):
    fs = allfiles(tree, under, include_hidden=include_hidden)
    return sorted(fs, key=lambda p: (-size(tree, p), p))[:n]


# ---------- text search ----------
def grep(tree, pat, regex=False, under='', files=None, icase=False, exts=None):
    fl = re.I if icase else 0
    rx = re.compile(pat if regex else re.escape(pat), fl)
    out = []
    for p in (files if files is not None else allfiles(tree, under)):
        if exts and not any(p.endswith(e) for e in exts):
            continue
        for i, line in enumerate(read(tree, p).split('\n'), 1):
            if rx.search(line):
                out.append({"file": p, "line": i})
    return out


def count_occ(tree, pat, regex=False, under='', exts=None):
    rx = re.compile(pat if regex else re.escape(pat))
    n = 0
    for p in allfiles(tree, under):
        if exts and not any(p.endswith(e) for e in exts):
            continue
        n += len(rx.findall(read(tree, p)))
    return n


CODE_EXTS = ('.js', '.mjs', '.cjs', '.ts', '.mts', '.cts')
JS_EXTS = ('.js', '.mjs', '.cjs')
DTS_EXTS = ('.d.ts', '.d.mts')


def is_dts(p):
    return p.endswith(DTS_EXTS)


# ---------- imports / exports ----------
RX_REQ = re.compile(r"""\brequire\(\s*['"]([^'"]+)['"]\s*\)""")
RX_IMP = re.compile(r"""^\s*import\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]""", re.M)
RX_REEXP = re.compile(r"""^\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]""", re.M)


def imports(tree, p, reexports=True, kinds=('require', 'import', 'reexport')):
    t = read(tree, p)
    out = []
    if 'require' in kinds:
        out += RX_REQ.findall(t)
    if 'import' in kinds:
        out += RX_IMP.findall(t)
    if 'reexport' in kinds and reexports:
        out += RX_REEXP.findall(t)
    seen = []
    for s in out:
        if s not in seen:
            seen.append(s)
    return seen


def resolve(tree, frm, spec):
    """resolve a relative specifier to a tree path; bare specifiers are returned unchanged"""
    if not spec.startswith('.'):
        # package self-reference (zustand/...)
        if tree == 'zustand' and spec.startswith('zustand/'):
            spec2 = spec[len('zustand/'):]
            for cand in (spec2 + '.js', spec2 + '/index.js'):
                if os.path.isfile(_abs(tree, cand)):
                    return cand
        return spec
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')
    for cand in (base, base + '.js', base + '.json', base + '.d.ts', base + '.mjs', base + '/index.js'):
        if os.path.isfile(_abs(tree, cand)):
            return cand
    return base


def importers(tree, target, resolved=True, exts=CODE_EXTS, kinds=('require', 'import', 'reexport'), include_dts=True):
    out = []
    for p in allfiles(tree):
        if not p.endswith(exts):
            continue
        if not include_dts and is_dts(p):
            continue
        for s in imports(tree, p, kinds=kinds):
            r = resolve(tree, p, s) if resolved else s
            if (r == target) if isinstance(target, str) else target(r):
                out.append(p)
                break
    return out


RX_CJS_EXP = re.compile(r"""(?<![\w.])(?:module\.)?exports\.(\w+)\s*=(?!=)""")
RX_CJS_WHOLE = re.compile(r"""^module\.exports\s*=(?!=)""", re.M)


def exports(tree, p, star=True):
    t = read(tree, p)
    names = []
    names += RX_CJS_EXP.findall(t)
    if RX_CJS_WHOLE.search(t):
        names.append('default')
    for m in re.finditer(r"""^export\s+(?:type\s+)?\{([^}]*)\}""", t, re.M):
        for part in m.group(1).split(','):
            part = part.strip()
            if part:
                names.append(part.split(' as ')[-1].strip())
    for m in re.finditer(r"""^export\s+(?:declare\s+)?(?:default\s+)?(?:const|let|var|function|class|interface|type|enum)\s+([\w$]+)""", t, re.M):
        names.append(m.group(1))
    if star:
        for m in re.finditer(r"""^export\s+\*\s+from\s+['"]([^'"]+)['"]""", t, re.M):
            r = resolve(tree, p, m.group(1))
            if is_dts(p) and os.path.isfile(_abs(tree, os.path.normpath(os.path.join(os.path.dirname(p), m.group(1))) + '.d.ts')):
                r = os.path.normpath(os.path.join(os.path.dirname(p), m.group(1))).replace(os.sep, '/') + '.d.ts'
            if r.endswith('.d.ts') or os.path.isfile(_abs(tree, r)):
                names += exports(tree, r)
            elif os.path.isfile(_abs(tree, r + '.d.ts')):
                names += exports(tree, r + '.d.ts')
    return sorted(set(names))


# ---------- package.json ----------
def pkg(tree, *keys, default=None):
    d = json.loads(read(tree, 'package.json'))
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return default
        d = d[k]
    return d


def jsonfile(tree, p):
    return json.loads(read(tree, p))
