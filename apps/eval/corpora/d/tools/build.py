#!/usr/bin/env python3
"""Build /work/corpus-d/requests.json from requests-draft.txt + the SPEC below.

Each gold (and each accepted alternative) is computed by evaluating its `how`
(a short Python expression) with cwd = the tree root and the helpers from
tools/helpers.py in scope.  Run:  python3 tools/build.py
"""
import os, sys, json, re
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
TREES = "/work/main/.corpus-trees"
sys.path.insert(0, HERE)
import helpers

def A(kind, how, reading, ordered=False):
    d = {"kind": kind, "how": how, "reading": reading}
    if ordered:
        d["ordered"] = True
    return d

def S(kind, how, accept=(), ordered=False):
    return {"kind": kind, "how": how, "accept": list(accept), "ordered": ordered}

NONTEST_SRC = "[p for p in files('src') if not istest(p)]"
SPEC = {
# ------------------------------------------------------------------ ajv
"ajv-001": S("number", "len(files())"),
"ajv-002": S("number", "len(files('lib', '.ts'))"),
"ajv-003": S("number", "len(files('dist', '.d.ts'))"),
"ajv-004": S("number", "len(files(ext='.json'))"),
"ajv-005": S("number", "len(files(ext='.map'))"),
"ajv-006": S("number", "len(files('lib/vocabularies/jtd'))"),
"ajv-007": S("number", "len(files(ext=('.yaml', '.yml')))"),
"ajv-008": S("paths", "files('lib/runtime')"),
"ajv-009": S("paths", "files('lib/refs', '.json')"),
"ajv-010": S("paths", "files('lib/compile/validate')"),
"ajv-011": S("paths", "[p for p in files('lib') if p.endswith('/index.ts')]"),
"ajv-012": S("paths", "[p for p in files('lib/vocabularies/applicator') if 'items' in os.path.basename(p).lower()]",
             [A("paths", "[p for p in files('lib/vocabularies/applicator') if 'items' in os.path.basename(p)]",
                "case-sensitive match on lowercase 'items' (skips additionalItems.ts, prefixItems.ts)")]),
"ajv-013": S("paths", "children('')"),
"ajv-014": S("text", "text('.runkit_example.js')"),
"ajv-015": S("text", "text('lib/runtime/equal.ts')"),
"ajv-016": S("text", "lines('lib/ajv.ts', 1, 10)"),
"ajv-017": S("text", "lines('lib/compile/util.ts', 1, 20)"),
"ajv-018": S("text", "text('lib/vocabularies/jtd/index.ts')"),
"ajv-019": S("number", "nlines('lib/core.ts')"),
"ajv-020": S("number", "nlines('lib/compile/codegen/index.ts')"),
"ajv-021": S("number", "sum(nlines(p) for p in files('lib', '.ts'))"),
"ajv-022": S("paths", "topn(files('lib'), nlines, 5)", ordered=True),
"ajv-023": S("number", "nlines('dist/ajv.js')",
             [A("number", "wc_l('dist/ajv.js')", "`wc -l` count; the file has no final newline so its last line is not counted")]),
"ajv-024": S("number", "size('README.md')"),
"ajv-025": S("paths", "topn(files(), size, 1)"),
"ajv-026": S("number", "sum(size(p) for p in files('dist'))"),
"ajv-027": S("paths", "topn(files(ext='.json'), size, 3)", ordered=True,
             accept=[A("paths", "['package.json', 'lib/refs/json-schema-draft-07.json', 'dist/refs/json-schema-draft-07.json']",
                       "same three files; the two identical 3811-byte draft-07 copies tie, so their order may be swapped", ordered=True)]),
"ajv-028": S("hits", "grep(r'(?<!function )checkStrictMode\\(', files('lib'), regex=True)",
             [A("hits", "grep('checkStrictMode', files('lib'))",
                "every line mentioning the name (definition and import lines included)")]),
"ajv-029": S("hits", "grep('TODO', files('lib'))"),
"ajv-030": S("hits", "grep('fast-uri', files('lib'))"),
"ajv-031": S("paths", "grepl('unevaluatedProperties', files('lib'))"),
"ajv-032": S("hits", "grep('console.log', files('lib'))",
             [A("hits", "[h for h in grep('console.log', files('lib')) if not text(h['file']).split(chr(10))[h['line']-1].lstrip().startswith('//')]",
                "only live calls; all three occurrences are commented out, so none")]),
"ajv-033": S("hits", "defs('CodeGen', files('lib'))",
             [A("hits", "defs('CodeGen', files())", "every copy: TS source plus dist .js and .d.ts")]),
"ajv-034": S("hits", "defs('compileSchema', files('lib'))",
             [A("hits", "defs('compileSchema', files())", "every copy: TS source plus dist .js and .d.ts")]),
"ajv-035": S("hits", "defs('ValidateFunction', files('lib'))",
             [A("hits", "defs('ValidateFunction', files())", "every copy: TS source plus dist .d.ts")]),
"ajv-036": S("hits", "defs('ucs2length', files('lib'))",
             [A("hits", "defs('ucs2length', files())", "every copy: TS source plus dist .js and .d.ts")]),
"ajv-037": S("hits", "defs('ValidationError', files('lib'))",
             [A("hits", "defs('ValidationError', files())", "every copy: TS source plus dist .js and .d.ts")]),
"ajv-038": S("strings", "es_imports('lib/ajv.ts')",
             [A("strings", "sorted(set(es_imports('lib/ajv.ts')) | set(es_reexport_sources('lib/ajv.ts')))",
                "also counts the modules re-exported with `export {...} from`")]),
"ajv-039": S("strings", "es_imports('lib/compile/index.ts')"),
"ajv-040": S("paths", "[p for p in files('lib') if 'fast-deep-equal' in es_imports(p)]"),
"ajv-041": S("strings", "sorted(es_exports('lib/compile/util.ts'))"),
"ajv-042": S("strings", "sorted(es_exports('lib/runtime/ucs2length.ts'))",
             [A("strings", "['ucs2length']", "names the default-exported function by its own name")]),
"ajv-043": S("strings", "sorted(es_exports('lib/2020.ts'))"),
"ajv-044": S("json", "pkg()['version']"),
"ajv-045": S("strings", "sorted(pkg()['dependencies'])",
             [A("json", "pkg()['dependencies']", "the dependencies object with version ranges")]),
"ajv-046": S("paths", "[pkg()['main']]"),
"ajv-047": S("strings", "sorted(pkg()['scripts'])"),
"ajv-048": S("number", "len(pkg()['devDependencies'])"),
"ajv-049": S("strings", "sorted(pkg().get('peerDependencies', {}))"),
"ajv-050": S("paths", "dirs('lib/vocabularies', depth=1)"),
# ------------------------------------------------------------------ undici
"undici-001": S("number", "len(files('lib', '.js'))"),
"undici-002": S("number", "len(files('types', '.d.ts'))"),
"undici-003": S("number", "len(files(ext='.md'))"),
"undici-004": S("number", "len(files('lib/web/fetch'))"),
"undici-005": S("number", "len(files('lib/dispatcher'))"),
"undici-006": S("number", "len(files('lib/web', '.ts'))"),
"undici-007": S("number", "len(files())"),
"undici-008": S("paths", "files('docs/docs/best-practices')"),
"undici-009": S("paths", "files('lib/interceptor')"),
"undici-010": S("paths", "[p for p in files('lib') if 'mock' in p]"),
"undici-011": S("paths", "[p for p in files('types') if os.path.basename(p).startswith('mock')]"),
"undici-012": S("paths", "files(ext='.js.map')"),
"undici-013": S("paths", "files('scripts')"),
"undici-014": S("text", "text('index.d.ts')"),
"undici-015": S("text", "text('lib/api/index.js')"),
"undici-016": S("text", "lines('index-fetch.js', 1, 15)"),
"undici-017": S("text", "lines('lib/core/util.js', 411, 445)"),
"undici-018": S("text", "text('lib/llhttp/.gitkeep')"),
"undici-019": S("number", "nlines('lib/dispatcher/client-h1.js')"),
"undici-020": S("number", "nlines('README.md')"),
"undici-021": S("number", "sum(nlines(p) for p in files('types', '.d.ts'))"),
"undici-022": S("paths", "topn(files('lib/web/fetch'), nlines, 3)", ordered=True),
"undici-023": S("number", "nlines('docs/docs/api/Dispatcher.md')"),
"undici-024": S("number", "size('lib/llhttp/llhttp-wasm.js')"),
"undici-025": S("paths", "topn(files(), size, 5)", ordered=True),
"undici-026": S("number", "sum(size(p) for p in files('lib/web/websocket'))"),
"undici-027": S("number", "size('package.json')"),
"undici-028": S("hits", "grep('TODO', files('lib'))"),
"undici-029": S("paths", "grepl(r'(?<!function )(?<![\\w$])setGlobalDispatcher\\s*\\(', files(ext='.js'), regex=True)",
                [A("paths", "grepl(r'(?<!function )(?<![\\w$])setGlobalDispatcher\\s*\\(', files(), regex=True)",
                   "also counts calls in the docs' code samples (README.md, docs/**.md)"),
                 A("paths", "grepl('setGlobalDispatcher', files())",
                   "every file that mentions the name (exports, typings, docs)")]),
"undici-030": S("hits", "grep('process.emitWarning', files('lib'))"),
"undici-031": S("paths", "grepl('WebSocket', files('lib'))",
                [A("paths", "grepl('websocket', files('lib'), flags=re.I)", "case-insensitive (also matches 'websocket' in require paths)")]),
"undici-032": S("hits", "grep('throw new InvalidArgumentError', ['lib/dispatcher/pool.js'])"),
"undici-033": S("hits", "grep(r'\\bdebugger\\b', files('lib'), regex=True)"),
"undici-034": S("hits", "defs('parseHeaders', files(ext='.js'))",
                [A("hits", "defs('parseHeaders', files(ext=('.js', '.ts')))", "also the declaration in types/util.d.ts")]),
"undici-035": S("hits", "defs('Client', files(ext='.js'))",
                [A("hits", "defs('Client', files(ext=('.js', '.ts')))", "also the class declaration in types/client.d.ts")]),
"undici-036": S("hits", "defs('RetryHandler', files(ext='.js'))",
                [A("hits", "defs('RetryHandler', files(ext=('.js', '.ts')))", "also the class declaration in types/retry-handler.d.ts")]),
"undici-037": S("hits", "defs('buildConnector', files(ext='.js'))",
                [A("hits", "defs('buildConnector', files(ext=('.js', '.ts')))", "also the declaration in types/connector.d.ts")]),
"undici-038": S("hits", "defs('fetch', files(ext='.js'))",
                [A("hits", "defs('fetch', files(ext='.js')) + grep(r'module\\.exports\\.fetch = (async )?function fetch', ['index.js', 'index-fetch.js'], regex=True)",
                   "also the public wrapper functions named fetch in index.js and index-fetch.js")]),
"undici-039": S("strings", "requires('lib/dispatcher/pool.js')"),
"undici-040": S("strings", "[s for s in requires('lib/core/util.js') if s.startswith('node:')]",
                [A("strings", "[s[5:] for s in requires('lib/core/util.js') if s.startswith('node:')]", "builtin names without the node: scheme")]),
"undici-041": S("paths", "[p for p in files(ext='.js') if any(resolve(p, s) == 'lib/core/symbols.js' for s in requires(p))]"),
"undici-042": S("strings", "sorted(cjs_exports('lib/api/index.js'))"),
"undici-043": S("strings", "sorted(cjs_exports('index-fetch.js'))"),
"undici-044": S("strings", "sorted(cjs_exports('lib/global.js'))"),
"undici-045": S("json", "pkg()['engines']['node']"),
"undici-046": S("strings", "sorted(pkg().get('dependencies', {}))"),
"undici-047": S("strings", "[s for s in pkg()['scripts'] if s.startswith('test')]"),
"undici-048": S("paths", "[pkg()['types']]"),
"undici-049": S("paths", "dirs('lib', depth=1)",
                [A("paths", "dirs('lib')", "every folder below lib, nested ones included")]),
"undici-050": S("paths", "dirs('lib/web')"),
# ------------------------------------------------------------------ zod
"zod-001": S("number", "len(files())"),
"zod-002": S("number", "len([p for p in files() if '.test.' in p])"),
"zod-003": S("number", "len([p for p in files('src/v4/locales', '.ts') if not p.endswith('/index.ts')])",
             [A("number", "len(files('src/v4/locales', '.ts'))", "counts every .ts in the folder, index.ts included")]),
"zod-004": S("number", "len(files(ext='.cjs'))"),
"zod-005": S("number", "len(files('v4', '.d.cts'))"),
"zod-006": S("number", "len(" + NONTEST_SRC.replace("files('src')", "files('src', '.ts')") + ")",
             [A("number", "len([p for p in files('src', '.ts') if '.test.' not in p])",
                "only *.test.ts count as tests (keeps tests/Mocker.ts and tests/language-server.source.ts)")]),
"zod-007": S("number", "len(files(ext='.mjs'))"),
"zod-008": S("paths", "files('src/v4/core')",
             [A("paths", "children('src/v4/core')", "only the files directly in the folder, not tests/")]),
"zod-009": S("paths", "files('src/v3/helpers')"),
"zod-010": S("paths", "files('src/v4/mini/tests')"),
"zod-011": S("paths", "files('src/v4/core/tests/locales')"),
"zod-012": S("paths", "files('src/v3/benchmarks')"),
"zod-013": S("paths", "children('')"),
"zod-014": S("text", "text('index.d.ts')"),
"zod-015": S("text", "text('src/v4/index.ts')"),
"zod-016": S("text", "lines('src/v3/ZodError.ts', 1, 20)"),
"zod-017": S("text", "text('src/v4-mini/index.ts')"),
"zod-018": S("text", "lines('src/v4/core/core.ts', 60, 80)"),
"zod-019": S("number", "nlines('src/v3/types.ts')"),
"zod-020": S("number", "nlines('src/v4/classic/schemas.ts')"),
"zod-021": S("number", "sum(nlines(p) for p in files('src/v4/core') if not istest(p))"),
"zod-022": S("paths", "topn([p for p in files() if '.test.' in p], nlines, 5)", ordered=True),
"zod-023": S("number", "nlines('v4/core/schemas.js')"),
"zod-024": S("number", "size('README.md')"),
"zod-025": S("paths", "topn(files(), size, 1)"),
"zod-026": S("number", "sum(size(p) for p in files('src'))"),
"zod-027": S("paths", "topn(files('src/v4/locales'), size, 3)", ordered=True),
"zod-028": S("hits", "grep('TODO', " + NONTEST_SRC + ")"),
"zod-029": S("paths", "grepl('@ts-ignore', files('src'))"),
"zod-030": S("hits", "grep(r'(?<![\\w$])ZodError(?![\\w$])', [p for p in files('src/v4/classic') if not istest(p)], regex=True)",
             [A("hits", "grep('ZodError', [p for p in files('src/v4/classic') if not istest(p)])",
                "plain substring (also $ZodError, ZodErrorMap, ...)")]),
"zod-031": S("hits", "grep('allowsEval', files())",
             [A("hits", "grep('allowsEval', files('src'))", "sources only, ignoring the generated v4/ build copies")]),
"zod-032": S("paths", "grepl('jitless', files())",
             [A("paths", "grepl('jitless', files('src'))", "sources only, ignoring the generated v4/ build copies")]),
"zod-033": S("hits", "grep('console.log', " + NONTEST_SRC + ")",
             [A("hits", "grep('console.log', [p for p in files('src') if not istest(p) and '/benchmarks/' not in p])",
                "benchmarks count as test code too; leaves only a commented-out line in doc.ts")]),
"zod-034": S("hits", "defs('ZodError', files('src'))",
             [A("hits", "defs('ZodError', files('src/v3'))", "the default `zod` entry is v3, so only src/v3/ZodError.ts"),
              A("hits", "defs('ZodError', files())", "every copy: sources plus the .js/.cjs/.d.ts/.d.cts builds")]),
"zod-035": S("hits", "defs('$constructor', files('src'))",
             [A("hits", "[h for h in defs('$constructor', files('src')) if 'function' in text(h['file']).split(chr(10))[h['line']-1]]",
                "only the runtime function, not the same-named interface"),
              A("hits", "defs('$constructor', files())", "every copy: sources plus builds")]),
"zod-036": S("hits", "defs('toJSONSchema', files('src'))",
             [A("hits", "defs('toJSONSchema', files('src'))[:1]", "just the first declaration line (first overload)"),
              A("hits", "defs('toJSONSchema', files('src'))[-1:]", "just the implementation signature"),
              A("hits", "defs('toJSONSchema', files())", "every copy: sources plus builds")]),
"zod-037": S("hits", "defs('isValidJWT', files('src'))",
             [A("hits", "defs('isValidJWT', files())", "every copy: sources plus builds")]),
"zod-038": S("hits", "defs('getParsedType', files('src'))",
             [A("hits", "defs('getParsedType', files())", "every copy: sources plus builds")]),
"zod-039": S("strings", "es_imports('src/v4/classic/schemas.ts')"),
"zod-040": S("strings", "es_imports('src/index.ts')"),
"zod-041": S("paths", "[p for p in files('src') if any('standard-schema' in s for s in es_imports(p))]"),
"zod-042": S("strings", "sorted(es_exports('src/v4/core/versions.ts'))"),
"zod-043": S("strings", "sorted(es_exports('index.js'))",
             [A("strings", "sorted(es_exports('index.js', follow_star=False))",
                "only names written in index.js itself (z, default); `export *` left unexpanded")]),
"zod-044": S("strings", "sorted(es_exports('src/v4/locales/index.ts'))"),
"zod-045": S("json", "pkg()['type']"),
"zod-046": S("strings", "sorted(pkg()['exports'])",
             [A("strings", "sorted(k for k in pkg()['exports'] if k != './package.json')", "only code entry points, leaving out ./package.json")]),
"zod-047": S("json", "pkg()['scripts']['build']"),
"zod-048": S("strings", "sorted(pkg().get('dependencies', {}))"),
"zod-049": S("paths", "dirs('src/v4', depth=1)",
             [A("paths", "dirs('src/v4')", "every folder below src/v4, nested ones included")]),
"zod-050": S("paths", "dirs('', depth=1)"),
}

