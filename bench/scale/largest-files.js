// the 5 largest files
sort_by(file_sizes(), "size", true).slice(0, 5)
