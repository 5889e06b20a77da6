#!/usr/bin/env python3
"""Recompute golds a second way with shell tools (find, wc, stat, grep, awk, sed, node) and compare."""
import json, subprocess, os
OUT = '/work/corpus-q'
T = {'debug': '/work/main/.corpus-trees/debug', 'chalk': '/work/main/.corpus-trees/chalk'}
reqs = {r['id']: r for r in json.load(open(os.path.join(OUT, 'requests.json')))}

def sh(tree, cmd):
    return subprocess.run(['bash', '-c', cmd], cwd=T[tree], capture_output=True, text=True).stdout

NUM = lambda o: int(o.split()[0]) if o.strip() else 0
LIST = lambda o: sorted(x[2:] if x.startswith('./') else x for x in o.split('\n') if x)
RAWLIST = lambda o: sorted(x for x in o.split('\n') if x)  # no ./ stripping (module specifiers)
OLIST = lambda o: [x[2:] if x.startswith('./') else x for x in o.split('\n') if x]
def HITS(o):
    out = []
    for ln in o.split('\n'):
        if not ln: continue
        f, n, _ = ln.split(':', 2)
        out.append({'file': f[2:] if f.startswith('./') else f, 'line': int(n)})
    return sorted(out, key=lambda h: (h['file'], h['line']))
TEXT = lambda o: o
RSTRIP1 = lambda o: o[:-1] if o.endswith('\n') else o
JSON = lambda o: json.loads(o)

GREP = "grep -rn --include='*' {opt} -- {pat} . | sort -t: -k1,1 -k2,2n"
C = [
 ('debug-001', "find . -type f | wc -l", NUM),
 ('debug-002', "find src -type f | wc -l", NUM),
 ('debug-003', "find src -type f | sort", LIST),
 ('debug-004', "ls -1A | sort", LIST),
 ('debug-005', "wc -l < src/common.js", NUM),
 ('debug-006', "wc -l < src/node.js", NUM),
 ('debug-007', "find . -type f -printf '%s %P\\n' | sort -rn | head -1 | awk '{print $2}'", LIST),
 ('debug-008', "find . -type f -printf '%s %P\\n' | sort -rn | head -3 | awk '{print $2}'", OLIST),
 ('debug-009', "stat -c %s src/index.js", NUM),
 ('debug-010', "cat src/index.js", TEXT),
 ('debug-011', "sed -n 1,10p src/node.js", RSTRIP1),
 ('debug-012', "sed -n 60,70p src/common.js", RSTRIP1),
 ('debug-013', "grep -rnE '^\\s*function formatArgs\\b' . | sort", HITS),
 ('debug-014', "grep -rnE '^\\s*function createDebug\\b' .", HITS),
 ('debug-016', "grep -rn 'function localstorage' .", HITS),
 ('debug-017', "node -e \"const s=require('fs').readFileSync('src/node.js','utf8');const r=[...s.matchAll(/require\\('([^']+)'\\)/g)].map(m=>m[1]);console.log([...new Set(r)].sort().join('\\n'))\"", RAWLIST),
 ('debug-019', "grep -rlE \"require\\('./common(\\.js)?'\\)\" . | sort", LIST),
 ('debug-020', "grep -rlE \"require\\('ms'\\)\" --include='*.js' . | sort", LIST),
 ('debug-022', "grep -oE '^exports\\.[A-Za-z]+ =' src/node.js | sed -E 's/exports\\.([A-Za-z]+) =/\\1/' | sort -u", LIST),
 ('debug-024', "node -p \"JSON.stringify(require('./package.json').version)\"", JSON),
 ('debug-026', "node -p \"Object.keys(require('./package.json').scripts).sort().join('\\n')\"", LIST),
 ('debug-027', "node -p \"JSON.stringify(require('./package.json').scripts.test)\"", JSON),
 ('debug-029', "node -p \"Object.keys(require('./package.json').devDependencies).length\"", NUM),
 ('debug-030', "node -p \"JSON.stringify(require('./package.json').devDependencies.mocha)\"", JSON),
 ('debug-033', "node -p \"JSON.stringify(require('./package.json').engines.node)\"", JSON),
 ('debug-034', "node -p \"Object.keys(require('./package.json').peerDependencies||{}).join('\\n')\"", LIST),
 ('debug-035', GREP.format(opt='', pat='localStorage'), HITS),
 ('debug-036', GREP.format(opt='-w', pat='TODO'), HITS),
 ('debug-037', GREP.format(opt='-F', pat='process.env.DEBUG'), HITS),
 ('debug-038', GREP.format(opt='', pat='DEBUG_COLORS'), HITS),
 ('debug-039', "grep -rn setTimeout src", HITS),
 ('debug-040', "find . -type f -name '*.js' | wc -l", NUM),
 ('debug-042', "find . -type f \\( -name '*.ts' -o -name '*.tsx' \\)", LIST),
 ('debug-043', "find . -mindepth 1 -type d | wc -l", NUM),
 ('debug-044', "grep -o namespace src/common.js | wc -l", NUM),
 ('debug-045', "cat LICENSE", TEXT),
 ('debug-046', "find . -name '*.js' -type f -exec cat {} + | wc -l", NUM),
 ('debug-048', "grep -rlE \"require\\('chalk'\\)|from 'chalk'\" src", LIST),
 ('debug-049', "grep -rl Electron . | sort", LIST),
 ('chalk-001', "find . -type f | wc -l", NUM),
 ('chalk-002', "find source -type f | wc -l", NUM),
 ('chalk-003', "find source/vendor -mindepth 1 -maxdepth 1 | sort", LIST),
 ('chalk-004', "find . -mindepth 1 -type d | sort", LIST),
 ('chalk-005', "find . -type f -name '*.d.ts' | wc -l", NUM),
 ('chalk-006', "find . -type f -name '*.js' | sort", LIST),
 ('chalk-008', "find . -type f -printf '%s %P\\n' | sort -rn | head -5 | awk '{print $2}'", OLIST),
 ('chalk-009', "find . -type f -printf '%s %P\\n' | sort -n | head -1 | awk '{print $2}'", LIST),
 ('chalk-010', "wc -l < source/index.js", NUM),
 ('chalk-011', "wc -l < readme.md", NUM),
 ('chalk-012', "stat -c %s package.json", NUM),
 ('chalk-013', "cat source/utilities.js", TEXT),
 ('chalk-015', "awk 'NR>=24 && NR<=40' source/index.js", RSTRIP1),
 ('chalk-016', "head -5 source/vendor/ansi-styles/index.js", RSTRIP1),
 ('chalk-018', "grep -oE \"from '(node:[a-z]+)'\" source/vendor/supports-color/index.js | sed -E \"s/from '(.*)'/\\1/\" | sort -u", LIST),
 ('chalk-019', "grep -rlE \"from '\\./utilities(\\.js)?'\" . | sort", LIST),
 ('chalk-020', "grep -rlE \"^import .*from 'node:tty'\" . | sort", LIST),
 ('chalk-022', "grep -oE '^export function [A-Za-z]+' source/utilities.js | awk '{print $3}'", LIST),
 ('chalk-025', "grep -rnE '^\\s*function createChalk\\b' .", HITS),
 ('chalk-026', "grep -rnE '^export class Chalk\\b' .", HITS),
 ('chalk-027', "grep -rn 'function assembleStyles' .", HITS),
 ('chalk-028', "grep -rnE '^function hasFlag\\b' .", HITS),
 ('chalk-030', "grep -rn 'interface ChalkInstance' .", HITS),
 ('chalk-032', "node -p \"Object.keys(require('./package.json').scripts).join('\\n')\"", LIST),
 ('chalk-033', "node -p \"JSON.stringify(require('./package.json').scripts.bench)\"", JSON),
 ('chalk-034', "node -p \"Object.keys(require('./package.json').dependencies||{}).join('\\n')\"", LIST),
 ('chalk-035', "node -p \"Object.keys(require('./package.json').devDependencies).join('\\n')\"", LIST),
 ('chalk-037', "node -p \"JSON.stringify(require('./package.json').imports)\"", JSON),
 ('chalk-038', "node -p \"JSON.stringify(require('./package.json').type)\"", JSON),
 ('chalk-039', "node -p \"require('./package.json').keywords.length\"", NUM),
 ('chalk-040', "node -p \"JSON.stringify(require('./package.json').engines.node)\"", JSON),
 ('chalk-041', GREP.format(opt='', pat='FORCE_COLOR'), HITS),
 ('chalk-042', GREP.format(opt='', pat='TODO'), HITS),
 ('chalk-043', GREP.format(opt='-F', pat="'Symbol('"), HITS),
 ('chalk-044', GREP.format(opt='-F', pat="'require('"), HITS),
 ('chalk-045', "grep -rli truecolor . | sort", LIST),
 ('chalk-046', "find . -type f -name '*.json'", LIST),
 ('chalk-048', "find source -type f -exec cat {} + | wc -l", NUM),
 ('chalk-050', "find . -mindepth 1 -name '.*'", LIST),
]

