" Loads Editors/vim into a plain Vim and checks it: filetype detection, syntax groups at known
" positions (synIDattr), indentation, :make through `bindc check`, and gq through `bindc fmt`.
" Run by Editors/test/run.sh: BINDC=path/to/bindc vim -N -u NONE -i NONE -es -S this-file
" Prints `ok`/`FAIL` lines; exits non-zero when anything failed.
let s:root = fnamemodify(expand('<sfile>'), ':p:h:h:h')
let &runtimepath = s:root . '/Editors/vim,' . &runtimepath
filetype plugin indent on
syntax on
" The compiler and formatprg call `bindc`: put the one under test first on PATH.
let s:bindir = tempname()
call mkdir(s:bindir, 'p')
call system('ln -s ' . shellescape($BINDC) . ' ' . shellescape(s:bindir . '/bindc'))
let $PATH = s:bindir . ':' . $PATH

let s:out = []
let s:failed = 0
function! s:Check(ok, what) abort
  call add(s:out, (a:ok ? 'ok   ' : 'FAIL ') . a:what)
  if !a:ok | let s:failed = 1 | endif
endfunction

let s:dir = tempname()
call mkdir(s:dir, 'p')
let s:file = s:dir . '/app.bind'
call writefile([
      \ 'context mode: normal | insert  // the mode',
      \ 'responder Editor, App',
      \ 'action selectTab(Int)',
      \ 'in Editor when mode == insert {',
      \ '  cmd+1 -> selectTab(1) "One"',
      \ '  ctrl+k ctrl+c -> srch',
      \ '}',
      \ ], s:file)
execute 'edit ' . fnameescape(s:file)
call s:Check(&filetype ==# 'bind', 'filetype detected: ' . &filetype)

function! s:Syn(line, col) abort
  return synIDattr(synID(a:line, a:col, 1), 'name')
endfunction
for [s:line, s:col, s:want] in [
      \ [1, 1, 'bindKeyword'], [1, 9, 'bindContextName'], [1, 32, 'bindComment'],
      \ [2, 11, 'bindRoleName'], [2, 19, 'bindRoleName'], [3, 8, 'bindActionName'], [3, 18, 'bindType'],
      \ [4, 4, 'bindRole'], [4, 11, 'bindKeyword'], [4, 21, 'bindOperator'],
      \ [5, 3, 'bindModifier'], [5, 9, 'bindOperator'], [5, 12, 'bindAction'], [5, 22, 'bindNumber'],
      \ [5, 25, 'bindString'], [6, 3, 'bindModifier'], [6, 10, 'bindModifier']]
  let s:got = s:Syn(s:line, s:col)
  call s:Check(s:got ==# s:want, printf('syntax at %d:%d is %s (%s)', s:line, s:col, s:want, s:got))
endfor

" Indentation: re-indent a flattened copy and compare with bindc fmt's layout.
let s:nested = ['in Editor {', 'group "G" {', 'cmd+1 -> copy // {', '}', 'cmd+2 -> cut', '}']
new
setfiletype bind
call setline(1, s:nested)
normal! gg=G
call s:Check(getline(1, '$') ==# ['in Editor {', '  group "G" {', '    cmd+1 -> copy // {', '  }', '  cmd+2 -> cut', '}'],
      \ 'indentation: ' . string(getline(1, '$')))
bwipeout!

" Attributes (Grammar.md §4.8), with and without a repeat window.
new
setfiletype bind
call setline(1, ['  @repeat(800ms) ctrl+b up -> x', '  @priority cmd+k -> y'])
call s:Check(s:Syn(1, 3) ==# 'bindAttribute' && s:Syn(1, 12) ==# 'bindAttribute' && s:Syn(1, 18) ==# 'bindModifier'
      \ && s:Syn(2, 5) ==# 'bindAttribute', 'syntax of attributes: ' . s:Syn(1, 3) . ' ' . s:Syn(1, 12) . ' ' . s:Syn(2, 5))
bwipeout!

" :make runs bindc check and fills the quickfix list.
silent make
let s:qf = getqflist()
let s:valid = filter(copy(s:qf), 'v:val.valid')
call s:Check(len(s:valid) == 1 && s:valid[0].lnum == 6 && s:valid[0].col == 20 && s:valid[0].type ==# 'e'
      \ && s:valid[0].text =~# "unknown action 'srch'", ':make lists the error: ' . string(s:valid))

" gq formats through bindc fmt; text that does not parse is left alone.
call setline(6, '  ctrl+k   ctrl+c->copy')
normal! gggqG
call s:Check(getline(5, 6) ==# ['  cmd+1         -> selectTab(1) "One"', '  ctrl+k ctrl+c -> copy'],
      \ 'gq formats with bindc fmt: ' . string(getline(5, 6)))
call setline(6, '  ctrl+k -> ')
let s:before = getline(1, '$')
normal! gggqG
call s:Check(getline(1, '$') ==# s:before, 'gq leaves text with syntax errors unchanged')

call delete(s:dir, 'rf')
call delete(s:bindir, 'rf')
call writefile(s:out, '/dev/stdout')
if s:failed | cquit | else | qall! | endif
