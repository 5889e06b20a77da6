#!/usr/bin/env python3
"""Build /work/corpus-f/requests.json from requests-draft.txt + the `how` specs below.
Each `how` is a Python expression evaluated with tools/lib.py helpers, with the tree selected."""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(__file__))
import lib
from lib import *  # noqa

OUT = '/work/corpus-f'
TREES = {'pino': 'pino', 'immer': 'immer', 'commander': 'commander'}


def A(reading, kind, how, **extra):
    return dict(reading=reading, kind=kind, how=how, **extra)


def G(kind, how, accept=(), **extra):
    return dict(kind=kind, how=how, accept=list(accept), **extra)


NOHID = "files(hidden=False)"
DIST_RE = "under='dist', ext=('.js','.mjs','.ts')"

SPECS = {
    # ------------------------------------------------------------------ pino
    'pino-001': G('number', "len(files())", [
        A('without hidden dotfiles', 'number', "len(files(hidden=False))"),
        A('excluding node_modules folders (test/fixtures/eval/node_modules)', 'number', "len(files(nm=False))"),
        A('excluding hidden files and node_modules', 'number', "len(files(hidden=False, nm=False))")]),
    'pino-002': G('number', "len(files('lib', ext='.js'))", [
        A('top level of lib only (same here)', 'number', "len(files('lib', rec=False, ext='.js'))")]),
    'pino-003': G('number', "len(files('test', ext='.test.js'))", [
        A('any *.test.* file (js/mjs/ts)', 'number', "len([f for f in files('test') if '.test.' in f.split('/')[-1]])"),
        A('only test/*.test.js at top level of test', 'number', "len(files('test', rec=False, ext='.test.js'))")]),
    'pino-004': G('paths', "files('lib')"),
    'pino-005': G('paths', "files('docs')"),
    'pino-006': G('paths', "files(ext='.md')", [
        A('excluding node_modules (none there anyway)', 'paths', "files(ext='.md', nm=False)")]),
    'pino-007': G('paths', "files('test/fixtures/ts')"),
    'pino-008': G('text', "read('bin.js')", [A('without trailing newline', 'text', "read('bin.js').rstrip('\\n')")]),
    'pino-009': G('text', "read('lib/meta.js')", [A('without trailing newline', 'text', "read('lib/meta.js').rstrip('\\n')")]),
    'pino-010': G('text', "rng('pino.js', 1, 20)"),
    'pino-011': G('number', "wcl('lib/tools.js')", [A('lines incl. unterminated last line', 'number', "nlines('lib/tools.js')")]),
    'pino-012': G('number', "wcl('browser.js')", [A('lines incl. unterminated last line', 'number', "nlines('browser.js')")]),
    'pino-013': G('paths', "largest(1)", ordered=True, accept=[
        A('largest text/source file (exclude binary favicon.ico)', 'paths', "[f for f in largest(400) if not f.endswith('.ico')][:1]", ordered=True)]),
    'pino-014': G('paths', "largest(5)", ordered=True, accept=[
        A('as a set', 'paths', "largest(5)")]),
    'pino-015': G('number', "size('pino.d.ts')"),
    'pino-016': G('hits', "grep('sonic-boom')", [
        A('only code files (exclude docs/markdown)', 'hits', "[h for h in grep('sonic-boom') if not h['file'].endswith('.md')]"),
        A('files only', 'paths', "grepfiles('sonic-boom')")]),
    'pino-017': G('paths', "grepfiles('SonicBoom')", [
        A('case-insensitive SonicBoom', 'paths', "grepfiles('SonicBoom', icase=True)"),
        A('as line hits', 'hits', "grep('SonicBoom')")]),
    'pino-018': G('hits', r"grep(r'^\s*function genLog\b', regex=True)"),
    'pino-019': G('hits', r"grep(r'^\s*function multistream\b', regex=True)", [
        A('also the TypeScript declaration in pino.d.ts', 'hits', r"grep(r'^\s*(export\s+)?(declare\s+)?function multistream\b', regex=True)")]),
    'pino-020': G('hits', r"grep(r'^\s*function transport\b', regex=True)", [
        A('also the TypeScript declaration in pino.d.ts', 'hits', r"grep(r'^\s*(export\s+)?(declare\s+)?function transport\b', regex=True)")]),
    'pino-021': G('hits', r"grep(r'^\s*function noop\b', regex=True, only=[f for f in files(nm=False) if not f.startswith('test/')])", [
        A('including test files', 'hits', r"grep(r'^\s*function noop\b', regex=True)"),
        A('only the lib/ one used by pino.js', 'hits', r"grep(r'^\s*function noop\b', regex=True, under='lib')")]),
    'pino-022': G('strings', "specifiers('lib/transport.js')"),
    'pino-023': G('strings', "specifiers('pino.js')", [
        A('only external packages / builtins (no relative paths)', 'strings', "[s for s in specifiers('pino.js') if not s.startswith('.')]"),
        A('only npm packages (no node: builtins, no relative)', 'strings', "[s for s in specifiers('pino.js') if not s.startswith('.') and not s.startswith('node:')]")]),
    'pino-024': G('strings', "specifiers('lib/worker.js')"),
    'pino-025': G('strings', "cjs_export_names('lib/levels.js')"),
    'pino-026': G('strings', "cjs_export_names('lib/time.js')"),
    'pino-027': G('paths', "importers('lib/symbols.js')", [
        A('excluding test files', 'paths', "[f for f in importers('lib/symbols.js') if not f.startswith('test/')]"),
        A('only lib/ + pino.js (source)', 'paths', "[f for f in importers('lib/symbols.js') if f.startswith('lib/') or f=='pino.js']")]),
    'pino-028': G('paths', "users_of('thread-stream')", [
        A('any file mentioning thread-stream', 'paths', "grepfiles('thread-stream')"),
        A('as line hits of the mention', 'hits', "grep('thread-stream')")]),
    'pino-029': G('paths', "importers('lib/caller.js')", [
        A('excluding tests', 'paths', "[f for f in importers('lib/caller.js') if not f.startswith('test/')]")]),
    'pino-030': G('json', "{'name': pkg('name'), 'version': pkg('version')}", [
        A('as strings', 'strings', "[pkg('name'), pkg('version')]")]),
    'pino-031': G('strings', "list(pkg('scripts'))", [A('the scripts object', 'json', "pkg('scripts')")]),
    'pino-032': G('text', "pkg('scripts.test')"),
    'pino-033': G('strings', "list(pkg('dependencies'))", [A('the dependencies object', 'json', "pkg('dependencies')")]),
    'pino-034': G('number', "len(pkg('devDependencies'))"),
    'pino-035': G('text', "pkg('main')", [A('as a path', 'paths', "[pkg('main')]")]),
    'pino-036': G('text', "pkg('dependencies.sonic-boom')"),
    'pino-037': G('json', "pkg('bin')", [A('just the target', 'text', "pkg('bin')['pino']"),
                                          A('as a path', 'paths', "[pkg('bin')['pino'].lstrip('./')]")]),
    'pino-038': G('paths', "dirs()"),
    'pino-039': G('paths', "dirs('test')", [A('recursive (all nested folders)', 'paths', "dirs('test', rec=True)")]),
    'pino-040': G('json', "extcounts()", [
        A('dotfiles named by their own name as extension', 'json', "(lambda d: d)({**{k:v for k,v in extcounts().items() if k!=''}, **{'': len([f for f in files() if extname(f)=='' and not f.split('/')[-1].startswith('.')]), '.nojekyll': 1, '.prettierignore': 1}})"),
        A('excluding node_modules', 'json', "extcounts(nm=False)")]),
    'pino-041': G('number', "len(files(ext=('.ts', '.mts', '.cts')))", [
        A('only *.ts (incl .d.ts)', 'number', "len(files(ext='.ts'))"),
        A('*.ts/.mts/.cts excluding .d.ts', 'number', "len([f for f in files(ext=('.ts','.mts','.cts')) if not f.endswith('.d.ts')])")]),
    'pino-042': G('number', "len(files(ext='.py'))"),
    'pino-043': G('paths', "users_of('lodash')", [A('any mention of lodash', 'paths', "grepfiles('lodash')")]),
    'pino-044': G('hits', "grep('TODO', under='lib')", [A('case-insensitive todo', 'hits', "grep('TODO', under='lib', icase=True)")]),
    'pino-045': G('text', "pkg('license')"),
    'pino-046': G('number', "len(files('benchmarks', ext='.bench.js'))", [
        A('every file under benchmarks/', 'number', "len(files('benchmarks'))"),
        A('top-level benchmarks/*.bench.js only', 'number', "len(files('benchmarks', rec=False, ext='.bench.js'))")]),
    'pino-047': G('hits', r"grep(r'^\s*const chindingsSym\s*=', regex=True)", [
        A('also browser/other declarations of chindingsSym', 'hits', r"grep(r'\b(const|let|var)\s+chindingsSym\s*=', regex=True)")]),
    'pino-048': G('text', "rng('lib/proto.js', 40, 60)"),
    'pino-049': G('number', "len(grepfiles('use strict'))", [
        A("literal 'use strict' with single quotes", 'number', "len(grepfiles(\"'use strict'\"))"),
        A('excluding node_modules', 'number', "len(grepfiles('use strict', nm=False))"),
        A('only .js files', 'number', "len(grepfiles('use strict', ext='.js'))")]),
    'pino-050': G('hits', r"grep(r'\bfooBarBazQux\b', regex=True)"),

    # ------------------------------------------------------------------ immer
    'immer-001': G('number', "len(files('src'))", [A('top level of src only', 'number', "len(files('src', rec=False))")]),
    'immer-002': G('paths', "files('src', ext='.ts')", [A('excluding .d.ts', 'paths', "[f for f in files('src', ext='.ts') if not f.endswith('.d.ts')]")]),
    'immer-003': G('paths', "files('src/core')"),
    'immer-004': G('paths', "files('dist/cjs')"),
    'immer-005': G('number', "len(files('dist'))", [A('top level of dist only', 'number', "len(files('dist', rec=False))"),
                                                    A('top-level files plus the cjs folder as one entry', 'number', "len(files('dist', rec=False)) + len(dirs('dist'))")]),
    'immer-006': G('text', "read('src/internal.ts')", [A('without trailing newline', 'text', "read('src/internal.ts').rstrip('\\n')")]),
    'immer-007': G('text', "rng('src/utils/env.ts', 1, 20)"),
    'immer-008': G('number', "wcl('src/core/proxy.ts')", [A('lines incl. unterminated last line', 'number', "nlines('src/core/proxy.ts')")]),
    'immer-009': G('paths', "largest(1, 'src')", ordered=True),
    'immer-010': G('paths', "largest(3)", ordered=True, accept=[
        A('as a set', 'paths', "largest(3)"),
        A('excluding source maps', 'paths', "[f for f in largest(100) if not f.endswith('.map')][:3]", ordered=True)]),
    'immer-011': G('number', "size('dist/immer.mjs')"),
    'immer-012': G('number', "sum(size(f) for f in files('dist'))"),
    'immer-013': G('hits', r"grep(r'^export const produce\b', regex=True, under='src')", [
        A('also the Immer class field produce in immerClass.ts', 'hits', r"grep(r'^export const produce\b', regex=True, under='src') + grep(r'^\tproduce\s*[:=]', regex=True, under='src')"),
        A('also the built copies in dist (var produce / declare const produce)', 'hits', r"grep(r'^export const produce\b', regex=True, under='src') + grep(r'^(declare\s+)?(var|const|let)\s+produce\b', regex=True, under='dist', ext=('.js','.mjs','.ts'))")]),
    'immer-014': G('hits', r"grep(r'^export class Immer\b', regex=True, under='src')", [
        A('also dist copies', 'hits', r"grep(r'^export class Immer\b', regex=True, under='src') + grep(r'^(declare\s+)?(var\s+Immer2?\s*=\s*class|class Immer\b)', regex=True, under='dist', ext=('.js','.mjs','.ts'))")]),
    'immer-015': G('hits', r"grep(r'^export function enableMapSet\b', regex=True, under='src')", [
        A('also dist copies', 'hits', r"grep(r'^export function enableMapSet\b', regex=True, under='src') + grep(r'^(declare\s+)?function enableMapSet\b', regex=True, under='dist', ext=('.js','.mjs','.ts'))")]),
    'immer-016': G('hits', r"grep(r'^export let isDraft\b', regex=True, under='src')", [
        A('also dist copies', 'hits', r"grep(r'^export let isDraft\b', regex=True, under='src') + grep(r'^(declare\s+)?(var|let|const|function)\s+isDraft\b', regex=True, under='dist', ext=('.js','.mjs','.ts'))")]),
    'immer-017': G('hits', r"grep(r'^export function createProxy\b', regex=True, under='src')", [
        A('also dist copies', 'hits', r"grep(r'^export function createProxy\b', regex=True, under='src') + grep(r'^function createProxy\b', regex=True, under='dist', ext=('.js','.mjs'))")]),
    'immer-018': G('hits', r"grep(r'^export function die\b', regex=True, under='src')", [
        A('also dist copies', 'hits', r"grep(r'^export function die\b', regex=True, under='src') + grep(r'^function die\b', regex=True, under='dist', ext=('.js','.mjs'))")]),
    'immer-019': G('strings', "esm_export_names('src/immer.ts')", [
        A('re-exported internal names given by their original names (NOTHING, DRAFTABLE)', 'strings', "[{'nothing':'NOTHING','immerable':'DRAFTABLE'}.get(n, n) for n in esm_export_names('src/immer.ts')]")]),
    'immer-020': G('strings', "esm_export_names('src/utils/plugins.ts')"),
    'immer-021': G('strings', "specifiers('src/core/scope.ts')", [
        A('the imported names', 'strings', r"[x.strip() for x in re.search(r'import\s*\{([^}]*)\}', read('src/core/scope.ts')).group(1).split(',') if x.strip()]")]),
    'immer-022': G('strings', "specifiers('src/plugins/patches.ts')"),
    'immer-023': G('paths', r"grepfiles(r'''from\s+['\"]\.\./internal['\"]''', regex=True, under='src')", [
        A('any file importing src/internal.ts (also ./internal from src/immer.ts)', 'paths', "importers('src/internal.ts')")]),
    'immer-024': G('paths', "importers('src/immer.ts')"),
    'immer-025': G('json', "{'name': pkg('name'), 'version': pkg('version')}", [A('as strings', 'strings', "[pkg('name'), pkg('version')]")]),
    'immer-026': G('strings', "list(pkg('scripts'))", [A('the scripts object', 'json', "pkg('scripts')")]),
    'immer-027': G('text', "pkg('scripts.build')"),
    'immer-028': G('strings', "list(pkg('devDependencies'))", [A('the object', 'json', "pkg('devDependencies')")]),
    'immer-029': G('strings', "list(pkg('dependencies') or {})", [A('field absent', 'json', "pkg('dependencies')"), A('empty object', 'json', "pkg('dependencies') or {}")]),
    'immer-030': G('text', "pkg('main')", [A('as a path', 'paths', "[pkg('main')[2:]]")]),
    'immer-031': G('json', "pkg('exports')"),
    'immer-032': G('json', "pkg('sideEffects')", [A('yes/no answer to "is it set to false?"', 'json', "pkg('sideEffects') is False")]),
    'immer-033': G('strings', "pkg('files')", [A('the array', 'json', "pkg('files')")]),
    'immer-034': G('hits', "grep('Symbol.for', under='src')"),
    'immer-035': G('number', "count_occ('__DEV__', under='src')", [
        A('number of matching lines', 'number', "len(grep('__DEV__', under='src'))"),
        A('number of matching files', 'number', "len(grepfiles('__DEV__', under='src'))")]),
    'immer-036': G('hits', "grep('TODO', under='src')", [A('case-insensitive', 'hits', "grep('TODO', under='src', icase=True)")]),
    'immer-037': G('hits', "grep('immer-nothing')", [
        A('src only', 'hits', "grep('immer-nothing', under='src')"),
        A('excluding source maps', 'hits', "[h for h in grep('immer-nothing') if not h['file'].endswith('.map')]"),
        A('files only', 'paths', "grepfiles('immer-nothing')")]),
    'immer-038': G('number', "len(files(ext='.map'))"),
    'immer-039': G('json', "extcounts()", [A('compound extensions (.d.ts, .js.map, .mjs.map, .js.flow)', 'json', "extcounts(compound=True)")]),
    'immer-040': G('paths', "dirs('src', rec=True)", [A('folders and files', 'paths', "dirs('src', rec=True) + files('src')")]),
    'immer-041': G('paths', r"[f for f in files() if re.search(r'(\.test\.|\.spec\.|(^|/)__tests__/|(^|/)tests?/)', f)]"),
    'immer-042': G('paths', "users_of('react')"),
    'immer-043': G('number', "sum(wcl(f) for f in files('src', ext='.ts'))", [
        A('excluding .d.ts', 'number', "sum(wcl(f) for f in files('src', ext='.ts') if not f.endswith('.d.ts'))"),
        A('counting unterminated last lines', 'number', "sum(nlines(f) for f in files('src', ext='.ts'))"),
        A('unterminated lines, excluding .d.ts', 'number', "sum(nlines(f) for f in files('src', ext='.ts') if not f.endswith('.d.ts'))")]),
    'immer-044': G('text', "read('readme.md')", [A('without trailing newline', 'text', "read('readme.md').rstrip('\\n')")]),
    'immer-045': G('text', "pkg('license')"),
    'immer-046': G('text', "read('dist/cjs/index.js')", [A('without trailing newline', 'text', "read('dist/cjs/index.js').rstrip('\\n')")]),
    'immer-047': G('hits', r"grep(r'^export const NOTHING\b', regex=True, under='src')", [
        A('also dist copies', 'hits', r"grep(r'^export const NOTHING\b', regex=True, under='src') + grep(r'^(declare\s+)?(var|const)\s+NOTHING\b', regex=True, under='dist', ext=('.js','.mjs','.ts'))")]),
    'immer-048': G('strings', r"re.findall(r'(?m)^(?:export\s+)?interface\s+(\w+)', read('src/types/types-external.ts'))", [
        A('only exported interfaces', 'strings', r"re.findall(r'(?m)^export\s+interface\s+(\w+)', read('src/types/types-external.ts'))")]),
    'immer-049': G('number', r"len(set(re.findall(r'(?m)^export function (\w+)', read('src/utils/common.ts'))) | set(re.findall(r'(?m)^export (?:let|const) (\w+)\s*=\s*(?:\(|<|O\.getPrototypeOf|Array\.isArray|function|[A-Za-z_]\w*\s*=>)', read('src/utils/common.ts'))))", [
        A("only 'export function' declarations (distinct names)", 'number', r"len(set(re.findall(r'(?m)^export function (\w+)', read('src/utils/common.ts'))))"),
        A("'export function' lines incl. overload signatures", 'number', r"len(re.findall(r'(?m)^export function (\w+)', read('src/utils/common.ts')))"),
        A('function declarations + arrow functions, not aliases (getPrototypeOf, isArray)', 'number', r"len(set(re.findall(r'(?m)^export function (\w+)', read('src/utils/common.ts'))) | set(re.findall(r'(?m)^export (?:let|const) (\w+)\s*=\s*(?:\(|<|function|[A-Za-z_]\w*\s*=>)', read('src/utils/common.ts'))))")]),
    'immer-050': G('paths', "grepfiles('enableArrayMethods')", [
        A('src only', 'paths', "grepfiles('enableArrayMethods', under='src')"),
        A('excluding source maps', 'paths', "[f for f in grepfiles('enableArrayMethods') if not f.endswith('.map')]")]),

    # ------------------------------------------------------------------ commander
    'commander-001': G('number', "len(files())"),
    'commander-002': G('paths', "files('lib')"),
    'commander-003': G('paths', "files('typings')"),
    'commander-004': G('text', "read('index.js')", [A('without trailing newline', 'text', "read('index.js').rstrip('\\n')")]),
    'commander-005': G('number', "wcl('lib/command.js')", [A('lines incl. unterminated last line', 'number', "nlines('lib/command.js')")]),
    'commander-006': G('paths', "largest(1)", ordered=True),
    'commander-007': G('number', "size('Readme.md')"),
    'commander-008': G('hits', r"grep(r'^export class Command\b', regex=True, under='lib')", [
        A('also the typings declaration', 'hits', r"grep(r'^export (declare )?class Command\b', regex=True)")]),
    'commander-009': G('hits', r"grep(r'^export function suggestSimilar\b', regex=True)"),
    'commander-010': G('hits', r"grep(r'^function camelcase\b', regex=True)"),
    'commander-011': G('hits', r"grep(r'^export class Help\b', regex=True, under='lib')", [
        A('also the typings declaration', 'hits', r"grep(r'^export (declare )?class Help\b', regex=True)")]),
    'commander-012': G('hits', r"grep(r'^export class InvalidArgumentError\b', regex=True, under='lib')", [
        A('also the typings declaration', 'hits', r"grep(r'^export (declare )?class InvalidArgumentError\b', regex=True)")]),
    'commander-013': G('hits', r"grep(r'^export function humanReadableArgName\b', regex=True)"),
    'commander-014': G('strings', "esm_export_names('index.js')"),
    'commander-015': G('strings', "specifiers('lib/command.js')", [
        A('local modules only', 'strings', "[s for s in specifiers('lib/command.js') if s.startswith('.')]")]),
    'commander-016': G('strings', "specifiers('lib/help.js')"),
    'commander-017': G('paths', "importers('lib/error.js')", [
        A("only files whose specifier is literally './error.js'", 'paths', "[f for f in files(ext='.js') if './error.js' in specifiers(f)]")]),
    'commander-018': G('paths', "importers('lib/argument.js')"),
    'commander-019': G('strings', "esm_export_names('lib/option.js')"),
    'commander-020': G('json', "{'name': pkg('name'), 'version': pkg('version')}", [A('as strings', 'strings', "[pkg('name'), pkg('version')]")]),
    'commander-021': G('strings', "list(pkg('scripts'))", [A('the scripts object', 'json', "pkg('scripts')")]),
    'commander-022': G('text', "pkg('engines.node')", [A('the engines object', 'json', "pkg('engines')")]),
    'commander-023': G('strings', "list(pkg('dependencies') or {})", [A('field absent', 'json', "pkg('dependencies')"), A('empty object', 'json', "pkg('dependencies') or {}")]),
    'commander-024': G('number', "len(pkg('devDependencies'))"),
    'commander-025': G('text', "pkg('type')", [A('yes/no', 'json', "pkg('type') == 'module'")]),
    'commander-026': G('strings', "pkg('files')", [A('the array', 'json', "pkg('files')"),
                                                   A('the actual files matched by the patterns', 'paths', "['index.js'] + files('lib', ext='.js') + ['typings/index.d.ts', 'package-support.json']")]),
    'commander-027': G('hits', "grep('process.exit')", [
        A('code only (exclude Readme)', 'hits', "grep('process.exit', ext=('.js', '.ts'))"),
        A('lib only', 'hits', "grep('process.exit', under='lib')")]),
    'commander-028': G('hits', "grep('TODO')", [A('case-insensitive', 'hits', "grep('TODO', icase=True)")]),
    'commander-029': G('hits', "grep('stripVTControlCharacters')", [
        A('call sites only (not the import lines)', 'hits', "[h for h in grep('stripVTControlCharacters') if not read(h['file']).split('\\n')[h['line']-1].lstrip().startswith('import')]")]),
    'commander-030': G('strings', r"sorted(set(re.findall(r'(?m)^  (?:(?:get|set|static|async)\s+)?([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{\s*$', rng('lib/option.js', 3, [i for i,l in enumerate(read('lib/option.js').split('\n'),1) if l.startswith('export class DualOptions')][0]-1))))", [
        A('without constructor', 'strings', r"sorted(set(re.findall(r'(?m)^  (?:(?:get|set|static|async)\s+)?([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{\s*$', rng('lib/option.js', 3, [i for i,l in enumerate(read('lib/option.js').split('\n'),1) if l.startswith('export class DualOptions')][0]-1))) - {'constructor'})"),
        A('public only (no constructor, no _private)', 'strings', r"sorted(n for n in set(re.findall(r'(?m)^  (?:(?:get|set|static|async)\s+)?([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*\{\s*$', rng('lib/option.js', 3, [i for i,l in enumerate(read('lib/option.js').split('\n'),1) if l.startswith('export class DualOptions')][0]-1))) if n != 'constructor' and not n.startswith('_'))")]),
    'commander-031': G('text', "rng('lib/error.js', 1, 30)"),
    'commander-032': G('json', "{f: wcl(f) for f in files('lib')}", [A('counting unterminated last lines', 'json', "{f: nlines(f) for f in files('lib')}")]),
    'commander-033': G('number', "sum(wcl(f) for f in files(ext='.js'))", [A('counting unterminated last lines', 'number', "sum(nlines(f) for f in files(ext='.js'))")]),
    'commander-034': G('json', "extcounts()", [A('compound .d.ts', 'json', "extcounts(compound=True)")]),
    'commander-035': G('number', "len(files(ext='.d.ts'))"),
    'commander-036': G('number', "len(files(ext='.py'))"),
    'commander-037': G('paths', r"[f for f in files() if re.search(r'(\.test\.|\.spec\.|(^|/)__tests__/|(^|/)tests?/)', f)]"),
    'commander-038': G('text', "read('package-support.json')", [A('without trailing newline', 'text', "read('package-support.json').rstrip('\\n')"),
                                                              A('parsed JSON', 'json', "json.loads(read('package-support.json'))")]),
    'commander-039': G('strings', "esm_export_names('lib/suggestSimilar.js')"),
    'commander-040': G('hits', r"grep(r'^export function useColor\b', regex=True)"),
    'commander-041': G('paths', "[f for f in files() if size(f) > 20480]", [A('20KB = 20000 bytes', 'paths', "[f for f in files() if size(f) > 20000]")]),
    'commander-042': G('paths', "largest(3)", ordered=True),
    'commander-043': G('text', "pkg('license')"),
    'commander-044': G('paths', "[f for f in files(ext='.js') if 'node:fs' in specifiers(f) or 'fs' in specifiers(f)]", [
        A('any mention of node:fs', 'paths', "grepfiles('node:fs')")]),
    'commander-045': G('hits', "grep('deprecated')", [A('case-insensitive', 'hits', "grep('deprecated', icase=True)")]),
    'commander-046': G('paths', "files(ext='.md')"),
    'commander-047': G('paths', "dirs(rec=True)", [A('folders and files', 'paths', "dirs(rec=True) + files()")]),
    'commander-048': G('hits', r"grep(r'^function editDistance\b', regex=True)"),
    'commander-049': G('text', "pkg('main')", [A('as a path', 'paths', "[pkg('main')[2:]]"),
                                               A('exports["."].default', 'text', "pkg('exports')['.']['default']")]),
    'commander-050': G('text', "pkg('types')", [A('exports["."].types', 'text', "pkg('exports')['.']['types']"),
                                                A('as a path', 'paths', "[pkg('types')]")]),
}


