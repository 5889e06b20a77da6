#!/usr/bin/env python3
"""Build /work/corpus-p/requests.json from requests-draft.txt + the `how` expressions below."""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
import helpers as H

OUT = '/work/corpus-p'
TREES = {'pg': 'pg', 'lru': 'lru-cache'}

def load_draft():
    reqs = {}
    for l in open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8'):
        if l.startswith('#') or not l.strip():
            continue
        rid, cat, text = [x.strip() for x in l.rstrip('\n').split(' | ', 2)]
        empty = text.endswith('[EMPTY]')
        if empty:
            text = text[:-len('[EMPTY]')].rstrip()
        reqs[rid] = (cat, text, empty)
    return reqs

# (id, kind, how, extra-gold-fields, [ (kind, how, reading, extra) ... ])
# `how` is evaluated with helpers' namespace plus t = tree name.
A = lambda kind, how, reading, **extra: (kind, how, reading, extra)
S = [
 ('pg-001','number',"len(files(t))",{},[]),
 ('pg-002','number',"len(files(t,'lib',ext='.js'))",{},[A('number',"len(files(t,'lib',recursive=False,ext='.js'))",'top level of lib only')]),
 ('pg-003','paths',"files(t,'lib/crypto')",{},[]),
 ('pg-004','paths',"files(t,'lib/native')",{},[]),
 ('pg-005','number',"nlines(t,'lib/client.js')",{},[]),
 ('pg-006','text',"read(t,'lib/native/index.js')",{},[A('text',"read(t,'lib/native/index.js').rstrip('\\n')",'without trailing newline')]),
 ('pg-007','text',"rng(t,'lib/index.js',1,10)",{},[]),
 ('pg-008','paths',"largest(t,1)",{},[]),
 ('pg-009','paths',"largest(t,3)",{'ordered':True},[]),
 ('pg-010','number',"size(t,'lib/query.js')",{},[]),
 ('pg-011','hits',"grep(t,r'^class Client\\b',regex=True)",{},[A('hits',"grep(t,r'^class Client\\b|^var Client = \\(module\\.exports',regex=True)",'also the native Client constructor in lib/native/client.js'), A('paths',"['lib/client.js']",'file only')]),
 ('pg-012','hits',"grep(t,r'^const escapeLiteral = ',regex=True)",{},[A('hits',"grep(t,r'^const escapeLiteral = |^  escapeLiteral\\(str\\) \\{',regex=True)",'also the Client#escapeLiteral method wrapper'), A('paths',"['lib/utils.js']",'file only')]),
 ('pg-013','strings',"specifiers(t,'lib/client.js')",{},[A('strings',"[s for s in specifiers(t,'lib/client.js') if s!='pgpass']",'top-of-file requires only (pgpass is required lazily inside _checkPgPass)'), A('strings',"[resolve(t,'lib/client.js',s) or s for s in specifiers(t,'lib/client.js')]",'relative specifiers resolved to tree paths')]),
 ('pg-014','paths',"importers(t,spec='pg-types')",{},[]),
 ('pg-015','paths',"importers(t,target='lib/utils.js')",{},[A('paths',"sorted(importers(t,target='lib/utils.js')+['lib/crypto/sasl.js'])","textual match on './utils' (sasl.js's './utils' is really lib/crypto/utils.js)")]),
 ('pg-016','strings',"exports_obj(t,'lib/utils.js')",{},[]),
 ('pg-017','strings',"exports_obj(t,'lib/crypto/sasl.js')",{},[]),
 ('pg-018','text',"pkg(t,'version')",{},[]),
 ('pg-019','strings',"sorted(pkg(t,'dependencies'))",{},[A('json',"pkg(t,'dependencies')",'name->range object'), A('strings',"sorted(list(pkg(t,'dependencies'))+list(pkg(t,'optionalDependencies')))",'including optionalDependencies')]),
 ('pg-020','strings',"sorted(pkg(t,'scripts'))",{},[A('json',"pkg(t,'scripts')",'name->command object')]),
 ('pg-021','text',"pkg(t,'scripts','test')",{},[]),
 ('pg-022','number',"len(pkg(t,'devDependencies'))",{},[]),
 ('pg-023','text',"pkg(t,'license')",{},[]),
 ('pg-024','text',"pkg(t,'main')",{},[A('paths',"['lib/index.js']",'resolved entry file'), A('paths',"['lib']",'main folder as path')]),
 ('pg-025','text',"pkg(t,'engines','node')",{},[A('json',"pkg(t,'engines')",'engines object')]),
 ('pg-026','hits',"grep(t,'TODO')",{},[]),
 ('pg-027','hits',"grep(t,'NODE_PG_FORCE_NATIVE')",{},[]),
 ('pg-028','paths',"grep_files(t,'pgpass')",{},[A('paths',"grep_files(t,'pgpass',under='lib')",'code only (lib)'), A('paths',"grep_files(t,'pgpass',flags=re.I,regex=True)",'case-insensitive (same files)')]),
 ('pg-029','hits',"grep(t,'PGSSLMODE')",{},[]),
 ('pg-030','number',"len([f for f in files(t) if f.endswith(('.ts','.tsx'))])",{},[]),
 ('pg-031','hits',"grep(t,r'console\\.log\\(',regex=True)",{},[A('hits',"grep(t,'console.log')",'plain substring: only comments saying "console.logged"')]),
 ('pg-032','paths',"files(t,'test')",{},[]),
 ('pg-033','paths',"importers(t,spec='lodash')",{},[]),
 ('pg-034','paths',"dirs(t)",{},[]),
 ('pg-035','json',"ext_counts(t)",{},[A('json',"ext_counts(t,none_key='')",'no-extension keyed as empty string'), A('json',"ext_counts(t,none_key='@name')",'no-extension keyed by file name (LICENSE)'), A('json',"ext_counts(t,none_key='none')",'no-extension keyed as none')]),
 ('pg-036','number',"len(files(t,ext='.md'))",{},[]),
 ('pg-037','number',"sum(nlines(t,f) for f in files(t,'lib',ext='.js'))",{},[A('number',"sum(wcl(t,f) for f in files(t,'lib',ext='.js'))",'wc -l style (same if all end in newline)')]),
 ('pg-038','paths',"[min(files(t,'lib',ext='.js'),key=lambda f:nlines(t,f))]",{},[]),
 ('pg-039','text',"lines(t,'LICENSE')[0]",{},[]),
 ('pg-040','text',"rng(t,'lib/utils.js',204,213)",{},[]),
 ('pg-041','hits',"grep(t,r'^function startSession\\b',regex=True)",{},[A('paths',"['lib/crypto/sasl.js']",'file only')]),
 ('pg-042','number',"grep(t,r'^class ConnectionParameters\\b',regex=True)[0]['line']",{},[A('hits',"grep(t,r'^class ConnectionParameters\\b',regex=True)",'as a file:line hit')]),
 ('pg-043','strings',"[m for m in defs_methods(t,'lib/connection.js',13,222) if m!='constructor']",{},[A('strings',"defs_methods(t,'lib/connection.js',13,222)",'including constructor')]),
 ('pg-044','strings',"top_functions(t,'lib/stream.js')",{},[]),
 ('pg-045','paths',"importers(t,target='lib/connection.js')",{},[]),
 ('pg-046','strings',"external(t)",{},[A('strings',"[s for s in external(t) if s in pkg(t,'dependencies')]",'only those listed in dependencies'), A('strings',"external(t,builtins=True)",'including node built-ins')]),
 ('pg-047','number',"count_occ(t,'EventEmitter',under='lib')",{},[A('number',"len(grep(t,'EventEmitter',under='lib'))",'number of matching lines')]),
 ('pg-048','json',"pkg(t,'peerDependencies')",{},[A('strings',"sorted(pkg(t,'peerDependencies'))",'names only')]),
 ('pg-049','number',"total_size(t,'lib')",{},[]),
 ('pg-050','paths',"[f for f in files(t) if size(t,f)>100*1024]",{},[A('paths',"[f for f in files(t) if size(t,f)>100000]",'100KB = 100000 bytes')]),
 # ---------------- lru-cache
 ('lru-001','number',"len(files(t))",{},[]),
 ('lru-002','number',"len(files(t,'dist/esm'))",{},[]),
 ('lru-003','paths',"entries(t,'dist')",{},[A('paths',"files(t,'dist')",'all files under dist recursively')]),
 ('lru-004','number',"len(files(t,ext='.map'))",{},[]),
 ('lru-005','paths',"largest(t,1)",{},[]),
 ('lru-006','paths',"largest(t,5)",{'ordered':True},[]),
 ('lru-007','number',"size(t,'README.md')",{},[]),
 ('lru-008','number',"nlines(t,'dist/esm/index.js')",{},[A('number',"wcl(t,'dist/esm/index.js')",'wc -l (last line has no trailing newline)')]),
 ('lru-009','number',"nlines(t,'dist/commonjs/index.js')-nlines(t,'dist/esm/index.js')",{},[]),
 ('lru-010','text',"pkg(t,'version')",{},[]),
 ('lru-011','strings',"sorted(pkg(t,'scripts'))",{},[A('json',"pkg(t,'scripts')",'name->command object')]),
 ('lru-012','number',"len(pkg(t,'scripts'))",{},[]),
 ('lru-013','text',"pkg(t,'scripts','prepare')",{},[]),
 ('lru-014','strings',"sorted(pkg(t,'dependencies') or {})",{},[A('json',"{}",'empty object'), A('number',"0",'count zero')]),
 ('lru-015','strings',"sorted(pkg(t,'devDependencies'))",{},[A('json',"pkg(t,'devDependencies')",'name->range object')]),
 ('lru-016','text',"pkg(t,'type')",{},[]),
 ('lru-017','text',"pkg(t,'main')",{},[A('paths',"['dist/commonjs/index.js']",'as tree path')]),
 ('lru-018','text',"pkg(t,'engines','node')",{},[A('json',"pkg(t,'engines')",'engines object')]),
 ('lru-019','json',"pkg(t,'exports')",{},[]),
 ('lru-020','number',"pkg(t,'prettier','printWidth')",{},[]),
 ('lru-021','text',"pkg(t,'license')",{},[]),
 ('lru-022','hits',"grep(t,r'^(export )?class LRUCache\\b',regex=True,only_ext=('.js',),skip_ext=('.min.js',))",{},[A('hits',"grep(t,r'^export class LRUCache\\b',regex=True)",'ESM build only'), A('hits',"grep(t,r'^(export )?(declare )?class LRUCache\\b',regex=True,skip_ext=('.map','.min.js'))",'also the .d.ts declarations')]),
 ('lru-023','hits',"grep(t,r'^class Stack\\b',regex=True,only_ext=('.js',),skip_ext=('.min.js',))",{},[A('hits',"grep(t,r'^class Stack\\b',regex=True,only_ext=('.js',),under='dist/esm',skip_ext=('.min.js',))",'ESM build only'), A('hits',"grep(t,r'^(declare )?class Stack\\b',regex=True,skip_ext=('.map','.min.js'))",'also the .d.ts declarations')]),
 ('lru-024','hits',"grep(t,r'^const isPosInt = ',regex=True,only_ext=('.js',),skip_ext=('.min.js',))",{},[A('hits',"grep(t,r'^const isPosInt = ',regex=True,under='dist/esm')",'ESM build only')]),
 ('lru-025','hits',"grep(t,'LRU_CACHE_IGNORE_AC_WARNING')",{},[A('hits',"grep(t,'LRU_CACHE_IGNORE_AC_WARNING',skip_ext=('.map',))",'excluding source maps'), A('hits',"grep(t,'LRU_CACHE_IGNORE_AC_WARNING',skip_ext=('.map','.min.js'))",'excluding source maps and minified files')]),
 ('lru-026','paths',"grep_files(t,'ttlAutopurge')",{},[A('paths',"grep_files(t,'ttlAutopurge',skip_ext=('.map',))",'excluding source maps')]),
 ('lru-027','strings',"['LRUCache']",{},[]),
 ('lru-028','strings',"specifiers(t,'dist/esm/index.js')",{},[]),
 ('lru-029','hits',"grep(t,r'\\brequire\\(',regex=True,under='dist/commonjs',only_ext=('index.js',))",{},[]),
 ('lru-030','text',"read(t,'dist/esm/package.json')",{},[A('text',"read(t,'dist/esm/package.json').rstrip('\\n')",'without trailing newline'), A('json',"json.loads(read(t,'dist/esm/package.json'))",'parsed JSON')]),
 ('lru-031','text',"rng(t,'README.md',1,5)",{},[]),
 ('lru-032','text',"rng(t,'dist/esm/index.js',142,160)",{},[]),
 ('lru-033','paths',"dirs(t)",{},[]),
 ('lru-034','json',"ext_counts(t)",{},[A('json',"ext_counts(t,mode=m,none_key=n)",'variant',mn=1)]),
 ('lru-035','number',"len(files(t,ext='.d.ts'))",{},[]),
 ('lru-036','paths',"files(t,'src')",{},[]),
 ('lru-037','hits',"grep(t,r'TODO|FIXME',regex=True)",{},[]),
 ('lru-038','strings',"[re.sub(r'^#+ ','',h) for h in headings(t,'README.md')]",{},[A('strings',"headings(t,'README.md')",'with # markers')]),
 ('lru-039','number',"nlines(t,'README.md')",{},[]),
 ('lru-040','json',"read(t,'dist/esm/index.d.ts')==read(t,'dist/commonjs/index.d.ts')",{},[]),
 ('lru-041','strings',"[m.group(1) for l in lines(t,'dist/esm/index.js') for m in [re.match(r'^    get (\\w+)\\(\\) \\{',l)] if m]",{},[]),
 ('lru-042','hits',"grep(t,r'^    async fetch\\(',regex=True,only_ext=('.js',))",{},[A('hits',"grep(t,r'^    async fetch\\(',regex=True,under='dist/esm')",'ESM build only')]),
 ('lru-043','number',"count_occ(t,'allowStale',only='dist/esm/index.js')",{},[A('number',"count_occ(t,r'\\ballowStale\\b',regex=True,only='dist/esm/index.js')",'whole word only'), A('number',"len(grep(t,'allowStale',under='dist/esm',only_ext=('esm/index.js',)))",'matching lines')]),
 ('lru-044','number',"total_size(t,'dist')",{},[]),
 ('lru-045','paths',"[f for f in files(t) if size(t,f)>1024*1024]",{},[A('paths',"[f for f in files(t) if size(t,f)>1000000]",'1 MB = 10^6 bytes')]),
 ('lru-046','number',"len(files(t,ext='.json'))",{},[]),
 ('lru-047','paths',"entries(t)",{},[A('paths',"files(t,recursive=False)",'files only')]),
 ('lru-048','text',"lines(t,'LICENSE')[0]",{},[]),
 ('lru-049','strings',"pkg(t,'keywords')",{},[]),
 ('lru-050','text',"pkg(t,'types')",{},[A('paths',"['dist/commonjs/index.d.ts']",'as tree path')]),
]

