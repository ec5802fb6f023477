// Starts `bindc lsp` for .bind files through VS Code's language client.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('bindkit');
  const command = config.get('bindcPath', 'bindc');
  const server = { command, args: ['lsp', '--platform', config.get('platform', 'apple')] };
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
