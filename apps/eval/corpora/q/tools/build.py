#!/usr/bin/env python3
"""Build /work/corpus-q/requests.json from requests-draft.txt + the SPEC below.
Each gold is computed by eval()-ing its `how` expression with tools/helpers.py against the tree."""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
import helpers as H

TREES = {'debug': '/work/main/.corpus-trees/debug', 'chalk': '/work/main/.corpus-trees/chalk'}
OUT = '/work/corpus-q'

def G(kind, how, reading=None, **extra):
    d = {'kind': kind, 'how': how}
    if reading: d['reading'] = reading
    d.update(extra)
    return d

S = {}
def spec(i, gold, *acc):
    S[i] = (gold, list(acc))

# ---------------- debug ----------------
spec('debug-001', G('number', "len(files())"))
spec('debug-002', G('number', "len(files('src'))"))
spec('debug-003', G('paths', "files('src')"),
     G('paths', "files('src') + ['src']", 'also lists the src folder itself'))
spec('debug-004', G('paths', "entries()"),
     G('paths', "files(recursive=False)", 'files only, folder src omitted'),
     G('paths', "[e + '/' if e in dirs() else e for e in entries()]", 'folder written with trailing slash (src/)'))
spec('debug-005', G('number', "lines('src/common.js')"))
spec('debug-006', G('number', "lines('src/node.js')"))
spec('debug-007', G('paths', "largest(1)"))
spec('debug-008', G('paths', "largest(3)", ordered=True))
spec('debug-009', G('number', "size('src/index.js')"))
spec('debug-010', G('text', "text('src/index.js')"),
     G('text', "text('src/index.js').rstrip('\\n')", 'without the final newline'))
spec('debug-011', G('text', "rng('src/node.js', 1, 10)"))
spec('debug-012', G('text', "rng('src/common.js', 60, 70)"))
spec('debug-013', G('hits', r"grep(r'^\s*function\s+formatArgs\b', regex=True)"))
spec('debug-014', G('hits', r"grep(r'^\s*function\s+createDebug\b', regex=True)"))
spec('debug-015', G('hits', r"grep(r'^\s*function\s+selectColor\b', regex=True)"))
spec('debug-016', G('hits', r"grep(r'^\s*function\s+localstorage\b', regex=True)"))
spec('debug-017', G('strings', "module_specs('src/node.js')"),
     G('strings', "[s for s in module_specs('src/node.js') if not s.startswith('.')]", 'external modules only (no ./common)'),
     G('strings', "[s if not s.startswith('./') else s + '.js' for s in module_specs('src/node.js')]", 'relative require keyed with .js (./common.js)'))
spec('debug-018', G('strings', "module_specs('src/common.js')"))
spec('debug-019', G('paths', "importers(lambda s: s in ('./common', './common.js'))"))
spec('debug-020', G('paths', "importers(lambda s: s == 'ms')"),
     G('paths', "importers(lambda s: s == 'ms') + ['package.json']", 'also package.json, which declares the dependency'))
spec('debug-021', G('paths', "importers(lambda s: s in ('tty', 'node:tty'))"))
spec('debug-022', G('strings', "cjs_exports('src/node.js')"),
     G('strings', "[x for x in cjs_exports('src/node.js') if x not in ('colors', 'inspectOpts', 'destroy')]", 'only the function exports assigned at the top'))
spec('debug-023', G('strings', "module_exports_ident('src/common.js')"))
spec('debug-024', G('json', "pkg('version')"))
spec('debug-025', G('json', "pkg('name')"))
spec('debug-026', G('strings', "pkg_keys('scripts')"),
     G('json', "pkg('scripts')", 'scripts object with commands'))
spec('debug-027', G('json', "pkg('scripts', 'test')"))
spec('debug-028', G('strings', "pkg_keys('dependencies')"),
     G('json', "pkg('dependencies')", 'dependencies object with version ranges'))
spec('debug-029', G('number', "len(pkg_keys('devDependencies'))"))
spec('debug-030', G('json', "pkg('devDependencies', 'mocha')"))
spec('debug-031', G('json', "pkg('main')"),
     G('paths', "[pkg('main')[2:]]", 'as a tree path src/index.js'),
     G('json', "pkg('main')[2:]", 'string without leading ./'))
