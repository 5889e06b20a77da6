#!/usr/bin/env python3
"""Second, independent computation of golds with shell tools (find, wc, grep, awk, stat, node).
Writes /work/corpus-o/checks.md with every comparison."""
import json, subprocess, datetime

OUT = '/work/corpus-o'
ROOT = '/work/main/.corpus-trees'
reqs = {r['id']: r for r in json.load(open(OUT + '/requests.json'))}


def sh(cmd, tree):
    return subprocess.run(['nice', 'bash', '-c', cmd], cwd=f'{ROOT}/{tree}', capture_output=True, text=True).stdout


def num(s): return int(s.strip() or 0)
def lines(s): return sorted({l.strip().removeprefix('./') for l in s.split('\n') if l.strip()})
def ordered(s): return [l.strip().removeprefix('./') for l in s.split('\n') if l.strip()]
def specs(s): return sorted({l.strip() for l in s.split('\n') if l.strip()})
def raw(s): return s
def chomp(s): return s[:-1] if s.endswith('\n') else s
def hits(s):
    out = set()
    for l in s.split('\n'):
        if l.strip():
            f, n = l.removeprefix('./').split(':', 2)[:2]
            out.add((f, int(n)))
    return sorted(out)
def js(s): return json.loads(s)


def gold_norm(g):
    v = g['value']
    if g['kind'] == 'hits':
        return sorted((h['file'], h['line']) for h in v)
    if g['kind'] in ('paths', 'strings') and not g.get('ordered'):
        return sorted(v)
    return v


NODE_PKG = "node -e 'const p=require(\"./package.json\");const v=%s;console.log(typeof v===\"string\"?v:JSON.stringify(v))'"
NODE_JSON = "node -e 'const p=require(\"./package.json\");process.stdout.write(JSON.stringify(%s))'"

