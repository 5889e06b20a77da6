#!/usr/bin/env python3
"""Compute golds for every request in requests-draft.txt and write requests.json.
Each spec: id -> (kind, how, accepts) ; accepts = [(kind, how, reading), ...].
`how` is a Python expression evaluated in the namespace of helpers.py.
Extra gold keys (e.g. ordered) are given as a 4th / 3rd-position dict when needed."""
import json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
import helpers
from helpers import *

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..')

ESM = "('esm',)"
ALL3 = "('esm','cjs','types')"

S = {}
def spec(i, kind, how, *acc, **extra):
    S[i] = (kind, how, list(acc), extra)
def A(kind, how, reading, **extra):
    return (kind, how, reading, extra)

# ------------------------------------------------------------------ hono
spec('hono-001', 'number', "len(files('hono'))")
spec('hono-002', 'number', "len(files('hono', ext='.d.ts'))")
spec('hono-003', 'number', "len(files('hono','dist/cjs', ext='.js'))",
     A('number', "len(files('hono','dist/cjs', recursive=False, ext='.js'))", 'only js files directly in dist/cjs (not recursive)'))
spec('hono-004', 'paths', "files('hono','dist/middleware/cors')",
     A('paths', "files('hono','dist/middleware/cors')+files('hono','dist/cjs/middleware/cors')+files('hono','dist/types/middleware/cors')", 'also the cjs and types copies of the cors folder'))
spec('hono-005', 'paths', "files('hono','dist/router/trie-router')")
spec('hono-006', 'paths', "dirs('hono','dist/adapter')",
     A('strings', "names(dirs('hono','dist/adapter'))", 'adapter folder names only'))
spec('hono-007', 'text', "pkgfield('hono','version')")
spec('hono-008', 'text', "pkgfield('hono','main')",
     A('text', "pkgfield('hono','module')", 'the ESM entry ("module" field), package is type:module'),
     A('json', "pkgfield('hono','exports','.')", 'the "." entry of the exports map'))
spec('hono-009', 'strings', "keys(pkgfield('hono','scripts'))",
     A('json', "pkgfield('hono','scripts')", 'scripts with their commands'))
spec('hono-010', 'text', "pkgfield('hono','scripts','build')")
spec('hono-011', 'strings', "keys(pkgfield('hono','dependencies'))",
     A('number', "len(keys(pkgfield('hono','dependencies')))", 'count of runtime dependencies (0)'),
     A('json', "pkgfield('hono','dependencies') or {}", 'empty dependencies object'))
spec('hono-012', 'number', "len(keys(pkgfield('hono','devDependencies')))")
spec('hono-013', 'text', "pkgfield('hono','devDependencies','typescript')")
spec('hono-014', 'text', "pkgfield('hono','engines','node')",
     A('json', "pkgfield('hono','engines')", 'the whole engines object'))
spec('hono-015', 'text', "text('hono','dist/hono.js')",
     A('text', "text('hono','dist/hono.js').rstrip('\\n')", 'same without trailing newline'))
spec('hono-016', 'text', "line_range('hono','dist/compose.js',1,10)")
spec('hono-017', 'number', "nl_count('hono','dist/context.js')",
     A('number', "line_count('hono','dist/context.js')", 'number of lines incl. an unterminated last line'))
spec('hono-018', 'paths', "largest('hono',1)", ordered=True)
spec('hono-019', 'paths', "largest('hono',5,'dist')",
     A('paths', "sorted(only(files('hono','dist'),('esm',)), key=lambda p:(-size('hono',p),p))[:5]", 'top 5 among the ESM build only (dist minus cjs/types)', ordered=True),
     ordered=True)
spec('hono-020', 'hits', "grep('hono','console.log','dist')",
     A('hits', "only_hits(grep('hono','console.log','dist'),('esm',))", 'ESM build only (skip dist/cjs and dist/types)'),
     A('hits', "only_hits(grep('hono','console.log','dist'),('esm','cjs'))", 'JS files only (ESM + CJS, no .d.ts)'),
     A('paths', "hit_files(grep('hono','console.log','dist'))", 'just the files'))
spec('hono-021', 'hits', "grep('hono','TODO')",
     A('hits', "grep('hono','TODO|FIXME|XXX',regex=True)", 'TODO/FIXME/XXX markers'))
