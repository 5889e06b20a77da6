#!/usr/bin/env python3
"""Build /work/corpus-m/requests.json from requests-draft.txt + the `how` specs below.

Each spec: S(id, kind, how, *accepts, ordered=False); accept: A(reading, kind, how, ordered=False).
`how` is a Python expression evaluated with the helpers of lib.py, with the tree root
set to the request's tree.  Request text is copied verbatim from the draft (minus [EMPTY]).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib  # noqa: E402
from lib import *  # noqa: F401,F403,E402

OUT = '/work/corpus-m'
TREE_OF = {'fg': 'fast-glob', 'ky': 'ky', 'joi': 'joi'}
SPECS = {}


def S(id_, kind, how, *acc, ordered=False):
    SPECS[id_] = dict(kind=kind, how=how, acc=list(acc), ordered=ordered)


def A(reading, kind, how, ordered=False):
    return dict(reading=reading, kind=kind, how=how, ordered=ordered)


JS = "files('out', ext='.js')"
DTS_TOO = "files(ext=['.js','.d.ts'])"

# =========================================================== fast-glob
S('fg-001', 'number', "count(files())")
S('fg-002', 'number', "count(files('out', ext='.js'))")
S('fg-003', 'number', "count(files(ext='.d.ts'))")
S('fg-004', 'paths', "files('out/providers/filters')")
S('fg-005', 'paths', "dirs('out', recursive=False)",
  A('all folders under out, recursively', 'paths', "dirs('out')"))
S('fg-006', 'number', "count(files('out/utils'))")
S('fg-007', 'text', "text('out/utils/string.js')")
S('fg-008', 'text', "read_lines('out/settings.js', 1, 20)")
S('fg-009', 'number', "nlines('out/utils/pattern.js')",
  A('wc -l (newline count)', 'number', "wcl('out/utils/pattern.js')"))
S('fg-010', 'number', "sum(nlines(p) for p in files('out', ext='.js'))",
  A('wc -l total', 'number', "sum(wcl(p) for p in files('out', ext='.js'))"),
  A('js and .d.ts files', 'number', "sum(nlines(p) for p in files('out', ext=['.js','.ts']))"))
S('fg-011', 'paths', "largest(1)", ordered=True)
S('fg-012', 'paths', "largest(5)", ordered=True)
S('fg-013', 'number', "size('package.json')")
S('fg-014', 'hits', "grep('micromatch')",
  A('files only', 'paths', "hit_files(grep('micromatch'))"),
  A('case-insensitive', 'hits', "grep('micromatch', icase=True)"),
  A('code files only (out/)', 'hits', "grep('micromatch', files('out'))"))
S('fg-015', 'hits', "grep('isEnoentCodeError')",
  A('files only', 'paths', "hit_files(grep('isEnoentCodeError'))"),
  A('.js only', 'hits', "grep('isEnoentCodeError', files(ext='.js'))"),
  A('call sites only (excluding the utils/errno definition and export files)', 'hits',
    "[h for h in grep('isEnoentCodeError', files(ext='.js')) if h['file'] != 'out/utils/errno.js']"))
S('fg-016', 'hits', "grep(r'^class ReaderStream\\b', regex=True)",
  A('with the .d.ts declaration', 'hits', "grep(r'^(export )?(default )?(declare )?class ReaderStream\\b', regex=True)"))
S('fg-017', 'hits', "grep(r'^class Settings\\b', regex=True)",
  A('with the .d.ts declaration', 'hits', "grep(r'^(export (default )?)?(declare )?(default )?class Settings\\b', regex=True)"))
S('fg-018', 'hits', "grep(r'^function convertPatternsToTasks\\b', regex=True)",
  A('with the .d.ts declaration', 'hits', "grep(r'^(export declare )?function convertPatternsToTasks\\b', regex=True)"))
S('fg-019', 'strings', "imports('out/index.js')",
  A('resolved to tree paths', 'strings', "resolved_imports('out/index.js')"))
S('fg-020', 'strings', "imports('out/readers/stream.js')",
  A('resolved to tree paths', 'strings', "resolved_imports('out/readers/stream.js')"))
S('fg-021', 'paths', "importers('out/utils/index.js', files('out', ext='.js'))",
  A('including .d.ts files', 'paths', "importers('out/utils/index.js', files('out', ext=['.js','.d.ts']))"))
S('fg-022', 'paths', "importers('@nodelib/fs.walk', files('out', ext='.js'))",
  A('including .d.ts files', 'paths', "importers('@nodelib/fs.walk', files('out', ext=['.js','.d.ts']))"),
  A('any file mentioning it (incl. package.json / README)', 'paths', "hit_files(grep('@nodelib/fs.walk'))"))
S('fg-023', 'strings', "exports('out/utils/array.js')")
S('fg-024', 'strings', "exports('out/utils/pattern.js')")
S('fg-025', 'text', "pkg('version')")
S('fg-026', 'strings', "keys(pkg('scripts'))",
  A('scripts object', 'json', "pkg('scripts')"))
S('fg-027', 'strings', "keys(pkg('dependencies'))",
  A('dependencies object', 'json', "pkg('dependencies')"),
  A('dependencies + devDependencies names', 'strings', "keys(pkg('dependencies')) + keys(pkg('devDependencies'))"))
S('fg-028', 'number', "len(pkg('devDependencies'))")
S('fg-029', 'text', "pkg('main')")
S('fg-030', 'text', "pkg('engines', 'node')",
  A('engines object', 'json', "pkg('engines')"))
S('fg-031', 'text', "pkg('scripts', 'test')")
S('fg-032', 'strings', "extensions(multi=True)",
  A('last suffix only', 'strings', "extensions(multi=False)"),
  A('without dots, compound', 'strings', "extensions(multi=True, dot=False)"),
  A('without dots, last suffix', 'strings', "extensions(multi=False, dot=False)"))
S('fg-033', 'hits', "grep('TODO')",
  A('files', 'paths', "hit_files(grep('TODO'))"))
S('fg-034', 'number', "count(files(ext='.map'))",
  A('list of map files', 'paths', "files(ext='.map')"))
S('fg-035', 'paths', "files('out/readers')")
S('fg-036', 'hits', "grep(r'^\\s*function isDynamicPattern\\b', files(ext='.js'), regex=True)",
  A('only the utils/pattern.js implementation', 'hits', "grep(r'^function isDynamicPattern\\b', files('out/utils'), regex=True)"),
  A('with .d.ts declarations', 'hits', "grep(r'^\\s*(export )?(declare )?function isDynamicPattern\\b', regex=True)"),
  A('files only', 'paths', "hit_files(grep(r'^\\s*function isDynamicPattern\\b', files(ext='.js'), regex=True))"))
S('fg-037', 'paths', "hit_files(grep('suppressErrors'))",
  A('code files only (out/)', 'paths', "hit_files(grep('suppressErrors', files('out')))"),
  A('.js only', 'paths', "hit_files(grep('suppressErrors', files(ext='.js')))"))
S('fg-038', 'paths', "importers('out/providers/provider.js', files('out', ext='.js'))",
  A('including .d.ts importers of provider.d.ts', 'paths',
    "sorted(set(importers('out/providers/provider.js', files('out', ext='.js')) + importers('out/providers/provider.d.ts', files('out', ext='.d.ts'))))"))
S('fg-039', 'number', "nlines('README.md')",
  A('wc -l', 'number', "wcl('README.md')"))
S('fg-040', 'text', "tail('out/index.js', 10)")
S('fg-041', 'number', "count(grep(r'^\\s*class \\w+', files(ext='.js'), regex=True))",
  A('also counting .d.ts class declarations', 'number', "count(grep(r'^\\s*(export )?(declare )?(default )?class \\w+', files(ext=['.js','.d.ts']), regex=True))"))
S('fg-042', 'number', "occurrences('require(', 'out/index.js')")
S('fg-043', 'paths', "files('out/providers', ext='.d.ts')")
S('fg-044', 'paths', "dirs()",
  A('top level only', 'paths', "dirs(recursive=False)"))
S('fg-045', 'hits', "grep('console.log')",
  A('files', 'paths', "hit_files(grep('console.log'))"))
S('fg-046', 'json', "pkg('author')",
  A('name only', 'text', "pkg('author', 'name')"))
S('fg-047', 'text', "pkg('license')")
S('fg-048', 'hits', "grep(r'^class ErrorFilter\\b', regex=True)",
  A('with .d.ts declaration', 'hits', "grep(r'^(export (default )?)?(declare )?(default )?class ErrorFilter\\b', regex=True)"))
S('fg-049', 'strings', "exports('out/utils/string.js')")
S('fg-050', 'number', "total_size(files('out'))")
S('fg-051', 'number', "count(files('out/providers'))")
S('fg-052', 'hits', "grep('IS_WINDOWS_PLATFORM', ['out/utils/path.js'])")
S('fg-053', 'paths', "empty_files()",
  A('count', 'number', "count(empty_files())"))
S('fg-054', 'strings', "[d for d in keys(pkg('dependencies')) if 'lodash' in d]",
  A('count', 'number', "len([d for d in keys(pkg('dependencies')) if 'lodash' in d])"))
S('fg-055', 'text', "text('out/utils/errno.js')")

# =========================================================== ky
S('ky-001', 'number', "count(files('distribution'))")
S('ky-002', 'number', "count(files(ext='.map'))")
S('ky-003', 'paths', "files('distribution/errors')")
S('ky-004', 'paths', "dirs('distribution', recursive=False)")
S('ky-005', 'text', "text('distribution/utils/is.js')")
S('ky-006', 'text', "read_lines('distribution/core/Ky.js', 1, 10)")
S('ky-007', 'number', "nlines('distribution/core/Ky.js')",
  A('wc -l', 'number', "wcl('distribution/core/Ky.js')"))
S('ky-008', 'paths', "largest(3)", ordered=True)
S('ky-009', 'paths', "largest(1, files(ext='.js'))", ordered=True)
S('ky-010', 'hits', "grep('AbortController')",
  A('files', 'paths', "hit_files(grep('AbortController'))"),
  A('excluding source maps', 'hits', "grep('AbortController', no_maps(files()))"),
  A('code only (.js/.d.ts)', 'hits', "grep('AbortController', files(ext=['.js','.d.ts']))"),
  A('case-insensitive', 'hits', "grep('AbortController', icase=True)"))
S('ky-011', 'hits', "grep(r'^export class HTTPError\\b', regex=True)",
  A('with .d.ts declaration', 'hits', "grep(r'^export (declare )?class HTTPError\\b', regex=True)"))
S('ky-012', 'hits', "grep(r'^export const validateAndMerge\\b', files(ext='.js'), regex=True)",
  A('with .d.ts declaration', 'hits', "grep(r'^export (declare )?const validateAndMerge\\b', files(ext=['.js','.d.ts']), regex=True)"))
S('ky-013', 'hits', "grep(r'^export type KyInstance\\b', regex=True)",
  A('also the re-export in index.d.ts', 'hits', "grep(r'^export type (KyInstance\\b|\\{ KyInstance \\})', regex=True)"))
S('ky-014', 'strings', "imports('distribution/core/Ky.js')",
  A('resolved paths', 'strings', "resolved_imports('distribution/core/Ky.js')"))
S('ky-015', 'strings', "imports('distribution/index.js')",
  A('import statements only (no export-from)', 'strings', "imports('distribution/index.js', reexports=False)"),
  A('resolved paths', 'strings', "resolved_imports('distribution/index.js')"))
S('ky-016', 'paths', "importers('distribution/core/constants.js', files(ext='.js'))",
  A('including .d.ts importing constants.d.ts', 'paths',
    "sorted(set(importers('distribution/core/constants.js', files(ext='.js')) + importers('distribution/core/constants.d.ts', files(ext='.d.ts'))))"))
S('ky-017', 'paths', "importers('distribution/errors/TimeoutError.js', files(ext='.js'))",
  A('import statements only (no re-export)', 'paths', "importers('distribution/errors/TimeoutError.js', files(ext='.js'), reexports=False)"),
  A('including .d.ts', 'paths',
    "sorted(set(importers('distribution/errors/TimeoutError.js', files(ext='.js')) + importers('distribution/errors/TimeoutError.d.ts', files(ext='.d.ts'))))"))
S('ky-018', 'strings', "exports('distribution/core/constants.js')")
S('ky-019', 'strings', "exports('distribution/utils/merge.js')")
S('ky-020', 'text', "pkg('version')")
S('ky-021', 'strings', "keys(pkg('scripts'))",
  A('scripts object', 'json', "pkg('scripts')"))
S('ky-022', 'strings', "keys(pkg_get('dependencies', default={}))",
  A('count', 'number', "len(pkg_get('dependencies', default={}))"))
S('ky-023', 'number', "len(pkg('devDependencies'))")
S('ky-024', 'json', "pkg('exports')")
S('ky-025', 'text', "pkg('type')")
S('ky-026', 'strings', "pkg('keywords')")
S('ky-027', 'json', "ext_counts(multi=True)",
  A('last suffix only', 'json', "ext_counts(multi=False)"))
S('ky-028', 'number', "count(files(ext='.d.ts'))")
S('ky-029', 'hits', "grep('TODO')",
  A('excluding source maps', 'hits', "grep('TODO', no_maps(files()))"),
  A('files', 'paths', "hit_files(grep('TODO'))"))
S('ky-030', 'paths', "hit_files(grep('throwHttpErrors'))",
  A('excluding source maps', 'paths', "hit_files(grep('throwHttpErrors', no_maps(files())))"),
  A('code only (.js/.d.ts)', 'paths', "hit_files(grep('throwHttpErrors', files(ext=['.js','.d.ts'])))"))
S('ky-031', 'number', "nlines('readme.md')",
  A('wc -l', 'number', "wcl('readme.md')"))
S('ky-032', 'number', "count(files(recursive=False))",
  A('entries incl. the distribution folder', 'number', "count(entries())"))
S('ky-033', 'paths', "files(recursive=False)",
  A('entries incl. the distribution folder', 'paths', "entries()"))
S('ky-034', 'json', "pkg('engines')")
S('ky-035', 'hits', "grep(r'^export default async function delay\\b', regex=True)",
  A('with .d.ts declaration', 'hits', "grep(r'^export (default )?(declare )?(async )?function delay\\b', regex=True)"))
S('ky-036', 'hits', "grep('maxSafeTimeout')",
  A('excluding source maps', 'hits', "grep('maxSafeTimeout', no_maps(files()))"),
  A('.js only', 'hits', "grep('maxSafeTimeout', files(ext='.js'))"),
  A('files', 'paths', "hit_files(grep('maxSafeTimeout'))"))
S('ky-037', 'strings', "[n for m in __import__('re').finditer(r'(?ms)^export type \\{([^}]*)\\}', text('distribution/index.d.ts')) for n in [x.strip() for x in m.group(1).split(',')] if n]",
  A('every export of index.d.ts (incl. default, HTTPError, TimeoutError, ...)', 'strings', "exports('distribution/index.d.ts')"))
S('ky-038', 'number', "count(files('distribution/types', ext='.js'))")
S('ky-039', 'paths', "[p for p in files(ext='.js') if __import__('re').sub(r'(?m)^//# sourceMappingURL=.*$', '', text(p)).strip() == 'export {};']",
  A('also files that are only comments + export {}', 'paths',
    "[p for p in files(ext='.js') if lib._strip_comments(__import__('re').sub(r'(?m)^//# sourceMappingURL=.*$', '', text(p))).strip() == 'export {};']"))
S('ky-040', 'hits', "grep('XMLHttpRequest')",
  A('files', 'paths', "hit_files(grep('XMLHttpRequest'))"),
  A('code only (.js/.d.ts)', 'hits', "grep('XMLHttpRequest', files(ext=['.js','.d.ts']))"),
  A('excluding readme (code incl. maps)', 'hits', "grep('XMLHttpRequest', files('distribution'))"))
S('ky-041', 'number', "total_size(files('distribution'))")
S('ky-042', 'number', "nlines('distribution/utils/merge.js')",
  A('wc -l', 'number', "wcl('distribution/utils/merge.js')"))
S('ky-043', 'text', "read_lines('distribution/core/constants.js', 28, 45)")
S('ky-044', 'hits', "grep(r'^export class Ky\\b', regex=True)",
  A('with .d.ts declaration', 'hits', "grep(r'^export (declare )?class Ky\\b', regex=True)"))
S('ky-045', 'hits', "grep('retry', ['distribution/core/Ky.js'])",
  A('case-insensitive', 'hits', "grep('retry', ['distribution/core/Ky.js'], icase=True)"))
S('ky-046', 'paths', "importers('distribution/utils/merge.js', files(ext='.js'))",
  A('including .d.ts', 'paths',
    "sorted(set(importers('distribution/utils/merge.js', files(ext='.js')) + importers('distribution/utils/merge.d.ts', files(ext='.d.ts'))))"))
S('ky-047', 'paths', "files('distribution/utils', ext='.d.ts')")
S('ky-048', 'text', "pkg('engines', 'node')")
S('ky-049', 'number', "count(hit_files(grep('hooks')))",
  A('whole word', 'number', "count(hit_files(grep('hooks', word=True)))"),
  A('case-insensitive', 'number', "count(hit_files(grep('hooks', icase=True)))"),
  A('excluding source maps', 'number', "count(hit_files(grep('hooks', no_maps(files()))))"),
  A('excluding source maps, case-insensitive', 'number', "count(hit_files(grep('hooks', no_maps(files()), icase=True)))"),
  A('code only (.js/.d.ts)', 'number', "count(hit_files(grep('hooks', files(ext=['.js','.d.ts']))))"))
S('ky-050', 'paths', "[p for p in files() if __import__('re').search(r'(^|/)(tests?|__tests__|spec)(/|$)|\\.(test|spec)\\.', p)]",
  A('count', 'number', "len([p for p in files() if __import__('re').search(r'(^|/)(tests?|__tests__|spec)(/|$)|\\.(test|spec)\\.', p)])"))

# =========================================================== joi
S('joi-001', 'number', "count(files('lib'))",
  A('top level of lib only', 'number', "count(files('lib', recursive=False))"))
S('joi-002', 'number', "count(files('lib/types'))")
S('joi-003', 'paths', "files('lib/types')")
S('joi-004', 'paths', "dirs()",
  A('top level only', 'paths', "dirs(recursive=False)"))
S('joi-005', 'paths', "largest(1)", ordered=True)
S('joi-006', 'number', "size('dist/joi-browser.min.js')")
S('joi-007', 'number', "nlines('lib/base.js')",
  A('wc -l', 'number', "wcl('lib/base.js')"))
S('joi-008', 'number', "sum(nlines(p) for p in files('lib', ext='.js'))",
  A('wc -l', 'number', "sum(wcl(p) for p in files('lib', ext='.js'))"),
  A('top level of lib only', 'number', "sum(nlines(p) for p in files('lib', ext='.js', recursive=False))"),
  A('including index.d.ts', 'number', "sum(nlines(p) for p in files('lib'))"))
S('joi-009', 'text', "read_lines('lib/types/symbol.js', 1, 15)")
S('joi-010', 'text', "text('README.md')")
S('joi-011', 'hits', "grep(r'^exports\\.ValidationError = class\\b', regex=True)",
  A('with index.d.ts declarations', 'hits', "grep(r'^exports\\.ValidationError = class\\b|^\\s*(interface|class) ValidationError\\b', regex=True)"))
S('joi-012', 'hits', "grep(r'^internals\\.Base = class\\b', regex=True)")
S('joi-013', 'strings', "imports('lib/types/keys.js')",
  A('top-level requires only', 'strings', "imports('lib/types/keys.js', toplevel_only=True)"),
  A('resolved paths', 'strings', "resolved_imports('lib/types/keys.js')"))
S('joi-014', 'strings', "imports('lib/trace.js')",
  A('top-level requires only', 'strings', "imports('lib/trace.js', toplevel_only=True)"),
  A('resolved paths', 'strings', "resolved_imports('lib/trace.js')"))
S('joi-015', 'paths', "importers('lib/common.js', files('lib', ext='.js'))",
  A('top-level requires only', 'paths', "importers('lib/common.js', files('lib', ext='.js'), toplevel_only=True)"))
S('joi-016', 'paths', "importers('@hapi/topo', files('lib', ext='.js'))",
  A('any file mentioning it', 'paths', "hit_files(grep('@hapi/topo'))"))
S('joi-017', 'strings', "exports('lib/common.js')")
S('joi-018', 'strings', "exports('lib/errors.js')")
S('joi-019', 'strings', "keys(pkg('dependencies'))",
  A('dependencies object', 'json', "pkg('dependencies')"))
S('joi-020', 'strings', "keys(pkg('scripts'))",
  A('scripts object', 'json', "pkg('scripts')"))
S('joi-021', 'text', "pkg('version')")
S('joi-022', 'text', "pkg('license')")
S('joi-023', 'text', "pkg('browser')")
S('joi-024', 'number', "occurrences('$_addRule(', 'lib/types/string.js')",
  A('number of lines', 'number', "count(grep('$_addRule(', ['lib/types/string.js']))"),
  A('any mention of $_addRule', 'number', "occurrences('$_addRule', 'lib/types/string.js')"))
S('joi-025', 'hits', "grep('TODO')",
  A('files', 'paths', "hit_files(grep('TODO'))"),
  A('case-insensitive', 'hits', "grep('TODO', icase=True)"))
S('joi-026', 'paths', "hit_files(grep('@sideway/address'))",
  A('excluding dist bundle', 'paths', "hit_files(grep('@sideway/address', minus(files(), ['dist'])))"),
  A('lib only', 'paths', "hit_files(grep('@sideway/address', files('lib')))"))
S('joi-027', 'hits', "grep(r'^exports\\.describe = ', regex=True)",
  A('exports.describe and internals.describe in manifest.js', 'hits', "grep(r'^(exports|internals)\\.describe = ', regex=True)"),
  A('plus describe() methods of classes (Base, Ref, Template, Values, keys)', 'hits', "grep(r'^(exports|internals)\\.describe = |^    describe\\(', files('lib', ext='.js'), regex=True)"),
  A('plus index.d.ts declarations', 'hits', "grep(r'^(exports|internals)\\.describe = |^    describe\\(|^\\s*describe\\(', files('lib'), regex=True)"))
S('joi-028', 'number', "count(files(ext='.d.ts'))")
S('joi-029', 'strings', "extensions(multi=True)",
  A('last suffix', 'strings', "extensions(multi=False)"),
  A('no dots', 'strings', "extensions(multi=True, dot=False)"),
  A('no dots last suffix', 'strings', "extensions(multi=False, dot=False)"),
  A('.min.js counted separately', 'strings', "sorted(set(extensions(multi=True)) | {'.min.js'})"))
S('joi-030', 'paths', "largest(3, files('lib'))", ordered=True)
S('joi-031', 'paths', "[p for p in files(ext='.json') if p != 'package.json']",
  A('count', 'number', "len([p for p in files(ext='.json') if p != 'package.json'])"))
S('joi-032', 'hits', "grep('console.log', files('lib'))",
  A('files', 'paths', "hit_files(grep('console.log', files('lib')))"),
  A('whole tree', 'hits', "grep('console.log')"),
  A('any console.* call in lib', 'hits', "grep(r'\\bconsole\\.', files('lib'), regex=True)"))
S('joi-033', 'paths', "importers('lib/template.js', files('lib', ext='.js'))",
  A('top-level requires only', 'paths', "importers('lib/template.js', files('lib', ext='.js'), toplevel_only=True)"))
S('joi-034', 'number', "count(files('lib/types'))",
  A('types registered in lib/index.js (keys.js is a shared base)', 'number', "count([p for p in files('lib/types') if p != 'lib/types/keys.js'])"))
S('joi-035', 'text', "read_lines('lib/common.js', 17, 30)")
S('joi-036', 'hits', "grep(r'^exports\\.tryWithPath = ', regex=True)")
S('joi-037', 'hits', "grep('isIsoDate')",
  A('lib only', 'hits', "grep('isIsoDate', files('lib'))"),
  A('lib only, excluding the definition', 'hits', "[h for h in grep('isIsoDate', files('lib')) if not (h['file']=='lib/common.js' and text('lib/common.js').splitlines()[h['line']-1].startswith('exports.isIsoDate'))]"),
  A('files', 'paths', "hit_files(grep('isIsoDate'))"))
S('joi-038', 'paths', "most_lines(1, files('lib'))",
  A('.js files only', 'paths', "most_lines(1, files('lib', ext='.js'))", ordered=True), ordered=True)
S('joi-039', 'text', "pkg('main')")
S('joi-040', 'text', "pkg('dependencies', '@hapi/hoek')")
S('joi-041', 'paths', "files('dist')")
S('joi-042', 'number', "count([p for p in files() if ext_of(p) == ''])",
  A('list', 'paths', "[p for p in files() if ext_of(p) == '']"))
S('joi-043', 'strings', "exports('lib/messages.js')")
S('joi-044', 'strings', "[s for s in imports('lib/template.js') if not s.startswith('.')]",
  A('package names', 'strings', "package_names(imports('lib/template.js'))"))
S('joi-045', 'paths', "[d for d in dirs() if d.split('/')[-1] in ('test', 'tests', '__tests__', 'spec')]",
  A('count', 'number', "len([d for d in dirs() if d.split('/')[-1] in ('test', 'tests', '__tests__', 'spec')])"))


# ------------------------------------------------------------------ build
def evaluate(tree, how):
    lib.set_tree(tree)
    env = {k: getattr(lib, k) for k in dir(lib) if not k.startswith('__')}
    env['lib'] = lib
    return eval(how, env)


def make_gold(tree, kind, how, ordered):
    v = evaluate(tree, how)
    if kind == 'number':
        assert isinstance(v, (int, float)), (how, v)
    elif kind in ('paths', 'strings'):
        v = list(v)
        assert all(isinstance(x, str) for x in v), (how, v)
    elif kind == 'text':
        assert isinstance(v, str), (how, v)
    elif kind == 'hits':
        v = sorted(v, key=lambda h: (h['file'], h['line']))
    g = {'kind': kind, 'value': v}
    if ordered:
        g['ordered'] = True
    return g


def main():
    draft = open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8').read().splitlines()
    rows = []
    for line in draft:
        if line.startswith('#') or not line.strip():
            continue
        id_, cat, req = [x.strip() for x in line.split('|', 2)]
        empty = req.endswith('[EMPTY]')
        if empty:
            req = req[:-len('[EMPTY]')].rstrip()
        rows.append((id_, cat, req, empty))
    assert len(rows) == 150, len(rows)
    missing = [r[0] for r in rows if r[0] not in SPECS]
    assert not missing, missing
    out = []
    for id_, cat, req, empty in rows:
        sp = SPECS[id_]
        tree = TREE_OF[id_.split('-')[0]]
        gold = make_gold(tree, sp['kind'], sp['how'], sp['ordered'])
        acc = []
        for a in sp['acc']:
            g = make_gold(tree, a['kind'], a['how'], a['ordered'])
            if g['kind'] == gold['kind'] and g['value'] == gold['value']:
                continue  # identical to gold, drop
            if any(g['kind'] == x['kind'] and g['value'] == x['value'] for x in acc):
                continue
            g['how'] = a['how']
            g['reading'] = a['reading']
            acc.append(g)
        obj = {'id': id_, 'tree': tree, 'category': cat, 'request': req,
               'gold': gold, 'accept': acc, 'how': sp['how']}
        if empty:
            obj['expected_empty'] = True
        out.append(obj)
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write('\n')
    print('wrote', len(out))


if __name__ == '__main__':
    main()
