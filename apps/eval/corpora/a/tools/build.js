// Builds /work/corpus-a/requests.json from spec-*.js by running each "how" in the tree root.
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const ROOT = '/work/main/.corpus-trees';
function sh(tree, cmd) {
  return execSync(cmd, { cwd: path.join(ROOT, tree), shell: '/bin/bash', encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
}
function parse(kind, out, o = {}) {
  switch (kind) {
    case 'number': { const v = Number(out.trim()); if (!Number.isFinite(v) || out.trim() === '') throw new Error('bad number: ' + out); return v; }
    case 'paths': { let l = out.split('\n').filter(x => x !== '').map(x => x.replace(/^\.\//, '')); if (!o.ordered) l = [...new Set(l)].sort(); return l; }
    case 'strings': { let l = out.split('\n').filter(x => x !== ''); if (!o.ordered) l = [...new Set(l)].sort(); return l; }
    case 'text': return o.raw ? out : out.replace(/\n$/, '');
    case 'json': return JSON.parse(out);
    case 'hits': return out.split('\n').filter(Boolean).map(l => { const m = l.match(/^(?:\.\/)?([^:]+):(\d+)(?::|$)/); if (!m) throw new Error('bad hit ' + l); return { file: m[1], line: Number(m[2]) }; }).sort((a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
  }
  throw new Error('kind ' + kind);
}
function value(tree, e) {
  if (e.value !== undefined) return e.value; // literal (only used when "how" is descriptive)
  return parse(e.kind, sh(tree, e.how), e);
}
const all = [];
for (const t of ['eslint', 'execa', 'query-core', 'vitest-mono', 'webapp']) {
  const f = path.join(__dirname, 'spec-' + t + '.js');
  if (!fs.existsSync(f)) continue;
  const spec = require(f);
  spec.forEach((e, i) => {
    const id = `${t}-${String(i + 1).padStart(3, '0')}`;
    const gold = { kind: e.kind, value: value(t, e) };
    if (e.ordered) gold.ordered = true;
    const accept = (e.accept || []).map(a => {
      const r = { kind: a.kind || e.kind, value: value(t, { ...a, kind: a.kind || e.kind }) };
      if (a.ordered) r.ordered = true;
      r.how = a.how; r.reading = a.reading; return r;
    }).filter(a => JSON.stringify(a.value) !== JSON.stringify(gold.value) || a.kind !== gold.kind);
    const obj = { id, tree: t, category: e.cat, request: e.req, gold, how: e.how };
    if (e.note) obj.note = e.note;
    if (accept.length) obj.accept = accept;
    all.push(obj);
  });
}
fs.writeFileSync('/work/corpus-a/requests.json', JSON.stringify(all, null, 1) + '\n');
console.log('wrote', all.length);
