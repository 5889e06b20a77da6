const pkg = JSON.parse(read_file("package.json"))
const text = read_file("src/index.ts")
const sep = text.length > 0 && !text.endsWith("\n") ? "\n" : ""
write_file("src/index.ts", text + sep + `export const VERSION = '${pkg.version}'\n`)
pkg.version
