#!/usr/bin/env python3
"""Recompute golds a second way with shell tools (find, wc, grep, awk, stat, sed, node) and
compare with requests.json. Writes /work/corpus-f/checks.md."""
import json, subprocess, os

OUT = '/work/corpus-f'
ROOT = '/work/main/.corpus-trees'
REQ = {o['id']: o for o in json.load(open(os.path.join(OUT, 'requests.json')))}


def sh(tree, cmd):
    r = subprocess.run(['bash', '-c', cmd], cwd=os.path.join(ROOT, tree), capture_output=True, text=True)
    return r.stdout


def num(s):
    return int(s.strip())


def lines(s):
    return [l for l in s.split('\n') if l != '']


def paths(s):
    return sorted(l[2:] if l.startswith('./') else l for l in lines(s))


def hits(s):
    out = []
    for l in lines(s):
        f, n = l.split(':', 2)[:2]
        out.append({'file': f[2:] if f.startswith('./') else f, 'line': int(n)})
    return sorted(out, key=lambda h: (h['file'], h['line']))


def raw(s):
    return s


def js(s):
    return json.loads(s)


# (id, shell command, parser, how to compare)
C = [
    # ---- pino
    ('pino-001', "find . -type f | wc -l", num),
    ('pino-002', "find lib -type f -name '*.js' | wc -l", num),
    ('pino-003', "find test -type f -name '*.test.js' | wc -l", num),
    ('pino-004', "find lib -type f", paths),
    ('pino-005', "find docs -type f", paths),
    ('pino-006', "find . -type f -name '*.md'", paths),
    ('pino-007', "find test/fixtures/ts -type f", paths),
    ('pino-008', "cat bin.js", raw),
    ('pino-009', "cat lib/meta.js", raw),
    ('pino-010', "sed -n 1,20p pino.js | head -c -1", raw),
    ('pino-011', "wc -l < lib/tools.js", num),
    ('pino-012', "wc -l < browser.js", num),
    ('pino-013', "find . -type f -printf '%s %P\\n' | sort -k1,1nr -k2 | head -1 | awk '{print $2}'", lines),
    ('pino-014', "find . -type f -printf '%s %P\\n' | sort -k1,1nr -k2 | head -5 | awk '{print $2}'", lines),
    ('pino-015', "stat -c %s pino.d.ts", num),
    ('pino-016', "grep -rnF 'sonic-boom' . | cut -d: -f1,2", hits),
    ('pino-017', "grep -rlF 'SonicBoom' .", paths),
    ('pino-018', "grep -rnE '^\\s*function genLog\\b' . | cut -d: -f1,2", hits),
    ('pino-019', "grep -rnE '^\\s*function multistream\\b' . | cut -d: -f1,2", hits),
    ('pino-020', "grep -rnE '^\\s*function transport\\b' . | cut -d: -f1,2", hits),
    ('pino-021', "grep -rnE '^\\s*function noop\\b' --exclude-dir=test . | cut -d: -f1,2", hits),
    ('pino-022', "node -e \"const s=require('fs').readFileSync('lib/transport.js','utf8');console.log(JSON.stringify([...new Set([...s.matchAll(/require\\(['\\\"]([^'\\\"]+)['\\\"]\\)/g)].map(m=>m[1]))]))\"", js),
    ('pino-023', "grep -oE \"require\\('[^']+'\\)\" pino.js | sed -E \"s/require\\('(.*)'\\)/\\1/\" | awk '!seen[$0]++'", lines),
    ('pino-024', "grep -oE \"require\\('[^']+'\\)\" lib/worker.js | sed -E \"s/require\\('(.*)'\\)/\\1/\" | awk '!seen[$0]++'", lines),
    ('pino-025', "awk '/^module.exports = \\{/{f=1;next} f&&/^\\}/{f=0} f' lib/levels.js | tr -d ' ,'", lines),
    ('pino-026', "node -e \"console.log(JSON.stringify(Object.keys(require('./lib/time.js'))))\"", js),
    ('pino-027', "grep -rlE \"require\\(['\\\"](\\./|\\.\\./)+(lib/)?symbols(\\.js)?['\\\"]\\)\" --include='*.js' --include='*.ts' --include='*.mjs' --include='*.cjs' . ", paths),
    ('pino-028', "grep -rlE \"(require\\(|from |import\\().?['\\\"]thread-stream['\\\"]\" --include='*.js' --include='*.ts' --include='*.mjs' --include='*.cjs' --include='*.mts' --include='*.cts' .", paths),
    ('pino-029', "grep -rlE \"require\\(['\\\"](\\./|\\.\\./)+(lib/)?caller(\\.js)?['\\\"]\\)\" --include='*.js' --include='*.ts' --include='*.mjs' --include='*.cjs' .", paths),
    ('pino-030', "node -p \"const p=require('./package.json');JSON.stringify({name:p.name,version:p.version})\"", js),
    ('pino-031', "node -p \"JSON.stringify(Object.keys(require('./package.json').scripts))\"", js),
    ('pino-032', "node -p \"require('./package.json').scripts.test\" | head -c -1", raw),
    ('pino-033', "node -p \"JSON.stringify(Object.keys(require('./package.json').dependencies))\"", js),
    ('pino-034', "node -p \"Object.keys(require('./package.json').devDependencies).length\"", num),
    ('pino-036', "node -p \"require('./package.json').dependencies['sonic-boom']\" | head -c -1", raw),
    ('pino-037', "node -p \"JSON.stringify(require('./package.json').bin)\"", js),
    ('pino-038', "find . -mindepth 1 -maxdepth 1 -type d", paths),
    ('pino-039', "find test -mindepth 1 -maxdepth 1 -type d", paths),
    ('pino-040', "find . -type f -printf '%f\\n' | awk '{n=$0; sub(/^\\./,\"\",n); if (n ~ /\\./) {sub(/.*\\./,\".\",n)} else n=\"\"; c[n]++} END{printf \"{\"; s=\"\"; for (k in c) {printf \"%s\\\"%s\\\":%d\", s, k, c[k]; s=\",\"}; print \"}\"}'", js),
    ('pino-041', "find . -type f \\( -name '*.ts' -o -name '*.mts' -o -name '*.cts' \\) | wc -l", num),
    ('pino-042', "find . -type f -name '*.py' | wc -l", num),
    ('pino-043', "grep -rlE \"(require\\(|from )['\\\"]lodash\" . ", paths),
    ('pino-044', "grep -rnF TODO lib | cut -d: -f1,2", hits),
    ('pino-046', "find benchmarks -type f -name '*.bench.js' | wc -l", num),
    ('pino-047', "grep -rnE '^\\s*const chindingsSym\\s*=' . | cut -d: -f1,2", hits),
    ('pino-048', "sed -n 40,60p lib/proto.js | head -c -1", raw),
    ('pino-049', "grep -rlF 'use strict' . | wc -l", num),
    ('pino-050', "grep -rnw fooBarBazQux . | cut -d: -f1,2", hits),
    # ---- immer
    ('immer-001', "find src -type f | wc -l", num),
    ('immer-002', "find src -type f -name '*.ts'", paths),
    ('immer-003', "find src/core -type f", paths),
    ('immer-004', "find dist/cjs -type f", paths),
    ('immer-005', "find dist -type f | wc -l", num),
    ('immer-006', "cat src/internal.ts", raw),
    ('immer-007', "sed -n 1,20p src/utils/env.ts | head -c -1", raw),
    ('immer-008', "wc -l < src/core/proxy.ts", num),
    ('immer-009', "find src -type f -printf '%s %p\\n' | sort -nr | head -1 | awk '{print $2}'", lines),
    ('immer-010', "find . -type f -printf '%s %P\\n' | sort -k1,1nr | head -3 | awk '{print $2}'", lines),
    ('immer-011', "stat -c %s dist/immer.mjs", num),
    ('immer-012', "find dist -type f -printf '%s\\n' | awk '{s+=$1} END{print s}'", num),
    ('immer-013', "grep -rnE '^export const produce\\b' src | cut -d: -f1,2", hits),
    ('immer-014', "grep -rnE '^export class Immer\\b' src | cut -d: -f1,2", hits),
    ('immer-015', "grep -rnE '^export function enableMapSet\\b' src | cut -d: -f1,2", hits),
    ('immer-016', "grep -rnE '^export (let|const|function) isDraft\\b' src | cut -d: -f1,2", hits),
    ('immer-017', "grep -rnE '^export function createProxy\\b' src | cut -d: -f1,2", hits),
    ('immer-018', "grep -rnE '^export function die\\b' src | cut -d: -f1,2", hits),
    ('immer-019', "sed -n '/^export {$/,/^}/p' dist/immer.d.ts | head -0; grep -E '^export \\{' dist/immer.d.ts | tail -1 | sed -E 's/export \\{ (.*) \\};/\\1/' | tr ',' '\\n' | sed -E 's/.* as //; s/^ +//'", lines),
    ('immer-022', "grep -oE 'from \"[^\"]+\"' src/plugins/patches.ts | sed -E 's/from \"(.*)\"/\\1/' | awk '!seen[$0]++'", lines),
    ('immer-023', "grep -rlE 'from \"\\.\\./internal\"' src", paths),
    ('immer-024', "grep -rlE 'from \"(\\./|\\.\\./)+immer\"' src", paths),
    ('immer-025', "node -p \"const p=require('./package.json');JSON.stringify({name:p.name,version:p.version})\"", js),
    ('immer-026', "node -p \"JSON.stringify(Object.keys(require('./package.json').scripts))\"", js),
    ('immer-027', "node -p \"require('./package.json').scripts.build\" | head -c -1", raw),
    ('immer-028', "node -p \"JSON.stringify(Object.keys(require('./package.json').devDependencies))\"", js),
    ('immer-029', "node -p \"JSON.stringify(Object.keys(require('./package.json').dependencies||{}))\"", js),
    ('immer-030', "node -p \"require('./package.json').main\" | head -c -1", raw),
    ('immer-031', "node -p \"JSON.stringify(require('./package.json').exports)\"", js),
    ('immer-032', "node -p \"JSON.stringify(require('./package.json').sideEffects)\"", js),
    ('immer-033', "node -p \"JSON.stringify(require('./package.json').files)\"", js),
    ('immer-034', "grep -rnF 'Symbol.for' src | cut -d: -f1,2", hits),
    ('immer-035', "grep -roF '__DEV__' src | wc -l", num),
    ('immer-036', "grep -rnF TODO src | cut -d: -f1,2", hits),
    ('immer-037', "grep -rnF 'immer-nothing' . | cut -d: -f1,2", hits),
    ('immer-038', "find . -type f -name '*.map' | wc -l", num),
    ('immer-040', "find src -mindepth 1 -type d", paths),
    ('immer-041', "find . -type f \\( -name '*.test.*' -o -name '*.spec.*' -o -path '*/__tests__/*' -o -path '*/test/*' -o -path '*/tests/*' \\)", paths),
    ('immer-043', "cat $(find src -name '*.ts') | wc -l", num),
    ('immer-044', "cat readme.md", raw),
    ('immer-046', "cat dist/cjs/index.js", raw),
    ('immer-047', "grep -rnE '^export const NOTHING\\b' src | cut -d: -f1,2", hits),
    ('immer-048', "grep -oE '^(export )?interface [A-Za-z_]+' src/types/types-external.ts | awk '{print $NF}'", lines),
    ('immer-050', "grep -rlF enableArrayMethods .", paths),
    # ---- commander
    ('commander-001', "find . -type f | wc -l", num),
    ('commander-002', "ls lib | sed 's|^|lib/|'", paths),
    ('commander-003', "ls typings | sed 's|^|typings/|'", paths),
    ('commander-004', "cat index.js", raw),
    ('commander-005', "wc -l < lib/command.js", num),
    ('commander-006', "ls -S $(find . -type f) | head -1", paths),
    ('commander-007', "stat -c %s Readme.md", num),
    ('commander-008', "grep -nE '^export class Command\\b' lib/*.js | cut -d: -f1,2", hits),
    ('commander-009', "grep -rnE 'function suggestSimilar\\b' . | cut -d: -f1,2", hits),
    ('commander-010', "grep -rnE 'function camelcase\\b' . | cut -d: -f1,2", hits),
    ('commander-011', "grep -nE '^export class Help\\b' lib/*.js | cut -d: -f1,2", hits),
    ('commander-012', "grep -nE 'class InvalidArgumentError\\b' lib/*.js | cut -d: -f1,2", hits),
    ('commander-013', "grep -rnE 'function humanReadableArgName\\b' . | cut -d: -f1,2", hits),
    ('commander-014', "node --input-type=module -e \"import * as m from './index.js'; console.log(JSON.stringify(Object.keys(m)))\"", js),
    ('commander-015', "grep -oE \"^import .* from '[^']+'\" lib/command.js | sed -E \"s/.* from '(.*)'/\\1/\"", lines),
    ('commander-016', "grep -oE \"^import .* from '[^']+'\" lib/help.js | sed -E \"s/.* from '(.*)'/\\1/\"", lines),
    ('commander-017', "grep -rlE \"from '\\./(lib/)?error\\.js'\" --include='*.js' .", paths),
    ('commander-018', "grep -rlE \"from '\\./(lib/)?argument\\.js'\" --include='*.js' .", paths),
    ('commander-019', "node --input-type=module -e \"import * as m from './lib/option.js'; console.log(JSON.stringify(Object.keys(m)))\"", js),
    ('commander-020', "node -p \"const p=require('./package.json');JSON.stringify({name:p.name,version:p.version})\"", js),
    ('commander-021', "node -p \"JSON.stringify(Object.keys(require('./package.json').scripts))\"", js),
    ('commander-022', "node -p \"require('./package.json').engines.node\" | head -c -1", raw),
    ('commander-023', "node -p \"JSON.stringify(Object.keys(require('./package.json').dependencies||{}))\"", js),
    ('commander-024', "node -p \"Object.keys(require('./package.json').devDependencies).length\"", num),
    ('commander-025', "node -p \"require('./package.json').type\" | head -c -1", raw),
    ('commander-026', "node -p \"JSON.stringify(require('./package.json').files)\"", js),
    ('commander-027', "grep -rnF 'process.exit' . | cut -d: -f1,2", hits),
    ('commander-028', "grep -rnF TODO . | cut -d: -f1,2", hits),
    ('commander-029', "grep -rnF stripVTControlCharacters . | cut -d: -f1,2", hits),
    ('commander-030', "node --input-type=module -e \"import {Option} from './lib/option.js'; console.log(JSON.stringify(Object.getOwnPropertyNames(Option.prototype).sort()))\"", js),
    ('commander-031', "sed -n 1,30p lib/error.js | head -c -1", raw),
    ('commander-032', "wc -l lib/*.js | grep -v ' total$' | awk 'BEGIN{printf \"{\"} {printf \"%s\\\"%s\\\":%d\", (NR>1?\",\":\"\"), $2, $1} END{print \"}\"}'", js),
    ('commander-033', "cat $(find . -name '*.js') | wc -l", num),
    ('commander-035', "find . -name '*.d.ts' | wc -l", num),
    ('commander-036', "find . -name '*.py' | wc -l", num),
    ('commander-038', "cat package-support.json", raw),
    ('commander-039', "node --input-type=module -e \"import * as m from './lib/suggestSimilar.js'; console.log(JSON.stringify(Object.keys(m)))\"", js),
    ('commander-040', "grep -rnE '^export function useColor\\b' . | cut -d: -f1,2", hits),
    ('commander-041', "find . -type f -size +20k", paths),
    ('commander-042', "ls -S $(find . -type f) | head -3", lines),
    ('commander-043', "node -p \"require('./package.json').license\" | head -c -1", raw),
    ('commander-044', "grep -rlE \"from 'node:fs'|from 'fs'\" --include='*.js' .", paths),
    ('commander-045', "grep -rnF deprecated . | cut -d: -f1,2", hits),
    ('commander-046', "find . -name '*.md'", paths),
    ('commander-047', "find . -mindepth 1 -type d", paths),
    ('commander-048', "grep -rnE 'function editDistance\\b' . | cut -d: -f1,2", hits),
    ('commander-049', "node -p \"require('./package.json').main\" | head -c -1", raw),
    ('commander-050', "node -p \"require('./package.json').types\" | head -c -1", raw),
]


