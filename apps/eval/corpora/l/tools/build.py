#!/usr/bin/env python3
"""Builds /work/corpus-l/requests.json from requests-draft.txt + the `how` specs below."""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
from helpers import *
import helpers

OUT = '/work/corpus-l'
def R(kind, how, accept=(), ordered=False): return dict(kind=kind, how=how, accept=list(accept), ordered=ordered)
def A(kind, how, reading, ordered=False): return dict(kind=kind, how=how, reading=reading, ordered=ordered)

SPEC = {
# ---------------- semver ----------------
'semver-001': R('number', "len(files(T))"),
'semver-002': R('number', "len(files(T,'functions',ext='.js'))"),
'semver-003': R('number', "len(files(T,'ranges'))"),
'semver-004': R('paths', "files(T,'internal')"),
'semver-005': R('paths', "files(T,'classes')"),
'semver-006': R('text', "text(T,'preload.js')", [A('text', "text(T,'preload.js').rstrip('\\n')", 'without trailing newline')]),
'semver-007': R('text', "text(T,'functions/inc.js')", [A('text', "text(T,'functions/inc.js').rstrip('\\n')", 'without trailing newline')]),
'semver-008': R('text', "lines(T,'internal/constants.js',1,20)"),
'semver-009': R('number', "nlines(T,'classes/range.js')"),
'semver-010': R('number', "nlines(T,'README.md')"),
'semver-011': R('paths', "largest(T)", [A('paths', "[max(files(T), key=lambda f: nlines(T,f))]", 'by line count')]),
'semver-012': R('paths', "by_size(T,5)", [A('paths', "sorted(files(T), key=lambda f:(-nlines(T,f),f))[:5]", 'by line count', True)], ordered=True),
'semver-013': R('number', "size(T,'index.js')"),
'semver-014': R('hits', "grep(T,'MAX_SAFE_COMPONENT_LENGTH')", [
    A('paths', "grepfiles(T,'MAX_SAFE_COMPONENT_LENGTH')", 'just the files'),
    A('hits', "[h for h in grep(T,'MAX_SAFE_COMPONENT_LENGTH') if h['file']!='internal/constants.js']", 'uses outside the defining module')]),
'semver-015': R('hits', "grep(T,'includePrerelease',under='ranges')"),
'semver-016': R('hits', "grep(T,'TODO')", [A('hits', "grep(T,'TODO|FIXME|XXX',regex=True)", 'also FIXME/XXX markers')]),
'semver-017': R('paths', "grepfiles(T,'NODE_DEBUG')", [A('hits', "grep(T,'NODE_DEBUG')", 'as line hits'),
    A('paths', "grepfiles(T,'NODE_DEBUG',ext='.js')", 'code files only')]),
'semver-018': R('hits', "defn(T,r'^\\s*class SemVer\\b')", [A('paths', "['classes/semver.js']", 'file only')]),
'semver-019': R('hits', "defn(T,r'^const compareIdentifiers\\s*=')", [A('paths', "['internal/identifiers.js']", 'file only')]),
'semver-020': R('hits', "defn(T,r'^const parseOptions\\s*=\\s*options')", [A('paths', "['internal/parse-options.js']", 'file only')]),
'semver-021': R('paths', "hitfiles(defn(T,r'^class LRUCache\\b'))", [A('hits', "defn(T,r'^class LRUCache\\b')", 'file+line')]),
'semver-022': R('strings', "imports(T,'functions/cmp.js')", [A('paths', "resolved_imports(T,'functions/cmp.js')", 'resolved file paths')]),
'semver-023': R('strings', "imports(T,'classes/range.js')", [A('paths', "resolved_imports(T,'classes/range.js')", 'resolved file paths')]),
'semver-024': R('strings', "imports(T,'ranges/outside.js')", [A('paths', "resolved_imports(T,'ranges/outside.js')", 'resolved file paths')]),
'semver-025': R('paths', "importers(T,'classes/semver.js')"),
'semver-026': R('paths', "importers(T,'internal/debug.js')"),
'semver-027': R('paths', "importers(T,'functions/satisfies.js')"),
'semver-028': R('strings', "obj_keys(T,'internal/constants.js',r'^module\\.exports = \\{')"),
'semver-029': R('strings', "obj_keys(T,'index.js',r'^module\\.exports = \\{')"),
'semver-030': R('strings', "obj_keys(T,'internal/identifiers.js',r'^module\\.exports = \\{')"),
'semver-031': R('json', "pkg(T,'version')"),
'semver-032': R('strings', "keys(pkg(T,'scripts'))", [A('json', "pkg(T,'scripts')", 'the scripts object')]),
'semver-033': R('json', "pkg(T,'scripts','test')", [A('strings', "['tap', 'npm run lint']", 'test plus posttest hook (tap, then npm run lint)')]),
'semver-034': R('json', "pkg(T,'devDependencies')", [A('strings', "keys(pkg(T,'devDependencies'))", 'names only')]),
'semver-035': R('strings', "keys(pkg(T,'dependencies'))", [A('json', "pkg(T,'dependencies')", 'field absent (null)'), A('number', "len(keys(pkg(T,'dependencies')))", 'count = 0')]),
'semver-036': R('json', "pkg(T,'engines')", [A('json', "pkg(T,'engines','node')", 'just the node range string')]),
'semver-037': R('json', "pkg(T,'bin')", [A('paths', "list(pkg(T,'bin').values())", 'the bin file path')]),
'semver-038': R('json', "pkg(T,'license')"),
'semver-039': R('json', "pkg(T,'main')", [A('paths', "[pkg(T,'main')]", 'as a path')]),
'semver-040': R('paths', "dirs(T,recursive=False)"),
'semver-041': R('paths', "dirs(T)"),
'semver-042': R('strings', "exts(T)", [A('strings', "exts(T,dot=False)", 'without dots'),
    A('strings', "exts(T,none_label='(none)')", 'plus extensionless LICENSE')]),
'semver-043': R('number', "len(files(T,ext='.js'))"),
'semver-044': R('number', "len([f for f in files(T) if f.endswith(('.ts','.tsx','.mts','.cts'))])", [A('paths', "[f for f in files(T) if f.endswith(('.ts','.tsx'))]", 'list of them (empty)')]),
'semver-045': R('number', "occ(T,'classes/semver.js','SemVer')", [A('number', "len(grep(T,'SemVer',only=['classes/semver.js']))", 'number of matching lines')]),
'semver-046': R('paths', "files(T,'lib')", [A('number', "len(files(T,'lib'))", 'count 0')]),
'semver-047': R('paths', "smallest(T)", [A('paths', "[min(files(T), key=lambda f:(nlines(T,f),f))]", 'by line count (first of ties)')]),
'semver-048': R('number', "sum(nlines(T,f) for f in files(T,ext='.js'))"),
'semver-049': R('text', "text(T,'range.bnf')", [A('text', "text(T,'range.bnf').rstrip('\\n')", 'without trailing newline')]),
'semver-050': R('text', "lines(T,'functions/satisfies.js',-5)"),
'semver-051': R('hits', "grep(T,'process.env')", [A('hits', "grep(T,'process.env',ext='.js')", '.js files only')]),
'semver-052': R('hits', "defn(T,r'^const diff\\s*=\\s*\\(')", [A('paths', "['functions/diff.js']", 'file only')]),
'semver-053': R('strings', "imports(T,'bin/semver.js')", [A('paths', "resolved_imports(T,'bin/semver.js')", 'resolved file paths')]),
'semver-054': R('paths', "importers(T,'functions/compare.js')"),
'semver-055': R('paths', "[f for f in files(T,'functions') if nlines(T,f)==3]"),
'semver-056': R('paths', "grepfiles(T,'safeRe')", [A('paths', "[f for f in grepfiles(T,'safeRe') if f!='internal/re.js']", 'consumers, excluding the defining module internal/re.js')]),
'semver-057': R('json', "pkg(T,'files')"),
'semver-058': R('json', "pkg(T,'repository','url')", [A('json', "pkg(T,'repository')", 'whole repository object')]),
'semver-059': R('hits', "grep(T,'eval(')", [A('number', "len(grep(T,'eval('))", 'count 0')]),
'semver-060': R('hits', "defn(T,r'^  inc \\(', only=['classes/semver.js'])"),
# ---------------- dotenv ----------------
'dotenv-001': R('number', "len(files(T))"),
'dotenv-002': R('paths', "files(T,'lib')"),
'dotenv-003': R('text', "text(T,'config.js')", [A('text', "text(T,'config.js').rstrip('\\n')", 'without trailing newline')]),
'dotenv-004': R('number', "nlines(T,'lib/main.js')"),
'dotenv-005': R('hits', "defn(T,r'^function parse \\(')", [A('hits', "defn(T,r'^function parse \\(')+defn(T,r'^export function parse\\b')", 'also the TS declaration in lib/main.d.ts'),
    A('paths', "['lib/main.js']", 'file only')]),
'dotenv-006': R('hits', "defn(T,r'^function populate \\(')", [A('hits', "defn(T,r'^function populate \\(')+defn(T,r'^export function populate\\b')", 'also the TS declaration'),
    A('paths', "['lib/main.js']", 'file only')]),
'dotenv-007': R('strings', "imports(T,'lib/main.js')", [A('strings', "[s for s in imports(T,'lib/main.js') if not s.startswith('.')]", 'node built-ins only, without ../package.json')]),
'dotenv-008': R('strings', "obj_keys(T,'lib/main.js',r'^const DotenvModule = \\{')", [A('strings', "['configDotenv','config','decrypt','parse','populate']", 'public (non-underscore) names only')]),
'dotenv-009': R('paths', "importers(T,'lib/main.js')"),
'dotenv-010': R('json', "pkg(T,'version')"),
'dotenv-011': R('strings', "keys(pkg(T,'scripts'))", [A('json', "pkg(T,'scripts')", 'the scripts object')]),
'dotenv-012': R('json', "pkg(T,'scripts','test')"),
'dotenv-013': R('strings', "keys(pkg(T,'dependencies'))", [A('json', "pkg(T,'dependencies')", 'field absent (null)'), A('number', "0", 'count = 0')]),
'dotenv-014': R('strings', "keys(pkg(T,'devDependencies'))", [A('json', "pkg(T,'devDependencies')", 'names with versions')]),
'dotenv-015': R('json', "pkg(T,'exports')"),
'dotenv-016': R('paths', "largest(T)", [A('paths', "[max(files(T), key=lambda f: nlines(T,f))]", 'by line count')]),
'dotenv-017': R('hits', "grep(T,'DOTENV_KEY',under='lib')"),
'dotenv-018': R('paths', "grepfiles(T,'dotenvx',icase=True)", [A('paths', "grepfiles(T,'dotenvx')", 'case-sensitive')]),
'dotenv-019': R('text', "lines(T,'CHANGELOG.md',9,20)"),
'dotenv-020': R('number', "len(files(T,ext='.md'))"),
'dotenv-021': R('paths', "files(T,ext='.d.ts')"),
'dotenv-022': R('paths', "dirs(T)"),
'dotenv-023': R('json', "pkg(T,'engines','node')", [A('json', "pkg(T,'engines')", 'engines object')]),
'dotenv-024': R('hits', "grep(T,'createDecipheriv')", [A('hits', "grep(T,'createDecipheriv',ext='.js')", '.js only')]),
'dotenv-025': R('strings', "sorted(set(re.findall(r'process\\.env\\.(\\w+)', text(T,'lib/env-options.js'))))"),
'dotenv-026': R('text', "lines(T,'lib/cli-options.js',1,1)", [A('text', "re.search(r'/\\^.*\\$/', text(T,'lib/cli-options.js')).group(0)", 'just the regex literal'),
    A('hits', "[hit('lib/cli-options.js',1)]", 'location of the regex')]),
'dotenv-027': R('number', "len(defn(T,r'^function \\w+ \\(',only=['lib/main.js']))", [A('number', "len(re.findall(r'\\bfunction\\b', text(T,'lib/main.js')))", 'every `function` keyword incl. nested/anonymous'),
    A('strings', "[re.match(r'function (\\w+)', text(T,'lib/main.js').split('\\n')[h['line']-1]).group(1) for h in defn(T,r'^function \\w+ \\(',only=['lib/main.js'])]", 'their names')]),
'dotenv-028': R('hits', "grep(T,'TODO')", [A('number', "0", 'count 0')]),
'dotenv-029': R('paths', "files(T,'src')", [A('number', "0", 'count 0')]),
'dotenv-030': R('json', "pkg(T,'license')"),
# ---------------- chokidar ----------------
'chokidar-001': R('number', "len(files(T))"),
'chokidar-002': R('number', "len(files(T,'esm'))"),
'chokidar-003': R('paths', "files(T,'esm')"),
'chokidar-004': R('paths', "files(T,ext='.map')"),
'chokidar-005': R('number', "len(files(T,ext='.map'))"),
'chokidar-006': R('paths', "largest(T)", [A('paths', "[max(files(T), key=lambda f: nlines(T,f))]", 'by line count')]),
'chokidar-007': R('paths', "by_size(T,3)", [A('paths', "sorted(files(T), key=lambda f:(-nlines(T,f),f))[:3]", 'by line count', True)], ordered=True),
'chokidar-008': R('number', "sum(size(T,f) for f in files(T,'esm'))"),
'chokidar-009': R('number', "nlines(T,'index.js')"),
'chokidar-010': R('number', "nlines(T,'esm/handler.js')"),
'chokidar-011': R('text', "text(T,'esm/package.json')", [A('json', "pkg(T,path='esm/package.json')", 'parsed JSON'), A('text', "text(T,'esm/package.json').rstrip('\\n')", 'without trailing newline')]),
'chokidar-012': R('text', "lines(T,'handler.js',1,10)"),
'chokidar-013': R('text', "lines(T,'esm/index.js',792,797)"),
'chokidar-014': R('hits', "defn(T,r'^(export )?class FSWatcher\\b')", [
    A('hits', "defn(T,r'^(export )?(declare )?class FSWatcher\\b')", 'also the .d.ts declarations'),
    A('hits', "defn(T,r'^class FSWatcher\\b')", 'CommonJS build (index.js) only')]),
'chokidar-015': R('hits', "defn(T,r'^(export )?class NodeFsHandler\\b')", [
    A('hits', "defn(T,r'^(export )?(declare )?class NodeFsHandler\\b')", 'also the .d.ts declarations'),
    A('hits', "defn(T,r'^class NodeFsHandler\\b')", 'CommonJS build only')]),
'chokidar-016': R('hits', "defn(T,r'^(export )?function watch\\(')", [
    A('hits', "defn(T,r'^(export )?(declare )?function watch\\(')", 'also the .d.ts declarations'),
    A('hits', "defn(T,r'^function watch\\(')", 'CommonJS build only')]),
'chokidar-017': R('hits', "defn(T,r'^const isBinaryPath\\s*=')", [A('hits', "defn(T,r'^const isBinaryPath\\s*=',only=['handler.js'])", 'CommonJS build only')]),
'chokidar-018': R('hits', "defn(T,r'^    async _handleSymlink\\(')", [
    A('hits', "defn(T,r'^    (async )?_handleSymlink\\(')", 'also the .d.ts declarations'),
    A('hits', "defn(T,r'^    async _handleSymlink\\(',only=['handler.js'])", 'CommonJS build only')]),
'chokidar-019': R('strings', "imports(T,'esm/index.js')"),
'chokidar-020': R('strings', "imports(T,'handler.js')"),
'chokidar-021': R('strings', "imports(T,'index.d.ts')"),
'chokidar-022': R('paths', "importers_spec(T,'readdirp')", [A('paths', "importers_spec(T,'readdirp',only_ext=('.js',))", '.js files only (no .d.ts)')]),
'chokidar-023': R('paths', "importers_spec(T,'./handler.js')", [
    A('paths', "importers_spec(T,'./handler.js',only_ext=('.js',))", 'runtime .js files only'),
    A('paths', "[f for f in importers_spec(T,'./handler.js') if not f.startswith('esm/')]", 'only importers of the top-level handler.js (CJS + its d.ts)'),
    A('paths', "['index.js']", 'only the top-level handler.js, .js files only')]),
'chokidar-024': R('strings', "esm_exports(T,'esm/handler.js')"),
'chokidar-025': R('strings', "esm_exports(T,'esm/index.js')", [A('strings', "[e for e in esm_exports(T,'esm/index.js') if e!='default']", 'named exports only')]),
'chokidar-026': R('json', "pkg(T,'version')"),
'chokidar-027': R('json', "pkg(T,'dependencies')", [A('strings', "keys(pkg(T,'dependencies'))", 'names only')]),
'chokidar-028': R('strings', "keys(pkg(T,'devDependencies'))", [A('json', "pkg(T,'devDependencies')", 'names with versions')]),
'chokidar-029': R('strings', "keys(pkg(T,'scripts'))", [A('json', "pkg(T,'scripts')", 'scripts object')]),
'chokidar-030': R('json', "pkg(T,'scripts','build')"),
'chokidar-031': R('json', "pkg(T,'engines','node')", [A('json', "pkg(T,'engines')", 'engines object')]),
'chokidar-032': R('json', "pkg(T,'exports')"),
'chokidar-033': R('json', "pkg(T,'module')"),
'chokidar-034': R('strings', "pkg(T,'keywords')"),
'chokidar-035': R('hits', "grep(T,'usePolling',only=['index.js'])"),
'chokidar-036': R('hits', "grep(T,'TODO',under='esm')"),
'chokidar-037': R('hits', "grep(T,'awaitWriteFinish',only=['README.md'])"),
'chokidar-038': R('paths', "grepfiles(T,'fsevents')", [A('paths', "grepfiles(T,'fsevents',icase=True)", 'case-insensitive')]),
'chokidar-039': R('hits', "grep(T,'EMFILE')"),
'chokidar-040': R('number', "len(files(T,ext='.d.ts'))"),
'chokidar-041': R('strings', "exts(T)", [A('strings', "exts(T,compound=True)", 'compound extensions (.d.ts, .js.map, .d.ts.map)'),
    A('strings', "exts(T,dot=False)", 'without dots'), A('strings', "exts(T,none_label='(none)')", 'plus extensionless LICENSE')]),
'chokidar-042': R('paths', "dirs(T)", [A('paths', "files(T)", 'full file tree')]),
'chokidar-043': R('number', "len(files(T,recursive=False))", [A('number', "len(files(T,recursive=False))+len(dirs(T,recursive=False))", 'entries incl. the esm folder')]),
'chokidar-044': R('paths', "[f for f in files(T) if size(T,f)==0]", [A('paths', "[f for f in files(T) if wcl(T,f)==0]", 'files wc -l reports as 0 lines (single-line .map files without newline)')]),
'chokidar-045': R('hits', "grep(T,'require(',under='esm')", [A('number', "0", 'count 0')]),
'chokidar-046': R('text', "text(T,'LICENSE')", [A('text', "text(T,'LICENSE').rstrip('\\n')", 'without trailing newline')]),
'chokidar-047': R('strings', "[l[3:].strip() for l in text(T,'README.md').split('\\n') if l.startswith('## ')]", [
    A('strings', "[l.strip() for l in text(T,'README.md').split('\\n') if l.startswith('## ')]", 'with the ## prefix'),
    A('hits', "grep(T,r'^## ',only=['README.md'],regex=True)", 'as line hits')]),
'chokidar-048': R('hits', "defn(T,r'^(exports\\.EVENTS|export const EVENTS)\\s*=')", [A('hits', "defn(T,r'^(exports\\.EVENTS|export const EVENTS|export declare const EVENTS)\\b')", 'also the .d.ts declarations')]),
'chokidar-049': R('number', "occ(T,'index.js','emitWithAll')", [A('number', "len(grep(T,'emitWithAll',only=['index.js']))", 'matching lines')]),
'chokidar-050': R('number', "sum(nlines(T,f) for f in files(T,ext='.js'))"),
'chokidar-051': R('number', "size(T,'index.js.map')"),
'chokidar-052': R('number', "nlines(T,'index.js')-nlines(T,'esm/index.js')"),
'chokidar-053': R('paths', "files(T,'esm',ext='.d.ts')", [A('paths', "[f for f in files(T,'esm') if '.d.ts' in f]", 'including .d.ts.map')]),
'chokidar-054': R('hits', "defn(T,r'^const binaryExtensions\\s*=')", [A('hits', "defn(T,r'^const binaryExtensions\\s*=',only=['handler.js'])", 'CommonJS build only')]),
'chokidar-055': R('paths', "[f for f in files(T) if size(T,f)>20*1024]", [A('paths', "[f for f in files(T) if size(T,f)>20000]", '20KB = 20000 bytes')]),
'chokidar-056': R('paths', "importers_spec(T,'os')"),
'chokidar-057': R('hits', "grep(T,'sideEffects')"),
'chokidar-058': R('paths', "files(T,'src')", [A('number', "0", 'count 0')]),
'chokidar-059': R('hits', "defn(T,r'^    close\\(\\) \\{')", [A('hits', "defn(T,r'^    close\\(\\)')", 'also the .d.ts declarations'),
    A('hits', "defn(T,r'^    close\\(\\) \\{',only=['index.js'])", 'CommonJS build only')]),
'chokidar-060': R('json', "pkg(T,'main')", [A('paths', "['index.js']", 'as a path')]),
}

