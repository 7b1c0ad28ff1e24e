// GitHub's GraphQL API, the part Deckhand uses (REST has no way to resolve a review
// thread): a pull request's review threads, node(id:), and resolveReviewThread /
// unresolveReviewThread; and a repository's git objects (object(expression:), ref()),
// which read whole folders of a branch in one request. Every document is parsed and validated against GitHub's
// published schema (@octokit/graphql-schema), then executed by graphql-js over the
// emulator's data, and answered the way api.github.com answers — HTTP 200 and:
//   - schema errors in graphql-ruby's words, which GitHub runs: "Field 'x' doesn't exist
//     on type 'Y'", extensions.code "undefinedField", path ["query", "repository", "x"];
//   - bad variables as "Variable $input of type … was provided invalid value for …";
//   - field errors with GitHub's `type` (NOT_FOUND, MISSING_PAGINATION_BOUNDARIES, …), and
//     null in `data` where they struck.
// A field the schema has but this file does not implement fails with an error naming it
// (type EMULATOR_NOT_IMPLEMENTED), never a silent null: add it here when Deckhand needs it.
//
// github.ts loads this module on the first GraphQL request, so REST-only tests never pay
// for graphql-js or the schema.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  assertValidSchema,
  buildSchema,
  executeSync,
  FieldsOnCorrectTypeRule,
  getNamedType,
  getOperationAST,
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isUnionType,
  KnownArgumentNamesRule,
  Kind,
  NoUndefinedVariablesRule,
  NoUnusedVariablesRule,
  parse,
  print,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  specifiedRules,
  typeFromAST,
  validate,
  ValuesOfCorrectTypeRule,
  valueFromAST,
  visit,
  type ArgumentNode,
  type ASTNode,
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type ObjectFieldNode,
  type ObjectValueNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import type { GitHubEmulator, Pull, RecordedGraphQL, ReviewComment, ReviewThread, User } from './github.js';

type Path = Array<string | number>;
type Json = Record<string, unknown>;

export interface GraphQLAnswer {
  /** The JSON body: `{ data, errors? }`, or `{ errors }` when the document never ran. */
  body: { data?: unknown; errors?: Json[] };
  record: RecordedGraphQL;
}

// ---- The schema: built once per module instance (per test file under vitest) ----

let cached: { schema: GraphQLSchema; buildMs: number } | undefined;

/** GitHub's published schema, and how long building it took (about 0.3 s). */
export function githubSchema(): { schema: GraphQLSchema; buildMs: number } {
  if (!cached) {
    const started = performance.now();
    // The published SDL defines EnterpriseOwnerInfo.repositoryDeployKeySetting(Organizations)
    // twice, which graphql-js's SDL check refuses; the type-system check below still runs.
    const schema = buildSchema(readFileSync(schemaFile(), 'utf8'), { assumeValidSDL: true });
    assertValidSchema(schema);
    cached = { schema, buildMs: performance.now() - started };
  }
  return cached;
}

/** The package only exports its JS entry, so look for the file the way Node looks for packages. */
function schemaFile(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', '@octokit', 'graphql-schema', 'schema.graphql');
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) throw new Error('GitHub emulator: @octokit/graphql-schema is not installed (npm ci)');
  }
}

// ---- A request ----

