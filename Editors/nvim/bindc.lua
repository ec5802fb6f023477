-- Neovim (0.7 or later): start `bindc lsp` for every .bind buffer. Put Editors/vim on the
-- runtimepath for filetype detection and syntax, then, from init.lua:
--   dofile('/path/to/BindKit/Editors/nvim/bindc.lua').setup()          -- bindc on $PATH
--   dofile('/path/to/BindKit/Editors/nvim/bindc.lua').setup({ cmd = { '/path/bindc', 'lsp' } })
local M = {}

function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { 'bindc', 'lsp' }
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'bind',
    callback = function(args)
      local path = vim.api.nvim_buf_get_name(args.buf)
      local root = vim.fn.fnamemodify(path, ':p:h')
      -- One server per directory, reused by every .bind buffer in it.
      for _, client in pairs(vim.lsp.get_active_clients()) do
        if client.name == 'bindc' and client.config.root_dir == root then
          vim.lsp.buf_attach_client(args.buf, client.id)
          return
        end
      end
      local id = vim.lsp.start_client({ name = 'bindc', cmd = cmd, root_dir = root, on_attach = opts.on_attach })
      if id then vim.lsp.buf_attach_client(args.buf, id) end
    end,
  })
end

return M
