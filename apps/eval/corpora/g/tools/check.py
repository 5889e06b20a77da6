"""Recompute golds a second way with shell tools (find, wc, grep, awk, stat, sed, node)
and write ../checks.md with every comparison."""
import json, os, subprocess
HERE = os.path.dirname(os.path.abspath(__file__)); OUT = os.path.join(HERE, '..')
ROOT = '/work/main/.corpus-trees'
R = {r['id']: r for r in json.load(open(os.path.join(OUT, 'requests.json')))}

def sh(tree, cmd):
    return subprocess.run(['bash', '-c', cmd], cwd=os.path.join(ROOT, tree), capture_output=True, text=True).stdout

num = lambda s: int(s.strip().split()[0])
plist = lambda s: sorted(l.strip().lstrip('./') if l.startswith('./') else l.strip() for l in s.splitlines() if l.strip())
olist = lambda s: [l.split(None, 1)[1].strip() for l in s.splitlines() if l.strip()]
def hits(s):
    out = []
    for l in s.splitlines():
        if not l.strip(): continue
        f, n, _ = l.split(':', 2)
        out.append({'file': f[2:] if f.startswith('./') else f, 'line': int(n)})
    return sorted(out, key=lambda h: (h['file'], h['line']))
txt = lambda s: s[:-1] if s.endswith('\n') else s
raw = lambda s: s
js = lambda s: json.loads(s)
strs = lambda s: sorted(l.strip() for l in s.splitlines() if l.strip())
GREP = "grep -rnF --binary-files=without-match"
C = [
('marked-001', "find . -type f | wc -l", num),
('marked-002', "find lib -type f | wc -l", num),
('marked-003', "find bin -type f | sort", plist),
('marked-004', "node -p \"require('./package.json').version\"", txt),
('marked-006', "node -e \"console.log(Object.keys(require('./package.json').scripts).join('\\n'))\"", strs),
('marked-007', "node -p \"Object.keys(require('./package.json').devDependencies).length\"", num),
('marked-009', "node -p \"require('./package.json').scripts.build\"", txt),
('marked-013', "find . -type f -printf '%s %P\\n' | sort -k1,1nr -k2 | head -1", olist),
('marked-014', "find . -type f -printf '%s %P\\n' | sort -k1,1nr -k2 | head -3", olist),
('marked-015', "stat -c %s lib/marked.esm.js", num),
('marked-016', "wc -l < bin/main.js", num),
('marked-017', "wc -l < lib/marked.d.ts", num),
('marked-018', "cat bin/marked.js", raw),
('marked-019', "sed -n '1,20p' man/marked.1.md", txt),
('marked-020', "grep -oE \"^import .*from '[^']+'\" bin/main.js | sed -E \"s/.*'([^']+)'/\\1/\"", strs),
('marked-026', GREP + " sourceMappingURL .", hits),
('marked-027', GREP + " TODO .", hits),
('marked-028', "grep -rlF DOMPurify . | sed 's|^\\./||'", plist),
('marked-029', "find . -type f -name '*.map' | wc -l", num),
('marked-030', "find . -type f -name '*.md' | wc -l", num),
('marked-032', "find . -mindepth 1 -type d -printf '%P\\n'", plist),
('marked-034', GREP + " 'DO NOT EDIT' .", hits),
('marked-039', "wc -l < README.md", num),
('marked-040', "grep -ow marked README.md | wc -l", num),
('marked-041', "find . -type f -name '*.js' -printf '%P\\n'", plist),
('marked-042', "find lib -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'", num),
('marked-043', "head -5 LICENSE", txt),
('marked-048', GREP + " -e --no-clobber .", hits),
('marked-050', "cat lib/*.js | wc -l", num),
('yargs-001', "find . -type f | wc -l", num),
('yargs-002', "ls locales | wc -l", num),
('yargs-005', "node -e \"console.log(Object.keys(require('./package.json').dependencies).join('\\n'))\"", strs),
('yargs-008', "node -p \"Object.keys(require('./package.json').scripts).length\"", num),
('yargs-009', "node -e \"console.log(JSON.stringify(require('./package.json').exports))\"", js),
('yargs-011', "grep -oE \"from '[^']+'\" index.mjs | sed -E \"s/from '(.*)'/\\1/\"", strs),
('yargs-013', "grep -rlE \"from '[./]*(build/lib/)?yerror.js'\" --include='*.js' --include='*.mjs' . | sed 's|^\\./||'", plist),
('yargs-014', "grep -rlE \"from '[./]*(utils/)?is-promise.js'\" --include='*.js' --include='*.mjs' . | sed 's|^\\./||'", plist),
('yargs-015', "grep -rnE 'function YargsFactory' .", hits),
('yargs-017', "grep -rnE 'class YError' .", hits),
('yargs-018', "grep -rnE 'function hideBin' .", hits),
('yargs-021', "find . -type f -printf '%s %P\\n' | sort -k1,1nr | head -1", olist),
('yargs-022', "find build/lib -type f -printf '%s %p\\n' | sort -k1,1nr | head -5", olist),
('yargs-023', "wc -l < build/lib/yargs-factory.js", num),
('yargs-024', "stat -c %s README.md", num),
('yargs-026', "sed -n '1,15p' lib/platform-shims/esm.mjs", txt),
('yargs-027', GREP + " TODO .", hits),
('yargs-028', GREP + " getCallerFile .", hits),
('yargs-029', GREP + " strictCommands .", hits),
('yargs-030', "find build -type f -name '*.js' | wc -l", num),
('yargs-031', "find . -type f -name '*.mjs' | wc -l", num),
('yargs-033', "find . -mindepth 1 -maxdepth 1 -type d -printf '%P\\n'", plist),
('yargs-036', "find locales -type f -printf '%s %p\\n' | sort -k1,1n | head -1", olist),
('yargs-037', "node -p \"require('./locales/pirate.json')['Show help']\"", txt),
('yargs-038', "grep -c '^export function' build/lib/command.js", num),
('yargs-039', "grep -rlF 'use strict' . | sed 's|^\\./||'", plist),
('yargs-040', "grep -rlF 'which-module' --include='*.js' --include='*.mjs' . | sed 's|^\\./||'", plist),
('yargs-041', "find . -type f -name '*.d.ts' | wc -l", num),
('yargs-042', GREP + " demandCommand .", hits),
('yargs-046', "find . -type f -empty -printf '%P\\n'", plist),
('yargs-048', GREP + " process.exit .", hits),
('yargs-049', "wc -l < locales/en.json", num),
('dayjs-001', "find . -type f | wc -l", num),
('dayjs-002', "ls plugin/*.js | wc -l", num),
('dayjs-003', "ls locale/*.js | wc -l", num),
('dayjs-007', "node -e \"console.log(Object.keys(require('./package.json').devDependencies).join('\\n'))\"", strs),
('dayjs-009', "node -e \"console.log(JSON.stringify(require('./package.json')['size-limit']))\"", js),
('dayjs-010', "node -p \"require('./package.json').jest.testRegex\"", txt),
('dayjs-011', "grep -oE \"^import .* from '[^']+'\" esm/index.js | sed -E \"s/.*'([^']+)'/\\1/\"", strs),
('dayjs-013', "grep -rlE \"from '(\\./|\\.\\./\\.\\./)constant'\" esm | sed 's|^\\./||'", plist),
('dayjs-014', "grep -rlE \"from '(\\.\\./localizedFormat/|\\./)utils'\" esm/plugin | sed 's|^\\./||'", plist),
('dayjs-015', "grep -oE '^export var [A-Z_]+' esm/constant.js | awk '{print $3}'", strs),
('dayjs-018', "grep -rnE 'var REGEX_PARSE' esm", hits),
('dayjs-019', "find . -type f -printf '%s %P\\n' | sort -k1,1nr | head -1", olist),
('dayjs-020', "find esm/plugin -type f -printf '%s %p\\n' | sort -k1,1nr | head -5", olist),
('dayjs-021', "stat -c %s dayjs.min.js", num),
('dayjs-022', "wc -l < CHANGELOG.md", num),
('dayjs-023', "cat .editorconfig", raw),
('dayjs-024', "sed -n '1,10p' esm/constant.js", txt),
('dayjs-025', GREP + " INVALID_DATE_STRING .", hits),
('dayjs-026', "grep -rlF Montag . | sed 's|^\\./||'", plist),
('dayjs-027', GREP + " console.log .", hits),
('dayjs-028', "find . -type f -name '*.d.ts' | wc -l", num),
('dayjs-029', "ls esm/locale/*.js | wc -l", num),
('dayjs-030', "find . -mindepth 1 -maxdepth 1 -type d -printf '%P\\n'", plist),
('dayjs-031', "find esm -maxdepth 1 -type f", plist),
('dayjs-032', "find esm/plugin -mindepth 1 -maxdepth 1 -type d | wc -l", num),
('dayjs-033', "for f in plugin/*.js; do n=$(basename $f .js); [ -d esm/plugin/$n ] || echo $n; done", strs),
('dayjs-034', "node -p \"require('./locale.json').find(e=>e.key==='fr').name\"", txt),
('dayjs-035', "node -p \"require('./locale.json').length\"", num),
('dayjs-037', "grep -lF weekStart esm/locale/*.js | wc -l", num),
('dayjs-040', GREP + " TODO .", hits),
('dayjs-043', "wc -l < esm/index.js", num),
('dayjs-044', "find locale -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'", num),
('dayjs-045', "head -5 CHANGELOG.md", txt),
('dayjs-046', "ls plugin/*.d.ts | wc -l", num),
('dayjs-047', "grep -niF moment README.md | sed 's|^|README.md:|'", hits),
('dayjs-048', "find . -type d -name src", plist),
('dayjs-049', "grep -lE \"^import .* from '\\.\\./index'\" esm/locale/*.js | wc -l", num),
('dayjs-050', "find locale -type f -printf '%s %p\\n' | sort -k1,1nr | head -1", olist),
]

