-- A real-client session: Neovim's built-in LSP client drives `bindc lsp` (Debian's neovim,
-- 0.7 or later). Run headless by Editors/test/run.sh:
--   BINDC=path/to/bindc nvim --headless -u NONE -c 'luafile Editors/test/nvim-session.lua'
-- Opens a file, sees a diagnostic, edits it away, completes, hovers, goes to a definition,
-- renames, formats and shuts the server down; exits non-zero at the first failure.

local bindc = os.getenv('BINDC') or 'bindc'
local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local path = dir .. '/app.bind'
local lines = {
  'context mode: normal | insert',
  'responder Editor',
  'action search',
  'in Editor {',
  '  cmd+k->serch when mode==insert',
  '}',
}
vim.fn.writefile(lines, path)

local failures = 0
local function check(ok, what)
  if ok then
    io.stdout:write('ok   ' .. what .. '\n')
  else
    failures = failures + 1
    io.stdout:write('FAIL ' .. what .. '\n')
  end
end
local function finish()
  os.execute('rm -rf ' .. vim.fn.shellescape(dir))
  if failures > 0 then vim.cmd('cquit 1') else vim.cmd('qall!') end
end

vim.cmd('edit ' .. vim.fn.fnameescape(path))
local buf = vim.api.nvim_get_current_buf()
local exit_code = nil
local client_id = vim.lsp.start_client({
  name = 'bindc',
  cmd = { bindc, 'lsp' },
  root_dir = dir,
  on_exit = function(code) exit_code = code end,
})
check(client_id ~= nil, 'server started')
vim.lsp.buf_attach_client(buf, client_id)
local uri = vim.uri_from_bufnr(buf)

-- 1. Diagnostics on open.
local got = vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
local d = vim.diagnostic.get(buf)[1]
check(got and d.message == "unknown action 'serch'; did you mean 'search'?" and d.lnum == 4 and d.col == 9
  and d.end_col == 14, 'diagnostic on open')

-- 2. An edit (sent as an incremental change) fixes it.
vim.api.nvim_buf_set_text(buf, 4, 9, 4, 14, { 'search' })
check(vim.wait(10000, function() return #vim.diagnostic.get(buf) == 0 end, 20), 'diagnostics cleared after an edit')

local function request(method, params)
  local responses = vim.lsp.buf_request_sync(buf, method, params, 10000)
  local r = responses and responses[client_id]
  return r and r.result, r and r.err
end
local function at(line, character)
  return { textDocument = { uri = uri }, position = { line = line, character = character } }
end

-- 3. Completion after `->` on a new line.
vim.api.nvim_buf_set_lines(buf, 5, 5, false, { '  cmd+j -> ' })
local completion = request('textDocument/completion', at(5, 11))
local labels = {}
for _, item in ipairs((completion and (completion.items or completion)) or {}) do labels[item.label] = true end
check(labels['search'] and labels['copy'], 'completion offers actions')
vim.api.nvim_buf_set_lines(buf, 5, 6, false, {})

-- 4. Hover on the chord.
local hover = request('textDocument/hover', at(4, 3))
check(hover and hover.contents.value:find('⌘K', 1, true) ~= nil
  and hover.contents.value:find('when `mode==insert`', 1, true) ~= nil, 'hover shows the chord and its binding')

-- 5. Definition of the action.
local definition = request('textDocument/definition', at(4, 12))
check(definition and definition[1] and definition[1].range.start.line == 2
  and definition[1].range.start.character == 7, 'definition of an action')

-- 6. Rename the context everywhere.
local edit = request('textDocument/rename', vim.tbl_extend('force', at(0, 9), { newName = 'state' }))
check(edit ~= nil, 'rename answered')
if edit then vim.lsp.util.apply_workspace_edit(edit, 'utf-16') end
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
check(text:find('context state:', 1, true) and text:find('when state==insert', 1, true), 'rename applied')

-- 7. Format exactly as `bindc fmt`.
if vim.lsp.buf.format then
  vim.lsp.buf.format({ bufnr = buf, timeout_ms = 10000 })
else
  vim.lsp.buf.formatting_sync(nil, 10000)
end
local formatted = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
check(formatted[5] == '  cmd+k -> search when state == insert', 'formatting')

-- 8. Shut down: the client sends shutdown and exit; the server exits with 0.
vim.lsp.stop_client(client_id)
check(vim.wait(10000, function() return exit_code ~= nil end, 20) and exit_code == 0, 'clean shutdown')
finish()
