" Vim indent file
" Language: BindKit keymap (.bind): two spaces per `{`, as `bindc fmt` lays it out.
if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal indentexpr=GetBindIndent(v:lnum)
setlocal indentkeys=0},!^F,o,O
setlocal autoindent
let b:undo_indent = 'setlocal indentexpr< indentkeys< autoindent<'

if exists('*GetBindIndent')
  finish
endif

" The line without a trailing // comment or strings (so braces inside them do not count).
function! s:Code(lnum) abort
  let line = getline(a:lnum)
  let line = substitute(line, '"\([^"\\]\|\\.\)*"', '""', 'g')
  return substitute(line, '\s*//.*$', '', '')
endfunction

function! GetBindIndent(lnum) abort
  let prev = prevnonblank(a:lnum - 1)
  if prev == 0
    return 0
  endif
  let ind = indent(prev)
  let code = s:Code(prev)
  " One level more after a line that opens more braces than it closes.
  let opened = len(substitute(code, '[^{]', '', 'g')) - len(substitute(code, '[^}]', '', 'g'))
  if opened > 0 || (opened == 0 && code =~ '^\s*}.*{\s*$')
    let ind += shiftwidth()
  endif
  if getline(a:lnum) =~ '^\s*}'
    let ind -= shiftwidth()
  endif
  return ind < 0 ? 0 : ind
endfunction