def norm_for(kind, v, ordered):
    if kind == 'hits':
        return sorted(v, key=lambda h: (h['file'], h['line']))
    if kind in ('paths', 'strings') and not ordered:
        return sorted(v)
    if kind in ('paths', 'strings') and ordered:
        return [x[2:] if isinstance(x, str) and x.startswith('./') else x for x in v]
    return v


def compare(o, val):
    g = o['gold']
    a = norm_for(g['kind'], val, g.get('ordered'))
    b = norm_for(g['kind'], g['value'], g.get('ordered'))
    if a == b:
        return 'gold', None
    for acc in o['accept']:
        if acc['kind'] == g['kind'] and norm_for(acc['kind'], val, acc.get('ordered')) == norm_for(acc['kind'], acc['value'], acc.get('ordered')):
            return 'accept', acc['reading']
    return 'DIFF', None


def short(v):
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= 110 else s[:107] + '...'


def main():
    rows = []
    stats = {'gold': 0, 'accept': 0, 'DIFF': 0}
    for rid, cmd, parse in C:
        o = REQ[rid]
        outp = sh(o['tree'], cmd)
        try:
            val = parse(outp)
        except Exception as e:  # noqa
            val = f'PARSE ERROR {e}: {outp[:200]!r}'
        # shell `find` gives 'x' / './x'; strip for paths
        if parse in (lines,) and o['gold']['kind'] == 'paths':
            val = [v[2:] if v.startswith('./') else v for v in val]
        res, reading = compare(o, val)
        stats[res] += 1
        rows.append((rid, cmd, short(val), short(o['gold']['value']), res + (f' ({reading})' if reading else '')))
    with open(os.path.join(OUT, 'checks.md'), 'w') as fh:
        fh.write('# Second-way checks\n\n')
        fh.write(f'{len(rows)} golds recomputed with shell tools (find, wc, grep, sed, awk, stat, ls, node) run in the tree root.\n')
        fh.write(f"Result: {stats['gold']} equal to gold, {stats['accept']} equal to an accept reading, {stats['DIFF']} differ.\n\n")
        fh.write('| id | shell command | shell result | gold value | outcome |\n|---|---|---|---|---|\n')
        for r in rows:
            fh.write('| ' + ' | '.join(x.replace('|', '\\|').replace('\n', ' ') for x in r) + ' |\n')
        fh.write('\n## Notes on disagreements\n\n' + NOTES)
    print(stats)
    for r in rows:
        if not r[4].startswith('gold'):
            print(r[0], r[4], '\n   shell:', r[2], '\n   gold :', r[3])


NOTES = open(os.path.join(os.path.dirname(__file__), 'check_notes.md')).read() if os.path.exists(os.path.join(os.path.dirname(__file__), 'check_notes.md')) else '(none)\n'

if __name__ == '__main__':
    main()