export function answerGraphQL(gh: GitHubEmulator, body: unknown): GraphQLAnswer {
  const request = (typeof body === 'object' && body !== null ? body : {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
  const operationName = typeof request.operationName === 'string' && request.operationName !== '' ? request.operationName : undefined;
  const variables = parseVariables(request.variables);
  const record: RecordedGraphQL = {
    query: typeof request.query === 'string' ? request.query : '',
    variables: variables ?? {},
    ...(operationName ? { operationName } : {}),
    errors: [],
  };
  const answer = (response: GraphQLAnswer['body']): GraphQLAnswer => {
    record.errors = (response.errors ?? []).map((e) => String(e.message));
    return { body: response, record };
  };

  if (typeof request.query !== 'string' || request.query.trim() === '') {
    return answer({ errors: [{ message: 'A query attribute must be specified and must be a string.' }] });
  }
  if (!variables) {
    return answer({ errors: [{ message: `The GitHub emulator takes \`variables\` as a JSON object (or a string of one), not ${JSON.stringify(request.variables)}.` }] });
  }
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return answer({ errors: [{ message: error.message, locations: error.locations ?? [] }] });
  }

  const operation = getOperationAST(document, operationName);
  if (operation) {
    record.operation = operation.operation;
    if (!record.operationName && operation.name) record.operationName = operation.name.value;
  }

  const { schema } = githubSchema();
  const paths = staticPaths(document);
  const invalid = validate(schema, document, validationRules(paths));
  if (invalid.length > 0) return answer({ errors: invalid.map((e) => validationJson(e, paths)) });
  const problems = operation ? variableErrors(schema, operation, variables) : [];
  if (problems.length > 0) return answer({ errors: problems });
  const objects = new Objects(gh);
  const result = executeSync({
    schema,
    document,
    rootValue: operation?.operation === 'mutation' ? objects.mutation() : objects.query(),
    variableValues: variables,
    ...(operationName ? { operationName } : {}),
    fieldResolver,
  });
  const errors = (result.errors ?? []).map((error) => {
    const original = error.originalError;
    if (original && !(original instanceof GraphQLError)) {
      gh.internalErrors.push(original);
      return { path: error.path, locations: error.locations, message: `GitHub emulator error: ${original.message}` };
    }
    return executionJson(error);
  });
  return answer({ ...('data' in result ? { data: result.data } : {}), ...(errors.length > 0 ? { errors } : {}) });
}

function parseVariables(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      return parseVariables(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

// ---- Validation, in graphql-ruby's words ----

/**
 * Where each node sits, as graphql-ruby writes an error's path: "query Name" (or "query"),
 * fields by alias, arguments and input fields by name, "... on Type", "fragment Name".
 */
function staticPaths(document: DocumentNode): Map<ASTNode, Path> {
  const paths = new Map<ASTNode, Path>();
  const stack: Path = [];
  const pushed: boolean[] = [];
  visit(document, {
    enter(node, key) {
      const segment = pathSegment(node, key);
      pushed.push(segment !== undefined);
      if (segment !== undefined) stack.push(segment);
      paths.set(node, [...stack]);
    },
    leave() {
      if (pushed.pop()) stack.pop();
    },
  });
  return paths;
}

function pathSegment(node: ASTNode, key: string | number | undefined): string | number | undefined {
  switch (node.kind) {
    case Kind.OPERATION_DEFINITION:
      return node.name ? `${node.operation} ${node.name.value}` : node.operation;
    case Kind.FRAGMENT_DEFINITION:
      return `fragment ${node.name.value}`;
    case Kind.INLINE_FRAGMENT:
      return node.typeCondition ? `... on ${node.typeCondition.name.value}` : '...';
    case Kind.FRAGMENT_SPREAD:
      return `... ${node.name.value}`;
    case Kind.FIELD:
      return node.alias?.value ?? node.name.value;
    case Kind.ARGUMENT:
    case Kind.OBJECT_FIELD:
      return node.name.value;
    case Kind.OBJECT:
      // An input object in a list is named by its index.
      return typeof key === 'number' ? key : undefined;
    default:
      return undefined;
  }
}

/** graphql-js's rules, with the ones a caller meets most often replaced by graphql-ruby's wording and codes. */
function validationRules(paths: Map<ASTNode, Path>): ValidationRule[] {
  const replaced = new Set<ValidationRule>([
    FieldsOnCorrectTypeRule,
    ScalarLeafsRule,
    KnownArgumentNamesRule,
    ProvidedRequiredArgumentsRule,
    ValuesOfCorrectTypeRule,
    NoUndefinedVariablesRule,
    NoUnusedVariablesRule,
  ]);
  const at = (node: ASTNode, more: Path = []): Path => [...(paths.get(node) ?? []), ...more];
  const error = (message: string, nodes: ASTNode[], path: Path, extensions: Json) => new GraphQLError(message, { nodes, path, extensions });
  const missingArguments = (context: ValidationContext, node: FieldNode | DirectiveNode, args: ReadonlyArray<{ name: string; type: GraphQLInputType; defaultValue: unknown }>) => {
    const given = new Set((node.arguments ?? []).map((a) => a.name.value));
    const missing = args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined && !given.has(a.name)).map((a) => a.name);
    if (missing.length === 0) return;
    const className = node.kind === Kind.FIELD ? 'Field' : 'Directive';
    context.reportError(
      error(`${className} '${node.name.value}' is missing required arguments: ${missing.join(', ')}`, [node], at(node), {
        code: 'missingRequiredArguments',
        className,
        name: node.name.value,
        arguments: missing.join(', '),
      }),
    );
  };

  const fields: ValidationRule = (context) => ({
    Field(node) {
      const parent = context.getParentType();
      if (!parent) return false; // under an unknown field or type, reported there
      const definition = context.getFieldDef();
      if (!definition) {
        context.reportError(
          isUnionType(parent)
            ? error(`Selections can't be made directly on unions (see selections on ${parent.name})`, [node], at(node), { code: 'selectionMismatch', nodeName: parent.name })
            : error(`Field '${node.name.value}' doesn't exist on type '${parent.name}'`, [node], at(node), { code: 'undefinedField', typeName: parent.name, fieldName: node.name.value }),
        );
        return false;
      }
      missingArguments(context, node, definition.args);
      const type = getNamedType(definition.type);
      const nodeName = `field '${node.name.value}'`;
      if (isLeafType(type) && node.selectionSet) {
        const selections = node.selectionSet.selections.map((s) =>
          s.kind === Kind.INLINE_FRAGMENT ? `"... on ${s.typeCondition?.name.value ?? ''} { ... }"` : `"${s.name.value}"`,
        );
        context.reportError(
          error(`Selections can't be made on ${isEnumType(type) ? 'enums' : 'scalars'} (${nodeName} returns ${type.name} but has selections [${selections.join(', ')}])`, [node], at(node), {
            code: 'selectionMismatch',
            nodeName,
            typeName: type.name,
          }),
        );
      } else if (!isLeafType(type) && !node.selectionSet) {
        context.reportError(
          error(`Field must have selections (${nodeName} returns ${type.name} but has no selections. Did you mean '${node.name.value} { ... }'?)`, [node], at(node), {
            code: 'selectionMismatch',
            nodeName,
            typeName: type.name,
          }),
        );
      }
      return undefined;
    },
    Directive(node) {
      const definition = context.getDirective();
      if (definition) missingArguments(context, node, definition.args);
    },
  });

  const argumentValues: ValidationRule = (context) => ({
    Argument(node, _key, _parent, _path, ancestors) {
      const owner = ancestors.at(-1) as FieldNode | DirectiveNode;
      const ownerDefinition = owner.kind === Kind.DIRECTIVE ? context.getDirective() : context.getFieldDef();
      if (!ownerDefinition) return false;
      const kind = owner.kind === Kind.DIRECTIVE ? 'Directive' : 'Field';
      const ownerName = owner.kind === Kind.FIELD ? (owner.alias?.value ?? owner.name.value) : owner.name.value;
      const definition = context.getArgument();
      if (!definition) {
        context.reportError(
          error(`${kind} '${ownerName}' doesn't accept argument '${node.name.value}'`, [node], at(node), {
            code: 'argumentNotAccepted',
            name: ownerName,
            typeName: kind,
            argumentName: node.name.value,
          }),
        );
        return false;
      }
      for (const problem of literalErrors(node, definition.type, { kind, name: ownerName, node: owner })) context.reportError(problem);
      return false;
    },
    VariableDefinition(node) {
      const type = typeFromAST(context.getSchema(), node.type) as GraphQLInputType | undefined;
      if (!type || !node.defaultValue || literalFits(node.defaultValue, type)) return;
      const name = node.variable.name.value;
      context.reportError(
        error(`Default value for $${name} doesn't match type ${print(node.type)}`, [node], at(node), { code: 'defaultValueInvalidType', variableName: name, typeName: print(node.type) }),
      );
    },
  });

  /**
   * Input objects first (unknown fields, missing required ones, each field's value), and
   * only when those are fine the value as a whole: graphql-ruby names the innermost problem.
   */
  const literalErrors = (arg: ArgumentNode | ObjectFieldNode, type: GraphQLInputType, owner: { kind: string; name: string; node: ASTNode }): GraphQLError[] => {
    const value = arg.value;
    if (value.kind === Kind.VARIABLE) return [];
    const named = getNamedType(type);
    const problems: GraphQLError[] = [];
    if (isInputObjectType(named)) {
      const objects: ObjectValueNode[] = value.kind === Kind.OBJECT ? [value] : value.kind === Kind.LIST ? value.values.filter((v): v is ObjectValueNode => v.kind === Kind.OBJECT) : [];
      const definitions = named.getFields();
      for (const object of objects) {
        for (const field of object.fields) {
          const definition = definitions[field.name.value];
          if (definition) {
            problems.push(...literalErrors(field, definition.type, { kind: 'InputObject', name: named.name, node: object }));
          } else {
            problems.push(
              error(`InputObject '${named.name}' doesn't accept argument '${field.name.value}'`, [field], at(field), {
                code: 'argumentNotAccepted',
                name: named.name,
                typeName: 'InputObject',
                argumentName: field.name.value,
              }),
            );
          }
        }
        const present = new Set(object.fields.map((f) => f.name.value));
        for (const definition of Object.values(definitions)) {
          if (!isNonNullType(definition.type) || definition.defaultValue !== undefined || present.has(definition.name)) continue;
          problems.push(
            error(`Argument '${definition.name}' on InputObject '${named.name}' is required. Expected type ${String(definition.type)}`, [object], at(object, [definition.name]), {
              code: 'missingRequiredInputObjectAttribute',
              argumentName: definition.name,
              argumentType: String(definition.type),
              inputObjectType: named.name,
            }),
          );
        }
      }
    }
    if (problems.length > 0 || literalFits(value, type)) return problems;
    return [
      error(`Argument '${arg.name.value}' on ${owner.kind} '${owner.name}' has an invalid value (${print(value)}). Expected type '${String(type)}'.`, [owner.node], at(arg), {
        code: 'argumentLiteralsIncompatible',
        typeName: owner.kind,
        argumentName: arg.name.value,
      }),
    ];
  };

  const variablesUsed: ValidationRule = (context) => ({
    OperationDefinition: {
      leave(operation) {
        const label = operation.name ? operation.name.value : `anonymous ${operation.operation}`;
        const declared = new Set((operation.variableDefinitions ?? []).map((d) => d.variable.name.value));
        const usages = context.getRecursiveVariableUsages(operation).map((u) => u.node);
        const used = new Set(usages.map((u) => u.name.value));
        for (const name of declared) {
          if (!used.has(name)) {
            context.reportError(error(`Variable $${name} is declared by ${label} but not used`, [operation], at(operation), { code: 'variableNotUsed', variableName: name }));
          }
        }
        const reported = new Set<string>();
        for (const usage of usages) {
          const name = usage.name.value;
          if (declared.has(name) || reported.has(name)) continue;
          reported.add(name);
          context.reportError(error(`Variable $${name} is used by ${label} but not declared`, [usage], at(usage), { code: 'variableNotDefined', variableName: name }));
        }
      },
    },
  });

  return [...specifiedRules.filter((rule) => !replaced.has(rule)), fields, argumentValues, variablesUsed];
}

/** Whether a literal (variables inside it aside: their use is checked on its own) is a value of the type. */
function literalFits(value: ValueNode, type: GraphQLInputType): boolean {
  if (value.kind === Kind.VARIABLE) return true;
  if (isNonNullType(type)) return value.kind !== Kind.NULL && literalFits(value, type.ofType);
  if (value.kind === Kind.NULL) return true;
  if (isListType(type)) return value.kind === Kind.LIST ? value.values.every((v) => literalFits(v, type.ofType)) : literalFits(value, type.ofType);
  if (isInputObjectType(type)) {
    if (value.kind !== Kind.OBJECT) return false;
    const definitions = type.getFields();
    return (
      value.fields.every((f) => definitions[f.name.value] !== undefined && literalFits(f.value, definitions[f.name.value]!.type)) &&
      Object.values(definitions).every((d) => !isNonNullType(d.type) || d.defaultValue !== undefined || value.fields.some((f) => f.name.value === d.name))
    );
  }
  return valueFromAST(value, type) !== undefined;
}

/** A validation error as GitHub shows it: message, locations, path, extensions. */
function validationJson(error: GraphQLError, paths: Map<ASTNode, Path>): Json {
  const node = error.nodes?.[0];
  const path = error.path ?? (node ? paths.get(node) : undefined);
  const extensions = Object.keys(error.extensions).length > 0 ? error.extensions : undefined;
  return { message: error.message, locations: error.locations ?? [], ...(path ? { path } : {}), ...(extensions ? { extensions } : {}) };
}

interface Problem {
  path: Path;
  explanation: string;
}

/** graphql-ruby's check of the variables sent: one error per variable, its problems listed. */
function variableErrors(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>): Json[] {
  const errors: Json[] = [];
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) continue;
    const given = variables[name] !== undefined;
    const value = given ? variables[name] : null;
    const problems = given ? inputProblems(value, type, []) : definition.defaultValue || !isNonNullType(type) ? [] : [{ path: [], explanation: 'Expected value to not be null' }];
    if (problems.length === 0) continue;
    const located = problems.filter((p) => p.path.length > 0).map((p) => `${p.path.join('.')} (${p.explanation})`);
    errors.push({
      message: `Variable $${name} of type ${print(definition.type)} was provided invalid value${located.length > 0 ? ` for ${located.join(', ')}` : ''}`,
      locations: new GraphQLError('', { nodes: [definition] }).locations ?? [],
      extensions: { value, problems },
    });
  }
  return errors;
}

