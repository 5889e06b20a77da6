#!/usr/bin/env python3
"""Build /work/corpus-n/requests.json from requests-draft.txt + the `how` specs below.
Each `how` is a Python expression evaluated with tools/lib.py in scope, tree selected by id prefix."""
import json, os, sys, re
sys.path.insert(0, os.path.dirname(__file__))
import lib
from lib import *

OUT = "/work/corpus-n"
NM = "exclude='*.map'"  # convention: text searches skip source-map files unless stated

# id: (kind, how, [ (kind, how, reading), ... ], extra)
S = {
# ---------------- tar ----------------
"tar-001": ("number", "len(files())", []),
"tar-002": ("number", "len(files('dist/esm'))", []),
"tar-003": ("number", "len(files('dist/commonjs','*.js'))", []),
"tar-004": ("number", "len(files('', '*.d.ts'))", [("number", "len(files('', '*.d.ts*'))", "count .d.ts.map too")]),
"tar-005": ("number", "len(files('', '*.map'))", [("number", "len(files('', '*.js.map'))", "only .js.map (JS source maps)")]),
"tar-006": ("number", "0 if not os.path.isdir(os.path.join(lib.T,'src')) else len(files('src','*.ts'))", [("number", "len(files('', '*.ts'))", "count all .ts (incl .d.ts) in the whole tree, since there is no src"), ("paths", "[]", "empty listing")]),
"tar-007": ("paths", "toplevel('', dirs=False)", [("paths", "toplevel('', dirs=None)", "include the dist folder")]),
"tar-008": ("paths", "toplevel('dist', dirs=None)", []),
"tar-009": ("paths", "[f for f in files('dist/esm') if 'path' in os.path.basename(f)]", [("paths", "[f for f in files('dist/esm','*.js') if 'path' in os.path.basename(f)]", "only the .js files")]),
"tar-010": ("text", "text('dist/esm/index.js')", []),
"tar-011": ("text", "text('dist/commonjs/package.json')", [("json", "json.loads(text('dist/commonjs/package.json'))", "parsed JSON")]),
"tar-012": ("text", "line_range('dist/esm/header.js',1,10)", []),
"tar-013": ("text", "line_range('dist/esm/extract.js',45,45)", []),
"tar-014": ("number", "nlines('README.md')", [("number", "wcl('README.md')", "wc -l newline count")]),
"tar-015": ("number", "nlines('dist/esm/unpack.js')", [("number", "wcl('dist/esm/unpack.js')", "wc -l newline count")]),
"tar-016": ("paths", "largest(files('dist/esm','*.js'),1,key=nlines)", [], {"ordered": True}),
"tar-017": ("number", "sum(nlines(f) for f in files('dist/esm','*.js'))", [("number", "sum(wcl(f) for f in files('dist/esm','*.js'))", "wc -l total (newline count; files lacking a final newline count one less)")]),
"tar-018": ("paths", "largest(files(),1)", [], {"ordered": True}),
"tar-019": ("paths", "largest(files('dist/commonjs'),5)", [("paths", "largest(files('dist/commonjs','*',exclude='*.map'),5)", "ignoring .map files")], {"ordered": True}),
"tar-020": ("number", "size('package.json')", []),
"tar-021": ("paths", "largest(files('dist/esm'),1,reverse=False)", [], {"ordered": True}),
"tar-022": ("number", "sum(size(f) for f in files('dist'))", []),
"tar-023": ("hits", "grep('TAR_ENTRY_INVALID', files('dist/esm','*',exclude='*.map'))", [("hits", "grep('TAR_ENTRY_INVALID', files('dist/esm'))", "including .map files"), ("hits", "grep('TAR_ENTRY_INVALID', files('dist/esm','*.js'))", ".js only")]),
"tar-024": ("hits", "grep('process.platform', files('','*.js'))", [("hits", "grep('process.platform', files('dist/esm','*.js'))", "esm copy only"), ("hits", "grep('process.platform', files('dist/commonjs','*.js'))", "commonjs copy only"), ("hits", "grep('process.platform', files())", "all files incl. maps/d.ts")]),
"tar-025": ("paths", "grep_files('brotli', files('','*',exclude='*.map'), re.I)", [("paths", "grep_files('brotli', files(), re.I)", "including .map files"), ("paths", "grep_files('brotli', files('','*.js'), re.I)", "only .js files")]),
"tar-026": ("hits", "grep('console.log', files())", []),
"tar-027": ("hits", "grep('TODO', files('dist/esm','*',exclude='*.map'))", [("hits", "grep('TODO', files('dist/esm'))", "including .map files (TS sources embedded)")]),
"tar-028": ("hits", "defs('Header', files('','*.js'))", [("hits", "defs('Header', files('dist/esm','*.js'))", "esm copy only"), ("hits", "defs('Header', files('','*.js')+files('','*.d.ts'))", "plus .d.ts declarations")]),
"tar-029": ("hits", "defs('stripAbsolutePath', files('','*.js'))", [("hits", "defs('stripAbsolutePath', files('dist/esm','*.js'))", "esm copy only"), ("hits", "defs('stripAbsolutePath', files('','*.js')+files('','*.d.ts'))", "plus .d.ts declarations")]),
"tar-030": ("paths", "sorted({h['file'] for h in defs('UnpackSync', files('','*.js'))})", [("paths", "sorted({h['file'] for h in defs('UnpackSync', files('dist/esm','*.js'))})", "esm copy only"), ("paths", "sorted({h['file'] for h in defs('UnpackSync', files('','*.js')+files('','*.d.ts'))})", "plus .d.ts")]),
"tar-031": ("hits", "defs('makeCommand', files('','*.js'))", [("hits", "defs('makeCommand', files('dist/esm','*.js'))", "esm copy only"), ("hits", "defs('makeCommand', files('','*.js')+files('','*.d.ts'))", "plus .d.ts declarations")]),
"tar-032": ("hits", "defs('Gzip', files('','*',exclude='*.map'))", []),
"tar-033": ("strings", "imports('dist/esm/extract.js')", []),
"tar-034": ("strings", "imports('dist/esm/unpack.js')", []),
"tar-035": ("strings", "imports('dist/esm/pack.js')", []),
"tar-036": ("strings", "imports('dist/commonjs/list.js')", []),
"tar-037": ("strings", "sorted({s for f in files('dist/esm','*.js') for s in imports(f) if not s.startswith('.') and not is_builtin(s)})", [("strings", "sorted({s for f in files('dist/esm','*.js')+files('dist/esm','*.d.ts') for s in imports(f) if not s.startswith('.') and not is_builtin(s)})", "including .d.ts type imports")]),
"tar-038": ("paths", "importers_of_file('dist/esm/header.js', files('dist/esm','*.js'))", [("paths", "[f for f in importers_of_file('dist/esm/header.js', files('dist/esm','*.js')) if f!='dist/esm/index.js']", "only real imports, not index.js's export-from"), ("paths", "importers_of_file('dist/esm/header.js', files('dist/esm','*.js')+files('dist/esm','*.d.ts'))", "including .d.ts files")]),
"tar-039": ("paths", "importers_of_pkg('minipass', files('dist/esm','*.js'))", [("paths", "sorted(set(importers_of_pkg('minipass', files('dist/esm','*.js'))+importers_of_pkg('@isaacs/fs-minipass', files('dist/esm','*.js'))))", "also counting @isaacs/fs-minipass"), ("paths", "importers_of_pkg('minipass', files('dist/esm','*.js')+files('dist/esm','*.d.ts'))", "including .d.ts")]),
"tar-040": ("paths", "importers_of_file('dist/esm/normalize-windows-path.js', files('dist/esm','*.js'))", [("paths", "importers_of_file('dist/esm/normalize-windows-path.js', files('dist/esm','*.js')+files('dist/esm','*.d.ts'))", "including .d.ts")]),
"tar-041": ("paths", "importers_of_file('dist/esm/winchars.js', files('dist/esm','*.js'))", [("paths", "importers_of_file('dist/esm/winchars.js', files('dist/esm','*.js'))+importers_of_file('dist/commonjs/winchars.js', files('dist/commonjs','*.js'))", "both builds' winchars")]),
"tar-042": ("paths", "importers_of_file('dist/esm/index.js', files('dist/esm','*.js')+files('dist/esm','*.d.ts'))", []),
"tar-043": ("strings", "esm_exports('dist/esm/options.js')", []),
"tar-044": ("strings", "esm_exports('dist/esm/large-numbers.js')", []),
"tar-045": ("strings", "imports('dist/esm/index.js')", []),
"tar-046": ("strings", "esm_exports('dist/esm/types.js')", []),
"tar-047": ("text", "pkg('version')", []),
"tar-048": ("strings", "sorted(pkg('dependencies'))", [("json", "pkg('dependencies')", "name->range object")]),
"tar-049": ("text", "pkg('scripts.test')", [("json", "{k: pkg('scripts')[k] for k in ['pretest','test']}", "pretest (npm run prepare -> tshy) then tap")]),
"tar-050": ("strings", "sorted(pkg('devDependencies'))", [("json", "pkg('devDependencies')", "name->range object")]),
"tar-051": ("text", "pkg('engines.node')", [("json", "pkg('engines')", "engines object")]),
"tar-052": ("text", "pkg('main')", [("paths", "['dist/commonjs/index.js']", "as a tree path"), ("json", "pkg('exports')['.']", "the '.' export conditions (tar is type:module)")]),
"tar-053": ("text", "pkg('dependencies.minipass')", []),
"tar-054": ("strings", "sorted(pkg('scripts'))", [("json", "pkg('scripts')", "name->command object")]),
"tar-055": ("text", "pkg('license')", []),
"tar-056": ("strings", "sorted(pkg('peerDependencies') or [])", [("number", "len(pkg('peerDependencies') or [])", "count")]),
"tar-057": ("paths", "folders()", [("paths", "toplevel('', dirs=True)", "top level only")]),
"tar-058": ("json", "ext_counts(files('dist/esm'))", [("json", "ext_counts(files('dist/esm'), ext_last)", "last extension only (.map, .ts)")]),
"tar-059": ("paths", "sorted(set(f[len('dist/esm/'):] for f in files('dist/esm')) - set(f[len('dist/commonjs/'):] for f in files('dist/commonjs')))", []),
"tar-060": ("strings", "classes(files('dist/esm','*.js'))", [("strings", "classes(files('dist/esm','*.js')+files('dist/esm','*.d.ts'))", "including .d.ts declare class")]),
# ---------------- postcss ----------------
"postcss-001": ("number", "len(files())", []),
"postcss-002": ("number", "len(files('lib','*.d.ts'))", [("number", "len(files('lib','*.d.ts'))+len(files('lib','*.d.mts'))", "count postcss.d.mts too")]),
"postcss-003": ("number", "len(files('lib','*.js'))", [("number", "len(files('lib','*.js'))+len(files('lib','*.mjs'))", "count postcss.mjs too")]),
"postcss-004": ("number", "len(files('lib'))", []),
"postcss-005": ("number", "len([f for f in files() if re.search(r'(test|spec)', f, re.I)])", [("paths", "[]", "empty listing")]),
"postcss-006": ("paths", "toplevel('', dirs=False)", [("paths", "toplevel('', dirs=None)", "include lib folder")]),
"postcss-007": ("paths", "[f for f in files('lib','*.js') if not os.path.exists(os.path.join(lib.T, f[:-3]+'.d.ts'))]", []),
"postcss-008": ("paths", "files('','*.d.ts')", [("paths", "files('','*.d.ts')+files('','*.d.mts')", "plus postcss.d.mts")]),
"postcss-009": ("paths", "[f for f in files('lib') if os.path.basename(f).startswith('p')]", []),
"postcss-010": ("text", "text('lib/symbols.js')", []),
"postcss-011": ("text", "text('lib/warn-once.js')", []),
"postcss-012": ("text", "line_range('lib/postcss.mjs',1,20)", []),
"postcss-013": ("text", "line_range('lib/tokenize.js',28,28)", []),
"postcss-014": ("text", "text('README.md')", []),
"postcss-015": ("number", "nlines('lib/parser.js')", [("number", "wcl('lib/parser.js')", "wc -l")]),
"postcss-016": ("number", "sum(nlines(f) for f in files('lib','*.js'))", [("number", "sum(wcl(f) for f in files('lib','*.js'))", "wc -l total"), ("number", "sum(nlines(f) for f in files('lib','*.js')+files('lib','*.mjs'))", "including postcss.mjs")]),
"postcss-017": ("paths", "largest(files('lib','*.js'),1,key=nlines)", [], {"ordered": True}),
"postcss-018": ("number", "nlines('lib/container.d.ts')", [("number", "wcl('lib/container.d.ts')", "wc -l")]),
"postcss-019": ("paths", "largest(files(),1)", [], {"ordered": True}),
"postcss-020": ("paths", "largest(files('lib'),3)", [], {"ordered": True}),
"postcss-021": ("number", "size('lib/node.js')", []),
"postcss-022": ("paths", "largest(files(),1,reverse=False)", [], {"ordered": True}),
"postcss-023": ("number", "sum(size(f) for f in files('','*.d.ts'))", [("number", "sum(size(f) for f in files('','*.d.ts')+files('','*.d.mts'))", "plus postcss.d.mts")]),
"postcss-024": ("number", "len(grep_files(\"'use strict'\", files()))", [("number", "len(grep_files('use strict', files()))", "any quoting")]),
"postcss-025": ("hits", "grep('picocolors', files('lib'))", [("hits", "grep('picocolors', files())", "including package.json dependency entry"), ("paths", "grep_files('picocolors', files('lib'))", "as files")]),
"postcss-026": ("hits", "grep('TODO', files())", []),
"postcss-027": ("hits", "grep('console.warn', files())", [("hits", "grep('console.warn', files('','*.js'))", ".js only")]),
"postcss-028": ("strings", "sorted(pkg('devDependencies') or [])", [("number", "len(pkg('devDependencies') or [])", "count")]),
"postcss-029": ("paths", "grep_files('sourcesContent', files())", [("paths", "grep_files('sourcesContent', files('','*.js'))", ".js only")]),
"postcss-030": ("hits", "defs('Parser', files('','*.js'))", [("hits", "defs('Parser', files('','*.js')+files('','*.d.ts'))", "plus .d.ts")]),
"postcss-031": ("hits", "defs('tokenizer', files('','*.js'))", [("paths", "['lib/tokenize.js']", "as file")]),
"postcss-032": ("hits", "defs('LazyResult', files('','*.js'))", [("hits", "defs('LazyResult', files('','*.js')+files('','*.d.ts'))", "plus .d.ts declarations"), ("paths", "['lib/lazy-result.js']", "as file")]),
"postcss-033": ("hits", "defs('walkDecls', files('','*.js'), methods=True)", [("hits", "defs('walkDecls', files('','*.js')+files('','*.d.ts'), methods=True)", "plus .d.ts method declarations")]),
"postcss-034": ("hits", "defs('fromBase64', files('','*.js'))", []),
"postcss-035": ("hits", "defs('Declaration', files('','*.js'))", [("hits", "defs('Declaration', files('','*.js')+files('','*.d.ts'))", "plus .d.ts declarations")]),
"postcss-036": ("hits", "defs('cleanSource', files('','*.js'))", []),
"postcss-037": ("hits", "defs('SassParser', files())", []),
"postcss-038": ("strings", "imports('lib/postcss.js')", []),
"postcss-039": ("strings", "imports('lib/input.js')", []),
"postcss-040": ("strings", "imports('lib/parser.js')", []),
"postcss-041": ("strings", "imports('lib/postcss.mjs')", []),
"postcss-042": ("strings", "imports('lib/symbols.js')", []),
"postcss-043": ("paths", "importers_of_file('lib/container.js', files('lib','*.js'))", [("paths", "importers_of_file('lib/container.js', files('lib','*.js'))+[f for f in files('lib','*.d.ts') if './container.js' in imports(f)]", "including .d.ts files importing ./container.js")]),
"postcss-044": ("paths", "importers_of_pkg('source-map-js', files('lib','*.js'))", [("paths", "importers_of_pkg('source-map-js', files('lib','*.js')+files('lib','*.d.ts'))", "including .d.ts"), ("paths", "importers_of_pkg('source-map-js', files('lib','*.js'))+['package.json']", "plus package.json dependency")]),
"postcss-045": ("paths", "importers_of_file('lib/tokenize.js', files('lib','*.js'))", []),
"postcss-046": ("paths", "importers_of_file('lib/warn-once.js', files('lib','*.js'))", []),
"postcss-047": ("paths", "importers_of_pkg('nanoid', files('lib','*.js'), prefix=True)", [("paths", "importers_of_pkg('nanoid', files('lib','*.js'), prefix=True)+['package.json']", "plus package.json dependency")]),
"postcss-048": ("strings", "cjs_exports('lib/symbols.js')", []),
"postcss-049": ("strings", "['list']", [("strings", "['comma','space','split']", "the methods on the exported list object"), ("strings", "['comma','default','space','split']", "members incl. list.default")]),
"postcss-050": ("strings", "[e for e in esm_exports('lib/postcss.mjs') if e!='default']", [("strings", "esm_exports('lib/postcss.mjs')", "including default")]),
"postcss-051": ("text", "pkg('version')", []),
"postcss-052": ("strings", "sorted(pkg('dependencies'))", [("json", "pkg('dependencies')", "name->range object")]),
"postcss-053": ("strings", "sorted(pkg('scripts') or [])", [("json", "pkg('scripts') or {}", "empty object")]),
"postcss-054": ("text", "pkg('main')", [("paths", "['lib/postcss.js']", "as tree path")]),
"postcss-055": ("text", "pkg('author')", [("text", "pkg('author').split(' <')[0]", "name only")]),
"postcss-056": ("strings", "pkg('keywords')", [("json", "pkg('keywords')", "array as-is")]),
"postcss-057": ("number", "len(pkg('exports'))", []),
"postcss-058": ("json", "pkg('browser')", []),
"postcss-059": ("json", "ext_counts(files('lib'))", [("json", "ext_counts(files('lib'), ext_last)", "last extension only (.ts, .mts)")]),
"postcss-060": ("paths", "folders()", []),
}


