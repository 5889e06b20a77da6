#!/usr/bin/env python3
"""Compute golds for every request in requests-draft.txt and write requests.json."""
import json, os, sys, re
sys.path.insert(0, os.path.dirname(__file__))
import helpers as H
from helpers import *  # noqa: the `how` expressions use these names

OUT = '/work/corpus-i'
TREES = {'express': 'express', 'jose': 'jose', 'lodash': 'lodash'}

def A(kind, how, reading, **kw):
    return dict(kind=kind, how=how, reading=reading, **kw)

TXT_ACC = lambda p: [A('text', "rstrip_nl(read(%r))" % p, 'file text without trailing newline')]
JS = "files(ext='.js')"

S = {
# ------------------------------------------------------------------ express
'express-001': ('number', "count(files())", [A('number', "count(files(ext='.js'))+0*0", 'n/a (no hidden files; same)')][:0]),
'express-002': ('number', "count(files('lib', ext='.js'))", []),
'express-003': ('paths', "entries('lib')", []),
'express-004': ('text', "read('index.js')", TXT_ACC('index.js')),
'express-005': ('number', "nlines('lib/response.js')", [A('number', "wcl('lib/response.js')", 'wc -l newline count')]),
'express-006': ('text', "lines('lib/utils.js', 59, 75)", []),
'express-007': ('json', "pkg('version')", []),
'express-008': ('strings', "keys(pkg('scripts'))", [A('json', "pkg('scripts')", 'scripts object with commands')]),
'express-009': ('strings', "keys(pkg('dependencies'))", [A('json', "pkg('dependencies')", 'dependencies object with ranges'),
                 A('strings', "keys(pkg('dependencies'))+keys(pkg('devDependencies'))", 'dependencies plus devDependencies')]),
'express-010': ('number', "len(pkg('devDependencies'))", []),
'express-011': ('json', "pkg('engines.node')", [A('json', "pkg('engines')", 'whole engines object')]),
'express-012': ('hits', "defs('createApplication')", []),
'express-013': ('hits', "defs('sendFile')", []),
'express-014': ('strings', "imports('lib/express.js')", []),
'express-015': ('paths', "importers('lib/utils.js')", []),
'express-016': ('hits', "grep('deprecate', files('lib'))", [A('hits', "grep('deprecate', files('lib'), icase=True)", 'case-insensitive')]),
'express-017': ('paths', "largest(1)", []),
'express-018': ('number', "size('History.md')", []),
'express-019': ('number', "total_lines(%s)" % JS, [A('number', "sum(wcl(p) for p in %s)" % JS, 'wc -l newline count')]),
'express-020': ('paths', "grep_files('etag', icase=True)", [A('paths', "grep_files('etag')", 'case-sensitive lowercase etag'),
                 A('paths', "grep_files('etag', files(ext='.js'), icase=True)", 'js files only, any case'),
                 A('paths', "grep_files('etag', files(ext='.js'))", 'js files only, lowercase')]),
'express-021': ('hits', "defs('View', ['lib/view.js'])", [A('hits', "defs('View')", 'also the local `var View = this.get(\'view\')` in application.js'),
                 A('paths', "['lib/view.js']", 'file only')]),
'express-022': ('strings', "exports_of('lib/utils.js')", []),
'express-023': ('json', "pkg('author')", [A('json', "pkg('author').split(' <')[0]", 'name without email')]),
'express-024': ('json', "pkg('license')", []),
'express-025': ('hits', "grep('TODO')", [A('hits', "grep(r'TODO|FIXME', regex=True)", 'TODO or FIXME')]),
'express-026': ('number', "count(files(ext='.ts'))", []),
'express-027': ('paths', "[p for p in files() if re.search(r'(^|/)(test|tests|__tests__)/|\\.(test|spec)\\.', p)]", []),
'express-028': ('paths', "entries(recursive=True)", [A('paths', "files()", 'files only'), A('paths', "dirs()", 'folders only'),
                 A('paths', "entries()", 'top level only')]),
'express-029': ('paths', "importers('node:http')", [A('paths', "importers('node:http') + grep_files(r\"require\\('http'\\)\", regex=True)", 'also bare http (none)')][:0]),
'express-030': ('hits', "defs('listen')", []),
'express-031': ('number', "nlines('Readme.md')", [A('number', "wcl('Readme.md')", 'wc -l newline count')]),
'express-032': ('text', "lines('lib/view.js', 1, 20)", []),
'express-033': ('hits', "grep('res.redirect', ['lib/response.js'])", []),
'express-034': ('json', "pkg('dependencies.body-parser'.replace('.body','.body'))" if False else "pkg('dependencies')['body-parser']", []),
'express-035': ('paths', "largest(3)", [], {'ordered': True}),
'express-036': ('hits', "defs('defineGetter')", []),
'express-037': ('number', "occurrences('defineGetter', ['lib/request.js'])", [A('number', "occurrences('defineGetter(req', ['lib/request.js'])", 'only the calls, not the definition'),
                 A('number', "len(grep('defineGetter', ['lib/request.js']))", 'matching lines')]),
'express-038': ('json', "pkg('files')", []),
'express-039': ('strings', "imports('lib/view.js')", []),
'express-040': ('paths', "grep_files(\"'use strict'\")", []),
# ------------------------------------------------------------------ jose
'jose-001': ('number', "count(files())", []),
'jose-002': ('number', "count(files(ext='.d.ts'))", []),
'jose-003': ('number', "count(files('dist/node/cjs', ext='.js'))", []),
'jose-004': ('paths', "entries('dist')", []),
'jose-005': ('paths', "dirs('dist/node', recursive=False)", []),
'jose-006': ('json', "pkg('version')", []),
'jose-007': ('json', "pkg('main')", []),
'jose-008': ('strings', "keys(pkg('exports'))", []),
'jose-009': ('number', "len(pkg('exports'))", []),
'jose-010': ('strings', "keys(pkg('dependencies'))", [A('strings', "keys(pkg('dependencies'))+keys(pkg('peerDependencies'))+keys(pkg('optionalDependencies'))", 'any dependency kind (none)')][:0]),
'jose-011': ('strings', "keys(pkg('scripts'))", []),
'jose-012': ('json', "pkg('types')", []),
'jose-013': ('hits', "defs('jwtVerify', dts=False)", [A('hits', "defs('jwtVerify')", 'including the .d.ts declaration(s)'),
                 A('hits', "defs('jwtVerify', files('dist/node/esm'))", 'ESM build only'),
                 A('paths', "hit_files(defs('jwtVerify', dts=False))", 'files only'),
                 A('paths', "hit_files(defs('jwtVerify'))", 'files only, with .d.ts')]),
'jose-014': ('hits', "defs('SignJWT', dts=False)", [A('hits', "defs('SignJWT')", 'including the .d.ts declaration'),
                 A('hits', "defs('SignJWT', files('dist/node/esm'))", 'ESM build only'),
                 A('paths', "hit_files(defs('SignJWT', dts=False))", 'files only'),
                 A('paths', "hit_files(defs('SignJWT'))", 'files only, with .d.ts')]),
'jose-015': ('hits', "defs('JWTExpired', dts=False)", [A('hits', "defs('JWTExpired')", 'including the .d.ts declaration'),
                 A('hits', "defs('JWTExpired', files('dist/node/esm'))", 'ESM build only'),
                 A('paths', "hit_files(defs('JWTExpired', dts=False))", 'files only'),
                 A('paths', "hit_files(defs('JWTExpired'))", 'files only, with .d.ts')]),
'jose-016': ('strings', "imports('dist/node/esm/jwt/verify.js')", []),
'jose-017': ('strings', "imports('dist/node/esm/runtime/fetch_jwks.js')", []),
'jose-018': ('paths', "importers_basename('jwt_claims_set.js')", [A('paths', "importers('dist/node/esm/lib/jwt_claims_set.js')", 'ESM build only'),
                 A('paths', "importers('dist/browser/lib/jwt_claims_set.js')", 'browser build only'),
                 A('paths', "importers('dist/node/cjs/lib/jwt_claims_set.js')", 'CJS build only')]),
'jose-019': ('strings', "exports_of('dist/node/esm/index.js')", []),
'jose-020': ('strings', "exports_of('dist/node/esm/util/errors.js')", []),
'jose-021': ('text', "read('dist/browser/package.json')", TXT_ACC('dist/browser/package.json') + [A('json', "pkg(path='dist/browser/package.json')", 'parsed JSON')]),
'jose-022': ('text', "lines('dist/node/esm/util/errors.js', 1, 10)", []),
'jose-023': ('number', "nlines('dist/node/cjs/index.js')", [A('number', "wcl('dist/node/cjs/index.js')", 'wc -l newline count')]),
'jose-024': ('paths', "largest(1)", []),
'jose-025': ('paths', "largest(5, files(ext='.js'))", [], {'ordered': True}),
'jose-026': ('hits', "grep('crypto.subtle')", [A('paths', "grep_files('crypto.subtle')", 'files only')]),
'jose-027': ('hits', "grep('node:crypto', files('dist/node/esm'))", []),
'jose-028': ('number', "count(files('dist/browser/runtime'))", []),
'jose-029': ('paths', "entries('dist/types/jwe')", [A('paths', "files('dist/types/jwe')", 'all files recursively'),
                 A('paths', "entries('dist/types/jwe', recursive=True)", 'folders and files recursively')]),
'jose-030': ('paths', "[p for p in files('dist/node/esm/runtime') if not os.path.exists(H._abs('dist/browser/runtime/' + p.rsplit('/',1)[1]))]",
                 [A('strings', "[p.rsplit('/',1)[1] for p in files('dist/node/esm/runtime') if not os.path.exists(H._abs('dist/browser/runtime/' + p.rsplit('/',1)[1]))]", 'bare file names')]),
'jose-031': ('number', "count(files(name='package.json'))", []),
'jose-032': ('hits', "grep('TODO')", []),
'jose-033': ('number', "nlines('README.md')", [A('number', "wcl('README.md')", 'wc -l newline count')]),
'jose-034': ('strings', "pkg('keywords')", []),
'jose-035': ('number', "len(pkg('keywords'))", []),
'jose-036': ('json', "pkg('author')", [A('json', "pkg('author').split(' <')[0]", 'name without email')]),
'jose-037': ('json', "pkg('license')", []),
'jose-038': ('json', "pkg('sideEffects')", []),
'jose-039': ('hits', "defs('createRemoteJWKSet', dts=False)", [A('hits', "defs('createRemoteJWKSet')", 'including the .d.ts declaration'),
                 A('hits', "defs('createRemoteJWKSet', files('dist/node/esm'))", 'ESM build only'),
                 A('paths', "hit_files(defs('createRemoteJWKSet', dts=False))", 'files only'),
                 A('paths', "hit_files(defs('createRemoteJWKSet'))", 'files only, with .d.ts')]),
'jose-040': ('hits', "defs('decodeJwt', dts=False)", [A('hits', "defs('decodeJwt')", 'including the .d.ts declaration'),
                 A('hits', "defs('decodeJwt', files('dist/node/esm'))", 'ESM build only'),
                 A('paths', "hit_files(defs('decodeJwt', dts=False))", 'files only'),
                 A('paths', "hit_files(defs('decodeJwt'))", 'files only, with .d.ts')]),
'jose-041': ('paths', "importers('node:crypto')", [A('paths', "importers('node:crypto', files('dist/node/esm'))", 'ESM build only'),
                 A('paths', "importers('node:crypto', files('dist/node/cjs'))", 'CJS build only'),
                 A('paths', "grep_files('node:crypto')", 'any mention of node:crypto'),
                 A('paths', "importers('node:crypto', reexports=False)", 'import/require statements only, not `export ... from` re-exports')]),
'jose-042': ('paths', "grep_files('JWSSignatureVerificationFailed')", [A('paths', "grep_files('JWSSignatureVerificationFailed', files('dist/node/esm'))", 'ESM build only')]),
'jose-043': ('number', "count(files(ext='.ts'))", []),
'jose-044': ('paths', "files(ext='.mjs')", []),
'jose-045': ('paths', "files(name='verify.js')", []),
'jose-046': ('text', "read('dist/node/esm/lib/epoch.js')", TXT_ACC('dist/node/esm/lib/epoch.js')),
'jose-047': ('json', "pkg('exports')['./jwt/decode']['import']", []),
'jose-048': ('number', "count(dirs('dist'))", [A('number', "count(dirs('dist', recursive=False))", 'direct subfolders only')]),
'jose-049': ('hits', "grep('export default', files('dist/browser/lib'))", []),
'jose-050': ('number', "total_lines(files('dist/types'))", [A('number', "sum(wcl(p) for p in files('dist/types'))", 'wc -l newline count')]),
'jose-051': ('paths', "files(name='webcrypto.js')", []),
'jose-052': ('strings', "exts(files())", [A('strings', "sorted({e if e!='.d.ts' else '.ts' for e in exts(files())})", '.d.ts counted as .ts'),
                 A('strings', "[e.lstrip('.') for e in exts(files())]", 'without leading dots'),
                 A('strings', "sorted({(e if e!='.d.ts' else '.ts').lstrip('.') for e in exts(files())})", '.ts, without dots')]),
'jose-053': ('hits', "defs('generateKeyPair', files('dist/types', ext='.d.ts'))", [A('paths', "hit_files(defs('generateKeyPair', files('dist/types', ext='.d.ts')))", 'file only')]),
'jose-054': ('number', "count(files('dist/node/esm/runtime'))", []),
'jose-055': ('json', "pkg('deno')", []),
# ------------------------------------------------------------------ lodash
'lodash-001': ('number', "count(files())", []),
'lodash-002': ('number', "count(files('fp'))", []),
'lodash-003': ('number', "count(files(ext='.js', recursive=False))", []),
'lodash-004': ('json', "pkg('version')", []),
'lodash-005': ('json', "pkg('main')", []),
'lodash-006': ('strings', "keys(pkg('scripts'))", [A('json', "pkg('scripts')", 'scripts object with commands')]),
'lodash-007': ('strings', "keys(pkg('dependencies'))", []),
'lodash-008': ('json', "pkg('contributors')", [A('strings', "[c.split(' <')[0] for c in pkg('contributors')]", 'names only')]),
'lodash-009': ('paths', "largest(1)", []),
'lodash-010': ('number', "size('lodash.min.js')", []),
'lodash-011': ('number', "nlines('lodash.js')", [A('number', "wcl('lodash.js')", 'wc -l newline count')]),
'lodash-012': ('text', "read('chunk.js')", TXT_ACC('chunk.js')),
'lodash-013': ('text', "lines('debounce.js', 1, 3)", []),
'lodash-014': ('strings', "imports('debounce.js')", []),
'lodash-015': ('paths', "importers('_baseSlice.js')", []),
'lodash-016': ('hits', "defs('debounce')", [A('hits', "defs('debounce', ['debounce.js'])", 'module file only, not the lodash.js bundle'),
                 A('paths', "hit_files(defs('debounce'))", 'files only'), A('paths', "['debounce.js']", 'module file only, as path')]),
'lodash-017': ('hits', "defs('baseClone')", [A('hits', "defs('baseClone', ['_baseClone.js'])", 'module file only, not the lodash.js bundle'),
                 A('paths', "hit_files(defs('baseClone'))", 'files only'), A('paths', "['_baseClone.js']", 'module file only, as path')]),
'lodash-018': ('strings', "exports_of('isEmpty.js')", []),
'lodash-019': ('number', "count(files(prefix='_'))", [A('number', "count(files(prefix='_', recursive=False))", 'root folder only')]),
'lodash-020': ('paths', "files('fp', prefix='_')", []),
'lodash-021': ('paths', "grep_files('FUNC_ERROR_TEXT')", []),
'lodash-022': ('number', "count(grep_files('Expected a function'))", []),
'lodash-023': ('paths', "[p for p in files() if re.search(r'(^|/)(test|tests|__tests__)/|\\.(test|spec)\\.', p)]", []),
'lodash-024': ('number', "count(files(ext='.ts'))", []),
'lodash-025': ('paths', "[p for p in files() if not p.endswith('.js')]", [A('paths', "[p for p in files() if not p.endswith('.js') and p!='LICENSE']", 'excluding the extensionless LICENSE')][:0]),
'lodash-026': ('text', "read('flake.nix')", TXT_ACC('flake.nix')),
'lodash-027': ('text', "read('release.md')", TXT_ACC('release.md')),
'lodash-028': ('number', "nlines('README.md')", [A('number', "wcl('README.md')", 'wc -l newline count')]),
'lodash-029': ('json', "pkg('homepage')", []),
'lodash-030': ('json', "pkg('keywords')", [A('strings', "[k.strip() for k in pkg('keywords').split(',')]", 'split into words')]),
'lodash-031': ('paths', "largest(10)", [], {'ordered': True}),
'lodash-032': ('number', "count(grep_files(\"require('./_baseIteratee')\"))", []),
'lodash-033': ('hits', "defs('isArray')", [A('hits', "defs('isArray', ['isArray.js'])", 'module file only, not the bundles'),
                 A('paths', "hit_files(defs('isArray'))", 'files only'), A('paths', "['isArray.js']", 'module file only, as path')]),
'lodash-034': ('hits', "grep('@since 4.17.0')", []),
'lodash-035': ('strings', "imports('fp/map.js')", []),
'lodash-036': ('number', "count(grep_files(\"require('./convert')\", files('fp')))", []),
'lodash-037': ('number', "count(files(ext='.js'))", []),
'lodash-038': ('paths', "files(ext='.min.js')", []),
'lodash-039': ('hits', "defs('template')", [A('hits', "defs('template', ['template.js'])", 'module file only, not the lodash.js bundle'),
                 A('paths', "hit_files(defs('template'))", 'files only'), A('paths', "['template.js']", 'module file only, as path')]),
'lodash-040': ('hits', "grep('Function(', ['template.js'])", []),
'lodash-041': ('number', "total_lines(files(ext='.js'))", [A('number', "sum(wcl(p) for p in files(ext='.js'))", 'wc -l newline count'),
                 A('number', "total_lines([p for p in files(ext='.js') if not p.endswith('.min.js')])", 'excluding minified files')]),
'lodash-042': ('number', "count(dirs())", [A('number', "count(dirs())+1", 'counting the root folder too')]),
'lodash-043': ('text', "lines('chunk.js', 30, 45)", []),
'lodash-044': ('paths', "grep_files('nativeMax')", []),
'lodash-045': ('hits', "defs('memoize')", [A('hits', "defs('memoize', ['memoize.js'])", 'module file only, not the lodash.js bundle'),
                 A('paths', "hit_files(defs('memoize'))", 'files only'), A('paths', "['memoize.js']", 'module file only, as path')]),
'lodash-046': ('strings', "re.findall(r'freeModule\\.exports = (\\w+)', read('core.js'))[:1]", [A('strings', "['lodash', '_']", 'lodash and its _ alias')]),
'lodash-047': ('number', "count(grep_files('@category String'))", [A('number', "count([p for p in grep_files('@category String') if p not in ('lodash.js','core.js')])", 'module files only, not the bundles'),
                 A('number', "len(grep('@category String'))", 'tag occurrences (lines)')]),
'lodash-048': ('paths', "files('fp', prefix='is')", []),
'lodash-049': ('hits', "grep('TODO')", []),
'lodash-050': ('paths', "files(name='package-lock.json')", []),
'lodash-051': ('number', "total_size(files())", []),
'lodash-052': ('strings', "imports('_baseClone.js')", []),
'lodash-053': ('hits', "defs('Stack')", [A('hits', "defs('Stack', ['_Stack.js'])", 'module file only, not the lodash.js bundle'),
                 A('paths', "hit_files(defs('Stack'))", 'files only'), A('paths', "['_Stack.js']", 'module file only, as path')]),
'lodash-054': ('number', "count([p for p in files(ext='.js', recursive=False) if not p.startswith('_')])", [A('number', "count([p for p in entries() if not p.startswith('_')])", 'every root entry not starting with _')]),
'lodash-055': ('json', "pkg('license')", []),
}