def norm(v, kind, ordered=False):
    if kind in ('paths', 'strings') and not ordered:
        return sorted(v)
    if kind == 'hits':
        return sorted(v, key=lambda h: (h['file'], h['line']))
    return v

rows, agree = [], 0
for rid, cmd, parse in C:
    r = reqs[rid]
    g = r['gold']
    got = norm(parse(sh(r['tree'], cmd)), g['kind'], g.get('ordered'))
    want = norm(g['value'], g['kind'], g.get('ordered'))
    ok = got == want
    acc_ok = [a['reading'] for a in r['accept'] if norm(a['value'], a['kind'], a.get('ordered')) == got]
    agree += ok
    show = lambda v: (json.dumps(v)[:90] + ('…' if len(json.dumps(v)) > 90 else '')).replace('|', '\\|')
    cmd_md = cmd.replace('|', '\\|')
    rows.append(f"| {rid} | `{cmd_md}` | {show(want)} | {show(got)} | {'AGREE' if ok else ('matches accept: ' + '; '.join(acc_ok) if acc_ok else 'DISAGREE')} |")

with open(os.path.join(OUT, 'checks.md'), 'w') as fh:
    fh.write('# Second-way checks\n\n')
    fh.write(f'Recomputed {len(C)} golds with shell tools (cwd = tree root). {agree} agree exactly.\n\n')
    fh.write('| id | shell command | gold (build.py) | shell result | verdict |\n|---|---|---|---|---|\n')
    fh.write('\n'.join(rows) + '\n')
print(len(C), 'checks,', agree, 'agree')
for x in rows:
    if 'AGREE |' not in x: print(x)
