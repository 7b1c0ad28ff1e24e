export const id = 135;
export const ids = [135];
export const modules = {

/***/ 3135:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  analyzeShell: () => (/* binding */ analyzeShell)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/safety/paths.ts
var paths = __webpack_require__(1238);
;// CONCATENATED MODULE: ./src/policy/wrappers.ts
// Commands that run another command: `command curl`, `env X=1 curl`,
// `timeout 5 curl`, `xargs curl`, `find -exec curl {} ;`, `/usr/bin/curl`,
// `git -C . push`, `sh -c "curl x"`. A deny rule names the command that
// runs, so it must see through these; an allow rule still matches only the
// text as written (what is not named exactly is not allowed).
/** Options that take a value in the next word, per wrapper; other dashed words are flags. */
const WRAPPERS = {
    command: { valued: new Set() },
    builtin: { valued: new Set() },
    exec: { valued: new Set(['-a']) },
    env: { valued: new Set(['-u', '--unset', '-C', '--chdir', '-S', '--split-string']), assignments: true },
    nice: { valued: new Set(['-n', '--adjustment']) },
    nohup: { valued: new Set() },
    setsid: { valued: new Set() },
    stdbuf: { valued: new Set(['-i', '-o', '-e', '--input', '--output', '--error']) },
    ionice: { valued: new Set(['-c', '-n', '-p', '-P', '-u', '--class', '--classdata']) },
    timeout: { valued: new Set(['-s', '--signal', '-k', '--kill-after']), positional: 1 },
    time: { valued: new Set(['-f', '--format', '-o', '--output']) },
    chrt: { valued: new Set(), positional: 1 },
    taskset: { valued: new Set(), positional: 1 },
    flock: { valued: new Set(['-w', '--timeout', '-E', '--conflict-exit-code']), positional: 1 },
    unbuffer: { valued: new Set() },
    sudo: { valued: new Set(['-u', '--user', '-g', '--group', '-C', '-D', '--chdir', '-h', '--host', '-p', '--prompt', '-r', '-t', '-U']), assignments: true },
    doas: { valued: new Set(['-u', '-C']) },
    xargs: {
        valued: new Set(['-I', '-L', '-n', '-P', '-s', '-d', '-E', '-a', '--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--max-lines', '--replace', '--eof']),
    },
    watch: { valued: new Set(['-n', '--interval', '-d']) },
};
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'ash', 'busybox']);
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
/** git's options before the subcommand that take a value in the next word. */
const GIT_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix', '--list-cmds']);
const MAX_DEPTH = 8;
function baseName(word) {
    return word.includes('/') ? word.slice(word.lastIndexOf('/') + 1) : word;
}
/** Index of the first word after the wrapper's options and its positional arguments (argv.length when there is none). */
function afterOptions(argv, spec) {
    let i = 1;
    while (i < argv.length) {
        const word = argv[i];
        if (word === '--') {
            i++;
            break;
        }
        if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
            i++;
            continue;
        }
        if (!word.startsWith('-') || word === '-')
            break;
        // `-n 5` takes the next word; `-n5` and `--adjustment=5` carry their value.
        i += spec.valued.has(word) ? 2 : 1;
    }
    return Math.min(i + (spec.positional ?? 0), argv.length);
}
function peel(argv, out, depth) {
    if (argv.length === 0 || depth > MAX_DEPTH)
        return;
    const name = baseName(argv[0]);
    if (name !== argv[0]) {
        const plain = [name, ...argv.slice(1)];
        out.argvs.push(plain);
        peel(plain, out, depth + 1);
        return;
    }
    if (SHELLS.has(name)) {
        const c = argv.findIndex((word, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(word));
        if (c > 0 && argv[c + 1] !== undefined)
            out.scripts.push(argv[c + 1]);
        return;
    }
    if (name === 'find') {
        for (let i = 1; i < argv.length; i++) {
            if (!FIND_EXEC.has(argv[i]))
                continue;
            let end = i + 1;
            while (end < argv.length && argv[end] !== ';' && argv[end] !== '+')
                end++;
            const inner = argv.slice(i + 1, end);
            if (inner.length > 0) {
                out.argvs.push(inner);
                peel(inner, out, depth + 1);
            }
            i = end;
        }
        return;
    }
    if (name === 'git') {
        let i = 1;
        while (i < argv.length && argv[i].startsWith('-'))
            i += GIT_VALUED.has(argv[i]) ? 2 : 1;
        if (i > 1 && i < argv.length)
            out.argvs.push(['git', ...argv.slice(i)]);
        return;
    }
    const spec = WRAPPERS[name];
    if (!spec)
        return;
    const start = afterOptions(argv, spec);
    const inner = argv.slice(start);
    if (inner.length === 0)
        return;
    out.argvs.push(inner);
    peel(inner, out, depth + 1);
}
/** The commands `argv` runs besides itself (see the file comment). */
function innerCommands(argv) {
    const out = { argvs: [], scripts: [] };
    peel(argv, out, 0);
    return out;
}

;// CONCATENATED MODULE: ./src/policy/shell/words.ts
function unescapeUnquoted(text) {
    return text.replace(/\\(\n|[^])/g, (_, ch) => (ch === '\n' ? '' : ch));
}
function unescapeDoubleQuoted(text) {
    return text.replace(/\\([$`"\\\n])/g, (_, ch) => (ch === '\n' ? '' : ch));
}
/** True when the children of `node` cover its text without gaps. */
function contiguous(node) {
    let at = node.startIndex;
    for (const child of node.children) {
        if (!child || child.startIndex !== at)
            return false;
        at = child.endIndex;
    }
    return at === node.endIndex;
}
/** The literal value of one node, or undefined when it depends on the run. */
function literalOf(node) {
    switch (node.type) {
        case 'word':
            return unescapeUnquoted(node.text);
        case 'number':
            return node.childCount === 0 ? node.text : undefined;
        case 'raw_string':
            return node.text.slice(1, -1);
        case 'string': {
            const plain = node.children.every((child) => child && (child.type === '"' || child.type === 'string_content'));
            return plain ? unescapeDoubleQuoted(node.text.slice(1, -1)) : undefined;
        }
        case 'command_name':
        case 'concatenation':
        case 'variable_assignment': {
            if (!contiguous(node))
                return undefined;
            let value = '';
            for (const child of node.children) {
                const part = child && literalOf(child);
                if (part === undefined)
                    return undefined;
                value += part;
            }
            return value;
        }
        case 'variable_name':
        case 'extglob_pattern':
        case 'regex':
        case 'test_operator':
        case 'brace_expression':
            return node.text;
        default:
            // Operators and keywords (`==`, `!`, `export`…) are literal; `$` alone
            // is the start of something the parser split off (`$"…"`).
            return !node.isNamed && node.type !== '$' ? node.text : undefined;
    }
}
/**
 * Nothing between two nodes, or only line continuations: bash reads `cu\⏎rl`
 * as `curl`, where the parser sees two words.
 */
function continuesWord(last, node) {
    const gap = node.startIndex - last.endIndex;
    if (gap === 0)
        return true;
    if (gap < 0 || gap % 2 !== 0 || gap > 16)
        return false;
    const root = node.tree.rootNode;
    return /^(\\\n)+$/.test(root.text.slice(last.endIndex - root.startIndex, node.startIndex - root.startIndex));
}
/** Groups nodes into words: nodes with no space between them are one word to bash. */
function toWords(nodes) {
    const words = [];
    let last;
    // A MISSING node (inserted by the parser's error recovery) has no text.
    const present = nodes.filter((node) => node.endIndex > node.startIndex);
    for (const node of present.sort((a, b) => a.startIndex - b.startIndex)) {
        const current = words[words.length - 1];
        if (current && last && continuesWord(last, node))
            current.nodes.push(node);
        else
            words.push({ nodes: [node], source: '' });
        last = node;
    }
    for (const word of words) {
        word.source = word.nodes.map((node) => node.text).join(''); // adjacent, so this is the text as written
        let value = '';
        for (const node of word.nodes) {
            const part = literalOf(node);
            value = part === undefined ? undefined : value + part;
            if (value === undefined)
                break;
        }
        if (value !== undefined)
            word.literal = value;
    }
    return words;
}
function quoteForText(value) {
    return value === '' || /\s/.test(value) ? `'${value.replace(/'/g, `'\\''`)}'` : value;
}
function commandOf(words) {
    const text = words.map((w) => (w.literal !== undefined ? quoteForText(w.literal) : w.source.replace(/\s+/g, ' '))).join(' ');
    const literal = words.every((w) => w.literal !== undefined);
    return literal ? { text, argv: words.map((w) => w.literal) } : { text };
}
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
/** Shell text quoted for a message: one line, short, in backticks that survive a backtick inside. */
function code(text) {
    const line = text.replace(/\s+/g, ' ').trim();
    const short = line.length > 80 ? `${line.slice(0, 77)}...` : line;
    return short.includes('`') ? `\`\` ${short} \`\`` : `\`${short}\``;
}

;// CONCATENATED MODULE: ./src/policy/shell/hazards.ts
// What a permission rule cannot see through, as a table: each entry is one
// construct — how the walk finds it, the kind the decision layer fails closed
// on, and the sentence the model gets, saying what to do instead.

const HAZARDS = {
    /** `$(…)` or backticks, outside another substitution. */
    commandSubstitution: (text) => ({
        kind: 'command_substitution',
        text,
        detail: `${code(text)} runs a command and pastes its output into this one, which a rule cannot check; run the inner command on its own first.`,
    }),
    /** `<(…)` or `>(…)`, outside another substitution. */
    processSubstitution: (text) => ({
        kind: 'process_substitution',
        text,
        detail: `${code(text)} runs a command whose output is read as a file, which a rule cannot check; run it on its own and write to a file inside the checkout instead.`,
    }),
    /** `eval`, `source` or `.` (through `builtin`/`command` too). */
    evalCommand: (text, name) => ({
        kind: 'eval',
        text,
        detail: `${code(name)} runs text as shell commands that the rules cannot check; run those commands directly instead.`,
    }),
    /** Arithmetic that reads a variable: `$((x))`, `((…))`, `${a[$i]}`, `${s:$n}`, a C-style for header. */
    arithmetic: (text) => ({
        kind: 'eval',
        text,
        detail: `Bash evaluates ${code(text)} as arithmetic, where a variable holding text like a[$(cmd)] would run cmd; use literal numbers, or run the commands without it.`,
    }),
    /** `${!x}` (not `${!prefix*}` or `${!a[@]}`) and `${x@P}`. */
    indirectExpansion: (text) => ({
        kind: 'eval',
        text,
        detail: `${code(text)} reads a variable's value as a name or as prompt text, where a hidden $(cmd) would run; refer to the variable directly.`,
    }),
    /** `-eq` and friends with a non-literal operand, or `-v`, inside `[[ ]]`. */
    testArithmetic: (text) => ({
        kind: 'eval',
        text,
        detail: `Inside [[ ]], ${code(text)} evaluates a variable's value as arithmetic or as a name, where a hidden a[$(cmd)] would run; compare with literal numbers or use [ ].`,
    }),
    /** `NAME=value cmd`: an assignment in front of a command. */
    envPrefix: (text, command) => ({
        kind: 'env_prefix',
        text,
        detail: `Variables set in front of ${code(command)} change how it runs (NODE_OPTIONS, PATH, GIT_*…); run the command without them.`,
    }),
    /** A bare assignment to an upper-case name (or a `for PATH in …` loop) in a command that also runs something. */
    environmentChange: (text, name) => ({
        kind: 'env_prefix',
        text,
        detail: `Assigning ${name} changes how the commands after it run (a search path, home folder or shell setting); run the commands without it.`,
    }),
    /** A command name that is not literal, or that bash still expands (a glob, a brace list). */
    dynamicCommand: (text, name) => ({
        kind: 'dynamic_command',
        text,
        detail: `The command name ${code(name)} is only known when it runs, so no rule can be checked against it; write the name literally.`,
    }),
    /** An output target that is not literal, is expanded, is relative after an unknown cd, or goes through a link that cannot be followed. */
    redirectUnchecked: (text, target, why) => ({
        kind: 'redirect_outside',
        text,
        detail: `The output target ${code(target)} ${why}, so it cannot be checked to lie inside the checkout; write to a literal path inside it.`,
    }),
    /** An output target outside the checkout, symlinks followed. */
    redirectOutside: (text, path) => ({
        kind: 'redirect_outside',
        text,
        detail: `The output goes to ${code(path)}, which is outside the repository checkout; write inside it instead.`,
    }),
    /** An output target in a `.git` folder, in any spelling. */
    redirectGit: (text, path) => ({
        kind: 'redirect_git',
        text,
        detail: `The output goes into a .git folder (${code(path)}), which cannot be written; write elsewhere in the checkout.`,
    }),
    /** A syntax error, or a place where the grammar reads the text differently from bash. */
    unparsedNear: (text, near) => ({
        kind: 'unparsed',
        text,
        detail: `The command could not be parsed completely${near ? ` near ${code(near)}` : ''}; fix its syntax or split it into simpler commands.`,
    }),
    /** No syntax tree at all. */
    unparsed: (text) => ({ kind: 'unparsed', text, detail: 'The command could not be parsed; split it into simpler commands.' }),
    /** Nesting deep enough to overflow the walk's stack. */
    tooDeep: (text) => ({ kind: 'unparsed', text, detail: 'The command is nested too deeply to be checked; split it into simpler commands.' }),
    /** `sh -c` inside `sh -c`, more than four levels down. */
    shellsTooDeep: (text) => ({
        kind: 'unparsed',
        text,
        detail: 'Shells inside shells are nested too deeply to be checked; run the inner command directly.',
    }),
};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(8995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(8877);
var external_node_v8_default = /*#__PURE__*/__webpack_require__.n(external_node_v8_);
;// CONCATENATED MODULE: ./src/policy/shell/parser.ts
// The shell grammar (tree-sitter-bash, run by web-tree-sitter), loaded once:
// only the first analysis pays (toolchain.md, gotchas 2 and 3).





/**
 * The grammar the analysis was written against and tested with. The guards
 * against tree-sitter-bash reading a command differently from bash (analyze.ts)
 * depend on its exact tokens: moving to another version means reading them
 * again, and test/policy/shell.test.ts fails until this says which.
 */
const GRAMMAR_VERSION = '0.25.1';
const WASM_FILES = { runtime: 'web-tree-sitter.wasm', bash: 'tree-sitter-bash.wasm' };
/** The wasm files: next to the bundle (dist/wasm/), or in node_modules when running from source. */
function wasmPaths() {
    const bundled = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url)), 'wasm');
    if ((0,external_node_fs_.existsSync)((0,external_node_path_.join)(bundled, WASM_FILES.bash))) {
        return { runtime: (0,external_node_path_.join)(bundled, WASM_FILES.runtime), bash: (0,external_node_path_.join)(bundled, WASM_FILES.bash) };
    }
    const require = (0,external_node_module_.createRequire)(import.meta.url);
    // Names in variables, so the bundler leaves these development-only lookups alone.
    const find = (pkg, file) => require.resolve(`${pkg}/${file}`);
    return { runtime: find('web-tree-sitter', WASM_FILES.runtime), bash: find('tree-sitter-bash', WASM_FILES.bash) };
}
async function createParser() {
    const paths = wasmPaths();
    // Baseline compilation only: compiling the 1.3 MB grammar with V8's optimising
    // tier was measured at ~1.6 s on Node 20 (toolchain.md); parsing one command
    // does not need it. The flag is process-wide; nothing else here uses wasm.
    external_node_v8_default().setFlagsFromString('--liftoff-only');
    const { Parser, Language } = (await Promise.all(/* import() */[__webpack_require__.e(551), __webpack_require__.e(632)]).then(__webpack_require__.t.bind(__webpack_require__, 7632, 23))).default;
    // The CommonJS build reads __dirname while it starts, and an ESM bundle does
    // not define it: lend it for that moment only.
    const globals = globalThis;
    const lent = globals.__dirname === undefined;
    if (lent)
        globals.__dirname = (0,external_node_path_.dirname)(paths.runtime);
    try {
        await Parser.init({ locateFile: () => paths.runtime });
    }
    finally {
        if (lent)
            delete globals.__dirname;
    }
    const language = await Language.load((0,external_node_fs_.readFileSync)(paths.bash));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
}
let parserPromise;
function loadParser() {
    parserPromise ??= createParser().catch((err) => {
        parserPromise = undefined; // let a later call try again
        throw err;
    });
    return parserPromise;
}

