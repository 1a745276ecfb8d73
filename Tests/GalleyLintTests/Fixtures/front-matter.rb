all
exclude_tag :headers
