#!/usr/bin/env python3
"""Build /work/corpus-c/requests.json from the request specs in specs.py.

Every gold (and every accepted alternative) is computed from its `how`, run with
the tree as current directory:
  * a `how` starting with "sh: " is a bash command; its stdout is parsed by kind:
      number -> int(stdout)
      paths / strings -> one item per non-empty line (a leading "./" is removed)
      text -> stdout exactly
      hits -> grep -n style lines "file:line:..." -> {"file", "line"}
      json -> json.loads(stdout)
  * a `how` starting with "py: " is Python executed with the helpers below in
    scope; it must assign `result`.
Conventions (see README.md): files = regular files incl. hidden ones; a line
count = number of "\n" + 1 if the file ends without "\n"; sizes are bytes
(sum of file sizes, not disk blocks).
"""
import json, os, re, subprocess, sys

ROOT = '/work/main/.corpus-trees'
OUT = '/work/corpus-c/requests.json'


# ---------------------------------------------------------------- helpers
def files(under='.'):
    """Sorted tree-relative paths of all regular files under `under`."""
    out = []
    for r, ds, fs in os.walk(under):
        for f in fs:
            p = os.path.normpath(os.path.join(r, f))
            if os.path.isfile(p) and not os.path.islink(p):
                out.append(p)
    return sorted(out)


def dirs(under='.', recursive=True):
    out = []
    for r, ds, fs in os.walk(under):
        for d in ds:
            out.append(os.path.normpath(os.path.join(r, d)))
        if not recursive:
            break
    return sorted(out)


def read(p):
    with open(p, 'rb') as fh:
        return fh.read().decode('utf-8')


def nlines(p):
    b = open(p, 'rb').read()
    return b.count(b'\n') + (1 if b and not b.endswith(b'\n') else 0)


def line_range(p, a, b):
    """Lines a..b (1-based, inclusive) joined with \\n (no trailing newline)."""
    ls = read(p).split('\n')
    return '\n'.join(ls[a - 1:b])


def size(p):
    return os.path.getsize(p)


def grep(literal, paths):
    hs = []
    for p in paths:
        for i, l in enumerate(read(p).split('\n'), 1):
            if literal in l:
                hs.append({'file': p, 'line': i})
    return hs


IMPORT_RES = [
    re.compile(r'''^\s*import\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]''', re.M),
    re.compile(r'''^\s*import\s+type\s+[\w*{}\s,$]+?\s+from\s+['"]([^'"]+)['"]''', re.M),
    re.compile(r'''^\s*export\s+(?:type\s+)?(?:\*|\*\s+as\s+\w+|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]''', re.M),
    re.compile(r'''\brequire\(\s*['"]([^'"]+)['"]\s*\)'''),
]


def imports(p):
    """Module specifiers of static imports / re-exports / require() calls, unique, in order."""
    src = read(p)
    # handle multi-line `import {\n a,\n b\n} from 'x'`
    found = []
    for m in re.finditer(r'''^\s*(?:import|export)\b[^;'"]*?\bfrom\s+['"]([^'"]+)['"]''', src, re.M | re.S):
        found.append((m.start(), m.group(1)))
    for m in re.finditer(r'''^\s*import\s+['"]([^'"]+)['"]''', src, re.M):
        found.append((m.start(), m.group(1)))
    for m in re.finditer(r'''\brequire\(\s*['"]([^'"]+)['"]\s*\)''', src):
        found.append((m.start(), m.group(1)))
    out = []
    for _, s in sorted(found):
        if s not in out:
            out.append(s)
    return out


def resolve(spec, frm, exts=('', '.js', '.ts', '.d.ts', '/index.js', '/index.ts')):
    if not spec.startswith('.'):
        return None
    base = os.path.normpath(os.path.join(os.path.dirname(frm), spec))
    for e in exts:
        if os.path.isfile(base + e):
            return base + e
    return None


def importers(target, candidates):
    return sorted(p for p in candidates
                  if any(resolve(s, p) == target for s in imports(p)))


def ext_counts(paths):
    d = {}
    for p in paths:
        e = os.path.splitext(p)[1]
        d[e] = d.get(e, 0) + 1
    return d


def compound_ext_counts(paths):
    d = {}
    for p in paths:
        b = os.path.basename(p)
        e = b[b.index('.', 1):] if '.' in b[1:] else ''
        d[e] = d.get(e, 0) + 1
    return d


