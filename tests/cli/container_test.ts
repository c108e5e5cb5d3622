// The container recipe, checked without Docker (Deno only): the Dockerfile
// and compose.yaml read by the small readers of _container_files.ts, their
// facts checked against the repository (the pinned Deno of .ci/run, the
// files they copy, the command's drain bound), and the config they ship
// parsed by the gateway itself. docs/gateway/deploy.md says what was run.
import assert from "node:assert/strict";
import { checkListenHost, parseGatewayConfig } from "../../src/gateway/mod.ts";
import {
  type Instruction,
  readDockerfile,
  readYaml,
  type Yaml,
} from "./_container_files.ts";

const root = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, root));

function only(instructions: Instruction[], keyword: string): Instruction[] {
  return instructions.filter((i) => i.keyword === keyword);
}

/** The exec-form (JSON array) arguments of an instruction. */
function execForm(instruction: Instruction): string[] {
  const parsed = JSON.parse(instruction.args.replace(/^CMD\s+/, ""));
  assert.ok(Array.isArray(parsed), `${instruction.keyword} uses the exec form`);
  return parsed;
}

function env(instructions: Instruction[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const { args } of only(instructions, "ENV")) {
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) {
      vars[name] = value;
    }
  }
  return vars;
}

Deno.test("Dockerfile: Debian slim, Deno pinned from npm, a non-root user, a HEALTHCHECK on /healthz, the command as PID 1", () => {
  const steps = readDockerfile(read("Dockerfile"));
  const from = only(steps, "FROM");
  assert.equal(from.length, 1);
  assert.match(from[0].args, /^debian:[a-z]+-slim$/);

  const pinned = /DENO_VERSION=(\S+)/.exec(read(".ci/run"))![1];
  const installs = only(steps, "RUN").map((s) => s.args).join("\n");
  assert.match(
    installs,
    new RegExp(
      `npm install -g deno@${pinned.replaceAll(".", "\\.")}( |$)`,
      "m",
    ),
  );

  const users = only(steps, "USER");
  assert.equal(users.length, 1);
  assert.ok(!/^(root|0)(:|$)/.test(users[0].args), users[0].args);
  const entry = only(steps, "ENTRYPOINT")[0];
  assert.ok(users[0].line < entry.line, "USER comes before the entry point");

  const health = only(steps, "HEALTHCHECK");
  assert.equal(health.length, 1);
  assert.match(health[0].args, /\/healthz/);
  assert.match(health[0].args, /--timeout=\d+s/);

  // Exec form: SIGTERM reaches the gateway itself, not a shell or npx.
  const command = [...execForm(entry), ...execForm(only(steps, "CMD")[0])];
  assert.equal(command[0], "deno");
  assert.ok(command.includes("src/cli/mod.ts"), command.join(" "));
  assert.equal(command.at(-1), "gateway");
  assert.equal(only(steps, "STOPSIGNAL")[0]?.args ?? "SIGTERM", "SIGTERM");

  const vars = env(steps);
  assert.deepEqual(only(steps, "EXPOSE").map((s) => s.args), [vars.PORT]);
  assert.equal(vars.HOST, "0.0.0.0");

  for (const copy of only(steps, "COPY")) {
    const sources = copy.args.split(" ").filter((w) => !w.startsWith("--"))
      .slice(0, -1);
    for (const source of sources) {
      assert.ok(
        Deno.statSync(new URL(source, root)),
        `COPY source ${source} exists`,
      );
    }
  }
});

Deno.test("Dockerfile: the shipped config parses, and holds the keys 0.0.0.0 requires", async () => {
  const vars = env(readDockerfile(read("Dockerfile")));
  const config = await parseGatewayConfig(
    read("docker/gateway.json"),
    (name) => name === "SWITCHYARD_CLIENT_KEY" ? "sk-client" : undefined,
  );
  assert.doesNotThrow(() => checkListenHost(vars.HOST, config.keys.length));
  // Docker's 30 s before SIGKILL leaves room for the drain.
  assert.ok(Number(vars.SWITCHYARD_DRAIN_MS) < 30_000);
});

Deno.test("compose.yaml: the gateway built here, with Redis, REDIS_URL naming that service, the port and a grace period past the drain", () => {
  const compose = readYaml(read("compose.yaml")) as Record<string, Yaml>;
  const services = compose.services as Record<string, Record<string, Yaml>>;
  assert.match(services.redis.image as string, /^redis:/);
  const gateway = services.gateway;
  assert.equal(gateway.build, ".");
  const envs = gateway.environment as Record<string, string>;
  const redisUrl = new URL(envs.REDIS_URL);
  assert.equal(redisUrl.protocol, "redis:");
  assert.ok(
    Object.hasOwn(services, redisUrl.hostname),
    "REDIS_URL names a service",
  );
  const depends = gateway.depends_on as Record<string, Record<string, string>>;
  assert.equal(depends.redis.condition, "service_healthy");
  assert.ok((services.redis.healthcheck as Record<string, Yaml>).test);
  const vars = env(readDockerfile(read("Dockerfile")));
  assert.ok(
    (gateway.ports as string[]).some((p) => p.endsWith(`:${vars.PORT}`)),
    "the container port is published",
  );
  const grace = /^(\d+)s$/.exec(gateway.stop_grace_period as string);
  assert.ok(
    grace && Number(grace[1]) * 1000 > Number(vars.SWITCHYARD_DRAIN_MS),
  );
  for (const volume of gateway.volumes as string[]) {
    const source = volume.split(":")[0];
    assert.ok(Deno.statSync(new URL(source, root)), `${source} exists`);
  }
  assert.ok(
    (gateway.volumes as string[]).some((v) =>
      v.split(":")[1] === vars.SWITCHYARD_CONFIG
    ),
    "the config is mounted where SWITCHYARD_CONFIG points",
  );
});

Deno.test("the container files' readers: continuations, comments, nesting", () => {
  assert.deepEqual(
    readDockerfile("# c\nRUN a \\\n  # inner\n  b\nUSER x\n").map((
      i,
    ) => [i.keyword, i.args, i.line]),
    [["RUN", "a b", 2], ["USER", "x", 5]],
  );
  assert.deepEqual(
    readYaml('a:\n  b: "1" # c\n  l:\n    - x\n    - "y:z"\nd: e\n'),
    { a: { b: "1", l: ["x", "y:z"] }, d: "e" },
  );
  assert.throws(() => readYaml("a:\n\tb: 1\n"), /tabs/);
});