def gold(tree, kind, how, extra=None, reading=None):
    lib.use(tree)
    v = eval(how)
    g = {"kind": kind, "value": v}
    if extra:
        g.update(extra)
    g["how"] = how
    if reading:
        g["reading"] = reading
    return g


def main():
    draft = open(os.path.join(OUT, "requests-draft.txt"), encoding="utf-8").read().splitlines()
    out = []
    for ln in draft:
        if ln.startswith("#") or not ln.strip():
            continue
        rid, cat, req = [x.strip() for x in ln.split(" | ", 2)]
        empty = req.endswith("[EMPTY]")
        req = req[: -len("[EMPTY]")].rstrip() if empty else req
        tree = rid.split("-")[0]
        spec = S[rid]
        kind, how, accs = spec[0], spec[1], spec[2]
        extra = spec[3] if len(spec) > 3 else None
        g = gold(tree, kind, how, extra)
        gh = g.pop("how")
        accept = []
        for a in accs:
            ag = gold(tree, a[0], a[1], extra if a[0] == "paths" else None, a[2])
            if ag["value"] != g["value"] or ag["kind"] != g["kind"]:
                accept.append(ag)
        rec = {"id": rid, "tree": tree, "category": cat, "request": req, "gold": g, "accept": accept, "how": gh}
        if empty:
            rec["expect_empty"] = True
            v = g["value"]
            if v not in (0, [], {}, "", None):
                print("WARN: marked EMPTY but non-empty:", rid, str(v)[:80])
        out.append(rec)
    assert len(out) == 120, len(out)
    with open(os.path.join(OUT, "requests.json"), "w", encoding="utf-8") as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print("wrote", len(out))


if __name__ == "__main__":
    main()
