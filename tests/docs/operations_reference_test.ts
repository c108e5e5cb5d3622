// docs/gateway/operations.md against the gateway: the metrics table names
// every metric GET /metrics emits, with its type and labels, and nothing
// else; every endpoint of the endpoints table is served with its method.
import { createGateway } from "../../src/gateway/mod.ts";
import { Metrics } from "../../src/gateway/metrics.ts";
import { createEchoAdapter } from "../../src/models/testing.ts";
import { firstCode, readDoc, tableUnder } from "./_markdown.ts";

const DOC = "docs/gateway/operations.md";

interface MetricShape {
  type: string;
  labels: string[];
}

/**
 * What the registry emits once every kind of record has been made (a
 * stream with a first token, an error, tokens both ways, a fallback) and a
 * backend is known: each metric's type and label names.
 */
function emitted(): Map<string, MetricShape> {
  const metrics = new Metrics();
  metrics.record({
    api: "openai",
    model: "m",
    backend: "b",
    status: 502,
    keyId: "k",
    latencyMs: 5,
    timeToFirstTokenMs: 1,
    tokensIn: 3,
    tokensOut: 4,
    errorCode: "PROVIDER_ERROR",
    fallbacks: 1,
    costUsd: 0.001,
  });
  metrics.streamOpened();
  metrics.cacheRequest("hit", "m", "k");
  const text = metrics.render([
    {
      name: "b",
      isHealthy: true,
      circuitBreakerState: "closed",
      stats: { retries: 1 },
    },
  ]);
  const shapes = new Map<string, MetricShape>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      shapes.set(type[1], { type: type[2], labels: [] });
      continue;
    }
    const sample = /^([a-z_]+?)(?:_bucket|_sum|_count)?(?:\{([^}]*)\})? /.exec(
      line,
    );
    if (!sample || line.startsWith("#")) continue;
    const shape = shapes.get(sample[1]) ??
      shapes.get(sample[1].replace(/_(bucket|sum|count)$/, ""));
    if (!shape) continue;
    const labels = [...(sample[2] ?? "").matchAll(/([a-z_]+)="/g)]
      .map((m) => m[1])
      .filter((name) => name !== "le");
    for (const label of labels) {
      if (!shape.labels.includes(label)) shape.labels.push(label);
    }
  }
  return shapes;
}

/** The metrics table: name, type (first word) and label names. */
function documented(): Map<string, MetricShape> {
  const shapes = new Map<string, MetricShape>();
  for (const row of tableUnder(readDoc(DOC), "Metrics")) {
    const name = firstCode(row[0]);
    if (name === undefined) throw new Error(`row without a metric: ${row[0]}`);
    // Values in parentheses (`api` (`openai`/`anthropic`)) are not labels.
    const labels = [...row[2].replace(/\([^)]*\)/g, "").matchAll(/`([^`]+)`/g)]
      .map((m) => m[1]);
    shapes.set(name, { type: row[1].split(/\s/)[0], labels });
  }
  return shapes;
}

Deno.test("the metrics table lists what GET /metrics emits", () => {
  const actual = emitted();
  const doc = documented();
  const problems: string[] = [];
  for (const [name, shape] of actual) {
    const row = doc.get(name);
    if (row === undefined) {
      problems.push(`${name} is emitted but not documented`);
      continue;
    }
    if (row.type !== shape.type) {
      problems.push(`${name} is a ${shape.type}, documented as ${row.type}`);
    }
    const have = [...shape.labels].sort().join(", ");
    const said = [...row.labels].sort().join(", ");
    if (have !== said) {
      problems.push(`${name} has labels [${have}], documented [${said}]`);
    }
  }
  for (const name of doc.keys()) {
    if (!actual.has(name)) problems.push(`${name} is documented, not emitted`);
  }
  if (actual.size < 10) problems.push(`only ${actual.size} metrics read`);
  if (problems.length > 0) throw new Error(problems.join("\n"));
});

Deno.test("every documented endpoint is served with its method", async () => {
  const gateway = createGateway({ backends: [["echo", createEchoAdapter()]] });
  try {
    const problems: string[] = [];
    const rows = tableUnder(readDoc(DOC), "Endpoints");
    for (const row of rows) {
      const route = firstCode(row[0]);
      const match = route && /^(GET|POST) (\/\S*)$/.exec(route);
      if (!match) {
        problems.push(`not a METHOD /path: ${row[0]}`);
        continue;
      }
      const [, method, template] = match;
      const path = template.replace("{id}", "echo");
      const url = `http://localhost${path}`;
      const answer = await gateway(
        new Request(url, {
          method,
          body: method === "POST" ? "{}" : undefined,
        }),
      );
      await answer.body?.cancel();
      if (answer.status === 404 || answer.status === 405) {
        problems.push(`${method} ${path}: ${answer.status}`);
      }
      // The other method must be refused: the table names the right one.
      const other = method === "GET" ? "POST" : "GET";
      const wrong = await gateway(new Request(url, { method: other }));
      await wrong.body?.cancel();
      if (wrong.status !== 405) {
        problems.push(`${other} ${path}: ${wrong.status}, expected 405`);
      }
    }
    if (rows.length < 12) problems.push(`only ${rows.length} endpoints read`);
    if (problems.length > 0) throw new Error(problems.join("\n"));
  } finally {
    gateway.dispose();
  }
});

/** The fields of `RequestLogEntry`, read from its declaration. */
function logFields(): string[] {
  const source = readDoc("src/gateway/gateway_types.ts");
  const start = source.indexOf("export interface RequestLogEntry {");
  const end = source.indexOf("\n}", start);
  if (start < 0 || end < 0) throw new Error("RequestLogEntry not found");
  return [...source.slice(start, end).matchAll(/^ {2}([a-z_]+)\??:/gm)]
    .map((m) => m[1]);
}

Deno.test("the Logs section names every field of the log line", () => {
  const text = readDoc(DOC);
  const start = text.indexOf("\n## Logs\n");
  const end = text.indexOf("\n## ", start + 1);
  const section = text.slice(start, end);
  const fields = logFields();
  const missing = fields.filter((field) => !section.includes(`\`${field}\``));
  if (fields.length < 15) missing.push(`(only ${fields.length} fields read)`);
  if (missing.length > 0) {
    throw new Error(`not in operations.md's Logs: ${missing.join(", ")}`);
  }
});
