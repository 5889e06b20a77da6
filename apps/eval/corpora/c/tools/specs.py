# Request specs for build.py. Wording copied from requests-draft.txt (written first).
# Each R(): id, category, request, gold kind, how, accept=[...], ordered=False.
SPECS = []


def R(id, cat, req, kind, how, accept=(), ordered=False):
    SPECS.append({'id': id, 'tree': id.split('-')[0], 'cat': cat, 'req': req, 'kind': kind,
                  'how': how, 'accept': list(accept), 'ordered': ordered})


def A(how, reading, kind=None, ordered=False):
    d = {'how': how, 'reading': reading}
    if kind:
        d['kind'] = kind
    if ordered:
        d['ordered'] = True
    return d


WC = "wc -l counts only newline characters, so it reports one less for this file (no final newline)"

# ======================================================================= axios
R('axios-001', 'count-files', 'how many files are in this package', 'number',
  'sh: find . -type f | wc -l')
R('axios-002', 'count-files', 'how many js files under lib?', 'number',
  "sh: find lib -type f -name '*.js' | wc -l")
R('axios-003', 'count-files', 'number of helper files in lib/helpers', 'number',
  "sh: find lib/helpers -type f -name '*.js' | wc -l",
  [A("sh: find lib/helpers -type f | wc -l", 'counts every file in lib/helpers, including its README.md')])
R('axios-004', 'count-files', 'count the README files', 'number',
  "sh: find . -type f -iname 'README*' | wc -l")
R('axios-005', 'count-files', 'how many .map files are in dist', 'number',
  "sh: find dist -type f -name '*.map' | wc -l")
R('axios-006', 'count-files', 'do we have any typescript (.ts) files inside lib?', 'number',
  "sh: find lib -type f -name '*.ts' | wc -l")
R('axios-007', 'list-files', 'list the adapters', 'paths',
  "sh: find lib/adapters -type f -name '*.js' | sort",
  [A("sh: find lib/adapters -type f -name '*.js' ! -name adapters.js | sort",
     'only the concrete adapters (fetch, http, xhr), leaving out adapters.js, which is the adapter registry/selector')])
R('axios-008', 'list-files', 'show me everything in lib/core', 'paths',
  'sh: find lib/core -type f | sort')
R('axios-009', 'list-files', 'which files are in dist/esm', 'paths',
  'sh: find dist/esm -type f | sort')
R('axios-010', 'list-files', 'list all the .cjs files', 'paths',
  "sh: find . -type f -name '*.cjs' | sort")
R('axios-011', 'list-files', 'list the test helpers', 'paths',
  "sh: find . -path '*test*' -type f | sort")
R('axios-012', 'list-files', 'what markdown files are there at the top level', 'paths',
  "sh: find . -maxdepth 1 -type f -name '*.md' | sort")
R('axios-013', 'read-file', 'show me lib/helpers/bind.js', 'text', 'sh: cat lib/helpers/bind.js')
R('axios-014', 'read-file', 'cat lib/env/data.js', 'text', 'sh: cat lib/env/data.js')
R('axios-015', 'read-file', 'print lines 1-20 of lib/axios.js', 'text',
  "py: result = line_range('lib/axios.js', 1, 20)")
R('axios-016', 'read-file', 'show me lines 10-20 of lib/core/settle.js', 'text',
  "py: result = line_range('lib/core/settle.js', 10, 20)")
R('axios-017', 'read-file', 'whats in MIGRATION_GUIDE.md', 'text', 'sh: cat MIGRATION_GUIDE.md')
R('axios-018', 'line-count', 'how many lines is lib/utils.js', 'number', 'sh: wc -l < lib/utils.js')
R('axios-019', 'line-count', 'line count of lib/adapters/http.js', 'number', 'sh: wc -l < lib/adapters/http.js')
R('axios-020', 'line-count', 'how long is index.d.ts (lines)', 'number', 'sh: wc -l < index.d.ts')
R('axios-021', 'line-count', 'total lines of js in lib/', 'number',
  "py: result = sum(nlines(p) for p in files('lib') if p.endswith('.js'))",
  [A("sh: find lib -name '*.js' -type f -exec cat {} + | wc -l", WC.replace('this file', 'lib/env/data.js, so the total is one less'))])
R('axios-022', 'size', 'how big is the dist folder', 'number',
  "sh: find dist -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'")
