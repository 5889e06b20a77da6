// usage: node imports.js list FILE        -> module specifiers imported/required by FILE (unique, order of appearance)
//        node imports.js who TARGET [ROOTDIR] [EXTS] -> files whose relative imports resolve to TARGET
// Counts: require('x') calls on non-comment lines; ESM `import ... from 'x'`, `import 'x'`, `export ... from 'x'` statements
// (line-anchored, may span lines). JSDoc `import('x')` type references and commented-out code are ignored.
const fs = require('fs'), path = require('path')
function specs (file) {
  const src = fs.readFileSync(file, 'utf8')
  const found = []
  const code = src.split('\n').map(l => /^\s*(\/\/|\*|\/\*)/.test(l) ? '' : l).join('\n')
  const res = [/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm]
  for (const re of res) { let m; while ((m = re.exec(code))) found.push([m.index, m[1]]) }
  found.sort((x, y) => x[0] - y[0])
  const out = []; for (const [, s] of found) if (!out.includes(s)) out.push(s)
  return out
}
function resolve (from, spec) {
  if (!spec.startsWith('.')) return null
  const base = path.normalize(path.join(path.dirname(from), spec))
  for (const c of [base, base + '.js', base + '.mjs', base + '.cjs', path.join(base, 'index.js')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  }
  return null
}
function walk (d, acc) { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p, acc); else acc.push(p) } return acc }
const [cmd, a, b, c] = process.argv.slice(2)
if (cmd === 'list') { for (const s of specs(a)) console.log(s) }
if (cmd === 'who') {
  const exts = (c || '.js,.mjs,.cjs,.ts').split(',')
  for (const f of walk(b || '.', []).sort()) {
    if (!exts.some(e => f.endsWith(e))) continue
    if (specs(f).some(s => resolve(f, s) === path.normalize(a))) console.log(f)
  }
}
