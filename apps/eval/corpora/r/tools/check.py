#!/usr/bin/env python3
"""Recompute golds a second way with shell tools (find, wc, grep, awk, stat, sed, tail, node)
and write /work/corpus-r/checks.md with every comparison."""
import json, subprocess

ROOT = '/work/main/.corpus-trees'
OUT = '/work/corpus-r'

# id -> (shell command run inside the tree, parser)
#   parsers: num, paths (one per line, set), opaths (ordered), hits (grep -n "file:line:" output),
#            text (stdout minus the final newline), json (stdout parsed as JSON), strs (set of lines)
FIND_F = "find . -type f | sed 's|^\\./||'"
C = {
 'yp-001': ("find . -type f | wc -l", 'num'),
 'yp-002': ("find build/lib -type f -name '*.js' | wc -l", 'num'),
 'yp-003': ("find build -mindepth 1 -maxdepth 1 | sort", 'paths'),
 'yp-004': ("cat browser.js; printf x", 'rawx'),
 'yp-005': ("sed -n 1,20p build/lib/string-utils.js", 'text'),
 'yp-006': ("wc -l < build/index.cjs", 'num'),
 'yp-007': ("find . -type f -printf '%s %P\\n' | sort -k1,1nr | head -1 | awk '{print $2}'", 'paths'),
 'yp-008': ("find . -type f -printf '%s %P\\n' | sort -k1,1nr | head -3 | awk '{print $2}'", 'opaths'),
 'yp-009': ("grep -rn TODO . | sed 's|^\\./||'", 'hits'),
 'yp-010': ("grep -rnE '(function|const|let|var|class)\\s+camelCase\\b' . | sed 's|^\\./||'", 'hits'),
 'yp-011': ("grep -rnE '^\\s*(export\\s+)?class\\s+YargsParser\\b' . | sed 's|^\\./||'", 'hits'),
 'yp-012': ("node -e \"const t=require('fs').readFileSync('build/lib/index.js','utf8');for(const m of t.matchAll(/from\\s+'([^']+)'/g))console.log(m[1])\"", 'strs'),
 'yp-013': ("grep -rlE \"from ['\\\"][./]*(build/lib/)?string-utils\\.js['\\\"]\" --include='*.js' --include='*.cjs' . | sed 's|^\\./||'", 'paths'),
 'yp-014': ("grep -oE '^export (function|const|class|let|var) [A-Za-z_$]+' build/lib/string-utils.js | awk '{print $3}'", 'strs'),
 'yp-015': ("node -p \"JSON.stringify(require('./package.json').version)\"", 'json'),
 'yp-016': ("node -p \"Object.keys(require('./package.json').scripts).join('\\n')\"", 'strs'),
 'yp-017': ("node -p \"JSON.stringify(require('./package.json').scripts.test)\"", 'json'),
 'yp-019': ("node -p \"Object.keys(require('./package.json').devDependencies).length\"", 'num'),
 'yp-020': ("node -p \"JSON.stringify(require('./package.json').devDependencies.typescript)\"", 'json'),
 'yp-021': ("node -p \"JSON.stringify(require('./package.json').main)\"", 'json'),
 'yp-023': ("node -p \"JSON.stringify(require('./package.json').exports)\"", 'json'),
 'yp-025': ("find . -mindepth 1 -type d | sed 's|^\\./||'", 'paths'),
 'yp-026': ("find . -type f | sed -E 's|.*(\\.[^./]+)$|\\1|' | sort -u", 'strs'),
 'yp-027': ("find . -type f -name '*.md' | wc -l", 'num'),
 'yp-028': ("find . -type f \\( -name '*.ts' -o -name '*.tsx' -o -name '*.cts' -o -name '*.mts' \\) | sed 's|^\\./||'", 'paths'),
 'yp-029': ("find test -type f 2>/dev/null | sed 's|^\\./||'", 'paths'),
 'yp-030': ("grep -rl looksLikeNumber . | sed 's|^\\./||'", 'paths'),
 'yp-031': ("grep -rnF 'process.env' . | sed 's|^\\./||'", 'hits'),
 'yp-032': ("cat build/lib/*.js | wc -l", 'num'),
 'yp-033': ("tail -n 5 build/index.cjs", 'text'),
 'yp-034': ("grep -rnE '(function|const|class)\\s+tokenizeArgString\\b' . | sed 's|^\\./||'", 'hits'),
 'yp-035': ("grep -oE \"require\\('[^']+'\\)\" build/index.cjs | sed -E \"s/require\\('([^']+)'\\)/\\1/\"", 'strs'),
 'yp-036': ("grep -oE \"from '[^']+'\" build/lib/yargs-parser.js | sed -E \"s/from '([^']+)'/\\1/\"", 'strs'),
 'yp-037': ("grep -rnE 'function\\s+combineAliases\\b' . | sed 's|^\\./||'", 'hits'),
 'yp-038': ("grep -nH halt-at-non-option README.md", 'hits'),
 'yp-040': ("stat -c %s README.md", 'num'),
 'yp-041': ("grep -rlE \"(from |require\\()['\\\"]lodash\" . | sed 's|^\\./||'", 'paths'),
 'yp-043': ("grep -o DefaultValuesForTypeKey build/lib/yargs-parser.js | wc -l", 'num'),
 'yp-044': ("find . -type f -size +10k -printf '%P\\n'", 'paths'),
 'yp-045': ("find . -type f -exec wc -l {} + | grep -v ' total$' | sort -k1,1nr | head -1 | awk '{print $2}' | sed 's|^\\./||'", 'paths'),
 'yp-046': ("node -p \"require('./package.json').keywords.join('\\n')\"", 'strs'),
 'yp-047': ("head -n 10 CHANGELOG.md", 'text'),
 'yp-048': ("grep -rn configObjects . | sed 's|^\\./||'", 'hits'),
 'yp-049': ("wc -l < LICENSE.txt", 'num'),
 'yp-050': ("ls -A", 'paths'),
 'nf-001': ("find src -type f | wc -l", 'num'),
 'nf-002': ("ls src/utils | sed 's|^|src/utils/|'", 'paths'),
 'nf-003': ("find . -type f -name '*.js' | wc -l", 'num'),
 'nf-004': ("cat src/errors/abort-error.js; printf x", 'rawx'),
 'nf-005': ("awk 'NR>=10 && NR<=20' src/errors/fetch-error.js", 'text'),
 'nf-006': ("wc -l < src/index.js", 'num'),
 'nf-007': ("find src -type f -printf '%s %p\\n' | sort -k1,1nr | head -1 | awk '{print $2}'", 'paths'),
 'nf-008': ("find . -type f -printf '%s %P\\n' | sort -k1,1nr | head -5 | awk '{print $2}'", 'opaths'),
 'nf-009': ("find . -type f -printf '%s %P\\n' | sort -k1,1n | head -1 | awk '{print $2}'", 'paths'),
 'nf-010': ("grep -rnE '^\\s*export\\s+default\\s+async\\s+function\\s+fetch\\b' src", 'hits'),
 'nf-012': ("grep -rnE '(const|function)\\s+getNodeRequestOptions\\b' .| sed 's|^\\./||'", 'hits'),
 'nf-013': ("grep -rnE 'class\\s+FetchBaseError\\b' . | sed 's|^\\./||'", 'hits'),
 'nf-015': ("grep -rlE \"from '\\./body\\.js'\" src", 'paths'),
 'nf-016': ("grep -rlE \"from '(fetch-blob)(/[^']*)?'\" . | sed 's|^\\./||'", 'paths'),
 'nf-017': ("grep -oE \"from 'node:[a-z]+'\" src/body.js | sed -E \"s/from '([^']+)'/\\1/\"", 'strs'),
 'nf-018': ("grep -oE '^export (const|function|class) [A-Za-z_$]+' src/utils/is.js | awk '{print $3}'", 'strs'),
 'nf-019': ("grep -oE '^export (const|function|class) [A-Za-z_$]+' src/utils/referrer.js | awk '{print $3}'", 'strs'),
 'nf-021': ("node -p \"JSON.stringify(require('./package.json').dependencies)\"", 'json'),
 'nf-022': ("node -p \"JSON.stringify(require('./package.json').version)\"", 'json'),
 'nf-023': ("node -p \"Object.keys(require('./package.json').scripts).join('\\n')\"", 'strs'),
 'nf-027': ("node -p \"Object.keys(require('./package.json').devDependencies).length\"", 'num'),
 'nf-028': ("node -p \"JSON.stringify(require('./package.json').devDependencies.mocha)\"", 'json'),
 'nf-030': ("find . -mindepth 1 -type d -printf '%P\\n'", 'paths'),
 'nf-031': ("find . -type f | sed -E 's|.*(\\.[^./]+)$|\\1|' | sort | uniq -c | awk 'BEGIN{printf \"{\"} {printf \"%s\\\"%s\\\":%s\", (NR>1?\",\":\"\"), $2, $1} END{print \"}\"}'", 'json'),
 'nf-032': ("grep -rn TODO src", 'hits'),
 'nf-033': ("grep -rn highWaterMark src", 'hits'),
 'nf-034': ("grep -rn strict-origin-when-cross-origin . | sed 's|^\\./||'", 'hits'),
 'nf-035': ("grep -rnE 'console\\.log\\(' src | grep -vE '^[^:]+:[0-9]+:\\s*(//|/?\\*)'", 'hits'),
 'nf-036': ("find . -type f \\( -name '*.test.*' -o -name '*.spec.*' -o -path './test/*' \\) | sed 's|^\\./||'", 'paths'),
 'nf-037': ("grep -rlE \"(from |require\\()['\\\"]axios\" . | sed 's|^\\./||'", 'paths'),
 'nf-038': ("node -p \"JSON.stringify(require('./package.json').files)\"", 'json'),
 'nf-039': ("find src -type f -name '*.js' -exec cat {} + | wc -l", 'num'),
 'nf-040': ("find @types -type f | wc -l", 'num'),
 'nf-041': ("grep -rnE 'function\\s+toFormData\\b' . | sed 's|^\\./||'", 'hits'),
 'nf-043': ("grep -rlE \"from '\\./(\\.\\./)?utils/is\\.js'|from '\\./is\\.js'\" src", 'paths'),
 'nf-044': ("grep -o INTERNALS src/request.js | wc -l", 'num'),
 'nf-045': ("tail -n 10 src/headers.js", 'text'),
 'nf-046': ("for f in src/errors/*; do printf '%s %s\\n' \"$f\" $(wc -l < $f); done | awk 'BEGIN{printf \"{\"} {printf \"%s\\\"%s\\\":%s\", (NR>1?\",\":\"\"), $1, $2} END{print \"}\"}'", 'json'),
 'nf-047': ("grep -nH AbortController README.md", 'hits'),
 'nf-048': ("grep -rhoE '^\\s*(export\\s+)?(default\\s+)?class\\s+[A-Za-z_]+' src | wc -l", 'num'),
 'nf-049': ("find . -type f \\( -name '*.ts' -o -name '*.tsx' \\) -printf '%P\\n'", 'paths'),
 'nf-050': ("find lib -type f 2>/dev/null", 'paths'),
}


