#!/usr/bin/env python3
"""Build /work/corpus-o/requests.json from requests-draft.txt + the `how` table below.
Each `how` is a Python expression evaluated with tools/lib.py helpers and `t` = tree name."""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib
from lib import *

OUT = '/work/corpus-o'
NM, ZU = 'nodemailer', 'zustand'

# id: (how, [(reading, how), ...])
HOW = {
# ---------------- nodemailer ----------------
'nodemailer-001': ("N(len(allfiles(t)))", [("excluding hidden dotfiles", "N(len(allfiles(t, include_hidden=False)))")]),
'nodemailer-002': ("N(len([p for p in allfiles(t,'lib') if p.endswith('.js')]))", []),
'nodemailer-003': ("N(len(alldirs(t,'lib',recursive=False)))", []),
'nodemailer-004': ("P(allfiles(t,'lib/dkim'))", []),
'nodemailer-005': ("P(allfiles(t,'lib/mime-node'))", []),
'nodemailer-006': ("P(largest(t,1))", []),
'nodemailer-007': ("P(largest(t,5,'lib'), ordered=True)", []),
'nodemailer-008': ("N(nlines(t,'lib/smtp-connection/index.js'))", [("wc -l (newline count)", "N(wcl(t,'lib/smtp-connection/index.js'))")]),
'nodemailer-009': ("N(sum(nlines(t,p) for p in allfiles(t,'lib') if p.endswith('.js')))",
                   [("including lib/well-known/services.json", "N(sum(nlines(t,p) for p in allfiles(t,'lib')))")]),
'nodemailer-010': ("T(read(t,'lib/mime-node/last-newline.js'))", [("without final newline", "T(read(t,'lib/mime-node/last-newline.js').rstrip('\\n'))")]),
'nodemailer-011': ("T(lines(t,'lib/nodemailer.js',1,12))", [("with trailing newline", "T(lines(t,'lib/nodemailer.js',1,12)+'\\n')")]),
'nodemailer-012': ("T(read(t,'.prettierrc.js'))", [("without final newline", "T(read(t,'.prettierrc.js').rstrip('\\n'))")]),
'nodemailer-013': ("T(pkg(t,'version'))", []),
'nodemailer-014': ("T(pkg(t,'main'))", [("normalized with ./", "T('./'+pkg(t,'main'))")]),
'nodemailer-015': ("S(pkg(t,'scripts').keys())", [("script object name->command", "J(pkg(t,'scripts'))")]),
'nodemailer-016': ("T(pkg(t,'scripts','lint'))", []),
'nodemailer-017': ("S(pkg(t,'devDependencies').keys())", [("object name->version", "J(pkg(t,'devDependencies'))")]),
'nodemailer-018': ("S(pkg(t,'dependencies',default={}).keys())", [("count", "N(len(pkg(t,'dependencies',default={})))"), ("field absent", "J(pkg(t,'dependencies'))"), ("empty object", "J(pkg(t,'dependencies',default={}))")]),
'nodemailer-019': ("T(pkg(t,'license'))", []),
'nodemailer-020': ("T(pkg(t,'engines','node'))", [("engines object", "J(pkg(t,'engines'))")]),
'nodemailer-021': ("H(grep(t,r'^\\s*class SMTPConnection\\b',regex=True))", [("file only", "files_of(H(grep(t,r'^\\s*class SMTPConnection\\b',regex=True)))")]),
'nodemailer-022': ("H(grep(t,r'^module\\.exports\\.parseConnectionUrl\\s*=',regex=True))", [("file only", "P(['lib/shared/index.js'])")]),
'nodemailer-023': ("H(grep(t,r'^\\s*class Tokenizer\\b',regex=True))", [("file only", "P(['lib/addressparser/index.js'])")]),
'nodemailer-024': ("H(grep(t,r'^\\s*class LeWindows\\b',regex=True))", [("file only", "files_of(H(grep(t,r'^\\s*class LeWindows\\b',regex=True)))")]),
'nodemailer-025': ("S(imports(t,'lib/mailer/index.js'))", [("resolved to tree paths / bare names", "S(resolve(t,'lib/mailer/index.js',s) for s in imports(t,'lib/mailer/index.js'))")]),
'nodemailer-026': ("S(imports(t,'lib/nodemailer.js'))", [("resolved to tree paths / bare names", "S(resolve(t,'lib/nodemailer.js',s) for s in imports(t,'lib/nodemailer.js'))"),
                   ("local modules only, specifiers", "S(s for s in imports(t,'lib/nodemailer.js') if s.startswith('.'))")]),
'nodemailer-027': ("P(importers(t,'lib/shared/index.js'))", []),
'nodemailer-028': ("P(importers(t,'lib/xoauth2/index.js'))", []),
'nodemailer-029': ("P(importers(t,'child_process'))", []),
'nodemailer-030': ("H(grep(t,'ETHEREAL_API'))", [("whole word ETHEREAL_API only (not ETHEREAL_API_KEY)", "H(grep(t,r'\\bETHEREAL_API\\b',regex=True))"), ("files only", "files_of(H(grep(t,'ETHEREAL_API')))")]),
'nodemailer-031': ("H(grep(t,'TODO',under='lib'))", [("files only", "P([])"), ("count", "N(0)"), ("TODO-style markers incl. FIXME/XXX", "H(grep(t,r'\\b(TODO|FIXME|XXX)\\b',regex=True,under='lib'))")]),
'nodemailer-032': ("N(count_occ(t,'setTimeout',under='lib'))", [("only global setTimeout() calls, not socket/req .setTimeout", "N(count_occ(t,r'(?<![.\\w])setTimeout\\(',regex=True,under='lib'))"),
                   ("list of hits", "H(grep(t,'setTimeout',under='lib'))")]),
'nodemailer-033': ("H(grep(t,r'(?<![\\w.])eval\\(',regex=True))", [("files only", "P([])"), ("count", "N(0)")]),
'nodemailer-034': ("S(e for e in (ext(p) for p in allfiles(t)) if e)", 'EXTS'),
'nodemailer-035': ("N(len([p for p in allfiles(t) if p.endswith('.json')]))", []),
'nodemailer-036': ("P([p for p in allfiles(t,recursive=False) if p.startswith('.')])", []),
'nodemailer-037': ("P(alldirs(t,'lib'))", [("including lib itself", "P(['lib']+alldirs(t,'lib'))")]),
'nodemailer-038': ("S(exports(t,'lib/shared/index.js'))", []),
'nodemailer-039': ("S(exports(t,'lib/fetch/index.js'))", [("named exports only", "S([x for x in exports(t,'lib/fetch/index.js') if x!='default'])"),
                   ("module function named after inner nmfetch", "S(['nmfetch']+[x for x in exports(t,'lib/fetch/index.js') if x!='default'])"),
                   ("module function keyed module.exports", "S(['module.exports']+[x for x in exports(t,'lib/fetch/index.js') if x!='default'])")]),
'nodemailer-040': ("N(size(t,'lib/well-known/services.json'))", []),
'nodemailer-041': ("N(len([p for p in allfiles(t) if p.endswith('.md')]))", []),
'nodemailer-042': ("P([p for p in allfiles(t) if p.endswith(('.ts','.tsx','.mts','.cts'))])", [("count", "N(0)")]),
'nodemailer-043': ("P([p for p in allfiles(t) if re.search(r'(^|/)(test|tests|__tests__)/|[.-](test|spec)\\.js$', p)])", [("count", "N(0)")]),
'nodemailer-044': ("T(lines(t,'README.md',1,1))", [("heading text without #", "T(lines(t,'README.md',1,1).lstrip('# '))")]),
'nodemailer-045': ("T(re.search(r'^## \\[([^\\]]+)\\]', read(t,'CHANGELOG.md'), re.M).group(1))",
                   [("whole heading line", "T(re.search(r'^## \\[.*$', read(t,'CHANGELOG.md'), re.M).group(0))")]),
'nodemailer-046': ("P(p for p in allfiles(t) if 'socks' in read(t,p).lower())", [("case-sensitive 'socks'", "P(p for p in allfiles(t) if 'socks' in read(t,p))"),
                   ("line hits, case-insensitive", "H(grep(t,'socks',icase=True))")]),
'nodemailer-047': ("H(grep(t,r'^module\\.exports\\.createTransport\\s*=',regex=True))", [("file only", "P(['lib/nodemailer.js'])")]),
'nodemailer-048': ("N(len(grep(t,r'^\\s*class \\w+',regex=True,files=['lib/dkim/index.js'])))", []),
'nodemailer-049': ("N(len(jsonfile(t,'lib/well-known/services.json')))", []),
'nodemailer-050': ("J(jsonfile(t,'lib/well-known/services.json')['SES'])",
                   [("all SES* entries (regional ones too)", "J({k:v for k,v in jsonfile(t,'lib/well-known/services.json').items() if k.startswith('SES')})"),
                    ("keyed by name", "J({'SES': jsonfile(t,'lib/well-known/services.json')['SES']})")]),
'nodemailer-051': ("P([min(allfiles(t,'lib'), key=lambda p:(nlines(t,p),p))])", []),
'nodemailer-052': ("N(len([p for p in allfiles(t) if p.split('/')[-1]=='index.js']))", []),
'nodemailer-053': ("P([p for p in allfiles(t) if p.split('/')[-1]=='index.js'])", []),
'nodemailer-054': ("T(lines(t,'lib/well-known/index.js',44,47))", [("with trailing newline", "T(lines(t,'lib/well-known/index.js',44,47)+'\\n')")]),
'nodemailer-055': ("N(grep(t,r'^\\s*class MimeNode\\b',regex=True)[0]['line'])", [("as hit", "H(grep(t,r'^\\s*class MimeNode\\b',regex=True))")]),
'nodemailer-056': ("T(pkg(t,'repository','url'))", [("repository object", "J(pkg(t,'repository'))")]),
'nodemailer-057': ("T(pkg(t,'homepage'))", []),
'nodemailer-058': ("P(importers(t,'lib/punycode/index.js'))", []),
'nodemailer-059': ("P([p for p in allfiles(t) if size(t,p)==0])", [("count", "N(0)")]),
'nodemailer-060': ("T(pkg(t,'author'))", []),
# ---------------- zustand ----------------
'zustand-001': ("N(len(allfiles(t)))", []),
'zustand-002': ("N(len([p for p in allfiles(t) if p.endswith('.d.ts')]))", [("all declaration files (.d.ts + .d.mts)", "N(len([p for p in allfiles(t) if p.endswith(('.d.ts','.d.mts'))]))")]),
'zustand-003': ("N(len(allfiles(t,'esm')))", [("top level of esm only", "N(len(allfiles(t,'esm',recursive=False)))")]),
'zustand-004': ("P(children(t,'esm'))", [("files directly in esm only", "P(allfiles(t,'esm',recursive=False))"), ("all files recursively", "P(allfiles(t,'esm'))")]),
'zustand-005': ("P(allfiles(t,'middleware'))", [("top-level middleware/ plus esm/middleware/", "P(allfiles(t,'middleware')+allfiles(t,'esm/middleware'))")]),
'zustand-006': ("P(largest(t,1))", [("largest code file", "P([p for p in largest(t,50) if p.endswith(CODE_EXTS)][:1])")]),
'zustand-007': ("P(largest(t,3), ordered=True)", []),
'zustand-008': ("N(nlines(t,'middleware.js'))", []),
'zustand-009': ("N(wcl(t,'readme.md'))", []),
'zustand-010': ("T(read(t,'vanilla.js'))", [("without final newline", "T(read(t,'vanilla.js').rstrip('\\n'))")]),
'zustand-011': ("T(lines(t,'esm/react.mjs',1,5))", [("with trailing newline", "T(lines(t,'esm/react.mjs',1,5)+'\\n')")]),
'zustand-012': ("J({'name':pkg(t,'name'),'version':pkg(t,'version')})", [("as strings", "S([pkg(t,'name'),pkg(t,'version')])"), ("name@version", "T(pkg(t,'name')+'@'+pkg(t,'version'))")]),
'zustand-013': ("J(pkg(t,'peerDependencies'))", [("names only", "S(pkg(t,'peerDependencies').keys())")]),
'zustand-014': ("S(k for k,v in pkg(t,'peerDependenciesMeta').items() if v.get('optional'))", []),
'zustand-015': ("S(pkg(t,'dependencies',default={}).keys())", [("field absent", "J(pkg(t,'dependencies'))"), ("empty object", "J({})"), ("count", "N(0)")]),
'zustand-016': ("S(pkg(t,'scripts',default={}).keys())", [("field absent", "J(pkg(t,'scripts'))"), ("empty object", "J({})"), ("count", "N(0)")]),
'zustand-017': ("J(pkg(t,'exports','.'))", []),
'zustand-018': ("T(pkg(t,'packageManager'))", [("manager name only", "T(pkg(t,'packageManager').split('@')[0])")]),
'zustand-019': ("T(pkg(t,'engines','node'))", [("engines object", "J(pkg(t,'engines'))")]),
'zustand-020': ("J(pkg(t,'sideEffects'))", [("as text", "T(json.dumps(pkg(t,'sideEffects')))")]),
'zustand-021': ("S(pkg(t,'keywords'))", [("ordered json array", "J(pkg(t,'keywords'))")]),
'zustand-022': ("S(pkg(t,'contributors'))", [("names without URLs", "S(re.sub(r'\\s*\\(.*\\)$','',c) for c in pkg(t,'contributors'))"), ("json array", "J(pkg(t,'contributors'))")]),
'zustand-023': ("H(grep(t,r'^const createStore\\s*=',regex=True,exts=JS_EXTS))", 'DEF:^(?:const createStore\\s*=|export declare const createStore\\b)'),
'zustand-024': ("H(grep(t,r'^function useShallow\\b',regex=True,exts=JS_EXTS))", 'DEF:^(?:function useShallow\\b|export declare function useShallow\\b)'),
'zustand-025': ("H(grep(t,r'^const persistImpl\\s*=',regex=True,exts=JS_EXTS))", 'DEF:^(?:const persistImpl\\s*=|const persist\\s*=|export declare const persist\\b)'),
'zustand-026': ("H(grep(t,r'^export interface StoreApi\\b',regex=True))", [("files only", "files_of(H(grep(t,r'^export interface StoreApi\\b',regex=True)))"),
                ("CJS-side declaration only", "H(grep(t,r'^export interface StoreApi\\b',regex=True,exts=('.d.ts',)))"), ("CJS-side file only", "P(['vanilla.d.ts'])")]),
'zustand-027': ("S(imports(t,'traditional.js'))", [("resolved", "S(resolve(t,'traditional.js',s) for s in imports(t,'traditional.js'))")]),
'zustand-028': ("S(imports(t,'esm/traditional.mjs'))", []),
'zustand-029': ("P(importers(t,'react',resolved=False))", [("also Markdown code samples in readme.md", "P(importers(t,'react',resolved=False)+['readme.md'])"),("JS only (no .d.ts)", "P(importers(t,'react',resolved=False,include_dts=False))"),
                ("CJS .js only", "P(importers(t,'react',resolved=False,exts=('.js',)))")]),
'zustand-030': ("P(importers(t,'zustand/vanilla',resolved=False,kinds=('require',)))", [("also ESM import/re-export of zustand/vanilla", "P(importers(t,'zustand/vanilla',resolved=False))")]),
'zustand-031': ("S(exports(t,'middleware.js'))", []),
'zustand-032': ("S(exports(t,'esm/shallow.mjs'))", []),
'zustand-033': ("S(exports(t,'react.d.ts'))", [("value exports only (no types)", "S(['useStore','create'])")]),
'zustand-034': ("P(importers(t,'immer',resolved=False))", [("also Markdown code samples in readme.md", "P(importers(t,'immer',resolved=False)+['readme.md'])"),("JS only", "P(importers(t,'immer',resolved=False,include_dts=False))"),
                ("any file mentioning immer", "P(p for p in allfiles(t) if 'immer' in read(t,p).lower())")]),
'zustand-035': ("H(grep(t,'use-sync-external-store'))", [("files only", "files_of(H(grep(t,'use-sync-external-store')))"), ("code files only", "H(grep(t,'use-sync-external-store',exts=CODE_EXTS))")]),
'zustand-036': ("N(count_occ(t,'__PURE__'))", [("as hits", "H(grep(t,'__PURE__'))")]),
'zustand-037': ("H(grep(t,'console.warn'))", [("files only", "files_of(H(grep(t,'console.warn')))")]),
'zustand-038': ("H(grep(t,'localStorage'))", [("code only (.js/.mjs)", "H(grep(t,'localStorage',exts=JS_EXTS))"), ("files only", "files_of(H(grep(t,'localStorage')))"),
                ("case-insensitive", "H(grep(t,'localstorage',icase=True))")]),
'zustand-039': ("J(extcount(t))", 'EXTCOUNT'),
'zustand-040': ("N(len([p for p in allfiles(t) if p.endswith('.mjs')]))", []),
'zustand-041': ("P([p for p in allfiles(t) if size(t,p)==0])", []),
'zustand-042': ("P([p for p in allfiles(t) if p.endswith('.tsx')])", [("count", "N(0)")]),
'zustand-043': ("P(alldirs(t))", [("folders and files", "P(alldirs(t)+allfiles(t))")]),
'zustand-044': ("N(len(alldirs(t)))", [("including the root", "N(len(alldirs(t))+1)"), ("top-level only", "N(len(alldirs(t,recursive=False)))")]),
'zustand-045': ("P(allfiles(t,'react'))", [("also esm/react", "P(allfiles(t,'react')+allfiles(t,'esm/react'))")]),
'zustand-046': ("N(nlines(t,'esm/vanilla/shallow.mjs'))", []),
'zustand-047': ("P([max(allfiles(t), key=lambda p:(nlines(t,p),p))])", [("code files only", "P([max([p for p in allfiles(t) if p.endswith(CODE_EXTS)], key=lambda p:(nlines(t,p),p))])")]),
'zustand-048': ("S(h2(t,'readme.md'))", [("with ## prefix", "S('## '+h for h in h2(t,'readme.md'))"), ("ordered", "J(h2(t,'readme.md'))")]),
'zustand-049': ("N(size(t,'package.json'))", []),
'zustand-050': ("P(smallest_nonempty(t))", []),
'zustand-051': ("H(grep(t,r'^function createJSONStorage\\b',regex=True,exts=JS_EXTS))", 'DEF:^(?:function createJSONStorage\\b|export declare function createJSONStorage\\b)'),
'zustand-052': ("P(p for p in allfiles(t) if 'Object.is' in read(t,p))", [("as hits", "H(grep(t,'Object.is'))")]),
'zustand-053': ("H(grep(t,'TODO'))", [("files only", "P([])"), ("count", "N(0)")]),
'zustand-054': ("T(pkg(t,'license'))", []),
'zustand-055': ("T(lines(t,'LICENSE',1,1))", []),
'zustand-056': ("H(grep(t,r'^const combine\\s*=',regex=True,exts=JS_EXTS))", 'DEF:^(?:const combine\\s*=|export declare const combine\\b)'),
'zustand-057': ("S(exports(t,'index.d.ts'))", [("the re-exported modules", "S(['./vanilla','./react'])"), ("value exports only", "S(['createStore','create','useStore'])")]),
'zustand-058': ("P(importers(t,'./vanilla',resolved=False,kinds=('import','reexport')))", [("import statements only (not export * from)", "P(importers(t,'./vanilla',resolved=False,kinds=('import',)))"),
                ("also ./vanilla.mjs", "P(importers(t,lambda s: s in ('./vanilla','./vanilla.mjs'),resolved=False,kinds=('import','reexport')))")]),
'zustand-059': ("P([p for p in allfiles(t) if re.match(r'tsconfig.*\\.json$', p.split('/')[-1])])", [("count", "N(0)")]),
'zustand-060': ("N(sum(nlines(t,p) for p in allfiles(t) if p.endswith('.js')))", [("top-level .js only", "N(sum(nlines(t,p) for p in allfiles(t,recursive=False) if p.endswith('.js')))"),
                ("all JS incl. .mjs", "N(sum(nlines(t,p) for p in allfiles(t) if p.endswith(('.js','.mjs'))))")]),
}


