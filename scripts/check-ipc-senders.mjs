// `npm run check:ipc-senders`: every IPC message the main process accepts (ipcMain.handle/on/once,
// webContents.ipc.*) must check who sent it before doing anything: the listener's first statement is
// an `if` on `<event>.senderFrame` that returns or throws. Reads the shell's sources with the
// TypeScript parser, so a listener added anywhere in electron/shell is checked too.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Another folder may be given (to see the check fail on a sample).
const shellDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'electron', 'shell');
const listenerMethods = new Set(['handle', 'handleOnce', 'on', 'once', 'addListener', 'prependListener']);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [full] : [];
  });
}

/** `ipcMain.x(...)` or `<anything>.ipc.x(...)` (a WebContents' or frame's own IPC). */
function isIpcListenerCall(node) {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  if (!listenerMethods.has(node.expression.name.text)) return false;
  const target = node.expression.expression;
  return (
    (ts.isIdentifier(target) && target.text === 'ipcMain') ||
    (ts.isPropertyAccessExpression(target) && target.name.text === 'ipc')
  );
}

function endsByLeaving(statement) {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements.at(-1);
    return last !== undefined && endsByLeaving(last);
  }
  return false;
}

/** Why the listener does not check its sender first, or null when it does. */
function problemWith(listener, file) {
  if (!listener || !(ts.isArrowFunction(listener) || ts.isFunctionExpression(listener))) {
    return 'the listener is not an inline function, so its sender check cannot be verified';
  }
  const event = listener.parameters[0];
  if (!event || !ts.isIdentifier(event.name))
    return 'the listener does not take the event (needed for event.senderFrame)';
  const name = event.name.text;
  if (!ts.isBlock(listener.body)) return 'the listener body is an expression, with no sender check before it';
  const first = listener.body.statements[0];
  if (!first || !ts.isIfStatement(first)) return `the first statement is not a check of ${name}.senderFrame`;
  if (!first.expression.getText(file).includes(`${name}.senderFrame`)) {
    return `the first if does not look at ${name}.senderFrame`;
  }
  if (!endsByLeaving(first.thenStatement)) return 'the sender check does not return or throw when it fails';
  return null;
}

const failures = [];
let checked = 0;
for (const fileName of sources(shellDir)) {
  const file = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (isIpcListenerCall(node)) {
      checked += 1;
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      const where = `${path.relative(root, fileName)}:${line + 1}`;
      const channel = node.arguments[0]?.getText(file) ?? '?';
      const problem = problemWith(node.arguments[1], file);
      if (problem) failures.push(`  FAIL  ${where} ${node.expression.getText(file)}(${channel}): ${problem}`);
      else console.log(`  ok    ${where} ${node.expression.getText(file)}(${channel}) checks event.senderFrame first`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (checked === 0) failures.push('  FAIL  no IPC listener found in electron/shell: the check would prove nothing');
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
console.log(`ipc senders: all ${checked} IPC listener(s) validate event.senderFrame before acting`);