spec('hono-022', 'hits', "only_hits(defs('hono','HTTPException','dist'),('esm',))",
     A('hits', "defs('hono','HTTPException','dist')", 'ESM + CJS + .d.ts declarations'),
     A('paths', "hit_files(only_hits(defs('hono','HTTPException','dist'),('esm',)))", 'file only'),
     A('paths', "hit_files(defs('hono','HTTPException','dist'))", 'files incl. cjs and types copies'))
spec('hono-023', 'hits', "only_hits(defs('hono','cors','dist'),('esm',))",
     A('hits', "defs('hono','cors','dist')", 'ESM + CJS + .d.ts copies'),
     A('paths', "['dist/middleware/cors/index.js']", 'the file only'),
     A('paths', "['dist/middleware/cors/index.js','dist/cjs/middleware/cors/index.js','dist/types/middleware/cors/index.d.ts']", 'files incl. copies'))
spec('hono-024', 'strings', "imports('hono','dist/hono-base.js')",
     A('paths', "resolved_imports('hono','dist/hono-base.js')", 'resolved to tree paths'))
spec('hono-025', 'strings', "imports('hono','dist/middleware/jwt/jwt.js')",
     A('paths', "resolved_imports('hono','dist/middleware/jwt/jwt.js')", 'resolved to tree paths'))
spec('hono-026', 'strings', "esm_exports('hono','dist/utils/cookie.js')")
spec('hono-027', 'paths', "importers('hono','dist/http-exception.js')+importers('hono','dist/cjs/http-exception.js')",
     A('paths', "importers('hono','dist/http-exception.js')", 'ESM build only'),
     A('paths', "importers('hono','dist/http-exception.js')+importers('hono','dist/cjs/http-exception.js')+importers('hono','dist/types/http-exception.d.ts')", 'also .d.ts files importing http-exception'))
spec('hono-028', 'paths', "importers('hono','dist/utils/url.js')+importers('hono','dist/cjs/utils/url.js')",
     A('paths', "importers('hono','dist/utils/url.js')", 'ESM build only'),
     A('paths', "importers('hono','dist/utils/url.js')+importers('hono','dist/cjs/utils/url.js')+importers('hono','dist/types/utils/url.d.ts')", 'also .d.ts importers'))
spec('hono-029', 'paths', "dirs('hono','dist')",
     A('strings', "names(dirs('hono','dist'))", 'folder names only'))
spec('hono-030', 'json', "ext_counts('hono')",
     A('json', "ext_counts('hono', compound=True)", '.d.ts counted separately from .ts'))
spec('hono-031', 'number', "len(dirs('hono','dist/middleware'))")
spec('hono-032', 'strings', "esm_exports('hono','dist/index.js')")
spec('hono-033', 'hits', "grep('hono','X-Powered-By')",
     A('hits', "grep('hono','X-Powered-By', icase=True)", 'case-insensitive'),
     A('paths', "hit_files(grep('hono','X-Powered-By'))", 'files only'),
     A('hits', "only_hits(grep('hono','X-Powered-By'),('esm',))", 'ESM build only'))
spec('hono-034', 'number', "len(hit_files(grep('hono','HTTPException')))",
     A('number', "len(only(hit_files(grep('hono','HTTPException')),('esm',)))", 'ESM build only (no cjs/types copies)'))
spec('hono-035', 'number', "len(pkgfield('hono','exports'))")
spec('hono-036', 'text', "pkgfield('hono','license')")
spec('hono-037', 'paths', "[p for p in files('hono') if re.search(r'\\.(test|spec)\\.', p) or '/test/' in p or '/tests/' in p or '__tests__' in p]")
spec('hono-038', 'paths', "files('hono','dist/utils/jwt')")
spec('hono-039', 'number', "len(dirs('hono','dist/helper'))",
     A('number', "len(dirs('hono','dist/helper', recursive=True))", 'recursive folder count'))
spec('hono-040', 'text', "text('hono','dist/types/package.json')",
     A('text', "text('hono','dist/types/package.json').rstrip('\\n')", 'without trailing newline'),
     A('json', "pkg('hono','dist/types/package.json')", 'parsed JSON'))
spec('hono-041', 'hits', "only_hits(defs('hono','compose','dist'),('esm',))",
     A('hits', "defs('hono','compose','dist')", 'incl. cjs and .d.ts copies'),
     A('paths', "hit_files(only_hits(defs('hono','compose','dist'),('esm',)))", 'file only'))
