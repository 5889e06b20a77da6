const text = read_file("src/index.ts")
const stmts = text.match(/\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"][^'"]+['"]/g) ?? []
const specs = stmts.map(s => s.match(/['"]([^'"]+)['"]$/)[1])
sorted(unique(specs))
