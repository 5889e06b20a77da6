#!/usr/bin/env python3
"""Second, independent method (pure Python: os.walk / open / re / json, no shell tools) for a random sample of golds."""
import os, re, json, random, sys
T = {"fastify": "/work/main/.corpus-trees/fastify", "date-fns": "/work/main/.corpus-trees/date-fns"}
def files(tree, sub="", depth=None):
    root = os.path.join(T[tree], sub)
    out = []
    for r, ds, fs in os.walk(root):
        rel = os.path.relpath(r, T[tree])
        d = 0 if r == root else os.path.relpath(r, root).count(os.sep) + 1
        if depth is not None and d >= depth: ds[:] = []
        if depth is not None and d > depth - 1 and r != root: continue
        for f in fs:
            out.append(os.path.normpath(os.path.join(rel, f)))
    return sorted(out)
def dirs(tree, sub="", depth=None):
    root = os.path.join(T[tree], sub); out = []
    for r, ds, fs in os.walk(root):
        for dname in ds:
            p = os.path.normpath(os.path.relpath(os.path.join(r, dname), T[tree]))
            lvl = os.path.relpath(os.path.join(r, dname), root).count(os.sep) + 1
            if depth is None or lvl <= depth: out.append(p)
    return sorted(out)
def rd(tree, p, mode="r"):
    with open(os.path.join(T[tree], p), "rb" if mode == "rb" else "r", **({} if mode == "rb" else {"encoding": "utf-8"})) as h: return h.read()
def size(tree, p): return os.path.getsize(os.path.join(T[tree], p))
def nlines(tree, p):  # editor-style line count (last unterminated line counts)
    t = rd(tree, p, "rb"); return t.count(b"\n") + (1 if t and not t.endswith(b"\n") else 0)
def pj(tree): return json.loads(rd(tree, "package.json"))
def lines_of(tree, p): return rd(tree, p).split("\n")
def top_by(tree, items, key, n, rev=True): return [x for x in sorted(items, key=lambda x: (-key(x) if rev else key(x), x))][:n]

C = {}
def chk(id_, method):
    def deco(fn): C[id_] = (fn, method); return fn
    return deco
F, D = "fastify", "date-fns"

@chk("fastify-001", "os.walk, count every file")
def _(): return len(files(F))
@chk("fastify-005", "os.walk docs/Guides, filter endswith .md")
def _(): return len([f for f in files(F, "docs/Guides") if f.endswith(".md")])
@chk("fastify-008", "os.walk test/http-methods")
def _(): return len(files(F, "test/http-methods"))
@chk("fastify-013", "os.listdir docs/Reference filtered on .md")
def _(): return sorted("docs/Reference/" + f for f in os.listdir(T[F] + "/docs/Reference") if f.endswith(".md"))
@chk("fastify-020", "os.listdir .vscode")
def _(): return sorted(".vscode/" + f for f in os.listdir(T[F] + "/.vscode"))
@chk("fastify-022", "python: first 10 elements of read().split('\\n')")
def _(): return "\n".join(lines_of(F, "fastify.js")[:10])
@chk("fastify-027", "python read() of the file, trailing newline stripped")
def _(): return rd(F, "integration/test.sh").removesuffix("\n")
@chk("fastify-028", "python split lines, index 964")
def _(): return lines_of(F, "fastify.js")[964]
@chk("fastify-030", "os.path.getsize over os.walk, sorted desc, first 5")
def _(): return top_by(F, files(F), lambda f: size(F, f), 5)
@chk("fastify-032", "sum of os.path.getsize over os.walk(docs)")
def _(): return sum(size(F, f) for f in files(F, "docs"))
@chk("fastify-034", "getsize > 10240 over os.listdir(types)")
def _(): return sorted("types/" + f for f in os.listdir(T[F] + "/types") if os.path.getsize(T[F] + "/types/" + f) > 10240)
@chk("fastify-036", "count of b'\\n' bytes in fastify.js")
def _(): return rd(F, "fastify.js", "rb").count(b"\n")
@chk("fastify-039", "python line counts of lib/*, sorted desc, first 3")
def _(): return top_by(F, files(F, "lib"), lambda f: nlines(F, f), 3)
@chk("fastify-047", "python regex require\\(['\"]node:http['\"]\\) over all file contents")
def _(): return len([f for f in files(F) if re.search(r"require\(['\"]node:http['\"]\)", rd(F, f, "rb").decode("utf-8", "replace"))])
@chk("fastify-048", "python substring 'FIXME' over all files, line by line")
def _(): return [{"file": f, "line": i + 1} for f in files(F) for i, l in enumerate(rd(F, f, "rb").decode("utf-8", "replace").split("\n")) if "FIXME" in l]
@chk("fastify-049", "python substring search over lib files")
def _(): return sorted(f for f in files(F, "lib") if "http2SessionTimeout" in rd(F, f))
@chk("fastify-052", "python regex \\bclass SchemaController\\b over every .js/.ts file, line numbers")
def _(): return [{"file": f, "line": i + 1} for f in files(F) if f.endswith((".js", ".ts")) for i, l in enumerate(lines_of(F, f)) if re.search(r"\bclass SchemaController\b", l)]
@chk("fastify-053", "python regex \\bfunction checkDependencies\\s*\\( over lib + fastify.js")
def _(): return [{"file": f, "line": i + 1} for f in files(F, "lib") + ["fastify.js"] for i, l in enumerate(lines_of(F, f)) if re.search(r"\bfunction checkDependencies\s*\(", l)]
@chk("fastify-060", "python regex ^export\\s+\\w+\\s+(\\w+) on types/plugin.d.ts")
def _(): return sorted(set(m.group(1) for l in lines_of(F, "types/plugin.d.ts") for m in [re.match(r"^export\s+(?:declare\s+)?(?:type|interface|const|function|class)\s+(\w+)", l)] if m))
@chk("fastify-061", "python regex require\\('...'\\) on lib/route.js, comment lines skipped")
def _(): return sorted(set(m for l in lines_of(F, "lib/route.js") if not l.strip().startswith(("*", "//")) for m in re.findall(r"require\(\s*'([^']+)'\s*\)", l)))
@chk("fastify-067", "json.load package.json, dependencies keys")
def _(): return sorted(pj(F)["dependencies"])
@chk("fastify-069", "json.load package.json .main")
def _(): return pj(F)["main"]
@chk("fastify-074", "os.path.splitext over files in types/")
def _():
    o = {}
    for f in files(F, "types"): e = os.path.splitext(f)[1]; o[e] = o.get(e, 0) + 1
    return o