function inputProblems(value: unknown, type: GraphQLInputType, path: Path): Problem[] {
  if (isNonNullType(type)) return value === null || value === undefined ? [{ path, explanation: 'Expected value to not be null' }] : inputProblems(value, type.ofType, path);
  if (value === null || value === undefined) return [];
  if (isListType(type)) return Array.isArray(value) ? value.flatMap((item, i) => inputProblems(item, type.ofType, [...path, i])) : inputProblems(value, type.ofType, path);
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return [{ path, explanation: `Expected ${JSON.stringify(value)} to be a key-value object.` }];
    const object = value as Record<string, unknown>;
    const definitions = type.getFields();
    return [
      ...Object.keys(object)
        .filter((key) => !definitions[key])
        .map((key) => ({ path: [...path, key], explanation: `Field is not defined on ${type.name}` })),
      ...Object.values(definitions).flatMap((d) => (object[d.name] === undefined && d.defaultValue !== undefined ? [] : inputProblems(object[d.name], d.type, [...path, d.name]))),
    ];
  }
  if (isEnumType(type)) {
    if (typeof value === 'string' && type.getValue(value)) return [];
    return [{ path, explanation: `Expected ${JSON.stringify(value)} to be one of: ${type.getValues().map((v) => v.name).join(', ')}` }];
  }
  try {
    type.parseValue(value);
    return [];
  } catch {
    return [{ path, explanation: `Could not coerce value ${JSON.stringify(value)} to ${type.name}` }];
  }
}

