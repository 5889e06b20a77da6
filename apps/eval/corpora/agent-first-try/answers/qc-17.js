const files = find_files("src/mutation*.ts", { include_ignored: true }).filter(p => !p.split("/").some(s => s.startsWith(".") || s === "node_modules"))
for (const f of files) {
  write_file(f, "// reviewed\n" + read_file(f))
}
files
