#!/usr/bin/env python3
"""Second, independent computation (pure Python: os.walk, json, re) of selected golds.
Compares with requests.json and prints OK/DIFF per id."""
import json, os, re, sys, random
R = '/work/main/.corpus-trees'
reqs = {e['id']: e for e in json.load(open('/work/corpus-a/requests.json'))}
def P(t, *a): return os.path.join(R, t, *a)
def rd(t, f): return open(P(t, f), encoding='utf-8', errors='surrogateescape').read()
def pj(t, f='package.json'): return json.load(open(P(t, f)))
def files(t, sub='.', prune=()):
    out = []
    base = P(t)
    for dp, dns, fns in os.walk(os.path.join(base, sub)):
        rel = os.path.relpath(dp, base)
        dns[:] = [d for d in dns if os.path.normpath(os.path.join(rel, d)) not in prune]
        for f in fns:
            full = os.path.join(dp, f)
            if os.path.isfile(full) and not os.path.islink(full):
                out.append(os.path.normpath(os.path.relpath(full, base)))
    return sorted(out)
def dirs(t, sub):
    base = P(t); out = []
    for dp, dns, fns in os.walk(os.path.join(base, sub)):
        for d in dns: out.append(os.path.normpath(os.path.relpath(os.path.join(dp, d), base)))
    return sorted(out)
def nlines(t, f): return rd(t, f).count('\n')
def hits(t, fl, pat, flags=0):
    out = []
    for f in fl:
        for i, l in enumerate(rd(t, f).split('\n'), 1):
            if re.search(pat, l, flags): out.append({'file': f, 'line': i})
    return sorted(out, key=lambda h: (h['file'], h['line']))
def lines_of(t, f): 
    s = rd(t, f); L = s.split('\n')
    if s.endswith('\n'): L = L[:-1]
    return L
def importspecs(t, f):
    s = rd(t, f)
    s = re.sub(r'/\*[\s\S]*?\*/', '', s); s = re.sub(r'(?m)^\s*//.*$', '', s)
    specs = re.findall(r'''(?:\bfrom\s*|(?m:^)\s*import\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]''', s)
    return sorted(set(specs))

