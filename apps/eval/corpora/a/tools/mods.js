// Usage (cwd = tree root):
//   node mods.js imports <file> [--dynamic]      -> module specifiers (import/export-from/require), one per line, unique
//   node mods.js importers <module> <file...>    -> files (from list) that import/require <module>
//   node mods.js exports <file>                  -> exported names (ESM named/default, CJS module.exports keys)
//   node mods.js defs <name> <file...>           -> file:line of declarations of <name> (function/class/var/method/type)
const fs = require('fs');
const parser = require('/work/main/.corpus-trees/webapp/node_modules/@babel/parser');
function parse(file) {
  const src = fs.readFileSync(file, 'utf8');
  const ts = /\.(ts|tsx|mts|cts)$/.test(file);
  const plugins = ts ? ['typescript', 'jsx'] : ['jsx'];
  if (/\.d\.(c|m)?ts$/.test(file)) plugins[0] = ['typescript', { dts: true }];
  return parser.parse(src, { sourceType: 'unambiguous', allowReturnOutsideFunction: true, allowImportExportEverywhere: true, allowAwaitOutsideFunction: true, errorRecovery: true, plugins });
}
function walk(node, cb, parent) {
  if (!node || typeof node.type !== 'string') return;
  cb(node, parent);
  for (const k of Object.keys(node)) {
    if (k === 'loc' || k === 'start' || k === 'end' || k === 'leadingComments' || k === 'trailingComments' || k === 'innerComments') continue;
    const v = node[k];
    if (Array.isArray(v)) v.forEach(c => c && typeof c.type === 'string' && walk(c, cb, node));
    else if (v && typeof v.type === 'string') walk(v, cb, node);
  }
}
function imports(file, dynamic) {
  const ast = parse(file); const out = [];
  walk(ast.program, (n) => {
    if ((n.type === 'ImportDeclaration' || n.type === 'ExportAllDeclaration' || (n.type === 'ExportNamedDeclaration' && n.source)) && n.source) out.push(n.source.value);
    if (n.type === 'TSImportEqualsDeclaration' && n.moduleReference && n.moduleReference.expression) out.push(n.moduleReference.expression.value);
    if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments.length && n.arguments[0].type === 'StringLiteral') out.push(n.arguments[0].value);
    if (dynamic && n.type === 'CallExpression' && n.callee.type === 'Import' && n.arguments.length && n.arguments[0].type === 'StringLiteral') out.push(n.arguments[0].value);
    if (dynamic && n.type === 'ImportExpression' && n.source && n.source.type === 'StringLiteral') out.push(n.source.value);
  });
  return [...new Set(out)];
}
function exportsOf(file) {
  const ast = parse(file); const out = [];
  for (const n of ast.program.body) {
    if (n.type === 'ExportNamedDeclaration') {
      if (n.declaration) {
        const d = n.declaration;
        if (d.type === 'VariableDeclaration') d.declarations.forEach(x => x.id.name && out.push(x.id.name));
        else if (d.id) out.push(d.id.name);
      }
      (n.specifiers || []).forEach(s => out.push(s.exported.name || s.exported.value));
    } else if (n.type === 'ExportDefaultDeclaration') out.push('default');
    else if (n.type === 'ExportAllDeclaration') out.push('*:' + n.source.value);
    else if (n.type === 'ExpressionStatement' && n.expression.type === 'AssignmentExpression') {
      const l = n.expression.left, r = n.expression.right;
      const src = (x) => x.type === 'MemberExpression' ? src(x.object) + '.' + (x.property.name || x.property.value) : x.name;
      const ls = l.type === 'MemberExpression' ? src(l) : '';
      if (ls === 'module.exports') {
        if (r.type === 'ObjectExpression') r.properties.forEach(p => p.key && out.push(p.key.name || p.key.value));
        else out.push('module.exports=' + (r.type === 'Identifier' ? r.name : r.type));
      } else if (/^(module\.)?exports\.[\w$]+$/.test(ls)) out.push(ls.split('.').pop());
    }
  }
  return out;
}
function exportedFunctions(file) { // names of exported functions (function decls, overload decls, const = arrow/function)
  const ast = parse(file); const out = new Set();
  for (const n of ast.program.body) { if (n.type !== 'ExportNamedDeclaration' || !n.declaration) continue; const d = n.declaration;
    if (d.type === 'FunctionDeclaration' || d.type === 'TSDeclareFunction') out.add(d.id.name);
    if (d.type === 'VariableDeclaration') d.declarations.forEach(x => { if (x.init && /^(ArrowFunctionExpression|FunctionExpression)$/.test(x.init.type)) out.add(x.id.name); }); }
  return [...out]; }