R('axios-023', 'size', 'size of dist/axios.min.js in bytes', 'number', 'sh: stat -c %s dist/axios.min.js')
R('axios-024', 'size', 'whats the biggest file in the package', 'paths',
  "sh: find . -type f -printf '%s %p\\n' | sort -n | tail -1 | cut -d' ' -f2")
R('axios-025', 'size', 'total size of lib', 'number',
  "sh: find lib -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'")
R('axios-026', 'search', 'where is process.env used in lib', 'hits', "sh: grep -rnF 'process.env' lib")
R('axios-027', 'search', 'find "withCredentials" in lib', 'hits', "sh: grep -rnF 'withCredentials' lib")
R('axios-028', 'search', 'which files in lib mention XMLHttpRequest', 'paths',
  "sh: grep -rlF 'XMLHttpRequest' lib | sort")
R('axios-029', 'search', 'grep for TODO in lib', 'hits', "sh: grep -rnF 'TODO' lib")
R('axios-030', 'search', "search for 'ERR_CANCELED' in lib", 'hits', "sh: grep -rnF 'ERR_CANCELED' lib")
R('axios-031', 'definition', 'where is the AxiosHeaders class defined', 'hits',
  "sh: grep -rnE '^\\s*class AxiosHeaders\\b' lib")
R('axios-032', 'definition', "where's createInstance defined", 'hits',
  "sh: grep -rnE '^\\s*function createInstance\\b' lib")
R('axios-033', 'definition', 'where is mergeConfig defined', 'hits',
  "sh: grep -rnE 'function mergeConfig\\b' lib")
R('axios-034', 'definition', 'wher is isAxiosError defined', 'hits',
  "sh: grep -rnE 'function isAxiosError\\b' lib")
R('axios-035', 'definition', 'where is buildFullPath defined', 'hits',
  "sh: grep -rnE 'function buildFullPath\\b' lib")
R('axios-036', 'definition', 'where is the InterceptorManager class', 'hits',
  "sh: grep -rnE '^\\s*class InterceptorManager\\b' lib")
R('axios-037', 'imports', 'what does lib/axios.js import', 'strings', "py: result = imports('lib/axios.js')")
R('axios-038', 'imports', 'what does lib/core/Axios.js import', 'strings', "py: result = imports('lib/core/Axios.js')")
R('axios-039', 'imports', 'imports of lib/adapters/fetch.js', 'strings', "py: result = imports('lib/adapters/fetch.js')")
R('axios-040', 'imports', 'which files import lib/utils.js', 'paths',
  "py: result = importers('lib/utils.js', [p for p in files('.') if p.endswith('.js')])")
R('axios-041', 'exports', 'what does lib/helpers/validator.js export', 'strings',
  "py: result = exports_of('lib/helpers/validator.js')")
R('axios-042', 'exports', 'exports of lib/axios.js', 'strings', "py: result = exports_of('lib/axios.js')")
R('axios-043', 'exports', 'what does index.js export', 'strings', "py: result = exports_of('index.js')")
R('axios-044', 'package-json', 'what version of axios is this', 'json', "py: result = pkg()['version']")
R('axios-045', 'package-json', "what are axios's dependencies", 'strings', "py: result = sorted(pkg()['dependencies'])")
R('axios-046', 'package-json', 'list the npm scripts', 'strings', "py: result = list(pkg()['scripts'])")
R('axios-047', 'package-json', "whats the main entry point in package.json", 'json', "py: result = pkg()['main']")
R('axios-048', 'structure', 'show the folder structure of lib', 'paths',
  'sh: find lib -mindepth 1 -type d | sort',
  [A('sh: find lib -mindepth 1 | sort', 'the full tree under lib: every sub-folder and every file')])
R('axios-049', 'structure', 'what folders are there under lib/platform', 'paths',
  'sh: find lib/platform -mindepth 1 -maxdepth 1 -type d | sort',
  [A('sh: find lib/platform -mindepth 1 -type d | sort',
     'all folders at any depth under lib/platform, including the classes/ sub-folders')])
R('axios-050', 'extension-breakdown', 'breakdown of file types in the package (count per extension)', 'json',
  "py: result = ext_counts(files('.'))",
  [A("py: result = compound_ext_counts(files('.'))",
     'compound extensions: .d.ts, .d.cts, .js.map, .min.js, .cjs.map counted as their own types')])

# ======================================================================= rxjs
R('rxjs-001', 'count-files', 'how many files total', 'number', 'sh: find . -type f | wc -l')
R('rxjs-002', 'count-files', 'how many .ts files in src', 'number', "sh: find src -type f -name '*.ts' | wc -l")
R('rxjs-003', 'count-files', 'how many operators does rxjs have', 'number',
  "py: import re; result = len(re.findall(r'^export \\{ (\\w+)', read('src/operators/index.ts'), re.M))")