def exports_of(p, expand_star=True):
    """Exported names of an ES module (incl. 'default' and type exports) or a CommonJS
    module (exports.X = ...). `export * from` is expanded when expand_star."""
    src = read(p)
    # drop block comments and whole-line // comments so doc examples are not matched
    code = re.sub(r'/\*.*?\*/', '', src, flags=re.S)
    code = re.sub(r'^\s*//.*$', '', code, flags=re.M)
    names = []

    def add(n):
        if n not in names:
            names.append(n)
    if re.search(r'^\s*export\s+default\b', code, re.M):
        add('default')
    for m in re.finditer(r'^\s*export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?'
                         r'(?:function\*?|class|const|let|var|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)',
                         code, re.M):
        add(m.group(1))
    for m in re.finditer(r'^\s*export\s+(?:type\s+)?\{([^}]*)\}', code, re.M | re.S):
        for part in m.group(1).split(','):
            part = part.strip()
            if not part:
                continue
            part = re.sub(r'^type\s+', '', part)
            add(part.split(' as ')[-1].strip())
    for m in re.finditer(r'^\s*export\s+\*\s+as\s+(\w+)\s+from', code, re.M):
        add(m.group(1))
    if expand_star:
        for m in re.finditer(r"^\s*export\s+\*\s+from\s+['\"]([^'\"]+)['\"]", code, re.M):
            t = resolve(m.group(1), p)
            for n in exports_of(t):
                if n != 'default':
                    add(n)
    for m in re.finditer(r'^\s*exports\.([A-Za-z_$][\w$]*)\s*=', code, re.M):
        add(m.group(1))
    for m in re.finditer(r"Object\.defineProperty\(exports,\s*['\"](\w+)['\"]", code):
        if m.group(1) != '__esModule':
            add(m.group(1))
    return names


def pkg():
    return json.loads(read('package.json'))


# ---------------------------------------------------------------- evaluation
def run_how(tree, how, kind):
    cwd = os.path.join(ROOT, tree)
    if how.startswith('sh: '):
        out = subprocess.run(['bash', '-c', how[4:]], cwd=cwd, capture_output=True,
                             text=True, check=False).stdout
        if kind == 'number':
            return int(out.strip())
        if kind in ('paths', 'strings'):
            items = [l[2:] if l.startswith('./') else l for l in out.split('\n') if l.strip()]
            return items
        if kind == 'text':
            return out
        if kind == 'hits':
            hs = []
            for l in out.split('\n'):
                if not l:
                    continue
                f, n = l.split(':')[:2]
                hs.append({'file': f[2:] if f.startswith('./') else f, 'line': int(n)})
            return hs
        if kind == 'json':
            return json.loads(out)
        raise ValueError(kind)
    if how.startswith('py: '):
        old = os.getcwd()
        os.chdir(cwd)
        try:
            g = dict(globals())
            exec(how[4:], g)
            return g['result']
        finally:
            os.chdir(old)
    raise ValueError(how)


def norm(kind, v):
    if kind in ('paths', 'strings') and isinstance(v, list):
        v = [os.path.normpath(x) if kind == 'paths' else x for x in v]
    return v


def build():
    sys.path.insert(0, os.path.dirname(__file__))
    from specs import SPECS
    out = []
    seen = set()
    for s in SPECS:
        assert s['id'] not in seen, s['id']
        seen.add(s['id'])
        kind = s['kind']
        val = norm(kind, run_how(s['tree'], s['how'], kind))
        gold = {'kind': kind, 'value': val}
        if s.get('ordered'):
            gold['ordered'] = True
        acc = []
        for a in s.get('accept', []):
            ak = a.get('kind', kind)
            av = norm(ak, run_how(s['tree'], a['how'], ak))
            ent = {'kind': ak, 'value': av}
            if a.get('ordered'):
                ent['ordered'] = True
            ent['how'] = a['how']
            ent['reading'] = a['reading']
            if av == val:
                print('WARNING: accept identical to gold', s['id'], file=sys.stderr)
            acc.append(ent)
        # sanity: every path in a paths / hits gold must exist
        cwd = os.path.join(ROOT, s['tree'])
        for v in [val] + [a['value'] for a in acc]:
            if kind == 'paths':
                for p in v:
                    assert os.path.exists(os.path.join(cwd, p)), (s['id'], p)
            if kind == 'hits':
                for h in v:
                    assert os.path.isfile(os.path.join(cwd, h['file'])), (s['id'], h)
        out.append({'id': s['id'], 'tree': s['tree'], 'category': s['cat'],
                    'request': s['req'], 'gold': gold, 'accept': acc, 'how': s['how']})
    with open(OUT, 'w') as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write('\n')
    print('wrote', len(out), 'requests to', OUT)


if __name__ == '__main__':
    build()