@chk("fastify-077", "os.scandir docs, is_dir()")
def _(): return len([e for e in os.scandir(T[F] + "/docs") if e.is_dir()])
@chk("date-fns-001", "os.walk, count files")
def _(): return len(files(D))
@chk("date-fns-003", "os.walk, endswith('.d.ts')")
def _(): return len([f for f in files(D) if f.endswith(".d.ts")])
@chk("date-fns-007", "os.scandir root, is_file and endswith .js")
def _(): return len([e for e in os.scandir(T[D]) if e.is_file() and e.name.endswith(".js")])
@chk("date-fns-008", "os.walk, endswith .md")
def _(): return len([f for f in files(D) if f.endswith(".md")])
@chk("date-fns-009", "os.listdir parse/_lib/parsers, endswith .js")
def _(): return len([f for f in os.listdir(T[D] + "/parse/_lib/parsers") if f.endswith(".js")])
@chk("date-fns-010", "os.walk, basename == cdn.min.js")
def _(): return len([f for f in files(D) if os.path.basename(f) == "cdn.min.js"])
@chk("date-fns-011", "os.listdir docs")
def _(): return sorted("docs/" + f for f in os.listdir(T[D] + "/docs"))
@chk("date-fns-014", "os.walk, endswith .svg")
def _(): return [f for f in files(D) if f.endswith(".svg")]
@chk("date-fns-015", "os.scandir locale, dirs whose name startswith 'en-'")
def _(): return sorted("locale/" + e.name for e in os.scandir(T[D] + "/locale") if e.is_dir() and e.name.startswith("en-"))
@chk("date-fns-017", "os.listdir locale/de/_lib")
def _(): return sorted("locale/de/_lib/" + f for f in os.listdir(T[D] + "/locale/de/_lib"))
@chk("date-fns-018", "os.listdir + fnmatch-like endswith('Parser.js')")
def _(): return sorted("parse/_lib/parsers/" + f for f in os.listdir(T[D] + "/parse/_lib/parsers") if f.endswith("Parser.js"))
@chk("date-fns-019", "os.listdir root, 'ISOWeek' in name and endswith .js, is file")
def _(): return sorted(f for f in os.listdir(T[D]) if "ISOWeek" in f and f.endswith(".js") and os.path.isfile(T[D] + "/" + f))
@chk("date-fns-028", "len of bytes read")
def _(): return len(rd(D, "CHANGELOG.md", "rb"))
@chk("date-fns-030", "getsize over os.walk(locale), sorted desc, first 5")
def _(): return top_by(D, files(D, "locale"), lambda f: size(D, f), 5)
@chk("date-fns-031", "sum of getsize over .cjs files")
def _(): return sum(size(D, f) for f in files(D) if f.endswith(".cjs"))
@chk("date-fns-033", "len of bytes read")
def _(): return len(rd(D, "fp/cdn.min.js", "rb"))
@chk("date-fns-042", "python newline-aware line count")
def _(): return nlines(D, "index.d.ts")
@chk("date-fns-057", "python regex ^export (const|function|default) on locale/en-US.js")
def _():
    out = set()
    for l in lines_of(D, "locale/en-US.js"):
        m = re.match(r"^export\s+(?:const|function|let|class)\s+(\w+)", l)
        if m: out.add(m.group(1))
        if re.match(r"^export\s+default\b", l): out.add("default")
    return sorted(out)
