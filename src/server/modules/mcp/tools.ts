import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { API_KEY_MESSAGES, type ApiKeyScope } from '../../../shared/api-keys';
import { CATEGORIES, PROMPT_TYPES, SORTS } from '../../../shared/constants';
import { MarketplaceQuerySchema } from '../../../shared/marketplace';
import { fillPromptVariables } from '../../../shared/prompt-variables';
import type { Engine } from '../../db/database';
import type { DB } from '../../db/types';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../../plugins/app/auth';
import type { BillingService } from '../billing/service';
import { listCreatorPrompts } from '../creator/service';
import { getLibrary } from '../library/service';
import { listMarketplacePrompts } from '../marketplace/list';
import { readPromptDetail } from '../marketplace/prompt-page';
import type { PlaygroundService } from '../playground/service';

/*
 * The MCP server's tools (issue 59, decision 052), one server per request for the API key's owner.
 * Each tool asks the module that owns its rule: the marketplace lists and reads prompts (its page's
 * text comes only to those prompt-access lets read it), the playground runs them (within the plan's
 * models and allowance, a premium prompt the owner has not bought as one of its tries, its text kept
 * on the server). A tool is offered only to a key with its scope.
 */

export interface McpDeps {
  db: Kysely<DB>;
  engine: Engine;
  playground: PlaygroundService;
  billing: BillingService;
}

const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/** A refusal the model can read, instead of a protocol error: the spec's message, with its code. */
async function answer(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { isError: true, content: [{ type: 'text', text: `${err.code}: ${err.userMessage}` }] };
  }
}

const PromptRef = z.string().min(1).max(200).describe('The prompt id (or its slug)');
const Variables = z
  .record(z.string().max(100), z.string().max(2000))
  .optional()
  .describe('Values for the prompt’s variables ({{name}} or [name]), by name');

/** Whether the readable text of a prompt can be had, via the playground's own answer for the owner. */
async function readable(deps: McpDeps, auth: AuthContext, id: string) {
  return deps.playground.promptTry(auth, id);
}

const marketOf = (deps: McpDeps) => ({ db: deps.db, engine: deps.engine });

