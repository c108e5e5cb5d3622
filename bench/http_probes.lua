-- The 7 standard probes of hono's benchmarks/routers (six GETs and one
-- POST), one request each in turn, formatted once per wrk thread. Shared by
-- bench/http_load.sh and bench/http_instructions.sh.
local probes = {
  { "GET", "/user" },
  { "GET", "/user/comments" },
  { "GET", "/user/lookup/username/hey" },
  { "GET", "/event/abcd1234/comments" },
  { "POST", "/event/abcd1234/comment", "{\"text\":\"hi\"}" },
  { "GET", "/very/deeply/nested/route/hello/there" },
  { "GET", "/static/index.html" },
}
local requests = {}
local next_probe = 0
init = function(args)
  for i, probe in ipairs(probes) do
    local headers = probe[3] and { ["Content-Type"] = "application/json" } or nil
    requests[i] = wrk.format(probe[1], probe[2], headers, probe[3])
  end
end
request = function()
  next_probe = next_probe % #requests + 1
  return requests[next_probe]
end
