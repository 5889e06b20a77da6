const text = read_file("README.md")
const nl = text.indexOf("\n")
const first = nl === -1 ? text : text.slice(0, nl)
const rest = nl === -1 ? "" : text.slice(nl)
const updated = first.split("eslint").join("ESLint") + rest
write_file("README.md", updated)
first.split("eslint").join("ESLint")
