// node ext.js [--compound] [--nodot] [--skip-noext] [--prune DIR]... [ROOT...]
// Counts regular files by extension (last ".xxx" of the basename; dotfiles like ".gitignore" have no extension).
// --compound: treat the known double extensions as one: .d.ts/.d.cts/.d.mts (+ .map), .js.map/.cjs.map/.mjs.map.
const fs = require('fs'), path = require('path');
const args = process.argv.slice(2); const prune = []; const roots = [];
for (let i = 0; i < args.length; i++) { if (args[i] === '--prune') prune.push(path.normalize(args[++i])); else if (!args[i].startsWith('--')) roots.push(args[i]); }
const compound = args.includes('--compound'), nodot = args.includes('--nodot'), skip = args.includes('--skip-noext');
const counts = {};
function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) { if (!prune.includes(path.normalize(p))) walk(p); }
    else if (e.isFile()) {
      const b = args.includes('--dotfile-ext') ? e.name : e.name.replace(/^\.+/, '');
      let ext = '';
      if (b.includes('.')) { ext = b.slice(b.lastIndexOf('.'));
        if (compound) { const m = b.match(/\.(d\.[cm]?ts(\.map)?|[cm]?js\.map)$/); if (m) ext = m[0]; } }
      if (!ext && skip) continue;
      if (nodot) ext = ext.replace(/^\./, '');
      counts[ext] = (counts[ext] || 0) + 1;
    }
  }
}
(roots.length ? roots : ['.']).forEach(walk);
const sorted = Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
console.log(JSON.stringify(sorted));
