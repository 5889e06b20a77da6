// how many lines of javascript
sum(line_counts("**/*.{js,mjs,cjs}").map(row => row.lines))