def h2(t, p):
    out, fence = [], False
    for line in read(t, p).split('\n'):
        if line.startswith('```'):
            fence = not fence
            continue
        if not fence and line.startswith('## '):
            out.append(line[3:].strip())
    return out


def extcount(t, compound=False, dots=True, none_key=''):
    d = {}
    for p in allfiles(t):
        e = ext(p, compound)
        k = (e if dots else e.lstrip('.')) if e else none_key
        if k is None:
            continue
        d[k] = d.get(k, 0) + 1
    return d


def smallest_nonempty(t):
    fs = [p for p in allfiles(t) if size(t, p) > 0]
    m = min(size(t, p) for p in fs)
    return [p for p in fs if size(t, p) == m]


NONE_KEYS = ['', '(none)', 'none', 'no extension']


def gen_accept(t, spec):
    if spec == 'EXTS':
        out = []
        es = sorted({ext(p) for p in allfiles(t)} - {''})
        for dots in (True, False):
            base = es if dots else [e.lstrip('.') for e in es]
            out.append({"reading": "dots=%s, no-extension files omitted" % dots, "how": "EXTS dots=%s" % dots, **S(base)} if not dots else None)
            for nk in NONE_KEYS:
                out.append({"reading": "dots=%s, no-extension files as %r" % (dots, nk), "how": "EXTS dots=%s none=%r" % (dots, nk), **S(base + [nk])})
            # dotfile name as its own extension (.gitattributes)
            dotexts = sorted({'.' + p.split('/')[-1][1:].split('.')[-1] for p in allfiles(t) if p.split('/')[-1].startswith('.') and '.' not in p.split('/')[-1][1:]})
            out.append({"reading": "dots=%s, dotfile name counted as extension" % dots, "how": "EXTS dots=%s dotfiles" % dots,
                        **S(base + [d if dots else d.lstrip('.') for d in dotexts])})
        return [o for o in out if o]
    if spec == 'EXTCOUNT':
        out = []
        for compound in (False, True):
            for dots in (True, False):
                for nk in NONE_KEYS + ['LICENSE', None]:
                    if not compound and dots and nk == '':
                        continue
                    out.append({"reading": "compound=%s dots=%s no-ext key=%r" % (compound, dots, nk),
                                "how": "extcount(t,compound=%s,dots=%s,none_key=%r)" % (compound, dots, nk),
                                **J(extcount(t, compound, dots, nk))})
        return out
    if spec.startswith('DEF:'):
        rx = spec[4:]
        out = []
        variants = [
            ("CJS .js only", dict(exts=('.js',))),
            ("ESM .mjs only", dict(exts=('.mjs',))),
            ("JS plus .d.ts/.d.mts declarations", dict(exts=None)),
            ("CJS .js plus its .d.ts", dict(exts=('.js', '.d.ts'))),
        ]
        for name, kw in variants:
            g = H(grep(t, rx, regex=True, **kw))
            out.append({"reading": name, "how": "H(grep(t,%r,regex=True,exts=%r))" % (rx, kw['exts']), **g})
            out.append({"reading": name + ", files only", "how": "files_of(...)", **files_of(g)})
        return out
    raise ValueError(spec)


