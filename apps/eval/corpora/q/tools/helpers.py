"""Helpers for computing golds from a read-only tree. All paths tree-relative, '/'-separated."""
import os, re, json

ROOT = None  # set by build.py via use(tree_dir)

def use(root):
    global ROOT
    ROOT = root

def _p(rel):
    return os.path.join(ROOT, rel)

def files(under='', recursive=True, hidden=True):
    base = _p(under) if under else ROOT
    out = []
    for dp, dns, fns in os.walk(base):
        dns.sort()
        for f in sorted(fns):
            if not hidden and f.startswith('.'):
                continue
            out.append(os.path.relpath(os.path.join(dp, f), ROOT).replace(os.sep, '/'))
        if not recursive:
            break
    return sorted(out)

def dirs(under='', recursive=True):
    base = _p(under) if under else ROOT
    out = []
    for dp, dns, fns in os.walk(base):
        for d in dns:
            out.append(os.path.relpath(os.path.join(dp, d), ROOT).replace(os.sep, '/'))
        if not recursive:
            break
    return sorted(out)

def entries(under=''):
    return sorted(files(under, recursive=False) + dirs(under, recursive=False))

def by_ext(*exts):
    return [f for f in files() if any(f.endswith(e) for e in exts)]

def text(rel):
    with open(_p(rel), encoding='utf-8', newline='') as fh:
        return fh.read()

def lines(rel):
    """wc -l convention: number of newline characters."""
    return text(rel).count('\n')

def size(rel):
    return os.path.getsize(_p(rel))

def largest(n=1, smallest=False):
    fs = sorted(files(), key=lambda f: (size(f) if not smallest else -size(f)), reverse=True)
    return fs[:n]

def rng(rel, a, b):
    ls = text(rel).split('\n')
    return '\n'.join(ls[a - 1:b])

def grep(pat, regex=False, ci=False, only=None):
    """hits of pattern over all files (or the listed/under-prefix files)."""
    fl = files()
    if only is not None:
        if isinstance(only, str):
            fl = [f for f in fl if f.startswith(only)]
        else:
            fl = [f for f in fl if f in only]
    flags = re.I if ci else 0
    rx = re.compile(pat if regex else re.escape(pat), flags)
    hits = []
    for f in fl:
        for i, ln in enumerate(text(f).split('\n'), 1):
            if rx.search(ln):
                hits.append({'file': f, 'line': i})
    return hits

def occurrences(rel, pat, ci=False):
    return len(re.findall(re.escape(pat), text(rel), re.I if ci else 0))

def files_matching(pat, ci=False, regex=False):
    return sorted({h['file'] for h in grep(pat, regex=regex, ci=ci)})

_TOK = re.compile(r"""('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|(//[^\n]*|/\*.*?\*/)""", re.S)

def strip_comments(src):
    def rep(m):
        if m.group(1):
            return m.group(1)
        return re.sub(r'[^\n]', ' ', m.group(2))
    return _TOK.sub(rep, src)

def module_specs(rel, kinds=('import', 'require', 'export-from')):
    src = strip_comments(text(rel))
    specs = []
    if 'require' in kinds:
        specs += re.findall(r"""\brequire\(\s*['"]([^'"]+)['"]\s*\)""", src)
    if 'import' in kinds:
        specs += re.findall(r"""\bimport\s+(?:type\s+)?[^;'"]*?\bfrom\s*['"]([^'"]+)['"]""", src)
        specs += re.findall(r"""\bimport\s*['"]([^'"]+)['"]""", src)
    if 'export-from' in kinds:
        specs += re.findall(r"""\bexport\s+[^;'"]*?\bfrom\s*['"]([^'"]+)['"]""", src)
    return sorted(set(specs))

def importers(pred, kinds=('import', 'require', 'export-from'), only_code=True):
    out = []
    for f in files():
        if only_code and not re.search(r'\.(js|ts|mjs|cjs)$', f):
            continue
        if any(pred(s) for s in module_specs(f, kinds)):
            out.append(f)
    return out

def cjs_exports(rel):
    src = strip_comments(text(rel))
    return sorted(set(re.findall(r'(?m)^\s*exports\.(\w+)\s*=', src)))

def module_exports_ident(rel):
    src = strip_comments(text(rel))
    return sorted(set(re.findall(r'(?m)^\s*module\.exports\s*=\s*(\w+)\s*;', src)))

def esm_named_exports(rel):
    src = strip_comments(text(rel))
    names = set(re.findall(r'\bexport\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|class|const|let|var|interface|type)\s+(\w+)', src))
    for body in re.findall(r'\bexport\s*\{([^}]*)\}', src):
        for part in body.split(','):
            part = part.strip()
            if not part:
                continue
            names.add(part.split(' as ')[-1].strip())
    names.discard('default')
    return sorted(names)

def pkg(*keys):
    v = json.loads(text('package.json'))
    for k in keys:
        v = v.get(k) if isinstance(v, dict) else None
    return v

def pkg_keys(*keys):
    v = pkg(*keys)
    return sorted(v.keys()) if isinstance(v, dict) else []

def extensions(style='splitext', noext=''):
    out = set()
    for f in files():
        b = f.rsplit('/', 1)[-1]
        if style == 'double' and b.endswith('.d.ts'):
            out.add('.d.ts'); continue
        e = os.path.splitext(b)[1]
        out.add(e if e else noext)
    return sorted(x for x in out if x is not None)
