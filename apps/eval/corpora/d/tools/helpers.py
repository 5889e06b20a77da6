"""Small helpers the `how` snippets in build.py are evaluated with.

Every snippet runs with the current directory set to the tree root
(/work/main/.corpus-trees/<tree>), and all paths are tree-relative, '/'-separated,
without a leading './'.  Nothing here writes anywhere.
"""
import os, re, json, posixpath

# ---------------------------------------------------------------- file system
def files(under="", ext=None):
    """All regular files (dotfiles included, symlinks excluded - there are none)
    under `under` ('' = whole tree), sorted.  ext: a suffix or tuple of suffixes."""
    start = under.rstrip("/") or "."
    out = []
    for r, ds, fs in os.walk(start):
        for f in fs:
            p = os.path.normpath(os.path.join(r, f)).replace(os.sep, "/")
            if os.path.isfile(p) and not os.path.islink(p):
                out.append(p)
    if ext:
        out = [p for p in out if p.endswith(ext)]
    return sorted(out)

def dirs(under="", depth=None):
    """All directories strictly below `under` (not `under` itself), sorted.
    depth=1 gives only immediate children."""
    start = under.rstrip("/") or "."
    out = []
    for r, ds, fs in os.walk(start):
        for d in ds:
            p = os.path.normpath(os.path.join(r, d)).replace(os.sep, "/")
            rel = p if start == "." else p[len(start) + 1:]
            if depth is None or rel.count("/") + 1 <= depth:
                out.append(p)
    return sorted(out)

def children(under=""):
    """Immediate regular files of a folder (no recursion), sorted."""
    start = under.rstrip("/") or "."
    out = []
    for f in os.listdir(start):
        p = os.path.normpath(os.path.join(start, f)).replace(os.sep, "/")
        if os.path.isfile(p):
            out.append(p)
    return sorted(out)

def raw(p):
    return open(p, "rb").read()

def text(p):
    return raw(p).decode("utf-8")

def size(p):
    return os.path.getsize(p)

def nlines(p):
    """Lines as an editor shows them: number of '\\n' plus one for a final
    line that has no terminating newline.  Empty file = 0."""
    b = raw(p)
    return b.count(b"\n") + (1 if b and not b.endswith(b"\n") else 0)

def wc_l(p):
    """`wc -l` semantics: number of '\\n' characters."""
    return raw(p).count(b"\n")

def lines(p, a, b):
    """Lines a..b (1-based, inclusive) joined with '\\n' (no trailing newline)."""
    return "\n".join(text(p).split("\n")[a - 1:b])

def istest(p):
    return ".test." in p or "/tests/" in p or p.startswith("tests/")

def topn(paths, key, n):
    """paths sorted by key descending, first n; refuses if a tie straddles the cut."""
    s = sorted(paths, key=lambda p: (-key(p), p))
    if len(s) > n:
        assert key(s[n - 1]) != key(s[n]), ("tie at cut", s[n - 1], s[n])
    return s[:n]

# ---------------------------------------------------------------- search
def grep(pattern, paths, regex=False, flags=0):
    """Hits {file, line} for every line containing the literal `pattern`
    (or matching the regex when regex=True).  Case-sensitive by default."""
    rx = re.compile(pattern if regex else re.escape(pattern), flags)
    out = []
    for p in paths:
        for i, ln in enumerate(text(p).split("\n"), 1):
            if rx.search(ln):
                out.append({"file": p, "line": i})
    return out

def grepl(pattern, paths, regex=False, flags=0):
    """Files with at least one hit."""
    return sorted({h["file"] for h in grep(pattern, paths, regex, flags)})

# ---------------------------------------------------------------- definitions
def defs(name, paths):
    """Declaration lines of `name`: function/class/interface/type/enum
    declarations (export/default/declare/abstract/async prefixes allowed,
    indentation allowed) and `const|let|var NAME =|:` bindings that are not a
    require()/import() of another module."""
    n = re.escape(name)
    rx1 = re.compile(r"^\s*(export\s+)?(default\s+)?(declare\s+)?(/\*.*?\*/\s*)?(abstract\s+)?(async\s+)?"
                     r"(function\*?|class|interface|type|enum|namespace)\s+" + n + r"(?![\w$])")
    rx2 = re.compile(r"^\s*(export\s+)?(declare\s+)?(const|let|var)\s+" + n + r"\s*[:=]")
    out = []
    for p in paths:
        for i, ln in enumerate(text(p).split("\n"), 1):
            if rx1.search(ln) or (rx2.search(ln) and "require(" not in ln and "import(" not in ln
                                  and "import (" not in ln):
                out.append({"file": p, "line": i})
    return out

