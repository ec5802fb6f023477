" Vim filetype plugin: BindKit keymaps (.bind).
if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=//\ %s comments=s1:/*,mb:*,ex:*/,://
setlocal shiftwidth=2 softtabstop=2 expandtab
" `gq` formats through `bindc fmt` (format the whole file, `gggqG`: a part of a block does not
" parse). Text with syntax errors comes back unchanged instead of being replaced by nothing.
let &l:formatprg = "sh -c 'f=$(mktemp) && cat > \"$f\" && { bindc fmt - < \"$f\" 2>/dev/null || cat \"$f\"; }; rm -f \"$f\"'"
compiler bindc

let b:undo_ftplugin = 'setlocal commentstring< comments< shiftwidth< softtabstop< expandtab< formatprg< makeprg< errorformat<'