spec('debug-032', G('json', "pkg('license')"))
spec('debug-033', G('json', "pkg('engines', 'node')"),
     G('json', "pkg('engines')", 'whole engines object'))
spec('debug-034', G('strings', "pkg_keys('peerDependencies')"),
     G('number', "len(pkg_keys('peerDependencies'))", 'count: zero'),
     G('strings', "pkg_keys('peerDependenciesMeta')", 'peerDependenciesMeta lists optional supports-color'))
spec('debug-035', G('hits', "grep('localStorage')"),
     G('hits', "grep('localStorage', ci=True)", 'case-insensitive (also localstorage() function)'),
     G('hits', "grep('localStorage', only='src/')", 'code only (src)'))
spec('debug-036', G('hits', "grep('TODO')"),
     G('hits', r"grep(r'\b(TODO|XXX|FIXME)\b', regex=True)", 'TODO plus XXX/FIXME markers'))
spec('debug-037', G('hits', "grep('process.env.DEBUG')"),
     G('hits', "grep('process.env.DEBUG', only='src/')", 'code only (src)'))
spec('debug-038', G('hits', "grep('DEBUG_COLORS')"),
     G('hits', "grep('DEBUG_COLORS', only='src/')", 'code only (src)'))
spec('debug-039', G('hits', "grep('setTimeout', only='src/')"),
     G('number', "len(grep('setTimeout', only='src/'))", 'count: zero'))
spec('debug-040', G('number', "len(by_ext('.js'))"))
spec('debug-041', G('paths', "by_ext('.md')"))
spec('debug-042', G('paths', "by_ext('.ts', '.tsx')"),
     G('number', "len(by_ext('.ts', '.tsx'))", 'count: zero'))
spec('debug-043', G('number', "len(dirs())"),
     G('number', "len(dirs()) + 1", 'counting the root folder'))
spec('debug-044', G('number', "occurrences('src/common.js', 'namespace')"),
     G('number', "len(grep('namespace', only=['src/common.js']))", 'number of lines containing it'),
     G('number', "occurrences('src/common.js', 'namespace', ci=True)", 'case-insensitive occurrences'),
     G('number', "len(grep('namespace', ci=True, only=['src/common.js']))", 'case-insensitive lines'),
     G('number', "len(__import__('re').findall(r'\\bnamespace\\b', text('src/common.js')))", 'whole word only (not namespaces)'),
     G('number', "len(grep(r'\\bnamespace\\b', regex=True, only=['src/common.js']))", 'lines with the whole word'))
spec('debug-045', G('text', "text('LICENSE')"),
     G('text', "text('LICENSE').rstrip('\\n')", 'without the final newline'))
spec('debug-046', G('number', "sum(lines(f) for f in by_ext('.js'))"))
spec('debug-047', G('hits', r"grep(r'\.humanize\s*=', regex=True)"))
spec('debug-048', G('paths', "importers(lambda s: s == 'chalk')"),
     G('number', "len(importers(lambda s: s == 'chalk'))", 'count: zero'))
spec('debug-049', G('paths', "files_matching('Electron')"),
     G('paths', "files_matching('Electron', ci=True)", 'case-insensitive'),
     G('paths', "[f for f in files_matching('Electron') if f.startswith('src/')]", 'code only (src)'))
spec('debug-050', G('json', "pkg('author')"),
     G('text', "pkg('author').split(' (')[0]", 'just the name'))

# ---------------- chalk ----------------
spec('chalk-001', G('number', "len(files())"))
spec('chalk-002', G('number', "len(files('source'))"),
     G('number', "len(files('source', recursive=False))", 'top level of source only'))
spec('chalk-003', G('paths', "entries('source/vendor')"),
     G('paths', "files('source/vendor')", 'all files under vendor, recursive'),
     G('paths', "files('source/vendor') + dirs('source/vendor')", 'recursive files and folders'),
     G('paths', "[d + '/' for d in entries('source/vendor')]", 'folders written with trailing slash'))
spec('chalk-004', G('paths', "dirs()"),
     G('paths', "dirs() + ['.']", 'including the root'),
     G('paths', "[d + '/' for d in dirs()]", 'folders written with trailing slash'))
