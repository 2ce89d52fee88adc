import { API_KEY_PREFIX } from '@shared/api-keys';

/** How to use a key: a call to the API, and the MCP server in an MCP client's configuration. */
export function UsageExamples({ origin }: { origin: string }) {
  const key = `${API_KEY_PREFIX}your-key`;
  const curl = `curl -H "Authorization: Bearer ${key}" ${origin}/api/user/prompts`;
  const mcp = JSON.stringify(
    {
      mcpServers: {
        promptforge: { type: 'http', url: `${origin}/mcp`, headers: { Authorization: `Bearer ${key}` } },
      },
    },
    null,
    2,
  );
  return (
    <div className="grid gap-4 text-sm">
      <p className="text-muted-foreground">
        Send the key as a bearer token. The endpoints each scope opens are listed in the{' '}
        <a href="/api/docs" className="text-primary underline underline-offset-4">
          API documentation
        </a>
        .
      </p>
      <pre className="overflow-x-auto rounded-md border bg-muted p-3 font-mono text-xs">{curl}</pre>
      <p className="text-muted-foreground">
        Or add Promptforge to an MCP client (Claude Desktop, Cursor, VS Code) to search the marketplace and
        use your prompts from there:
      </p>
      <pre className="overflow-x-auto rounded-md border bg-muted p-3 font-mono text-xs">{mcp}</pre>
    </div>
  );
}