R('rxjs-004', 'count-files', 'count the files in src/internal/scheduler', 'number',
  'sh: find src/internal/scheduler -type f | wc -l')
R('rxjs-005', 'count-files', 'how many .d.ts files in dist/types', 'number',
  "sh: find dist/types -type f -name '*.d.ts' | wc -l")
R('rxjs-006', 'count-files', 'how many .coffee files are there', 'number', "sh: find . -type f -name '*.coffee' | wc -l")
R('rxjs-007', 'list-files', 'list the schedulers in src/internal/scheduler', 'paths',
  "sh: find src/internal/scheduler -type f -name '*Scheduler.ts' | sort",
  [A("sh: ls src/internal/scheduler/*Scheduler.ts src/internal/scheduler/{animationFrame,asap,async,queue}.ts | sort",
     'the scheduler classes plus the files that create the ready-made scheduler instances (animationFrame, asap, async, queue)'),
   A('sh: find src/internal/scheduler -type f | sort',
     'every file in the scheduler folder (actions, providers and scheduler instances too)')])
R('rxjs-008', 'list-files', 'list the testing files in src', 'paths',
  "sh: find src -path '*/testing/*' -type f | sort",
  [A('sh: find src/internal/testing -type f | sort',
     'only the implementation files in src/internal/testing, not the src/testing/index.ts entry point')])
R('rxjs-009', 'list-files', 'what files are in dist/bundles', 'paths', 'sh: find dist/bundles -type f | sort')
R('rxjs-010', 'list-files', 'show me the tsconfig files', 'paths', "sh: find . -type f -name 'tsconfig*' | sort")
R('rxjs-011', 'list-files', 'list the error classes in src/internal/util (the *Error.ts files)', 'paths',
  "sh: find src/internal/util -type f -name '*Error.ts' | sort")
R('rxjs-012', 'list-files', 'which package.json files are there', 'paths', "sh: find . -type f -name package.json | sort")
R('rxjs-013', 'read-file', 'show me src/internal/util/identity.ts', 'text', 'sh: cat src/internal/util/identity.ts')
R('rxjs-014', 'read-file', 'cat operators/package.json', 'text', 'sh: cat operators/package.json')
R('rxjs-015', 'read-file', 'show lines 1-12 of src/internal/operators/filter.ts', 'text',
  "py: result = line_range('src/internal/operators/filter.ts', 1, 12)")
R('rxjs-016', 'read-file', 'print tsconfig.json', 'text', 'sh: cat tsconfig.json')
R('rxjs-017', 'read-file', 'show me lines 47 to 60 of src/internal/operators/map.ts', 'text',
  "py: result = line_range('src/internal/operators/map.ts', 47, 60)")
R('rxjs-018', 'line-count', 'how many lines in src/internal/Observable.ts', 'number', 'sh: wc -l < src/internal/Observable.ts')
R('rxjs-019', 'line-count', 'line count for CHANGELOG.md', 'number', 'sh: wc -l < CHANGELOG.md')
R('rxjs-020', 'line-count', 'how many lines is mergeMap.ts', 'number', 'sh: wc -l < src/internal/operators/mergeMap.ts')
R('rxjs-021', 'line-count', 'total number of lines in src/internal/operators', 'number',
  "py: result = sum(nlines(p) for p in files('src/internal/operators'))")
R('rxjs-022', 'size', 'how big is dist', 'number',
  "sh: find dist -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'")
R('rxjs-023', 'size', 'size of dist/bundles/rxjs.umd.min.js', 'number', 'sh: stat -c %s dist/bundles/rxjs.umd.min.js')
R('rxjs-024', 'size', 'what are the 5 largest files', 'paths',
  "sh: find . -type f -printf '%s %p\\n' | sort -rn | head -5 | cut -d' ' -f2", ordered=True)
R('rxjs-025', 'size', 'how big is the src folder', 'number',
  "sh: find src -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'")
R('rxjs-026', 'search', 'where do we use setTimeout in src', 'hits', "sh: grep -rnF 'setTimeout' src")
R('rxjs-027', 'search', 'find "@deprecated" in src/internal/operators/pluck.ts', 'hits',
  "sh: grep -nHF '@deprecated' src/internal/operators/pluck.ts")
