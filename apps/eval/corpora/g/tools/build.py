"""Build requests.json from requests-draft.txt + the `how` specs below."""
import json, os, sys, re
sys.path.insert(0, os.path.dirname(__file__))
from lib import *
OUT = os.path.join(os.path.dirname(__file__), '..')

# id: (kind, how, [accept (kind, how, reading)], opts)
M, Y, D = 'marked', 'yargs', 'dayjs'
S = {
# ---------------- marked ----------------
'marked-001': ('number', "len(files(M))", [], {}),
'marked-002': ('number', "len(files(M,'lib'))", [], {}),
'marked-003': ('paths', "files(M,'bin')", [], {}),
'marked-004': ('text', "pkg(M,'version')", [], {}),
'marked-005': ('text', "pkg(M,'name')", [], {}),
'marked-006': ('strings', "list(pkg(M,'scripts'))", [('json', "pkg(M,'scripts')", 'the scripts object with commands')], {}),
'marked-007': ('number', "len(pkg(M,'devDependencies'))", [], {}),
'marked-008': ('strings', "list(pkg(M).get('dependencies',{}))", [('number', "len(pkg(M).get('dependencies',{}))", 'count of dependencies = 0')], {}),
'marked-009': ('text', "pkg(M,'scripts','build')", [], {}),
'marked-010': ('text', "pkg(M,'engines','node')", [('json', "pkg(M,'engines')", 'whole engines object')], {}),
'marked-011': ('text', "pkg(M,'main')", [('paths', "['lib/marked.esm.js']", 'normalised path')], {}),
'marked-012': ('json', "pkg(M,'bin')", [], {}),
'marked-013': ('paths', "largest(M,1)", [], {'ordered': True}),
'marked-014': ('paths', "largest(M,3)", [], {'ordered': True}),
'marked-015': ('number', "size(M,'lib/marked.esm.js')", [], {}),
'marked-016': ('number', "wc(M,'bin/main.js')", [('number', "nlines(M,'bin/main.js')", 'count incl. unterminated last line')], {}),
'marked-017': ('number', "wc(M,'lib/marked.d.ts')", [('number', "nlines(M,'lib/marked.d.ts')", 'count incl. unterminated last line')], {}),
'marked-018': ('text', "read(M,'bin/marked.js')", [('text', "read(M,'bin/marked.js').rstrip('\\n')", 'without trailing newline')], {}),
'marked-019': ('text', "lines(M,'man/marked.1.md',1,20)", [], {}),
'marked-020': ('strings', "imports(M,'bin/main.js')", [('strings', "imports(M,'bin/main.js',dynamic=True)", 'also dynamic import() calls')], {}),
'marked-021': ('strings', "imports(M,'bin/marked.js')", [], {}),
'marked-022': ('paths', "importers(M,'bin/main.js')", [], {}),
'marked-023': ('strings', "exports(M,'lib/marked.esm.js')", [], {}),
'marked-024': ('hits', "defs(M,'main')", [('paths', "['bin/main.js']", 'file only')], {}),
'marked-025': ('hits', "grep(M,'declare class Marked')", [('paths', "['lib/marked.d.ts']", 'file only')], {}),
'marked-026': ('hits', "grep(M,'sourceMappingURL')", [('paths', "grepfiles(M,'sourceMappingURL')", 'files only')], {}),
'marked-027': ('hits', "grep(M,'TODO')", [], {}),
'marked-028': ('paths', "grepfiles(M,'DOMPurify')", [], {}),
'marked-029': ('number', "len(files(M,ext='.map'))", [], {}),
'marked-030': ('number', "len(files(M,ext='.md'))", [], {}),
'marked-031': ('number', "len([p for p in files(M,ext='.ts') if not p.endswith('.d.ts')])", [], {}),
'marked-032': ('paths', "dirs(M,recursive=True)", [('paths', "dirs(M,recursive=True)+files(M)", 'dirs and files')], {}),
'marked-033': ('paths', "files(M,'man')", [], {}),
'marked-034': ('hits', "grep(M,'DO NOT EDIT')", [('hits', "grep(M,'DO NOT EDIT',icase=True)", 'case-insensitive')], {}),
'marked-035': ('text', "pkg(M,'license')", [], {}),
'marked-036': ('strings', "pkg(M,'keywords')", [], {}),
'marked-037': ('text', "pkg(M,'repository','url')", [('text', "'https://github.com/markedjs/marked'", 'normalised url'), ('json', "pkg(M,'repository')", 'repository object')], {}),
'marked-038': ('hits', "grep(M,'declare class _Tokenizer')", [('paths', "['lib/marked.d.ts']", 'file only')], {}),
'marked-039': ('number', "wc(M,'README.md')", [('number', "nlines(M,'README.md')", 'incl. unterminated last line')], {}),
'marked-040': ('number', "count_occ(M,'README.md','marked',word=True)", [
    ('number', "count_occ(M,'README.md','marked',icase=True,word=True)", 'case-insensitive whole word'),
    ('number', "count_occ(M,'README.md','marked')", 'substring, case-sensitive'),
    ('number', "count_occ(M,'README.md','marked',icase=True)", 'substring, case-insensitive'),
    ('number', "len(grep(M,'marked',only=['README.md']))", 'matching lines, case-sensitive'),
    ('number', "len(grep(M,'marked',only=['README.md'],icase=True))", 'matching lines, case-insensitive')], {}),
'marked-041': ('paths', "files(M,ext='.js')", [], {}),
'marked-042': ('number', "dsize(M,'lib')", [], {}),
'marked-043': ('text', "lines(M,'LICENSE',1,5)", [], {}),
'marked-044': ('strings', "exports(M,'bin/main.js')", [], {}),
'marked-045': ('paths', "importers(M,'node:fs')", [], {}),
'marked-046': ('paths', "importers(M,'commonmark')", [], {}),
'marked-047': ('json', "pkg(M,'files')", [], {}),
'marked-048': ('hits', "grep(M,'--no-clobber')", [], {}),
'marked-049': ('paths', "[d for d in dirs(M,recursive=True) if d.split('/')[-1] in ('test','tests','__tests__')]", [], {}),
'marked-050': ('number', "sum(wc(M,p) for p in files(M,'lib',ext='.js'))", [], {}),
# ---------------- yargs ----------------
'yargs-001': ('number', "len(files(Y))", [], {}),
'yargs-002': ('number', "len(files(Y,'locales'))", [], {}),
'yargs-003': ('paths', "files(Y,'locales')", [('strings', "[p.split('/')[-1][:-5] for p in files(Y,'locales')]", 'locale codes')], {}),
'yargs-004': ('text', "pkg(Y,'version')", [], {}),
'yargs-005': ('strings', "list(pkg(Y,'dependencies'))", [('json', "pkg(Y,'dependencies')", 'with versions')], {}),
'yargs-006': ('text', "pkg(Y,'dependencies','yargs-parser')", [], {}),
'yargs-007': ('text', "pkg(Y,'scripts','test')", [], {}),
'yargs-008': ('number', "len(pkg(Y,'scripts'))", [], {}),
'yargs-009': ('json', "pkg(Y,'exports')", [], {}),
'yargs-010': ('text', "pkg(Y,'engines','node')", [('json', "pkg(Y,'engines')", 'engines object')], {}),
'yargs-011': ('strings', "imports(Y,'index.mjs')", [], {}),
'yargs-012': ('strings', "imports(Y,'build/lib/yargs-factory.js')", [], {}),
'yargs-013': ('paths', "importers(Y,'build/lib/yerror.js')", [], {}),
'yargs-014': ('paths', "importers(Y,'build/lib/utils/is-promise.js')", [], {}),
'yargs-015': ('hits', "defs(Y,'YargsFactory')", [('paths', "['build/lib/yargs-factory.js']", 'file only')], {}),
'yargs-016': ('hits', "defs(Y,'levenshtein')", [('paths', "['build/lib/utils/levenshtein.js']", 'file only')], {}),
'yargs-017': ('hits', "defs(Y,'YError')", [('paths', "['build/lib/yerror.js']", 'file only')], {}),
'yargs-018': ('hits', "defs(Y,'hideBin')", [('paths', "['build/lib/utils/process-argv.js']", 'file only')], {}),
'yargs-019': ('strings', "exports(Y,'helpers/helpers.mjs')", [], {}),
'yargs-020': ('strings', "exports(Y,'build/lib/middleware.js')", [], {}),
'yargs-021': ('paths', "largest(Y,1)", [], {'ordered': True}),
'yargs-022': ('paths', "largest(Y,5,'build/lib')", [], {'ordered': True}),
'yargs-023': ('number', "wc(Y,'build/lib/yargs-factory.js')", [('number', "nlines(Y,'build/lib/yargs-factory.js')", 'incl. unterminated last line')], {}),
'yargs-024': ('number', "size(Y,'README.md')", [], {}),
'yargs-025': ('text', "read(Y,'browser.mjs')", [('text', "read(Y,'browser.mjs').rstrip('\\n')", 'without trailing newline')], {}),
'yargs-026': ('text', "lines(Y,'lib/platform-shims/esm.mjs',1,15)", [], {}),
'yargs-027': ('hits', "grep(Y,'TODO')", [], {}),
'yargs-028': ('hits', "grep(Y,'getCallerFile')", [('paths', "grepfiles(Y,'getCallerFile')", 'files only')], {}),
'yargs-029': ('hits', "grep(Y,'strictCommands')", [], {}),
'yargs-030': ('number', "len(files(Y,'build',ext='.js'))", [], {}),
'yargs-031': ('number', "len(files(Y,ext='.mjs'))", [], {}),
'yargs-032': ('strings', "[e for e in exts(Y) if e!='(none)']", [
    ('strings', "exts(Y)", 'with (none) for LICENSE'),
    ('json', "{e: sum(1 for p in files(Y) if ext_of(p)==e) for e in exts(Y)}", 'extension -> count')], {}),
'yargs-033': ('paths', "dirs(Y)", [], {}),
'yargs-034': ('paths', "files(Y,'helpers')", [], {}),
'yargs-035': ('text', "read(Y,'helpers/package.json')", [('text', "read(Y,'helpers/package.json').rstrip('\\n')", 'without trailing newline')], {}),
'yargs-036': ('paths', "largest(Y,1,'locales',smallest=True)", [], {}),
'yargs-037': ('text', "pkg(Y,'Show help',p='locales/pirate.json')", [], {}),
'yargs-038': ('number', "len(re.findall(r'^export function', read(Y,'build/lib/command.js'), re.M))", [('number', "len(exports(Y,'build/lib/command.js'))", 'all exports incl. the class')], {}),
'yargs-039': ('paths', "grepfiles(Y,'use strict')", [], {}),
'yargs-040': ('paths', "importers(Y,'build/lib/utils/which-module.js')", [], {}),
'yargs-041': ('number', "len(files(Y,ext='.d.ts'))", [], {}),
'yargs-042': ('hits', "grep(Y,'demandCommand')", [('paths', "grepfiles(Y,'demandCommand')", 'files only')], {}),
'yargs-043': ('text', "pkg(Y,'homepage')", [], {}),
'yargs-044': ('text', "pkg(Y,'devDependencies','chalk')", [], {}),
'yargs-045': ('json', "{p: wc(Y,p) for p in files(Y,'build/lib/utils')}", [('json', "{p: nlines(Y,p) for p in files(Y,'build/lib/utils')}", 'incl. unterminated last line')], {}),
'yargs-046': ('paths', "[p for p in files(Y) if size(Y,p)==0]", [], {}),
'yargs-047': ('strings', "sorted({('/'.join(s.split('/')[:2]) if s.startswith('@') else s.split('/')[0]) for s in imports(Y,'lib/platform-shims/esm.mjs') if not s.startswith('.') and not s.startswith('node:') and s not in ('assert','util','url','path','fs','module')})",
    [('strings', "[s for s in imports(Y,'lib/platform-shims/esm.mjs') if not s.startswith('.') and not s.startswith('node:') and s not in ('assert','util','url','path','fs','module')]", 'specifiers as written (escalade/sync)')], {}),
'yargs-048': ('hits', "grep(Y,'process.exit')", [], {}),
'yargs-049': ('number', "wc(Y,'locales/en.json')", [('number', "nlines(Y,'locales/en.json')", 'incl. unterminated last line')], {}),
'yargs-050': ('hits', "defs(Y,'Completion')", [('paths', "['build/lib/completion.js']", 'file only')], {}),
# ---------------- dayjs ----------------
'dayjs-001': ('number', "len(files(D))", [], {}),
'dayjs-002': ('number', "len(files(D,'plugin',ext='.js'))", [('number', "len(dirs(D,'esm/plugin'))", 'esm plugin folders')], {}),
'dayjs-003': ('number', "len(files(D,'locale',ext='.js'))", [('number', "len(files(D,'locale'))", 'all files incl. the 2 .d.ts')], {}),
'dayjs-004': ('text', "pkg(D,'version')", [], {}),
'dayjs-005': ('text', "pkg(D,'main')", [], {}),
'dayjs-006': ('strings', "list(pkg(D).get('dependencies',{}))", [('number', "len(pkg(D).get('dependencies',{}))", 'count 0')], {}),
'dayjs-007': ('strings', "list(pkg(D,'devDependencies'))", [('json', "pkg(D,'devDependencies')", 'with versions')], {}),
'dayjs-008': ('text', "pkg(D,'scripts','lint')", [], {}),
'dayjs-009': ('json', "pkg(D,'size-limit')", [], {}),
'dayjs-010': ('text', "pkg(D,'jest','testRegex')", [], {}),
'dayjs-011': ('strings', "imports(D,'esm/index.js')", [], {}),
'dayjs-012': ('strings', "imports(D,'esm/plugin/utc/index.js')", [], {}),
'dayjs-013': ('paths', "importers(D,'esm/constant.js')", [], {}),
'dayjs-014': ('paths', "importers(D,'esm/plugin/localizedFormat/utils.js')", [('paths', "[p for p in importers(D,'esm/plugin/localizedFormat/utils.js') if not p.startswith('esm/plugin/localizedFormat/')]", 'other plugins only')], {}),
'dayjs-015': ('strings', "exports(D,'esm/constant.js')", [], {}),
'dayjs-016': ('hits', "grep(D,'var Dayjs = ',only=['esm/index.js'])", [
    ('hits', "grep(D,'function Dayjs(',only=['esm/index.js'])", 'the constructor function line'),
    ('hits', "grep(D,r'^\\s*class Dayjs\\b',regex=True,only=['index.d.ts'])", 'the type declaration'),
    ('hits', "grep(D,'var Dayjs = ',only=['esm/index.js'])+grep(D,r'^\\s*class Dayjs\\b',regex=True,only=['index.d.ts'])", 'both'),
    ('paths', "['esm/index.js']", 'file only')], {}),
'dayjs-017': ('hits', "grep(D,'var isDayjs = ',only=['esm/index.js'])", [('hits', "defs(D,'isDayjs')", 'implementation plus type declarations (index.d.ts, esm/index.d.ts)'), ('paths', "['esm/index.js']", 'file only')], {}),
'dayjs-018': ('hits', "defs(D,'REGEX_PARSE',under='esm')", [('paths', "['esm/constant.js']", 'file only')], {}),
'dayjs-019': ('paths', "largest(D,1)", [], {'ordered': True}),
'dayjs-020': ('paths', "largest(D,5,'esm/plugin')", [], {'ordered': True}),
'dayjs-021': ('number', "size(D,'dayjs.min.js')", [], {}),
'dayjs-022': ('number', "wc(D,'CHANGELOG.md')", [('number', "nlines(D,'CHANGELOG.md')", 'incl. unterminated last line')], {}),
'dayjs-023': ('text', "read(D,'.editorconfig')", [('text', "read(D,'.editorconfig').rstrip('\\n')", 'without trailing newline')], {}),
'dayjs-024': ('text', "lines(D,'esm/constant.js',1,10)", [], {}),
'dayjs-025': ('hits', "grep(D,'INVALID_DATE_STRING')", [], {}),
'dayjs-026': ('paths', "grepfiles(D,'Montag')", [('paths', "grepfiles(D,'Montag',under='locale')", 'locale/ only'), ('paths', "grepfiles(D,'Montag',under='esm/locale')", 'esm/locale only')], {}),
'dayjs-027': ('hits', "grep(D,'console.log')", [], {}),
'dayjs-028': ('number', "len(files(D,ext='.d.ts'))", [], {}),
'dayjs-029': ('number', "len(files(D,'esm/locale',ext='.js'))", [], {}),
'dayjs-030': ('paths', "dirs(D)", [], {}),
'dayjs-031': ('paths', "files(D,'esm',recursive=False)", [], {}),
'dayjs-032': ('number', "len(dirs(D,'esm/plugin'))", [], {}),
'dayjs-033': ('strings', "[p.split('/')[-1][:-3] for p in files(D,'plugin',ext='.js') if 'esm/plugin/'+p.split('/')[-1][:-3] not in dirs(D,'esm/plugin')]", [], {}),
'dayjs-034': ('text', "[e['name'] for e in pkg(D,p='locale.json') if e['key']=='fr'][0]", [], {}),
'dayjs-035': ('number', "len(pkg(D,p='locale.json'))", [], {}),
'dayjs-036': ('strings', "[e for e in exts(D) if e not in ('editorconfig','(none)')]", [('strings', "exts(D)", 'incl. .editorconfig and extensionless LICENSE as (none)'), ('strings', "[e for e in exts(D) if e!='(none)']", 'incl. editorconfig'), ('strings', "sorted({'js','json','md','d.ts'})", 'd.ts named as such'), ('json', "{e: sum(1 for p in files(D) if ext_of(p)==e) for e in exts(D)}", 'extension -> count')], {}),
'dayjs-037': ('number', "len([p for p in grepfiles(D,'weekStart',under='esm/locale') if p.endswith('.js')])", [('number', "len(grepfiles(D,'weekStart',under='esm/locale'))", 'any file in esm/locale mentioning weekStart, incl. types.d.ts')], {}),  # fixed after check: first version counted types.d.ts
'dayjs-038': ('text', "pkg(D,'author')", [], {}),
'dayjs-039': ('text', "pkg(D,'devDependencies','jest')", [], {}),
'dayjs-040': ('hits', "grep(D,'TODO')", [], {}),
'dayjs-041': ('paths', "['esm/plugin/utc/index.js','plugin/utc.js']", [('paths', "['plugin/utc.js']", 'UMD build only'), ('paths', "['esm/plugin/utc/index.js']", 'esm only'), ('paths', "['esm/plugin/utc/index.js','plugin/utc.js','plugin/utc.d.ts','esm/plugin/utc/index.d.ts']", 'incl. type declarations')], {}),
'dayjs-042': ('strings', "exports(D,'esm/utils.js')", [('strings', "['s','z','m','a','p','u']", 'keys of the default-exported object')], {}),
'dayjs-043': ('number', "wc(D,'esm/index.js')", [('number', "nlines(D,'esm/index.js')", 'incl. unterminated last line')], {}),
'dayjs-044': ('number', "dsize(D,'locale')", [], {}),
'dayjs-045': ('text', "lines(D,'CHANGELOG.md',1,5)", [], {}),
'dayjs-046': ('number', "len(files(D,'plugin',ext='.d.ts'))", [], {}),
'dayjs-047': ('hits', "grep(D,'moment',icase=True,only=['README.md'])", [], {}),
'dayjs-048': ('paths', "[d for d in dirs(D,recursive=True) if d.split('/')[-1]=='src']", [], {}),
'dayjs-049': ('number', "len(importers(D,'esm/index.js',under='esm/locale'))", [], {}),
'dayjs-050': ('paths', "largest(D,1,'locale')", [], {'ordered': True}),
}