def parse(out, how):
    if how == 'num':
        return {'kind': 'number', 'value': int(out.strip())}
    if how == 'rawx':
        return {'kind': 'text', 'value': out[:-1]}
    if how == 'text':
        return {'kind': 'text', 'value': out[:-1] if out.endswith('\n') else out}
    if how == 'json':
        return {'kind': 'json', 'value': json.loads(out)}
    ls = [l for l in out.split('\n') if l.strip()]
    if how == 'paths':
        return {'kind': 'paths', 'value': sorted(ls)}
    if how == 'opaths':
        return {'kind': 'paths', 'value': ls, 'ordered': True}
    if how == 'strs':
        return {'kind': 'strings', 'value': sorted(set(ls))}
    if how == 'hits':
        hs = []
        for l in ls:
            f, n, _ = l.split(':', 2)
            hs.append({'file': f, 'line': int(n)})
        return {'kind': 'hits', 'value': hs}
    raise ValueError(how)


def norm(g):
    v = g['value']
    if g['kind'] in ('paths', 'strings') and not g.get('ordered'):
        v = sorted(v)
    if g['kind'] == 'hits':
        v = sorted((h['file'], h['line']) for h in v)
    if g['kind'] == 'json':
        v = json.dumps(v, sort_keys=True)
    return (g['kind'], json.dumps(v))


