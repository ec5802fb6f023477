" BindKit keymaps: *.bind files.
autocmd BufRead,BufNewFile *.bind setfiletype bind
