// count the javascript files
len(find_files("**/*.{js,mjs,cjs}"))
