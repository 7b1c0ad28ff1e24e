// The workflow commands the GitHub Actions runner would act on in a step's
// output, read as the runner reads them (actions/runner,
// Runner.Common/ActionCommand.cs and Runner.Worker/ActionCommandManager.cs):
// `::name props::data` at the start of a line after leading spaces
// (TryParseV2), else `##[name props]data` anywhere in the line (TryParse);
// only registered names count; `stop-commands` ignores everything until a
// line whose command is its token.
const REGISTERED = [
  'set-env', 'set-output', 'save-state', 'add-mask', 'add-path', 'add-matcher', 'remove-matcher',
  'debug', 'warning', 'error', 'notice', 'group', 'endgroup', 'echo', 'stop-commands',
];

export interface RunnerCommand {
  command: string;
  data: string;
  /** `key=value` properties of a `::name k=v,k2=v2::` command, their escapes undone. */
  properties?: Record<string, string>;
}

/** A command's data or property with the runner's escapes undone (%25 last, as ActionCommand.Unescape does). */
export function unescapeCommand(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

/** .NET's String.TrimStart(): every char.IsWhiteSpace — JavaScript's \s and U+0085 (NEL), which \s lacks. */
const DOTNET_LEADING_SPACE = /^[\s\u0085]+/;

function parse(line: string, registered: ReadonlySet<string>): RunnerCommand | undefined {
  const trimmed = line.replace(DOTNET_LEADING_SPACE, '');
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const info = trimmed.slice(2, end);
      const name = info.split(' ')[0]!;
      const rest = info.slice(name.length).trim();
      const properties = Object.fromEntries(
        rest
          .split(',')
          .filter((pair) => pair.includes('='))
          .map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), unescapeCommand(pair.slice(pair.indexOf('=') + 1))]),
      );
      if (registered.has(name)) return { command: name, data: trimmed.slice(end + 2), ...(rest ? { properties } : {}) };
    }
  }
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = line.indexOf(']', prefix);
  if (close < 0) return undefined;
  const name = line.slice(prefix + 3, close).split(' ')[0]!;
  return registered.has(name) ? { command: name, data: line.slice(close + 1) } : undefined;
}

/** Every command the runner would process in `stdout`, in order (the stop and resume included). */
export function runnerCommands(stdout: string): RunnerCommand[] {
  const registered = new Set(REGISTERED);
  const processed: RunnerCommand[] = [];
  let stopToken: string | undefined;
  // StreamReader.ReadLine ends a line at \n, \r or \r\n.
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const command = parse(line, registered);
    if (!command) continue;
    if (stopToken !== undefined) {
      if (command.command.toLowerCase() === stopToken.toLowerCase()) {
        processed.push(command);
        registered.delete(stopToken);
        stopToken = undefined;
      }
      continue;
    }
    processed.push(command);
    if (command.command === 'stop-commands' && command.data !== '') {
      stopToken = command.data;
      registered.add(stopToken);
    }
  }
  return processed;
}
