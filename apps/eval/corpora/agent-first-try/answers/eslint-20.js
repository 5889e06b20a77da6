const files = find_files("messages/plugin-*", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
for (const f of files) {
  write_file(f, "// reviewed\n" + read_file(f))
}
files