C = {}
C['eslint-010'] = lambda: '\n'.join(lines_of('eslint', 'lib/shared/severity.js')[13:30])
C['eslint-024'] = lambda: hits('eslint', [f for f in files('eslint') if f.startswith(('lib/', 'bin/'))], r'process\.exitCode\s*=(?!=)')
C['eslint-026'] = lambda: hits('eslint', files('eslint'), r'FIXME')
C['eslint-028'] = lambda: hits('eslint', [f for f in files('eslint') if f.endswith('.js')], r'^\s*(async\s+)?function\s+countErrors\b|\b(const|let|var)\s+countErrors\s*=')
C['eslint-034'] = lambda: sorted(re.findall(r'^\s{4}(\w+)', rd('eslint', 'lib/linter/index.js').split('module.exports = {')[1], re.M))
C['eslint-039'] = lambda: {k: pj('eslint')[k] for k in ('name', 'version')}
C['eslint-040'] = lambda: pj('eslint')['license']
C['eslint-045'] = lambda: pj('eslint')['main']
C['eslint-055'] = lambda: files('eslint', 'lib/rules/utils')
C['eslint-061'] = lambda: nlines('eslint', 'README.md')
C['eslint-065'] = lambda: [i for i, l in enumerate(lines_of('eslint', 'lib/cli.js'), 1) if 'function quietFixPredicate' in l][0]
C['eslint-066'] = lambda: len(re.findall(r'(?m)^class \w+', rd('eslint', 'lib/linter/code-path-analysis/code-path-state.js')))
C['execa-005'] = lambda: sorted('lib/' + x for x in os.listdir(P('execa', 'lib')))
C['execa-009'] = lambda: rd('execa', 'lib/utils/deferred.js')
C['execa-035'] = lambda: pj('execa')['license']
C['execa-038'] = lambda: pj('execa')['engines']
C['execa-039'] = lambda: pj('execa')['type']
C['execa-041'] = lambda: pj('execa')['scripts']['test']
C['execa-042'] = lambda: sorted(pj('execa')['keywords'])
C['execa-050'] = lambda: [f for f in files('execa') if 'changelog' in f.lower()]
C['execa-051'] = lambda: len(re.findall(r'(?m)^export const \w+ = (?:async )?(?:\([^)]*\)|\w+) =>', rd('execa', 'lib/ipc/validation.js')))
C['execa-056'] = lambda: hits('execa', [f for f in files('execa') if f.endswith(('.js', '.ts'))], r'\bclass DiscardedError\b')
C['execa-063'] = lambda: [f for f in sorted(files('execa', 'lib/io'), key=lambda f: -os.path.getsize(P('execa', f)))]
C['query-core-002'] = lambda: len(files('query-core'))
C['query-core-003'] = lambda: len([f for f in files('query-core', 'build/modern') if f.endswith('.d.ts')])
C['query-core-004'] = lambda: len([f for f in files('query-core', 'build') if f.endswith('.map')])
C['query-core-006'] = lambda: dirs('query-core', 'build')
C['query-core-014'] = lambda: sum(os.path.getsize(P('query-core', f)) for f in files('query-core', 'build'))
C['query-core-018'] = lambda: sorted(files('query-core', 'src'), key=lambda f: -nlines('query-core', f))[:3]
C['query-core-019'] = lambda: [f for f in files('query-core', 'src') if 'AbortController' in rd('query-core', f)]
C['query-core-026'] = lambda: hits('query-core', files('query-core', 'src'), r'^\s*(export\s+)?(const|let|var|function)\s+isServer\b')
C['query-core-028'] = lambda: sorted(set(re.findall(r'(?m)^export\s+(?:abstract\s+)?(?:class|function|const|interface|type)\s+(\w+)', rd('query-core', 'src/subscribable.ts'))))
C['query-core-030'] = lambda: importspecs('query-core', 'src/query.ts')
C['query-core-032'] = lambda: [f for f in files('query-core', 'src') if re.search(r'import\s+(type\s+)?\{[^}]*\bSubscribable\b[^}]*\}\s*from', rd('query-core', f))]
C['query-core-033'] = lambda: importspecs('query-core', 'src/mutationCache.ts')
C['query-core-042'] = lambda: pj('query-core')['scripts']['build']
C['query-core-045'] = lambda: (lambda fl: {e: sum(1 for f in fl if os.path.splitext(f)[1] == e) for e in set(os.path.splitext(f)[1] for f in fl)})(files('query-core', 'build'))
C['query-core-052'] = lambda: len([f for f in files('query-core', 'build') if f.endswith('.js')])
C['query-core-059'] = lambda: [f for f in files('query-core', 'src') if nlines('query-core', f) > 500]
C['query-core-063'] = lambda: pj('query-core')['repository']['url']
C['vitest-mono-008'] = lambda: pj('vitest-mono')['version']
C['vitest-mono-012'] = lambda: sorted(pj('vitest-mono', f'packages/{d}/package.json')['name'] for d in os.listdir(P('vitest-mono', 'packages')) if 'tinyrainbow' in pj('vitest-mono', f'packages/{d}/package.json').get('dependencies', {}))
C['vitest-mono-013'] = lambda: sorted(pj('vitest-mono', 'packages/vitest/package.json')['peerDependencies'])
C['vitest-mono-016'] = lambda: sorted(pj('vitest-mono', f)['name'] for f in files('vitest-mono') if os.path.basename(f) == 'package.json')
C['vitest-mono-018'] = lambda: sum(os.path.getsize(P('vitest-mono', f)) for f in files('vitest-mono', 'packages/vitest/dist/chunks'))
C['vitest-mono-022'] = lambda: nlines('vitest-mono', 'packages/spy/dist/index.js')
C['vitest-mono-023'] = lambda: [max(files('vitest-mono'), key=lambda f: nlines('vitest-mono', f))]
C['vitest-mono-034'] = lambda: hits('vitest-mono', [f for f in files('vitest-mono') if f.endswith(('.js', '.mjs', '.cjs'))], r'^\s*(export\s+)?(async\s+)?function\s+deepMerge\b|\b(const|let|var)\s+deepMerge\s*=')
C['vitest-mono-037'] = lambda: sorted(x.strip().split(' as ')[-1] for x in re.search(r'export \{([^}]*)\};?\s*$', rd('vitest-mono', 'packages/pretty-format/dist/index.js')).group(1).split(','))
C['vitest-mono-041'] = lambda: [f for f in files('vitest-mono') if f.endswith(('.js', '.ts', '.mjs', '.cjs', '.cts')) and '@vitest/spy' in importspecs('vitest-mono', f)]
C['vitest-mono-044'] = lambda: sorted('packages/vitest/dist/workers/' + x for x in os.listdir(P('vitest-mono', 'packages/vitest/dist/workers')))
C['vitest-mono-062'] = lambda: (lambda fl: (lambda m: [f for f in fl if os.path.getsize(P('vitest-mono', f)) == m])(min(os.path.getsize(P('vitest-mono', f)) for f in fl)))(files('vitest-mono'))
C['vitest-mono-064'] = lambda: hits('vitest-mono', [f for f in files('vitest-mono') if f.endswith(('.js', '.mjs', '.cjs'))], r'^\s*(export\s+)?(async\s+)?function\s+createExpect\b|\b(const|let|var)\s+createExpect\s*=')
C['webapp-007'] = lambda: rd('webapp', 'vite.config.ts')
C['webapp-009'] = lambda: os.path.getsize(P('webapp', 'src/assets/hero.png'))
C['webapp-018'] = lambda: ['default'] if re.search(r'(?m)^export default\b', rd('webapp', 'src/App.tsx')) else []
C['webapp-023'] = lambda: pj('webapp')['scripts']
C['webapp-026'] = lambda: pj('webapp', 'node_modules/react/package.json')['version']
C['webapp-032'] = lambda: len([x for x in os.listdir(P('webapp', 'node_modules/date-fns')) if x.endswith('.d.ts') and os.path.isfile(P('webapp', 'node_modules/date-fns', x))])
C['webapp-034'] = lambda: [f for f in files('webapp', prune=('node_modules',)) if f.endswith('.svg')]
C['webapp-035'] = lambda: sorted(os.path.normpath(r['path']) for r in pj('webapp', 'tsconfig.json')['references'])
C['webapp-040'] = lambda: pj('webapp', 'node_modules/lodash/package.json')['license']
C['webapp-045'] = lambda: sorted(x for x in os.listdir(P('webapp')) if x.startswith('.') and os.path.isfile(P('webapp', x)))
C['webapp-059'] = lambda: pj('webapp')['devDependencies']['typescript']
C['webapp-061'] = lambda: dirs('webapp', 'src')
C['webapp-065'] = lambda: '\n'.join(lines_of('webapp', 'README.md')[-3:])
# ---- extra targeted checks (not part of the random sample) ----
C['eslint-001'] = lambda: len(files('eslint'))
C['eslint-002'] = lambda: len([x for x in os.listdir(P('eslint', 'lib/rules')) if x.endswith('.js') and x != 'index.js'])
C['eslint-014'] = lambda: sorted(files('eslint'), key=lambda f: -os.path.getsize(P('eslint', f)))[:5]
C['eslint-016'] = lambda: sum(os.path.getsize(P('eslint', f)) for f in files('eslint', 'messages'))
C['eslint-019'] = lambda: sum(nlines('eslint', f) for f in files('eslint', 'lib/rules') if f.endswith('.js'))
C['eslint-023'] = lambda: sum(rd('eslint', f).count('context.report') for f in files('eslint', 'lib/rules'))
C['eslint-036'] = lambda: [f for f in files('eslint') if f.endswith('.js') and 'chalk' in importspecs('eslint', f)]
C['eslint-037'] = lambda: [f for f in files('eslint') if f.endswith('.js') and 'espree' in importspecs('eslint', f)]
C['eslint-050'] = lambda: (lambda fl: {e: sum(1 for f in fl if os.path.splitext(os.path.basename(f))[1] == e) for e in set(os.path.splitext(os.path.basename(f))[1] for f in fl)})(files('eslint'))
C['eslint-054'] = lambda: len([x for x in os.listdir(P('eslint', 'lib/rules')) if x.startswith('no-') and x.endswith('.js')])
C['eslint-063'] = lambda: [f for f in files('eslint') if f.endswith('.js') and 'use strict' not in rd('eslint', f)]
C['execa-017'] = lambda: sum(nlines('execa', f) for f in files('execa', 'lib') if f.endswith('.js'))
C['execa-020'] = lambda: sum(rd('execa', f).count('verboseInfo') for f in files('execa', 'lib'))
C['execa-027'] = lambda: sorted(set(re.findall(r'(?m)^export const (\S+) =', rd('execa', 'index.js'))) | set(x.strip() for grp in re.findall(r'export \{([^}]*)\}', rd('execa', 'index.js')) for x in grp.split(',') if x.strip()))
C['execa-033'] = lambda: sorted(set(s for f in files('execa', 'lib') for s in importspecs('execa', f) if not s.startswith(('.', 'node:'))))
C['execa-059'] = lambda: [f for f in files('execa') if f.endswith('.js') and any(os.path.normpath(os.path.join(os.path.dirname(f), s)) == 'lib/utils/deferred.js' for s in importspecs('execa', f) if s.startswith('.'))]
C['query-core-013'] = lambda: sorted(sorted(files('query-core'), key=lambda f: (-os.path.getsize(P('query-core', f)), f))[:5])
C['query-core-017'] = lambda: sum(nlines('query-core', f) for f in files('query-core', 'src') if f.endswith('.ts'))
C['query-core-020'] = lambda: sum(rd('query-core', f).count('notifyManager.batch') for f in files('query-core', 'src'))
C['query-core-051'] = lambda: nlines('query-core', 'build/modern/index.js')
C['query-core-067'] = lambda: sum(len(re.findall(r'(?m)^export class ', rd('query-core', f))) for f in files('query-core', 'src'))
C['query-core-069'] = lambda: len(set(re.findall(r"from '([^']+)'", rd('query-core', 'src/index.ts'))))
C['vitest-mono-003'] = lambda: len(files('vitest-mono'))
C['vitest-mono-021'] = lambda: sum(os.path.getsize(P('vitest-mono', f)) for f in files('vitest-mono'))
C['vitest-mono-030'] = lambda: sum(rd('vitest-mono', f).count('import.meta.vitest') for f in files('vitest-mono'))
C['vitest-mono-031'] = lambda: hits('vitest-mono', files('vitest-mono'), r'TODO')
C['vitest-mono-035'] = lambda: hits('vitest-mono', [f for f in files('vitest-mono') if f.endswith(('.js', '.mjs', '.cjs'))], r'^\s*(export\s+)?function\s+noop\b|\b(const|let|var)\s+noop\s*=')
C['vitest-mono-040'] = lambda: [f for f in files('vitest-mono') if f.endswith(('.js', '.ts', '.mjs', '.cjs', '.cts')) and 'pathe' in importspecs('vitest-mono', f)]
C['vitest-mono-048'] = lambda: {f'packages/{d}': len(files('vitest-mono', f'packages/{d}')) for d in os.listdir(P('vitest-mono', 'packages'))}
C['webapp-001'] = lambda: len(files('webapp', 'src'))
C['webapp-003'] = lambda: files('webapp', prune=('node_modules',))
C['webapp-028'] = lambda: len([d for d in os.listdir(P('webapp', 'node_modules')) if not d.startswith(('.', '@')) and os.path.isfile(P('webapp', 'node_modules', d, 'package.json'))]) + sum(len([x for x in os.listdir(P('webapp', 'node_modules', s)) if os.path.isfile(P('webapp', 'node_modules', s, x, 'package.json'))]) for s in os.listdir(P('webapp', 'node_modules')) if s.startswith('@'))
C['webapp-030'] = lambda: len(files('webapp'))
C['webapp-039'] = lambda: len([f for f in files('webapp', 'node_modules') if os.path.basename(f) == 'package.json'])
C['webapp-051'] = lambda: [max(files('webapp', 'node_modules'), key=lambda f: os.path.getsize(P('webapp', f)))]
C['webapp-052'] = lambda: len([f for f in files('webapp', 'node_modules') if f.lower().endswith('.md')])
C['webapp-054'] = lambda: hits('webapp', ['node_modules/lodash/debounce.js'], r'^\s*function debounce\b')

def norm(kind, v, ordered=False):
    if kind in ('paths', 'strings') and not ordered: return sorted(v)
    if kind == 'hits': return sorted(v, key=lambda h: (h['file'], h['line']))
    return v
ok = diff = 0
for i, fn in C.items():
    e = reqs[i]; g = e['gold']
    try: v = fn()
    except Exception as ex: v = f'ERROR {ex!r}'
    same = norm(g['kind'], v, g.get('ordered')) == norm(g['kind'], g['value'], g.get('ordered'))
    if same: ok += 1
    else:
        diff += 1
        acc = [a for a in e.get('accept', []) if norm(a['kind'], a['value'], a.get('ordered')) == norm(a['kind'], v, a.get('ordered'))]
        print('DIFF', i, e['request'], '| gold', json.dumps(g['value'])[:150], '| check', json.dumps(v)[:150], '| matches accept:' , [a['reading'] for a in acc])
print('OK', ok, 'DIFF', diff, 'TOTAL', len(C))