spec('hono-042', 'hits', "grep('hono','404 Not Found', paths=['dist/hono-base.js'])")
spec('hono-043', 'number', "size('hono','dist/types/types.d.ts')")
spec('hono-044', 'hits', "only_hits(defs('hono','RegExpRouter','dist'),('esm',))",
     A('hits', "defs('hono','RegExpRouter','dist')", 'incl. cjs and .d.ts copies'),
     A('paths', "hit_files(only_hits(defs('hono','RegExpRouter','dist'),('esm',)))", 'file only'))
spec('hono-045', 'text', "line_range('hono','dist/middleware/cors/index.js',20,35)")
spec('hono-046', 'number', "len(files('hono','dist/types'))",
     A('number', "len(files('hono','dist/types', recursive=False))", 'top level of dist/types only'))
spec('hono-047', 'paths', "files('hono', ext='.map')")
spec('hono-048', 'text', "pkgfield('hono','types')")
spec('hono-049', 'paths', "importers('hono','dist/helper/cookie/index.js')+importers('hono','dist/cjs/helper/cookie/index.js')",
     A('paths', "importers('hono','dist/helper/cookie/index.js')", 'ESM build only'))
spec('hono-050', 'paths', "hit_files(grep('hono','upgradeWebSocket'))",
     A('paths', "only(hit_files(grep('hono','upgradeWebSocket')),('esm',))", 'ESM build only'),
     A('paths', "only(hit_files(grep('hono','upgradeWebSocket')),('esm','cjs'))", 'JS files only (no .d.ts)'))

# ------------------------------------------------------------------ ws
spec('ws-001', 'number', "len(files('ws'))")
spec('ws-002', 'paths', "files('ws','lib')", A('strings', "names(files('ws','lib'))", 'file names only'))
spec('ws-003', 'number', "len(files('ws','lib', ext='.js'))")
spec('ws-004', 'number', "nl_count('ws','lib/websocket.js')",
     A('number', "line_count('ws','lib/websocket.js')", 'lines incl. unterminated last line'))
spec('ws-005', 'number', "total_lines('ws', files('ws','lib',ext='.js'))")
spec('ws-006', 'paths', "largest('ws',1)", ordered=True)
spec('ws-007', 'paths', "largest('ws',3,'lib')", ordered=True)
spec('ws-008', 'text', "text('ws','index.js')", A('text', "text('ws','index.js').rstrip('\\n')", 'without trailing newline'))
spec('ws-009', 'text', "text('ws','wrapper.mjs')", A('text', "text('ws','wrapper.mjs').rstrip('\\n')", 'without trailing newline'))
spec('ws-010', 'text', "line_range('ws','lib/constants.js',1,20)")
spec('ws-011', 'hits', "defs('ws','Receiver')",
     A('paths', "hit_files(defs('ws','Receiver'))", 'file only'))
spec('ws-012', 'hits', "defs('ws','createWebSocketStream')",
     A('paths', "hit_files(defs('ws','createWebSocketStream'))", 'file only'))
spec('ws-013', 'hits', "defs('ws','isValidStatusCode')",
     A('paths', "hit_files(defs('ws','isValidStatusCode'))", 'file only'))
spec('ws-014', 'strings', "imports('ws','lib/websocket.js')",
     A('paths', "resolved_imports('ws','lib/websocket.js')", 'resolved; node builtins as names'))
spec('ws-015', 'strings', "imports('ws','lib/sender.js')",
     A('paths', "resolved_imports('ws','lib/sender.js')", 'resolved; node builtins as names'))
spec('ws-016', 'paths', "importers('ws','lib/constants.js')")
spec('ws-017', 'paths', "importers('ws','lib/permessage-deflate.js')",
     A('paths', "[p for p in importers('ws','lib/permessage-deflate.js') if p.startswith('lib/')]", 'only the lib/ modules'))
spec('ws-018', 'strings', "cjs_exports('ws','lib/extension.js')")
spec('ws-019', 'strings', "esm_exports('ws','wrapper.mjs')",
     A('strings', "esm_exports('ws','wrapper.mjs', include_default=False)", 'named exports only (default not listed)'))