def main():
    draft = open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8').read().split('\n')
    reqs = []
    for line in draft:
        if not line.strip() or line.startswith('#'):
            continue
        rid, cat, text = [x.strip() for x in line.split('|', 2)]
        empty = text.endswith('[EMPTY]')
        if empty:
            text = text[:-len('[EMPTY]')].rstrip()
        t = rid.rsplit('-', 1)[0]
        how, acc = HOW[rid]
        env = dict(globals()); env['t'] = t
        gold = eval(how, env)
        if isinstance(acc, str):
            accept = gen_accept(t, acc)
        else:
            accept = []
            for reading, ah in acc:
                g = eval(ah, env)
                accept.append({"reading": reading, "how": ah, **g})
        # drop accepts identical to gold or to each other
        seen = [json.dumps({k: v for k, v in gold.items()}, sort_keys=True)]
        acc2 = []
        for a in accept:
            key = json.dumps({k: v for k, v in a.items() if k not in ('reading', 'how')}, sort_keys=True)
            if key not in seen:
                seen.append(key); acc2.append(a)
        reqs.append({"id": rid, "tree": t, "category": cat, "request": text, "expected_empty": empty,
                     "gold": gold, "accept": acc2, "how": how})
    assert len(reqs) == 120, len(reqs)
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as f:
        json.dump(reqs, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print('wrote', len(reqs))


if __name__ == '__main__':
    main()
