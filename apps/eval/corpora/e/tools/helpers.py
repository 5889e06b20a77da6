"""Helpers that compute gold answers directly from the trees (pure Python, no tool code).

Conventions (see README.md):
- paths are tree-relative, '/'-separated; "files" = regular files, recursive, hidden included
  (none of the three trees has hidden files or symlinks).
- line numbers are 1-based; a "line count" is the number of newline characters (wc -l);
  when the last line lacks a newline the +1 reading is put in accept.
- search = literal, case-sensitive substring match per line unless stated.
"""
import os, re, json

ROOT = '/work/main/.corpus-trees'
TREES = {'hono': 'hono', 'ws': 'ws', 'luxon': 'luxon'}


def tp(tree, rel=''):
    return os.path.join(ROOT, tree, rel) if rel else os.path.join(ROOT, tree)


def files(tree, under='', recursive=True, ext=None):
    base = tp(tree, under)
    out = []
    if recursive:
        for dp, dns, fns in os.walk(base):
            for f in fns:
                p = os.path.join(dp, f)
                if os.path.isfile(p) and not os.path.islink(p):
                    out.append(os.path.relpath(p, tp(tree)).replace(os.sep, '/'))
    else:
        for f in os.listdir(base):
            p = os.path.join(base, f)
            if os.path.isfile(p):
                out.append(os.path.relpath(p, tp(tree)).replace(os.sep, '/'))
    if ext:
        exts = ext if isinstance(ext, (list, tuple)) else [ext]
        out = [p for p in out if any(p.endswith(e) for e in exts)]
    return sorted(out)


def dirs(tree, under='', recursive=False):
    base = tp(tree, under)
    out = []
    if recursive:
        for dp, dns, fns in os.walk(base):
            for d in dns:
                out.append(os.path.relpath(os.path.join(dp, d), tp(tree)).replace(os.sep, '/'))
    else:
        for d in os.listdir(base):
            if os.path.isdir(os.path.join(base, d)):
                out.append(os.path.relpath(os.path.join(base, d), tp(tree)).replace(os.sep, '/'))
    return sorted(out)


def names(paths):
    return sorted(p.rsplit('/', 1)[-1] for p in paths)


def read(tree, rel):
    with open(tp(tree, rel), encoding='utf-8') as f:
        return f.read()


def text(tree, rel):
    return read(tree, rel)


def line_range(tree, rel, a, b):
    ls = read(tree, rel).split('\n')
    if ls and ls[-1] == '' and read(tree, rel).endswith('\n'):
        ls = ls[:-1]
    return '\n'.join(ls[a - 1:b])


def nl_count(tree, rel):
    return read(tree, rel).count('\n')


def line_count(tree, rel):
    t = read(tree, rel)
    return len(t.splitlines())


def total_lines(tree, paths):
    return sum(nl_count(tree, p) for p in paths)


def size(tree, rel):
    return os.path.getsize(tp(tree, rel))


def largest(tree, n, under='', ext=None):
    fs = files(tree, under, ext=ext)
    fs.sort(key=lambda p: (-size(tree, p), p))
    return fs[:n]


def ext_of(p, compound=False):
    name = p.rsplit('/', 1)[-1]
    if compound and name.endswith('.d.ts'):
        return '.d.ts'
    if '.' not in name or name.startswith('.') and name.count('.') == 1:
        return ''
    return '.' + name.rsplit('.', 1)[-1]


def ext_counts(tree, compound=False):
    d = {}
    for p in files(tree):
        e = ext_of(p, compound)
        d[e] = d.get(e, 0) + 1
    return dict(sorted(d.items()))


def grep(tree, needle, under='', paths=None, icase=False, regex=False):
    fs = paths if paths is not None else files(tree, under)
    hits = []
    if regex:
        rx = re.compile(needle, re.I if icase else 0)
    for p in fs:
        try:
            t = read(tree, p)
        except UnicodeDecodeError:
            continue
        for i, line in enumerate(t.split('\n'), 1):
            if regex:
                ok = rx.search(line)
            elif icase:
                ok = needle.lower() in line.lower()
            else:
                ok = needle in line
            if ok:
                hits.append({'file': p, 'line': i})
    return hits


def hit_files(hits):
    return sorted(set(h['file'] for h in hits))


def count_occ(tree, rel, needle):
    return read(tree, rel).count(needle)


def only(paths, kind):
    """Filter hono paths by build copy: esm (dist/ minus cjs/types), cjs, types."""
    out = []
    for p in paths:
        if p.startswith('dist/cjs/'):
            k = 'cjs'
        elif p.startswith('dist/types/'):
            k = 'types'
        else:
            k = 'esm'
        if k in kind:
            out.append(p)
    return out


def only_hits(hits, kind):
    keep = set(only([h['file'] for h in hits], kind))
    return [h for h in hits if h['file'] in keep]


