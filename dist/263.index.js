export const id = 263;
export const ids = [263];
export const modules = {

/***/ 20263:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  startMcpServers: () => (/* binding */ startMcpServers)
});

// UNUSED EXPORTS: MCP_START_TIMEOUT_MS

// EXTERNAL MODULE: ./src/tools/tool.ts
var tools_tool = __webpack_require__(59601);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./src/safety/paths.ts
var safety_paths = __webpack_require__(81238);
;// CONCATENATED MODULE: ./src/mcp/command-changes.ts
// What of a pull request a stdio server's command line could run. The paths it
// names are followed the way the kernel follows them — a link at a time, a
// folder component included — so a link on the base branch cannot hand the
// pull request's code to a server: a link into a changed file counts as that
// file, and a link out of the checkout (whose target nothing here can check)
// counts as a change of its own.



/**
 * Programs that run the repository's own scripts from the working folder
 * (`npm run mcp` reads package.json, `make` the Makefile, `python -m` a module
 * of the checkout): such a command counts as naming the whole checkout.
 */
const RUNS_THE_CHECKOUT = new Set(['npm', 'npx', 'yarn', 'pnpm', 'bun', 'bunx', 'deno', 'make', 'just', 'task', 'uv', 'uvx', 'poetry', 'pipenv', 'hatch', 'cargo', 'go', 'bundle', 'rake', 'gradle', 'mvn', 'dotnet']);
/** The kernel's own limit on links in one path (ELOOP). */
const MAX_LINKS = 40;
const slashed = (root, path) => (0,external_node_path_.relative)(root, path).split(external_node_path_.sep).join('/');
/** Follows `path` (absolute, `..` not yet resolved) a component at a time, as the kernel would open it. */
function followLinks(root, path) {
    const rest = path.split(external_node_path_.sep).filter(Boolean);
    const links = [];
    let at = external_node_path_.sep;
    let lastLink;
    let linkOut;
    let exists = true;
    for (let hops = 0; rest.length > 0;) {
        const name = rest.shift();
        if (name === '.')
            continue;
        const next = name === '..' ? (0,external_node_path_.dirname)(at) : (0,external_node_path_.join)(at, name);
        let target;
        if (exists && name !== '..') {
            try {
                const stat = (0,external_node_fs_.lstatSync)(next);
                if (stat.isSymbolicLink())
                    target = (0,external_node_fs_.readlinkSync)(next);
            }
            catch {
                exists = false; // what is not there is no link: the rest is taken by name
            }
        }
        if (target === undefined) {
            at = next;
        }
        else {
            // A loop never opens: nothing of it runs.
            if (++hops > MAX_LINKS)
                return { real: undefined, links, ...(linkOut !== undefined ? { linkOut } : {}) };
            if ((0,safety_paths/* isInside */.FK)(next, root))
                links.push((lastLink = slashed(root, next)));
            rest.unshift(...target.split('/').filter(Boolean));
            if ((0,external_node_path_.isAbsolute)(target))
                at = external_node_path_.sep;
        }
        // Passing through the checkout's own parents (an absolute link back in) is not leaving it.
        if (lastLink !== undefined && !(0,safety_paths/* isInside */.FK)(at, root) && !(0,safety_paths/* isInside */.FK)(root, at))
            linkOut ??= lastLink;
    }
    if (lastLink !== undefined && !(0,safety_paths/* isInside */.FK)(at, root))
        linkOut ??= lastLink;
    return { real: at, links, ...(linkOut !== undefined ? { linkOut } : {}) };
}
/**
 * What of the files the pull request changed a stdio server's command line
 * could run: a changed file it names, or reaches through links; every changed
 * file under a folder it names (`node .`, `tools/mcp`); every changed file when
 * its program runs the repository's own scripts (`npm run mcp`, `python -m
 * tools.mcp`) — and, when the list of changes is not complete, anything it
 * names in the checkout. A link it goes through that leads out of the
 * checkout is in `linksOut`.
 */