spec('ws-020', 'text', "pkgfield('ws','version')")
spec('ws-021', 'strings', "keys(pkgfield('ws','dependencies'))",
     A('json', "pkgfield('ws','dependencies') or {}", 'empty object'),
     A('number', "len(keys(pkgfield('ws','dependencies')))", 'count 0'))
spec('ws-022', 'json', "pkgfield('ws','peerDependencies')",
     A('strings', "keys(pkgfield('ws','peerDependencies'))", 'names only'))
spec('ws-023', 'strings', "keys(pkgfield('ws','devDependencies'))",
     A('json', "pkgfield('ws','devDependencies')", 'with versions'))
spec('ws-024', 'text', "pkgfield('ws','devDependencies','mocha')")
spec('ws-025', 'strings', "keys(pkgfield('ws','scripts'))", A('json', "pkgfield('ws','scripts')", 'with commands'))
spec('ws-026', 'text', "pkgfield('ws','scripts','test')")
spec('ws-027', 'text', "pkgfield('ws','engines','node')", A('json', "pkgfield('ws','engines')", 'engines object'))
spec('ws-028', 'text', "pkgfield('ws','author')")
spec('ws-029', 'json', "pkgfield('ws','files')")
spec('ws-030', 'hits', "grep('ws','GUID')",
     A('hits', "grep('ws','GUID', icase=True)", 'case-insensitive'),
     A('paths', "hit_files(grep('ws','GUID'))", 'files only'))
spec('ws-031', 'number', "len(hit_files(grep('ws',\"'use strict'\")))",
     A('number', "len(hit_files(grep('ws','use strict')))", 'any quoting'))
spec('ws-032', 'hits', "grep('ws','TODO|FIXME',regex=True)")
spec('ws-033', 'hits', "grep('ws','maxPayload','lib')",
     A('paths', "hit_files(grep('ws','maxPayload','lib'))", 'files only'))
spec('ws-034', 'number', "len(hit_files(grep('ws','maxPayload')))",
     A('number', "len(hit_files(grep('ws','maxPayload','lib')))", 'only code under lib/'),
     A('number', "len(hit_files(grep('ws','maxPayload', paths=files('ws', ext=['.js','.mjs']))))", 'only JS files'))
spec('ws-035', 'number', "size('ws','README.md')")
spec('ws-036', 'strings', "[e for e in ext_counts('ws') if e]",
     A('strings', "[e.lstrip('.') for e in ext_counts('ws') if e]", 'without leading dot'),
     A('json', "ext_counts('ws')", 'counts per extension (incl. "" for LICENSE)'))
spec('ws-037', 'paths', "dirs('ws', recursive=True)")
spec('ws-038', 'paths', "files('ws', ext='.md')")
spec('ws-039', 'number', "len(grep('ws', r'^\\s*class\\s+\\w+', paths=['lib/event-target.js'], regex=True))")
spec('ws-040', 'hits', "defs('ws','Limiter')", A('paths', "hit_files(defs('ws','Limiter'))", 'file only'))
spec('ws-041', 'text', "line_range('ws','lib/websocket-server.js',27,40)")
spec('ws-042', 'hits', "grep('ws','module.exports', paths=['lib/websocket.js'])")
spec('ws-043', 'paths', "files('ws', ext=['.ts','.tsx','.mts','.cts'])")
spec('ws-044', 'paths', "importers_of_module('ws','crypto')")
spec('ws-045', 'number', "len(grep('ws', r'^function\\s', paths=['lib/websocket.js'], regex=True))")
spec('ws-046', 'hits', "grep('ws', r'\\bGUID\\s*[:=]', regex=True)",
     A('paths', "['lib/constants.js']", 'file only'))
spec('ws-047', 'hits', "grep('ws','deprecat', icase=True)")
spec('ws-048', 'text', "text('ws','browser.js')", A('text', "text('ws','browser.js').rstrip('\\n')", 'without trailing newline'))
spec('ws-049', 'text', "pkgfield('ws','bugs')")
spec('ws-050', 'paths', "files('ws','test') if os.path.isdir(tp('ws','test')) else []")

# ------------------------------------------------------------------ luxon
spec('luxon-001', 'number', "len(files('luxon','src'))",
     A('number', "len(files('luxon','src', recursive=False))", 'top level of src only'))
