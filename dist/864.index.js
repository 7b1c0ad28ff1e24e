export const id = 864;
export const ids = [864];
export const modules = {

/***/ 46864:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  analyzeShell: () => (/* binding */ analyzeShell)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/safety/paths.ts
var paths = __webpack_require__(81238);
// EXTERNAL MODULE: ./src/policy/wrappers.ts
var wrappers = __webpack_require__(36520);
// EXTERNAL MODULE: ./src/policy/shell/words.ts
var shell_words = __webpack_require__(69002);
;// CONCATENATED MODULE: ./src/policy/shell/hazards.ts
// What a permission rule cannot see through, as a table: each entry is one
// construct — how the walk finds it, the kind the decision layer fails closed
// on, and the sentence the model gets, saying what to do instead.

const HAZARDS = {
    /** `$(…)` or backticks, outside another substitution. */
    commandSubstitution: (text) => ({
        kind: 'command_substitution',
        text,
        detail: `${(0,shell_words/* code */.aY)(text)} runs a command and pastes its output into this one, which a rule cannot check; run the inner command on its own first.`,
    }),
    /** `<(…)` or `>(…)`, outside another substitution. */
    processSubstitution: (text) => ({
        kind: 'process_substitution',
        text,
        detail: `${(0,shell_words/* code */.aY)(text)} runs a command whose output is read as a file, which a rule cannot check; run it on its own and write to a file inside the checkout instead.`,
    }),
    /** `eval`, `source` or `.` (through `builtin`/`command` too). */
    evalCommand: (text, name) => ({
        kind: 'eval',
        text,
        detail: `${(0,shell_words/* code */.aY)(name)} runs text as shell commands that the rules cannot check; run those commands directly instead.`,
    }),
    /** Arithmetic that reads a variable: `$((x))`, `((…))`, `${a[$i]}`, `${s:$n}`, a C-style for header. */
    arithmetic: (text) => ({
        kind: 'eval',
        text,
        detail: `Bash evaluates ${(0,shell_words/* code */.aY)(text)} as arithmetic, where a variable holding text like a[$(cmd)] would run cmd; use literal numbers, or run the commands without it.`,
    }),
    /** `${!x}` (not `${!prefix*}` or `${!a[@]}`) and `${x@P}`. */
    indirectExpansion: (text) => ({
        kind: 'eval',
        text,
        detail: `${(0,shell_words/* code */.aY)(text)} reads a variable's value as a name or as prompt text, where a hidden $(cmd) would run; refer to the variable directly.`,
    }),
    /** `-eq` and friends with a non-literal operand, or `-v`, inside `[[ ]]`. */
    testArithmetic: (text) => ({
        kind: 'eval',
        text,
        detail: `Inside [[ ]], ${(0,shell_words/* code */.aY)(text)} evaluates a variable's value as arithmetic or as a name, where a hidden a[$(cmd)] would run; compare with literal numbers or use [ ].`,
    }),
    /** `NAME=value cmd`: an assignment in front of a command. */
    envPrefix: (text, command) => ({
        kind: 'env_prefix',
        text,
        detail: `Variables set in front of ${(0,shell_words/* code */.aY)(command)} change how it runs (NODE_OPTIONS, PATH, GIT_*…); run the command without them.`,
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
        detail: `The command name ${(0,shell_words/* code */.aY)(name)} is only known when it runs, so no rule can be checked against it; write the name literally.`,
    }),
    /** An output target that is not literal, is expanded, is relative after an unknown cd, or goes through a link that cannot be followed. */
    redirectUnchecked: (text, target, why) => ({
        kind: 'redirect_outside',
        text,
        detail: `The output target ${(0,shell_words/* code */.aY)(target)} ${why}, so it cannot be checked to lie inside the checkout; write to a literal path inside it.`,
    }),
    /** An output target outside the checkout, symlinks followed. */
    redirectOutside: (text, path) => ({
        kind: 'redirect_outside',
        text,
        detail: `The output goes to ${(0,shell_words/* code */.aY)(path)}, which is outside the repository checkout; write inside it instead.`,
    }),
    /** An output target in a `.git` folder, in any spelling. */
    redirectGit: (text, path) => ({
        kind: 'redirect_git',
        text,
        detail: `The output goes into a .git folder (${(0,shell_words/* code */.aY)(path)}), which cannot be written; write elsewhere in the checkout.`,
    }),
    /** A syntax error, or a place where the grammar reads the text differently from bash. */
    unparsedNear: (text, near) => ({
        kind: 'unparsed',
        text,
        detail: `The command could not be parsed completely${near ? ` near ${(0,shell_words/* code */.aY)(near)}` : ''}; fix its syntax or split it into simpler commands.`,
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

// EXTERNAL MODULE: ./src/policy/shell/parser.ts
var shell_parser = __webpack_require__(29160);
// EXTERNAL MODULE: ./src/policy/shell/paths.ts
var shell_paths = __webpack_require__(29827);
// EXTERNAL MODULE: ./src/policy/shell/syntax.ts
var syntax = __webpack_require__(66456);
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
        this.roots = [...new Set([(0,external_node_path_.resolve)(where.root), (0,shell_paths/* realOrSelf */.e)(where.root)])];
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
                if ((0,syntax/* readsVariables */.$0)(node))
                    this.arithmetic(node);
                break;
            case 'compound_statement':
                if (node.child(0)?.type === '((' && (0,syntax/* readsVariables */.$0)(node))
                    this.arithmetic(node);
                break;
            case 'c_style_for_statement': {
                const parts = ['initializer', 'condition', 'update'].flatMap((field) => (0,syntax/* fieldChildren */.uQ)(node, field));
                const body = node.childForFieldName('body');
                const header = body ? node.text.slice(0, body.startIndex - node.startIndex).trim() : node.text;
                if (parts.some(syntax/* readsVariables */.$0))
                    this.arithmetic(node, header);
                break;
            }
            case 'expansion':
                this.expansion(node);
                break;
            case 'subscript':
                if (!(0,syntax/* isNumberOrAll */.wL)(node.childForFieldName('index')))
                    this.arithmetic(node);
                break;
            case 'ansi_c_string':
                if (!(0,syntax/* ansiCStringEndsWhereBashDoes */.OG)(node.text))
                    this.markUnparsed(node);
                break;
            case 'raw_string':
                if (!/^'[^']*'$/.test(node.text))
                    this.markUnparsed(node);
                break;
            case 'string_content':
                if ((0,syntax/* hasUnescapedQuote */.hl)(node.text))
                    this.markUnparsed(node);
                break;
            case 'heredoc_redirect':
                if (!(0,syntax/* heredocEndsWhereBashDoes */.dr)(node, this.source))
                    this.markUnparsed(node);
                break;
        }
        for (const child of (0,syntax/* children */.Y_)(node))
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
        for (const child of (0,syntax/* children */.Y_)(node))
            this.walk(child);
        this.substitutionDepth--;
    }
    arithmetic(node, text = node.text) {
        this.hazards.push(HAZARDS.arithmetic(text));
    }
    expansion(node) {
        const operators = (0,syntax/* fieldChildren */.uQ)(node, 'operator').map((op) => op.type);
        // ${!x} reads the variable named by x's value; ${!prefix*} and ${!a[@]} only list names.
        const indirect = node.child(1)?.type === '!' && !/^\$\{!\w+(\*|@|\[[@*]\])\}$/.test(node.text);
        const prompt = operators.some((op, i) => op === '@' && operators[i + 1] === 'P');
        // ${s:offset:length}: the offsets are arithmetic.
        const colon = (0,syntax/* children */.Y_)(node).findIndex((child) => child.type === ':');
        const substringReadsVariable = colon >= 0 && (0,syntax/* children */.Y_)(node).slice(colon + 1).some((child) => child.type !== ':' && (0,syntax/* readsVariables */.$0)(child));
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
        const taken = (0,syntax/* fieldChildren */.uQ)(node, 'redirect').flatMap(syntax/* redirectExtras */.Yk);
        if (taken.length === 0)
            return;
        const body = node.childForFieldName('body');
        const target = body && (0,syntax/* trailingCommand */.Qs)(body);
        if (!target) {
            this.markUnparsed(taken[0]);
            return;
        }
        this.extras.set(target.id, [...(this.extras.get(target.id) ?? []), ...taken]);
    }
    simpleCommand(node) {
        const assignments = (0,syntax/* children */.Y_)(node).filter((child) => child.type === 'variable_assignment');
        const inner = (0,syntax/* children */.Y_)(node).filter((child) => child.type === 'file_redirect' || child.type === 'heredoc_redirect').flatMap(syntax/* redirectExtras */.Yk);
        const nameNode = node.childForFieldName('name');
        let words = (0,shell_words/* toWords */.x4)([
            ...(nameNode ? [nameNode] : []),
            ...(0,syntax/* fieldChildren */.uQ)(node, 'argument'),
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
        while (words[0] && shell_words/* ASSIGNMENT_WORD */.VG.test(words[0].source)) {
            prefixed = true;
            words = words.slice(1);
        }
        const name = words[0];
        if (!name) {
            for (const assignment of assignments)
                this.bareAssignment(assignment, true);
            return;
        }
        const command = (0,shell_words/* commandOf */.Nl)(words);
        const runs = (0,wrappers/* innerCommands */.l)(words.map((w) => w.literal ?? w.source));
        if (runs.argvs.length > 0)
            command.alsoRuns = runs.argvs.map((argv) => argv.map(shell_words/* quoteForText */.Vs).join(' '));
        this.scripts.push(...runs.scripts);
        this.commands.push(command);
        if (prefixed) {
            this.hazards.push(HAZARDS.envPrefix(node.text, command.text));
        }
        if (name.literal === undefined || (0,syntax/* expandsAsName */.$r)(name)) {
            this.hazards.push(HAZARDS.dynamicCommand(node.text, name.source));
            return;
        }
        const argv = words.map((w) => w.literal);
        const effective = (0,syntax/* effectiveName */.Ze)(argv);
        if (effective !== undefined && syntax/* EVAL_COMMANDS */.qx.has(effective)) {
            this.hazards.push(HAZARDS.evalCommand(node.text, effective));
        }
        if (effective !== undefined && syntax/* CD_COMMANDS */.Rg.has(effective))
            this.changeFolder(argv.slice(argv.indexOf(effective) + 1));
    }
    builtinCommand(node) {
        const words = (0,shell_words/* toWords */.x4)([...(0,syntax/* children */.Y_)(node).filter((child) => child.type !== 'comment'), ...(this.extras.get(node.id) ?? [])]);
        if (words.length > 0)
            this.commands.push((0,shell_words/* commandOf */.Nl)(words));
    }
    testCommand(node) {
        const flat = (n) => ['binary_expression', 'unary_expression', 'parenthesized_expression'].includes(n.type) ? (0,syntax/* children */.Y_)(n).flatMap(flat) : [n];
        const parts = (0,syntax/* children */.Y_)(node).flatMap(flat);
        this.commands.push((0,shell_words/* commandOf */.Nl)((0,shell_words/* toWords */.x4)(parts)));
        if (node.child(0)?.type !== '[[')
            return;
        // Inside [[ ]], -eq and friends evaluate their operands as arithmetic, and -v a subscript.
        for (const d of (0,syntax/* descendants */.DG)(node)) {
            const op = d.childForFieldName('operator')?.text;
            if (op === undefined)
                continue;
            const operands = [d.childForFieldName('left'), d.childForFieldName('right'), ...(d.type === 'unary_expression' ? (0,syntax/* children */.Y_)(d).slice(1) : [])];
            const arithmetic = syntax/* ARITHMETIC_TEST */.Yc.has(op) && operands.some((o) => o && !/^-?\d+$/.test(o.text));
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
        if (next.size > syntax/* MAX_FOLDERS */.je) {
            this.cwds = undefined;
            return;
        }
        for (const cwd of this.cwds) {
            next.add((0,external_node_path_.resolve)(cwd, target)); // cd -L (the default) handles '..' by name
            const physical = (0,shell_paths/* physicalPath */.D)(cwd, target);
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
            const words = name ? (0,shell_words/* toWords */.x4)([name, ...(0,syntax/* fieldChildren */.uQ)(command, 'argument')]).map((w) => w.literal) : [];
            const effective = (0,syntax/* effectiveName */.Ze)(words);
            if (effective === undefined || !syntax/* CD_COMMANDS */.Rg.has(effective))
                continue;
            for (let p = command.parent; p; p = p.parent) {
                if (['for_statement', 'c_style_for_statement', 'while_statement', 'function_definition'].includes(p.type))
                    return true;
            }
        }
        return false;
    }
    fileRedirect(node) {
        const operator = (0,syntax/* children */.Y_)(node).find((child) => !child.isNamed && child.type !== 'file_descriptor')?.type ?? '';
        if (!syntax/* OUTPUT_OPERATORS */.mf.has(operator))
            return;
        const target = (0,shell_words/* toWords */.x4)((0,syntax/* fieldChildren */.uQ)(node, 'destination'))[0];
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
        if (syntax/* HARMLESS_TARGETS */.Py.has(path))
            return;
        const cwds = (0,external_node_path_.isAbsolute)(path) ? ['/'] : this.cwds;
        if (!cwds)
            return unchecked('is relative to a folder that an earlier cd changed');
        for (const cwd of cwds) {
            const physical = (0,shell_paths/* physicalPath */.D)(cwd, path);
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
                covered = syntax/* COVERING */.cj.has(n.type) || (n.type === 'heredoc_body' && (0,syntax/* quotedHeredoc */.dL)(n));
            }
            if (covered)
                continue;
            // The backslashes right before it, counted back from it (not by copying and scanning all the text before).
            let first = at;
            while (first > 0 && this.source[first - 1] === '\\')
                first--;
            const backslashes = at - first;
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
    const parser = await (0,shell_parser/* loadParser */.q)();
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