// ---- Execution over the emulator's data ----

type Resolve = (args: Record<string, any>, info: GraphQLResolveInfo) => unknown;

/** An object of the schema: its type, and the fields the emulator implements (values, or functions of the arguments). */
class Emulated {
  constructor(
    readonly __typename: string,
    readonly fields: Record<string, unknown>,
  ) {}
}

/** Every field goes through here: implemented or an error naming it. */
const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, _context, info) => {
  const owner = `${info.parentType.name}.${info.fieldName}`;
  if (!(source instanceof Emulated)) throw new Error(`${owner} was asked of something that is not an emulated object`);
  if (!Object.hasOwn(source.fields, info.fieldName)) {
    throw fieldError('EMULATOR_NOT_IMPLEMENTED', `The GitHub emulator does not implement ${owner}; add it to test/emulators/github-graphql.ts or leave it out of the query.`);
  }
  const field = source.fields[info.fieldName];
  return typeof field === 'function' ? (field as Resolve)(args, info) : field;
};

function fieldError(type: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type } });
}

function notFound(message: string): GraphQLError {
  return fieldError('NOT_FOUND', message);
}

/** An execution error as GitHub shows it: its `type` at the top, then path, locations, message. */
function executionJson(error: GraphQLError): Json {
  const { type, ...extensions } = error.extensions as { type?: string };
  return {
    ...(type ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
    ...(Object.keys(extensions).length > 0 ? { extensions } : {}),
  };
}

const PAGE_LIMIT = 100;

interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  skip?: number | null;
}