CHECKS = [
 ('nodemailer-001', "find . -type f | wc -l", num),
 ('nodemailer-002', "find lib -type f -name '*.js' | wc -l", num),
 ('nodemailer-003', "find lib -mindepth 1 -maxdepth 1 -type d | wc -l", num),
 ('nodemailer-004', "find lib/dkim -type f", lines),
 ('nodemailer-005', "ls -1 lib/mime-node | sed 's|^|lib/mime-node/|'", lines),
 ('nodemailer-006', "find . -type f -printf '%s %P\\n' | sort -k1,1nr -k2 | head -1 | awk '{print $2}'", lines),
 ('nodemailer-007', "find lib -type f -printf '%s %p\\n' | sort -k1,1nr -k2 | head -5 | awk '{print $2}'", ordered),
 ('nodemailer-008', "wc -l < lib/smtp-connection/index.js", num),
 ('nodemailer-009', "find lib -name '*.js' -exec cat {} + | wc -l", num),
 ('nodemailer-010', "cat lib/mime-node/last-newline.js", raw),
 ('nodemailer-011', "sed -n 1,12p lib/nodemailer.js", chomp),
 ('nodemailer-012', "cat .prettierrc.js", raw),
 ('nodemailer-013', NODE_PKG % 'p.version', chomp),
 ('nodemailer-014', NODE_PKG % 'p.main', chomp),
 ('nodemailer-015', "node -e 'console.log(Object.keys(require(\"./package.json\").scripts).join(\"\\n\"))'", lines),
 ('nodemailer-016', NODE_PKG % 'p.scripts.lint', chomp),
 ('nodemailer-017', "node -e 'console.log(Object.keys(require(\"./package.json\").devDependencies).join(\"\\n\"))'", lines),
 ('nodemailer-018', "node -e 'console.log(Object.keys(require(\"./package.json\").dependencies||{}).join(\"\\n\"))'", lines),
 ('nodemailer-019', NODE_PKG % 'p.license', chomp),
 ('nodemailer-020', NODE_PKG % 'p.engines.node', chomp),
 ('nodemailer-021', "grep -rnE '^\\s*class SMTPConnection\\b' . | cut -d: -f1,2", hits),
 ('nodemailer-023', "grep -rnE '^\\s*class Tokenizer\\b' . | cut -d: -f1,2", hits),
 ('nodemailer-024', "grep -rnE '^\\s*class LeWindows\\b' . | cut -d: -f1,2", hits),
 ('nodemailer-025', "grep -oE \"require\\('[^']+'\\)\" lib/mailer/index.js | sed -E \"s/require\\('(.*)'\\)/\\1/\"", specs),
 ('nodemailer-026', "grep -oE \"require\\('[^']+'\\)\" lib/nodemailer.js | sed -E \"s/require\\('(.*)'\\)/\\1/\"", specs),
 ('nodemailer-027', "grep -rlE \"require\\('(\\.\\./shared|\\./shared)'\\)\" lib", lines),
 ('nodemailer-028', "grep -rlE \"require\\('(\\.\\./xoauth2|\\./xoauth2)'\\)\" lib", lines),
 ('nodemailer-029', "grep -rl \"require('child_process')\" .", lines),
 ('nodemailer-030', "grep -rn 'ETHEREAL_API' . | cut -d: -f1,2", hits),
 ('nodemailer-031', "grep -rn 'TODO' lib | cut -d: -f1,2", hits),
 ('nodemailer-032', "grep -ro 'setTimeout' lib | wc -l", num),
 ('nodemailer-033', "grep -rnE '(^|[^A-Za-z0-9_.])eval\\(' . | cut -d: -f1,2", hits),
 ('nodemailer-035', "find . -type f -name '*.json' | wc -l", num),
 ('nodemailer-036', "find . -maxdepth 1 -type f -name '.*'", lines),
 ('nodemailer-037', "find lib -mindepth 1 -type d", lines),
 ('nodemailer-038', "grep -oE '^(const \\w+ = \\()?module\\.exports\\.\\w+ = ' lib/shared/index.js | grep -oE 'exports\\.\\w+' | cut -d. -f2", lines),
 ('nodemailer-040', "stat -c %s lib/well-known/services.json", num),
 ('nodemailer-041', "find . -type f -name '*.md' | wc -l", num),
 ('nodemailer-042', "find . -type f \\( -name '*.ts' -o -name '*.tsx' -o -name '*.mts' -o -name '*.cts' \\)", lines),
 ('nodemailer-044', "head -1 README.md", chomp),
 ('nodemailer-045', "grep -m1 -oE '^## \\[[^]]+\\]' CHANGELOG.md | sed -E 's/^## \\[(.*)\\]/\\1/'", chomp),
 ('nodemailer-046', "grep -rli socks .", lines),
 ('nodemailer-048', "grep -cE '^\\s*class \\w+' lib/dkim/index.js", num),
 ('nodemailer-049', "node -e 'console.log(Object.keys(require(\"./lib/well-known/services.json\")).length)'", num),
 ('nodemailer-050', "node -e 'process.stdout.write(JSON.stringify(require(\"./lib/well-known/services.json\").SES))'", js),
 ('nodemailer-051', "find lib -type f -exec wc -l {} + | grep -v ' total$' | sort -k1,1n -k2 | head -1 | awk '{print $2}'", lines),
 ('nodemailer-052', "find . -type f -name index.js | wc -l", num),
 ('nodemailer-053', "find . -type f -name index.js", lines),
 ('nodemailer-054', "sed -n 44,47p lib/well-known/index.js", chomp),
 ('nodemailer-055', "grep -n '^class MimeNode' lib/mime-node/index.js | cut -d: -f1", num),
 ('nodemailer-056', NODE_PKG % 'p.repository.url', chomp),
 ('nodemailer-058', "grep -rlE \"require\\('(\\.\\./punycode|\\./punycode)'\\)\" lib", lines),
 ('nodemailer-059', "find . -type f -empty", lines),
 ('nodemailer-060', NODE_PKG % 'p.author', chomp),
 ('zustand-001', "find . -type f | wc -l", num),
 ('zustand-002', "find . -type f -name '*.d.ts' | wc -l", num),
 ('zustand-003', "find esm -type f | wc -l", num),
 ('zustand-004', "find esm -mindepth 1 -maxdepth 1", lines),
 ('zustand-005', "find middleware -type f", lines),
 ('zustand-006', "ls -S $(find . -type f) | head -1", lines),
 ('zustand-007', "find . -type f -printf '%s %P\\n' | sort -k1,1nr -k2 | head -3 | awk '{print $2}'", ordered),
 ('zustand-008', "wc -l < middleware.js", num),
 ('zustand-009', "wc -l < readme.md", num),
 ('zustand-010', "cat vanilla.js", raw),
 ('zustand-011', "head -5 esm/react.mjs", chomp),
 ('zustand-012', NODE_JSON % '{name:p.name,version:p.version}', js),
 ('zustand-013', NODE_JSON % 'p.peerDependencies', js),
 ('zustand-014', "node -e 'const m=require(\"./package.json\").peerDependenciesMeta;console.log(Object.keys(m).filter(k=>m[k].optional).join(\"\\n\"))'", lines),
 ('zustand-015', "node -e 'console.log(Object.keys(require(\"./package.json\").dependencies||{}).join(\"\\n\"))'", lines),
 ('zustand-016', "node -e 'console.log(Object.keys(require(\"./package.json\").scripts||{}).join(\"\\n\"))'", lines),
 ('zustand-017', NODE_JSON % 'p.exports["."]', js),
 ('zustand-018', NODE_PKG % 'p.packageManager', chomp),
 ('zustand-019', NODE_PKG % 'p.engines.node', chomp),
 ('zustand-020', NODE_JSON % 'p.sideEffects', js),
 ('zustand-021', "node -e 'console.log(require(\"./package.json\").keywords.join(\"\\n\"))'", lines),
 ('zustand-023', "grep -rnE '^const createStore\\s*=' --include='*.js' --include='*.mjs' . | cut -d: -f1,2", hits),
 ('zustand-024', "grep -rnE '^function useShallow\\b' --include='*.js' --include='*.mjs' . | cut -d: -f1,2", hits),
 ('zustand-025', "grep -rn '^const persistImpl' --include='*.js' --include='*.mjs' . | cut -d: -f1,2", hits),
 ('zustand-026', "grep -rn '^export interface StoreApi' . | cut -d: -f1,2", hits),
 ('zustand-027', "grep -oE \"require\\('[^']+'\\)\" traditional.js | sed -E \"s/require\\('(.*)'\\)/\\1/\"", lines),
 ('zustand-028', "grep -oE \"^import .* from '[^']+'\" esm/traditional.mjs | sed -E \"s/.*from '(.*)'/\\1/\"", lines),
 ('zustand-029', "grep -rlE \"require\\('react'\\)|from 'react'\" .", lines),
 ('zustand-030', "grep -rl \"require('zustand/vanilla')\" .", lines),
 ('zustand-031', "grep -oE '^exports\\.\\w+' middleware.js | cut -d. -f2", lines),
 ('zustand-032', "node --input-type=module -e \"import('$PWD/esm/shallow.mjs').catch(()=>0)\" >/dev/null 2>&1; grep -oE '^export \\{ \\w+ \\}' esm/shallow.mjs | grep -oE '\\w+ \\}' | tr -d ' }'", lines),
 ('zustand-034', "grep -rlE \"require\\('immer'\\)|from 'immer'\" .", lines),
 ('zustand-035', "grep -rn 'use-sync-external-store' . | cut -d: -f1,2", hits),
 ('zustand-036', "grep -ro '__PURE__' . | wc -l", num),
 ('zustand-037', "grep -rn 'console.warn' . | cut -d: -f1,2", hits),
 ('zustand-038', "grep -rn 'localStorage' . | cut -d: -f1,2", hits),
 ('zustand-040', "find . -type f -name '*.mjs' | wc -l", num),
 ('zustand-041', "find . -type f -empty", lines),
 ('zustand-042', "find . -name '*.tsx'", lines),
 ('zustand-043', "find . -mindepth 1 -type d", lines),
 ('zustand-044', "find . -mindepth 1 -type d | wc -l", num),
 ('zustand-045', "find react -type f", lines),
 ('zustand-046', "wc -l < esm/vanilla/shallow.mjs", num),
 ('zustand-047', "find . -type f -exec wc -l {} + | grep -v ' total$' | sort -k1,1nr | head -1 | awk '{print $2}'", lines),
 ('zustand-048', "awk '/^```/{f=!f; next} !f && /^## /{sub(/^## /,\"\"); print}' readme.md", lines),
 ('zustand-049', "stat -c %s package.json", num),
 ('zustand-050', "find . -type f -size +0 -printf '%s %P\\n' | sort -n | awk 'NR==1{m=$1} $1==m{print $2}'", lines),
 ('zustand-051', "grep -rn '^function createJSONStorage' --include='*.js' --include='*.mjs' . | cut -d: -f1,2", hits),
 ('zustand-052', "grep -rl 'Object\\.is' .", lines),
 ('zustand-053', "grep -rn TODO . | cut -d: -f1,2", hits),
 ('zustand-054', NODE_PKG % 'p.license', chomp),
 ('zustand-055', "head -1 LICENSE", chomp),
 ('zustand-056', "grep -rnE '^const combine\\s*=' --include='*.js' --include='*.mjs' . | cut -d: -f1,2", hits),
 ('zustand-058', "grep -rlE \"from '\\./vanilla'\" .", lines),
 ('zustand-059', "find . -name 'tsconfig*.json'", lines),
 ('zustand-060', "find . -type f -name '*.js' -exec cat {} + | wc -l", num),
]