;// CONCATENATED MODULE: ./src/policy/shell/paths.ts
// Where a redirect target or a cd leads, as the kernel would walk it.


function realOrSelf(path) {
    try {
        return (0,external_node_fs_.realpathSync)(path);
    }
    catch {
        return path;
    }
}
/**
 * Where `target` leads from `cwd` the way the kernel walks it: symlinks
 * followed component by component (so `link/../x` goes where the link goes).
 * Undefined for a dangling symlink, whose target we do not chase.
 */
function physicalPath(cwd, target) {
    let current = (0,external_node_path_.isAbsolute)(target) ? '/' : realOrSelf(cwd);
    let exists = true;
    for (const part of target.split('/')) {
        if (part === '' || part === '.')
            continue;
        if (part === '..') {
            current = (0,external_node_path_.dirname)(current);
            continue;
        }
        const next = (0,external_node_path_.join)(current, part);
        if (!exists) {
            current = next;
            continue;
        }
        let isLink;
        try {
            isLink = (0,external_node_fs_.lstatSync)(next).isSymbolicLink();
        }
        catch (err) {
            if (err.code !== 'ENOENT')
                return undefined;
            exists = false; // what is not there cannot be a link: the rest is taken by name
            current = next;
            continue;
        }
        try {
            current = isLink ? (0,external_node_fs_.realpathSync)(next) : next;
        }
        catch {
            return undefined; // a dangling link: writing through it creates its target, wherever that is
        }
    }
    return current;
}