function searchTool(server: McpServer, deps: McpDeps) {
  const market = marketOf(deps);
  server.registerTool(
    'search_marketplace',
    {
      title: 'Search the marketplace',
      description:
        'Search the published prompts of the Promptforge marketplace, by words, category, type and sort.',
      inputSchema: {
        search: z.string().max(200).optional(),
        category: z.enum(CATEGORIES).optional(),
        type: z.enum(PROMPT_TYPES).optional(),
        sort: z.enum(SORTS).optional(),
        page: z.number().int().min(1).max(1000).optional(),
        limit: z.number().int().min(1).max(50).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      answer(async () => {
        const list = await listMarketplacePrompts(
          market,
          MarketplaceQuerySchema.parse({ ...args, limit: args.limit ?? 10 }),
        );
        return json({
          prompts: list.prompts.map((p) => ({
            id: p.id,
            title: p.title,
            description: p.description,
            category: p.category,
            type: p.type,
            price: p.price,
            currency: p.currency,
            author: p.author.name,
            rating: p.analytics.rating.average,
          })),
          pagination: list.pagination,
        });
      }),
  );
}

function listTool(server: McpServer, deps: McpDeps, auth: AuthContext) {
  server.registerTool(
    'list_prompts',
    {
      title: 'List my prompts',
      description:
        'The prompts in your library: the ones you wrote (any status) and the premium ones you bought.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(async () => {
        if (auth.apiKey?.teamId) {
          // A team's key lists the team's library: its prompts and its purchases (decision 071).
          const { items } = await getLibrary(deps.db, auth);
          const pick = (relation: 'team' | 'bought') =>
            items
              .filter((i) => i.relations.includes(relation))
              .map((i) => ({ id: i.id, title: i.title, category: i.category }));
          return json({ team: pick('team'), bought: pick('bought') });
        }
        const [own, bought] = await Promise.all([
          listCreatorPrompts({ db: deps.db }, auth, { page: 1, limit: 50 }),
          deps.billing.purchases(auth),
        ]);
        return json({
          own: own.prompts.map((p) => ({ id: p.id, title: p.title, status: p.status, category: p.category })),
          bought: bought.prompts.map((p) => ({ id: p.promptId, title: p.title, category: p.category })),
        });
      }),
  );
}

function getTool(server: McpServer, deps: McpDeps, auth: AuthContext) {
  const market = marketOf(deps);
  server.registerTool(
    'get_prompt',
    {
      title: 'Get a prompt',
      description:
        'A prompt with its variables. Its full text comes only when you may read it (free, yours or bought); ' +
        'a premium prompt you have not bought shows a preview and can still be run a few times.',
      inputSchema: { id: PromptRef },
      annotations: { readOnlyHint: true },
    },
    ({ id }) =>
      answer(async () => {
        const [{ detail }, access] = await Promise.all([
          readPromptDetail(market, id, auth),
          readable(deps, auth, id),
        ]);
        return json({
          id: detail.id,
          title: detail.title,
          description: detail.description,
          category: detail.category,
          type: detail.type,
          price: detail.price,
          author: detail.author.name,
          variables: access.variables,
          content: detail.content,
          preview: detail.preview,
          access: detail.access.reason,
          triesLeft: access.triesLeft,
        });
      }),
  );
}

function fillTool(server: McpServer, deps: McpDeps, auth: AuthContext) {
  server.registerTool(
    'fill_prompt',
    {
      title: 'Fill a prompt’s variables',
      description: 'The prompt’s text with your values put in; only for a prompt you may read.',
      inputSchema: { id: PromptRef, variables: Variables },
      annotations: { readOnlyHint: true },
    },
    ({ id, variables }) =>
      answer(async () => {
        const access = await readable(deps, auth, id);
        if (access.content === null) {
          throw new AppError(
            'AUTHORIZATION_ERROR',
            `This is a premium prompt. Buy it to see its text; run_prompt can still try it${
              access.triesLeft === null ? '' : ` (${access.triesLeft} tries left)`
            }.`,
          );
        }
        const filled = fillPromptVariables(access.content, variables ?? {});
        return json({ id: access.promptId, text: filled });
      }),
  );
}

function modelsTool(server: McpServer, deps: McpDeps, auth: AuthContext) {
  server.registerTool(
    'list_models',
    {
      title: 'List models',
      description: 'The models your plan lets you run prompts on.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () => answer(async () => json({ models: await deps.playground.listModels(auth) })),
  );
}

function runTool(server: McpServer, deps: McpDeps, auth: AuthContext) {
  server.registerTool(
    'run_prompt',
    {
      title: 'Run a prompt',
      description:
        'Runs a prompt on a model within your plan’s allowance (a session of the month) and returns the reply. ' +
        'A premium prompt you have not bought runs as one of its tries; its text stays on the server.',
      inputSchema: {
        id: PromptRef,
        variables: Variables,
        input: z
          .string()
          .max(8000)
          .optional()
          .describe('What to add after the prompt (your question or text)'),
        model: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe('A model id from list_models; your default if left out'),
      },
    },
    ({ id, variables, input, model }) =>
      answer(async () => {
        const access = await readable(deps, auth, id);
        const models = model ? null : await deps.playground.listModels(auth);
        const chosen = model ?? models?.find((m) => m.default)?.id ?? models?.[0]?.id ?? 'claude';
        // As the web app does it: a prompt one may read is sent filled in; a premium try sends only
        // the values, and the server adds the text the caller never sees.
        const message =
          access.content !== null
            ? [fillPromptVariables(access.content, variables ?? {}), input].filter(Boolean).join('\n\n')
            : input?.trim() || 'Run the prompt.';
        const turn = await deps.playground.startTurn(auth, {
          message,
          model: chosen,
          promptId: access.promptId,
          ...(access.content === null ? { variables: variables ?? {} } : {}),
        });
        const reply = await turn.run(() => {}, new AbortController().signal);
        return json({
          reply: reply.response,
          model: reply.model,
          sessionId: reply.sessionId,
          live: reply.live,
        });
      }),
  );
}

/** An MCP server for one request of the key's owner, with the tools the key's scopes allow. */
export function mcpServerFor(deps: McpDeps, auth: AuthContext, scopes: readonly ApiKeyScope[]): McpServer {
  const server = new McpServer(
    { name: 'promptforge', version: '1.0.0' },
    {
      instructions:
        'Promptforge: search the prompt marketplace, read the prompts in your library, fill their variables ' +
        'and run them on your plan’s models.',
    },
  );
  if (scopes.includes('library:read')) {
    searchTool(server, deps);
    listTool(server, deps, auth);
    getTool(server, deps, auth);
    fillTool(server, deps, auth);
  }
  if (scopes.includes('playground:use')) {
    modelsTool(server, deps, auth);
    runTool(server, deps, auth);
  }
  if (!scopes.includes('library:read') && !scopes.includes('playground:use')) {
    // A key with neither scope still gets an answer that says why it has no tools.
    server.registerTool(
      'about',
      { title: 'About this key', description: 'Why this key has no tools', inputSchema: {} },
      () =>
        Promise.resolve({
          isError: true,
          content: [{ type: 'text', text: API_KEY_MESSAGES.missingScope('library:read') }],
        }),
    );
  }
  return server;
}