@chk("date-fns-058", "python regex ^export (const|function|default) on toDate.js")
def _():
    out = set()
    for l in lines_of(D, "toDate.js"):
        m = re.match(r"^export\s+(?:const|function|let|class)\s+(\w+)", l)
        if m: out.add(m.group(1))
        if re.match(r"^export\s+default\b", l): out.add("default")
    return sorted(out)
@chk("date-fns-059", "python regex over whole text: import ... from \"x\" (multi-line allowed)")
def _(): return sorted(set(re.findall(r'^import\s[^;]*?from\s*"([^"]+)";', rd(D, "format.js"), re.M)))
@chk("date-fns-062", "python regex over whole text of top-level .js: from \"./constructFrom.js\"")
def _(): return len([f for f in os.listdir(T[D]) if f.endswith(".js") and re.search(r'from\s*"\./constructFrom\.js"', rd(D, f))])
@chk("date-fns-064", "json.load .type")
def _(): return pj(D)["type"]
@chk("date-fns-066", "json.load, len(exports)")
def _(): return len(pj(D)["exports"])
@chk("date-fns-067", "json.load, dependencies keys (missing -> empty)")
def _(): return sorted(pj(D).get("dependencies", {}))
@chk("date-fns-068", "json.load .license")
def _(): return pj(D)["license"]
@chk("date-fns-072", "os.path.splitext over top-level files")
def _():
    o = {}
    for e in os.scandir(T[D]):
        if e.is_file(): x = os.path.splitext(e.name)[1]; o[x] = o.get(x, 0) + 1
    return o
# ---- extra checks on entries judged risky (not part of the random sample) ----
@chk("fastify-062", "python: regex require('...symbols...') then os.path resolution relative to each file")
def _():
    out = []
    for f in files(F):
        if not f.endswith((".js", ".mjs", ".cjs", ".ts")): continue
        for l in lines_of(F, f):
            if l.strip().startswith(("*", "//")): continue
            for s in re.findall(r"(?:require\(|from\s)\s*['\"]([^'\"]+)['\"]", l):
                if s.startswith("."):
                    p = os.path.normpath(os.path.join(os.path.dirname(f), s))
                    if p in ("lib/symbols", "lib/symbols.js"): out.append(f)
    return sorted(set(out))
@chk("date-fns-060", "python regex over whole text (multi-line imports allowed): from \"./_lib/defaultOptions.js\"")
def _(): return sorted(f for f in os.listdir(T[D]) if f.endswith(".js") and re.search(r'^import\s[^;]*?from\s*"\./_lib/defaultOptions\.js"', rd(D, f), re.M))
@chk("date-fns-044", "python substring 'TODO' per line in locale/_lib files")
def _(): return [{"file": f, "line": i + 1} for f in files(D, "locale/_lib") for i, l in enumerate(lines_of(D, f)) if "TODO" in l]
@chk("date-fns-047", "python substring per line over top-level .js")
def _(): return sorted(({"file": f, "line": i + 1} for f in os.listdir(T[D]) if f.endswith(".js") for i, l in enumerate(lines_of(D, f)) if "@category Day Helpers" in l), key=lambda h: (h["file"], h["line"]))
@chk("fastify-057", "python: parse the module.exports = { ... } block of lib/hooks.js, identifiers")
def _():
    t = rd(F, "lib/hooks.js"); blk = t[t.index("module.exports = {"):]; blk = blk[:blk.index("\n}")]
    return sorted(re.findall(r"^\s+(\w+),?\s*$", blk, re.M))