def short(g):
    s = json.dumps(g['value'])
    return s if len(s) <= 140 else s[:137] + '...'


def main():
    reqs = {r['id']: r for r in json.load(open(OUT + '/requests.json'))}
    rows, agree = [], 0
    for rid, (cmd, how) in C.items():
        r = reqs[rid]
        p = subprocess.run(['bash', '-c', cmd], cwd=f"{ROOT}/{r['tree']}", capture_output=True, text=True)
        got = parse(p.stdout, how)
        ok = norm(got) == norm(r['gold'])
        acc_ok = [a['reading'] for a in r['accept'] if norm(got) == norm(a)]
        agree += ok
        rows.append((rid, cmd, short(r['gold']), short(got),
                     'AGREE' if ok else ('matches accept: ' + '; '.join(acc_ok) if acc_ok else 'DISAGREE')))
    with open(OUT + '/checks.md', 'w') as fh:
        fh.write('# Second-way checks\n\n')
        fh.write(f'{len(rows)} golds recomputed with shell tools (find/wc/grep/awk/sed/stat/tail/node), '
                 f'{agree} agree exactly with the gold.\n\n')
        fh.write('| id | shell command | gold | shell result | verdict |\n|---|---|---|---|---|\n')
        for row in rows:
            fh.write('| ' + ' | '.join(x.replace('|', '\\|').replace('\n', ' ') for x in row) + ' |\n')
    for row in rows:
        if row[4] != 'AGREE':
            print(row[0], row[4], '\n  gold:', row[2], '\n  shell:', row[3])
    print(agree, '/', len(rows))


if __name__ == '__main__':
    main()
