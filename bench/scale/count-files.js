// how many files are there
len(find_files("**/*"))
