-- One scripted Neovim drive against the catalog's language server, with Neovim's own LSP client and nothing of this
-- project's: the set-up of docs/editor.md (loaded before this script, as an analyst's init.lua) starts the server when
-- a rail is opened; this script waits for its diagnostics, applies the quick fix of one of them, hovers, opens a YAML
-- file outside catalog/ (no server for it), writes what was seen as JSON, and quits. Written for Neovim 0.7 (Debian
-- 12) and later. The test gives the parameters as JSON in CATALOG_NVIM_DRIVE.
local drive = vim.fn.json_decode(os.getenv('CATALOG_NVIM_DRIVE'))
local seen = {}

local function finish(failure)
  seen.failure = failure
  vim.fn.writefile({ vim.fn.json_encode(seen) }, drive.out)
  vim.cmd('qall!')
end

-- What the client holds for a buffer, in a plain shape (0-based lines and columns, as Neovim stores them).
local function diagnostics(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(out, {
      line = d.lnum, column = d.col, endLine = d.end_lnum, endColumn = d.end_col, severity = d.severity,
      message = d.message, code = d.code or lsp.code, href = lsp.codeDescription and lsp.codeDescription.href or vim.NIL,
    })
  end
  table.sort(out, function(a, b) return a.line < b.line or (a.line == b.line and a.column < b.column) end)
  return out
end

local function run()
  vim.cmd('edit ' .. vim.fn.fnameescape(drive.file))
  local buf = vim.api.nvim_get_current_buf()
  seen.filetype = vim.bo[buf].filetype
  -- The set-up's autocommand started the client and attached it to the buffer.
  local attached = function(b)
    local ids = {}
    for id, client in pairs(vim.lsp.buf_get_clients(b)) do
      if client.name == 'catalog' then table.insert(ids, id) end
    end
    return ids
  end
  if not vim.wait(drive.waitMs, function() return #attached(buf) > 0 end, 20) then
    return finish('no catalog client attached to ' .. drive.file .. ' (filetype ' .. seen.filetype .. ')')
  end
  local client_id = attached(buf)[1]
  seen.command = vim.lsp.get_client_by_id(client_id).config.cmd
  if not vim.wait(drive.waitMs, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
    return finish('no diagnostics within ' .. drive.waitMs .. ' ms')
  end
  seen.diagnostics = diagnostics(buf)
  local client = vim.lsp.get_client_by_id(client_id)

  -- The quick fix: a textDocument/codeAction request over the line named, with the client's diagnostics of that line.
  local line = drive.fixLine
  local context = { diagnostics = {} }
  for _, d in ipairs(vim.diagnostic.get(buf, { lnum = line })) do table.insert(context.diagnostics, d.user_data.lsp) end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = line, character = 0 }, ['end'] = { line = line, character = #vim.api.nvim_buf_get_lines(buf, line, line + 1, true)[1] } },
    context = context,
  }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, drive.waitMs) or {}
  local actions = (answers[client_id] or {}).result or {}
  seen.actions = vim.tbl_map(function(a) return a.title end, actions)
  local action = actions[1]
  if not action or not action.edit then return finish('no quick fix with an edit on line ' .. line) end
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  seen.fixedLine = vim.api.nvim_buf_get_lines(buf, line, line + 1, true)[1]
  -- The server sees the edit (didChange) and sends the file's diagnostics again, without the fixed one.
  local before = #seen.diagnostics
  vim.wait(drive.waitMs, function() return #vim.diagnostic.get(buf) < before end, 20)
  seen.diagnosticsAfterFix = diagnostics(buf)

  -- Hovers, each at a position the test names: the text Neovim would show in its floating window.
  seen.hovers = {}
  for _, position in ipairs(drive.hoverAt) do
    local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position }, drive.waitMs) or {}
    local contents = ((hover[client_id] or {}).result or {}).contents
    table.insert(seen.hovers, contents and table.concat(vim.lsp.util.convert_input_to_markdown_lines(contents), '\n') or vim.NIL)
  end

  -- A YAML file outside catalog/: the set-up leaves it alone.
  vim.cmd('edit ' .. vim.fn.fnameescape(drive.outside))
  seen.clientsOutside = #attached(vim.api.nvim_get_current_buf())
  finish(vim.NIL)
end

local ok, err = pcall(run)
if not ok then finish('the drive failed: ' .. tostring(err)) end