def ev(how, t, extra_ns=None):
    ns = {k: getattr(H, k) for k in dir(H) if not k.startswith('_')}
    ns.update(re=re, json=json, t=t)
    if extra_ns: ns.update(extra_ns)
    return eval(how, ns)

def mk(kind, how, t, extra, ns=None):
    v = ev(how, t, ns)
    if kind == 'paths' and not extra.get('ordered'):
        v = sorted(v)
    if kind == 'strings':
        v = sorted(v)
    if kind == 'hits':
        v = sorted(v, key=lambda h: (h['file'], h['line']))
    g = {'kind': kind}
    g.update({k: x for k, x in extra.items() if k != 'mn'})
    g['value'] = v
    return g

def main():
    draft = load_draft()
    assert len(draft) == 100 and len(S) == 100, (len(draft), len(S))
    out = []
    for rid, kind, how, extra, accs in S:
        cat, text, empty = draft[rid]
        t = TREES[rid.split('-')[0]]
        gold = mk(kind, how, t, extra)
        accept = []
        for (k2, h2, reading, ex2) in accs:
            if ex2.get('mn'):
                for m in ('last', 'full'):
                    for n in ('(none)', '', '@name', 'none'):
                        if (m, n) == ('last', '(none)'):
                            continue
                        g = mk(k2, h2, t, ex2, {'m': m, 'n': n})
                        g['how'] = h2.replace('mode=m', f'mode={m!r}').replace('none_key=n', f'none_key={n!r}')
                        g['reading'] = f"extension = {'last suffix' if m=='last' else 'everything after first dot'}; no-extension key {n!r} ('@name' = file name)"
                        accept.append(g)
                continue
            g = mk(k2, h2, t, ex2)
            g['how'] = h2; g['reading'] = reading
            if g['value'] != gold['value'] or g['kind'] != gold['kind']:
                accept.append(g)
        isempty = gold['value'] in ([], 0, '', {})
        if empty != isempty:
            print(f'NOTE {rid}: draft [EMPTY]={empty} but gold empty={isempty}', file=sys.stderr)
        rec = {'id': rid, 'tree': t, 'category': cat, 'request': text, 'gold': gold, 'accept': accept, 'how': how}
        if empty: rec['expected_empty'] = True
        out.append(rec)
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print('wrote', len(out))

if __name__ == '__main__':
    main()