spec('luxon-002', 'number', "len(files('luxon','src', ext='.js'))")
spec('luxon-003', 'paths', "files('luxon','src/zones')", A('strings', "names(files('luxon','src/zones'))", 'names only'))
spec('luxon-004', 'paths', "files('luxon','build')")
spec('luxon-005', 'paths', "dirs('luxon','build')", A('strings', "names(dirs('luxon','build'))", 'names only'))
spec('luxon-006', 'paths', "largest('luxon',1)", ordered=True)
spec('luxon-007', 'paths', "largest('luxon',3,'src')", ordered=True)
spec('luxon-008', 'number', "nl_count('luxon','src/datetime.js')",
     A('number', "line_count('luxon','src/datetime.js')", 'lines incl. unterminated last line'))
spec('luxon-009', 'number', "total_lines('luxon', files('luxon','src'))",
     A('number', "total_lines('luxon', files('luxon','src', ext='.js'))", 'only the .js files'))
spec('luxon-010', 'text', "text('luxon','src/luxon.js')", A('text', "text('luxon','src/luxon.js').rstrip('\\n')", 'without trailing newline'))
spec('luxon-011', 'text', "line_range('luxon','src/impl/formats.js',1,20)")
spec('luxon-012', 'hits', "defs('luxon','Duration','src')",
     A('hits', "defs('luxon','Duration')", 'incl. the bundled build copies'),
     A('paths', "hit_files(defs('luxon','Duration','src'))", 'file only'))
spec('luxon-013', 'hits', "defs('luxon','friendlyDateTime','src')",
     A('hits', "defs('luxon','friendlyDateTime')", 'incl. build copies'),
     A('paths', "hit_files(defs('luxon','friendlyDateTime','src'))", 'file only'))
spec('luxon-014', 'hits', "defs('luxon','DATE_SHORT','src')",
     A('hits', "defs('luxon','DATE_SHORT')", 'incl. build copies'),
     A('paths', "hit_files(defs('luxon','DATE_SHORT','src'))", 'file only'))
spec('luxon-015', 'hits', "defs('luxon','parseISODate','src')",
     A('hits', "defs('luxon','parseISODate')", 'incl. build copies'),
     A('paths', "hit_files(defs('luxon','parseISODate','src'))", 'file only'))
spec('luxon-016', 'strings', "imports('luxon','src/interval.js')",
     A('paths', "resolved_imports('luxon','src/interval.js')", 'resolved to tree paths'))
spec('luxon-017', 'strings', "imports('luxon','src/impl/tokenParser.js')",
     A('paths', "resolved_imports('luxon','src/impl/tokenParser.js')", 'resolved to tree paths'))
spec('luxon-018', 'paths', "importers('luxon','src/settings.js')")
spec('luxon-019', 'paths', "importers('luxon','src/zones/IANAZone.js')")
spec('luxon-020', 'strings', "esm_exports('luxon','src/luxon.js')")
spec('luxon-021', 'strings', "esm_exports('luxon','src/errors.js')")
spec('luxon-022', 'text', "pkgfield('luxon','version')")
spec('luxon-023', 'text', "pkgfield('luxon','main')")
spec('luxon-024', 'strings', "keys(pkgfield('luxon','scripts'))", A('json', "pkgfield('luxon','scripts')", 'with commands'))
spec('luxon-025', 'text', "pkgfield('luxon','scripts','test')")
spec('luxon-026', 'strings', "keys(pkgfield('luxon','dependencies'))",
     A('json', "pkgfield('luxon','dependencies') or {}", 'empty object'),
     A('number', "len(keys(pkgfield('luxon','dependencies')))", 'count 0'))
spec('luxon-027', 'number', "len(keys(pkgfield('luxon','devDependencies')))")
spec('luxon-028', 'text', "pkgfield('luxon','devDependencies','jest')")
spec('luxon-029', 'text', "pkgfield('luxon','module')")
spec('luxon-030', 'hits', "grep('luxon','Intl.DateTimeFormat','src')",
     A('paths', "hit_files(grep('luxon','Intl.DateTimeFormat','src'))", 'files only'))