/** The emulator's objects as the schema's types. */
class Objects {
  constructor(private readonly gh: GitHubEmulator) {}

  query(): Emulated {
    return new Emulated('Query', {
      repository: ({ owner, name }: { owner: string; name: string }) => {
        if (owner.toLowerCase() !== this.gh.owner.toLowerCase() || name.toLowerCase() !== this.gh.repo.toLowerCase()) {
          throw notFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
        }
        return this.repository();
      },
      node: ({ id }: { id: string }) => this.node(id) ?? throwError(notFound(`Could not resolve to a node with the global id of '${id}'.`)),
      // A missing one is null in the list, with its error at ["nodes", i].
      nodes: ({ ids }: { ids: string[] }) => ids.map((id) => this.node(id) ?? notFound(`Could not resolve to a node with the global id of '${id}'.`)),
    });
  }

  mutation(): Emulated {
    const thread = (threadId: string): ReviewThread => {
      const found = this.gh.reviewThreads().find((t) => t.id === threadId);
      if (!found) throw notFound(`Could not resolve to a node with the global id of '${threadId}'.`);
      return found;
    };
    type Input = { input: { threadId: string; clientMutationId?: string | null } };
    return new Emulated('Mutation', {
      resolveReviewThread: ({ input }: Input) => {
        const found = thread(input.threadId);
        const resolved = found.isResolved ? found : this.gh.resolveThread(found.root.id);
        return new Emulated('ResolveReviewThreadPayload', { clientMutationId: input.clientMutationId ?? null, thread: this.thread(resolved) });
      },
      unresolveReviewThread: ({ input }: Input) => {
        const found = thread(input.threadId);
        return new Emulated('UnresolveReviewThreadPayload', { clientMutationId: input.clientMutationId ?? null, thread: this.thread(this.gh.unresolveThread(found.root.id)) });
      },
    });
  }

