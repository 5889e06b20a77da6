"""Helpers that compute golds from a tree. All paths tree-relative, '/'-separated."""
import os, re, json, fnmatch

ROOTS = {"tar": "/work/main/.corpus-trees/tar", "postcss": "/work/main/.corpus-trees/postcss"}
T = None  # current tree root


def use(tree):
    global T
    T = ROOTS[tree]


def files(under="", pat="*", exclude=None):
    """Recursive regular files under `under` whose basename matches glob `pat`."""
    base = os.path.join(T, under) if under else T
    out = []
    for d, ds, fs in os.walk(base):
        for f in fs:
            if fnmatch.fnmatch(f, pat):
                rel = os.path.relpath(os.path.join(d, f), T).replace(os.sep, "/")
                if exclude and fnmatch.fnmatch(f, exclude):
                    continue
                out.append(rel)
    return sorted(out)


def toplevel(under="", dirs=False):
    base = os.path.join(T, under) if under else T
    out = []
    for e in sorted(os.listdir(base)):
        p = os.path.join(base, e)
        rel = (under + "/" + e) if under else e
        if os.path.isdir(p) == dirs or (dirs is None):
            out.append(rel)
    return out


def folders():
    out = []
    for d, ds, fs in os.walk(T):
        for x in ds:
            out.append(os.path.relpath(os.path.join(d, x), T).replace(os.sep, "/"))
    return sorted(out)


def text(p):
    with open(os.path.join(T, p), encoding="utf-8") as fh:
        return fh.read()


def lines(p):
    """Logical lines: split on \n; a final line without trailing newline counts."""
    t = text(p)
    ls = t.split("\n")
    if ls and ls[-1] == "":
        ls.pop()
    return ls


def nlines(p):
    return len(lines(p))


def wcl(p):
    """newline count (what wc -l prints)."""
    return text(p).count("\n")


def line_range(p, a, b):
    return "\n".join(lines(p)[a - 1:b])


def size(p):
    return os.path.getsize(os.path.join(T, p))


def largest(fs, n=1, reverse=True, key=size):
    return sorted(fs, key=lambda f: (-key(f), f) if reverse else (key(f), f))[:n]


def grep(pattern, fs, flags=0, regex=False):
    rx = re.compile(pattern if regex else re.escape(pattern), flags)
    hits = []
    for f in fs:
        for i, l in enumerate(lines(f), 1):
            if rx.search(l):
                hits.append({"file": f, "line": i})
    return hits


def grep_files(pattern, fs, flags=0, regex=False):
    return sorted({h["file"] for h in grep(pattern, fs, flags, regex)})


IMPORT_RX = [
    re.compile(r"""\bfrom\s*['"]([^'"]+)['"]"""),            # import/export ... from 'x'
    re.compile(r"""^\s*import\s*['"]([^'"]+)['"]""", re.M),   # side-effect import
    re.compile(r"""\brequire\(\s*['"]([^'"]+)['"]\s*\)"""),   # require('x')
    re.compile(r"""\bimport\(\s*['"]([^'"]+)['"]\s*\)"""),    # dynamic / type import('x')
]


def imports(p):
    t = text(p)
    # strip // line comments and /* */ blocks crudely (not inside strings in these trees)
    t2 = re.sub(r"/\*.*?\*/", "", t, flags=re.S)
    t2 = re.sub(r"^\s*//.*$", "", t2, flags=re.M)
    out = []
    for rx in IMPORT_RX:
        for m in rx.finditer(t2):
            if m.group(1) not in out:
                out.append(m.group(1))
    return sorted(out)


def resolve(src, spec):
    """Resolve a relative specifier from file src to a tree file (or None)."""
    if not spec.startswith("."):
        return None
    base = os.path.normpath(os.path.join(os.path.dirname(src), spec)).replace(os.sep, "/")
    for cand in [base, base + ".js", base + ".d.ts", base + "/index.js"]:
        if os.path.isfile(os.path.join(T, cand)):
            return cand
    return None


def importers_of_file(target, fs):
    return sorted(f for f in fs if any(resolve(f, s) == target for s in imports(f)))


def importers_of_pkg(pkg, fs, prefix=False):
    return sorted(f for f in fs if any(s == pkg or (prefix and s.startswith(pkg + "/")) for s in imports(f)))


def esm_exports(p):
    t = text(p)
    out = []
    for m in re.finditer(r"^export\s+(?:declare\s+)?(?:const|let|var|class|function\*?|async\s+function)\s+(\w+)", t, re.M):
        out.append(m.group(1))
    for m in re.finditer(r"^export\s*\{([^}]*)\}", t, re.M):
        for part in m.group(1).split(","):
            part = part.strip()
            if part:
                out.append(part.split(" as ")[-1].strip())
    for m in re.finditer(r"^export\s+\*\s+as\s+(\w+)", t, re.M):
        out.append(m.group(1))
    if re.search(r"^export\s+default\b", t, re.M):
        out.append("default")
    return sorted(set(out))


def cjs_exports(p):
    t = text(p)
    out = []
    for m in re.finditer(r"^\s*(?:module\.)?exports\.(\w+)\s*=", t, re.M):
        out.append(m.group(1))
    return sorted(set(out))


DEF_TEMPLATES = [
    r"^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?class\s+{n}\b",
    r"^\s*(?:export\s+)?(?:declare\s+)?(?:async\s+)?function\*?\s+{n}\b",
    r"^\s*(?:export\s+)?(?:declare\s+)?(?:const|let|var)\s+{n}\s*[=:](?!\s*require\()",
    r"^\s*module\.exports\s*=\s*function\s+{n}\b",
]


def defs(name, fs, methods=False, dts=True):
    pats = [re.compile(x.format(n=re.escape(name))) for x in DEF_TEMPLATES]
    if methods:
        pats.append(re.compile(r"^\s+(?:async\s+)?{n}\s*(?:<[^>]*>)?\((?:[^)]*\)\s*(?:\{{|:).*|\s*)$".format(n=re.escape(name))))
    hits = []
    for f in fs:
        if not dts and f.endswith(".d.ts"):
            continue
        for i, l in enumerate(lines(f), 1):
            if any(p.search(l) for p in pats):
                hits.append({"file": f, "line": i})
    return hits


def classes(fs):
    out = set()
    for f in fs:
        for m in re.finditer(r"^\s*(?:export\s+)?(?:default\s+)?class\s+(\w+)", text(f), re.M):
            out.add(m.group(1))
    return sorted(out)


def pkg(field=None):
    d = json.loads(text("package.json"))
    if field is None:
        return d
    cur = d
    for k in field.split("."):
        cur = cur.get(k) if isinstance(cur, dict) else None
    return cur


def ext_compound(f):
    b = os.path.basename(f)
    for e in [".d.ts.map", ".js.map", ".d.mts", ".d.ts"]:
        if b.endswith(e):
            return e
    return os.path.splitext(b)[1] or "(none)"


def ext_last(f):
    return os.path.splitext(os.path.basename(f))[1] or "(none)"


def ext_counts(fs, fn=ext_compound):
    out = {}
    for f in fs:
        out[fn(f)] = out.get(fn(f), 0) + 1
    return dict(sorted(out.items()))


NODE_BUILTINS = {"fs", "path", "events", "assert", "crypto", "url", "os", "util", "stream", "zlib"}


def is_builtin(s):
    return s.startswith("node:") or s in NODE_BUILTINS