function exportedValues(file) { // exports that are not type-only
  const ast = parse(file); const out = new Set();
  for (const n of ast.program.body) { if (n.type !== 'ExportNamedDeclaration' || n.exportKind === 'type') continue;
    if (n.declaration) { const d = n.declaration; if (/^TS(Interface|TypeAlias)Declaration$/.test(d.type) || d.declare) continue;
      if (d.type === 'VariableDeclaration') d.declarations.forEach(x => out.add(x.id.name)); else if (d.id) out.add(d.id.name); }
    (n.specifiers || []).forEach(sp => { if (sp.exportKind !== 'type') out.add(sp.exported.name || sp.exported.value); }); }
  return [...out]; }
function defs(name, files) {
  const out = [];
  for (const file of files) {
    let ast; try { ast = parse(file); } catch (e) { continue; }
    walk(ast.program, (n) => {
      let id = null;
      if (['FunctionDeclaration', 'ClassDeclaration', 'TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSDeclareFunction', 'TSEnumDeclaration'].includes(n.type)) id = n.id;
      else if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier') id = n.id;
      else if (['ClassMethod', 'ClassPrivateMethod', 'TSDeclareMethod', 'ClassProperty'].includes(n.type) && n.key && n.key.type === 'Identifier') id = n.key;
      if (id && id.name === name) out.push(file.replace(/^\.\//, '') + ':' + n.loc.start.line + ':' + n.type);
    });
  }
  return out;
}
const [cmd, ...a] = process.argv.slice(2);
if (cmd === 'imports') console.log(imports(a[0], a.includes('--dynamic')).join('\n'));
else if (cmd === 'importers') { const m = a[0]; const dyn = a.includes('--dynamic'); const res = []; for (const f of a.slice(1)) { if (f === '--dynamic') continue; let im; try { im = imports(f, dyn); } catch (e) { continue; } if (im.includes(m)) res.push(f.replace(/^\.\//, '')); } console.log(res.join('\n')); }
else if (cmd === 'importers-of-file') { // files whose relative import/require resolves to <target>
  const path = require('path'); const target = path.normalize(a[0]); const res = [];
  for (const f of a.slice(1)) { let im; try { im = imports(f, false); } catch (e) { continue; }
    const hit = im.some(s => { if (!s.startsWith('.')) return false; const b = path.normalize(path.join(path.dirname(f), s));
      return [b, b + '.js', b + '.ts', b + '.mjs', b + '.cjs', path.join(b, 'index.js'), path.join(b, 'index.ts'), b.replace(/\.js$/, '.ts')].includes(target); });
    if (hit) res.push(f.replace(/^\.\//, '')); }
  console.log(res.join('\n')); }
else if (cmd === 'exports') { if (a.includes('--functions')) console.log(exportedFunctions(a[0]).join('\n')); else if (a.includes('--values')) console.log(exportedValues(a[0]).join('\n')); else console.log(exportsOf(a[0]).join('\n')); }
else if (cmd === 'importers-name') { // files importing binding <name> via ESM import; --no-type excludes type-only imports
  const name = a[0]; const noType = a.includes('--no-type'); const res = [];
  for (const f of a.slice(1)) { if (f.startsWith('--')) continue; let ast; try { ast = parse(f); } catch (e) { continue; }
    let hit = false;
    walk(ast.program, n => { if (n.type === 'ImportDeclaration') { if (noType && n.importKind === 'type') return;
      for (const sp of n.specifiers || []) { if (noType && sp.importKind === 'type') continue; const im = sp.imported ? (sp.imported.name || sp.imported.value) : null; if (im === name) hit = true; } } });
    if (hit) res.push(f.replace(/^\.\//, '')); }
  console.log(res.join('\n')); }
else if (cmd === 'defs') console.log(defs(a[0], a.slice(1)).join('\n'));