  private node(id: string): Emulated | undefined {
    const thread = this.gh.reviewThreads().find((t) => t.id === id);
    if (thread) return this.thread(thread);
    const comment = this.gh.reviewComments.find((c) => c.node_id === id);
    if (comment) return this.comment(comment);
    const pull = this.gh.pulls.find((p) => p.node_id === id);
    if (pull) return this.pull(pull);
    if (this.gh.repository().node_id === id) return this.repository();
    return undefined;
  }

  private repository(): Emulated {
    const repo = this.gh.repository();
    return new Emulated('Repository', {
      id: repo.node_id,
      databaseId: repo.id,
      name: repo.name,
      nameWithOwner: repo.full_name,
      owner: this.actor(repo.owner),
      url: repo.html_url,
      isPrivate: repo.private,
      isFork: repo.fork,
      isArchived: repo.archived,
      pullRequest: ({ number }: { number: number }) => {
        const pull = this.gh.pulls.find((p) => p.number === number);
        if (!pull) throw notFound(`Could not resolve to a PullRequest with the number of ${number}.`);
        return this.pull(pull);
      },
      // "rev" is the commit, "rev:" its root tree, "rev:path" the tree or blob there; none is null, as on GitHub.
      object: ({ expression, oid }: { expression?: string | null; oid?: string | null }) => this.gitObject(expression ?? oid ?? ''),
      ref: ({ qualifiedName }: { qualifiedName: string }) => {
        const name = qualifiedName.startsWith('refs/') ? qualifiedName : `refs/heads/${qualifiedName}`;
        const sha = this.refsNow().get(name);
        if (!sha) return null;
        const prefix = name.replace(/[^/]+$/, '');
        return new Emulated('Ref', { id: `REF_${Buffer.from(name).toString('base64')}`, name: name.slice(prefix.length), prefix, target: () => this.commit(sha) });
      },
    });
  }

  // One request sees one state of the repository, read with as few git processes as it can (each blocks
  // the emulator, and with it every other request in flight): the refs once, a commit's whole tree once.
  private refsSnapshot?: Map<string, string>;
  private readonly trees = new Map<string, Map<string, { type: string; sha: string }>>();

  private refsNow(): Map<string, string> {
    return (this.refsSnapshot ??= this.gh.git.refs('refs/'));
  }

  /** Every path of a commit's tree (folders too), listed once. */
  private pathsOf(commit: string): Map<string, { type: string; sha: string }> {
    let paths = this.trees.get(commit);
    if (!paths) {
      paths = new Map(this.gh.git.text(['ls-tree', '-r', '-t', '-z', commit]).split('\0').filter(Boolean).map((line) => {
        const tab = line.indexOf('\t');
        const [, type, sha] = line.slice(0, tab).split(' ');
        return [line.slice(tab + 1), { type: type!, sha: sha! }] as const;
      }));
      this.trees.set(commit, paths);
    }
    return paths;
  }

  private gitObject(expression: string): Emulated | null {
    const colon = expression.indexOf(':');
    const rev = colon < 0 ? expression : expression.slice(0, colon);
    const git = this.gh.git;
    const named = rev.startsWith('refs/') ? this.refsNow().get(rev) : (this.refsNow().get(`refs/heads/${rev}`) ?? this.refsNow().get(`refs/tags/${rev}`));
    const commit = named ?? (/^[0-9a-f]{40}$/.test(rev) ? git.resolve(rev) : undefined);
    if (!commit) return null;
    if (colon < 0) return this.commit(commit);
    const path = expression.slice(colon + 1).replace(/^\/+|\/+$/g, '');
    if (path === '') return this.tree(git.resolve(commit, 'tree')!, '');
    const entry = this.pathsOf(commit).get(path);
    if (!entry) return null;
    return entry.type === 'tree' ? this.tree(entry.sha, path) : entry.type === 'blob' ? this.blob(entry.sha) : null;
  }

  private commit(sha: string): Emulated {
    const [info] = this.gh.git.readCommits([sha]);
    return new Emulated('Commit', {
      id: `C_${sha}`,
      oid: sha,
      abbreviatedOid: sha.slice(0, 7),
      message: info!.message,
      messageHeadline: info!.message.split('\n')[0],
      committedDate: info!.committer.date,
      authoredDate: info!.author.date,
      tree: () => this.tree(info!.tree, ''),
    });
  }

  /** Blobs read ahead, a tree's at once: a request over a folder of many files spawns one git, not one per file. */
  private readonly blobs = new Map<string, Buffer>();