def gold(kind, how, opts=None):
    v = eval(how)
    g = {'kind': kind, 'value': v}
    if opts and opts.get('ordered'):
        g['ordered'] = True
    if kind in ('paths', 'strings') and not (opts or {}).get('ordered'):
        g['value'] = sorted(v)
    if kind == 'hits':
        g['value'] = sorted(v, key=lambda h: (h['file'], h['line']))
    return g

def main():
    reqs = []
    for ln in open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8'):
        if ln.startswith('#') or not ln.strip():
            continue
        rid, cat, req = [x.strip() for x in ln.rstrip('\n').split(' | ', 2)]
        empty = req.endswith('[EMPTY]')
        req = req[:-len('[EMPTY]')].strip() if empty else req
        kind, how, acc, opts = S[rid]
        tree = rid.split('-')[0]
        g = gold(kind, how, opts)
        accept = []
        for ak, ah, reading in acc:
            a = gold(ak, ah, opts)
            a['how'] = ah; a['reading'] = reading
            if a['kind'] == g['kind'] and a['value'] == g['value']:
                continue
            accept.append(a)
        v = g['value']
        isempty = v in ([], 0, '', {})
        reqs.append({'id': rid, 'tree': tree, 'category': cat, 'request': req, 'gold': g,
                     'accept': accept, 'how': how, 'expected_empty': empty, 'gold_empty': isempty})
        if empty != isempty:
            print('EMPTY-MISMATCH', rid, v if not isinstance(v, str) else v[:60])
    assert len(reqs) == 150 and len(S) == 150
    json.dump(reqs, open(os.path.join(OUT, 'requests.json'), 'w'), indent=1, ensure_ascii=False)
    print('wrote', len(reqs))

if __name__ == '__main__':
    main()