function changesNamed(spec, root, changed) {
    const { paths, complete } = changed instanceof Set ? { paths: changed, complete: true } : changed;
    // Without a pull request there is nothing it could hand a server.
    if (paths.size === 0 && complete)
        return { files: [], linksOut: [] };
    const program = spec.command.split('/').pop() ?? spec.command;
    const pythonModule = /^python[0-9.]*$/.test(program) && spec.args.includes('-m');
    const words = ['.', ...[spec.command, ...spec.args].flatMap((word) => (word.startsWith('-') && word.includes('=') ? [word.slice(word.indexOf('=') + 1)] : [word]))];
    const files = new Set();
    const linksOut = new Set();
    const isLink = (word) => {
        try {
            return (0,external_node_fs_.lstatSync)((0,external_node_path_.join)(root, word)).isSymbolicLink();
        }
        catch {
            return false;
        }
    };
    words.forEach((word, i) => {
        // The working folder (the checkout) itself counts only for a program that runs the repository's scripts.
        if (i === 0 && !RUNS_THE_CHECKOUT.has(program) && !pythonModule)
            return;
        // A bare word is a program or a flag's value unless it is a changed file, a folder holding one, or a link of the checkout (or, with the list incomplete, any entry of the checkout).
        const bare = i > 0 && !word.includes('/') && word !== '.';
        if (word === '' || (bare && !paths.has(word) && ![...paths].some((file) => file.startsWith(`${word}/`)) && !isLink(word) && (complete || !(0,external_node_fs_.existsSync)((0,external_node_path_.join)(root, word)))))
            return;
        const absolute = (0,external_node_path_.isAbsolute)(word) ? word : (0,external_node_path_.resolve)(root, word);
        if (!(0,safety_paths/* isInside */.FK)(absolute, root))
            return;
        const followed = followLinks(root, (0,external_node_path_.isAbsolute)(word) ? word : `${root}${external_node_path_.sep}${word}`);
        if (followed.linkOut !== undefined)
            linksOut.add(followed.linkOut);
        const named = slashed(root, absolute);
        const real = followed.real !== undefined && (0,safety_paths/* isInside */.FK)(followed.real, root) ? slashed(root, followed.real) : undefined;
        const through = (file) => (followed.links.length > 0 && file !== named ? `${file} (through the link ${followed.links[0]})` : file);
        for (const link of followed.links)
            if (paths.has(link) || !complete)
                files.add(link);
        for (const path of real === undefined || real === named ? [named] : [named, real]) {
            if (!complete)
                files.add(through(path || '.'));
            for (const file of paths)
                if (path === '' || file === path || file.startsWith(`${path}/`))
                    files.add(through(file));
        }
    });
    return { files: [...files].sort(), linksOut: [...linksOut].sort() };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/safety/invisible.ts
var invisible = __webpack_require__(48833);
// EXTERNAL MODULE: ./src/truncate.ts
var truncate = __webpack_require__(6689);
;// CONCATENATED MODULE: ./src/mcp/tools.ts




/** What a server's tool name may be. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest tool name the Messages API takes. */
const API_TOOL_NAME_MAX = 128;
/** The most of a server's description of a tool kept: it is sent on every turn. */
const DESCRIPTION_MAX_CHARS = 2_000;
/** How long one call may take with no progress reported. */
const CALL_TIMEOUT_MS = 5 * 60_000;
/** The largest image passed on: the API's 5 MB limit counts the base64 text. */
const IMAGE_MAX_CHARS = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const mcpToolName = (server, tool) => `mcp__${server}__${tool}`;
/** A call's result as the model reads it. */
function mcpOutput(result) {
    const texts = [];
    const images = [];
    for (const block of (Array.isArray(result.content) ? result.content : [])) {
        if (block.type === 'text' && typeof block.text === 'string')
            texts.push(block.text);
        else if (block.type === 'image' && typeof block.data === 'string') {
            const type = String(block.mimeType ?? '');
            if (IMAGE_TYPES.has(type) && block.data.length <= IMAGE_MAX_CHARS) {
                images.push({ type: 'image', source: { type: 'base64', media_type: type, data: block.data } });
            }
            else {
                texts.push(`[An image (${type || 'of no type'}, ${block.data.length} base64 characters) is left out: only PNG, JPEG, GIF and WebP images up to 5 MB are shown.]`);
            }
        }
        else if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null) {
            const resource = block.resource;
            texts.push(typeof resource.text === 'string' ? `Resource ${String(resource.uri)}:\n${resource.text}` : `[A binary resource ${String(resource.uri)} (${String(resource.mimeType ?? 'no type')}) is left out.]`);
        }
        else if (block.type === 'resource_link') {
            texts.push(`Resource link: ${String(block.name ?? '')} ${String(block.uri ?? '')}`.trim());
        }
        else {
            texts.push(`[A ${block.type} block is left out: it cannot be shown.]`);
        }
    }
    if (texts.length === 0 && images.length === 0 && result.structuredContent !== undefined)
        texts.push(JSON.stringify(result.structuredContent, null, 2));
    const content = texts.join('\n\n') || (images.length > 0 ? '' : '(no output)');
    return { content, ...(images.length > 0 ? { images } : {}), ...(result.isError === true ? { isError: true } : {}) };
}
/** A key of the schema (a property's name) holds a secret: redacting it would change what the schema takes. */
class SecretKey extends Error {
}
/** `value` with hidden characters removed from every string and every secret redacted; throws SecretKey for a key holding one. */
function shownSchema(value, redact) {
    if (typeof value === 'string')
        return redact((0,invisible/* stripInvisible */._0)(value));
    if (Array.isArray(value))
        return value.map((item) => shownSchema(item, redact));
    if (typeof value !== 'object' || value === null)
        return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => {
        const visible = (0,invisible/* stripInvisible */._0)(key);
        if (redact(visible) !== visible)
            throw new SecretKey();
        return [key, shownSchema(item, redact)];
    }));
}
/** The tool, or why it is left out (a name the API would refuse or holding a secret, a schema that does not compile). */
function mcpTool(server, listed, deps) {
    if (!TOOL_NAME.test(listed.name))
        return { skip: 'its name is not 1 to 64 letters, digits, "_" or "-".' };
    if (deps.redact(listed.name) !== listed.name)
        return { skip: 'its name holds a secret.' };
    const name = mcpToolName(server, listed.name);
    if (name.length > API_TOOL_NAME_MAX)
        return { skip: `${name} is longer than the ${API_TOOL_NAME_MAX} characters a tool name may have.` };
    const { $schema: _schema, ...schema } = listed.inputSchema;
    let validate;
    try {
        // Input is checked against the schema as the server gave it; the model reads it redacted.
        validate = deps.validator.getValidator({ ...schema, type: 'object' });
    }
    catch (err) {
        return { skip: `its input schema is not valid JSON Schema (${err.message.split('\n')[0]}).` };
    }
    let inputJSONSchema;
    try {
        inputJSONSchema = { ...shownSchema(schema, deps.redact), type: 'object' };
    }
    catch (err) {
        if (err instanceof SecretKey)
            return { skip: 'a property name in its input schema holds a secret.' };
        throw err;
    }
    // Redacted before it is cut, so that no part of a secret is left at the cut.
    const description = (0,truncate/* clip */.$Q)(deps.redact((0,invisible/* stripInvisible */._0)(listed.description ?? '')).trim(), DESCRIPTION_MAX_CHARS) || `The ${listed.name} tool of the MCP server ${server}.`;
    return {
        tool: {
            name,
            description,
            inputSchema: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()),
            inputJSONSchema,
            // Nothing is known of what a server's tool does: it has no trait, so it runs alone and no sub-agent gets it.
            traits: {},
            isConcurrencySafe: () => false,
            target: () => ({}),
            validateInput: async (input) => {
                const checked = validate(input);
                return checked.valid ? { ok: true } : { ok: false, message: `InputValidationError: ${name} failed due to the following issue:\n${checked.errorMessage ?? 'the input does not match its schema'}` };
            },
            checkPermissions: async () => ({ behavior: 'allow' }),
            call: async (input, { signal }) => {
                const result = await deps.client.callTool({ name: listed.name, arguments: input }, undefined, { signal, timeout: CALL_TIMEOUT_MS, resetTimeoutOnProgress: true });
                // (A server of the protocol's 2024-10-07 version answers `toolResult` instead: shown as structured content.)
                const answer = result;
                return mcpOutput('content' in answer ? answer : { structuredContent: answer.toolResult });
            },
            mapResult: (output, toolUseId) => output.isError
                ? (0,tools_tool/* errorResult */.WG)(toolUseId, output.content)
                : { type: 'tool_result', tool_use_id: toolUseId, content: output.content, ...(output.images ? { images: output.images } : {}) },
        },
    };
}