def evaluate(tree, how):
    cwd = os.getcwd()
    os.chdir(os.path.join(TREES, tree))
    try:
        env = {k: getattr(helpers, k) for k in dir(helpers) if not k.startswith("_")}
        env["os"] = os; env["re"] = re
        v = eval(how, env)
    finally:
        os.chdir(cwd)
    if isinstance(v, set):
        v = sorted(v)
    return v

def check_value(tree, kind, v):
    root = os.path.join(TREES, tree)
    if kind == "paths":
        assert isinstance(v, list)
        for p in v:
            assert not p.startswith("./") and os.path.exists(os.path.join(root, p)), ("missing path", tree, p)
    elif kind == "hits":
        for h in v:
            assert os.path.isfile(os.path.join(root, h["file"])), h
    elif kind == "number":
        assert isinstance(v, int)
    elif kind == "strings":
        assert all(isinstance(s, str) for s in v)
    elif kind == "text":
        assert isinstance(v, str)

def load_draft():
    rows = []
    for ln in open(os.path.join(OUT, "requests-draft.txt"), encoding="utf-8"):
        if not ln.strip() or ln.startswith("#"):
            continue
        rid, cat, req = [x.strip() for x in ln.rstrip("\n").split(" | ", 2)]
        req = re.sub(r"\s*\[EMPTY[^\]]*\]\s*$", "", req)
        rows.append((rid, cat, req))
    return rows

def main():
    out = []
    for rid, cat, req in load_draft():
        tree = rid.rsplit("-", 1)[0]
        spec = SPEC[rid]
        v = evaluate(tree, spec["how"])
        check_value(tree, spec["kind"], v)
        gold = {"kind": spec["kind"], "value": v}
        if spec["ordered"]:
            gold["ordered"] = True
        acc = []
        for a in spec["accept"]:
            av = evaluate(tree, a["how"])
            check_value(tree, a["kind"], av)
            e = {"kind": a["kind"], "value": av}
            if a.get("ordered"):
                e["ordered"] = True
            e["how"] = a["how"]; e["reading"] = a["reading"]
            acc.append(e)
        out.append({"id": rid, "tree": tree, "category": cat, "request": req,
                    "gold": gold, "accept": acc, "how": spec["how"]})
    assert len(out) == 150 and len({o["id"] for o in out}) == 150
    assert set(SPEC) == {o["id"] for o in out}
    with open(os.path.join(OUT, "requests.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print("wrote", len(out))

if __name__ == "__main__":
    main()