R('rxjs-028', 'search', 'which src files mention TODO', 'paths', "sh: grep -rlF 'TODO' src | sort")
R('rxjs-029', 'search', 'search for console.log in src', 'hits', "sh: grep -rnF 'console.log' src")
R('rxjs-030', 'search', "any use of 'jQuery' anywhere in src?", 'hits', "sh: grep -rnF 'jQuery' src")
R('rxjs-031', 'definition', 'where is mergeMap defined', 'hits',
  "sh: grep -rnE '^export function mergeMap\\b' src",
  [A("sh: grep -rnE '^export function mergeMap\\b' src | tail -1",
     'only the implementation signature (the last, bodied declaration), not the overload signatures')])
R('rxjs-032', 'definition', 'where is the Observable class defined', 'hits',
  "sh: grep -rnE '^export class Observable\\b' src")
R('rxjs-033', 'definition', "where's switchMap defined", 'hits',
  "sh: grep -rnE '^export function switchMap\\b' src",
  [A("sh: grep -rnE '^export function switchMap\\b' src | tail -1",
     'only the implementation signature (the last, bodied declaration), not the overload signatures')])
R('rxjs-034', 'definition', 'where is firstValueFrom defined', 'hits',
  "sh: grep -rnE '^export function firstValueFrom\\b' src",
  [A("sh: grep -rnE '^export function firstValueFrom\\b' src | tail -1",
     'only the implementation signature (the last, bodied declaration), not the overload signatures')])
R('rxjs-035', 'definition', 'where is the TestScheduler class', 'hits',
  "sh: grep -rnE '^export class TestScheduler\\b' src")
R('rxjs-036', 'definition', 'where is createErrorClass defined', 'hits',
  "sh: grep -rnE '^export function createErrorClass\\b' src")
R('rxjs-037', 'definition', 'where is the interface Observer declared', 'hits',
  "sh: grep -rnE '^export interface Observer\\b' src")
R('rxjs-038', 'imports', 'what does src/internal/operators/mergeMap.ts import', 'strings',
  "py: result = imports('src/internal/operators/mergeMap.ts')")
R('rxjs-039', 'imports', 'imports in src/internal/Subject.ts', 'strings', "py: result = imports('src/internal/Subject.ts')")
R('rxjs-040', 'imports', "which src files import from './lift' or '../util/lift'", 'paths',
  "py: result = importers('src/internal/util/lift.ts', [p for p in files('src') if p.endswith('.ts')])")
R('rxjs-041', 'exports', 'what does src/operators/index.ts export', 'strings',
  "py: result = exports_of('src/operators/index.ts')")
R('rxjs-042', 'exports', 'exports of src/internal/util/noop.ts', 'strings', "py: result = exports_of('src/internal/util/noop.ts')")
R('rxjs-043', 'exports', 'what does src/testing/index.ts export', 'strings', "py: result = exports_of('src/testing/index.ts')")
R('rxjs-044', 'package-json', 'what version of rxjs is this', 'json', "py: result = pkg()['version']")
R('rxjs-045', 'package-json', "what are rxjs's dependencies", 'strings', "py: result = sorted(pkg()['dependencies'])")
R('rxjs-046', 'package-json', 'how many devDependencies does it have', 'number', "py: result = len(pkg()['devDependencies'])")
R('rxjs-047', 'package-json', "what's the license", 'json', "py: result = pkg()['license']")
R('rxjs-048', 'structure', 'what are the subfolders of src/internal', 'paths',
  'sh: find src/internal -mindepth 1 -maxdepth 1 -type d | sort',
  [A('sh: find src/internal -mindepth 1 -type d | sort',
     'all folders at any depth, including src/internal/observable/dom')])
R('rxjs-049', 'structure', 'what folders are in dist', 'paths',
  'sh: find dist -mindepth 1 -maxdepth 1 -type d | sort',
  [A('sh: find dist -mindepth 1 -type d | sort', 'all folders at any depth under dist')])
R('rxjs-050', 'find-file', 'where is the file named timeout.ts', 'paths', "sh: find . -type f -name timeout.ts")