def parse_draft():
    reqs = []
    for line in open(os.path.join(OUT, 'requests-draft.txt'), encoding='utf-8'):
        if not re.match(r'^[a-z]+-\d{3} \|', line):
            continue
        rid, cat, text = [x.strip() for x in line.rstrip('\n').split('|', 2)]
        empty = text.endswith('[EMPTY]')
        if empty:
            text = text[:-len('[EMPTY]')].rstrip()
        reqs.append((rid, cat, text, empty))
    return reqs


def evaluate(tree, how):
    use(tree)
    return eval(how, {**vars(lib), 're': re, 'json': json})


def norm(kind, v):
    if kind == 'paths' or kind == 'strings':
        return list(v)
    if kind == 'hits':
        return sorted(v, key=lambda h: (h['file'], h['line']))
    return v


def main():
    out = []
    for rid, cat, text, empty in parse_draft():
        tree = rid.split('-')[0]
        spec = SPECS[rid]
        gold = {'kind': spec['kind'], 'value': norm(spec['kind'], evaluate(tree, spec['how']))}
        if spec.get('ordered'):
            gold['ordered'] = True
        acc = []
        for a in spec['accept']:
            g = {'kind': a['kind'], 'value': norm(a['kind'], evaluate(tree, a['how'])), 'how': a['how'], 'reading': a['reading']}
            if a.get('ordered'):
                g['ordered'] = True
            if g['kind'] == gold['kind'] and g['value'] == gold['value'] and g.get('ordered') == gold.get('ordered'):
                continue  # identical to the gold on this tree: drop
            acc.append(g)
        obj = {'id': rid, 'tree': tree, 'category': cat, 'request': text, 'gold': gold,
               'accept': acc, 'how': spec['how']}
        if empty:
            obj['expected_empty'] = True
        v = gold['value']
        obj['gold_empty'] = not isinstance(v, bool) and (v == 0 or v == [] or v == {} or v is None or v == '') and gold['kind'] in ('number', 'paths', 'strings', 'hits', 'json')
        out.append(obj)
    missing = set(SPECS) - {o['id'] for o in out}
    assert not missing, missing
    with open(os.path.join(OUT, 'requests.json'), 'w', encoding='utf-8') as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write('\n')
    print(len(out), 'requests written')


if __name__ == '__main__':
    main()
