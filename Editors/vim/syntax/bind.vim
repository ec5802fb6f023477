" Vim syntax file
" Language: BindKit keymap (.bind), see Grammar.md
if exists('b:current_syntax')
  finish
endif

syn keyword bindKeyword keymap context responder action in menu shortcut group unbind when edit separator layer over not for
syn keyword bindType Bool String Int
syn keyword bindBoolean true false

" Names by position: the role after `in`, declared names, the action after `->`.
" (Look-behinds, so that each match starts at the name, after the keyword's own match.)
syn match bindRole /\(^\s*in\s\+\)\@<=\h\w*/
syn match bindRoleList /\(^\s*responder\s\+\)\@<=[^/]*/ contains=bindRoleName
syn match bindRoleName /\h\w*/ contained
syn match bindContextName /\(^\s*context\s\+\)\@<=\h\w*/
syn match bindActionName /\(^\s*action\s\+\)\@<=\h\w*/
syn match bindAction /\(->\s*\)\@<=\h\w*/

" Chords: a modifier is a word directly followed by `+`.
syn match bindModifier /\<\(ctrl\|control\|alt\|option\|opt\|shift\|cmd\|command\|meta\|super\|capsLock\|alphaShift\|numpad\|numericPad\|primary\)\ze+/
syn match bindModifier /[⌘⌥⌃⇧⇪]\ze+/

syn match bindOperator /->\|&&\|||\|==\|!=\|!/
syn match bindNumber /-\=\<\d\+\(\.\d\+\)\=\>/

" Attributes before a binding: @priority, @allowReserved, @repeat, @repeat(800ms).
syn match bindAttribute /@\h\w*\((\d\+\(\.\d\+\)\=\h\w*)\)\=/
" @allowLayouts(kinds and layout ids), Grammar.md §4.8.
syn region bindAllowLayouts matchgroup=bindAttribute start=/@allowLayouts\s*(/ end=/)/ oneline contains=bindLayoutKind,bindLayoutId
syn keyword bindLayoutKind untypable needsAltGr needsShift deadKey collision contained
syn match bindLayoutId /\(\w\|-\)\@<!\(dvorak-mac\|colemak\|dvorak\|us-mac\|gb-mac\|de-mac\|fr-mac\|es-mac\|it-mac\|br-mac\|se-mac\|pl-mac\|ru-mac\|jp-google-mac\|kr-mac\|ch-de\|ch-fr\|us\|gb\|de\|fr\|es\|it\|pt\|br\|be\|nl\|se\|no\|dk\|fi\|pl\|cz\|hu\|tr\|ru\|ua\|gr\|il\|jp\|kr\)\(\w\|-\)\@!/ contained

syn region bindString start=/"/ skip=/\\\\\|\\"/ end=/"\|$/ oneline contains=bindEscape
syn match bindEscape /\\\([\\"ntr0]\|u{\x\{1,8}}\)/ contained
syn keyword bindTodo TODO FIXME XXX contained
syn match bindComment /\/\/.*$/ contains=bindTodo
syn region bindComment start=/\/\*/ end=/\*\// contains=bindComment,bindTodo

hi def link bindKeyword Keyword
hi def link bindType Type
hi def link bindBoolean Boolean
hi def link bindRole Structure
hi def link bindRoleName Structure
hi def link bindContextName Identifier
hi def link bindActionName Function
hi def link bindAction Function
hi def link bindModifier Special
hi def link bindLayoutKind Constant
hi def link bindLayoutId Constant
hi def link bindOperator Operator
hi def link bindNumber Number
hi def link bindAttribute PreProc
hi def link bindString String
hi def link bindEscape SpecialChar
hi def link bindComment Comment
hi def link bindTodo Todo

let b:current_syntax = 'bind'