def main():
    rows, ok, bad = [], 0, []
    for rid, cmd, parse in C:
        r = R[rid]; g = r['gold']; tree = r['tree']
        try:
            v = parse(sh(tree, cmd))
        except Exception as e:
            v = 'ERROR %r' % e
        gv = g['value']
        if g['kind'] in ('paths', 'strings') and not g.get('ordered'):
            gv = sorted(gv); v = sorted(v) if isinstance(v, list) else v
        same = v == gv
        ok += same
        if not same: bad.append(rid)
        show = lambda x: json.dumps(x, ensure_ascii=False)[:160]
        rows.append('| %s | `%s` | %s | %s | %s |' % (rid, cmd.replace('|', '\\|')[:110], show(gv).replace('|', '\\|'), show(v).replace('|', '\\|'), 'OK' if same else '**DIFF**'))
    with open(os.path.join(OUT, 'checks.md'), 'w') as f:
        f.write('# Second-way checks (shell tools vs Python golds)\n\n')
        f.write('%d comparisons, %d agree, %d differ: %s\n\n' % (len(C), ok, len(bad), ', '.join(bad) or 'none'))
        f.write('| id | shell command (run in tree root) | gold | shell result | verdict |\n|---|---|---|---|---|\n')
        f.write('\n'.join(rows) + '\n')
    print(len(C), ok, bad)

if __name__ == '__main__':
    main()
