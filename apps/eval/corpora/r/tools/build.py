#!/usr/bin/env python3
"""Build /work/corpus-r/requests.json from requests-draft.txt + the SPEC table below.
Each SPEC entry: id -> (how, [(reading, how), ...]).  `how` is a Python expression
evaluated with the helpers of lib.py, with the request's tree selected."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib
from lib import *  # noqa

OUT = '/work/corpus-r'

SPEC = {
 # ------------------------------------------------------------ yargs-parser
 'yp-001': ("N(len(files()))", []),
 'yp-002': ("N(len(files('build/lib', ext='.js')))", []),
 'yp-003': ("P(entries('build'))", [
     ("every file under build/, recursive", "P(files('build'))"),
     ("every file and folder under build/, recursive", "P(entries('build', recursive=True))")]),
 'yp-004': ("T(read('browser.js'))", [
     ("file text without the final newline", "T(read('browser.js').rstrip('\\n'))")]),
 'yp-005': ("T(lines('build/lib/string-utils.js', 1, 20))", [
     ("same lines with a trailing newline", "T(lines('build/lib/string-utils.js', 1, 20) + '\\n')")]),
 'yp-006': ("N(nlines('build/index.cjs'))", []),
 'yp-007': ("P(by_size()[:1])", []),
 'yp-008': ("P(by_size()[:3], ordered=True)", []),
 'yp-009': ("H(grep('TODO'))", []),
 'yp-010': ("H(defs('camelCase'))", [
     ("only the ESM build module string-utils.js", "H(defs('camelCase', only='build/lib/string-utils.js'))")]),
 'yp-011': ("H(defs('YargsParser'))", [
     ("only the ESM build module yargs-parser.js", "H(defs('YargsParser', only='build/lib/yargs-parser.js'))")]),
 'yp-012': ("S(imports('build/lib/index.js'))", [
     ("local imports resolved to tree paths, builtins as written",
      "S([resolve('build/lib/index.js', s) or s for s in imports('build/lib/index.js')])")]),
 'yp-013': ("P(importers('build/lib/string-utils.js'))", [
     ("also counting the bundled build/index.cjs which inlines string-utils (no import statement)",
      "P(importers('build/lib/string-utils.js') + ['build/index.cjs'])")]),
 'yp-014': ("S(exports('build/lib/string-utils.js'))", []),
 'yp-015': ("J(pkg('version'))", []),
 'yp-016': ("S(pkg('scripts').keys())", [
     ("the whole scripts object", "J(pkg('scripts'))")]),
 'yp-017': ("J(pkg('scripts', 'test'))", [
     ("test script plus its pretest hook", "J({'pretest': pkg('scripts', 'pretest'), 'test': pkg('scripts', 'test')})")]),
 'yp-018': ("S(list((pkg('dependencies') or {}).keys()))", [
     ("field is absent", "J(None)"), ("empty object", "J({})"), ("zero", "N(0)")]),
 'yp-019': ("N(len(pkg('devDependencies')))", []),
 'yp-020': ("J(pkg('devDependencies', 'typescript'))", []),
 'yp-021': ("J(pkg('main'))", [
     ("as a tree path", "P([pkg('main')])"),
     ("with ./ prefix", "J('./' + pkg('main'))")]),
 'yp-022': ("J(pkg('license'))", []),
 'yp-023': ("J(pkg('exports'))", []),
 'yp-024': ("J(pkg('engines', 'node'))", [
     ("the whole engines object", "J(pkg('engines'))")]),
 'yp-025': ("P(dirs())", [
     ("top level only", "P(dirs(recursive=False))")]),
 'yp-026': ("S(ext_counts().keys())", [
     ("extensions without the dot", "S(ext_counts(dot=False).keys())")]),
 'yp-027': ("N(len(files(ext='.md')))", []),
 'yp-028': ("P(files(ext='.ts') + files(ext='.tsx') + files(ext='.cts') + files(ext='.mts'))", [
     ("zero", "N(0)")]),
 'yp-029': ("P(files('test'))", [("zero", "N(0)")]),
 'yp-030': ("P(grep_files('looksLikeNumber'))", [
     ("code files only (no docs)", "P([p for p in grep_files('looksLikeNumber') if p.endswith(('.js', '.cjs'))])"),
     ("every matching line", "H(grep('looksLikeNumber'))")]),
 'yp-031': ("H(grep('process.env'))", [
     ("code files only", "H(grep('process.env', only=[p for p in files() if p.endswith(('.js','.cjs'))]))")]),
 'yp-032': ("N(sum(nlines(p) for p in files('build/lib', ext='.js')))", []),
 'yp-033': ("T(tail('build/index.cjs', 5))", [
     ("same lines with a trailing newline", "T(tail('build/index.cjs', 5) + '\\n')")]),
 'yp-034': ("H(defs('tokenizeArgString'))", [
     ("only the ESM build module", "H(defs('tokenizeArgString', only='build/lib/tokenize-arg-string.js'))")]),
 'yp-035': ("S(imports('build/index.cjs'))", []),
 'yp-036': ("S(imports('build/lib/yargs-parser.js'))", [
     ("resolved to tree paths", "S([resolve('build/lib/yargs-parser.js', s) for s in imports('build/lib/yargs-parser.js')])")]),
 'yp-037': ("H(defs('combineAliases'))", [
     ("only the ESM build module", "H(defs('combineAliases', only='build/lib/yargs-parser.js'))")]),
 'yp-038': ("H(grep('halt-at-non-option', only='README.md'))", []),
 'yp-039': ("N(len(exports('build/lib/string-utils.js')))", []),
 'yp-040': ("N(size('README.md'))", []),
 'yp-041': ("P(importers(pkg='lodash'))", [("zero", "N(0)")]),
 'yp-042': ("T(read('build/lib/yargs-parser-types.js'))", [
     ("file text without the final newline", "T(read('build/lib/yargs-parser-types.js').rstrip('\\n'))")]),
 'yp-043': ("N(occurrences('DefaultValuesForTypeKey', 'build/lib/yargs-parser.js'))", [
     ("number of lines containing it", "N(len(grep('DefaultValuesForTypeKey', only='build/lib/yargs-parser.js')))")]),
 'yp-044': ("P([p for p in files() if size(p) > 10240])", [
     ("10KB = 10000 bytes", "P([p for p in files() if size(p) > 10000])")]),
 'yp-045': ("P(sorted(files(), key=lambda p: (-nlines(p), p))[:1])", []),
 'yp-046': ("S(pkg('keywords'))", [("the array as written (with duplicate)", "J(pkg('keywords'))")]),
 'yp-047': ("T(head('CHANGELOG.md', 10))", [
     ("same lines with a trailing newline", "T(head('CHANGELOG.md', 10) + '\\n')")]),
 'yp-048': ("H(grep('configObjects'))", [
     ("code files only", "H(grep('configObjects', only=[p for p in files() if p.endswith(('.js','.cjs'))]))")]),
 'yp-049': ("N(nlines('LICENSE.txt'))", []),
 'yp-050': ("P(entries())", [("files only", "P(files(recursive=False))")]),
 # ------------------------------------------------------------ node-fetch
 'nf-001': ("N(len(files('src')))", [
     ("only files directly in src/", "N(len(files('src', recursive=False)))")]),
 'nf-002': ("P(entries('src/utils'))", []),
 'nf-003': ("N(len(files(ext='.js')))", []),
 'nf-004': ("T(read('src/errors/abort-error.js'))", [
     ("file text without the final newline", "T(read('src/errors/abort-error.js').rstrip('\\n'))")]),
 'nf-005': ("T(lines('src/errors/fetch-error.js', 10, 20))", [
     ("same lines with a trailing newline", "T(lines('src/errors/fetch-error.js', 10, 20) + '\\n')")]),
 'nf-006': ("N(nlines('src/index.js'))", []),
 'nf-007': ("P(by_size('src')[:1])", []),
 'nf-008': ("P(by_size()[:5], ordered=True)", []),
 'nf-009': ("P(by_size(reverse=False)[:1])", []),
 'nf-010': ("H(defs('fetch', under='src'))", [
     ("also the TypeScript declaration", "H(defs('fetch', only=files('src') + ['@types/index.d.ts']))")]),
 'nf-011': ("H(defs('Headers', under='src'))", [
     ("also the TypeScript declaration", "H(defs('Headers', only=files('src') + ['@types/index.d.ts']))")]),
 'nf-012': ("H(defs('getNodeRequestOptions'))", []),
 'nf-013': ("H(defs('FetchBaseError'))", []),
 'nf-014': ("S(imports('src/index.js'))", [
     ("local imports resolved to tree paths", "S([resolve('src/index.js', s) or s for s in imports('src/index.js')])"),
     ("third-party and builtin specifiers only (no relative)", "S([s for s in imports('src/index.js') if not s.startswith('.')])")]),
 'nf-015': ("P(importers('src/body.js'))", []),
 'nf-016': ("P(importers(pkg='fetch-blob'))", [
     ("src only (no type declarations)", "P(importers(pkg='fetch-blob', under='src'))")]),
 'nf-017': ("S([s for s in imports('src/body.js') if s.startswith('node:')])", [
     ("without the node: prefix", "S([s[5:] for s in imports('src/body.js') if s.startswith('node:')])")]),
 'nf-018': ("S(exports('src/utils/is.js'))", []),
 'nf-019': ("S(exports('src/utils/referrer.js'))", []),
 'nf-020': ("S(exports('src/index.js'))", [
     ("default export named by its function name", "S(exports('src/index.js', default_as='name'))"),
     ("named exports only", "S(exports('src/index.js', default_as=None))")]),
 'nf-021': ("J(pkg('dependencies'))", [("names only", "S(pkg('dependencies').keys())")]),
 'nf-022': ("J(pkg('version'))", []),
 'nf-023': ("S(pkg('scripts').keys())", [("the whole scripts object", "J(pkg('scripts'))")]),
 'nf-024': ("J(pkg('scripts', 'lint'))", []),
 'nf-025': ("J(pkg('types'))", [("as a tree path", "P([pkg('types')[2:]])")]),
 'nf-026': ("J(pkg('engines', 'node'))", [("the whole engines object", "J(pkg('engines'))")]),
 'nf-027': ("N(len(pkg('devDependencies')))", []),
 'nf-028': ("J(pkg('devDependencies', 'mocha'))", []),
 'nf-029': ("J(pkg('homepage'))", []),
 'nf-030': ("P(dirs())", [("top level only", "P(dirs(recursive=False))")]),
 'nf-031': ("J(ext_counts())", [
     ("index.d.ts keyed as .d.ts", "J(ext_counts(double=True))"),
     ("extensions without the dot", "J(ext_counts(dot=False))"),
     ("without the dot, d.ts", "J(ext_counts(double=True, dot=False))")]),
 'nf-032': ("H(grep('TODO', under='src'))", [("zero", "N(len(grep('TODO', under='src')))")]),
 'nf-033': ("H(grep('highWaterMark', under='src'))", []),
 'nf-034': ("H(grep('strict-origin-when-cross-origin'))", [
     ("src only", "H(grep('strict-origin-when-cross-origin', under='src'))")]),
 'nf-035': ("H([h for h in grep('console.log', under='src') if not re.match(r'\\s*(//|/?\\*)', line_list(h['file'])[h['line'] - 1])])", [
     ("any textual mention, including the one in a doc comment", "H(grep('console.log', under='src'))")]),
 'nf-036': ("P(files(name_re=r'(\\.|-|_)(test|spec)\\.[cm]?[jt]s$') + files('test'))", [("zero", "N(0)")]),
 'nf-037': ("P(importers(pkg='axios'))", [("zero", "N(0)")]),
 'nf-038': ("J(pkg('files'))", []),
 'nf-039': ("N(sum(nlines(p) for p in files('src')))", [
     ("non-blank lines only", "N(sum(nonblank(p) for p in files('src')))")]),
 'nf-040': ("N(len(files('@types')))", []),
 'nf-041': ("H(defs('toFormData'))", []),
 'nf-042': ("H(defs('isRedirect', under='src'))", [
     ("also the TypeScript declaration", "H(defs('isRedirect', only=files('src') + ['@types/index.d.ts']))")]),
 'nf-043': ("P(importers('src/utils/is.js'))", []),
 'nf-044': ("N(occurrences('INTERNALS', 'src/request.js'))", [
     ("number of lines containing it", "N(len(grep('INTERNALS', only='src/request.js')))")]),
 'nf-045': ("T(tail('src/headers.js', 10))", [
     ("same lines with a trailing newline", "T(tail('src/headers.js', 10) + '\\n')")]),
 'nf-046': ("J({p: nlines(p) for p in files('src/errors')})", []),
 'nf-047': ("H(grep('AbortController', only='README.md'))", [
     ("case-insensitive", "H(grep('AbortController', only='README.md', icase=True))")]),
 'nf-048': ("N(len(classes('src')))", [("the class names", "S(classes('src'))")]),
 'nf-049': ("P(files(ext='.ts'))", []),
 'nf-050': ("P(files('lib'))", [("zero", "N(0)")]),
}


def ev(how, tree):
    lib.set_tree(tree)
    return eval(how, dict(vars(lib)))


def main():
    reqs = []
    for line in open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8'):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            continue
        rid, cat, text = [x.strip() for x in line.split('|', 2)]
        empty = text.endswith('[EMPTY]')
        if empty:
            text = text[:-len('[EMPTY]')].strip()
        tree = 'yargs-parser' if rid.startswith('yp-') else 'node-fetch'
        how, accepts = SPEC[rid]
        gold = ev(how, tree)
        acc = []
        for reading, ahow in accepts:
            g = ev(ahow, tree)
            if g == gold or g in [{k: v for k, v in a.items() if k not in ('how', 'reading')} for a in acc]:
                continue
            g = dict(g)
            g['how'] = ahow
            g['reading'] = reading
            acc.append(g)
        r = {'id': rid, 'tree': tree, 'category': cat, 'request': text,
             'gold': gold, 'accept': acc, 'how': how}
        if empty:
            r['expected_empty'] = True
        reqs.append(r)
    assert len(reqs) == 100 and len({r['id'] for r in reqs}) == 100
    missing = set(SPEC) - {r['id'] for r in reqs}
    assert not missing, missing
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as fh:
        json.dump(reqs, fh, indent=1, ensure_ascii=False)
        fh.write('\n')
    print('wrote', len(reqs))


if __name__ == '__main__':
    main()