;// CONCATENATED MODULE: ./src/policy/shell/syntax.ts

function children(node) {
    return node.children.filter((child) => child !== null);
}
function fieldChildren(node, field) {
    return node.childrenForFieldName(field).filter((child) => child !== null);
}
function* descendants(node) {
    yield node;
    for (const child of children(node))
        yield* descendants(child);
}
/** The simple command that trailing words after a redirect belong to (`a | b > c d` → b). */
function trailingCommand(node) {
    switch (node.type) {
        case 'command':
        case 'declaration_command':
        case 'unset_command':
            return node;
        case 'redirected_statement': {
            const body = node.childForFieldName('body');
            return body ? trailingCommand(body) : undefined;
        }
        case 'pipeline':
        case 'list':
        case 'negated_command': {
            const statements = children(node).filter((child) => child.isNamed && child.type !== 'comment');
            const last = statements[statements.length - 1];
            return last && trailingCommand(last);
        }
        default:
            return undefined;
    }
}
/**
 * Words the parser attached to a redirect that bash gives to the command:
 * in `echo > a b` the target is `a` and `b` is an argument of echo.
 */
function redirectExtras(redirect) {
    if (redirect.type === 'file_redirect') {
        const [, ...rest] = toWords(fieldChildren(redirect, 'destination'));
        return rest.flatMap((word) => word.nodes);
    }
    if (redirect.type === 'heredoc_redirect')
        return fieldChildren(redirect, 'argument');
    return [];
}
const CD_COMMANDS = new Set(['cd', 'pushd', 'popd']);
const MAX_FOLDERS = 32;
const EVAL_COMMANDS = new Set(['eval', 'source', '.']);
const BUILTIN_WRAPPERS = new Set(['builtin', 'command']);
const ARITHMETIC_TEST = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/fd/1', '/dev/fd/2']);
const OUTPUT_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>', '>&', '<>']);
const VARIABLE_NODES = new Set(['variable_name', 'simple_expansion', 'expansion', 'subscript', 'command_substitution', 'word']);
/** The command a `builtin`/`command` wrapper runs, or the name itself. */
function effectiveName(argv) {
    let i = 0;
    while (i < argv.length && argv[i] !== undefined && BUILTIN_WRAPPERS.has(argv[i])) {
        i++;
        while (i < argv.length && argv[i]?.startsWith('-'))
            i++;
    }
    return argv[i];
}
/** A name bash would still expand: an unquoted glob (`r[m]`) or brace list (`{rm,-rf,x}`). */
function expandsAsName(word) {
    return word.nodes.some((node) => [...descendants(node)].some((n) => n.type === 'word' && /[*?[]|\{.*(,|\.\.).*\}/.test(n.text)) ||
        (node.type === 'concatenation' && /\{.*(,|\.\.).*\}/.test(node.text)));
}
/** True when an arithmetic context reads a variable (or anything but literal numbers). */
function readsVariables(node) {
    for (const d of descendants(node)) {
        if (d.type === 'word' && /^\d+$/.test(d.text))
            continue;
        if (VARIABLE_NODES.has(d.type))
            return true;
    }
    return false;
}
function isNumberOrAll(node) {
    return node === null || /^(\d+|@|\*)$/.test(node.text);
}
/** Nodes whose text bash does not scan for substitutions again (or that are substitutions). */
const COVERING = new Set(['command_substitution', 'process_substitution', 'arithmetic_expansion', 'raw_string', 'ansi_c_string', 'comment']);
/** `<<'EOF'`, `<<"EOF"` or `<<\EOF`: the body is taken literally. */
function quotedHeredoc(body) {
    const start = body.parent ? children(body.parent).find((child) => child.type === 'heredoc_start') : undefined;
    return body.namedChildCount === 0 && start !== undefined && /['"\\]/.test(start.text);
}
// Where tree-sitter-bash's tokens are known to end elsewhere than bash's,
// the command is reported unparsed rather than read wrongly: in
// `echo $'\\' $(id) # '` the grammar sees one string, bash runs `id`.
/** `$'…'` ends at the first quote that is not escaped, `\\` being an escaped backslash. */
function ansiCStringEndsWhereBashDoes(text) {
    let i = 2;
    while (i < text.length && text[i] !== "'")
        i += text[i] === '\\' ? 2 : 1;
    return i === text.length - 1;
}
/** Inside double quotes, an unescaped `"` would have ended the string. */
function hasUnescapedQuote(content) {
    return /(^|[^\\])(\\\\)*"/.test(content);
}
/** The here-document delimiter after quote removal: `'EOF'`, `"EOF"`, `E\OF` → EOF. */
function unquoteDelimiter(text) {
    let out = '';
    let quote;
    for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (quote === "'") {
            if (ch === "'")
                quote = undefined;
            else
                out += ch;
        }
        else if (ch === '\\' && i + 1 < text.length && (quote === undefined || '$`"\\'.includes(text[i + 1]))) {
            out += text[++i];
        }
        else if (quote === undefined && (ch === "'" || ch === '"')) {
            quote = ch;
        }
        else if (quote === '"' && ch === '"') {
            quote = undefined;
        }
        else {
            out += ch;
        }
    }
    return out;
}
/** The body ends at the first line that is the delimiter (after leading tabs, for `<<-`), as in bash. */
function heredocEndsWhereBashDoes(redirect, source) {
    const parts = children(redirect);
    const start = parts.find((child) => child.type === 'heredoc_start');
    if (!start)
        return false;
    const delimiter = unquoteDelimiter(start.text);
    const stripTabs = parts.some((child) => child.type === '<<-');
    const isDelimiter = (line) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter;
    const end = parts.find((child) => child.type === 'heredoc_end');
    // The whole line of the end marker: the node leaves out spaces around it, bash does not.
    const endLine = end && source.slice(source.lastIndexOf('\n', end.startIndex - 1) + 1).split('\n')[0];
    if (endLine !== undefined && !isDelimiter(endLine))
        return false;
    const body = parts.find((child) => child.type === 'heredoc_body');
    return !body || !body.text.split('\n').some(isDelimiter);
}

;// CONCATENATED MODULE: ./src/policy/shell/analyze.ts
// Bash analysis for permission checks, with the real shell grammar
// (tree-sitter-bash), never regular expressions: every simple command of a
// compound command is found and checked on its own (agent-core.md, Bash), and
// the constructs a rule cannot see through are reported as hazards.
//
// Choices a reader needs to know:
// - A command's `text` is its words joined by single spaces, quotes removed.
//   A literal word that contains whitespace (or is empty) is written back in
//   single quotes, so word boundaries survive: `git commit -m "a b"` has the
//   text `git commit -m 'a b'` and argv ['git', 'commit', '-m', 'a b'].
//   A dynamic word (`$f`, `"$f"`, `$'…'`) appears as written; `argv` is then undefined.
// - Globs, braces and `~` stay literal text (no expansion): argv is what the
//   shell sees before expansion.
// - `time` (the keyword) is not part of the command: `time npm test` is `npm test`.
// - A call of a function defined in the same command is a command too (`f`),
//   next to the commands of its body.
// - `[[ … ]]` and `[ … ]` are commands named `[[` and `[`.
// - `export`, `declare`, `local`, `readonly`, `typeset` and `unset` are commands
//   (they change what later commands see).
// - Hazards beyond the obvious ones (all fail closed in the decision layer):
//   a bare assignment to an upper-case name (`PATH=…`, `HOME=…`, `IFS=…`, a
//   `for PATH in …` loop) in a command that also runs something is env_prefix,
//   because it changes how the later commands run; arithmetic evaluation of a
//   variable (`$((x))`, `${a[$i]}`, `${s:$n}`, `[[ $x -eq 1 ]]`, `((…))`), an
//   indirect expansion `${!x}` and prompt expansion `${x@P}` are eval: bash runs
//   `$(…)` hidden in a variable's value there (`x='a[$(id)]'; echo $((x))`).
// - Redirect targets are resolved like the kernel would (symlinks followed)
//   against every folder an earlier `cd`/`pushd` may have moved to; a `cd` in
//   a loop or function body, or to a target that is not literal, makes relative
//   targets uncheckable.
// - Guards against the grammar reading differently from bash, each making the
//   command `unparsed`: every `$(`, backtick, `<(` and `>(` in the text must be
//   inside a substitution node, quoted or escaped; `$'…'`, '…' and "…" tokens
//   must end where bash ends them; a here-document must end at the line bash
//   ends it at.








// ---------------------------------------------------------------------------
// The walk.
class Analysis {
    commands = [];
    hazards = [];
    /** Shell source that commands run (`sh -c …`), checked after this one. */
    scripts = [];
    source;
    roots;
    /** Folders the shell may be in at this point; undefined once it cannot be known. */
    cwds;
    substitutionDepth = 0;
    unparsed = false;
    /** Bare upper-case assignments; hazards only when the command also runs something. */
    environmentChanges = [];
    /** Trailing words a redirect took from a command (see redirectExtras), by command node id. */
    extras = new Map();
    constructor(source, where) {
        this.source = source;
        this.roots = [...new Set([(0,external_node_path_.resolve)(where.root), realOrSelf(where.root)])];
        this.cwds = [(0,external_node_path_.resolve)(where.cwd)];
    }
    run(root) {
        if (this.cdInRepeatedCode(root))
            this.cwds = undefined;
        this.walk(root);
        this.checkSubstitutionsSeen(root);
        if (this.commands.length > 0) {
            for (const node of this.environmentChanges) {
                this.hazards.push(HAZARDS.environmentChange(node.text, node.text.split('=')[0]));
            }
        }
        return { commands: this.commands, hazards: this.hazards, scripts: this.scripts };
    }
    markUnparsed(node) {
        if (this.unparsed)
            return;
        this.unparsed = true;
        const near = node.text.trim() || this.source.slice(Math.max(0, node.startIndex - 20), node.startIndex + 20).trim();
        this.hazards.push(HAZARDS.unparsedNear(near || this.source, near));
    }
    walk(node) {
        if (node.isMissing || node.type === 'ERROR')
            this.markUnparsed(node);
        switch (node.type) {
            case 'comment':
                return;
            case 'command':
                this.simpleCommand(node);
                break;
            case 'declaration_command':
            case 'unset_command':
                this.builtinCommand(node);
                break;
            case 'test_command':
                this.testCommand(node);
                break;
            case 'redirected_statement':
                this.redirectedStatement(node);
                break;
            case 'command_substitution':
            case 'process_substitution':
                this.substitution(node);
                return;
            case 'file_redirect':
                this.fileRedirect(node);
                break;
            case 'variable_assignment':
                this.bareAssignment(node);
                break;
            case 'for_statement': {
                const variable = node.childForFieldName('variable');
                if (variable && !/[a-z]/.test(variable.text))
                    this.environmentChanges.push(variable);
                break;
            }
            case 'arithmetic_expansion':
                if (readsVariables(node))
                    this.arithmetic(node);
                break;
            case 'compound_statement':
                if (node.child(0)?.type === '((' && readsVariables(node))
                    this.arithmetic(node);
                break;
            case 'c_style_for_statement': {
                const parts = ['initializer', 'condition', 'update'].flatMap((field) => fieldChildren(node, field));
                const body = node.childForFieldName('body');
                const header = body ? node.text.slice(0, body.startIndex - node.startIndex).trim() : node.text;
                if (parts.some(readsVariables))
                    this.arithmetic(node, header);
                break;
            }
            case 'expansion':
                this.expansion(node);
                break;
            case 'subscript':
                if (!isNumberOrAll(node.childForFieldName('index')))
                    this.arithmetic(node);
                break;
            case 'ansi_c_string':
                if (!ansiCStringEndsWhereBashDoes(node.text))
                    this.markUnparsed(node);
                break;
            case 'raw_string':
                if (!/^'[^']*'$/.test(node.text))
                    this.markUnparsed(node);
                break;
            case 'string_content':
                if (hasUnescapedQuote(node.text))
                    this.markUnparsed(node);
                break;
            case 'heredoc_redirect':
                if (!heredocEndsWhereBashDoes(node, this.source))
                    this.markUnparsed(node);
                break;
        }
        for (const child of children(node))
            this.walk(child);
    }
    substitution(node) {
        if (this.substitutionDepth === 0) {
            if (node.type === 'command_substitution') {
                this.hazards.push(HAZARDS.commandSubstitution(node.text));
            }
            else {
                this.hazards.push(HAZARDS.processSubstitution(node.text));
            }
        }
        this.substitutionDepth++;
        for (const child of children(node))
            this.walk(child);
        this.substitutionDepth--;
    }
    arithmetic(node, text = node.text) {
        this.hazards.push(HAZARDS.arithmetic(text));
    }
    expansion(node) {
        const operators = fieldChildren(node, 'operator').map((op) => op.type);
        // ${!x} reads the variable named by x's value; ${!prefix*} and ${!a[@]} only list names.
        const indirect = node.child(1)?.type === '!' && !/^\$\{!\w+(\*|@|\[[@*]\])\}$/.test(node.text);
        const prompt = operators.some((op, i) => op === '@' && operators[i + 1] === 'P');
        // ${s:offset:length}: the offsets are arithmetic.
        const colon = children(node).findIndex((child) => child.type === ':');
        const substringReadsVariable = colon >= 0 && children(node).slice(colon + 1).some((child) => child.type !== ':' && readsVariables(child));
        if (indirect || prompt) {
            this.hazards.push(HAZARDS.indirectExpansion(node.text));
        }
        else if (substringReadsVariable) {
            this.arithmetic(node);
        }
    }
    bareAssignment(node, inCommandWithoutName = false) {
        const parent = node.parent?.type;
        if (!inCommandWithoutName && (parent === 'command' || parent === 'declaration_command'))
            return;
        const name = node.childForFieldName('name');
        const base = name?.type === 'subscript' ? name.childForFieldName('name') : name;
        if (base && !/[a-z]/.test(base.text))
            this.environmentChanges.push(node);
    }
    redirectedStatement(node) {
        const taken = fieldChildren(node, 'redirect').flatMap(redirectExtras);
        if (taken.length === 0)
            return;
        const body = node.childForFieldName('body');
        const target = body && trailingCommand(body);
        if (!target) {
            this.markUnparsed(taken[0]);
            return;
        }
        this.extras.set(target.id, [...(this.extras.get(target.id) ?? []), ...taken]);
    }
    simpleCommand(node) {
        const assignments = children(node).filter((child) => child.type === 'variable_assignment');
        const inner = children(node).filter((child) => child.type === 'file_redirect' || child.type === 'heredoc_redirect').flatMap(redirectExtras);
        const nameNode = node.childForFieldName('name');
        let words = toWords([
            ...(nameNode ? [nameNode] : []),
            ...fieldChildren(node, 'argument'),
            ...inner,
            ...(this.extras.get(node.id) ?? []),
        ]);
        // `time` is a keyword that times what follows; `time -p` prints in POSIX format.
        if (words[0]?.source === 'time') {
            words = words.slice(1);
            if (words[0]?.literal === '-p')
                words = words.slice(1);
            if (words[0]?.literal === '--')
                words = words.slice(1);
        }
        let prefixed = assignments.length > 0;
        while (words[0] && ASSIGNMENT_WORD.test(words[0].source)) {
            prefixed = true;
            words = words.slice(1);
        }
        const name = words[0];
        if (!name) {
            for (const assignment of assignments)
                this.bareAssignment(assignment, true);
            return;
        }
        const command = commandOf(words);
        const runs = innerCommands(words.map((w) => w.literal ?? w.source));
        if (runs.argvs.length > 0)
            command.alsoRuns = runs.argvs.map((argv) => argv.map(quoteForText).join(' '));
        this.scripts.push(...runs.scripts);
        this.commands.push(command);
        if (prefixed) {
            this.hazards.push(HAZARDS.envPrefix(node.text, command.text));
        }
        if (name.literal === undefined || expandsAsName(name)) {
            this.hazards.push(HAZARDS.dynamicCommand(node.text, name.source));
            return;
        }
        const argv = words.map((w) => w.literal);
        const effective = effectiveName(argv);
        if (effective !== undefined && EVAL_COMMANDS.has(effective)) {
            this.hazards.push(HAZARDS.evalCommand(node.text, effective));
        }
        if (effective !== undefined && CD_COMMANDS.has(effective))
            this.changeFolder(argv.slice(argv.indexOf(effective) + 1));
    }
    builtinCommand(node) {
        const words = toWords([...children(node).filter((child) => child.type !== 'comment'), ...(this.extras.get(node.id) ?? [])]);
        if (words.length > 0)
            this.commands.push(commandOf(words));
    }
    testCommand(node) {
        const flat = (n) => ['binary_expression', 'unary_expression', 'parenthesized_expression'].includes(n.type) ? children(n).flatMap(flat) : [n];
        const parts = children(node).flatMap(flat);
        this.commands.push(commandOf(toWords(parts)));
        if (node.child(0)?.type !== '[[')
            return;
        // Inside [[ ]], -eq and friends evaluate their operands as arithmetic, and -v a subscript.
        for (const d of descendants(node)) {
            const op = d.childForFieldName('operator')?.text;
            if (op === undefined)
                continue;
            const operands = [d.childForFieldName('left'), d.childForFieldName('right'), ...(d.type === 'unary_expression' ? children(d).slice(1) : [])];
            const arithmetic = ARITHMETIC_TEST.has(op) && operands.some((o) => o && !/^-?\d+$/.test(o.text));
            if (arithmetic || op === '-v') {
                this.hazards.push(HAZARDS.testArithmetic(d.text));
            }
        }
    }
    /** Tracks `cd`: the shell may now be in the old folder (cd failed) or the new one. */
    changeFolder(args) {
        if (!this.cwds)
            return;
        let i = 0;
        while (i < args.length && /^-[LPe@]+$/.test(args[i] ?? ''))
            i++;
        if (args[i] === '--')
            i++;
        const target = args[i];
        if (target === undefined || args.length !== i + 1 || target === '' || target === '-' || /^[~+-]/.test(target)) {
            this.cwds = undefined;
            return;
        }
        const next = new Set(this.cwds);
        // Each cd can double the candidates; past a few dozen, give up knowing.
        if (next.size > MAX_FOLDERS) {
            this.cwds = undefined;
            return;
        }
        for (const cwd of this.cwds) {
            next.add((0,external_node_path_.resolve)(cwd, target)); // cd -L (the default) handles '..' by name
            const physical = physicalPath(cwd, target);
            if (physical === undefined) {
                this.cwds = undefined;
                return;
            }
            next.add(physical);
        }
        this.cwds = [...next];
    }
    /** A cd inside a loop or a function may run any number of times, in any order. */
    cdInRepeatedCode(root) {
        for (const command of root.descendantsOfType('command')) {
            if (!command)
                continue;
            const name = command.childForFieldName('name');
            const words = name ? toWords([name, ...fieldChildren(command, 'argument')]).map((w) => w.literal) : [];
            const effective = effectiveName(words);
            if (effective === undefined || !CD_COMMANDS.has(effective))
                continue;
            for (let p = command.parent; p; p = p.parent) {
                if (['for_statement', 'c_style_for_statement', 'while_statement', 'function_definition'].includes(p.type))
                    return true;
            }
        }
        return false;
    }
    fileRedirect(node) {
        const operator = children(node).find((child) => !child.isNamed && child.type !== 'file_descriptor')?.type ?? '';
        if (!OUTPUT_OPERATORS.has(operator))
            return;
        const target = toWords(fieldChildren(node, 'destination'))[0];
        if (!target)
            return; // >&- closes a descriptor
        if (operator === '>&' && target.literal !== undefined && /^(\d+-?|-)$/.test(target.literal))
            return; // 2>&1: a descriptor, not a file
        const unchecked = (why) => void this.hazards.push(HAZARDS.redirectUnchecked(node.text, target.source, why));
        if (target.literal === undefined)
            return unchecked('is only known when the command runs');
        // Unquoted glob characters or a leading ~ are expanded by bash.
        const expands = target.nodes.some((n) => n.type === 'word' && /[*?[]/.test(n.text)) || (target.nodes[0]?.type === 'word' && target.literal.startsWith('~'));
        if (expands)
            return unchecked('is expanded by the shell');
        const path = target.literal;
        if (HARMLESS_TARGETS.has(path))
            return;
        const cwds = (0,external_node_path_.isAbsolute)(path) ? ['/'] : this.cwds;
        if (!cwds)
            return unchecked('is relative to a folder that an earlier cd changed');
        for (const cwd of cwds) {
            const physical = physicalPath(cwd, path);
            if (physical === undefined)
                return unchecked('goes through a symbolic link that cannot be followed');
            const problem = this.placeOf((0,external_node_path_.resolve)(cwd, path)) ?? this.placeOf(physical);
            if (problem === 'git') {
                return void this.hazards.push(HAZARDS.redirectGit(node.text, path));
            }
            if (problem === 'outside') {
                return void this.hazards.push(HAZARDS.redirectOutside(node.text, path));
            }
        }
    }
    /** 'outside' or 'git' when writing `path` is not allowed; undefined when it is fine. */
    placeOf(path) {
        const root = this.roots.find((r) => (0,paths/* isInside */.FK)(path, r));
        if (root === undefined)
            return 'outside';
        return (0,paths/* touchesGit */.iU)((0,external_node_path_.relative)(root, path)) ? 'git' : undefined;
    }
    /**
     * Every `$(`, backtick, `<(` and `>(` in the text must be a substitution the
     * walk saw, or quoted, or escaped. Anything else means the parser read the
     * command differently from bash.
     */
    checkSubstitutionsSeen(root) {
        if (this.unparsed)
            return;
        const pattern = /\$\(|`|[<>]\(/g;
        for (const match of this.source.matchAll(pattern)) {
            const at = match.index;
            const leaf = root.descendantForIndex(at, at + 1);
            if (!leaf)
                continue;
            let covered = false;
            for (let n = leaf; n && !covered; n = n.parent) {
                covered = COVERING.has(n.type) || (n.type === 'heredoc_body' && quotedHeredoc(n));
            }
            if (covered)
                continue;
            const backslashes = /\\*$/.exec(this.source.slice(0, at))?.[0].length ?? 0;
            if (backslashes % 2 === 1)
                continue;
            // Plain characters in words and strings: `a>(b` is not a process substitution in bash either when quoted.
            if (match[0] !== '$(' && match[0] !== '`' && ['string_content', 'string', 'heredoc_content'].includes(leaf.type))
                continue;
            this.markUnparsed(leaf);
            return;
        }
    }
}
/**
 * Parses a Bash command and reports its simple commands and the constructs a
 * permission rule cannot see through. `where.cwd` (inside `where.root`) is
 * the folder the command starts in; redirect targets are resolved against it.
 */
async function analyzeShell(command, where, depth = 0) {
    const parser = await loadParser();
    const tree = parser.parse(command);
    if (!tree) {
        return { commands: [], hazards: [HAZARDS.unparsed(command)] };
    }
    let found;
    try {
        found = new Analysis(command, where).run(tree.rootNode);
    }
    catch (err) {
        // A stack overflow on absurd nesting must not let the command through.
        if (!(err instanceof RangeError))
            throw err;
        return { commands: [], hazards: [HAZARDS.tooDeep(command)] };
    }
    finally {
        tree.delete();
    }
    const { scripts, ...analysis } = found;
    // `sh -c "…"` runs shell source: its commands and hazards count as this command's own.
    for (const script of scripts) {
        if (depth >= 4) {
            analysis.hazards.push(HAZARDS.shellsTooDeep(script));
            break;
        }
        const inner = await analyzeShell(script, where, depth + 1);
        analysis.commands.push(...inner.commands);
        analysis.hazards.push(...inner.hazards);
    }
    return analysis;
}


/***/ })

};