  /** A tree; `path` is where it sits in the commit's tree ('' at the root), which its entries' paths start with. */
  private tree(sha: string, path: string): Emulated {
    return new Emulated('Tree', {
      id: `T_${sha}`,
      oid: sha,
      abbreviatedOid: sha.slice(0, 7),
      entries: () => {
        const entries = this.gh.git.lsTree(sha);
        for (const [blob, content] of this.gh.git.readBlobs(entries.filter((e) => e.type === 'blob' && !this.blobs.has(e.sha)).map((e) => e.sha))) this.blobs.set(blob, content);
        return entries.map((e) => {
          const full = path ? `${path}/${e.path}` : e.path;
          return new Emulated('TreeEntry', {
            name: e.path,
            path: full,
            type: e.type,
            mode: parseInt(e.mode, 8),
            oid: e.sha,
            size: e.size ?? 0,
            extension: /\.[^./]+$/.exec(e.path)?.[0] ?? null,
            object: () => (e.type === 'tree' ? this.tree(e.sha, full) : e.type === 'blob' ? this.blob(e.sha) : null),
          });
        });
      },
    });
  }

  private blob(sha: string): Emulated {
    const content = this.blobs.get(sha) ?? this.gh.git.readBlob(sha);
    const binary = content.includes(0);
    return new Emulated('Blob', {
      id: `B_${sha}`,
      oid: sha,
      abbreviatedOid: sha.slice(0, 7),
      byteSize: content.length,
      isBinary: binary,
      isTruncated: false,
      text: binary ? null : content.toString('utf8'),
    });
  }

  private pull(pull: Pull): Emulated {
    return new Emulated('PullRequest', {
      id: pull.node_id,
      databaseId: pull.id,
      number: pull.number,
      title: pull.title,
      body: pull.body ?? '',
      url: pull.html_url,
      state: pull.merged ? 'MERGED' : pull.state.toUpperCase(),
      closed: pull.state === 'closed',
      merged: pull.merged,
      isDraft: pull.draft,
      author: this.actor(pull.user),
      createdAt: pull.created_at,
      updatedAt: pull.updated_at,
      headRefName: pull.head.ref,
      headRefOid: pull.head.sha,
      baseRefName: pull.base.ref,
      baseRefOid: pull.base.sha,
      repository: () => this.repository(),
      reviewThreads: (args: PageArgs, info: GraphQLResolveInfo) =>
        connection('PullRequestReviewThread', this.gh.reviewThreads(pull.number), (t) => t.root.id, (t) => this.thread(t), args, info),
    });
  }

  private thread(thread: ReviewThread): Emulated {
    const { root } = thread;
    return new Emulated('PullRequestReviewThread', {
      id: thread.id,
      isResolved: thread.isResolved,
      isCollapsed: thread.isResolved,
      resolvedBy: thread.resolvedBy && this.actor(thread.resolvedBy),
      isOutdated: root.line === null || root.line === undefined,
      path: root.path,
      line: root.line ?? null,
      originalLine: root.original_line,
      startLine: root.start_line,
      originalStartLine: root.original_start_line,
      diffSide: root.side,
      startDiffSide: root.start_side,
      subjectType: root.subject_type.toUpperCase(),
      viewerCanReply: true,
      viewerCanResolve: !thread.isResolved,
      viewerCanUnresolve: thread.isResolved,
      pullRequest: () => this.pullOf(root),
      repository: () => this.repository(),
      comments: (args: PageArgs, info: GraphQLResolveInfo) => connection('PullRequestReviewComment', thread.comments, (c) => c.id, (c) => this.comment(c), args, info),
    });
  }

  private comment(comment: ReviewComment): Emulated {
    const review = this.gh.reviews.find((r) => r.id === comment.pull_request_review_id);
    const replyTo = comment.in_reply_to_id === undefined ? undefined : this.gh.reviewComments.find((c) => c.id === comment.in_reply_to_id);
    return new Emulated('PullRequestReviewComment', {
      id: comment.node_id,
      databaseId: comment.id,
      fullDatabaseId: String(comment.id),
      body: comment.body,
      bodyText: comment.body,
      url: comment.html_url,
      author: this.actor(comment.user),
      authorAssociation: comment.author_association,
      viewerDidAuthor: comment.user?.login === this.gh.tokenUser.login,
      createdAt: comment.created_at,
      publishedAt: review?.state === 'PENDING' ? null : comment.created_at,
      updatedAt: comment.updated_at,
      lastEditedAt: comment.updated_at === comment.created_at ? null : comment.updated_at,
      path: comment.path,
      line: comment.line ?? null,
      originalLine: comment.original_line,
      startLine: comment.start_line,
      originalStartLine: comment.original_start_line,
      position: comment.position,
      originalPosition: comment.original_position,
      diffHunk: comment.diff_hunk,
      outdated: comment.line === null || comment.line === undefined,
      state: review?.state === 'PENDING' ? 'PENDING' : 'SUBMITTED',
      subjectType: comment.subject_type.toUpperCase(),
      isMinimized: false,
      minimizedReason: null,
      replyTo: () => (replyTo ? this.comment(replyTo) : null),
      pullRequest: () => this.pullOf(comment),
      repository: () => this.repository(),
    });
  }