# ---------------------------------------------------------------- imports
_ES_IMPORT = re.compile(r"^\s*import\s(?:[^\"'`;]*?\sfrom\s*)?[\"']([^\"']+)[\"']", re.M | re.S)
_REQUIRE = re.compile(r"(?<![\w$.`])require\(\s*['\"]([^'\"]+)['\"]\s*\)")

def es_imports(p):
    """Module specifiers of `import ... from "x"` / `import "x"` statements
    (type-only imports included; `export ... from` re-exports NOT included)."""
    return sorted(set(_ES_IMPORT.findall(text(p))))

def es_reexport_sources(p):
    return sorted(set(re.findall(r"^\s*export\s[^;\"']*?\sfrom\s*[\"']([^\"']+)[\"']", text(p), re.M | re.S)))

def requires(p):
    """Specifiers of require('x') calls (not inside template literals)."""
    out = set()
    for ln in text(p).split("\n"):
        if "`" in ln:
            continue
        out.update(_REQUIRE.findall(ln))
    return sorted(out)

def resolve(frm, spec):
    """Resolve a relative specifier the way Node would for this tree (file, .js, /index.js)."""
    if not spec.startswith("."):
        return None
    base = posixpath.normpath(posixpath.join(posixpath.dirname(frm), spec))
    for cand in (base, base + ".js", base + "/index.js", base + ".ts", base + "/index.ts"):
        if os.path.isfile(cand):
            return cand
    return base

# ---------------------------------------------------------------- exports
def _brace_names(body):
    names = []
    for part in body.split(","):
        part = re.sub(r"/\*.*?\*/|//[^\n]*", "", part, flags=re.S).strip()
        if not part:
            continue
        part = re.sub(r"^type\s+", "", part)
        m = re.match(r"^([\w$]+)(?:\s+as\s+([\w$]+))?$", part)
        assert m, ("cannot parse export clause part", part)
        names.append(m.group(2) or m.group(1))
    return names

def es_exports(p, follow_star=True):
    """Names exported by an ES module / TS file (types included).
    `export default ...` contributes "default"; `export * from` is followed
    (without its default) when follow_star, else contributes nothing."""
    t = text(p)
    names = set()
    for m in re.finditer(r"^export\s+default\b", t, re.M):
        names.add("default")
    for m in re.finditer(r"^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?"
                         r"(?:/\*.*?\*/\s*)?(?:async\s+)?(?:function\*?|class|interface|type|enum|const|let|var|namespace)\s+([\w$]+)",
                         t, re.M):
        names.add(m.group(1))
    for m in re.finditer(r"^export\s+(?:type\s+)?\{([^}]*)\}", t, re.M | re.S):
        names.update(_brace_names(m.group(1)))
    for m in re.finditer(r"^export\s+\*\s+as\s+([\w$]+)\s+from", t, re.M):
        names.add(m.group(1))
    if follow_star:
        for m in re.finditer(r"^export\s+\*\s+from\s+[\"']([^\"']+)[\"']", t, re.M):
            tgt = resolve(p, m.group(1))
            names.update(es_exports(tgt, True) - {"default"})
    return names

def cjs_exports(p):
    """Names assigned on module.exports: `module.exports.X =` and the keys of
    `module.exports = { a, b: c }`."""
    t = text(p)
    names = set(re.findall(r"module\.exports\.([\w$]+)\s*=", t))
    for m in re.finditer(r"module\.exports\s*=\s*\{([^}]*)\}", t, re.S):
        for part in m.group(1).split(","):
            part = part.strip()
            if part:
                names.add(re.match(r"([\w$]+)", part).group(1))
    return names

def pkg():
    return json.loads(text("package.json"))
