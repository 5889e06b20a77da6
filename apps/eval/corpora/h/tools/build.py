#!/usr/bin/env python3
"""Builds /work/corpus-h/requests.json from requests-draft.txt + the `how` specs below.
Each `how` is a Python expression evaluated with T = lib.Tree(<tree>)."""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from lib import Tree

OUT = "/work/corpus-h"

# id: (kind, how, [accept (kind, how, reading)], extra)
def A(kind, how, reading, **kw):
    return dict(kind=kind, how=how, reading=reading, **kw)

S = {
# ------------------------------------------------------------------ knex
"knex-001": ("number", "len(T.files())", []),
"knex-002": ("number", "len(T.files('lib', ext='.js'))", [A("number", "len(T.files('lib', ext='.js', top=True))", "only lib/*.js at top level")]),
"knex-003": ("number", "len(T.files('lib/dialects'))", [A("number", "len(T.files('lib/dialects', top=True))", "top level of lib/dialects only")]),
"knex-004": ("paths", "T.dirs('lib/dialects', top=True)", [A("strings", "[d.split('/')[-1] for d in T.dirs('lib/dialects', top=True)]", "folder names only")]),
"knex-005": ("number", "len(T.files(ext='.stub'))", []),
"knex-006": ("paths", "T.files('lib/migrations/seed/stub')", [A("paths", "T.files('lib/migrations/seed/stub') + ['lib/migrations/seed/seed-stub.js']", "also the seed-stub.js helper")]),
"knex-007": ("number", "len(T.files(ext='.d.ts'))", []),
"knex-008": ("text", "T.read('knex.mjs')", [A("text", "T.read('knex.mjs').rstrip('\\n')", "without trailing newline")]),
"knex-009": ("text", "T.read('lib/util/noop.js')", [A("text", "T.read('lib/util/noop.js').rstrip('\\n')", "without trailing newline")]),
"knex-010": ("text", "T.lines('lib/util/timeout.js', 1, 20)", []),
"knex-011": ("text", "T.lines('knex.js', 8, 8)", []),
"knex-012": ("number", "T.nlines('lib/query/querybuilder.js')", [A("number", "T.nlines_split('lib/query/querybuilder.js')", "splitlines count")]),
"knex-013": ("number", "T.nlines('bin/cli.js')", [A("number", "T.nlines_split('bin/cli.js')", "splitlines count")]),
"knex-014": ("number", "T.size('types/index.d.ts')", []),
"knex-015": ("paths", "T.by_size()[:5]", [], {"ordered": True}),
"knex-016": ("paths", "T.by_size('lib/dialects')[:1]", [], {"ordered": True}),
"knex-017": ("paths", "T.extremes('lib', largest=False)", []),
"knex-018": ("hits", "T.grep('KnexTimeoutError')", [A("paths", "T.grep_files('KnexTimeoutError')", "just the files"), A("hits", "T.grep('KnexTimeoutError', 'lib') + T.grep('KnexTimeoutError', 'bin')", "code under lib/bin only, no docs/types")]),
"knex-019": ("paths", "T.grep_files('TODO')", [A("paths", "T.grep_files('todo', ci=True)", "case-insensitive"), A("hits", "T.grep('TODO')", "as line hits")]),
"knex-020": ("hits", "T.grep('process.env', 'lib')", [A("paths", "T.grep_files('process.env', 'lib')", "just the files")]),
"knex-021": ("paths", "T.defs('Migrator')", [A("paths", "T.defs('Migrator', include_dts=True)", "including type declarations in types/index.d.ts"), A("hits", "T.defs('Migrator', hits=True)", "file+line")]),
"knex-022": ("paths", "T.defs('JoinClause')", [A("paths", "T.defs('JoinClause', include_dts=True)", "including type declarations"), A("hits", "T.defs('JoinClause', hits=True)", "file+line")]),
"knex-023": ("paths", "T.defs('getDialectByNameOrAlias')", [A("hits", "T.defs('getDialectByNameOrAlias', hits=True)", "file+line")]),
"knex-024": ("paths", "T.defs('makeKnex')", [A("hits", "T.defs('makeKnex', hits=True)", "file+line")]),
"knex-025": ("paths", "T.defs('Client_PG')", [A("hits", "T.defs('Client_PG', hits=True)", "file+line")]),
"knex-026": ("paths", "T.defs('KnexTimeoutError')", [A("paths", "T.defs('KnexTimeoutError', include_dts=True)", "including types/index.d.ts"), A("hits", "T.defs('KnexTimeoutError', hits=True)", "file+line")]),
"knex-027": ("paths", "T.defs('Seeder')", [A("paths", "T.defs('Seeder', include_dts=True)", "including type declarations"), A("hits", "T.defs('Seeder', hits=True)", "file+line")]),
"knex-028": ("strings", "T.imports('lib/client.js')", [A("paths", "T.import_paths('lib/client.js')", "only local files, resolved")]),
"knex-029": ("strings", "T.imports('lib/knex-builder/Knex.js')", [A("paths", "T.import_paths('lib/knex-builder/Knex.js')", "resolved local files")]),
"knex-030": ("strings", "T.imports('bin/cli.js')", [A("strings", "[s for s in T.imports('bin/cli.js') if s not in ('esm', 'fs', '../lib/migrations/util/import-file')]", "only the top-of-file requires (lines 1-35 excluding the late import-file), not inline require('esm')/require('fs')"), A("strings", "[s for s in T.imports('bin/cli.js') if s not in ('esm', 'fs')]", "static top-of-file requires incl. the 'require me late' one")]),
"knex-031": ("strings", "T.imports('knex.mjs')", [A("paths", "T.import_paths('knex.mjs')", "resolved")]),
"knex-032": ("strings", "T.exports('lib/util/is.js')", []),
"knex-033": ("strings", "T.exports('lib/util/helpers.js')", []),
"knex-034": ("strings", "T.exports('lib/util/timeout.js')", []),
"knex-035": ("paths", "T.importers('lodash/merge')", []),
"knex-036": ("paths", "T.importers('lib/util/timeout.js')", []),
"knex-037": ("paths", "T.importers('tarn')", [A("paths", "T.importers('tarn', exts=('.js', '.ts'))", "including type declaration files (types/index.d.ts)")]),
"knex-038": ("paths", "T.importers('debug')", []),
"knex-039": ("json", "{'name': T.pkg('name'), 'version': T.pkg('version')}", [A("strings", "[T.pkg('name'), T.pkg('version')]", "as two strings")]),
"knex-040": ("text", "T.pkg('version')", []),
"knex-041": ("strings", "sorted(T.pkg('scripts'))", [A("json", "T.pkg('scripts')", "names with commands")]),
"knex-042": ("number", "len(T.pkg('scripts'))", []),
"knex-043": ("text", "T.pkg('scripts', 'lint')", []),
"knex-044": ("strings", "sorted(T.pkg('dependencies'))", [A("json", "T.pkg('dependencies')", "names with version ranges")]),
"knex-045": ("text", "T.pkg('dependencies', 'lodash')", []),
"knex-046": ("number", "len(T.pkg('devDependencies'))", []),
"knex-047": ("text", "T.pkg('devDependencies', 'typescript')", []),
"knex-048": ("text", "T.pkg('main')", [A("paths", "['knex.js']", "the resolved file")]),
"knex-049": ("text", "T.pkg('engines', 'node')", [A("json", "T.pkg('engines')", "whole engines object")]),
"knex-050": ("text", "T.pkg('license')", []),
"knex-051": ("json", "T.pkg('bin')", [A("text", "T.pkg('bin', 'knex')", "just the path string"), A("paths", "['bin/cli.js']", "resolved file")]),
"knex-052": ("strings", "sorted(T.pkg('peerDependencies') or {})", [A("strings", "sorted(T.pkg('peerDependenciesMeta'))", "the optional peers listed in peerDependenciesMeta"), A("json", "T.pkg('peerDependenciesMeta')", "the peerDependenciesMeta object")]),
"knex-053": ("paths", "T.dirs(top=True)", []),
"knex-054": ("paths", "T.dirs('lib', top=True)", [A("paths", "T.dirs('lib')", "recursive")]),
"knex-055": ("paths", "T.dirs('lib/migrations')", [A("paths", "T.dirs('lib/migrations', top=True)", "direct children only")]),
"knex-056": ("json", "T.ext_counts()", [A("json", "T.ext_counts(compound_dts=True)", ".d.ts counted as its own type")]),
"knex-057": ("paths", "T.files(ext='.sh')", []),
"knex-058": ("paths", "T.files(ext='.md')", []),
"knex-059": ("paths", "T.files('scripts/stress-test')", []),
"knex-060": ("number", "len([f for f in T.files('lib', ext='.ts') if not f.endswith('.d.ts')])", [A("number", "len(T.files('lib', ext='.ts'))", "counting .d.ts too")]),
"knex-061": ("paths", "T.files(ext='.py')", []),
"knex-062": ("paths", "T.dirs(name='test') + T.dirs(name='tests') + T.dirs(name='__tests__')", []),
"knex-063": ("hits", "T.grep('jQuery', ci=True)", []),
"knex-064": ("paths", "T.importers('axios')", []),
"knex-065": ("number", "len(T.grep(r'^\\s*class\\s+\\w+', 'lib/dialects/postgres', regex=True))", []),
"knex-066": ("number", "sum(T.nlines(f) for f in T.files('lib', ext='.js'))", [A("number", "sum(T.nlines_split(f) for f in T.files('lib', ext='.js'))", "splitlines count")]),
"knex-067": ("number", "len(T.grep_files('use strict'))", [A("number", "len(T.grep('use strict'))", "matching lines")]),
"knex-068": ("text", "T.lines('README.md', 1, 10)", []),
"knex-069": ("text", "T.tail('lib/query/querybuilder.js', 5)", []),
"knex-070": ("paths", "T.defs('batchInsert')", [A("hits", "T.defs('batchInsert', hits=True)", "file+line"), A("paths", "T.defs('batchInsert', include_dts=True)", "including d.ts")]),
"knex-071": ("paths", "T.files(name='index.js')", []),
"knex-072": ("number", "len(T.files('bin'))", [A("number", "len(T.files('bin', top=True))", "top level of bin only")]),
"knex-073": ("text", "T.pkg('repository', 'url')", [A("json", "T.pkg('repository')", "whole repository object"), A("text", "'https://github.com/knex/knex'", "as a browsable URL")]),
"knex-074": ("strings", "T.pkg('keywords')", []),
"knex-075": ("strings", "T.exports('lib/util/nanoid.js')", []),
# ------------------------------------------------------------------ uuid
"uuid-001": ("number", "len(T.files())", []),
"uuid-002": ("number", "len(T.files('dist/esm'))", [A("number", "len(T.files('dist/esm', top=True))", "top level only (without bin/uuid)")]),
"uuid-003": ("number", "len(T.files(ext='.d.ts'))", []),
"uuid-004": ("number", "len(T.files('dist/cjs', ext='.js'))", []),
"uuid-005": ("paths", "T.dirs('dist', top=True)", [A("paths", "T.dirs('dist')", "recursive incl. dist/esm/bin")]),
"uuid-006": ("paths", "T.files('dist/esm/bin')", []),
"uuid-007": ("text", "T.read('dist/esm/bin/uuid')", [A("text", "T.read('dist/esm/bin/uuid').rstrip('\\n')", "without trailing newline")]),
"uuid-008": ("text", "T.read('dist/esm/v4.js')", [A("text", "T.read('dist/esm/v4.js').rstrip('\\n')", "without trailing newline")]),
"uuid-009": ("text", "T.read('dist/cjs/package.json')", [A("json", "json.loads(T.read('dist/cjs/package.json'))", "parsed JSON"), A("text", "T.read('dist/cjs/package.json').rstrip('\\n')", "without trailing newline")]),
"uuid-010": ("text", "T.lines('dist/esm/index.js', 1, 5)", []),
"uuid-011": ("number", "T.nlines('README.md')", [A("number", "T.nlines_split('README.md')", "splitlines count")]),
"uuid-012": ("number", "T.nlines('dist/cjs/v7.js')", [A("number", "T.nlines_split('dist/cjs/v7.js')", "splitlines count")]),
"uuid-013": ("number", "T.size('dist/esm-browser/md5.js')", []),
"uuid-014": ("paths", "T.by_size()[:1]", [], {"ordered": True}),
"uuid-015": ("paths", "T.by_size('dist/cjs-browser', ext='.js')[:3]", [], {"ordered": True}),
"uuid-016": ("paths", "T.extremes('dist/esm', largest=False)", [A("paths", "['dist/esm/types.js']", "one of the tied files"), A("paths", "['dist/esm/uuid-bin.d.ts']", "the other tied file")]),
"uuid-017": ("hits", "T.grep('randomUUID')", [A("paths", "T.grep_files('randomUUID')", "just files"), A("hits", "T.grep('randomUUID', 'dist')", "code only (no README)")]),
"uuid-018": ("hits", "T.grep('crypto.getRandomValues')", [A("paths", "T.grep_files('crypto.getRandomValues')", "just files"), A("hits", "T.grep('crypto.getRandomValues', 'dist')", "code only")]),
"uuid-019": ("hits", "T.grep('6ba7b810-9dad-11d1-80b4-00c04fd430c8')", [A("paths", "T.grep_files('6ba7b810-9dad-11d1-80b4-00c04fd430c8')", "just files")]),
"uuid-020": ("paths", "T.defs('unsafeStringify')", [A("paths", "T.defs('unsafeStringify', include_dts=True)", "incl. .d.ts declarations"), A("paths", "T.defs('unsafeStringify', 'dist/esm')", "ESM build only"), A("hits", "T.defs('unsafeStringify', hits=True)", "file+line")]),
"uuid-021": ("paths", "T.defs('v35')", [A("paths", "T.defs('v35', include_dts=True)", "incl. .d.ts"), A("paths", "T.defs('v35', 'dist/esm')", "ESM build only"), A("hits", "T.defs('v35', hits=True)", "file+line")]),
"uuid-022": ("paths", "T.defs('Version7Options', include_dts=True)", [A("paths", "T.defs('Version7Options', 'dist/esm', include_dts=True)", "ESM build only")]),
"uuid-023": ("paths", "T.defs('stringToBytes')", [A("paths", "T.defs('stringToBytes', include_dts=True)", "incl. .d.ts"), A("paths", "T.defs('stringToBytes', 'dist/esm')", "ESM only"), A("hits", "T.defs('stringToBytes', hits=True)", "file+line")]),
"uuid-024": ("strings", "T.imports('dist/esm/v4.js')", [A("paths", "T.import_paths('dist/esm/v4.js')", "resolved")]),
"uuid-025": ("strings", "T.imports('dist/esm/index.js')", [A("paths", "T.import_paths('dist/esm/index.js')", "resolved"), A("strings", "[]", "index.js has no import statements, only re-exports")]),
"uuid-026": ("strings", "T.imports('dist/cjs/v1.js')", [A("paths", "T.import_paths('dist/cjs/v1.js')", "resolved")]),
"uuid-027": ("strings", "T.imports('dist/esm/rng.js')", []),
"uuid-028": ("strings", "T.exports('dist/esm/index.js')", []),
"uuid-029": ("strings", "T.exports('dist/esm/v35.js')", [A("strings", "['DNS', 'URL', 'stringToBytes', 'v35']", "default export named by its function name")]),
"uuid-030": ("strings", "T.exports('dist/cjs/stringify.js')", [A("strings", "['unsafeStringify', 'stringify']", "default export named by its local name")]),
"uuid-031": ("paths", "T.importers('dist/esm/stringify.js', 'dist/esm')", [A("paths", "T.importers('dist/esm/stringify.js', 'dist/esm', exts=('.js', '.ts'))", "including .d.ts re-exports"), A("paths", "[f for f in T.importers('dist/esm/stringify.js', 'dist/esm') if f != 'dist/esm/index.js']", "real imports only, not the index.js re-export")]),
"uuid-032": ("paths", "T.importers('crypto')", [A("paths", "T.importers('crypto', exts=('.js', '.ts'))", "including .d.ts files"), A("paths", "T.importers('crypto', 'dist/esm')", "ESM build only")]),
"uuid-033": ("paths", "T.importers('dist/esm/validate.js', 'dist/esm')", [A("paths", "T.importers('dist/esm/validate.js', 'dist/esm', exts=('.js', '.ts'))", "including .d.ts re-exports"), A("paths", "[f for f in T.importers('dist/esm/validate.js', 'dist/esm') if f != 'dist/esm/index.js']", "real imports only, not the index.js re-export")]),
"uuid-034": ("json", "{'name': T.pkg('name'), 'version': T.pkg('version')}", [A("strings", "[T.pkg('name'), T.pkg('version')]", "two strings")]),
"uuid-035": ("strings", "sorted(T.pkg('scripts'))", [A("json", "T.pkg('scripts')", "with commands")]),
"uuid-036": ("text", "T.pkg('scripts', 'test')", [A("text", "T.pkg('scripts', 'pretest') + ' && ' + T.pkg('scripts', 'test')", "pretest hook then test")]),
"uuid-037": ("strings", "sorted(T.pkg('dependencies') or {})", [A("json", "{}", "empty object")]),
"uuid-038": ("number", "len(T.pkg('devDependencies'))", []),
"uuid-039": ("text", "T.pkg('devDependencies', 'typescript')", []),
"uuid-040": ("text", "T.pkg('devDependencies', 'jest')", []),
"uuid-041": ("text", "T.pkg('type')", []),
"uuid-042": ("json", "T.pkg('exports')", []),
"uuid-043": ("text", "T.pkg('main')", [A("paths", "['dist/cjs/index.js']", "resolved file")]),
"uuid-044": ("json", "T.pkg('bin')", [A("text", "T.pkg('bin', 'uuid')", "path string"), A("paths", "['dist/esm/bin/uuid']", "resolved file")]),
"uuid-045": ("json", "T.pkg('files')", [A("strings", "T.pkg('files')", "as a set")]),
"uuid-046": ("json", "T.pkg('sideEffects')", []),
"uuid-047": ("text", "T.pkg('packageManager')", []),
"uuid-048": ("strings", "sorted(T.pkg('optionalDevDependencies'))", [A("json", "T.pkg('optionalDevDependencies')", "with versions")]),
"uuid-049": ("text", "T.pkg('license')", []),
"uuid-050": ("strings", "T.pkg('funding')", []),
"uuid-051": ("paths", "T.entries()", []),
"uuid-052": ("json", "T.ext_counts()", [A("json", "T.ext_counts(compound_dts=True)", ".d.ts as its own type")]),
"uuid-053": ("paths", "T.files(name='package.json')", []),
"uuid-054": ("number", "len(T.files('src'))", []),
"uuid-055": ("paths", "[f for f in T.files() if '/test/' in f or '.test.' in f or '.spec.' in f or f.startswith('test/')]", []),
"uuid-056": ("hits", "T.grep('TODO')", []),
"uuid-057": ("paths", "T.importers('lodash')", []),
"uuid-058": ("number", "len(T.files(name='v4.js'))", []),
"uuid-059": ("json", "T.read('dist/cjs/v4.js') == T.read('dist/cjs-browser/v4.js')", []),
"uuid-060": ("paths", "[f for f in T.files('dist/esm-browser') if not os.path.exists(T._abs(f.replace('dist/esm-browser/', 'dist/esm/', 1))) or T.read(f) != T.read(f.replace('dist/esm-browser/', 'dist/esm/', 1))]", [A("paths", "[f.replace('dist/esm-browser/', 'dist/esm/', 1) for f in T.files('dist/esm-browser') if T.read(f) != T.read(f.replace('dist/esm-browser/', 'dist/esm/', 1))] + ['dist/esm/bin/uuid']", "named on the dist/esm side, incl. esm-only bin/uuid")]),
"uuid-061": ("text", "T.lines('README.md', 448, 470)", []),
"uuid-062": ("number", "len(T.grep('v7', 'README.md'))", [A("number", "len(T.grep('v7', 'README.md', ci=True))", "case-insensitive")]),
"uuid-063": ("text", "T.read('dist/esm/regex.js').split('export default ',1)[1].rstrip().rstrip(';')", [A("text", "T.read('dist/esm/regex.js')", "whole regex.js file"), A("text", "T.lines('dist/esm/regex.js', 1, 1)", "the export line")]),
"uuid-064": ("paths", "sorted(T.grep_files(\"export default 'ffffffff\", 'dist') + T.grep_files(\"exports.default = 'ffffffff\", 'dist'))", [A("paths", "['dist/esm/max.js']", "ESM build only"), A("paths", "sorted(T.files(name='max.js') + T.files(name='max.d.ts'))", "incl. .d.ts")]),
"uuid-065": ("number", "len(T.exports('dist/esm/index.js'))", []),
"uuid-066": ("hits", "T.grep('throw new', 'dist/esm')", [A("hits", "T.grep(r'\\bthrow\\b', 'dist/esm', regex=True)", "any throw")]),
"uuid-067": ("number", "sum(T.nlines(f) for f in T.files('dist/esm', ext='.js'))", [A("number", "sum(T.nlines(f) for f in T.files('dist/esm', ext='.js')) + T.nlines('dist/esm/bin/uuid')", "including the extensionless bin/uuid script")]),
"uuid-068": ("number", "len(T.dirs())", [A("number", "len(T.dirs()) + 1", "counting the root")]),
"uuid-069": ("text", "T.lines('dist/cjs/index.js', 1, 1)", []),
"uuid-070": ("paths", "T.importers('dist/cjs/native.js', 'dist/cjs')", [A("paths", "T.importers('dist/cjs/native.js', 'dist/cjs', exts=('.js', '.ts'))", "including .d.ts")]),
"uuid-071": ("paths", "T.grep_files('Buffer')", [A("paths", "T.grep_files('Buffer', 'dist')", "code only, no README"), A("paths", "T.grep_files(r'\\bBuffer\\b', regex=True)", "whole word")]),
"uuid-072": ("paths", "T.extremes(ext='.d.ts')", [A("paths", "['dist/esm/index.d.ts']", "one copy"), A("paths", "['dist/cjs/index.d.ts']", "one copy"), A("paths", "['dist/esm-browser/index.d.ts']", "one copy"), A("paths", "['dist/cjs-browser/index.d.ts']", "one copy")]),
"uuid-073": ("text", "T.pkg('description')", []),
"uuid-074": ("strings", "T.exports('dist/esm/native.js')", [A("strings", "['randomUUID']", "the member of the default-exported object")]),
"uuid-075": ("paths", "[f for f in T.files() if T.size(f) > 100*1024]", [A("paths", "[f for f in T.files() if T.size(f) > 100000]", "100KB = 100000 bytes")]),
}


