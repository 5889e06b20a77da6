"""Helpers for computing golds from the read-only trees. Conventions documented in README.md."""
import os, re, json
ROOT = '/work/main/.corpus-trees'

def T(tree):
    return os.path.join(ROOT, tree)

def files(tree, under=None, recursive=True, ext=None):
    base = T(tree)
    start = os.path.join(base, under) if under else base
    out = []
    if not os.path.isdir(start):
        return []
    for dp, dn, fn in os.walk(start):
        for f in fn:
            rel = os.path.relpath(os.path.join(dp, f), base).replace(os.sep, '/')
            if ext and not f.endswith(ext):
                continue
            out.append(rel)
        if not recursive:
            dn[:] = []
    return sorted(out)

def entries(tree, under=None):
    """top-level entries (files and folders) of a folder"""
    base = T(tree)
    start = os.path.join(base, under) if under else base
    return sorted(((under + '/') if under else '') + e for e in os.listdir(start))

def dirs(tree):
    base = T(tree); out = []
    for dp, dn, fn in os.walk(base):
        for d in dn:
            out.append(os.path.relpath(os.path.join(dp, d), base).replace(os.sep, '/'))
    return sorted(out)

def read(tree, p):
    with open(os.path.join(T(tree), p), encoding='utf-8', newline='') as f:
        return f.read()

def lines(tree, p):
    t = read(tree, p)
    ls = t.split('\n')
    if t.endswith('\n'):
        ls = ls[:-1]
    if t == '':
        ls = []
    return ls

def nlines(tree, p):
    """lines = newline count + 1 if last line lacks a trailing newline"""
    return len(lines(tree, p))

def wcl(tree, p):
    """wc -l style: count of newline characters"""
    return read(tree, p).count('\n')

def rng(tree, p, a, b):
    return '\n'.join(lines(tree, p)[a-1:b])

def size(tree, p):
    return os.path.getsize(os.path.join(T(tree), p))

def total_size(tree, under=None):
    return sum(size(tree, f) for f in files(tree, under))

def largest(tree, n=1):
    fs = files(tree)
    return sorted(fs, key=lambda f: (-size(tree, f), f))[:n]

def grep(tree, pat, regex=False, under=None, skip_ext=(), only_ext=None, flags=0):
    hits = []
    for f in files(tree, under):
        if any(f.endswith(e) for e in skip_ext):
            continue
        if only_ext and not any(f.endswith(e) for e in only_ext):
            continue
        for i, l in enumerate(lines(tree, f), 1):
            if (re.search(pat, l, flags) if regex else pat in l):
                hits.append({'file': f, 'line': i})
    return hits

def grep_files(tree, pat, **kw):
    return sorted({h['file'] for h in grep(tree, pat, **kw)})

def count_occ(tree, pat, under=None, regex=False, only=None):
    fs = [only] if only else files(tree, under)
    n = 0
    for f in fs:
        t = read(tree, f)
        n += len(re.findall(pat if regex else re.escape(pat), t))
    return n

REQ = re.compile(r"""require\(\s*['"]([^'"]+)['"]\s*\)""")
IMP = re.compile(r"""^\s*import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|^\s*export\s+[^'"]*?\s+from\s+['"]([^'"]+)['"]""", re.M)

def specifiers(tree, p, code_only=True):
    """module specifiers in require('x') calls and import/export-from statements, skipping // comment lines"""
    out = []
    for l in lines(tree, p):
        s = l.strip()
        if code_only and (s.startswith('//') or s.startswith('*') or s.startswith('/*')):
            continue
        out += REQ.findall(l)
    for m in IMP.finditer(read(tree, p)):
        out.append(m.group(1) or m.group(2))
    seen = []
    for s in out:
        if s not in seen:
            seen.append(s)
    return seen

def resolve(tree, frm, spec):
    if not spec.startswith('.'):
        return None
    d = os.path.dirname(frm)
    p = os.path.normpath(os.path.join(d, spec)).replace(os.sep, '/')
    all_ = set(files(tree))
    for c in (p, p + '.js', p + '.json', p + '/index.js'):
        if c in all_:
            return c
    return None

def importers(tree, target=None, spec=None, only_ext=('.js',)):
    out = []
    for f in files(tree, only_ext=None) if False else files(tree):
        if only_ext and not f.endswith(only_ext):
            continue
        for s in specifiers(tree, f):
            if (target and resolve(tree, f, s) == target) or (spec and s == spec):
                out.append(f); break
    return sorted(out)

BUILTINS = {'events', 'util', 'crypto', 'net', 'tls', 'dns', 'fs', 'path', 'stream', 'os'}

def external(tree, under='lib', builtins=False):
    out = set()
    for f in files(tree, under, ext='.js'):
        for s in specifiers(tree, f):
            if s.startswith('.'):
                continue
            if not builtins and (s in BUILTINS or s.startswith('node:')):
                continue
            out.add(s)
    return sorted(out)

def pkg(tree, *keys, p='package.json'):
    v = json.loads(read(tree, p))
    for k in keys:
        if v is None:
            return None
        v = v.get(k)
    return v

def ext_counts(tree, mode='last', none_key='(none)'):
    c = {}
    for f in files(tree):
        b = f.rsplit('/', 1)[-1]
        if '.' not in b.lstrip('.'):
            k = b if none_key == '@name' else none_key
        elif mode == 'last':
            k = '.' + b.rsplit('.', 1)[1]
        else:  # full: everything after the first dot
            k = '.' + b.split('.', 1)[1]
        c[k] = c.get(k, 0) + 1
    return c

def defs_methods(tree, p, cls_start, cls_end):
    """method names (2-space or 4-space indented 'name(...) {') between two 1-based lines"""
    out = []
    for i, l in enumerate(lines(tree, p), 1):
        if cls_start <= i <= cls_end:
            m = re.match(r'^ {2,4}(?:async\s+)?\*?(#?[A-Za-z_$][\w$]*)\s*\(.*\)\s*\{\s*$', l)
            if m and m.group(1) not in ('if', 'for', 'while', 'switch', 'catch', 'function'):
                out.append(m.group(1))
    return out

def headings(tree, p):
    out = []; fence = False
    for l in lines(tree, p):
        if l.startswith('```'):
            fence = not fence; continue
        if not fence and re.match(r'^#{1,6} ', l):
            out.append(l)
    return out

def top_functions(tree, p):
    return [m.group(1) for l in lines(tree, p) for m in [re.match(r'^(?:async\s+)?function\s+([\w$]+)', l)] if m]

def exports_obj(tree, p):
    """keys of the last `module.exports = { ... }` object literal"""
    ls = lines(tree, p); start = None
    for i, l in enumerate(ls):
        if l.startswith('module.exports = {'):
            start = i
    keys = []; depth = 0
    for l in ls[start:]:
        s = l.strip()
        if depth == 1 and not s.startswith(('//', '*', '/*')):
            m = re.match(r'^([\w$]+)\s*(?:,|:|$)', s)
            if m:
                keys.append(m.group(1))
        depth += l.count('{') - l.count('}')
        if depth <= 0 and l is not ls[start]:
            break
    return keys