# ======================================================================= yaml
R('yaml-001', 'count-files', 'how many files are there', 'number', 'sh: find . -type f | wc -l')
R('yaml-002', 'count-files', 'how many .d.ts files', 'number', "sh: find . -type f -name '*.d.ts' | wc -l")
R('yaml-003', 'count-files', 'count the js files in browser/dist', 'number', "sh: find browser/dist -type f -name '*.js' | wc -l")
R('yaml-004', 'count-files', 'how many files in dist/schema (recursive)', 'number', 'sh: find dist/schema -type f | wc -l')
R('yaml-005', 'count-files', 'how many .mjs files are in browser?', 'number', "sh: find browser -type f -name '*.mjs' | wc -l")
R('yaml-006', 'list-files', 'list the files in dist/compose', 'paths', 'sh: find dist/compose -type f | sort')
R('yaml-007', 'list-files', 'show me the yaml-1.1 schema files', 'paths',
  "sh: find . -path '*/yaml-1.1/*' -type f | sort",
  [A('sh: find dist/schema/yaml-1.1 -type f | sort',
     'only the main (Node) build in dist/schema/yaml-1.1, .js and .d.ts, not the browser copy')])
R('yaml-008', 'list-files', 'what .mjs files are there', 'paths', "sh: find . -type f -name '*.mjs' | sort")
R('yaml-009', 'list-files', 'list the stringify modules in dist', 'paths',
  "sh: find dist/stringify -type f -name '*.js' | sort",
  [A('sh: find dist/stringify -type f | sort', 'every file in dist/stringify, the .d.ts declarations too')])
R('yaml-010', 'list-files', 'which files are at the top level', 'paths', 'sh: find . -maxdepth 1 -type f | sort')
R('yaml-011', 'list-files', 'list the .d.ts files that have no matching .js in dist', 'paths',
  "py: import os; result = [p for p in files('dist') if p.endswith('.d.ts') and not os.path.exists(p[:-5] + '.js')]",
  [A("py: import os; result = [p for p in files('dist') if p.endswith('.d.ts') and not os.path.exists(p[:-5] + '.js') and not os.path.exists(p[:-5] + '.mjs')]",
     'treats dist/cli.mjs as the matching implementation of dist/cli.d.ts, so cli.d.ts is left out')])
R('yaml-012', 'read-file', 'show me bin.mjs', 'text', 'sh: cat bin.mjs')
R('yaml-013', 'read-file', 'cat util.js', 'text', 'sh: cat util.js')
R('yaml-014', 'read-file', 'show me lines 1-20 of dist/index.js', 'text', "py: result = line_range('dist/index.js', 1, 20)")
R('yaml-015', 'read-file', 'print browser/index.js', 'text', 'sh: cat browser/index.js')
R('yaml-016', 'read-file', 'lines 3 to 10 of dist/errors.js', 'text', "py: result = line_range('dist/errors.js', 3, 10)")
R('yaml-017', 'line-count', 'how many lines in dist/compose/composer.js', 'number', 'sh: wc -l < dist/compose/composer.js')
R('yaml-018', 'line-count', 'line count of README.md', 'number', 'sh: wc -l < README.md')
R('yaml-019', 'line-count', 'how many lines is dist/parse/lexer.js', 'number', 'sh: wc -l < dist/parse/lexer.js')
R('yaml-020', 'line-count', 'total lines across all the .js files in dist (not browser)', 'number',
  "sh: find dist -type f -name '*.js' -exec cat {} + | wc -l")
R('yaml-021', 'size', 'how big is the browser folder', 'number',
  "sh: find browser -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'")
R('yaml-022', 'size', 'size of dist/parse/parser.js', 'number', 'sh: stat -c %s dist/parse/parser.js')
R('yaml-023', 'size', 'whats the largest file', 'paths',
  "sh: find . -type f -printf '%s %p\\n' | sort -n | tail -1 | cut -d' ' -f2")
R('yaml-024', 'size', 'total size of the package', 'number',
  "sh: find . -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'")
R('yaml-025', 'search', 'where is "lineWidth" used in dist', 'hits', "sh: grep -rnF 'lineWidth' dist",
  [A("sh: grep -rnF 'lineWidth' dist --include='*.js'", 'only the .js code, not the .d.ts declarations')])
R('yaml-026', 'search', "which dist .js files mention 'merge'", 'paths',
  "sh: grep -rlF 'merge' dist --include='*.js' | sort")
R('yaml-027', 'search', 'find TODO in dist', 'hits', "sh: grep -rnF 'TODO' dist")
R('yaml-028', 'search', "grep for require('process') in dist", 'hits', "sh: grep -rnF \"require('process')\" dist")
R('yaml-029', 'search', 'find "eval(" anywhere', 'hits', "sh: grep -rnF 'eval(' .")
R('yaml-030', 'search', 'where is the word "YAMLParseError" used in the .js files of dist', 'hits',
  "sh: grep -rnwF 'YAMLParseError' dist --include='*.js'")