def ev(tree, how):
    H.TREE = tree
    return eval(how, globals())


def main():
    draft = open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8').read().splitlines()
    out = []
    for l in draft[1:]:
        if not l.strip():
            continue
        rid, cat, req = [x.strip() for x in l.split('|', 2)]
        empty = req.endswith('[EMPTY]')
        if empty:
            req = req[:-len('[EMPTY]')].rstrip()
        spec = S[rid]
        kind, how, acc = spec[0], spec[1], spec[2]
        extra = spec[3] if len(spec) > 3 else {}
        tree = rid.split('-')[0]
        gold = {'kind': kind, **extra, 'value': ev(tree, how)}
        accepts = []
        for a in acc:
            g = {'kind': a['kind'], 'value': ev(tree, a['how']), 'how': a['how'], 'reading': a['reading']}
            for k in a:
                if k not in ('kind', 'how', 'reading'):
                    g[k] = a[k]
            if g['value'] != gold['value'] and all(g['value'] != x['value'] for x in accepts):
                accepts.append(g)
        v = gold['value']
        is_empty = v in ([], 0, None, '')
        if empty != is_empty:
            print('NOTE empty-mark mismatch', rid, 'marked' if empty else 'unmarked', json.dumps(v)[:80])
        rec = {'id': rid, 'tree': tree, 'category': cat, 'request': req, 'gold': gold, 'accept': accepts, 'how': how}
        if empty:
            rec['expected_empty'] = True
        out.append(rec)
    assert len(out) == 150, len(out)
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write('\n')
    print('wrote', len(out))

if __name__ == '__main__':
    main()