  private pullOf(comment: ReviewComment): Emulated {
    const pull = this.gh.pulls.find((p) => p.url === comment.pull_request_url);
    if (!pull) throw new Error(`review comment ${comment.id} is on no pull request the emulator has`);
    return this.pull(pull);
  }

  /** A user, bot or organization (Actor, RepositoryOwner); a deleted account is null, as on GitHub. */
  private actor(user: User | null): Emulated | null {
    if (!user) return null;
    return new Emulated(user.type, {
      login: user.login,
      id: user.node_id,
      databaseId: user.id,
      url: user.html_url,
      resourcePath: new URL(user.html_url).pathname,
      avatarUrl: ({ size }: { size?: number | null }) => (size ? `${user.avatar_url}&s=${size}` : user.avatar_url),
    });
  }
}

function throwError(error: Error): never {
  throw error;
}

/**
 * A connection as GitHub pages one: `first` or `last` (at most 100) whenever nodes or edges
 * are asked for, `after`/`before` cursors, totalCount over all items.
 */
function connection<T>(typeName: string, items: T[], key: (item: T) => number, node: (item: T) => Emulated, args: PageArgs, info: GraphQLResolveInfo): Emulated {
  const field = info.fieldName;
  const { first, last, after, before, skip } = args;
  if (first !== undefined && first !== null && last !== undefined && last !== null) {
    throw fieldError('INVALID_PAGINATION', `Passing both \`first\` and \`last\` to paginate the \`${field}\` connection is not supported.`);
  }
  for (const [name, size] of [['first', first], ['last', last]] as const) {
    if (size === undefined || size === null) continue;
    if (size < 0) throw fieldError('INVALID_PAGINATION', `\`${name}\` on the \`${field}\` connection cannot be less than zero.`);
    if (size > PAGE_LIMIT) throw fieldError('EXCESSIVE_PAGINATION', `Requesting ${size} records on the \`${field}\` connection exceeds the \`${name}\` limit of ${PAGE_LIMIT} records.`);
  }
  if ((first === undefined || first === null) && (last === undefined || last === null) && selectsItems(info)) {
    throw fieldError('MISSING_PAGINATION_BOUNDARIES', `You must provide a \`first\` or \`last\` value to properly paginate the \`${field}\` connection.`);
  }
  const cursor = (item: T) => Buffer.from(`cursor:v2:${key(item)}`).toString('base64');
  const indexOf = (value: string) => {
    const index = items.findIndex((item) => cursor(item) === value);
    if (index < 0) throw fieldError('INVALID_CURSOR_ARGUMENTS', `\`${value}\` does not appear to be a valid cursor.`);
    return index;
  };
  let start = after ? indexOf(after) + 1 : 0;
  let end = before ? indexOf(before) : items.length;
  start = Math.min(end, start + (skip ?? 0));
  if (first !== undefined && first !== null) end = Math.min(end, start + first);
  if (last !== undefined && last !== null) start = Math.max(start, end - last);
  const page = items.slice(start, end);
  return new Emulated(`${typeName}Connection`, {
    totalCount: items.length,
    nodes: () => page.map(node),
    edges: () => page.map((item) => new Emulated(`${typeName}Edge`, { cursor: cursor(item), node: () => node(item) })),
    pageInfo: new Emulated('PageInfo', {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? cursor(page[0]!) : null,
      endCursor: page.length > 0 ? cursor(page.at(-1)!) : null,
    }),
  });
}

/** Whether the connection's selection (through fragments) asks for its items. */
function selectsItems(info: GraphQLResolveInfo): boolean {
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === 'nodes' || selection.name.value === 'edges';
      if (selection.kind === Kind.INLINE_FRAGMENT) return walk(selection.selectionSet);
      if (seen.has(selection.name.value)) return false;
      seen.add(selection.name.value);
      return walk(info.fragments[selection.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((f) => walk(f.selectionSet));
}