# ---------- imports / exports ----------
RX_FROM = re.compile(r'(?m)^[ \t]*(?:import|export)\b[^;\'"]*?\bfrom\s*[\'"]([^\'"]+)[\'"]')
RX_BARE = re.compile(r'(?m)^[ \t]*import\s*[\'"]([^\'"]+)[\'"]')
RX_DYN = re.compile(r'\bimport\(\s*[\'"]([^\'"]+)[\'"]\s*\)')
RX_REQ = re.compile(r'\brequire\(\s*[\'"]([^\'"]+)[\'"]\s*\)')


def strip_comments(t):
    # remove /* ... */ block comments and // line comments (good enough for these trees)
    t = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), t, flags=re.S)
    t = re.sub(r'(?m)^\s*//.*$', '', t)
    return t


def imports(tree, rel, kinds=('from', 'bare', 'dyn', 'req')):
    t = strip_comments(read(tree, rel))
    out = []
    if 'from' in kinds:
        out += RX_FROM.findall(t)
    if 'bare' in kinds:
        out += RX_BARE.findall(t)
    if 'dyn' in kinds:
        out += RX_DYN.findall(t)
    if 'req' in kinds:
        out += RX_REQ.findall(t)
    seen = []
    for s in out:
        if s not in seen:
            seen.append(s)
    return sorted(seen)


def resolve(tree, frm, spec):
    if not spec.startswith('.'):
        return None
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')
    allf = set(files(tree)) if not hasattr(resolve, 'cache') or tree not in resolve.cache else resolve.cache[tree]
    resolve.cache = getattr(resolve, 'cache', {})
    resolve.cache[tree] = allf
    for c in [base, base + '.js', base + '.mjs', base + '.d.ts', base + '.ts', base + '/index.js', base + '/index.d.ts']:
        if c in allf:
            return c
    return None


def resolved_imports(tree, rel):
    out = []
    for s in imports(tree, rel):
        r = resolve(tree, rel, s)
        out.append(r if r else s)
    return sorted(set(out))


def importers(tree, target, under='', ext=('.js', '.mjs', '.ts', '.cjs')):
    out = []
    for p in files(tree, under, ext=list(ext)):
        for s in imports(tree, p):
            if resolve(tree, p, s) == target:
                out.append(p)
                break
    return sorted(out)


def importers_of_module(tree, mod, under=''):
    """files with a bare import/require of the exact module name (e.g. 'crypto' or 'node:crypto')."""
    out = []
    for p in files(tree, under, ext=['.js', '.mjs']):
        ims = imports(tree, p)
        if mod in ims or ('node:' + mod) in ims:
            out.append(p)
    return sorted(out)


def esm_exports(tree, rel, include_default=True):
    t = strip_comments(read(tree, rel))
    out = []
    for m in re.finditer(r'(?m)^[ \t]*export\s*\{([^}]*)\}', t):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            if ' as ' in part:
                part = part.split(' as ')[1].strip()
            out.append(part)
    for m in re.finditer(r'(?m)^[ \t]*export\s+(?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*)', t):
        out.append(m.group(1))
    if include_default and re.search(r'(?m)^[ \t]*export\s+default\b', t):
        out.append('default')
    return sorted(set(out))


def esm_export_kind(tree, rel, kind):
    t = strip_comments(read(tree, rel))
    return sorted(set(re.findall(r'(?m)^[ \t]*export\s+(?:async\s+)?' + kind + r'\s+([A-Za-z_$][\w$]*)', t)))


def cjs_exports(tree, rel):
    t = strip_comments(read(tree, rel))
    out = []
    m = re.search(r'module\.exports\s*=\s*\{([^}]*)\}', t)
    if m:
        for part in m.group(1).split(','):
            part = part.strip()
            if part:
                out.append(re.split(r'\s*:', part)[0].strip())
    out += re.findall(r'module\.exports\.([A-Za-z_$][\w$]*)\s*=', t)
    out += re.findall(r'(?<!module\.)\bexports\.([A-Za-z_$][\w$]*)\s*=', t)
    return sorted(set(out))


def defs(tree, name, under='', paths=None):
    """definition sites of NAME: class/function/const/let/var declarations and `var X = class`."""
    pat = (r'^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?'
           r'(?:(?:async\s+)?function\*?\s+' + re.escape(name) + r'\b|class\s+' + re.escape(name) + r'\b'
           r'|(?:const|let|var)\s+' + re.escape(name) + r'\s*[=:])')
    hits = grep(tree, pat, under=under, paths=paths, regex=True)
    # a `const X = require('./x')` line is an import binding, not a definition
    out = []
    for h in hits:
        line = read(tree, h['file']).split('\n')[h['line'] - 1]
        if re.search(r'=\s*(?:await\s+)?(?:require|import)\s*\(', line):
            continue
        out.append(h)
    return out


def pkg(tree, rel='package.json'):
    return json.loads(read(tree, rel))


def pkgfield(tree, *keys, rel='package.json'):
    v = pkg(tree, rel)
    for k in keys:
        v = v.get(k) if isinstance(v, dict) else None
    return v


def keys(d):
    return sorted((d or {}).keys())
