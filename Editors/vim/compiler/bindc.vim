" Vim compiler file: `:make` runs `bindc check` on the current file and lists its
" diagnostics (file:line:col: error|warning|note: message) in the quickfix list.
if exists('current_compiler')
  finish
endif
let current_compiler = 'bindc'

CompilerSet makeprg=bindc\ check\ %:S
CompilerSet errorformat=%f:%l:%c:\ %trror:\ %m,%f:%l:%c:\ %tarning:\ %m,%f:%l:%c:\ note:\ %m,%-G%.%#