;// CONCATENATED MODULE: ./src/mcp/client.ts



/** How long a server may take to start and list its tools. */
const MCP_START_TIMEOUT_MS = 30_000;
/** A promise that rejects after `ms` with `message`, and its timer. */
function deadline(ms, message) {
    let timer;
    const promise = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
        timer.unref();
    });
    return { promise, clear: () => clearTimeout(timer) };
}
const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
const listed = (items) => (items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', '));
async function startMcpServers(opts) {
    const names = Object.keys(opts.servers).filter((name) => {
        if (opts.mayStart(name))
            return true;
        opts.log(`MCP server ${name}: not started, since the policy allows none of its tools in this run.`);
        return false;
    });
    if (names.length === 0)
        return { tools: [], close: async () => undefined };
    // Loaded only when there is a server to start: the SDK is not on the start-up path.
    const [{ Client }, { StreamableHTTPClientTransport }, { AjvJsonSchemaValidator }, { SandboxedStdioTransport }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(463), __webpack_require__.e(330), __webpack_require__.e(244)]).then(__webpack_require__.bind(__webpack_require__, 3244)),
        Promise.all(/* import() */[__webpack_require__.e(330), __webpack_require__.e(931)]).then(__webpack_require__.bind(__webpack_require__, 42931)),
        Promise.all(/* import() */[__webpack_require__.e(463), __webpack_require__.e(400)]).then(__webpack_require__.bind(__webpack_require__, 69400)),
        Promise.all(/* import() */[__webpack_require__.e(330), __webpack_require__.e(493)]).then(__webpack_require__.bind(__webpack_require__, 47493)),
    ]);
    const validator = new AjvJsonSchemaValidator();
    const timeoutMs = opts.timeoutMs ?? MCP_START_TIMEOUT_MS;
    const clients = [];
    const stopped = new Promise((_, reject) => {
        const stop = () => reject(new Error('the run ended before it started'));
        if (opts.signal?.aborted)
            stop();
        else
            opts.signal?.addEventListener('abort', stop, { once: true });
    });
    stopped.catch(() => undefined);
    const transportFor = async (name, spec) => {
        if (spec.kind === 'http')
            return new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
        const { files, linksOut } = changesNamed(spec, opts.root, await opts.changedFiles());
        if (files.length > 0)
            return `is not started: its command could run ${listed(files)}, which the pull request changes, and a pull request may not change what a server runs.`;
        if (linksOut.length > 0) {
            const links = linksOut.length === 1 ? 'a symbolic link out of the checkout, whose target' : 'symbolic links out of the checkout, whose targets';
            return `is not started: its command goes through ${listed(linksOut)}, ${links} cannot be checked against the pull request.`;
        }
        const sandbox = await opts.sandbox();
        if (!sandbox)
            return 'is not started: a stdio server runs only inside the OS sandbox, and this run has none.';
        const env = { ...opts.childEnv, ...spec.env };
        // The checkout read-only unless the entry says writable; network only when both the entry and the workflow allow it.
        const launch = sandbox.wrap([spec.command, ...spec.args], { cwd: opts.root, env, server: { writable: spec.writable, network: spec.network } });
        return new SandboxedStdioTransport({ ...launch, cwd: opts.root });
    };
    const startOne = async (name) => {
        const spec = opts.servers[name];
        const limit = deadline(timeoutMs, `it did not start and list its tools within ${Number((timeoutMs / 1000).toFixed(1))} s`);
        let transport;
        let client;
        try {
            const listed = await Promise.race([
                (async () => {
                    transport = await transportFor(name, spec);
                    if (typeof transport === 'string')
                        return transport;
                    client = new Client({ name: 'deckhand', version: '1' }, { capabilities: {} });
                    clients.push(client);
                    await client.connect(transport);
                    const tools = [];
                    let cursor;
                    do {
                        const page = await client.listTools(cursor ? { cursor } : {});
                        tools.push(...page.tools);
                        cursor = page.nextCursor;
                    } while (cursor);
                    return tools;
                })(),
                limit.promise,
                stopped,
            ]);
            if (typeof listed === 'string') {
                opts.warn(`MCP server ${name} ${listed}`);
                return [];
            }
            const tools = listed.flatMap((tool) => {
                const made = mcpTool(name, tool, { client: client, validator, redact: opts.redact });
                if ('skip' in made) {
                    opts.warn(`MCP server ${name}: the tool ${JSON.stringify(tool.name).slice(0, 80)} is left out: ${made.skip}`);
                    return [];
                }
                return [(0,tools_tool/* sharedKind */.i3)(made.tool)];
            });
            opts.log(`MCP server ${name}: ${tools.length} tool${tools.length === 1 ? '' : 's'} (${spec.kind === 'stdio' ? 'stdio, in the sandbox' : 'Streamable HTTP'}).`);
            return tools;
        }
        catch (err) {
            const stderr = transport && typeof transport !== 'string' && 'stderrTail' in transport ? transport.stderrTail() : '';
            await client?.close().catch(() => undefined);
            // A transport made but never connected is stopped too.
            if (!client && transport && typeof transport !== 'string')
                await transport.close().catch(() => undefined);
            opts.warn(`MCP server ${name} could not be started: ${oneLine(err.message).replace(/\.$/, '')}${stderr ? ` (its stderr: ${oneLine(stderr).slice(-300)})` : ''}. Its tools are not offered.`);
            return [];
        }
        finally {
            limit.clear();
        }
    };
    const tools = (await Promise.all(names.map(startOne))).flat();
    return {
        tools,
        close: async () => {
            await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
        },
    };
}


/***/ })

};