spec('chalk-005', G('number', "len(by_ext('.d.ts'))"))
spec('chalk-006', G('paths', "by_ext('.js')"))
spec('chalk-007', G('paths', "largest(1)"))
spec('chalk-008', G('paths', "largest(5)", ordered=True))
spec('chalk-009', G('paths', "largest(1, smallest=True)"))
spec('chalk-010', G('number', "lines('source/index.js')"))
spec('chalk-011', G('number', "lines('readme.md')"))
spec('chalk-012', G('number', "size('package.json')"))
spec('chalk-013', G('text', "text('source/utilities.js')"),
     G('text', "text('source/utilities.js').rstrip('\\n')", 'without the final newline'))
spec('chalk-014', G('text', "text('source/vendor/supports-color/browser.d.ts')"),
     G('text', "text('source/vendor/supports-color/browser.d.ts').rstrip('\\n')", 'without the final newline'))
spec('chalk-015', G('text', "rng('source/index.js', 24, 40)"))
spec('chalk-016', G('text', "rng('source/vendor/ansi-styles/index.js', 1, 5)"))
spec('chalk-017', G('strings', "module_specs('source/index.js', kinds=('import',))"),
     G('strings', "module_specs('source/index.js')", 'also the export ... from re-export source'))
spec('chalk-018', G('strings', "[s for s in module_specs('source/vendor/supports-color/index.js') if s.startswith('node:')]"),
     G('strings', "[s[5:] for s in module_specs('source/vendor/supports-color/index.js') if s.startswith('node:')]", 'without the node: prefix'))
spec('chalk-019', G('paths', "importers(lambda s: s.endswith('/utilities.js') or s.endswith('/utilities'))"))
spec('chalk-020', G('paths', "importers(lambda s: s == 'node:tty')"),
     G('paths', "[f for f in importers(lambda s: s == 'node:tty') if f.endswith('.js')]", 'runtime .js only, not the import type in .d.ts'))
spec('chalk-021', G('strings', "module_specs('source/index.d.ts')"),
     G('strings', "module_specs('source/index.d.ts') + ['#ansi-styles', '#supports-color']", 'also the commented-out #-imports'))
spec('chalk-022', G('strings', "esm_named_exports('source/utilities.js')"))
spec('chalk-023', G('strings', "esm_named_exports('source/index.js')"),
     G('strings', "esm_named_exports('source/index.js') + ['default']", 'including default'),
     G('strings', "[x for x in esm_named_exports('source/index.js') if x not in ('modifiers', 'foregroundColors', 'backgroundColors', 'colors')]", 'without the deprecated aliases'))
spec('chalk-024', G('paths', "importers(lambda s: 'ansi-styles' in s)"),
     G('paths', "importers(lambda s: 'ansi-styles' in s, kinds=('import',))", 'import statements only (no export-from)'),
     G('paths', "[f for f in importers(lambda s: 'ansi-styles' in s) if f.endswith('.js')]", 'runtime .js only'))
spec('chalk-025', G('hits', r"grep(r'^\s*(export\s+)?function\s+createChalk\b', regex=True)"))
spec('chalk-026', G('hits', r"grep(r'^\s*export\s+class\s+Chalk\b', regex=True)"),
     G('hits', r"grep(r'^\s*export\s+(class|const)\s+Chalk\b', regex=True)", 'also the type declaration in index.d.ts'))
spec('chalk-027', G('hits', r"grep(r'^\s*function\s+assembleStyles\b', regex=True)"))
spec('chalk-028', G('hits', r"grep(r'^\s*function\s+hasFlag\b', regex=True)"))
spec('chalk-029', G('hits', r"grep(r'^\s*const\s+applyStyle\b', regex=True)"))
spec('chalk-030', G('hits', r"grep(r'^\s*export\s+interface\s+ChalkInstance\b', regex=True)"))
spec('chalk-031', G('json', "pkg('version')"))
spec('chalk-032', G('strings', "pkg_keys('scripts')"),
     G('json', "pkg('scripts')", 'scripts object with commands'))
spec('chalk-033', G('json', "pkg('scripts', 'bench')"))
spec('chalk-034', G('strings', "pkg_keys('dependencies')"),
     G('number', "len(pkg_keys('dependencies'))", 'count: zero'))
spec('chalk-035', G('strings', "pkg_keys('devDependencies')"),
     G('json', "pkg('devDependencies')", 'object with version ranges'))