def ev(tree, how):
    T = Tree(tree)
    return eval(how, {"T": T, "os": os, "json": json, "sorted": sorted})


def mk(tree, kind, how, extra=None):
    g = {"kind": kind, "value": ev(tree, how)}
    if extra:
        g.update(extra)
    return g


def main():
    draft = [l.rstrip("\n") for l in open(os.path.join(OUT, "requests-draft.txt")) if l.strip() and not l.startswith("#")]
    out = []
    for line in draft:
        rid, cat, req = [x.strip() for x in line.split("|", 2)]
        empty = req.endswith("[EMPTY]")
        if empty:
            req = req[: -len("[EMPTY]")].rstrip()
        tree = rid.split("-")[0]
        spec = S[rid]
        kind, how, accs = spec[0], spec[1], spec[2]
        extra = spec[3] if len(spec) > 3 else None
        gold = mk(tree, kind, how, extra)
        accept = []
        for a in accs:
            extra_a = {k: v for k, v in a.items() if k not in ("kind", "how", "reading")}
            g = mk(tree, a["kind"], a["how"], extra_a)
            if g["kind"] == gold["kind"] and g["value"] == gold["value"]:
                continue  # identical to gold; drop
            g["how"] = a["how"]; g["reading"] = a["reading"]
            accept.append(g)
        rec = {"id": rid, "tree": tree, "category": cat, "request": req, "gold": gold, "accept": accept, "how": how}
        if empty:
            rec["expected_empty"] = True
        out.append(rec)
    assert len(out) == 150 and len({r["id"] for r in out}) == 150
    with open(os.path.join(OUT, "requests.json"), "w") as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print("wrote", len(out))


if __name__ == "__main__":
    main()