R('yaml-031', 'definition', 'where is the Document class defined', 'hits',
  "sh: grep -rnE '^class Document\\b' dist --include='*.js'",
  [A("sh: grep -rnE '^class Document\\b' dist browser --include='*.js'",
     'both compiled builds: the Node build in dist/ and the browser build in browser/dist/')])
R('yaml-032', 'definition', 'where is foldFlowLines defined', 'hits',
  "sh: grep -rnE '^function foldFlowLines\\b' dist --include='*.js'",
  [A("sh: grep -rnE '^function foldFlowLines\\b' dist browser --include='*.js'",
     'both compiled builds: the Node build in dist/ and the browser build in browser/dist/')])
R('yaml-033', 'definition', 'where is parseDocument defined', 'hits',
  "sh: grep -rnE '^function parseDocument\\b' dist --include='*.js'",
  [A("sh: grep -rnE '^function parseDocument\\b' dist browser --include='*.js'",
     'both compiled builds: the Node build in dist/ and the browser build in browser/dist/')])
R('yaml-034', 'definition', 'where is the Lexer class', 'hits',
  "sh: grep -rnE '^class Lexer\\b' dist --include='*.js'",
  [A("sh: grep -rnE '^class Lexer\\b' dist browser --include='*.js'",
     'both compiled builds: the Node build in dist/ and the browser build in browser/dist/')])
R('yaml-035', 'definition', 'where is stringifyString defined', 'hits',
  "sh: grep -rnE '^function stringifyString\\b' dist --include='*.js'",
  [A("sh: grep -rnE '^function stringifyString\\b' dist browser --include='*.js'",
     'both compiled builds: the Node build in dist/ and the browser build in browser/dist/')])
R('yaml-036', 'definition', 'where is YAMLError defined', 'hits',
  "sh: grep -rnE '^class YAMLError\\b' dist --include='*.js'",
  [A("sh: grep -rnE '^class YAMLError\\b' dist browser --include='*.js'",
     'both compiled builds: the Node build in dist/ and the browser build in browser/dist/')])
R('yaml-037', 'definition', 'where is the function fooBarBaz defined', 'hits', "sh: grep -rnF 'fooBarBaz' .")
R('yaml-038', 'imports', 'what does dist/index.js import', 'strings', "py: result = imports('dist/index.js')")
R('yaml-039', 'imports', 'what does dist/public-api.js require', 'strings', "py: result = imports('dist/public-api.js')")
R('yaml-040', 'imports', 'imports of browser/dist/index.js', 'strings', "py: result = imports('browser/dist/index.js')")
R('yaml-041', 'exports', 'what does dist/index.js export', 'strings', "py: result = exports_of('dist/index.js')")
R('yaml-042', 'exports', 'what does dist/visit.js export', 'strings', "py: result = exports_of('dist/visit.js')")
R('yaml-043', 'exports', 'exports of browser/index.js', 'strings', "py: result = exports_of('browser/index.js')")
R('yaml-044', 'package-json', 'what version of yaml is this', 'json', "py: result = pkg()['version']")
R('yaml-045', 'package-json', "what are yaml's runtime dependencies", 'strings',
  "py: result = sorted(pkg().get('dependencies', {}))")
R('yaml-046', 'package-json', 'list the npm scripts', 'strings', "py: result = list(pkg()['scripts'])")
R('yaml-047', 'package-json', 'whats the bin entry', 'json', "py: result = pkg()['bin']",
  [A("py: import os; result = [os.path.normpath(pkg()['bin'])]",
     'the same entry reported as a tree-relative path (bin.mjs) rather than the raw package.json string', kind='paths')])
R('yaml-048', 'structure', 'show me the structure of dist (folders)', 'paths',
  'sh: find dist -mindepth 1 -type d | sort',
  [A('sh: find dist -mindepth 1 -maxdepth 1 -type d | sort', 'only the top-level folders of dist')])
R('yaml-049', 'structure', 'what folders are under browser', 'paths',
  'sh: find browser -mindepth 1 -maxdepth 1 -type d | sort',
  [A('sh: find browser -mindepth 1 -type d | sort', 'all folders at any depth under browser')])
R('yaml-050', 'extension-breakdown', 'count files by extension', 'json',
  "py: result = ext_counts(files('.'))",
  [A("py: result = compound_ext_counts(files('.'))", 'compound extensions: .d.ts counted separately from .ts/.js')])
