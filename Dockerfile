# The switchyard gateway in a container: Debian slim, Deno from the npm
# registry (pinned), a non-root user, a HEALTHCHECK on /healthz.
#
#   docker build -t switchyard .
#   docker run --rm -p 8000:8000 -e SWITCHYARD_CLIENT_KEY=sk-choose-one \
#     -e OPENAI_API_KEY -e OPENAI_BASE_URL -e OPENAI_MODEL switchyard
#
# Or with Redis beside it: docker compose up (compose.yaml).
# docs/gateway/deploy.md says what was and was not run.
FROM debian:bookworm-slim

# npm (with Debian's Node) only to fetch the Deno binary, pinned; ca-certificates
# for the providers' TLS.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates nodejs npm \
  && npm install -g deno@2.9.6 \
  && npm cache clean --force \
  && apt-get purge -y npm && apt-get autoremove -y \
  && rm -rf /var/lib/apt/lists/*

RUN useradd --system --uid 10001 --create-home --home-dir /home/switchyard switchyard

WORKDIR /app
COPY deno.json deno.lock mod.ts ./
COPY src ./src
COPY docker/gateway.json /config/gateway.json

# Everything the command loads, Redis client included, fetched at build time
# into a cache the user can read: the container needs no registry at run time.
ENV DENO_DIR=/app/.deno
RUN deno cache --lock=deno.lock --frozen-lockfile src/cli/mod.ts npm:redis@6.3.1 \
  && chown -R switchyard:switchyard /app/.deno

USER switchyard

# 0.0.0.0 inside the container: the config must then hold client keys
# (docker/gateway.json reads one from SWITCHYARD_CLIENT_KEY).
ENV HOST=0.0.0.0 \
    PORT=8000 \
    SWITCHYARD_CONFIG=/config/gateway.json \
    SWITCHYARD_DRAIN_MS=25000
EXPOSE 8000

# The gateway is PID 1 (exec form, no shell, no npx in between): SIGTERM from
# `docker stop` reaches it and it drains within SWITCHYARD_DRAIN_MS, inside
# Docker's default 30 s before SIGKILL (compose.yaml's stop_grace_period).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["deno", "run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", "--unstable-no-legacy-abort", "src/cli/mod.ts"]
CMD ["gateway"]