@chk("date-fns-055", "python regex ^export const (\\w+) over constants.js")
def _(): return sorted(re.findall(r"^export const (\w+)", rd(D, "constants.js"), re.M))
@chk("fastify-038", "python newline-aware line counts summed over lib/*.js")
def _(): return sum(nlines(F, f) for f in files(F, "lib") if f.endswith(".js"))
@chk("fastify-041", "python newline-aware line counts summed over types/*.d.ts")
def _(): return sum(nlines(F, f) for f in files(F, "types") if f.endswith(".d.ts"))
@chk("date-fns-039", "python newline-aware line counts summed over _lib/**/*.d.ts")
def _(): return sum(nlines(D, f) for f in files(D, "_lib") if f.endswith(".d.ts"))
@chk("date-fns-075", "os.walk per top-level dir")
def _(): return {d: len(files(D, d)) for d in sorted(e.name for e in os.scandir(T[D]) if e.is_dir())}
@chk("fastify-045", "python substring per line over lib files")
def _(): return [{"file": f, "line": i + 1} for f in files(F, "lib") for i, l in enumerate(lines_of(F, f)) if "TODO" in l]
@chk("fastify-044", "python str.count")
def _(): return rd(F, "lib/errors.js").count("FST_ERR_")
@chk("fastify-076", "os.walk depth of every dir, keep max")
def _():
    ds = dirs(F); m = max(d.count(os.sep) for d in ds); return sorted(d for d in ds if d.count(os.sep) == m)
@chk("date-fns-004", "os.scandir locale, is_dir")
def _(): return len([e for e in os.scandir(T[D] + "/locale") if e.is_dir()])
@chk("date-fns-032", "getsize over top-level .js files, min")
def _(): return top_by(D, [f for f in os.listdir(T[D]) if f.endswith(".js")], lambda f: size(D, f), 1, rev=False)
@chk("date-fns-038", "python newline-aware line counts of top-level .js, max")
def _(): return top_by(D, [f for f in os.listdir(T[D]) if f.endswith(".js")], lambda f: nlines(D, f), 1)

RANDOM = ['date-fns-001', 'date-fns-003', 'date-fns-007', 'date-fns-008', 'date-fns-009', 'date-fns-010', 'date-fns-011', 'date-fns-014', 'date-fns-015', 'date-fns-017', 'date-fns-018', 'date-fns-019', 'date-fns-028', 'date-fns-030', 'date-fns-031', 'date-fns-033', 'date-fns-042', 'date-fns-057', 'date-fns-058', 'date-fns-059', 'date-fns-062', 'date-fns-064', 'date-fns-066', 'date-fns-067', 'date-fns-068', 'date-fns-072', 'fastify-001', 'fastify-005', 'fastify-008', 'fastify-013', 'fastify-020', 'fastify-022', 'fastify-027', 'fastify-028', 'fastify-030', 'fastify-032', 'fastify-034', 'fastify-036', 'fastify-039', 'fastify-047', 'fastify-048', 'fastify-049', 'fastify-052', 'fastify-053', 'fastify-060', 'fastify-061', 'fastify-067', 'fastify-069', 'fastify-074', 'fastify-077']

def norm(kind, v, ordered):
    if kind in ("paths", "strings") and not ordered: return sorted(set(v))
    if kind == "hits": return sorted((h["file"], h["line"]) for h in v)
    return v
if __name__ == "__main__":
    recs = {r["id"]: r for r in json.load(open("/work/corpus-b/requests.json"))}
    rows = []; bad = 0
    for id_, (fn, method) in C.items():
        r = recs[id_]; g = r["gold"]; v = fn()
        ok = norm(g["kind"], v, g.get("ordered")) == norm(g["kind"], g["value"], g.get("ordered"))
        bad += not ok
        show = json.dumps(v, ensure_ascii=False); show = show if len(show) < 70 else show[:67] + "..."
        rows.append(f"| {id_} | {'random' if id_ in RANDOM else 'extra'} | {method} | `{show.replace('|', '/')}` | {'OK' if ok else 'MISMATCH'} |")
    print(f"checked {len(rows)}, mismatches {bad}", file=sys.stderr)
    print("\n".join(rows))
