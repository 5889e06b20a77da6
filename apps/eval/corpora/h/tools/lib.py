"""Helpers used by build.py `how` expressions. All paths are tree-relative, '/'-separated.
Conventions (see README.md):
 - "files" are regular files; walking is recursive unless top=True; no hidden files exist in either tree.
 - line count = wc -l style (number of '\n'); accept adds splitlines() count when it differs.
 - a line range is the lines joined with "\n" (no trailing newline); whole-file text is exact bytes decoded as UTF-8.
 - size = bytes (os.stat st_size).
 - extension = last suffix ('.d.ts' files count as '.ts'); files with no suffix are keyed "(none)".
"""
import os, re, json

ROOTS = {"knex": "/work/main/.corpus-trees/knex", "uuid": "/work/main/.corpus-trees/uuid"}


class Tree:
    def __init__(self, name):
        self.name = name
        self.root = ROOTS[name]

    # ---------- filesystem ----------
    def _abs(self, p):
        return os.path.join(self.root, p) if p else self.root

    def files(self, under="", ext=None, top=False, name=None):
        out = []
        base = self._abs(under)
        if under and os.path.isfile(base):
            return [under]
        if not os.path.isdir(base):
            return []
        for dp, dns, fns in os.walk(base):
            dns.sort()
            for f in fns:
                rel = os.path.relpath(os.path.join(dp, f), self.root).replace(os.sep, "/")
                if ext is not None and not f.endswith(ext):
                    continue
                if name is not None and f != name:
                    continue
                out.append(rel)
            if top:
                break
        return sorted(out)

    def dirs(self, under="", top=False, name=None):
        out = []
        base = self._abs(under)
        if not os.path.isdir(base):
            return []
        for dp, dns, fns in os.walk(base):
            for d in dns:
                if name is not None and d != name:
                    continue
                out.append(os.path.relpath(os.path.join(dp, d), self.root).replace(os.sep, "/"))
            if top:
                break
        return sorted(out)

    def entries(self, under=""):
        return sorted(([under + "/" if under else ""][0] + e) for e in os.listdir(self._abs(under)))

    def read(self, p):
        with open(self._abs(p), encoding="utf-8") as fh:
            return fh.read()

    def lines(self, p, a=None, b=None):
        ls = self.read(p).split("\n")
        if ls and ls[-1] == "":
            ls = ls[:-1]
        a = 1 if a is None else a
        b = len(ls) if b is None else b
        return "\n".join(ls[a - 1:b])

    def tail(self, p, n):
        ls = self.read(p).split("\n")
        if ls and ls[-1] == "":
            ls = ls[:-1]
        return "\n".join(ls[-n:])

    def nlines(self, p):
        return self.read(p).count("\n")

    def nlines_split(self, p):
        return len(self.read(p).splitlines())

    def size(self, p):
        return os.stat(self._abs(p)).st_size

    def by_size(self, under="", ext=None, reverse=True):
        fs = self.files(under, ext)
        return sorted(fs, key=lambda f: (-self.size(f) if reverse else self.size(f), f))

    def extremes(self, under="", ext=None, largest=True):
        """all files tied for the largest (or smallest) size"""
        fs = self.files(under, ext)
        sizes = {f: self.size(f) for f in fs}
        m = max(sizes.values()) if largest else min(sizes.values())
        return sorted(f for f in fs if sizes[f] == m)

    def ext_counts(self, compound_dts=False):
        c = {}
        for f in self.files():
            b = f.rsplit("/", 1)[-1]
            if compound_dts and b.endswith(".d.ts"):
                e = ".d.ts"
            else:
                e = os.path.splitext(b)[1] or "(none)"
            c[e] = c.get(e, 0) + 1
        return dict(sorted(c.items()))

    # ---------- text search ----------
    def grep(self, pat, under="", regex=False, ci=False, ext=None):
        flags = re.I if ci else 0
        rx = re.compile(pat if regex else re.escape(pat), flags)
        hits = []
        for f in self.files(under, ext):
            try:
                txt = self.read(f)
            except UnicodeDecodeError:
                continue
            for i, line in enumerate(txt.split("\n"), 1):
                if rx.search(line):
                    hits.append({"file": f, "line": i})
        return hits

    def grep_files(self, pat, under="", regex=False, ci=False, ext=None):
        return sorted({h["file"] for h in self.grep(pat, under, regex, ci, ext)})

    # ---------- definitions ----------
    DEF_RX = r"(?:^|\s)(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:class|interface|function\*?|type|const|let|var|enum|namespace)\s+{}\b"

    def defs(self, name, under="", include_dts=False, hits=False):
        rx = self.DEF_RX.format(re.escape(name))
        out = [h for h in self.grep(rx, under, regex=True) if not h["file"].endswith(".md")]
        # `const X = require(...)` is an import binding, not a definition
        out = [h for h in out if not re.search(r"=\s*require\(", self.read(h["file"]).split("\n")[h["line"] - 1])]
        if not include_dts:
            out = [h for h in out if not h["file"].endswith(".d.ts")]
        return out if hits else sorted({h["file"] for h in out})

    # ---------- imports / exports ----------
    IMPORT_RXS = [
        r"""\brequire\(\s*['"]([^'"]+)['"]\s*\)""",
        r"""\bimport\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]""",
        r"""\bexport\s+(?:\*|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]""",
        r"""\bimport\(\s*['"]([^'"]+)['"]\s*\)""",
    ]

    def imports(self, p):
        txt = self.read(p)
        # ignore line comments that merely mention require/import
        txt = "\n".join(l for l in txt.split("\n") if not l.lstrip().startswith(("//", "*", "/*")))
        out = []
        for rx in self.IMPORT_RXS:
            for m in re.finditer(rx, txt):
                if m.group(1) not in out:
                    out.append(m.group(1))
        return sorted(out)

    def resolve(self, frm, spec):
        if not spec.startswith("."):
            return None
        base = os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, "/")
        for cand in (base, base + ".js", base + ".json", base + "/index.js"):
            if os.path.isfile(self._abs(cand)):
                return cand
        return None

    def import_paths(self, p):
        return sorted({r for r in (self.resolve(p, s) for s in self.imports(p)) if r})

    def importers(self, target, under="", exts=(".js", ".mjs", ".cjs")):
        """files importing `target`: a bare package name/subpath, or a tree file path"""
        out = []
        for f in self.files(under):
            if not f.endswith(exts) and "/bin/" not in f:
                continue
            for s in self.imports(f):
                if s == target or (not s.startswith(".") and s.startswith(target + "/") and "/" not in target and False):
                    out.append(f); break
                if s.startswith(".") and self.resolve(f, s) == target:
                    out.append(f); break
        return sorted(out)

    def exports(self, p):
        txt = self.read(p)
        names = []
        def add(n):
            if n not in names:
                names.append(n)
        # CommonJS: module.exports = { a, b: c }
        m = re.search(r"module\.exports\s*=\s*\{([^}]*)\}", txt)
        if m:
            for part in m.group(1).split(","):
                part = part.strip()
                if part:
                    add(part.split(":")[0].strip())
        m = re.search(r"module\.exports\s*=\s*(?:async\s+)?(?:function\s+)?([A-Za-z_$][\w$]*)", txt)
        if m and m.group(1) not in ("function",):
            add(m.group(1))
        for m in re.finditer(r"(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=(?!=)", txt):
            add(m.group(1))
        for m in re.finditer(r"Object\.defineProperty\(exports,\s*\"(\w+)\"", txt):
            if m.group(1) != "__esModule":
                add(m.group(1))
        # ESM
        for m in re.finditer(r"export\s+\{([^}]*)\}", txt):
            for part in m.group(1).split(","):
                part = part.strip()
                if part:
                    add(part.split(" as ")[-1].strip())
        for m in re.finditer(r"export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|type|interface)\s+([A-Za-z_$][\w$]*)", txt):
            add(m.group(1))
        if re.search(r"export\s+default\b", txt):
            add("default")
        return sorted(names)

    # ---------- package.json ----------
    def pkg(self, *keys):
        v = json.loads(self.read("package.json"))
        for k in keys:
            v = v.get(k) if isinstance(v, dict) else None
        return v
