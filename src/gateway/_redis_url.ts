// What a Redis URL may be, for the config's `redis.url` and for
// `REDIS_URL` alike: the scheme the client speaks, and a path that is a
// database number or nothing. The client reads any other path as a
// number, fails at connect time with a message that names neither the
// setting nor the path, and takes a hex or exponent path (`/0x1`, `/1e1`)
// for a database nobody meant: refused here instead, naming both.
import { quote } from "./_config_fields.ts";

/** What is wrong with `url` as a Redis URL, or undefined when nothing is. */
export function redisUrlProblem(url: string): string | undefined {
  if (!URL.canParse(url)) return "must be a redis:// or rediss:// URL";
  const { protocol, pathname } = new URL(url);
  if (!/^rediss?:$/.test(protocol)) {
    return "must be a redis:// or rediss:// URL";
  }
  // The path alone: the password sits before the host, never in it.
  if (pathname !== "" && pathname !== "/" && !/^\/\d+$/.test(pathname)) {
    return `has the path ${
      quote(pathname)
    }, which is not a database number: end it with /N for database N, or with no path for database 0`;
  }
  return undefined;
}