def ev(how, T):
    ns = dict(vars(helpers)); ns['T'] = T; ns['re'] = re
    return eval(how, ns)

def gold(kind, how, T, ordered=False):
    v = ev(how, T)
    g = {'kind': kind, 'value': v}
    if kind == 'paths' and ordered: g['ordered'] = True
    if kind in ('paths', 'strings') and not ordered and isinstance(v, list): g['value'] = sorted(v)
    if kind == 'hits': g['value'] = sorted(v, key=lambda h: (h['file'], h['line']))
    return g

def main():
    rows = []
    for line in open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8'):
        if line.startswith('#') or not line.strip(): continue
        rid, cat, req = [x.strip() for x in line.rstrip('\n').split(' | ', 2)]
        empty = req.endswith('[EMPTY]')
        req = req[:-len('[EMPTY]')].rstrip() if empty else req
        T = rid.split('-')[0]
        s = SPEC[rid]
        g = gold(s['kind'], s['how'], T, s['ordered'])
        acc = []
        extra = []
        if s['kind'] == 'number' and 'nlines(' in s['how']:
            extra.append(A('number', s['how'].replace('nlines(', 'wcl('), 'wc -l convention: count of newline characters (a last line without trailing newline not counted)'))
        for a in s['accept'] + extra:
            ag = gold(a['kind'], a['how'], T, a['ordered']); ag['how'] = a['how']; ag['reading'] = a['reading']
            if ag['kind'] == g['kind'] and ag['value'] == g['value']: continue  # identical to gold: drop
            acc.append(ag)
        v = g['value']
        is_empty = v in ([], 0, None, {}, '')
        if empty != is_empty: print('EMPTY-MARK MISMATCH', rid, 'marked', empty, 'value', v)
        rows.append({'id': rid, 'tree': T, 'category': cat, 'request': req, 'gold': g, 'accept': acc,
                     'how': s['how'], 'expected_empty': empty})
    assert len(rows) == 150 and len(SPEC) == 150
    json.dump(rows, open(os.path.join(OUT, 'requests.json'), 'w'), indent=1, ensure_ascii=False)
    print('wrote', len(rows))

if __name__ == '__main__': main()