spec('luxon-031', 'hits', "grep('luxon','TODO','src')")
spec('luxon-032', 'number', "len(hit_files(grep('luxon','Settings','src')))")
spec('luxon-033', 'number', "size('luxon','build/global/luxon.min.js')")
spec('luxon-034', 'number', "len(files('luxon', ext='.map'))")
spec('luxon-035', 'json', "ext_counts('luxon')")
spec('luxon-036', 'paths', "files('luxon', ext=['.ts','.tsx','.mts','.cts'])")
spec('luxon-037', 'hits', "defs('luxon','Locale','src')",
     A('hits', "defs('luxon','Locale')", 'incl. build copies'),
     A('paths', "hit_files(defs('luxon','Locale','src'))", 'file only'))
spec('luxon-038', 'hits', "defs('luxon','isLeapYear','src')",
     A('hits', "defs('luxon','isLeapYear')", 'incl. build copies'),
     A('paths', "hit_files(defs('luxon','isLeapYear','src'))", 'file only'))
spec('luxon-039', 'hits', "grep('luxon','3.7.2','src')")
spec('luxon-040', 'strings', "esm_exports('luxon','src/impl/english.js')")
spec('luxon-041', 'number', "len(esm_export_kind('luxon','src/impl/util.js','function'))")
spec('luxon-042', 'text', "line_range('luxon','src/datetime.js',539,550)")
spec('luxon-043', 'text', "text('luxon','src/package.json')",
     A('text', "text('luxon','src/package.json').rstrip('\\n')", 'without trailing newline'),
     A('json', "pkg('luxon','src/package.json')", 'parsed JSON'))
spec('luxon-044', 'paths', "importers('luxon','src/errors.js')")
spec('luxon-045', 'paths', "dirs('luxon','src', recursive=True)", A('strings', "names(dirs('luxon','src'))", 'names only'))
spec('luxon-046', 'json', "pkgfield('luxon','engines')", A('text', "pkgfield('luxon','engines','node')", 'just the node range'))
spec('luxon-047', 'number', "len(files('luxon','build/node'))")
spec('luxon-048', 'number', "count_occ('luxon','src/duration.js','throw new')",
     A('number', "len(grep('luxon','throw new', paths=['src/duration.js']))", 'number of lines containing it'))
spec('luxon-049', 'paths', "[p for p in files('luxon') if re.search(r'\\.(test|spec)\\.', p) or p.startswith('test/')]")
spec('luxon-050', 'text', "pkgfield('luxon','license')")


def ev(how):
    return eval(how, vars(helpers))


def mk(kind, how, extra):
    v = ev(how)
    if kind == 'paths' and not extra.get('ordered'):
        v = sorted(set(v))
    if kind == 'strings':
        v = sorted(set(v))
    if kind == 'hits':
        v = sorted({(h['file'], h['line']) for h in v})
        v = [{'file': f, 'line': l} for f, l in v]
    g = {'kind': kind}
    g.update(extra)
    g['value'] = v
    return g


def main():
    reqs = []
    draft = open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8').read().splitlines()
    for line in draft:
        if line.startswith('#') or not line.strip():
            continue
        i, cat, req = [x.strip() for x in line.split('|', 2)]
        empty = req.endswith('[EMPTY]')
        if empty:
            req = req[:-len('[EMPTY]')].rstrip()
        kind, how, acc, extra = S[i]
        gold = mk(kind, how, extra)
        accept = []
        for (k2, h2, reading, ex2) in acc:
            g2 = mk(k2, h2, ex2)
            g2['how'] = h2
            g2['reading'] = reading
            if g2['value'] != gold['value'] or g2['kind'] != gold['kind']:
                accept.append(g2)
        o = {'id': i, 'tree': i.split('-')[0], 'category': cat, 'request': req,
             'gold': gold, 'accept': accept, 'how': how}
        if empty:
            o['expected_empty'] = True
        reqs.append(o)
    assert len(reqs) == 150 and len(set(r['id'] for r in reqs)) == 150
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as f:
        json.dump(reqs, f, indent=1, ensure_ascii=False)
        f.write('\n')
    # sanity report
    for r in reqs:
        v = r['gold']['value']
        short = json.dumps(v)[:140]
        flag = ''
        if r.get('expected_empty') and v not in ([], 0, {}, ''):
            flag = '  !! EXPECTED EMPTY BUT NOT'
        if not r.get('expected_empty') and v in ([], 0, {}, '', None):
            flag = '  !! EMPTY BUT NOT MARKED'
        print(r['id'], r['gold']['kind'], short, f"(+{len(r['accept'])} acc)", flag)


if __name__ == '__main__':
    main()