# explanations for known, investigated disagreements (filled in after investigation)
NOTES = {
 'zustand-029': "The shell grep also matches readme.md, whose Markdown code samples contain `import ... from 'react'`. The gold counts only code files (.js/.mjs/.d.ts/.d.mts) as importers, by convention; the readme-inclusive set was added as an accept reading. Gold unchanged (not wrong).",
 'zustand-034': "Same as zustand-029: readme.md has `import { produce } from 'immer'` samples. Gold unchanged; an accept reading 'any file mentioning immer' (which includes readme.md and package.json) already existed, and a readme-inclusive importer set was added.",
}


def main():
    rows, agree = [], 0
    for rid, cmd, parse in CHECKS:
        r = reqs[rid]
        got = parse(sh(cmd, r['tree']))
        if isinstance(got, list) and r['gold']['kind'] == 'hits':
            pass
        exp = gold_norm(r['gold'])
        if r['gold']['kind'] == 'hits':
            exp = [tuple(x) for x in exp]
            got = [tuple(x) for x in got]
        ok = got == exp
        acc_ok = any(gold_norm(a) == got for a in r['accept']) if not ok else False
        agree += ok
        rows.append((rid, cmd, ok, acc_ok, exp, got))
    with open(OUT + '/checks.md', 'w') as f:
        f.write('# Second-way checks\n\nGenerated %s by tools/check.py. Each gold below was recomputed with shell tools '
                '(find, wc, grep, awk, sed, stat, ls, node) run inside the tree, independently of tools/lib.py.\n\n'
                % datetime.datetime.utcnow().strftime('%Y-%m-%dT%H:%M:%SZ'))
        f.write('Checked: %d golds; agree: %d; disagree: %d\n\n' % (len(rows), agree, len(rows) - agree))
        f.write('| id | second-way command | result |\n|---|---|---|\n')
        for rid, cmd, ok, acc_ok, exp, got in rows:
            res = 'AGREE' if ok else ('DISAGREE (matches an accept reading)' if acc_ok else 'DISAGREE')
            f.write('| %s | `%s` | %s |\n' % (rid, cmd.replace('|', '\\|'), res))
        f.write('\n## Disagreements\n\n')
        for rid, cmd, ok, acc_ok, exp, got in rows:
            if not ok:
                f.write('### %s\n\n- gold: `%s`\n- shell: `%s`\n- explanation: %s\n\n' % (
                    rid, json.dumps(exp)[:600], json.dumps(got)[:600], NOTES.get(rid, 'NOT YET EXPLAINED')))
        f.write('## History\n\nFirst run: nodemailer-025 and nodemailer-026 disagreed because the check parser stripped a leading "./" from '
                'every output line, turning specifiers like "./mail-message" into "mail-message". That was a bug in check.py, not in the gold; '
                'the check now keeps specifiers verbatim and agrees. zustand-029/034 disagreed because grep also hits readme.md code samples; '
                'explained above, with an accept reading added (golds unchanged).\n\n')
        f.write('\n## Values compared (gold == shell)\n\n')
        for rid, cmd, ok, acc_ok, exp, got in rows:
            if ok:
                f.write('- %s: `%s`\n' % (rid, json.dumps(exp)[:200]))
    print('checked', len(rows), 'agree', agree)
    for rid, cmd, ok, acc_ok, exp, got in rows:
        if not ok:
            print('DIS', rid, acc_ok, json.dumps(exp)[:300], '||', json.dumps(got)[:300])


if __name__ == '__main__':
    main()
