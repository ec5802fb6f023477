// Starts `bindc lsp` for .bind files through VS Code's language client.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('bindkit');
  const command = config.get('bindcPath', 'bindc');
  // No platform set: each keymap is checked for its own `keymap "Name" for …` list (macOS
  // when it has none), as `bindc check` does.
  const platform = config.get('platform', '');
  const server = { command, args: platform ? ['lsp', '--platform', platform] : ['lsp'] };
  client = new LanguageClient('bindkit', 'BindKit (bindc lsp)', { run: server, debug: server }, {
    documentSelector: [{ language: 'bind' }],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