spec('chalk-036', G('json', "pkg('devDependencies', 'ava')"))
spec('chalk-037', G('json', "pkg('imports')"))
spec('chalk-038', G('json', "pkg('type')"))
spec('chalk-039', G('number', "len(pkg('keywords'))"))
spec('chalk-040', G('json', "pkg('engines', 'node')"),
     G('json', "pkg('engines')", 'whole engines object'))
spec('chalk-041', G('hits', "grep('FORCE_COLOR')"))
spec('chalk-042', G('hits', "grep('TODO')"),
     G('hits', "grep('TODO', only='source/')", 'source only'))
spec('chalk-043', G('hits', "grep('Symbol(')"))
spec('chalk-044', G('hits', "grep('require(')"),
     G('number', "len(grep('require('))", 'count: zero'))
spec('chalk-045', G('paths', "files_matching('truecolor', ci=True)"),
     G('paths', "files_matching('truecolor')", 'case-sensitive lowercase only'),
     G('paths', "[f for f in files_matching('truecolor', ci=True) if f.startswith('source/')]", 'code only (source)'))
spec('chalk-046', G('paths', "by_ext('.json')"))
spec('chalk-047', G('paths', r"[f for f in files() if __import__('re').search(r'(^|/)(test|tests|__tests__)/|[.-](test|spec)\.', f)]"),
     G('number', r"len([f for f in files() if __import__('re').search(r'(^|/)(test|tests|__tests__)/|[.-](test|spec)\.', f)])", 'count: zero'))
spec('chalk-048', G('number', "sum(lines(f) for f in files('source'))"),
     G('number', "sum(lines(f) for f in files('source', recursive=False))", 'top level of source only'))
spec('chalk-049', G('strings', "extensions()"),
     G('strings', "extensions(noext=None)", 'extensionless license not counted'),
     G('strings', "extensions(noext='(none)')", 'extensionless keyed as (none)'),
     G('strings', "extensions(noext='license')", 'extensionless keyed by its name'),
     G('strings', "extensions(style='double')", '.d.ts counted as its own extension'),
     G('strings', "extensions(style='double', noext=None)", '.d.ts own extension, license not counted'),
     G('strings', "[e.lstrip('.') for e in extensions(noext=None)]", 'without dots'),
     G('strings', "[e.lstrip('.') for e in extensions(style='double', noext=None)]", 'without dots, d.ts'))
spec('chalk-050', G('paths', "[f for f in files() + dirs() if any(p.startswith('.') for p in f.split('/'))]"),
     G('number', "len([f for f in files() + dirs() if any(p.startswith('.') for p in f.split('/'))])", 'count: zero'))

def evalg(g, tree):
    H.use(TREES[tree])
    ns = {k: getattr(H, k) for k in dir(H) if not k.startswith('_')}
    v = eval(g['how'], ns)
    out = {'kind': g['kind']}
    out.update({k: g[k] for k in g if k not in ('kind', 'how')})
    if g['kind'] == 'number':
        assert isinstance(v, int)
    if g['kind'] in ('paths', 'strings') and not g.get('ordered'):
        v = sorted(set(v))
    out['value'] = v
    out['how'] = g['how']
    return out

def main():
    reqs = []
    lines = open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8').read().splitlines()
    for ln in lines:
        if not ln.strip() or ln.startswith('#'):
            continue
        rid, cat, req = [x.strip() for x in ln.split('|', 2)]
        empty = req.endswith('[EMPTY]')
        if empty:
            req = req[:-len('[EMPTY]')].rstrip()
        tree = rid.split('-')[0]
        gold, acc = S[rid]
        g = evalg(gold, tree)
        gv = g['value']
        if empty:
            assert gv in ([], 0), (rid, gv)
        entry = {'id': rid, 'tree': tree, 'category': cat, 'request': req,
                 'gold': {k: v for k, v in g.items() if k != 'how'},
                 'accept': [], 'how': gold['how']}
        if empty:
            entry['expect_empty'] = True
        for a in acc:
            av = evalg(a, tree)
            if av['kind'] == g['kind'] and av['value'] == gv:
                print(f'note: {rid} accept "{a.get("reading")}" equals gold; dropped', file=sys.stderr)
                continue
            entry['accept'].append(av)
        reqs.append(entry)
    assert len(reqs) == 100 and len(S) == 100
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as fh:
        json.dump(reqs, fh, indent=1, ensure_ascii=False)
        fh.write('\n')
    print('wrote', len(reqs))

if __name__ == '__main__':
    main()
